package report

import (
	"regexp"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The spec's patterns, copied from environment-verification.md
// (Coordinator Validation).
var (
	specHeader   = regexp.MustCompile(`\| Check \| Environment \| Exit Code \| Result \|`)
	specRow      = regexp.MustCompile(`\| (\S+) \| (\S+) \| (\d+) \| (PASS|FAIL) \|`)
	specTested   = regexp.MustCompile(`Environments Tested: (.+)`)
	specVerified = regexp.MustCompile(`All Required Environments: VERIFIED`)
)

func blockedRun() Run {
	r := sampleRun("human_attention")
	r.Items = r.Items[:2]
	r.Environments = []string{"ci", "devcontainer", "native"}
	r.Matrix = []MatrixRow{
		{Name: "type_check", Check: "pnpm type-check", Environment: "ci", Result: "PASS", Passed: true},
		{Name: "type_check", Check: "pnpm type-check", Environment: "devcontainer", ExitCode: -1, Result: "INFRA_BLOCKED"},
		{Name: "type_check", Check: "pnpm type-check", Environment: "native", Result: "PASS", Passed: true, Cached: true},
		{Name: "red_test", Check: "pnpm test red", Environment: "native", ExitCode: 1, Required: 1, Result: "PASS", Passed: true},
		{Name: "unit_tests", Check: "pnpm test", Environment: "ci", ExitCode: 1, Result: "FAIL — TEST_FAILURE"},
		{Name: "unit_tests", Check: "pnpm test", Environment: "devcontainer", ExitCode: -1, Result: "INFRA_BLOCKED"},
		{Name: "unit_tests", Check: "pnpm test", Environment: "native", Result: "PASS", Passed: true},
	}
	return r
}

// TestSpecPatternsReadEveryOutput runs the spec's own patterns over the PR
// comment, the check run, the Jira comment and the plain block, and finds
// every pair that ran with its exit code and result; a pair that could not
// run has no row and is named in the spec's INFRA_BLOCKED block.
func TestSpecPatternsReadEveryOutput(t *testing.T) {
	t.Parallel()
	r := blockedRun()
	_, summary, _ := CheckRun(r)
	outputs := map[string]string{
		"comment":  Comment(r)[0],
		"checkrun": summary,
		"jira":     JiraComment(Jira{Run: r, TransitionNote: TransitionNote("", "", nil, nil)}),
		"plain":    MatrixText(r),
	}
	want := map[string][2]string{}
	for _, m := range r.Matrix {
		if m.Result != "INFRA_BLOCKED" {
			res := "FAIL"
			if m.Passed {
				res = "PASS"
			}
			want[m.Name+"@"+m.Environment] = [2]string{strconv.Itoa(m.ExitCode), res}
		}
	}
	require.Len(t, want, 5)
	for name, out := range outputs {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			assert.True(t, specHeader.MatchString(out), "no header")
			got := map[string][2]string{}
			for _, m := range specRow.FindAllStringSubmatch(out, -1) {
				got[m[1]+"@"+m[2]] = [2]string{m[3], m[4]}
			}
			assert.Equal(t, want, got)
			tested := specTested.FindStringSubmatch(out)
			require.NotNil(t, tested)
			assert.Equal(t, "ci, devcontainer, native", tested[1])
			assert.False(t, specVerified.MatchString(out), "a failure is never VERIFIED")
			assert.Contains(t, out, "INFRA_BLOCKED: KAN-25\n\nIssue: Environment 'devcontainer' unavailable\nAttempted:\n- running type_check in devcontainer: the runner could not start it\n")
			assert.Contains(t, out, "Cannot complete verification - environment required for:\n- type_check\n- unit_tests\n\nCannot proceed until environment is restored.")
		})
	}
	golden(t, "comment-matrix-blocked", outputs["comment"])
	golden(t, "jira-matrix-blocked", outputs["jira"])
	golden(t, "matrix-plain-blocked", outputs["plain"])

	// All passing: the spec's VERIFIED line is there to read.
	r.Matrix = []MatrixRow{r.Matrix[0], r.Matrix[2], r.Matrix[3]}
	for _, out := range []string{Comment(r)[0], MatrixText(r), JiraComment(Jira{Run: r})} {
		assert.True(t, specVerified.MatchString(out))
		assert.NotContains(t, out, "INFRA_BLOCKED")
	}
}
