package bolt

import (
	"context"
	"encoding/json"
	"fmt"

	"go.etcd.io/bbolt"

	"github.com/engineo/autoverify/ledger"
)

// Per-author claim counts: authorBucket maps an author to their counts
// (JSON); authorRunBucket remembers which (run, author) pairs were counted,
// so a retried delivery counts once. Both change in one transaction.
var (
	authorBucket    = []byte("author-claims")
	authorRunBucket = []byte("author-claim-runs")
)

var _ ledger.AuthorCounter = (*Store)(nil)

// CountClaims implements ledger.AuthorCounter.
func (s *Store) CountClaims(ctx context.Context, author, runID string, c ledger.ClaimCounts) error {
	if err := s.check(ctx, author); err != nil {
		return err
	}
	err := s.db.db.Update(func(tx *bbolt.Tx) error {
		counts, err := tx.CreateBucketIfNotExists(authorBucket)
		if err != nil {
			return err
		}
		runs, err := tx.CreateBucketIfNotExists(authorRunBucket)
		if err != nil {
			return err
		}
		if runID != "" {
			k := []byte(runID + "\x00" + author)
			if runs.Get(k) != nil {
				return nil
			}
			if err := runs.Put(k, []byte{1}); err != nil {
				return err
			}
		}
		var cur ledger.ClaimCounts
		if raw := counts.Get([]byte(author)); raw != nil {
			if err := json.Unmarshal(raw, &cur); err != nil {
				return fmt.Errorf("decoding the counts of %s: %w", author, err)
			}
		}
		raw, err := json.Marshal(cur.Add(c))
		if err != nil {
			return err
		}
		return counts.Put([]byte(author), raw)
	})
	if err != nil {
		return fmt.Errorf("ledger: counting claims of %s in %s: %w", author, s.db.path, err)
	}
	return nil
}

// AuthorClaims implements ledger.AuthorCounter.
func (s *Store) AuthorClaims(ctx context.Context) (map[string]ledger.ClaimCounts, error) {
	if err := s.check(ctx, "authors"); err != nil {
		return nil, err
	}
	out := map[string]ledger.ClaimCounts{}
	err := s.db.db.View(func(tx *bbolt.Tx) error {
		b := tx.Bucket(authorBucket)
		if b == nil {
			return nil
		}
		return b.ForEach(func(k, v []byte) error {
			var c ledger.ClaimCounts
			if err := json.Unmarshal(v, &c); err != nil {
				return fmt.Errorf("decoding the counts of %s: %w", k, err)
			}
			out[string(k)] = c
			return nil
		})
	})
	if err != nil {
		return nil, fmt.Errorf("ledger: reading author counts from %s: %w", s.db.path, err)
	}
	return out, nil
}
