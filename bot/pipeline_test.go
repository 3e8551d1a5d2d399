package bot

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/engineo/autoverify/bot/evidence"
	"github.com/engineo/autoverify/bot/gates"
	"github.com/engineo/autoverify/bot/repoconfig"
	"github.com/engineo/autoverify/bot/settings"
	"github.com/engineo/autoverify/bot/verify"
	"github.com/engineo/autoverify/ledger"
	"github.com/engineo/autoverify/ledger/bolt"
)

// events records what the pipeline's parts were asked to do, in order.
type events struct {
	mu  sync.Mutex
	log []string
}

func (e *events) add(format string, args ...any) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.log = append(e.log, fmt.Sprintf(format, args...))
}

func (e *events) String() string { return strings.Join(e.log, "\n") }

// fakeSource serves a subject and files from memory.
type fakeSource struct {
	ev      *events
	subject Subject
	files   map[string]string // "ref:path" → content
	wsErr   error
}

func (s *fakeSource) Subject(context.Context) (Subject, error) {
	s.ev.add("subject")
	return s.subject, nil
}

func (s *fakeSource) File(_ context.Context, ref, path string) ([]byte, error) {
	if c, ok := s.files[ref+":"+path]; ok {
		return []byte(c), nil
	}
	return nil, fmt.Errorf("%s: %w", path, ErrNotFound)
}

func (s *fakeSource) Workspace(context.Context, Subject) (Workspace, error) {
	s.ev.add("workspace")
	return Workspace{Dir: "/ws", Release: func() { s.ev.add("release workspace") },
		Fill: func(context.Context) error {
			if s.wsErr != nil {
				return s.wsErr
			}
			s.ev.add("fill")
			return nil
		}}, nil
}

// recorder is a Publisher that keeps what it was told.
type recorder struct {
	ev    *events
	name  string
	began bool
	got   *Verification
}

func (r *recorder) Begin(_ context.Context, v *Verification) error {
	r.began = true
	r.ev.add("%s begin", r.name)
	return nil
}

func (r *recorder) Publish(_ context.Context, v *Verification) error {
	r.got = v
	if v.Problem != nil {
		r.ev.add("%s publish problem %s", r.name, v.Problem.Kind)
	} else {
		r.ev.add("%s publish %s", r.name, v.Report.Route)
	}
	return nil
}

type fakeRunners struct {
	ev *events
	r  verify.Runner
}

func (f fakeRunners) Runners(context.Context, settings.Config, string) (verify.Runner, []verify.Environment, func(), error) {
	f.ev.add("runners")
	return f.r, nil, func() { f.ev.add("release runners") }, nil
}

// memArtifacts keeps written evidence in memory.
type memArtifacts struct {
	mu   sync.Mutex
	runs []evidence.Run
	dirs []string
}

func (m *memArtifacts) Write(dir string, run evidence.Run) (evidence.Files, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.runs, m.dirs = append(m.runs, run), append(m.dirs, dir)
	return evidence.Files{Evidence: dir + "/ev.txt", Summary: dir + "/sum.json", Timestamp: "20260101T000000Z"}, nil
}

type noRedact struct{}

func (noRedact) Bytes(b []byte) []byte  { return b }
func (noRedact) String(s string) string { return s }

type harness struct {
	ev        *events
	pipeline  *Pipeline
	source    *fakeSource
	pub       *recorder
	artifacts *memArtifacts
	ran       []string
}

func newPipelineHarness(t *testing.T, body string) *harness {
	t.Helper()
	h := &harness{ev: &events{}, artifacts: &memArtifacts{}}
	store, err := bolt.Open(t.TempDir())
	require.NoError(t, err)
	t.Cleanup(func() { store.Close() })
	var mu sync.Mutex
	r := &fakeRunner{run: func(cmd verify.Command) (verify.Result, error) {
		mu.Lock()
		h.ran = append(h.ran, strings.Join(cmd.Argv, " "))
		mu.Unlock()
		return verify.Result{ExitCode: map[string]int{"fail": 1}[cmd.Argv[0]]}, nil
	}}
	limits := ledger.DefaultLimits
	h.pipeline = New(Options{Ledger: &ledger.Ledger{Store: store, Limits: limits}, Limits: limits, Redactor: noRedact{},
		Artifacts: h.artifacts, Runners: fakeRunners{h.ev, r}})
	h.source = &fakeSource{ev: h.ev, files: map[string]string{},
		subject: Subject{Repo: "acme/web", Commit: "c1", BaseRef: "main", Title: "KAN-1: greet", Checklist: []byte(body), ChecklistSource: "the description"}}
	h.pub = &recorder{ev: h.ev, name: "pub"}
	return h
}

func (h *harness) request() Request {
	defaults := settings.Defaults()
	defaults.Allowlist = []string{"ok", "fail"}
	// These tests follow each command through the stages; reviewers (which
	// run each command several times) have their own tests.
	defaults.Reviewers = 1
	return Request{RunID: "run-1", Source: h.source, Publishers: []Publisher{h.pub},
		Configure: func(f repoconfig.File, _ string) (settings.Config, error) { return defaults.ForRepo(f) }}
}

func TestPipelineRunsStagesInOrder(t *testing.T) {
	t.Parallel()
	h := newPipelineHarness(t, "- [ ] a `ok`\n- [ ] b `fail`\n- [ ] manual\n")
	v, err := h.pipeline.Run(context.Background(), h.request())
	require.NoError(t, err)
	require.Nil(t, v.Problem)
	assert.Equal(t, "subject\npub begin\nworkspace\nrunners\nfill\npub publish needs_fix\nrelease runners\nrelease workspace", h.ev.String(),
		"begin before the workspace is fetched; release after publishing, last acquired first")
	assert.ElementsMatch(t, []string{"ok", "fail"}, h.ran)
	assert.Equal(t, "KAN-1", v.Key)
	assert.True(t, v.FromSubject)
	assert.Equal(t, "run-1", v.Summary.RunID)
	assert.Equal(t, "c1", v.Summary.Commit)
	require.Len(t, h.artifacts.runs, 1)
	assert.Equal(t, "reports", h.artifacts.dirs[0], "the configuration's artifacts directory when the request names none")
	assert.Equal(t, 1, h.artifacts.runs[0].ManualCount)
}

func TestPipelineFallsBackToTheStoryFile(t *testing.T) {
	t.Parallel()
	h := newPipelineHarness(t, "no task list here")
	h.source.files["c1:docs/stories/KAN-1.md"] = "- [ ] a `ok`\n"
	v, err := h.pipeline.Run(context.Background(), h.request())
	require.NoError(t, err)
	require.Nil(t, v.Problem)
	assert.False(t, v.FromSubject)
	assert.Equal(t, "`docs/stories/KAN-1.md`", v.ChecklistSource)
	assert.Equal(t, []string{"ok"}, h.ran)
}

func TestPipelineProblemsStopBeforeRunning(t *testing.T) {
	t.Parallel()
	tests := map[string]struct {
		body, title string
		files       map[string]string
		required    bool
		want        ProblemKind
		wantText    string
	}{
		"no key":             {body: "- [ ] a `ok`\n", title: "greet", want: ProblemNoChecklist, wantText: "no story key"},
		"no checklist":       {body: "prose", title: "KAN-1", want: ProblemNoChecklist, wantText: "docs/stories/KAN-1.md"},
		"bad config":         {body: "- [ ] a `ok`\n", title: "KAN-1", files: map[string]string{"main:.autoverify.yml": "timeout: 5m\n"}, want: ProblemConfig, wantText: "field timeout not found"},
		"bad timeout":        {body: "- [ ] a `ok`\n", title: "KAN-1", files: map[string]string{"main:.autoverify.yml": "command_timeout: soon\n"}, want: ProblemConfig, wantText: "command_timeout"},
		"devcontainer":       {body: "- [ ] a `ok`\n", title: "KAN-1", files: map[string]string{"main:.autoverify.yml": "environments:\n  dc:\n    devcontainer: true\n"}, want: ProblemConfig, wantText: "devcontainer"},
		"required not utf-8": {body: "- [ ] a\xff\n", title: "KAN-1", required: true, want: ProblemStory, wantText: "invalid UTF-8"},
		"required no items":  {body: "prose\n", title: "KAN-1", required: true, want: ProblemNoChecklist, wantText: "no checklist"},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			h := newPipelineHarness(t, tc.body)
			h.source.subject.Title, h.source.subject.ChecklistRequired = tc.title, tc.required
			for k, v := range tc.files {
				h.source.files[k] = v
			}
			v, err := h.pipeline.Run(context.Background(), h.request())
			require.NoError(t, err, "a problem is published, not returned")
			require.NotNil(t, v.Problem)
			assert.Equal(t, tc.want, v.Problem.Kind)
			assert.Contains(t, v.Problem.Error(), tc.wantText)
			assert.False(t, h.pub.began, "nothing began")
			assert.Same(t, v, h.pub.got, "the problem is published")
			assert.Empty(t, h.ran)
			assert.Empty(t, h.artifacts.runs, "nothing written")
		})
	}
}

func TestPipelineRefusedAfterBegin(t *testing.T) {
	t.Parallel()
	h := newPipelineHarness(t, "- [ ] b `fail`\n")
	for i := 0; i < 3; i++ {
		h.source.subject.Commit = fmt.Sprint("c", i)
		_, err := h.pipeline.Run(context.Background(), h.request())
		require.NoError(t, err)
	}
	h.ran, h.ev.log, h.artifacts.runs = nil, nil, nil
	v, err := h.pipeline.Run(context.Background(), h.request())
	require.NoError(t, err)
	require.NotNil(t, v.Problem)
	assert.Equal(t, ProblemRefused, v.Problem.Kind)
	var refused *ledger.RefusedError
	assert.ErrorAs(t, v.Problem, &refused)
	assert.Empty(t, h.ran)
	assert.Empty(t, h.artifacts.runs)
	assert.Equal(t, "subject\npub begin\nworkspace\nrunners\npub publish problem refused\nrelease runners\nrelease workspace", h.ev.String(),
		"a refusal completes what Begin started, and resources are still released")
}

// racingStore is a ledger store where another run takes the story's last
// verify cycles between this run's Peek and its reservation.
type racingStore struct {
	ledger.Store
	limits ledger.Limits
	once   sync.Once
}

func (s *racingStore) Update(ctx context.Context, key string, fn func(*ledger.Entry) error) (ledger.Entry, error) {
	s.once.Do(func() {
		_, _ = s.Store.Update(ctx, key, func(e *ledger.Entry) error {
			e.AutoVerifyRuns, e.LastRoute = s.limits.MaxVerifyCycles, ledger.NeedsFix
			return nil
		})
	})
	return s.Store.Update(ctx, key, fn)
}

// ctxRunner is a Runner that sees the command's context.
type ctxRunner struct {
	run func(ctx context.Context, cmd verify.Command) (verify.Result, error)
}

func (c *ctxRunner) Run(ctx context.Context, cmd verify.Command) (verify.Result, error) {
	return c.run(ctx, cmd)
}

func TestPipelineTransientErrorIsReturnedNotPublished(t *testing.T) {
	t.Parallel()
	h := newPipelineHarness(t, "- [ ] a `ok`\n")
	h.source.wsErr = errors.New("tarball: 502 Bad Gateway")
	v, err := h.pipeline.Run(context.Background(), h.request())
	require.ErrorContains(t, err, "verify: verifying KAN-1: tarball: 502")
	assert.Nil(t, v.Problem)
	assert.Nil(t, h.pub.got, "nothing published: the trigger retries")
}

// toyStage is what a new stage costs: a Check, and one line in the list of
// checks (here the test's own, since New's list is the production one).
type toyStage struct{ ran bool }

func (t *toyStage) Name() string { return "toy" }

func (t *toyStage) Check(_ context.Context, v *Verification) error {
	t.ran = true
	it := v.Story.Items[0]
	it.ID, it.Text, it.Command = "toy00001", "toy stage", "toy check"
	v.Report.Outcomes = append(v.Report.Outcomes, verify.Outcome{Item: it, FailureType: "TEST_FAILURE", Result: verify.Result{ExitCode: 3, Output: []byte("toy says no")}})
	return nil
}

func TestPipelineAddingAStageTouchesOnePlace(t *testing.T) {
	t.Parallel()
	h := newPipelineHarness(t, "- [ ] a `ok`\n")
	toy := &toyStage{}
	h.pipeline.Checks = append(h.pipeline.Checks, toy)
	v, err := h.pipeline.Run(context.Background(), h.request())
	require.NoError(t, err)
	require.True(t, toy.ran)
	assert.Equal(t, ledger.NeedsFix, v.Report.Route, "routing sees the stage's failure")
	require.Len(t, h.artifacts.runs[0].Results, 2, "evidence records it")
	assert.Equal(t, "toy check", h.artifacts.runs[0].Results[1].Command)
	entry, err := h.pipeline.Ledger.(*ledger.Ledger).Store.Get(context.Background(), "KAN-1")
	require.NoError(t, err)
	assert.Equal(t, 1, entry.History[0].Failed, "the ledger history counts it")
}

// revSource is a fakeSource that can fetch revisions (for the gates).
type revSource struct{ *fakeSource }

func (revSource) Extract(context.Context, string, string) error { return nil }

// A request for the gates alone (autoverify gates) reads no checklist —
// neither the subject's nor a story file — and runs nothing but the gates,
// on the key the request gives.
func TestPipelineGatesOnlyRunsOnlyTheGates(t *testing.T) {
	t.Parallel()
	h := newPipelineHarness(t, "- [ ] a `ok`\n")
	h.source.files["c1:docs/stories/gates-b-c1.md"] = "- [ ] b `fail`\n"
	f := &fakeGates{rep: gates.Report{Base: "b", Head: "c1", Gates: []gates.Evidence{{Gate: gates.Red, Classification: gates.Accept, Command: "go test"}}}}
	h.pipeline.Checks[0] = GatesCheck{Gates: f, Redactor: noRedact{}}
	req := h.request()
	req.Source, req.Key, req.GatesOnly, req.GateBase = revSource{h.source}, "gates-b-c1", true, "b"
	v, err := h.pipeline.Run(context.Background(), req)
	require.NoError(t, err)
	require.Nil(t, v.Problem)
	assert.Empty(t, h.ran, "no checklist item ran")
	assert.Empty(t, v.Story.Items)
	require.Len(t, f.jobs, 1)
	require.Len(t, v.Report.Outcomes, 1)
	assert.Equal(t, "gate-red", v.Report.Outcomes[0].Item.ID)
	assert.Equal(t, "gates-b-c1", v.Key)
	assert.False(t, v.Failed())
	assert.NotNil(t, v.Summary.Gates)
}
