package redis

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/engineo/autoverify/integrations/redistest"

	"github.com/engineo/autoverify/ledger"
	"github.com/engineo/autoverify/ledger/storetest"
)

// testURL is the Redis the tests use (see integrations/redistest).
func testURL() string { return redistest.URL(15) }

// requireRedis skips (loudly) when no Redis is reachable, or fails in CI.
func requireRedis(tb testing.TB) {
	tb.Helper()
	redistest.Client(tb, 15, "redis ledger tests")
}

var (
	prefixSeq atomic.Int64
	warnOnce  sync.Once
)

// uniquePrefix isolates one test's keys from every other test, run and
// process sharing the Redis.
func uniquePrefix(tb testing.TB) string {
	var b [4]byte
	_, _ = rand.Read(b[:])
	name := strings.NewReplacer("/", ".", " ", "_").Replace(tb.Name())
	return fmt.Sprintf("autoverify-test:%s:%s:%d:", name, hex.EncodeToString(b[:]), prefixSeq.Add(1))
}

// newTestStore returns a Store under a unique prefix whose keys are
// deleted, and which is closed, when the test ends.
func newTestStore(tb testing.TB, opts ...Option) *Store {
	tb.Helper()
	return newTestStores(tb, 1, opts...)[0]
}

// newTestStores returns n Stores (n separate clients) sharing one unique
// prefix.
func newTestStores(tb testing.TB, n int, opts ...Option) []*Store {
	tb.Helper()
	prefix := uniquePrefix(tb)
	opts = append([]Option{WithPrefix(prefix)}, opts...)
	var stores []*Store
	for range n {
		s, err := New(context.Background(), testURL(), opts...)
		if err != nil {
			tb.Fatal(err)
		}
		stores = append(stores, s)
	}
	cleaner, err := New(context.Background(), testURL(), WithPrefix(prefix))
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() {
		for _, s := range stores {
			_ = s.Close()
		}
		ctx := context.Background()
		keys, err := cleaner.rdb.Keys(ctx, prefix+"*").Result() // only this test's keys; SCAN is not needed at this size
		if err == nil && len(keys) > 0 {
			err = cleaner.rdb.Del(ctx, keys...).Err()
		}
		if err != nil {
			tb.Errorf("cleaning up %s*: %v", prefix, err)
		}
		_ = cleaner.Close()
	})
	return stores
}

func TestContract(t *testing.T) {
	t.Parallel()
	requireRedis(t)
	storetest.Run(t, func(t *testing.T) ledger.Store { return newTestStore(t) })
}

func TestContractTwoClients(t *testing.T) {
	t.Parallel()
	requireRedis(t)
	storetest.RunShared(t, func(t *testing.T) (ledger.Store, ledger.Store) {
		s := newTestStores(t, 2)
		return s[0], s[1]
	})
}

func TestKeyLayout(t *testing.T) {
	t.Parallel()
	requireRedis(t)
	s := newTestStore(t)
	ctx := t.Context()
	at := time.Date(2025, 6, 7, 8, 9, 10, 0, time.FixedZone("X", -7*3600)).UTC()
	if _, err := s.Update(ctx, "KAN-1", func(e *ledger.Entry) error {
		e.AutoVerifyRuns, e.LastFailureAt = 1, &at
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	raw, err := s.rdb.Get(ctx, s.prefix+"ledger:{KAN-1}").Result()
	if err != nil {
		t.Fatalf("entry not at %sledger:{KAN-1}: %v", s.prefix, err)
	}
	var m map[string]any
	if err := json.Unmarshal([]byte(raw), &m); err != nil {
		t.Fatalf("stored value is not JSON: %q", raw)
	}
	if m["story_key"] != "KAN-1" || m["auto_verify_runs"] != 1.0 || m["last_failure_at"] != "2025-06-07T15:09:10Z" {
		t.Errorf("stored JSON = %s", raw)
	}
	if n, _ := s.rdb.Exists(ctx, s.prefix+"lock:{KAN-1}").Result(); n != 0 {
		t.Error("the lock outlived the update")
	}
	if ttl, _ := s.rdb.PTTL(ctx, s.prefix+"ledger:{KAN-1}").Result(); ttl >= 0 {
		t.Errorf("the entry expires (PTTL %s); entries must persist", ttl)
	}
}

func TestLockExpiresWhenOwnerDies(t *testing.T) {
	t.Parallel()
	requireRedis(t)
	s := newTestStore(t, WithLockWait(5*time.Second))
	ctx := t.Context()
	const ttl = 300 * time.Millisecond
	if _, err := s.acquire(ctx, "KAN-1", ttl); err != nil { // never released: the owner "dies"
		t.Fatal(err)
	}
	start := time.Now()
	e, err := s.Update(ctx, "KAN-1", func(e *ledger.Entry) error { e.AutoVerifyRuns++; return nil })
	waited := time.Since(start)
	if err != nil {
		t.Fatalf("Update after the owner died: %v", err)
	}
	if e.AutoVerifyRuns != 1 {
		t.Errorf("AutoVerifyRuns = %d", e.AutoVerifyRuns)
	}
	if waited < ttl/2 {
		t.Errorf("Update took %s: it did not wait for the dead owner's lock (TTL %s)", waited, ttl)
	}
	if waited > ttl+time.Second {
		t.Errorf("Update took %s, far beyond the dead owner's lock TTL %s", waited, ttl)
	}
}

func TestLockWaitLimit(t *testing.T) {
	t.Parallel()
	requireRedis(t)
	s := newTestStore(t, WithLockWait(200*time.Millisecond))
	ctx := t.Context()
	if _, err := s.acquire(ctx, "KAN-1", time.Minute); err != nil {
		t.Fatal(err)
	}
	called := false
	_, err := s.Update(ctx, "KAN-1", func(*ledger.Entry) error { called = true; return nil })
	if err == nil || !strings.Contains(err.Error(), "KAN-1 is locked") {
		t.Errorf("Update on a held lock: %v, want a lock-wait error", err)
	}
	if called {
		t.Error("fn ran without the lock")
	}
	// The context ends the wait too.
	short, cancel := context.WithTimeout(ctx, 50*time.Millisecond)
	defer cancel()
	if _, err := s.Update(short, "KAN-1", func(*ledger.Entry) error { return nil }); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("Update with a short deadline on a held lock: %v, want DeadlineExceeded", err)
	}
}

func TestReleaseOnlyByOwner(t *testing.T) {
	t.Parallel()
	requireRedis(t)
	s := newTestStore(t)
	ctx := t.Context()
	owner, err := s.acquire(ctx, "KAN-1", time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	thief := &lock{s: s, key: owner.key, token: "not-the-owner"}
	if ok, err := thief.release(); err != nil || ok {
		t.Fatalf("release by a non-owner = %t, %v; want false", ok, err)
	}
	if got, _ := s.rdb.Get(ctx, owner.key).Result(); got != owner.token {
		t.Fatalf("lock holds %q after a non-owner's release, want the owner's token", got)
	}
	if ok, err := owner.release(); err != nil || !ok {
		t.Fatalf("release by the owner = %t, %v; want true", ok, err)
	}
	if n, _ := s.rdb.Exists(ctx, owner.key).Result(); n != 0 {
		t.Error("lock still there after the owner released it")
	}
	// Releasing again (the lock expired and was taken by someone else, or
	// is simply gone) does nothing.
	next, err := s.acquire(ctx, "KAN-1", time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	if ok, _ := owner.release(); ok {
		t.Error("a stale owner released the next owner's lock")
	}
	if got, _ := s.rdb.Get(ctx, next.key).Result(); got != next.token {
		t.Error("the next owner's lock is gone")
	}
}

// TestCompareAndSetRetries simulates the case the lock cannot cover: the
// lock expires mid-update and another writer changes the entry. The
// update must run fn again on the new value instead of overwriting it.
func TestCompareAndSetRetries(t *testing.T) {
	t.Parallel()
	requireRedis(t)
	s := newTestStore(t)
	ctx := t.Context()
	tests := []struct {
		name, key string
		seed      bool // whether the entry exists before the update
		want      int
		meddle    func(t *testing.T)
	}{
		{"ChangedUnderneath", "KAN-changed", true, 11, func(t *testing.T) {
			if _, err := s.rdb.Set(ctx, s.dataKey("KAN-changed"), `{"story_key":"KAN-changed","auto_verify_runs":10}`, 0).Result(); err != nil {
				t.Fatal(err)
			}
		}},
		{"CreatedUnderneath", "KAN-created", false, 11, func(t *testing.T) {
			if _, err := s.rdb.Set(ctx, s.dataKey("KAN-created"), `{"story_key":"KAN-created","auto_verify_runs":10}`, 0).Result(); err != nil {
				t.Fatal(err)
			}
		}},
		{"ResetUnderneath", "KAN-reset", true, 1, func(t *testing.T) {
			if err := s.Reset(ctx, "KAN-reset"); err != nil {
				t.Fatal(err)
			}
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			key, want := tc.key, tc.want
			if tc.seed {
				if _, err := s.Update(ctx, key, func(e *ledger.Entry) error { e.AutoVerifyRuns = 5; return nil }); err != nil {
					t.Fatal(err)
				}
			}
			calls := 0
			e, err := s.Update(ctx, key, func(e *ledger.Entry) error {
				calls++
				if calls == 1 {
					tc.meddle(t)
				}
				e.AutoVerifyRuns++
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			if calls != 2 {
				t.Errorf("fn ran %d times, want 2 (once more on the fresh value)", calls)
			}
			if got, _ := s.Get(ctx, key); e.AutoVerifyRuns != want || got.AutoVerifyRuns != want {
				t.Errorf("AutoVerifyRuns = %d (stored %d), want %d: the other writer's change was lost", e.AutoVerifyRuns, got.AutoVerifyRuns, want)
			}
		})
	}
}

func TestCorruptEntry(t *testing.T) {
	t.Parallel()
	requireRedis(t)
	s := newTestStore(t)
	ctx := t.Context()
	if err := s.rdb.Set(ctx, s.dataKey("KAN-1"), "{not json", 0).Err(); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Get(ctx, "KAN-1"); err == nil || !strings.Contains(err.Error(), "decoding KAN-1") {
		t.Errorf("Get of a corrupt entry: %v", err)
	}
	if _, err := s.Update(ctx, "KAN-1", func(e *ledger.Entry) error { e.AutoVerifyRuns++; return nil }); err == nil {
		t.Error("Update over a corrupt entry succeeded")
	}
	if got, _ := s.rdb.Get(ctx, s.dataKey("KAN-1")).Result(); got != "{not json" {
		t.Errorf("Update overwrote a corrupt entry with %q; it must leave it for a person", got)
	}
	if err := s.Reset(ctx, "KAN-1"); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Get(ctx, "KAN-1"); err != nil {
		t.Errorf("Get after resetting a corrupt entry: %v", err)
	}
}

// freeAddr returns a local address with nothing listening.
func freeAddr(t *testing.T) string {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	_ = l.Close()
	return addr
}

func TestNewFailsFast(t *testing.T) {
	t.Parallel()
	addr := freeAddr(t)
	tests := []struct {
		name    string
		url     string
		want    []string
		maxTime time.Duration
	}{
		{"Unreachable", "redis://:s3cret-pw@" + addr + "/0", []string{"ledger: redis at redis://:***@" + addr + "/0 unreachable", "ENGINEO_REDIS_URL"}, 3 * time.Second},
		{"UnreachableUserAndPassword", "redis://bob:s3cret-pw@" + addr + "/2", []string{"redis://bob:***@" + addr + "/2 unreachable"}, 3 * time.Second},
		{"BadScheme", "http://:s3cret-pw@" + addr, []string{"invalid redis URL http://:***@" + addr, "ENGINEO_REDIS_URL"}, time.Second},
		{"BadPort", "redis://:s3cret-pw@127.0.0.1:notaport/0", []string{"invalid redis URL", "ENGINEO_REDIS_URL"}, time.Second},
		{"BadDB", "redis://:s3cret-pw@" + addr + "/x", []string{"invalid redis URL redis://:***@" + addr + "/x"}, time.Second},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			start := time.Now()
			s, err := New(t.Context(), tc.url)
			took := time.Since(start)
			if err == nil {
				_ = s.Close()
				t.Fatal("New succeeded")
			}
			msg := err.Error()
			for _, w := range tc.want {
				if !strings.Contains(msg, w) {
					t.Errorf("error %q does not contain %q", msg, w)
				}
			}
			if strings.Contains(msg, "s3cret-pw") {
				t.Errorf("error %q leaks the password", msg)
			}
			if took > tc.maxTime {
				t.Errorf("New took %s to fail, want < %s", took, tc.maxTime)
			}
		})
	}
}

// TestNewFailsFastOnSilentServer checks that the dial timeout bounds New
// when something accepts connections but never answers.
func TestNewFailsFastOnSilentServer(t *testing.T) {
	t.Parallel()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	go func() {
		for {
			c, err := l.Accept()
			if err != nil {
				return
			}
			defer c.Close() // hold it open, say nothing
		}
	}()
	start := time.Now()
	s, err := New(t.Context(), "redis://:pw@"+l.Addr().String()+"/0")
	took := time.Since(start)
	if err == nil {
		_ = s.Close()
		t.Fatal("New succeeded against a silent server")
	}
	t.Logf("after %s: %v", took, err)
	if took > 3*time.Second {
		t.Errorf("New took %s against a silent server, want < 3s", took)
	}
	if !strings.Contains(err.Error(), "redis://:***@"+l.Addr().String()+"/0 unreachable") {
		t.Errorf("error %q does not name the redacted URL", err)
	}
}

func TestRedactURL(t *testing.T) {
	t.Parallel()
	tests := []struct{ in, want string }{
		{"redis://:pw@127.0.0.1:6379/0", "redis://:***@127.0.0.1:6379/0"},
		{"redis://user:pw@host:6379/3", "redis://user:***@host:6379/3"},
		{"rediss://:p%40ss@redis.example.com:6380/1", "rediss://:***@redis.example.com:6380/1"},
		{"redis://127.0.0.1:6379/15", "redis://127.0.0.1:6379/15"},
		{"redis://user@host:6379", "redis://user@host:6379"},
		{"redis://:pw@host:6379/0?dial_timeout=3", "redis://:***@host:6379/0?dial_timeout=3"},
		{"redis://:pw@[::1]:6379/0", "redis://:***@[::1]:6379/0"},
		{"redis://:pw@host:notaport\x7f", "(unparsable URL)"},
	}
	for _, tc := range tests {
		if got := RedactURL(tc.in); got != tc.want {
			t.Errorf("RedactURL(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestOptionsValidated(t *testing.T) {
	t.Parallel()
	if _, err := New(t.Context(), testURL(), WithLockTTL(0)); err == nil {
		t.Error("New accepted a zero lock TTL")
	}
}

// durations collects per-op latencies and reports percentiles.
type durations []time.Duration

func (d durations) report(b *testing.B) {
	if len(d) == 0 {
		return
	}
	slices.Sort(d)
	at := func(p float64) float64 {
		return float64(d[min(len(d)-1, int(p*float64(len(d))))].Nanoseconds()) / 1e3
	}
	b.ReportMetric(at(0.50), "p50-µs")
	b.ReportMetric(at(0.99), "p99-µs")
}

// BenchmarkUpdate measures one ledger update: lock, read, write, unlock.
func BenchmarkUpdate(b *testing.B) {
	requireRedis(b)
	s := newTestStore(b)
	ctx := context.Background()
	var d durations
	for b.Loop() {
		start := time.Now()
		if _, err := s.Update(ctx, "KAN-1", func(e *ledger.Entry) error { e.AutoVerifyRuns++; return nil }); err != nil {
			b.Fatal(err)
		}
		d = append(d, time.Since(start))
	}
	d.report(b)
}

// BenchmarkConcurrentUpdates runs 1,000 concurrent updates across 100
// stories per iteration and checks the counts are exact.
func BenchmarkConcurrentUpdates(b *testing.B) {
	requireRedis(b)
	s := newTestStore(b)
	ctx := context.Background()
	i := 0
	for b.Loop() {
		storetest.ConcurrentIncrements(b, ctx, []ledger.Store{s}, fmt.Sprintf("it%d-KAN-", i), 100, 10)
		i++
	}
	b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(i*1000), "µs/update")
}
