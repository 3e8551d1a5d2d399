package ledger

import (
	"context"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// countingStore is a Store whose Close is counted.
type countingStore struct {
	Store
	closed atomic.Int32
}

func (c *countingStore) Close() error { c.closed.Add(1); return nil }

func (c *countingStore) Get(_ context.Context, key string) (Entry, error) {
	return Entry{StoryKey: key}, nil
}

// TestOpenSoon: the store is opened in the background, once, and the first
// use takes that store; a store closed before the background open ran is
// never opened.
func TestOpenSoon(t *testing.T) {
	t.Parallel()
	var opens atomic.Int32
	inner := &countingStore{}
	s := OpenOnUse(func(context.Context) (Store, error) {
		opens.Add(1)
		return inner, nil
	})
	OpenSoon(context.Background(), s)
	require.Eventually(t, func() bool { return opens.Load() == 1 }, 5*time.Second, time.Millisecond, "opened in the background")
	e, err := s.Get(context.Background(), "KAN-1")
	require.NoError(t, err)
	assert.Equal(t, "KAN-1", e.StoryKey)
	assert.EqualValues(t, 1, opens.Load(), "the first use took the store opened in the background")
	require.NoError(t, s.Close())
	assert.EqualValues(t, 1, inner.closed.Load())

	var late atomic.Int32
	closedFirst := OpenOnUse(func(context.Context) (Store, error) {
		late.Add(1)
		return &countingStore{}, nil
	})
	require.NoError(t, closedFirst.Close())
	OpenSoon(context.Background(), closedFirst)
	_, err = closedFirst.Get(context.Background(), "KAN-1")
	assert.ErrorIs(t, err, errClosed)
	time.Sleep(20 * time.Millisecond) // the background open has run by now
	assert.Zero(t, late.Load(), "a closed store is not opened")
}
