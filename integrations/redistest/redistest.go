// Package redistest connects tests to the real Redis that scripts/test.sh
// starts. Without one, a test is skipped with a loud message on stderr —
// except in CI (CI=true), where a missing Redis is a broken pipeline and the
// test fails.
package redistest

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"
)

// URL is the Redis tests use: $ENGINEO_TEST_REDIS_URL, or database db of a
// server on 127.0.0.1:6379. Start one with
//
//	redis-server --port 6379 --save '' --appendonly no --daemonize yes
func URL(db int) string {
	if u := os.Getenv("ENGINEO_TEST_REDIS_URL"); u != "" {
		return u
	}
	return fmt.Sprintf("redis://127.0.0.1:6379/%d", db)
}

var warnOnce sync.Once

// Client returns a client on URL(db), closed when the test ends, or skips
// (fails in CI) when Redis is unreachable. what names the tests that need
// it, for the message.
func Client(tb testing.TB, db int, what string) *redis.Client {
	tb.Helper()
	url := URL(db)
	opt, err := redis.ParseURL(url)
	if err != nil {
		tb.Fatalf("ENGINEO_TEST_REDIS_URL: %v", err)
	}
	opt.DialTimeout = time.Second
	opt.PoolSize = 64
	c := redis.NewClient(opt)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	if err := c.Ping(ctx).Err(); err != nil {
		_ = c.Close()
		bar := strings.Repeat("!", 72)
		msg := fmt.Sprintf("\n%s\n!!! %s NOT RUN: no Redis at %s db %d (%v)\n"+
			"!!! start one: redis-server --port 6379 --save '' --appendonly no --daemonize yes\n"+
			"!!! or point ENGINEO_TEST_REDIS_URL at one. With CI=true this fails.\n%s",
			bar, strings.ToUpper(what), opt.Addr, opt.DB, err, bar)
		if ci, _ := strconv.ParseBool(os.Getenv("CI")); ci {
			tb.Fatal(msg)
		}
		// go test shows skip messages only with -v; say it on stderr too.
		warnOnce.Do(func() { fmt.Fprintln(os.Stderr, msg) })
		tb.Skip(msg)
	}
	tb.Cleanup(func() { _ = c.Close() })
	return c
}
