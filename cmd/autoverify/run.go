package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/engineo/autoverify/bot"
	"github.com/engineo/autoverify/bot/delivery/cli"
	"github.com/engineo/autoverify/bot/delivery/jiraapp"
	"github.com/engineo/autoverify/bot/redact"
	"github.com/engineo/autoverify/bot/repoconfig"
	"github.com/engineo/autoverify/bot/settings"
	"github.com/engineo/autoverify/integrations/artifacts"
	"github.com/engineo/autoverify/integrations/gaterun"
	"github.com/engineo/autoverify/integrations/git"
	"github.com/engineo/autoverify/integrations/local"
	"github.com/engineo/autoverify/integrations/runners"
	"github.com/engineo/autoverify/integrations/workspace"
	"github.com/engineo/autoverify/ledger"
)

// run is `autoverify run STORY.md`: flags and settings in, one pipeline
// request out.
func (a *App) run(ctx context.Context, args []string) (int, error) {
	fs := flag.NewFlagSet("run", flag.ContinueOnError)
	fs.SetOutput(a.Stderr)
	key := fs.String("story-key", "", "story key (default: the file name without extension)")
	workdir := fs.String("workdir", ".", "directory the commands run in; its .autoverify.yml is read")
	commit := fs.String("commit", "", "commit being verified (default: the work directory's git HEAD)")
	reportTo := fs.String("report", "", "also report the result: \"jira\" comments on the story's issue and transitions it")
	noCache := fs.Bool("no-cache", false, "run every check even when the same command passed on the same tree and environment before")
	gatesBase := fs.String("gates-base", "", "the revision GATE= items compare with (the change is gates-base..HEAD)")
	lookup := settingFlags(fs, a.Getenv, settings.Run, jiraSettings, retentionSetting)
	pos, err := parseArgs(fs, args)
	if err != nil {
		return exitBadInput, err
	}
	if len(pos) != 1 {
		return exitBadInput, inputErrorf("run needs exactly one story file: autoverify run STORY.md [--story-key KEY] [--workdir DIR]")
	}
	storyPath := pos[0]
	if *workdir, err = workDir(*workdir, "the repository the commands should run in"); err != nil {
		return exitBadInput, err
	}
	cfg, err := loadConfig(lookup, *workdir)
	if err != nil {
		return exitBadInput, err
	}
	k, err := storyKey(*key, storyPath)
	if err != nil {
		return exitBadInput, err
	}
	keep, err := retention(lookup)
	if err != nil {
		return exitBadInput, err
	}
	if !cfg.Enabled {
		fmt.Fprintln(a.Stderr, "autoverify is disabled (ENGINEO_AUTOVERIFY_ENABLED=0): nothing was run")
		return exitOK, nil
	}
	// Reading the work tree's commit and content hash costs a few git
	// processes; start them now, while the rest is set up.
	snapshot := gitSnapshot(ctx, *workdir, cfg.Cache, cfg.ArtifactsDir, cfg.StateDir, storyPath)
	// The local runner starts preparing its sandbox when it is built, so
	// build it now, beside the git processes, rather than when the first
	// check is due.
	factory := &runners.Factory{}
	if cfg.Runner == "local" {
		// One process, one run: no sandbox waits beyond the commands
		// the checks announce.
		shared, closeShared, err := runners.New(cfg, nil, local.WithAnnounced())
		if err != nil {
			return exitBadInput, inputErrorf("%v", err)
		}
		defer closeShared()
		factory.Shared = shared
	}
	terminal := &cli.Terminal{Stdout: a.Stdout, Stderr: a.Stderr, Color: a.color(a.Stdout), WriteFile: artifacts.WriteFile}
	publishers := []bot.Publisher{terminal}
	secrets := a.secrets(cfg)
	switch *reportTo {
	case "":
	case "jira":
		jcfg, ok, err := loadJira(lookup)
		if err != nil {
			return exitBadInput, err
		} else if !ok {
			return exitBadInput, inputErrorf("--report jira needs ENGINEO_JIRA_URL and credentials (ENGINEO_JIRA_EMAIL + ENGINEO_JIRA_API_TOKEN, or ENGINEO_JIRA_PAT)")
		}
		secrets = append(secrets, get(lookup, "jira-api-token"), get(lookup, "jira-pat"))
		publishers = append(publishers, cli.Announce{Publisher: &jiraapp.Publisher{Jira: jcfg.client, Transitions: jcfg.transitions},
			Stdout: a.Stdout, Stderr: a.Stderr, What: "reporting to Jira",
			Done: func(v *bot.Verification) string { return "Jira:     commented on " + v.Key }})
	default:
		return exitBadInput, inputErrorf("--report %q: the only report target is jira", *reportTo)
	}
	// gitleaks' rules are read when a text first needs them (one holding
	// a rule's keyword; see bot/redact), not ahead: most texts of a quick
	// run hold none, and reading them costs 3-4 ms of CPU on the two
	// cores the sandbox and git start on. A check whose output needs them
	// has taken longer than that to run.
	red, err := redact.New(redact.WithSecrets(secrets...))
	if err != nil {
		return exitFailed, fmt.Errorf("building the redactor: %w", err)
	}
	terminal.Secret = red.String
	store := ledger.OpenOnUse(func(ctx context.Context) (ledger.Store, error) {
		s, err := openStore(ctx, cfg)
		if err != nil {
			return nil, fmt.Errorf("%w; nothing was run", err)
		}
		return s, nil
	})
	defer store.Close()
	// Opened while the work tree is read and the sandbox built, rather
	// than when the verify cycle first asks (an open file lock and a read
	// of the database, or a dial to Redis, on the way to the first check).
	ledger.OpenSoon(ctx, store)
	// Reviewers' workspace copies are removed while the ledger and the
	// evidence are written; the process waits for that before it exits.
	var removals sync.WaitGroup
	defer removals.Wait()
	opts := bot.Options{Ledger: &ledger.Ledger{Store: store, Limits: cfg.Limits, Lease: cfg.LedgerLease, Now: a.Now}, Limits: cfg.Limits,
		Redactor: red, Artifacts: artifacts.Disk{}, Runners: factory, Version: buildID(), CountCached: cfg.CacheCountsCycle, Now: a.Now,
		Gates: gaterun.Engine{}, Workspaces: workspace.Copier{Skip: []string{cfg.ArtifactsDir, cfg.StateDir}, Removals: &removals}}
	if cfg.Cache {
		opts.Cache = bot.StoreCache{Store: store.(bot.BlobStore), TTL: cfg.CacheTTL, InLedger: true}
		// Results are stored after the ledger has recorded the run, in
		// the background; the store closes after them.
		var cacheWrites sync.WaitGroup
		defer cacheWrites.Wait()
		opts.CacheWrites = &cacheWrites
	}
	// The run history (what the dashboard shows) records this run from
	// its start; without it the run goes on, with a warning.
	var pipeline bot.PipelineRunner = bot.New(opts)
	if runs, closeRuns, err := openRunLog(ctx, cfg, keep, a.Now); err != nil {
		fmt.Fprintf(a.Stderr, "autoverify: warning: %v; this run is not in the dashboard's history\n", err)
	} else {
		defer closeRuns()
		// The history is written in the background, in order, while the
		// checks run and the verdict is shown; it is complete before the
		// history closes.
		var writes sync.WaitGroup
		defer writes.Wait()
		// A run shorter than historySettle is written once, at its end
		// (see RunRecorder.Settle); the dashboard shows longer ones as
		// active that much after they start.
		rec := &bot.RunRecorder{Log: runs, AbsPath: absDir, LocalRepo: absDir(*workdir), Redactor: red, Now: a.Now, Pending: &writes,
			Settle: historySettle,
			Warn:   func(msg string, err error) { fmt.Fprintf(a.Stderr, "autoverify: warning: %s: %v\n", msg, err) }}
		p := bot.New(append0(opts, rec))
		pipeline = rec.Around(p)
	}
	src := &cli.Source{StoryPath: storyPath, Dir: *workdir, Commit: *commit, Warn: a.Stderr, Cache: cfg.Cache,
		Head: snapshot, Trees: gaterun.GitTrees{Repo: git.Repo{Dir: *workdir}}.Extract,
		Committer: func(v *bot.Verification) bot.FixCommitter {
			return &git.FixCommitter{Repo: git.Repo{Dir: *workdir}, Push: v.Config.PushEnabled,
				Exclude: git.AbsPaths(v.Config.ArtifactsDir, v.Config.StateDir, storyPath),
				Warn:    func(f string, args ...any) { fmt.Fprintf(a.Stderr, f, args...) }}
		}}
	v, err := pipeline.Run(ctx, bot.Request{Source: src, Key: k, Publishers: publishers, NoCache: *noCache, GateBase: *gatesBase,
		Configure: func(f repoconfig.File, path string) (settings.Config, error) {
			return settings.Resolve(lookup, f, path)
		}})
	return cli.ExitCode(v, err, a.Stderr), nil
}

// historySettle is how long a record of a CLI run still going waits
// before it is written to the run history (bot.RunRecorder.Settle).
const historySettle = 100 * time.Millisecond

// append0 puts pub first among opts' publishers.
func append0(opts bot.Options, pub bot.Publisher) bot.Options {
	opts.Publishers = append([]bot.Publisher{pub}, opts.Publishers...)
	return opts
}

// workDir is the --workdir flag's directory, made absolute (and clean)
// here where it enters the program, or an input error saying what to
// pass (what). Nothing downstream sees a relative work directory: a
// reviewer's masking of "." replaced every dot of its output.
func workDir(dir, what string) (string, error) {
	abs, err := filepath.Abs(dir)
	if st, serr := os.Stat(abs); err != nil || serr != nil || !st.IsDir() {
		return "", inputErrorf("--workdir %s: not a directory; pass %s", dir, what)
	}
	return abs, nil
}

// absDir names a work directory for the run history.
func absDir(dir string) string {
	if abs, err := filepath.Abs(dir); err == nil {
		return abs
	}
	return dir
}

// gitSnapshot starts reading dir's HEAD and, with tree, the hash of its
// content (leaving out exclude: evidence, state and the story's markers
// change every run and are not what the checks test), and returns the
// function the CLI source calls for the answer. Outside git both are "".
func gitSnapshot(ctx context.Context, dir string, tree bool, exclude ...string) func(context.Context, string, bool) (string, string, error) {
	type answer struct {
		head, tree string
		err        error
	}
	done := make(chan answer, 1)
	go func() {
		repo := git.Repo{Dir: dir}
		var a answer
		if tree {
			a.head, a.tree, a.err = repo.HeadAndTree(ctx, exclude...)
		} else {
			a.head, a.err = repo.Head(ctx)
		}
		if errors.Is(a.err, git.ErrNotRepo) {
			a = answer{}
		}
		done <- a
	}()
	var once sync.Once
	var got answer
	return func(context.Context, string, bool) (string, string, error) {
		once.Do(func() { got = <-done })
		return got.head, got.tree, got.err
	}
}
