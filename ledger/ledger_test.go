package ledger_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/engineo/autoverify/ledger"
	"github.com/engineo/autoverify/ledger/storetest"
)

// memStore is the simplest correct Store: a map under one mutex, entries
// kept as JSON like the real stores keep them. It checks the contract suite
// against a store that is obviously right, and gives the Ledger tests below
// a store without I/O.
type memStore struct {
	mu     sync.Mutex
	m      map[string][]byte
	blobs  map[string]memBlob
	closed bool
	// authors and counted are the per-author claim counts and the
	// (run, author) pairs already counted.
	authors map[string]ledger.ClaimCounts
	counted map[string]bool
}

func (s *memStore) CountClaims(_ context.Context, author, runID string, c ledger.ClaimCounts) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.authors == nil {
		s.authors, s.counted = map[string]ledger.ClaimCounts{}, map[string]bool{}
	}
	if runID != "" {
		if s.counted[runID+"\x00"+author] {
			return nil
		}
		s.counted[runID+"\x00"+author] = true
	}
	s.authors[author] = s.authors[author].Add(c)
	return nil
}

func (s *memStore) AuthorClaims(context.Context) (map[string]ledger.ClaimCounts, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := map[string]ledger.ClaimCounts{}
	for k, v := range s.authors {
		out[k] = v
	}
	return out, nil
}

type memBlob struct {
	v   []byte
	exp time.Time
}

func (s *memStore) GetBlob(_ context.Context, key string) ([]byte, bool, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	b, ok := s.blobs[key]
	if !ok || time.Now().After(b.exp) {
		return nil, false, nil
	}
	return b.v, true, nil
}

func (s *memStore) PutBlob(_ context.Context, key string, v []byte, ttl time.Duration) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.blobs == nil {
		s.blobs = map[string]memBlob{}
	}
	s.blobs[key] = memBlob{v, time.Now().Add(ttl)}
	return nil
}

var _ ledger.Store = (*memStore)(nil)

func newMemStore(t *testing.T) ledger.Store {
	s := &memStore{m: map[string][]byte{}}
	t.Cleanup(func() { _ = s.Close() })
	return s
}

func (s *memStore) check(ctx context.Context, key string) error {
	if s.closed {
		return errors.New("memstore: closed")
	}
	if key == "" {
		return errors.New("memstore: empty story key")
	}
	return ctx.Err()
}

func (s *memStore) load(key string) (ledger.Entry, error) {
	e := ledger.Entry{StoryKey: key}
	if raw, ok := s.m[key]; ok {
		if err := json.Unmarshal(raw, &e); err != nil {
			return ledger.Entry{}, err
		}
	}
	return e, nil
}

func (s *memStore) Get(ctx context.Context, key string) (ledger.Entry, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.check(ctx, key); err != nil {
		return ledger.Entry{}, err
	}
	return s.load(key)
}

func (s *memStore) Update(ctx context.Context, key string, fn func(*ledger.Entry) error) (ledger.Entry, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.check(ctx, key); err != nil {
		return ledger.Entry{}, err
	}
	e, err := s.load(key)
	if err != nil {
		return ledger.Entry{}, err
	}
	if err := fn(&e); err != nil {
		return ledger.Entry{}, err
	}
	e.StoryKey = key
	raw, err := json.Marshal(e)
	if err != nil {
		return ledger.Entry{}, err
	}
	s.m[key] = raw
	return s.load(key)
}

func (s *memStore) Reset(ctx context.Context, key string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.check(ctx, key); err != nil {
		return err
	}
	delete(s.m, key)
	return nil
}

func (s *memStore) Ping(ctx context.Context) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return errors.New("memstore: closed")
	}
	return ctx.Err()
}

func (s *memStore) Close() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.closed = true
	return nil
}

func TestContractMemStore(t *testing.T) {
	t.Parallel()
	storetest.Run(t, newMemStore)
	storetest.RunShared(t, func(t *testing.T) (ledger.Store, ledger.Store) {
		s := newMemStore(t)
		return s, s
	})
}

func TestBeginCycle(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	l := &ledger.Ledger{Store: newMemStore(t), Limits: ledger.DefaultLimits}
	for want := 1; want <= ledger.DefaultLimits.MaxVerifyCycles; want++ {
		e, err := l.BeginCycle(ctx, "KAN-1", "")
		if err != nil || e.AutoVerifyRuns != want {
			t.Fatalf("BeginCycle %d = %+v, %v", want, e, err)
		}
	}
	_, err := l.BeginCycle(ctx, "KAN-1", "")
	var re *ledger.RefusedError
	if !errors.As(err, &re) {
		t.Fatalf("BeginCycle past the limit: %v, want *RefusedError", err)
	}
	for _, want := range []string{"KAN-1", "all 3 verify cycles", "3 runs recorded", "autoverify ledger reset KAN-1"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("refusal %q does not mention %q", err, want)
		}
	}
	// A new commit does not lift the refusal; only a reset does.
	if _, err := l.Finish(ctx, "KAN-1", ledger.RunRecord{Commit: "new", Route: ledger.NeedsFix}); err != nil {
		t.Fatal(err)
	}
	if _, err := l.BeginCycle(ctx, "KAN-1", ""); !errors.As(err, &re) {
		t.Errorf("BeginCycle after a new commit: %v, want *RefusedError", err)
	}
	if err := l.Store.Reset(ctx, "KAN-1"); err != nil {
		t.Fatal(err)
	}
	if e, err := l.BeginCycle(ctx, "KAN-1", ""); err != nil || e.AutoVerifyRuns != 1 {
		t.Errorf("BeginCycle after reset = %+v, %v", e, err)
	}
}

func TestBeginFix(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	l := &ledger.Ledger{Store: newMemStore(t), Limits: ledger.Limits{MaxAutoFixAttempts: 2, MaxVerifyCycles: 3}}
	for want := 1; want <= 2; want++ {
		if e, err := l.BeginFix(ctx, "KAN-2"); err != nil || e.AutoFixAttempts != want {
			t.Fatalf("BeginFix %d = %+v, %v", want, e, err)
		}
	}
	if _, err := l.BeginFix(ctx, "KAN-2"); !errors.Is(err, ledger.ErrFixesExhausted) {
		t.Errorf("third BeginFix: %v, want ErrFixesExhausted", err)
	}
}

func TestFinish(t *testing.T) {
	t.Parallel()
	now := time.Date(2025, 1, 2, 3, 4, 5, 0, time.FixedZone("CET", 3600))
	tests := []struct {
		name        string
		rec         ledger.RunRecord
		wantFailure bool
	}{
		{"failed items", ledger.RunRecord{Commit: "c1", Route: ledger.NeedsFix, Failed: 1, FailureHash: "h", FailureType: "test_failure"}, true},
		{"hash only", ledger.RunRecord{Commit: "c1", Route: ledger.HumanAttention, FailureHash: "h", FailureType: "env"}, true},
		{"passed", ledger.RunRecord{Commit: "c1", Route: ledger.Verified, Passed: 2}, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			l := &ledger.Ledger{Store: newMemStore(t), Limits: ledger.DefaultLimits, Now: func() time.Time { return now }}
			e, err := l.Finish(t.Context(), "KAN-3", tc.rec)
			if err != nil {
				t.Fatal(err)
			}
			if e.VerifyLastCommitSHA != "c1" || e.LastRoute != tc.rec.Route || len(e.History) != 1 {
				t.Errorf("Finish = %+v", e)
			}
			if !e.History[0].At.Equal(now) || e.History[0].At.Location() != time.UTC {
				t.Errorf("history time %v, want %v in UTC", e.History[0].At, now)
			}
			if got := e.LastFailureAt != nil; got != tc.wantFailure {
				t.Fatalf("failure recorded = %t, want %t", got, tc.wantFailure)
			}
			if tc.wantFailure && (e.LastFailureHash != tc.rec.FailureHash || e.LastFailureType != tc.rec.FailureType || !e.LastFailureAt.Equal(now)) {
				t.Errorf("failure fields = %q %q %v", e.LastFailureHash, e.LastFailureType, e.LastFailureAt)
			}
		})
	}
}

func TestPassingRunStartsANewLoop(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	l := &ledger.Ledger{Store: newMemStore(t), Limits: ledger.DefaultLimits}
	for i := 0; i < 5; i++ {
		e, err := l.BeginCycle(ctx, "K-1", "")
		require.NoError(t, err, "run %d", i)
		assert.Equal(t, 1, e.AutoVerifyRuns, "a pass closed the previous loop")
		_, err = l.Finish(ctx, "K-1", ledger.RunRecord{Route: ledger.HumanReview})
		require.NoError(t, err)
	}
	for i := 0; i < 3; i++ {
		_, err := l.BeginCycle(ctx, "K-1", "")
		require.NoError(t, err)
		_, err = l.Finish(ctx, "K-1", ledger.RunRecord{Route: ledger.NeedsFix, Failed: 1, FailureHash: "h"})
		require.NoError(t, err)
	}
	_, err := l.BeginCycle(ctx, "K-1", "")
	var refused *ledger.RefusedError
	assert.ErrorAs(t, err, &refused, "a failing loop stays exhausted")
}

// TestWithRunIsWhatFinishRecords: the entry worked out without the store
// (what a run shows while its record is written) is the one Finish
// leaves, for a failure, a pass, and a history at its limit; the entry it
// started from is left alone.
func TestWithRunIsWhatFinishRecords(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	at := time.Date(2026, 11, 27, 12, 0, 0, 0, time.UTC)
	for _, tc := range []struct {
		name  string
		prior int
		rec   ledger.RunRecord
	}{
		{"failure", 0, ledger.RunRecord{At: at, RunID: "r", Commit: "c2", Route: ledger.NeedsFix, Failed: 1, FailureHash: "h", FailureType: "test_failure"}},
		{"pass", 3, ledger.RunRecord{At: at, RunID: "r", Commit: "c2", Route: ledger.Verified, Passed: 2, Gates: map[string]string{"VERIFY_RED": "ok"}}},
		{"history at its limit", ledger.HistoryLimit, ledger.RunRecord{At: at, RunID: "r", Commit: "c2", Route: ledger.Verified, Passed: 1}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			l := &ledger.Ledger{Store: newMemStore(t), Limits: ledger.DefaultLimits}
			for i := 0; i < tc.prior; i++ {
				if _, err := l.Finish(ctx, "KAN-9", ledger.RunRecord{At: at, RunID: fmt.Sprint("old-", i), Route: ledger.NeedsFix, Failed: 1, FailureHash: "x"}); err != nil {
					t.Fatal(err)
				}
			}
			before, err := l.BeginCycle(ctx, "KAN-9", "")
			if err != nil {
				t.Fatal(err)
			}
			// Spare capacity: an append into it would change what the
			// caller holds.
			before.History = append(make([]ledger.RunRecord, 0, len(before.History)+4), before.History...)
			held := slices.Clone(before.History[:cap(before.History)])
			predicted := before.WithRun(tc.rec)
			recorded, err := l.Finish(ctx, "KAN-9", tc.rec)
			if err != nil {
				t.Fatal(err)
			}
			pj, _ := json.Marshal(predicted)
			rj, _ := json.Marshal(recorded)
			if string(pj) != string(rj) {
				t.Errorf("WithRun =\n%s\nFinish =\n%s", pj, rj)
			}
			if !reflect.DeepEqual(held, before.History[:cap(before.History)]) {
				t.Error("WithRun wrote into the history it was given")
			}
		})
	}
}

// TestReservationsInFlight: a reserved cycle stays in the entry until its
// run is recorded; one whose lease runs out without a renewal is recorded
// as lost (still counted, the route left alone), and a late Finish of that
// run replaces the lost record instead of adding a second one.
func TestReservationsInFlight(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	now := time.Date(2026, 11, 28, 12, 0, 0, 0, time.UTC)
	l := &ledger.Ledger{Store: newMemStore(t), Limits: ledger.Limits{MaxVerifyCycles: 5, MaxAutoFixAttempts: 2},
		Lease: time.Minute, Now: func() time.Time { return now }}
	_, err := l.BeginCycle(ctx, "K", "run-a")
	require.NoError(t, err)
	_, err = l.BeginCycle(ctx, "K", "run-b")
	require.NoError(t, err)
	e, err := l.Peek(ctx, "K")
	require.NoError(t, err)
	require.Len(t, e.InFlight, 2)
	assert.Equal(t, now.Add(time.Minute), e.InFlight[0].Until)

	// run-a finishes; run-b renews, then goes quiet.
	_, err = l.Finish(ctx, "K", ledger.RunRecord{RunID: "run-a", Route: ledger.NeedsFix, Failed: 1})
	require.NoError(t, err)
	now = now.Add(50 * time.Second)
	require.NoError(t, l.Renew(ctx, "K", "run-b"))
	now = now.Add(50 * time.Second) // within run-b's renewed lease
	e, err = l.BeginCycle(ctx, "K", "run-c")
	require.NoError(t, err)
	assert.Len(t, e.InFlight, 2, "run-b renewed in time: still in flight, beside run-c")

	now = now.Add(2 * time.Minute) // both leases over
	e, err = l.BeginCycle(ctx, "K", "run-d")
	require.NoError(t, err)
	assert.Equal(t, 4, e.AutoVerifyRuns, "lost runs stay counted")
	require.Len(t, e.InFlight, 1)
	assert.Equal(t, "run-d", e.InFlight[0].RunID)
	var lost []string
	for _, r := range e.History {
		if r.Lost {
			lost = append(lost, r.RunID)
			assert.Equal(t, ledger.HumanAttention, r.Route)
			assert.Contains(t, r.Reason, "run lost")
		}
	}
	assert.ElementsMatch(t, []string{"run-b", "run-c"}, lost)
	assert.Equal(t, ledger.NeedsFix, e.LastRoute, "a lost run decided nothing")

	// run-b was only slow: its outcome replaces its lost record.
	e, err = l.Finish(ctx, "K", ledger.RunRecord{RunID: "run-b", Route: ledger.NeedsFix, Failed: 1, Reason: "late"})
	require.NoError(t, err)
	var b []ledger.RunRecord
	for _, r := range e.History {
		if r.RunID == "run-b" {
			b = append(b, r)
		}
	}
	require.Len(t, b, 1)
	assert.False(t, b[0].Lost)
	assert.Equal(t, "late", b[0].Reason)
	assert.Equal(t, 4, e.AutoVerifyRuns, "counted once")
}

// TestPassingLoopCountsRunsInFlight: after a pass a new loop starts, but
// the runs still in flight count in it, so a story is never verified by
// more runs at once than its limit.
func TestPassingLoopCountsRunsInFlight(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	l := &ledger.Ledger{Store: newMemStore(t), Limits: ledger.Limits{MaxVerifyCycles: 3, MaxAutoFixAttempts: 2}}
	for _, id := range []string{"a", "b", "c"} {
		_, err := l.BeginCycle(ctx, "K", id)
		require.NoError(t, err)
	}
	_, err := l.Finish(ctx, "K", ledger.RunRecord{RunID: "a", Route: ledger.Verified, Passed: 1})
	require.NoError(t, err)
	e, err := l.BeginCycle(ctx, "K", "d")
	require.NoError(t, err, "a passed: a new loop, with b and c still in flight")
	assert.Equal(t, 3, e.AutoVerifyRuns)
	_, err = l.BeginCycle(ctx, "K", "e")
	var re *ledger.RefusedError
	require.ErrorAs(t, err, &re, "three runs in flight")
	peek, err := l.Peek(ctx, "K")
	require.NoError(t, err)
	assert.Error(t, peek.Refusal(l.Limits), "Refusal agrees with BeginCycle")
}
