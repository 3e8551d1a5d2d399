package gaterun_test

import (
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/engineo/autoverify/bot/gates"
	"github.com/engineo/autoverify/integrations/gaterun"
	"github.com/engineo/autoverify/integrations/git"
)

// The mutation gate's repository: the base's Abs is buggy; Double is there
// before the change and stays as it is, with a test that does not reach
// its boundary (a mutant of it would survive: it must never be made).
const (
	mutAbsBuggy = "package calc\n\n// Abs is |x| (buggy).\nfunc Abs(x int) int { return x }\n" + mutDouble
	// mutAbsFixed changes lines 3-9: the comment, the signature, the if
	// (5), both returns (6, 8) and the braces.
	mutAbsFixed = "package calc\n\n// Abs is |x|.\nfunc Abs(x int) int {\n\tif x < 0 {\n\t\treturn -x\n\t}\n\treturn x\n}\n" + mutDouble
	mutDouble   = "\n// Double is 2x, capped at 200.\nfunc Double(x int) int {\n\tif x > 100 {\n\t\treturn 200\n\t}\n\treturn 2 * x\n}\n"
	mutBaseTest = "package calc\n\nimport \"testing\"\n\nfunc TestDouble(t *testing.T) {\n\tif Double(2) != 4 {\n\t\tt.Fatal(\"2\")\n\t}\n}\n"
	// mutStrongTest checks both branches' values: every mutant dies.
	mutStrongTest = "package calc\n\nimport \"testing\"\n\nfunc TestAbs(t *testing.T) {\n\tif Abs(-2) != 2 || Abs(3) != 3 {\n\t\tt.Fatal(Abs(-2), Abs(3))\n\t}\n}\n"
	// mutWeakTest fails on the base (RED accepts) but checks only the
	// sign of one negative input: returning 0 goes unnoticed.
	mutWeakTest = "package calc\n\nimport \"testing\"\n\nfunc TestAbsSign(t *testing.T) {\n\tif Abs(-2) < 0 {\n\t\tt.Fatal(Abs(-2))\n\t}\n}\n"
	// mutSum's mutant without n-- loops for ever.
	mutSum     = "package calc\n\n// Sum is n+(n-1)+...+1.\nfunc Sum(n int) int {\n\ts := 0\n\tfor n != 0 {\n\t\ts += n\n\t\tn--\n\t}\n\treturn s\n}\n"
	mutSumTest = "package calc\n\nimport \"testing\"\n\nfunc TestSum(t *testing.T) {\n\tif Sum(3) != 6 {\n\t\tt.Fatal(Sum(3))\n\t}\n}\n"
)

func mutateRun(t *testing.T, r *repo, base, head string, max int) gates.Report {
	t.Helper()
	return runBothWays(t, gaterun.Spec{Base: base, Head: head, Trees: gaterun.GitTrees{Repo: git.Repo{Dir: r.Dir}},
		Runner: runner(t), Ecosystem: gates.Go, Test: []string{"go", "test", "./..."}, Mutate: true, MutateMax: max})
}

func TestMutateGate(t *testing.T) {
	r := newRepo(t)
	base := r.commit("base", map[string]string{"go.mod": goMod, "calc.go": mutAbsBuggy, "calc_test.go": mutBaseTest})
	changed := map[int]bool{3: true, 4: true, 5: true, 6: true, 7: true, 8: true, 9: true}

	t.Run("a strong test kills every mutant", func(t *testing.T) {
		r.branch(base)
		head := r.commit("fix", map[string]string{"calc.go": mutAbsFixed, "abs_test.go": mutStrongTest})
		rep := mutateRun(t, r, base, head, 0)
		e := gateOf(rep, gates.Mutate)
		assert.Equal(t, gates.Accept, e.Classification, e.Reason)
		require.NotNil(t, rep.Mutation)
		assert.Equal(t, 1.0, rep.Mutation.Score)
		assert.Equal(t, 3, rep.Mutation.Killed, "if, return -x, return x: one mutant each")
		assert.Equal(t, 3, rep.Mutation.Total)
		assert.Empty(t, rep.Mutation.Survivors)
		assert.Equal(t, "go test -json .", e.Command, "only the mutated package's tests")
		assert.True(t, rep.Accepted(), "%+v", rep.Gates)
	})

	t.Run("a weak test lets mutants survive", func(t *testing.T) {
		r.branch(base)
		head := r.commit("fix, weakly tested", map[string]string{"calc.go": mutAbsFixed, "abs_test.go": mutWeakTest})
		rep := mutateRun(t, r, base, head, 0)
		assert.Equal(t, gates.Accept, gateOf(rep, gates.Red).Classification, "the weak test is red on the base")
		assert.Equal(t, gates.Accept, gateOf(rep, gates.Green).Classification)
		e := gateOf(rep, gates.Mutate)
		assert.Equal(t, gates.RejectWeak, e.Classification, e.Reason)
		assert.Equal(t, []string{"calc.go:6 zero_return", "calc.go:8 zero_return"}, e.Tests)
		assert.Contains(t, e.Reason, "calc.go:6 zero_return, calc.go:8 zero_return")
		require.NotNil(t, rep.Mutation)
		assert.InDelta(t, 1.0/3, rep.Mutation.Score, 1e-9)
		assert.Equal(t, []gates.Survivor{
			{File: "calc.go", Line: 6, Operator: "zero_return", Original: "return -x", Mutated: "return 0"},
			{File: "calc.go", Line: 8, Operator: "zero_return", Original: "return x", Mutated: "return 0"},
		}, rep.Mutation.Survivors)
		assert.Equal(t, 0, e.ExitCode, "the evidence is a survivor's run: its tests passed")
		assert.False(t, rep.Accepted(), "a weak gate rejects the change")
	})

	t.Run("a mutant that hangs times out and counts as killed", func(t *testing.T) {
		long(t)
		r.branch(base)
		head := r.commit("sum", map[string]string{"sum.go": mutSum, "sum_test.go": mutSumTest})
		rep := mutateRun(t, r, base, head, 0)
		require.NotNil(t, rep.Mutation)
		assert.Equal(t, 1, rep.Mutation.Timeout, "deleting n-- loops for ever")
		assert.Equal(t, 3, rep.Mutation.Killed)
		assert.Equal(t, 1.0, rep.Mutation.Score)
		assert.Equal(t, gates.Accept, gateOf(rep, gates.Mutate).Classification, gateOf(rep, gates.Mutate).Reason)
	})

	t.Run("only changed lines are mutated, within the cap", func(t *testing.T) {
		long(t)
		r.branch(base)
		// No test reaches Abs: every mutant survives, so every mutant made
		// is listed — and Double's boundary, untested too, is not there.
		head := r.commit("fix, untested", map[string]string{"calc.go": mutAbsFixed})
		rep := mutateRun(t, r, base, head, 0)
		require.NotNil(t, rep.Mutation)
		assert.Equal(t, 3, rep.Mutation.Total)
		require.Len(t, rep.Mutation.Survivors, 3)
		for _, s := range rep.Mutation.Survivors {
			assert.True(t, changed[s.Line], "line %d was not changed: %+v", s.Line, s)
			assert.Equal(t, "calc.go", s.File)
		}
		capped := mutateRun(t, r, base, head, 2)
		assert.Equal(t, 2, capped.Mutation.Total)
		assert.Equal(t, 1, capped.Mutation.SkippedByCap)
		assert.Contains(t, gateOf(capped, gates.Mutate).Reason, "1 changed lines left out by the cap")
	})

	t.Run("a head that does not build is not mutated", func(t *testing.T) {
		long(t)
		r.branch(base)
		head := r.commit("broken", map[string]string{"calc.go": strings.Replace(mutAbsFixed, "return -x", "return -y", 1), "abs_test.go": mutStrongTest})
		rep := mutateRun(t, r, base, head, 0)
		e := gateOf(rep, gates.Mutate)
		assert.Equal(t, gates.RejectFailure, e.Classification, e.Reason)
		assert.Contains(t, e.Reason, "not run: the head's suite did not build or finish")
		assert.Nil(t, rep.Mutation)
	})

	t.Run("no changed code: nothing to mutate", func(t *testing.T) {
		long(t)
		r.branch(base)
		head := r.commit("docs and a test", map[string]string{"README.md": "calc\n", "more_test.go": mutStrongTest})
		rep := mutateRun(t, r, base, head, 0)
		e := gateOf(rep, gates.Mutate)
		assert.Equal(t, gates.Accept, e.Classification)
		assert.Contains(t, e.Reason, "nothing to mutate")
		assert.Empty(t, e.Command, "nothing ran")
		require.NotNil(t, rep.Mutation)
		assert.Equal(t, 0, rep.Mutation.Total)
		assert.Equal(t, 1.0, rep.Mutation.Score)
	})
}

// The Python repository: pyCalc's absolute is buggy; the fix changes
// lines 2-4, one mutant each (if x < 0, return -x, return x).
const (
	pyAbsFixed = "def absolute(x):\n    if x < 0:\n        return -x\n    return x\n"
	// pyStrongTest checks a negative input's value; beside the file's
	// other tests (3 and 0) every mutant dies.
	pyStrongTest = pyTests + "\n\ndef test_negative():\n    assert absolute(-2) == 2\n"
	// pyWeakTest fails on the base (RED accepts) but only checks the sign
	// of a negative input, and its file is all a mutant runs against:
	// `return x` → `return None` goes unnoticed.
	pyWeakTest = "from calc import absolute\n\n\ndef test_negative_sign():\n    assert absolute(-2) >= 0\n"
)

func pyMutateRun(t *testing.T, r *repo, py, base, head string, edit func(*gaterun.Spec)) gates.Report {
	t.Helper()
	spec := pySpec(r, []string{py, "-m", "pytest"}, base, head)
	spec.Mutate = true
	if edit != nil {
		edit(&spec)
	}
	return runBothWays(t, spec)
}

func TestMutateGatePython(t *testing.T) {
	py := pythonWithPytest(t)
	if _, err := os.Stat(gaterun.DefaultMutatePython); err != nil {
		t.Skip("SKIPPED LOUDLY: no " + gaterun.DefaultMutatePython + " to make Python mutants with")
	}
	r := newRepo(t)
	base := r.commit("base", map[string]string{"calc.py": pyCalc, "tests/test_calc.py": pyTests})

	t.Run("a strong test kills every mutant", func(t *testing.T) {
		r.branch(base)
		head := r.commit("fix", map[string]string{"calc.py": pyAbsFixed, "tests/test_calc.py": pyStrongTest})
		rep := pyMutateRun(t, r, py, base, head, nil)
		e := gateOf(rep, gates.Mutate)
		assert.Equal(t, gates.Accept, e.Classification, e.Reason)
		require.NotNil(t, rep.Mutation)
		assert.Equal(t, 3, rep.Mutation.Killed, "if x < 0, return -x, return x: one mutant each")
		assert.Equal(t, 3, rep.Mutation.Total)
		assert.Equal(t, 1.0, rep.Mutation.Score)
		assert.True(t, strings.HasSuffix(e.Command, " tests/test_calc.py"), "only the change's test file runs: %s", e.Command)
		assert.True(t, rep.Accepted(), "%+v", rep.Gates)
	})

	t.Run("a weak test lets a mutant survive", func(t *testing.T) {
		r.branch(base)
		head := r.commit("fix, weakly tested", map[string]string{"calc.py": pyAbsFixed, "tests/test_sign.py": pyWeakTest})
		rep := pyMutateRun(t, r, py, base, head, nil)
		assert.Equal(t, gates.Accept, gateOf(rep, gates.Red).Classification, gateOf(rep, gates.Red).Reason)
		e := gateOf(rep, gates.Mutate)
		assert.Equal(t, gates.RejectWeak, e.Classification, e.Reason)
		require.NotNil(t, rep.Mutation)
		assert.Equal(t, []gates.Survivor{{File: "calc.py", Line: 4, Operator: "zero_return", Original: "return x", Mutated: "return None"}},
			rep.Mutation.Survivors, "test_positive in tests/test_calc.py would kill it, but it is not the change's test")
		assert.Equal(t, 2, rep.Mutation.Killed)
		assert.InDelta(t, 2.0/3, rep.Mutation.Score, 1e-9)
		assert.True(t, strings.HasSuffix(e.Command, " tests/test_sign.py"), e.Command)
		assert.False(t, rep.Accepted())
		_, err := os.Stat(r.Dir + "/__pycache__")
		assert.True(t, os.IsNotExist(err), "nothing ran in the user's checkout")
	})

	t.Run("a mutant that breaks the import is not compiled", func(t *testing.T) {
		long(t)
		r.branch(base)
		table := pyAbsFixed + "\n\nSQUARES = {0: 0, 1: 1, 2: 4}\nFOUR = SQUARES[3 - 1]\n"
		head := r.commit("table", map[string]string{"calc.py": table, "tests/test_calc.py": pyStrongTest})
		rep := pyMutateRun(t, r, py, base, head, nil)
		require.NotNil(t, rep.Mutation)
		assert.Equal(t, 1, rep.Mutation.NotCompiled, "SQUARES[3 + 1] raises as calc imports")
		assert.Equal(t, 4, rep.Mutation.Total, "lines 2-4 and FOUR")
		assert.Equal(t, 3, rep.Mutation.Killed)
		assert.Equal(t, gates.Accept, gateOf(rep, gates.Mutate).Classification, gateOf(rep, gates.Mutate).Reason)
	})

	t.Run("without python3 the gate says so", func(t *testing.T) {
		r.branch(base)
		head := r.commit("fix again", map[string]string{"calc.py": pyAbsFixed, "tests/test_calc.py": pyStrongTest})
		rep := pyMutateRun(t, r, py, base, head, func(s *gaterun.Spec) { s.MutatePython = t.TempDir() + "/python3" })
		e := gateOf(rep, gates.Mutate)
		assert.Equal(t, gates.Accept, e.Classification)
		assert.Contains(t, e.Reason, "not run: no python3")
		assert.Nil(t, rep.Mutation, "no mutant was made: no score to report")
		assert.True(t, rep.Accepted(), "%+v", rep.Gates)
	})
}
