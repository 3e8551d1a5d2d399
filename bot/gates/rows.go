package gates

import (
	"go/ast"
	"go/parser"
	"go/scanner"
	"go/token"
	"path"
	"strconv"
	"strings"
)

// AppendsRows reports whether Go test function name's version in head
// (a test file's source) differs from its version in base only by rows
// added at the end of a table it loops over — the most common way a fix
// brings its failing case: a new row in an existing table test.
//
// Then the base version, run at head's code, is the head version's run
// cut short: the same statements, over the same first rows, in the same
// order, before any added row runs. So when the head version passes at
// head, so does the base version, and REFACTOR need not compile and run
// it (F). That holds only while nothing an added row does can reach a row
// before it or a check after the loop, so everything below must hold:
//
//   - the table is a slice or array literal, declared in the function's
//     body and read once, by a for-range loop that is the body's last
//     statement and uses no index (for _, tt := range tests), or is that
//     loop's range expression itself;
//   - the loop assigns to, or takes the address of, no variable declared
//     outside it, and the function has no defer, goroutine, t.Cleanup or
//     t.Parallel (whose work runs after the loop, beside or after later
//     rows), nor hands its *testing.T to any code but testify's
//     assertions (the repository's own helper could register a cleanup
//     that a later row's turn disarms);
//   - the rows added are values that run no code when the table is built:
//     literals, names, field selections, operators, composite literals,
//     function literals (run only in their own row's turn) and
//     conversions to a built-in or literal type.
//
// A row changing package-level state that an earlier row's check reads is
// out of reach, as for any new test (the README's "What REFACTOR cannot
// see"): an earlier row has already run by then.
func AppendsRows(base, head []byte, name string, declared map[string]bool) bool {
	b, h := goFunc(base, name), goFunc(head, name)
	if b.fn == nil || h.fn == nil || len(b.fn.Body.List) != len(h.fn.Body.List) || !safeLoopFunc(h.fn) || !keepsT(h.fn, h.imports) {
		return false
	}
	bf, hf := b.fn, h.fn
	for i, hs := range hf.Body.List {
		htab, loop := tableOf(hf, i, hs)
		if htab == nil {
			continue
		}
		btab, _ := tableOf(bf, i, bf.Body.List[i])
		if btab == nil || len(btab.Elts) == 0 || len(btab.Elts) >= len(htab.Elts) || !safeLoop(loop) {
			return false
		}
		added := htab.Elts[len(btab.Elts):]
		for _, e := range added {
			if !inert(e, h.imports, declared) {
				return false
			}
		}
		cut := [2]token.Pos{htab.Elts[len(btab.Elts)-1].End(), added[len(added)-1].End()}
		return sameTokens(b, h, &cut)
	}
	return false
}

// goFunc is the function name (no receiver) of a Go source; its fn is
// nil when the source does not parse or has none.
func goFunc(src []byte, name string) goSource {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "x_test.go", src, 0)
	if err != nil {
		return goSource{}
	}
	imports := map[string]string{}
	for _, is := range f.Imports {
		p, err := strconv.Unquote(is.Path.Value)
		if err != nil {
			return goSource{}
		}
		n := path.Base(p)
		if is.Name != nil {
			n = is.Name.Name
		}
		imports[n] = p
	}
	for _, d := range f.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok && fd.Recv == nil && fd.Body != nil && fd.Name.Name == name {
			return goSource{fn: fd, file: fset.File(fd.Pos()), src: src, imports: imports}
		}
	}
	return goSource{}
}

// tableOf is the table statement i of fd's body declares or loops over,
// and the loop that reads it (nil, nil when it is no table). The loop must
// be the body's last statement, and a declared table read nowhere else.
func tableOf(fd *ast.FuncDecl, i int, s ast.Stmt) (*ast.CompositeLit, *ast.RangeStmt) {
	list := fd.Body.List
	last, _ := list[len(list)-1].(*ast.RangeStmt)
	if last == nil {
		return nil, nil
	}
	if i == len(list)-1 {
		if t := sliceLit(last.X); t != nil {
			return t, last
		}
		return nil, nil
	}
	var id *ast.Ident
	var val ast.Expr
	switch s := s.(type) {
	case *ast.AssignStmt:
		if s.Tok != token.DEFINE || len(s.Lhs) != 1 || len(s.Rhs) != 1 {
			return nil, nil
		}
		id, _ = s.Lhs[0].(*ast.Ident)
		val = s.Rhs[0]
	case *ast.DeclStmt:
		g, _ := s.Decl.(*ast.GenDecl)
		if g == nil || g.Tok != token.VAR || len(g.Specs) != 1 {
			return nil, nil
		}
		vs, _ := g.Specs[0].(*ast.ValueSpec)
		if vs == nil || len(vs.Names) != 1 || len(vs.Values) != 1 {
			return nil, nil
		}
		id, val = vs.Names[0], vs.Values[0]
	}
	t := sliceLit(val)
	if id == nil || t == nil {
		return nil, nil
	}
	if x, ok := last.X.(*ast.Ident); !ok || x.Name != id.Name || uses(fd.Body, id.Name) != 2 {
		return nil, nil // declared, and read once: by the loop
	}
	return t, last
}

// sliceLit is e when it is a slice or array literal.
func sliceLit(e ast.Expr) *ast.CompositeLit {
	c, ok := e.(*ast.CompositeLit)
	if !ok {
		return nil
	}
	if _, ok := c.Type.(*ast.ArrayType); !ok {
		return nil
	}
	return c
}

// uses counts the identifiers named name in n.
func uses(n ast.Node, name string) int {
	k := 0
	ast.Inspect(n, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && id.Name == name {
			k++
		}
		return true
	})
	return k
}

// safeLoopFunc: nothing in fd runs after the loop or beside its rows.
func safeLoopFunc(fd *ast.FuncDecl) bool {
	ok := true
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.DeferStmt, *ast.GoStmt:
			ok = false
		case *ast.SelectorExpr:
			if n.Sel.Name == "Cleanup" || n.Sel.Name == "Parallel" {
				ok = false
			}
		}
		return ok
	})
	return ok
}

// keepsT: fn's *testing.T values (its parameter, t.Run's) are used only
// to call their own methods, or given to testify's assert and require,
// whose code is not the change's.
func keepsT(fn *ast.FuncDecl, imports map[string]string) bool {
	ts := map[*ast.Object]bool{}
	ast.Inspect(fn, func(n ast.Node) bool {
		var params *ast.FieldList
		switch n := n.(type) {
		case *ast.FuncDecl:
			params = n.Type.Params
		case *ast.FuncLit:
			params = n.Type.Params
		}
		if params != nil {
			for _, f := range params.List {
				if isTestingT(f.Type) {
					for _, id := range f.Names {
						ts[id.Obj] = true
					}
				}
			}
		}
		return true
	})
	ok := true
	var stack []ast.Node
	ast.Inspect(fn.Body, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return false
		}
		if id, isID := n.(*ast.Ident); isID && id.Obj != nil && ts[id.Obj] && len(stack) > 0 {
			switch parent := stack[len(stack)-1].(type) {
			case *ast.Field: // its declaration, a t.Run function's parameter
			case *ast.SelectorExpr:
				ok = ok && parent.X == id
			case *ast.CallExpr:
				ok = ok && assertion(parent.Fun, imports)
			default:
				ok = false
			}
		}
		stack = append(stack, n)
		return ok
	})
	return ok
}

// isTestingT: e is *testing.T.
func isTestingT(e ast.Expr) bool {
	star, ok := e.(*ast.StarExpr)
	if !ok {
		return false
	}
	sel, ok := star.X.(*ast.SelectorExpr)
	if !ok {
		return false
	}
	pkg, ok := sel.X.(*ast.Ident)
	return ok && pkg.Name == "testing" && sel.Sel.Name == "T"
}

// assertion: f is a function of testify's assert or require.
func assertion(f ast.Expr, imports map[string]string) bool {
	sel, ok := f.(*ast.SelectorExpr)
	if !ok {
		return false
	}
	pkg, ok := sel.X.(*ast.Ident)
	if !ok || pkg.Obj != nil {
		return false
	}
	p := imports[pkg.Name]
	return p == "github.com/stretchr/testify/assert" || p == "github.com/stretchr/testify/require"
}

// safeLoop: the loop uses no index and its rows share no variable of the
// function's (none assigned or taken the address of from inside it).
func safeLoop(loop *ast.RangeStmt) bool {
	if k, ok := loop.Key.(*ast.Ident); loop.Key != nil && (!ok || k.Name != "_") {
		return false
	}
	inside := func(e ast.Expr) bool {
		for {
			switch x := e.(type) {
			case *ast.Ident:
				if x.Obj == nil {
					return x.Name == "_" // package-level or unknown: outside
				}
				p := declPos(x.Obj)
				return p >= loop.Pos() && p < loop.End()
			case *ast.SelectorExpr:
				e = x.X
			case *ast.IndexExpr:
				e = x.X
			case *ast.StarExpr:
				return false // through a pointer: anywhere
			case *ast.ParenExpr:
				e = x.X
			default:
				return false
			}
		}
	}
	ok := true
	ast.Inspect(loop.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			if n.Tok != token.DEFINE {
				for _, l := range n.Lhs {
					ok = ok && inside(l)
				}
			}
		case *ast.IncDecStmt:
			ok = ok && inside(n.X)
		case *ast.UnaryExpr:
			if n.Op == token.AND {
				_, lit := n.X.(*ast.CompositeLit)
				ok = ok && (lit || inside(n.X))
			}
		}
		return ok
	})
	return ok
}

// declPos is where obj is declared (NoPos when unknown).
func declPos(obj *ast.Object) token.Pos {
	if n, ok := obj.Decl.(ast.Node); ok {
		return n.Pos()
	}
	return token.NoPos
}

// inert: building e runs no code (see AppendsRows). imports are the
// file's; declared, the package-level names of its package, which may
// shadow a built-in function or type.
func inert(e ast.Expr, imports map[string]string, declared map[string]bool) bool {
	ok := true
	ast.Inspect(e, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false // its body runs in its row's turn, not now
		case *ast.CallExpr:
			ok = ok && pureCall(n, imports, declared)
		case *ast.UnaryExpr:
			// A receive runs other code first; an address can be written
			// through (except a new composite literal's).
			_, lit := n.X.(*ast.CompositeLit)
			ok = ok && n.Op != token.ARROW && (n.Op != token.AND || lit)
		case *ast.IndexExpr, *ast.IndexListExpr, *ast.SliceExpr, *ast.StarExpr, *ast.TypeAssertExpr:
			ok = false // a map or a pointer read may be a function's state; keep to plain values
		}
		return ok
	})
	return ok
}

// pureCall: c is a conversion to a built-in or literal type, a call of a
// built-in that changes nothing, or of a standard-library function that
// neither changes state nor calls back (pureFuncs); and it is given no
// function literal to call. A built-in's name the package declares is
// the package's own.
func pureCall(c *ast.CallExpr, imports map[string]string, declared map[string]bool) bool {
	for _, a := range c.Args {
		if _, fn := a.(*ast.FuncLit); fn {
			return false
		}
	}
	switch f := c.Fun.(type) {
	case *ast.ArrayType, *ast.MapType, *ast.ChanType, *ast.FuncType, *ast.InterfaceType, *ast.StructType:
		return len(c.Args) == 1
	case *ast.Ident:
		return f.Obj == nil && !declared[f.Name] && (builtinTypes[f.Name] && len(c.Args) == 1 || pureBuiltins[f.Name])
	case *ast.SelectorExpr:
		pkg, ok := f.X.(*ast.Ident)
		if !ok || pkg.Obj != nil {
			return false
		}
		p, imported := imports[pkg.Name]
		allowed, known := pureFuncs[p]
		return imported && known && (allowed == nil || allowed[f.Sel.Name]) &&
			!strings.HasSuffix(f.Sel.Name, "Func") && f.Sel.Name != "Map"
	}
	return false
}

var builtinTypes = map[string]bool{"bool": true, "byte": true, "complex64": true, "complex128": true, "error": true,
	"float32": true, "float64": true, "int": true, "int8": true, "int16": true, "int32": true, "int64": true, "rune": true,
	"string": true, "uint": true, "uint8": true, "uint16": true, "uint32": true, "uint64": true, "uintptr": true, "any": true}

// pureBuiltins change nothing they are given (append may write into its
// argument's array; copy, clear and delete do).
var pureBuiltins = map[string]bool{"complex": true, "real": true, "imag": true, "len": true, "cap": true,
	"min": true, "max": true, "new": true, "make": true}

// pureFuncs are standard-library packages whose functions (nil: all; else
// those named) change no state and call no method of what they are given
// (fmt's do: String, Error); a function taking a function (…Func, Map)
// is refused by its name.
var pureFuncs = map[string]map[string]bool{
	"math": nil, "math/bits": nil, "math/cmplx": nil, "strings": nil, "bytes": nil, "strconv": nil,
	"unicode": nil, "unicode/utf8": nil, "path": nil,
	"errors":  {"New": true},
	"reflect": {"TypeOf": true, "ValueOf": true},
	"time": {"Date": true, "Unix": true, "UnixMilli": true, "UnixMicro": true, "Duration": true, "Month": true,
		"Weekday": true, "ParseDuration": true, "FixedZone": true},
}

// PackageNames are the names Go sources (one package's files) declare at
// their top level; ok is false when one does not parse.
func PackageNames(srcs ...[]byte) (names map[string]bool, ok bool) {
	names = map[string]bool{}
	for _, src := range srcs {
		f, err := parser.ParseFile(token.NewFileSet(), "x.go", src, parser.SkipObjectResolution)
		if err != nil {
			return nil, false
		}
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if d.Recv == nil {
					names[d.Name.Name] = true
				}
			case *ast.GenDecl:
				for _, sp := range d.Specs {
					switch sp := sp.(type) {
					case *ast.TypeSpec:
						names[sp.Name.Name] = true
					case *ast.ValueSpec:
						for _, n := range sp.Names {
							names[n.Name] = true
						}
					}
				}
			}
		}
	}
	return names, true
}

// goSource is one function of a parsed Go file, with its source.
type goSource struct {
	fn   *ast.FuncDecl
	file *token.File
	src  []byte
	// imports are the file's import paths by the name they are used
	// under.
	imports map[string]string
}

// sameTokens: a's function and b's, with b's tokens between the offsets
// of cut left out, are the same tokens (comments and layout aside).
func sameTokens(a, b goSource, cut *[2]token.Pos) bool {
	at, bt := a.tokens(nil), b.tokens(cut)
	if len(at) != len(bt) {
		return false
	}
	for i := range at {
		if at[i] != bt[i] {
			return false
		}
	}
	return true
}

type tok struct {
	t   token.Token
	lit string
}

// tokens are the function's tokens outside cut (nil: none). An inserted
// semicolon and a written one are the same token.
func (g goSource) tokens(cut *[2]token.Pos) []tok {
	from, to := g.file.Offset(g.fn.Pos()), g.file.Offset(g.fn.End())
	skipFrom, skipTo := -1, -1
	if cut != nil {
		skipFrom, skipTo = g.file.Offset(cut[0]), g.file.Offset(cut[1])
	}
	span := g.src[from:to]
	fset := token.NewFileSet()
	var s scanner.Scanner
	s.Init(fset.AddFile("", -1, len(span)), span, nil, 0)
	var out []tok
	for {
		pos, t, lit := s.Scan()
		if t == token.EOF {
			return out
		}
		if off := from + int(pos) - 1; off >= skipFrom && off < skipTo {
			continue
		}
		if t == token.SEMICOLON {
			lit = ""
		}
		out = append(out, tok{t, lit})
	}
}
