package gaterun_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/engineo/autoverify/bot/gates"
)

// RED runs the change's tests twice in one binary on the base (-count=2);
// a test that failed once and passed once runs again alone, and decides
// there. These two heads give both answers in RED's binary.

// luckyTest fails the first time it runs in a binary that runs it twice,
// and passes alone: its failure on the base is its luck, not the code's.
const luckyTest = `package calc

import (
	"flag"
	"testing"
)

var luckyRuns int

func TestAbsLucky(t *testing.T) {
	luckyRuns++
	if f := flag.Lookup("test.count"); f != nil && f.Value.String() == "2" && luckyRuns == 1 {
		t.Fatal("unlucky")
	}
	if Abs(-2) != 2 {
		t.Fatal("Abs(-2)")
	}
}
`

func TestATestThatFailsOnTheBaseByLuckProvesNothing(t *testing.T) {
	long(t)
	r := newRepo(t)
	base := r.commit("base", map[string]string{"go.mod": goMod, "calc.go": goCalcFixed, "calc_test.go": goCalcTest})
	head := r.commit("a lucky test", map[string]string{"lucky_test.go": luckyTest})
	rep := gatesRun(t, r, gates.Go, []string{"go", "test", "-count=1", "./..."}, base, head)
	red := gateOf(rep, gates.Red)
	assert.Equal(t, gates.RejectVanity, red.Classification, red.Reason)
	assert.Contains(t, red.Reason, "TestAbsLucky failed in one of two runs on the base")
	assert.Empty(t, rep.Tests.FailToPass)
	assert.Contains(t, rep.Tests.Vanity, "TestAbsLucky")
}

// squareLazy fills its table on the first call and answers 0 then: a bug
// a test shows only on its first run in a process.
const (
	squareLazy  = "package calc\n\nvar table map[int]int\n\n// Square is x*x for 0 <= x < 10.\nfunc Square(x int) int {\n\tif table == nil {\n\t\tfill()\n\t\treturn 0\n\t}\n\treturn table[x]\n}\n\nfunc fill() {\n\ttable = map[int]int{}\n\tfor i := 0; i < 10; i++ {\n\t\ttable[i] = i * i\n\t}\n}\n"
	squareFixed = "package calc\n\nvar table map[int]int\n\n// Square is x*x for 0 <= x < 10.\nfunc Square(x int) int {\n\tif table == nil {\n\t\tfill()\n\t}\n\treturn table[x]\n}\n\nfunc fill() {\n\ttable = map[int]int{}\n\tfor i := 0; i < 10; i++ {\n\t\ttable[i] = i * i\n\t}\n}\n"
	squareTest  = "package calc\n\nimport \"testing\"\n\nfunc TestSquareFirstCall(t *testing.T) {\n\tif got := Square(3); got != 9 {\n\t\tt.Fatalf(\"Square(3) = %d\", got)\n\t}\n}\n"
)

func TestAFixOfAFirstCallStaysProvenThoughItsTestPassesOnItsSecondRun(t *testing.T) {
	long(t)
	r := newRepo(t)
	base := r.commit("base", map[string]string{"go.mod": goMod, "calc.go": goCalcFixed, "calc_test.go": goCalcTest, "square.go": squareLazy})
	head := r.commit("fix the first call", map[string]string{"square.go": squareFixed, "square_test.go": squareTest})
	rep := gatesRun(t, r, gates.Go, []string{"go", "test", "./..."}, base, head)
	assert.True(t, rep.Accepted(), "%+v", rep.Gates)
	assert.Equal(t, []string{"TestSquareFirstCall"}, rep.Tests.FailToPass)
	assert.NotContains(t, gateOf(rep, gates.Red).Reason, "one of two runs")
}
