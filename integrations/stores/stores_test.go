package stores_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/engineo/autoverify/bot/runlog"
	"github.com/engineo/autoverify/bot/settings"
	"github.com/engineo/autoverify/integrations/redistest"
	runbolt "github.com/engineo/autoverify/integrations/runlog/bolt"
	runredis "github.com/engineo/autoverify/integrations/runlog/redis"
	"github.com/engineo/autoverify/integrations/stores"
	"github.com/engineo/autoverify/ledger/bolt"
	"github.com/engineo/autoverify/ledger/redis"
)

// testDB is the Redis database these tests use (the ledger store's).
const testDB = 15

// TestOpenLedgerChoosesByRedisURL: no Redis URL is the embedded store in
// the state directory; a Redis URL is the Redis store; either failing to
// open is an ENV_ERROR.
func TestOpenLedgerChoosesByRedisURL(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	dir := t.TempDir()
	s, err := stores.OpenLedger(ctx, settings.Config{StateDir: dir})
	require.NoError(t, err)
	assert.IsType(t, &bolt.Store{}, s)
	require.NoError(t, s.Close())

	notDir := filepath.Join(dir, "file")
	require.NoError(t, os.WriteFile(notDir, nil, 0o600))
	_, err = stores.OpenLedger(ctx, settings.Config{StateDir: notDir})
	assert.ErrorContains(t, err, "ENV_ERROR: ")

	_, err = stores.OpenLedger(ctx, settings.Config{RedisURL: "redis://127.0.0.1:1/0", StateDir: dir})
	assert.ErrorContains(t, err, "ENV_ERROR: ")

	redistest.Client(t, testDB, "ledger store chooser tests") // skips loudly without Redis
	s, err = stores.OpenLedger(ctx, settings.Config{RedisURL: redistest.URL(testDB), RedisPrefix: "test-stores:", StateDir: dir})
	require.NoError(t, err)
	assert.IsType(t, &redis.Store{}, s)
	require.NoError(t, s.Close())
}

// TestOpenRunLogChoosesByRedisURL: no Redis URL is runs.db in the state
// directory; a Redis URL keeps the runs under the prefix's "runs:"; the
// store reads the clock it was given.
func TestOpenRunLogChoosesByRedisURL(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	now := func() time.Time { return time.Date(2026, 1, 28, 12, 0, 0, 0, time.UTC) }
	dir := t.TempDir()
	l, closeLog, err := stores.OpenRunLog(ctx, settings.Config{StateDir: dir}, time.Hour, now)
	require.NoError(t, err)
	assert.IsType(t, &runbolt.Store{}, l)
	putAndGet(t, l, now())
	closeLog()
	assert.FileExists(t, filepath.Join(dir, "runs.db"))

	rc := redistest.Client(t, 11, "run history chooser tests") // skips loudly without Redis
	prefix := fmt.Sprintf("test-stores-%d:", time.Now().UnixNano())
	l, closeLog, err = stores.OpenRunLog(ctx, settings.Config{RedisURL: redistest.URL(11), RedisPrefix: prefix, StateDir: dir}, time.Hour, now)
	require.NoError(t, err)
	defer closeLog()
	assert.IsType(t, &runredis.Store{}, l)
	putAndGet(t, l, now())
	keys, err := rc.Keys(ctx, prefix+"*").Result()
	require.NoError(t, err)
	require.NotEmpty(t, keys)
	t.Cleanup(func() { rc.Del(context.Background(), keys...) })
	for _, k := range keys {
		assert.Regexp(t, "^"+prefix+"runs:", k)
	}
}

func putAndGet(t *testing.T, l stores.RunLog, at time.Time) {
	t.Helper()
	ctx := context.Background()
	require.NoError(t, l.Put(ctx, runlog.Record{ID: "r-1", Repo: "acme/web", Story: "KAN-1", Status: runlog.Passed, Started: at}))
	_, ok, err := l.Get(ctx, "r-1")
	require.NoError(t, err)
	assert.True(t, ok)
}
