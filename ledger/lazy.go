package ledger

import (
	"context"
	"errors"
	"sync"
	"time"
)

// OpenOnUse returns a Store that opens the real one on first use, so a
// command that stops on bad input never creates a state directory or
// dials Redis, and one whose store is unreachable fails where it first
// needs it, before any command runs. A failed open is retried on the next
// use.
func OpenOnUse(open func(ctx context.Context) (Store, error)) Store {
	return &lazyStore{open: open}
}

type lazyStore struct {
	open   func(ctx context.Context) (Store, error)
	mu     sync.Mutex
	s      Store
	closed bool
}

// errClosed is what a lazy store answers once closed: an open started in
// the background (OpenSoon) after the process finished with the store
// must not leave it open (a file lock held, a connection).
var errClosed = errors.New("ledger: store closed")

// OpenSoon starts opening s in the background if it is a store that opens
// on first use, so that the first use does not wait for it: the CLI calls
// it once its input is known to be good. A failed open is retried, and
// reported, by that first use.
func OpenSoon(ctx context.Context, s Store) {
	if l, ok := s.(*lazyStore); ok {
		go func() { _, _ = l.get(ctx) }()
	}
}

func (l *lazyStore) get(ctx context.Context) (Store, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.closed {
		return nil, errClosed
	}
	if l.s == nil {
		s, err := l.open(ctx)
		if err != nil {
			return nil, err
		}
		l.s = s
	}
	return l.s, nil
}

func (l *lazyStore) Get(ctx context.Context, key string) (Entry, error) {
	s, err := l.get(ctx)
	if err != nil {
		return Entry{}, err
	}
	return s.Get(ctx, key)
}

func (l *lazyStore) Update(ctx context.Context, key string, fn func(*Entry) error) (Entry, error) {
	s, err := l.get(ctx)
	if err != nil {
		return Entry{}, err
	}
	return s.Update(ctx, key, fn)
}

func (l *lazyStore) Reset(ctx context.Context, key string) error {
	s, err := l.get(ctx)
	if err != nil {
		return err
	}
	return s.Reset(ctx, key)
}

func (l *lazyStore) Ping(ctx context.Context) error {
	s, err := l.get(ctx)
	if err != nil {
		return err
	}
	return s.Ping(ctx)
}

// Close closes the store if it was opened.
func (l *lazyStore) Close() error {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.closed = true
	if l.s == nil {
		return nil
	}
	return l.s.Close()
}

// blobStore is the result cache's storage, offered by every store here.
type blobStore interface {
	GetBlob(ctx context.Context, key string) ([]byte, bool, error)
	PutBlob(ctx context.Context, key string, value []byte, ttl time.Duration) error
}

// GetBlob reads the result cache of the store once opened.
func (l *lazyStore) GetBlob(ctx context.Context, key string) ([]byte, bool, error) {
	s, err := l.get(ctx)
	if err != nil {
		return nil, false, err
	}
	b, ok := s.(blobStore)
	if !ok {
		return nil, false, nil
	}
	return b.GetBlob(ctx, key)
}

// PutBlob writes the result cache of the store once opened.
func (l *lazyStore) PutBlob(ctx context.Context, key string, value []byte, ttl time.Duration) error {
	s, err := l.get(ctx)
	if err != nil {
		return err
	}
	if b, ok := s.(blobStore); ok {
		return b.PutBlob(ctx, key, value, ttl)
	}
	return nil
}

// CountClaims counts an author's claims in the store once opened.
func (l *lazyStore) CountClaims(ctx context.Context, author, runID string, c ClaimCounts) error {
	s, err := l.get(ctx)
	if err != nil {
		return err
	}
	if ac, ok := s.(AuthorCounter); ok {
		return ac.CountClaims(ctx, author, runID, c)
	}
	return nil
}

// AuthorClaims reads the per-author counts of the store once opened.
func (l *lazyStore) AuthorClaims(ctx context.Context) (map[string]ClaimCounts, error) {
	s, err := l.get(ctx)
	if err != nil {
		return nil, err
	}
	if ac, ok := s.(AuthorCounter); ok {
		return ac.AuthorClaims(ctx)
	}
	return map[string]ClaimCounts{}, nil
}

// UpdateWithBlobs implements BlobUpdater for the store once opened: in one
// write where it can, else the update and then each blob.
func (l *lazyStore) UpdateWithBlobs(ctx context.Context, key string, fn func(*Entry) error, blobs []Blob) (Entry, error) {
	s, err := l.get(ctx)
	if err != nil {
		return Entry{}, err
	}
	return updateWithBlobs(ctx, s, key, fn, blobs)
}
