"""The cells a notebook's kernel has run, read as the grader reads a submission, and the lessons'
backend of the one way a student's code is run: `in_worker` hands a check the student's functions
run in a sandboxed worker (sandbox), from the cells of the kernel that define them (kernel_cells).
grading.in_notebook does the same for an assignment's check cell, through the grader's runner.

The kernel keeps no history of the cells a tool runs without storing it (nbval, nbclient), so
`record_cells` records each cell as it starts (minimax_lab.checks and minimax_lab.grading call it
on import); a cell is read as make grade reads one (`python_source`: %magic and !shell lines left
out, a cell that a cell magic runs as something else than Python left out).
"""

from __future__ import annotations

import ast
import contextlib
import symtable
import sys
import types
from typing import Any, Iterator, Optional, Sequence, cast

from ..search.ordering import Combined
from ..search.textbook import Ordering
from .guard import runs_elsewhere


PYTHON_CELL_MAGICS = ("time", "timeit", "capture", "prun")
"""Cell magics whose cell IPython runs as Python (the magic's line is left out when graded)."""


def python_source(source: str) -> Optional[str]:
    """Return a cell's source as the worker runs it: IPython's %magic and !shell lines commented out,
    the cell's top-level calls of a check left out (without_check_calls), line numbers kept; None for
    a cell that a cell magic runs as something else than Python (%%writefile, %%bash, %%html, ...)."""
    first = source.lstrip()
    if first.startswith("%%"):
        magic = first[2:].split(None, 1)[0] if first[2:].strip() else ""
        if magic not in PYTHON_CELL_MAGICS:
            return None
    lines = source.split("\n")
    return without_check_calls("\n".join("# " + line if line.lstrip().startswith(("%", "!")) else line
                                          for line in lines))


KERNEL_CELL = "cell In[{}]"
"""How a kernel cell is named in what the check says (IPython's In[n])."""


RAN: list[str] = []
"""The cells the kernel has run since minimax_lab.checks or minimax_lab.grading was imported in it
(and those its history held then), in order, as typed: recorded by record_cells, since a kernel
keeps no history of the cells a tool runs without storing it (nbval, nbclient)."""


def record_cells() -> None:
    """In an IPython kernel, start recording into RAN each cell it runs (once per kernel)."""
    try:
        from IPython import get_ipython
    except ImportError:
        return
    shell = get_ipython()
    events = getattr(shell, "events", None)
    if events is None or any(getattr(f, "__name__", "") == "_ran" for f in events.callbacks.get("pre_run_cell", [])):
        return
    history = getattr(getattr(shell, "history_manager", None), "input_hist_raw", None)
    RAN[:] = [str(cell) for cell in history] if isinstance(history, list) else []

    def _ran(info: object) -> None:
        RAN.append(str(getattr(info, "raw_cell", "") or ""))

    events.register("pre_run_cell", _ran)


def kernel() -> Optional[tuple[list[str], dict[str, object]]]:
    """Return the cells the running IPython kernel ran (RAN), the one running now last, and its
    namespace; None outside IPython or when no cell was recorded."""
    try:
        from IPython import get_ipython
    except ImportError:
        return None
    shell = get_ipython()
    if shell is None or not RAN:
        return None
    return list(RAN), shell.user_ns


def can_start_workers() -> bool:
    """Return True where a worker process can start (not under Pyodide) and the sandbox can run."""
    if sys.platform == "emscripten":
        return False
    from .sandbox import SandboxUnavailable, check_sandbox

    try:
        check_sandbox()
    except SandboxUnavailable:
        return False
    return True


def names_of(source: str) -> tuple[set[str], set[str]]:
    """Return the names a cell binds at its top level and the global names its code reads (in
    functions too). A cell Python cannot read binds and reads nothing."""
    try:
        table = symtable.symtable(source, "cell", "exec")
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return _names_by_ast(source)
    bound = {s.get_name() for s in table.get_symbols() if s.is_assigned() or s.is_imported()}
    read = {s.get_name() for s in table.get_symbols() if s.is_referenced()}
    children = list(table.get_children())
    while children:
        child = children.pop()
        read |= {s.get_name() for s in child.get_symbols() if s.is_global() and s.is_referenced()}
        children += child.get_children()
    return bound, read


def _names_by_ast(source: str) -> tuple[set[str], set[str]]:
    """names_of for a cell symtable refuses (top-level await): the top-level bindings, and every
    name read anywhere."""
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return set(), set()
    bound: set[str] = set()
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            bound.add(node.name)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            bound |= _imported(node)
        else:
            bound |= {n.id for n in ast.walk(node) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)}
    return bound, {n.id for n in ast.walk(tree) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)}


def imported_names(source: str) -> set[str]:
    """Return the names a cell binds by a top-level import (none for a cell Python cannot read)."""
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return set()
    return {name for node in tree.body if isinstance(node, (ast.Import, ast.ImportFrom)) for name in _imported(node)}


def _imported(node: ast.Import | ast.ImportFrom) -> set[str]:
    """Return the names an import statement binds (`import a.b` binds a)."""
    return {(alias.asname or alias.name).split(".")[0] for alias in node.names}


def kernel_cells(names: Sequence[str], history: Sequence[str], prelude: str) -> list[tuple[str, str]]:
    """Return the cells of `history` (the kernel's cells in the order they ran) that define `names`,
    labelled and in that order: for each name, the last cell that binds it, and then, for each
    global name those cells read, the last cell that binds that one, and so on. Built-ins that no
    cell binds are taken as they are, and so are names the prelude binds (the assignment's imports,
    a lesson's helpers) unless a cell last bound them otherwise than by an import: a student's own
    is_leaf is the student's, in the worker as in the kernel. A cell
    is read as make grade reads one (runner.python_source: magic lines left out, a cell that
    a cell magic runs as something else than Python left out)."""
    sources = [python_source(cell) or "" for cell in history]
    parsed = [names_of(cell) for cell in sources]
    given, _ = names_of(prelude)
    chosen: set[int] = set()
    wanted, seen = list(names), set[str]()
    while wanted:
        name = wanted.pop()
        if name in seen:
            continue
        seen.add(name)
        binding = next((i for i in range(len(history) - 1, -1, -1) if name in parsed[i][0]), None)
        if binding is None or binding in chosen or name in given and name in imported_names(sources[binding]):
            continue
        chosen.add(binding)
        wanted += sorted(parsed[binding][1] - seen)
    return [(KERNEL_CELL.format(i), sources[i]) for i in sorted(chosen)]


CHECKING_MODULES = ("check", "grading")
"""The names a notebook calls its checks by (`check.min_value(...)`, `grading.check_...(...)`)."""


def without_check_calls(source: str) -> str:
    """Return a cell's source with its top-level calls of a check (check.X(...), grading.X(...))
    blanked out, line numbers kept: a cell may define the answer and check it, and the worker runs
    only the answer (in a notebook check and in make grade alike). A cell Python cannot read is
    returned as it is."""
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return source
    lines = source.split("\n")
    for node in tree.body:
        call = node.value if isinstance(node, ast.Expr) else None
        if (isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute)
                and isinstance(call.func.value, ast.Name) and call.func.value.id in CHECKING_MODULES):
            for line in range(node.lineno - 1, node.end_lineno or node.lineno):
                lines[line] = ""
    return "\n".join(lines)


def parts_of(arg: object, seen: frozenset[int] = frozenset()) -> list[object]:
    """Return `arg` and, when it is a Combined of orderings (lesson 04), what it combines, theirs in
    turn: a student's ordering may combine functions of the notebook's cells with the course's. A
    Combined made to hold itself is read once."""
    if isinstance(arg, Combined) and id(arg) not in seen and isinstance(arg.orderings, tuple):
        return [arg, *(part for ordering in arg.orderings for part in parts_of(ordering, seen | {id(arg)}))]
    return [arg]


def cell_functions(args: Sequence[object], namespace: dict[str, object]) -> dict[int, str]:
    """Return, by id, the name each function a notebook's cell defined among `args` (or combined in
    one of them, parts_of) is bound to in the kernel's namespace (a function written with def in a
    cell; not the course's, not a lambda)."""
    named = {id(value): name for name, value in namespace.items() if isinstance(value, types.FunctionType)}
    return {id(part): named[id(part)] for arg in args for part in parts_of(arg)
            if isinstance(part, types.FunctionType) and part.__module__ == "__main__" and id(part) in named}


class RemoteCombined(Combined[Any, Any]):
    """A Combined of which an ordering runs in the grader's worker: like that ordering, it is run in
    the kernel itself, never in a forked child (guard.runs_elsewhere)."""

    runs_elsewhere = True


def with_remote(arg: object, remote: dict[int, object], seen: frozenset[int] = frozenset()) -> object:
    """Return `arg` with the functions in `remote` (by id) replaced by what it holds for them, in a
    Combined too (a new one, a RemoteCombined: the student's own object is left as it is)."""
    if isinstance(arg, Combined) and id(arg) not in seen and isinstance(arg.orderings, tuple):
        orderings = [with_remote(ordering, remote, seen | {id(arg)}) for ordering in arg.orderings]
        if not any(map(runs_elsewhere, orderings)):
            return arg
        return RemoteCombined(*cast(list[Ordering[Any, Any]], orderings))
    return remote.get(id(arg), arg)


@contextlib.contextmanager
def in_worker(args: tuple[object, ...], prelude: str) -> Iterator[tuple[object, ...]]:
    """Yield `args` with each function the notebook's cells define replaced by the same function run
    in a sandboxed worker (sandbox.RemoteFunction), as make grade runs a student's code: the cells
    that define it and what it reads, as last run (python_source: their check calls left out), after
    `prelude`, with only the standard library, numpy and the lessons' kit importable. A Combined among `args`
    is handed over with its functions of the notebook run so, and the course's orderings it combines
    run as they are. Where that cannot be (no kernel, no function of a cell among `args`, no cell
    recorded that defines it, no worker starts, as under Pyodide), yield `args` as they are, and the
    check calls the functions in the kernel, through the guard. What the functions return may hold
    positions of the course's games (lesson 08's table is keyed by them)."""
    found = kernel()
    named = cell_functions(args, found[1]) if found is not None else {}
    if found is None or not named or not can_start_workers():
        yield args
        return
    from .guard import StudentProblem
    from .sandbox import RemoteFunction, SandboxUnavailable, start_worker

    cells = kernel_cells(sorted(set(named.values())), found[0], prelude)
    bound = set().union(*(names_of(source)[0] for _, source in cells))
    if not bound.issuperset(named.values()):  # a cell run before the kernel was recording
        yield args
        return
    try:
        worker, notes = start_worker(prelude, cells, lessons=True)
    except (SandboxUnavailable, OSError, StudentProblem):  # the worker did not start: the kernel's backend
        yield args
        return
    for note in notes:
        print(f"Note: {note}")
    with worker:
        remote: dict[int, object] = {key: RemoteFunction(worker, name, states=True) for key, name in named.items()}
        yield tuple(with_remote(arg, remote) for arg in args)
