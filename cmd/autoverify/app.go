package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"strings"
	"time"

	"golang.org/x/term"

	"github.com/engineo/autoverify/bot/report"
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
	code, err := exitBadInput, inputErrorf("unknown command %q; run `autoverify help`", args[0])
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
	if isInputError(err) {
		return exitBadInput
	}
	return exitFailed
}

// flagSet is a command's flag set; its errors and help go to Stderr.
func (a *App) flagSet(name string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(a.Stderr)
	return fs
}

// parseN is parseArgs for a command that takes n positional arguments:
// any other number is bad input, answered with usage.
func parseN(fs *flag.FlagSet, args []string, n int, usage string) ([]string, error) {
	pos, err := parseArgs(fs, args)
	if err == nil && len(pos) != n {
		err = inputErrorf("%s", usage)
	}
	return pos, err
}

// parseArgs parses flags that may come before or after positional
// arguments ("run STORY.md --workdir x" and "run --workdir x STORY.md").
func parseArgs(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return nil, err
			}
			return nil, inputErrorf("%v", err)
		}
		args = fs.Args()
		if len(args) == 0 {
			return pos, nil
		}
		if args[0] == "--" {
			return append(pos, args[1:]...), nil
		}
		pos = append(pos, args[0])
		args = args[1:]
	}
}

func (a *App) color(w io.Writer) bool {
	if a.Color != nil {
		return *a.Color
	}
	if a.Getenv("NO_COLOR") != "" || strings.EqualFold(a.Getenv("TERM"), "dumb") {
		return false
	}
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
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

// failedOn is a command's exit for err: exitFailed with err, exitOK
// without.
func failedOn(err error) (int, error) {
	if err != nil {
		return exitFailed, err
	}
	return exitOK, nil
}
