package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// specRowRe is the spec's MATRIX_ROW_PATTERN (environment-verification.md).
var specRowRe = regexp.MustCompile(`\| (\S+) \| (\S+) \| (\d+) \| (PASS|FAIL) \|`)

const auditRepoConfig = `environments:
  native:
    runner: local
  devcontainer:
    runner: local
checks:
  unit_tests:
    command: "true"
  red:
    command: "false"
    environment: native
    exit_code: 1
`

func auditSignal(rows ...string) string {
	return "READY_FOR_REVIEW: KAN-70\n\nFiles Modified:\n- a.go\n\nEnvironment Verification Matrix:\n| Check | Environment | Exit Code | Result |\n|-------|-------------|-----------|--------|\n" +
		strings.Join(rows, "\n") + "\n\nEnvironments Tested: native, devcontainer\nAll Required Environments: VERIFIED\n\nSummary: done\n"
}

var auditTruthful = []string{"| red | native | 1 | PASS |", "| unit_tests | devcontainer | 0 | PASS |", "| unit_tests | native | 0 | PASS |"}

func TestAuditCommand(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.write(".autoverify.yml", auditRepoConfig)

	// A truthful signal: exit 0, and the output's rows are the spec's.
	path := h.write("SIGNAL.md", auditSignal(auditTruthful...))
	require.Equal(t, exitOK, h.run("audit", path, "--workdir", h.dir, "--author", "dev-agent-1"), h.stdout.String()+h.stderr.String())
	out := h.stdout.String()
	assert.Contains(t, out, "READY_FOR_REVIEW: KAN-70 by dev-agent-1")
	rows := map[string][]string{}
	for _, m := range specRowRe.FindAllStringSubmatch(out, -1) {
		rows[m[1]+"@"+m[2]] = m[3:]
	}
	assert.Equal(t, map[string][]string{"red@native": {"1", "PASS"}, "unit_tests@devcontainer": {"0", "PASS"}, "unit_tests@native": {"0", "PASS"}}, rows)
	assert.Contains(t, out, "All Required Environments: VERIFIED")

	// A missing pair: SIGNAL REJECTED naming it, exit 1, nothing run.
	path = h.write("SIGNAL.md", auditSignal(auditTruthful[:2]...))
	require.Equal(t, exitFailed, h.run("audit", path, "--workdir", h.dir))
	assert.True(t, strings.HasPrefix(h.stdout.String(), "SIGNAL REJECTED: KAN-70\n\nReason: Missing: unit_tests in native\n"), h.stdout.String())

	// JSON, with a false claim: claimed exit 0 where `false` exits 1.
	path = h.write("SIGNAL.md", auditSignal("| red | native | 0 | PASS |", auditTruthful[1], auditTruthful[2]))
	require.Equal(t, exitFailed, h.run("audit", path, "--workdir", h.dir, "--json"))
	var got struct {
		TaskID      string `json:"task_id"`
		Signal      string `json:"signal"`
		Valid       bool   `json:"valid"`
		Error       string `json:"error"`
		Action      string `json:"action"`
		FalseClaims int    `json:"false_claims"`
		Unverified  *int   `json:"unverified"`
		Pairs       []struct {
			Check            string `json:"check"`
			Environment      string `json:"environment"`
			ClaimedExitCode  *int   `json:"claimed_exit_code"`
			ClaimedResult    string `json:"claimed_result"`
			ObservedExitCode *int   `json:"observed_exit_code"`
			ObservedResult   string `json:"observed_result"`
			FalseClaim       *bool  `json:"false_claim"`
		} `json:"pairs"`
	}
	require.NoError(t, json.Unmarshal(h.stdout.Bytes(), &got), h.stdout.String())
	assert.Equal(t, "KAN-70", got.TaskID)
	assert.Equal(t, "READY_FOR_REVIEW", got.Signal)
	assert.True(t, got.Valid)
	assert.Empty(t, got.Action)
	assert.Equal(t, 1, got.FalseClaims)
	require.NotNil(t, got.Unverified)
	require.Len(t, got.Pairs, 3)
	p := got.Pairs[0]
	assert.Equal(t, "red", p.Check)
	assert.Equal(t, 0, *p.ClaimedExitCode)
	assert.Equal(t, 1, *p.ObservedExitCode)
	assert.Equal(t, "PASS", p.ObservedResult, "the check passed (it requires exit 1); the claimed exit code is still false")
	assert.True(t, *p.FalseClaim)

	// The summary carries the audit as a field.
	raw, err := os.ReadFile(filepath.Join(h.dir, "reports", "KAN-70-auto-verify-summary.json"))
	require.NoError(t, err)
	var sum struct {
		Claims struct {
			Signal      string `json:"signal"`
			FalseClaims int    `json:"false_claims"`
			Pairs       []struct {
				Check      string `json:"check"`
				FalseClaim bool   `json:"false_claim"`
			} `json:"pairs"`
		} `json:"claims"`
	}
	require.NoError(t, json.Unmarshal(raw, &sum))
	assert.Equal(t, "READY_FOR_REVIEW", sum.Claims.Signal)
	assert.Equal(t, 1, sum.Claims.FalseClaims)
	require.Len(t, sum.Claims.Pairs, 3)
	assert.True(t, sum.Claims.Pairs[0].FalseClaim)

	// The plain form marks the false claim.
	require.Equal(t, exitFailed, h.run("audit", path, "--workdir", h.dir))
	assert.Contains(t, h.stdout.String(), "FALSE CLAIM: red in native: claimed PASS (exit 0), observed PASS (exit 1)")

	// Rejected in JSON: the spec's keys.
	path = h.write("SIGNAL.md", "READY_FOR_REVIEW: KAN-70\nall good\n")
	require.Equal(t, exitFailed, h.run("audit", path, "--workdir", h.dir, "--json"))
	require.NoError(t, json.Unmarshal(h.stdout.Bytes(), &got))
	assert.False(t, got.Valid)
	assert.Equal(t, "Missing Environment Verification Matrix header", got.Error)
	assert.Equal(t, "REJECT_SIGNAL", got.Action)

	// The ledger has the spec's state under the task, and the author's
	// counts: one signal that held.
	require.Equal(t, exitOK, h.run("ledger", "show", "KAN-70", "--json"), h.stderr.String())
	var entry struct {
		EV struct {
			SignalAttempts   int              `json:"signal_attempts"`
			SignalRejections int              `json:"signal_rejections"`
			Status           string           `json:"status"`
			DeveloperID      string           `json:"developer_id"`
			DeveloperResults []map[string]any `json:"developer_results"`
			FalseClaims      []map[string]any `json:"false_claims"`
		} `json:"environment_verification"`
		AuthorClaims map[string]map[string]int `json:"author_claims"`
	}
	require.NoError(t, json.Unmarshal(h.stdout.Bytes(), &entry), h.stdout.String())
	assert.Equal(t, 5, entry.EV.SignalAttempts)
	assert.Equal(t, 2, entry.EV.SignalRejections)
	assert.Equal(t, "implementing", entry.EV.Status)
	assert.Len(t, entry.EV.DeveloperResults, 0, "the last signal had no rows")
	require.Equal(t, exitOK, h.run("ledger", "authors"))
	assert.Contains(t, h.stdout.String(), "AUTHOR       SIGNALS  HELD  FALSE CLAIMS  FALSE PAIRS  REJECTED  UNVERIFIED\ndev-agent-1  1        1     0             0            0         0\n")
}

func TestAuditCommandBadInput(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	assert.Equal(t, exitBadInput, h.run("audit"))
	assert.Equal(t, exitBadInput, h.run("audit", h.dir+"/nope.md", "--workdir", h.dir))
	assert.Contains(t, h.stderr.String(), "nope.md: no such file")
	path := h.write("SIGNAL.md", auditSignal(auditTruthful...))
	assert.Equal(t, exitBadInput, h.run("audit", path, "--workdir", h.dir), "no checks: to audit against")
	assert.Contains(t, h.stderr.String(), "no checks: and environments:")
	h.write(".autoverify.yml", strings.Replace(auditRepoConfig, "environment: native", "environment: mac", 1))
	assert.Equal(t, exitBadInput, h.run("audit", path, "--workdir", h.dir))
	assert.Contains(t, h.stderr.String(), `environment "mac" is not under environments:`)
	h.write(".autoverify.yml", auditRepoConfig)
	path = h.write("SIGNAL.md", "no signal here\n")
	assert.Equal(t, exitFailed, h.run("audit", path, "--workdir", h.dir))
	assert.True(t, strings.HasPrefix(h.stdout.String(), "SIGNAL REJECTED: "+path+"\n\nReason: No READY_FOR_REVIEW or AUDIT_PASSED signal found"), h.stdout.String())
}

// TestAuditEscalatedPairIsUnverified: a claimed PASS on a check whose two
// reviewers disagree (it passes in the work tree and fails in the copy) is
// unverified — named as escalated in the JSON and the text — never a false
// claim, and never held. The reviewers run in copies, as with `run`.
func TestAuditEscalatedPairIsUnverified(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.write(".autoverify.yml", "environments:\n  native:\n    runner: local\nchecks:\n  flaky:\n    command: \"sh -c 'test $(stat -c %Y stamp) = 1767323045'\"\n")
	stamp := h.write("stamp", "")
	at := time.Unix(1767323045, 0)
	require.NoError(t, os.Chtimes(stamp, at, at))
	signal := "READY_FOR_REVIEW: KAN-71\n\nFiles Modified:\n- a.go\n\nEnvironment Verification Matrix:\n| Check | Environment | Exit Code | Result |\n|-------|-------------|-----------|--------|\n| flaky | native | 0 | PASS |\n\nEnvironments Tested: native\nAll Required Environments: VERIFIED\n\nSummary: done\n"
	path := h.write("SIGNAL.md", signal)
	require.Equal(t, exitFailed, h.run("audit", path, "--workdir", h.dir, "--json"), h.stderr.String())
	var got struct {
		FalseClaims int `json:"false_claims"`
		Unverified  int `json:"unverified"`
		Pairs       []struct {
			ObservedResult string `json:"observed_result"`
			FalseClaim     bool   `json:"false_claim"`
			Unverified     bool   `json:"unverified"`
			Escalated      string `json:"escalated"`
		} `json:"pairs"`
	}
	require.NoError(t, json.Unmarshal(h.stdout.Bytes(), &got), h.stdout.String())
	assert.Zero(t, got.FalseClaims, "an escalated pair is not a false claim")
	assert.Equal(t, 1, got.Unverified)
	require.Len(t, got.Pairs, 1)
	assert.Equal(t, "ESCALATED", got.Pairs[0].ObservedResult)
	assert.True(t, got.Pairs[0].Unverified)
	assert.Contains(t, got.Pairs[0].Escalated, "no_majority")

	require.Equal(t, exitFailed, h.run("audit", path, "--workdir", h.dir))
	out := h.stdout.String()
	assert.Contains(t, out, "1 claim could not be checked")
	assert.Contains(t, out, "UNVERIFIED: flaky in native: claimed PASS (exit 0); the independent reviewers disagreed (no_majority")
	assert.NotContains(t, out, "FALSE CLAIM")
}
