package claims

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var (
	envs = []string{"devcontainer", "native"}
	cmds = []Command{
		{Check: "lint", Command: "pnpm lint"},
		{Check: "unit_tests", Command: "pnpm test", Environment: "ALL"},
		{Check: "e2e", Command: "pnpm e2e", Environment: "native", ExitCode: 3},
	}
)

const truthful = `READY_FOR_REVIEW: task-3

Files Modified:
- src/a.ts

Environment Verification Matrix:
| Check | Environment | Exit Code | Result |
|-------|-------------|-----------|--------|
| lint | devcontainer | 0 | PASS |
| lint | native | 0 | PASS |
| unit_tests | devcontainer | 0 | PASS |
| unit_tests | native | 0 | PASS |
| e2e | native | 3 | PASS |

Environments Tested: native, devcontainer
All Required Environments: VERIFIED

Summary: done
`

func TestMatrix(t *testing.T) {
	t.Parallel()
	got := Matrix(cmds, envs)
	var keys []Key
	for _, p := range got {
		keys = append(keys, p.Key())
	}
	assert.Equal(t, []Key{{"lint", "devcontainer"}, {"lint", "native"}, {"unit_tests", "devcontainer"},
		{"unit_tests", "native"}, {"e2e", "native"}}, keys)
	assert.Equal(t, 3, got[4].RequiredExitCode)
	assert.Equal(t, "pnpm test", got[2].Command)
}

func TestValidateSteps(t *testing.T) {
	t.Parallel()
	expected := Matrix(cmds, envs)
	tests := []struct {
		name, text string
		kind       Kind
		err        string
	}{
		{"truthful", truthful, ReadyForReview, ""},
		{"no header", strings.Replace(truthful, "| Check | Environment | Exit Code | Result |", "| Check | Env | Exit Code | Result |", 1), ReadyForReview,
			"Missing Environment Verification Matrix header"},
		{"header but no rows", "| Check | Environment | Exit Code | Result |\n| lint | native | zero | PASS |\n", ReadyForReview,
			"No verification results found in matrix"},
		{"missing pair", strings.Replace(truthful, "| unit_tests | native | 0 | PASS |\n", "", 1), ReadyForReview,
			"Missing: unit_tests in native"},
		{"failed pair", strings.Replace(truthful, "| e2e | native | 3 | PASS |", "| e2e | native | 007 | FAIL |", 1), ReadyForReview,
			"Failed: e2e in native (exit 7)"},
		{"missing environments line", strings.Replace(truthful, "Environments Tested: native, devcontainer\n", "", 1), ReadyForReview,
			`Missing "Environments Tested:" line`},
		{"missing verified", strings.Replace(truthful, "VERIFIED", "verified", 1), ReadyForReview,
			`Missing "All Required Environments: VERIFIED" confirmation`},
		// Which error wins: the spec's order, not the text's.
		{"missing pair beats missing lines", "| Check | Environment | Exit Code | Result |\n| lint | native | 0 | PASS |\n", ReadyForReview,
			"Missing: lint in devcontainer"},
		{"first expected pair wins", strings.NewReplacer("| lint | native | 0 | PASS |", "| lint | native | 1 | FAIL |",
			"| unit_tests | devcontainer | 0 | PASS |\n", "").Replace(truthful), ReadyForReview, "Failed: lint in native (exit 1)"},
		{"last duplicate row wins", strings.Replace(truthful, "| lint | native | 0 | PASS |", "| lint | native | 0 | PASS |\n| lint | native | 2 | FAIL |", 1),
			ReadyForReview, "Failed: lint in native (exit 2)"},
		{"audit needs Environments Verified", truthful, AuditPassed, `Missing "Environments Verified:" line`},
		{"audit needs CONFIRMED", strings.Replace(truthful, "Environments Tested:", "Environments Verified:", 1), AuditPassed,
			`Missing "All Required Environments: CONFIRMED" confirmation`},
		{"audit valid", strings.NewReplacer("Environments Tested:", "Environments Verified:", "VERIFIED", "CONFIRMED").Replace(truthful), AuditPassed, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			v := ValidateText(tc.kind, tc.text, expected)
			assert.Equal(t, tc.err, v.Error)
			assert.Equal(t, tc.err == "", v.Valid)
			if tc.err == "" {
				assert.Empty(t, v.Action)
			} else {
				assert.Equal(t, ActionReject, v.Action)
			}
		})
	}
}

func TestValidateParsed(t *testing.T) {
	t.Parallel()
	v := ValidateText(ReadyForReview, truthful, Matrix(cmds, envs))
	require.True(t, v.Valid)
	assert.Len(t, v.Claims, 5)
	assert.Equal(t, Claim{ExitCode: 3, ExitCodeOK: true, ExitText: "3", Result: "PASS"}, v.Claims[Key{"e2e", "native"}])
	assert.Equal(t, []string{"native", "devcontainer"}, v.Environments)
	huge := ValidateText(ReadyForReview, "| Check | Environment | Exit Code | Result |\n| a | b | 99999999999999999999 | PASS |", nil)
	assert.Equal(t, Claim{ExitText: "99999999999999999999", Result: "PASS"}, huge.Claims[Key{"a", "b"}])
}

func TestFind(t *testing.T) {
	t.Parallel()
	tests := map[string]struct {
		text   string
		ok     bool
		kind   Kind
		taskID string
		starts string
	}{
		"plain":           {truthful, true, ReadyForReview, "task-3", "READY_FOR_REVIEW: task-3\n"},
		"none":            {"Fixes the bug.\n\nREADY FOR REVIEW soon", false, "", "", ""},
		"mid-line":        {"I will post READY_FOR_REVIEW: x later", false, "", "", ""},
		"bold, bracketed": {"intro\n**READY_FOR_REVIEW: [KAN-25]**\nbody", true, ReadyForReview, "KAN-25", "**READY_FOR_REVIEW"},
		"quoted audit":    {"> AUDIT_PASSED: KAN-9\n> x", true, AuditPassed, "KAN-9", "> AUDIT_PASSED"},
		"newest wins":     {"READY_FOR_REVIEW: old\nstuff\nAUDIT_PASSED: new\nmore", true, AuditPassed, "new", "AUDIT_PASSED: new\nmore"},
		"no task id":      {"READY_FOR_REVIEW:\n", true, ReadyForReview, "", "READY_FOR_REVIEW:"},
		"heading":         {"## READY_FOR_REVIEW: `KAN-1`\n", true, ReadyForReview, "KAN-1", "## READY"},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			s, ok := Find(tc.text)
			require.Equal(t, tc.ok, ok)
			if !ok {
				return
			}
			assert.Equal(t, tc.kind, s.Kind)
			assert.Equal(t, tc.taskID, s.TaskID)
			assert.True(t, strings.HasPrefix(s.Text, tc.starts), s.Text)
			assert.True(t, strings.HasSuffix(tc.text, s.Text))
		})
	}
}

func TestCompare(t *testing.T) {
	t.Parallel()
	expected := Matrix(cmds, envs)
	v := ValidateText(ReadyForReview, truthful, expected)
	require.True(t, v.Valid)
	obs := []Observation{
		{Check: "lint", Environment: "devcontainer", ExitCode: 0, Passed: true},
		{Check: "lint", Environment: "native", ExitCode: 1, Passed: false}, // claimed PASS, failed
		{Check: "unit_tests", Environment: "devcontainer", ExitCode: 0, Passed: true},
		{Check: "unit_tests", Environment: "native", ExitCode: -1, Unavailable: true}, // could not run
		{Check: "e2e", Environment: "native", ExitCode: 0, Passed: false},             // required 3; claimed 3, saw 0
		{Check: "extra", Environment: "native", ExitCode: 0, Passed: true},            // not expected: ignored
	}
	got := Compare(v.Claims, expected, obs)
	require.Len(t, got, 5)
	assert.Equal(t, Audit{Check: "lint", Environment: "devcontainer", ClaimedExitCode: 0, ClaimedResult: "PASS", ObservedExitCode: 0, ObservedResult: "PASS"}, got[0])
	assert.Equal(t, Audit{Check: "lint", Environment: "native", ClaimedExitCode: 0, ClaimedResult: "PASS", ObservedExitCode: 1, ObservedResult: "FAIL", FalseClaim: true}, got[1])
	assert.Equal(t, Audit{Check: "unit_tests", Environment: "native", ClaimedExitCode: 0, ClaimedResult: "PASS", ObservedExitCode: -1, ObservedResult: "INFRA_BLOCKED", Unverified: true}, got[3])
	assert.True(t, got[4].FalseClaim)
	f, u := Count(got)
	assert.Equal(t, 2, f)
	assert.Equal(t, 1, u)

	// A differing exit code is a false claim even when the check passed.
	pass := []Observation{{Check: "a", Environment: "x", ExitCode: 0, Passed: true}}
	exp := []Pair{{Check: "a", Environment: "x"}}
	claimed := map[Key]Claim{{"a", "x"}: {ExitCode: 5, ExitCodeOK: true, ExitText: "5", Result: "PASS"}}
	assert.True(t, Compare(claimed, exp, pass)[0].FalseClaim)
	claimed[Key{"a", "x"}] = Claim{ExitText: "99999999999", Result: "PASS"}
	assert.True(t, Compare(claimed, exp, pass)[0].FalseClaim, "an exit code no process returns is never true")
	// A pair nobody ran is unverified, not false.
	none := Compare(claimed, exp, nil)[0]
	assert.True(t, none.Unverified)
	assert.False(t, none.FalseClaim)
}

// BenchmarkValidate validates a 12-pair signal (3 checks × 4 environments)
// inside a 4 KiB description.
func BenchmarkValidate(b *testing.B) {
	envs := []string{"ci", "devcontainer", "docker-compose", "native"}
	cmds := []Command{{Check: "lint"}, {Check: "type_check"}, {Check: "unit_tests"}}
	expected := Matrix(cmds, envs)
	var sb strings.Builder
	sb.WriteString(strings.Repeat("Some prose about the change.\n", 100))
	sb.WriteString("READY_FOR_REVIEW: KAN-1\n\n| Check | Environment | Exit Code | Result |\n|---|---|---|---|\n")
	for _, p := range expected {
		sb.WriteString("| " + p.Check + " | " + p.Environment + " | 0 | PASS |\n")
	}
	sb.WriteString("\nEnvironments Tested: ci, devcontainer, docker-compose, native\nAll Required Environments: VERIFIED\n")
	text := sb.String()
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	for b.Loop() {
		s, _ := Find(text)
		if !Validate(s, expected).Valid {
			b.Fatal("invalid")
		}
	}
}

// BenchmarkFindNoSignal is the common case: a 4 KiB description without a
// signal, looked at on every pull request run.
func BenchmarkFindNoSignal(b *testing.B) {
	text := strings.Repeat("Some prose about the change, READY FOR REVIEW soon.\n", 80)
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	for b.Loop() {
		if _, ok := Find(text); ok {
			b.Fatal("found")
		}
	}
}
