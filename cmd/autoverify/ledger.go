package main

import (
	"context"

	"github.com/engineo/autoverify/bot/delivery/cli"
	"github.com/engineo/autoverify/bot/settings"
	"github.com/engineo/autoverify/integrations/stores"
)

// ledgerCmd is `autoverify ledger show KEY [--json]`, `autoverify ledger
// reset KEY` and `autoverify ledger authors [--json]`.
func (a *App) ledgerCmd(ctx context.Context, args []string) (int, error) {
	fs := a.flagSet("ledger")
	asJSON := fs.Bool("json", false, "print JSON (show)")
	lookup := cli.SettingFlags(fs, a.Getenv, settings.Run)
	pos, err := cli.ParseArgs(fs, args)
	if err != nil {
		return exitBadInput, err
	}
	authors := len(pos) == 1 && pos[0] == "authors"
	if !authors && (len(pos) != 2 || (pos[0] != "show" && pos[0] != "reset")) {
		return exitBadInput, cli.InputErrorf("usage: autoverify ledger show KEY [--json] | autoverify ledger reset KEY | autoverify ledger authors [--json]")
	}
	var key string
	if !authors {
		if key, err = cli.StoryKey(pos[1], pos[1]); err != nil {
			return exitBadInput, err
		}
	}
	cfg, err := cli.LoadConfig(lookup, ".")
	if err != nil {
		return exitBadInput, err
	}
	store, err := stores.OpenLedger(ctx, cfg)
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
