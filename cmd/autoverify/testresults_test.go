package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestRunReportsPerTestResults runs real `go test` commands through the
// local runner: the summary JSON and the evidence name the failing tests
// and count them exactly (autoverify adds -json and restores the text), a
// secret in a failure line is redacted there too, and a test command that
// exits 0 having run no tests fails with a reason.
func TestRunReportsPerTestResults(t *testing.T) {
	h := newGoHarness(t)
	t.Parallel()
	h.env["ENGINEO_AUTOVERIFY_ALLOWLIST"] = "go test"
	secret := "s3cr3t-" + "value-for-test-0077"
	h.env["ENGINEO_JIRA_API_TOKEN"] = secret
	h.env["ENGINEO_REDACT_ENV"] = "ENGINEO_JIRA_API_TOKEN"
	h.write("go.mod", "module example.com/calc\n\ngo 1.22\n")
	h.write("calc_test.go", `package calc

import "testing"

func TestAdd(t *testing.T) {}
func TestSub(t *testing.T) { t.Errorf("got 1, want 2") }
func TestMul(t *testing.T) { t.Fatal("token `+secret+` rejected") }
func TestSkipped(t *testing.T) { t.Skip("later") }
`)
	path := h.write("KAN-7.md", "# KAN-7\n\n<!-- AUTO:CMD=go test ./... -->\n- [ ] unit tests\n<!-- AUTO:CMD=go test -run TestNothingMatches ./... -->\n- [ ] filtered to nothing\n")
	assert.Equal(t, exitFailed, h.run("run", path, "--workdir", h.dir), h.stderr.String())

	files, err := filepath.Glob(filepath.Join(h.dir, "reports", "KAN-7-auto-verify-summary.json"))
	require.NoError(t, err)
	require.Len(t, files, 1)
	raw, err := os.ReadFile(files[0])
	require.NoError(t, err)
	assert.NotContains(t, string(raw), secret)
	var sum struct {
		Results []struct {
			Command     string  `json:"command"`
			Passed      bool    `json:"passed"`
			FailureType *string `json:"failure_type"`
			Reason      string  `json:"reason"`
			Tests       *struct {
				Run, Passed, Failed, Skipped int
				FailedNames                  []string `json:"failed_names"`
			} `json:"tests"`
		} `json:"results"`
	}
	require.NoError(t, json.Unmarshal(raw, &sum))
	require.Len(t, sum.Results, 2)

	unit := sum.Results[0]
	assert.Equal(t, "go test ./...", unit.Command, "the command as written, not as run")
	require.NotNil(t, unit.Tests)
	assert.Equal(t, 3, unit.Tests.Run)
	assert.Equal(t, 1, unit.Tests.Passed)
	assert.Equal(t, 2, unit.Tests.Failed)
	assert.Equal(t, 1, unit.Tests.Skipped)
	assert.Equal(t, []string{"TestSub", "TestMul"}, unit.Tests.FailedNames)
	require.NotNil(t, unit.FailureType)
	assert.Equal(t, "TEST_FAILURE", *unit.FailureType)

	none := sum.Results[1]
	assert.False(t, none.Passed, "a test command that ran no tests is not a pass")
	require.NotNil(t, none.FailureType)
	assert.Equal(t, "TEST_FAILURE", *none.FailureType)
	assert.Equal(t, "the test command exited 0 but ran no tests", none.Reason)
	require.NotNil(t, none.Tests)
	assert.Zero(t, none.Tests.Run)

	evs, _ := filepath.Glob(filepath.Join(h.dir, "reports", "KAN-7-evidence-*.txt"))
	require.Len(t, evs, 1)
	ev, err := os.ReadFile(evs[0])
	require.NoError(t, err)
	text := string(ev)
	assert.Contains(t, text, "tests: 2 of 3 tests failed: TestSub, TestMul (1 skipped)\n")
	assert.Contains(t, text, "  TestSub: calc_test.go:6: got 1, want 2\n")
	assert.Contains(t, text, "reason: the test command exited 0 but ran no tests\n")
	// The evidence shows go test's text, not its JSON, and like go test
	// without -v it leaves passing tests out.
	assert.Contains(t, text, "--- FAIL: TestSub")
	assert.NotContains(t, text, `"Action"`)
	assert.NotContains(t, text, "TestAdd")
	assert.NotContains(t, text, secret)
	assert.False(t, strings.Contains(h.stdout.String(), secret))
}
