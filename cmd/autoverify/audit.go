package main

import (
	"context"

	"github.com/engineo/autoverify/bot"
	"github.com/engineo/autoverify/bot/delivery/cli"
	"github.com/engineo/autoverify/bot/settings"
	"github.com/engineo/autoverify/integrations/git"
)

// audit is `autoverify audit SIGNAL.md`: it validates an agent's
// READY_FOR_REVIEW or AUDIT_PASSED signal against the work tree's
// checks: and environments:, runs them, and holds every claimed row
// against what it observed.
func (a *App) audit(ctx context.Context, args []string) (int, error) {
	fs := a.flagSet("audit")
	asJSON := fs.Bool("json", false, "print the result as JSON")
	workdir := fs.String("workdir", ".", "directory the checks run in; its .autoverify.yml names checks: and environments:")
	key := fs.String("story-key", "", "story key the ledger records the audit under (default: the signal's task id)")
	author := fs.String("author", "", "whose claim the signal is, for the per-author counts")
	lookup := cli.SettingFlags(fs, a.Getenv, settings.Run)
	pos, err := cli.ParseN(fs, args, 1, "audit needs exactly one signal file: autoverify audit SIGNAL.md [--json] [--workdir DIR]")
	if err != nil {
		return exitBadInput, err
	}
	text, err := cli.ReadSignal(pos[0])
	if err != nil {
		return exitBadInput, cli.InputErrorf("%v", err)
	}
	if *workdir, err = cli.WorkDir(*workdir, "the repository the checks should run in"); err != nil {
		return exitBadInput, err
	}
	cfg, err := cli.LoadConfig(lookup, *workdir)
	if err != nil {
		return exitBadInput, err
	}
	out := &cli.AuditReport{Stdout: a.Stdout, Stderr: a.Stderr, JSON: *asJSON}
	env := a.env()
	return env.Adapters(lookup, *workdir).Audit(ctx, env.Local(lookup, *workdir, cfg), out,
		func() bot.Source { return &cli.AuditSource{Dir: *workdir, Head: git.StartHead(ctx, *workdir, false)} },
		bot.Request{Key: *key, Signal: text, SignalSource: pos[0], SignalAuthor: *author})
}
