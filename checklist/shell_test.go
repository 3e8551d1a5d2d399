package checklist

import (
	"bytes"
	"os/exec"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A command is run without a shell, so one the policy accepts must mean
// the same words to a real shell, which is what its author had in mind:
// bash prints the words it would pass, and they must be the argv the
// policy returns. Dollar signs are where the two could part.
func TestAcceptedCommandsMeanTheSameInAShell(t *testing.T) {
	t.Parallel()
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("SKIPPED: no bash on PATH to compare with")
	}
	p := defaultPolicy(t)
	commands := []string{
		"go test -run ^$ -bench BenchmarkX .",
		`go test -run "^$" -bench .`,
		"go test -run '^$' -bench .",
		"go test -run=^$",
		"go test -run a$ .",
		`go test -run "a$"b .`,
		`go test -run "$" .`,
		"go test -run $ .",
		"go test -run $x .",
		"go test -run ${x} .",
		"go test -run $1 .",
		"go test -run $? .",
		"go test -run $$ .",
		"go test -run $'a' .",
		`go test -run $"a" .`,
		`go test -run "$x" .`,
		`go test -run "a$(id)" .`,
		"go test x=~ .",
		"go test y=a:~/b .",
		"go test --opt=~/x .",
		"go test x='~' .",
		"go test -run 'a b' .",
		`go test -run "a b" .`,
	}
	accepted := 0
	for _, cmd := range commands {
		argv, err := p.Check(cmd)
		if err != nil {
			continue
		}
		accepted++
		out, err := exec.Command(bash, "--norc", "-c", `printf '%s\0' `+cmd).Output()
		require.NoError(t, err, cmd)
		words := strings.Split(strings.TrimSuffix(string(out), "\x00"), "\x00")
		assert.Equal(t, words, argv, "%s: the policy's words differ from the shell's", cmd)
		assert.False(t, bytes.ContainsAny(out, "\n"), cmd)
	}
	assert.GreaterOrEqual(t, accepted, 10, "the dollar forms a shell leaves alone are accepted")
}
