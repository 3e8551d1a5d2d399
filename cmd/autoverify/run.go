package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/engineo/autoverify/bot"
	"github.com/engineo/autoverify/bot/delivery/cli"
	"github.com/engineo/autoverify/bot/delivery/history"
	"github.com/engineo/autoverify/bot/delivery/jiraapp"
	"github.com/engineo/autoverify/bot/redact"
	"github.com/engineo/autoverify/bot/repoconfig"
	"github.com/engineo/autoverify/bot/settings"
	"github.com/engineo/autoverify/bot/verify"
	"github.com/engineo/autoverify/integrations/artifacts"
	"github.com/engineo/autoverify/integrations/gaterun"
	"github.com/engineo/autoverify/integrations/git"
	"github.com/engineo/autoverify/integrations/local"
	"github.com/engineo/autoverify/integrations/runners"
	"github.com/engineo/autoverify/integrations/workspace"
	"github.com/engineo/autoverify/ledger"
)

// runFlags is `autoverify run`'s command line.
type runFlags struct {
	storyPath, key, workdir, commit, reportTo, gatesBase string
	noCache                                              bool
	lookup                                               settings.Lookup
}

// cleanups are what a command undoes when it returns, last first. run
// has a pointer receiver so that `defer done.run()` sees what is added
// after the defer.
type cleanups []func()

func (c *cleanups) add(f func()) { *c = append(*c, f) }

func (c *cleanups) run() {
	for i := len(*c) - 1; i >= 0; i-- {
		(*c)[i]()
	}
}

// run is `autoverify run STORY.md`: flags and settings in, one pipeline
// request out.
func (a *App) run(ctx context.Context, args []string) (int, error) {
	f, err := a.runFlags(args)
	if err != nil {
		return exitBadInput, err
	}
	cfg, err := loadConfig(f.lookup, f.workdir)
	if err != nil {
		return exitBadInput, err
	}
	k, err := storyKey(f.key, f.storyPath)
	if err != nil {
		return exitBadInput, err
	}
	terminal := &cli.Terminal{Stdout: a.Stdout, Stderr: a.Stderr, Color: a.color(a.Stdout), WriteFile: artifacts.WriteFile}
	return a.runLocal(ctx, localRun{lookup: f.lookup, workdir: f.workdir, cfg: cfg, terminal: terminal, reportTo: f.reportTo,
		source: func() bot.Source {
			// Reading the work tree's commit and content hash costs a few
			// git processes; start them now, while the rest is set up.
			snapshot := git.StartHead(ctx, f.workdir, cfg.Cache, cfg.ArtifactsDir, cfg.StateDir, f.storyPath)
			return a.runSource(f, cfg.Cache, snapshot)
		}}, bot.Request{Key: k, NoCache: f.noCache, GateBase: f.gatesBase})
}

// localRun is a pipeline request made here, on the work tree workdir
// (run, gates): the settings, the terminal that shows it, and its source,
// made once the run is known to go ahead.
type localRun struct {
	lookup   settings.Lookup
	workdir  string
	cfg      settings.Config
	terminal *cli.Terminal
	// reportTo is --report: "" or "jira".
	reportTo string
	source   func() bot.Source
}

// runLocal builds the local pipeline and runs req through it, with the
// terminal (and --report's target) as its publishers.
func (a *App) runLocal(ctx context.Context, lr localRun, req bot.Request) (int, error) {
	keep, err := settings.Retention(lr.lookup)
	if err != nil {
		return exitBadInput, err
	}
	if !lr.cfg.Enabled {
		fmt.Fprintln(a.Stderr, "autoverify is disabled (ENGINEO_AUTOVERIFY_ENABLED=0): nothing was run")
		return exitOK, nil
	}
	var done cleanups
	defer done.run()
	req.Source = lr.source()
	factory, err := localFactory(lr.cfg, &done)
	if err != nil {
		return exitBadInput, err
	}
	publishers, secrets, err := a.runPublishers(lr)
	if err != nil {
		return exitBadInput, err
	}
	red, err := redact.New(redact.WithSecrets(secrets...))
	if err != nil {
		return exitFailed, fmt.Errorf("building the redactor: %w", err)
	}
	lr.terminal.Secret = red.String
	opts := a.runOptions(ctx, lr.cfg, red, factory, &done)
	if opts.Attester, err = attester(lr.lookup, lr.workdir); err != nil {
		return exitBadInput, err
	}
	pipeline := a.runPipeline(ctx, lr.cfg, keep, lr.workdir, opts, &done)
	req.Publishers = publishers
	req.Configure = func(file repoconfig.File, path string) (settings.Config, error) {
		return settings.Resolve(lr.lookup, file, path)
	}
	v, err := pipeline.Run(ctx, req)
	return cli.ExitCode(v, err, a.Stderr), nil
}

// runFlags parses run's command line; the work directory is made
// absolute.
func (a *App) runFlags(args []string) (runFlags, error) {
	fs := flag.NewFlagSet("run", flag.ContinueOnError)
	fs.SetOutput(a.Stderr)
	var f runFlags
	fs.StringVar(&f.key, "story-key", "", "story key (default: the file name without extension)")
	fs.StringVar(&f.workdir, "workdir", ".", "directory the commands run in; its .autoverify.yml is read")
	fs.StringVar(&f.commit, "commit", "", "commit being verified (default: the work directory's git HEAD)")
	fs.StringVar(&f.reportTo, "report", "", "also report the result: \"jira\" comments on the story's issue and transitions it")
	fs.BoolVar(&f.noCache, "no-cache", false, "run every check even when the same command passed on the same tree and environment before")
	fs.StringVar(&f.gatesBase, "gates-base", "", "the revision GATE= items compare with (the change is gates-base..HEAD)")
	f.lookup = settingFlags(fs, a.Getenv, settings.Run, jiraSettings, retentionSetting)
	pos, err := parseArgs(fs, args)
	if err != nil {
		return f, err
	}
	if len(pos) != 1 {
		return f, inputErrorf("run needs exactly one story file: autoverify run STORY.md [--story-key KEY] [--workdir DIR]")
	}
	f.storyPath = pos[0]
	f.workdir, err = workDir(f.workdir, "the repository the commands should run in")
	return f, err
}

// localFactory builds the runners of one run. The local runner starts
// preparing its sandbox when it is built, so it is built now, beside the
// git processes, rather than when the first check is due; one process,
// one run: no sandbox waits beyond the commands the checks announce.
func localFactory(cfg settings.Config, done *cleanups) (*runners.Factory, error) {
	factory := &runners.Factory{}
	if cfg.Runner != "local" {
		return factory, nil
	}
	shared, closeShared, err := runners.New(cfg, nil, local.WithAnnounced())
	if err != nil {
		return nil, inputErrorf("%v", err)
	}
	done.add(closeShared)
	factory.Shared = shared
	return factory, nil
}

// runPublishers are the terminal and, with --report jira, Jira; secrets
// are the values the redactor masks.
func (a *App) runPublishers(lr localRun) ([]bot.Publisher, []string, error) {
	publishers := []bot.Publisher{lr.terminal}
	secrets := a.secrets(lr.cfg)
	switch lr.reportTo {
	case "":
	case "jira":
		jcfg, ok, err := loadJira(lr.lookup)
		if err != nil {
			return nil, nil, err
		} else if !ok {
			return nil, nil, inputErrorf("--report jira needs ENGINEO_JIRA_URL and credentials (ENGINEO_JIRA_EMAIL + ENGINEO_JIRA_API_TOKEN, or ENGINEO_JIRA_PAT)")
		}
		secrets = append(secrets, get(lr.lookup, "jira-api-token"), get(lr.lookup, "jira-pat"))
		publishers = append(publishers, cli.Announce{Publisher: &jiraapp.Publisher{Jira: jcfg.client, Transitions: jcfg.transitions},
			Stdout: a.Stdout, Stderr: a.Stderr, What: "reporting to Jira",
			Done: func(v *bot.Verification) string { return "Jira:     commented on " + v.Key }})
	default:
		return nil, nil, inputErrorf("--report %q: the only report target is jira", lr.reportTo)
	}
	return publishers, secrets, nil
}

// runOptions are the pipeline's parts for one run: the local parts
// (localOptions), the runners, the gates and the result cache in the
// ledger's store.
func (a *App) runOptions(ctx context.Context, cfg settings.Config, red *redact.Redactor, factory *runners.Factory, done *cleanups) bot.Options {
	opts, store := a.localOptions(ctx, cfg, red, done)
	opts.Runners, opts.CountCached, opts.Gates = factory, cfg.CacheCountsCycle, gaterun.Engine{}
	if cfg.Cache {
		// Results are stored after the ledger has recorded the run, in
		// the background; the store closes after them.
		opts.Cache = verify.StoreCache{Store: store.(verify.BlobStore), TTL: cfg.CacheTTL, InLedger: true}
		cacheWrites := &sync.WaitGroup{}
		done.add(cacheWrites.Wait)
		opts.CacheWrites = cacheWrites
	}
	return opts
}

// localOptions are what every local verification (run, audit) shares: the
// ledger (opened on first use, and already in the background: an open
// file lock and a read, or a dial to Redis, are then not on the way to the
// first check), the evidence on disk, and reviewers' copies of the work
// tree, removed while the ledger and the evidence are written.
func (a *App) localOptions(ctx context.Context, cfg settings.Config, red *redact.Redactor, done *cleanups) (bot.Options, ledger.Store) {
	store := ledger.OpenOnUse(func(ctx context.Context) (ledger.Store, error) {
		s, err := openStore(ctx, cfg)
		if err != nil {
			return nil, fmt.Errorf("%w; nothing was run", err)
		}
		return s, nil
	})
	done.add(func() { _ = store.Close() })
	ledger.OpenSoon(ctx, store)
	removals := &sync.WaitGroup{}
	done.add(removals.Wait)
	return bot.Options{Ledger: &ledger.Ledger{Store: store, Limits: cfg.Limits, Lease: cfg.LedgerLease, Now: a.Now}, Limits: cfg.Limits,
		Redactor: red, Artifacts: artifacts.Disk{}, Version: buildID(), Now: a.Now,
		Workspaces: workspace.Copier{Skip: []string{cfg.ArtifactsDir, cfg.StateDir}, Removals: removals}}, store
}

// runPipeline is the pipeline, recording the run in the run history (what
// the dashboard shows) from its start; without the history the run goes
// on, with a warning.
func (a *App) runPipeline(ctx context.Context, cfg settings.Config, keep time.Duration, workdir string, opts bot.Options, done *cleanups) bot.PipelineRunner {
	runs, closeRuns, err := openRunLog(ctx, cfg, keep, a.Now)
	if err != nil {
		fmt.Fprintf(a.Stderr, "autoverify: warning: %v; this run is not in the dashboard's history\n", err)
		return bot.New(opts)
	}
	done.add(closeRuns)
	// The history is written in the background, in order, while the
	// checks run and the verdict is shown; it is complete before the
	// history closes. A run shorter than historySettle is written once,
	// at its end (see RunRecorder.Settle); the dashboard shows longer ones
	// as active that much after they start.
	writes := &sync.WaitGroup{}
	done.add(writes.Wait)
	rec := &history.Recorder{Log: runs, AbsPath: history.AbsDir, LocalRepo: workdir, Redactor: opts.Redactor, Now: a.Now, Pending: writes,
		Settle: historySettle,
		Warn:   func(msg string, err error) { fmt.Fprintf(a.Stderr, "autoverify: warning: %s: %v\n", msg, err) }}
	return rec.Around(bot.New(append0(opts, rec)))
}

// runSource is the run's subject: the story file and the work tree.
func (a *App) runSource(f runFlags, cache bool, snapshot func(context.Context, string, bool) (string, string, error)) *cli.Source {
	return &cli.Source{StoryPath: f.storyPath, Dir: f.workdir, Commit: f.commit, Warn: a.Stderr, Cache: cache,
		Head: snapshot, Trees: gaterun.GitTrees{Repo: git.Repo{Dir: f.workdir}}.Extract,
		Committer: func(v *bot.Verification) bot.FixCommitter {
			return &git.FixCommitter{Repo: git.Repo{Dir: f.workdir}, Push: v.Config.PushEnabled,
				Exclude: git.AbsPaths(v.Config.ArtifactsDir, v.Config.StateDir, f.storyPath),
				Warn:    func(format string, args ...any) { fmt.Fprintf(a.Stderr, format, args...) }}
		}}
}

// historySettle is how long a record of a CLI run still going waits
// before it is written to the run history (history.Recorder.Settle).
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
