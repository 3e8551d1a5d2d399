package assemble

import (
	"context"
	"sync"
)

// shared opens with open once for all its callers and closes what it
// opened when the last of them has closed: the server's run recorder and
// its dashboard read and write one run history (one Redis client), not
// two. A failed open is tried again by the next caller.
func shared[T any](open func(context.Context) (T, func(), error)) func(context.Context) (T, func(), error) {
	var (
		mu      sync.Mutex
		value   T
		closeFn func()
		refs    int
	)
	return func(ctx context.Context) (T, func(), error) {
		mu.Lock()
		defer mu.Unlock()
		if refs == 0 {
			v, c, err := open(ctx)
			if err != nil {
				var zero T
				return zero, nil, err
			}
			value, closeFn = v, c
		}
		refs++
		return value, sync.OnceFunc(func() {
			mu.Lock()
			defer mu.Unlock()
			if refs--; refs == 0 {
				closeFn()
			}
		}), nil
	}
}
