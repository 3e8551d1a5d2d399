package serve

import (
	"context"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"time"

	"github.com/engineo/autoverify/bot"
	"github.com/engineo/autoverify/bot/delivery/dashboard"
	"github.com/engineo/autoverify/bot/delivery/githubapp"
	"github.com/engineo/autoverify/bot/delivery/history"
	"github.com/engineo/autoverify/bot/delivery/intake"
	"github.com/engineo/autoverify/bot/delivery/jiraapp"
	"github.com/engineo/autoverify/bot/delivery/queue"
	"github.com/engineo/autoverify/bot/links"
	"github.com/engineo/autoverify/bot/redact"
	"github.com/engineo/autoverify/bot/settings"
	"github.com/engineo/autoverify/bot/verify"
	"github.com/engineo/autoverify/ledger"
)

// Config is what a server is built from: its checked settings and the
// clients made from them.
type Config struct {
	// Server is the server's resolved settings; the evidence links are
	// signed with a key derived from its EvidenceKey.
	settings.Server
	// Secrets are every secret the server holds, for the redactor.
	Secrets []string
	// GitHub is the GitHub App's clients; IsNotFound tells its 404s.
	GitHub     githubapp.Clients
	IsNotFound func(error) bool
	// GitHubCalls is what the GitHub client reports its calls to; Open
	// routes it to the metrics. Nil when the client reports none.
	GitHubCalls *Observer
	// Jira is nil when Jira is not in use.
	Jira *Jira
	// Pipeline holds the pipeline's adapters (artifacts, gates, workspace
	// copies, attester) and the version; Open adds the ledger, the
	// redactor, the runners, the publishers, the cache and the clock.
	Pipeline bot.Options
	// Runners makes the runners of a configuration around the server's
	// shared one (integrations/runners.Factory).
	Runners func(shared verify.Runner) bot.Runners
	// Workspaces, when set, serves the kubernetes runner's Jobs their
	// workspace tarballs.
	Workspaces http.Handler
	// SigningKey is the PEM public key verdicts are signed with (nil: the
	// server does not sign).
	SigningKey []byte
	Logger     *slog.Logger
	Now        func() time.Time
}

// Jira is the Jira side of a server.
type Jira struct {
	Client jiraapp.Jira
	// Calls is what the Jira client reports its calls to; nil for none.
	Calls *Observer
	// URL is the Jira site, for links to issues.
	URL           string
	Projects      map[string]string
	TriggerStatus string
	Transitions   jiraapp.Transitions
	// WebhookSecret checks Jira's deliveries; "" accepts unsigned ones
	// (warned at start).
	WebhookSecret string
}

// Openers open what the server holds; tests replace them to fail at each
// step.
type Openers struct {
	// Runner opens the server's shared runner; the func closes it.
	Runner func(settings.Config) (verify.Runner, func(), error)
	Store  func(context.Context, settings.Config) (ledger.Store, error)
	// Queue opens the queue and its deduper; the func closes both.
	Queue func(*slog.Logger) (queue.Queue, intake.Deduper, func(), error)
	// Metrics makes the metrics, which read the queue's stats.
	Metrics func(stats func(context.Context) (queue.Stats, error)) Metrics
	// RunLog opens the run history; the func closes it.
	RunLog func(context.Context) (history.RunLog, func(), error)
	// Dashboard, when set, opens the dashboard; the func closes it.
	Dashboard func(context.Context) (*dashboard.Dashboard, func(), error)
}

// Metrics is what the server reports to (integrations/prometheus).
type Metrics interface {
	// APIObserver is told about each call to service's API (remaining:
	// the rate limit left, -1 unknown).
	APIObserver(service string) func(method, path string, status, remaining int)
	// Runs publishes finished runs of a runner.
	Runs(runner string) bot.Publisher
	// Delivery is told how long a delivery waited and took in all.
	Delivery(wait, total time.Duration)
	Intake() intake.Observer
	// Handler answers /metrics.
	Handler() http.Handler
}

// Observer passes an API client's calls on to the metrics once they
// exist: the clients are made before the queue the metrics read. Until
// then, and on a nil Observer, the calls are dropped.
type Observer struct {
	f func(method, path string, status, remaining int)
}

// Observe reports one call.
func (o *Observer) Observe(method, path string, status, remaining int) {
	if o != nil && o.f != nil {
		o.f(method, path, status, remaining)
	}
}

func (o *Observer) set(f func(method, path string, status, remaining int)) {
	if o != nil {
		o.f = f
	}
}

// Server is a running `autoverify serve`: the address it is to listen
// on, its HTTP server, its queue, and everything it opened, which Close
// releases in reverse order.
type Server struct {
	Addr    string
	http    *http.Server
	queue   queue.Queue
	log     *slog.Logger
	closers []func()
}

// Handler answers the server's routes.
func (s *Server) Handler() http.Handler { return s.http.Handler }

// Close releases what the server opened, last first.
func (s *Server) Close() {
	for i := len(s.closers) - 1; i >= 0; i-- {
		s.closers[i]()
	}
	s.closers = nil
}

// Serve answers on ln until ctx ends, then drains: it stops taking
// deliveries and lets running verifications finish (a durable queue
// keeps what has not started), for at most 30 seconds.
func (s *Server) Serve(ctx context.Context, ln net.Listener) error {
	errc := make(chan error, 1)
	go func() { errc <- s.http.Serve(ln) }()
	select {
	case err := <-errc:
		return fmt.Errorf("serving: %w", err)
	case <-ctx.Done():
	}
	s.log.Info("shutting down: draining")
	sctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 30*time.Second)
	defer cancel()
	_ = s.http.Shutdown(sctx)
	if err := s.queue.Shutdown(sctx); err != nil {
		s.log.Warn("queue drain incomplete", "err", err)
	}
	return nil
}

// parts are what Open builds, in order, and what the later steps use.
type parts struct {
	cfg      Config
	log      *slog.Logger
	links    links.Signer
	red      *redact.Redactor
	runner   verify.Runner
	isolated bool
	store    ledger.Store
	q        queue.Queue
	dedup    intake.Deduper
	metrics  Metrics
	gh       *githubapp.Handlers
	jira     *jiraapp.Handler
}

// Open builds the redactor, opens the runner, the ledger store and the
// queue, wires the handlers, starts the workers and builds the routes. On
// any error everything opened so far is closed.
func Open(ctx context.Context, cfg Config, open Openers) (_ *Server, err error) {
	p := &parts{cfg: cfg, log: cfg.Logger,
		links: links.Signer{Key: links.DeriveKey([]byte(cfg.EvidenceKey), "evidence links"), TTL: cfg.EvidenceLinkTTL, Now: cfg.Now}}
	redact.Prepare()
	if p.red, err = redact.New(redact.WithSecrets(cfg.Secrets...)); err != nil {
		return nil, fmt.Errorf("building the redactor: %w", err)
	}
	srv := &Server{Addr: cfg.ListenAddr, log: cfg.Logger}
	defer func() {
		if err != nil {
			srv.Close()
		}
	}()
	if err := p.open(ctx, open, srv); err != nil {
		return nil, err
	}
	p.metrics = open.Metrics(p.q.Stats)
	cfg.GitHubCalls.set(p.metrics.APIObserver("github"))
	if err := p.handlers(ctx, open, srv); err != nil {
		return nil, err
	}
	if err := p.startWorkers(); err != nil {
		return nil, err
	}
	return srv, p.routes(ctx, open, srv)
}

// open opens the runner (refusing one that cannot isolate), the ledger's
// store and the queue; srv closes them.
func (p *parts) open(ctx context.Context, open Openers, srv *Server) error {
	cfg := p.cfg
	runner, closeRunner, err := open.Runner(cfg.Config)
	if err != nil && cfg.Config.Runner == "local" && !cfg.Unsafe {
		return settings.RefuseUnisolated(err)
	}
	if err != nil {
		return err
	}
	srv.closers = append(srv.closers, closeRunner)
	if p.isolated, err = p.checkIsolation(ctx, runner); err != nil {
		return err
	}
	store, err := open.Store(ctx, cfg.Config)
	if err != nil {
		return err
	}
	srv.closers = append(srv.closers, func() { _ = store.Close() })
	q, dedup, closeQueue, err := open.Queue(p.log)
	if err != nil {
		return err
	}
	srv.queue = q
	srv.closers = append(srv.closers, closeQueue)
	p.runner, p.store, p.q, p.dedup = runner, store, q, dedup
	return nil
}

// checkIsolation refuses to serve pull request code on a runner that
// cannot isolate it from this server (its secrets, its state, its
// network), unless the operator opted out by name; the opt-out is logged
// loudly at every start.
func (p *parts) checkIsolation(ctx context.Context, runner verify.Runner) (isolated bool, err error) {
	var problem error
	if checker, ok := runner.(verify.IsolationChecker); ok {
		cctx, cancel := context.WithTimeout(ctx, 15*time.Second)
		defer cancel()
		problem = checker.CheckIsolation(cctx)
	} else {
		problem = fmt.Errorf("the %s runner cannot isolate commands from this server", p.cfg.Config.Runner)
	}
	switch {
	case problem == nil:
		return true, nil
	case p.cfg.Unsafe:
		p.log.Warn("UNSAFE: ENGINEO_UNSAFE_NO_SANDBOX=1: pull request code runs WITHOUT isolation; anyone who can open a pull request can read this server's secrets and state",
			"runner", p.cfg.Config.Runner, "problem", problem.Error())
		return false, nil
	}
	return false, settings.RefuseUnisolated(problem)
}

// handlers builds the pipeline every delivery runs, recording each run in
// the run history, and the GitHub and Jira handlers around it.
func (p *parts) handlers(ctx context.Context, open Openers, srv *Server) error {
	cfg, s := p.cfg, p.cfg.Config
	runs, closeRuns, err := open.RunLog(ctx)
	if err != nil {
		return fmt.Errorf("ENV_ERROR: %w", err)
	}
	srv.closers = append(srv.closers, closeRuns)
	recorder := &history.Recorder{Log: runs, AbsPath: history.AbsDir, Redactor: p.red, Now: cfg.Now,
		Warn: func(msg string, err error) { p.log.Warn(msg, "err", err.Error()) }}
	if cfg.Jira != nil {
		recorder.IssueURL = func(key string) string { return cfg.Jira.URL + "/browse/" + url.PathEscape(key) }
	}
	opts := cfg.Pipeline
	opts.Ledger = &ledger.Ledger{Store: p.store, Limits: s.Limits, Lease: s.LedgerLease, Now: cfg.Now}
	opts.Limits, opts.Redactor, opts.Runners = s.Limits, p.red, cfg.Runners(p.runner)
	opts.Publishers = []bot.Publisher{recorder, p.metrics.Runs(s.Runner)}
	opts.CountCached, opts.Now = s.CacheCountsCycle, cfg.Now
	if blobs, ok := p.store.(verify.BlobStore); ok && s.Cache {
		opts.Cache = verify.StoreCache{Store: blobs, TTL: s.CacheTTL, InLedger: true}
	}
	pipeline := recorder.Around(bot.New(opts))
	p.gh = &githubapp.Handlers{Base: githubapp.Base{
		Clients: cfg.GitHub, Pipeline: pipeline, Ledger: p.store,
		Defaults: s, ArtifactsDir: s.ArtifactsDir, Link: runLinks(cfg.PublicURL, p.links), RunIDKey: []byte(cfg.WebhookSecret),
		Redactor: p.red, IsNotFound: cfg.IsNotFound, Logger: p.log,
	}}
	if j := cfg.Jira; j != nil {
		j.Calls.set(p.metrics.APIObserver("jira"))
		p.jira = &jiraapp.Handler{Pipeline: pipeline, ForKey: p.gh.ForKey, Jira: j.Client, Projects: j.Projects,
			TriggerStatus: j.TriggerStatus, Transitions: j.Transitions, Redactor: p.red, Logger: p.log}
		if j.WebhookSecret == "" {
			p.log.Warn("ENGINEO_JIRA_WEBHOOK_SECRET is not set: /webhooks/jira accepts unsigned deliveries; set a secret")
		}
	}
	return nil
}

// startWorkers starts the queue's workers, each delivery to its handler.
func (p *parts) startWorkers() error {
	err := p.q.Start(func(ctx context.Context, job queue.Job) error {
		wait := time.Since(job.Received)
		p.log.Info("delivery", "delivery", job.ID, "source", job.Source, "event", job.Event, "queued_for", wait.Round(time.Millisecond).String())
		defer func() { p.metrics.Delivery(wait, time.Since(job.Received)) }()
		if job.Source == "jira" && p.jira != nil {
			return p.jira.Handle(ctx, job)
		}
		return p.gh.Handle(ctx, job)
	})
	if err != nil {
		return fmt.Errorf("starting workers: %w", err)
	}
	return nil
}
