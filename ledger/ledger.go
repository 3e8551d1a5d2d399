package ledger

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"
)

// Store keeps entries. Implementations make Update atomic per story (no
// lost update between two writers) and serialise it with a per-story lock,
// so that a limit check and the increment that follows it can never
// interleave with another run's.
//
// ledger/redis implements it on Redis (shared by every replica) and
// ledger/bolt on an embedded bbolt file (the zero-setup default). Both pass
// the same contract suite, ledger/storetest.
type Store interface {
	// Get returns the story's entry; a story never seen has a zero entry
	// with StoryKey set.
	Get(ctx context.Context, key string) (Entry, error)
	// Update applies fn to the story's entry under the story's lock and
	// stores the result atomically. If fn returns an error nothing is
	// stored and Update returns that error. fn may run more than once,
	// always on fresh data, so it must depend only on the entry it gets.
	Update(ctx context.Context, key string, fn func(*Entry) error) (Entry, error)
	// Reset deletes the story's entry.
	Reset(ctx context.Context, key string) error
	// Ping reports whether the store is reachable.
	Ping(ctx context.Context) error
	Close() error
}

// RefusedError says a run may not start: the story's verify cycles are
// spent. Only a reset lifts it; a new commit does not.
type RefusedError struct {
	Key   string
	Entry Entry
	Limit int
}

func (e *RefusedError) Error() string {
	return fmt.Sprintf("story %s has used all %d verify cycles (%d runs recorded); nothing was run — a maintainer can reset it with `autoverify ledger reset %s`",
		e.Key, e.Limit, e.Entry.AutoVerifyRuns, e.Key)
}

// ErrFixesExhausted is returned by BeginFix when no attempt is left.
var ErrFixesExhausted = errors.New("auto-fix attempts exhausted")

// Ledger applies the loop-safety rules on top of a Store.
type Ledger struct {
	Store  Store
	Limits Limits
	// Lease is how long a reserved cycle stays in flight without a
	// renewal; zero means DefaultLease.
	Lease time.Duration
	Now   func() time.Time
}

func (l *Ledger) now() time.Time {
	if l.Now != nil {
		return l.Now().UTC()
	}
	return time.Now().UTC()
}

// BeginCycle reserves one verify cycle for the story, or refuses with a
// *RefusedError when none is left. The check and the increment happen in
// one locked update, so of N concurrent runs exactly the remaining number
// proceed. It returns the entry as it was before the run, with the cycle
// counted, which is what Decide wants.
//
// With a runID the reservation is kept in the entry (Entry.InFlight) until
// Finish records the run. A run that stops without recording (its process
// killed) stops renewing it (Renew), and the next BeginCycle or Finish
// after its lease records it as lost: its cycle stays counted and the
// history says what happened to it.
//
// The limits bound a fix loop: once a run has passed (verified or
// human_review), the next run starts a new loop with fix attempts counted
// from zero and cycles from the runs still in flight, so a story that
// keeps passing can always be verified again, and never by more runs at
// once than the limit. A loop that ends in failures stays exhausted until
// reset.
func (l *Ledger) BeginCycle(ctx context.Context, key, runID string) (Entry, error) {
	now := l.now()
	return l.Store.Update(ctx, key, func(e *Entry) error {
		e.expireReservations(now)
		if e.LastRoute == Verified || e.LastRoute == HumanReview {
			e.AutoVerifyRuns, e.AutoFixAttempts = len(e.InFlight), 0
		}
		if e.CyclesExhausted(l.Limits) {
			return &RefusedError{Key: e.StoryKey, Entry: *e, Limit: l.Limits.MaxVerifyCycles}
		}
		e.AutoVerifyRuns++
		if runID != "" {
			e.InFlight = append(e.InFlight, Reservation{RunID: runID, Since: now, Until: now.Add(l.lease())})
		}
		return nil
	})
}

// Refusal is the *RefusedError BeginCycle would return for the story as e
// records it, or nil. It lets a caller avoid expensive preparation (a
// workspace download) for a run the ledger will refuse; BeginCycle still
// decides.
func (e Entry) Refusal(l Limits) error {
	if e.LastRoute == Verified || e.LastRoute == HumanReview {
		if len(e.InFlight) < l.MaxVerifyCycles {
			return nil
		}
	} else if !e.CyclesExhausted(l) {
		return nil
	}
	return &RefusedError{Key: e.StoryKey, Entry: e, Limit: l.MaxVerifyCycles}
}

// DefaultLease is how long a reserved cycle stays in flight without word
// from its run (Renew) before it is recorded as lost.
const DefaultLease = 2 * time.Minute

func (l *Ledger) lease() time.Duration {
	if l.Lease > 0 {
		return l.Lease
	}
	return DefaultLease
}

// RenewEvery is how often a run in flight should Renew its reservation:
// a quarter of the lease, so that a slow store or a busy machine misses
// a few renewals before the run is taken for lost.
func (l *Ledger) RenewEvery() time.Duration { return l.lease() / 4 }

// Renew extends the lease of runID's reservation. A reservation already
// recorded as lost is not revived (Finish still records the run's outcome
// in its place).
func (l *Ledger) Renew(ctx context.Context, key, runID string) error {
	now := l.now()
	_, err := l.Store.Update(ctx, key, func(e *Entry) error {
		for i := range e.InFlight {
			if e.InFlight[i].RunID == runID {
				e.InFlight[i].Until = now.Add(l.lease())
			}
		}
		return nil
	})
	return err
}

// Blob is a value kept in a store beside the ledger's entries, with a
// time to live: the result cache's entries.
type Blob struct {
	Key   string
	Value []byte
	TTL   time.Duration
}

// BlobUpdater is a Store that can write blobs in the same durable write as
// an entry's update (the embedded store: one transaction).
type BlobUpdater interface {
	UpdateWithBlobs(ctx context.Context, key string, fn func(*Entry) error, blobs []Blob) (Entry, error)
}

// blobPutter is a Store that keeps blobs (every store here does).
type blobPutter interface {
	PutBlob(ctx context.Context, key string, value []byte, ttl time.Duration) error
}

// updateWithBlobs applies fn to key's entry and stores blobs in s: in one
// write where s can (BlobUpdater), else the update and then each blob,
// best effort.
func updateWithBlobs(ctx context.Context, s Store, key string, fn func(*Entry) error, blobs []Blob) (Entry, error) {
	if bu, ok := s.(BlobUpdater); ok {
		return bu.UpdateWithBlobs(ctx, key, fn, blobs)
	}
	e, err := s.Update(ctx, key, fn)
	if err != nil {
		return e, err
	}
	if bp, ok := s.(blobPutter); ok {
		for _, b := range blobs {
			_ = bp.PutBlob(ctx, b.Key, b.Value, b.TTL)
		}
	}
	return e, nil
}

// Peek reads the story's entry without reserving anything.
func (l *Ledger) Peek(ctx context.Context, key string) (Entry, error) {
	return l.Store.Get(ctx, key)
}

// BeginFix reserves one auto-fix attempt, or returns ErrFixesExhausted.
func (l *Ledger) BeginFix(ctx context.Context, key string) (Entry, error) {
	return l.Store.Update(ctx, key, func(e *Entry) error {
		if e.FixesExhausted(l.Limits) {
			return ErrFixesExhausted
		}
		e.AutoFixAttempts++
		return nil
	})
}

// Finish records a finished run: its failure (if any), the commit it
// verified, its route, and a history line; it ends the run's reservation.
// blobs (a result cache's entries) are stored in the same write where the
// store can (BlobUpdater: one transaction of the embedded store), else
// after it, best effort: failing to store one is not an error once the
// run is recorded.
func (l *Ledger) Finish(ctx context.Context, key string, rec RunRecord, blobs ...Blob) (Entry, error) {
	if rec.At.IsZero() {
		rec.At = l.now()
	}
	if len(blobs) == 0 {
		return l.Store.Update(ctx, key, l.finish(rec))
	}
	return updateWithBlobs(ctx, l.Store, key, l.finish(rec), blobs)
}

// finish is Finish's change to the entry, after the reservations whose
// lease ran out are recorded as lost.
func (l *Ledger) finish(rec RunRecord) func(e *Entry) error {
	now := l.now()
	return func(e *Entry) error {
		e.expireReservations(now)
		return finish(rec)(e)
	}
}

// WithRun is e as Finish leaves it once rec is recorded, worked out without
// the store: what a caller that records a run in the background shows
// while the write is in flight (bot.Session.RecordLater), and compares
// with the store's answer once it comes. rec.At must be set (Finish would
// set it to now). e's history is not modified.
func (e Entry) WithRun(rec RunRecord) Entry {
	e.History = slices.Clip(e.History) // finish appends: never into e's array
	_ = finish(rec)(&e)
	return e
}

// finish is Finish's change to the story's entry.
func finish(rec RunRecord) func(e *Entry) error {
	return func(e *Entry) error {
		if rec.Failed > 0 || rec.FailureHash != "" {
			at := rec.At
			e.LastFailureHash, e.LastFailureType, e.LastFailureAt = rec.FailureHash, rec.FailureType, &at
		}
		e.VerifyLastCommitSHA = rec.Commit
		e.LastRoute = rec.Route
		e.endReservation(rec.RunID)
		e.appendHistory(rec)
		return nil
	}
}
