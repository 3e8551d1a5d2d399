"""Python mutants for autoverify's mutation gate (VERIFY_MUTATE).

Reads {"path", "source", "lines"} as JSON on stdin and writes
{"mutants": [{"line", "operator", "mutated"}]} (or {"error"}) on stdout.
Embedded in the Go binary (bot/mutate) and run with `python3 -I -S` from an
empty directory: it imports only the standard library and never executes
the code it reads (ast.parse compiles nothing).

Mutants are made on the syntax tree: for each changed line the first node
that an operator applies to (operators in the gate's fixed order, then by
column) is rebuilt mutated, unparsed and spliced into the line at the
node's own column offsets. A mutant is kept only when the mutated file
parses to exactly the mutated tree and differs on that line alone, so no
text edit can change more than the node it meant to.
"""

import ast
import copy
import json
import sys

OPS = ["negate_condition", "boundary", "flip_comparison", "arithmetic",
       "boolean", "zero_return", "delete_statement"]

BOUNDARY = {ast.Lt: ast.LtE, ast.LtE: ast.Lt, ast.Gt: ast.GtE, ast.GtE: ast.Gt}
FLIP = {ast.Eq: ast.NotEq, ast.NotEq: ast.Eq, ast.Is: ast.IsNot,
        ast.IsNot: ast.Is, ast.In: ast.NotIn, ast.NotIn: ast.In}
ARITH = {ast.Add: ast.Sub, ast.Sub: ast.Add, ast.Mult: ast.Div, ast.Div: ast.Mult}
BOOL = {ast.And: ast.Or, ast.Or: ast.And}
LOGGERS = {"logging", "logger", "log", "_logger", "_log", "LOGGER", "LOG"}


def one_line(node):
    return node.lineno == node.end_lineno


def is_str(node):
    return isinstance(node, ast.JoinedStr) or (
        isinstance(node, ast.Constant) and isinstance(node.value, (str, bytes)))


def is_logging(call):
    """print(...), logging.x(...), logger.x(...), self.log.x(...): a
    broken log line fails no test, so its mutants say nothing."""
    f = call.func
    if isinstance(f, ast.Name):
        return f.id == "print"
    while isinstance(f, (ast.Attribute, ast.Call)):
        if isinstance(f, ast.Call):
            f = f.func
            continue
        if f.attr in LOGGERS:
            return True
        f = f.value
    return isinstance(f, ast.Name) and f.id in LOGGERS


def is_arid(node):
    """Code whose mutants tell nothing about the tests."""
    if isinstance(node, (ast.Import, ast.ImportFrom, ast.Pass)):
        return True
    if isinstance(node, ast.Expr):
        v = node.value
        return is_str(v) or (isinstance(v, ast.Call) and is_logging(v))
    if isinstance(node, ast.Raise):
        exc = node.exc
        if isinstance(exc, ast.Call):
            return all(is_str(a) or isinstance(a, ast.Constant) for a in exc.args)
        return exc is None or isinstance(exc, (ast.Name, ast.Attribute))
    if isinstance(node, ast.If):
        # if __name__ == "__main__": only runs as a script, never in a test
        t = node.test
        return (isinstance(t, ast.Compare) and isinstance(t.left, ast.Name)
                and t.left.id == "__name__")
    return False


def children(node):
    """The nodes to descend into: a def's or class's signature, bases and
    decorators are declarations, not behaviour, so only the body is."""
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        return node.body
    return list(ast.iter_child_nodes(node))


def swap_op(node, table, field="op"):
    new = copy.copy(node)
    setattr(new, field, table[type(getattr(node, field))]())
    return new


def sites(node):
    """(operator, anchor, replacement) for each way node can be mutated;
    anchor is the node whose text the replacement's unparse takes over."""
    out = []
    if isinstance(node, (ast.If, ast.While)) and one_line(node.test):
        out.append(("negate_condition", node.test, ast.UnaryOp(op=ast.Not(), operand=node.test)))
    if isinstance(node, ast.Compare):
        for i, op in enumerate(node.ops):
            for name, table in (("boundary", BOUNDARY), ("flip_comparison", FLIP)):
                if type(op) in table:
                    new = copy.copy(node)
                    new.ops = list(node.ops)
                    new.ops[i] = table[type(op)]()
                    out.append((name, node, new))
    if isinstance(node, ast.BinOp) and type(node.op) in ARITH:
        if not (isinstance(node.op, ast.Add) and (is_str(node.left) or is_str(node.right))):
            out.append(("arithmetic", node, swap_op(node, ARITH)))
    if isinstance(node, ast.AugAssign) and type(node.op) in ARITH:
        out.append(("arithmetic", node, swap_op(node, ARITH)))
    if isinstance(node, ast.BoolOp):
        out.append(("boolean", node, swap_op(node, BOOL)))
    if isinstance(node, ast.Return) and node.value is not None and not (
            isinstance(node.value, ast.Constant) and node.value.value is None):
        out.append(("zero_return", node, ast.Return(value=ast.Constant(value=None))))
    if (isinstance(node, ast.Expr) and isinstance(node.value, ast.Call)) or isinstance(node, ast.AugAssign):
        out.append(("delete_statement", node, ast.Pass()))
    return out


def collect(tree, want):
    """Sites on the wanted lines, by line, in a fixed order."""
    found = {}
    order = 0
    stack = [tree]
    while stack:
        node = stack.pop()
        if is_arid(node):
            continue
        if isinstance(node, (ast.stmt, ast.expr)):
            for op, anchor, new in sites(node):
                if one_line(anchor) and anchor.lineno in want:
                    order += 1
                    key = (OPS.index(op), anchor.col_offset, order)
                    found.setdefault(anchor.lineno, []).append((key, op, anchor, new))
        stack.extend(reversed(children(node)))
    for line in found:
        found[line].sort(key=lambda s: s[0])
    return found


class Replace(ast.NodeTransformer):
    def __init__(self, old, new):
        self.old, self.new = old, new

    def visit(self, node):
        if node is self.old:
            return self.new
        return self.generic_visit(node)


def splice(lines, anchor, text):
    """lines with the anchor's columns (UTF-8 byte offsets, as ast gives
    them) of its line replaced by text."""
    raw = lines[anchor.lineno - 1].encode("utf-8")
    new = raw[:anchor.col_offset] + text.encode("utf-8") + raw[anchor.end_col_offset:]
    out = list(lines)
    out[anchor.lineno - 1] = new.decode("utf-8")
    return out


def mutant(tree, lines, line, candidates):
    for _, op, anchor, new in candidates:
        # the tree as the mutant must parse: mutated in place, then undone
        want = ast.dump(Replace(anchor, new).visit(tree))
        Replace(new, anchor).visit(tree)
        text = ast.unparse(new)
        for t in (text, "(" + text + ")"):
            got = splice(lines, anchor, t)
            if got[line - 1] == lines[line - 1]:
                break
            try:
                tree = ast.parse("\n".join(got))
            except (SyntaxError, ValueError):
                continue
            if ast.dump(tree) == want:
                return {"line": line, "operator": op, "mutated": got[line - 1]}
    return None


def main():
    req = json.loads(sys.stdin.buffer.read().decode("utf-8"))
    source = req["source"]
    try:
        tree = ast.parse(source, filename=req.get("path", "<source>"))
    except (SyntaxError, ValueError) as e:
        json.dump({"error": "does not parse: %s" % e}, sys.stdout)
        return
    lines = source.split("\n")
    found = collect(tree, set(req["lines"]))
    out = []
    for line in sorted(found):
        m = mutant(tree, lines, line, found[line])
        if m is not None:
            out.append(m)
    json.dump({"mutants": out}, sys.stdout)


main()
