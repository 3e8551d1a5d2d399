package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestRunReusesPassingResultsOfTheSameTree: a second run of an unchanged
// work tree serves the pass from the cache (marked everywhere) and counts
// no verify cycle; an edit, --no-cache or ENGINEO_CACHE=0 runs it again.
func TestRunReusesPassingResultsOfTheSameTree(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.env["ENGINEO_AUTOVERIFY_ALLOWLIST"] = "sh count.sh"
	// The test counts executions; reviewers (who run a check once each)
	// have their own tests.
	h.env["ENGINEO_REVIEWERS"] = "1"
	h.write("count.sh", "echo ran >> "+filepath.Join(h.dir, "state-ran")+"\n")
	h.write(".gitignore", "reports/\nstate/\nstate-ran\n")
	path := h.write("docs/KAN-40.md", "- [ ] counts `sh count.sh`\n- [ ] someone reads it\n")
	gitRun(t, h.dir, "init", "-q")
	gitRun(t, h.dir, "add", ".")
	gitRun(t, h.dir, "commit", "-q", "-m", "init")
	ran := func() int {
		b, _ := os.ReadFile(filepath.Join(h.dir, "state-ran"))
		return strings.Count(string(b), "ran")
	}
	summary := func() map[string]any {
		return readSummary(t, h, "KAN-40")["results"].([]any)[0].(map[string]any)
	}

	require.Equal(t, exitOK, h.run("run", path, "--workdir", h.dir), h.stderr.String())
	assert.Equal(t, 1, ran())
	assert.Nil(t, summary()["cached"])

	h.nowTime = h.nowTime.Add(time.Minute)
	require.Equal(t, exitOK, h.run("run", path, "--workdir", h.dir), h.stderr.String())
	assert.Equal(t, 1, ran(), "the story's new markers and the evidence are not the tree: served from the cache")
	assert.Regexp(t, `PASS cached`, h.stdout.String())
	assert.Equal(t, true, summary()["cached"])
	assert.Regexp(t, `^local-KAN-40-20260128T120000Z-[0-9a-f]{6}$`, summary()["cached_run_id"], "names the run it came from")
	story, _ := os.ReadFile(path)
	assert.Contains(t, string(story), "Auto-verified: PASS (cached")
	assert.Contains(t, h.stdout.String(), "verify cycles 1/3", "a cached verdict counts no cycle")

	h.nowTime = h.nowTime.Add(time.Minute)
	require.Equal(t, exitOK, h.run("run", path, "--workdir", h.dir, "--no-cache"), h.stderr.String())
	assert.Equal(t, 2, ran(), "--no-cache runs it")

	h.write("new.txt", "an untracked change\n")
	h.nowTime = h.nowTime.Add(time.Minute)
	require.Equal(t, exitOK, h.run("run", path, "--workdir", h.dir), h.stderr.String())
	assert.Equal(t, 3, ran(), "another tree runs it")

	h.env["ENGINEO_CACHE"] = "0"
	h.nowTime = h.nowTime.Add(time.Minute)
	require.Equal(t, exitOK, h.run("run", path, "--workdir", h.dir), h.stderr.String())
	assert.Equal(t, 4, ran(), "ENGINEO_CACHE=0 runs it")

	var sum map[string]any
	raw, _ := os.ReadFile(filepath.Join(h.dir, "reports", "KAN-40-auto-verify-summary.json"))
	require.NoError(t, json.Unmarshal(raw, &sum))
}

// TestServeReverifyOfTheSameCommitIsServedFromTheCache: a second /verify
// on an unchanged head fetches nothing and runs nothing, and says cached;
// /verify fresh runs again.
func TestServeReverifyOfTheSameCommitIsServedFromTheCache(t *testing.T) {
	redisURL := testRedisURL(t)
	fake := setupGitHub(t, "- [ ] Passes `true`\n- [ ] Product owner reads the copy\n")
	env := serverEnv(t, fake, redisURL)
	// Reviewers never take a cached pass (TestServeReviewersNeverTakeACachedPass).
	env["ENGINEO_REVIEWERS"] = "1"
	srv := startServer(t, env)
	verify := func(id, body string) {
		cid := fake.AddComment("acme", "web", 7, "alice", body)
		code, _ := srv.deliver(t, "issue_comment", id, commentEvent(cid, "alice", body), testSecret)
		require.Equal(t, 202, code)
	}
	verify("d-c1", "/verify")
	waitFor(t, "the first run", func() bool { return len(completedRuns(fake)) == 1 })
	tarballs := fake.CountCalls("GET", "/repos/acme/web/tarball")
	require.Positive(t, tarballs)

	verify("d-c2", "/verify")
	waitFor(t, "the second run", func() bool { return len(completedRuns(fake)) == 2 })
	assert.Equal(t, tarballs, fake.CountCalls("GET", "/repos/acme/web/tarball"), "nothing fetched: every result was cached")
	waitFor(t, "the cached comment", func() bool {
		return len(stickyComments(fake)) == 1 && strings.Contains(stickyComments(fake)[0].GetBody(), "PASS (cached)")
	})
	assert.Equal(t, "neutral", completedRuns(fake)[1].GetConclusion())

	verify("d-c3", "/verify fresh")
	waitFor(t, "the fresh run", func() bool { return len(completedRuns(fake)) == 3 })
	assert.Greater(t, fake.CountCalls("GET", "/repos/acme/web/tarball"), tarballs, "/verify fresh runs again")
	waitFor(t, "the fresh comment", func() bool {
		b := stickyComments(fake)[0].GetBody()
		return strings.Contains(b, "/verify fresh") && !strings.Contains(b, "PASS (cached)")
	})
}

// TestServeServesAVerifiedPassFromTheCache: with reviewers on (the
// default) a pass both reviewers verified is served to a second /verify of
// the same commit (nothing fetched, nothing run), /verify fresh runs the
// reviewers again, and /verify failed carries the passes over.
func TestServeServesAVerifiedPassFromTheCache(t *testing.T) {
	redisURL := testRedisURL(t)
	fake := setupGitHub(t, "- [ ] Passes `true`\n")
	srv := startServer(t, serverEnv(t, fake, redisURL))
	verify := func(id, body string) {
		cid := fake.AddComment("acme", "web", 7, "alice", body)
		code, _ := srv.deliver(t, "issue_comment", id, commentEvent(cid, "alice", body), testSecret)
		require.Equal(t, 202, code)
	}
	verify("d-r1", "/verify")
	waitFor(t, "the first run", func() bool { return len(completedRuns(fake)) == 1 })
	// The check run completes before the sticky comment is written.
	waitFor(t, "the first comment", func() bool {
		c := stickyComments(fake)
		return len(c) == 1 && strings.Contains(c[0].GetBody(), "| `true` | reviewer-2 | pass |")
	})
	tarballs := fake.CountCalls("GET", "/repos/acme/web/tarball")

	verify("d-r2", "/verify")
	waitFor(t, "the second run", func() bool { return len(completedRuns(fake)) == 2 })
	assert.Equal(t, tarballs, fake.CountCalls("GET", "/repos/acme/web/tarball"), "served from the cache: nothing fetched")
	waitFor(t, "the cached comment", func() bool { return strings.Contains(stickyComments(fake)[0].GetBody(), "PASS (cached)") })

	verify("d-r3", "/verify fresh")
	waitFor(t, "the fresh run", func() bool { return len(completedRuns(fake)) == 3 })
	assert.Greater(t, fake.CountCalls("GET", "/repos/acme/web/tarball"), tarballs, "the reviewers ran again")
	waitFor(t, "the fresh comment", func() bool {
		body := stickyComments(fake)[0].GetBody()
		return !strings.Contains(body, "PASS (cached)") && strings.Contains(body, "**Independent reviewers** — verification `verified`")
	})

	tarballs = fake.CountCalls("GET", "/repos/acme/web/tarball")
	verify("d-r4", "/verify failed")
	waitFor(t, "the rerun of nothing", func() bool { return len(completedRuns(fake)) == 4 })
	assert.Equal(t, tarballs, fake.CountCalls("GET", "/repos/acme/web/tarball"), "nothing failed, so nothing ran")
	waitFor(t, "the carried-over comment", func() bool {
		return strings.Contains(stickyComments(fake)[0].GetBody(), "Re-run of failed items: 0 ran again; 1 passes carried over")
	})
}
