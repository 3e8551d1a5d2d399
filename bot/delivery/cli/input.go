package cli

import (
	"errors"
	"fmt"

	"github.com/engineo/autoverify/bot/settings"
)

// InputError is bad input from the user (the command line, the files and
// settings it names): the CLI prints it and exits 2.
type InputError struct{ Msg string }

func (e *InputError) Error() string { return e.Msg }

// InputErrorf is an InputError saying what was wrong and what to give.
func InputErrorf(format string, args ...any) error {
	return &InputError{Msg: fmt.Sprintf(format, args...)}
}

// IsInputError reports whether err is the user's to fix — an InputError
// or a setting that does not check out (settings.Error) — which the CLI
// answers with exit 2 rather than 1.
func IsInputError(err error) bool {
	var ie *InputError
	var se *settings.Error
	return errors.As(err, &ie) || errors.As(err, &se)
}
