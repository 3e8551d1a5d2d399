package ledger

import (
	"fmt"
	"strings"
)

// Route is where a run sends the story.
type Route string

// The routes.
const (
	// Verified: every automated item passed and no manual items remain.
	Verified Route = "verified"
	// HumanReview (HUMAN TO REVIEW AND CLOSE): automated items passed,
	// manual items remain.
	HumanReview Route = "human_review"
	// HumanAttention (HUMAN ATTENTION NEEDED): the loop must stop.
	HumanAttention Route = "human_attention"
	// NeedsFix: the author should fix and verify again.
	NeedsFix Route = "needs_fix"
)

// Outcome summarises a run for routing.
type Outcome struct {
	Passed, Failed, Manual, Rejected int
	// FailureTypes name the failed items' types, for the reason text.
	FailureTypes []string
	// Unfixable names the failure types among them that no fixer can
	// repair (an environment problem, a timeout): any of them stops the
	// loop and routes to a person. The ledger does not know the taxonomy;
	// the caller says which failures are code problems.
	Unfixable []string
	// Escalated describes the checks whose reviewers disagreed (a flaky
	// pass, a reviewer that could not run): any of them routes to a
	// person, before auto-fix, so no fix attempt is spent on them.
	Escalated []string
	// FailureHash identifies this run's failures (see failure.Hash); empty
	// when nothing failed.
	FailureHash string
	// Commit is the code the run verified.
	Commit string
	// FalseClaims word the pairs an agent claimed otherwise than the run
	// observed; any of them routes to a person, before every other rule.
	FalseClaims []string
}

// Decide routes a run. before is the ledger as it was before this run's
// failure was recorded, with this run's verify cycle already counted. It is
// a pure function: the same inputs always give the same route and reason.
func Decide(before Entry, out Outcome, l Limits) (Route, string) {
	if n := len(out.FalseClaims); n > 0 {
		return HumanAttention, fmt.Sprintf("%d false claim(s) in the agent's signal: %s", n, strings.Join(out.FalseClaims, "; "))
	}
	if out.Failed == 0 && out.Rejected == 0 {
		if out.Manual == 0 {
			return Verified, allPassed(out.Passed) + " and no manual items remain"
		}
		return HumanReview, allPassed(out.Passed) + "; " + manualRemain(out.Manual)
	}
	if len(out.Escalated) > 0 {
		return HumanAttention, fmt.Sprintf("independent reviewers disagreed on %s; a flaky pass is never verified, so a person must look (no auto-fix attempt was spent)", strings.Join(out.Escalated, "; "))
	}
	if len(out.Unfixable) > 0 {
		return HumanAttention, fmt.Sprintf("%s is not auto-fixable; a person must look at the environment or the slow check", out.Unfixable[0])
	}
	if out.FailureHash != "" && out.FailureHash == before.LastFailureHash && out.Commit == before.VerifyLastCommitSHA {
		return HumanAttention, fmt.Sprintf("same failure as the previous run on commit %s with no code change", short(out.Commit))
	}
	if before.FixesExhausted(l) {
		return HumanAttention, fmt.Sprintf("auto-fix attempts exhausted (%d/%d)", before.AutoFixAttempts, l.MaxAutoFixAttempts)
	}
	if before.CyclesExhausted(l) {
		return HumanAttention, fmt.Sprintf("verify cycles exhausted (%d/%d)", before.AutoVerifyRuns, l.MaxVerifyCycles)
	}
	var what []string
	if out.Failed > 0 {
		what = append(what, fmt.Sprintf("%d automated items failed (%s)", out.Failed, typeList(out.FailureTypes)))
	}
	if out.Rejected > 0 {
		what = append(what, fmt.Sprintf("%d AUTO tags were rejected", out.Rejected))
	}
	left := l.MaxVerifyCycles - before.AutoVerifyRuns
	return NeedsFix, fmt.Sprintf("%s; fix and verify again (%d verify cycles left)", strings.Join(what, " and "), left)
}

func typeList(ts []string) string {
	seen := map[string]bool{}
	var out []string
	for _, t := range ts {
		if !seen[t] {
			seen[t] = true
			out = append(out, t)
		}
	}
	return strings.Join(out, ", ")
}

func short(sha string) string {
	if sha == "" {
		return "(none)"
	}
	if len(sha) > 12 {
		return sha[:12]
	}
	return sha
}

// allPassed and manualRemain say a count in words that agree with it.
func allPassed(n int) string {
	if n == 1 {
		return "the 1 automated item passed"
	}
	return fmt.Sprintf("all %d automated items passed", n)
}

func manualRemain(n int) string {
	if n == 1 {
		return "1 manual item remains"
	}
	return fmt.Sprintf("%d manual items remain", n)
}
