package redis

import (
	"context"
	"errors"
	"fmt"
	"time"

	goredis "github.com/redis/go-redis/v9"
)

func (s *Store) blobKey(key string) string { return s.prefix + "result:" + key }

// GetBlob returns the value stored under key, if it has not expired (the
// result cache keeps passing checks here, shared by every replica).
func (s *Store) GetBlob(ctx context.Context, key string) ([]byte, bool, error) {
	b, err := s.rdb.Get(ctx, s.blobKey(key)).Bytes()
	if errors.Is(err, goredis.Nil) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, fmt.Errorf("ledger: reading cached result from redis %s: %w", s.url, err)
	}
	return b, true, nil
}

// PutBlob stores value under key for ttl.
func (s *Store) PutBlob(ctx context.Context, key string, value []byte, ttl time.Duration) error {
	if err := s.rdb.Set(ctx, s.blobKey(key), value, ttl).Err(); err != nil {
		return fmt.Errorf("ledger: storing cached result in redis %s: %w", s.url, err)
	}
	return nil
}
