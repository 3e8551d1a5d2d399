package bot

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/engineo/autoverify/bot/verify"
	"github.com/engineo/autoverify/ledger"
	"github.com/engineo/autoverify/ledger/bolt"
)

// printRunner is a fingerprinting fake runner that counts runs.
type printRunner struct {
	fakeRunner
	print string
	runs  atomic.Int32
}

func (p *printRunner) Fingerprint([]string) string { return p.print }

func (p *printRunner) Run(ctx context.Context, cmd verify.Command) (verify.Result, error) {
	p.runs.Add(1)
	return p.fakeRunner.Run(ctx, cmd)
}

type mapCache struct {
	mu sync.Mutex
	m  map[string]verify.CachedResult
}

func (c *mapCache) GetResult(_ context.Context, key string) (verify.CachedResult, bool, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	r, ok := c.m[key]
	return r, ok, nil
}

func (c *mapCache) PutResult(_ context.Context, key string, r verify.CachedResult) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.m[key] = r
	return nil
}

func TestResultCache(t *testing.T) {
	t.Parallel()
	r := &printRunner{print: "env-1", fakeRunner: fakeRunner{run: func(cmd verify.Command) (verify.Result, error) {
		return verify.Result{ExitCode: map[string]int{"fail": 1}[cmd.Argv[0]], Output: []byte("out of " + cmd.Argv[0]), Duration: time.Second}, nil
	}}}
	cache := &mapCache{m: map[string]verify.CachedResult{}}
	s := story(t, "- [ ] `ok`\n- [ ] `fail`\n")
	verify := func(tree string, read bool, runID string) []verify.Outcome {
		v := &verify.Verifier{Runner: r, Caching: &verify.Caching{Cache: cache, Tree: tree, Version: "v1", RunID: runID, Read: read}}
		out, err := v.Verify(context.Background(), s.Items, t.TempDir())
		require.NoError(t, err)
		return out
	}
	first := verify("tree:a", true, "run-1")
	assert.EqualValues(t, 2, r.runs.Load())
	assert.Nil(t, first[0].Cached)
	assert.Len(t, cache.m, 1, "only the pass is kept")

	second := verify("tree:a", true, "run-2")
	assert.EqualValues(t, 3, r.runs.Load(), "the pass came from the cache, the failure ran again")
	require.NotNil(t, second[0].Cached)
	assert.Equal(t, "run-1", second[0].Cached.RunID)
	assert.Equal(t, "out of ok", string(second[0].Result.Output))
	assert.Nil(t, second[1].Cached)

	verify("tree:b", true, "run-3")
	assert.EqualValues(t, 5, r.runs.Load(), "another tree is another key")
	r.print = "env-2"
	verify("tree:a", true, "run-4")
	assert.EqualValues(t, 7, r.runs.Load(), "another environment is another key")
	r.print = "env-1"
	verify("tree:a", false, "run-5")
	assert.EqualValues(t, 9, r.runs.Load(), "--no-cache runs everything")
	r.print = ""
	verify("tree:a", true, "run-6")
	assert.EqualValues(t, 11, r.runs.Load(), "a runner that cannot fingerprint is never cached")
}

func TestWhollyCachedVerdictSkipsWorkspaceAndCycle(t *testing.T) {
	t.Parallel()
	for _, countCached := range []bool{false, true} {
		r := &printRunner{print: "env", fakeRunner: fakeRunner{run: func(cmd verify.Command) (verify.Result, error) {
			return verify.Result{ExitCode: map[string]int{"fail": 1}[cmd.Argv[0]]}, nil
		}}}
		cache := &mapCache{m: map[string]verify.CachedResult{}}
		store, err := bolt.Open(t.TempDir())
		require.NoError(t, err)
		l := &ledger.Ledger{Store: store, Limits: ledger.DefaultLimits}
		var prepared int
		run := func(body string) Report {
			sess := &Session{Verifier: &verify.Verifier{Runner: r, Caching: &verify.Caching{Cache: cache, Tree: "t", Version: "v", Read: true}},
				Ledger: l, Limits: ledger.DefaultLimits, CountCached: countCached,
				Prepare: func(context.Context) error { prepared++; return nil }}
			rep, err := sess.Run(context.Background(), Cycle{Key: "KAN-1", Story: story(t, body), Dir: t.TempDir()})
			require.NoError(t, err)
			return rep
		}
		first := run("- [ ] `ok`\n- [ ] `fail`\n")
		assert.False(t, first.Cached)
		assert.Equal(t, ledger.NeedsFix, first.Route)
		// The failing item is dropped from the story; the tree is the same.
		second := run("- [ ] `ok`\n- [ ] manual\n")
		assert.True(t, second.Cached)
		assert.Equal(t, ledger.HumanReview, second.Route)
		assert.Equal(t, 1, prepared, "a wholly cached verdict fetches no workspace")
		assert.EqualValues(t, 2, r.runs.Load(), "and runs nothing")
		e, err := store.Get(context.Background(), "KAN-1")
		require.NoError(t, err)
		if countCached {
			assert.Equal(t, 2, e.AutoVerifyRuns, "ENGINEO_CACHE_COUNTS_CYCLE=1 counts it")
		} else {
			assert.Equal(t, 1, e.AutoVerifyRuns, "by default a cached verdict counts no cycle")
		}
		require.Len(t, e.History, 2)
		assert.True(t, e.History[1].Cached)
		store.Close()
	}
}

// orderLog records, in order, what reached the ledger and the cache.
type orderLog struct {
	mu  sync.Mutex
	ops []string
}

func (o *orderLog) add(op string) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.ops = append(o.ops, op)
}

// loggedLedger logs the ledger's finish (an update that appends history).
type loggedLedger struct {
	ledger.Store
	log *orderLog
}

func (l loggedLedger) Update(ctx context.Context, key string, fn func(*ledger.Entry) error) (ledger.Entry, error) {
	e, err := l.Store.Update(ctx, key, fn)
	if len(e.History) > 0 {
		l.log.add("finish")
	}
	return e, err
}

type loggedCache struct {
	*mapCache
	log *orderLog
}

func (c loggedCache) PutResult(ctx context.Context, key string, r verify.CachedResult) error {
	c.log.add("cache")
	return c.mapCache.PutResult(ctx, key, r)
}

// TestCacheWritesComeAfterTheLedger: with Writes, passing results are
// stored after the ledger recorded the run, in the background, and are all
// there once the group is waited on.
func TestCacheWritesComeAfterTheLedger(t *testing.T) {
	t.Parallel()
	r := &printRunner{print: "env", fakeRunner: fakeRunner{run: func(cmd verify.Command) (verify.Result, error) {
		return verify.Result{ExitCode: map[string]int{"fail": 1}[cmd.Argv[0]]}, nil
	}}}
	store, err := bolt.Open(t.TempDir())
	require.NoError(t, err)
	t.Cleanup(func() { store.Close() })
	log := &orderLog{}
	cache := &mapCache{m: map[string]verify.CachedResult{}}
	var writes sync.WaitGroup
	sess := &Session{Verifier: &verify.Verifier{Runner: r, Caching: &verify.Caching{Cache: loggedCache{cache, log}, Tree: "t", Version: "v", Writes: &writes}},
		Ledger: &ledger.Ledger{Store: loggedLedger{store, log}, Limits: ledger.DefaultLimits}, Limits: ledger.DefaultLimits}
	_, err = sess.Run(context.Background(), Cycle{Key: "KAN-1", Story: story(t, "- [ ] `ok`\n- [ ] `ok two`\n- [ ] `fail`\n"), Dir: t.TempDir()})
	require.NoError(t, err)
	writes.Wait()
	log.mu.Lock()
	defer log.mu.Unlock()
	assert.Equal(t, []string{"finish", "cache", "cache"}, log.ops, "the ledger first; the two passes, not the failure")
	assert.Len(t, cache.m, 2)
}

// countingBlobStore is a ledger store that is also the cache's, counting
// how results reach it.
type countingBlobStore struct {
	*bolt.Store
	puts, joint atomic.Int32
}

func (c *countingBlobStore) PutBlob(ctx context.Context, key string, value []byte, ttl time.Duration) error {
	c.puts.Add(1)
	return c.Store.PutBlob(ctx, key, value, ttl)
}

func (c *countingBlobStore) UpdateWithBlobs(ctx context.Context, key string, fn func(*ledger.Entry) error, blobs []ledger.Blob) (ledger.Entry, error) {
	c.joint.Add(1)
	return c.Store.UpdateWithBlobs(ctx, key, fn, blobs)
}

// TestCacheWritesJoinTheLedgersWrite: with the cache kept in the ledger's
// own store, the passing results are stored in the write that records the
// run — no write of their own — and are there for the next run.
func TestCacheWritesJoinTheLedgersWrite(t *testing.T) {
	t.Parallel()
	r := &printRunner{print: "env", fakeRunner: fakeRunner{run: func(cmd verify.Command) (verify.Result, error) {
		return verify.Result{ExitCode: map[string]int{"fail": 1}[cmd.Argv[0]], Output: []byte("out")}, nil
	}}}
	inner, err := bolt.Open(t.TempDir())
	require.NoError(t, err)
	t.Cleanup(func() { inner.Close() })
	store := &countingBlobStore{Store: inner}
	var writes sync.WaitGroup
	l := &ledger.Ledger{Store: store, Limits: ledger.DefaultLimits}
	run := func(read bool) Report {
		sess := &Session{Verifier: &verify.Verifier{Runner: r, Caching: &verify.Caching{Cache: verify.StoreCache{Store: store, TTL: time.Hour, InLedger: true}, Tree: "t", Version: "v",
			Read: read, Writes: &writes}}, Ledger: l, Limits: ledger.DefaultLimits}
		rep, err := sess.Run(context.Background(), Cycle{Key: "KAN-1", Story: story(t, "- [ ] `ok`\n- [ ] `ok two`\n- [ ] `fail`\n"), Dir: t.TempDir()})
		require.NoError(t, err)
		writes.Wait()
		return rep
	}
	run(false)
	assert.EqualValues(t, 1, store.joint.Load(), "one write for the run and its results")
	assert.Zero(t, store.puts.Load(), "no write of the results' own")
	e, err := store.Get(context.Background(), "KAN-1")
	require.NoError(t, err)
	assert.Len(t, e.History, 1)
	before := r.runs.Load()
	second := run(true)
	assert.EqualValues(t, before+1, r.runs.Load(), "the two passes came from the cache, the failure ran")
	assert.NotNil(t, second.Outcomes[0].Cached)
	assert.NotNil(t, second.Outcomes[1].Cached)
}
