package asynq

import (
	"context"
	"log/slog"
	"strings"
	"time"

	"github.com/redis/go-redis/v9"
)

// OpenServer is the server's durable queue on a new Redis client made
// from ro, returned too so that the intake's deduper shares its
// connection pool. Jobs go to the asynq queue named for prefix (without
// its trailing ":"); at most workers jobs run at once. The returned func stops
// the workers (waiting up to 30 s) and closes the client.
func OpenServer(ro *redis.Options, prefix string, workers int, log *slog.Logger) (*Queue, *redis.Client, func(), error) {
	rc := redis.NewClient(ro)
	// Retry a failed delivery soon (1 s, doubling, at most 5 min): most
	// failures are a GitHub hiccup, and a person is waiting.
	// A worker with nothing to do asks Redis for a job every 50 ms (asynq
	// has no wake-up): about 20 cheap calls a second per idle replica, for
	// 25 ms of queue wait on average instead of the default 1 s poll's 500.
	q, err := NewFromClient(rc, WithConcurrency(workers), WithLogger(log), WithPollInterval(50*time.Millisecond),
		WithQueue(strings.TrimSuffix(prefix, ":")),
		WithRetryDelay(func(n int, _ error) time.Duration { return min(time.Second<<min(n, 9), 5*time.Minute) }))
	if err != nil {
		_ = rc.Close()
		return nil, nil, nil, err
	}
	closeAll := func() {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		_ = q.Shutdown(ctx)
		_ = rc.Close()
	}
	return q, rc, closeAll, nil
}
