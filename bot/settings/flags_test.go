package settings_test

import (
	"flag"
	"io"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/engineo/autoverify/bot/settings"
)

// TestFlags: each setting becomes a flag whose help names its variable;
// only a flag given a value is looked up, with the flag as its source.
func TestFlags(t *testing.T) {
	t.Parallel()
	fs := flag.NewFlagSet("run", flag.ContinueOnError)
	l := settings.Flags(fs, settings.Named(settings.Run, "state-dir", "redis-url"))
	require.NoError(t, fs.Parse([]string{"--state-dir", "/s", "--redis-url="}))
	assert.True(t, strings.HasSuffix(fs.Lookup("state-dir").Usage, "[ENGINEO_STATE_DIR]"), fs.Lookup("state-dir").Usage)
	for name, want := range map[string][2]string{
		"state-dir": {"/s", "--state-dir"}, "redis-url": {"", ""}, "workdir": {"", ""},
	} {
		v, src := l(name)
		assert.Equal(t, want, [2]string{v, src}, name)
	}
}

// TestGiven: only the named flags given on the command line are looked
// up, as their values print, with the flag as their source.
func TestGiven(t *testing.T) {
	t.Parallel()
	fs := flag.NewFlagSet("gates", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Bool("mutate", false, "")
	fs.Int("mutate-max", 50, "")
	fs.Float64("mutate-threshold", 0.8, "")
	fs.String("base", "", "")
	require.NoError(t, fs.Parse([]string{"--mutate", "--mutate-threshold", "0.65", "--base", "main"}))
	l := settings.Given(fs, settings.Mutation)
	for name, want := range map[string][2]string{
		"mutate": {"true", "--mutate"}, "mutate-threshold": {"0.65", "--mutate-threshold"}, "mutate-max": {"", ""}, "base": {"", ""},
	} {
		v, src := l(name)
		assert.Equal(t, want, [2]string{v, src}, name)
	}
}
