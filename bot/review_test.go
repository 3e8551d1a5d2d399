package bot

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/engineo/autoverify/bot/consensus"
	"github.com/engineo/autoverify/bot/failure"
	"github.com/engineo/autoverify/bot/verify"
	"github.com/engineo/autoverify/checklist"
	"github.com/engineo/autoverify/ledger"
)

// numberedCopies hands out /ws-2, /ws-3, … as the reviewers' copies of
// /ws, so a fake runner can tell the reviewers apart by their directory.
type numberedCopies struct {
	mu       sync.Mutex
	clones   int
	released int
}

func (c *numberedCopies) Clone(_ context.Context, dir string) (string, func(), error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.clones++
	return fmt.Sprintf("%s-%d", dir, c.clones+1), func() {
		c.mu.Lock()
		c.released++
		c.mu.Unlock()
	}, nil
}

func reviewSession(t *testing.T, r verify.Runner, n int, fixers map[failure.Type]Fixer) (*Session, *numberedCopies) {
	t.Helper()
	l := newLedger(t)
	copies := &numberedCopies{}
	return &Session{Verifier: &verify.Verifier{Runner: r, Reviewing: &verify.Reviewing{N: n, Workspaces: copies}, RetryDelay: func(int) time.Duration { return 0 }},
		Ledger: l, Limits: l.Limits, Fixers: fixers, Committer: &fakeCommitter{}}, copies
}

func runStory(t *testing.T, s *Session, src string) Report {
	t.Helper()
	rep, err := s.Run(context.Background(), Cycle{Key: "K-1", RunID: "run-1", Story: story(t, src), Dir: "/ws", Commit: "c1"})
	require.NoError(t, err)
	return rep
}

func TestReviewersVerifyADeterministicPass(t *testing.T) {
	t.Parallel()
	var dirs sync.Map
	r := &fakeRunner{run: func(cmd verify.Command) (verify.Result, error) {
		dirs.Store(cmd.HostDir(), true)
		// The reviewer's own directory and a duration differ; the result
		// does not.
		return verify.Result{Output: []byte(fmt.Sprintf("ok  example.com/pkg  0.0%d1s\nran in %s\n", len(cmd.HostDir()), cmd.HostDir()))}, nil
	}}
	s, copies := reviewSession(t, r, 3, nil)
	rep := runStory(t, s, "- [ ] a `ok`\n- [ ] b `ok -v`\n")
	assert.Equal(t, ledger.Verified, rep.Route, rep.Reason)
	assert.Equal(t, "verified", rep.VerificationStatus)
	require.Len(t, rep.Verifications, 2)
	for _, v := range rep.Verifications {
		assert.Equal(t, "verified", v.Status)
		require.Len(t, v.VerifierResults, 3)
		assert.NotEmpty(t, v.ConsensusDigest)
		for i, vr := range v.VerifierResults {
			assert.Equal(t, fmt.Sprintf("reviewer-%d", i+1), vr.VerifierID)
			assert.Equal(t, "pass", vr.Status)
			assert.Equal(t, v.ConsensusDigest, vr.Digest)
		}
	}
	for _, d := range []string{"/ws", "/ws-2", "/ws-3"} {
		_, ok := dirs.Load(d)
		assert.True(t, ok, "a reviewer ran in %s", d)
	}
	assert.Equal(t, 2, copies.clones, "one copy per extra reviewer per verification, not per check")
	assert.Equal(t, 2, copies.released, "copies are removed")
	assert.Equal(t, "verified", rep.Entry.History[len(rep.Entry.History)-1].VerificationStatus, "persisted with the run")
	assert.Len(t, rep.Entry.History[len(rep.Entry.History)-1].Verifications, 2)
}

func TestAFlakyPassIsEscalatedAndSpendsNoFixAttempt(t *testing.T) {
	t.Parallel()
	var fixes atomic.Int32
	r := &fakeRunner{run: func(cmd verify.Command) (verify.Result, error) {
		if cmd.Argv[0] == "fix" {
			fixes.Add(1)
			return verify.Result{}, nil
		}
		// Reviewer 1 (the workspace itself) passes; reviewer 2 fails.
		if cmd.HostDir() == "/ws" {
			return verify.Result{Output: []byte("--- PASS: TestA\n--- PASS: TestFlaky\nPASS\n")}, nil
		}
		return verify.Result{ExitCode: 1, Output: []byte("--- PASS: TestA\n--- FAIL: TestFlaky\n    x_test.go:9: got 2\nFAIL\n")}, nil
	}}
	p, _ := checklist.NewPolicy([]string{"fix"})
	fixers, err := FixersFrom(map[string]string{"TEST_FAILURE": "fix", "UNKNOWN": "fix"}, p)
	require.NoError(t, err)
	s, _ := reviewSession(t, r, 2, fixers)
	s.Verifier.Reviewing.Tests = goTestLines
	rep := runStory(t, s, "- [ ] tests `ok`\n")

	assert.Equal(t, ledger.HumanAttention, rep.Route)
	assert.Contains(t, rep.Reason, "independent reviewers disagreed")
	assert.Contains(t, rep.Reason, "no auto-fix attempt was spent")
	assert.Zero(t, fixes.Load(), "no fixer runs on a disagreement")
	assert.Zero(t, rep.Entry.AutoFixAttempts)
	assert.Equal(t, "escalated", rep.VerificationStatus)
	o := rep.Outcomes[0]
	require.NotNil(t, o.Review)
	assert.False(t, o.Passed)
	assert.Equal(t, consensus.FlakyTests, o.Review.Reason)
	assert.Equal(t, []string{"TestFlaky"}, o.Review.Flaky)
	assert.Equal(t, failure.TestFailure, o.FailureType)
	out := string(o.Result.Output)
	assert.Contains(t, out, "=== reviewer 1: exit 0")
	assert.Contains(t, out, "=== reviewer 2: TEST_FAILURE, exit 1")
	assert.Contains(t, out, "x_test.go:9: got 2", "every reviewer's evidence is attached")
	assert.Contains(t, o.Reason, "escalated: flaky")
}

func TestPassesWithDifferentResultsAreEscalated(t *testing.T) {
	t.Parallel()
	var n atomic.Int32
	r := &fakeRunner{run: func(cmd verify.Command) (verify.Result, error) {
		return verify.Result{Output: []byte(fmt.Sprintf("checksum %d\n", n.Add(1)))}, nil
	}}
	s, _ := reviewSession(t, r, 2, nil)
	rep := runStory(t, s, "- [ ] a `ok`\n")
	assert.Equal(t, ledger.HumanAttention, rep.Route)
	o := rep.Outcomes[0]
	assert.Equal(t, consensus.DigestMismatch, o.Review.Reason)
	assert.Equal(t, failure.Unknown, o.FailureType, "nothing failed, and nothing is known to work")
	assert.Equal(t, "escalated", rep.Verifications[0].Status)
	assert.Equal(t, "digest_mismatch", rep.Verifications[0].Reason)
	assert.Empty(t, rep.Verifications[0].ConsensusDigest)
}

func TestAUnanimousFailureIsAnOrdinaryFailure(t *testing.T) {
	t.Parallel()
	var fixed atomic.Bool
	r := &fakeRunner{run: func(cmd verify.Command) (verify.Result, error) {
		switch {
		case cmd.Argv[0] == "fix":
			fixed.Store(true)
		case !fixed.Load():
			return verify.Result{ExitCode: 1, Output: []byte("--- FAIL: TestA\nFAIL\n")}, nil
		}
		return verify.Result{Output: []byte("PASS\n")}, nil
	}}
	p, _ := checklist.NewPolicy([]string{"fix"})
	fixers, _ := FixersFrom(map[string]string{"TEST_FAILURE": "fix"}, p)
	s, _ := reviewSession(t, r, 2, fixers)
	rep := runStory(t, s, "- [ ] a `ok`\n")
	assert.Equal(t, ledger.Verified, rep.Route, "the reviewers agreed it failed, so the fixer ran and the re-verification passed: %s", rep.Reason)
	assert.Equal(t, 1, rep.Entry.AutoFixAttempts)
	assert.Equal(t, "verified", rep.VerificationStatus)
}

func TestAReviewerWhoseRunnerIsDownIsRetriedAndAnnotated(t *testing.T) {
	t.Parallel()
	var downOnce atomic.Bool
	r := &fakeRunner{run: func(cmd verify.Command) (verify.Result, error) {
		if cmd.HostDir() == "/ws-2" && downOnce.CompareAndSwap(false, true) {
			return verify.Result{}, verify.Transient(fmt.Errorf("engine did not answer"))
		}
		return verify.Result{Output: []byte("ok\n")}, nil
	}}
	s, _ := reviewSession(t, r, 2, nil)
	rep := runStory(t, s, "- [ ] a `ok`\n")
	assert.Equal(t, ledger.Verified, rep.Route, rep.Reason)
	v := rep.Verifications[0]
	assert.Equal(t, "verified", v.Status)
	assert.Contains(t, v.VerifierResults[1].Summary, "answered on attempt 2")

	// Down for good: never a code failure, and a person is told.
	r2 := &fakeRunner{run: func(cmd verify.Command) (verify.Result, error) {
		if cmd.HostDir() == "/ws-2" {
			return verify.Result{}, verify.Transient(fmt.Errorf("engine did not answer"))
		}
		return verify.Result{Output: []byte("ok\n")}, nil
	}}
	s2, _ := reviewSession(t, r2, 2, nil)
	rep = runStory(t, s2, "- [ ] a `ok`\n")
	assert.Equal(t, ledger.HumanAttention, rep.Route)
	o := rep.Outcomes[0]
	assert.Equal(t, consensus.ReviewerError, o.Review.Reason)
	assert.Equal(t, failure.EnvError, o.FailureType, "an environment problem, not a code failure")
	assert.Equal(t, "error", rep.Verifications[0].VerifierResults[1].Status)
	assert.Contains(t, rep.Verifications[0].VerifierResults[1].Summary, "tried 3 times")
}

func TestReviewersShareTheConcurrencyBoundAndUseFreshRunners(t *testing.T) {
	t.Parallel()
	for _, bound := range []int{1, 4} {
		var running, peak atomic.Int32
		warm := &fakeRunner{run: func(verify.Command) (verify.Result, error) { return verify.Result{ExitCode: 9}, nil }}
		fresh := &fakeRunner{run: func(verify.Command) (verify.Result, error) {
			now := running.Add(1)
			for {
				p := peak.Load()
				if now <= p || peak.CompareAndSwap(p, now) {
					break
				}
			}
			time.Sleep(20 * time.Millisecond)
			running.Add(-1)
			return verify.Result{Output: []byte("ok\n")}, nil
		}}
		s, _ := reviewSession(t, freshOf{warm, fresh}, 2, nil)
		s.Verifier.Concurrency = bound
		rep := runStory(t, s, "- [ ] a `ok`\n- [ ] b `ok 2`\n")
		assert.Equal(t, ledger.Verified, rep.Route, "reviewers never use the warm runner: %s", rep.Reason)
		assert.LessOrEqual(t, int(peak.Load()), bound, "bound %d", bound)
		if bound > 1 {
			assert.Greater(t, int(peak.Load()), 1, "reviewers run in parallel")
		}
	}
}

// freshOf is a runner with warm instances: its own Run is the warm one.
type freshOf struct{ warm, fresh verify.Runner }

func (f freshOf) Run(ctx context.Context, cmd verify.Command) (verify.Result, error) {
	return f.warm.Run(ctx, cmd)
}
func (f freshOf) Fresh() verify.Runner { return f.fresh }

func TestOneReviewerIsNoReview(t *testing.T) {
	t.Parallel()
	var calls atomic.Int32
	r := &fakeRunner{run: func(verify.Command) (verify.Result, error) { calls.Add(1); return verify.Result{}, nil }}
	s, copies := reviewSession(t, r, 1, nil)
	rep := runStory(t, s, "- [ ] a `ok`\n")
	assert.Equal(t, ledger.Verified, rep.Route)
	assert.Equal(t, int32(1), calls.Load())
	assert.Zero(t, copies.clones)
	assert.Equal(t, "verified", rep.VerificationStatus, "stated with one reviewer too")
	assert.Empty(t, rep.Verifications)
	assert.Nil(t, rep.Outcomes[0].Review)
}

// goTestLines reads `go test -v` result lines: enough for these tests.
func goTestLines(_ []string, out []byte) map[string]string {
	m := map[string]string{}
	for _, line := range strings.Split(string(out), "\n") {
		for prefix, outcome := range map[string]string{"--- PASS: ": "pass", "--- FAIL: ": "fail", "--- SKIP: ": "skip"} {
			if name, ok := strings.CutPrefix(strings.TrimSpace(line), prefix); ok {
				m[strings.Fields(name)[0]] = outcome
			}
		}
	}
	return m
}

// TestFlakyTestsFromTheRunsOwnReading names the flaky test from the
// per-test outcomes each reviewer's run read from its output
// (bot/testresults), with no reader configured for reviewing.
func TestFlakyTestsFromTheRunsOwnReading(t *testing.T) {
	t.Parallel()
	r := &fakeRunner{run: func(cmd verify.Command) (verify.Result, error) {
		if cmd.HostDir() == "/ws" {
			return verify.Result{Output: []byte("=== RUN   TestA\n--- PASS: TestA (0.00s)\n=== RUN   TestFlaky\n--- PASS: TestFlaky (0.00s)\nPASS\nok  \texample.com/x\t0.01s\n")}, nil
		}
		return verify.Result{ExitCode: 1, Output: []byte("=== RUN   TestA\n--- PASS: TestA (0.00s)\n=== RUN   TestFlaky\n    x_test.go:9: got 2\n--- FAIL: TestFlaky (0.00s)\nFAIL\nFAIL\texample.com/x\t0.01s\n")}, nil
	}}
	s, _ := reviewSession(t, r, 2, nil)
	require.Nil(t, s.Verifier.Reviewing.Tests)
	rep := runStory(t, s, "- [ ] tests `ok`\n")
	o := rep.Outcomes[0]
	require.NotNil(t, o.Review)
	assert.Equal(t, consensus.FlakyTests, o.Review.Reason)
	assert.Equal(t, []string{"TestFlaky"}, o.Review.Flaky)
	assert.Equal(t, []string{"TestFlaky"}, o.Tests.FailedNames(), "the failing reviewer's tests stand for the check")
	assert.Equal(t, 2, o.Tests.Run)
}

// watchedCopies is numberedCopies that also notes, for each copy, how many
// fixes had run when it was made.
type watchedCopies struct {
	numberedCopies
	fixes   *atomic.Int32
	atFixes []int32
}

func (c *watchedCopies) Clone(ctx context.Context, dir string) (string, func(), error) {
	c.mu.Lock()
	c.atFixes = append(c.atFixes, c.fixes.Load())
	c.mu.Unlock()
	return c.numberedCopies.Clone(ctx, dir)
}

// TestReviewersCopiesAreMadeOncePerVerifyAndAlwaysReleased: the copies the
// session starts before the ledger's cycle (Prewarm) are the ones the
// checks use — one per extra reviewer, not one more — a re-verification
// after a fix copies the fixed workspace afresh, and a run the ledger
// refuses leaves no copy behind.
func TestReviewersCopiesAreMadeOncePerVerifyAndAlwaysReleased(t *testing.T) {
	t.Parallel()
	var fixes atomic.Int32
	r := &fakeRunner{run: func(cmd verify.Command) (verify.Result, error) {
		switch {
		case cmd.Argv[0] == "fix":
			fixes.Add(1)
		case cmd.Argv[0] == "fail" && fixes.Load() == 0:
			return verify.Result{ExitCode: 1, Output: []byte("✖ 1 problem (1 error, 0 warnings)\n")}, nil
		}
		return verify.Result{}, nil
	}}
	p, _ := checklist.NewPolicy([]string{"fix"})
	fixers, err := FixersFrom(map[string]string{"LINT_ERROR": "fix"}, p)
	require.NoError(t, err)
	s, _ := reviewSession(t, r, 2, fixers)
	copies := &watchedCopies{fixes: &fixes}
	s.Verifier.Reviewing.Workspaces = copies

	rep := runStory(t, s, "- [ ] a `ok`\n- [ ] b `fail`\n")
	assert.Equal(t, ledger.Verified, rep.Route, rep.Reason)
	copies.mu.Lock()
	assert.Equal(t, []int32{0, 1}, copies.atFixes, "one copy before the checks, one of the fixed workspace")
	assert.Equal(t, copies.clones, copies.released, "every copy is removed")
	copies.mu.Unlock()

	// A failing story spends its cycles; then it is refused, and the copy
	// started for it is removed.
	r.run = func(cmd verify.Command) (verify.Result, error) {
		return verify.Result{ExitCode: 1, Output: []byte("boom\n")}, nil
	}
	s.Fixers = nil
	refusedAt := -1
	for i := 0; i < 5 && refusedAt < 0; i++ {
		_, err := s.Run(context.Background(), Cycle{Key: "K-9", RunID: fmt.Sprint("run-", i), Story: story(t, "- [ ] a `red`\n"), Dir: "/ws", Commit: fmt.Sprint("c", i)})
		var refused *ledger.RefusedError
		if errors.As(err, &refused) {
			refusedAt = i
		} else {
			require.NoError(t, err)
		}
	}
	require.Positive(t, refusedAt, "the ledger refuses once the cycles are spent")
	copies.mu.Lock()
	assert.Equal(t, copies.clones, copies.released, "a refused run's copy is removed")
	copies.mu.Unlock()
}

func TestReviewersCopyNothingWhenNothingRuns(t *testing.T) {
	t.Parallel()
	r := &fakeRunner{run: func(verify.Command) (verify.Result, error) { return verify.Result{}, nil }}
	s, copies := reviewSession(t, r, 2, nil)
	runStory(t, s, "- [ ] a manual step\n")
	assert.Zero(t, copies.clones, "no automated item, no copy")
	s.Verifier.Reviewing.N = 1
	runStory(t, s, "- [ ] a `ok`\n")
	assert.Zero(t, copies.clones, "one reviewer works in the workspace itself")
}

// TestAMajorityPassIsNotVerified: three reviewers, one of which sees a test
// fail: a 2-of-3 pass is a flaky pass, escalated with the test named and
// routed to a person, never verified (it used to be).
func TestAMajorityPassIsNotVerified(t *testing.T) {
	t.Parallel()
	r := &fakeRunner{run: func(cmd verify.Command) (verify.Result, error) {
		if cmd.HostDir() == "/ws-3" {
			return verify.Result{ExitCode: 1, Output: []byte("--- PASS: TestA\n--- FAIL: TestFlaky\nFAIL\n")}, nil
		}
		return verify.Result{Output: []byte("--- PASS: TestA\n--- PASS: TestFlaky\nPASS\n")}, nil
	}}
	s, _ := reviewSession(t, r, 3, nil)
	s.Verifier.Reviewing.Tests = goTestLines
	rep := runStory(t, s, "- [ ] tests `ok`\n")
	assert.Equal(t, ledger.HumanAttention, rep.Route)
	assert.Equal(t, "escalated", rep.VerificationStatus)
	o := rep.Outcomes[0]
	assert.False(t, o.Passed)
	assert.Equal(t, consensus.FlakyTests, o.Review.Reason)
	assert.Equal(t, []string{"TestFlaky"}, o.Review.Flaky)
	require.Len(t, rep.Verifications, 1)
	assert.Equal(t, []string{"TestFlaky"}, rep.Verifications[0].FlakyTests)
}
