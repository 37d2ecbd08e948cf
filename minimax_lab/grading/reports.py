"""Judging and reporting: calling a student's function, comparing what it returns, and either
printing the check's one stable success line or showing the smallest failing case and raising
CheckFailed."""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any, Callable, Optional, Sequence

from ..games import TicTacToe, TicTacToeState
from ..text import value_text
from ..trees import is_number
from .cases import Case, tree_cases


class CheckFailed(AssertionError):
    """A student's function disagrees with the package's searches on some case."""


@dataclass
class Mismatch:
    """One failing case: how the function was called, what was expected, what came back."""

    case: Any
    call: str
    expected: str
    returned: str
    algorithm: Optional[str] = None
    error: Optional[BaseException] = None


def show_failure(case: Any, algorithm: Optional[str]) -> None:
    """Display a failing tree, drawn with `algorithm`'s values, when running under IPython."""
    try:
        from IPython import get_ipython
        from IPython.display import display
    except ImportError:
        return
    if get_ipython() is None or not isinstance(case, Case):
        return
    from ..draw import draw
    display(draw(case.game, algorithm, edge_labels=True))


def describe(case: Any) -> str:
    """Return the text that names a failing case: a tree, a tic-tac-toe position, or anything else."""
    if isinstance(case, Case):
        return f"{case.title()}:\n    tree = {case.tree!r}"
    if isinstance(case, TicTacToeState):
        board = str(case).replace("\n", "\n    ")
        return f"tic-tac-toe, {TicTacToe().to_move(case)} to move ({case!r}):\n    {board}"
    return str(case)


def case_size(case: Any) -> int:
    """Return how big a case is, to find the smallest failure: a tree's nodes, a position's moves."""
    if isinstance(case, Case):
        return case.size
    if isinstance(case, TicTacToeState):
        return len(TicTacToe().actions(case))
    return 0


def report(label: str, success: str, total: int, failures: list[Mismatch]) -> None:
    """Print the success line, or show the smallest failure and raise CheckFailed."""
    __tracebackhide__ = True
    if not failures:
        print(f"{label}: {success}")
        return
    worst = min(failures, key=lambda m: case_size(m.case))
    show_failure(worst.case, worst.algorithm)
    message = (f"{label} is wrong on {len(failures)} of {total} cases. The smallest is "
               f"{describe(worst.case)}\n  call:     {worst.call}\n"
               f"  expected: {worst.expected}\n  returned: {worst.returned}")
    raise CheckFailed(message) from worst.error


def judge_cases(label: str, success: str, cases: Sequence,
                judge: Callable[[Any], Optional[Mismatch]]) -> None:
    """Judge every case and report: the success line, or the smallest failure as CheckFailed."""
    __tracebackhide__ = True
    failures = [m for m in map(judge, cases) if m is not None]
    report(label, success, len(cases), failures)


def attempt(func: Callable, *args: Any) -> tuple[Any, Optional[BaseException]]:
    """Return (func(*args), None), or (None, the exception it raised); a student's function that
    is not written yet (NotImplementedError) stops the check instead."""
    try:
        return func(*args), None
    except NotImplementedError:
        raise
    except Exception as error:  # noqa: BLE001 - any error in student code is a failed case
        return None, error


def raised(error: BaseException) -> str:
    """Return how a failure report shows an exception: 'raised TypeError: ...'."""
    return f"raised {type(error).__name__}: {error}"


def same(got: Any, want: float) -> bool:
    """Return True when `got` is a number equal to `want`."""
    return is_number(got) and got == want


def number_text(x: Any) -> str:
    """Return a number as a failure report shows it (ASCII infinities), anything else by its repr."""
    return value_text(x, ascii=True) if is_number(x) else repr(x)


def check_tree_values(name: str, student: Callable, search: Callable, argument: Callable[[Case], Any],
                      shown: str) -> None:
    """Check student(tree, argument(case)) against search(case.game).value on every tree case;
    `shown` formats the argument in the failure report."""
    __tracebackhide__ = True

    def judge(case: Case) -> Optional[Mismatch]:
        want = search(case.game).value
        got, error = attempt(student, copy.deepcopy(case.tree), argument(case))
        if error is None and same(got, want):
            return None
        return Mismatch(case, f"{name}(tree, {shown.format(argument(case))})", number_text(want),
                        raised(error) if error else number_text(got), search.__name__, error)

    cases = tree_cases()
    judge_cases(name, f"{len(cases)} trees correct, MAX and MIN at the root", cases, judge)
