package main

import (
	"context"
	"fmt"
	"net"

	"github.com/engineo/autoverify/bot/delivery/cli"
	"github.com/engineo/autoverify/bot/settings"
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
	lookup := cli.SettingFlags(fs, a.Getenv, dashboardSettings, settings.Dashboard)
	_, err := cli.ParseN(fs, args, 0, "dashboard takes no arguments: autoverify dashboard [--addr HOST:PORT]")
	if err != nil {
		return exitBadInput, err
	}
	cfg, err := cli.LoadConfig(lookup, "")
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
	d, closeDash, err := a.env().Dashboard(ctx, cfg, dcfg, lookup.Value("github-api-url"), "")
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
	return failedOn(d.Serve(ctx, ln))
}
