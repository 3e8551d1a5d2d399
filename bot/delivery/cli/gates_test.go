package cli_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/engineo/autoverify/bot/delivery/cli"
	"github.com/engineo/autoverify/bot/gates"
)

// TestGateCommands: the test command given, or the detected ecosystem's
// default, and Go's static check; each refusal is bad input naming the
// flag or the gate to change.
func TestGateCommands(t *testing.T) {
	t.Parallel()
	allowAll := func(cmd string) ([]string, error) { return strings.Fields(cmd), nil }
	noVet := func(cmd string) ([]string, error) {
		if strings.HasPrefix(cmd, "go vet") {
			return nil, errors.New("command `go vet ./...` is not in the allowlist")
		}
		return strings.Fields(cmd), nil
	}
	allowNone := func(string) ([]string, error) { return nil, errors.New("not allowlisted") }
	goTree := func(string) (gates.Ecosystem, bool) { return gates.Go, true }
	noTree := func(string) (gates.Ecosystem, bool) { return "", false }
	pyTree := func(string) (gates.Ecosystem, bool) { return gates.Python, true }
	for name, tc := range map[string]struct {
		testCmd      string
		allowed      gates.Allowlist
		detect       func(string) (gates.Ecosystem, bool)
		test, static []string
		err          string
	}{
		"go default": {"", allowAll, goTree, []string{"go", "test", "./..."}, []string{"go", "vet", "./..."}, ""},
		"given":      {"go test -run X ./...", allowAll, noTree, []string{"go", "test", "-run", "X", "./..."}, []string{"go", "vet", "./..."}, ""},
		// Python's check is picked where the commands run (gaterun).
		"python default": {"", noVet, pyTree, []string{"python3", "-m", "pytest"}, nil, ""},
		"no ecosystem":   {"", allowAll, noTree, nil, nil, "--workdir /w: neither Go (go.mod) nor Python (*.py, pyproject.toml); give the test command with --test-cmd"},
		"no results":     {"make test", allowAll, noTree, nil, nil, `--test-cmd "make test": ` + gates.ErrNoResults.Error()},
		"test refused":   {"go test ./...", allowNone, noTree, nil, nil, "--test-cmd: not allowlisted"},
		"static refused": {"", noVet, goTree, nil, nil, "VERIFY_IMPLEMENT: command `go vet ./...` is not in the allowlist"},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			test, static, err := cli.GateCommands("/w", tc.testCmd, tc.allowed, tc.detect)
			if tc.err != "" {
				var bad *cli.InputError
				require.ErrorAs(t, err, &bad)
				assert.Equal(t, tc.err, err.Error())
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tc.test, test)
			assert.Equal(t, tc.static, static)
		})
	}
}
