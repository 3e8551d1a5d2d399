package cli

import (
	"bytes"
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/engineo/autoverify/bot"
	"github.com/engineo/autoverify/bot/gates"
	"github.com/engineo/autoverify/bot/report"
	"github.com/engineo/autoverify/bot/verify"
	"github.com/engineo/autoverify/checklist"
)

func TestExitCode(t *testing.T) {
	t.Parallel()
	ran := func(items ...report.Item) *bot.Verification {
		return &bot.Verification{Summary: report.Run{RunID: "r", Items: items}}
	}
	pass := report.Item{Kind: "auto", Ran: true, Passed: true}
	fail := report.Item{Kind: "auto", Ran: true}
	for name, tc := range map[string]struct {
		v    *bot.Verification
		err  error
		want int
	}{
		"all passed":         {ran(pass, report.Item{Kind: "manual"}), nil, ExitOK},
		"one failed":         {ran(pass, fail), nil, ExitFailed},
		"rejected":           {ran(pass, report.Item{Kind: "rejected"}), nil, ExitFailed},
		"publisher failed":   {ran(pass), errors.New("jira: 500"), ExitFailed},
		"ledger not written": {&bot.Verification{Summary: report.Run{RunID: "r"}, LedgerErr: errors.New("redis")}, nil, ExitFailed},
		"bad input":          {&bot.Verification{Problem: &bot.Problem{Kind: bot.ProblemConfig, Err: errors.New("x")}}, nil, ExitBadInput},
		"refused":            {&bot.Verification{Problem: &bot.Problem{Kind: bot.ProblemRefused, Err: errors.New("x")}}, nil, ExitFailed},
		"nothing ran":        {&bot.Verification{}, errors.New("verify: ENV_ERROR: redis down"), ExitFailed},
		"a gate rejected": {&bot.Verification{Summary: report.Run{RunID: "r"},
			Report: bot.Report{Outcomes: []verify.Outcome{{Item: checklist.Item{ID: "gate-red"}}}}}, nil, ExitFailed},
	} {
		var stderr bytes.Buffer
		assert.Equal(t, tc.want, ExitCode(tc.v, tc.err, &stderr), name)
		if name == "nothing ran" {
			assert.Equal(t, "autoverify: verify: ENV_ERROR: redis down\n", stderr.String(), "an error no publisher printed is printed")
		}
	}
}

func TestTerminalMarksTheStoryAsItIsNow(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "KAN-1.md")
	policy, err := checklist.NewPolicy([]string{"ok"})
	require.NoError(t, err)
	story, err := checklist.Parse([]byte("- [ ] a `ok`\n"), policy)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(path, []byte("Edited during the run.\n\n- [ ] a `ok`\n"), 0o644))
	var out, errb bytes.Buffer
	term := &Terminal{Stdout: &out, Stderr: &errb, WriteFile: func(p string, b []byte, perm fs.FileMode) error { return os.WriteFile(p, b, perm) }}
	v := &bot.Verification{Key: "KAN-1", Story: story, ChecklistSource: path,
		Record: bot.Record{Outcomes: []verify.Outcome{{Item: story.Items[0], Passed: true}}}}
	v.Files.Evidence = "/r/KAN-1-evidence-x.txt"
	require.NoError(t, term.Publish(context.Background(), v))
	got, _ := os.ReadFile(path)
	assert.Equal(t, "Edited during the run.\n\n- [x] a `ok`\n  - Auto-verified: PASS (see `KAN-1-evidence-x.txt`) <!-- AUTO-VERIFY:"+story.Items[0].ID+" -->\n", string(got))
	assert.Contains(t, out.String(), "KAN-1: 1/1 automated items passed")
	assert.Contains(t, out.String(), "Story:    "+path+" updated with 1 marker")
}

func TestAnnounceSaysWhatHappened(t *testing.T) {
	t.Parallel()
	var out, errb bytes.Buffer
	failing := errors.New("jira: 401")
	for _, err := range []error{nil, failing} {
		out.Reset()
		errb.Reset()
		a := Announce{Publisher: publishFunc(func() error { return err }), Stdout: &out, Stderr: &errb, What: "reporting to Jira",
			Done: func(v *bot.Verification) string { return "Jira:     commented on " + v.Key }}
		got := a.Publish(context.Background(), &bot.Verification{Key: "KAN-1", Summary: report.Run{RunID: "r"}})
		assert.Equal(t, err, got)
		if err == nil {
			assert.Equal(t, "Jira:     commented on KAN-1\n", out.String())
		} else {
			assert.Equal(t, "autoverify: reporting to Jira: jira: 401 (evidence was written)\n", errb.String())
		}
	}
	called := false
	a := Announce{Publisher: publishFunc(func() error { called = true; return nil }), Stdout: &out, Stderr: &errb}
	require.NoError(t, a.Publish(context.Background(), &bot.Verification{Problem: &bot.Problem{Kind: bot.ProblemConfig, Err: failing}}))
	assert.False(t, called, "a run that stopped on a problem is not reported elsewhere")
}

type publishFunc func() error

func (publishFunc) Begin(context.Context, *bot.Verification) error     { return nil }
func (f publishFunc) Publish(context.Context, *bot.Verification) error { return f() }

// TestTerminalMarksOnceAtMark: the pipeline's Mark writes the story
// (while the ledger records the run); Publish then only prints, saying
// the story was updated, and reports a marking error in its place.
func TestTerminalMarksOnceAtMark(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "KAN-1.md")
	policy, err := checklist.NewPolicy([]string{"ok"})
	require.NoError(t, err)
	story, err := checklist.Parse([]byte("- [ ] a `ok`\n"), policy)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(path, []byte("- [ ] a `ok`\n"), 0o644))
	writes := 0
	var out, errb bytes.Buffer
	term := &Terminal{Stdout: &out, Stderr: &errb, WriteFile: func(p string, b []byte, perm fs.FileMode) error {
		writes++
		return os.WriteFile(p, b, perm)
	}}
	v := &bot.Verification{Key: "KAN-1", Story: story, ChecklistSource: path,
		Record: bot.Record{Outcomes: []verify.Outcome{{Item: story.Items[0], Passed: true}}}}
	v.Files.Evidence = "/r/KAN-1-evidence-x.txt"
	require.NoError(t, term.Mark(context.Background(), v))
	assert.Equal(t, 1, writes, "Mark writes the story")
	assert.Empty(t, out.String(), "Mark prints nothing")
	require.NoError(t, term.Publish(context.Background(), v))
	assert.Equal(t, 1, writes, "Publish does not write it again")
	assert.Contains(t, out.String(), "Story:    "+path+" updated with 1 marker")

	// A story that cannot be read: Mark keeps the error, Publish says it
	// (after the ledger's error, as before) and returns it.
	v2 := &bot.Verification{Key: "KAN-2", Story: story, ChecklistSource: filepath.Join(t.TempDir(), "gone.md"),
		Record: bot.Record{Outcomes: []verify.Outcome{{Item: story.Items[0], Passed: true}}}, LedgerErr: errors.New("ledger: disk full")}
	require.NoError(t, term.Mark(context.Background(), v2))
	errb.Reset()
	err = term.Publish(context.Background(), v2)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "re-reading story")
	assert.Regexp(t, `(?s)ledger: disk full.*re-reading story`, errb.String())
}

// A run of the gates alone prints their report; with JSON, stdout holds
// the report and nothing else, whether the gates ran, could not run, or
// the ledger refused the run.
func TestTerminalGatesOnly(t *testing.T) {
	t.Parallel()
	rep := &gates.Report{Base: "b", Head: "h", Gates: []gates.Evidence{{Gate: gates.Red, Command: "go test", Classification: gates.Accept}}}
	ran := &bot.Verification{Key: "gates-b-h", Story: &checklist.Story{}, Gates: rep,
		Report: bot.Report{Outcomes: []verify.Outcome{{Item: checklist.Item{ID: "gate-red"}, Passed: true}}}}
	cantRun := &bot.Verification{Key: "gates-b-h", Story: &checklist.Story{},
		Report: bot.Report{Outcomes: []verify.Outcome{{Item: checklist.Item{ID: "gate-red"}, Reason: "gates cannot run here"}}}}
	refused := &bot.Verification{Key: "gates-b-h", Problem: &bot.Problem{Kind: bot.ProblemRefused, Err: errors.New("3 of 3 verify cycles used")}}
	for name, tc := range map[string]struct {
		v                 *bot.Verification
		json              bool
		stdout, notStdout string
		stderr            string
	}{
		"text":          {ran, false, "gates b..h: every gate accepts", "", ""},
		"json":          {ran, true, `"classification": "accept"`, "Ledger:", "Ledger:   verify cycles"},
		"cannot run":    {cantRun, true, "", "Ledger:", "autoverify: gates cannot run here"},
		"refused, json": {refused, true, "", "refused", "gates-b-h: refused — 3 of 3 verify cycles used"},
		"refused, text": {refused, false, "gates-b-h: refused", "", ""},
	} {
		var out, errb bytes.Buffer
		term := &Terminal{Stdout: &out, Stderr: &errb, GatesOnly: true, JSON: tc.json}
		require.NoError(t, term.Publish(context.Background(), tc.v), name)
		if tc.stdout == "" {
			assert.Empty(t, out.String(), name)
		} else {
			assert.Contains(t, out.String(), tc.stdout, name)
		}
		if tc.notStdout != "" {
			assert.NotContains(t, out.String(), tc.notStdout, name)
		}
		assert.Contains(t, errb.String(), tc.stderr, name)
	}
}
