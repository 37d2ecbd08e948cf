"""Answers that look copied from the course's own code, or that hold a memorised table, flagged
for the instructor to look at.

No grader can stop a student pasting the package's source into an answer cell: the copy then runs
in the worker like any other answer and is graded as written. What the grader can do is say so.
Each function an answer cell defines is compared with every function of the package, both reduced
to the shape of their syntax (`shape`: names, strings and numbers replaced by placeholders,
docstrings dropped), so that renaming variables does not hide a copy. A function whose shape is
the same as a package function's, or at least SIMILARITY alike, is reported (`resemblances`).

Nor can a grader stop a student writing down the answers instead of computing them: a dict of
every tic-tac-toe position and its value answers minimax_search on any position drawn. A literal
table of TABLE_ENTRIES entries or more in an answer cell is reported (`literal_tables`).
"""

from __future__ import annotations

import ast
import difflib
import re
from pathlib import Path
from typing import Optional, Sequence

PACKAGE = Path(__file__).resolve().parent.parent

SIMILARITY = 0.9
"""How alike two shapes must be (difflib's ratio) for a function to be reported."""

SMALLEST = 40
"""Fewest syntax nodes a function must have to be compared: short functions look alike by nature."""


def shape(function: ast.AST) -> tuple[str, ...]:
    """Return a function's shape: the kinds of its syntax nodes in order, with the attribute names
    (`game.actions`) kept and every other name, string and number left out, its docstring dropped."""
    body = getattr(function, "body", [])
    first = body[0] if body else None
    docstring = isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) \
        and isinstance(first.value.value, str)
    kinds = []
    for node in [getattr(function, "args")] + (body[1:] if docstring else body):
        kinds += _kinds(node)
    return tuple(kinds)


def _kinds(tree: ast.AST) -> list[str]:
    kinds = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.Load, ast.Store, ast.Del)):
            continue
        kinds.append(f"Attribute.{node.attr}" if isinstance(node, ast.Attribute) else type(node).__name__)
    return kinds


def functions(tree: ast.AST) -> list[ast.FunctionDef | ast.AsyncFunctionDef]:
    """Return every function defined in a module or cell, nested ones included."""
    return [node for node in ast.walk(tree) if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))]


Shapes = tuple[tuple[str, tuple[str, ...]], ...]
"""What package_shapes returns: (qualified name, shape) of each function big enough to compare."""


def package_shapes() -> Shapes:
    """Return (qualified name, shape) of every function of the package big enough to compare: parsed
    once a process, unless know_package_shapes gave them."""
    if not _known:
        found = []
        for path in sorted(PACKAGE.rglob("*.py")):
            module = ".".join(path.relative_to(PACKAGE.parent).with_suffix("").parts)
            for function in functions(ast.parse(path.read_text(encoding="utf-8"))):
                kinds = shape(function)
                if len(kinds) >= SMALLEST:
                    found.append((f"{module}.{function.name}", kinds))
        _known.append(tuple(found))
    return _known[0]


def know_package_shapes(shapes: Shapes) -> None:
    """Make `shapes` what package_shapes() returns in this process, without parsing the package
    again: a grading process started by the grader is given the grader's (a second of parsing
    saved in each)."""
    _known[:] = [shapes]


_known: list[Shapes] = []
"""The package's shapes in this process, once parsed or given."""


MOST_FUNCTIONS = 200
"""Most functions of one submission compared with the package's (about 15 ms each): a submission
of thousands of generated functions costs the grader seconds, not minutes."""


def resemblances(cells: Sequence[tuple[str, str]]) -> list[tuple[str, str]]:
    """Return (label of the answer cell, the package function it resembles) for each function of the
    answer cells whose shape is the same as or SIMILARITY alike a package function's; past
    MOST_FUNCTIONS functions, ('', 'too many functions: N compared') ends the list."""
    found: list[tuple[str, str]] = []
    compared = 0
    for label, source in cells:
        try:
            tree = ast.parse(source)
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            continue
        for function in functions(tree):
            compared += 1
            if compared > MOST_FUNCTIONS:
                return found + [("", f"too many functions: the first {MOST_FUNCTIONS} compared")]
            kinds = shape(function)
            if len(kinds) < SMALLEST:
                continue
            for name, theirs in package_shapes():
                if not 0.8 <= len(theirs) / len(kinds) <= 1.25:
                    continue
                matcher = difflib.SequenceMatcher(None, kinds, theirs, autojunk=False)
                if matcher.real_quick_ratio() >= SIMILARITY and matcher.quick_ratio() >= SIMILARITY \
                        and matcher.ratio() >= SIMILARITY:
                    found.append((label, f"{name} ({function.name})"))
                    break
    return found


TABLE_ENTRIES = 200
"""Fewest entries a literal must hold to be reported as a table. The answers a course asks for
hold a few dozen at most (a hand trace: 8; a 6 x 7 grid of weights, counted with its rows: 48);
a table of positions holds thousands (tic-tac-toe has 4,520 non-terminal ones)."""

BLOB_CHARS = 32
"""In a string, a piece without separators this long or longer counts one entry per BLOB_CHARS
characters: an encoded table (base64, hex) has no separators to count."""

MAX_SOURCE = 1_000_000
"""Longest answer cell parsed (about a tenth of a second). A longer one is not parsed, since
parsing alone could take seconds and much memory: it is reported as a table whose entries are its
commas and line breaks."""

DISPLAYS = (ast.Dict, ast.List, ast.Tuple, ast.Set)
"""The literal displays a table is written as."""

_SEPARATORS = re.compile(r"[\s,;]+")
_WORD = re.compile(r"[(\[\"'`]*[A-Za-z]+(?:['-][A-Za-z]+)*[)\]\"'`]*[.,;:!?]?[)\]\"'`]*")


def string_entries(text: str) -> int:
    """Return the entries a string holds as a table: its pieces between whitespace, commas and
    semicolons that are not words of prose (letters, perhaps with an apostrophe or a hyphen, in
    quotes or brackets, with one mark of punctuation after them: "X........" is no word), a piece of BLOB_CHARS characters or more counting one entry per
    BLOB_CHARS.

    >>> string_entries("XOX......:1, OX.......:-1"), string_entries("Each MIN node, as it is visited.")
    (2, 0)
    """
    entries = 0
    for piece in _SEPARATORS.split(text):
        if len(piece) >= BLOB_CHARS:
            entries += len(piece) // BLOB_CHARS
        elif piece and not _WORD.fullmatch(piece):
            entries += 1
    return entries


def _literal_text(node: ast.AST) -> Optional[str]:
    """Return the text of a string or bytes literal (bytes read as Latin-1), None for anything else."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.Constant) and isinstance(node.value, bytes):
        return node.value.decode("latin-1")
    return None


def display_entries(display: ast.AST, nested: Optional[set[int]] = None) -> int:
    """Return the entries of a literal display, those of the displays directly inside it included:
    one per element of a list, tuple or set and one per key-value pair of a dict, and a string
    among them counting what string_entries counts beyond its own one. The ids of the nested
    displays are added to `nested`. Iterative: no nesting is too deep for it."""
    total, stack = 0, [display]
    while stack:
        node = stack.pop()
        if isinstance(node, ast.Dict):
            total += len(node.values)
            elements: list[Optional[ast.expr]] = [*node.keys, *node.values]
        elif isinstance(node, (ast.List, ast.Tuple, ast.Set)):
            total += len(node.elts)
            elements = list(node.elts)
        else:
            continue
        for element in elements:
            text = _literal_text(element) if element is not None else None
            if isinstance(element, DISPLAYS):
                stack.append(element)
                if nested is not None:
                    nested.add(id(element))
            elif text is not None:
                total += max(0, string_entries(text) - 1)
    return total


def largest_table(source: str) -> int:
    """Return the entries of the largest literal table in a cell's source (display_entries for a
    display not inside another, string_entries for a string not inside a display), 0 for a
    source that does not parse; a source of more than MAX_SOURCE characters is not parsed, and
    its commas and line breaks are counted instead."""
    if len(source) > MAX_SOURCE:
        return source.count(",") + source.count("\n")
    try:
        tree = ast.parse(source)
        nodes = list(ast.walk(tree))
    except (SyntaxError, ValueError, RecursionError, MemoryError):  # ValueError: a null byte
        return 0
    largest, nested = 0, set[int]()
    for node in nodes:  # ast.walk meets a display before the displays inside it
        if id(node) in nested:
            continue
        if isinstance(node, DISPLAYS):
            largest = max(largest, display_entries(node, nested))
        else:
            text = _literal_text(node)
            if text is not None:
                largest = max(largest, string_entries(text))
    return largest


def literal_tables(cells: Sequence[tuple[str, str]]) -> list[tuple[str, int]]:
    """Return (label of the answer cell, entries) for each answer cell that holds a literal table
    of TABLE_ENTRIES entries or more (largest_table), in the order of the cells.

    >>> table = "values = {" + ", ".join(f"'{n:09b}': {n % 3 - 1}" for n in range(300)) + "}"
    >>> literal_tables([("answer cell 1", "def f(x):\\n    return x"), ("answer cell 2", table)])
    [('answer cell 2', 300)]
    """
    found = []
    for label, source in cells:
        entries = largest_table(source)
        if entries >= TABLE_ENTRIES:
            found.append((label, entries))
    return found
