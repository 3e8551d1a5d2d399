package queue

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

func quiet() MemoryOption { return WithLogger(slog.New(slog.NewTextHandler(io.Discard, nil))) }

func fast() MemoryOption { return WithBackoff(func(int) time.Duration { return time.Millisecond }) }

func job(id string) Job {
	return Job{ID: id, Source: "github", Event: "issue_comment", Payload: json.RawMessage(`{"n":1}`), Received: time.Now()}
}

// fakeClock is a settable clock for the dedupe window and Stats.
type fakeClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *fakeClock) now() time.Time      { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *fakeClock) add(d time.Duration) { c.mu.Lock(); c.t = c.t.Add(d); c.mu.Unlock() }

func shutdown(t *testing.T, q Queue) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := q.Shutdown(ctx); err != nil {
		t.Errorf("Shutdown: %v", err)
	}
}

func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(time.Millisecond)
	}
}

func TestMemoryRunsJobs(t *testing.T) {
	q := NewMemory(2, quiet())
	got := make(chan Job, 10)
	if err := q.Start(func(_ context.Context, j Job) error { got <- j; return nil }); err != nil {
		t.Fatal(err)
	}
	defer shutdown(t, q)
	want := job("d-1")
	if err := q.Enqueue(context.Background(), want); err != nil {
		t.Fatal(err)
	}
	select {
	case j := <-got:
		if j.ID != want.ID || j.Event != want.Event || string(j.Payload) != string(want.Payload) {
			t.Fatalf("ran %+v, want %+v", j, want)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("job did not run")
	}
}

func TestMemoryDuplicateID(t *testing.T) {
	clock := &fakeClock{t: time.Unix(1_700_000_000, 0)}
	q := NewMemory(1, quiet())
	q.now = clock.now
	ctx := context.Background()
	if err := q.Enqueue(ctx, job("a")); err != nil {
		t.Fatal(err)
	}
	if err := q.Enqueue(ctx, job("a")); !errors.Is(err, ErrDuplicate) {
		t.Fatalf("second Enqueue: %v, want ErrDuplicate", err)
	}
	clock.add(DefaultDedupeTTL - time.Second)
	if err := q.Enqueue(ctx, job("a")); !errors.Is(err, ErrDuplicate) {
		t.Fatalf("Enqueue within the TTL: %v, want ErrDuplicate", err)
	}
	clock.add(time.Second)
	if err := q.Enqueue(ctx, job("a")); err != nil {
		t.Fatalf("Enqueue after the TTL: %v", err)
	}
	if err := q.Enqueue(ctx, Job{}); err == nil {
		t.Fatal("Enqueue of a job without ID succeeded")
	}
}

func TestMemoryDedupeIsBounded(t *testing.T) {
	q := NewMemory(1, quiet(), WithDedupe(time.Hour, 2))
	ctx := context.Background()
	for _, id := range []string{"a", "b", "c"} {
		if err := q.Enqueue(ctx, job(id)); err != nil {
			t.Fatal(err)
		}
	}
	if err := q.Enqueue(ctx, job("a")); err != nil {
		t.Fatalf("oldest ID should have been forgotten: %v", err)
	}
	if err := q.Enqueue(ctx, job("c")); !errors.Is(err, ErrDuplicate) {
		t.Fatalf("recent ID: %v, want ErrDuplicate", err)
	}
}

func TestMemoryFullDoesNotBlock(t *testing.T) {
	q := NewMemory(1, quiet(), WithBuffer(2))
	ctx := context.Background()
	for _, id := range []string{"a", "b"} {
		if err := q.Enqueue(ctx, job(id)); err != nil {
			t.Fatal(err)
		}
	}
	err := q.Enqueue(ctx, job("c"))
	if !errors.Is(err, ErrFull) || !strings.Contains(err.Error(), "queue full") {
		t.Fatalf("third Enqueue: %v, want ErrFull", err)
	}
	var ran atomic.Int32
	if err := q.Start(func(context.Context, Job) error { ran.Add(1); return nil }); err != nil {
		t.Fatal(err)
	}
	defer shutdown(t, q)
	waitFor(t, "buffer to drain", func() bool { return ran.Load() == 2 })
	// The refused ID was not remembered: the sender may try again.
	if err := q.Enqueue(ctx, job("c")); err != nil {
		t.Fatalf("retry of the refused job: %v", err)
	}
}

func TestMemoryRetriesThenSucceeds(t *testing.T) {
	var calls atomic.Int32
	done := make(chan struct{})
	q := NewMemory(1, quiet(), fast())
	err := q.Start(func(context.Context, Job) error {
		if calls.Add(1) < 3 {
			return errors.New("flaky")
		}
		close(done)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	defer shutdown(t, q)
	if err := q.Enqueue(context.Background(), job("r")); err != nil {
		t.Fatal(err)
	}
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatalf("job did not succeed; %d calls", calls.Load())
	}
}

func TestMemoryGivesUpAfterAttempts(t *testing.T) {
	var calls atomic.Int32
	var delays []int
	var mu sync.Mutex
	q := NewMemory(1, quiet(), WithAttempts(4), WithBackoff(func(n int) time.Duration {
		mu.Lock()
		delays = append(delays, n)
		mu.Unlock()
		return time.Millisecond
	}))
	if err := q.Start(func(context.Context, Job) error { calls.Add(1); return errors.New("always") }); err != nil {
		t.Fatal(err)
	}
	defer shutdown(t, q)
	if err := q.Enqueue(context.Background(), job("x")); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "4 attempts", func() bool { return calls.Load() == 4 })
	time.Sleep(50 * time.Millisecond)
	if n := calls.Load(); n != 4 {
		t.Fatalf("handler ran %d times, want 4", n)
	}
	mu.Lock()
	defer mu.Unlock()
	if len(delays) != 3 || delays[0] != 1 || delays[2] != 3 {
		t.Fatalf("backoff asked for retries %v, want [1 2 3]", delays)
	}
	s, _ := q.Stats(context.Background())
	if s.Pending != 0 || s.Active != 0 {
		t.Fatalf("Stats after giving up: %+v", s)
	}
}

func TestMemoryDefaultBackoff(t *testing.T) {
	for attempt, want := range map[int]time.Duration{1: time.Second, 2: 2 * time.Second, 3: 4 * time.Second, 7: time.Minute, 40: time.Minute} {
		if got := defaultBackoff(attempt); got != want {
			t.Errorf("defaultBackoff(%d) = %v, want %v", attempt, got, want)
		}
	}
}

func TestMemoryRecoversPanics(t *testing.T) {
	var calls atomic.Int32
	done := make(chan struct{})
	q := NewMemory(1, quiet(), fast())
	err := q.Start(func(context.Context, Job) error {
		if calls.Add(1) == 1 {
			var m map[string]int
			m["boom"]++ // nil map write: a real runtime panic
		}
		close(done)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	defer shutdown(t, q)
	if err := q.Enqueue(context.Background(), job("p")); err != nil {
		t.Fatal(err)
	}
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("panicking job was not retried")
	}
}

func TestMemoryPanicBecomesError(t *testing.T) {
	q := NewMemory(1, quiet())
	err := q.call(func(context.Context, Job) error { panic("kaboom") }, job("p"))
	if err == nil || !strings.Contains(err.Error(), "kaboom") || !strings.Contains(err.Error(), "panicked") {
		t.Fatalf("call = %v", err)
	}
}

func TestMemoryShutdownDrainsRunningJobs(t *testing.T) {
	started := make(chan struct{})
	release := make(chan struct{})
	var finished atomic.Bool
	q := NewMemory(1, quiet())
	err := q.Start(func(context.Context, Job) error {
		close(started)
		<-release
		finished.Store(true)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if err := q.Enqueue(ctx, job("running")); err != nil {
		t.Fatal(err)
	}
	<-started
	if err := q.Enqueue(ctx, job("waiting")); err != nil {
		t.Fatal(err)
	}
	res := make(chan error, 1)
	go func() { res <- q.Shutdown(ctx) }()
	select {
	case err := <-res:
		t.Fatalf("Shutdown returned %v while a job was running", err)
	case <-time.After(50 * time.Millisecond):
	}
	if err := q.Enqueue(ctx, job("late")); !errors.Is(err, ErrClosed) {
		t.Fatalf("Enqueue during shutdown: %v, want ErrClosed", err)
	}
	close(release)
	if err := <-res; err != nil {
		t.Fatalf("Shutdown: %v", err)
	}
	if !finished.Load() {
		t.Fatal("Shutdown returned before the running job finished")
	}
	// The job that never started stays queued (in memory only).
	if s, _ := q.Stats(ctx); s.Pending != 1 || s.Active != 0 {
		t.Fatalf("Stats after Shutdown = %+v, want 1 pending", s)
	}
	if err := q.Start(func(context.Context, Job) error { return nil }); !errors.Is(err, ErrClosed) {
		t.Fatalf("Start after Shutdown: %v", err)
	}
	if err := q.Shutdown(ctx); err != nil {
		t.Fatalf("second Shutdown: %v", err)
	}
}

func TestMemoryShutdownTimesOut(t *testing.T) {
	started := make(chan struct{})
	cancelled := make(chan struct{})
	q := NewMemory(1, quiet())
	err := q.Start(func(ctx context.Context, _ Job) error {
		close(started)
		<-ctx.Done()
		close(cancelled)
		return ctx.Err()
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := q.Enqueue(context.Background(), job("stuck")); err != nil {
		t.Fatal(err)
	}
	<-started
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	if err := q.Shutdown(ctx); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("Shutdown = %v, want DeadlineExceeded", err)
	}
	select {
	case <-cancelled:
	case <-time.After(5 * time.Second):
		t.Fatal("the running handler's context was not cancelled")
	}
}

func TestMemoryShutdownKeepsRetries(t *testing.T) {
	var calls atomic.Int32
	q := NewMemory(1, quiet(), WithBackoff(func(int) time.Duration { return time.Hour }))
	if err := q.Start(func(context.Context, Job) error { calls.Add(1); return errors.New("no") }); err != nil {
		t.Fatal(err)
	}
	if err := q.Enqueue(context.Background(), job("later")); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "a retry to be scheduled", func() bool {
		s, _ := q.Stats(context.Background())
		return calls.Load() == 1 && s.Pending == 1 && s.Active == 0
	})
	shutdown(t, q)
	if s, _ := q.Stats(context.Background()); s.Pending != 1 {
		t.Fatalf("Stats after Shutdown = %+v, want the retry still pending", s)
	}
}

func TestMemoryStats(t *testing.T) {
	clock := &fakeClock{t: time.Unix(1_700_000_000, 0)}
	q := NewMemory(1, quiet())
	q.now = clock.now
	ctx := context.Background()
	if s, _ := q.Stats(ctx); s != (Stats{}) {
		t.Fatalf("empty Stats = %+v", s)
	}
	_ = q.Enqueue(ctx, job("1"))
	clock.add(3 * time.Second)
	_ = q.Enqueue(ctx, job("2"))
	clock.add(2 * time.Second)
	s, err := q.Stats(ctx)
	if err != nil || s.Pending != 2 || s.Active != 0 || s.OldestAge != 5*time.Second {
		t.Fatalf("Stats = %+v, %v; want 2 pending, oldest 5s", s, err)
	}

	release := make(chan struct{})
	started := make(chan struct{}, 2)
	if err := q.Start(func(context.Context, Job) error { started <- struct{}{}; <-release; return nil }); err != nil {
		t.Fatal(err)
	}
	<-started
	s, _ = q.Stats(ctx)
	if s.Pending != 1 || s.Active != 1 || s.OldestAge != 2*time.Second {
		t.Fatalf("Stats with one running = %+v", s)
	}
	close(release)
	shutdown(t, q)
	if err := q.Ping(ctx); err != nil {
		t.Fatal(err)
	}
}

func TestMemoryStartErrors(t *testing.T) {
	q := NewMemory(0, quiet())
	if err := q.Start(nil); err == nil {
		t.Fatal("Start(nil) succeeded")
	}
	h := func(context.Context, Job) error { return nil }
	if err := q.Start(h); err != nil {
		t.Fatal(err)
	}
	if err := q.Start(h); err == nil {
		t.Fatal("second Start succeeded")
	}
	shutdown(t, q)
}
