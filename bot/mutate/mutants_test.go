package mutate

import (
	"fmt"
	"go/format"
	"go/parser"
	"go/token"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// goFile wraps body lines in a package clause so test sources read as the
// function under test; line numbers in tests count from the package line.
func goFile(body ...string) []byte {
	return []byte("package p\n\n" + strings.Join(body, "\n") + "\n")
}

func lineOf(t *testing.T, src []byte, text string) int {
	t.Helper()
	for i, l := range splitLines(src) {
		if strings.TrimSpace(l) == text {
			return i + 1
		}
	}
	t.Fatalf("no line %q in\n%s", text, src)
	return 0
}

func TestOperators(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, line, op, mutated string
		src                     []byte
	}{
		{"negate condition", "if n > limit {", OpNegateCondition, "if !(n > limit) {", goFile(
			"func clamp(n, limit int) int {", "\tif n > limit {", "\t\treturn limit", "\t}", "\treturn n", "}")},
		{"boundary <", "return a < b", OpBoundary, "return a <= b", goFile(
			"func less(a, b int) bool {", "\treturn a < b", "}")},
		{"boundary >=", "return a >= b", OpBoundary, "return a > b", goFile(
			"func atLeast(a, b int) bool {", "\treturn a >= b", "}")},
		{"flip ==", "return a == b", OpFlipComparison, "return a != b", goFile(
			"func same(a, b string) bool {", "\treturn a == b", "}")},
		{"arithmetic +", "return a + b", OpArithmetic, "return a - b", goFile(
			"func add(a, b int) int {", "\treturn a + b", "}")},
		{"arithmetic /", "return a / b", OpArithmetic, "return a * b", goFile(
			"func div(a, b float64) float64 {", "\treturn a / b", "}")},
		{"arithmetic +=", "total += x", OpArithmetic, "total -= x", goFile(
			"func sum(xs []int) (total int) {", "\tfor _, x := range xs {", "\t\ttotal += x", "\t}", "\treturn total", "}")},
		{"boolean", "return a && b", OpBoolean, "return a || b", goFile(
			"func both(a, b bool) bool {", "\treturn a && b", "}")},
		{"zero return string, error", "return strings.Repeat(s, n), nil", OpZeroReturn, `return "", nil`, goFile(
			`import "strings"`, "", "func rep(s string, n int) (string, error) {", "\treturn strings.Repeat(s, n), nil", "}")},
		{"zero return struct and pointer", "return pt{x, y}, &pt{}", OpZeroReturn, "return pt{}, nil", goFile(
			"type pt struct{ x, y int }", "", "func mk(x, y int) (pt, *pt) {", "\treturn pt{x, y}, &pt{}", "}")},
		{"zero return named numeric", "return celsius(f.v)", OpZeroReturn, "return 0", goFile(
			"type celsius float64", "", "type temp struct{ v float64 }", "",
			"func (f temp) c() celsius {", "\treturn celsius(f.v)", "}")},
		{"zero return bool, slice, map", "return ok(), xs, m", OpZeroReturn, "return false, nil, nil", goFile(
			"func ok() bool { return true }", "",
			"func get(xs []int, m map[string]int) (bool, []int, map[string]int) {", "\treturn ok(), xs, m", "}")},
		{"delete call", "flush(buf)", OpDeleteStatement, "", goFile(
			"func write(buf []byte) int {", "\tflush(buf)", "\treturn len(buf)", "}", "", "func flush([]byte) {}")},
		{"delete increment", "n++", OpDeleteStatement, "", goFile(
			"func count(xs []int) int {", "\tn := 0", "\tfor range xs {", "\t\tn++", "\t\tn = n", "\t}", "\treturn n", "}")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			line := lineOf(t, tt.src, tt.line)
			ms, err := Mutants("p.go", tt.src, []int{line}, 0)
			require.NoError(t, err)
			require.Len(t, ms, 1)
			m := ms[0]
			assert.Equal(t, tt.op, m.Operator)
			assert.Equal(t, line, m.Line)
			assert.Equal(t, tt.line, strings.TrimSpace(m.Original))
			assert.Equal(t, tt.mutated, strings.TrimSpace(m.Mutated))
			assertOnlyLineDiffers(t, tt.src, m)
		})
	}
}

// assertOnlyLineDiffers checks that a mutant parses, is gofmt-clean and
// differs from the original source on its own line and nowhere else.
func assertOnlyLineDiffers(t *testing.T, src []byte, m Mutant) {
	t.Helper()
	_, err := parser.ParseFile(token.NewFileSet(), m.File, m.Source, 0)
	require.NoError(t, err, "mutant of line %d parses", m.Line)
	formatted, err := format.Source(m.Source)
	require.NoError(t, err)
	assert.Equal(t, string(formatted), string(m.Source), "gofmt-clean")
	before, after := splitLines(src), splitLines(m.Source)
	require.Len(t, after, len(before), "line count kept")
	for i := range before {
		if i == m.Line-1 {
			assert.NotEqual(t, before[i], after[i], "line %d mutated", m.Line)
			assert.Equal(t, m.Mutated, after[i])
			assert.Equal(t, m.Original, before[i])
		} else {
			assert.Equal(t, before[i], after[i], "mutant of line %d leaves line %d alone", m.Line, i+1)
		}
	}
}

func TestNoMutantWhenUnsure(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, line string
		src        []byte
	}{
		{"imported result type", "return d", goFile(`import "time"`, "",
			"func wait(d time.Duration) time.Duration {", "\treturn d", "}")},
		{"type parameter", "return v", goFile("func id[T any](v T) T {", "\treturn v", "}")},
		{"type from another file", "return v", goFile("func conv(v other) other {", "\treturn v", "}")},
		{"bare return", "return", goFile("func named() (n int) {", "\tn = 1", "\treturn", "}")},
		{"already zero", "return 0, nil", goFile("func z() (int, error) {", "\treturn 0, nil", "}")},
		{"string concatenation", `x := "a" + s`, goFile("func cat(s string) string {", `	x := "a" + s`, "\treturn x", "}")},
		{"only statement of a block", "g()", goFile("func f() {", "\tg()", "}", "", "func g() {}")},
		{"short variable declaration", "x := g()", goFile("func f() int {", "\tx := g()", "\treturn x", "}", "", "func g() int { return 1 }")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			ms, err := Mutants("p.go", tt.src, []int{lineOf(t, tt.src, tt.line)}, 0)
			require.NoError(t, err)
			assert.Empty(t, ms)
		})
	}
}

func TestAridLinesSkipped(t *testing.T) {
	t.Parallel()
	src := goFile(
		`import (`,
		`	"fmt"`,
		`	"log"`,
		`	"log/slog"`,
		`)`,
		``,
		`// limit is a + b.`,
		`const limit = 1 + 2`,
		``,
		`var scale = limit * 2`,
		``,
		`type pair struct{ a, b int }`,
		``,
		`type svc struct{ logger *slog.Logger }`,
		``,
		`func (s svc) run(a, b int) {`,
		`	log.Printf("sum %d", a+b)`,
		`	fmt.Println(a - b)`,
		`	slog.Info("x", "n", a*b)`,
		`	s.logger.Info("y", "ok", a == b)`,
		`	s.logger.With("k", a+1).Debug("z")`,
		`	if a < 0 {`,
		`		panic("negative")`,
		`	}`,
		`	var local = a + b`,
		`	_ = local`,
		`}`,
	)
	var all []int
	for i := range splitLines(src) {
		all = append(all, i+1)
	}
	ms, err := Mutants("p.go", src, all, 0)
	require.NoError(t, err)
	var got []string
	for _, m := range ms {
		got = append(got, strings.TrimSpace(m.Original))
	}
	assert.Equal(t, []string{"if a < 0 {"}, got, "only the condition is worth a mutant")
}

func TestLogLineGivesNoMutant(t *testing.T) {
	t.Parallel()
	src := goFile(`import "log"`, "", "func f(a, b int) int {", `	log.Printf("%d", a+b)`, "\treturn a", "}")
	ms, err := Mutants("p.go", src, []int{lineOf(t, src, `log.Printf("%d", a+b)`)}, 0)
	require.NoError(t, err)
	assert.Empty(t, ms)
}

func TestParseErrorIsWrapped(t *testing.T) {
	t.Parallel()
	_, err := Mutants("broken.go", []byte("package p\nfunc {"), []int{2}, 0)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "broken.go")
}

// corpus is a gofmt-clean file with a bit of everything, used where a test
// needs many lines to mutate.
var corpus = []byte(`package shop

import (
	"errors"
	"fmt"
	"log"
)

// Item is one line of a cart.
type Item struct {
	Name  string
	Price int
	Qty   int
}

// ErrEmpty is returned for a cart without items.
var ErrEmpty = errors.New("empty cart")

// Total sums the cart, with a discount over a threshold.
func Total(items []Item, threshold int, pct int) (int, error) {
	if len(items) == 0 {
		return 0, ErrEmpty
	}
	sum := 0
	for i := 0; i < len(items); i++ {
		sum += items[i].Price * items[i].Qty
	}
	log.Printf("total %d", sum)
	if sum >= threshold && pct > 0 {
		sum = sum - sum*pct/100
	}
	return sum, nil
}

// Label names an item for a receipt.
func Label(it Item) string {
	if it.Qty == 1 {
		return it.Name
	}
	return fmt.Sprintf("%s x%d", it.Name, it.Qty)
}

// Cheapest returns the cheapest item, and false for none.
func Cheapest(items []Item) (Item, bool) {
	best, found := Item{}, false
	for _, it := range items {
		if !found || it.Price < best.Price {
			best, found = it, true
		}
	}
	return best, found
}

// Counter counts calls.
type Counter struct{ n int }

// Hit counts one call and reports whether it was the first.
func (c *Counter) Hit() bool {
	c.n++
	record(c.n)
	return c.n == 1
}

func record(int) {}

// Both reports whether both flags are set.
func Both(a, b bool) bool {
	return a && b
}
`)

func allLinesOf(src []byte) []int { return allLines(len(splitLines(src))) }

func TestCorpusMutantsTouchOnlyTheirLine(t *testing.T) {
	t.Parallel()
	formatted, err := format.Source(corpus)
	require.NoError(t, err)
	require.Equal(t, string(corpus), string(formatted), "the corpus is gofmt-clean")
	ms, err := Mutants("shop.go", corpus, allLinesOf(corpus), 0)
	require.NoError(t, err)
	require.GreaterOrEqual(t, len(ms), 15)
	seen := map[int]bool{}
	ops := map[string]bool{}
	for i, m := range ms {
		assert.False(t, seen[m.Line], "at most one mutant for line %d", m.Line)
		seen[m.Line] = true
		ops[m.Operator] = true
		if i > 0 {
			assert.Less(t, ms[i-1].Line, m.Line, "line order")
		}
		assertOnlyLineDiffers(t, corpus, m)
	}
	assert.Len(t, ops, len(opOrder), "every operator appears in the corpus: %v", ops)
}

func TestUntouchedLinesNeverMutated(t *testing.T) {
	t.Parallel()
	base := corpus
	head := []byte(strings.Replace(string(corpus), "return c.n == 1", "return c.n <= 1", 1))
	changed := ChangedLines(map[string][]byte{"shop.go": base}, map[string][]byte{"shop.go": head})
	want := lineOf(t, head, "return c.n <= 1")
	require.Equal(t, map[string][]int{"shop.go": {want}}, changed)
	ms, err := Mutants("shop.go", head, changed["shop.go"], 0)
	require.NoError(t, err)
	require.Len(t, ms, 1)
	assert.Equal(t, want, ms[0].Line)
	assert.Equal(t, OpBoundary, ms[0].Operator)
}

func TestDeterministic(t *testing.T) {
	t.Parallel()
	head := map[string][]byte{"a/shop.go": corpus, "b/shop.go": corpus, "c/shop.go": corpus}
	changed := ChangedLines(nil, head)
	first, err := ForChange(head, changed, 10)
	require.NoError(t, err)
	for range 3 {
		again, err := ForChange(head, changed, 10)
		require.NoError(t, err)
		assert.Equal(t, first, again)
	}
}

func TestCapSpreadsOverFilesAndLines(t *testing.T) {
	t.Parallel()
	small := goFile("func f(a, b int) bool {", "\treturn a < b", "}")
	head := map[string][]byte{"a.go": corpus, "b.go": small, "c.go": corpus}
	changed := ChangedLines(nil, head)
	full, err := ForChange(head, changed, 0)
	require.NoError(t, err)
	perFile := map[string][]int{}
	for _, m := range full.Mutants {
		perFile[m.File] = append(perFile[m.File], m.Line)
	}
	require.Len(t, perFile["b.go"], 1)
	assert.Zero(t, full.Skipped)

	capped, err := ForChange(head, changed, 9)
	require.NoError(t, err)
	require.Len(t, capped.Mutants, 9)
	assert.Equal(t, len(full.Mutants)-9, capped.Skipped)
	got := map[string][]int{}
	for _, m := range capped.Mutants {
		got[m.File] = append(got[m.File], m.Line)
	}
	assert.Len(t, got["b.go"], 1, "the small file keeps its mutant")
	assert.Len(t, got["a.go"], 4, "the rest is shared")
	assert.Len(t, got["c.go"], 4)
	lines := perFile["a.go"]
	assert.Less(t, got["a.go"][0], lines[len(lines)/4], "picks start early in the file")
	assert.Greater(t, got["a.go"][3], lines[3*len(lines)/4], "and reach its end")

	one, err := Mutants("a.go", corpus, changed["a.go"], 2)
	require.NoError(t, err)
	assert.Len(t, one, 2, "Mutants honours max")
}

func TestSpread(t *testing.T) {
	t.Parallel()
	keys := func(counts ...int) []key {
		var out []key
		for f, n := range counts {
			for l := range n {
				out = append(out, key{fmt.Sprintf("f%d", f), l + 1})
			}
		}
		return out
	}
	tests := []struct {
		name string
		keys []key
		max  int
		want []int
	}{
		{"no cap", keys(3), 0, []int{0, 1, 2}},
		{"under the cap", keys(3), 5, []int{0, 1, 2}},
		{"even within a file", keys(10), 2, []int{2, 7}},
		{"shared between files", keys(4, 4), 2, []int{2, 6}},
		{"small file's leftover goes to others", keys(1, 6, 6), 5, []int{0, 2, 5, 8, 11}},
		{"more files than the cap", keys(1, 1, 1), 2, []int{1, 2}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			assert.Equal(t, tt.want, spread(tt.keys, tt.max))
		})
	}
}
