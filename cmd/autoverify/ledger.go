package main

import (
	"context"
	"fmt"
	"time"

	"github.com/engineo/autoverify/bot/delivery/cli"
	"github.com/engineo/autoverify/bot/settings"
	"github.com/engineo/autoverify/ledger"
	"github.com/engineo/autoverify/ledger/bolt"
	"github.com/engineo/autoverify/ledger/redis"
)

// openStore picks the ledger store: Redis when ENGINEO_REDIS_URL is set,
// else the embedded store under the state directory. An unreachable Redis
// fails here, before any command runs.
func openStore(ctx context.Context, cfg settings.Config) (ledger.Store, error) {
	if cfg.RedisURL != "" {
		ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
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

// ledgerCmd is `autoverify ledger show KEY [--json]`, `autoverify ledger
// reset KEY` and `autoverify ledger authors [--json]`.
func (a *App) ledgerCmd(ctx context.Context, args []string) (int, error) {
	fs := a.flagSet("ledger")
	asJSON := fs.Bool("json", false, "print JSON (show)")
	lookup := settingFlags(fs, a.Getenv, settings.Run)
	pos, err := parseArgs(fs, args)
	if err != nil {
		return exitBadInput, err
	}
	authors := len(pos) == 1 && pos[0] == "authors"
	if !authors && (len(pos) != 2 || (pos[0] != "show" && pos[0] != "reset")) {
		return exitBadInput, inputErrorf("usage: autoverify ledger show KEY [--json] | autoverify ledger reset KEY | autoverify ledger authors [--json]")
	}
	var key string
	if !authors {
		if key, err = storyKey(pos[1], pos[1]); err != nil {
			return exitBadInput, err
		}
	}
	cfg, err := loadConfig(lookup, ".")
	if err != nil {
		return exitBadInput, err
	}
	store, err := openStore(ctx, cfg)
	if err != nil {
		return exitFailed, err
	}
	defer store.Close()
	switch pos[0] {
	case "authors":
		return failedOn(cli.ShowAuthors(ctx, a.Stdout, store, *asJSON))
	case "reset":
		return failedOn(cli.ResetLedger(ctx, a.Stdout, store, key))
	}
	return failedOn(cli.ShowLedger(ctx, a.Stdout, store, key, cfg.Limits, *asJSON))
}
