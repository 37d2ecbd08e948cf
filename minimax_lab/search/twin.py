"""A search's trace-free twin: the same function compiled once from its own source with its
`trace.add(...)` statements left out. A call that asks for no trace runs the twin; a call given a
Trace runs the function itself. So the function a lesson prints is the function that runs, and an
untraced search pays nothing for its trace lines.

A search that takes an `order` has a second twin, for untraced calls with no ordering: it also
leaves out the statements `search.cutoff(...)`, which tell the ordering about a cutoff and do
nothing when there is no ordering to tell.

The twin makes two more changes, which compute the same things in the same order, so results and
errors are the same: `max(x, y)` and `min(x, y)` of two names become `y if y > x else x` and
`y if y < x else x`, the comparisons the built-ins make, without the cost of calling them (alpha-
beta updates α and β that way); and `(f if c else g)(args)` becomes `f(args) if c else g(args)`,
so that each call site always calls the same function, which Python runs faster.

>>> from minimax_lab import minimax
>>> twin_of(minimax).__name__, twin_of(minimax) is not minimax.__wrapped__
('minimax', True)

Imports: minimax_lab.core.
"""

from __future__ import annotations

import __future__
import ast
import copy
import functools
import inspect
import textwrap
from types import FunctionType
from typing import Any, Callable, ParamSpec, TypeVar, cast

from ..core.trace import NO_TRACE, NullTrace, as_trace
from ..core.text import shown

P = ParamSpec("P")
R = TypeVar("R")

FUTURE_FLAGS = tuple(getattr(__future__, name).compiler_flag for name in __future__.all_feature_names)
"""The compiler flags of `from __future__ import ...`, which a twin compiles with as its original did."""


def trace_free_twin(search: Callable[P, R]) -> Callable[P, R]:
    """Return `search` paired with its trace-free twin: a call whose `trace` is left out (or is a
    NullTrace such as NO_TRACE) runs the twin, a call given a Trace runs `search` itself.

    `search` takes `trace` as a keyword-only argument. What was asked decides which runs, never a
    global; inspect.getsource and inspect.signature still show `search`. Without `search`'s source
    file there is nothing to compile, and an untraced call runs `search` with the do-nothing trace."""
    parameter = inspect.signature(search).parameters.get("trace")
    if parameter is None or parameter.kind is not inspect.Parameter.KEYWORD_ONLY:
        raise TypeError(f"{search.__qualname__} needs a keyword-only `trace` argument to have a trace-free twin")
    ordered = "order" in inspect.signature(search).parameters
    try:
        twin = cast(Callable[P, R], without_trace(search))
        unordered = cast(Callable[P, R], without_trace(search, cutoff_notices=False)) if ordered else twin
    except OSError:   # no source to compile from (an install without .py files): run `search` itself
        twin = unordered = search

    @functools.wraps(search)
    def run(*args: P.args, **kwargs: P.kwargs) -> R:
        trace = kwargs.get("trace", NO_TRACE)
        if type(trace) is NullTrace:
            return (unordered if kwargs.get("order") is None else twin)(*args, **kwargs)
        as_trace(trace, search.__name__)
        return search(*args, **kwargs)

    run.twins = {"ordered": twin, "unordered": unordered}  # type: ignore[attr-defined]  # read by twin_of
    return run


def twin_of(search: Callable[..., object], *, ordered: bool = False) -> Callable[..., Any]:
    """Return the trace-free twin that an untraced call of `search` runs: with no ordering, or
    (ordered=True) with one."""
    twin = getattr(search, "twins", {}).get("ordered" if ordered else "unordered")
    if twin is None:
        raise ValueError(f"{getattr(search, '__qualname__', search)!r} has no trace-free twin")
    return cast(Callable[..., Any], twin)


def without_trace(function: Callable[..., object], *, cutoff_notices: bool = True) -> FunctionType:
    """Return a new function compiled from `function`'s source with every `trace.add(...)`
    statement removed (in nested functions too), in `function`'s globals and with its defaults;
    with cutoff_notices=False, every `search.cutoff(...)` statement too (for calls with no ordering).
    Line numbers are those of the source file, so a traceback through the twin shows the lines
    the reader sees."""
    if not isinstance(function, FunctionType):
        raise TypeError(f"a trace-free twin is compiled from a plain function, got {shown(function)}")
    code = function.__code__
    if code.co_freevars:
        raise TypeError(f"{function.__qualname__} uses variables of an enclosing function "
                        f"({', '.join(code.co_freevars)}): only a module-level function can have a twin")
    source = textwrap.dedent(inspect.getsource(function))
    module = ast.parse(source)
    definition = module.body[0]
    if not isinstance(definition, ast.FunctionDef) or definition.name != function.__name__:
        raise TypeError(f"{function.__qualname__}: its source is not a def statement of that name")
    if any(not _names_twin_maker(decorator) for decorator in definition.decorator_list):
        raise TypeError(f"{function.__qualname__} has decorators other than trace_free_twin")
    definition.decorator_list = []
    shadowed = bound_names(definition) | set(function.__globals__)
    module = ast.fix_missing_locations(Untraced(shadowed, cutoff_notices).visit(module))
    ast.increment_lineno(module, code.co_firstlineno - 1)
    flags = sum(flag for flag in FUTURE_FLAGS if code.co_flags & flag)
    compiled = compile(module, code.co_filename, "exec", flags=flags, dont_inherit=True)
    namespace: dict[str, Any] = {}
    exec(compiled, function.__globals__, namespace)  # defines the twin without touching the module
    twin = namespace[function.__name__]
    twin.__defaults__, twin.__kwdefaults__ = function.__defaults__, function.__kwdefaults__
    twin.__qualname__, twin.__module__ = function.__qualname__, function.__module__
    return cast(FunctionType, twin)


def untraced_source(function: Callable[..., object]) -> str:
    """Return `function`'s source without its `trace.add(...)` lines and its decorators: the
    textbook function its trace-free twin runs, as a lesson prints it before the traced one.

    >>> from minimax_lab import minimax
    >>> "trace.add" in untraced_source(minimax), "def max_value" in untraced_source(minimax)
    (False, True)
    """
    source = textwrap.dedent(inspect.getsource(function))
    dropped: set[int] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.decorator_list:
            dropped.update(range(node.decorator_list[0].lineno, node.lineno))
        if isinstance(node, ast.stmt) and is_trace_line(node):
            dropped.update(range(node.lineno, (node.end_lineno or node.lineno) + 1))
    return "".join(line for number, line in enumerate(source.splitlines(keepends=True), start=1)
                   if number not in dropped)


def _names_twin_maker(decorator: ast.expr) -> bool:
    """Return True if a decorator is `trace_free_twin` (by name or as an attribute)."""
    name = decorator.attr if isinstance(decorator, ast.Attribute) else getattr(decorator, "id", None)
    return name == trace_free_twin.__name__


def is_trace_line(statement: ast.stmt) -> bool:
    """Return True if `statement` is a call `trace.add(...)` standing alone."""
    return is_method_call(statement, "trace", "add")


def is_cutoff_notice(statement: ast.stmt) -> bool:
    """Return True if `statement` is a call `search.cutoff(...)` standing alone."""
    return is_method_call(statement, "search", "cutoff")


def is_method_call(statement: ast.stmt, name: str, method: str) -> bool:
    """Return True if `statement` is a call `name.method(...)` standing alone."""
    call = statement.value if isinstance(statement, ast.Expr) else None
    return (isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute) and call.func.attr == method
            and isinstance(call.func.value, ast.Name) and call.func.value.id == name)


def bound_names(definition: ast.FunctionDef) -> set[str]:
    """Return every name a function binds anywhere in it: arguments, assignments, inner defs."""
    names = {node.arg for node in ast.walk(definition) if isinstance(node, ast.arg)}
    names |= {node.id for node in ast.walk(definition)
              if isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Load)}
    names |= {node.name for node in ast.walk(definition)
              if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))}
    return names


class Untraced(ast.NodeTransformer):
    """Turns a search's syntax tree into its twin's: removes the statements `trace.add(...)` (and,
    unless `cutoff_notices`, `search.cutoff(...)`; a block left empty gets `pass`), writes `max(x, y)` and `min(x, y)` of two names as the one
    comparison the built-in makes (unless `max` or `min` is among the names `shadowed`: those the
    function or its module binds), and splits a call of a chosen function into two calls."""

    COMPARISONS: dict[str, type[ast.cmpop]] = {"max": ast.Gt, "min": ast.Lt}

    def __init__(self, shadowed: set[str], cutoff_notices: bool = True):
        self.builtins = {name for name in self.COMPARISONS if name not in shadowed}
        self.cutoff_notices = cutoff_notices

    def dropped(self, statement: ast.stmt) -> bool:
        """Return True if the twin leaves `statement` out."""
        return is_trace_line(statement) or (not self.cutoff_notices and is_cutoff_notice(statement))

    def generic_visit(self, node: ast.AST) -> ast.AST:
        super().generic_visit(node)
        for field in ("body", "orelse", "finalbody"):
            block = getattr(node, field, None)
            if isinstance(block, list) and block and isinstance(block[0], ast.stmt):
                kept = [statement for statement in block if not self.dropped(statement)]
                if not kept:
                    kept = [ast.copy_location(ast.Pass(), block[0])]
                setattr(node, field, kept)
        return node

    def visit_Call(self, node: ast.Call) -> ast.expr:
        """Return `y if y > x else x` for max(x, y) (`<` for min), `f(...) if c else g(...)` for
        `(f if c else g)(...)`; any other call as it is."""
        self.generic_visit(node)
        if isinstance(node.func, ast.IfExp):  # one call site per function: Python specializes each
            choice = node.func
            calls = (ast.Call(function, copy.deepcopy(node.args), copy.deepcopy(node.keywords))
                     for function in (choice.body, choice.orelse))
            return ast.copy_location(ast.IfExp(choice.test, *calls), node)
        name = node.func.id if isinstance(node.func, ast.Name) else None
        if (name not in self.builtins or node.keywords or len(node.args) != 2
                or not all(isinstance(arg, ast.Name) for arg in node.args)):
            return node
        first, second = (cast(ast.Name, arg).id for arg in node.args)
        comparison = ast.Compare(ast.Name(second, ast.Load()), [self.COMPARISONS[name]()],
                                 [ast.Name(first, ast.Load())])
        chosen = ast.IfExp(comparison, ast.Name(second, ast.Load()), ast.Name(first, ast.Load()))
        return ast.copy_location(chosen, node)
