package failure

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// corpusCase is one real output of a real tool run on broken code, kept
// under testdata/real (see testdata/gen/generate.sh).
type corpusCase struct {
	name string
	argv []string
	exit int
	want Type
	out  []byte
}

func loadCorpus(t testing.TB) []corpusCase {
	t.Helper()
	files, err := filepath.Glob("testdata/real/*.txt")
	require.NoError(t, err)
	require.NotEmpty(t, files, "no corpus under testdata/real")
	var cases []corpusCase
	for _, f := range files {
		raw, err := os.ReadFile(f)
		require.NoError(t, err)
		cases = append(cases, parseCase(t, f, raw))
	}
	return cases
}

func parseCase(t testing.TB, f string, raw []byte) corpusCase {
	t.Helper()
	head, body, ok := bytes.Cut(raw, []byte("\n---\n"))
	require.True(t, ok, "%s: no --- line", f)
	c := corpusCase{name: filepath.Base(f), out: body}
	sc := bufio.NewScanner(bytes.NewReader(head))
	for sc.Scan() {
		k, v, _ := strings.Cut(strings.TrimPrefix(sc.Text(), "# "), ": ")
		switch k {
		case "cmd":
			c.argv = strings.Fields(v)
		case "exit":
			var err error
			c.exit, err = strconv.Atoi(strings.TrimSpace(v))
			require.NoError(t, err, f)
		case "want":
			c.want = Type(strings.TrimSpace(v))
		}
	}
	require.True(t, c.want.Valid(), "%s: bad want %q", f, c.want)
	return c
}

// TestClassifyRealOutputs measures accuracy on outputs that real tools
// printed; the bar is 95%.
func TestClassifyRealOutputs(t *testing.T) {
	cases := loadCorpus(t)
	right := 0
	confusion := map[string]int{}
	for _, c := range cases {
		got := Classify(Failure{Argv: c.argv, ExitCode: c.exit, Output: c.out})
		if got == c.want {
			right++
			continue
		}
		confusion[fmt.Sprintf("%s -> %s", c.want, got)]++
		t.Logf("miss %-45s want %-12s got %s", c.name, c.want, got)
	}
	var keys []string
	for k := range confusion {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		t.Logf("confusion %s: %d", k, confusion[k])
	}
	acc := float64(right) / float64(len(cases))
	t.Logf("accuracy %d/%d = %.1f%%", right, len(cases), 100*acc)
	assert.GreaterOrEqual(t, acc, 0.95)
}

func TestClassifyRules(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		f    Failure
		want Type
	}{
		{"timeout wins", Failure{Argv: []string{"pnpm", "test"}, ExitCode: 1, TimedOut: true, Output: []byte("--- FAIL: TestX")}, Timeout},
		{"not found", Failure{Argv: []string{"pnpm", "test"}, ExitCode: 127}, EnvError},
		{"silent lint", Failure{Argv: []string{"pnpm", "lint"}, ExitCode: 1}, LintError},
		{"silent type-check", Failure{Argv: []string{"pnpm", "type-check"}, ExitCode: 2}, TypeError},
		{"silent e2e", Failure{Argv: []string{"pnpm", "test:e2e"}, ExitCode: 1}, TestFailure},
		{"silent unknown", Failure{Argv: []string{"make"}, ExitCode: 1}, Unknown},
		{"ansi stripped", Failure{Argv: []string{"x"}, ExitCode: 1, Output: []byte("\x1b[31m--- FAIL: TestA\x1b[0m (0.00s)\n")}, TestFailure},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			assert.Equal(t, tt.want, Classify(tt.f))
		})
	}
}

func TestAutoFixable(t *testing.T) {
	t.Parallel()
	for _, ty := range Types {
		assert.Equal(t, ty != EnvError && ty != Timeout, ty.AutoFixable(), ty)
	}
}
