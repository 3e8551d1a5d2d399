package main

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/engineo/autoverify/integrations/jira/jiratest"
)

// signalComment is a comment_created delivery on an issue whose reporter is
// reporter: the claim is theirs.
func signalComment(key, author, reporter, body string) map[string]any {
	p := commentCreated(key, author, body)
	p["issue"].(map[string]any)["fields"].(map[string]any)["reporter"] = map[string]any{"accountId": reporter, "displayName": "Dev Agent"}
	return p
}

// TestJiraAuditsSignals: a signal commented on a Jira story is audited
// against the mapped repository's base-branch checks: a missing pair is
// rejected with the spec's text, nothing runs and the story goes back to
// IN PROGRESS; a false claim goes to HUMAN ATTENTION NEEDED and is named
// first in the comment, as the reporter's.
func TestJiraAuditsSignals(t *testing.T) {
	redisURL := testRedisURL(t)
	fake := setupAuditGitHub(t, "Implements KAN-25.\n")
	jira := jiratest.NewServer(t)
	flow := append([]jiratest.Transition{{ID: "21", Name: "Back to work", To: "In Progress"}}, workflow...)
	jira.AddIssue("KAN-25", "KAN", "Greet people", "In Review", flow...)
	srv := startServer(t, jiraEnv(t, fake, jira, redisURL))

	missing := serveSignal(serveRows[1:]...)
	code, msg := postJira(t, srv.addr, "js-1", signalComment("KAN-25", "557058:dev", "557058:reporter", missing), true)
	require.Equal(t, 202, code, msg)
	waitFor(t, "the rejection comment", func() bool { return len(jira.Comments("KAN-25")) == 1 })
	body := jira.Comments("KAN-25")[0].Body
	assert.True(t, strings.HasPrefix(body, "Supervisor Auto-Verify: signal rejected — nothing run"), body)
	assert.Contains(t, body, "{noformat}\nSIGNAL REJECTED: KAN-25\n\nReason: Missing: broken in ci\n")
	assert.Contains(t, body, "Story transitioned to IN PROGRESS.")
	assert.Equal(t, []string{"Back to work"}, jira.TransitionsDone("KAN-25"))
	assert.Zero(t, fake.CountCalls("GET", "/repos/acme/web/tarball"), "nothing ran")

	code, msg = postJira(t, srv.addr, "js-2", signalComment("KAN-25", "557058:dev", "557058:reporter", serveSignal(serveRows...)), true)
	require.Equal(t, 202, code, msg)
	waitFor(t, "the audit comment", func() bool { return len(jira.Comments("KAN-25")) == 2 })
	body = jira.Comments("KAN-25")[1].Body
	assert.True(t, strings.HasPrefix(body, "Supervisor Auto-Verify: FAILED — requires human attention"), body)
	assert.Contains(t, body, "*1 false claim*{color} in the READY_FOR_REVIEW signal of 557058:reporter (a Jira comment by 557058:dev)")
	assert.Contains(t, body, "|{{broken}}|ci|PASS (exit 0)|FAIL (exit 1)|")
	assert.Less(t, strings.Index(body, "false claim"), strings.Index(body, "||Line||"), "named before the items")
	assert.Contains(t, body, "Story transitioned to HUMAN ATTENTION NEEDED.")
	assert.Equal(t, []string{"Back to work", "Needs a human"}, jira.TransitionsDone("KAN-25"))
}
