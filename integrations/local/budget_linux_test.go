package local

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/engineo/autoverify/bot/verify"
)

// needCgroups skips where the host gives no pids cgroup (fails with
// CI=true: the CI machine has one, and the budget's guarantee rests on it).
func needCgroups(t *testing.T) string {
	t.Helper()
	parent := pidsCgroupParent()
	if parent == "" {
		if ci, _ := strconv.ParseBool(os.Getenv("CI")); ci {
			t.Fatal("no pids cgroup can be made here (cgroup v2 with pids delegated, or v1's pids hierarchy as root)")
		}
		t.Skip("no pids cgroup can be made here")
	}
	return parent
}

// initThreadsAtMost bounds the threads of one sandbox init, a Go program
// (6-7 measured on two cores).
const initThreadsAtMost = 16

// TestSandboxesShareTheBudget: two fork bombs at once in one runner's
// sandboxes stay within the runner's one budget together, not one each;
// the budget's cgroup is removed when the runner closes.
func TestSandboxesShareTheBudget(t *testing.T) {
	t.Parallel()
	needCgroups(t)
	const budget = 400
	r := newRunner(t, IsolationSandbox, WithSandbox(SandboxConfig{Processes: budget}), WithWaiting(2))
	require.NotNil(t, r.budget)
	dir := r.budget.dir
	assert.Equal(t, budget, r.perSandbox, "one sandbox may use the whole budget: the cgroup bounds them all")
	var wg sync.WaitGroup
	var timedOut atomic.Int32
	for range 2 {
		wg.Go(func() {
			// The second bomb may find the budget already spent by the
			// first, and not start: they share it.
			res, _ := r.Run(context.Background(), verify.Command{ItemID: "bomb", Argv: []string{"perl", "-e", "fork while 1"},
				Dir: t.TempDir(), Timeout: 2 * time.Second})
			if res.TimedOut {
				timedOut.Add(1)
			}
		})
	}
	wg.Wait()
	assert.Positive(t, timedOut.Load(), "a bomb ran until its timeout")
	peak := readInt(t, filepath.Join(dir, "pids.peak"))
	t.Logf("peak tasks in the budget: %d", peak)
	// Forks stop at the budget; a sandbox's init joins it by migration,
	// which pids.max does not refuse, so the second init, placed once the
	// first bomb has filled the budget, brings its threads beyond it (6-7
	// for the Go init; 407 of 400 was seen in a CI run from a cold cache).
	// Its command then cannot start. Cloning the inits into the cgroup
	// would close that gap.
	assert.LessOrEqual(t, peak, budget+initThreadsAtMost)
	assert.Greater(t, peak, budget/2, "the bombs did fork")
	require.NoError(t, r.Close())
	_, err := os.Stat(dir)
	assert.True(t, os.IsNotExist(err), "the budget's cgroup is removed")
}

// TestBudgetedViewsAreApart: a runner serving many verifications gives
// each a budget of its own (Budgeted), so one verification's fork bomb
// does not starve another's checks.
func TestBudgetedViewsAreApart(t *testing.T) {
	t.Parallel()
	needCgroups(t)
	r := newRunner(t, IsolationSandbox, WithSandbox(SandboxConfig{Processes: 300}))
	t.Cleanup(func() { _ = r.Close() })
	a, endA, err := r.Budgeted()
	require.NoError(t, err)
	b, endB, err := r.Budgeted()
	require.NoError(t, err)
	da, db := a.(budgeted).budget.dir, b.(budgeted).budget.dir
	assert.NotEqual(t, da, db)
	bomb := make(chan struct{})
	go func() {
		defer close(bomb)
		_, _ = a.Run(context.Background(), verify.Command{ItemID: "bomb", Argv: []string{"perl", "-e", "fork while 1"},
			Dir: t.TempDir(), Timeout: 3 * time.Second})
	}()
	require.Eventually(t, func() bool { return readInt(t, filepath.Join(da, "pids.current")) >= 290 }, 5*time.Second, 10*time.Millisecond)
	res, err := b.Run(context.Background(), verify.Command{ItemID: "ok", Argv: []string{"sh", "-c", "for i in 1 2 3 4 5 6 7 8; do true & done; wait; echo done"},
		Dir: t.TempDir()})
	require.NoError(t, err)
	assert.Equal(t, 0, res.ExitCode, "%s", res.Output)
	assert.Contains(t, string(res.Output), "done")
	<-bomb
	endA()
	endB()
	for _, d := range []string{da, db} {
		_, err := os.Stat(d)
		assert.True(t, os.IsNotExist(err), "%s removed", d)
	}
}

// TestBudgetDividedWithoutCgroups: where no cgroup can hold the budget,
// each sandbox gets the budget divided among the sandboxes that may run
// at once, never below a PID namespace's floor.
func TestBudgetDividedWithoutCgroups(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ total, slots, want int }{{1024, 2, 512}, {1024, 4, 300}, {4096, 4, 1024}} {
		r := &Runner{sandbox: SandboxConfig{Processes: c.total}}
		r.divideBudget(c.slots)
		assert.Equal(t, c.want, r.perSandbox, "%+v", c)
	}
}

func readInt(t *testing.T, path string) int {
	t.Helper()
	raw, err := os.ReadFile(path)
	require.NoError(t, err)
	n, err := strconv.Atoi(strings.TrimSpace(string(raw)))
	require.NoError(t, err)
	return n
}
