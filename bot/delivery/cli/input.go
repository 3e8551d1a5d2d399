package cli

import "fmt"

// InputError is bad input from the user (the command line, the files and
// settings it names): the CLI prints it and exits 2.
type InputError struct{ Msg string }

func (e *InputError) Error() string { return e.Msg }

// InputErrorf is an InputError saying what was wrong and what to give.
func InputErrorf(format string, args ...any) error {
	return &InputError{Msg: fmt.Sprintf(format, args...)}
}
