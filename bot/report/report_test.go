package report

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var update = flag.Bool("update", false, "rewrite testdata/*.golden")

func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name+".golden")
	if *update {
		require.NoError(t, os.WriteFile(path, []byte(got), 0o644))
	}
	want, err := os.ReadFile(path)
	require.NoError(t, err, "run go test ./bot/report -update to create it")
	assert.Equal(t, string(want), got)
}

func sampleRun(route string) Run {
	return Run{
		StoryKey: "KAN-25", RunID: "r1", Commit: "0123456789abcdef0123456789abcdef01234567",
		Source: "the pull request description", Route: route, Reason: "reason text",
		Items: []Item{
			{Line: 3, ID: "abc12345", Text: "Run type check", Command: "pnpm type-check", Kind: "auto", Ran: true, Passed: true, Duration: 5200 * time.Millisecond},
			{Line: 5, ID: "def67890", Text: "Tests | pass", Command: "pnpm test", Kind: "auto", Ran: true, FailureType: "TEST_FAILURE", ExitCode: 1, Duration: time.Second,
				Tests:  "3 of 214 tests failed: adds, subtracts | rounds, divides <by zero>",
				Output: "FAIL src/a.test.ts\n  ● adds\n    expect(received).toBe(expected)\n```\nnot a fence\n"},
			{Line: 7, ID: "0a0b0c0d", Text: "Verify UI renders", Kind: "manual"},
			{Line: 9, ID: "0e0f0a0b", Text: "Sneaky", Command: "pnpm test; rm -rf /", Kind: "rejected", Reason: "AUTO tag command `pnpm test; rm -rf /` contains `;`"},
		},
		Cycles: 1, MaxCycles: 3, Fixes: 0, MaxFixes: 2,
		EvidenceFile: "KAN-25-evidence-20260128T120000Z.txt", SummaryFile: "KAN-25-auto-verify-summary.json",
		EvidenceURL: "https://av.example.com/runs/r1/KAN-25-evidence-20260128T120000Z.txt", SummaryURL: "https://av.example.com/runs/r1/KAN-25-auto-verify-summary.json",
	}
}

func TestGolden(t *testing.T) {
	for _, route := range []string{"verified", "human_review", "needs_fix", "human_attention"} {
		r := sampleRun(route)
		if route == "verified" || route == "human_review" {
			r.Items = r.Items[:1]
			if route == "human_review" {
				r.Items = append(r.Items, sampleRun(route).Items[2])
			}
		}
		parts := Comment(r)
		require.Len(t, parts, 1)
		golden(t, "comment-"+route, parts[0])
		title, summary, text := CheckRun(r)
		golden(t, "checkrun-"+route, "title: "+title+"\n\nsummary:\n"+summary+"\ntext:\n"+text)
	}
	golden(t, "help", Help("docs/stories/{key}.md"))
	golden(t, "nochecklist-key", NoChecklist("KAN-25", "docs/stories/KAN-25.md"))
	golden(t, "nochecklist-nokey", NoChecklist("", "docs/stories/{key}.md"))
}

func TestConclusion(t *testing.T) {
	t.Parallel()
	for route, want := range map[string]string{"verified": "success", "human_review": "neutral", "needs_fix": "failure", "human_attention": "action_required"} {
		assert.Equal(t, want, Conclusion(route))
	}
}

// TestCommentSplitsOnBlockBoundaries: a run with many long failures is
// split into parts under GitHub's limit, each with balanced code fences
// and <details> elements.
func TestCommentSplitsOnBlockBoundaries(t *testing.T) {
	t.Parallel()
	r := sampleRun("needs_fix")
	long := strings.Repeat("error: something went wrong on this line of output\n", 200)
	for i := 0; i < 40; i++ {
		r.Items = append(r.Items, Item{Line: 100 + i, Text: "check", Command: "pnpm test", Kind: "auto", Ran: true, FailureType: "TEST_FAILURE", ExitCode: 1, Output: long})
	}
	huge := Item{Line: 999, Text: "huge", Command: "pnpm test", Kind: "auto", Ran: true, FailureType: "TEST_FAILURE", ExitCode: 1,
		Output: strings.Repeat("x", 200000)}
	r.Items = append(r.Items, huge)
	parts := Comment(r)
	require.Greater(t, len(parts), 1)
	for i, p := range parts {
		assert.LessOrEqual(t, len(p), MaxCommentLen-512, "part %d", i)
		assert.Equal(t, strings.Count(p, "<details>"), strings.Count(p, "</details>"), "part %d", i)
		assert.False(t, openFence(p), "part %d has an open code block", i)
	}
	_, summary, text := CheckRun(r)
	assert.LessOrEqual(t, len(summary), MaxCheckRunText)
	assert.LessOrEqual(t, len(text), MaxCheckRunText)
}

func TestCodeSpanSurvivesBackticks(t *testing.T) {
	t.Parallel()
	assert.Equal(t, "`pnpm test`", code("pnpm test"))
	assert.Equal(t, "``a`b``", code("a`b"))
	assert.Equal(t, "`` `x` ``", code("`x`"))
	assert.Equal(t, "`a \\| b`", code("a | b"))
}

// openFence reports whether markdown ends inside a fenced code block, by
// CommonMark's rule: a fence closes only with at least as many backticks.
func openFence(md string) bool {
	open := 0
	for _, line := range strings.Split(md, "\n") {
		n := len(line) - len(strings.TrimLeft(line, "`"))
		if n < 3 {
			continue
		}
		switch {
		case open == 0:
			open = n
		case n >= open && strings.TrimSpace(line[n:]) == "":
			open = 0
		}
	}
	return open != 0
}

func TestJiraGolden(t *testing.T) {
	for _, route := range []string{"verified", "human_review", "needs_fix", "human_attention"} {
		r := sampleRun(route)
		j := Jira{Run: r, PullURL: "https://github.com/acme/web/pull/7", PullName: "acme/web#7"}
		switch route {
		case "verified":
			r.Items = r.Items[:1]
			j.Run, j.TransitionNote = r, TransitionNote("", "", nil, nil)
		case "human_review":
			r.Items = []Item{r.Items[0], r.Items[2]}
			j.Run, j.TransitionNote = r, TransitionNote("HUMAN TO REVIEW AND CLOSE", "HUMAN TO REVIEW AND CLOSE", nil, nil)
		case "human_attention":
			r.Cycles, r.Fixes = 3, 2
			j.Run, j.TransitionNote = r, TransitionNote("HUMAN ATTENTION NEEDED", "", []string{"In Progress", "Done"}, nil)
		default:
			j.TransitionNote = TransitionNote("", "", nil, nil)
		}
		golden(t, "jira-"+route, JiraComment(j))
	}
}

func TestWikiEscapes(t *testing.T) {
	t.Parallel()
	assert.Equal(t, `a\|b \[x\] \*bold\* \{code\}`, wiki("a|b [x] *bold* {code}"))
	assert.Equal(t, `pnpm test \}`, wikiCode("pnpm test }"))
}

func TestMatrixGolden(t *testing.T) {
	r := sampleRun("needs_fix")
	r.Items = r.Items[:2]
	r.Environments = []string{"ci", "native"}
	r.Matrix = []MatrixRow{
		{Name: "type_check", Check: "pnpm type-check", Environment: "ci", Result: "PASS", Passed: true},
		{Name: "type_check", Check: "pnpm type-check", Environment: "native", Result: "PASS", Passed: true},
		{Name: "unit_tests", Check: "pnpm test", Environment: "ci", ExitCode: 1, Result: "FAIL — TEST_FAILURE"},
		{Name: "unit_tests", Check: "pnpm test", Environment: "native", Result: "PASS", Passed: true},
	}
	parts := Comment(r)
	require.Len(t, parts, 1)
	golden(t, "comment-matrix", parts[0])
	golden(t, "jira-matrix", JiraComment(Jira{Run: r, TransitionNote: TransitionNote("", "", nil, nil)}))
	assert.Contains(t, parts[0], "| Check | Environment | Exit Code | Result |")
	assert.Contains(t, parts[0], "Environments Tested: ci, native")
	assert.Contains(t, parts[0], "All Required Environments: NOT VERIFIED — failed: unit_tests in ci")
	r.Matrix = r.Matrix[:2]
	assert.Contains(t, Comment(r)[0], "All Required Environments: VERIFIED")
}

func TestGoldenProblems(t *testing.T) {
	problems := map[string]Problem{
		"config":          {Kind: "config", Ref: "main", Detail: ".autoverify.yml: yaml: line 2: field timeout not found in type repoconfig.File; see the configuration table in README.md"},
		"config-settings": {Kind: "config", Detail: "environments: ci: a docker environment needs image: (or devcontainer: true)"},
		"refused":         {Kind: "refused", StoryKey: "KAN-25", Cycles: 3, MaxCycles: 3},
		"story":           {Kind: "story", Path: "docs/stories/KAN-25.md", Detail: "line 3: invalid UTF-8 at byte 40; save the story as UTF-8"},
		"no-checklist":    {Kind: "no_checklist", StoryKey: "KAN-25", StoryPath: "docs/stories/KAN-25.md"},
		"no-key":          {Kind: "no_checklist", StoryPath: "docs/stories/{key}.md"},
		"head-moved":      {Kind: "head_moved", Pinned: "abc1234abc1234abc1234abc1234abc1234abc12", Commit: "def5678def5678def5678def5678def5678def56"},
	}
	for name, p := range problems {
		golden(t, "problem-"+name, "title: "+ProblemTitle(p)+"\n\n"+ProblemComment(p))
		golden(t, "problem-jira-"+name, JiraProblem(p))
	}
	golden(t, "denied", Denied("mallory"))
	golden(t, "signal-denied", SignalDenied("mallory"))
	golden(t, "reset", Reset("alice", "KAN-25"))
	golden(t, "reset-nokey", Reset("alice", ""))
	golden(t, "unmapped-jira", Unmapped("OPS"))
	golden(t, "awaiting", Awaiting("mallory", "abc1234abc1234abc1234abc1234abc1234abc12"))
	noted := sampleRun("needs_fix")
	noted.Notes = []string{"Approved by @alice for `abc1234`: @mallory cannot start checks, so a new push needs a new `/verify`."}
	golden(t, "comment-notes", Comment(noted)[0])
}

func TestResultNamesTests(t *testing.T) {
	t.Parallel()
	assert.Equal(t, "PASS: 214 tests passed", result(Item{Kind: "auto", Ran: true, Passed: true, Tests: "214 tests passed"}))
	assert.Equal(t, "PASS", result(Item{Kind: "auto", Ran: true, Passed: true}))
	assert.Equal(t, "FAIL — TEST_FAILURE: no tests ran", result(Item{Kind: "auto", Ran: true, FailureType: "TEST_FAILURE", Tests: "no tests ran"}))
}

func TestGoldenClaims(t *testing.T) {
	r := sampleRun("human_attention")
	r.Items = r.Items[:2]
	r.Reason = "1 false claim(s) in the agent's signal: lint in ci: claimed PASS (exit 0), observed FAIL (exit 1)"
	r.Claim = NewClaim("READY_FOR_REVIEW", "KAN-25", "dev-agent-1", "the pull request description", []ClaimPair{
		{Check: "lint", Environment: "ci", ClaimedResult: "PASS", ObservedResult: "FAIL", ObservedExitCode: 1, FalseClaim: true},
		{Check: "lint", Environment: "native", ClaimedResult: "PASS", ObservedResult: "PASS"},
		{Check: "unit_tests", Environment: "native", ClaimedResult: "PASS", ObservedResult: "INFRA_BLOCKED", ObservedExitCode: -1, Unverified: true},
	})
	parts := Comment(r)
	golden(t, "comment-false-claim", parts[0])
	title, summary, _ := CheckRun(r)
	golden(t, "checkrun-false-claim", "title: "+title+"\n\nsummary:\n"+summary)
	golden(t, "jira-false-claim", JiraComment(Jira{Run: r, TransitionNote: TransitionNote("", "", nil, nil)}))
	assert.Less(t, strings.Index(parts[0], "false claim"), strings.Index(parts[0], "| | Item |"), "false claims come before the items")
	assert.Less(t, strings.Index(summary, "false claim"), strings.Index(summary, "**Route**"))

	held := sampleRun("verified")
	held.Claim = NewClaim("AUDIT_PASSED", "KAN-25", "", "a comment by @auditor", []ClaimPair{{Check: "lint", Environment: "ci", ClaimedResult: "PASS", ObservedResult: "PASS"}})
	golden(t, "comment-claim-held", Comment(held)[0])
	assert.Equal(t, 1, held.Claim.Held)
}

func TestGoldenSignalRejected(t *testing.T) {
	p := Problem{Kind: "signal_rejected", StoryKey: "KAN-25", TaskID: "task-3", Detail: "Missing: unit_tests in devcontainer"}
	golden(t, "problem-signal-rejected", "title: "+ProblemTitle(p)+"\n\n"+ProblemComment(p))
	golden(t, "problem-jira-signal-rejected", JiraProblem(p))
	golden(t, "signal-rejected", SignalRejected(p))
	assert.True(t, strings.HasPrefix(SignalRejected(p), "SIGNAL REJECTED: task-3\n\nReason: Missing: unit_tests in devcontainer\n"))
}

func TestGoldenAudit(t *testing.T) {
	claim := NewClaim("READY_FOR_REVIEW", "KAN-25", "dev-agent-1", "SIGNAL.md", []ClaimPair{
		{Check: "lint", Environment: "ci", ClaimedResult: "PASS", ObservedResult: "FAIL", ObservedExitCode: 1, FalseClaim: true},
		{Check: "lint", Environment: "native", ClaimedResult: "PASS", ObservedResult: "PASS"},
		{Check: "unit_tests", Environment: "devcontainer", ClaimedResult: "PASS", ObservedResult: "INFRA_BLOCKED", ObservedExitCode: -1, Unverified: true},
		{Check: "lint", Environment: "devcontainer", ClaimedResult: "PASS", ObservedResult: "INFRA_BLOCKED", ObservedExitCode: -1, Unverified: true},
	})
	a := Audit{Valid: true, Claim: claim, Environments: []string{"ci", "devcontainer", "native"}, EvidenceFile: "reports/KAN-25-evidence.txt"}
	golden(t, "audit-false-claim", AuditText(a))
	held := Audit{Valid: true, Environments: []string{"native"}, Claim: NewClaim("AUDIT_PASSED", "KAN-25", "", "SIGNAL.md",
		[]ClaimPair{{Check: "lint", Environment: "native", ClaimedResult: "PASS", ObservedResult: "PASS"}})}
	golden(t, "audit-held", AuditText(held))
	assert.Contains(t, AuditText(held), "All Required Environments: VERIFIED")
	rejected := Audit{Rejection: Problem{Kind: "signal_rejected", TaskID: "KAN-25", Detail: "No verification results found in matrix"}}
	assert.Equal(t, SignalRejected(rejected.Rejection), AuditText(rejected))
}

func TestGatesGolden(t *testing.T) {
	accepted := Gates{Base: "1111111111111111111111111111111111111111", Head: "2222222222222222222222222222222222222222", Accepted: true,
		Gates: []Gate{
			{Gate: "VERIFY_RED", Classification: "accept", Command: "go test -json -run '^(TestAbsNegative)$' .", ExitCode: 1, Reason: "1 new or changed tests fail on the base"},
			{Gate: "VERIFY_GREEN", Classification: "accept", Command: "go test -json ./...", Reason: "all 1 new or changed tests pass at head"},
			{Gate: "VERIFY_REFACTOR", Classification: "accept", Command: "go test -json ./...", Reason: "all 2 tests that passed on the base still pass"},
			{Gate: "VERIFY_IMPLEMENT", Classification: "accept", Command: "go vet ./...", Reason: "static checks pass"},
			{Gate: "VERIFY_MUTATE", Classification: "accept", Command: "go test -json ./", Reason: "score 1.00 (3 killed, 0 timed out, 0 survived, 0 not compiled of 3 mutants) ≥ 0.80"},
		},
		FailToPass: []string{"TestAbsNegative"}, PassToPass: []string{"TestAbsPositive", "TestAbsZero"}, Guards: []string{"TestAbsLarge"},
		Mutation: &Mutation{Score: 1, Threshold: 0.8, Total: 3}}
	rejected := Gates{Base: "1111111", Head: "2222222",
		Gates: []Gate{
			{Gate: "VERIFY_RED", Classification: "reject_failure", Reason: "the change adds or changes no test: nothing can be red"},
			{Gate: "VERIFY_GREEN", Classification: "accept", Command: "python3 -m pytest -o junit_family=xunit1 --junitxml=/dev/stdout", Reason: "all 0 new or changed tests pass at head"},
			{Gate: "VERIFY_REFACTOR", Classification: "reject_failure", Command: "python3 -m pytest", ExitCode: 1, Reason: "existing tests were weakened by the change: tests/test_calc.py::test_bug (deleted) | pipe"},
			{Gate: "VERIFY_MUTATE", Classification: "reject_weak", Command: "go test -json ./calc/", Reason: "score 0.50 (1 killed, 0 timed out, 1 survived, 0 not compiled of 2 mutants) < 0.80: the tests pass with these lines broken: calc/abs.go:4 boundary"},
		},
		Vanity: []string{"tests/test_calc.py::test_ten"}, Broken: []string{"tests/test_calc.py::test_abs"}, Rewritten: []string{"tests/test_calc.py::test_format"},
		Tampered: []string{"tests/test_calc.py::test_bug (deleted)"},
		Unrun:    []Gate{{Gate: "VERIFY_IMPLEMENT", Reason: "`ruff check .` is not in the allowlist; `python3 -m pyflakes .` is not installed where the commands run"}},
		Mutation: &Mutation{Score: 0.5, Threshold: 0.8, Total: 2, Survivors: []Survivor{
			{Where: "calc/abs.go:4", Operator: "boundary", Original: "if x < 0 {", Mutated: "if x <= 0 {"},
			{Where: "calc/abs.go:7", Operator: "delete_statement", Original: "log_it(x) | y"}}}}
	for name, g := range map[string]Gates{"accepted": accepted, "rejected": rejected} {
		golden(t, "gates-text-"+name, GatesText(g))
		golden(t, "gates-md-"+name, GatesMarkdown(g))
		golden(t, "gates-jira-"+name, GatesJira(g))
	}
}

func TestGatesInReportsGolden(t *testing.T) {
	r := sampleRun("needs_fix")
	r.Items = append(r.Items[:1:1], Item{Line: 11, ID: "gate-red", Text: "RED first", Command: "go test ./...", Kind: "auto", Ran: true,
		FailureType: "TEST_FAILURE", ExitCode: 0, Output: "VERIFY_RED reject_vanity (exit 0): 1 new or changed tests already pass without the change: TestAbsTen\n"})
	r.Gates = &Gates{Base: "1111111111111111111111111111111111111111", Head: "0123456789abcdef0123456789abcdef01234567",
		Gates: []Gate{
			{Gate: "VERIFY_RED", Classification: "reject_vanity", Command: "go test -run '^(TestAbsTen)$' -json .", Reason: "1 new or changed tests already pass without the change: TestAbsTen"},
			{Gate: "VERIFY_GREEN", Classification: "accept", Command: "go test -json ./...", Reason: "all 1 new or changed tests pass at head"},
		},
		Vanity: []string{"TestAbsTen"}, PassToPass: []string{"TestAbsPositive"}}
	parts := Comment(r)
	require.Len(t, parts, 1)
	golden(t, "comment-gates", parts[0])
	title, summary, text := CheckRun(r)
	golden(t, "checkrun-gates", "title: "+title+"\n\nsummary:\n"+summary+"\ntext:\n"+text)
	golden(t, "jira-gates", JiraComment(Jira{Run: r, TransitionNote: TransitionNote("", "", nil, nil)}))
}

func TestReviewsGolden(t *testing.T) {
	r := sampleRun("human_attention")
	r.Items = r.Items[:2]
	r.Reason = "independent reviewers disagreed on def67890: no_majority (1 of 2 reviewers passed: no majority); a flaky pass is never verified, so a person must look (no auto-fix attempt was spent)"
	r.VerificationStatus = "escalated"
	r.Reviews = []Review{
		{Check: "pnpm type-check", Status: "verified", Summary: "2 of 2 reviewers passed with the same result", Reviewers: []Reviewer{
			{ID: "reviewer-1", Status: "pass", Summary: "exit 0 in 5.2s", Digest: "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"},
			{ID: "reviewer-2", Status: "pass", Summary: "exit 0 in 5.1s", Digest: "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"}}},
		{Check: "pnpm test", Status: "escalated", Reason: "no_majority", Summary: "1 of 2 reviewers passed: no majority; flaky: adds", Flaky: []string{"adds"}, Reviewers: []Reviewer{
			{ID: "reviewer-1", Status: "pass", Summary: "exit 0 in 1s", Digest: "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb"},
			{ID: "reviewer-2", Status: "fail", Summary: "TEST_FAILURE, exit 1 in 1s", Digest: "cccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccc"}}},
	}
	parts := Comment(r)
	require.Len(t, parts, 1)
	golden(t, "comment-reviews", parts[0])
	_, _, text := CheckRun(r)
	golden(t, "checkrun-reviews", text)
	golden(t, "jira-reviews", JiraComment(Jira{Run: r, TransitionNote: TransitionNote("HUMAN ATTENTION NEEDED", "", nil, nil)}))
	assert.Contains(t, parts[0], "| `pnpm test` | reviewer-2 | fail | TEST_FAILURE, exit 1 in 1s | `cccccccccccc` |")
	assert.Contains(t, parts[0], "escalated (`no_majority`)")
	assert.Contains(t, parts[0], "flaky: adds")
	r.Reviews = nil
	assert.NotContains(t, Comment(r)[0], "Independent reviewers", "no reviewer table when reviewing is off")
}
