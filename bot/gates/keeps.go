package gates

import (
	"go/parser"
	"go/token"
	"slices"
	"strconv"
	"strings"

	"github.com/engineo/autoverify/internal/lazyregexp"
)

// KeepsUnchangedTests reports whether a test file's version at head (nil:
// the file is gone) leaves every test it held on the base (nil: a new
// file) that the change did not edit the same program: nothing at the
// file's top level changed but its tests — no helper, table, init,
// variable, TestMain or fixture — and no import was removed or added that
// could run code of its own.
//
// REFACTOR runs the base's versions of the tests the change edited at
// head's code (F). An unedited test in a scope where every touched file
// keeps its unchanged tests is, at head, the program it was, so GREEN's
// result is its result there and F need not run it. What this refuses can
// change what an unedited test does without touching it: a helper it
// calls, a package-level name shadowing a predeclared one (Go: a new file
// joins its neighbours' package, so it may add only tests, benchmarks and
// standard-library imports), an init, a variable's initialiser, a blank
// import, a fixture or module-level statement, or a new test rebinding a
// name an old one uses (Python).
func KeepsUnchangedTests(eco Ecosystem, base, head []byte) bool {
	if head == nil {
		return false
	}
	switch eco {
	case Go:
		return goKeeps(base, head)
	case Python:
		return pythonKeeps(base, head)
	}
	return false
}

func goKeeps(base, head []byte) bool {
	hd, ok := goData(head)
	if !ok {
		return false
	}
	bd := ""
	if base != nil {
		if bd, ok = goData(base); !ok {
			return false
		}
	}
	if bd != hd {
		return false
	}
	bi, ok := goImports(base)
	if !ok {
		return false
	}
	hi, ok := goImports(head)
	if !ok {
		return false
	}
	for spec := range bi {
		if !hi[spec] {
			return false
		}
	}
	for spec := range hi {
		if !bi[spec] && !harmlessImport(spec) {
			return false
		}
	}
	return true
}

// goImports are a Go file's import specs as "NAME PATH" (NAME empty when
// the path's own name is used); nil source has none.
func goImports(src []byte) (map[string]bool, bool) {
	out := map[string]bool{}
	if src == nil {
		return out, true
	}
	f, err := parser.ParseFile(token.NewFileSet(), "x_test.go", src, parser.ImportsOnly)
	if err != nil {
		return nil, false
	}
	for _, is := range f.Imports {
		p, err := strconv.Unquote(is.Path.Value)
		if err != nil {
			return nil, false
		}
		name := ""
		if is.Name != nil {
			name = is.Name.Name
		}
		out[name+" "+p] = true
	}
	return out, true
}

// harmlessImport is an added import that cannot change an unedited test:
// a standard-library package (no dot in its first element) imported by
// name — not blank (for its init alone) nor dot (into the file's scope).
// A package of the module or of a dependency could be the change's own,
// with an init that does anything.
func harmlessImport(spec string) bool {
	name, p, _ := strings.Cut(spec, " ")
	first, _, _ := strings.Cut(p, "/")
	return name != "_" && name != "." && !strings.Contains(first, ".")
}

var pyWord = lazyregexp.New(`[A-Za-z_][A-Za-z0-9_]*`)

func pythonKeeps(base, head []byte) bool {
	if base == nil {
		return true // a new module: it held no tests on the base
	}
	if pythonData(base) != pythonData(head) || !slices.Equal(pyImports(base), pyImports(head)) {
		return false
	}
	words := map[string]bool{}
	for _, w := range pyWord().FindAllString(string(base), -1) {
		words[w] = true
	}
	had := map[string]bool{}
	classes := map[string]bool{}
	for _, f := range pythonFuncs("f", base) {
		had[f.Name] = true
		if parts := strings.Split(f.Name, "::"); len(parts) == 3 {
			classes[parts[1]] = true
		}
	}
	for _, f := range pythonFuncs("f", head) {
		if had[f.Name] {
			continue
		}
		parts := strings.Split(f.Name, "::")
		// A new test named like something of the base's (an imported
		// helper, a mixin's method) rebinds it for the old tests.
		if words[parts[len(parts)-1]] || (len(parts) == 3 && !classes[parts[1]] && words[parts[1]]) {
			return false
		}
	}
	return true
}

// pyImports are a pytest file's top-level import lines, sorted.
func pyImports(src []byte) []string {
	var out []string
	for _, l := range pyLines(src) {
		t := strings.TrimSpace(l)
		if pyIndent(l) == 0 && (strings.HasPrefix(t, "import ") || strings.HasPrefix(t, "from ")) {
			out = append(out, t)
		}
	}
	slices.Sort(out)
	return out
}
