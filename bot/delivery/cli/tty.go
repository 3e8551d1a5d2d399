package cli

import (
	"io"
	"log/slog"
	"os"
	"strings"

	"github.com/mattn/go-isatty"
)

// Color says whether to paint what is written to w: not when NO_COLOR is
// set (https://no-color.org) or TERM is dumb, and only when w is a
// terminal, so that a file or a pipe gets plain text.
func Color(w io.Writer, getenv func(string) string) bool {
	if getenv("NO_COLOR") != "" || strings.EqualFold(getenv("TERM"), "dumb") {
		return false
	}
	return isTerminal(w)
}

// Logger is the server's and the dashboard's logger on stderr, at
// ENGINEO_LOG_LEVEL (debug, info, warn, error; default info): text on a
// terminal, for a person, and JSON lines otherwise (or with
// ENGINEO_LOG_FORMAT=json), for a log collector. Secrets never reach it:
// handlers log IDs, names and counts, not payloads.
func Logger(stderr io.Writer, getenv func(string) string) *slog.Logger {
	var level slog.Level
	if err := level.UnmarshalText([]byte(orDefault(getenv("ENGINEO_LOG_LEVEL"), "info"))); err != nil {
		level = slog.LevelInfo
	}
	opts := &slog.HandlerOptions{Level: level}
	if isTerminal(stderr) && getenv("ENGINEO_LOG_FORMAT") != "json" {
		return slog.New(slog.NewTextHandler(stderr, opts))
	}
	return slog.New(slog.NewJSONHandler(stderr, opts))
}

// isTerminal reports whether w is a file open on a terminal. go-isatty,
// not golang.org/x/term: the build already links it (through gitleaks'
// logger), so a cold `go run` downloads one module fewer.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && isatty.IsTerminal(f.Fd())
}

func orDefault(v, d string) string {
	if v == "" {
		return d
	}
	return v
}
