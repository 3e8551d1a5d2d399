package prestart

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestGuess(t *testing.T) {
	env := func(kv map[string]string) func(string) string { return func(k string) string { return kv[k] } }
	none := env(nil)
	for _, c := range []struct {
		name string
		args []string
		env  func(string) string
		want guesswork
	}{
		{"run", []string{"autoverify", "run", "S-1.md"}, none, guesswork{sandbox: true, status: "."}},
		{"plan starts nothing", []string{"autoverify", "plan", "S-1.md"}, none, guesswork{}},
		{"no command", []string{"autoverify"}, none, guesswork{}},
		{"workdir flag", []string{"autoverify", "run", "S.md", "--workdir", "examples/demo"}, none, guesswork{sandbox: true, status: "examples/demo"}},
		{"workdir=", []string{"autoverify", "run", "-workdir=x", "S.md"}, none, guesswork{sandbox: true, status: "x"}},
		{"docker runner", []string{"autoverify", "run", "S.md"}, env(map[string]string{"ENGINEO_RUNNER": "docker"}), guesswork{status: "."}},
		{"runner flag beats variable", []string{"autoverify", "run", "--runner", "local", "S.md"}, env(map[string]string{"ENGINEO_RUNNER": "docker"}),
			guesswork{sandbox: true, status: "."}},
		{"sandbox off", []string{"autoverify", "run", "--sandbox=off", "S.md"}, none, guesswork{status: "."}},
		{"sandbox network: the init serves it too", []string{"autoverify", "run", "S.md"}, env(map[string]string{"ENGINEO_SANDBOX_NETWORK": "1"}),
			guesswork{sandbox: true, status: "."}},
		{"cache off", []string{"autoverify", "run", "S.md"}, env(map[string]string{"ENGINEO_CACHE": "0"}), guesswork{sandbox: true}},
		{"story named like a flag value", []string{"autoverify", "run", "runner"}, none, guesswork{sandbox: true, status: "."}},
	} {
		assert.Equal(t, c.want, guess(c.args, c.env), c.name)
	}
}
