package gaterun_test

import (
	"context"
	"errors"
	"maps"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/engineo/autoverify/bot/gates"
	"github.com/engineo/autoverify/bot/verify"
	"github.com/engineo/autoverify/integrations/gaterun"
	"github.com/engineo/autoverify/integrations/git"
	"github.com/engineo/autoverify/integrations/local"
)

const goMod = "module example.com/calc\n\ngo 1.22\n"

// The base: Abs has a bug for negative numbers; its test covers positive
// ones only, and a test of the negative case is already there, failing.
const goCalc = `package calc

// Abs is |x| (buggy: negative x comes back as is).
func Abs(x int) int { return x }
`

const goCalcFixed = `package calc

// Abs is |x|.
func Abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
`

const goCalcTest = `package calc

import "testing"

func TestAbsPositive(t *testing.T) {
	if Abs(3) != 3 {
		t.Fatal("Abs(3)")
	}
}

func TestAbsZero(t *testing.T) {
	if Abs(0) != 0 {
		t.Fatal("Abs(0)")
	}
}
`

// goKnownBug is an existing test that fails on the base.
const goKnownBug = `package calc

import "testing"

func TestAbsKnownBug(t *testing.T) {
	if Abs(-1) != 1 {
		t.Fatal("Abs(-1)")
	}
}
`

func goRepo(t *testing.T) (*repo, string) {
	r := newRepo(t)
	base := r.commit("base", map[string]string{"go.mod": goMod, "calc.go": goCalc, "calc_test.go": goCalcTest, "bug_test.go": goKnownBug})
	return r, base
}

func runner(t *testing.T) *local.Runner {
	t.Helper()
	r, err := local.New(local.WithTimeout(5 * time.Minute))
	require.NoError(t, err)
	return r
}

func gatesRun(t *testing.T, r *repo, eco gates.Ecosystem, test []string, base, head string) gates.Report {
	t.Helper()
	before := r.listing()
	spec := gaterun.Spec{Base: base, Head: head, Trees: gaterun.GitTrees{Repo: git.Repo{Dir: r.Dir}}, Runner: runner(t),
		Ecosystem: eco, Test: test, Static: gates.DefaultStatic[eco][0]}
	if eco == gates.Python {
		spec.Static = nil
	}
	rep, err := gaterun.Run(context.Background(), spec)
	require.NoError(t, err)
	assert.Equal(t, before, r.listing(), "the user's checkout, index and worktrees are untouched")
	return rep
}

// countGate is how many commands' records rep holds for g.
func countGate(rep gates.Report, g gates.Gate) int {
	n := 0
	for _, e := range rep.Gates {
		if e.Gate == g {
			n++
		}
	}
	return n
}

func gateOf(rep gates.Report, g gates.Gate) gates.Evidence {
	for _, e := range rep.Gates {
		if e.Gate == g {
			return e
		}
	}
	return gates.Evidence{Classification: "(gate missing)"}
}

func TestGoGates(t *testing.T) {
	r, base := goRepo(t)
	goTest := []string{"go", "test", "./..."}

	t.Run("a real fix with its test", func(t *testing.T) {
		r.branch(base)
		head := r.commit("fix Abs", map[string]string{"calc.go": goCalcFixed, "calc_test.go": goCalcTest + `
func TestAbsNegative(t *testing.T) {
	if Abs(-2) != 2 {
		t.Fatal("Abs(-2)")
	}
}
`})
		rep := gatesRun(t, r, gates.Go, goTest, base, head)
		assert.Equal(t, gates.Accept, gateOf(rep, gates.Red).Classification, gateOf(rep, gates.Red).Reason)
		assert.Equal(t, gates.Accept, gateOf(rep, gates.Green).Classification, gateOf(rep, gates.Green).Reason)
		assert.Equal(t, gates.Accept, gateOf(rep, gates.Refactor).Classification, gateOf(rep, gates.Refactor).Reason)
		assert.Equal(t, gates.Accept, gateOf(rep, gates.Implement).Classification)
		assert.Equal(t, []string{"TestAbsNegative"}, rep.Tests.FailToPass)
		assert.Equal(t, []string{"TestAbsPositive", "TestAbsZero"}, rep.Tests.PassToPass)
		assert.Empty(t, rep.Tests.Vanity)
		assert.Empty(t, rep.Tests.Broken)
		assert.Empty(t, rep.Tests.Tampered)
		assert.True(t, rep.Accepted())
		red := gateOf(rep, gates.Red)
		assert.Contains(t, red.Command, "go test -run '^(TestAbsNegative)$' -json -count=2 .", "RED runs only the new test, with the reporting flag")
		assert.NotZero(t, red.ExitCode)
		assert.Contains(t, red.Snippet, "Abs(-2)")
		assert.Equal(t, 1, red.Attempt)
		assert.False(t, red.Timestamp.IsZero())
	})

	// A test that panics ends its package's test binary, and the tests
	// after it never run (the real-history replay: toml b535ff89's
	// TestItemTypeString panicked on the base, and two new tests after it
	// stood in no bucket). They run again without it.
	t.Run("a new test that panics on the base", func(t *testing.T) {
		r.branch(base)
		head := r.commit("fix Abs", map[string]string{"calc.go": goCalcFixed, "calc_test.go": goCalcTest + `
func TestAbsPanics(t *testing.T) {
	if Abs(-1) != 1 {
		panic("Abs(-1)")
	}
}

func TestAbsNegative(t *testing.T) {
	if Abs(-2) != 2 {
		t.Fatal("Abs(-2)")
	}
}

func TestAbsSeven(t *testing.T) {
	if Abs(7) != 7 {
		t.Fatal("Abs(7)")
	}
}
`})
		rep := gatesRun(t, r, gates.Go, goTest, base, head)
		assert.True(t, rep.Accepted(), "%+v", rep.Gates)
		assert.Equal(t, []string{"TestAbsNegative", "TestAbsPanics"}, rep.Tests.FailToPass)
		assert.Equal(t, []string{"TestAbsSeven"}, rep.Tests.Guards)
		assert.Equal(t, []string{"TestAbsPositive", "TestAbsZero"}, rep.Tests.PassToPass)
		assert.Contains(t, gateOf(rep, gates.Red).Reason, "TestAbsNegative, TestAbsSeven did not run after a test ended their package's test binary")
	})

	// The same at head: a new test that panics there ends GREEN's binary,
	// and the new tests after it run again, so each has its result.
	t.Run("a new test that panics at head", func(t *testing.T) {
		long(t)
		r.branch(base)
		head := r.commit("fix Abs", map[string]string{"calc.go": goCalcFixed, "calc_test.go": goCalcTest + `
func TestAbsBoom(t *testing.T) {
	panic("boom")
}

func TestAbsNegative(t *testing.T) {
	if Abs(-2) != 2 {
		t.Fatal("Abs(-2)")
	}
}
`})
		rep := gatesRun(t, r, gates.Go, goTest, base, head)
		assert.Equal(t, gates.RejectFailure, gateOf(rep, gates.Green).Classification, gateOf(rep, gates.Green).Reason)
		assert.Contains(t, rep.Tests.FailToPass, "TestAbsNegative", "%+v", rep.Tests)
	})

	// go test runs a fuzz target's seeds as a test: one added whose seeds
	// pass on the base proves nothing (uuid 542ddabd in the replay).
	t.Run("a fuzz target whose seeds pass on the base", func(t *testing.T) {
		long(t)
		r.branch(base)
		head := r.commit("fuzz Abs", map[string]string{"calc_test.go": goCalcTest + `
func FuzzAbs(f *testing.F) {
	f.Add(4)
	f.Fuzz(func(t *testing.T, x int) {
		if Abs(x) != x {
			t.Fatal(x)
		}
	})
}
`})
		rep := gatesRun(t, r, gates.Go, goTest, base, head)
		red := gateOf(rep, gates.Red)
		assert.Equal(t, gates.RejectVanity, red.Classification, red.Reason)
		assert.Equal(t, []string{"FuzzAbs"}, rep.Tests.Vanity)
	})

	t.Run("a fix whose test needs new code", func(t *testing.T) {
		long(t)
		r.branch(base)
		head := r.commit("add Sign", map[string]string{"sign.go": "package calc\n\nfunc Sign(x int) int {\n\tif x < 0 {\n\t\treturn -1\n\t}\n\treturn 1\n}\n",
			"sign_test.go": "package calc\n\nimport \"testing\"\n\nfunc TestSign(t *testing.T) {\n\tif Sign(-5) != -1 {\n\t\tt.Fatal(\"Sign\")\n\t}\n}\n"})
		rep := gatesRun(t, r, gates.Go, goTest, base, head)
		red := gateOf(rep, gates.Red)
		assert.Equal(t, gates.Accept, red.Classification, "missing code is how a test of new code is red: %s", red.Reason)
		assert.Contains(t, red.Snippet, "undefined: Sign")
		assert.Equal(t, []string{"TestSign"}, rep.Tests.FailToPass)
		assert.True(t, rep.Accepted(), "%+v", rep.Gates)
		assert.NotContains(t, gateOf(rep, gates.Refactor).Reason, "beside", "the new test does not build on the base: B runs the base's own tests")
		assert.Equal(t, []string{"TestAbsPositive", "TestAbsZero"}, rep.Tests.PassToPass)
	})

	// A Go package builds as a whole: without pruning, TestAbsTen would
	// not run on the base and would count red. It runs, passes, and —
	// beside a red test — is a guard (issue 30: a reviewer's reading).
	t.Run("a test that passes on the base cannot hide behind a test of new code", func(t *testing.T) {
		long(t)
		r.branch(base)
		head := r.commit("hide", map[string]string{"sign.go": "package calc\n\nfunc Sign(x int) int {\n\tif x < 0 {\n\t\treturn -1\n\t}\n\treturn 1\n}\n",
			"sign_test.go": "package calc\n\nimport (\n\t\"fmt\"\n\t\"testing\"\n)\n\nfunc TestSign(t *testing.T) {\n\tif Sign(-5) != -1 {\n\t\tt.Fatal(fmt.Sprint(\"Sign\"))\n\t}\n}\n\nfunc TestAbsTen(t *testing.T) {\n\tif Abs(10) != 10 {\n\t\tt.Fatal(\"10\")\n\t}\n}\n"})
		rep := gatesRun(t, r, gates.Go, goTest, base, head)
		red := gateOf(rep, gates.Red)
		assert.Equal(t, gates.Accept, red.Classification, red.Reason)
		assert.Contains(t, red.Reason, "TestSign")
		assert.Equal(t, []string{"TestAbsTen"}, rep.Tests.Guards, "it ran on the base and passed: a guard")
		assert.Empty(t, rep.Tests.Vanity)
		assert.Equal(t, []string{"TestSign"}, rep.Tests.FailToPass, "the guard is no FAIL_TO_PASS")
	})

	t.Run("a test that passes without the fix is vanity", func(t *testing.T) {
		r.branch(base)
		head := r.commit("vanity", map[string]string{"calc.go": goCalcFixed, "more_test.go": "package calc\n\nimport \"testing\"\n\nfunc TestAbsTen(t *testing.T) {\n\tif Abs(10) != 10 {\n\t\tt.Fatal(\"10\")\n\t}\n}\n"})
		rep := gatesRun(t, r, gates.Go, goTest, base, head)
		assert.Equal(t, gates.RejectVanity, gateOf(rep, gates.Red).Classification)
		assert.Equal(t, []string{"TestAbsTen"}, rep.Tests.Vanity)
		assert.False(t, rep.Accepted())
	})

	t.Run("a test with a syntax error", func(t *testing.T) {
		r.branch(base)
		head := r.commit("syntax", map[string]string{"calc.go": goCalcFixed, "neg_test.go": "package calc\n\nimport \"testing\"\n\nfunc TestNeg(t *testing.T) {\n\tif Abs(-3) != 3 {\n\t\tt.Fatal(\"-3\"\n\t}\n}\n"})
		rep := gatesRun(t, r, gates.Go, goTest, base, head)
		assert.Equal(t, gates.RejectSyntax, gateOf(rep, gates.Red).Classification)
		assert.Equal(t, gates.RejectSyntax, gateOf(rep, gates.Green).Classification)
		assert.Contains(t, gateOf(rep, gates.Red).Snippet, "neg_test.go")
	})

	t.Run("a syntax error in an existing test file is no tampering", func(t *testing.T) {
		long(t)
		r.branch(base)
		head := r.commit("broken file", map[string]string{"calc.go": goCalcFixed, "bug_test.go": strings.Replace(goKnownBug, "t.Fatal(\"Abs(-1)\")", "t.Fatal(\"Abs(-1)\"", 1)})
		rep := gatesRun(t, r, gates.Go, goTest, base, head)
		assert.Equal(t, gates.RejectSyntax, gateOf(rep, gates.Red).Classification)
		assert.Equal(t, gates.RejectSyntax, gateOf(rep, gates.Green).Classification)
		assert.Empty(t, rep.Tests.Tampered)
	})

	// go test ./... never enters a directory with its own go.mod: a test
	// the change edits there has no result anywhere (the real-history
	// replay: golang-lru d582c453's TestARC, in arc/'s own module).
	t.Run("a test in a module of its own is not run and proves nothing", func(t *testing.T) {
		toolTest := "package tools\n\nimport \"testing\"\n\nfunc TestTool(t *testing.T) {}\n"
		r.branch(base)
		withTools := r.commit("a module of its own", map[string]string{"tools/go.mod": "module example.com/tools\n\ngo 1.21\n", "tools/tools_test.go": toolTest})
		edited := map[string]string{"tools/tools_test.go": strings.Replace(toolTest, "{}", "{ t.Fatal(\"would fail if run\") }", 1)}
		fix := map[string]string{"calc.go": goCalcFixed, "calc_test.go": goCalcTest + "\nfunc TestAbsNegative(t *testing.T) {\n\tif Abs(-2) != 2 {\n\t\tt.Fatal(\"Abs(-2)\")\n\t}\n}\n"}
		maps.Copy(fix, edited)
		head := r.commit("fix, and the other module's test edited", fix)
		rep := gatesRun(t, r, gates.Go, goTest, withTools, head)
		assert.True(t, rep.Accepted(), "%+v", rep.Gates)
		assert.Equal(t, []string{"TestAbsNegative"}, rep.Tests.FailToPass)
		assert.Equal(t, []string{"tools::TestTool"}, rep.Tests.NotRun)
		assert.Contains(t, gateOf(rep, gates.Green).Reason, "never reaches 1 tests the change adds or edits, in a module of their own: tools::TestTool")
		assert.NotContains(t, gateOf(rep, gates.Red).Command, "./tools", "naming another module's package is an error")

		r.branch(withTools)
		head = r.commit("only the other module's test", edited)
		rep = gatesRun(t, r, gates.Go, goTest, withTools, head)
		assert.Equal(t, gates.RejectFailure, gateOf(rep, gates.Red).Classification)
		assert.Contains(t, gateOf(rep, gates.Red).Reason, "no test: nothing can be red; the test command never reaches 1 tests")
		assert.Empty(t, rep.Tests.FailToPass)
		assert.False(t, rep.Accepted())

		// Weakened out of reach is weakened all the same (a review's
		// attack: the other module broken, its test stripped, another
		// deleted, beside a real fix).
		r.branch(withTools)
		weakened := maps.Clone(fix)
		weakened["tools/tools_test.go"] = "package tools\n"
		head = r.commit("fix, and the other module's test deleted", weakened)
		rep = gatesRun(t, r, gates.Go, goTest, withTools, head)
		assert.False(t, rep.Accepted(), "%+v", rep.Gates)
		assert.Equal(t, []string{"tools::TestTool"}, rep.Tests.Tampered)
		assert.Empty(t, rep.Tests.NotRun)
		assert.Equal(t, []string{"TestAbsNegative"}, rep.Tests.FailToPass)

		// A go.mod the change removes brings the module's tests into the
		// root's reach: the same tests, not the change's claim.
		r.branch(withTools)
		head = r.commit("one module", map[string]string{"tools/go.mod": ""})
		rep = gatesRun(t, r, gates.Go, goTest, withTools, head)
		assert.Equal(t, gates.RejectFailure, gateOf(rep, gates.Red).Classification, gateOf(rep, gates.Red).Reason)
		assert.Contains(t, gateOf(rep, gates.Red).Reason, "adds or changes no test")
		assert.Empty(t, rep.Tests.Tampered)
		assert.Empty(t, rep.Tests.NotRun)
	})

	// The attack: a go.mod added beside the base's tests takes them out of
	// the root's go test; they read as deleted, not as not run.
	t.Run("a module made at head around existing tests does not hide them", func(t *testing.T) {
		long(t)
		r.branch(base)
		withPkg := r.commit("a package with a test", map[string]string{"pkg/pkg.go": "package pkg\n\nfunc One() int { return 1 }\n",
			"pkg/pkg_test.go": "package pkg\n\nimport \"testing\"\n\nfunc TestOne(t *testing.T) {\n\tif One() != 1 {\n\t\tt.Fatal(\"One\")\n\t}\n}\n"})
		head := r.commit("break it and hide its test", map[string]string{"pkg/pkg.go": "package pkg\n\nfunc One() int { return 2 }\n",
			"pkg/go.mod": "module example.com/pkg\n\ngo 1.21\n"})
		rep := gatesRun(t, r, gates.Go, goTest, withPkg, head)
		assert.False(t, rep.Accepted(), "%+v", rep.Gates)
		assert.Equal(t, []string{"TestOne"}, rep.Tests.Tampered)
		assert.Empty(t, rep.Tests.NotRun)
	})

	t.Run("a change that breaks an existing test", func(t *testing.T) {
		long(t)
		r.branch(base)
		head := r.commit("break", map[string]string{"calc.go": "package calc\n\nfunc Abs(x int) int { return 0 }\n"})
		rep := gatesRun(t, r, gates.Go, goTest, base, head)
		ref := gateOf(rep, gates.Refactor)
		assert.Equal(t, gates.RejectFailure, ref.Classification)
		assert.Equal(t, []string{"TestAbsPositive"}, rep.Tests.Broken)
		assert.Equal(t, []string{"TestAbsZero"}, rep.Tests.PassToPass)
	})

	t.Run("skipping a passing test", func(t *testing.T) {
		long(t)
		r.branch(base)
		head := r.commit("skip", map[string]string{"calc_test.go": strings.Replace(goCalcTest, "\tif Abs(3) != 3 {", "\tt.Skip(\"flaky\")\n\tif Abs(3) != 3 {", 1)})
		rep := gatesRun(t, r, gates.Go, goTest, base, head)
		assert.Equal(t, []string{"TestAbsPositive"}, rep.Tests.Tampered)
		assert.Equal(t, []string{"TestAbsZero"}, rep.Tests.PassToPass, "a weakened test is not kept, though its base version passes")
		assert.Equal(t, gates.RejectFailure, gateOf(rep, gates.Refactor).Classification)
	})

	// REFACTOR's F runs the base's versions of the tests a change edited;
	// a change that only adds a test leaves every other test the program
	// it was, and GREEN's results stand for them (no F run).
	t.Run("a change that only adds tests runs no base versions at head", func(t *testing.T) {
		long(t)
		r.branch(base)
		head := r.commit("fix Abs", map[string]string{"calc.go": goCalcFixed, "calc_test.go": goCalcTest + "\nfunc TestAbsNegative(t *testing.T) {\n\tif Abs(-2) != 2 {\n\t\tt.Fatal(\"Abs(-2)\")\n\t}\n}\n"})
		rep := gatesRun(t, r, gates.Go, goTest, base, head)
		assert.Equal(t, 2, countGate(rep, gates.Refactor), "B and G without the new test: no F command")
		assert.True(t, rep.Accepted(), "%+v", rep.Gates)
		assert.Equal(t, []string{"TestAbsPositive", "TestAbsZero"}, rep.Tests.PassToPass)
		assert.Equal(t, []string{"TestAbsNegative"}, rep.Tests.FailToPass)
		b := gateOf(rep, gates.Refactor)
		assert.Contains(t, b.Reason, "in RED's tree without the change's new and edited tests", "B ran in RED's tree: the package compiled once on the base")
		assert.Equal(t, "go test -skip '^(TestAbsNegative)$' -json ./...", b.Command, "the new test is compiled in and left out")
		assert.NotContains(t, rep.Tests.Broken, "TestAbsKnownBug", "it failed on the base, beside the new test too")
	})

	// The common Go fix: a new row in an existing test. Its head version is
	// red on the base, its base version still passes at head: B runs in
	// RED's tree and the base version's result on the base decides
	// nothing, so it does not run.
	t.Run("a fix that adds a case to an existing test", func(t *testing.T) {
		long(t)
		r.branch(base)
		head := r.commit("fix Abs", map[string]string{"calc.go": goCalcFixed,
			"calc_test.go": strings.Replace(goCalcTest, "\tif Abs(3) != 3 {", "\tif Abs(-3) != 3 {\n\t\tt.Fatal(\"Abs(-3)\")\n\t}\n\tif Abs(3) != 3 {", 1)})
		rep := gatesRun(t, r, gates.Go, goTest, base, head)
		assert.True(t, rep.Accepted(), "%+v", rep.Gates)
		assert.Equal(t, []string{"TestAbsPositive"}, rep.Tests.FailToPass)
		assert.Contains(t, gateOf(rep, gates.Refactor).Reason, "in RED's tree without the change's new and edited tests")
		assert.Equal(t, 3, countGate(rep, gates.Refactor), "B, G without the edited test, and F; no run of the base version on the base")
	})

	// An edit that weakens a test that passed: the edited test is not red,
	// so its base version's result on the base decides (tampered, not
	// pass-to-pass) and runs.
	t.Run("an edited test that is not red has its base version run on the base", func(t *testing.T) {
		long(t)
		r.branch(base)
		head := r.commit("weaken", map[string]string{"calc_test.go": strings.Replace(goCalcTest, "\t\tt.Fatal(\"Abs(0)\")\n", "", 1)})
		rep := gatesRun(t, r, gates.Go, goTest, base, head)
		assert.Equal(t, 4, countGate(rep, gates.Refactor), "B beside RED, G without the edited test, the base version on the base, F")
		assert.Equal(t, []string{"TestAbsZero"}, rep.Tests.Tampered)
		assert.False(t, rep.Accepted())
	})

	// The new test panics on the base, killing its package's test binary
	// there; had it run in B, the tests after it would have no result on
	// the base, and the one the change breaks would go unnoticed. B leaves
	// it out.
	t.Run("a new test that panics on the base cannot hide a broken neighbour", func(t *testing.T) {
		long(t)
		r.branch(base)
		panics := "package calc\n\nimport \"testing\"\n\nfunc TestAbsNegative(t *testing.T) {\n\tvar m map[int]int\n\tif Abs(-2) != 2 {\n\t\tm[0] = 1\n\t}\n}\n" + goCalcTest[len("package calc\n\nimport \"testing\"\n"):]
		head := r.commit("fix negatives, break zero", map[string]string{
			"calc.go":      "package calc\n\nfunc Abs(x int) int {\n\tif x < 0 {\n\t\treturn -x\n\t}\n\tif x == 0 {\n\t\treturn 1\n\t}\n\treturn x\n}\n",
			"calc_test.go": panics})
		rep := gatesRun(t, r, gates.Go, goTest, base, head)
		assert.Contains(t, gateOf(rep, gates.Refactor).Reason, "in RED's tree without the change's new and edited tests")
		assert.Contains(t, gateOf(rep, gates.Refactor).Command, "-skip '^(TestAbsNegative)$'")
		assert.Equal(t, []string{"TestAbsZero"}, rep.Tests.Broken)
		assert.Equal(t, []string{"TestAbsNegative"}, rep.Tests.FailToPass)
		assert.False(t, rep.Accepted())
	})

	// A build constraint is not a comment: it takes the file's tests out of
	// the build, at head and — were the base's suite run in RED's tree with
	// it — on the base too, so that the tests the change breaks would
	// vanish instead of being broken (review finding).
	t.Run("a build constraint cannot hide the tests the change breaks", func(t *testing.T) {
		long(t)
		r.branch(base)
		head := r.commit("hide by build tag", map[string]string{
			"calc.go":      "package calc\n\nfunc Abs(x int) int {\n\tif x < 0 {\n\t\treturn -x\n\t}\n\treturn x + 1\n}\n",
			"calc_test.go": "//go:build never\n\n" + goCalcTest,
			"neg_test.go":  "package calc\n\nimport \"testing\"\n\nfunc TestAbsNegative(t *testing.T) {\n\tif Abs(-2) != 2 {\n\t\tt.Fatal(\"Abs(-2)\")\n\t}\n}\n"})
		rep := gatesRun(t, r, gates.Go, goTest, base, head)
		assert.False(t, rep.Accepted(), "%+v", rep.Gates)
		assert.NotContains(t, gateOf(rep, gates.Refactor).Reason, "in RED's tree")
	})

	t.Run("a benchmark of new code elsewhere: the base's suite runs alone", func(t *testing.T) {
		long(t)
		r.branch(base)
		withSub := r.commit("sub", map[string]string{"sub/sub.go": "package sub\n\nfunc One() int { return 1 }\n",
			"sub/sub_test.go": "package sub\n\nimport \"testing\"\n\nfunc TestOne(t *testing.T) {\n\tif One() != 1 {\n\t\tt.Fatal(1)\n\t}\n}\n"})
		head := r.commit("fix Abs, bench Two", map[string]string{"calc.go": goCalcFixed,
			"calc_test.go":    goCalcTest + "\nfunc TestAbsNegative(t *testing.T) {\n\tif Abs(-2) != 2 {\n\t\tt.Fatal(\"Abs(-2)\")\n\t}\n}\n",
			"sub/sub.go":      "package sub\n\nfunc One() int { return 1 }\n\nfunc Two() int { return 2 }\n",
			"sub/sub_test.go": "package sub\n\nimport \"testing\"\n\nfunc TestOne(t *testing.T) {\n\tif One() != 1 {\n\t\tt.Fatal(1)\n\t}\n}\n\nfunc BenchmarkTwo(b *testing.B) {\n\tfor range b.N {\n\t\t_ = Two()\n\t}\n}\n"})
		rep := gatesRun(t, r, gates.Go, goTest, withSub, head)
		assert.True(t, rep.Accepted(), "%+v", rep.Gates)
		assert.NotContains(t, gateOf(rep, gates.Refactor).Reason, "beside", "sub does not build on the base with the head's tests")
		assert.Contains(t, rep.Tests.PassToPass, "TestOne")
		assert.Equal(t, []string{"TestAbsNegative"}, rep.Tests.FailToPass)
	})

	// A test file's top level is shared by its package: a new file's init
	// can make an untouched neighbour pass in the head's suite although
	// the change broke what it tests. Its base version, run at head
	// without the new file, says so.
	t.Run("a new test file's init cannot hide a broken neighbour", func(t *testing.T) {
		long(t)
		r.branch(base)
		head := r.commit("hide a break", map[string]string{
			"calc.go":       "package calc\n\nvar sign = 0\n\n// Abs is |x| times sign.\nfunc Abs(x int) int {\n\tif x < 0 {\n\t\treturn -x * sign\n\t}\n\treturn x * sign\n}\n",
			"setup_test.go": "package calc\n\nimport \"testing\"\n\nfunc init() { sign = 1 }\n\nfunc TestAbsNegative(t *testing.T) {\n\tif Abs(-2) != 2 {\n\t\tt.Fatal(\"Abs(-2)\")\n\t}\n}\n"})
		rep := gatesRun(t, r, gates.Go, goTest, base, head)
		assert.Equal(t, 3, countGate(rep, gates.Refactor), "B, G without the new test, and F")
		assert.Equal(t, gates.RejectFailure, gateOf(rep, gates.Refactor).Classification, gateOf(rep, gates.Refactor).Reason)
		assert.Equal(t, []string{"TestAbsPositive"}, rep.Tests.Broken)
		assert.False(t, rep.Accepted())
	})

	tampers := map[string]map[string]string{
		"editing a failing test to pass": {"bug_test.go": "package calc\n\nimport \"testing\"\n\nfunc TestAbsKnownBug(t *testing.T) {\n\tif Abs(-1) != -1 {\n\t\tt.Fatal(\"Abs(-1)\")\n\t}\n}\n"},
		"deleting a failing test":        {"bug_test.go": ""},
		"skipping a failing test":        {"bug_test.go": "package calc\n\nimport \"testing\"\n\nfunc TestAbsKnownBug(t *testing.T) {\n\tt.Skip(\"later\")\n\tif Abs(-1) != 1 {\n\t\tt.Fatal(\"Abs(-1)\")\n\t}\n}\n"},
	}
	for name, files := range tampers {
		t.Run(name, func(t *testing.T) {
			if name != "skipping a failing test" {
				long(t)
			}
			r.branch(base)
			head := r.commit(name, files)
			rep := gatesRun(t, r, gates.Go, goTest, base, head)
			assert.Equal(t, []string{"TestAbsKnownBug"}, rep.Tests.Tampered)
			assert.NotContains(t, rep.Tests.PassToPass, "TestAbsKnownBug")
			ref := gateOf(rep, gates.Refactor)
			assert.Equal(t, gates.RejectFailure, ref.Classification)
			assert.Contains(t, ref.Reason, "TestAbsKnownBug")
			assert.False(t, rep.Accepted())
		})
	}
}

// noisyRepo is a module whose head adds two tests that log 20 KiB each
// around the base's one test: more than an 8 KiB output cap keeps.
func noisyRepo(t *testing.T) (r *repo, base, head string) {
	r = newRepo(t)
	base = r.commit("base", map[string]string{"go.mod": goMod, "calc.go": goCalcFixed,
		"calc_test.go": "package calc\n\nimport \"testing\"\n\nfunc TestAbsPositive(t *testing.T) {\n\tif Abs(3) != 3 {\n\t\tt.Fatal(\"3\")\n\t}\n}\n"})
	noisy := func(name string) string {
		return "package calc\n\nimport (\n\t\"strings\"\n\t\"testing\"\n)\n\nfunc " + name + "(t *testing.T) {\n\tfor i := 0; i < 200; i++ {\n\t\tt.Log(strings.Repeat(\"x\", 100))\n\t}\n}\n"
	}
	head = r.commit("noise", map[string]string{"a_noisy_test.go": noisy("TestANoisy"), "z_noisy_test.go": noisy("TestZNoisy")})
	return r, base, head
}

// keepsLess is a runner that keeps no more output than its own cap,
// whatever a command asks (verify.Command.OutputLimit): a runner written
// before the field, or one whose engine cannot.
type keepsLess struct{ verify.Runner }

func (k keepsLess) Run(ctx context.Context, cmd verify.Command) (verify.Result, error) {
	cmd.OutputLimit = 0
	return k.Runner.Run(ctx, cmd)
}

// recorder notes the command lines a runner ran.
type recorder struct {
	verify.Runner
	mu   sync.Mutex
	seen []string
}

func (c *recorder) Run(ctx context.Context, cmd verify.Command) (verify.Result, error) {
	c.mu.Lock()
	c.seen = append(c.seen, strings.Join(cmd.Argv, " "))
	c.mu.Unlock()
	return c.Runner.Run(ctx, cmd)
}

func (c *recorder) commands() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return slices.Clone(c.seen)
}

// TestCutOutputIsNotAPass: when the runner's output cap cuts the head's
// report, a base test whose result fell in the cut is unknown, and
// REFACTOR does not accept on faith.
func TestCutOutputIsNotAPass(t *testing.T) {
	long(t)
	// The head's suite is noisy around TestAbsPositive, which the change
	// did not touch: its tests print what the code's noise says, and the
	// head turns it up. The change's own new test runs apart.
	r := newRepo(t)
	noisy := func(name string) string {
		return "package calc\n\nimport (\n\t\"strings\"\n\t\"testing\"\n)\n\nfunc " + name + "(t *testing.T) {\n\tfor i := 0; i < noise; i++ {\n\t\tt.Log(strings.Repeat(\"x\", 100))\n\t}\n}\n"
	}
	base := r.commit("base", map[string]string{"go.mod": goMod, "calc.go": goCalcFixed + "\nconst noise = 1\n",
		"calc_test.go":    "package calc\n\nimport \"testing\"\n\nfunc TestAbsPositive(t *testing.T) {\n\tif Abs(3) != 3 {\n\t\tt.Fatal(\"3\")\n\t}\n}\n",
		"a_noisy_test.go": noisy("TestANoisy"), "z_noisy_test.go": noisy("TestZNoisy")})
	head := r.commit("noise", map[string]string{"calc.go": goCalcFixed + "\nconst noise = 200\n",
		"quiet_test.go": "package calc\n\nimport \"testing\"\n\nfunc TestNoise(t *testing.T) {\n\tif noise != 200 {\n\t\tt.Fatal(noise)\n\t}\n}\n"})
	small, err := local.New(local.WithOutputLimit(8 << 10))
	require.NoError(t, err)
	rep, err := gaterun.Run(context.Background(), gaterun.Spec{Base: base, Head: head, Trees: gaterun.GitTrees{Repo: git.Repo{Dir: r.Dir}},
		Runner: keepsLess{small}, Ecosystem: gates.Go, Test: []string{"go", "test", "./..."}})
	require.NoError(t, err)
	ref := gateOf(rep, gates.Refactor)
	assert.Equal(t, gates.RejectFailure, ref.Classification)
	assert.Contains(t, ref.Reason, "ENGINEO_OUTPUT_LIMIT")
	assert.Contains(t, ref.Tests, "TestAbsPositive")
}

// TestReportReadWhole: the gates ask the runner to keep a test command's
// whole report (verify.Command.OutputLimit), so a suite that prints more
// than the runner's cap for evidence still has every test's result, and
// no test runs again alone to fill the gap.
func TestReportReadWhole(t *testing.T) {
	long(t)
	r, base, head := noisyRepo(t)
	small, err := local.New(local.WithOutputLimit(8 << 10))
	require.NoError(t, err)
	seen := &recorder{Runner: small}
	rep, err := gaterun.Run(context.Background(), gaterun.Spec{Base: base, Head: head, Trees: gaterun.GitTrees{Repo: git.Repo{Dir: r.Dir}},
		Runner: seen, Ecosystem: gates.Go, Test: []string{"go", "test", "./..."}})
	require.NoError(t, err)
	assert.Equal(t, gates.Accept, gateOf(rep, gates.Refactor).Classification)
	assert.Contains(t, rep.Tests.PassToPass, "TestAbsPositive")
	for _, c := range seen.commands() {
		assert.NotContains(t, c, "^(TestAbsPositive)$", "no test ran again alone")
	}
	for _, e := range rep.Gates {
		assert.LessOrEqual(t, len(e.Snippet), gates.SnippetBytes+3, "%s: the evidence stays a snippet", e.Gate)
	}
}

// flaky fails each command's first try the way an engine that did not
// answer does, or every try with a permanent error.
type flaky struct {
	verify.Runner
	mu        sync.Mutex
	seen      map[string]bool
	permanent bool
}

func (f *flaky) Run(ctx context.Context, cmd verify.Command) (verify.Result, error) {
	if f.permanent {
		return verify.Result{}, errors.New("image missing")
	}
	f.mu.Lock()
	key := cmd.Dir + "\x00" + strings.Join(cmd.Argv, "\x00")
	first := !f.seen[key]
	f.seen[key] = true
	f.mu.Unlock()
	if first {
		return verify.Result{}, verify.Transient(errors.New("engine did not answer"))
	}
	return f.Runner.Run(ctx, cmd)
}

func TestRunnerFailuresAreTriedAgainAndCounted(t *testing.T) {
	r, base := goRepo(t)
	head := r.commit("fix", map[string]string{"calc.go": goCalcFixed})
	spec := gaterun.Spec{Base: base, Head: head, Trees: gaterun.GitTrees{Repo: git.Repo{Dir: r.Dir}}, Ecosystem: gates.Go,
		Test: []string{"go", "test", "./..."}, Runner: &flaky{Runner: runner(t), seen: map[string]bool{}},
		RetryDelay: func(int) time.Duration { return time.Millisecond }}
	rep, err := gaterun.Run(context.Background(), spec)
	require.NoError(t, err)
	for _, e := range rep.Gates {
		if e.Command != "" {
			assert.Equal(t, 2, e.Attempt, "%s: the second try ran", e.Gate)
		}
	}
	assert.Equal(t, gates.Accept, gateOf(rep, gates.Green).Classification)

	spec.Runner = &flaky{permanent: true}
	_, err = gaterun.Run(context.Background(), spec)
	require.Error(t, err, "a runner that cannot run is no verdict")
	assert.Contains(t, err.Error(), "image missing")
	assert.Contains(t, err.Error(), "(1 tries)")
}
