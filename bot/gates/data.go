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

// DataChanged reports whether a test file changed outside its test
// functions — a table, a helper, a constant the tests read — imports,
// comments, formatting and (Go) benchmarks aside. A file that does not
// parse is not data (the gates reject it as a syntax error).
func DataChanged(eco Ecosystem, base, head []byte) bool {
	switch eco {
	case Go:
		b, okB := goData(base)
		h, okH := goData(head)
		return okB && okH && b != h
	case Python:
		return pythonData(base) != pythonData(head)
	}
	return false
}

// goData prints a Go test file's declarations other than imports, test
// functions and benchmarks (by go test's own rule: name and signature),
// without comments — but with its package clause and its directives
// (//go:build, // +build, //go:embed and the other //go: lines), which
// decide what compiles and runs as much as a declaration does.
func goData(src []byte) (string, bool) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "x_test.go", src, parser.ParseComments)
	if err != nil {
		return "", false
	}
	var buf bytes.Buffer
	buf.WriteString("package " + f.Name.Name + "\n")
	for _, cg := range f.Comments {
		for _, c := range cg.List {
			if strings.HasPrefix(c.Text, "//go:") || strings.HasPrefix(c.Text, "// +build") {
				buf.WriteString(c.Text + "\n")
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
			if isGoTestFunc(d, "Test", "T") || isGoTestFunc(d, "Benchmark", "B") {
				continue
			}
			d.Doc = nil
		}
		_ = printer.Fprint(&buf, fset, d)
		buf.WriteByte('\n')
	}
	return buf.String(), true
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
// helper modules).
func IsTestData(eco Ecosystem, p string) bool {
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
