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

const usage = `autoverify turns a story's checklist into verified evidence.

Usage:
  autoverify plan STORY.md [--json]           list the items and what would run
  autoverify run STORY.md [--story-key KEY] [--workdir DIR]
                                              run the automated items, write evidence,
                                              mark the story
  autoverify audit SIGNAL.md [--json] [--workdir DIR] [--author WHO]
                                              hold an agent's READY_FOR_REVIEW / AUDIT_PASSED
                                              signal against checks: run here
  autoverify gates --base REV [--head REV] [--test-cmd CMD] [--mutate] [--json]
                                              the RED/GREEN/REFACTOR/IMPLEMENT gates of the
                                              change base..head, in a git work tree; --mutate
                                              adds VERIFY_MUTATE (--mutate-max, --mutate-threshold)
  autoverify ledger show KEY [--json]         a story's loop-safety ledger
  autoverify ledger authors [--json]          per author: signals held, false, rejected
  autoverify ledger reset KEY                 start a story's cycles and fixes again
  autoverify keys generate [--ed25519] [--out PREFIX]
                                              a signing key pair (PREFIX.key, PREFIX.pub)
  autoverify keys public                      the public key of ENGINEO_SIGNING_KEY
  autoverify attest verify FILE --key PUB [--subject FILE]... [--commit SHA] [--passed] [--json]
                                              check a run's signed attestations, offline
  autoverify serve                            run the GitHub App server (see README.md)
  autoverify dashboard [--addr HOST:PORT]     the run history in a browser (default
                                              127.0.0.1:8090; needs ENGINEO_DASHBOARD_TOKEN
                                              or GitHub sign-in)
  autoverify healthcheck [URL]                exit 0 when the local server's /healthz answers 200
  autoverify version

Run "autoverify COMMAND -h" for a command's flags. Settings also come from
ENGINEO_ environment variables and .autoverify.yml; see README.md.
`

// Run executes one command line and returns the exit code.
func (a *App) Run(ctx context.Context, args []string) int {
	if len(args) == 0 {
		fmt.Fprint(a.Stderr, usage)
		return exitBadInput
	}
	var err error
	code := exitOK
	switch args[0] {
	case "plan":
		code, err = a.plan(args[1:])
	case "run":
		code, err = a.run(ctx, args[1:])
	case "audit":
		code, err = a.audit(ctx, args[1:])
	case "gates":
		code, err = a.gatesCmd(ctx, args[1:])
	case "ledger":
		code, err = a.ledgerCmd(ctx, args[1:])
	case "keys":
		code, err = a.keysCmd(args[1:])
	case "attest":
		code, err = a.attestCmd(ctx, args[1:])
	case "serve":
		code, err = a.serve(ctx, args[1:])
	case "dashboard":
		code, err = a.dashboard(ctx, args[1:])
	case "healthcheck":
		code, err = a.healthcheck(ctx, args[1:])
	case "version":
		fmt.Fprintln(a.Stdout, "autoverify", version)
	case "help", "-h", "--help":
		fmt.Fprint(a.Stdout, usage)
	default:
		err = inputErrorf("unknown command %q; run `autoverify help`", args[0])
	}
	if err != nil {
		if isInputError(err) || errors.Is(err, flag.ErrHelp) {
			if !errors.Is(err, flag.ErrHelp) {
				fmt.Fprintln(a.Stderr, "autoverify:", err)
			}
			return exitBadInput
		}
		fmt.Fprintln(a.Stderr, "autoverify:", err)
		return exitFailed
	}
	return code
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
