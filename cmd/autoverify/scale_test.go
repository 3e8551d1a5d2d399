package main

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/engineo/autoverify/integrations/github/githubtest"
)

// TestTwoServersShareOneRedis: two replicas behind one Redis share the
// deduplication, queue and ledger: every delivery sent to both (as a load
// balancer retry might) runs exactly once, and none is lost.
func TestTwoServersShareOneRedis(t *testing.T) {
	redisURL := testRedisURL(t)
	fake := setupGitHub(t, "- [ ] Passes `true`\n")
	const prs = 6
	for n := 8; n < 8+prs-1; n++ {
		fake.AddPull("acme", "web", githubtest.PullSpec{Number: n, Title: fmt.Sprintf("KAN-%d: change", 100+n),
			Body: "- [ ] Passes `true`\n", HeadRef: fmt.Sprintf("feature/KAN-%d", 100+n), HeadSHA: headSHA, BaseRef: "main"})
	}
	env := serverEnv(t, fake, redisURL)
	a, b := startServer(t, env), startServer(t, env)

	for i := 0; i < prs; i++ {
		n := 7 + i
		cid := fake.AddComment("acme", "web", n, "alice", "/verify")
		ev := commentEvent(cid, "alice", "/verify")
		ev.Issue.Number = &n
		first, second := a, b
		if i%2 == 1 {
			first, second = b, a
		}
		id := fmt.Sprintf("scale-%d", i)
		code, msg := first.deliver(t, "issue_comment", id, ev, testSecret)
		require.Equal(t, 202, code, msg)
		code, msg = second.deliver(t, "issue_comment", id, ev, testSecret)
		assert.Equal(t, 200, code, "the other replica knows the delivery: %s", msg)
	}
	results := func() int {
		n := 0
		for i := 0; i < prs; i++ {
			for _, c := range fake.Comments("acme", "web", 7+i) {
				if c.GetUser().GetType() != "User" {
					n++
				}
			}
		}
		return n
	}
	waitFor(t, "every run and its comment", func() bool { return len(completedRuns(fake)) == prs && results() >= prs })
	runs := fake.CheckRuns("acme", "web")
	assert.Len(t, runs, prs, "no double runs")
	for i := 0; i < prs; i++ {
		n := 7 + i
		sticky := 0
		for _, c := range fake.Comments("acme", "web", n) {
			if c.GetUser().GetType() != "User" {
				sticky++
			}
		}
		assert.Equal(t, 1, sticky, "PR #%d has one result comment", n)
	}
}
