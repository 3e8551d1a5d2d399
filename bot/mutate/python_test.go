package mutate

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// sysPython is Debian's interpreter, the one the gate runs the script with.
const sysPython = "/usr/bin/python3"

// pythonExec runs the script as the gate does (isolated, from an empty
// directory), or skips loudly where there is no /usr/bin/python3.
func pythonExec(t *testing.T) PythonExec {
	t.Helper()
	if _, err := os.Stat(sysPython); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("no /usr/bin/python3: scripts/test.sh installs python3")
		}
		t.Skip("SKIPPED LOUDLY: no /usr/bin/python3 to make Python mutants with")
	}
	dir := t.TempDir()
	return func(ctx context.Context, stdin []byte) ([]byte, error) {
		ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
		defer cancel()
		cmd := exec.CommandContext(ctx, sysPython, "-I", "-S", "-c", PythonScript)
		cmd.Dir, cmd.Stdin = dir, bytes.NewReader(stdin)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		out, err := cmd.Output()
		if err != nil {
			return nil, fmt.Errorf("%w: %s", err, stderr.String())
		}
		return out, nil
	}
}

func TestIsPythonSource(t *testing.T) {
	t.Parallel()
	for p, want := range map[string]bool{
		"calc.py": true, "pkg/calc.py": true, "pkg/testing.py": true, "contest.py": true,
		"test_calc.py": false, "pkg/calc_test.py": false, "conftest.py": false, "pkg/conftest.py": false,
		"tests/helpers.py": false, "pkg/tests/util.py": false, "calc.go": false, "calc.pyc": false,
	} {
		assert.Equal(t, want, IsPythonSource(p), p)
	}
	got := ChangedPythonLines(map[string][]byte{"a.py": lines("x = 1", "y = 2")},
		map[string][]byte{"a.py": lines("x = 1", "y = 3"), "test_a.py": lines("z"), "b.go": lines("w")})
	assert.Equal(t, map[string][]int{"a.py": {2}}, got)
}

// pyOne makes the mutant of one line of src, failing when there is none.
func pyOne(t *testing.T, run PythonExec, src string, line int) Mutant {
	t.Helper()
	ms, err := PythonMutants(context.Background(), run, "m.py", []byte(src), []int{line})
	require.NoError(t, err)
	require.Len(t, ms, 1, "line %d of:\n%s", line, src)
	return ms[0]
}

func TestPythonOperators(t *testing.T) {
	run := pythonExec(t)
	tests := []struct {
		name, src string
		line      int
		op, want  string
	}{
		{"if", "def f(x):\n    if x < 0:\n        g()\n", 2, OpNegateCondition, "    if not x < 0:"},
		{"elif", "def f(x):\n    if x:\n        g()\n    elif x == 1 or y:\n        g()\n", 4, OpNegateCondition, "    elif not (x == 1 or y):"},
		{"while", "def f(x):\n    while x > 0:\n        g()\n", 2, OpNegateCondition, "    while not x > 0:"},
		{"boundary <", "ok = a < b\n", 1, OpBoundary, "ok = a <= b"},
		{"boundary >=", "ok = a >= b\n", 1, OpBoundary, "ok = a > b"},
		{"flip ==", "ok = a == b\n", 1, OpFlipComparison, "ok = a != b"},
		{"flip is not", "ok = a is not None\n", 1, OpFlipComparison, "ok = a is None"},
		{"flip in", "ok = a in b\n", 1, OpFlipComparison, "ok = a not in b"},
		{"arithmetic +", "n = a + b\n", 1, OpArithmetic, "n = a - b"},
		{"arithmetic *", "n = a * b\n", 1, OpArithmetic, "n = a / b"},
		{"arithmetic augmented", "n -= 1\n", 1, OpArithmetic, "n += 1"},
		{"boolean", "ok = a and b\n", 1, OpBoolean, "ok = a or b"},
		{"boolean nested keeps its grouping", "ok = a and b or c\n", 1, OpBoolean, "ok = (a and b) and c"},
		{"zero return", "def f(x):\n    return x + 1\n", 2, OpArithmetic, "    return x - 1"},
		{"zero return alone", "def f(x):\n    return g(x)\n", 2, OpZeroReturn, "    return None"},
		{"delete call", "def f(x):\n    x.append(1)\n", 2, OpDeleteStatement, "    pass"},
		{"first operator wins on a line", "def f(x):\n    if x < 0 and y:\n        g()\n", 2, OpNegateCondition, "    if not (x < 0 and y):"},
		{"leftmost site of one operator", "ok = a < b or c > d\n", 1, OpBoundary, "ok = a <= b or c > d"},
		{"non-ASCII before the node", "s = 'é' if a == b else 'ü'\n", 1, OpFlipComparison, "s = 'é' if a != b else 'ü'"},
		{"string concatenation is not arithmetic", "s = 'a' + b\nreturn_ = 1\n", 1, "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.op == "" {
				ms, err := PythonMutants(context.Background(), run, "m.py", []byte(tt.src), []int{tt.line})
				require.NoError(t, err)
				assert.Empty(t, ms)
				return
			}
			m := pyOne(t, run, tt.src, tt.line)
			assert.Equal(t, tt.op, m.Operator)
			assert.Equal(t, tt.want, m.Mutated)
			assert.Equal(t, strings.Split(tt.src, "\n")[tt.line-1], m.Original)
			want := strings.Split(tt.src, "\n")
			want[tt.line-1] = tt.want
			assert.Equal(t, strings.Join(want, "\n"), string(m.Source), "only the mutated line differs")
		})
	}
}

// pyArid has something an operator could change on every line, but each
// line is arid: a mutant of it would tell nothing about the tests.
const pyArid = `import os, sys
from a import b as c
import logging

log = logging.getLogger(__name__)


@decorator(a + 1 > 2)
def f(x=1 + 2, *, y: int = 3 * 4) -> bool:
    """a + b < c"""
    # if a < b: return a + b
    logging.info("x %d", x + 1)
    log.debug("y", y * 2)
    self.logger.warning("z", x == 1)
    print(x + 1 > 2)
    raise ValueError("x must be > 0")
    pass


class C(Base, metaclass=M):
    pass


if __name__ == "__main__":
    main(sys.argv + [])
`

func TestPythonArid(t *testing.T) {
	run := pythonExec(t)
	ms, err := PythonMutants(context.Background(), run, "m.py", []byte(pyArid), allLines(strings.Count(pyArid, "\n")))
	require.NoError(t, err)
	assert.Empty(t, ms)
	// The same statements, once not arid, do give mutants: the test would
	// fail if the script simply made none.
	live := "def f(x):\n    y = x + 1 > 2\n    raise ValueError(x + 1)\n"
	ms, err = PythonMutants(context.Background(), run, "m.py", []byte(live), []int{2, 3})
	require.NoError(t, err)
	require.Len(t, ms, 2)
	assert.Equal(t, []string{"    y = x + 1 >= 2", "    raise ValueError(x - 1)"}, []string{ms[0].Mutated, ms[1].Mutated})
}

// pyCalc has a site on every line but its blank and def lines.
const pyCalc = `def calc(a, b):
    if a > b:
        a -= b
    total = a * b
    ok = a == b and b
    items.append(total)
    return total + a
`

func TestPythonOnlyChangedLinesOnePerLine(t *testing.T) {
	run := pythonExec(t)
	ms, err := PythonMutants(context.Background(), run, "calc.py", []byte(pyCalc), []int{2, 5, 7})
	require.NoError(t, err)
	var got []string
	for _, m := range ms {
		got = append(got, fmt.Sprintf("%d %s", m.Line, m.Operator))
	}
	assert.Equal(t, []string{"2 negate_condition", "5 flip_comparison", "7 arithmetic"}, got,
		"lines 3, 4 and 6 have sites too but did not change; line 5's boolean comes after its comparison")

	all, err := PythonMutants(context.Background(), run, "calc.py", []byte(pyCalc), allLines(7))
	require.NoError(t, err)
	assert.Len(t, all, 6, "every line but the def, once each")
	again, err := PythonMutants(context.Background(), run, "calc.py", []byte(pyCalc), allLines(7))
	require.NoError(t, err)
	assert.Equal(t, all, again, "deterministic")
}

func TestPythonForChangeSpreads(t *testing.T) {
	run := pythonExec(t)
	head := map[string][]byte{"a.py": []byte(pyCalc), "b.py": []byte("x = a + b\n"), "test_a.py": []byte("x = a + b\n")}
	changed := ChangedPythonLines(map[string][]byte{"b.py": []byte("x = 1\n")}, head)
	set, err := PythonForChange(context.Background(), run, head, changed, 3)
	require.NoError(t, err)
	var got []string
	for _, m := range set.Mutants {
		got = append(got, fmt.Sprintf("%s:%d", m.File, m.Line))
	}
	assert.Equal(t, []string{"a.py:3", "a.py:6", "b.py:1"}, got, "b.py gets its share; a.py's two are spread over its six")
	assert.Equal(t, 4, set.Skipped)
	none, err := PythonForChange(context.Background(), run, head, changed, 0)
	require.NoError(t, err)
	assert.Len(t, none.Mutants, 7)
	assert.Zero(t, none.Skipped)

	// A module that does not parse (or is not UTF-8) may sit untouched by
	// any test in a passing tree: it gives no mutants, the others do.
	head["c.py"], head["d.py"] = []byte("print 'py2'\n"), []byte("x = a + b  # \xff\n")
	changed = ChangedPythonLines(map[string][]byte{}, head)
	set, err = PythonForChange(context.Background(), run, head, changed, 0)
	require.NoError(t, err)
	assert.Len(t, set.Mutants, 7)
	_, err = PythonMutants(context.Background(), run, "c.py", head["c.py"], []int{1})
	assert.ErrorIs(t, err, ErrUnparsable)
}

func TestPythonMutantsChecksTheScript(t *testing.T) {
	t.Parallel()
	src := []byte("a = 1\nb = 2\r\n")
	reply := func(s string) PythonExec {
		return func(context.Context, []byte) ([]byte, error) { return []byte(s), nil }
	}
	ctx := context.Background()
	ms, err := PythonMutants(ctx, reply(`{"mutants":[{"line":2,"operator":"arithmetic","mutated":"b = 3\r"}]}`), "m.py", src, []int{2})
	require.NoError(t, err)
	require.Len(t, ms, 1)
	assert.Equal(t, "a = 1\nb = 3\r\n", string(ms[0].Source), "the line's own ending is kept")
	for name, out := range map[string]string{
		"a line not asked for": `{"mutants":[{"line":1,"operator":"arithmetic","mutated":"a = 2"}]}`,
		"two on a line":        `{"mutants":[{"line":2,"operator":"boundary","mutated":"b = 3"},{"line":2,"operator":"boolean","mutated":"b = 4"}]}`,
		"an unknown operator":  `{"mutants":[{"line":2,"operator":"swap","mutated":"b = 3"}]}`,
		"no change":            `{"mutants":[{"line":2,"operator":"boundary","mutated":"b = 2"}]}`,
		"two lines":            `{"mutants":[{"line":2,"operator":"boundary","mutated":"b = 3\nc = 4"}]}`,
		"no JSON":              `Traceback`,
	} {
		_, err := PythonMutants(ctx, reply(out), "m.py", src, []int{2})
		assert.Error(t, err, name)
	}
}
