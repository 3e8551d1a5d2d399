package main

import (
	"context"
	"fmt"
	"log/slog"
	"net"
	"sync"

	"github.com/engineo/autoverify/bot/delivery/dashboard"
	"github.com/engineo/autoverify/bot/settings"
	ghclient "github.com/engineo/autoverify/integrations/github"
)

// dashboardSettings are the settings `autoverify dashboard` reads besides
// the dashboard's own: where the history is (state directory, Redis) and
// GitHub's API for GitHub sign-in.
var dashboardSettings = append(settings.Named(settings.Run, "state-dir", "redis-url", "redis-prefix"),
	settings.Named(settings.Serve, "github-api-url")...)

// dashboard is `autoverify dashboard [--addr HOST:PORT]`: the run history
// of this machine (runs.db in the state directory, or Redis), in a
// browser.
func (a *App) dashboard(ctx context.Context, args []string) (int, error) {
	fs := a.flagSet("dashboard")
	addr := fs.String("addr", "", "address to listen on, HOST:PORT (default 127.0.0.1:8090) [ENGINEO_DASHBOARD_ADDR]")
	lookup := settingFlags(fs, a.Getenv, dashboardSettings, settings.Dashboard)
	_, err := parseN(fs, args, 0, "dashboard takes no arguments: autoverify dashboard [--addr HOST:PORT]")
	if err != nil {
		return exitBadInput, err
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
	if err := d.Serve(ctx, ln); err != nil {
		return exitFailed, err
	}
	return exitOK, nil
}

// newDashboard opens the run history and builds the dashboard; the
// returned func closes both. It refuses a dashboard nobody could sign in
// to.
func (a *App) newDashboard(ctx context.Context, cfg settings.Config, dcfg settings.DashboardConfig, apiURL, publicURL string, log *slog.Logger) (*dashboard.Dashboard, func(), error) {
	if err := dcfg.RequireSignIn(); err != nil {
		return nil, nil, err
	}
	runs, closeRuns, err := openRunLog(ctx, cfg, dcfg.Retention, a.Now)
	if err != nil {
		return nil, nil, fmt.Errorf("ENV_ERROR: %w", err)
	}
	dc := dashboard.Config{History: runs, Token: dcfg.Token, Admins: dcfg.Admins, PublicURL: publicURL, Key: dcfg.SessionKey(), Logger: log, Now: a.Now}
	if dcfg.ClientID != "" {
		o, err := ghclient.NewOAuth(ghclient.OAuthConfig{ClientID: dcfg.ClientID, ClientSecret: dcfg.ClientSecret, WebURL: dcfg.GitHubURL, APIURL: apiURL})
		if err != nil {
			closeRuns()
			return nil, nil, inputErrorf("%v", err)
		}
		dc.GitHub = o
	}
	d, err := dashboard.New(dc)
	if err != nil {
		closeRuns()
		return nil, nil, err
	}
	return d, sync.OnceFunc(func() { d.Close(); closeRuns() }), nil
}
