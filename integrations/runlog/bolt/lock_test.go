package bolt_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/sys/unix"

	"github.com/engineo/autoverify/bot/runlog"
	"github.com/engineo/autoverify/integrations/runlog/bolt"
	"github.com/engineo/autoverify/integrations/runlog/storetest"
)

// TestReadersAndWritersDoNotBlockEachOther: pages read while runs are
// written (two opens of the file, as two processes have) wait only for
// each other's short transactions.
func TestReadersAndWritersDoNotBlockEachOther(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	w, err := bolt.Open(dir)
	require.NoError(t, err)
	r, err := bolt.Open(dir)
	require.NoError(t, err)
	ctx := context.Background()
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		for i := range 100 {
			assert.NoError(t, w.Put(ctx, storetest.RunRecord(fmt.Sprint(i), "acme/web", "K-1", runlog.Active, storetest.T0.Add(time.Duration(i)*time.Second))))
			assert.NoError(t, w.Put(ctx, storetest.RunRecord(fmt.Sprint(i), "acme/web", "K-1", runlog.Passed, storetest.T0.Add(time.Duration(i)*time.Second))))
		}
	}()
	var slowest time.Duration
	for range 100 {
		start := time.Now()
		_, err := r.List(ctx, runlog.Query{Index: runlog.IndexAll, Limit: 10})
		require.NoError(t, err)
		_, err = r.Counts(ctx, runlog.ScopeAll)
		require.NoError(t, err)
		slowest = max(slowest, time.Since(start))
	}
	wg.Wait()
	t.Logf("slowest of 100 page reads during 200 writes: %s", slowest)
	assert.Less(t, slowest, time.Second)
	c, err := r.Counts(ctx, runlog.ScopeAll)
	require.NoError(t, err)
	assert.Equal(t, int64(100), c[runlog.ScopeAll].Passed)
}

func TestLockHeldElsewhereIsAClearError(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	s, err := bolt.Open(dir, bolt.WithLockTimeout(100*time.Millisecond))
	require.NoError(t, err)
	f, err := os.OpenFile(filepath.Join(dir, bolt.LockName), os.O_RDWR|os.O_CREATE, 0o600)
	require.NoError(t, err)
	defer f.Close()
	require.NoError(t, unix.Flock(int(f.Fd()), unix.LOCK_EX))
	err = s.Put(context.Background(), storetest.RunRecord("a", "acme/web", "K-1", runlog.Passed, storetest.T0))
	assert.ErrorContains(t, err, "stayed locked by another process")
	require.NoError(t, unix.Flock(int(f.Fd()), unix.LOCK_UN))
	assert.NoError(t, s.Put(context.Background(), storetest.RunRecord("a", "acme/web", "K-1", runlog.Passed, storetest.T0)))
}
