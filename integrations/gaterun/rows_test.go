package gaterun_test

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/engineo/autoverify/bot/gates"
	"github.com/engineo/autoverify/bot/verify"
	"github.com/engineo/autoverify/integrations/gaterun"
	"github.com/engineo/autoverify/integrations/git"
)

// tableTest is a table test of Abs whose rows the heads below add to.
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
// command of its own, not the base's suite, the edited tests' base
// versions on the base, or the rows-only tests' head versions alone.
func fRan(rep gates.Report) bool {
	for _, e := range rep.Gates {
		if e.Gate == gates.Refactor && strings.Contains(e.Command, " -run ") &&
			!strings.HasPrefix(e.Reason, "the base's") && !strings.HasPrefix(e.Reason, "the head's versions") {
			return true
		}
	}
	return false
}

// TestRowAddedToATableRunsNoBaseVersion: the common fix adds its failing
// case as a row of an existing table test. The test's base version is the
// head version's first rows, so when the head version passes at head, so
// does it: REFACTOR says so without compiling and running it there (F).
func TestRowAddedToATableRunsNoBaseVersion(t *testing.T) {
	r := newRepo(t)
	base := r.commit("base", map[string]string{"go.mod": goMod, "calc.go": goCalc, "calc_test.go": tableTest})
	head := r.commit("fix", map[string]string{"calc.go": goCalcFixed, "calc_test.go": withRow("{-3, 3}")})
	rep := gatesRunWith(t, r, runner(t), base, head)
	assert.True(t, rep.Accepted(), "%+v", rep.Gates)
	assert.Equal(t, []string{"TestAbs"}, rep.Tests.FailToPass)
	assert.False(t, fRan(rep), "no base version ran at head")
	assert.Contains(t, gateOf(rep, gates.Refactor).Reason, "first rows and passed there alone: TestAbs")
}

// TestARowThatRunsCodeIsNotTakenOnTrust: a head that breaks Abs for every
// caller who does not first switch it on, and switches it on in an added
// row (rows are built before any runs), passes its own version of the
// table; the base version, without that row, fails at head. Building such
// a row runs code — a call of the change's function, or of its own
// function named like a built-in — so F runs the base version and
// REFACTOR rejects.
func TestARowThatRunsCodeIsNotTakenOnTrust(t *testing.T) {
	broken := "package calc\n\nvar legacy = true\n\n// Abs is |x|, once switched on.\nfunc Abs(x int) int {\n\tif legacy {\n\t\treturn 0\n\t}\n\tif x < 0 {\n\t\treturn -x\n\t}\n\treturn x\n}\n"
	for name, c := range map[string]struct{ code, row string }{
		"a call of the change's function": {"\n// Enable switches Abs on.\nfunc Enable() int { legacy = false; return 3 }\n", "{-3, Enable()}"},
		"its own min":                     {"\nfunc min(a, b int) int { legacy = false; return a }\n", "{-3, min(3, 4)}"},
	} {
		t.Run(name, func(t *testing.T) {
			r := newRepo(t)
			base := r.commit("base", map[string]string{"go.mod": goMod, "calc.go": goCalcFixed, "calc_test.go": tableTest})
			head := r.commit("hide", map[string]string{"calc.go": broken + c.code, "calc_test.go": withRow(c.row)})
			rep := gatesRunWith(t, r, runner(t), base, head)
			assert.False(t, rep.Accepted())
			assert.Equal(t, gates.RejectFailure, gateOf(rep, gates.Refactor).Classification)
			assert.Contains(t, append(rep.Tests.Rewritten, rep.Tests.Tampered...), "TestAbs")
			assert.True(t, fRan(rep), "the base version ran at head")
		})
	}
}

// gatesRunWith runs the Go gates (go test ./...) on rn.
func gatesRunWith(t *testing.T, r *repo, rn verify.Runner, base, head string) gates.Report {
	t.Helper()
	rep, err := gaterun.Run(context.Background(), gaterun.Spec{Base: base, Head: head, Trees: gaterun.GitTrees{Repo: git.Repo{Dir: r.Dir}},
		Runner: rn, Ecosystem: gates.Go, Test: []string{"go", "test", "./..."}})
	require.NoError(t, err)
	return rep
}
