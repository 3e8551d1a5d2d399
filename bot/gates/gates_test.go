package gates

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const goBase = `package calc

import "testing"

func TestAdd(t *testing.T) {
	if Add(1, 2) != 3 {
		t.Fatal("1+2")
	}
	if Add(0, 0) != 0 {
		t.Error("0+0")
	}
}

func TestSub(t *testing.T) {
	if Sub(2, 1) != 1 {
		t.Fatal("2-1")
	}
}

func TestOld(t *testing.T) { t.Log("kept") }

func helper() {}

func Testlower(t *testing.T) {}
`

const goHead = `package calc

import "testing"

// TestAdd reformatted only.
func TestAdd(t *testing.T) {
	if Add(1, 2) != 3 { t.Fatal("1+2") }
	if Add(0, 0) != 0 { t.Error("0+0") }
}

func TestSub(t *testing.T) {
	t.Skip("flaky")
	if Sub(2, 1) != 1 {
		t.Fatal("2-1")
	}
}

func TestMul(t *testing.T) {
	if Mul(2, 3) != 6 {
		t.Fatal("2*3")
	}
}
`

func TestGoTestsAreComparedPerFunction(t *testing.T) {
	t.Parallel()
	base, ok := Funcs(Go, "calc_test.go", []byte(goBase))
	require.True(t, ok)
	var names []string
	for _, f := range base {
		names = append(names, f.Name)
	}
	assert.Equal(t, []string{"TestAdd", "TestSub", "TestOld"}, names, "helpers and Testlower are not tests")
	assert.Equal(t, 2, base[0].Assertions)
	head, ok := Funcs(Go, "calc_test.go", []byte(goHead))
	require.True(t, ok)
	c := Compare(base, head)
	assert.Equal(t, []string{"TestMul"}, c.Added)
	assert.Equal(t, []string{"TestSub"}, c.Changed)
	assert.Equal(t, []string{"TestAdd"}, c.Untouched, "reformatting is no change")
	assert.Equal(t, []Tamper{{"TestOld", "deleted"}, {"TestSub", "skipped"}}, c.Tampered)

	_, ok = Funcs(Go, "bad_test.go", []byte("package calc\nfunc TestX(t *testing.T) {"))
	assert.False(t, ok, "a file that does not parse")
}

// TestGoExamplesWithOutputAreTests: go test runs an example that has an
// output comment and compares what it prints with the comment, so the
// comment is the example's expectation. An edited expected output is an
// edited test (a change that rewrites it is read like one that rewrites a
// Test's expectation), a deleted output comment a deleted test; an
// example without one is not run and not a test.
func TestGoExamplesWithOutputAreTests(t *testing.T) {
	t.Parallel()
	src := func(output string) []byte {
		return []byte("package calc\n\nimport \"fmt\"\n\nfunc ExampleAdd() {\n\tfmt.Println(Add(1, 2))\n" + output + "}\n\nfunc ExampleSub() {\n\tfmt.Println(1)\n}\n")
	}
	base, ok := Funcs(Go, "calc_test.go", src("\t// Output: 3\n"))
	require.True(t, ok)
	require.Len(t, base, 1, "ExampleSub has no output comment: not a test")
	assert.Equal(t, "ExampleAdd", base[0].Name)
	assert.Equal(t, 1, base[0].Assertions)

	edited, ok := Funcs(Go, "calc_test.go", src("\t// Output: 4\n"))
	require.True(t, ok)
	assert.Equal(t, []string{"ExampleAdd"}, Compare(base, edited).Changed, "the expected output changed")
	unordered, ok := Funcs(Go, "calc_test.go", src("\t// Unordered output: 3\n"))
	require.True(t, ok)
	assert.Len(t, unordered, 1)
	gone, ok := Funcs(Go, "calc_test.go", src(""))
	require.True(t, ok)
	assert.Equal(t, []Tamper{{"ExampleAdd", "deleted"}}, Compare(base, gone).Tampered, "no output comment: the example no longer runs")
}

// TestGoFuzzTargetsAreTests: go test runs a fuzz target's seed corpus
// (f.Add's values and testdata/fuzz) as a test of the target's name, so a
// change that adds or edits one adds or edits a test (the real-history
// replay: uuid 542ddabd adds three whose seeds pass on the base, and the
// gates said the change added no test). A helper named like one but not
// taking *testing.F is not one.
func TestGoFuzzTargetsAreTests(t *testing.T) {
	t.Parallel()
	src := func(check string) []byte {
		return []byte("package calc\n\nimport \"testing\"\n\nfunc FuzzAdd(f *testing.F) {\n\tf.Add(1, 2)\n\tf.Fuzz(func(t *testing.T, a, b int) {\n" + check + "\t})\n}\n\nfunc FuzzHelper(n int) int { return n }\n")
	}
	base, ok := Funcs(Go, "calc_test.go", src("\t\tif Add(a, b) != a+b {\n\t\t\tt.Fatal(a, b)\n\t\t}\n"))
	require.True(t, ok)
	require.Len(t, base, 1, "FuzzHelper takes no *testing.F: not a test")
	assert.Equal(t, "FuzzAdd", base[0].Name)
	assert.Equal(t, 1, base[0].Assertions)

	weakened, ok := Funcs(Go, "calc_test.go", src("\t\t_ = Add(a, b)\n"))
	require.True(t, ok)
	assert.Equal(t, []Tamper{{"FuzzAdd", "assertions removed (1 → 0)"}}, Compare(base, weakened).Tampered)
}

const pyBase = `import pytest

def helper():
    pass

def test_add():
    assert add(1, 2) == 3
    assert add(0, 0) == 0

class TestCalc:
    def test_sub(self):
        assert sub(2, 1) == 1

    def helper(self):
        pass

def test_gone():
    assert True
`

const pyHead = `import pytest

def test_add():
    assert add(1, 2) == 3

class TestCalc:
    @pytest.mark.skip(reason="later")
    def test_sub(self):
        assert sub(2, 1) == 1

    def test_mul(self):
        assert mul(2, 3) == 6

def test_div():
    with pytest.raises(ZeroDivisionError):
        div(1, 0)
`

func TestPythonTestsAreComparedPerFunction(t *testing.T) {
	t.Parallel()
	base, _ := Funcs(Python, "tests/test_calc.py", []byte(pyBase))
	head, _ := Funcs(Python, "tests/test_calc.py", []byte(pyHead))
	var names []string
	for _, f := range head {
		names = append(names, f.Name)
	}
	assert.Equal(t, []string{"tests/test_calc.py::test_add", "tests/test_calc.py::TestCalc::test_sub",
		"tests/test_calc.py::TestCalc::test_mul", "tests/test_calc.py::test_div"}, names, "named as pytest names them")
	c := Compare(base, head)
	assert.Equal(t, []string{"tests/test_calc.py::TestCalc::test_mul", "tests/test_calc.py::test_div"}, c.Added)
	assert.Equal(t, []Tamper{
		{"tests/test_calc.py::TestCalc::test_sub", "skipped"},
		{"tests/test_calc.py::test_add", "assertions removed (2 → 1)"},
		{"tests/test_calc.py::test_gone", "deleted"},
	}, c.Tampered)
}

func TestIsTestFile(t *testing.T) {
	t.Parallel()
	assert.True(t, IsTestFile(Go, "pkg/a_test.go", nil))
	assert.False(t, IsTestFile(Go, "pkg/a.go", nil))
	assert.True(t, IsTestFile(Python, "tests/test_a.py", nil))
	assert.True(t, IsTestFile(Python, "a_test.py", nil))
	assert.False(t, IsTestFile(Python, "testing.py", nil))
	assert.True(t, IsTestFile(Python, "checks/check_a.py", []string{"check_*.py"}), "configured patterns")
}

func TestClassify(t *testing.T) {
	t.Parallel()
	added := Change{Added: []string{"TestMul"}, Untouched: []string{"TestAdd"}}
	redOf := func(red Outcome, guards map[string]bool) Result {
		return ClassifyRed(TraceChange(added, Runs{Red: red}, guards), red)
	}
	red := redOf(Outcome{ExitCode: 1, Tests: map[string]string{"TestMul": "fail", "TestAdd": "pass"}}, nil)
	assert.Equal(t, Accept, red.Classification)
	vanity := redOf(Outcome{Tests: map[string]string{"TestMul": "pass"}}, nil)
	assert.Equal(t, RejectVanity, vanity.Classification)
	assert.Equal(t, []string{"TestMul"}, vanity.Tests)
	guard := redOf(Outcome{Tests: map[string]string{"TestMul": "pass"}}, map[string]bool{"TestMul": true})
	assert.Equal(t, RejectFailure, guard.Classification, "a regression guard is not vanity, but it is not red either")
	missing := redOf(Outcome{ExitCode: 1, BuildFailed: true, MissingOnly: true}, nil)
	assert.Equal(t, Accept, missing.Classification, "red because the code under test does not exist yet")
	syntax := redOf(Outcome{ExitCode: 1, BuildFailed: true}, nil)
	assert.Equal(t, RejectSyntax, syntax.Classification)

	ts := TraceChange(added, Runs{Red: Outcome{BuildFailed: true, MissingOnly: true}, Green: Outcome{Tests: map[string]string{"TestMul": "pass"}}}, nil)
	green := ClassifyGreen(ts, Outcome{Tests: map[string]string{"TestMul": "pass"}}, nil)
	assert.Equal(t, Accept, green.Classification)
	assert.Equal(t, []string{"TestMul"}, ts.Lists().FailToPass)
	head := Outcome{ExitCode: 1, Tests: map[string]string{"TestMul": "fail"}}
	notGreen := ClassifyGreen(TraceChange(added, Runs{Green: head}, nil), head, nil)
	assert.Equal(t, RejectFailure, notGreen.Classification)

	kept := Change{Untouched: []string{"TestAdd"}}
	before := Outcome{Tests: map[string]string{"TestAdd": "pass"}}
	after := Outcome{Tests: map[string]string{"TestAdd": "pass"}}
	ts = TraceChange(kept, Runs{Before: before, After: after}, nil)
	assert.Equal(t, Accept, ClassifyRefactor(ts, after).Classification)
	assert.Empty(t, ts.Lists().Broken)
	after = Outcome{ExitCode: 1, Tests: map[string]string{"TestAdd": "fail"}}
	ts = TraceChange(kept, Runs{Before: before, After: after}, nil)
	assert.Equal(t, RejectFailure, ClassifyRefactor(ts, after).Classification)
	assert.Equal(t, []string{"TestAdd"}, ts.Lists().Broken)
	tampered := ClassifyRefactor(TraceChange(Change{Tampered: []Tamper{{"TestOld", "deleted"}}}, Runs{}, nil), Outcome{})
	assert.Equal(t, RejectFailure, tampered.Classification)
	assert.Contains(t, tampered.Reason, "TestOld (deleted)")
}

func TestBuildFailure(t *testing.T) {
	t.Parallel()
	for name, tc := range map[string]struct {
		out             string
		failed, missing bool
	}{
		"go undefined":     {"# calc [calc.test]\n./calc_test.go:6:5: undefined: Mul\nFAIL\tcalc [build failed]\n", true, true},
		"go syntax":        {"# calc\n./calc_test.go:6:1: syntax error: unexpected }\nFAIL\tcalc [build failed]\n", true, false},
		"python import":    {"ImportError while importing test module\nE   ImportError: cannot import name 'mul' from 'calc'\n", true, true},
		"python syntax":    {"E     SyntaxError: invalid syntax\n", true, false},
		"tests ran":        {"--- FAIL: TestMul\n", false, false},
		"python attribute": {"E   AttributeError: module 'calc' has no attribute 'mul'\n", true, true},
	} {
		tests := map[string]string(nil)
		if name == "tests ran" {
			tests = map[string]string{"TestMul": "fail"}
		}
		f, m := BuildFailure(tc.out, tests)
		assert.Equal(t, tc.failed, f, name)
		assert.Equal(t, tc.missing, m, name)
	}
}

func TestSubstitute(t *testing.T) {
	t.Parallel()
	got, err := Substitute([]string{"go", "test", "-run", "{ac_title}", "{test_dir}/..."}, map[string]string{"ac_title": "a; rm -rf /", "test_dir": "./calc"})
	require.NoError(t, err)
	assert.Equal(t, []string{"go", "test", "-run", "a; rm -rf /", "./calc/..."}, got, "a value is one word's text, never shell syntax")
	_, err = Substitute([]string{"{nope}"}, nil)
	assert.ErrorContains(t, err, "unknown gate variable {nope}")
	assert.Equal(t, "greet-people-in-french", Slug("Greet people, in French!"))
	g, ok := ParseGate("red")
	assert.True(t, ok)
	assert.Equal(t, Red, g)
	g, ok = ParseGate("Verify_Mutate")
	assert.True(t, ok)
	assert.Equal(t, Mutate, g)
	_, ok = ParseGate("purple")
	assert.False(t, ok)
}
