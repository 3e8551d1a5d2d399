package gaterun

import (
	"context"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/engineo/autoverify/bot/verify"
)

// warmRunner stands for a runner with warm instances (Docker's warm
// container, which takes its directory's files once): it counts the
// commands run warm and those run through Fresh.
type warmRunner struct {
	verify.Runner
	warm, fresh *atomic.Int64
}

func (w warmRunner) Run(ctx context.Context, cmd verify.Command) (verify.Result, error) {
	w.warm.Add(1)
	return w.Runner.Run(ctx, cmd)
}

func (w warmRunner) Fresh() verify.Runner { return freshRunner(w) }

type freshRunner warmRunner

func (f freshRunner) Run(ctx context.Context, cmd verify.Command) (verify.Result, error) {
	f.fresh.Add(1)
	return f.Runner.Run(ctx, cmd)
}

// TestGatesNeverRunWarm: every command of the gates starts fresh on a
// runner that keeps warm instances: a warm container would still hold the
// files of the tree's first run after RED or REFACTOR changed them.
func TestGatesNeverRunWarm(t *testing.T) {
	var warm, fresh atomic.Int64
	r := warmRunner{Runner: treeCmdRunner{}, warm: &warm, fresh: &fresh}
	s := &Spec{Runner: r}
	run := &run{argv: []string{"true"}}
	require.NoError(t, s.runCmd(context.Background(), run, t.TempDir()))
	assert.Zero(t, warm.Load(), "no command runs in a warm instance")
	assert.EqualValues(t, 1, fresh.Load())
}

// treeCmdRunner answers every command with a pass.
type treeCmdRunner struct{}

func (treeCmdRunner) Run(context.Context, verify.Command) (verify.Result, error) {
	return verify.Result{}, nil
}
