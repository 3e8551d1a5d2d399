package bolt

import (
	"bytes"
	"context"
	"encoding/binary"
	"fmt"
	"time"

	"go.etcd.io/bbolt"
)

// The result cache keeps values with an expiry in two buckets: blobs maps
// a key to its expiry (8 bytes, Unix nanoseconds) and value, and expiries
// maps expiry+key to nothing, in time order, so that expired entries are
// dropped from the front on each write without scanning the rest.
var (
	blobBucket   = []byte("blobs")
	expiryBucket = []byte("blob-expiries")
)

// GetBlob returns the value stored under key, if it has not expired.
func (s *Store) GetBlob(ctx context.Context, key string) ([]byte, bool, error) {
	if err := s.check(ctx, key); err != nil {
		return nil, false, err
	}
	var out []byte
	err := s.db.db.View(func(tx *bbolt.Tx) error {
		b := tx.Bucket(blobBucket)
		if b == nil {
			return nil
		}
		v := b.Get([]byte(key))
		if len(v) < 8 || time.Now().UnixNano() > int64(binary.BigEndian.Uint64(v)) {
			return nil
		}
		out = bytes.Clone(v[8:])
		return nil
	})
	if err != nil {
		return nil, false, fmt.Errorf("ledger: reading cached result from %s: %w", s.db.path, err)
	}
	return out, out != nil, nil
}

// PutBlob stores value under key for ttl, and drops entries that expired.
func (s *Store) PutBlob(ctx context.Context, key string, value []byte, ttl time.Duration) error {
	if err := s.check(ctx, key); err != nil {
		return err
	}
	err := s.db.db.Update(func(tx *bbolt.Tx) error { return putBlob(tx, key, value, ttl, time.Now()) })
	if err != nil {
		return fmt.Errorf("ledger: storing cached result in %s: %w", s.db.path, err)
	}
	return nil
}

// putBlob stores value under key for ttl in tx, and drops entries that
// expired by now.
func putBlob(tx *bbolt.Tx, key string, value []byte, ttl time.Duration, now time.Time) error {
	exp := make([]byte, 8)
	binary.BigEndian.PutUint64(exp, uint64(now.Add(ttl).UnixNano()))
	blobs, err := tx.CreateBucketIfNotExists(blobBucket)
	if err != nil {
		return err
	}
	expiries, err := tx.CreateBucketIfNotExists(expiryBucket)
	if err != nil {
		return err
	}
	if old := blobs.Get([]byte(key)); len(old) >= 8 {
		if err := expiries.Delete(append(bytes.Clone(old[:8]), key...)); err != nil {
			return err
		}
	}
	if err := blobs.Put([]byte(key), append(bytes.Clone(exp), value...)); err != nil {
		return err
	}
	if err := expiries.Put(append(bytes.Clone(exp), key...), nil); err != nil {
		return err
	}
	// Drop what has expired, oldest first, stopping at the first entry
	// still alive.
	c := expiries.Cursor()
	for k, _ := c.First(); k != nil && len(k) >= 8 && int64(binary.BigEndian.Uint64(k)) < now.UnixNano(); k, _ = c.First() {
		if err := blobs.Delete(k[8:]); err != nil {
			return err
		}
		if err := c.Delete(); err != nil {
			return err
		}
	}
	return nil
}
