"""Answers that look copied from the course's own code, flagged for the instructor to look at.

No grader can stop a student pasting the package's source into an answer cell: the copy then runs
in the worker like any other answer and is graded as written. What the grader can do is say so.
Each function an answer cell defines is compared with every function of the package, both reduced
to the shape of their syntax (`shape`: names, strings and numbers replaced by placeholders,
docstrings dropped), so that renaming variables does not hide a copy. A function whose shape is
the same as a package function's, or at least SIMILARITY alike, is reported.
"""

from __future__ import annotations

import ast
import difflib
import functools
from pathlib import Path
from typing import Sequence

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


@functools.lru_cache(maxsize=1)
def package_shapes() -> tuple[tuple[str, tuple[str, ...]], ...]:
    """Return (qualified name, shape) of every function of the package big enough to compare."""
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        module = ".".join(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        for function in functions(ast.parse(path.read_text(encoding="utf-8"))):
            kinds = shape(function)
            if len(kinds) >= SMALLEST:
                found.append((f"{module}.{function.name}", kinds))
    return tuple(found)


def resemblances(cells: Sequence[tuple[str, str]]) -> list[tuple[str, str]]:
    """Return (label of the answer cell, the package function it resembles) for each function of the
    answer cells whose shape is the same as or SIMILARITY alike a package function's."""
    found = []
    for label, source in cells:
        try:
            tree = ast.parse(source)
        except SyntaxError:
            continue
        for function in functions(tree):
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
