// Package consensus decides whether independent reviewer runs of one check
// agree, the way the multi-agent verification spec asks ("if reviewers
// disagree → escalated"): a check is verified only when every reviewer
// passed and their result digests are the same; a flaky pass — any
// reviewer failing or unable to run beside a passing one — is escalated to
// a person with a reason, naming the flaky tests when the reviewers'
// per-test outcomes differ, and never counts as verified. A failure every
// reviewer that ran saw is an ordinary failure. It also defines the digest: a hash of a canonical result that is
// stable across runs of a deterministic command. Pure: no I/O.
package consensus

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"sort"
	"strings"
)

// Status is a check's verification status.
type Status string

// The statuses.
const (
	// Verified: every reviewer passed, and their digests match.
	Verified Status = "verified"
	// Escalated: the reviewers disagree; a person must look.
	Escalated Status = "escalated"
	// Failed: every reviewer that could run the check saw it fail. The
	// reviewers agree, so this is an ordinary failure, routed like one
	// (the spec escalates "no majority"; a unanimous failure is not a
	// disagreement, and escalating it would stop auto-fix for every
	// broken build).
	Failed Status = "failed"
)

// Reason says why a check was escalated.
type Reason string

// The reasons.
const (
	// NoMajority: some reviewers passed and some failed, with no test
	// named as the one that differed.
	NoMajority Reason = "no_majority"
	// DigestMismatch: the passing reviewers saw different results.
	DigestMismatch Reason = "digest_mismatch"
	// ReviewerError: a reviewer could not run at all (its runner was
	// unavailable even after retries) and none of the others saw the check
	// fail.
	ReviewerError Reason = "reviewer_error"
	// FlakyTests: some reviewers passed and some failed, and the tests
	// whose outcome differed are named (Verdict.Flaky).
	FlakyTests Reason = "flaky"
)

// Result is one reviewer's run of a check.
type Result struct {
	// Reviewer numbers the reviewer from 1.
	Reviewer int
	// Passed says whether the check passed for this reviewer.
	Passed bool
	// Error is set when the reviewer could not run the check at all (its
	// runner was unavailable): it neither passed nor failed.
	Error string
	// Digest identifies the canonical result (see Digest).
	Digest string
	// Tests are the per-test outcomes the tool reported ("pass", "fail",
	// "skip" by test name), when it reported any.
	Tests map[string]string
}

// Verdict is the reviewers' consensus on one check.
type Verdict struct {
	Status Status
	// Reason is empty when verified.
	Reason Reason
	// Digest is the passing reviewers' common digest (verified only).
	Digest string
	// Flaky names the tests whose outcome differed between reviewers that
	// reported per-test results.
	Flaky []string
	// Summary is one sentence for reports.
	Summary string
}

// Decide computes the consensus of results (one per reviewer). With one
// reviewer (reviewing off) the check is verified when it passed.
func Decide(results []Result) Verdict {
	n := len(results)
	var passed, failed, errored int
	digests := map[string]int{}
	for _, r := range results {
		switch {
		case r.Error != "":
			errored++
		case r.Passed:
			passed++
			digests[r.Digest]++
		default:
			failed++
		}
	}
	v := Verdict{Flaky: Flaky(results)}
	switch {
	case n == 0:
		v.Status, v.Reason, v.Summary = Escalated, ReviewerError, "no reviewer ran"
	case passed == n && len(digests) == 1:
		v.Status = Verified
		for d := range digests {
			v.Digest = d
		}
		v.Summary = fmt.Sprintf("%d of %d reviewers passed with the same result", passed, n)
	case passed == n:
		v.Status, v.Reason = Escalated, DigestMismatch
		v.Summary = fmt.Sprintf("%d of %d reviewers passed but saw %d different results", passed, n, len(digests))
	case passed == 0 && failed > 0:
		v.Status = Failed
		v.Summary = fmt.Sprintf("%d of %d reviewers saw it fail", failed, n)
	case errored > 0 && failed == 0:
		v.Status, v.Reason = Escalated, ReviewerError
		v.Summary = fmt.Sprintf("%d of %d reviewers could not run the check", errored, n)
	case len(v.Flaky) > 0:
		v.Status, v.Reason = Escalated, FlakyTests
		v.Summary = fmt.Sprintf("%d of %d reviewers passed, %d failed", passed, n, failed)
	default:
		v.Status, v.Reason = Escalated, NoMajority
		v.Summary = fmt.Sprintf("%d of %d reviewers passed, %d failed", passed, n, failed)
	}
	if len(v.Flaky) > 0 && v.Status == Escalated {
		v.Summary += "; flaky: " + strings.Join(v.Flaky, ", ")
	}
	return v
}

// Flaky names the tests whose outcome differs between the reviewers that
// reported per-test results, sorted. A test one reviewer ran and another
// did not report is not called flaky: it may have been cut by a failure
// before it. A reviewer that passed and whose tool reported no per-test
// results (pytest -q prints only "2 passed") saw every test pass: a test
// another reviewer saw fail is flaky.
func Flaky(results []Result) []string {
	seen := map[string]map[string]bool{}
	for _, r := range results {
		for name, outcome := range r.Tests {
			if seen[name] == nil {
				seen[name] = map[string]bool{}
			}
			seen[name][outcome] = true
		}
	}
	for _, r := range results {
		if !r.Passed || r.Error != "" || len(r.Tests) > 0 {
			continue
		}
		for _, outcomes := range seen {
			if outcomes["fail"] {
				outcomes["pass"] = true
			}
		}
	}
	var out []string
	for name, outcomes := range seen {
		if len(outcomes) > 1 {
			out = append(out, name)
		}
	}
	sort.Strings(out)
	return out
}

// Canonical is a result reduced to what must be equal between two runs of
// a deterministic check.
type Canonical struct {
	ExitCode    int
	FailureType string
	// Tests are per-test outcomes; when present they are the result, and
	// the output is not looked at (a test's timing line differs run to run).
	Tests map[string]string
	// Output is the normalised output (see the failure package's
	// Normalize), used only when there are no per-test outcomes, and
	// then as lines in any order: a linter walking a tree (pylint,
	// yamllint) reports its files in the order the file system lists
	// them, and two reviewers' copies of one tree list them differently.
	// The same lines in another order are the same result; a line more,
	// less or changed is not.
	Output string
}

// Digest is the hex SHA-256 of the canonical result: the exit code and
// failure type, then either the sorted per-test outcomes or the normalised
// output's lines, sorted.
func Digest(c Canonical) string {
	var b strings.Builder
	fmt.Fprintf(&b, "exit=%d\ntype=%s\n", c.ExitCode, c.FailureType)
	if len(c.Tests) > 0 {
		names := make([]string, 0, len(c.Tests))
		for name := range c.Tests {
			names = append(names, name)
		}
		sort.Strings(names)
		for _, name := range names {
			fmt.Fprintf(&b, "test %q=%s\n", name, c.Tests[name])
		}
	} else {
		b.WriteString("output\n")
		lines := strings.Split(c.Output, "\n")
		sort.Strings(lines)
		b.WriteString(strings.Join(lines, "\n"))
	}
	sum := sha256.Sum256([]byte(b.String()))
	return hex.EncodeToString(sum[:])
}
