package intake

import (
	"container/list"
	"context"
	"errors"
	"fmt"
	"strconv"
	"sync"
	"time"

	"github.com/redis/go-redis/v9"
)

// Deduper remembers delivery keys for a while.
type Deduper interface {
	// Seen records every key and reports whether any of them was already
	// recorded (and not yet expired), all in one atomic step: of two
	// concurrent calls with a common key, exactly one reports false.
	Seen(ctx context.Context, keys ...string) (bool, error)
}

// Forgetter is implemented by Dedupers that can drop keys again. The intake
// forgets a delivery's keys when it could not enqueue it, so that a
// redelivery is accepted rather than taken for a repeat.
type Forgetter interface {
	Forget(ctx context.Context, keys ...string) error
}

// DefaultDedupeTTL is how long deliveries are remembered.
const DefaultDedupeTTL = 24 * time.Hour

// MemoryDeduper is an in-process Deduper: an LRU of keys with one TTL,
// bounded in size (the oldest keys are forgotten first when it is full).
// It forgets everything on restart; use RedisDeduper when that matters or
// when several replicas take deliveries.
type MemoryDeduper struct {
	ttl   time.Duration
	limit int
	now   func() time.Time

	mu    sync.Mutex
	order *list.List // of memKey, oldest first; every key has the same TTL
	index map[string]*list.Element
}

type memKey struct {
	key     string
	expires time.Time
}

var (
	_ Deduper   = (*MemoryDeduper)(nil)
	_ Forgetter = (*MemoryDeduper)(nil)
)

// NewMemoryDeduper remembers keys for ttl (DefaultDedupeTTL if not
// positive), at most limit of them (100,000 if not positive).
func NewMemoryDeduper(ttl time.Duration, limit int) *MemoryDeduper {
	if ttl <= 0 {
		ttl = DefaultDedupeTTL
	}
	if limit <= 0 {
		limit = 100_000
	}
	return &MemoryDeduper{ttl: ttl, limit: limit, now: time.Now, order: list.New(), index: make(map[string]*list.Element)}
}

// Seen implements Deduper.
func (d *MemoryDeduper) Seen(_ context.Context, keys ...string) (bool, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	now := d.now()
	for e := d.order.Front(); e != nil && !now.Before(e.Value.(memKey).expires); e = d.order.Front() {
		d.remove(e)
	}
	seen := false
	for _, k := range keys {
		if _, ok := d.index[k]; ok {
			seen = true
			continue
		}
		d.index[k] = d.order.PushBack(memKey{key: k, expires: now.Add(d.ttl)})
	}
	for d.order.Len() > d.limit {
		d.remove(d.order.Front())
	}
	return seen, nil
}

// Forget implements Forgetter.
func (d *MemoryDeduper) Forget(_ context.Context, keys ...string) error {
	d.mu.Lock()
	defer d.mu.Unlock()
	for _, k := range keys {
		if e, ok := d.index[k]; ok {
			d.remove(e)
		}
	}
	return nil
}

func (d *MemoryDeduper) remove(e *list.Element) {
	delete(d.index, e.Value.(memKey).key)
	d.order.Remove(e)
}

// RedisDeduper keeps keys in Redis, shared by every replica, as
// SET prefix+key <unix ms> NX PX ttl — all keys of one call in one Lua
// script, so one round trip and one atomic step. The keys of one call may
// hash to different slots, so Redis Cluster is not supported (standalone
// and Sentinel are).
type RedisDeduper struct {
	rdb    *redis.Client
	prefix string
	ttlMS  string
}

var (
	_ Deduper   = (*RedisDeduper)(nil)
	_ Forgetter = (*RedisDeduper)(nil)
)

// seenScript sets every key that is absent and returns 1 if any was present.
var seenScript = redis.NewScript(`
local seen = 0
for i = 1, #KEYS do
  if not redis.call('SET', KEYS[i], ARGV[2], 'NX', 'PX', ARGV[1]) then
    seen = 1
  end
end
return seen
`)

// NewRedisDeduper remembers keys under prefix (default "autoverify:intake:")
// for ttl (DefaultDedupeTTL if not positive).
func NewRedisDeduper(client *redis.Client, prefix string, ttl time.Duration) *RedisDeduper {
	if prefix == "" {
		prefix = "autoverify:intake:"
	}
	if ttl <= 0 {
		ttl = DefaultDedupeTTL
	}
	return &RedisDeduper{rdb: client, prefix: prefix, ttlMS: strconv.FormatInt(max(ttl.Milliseconds(), 1), 10)}
}

// Seen implements Deduper.
func (d *RedisDeduper) Seen(ctx context.Context, keys ...string) (bool, error) {
	if len(keys) == 0 {
		return false, nil
	}
	if d.rdb == nil {
		return false, errors.New("intake: redis dedupe: nil client")
	}
	full := make([]string, len(keys))
	for i, k := range keys {
		full[i] = d.prefix + k
	}
	n, err := seenScript.Run(ctx, d.rdb, full, d.ttlMS, time.Now().UnixMilli()).Int()
	if err != nil {
		return false, fmt.Errorf("intake: redis dedupe: %w", err)
	}
	return n == 1, nil
}

// Forget implements Forgetter.
func (d *RedisDeduper) Forget(ctx context.Context, keys ...string) error {
	if len(keys) == 0 || d.rdb == nil {
		return nil
	}
	full := make([]string, len(keys))
	for i, k := range keys {
		full[i] = d.prefix + k
	}
	if err := d.rdb.Del(ctx, full...).Err(); err != nil {
		return fmt.Errorf("intake: redis dedupe forget: %w", err)
	}
	return nil
}
