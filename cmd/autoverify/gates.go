package main

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"github.com/engineo/autoverify/bot"
	"github.com/engineo/autoverify/bot/delivery/cli"
	"github.com/engineo/autoverify/bot/mutate"
	"github.com/engineo/autoverify/bot/settings"
	"github.com/engineo/autoverify/integrations/artifacts"
	"github.com/engineo/autoverify/integrations/gaterun"
	"github.com/engineo/autoverify/integrations/git"
)

// gatesCmd is `autoverify gates --base REV [--head REV] [--test-cmd CMD]
// [--mutate [--mutate-max N] [--mutate-threshold F]] [--json]`: the
// deterministic gates of the change base..head, run on trees extracted
// from git (the work tree's files are never changed), as a pipeline
// request like `run`'s — a verify cycle of the change's own key
// (gates-BASE-HEAD), with evidence, summary, run history and a signed
// verdict. Exit 0 when every gate accepts, 1 when one rejects or the
// cycle cap refuses the run, 2 on bad input.
func (a *App) gatesCmd(ctx context.Context, args []string) (int, error) {
	f, err := a.gatesFlags(args)
	if err != nil {
		return exitBadInput, err
	}
	repo := git.Repo{Dir: f.workdir}
	base, err := repo.Commit(ctx, f.base)
	if err != nil {
		return exitBadInput, revError(f.workdir, "--base", f.base, err)
	}
	head, err := repo.Commit(ctx, f.head)
	if err != nil {
		return exitBadInput, revError(f.workdir, "--head", f.head, err)
	}
	cfg, err := cli.LoadConfig(f.lookup, f.workdir)
	if err != nil {
		return exitBadInput, err
	}
	policy, err := cfg.Policy()
	if err != nil {
		return exitBadInput, err
	}
	test, static, err := cli.GateCommands(f.workdir, f.testCmd, policy.Check, gaterun.Detect)
	if err != nil {
		return exitBadInput, err
	}
	// The gates were asked for by name: the kill switch, which turns runs
	// that stories and events trigger into no-ops, would make this exit 0
	// — "every gate accepts" — for a run that did not happen.
	cfg.Enabled = true
	tree, err := repo.CommitTree(ctx, head)
	if err != nil {
		return exitFailed, fmt.Errorf("reading the tree of %s: %w", head, err)
	}
	terminal := &cli.Terminal{Stdout: a.Stdout, Stderr: a.Stderr, Color: a.color(a.Stdout), WriteFile: artifacts.WriteFile,
		GatesOnly: true, JSON: f.json}
	source := &cli.Change{Source: cli.Source{Dir: f.workdir, Warn: a.Stderr, Trees: gaterun.GitTrees{Repo: repo}.Extract},
		Head: head, HeadTree: tree}
	env := a.env()
	return env.Adapters(f.lookup, f.workdir).RunLocal(ctx, cli.Run{Local: env.Local(f.lookup, f.workdir, cfg), Terminal: terminal,
		Source: func() bot.Source { return source }},
		bot.Request{Key: gatesKey(base, head), GatesOnly: true, GateBase: base, GateTest: test, GateStatic: static, GateGuards: f.guards})
}

// gatesKey is a change's own story key: its verify cycles are counted per
// change, so that the same change judged again and again meets the cycle
// cap (`autoverify ledger reset` starts again), and no gates run counts
// in — or, passing, resets — a story's budget.
func gatesKey(base, head string) string {
	return "gates-" + base[:min(12, len(base))] + "-" + head[:min(12, len(head))]
}

// gatesFlags is `autoverify gates`'s command line.
type gatesFlags struct {
	base, head, testCmd, workdir string
	json                         bool
	guards                       []string
	lookup                       settings.Lookup
	// mutate asks for VERIFY_MUTATE; mutateMax and mutateThreshold are
	// its cap and the score it needs (gaterun.Spec).
	mutate          bool
	mutateMax       int
	mutateThreshold float64
}

// gatesFlags parses gates' command line; the work directory is made
// absolute.
func (a *App) gatesFlags(args []string) (gatesFlags, error) {
	fs := a.flagSet("gates")
	var f gatesFlags
	fs.StringVar(&f.base, "base", "", "the revision the change starts from (required)")
	fs.StringVar(&f.head, "head", "HEAD", "the revision with the change")
	fs.StringVar(&f.testCmd, "test-cmd", "", "the test command (default: `go test ./...` for Go, `python3 -m pytest` for Python); it must be allowlisted")
	fs.BoolVar(&f.json, "json", false, "print the report as JSON")
	fs.StringVar(&f.workdir, "workdir", ".", "the git work tree (its .autoverify.yml is read)")
	guardList := fs.String("guard", "", "comma-separated regression-guard tests: new tests that pass on the base on purpose (not vanity)")
	fs.BoolVar(&f.mutate, "mutate", false, "run VERIFY_MUTATE: break each changed non-test Go line once and require the tests to notice")
	fs.IntVar(&f.mutateMax, "mutate-max", gaterun.DefaultMutateMax, "the most mutants VERIFY_MUTATE runs (spread over the change's files and lines)")
	fs.Float64Var(&f.mutateThreshold, "mutate-threshold", mutate.DefaultThreshold, "the share of mutants the tests must kill, in (0, 1]")
	generic := cli.SettingFlags(fs, a.Getenv, slices.DeleteFunc(slices.Clone(settings.Run), func(s settings.Setting) bool {
		return slices.Contains(settings.Mutation, s.Flag)
	}), retentionSetting)
	pos, err := cli.ParseArgs(fs, args)
	if err != nil {
		return f, err
	}
	if len(pos) != 0 {
		return f, cli.InputErrorf("gates takes no arguments (got %q): autoverify gates --base REV [--head REV] [--test-cmd CMD] [--mutate] [--json]", pos[0])
	}
	if f.base == "" {
		return f, cli.InputErrorf("gates needs --base REV: the revision the change starts from (e.g. --base main)")
	}
	if err := checkMutateFlags(f); err != nil {
		return f, err
	}
	f.lookup = settings.Layers(settings.Given(fs, settings.Mutation), generic, settings.Env(a.Getenv, settings.Run))
	f.guards = settings.SplitList(*guardList)
	f.workdir, err = cli.WorkDir(f.workdir, "the git work tree of the change")
	return f, err
}

// checkMutateFlags refuses a cap or threshold that would make
// VERIFY_MUTATE meaningless.
func checkMutateFlags(f gatesFlags) error {
	if f.mutateMax < 1 {
		return cli.InputErrorf("--mutate-max %d: give at least 1 mutant", f.mutateMax)
	}
	if !(f.mutateThreshold > 0 && f.mutateThreshold <= 1) {
		return cli.InputErrorf("--mutate-threshold %v: give a score in (0, 1], e.g. 0.8", f.mutateThreshold)
	}
	return nil
}

// revError words a revision that cannot be used.
func revError(dir, flagName, rev string, err error) error {
	if errors.Is(err, git.ErrNotRepo) {
		return cli.InputErrorf("--workdir %s: not a git work tree; run gates inside the repository", dir)
	}
	if errors.Is(err, git.ErrNoRevision) {
		return cli.InputErrorf("%s %s: no such commit in %s; give a branch, tag or commit hash", flagName, rev, dir)
	}
	return cli.InputErrorf("%s %s: %v", flagName, rev, err)
}
