package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func readSummary(t *testing.T, h *harness, key string) map[string]any {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join(h.dir, "reports", key+"-auto-verify-summary.json"))
	require.NoError(t, err)
	var sum map[string]any
	require.NoError(t, json.Unmarshal(raw, &sum))
	return sum
}

func TestRunRoutesAndRecords(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	path := h.write("KAN-5.md", "- [ ] a `true`\n- [ ] b manual\n")
	require.Equal(t, exitOK, h.run("run", path, "--workdir", h.dir, "--commit", "c1"), h.stderr.String())
	assert.Contains(t, h.stdout.String(), "Route:    human_review")
	sum := readSummary(t, h, "KAN-5")
	assert.Equal(t, "human_review", sum["route"])
	assert.Contains(t, sum["route_reason"], "1 manual item remains")
	led := sum["ledger"].(map[string]any)
	assert.EqualValues(t, 1, led["auto_verify_runs"])
	assert.Equal(t, "c1", led["verify_last_commit_sha"])

	require.Equal(t, exitOK, h.run("ledger", "show", "KAN-5", "--json"))
	var entry map[string]any
	require.NoError(t, json.Unmarshal(h.stdout.Bytes(), &entry))
	assert.EqualValues(t, 1, entry["auto_verify_runs"])
	assert.Len(t, entry["history"], 1)
}

// TestSummaryCarriesThisRunsRecord: the summary's ledger block has the
// counters and this run's record; the older runs stay in the ledger.
func TestSummaryCarriesThisRunsRecord(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	path := h.write("KAN-8.md", "- [ ] a `true`\n- [ ] b manual\n")
	for _, commit := range []string{"c1", "c2", "c3"} {
		h.nowTime = h.nowTime.Add(time.Minute)
		require.Equal(t, exitOK, h.run("run", path, "--workdir", h.dir, "--commit", commit, "--no-cache"), h.stderr.String())
	}
	led := readSummary(t, h, "KAN-8")["ledger"].(map[string]any)
	hist := led["history"].([]any)
	require.Len(t, hist, 1, "only this run's record")
	assert.Equal(t, "c3", hist[0].(map[string]any)["commit"])
	assert.Equal(t, "c3", led["verify_last_commit_sha"])

	require.Equal(t, exitOK, h.run("ledger", "show", "KAN-8", "--json"))
	var entry map[string]any
	require.NoError(t, json.Unmarshal(h.stdout.Bytes(), &entry))
	assert.Len(t, entry["history"], 3, "the ledger keeps every run")
}

func TestRunStopsRetryWithoutCodeChangeAndRefusesAfterCycles(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	path := h.write("KAN-6.md", "- [ ] a `false`\n")
	run := func(commit string) string {
		h.nowTime = h.nowTime.Add(time.Minute)
		assert.Equal(t, exitFailed, h.run("run", path, "--workdir", h.dir, "--commit", commit))
		return h.stdout.String()
	}
	assert.Contains(t, run("c1"), "Route:    needs_fix")
	assert.Contains(t, run("c1"), "Route:    human_attention — same failure as the previous run on commit c1")
	out := run("c2") // a new commit lifts the same-hash rule, not the cap
	assert.Contains(t, out, "verify cycles exhausted (3/3)")
	out = run("c3")
	assert.Contains(t, out, "refused")
	assert.Contains(t, out, "autoverify ledger reset KAN-6")
	evidence, _ := filepath.Glob(filepath.Join(h.dir, "reports", "KAN-6-evidence-*.txt"))
	assert.Len(t, evidence, 3, "a refused run writes nothing")

	require.Equal(t, exitOK, h.run("ledger", "reset", "KAN-6"))
	assert.Contains(t, run("c3"), "Route:    needs_fix")
}

func TestRunFailsFastWhenRedisIsDown(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.env["ENGINEO_REDIS_URL"] = "redis://:hunter2secret@127.0.0.1:1/0"
	path := h.write("KAN-7.md", "- [ ] a `true`\n")
	start := time.Now()
	assert.Equal(t, exitFailed, h.run("run", path, "--workdir", h.dir))
	assert.Less(t, time.Since(start), 8*time.Second)
	assert.Contains(t, h.stderr.String(), "127.0.0.1:1")
	assert.Contains(t, h.stderr.String(), "ENV_ERROR")
	assert.NotContains(t, h.stderr.String(), "hunter2secret")
	_, err := os.Stat(filepath.Join(h.dir, "reports"))
	assert.True(t, os.IsNotExist(err), "nothing ran, nothing written")
	got, _ := os.ReadFile(path)
	assert.Equal(t, "- [ ] a `true`\n", string(got))
}

func gitRun(t *testing.T, dir string, args ...string) string {
	t.Helper()
	out, err := exec.Command("git", append([]string{"-C", dir, "-c", "user.name=t", "-c", "user.email=t@t"}, args...)...).CombinedOutput()
	require.NoError(t, err, "%s", out)
	return strings.TrimSpace(string(out))
}

func TestAutoFixCommitsAndReverifies(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.env["ENGINEO_AUTOVERIFY_ALLOWLIST"] = "sh lint.sh,sh fix.sh"
	h.write("lint.sh", `if grep -q unused src.js; then printf "src.js\n  1:7  error  'x' is assigned a value but never used  no-unused-vars\n\n✖ 1 problem (1 error, 0 warnings)\n"; exit 1; fi`+"\n")
	h.write("fix.sh", "sed -i 's/unused/used/' src.js\n")
	h.write("src.js", "const x = 1; // unused\n")
	h.write(".autoverify.yml", "auto_fix:\n  LINT_ERROR: sh fix.sh\n")
	h.write(".gitignore", "reports/\nstate/\n")
	path := h.write("KAN-8.md", "- [ ] lint `sh lint.sh`\n")
	gitRun(t, h.dir, "init", "-q")
	gitRun(t, h.dir, "add", ".")
	gitRun(t, h.dir, "commit", "-q", "-m", "init")

	require.Equal(t, exitOK, h.run("run", path, "--workdir", h.dir), h.stdout.String()+h.stderr.String())
	out := h.stdout.String()
	assert.Contains(t, out, "auto-fix LINT_ERROR: sh fix.sh → exit 0, committed")
	assert.Contains(t, out, "Route:    verified")
	assert.Contains(t, out, "verify cycles 2/3, auto-fix attempts 1/2")
	assert.Contains(t, gitRun(t, h.dir, "log", "-1", "--format=%s"), "auto-fix LINT_ERROR in KAN-8")
	assert.Equal(t, "src.js", gitRun(t, h.dir, "show", "--name-only", "--format=", "HEAD"), "only the fixer's change is committed")
	sum := readSummary(t, h, "KAN-8")
	assert.Len(t, sum["auto_fixes"], 1)
}

func TestAutoFixConfigIsChecked(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	path := h.write("KAN-9.md", "- [ ] a `true`\n")
	for yml, want := range map[string]string{
		"auto_fix:\n  ENV_ERROR: true\n":      "never auto-fixed",
		"auto_fix:\n  LINT_ERROR: rm -rf x\n": "not in the allowlist",
		"auto_fix:\n  WHATEVER: true\n":       "not a fixable failure type",
	} {
		h.write(".autoverify.yml", yml)
		assert.Equal(t, exitBadInput, h.run("run", path, "--workdir", h.dir), yml)
		assert.Contains(t, h.stderr.String(), want)
	}
}

// TestLedgerShowText: `ledger show` prints the entry as report.LedgerEntry
// words it (golden files in bot/report), with the configured limits.
func TestLedgerShowText(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	path := h.write("KAN-12.md", "- [ ] a `true`\n- [ ] b manual\n")
	require.Equal(t, exitOK, h.run("run", path, "--workdir", h.dir, "--commit", "0123456789abcdef"), h.stderr.String())
	require.Equal(t, exitOK, h.run("ledger", "show", "KAN-12"), h.stderr.String())
	assert.Equal(t, "KAN-12\n"+
		"  auto_verify_runs:       1/3\n"+
		"  auto_fix_attempts:      0/2\n"+
		"  last_failure_type:      -\n"+
		"  last_failure_hash:      -\n"+
		"  last_failure_at:        -\n"+
		"  verify_last_commit_sha: 0123456789abcdef\n"+
		"  history (newest last):\n"+
		"    2026-01-28T12:00:00Z  human_review     passed 1, failed 0, manual 1  0123456789ab  the 1 automated item passed; 1 manual item remains\n", h.stdout.String())
}
