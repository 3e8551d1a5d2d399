package gates

import (
	"sort"
)

// Claim is how a change touches a test.
type Claim uint8

// The claims. Added, Changed and Data tests are the change's claim: what
// it offers as proof, run by RED on the base's code.
const (
	// Untouched: the same function at head as on the base (or deleted).
	Untouched Claim = iota
	// Added: new at head.
	Added
	// Changed: its function changed.
	Changed
	// Data: its function did not change but what it reads did (a table
	// entry in its file, a golden file under testdata/; see ClaimData).
	Data
)

// Trace is one test's way through the gates' runs. Each outcome is Pass,
// Fail, Skip or "" (no result there, or no such version).
type Trace struct {
	Claim Claim
	// Before: the base's version on the base's code (the base's suite).
	Before string
	// Red: the head's version on the base's code (RED's run); Fail also
	// when it could not build there because the code it tests is missing.
	Red string
	// Green: the head's version at head (for the change's own tests, their
	// run apart from the head's suite; the head's suite for the others).
	Green string
	// After: the base's version on the head's code (REFACTOR's run for
	// tests of touched files, the head's suite without the change's tests
	// for the rest).
	After string
	// Weakened says how the change weakened the test, "" when it did not
	// (see Tamper).
	Weakened string
	// Guard: named a regression guard (it passes on the base on purpose).
	Guard bool
}

// Traces are a change's tests by name.
type Traces map[string]Trace

// Runs are the outcomes of the gates' runs of one change (see Trace).
type Runs struct {
	Before, Red, Green, After Outcome
}

// editedToPass is how a test was weakened when it failed on the base, its
// base version still fails at head, and its edited version passes.
const editedToPass = "edited to pass (its base version still fails at head)"

// TraceChange follows every test of a change through the runs: the tests
// Compare found (c.Data are the untouched ones ClaimData claims) and any
// other the base's suite reported. guards are regression guards by name
// (a Go name may be given bare: TestX for simplelru::TestX).
func TraceChange(c Change, runs Runs, guards map[string]bool) Traces {
	ts := Traces{}
	add := func(names []string, claim Claim) {
		for _, n := range names {
			ts[n] = Trace{Claim: claim}
		}
	}
	add(c.Untouched, Untouched)
	add(c.Data, Data)
	add(c.Added, Added)
	add(c.Changed, Changed)
	for n := range runs.Before.Tests {
		if _, ok := ts[n]; !ok {
			ts[n] = Trace{}
		}
	}
	weak := map[string]string{}
	for _, t := range c.Tampered {
		weak[t.Test] = t.How
		if _, ok := ts[t.Test]; !ok {
			ts[t.Test] = Trace{}
		}
	}
	missing := runs.Red.BuildFailed && runs.Red.MissingOnly
	for n, t := range ts {
		t.Before, t.Green, t.After = runs.Before.Tests[n], runs.Green.Tests[n], runs.After.Tests[n]
		if t.Claim != Untouched {
			t.Red = runs.Red.Tests[n]
			if _, ran := runs.Red.Tests[n]; !ran && missing && t.Claim != Data {
				t.Red = Fail // it needs code the base lacks
			}
		}
		t.Weakened, t.Guard = weak[n], guards[n] || guards[BareName(n)]
		if t.Weakened == "" && (t.Claim == Changed || t.Claim == Data) && t.Before == Fail && t.After == Fail && t.Green == Pass {
			t.Weakened = editedToPass
		}
		ts[n] = t
	}
	return ts
}

// claimed: the change offers the test as proof.
func (t Trace) claimed() bool { return t.Claim != Untouched }

// red: it failed on the base's code, as the change's proof. A new or
// changed test skipped there but passing at head counts (it could not run
// without the change); a test claimed through data only when its base
// version did not fail on the base already.
func (t Trace) red() bool {
	switch t.Claim {
	case Added, Changed:
		return t.Red == Fail || (t.Red == Skip && t.Green == Pass)
	case Data:
		return t.Red == Fail && t.Before != Fail
	}
	return false
}

// rewritten: the change edited the test (or its data) and the base's
// version, which passed on the base, fails against the head's code — a
// behaviour change that rewrites what the test expects.
func (t Trace) rewritten() bool {
	return (t.Claim == Changed || t.Claim == Data) && t.Weakened == "" && t.Before == Pass && t.After == Fail
}

// Lists sorts the tests into the report's buckets. Each test stands in one
// bucket at most, the first that applies, in this order:
//
//	tampered      weakened by the change: deleted, newly skipped, fewer assertions, or
//	              edited (or its data) so it passes while its base version still fails at head
//	rewritten     edited (or its data) and its base version, which passed on the base, fails at head
//	broken        untouched, passed on the base, fails at head
//	fail_to_pass  claimed, red on the base's code, passes at head
//	vanity        claimed and proves nothing: a new or changed test that passes on the base when no
//	              claimed test is red (a test claimed through data, only when nothing else is
//	              claimed), or one skipped on the base and not passing at head
//	guards        passes on the base on purpose: a new test beside a red one, or one named a guard
//	pass_to_pass  passed on the base and its base version passes at head
func (ts Traces) Lists() TestLists {
	anyRed, explicit := false, false
	for _, t := range ts {
		anyRed = anyRed || t.red()
		explicit = explicit || t.Claim == Added || t.Claim == Changed
	}
	var l TestLists
	for _, n := range sortedNames(ts) {
		t := ts[n]
		switch {
		case t.Weakened != "":
			l.Tampered = append(l.Tampered, n)
		case t.rewritten():
			l.Rewritten = append(l.Rewritten, n)
		case t.Claim == Untouched && t.Before == Pass && t.After == Fail:
			l.Broken = append(l.Broken, n)
		case t.red() && t.Green == Pass:
			l.FailToPass = append(l.FailToPass, n)
		case t.vanity(anyRed, explicit):
			l.Vanity = append(l.Vanity, n)
		case t.claimed() && t.Red == Pass && (t.Guard || (t.Claim == Added && anyRed)):
			l.Guards = append(l.Guards, n)
		case t.Before == Pass && t.After == Pass:
			l.PassToPass = append(l.PassToPass, n)
		}
	}
	return l
}

// vanity: a claimed test that proves nothing (see Lists).
func (t Trace) vanity(anyRed, explicit bool) bool {
	switch {
	case !t.claimed() || t.Guard:
		return false
	case t.Red == Skip && t.Green != Pass:
		return t.Claim != Data
	case t.Red != Pass || anyRed:
		return false
	}
	return t.Claim != Data || !explicit
}

// proof are the tests GREEN holds to passing at head: the new and changed
// ones (a weakened one is REFACTOR's), and those claimed through data that
// were red.
func (ts Traces) proof() []string {
	var out []string
	for _, n := range sortedNames(ts) {
		t := ts[n]
		if ((t.Claim == Added || t.Claim == Changed) && t.Weakened == "") || (t.Claim == Data && t.red()) {
			out = append(out, n)
		}
	}
	return out
}

// Weakened lists the tampered tests with how, by name.
func (ts Traces) Weakened() []Tamper {
	var out []Tamper
	for n, t := range ts {
		if t.Weakened != "" {
			out = append(out, Tamper{Test: n, How: t.Weakened})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Test < out[j].Test })
	return out
}
