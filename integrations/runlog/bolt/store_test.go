package bolt_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/engineo/autoverify/bot/runlog"

	"github.com/engineo/autoverify/integrations/runlog/bolt"
	"github.com/engineo/autoverify/integrations/runlog/storetest"
)

func TestContract(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, o storetest.Options) storetest.Store {
		s, err := bolt.Open(t.TempDir(), bolt.WithRetention(o.Retention), bolt.WithClock(o.Now))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = s.Close() })
		return s
	})
}

func TestPutBatchMatchesPut(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	one, err := bolt.Open(t.TempDir(), bolt.WithRetention(0))
	require.NoError(t, err)
	batch, err := bolt.Open(t.TempDir(), bolt.WithRetention(0))
	require.NoError(t, err)
	var rs []runlog.Record
	for i := range 30 {
		st := []runlog.Status{runlog.Passed, runlog.Failed, runlog.Stopped}[i%3]
		rs = append(rs, storetest.RunRecord(fmt.Sprint(i), fmt.Sprint("acme/r", i%4), fmt.Sprint("K-", i%5), st, storetest.T0.Add(time.Duration(i)*time.Hour)))
	}
	rs = append(rs, storetest.RunRecord("0", "acme/r0", "K-0", runlog.Failed, storetest.T0)) // the same run again
	for _, r := range rs {
		require.NoError(t, one.Put(ctx, r))
	}
	require.NoError(t, batch.PutBatch(ctx, rs))
	keys := []string{runlog.ScopeAll, runlog.ScopeRepo("acme/r0"), runlog.ScopeStory("acme/r0", "K-0"), runlog.DayKey(runlog.ScopeAll, storetest.T0)}
	a, err := one.Counts(ctx, keys...)
	require.NoError(t, err)
	b, err := batch.Counts(ctx, keys...)
	require.NoError(t, err)
	assert.Equal(t, a, b)
	assert.Equal(t, int64(30), b[runlog.ScopeAll].Runs)
	pa, err := one.List(ctx, runlog.Query{Index: runlog.IndexAll, Limit: 100})
	require.NoError(t, err)
	pb, err := batch.List(ctx, runlog.Query{Index: runlog.IndexAll, Limit: 100})
	require.NoError(t, err)
	assert.Equal(t, len(pa.Runs), len(pb.Runs))
}
