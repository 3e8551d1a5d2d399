package assemble

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
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

// ServerSettings are the server's checked settings (settings.Server)
// and what checking them built: the Redis client's options, the Jira
// client, the dashboard's settings and the verdicts' signer.
type ServerSettings struct {
	settings.Server
	redis     *goredis.Options
	jira      *serve.Jira
	dashboard settings.DashboardConfig
	signer    bot.Attester
}

// CheckServer checks every server setting before anything is opened, in
// a fixed order: settings.ResolveServer, then what needs the server's own
// clients (the Redis URL as its client reads it, the Jira client), then
// the dashboard's. A setting that does not check out is bad input
// (cli.IsInputError).
func (e Env) CheckServer(lookup settings.Lookup) (ServerSettings, error) {
	rs, err := settings.ResolveServer(lookup, settings.Files{ReadFile: os.ReadFile, Abs: filepath.Abs})
	if err != nil {
		return ServerSettings{}, err
	}
	s := ServerSettings{Server: rs}
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
	if s.signer, err = e.Attester(lookup, ""); err != nil {
		return s, err
	}
	return s, nil
}

// Server checks the settings (CheckServer), makes the GitHub App's
// client and opens the server (serve.Open) with the real adapters. An
// error other than bad input is the failure to open one of them.
func (e Env) Server(ctx context.Context, lookup settings.Lookup) (*serve.Server, error) {
	s, err := e.CheckServer(lookup)
	if err != nil {
		return nil, err
	}
	secrets := append(e.Secrets(s.Config), s.WebhookSecret, string(s.PrivateKey), lookup.Value("jira-api-token"), lookup.Value("jira-pat"))
	if s.jira != nil {
		secrets = append(secrets, s.jira.WebhookSecret)
	}
	cfg := serve.Config{Server: s.Server, Secrets: secrets,
		IsNotFound:  func(err error) bool { return errors.Is(err, ghclient.ErrNotFound) },
		GitHubCalls: &serve.Observer{}, Jira: s.jira, Logger: e.Logger, Now: e.Now,
		Pipeline: bot.Options{Artifacts: artifacts.Disk{}, Version: e.Version, Gates: gaterun.Engine{}, Workspaces: workspace.Copier{}, Trees: workspace.Trees{}, Attester: s.signer},
	}
	app, err := ghclient.NewApp(ghclient.AppConfig{AppID: s.AppID, PrivateKeyPEM: s.PrivateKey, BaseURL: s.APIURL, Logger: e.Logger, Observer: cfg.GitHubCalls.Observe})
	if err != nil {
		return nil, cli.InputErrorf("%v", err)
	}
	cfg.GitHub = githubapp.ClientsOf(app.Client, app.ForRepo)
	if at, ok := s.signer.(*attest.Attester); ok {
		if cfg.SigningKey, err = attest.PublicPEM(at.Key.Public()); err != nil {
			return nil, err
		}
	}
	ws := runners.ServerWorkspaces(s.Config, s.PublicURL, e.Now)
	if ws != nil { // not a typed nil in the interface
		cfg.Workspaces = ws
	}
	cfg.Runners = func(shared verify.Runner) bot.Runners { return &runners.Factory{Shared: shared, Workspaces: ws} }
	return serve.Open(ctx, cfg, e.serverOpeners(s, ws))
}

var _ serve.Metrics = (*avprom.Metrics)(nil)

// serverOpeners open the server's runner, ledger store, queue, metrics,
// run history and, when one is configured, dashboard.
func (e Env) serverOpeners(s ServerSettings, ws *workspaces.Workspaces) serve.Openers {
	runs := shared(func(ctx context.Context) (stores.RunLog, func(), error) {
		return stores.OpenRunLog(ctx, s.Config, s.dashboard.Retention, e.Now)
	})
	open := serve.Openers{
		Runner: func(cfg settings.Config) (verify.Runner, func(), error) { return runners.New(cfg, ws) },
		Store:  stores.OpenLedger,
		Queue:  func(log *slog.Logger) (queue.Queue, intake.Deduper, func(), error) { return openQueue(s, log) },
		Metrics: func(stats func(context.Context) (queue.Stats, error)) serve.Metrics {
			return avprom.New(stats)
		},
		RunLog: func(ctx context.Context) (history.RunLog, func(), error) { return runs(ctx) },
	}
	if s.dashboard.SignIn() {
		open.Dashboard = func(ctx context.Context) (*dashboard.Dashboard, func(), error) {
			return e.dashboard(ctx, s.dashboard, s.APIURL, s.PublicURL, func(ctx context.Context) (dashboard.History, func(), error) { return runs(ctx) })
		}
	}
	return open
}

// openQueue opens the durable Redis queue and deduper when Redis is
// configured, else the in-process ones.
func openQueue(s ServerSettings, log *slog.Logger) (queue.Queue, intake.Deduper, func(), error) {
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
