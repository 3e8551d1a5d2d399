package gaterun

import (
	"context"

	"github.com/engineo/autoverify/bot/verify"
)

// Probe is the static check probe of a spec running its commands with
// runner under tmp: argv as the check would run, or why it cannot.
func Probe(ctx context.Context, runner verify.Runner, tmp string, argv []string) (resolved []string, why string) {
	s := &Spec{Runner: runner, TempDir: tmp}
	return s.probe(ctx, argv)
}

// SetCPUs makes s's mutant workers count n CPUs, so that tests run as
// many workers as they ask for on any machine.
func SetCPUs(s *Spec, n int) { s.cpus = n }
