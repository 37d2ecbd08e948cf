"""An assignment's check run in the student's notebook, the way `make grade` runs it.

`make grade` runs a submission's answer cells in a sandboxed worker (sandbox.Worker) whose only
imports are the standard library, numpy and the course's games, and calls the student's functions
there from the check (runner.run_check). A check cell in the student's notebook does the same:
it takes the code of the functions it is given from the kernel (the cells as last run, found by
`kernel_cells`), starts the same worker with the same prelude, limits and import allow-list, runs
the same check through `run_check`, and prints what it said and the points `make grade` would give.
So an answer that imports the course's searches or evaluation, or hands the check the course's
own function (`game.evaluate`), fails here as it fails when graded, rather than passing here and
earning nothing.

The one way the two can still differ is what they read: here, the code as last run in the kernel;
`make grade`, the answer cells of the saved notebook (and cells added right below one). Where
no subprocess can start (Pyodide, the server-free edition) or the sandbox cannot run, the check
runs the functions in the notebook itself (the guard's in-kernel backend) and says so.
"""

from __future__ import annotations

import ast
import builtins
import symtable
import sys
from typing import Callable, Optional, Sequence

from ..core.text import shown

KERNEL_CELL = "cell In[{}]"
"""How a kernel cell is named in what the check says (IPython's In[n])."""


RAN: list[str] = []
"""The cells the kernel has run since minimax_lab.grading was imported in it (and those its history
held then), in order, as typed: recorded by record_cells, since a kernel keeps no history of the
cells a tool runs without storing it (nbval, nbclient)."""


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
    from ..running.sandbox import SandboxUnavailable, check_sandbox

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
            bound |= {(alias.asname or alias.name).split(".")[0] for alias in node.names}
        else:
            bound |= {n.id for n in ast.walk(node) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)}
    return bound, {n.id for n in ast.walk(tree) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)}


def kernel_cells(names: Sequence[str], history: Sequence[str], prelude: str) -> list[tuple[str, str]]:
    """Return the cells of `history` (the kernel's cells in the order they ran) that define `names`,
    labelled and in that order: for each name, the last cell that binds it, and then, for each
    global name those cells read, the last cell that binds that one, and so on. Names the prelude
    binds (the assignment's imports) and built-ins that no cell binds are taken as they are. A cell
    is read as make grade reads one (runner.python_source: magic lines left out, a cell that
    a cell magic runs as something else than Python left out)."""
    from .runner import python_source

    sources = [python_source(cell) or "" for cell in history]
    parsed = [names_of(cell) for cell in sources]
    given, _ = names_of(prelude)
    chosen: set[int] = set()
    wanted, seen = list(names), set[str]()
    while wanted:
        name = wanted.pop()
        if name in seen or name in given:
            continue
        seen.add(name)
        binding = next((i for i in range(len(history) - 1, -1, -1) if name in parsed[i][0]), None)
        if binding is None or binding in chosen:
            continue
        chosen.add(binding)
        wanted += sorted(parsed[binding][1] - seen)
    return [(KERNEL_CELL.format(i), sources[i]) for i in sorted(chosen)]


def mismatches(given: dict[str, object], namespace: dict[str, object]) -> list[str]:
    """Return a line for each function the check was given that is not the notebook's function of
    that name: `make grade` grades the one the answer cells define, not what a check cell passes."""
    return [f"This check was given {shown(value)} as {name}, which is not your {name}: make grade "
            f"grades the {name} your answer cell defines, so this check grades that one too."
            for name, value in given.items() if name in namespace and namespace[name] is not value
            or name not in namespace and not hasattr(builtins, name)]


def run_in_worker(check: Callable[..., object], given: dict[str, object]) -> Optional[str]:
    """Run `check` on the kernel's definitions of the functions in `given` (its parameter name:
    what the check cell passed) as `make grade` would; print what the check said and raise what it
    raised. Return None when it cannot run that way here (no kernel, no worker), and the check
    should run in the notebook instead; return the line saying so when the reason is worth telling."""
    from ..checks.core import CASE_SEED
    from ..running.guard import CheckFailed, NotAnswered
    from . import runner

    found = kernel()
    if found is None:
        return None
    if not can_start_workers():
        return ("(This check ran your functions in the notebook: the grader's sandbox cannot start here. "
                "make grade runs them in it, where only the standard library, numpy and the course's games "
                "can be imported.)")
    history, namespace = found
    prelude = runner.PRELUDES[runner.assignment_of(check)]
    for line in mismatches(given, namespace):
        print(line)
    cells = kernel_cells(list(given), history[:-1], prelude.imports)
    name = check.__name__
    cell = runner.CheckCell(name.removeprefix("check_"), -1, name, tuple(given), 1.0)
    mark = runner.run_check(cell, check, prelude.imports, cells, seed=CASE_SEED.get(), call_timeout=None,
                            check_timeout=runner.CHECK_TIMEOUT, quick=prelude.quick)
    for note in mark.notes:
        print(f"Note: {note}")
    if mark.unanswered:
        raise NotAnswered(mark.message)
    if not mark.passed:
        raise CheckFailed(f"{mark.message}\n{GRADED_FAIL}")
    print(mark.message)
    print(GRADED_PASS)
    return ""


GRADED_PASS = "Graded as make grade grades it (your code run in the grader's sandbox): full points."
"""What a check in the notebook adds when it passes: the grade it will give."""

GRADED_FAIL = "Graded as make grade grades it (your code run in the grader's sandbox): no points yet."
"""What a check in the notebook adds when it fails."""
