package redis

import (
	"context"
	"sync"
)

// localLocks queues the updates of one story within this process, so that
// they wait their turn on a channel instead of all polling Redis for the
// story's lock. The Redis lock still serialises them against other
// processes; this only spares Redis (and the waiters' backoff) the
// in-process contention.
type localLocks struct {
	mu sync.Mutex
	m  map[string]*localLock
}

type localLock struct {
	ch   chan struct{} // holds a token while the story is locked
	refs int           // holders and waiters; guarded by localLocks.mu
}

// lock waits for the story's local lock until ctx ends and returns its
// unlock function.
func (k *localLocks) lock(ctx context.Context, story string) (func(), error) {
	k.mu.Lock()
	if k.m == nil {
		k.m = map[string]*localLock{}
	}
	l := k.m[story]
	if l == nil {
		l = &localLock{ch: make(chan struct{}, 1)}
		k.m[story] = l
	}
	l.refs++
	k.mu.Unlock()

	select {
	case l.ch <- struct{}{}:
		return func() { <-l.ch; k.drop(story, l) }, nil
	case <-ctx.Done():
		k.drop(story, l)
		return nil, ctx.Err()
	}
}

func (k *localLocks) drop(story string, l *localLock) {
	k.mu.Lock()
	defer k.mu.Unlock()
	if l.refs--; l.refs == 0 {
		delete(k.m, story)
	}
}
