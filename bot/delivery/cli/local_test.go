package cli_test

import (
	"bytes"
	"context"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/engineo/autoverify/bot"
	"github.com/engineo/autoverify/bot/delivery/cli"
	"github.com/engineo/autoverify/bot/delivery/history"
	"github.com/engineo/autoverify/bot/repoconfig"
	"github.com/engineo/autoverify/bot/runlog"
	"github.com/engineo/autoverify/bot/settings"
	"github.com/engineo/autoverify/bot/verify"
	"github.com/engineo/autoverify/integrations/artifacts"
	"github.com/engineo/autoverify/ledger"
	"github.com/engineo/autoverify/ledger/bolt"
)

// events is what a test's adapters did, in order.
type events struct {
	mu  sync.Mutex
	got []string
}

func (e *events) add(s string) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.got = append(e.got, s)
}

func (e *events) list() []string {
	e.mu.Lock()
	defer e.mu.Unlock()
	return append([]string(nil), e.got...)
}

// runLog is a run history that tells ev about each write.
type runLog struct{ ev *events }

func (l runLog) Put(context.Context, runlog.Record) error { l.ev.add("history put"); return nil }

// noRunners are the runners of a story whose items are all manual.
type noRunners struct{}

func (noRunners) Runners(context.Context, settings.Config, string) (verify.Runner, []verify.Environment, func(), error) {
	return nil, nil, func() {}, nil
}

// setup is a local run of a story with one manual item in a fresh
// directory, with adapters that tell ev what they opened and closed.
func setup(t *testing.T, ev *events) (cli.Adapters, cli.Run) {
	t.Helper()
	dir := t.TempDir()
	story := filepath.Join(dir, "KAN-1.md")
	require.NoError(t, os.WriteFile(story, []byte("# KAN-1\n\n- [ ] a person looks\n"), 0o644))
	lookup := settings.Lookup(func(string) (string, string) { return "", "" })
	cfg, err := settings.Resolve(lookup, repoconfig.File{}, "")
	require.NoError(t, err)
	cfg.StateDir, cfg.ArtifactsDir, cfg.Runner = filepath.Join(dir, "state"), filepath.Join(dir, "reports"), "local"
	var stdout, stderr bytes.Buffer
	p := cli.Adapters{
		Store: func(context.Context, settings.Config) (ledger.Store, error) { return bolt.Open(cfg.StateDir) },
		Runner: func(settings.Config) (verify.Runner, func(), error) {
			ev.add("runner open")
			return nil, func() { ev.add("runner close") }, nil
		},
		Runners: func(verify.Runner) bot.Runners { return noRunners{} },
		RunLog: func(context.Context, settings.Config, time.Duration) (history.RunLog, func(), error) {
			ev.add("history open")
			return runLog{ev}, func() { ev.add("history close") }, nil
		},
		Workspaces: func([]string, *sync.WaitGroup) verify.WorkspaceCloner { return nil },
		Attester:   func() (bot.Attester, error) { return nil, nil },
		Artifacts:  artifacts.Disk{},
		Now:        func() time.Time { return time.Date(2026, 1, 28, 12, 0, 0, 0, time.UTC) },
	}
	r := cli.Run{Local: cli.Local{Config: cfg, Lookup: lookup, Workdir: dir, Stderr: &stderr},
		Terminal: &cli.Terminal{Stdout: &stdout, Stderr: &stderr,
			WriteFile: func(path string, data []byte, perm fs.FileMode) error { return os.WriteFile(path, data, perm) }},
		Source: func() bot.Source {
			ev.add("source")
			return &cli.Source{StoryPath: story, Dir: dir,
				Head: func(context.Context, string, bool) (string, string, error) { return "", "", nil }}
		}}
	return p, r
}

// TestRunLocalOpensInOrderAndClosesAfterTheBackgroundWrites: the source
// starts before the runner, the run history is opened last, and it is
// closed, after its background writes, before the runner, last first.
func TestRunLocalOpensInOrderAndClosesAfterTheBackgroundWrites(t *testing.T) {
	t.Parallel()
	ev := &events{}
	p, r := setup(t, ev)
	code, err := p.RunLocal(context.Background(), r, bot.Request{Key: "KAN-1"})
	require.NoError(t, err)
	assert.Equal(t, cli.ExitOK, code, r.Stderr.(*bytes.Buffer).String())
	// A run still going after the recorder's grace period is written as
	// active first (on a loaded machine, even this one): one put or two,
	// all between the history's open and its close.
	got := slices.Compact(ev.list())
	assert.Equal(t, []string{"source", "runner open", "history open", "history put", "history close", "runner close"}, got)
}

// TestRunLocalClosesWhatItOpenedOnEveryError makes each step after the
// runner fail in turn: the error comes back as bad input and whatever was
// opened is closed; a disabled autoverify opens nothing.
func TestRunLocalClosesWhatItOpenedOnEveryError(t *testing.T) {
	t.Parallel()
	no := errors.New("no")
	for name, tc := range map[string]struct {
		breakIt func(*cli.Adapters, *cli.Run)
		want    []string
		code    int
		err     error
	}{
		"runner": {func(p *cli.Adapters, _ *cli.Run) {
			p.Runner = func(settings.Config) (verify.Runner, func(), error) { return nil, nil, no }
		}, []string{"source"}, cli.ExitBadInput, no},
		// Bad input opens nothing: no source, no sandbox, no store.
		"report": {func(_ *cli.Adapters, r *cli.Run) {
			r.Report = func() ([]bot.Publisher, []string, error) { return nil, nil, no }
		}, nil, cli.ExitBadInput, no},
		"attester": {func(p *cli.Adapters, _ *cli.Run) {
			p.Attester = func() (bot.Attester, error) { return nil, no }
		}, nil, cli.ExitBadInput, no},
		"disabled": {func(_ *cli.Adapters, r *cli.Run) { r.Config.Enabled = false }, nil, cli.ExitOK, nil},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			ev := &events{}
			p, r := setup(t, ev)
			tc.breakIt(&p, &r)
			code, err := p.RunLocal(context.Background(), r, bot.Request{Key: "KAN-1"})
			assert.Equal(t, tc.code, code)
			assert.ErrorIs(t, err, tc.err)
			assert.Equal(t, tc.want, ev.list())
			_, err = os.Stat(r.Config.StateDir)
			assert.True(t, os.IsNotExist(err), "the ledger's store was never opened: no state directory")
		})
	}
}

// TestRunLocalWithoutHistoryWarnsAndRuns: a run history that cannot be
// opened is a warning; the run goes on.
func TestRunLocalWithoutHistoryWarnsAndRuns(t *testing.T) {
	t.Parallel()
	ev := &events{}
	p, r := setup(t, ev)
	p.RunLog = func(context.Context, settings.Config, time.Duration) (history.RunLog, func(), error) {
		return nil, nil, errors.New("runs.db: locked")
	}
	code, err := p.RunLocal(context.Background(), r, bot.Request{Key: "KAN-1"})
	require.NoError(t, err)
	assert.Equal(t, cli.ExitOK, code)
	assert.Contains(t, r.Stderr.(*bytes.Buffer).String(), "autoverify: warning: runs.db: locked; this run is not in the dashboard's history\n")
}

// TestAuditOpensNothingWithoutItsSigner: a signing key that cannot be
// read stops an audit before the ledger is opened; one that can runs it
// without the shared runner or the run history.
func TestAuditOpensNothingWithoutItsSigner(t *testing.T) {
	t.Parallel()
	ev := &events{}
	p, r := setup(t, ev)
	store := p.Store
	p.Store = func(ctx context.Context, cfg settings.Config) (ledger.Store, error) {
		ev.add("store open")
		return store(ctx, cfg)
	}
	p.Attester = func() (bot.Attester, error) { return nil, errors.New("signing key: unreadable") }
	source := func() bot.Source { ev.add("source"); return &cli.AuditSource{Dir: r.Workdir} }
	out := &cli.AuditReport{Stdout: io.Discard, Stderr: io.Discard}
	code, err := p.Audit(context.Background(), r.Local, out, source, bot.Request{Key: "KAN-1"})
	assert.Equal(t, cli.ExitBadInput, code)
	require.EqualError(t, err, "signing key: unreadable")
	assert.Empty(t, ev.list())

	p.Attester = func() (bot.Attester, error) { return nil, nil }
	_, err = p.Audit(context.Background(), r.Local, out, source, bot.Request{Key: "KAN-1"})
	require.NoError(t, err)
	assert.Contains(t, ev.list(), "source")
	assert.NotContains(t, ev.list(), "runner open")
	assert.NotContains(t, ev.list(), "history open")
	assert.NotNil(t, out.Secret, "the report masks what the redactor masks")
}
