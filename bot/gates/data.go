package gates

import (
	"bytes"
	"go/ast"
	"go/parser"
	"go/printer"
	"go/token"
	"path"
	"sort"
	"strings"
)

// Tests are often data: a new entry in a table that an unchanged test
// function ranges over (toml's metaTests), a golden file under testdata/
// that an unchanged TestDiff reads (go-cmp). Such a change touches no test
// function, yet it is the change's test. ClaimData finds the tests it
// reaches, so RED can run them on the base like new ones.

// BasePackage is what the gates know of a test file's Go package on the
// base beyond the file itself.
type BasePackage struct {
	// Std says whether an import path is the standard library's (nil:
	// none is).
	Std func(path string) bool
	// Taken says whether the package declared a name at its top level on
	// the base, in any of its files (nil: none); a declaration the change
	// adds under such a name takes over what old tests call (a function
	// moved from the code into a test file).
	Taken func(name string) bool
}

// DataChanged reports whether a test file changed outside its test
// functions — a table, a helper, a constant the tests read — imports,
// comments, formatting and (Go) benchmarks aside, and (Go) declarations
// added that no old test can read (see goTopChanged). A file that does not
// parse is not data (the gates reject it as a syntax error).
func DataChanged(eco Ecosystem, base, head []byte, pkg BasePackage) bool {
	switch eco {
	case Go:
		changed, ok := goTopChanged(base, head, pkg.Taken)
		return ok && changed
	case Python:
		return pythonData(base) != pythonData(head)
	}
	return false
}

// goTopChanged reports whether a Go test file's top level at head differs
// from the base's (nil: a new file, which had none) in a way that can
// change what a test the change did not edit does: its package clause or
// directives, or a declaration other than an import, test or benchmark
// removed, changed or added — except an added one that runs no code of
// its own and that no old test can name (harmlessAddition): a new helper
// type, its methods, a function or a constant, under a name that is not
// predeclared nor taken (declared by the package on the base). ok is
// false when a file does not parse.
func goTopChanged(base, head []byte, taken func(string) bool) (changed, ok bool) {
	hh, hd, ok := goTop(head)
	if !ok {
		return false, false
	}
	bh, bd := hh[:strings.IndexByte(hh, '\n')+1], []goDecl(nil) // a new file: its package clause
	if base != nil {
		if bh, bd, ok = goTop(base); !ok {
			return false, false
		}
	}
	if bh != hh {
		return true, true
	}
	left := map[string]int{}
	for _, d := range hd {
		left[d.text]++
	}
	for _, d := range bd {
		if left[d.text] == 0 {
			return true, true // removed or changed
		}
		left[d.text]--
	}
	newTypes := map[string]bool{}
	var added []ast.Decl
	for _, d := range hd {
		if left[d.text] > 0 {
			left[d.text]--
			added = append(added, d.node)
			if g, isGen := d.node.(*ast.GenDecl); isGen && g.Tok == token.TYPE {
				for _, sp := range g.Specs {
					if ts := sp.(*ast.TypeSpec); !ts.Assign.IsValid() {
						newTypes[ts.Name.Name] = true // an alias's methods are its target's
					}
				}
			}
		}
	}
	if taken == nil {
		taken = func(string) bool { return false }
	}
	for _, d := range added {
		if !harmlessAddition(d, newTypes, taken) {
			return true, true
		}
	}
	return false, true
}

// goDecl is one top-level declaration, printed without comments.
type goDecl struct {
	text string
	node ast.Decl
}

// goTop is a Go test file's header — its package clause and directives
// (//go:build, // +build, //go:embed and the other //go: lines), which
// decide what compiles and runs as much as a declaration does — and its
// declarations other than imports, test functions and benchmarks (by go
// test's own rule: name and signature).
func goTop(src []byte) (header string, decls []goDecl, ok bool) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "x_test.go", src, parser.ParseComments)
	if err != nil {
		return "", nil, false
	}
	var h strings.Builder
	h.WriteString("package " + f.Name.Name + "\n")
	for _, cg := range f.Comments {
		for _, c := range cg.List {
			if strings.HasPrefix(c.Text, "//go:") || strings.HasPrefix(c.Text, "// +build") {
				h.WriteString(c.Text + "\n")
			}
		}
	}
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.GenDecl:
			if d.Tok == token.IMPORT {
				continue
			}
		case *ast.FuncDecl:
			if isGoTestFunc(d, "Test", "T") || isGoTestFunc(d, "Benchmark", "B") || isGoTestFunc(d, "Fuzz", "F") {
				continue
			}
			d.Doc = nil
		}
		var buf bytes.Buffer
		_ = printer.Fprint(&buf, fset, d)
		decls = append(decls, goDecl{buf.String(), d})
	}
	return h.String(), decls, true
}

// harmlessAddition: an added declaration that runs no code of its own
// and that no test written before it can reach: a function (not init, not
// TestMain), a type or a constant whose names are neither predeclared (a
// new len would replace the built-in in every test of the package) nor
// taken on the base (a function moved from the code into a test file is
// what old tests call), or a method of a type the change adds (a method
// on an old type, or on an alias of one, could change how an old value
// prints or compares). A variable's initialiser runs.
func harmlessAddition(d ast.Decl, newTypes map[string]bool, taken func(string) bool) bool {
	free := func(n string) bool { return n != "_" && !predeclared[n] && !taken(n) }
	switch d := d.(type) {
	case *ast.FuncDecl:
		if d.Recv != nil {
			return newTypes[receiverType(d.Recv.List[0].Type)]
		}
		n := d.Name.Name
		return n != "init" && n != "TestMain" && free(n)
	case *ast.GenDecl:
		if d.Tok != token.TYPE && d.Tok != token.CONST {
			return false
		}
		for _, n := range declNames(d) {
			if !free(n) {
				return false
			}
		}
		return true
	}
	return false
}

// declNames are the package-level names d declares: a function's (not a
// method's), or a type, constant or variable declaration's.
func declNames(d ast.Decl) []string {
	var out []string
	switch d := d.(type) {
	case *ast.FuncDecl:
		if d.Recv == nil {
			out = append(out, d.Name.Name)
		}
	case *ast.GenDecl:
		for _, sp := range d.Specs {
			switch sp := sp.(type) {
			case *ast.TypeSpec:
				out = append(out, sp.Name.Name)
			case *ast.ValueSpec:
				for _, n := range sp.Names {
					out = append(out, n.Name)
				}
			}
		}
	}
	return out
}

// receiverType is the name of a method's receiver type.
func receiverType(e ast.Expr) string {
	for {
		switch x := e.(type) {
		case *ast.StarExpr:
			e = x.X
		case *ast.ParenExpr:
			e = x.X
		case *ast.IndexExpr:
			e = x.X
		case *ast.IndexListExpr:
			e = x.X
		case *ast.Ident:
			return x.Name
		default:
			return ""
		}
	}
}

// predeclared are Go's predeclared identifiers.
var predeclared = map[string]bool{
	"any": true, "bool": true, "byte": true, "comparable": true, "complex64": true, "complex128": true, "error": true,
	"float32": true, "float64": true, "int": true, "int8": true, "int16": true, "int32": true, "int64": true,
	"rune": true, "string": true, "uint": true, "uint8": true, "uint16": true, "uint32": true, "uint64": true, "uintptr": true,
	"true": true, "false": true, "iota": true, "nil": true,
	"append": true, "cap": true, "clear": true, "close": true, "complex": true, "copy": true, "delete": true, "imag": true,
	"len": true, "make": true, "max": true, "min": true, "new": true, "panic": true, "print": true, "println": true,
	"real": true, "recover": true,
}

// isGoTestFunc reports whether fd is what go test runs as a test (prefix
// Test, param *testing.T) or a benchmark (Benchmark, *testing.B): a
// receiverless function whose name is prefix followed by nothing or a
// rune that is not lower case, taking one *testing.<param>. A helper
// named Benchmarkwant or TestHelper(x int) is not one.
func isGoTestFunc(fd *ast.FuncDecl, prefix, param string) bool {
	if fd.Recv != nil || !goTestName(fd.Name.Name, prefix) || fd.Type.Params == nil || len(fd.Type.Params.List) != 1 {
		return false
	}
	star, ok := fd.Type.Params.List[0].Type.(*ast.StarExpr)
	if !ok {
		return false
	}
	sel, ok := star.X.(*ast.SelectorExpr)
	return ok && sel.Sel.Name == param
}

// pythonData is a pytest file without its test functions, imports, blank
// lines and comments, each line trimmed.
func pythonData(src []byte) string {
	lines := pyLines(src)
	skip := make([]bool, len(lines))
	for _, sp := range pythonSpans(src) {
		for i := sp.start; i < sp.end; i++ {
			skip[i] = true
		}
	}
	var b strings.Builder
	for i, l := range lines {
		t := strings.TrimSpace(l)
		if skip[i] || pyBlank(l) || (pyIndent(l) == 0 && (strings.HasPrefix(t, "import ") || strings.HasPrefix(t, "from "))) {
			continue
		}
		b.WriteString(t)
		b.WriteByte('\n')
	}
	return b.String()
}

// IsTestData reports whether a repository path (not a test file) is data
// the tests read: Go's files under a testdata directory; for Python, any
// file under a tests, test or testdata directory (data files, conftest.py,
// helper modules), and a conftest.py anywhere (pytest loads it as a plugin
// of the tests below it: its fixtures and hooks run beside them).
func IsTestData(eco Ecosystem, p string) bool {
	if eco == Python && (path.Base(p) == "conftest.py" || IsPytestSettings(p)) {
		return true
	}
	dirs := strings.Split(path.Dir(p), "/")
	for _, d := range dirs {
		switch {
		case d == "testdata":
			return true
		case eco == Python && (d == "tests" || d == "test"):
			return true
		}
	}
	return false
}

// pytestConfigs are the files at a repository's root pytest reads its
// settings from, each with the section that holds them ("" for the whole
// file). The head's settings can load a plugin (-p), put a directory on
// the import path or deselect tests in every run, so a change to them is
// data of every test. The rest of the file (a version, dependencies) is
// not.
var pytestConfigs = map[string]string{"pytest.ini": "*", "tox.ini": "[pytest]", "setup.cfg": "[tool:pytest]", "pyproject.toml": "[tool.pytest"}

// IsPytestSettings reports whether repository path p is a root file
// pytest may read its settings from (see PytestSettings).
func IsPytestSettings(p string) bool { return pytestConfigs[p] != "" }

// PytestSettings is the part of a root configuration file p that holds
// pytest's settings (nil when p is none of pytestConfigs): the whole of
// pytest.ini; tox.ini's [pytest] and setup.cfg's [tool:pytest] sections;
// pyproject.toml's [tool.pytest…] tables.
func PytestSettings(p string, raw []byte) []byte {
	head := pytestConfigs[p]
	switch head {
	case "":
		return nil
	case "*":
		return raw
	}
	out := []byte{} // a file without pytest's settings has none to change
	in := false
	for _, l := range strings.SplitAfter(string(raw), "\n") {
		if t := strings.TrimSpace(l); strings.HasPrefix(t, "[") {
			in = strings.HasPrefix(t, head) && (head != "[tool.pytest" || t == "[tool.pytest]" || strings.HasPrefix(t, "[tool.pytest.") || strings.HasPrefix(t, "[[tool.pytest."))
		}
		if in {
			out = append(out, l...)
		}
	}
	return out
}

// ClaimData returns the tests a change reaches through data (sorted):
// every test function of the test files in changedFiles (those DataChanged
// says changed outside their functions) and, for each changed data file
// (IsTestData), the tests of its package — Go's directory above testdata/;
// for pytest the nearest directory above it that holds test files, its
// subdirectories included. funcs are the head's test functions.
func ClaimData(eco Ecosystem, changedFiles, changedData []string, funcs []TestFunc) []string {
	files := map[string]bool{}
	for _, f := range changedFiles {
		files[f] = true
	}
	var dirs []string
	for _, d := range changedData {
		if dir, ok := dataPackage(eco, d, funcs); ok {
			dirs = append(dirs, dir)
		}
	}
	var out []string
	seen := map[string]bool{}
	for _, f := range funcs {
		hit := files[f.File]
		for _, d := range dirs {
			fd := path.Dir(f.File)
			hit = hit || fd == d || (eco == Python && (d == "." || strings.HasPrefix(fd, d+"/")))
		}
		if hit && !seen[f.Name] {
			seen[f.Name] = true
			out = append(out, f.Name)
		}
	}
	sort.Strings(out)
	return out
}

// dataPackage is the directory whose tests read the data file p.
func dataPackage(eco Ecosystem, p string, funcs []TestFunc) (string, bool) {
	if eco == Go {
		parts := strings.Split(p, "/")
		for i, d := range parts {
			if d == "testdata" {
				return path.Join(append([]string{"."}, parts[:i]...)...), true
			}
		}
		return "", false
	}
	for d := path.Dir(p); ; d = path.Dir(d) {
		for _, f := range funcs {
			if fd := path.Dir(f.File); fd == d || d == "." || strings.HasPrefix(fd, d+"/") {
				return d, true
			}
		}
		if d == "." {
			return "", false
		}
	}
}

// PackageNames are the names Go sources (one package's files) declare at
// their top level (BasePackage.Taken); ok is false when one does not
// parse.
func PackageNames(srcs ...[]byte) (names map[string]bool, ok bool) {
	names = map[string]bool{}
	for _, src := range srcs {
		f, err := parser.ParseFile(token.NewFileSet(), "x.go", src, parser.SkipObjectResolution)
		if err != nil {
			return nil, false
		}
		for _, d := range f.Decls {
			for _, n := range declNames(d) {
				names[n] = true
			}
		}
	}
	return names, true
}
