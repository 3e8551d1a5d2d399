package asynq

import (
	"bufio"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/engineo/autoverify/integrations/redistest"

	hasynq "github.com/hibiken/asynq"
	"github.com/redis/go-redis/v9"

	"github.com/engineo/autoverify/bot/delivery/queue"
)

// testURL is the Redis the tests use (see integrations/redistest).
func testURL() string { return redistest.URL(14) }

// testRedis returns a client on the test Redis.
func testRedis(tb testing.TB) *redis.Client {
	tb.Helper()
	return redistest.Client(tb, 14, "asynq queue tests")
}

// uniqueQueue names a queue no other test, run or process uses, and deletes
// all its keys when the test ends.
func uniqueQueue(tb testing.TB, rdb *redis.Client) string {
	tb.Helper()
	var b [4]byte
	_, _ = rand.Read(b[:])
	name := strings.NewReplacer("/", ".", " ", "_").Replace(tb.Name())
	qname := fmt.Sprintf("avtest-%s-%s", name, hex.EncodeToString(b[:]))
	tb.Cleanup(func() { deleteQueue(tb, rdb, qname) })
	return qname
}

func deleteQueue(tb testing.TB, rdb *redis.Client, qname string) {
	ctx := context.Background()
	iter := rdb.Scan(ctx, 0, "asynq:{"+qname+"}:*", 500).Iterator()
	var keys []string
	for iter.Next(ctx) {
		keys = append(keys, iter.Val())
	}
	if err := iter.Err(); err != nil {
		tb.Logf("cleanup of queue %s: %v", qname, err)
		return
	}
	for len(keys) > 0 {
		n := min(len(keys), 500)
		_ = rdb.Del(ctx, keys[:n]...).Err()
		keys = keys[n:]
	}
	rdb.SRem(ctx, "asynq:queues", qname)
	// Entries of servers that died without cleaning up (the killed child).
	now := strconv.FormatInt(time.Now().Unix(), 10)
	rdb.ZRemRangeByScore(ctx, "asynq:servers", "-inf", now)
	rdb.ZRemRangeByScore(ctx, "asynq:workers", "-inf", now)
}

func quietLogger() *slog.Logger { return slog.New(slog.NewTextHandler(io.Discard, nil)) }

// fastOpts make retries and recovery quick enough for tests.
func fastOpts(qname string) []Option {
	return []Option{
		WithQueue(qname),
		WithLogger(quietLogger()),
		WithPollInterval(50 * time.Millisecond),
		WithRetryCheckInterval(100 * time.Millisecond),
		WithRetryDelay(func(int, error) time.Duration { return 50 * time.Millisecond }),
		WithShutdownGrace(200 * time.Millisecond),
	}
}

func newQueue(t *testing.T, qname string, extra ...Option) *Queue {
	t.Helper()
	q, err := New(testURL(), append(fastOpts(qname), extra...)...)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = q.Shutdown(ctx)
	})
	return q
}

func testJob(id string) queue.Job {
	return queue.Job{
		ID:     id,
		Source: "github",
		Event:  "issue_comment",
		// Spacing and escapes a re-encoding would change.
		Payload:  json.RawMessage("{\n  \"body\": \"/verify <b>\\u00e9\",  \"n\": 1.50\n}"),
		Received: time.Date(2026, 1, 28, 12, 0, 0, 123_000_000, time.UTC),
	}
}

func recv(t *testing.T, ch <-chan queue.Job, within time.Duration) queue.Job {
	t.Helper()
	select {
	case j := <-ch:
		return j
	case <-time.After(within):
		t.Fatalf("no job ran within %v", within)
		return queue.Job{}
	}
}

func sameJob(t *testing.T, got, want queue.Job) {
	t.Helper()
	if got.ID != want.ID || got.Source != want.Source || got.Event != want.Event ||
		string(got.Payload) != string(want.Payload) || !got.Received.Equal(want.Received) {
		t.Fatalf("job = %+v (payload %q)\nwant %+v (payload %q)", got, got.Payload, want, want.Payload)
	}
}

func taskState(t *testing.T, rdb *redis.Client, qname, id string) hasynq.TaskState {
	t.Helper()
	info, err := hasynq.NewInspectorFromRedisClient(rdb).GetTaskInfo(qname, id)
	if err != nil {
		t.Fatalf("GetTaskInfo(%s): %v", id, err)
	}
	return info.State
}

func TestEnqueueAndRun(t *testing.T) {
	rdb := testRedis(t)
	qname := uniqueQueue(t, rdb)
	q := newQueue(t, qname)
	ctx := context.Background()
	if err := q.Ping(ctx); err != nil {
		t.Fatal(err)
	}
	if s, err := q.Stats(ctx); err != nil || s != (queue.Stats{}) {
		t.Fatalf("Stats of a new queue = %+v, %v", s, err)
	}
	want := testJob("run-1")
	if err := q.Enqueue(ctx, want); err != nil {
		t.Fatal(err)
	}
	time.Sleep(20 * time.Millisecond)
	if s, err := q.Stats(ctx); err != nil || s.Pending != 1 || s.Active != 0 || s.OldestAge < 10*time.Millisecond {
		t.Fatalf("Stats with one job waiting = %+v, %v", s, err)
	}

	got := make(chan queue.Job, 1)
	if err := q.Start(func(_ context.Context, j queue.Job) error { got <- j; return nil }); err != nil {
		t.Fatal(err)
	}
	sameJob(t, recv(t, got, 10*time.Second), want)
	if err := q.Start(func(context.Context, queue.Job) error { return nil }); err == nil {
		t.Fatal("second Start succeeded")
	}
}

func TestDuplicateIDRejected(t *testing.T) {
	rdb := testRedis(t)
	qname := uniqueQueue(t, rdb)
	q := newQueue(t, qname)
	ctx := context.Background()
	if err := q.Enqueue(ctx, testJob("dup-1")); err != nil {
		t.Fatal(err)
	}
	if err := q.Enqueue(ctx, testJob("dup-1")); !errors.Is(err, queue.ErrDuplicate) {
		t.Fatalf("Enqueue of a pending ID = %v, want queue.ErrDuplicate", err)
	}

	done := make(chan queue.Job, 1)
	if err := q.Start(func(_ context.Context, j queue.Job) error { done <- j; return nil }); err != nil {
		t.Fatal(err)
	}
	recv(t, done, 10*time.Second)
	deadline := time.Now().Add(5 * time.Second)
	for taskState(t, rdb, qname, "dup-1") != hasynq.TaskStateCompleted {
		if time.Now().After(deadline) {
			t.Fatalf("task state %v, want completed", taskState(t, rdb, qname, "dup-1"))
		}
		time.Sleep(10 * time.Millisecond)
	}
	if err := q.Enqueue(ctx, testJob("dup-1")); !errors.Is(err, queue.ErrDuplicate) {
		t.Fatalf("Enqueue of a completed ID = %v, want queue.ErrDuplicate", err)
	}
	select {
	case j := <-done:
		t.Fatalf("duplicate ran: %+v", j)
	case <-time.After(300 * time.Millisecond):
	}
}

func TestHandlerErrorAndPanicRetried(t *testing.T) {
	rdb := testRedis(t)
	qname := uniqueQueue(t, rdb)
	q := newQueue(t, qname)
	var calls atomic.Int32
	done := make(chan queue.Job, 1)
	err := q.Start(func(_ context.Context, j queue.Job) error {
		switch calls.Add(1) {
		case 1:
			return errors.New("transient")
		case 2:
			panic("handler bug")
		}
		done <- j
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	want := testJob("retry-1")
	if err := q.Enqueue(context.Background(), want); err != nil {
		t.Fatal(err)
	}
	sameJob(t, recv(t, done, 15*time.Second), want)
	if n := calls.Load(); n != 3 {
		t.Fatalf("handler ran %d times, want 3", n)
	}
}

func TestRetriesExhaustedArchives(t *testing.T) {
	rdb := testRedis(t)
	qname := uniqueQueue(t, rdb)
	q := newQueue(t, qname, WithMaxRetry(1))
	var calls atomic.Int32
	if err := q.Start(func(context.Context, queue.Job) error { calls.Add(1); return errors.New("permanent") }); err != nil {
		t.Fatal(err)
	}
	if err := q.Enqueue(context.Background(), testJob("give-up")); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(15 * time.Second)
	for taskState(t, rdb, qname, "give-up") != hasynq.TaskStateArchived {
		if time.Now().After(deadline) {
			t.Fatalf("task not archived; %d calls", calls.Load())
		}
		time.Sleep(20 * time.Millisecond)
	}
	if n := calls.Load(); n != 2 {
		t.Fatalf("handler ran %d times, want 2 (1 + 1 retry)", n)
	}
	if err := q.Enqueue(context.Background(), testJob("give-up")); !errors.Is(err, queue.ErrDuplicate) {
		t.Fatalf("Enqueue of an archived ID = %v, want queue.ErrDuplicate", err)
	}
}

// A job enqueued while no worker runs (the producer even shut down) is run
// by a worker that starts later.
func TestJobSurvivesUntilAWorkerStarts(t *testing.T) {
	rdb := testRedis(t)
	qname := uniqueQueue(t, rdb)
	producer := newQueue(t, qname)
	want := testJob("later-1")
	if err := producer.Enqueue(context.Background(), want); err != nil {
		t.Fatal(err)
	}
	if err := producer.Shutdown(context.Background()); err != nil {
		t.Fatal(err)
	}

	worker := newQueue(t, qname)
	got := make(chan queue.Job, 1)
	if err := worker.Start(func(_ context.Context, j queue.Job) error { got <- j; return nil }); err != nil {
		t.Fatal(err)
	}
	sameJob(t, recv(t, got, 10*time.Second), want)
}

// Shutdown waits until its context ends, then hands the unfinished job back
// to the queue; the next worker runs it.
func TestShutdownRequeuesUnfinishedJob(t *testing.T) {
	rdb := testRedis(t)
	qname := uniqueQueue(t, rdb)
	first := newQueue(t, qname)
	started := make(chan struct{})
	cancelled := make(chan struct{})
	err := first.Start(func(ctx context.Context, _ queue.Job) error {
		close(started)
		<-ctx.Done()
		close(cancelled)
		return ctx.Err()
	})
	if err != nil {
		t.Fatal(err)
	}
	want := testJob("slow-1")
	if err := first.Enqueue(context.Background(), want); err != nil {
		t.Fatal(err)
	}
	<-started
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	if err := first.Shutdown(ctx); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("Shutdown = %v, want DeadlineExceeded", err)
	}
	<-cancelled
	if st := taskState(t, rdb, qname, want.ID); st != hasynq.TaskStatePending {
		t.Fatalf("task state after Shutdown = %v, want pending", st)
	}

	second := newQueue(t, qname)
	got := make(chan queue.Job, 1)
	if err := second.Start(func(_ context.Context, j queue.Job) error { got <- j; return nil }); err != nil {
		t.Fatal(err)
	}
	sameJob(t, recv(t, got, 10*time.Second), want)
}

const (
	childEnv    = "AUTOVERIFY_ASYNQ_TEST_CHILD_QUEUE"
	realTimeEnv = "AUTOVERIFY_ASYNQ_REAL_LEASE"
	childMarker = "CHILD-RUNNING "
)

// A worker process killed with SIGKILL in the middle of a job: the job
// stays active in Redis, and a worker started afterwards runs it to
// completion through asynq's lease recovery.
//
// asynq v0.26 recovers a task only once its lease expired more than 30 s
// ago, and the 30 s lease cannot be shortened, so by default the test moves
// the task's lease expiry two minutes into the past (a single ZADD on
// asynq's lease set) instead of waiting; everything after that is asynq's
// own recovery. Set AUTOVERIFY_ASYNQ_REAL_LEASE=1 to wait the real time
// (about 1–2 minutes) and log it.
func TestKilledWorkerJobRunsAfterRestart(t *testing.T) {
	if qname := os.Getenv(childEnv); qname != "" {
		runChildWorker(qname)
		return
	}
	if testing.Short() {
		t.Skip("starts a child process")
	}
	realTime, _ := strconv.ParseBool(os.Getenv(realTimeEnv))
	rdb := testRedis(t)
	qname := uniqueQueue(t, rdb)
	producer := newQueue(t, qname)
	want := testJob("killed-1")
	if err := producer.Enqueue(context.Background(), want); err != nil {
		t.Fatal(err)
	}

	cmd := exec.Command(os.Args[0], "-test.run=^TestKilledWorkerJobRunsAfterRestart$", "-test.count=1")
	cmd.Env = append(os.Environ(), childEnv+"="+qname, "ENGINEO_TEST_REDIS_URL="+testURL())
	cmd.Stderr = os.Stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { _ = cmd.Process.Kill(); _ = cmd.Wait() }()
	running := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			if id, ok := strings.CutPrefix(sc.Text(), childMarker); ok {
				running <- id
			}
		}
		close(running)
	}()
	select {
	case id := <-running:
		if id != want.ID {
			t.Fatalf("child runs %q, want %q", id, want.ID)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("child worker did not start the job")
	}
	if err := cmd.Process.Kill(); err != nil { // SIGKILL: no cleanup at all
		t.Fatal(err)
	}
	_ = cmd.Wait()
	killed := time.Now()
	if st := taskState(t, rdb, qname, want.ID); st != hasynq.TaskStateActive {
		t.Fatalf("task state after the kill = %v, want active (orphaned)", st)
	}

	within := 20 * time.Second
	if realTime {
		within = 4 * time.Minute
	} else {
		past := float64(time.Now().Add(-2 * time.Minute).Unix())
		n, err := rdb.ZAddXX(context.Background(), "asynq:{"+qname+"}:lease", redis.Z{Score: past, Member: want.ID}).Result()
		if err != nil {
			t.Fatal(err)
		}
		if n != 0 { // XX never adds; a changed score is not counted without CH
			t.Fatalf("ZADD XX added %d members: the task had no lease", n)
		}
		if score, err := rdb.ZScore(context.Background(), "asynq:{"+qname+"}:lease", want.ID).Result(); err != nil || score != past {
			t.Fatalf("lease of the task = %v, %v; want %v", score, err, past)
		}
	}

	worker := newQueue(t, qname)
	got := make(chan queue.Job, 1)
	if err := worker.Start(func(_ context.Context, j queue.Job) error { got <- j; return nil }); err != nil {
		t.Fatal(err)
	}
	sameJob(t, recv(t, got, within), want)
	t.Logf("killed worker's job ran again %v after the kill (real lease wait: %v)", time.Since(killed).Round(100*time.Millisecond), realTime)
}

// runChildWorker is the child process: a worker whose handler announces the
// job and blocks until the parent kills the process.
func runChildWorker(qname string) {
	q, err := New(testURL(), fastOpts(qname)...)
	if err != nil {
		fmt.Fprintln(os.Stderr, "child:", err)
		os.Exit(2)
	}
	err = q.Start(func(ctx context.Context, j queue.Job) error {
		fmt.Printf("%s%s\n", childMarker, j.ID)
		<-ctx.Done()
		return ctx.Err()
	})
	if err != nil {
		fmt.Fprintln(os.Stderr, "child:", err)
		os.Exit(2)
	}
	time.Sleep(2 * time.Minute) // the parent kills us long before
	os.Exit(3)
}

func TestEncodeJobKeepsPayloadVerbatim(t *testing.T) {
	want := testJob("enc")
	b, err := encodeJob(want)
	if err != nil {
		t.Fatal(err)
	}
	if !json.Valid(b) {
		t.Fatalf("not JSON: %s", b)
	}
	got, err := decodeJob(b)
	if err != nil {
		t.Fatal(err)
	}
	sameJob(t, got, want)

	if _, err := encodeJob(queue.Job{ID: "x", Payload: json.RawMessage("{oops")}); err == nil {
		t.Fatal("invalid payload encoded")
	}
	if j, err := decodeJob([]byte(`{"id":"y"}`)); err != nil || j.ID != "y" {
		t.Fatalf("decodeJob = %+v, %v", j, err)
	}
	if _, err := decodeJob([]byte(`{"source":"github"}`)); err == nil {
		t.Fatal("job without ID decoded")
	}
}

func TestNewRejectsBadInput(t *testing.T) {
	if _, err := New("http://nope"); err == nil {
		t.Fatal("New accepted a non-redis URL")
	}
	if _, err := NewFromClient(nil); err == nil {
		t.Fatal("NewFromClient(nil) succeeded")
	}
	q, err := New("redis://127.0.0.1:1/0", WithQueue("x"))
	if err != nil {
		t.Fatal(err)
	}
	if err := q.Enqueue(context.Background(), queue.Job{}); err == nil {
		t.Fatal("Enqueue of a job without ID succeeded")
	}
	if err := q.Start(nil); err == nil {
		t.Fatal("Start(nil) succeeded")
	}
	if err := q.Shutdown(context.Background()); err != nil {
		t.Fatal(err)
	}
	if err := q.Start(func(context.Context, queue.Job) error { return nil }); err == nil {
		t.Fatal("Start after Shutdown succeeded")
	}
}

func TestSlogLogger(t *testing.T) {
	var buf strings.Builder
	l := slogLogger{slog.New(slog.NewTextHandler(&buf, &slog.HandlerOptions{Level: slog.LevelDebug}))}
	l.Debug("d")
	l.Info("i")
	l.Warn("w", 1)
	l.Error("e")
	l.Fatal("f")
	for _, want := range []string{"level=DEBUG msg=d", "level=INFO msg=i", "level=WARN msg=w1", "level=ERROR msg=e", "msg=f asynq_level=fatal"} {
		if !strings.Contains(buf.String(), want) {
			t.Errorf("log lacks %q:\n%s", want, buf.String())
		}
	}
}
