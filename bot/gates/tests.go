// Package gates holds the rules of autoverify's deterministic gates
// (../shared/spec/verification-gates.md): which tests a change adds, changes
// or weakens, how each gate's run is classified (accept, reject_vanity,
// reject_syntax, reject_failure), which test command and static checks
// the gates take (and the flags they read results by), and the variables
// gate commands may use. It reads source text and test results handed to
// it; running anything, or looking at a work tree, is the pipeline's job
// (integrations/gaterun). Pure: no I/O.
package gates

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"go/ast"
	"go/parser"
	"go/printer"
	"go/token"
	"path"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/engineo/autoverify/internal/lazyregexp"
)

// Ecosystem is a language whose test conventions the gates know.
type Ecosystem string

// The ecosystems.
const (
	Go     Ecosystem = "go"
	Python Ecosystem = "python"
)

// IsTestFile reports whether a repository path is a test file of eco by
// its conventions: Go's *_test.go; Python's test_*.py and *_test.py.
// extra are more glob patterns (path.Match, on the whole path or its base
// name) from .autoverify.yml.
func IsTestFile(eco Ecosystem, p string, extra []string) bool {
	base := path.Base(p)
	for _, g := range extra {
		if ok, _ := path.Match(g, p); ok {
			return true
		}
		if ok, _ := path.Match(g, base); ok {
			return true
		}
	}
	switch eco {
	case Go:
		return strings.HasSuffix(base, "_test.go")
	case Python:
		return strings.HasSuffix(base, ".py") && (strings.HasPrefix(base, "test_") || strings.HasSuffix(base, "_test.py"))
	}
	return false
}

// TestFunc is one test function of a test file.
type TestFunc struct {
	// Name is the test's name as the tool reports it: TestParse (Go), or
	// tests/test_x.py::test_y and tests/test_x.py::TestK::test_y (pytest).
	Name string
	// File is the test file it is in (repository path).
	File string
	// BodyHash identifies the function's code (formatting-insensitive for
	// Go); a different hash is a changed test.
	BodyHash string
	// Skipped is set when the function carries a skip marker (t.Skip,
	// @pytest.mark.skip, @unittest.skip, self.skipTest, pytest.skip).
	Skipped bool
	// Assertions counts assertion calls (t.Error/Fatal…, assert.…,
	// require.…; Python assert statements and self.assert…).
	Assertions int
}

// Funcs returns the test functions of a test file's source. A file that
// does not parse yields ok=false (reject_syntax territory).
func Funcs(eco Ecosystem, file string, src []byte) (funcs []TestFunc, ok bool) {
	switch eco {
	case Go:
		funcs, ok = goFuncs(src)
	case Python:
		funcs, ok = pythonFuncs(file, src), true
	}
	for i := range funcs {
		funcs[i].File = file
	}
	return funcs, ok
}

var goAssert = lazyregexp.New(`\b(?:t\.(?:Error|Errorf|Fatal|Fatalf|Fail|FailNow)|assert\.\w+|require\.\w+)\(`)
var goSkip = lazyregexp.New(`\b[tf]\.(?:Skip|Skipf|SkipNow)\(`)

// goFuncs lists Go's func TestXxx(t *testing.T) functions, fuzz targets
// and examples with an output comment (the tests go test runs); the body hash is
// over go/printer's formatting of the body, so reformatting is no change.
func goFuncs(src []byte) ([]TestFunc, bool) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "x_test.go", src, parser.ParseComments)
	if err != nil {
		return nil, false
	}
	var out []TestFunc
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Recv != nil || fd.Body == nil {
			continue
		}
		switch {
		case isGoTestName(fd.Name.Name), isGoTestFunc(fd, "Fuzz", "F"):
			// (go test runs a fuzz target's seed corpus as a test.)
			var body bytes.Buffer
			_ = printer.Fprint(&body, fset, fd.Body)
			text := body.String()
			out = append(out, TestFunc{Name: fd.Name.Name, BodyHash: hash(text),
				Skipped: goSkip().MatchString(text), Assertions: len(goAssert().FindAllString(text, -1))})
		case goTestName(fd.Name.Name, "Example"):
			if t, ok := goExample(fset, f, fd); ok {
				out = append(out, t)
			}
		}
	}
	return out, true
}

// goExample reads an example function as the test go test makes of it
// when it has an output comment ("// Output:", "// Unordered output:"):
// the comment is its expectation, so the body hash covers the comments
// (an edited expected output is an edited test), and the output comment
// is its one assertion (deleting it leaves an example go test compiles
// and never runs). One without an output comment is not run, not a test.
func goExample(fset *token.FileSet, f *ast.File, fd *ast.FuncDecl) (TestFunc, bool) {
	var comments []*ast.CommentGroup
	output := false
	for _, c := range f.Comments {
		if c.Pos() < fd.Body.Lbrace || c.End() > fd.Body.Rbrace {
			continue
		}
		comments = append(comments, c)
		text := strings.TrimSpace(c.Text())
		output = output || strings.HasPrefix(text, "Output:") || strings.HasPrefix(text, "Unordered output:")
	}
	if !output {
		return TestFunc{}, false
	}
	var body bytes.Buffer
	_ = printer.Fprint(&body, fset, &printer.CommentedNode{Node: fd.Body, Comments: comments})
	return TestFunc{Name: fd.Name.Name, BodyHash: hash(body.String()), Assertions: 1}, true
}

// isGoTestName is go test's rule: Test followed by nothing or a rune
// that is not lower case; TestMain is not a test.
func isGoTestName(name string) bool {
	return name != "TestMain" && goTestName(name, "Test")
}

// goTestName is go test's naming rule for prefix (Test, Benchmark).
func goTestName(name, prefix string) bool {
	rest, ok := strings.CutPrefix(name, prefix)
	if !ok {
		return false
	}
	r, _ := utf8.DecodeRuneInString(rest)
	return rest == "" || !unicode.IsLower(r)
}

var (
	pyDef        = lazyregexp.New(`^(\s*)(?:async\s+)?def\s+(test\w*)\s*\(`)
	pyClass      = lazyregexp.New(`^(\s*)class\s+(Test\w*)\b`)
	pySkipDecor  = lazyregexp.New(`^\s*@(?:pytest\.mark\.(?:skip|skipif|xfail)|unittest\.(?:skip|skipIf|skipUnless|expectedFailure))\b`)
	pySkipInBody = lazyregexp.New(`\b(?:pytest\.skip|self\.skipTest)\(`)
	pyAssert     = lazyregexp.New(`(?m)^\s*assert\b|\bself\.assert\w+\(|\bpytest\.raises\(`)
)

// pythonFuncs lists pytest-style tests by indentation: module-level
// test_* functions and test_* methods of Test* classes, named as pytest
// names them. It reads layout, not Python's grammar — good enough for test
// files, which are plain, and it never runs them. Decorator lines just
// above a def belong to it.
func pythonFuncs(file string, src []byte) []TestFunc {
	var out []TestFunc
	for _, sp := range pythonSpans(src) {
		// The decorators are part of the test: adding @pytest.mark.skip
		// changes it.
		body := strings.Join(sp.lines, "\n")
		name := file + "::" + sp.def
		if sp.class != "" {
			name = file + "::" + sp.class + "::" + sp.def
		}
		out = append(out, TestFunc{Name: name, BodyHash: hash(strings.TrimSpace(body)),
			Skipped: sp.skipped || pySkipInBody().MatchString(body), Assertions: len(pyAssert().FindAllString(body, -1))})
	}
	return out
}

// pySpan is one test function's lines (decorators included), [start, end).
type pySpan struct {
	class, def string
	start, end int
	skipped    bool
	lines      []string
}

// pythonSpans finds the test functions of a pytest file by indentation
// (see pythonFuncs).
func pythonSpans(src []byte) []pySpan {
	lines := pyLines(src)
	var out []pySpan
	class, classIndent := "", -1
	for i := 0; i < len(lines); i++ {
		l := lines[i]
		if pyBlank(l) {
			continue
		}
		if classIndent >= 0 && pyIndent(l) <= classIndent {
			class, classIndent = "", -1
		}
		if m := pyClass().FindStringSubmatch(l); m != nil && len(m[1]) == 0 {
			class, classIndent = m[2], 0
			continue
		}
		m := pyDef().FindStringSubmatch(l)
		if m == nil {
			continue
		}
		defIndent := len(m[1])
		if (class == "" && defIndent != 0) || (class != "" && defIndent <= classIndent) {
			continue
		}
		sp := pySpan{class: class, def: m[2], start: i}
		for j := i - 1; j >= 0 && strings.HasPrefix(strings.TrimSpace(lines[j]), "@"); j-- {
			sp.skipped = sp.skipped || pySkipDecor().MatchString(lines[j])
			sp.start = j
		}
		sp.end = i + 1
		for sp.end < len(lines) && (pyBlank(lines[sp.end]) || pyIndent(lines[sp.end]) > defIndent) {
			sp.end++
		}
		sp.lines = lines[sp.start:sp.end]
		out = append(out, sp)
		i = sp.end - 1
	}
	return out
}

func pyLines(src []byte) []string {
	return strings.Split(strings.ReplaceAll(string(src), "\r\n", "\n"), "\n")
}

func pyIndent(l string) int { return len(l) - len(strings.TrimLeft(l, " \t")) }

func pyBlank(l string) bool {
	t := strings.TrimSpace(l)
	return t == "" || strings.HasPrefix(t, "#")
}

func hash(s string) string {
	sum := sha256.Sum256([]byte(s))
	return hex.EncodeToString(sum[:8])
}

// Change is what a change did to the tests.
type Change struct {
	// Added are tests new at head; Changed existed on the base with
	// another body. Both are what the change claims proves it: RED and
	// GREEN run them.
	Added, Changed []string
	// Untouched existed on the base with the same body: PASS_TO_PASS
	// candidates, even in a file the change touched.
	Untouched []string
	// Data are untouched tests the change reaches through data they read
	// (ClaimData): claimed like the added and changed ones. Compare leaves
	// it empty; the caller, who sees the files, fills it.
	Data []string
	// Tampered existed on the base and were weakened: deleted, newly
	// skipped, or changed with fewer assertions. Each is listed with why.
	Tampered []Tamper
}

// Tamper is one weakened test.
type Tamper struct {
	Test string `json:"test"`
	// How is "deleted", "skipped" or "assertions removed (n → m)".
	How string `json:"how"`
}

// Compare diffs the test functions of the base and the head (all test
// files of each, by test name).
func Compare(base, head []TestFunc) Change {
	b := map[string]TestFunc{}
	for _, f := range base {
		b[f.Name] = f
	}
	h := map[string]TestFunc{}
	for _, f := range head {
		h[f.Name] = f
	}
	var c Change
	for _, f := range head {
		old, ok := b[f.Name]
		switch {
		case !ok:
			c.Added = append(c.Added, f.Name)
		case old.BodyHash == f.BodyHash:
			c.Untouched = append(c.Untouched, f.Name)
		default:
			c.Changed = append(c.Changed, f.Name)
			switch {
			case f.Skipped && !old.Skipped:
				c.Tampered = append(c.Tampered, Tamper{f.Name, "skipped"})
			case f.Assertions < old.Assertions:
				c.Tampered = append(c.Tampered, Tamper{f.Name, "assertions removed (" + strconv.Itoa(old.Assertions) + " → " + strconv.Itoa(f.Assertions) + ")"})
			}
		}
	}
	for _, f := range base {
		if _, ok := h[f.Name]; !ok {
			c.Tampered = append(c.Tampered, Tamper{f.Name, "deleted"})
		}
	}
	sort.Strings(c.Added)
	sort.Strings(c.Changed)
	sort.Strings(c.Untouched)
	sort.Slice(c.Tampered, func(i, j int) bool { return c.Tampered[i].Test < c.Tampered[j].Test })
	return c
}
