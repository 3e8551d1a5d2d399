package bot

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/engineo/autoverify/bot/failure"
	"github.com/engineo/autoverify/bot/verify"
	"github.com/engineo/autoverify/checklist"
	"github.com/engineo/autoverify/ledger"
	"github.com/engineo/autoverify/ledger/bolt"
)

// fakeRunner answers from a function, so each test says what its commands
// do.
type fakeRunner struct {
	run func(cmd verify.Command) (verify.Result, error)
}

func (f *fakeRunner) Run(_ context.Context, cmd verify.Command) (verify.Result, error) {
	return f.run(cmd)
}

type upperRedactor struct{}

func (upperRedactor) Bytes(b []byte) []byte {
	return bytes.ReplaceAll(b, []byte("secret"), []byte("[REDACTED]"))
}

func story(t *testing.T, src string) *checklist.Story {
	t.Helper()
	p, err := checklist.NewPolicy([]string{"ok", "fail", "slow", "fix", "red"})
	require.NoError(t, err)
	s, err := checklist.Parse([]byte(src), p)
	require.NoError(t, err)
	return s
}

func TestVerifyRunsAutoItemsInParallelAndKeepsStoryOrder(t *testing.T) {
	t.Parallel()
	var running, peak atomic.Int32
	r := &fakeRunner{run: func(cmd verify.Command) (verify.Result, error) {
		n := running.Add(1)
		for {
			p := peak.Load()
			if n <= p || peak.CompareAndSwap(p, n) {
				break
			}
		}
		defer running.Add(-1)
		if cmd.Argv[0] == "slow" {
			time.Sleep(50 * time.Millisecond)
		}
		time.Sleep(10 * time.Millisecond)
		return verify.Result{ExitCode: map[string]int{"fail": 1}[cmd.Argv[0]], Output: []byte("a secret here")}, nil
	}}
	s := story(t, "- [ ] `slow`\n- [x] `ok`\n- [ ] manual\n- [ ] `fail`\n- [ ] `ok 2`\n")
	v := &verify.Verifier{Runner: r, Redactor: upperRedactor{}, Concurrency: 2}
	out, err := v.Verify(context.Background(), s.Items, t.TempDir())
	require.NoError(t, err)
	require.Len(t, out, 4, "manual items are not run")
	var cmds []string
	for _, o := range out {
		cmds = append(cmds, o.Item.Command)
	}
	assert.Equal(t, []string{"slow", "ok", "fail", "ok 2"}, cmds)
	assert.True(t, out[0].Passed)
	assert.False(t, out[2].Passed)
	assert.Equal(t, failure.Unknown, out[2].FailureType)
	assert.Equal(t, "a [REDACTED] here", string(out[1].Result.Output))
	assert.Equal(t, int32(2), peak.Load(), "bounded by Concurrency")
}

func TestVerifyRequiredExitCode(t *testing.T) {
	t.Parallel()
	r := &fakeRunner{run: func(cmd verify.Command) (verify.Result, error) {
		return verify.Result{ExitCode: map[string]int{"red": 1}[cmd.Argv[0]]}, nil
	}}
	s := story(t, "<!-- AUTO:EXIT=1 CMD=red -->\n- [ ] fails as wanted\n<!-- AUTO:EXIT=1 CMD=ok -->\n- [ ] passes but should fail\n")
	out, err := (&verify.Verifier{Runner: r}).Verify(context.Background(), s.Items, "")
	require.NoError(t, err)
	assert.True(t, out[0].Passed)
	assert.False(t, out[1].Passed)
	assert.Equal(t, failure.TestFailure, out[1].FailureType)
}

func TestVerifyRunnerUnavailableIsEnvError(t *testing.T) {
	t.Parallel()
	r := &fakeRunner{run: func(verify.Command) (verify.Result, error) { return verify.Result{}, errors.New("engine down") }}
	out, err := (&verify.Verifier{Runner: r}).Verify(context.Background(), story(t, "- [ ] `ok`\n").Items, "")
	require.NoError(t, err)
	assert.Equal(t, failure.EnvError, out[0].FailureType)
	assert.Contains(t, string(out[0].Result.Output), "engine down")
}

func TestMarkText(t *testing.T) {
	t.Parallel()
	assert.Equal(t, "Auto-verified: PASS (see `e.txt`)", verify.MarkText(verify.Outcome{Passed: true}, "e.txt"))
	assert.Equal(t, "Auto-verified: FAIL — LINT_ERROR, exit code 2 (see `e.txt`)",
		verify.MarkText(verify.Outcome{FailureType: failure.LintError, Result: verify.Result{ExitCode: 2}}, "e.txt"))
	assert.Equal(t, "Auto-verified: FAIL — TIMEOUT after 10m0s (see `e.txt`)",
		verify.MarkText(verify.Outcome{FailureType: failure.Timeout, Result: verify.Result{ExitCode: 124, TimedOut: true, Duration: 10 * time.Minute}}, "e.txt"))
}

func newLedger(t *testing.T) *ledger.Ledger {
	t.Helper()
	st, err := bolt.Open(t.TempDir())
	require.NoError(t, err)
	t.Cleanup(func() { st.Close() })
	return &ledger.Ledger{Store: st, Limits: ledger.DefaultLimits}
}

// fakeCommitter records the commit messages a session asks for.
type fakeCommitter struct {
	mu       sync.Mutex
	messages []string
}

func (c *fakeCommitter) Prepare(context.Context) error { return nil }
func (c *fakeCommitter) Commit(_ context.Context, msg string) (string, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.messages = append(c.messages, msg)
	return strings.Repeat("a", 40), nil
}

func TestSessionAutoFixThenVerified(t *testing.T) {
	t.Parallel()
	var fixed atomic.Bool
	r := &fakeRunner{run: func(cmd verify.Command) (verify.Result, error) {
		switch cmd.Argv[0] {
		case "fix":
			fixed.Store(true)
			return verify.Result{}, nil
		case "fail":
			if fixed.Load() {
				return verify.Result{}, nil
			}
			return verify.Result{ExitCode: 1, Output: []byte("✖ 1 problem (1 error, 0 warnings)\n")}, nil
		}
		return verify.Result{}, nil
	}}
	p, _ := checklist.NewPolicy([]string{"fix"})
	fixers, err := FixersFrom(map[string]string{"lint_error": "fix --all"}, p)
	require.NoError(t, err)
	l := newLedger(t)
	c := &fakeCommitter{}
	s := &Session{Verifier: &verify.Verifier{Runner: r}, Ledger: l, Limits: l.Limits, Fixers: fixers, Committer: c}
	rep, err := s.Run(context.Background(), Cycle{Key: "K-1", Story: story(t, "- [ ] `ok`\n- [ ] `fail`\n"), Commit: "c1"})
	require.NoError(t, err)
	assert.Equal(t, ledger.Verified, rep.Route, rep.Reason)
	require.Len(t, rep.Fixes, 1)
	assert.Equal(t, strings.Repeat("a", 40), rep.Fixes[0].Commit)
	assert.Contains(t, c.messages[0], "auto-fix LINT_ERROR in K-1 with `fix --all`")
	assert.Equal(t, 2, rep.Entry.AutoVerifyRuns, "the fix's re-verification is a cycle")
	assert.Equal(t, 1, rep.Entry.AutoFixAttempts)
}

func TestSessionAutoFixStopsAtTheLimits(t *testing.T) {
	t.Parallel()
	r := &fakeRunner{run: func(cmd verify.Command) (verify.Result, error) {
		if cmd.Argv[0] == "fail" {
			return verify.Result{ExitCode: 1, Output: []byte("✖ 1 problem (1 error, 0 warnings)\n")}, nil
		}
		return verify.Result{}, nil
	}}
	p, _ := checklist.NewPolicy([]string{"fix"})
	fixers, _ := FixersFrom(map[string]string{"LINT_ERROR": "fix"}, p)
	l := newLedger(t)
	s := &Session{Verifier: &verify.Verifier{Runner: r}, Ledger: l, Limits: l.Limits, Fixers: fixers}
	rep, err := s.Run(context.Background(), Cycle{Key: "K-2", Story: story(t, "- [ ] `fail`\n"), Commit: "c1"})
	require.NoError(t, err)
	assert.Equal(t, ledger.HumanAttention, rep.Route, rep.Reason)
	assert.LessOrEqual(t, rep.Entry.AutoFixAttempts, 2)
	assert.LessOrEqual(t, rep.Entry.AutoVerifyRuns, 3)

	_, err = s.Run(context.Background(), Cycle{Key: "K-2", Story: story(t, "- [ ] `fail`\n"), Commit: "c2"})
	if rep.Entry.AutoVerifyRuns == 3 {
		var refused *ledger.RefusedError
		assert.ErrorAs(t, err, &refused)
	}
}

func TestSessionNeverFixesEnvErrors(t *testing.T) {
	t.Parallel()
	_, err := FixersFrom(map[string]string{"ENV_ERROR": "fix"}, checklist.Policy{})
	assert.ErrorContains(t, err, "never auto-fixed")
	_, err = FixersFrom(map[string]string{"TIMEOUT": "fix"}, checklist.Policy{})
	assert.ErrorContains(t, err, "never auto-fixed")
	_, err = FixersFrom(map[string]string{"LINT_ERROR": "rm -rf /"}, checklist.Policy{})
	assert.ErrorContains(t, err, "allowlist")
}

func TestTransientRunnerErrorsAreRetriedOthersAreNot(t *testing.T) {
	t.Parallel()
	s := story(t, "- [ ] `ok`\n")
	for name, tc := range map[string]struct {
		errs      []error
		passed    bool
		calls     int
		wantInOut string
	}{
		"transient then ok":      {errs: []error{verify.Transient(errors.New("engine unreachable")), verify.Transient(errors.New("engine unreachable"))}, passed: true, calls: 3},
		"transient every time":   {errs: []error{verify.Transient(errors.New("e1")), verify.Transient(errors.New("e2")), verify.Transient(errors.New("e3"))}, calls: 3, wantInOut: "tried 3 times): e3"},
		"permanent: not retried": {errs: []error{errors.New("image not found")}, calls: 1, wantInOut: "runner could not run the command: image not found"},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			var calls atomic.Int32
			r := &fakeRunner{run: func(cmd verify.Command) (verify.Result, error) {
				n := int(calls.Add(1)) - 1
				if n < len(tc.errs) {
					return verify.Result{}, tc.errs[n]
				}
				return verify.Result{}, nil
			}}
			v := &verify.Verifier{Runner: r, RetryDelay: func(int) time.Duration { return time.Millisecond }}
			out, err := v.Verify(context.Background(), s.Items, t.TempDir())
			require.NoError(t, err)
			assert.Equal(t, tc.passed, out[0].Passed)
			assert.EqualValues(t, tc.calls, calls.Load())
			if !tc.passed {
				assert.Equal(t, failure.EnvError, out[0].FailureType, "a runner error is never a code failure")
				assert.Contains(t, string(out[0].Result.Output), tc.wantInOut)
			}
		})
	}
}

func TestCheckedManualItemsAreNotRemaining(t *testing.T) {
	t.Parallel()
	r := &fakeRunner{run: func(verify.Command) (verify.Result, error) { return verify.Result{}, nil }}
	for body, want := range map[string]ledger.Route{
		"- [ ] `ok`\n- [x] a person checked this\n": ledger.Verified,
		"- [ ] `ok`\n- [ ] nobody checked this\n":   ledger.HumanReview,
	} {
		store, err := bolt.Open(t.TempDir())
		require.NoError(t, err)
		sess := &Session{Verifier: &verify.Verifier{Runner: r}, Ledger: &ledger.Ledger{Store: store, Limits: ledger.DefaultLimits}, Limits: ledger.DefaultLimits}
		s := story(t, body)
		rep, err := sess.Run(context.Background(), Cycle{Key: "KAN-1", Story: s, Dir: t.TempDir()})
		require.NoError(t, err)
		assert.Equal(t, want, rep.Route, body)
		rec := NewRecord("KAN-1", s, rep, nil)
		assert.Equal(t, map[ledger.Route]int{ledger.Verified: 0, ledger.HumanReview: 1}[want], rec.Evidence.ManualCount, "manual_count counts what remains")
		store.Close()
	}
}

func TestUnknownFailuresMayBeAutoFixed(t *testing.T) {
	t.Parallel()
	p, err := checklist.NewPolicy([]string{"fix"})
	require.NoError(t, err)
	fixers, err := FixersFrom(map[string]string{"UNKNOWN": "fix all"}, p)
	require.NoError(t, err, "only ENV_ERROR and TIMEOUT are barred from auto-fix")
	assert.Equal(t, failure.Unknown, fixers[failure.Unknown].Type)
	for _, barred := range []string{"ENV_ERROR", "TIMEOUT"} {
		_, err := FixersFrom(map[string]string{barred: "fix all"}, p)
		assert.ErrorContains(t, err, "never auto-fixed", barred)
	}
}
