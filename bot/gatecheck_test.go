package bot

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/engineo/autoverify/bot/failure"
	"github.com/engineo/autoverify/bot/gates"
	"github.com/engineo/autoverify/bot/settings"
	"github.com/engineo/autoverify/checklist"
)

// fakeGates is a GateRunner that records its jobs.
type fakeGates struct {
	jobs []GateJob
	rep  gates.Report
	err  error
}

func (f *fakeGates) RunGates(_ context.Context, job GateJob) (gates.Report, error) {
	f.jobs = append(f.jobs, job)
	return f.rep, f.err
}

// treeSource is a Source that can fetch revisions.
type treeSource struct{ Source }

func (treeSource) Extract(context.Context, string, string) error { return nil }

func gateStory(t *testing.T, src string) *checklist.Story {
	t.Helper()
	p, err := checklist.NewPolicy([]string{"go test"})
	require.NoError(t, err)
	s, err := checklist.Parse([]byte(src), p)
	require.NoError(t, err)
	return s
}

func TestGatesCheck(t *testing.T) {
	t.Parallel()
	story := gateStory(t, "<!-- AUTO:GATE=red GUARD=TestOld CMD=go test ./... -->\n- [ ] red\n<!-- AUTO:GATE=green CMD=go test ./... -->\n- [ ] green\n- [ ] plain `go test ./x`\n")
	rep := gates.Report{Base: "b", Head: "h", Gates: []gates.Evidence{
		{Gate: gates.Red, Classification: gates.RejectVanity, Reason: "1 already passes: TestNew", Command: "go test -run x", Duration: 1500 * time.Millisecond},
		{Gate: gates.Green, Classification: gates.Accept, Command: "go test -json ./...", Duration: time.Second, ExitCode: 1},
		{Gate: gates.Green, Classification: gates.Accept, Command: "go test -json ./...", Duration: 2 * time.Second},
	}}
	newV := func(src Source, req Request) *Verification {
		req.Source = src
		return &Verification{Request: req, Story: story, Key: "KAN-9", Subject: Subject{Commit: "h", BaseRef: "main", BaseCommit: "b"},
			Config: settings.Config{Allowlist: []string{"go test"}}, Workspace: "/work/tree"}
	}

	t.Run("items of one command share one run", func(t *testing.T) {
		t.Parallel()
		f := &fakeGates{rep: rep}
		v := newV(treeSource{}, Request{})
		require.NoError(t, GatesCheck{Gates: f}.Check(context.Background(), v))
		require.Len(t, f.jobs, 1)
		assert.Equal(t, "b", f.jobs[0].Base, "the base commit, not the branch")
		assert.Equal(t, "h", f.jobs[0].Head)
		assert.Equal(t, []string{"go", "test", "./..."}, f.jobs[0].Test)
		assert.Equal(t, map[string]bool{"TestOld": true}, f.jobs[0].Guards)
		assert.Equal(t, map[string]string{"mission_id": "KAN-9", "ac_index": "AC-1", "ac_title": "red", "project_root": "/work/tree"}, f.jobs[0].Vars,
			"the spec's variables")
		require.Len(t, v.Report.Outcomes, 2, "the plain item is the verifier's")
		assert.False(t, v.Report.Outcomes[0].Passed)
		assert.Equal(t, "reject_vanity", v.Report.Outcomes[0].Verdict)
		assert.Equal(t, failure.TestFailure, v.Report.Outcomes[0].FailureType)
		assert.True(t, v.Report.Outcomes[1].Passed)
		assert.Equal(t, 1500*time.Millisecond, v.Report.Outcomes[0].Result.Duration, "the gate's command's time")
		assert.Equal(t, 3*time.Second, v.Report.Outcomes[1].Result.Duration, "the time of every command of the gate")
		assert.Equal(t, 0, v.Report.Outcomes[0].Result.ExitCode, "the rejecting command's exit")
		assert.Equal(t, 1, v.Report.Outcomes[1].Result.ExitCode, "an accepted gate's first command's exit, not 0 for every pass")
		assert.Equal(t, &f.rep, v.Gates)
		_, err := f.jobs[0].Allowed("rm -rf /")
		assert.Error(t, err, "the allowlist guards what the runner picks")
	})

	t.Run("a gate that could not run is the setup's failure, not the change's", func(t *testing.T) {
		t.Parallel()
		setup := gates.Report{Base: "b", Head: "h", Gates: []gates.Evidence{
			{Gate: gates.Red, Classification: gates.RejectFailure, Setup: true, ExitCode: 1, Command: "go test -json ./...",
				Reason: "the test command could not run on the base, for the environment, not the change (ENV_ERROR): go: x: network is unreachable"},
			{Gate: gates.Green, Classification: gates.RejectFailure, ExitCode: 1, Command: "go test -json ./...", Reason: "1 new or changed tests do not pass at head"},
		}}
		f := &fakeGates{rep: setup}
		v := newV(treeSource{}, Request{Gates: true, GateBase: "b"})
		v.Story = gateStory(t, "- [ ] plain `go test ./x`\n")
		require.NoError(t, GatesCheck{Gates: f}.Check(context.Background(), v))
		require.Len(t, v.Report.Outcomes, 2)
		assert.Equal(t, failure.EnvError, v.Report.Outcomes[0].FailureType, "not a fixer's work")
		assert.Equal(t, "reject_failure", v.Report.Outcomes[0].Verdict)
		assert.Equal(t, failure.TestFailure, v.Report.Outcomes[1].FailureType, "a gate that ran keeps its type")
	})

	t.Run("a command with variables runs per item", func(t *testing.T) {
		t.Parallel()
		f := &fakeGates{rep: rep}
		v := newV(treeSource{}, Request{})
		v.Story = gateStory(t, "<!-- AUTO:GATE=red CMD=go test -run '{ac_title}' ./... -->\n- [ ] Parse dates\n<!-- AUTO:GATE=green CMD=go test -run '{ac_title}' ./... -->\n- [ ] Parse times\n")
		require.NoError(t, GatesCheck{Gates: f}.Check(context.Background(), v))
		require.Len(t, f.jobs, 2)
		assert.Equal(t, "parse-dates", f.jobs[0].Vars["ac_title"])
		assert.Equal(t, "AC-2", f.jobs[1].Vars["ac_index"])
	})

	t.Run("/verify gates adds one outcome per gate", func(t *testing.T) {
		t.Parallel()
		f := &fakeGates{rep: rep}
		v := newV(treeSource{}, Request{Gates: true, GateBase: "v1"})
		v.Story = gateStory(t, "- [ ] plain `go test ./x`\n")
		require.NoError(t, GatesCheck{Gates: f}.Check(context.Background(), v))
		require.Len(t, f.jobs, 1)
		assert.Equal(t, "v1", f.jobs[0].Base, "the request's base wins")
		assert.Nil(t, f.jobs[0].Test, "the runner picks the default")
		require.Len(t, v.Report.Outcomes, 2)
		assert.Equal(t, "gate-red", v.Report.Outcomes[0].Item.ID)
		assert.Equal(t, "gate-green", v.Report.Outcomes[1].Item.ID)
	})

	t.Run("autoverify gates: the request's test command, static check and guards", func(t *testing.T) {
		t.Parallel()
		f := &fakeGates{rep: rep}
		v := newV(treeSource{}, Request{Gates: true, GatesOnly: true, GateBase: "v1", GateTest: []string{"go", "test", "-json", "./..."},
			GateStatic: []string{"go", "vet", "./..."}, GateGuards: []string{"TestKept"}})
		v.Story = &checklist.Story{}
		require.NoError(t, GatesCheck{Gates: f}.Check(context.Background(), v))
		require.Len(t, f.jobs, 1)
		assert.Equal(t, []string{"go", "test", "-json", "./..."}, f.jobs[0].Test)
		assert.Equal(t, []string{"go", "vet", "./..."}, f.jobs[0].Static)
		assert.Equal(t, map[string]bool{"TestKept": true}, f.jobs[0].Guards)
		assert.Equal(t, "/work/tree", f.jobs[0].Vars["project_root"])
		require.Len(t, v.Report.Outcomes, 2, "one outcome per gate, nothing else")
	})

	t.Run("mutation: asked by the settings or a GATE=mutate item", func(t *testing.T) {
		t.Parallel()
		f := &fakeGates{rep: rep}
		v := newV(treeSource{}, Request{Gates: true})
		v.Story = gateStory(t, "- [ ] plain `go test ./x`\n")
		v.Config.Mutate, v.Config.MutateMax, v.Config.MutateThreshold, v.Config.Concurrency = true, 9, 0.7, 3
		require.NoError(t, GatesCheck{Gates: f}.Check(context.Background(), v))
		require.Len(t, f.jobs, 1)
		assert.True(t, f.jobs[0].Mutate)
		assert.Equal(t, 9, f.jobs[0].MutateMax)
		assert.Equal(t, 0.7, f.jobs[0].MutateThreshold)
		assert.Equal(t, 3, f.jobs[0].Concurrency, "the mutants run at most as many at once as the run's commands")

		mutated := rep
		mutated.Gates = append(slices.Clip(rep.Gates), gates.Evidence{Gate: gates.Mutate, Classification: gates.RejectWeak, Reason: "score 0.50 < 0.80"})
		f = &fakeGates{rep: mutated}
		v = newV(treeSource{}, Request{})
		v.Story = gateStory(t, "<!-- AUTO:GATE=green CMD=go test ./... -->\n- [ ] green\n<!-- AUTO:GATE=mutate CMD=go test ./... -->\n- [ ] the tests notice\n")
		require.NoError(t, GatesCheck{Gates: f}.Check(context.Background(), v))
		require.Len(t, f.jobs, 1, "the items share the run with mutants")
		assert.True(t, f.jobs[0].Mutate, "a GATE=mutate item turns mutation on")
		require.Len(t, v.Report.Outcomes, 2)
		assert.True(t, v.Report.Outcomes[0].Passed)
		assert.False(t, v.Report.Outcomes[1].Passed)
		assert.Equal(t, "reject_weak", v.Report.Outcomes[1].Verdict)

		f = &fakeGates{rep: rep}
		v = newV(treeSource{}, Request{})
		v.Story = gateStory(t, "<!-- AUTO:GATE=mutate CMD=go test ./... -->\n- [ ] the tests notice\n")
		require.NoError(t, GatesCheck{Gates: f}.Check(context.Background(), v))
		require.Len(t, v.Report.Outcomes, 1)
		assert.Equal(t, failure.EnvError, v.Report.Outcomes[0].FailureType, "no VERIFY_MUTATE in the report: it did not run")
		assert.Contains(t, v.Report.Outcomes[0].Reason, "VERIFY_MUTATE did not run")

		// The gates say why IMPLEMENT could not run: the item says so.
		unrun := rep
		unrun.Unrun = []gates.Unrun{{Gate: gates.Implement, Reason: "`python3 -m pyflakes .` is not installed where the commands run"}}
		f = &fakeGates{rep: unrun}
		v = newV(treeSource{}, Request{})
		v.Story = gateStory(t, "<!-- AUTO:GATE=implement CMD=go test ./... -->\n- [ ] static checks\n")
		require.NoError(t, GatesCheck{Gates: f}.Check(context.Background(), v))
		require.Len(t, v.Report.Outcomes, 1)
		assert.False(t, v.Report.Outcomes[0].Passed)
		assert.Equal(t, "VERIFY_IMPLEMENT did not run: `python3 -m pyflakes .` is not installed where the commands run", v.Report.Outcomes[0].Reason)
	})

	t.Run("nothing asks: nothing runs", func(t *testing.T) {
		t.Parallel()
		f := &fakeGates{rep: rep}
		v := newV(treeSource{}, Request{})
		v.Story = gateStory(t, "- [ ] plain `go test ./x`\n")
		require.NoError(t, GatesCheck{Gates: f}.Check(context.Background(), v))
		assert.Empty(t, f.jobs)
		assert.Empty(t, v.Report.Outcomes)
	})

	t.Run("a source that cannot fetch revisions, or a failing run", func(t *testing.T) {
		t.Parallel()
		f := &fakeGates{rep: rep}
		v := newV(nil, Request{})
		require.NoError(t, GatesCheck{Gates: f}.Check(context.Background(), v))
		assert.Empty(t, f.jobs)
		require.Len(t, v.Report.Outcomes, 2)
		assert.Equal(t, failure.EnvError, v.Report.Outcomes[0].FailureType)
		assert.Contains(t, v.Report.Outcomes[0].Reason, "cannot fetch the base's files")

		f = &fakeGates{err: errors.New("runner down")}
		v = newV(treeSource{}, Request{})
		require.NoError(t, GatesCheck{Gates: f}.Check(context.Background(), v))
		require.Len(t, v.Report.Outcomes, 2)
		assert.Contains(t, v.Report.Outcomes[0].Reason, "runner down")
		assert.Len(t, f.jobs, 1, "a failed run is not tried again for the next item")
		assert.False(t, v.Report.Outcomes[1].Passed)
	})
}
