package main

import (
	"strings"
	"testing"

	gh "github.com/google/go-github/v60/github"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/engineo/autoverify/bot/report"
	"github.com/engineo/autoverify/integrations/github/githubtest"
)

func pullRequestEvent(action, author, sha string) *gh.PullRequestEvent {
	return &gh.PullRequestEvent{
		Action: gh.String(action), Number: gh.Int(7),
		PullRequest: &gh.PullRequest{Number: gh.Int(7), User: &gh.User{Login: gh.String(author)},
			Head: &gh.PullRequestBranch{SHA: gh.String(sha), Ref: gh.String("feature/KAN-25")}, Base: &gh.PullRequestBranch{Ref: gh.String("main")}},
		Repo:         &gh.Repository{Name: gh.String("web"), FullName: gh.String("acme/web"), Owner: &gh.User{Login: gh.String("acme")}},
		Installation: &gh.Installation{ID: gh.Int64(42)},
	}
}

// TestServeUntrustedPullRequestWaitsForApproval: a pull request from an
// author without write access (a fork) runs nothing on its own; a
// writer's /verify runs it on that head only; a new push waits again.
func TestServeUntrustedPullRequestWaitsForApproval(t *testing.T) {
	redisURL := testRedisURL(t)
	fake := githubtest.NewServer(t)
	fake.AddRepo("acme", "web", "main")
	fake.SetFiles("acme", "web", "main", map[string]string{".autoverify.yml": "allowlist: [true]\ntriggers:\n  pull_request: true\n"})
	fake.SetFiles("acme", "web", headSHA, map[string]string{"README.md": "hello\n"})
	fake.AddPull("acme", "web", githubtest.PullSpec{Number: 7, Title: "KAN-25: greet", Body: "- [ ] Passes `true`\n",
		HeadRef: "feature/KAN-25", HeadSHA: headSHA, BaseRef: "main", User: "mallory"})
	fake.SetPermission("acme", "web", "alice", "write")
	fake.SetPermission("acme", "web", "mallory", "read")
	srv := startServer(t, serverEnv(t, fake, redisURL))

	code, _ := srv.deliver(t, "pull_request", "d-open", pullRequestEvent("opened", "mallory", headSHA), testSecret)
	require.Equal(t, 202, code)
	// The check run is completed and the comment posted by the same
	// publish, in that order: wait for both.
	waitFor(t, "the waiting check run and its comment", func() bool {
		return len(completedRuns(fake)) == 1 && len(stickyComments(fake)) == 1
	})
	cr := completedRuns(fake)[0]
	assert.Equal(t, "action_required", cr.GetConclusion())
	assert.Equal(t, report.AwaitingTitle, cr.GetOutput().GetTitle())
	assert.Equal(t, headSHA, cr.GetHeadSHA())
	require.Len(t, stickyComments(fake), 1)
	assert.Contains(t, stickyComments(fake)[0].GetBody(), "@mallory does not have write access")
	assert.Equal(t, 0, fake.CountCalls("GET", "/repos/acme/web/tarball"), "nothing of the pull request was fetched, so nothing ran")

	// A maintainer approves: the run happens on that head, and says so.
	cid := fake.AddComment("acme", "web", 7, "alice", "/verify")
	code, _ = srv.deliver(t, "issue_comment", "d-ok", commentEvent(cid, "alice", "/verify"), testSecret)
	require.Equal(t, 202, code)
	waitFor(t, "the approved run", func() bool {
		return len(stickyComments(fake)) == 1 && strings.Contains(stickyComments(fake)[0].GetBody(), "autoverify: verified")
	})
	require.Positive(t, fake.CountCalls("GET", "/repos/acme/web/tarball"), "the approved run fetched the head")
	assert.Contains(t, stickyComments(fake)[0].GetBody(), "Approved by @alice for `"+headSHA[:12]+"`: @mallory cannot start checks")

	// A new push waits again; it is not covered by the approval.
	newSHA := strings.Repeat("2", 40)
	fake.SetFiles("acme", "web", newSHA, map[string]string{"README.md": "changed\n"})
	fake.AddPull("acme", "web", githubtest.PullSpec{Number: 7, Title: "KAN-25: greet", Body: "- [ ] Passes `true`\n",
		HeadRef: "feature/KAN-25", HeadSHA: newSHA, BaseRef: "main", User: "mallory"})
	tarballs := fake.CountCalls("GET", "/repos/acme/web/tarball")
	code, _ = srv.deliver(t, "pull_request", "d-push", pullRequestEvent("synchronize", "mallory", newSHA), testSecret)
	require.Equal(t, 202, code)
	waitFor(t, "the second waiting check run", func() bool {
		for _, cr := range completedRuns(fake) {
			if cr.GetHeadSHA() == newSHA && cr.GetConclusion() == "action_required" {
				return true
			}
		}
		return false
	})
	assert.Equal(t, tarballs, fake.CountCalls("GET", "/repos/acme/web/tarball"), "the new push ran nothing")

	// A /verify naming the old commit does not run the new one.
	cid = fake.AddComment("acme", "web", 7, "alice", "/verify "+headSHA[:7])
	code, _ = srv.deliver(t, "issue_comment", "d-stale", commentEvent(cid, "alice", "/verify "+headSHA[:7]), testSecret)
	require.Equal(t, 202, code)
	waitFor(t, "the stale approval's answer", func() bool {
		return strings.Contains(stickyComments(fake)[0].GetBody(), "the pull request moved on")
	})
	assert.Equal(t, tarballs, fake.CountCalls("GET", "/repos/acme/web/tarball"))
}

// TestServeDisabledAcknowledgesAndRunsNothing: with
// ENGINEO_AUTOVERIFY_ENABLED=0 a signed delivery is answered 202 and logged
// in one line, and nothing runs; a forged one is still refused.
func TestServeDisabledAcknowledgesAndRunsNothing(t *testing.T) {
	t.Parallel()
	fake := setupGitHub(t, "- [ ] Passes `true`\n")
	env := serverEnv(t, fake, "")
	env["ENGINEO_AUTOVERIFY_ENABLED"] = "0"
	srv := startServer(t, env)
	cid := fake.AddComment("acme", "web", 7, "alice", "/verify")
	code, _ := srv.deliver(t, "issue_comment", "d-off", commentEvent(cid, "alice", "/verify"), testSecret)
	assert.Equal(t, 202, code)
	code, _ = srv.deliver(t, "issue_comment", "d-forged", commentEvent(cid, "alice", "/verify"), "wrong")
	assert.Equal(t, 401, code)
	waitFor(t, "the log line", func() bool {
		return strings.Contains(srv.logString(), "delivery acknowledged, nothing run") && strings.Contains(srv.logString(), "d-off")
	})
	assert.Empty(t, fake.CheckRuns("acme", "web"))
	assert.Empty(t, fake.Comments("acme", "web", 7)[1:], "no reply beyond the /verify itself")
}
