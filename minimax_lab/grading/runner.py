"""The one way a student's code is run to be judged: `run_check` runs an assignment's check with the
student's functions in a sandboxed worker (sandbox.Worker), the check itself in this process with
RemoteFunctions in their place, and returns the Mark it gives. `make grade` (class_grades) calls it
on each submission's answer cells; a check cell in the student's notebook (in_notebook) calls it on
the kernel's. What the worker runs first is the assignment's Prelude; a cell is read as Python by
`running.kernel.python_source`, as a notebook runs it. The mark comes from what the check did (it returned, or it
raised CheckFailed), never from what it printed.
"""

from __future__ import annotations

import ast
import contextlib
import io
from dataclasses import dataclass, field
from typing import Callable, Optional, Sequence

from ..checks.core import seeded
from ..core.text import shown
from ..running.guard import CheckFailed, NotAnswered, time_limit
from ..running.guard import TimedOut as CheckTimedOut
from ..running.sandbox import CALL_TIMEOUT, RemoteFunction, start_worker
from . import assignments
from .assignments import Cell

QUICK_CALL_TIMEOUT = 2.0
"""Seconds a call may take of the functions an assignment marks quick (Prelude.quick): functions of
small trees, which the solutions answer in under a millisecond."""

CHECK_TIMEOUT = 300.0
"""Seconds one check may take in all (the grader's searches and the student's calls)."""

@dataclass(frozen=True)
class Prelude:
    """What the worker runs before a student's answer cells: the imports the handout's answers use
    (from the kit only), then the solution notebook's cells with the given ids (set-up cells that
    define names the answers use, such as Connect Four's WINDOWS), taken from the solution, never
    from the submission."""

    imports: str
    cells: tuple[str, ...] = ()
    quick: tuple[str, ...] = ()
    """The answer functions whose calls get QUICK_CALL_TIMEOUT rather than CALL_TIMEOUT (the others
    search whole tic-tac-toe games or score many positions at once)."""


PRELUDES: dict[str, Prelude] = {
    "assignment1_minimax": Prelude("import math\n\nfrom minimax_lab import Chance, TicTacToe\n",
                                   quick=("minimax_value", "minimax_decision", "expectimax_value")),
    "assignment2_alphabeta": Prelude("import math\n", quick=("negamax_value", "alphabeta_by_hand", "alphabeta_value",
                                                             "negamax_alphabeta")),
    "assignment3_player": Prelude("from minimax_lab import TicTacToe\nfrom minimax_lab.games.tictactoe import LINES\n",
                                  ("pos",)),
    "assignment4_complexity": Prelude("import math\n", quick=("best_case_leaves", "effective_branching_factor")),
    "assignment5_connect_four": Prelude("from minimax_lab import ConnectFour\n", ("board", "windows")),
    "assignment6_maze": Prelude("import math\n\nfrom minimax_lab import FeatureEvaluation, MazeGame\n",
                                quick=("reflex_value", "multi_agent_minimax", "multi_agent_alphabeta",
                                       "multi_agent_expectimax")),
}
"""Each assignment's prelude, by the solution notebook's name."""


@dataclass(frozen=True)
class CheckCell:
    """One graded check: the solution's cell, the check it calls, the answer functions it is given."""

    name: str
    cell: int
    check: str
    functions: tuple[str, ...]
    points: float

    @staticmethod
    def parse(index: int, cell: Cell) -> "CheckCell":
        """Return the exercise of a solution's check cell: a single call grading.check_X(name, ...)."""
        source = assignments.cell_source(cell)
        tree = ast.parse(source)
        call = tree.body[0].value if len(tree.body) == 1 and isinstance(tree.body[0], ast.Expr) else None
        if not (isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute)
                and call.func.attr.startswith("check_") and not call.keywords
                and all(isinstance(arg, ast.Name) for arg in call.args)):
            raise ValueError(f"check cell {index} must be one call grading.check_<exercise>(function, ...), "
                             f"not {shown(source)}")
        points = cell.get("metadata", {}).get("nbgrader", {}).get("points", 1)
        return CheckCell(call.func.attr.removeprefix("check_"), index, call.func.attr,
                         tuple(arg.id for arg in call.args if isinstance(arg, ast.Name)), float(points))


@dataclass
class Mark:
    """One exercise of one student: the points earned and what the check said."""

    exercise: str
    points: float
    earned: float
    message: str = ""
    notes: list[str] = field(default_factory=list)
    unanswered: bool = False
    """True when the check found the exercise not answered yet (its function raises NotImplementedError)."""

    @property
    def passed(self) -> bool:
        """Return True when the check passed."""
        return self.earned == self.points


def assignment_of(check: Callable[..., object]) -> str:
    """Return the name of the assignment (its solution notebook's, a key of PRELUDES) whose check this is."""
    module = getattr(check, "__module__", "").rpartition(".")[2]
    found = [name for name in PRELUDES if name.split("_")[0] == module]
    if len(found) != 1:
        raise ValueError(f"{shown(getattr(check, '__name__', check))} is no assignment's check "
                         "(its module names no assignment of runner.PRELUDES)")
    return found[0]


def run_check(exercise: CheckCell, check: Callable[..., object], prelude: str, cells: Sequence[tuple[str, str]], *,
              seed: int,
              call_timeout: Optional[float], check_timeout: float, quick: Sequence[str] = (),
              left_out: Optional[dict[str, str]] = None) -> Mark:
    """Run `check` (the exercise's, as grading exports it) against the student's answers in a new
    worker; return its mark. Calls may
    take `call_timeout` seconds each; None means CALL_TIMEOUT, and QUICK_CALL_TIMEOUT for the
    functions in `quick`. `left_out` carries the answer cells that stopped an earlier check's
    worker (see sandbox.start_worker)."""
    printed = io.StringIO()
    message, notes, unanswered = "", list[str](), False
    try:
        timeouts = {name: QUICK_CALL_TIMEOUT for name in quick} if call_timeout is None else {}
        worker, notes = start_worker(prelude, cells, left_out=left_out, call_timeout=call_timeout or CALL_TIMEOUT,
                                     quick=timeouts, cpu_limit=int(check_timeout) + 10)
        with worker, contextlib.redirect_stdout(printed), seeded(seed), time_limit(check_timeout):
            check(*(RemoteFunction(worker, name) for name in exercise.functions))
    except CheckTimedOut:
        message = f"the check ran past its {check_timeout:g} s limit"
    except CheckFailed as failed:
        message, unanswered = str(failed) or type(failed).__name__, isinstance(failed, NotAnswered)
    except Exception as error:  # noqa: BLE001 - a check that breaks is reported, grading goes on
        message = f"the check could not run: {type(error).__name__}: {error}"
    text = printed.getvalue().strip()
    if not message:  # the check returned: it passed (a check raises CheckFailed on any failure)
        return Mark(exercise.name, exercise.points, exercise.points, text, notes)
    return Mark(exercise.name, exercise.points, 0.0, f"{text}\n{message}".strip(), notes, unanswered)
