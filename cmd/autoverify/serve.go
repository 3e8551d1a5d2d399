package main

import (
	"context"
	"fmt"
	"net"

	"github.com/engineo/autoverify/bot/delivery/cli"
	"github.com/engineo/autoverify/bot/settings"
)

// serve is `autoverify serve`: the server (serve.Open) on the real
// adapters (assemble.Env.Server), answering until ctx ends, then draining.
func (a *App) serve(ctx context.Context, args []string) (int, error) {
	fs := a.flagSet("serve")
	lookup := cli.SettingFlags(fs, a.Getenv, settings.Run, settings.Serve, settings.Jira, settings.Dashboard)
	if _, err := cli.ParseN(fs, args, 0, "serve takes no arguments: its settings are ENGINEO_ variables and flags (see README.md)"); err != nil {
		return exitBadInput, err
	}
	srv, err := a.env().Server(ctx, lookup)
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
