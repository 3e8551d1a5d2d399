package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	goredis "github.com/redis/go-redis/v9"
	"golang.org/x/term"

	"github.com/engineo/autoverify/bot"
	"github.com/engineo/autoverify/bot/delivery/githubapp"
	"github.com/engineo/autoverify/bot/delivery/intake"
	"github.com/engineo/autoverify/bot/delivery/jiraapp"
	"github.com/engineo/autoverify/bot/delivery/queue"
	"github.com/engineo/autoverify/bot/redact"
	"github.com/engineo/autoverify/bot/repoconfig"
	"github.com/engineo/autoverify/integrations/asynq"
	ghclient "github.com/engineo/autoverify/integrations/github"
	avprom "github.com/engineo/autoverify/integrations/prometheus"
	"github.com/engineo/autoverify/ledger"
)

// serveSettings are the server-only settings.
var serveSettings = []setting{
	{"listen-addr", "ENGINEO_LISTEN_ADDR", "address to listen on (default :8080)"},
	{"github-app-id", "ENGINEO_GITHUB_APP_ID", "the GitHub App's ID"},
	{"github-private-key", "ENGINEO_GITHUB_PRIVATE_KEY", "the GitHub App's private key (PEM text)"},
	{"github-private-key-path", "ENGINEO_GITHUB_PRIVATE_KEY_PATH", "file holding the GitHub App's private key"},
	{"github-webhook-secret", "ENGINEO_GITHUB_WEBHOOK_SECRET", "the GitHub App's webhook secret"},
	{"github-api-url", "ENGINEO_GITHUB_API_URL", "GitHub REST API root (default https://api.github.com/)"},
	{"public-url", "ENGINEO_PUBLIC_URL", "where this server is reachable, for evidence links (optional)"},
	{"workers", "ENGINEO_WORKERS", "verification jobs run at once (default 2)"},
}

// server is a running `autoverify serve`.
type server struct {
	http   *http.Server
	queue  queue.Queue
	store  ledger.Store
	closer []func()
}

func (a *App) serve(ctx context.Context, args []string) (int, error) {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(a.Stderr)
	flags := registerConfigFlags(fs)
	svals := registerSettings(fs, a.Getenv, serveSettings, jiraSettings)
	if _, err := parseArgs(fs, args); err != nil {
		return exitBadInput, err
	}
	get := svals.get
	cfg, err := loadConfig(flags, a.Getenv, "")
	if err != nil {
		return exitBadInput, err
	}
	srv, err := a.newServer(ctx, cfg, get)
	if err != nil {
		return exitBadInput, err
	}
	defer srv.close()
	ln, err := net.Listen("tcp", orDefault(get("listen-addr"), ":8080"))
	if err != nil {
		return exitFailed, fmt.Errorf("listening on %s: %w", orDefault(get("listen-addr"), ":8080"), err)
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

// newServer checks the server's settings and wires its parts. A missing
// secret or credential refuses to start with the variable to set.
func (a *App) newServer(ctx context.Context, cfg Config, get func(string) string) (*server, error) {
	secret := get("github-webhook-secret")
	if secret == "" {
		return nil, inputErrorf("ENGINEO_GITHUB_WEBHOOK_SECRET is not set: set it to the webhook secret of your GitHub App (Settings → Webhook secret); autoverify refuses unsigned deliveries")
	}
	appID, err := strconv.ParseInt(get("github-app-id"), 10, 64)
	if err != nil || appID <= 0 {
		return nil, inputErrorf("ENGINEO_GITHUB_APP_ID=%q: set it to your GitHub App's numeric App ID", get("github-app-id"))
	}
	key := []byte(get("github-private-key"))
	if len(key) == 0 {
		path := get("github-private-key-path")
		if path == "" {
			return nil, inputErrorf("no GitHub App private key: set ENGINEO_GITHUB_PRIVATE_KEY (PEM text) or ENGINEO_GITHUB_PRIVATE_KEY_PATH (a file)")
		}
		if key, err = os.ReadFile(path); err != nil {
			return nil, inputErrorf("ENGINEO_GITHUB_PRIVATE_KEY_PATH=%s: %v", path, err)
		}
	}
	workers := 2
	if v := get("workers"); v != "" {
		if workers, err = strconv.Atoi(v); err != nil || workers < 1 {
			return nil, inputErrorf("ENGINEO_WORKERS=%q: want a whole number of at least 1", v)
		}
	}
	log := a.logger()
	var ghObserver func(method, path string, status, remaining int)
	app, err := ghclient.NewApp(ghclient.AppConfig{AppID: appID, PrivateKeyPEM: key, BaseURL: get("github-api-url"), Logger: log,
		Observer: func(method, path string, status, remaining int) {
			if ghObserver != nil {
				ghObserver(method, path, status, remaining)
			}
		}})
	if err != nil {
		return nil, inputErrorf("%v", err)
	}
	jcfg, useJira, err := loadJira(get)
	if err != nil {
		return nil, err
	}
	secrets := append(cfg.Secrets, secret, string(key), get("jira-api-token"), get("jira-pat"), jcfg.secret)
	red, err := redact.New(redact.WithSecrets(secrets...))
	if err != nil {
		return nil, fmt.Errorf("building the redactor: %w", err)
	}
	runner, closeRunner, err := newRunner(cfg)
	if err != nil {
		return nil, err
	}
	store, err := openStore(ctx, cfg)
	if err != nil {
		return nil, err
	}
	srv := &server{store: store}
	srv.closer = append(srv.closer, closeRunner, func() { store.Close() })
	var dedup intake.Deduper
	if cfg.RedisURL != "" {
		// Retry a failed delivery soon (1 s, doubling, at most 5 min):
		// most failures are a GitHub hiccup, and a person is waiting.
		q, err := asynq.New(cfg.RedisURL, asynq.WithConcurrency(workers), asynq.WithLogger(log),
			asynq.WithQueue(strings.TrimSuffix(cfg.RedisPrefix, ":")),
			asynq.WithRetryDelay(func(n int, _ error) time.Duration { return min(time.Second<<min(n, 9), 5*time.Minute) }))
		if err != nil {
			srv.close()
			return nil, fmt.Errorf("ENV_ERROR: %w", err)
		}
		srv.queue = q
		opt, err := goredis.ParseURL(cfg.RedisURL)
		if err != nil {
			srv.close()
			return nil, inputErrorf("ENGINEO_REDIS_URL: %v", err)
		}
		rc := goredis.NewClient(opt)
		srv.closer = append(srv.closer, func() { rc.Close() })
		dedup = intake.NewRedisDeduper(rc, cfg.RedisPrefix+"delivery:", 24*time.Hour)
	} else {
		srv.queue = queue.NewMemory(workers)
		dedup = intake.NewMemoryDeduper(24*time.Hour, 100000)
	}
	metrics := avprom.New(srv.queue.Stats)
	handlers := &githubapp.Handlers{Base: githubapp.Base{
		OnRun: func(rep bot.Report) { metrics.ObserveRun(cfg.Runner, "", rep) },
		// A repository's environments come from its base branch; the
		// devcontainer image would come from the head, which a pull
		// request controls, so it is refused here.
		Environments: func(specs map[string]repoconfig.Environment) ([]bot.Environment, func(), error) {
			for name, spec := range specs {
				if spec.Devcontainer {
					return nil, nil, fmt.Errorf("%s: devcontainer: true is for autoverify run; on the server name the image", name)
				}
			}
			c := cfg
			c.Environments = specs
			return environments(c, "")
		},
		Clients:    appClients{app: app},
		Runner:     runner,
		Redactor:   red,
		Ledger:     &ledger.Ledger{Store: store, Limits: cfg.Limits, Now: a.Now},
		IsNotFound: func(err error) bool { return errors.Is(err, ghclient.ErrNotFound) },
		Logger:     log,
		Now:        a.Now,
		Settings: githubapp.Settings{
			Allowlist: cfg.Allowlist, CommandTimeout: cfg.CommandTimeout, Concurrency: cfg.Concurrency,
			Limits: cfg.Limits, ArtifactsDir: cfg.ArtifactsDir, PublicURL: get("public-url"), RunIDKey: []byte(secret),
		},
	}}
	ghObserver = metrics.APIObserver("github")
	if useJira {
		jcfg.observe(metrics.APIObserver("jira"))
	}
	handle := func(ctx context.Context, job queue.Job) error {
		log.Info("delivery", "delivery", job.ID, "source", job.Source, "event", job.Event,
			"queued_for", time.Since(job.Received).Round(time.Millisecond).String())
		return handlers.Handle(ctx, job)
	}
	if useJira {
		jh := &jiraapp.Handler{GitHub: &handlers.Base, Jira: jiraAdapter{jcfg.client}, Projects: jcfg.projects,
			TriggerStatus: jcfg.triggerStatus, Transitions: jcfg.transitions, ParseEvent: parseJiraEvent, Logger: log}
		githubHandle := handle
		handle = func(ctx context.Context, job queue.Job) error {
			if job.Source == "jira" {
				log.Info("delivery", "delivery", job.ID, "source", job.Source, "event", job.Event)
				return jh.Handle(ctx, job)
			}
			return githubHandle(ctx, job)
		}
		if jcfg.secret == "" {
			log.Warn("ENGINEO_JIRA_WEBHOOK_SECRET is not set: /webhooks/jira accepts unsigned deliveries; set a secret")
		}
	}
	if err := srv.queue.Start(handle); err != nil {
		srv.close()
		return nil, fmt.Errorf("starting workers: %w", err)
	}
	mux := http.NewServeMux()
	mux.Handle("POST /webhooks/github", intake.NewGitHub(intake.GitHubConfig{
		Secret: []byte(secret), Queue: srv.queue, Dedup: dedup, Logger: log, Observer: metrics.Intake(),
	}))
	mux.Handle("GET /metrics", metrics.Handler())
	if useJira {
		mux.Handle("POST /webhooks/jira", intake.NewJira(intake.JiraConfig{
			Secret: []byte(jcfg.secret), Queue: srv.queue, Dedup: dedup, Logger: log, Observer: metrics.Intake(),
		}))
	}
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, _ *http.Request) { fmt.Fprintln(w, "ok") })
	mux.HandleFunc("GET /readyz", func(w http.ResponseWriter, r *http.Request) {
		ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
		defer cancel()
		if err := store.Ping(ctx); err != nil {
			http.Error(w, "ledger unreachable: "+err.Error(), http.StatusServiceUnavailable)
			return
		}
		if err := srv.queue.Ping(ctx); err != nil {
			http.Error(w, "queue unreachable: "+err.Error(), http.StatusServiceUnavailable)
			return
		}
		fmt.Fprintln(w, "ready")
	})
	// Evidence of a run, under its unguessable ID. No directory listing of
	// runs/ itself: only someone with a link finds a run.
	runs := http.StripPrefix("/runs/", http.FileServer(http.Dir(filepath.Join(cfg.ArtifactsDir, "runs"))))
	mux.HandleFunc("GET /runs/{id}/{file...}", func(w http.ResponseWriter, r *http.Request) {
		if !runIDRe(r.PathValue("id")) {
			http.NotFound(w, r)
			return
		}
		runs.ServeHTTP(w, r)
	})
	srv.http = &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second, ReadTimeout: time.Minute, IdleTimeout: 2 * time.Minute}
	return srv, nil
}

func runIDRe(id string) bool {
	if len(id) != 32 {
		return false
	}
	return strings.Trim(id, "0123456789abcdef") == ""
}

func (s *server) close() {
	for i := len(s.closer) - 1; i >= 0; i-- {
		s.closer[i]()
	}
}

// appClients adapts the GitHub App to the handlers' Clients interface.
type appClients struct{ app *ghclient.App }

func (c appClients) Client(installationID int64) (githubapp.GitHub, error) {
	cl, err := c.app.Client(installationID)
	if err != nil {
		return nil, err
	}
	return tarballLimits{Client: cl}, nil
}

func (c appClients) ForRepo(ctx context.Context, owner, repo string) (githubapp.GitHub, error) {
	cl, err := c.app.ForRepo(ctx, owner, repo)
	if err != nil {
		return nil, err
	}
	return tarballLimits{Client: cl}, nil
}

// tarballLimits fixes the extraction limits of workspace downloads.
type tarballLimits struct{ *ghclient.Client }

func (t tarballLimits) DownloadTarball(ctx context.Context, owner, repo, ref, dest string) error {
	return t.Client.DownloadTarball(ctx, owner, repo, ref, dest, ghclient.ExtractLimits{})
}
