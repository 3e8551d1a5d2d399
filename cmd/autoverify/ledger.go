package main

import (
	"context"
	"encoding/json"
	"flag"
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

// ledgerCmd is `autoverify ledger show KEY [--json]` and
// `autoverify ledger reset KEY`.
func (a *App) ledgerCmd(ctx context.Context, args []string) (int, error) {
	fs := flag.NewFlagSet("ledger", flag.ContinueOnError)
	fs.SetOutput(a.Stderr)
	asJSON := fs.Bool("json", false, "print JSON (show)")
	lookup := settingFlags(fs, a.Getenv, settings.Run)
	pos, err := parseArgs(fs, args)
	if err != nil {
		return exitBadInput, err
	}
	if len(pos) == 1 && pos[0] == "authors" {
		return a.ledgerAuthors(ctx, lookup, *asJSON)
	}
	if len(pos) != 2 || (pos[0] != "show" && pos[0] != "reset") {
		return exitBadInput, inputErrorf("usage: autoverify ledger show KEY [--json] | autoverify ledger reset KEY | autoverify ledger authors [--json]")
	}
	key, err := storyKey(pos[1], pos[1])
	if err != nil {
		return exitBadInput, err
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
	if pos[0] == "reset" {
		if err := store.Reset(ctx, key); err != nil {
			return exitFailed, fmt.Errorf("resetting %s: %w", key, err)
		}
		fmt.Fprintf(a.Stdout, "%s: ledger reset; verify cycles and auto-fix attempts start again from 0\n", key)
		return exitOK, nil
	}
	e, err := store.Get(ctx, key)
	if err != nil {
		return exitFailed, fmt.Errorf("reading the ledger of %s: %w", key, err)
	}
	if *asJSON {
		// author_claims are the counts of whoever made the story's claims.
		var authors map[string]ledger.ClaimCounts
		if ev := e.EnvironmentVerification; ev != nil && ev.DeveloperID != "" {
			if ac, ok := store.(ledger.AuthorCounter); ok {
				all, err := ac.AuthorClaims(ctx)
				if err != nil {
					return exitFailed, err
				}
				authors = map[string]ledger.ClaimCounts{ev.DeveloperID: all[ev.DeveloperID]}
			}
		}
		enc := json.NewEncoder(a.Stdout)
		enc.SetIndent("", "  ")
		return exitOK, enc.Encode(struct {
			ledger.Entry
			Limits       ledger.Limits                 `json:"limits"`
			AuthorClaims map[string]ledger.ClaimCounts `json:"author_claims,omitempty"`
		}{e, cfg.Limits, authors})
	}
	fmt.Fprint(a.Stdout, cli.LedgerEntry(e, cfg.Limits))
	return exitOK, nil
}

// ledgerAuthors is `autoverify ledger authors [--json]`: whose claims hold.
func (a *App) ledgerAuthors(ctx context.Context, lookup settings.Lookup, asJSON bool) (int, error) {
	cfg, err := loadConfig(lookup, ".")
	if err != nil {
		return exitBadInput, err
	}
	store, err := openStore(ctx, cfg)
	if err != nil {
		return exitFailed, err
	}
	defer store.Close()
	ac, ok := store.(ledger.AuthorCounter)
	if !ok {
		return exitFailed, fmt.Errorf("the %T ledger does not count claims per author", store)
	}
	counts, err := ac.AuthorClaims(ctx)
	if err != nil {
		return exitFailed, err
	}
	if asJSON {
		enc := json.NewEncoder(a.Stdout)
		enc.SetIndent("", "  ")
		return exitOK, enc.Encode(counts)
	}
	fmt.Fprint(a.Stdout, cli.Authors(counts))
	return exitOK, nil
}
