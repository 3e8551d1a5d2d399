package mutate

import (
	"go/ast"
	"go/token"
	"strings"
)

// Arid code is code whose mutants tell nothing about the tests: breaking a
// log line or a declaration either cannot fail a test or fails the build.
// The collector does not descend into it, so an operator inside a logging
// call's arguments is never a site either.

// skipNode reports whether n and everything under it is arid.
func skipNode(n ast.Node) bool {
	switch n := n.(type) {
	case *ast.GenDecl:
		switch n.Tok {
		case token.IMPORT, token.CONST, token.TYPE:
			return true
		case token.VAR:
			return !hasCall(n)
		}
	case *ast.CallExpr:
		return isAridCall(n)
	}
	return false
}

// hasCall reports whether n contains a function call, the mark of a var
// declaration that does something when it runs.
func hasCall(n ast.Node) bool {
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		if _, ok := n.(*ast.CallExpr); ok {
			found = true
		}
		return !found
	})
	return found
}

// isAridCall reports logging and printing calls, and panics whose message
// is a constant (an assertion of the impossible, which no test reaches).
func isAridCall(call *ast.CallExpr) bool {
	switch fun := call.Fun.(type) {
	case *ast.Ident:
		switch fun.Name {
		case "print", "println":
			return true
		case "panic":
			return len(call.Args) == 1 && isStringLit(call.Args[0])
		}
	case *ast.SelectorExpr:
		if id, ok := fun.X.(*ast.Ident); ok && id.Name == "fmt" {
			return strings.HasPrefix(fun.Sel.Name, "Print")
		}
		if fun.Sel.Name == "Log" || fun.Sel.Name == "Logf" {
			return true // t.Log, b.Logf, tb.Log
		}
		return loggerChain(fun.X)
	}
	return false
}

// loggerChain reports whether a call's receiver chain (s.logger, log,
// logger.With(...)) goes through something named like a logger.
func loggerChain(x ast.Expr) bool {
	for {
		switch e := x.(type) {
		case *ast.Ident:
			return isLoggerName(e.Name)
		case *ast.SelectorExpr:
			if isLoggerName(e.Sel.Name) {
				return true
			}
			x = e.X
		case *ast.CallExpr:
			x = e.Fun
		default:
			return false
		}
	}
}

func isLoggerName(name string) bool {
	l := strings.ToLower(name)
	switch l {
	case "log", "slog", "klog", "glog", "logr", "zap":
		return true
	}
	return strings.HasSuffix(l, "logger")
}

func isStringLit(e ast.Expr) bool {
	lit, ok := e.(*ast.BasicLit)
	return ok && lit.Kind == token.STRING
}
