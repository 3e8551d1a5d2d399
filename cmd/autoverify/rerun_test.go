package main

import (
	"strings"
	"testing"

	gh "github.com/google/go-github/v60/github"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func checkRunEvent(action, identifier, sender string, checkRun *gh.CheckRun) *gh.CheckRunEvent {
	ev := &gh.CheckRunEvent{
		Action:       gh.String(action),
		CheckRun:     &gh.CheckRun{ID: checkRun.ID, Name: checkRun.Name, HeadSHA: checkRun.HeadSHA, PullRequests: []*gh.PullRequest{{Number: gh.Int(7)}}},
		Repo:         &gh.Repository{Name: gh.String("web"), FullName: gh.String("acme/web"), Owner: &gh.User{Login: gh.String("acme")}},
		Sender:       &gh.User{Login: gh.String(sender), Type: gh.String("User")},
		Installation: &gh.Installation{ID: gh.Int64(42)},
	}
	if identifier != "" {
		ev.RequestedAction = &gh.RequestedAction{Identifier: identifier}
	}
	return ev
}

// TestServeRerunsFromTheCheckRun: a check run with a failure offers
// "Re-run failed items"; pressing it runs the failure again and carries
// the pass over; GitHub's Re-run runs everything again.
func TestServeRerunsFromTheCheckRun(t *testing.T) {
	redisURL := testRedisURL(t)
	fake := setupGitHub(t, "- [ ] Passes `true`\n- [ ] Fails `sh -c 'exit 3'`\n")
	srv := startServer(t, serverEnv(t, fake, redisURL))

	cid := fake.AddComment("acme", "web", 7, "alice", "/verify")
	code, _ := srv.deliver(t, "issue_comment", "d-1", commentEvent(cid, "alice", "/verify"), testSecret)
	require.Equal(t, 202, code)
	waitFor(t, "the first verdict", func() bool { return len(completedRuns(fake)) == 1 })
	first := completedRuns(fake)[0]
	actions := fake.CheckRunActions("acme", "web", first.GetID())
	require.Len(t, actions, 1, "a check run with a failure offers the button")
	assert.Equal(t, "rerun-failed", actions[0].Identifier)
	assert.Equal(t, "Re-run failed items", actions[0].Label)

	// The button: the failure runs again, the pass is carried over.
	code, _ = srv.deliver(t, "check_run", "d-2", checkRunEvent("requested_action", "rerun-failed", "alice", first), testSecret)
	require.Equal(t, 202, code)
	waitFor(t, "the rerun of the failed items", func() bool { return len(completedRuns(fake)) == 2 })
	waitFor(t, "the rerun's comment", func() bool {
		return strings.Contains(stickyComments(fake)[0].GetBody(), "Re-run of failed items")
	})
	body := stickyComments(fake)[0].GetBody()
	assert.Contains(t, body, "Re-run of failed items: 1 ran again; 1 passes carried over")
	assert.Contains(t, body, "PASS (cached)")
	assert.Equal(t, headSHA, completedRuns(fake)[1].GetHeadSHA())

	// GitHub's Re-run: everything again, nothing from the cache.
	code, _ = srv.deliver(t, "check_run", "d-3", checkRunEvent("rerequested", "", "alice", first), testSecret)
	require.Equal(t, 202, code)
	waitFor(t, "the full rerun", func() bool { return len(completedRuns(fake)) == 3 })
	// The check run completes before the comment is rewritten: wait for it.
	waitFor(t, "the full rerun's comment", func() bool {
		return strings.Contains(stickyComments(fake)[0].GetBody(), "every check ran again")
	})
	body = stickyComments(fake)[0].GetBody()
	assert.Contains(t, body, "Re-run requested by @alice on GitHub: every check ran again")
	assert.NotContains(t, body, "PASS (cached)")

	// A reader cannot rerun.
	code, _ = srv.deliver(t, "check_run", "d-4", checkRunEvent("rerequested", "", "bob", first), testSecret)
	require.Equal(t, 202, code)
	waitFor(t, "the refusal", func() bool {
		for _, c := range fake.Comments("acme", "web", 7) {
			if strings.Contains(c.GetBody(), "@bob") {
				return true
			}
		}
		return false
	})
	assert.Len(t, completedRuns(fake), 3, "nothing ran for the reader")

	// Our own check runs completing are not work.
	code, resp := srv.deliver(t, "check_run", "d-5", checkRunEvent("completed", "", "autoverify[bot]", first), testSecret)
	assert.Equal(t, 202, code)
	assert.Contains(t, resp, "ignored")
}
