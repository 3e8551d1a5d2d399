package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"time"

	goredis "github.com/redis/go-redis/v9"
	"golang.org/x/term"

	"github.com/engineo/autoverify/bot"
	"github.com/engineo/autoverify/bot/delivery/dashboard"
	"github.com/engineo/autoverify/bot/delivery/githubapp"
	"github.com/engineo/autoverify/bot/delivery/history"
	"github.com/engineo/autoverify/bot/delivery/intake"
	"github.com/engineo/autoverify/bot/delivery/jiraapp"
	"github.com/engineo/autoverify/bot/delivery/queue"
	"github.com/engineo/autoverify/bot/delivery/server"
	"github.com/engineo/autoverify/bot/links"
	"github.com/engineo/autoverify/bot/redact"
	"github.com/engineo/autoverify/bot/settings"
	"github.com/engineo/autoverify/integrations/artifacts"
	"github.com/engineo/autoverify/integrations/asynq"
	"github.com/engineo/autoverify/integrations/attest"
	"github.com/engineo/autoverify/integrations/gaterun"
	ghclient "github.com/engineo/autoverify/integrations/github"
	"github.com/engineo/autoverify/integrations/kubernetes/workspaces"
	avprom "github.com/engineo/autoverify/integrations/prometheus"
	"github.com/engineo/autoverify/integrations/runners"
	"github.com/engineo/autoverify/integrations/workspace"
	"github.com/engineo/autoverify/ledger"
)

// serveSettings are the server-only settings (settings.Serve).
var serveSettings = settings.Serve

func (a *App) serve(ctx context.Context, args []string) (int, error) {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(a.Stderr)
	lookup := settingFlags(fs, a.Getenv, settings.Run, serveSettings, jiraSettings, settings.Dashboard)
	if _, err := parseArgs(fs, args); err != nil {
		return exitBadInput, err
	}
	srv, err := a.newServer(ctx, lookup, openers{})
	if err != nil {
		return exitBadInput, err
	}
	defer srv.Close()
	ln, err := net.Listen("tcp", srv.addr)
	if err != nil {
		return exitFailed, fmt.Errorf("listening on %s: %w", srv.addr, err)
	}
	if a.OnListen != nil {
		a.OnListen(ln.Addr().String())
	}
	a.logger().Info("autoverify serve listening", "addr", ln.Addr().String())
	errc := make(chan error, 1)
	go func() { errc <- srv.http.Serve(ln) }()
	select {
	case err := <-errc:
		return exitFailed, fmt.Errorf("serving: %w", err)
	case <-ctx.Done():
	}
	// Graceful shutdown: stop taking deliveries, then let running
	// verifications finish (a durable queue keeps what has not started).
	a.logger().Info("shutting down: draining")
	sctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 30*time.Second)
	defer cancel()
	_ = srv.http.Shutdown(sctx)
	if err := srv.queue.Shutdown(sctx); err != nil {
		a.logger().Warn("queue drain incomplete", "err", err)
	}
	return exitOK, nil
}

// serverSettings are the server's checked settings (settings.Server)
// and what checking them built: the Redis client's options, the evidence
// link signer, the Jira client and the dashboard's settings.
type serverSettings struct {
	cfg       settings.Config
	addr      string
	secret    string
	appID     int64
	key       []byte
	workers   int
	publicURL string
	apiURL    string
	redis     *goredis.Options
	links     links.Signer
	unsafe    bool
	jira      jiraConfig
	useJira   bool
	dashboard settings.DashboardConfig
	signer    bot.Attester
}

// checkServerSettings checks every server setting before anything is
// opened, in a fixed order: settings.ResolveServer, then what needs the
// server's own clients (the Redis URL as its client reads it, the Jira
// client), then the dashboard's.
func (a *App) checkServerSettings(lookup settings.Lookup) (serverSettings, error) {
	rs, err := settings.ResolveServer(lookup, settings.Files{ReadFile: os.ReadFile, Abs: filepath.Abs})
	if err != nil {
		return serverSettings{}, err
	}
	s := serverSettings{cfg: rs.Config, addr: rs.ListenAddr, secret: rs.WebhookSecret, appID: rs.AppID, key: rs.PrivateKey,
		workers: rs.Workers, publicURL: rs.PublicURL, apiURL: rs.APIURL, unsafe: rs.Unsafe,
		links: links.Signer{Key: links.DeriveKey([]byte(rs.EvidenceKey), "evidence links"), TTL: rs.EvidenceLinkTTL, Now: a.Now}}
	if s.cfg.RedisURL != "" {
		if s.redis, err = goredis.ParseURL(s.cfg.RedisURL); err != nil {
			return s, inputErrorf("ENGINEO_REDIS_URL: %v", err)
		}
	}
	if s.jira, s.useJira, err = loadJira(lookup); err != nil {
		return s, err
	}
	if s.dashboard, err = settings.ResolveDashboard(lookup); err != nil {
		return s, err
	}
	if s.signer, err = attester(lookup, ""); err != nil {
		return s, err
	}
	return s, nil
}

// openers open what the server holds; a zero field means the real one.
// Tests replace them to fail at each step and check that everything
// opened before is closed.
type openers struct {
	runner func(settings.Config) (bot.Runner, func(), error)
	store  func(context.Context, settings.Config) (ledger.Store, error)
	queue  func(s serverSettings, log *slog.Logger) (queue.Queue, intake.Deduper, func(), error)
}

// liveServer is a running `autoverify serve`: the address it is to listen
// on, its HTTP server, its queue, and everything it opened, which Close
// releases in reverse order.
type liveServer struct {
	addr    string
	http    *http.Server
	queue   queue.Queue
	closers []func()
}

// Close releases what the server opened, last first.
func (s *liveServer) Close() {
	for i := len(s.closers) - 1; i >= 0; i-- {
		s.closers[i]()
	}
	s.closers = nil
}

// serverParts are what newServer builds, in order, and what the later
// steps use.
type serverParts struct {
	s        serverSettings
	log      *slog.Logger
	app      *ghclient.App
	red      *redact.Redactor
	ws       *workspaces.Workspaces
	runner   bot.Runner
	isolated bool
	store    ledger.Store
	q        queue.Queue
	dedup    intake.Deduper
	metrics  *avprom.Metrics
	pipeline bot.PipelineRunner
	recorder *history.Recorder
	gh       *githubapp.Handlers
	jira     *jiraapp.Handler
}

// newServer checks the settings, then opens the runner, the ledger store
// and the queue and wires the handlers. On any error everything opened so
// far is closed.
func (a *App) newServer(ctx context.Context, lookup settings.Lookup, open openers) (_ *liveServer, err error) {
	s, err := a.checkServerSettings(lookup)
	if err != nil {
		return nil, err
	}
	p := &serverParts{s: s, log: a.logger()}
	// The GitHub client's observer is the metrics', made once the queue
	// (which the metrics read) is open.
	var ghObserver func(method, path string, status, remaining int)
	if err := a.serverClients(p, lookup, func(method, path string, status, remaining int) {
		if ghObserver != nil {
			ghObserver(method, path, status, remaining)
		}
	}); err != nil {
		return nil, err
	}
	srv := &liveServer{addr: s.addr}
	defer func() {
		if err != nil {
			srv.Close()
		}
	}()
	if err := a.openServerParts(ctx, p, open, srv); err != nil {
		return nil, err
	}
	p.metrics = avprom.New(p.q.Stats)
	ghObserver = p.metrics.APIObserver("github")
	if err := a.serverPipeline(ctx, p, srv); err != nil {
		return nil, err
	}
	if err := p.startWorkers(); err != nil {
		return nil, err
	}
	return srv, a.serverRoutes(ctx, p, srv)
}

// serverClients builds the GitHub App's client and the redactor, which
// knows every secret the server holds.
func (a *App) serverClients(p *serverParts, lookup settings.Lookup, observe func(method, path string, status, remaining int)) error {
	s := p.s
	app, err := ghclient.NewApp(ghclient.AppConfig{AppID: s.appID, PrivateKeyPEM: s.key, BaseURL: s.apiURL, Logger: p.log, Observer: observe})
	if err != nil {
		return inputErrorf("%v", err)
	}
	secrets := append(a.secrets(s.cfg), s.secret, string(s.key), get(lookup, "jira-api-token"), get(lookup, "jira-pat"), s.jira.secret)
	redact.Prepare()
	red, err := redact.New(redact.WithSecrets(secrets...))
	if err != nil {
		return fmt.Errorf("building the redactor: %w", err)
	}
	p.app, p.red = app, red
	return nil
}

// openServerParts opens the runner (refusing one that cannot isolate),
// the ledger's store and the queue; srv closes them.
func (a *App) openServerParts(ctx context.Context, p *serverParts, open openers, srv *liveServer) error {
	s := p.s
	if s.cfg.Runner == "kubernetes" {
		p.ws = &workspaces.Workspaces{BaseURL: orDefault(s.cfg.Kubernetes.WorkspaceURL, s.publicURL), TTL: s.cfg.CommandTimeout + 10*time.Minute, Now: a.Now}
	}
	if open.runner == nil {
		open.runner = func(cfg settings.Config) (bot.Runner, func(), error) { return runners.New(cfg, p.ws) }
	}
	if open.store == nil {
		open.store = openStore
	}
	if open.queue == nil {
		open.queue = openQueue
	}
	runner, closeRunner, err := open.runner(s.cfg)
	if err != nil && s.cfg.Runner == "local" && !s.unsafe {
		return settings.RefuseUnisolated(err)
	}
	if err != nil {
		return err
	}
	srv.closers = append(srv.closers, closeRunner)
	if p.isolated, err = a.checkIsolation(ctx, runner, s); err != nil {
		return err
	}
	store, err := open.store(ctx, s.cfg)
	if err != nil {
		return err
	}
	srv.closers = append(srv.closers, func() { _ = store.Close() })
	q, dedup, closeQueue, err := open.queue(s, p.log)
	if err != nil {
		return err
	}
	srv.queue = q
	srv.closers = append(srv.closers, closeQueue)
	p.runner, p.store, p.q, p.dedup = runner, store, q, dedup
	return nil
}

// serverPipeline builds the pipeline every delivery runs, recording each
// run in the run history, and the GitHub and Jira handlers around it.
func (a *App) serverPipeline(ctx context.Context, p *serverParts, srv *liveServer) error {
	s := p.s
	runs, closeRuns, err := openRunLog(ctx, s.cfg, s.dashboard.Retention, a.Now)
	if err != nil {
		return fmt.Errorf("ENV_ERROR: %w", err)
	}
	srv.closers = append(srv.closers, closeRuns)
	p.recorder = &history.Recorder{Log: runs, AbsPath: absDir, Redactor: p.red, Now: a.Now,
		Warn: func(msg string, err error) { p.log.Warn(msg, "err", err.Error()) }}
	if s.useJira {
		p.recorder.IssueURL = func(key string) string { return s.jira.url + "/browse/" + url.PathEscape(key) }
	}
	opts := bot.Options{
		Ledger: &ledger.Ledger{Store: p.store, Limits: s.cfg.Limits, Lease: s.cfg.LedgerLease, Now: a.Now}, Limits: s.cfg.Limits,
		Redactor: p.red, Artifacts: artifacts.Disk{}, Runners: &runners.Factory{Shared: p.runner, Workspaces: p.ws},
		Publishers: []bot.Publisher{p.recorder, p.metrics.Runs(s.cfg.Runner)}, Version: buildID(), CountCached: s.cfg.CacheCountsCycle, Now: a.Now,
		Gates:      gaterun.Engine{},
		Workspaces: workspace.Copier{},
		Attester:   s.signer,
	}
	if blobs, ok := p.store.(bot.BlobStore); ok && s.cfg.Cache {
		opts.Cache = bot.StoreCache{Store: blobs, TTL: s.cfg.CacheTTL, InLedger: true}
	}
	p.pipeline = p.recorder.Around(bot.New(opts))
	p.gh = &githubapp.Handlers{Base: githubapp.Base{
		Clients: githubapp.ClientsOf(p.app.Client, p.app.ForRepo), Pipeline: p.pipeline, Ledger: p.store,
		Defaults: s.cfg, ArtifactsDir: s.cfg.ArtifactsDir, Link: runLinks(s.publicURL, s.links), RunIDKey: []byte(s.secret),
		Redactor: p.red, IsNotFound: func(err error) bool { return errors.Is(err, ghclient.ErrNotFound) }, Logger: p.log,
	}}
	if s.useJira {
		s.jira.observe(p.metrics.APIObserver("jira"))
		p.jira = &jiraapp.Handler{Pipeline: p.pipeline, ForKey: p.gh.ForKey, Jira: s.jira.client, Projects: s.jira.projects,
			TriggerStatus: s.jira.triggerStatus, Transitions: s.jira.transitions, Redactor: p.red, Logger: p.log}
		if s.jira.secret == "" {
			p.log.Warn("ENGINEO_JIRA_WEBHOOK_SECRET is not set: /webhooks/jira accepts unsigned deliveries; set a secret")
		}
	}
	return nil
}

// startWorkers starts the queue's workers, each delivery to its handler.
func (p *serverParts) startWorkers() error {
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

// serverRoutes builds the HTTP server: the intakes, metrics, readiness,
// evidence, workspaces and the dashboard.
func (a *App) serverRoutes(ctx context.Context, p *serverParts, srv *liveServer) error {
	s := p.s
	var enqueue intake.Enqueuer = p.q
	if !s.cfg.Enabled {
		p.log.Warn("autoverify is disabled (ENGINEO_AUTOVERIFY_ENABLED=0): deliveries are acknowledged and nothing runs")
		enqueue = queue.Off{Logger: p.log}
	}
	routes := server.Config{
		GitHub:    intake.NewGitHub(intake.GitHubConfig{Secret: []byte(s.secret), Queue: enqueue, Dedup: p.dedup, Logger: p.log, Observer: p.metrics.Intake()}),
		Metrics:   p.metrics.Handler(),
		Ready:     []server.Dependency{{Name: "ledger", Ping: p.store.Ping}, {Name: "queue", Ping: p.q.Ping}},
		RunsDir:   s.cfg.ArtifactsDir,
		CheckLink: s.links.Verify,
	}
	if at, ok := s.signer.(*attest.Attester); ok {
		pub, err := attest.PublicPEM(at.Key.Public())
		if err != nil {
			return err
		}
		routes.SigningKey = pub
	}
	if p.ws != nil {
		routes.Workspaces = p.ws
	}
	if s.dashboard.Token != "" || s.dashboard.ClientID != "" {
		d, closeDash, err := a.newDashboard(ctx, s.cfg, s.dashboard, s.apiURL, s.publicURL, p.log)
		if err != nil {
			return err
		}
		srv.closers = append(srv.closers, closeDash)
		routes.Dashboard, routes.DashboardPaths = d, dashboard.Paths
	}
	// Readiness follows the runner's isolation, except where the operator
	// opted out of it by name: that server would otherwise never be ready.
	if checker, ok := p.runner.(bot.IsolationChecker); ok && p.isolated {
		routes.Ready = append(routes.Ready, server.Dependency{Name: "runner", Ping: checker.CheckIsolation})
	}
	if s.useJira {
		routes.Jira = intake.NewJira(intake.JiraConfig{Secret: []byte(s.jira.secret), Queue: enqueue, Dedup: p.dedup, Logger: p.log, Observer: p.metrics.Intake()})
	}
	srv.http = &http.Server{Handler: server.New(routes), ReadHeaderTimeout: 10 * time.Second, ReadTimeout: time.Minute, IdleTimeout: 2 * time.Minute}
	if d, ok := routes.Dashboard.(*dashboard.Dashboard); ok {
		srv.http.RegisterOnShutdown(d.Close) // live feeds end, so draining does not wait for them
	}
	return nil
}

// checkIsolation refuses to serve pull request code on a runner that
// cannot isolate it from this server (its secrets, its state, its
// network), unless the operator opted out by name; the opt-out is logged
// loudly at every start.
func (a *App) checkIsolation(ctx context.Context, runner bot.Runner, s serverSettings) (isolated bool, err error) {
	var problem error
	if checker, ok := runner.(bot.IsolationChecker); ok {
		cctx, cancel := context.WithTimeout(ctx, 15*time.Second)
		defer cancel()
		problem = checker.CheckIsolation(cctx)
	} else {
		problem = fmt.Errorf("the %s runner cannot isolate commands from this server", s.cfg.Runner)
	}
	switch {
	case problem == nil:
		return true, nil
	case s.unsafe:
		a.logger().Warn("UNSAFE: ENGINEO_UNSAFE_NO_SANDBOX=1: pull request code runs WITHOUT isolation; anyone who can open a pull request can read this server's secrets and state",
			"runner", s.cfg.Runner, "problem", problem.Error())
		return false, nil
	}
	return false, settings.RefuseUnisolated(problem)
}

// openQueue opens the durable Redis queue and deduper when Redis is
// configured, else the in-process ones.
func openQueue(s serverSettings, log *slog.Logger) (queue.Queue, intake.Deduper, func(), error) {
	if s.redis == nil {
		q := queue.NewMemory(s.workers)
		return q, intake.NewMemoryDeduper(24*time.Hour, 100000), func() { shutdown(q) }, nil
	}
	rc := goredis.NewClient(s.redis)
	// Retry a failed delivery soon (1 s, doubling, at most 5 min): most
	// failures are a GitHub hiccup, and a person is waiting.
	// A worker with nothing to do asks Redis for a job every 50 ms (asynq
	// has no wake-up): about 20 cheap calls a second per idle replica, for
	// 25 ms of queue wait on average instead of the default 1 s poll's 500.
	q, err := asynq.NewFromClient(rc, asynq.WithConcurrency(s.workers), asynq.WithLogger(log), asynq.WithPollInterval(50*time.Millisecond),
		asynq.WithQueue(strings.TrimSuffix(s.cfg.RedisPrefix, ":")),
		asynq.WithRetryDelay(func(n int, _ error) time.Duration { return min(time.Second<<min(n, 9), 5*time.Minute) }))
	if err != nil {
		_ = rc.Close()
		return nil, nil, nil, fmt.Errorf("ENV_ERROR: %w", err)
	}
	closeAll := func() {
		shutdown(q)
		_ = rc.Close()
	}
	return q, intake.NewRedisDeduper(rc, s.cfg.RedisPrefix+"delivery:", 24*time.Hour), closeAll, nil
}

// shutdown stops a queue's workers if the server's drain has not already.
func shutdown(q queue.Queue) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	_ = q.Shutdown(ctx)
}

// runLinks makes signed evidence links under the server's public URL; nil
// without one.
func runLinks(publicURL string, signer links.Signer) func(runID, file string) string {
	if publicURL == "" {
		return nil
	}
	return func(runID, file string) string {
		if file == "" {
			return ""
		}
		return signer.URL(publicURL, runID, file)
	}
}

func orDefault(v, d string) string {
	if v == "" {
		return d
	}
	return v
}

// logger is JSON lines by default and text on a terminal, at
// ENGINEO_LOG_LEVEL (debug, info, warn, error; default info). Secrets never
// reach it: handlers log IDs, names and counts, not payloads.
func (a *App) logger() *slog.Logger {
	if a.Logger != nil {
		return a.Logger
	}
	var level slog.Level
	if err := level.UnmarshalText([]byte(orDefault(a.Getenv("ENGINEO_LOG_LEVEL"), "info"))); err != nil {
		level = slog.LevelInfo
	}
	opts := &slog.HandlerOptions{Level: level}
	if f, ok := a.Stderr.(*os.File); ok && term.IsTerminal(int(f.Fd())) && a.Getenv("ENGINEO_LOG_FORMAT") != "json" {
		a.Logger = slog.New(slog.NewTextHandler(a.Stderr, opts))
	} else {
		a.Logger = slog.New(slog.NewJSONHandler(a.Stderr, opts))
	}
	return a.Logger
}
