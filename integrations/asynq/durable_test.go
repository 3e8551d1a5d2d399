package asynq

import (
	"context"
	"testing"

	"github.com/redis/go-redis/v9"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestOpenServer: the queue is named for the prefix and runs on the
// client it returns; a bad queue name is an error; closing stops the
// queue and closes the client.
func TestOpenServer(t *testing.T) {
	t.Parallel()
	rdb := testRedis(t)
	qname := uniqueQueue(t, rdb)
	ro, err := redis.ParseURL(testURL())
	require.NoError(t, err)
	q, rc, closeAll, err := OpenServer(ro, qname+":", 2, quietLogger())
	require.NoError(t, err)
	assert.Equal(t, qname, q.Name())
	assert.Same(t, rc, q.rdb, "the queue runs on the client handed back")

	ctx := context.Background()
	require.NoError(t, q.Ping(ctx))
	require.NoError(t, rc.Ping(ctx).Err())

	closeAll()
	assert.ErrorIs(t, rc.Ping(ctx).Err(), redis.ErrClosed)
	assert.Error(t, q.Enqueue(ctx, testJob("after-close")), "the queue's client is closed")

	_, _, _, err = OpenServer(ro, ":", 2, quietLogger())
	assert.ErrorContains(t, err, "empty queue name")
}
