package mutate

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestSitesInContext covers the places the operators reach beyond a plain
// function body: closures, generic receivers, case clauses, else-if.
func TestSitesInContext(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, line, op, mutated string
		src                     []byte
	}{
		{"else if", "} else if n < 0 {", OpNegateCondition, "} else if !(n < 0) {", goFile(
			"func sign(n int) int {", "\tif n > 0 {", "\t\treturn 1", "\t} else if n < 0 {", "\t\treturn -1", "\t}", "\treturn 0", "}")},
		{"closure returns its own results", "return s + \"!\", true", OpZeroReturn, `return "", false`, goFile(
			"func f() int {", "\tg := func(s string) (string, bool) {",
			"\t\treturn s + \"!\", true", "\t}", "\t_, ok := g(\"x\")", "\tif ok {", "\t\treturn 1", "\t}", "\treturn 0", "}")},
		{"generic receiver, concrete result", "return len(b.items) * 2", OpArithmetic, "return len(b.items) / 2", goFile(
			"type box[T any] struct{ items []T }", "", "func (b box[T]) size() int {", "\treturn len(b.items) * 2", "}")},
		{"delete in a case clause", "hits++", OpDeleteStatement, "", goFile(
			"func f(k string) (hits int) {", "\tswitch k {", "\tcase \"a\":", "\t\thits++", "\t\tnote(k)", "\t}", "\treturn hits", "}",
			"", "func note(string) {}")},
		{"condition in a case", "case n >= 10:", OpBoundary, "case n > 10:", goFile(
			"func big(n int) bool {", "\tswitch {", "\tcase n >= 10:", "\t\treturn true", "\t}", "\treturn false", "}")},
		{"var with a call is behaviour", "var limit = calc() + 1", OpArithmetic, "var limit = calc() - 1", goFile(
			"var limit = calc() + 1", "", "func calc() int { return 1 }")},
		{"receiver type named like the result", "return s", OpZeroReturn, "return server{}", goFile(
			"type server struct{ n int }", "", "func (s server) copy() server {", "\treturn s", "}")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			line := lineOf(t, tt.src, tt.line)
			ms, err := Mutants("p.go", tt.src, []int{line}, 0)
			require.NoError(t, err)
			require.Len(t, ms, 1)
			assert.Equal(t, tt.op, ms[0].Operator)
			assert.Equal(t, tt.mutated, strings.TrimSpace(ms[0].Mutated))
			assertOnlyLineDiffers(t, tt.src, ms[0])
		})
	}
}

// TestUnformattedSource: the caller's file need not be gofmt-clean; the
// mutant's line and source come out as gofmt prints them.
func TestUnformattedSource(t *testing.T) {
	t.Parallel()
	src := []byte("package p\n\nfunc add(a,b int) int {\n\treturn a+b\n}\n")
	ms, err := Mutants("p.go", src, []int{4}, 0)
	require.NoError(t, err)
	require.Len(t, ms, 1)
	assert.Equal(t, "\treturn a+b", ms[0].Original)
	assert.Equal(t, "\treturn a - b", ms[0].Mutated)
	assert.Equal(t, "package p\n\nfunc add(a, b int) int {\n\treturn a - b\n}\n", string(ms[0].Source))
}

func TestForChangeSkipsTestsAndMissingFiles(t *testing.T) {
	t.Parallel()
	src := goFile("func f(a, b int) int {", "\treturn a + b", "}")
	set, err := ForChange(map[string][]byte{"p.go": src, "p_test.go": src},
		map[string][]int{"p.go": {4}, "p_test.go": {4}, "gone.go": {1}}, 0)
	require.NoError(t, err)
	require.Len(t, set.Mutants, 1)
	assert.Equal(t, "p.go", set.Mutants[0].File)
	assert.Zero(t, set.Skipped)
}
