package artifacts

import (
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"testing"
	"time"

	"github.com/engineo/autoverify/bot/evidence"
	"github.com/engineo/autoverify/bot/failure"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func sampleRun() evidence.Run {
	return evidence.Run{
		StoryKey: "KAN-25",
		Time:     time.Date(2026, 1, 28, 12, 0, 0, 500, time.UTC),
		Results: []evidence.Result{
			{ItemID: "abc12345", Line: 3, Text: "Run type check", Command: "pnpm type-check", Duration: 5200 * time.Millisecond, Passed: true, Output: []byte("ok\n")},
			{ItemID: "def67890", Line: 5, Text: "Tests", Command: "pnpm test", ExitCode: 1, Duration: time.Second, FailureType: failure.TestFailure, Output: []byte("1 failed"), OmittedBytes: 10},
		},
		ManualCount: 2,
	}
}

func TestWriteArtifacts(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	files, err := Write(dir, sampleRun())
	require.NoError(t, err)
	assert.Equal(t, "20260128T120000Z", files.Timestamp)
	assert.Equal(t, filepath.Join(dir, "KAN-25-evidence-20260128T120000Z.txt"), files.Evidence)
	assert.Equal(t, filepath.Join(dir, "KAN-25-auto-verify-summary.json"), files.Summary)

	raw, err := os.ReadFile(files.Summary)
	require.NoError(t, err)
	var obj map[string]any
	require.NoError(t, json.Unmarshal(raw, &obj))
	var keys []string
	for k := range obj {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	assert.Equal(t, []string{"all_passed", "failed_count", "manual_count", "passed_count", "results", "story_key", "timestamp", "total_commands"}, keys)
	assert.Equal(t, false, obj["all_passed"])
	assert.EqualValues(t, 2, obj["total_commands"])
	assert.EqualValues(t, 1, obj["passed_count"])
	assert.EqualValues(t, 1, obj["failed_count"])
	assert.EqualValues(t, 2, obj["manual_count"])
	results := obj["results"].([]any)
	first := results[0].(map[string]any)
	var rkeys []string
	for k := range first {
		rkeys = append(rkeys, k)
	}
	sort.Strings(rkeys)
	assert.Equal(t, []string{"command", "duration_seconds", "exit_code", "failure_type", "item_id", "passed", "timed_out"}, rkeys)
	assert.Nil(t, first["failure_type"], "null on pass")
	assert.Equal(t, 5.2, first["duration_seconds"])
	assert.Equal(t, "TEST_FAILURE", results[1].(map[string]any)["failure_type"])

	text, err := os.ReadFile(files.Evidence)
	require.NoError(t, err)
	for _, want := range []string{"story: KAN-25", "command: pnpm type-check", "item: abc12345", "exit code: 1",
		"duration: 5.200s", "timed out: false", "result: FAIL", "failure type: TEST_FAILURE", "1 failed\n", "10 omitted"} {
		assert.Contains(t, string(text), want)
	}
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	assert.Len(t, entries, 2, "no temp files left behind")
}

func TestWriteNeverOverwritesEvidence(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	a, err := Write(dir, sampleRun())
	require.NoError(t, err)
	b, err := Write(dir, sampleRun())
	require.NoError(t, err)
	assert.NotEqual(t, a.Evidence, b.Evidence)
	assert.Equal(t, "20260128T120001Z", b.Timestamp)
	assert.FileExists(t, a.Evidence)
}

func TestWriteFileKeepsModeAndReplaces(t *testing.T) {
	t.Parallel()
	p := filepath.Join(t.TempDir(), "story.md")
	require.NoError(t, os.WriteFile(p, []byte("old"), 0o600))
	require.NoError(t, WriteFile(p, []byte("new"), 0o644))
	st, err := os.Stat(p)
	require.NoError(t, err)
	assert.Equal(t, os.FileMode(0o600), st.Mode().Perm())
	got, _ := os.ReadFile(p)
	assert.Equal(t, "new", string(got))
}

func TestWriteReportsUnwritableDir(t *testing.T) {
	t.Parallel()
	f := filepath.Join(t.TempDir(), "file")
	require.NoError(t, os.WriteFile(f, nil, 0o644))
	_, err := Write(filepath.Join(f, "sub"), sampleRun())
	assert.ErrorContains(t, err, "artifacts directory")
}

// TestRewriteSummaryKeepsTheEvidence: the summary is written again from
// the run given, in place and with its mode; the evidence is untouched.
func TestRewriteSummaryKeepsTheEvidence(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	run := evidence.Run{StoryKey: "KAN-7", Time: time.Date(2026, 11, 27, 10, 0, 0, 0, time.UTC), Ledger: map[string]int{"auto_verify_runs": 1}}
	files, err := Write(dir, run)
	require.NoError(t, err)
	require.NoError(t, os.Chmod(files.Summary, 0o600))
	ev, err := os.ReadFile(files.Evidence)
	require.NoError(t, err)
	run.Ledger = map[string]int{"auto_verify_runs": 2}
	require.NoError(t, Disk{}.RewriteSummary(files, run))
	sum, err := os.ReadFile(files.Summary)
	require.NoError(t, err)
	assert.Contains(t, string(sum), `"auto_verify_runs": 2`)
	st, err := os.Stat(files.Summary)
	require.NoError(t, err)
	assert.Equal(t, os.FileMode(0o600), st.Mode().Perm())
	after, err := os.ReadFile(files.Evidence)
	require.NoError(t, err)
	assert.Equal(t, ev, after)
}
