package attest

import (
	"context"
	"os/exec"
	"testing"

	"github.com/engineo/autoverify/bot/verify"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/engineo/autoverify/bot"
	"github.com/engineo/autoverify/bot/consensus"
	"github.com/engineo/autoverify/bot/testresults"
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
// the pull request's page.
func TestResourceURINamesTheRepository(t *testing.T) {
	const sha = "0123456789abcdef0123456789abcdef01234567"
	for url, want := range map[string]string{
		"https://github.com/acme/web/pull/7":         "git+https://github.com/acme/web@" + sha,
		"https://ghe.example.com/acme/web/pull/123/": "git+https://ghe.example.com/acme/web@" + sha,
		"https://github.com/acme/web":                "git+https://github.com/acme/web@" + sha,
		"https://github.com/acme/pull/7/pull/8":      "git+https://github.com/acme/pull/7@" + sha,
	} {
		assert.Equal(t, want, resourceURI(context.Background(), bot.Subject{Repo: "acme/web", URL: url, Commit: sha}), url)
	}
	// A local work tree: by its origin remote, credentials left out; by
	// its path when it has no origin.
	noOrigin := t.TempDir()
	assert.Equal(t, "git+file://"+noOrigin+"@"+sha, resourceURI(context.Background(), bot.Subject{Repo: noOrigin, Commit: sha}))
	withOrigin := t.TempDir()
	for _, args := range [][]string{{"init", "-q"}, {"remote", "add", "origin", "https://x-access-token:ghs_SECRET@github.com/acme/web.git"}} {
		out, err := exec.Command("git", append([]string{"-C", withOrigin}, args...)...).CombinedOutput()
		require.NoError(t, err, "%s", out)
	}
	assert.Equal(t, "git+https://github.com/acme/web@"+sha, resourceURI(context.Background(), bot.Subject{Repo: withOrigin, Commit: sha}))
}
