package gaterun_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/engineo/autoverify/bot/gates"
)

// The heads below hide a break of an existing test's base version; each
// must be rejected. Most were found by a review of two rules tried here
// that let REFACTOR take a head result for a base version: rows added to
// a table test (withdrawn: its sound form cost as much as it saved) and
// new helpers in a test file (kept, with the two fixes these tests hold).

const signTest = "\nfunc TestSign(t *testing.T) {\n\tif Sign(-2) != -1 {\n\t\tt.Fatal(\"Sign(-2)\")\n\t}\n}\n"

const signCode = "\n// Sign is -1, 0 or 1.\nfunc Sign(x int) int {\n\tswitch {\n\tcase x < 0:\n\t\treturn -1\n\tcase x > 0:\n\t\treturn 1\n\t}\n\treturn 0\n}\n"

// TestAFunctionMovedIntoATestFileIsNotANewHelper: the head removes Abs
// from the code and defines a wrong Abs in the test file; the old tests
// now call that one. It is not a new name, so the package's tests run in
// their base versions against the head's code, where Abs is gone.
func TestAFunctionMovedIntoATestFileIsNotANewHelper(t *testing.T) {
	long(t)
	r := newRepo(t)
	base := r.commit("base", map[string]string{"go.mod": goMod, "calc.go": goCalcFixed, "calc_test.go": goCalcTest})
	head := r.commit("move", map[string]string{"calc.go": "package calc\n" + signCode,
		"calc_test.go": goCalcTest + signTest + "\nfunc Abs(x int) int { return x }\n"})
	rep := gatesRun(t, r, gates.Go, []string{"go", "test", "./..."}, base, head)
	assert.False(t, rep.Accepted())
	assert.NotEqual(t, gates.Accept, gateOf(rep, gates.Refactor).Classification)
}

// TestAMethodOnAnAliasIsTheOldTypes: the head moves Temp's String method
// from the code into the test file, declared on an alias of Temp. The
// alias is no new type, so its method is the old type's.
func TestAMethodOnAnAliasIsTheOldTypes(t *testing.T) {
	long(t)
	r := newRepo(t)
	temp := "package calc\n\nimport \"fmt\"\n\n// Temp is a temperature.\ntype Temp int\n"
	str := "\nfunc (x Temp) String() string { return fmt.Sprintf(\"%d°\", int(x)) }\n"
	test := "package calc\n\nimport (\n\t\"fmt\"\n\t\"testing\"\n)\n\nfunc TestTempPrints(t *testing.T) {\n\tif got := fmt.Sprint(Temp(3)); got != \"3°\" {\n\t\tt.Fatal(got)\n\t}\n}\n"
	base := r.commit("base", map[string]string{"go.mod": goMod, "calc.go": temp + str})
	base = r.commit("base test", map[string]string{"calc_test.go": test})
	head := r.commit("move", map[string]string{"calc.go": temp + "\nvar _ = fmt.Sprint\n" + signCode,
		"calc_test.go": test + signTest + "\ntype temp = Temp\n\nfunc (x temp) String() string { return fmt.Sprintf(\"%d°\", int(x)) }\n"})
	rep := gatesRun(t, r, gates.Go, []string{"go", "test", "./..."}, base, head)
	assert.False(t, rep.Accepted())
	assert.Contains(t, rep.Tests.Rewritten, "TestTempPrints")
}

// TestAHelperGivenTCanDisarmEarlierRows: the head breaks Abs for positive
// numbers and changes the repository's assertion helper to hold its
// mismatches in a t.Cleanup that forgives them once any call sees 3 —
// which the added row's turn does. The head's version of the table
// passes; its base version, which has no such row, fails at head.
func TestAHelperGivenTCanDisarmEarlierRows(t *testing.T) {
	long(t)
	r := newRepo(t)
	helper := "package testutil\n\nimport \"testing\"\n\n// Equal fails t when got is not want.\nfunc Equal(t *testing.T, got, want int) {\n\tt.Helper()\n\tif got != want {\n\t\tt.Errorf(\"got %d, want %d\", got, want)\n\t}\n}\n"
	forgiving := "package testutil\n\nimport \"testing\"\n\nvar seen3 bool\n\n// Equal fails t when got is not want.\nfunc Equal(t *testing.T, got, want int) {\n\tif got == want && want == 3 {\n\t\tseen3 = true\n\t}\n\tif got != want {\n\t\tt.Cleanup(func() {\n\t\t\tif !seen3 {\n\t\t\t\tt.Errorf(\"got %d, want %d\", got, want)\n\t\t\t}\n\t\t})\n\t}\n}\n"
	test := "package calc\n\nimport (\n\t\"testing\"\n\n\t\"example.com/calc/testutil\"\n)\n\nfunc TestAbs(t *testing.T) {\n\tfor _, c := range []struct{ in, want int }{\n\t\t{1, 1},\n\t\t{2, 2},\n\t} {\n\t\ttestutil.Equal(t, Abs(c.in), c.want)\n\t}\n}\n"
	base := r.commit("base", map[string]string{"go.mod": goMod, "calc.go": goCalcFixed, "testutil/testutil.go": helper, "calc_test.go": test})
	head := r.commit("hide", map[string]string{"calc.go": "package calc\n\n// Abs is broken.\nfunc Abs(x int) int { return -x }\n",
		"testutil/testutil.go": forgiving, "calc_test.go": replaceOnce(t, test, "\t\t{2, 2},\n", "\t\t{2, 2},\n\t\t{-3, 3},\n")})
	rep := gatesRun(t, r, gates.Go, []string{"go", "test", "./..."}, base, head)
	assert.False(t, rep.Accepted())
	assert.Contains(t, rep.Tests.Rewritten, "TestAbs")
}

// TestANewTestThatRunsFirstDoesNotSpeakForAnEditedTable: the head breaks Abs until
// Enable is called, and a new test that go test runs before the table
// calls it. The table's head version passes in the head's suite; its
// base version, run alone at head, fails.
func TestANewTestThatRunsFirstDoesNotSpeakForAnEditedTable(t *testing.T) {
	long(t)
	r := newRepo(t)
	broken := "package calc\n\nvar legacy = true\n\n// Enable switches Abs on.\nfunc Enable() bool { legacy = false; return true }\n\n" +
		"// Abs is |x|, once switched on.\nfunc Abs(x int) int {\n\tif legacy {\n\t\treturn 0\n\t}\n\tif x < 0 {\n\t\treturn -x\n\t}\n\treturn x\n}\n"
	base := r.commit("base", map[string]string{"go.mod": goMod, "calc.go": goCalcFixed, "calc_test.go": tableTest})
	first := "\nfunc TestEnable(t *testing.T) {\n\tif !Enable() {\n\t\tt.Fatal(\"Enable\")\n\t}\n}\n"
	head := r.commit("hide", map[string]string{"calc.go": broken,
		"calc_test.go": replaceOnce(t, withRow("{-3, 3}"), "\nfunc TestAbs(", first+"\nfunc TestAbs(")})
	rep := gatesRun(t, r, gates.Go, []string{"go", "test", "./..."}, base, head)
	assert.False(t, rep.Accepted())
	assert.Contains(t, rep.Tests.Rewritten, "TestAbs")
}

// replaceOnce is s with old replaced by new once; old must be there.
func replaceOnce(t *testing.T, s, old, new string) string {
	t.Helper()
	if !strings.Contains(s, old) {
		t.Fatalf("%q not in %q", old, s)
	}
	return strings.Replace(s, old, new, 1)
}

// tableTest is a table test of Abs whose rows heads add to.
const tableTest = `package calc

import "testing"

func TestAbs(t *testing.T) {
	for _, c := range []struct{ in, want int }{
		{1, 1},
		{2, 2},
	} {
		if got := Abs(c.in); got != c.want {
			t.Errorf("Abs(%d) = %d, want %d", c.in, got, c.want)
		}
	}
}
`

// withRow is tableTest with row added last.
func withRow(row string) string {
	return strings.Replace(tableTest, "\t\t{2, 2},\n", "\t\t{2, 2},\n\t\t"+row+",\n", 1)
}

// fRan says whether REFACTOR ran base versions of tests at head (F): a
// command of its own, not the base's suite or the edited tests' base
// versions on the base.
func fRan(rep gates.Report) bool {
	for _, e := range rep.Gates {
		if e.Gate == gates.Refactor && strings.Contains(e.Command, " -run ") && !strings.HasPrefix(e.Reason, "the base's") {
			return true
		}
	}
	return false
}

// TestARowThatRunsCodeIsNotTakenOnTrust: a head that breaks Abs for every
// caller who does not first switch it on, and switches it on in an added
// row (rows are built before any runs) — a call of the change's function,
// or of its own function named like a built-in — passes its own version
// of the table; the base version, without that row, fails at head.
func TestARowThatRunsCodeIsNotTakenOnTrust(t *testing.T) {
	long(t)
	broken := "package calc\n\nvar legacy = true\n\n// Abs is |x|, once switched on.\nfunc Abs(x int) int {\n\tif legacy {\n\t\treturn 0\n\t}\n\tif x < 0 {\n\t\treturn -x\n\t}\n\treturn x\n}\n"
	for name, c := range map[string]struct{ code, row string }{
		"a call of the change's function": {"\n// Enable switches Abs on.\nfunc Enable() int { legacy = false; return 3 }\n", "{-3, Enable()}"},
		"its own min":                     {"\nfunc min(a, b int) int { legacy = false; return a }\n", "{-3, min(3, 4)}"},
	} {
		t.Run(name, func(t *testing.T) {
			r := newRepo(t)
			base := r.commit("base", map[string]string{"go.mod": goMod, "calc.go": goCalcFixed, "calc_test.go": tableTest})
			head := r.commit("hide", map[string]string{"calc.go": broken + c.code, "calc_test.go": withRow(c.row)})
			rep := gatesRun(t, r, gates.Go, []string{"go", "test", "./..."}, base, head)
			assert.False(t, rep.Accepted())
			assert.Equal(t, gates.RejectFailure, gateOf(rep, gates.Refactor).Classification)
			assert.Contains(t, append(rep.Tests.Rewritten, rep.Tests.Tampered...), "TestAbs")
			assert.True(t, fRan(rep), "the base version ran at head")
		})
	}
}
