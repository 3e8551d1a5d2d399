package docker

import (
	"testing"

	"github.com/engineo/autoverify/integrations/runnertest"
)

// TestEscape runs the escape suite (issue 13) against both shapes on the
// real engine with the default runtime.
func TestEscape(t *testing.T) {
	for _, shape := range shapes {
		t.Run(string(shape), func(t *testing.T) {
			r := newRunner(t, Config{Shape: shape})
			runnertest.Escape(t, runnertest.Target{Runner: r, Workdir: t.TempDir()})
		})
	}
}
