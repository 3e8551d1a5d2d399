package verify

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"sync"
	"time"

	"github.com/engineo/autoverify/ledger"
)

// ResultCache keeps the results of checks that passed, so that the same
// command on the same tree in the same environment is not run twice. The
// ledger's stores implement it (Redis, shared by replicas; the embedded
// store for one machine), with a retention.
type ResultCache interface {
	GetResult(ctx context.Context, key string) (CachedResult, bool, error)
	PutResult(ctx context.Context, key string, r CachedResult) error
}

// CachedResult is what a cache keeps of a passing check: enough to report
// it again, and where it came from.
type CachedResult struct {
	// RunID is the run that produced the result; At is when.
	RunID    string        `json:"run_id"`
	At       time.Time     `json:"at"`
	ExitCode int           `json:"exit_code"`
	Duration time.Duration `json:"duration"`
	// Output is the redacted, capped output.
	Output       []byte `json:"output"`
	OmittedBytes int64  `json:"omitted_bytes,omitempty"`
}

// Fingerprinter is a runner that can say, in one string, everything about
// itself that could change the result of running argv: the runner kind,
// the image (by digest) or the program it would start, limits, network,
// the variables passed through. A runner that cannot say (or says "") is
// never cached.
type Fingerprinter interface {
	Fingerprint(argv []string) string
}

// CacheKey is the key of a check's result: the workspace's content (a git
// tree hash, or the commit), the argv, the environment's fingerprint, and
// autoverify's version. Any of them changing means the check runs again.
func CacheKey(tree string, argv []string, environment, version string) string {
	raw, _ := json.Marshal(struct {
		Tree        string   `json:"tree"`
		Argv        []string `json:"argv"`
		Environment string   `json:"environment"`
		Version     string   `json:"version"`
	}{tree, argv, environment, version})
	sum := sha256.Sum256(raw)
	return hex.EncodeToString(sum[:])
}

// Caching says whether and how a verification uses the result cache.
type Caching struct {
	Cache ResultCache
	// Tree identifies the workspace's content; empty disables the cache
	// (a work tree outside git).
	Tree string
	// Version is autoverify's build, part of every key.
	Version string
	// RunID names the run whose results are stored.
	RunID string
	// Read allows serving results from the cache; false (--no-cache,
	// /verify fresh, reviewers on without a rerun of the failed items)
	// runs everything and still stores what passes.
	Read bool
	// Writes, when set, holds the results to store until the verify
	// cycle is recorded (bot.Session.Run flushes them after the ledger's
	// finish), then stores them in the background, counted in the group:
	// the caller waits on it before closing the store. The embedded
	// store commits one transaction at a time, and a result's write (two
	// file syncs) otherwise came before the ledger's on the way to the
	// verdict. Nil stores each result as soon as its check passed.
	Writes *sync.WaitGroup

	mu     sync.Mutex
	queued []queuedResult
}

type queuedResult struct {
	key string
	r   CachedResult
}

// put stores a passing result, or queues it (see Writes). Best effort: a
// cache that cannot store costs a rerun, nothing more.
func (c *Caching) put(ctx context.Context, key string, r CachedResult) {
	if c.Writes == nil {
		_ = c.Cache.PutResult(ctx, key, r)
		return
	}
	c.mu.Lock()
	c.queued = append(c.queued, queuedResult{key, r})
	c.mu.Unlock()
}

// LedgerBlobs takes the queued results as blobs for the ledger's own
// write, when the cache is kept in the ledger's store (StoreCache.InLedger):
// the embedded store then writes them in the transaction that records the
// run, and no write of their own follows. Otherwise, or with nothing
// queued, it returns nil and leaves the queue to flush.
func (c *Caching) LedgerBlobs() []ledger.Blob {
	if c == nil || c.Writes == nil {
		return nil
	}
	sc, ok := c.Cache.(StoreCache)
	if !ok || !sc.InLedger {
		return nil
	}
	var blobs []ledger.Blob
	for _, q := range c.takeQueued() {
		if b, err := sc.blob(q.key, q.r); err == nil {
			blobs = append(blobs, b)
		}
	}
	return blobs
}

// takeQueued empties the queue of results to store and returns it.
func (c *Caching) takeQueued() []queuedResult {
	c.mu.Lock()
	defer c.mu.Unlock()
	queued := c.queued
	c.queued = nil
	return queued
}

// Flush stores the queued results in the background; nil-safe.
func (c *Caching) Flush(ctx context.Context) {
	if c == nil || c.Writes == nil {
		return
	}
	queued := c.takeQueued()
	if len(queued) == 0 {
		return
	}
	ctx = context.WithoutCancel(ctx)
	c.Writes.Add(1)
	go func() {
		defer c.Writes.Done()
		for _, q := range queued {
			_ = c.Cache.PutResult(ctx, q.key, q.r)
		}
	}()
}

// key returns the cache key of running argv on r, or "" when r cannot be
// cached.
func (c *Caching) key(r Runner, argv []string) string {
	if c == nil || c.Cache == nil || c.Tree == "" {
		return ""
	}
	fp, ok := r.(Fingerprinter)
	if !ok {
		return ""
	}
	env := fp.Fingerprint(argv)
	if env == "" {
		return ""
	}
	return CacheKey(c.Tree, argv, env, c.Version)
}

// BlobStore keeps opaque values under keys with a time to live; the
// ledger's stores implement it.
type BlobStore interface {
	GetBlob(ctx context.Context, key string) ([]byte, bool, error)
	PutBlob(ctx context.Context, key string, value []byte, ttl time.Duration) error
}

// StoreCache is a ResultCache in a BlobStore, each result kept for TTL.
type StoreCache struct {
	Store BlobStore
	TTL   time.Duration
	// InLedger says Store is the ledger's own store: a run's results are
	// then written in the ledger's write that records the run.
	InLedger bool
}

var _ ResultCache = StoreCache{}

// GetResult implements ResultCache.
func (c StoreCache) GetResult(ctx context.Context, key string) (CachedResult, bool, error) {
	raw, ok, err := c.Store.GetBlob(ctx, key)
	if err != nil || !ok {
		return CachedResult{}, false, err
	}
	var r CachedResult
	if err := json.Unmarshal(raw, &r); err != nil {
		return CachedResult{}, false, nil // an entry we cannot read is a miss
	}
	return r, true, nil
}

// PutResult implements ResultCache.
func (c StoreCache) PutResult(ctx context.Context, key string, r CachedResult) error {
	b, err := c.blob(key, r)
	if err != nil {
		return err
	}
	return c.Store.PutBlob(ctx, b.Key, b.Value, b.TTL)
}

// blob is how the cache keeps r under key: the form PutResult writes and
// the ledger's own write takes (Caching.ledgerBlobs).
func (c StoreCache) blob(key string, r CachedResult) (ledger.Blob, error) {
	raw, err := json.Marshal(r)
	if err != nil {
		return ledger.Blob{}, err
	}
	return ledger.Blob{Key: key, Value: raw, TTL: c.TTL}, nil
}
