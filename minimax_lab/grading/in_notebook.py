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
`make grade`, the answer cells of the saved notebook (and cells added right below one). Both read
a cell alike (kernel.python_source): a check call in the cell that writes the answer is left out,
so the check it makes grades the answer written above it. Where
no subprocess can start (Pyodide, the server-free edition) or the sandbox cannot run, the check
runs the functions in the notebook itself (the guard's in-kernel backend) and says so.
"""

from __future__ import annotations

import builtins
from typing import Callable, Optional

from ..core.text import shown
from ..running.kernel import can_start_workers, kernel, kernel_cells, record_cells

__all__ = ["GRADED_FAIL", "GRADED_PASS", "mismatches", "record_cells", "run_in_worker"]


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
    cells = kernel_cells(list(given), history, prelude.imports)
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
