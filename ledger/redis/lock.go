package redis

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	mrand "math/rand/v2"
	"time"

	goredis "github.com/redis/go-redis/v9"
)

// Backoff between lock attempts: it starts small because an update holds
// the lock for a few round trips only.
const (
	minBackoff = 500 * time.Microsecond
	maxBackoff = 20 * time.Millisecond
	// releaseTimeout bounds the release, which runs even when the
	// caller's context has ended.
	releaseTimeout = 2 * time.Second
)

// lock is one held per-story lock.
type lock struct {
	s     *Store
	key   string // the Redis key of the lock
	token string
}

// releaseScript deletes KEYS[1] only if it still holds ARGV[1], the
// owner's token.
var releaseScript = goredis.NewScript(`
if redis.call('GET', KEYS[1]) == ARGV[1] then
  return redis.call('DEL', KEYS[1])
end
return 0
`)

func newToken() (string, error) {
	var b [16]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", fmt.Errorf("ledger: making a lock token: %w", err)
	}
	return hex.EncodeToString(b[:]), nil
}

// errLockWait is the cause of a lock wait that ran out of time.
var errLockWait = errors.New("lock wait exceeded")

// lockWaitError turns a lock wait that ran into its own limit (not the
// caller's context) into an error saying so.
func (s *Store) lockWaitError(ctx context.Context, story string, err error) error {
	if ctx.Err() == nil && errors.Is(err, context.DeadlineExceeded) {
		return fmt.Errorf("ledger: story %s is locked by another update and stayed locked for %s (redis key %s); a crashed owner's lock expires after the lock TTL (%s)", story, s.lockWait, s.lockKey(story), s.lockTTL)
	}
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return fmt.Errorf("ledger: waiting for the lock on %s: %w", story, err)
	}
	return err
}

// acquire takes the story's Redis lock with the given TTL, polling with
// backoff until it is free or ctx ends.
func (s *Store) acquire(ctx context.Context, story string, ttl time.Duration) (*lock, error) {
	token, err := newToken()
	if err != nil {
		return nil, err
	}
	l := &lock{s: s, key: s.lockKey(story), token: token}
	backoff := minBackoff
	timer := time.NewTimer(time.Hour)
	defer timer.Stop()
	for {
		err := s.rdb.Do(ctx, "SET", l.key, token, "NX", "PX", max(ttl.Milliseconds(), 1)).Err()
		if err == nil {
			return l, nil
		}
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		if !errors.Is(err, goredis.Nil) {
			return nil, fmt.Errorf("ledger: locking %s in redis %s: %w", story, s.url, err)
		}
		// Jitter, so that waiters in different processes do not retry in
		// lockstep.
		timer.Reset(backoff/2 + mrand.N(backoff/2+1))
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-timer.C:
		}
		backoff = min(2*backoff, maxBackoff)
	}
}

// release deletes the lock if this owner still holds it and reports
// whether it did.
func (l *lock) release() (bool, error) {
	ctx, cancel := context.WithTimeout(context.Background(), releaseTimeout) // release even if the caller's ctx ended
	defer cancel()
	n, err := releaseScript.Run(ctx, l.s.rdb, []string{l.key}, l.token).Int()
	if err != nil {
		return false, fmt.Errorf("ledger: releasing lock %s in redis %s: %w", l.key, l.s.url, err)
	}
	return n == 1, nil
}
