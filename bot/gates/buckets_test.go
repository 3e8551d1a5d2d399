package gates

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// run builds an Outcome from name → outcome pairs.
func run(pairs ...string) Outcome {
	o := Outcome{Tests: map[string]string{}}
	for i := 0; i+1 < len(pairs); i += 2 {
		o.Tests[pairs[i]] = pairs[i+1]
	}
	return o
}

// names lists every test of l with its bucket, to check that none stands
// in two.
func bucketsOf(l TestLists) map[string][]string {
	out := map[string][]string{}
	for bucket, names := range map[string][]string{"fail_to_pass": l.FailToPass, "pass_to_pass": l.PassToPass, "guards": l.Guards,
		"vanity": l.Vanity, "broken": l.Broken, "rewritten": l.Rewritten, "tampered": l.Tampered} {
		for _, n := range names {
			out[n] = append(out[n], bucket)
		}
	}
	return out
}

// TestOneTestOneBucket: every test stands in one bucket at most, by the
// written precedence; a changed test that is red on the base and whose
// base version passes before and after is fail_to_pass only.
func TestOneTestOneBucket(t *testing.T) {
	t.Parallel()
	c := Change{
		Added:     []string{"TestNewRed", "TestNewGuard"},
		Changed:   []string{"TestChangedRed", "TestChangedKept", "TestRewritten", "TestWeakened", "TestEditedToPass"},
		Untouched: []string{"TestKept", "TestBroken"},
		Tampered:  []Tamper{{"TestWeakened", "assertions removed (3 → 1)"}, {"TestGone", "deleted"}},
	}
	runs := Runs{
		Before: run("TestChangedRed", Pass, "TestChangedKept", Pass, "TestRewritten", Pass, "TestWeakened", Pass,
			"TestEditedToPass", Fail, "TestKept", Pass, "TestBroken", Pass, "TestGone", Pass),
		Red: run("TestNewRed", Fail, "TestNewGuard", Pass, "TestChangedRed", Fail, "TestChangedKept", Pass,
			"TestRewritten", Fail, "TestWeakened", Pass, "TestEditedToPass", Fail),
		Green: run("TestNewRed", Pass, "TestNewGuard", Pass, "TestChangedRed", Pass, "TestChangedKept", Pass,
			"TestRewritten", Pass, "TestWeakened", Pass, "TestEditedToPass", Pass, "TestKept", Pass, "TestBroken", Fail),
		After: run("TestChangedRed", Pass, "TestChangedKept", Pass, "TestRewritten", Fail, "TestWeakened", Pass,
			"TestEditedToPass", Fail, "TestKept", Pass, "TestBroken", Fail),
	}
	l := TraceChange(c, runs, nil).Lists()
	for n, bs := range bucketsOf(l) {
		assert.Len(t, bs, 1, "%s stands in %v", n, bs)
	}
	assert.Equal(t, []string{"TestChangedRed", "TestNewRed"}, l.FailToPass)
	assert.Equal(t, []string{"TestChangedKept", "TestKept"}, l.PassToPass, "a changed test that passes on the base and at head is kept")
	assert.Equal(t, []string{"TestNewGuard"}, l.Guards)
	assert.Equal(t, []string{"TestRewritten"}, l.Rewritten)
	assert.Equal(t, []string{"TestBroken"}, l.Broken)
	assert.Equal(t, []string{"TestEditedToPass", "TestGone", "TestWeakened"}, l.Tampered)
	assert.Empty(t, l.Vanity)
}

// TestVanityAsAReviewerReadsIt: a change is proven when one claimed test
// is red; new tests passing beside it are guards, changed ones kept;
// vanity only when none is red, and a skipped new test is vanity.
func TestVanityAsAReviewerReadsIt(t *testing.T) {
	t.Parallel()
	for name, tc := range map[string]struct {
		change        Change
		red, green    Outcome
		guards        map[string]bool
		class         Classification
		vanity, guard []string
	}{
		"a red test and a guard": {change: Change{Added: []string{"TestA", "TestB"}},
			red: run("TestA", Fail, "TestB", Pass), green: run("TestA", Pass, "TestB", Pass),
			class: Accept, guard: []string{"TestB"}},
		"none red": {change: Change{Added: []string{"TestA", "TestB"}},
			red: run("TestA", Pass, "TestB", Pass), green: run("TestA", Pass, "TestB", Pass),
			class: RejectVanity, vanity: []string{"TestA", "TestB"}},
		"a skipped new test": {change: Change{Added: []string{"TestA"}},
			red: run("TestA", Skip), green: run("TestA", Skip),
			class: RejectVanity, vanity: []string{"TestA"}},
		"skipped on the base, passing at head: it needs the change": {change: Change{Added: []string{"TestA"}},
			red: run("TestA", Skip), green: run("TestA", Pass), class: Accept},
		"all named guards": {change: Change{Added: []string{"TestA"}}, guards: map[string]bool{"TestA": true},
			red: run("TestA", Pass), green: run("TestA", Pass), class: RejectFailure, guard: []string{"TestA"}},
		"a changed test passing on the base, alone": {change: Change{Changed: []string{"TestA"}},
			red: run("TestA", Pass), green: run("TestA", Pass), class: RejectVanity, vanity: []string{"TestA"}},
		"a guard named bare, tested by package": {change: Change{Added: []string{"a::TestA", "TestB"}}, guards: map[string]bool{"TestA": true},
			red: run("a::TestA", Pass, "TestB", Fail), green: run("a::TestA", Pass, "TestB", Pass), class: Accept, guard: []string{"a::TestA"}},
	} {
		ts := TraceChange(tc.change, Runs{Red: tc.red, Green: tc.green}, tc.guards)
		res := ClassifyRed(ts, tc.red)
		assert.Equal(t, tc.class, res.Classification, "%s: %s", name, res.Reason)
		l := ts.Lists()
		assert.Equal(t, tc.vanity, l.Vanity, name)
		assert.Equal(t, tc.guard, l.Guards, name)
	}
}

// TestRewrittenExpectations: a changed test whose base version, which
// passed on the base, fails at head is rewritten (REFACTOR rejects, not
// fail_to_pass); weakened, it is tampered instead.
func TestRewrittenExpectations(t *testing.T) {
	t.Parallel()
	runs := Runs{Before: run("TestA", Pass), Red: run("TestA", Fail), Green: run("TestA", Pass), After: run("TestA", Fail)}
	ts := TraceChange(Change{Changed: []string{"TestA"}}, runs, nil)
	ref := ClassifyRefactor(ts, runs.After)
	assert.Equal(t, RejectFailure, ref.Classification)
	assert.Contains(t, ref.Reason, "the change rewrites what 1 existing tests expect")
	assert.Equal(t, []string{"TestA"}, ts.Lists().Rewritten)
	assert.Empty(t, ts.Lists().FailToPass)
	assert.Equal(t, Accept, ClassifyRed(ts, runs.Red).Classification, "it is red on the base: RED's part is done")

	ts = TraceChange(Change{Changed: []string{"TestA"}, Tampered: []Tamper{{"TestA", "assertions removed (2 → 1)"}}}, runs, nil)
	assert.Equal(t, []string{"TestA"}, ts.Lists().Tampered)
	assert.Empty(t, ts.Lists().Rewritten)

	// Reached through data (a table entry, a golden file) alike.
	ts = TraceChange(Change{Data: []string{"TestDiff"}}, Runs{Before: run("TestDiff", Pass), Red: run("TestDiff", Fail),
		Green: run("TestDiff", Pass), After: run("TestDiff", Fail)}, nil)
	assert.Equal(t, []string{"TestDiff"}, ts.Lists().Rewritten)
}

// TestTestsThatAreData: tests claimed through data are red when they fail
// on the base's code (and did not fail there already); the others are
// kept, never vanity beside a red one.
func TestTestsThatAreData(t *testing.T) {
	t.Parallel()
	runs := Runs{Before: run("TestDiff", Pass, "TestOther", Pass, "TestKnownBug", Fail),
		Red:   run("TestDiff", Fail, "TestOther", Pass, "TestKnownBug", Fail),
		Green: run("TestDiff", Pass, "TestOther", Pass, "TestKnownBug", Fail), After: run("TestDiff", Pass, "TestOther", Pass, "TestKnownBug", Fail)}
	ts := TraceChange(Change{Data: []string{"TestDiff", "TestOther", "TestKnownBug"}}, runs, nil)
	assert.Equal(t, Accept, ClassifyRed(ts, runs.Red).Classification)
	assert.Equal(t, Accept, ClassifyGreen(ts, runs.Green, nil).Classification, "a known failure reached through data is no proof to hold")
	l := ts.Lists()
	assert.Equal(t, []string{"TestDiff"}, l.FailToPass)
	assert.Equal(t, []string{"TestOther"}, l.PassToPass)
	assert.Empty(t, l.Vanity)

	// Data alone that changes nothing on the base proves nothing.
	runs.Red = run("TestDiff", Pass, "TestOther", Pass)
	ts = TraceChange(Change{Data: []string{"TestDiff", "TestOther"}}, runs, nil)
	assert.Equal(t, RejectVanity, ClassifyRed(ts, runs.Red).Classification)
	// Beside a new test, it is kept.
	ts = TraceChange(Change{Added: []string{"TestNew"}, Data: []string{"TestDiff", "TestOther"}}, Runs{Before: runs.Before,
		Red: run("TestNew", Pass, "TestDiff", Pass, "TestOther", Pass), Green: run("TestNew", Pass), After: runs.After}, nil)
	assert.Equal(t, []string{"TestNew"}, ts.Lists().Vanity)
	assert.Equal(t, []string{"TestDiff", "TestOther"}, ts.Lists().PassToPass)
}

func TestGreenRejectsWhatNoLongerBuilds(t *testing.T) {
	t.Parallel()
	ts := TraceChange(Change{Added: []string{"TestA"}}, Runs{Green: run("TestA", Pass)}, nil)
	res := ClassifyGreen(ts, run("TestA", Pass), []string{"example.com/x/other"})
	assert.Equal(t, RejectSyntax, res.Classification)
	assert.Contains(t, res.Reason, "example.com/x/other")
}
