package main

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/engineo/autoverify/bot/delivery/intake"
	"github.com/engineo/autoverify/integrations/github/githubtest"
	"github.com/engineo/autoverify/integrations/jira/jiratest"
)

const jiraSecret = "jira-webhook-secret"

// statusChange is a jira:issue_updated delivery shaped like Jira's: the
// changelog moves the issue's status to `to`.
func statusChange(key, to string) map[string]any {
	project, _, _ := strings.Cut(key, "-")
	return map[string]any{
		"timestamp":             1769601600000,
		"webhookEvent":          "jira:issue_updated",
		"issue_event_type_name": "issue_generic",
		"user":                  map[string]any{"accountId": "557058:alice", "displayName": "Alice"},
		"issue": map[string]any{"id": "10025", "key": key, "fields": map[string]any{
			"summary": "Greet people", "project": map[string]any{"key": project, "name": "Kanban"},
			"status": map[string]any{"name": to},
		}},
		"changelog": map[string]any{"id": "1", "items": []map[string]any{{
			"field": "status", "fieldtype": "jira", "fieldId": "status",
			"from": "3", "fromString": "In Progress", "to": "10001", "toString": to,
		}}},
	}
}

func postJira(t *testing.T, addr, id string, payload any, sign bool) (int, string) {
	t.Helper()
	body, err := json.Marshal(payload)
	require.NoError(t, err)
	req, err := http.NewRequest("POST", "http://"+addr+"/webhooks/jira", bytes.NewReader(body))
	require.NoError(t, err)
	if sign {
		req.Header.Set("X-Hub-Signature", intake.Sign([]byte(jiraSecret), body))
	} else {
		req.Header.Set("X-Hub-Signature", intake.Sign([]byte("forged"), body))
	}
	req.Header.Set("X-Atlassian-Webhook-Identifier", id)
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

var workflow = []jiratest.Transition{
	{ID: "31", Name: "HUMAN TO REVIEW AND CLOSE", To: "HUMAN TO REVIEW AND CLOSE"},
	{ID: "41", Name: "Needs a human", To: "HUMAN ATTENTION NEEDED"},
	{ID: "51", Name: "Done", To: "Done"},
}

func jiraEnv(t *testing.T, fake *githubtest.Server, jira *jiratest.Server, redisURL string) map[string]string {
	env := serverEnv(t, fake, redisURL)
	env["ENGINEO_JIRA_URL"] = jira.URL
	env["ENGINEO_JIRA_EMAIL"] = jiratest.DefaultEmail
	env["ENGINEO_JIRA_API_TOKEN"] = jiratest.DefaultAPIToken
	env["ENGINEO_JIRA_PROJECTS"] = "KAN=acme/web"
	env["ENGINEO_JIRA_WEBHOOK_SECRET"] = jiraSecret
	env["ENGINEO_COMMAND_TIMEOUT"] = "1s"
	return env
}

// TestJiraEndToEnd: a READY FOR VERIFY transition with a passing checklist
// and manual items ends in exactly one PARTIAL PASS comment and the review
// transition (and the PR's check run); a failing TIMEOUT ends in the FAILED
// comment and the attention transition; a forged signature gets 401; a
// redelivered webhook changes nothing; a missing transition name yields a
// comment listing the available ones.
func TestJiraEndToEnd(t *testing.T) {
	redisURL := testRedisURL(t)
	fake := setupGitHub(t, "- [ ] Passes `true`\n- [ ] Product owner reads the copy\n")
	fake.SetFiles("acme", "web", "main", map[string]string{
		".autoverify.yml":        "allowlist: [true, sh -c]\n",
		"docs/stories/KAN-26.md": "<!-- AUTO:CMD=sh -c 'sleep 20' -->\n- [ ] The slow suite passes\n",
		"docs/stories/KAN-27.md": "- [ ] Passes `true`\n- [ ] Someone reads it\n",
	})
	jira := jiratest.NewServer(t)
	jira.AddIssue("KAN-25", "KAN", "Greet people", "In Progress", workflow...)
	jira.AddIssue("KAN-26", "KAN", "Slow suite", "In Progress", workflow...)
	jira.AddIssue("KAN-27", "KAN", "Odd workflow", "In Progress",
		jiratest.Transition{ID: "11", Name: "Start", To: "In Progress"}, jiratest.Transition{ID: "51", Name: "Done", To: "Done"})
	srv := startServer(t, jiraEnv(t, fake, jira, redisURL))

	code, _ := postJira(t, srv.addr, "j-1", statusChange("KAN-25", "READY FOR VERIFY"), false)
	assert.Equal(t, 401, code, "forged signature")
	code, msg := postJira(t, srv.addr, "j-1", statusChange("KAN-25", "READY FOR VERIFY"), true)
	require.Equal(t, 202, code, msg)
	code, msg = postJira(t, srv.addr, "j-1", statusChange("KAN-25", "READY FOR VERIFY"), true)
	assert.Equal(t, 200, code)
	assert.Contains(t, msg, "duplicate")

	waitFor(t, "the KAN-25 comment", func() bool { return len(jira.Comments("KAN-25")) >= 1 })
	time.Sleep(300 * time.Millisecond)
	comments := jira.Comments("KAN-25")
	require.Len(t, comments, 1, "exactly one comment")
	body := comments[0].Body
	assert.True(t, strings.HasPrefix(body, "Supervisor Auto-Verify: PARTIAL PASS — manual items remain"), body)
	assert.Contains(t, body, "Auto-verified items: 1\nManual items remaining: 1")
	assert.Contains(t, body, "Story transitioned to HUMAN TO REVIEW AND CLOSE for manual verification.")
	assert.Contains(t, body, "Pull request: [acme/web#7|")
	assert.Contains(t, body, "KAN-25-evidence-")
	assert.Equal(t, []string{"HUMAN TO REVIEW AND CLOSE"}, jira.TransitionsDone("KAN-25"))
	assert.Equal(t, "HUMAN TO REVIEW AND CLOSE", jira.Issue("KAN-25"))
	require.Len(t, completedRuns(fake), 1, "the PR's check run was updated too")
	assert.Equal(t, "neutral", completedRuns(fake)[0].GetConclusion())

	// No pull request for KAN-26: the default branch's story file; TIMEOUT.
	code, _ = postJira(t, srv.addr, "j-2", statusChange("KAN-26", "Ready for Verify"), true)
	require.Equal(t, 202, code)
	waitFor(t, "the KAN-26 comment", func() bool { return len(jira.Comments("KAN-26")) == 1 })
	body = jira.Comments("KAN-26")[0].Body
	assert.True(t, strings.HasPrefix(body, "Supervisor Auto-Verify: FAILED — requires human attention"), body)
	assert.Contains(t, body, "Failure type: TIMEOUT")
	assert.Contains(t, body, "Auto-fix attempts: 0/2\nAuto-verify cycles: 1/3")
	assert.Contains(t, body, "Story transitioned to HUMAN ATTENTION NEEDED.")
	assert.Equal(t, []string{"Needs a human"}, jira.TransitionsDone("KAN-26"), "matched by target status")

	// A workflow without the review transition: the comment lists what the
	// issue offers and the run is still recorded.
	code, _ = postJira(t, srv.addr, "j-3", statusChange("KAN-27", "READY FOR VERIFY"), true)
	require.Equal(t, 202, code)
	waitFor(t, "the KAN-27 comment", func() bool { return len(jira.Comments("KAN-27")) == 1 })
	body = jira.Comments("KAN-27")[0].Body
	assert.Contains(t, body, "Could not transition to HUMAN TO REVIEW AND CLOSE: the issue offers Start, Done.")
	assert.Empty(t, jira.TransitionsDone("KAN-27"))

	// A status change to anything else does nothing.
	code, _ = postJira(t, srv.addr, "j-4", statusChange("KAN-25", "Done"), true)
	require.Equal(t, 202, code)
	time.Sleep(500 * time.Millisecond)
	assert.Len(t, jira.Comments("KAN-25"), 1)

	// A /verify comment runs again; autoverify's own comments never do.
	code, _ = postJira(t, srv.addr, "j-5", commentCreated("KAN-25", "557058:alice", "Looks done.\n/verify"), true)
	require.Equal(t, 202, code)
	waitFor(t, "the second KAN-25 comment", func() bool { return len(jira.Comments("KAN-25")) == 2 })
	code, _ = postJira(t, srv.addr, "j-6", commentCreated("KAN-25", "bot", "/verify\n\n{color:#999999}autoverify run abc{color}"), true)
	require.Equal(t, 202, code)
	time.Sleep(800 * time.Millisecond)
	assert.Len(t, jira.Comments("KAN-25"), 2)
}

// commentCreated is a comment_created delivery shaped like Jira Cloud's.
func commentCreated(key, author, body string) map[string]any {
	project, _, _ := strings.Cut(key, "-")
	return map[string]any{
		"timestamp":    1769601600000,
		"webhookEvent": "comment_created",
		"comment": map[string]any{"id": "10100", "body": body,
			"author": map[string]any{"accountId": author, "displayName": author}},
		"issue": map[string]any{"id": "10025", "key": key, "fields": map[string]any{
			"summary": "Greet people", "project": map[string]any{"key": project},
			"status": map[string]any{"name": "In Progress"},
		}},
	}
}

// TestRunReportJira: `autoverify run --report jira` comments and
// transitions after a local run, once per run.
func TestRunReportJira(t *testing.T) {
	t.Parallel()
	jira := jiratest.NewServer(t)
	jira.AddIssue("KAN-30", "KAN", "Local story", "In Progress", workflow...)
	h := newHarness(t)
	h.env["ENGINEO_JIRA_URL"] = jira.URL
	h.env["ENGINEO_JIRA_EMAIL"] = jiratest.DefaultEmail
	h.env["ENGINEO_JIRA_API_TOKEN"] = jiratest.DefaultAPIToken
	path := h.write("KAN-30.md", "- [ ] a `true`\n- [ ] someone reads it\n")
	require.Equal(t, exitOK, h.run("run", path, "--workdir", h.dir, "--report", "jira"), h.stdout.String()+h.stderr.String())
	assert.Contains(t, h.stdout.String(), "Jira:     commented on KAN-30")
	require.Len(t, jira.Comments("KAN-30"), 1)
	assert.True(t, strings.HasPrefix(jira.Comments("KAN-30")[0].Body, "Supervisor Auto-Verify: PARTIAL PASS"))
	assert.Equal(t, []string{"HUMAN TO REVIEW AND CLOSE"}, jira.TransitionsDone("KAN-30"))

	delete(h.env, "ENGINEO_JIRA_URL")
	assert.Equal(t, exitBadInput, h.run("run", path, "--workdir", h.dir, "--report", "jira"))
	assert.Contains(t, h.stderr.String(), "ENGINEO_JIRA_URL")
}
