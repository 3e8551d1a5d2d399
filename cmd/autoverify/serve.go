package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"os"
	"path/filepath"
	"time"

	goredis "github.com/redis/go-redis/v9"

	"github.com/engineo/autoverify/bot"
	"github.com/engineo/autoverify/bot/delivery/cli"
	"github.com/engineo/autoverify/bot/delivery/dashboard"
	"github.com/engineo/autoverify/bot/delivery/githubapp"
	"github.com/engineo/autoverify/bot/delivery/history"
	"github.com/engineo/autoverify/bot/delivery/intake"
	"github.com/engineo/autoverify/bot/delivery/queue"
	"github.com/engineo/autoverify/bot/delivery/serve"
	"github.com/engineo/autoverify/bot/settings"
	"github.com/engineo/autoverify/bot/verify"
	"github.com/engineo/autoverify/integrations/artifacts"
	"github.com/engineo/autoverify/integrations/asynq"
	"github.com/engineo/autoverify/integrations/attest"
	"github.com/engineo/autoverify/integrations/gaterun"
	ghclient "github.com/engineo/autoverify/integrations/github"
	"github.com/engineo/autoverify/integrations/kubernetes/workspaces"
	avprom "github.com/engineo/autoverify/integrations/prometheus"
	"github.com/engineo/autoverify/integrations/runners"
	"github.com/engineo/autoverify/integrations/stores"
	"github.com/engineo/autoverify/integrations/workspace"
)

// serve is `autoverify serve`: the server (serve.Open) on the adapters
// built here, answering until ctx ends, then draining.
func (a *App) serve(ctx context.Context, args []string) (int, error) {
	fs := a.flagSet("serve")
	lookup := cli.SettingFlags(fs, a.Getenv, settings.Run, settings.Serve, settings.Jira, settings.Dashboard)
	if _, err := cli.ParseN(fs, args, 0, "serve takes no arguments: its settings are ENGINEO_ variables and flags (see README.md)"); err != nil {
		return exitBadInput, err
	}
	srv, err := a.newServer(ctx, lookup)
	if err != nil {
		return exitBadInput, err
	}
	defer srv.Close()
	ln, err := net.Listen("tcp", srv.Addr)
	if err != nil {
		return exitFailed, fmt.Errorf("listening on %s: %w", srv.Addr, err)
	}
	if a.OnListen != nil {
		a.OnListen(ln.Addr().String())
	}
	a.logger().Info("autoverify serve listening", "addr", ln.Addr().String())
	return failedOn(srv.Serve(ctx, ln))
}

// serverSettings are the server's checked settings (settings.Server)
// and what checking them built: the Redis client's options, the Jira
// client, the dashboard's settings and the verdicts' signer.
type serverSettings struct {
	settings.Server
	redis     *goredis.Options
	jira      *serve.Jira
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
	s := serverSettings{Server: rs}
	if s.Config.RedisURL != "" {
		if s.redis, err = goredis.ParseURL(s.Config.RedisURL); err != nil {
			return s, cli.InputErrorf("ENGINEO_REDIS_URL: %v", err)
		}
	}
	if s.jira, err = loadJira(lookup); err != nil {
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

// newServer checks the settings, makes the GitHub App's client and opens
// the server (serve.Open) with the real adapters.
func (a *App) newServer(ctx context.Context, lookup settings.Lookup) (*serve.Server, error) {
	s, err := a.checkServerSettings(lookup)
	if err != nil {
		return nil, err
	}
	log := a.logger()
	secrets := append(a.secrets(s.Config), s.WebhookSecret, string(s.PrivateKey), get(lookup, "jira-api-token"), get(lookup, "jira-pat"))
	if s.jira != nil {
		secrets = append(secrets, s.jira.WebhookSecret)
	}
	cfg := serve.Config{Server: s.Server, Secrets: secrets,
		IsNotFound:  func(err error) bool { return errors.Is(err, ghclient.ErrNotFound) },
		GitHubCalls: &serve.Observer{}, Jira: s.jira, Logger: log, Now: a.Now,
		Pipeline: bot.Options{Artifacts: artifacts.Disk{}, Version: buildID(), Gates: gaterun.Engine{}, Workspaces: workspace.Copier{}, Attester: s.signer},
	}
	app, err := ghclient.NewApp(ghclient.AppConfig{AppID: s.AppID, PrivateKeyPEM: s.PrivateKey, BaseURL: s.APIURL, Logger: log, Observer: cfg.GitHubCalls.Observe})
	if err != nil {
		return nil, cli.InputErrorf("%v", err)
	}
	cfg.GitHub = githubapp.ClientsOf(app.Client, app.ForRepo)
	if at, ok := s.signer.(*attest.Attester); ok {
		if cfg.SigningKey, err = attest.PublicPEM(at.Key.Public()); err != nil {
			return nil, err
		}
	}
	ws := runners.ServerWorkspaces(s.Config, s.PublicURL, a.Now)
	if ws != nil { // not a typed nil in the interface
		cfg.Workspaces = ws
	}
	cfg.Runners = func(shared verify.Runner) bot.Runners { return &runners.Factory{Shared: shared, Workspaces: ws} }
	return serve.Open(ctx, cfg, a.serverOpeners(s, ws))
}

var _ serve.Metrics = (*avprom.Metrics)(nil)

// serverOpeners open the server's runner, ledger store, queue, metrics,
// run history and, when one is configured, dashboard.
func (a *App) serverOpeners(s serverSettings, ws *workspaces.Workspaces) serve.Openers {
	open := serve.Openers{
		Runner: func(cfg settings.Config) (verify.Runner, func(), error) { return runners.New(cfg, ws) },
		Store:  stores.OpenLedger,
		Queue:  func(log *slog.Logger) (queue.Queue, intake.Deduper, func(), error) { return openQueue(s, log) },
		Metrics: func(stats func(context.Context) (queue.Stats, error)) serve.Metrics {
			return avprom.New(stats)
		},
		RunLog: func(ctx context.Context) (history.RunLog, func(), error) {
			return stores.OpenRunLog(ctx, s.Config, s.dashboard.Retention, a.Now)
		},
	}
	if s.dashboard.SignIn() {
		open.Dashboard = func(ctx context.Context) (*dashboard.Dashboard, func(), error) {
			return a.newDashboard(ctx, s.Config, s.dashboard, s.APIURL, s.PublicURL, a.logger())
		}
	}
	return open
}

// openQueue opens the durable Redis queue and deduper when Redis is
// configured, else the in-process ones.
func openQueue(s serverSettings, log *slog.Logger) (queue.Queue, intake.Deduper, func(), error) {
	if s.redis == nil {
		q := queue.NewMemory(s.Workers)
		return q, intake.NewMemoryDeduper(24*time.Hour, 100000), func() { shutdown(q) }, nil
	}
	q, rc, closeAll, err := asynq.OpenServer(s.redis, s.Config.RedisPrefix, s.Workers, log)
	if err != nil {
		return nil, nil, nil, fmt.Errorf("ENV_ERROR: %w", err)
	}
	return q, intake.NewRedisDeduper(rc, s.Config.RedisPrefix+"delivery:", 24*time.Hour), closeAll, nil
}

// shutdown stops a queue's workers if the server's drain has not already.
func shutdown(q queue.Queue) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	_ = q.Shutdown(ctx)
}
