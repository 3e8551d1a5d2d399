package redis_test

import (
	"context"
	"fmt"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/engineo/autoverify/integrations/redistest"
	"github.com/engineo/autoverify/integrations/runlog/redis"
	"github.com/engineo/autoverify/integrations/runlog/storetest"
)

// testDB is the Redis database these tests use.
const testDB = 11

var n atomic.Int64

func TestContract(t *testing.T) {
	t.Parallel()
	rc := redistest.Client(t, testDB, "run history Redis store tests")
	storetest.Run(t, func(t *testing.T, o storetest.Options) storetest.Store {
		prefix := fmt.Sprintf("test-runlog-%d-%d:", time.Now().UnixNano(), n.Add(1))
		t.Cleanup(func() {
			keys, _ := rc.Keys(context.Background(), prefix+"*").Result()
			if len(keys) > 0 {
				rc.Del(context.Background(), keys...)
			}
		})
		return redis.New(rc, redis.WithPrefix(prefix), redis.WithRetention(o.Retention), redis.WithClock(o.Now))
	})
}

// TestOpen: Open pings the Redis it names and owns its client, which
// Close closes; an unreachable Redis fails at once, naming its address
// and not the URL's password.
func TestOpen(t *testing.T) {
	t.Parallel()
	redistest.Client(t, testDB, "run history Redis store tests") // skips loudly without Redis
	ctx := context.Background()
	s, err := redis.Open(ctx, redistest.URL(testDB), redis.WithPrefix(fmt.Sprintf("test-open-%d:", time.Now().UnixNano())))
	require.NoError(t, err)
	_, err = s.Seq(ctx)
	require.NoError(t, err)
	require.NoError(t, s.Close())
	_, err = s.Seq(ctx)
	assert.Error(t, err, "the client is closed")

	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	_, err = redis.Open(ctx, "redis://:hunter2secret@127.0.0.1:1/0")
	require.Error(t, err)
	assert.Contains(t, err.Error(), "run history: Redis at 127.0.0.1:1: ")
	assert.NotContains(t, err.Error(), "hunter2secret")
	_, err = redis.Open(ctx, "mysql://x")
	assert.ErrorContains(t, err, "ENGINEO_REDIS_URL: ")
}
