package main

import (
	"context"
	"errors"

	"github.com/engineo/autoverify/bot/delivery/cli"
	"github.com/engineo/autoverify/bot/delivery/server"
	"github.com/engineo/autoverify/bot/settings"
)

// healthcheck is `autoverify healthcheck [URL]`: exit 0 when the server
// answers 200 on /healthz (server.CheckHealth); without a URL, the local
// server's at ENGINEO_LISTEN_ADDR.
func (a *App) healthcheck(ctx context.Context, args []string) (int, error) {
	pos, err := cli.ParseArgs(a.flagSet("healthcheck"), args)
	if err != nil {
		return exitBadInput, err
	}
	if len(pos) > 1 {
		return exitBadInput, cli.InputErrorf("healthcheck takes at most one URL: autoverify healthcheck [URL]")
	}
	url := ""
	if len(pos) == 1 {
		url = pos[0]
	} else {
		addr := settings.ListenAddr(settings.Env(a.Getenv, settings.Serve))
		var err error
		if url, err = server.HealthURL(addr); err != nil {
			return exitBadInput, cli.InputErrorf("ENGINEO_LISTEN_ADDR=%q: %v", addr, err)
		}
	}
	err = server.CheckHealth(ctx, url)
	var bad *server.BadURLError
	switch {
	case errors.As(err, &bad):
		return exitBadInput, cli.InputErrorf("%v", err)
	case err != nil:
		return exitFailed, err
	}
	return exitOK, nil
}
