package main

import (
	"context"
	"fmt"
	"sync"

	"github.com/engineo/autoverify/bot/delivery/cli"
	"github.com/engineo/autoverify/internal/buildinfo"
)

// version is set at build time with -ldflags "-X main.version=...".
var version = "dev"

// versionCmd is `autoverify version`.
func (a *App) versionCmd(_ context.Context, args []string) (int, error) {
	if _, err := cli.ParseN(a.flagSet("version"), args, 0, "version takes no arguments: autoverify version"); err != nil {
		return exitBadInput, err
	}
	fmt.Fprintln(a.Stdout, "autoverify", version)
	return exitOK, nil
}

// buildID names this build for the result cache (buildinfo.ID).
var buildID = sync.OnceValue(func() string { return buildinfo.ID(version) })
