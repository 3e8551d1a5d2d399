package serve_test

import (
	"context"
	"errors"
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
	"github.com/engineo/autoverify/bot/delivery/history"
	"github.com/engineo/autoverify/bot/delivery/intake"
	"github.com/engineo/autoverify/bot/delivery/queue"
	"github.com/engineo/autoverify/bot/delivery/serve"
	"github.com/engineo/autoverify/bot/repoconfig"
	"github.com/engineo/autoverify/bot/settings"
	"github.com/engineo/autoverify/bot/verify"
	"github.com/engineo/autoverify/integrations/prometheus"
	runbolt "github.com/engineo/autoverify/integrations/runlog/bolt"
	"github.com/engineo/autoverify/integrations/runners"
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
	stateDir := t.TempDir()
	for _, failAt := range []string{"runner", "store", "queue", "start", "none"} {
		t.Run("fail at "+failAt, func(t *testing.T) {
			var opened, closed []string
			track := func(name string) func() {
				opened = append(opened, name)
				return func() { closed = append(closed, name) }
			}
			open := openers(stateDir)
			open.Runner = func(settings.Config) (verify.Runner, func(), error) {
				if failAt == "runner" {
					return nil, nil, errors.New("runner: no")
				}
				return isolation{}, track("runner"), nil
			}
			open.Store = func(ctx context.Context, cfg settings.Config) (ledger.Store, error) {
				if failAt == "store" {
					return nil, errors.New("store: no")
				}
				s, err := bolt.Open(cfg.StateDir)
				require.NoError(t, err)
				done := track("store")
				return closeTracked{s, done}, nil
			}
			open.Queue = func(*slog.Logger) (queue.Queue, intake.Deduper, func(), error) {
				if failAt == "queue" {
					return nil, nil, nil, errors.New("queue: no")
				}
				var q queue.Queue = queue.NewMemory(1)
				if failAt == "start" {
					q = startFails{q}
				}
				done := track("queue")
				return q, intake.NewMemoryDeduper(time.Hour, 10), func() { shutdown(q); done() }, nil
			}
			srv, err := serve.Open(context.Background(), config(t, stateDir, slog.New(slog.NewTextHandler(io.Discard, nil))), open)
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
			s, err := bolt.Open(stateDir)
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
	stateDir := t.TempDir()
	open := openers(stateDir)
	open.Runner = func(settings.Config) (verify.Runner, func(), error) {
		return isolation{errors.New("user namespaces are disabled: set kernel.unprivileged_userns_clone=1")}, func() {}, nil
	}
	cfg := config(t, stateDir, slog.New(slog.NewTextHandler(io.Discard, nil)))
	_, err := serve.Open(context.Background(), cfg, open)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "refusing to run pull request code: user namespaces are disabled")
	assert.Contains(t, err.Error(), "ENGINEO_UNSAFE_NO_SANDBOX=1")

	cfg.Unsafe = true // ENGINEO_UNSAFE_NO_SANDBOX=1
	var logs strings.Builder
	cfg.Logger = slog.New(slog.NewTextHandler(&logs, nil))
	srv, err := serve.Open(context.Background(), cfg, open)
	require.NoError(t, err, "the opt-out starts it")
	// and it becomes ready: the opted-out isolation is not a dependency.
	rec := httptest.NewRecorder()
	srv.Handler().ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/readyz", nil))
	assert.Equal(t, http.StatusOK, rec.Code, rec.Body.String())
	srv.Close()
	assert.Contains(t, logs.String(), "UNSAFE", "loudly")
}

// isolation is a runner whose isolation check fails with err.
type isolation struct{ err error }

func (isolation) Run(context.Context, verify.Command) (verify.Result, error) {
	return verify.Result{}, nil
}
func (i isolation) CheckIsolation(context.Context) error { return i.err }

// config is a server's configuration as serve's defaults resolve it, with
// its state in stateDir.
func config(t *testing.T, stateDir string, log *slog.Logger) serve.Config {
	t.Helper()
	cfg, err := settings.Resolve(func(flag string) (string, string) {
		if flag == "state-dir" {
			return stateDir, "ENGINEO_STATE_DIR"
		}
		return "", ""
	}, repoconfig.File{}, repoconfig.Name)
	require.NoError(t, err)
	return serve.Config{Server: settings.Server{Config: cfg, ListenAddr: ":0", WebhookSecret: "s", EvidenceKey: "s", EvidenceLinkTTL: time.Hour}, Secrets: []string{"s"}, Logger: log, Now: time.Now,
		Runners: func(shared verify.Runner) bot.Runners { return &runners.Factory{Shared: shared} }}
}

// openers are the real openers of what the tests do not replace: the
// embedded ledger store, the in-process queue, the run history in
// stateDir, the metrics.
func openers(stateDir string) serve.Openers {
	return serve.Openers{
		Store: func(_ context.Context, cfg settings.Config) (ledger.Store, error) { return bolt.Open(cfg.StateDir) },
		Queue: func(*slog.Logger) (queue.Queue, intake.Deduper, func(), error) {
			q := queue.NewMemory(1)
			return q, intake.NewMemoryDeduper(time.Hour, 10), func() { shutdown(q) }, nil
		},
		Metrics: func(stats func(context.Context) (queue.Stats, error)) serve.Metrics { return prometheus.New(stats) },
		RunLog: func(context.Context) (history.RunLog, func(), error) {
			s, err := runbolt.Open(stateDir)
			if err != nil {
				return nil, nil, err
			}
			return s, func() { _ = s.Close() }, nil
		},
	}
}

// shutdown stops a queue's workers, as the server's queue opener does.
func shutdown(q queue.Queue) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	_ = q.Shutdown(ctx)
}
