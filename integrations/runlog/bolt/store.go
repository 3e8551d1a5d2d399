// Package bolt keeps the run history in a bbolt file, runs.db, beside the
// embedded ledger (never in ledger.db: `autoverify run` holds that file
// for its whole run, and the dashboard must not wait for it).
//
// The file is opened for each transaction and closed after it, never held
// between calls: a page view opens it read-only for a few milliseconds, a
// run's write opens it for one short transaction. Who may open it is
// settled by a lock file beside it (runs.lock, shared for reads,
// exclusive for writes), tried again every 200 µs instead of bbolt's own
// 50 ms retry, so a page view and a run's write wait for each other for
// no longer than the other's transaction.
package bolt

import (
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"time"

	"go.etcd.io/bbolt"
	"golang.org/x/sys/unix"

	"github.com/engineo/autoverify/bot/runlog"
)

// Names of the files in the state directory.
const (
	FileName = "runs.db"
	LockName = "runs.lock"
	// TurnName is the turnstile every taker of LockName passes first
	// (see lockFile).
	TurnName = "runs.turn"
)

var (
	bucketRuns     = []byte("runs")
	bucketIndex    = []byte("index")
	bucketCounters = []byte("counters")
	bucketRepos    = []byte("repos")
	bucketMeta     = []byte("meta")
	keySeq         = []byte("seq")
	keyCleared     = []byte("cleared")
)

// Store is the run history in dir/runs.db. It is safe for concurrent use
// by several goroutines and several processes.
type Store struct {
	path, lock, turn string
	retention        time.Duration
	now              func() time.Time
	// LockTimeout bounds the wait for another process's transaction.
	lockTimeout time.Duration
}

// Option configures Open.
type Option func(*Store)

// WithRetention forgets runs that started longer ago than d (default 90
// days); 0 keeps them.
func WithRetention(d time.Duration) Option { return func(s *Store) { s.retention = d } }

// WithClock sets the clock retention is measured by.
func WithClock(now func() time.Time) Option { return func(s *Store) { s.now = now } }

// WithLockTimeout bounds the wait for another process's transaction
// (default 10 s).
func WithLockTimeout(d time.Duration) Option { return func(s *Store) { s.lockTimeout = d } }

// Open returns the store of dir, creating the directory; the file is
// created by the first write.
func Open(dir string, opts ...Option) (*Store, error) {
	if dir == "" {
		return nil, errors.New("run history: no state directory given")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("run history: creating %s: %w", dir, err)
	}
	s := &Store{path: filepath.Join(dir, FileName), lock: filepath.Join(dir, LockName), turn: filepath.Join(dir, TurnName),
		retention: 90 * 24 * time.Hour, now: time.Now, lockTimeout: 10 * time.Second}
	for _, o := range opts {
		o(s)
	}
	return s, nil
}

// Close releases nothing: no file is held between calls.
func (s *Store) Close() error { return nil }

// lockFile takes the lock file, shared or exclusive, trying again every
// 200 µs until ctx ends or the timeout passes. Every taker passes the
// turnstile first, holding it only until it has the lock file: a reader
// waiting for a writer's transaction holds off that writer's next one,
// and a writer waiting for readers holds off new readers. Without it a
// process writing run after run took the lock again within microseconds
// of letting it go, and a dashboard's read polling beside it waited for
// most of the burst (570 ms of 200 writes with six busy CPUs beside).
func (s *Store) lockFile(ctx context.Context, exclusive bool) (func(), error) {
	deadline := time.Now().Add(s.lockTimeout)
	leave, err := s.flock(ctx, s.turn, true, deadline)
	if err != nil {
		return nil, err
	}
	defer leave()
	return s.flock(ctx, s.lock, exclusive, deadline)
}

// flock takes the file at path, shared or exclusive, trying again every
// 200 µs until ctx ends or deadline passes.
func (s *Store) flock(ctx context.Context, path string, exclusive bool, deadline time.Time) (func(), error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, fmt.Errorf("run history: opening %s: %w", path, err)
	}
	how := unix.LOCK_SH
	if exclusive {
		how = unix.LOCK_EX
	}
	for {
		err := unix.Flock(int(f.Fd()), how|unix.LOCK_NB)
		if err == nil {
			return func() { _ = unix.Flock(int(f.Fd()), unix.LOCK_UN); _ = f.Close() }, nil
		}
		if !errors.Is(err, unix.EWOULDBLOCK) {
			_ = f.Close()
			return nil, fmt.Errorf("run history: locking %s: %w", path, err)
		}
		if time.Now().After(deadline) {
			_ = f.Close()
			return nil, fmt.Errorf("run history: %s stayed locked by another process for %s", path, s.lockTimeout)
		}
		if ctx.Err() != nil {
			_ = f.Close()
			return nil, ctx.Err()
		}
		time.Sleep(200 * time.Microsecond)
	}
}

// view runs fn in a read-only transaction; a missing file is an empty
// history (fn is not called).
func (s *Store) view(ctx context.Context, fn func(tx *bbolt.Tx) error) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	unlock, err := s.lockFile(ctx, false)
	if err != nil {
		return err
	}
	defer unlock()
	if _, err := os.Stat(s.path); errors.Is(err, os.ErrNotExist) {
		return nil
	}
	db, err := bbolt.Open(s.path, 0o600, &bbolt.Options{ReadOnly: true, Timeout: s.lockTimeout})
	if err != nil {
		return fmt.Errorf("run history: opening %s: %w", s.path, err)
	}
	defer db.Close()
	return db.View(func(tx *bbolt.Tx) error {
		if tx.Bucket(bucketRuns) == nil {
			return nil
		}
		return fn(tx)
	})
}

// update runs fn in a write transaction.
func (s *Store) update(ctx context.Context, fn func(tx *bbolt.Tx) error) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	unlock, err := s.lockFile(ctx, true)
	if err != nil {
		return err
	}
	defer unlock()
	db, err := bbolt.Open(s.path, 0o600, &bbolt.Options{Timeout: s.lockTimeout, FreelistType: bbolt.FreelistMapType, NoFreelistSync: true})
	if err != nil {
		return fmt.Errorf("run history: opening %s: %w", s.path, err)
	}
	defer db.Close()
	return db.Update(func(tx *bbolt.Tx) error {
		for _, b := range [][]byte{bucketRuns, bucketIndex, bucketCounters, bucketRepos, bucketMeta} {
			if _, err := tx.CreateBucketIfNotExists(b); err != nil {
				return err
			}
		}
		return fn(tx)
	})
}

// Put records r, replacing the run's previous record, and forgets runs
// past retention.
func (s *Store) Put(ctx context.Context, r runlog.Record) error {
	return s.PutBatch(ctx, []runlog.Record{r})
}

// PutBatch records many runs in one transaction (an import, or seeding a
// benchmark): the same changes as Put, one fsync.
func (s *Store) PutBatch(ctx context.Context, rs []runlog.Record) error {
	for _, r := range rs {
		if err := runlog.Check(r); err != nil {
			return err
		}
	}
	return s.update(ctx, func(tx *bbolt.Tx) error {
		for _, r := range rs {
			old, err := getRecord(tx, r.ID)
			if err != nil {
				return err
			}
			c, err := runlog.Plan(old, r)
			if err != nil {
				return err
			}
			if err := apply(tx, c, true); err != nil {
				return err
			}
		}
		if err := s.prune(tx); err != nil {
			return err
		}
		return bumpSeq(tx)
	})
}

// prune forgets up to runlog.PruneBatch runs past retention, oldest
// first.
func (s *Store) prune(tx *bbolt.Tx) error {
	if s.retention <= 0 {
		return nil
	}
	all := tx.Bucket(bucketIndex).Bucket([]byte(runlog.IndexAll))
	if all == nil {
		return nil
	}
	cutoff := s.now().Add(-s.retention).UnixMicro()
	var expired []string
	cur := all.Cursor()
	for k, _ := cur.First(); k != nil && len(expired) < runlog.PruneBatch; k, _ = cur.Next() {
		if int64(binary.BigEndian.Uint64(k[:8])) >= cutoff {
			break
		}
		expired = append(expired, string(k[8:]))
	}
	for _, id := range expired {
		old, err := getRecord(tx, id)
		if err != nil {
			return err
		}
		if old == nil {
			continue
		}
		if err := apply(tx, runlog.Forget(*old), false); err != nil {
			return err
		}
		if err := tx.Bucket(bucketRuns).Delete([]byte(id)); err != nil {
			return err
		}
	}
	return nil
}

func getRecord(tx *bbolt.Tx, id string) (*runlog.Record, error) {
	raw := tx.Bucket(bucketRuns).Get([]byte(id))
	if raw == nil {
		return nil, nil
	}
	var r runlog.Record
	if err := json.Unmarshal(raw, &r); err != nil {
		return nil, fmt.Errorf("run history: decoding run %s: %w", id, err)
	}
	return &r, nil
}

func indexKey(e runlog.IndexEntry) []byte {
	k := make([]byte, 8, 8+len(e.ID))
	binary.BigEndian.PutUint64(k, uint64(e.Score))
	return append(k, e.ID...)
}

// apply writes a change: the record (when write), index entries, counter
// moves and the repository set.
func apply(tx *bbolt.Tx, c runlog.Change, write bool) error {
	if write {
		raw, err := json.Marshal(c.Record)
		if err != nil {
			return fmt.Errorf("run history: encoding run %s: %w", c.Record.ID, err)
		}
		if err := tx.Bucket(bucketRuns).Put([]byte(c.Record.ID), raw); err != nil {
			return err
		}
	}
	idx := tx.Bucket(bucketIndex)
	for _, e := range c.Remove {
		if b := idx.Bucket([]byte(e.Index)); b != nil {
			if err := b.Delete(indexKey(e)); err != nil {
				return err
			}
		}
	}
	for _, e := range c.Add {
		b, err := idx.CreateBucketIfNotExists([]byte(e.Index))
		if err != nil {
			return err
		}
		if err := b.Put(indexKey(e), nil); err != nil {
			return err
		}
	}
	counters := tx.Bucket(bucketCounters)
	for _, d := range c.Deltas {
		b, err := counters.CreateBucketIfNotExists([]byte(d.Key))
		if err != nil {
			return err
		}
		n := int64(0)
		if v := b.Get([]byte(d.Field)); len(v) == 8 {
			n = int64(binary.BigEndian.Uint64(v))
		}
		n += d.N
		if n == 0 {
			err = b.Delete([]byte(d.Field))
		} else {
			err = b.Put([]byte(d.Field), binary.BigEndian.AppendUint64(nil, uint64(n)))
		}
		if err != nil {
			return err
		}
	}
	for _, r := range c.Repos {
		if err := tx.Bucket(bucketRepos).Put([]byte(r), nil); err != nil {
			return err
		}
	}
	return nil
}

func bumpSeq(tx *bbolt.Tx) error {
	meta := tx.Bucket(bucketMeta)
	n := uint64(0)
	if v := meta.Get(keySeq); len(v) == 8 {
		n = binary.BigEndian.Uint64(v)
	}
	return meta.Put(keySeq, binary.BigEndian.AppendUint64(nil, n+1))
}

// Get returns one run.
func (s *Store) Get(ctx context.Context, id string) (runlog.Record, bool, error) {
	var r *runlog.Record
	err := s.view(ctx, func(tx *bbolt.Tx) error {
		var err error
		r, err = getRecord(tx, id)
		return err
	})
	if err != nil || r == nil {
		return runlog.Record{}, false, err
	}
	return *r, true, nil
}

// List returns a page of an index, newest first.
func (s *Store) List(ctx context.Context, q runlog.Query) (runlog.Page, error) {
	var p runlog.Page
	limit := q.Limit
	if limit <= 0 {
		limit = 50
	}
	err := s.view(ctx, func(tx *bbolt.Tx) error {
		b := tx.Bucket(bucketIndex).Bucket([]byte(q.Index))
		if b == nil {
			return nil
		}
		cur := b.Cursor()
		var k []byte
		if q.Before > 0 {
			k, _ = cur.Seek(binary.BigEndian.AppendUint64(nil, uint64(q.Before)))
			if k == nil {
				k, _ = cur.Last()
			}
			for k != nil && int64(binary.BigEndian.Uint64(k[:8])) >= q.Before {
				k, _ = cur.Prev()
			}
		} else {
			k, _ = cur.Last()
		}
		runs := tx.Bucket(bucketRuns)
		var last int64
		for ; k != nil; k, _ = cur.Prev() {
			if len(p.Runs) == limit {
				p.Next = last
				return nil
			}
			last = int64(binary.BigEndian.Uint64(k[:8]))
			raw := runs.Get(k[8:])
			if raw == nil {
				continue
			}
			var r runlog.Record
			if err := json.Unmarshal(raw, &r); err != nil {
				return fmt.Errorf("run history: decoding run %s: %w", k[8:], err)
			}
			p.Runs = append(p.Runs, r)
		}
		return nil
	})
	return p, err
}

// Counts returns the counters of scopes and day buckets.
func (s *Store) Counts(ctx context.Context, keys ...string) (map[string]runlog.Counts, error) {
	out := make(map[string]runlog.Counts, len(keys))
	err := s.view(ctx, func(tx *bbolt.Tx) error {
		counters := tx.Bucket(bucketCounters)
		for _, key := range keys {
			b := counters.Bucket([]byte(key))
			if b == nil {
				continue
			}
			fields := map[string]int64{}
			if err := b.ForEach(func(k, v []byte) error {
				if len(v) == 8 {
					fields[string(k)] = int64(binary.BigEndian.Uint64(v))
				}
				return nil
			}); err != nil {
				return err
			}
			out[key] = runlog.CountsOf(fields)
		}
		return nil
	})
	return out, err
}

// Repos lists the repositories (and CLI work directories) with runs.
func (s *Store) Repos(ctx context.Context) ([]string, error) {
	var out []string
	err := s.view(ctx, func(tx *bbolt.Tx) error {
		return tx.Bucket(bucketRepos).ForEach(func(k, _ []byte) error {
			out = append(out, string(k))
			return nil
		})
	})
	sort.Strings(out)
	return out, err
}

// Seq counts the writes so far: it changes whenever the history does.
func (s *Store) Seq(ctx context.Context) (int64, error) {
	var n int64
	err := s.view(ctx, func(tx *bbolt.Tx) error {
		if v := tx.Bucket(bucketMeta).Get(keySeq); len(v) == 8 {
			n = int64(binary.BigEndian.Uint64(v))
		}
		return nil
	})
	return n, err
}

// Clear forgets every run and records who cleared them.
func (s *Store) Clear(ctx context.Context, by string, at time.Time) (runlog.Cleared, error) {
	cl := runlog.Cleared{By: by, At: at}
	err := s.update(ctx, func(tx *bbolt.Tx) error {
		cl.Runs = int64(tx.Bucket(bucketRuns).Stats().KeyN)
		for _, b := range [][]byte{bucketRuns, bucketIndex, bucketCounters, bucketRepos} {
			if err := tx.DeleteBucket(b); err != nil {
				return err
			}
			if _, err := tx.CreateBucket(b); err != nil {
				return err
			}
		}
		raw, err := json.Marshal(cl)
		if err != nil {
			return err
		}
		if err := tx.Bucket(bucketMeta).Put(keyCleared, raw); err != nil {
			return err
		}
		return bumpSeq(tx)
	})
	return cl, err
}

// Cleared says who last cleared the history.
func (s *Store) Cleared(ctx context.Context) (runlog.Cleared, bool, error) {
	var cl runlog.Cleared
	found := false
	err := s.view(ctx, func(tx *bbolt.Tx) error {
		raw := tx.Bucket(bucketMeta).Get(keyCleared)
		if raw == nil {
			return nil
		}
		found = true
		return json.Unmarshal(raw, &cl)
	})
	return cl, found, err
}
