package intake

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"os"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"
)

// testURL is the Redis the tests use: $ENGINEO_TEST_REDIS_URL, or database
// 14 of a local server. Start one with
//
//	redis-server --port 6379 --save '' --appendonly no --daemonize yes
func testURL() string {
	if u := os.Getenv("ENGINEO_TEST_REDIS_URL"); u != "" {
		return u
	}
	return "redis://127.0.0.1:6379/14"
}

var warnOnce sync.Once

// testRedis returns a client on the test Redis, skipping loudly when none
// is reachable (failing when CI is set).
func testRedis(tb testing.TB) *redis.Client {
	tb.Helper()
	opt, err := redis.ParseURL(testURL())
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
		msg := fmt.Sprintf("\n"+
			"!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!\n"+
			"!!! INTAKE REDIS TESTS NOT RUN: no Redis at %s db %d (%v)\n"+
			"!!! start one: redis-server --port 6379 --save '' --appendonly no --daemonize yes\n"+
			"!!! or point ENGINEO_TEST_REDIS_URL at one. With CI=true this fails.\n"+
			"!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!",
			opt.Addr, opt.DB, err)
		if ci, _ := strconv.ParseBool(os.Getenv("CI")); ci {
			tb.Fatal(msg)
		}
		warnOnce.Do(func() { fmt.Fprintln(os.Stderr, msg) })
		tb.Skip(msg)
	}
	tb.Cleanup(func() { _ = c.Close() })
	return c
}

var prefixSeq atomic.Int64

// uniquePrefix isolates one test's keys and deletes them when it ends.
func uniquePrefix(tb testing.TB, rdb *redis.Client) string {
	var b [4]byte
	_, _ = rand.Read(b[:])
	name := strings.NewReplacer("/", ".", " ", "_").Replace(tb.Name())
	prefix := fmt.Sprintf("autoverify-test:%s:%s:%d:", name, hex.EncodeToString(b[:]), prefixSeq.Add(1))
	tb.Cleanup(func() { deleteMatching(tb, rdb, prefix+"*") })
	return prefix
}

func deleteMatching(tb testing.TB, rdb *redis.Client, pattern string) {
	ctx := context.Background()
	iter := rdb.Scan(ctx, 0, pattern, 1000).Iterator()
	var keys []string
	for iter.Next(ctx) {
		keys = append(keys, iter.Val())
	}
	if err := iter.Err(); err != nil {
		tb.Logf("cleanup of %s: %v", pattern, err)
		return
	}
	for len(keys) > 0 {
		n := min(len(keys), 1000)
		_ = rdb.Unlink(ctx, keys[:n]...).Err()
		keys = keys[n:]
	}
}
