package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"time"

	"github.com/engineo/autoverify/bot/delivery/cli"
	"github.com/engineo/autoverify/bot/report"
	"github.com/engineo/autoverify/integrations/assemble"
)

// Exit codes of the CLI.
const (
	exitOK       = 0
	exitFailed   = 1
	exitBadInput = 2
)

// App is the autoverify program with its surroundings injected, so tests
// run it end to end in-process.
type App struct {
	Stdout, Stderr io.Writer
	Getenv         func(string) string
	Now            func() time.Time
	// Color forces colour on or off; nil decides from the terminal.
	Color *bool
	// Logger is the server's logger; nil means JSON to Stderr.
	Logger *slog.Logger
	// OnListen, when set, learns the address `serve` listens on (tests use
	// ":0").
	OnListen func(addr string)
}

// NewApp returns an App wired to the process.
func NewApp() *App {
	return &App{Stdout: os.Stdout, Stderr: os.Stderr, Getenv: os.Getenv, Now: time.Now}
}

// command runs one autoverify command with the arguments after its name.
type command func(ctx context.Context, args []string) (int, error)

// commands are autoverify's commands by name, as report.Usage lists them.
func (a *App) commands() map[string]command {
	help := func(context.Context, []string) (int, error) {
		fmt.Fprint(a.Stdout, report.Usage())
		return exitOK, nil
	}
	return map[string]command{
		"plan": a.plan, "run": a.run, "audit": a.audit, "gates": a.gatesCmd, "ledger": a.ledgerCmd,
		"keys": a.keysCmd, "attest": a.attestCmd, "serve": a.serve, "dashboard": a.dashboard,
		"healthcheck": a.healthcheck, "version": a.versionCmd,
		"help": help, "-h": help, "--help": help,
	}
}

// Run executes one command line and returns the exit code.
func (a *App) Run(ctx context.Context, args []string) int {
	if len(args) == 0 {
		fmt.Fprint(a.Stderr, report.Usage())
		return exitBadInput
	}
	code, err := exitBadInput, cli.InputErrorf("unknown command %q; run `autoverify help`", args[0])
	if cmd, ok := a.commands()[args[0]]; ok {
		code, err = cmd(ctx, args[1:])
	}
	switch {
	case err == nil:
		return code
	case errors.Is(err, flag.ErrHelp): // the flag package printed the help
		return exitBadInput
	}
	fmt.Fprintln(a.Stderr, "autoverify:", err)
	if cli.IsInputError(err) {
		return exitBadInput
	}
	return exitFailed
}

// flagSet is a command's flag set (cli.FlagSet), its errors and help on
// Stderr.
func (a *App) flagSet(name string) *flag.FlagSet {
	return cli.FlagSet(name, a.Stderr)
}

// color decides whether to paint w (cli.Color) unless Color forces it.
func (a *App) color(w io.Writer) bool {
	if a.Color != nil {
		return *a.Color
	}
	return cli.Color(w, a.Getenv)
}

// logger is Logger, else cli.Logger on Stderr, made once.
func (a *App) logger() *slog.Logger {
	if a.Logger == nil {
		a.Logger = cli.Logger(a.Stderr, a.Getenv)
	}
	return a.Logger
}

// env is what assemble builds with: the App's surroundings, its logger
// and this build's ID.
func (a *App) env() assemble.Env {
	return assemble.Env{Getenv: a.Getenv, Now: a.Now, Logger: a.logger(), Stdout: a.Stdout, Stderr: a.Stderr, Version: buildID()}
}

// failedOn is a command's exit for err: exitFailed with err, exitOK
// without.
func failedOn(err error) (int, error) {
	if err != nil {
		return exitFailed, err
	}
	return exitOK, nil
}
