package gaterun_test

import (
	"os"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/engineo/autoverify/bot/gates"
	"github.com/engineo/autoverify/integrations/gaterun"
)

// The Python sum: the base returns 0 for everything; the fix loops, and
// breaking its countdown (n -= 1 → n += 1) loops for ever.
const (
	pySumBuggy = "def total(n):\n    return 0\n"
	pySumFixed = "def total(n):\n    s = 0\n    while n != 0:\n        s += n\n        n -= 1\n    return s\n"
	pySumTest  = "from calc import total\n\n\ndef test_total():\n    assert total(3) == 6\n"
)

// TestMutateGatePythonTimeout: a Python mutant that hangs is stopped at
// the mutant timeout (here the spec's 2 s command timeout), counted as a
// timeout, and killed for the score; the gate accepts and the run ends.
func TestMutateGatePythonTimeout(t *testing.T) {
	long(t)
	py := pythonWithPytest(t)
	if _, err := os.Stat(gaterun.DefaultMutatePython); err != nil {
		t.Skip("SKIPPED LOUDLY: no " + gaterun.DefaultMutatePython + " to make Python mutants with")
	}
	r := newRepo(t)
	base := r.commit("base", map[string]string{"calc.py": pySumBuggy, "tests/test_calc.py": "def test_nothing():\n    pass\n"})
	head := r.commit("fix", map[string]string{"calc.py": pySumFixed, "tests/test_sum.py": pySumTest})
	start := time.Now()
	rep := pyMutateRun(t, r, py, base, head, func(s *gaterun.Spec) { s.Timeout = 2 * time.Second })
	took := time.Since(start)
	e := gateOf(rep, gates.Mutate)
	require.NotNil(t, rep.Mutation, e.Reason)
	assert.GreaterOrEqual(t, rep.Mutation.Timeout, 1, "n -= 1 broken loops for ever: %+v", rep.Mutation)
	assert.Empty(t, rep.Mutation.Survivors, "every mutant is killed or timed out")
	assert.Equal(t, 1.0, rep.Mutation.Score, "a timeout counts as killed")
	assert.Equal(t, gates.Accept, e.Classification, e.Reason)
	assert.Less(t, took, time.Duration(rep.Mutation.Timeout)*2*time.Second+30*time.Second, "each hanging mutant is stopped at its timeout")
}
