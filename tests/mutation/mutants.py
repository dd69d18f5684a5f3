"""The mutants of a Python module: small changes to its source, one at a time, found with ``ast``.

Each change replaces one piece of the source text (so the rest of the file, its comments and line
numbers, stay as they were):

- a comparison's operator (``==`` ↔ ``!=``, ``<`` ↔ ``<=``, ``>`` ↔ ``>=``, ``in`` ↔ ``not in``,
  ``is`` ↔ ``is not``), ``and`` ↔ ``or``, ``not x`` → ``x``, an arithmetic operator swapped;
- a constant: a number plus one, ``True`` ↔ ``False``, a string wrapped in ``XX``, an f-string
  prefixed with ``XX``;
- a condition negated (``if x`` → ``if not (x)``) where it is not a comparison already;
- a statement: a call's result thrown away (``f()`` → ``pass``), a ``raise`` → ``pass``, a
  ``return x`` → ``return None``, an assignment's value → ``None``.

Docstrings, imports and the inside of f-strings are left alone.
"""
import ast
from dataclasses import dataclass

COMPARE_SWAP = {ast.Eq: ast.NotEq, ast.NotEq: ast.Eq, ast.Lt: ast.LtE, ast.LtE: ast.Lt,
                ast.Gt: ast.GtE, ast.GtE: ast.Gt, ast.In: ast.NotIn, ast.NotIn: ast.In,
                ast.Is: ast.IsNot, ast.IsNot: ast.Is}
BINOP_SWAP = {ast.Add: ast.Sub, ast.Sub: ast.Add, ast.Mult: ast.Div, ast.Div: ast.Mult,
              ast.FloorDiv: ast.Div, ast.Mod: ast.Div, ast.Pow: ast.Mult,
              ast.BitOr: ast.BitAnd, ast.BitAnd: ast.BitOr}


@dataclass(frozen=True)
class Mutant:
    line: int
    start: int  # byte offsets in the UTF-8 source
    end: int
    original: str  # the source text replaced
    replacement: str
    where: str  # the enclosing function or class ("module" at the top level)

    @property
    def change(self):
        return f"{one_line(self.original)} -> {one_line(self.replacement)}"

    def apply(self, source):
        data = source.encode()
        return (data[:self.start] + self.replacement.encode() + data[self.end:]).decode()


def one_line(text, width=70):
    text = " ".join(text.split())
    return text if len(text) <= width else text[:width - 3] + "..."


def find_mutants(source):
    """Every mutant of ``source``, in the order of the file."""
    finder = _Finder(source)
    finder.visit(ast.parse(source))
    return sorted(finder.found, key=lambda m: (m.start, m.end, m.replacement))


def _is_docstring(node):
    return (isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
            and isinstance(node.value.value, str))


class _Finder(ast.NodeVisitor):
    def __init__(self, source):
        self.data = source.encode()
        starts, offset = [0], 0
        for line in self.data.split(b"\n"):
            offset += len(line) + 1
            starts.append(offset)
        self.line_starts = starts
        self.found = []
        self.where = []

    # --- where a node's text is ------------------------------------------------------------

    def span(self, node):
        return (self.line_starts[node.lineno - 1] + node.col_offset,
                self.line_starts[node.end_lineno - 1] + node.end_col_offset)

    def add(self, node, replacement):
        start, end = self.span(node)
        original = self.data[start:end].decode()
        if replacement != original:
            self.found.append(Mutant(node.lineno, start, end, original, replacement,
                                     ".".join(self.where) or "module"))

    def add_expr(self, node, mutated):
        """``node`` replaced by the expression ``mutated`` (parenthesized: it may sit anywhere)."""
        self.add(node, f"({ast.unparse(mutated)})")

    # --- scopes, and what is never mutated --------------------------------------------------

    def visit_FunctionDef(self, node):
        for default in node.args.defaults + [d for d in node.args.kw_defaults if d]:
            self.visit(default)
        for decorator in node.decorator_list:
            self.visit(decorator)
        self.where.append(node.name)
        self.visit_body(node.body)
        self.where.pop()

    visit_AsyncFunctionDef = visit_FunctionDef

    def visit_ClassDef(self, node):
        self.where.append(node.name)
        self.visit_body(node.body)
        self.where.pop()

    def visit_Module(self, node):
        self.visit_body(node.body)

    def visit_body(self, body):
        for index, statement in enumerate(body):
            if index == 0 and _is_docstring(statement):
                continue
            self.visit(statement)

    def visit_Import(self, node):
        pass

    visit_ImportFrom = visit_Global = visit_Import

    def visit_JoinedStr(self, node):
        start, end = self.span(node)
        self.add(node, f'("XX" + {self.data[start:end].decode()})')

    # --- expressions ------------------------------------------------------------------------

    def visit_Compare(self, node):
        for index, op in enumerate(node.ops):
            swap = COMPARE_SWAP.get(type(op))
            if swap:
                ops = list(node.ops)
                ops[index] = swap()
                self.add_expr(node, ast.Compare(node.left, ops, node.comparators))
        self.generic_visit(node)

    def visit_BoolOp(self, node):
        other = ast.Or() if isinstance(node.op, ast.And) else ast.And()
        self.add_expr(node, ast.BoolOp(other, node.values))
        self.generic_visit(node)

    def visit_UnaryOp(self, node):
        if isinstance(node.op, (ast.Not, ast.USub)):
            self.add_expr(node, node.operand)
        self.generic_visit(node)

    def visit_BinOp(self, node):
        swap = BINOP_SWAP.get(type(node.op))
        if swap:
            self.add_expr(node, ast.BinOp(node.left, swap(), node.right))
        self.generic_visit(node)

    def visit_Constant(self, node):
        value = node.value
        if isinstance(value, bool):
            self.add(node, repr(not value))
        elif isinstance(value, (int, float)):
            self.add(node, repr(value + 1))
        elif isinstance(value, str):
            self.add(node, repr(f"XX{value}XX"))

    def visit_IfExp(self, node):
        self.negate(node.test)
        self.generic_visit(node)

    # --- statements -------------------------------------------------------------------------

    def negate(self, test):
        if not isinstance(test, (ast.Compare, ast.BoolOp, ast.UnaryOp)):
            start, end = self.span(test)
            self.add(test, f"not ({self.data[start:end].decode()})")

    def visit_If(self, node):
        self.negate(node.test)
        self.visit(node.test)
        self.visit_body(node.body)
        self.visit_body(node.orelse)

    visit_While = visit_If

    def visit_Expr(self, node):
        if isinstance(node.value, ast.Call):
            self.add(node, "pass")
        self.generic_visit(node)

    def visit_Raise(self, node):
        self.add(node, "pass")
        self.generic_visit(node)

    def visit_Return(self, node):
        if node.value is not None and not _is_none(node.value):
            self.add(node, "return None")
        self.generic_visit(node)

    def visit_Assign(self, node):
        if not _is_none(node.value):
            self.add(node.value, "None")
        self.generic_visit(node)


def _is_none(node):
    return isinstance(node, ast.Constant) and node.value is None
