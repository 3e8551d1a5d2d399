package gaterun_test

import (
	"context"
	"os"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/engineo/autoverify/bot/gates"
	"github.com/engineo/autoverify/bot/verify"
	"github.com/engineo/autoverify/integrations/gaterun"
	"github.com/engineo/autoverify/integrations/git"
)

// runBothWays runs spec's gates with the mutants on three workers (each in
// its own copy of the head tree) and returns the report. With
// AUTOVERIFY_MUTATE_BOTH_WAYS=1 (scripts/test-mutate-both-ways.sh) it runs
// them one at a time first and checks that both give the same verdict —
// the same mutants, statuses, score, survivors and evidence; CI runs the
// workers only (a real runner's run both ways doubled the package's time),
// and checks the same invariant on every worker count with a runner that
// reads the trees it is shown (mutate_workers_internal_test.go).
func runBothWays(t *testing.T, spec gaterun.Spec) gates.Report {
	t.Helper()
	ways := []int{3}
	if os.Getenv("AUTOVERIFY_MUTATE_BOTH_WAYS") != "" {
		ways = []int{1, 3}
	}
	var reps []gates.Report
	for _, workers := range ways {
		s := spec
		s.Concurrency, s.TempDir = workers, t.TempDir()
		gaterun.SetCPUs(&s, 3)
		rep, err := gaterun.Run(context.Background(), s)
		require.NoError(t, err, "%d workers", workers)
		left, err := os.ReadDir(s.TempDir)
		require.NoError(t, err)
		assert.Empty(t, left, "%d workers: no tree or copy is left behind", workers)
		reps = append(reps, rep)
	}
	if len(reps) == 1 {
		return reps[0]
	}
	seq, par := reps[0], reps[1]
	require.Equal(t, seq.Mutation == nil, par.Mutation == nil)
	if seq.Mutation != nil {
		a, b := *seq.Mutation, *par.Mutation
		a.ElapsedMS, a.HeadSuiteMS, b.ElapsedMS, b.HeadSuiteMS = 0, 0, 0, 0
		assert.Equal(t, a, b, "one at a time and on workers: the same mutants, statuses and score")
	}
	s, p := gateOf(seq, gates.Mutate), gateOf(par, gates.Mutate)
	assert.Equal(t, s.Classification, p.Classification)
	assert.Equal(t, s.Reason, p.Reason)
	assert.Equal(t, s.Tests, p.Tests)
	assert.Equal(t, s.Command, p.Command, "the same run is shown as evidence")
	assert.Equal(t, s.ExitCode, p.ExitCode)
	return par
}

// cancellingRunner cancels the run as the second mutant's tests (commands
// with a timeout of their own) start, and records what they ran in.
type cancellingRunner struct {
	verify.Runner
	cancel      context.CancelFunc
	mu          sync.Mutex
	mutants     int
	sources     []string
	cancelledAt time.Time
}

// ShowsSourceAtDir is the real runner's (the sandbox shows copies at the
// head tree's path).
func (c *cancellingRunner) ShowsSourceAtDir() bool {
	s, ok := c.Runner.(verify.SourceShower)
	return ok && s.ShowsSourceAtDir()
}

func (c *cancellingRunner) Run(ctx context.Context, cmd verify.Command) (verify.Result, error) {
	if cmd.Timeout > 0 && cmd.Timeout < 5*time.Minute {
		c.mu.Lock()
		c.mutants++
		c.sources = append(c.sources, cmd.Source)
		if c.mutants == 2 {
			// The first is still building: it must be stopped, and the
			// third never started.
			c.cancel()
			c.cancelledAt = time.Now()
		}
		c.mu.Unlock()
	}
	return c.Runner.Run(ctx, cmd)
}

func TestMutateGateCancelled(t *testing.T) {
	long(t)
	r := newRepo(t)
	base := r.commit("base", map[string]string{"go.mod": goMod, "calc.go": mutAbsBuggy, "calc_test.go": mutBaseTest})
	head := r.commit("fix", map[string]string{"calc.go": mutAbsFixed, "abs_test.go": mutStrongTest})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	cr := &cancellingRunner{Runner: runner(t), cancel: cancel}
	tmp := t.TempDir()
	spec := gaterun.Spec{Base: base, Head: head, Trees: gaterun.GitTrees{Repo: git.Repo{Dir: r.Dir}},
		Runner: cr, Ecosystem: gates.Go, Test: []string{"go", "test", "./..."}, Mutate: true, TempDir: tmp}
	gaterun.SetCPUs(&spec, 2)
	_, err := gaterun.Run(ctx, spec)
	require.Error(t, err)
	assert.ErrorIs(t, err, context.Canceled)
	cr.mu.Lock()
	defer cr.mu.Unlock()
	assert.Less(t, time.Since(cr.cancelledAt), 10*time.Second, "the workers stop when the run is cancelled")
	assert.Equal(t, 2, cr.mutants, "no mutant starts after the cancel")
	assert.Equal(t, []string{"copy", "copy"}, kinds(cr.sources), "every command runs on a copy shown at its tree's path")
	assert.NotEqual(t, cr.sources[0], cr.sources[1], "each its own")
	left, err := os.ReadDir(tmp)
	require.NoError(t, err)
	assert.Empty(t, left, "a cancelled run leaves no tree or copy behind")
}

func kinds(sources []string) []string {
	var out []string
	for _, s := range sources {
		if s == "" {
			out = append(out, "")
		} else {
			out = append(out, "copy")
		}
	}
	return out
}
