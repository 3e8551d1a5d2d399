package cli

import (
	"context"
	"fmt"
	"io"
	"sync"
	"time"

	"github.com/engineo/autoverify/bot"
	"github.com/engineo/autoverify/bot/delivery/history"
	"github.com/engineo/autoverify/bot/redact"
	"github.com/engineo/autoverify/bot/repoconfig"
	"github.com/engineo/autoverify/bot/settings"
	"github.com/engineo/autoverify/bot/verify"
	"github.com/engineo/autoverify/ledger"
)

// Adapters are what a verification on this machine is built from.
// integrations/assemble constructs them (Env.Adapters), as it does for
// every delivery package; this package decides the order they are
// opened in, what runs in the background and what is waited for before
// the command returns.
type Adapters struct {
	// Store opens the ledger's store (ledger/bolt, ledger/redis).
	Store func(context.Context, settings.Config) (ledger.Store, error)
	// Runner opens the shared local runner, which starts preparing its
	// sandbox as it is built; the func closes it.
	Runner func(settings.Config) (verify.Runner, func(), error)
	// Runners makes the runners of a configuration around the shared one
	// (nil: none shared; integrations/runners.Factory).
	Runners func(shared verify.Runner) bot.Runners
	// RunLog opens the run history, keeping runs for the retention; the
	// func closes it.
	RunLog func(ctx context.Context, cfg settings.Config, retention time.Duration) (history.RunLog, func(), error)
	// Workspaces copies the work tree for each reviewer after the first,
	// leaving out the directories skip, and counts each copy's removal in
	// removals (integrations/workspace.Copier).
	Workspaces func(skip []string, removals *sync.WaitGroup) verify.WorkspaceCloner
	// Trees opens the tree a failed command ran in for the failure
	// reading (integrations/workspace.Trees).
	Trees verify.TreeOpener
	// Attester makes the verdicts' signer (nil: unsigned runs).
	Attester  func() (bot.Attester, error)
	Artifacts bot.Artifacts
	Gates     bot.GateRunner
	// Version names the build, for the result cache.
	Version string
	Now     func() time.Time
}

// Local is one verification of a local work tree: its checked settings,
// the settings' lookup (for the .autoverify.yml the pipeline reads), the
// values the redactor masks, and where warnings go.
type Local struct {
	Config  settings.Config
	Lookup  settings.Lookup
	Workdir string
	Secrets []string
	Stderr  io.Writer
}

// Run is a pipeline request made on the command line (`autoverify run`,
// `autoverify gates`), shown on Terminal.
type Run struct {
	Local
	Terminal *Terminal
	// Report, when set, builds the publishers --report adds and the
	// secrets they hold.
	Report func() ([]bot.Publisher, []string, error)
	// Source makes the request's source once the run is known to go
	// ahead (it may start git processes).
	Source func() bot.Source
}

// historySettle is how long a record of a CLI run still going waits
// before it is written to the run history (history.Recorder.Settle).
const historySettle = 100 * time.Millisecond

// RunLocal runs req through the local pipeline, in this order: its
// inputs are checked first — the run history's retention, the signer, the
// --report publishers — so that bad input opens nothing (no sandbox, no
// state directory, no Redis dial); a disabled autoverify stops here; then
// the source starts (git), the shared local runner is built (it starts its
// sandbox now, beside the git processes, rather than when the first check
// is due), the redactor, the ledger (opened in the background), the run
// history. Whatever was opened is closed when it returns, last first,
// after the background work it owns (reviewers' copies removed, cache and
// history written) is done.
func (p Adapters) RunLocal(ctx context.Context, r Run, req bot.Request) (int, error) {
	keep, err := settings.Retention(r.Lookup)
	if err != nil {
		return ExitBadInput, err
	}
	signer, err := p.Attester()
	if err != nil {
		return ExitBadInput, err
	}
	req.Publishers = []bot.Publisher{r.Terminal}
	secrets := r.Secrets
	if r.Report != nil {
		more, moreSecrets, err := r.Report()
		if err != nil {
			return ExitBadInput, err
		}
		req.Publishers, secrets = append(req.Publishers, more...), append(secrets, moreSecrets...)
	}
	if !r.Config.Enabled {
		fmt.Fprintln(r.Stderr, "autoverify is disabled (ENGINEO_AUTOVERIFY_ENABLED=0): nothing was run")
		return ExitOK, nil
	}
	var done cleanups
	defer done.run()
	req.Source = r.Source()
	runners, err := p.runners(r.Config, &done)
	if err != nil {
		return ExitBadInput, err
	}
	red, err := redact.New(redact.WithSecrets(secrets...))
	if err != nil {
		return ExitFailed, fmt.Errorf("building the redactor: %w", err)
	}
	r.Terminal.Secret = red.String
	opts := p.runOptions(ctx, r.Config, red, runners, &done)
	opts.Attester = signer
	req.Configure = configure(r.Lookup)
	v, err := p.withHistory(ctx, r.Local, keep, opts, &done).Run(ctx, req)
	return ExitCode(v, err, r.Stderr), nil
}

// Audit runs req, an agent's signal, through the local pipeline and
// reports on out: no shared runner, no cache, no run history. source
// makes the request's source once the ledger is opening.
func (p Adapters) Audit(ctx context.Context, l Local, out *AuditReport, source func() bot.Source, req bot.Request) (int, error) {
	red, err := redact.New(redact.WithSecrets(l.Secrets...))
	if err != nil {
		return ExitFailed, fmt.Errorf("building the redactor: %w", err)
	}
	signer, err := p.Attester()
	if err != nil {
		return ExitBadInput, err
	}
	var done cleanups
	defer done.run()
	opts, _ := p.options(ctx, l.Config, red, &done)
	opts.Runners, opts.Attester = p.Runners(nil), signer
	out.Secret, req.Source = red.String, source()
	req.Publishers, req.Configure = []bot.Publisher{out}, configure(l.Lookup)
	v, err := bot.New(opts).Run(ctx, req)
	return AuditExitCode(v, err, l.Stderr), nil
}

// configure resolves a request's settings with its .autoverify.yml.
func configure(lookup settings.Lookup) func(repoconfig.File, string) (settings.Config, error) {
	return func(file repoconfig.File, path string) (settings.Config, error) {
		return settings.Resolve(lookup, file, path)
	}
}

// runners are the runners of one run. With the local runner, one is
// built now and shared by the run's checks: one process, one run, no
// sandbox waits beyond the commands the checks announce.
func (p Adapters) runners(cfg settings.Config, done *cleanups) (bot.Runners, error) {
	if cfg.Runner != "local" {
		return p.Runners(nil), nil
	}
	shared, closeShared, err := p.Runner(cfg)
	if err != nil {
		return nil, err
	}
	done.add(closeShared)
	return p.Runners(shared), nil
}

// runOptions are the pipeline's parts for one run: the local parts
// (options), the runners, the gates and the result cache in the ledger's
// store.
func (p Adapters) runOptions(ctx context.Context, cfg settings.Config, red *redact.Redactor, runners bot.Runners, done *cleanups) bot.Options {
	opts, store := p.options(ctx, cfg, red, done)
	opts.Runners, opts.CountCached, opts.Gates = runners, cfg.CacheCountsCycle, p.Gates
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

// options are what every local verification (run, audit) shares: the
// ledger (opened on first use, and already in the background: an open
// file lock and a read, or a dial to Redis, are then not on the way to the
// first check), the evidence on disk, and reviewers' copies of the work
// tree (without autoverify's evidence and state), removed while the ledger
// and the evidence are written.
func (p Adapters) options(ctx context.Context, cfg settings.Config, red *redact.Redactor, done *cleanups) (bot.Options, ledger.Store) {
	store := ledger.OpenOnUse(func(ctx context.Context) (ledger.Store, error) {
		s, err := p.Store(ctx, cfg)
		if err != nil {
			return nil, fmt.Errorf("%w; nothing was run", err)
		}
		return s, nil
	})
	done.add(func() { _ = store.Close() })
	ledger.OpenSoon(ctx, store)
	removals := &sync.WaitGroup{}
	done.add(removals.Wait)
	return bot.Options{Ledger: &ledger.Ledger{Store: store, Limits: cfg.Limits, Lease: cfg.LedgerLease, Now: p.Now}, Limits: cfg.Limits,
		Redactor: red, Artifacts: p.Artifacts, Version: p.Version, Now: p.Now,
		Workspaces: p.Workspaces([]string{cfg.ArtifactsDir, cfg.StateDir}, removals), Trees: p.Trees}, store
}

// withHistory is the pipeline, recording the run in the run history (what
// the dashboard shows) from its start; without the history the run goes
// on, with a warning.
func (p Adapters) withHistory(ctx context.Context, l Local, keep time.Duration, opts bot.Options, done *cleanups) bot.PipelineRunner {
	runs, closeRuns, err := p.RunLog(ctx, l.Config, keep)
	if err != nil {
		fmt.Fprintf(l.Stderr, "autoverify: warning: %v; this run is not in the dashboard's history\n", err)
		return bot.New(opts)
	}
	done.add(closeRuns)
	// The history is written in the background, in order, while the
	// checks run and the verdict is shown; it is complete before the
	// history closes. A run shorter than historySettle is written once,
	// at its end (see Recorder.Settle); the dashboard shows longer ones
	// as active that much after they start.
	writes := &sync.WaitGroup{}
	done.add(writes.Wait)
	rec := &history.Recorder{Log: runs, AbsPath: history.AbsDir, LocalRepo: l.Workdir, Redactor: opts.Redactor, Now: p.Now, Pending: writes,
		Settle: historySettle,
		Warn:   func(msg string, err error) { fmt.Fprintf(l.Stderr, "autoverify: warning: %s: %v\n", msg, err) }}
	opts.Publishers = append([]bot.Publisher{rec}, opts.Publishers...)
	return rec.Around(bot.New(opts))
}

// cleanups are what a run undoes when it returns, last first. run has a
// pointer receiver so that `defer done.run()` sees what is added after
// the defer.
type cleanups []func()

func (c *cleanups) add(f func()) { *c = append(*c, f) }

func (c *cleanups) run() {
	for i := len(*c) - 1; i >= 0; i-- {
		(*c)[i]()
	}
}
