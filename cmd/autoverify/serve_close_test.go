package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/engineo/autoverify/bot"
	"github.com/engineo/autoverify/bot/delivery/intake"
	"github.com/engineo/autoverify/bot/delivery/queue"
	"github.com/engineo/autoverify/bot/settings"
	"github.com/engineo/autoverify/integrations/github/githubtest"
	"github.com/engineo/autoverify/ledger"
	"github.com/engineo/autoverify/ledger/bolt"
)

// startFails is a queue whose workers cannot start.
type startFails struct{ queue.Queue }

func (startFails) Start(queue.Handler) error { return errors.New("workers: no") }

// TestServeClosesWhatItOpenedOnEveryError makes each thing serve opens fail
// in turn and checks that everything opened before it was closed, and that
// a server that started closes everything on Close.
func TestServeClosesWhatItOpenedOnEveryError(t *testing.T) {
	t.Parallel()
	fake := githubtest.NewServer(t)
	env := map[string]string{
		"ENGINEO_GITHUB_APP_ID": fmt.Sprint(fake.AppID), "ENGINEO_GITHUB_PRIVATE_KEY": string(fake.PrivateKeyPEM()),
		"ENGINEO_GITHUB_WEBHOOK_SECRET": "s", "ENGINEO_GITHUB_API_URL": fake.URL, "ENGINEO_STATE_DIR": t.TempDir(),
	}
	for _, failAt := range []string{"runner", "store", "queue", "start", "none"} {
		t.Run("fail at "+failAt, func(t *testing.T) {
			var opened, closed []string
			track := func(name string) func() {
				opened = append(opened, name)
				return func() { closed = append(closed, name) }
			}
			open := openers{
				runner: func(settings.Config) (bot.Runner, func(), error) {
					if failAt == "runner" {
						return nil, nil, errors.New("runner: no")
					}
					return isolation{}, track("runner"), nil
				},
				store: func(ctx context.Context, cfg settings.Config) (ledger.Store, error) {
					if failAt == "store" {
						return nil, errors.New("store: no")
					}
					s, err := bolt.Open(cfg.StateDir)
					require.NoError(t, err)
					done := track("store")
					return closeTracked{s, done}, nil
				},
				queue: func(serverSettings, *slog.Logger) (queue.Queue, intake.Deduper, func(), error) {
					if failAt == "queue" {
						return nil, nil, nil, errors.New("queue: no")
					}
					var q queue.Queue = queue.NewMemory(1)
					if failAt == "start" {
						q = startFails{q}
					}
					done := track("queue")
					return q, intake.NewMemoryDeduper(time.Hour, 10), func() { shutdown(q); done() }, nil
				},
			}
			app := &App{Stdout: io.Discard, Stderr: io.Discard, Getenv: func(k string) string { return env[k] }, Now: time.Now,
				Logger: slog.New(slog.NewTextHandler(io.Discard, nil))}
			srv, err := app.newServer(context.Background(), settingFlags(flag.NewFlagSet("serve", flag.ContinueOnError), app.Getenv, settings.Run, serveSettings, jiraSettings), open)
			if failAt == "none" {
				require.NoError(t, err)
				srv.Close()
			} else {
				require.Error(t, err)
			}
			assert.ElementsMatch(t, opened, closed, "everything opened is closed")
			for i := range closed {
				assert.Equal(t, opened[len(opened)-1-i], closed[i], "last opened, first closed")
			}
			// The embedded store's file lock is free again.
			s, err := bolt.Open(env["ENGINEO_STATE_DIR"])
			require.NoError(t, err)
			s.Close()
		})
	}
}

type closeTracked struct {
	ledger.Store
	done func()
}

func (c closeTracked) Close() error { c.done(); return c.Store.Close() }

// TestServeRefusesARunnerThatCannotIsolate: without isolation (and without
// the named opt-out) serve does not start, and says what to do.
func TestServeRefusesARunnerThatCannotIsolate(t *testing.T) {
	t.Parallel()
	fake := githubtest.NewServer(t)
	env := map[string]string{
		"ENGINEO_GITHUB_APP_ID": fmt.Sprint(fake.AppID), "ENGINEO_GITHUB_PRIVATE_KEY": string(fake.PrivateKeyPEM()),
		"ENGINEO_GITHUB_WEBHOOK_SECRET": "s", "ENGINEO_GITHUB_API_URL": fake.URL, "ENGINEO_STATE_DIR": t.TempDir(),
	}
	var stderr strings.Builder
	app := &App{Stdout: io.Discard, Stderr: &stderr, Getenv: func(k string) string { return env[k] }, Now: time.Now,
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil))}
	open := openers{runner: func(settings.Config) (bot.Runner, func(), error) {
		return isolation{errors.New("user namespaces are disabled: set kernel.unprivileged_userns_clone=1")}, func() {}, nil
	}}
	_, err := app.newServer(context.Background(), settingFlags(flag.NewFlagSet("serve", flag.ContinueOnError), app.Getenv, settings.Run, serveSettings, jiraSettings), open)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "refusing to run pull request code: user namespaces are disabled")
	assert.Contains(t, err.Error(), "ENGINEO_UNSAFE_NO_SANDBOX=1")

	env["ENGINEO_UNSAFE_NO_SANDBOX"] = "1"
	var logs strings.Builder
	app.Logger = slog.New(slog.NewTextHandler(&logs, nil))
	srv, err := app.newServer(context.Background(), settingFlags(flag.NewFlagSet("serve", flag.ContinueOnError), app.Getenv, settings.Run, serveSettings, jiraSettings), open)
	require.NoError(t, err, "the opt-out starts it")
	// and it becomes ready: the opted-out isolation is not a dependency.
	rec := httptest.NewRecorder()
	srv.http.Handler.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/readyz", nil))
	assert.Equal(t, http.StatusOK, rec.Code, rec.Body.String())
	srv.Close()
	assert.Contains(t, logs.String(), "UNSAFE", "loudly")
}

// isolation is a runner whose isolation check fails with err.
type isolation struct{ err error }

func (isolation) Run(context.Context, bot.Command) (bot.Result, error) { return bot.Result{}, nil }
func (i isolation) CheckIsolation(context.Context) error               { return i.err }
