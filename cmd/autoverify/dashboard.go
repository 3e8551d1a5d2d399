package main

import (
	"context"
	"flag"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"time"

	"github.com/engineo/autoverify/bot/delivery/dashboard"
	"github.com/engineo/autoverify/bot/links"
	"github.com/engineo/autoverify/bot/settings"
	ghclient "github.com/engineo/autoverify/integrations/github"
)

// dashboardSettings are the settings `autoverify dashboard` reads besides
// the dashboard's own: where the history is (state directory, Redis) and
// GitHub's API for GitHub sign-in.
var dashboardSettings = []settings.Setting{
	settingNamed(settings.Run, "state-dir"), settingNamed(settings.Run, "redis-url"), settingNamed(settings.Run, "redis-prefix"),
	settingNamed(serveSettings, "github-api-url"),
}

// dashboard is `autoverify dashboard [--addr HOST:PORT]`: the run history
// of this machine (runs.db in the state directory, or Redis), in a
// browser.
func (a *App) dashboard(ctx context.Context, args []string) (int, error) {
	fs := flag.NewFlagSet("dashboard", flag.ContinueOnError)
	fs.SetOutput(a.Stderr)
	addr := fs.String("addr", "", "address to listen on, HOST:PORT (default 127.0.0.1:8090) [ENGINEO_DASHBOARD_ADDR]")
	lookup := settingFlags(fs, a.Getenv, dashboardSettings, settings.Dashboard)
	pos, err := parseArgs(fs, args)
	if err != nil {
		return exitBadInput, err
	}
	if len(pos) != 0 {
		return exitBadInput, inputErrorf("dashboard takes no arguments: autoverify dashboard [--addr HOST:PORT]")
	}
	cfg, err := loadConfig(lookup, "")
	if err != nil {
		return exitBadInput, err
	}
	dcfg, err := settings.ResolveDashboard(lookup)
	if err != nil {
		return exitBadInput, err
	}
	if *addr != "" {
		dcfg.Addr = *addr
	}
	log := a.logger()
	d, closeDash, err := a.newDashboard(ctx, cfg, dcfg, get(lookup, "github-api-url"), "", log)
	if err != nil {
		return exitBadInput, err
	}
	defer closeDash()
	ln, err := net.Listen("tcp", dcfg.Addr)
	if err != nil {
		return exitFailed, fmt.Errorf("listening on %s: %w; pick another with --addr or ENGINEO_DASHBOARD_ADDR", dcfg.Addr, err)
	}
	if a.OnListen != nil {
		a.OnListen(ln.Addr().String())
	}
	log.Info("autoverify dashboard listening", "addr", "http://"+ln.Addr().String()+"/")
	srv := &http.Server{Handler: d, ReadHeaderTimeout: 10 * time.Second, IdleTimeout: 2 * time.Minute}
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return exitFailed, fmt.Errorf("serving: %w", err)
	case <-ctx.Done():
	}
	closeDash() // ends the live feeds, so Shutdown does not wait for them
	sctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
	defer cancel()
	_ = srv.Shutdown(sctx)
	return exitOK, nil
}

// newDashboard opens the run history and builds the dashboard; the
// returned func closes both. Without a token or a GitHub client nobody
// could sign in, so it refuses.
func (a *App) newDashboard(ctx context.Context, cfg settings.Config, dcfg settings.DashboardConfig, apiURL, publicURL string, log *slog.Logger) (*dashboard.Dashboard, func(), error) {
	if dcfg.Token == "" && dcfg.ClientID == "" {
		return nil, nil, inputErrorf("the dashboard is for signed-in users: set ENGINEO_DASHBOARD_TOKEN (at least 16 characters, e.g. `openssl rand -hex 24`) or the GitHub App's ENGINEO_GITHUB_CLIENT_ID and ENGINEO_GITHUB_CLIENT_SECRET")
	}
	runs, closeRuns, err := openRunLog(ctx, cfg, dcfg.Retention, a.Now)
	if err != nil {
		return nil, nil, fmt.Errorf("ENV_ERROR: %w", err)
	}
	dc := dashboard.Config{History: runs, Token: dcfg.Token, Admins: dcfg.Admins, PublicURL: publicURL, Logger: log, Now: a.Now}
	if dcfg.ClientID != "" {
		o, err := ghclient.NewOAuth(ghclient.OAuthConfig{ClientID: dcfg.ClientID, ClientSecret: dcfg.ClientSecret, WebURL: dcfg.GitHubURL, APIURL: apiURL})
		if err != nil {
			closeRuns()
			return nil, nil, inputErrorf("%v", err)
		}
		dc.GitHub = o
	}
	// Sessions survive a restart and work across replicas when the key
	// derives from the secrets every replica shares.
	dc.Key = links.DeriveKey([]byte(dcfg.Token+"\x00"+dcfg.ClientSecret), "dashboard sessions")
	d, err := dashboard.New(dc)
	if err != nil {
		closeRuns()
		return nil, nil, err
	}
	var once bool
	return d, func() {
		if !once {
			once = true
			d.Close()
			closeRuns()
		}
	}, nil
}
