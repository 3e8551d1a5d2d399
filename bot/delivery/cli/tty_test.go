package cli

import (
	"bytes"
	"context"
	"log/slog"
	"testing"

	"github.com/stretchr/testify/assert"
)

func env(vars map[string]string) func(string) string {
	return func(k string) string { return vars[k] }
}

func TestColorNeedsATerminal(t *testing.T) {
	t.Parallel()
	// A buffer is no terminal, whatever the environment says.
	assert.False(t, Color(&bytes.Buffer{}, env(nil)))
	assert.False(t, Color(&bytes.Buffer{}, env(map[string]string{"TERM": "xterm-256color"})))
}

func TestLoggerIsJSONOffATerminalAtTheLevel(t *testing.T) {
	t.Parallel()
	for name, tc := range map[string]struct {
		level     string
		debugOn   bool
		infoShown bool
	}{
		"default info": {"", false, true},
		"debug":        {"debug", true, true},
		"warn":         {"warn", false, false},
		"nonsense":     {"loud", false, true},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			var buf bytes.Buffer
			log := Logger(&buf, env(map[string]string{"ENGINEO_LOG_LEVEL": tc.level}))
			assert.Equal(t, tc.debugOn, log.Enabled(context.Background(), slog.LevelDebug))
			log.Info("hello", "n", 1)
			if !tc.infoShown {
				assert.Empty(t, buf.String())
				return
			}
			assert.Contains(t, buf.String(), `"msg":"hello","n":1`)
		})
	}
}
