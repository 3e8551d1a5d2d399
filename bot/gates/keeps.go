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
// variable, TestMain or fixture — beyond what no old test can reach (Go:
// a new helper function, type or constant), and no import was removed or
// added that could run code of its own.
//
// REFACTOR runs the base's versions of the tests the change edited at
// head's code (F). An unedited test in a scope where every touched file
// keeps its unchanged tests is, at head, the program it was, so GREEN's
// result is its result there and F need not run it. What this refuses can
// change what an unedited test does without touching it: a helper it
// calls, a package-level name shadowing a predeclared one, a method added
// to an old type (Go: a new file joins its neighbours' package, so it may
// add only what an old file may: tests, benchmarks, new helper functions,
// types and constants, and standard-library imports), an init, a
// variable's initialiser, a blank import, a fixture or module-level
// statement, or a new test rebinding a name an old one uses (Python).
//
// pkg says which Go import paths are the standard library's (an added
// import of anything else could run the change's own init) and which
// names the package took on the base.
func KeepsUnchangedTests(eco Ecosystem, base, head []byte, pkg BasePackage) bool {
	if head == nil {
		return false
	}
	switch eco {
	case Go:
		return goKeeps(base, head, pkg)
	case Python:
		return pythonKeeps(base, head)
	}
	return false
}

func goKeeps(base, head []byte, pkg BasePackage) bool {
	if changed, ok := goTopChanged(base, head, pkg.Taken); !ok || changed {
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
		if !bi[spec] && !harmlessImport(spec, pkg.Std) {
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
// a standard-library package (std) imported by name — not blank (for its
// init alone) nor dot (into the file's scope). A package of the module or
// of a dependency could be the change's own, with an init that does
// anything — and a module's path need not have a dot (module calc).
func harmlessImport(spec string, std func(string) bool) bool {
	name, p, _ := strings.Cut(spec, " ")
	return name != "_" && name != "." && std != nil && std(p)
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
	hashes := map[string]string{}
	for _, f := range pythonFuncs("f", base) {
		hashes[f.Name] = f.BodyHash
	}
	for _, sp := range pythonSpans(head) {
		// A new or edited test's decorators and default arguments run when
		// the module is imported, whether the test runs or not.
		if name := pySpanName(sp); hashes[name] != pyHash(sp) && pyRunsAtImport(sp) {
			return false
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

// pyRunsAtImport reports whether a test's definition runs code when its
// module is imported: a decorator other than a bare @pytest.mark.NAME, a
// default argument, or an annotation (Python before 3.14 evaluates them
// with the def) other than a plain, possibly dotted, name.
func pyRunsAtImport(sp pySpan) bool {
	for _, l := range sp.lines {
		t := strings.TrimSpace(l)
		if strings.HasPrefix(t, "@") && !pyBareMark().MatchString(t) {
			return true
		}
		if strings.HasPrefix(t, "def ") || strings.HasPrefix(t, "async def ") {
			return pySignatureRuns(t)
		}
	}
	return false
}

// pySignatureRuns reports whether def line t evaluates anything but names:
// a default, or an annotation that is not a plain name. A signature that
// does not close on its line is read as code.
func pySignatureRuns(t string) bool {
	open, end := strings.IndexByte(t, '('), -1
	for i, depth := open, 0; open >= 0 && i < len(t) && end < 0; i++ {
		switch t[i] {
		case '(', '[':
			depth++
		case ')', ']':
			if depth--; depth == 0 {
				end = i
			}
		}
	}
	if end < 0 {
		return true
	}
	rest, _, _ := strings.Cut(t[end+1:], "#")
	rest, closed := strings.CutSuffix(strings.TrimSpace(rest), ":")
	params := t[open+1 : end]
	if !closed || strings.Contains(params, "=") {
		return true
	}
	for _, p := range strings.Split(params, ",") {
		if _, ann, ok := strings.Cut(p, ":"); ok && !pyPlainName().MatchString(strings.TrimSpace(ann)) {
			return true
		}
	}
	if rest = strings.TrimSpace(rest); rest == "" {
		return false
	}
	ann, ok := strings.CutPrefix(rest, "->")
	return !ok || !pyPlainName().MatchString(strings.TrimSpace(ann))
}

// pyPlainName is an annotation that only looks a name up (Path,
// pathlib.Path): no call, subscript or operator runs.
var pyPlainName = lazyregexp.New(`^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$`)

// pySpanName and pyHash are a span's name and body hash as pythonFuncs
// gives them for a file named "f".
func pySpanName(sp pySpan) string {
	if sp.class != "" {
		return "f::" + sp.class + "::" + sp.def
	}
	return "f::" + sp.def
}

func pyHash(sp pySpan) string { return hash(strings.TrimSpace(strings.Join(sp.lines, "\n"))) }

var pyBareMark = lazyregexp.New(`^@pytest\.mark\.\w+$`)

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
