// Package storetest is the contract every run-history store passes
// (integrations/runlog/redis and integrations/runlog/bolt): the same
// records, indices, counters, paging, clearing and retention, so the
// dashboard shows the same figures over either.
package storetest

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/engineo/autoverify/bot/runlog"
)

// Store is what the suite exercises.
type Store interface {
	Put(ctx context.Context, r runlog.Record) error
	Get(ctx context.Context, id string) (runlog.Record, bool, error)
	List(ctx context.Context, q runlog.Query) (runlog.Page, error)
	Counts(ctx context.Context, keys ...string) (map[string]runlog.Counts, error)
	Repos(ctx context.Context) ([]string, error)
	Seq(ctx context.Context) (int64, error)
	Clear(ctx context.Context, by string, at time.Time) (runlog.Cleared, error)
	Cleared(ctx context.Context) (runlog.Cleared, bool, error)
	Close() error
}

// Options configure a fresh store.
type Options struct {
	Retention time.Duration
	Now       func() time.Time
}

// T0 is the suite's clock start.
var T0 = time.Date(2026, 11, 20, 10, 0, 0, 0, time.UTC)

// Run runs the contract. newStore returns a fresh, empty store and
// arranges its Close with t.Cleanup.
func Run(t *testing.T, newStore func(t *testing.T, o Options) Store) {
	t.Helper()
	tests := []struct {
		name string
		run  func(t *testing.T, newStore func(t *testing.T, o Options) Store)
	}{
		{"GetUnknown", testGetUnknown},
		{"PutGetRoundTrip", testRoundTrip},
		{"CountsARunOnce", testCountsOnce},
		{"ListNewestFirstPaged", testPaging},
		{"IndexFilters", testFilters},
		{"StatusMovesIndex", testStatusMoves},
		{"DayBuckets", testDays},
		{"Repos", testRepos},
		{"SeqCountsWrites", testSeq},
		{"ClearWipesAndSaysWho", testClear},
		{"RetentionForgets", testRetention},
		{"InvalidRefused", testInvalid},
		{"ConcurrentPuts", testConcurrent},
		{"CancelledContext", testCancelled},
		{"EmptyStoreFigures", testEmpty},
		{"PassRateFromCounters", testPassRate},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			tc.run(t, newStore)
		})
	}
}

func fresh(t *testing.T, newStore func(t *testing.T, o Options) Store) Store {
	return newStore(t, Options{Retention: 90 * 24 * time.Hour, Now: func() time.Time { return T0.Add(time.Hour) }})
}

// Run builds a finished run for tests.
func RunRecord(id, repo, story string, status runlog.Status, started time.Time) runlog.Record {
	r := runlog.Record{ID: id, Repo: repo, Story: story, Status: status, Started: started}
	if status != runlog.Active {
		r.Finished = started.Add(2 * time.Second)
	}
	switch status {
	case runlog.Passed:
		r.Route = "VERIFIED"
		r.Items = []runlog.Item{{ID: "i1", Text: "tests", Kind: "auto", Ran: true, Passed: true}}
	case runlog.Failed:
		r.Route = "FIX_REQUIRED"
		r.Items = []runlog.Item{{ID: "i1", Text: "tests", Kind: "auto", Ran: true, FailureType: "TEST_FAILURE", ExitCode: 1, Output: "FAIL x"}}
	case runlog.Stopped:
		r.Problem = "no checklist"
	}
	return r
}

var ctx = context.Background()

func testGetUnknown(t *testing.T, ns func(*testing.T, Options) Store) {
	s := fresh(t, ns)
	_, ok, err := s.Get(ctx, "nope")
	require.NoError(t, err)
	assert.False(t, ok)
}

func testRoundTrip(t *testing.T, ns func(*testing.T, Options) Store) {
	s := fresh(t, ns)
	r := RunRecord("r1", "acme/web", "KAN-1", runlog.Failed, T0)
	r.Author, r.Trigger, r.Commit, r.URL, r.Number = "alice", "/verify by @alice", "abc", "https://github.com/acme/web/pull/3", 3
	r.Matrix = []runlog.MatrixRow{{Check: "tests", Environment: "node20", Result: "FAIL — TEST_FAILURE"}}
	r.Sections = []runlog.Section{{Title: "Gates", Rows: []runlog.Row{{Name: "red-green", Result: "GREEN", Passed: true}}}}
	r.Ledger = runlog.Ledger{Cycles: 1, MaxCycles: 3, Fixes: 0, MaxFixes: 2}
	r.Evidence = []string{"KAN-1-evidence-x.txt"}
	require.NoError(t, s.Put(ctx, r))
	got, ok, err := s.Get(ctx, "r1")
	require.NoError(t, err)
	require.True(t, ok)
	assert.True(t, got.Started.Equal(r.Started))
	got.Started, got.Finished = r.Started, r.Finished
	assert.Equal(t, r, got)
}

func testCountsOnce(t *testing.T, ns func(*testing.T, Options) Store) {
	s := fresh(t, ns)
	r := RunRecord("r1", "acme/web", "KAN-1", runlog.Active, T0)
	require.NoError(t, s.Put(ctx, r))
	c, err := s.Counts(ctx, runlog.ScopeAll)
	require.NoError(t, err)
	assert.Equal(t, runlog.Counts{Runs: 1, Active: 1}, c[runlog.ScopeAll])
	done := RunRecord("r1", "acme/web", "KAN-1", runlog.Failed, T0)
	for range 3 { // retried
		require.NoError(t, s.Put(ctx, done))
	}
	c, err = s.Counts(ctx, runlog.ScopeAll, runlog.ScopeRepo("acme/web"), runlog.ScopeStory("acme/web", "KAN-1"))
	require.NoError(t, err)
	want := runlog.Counts{Runs: 1, Failed: 1, Finished: 1, DurationMS: 2000, Failures: map[string]int64{"TEST_FAILURE": 1}}
	assert.Equal(t, want, c[runlog.ScopeAll])
	assert.Equal(t, want, c[runlog.ScopeRepo("acme/web")])
	assert.Equal(t, want, c[runlog.ScopeStory("acme/web", "KAN-1")])
}

func ids(p runlog.Page) []string {
	var out []string
	for _, r := range p.Runs {
		out = append(out, r.ID)
	}
	return out
}

func testPaging(t *testing.T, ns func(*testing.T, Options) Store) {
	s := fresh(t, ns)
	var want []string
	for i := range 25 {
		id := fmt.Sprintf("r%02d", i)
		require.NoError(t, s.Put(ctx, RunRecord(id, "acme/web", "KAN-1", runlog.Passed, T0.Add(time.Duration(i)*time.Minute))))
		want = append([]string{id}, want...)
	}
	var got []string
	q := runlog.Query{Index: runlog.IndexAll, Limit: 10}
	for pages := 0; ; pages++ {
		require.Less(t, pages, 4, "paging does not end")
		p, err := s.List(ctx, q)
		require.NoError(t, err)
		assert.LessOrEqual(t, len(p.Runs), 10)
		got = append(got, ids(p)...)
		if p.Next == 0 {
			break
		}
		q.Before = p.Next
	}
	assert.Equal(t, want, got)
}

func testFilters(t *testing.T, ns func(*testing.T, Options) Store) {
	s := fresh(t, ns)
	a := RunRecord("a", "acme/web", "KAN-1", runlog.Passed, T0)
	a.Author = "alice"
	b := RunRecord("b", "acme/api", "KAN-2", runlog.Failed, T0.Add(time.Minute))
	b.Author = "bob"
	c := RunRecord("c", "acme/web", "KAN-2", runlog.Stopped, T0.Add(2*time.Minute))
	for _, r := range []runlog.Record{a, b, c} {
		require.NoError(t, s.Put(ctx, r))
	}
	for index, want := range map[string][]string{
		runlog.IndexRepo("acme/web"):        {"c", "a"},
		runlog.IndexStory("KAN-2"):          {"c", "b"},
		runlog.IndexRoute("FIX_REQUIRED"):   {"b"},
		runlog.IndexFailure("TEST_FAILURE"): {"b"},
		runlog.IndexAuthor("alice"):         {"a"},
		runlog.IndexStatus(runlog.Stopped):  {"c"},
		runlog.IndexRepo("nobody/none"):     nil,
		runlog.IndexFailure("LINT_FAILURE"): nil,
		runlog.IndexStatus(runlog.Active):   nil,
		runlog.IndexAll:                     {"c", "b", "a"},
	} {
		p, err := s.List(ctx, runlog.Query{Index: index, Limit: 10})
		require.NoError(t, err)
		assert.Equal(t, want, ids(p), index)
	}
}

func testStatusMoves(t *testing.T, ns func(*testing.T, Options) Store) {
	s := fresh(t, ns)
	require.NoError(t, s.Put(ctx, RunRecord("r", "acme/web", "KAN-1", runlog.Active, T0)))
	p, err := s.List(ctx, runlog.Query{Index: runlog.IndexStatus(runlog.Active), Limit: 10})
	require.NoError(t, err)
	assert.Equal(t, []string{"r"}, ids(p))
	require.NoError(t, s.Put(ctx, RunRecord("r", "acme/web", "KAN-1", runlog.Passed, T0)))
	p, err = s.List(ctx, runlog.Query{Index: runlog.IndexStatus(runlog.Active), Limit: 10})
	require.NoError(t, err)
	assert.Empty(t, p.Runs)
	p, err = s.List(ctx, runlog.Query{Index: runlog.IndexStatus(runlog.Passed), Limit: 10})
	require.NoError(t, err)
	assert.Equal(t, []string{"r"}, ids(p))
}

func testDays(t *testing.T, ns func(*testing.T, Options) Store) {
	s := fresh(t, ns)
	day1, day2 := T0.AddDate(0, 0, -1), T0
	require.NoError(t, s.Put(ctx, RunRecord("a", "acme/web", "K-1", runlog.Passed, day1)))
	require.NoError(t, s.Put(ctx, RunRecord("b", "acme/web", "K-1", runlog.Failed, day2)))
	require.NoError(t, s.Put(ctx, RunRecord("c", "acme/api", "K-1", runlog.Passed, day2)))
	k1, k2, k2web := runlog.DayKey(runlog.ScopeAll, day1), runlog.DayKey(runlog.ScopeAll, day2), runlog.DayKey(runlog.ScopeRepo("acme/web"), day2)
	c, err := s.Counts(ctx, k1, k2, k2web)
	require.NoError(t, err)
	assert.Equal(t, int64(1), c[k1].Passed)
	assert.Equal(t, int64(2), c[k2].Runs)
	assert.Equal(t, 50, c[k2].PassRate())
	assert.Equal(t, int64(1), c[k2web].Failed)
	assert.Equal(t, int64(0), c[k2web].Passed)
}

func testRepos(t *testing.T, ns func(*testing.T, Options) Store) {
	s := fresh(t, ns)
	for i, repo := range []string{"acme/web", "acme/api", "acme/web", "/home/me/work"} {
		require.NoError(t, s.Put(ctx, RunRecord(fmt.Sprint(i), repo, "K-1", runlog.Passed, T0)))
	}
	repos, err := s.Repos(ctx)
	require.NoError(t, err)
	assert.ElementsMatch(t, []string{"acme/web", "acme/api", "/home/me/work"}, repos)
}

func testSeq(t *testing.T, ns func(*testing.T, Options) Store) {
	s := fresh(t, ns)
	n0, err := s.Seq(ctx)
	require.NoError(t, err)
	require.NoError(t, s.Put(ctx, RunRecord("a", "acme/web", "K-1", runlog.Active, T0)))
	n1, err := s.Seq(ctx)
	require.NoError(t, err)
	require.NoError(t, s.Put(ctx, RunRecord("a", "acme/web", "K-1", runlog.Passed, T0)))
	n2, err := s.Seq(ctx)
	require.NoError(t, err)
	assert.Less(t, n0, n1)
	assert.Less(t, n1, n2)
}

func testClear(t *testing.T, ns func(*testing.T, Options) Store) {
	s := fresh(t, ns)
	_, ok, err := s.Cleared(ctx)
	require.NoError(t, err)
	assert.False(t, ok)
	for i := range 3 {
		require.NoError(t, s.Put(ctx, RunRecord(fmt.Sprint(i), "acme/web", "K-1", runlog.Passed, T0)))
	}
	before, err := s.Seq(ctx)
	require.NoError(t, err)
	at := T0.Add(time.Hour)
	cl, err := s.Clear(ctx, "admin (token)", at)
	require.NoError(t, err)
	assert.Equal(t, int64(3), cl.Runs)
	got, ok, err := s.Cleared(ctx)
	require.NoError(t, err)
	require.True(t, ok)
	assert.Equal(t, "admin (token)", got.By)
	assert.True(t, at.Equal(got.At))
	assert.Equal(t, int64(3), got.Runs)
	p, err := s.List(ctx, runlog.Query{Index: runlog.IndexAll, Limit: 10})
	require.NoError(t, err)
	assert.Empty(t, p.Runs)
	c, err := s.Counts(ctx, runlog.ScopeAll, runlog.DayKey(runlog.ScopeAll, T0))
	require.NoError(t, err)
	assert.Equal(t, runlog.Counts{}, c[runlog.ScopeAll])
	assert.Equal(t, runlog.Counts{}, c[runlog.DayKey(runlog.ScopeAll, T0)])
	_, found, err := s.Get(ctx, "0")
	require.NoError(t, err)
	assert.False(t, found)
	repos, err := s.Repos(ctx)
	require.NoError(t, err)
	assert.Empty(t, repos)
	after, err := s.Seq(ctx)
	require.NoError(t, err)
	assert.Greater(t, after, before, "a clear is a change the dashboard shows")
}

func testRetention(t *testing.T, ns func(*testing.T, Options) Store) {
	now := T0
	var mu sync.Mutex
	s := ns(t, Options{Retention: 24 * time.Hour, Now: func() time.Time { mu.Lock(); defer mu.Unlock(); return now }})
	require.NoError(t, s.Put(ctx, RunRecord("old", "acme/web", "K-1", runlog.Failed, T0)))
	mu.Lock()
	now = T0.Add(48 * time.Hour)
	mu.Unlock()
	require.NoError(t, s.Put(ctx, RunRecord("new", "acme/web", "K-1", runlog.Passed, now)))
	_, found, err := s.Get(ctx, "old")
	require.NoError(t, err)
	assert.False(t, found, "a run past retention is forgotten")
	p, err := s.List(ctx, runlog.Query{Index: runlog.IndexRepo("acme/web"), Limit: 10})
	require.NoError(t, err)
	assert.Equal(t, []string{"new"}, ids(p))
	c, err := s.Counts(ctx, runlog.ScopeAll)
	require.NoError(t, err)
	assert.Equal(t, int64(1), c[runlog.ScopeAll].Runs)
	assert.Equal(t, int64(0), c[runlog.ScopeAll].Failed)
}

func testInvalid(t *testing.T, ns func(*testing.T, Options) Store) {
	s := fresh(t, ns)
	err := s.Put(ctx, runlog.Record{ID: "a/b", Status: runlog.Passed, Started: T0})
	assert.ErrorIs(t, err, runlog.ErrInvalid)
	c, err := s.Counts(ctx, runlog.ScopeAll)
	require.NoError(t, err)
	assert.Zero(t, c[runlog.ScopeAll].Runs)
}

func testConcurrent(t *testing.T, ns func(*testing.T, Options) Store) {
	s := fresh(t, ns)
	var wg sync.WaitGroup
	errs := make(chan error, 40)
	for i := range 20 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			id := fmt.Sprint(i)
			errs <- s.Put(ctx, RunRecord(id, "acme/web", "K-1", runlog.Active, T0.Add(time.Duration(i)*time.Second)))
			errs <- s.Put(ctx, RunRecord(id, "acme/web", "K-1", runlog.Passed, T0.Add(time.Duration(i)*time.Second)))
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		require.NoError(t, err)
	}
	c, err := s.Counts(ctx, runlog.ScopeAll)
	require.NoError(t, err)
	assert.Equal(t, int64(20), c[runlog.ScopeAll].Runs)
	assert.Equal(t, int64(20), c[runlog.ScopeAll].Passed)
	assert.Equal(t, int64(0), c[runlog.ScopeAll].Active)
}

func testCancelled(t *testing.T, ns func(*testing.T, Options) Store) {
	s := fresh(t, ns)
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	assert.Error(t, s.Put(cctx, RunRecord("a", "acme/web", "K-1", runlog.Passed, T0)))
}

func testEmpty(t *testing.T, ns func(*testing.T, Options) Store) {
	s := fresh(t, ns)
	c, err := s.Counts(ctx, runlog.ScopeAll)
	require.NoError(t, err)
	assert.Equal(t, 100, c[runlog.ScopeAll].PassRate())
	p, err := s.List(ctx, runlog.Query{Index: runlog.IndexAll, Limit: 10})
	require.NoError(t, err)
	assert.Empty(t, p.Runs)
	assert.Zero(t, p.Next)
}

func testPassRate(t *testing.T, ns func(*testing.T, Options) Store) {
	s := fresh(t, ns)
	for i, st := range []runlog.Status{runlog.Passed, runlog.Passed, runlog.Failed, runlog.Stopped, runlog.Active} {
		require.NoError(t, s.Put(ctx, RunRecord(fmt.Sprint(i), "acme/web", "K-1", st, T0.Add(time.Duration(i)*time.Second))))
	}
	c, err := s.Counts(ctx, runlog.ScopeAll)
	require.NoError(t, err)
	got := c[runlog.ScopeAll]
	assert.Equal(t, runlog.Counts{Runs: 5, Passed: 2, Failed: 1, Stopped: 1, Active: 1, Finished: 4, DurationMS: 8000,
		Failures: map[string]int64{"TEST_FAILURE": 1}}, got)
	assert.Equal(t, 67, got.PassRate())
}
