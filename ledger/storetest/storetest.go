package storetest

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"sync"
	"testing"
	"time"

	"github.com/engineo/autoverify/ledger"
)

// Run runs the contract suite. newStore must return a fresh, empty store
// that no other test shares (for example a new temporary directory or a
// unique key prefix) and must arrange its Close with t.Cleanup; Close is
// called once more by some sub-tests, so it must be idempotent.
func Run(t *testing.T, newStore func(t *testing.T) ledger.Store) {
	t.Helper()
	tests := []struct {
		name string
		run  func(t *testing.T, s ledger.Store)
	}{
		{"GetUnknownIsZero", testGetUnknown},
		{"UpdatePersists", testUpdatePersists},
		{"FnErrorStoresNothing", testFnError},
		{"CancelledContext", testCancelledContext},
		{"EmptyKeyRejected", testEmptyKey},
		{"Reset", testReset},
		{"KeysIsolated", testKeysIsolated},
		{"HistoryBounded", testHistoryBounded},
		{"LastFailureAtISO8601UTC", testLastFailureAt},
		{"ConcurrentBeginCycle", testConcurrentBeginCycle},
		{"ConcurrentUpdates", testConcurrentUpdates},
		{"PingAndClose", testPingAndClose},
		{"BlobsExpire", testBlobs},
		{"AuthorClaimsCountOncePerRun", testAuthorClaims},
		{"ClaimStateSpecNames", testClaimState},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			tc.run(t, newStore(t))
		})
	}
}

// RunShared checks that two Store values over one backend (two Redis
// clients, two opens of one bbolt file) behave as one store: writes through
// one are read through the other and concurrent updates through both lose
// nothing. newPair must return two such stores over a fresh, empty backend
// and arrange their Close with t.Cleanup.
func RunShared(t *testing.T, newPair func(t *testing.T) (ledger.Store, ledger.Store)) {
	t.Helper()
	tests := []struct {
		name string
		run  func(t *testing.T, a, b ledger.Store)
	}{
		{"WriteOneReadOther", testSharedVisibility},
		{"ConcurrentUpdatesBoth", testSharedConcurrentUpdates},
		{"ConcurrentBeginCycleBoth", testSharedBeginCycle},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			a, b := newPair(t)
			tc.run(t, a, b)
		})
	}
}

func ctxFor(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(t.Context(), 2*time.Minute)
	t.Cleanup(cancel)
	return ctx
}

func mustGet(t *testing.T, s ledger.Store, key string) ledger.Entry {
	t.Helper()
	e, err := s.Get(ctxFor(t), key)
	if err != nil {
		t.Fatalf("Get(%q): %v", key, err)
	}
	return e
}

// sameEntry compares entries by their JSON, the form both stores keep.
func sameEntry(t *testing.T, what string, got, want ledger.Entry) {
	t.Helper()
	g, err := json.Marshal(got)
	if err != nil {
		t.Fatal(err)
	}
	w, err := json.Marshal(want)
	if err != nil {
		t.Fatal(err)
	}
	if string(g) != string(w) {
		t.Errorf("%s:\n got %s\nwant %s", what, g, w)
	}
}

func testGetUnknown(t *testing.T, s ledger.Store) {
	for _, key := range []string{"KAN-1", "never-seen", "ключ-9"} {
		sameEntry(t, "Get of "+key, mustGet(t, s, key), ledger.Entry{StoryKey: key})
	}
}

func testUpdatePersists(t *testing.T, s ledger.Store) {
	ctx := ctxFor(t)
	at := time.Date(2025, 3, 4, 5, 6, 7, 891234567, time.UTC)
	full := ledger.Entry{
		StoryKey:            "KAN-7",
		AutoVerifyRuns:      2,
		AutoFixAttempts:     1,
		LastFailureHash:     "f00d",
		LastFailureType:     "test_failure",
		LastFailureAt:       &at,
		VerifyLastCommitSHA: "0123456789abcdef",
		LastRoute:           ledger.NeedsFix,
		History: []ledger.RunRecord{
			{At: at, RunID: "r1", Commit: "0123", Route: ledger.NeedsFix, Reason: "1 failed", Passed: 3, Failed: 1, Manual: 2, FailureHash: "f00d", FailureType: "test_failure", AutoFix: true},
		},
	}
	var sawKey string
	got, err := s.Update(ctx, "KAN-7", func(e *ledger.Entry) error {
		sawKey = e.StoryKey
		*e = full
		return nil
	})
	if err != nil {
		t.Fatalf("Update: %v", err)
	}
	if sawKey != "KAN-7" {
		t.Errorf("fn saw StoryKey %q, want KAN-7", sawKey)
	}
	sameEntry(t, "Update's result", got, full)
	sameEntry(t, "Get after Update", mustGet(t, s, "KAN-7"), full)

	// A second update sees the first one's result.
	got, err = s.Update(ctx, "KAN-7", func(e *ledger.Entry) error {
		sameEntry(t, "fn's view of the stored entry", *e, full)
		e.AutoVerifyRuns++
		return nil
	})
	if err != nil {
		t.Fatalf("second Update: %v", err)
	}
	if got.AutoVerifyRuns != 3 || mustGet(t, s, "KAN-7").AutoVerifyRuns != 3 {
		t.Errorf("AutoVerifyRuns after increment = %d (stored %d), want 3", got.AutoVerifyRuns, mustGet(t, s, "KAN-7").AutoVerifyRuns)
	}
}

var errSentinel = errors.New("storetest: sentinel")

func testFnError(t *testing.T, s ledger.Store) {
	ctx := ctxFor(t)
	seed := func(t *testing.T, key string) ledger.Entry {
		t.Helper()
		e, err := s.Update(ctx, key, func(e *ledger.Entry) error {
			e.AutoVerifyRuns, e.LastFailureHash = 1, "seed"
			return nil
		})
		if err != nil {
			t.Fatalf("seeding %s: %v", key, err)
		}
		return e
	}
	refused := &ledger.RefusedError{Key: "KAN-2", Limit: 3}
	wrapped := fmt.Errorf("checking limits: %w", ledger.ErrFixesExhausted)
	tests := []struct {
		name  string
		err   error
		check func(t *testing.T, err error)
	}{
		{"RefusedError", refused, func(t *testing.T, err error) {
			var re *ledger.RefusedError
			if !errors.As(err, &re) || re != refused {
				t.Errorf("errors.As(*RefusedError) failed or gave another value: %v", err)
			}
		}},
		{"Sentinel", errSentinel, func(t *testing.T, err error) {
			if !errors.Is(err, errSentinel) {
				t.Errorf("errors.Is(sentinel) = false: %v", err)
			}
		}},
		{"WrappedSentinel", wrapped, func(t *testing.T, err error) {
			if !errors.Is(err, ledger.ErrFixesExhausted) {
				t.Errorf("errors.Is(ErrFixesExhausted) = false: %v", err)
			}
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			for _, existing := range []bool{false, true} {
				key := fmt.Sprintf("KAN-err-%s-%t", tc.name, existing)
				want := ledger.Entry{StoryKey: key}
				if existing {
					want = seed(t, key)
				}
				_, err := s.Update(ctx, key, func(e *ledger.Entry) error {
					e.AutoVerifyRuns += 100
					e.LastFailureHash = "must not be stored"
					e.History = append(e.History, ledger.RunRecord{Reason: "must not be stored"})
					return tc.err
				})
				if err != tc.err {
					t.Errorf("existing=%t: Update returned %v (%T), want the fn's error as-is", existing, err, err)
				}
				tc.check(t, err)
				sameEntry(t, fmt.Sprintf("existing=%t: entry after failed Update", existing), mustGet(t, s, key), want)
			}
		})
	}

	t.Run("BeginCycleRefuses", func(t *testing.T) {
		l := &ledger.Ledger{Store: s, Limits: ledger.Limits{MaxVerifyCycles: 1, MaxAutoFixAttempts: 1}}
		if _, err := l.BeginCycle(ctx, "KAN-refuse", ""); err != nil {
			t.Fatalf("first BeginCycle: %v", err)
		}
		_, err := l.BeginCycle(ctx, "KAN-refuse", "")
		var re *ledger.RefusedError
		if !errors.As(err, &re) {
			t.Fatalf("second BeginCycle: got %v, want *ledger.RefusedError", err)
		}
		if re.Key != "KAN-refuse" || re.Limit != 1 || re.Entry.AutoVerifyRuns != 1 {
			t.Errorf("RefusedError = %+v", re)
		}
		if _, err := l.BeginFix(ctx, "KAN-refuse"); err != nil {
			t.Fatalf("first BeginFix: %v", err)
		}
		if _, err := l.BeginFix(ctx, "KAN-refuse"); !errors.Is(err, ledger.ErrFixesExhausted) {
			t.Errorf("second BeginFix: got %v, want ErrFixesExhausted", err)
		}
		if e := mustGet(t, s, "KAN-refuse"); e.AutoVerifyRuns != 1 || e.AutoFixAttempts != 1 {
			t.Errorf("after refusals: runs=%d fixes=%d, want 1 and 1", e.AutoVerifyRuns, e.AutoFixAttempts)
		}
	})
}

func testCancelledContext(t *testing.T, s ledger.Store) {
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	called := false
	_, err := s.Update(ctx, "KAN-cancel", func(e *ledger.Entry) error {
		called = true
		e.AutoVerifyRuns++
		return nil
	})
	if !errors.Is(err, context.Canceled) {
		t.Errorf("Update with a cancelled context: got %v, want an error wrapping context.Canceled", err)
	}
	if called {
		t.Error("fn ran although the context was already cancelled")
	}
	sameEntry(t, "entry after cancelled Update", mustGet(t, s, "KAN-cancel"), ledger.Entry{StoryKey: "KAN-cancel"})
}

func testEmptyKey(t *testing.T, s ledger.Store) {
	ctx := ctxFor(t)
	if _, err := s.Update(ctx, "", func(e *ledger.Entry) error { e.AutoVerifyRuns++; return nil }); err == nil {
		t.Error("Update with an empty key succeeded")
	}
	if _, err := s.Get(ctx, ""); err == nil {
		t.Error("Get with an empty key succeeded")
	}
	if err := s.Reset(ctx, ""); err == nil {
		t.Error("Reset with an empty key succeeded")
	}
}

func testReset(t *testing.T, s ledger.Store) {
	ctx := ctxFor(t)
	for _, key := range []string{"KAN-3", "KAN-30"} {
		if _, err := s.Update(ctx, key, func(e *ledger.Entry) error { e.AutoVerifyRuns = 3; e.AutoFixAttempts = 2; return nil }); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.Reset(ctx, "KAN-3"); err != nil {
		t.Fatalf("Reset: %v", err)
	}
	sameEntry(t, "Get after Reset", mustGet(t, s, "KAN-3"), ledger.Entry{StoryKey: "KAN-3"})
	if e := mustGet(t, s, "KAN-30"); e.AutoVerifyRuns != 3 {
		t.Errorf("Reset of KAN-3 touched KAN-30: %+v", e)
	}
	if err := s.Reset(ctx, "KAN-3"); err != nil {
		t.Errorf("second Reset: %v (Reset of an absent story must succeed)", err)
	}
	if err := s.Reset(ctx, "never-seen"); err != nil {
		t.Errorf("Reset of an unknown story: %v", err)
	}
	// After a reset the story starts from zero again.
	l := &ledger.Ledger{Store: s, Limits: ledger.DefaultLimits}
	e, err := l.BeginCycle(ctx, "KAN-3", "")
	if err != nil || e.AutoVerifyRuns != 1 || e.AutoFixAttempts != 0 {
		t.Errorf("BeginCycle after Reset = %+v, %v; want 1 run, 0 fixes", e, err)
	}
}

func testKeysIsolated(t *testing.T, s ledger.Store) {
	ctx := ctxFor(t)
	keys := []string{
		"KAN-1", "KAN-10", "KAN-100", "KAN-1:KAN-10", "KAN:1", "KAN-1:", ":KAN-1",
		"a:b:c", "ledger:KAN-1", "lock:KAN-1", "{KAN-1}", "KAN-1}", "{KAN-1",
		"KAN-1 ", "kan-1", "ключ-1", "故事-7", "🚀-1", "KAN/1", "KAN*1", "KAN?1", "KAN\\1",
	}
	for i, key := range keys {
		if _, err := s.Update(ctx, key, func(e *ledger.Entry) error {
			e.AutoVerifyRuns = i + 1
			e.LastFailureHash = key
			return nil
		}); err != nil {
			t.Fatalf("Update(%q): %v", key, err)
		}
	}
	check := func(reset map[string]bool) {
		t.Helper()
		for i, key := range keys {
			want := ledger.Entry{StoryKey: key, AutoVerifyRuns: i + 1, LastFailureHash: key}
			if reset[key] {
				want = ledger.Entry{StoryKey: key}
			}
			sameEntry(t, fmt.Sprintf("Get(%q)", key), mustGet(t, s, key), want)
		}
	}
	check(nil)
	for _, key := range []string{"KAN-1", "{KAN-1}", "ключ-1"} {
		if err := s.Reset(ctx, key); err != nil {
			t.Fatal(err)
		}
	}
	check(map[string]bool{"KAN-1": true, "{KAN-1}": true, "ключ-1": true})
}

func testHistoryBounded(t *testing.T, s ledger.Store) {
	ctx := ctxFor(t)
	l := &ledger.Ledger{Store: s, Limits: ledger.DefaultLimits}
	const extra = 7
	for i := range ledger.HistoryLimit + extra {
		if _, err := l.Finish(ctx, "KAN-5", ledger.RunRecord{RunID: fmt.Sprint("run-", i), Commit: fmt.Sprint("c", i), Route: ledger.NeedsFix, Failed: 1, FailureHash: "h"}); err != nil {
			t.Fatalf("Finish %d: %v", i, err)
		}
	}
	e := mustGet(t, s, "KAN-5")
	if len(e.History) != ledger.HistoryLimit {
		t.Fatalf("history has %d records, want %d", len(e.History), ledger.HistoryLimit)
	}
	if first, last := e.History[0].RunID, e.History[len(e.History)-1].RunID; first != fmt.Sprint("run-", extra) || last != fmt.Sprint("run-", ledger.HistoryLimit+extra-1) {
		t.Errorf("history runs %s..%s, want run-%d..run-%d (oldest dropped, order kept)", first, last, extra, ledger.HistoryLimit+extra-1)
	}
	if e.VerifyLastCommitSHA != fmt.Sprint("c", ledger.HistoryLimit+extra-1) || e.LastRoute != ledger.NeedsFix {
		t.Errorf("latest run not recorded: commit %q route %q", e.VerifyLastCommitSHA, e.LastRoute)
	}
}

var iso8601UTC = regexp.MustCompile(`^"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z"$`)

func testLastFailureAt(t *testing.T, s ledger.Store) {
	ctx := ctxFor(t)
	// The clock runs in +05:30 with nanoseconds; the ledger must keep the
	// instant, exactly, in UTC.
	local := time.Date(2025, 11, 30, 23, 59, 58, 123456789, time.FixedZone("IST", 5*3600+1800))
	l := &ledger.Ledger{Store: s, Limits: ledger.DefaultLimits, Now: func() time.Time { return local }}
	if _, err := l.Finish(ctx, "KAN-8", ledger.RunRecord{Commit: "abc", Route: ledger.NeedsFix, Failed: 2, FailureHash: "h1", FailureType: "test_failure"}); err != nil {
		t.Fatal(err)
	}
	e := mustGet(t, s, "KAN-8")
	if e.LastFailureAt == nil {
		t.Fatal("LastFailureAt not stored")
	}
	if !e.LastFailureAt.Equal(local) || e.LastFailureAt.Location() != time.UTC {
		t.Errorf("LastFailureAt = %v (%v), want %v in UTC", e.LastFailureAt, e.LastFailureAt.Location(), local.UTC())
	}
	raw, err := json.Marshal(e.LastFailureAt)
	if err != nil {
		t.Fatal(err)
	}
	if !iso8601UTC.Match(raw) || string(raw) != `"2025-11-30T18:29:58.123456789Z"` {
		t.Errorf("LastFailureAt encodes as %s, want \"2025-11-30T18:29:58.123456789Z\"", raw)
	}
	if e.LastFailureHash != "h1" || e.LastFailureType != "test_failure" {
		t.Errorf("failure fields = %q %q", e.LastFailureHash, e.LastFailureType)
	}
	// A passing run keeps the last failure.
	if _, err := l.Finish(ctx, "KAN-8", ledger.RunRecord{Commit: "def", Route: ledger.Verified, Passed: 3}); err != nil {
		t.Fatal(err)
	}
	if e := mustGet(t, s, "KAN-8"); e.LastFailureAt == nil || !e.LastFailureAt.Equal(local) || e.VerifyLastCommitSHA != "def" {
		t.Errorf("after a passing run: %+v", e)
	}
}

// beginCycles starts n BeginCycle calls on one story at once, spread over
// the given stores, and returns how many succeeded and how many were
// refused.
func beginCycles(t *testing.T, stores []ledger.Store, key string, n, limit int) (ok, refused int) {
	t.Helper()
	ctx := ctxFor(t)
	var (
		start = make(chan struct{})
		mu    sync.Mutex
		wg    sync.WaitGroup
		other []error
	)
	for i := range n {
		l := &ledger.Ledger{Store: stores[i%len(stores)], Limits: ledger.Limits{MaxVerifyCycles: limit, MaxAutoFixAttempts: 2}}
		wg.Go(func() {
			<-start
			_, err := l.BeginCycle(ctx, key, fmt.Sprintf("run-%d", i))
			var re *ledger.RefusedError
			mu.Lock()
			defer mu.Unlock()
			switch {
			case err == nil:
				ok++
			case errors.As(err, &re):
				refused++
				if re.Entry.AutoVerifyRuns != limit {
					other = append(other, fmt.Errorf("refused with %d runs recorded, want %d", re.Entry.AutoVerifyRuns, limit))
				}
			default:
				other = append(other, err)
			}
		})
	}
	close(start)
	wg.Wait()
	for _, err := range other {
		t.Errorf("BeginCycle: %v", err)
	}
	return ok, refused
}

func testConcurrentBeginCycle(t *testing.T, s ledger.Store) {
	const n, limit = 20, 3
	ok, refused := beginCycles(t, []ledger.Store{s}, "KAN-4", n, limit)
	if ok != limit || refused != n-limit {
		t.Errorf("%d concurrent BeginCycle with MaxVerifyCycles %d: %d succeeded, %d refused; want %d and %d", n, limit, ok, refused, limit, n-limit)
	}
	if got := mustGet(t, s, "KAN-4").AutoVerifyRuns; got != limit {
		t.Errorf("AutoVerifyRuns = %d, want exactly %d", got, limit)
	}
}

// ConcurrentIncrements runs perStory concurrent increments of
// AutoFixAttempts on each of stories stories, spread over the given stores,
// all started at once, and fails t unless every story ends at exactly
// perStory. Benchmarks use it too.
func ConcurrentIncrements(tb testing.TB, ctx context.Context, stores []ledger.Store, prefix string, stories, perStory int) {
	tb.Helper()
	var (
		start = make(chan struct{})
		wg    sync.WaitGroup
		errs  = make(chan error, stories*perStory)
	)
	for i := range stories * perStory {
		s := stores[i%len(stores)]
		key := fmt.Sprintf("%s%d", prefix, i%stories)
		wg.Go(func() {
			<-start
			if _, err := s.Update(ctx, key, func(e *ledger.Entry) error {
				e.AutoFixAttempts++
				return nil
			}); err != nil {
				errs <- err
			}
		})
	}
	close(start)
	wg.Wait()
	close(errs)
	for err := range errs {
		tb.Errorf("Update: %v", err)
	}
	for i := range stories {
		key := fmt.Sprintf("%s%d", prefix, i)
		e, err := stores[0].Get(ctx, key)
		if err != nil {
			tb.Fatalf("Get(%s): %v", key, err)
		}
		if e.AutoFixAttempts != perStory {
			tb.Errorf("%s: AutoFixAttempts = %d after %d concurrent increments, want exactly %d", key, e.AutoFixAttempts, perStory, perStory)
		}
	}
}

func testConcurrentUpdates(t *testing.T, s ledger.Store) {
	ConcurrentIncrements(t, ctxFor(t), []ledger.Store{s}, "KAN-", 100, 10)
}

func testPingAndClose(t *testing.T, s ledger.Store) {
	ctx := ctxFor(t)
	if err := s.Ping(ctx); err != nil {
		t.Fatalf("Ping: %v", err)
	}
	if err := s.Close(); err != nil {
		t.Fatalf("Close: %v", err)
	}
	if err := s.Ping(ctx); err == nil {
		t.Error("Ping after Close succeeded")
	}
	if _, err := s.Update(ctx, "KAN-1", func(*ledger.Entry) error { return nil }); err == nil {
		t.Error("Update after Close succeeded")
	}
	if err := s.Close(); err != nil {
		t.Errorf("second Close: %v (Close must be idempotent)", err)
	}
}

func testSharedVisibility(t *testing.T, a, b ledger.Store) {
	ctx := ctxFor(t)
	if _, err := a.Update(ctx, "KAN-1", func(e *ledger.Entry) error { e.AutoVerifyRuns = 2; return nil }); err != nil {
		t.Fatal(err)
	}
	if e := mustGet(t, b, "KAN-1"); e.AutoVerifyRuns != 2 {
		t.Errorf("written through a, read through b: %+v", e)
	}
	if _, err := b.Update(ctx, "KAN-1", func(e *ledger.Entry) error { e.AutoVerifyRuns++; return nil }); err != nil {
		t.Fatal(err)
	}
	if e := mustGet(t, a, "KAN-1"); e.AutoVerifyRuns != 3 {
		t.Errorf("incremented through b, read through a: %+v", e)
	}
	if err := b.Reset(ctx, "KAN-1"); err != nil {
		t.Fatal(err)
	}
	sameEntry(t, "reset through b, read through a", mustGet(t, a, "KAN-1"), ledger.Entry{StoryKey: "KAN-1"})
}

func testSharedConcurrentUpdates(t *testing.T, a, b ledger.Store) {
	ConcurrentIncrements(t, ctxFor(t), []ledger.Store{a, b}, "KAN-", 50, 20)
}

func testSharedBeginCycle(t *testing.T, a, b ledger.Store) {
	const n, limit = 20, 3
	ok, refused := beginCycles(t, []ledger.Store{a, b}, "KAN-9", n, limit)
	if ok != limit || refused != n-limit {
		t.Errorf("%d concurrent BeginCycle over two stores: %d succeeded, %d refused; want %d and %d", n, ok, refused, limit, n-limit)
	}
	if got := mustGet(t, b, "KAN-9").AutoVerifyRuns; got != limit {
		t.Errorf("AutoVerifyRuns = %d, want exactly %d", got, limit)
	}
}

// blobStore is the result cache's storage (verify.BlobStore): every store
// offers it.
type blobStore interface {
	GetBlob(ctx context.Context, key string) ([]byte, bool, error)
	PutBlob(ctx context.Context, key string, value []byte, ttl time.Duration) error
}

func testBlobs(t *testing.T, s ledger.Store) {
	ctx := context.Background()
	b, ok := s.(blobStore)
	if !ok {
		t.Fatalf("%T does not keep blobs (the result cache)", s)
	}
	if _, found, err := b.GetBlob(ctx, "k1"); err != nil || found {
		t.Fatalf("unknown key: found=%v err=%v", found, err)
	}
	if err := b.PutBlob(ctx, "k1", []byte("v1"), time.Hour); err != nil {
		t.Fatal(err)
	}
	if err := b.PutBlob(ctx, "k1", []byte("v2"), time.Hour); err != nil {
		t.Fatal(err)
	}
	got, found, err := b.GetBlob(ctx, "k1")
	if err != nil || !found || string(got) != "v2" {
		t.Fatalf("after overwrite: %q found=%v err=%v", got, found, err)
	}
	if err := b.PutBlob(ctx, "short", []byte("gone soon"), 50*time.Millisecond); err != nil {
		t.Fatal(err)
	}
	time.Sleep(1200 * time.Millisecond) // Redis expiries have second-ish resolution on some versions
	if _, found, _ := b.GetBlob(ctx, "short"); found {
		t.Error("an expired blob is still served")
	}
	if err := b.PutBlob(ctx, "k2", []byte("v"), time.Hour); err != nil {
		t.Fatal(err)
	}
	if got, found, _ := b.GetBlob(ctx, "k1"); !found || string(got) != "v2" {
		t.Error("dropping expired blobs dropped a live one")
	}
}
