package bolt

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"time"

	"go.etcd.io/bbolt"
	bolterrors "go.etcd.io/bbolt/errors"

	"github.com/engineo/autoverify/ledger"
)

const (
	// DefaultDir is where the CLI keeps the ledger unless told otherwise,
	// relative to the repository root.
	DefaultDir = ".autoverify"
	// FileName is the ledger file inside the directory.
	FileName = "ledger.db"
	// DefaultLockTimeout is how long Open waits for another process to
	// let go of the file.
	DefaultLockTimeout = 5 * time.Second
)

var bucketName = []byte("ledger")

// Store is a ledger.Store in a bbolt file. It is safe for concurrent use.
type Store struct {
	db     *sharedDB
	closed atomic.Bool
	once   sync.Once
}

var _ ledger.Store = (*Store)(nil)

// sharedDB is one open file, shared by every Store of its path in this
// process.
type sharedDB struct {
	path     string
	db       *bbolt.DB
	refs     int          // guarded by registry.mu
	inflight atomic.Int64 // Updates running now
	group    bool         // join a Batch under contention
}

var registry = struct {
	mu sync.Mutex
	m  map[string]*sharedDB
}{m: map[string]*sharedDB{}}

type config struct {
	lockTimeout time.Duration
	group       bool
	bolt        bbolt.Options
}

// Option configures Open.
type Option func(*config)

// WithLockTimeout sets how long Open waits for another process holding the
// file (default 5 s).
func WithLockTimeout(d time.Duration) Option { return func(c *config) { c.lockTimeout = d } }

// WithGroupCommit sets whether concurrent Updates share one transaction and
// one fsync (default true). Off, every Update commits on its own.
func WithGroupCommit(on bool) Option { return func(c *config) { c.group = on } }

// Open opens (creating if needed) the ledger in dir/ledger.db.
func Open(dir string, opts ...Option) (*Store, error) {
	if dir == "" {
		return nil, errors.New("ledger: no directory given for the ledger file")
	}
	c := config{
		lockTimeout: DefaultLockTimeout,
		group:       true,
		bolt: bbolt.Options{
			FreelistType:   bbolt.FreelistMapType,
			NoFreelistSync: true,
		},
	}
	for _, o := range opts {
		o(&c)
	}
	c.bolt.Timeout = c.lockTimeout
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("ledger: cannot create the ledger directory %s: %w", dir, err)
	}
	real, err := filepath.EvalSymlinks(dir)
	if err == nil {
		real, err = filepath.Abs(real)
	}
	if err != nil {
		return nil, fmt.Errorf("ledger: resolving the ledger directory %s: %w", dir, err)
	}
	path := filepath.Join(real, FileName)

	registry.mu.Lock()
	defer registry.mu.Unlock()
	if sh, ok := registry.m[path]; ok {
		sh.refs++
		return &Store{db: sh}, nil
	}
	db, err := bbolt.Open(path, 0o600, &c.bolt)
	switch {
	case errors.Is(err, bolterrors.ErrTimeout):
		return nil, fmt.Errorf("ledger: %s is in use by another autoverify process (waited %s for it): %w", path, c.lockTimeout, err)
	case errors.Is(err, os.ErrPermission):
		return nil, fmt.Errorf("ledger: %s is not writable: %w", path, err)
	case err != nil:
		return nil, fmt.Errorf("ledger: opening %s: %w", path, err)
	}
	// A bbolt write transaction syncs the file twice even when it changes
	// nothing, so the bucket is created only when a read says it is
	// missing (a new file); the file lock keeps other processes out in
	// between.
	var exists bool
	err = db.View(func(tx *bbolt.Tx) error {
		exists = tx.Bucket(bucketName) != nil
		return nil
	})
	if err == nil && !exists {
		err = db.Update(func(tx *bbolt.Tx) error {
			_, err := tx.CreateBucketIfNotExists(bucketName)
			return err
		})
	}
	if err != nil {
		_ = db.Close()
		return nil, fmt.Errorf("ledger: preparing %s: %w", path, err)
	}
	sh := &sharedDB{path: path, db: db, refs: 1, group: c.group}
	registry.m[path] = sh
	return &Store{db: sh}, nil
}

// Path is the ledger file.
func (s *Store) Path() string { return s.db.path }

func (s *Store) check(ctx context.Context, key string) error {
	if s.closed.Load() {
		return fmt.Errorf("ledger: %s: store is closed", s.db.path)
	}
	if key == "" {
		return errors.New("ledger: empty story key")
	}
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("ledger: %s: %w", key, err)
	}
	return nil
}

func decode(raw []byte, key string) (ledger.Entry, error) {
	e := ledger.Entry{StoryKey: key}
	if raw == nil {
		return e, nil
	}
	if err := json.Unmarshal(raw, &e); err != nil {
		return ledger.Entry{}, fmt.Errorf("ledger: decoding %s: %w", key, err)
	}
	e.StoryKey = key
	return e, nil
}

// Get implements ledger.Store.
func (s *Store) Get(ctx context.Context, key string) (ledger.Entry, error) {
	if err := s.check(ctx, key); err != nil {
		return ledger.Entry{}, err
	}
	var e ledger.Entry
	err := s.db.db.View(func(tx *bbolt.Tx) error {
		var err error
		e, err = decode(tx.Bucket(bucketName).Get([]byte(key)), key)
		return err
	})
	if err != nil {
		return ledger.Entry{}, fmt.Errorf("ledger: reading %s from %s: %w", key, s.db.path, err)
	}
	return e, nil
}

// Update implements ledger.Store in one bbolt transaction.
func (s *Store) Update(ctx context.Context, key string, fn func(*ledger.Entry) error) (ledger.Entry, error) {
	return s.update(ctx, key, fn, nil)
}

// UpdateWithBlobs implements ledger.BlobUpdater: the update and the blobs
// in one transaction, so one durable write (two file syncs) instead of one
// more for each blob.
func (s *Store) UpdateWithBlobs(ctx context.Context, key string, fn func(*ledger.Entry) error, blobs []ledger.Blob) (ledger.Entry, error) {
	for _, b := range blobs {
		if err := s.check(ctx, b.Key); err != nil {
			return ledger.Entry{}, err
		}
	}
	return s.update(ctx, key, fn, blobs)
}

func (s *Store) update(ctx context.Context, key string, fn func(*ledger.Entry) error, blobs []ledger.Blob) (ledger.Entry, error) {
	if err := s.check(ctx, key); err != nil {
		return ledger.Entry{}, err
	}
	var (
		out   ledger.Entry
		fnErr error
		// A write with blobs is not batched: a batch may run its
		// functions more than once, and the blobs' expiry sweep with them.
		batch = s.db.group && s.db.inflight.Add(1) > 1 && len(blobs) == 0
	)
	if s.db.group {
		defer s.db.inflight.Add(-1)
	}
	tx := func(tx *bbolt.Tx) error {
		out, fnErr = ledger.Entry{}, nil
		b := tx.Bucket(bucketName)
		e, err := decode(b.Get([]byte(key)), key)
		if err != nil {
			return err
		}
		if err := fn(&e); err != nil {
			fnErr = err
			if batch {
				return nil // wrote nothing; keep the others' batch alive
			}
			return err // roll back
		}
		e.StoryKey = key
		raw, err := json.Marshal(e)
		if err != nil {
			return fmt.Errorf("ledger: encoding %s: %w", key, err)
		}
		if err := b.Put([]byte(key), raw); err != nil {
			return err
		}
		now := time.Now()
		for _, bl := range blobs {
			if err := putBlob(tx, bl.Key, bl.Value, bl.TTL, now); err != nil {
				return fmt.Errorf("ledger: storing %s: %w", bl.Key, err)
			}
		}
		out = e
		return nil
	}
	var err error
	if batch {
		err = s.db.db.Batch(tx)
	} else {
		err = s.db.db.Update(tx)
	}
	if fnErr != nil {
		return ledger.Entry{}, fnErr
	}
	if err != nil {
		return ledger.Entry{}, fmt.Errorf("ledger: updating %s in %s: %w", key, s.db.path, err)
	}
	return out, nil
}

// Reset implements ledger.Store.
func (s *Store) Reset(ctx context.Context, key string) error {
	if err := s.check(ctx, key); err != nil {
		return err
	}
	if err := s.db.db.Update(func(tx *bbolt.Tx) error {
		return tx.Bucket(bucketName).Delete([]byte(key))
	}); err != nil {
		return fmt.Errorf("ledger: resetting %s in %s: %w", key, s.db.path, err)
	}
	return nil
}

// Ping implements ledger.Store: the file is open and readable.
func (s *Store) Ping(ctx context.Context) error {
	if s.closed.Load() {
		return fmt.Errorf("ledger: %s: store is closed", s.db.path)
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	if err := s.db.db.View(func(tx *bbolt.Tx) error {
		if tx.Bucket(bucketName) == nil {
			return errors.New("ledger bucket missing")
		}
		return nil
	}); err != nil {
		return fmt.Errorf("ledger: %s: %w", s.db.path, err)
	}
	return nil
}

// Close implements ledger.Store. It is idempotent; the file is closed when
// the last Store of its path in this process closes.
func (s *Store) Close() error {
	var err error
	s.once.Do(func() {
		s.closed.Store(true)
		registry.mu.Lock()
		defer registry.mu.Unlock()
		s.db.refs--
		if s.db.refs > 0 {
			return
		}
		delete(registry.m, s.db.path)
		if cerr := s.db.db.Close(); cerr != nil {
			err = fmt.Errorf("ledger: closing %s: %w", s.db.path, cerr)
		}
	})
	return err
}
