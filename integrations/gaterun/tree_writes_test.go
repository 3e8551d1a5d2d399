package gaterun_test

import (
	"context"
	"strconv"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/engineo/autoverify/bot/gates"
	"github.com/engineo/autoverify/bot/verify"
	"github.com/engineo/autoverify/integrations/gaterun"
	"github.com/engineo/autoverify/integrations/git"
	"github.com/engineo/autoverify/integrations/local"
)

// The heads below have a test that writes into the tree it runs in, so
// that a later command of the gates sees other code than the commit's:
// each gate command must see its tree as the gates left it, never what
// an earlier command's processes wrote there.

// assertBroken: rejected at REFACTOR with test among the broken or
// rewritten tests.
func assertBroken(t *testing.T, rep gates.Report, test string) {
	t.Helper()
	assert.False(t, rep.Accepted(), "%+v", rep.Gates)
	assert.Equal(t, gates.RejectFailure, gateOf(rep, gates.Refactor).Classification, gateOf(rep, gates.Refactor).Reason)
	assert.Contains(t, append(rep.Tests.Broken, rep.Tests.Rewritten...), test)
}

// TestANewTestCannotRewriteTheCodeREFACTORRuns: the head breaks Abs; its
// new test writes a fixed calc.go into the head's tree, and a variable
// in its file sends the package's base tests through REFACTOR's base
// versions, which run in the same tree after it.
func TestANewTestCannotRewriteTheCodeREFACTORRuns(t *testing.T) {
	r, base, head := rewritingHead(t)
	assertBroken(t, gatesRun(t, r, gates.Go, []string{"go", "test", "./..."}, base, head), "TestAbs")
}

// rewritingHead is that head: its new test rewrites calc.go.
func rewritingHead(t *testing.T) (r *repo, base, head string) {
	enable := "\n// Enable reports that Abs is on.\nfunc Enable() bool { return true }\n"
	broken := "package calc\n\n// Abs is broken.\nfunc Abs(x int) int { return 0 }\n" + enable
	test := "package calc\n\nimport (\n\t\"os\"\n\t\"testing\"\n)\n\nvar fixedSource = " + strconv.Quote(goCalcFixed+enable) + "\n\n" +
		"func TestEnable(t *testing.T) {\n\tif !Enable() {\n\t\tt.Fatal(\"Enable\")\n\t}\n\tif err := os.WriteFile(\"calc.go\", []byte(fixedSource), 0o644); err != nil {\n\t\tt.Fatal(err)\n\t}\n}\n"
	r = newRepo(t)
	base = r.commit("base", map[string]string{"go.mod": goMod, "calc.go": goCalcFixed, "calc_test.go": tableTest})
	head = r.commit("rewrite", map[string]string{"calc.go": broken, "a_test.go": test})
	return r, base, head
}

// noThrowaway is the local sandbox on a kernel that refuses every
// throwaway tree it offers: the gates must copy the trees instead.
type noThrowaway struct {
	*local.Runner
	refused atomic.Int32
}

func (r *noThrowaway) ShowsThrowaway() bool { return true }

func (r *noThrowaway) Run(ctx context.Context, cmd verify.Command) (verify.Result, error) {
	if cmd.Throwaway {
		r.refused.Add(1)
		return verify.Result{}, verify.ErrNoThrowaway
	}
	return r.Runner.Run(ctx, cmd)
}

// TestWithoutThrowawayTreesEachCommandGetsACopy: the same head as above
// where the runner refuses to show trees copy-on-write: every command is
// asked, is refused, and runs on a copy, and the new test's write still
// reaches no later command.
func TestWithoutThrowawayTreesEachCommandGetsACopy(t *testing.T) {
	long(t)
	r, base, head := rewritingHead(t)
	refusing := &noThrowaway{Runner: runner(t)}
	rep, err := gaterun.Run(context.Background(), gaterun.Spec{Base: base, Head: head, Trees: gaterun.GitTrees{Repo: git.Repo{Dir: r.Dir}},
		Runner: refusing, Ecosystem: gates.Go, Test: []string{"go", "test", "./..."}})
	require.NoError(t, err)
	assertBroken(t, rep, "TestAbs")
	assert.GreaterOrEqual(t, int(refusing.refused.Load()), 4, "the commands were not offered throwaway trees")
}

// TestANewTestCannotRewriteTheBaseBeforeItsSuite: the head breaks Abs for
// every number; its new test, red on the base (Abs(-1) is 1 there), first
// writes a broken calc.go into RED's tree, where the base's suite runs
// next: TestAbs would "fail before", and its failure at head would not
// count.
func TestANewTestCannotRewriteTheBaseBeforeItsSuite(t *testing.T) {
	long(t)
	broken := "package calc\n\n// Abs is broken.\nfunc Abs(x int) int { return 0 }\n"
	test := "package calc\n\nimport (\n\t\"os\"\n\t\"testing\"\n)\n\nfunc TestZero(t *testing.T) {\n\t_ = os.WriteFile(\"calc.go\", []byte(" + strconv.Quote(broken) + "), 0o644)\n" +
		"\tif Abs(-1) != 0 {\n\t\tt.Fatal(\"Abs(-1)\")\n\t}\n}\n"
	r := newRepo(t)
	base := r.commit("base", map[string]string{"go.mod": goMod, "calc.go": goCalcFixed, "calc_test.go": tableTest})
	head := r.commit("zero", map[string]string{"calc.go": broken, "zero_test.go": test})
	assertBroken(t, gatesRun(t, r, gates.Go, []string{"go", "test", "./..."}, base, head), "TestAbs")
}

// TestANewPythonTestCannotRewriteTheCodeREFACTORRuns: as the Go one, with
// a parametrised new test (its decorator makes the file's top level
// change, so the file's base tests run at head after it).
func TestANewPythonTestCannotRewriteTheCodeREFACTORRuns(t *testing.T) {
	long(t)
	py := pythonWithPytest(t)
	fixed := "def enable():\n    return True\n\n\n" + pyCalcFixed
	r := newRepo(t)
	base := r.commit("base", map[string]string{"calc.py": pyCalcFixed, "tests/test_calc.py": pyTests})
	head := r.commit("rewrite", map[string]string{"calc.py": "def enable():\n    return True\n\n\ndef absolute(x):\n    return 0\n",
		"tests/test_calc.py": pyTests + "\n\n@__import__(\"pytest\").mark.parametrize(\"src\", [" + strconv.Quote(fixed) + "])\ndef test_enable(src):\n    import calc\n    assert calc.enable()\n    open(calc.__file__, \"w\").write(src)\n"})
	assertBroken(t, gatesRun(t, r, gates.Python, []string{py, "-m", "pytest"}, base, head), "tests/test_calc.py::test_positive")
}

// TestATestTheHeadLeavesOutIsNotAPass: the head breaks Abs and its code
// ends a test binary before any test runs. A test that passed on the base
// and has no result at head is not "still passing". (A pytest head that
// deselects the test in its settings changes pytest's settings, which are
// data: the test's base version then runs at head with the base's.)
func TestATestTheHeadLeavesOutIsNotAPass(t *testing.T) {
	long(t)
	r := newRepo(t)
	base := r.commit("base", map[string]string{"go.mod": goMod, "calc.go": goCalcFixed, "calc_test.go": tableTest})
	head := r.commit("leave out", map[string]string{"calc.go": "package calc\n\nimport (\n\t\"os\"\n\t\"strings\"\n)\n\n" +
		"func init() {\n\tif strings.HasSuffix(os.Args[0], \".test\") {\n\t\tos.Exit(0)\n\t}\n}\n\n// Abs is broken.\nfunc Abs(x int) int { return 0 }\n"})
	rep := gatesRun(t, r, gates.Go, []string{"go", "test", "./..."}, base, head)
	assert.False(t, rep.Accepted())
	ref := gateOf(rep, gates.Refactor)
	assert.Equal(t, gates.RejectFailure, ref.Classification, ref.Reason)
	assert.Contains(t, ref.Reason, "no result at head")
	assert.Contains(t, ref.Tests, "TestAbs")
}

// TestPackagesNamedAlikeKeepTheGatesRunning: go test -o DIR/ refuses to
// run at all when two packages it matches would get one binary name, with
// tests or without (cmd/util has none, internal/util has one), so such a
// tree keeps no test binaries and the gates judge the fix as ever.
func TestPackagesNamedAlikeKeepTheGatesRunning(t *testing.T) {
	r := newRepo(t)
	util := map[string]string{"cmd/util/util.go": "package util\n", "internal/util/util.go": "package util\n",
		"internal/util/util_test.go": "package util\n\nimport \"testing\"\n\nfunc TestUtil(t *testing.T) {}\n"}
	files := map[string]string{"go.mod": goMod, "calc.go": goCalc, "calc_test.go": goCalcTest}
	for k, v := range util {
		files[k] = v
	}
	base := r.commit("base", files)
	head := r.commit("fix", map[string]string{"calc.go": goCalcFixed, "neg_test.go": goKnownBug})
	rep := gatesRun(t, r, gates.Go, []string{"go", "test", "./..."}, base, head)
	assert.True(t, rep.Accepted(), "%+v", rep.Gates)
	assert.Equal(t, []string{"TestAbsKnownBug"}, rep.Tests.FailToPass)
	assert.Contains(t, rep.Tests.PassToPass, "TestUtil")
}
