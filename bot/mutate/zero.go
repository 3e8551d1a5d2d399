package mutate

import (
	"go/ast"
	"go/token"
)

// zeroResults builds the zero values of a function's declared results, one
// per result, placed at pos so the printer keeps them on the return's line.
// It reports false when any result type is one whose zero value cannot be
// written without type information (an imported named type, a type
// parameter, a type declared in another file): a zero_return mutant that
// does not compile would only be noise.
func (c *collector) zeroResults(results *ast.FieldList, typeParams map[string]bool, pos token.Pos) ([]ast.Expr, bool) {
	var out []ast.Expr
	for _, f := range results.List {
		z, ok := c.zero(f.Type, typeParams, pos, 0)
		if !ok {
			return nil, false
		}
		for range max(1, len(f.Names)) {
			out = append(out, z)
		}
	}
	return out, len(out) > 0
}

func (c *collector) zero(t ast.Expr, typeParams map[string]bool, pos token.Pos, depth int) (ast.Expr, bool) {
	if depth > 8 {
		return nil, false // a cycle of type declarations; not valid Go anyway
	}
	switch t := t.(type) {
	case *ast.ParenExpr:
		return c.zero(t.X, typeParams, pos, depth+1)
	case *ast.StarExpr, *ast.MapType, *ast.ChanType, *ast.FuncType, *ast.InterfaceType:
		return &ast.Ident{NamePos: pos, Name: "nil"}, true
	case *ast.ArrayType:
		if t.Len == nil {
			return &ast.Ident{NamePos: pos, Name: "nil"}, true
		}
	case *ast.Ident:
		return c.zeroNamed(t.Name, typeParams, pos, depth)
	}
	return nil, false
}

// zeroNamed handles a type written as a bare name: a predeclared type, or
// a type declared in this file, whose zero value follows from its
// underlying type (0 and "" convert to named numeric and string types;
// structs and arrays need T{}).
func (c *collector) zeroNamed(name string, typeParams map[string]bool, pos token.Pos, depth int) (ast.Expr, bool) {
	if typeParams[name] {
		return nil, false
	}
	switch name {
	case "int", "int8", "int16", "int32", "int64", "uint", "uint8", "uint16", "uint32", "uint64",
		"uintptr", "byte", "rune", "float32", "float64", "complex64", "complex128":
		return &ast.BasicLit{ValuePos: pos, Kind: token.INT, Value: "0"}, true
	case "string":
		return &ast.BasicLit{ValuePos: pos, Kind: token.STRING, Value: `""`}, true
	case "bool":
		return &ast.Ident{NamePos: pos, Name: "false"}, true
	case "error", "any":
		return &ast.Ident{NamePos: pos, Name: "nil"}, true
	}
	spec, ok := c.types[name]
	if !ok || spec.TypeParams != nil {
		return nil, false
	}
	switch u := spec.Type.(type) {
	case *ast.StructType:
		return &ast.CompositeLit{Type: &ast.Ident{NamePos: pos, Name: name}, Lbrace: pos, Rbrace: pos}, true
	case *ast.ArrayType:
		if u.Len != nil {
			return &ast.CompositeLit{Type: &ast.Ident{NamePos: pos, Name: name}, Lbrace: pos, Rbrace: pos}, true
		}
	}
	return c.zero(spec.Type, nil, pos, depth+1)
}
