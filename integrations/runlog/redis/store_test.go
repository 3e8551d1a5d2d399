package redis_test

import (
	"context"
	"fmt"
	"sync/atomic"
	"testing"
	"time"

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
