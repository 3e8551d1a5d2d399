package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/engineo/autoverify/integrations/github/githubtest"
)

// serveAuditConfig is the base branch's: two environments, three checks;
// `broken` exits 1 wherever it runs.
const serveAuditConfig = `allowlist: ["true", "false"]
environments:
  native:
    runner: local
  ci:
    runner: local
checks:
  unit_tests:
    command: "true"
  red:
    command: "false"
    environment: native
    exit_code: 1
  broken:
    command: "false"
    environment: ci
`

func serveSignal(rows ...string) string {
	return "Implements KAN-25.\n\nREADY_FOR_REVIEW: KAN-25\n\nEnvironment Verification Matrix:\n| Check | Environment | Exit Code | Result |\n|-------|-------------|-----------|--------|\n" +
		strings.Join(rows, "\n") + "\n\nEnvironments Tested: native, ci\nAll Required Environments: VERIFIED\n"
}

var serveRows = []string{"| broken | ci | 0 | PASS |", "| red | native | 1 | PASS |", "| unit_tests | ci | 0 | PASS |", "| unit_tests | native | 0 | PASS |"}

func setupAuditGitHub(t *testing.T, body string) *githubtest.Server {
	fake := setupGitHub(t, body)
	fake.SetFiles("acme", "web", "main", map[string]string{".autoverify.yml": serveAuditConfig})
	fake.AddPull("acme", "web", githubtest.PullSpec{Number: 7, Title: "KAN-25: greet people", Body: body,
		HeadRef: "feature/KAN-25", HeadSHA: headSHA, BaseRef: "main", User: "dev-agent-1"})
	return fake
}

// TestServeAuditsSignals: a pull request description's signal is audited on
// any run — a missing pair is rejected with the spec's text before anything
// is fetched, a false claim goes to a person and is shown first — and a
// writer's signal comment is audited while a reader's is refused.
func TestServeAuditsSignals(t *testing.T) {
	redisURL := testRedisURL(t)

	t.Run("missing pair", func(t *testing.T) {
		fake := setupAuditGitHub(t, serveSignal(serveRows[1:]...))
		// The pull request's head drops the check it skipped: checks: come
		// from the base branch, so that changes nothing.
		fake.SetFiles("acme", "web", headSHA, map[string]string{".autoverify.yml": strings.Replace(serveAuditConfig,
			"  broken:\n    command: \"false\"\n    environment: ci\n", "", 1)})
		srv := startServer(t, serverEnv(t, fake, redisURL))
		cid := fake.AddComment("acme", "web", 7, "alice", "/verify")
		code, _ := srv.deliver(t, "issue_comment", "a-1", commentEvent(cid, "alice", "/verify"), testSecret)
		require.Equal(t, 202, code)
		waitFor(t, "the rejection", func() bool { return len(completedRuns(fake)) == 1 && len(stickyComments(fake)) == 1 })
		text := stickyComments(fake)[0].GetBody()
		assert.Contains(t, text, "SIGNAL REJECTED: KAN-25\n\nReason: Missing: broken in ci\n")
		cr := completedRuns(fake)[0]
		assert.Equal(t, "action_required", cr.GetConclusion())
		assert.Equal(t, "signal rejected — Missing: broken in ci", cr.GetOutput().GetTitle())
		assert.Zero(t, fake.CountCalls("GET", "/repos/acme/web/tarball"), "nothing fetched, nothing run")
		// The server's log reaches the test through a pipe copied as it
		// comes: under load the line can land after the comment does.
		waitFor(t, "the rejection's log line", func() bool {
			return strings.Contains(srv.logString(), `"task_id":"KAN-25","developer_id":"dev-agent-1","reason":"Missing: broken in ci","signal":"READY_FOR_REVIEW"`)
		})
		assert.Contains(t, scrape(t, srv), `autoverify_signals_total{result="rejected"} 1`)
	})

	t.Run("false claim", func(t *testing.T) {
		fake := setupAuditGitHub(t, serveSignal(serveRows...))
		env := serverEnv(t, fake, redisURL)
		srv := startServer(t, env)
		cid := fake.AddComment("acme", "web", 7, "alice", "/verify")
		code, _ := srv.deliver(t, "issue_comment", "a-2", commentEvent(cid, "alice", "/verify"), testSecret)
		require.Equal(t, 202, code)
		waitFor(t, "the audit", func() bool { return len(completedRuns(fake)) == 1 && len(stickyComments(fake)) == 1 })
		cr := completedRuns(fake)[0]
		assert.Equal(t, "action_required", cr.GetConclusion(), "human attention")
		text := stickyComments(fake)[0].GetBody()
		assert.Contains(t, text, "**1 false claim** in the `READY_FOR_REVIEW` signal of `dev-agent-1` (the pull request description)")
		assert.Contains(t, text, "> | `broken` | ci | PASS (exit 0) | FAIL (exit 1) |")
		assert.Less(t, strings.Index(text, "false claim"), strings.Index(text, "| | Item |"), "shown first")
		assert.Contains(t, cr.GetOutput().GetSummary(), "false claim")
		assert.Contains(t, scrape(t, srv), `autoverify_signals_total{result="false_claim"} 1`)

		// Counted for the author, in the shared ledger.
		var out, errs bytes.Buffer
		app := &App{Stdout: &out, Stderr: &errs, Getenv: func(k string) string { return env[k] }}
		require.Equal(t, exitOK, app.Run(context.Background(), []string{"ledger", "authors", "--json"}), errs.String())
		var counts map[string]map[string]int
		require.NoError(t, json.Unmarshal(out.Bytes(), &counts), out.String())
		assert.Equal(t, map[string]int{"signals": 1, "held": 0, "rejected": 0, "false_claims": 1, "false_pairs": 1, "unverified": 0}, counts["dev-agent-1"])
	})

	t.Run("comment signals", func(t *testing.T) {
		fake := setupAuditGitHub(t, "Implements KAN-25.\n")
		srv := startServer(t, serverEnv(t, fake, redisURL))
		signal := serveSignal(serveRows[1:]...) // missing `broken in ci`
		signal = strings.Replace(signal, "| red |", "| broken | ci | 1 | FAIL |\n| red |", 1)
		bid := fake.AddComment("acme", "web", 7, "bob", signal)
		code, _ := srv.deliver(t, "issue_comment", "a-3", commentEvent(bid, "bob", signal), testSecret)
		require.Equal(t, 202, code)
		waitFor(t, "the refusal", func() bool { return len(fake.Comments("acme", "web", 7)) == 2 })
		last := fake.Comments("acme", "web", 7)[1].GetBody()
		assert.Contains(t, last, "@bob thanks for the signal")
		assert.Empty(t, fake.CheckRuns("acme", "web"), "a reader's signal runs nothing")

		claimed := strings.Replace(serveSignal(serveRows[1:]...), "| red |", "| broken | ci | 1 | PASS |\n| red |", 1)
		aid := fake.AddComment("acme", "web", 7, "alice", claimed)
		code, _ = srv.deliver(t, "issue_comment", "a-4", commentEvent(aid, "alice", claimed), testSecret)
		require.Equal(t, 202, code)
		waitFor(t, "the audit", func() bool { return len(completedRuns(fake)) == 1 && len(stickyComments(fake)) == 1 })
		text := stickyComments(fake)[0].GetBody()
		assert.Contains(t, text, "of `alice` (a comment by @alice)")
		assert.Contains(t, text, "| `broken` | ci | PASS (exit 1) | FAIL (exit 1) |", "claimed PASS with exit 1 where exit 0 is required")
		assert.Contains(t, fake.Reactions(aid), "eyes")
	})
}

func scrape(t *testing.T, srv *appServer) string {
	t.Helper()
	resp, err := http.Get("http://" + srv.addr + "/metrics")
	require.NoError(t, err)
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	return string(b)
}
