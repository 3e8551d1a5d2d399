package intake

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/engineo/autoverify/integrations/redistest"

	"github.com/redis/go-redis/v9"
)

// testURL is the Redis the tests use (see integrations/redistest).
func testURL() string { return redistest.URL(14) }

// testRedis returns a client on the test Redis.
func testRedis(tb testing.TB) *redis.Client {
	tb.Helper()
	return redistest.Client(tb, 14, "intake redis tests")
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
