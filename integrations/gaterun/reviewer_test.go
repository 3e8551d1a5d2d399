package gaterun_test

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/engineo/autoverify/bot/gates"
	"github.com/engineo/autoverify/integrations/gaterun"
	"github.com/engineo/autoverify/integrations/git"
)

// TestGatesReadAsAReviewer: the rules of issue 30 on small Go changes
// shaped like the real ones of the real-history corpus.
func TestGatesReadAsAReviewer(t *testing.T) {
	r := newRepo(t)
	tableTest := `package calc

import "testing"

var absCases = []struct{ in, want int }{
	{3, 3},
}

func TestAbsTable(t *testing.T) {
	for _, c := range absCases {
		if got := Abs(c.in); got != c.want {
			t.Errorf("Abs(%d) = %d", c.in, got)
		}
	}
}
`
	goldenTest := "package calc\n\nimport (\n\t\"fmt\"\n\t\"os\"\n\t\"strings\"\n\t\"testing\"\n)\n\nfunc TestAbsGolden(t *testing.T) {\n\traw, err := os.ReadFile(\"testdata/abs.golden\")\n\tif err != nil {\n\t\tt.Fatal(err)\n\t}\n\tfor _, l := range strings.Fields(string(raw)) {\n\t\tvar in, want int\n\t\tfmt.Sscanf(l, \"%d=%d\", &in, &want)\n\t\tif Abs(in) != want {\n\t\t\tt.Errorf(\"%s: got %d\", l, Abs(in))\n\t\t}\n\t}\n}\n"
	// A go vet finding the base already has (one go test's own vet
	// checks do not include, so the tests still build).
	vet := "package calc\n\n// Show has a go vet finding the base already has.\nfunc Show() int {\n\treturn 1\n\tpanic(\"no\")\n}\n"
	subTest := "package sub\n\nimport \"testing\"\n\nfunc TestAbsPositive(t *testing.T) {}\n"
	base := r.commit("base", map[string]string{"go.mod": goMod, "calc.go": goCalc, "calc_test.go": goCalcTest, "table_test.go": tableTest,
		"golden_test.go": goldenTest, "testdata/abs.golden": "3=3\n", "show.go": vet, "sub/sub.go": "package sub\n", "sub/sub_test.go": subTest})
	goTest := []string{"go", "test", "./..."}

	t.Run("a new table entry is the test", func(t *testing.T) {
		long(t)
		r.branch(base)
		head := r.commit("fix", map[string]string{"calc.go": goCalcFixed, "table_test.go": strings.Replace(tableTest, "\t{3, 3},\n", "\t{3, 3},\n\t{-2, 2},\n", 1)})
		rep := gatesRun(t, r, gates.Go, goTest, base, head)
		assert.True(t, rep.Accepted(), "%+v", rep.Gates)
		assert.Equal(t, []string{"TestAbsTable"}, rep.Tests.FailToPass)
		assert.Equal(t, gates.Accept, gateOf(rep, gates.Implement).Classification, "go vet's finding was there before: %s", gateOf(rep, gates.Implement).Reason)
	})

	t.Run("a golden file is the test", func(t *testing.T) {
		long(t)
		r.branch(base)
		head := r.commit("fix", map[string]string{"calc.go": goCalcFixed, "testdata/abs.golden": "3=3\n-4=4\n"})
		rep := gatesRun(t, r, gates.Go, goTest, base, head)
		assert.True(t, rep.Accepted(), "%+v", rep.Gates)
		assert.Equal(t, []string{"TestAbsGolden"}, rep.Tests.FailToPass)
		assert.Empty(t, rep.Tests.Vanity)
	})

	t.Run("a test name two packages share", func(t *testing.T) {
		long(t)
		r.branch(base)
		head := r.commit("fix", map[string]string{"calc.go": goCalcFixed, "calc_test.go": goCalcTest + "\nfunc TestAbsNegative(t *testing.T) {\n\tif Abs(-1) != 1 {\n\t\tt.Fatal(\"-1\")\n\t}\n}\n"})
		rep := gatesRun(t, r, gates.Go, goTest, base, head)
		assert.True(t, rep.Accepted(), "%+v", rep.Gates)
		assert.Empty(t, rep.Tests.Tampered)
		assert.Contains(t, rep.Tests.PassToPass, ".::TestAbsPositive")
		assert.Contains(t, rep.Tests.PassToPass, "sub::TestAbsPositive")
	})

	t.Run("a rewritten expectation", func(t *testing.T) {
		r.branch(base)
		head := r.commit("zero is one", map[string]string{"calc.go": "package calc\n\nfunc Abs(x int) int {\n\tif x == 0 {\n\t\treturn 1\n\t}\n\treturn x\n}\n",
			"calc_test.go": strings.Replace(goCalcTest, "if Abs(0) != 0 {", "if Abs(0) != 1 {", 1)})
		rep := gatesRun(t, r, gates.Go, goTest, base, head)
		ref := gateOf(rep, gates.Refactor)
		assert.Equal(t, gates.RejectFailure, ref.Classification)
		assert.Contains(t, ref.Reason, "the change rewrites what 1 existing tests expect")
		assert.Equal(t, []string{"TestAbsZero"}, rep.Tests.Rewritten)
		assert.Empty(t, rep.Tests.FailToPass)
		assert.Empty(t, rep.Tests.Broken)
	})

	t.Run("a passing test that prints a syntax error", func(t *testing.T) {
		r.branch(base)
		head := r.commit("fix", map[string]string{"calc.go": goCalcFixed, "msg_test.go": "package calc\n\nimport \"testing\"\n\nfunc TestSyntaxErrorMessage(t *testing.T) {\n\tt.Log(\"syntax error: unexpected }\")\n\tif Abs(-5) != 5 {\n\t\tt.Fatal(\"-5\")\n\t}\n}\n"})
		rep := gatesRun(t, r, gates.Go, goTest, base, head)
		assert.True(t, rep.Accepted(), "%+v", rep.Gates)
		assert.Equal(t, []string{"TestSyntaxErrorMessage"}, rep.Tests.FailToPass)
	})

	t.Run("a new go vet finding", func(t *testing.T) {
		long(t)
		r.branch(base)
		head := r.commit("fix", map[string]string{"calc.go": goCalcFixed + "\nfunc same(x int) int {\n\tx = x\n\treturn x\n}\n",
			"calc_test.go": goCalcTest + "\nfunc TestAbsNegative(t *testing.T) {\n\tif Abs(-1) != 1 {\n\t\tt.Fatal(\"-1\")\n\t}\n}\n"})
		rep := gatesRun(t, r, gates.Go, goTest, base, head)
		impl := gateOf(rep, gates.Implement)
		assert.Equal(t, gates.RejectFailure, impl.Classification)
		assert.Contains(t, impl.Reason, "calc.go: self-assignment of x")
		assert.NotContains(t, impl.Reason, "show.go", "the base's finding is not the change's")
	})
}

// TestBaseStaticChecksRunOnlyWhenTheHeadsFail: IMPLEMENT compares the
// head's findings with the base's, so the base's `go vet` runs only when
// the head's fails — a clean head costs one vet, not two — and a head
// with a finding still gets its comparison (the base's run, in the base's
// tree with its own tests put back after RED).
func TestBaseStaticChecksRunOnlyWhenTheHeadsFail(t *testing.T) {
	long(t)
	r := newRepo(t)
	base := r.commit("base", map[string]string{"go.mod": goMod, "calc.go": goCalc, "calc_test.go": goCalcTest})
	fixTest := goCalcTest + "\nfunc TestAbsNegative(t *testing.T) {\n\tif Abs(-1) != 1 {\n\t\tt.Fatal(\"-1\")\n\t}\n}\n"
	static := gates.DefaultStatic[gates.Go][0]
	run := func(head string) (gates.Report, []string) {
		sr := &staticRunner{Runner: runner(t), tool: static}
		rep, err := gaterun.Run(context.Background(), gaterun.Spec{Base: base, Head: head, Trees: gaterun.GitTrees{Repo: git.Repo{Dir: r.Dir}},
			Runner: sr, Ecosystem: gates.Go, Test: []string{"go", "test", "./..."}, Static: static})
		require.NoError(t, err)
		var dirs []string
		for _, run := range sr.runs {
			dirs = append(dirs, run[0])
		}
		return rep, dirs
	}

	clean := r.commit("fix", map[string]string{"calc.go": goCalcFixed, "calc_test.go": fixTest})
	rep, dirs := run(clean)
	assert.Equal(t, gates.Accept, gateOf(rep, gates.Implement).Classification)
	assert.Len(t, dirs, 1, "a clean head: go vet once, at head")

	r.branch(base)
	finding := r.commit("fix with a finding", map[string]string{"calc.go": goCalcFixed + "\nfunc same(x int) int {\n\tx = x\n\treturn x\n}\n", "calc_test.go": fixTest})
	rep, dirs = run(finding)
	impl := gateOf(rep, gates.Implement)
	assert.Equal(t, gates.RejectFailure, impl.Classification)
	assert.Contains(t, impl.Reason, "the change adds 1 static-check findings", "compared with the base's run")
	require.Len(t, dirs, 2, "a head with a finding: go vet at head, then on the base")
	assert.NotEqual(t, dirs[0], dirs[1])
}
