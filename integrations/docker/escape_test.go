package docker

import (
	"testing"

	"github.com/engineo/autoverify/integrations/runnertest"
)

// TestEscape runs the escape suite (issue 13) against both shapes on the
// real engine with the default runtime.
func TestEscape(t *testing.T) {
	// Under -short (CI's quick subset) this suite runs in the fresh shape
	// and gVisor's (TestEscapeGVisor) in the warm one: every attack meets
	// each runtime and each shape; scripts/test-long.sh runs all four.
	run := shapes
	if testing.Short() {
		run = []Shape{ShapeFresh}
	}
	for _, shape := range run {
		t.Run(string(shape), func(t *testing.T) {
			r := newRunner(t, attackLimits(Config{Shape: shape}))
			runnertest.Escape(t, runnertest.Target{Runner: r, Workdir: t.TempDir()})
		})
	}
}
