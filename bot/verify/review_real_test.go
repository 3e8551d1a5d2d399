package verify_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/engineo/autoverify/bot/consensus"
	"github.com/engineo/autoverify/bot/verify"
	"github.com/engineo/autoverify/checklist"
	"github.com/engineo/autoverify/integrations/local"
	"github.com/engineo/autoverify/integrations/workspace"
)

// realReviewers runs checks with the real local runner, each reviewer in
// its own copy of the workspace.
func realReviewers(t testing.TB, n int) (*verify.Verifier, string) {
	t.Helper()
	r, err := local.New()
	require.NoError(t, err)
	dir := filepath.Join(t.TempDir(), "repo")
	require.NoError(t, os.MkdirAll(dir, 0o755))
	return &verify.Verifier{Runner: r, Concurrency: 4,
		Reviewing: &verify.Reviewing{N: n, Workspaces: workspace.Copier{Dir: t.TempDir()}}}, dir
}

func script(t testing.TB, dir, name, body string) {
	t.Helper()
	require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte("#!/bin/sh\n"+body), 0o755))
}

func items(t testing.TB, src string) []checklist.Item {
	t.Helper()
	p, err := checklist.NewPolicy([]string{"sh", "sleep"})
	require.NoError(t, err)
	s, err := checklist.Parse([]byte(src), p)
	require.NoError(t, err)
	return s.Items
}

// A deterministic check whose output still varies run to run — a
// temporary file, its process id, its own directory, a timing, the order
// of its findings — is verified with one digest, the same over 20
// verifications.
func TestReviewersDigestIsStableOverTwentyRuns(t *testing.T) {
	t.Parallel()
	v, dir := realReviewers(t, 2)
	script(t, dir, "det.sh", `t=$(mktemp); echo "wrote $t"; rm -f "$t"
echo "running in $PWD as pid $$"
echo "ok  example.com/pkg  0.0$(( $$ % 10 ))1s"
# a linter walking its tree in the file system's order, which two copies
# of one tree need not share: the same findings, in an order of the run's
for f in a b c d e f g h i j k l; do echo "$f.py:1:0: C0114: Missing module docstring"; done | shuf
`)
	its := items(t, "- [ ] det `sh det.sh`\n")
	digests := map[string]int{}
	for range 20 {
		out, err := v.Verify(context.Background(), its, dir)
		require.NoError(t, err)
		require.Len(t, out, 1)
		rv := out[0].Review
		require.NotNil(t, rv)
		require.Equal(t, consensus.Verified, rv.Status, "%s\n%s", rv.Summary, out[0].Result.Output)
		digests[rv.Digest]++
	}
	assert.Len(t, digests, 1, "one digest over 20 verifications")
}

func TestReviewersCatchFlakyAndTimeDependentChecks(t *testing.T) {
	t.Parallel()
	v, dir := realReviewers(t, 2)
	// Seeded per reviewer: it passes only where a directory the copies
	// leave out exists (the first reviewer's workspace), as a test that
	// fails about half the time would on some run. Every reviewer runs at
	// the workspace's path, so the path cannot tell them apart.
	require.NoError(t, os.Mkdir(filepath.Join(dir, "first-only"), 0o755))
	v.Reviewing.Workspaces = workspace.Copier{Dir: t.TempDir(), Skip: []string{filepath.Join(dir, "first-only")}}
	script(t, dir, "flaky.sh", `if [ -d first-only ] && [ "$PWD" = "`+dir+`" ]; then echo "--- PASS: TestFlaky"; exit 0; fi
echo "--- FAIL: TestFlaky"; exit 1
`)
	script(t, dir, "clock.sh", "date +%s%N\n")
	script(t, dir, "broken.sh", "echo 'assertion failed: want 2, got 3'; exit 1\n")
	out, err := v.Verify(context.Background(), items(t, "- [ ] flaky `sh flaky.sh`\n- [ ] clock `sh clock.sh`\n- [ ] broken `sh broken.sh`\n"), dir)
	require.NoError(t, err)
	require.Len(t, out, 3)

	flaky := out[0]
	assert.False(t, flaky.Passed)
	assert.Equal(t, consensus.Escalated, flaky.Review.Status)
	assert.Equal(t, consensus.FlakyTests, flaky.Review.Reason)
	assert.Contains(t, string(flaky.Result.Output), "=== reviewer 2:")

	clock := out[1]
	assert.False(t, clock.Passed, "two passes with different results are not verified")
	assert.Equal(t, consensus.DigestMismatch, clock.Review.Reason)

	broken := out[2]
	assert.False(t, broken.Passed)
	assert.Equal(t, consensus.Failed, broken.Review.Status, "a failure both reviewers saw is not a disagreement")
	assert.Equal(t, broken.Review.Reviewers[0].Digest, broken.Review.Reviewers[1].Digest)
}

// BenchmarkReviewers is the wall time of one verification of a 1 s check
// by 1 and by 2 reviewers, with cores free: reviewers run in parallel, so
// the second should cost little more than the workspace copy.
func BenchmarkReviewers(b *testing.B) {
	for _, n := range []int{1, 2} {
		b.Run(map[int]string{1: "1-reviewer", 2: "2-reviewers"}[n], func(b *testing.B) {
			v, dir := realReviewers(b, n)
			for i := range 200 {
				require.NoError(b, os.WriteFile(filepath.Join(dir, "f"+string(rune('a'+i%26))+string(rune('a'+i/26))), make([]byte, 4096), 0o644))
			}
			its := items(b, "- [ ] slow `sleep 1`\n")
			for b.Loop() {
				out, err := v.Verify(context.Background(), its, dir)
				if err != nil || !out[0].Passed {
					b.Fatalf("%v %s", err, out[0].Result.Output)
				}
			}
		})
	}
}
