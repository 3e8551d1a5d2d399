package gates

import (
	"bytes"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"path"
	"strconv"
	"strings"

	"github.com/engineo/autoverify/internal/lazyregexp"
)

// A Go package builds or fails as a whole: one new test that calls code
// the base lacks keeps every other new test of its package from running on
// the base, and a vanity test could hide behind it. PruneGo and MissingAt
// let RED drop just the tests that need the missing code and run the rest.

var goErrorLine = lazyregexp.New(`(?m)^(\S+\.go):(\d+):\d+: (.+)$`)

// MissingAt reads compiler errors that name something undefined (see
// BuildFailure) and returns, per file (slash path, as the go command
// printed it, without a leading "./"), the lines they are on.
func MissingAt(output string) map[string][]int {
	out := map[string][]int{}
	for _, m := range goErrorLine().FindAllStringSubmatch(output, -1) {
		if !missingSymbol().MatchString(m[3]) {
			continue
		}
		line, err := strconv.Atoi(m[2])
		if err != nil {
			continue
		}
		file := path.Clean(strings.TrimPrefix(m[1], "./"))
		out[file] = append(out[file], line)
	}
	return out
}

// PruneGo drops from a Go test file the top-level functions that span any
// of lines, and then the imports nothing uses any more. It returns the new
// source and the test functions dropped; ok is false when src does not
// parse.
func PruneGo(src []byte, lines []int) (pruned []byte, dropped []string, ok bool) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "x_test.go", src, parser.ParseComments)
	if err != nil {
		return nil, nil, false
	}
	decls, dropped := dropFuncsAt(fset, f.Decls, lines)
	if len(decls) == len(f.Decls) {
		return src, nil, true
	}
	f.Decls = decls
	// Comments of dropped functions would be reattached elsewhere by the
	// printer: keep only those above the package clause (build
	// constraints); the file only has to compile.
	f.Comments = headerComments(f)
	dropUnusedImports(f)
	var buf bytes.Buffer
	if err := format.Node(&buf, fset, f); err != nil {
		return nil, nil, false
	}
	return buf.Bytes(), dropped, true
}

// dropFuncsAt returns decls without the functions that span any of lines,
// and the names of the test functions among those dropped: the tests RED
// reports as not run on the base.
func dropFuncsAt(fset *token.FileSet, decls []ast.Decl, lines []int) (kept []ast.Decl, dropped []string) {
	hit := func(n ast.Node) bool {
		from, to := fset.Position(n.Pos()).Line, fset.Position(n.End()).Line
		for _, l := range lines {
			if l >= from && l <= to {
				return true
			}
		}
		return false
	}
	for _, d := range decls {
		if fd, isFunc := d.(*ast.FuncDecl); isFunc && hit(fd) {
			if fd.Recv == nil && isGoTestName(fd.Name.Name) {
				dropped = append(dropped, fd.Name.Name)
			}
			continue
		}
		kept = append(kept, d)
	}
	return kept, dropped
}

// headerComments are f's comments above the package clause.
func headerComments(f *ast.File) []*ast.CommentGroup {
	var header []*ast.CommentGroup
	for _, c := range f.Comments {
		if c.End() < f.Package {
			header = append(header, c)
		}
	}
	return header
}

// dropUnusedImports removes the imports whose name no selector in f uses
// any more, and the import declarations left empty: Go refuses to compile
// a file with an unused import. Blank, dot and unguessable imports stay.
func dropUnusedImports(f *ast.File) {
	used := selectorNames(f)
	for _, d := range f.Decls {
		gd, isGen := d.(*ast.GenDecl)
		if !isGen || gd.Tok != token.IMPORT {
			continue
		}
		var specs []ast.Spec
		for _, sp := range gd.Specs {
			is := sp.(*ast.ImportSpec)
			p, _ := strconv.Unquote(is.Path.Value)
			name := importName(p)
			if is.Name != nil {
				name = is.Name.Name
			}
			if name == "" || name == "_" || name == "." || used[name] {
				specs = append(specs, sp)
			}
		}
		gd.Specs = specs
	}
	var keep []ast.Decl
	for _, d := range f.Decls {
		if gd, isGen := d.(*ast.GenDecl); isGen && gd.Tok == token.IMPORT && len(gd.Specs) == 0 {
			continue
		}
		keep = append(keep, d)
	}
	f.Decls = keep
}

// selectorNames are the identifiers f uses as x in x.Sel: the package
// names its remaining code still refers to (and, harmlessly, variables).
func selectorNames(f *ast.File) map[string]bool {
	used := map[string]bool{}
	ast.Inspect(f, func(n ast.Node) bool {
		if sel, isSel := n.(*ast.SelectorExpr); isSel {
			if id, isID := sel.X.(*ast.Ident); isID {
				used[id.Name] = true
			}
		}
		return true
	})
	return used
}

var majorVersion = lazyregexp.New(`^v[0-9]+$`)

// importName guesses the package name of an import path: its last
// element, before a major version (/v2) or a gopkg.in suffix (yaml.v3).
// "" (unsure: a dash) keeps the import: a wrong guess only costs the
// pruning, never a wrong verdict.
func importName(p string) string {
	parts := strings.Split(p, "/")
	name := parts[len(parts)-1]
	if majorVersion().MatchString(name) && len(parts) > 1 {
		name = parts[len(parts)-2]
	}
	name, _, _ = strings.Cut(name, ".")
	if strings.Contains(name, "-") {
		return ""
	}
	return name
}

var (
	pyCannotImport = lazyregexp.New(`cannot import name '(\w+)' from '([\w.]+)'`)
	pyNoModule     = lazyregexp.New(`No module named '([\w.]+)'`)
	pyFromImport   = lazyregexp.New(`^from\s+([\w.]+)\s+import\s+([\w\s,]+?)\s*(#.*)?$`)
)

// PrunePython is PruneGo for a pytest module that does not import on the
// base (errText is pytest's collection error): the one-line
// `from M import a, b` statements that name what the base lacks lose those
// names, which become None, so the module imports, the tests that use them
// fail (red) and the others run. It returns the names it stubbed; ok is
// false when it changed nothing.
func PrunePython(src []byte, errText string) (pruned []byte, stubbed []string, ok bool) {
	missing := map[string]map[string]bool{} // module → names
	for _, m := range pyCannotImport().FindAllStringSubmatch(errText, -1) {
		if missing[m[2]] == nil {
			missing[m[2]] = map[string]bool{}
		}
		missing[m[2]][m[1]] = true
	}
	var gone []string
	for _, m := range pyNoModule().FindAllStringSubmatch(errText, -1) {
		gone = append(gone, m[1])
	}
	lines := strings.Split(string(src), "\n")
	for i, l := range lines {
		m := pyFromImport().FindStringSubmatch(l)
		if m == nil {
			continue
		}
		module := m[1]
		all := false
		for _, g := range gone {
			all = all || module == g || strings.HasPrefix(module, g+".")
		}
		var keep, stubs []string
		for _, part := range strings.Split(m[2], ",") {
			fields := strings.Fields(part)
			if len(fields) == 0 {
				continue
			}
			name, bound := fields[0], fields[len(fields)-1] // "a" or "a as b"
			if all || missing[module][name] {
				stubs = append(stubs, bound)
				continue
			}
			keep = append(keep, strings.Join(fields, " "))
		}
		if len(stubs) == 0 {
			continue
		}
		var repl []string
		if len(keep) > 0 {
			repl = append(repl, "from "+module+" import "+strings.Join(keep, ", "))
		}
		for _, s := range stubs {
			repl = append(repl, s+" = None  # autoverify: not on the base")
		}
		lines[i] = strings.Join(repl, "\n")
		stubbed = append(stubbed, stubs...)
	}
	if len(stubbed) == 0 {
		return src, nil, false
	}
	return []byte(strings.Join(lines, "\n")), stubbed, true
}
