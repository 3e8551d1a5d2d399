package history

import (
	"context"
	"fmt"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/engineo/autoverify/bot"
	"github.com/engineo/autoverify/bot/evidence"
	"github.com/engineo/autoverify/bot/repoconfig"
	"github.com/engineo/autoverify/bot/runlog"
	"github.com/engineo/autoverify/bot/settings"
	"github.com/engineo/autoverify/bot/verify"
	"github.com/engineo/autoverify/ledger"
	"github.com/engineo/autoverify/ledger/bolt"
)

// The recorder is tested on the real pipeline (bot.New) with the parts
// around it faked: a pull request's subject and checklist from memory,
// commands that pass ("ok"), fail ("fail") or take their time, evidence
// kept in memory.

// memRunLog keeps every record written, in order.
type memRunLog struct {
	mu   sync.Mutex
	puts []runlog.Record
	err  error
}

func (m *memRunLog) Put(_ context.Context, r runlog.Record) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.err != nil {
		return m.err
	}
	m.puts = append(m.puts, r)
	return nil
}

type fakeSource struct {
	subject bot.Subject
	wsErr   error
}

func (s *fakeSource) Subject(context.Context) (bot.Subject, error) { return s.subject, nil }

func (s *fakeSource) File(_ context.Context, _, path string) ([]byte, error) {
	return nil, fmt.Errorf("%s: %w", path, bot.ErrNotFound)
}

func (s *fakeSource) Workspace(context.Context, bot.Subject) (bot.Workspace, error) {
	return bot.Workspace{Dir: "/ws", Fill: func(context.Context) error { return s.wsErr }}, nil
}

// runner runs commands with run.
type runner struct {
	run func(ctx context.Context, cmd verify.Command) (verify.Result, error)
}

func (r runner) Run(ctx context.Context, cmd verify.Command) (verify.Result, error) {
	return r.run(ctx, cmd)
}

// exitByName: "fail" exits 1, anything else 0.
var exitByName = runner{run: func(_ context.Context, cmd verify.Command) (verify.Result, error) {
	return verify.Result{ExitCode: map[string]int{"fail": 1}[cmd.Argv[0]]}, nil
}}

type fakeRunners struct{ r verify.Runner }

func (f fakeRunners) Runners(context.Context, settings.Config, string) (verify.Runner, []verify.Environment, func(), error) {
	return f.r, nil, func() {}, nil
}

type memArtifacts struct{}

func (memArtifacts) Write(dir string, _ evidence.Run) (evidence.Files, error) {
	return evidence.Files{Evidence: dir + "/ev.txt", Summary: dir + "/sum.json", Timestamp: "20260101T000000Z"}, nil
}

type noRedact struct{}

func (noRedact) Bytes(b []byte) []byte  { return b }
func (noRedact) String(s string) string { return s }

// toyStage is a further check, as the gates are.
type toyStage struct{}

func (toyStage) Name() string { return "toy" }

func (toyStage) Check(_ context.Context, v *bot.Verification) error {
	it := v.Story.Items[0]
	it.ID, it.Text, it.Command = "toy00001", "toy stage", "toy check"
	v.Report.Outcomes = append(v.Report.Outcomes, verify.Outcome{Item: it, FailureType: "TEST_FAILURE", Result: verify.Result{ExitCode: 3, Output: []byte("toy says no")}})
	return nil
}

type harness struct {
	pipeline *bot.Pipeline
	source   *fakeSource
}

// newHarness is a pipeline over an embedded ledger verifying body, a pull
// request's checklist, with r running its commands.
func newHarness(t *testing.T, body string, r verify.Runner, store ledger.Store) *harness {
	t.Helper()
	if store == nil {
		s, err := bolt.Open(t.TempDir())
		require.NoError(t, err)
		t.Cleanup(func() { s.Close() })
		store = s
	}
	limits := ledger.DefaultLimits
	return &harness{
		pipeline: bot.New(bot.Options{Ledger: &ledger.Ledger{Store: store, Limits: limits}, Limits: limits, Redactor: noRedact{},
			Artifacts: memArtifacts{}, Runners: fakeRunners{r}}),
		source: &fakeSource{subject: bot.Subject{Repo: "acme/web", Commit: "c1", BaseRef: "main", Title: "KAN-1: greet",
			Checklist: []byte(body), ChecklistSource: "the description"}},
	}
}

// request runs every check once (reviewers have their own tests).
func (h *harness) request() bot.Request {
	return bot.Request{RunID: "run-1", Source: h.source,
		Configure: func(f repoconfig.File, _ string) (settings.Config, error) {
			c := settings.Defaults()
			c.Allowlist, c.Reviewers, c.Concurrency = []string{"ok", "fail", "slow"}, 1, 1
			return c.ForRepo(f)
		}}
}
