package mutate

import (
	"go/ast"
	"go/token"
)

// opOrder is the priority of the operators on one line; a site's op is an
// index into it.
var opOrder = []string{
	OpNegateCondition, OpBoundary, OpFlipComparison, OpArithmetic,
	OpBoolean, OpZeroReturn, OpDeleteStatement,
}

// site is one place a mutation could be made: apply changes the syntax
// tree in place and undo restores it, so one parsed tree serves every
// mutant of a file.
type site struct {
	line  int
	op    int
	pos   token.Pos
	apply func()
	undo  func()
}

// swaps are the binary and assignment operators each operator replaces.
var swaps = map[token.Token]struct {
	to token.Token
	op int
}{
	token.LSS: {token.LEQ, 1}, token.LEQ: {token.LSS, 1},
	token.GTR: {token.GEQ, 1}, token.GEQ: {token.GTR, 1},
	token.EQL: {token.NEQ, 2}, token.NEQ: {token.EQL, 2},
	token.ADD: {token.SUB, 3}, token.SUB: {token.ADD, 3},
	token.MUL: {token.QUO, 3}, token.QUO: {token.MUL, 3},
	token.ADD_ASSIGN: {token.SUB_ASSIGN, 3}, token.SUB_ASSIGN: {token.ADD_ASSIGN, 3},
	token.MUL_ASSIGN: {token.QUO_ASSIGN, 3}, token.QUO_ASSIGN: {token.MUL_ASSIGN, 3},
	token.LAND: {token.LOR, 4}, token.LOR: {token.LAND, 4},
}

// collector walks one file and gathers the sites on the wanted lines.
type collector struct {
	fset  *token.FileSet
	want  map[int]bool
	types map[string]*ast.TypeSpec // type declarations of this file
	stack []ast.Node
	sites []site
}

func (c *collector) visit(n ast.Node) bool {
	if n == nil {
		c.stack = c.stack[:len(c.stack)-1]
		return false
	}
	if skipNode(n) {
		return false
	}
	switch n := n.(type) {
	case *ast.IfStmt:
		c.negate(n)
	case *ast.BinaryExpr:
		c.swapBinary(n)
	case *ast.AssignStmt:
		c.swapAssign(n)
	case *ast.ReturnStmt:
		c.zeroReturn(n)
	case *ast.BlockStmt:
		c.deletions(n.List)
	case *ast.CaseClause:
		c.deletions(n.Body)
	case *ast.CommClause:
		c.deletions(n.Body)
	}
	c.stack = append(c.stack, n)
	return true
}

// oneLine returns the line n sits on, or 0 when it spans several: a
// mutant must change exactly one line to be reported as that line's.
func (c *collector) oneLine(n ast.Node) int {
	start, end := c.fset.Position(n.Pos()).Line, c.fset.Position(n.End()).Line
	if start != end {
		return 0
	}
	return start
}

func (c *collector) add(line, op int, pos token.Pos, apply, undo func()) {
	if line > 0 && c.want[line] {
		c.sites = append(c.sites, site{line: line, op: op, pos: pos, apply: apply, undo: undo})
	}
}

func (c *collector) negate(n *ast.IfStmt) {
	cond := n.Cond
	neg := &ast.UnaryExpr{OpPos: cond.Pos(), Op: token.NOT,
		X: &ast.ParenExpr{Lparen: cond.Pos(), X: cond, Rparen: cond.End()}}
	c.add(c.oneLine(cond), 0, cond.Pos(), func() { n.Cond = neg }, func() { n.Cond = cond })
}

func (c *collector) swapBinary(n *ast.BinaryExpr) {
	s, ok := swaps[n.Op]
	if !ok || (s.op == 3 && (isStringLit(n.X) || isStringLit(n.Y))) {
		return // string concatenation has no arithmetic counterpart
	}
	orig := n.Op
	line := c.fset.Position(n.OpPos).Line
	c.add(line, s.op, n.OpPos, func() { n.Op = s.to }, func() { n.Op = orig })
}

func (c *collector) swapAssign(n *ast.AssignStmt) {
	s, ok := swaps[n.Tok]
	if !ok || (n.Tok == token.ADD_ASSIGN && isStringLit(n.Rhs[0])) {
		return
	}
	orig := n.Tok
	line := c.fset.Position(n.TokPos).Line
	c.add(line, s.op, n.TokPos, func() { n.Tok = s.to }, func() { n.Tok = orig })
}

// zeroReturn replaces the results of a return with the zero values of the
// enclosing function's declared result types.
func (c *collector) zeroReturn(n *ast.ReturnStmt) {
	line := c.oneLine(n)
	if line == 0 || !c.want[line] || len(n.Results) == 0 {
		return
	}
	ftype, typeParams := c.enclosingFunc()
	if ftype == nil || ftype.Results == nil {
		return
	}
	zeros, ok := c.zeroResults(ftype.Results, typeParams, n.Results[0].Pos())
	if !ok {
		return
	}
	orig := n.Results
	c.add(line, 5, n.Pos(), func() { n.Results = zeros }, func() { n.Results = orig })
}

// enclosingFunc finds the innermost function around the node being
// visited, and the names of the type parameters in scope, whose zero
// values cannot be written without type information.
func (c *collector) enclosingFunc() (*ast.FuncType, map[string]bool) {
	for i := len(c.stack) - 1; i >= 0; i-- {
		switch f := c.stack[i].(type) {
		case *ast.FuncLit:
			return f.Type, c.outerTypeParams(i)
		case *ast.FuncDecl:
			return f.Type, typeParamNames(f)
		}
	}
	return nil, nil
}

func (c *collector) outerTypeParams(below int) map[string]bool {
	for i := below - 1; i >= 0; i-- {
		if f, ok := c.stack[i].(*ast.FuncDecl); ok {
			return typeParamNames(f)
		}
	}
	return nil
}

func typeParamNames(f *ast.FuncDecl) map[string]bool {
	names := map[string]bool{}
	if f.Type.TypeParams != nil {
		for _, p := range f.Type.TypeParams.List {
			for _, n := range p.Names {
				names[n.Name] = true
			}
		}
	}
	if f.Recv != nil && len(f.Recv.List) > 0 {
		recv := f.Recv.List[0].Type
		if star, ok := recv.(*ast.StarExpr); ok {
			recv = star.X
		}
		var params []ast.Expr
		switch r := recv.(type) {
		case *ast.IndexExpr:
			params = []ast.Expr{r.Index}
		case *ast.IndexListExpr:
			params = r.Indices
		}
		for _, p := range params {
			if id, ok := p.(*ast.Ident); ok {
				names[id.Name] = true
			}
		}
	}
	return names
}

// deletions offers to delete each statement of a list whose only purpose
// is an effect: a call, an increment, an assignment to an existing
// variable. A declaration (:=) is kept, since deleting it cannot compile,
// and so is a block's only statement, whose deletion amounts to negating
// the construct that owns the block, which negate_condition covers.
func (c *collector) deletions(list []ast.Stmt) {
	if len(list) < 2 {
		return
	}
	for i, s := range list {
		switch s := s.(type) {
		case *ast.ExprStmt:
			if call, ok := s.X.(*ast.CallExpr); !ok || isAridCall(call) {
				continue
			}
		case *ast.IncDecStmt:
		case *ast.AssignStmt:
			if s.Tok == token.DEFINE || (allBlank(s.Lhs) && !hasCall(s)) {
				continue // a declaration, or _ = x, which only silences the compiler
			}
		default:
			continue
		}
		orig := list[i]
		empty := &ast.EmptyStmt{Semicolon: orig.Pos(), Implicit: true}
		c.add(c.oneLine(orig), 6, orig.Pos(), func() { list[i] = empty }, func() { list[i] = orig })
	}
}

func allBlank(exprs []ast.Expr) bool {
	for _, e := range exprs {
		if id, ok := e.(*ast.Ident); !ok || id.Name != "_" {
			return false
		}
	}
	return true
}
