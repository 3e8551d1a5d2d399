package bot

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/engineo/autoverify/bot/verify"
	"github.com/engineo/autoverify/integrations/redistest"
	"github.com/engineo/autoverify/ledger"
	ledgerredis "github.com/engineo/autoverify/ledger/redis"
)

// concurrentRuns runs n verifications of one story at once on a pipeline
// over store with a cap of limit cycles; each check's command fails after
// a short while. It returns how many commands ran and how many runs were
// refused, and the story's entry afterwards.
func concurrentRuns(t *testing.T, store ledger.Store, n, limit int) (executed, refused int64, e ledger.Entry) {
	t.Helper()
	h := newPipelineHarness(t, "- [ ] a `fail`\n")
	var ran atomic.Int64
	r := &ctxRunner{run: func(ctx context.Context, cmd verify.Command) (verify.Result, error) {
		ran.Add(1)
		select { // long enough for every run to be between its Peek and its reservation
		case <-time.After(20 * time.Millisecond):
		case <-ctx.Done():
		}
		return verify.Result{ExitCode: 1, Output: []byte("FAIL\n")}, nil
	}}
	limits := ledger.Limits{MaxVerifyCycles: limit, MaxAutoFixAttempts: 2}
	h.pipeline = New(Options{Ledger: &ledger.Ledger{Store: store, Limits: limits}, Limits: limits,
		Redactor: noRedact{}, Artifacts: h.artifacts, Runners: fakeRunners{h.ev, r}})
	refused = runAtOnce(t, h, n)
	e, err := store.Get(context.Background(), "KAN-1")
	require.NoError(t, err)
	return ran.Load(), refused, e
}

// runAtOnce starts n runs of h's request at the same moment, and returns
// how many were refused (any other problem fails the test).
func runAtOnce(t *testing.T, h *harness, n int) (refused int64) {
	var refusedN atomic.Int64
	var wg sync.WaitGroup
	start := make(chan struct{})
	for i := range n {
		wg.Go(func() {
			<-start
			req := h.request()
			req.RunID = fmt.Sprintf("run-%02d", i)
			req.Publishers = nil // the harness's recorder keeps one run
			v, err := h.pipeline.Run(context.Background(), req)
			if !assert.NoError(t, err) {
				return
			}
			if v.Problem != nil {
				assert.Equal(t, ProblemRefused, v.Problem.Kind)
				refusedN.Add(1)
			}
		})
	}
	close(start)
	wg.Wait()
	return refusedN.Load()
}

// TestCycleCapHoldsUnderConcurrency: 20 runs of one story at once with a
// cap of 5, in one process, on each store: exactly 5 commands run, the
// ledger counts 5, the 15 refused runs run nothing, and no cycle is left
// in flight. (Before reserve-then-run, the commands started while the
// reservation waited for the store's lock: 20 of 20 ran on bbolt.)
func TestCycleCapHoldsUnderConcurrency(t *testing.T) {
	t.Parallel()
	stores := map[string]func(t *testing.T) ledger.Store{
		"bolt": func(t *testing.T) ledger.Store {
			return openBolt(t)
		},
		"redis": func(t *testing.T) ledger.Store {
			redistest.Client(t, 14, "bot loop-safety tests")
			s, err := ledgerredis.New(context.Background(), redistest.URL(14), ledgerredis.WithPrefix(fmt.Sprintf("avtest-loop-%d:", time.Now().UnixNano())))
			require.NoError(t, err)
			t.Cleanup(func() { s.Close() })
			return s
		},
	}
	for name, open := range stores {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			const n, limit = 20, 5
			executed, refused, e := concurrentRuns(t, open(t), n, limit)
			assert.EqualValues(t, limit, executed, "commands run")
			assert.EqualValues(t, n-limit, refused, "runs refused")
			assert.Equal(t, limit, e.AutoVerifyRuns, "cycles counted")
			assert.Len(t, e.History, limit, "runs recorded")
			assert.Empty(t, e.InFlight, "every reserved cycle recorded")
		})
	}
}

// TestRefusedRunStartsNothing: a run whose reservation is refused after
// its read of the ledger said yes (another run took the last cycle in
// between) never starts its command.
func TestRefusedRunStartsNothing(t *testing.T) {
	t.Parallel()
	h := newPipelineHarness(t, "- [ ] a `ok`\n")
	store := openBolt(t)
	limits := ledger.DefaultLimits
	var started atomic.Bool
	r := &ctxRunner{run: func(ctx context.Context, cmd verify.Command) (verify.Result, error) {
		started.Store(true)
		return verify.Result{}, nil
	}}
	h.pipeline = New(Options{Ledger: &ledger.Ledger{Store: &racingStore{Store: store, limits: limits}, Limits: limits}, Limits: limits,
		Redactor: noRedact{}, Artifacts: h.artifacts, Runners: fakeRunners{h.ev, r}})
	v, err := h.pipeline.Run(context.Background(), h.request())
	require.NoError(t, err)
	require.NotNil(t, v.Problem)
	assert.Equal(t, ProblemRefused, v.Problem.Kind)
	assert.False(t, started.Load(), "the command never started")
	assert.Empty(t, h.artifacts.runs, "no evidence of a refused run")
	e, err := store.Get(context.Background(), "KAN-1")
	require.NoError(t, err)
	assert.Equal(t, limits.MaxVerifyCycles, e.AutoVerifyRuns, "no cycle beyond the limit")
	assert.Empty(t, e.History, "the refused run is not in the story's history")
}

// TestCancelledRunIsRecordedOnce: a run cancelled while its check runs
// records its cycle once, as aborted, and leaves nothing in flight.
func TestCancelledRunIsRecordedOnce(t *testing.T) {
	t.Parallel()
	h := newPipelineHarness(t, "- [ ] a `ok`\n")
	store := openBolt(t)
	ctx, cancel := context.WithCancel(context.Background())
	r := &ctxRunner{run: func(ctx context.Context, cmd verify.Command) (verify.Result, error) {
		cancel()
		<-ctx.Done()
		return verify.Result{}, ctx.Err()
	}}
	limits := ledger.DefaultLimits
	h.pipeline = New(Options{Ledger: &ledger.Ledger{Store: store, Limits: limits}, Limits: limits,
		Redactor: noRedact{}, Artifacts: h.artifacts, Runners: fakeRunners{h.ev, r}})
	_, err := h.pipeline.Run(ctx, h.request())
	require.Error(t, err)
	assert.True(t, errors.Is(err, context.Canceled), "%v", err)
	e, err := store.Get(context.Background(), "KAN-1")
	require.NoError(t, err)
	assert.Equal(t, 1, e.AutoVerifyRuns)
	require.Len(t, e.History, 1)
	assert.Equal(t, "run-1", e.History[0].RunID)
	assert.Contains(t, e.History[0].Reason, "run aborted")
	assert.Empty(t, e.InFlight)
}

// TestRunRenewsItsReservation: a run longer than the ledger's lease keeps
// its cycle in flight by renewing it, so it is never taken for lost.
func TestRunRenewsItsReservation(t *testing.T) {
	t.Parallel()
	h := newPipelineHarness(t, "- [ ] a `ok`\n")
	store := openBolt(t)
	limits := ledger.DefaultLimits
	// A lease of a second, renewed every 250 ms: a busy machine (a bbolt
	// fsync under load) delayed renewals past a lease of 200 ms.
	l := &ledger.Ledger{Store: store, Limits: limits, Lease: time.Second}
	var lost atomic.Bool
	r := &ctxRunner{run: func(ctx context.Context, cmd verify.Command) (verify.Result, error) {
		time.Sleep(3 * time.Second) // three leases
		// Another run's reservation records lost ones; this one must not be.
		e, err := l.BeginCycle(context.Background(), "KAN-1", "probe")
		if err == nil {
			for _, rec := range e.History {
				lost.Store(lost.Load() || rec.RunID == "run-1")
			}
		}
		return verify.Result{}, nil
	}}
	h.pipeline = New(Options{Ledger: l, Limits: limits, Redactor: noRedact{}, Artifacts: h.artifacts, Runners: fakeRunners{h.ev, r}})
	v, err := h.pipeline.Run(context.Background(), h.request())
	require.NoError(t, err)
	require.Nil(t, v.Problem)
	assert.False(t, lost.Load(), "the run renewed its reservation")
	e, err := store.Get(context.Background(), "KAN-1")
	require.NoError(t, err)
	for _, rec := range e.History {
		assert.False(t, rec.Lost, "%+v", rec)
	}
}

// TestAuditHoldsTheCapUnderConcurrency: the audit entry point (a signal
// whose matrix runs five commands) holds the same cap: 20 audits of one
// story at once with a cap of 5 run the matrix 5 times, the 15 refused
// ones run nothing, and every reserved cycle is recorded. The signal's
// lint row is false, so no audit passes (a pass would start a new loop).
func TestAuditHoldsTheCapUnderConcurrency(t *testing.T) {
	t.Parallel()
	const n, limit = 20, 5
	h, mr := newAuditHarness(t, signalBody(truthfulRows...), map[string]int{"ci:lint": 1})
	store := openBolt(t)
	limits := ledger.Limits{MaxVerifyCycles: limit, MaxAutoFixAttempts: 2}
	runners := h.pipeline.Runners
	h.pipeline = New(Options{Ledger: &ledger.Ledger{Store: store, Limits: limits}, Limits: limits,
		Redactor: noRedact{}, Artifacts: h.artifacts, Runners: runners})
	refused := runAtOnce(t, h, n)
	mr.mu.Lock()
	ran := len(mr.ran)
	mr.mu.Unlock()
	assert.Equal(t, limit*5, ran, "the matrix's five commands, once per granted cycle")
	assert.EqualValues(t, n-limit, refused, "audits refused")
	e, err := store.Get(context.Background(), "KAN-1")
	require.NoError(t, err)
	assert.Equal(t, limit, e.AutoVerifyRuns, "cycles counted")
	assert.Empty(t, e.InFlight, "every reserved cycle recorded")
}
