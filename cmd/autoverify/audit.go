package main

import (
	"context"
	"flag"
	"fmt"

	"github.com/engineo/autoverify/bot"
	"github.com/engineo/autoverify/bot/delivery/cli"
	"github.com/engineo/autoverify/bot/redact"
	"github.com/engineo/autoverify/bot/repoconfig"
	"github.com/engineo/autoverify/bot/settings"
	"github.com/engineo/autoverify/integrations/git"
	"github.com/engineo/autoverify/integrations/runners"
)

// audit is `autoverify audit SIGNAL.md`: it validates an agent's
// READY_FOR_REVIEW or AUDIT_PASSED signal against the work tree's
// checks: and environments:, runs them, and holds every claimed row
// against what it observed.
func (a *App) audit(ctx context.Context, args []string) (int, error) {
	fs := flag.NewFlagSet("audit", flag.ContinueOnError)
	fs.SetOutput(a.Stderr)
	asJSON := fs.Bool("json", false, "print the result as JSON")
	workdir := fs.String("workdir", ".", "directory the checks run in; its .autoverify.yml names checks: and environments:")
	key := fs.String("story-key", "", "story key the ledger records the audit under (default: the signal's task id)")
	author := fs.String("author", "", "whose claim the signal is, for the per-author counts")
	lookup := settingFlags(fs, a.Getenv, settings.Run)
	pos, err := parseArgs(fs, args)
	if err != nil {
		return exitBadInput, err
	}
	if len(pos) != 1 {
		return exitBadInput, inputErrorf("audit needs exactly one signal file: autoverify audit SIGNAL.md [--json] [--workdir DIR]")
	}
	text, err := cli.ReadSignal(pos[0])
	if err != nil {
		return exitBadInput, inputErrorf("%v", err)
	}
	if *workdir, err = workDir(*workdir, "the repository the checks should run in"); err != nil {
		return exitBadInput, err
	}
	cfg, err := loadConfig(lookup, *workdir)
	if err != nil {
		return exitBadInput, err
	}
	red, err := redact.New(redact.WithSecrets(a.secrets(cfg)...))
	if err != nil {
		return exitFailed, fmt.Errorf("building the redactor: %w", err)
	}
	signer, err := attester(lookup, *workdir)
	if err != nil {
		return exitBadInput, err
	}
	var done cleanups
	defer done.run()
	opts, _ := a.localOptions(ctx, cfg, red, &done)
	opts.Runners, opts.Attester = &runners.Factory{}, signer
	p := bot.New(opts)
	out := &cli.AuditReport{Stdout: a.Stdout, Stderr: a.Stderr, JSON: *asJSON, Secret: red.String}
	src := &cli.AuditSource{Dir: *workdir, Head: git.StartHead(ctx, *workdir, false)}
	v, err := p.Run(ctx, bot.Request{Source: src, Key: *key, Publishers: []bot.Publisher{out},
		Signal: text, SignalSource: pos[0], SignalAuthor: *author,
		Configure: func(f repoconfig.File, path string) (settings.Config, error) {
			return settings.Resolve(lookup, f, path)
		}})
	return cli.AuditExitCode(v, err, a.Stderr), nil
}
