package main

import (
	"context"
	"time"

	"github.com/engineo/autoverify/bot/delivery/dashboard"
	"github.com/engineo/autoverify/bot/delivery/history"
	"github.com/engineo/autoverify/bot/settings"
	runbolt "github.com/engineo/autoverify/integrations/runlog/bolt"
	runredis "github.com/engineo/autoverify/integrations/runlog/redis"
)

// runLog is the run history as cmd uses it: the recorder writes, the
// dashboard reads.
type runLog interface {
	history.RunLog
	dashboard.History
}

var (
	_ runLog = (*runbolt.Store)(nil)
	_ runLog = (*runredis.Store)(nil)
)

// retentionSetting is the one dashboard setting every command that
// records runs reads (settings.Retention).
var retentionSetting = settings.Named(settings.Dashboard, "run-retention")

// openRunLog opens the run history beside the ledger: Redis when
// ENGINEO_REDIS_URL is set (keys under the prefix's "runs:"), else
// runs.db in the state directory. The returned func closes it.
func openRunLog(ctx context.Context, cfg settings.Config, retention time.Duration, now func() time.Time) (runLog, func(), error) {
	if cfg.RedisURL != "" {
		ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
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
