package attest

import (
	"context"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/engineo/autoverify/bot"
	"github.com/engineo/autoverify/bot/consensus"
	"github.com/engineo/autoverify/bot/evidence"
	"github.com/engineo/autoverify/bot/gates"
	"github.com/engineo/autoverify/bot/settings"
	"github.com/engineo/autoverify/bot/testresults"
	"github.com/engineo/autoverify/bot/verify"
)

// TestCheckStatesWhatTheReviewersSaw: a pass the reviewers escalated is
// WARNED, never PASSED, with its flaky tests warned; a skipped test is
// warned; a check whose tool reports no tests names its command.
func TestCheckStatesWhatTheReviewersSaw(t *testing.T) {
	cases := []testresults.Case{{Name: "a", Status: testresults.Pass}, {Name: "b", Status: testresults.Pass},
		{Name: "c", Status: testresults.Skip}}
	verified := &verify.Review{Verdict: consensus.Verdict{Status: consensus.Verified}}
	flaky := &verify.Review{Verdict: consensus.Verdict{Status: consensus.Escalated, Flaky: []string{"b"}}}

	c := check("go test", true, verified, cases, "go test ./...")
	assert.Equal(t, Check{Name: "go test", Result: Passed, PassedTests: []string{"a", "b"}, WarnedTests: []string{"c"}}, c)
	c = check("go test", true, flaky, cases, "go test ./...")
	assert.Equal(t, Check{Name: "go test", Result: Warned, PassedTests: []string{"a"}, WarnedTests: []string{"b", "c"}}, c)
	c = check("vet", true, flaky, nil, "go vet ./...")
	assert.Equal(t, Check{Name: "vet", Result: Warned, WarnedTests: []string{"go vet ./..."}}, c)
	c = check("vet", false, nil, nil, "go vet ./...")
	assert.Equal(t, Check{Name: "vet", Result: Failed, FailedTests: []string{"go vet ./..."}}, c)
}

// TestResourceURINamesTheRepository: the VSA's resourceUri is the
// repository at the commit — for a pull request its repository's URL, not
// the pull request's page; for a local work tree its origin remote
// (credentials left out) when the checks ran on the commit's content, and
// its path when the tree had changes of its own or there is no origin.
// The commit subject is named the same way: never the path when a public
// name holds.
func TestResourceURINamesTheRepository(t *testing.T) {
	const sha = "0123456789abcdef0123456789abcdef01234567"
	ctx := context.Background()
	for url, want := range map[string]string{
		"https://github.com/acme/web/pull/7":         "git+https://github.com/acme/web@" + sha,
		"https://ghe.example.com/acme/web/pull/123/": "git+https://ghe.example.com/acme/web@" + sha,
		"https://github.com/acme/web":                "git+https://github.com/acme/web@" + sha,
		"https://github.com/acme/pull/7/pull/8":      "git+https://github.com/acme/pull/7@" + sha,
	} {
		_, uri := resource(ctx, bot.Subject{Repo: "acme/web", URL: url, Commit: sha})
		assert.Equal(t, want, uri, url)
	}
	dir := t.TempDir()
	git := func(args ...string) string {
		out, err := exec.Command("git", append([]string{"-C", dir, "-c", "user.name=t", "-c", "user.email=t@t"}, args...)...).CombinedOutput()
		require.NoError(t, err, "%s", out)
		return strings.TrimSpace(string(out))
	}
	git("init", "-q")
	require.NoError(t, os.WriteFile(dir+"/f", []byte("x"), 0o644))
	git("add", "f")
	git("commit", "-q", "-m", "c")
	head, tree := git("rev-parse", "HEAD"), git("rev-parse", "HEAD^{tree}")
	local := "git+file://" + dir + "@" + head
	repo, uri := resource(ctx, bot.Subject{Repo: dir, Commit: head, Tree: "tree:" + tree})
	assert.Equal(t, local, uri, "no origin: the path")
	assert.Equal(t, dir, repo)

	git("remote", "add", "origin", "https://x-access-token:ghs_SECRET@github.com/acme/web.git")
	repo, uri = resource(ctx, bot.Subject{Repo: dir, Commit: head, Tree: "tree:" + tree})
	assert.Equal(t, "git+https://github.com/acme/web@"+head, uri, "the commit's content: the origin")
	assert.Equal(t, "https://github.com/acme/web", repo, "the subject too, never the path")
	for _, changed := range []string{"tree:0000000000000000000000000000000000000000", ""} {
		repo, uri = resource(ctx, bot.Subject{Repo: dir, Commit: head, Tree: changed})
		assert.Equal(t, local, uri, "a tree with changes of its own (or not hashed): the path, %q", changed)
		assert.Equal(t, dir, repo)
	}
}

// TestGatesOnlyRunStatesTheGates: a run of the gates alone claims only
// AUTOVERIFY_GATES (no checklist ran, no reviewer judged the gates), names
// no story in its configuration, and states each gate command with the
// tests its verdict rests on.
func TestGatesOnlyRunStatesTheGates(t *testing.T) {
	dir := t.TempDir()
	for _, f := range []string{"ev.txt", "sum.json"} {
		require.NoError(t, os.WriteFile(dir+"/"+f, []byte(f), 0o644))
	}
	rep := &gates.Report{Gates: []gates.Evidence{
		{Gate: gates.Red, Command: "go test -run '^(TestNeg)$' .", Classification: gates.Accept, Tests: []string{"TestNeg"}},
		{Gate: gates.Refactor, Command: "go test ./...", Classification: gates.RejectFailure, Tests: []string{"TestPos"}},
	}}
	v := &bot.Verification{Request: bot.Request{GatesOnly: true}, Key: "gates-a-b", Gates: rep,
		Config:  settings.Config{Reviewers: 2},
		Subject: bot.Subject{Repo: dir, Commit: "b"}, Files: evidence.Files{Evidence: dir + "/ev.txt", Summary: dir + "/sum.json"}}
	run, err := (&Attester{}).run(context.Background(), v)
	require.NoError(t, err)
	assert.Equal(t, []string{"AUTOVERIFY_GATES"}, run.Levels)
	assert.Empty(t, run.Config, "no story was read")
	assert.Equal(t, []Check{
		{Name: "VERIFY_RED: go test -run '^(TestNeg)$' .", Result: Passed, PassedTests: []string{"TestNeg"}},
		{Name: "VERIFY_REFACTOR: go test ./...", Result: Failed, FailedTests: []string{"TestPos"}},
	}, run.Checks)
}
