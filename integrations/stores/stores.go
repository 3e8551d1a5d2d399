// Package stores opens the two stores a verification keeps beside each
// other, where the settings put them: in Redis when ENGINEO_REDIS_URL is
// set (so every replica of the server shares them), else in files under
// the state directory. It chooses; the stores themselves are ledger/redis,
// ledger/bolt, integrations/runlog/redis and integrations/runlog/bolt.
package stores

import (
	"context"
	"fmt"
	"time"

	"github.com/engineo/autoverify/bot/delivery/dashboard"
	"github.com/engineo/autoverify/bot/delivery/history"
	"github.com/engineo/autoverify/bot/settings"
	runbolt "github.com/engineo/autoverify/integrations/runlog/bolt"
	runredis "github.com/engineo/autoverify/integrations/runlog/redis"
	"github.com/engineo/autoverify/ledger"
	"github.com/engineo/autoverify/ledger/bolt"
	"github.com/engineo/autoverify/ledger/redis"
)

// dialTimeout bounds the first contact with Redis, so that an unreachable
// one fails the command at start rather than hanging it.
const dialTimeout = 5 * time.Second

// OpenLedger opens the ledger store: Redis when cfg.RedisURL is set (keys
// under cfg.RedisPrefix), else the embedded store in cfg.StateDir. An
// unreachable Redis fails here, before any command runs. Its errors are
// ENV_ERROR: the environment, not the change, is at fault.
func OpenLedger(ctx context.Context, cfg settings.Config) (ledger.Store, error) {
	if cfg.RedisURL != "" {
		ctx, cancel := context.WithTimeout(ctx, dialTimeout)
		defer cancel()
		s, err := redis.New(ctx, cfg.RedisURL, redis.WithPrefix(cfg.RedisPrefix))
		if err != nil {
			return nil, fmt.Errorf("ENV_ERROR: %w", err)
		}
		return s, nil
	}
	s, err := bolt.Open(cfg.StateDir)
	if err != nil {
		return nil, fmt.Errorf("ENV_ERROR: %w", err)
	}
	return s, nil
}

// RunLog is the run history as its two users see it: the recorder writes
// (history.RunLog), the dashboard reads (dashboard.History). It is
// declared here because OpenRunLog chooses between two stores and so
// cannot return either.
type RunLog interface {
	history.RunLog
	dashboard.History
}

var (
	_ RunLog = (*runbolt.Store)(nil)
	_ RunLog = (*runredis.Store)(nil)
)

// OpenRunLog opens the run history beside the ledger: Redis when
// cfg.RedisURL is set (keys under cfg.RedisPrefix+"runs:"), else runs.db
// in cfg.StateDir. It forgets runs that started longer ago than retention
// (0 keeps them) by the clock now. The returned func closes it.
func OpenRunLog(ctx context.Context, cfg settings.Config, retention time.Duration, now func() time.Time) (RunLog, func(), error) {
	if cfg.RedisURL != "" {
		ctx, cancel := context.WithTimeout(ctx, dialTimeout)
		defer cancel()
		s, err := runredis.Open(ctx, cfg.RedisURL, runredis.WithPrefix(cfg.RedisPrefix+"runs:"), runredis.WithRetention(retention), runredis.WithClock(now))
		if err != nil {
			return nil, nil, err
		}
		return s, func() { _ = s.Close() }, nil
	}
	s, err := runbolt.Open(cfg.StateDir, runbolt.WithRetention(retention), runbolt.WithClock(now))
	if err != nil {
		return nil, nil, err
	}
	return s, func() { _ = s.Close() }, nil
}
