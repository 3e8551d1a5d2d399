package cli

import (
	"errors"

	"github.com/engineo/autoverify/bot/gates"
)

// GateCommands are the test command `autoverify gates` runs (the
// ecosystem's default unless testCmd gives one: gates.TestCommand) and,
// for Go, VERIFY_IMPLEMENT's static check (`go vet ./...`, which must be
// allowlisted), with a refusal worded for the command line before
// anything runs. detect names dir's ecosystem when no test command is
// given. Python's static check is left to the gates (nil), which pick it
// where the commands run (gaterun's AutoStatic): the host's python3 may
// not be the runner's.
func GateCommands(dir, testCmd string, allowed gates.Allowlist, detect func(dir string) (gates.Ecosystem, bool)) (test, static []string, err error) {
	var found gates.Ecosystem
	if testCmd == "" {
		found, _ = detect(dir)
	}
	eco, test, err := gates.TestCommand(testCmd, found, allowed)
	var refused *gates.TestCommandError
	switch {
	case errors.Is(err, gates.ErrNoEcosystem):
		return nil, nil, InputErrorf("--workdir %s: %v; give the test command with --test-cmd", dir, err)
	case errors.As(err, &refused):
		return nil, nil, InputErrorf("--test-cmd %q: %v", refused.Command, refused.Err)
	case err != nil:
		return nil, nil, InputErrorf("--test-cmd: %v", err)
	}
	if static, err = gates.StaticCommand(eco, allowed); err != nil {
		return nil, nil, InputErrorf("VERIFY_IMPLEMENT: %v", err)
	}
	return test, static, nil
}
