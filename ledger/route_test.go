package ledger

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestDecide(t *testing.T) {
	t.Parallel()
	l := DefaultLimits
	fresh := Entry{AutoVerifyRuns: 1}
	tests := []struct {
		name   string
		before Entry
		out    Outcome
		route  Route
		reason string
	}{
		{"all passed, nothing manual", fresh, Outcome{Passed: 3}, Verified, "all 3 automated items passed"},
		{"no automated items, nothing manual", fresh, Outcome{}, Verified, "no manual items remain"},
		{"passed with manual items", fresh, Outcome{Passed: 3, Manual: 2}, HumanReview, "2 manual items remain"},
		{"pass on the last cycle is still verified", Entry{AutoVerifyRuns: 3}, Outcome{Passed: 1}, Verified, ""},
		{"lint failure", fresh, Outcome{Passed: 1, Failed: 1, FailureTypes: []string{"LINT_ERROR"}, FailureHash: "h1", Commit: "c1"}, NeedsFix, "1 automated items failed (LINT_ERROR); fix and verify again (2 verify cycles left)"},
		{"env error", fresh, Outcome{Failed: 1, FailureTypes: []string{"ENV_ERROR"}, Unfixable: []string{"ENV_ERROR"}}, HumanAttention, "ENV_ERROR is not auto-fixable"},
		{"timeout among others", fresh, Outcome{Failed: 2, FailureTypes: []string{"TEST_FAILURE", "TIMEOUT"}, Unfixable: []string{"TIMEOUT"}}, HumanAttention, "TIMEOUT is not auto-fixable"},
		{"same hash, same commit", Entry{AutoVerifyRuns: 2, LastFailureHash: "h1", VerifyLastCommitSHA: "c1"},
			Outcome{Failed: 1, FailureTypes: []string{"TEST_FAILURE"}, FailureHash: "h1", Commit: "c1"}, HumanAttention, "same failure as the previous run on commit c1"},
		{"same hash, new commit lifts the rule", Entry{AutoVerifyRuns: 2, LastFailureHash: "h1", VerifyLastCommitSHA: "c1"},
			Outcome{Failed: 1, FailureTypes: []string{"TEST_FAILURE"}, FailureHash: "h1", Commit: "c2"}, NeedsFix, "1 verify cycles left"},
		{"new hash, same commit", Entry{AutoVerifyRuns: 2, LastFailureHash: "h1", VerifyLastCommitSHA: "c1"},
			Outcome{Failed: 1, FailureTypes: []string{"TEST_FAILURE"}, FailureHash: "h2", Commit: "c1"}, NeedsFix, ""},
		{"same hash outside git (empty commits)", Entry{AutoVerifyRuns: 2, LastFailureHash: "h1"},
			Outcome{Failed: 1, FailureTypes: []string{"TEST_FAILURE"}, FailureHash: "h1"}, HumanAttention, "commit (none)"},
		{"cycles exhausted, new commit does not lift", Entry{AutoVerifyRuns: 3, LastFailureHash: "h1", VerifyLastCommitSHA: "c1"},
			Outcome{Failed: 1, FailureTypes: []string{"TEST_FAILURE"}, FailureHash: "h2", Commit: "c2"}, HumanAttention, "verify cycles exhausted (3/3)"},
		{"fixes exhausted", Entry{AutoVerifyRuns: 2, AutoFixAttempts: 2},
			Outcome{Failed: 1, FailureTypes: []string{"LINT_ERROR"}, FailureHash: "h3", Commit: "c3"}, HumanAttention, "auto-fix attempts exhausted (2/2)"},
		{"reviewers disagreed: a person, before any fixer", fresh,
			Outcome{Passed: 1, Failed: 1, FailureTypes: []string{"UNKNOWN"}, Escalated: []string{"item-2: no_majority (1 of 2 reviewers passed)"}, FailureHash: "h4", Commit: "c4"},
			HumanAttention, "independent reviewers disagreed on item-2: no_majority (1 of 2 reviewers passed); a flaky pass is never verified"},
		{"rejected tags need the author", fresh, Outcome{Passed: 2, Rejected: 1}, NeedsFix, "1 AUTO tags were rejected"},
		{"a false claim on an all-pass run", fresh, Outcome{Passed: 3, FalseClaims: []string{"e2e in native: claimed PASS (exit 0), observed PASS (exit 3)"}},
			HumanAttention, "1 false claim(s) in the agent's signal: e2e in native: claimed PASS (exit 0), observed PASS (exit 3)"},
		{"false claims come before every other rule", Entry{AutoVerifyRuns: 3, AutoFixAttempts: 2},
			Outcome{Failed: 1, FailureTypes: []string{"LINT_ERROR"}, Unfixable: []string{"ENV_ERROR"}, FalseClaims: []string{"a", "b"}}, HumanAttention, "2 false claim(s) in the agent's signal: a; b"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			route, reason := Decide(tt.before, tt.out, l)
			assert.Equal(t, tt.route, route, reason)
			assert.Contains(t, reason, tt.reason)
			assert.NotContains(t, reason, "\n", "one line")
		})
	}
}

func TestLimitsRespectCustomValues(t *testing.T) {
	t.Parallel()
	l := Limits{MaxAutoFixAttempts: 0, MaxVerifyCycles: 1}
	route, _ := Decide(Entry{AutoVerifyRuns: 1}, Outcome{Failed: 1, FailureTypes: []string{"LINT_ERROR"}}, l)
	assert.Equal(t, HumanAttention, route)
}
