"""Assignment 2 checks: negamax, and alpha-beta in both forms (minimax and negamax), whose leaves
examined must be alphabeta's, in order."""

from __future__ import annotations

import copy
from typing import Any, Callable, Optional

from ..search import INF, alphabeta, minimax, negamax
from ..trace import Trace
from ..trees import Tree
from .cases import Case, tree_cases
from .reports import Mismatch, attempt, check_tree_values, judge_cases, number_text, raised, same


def check_negamax(negamax_value: Callable[[Tree, int], float]) -> None:
    """Check negamax_value(tree, color) (color +1: MAX to move, -1: MIN) against the package's
    negamax: the value from the point of view of the player to move at the root."""
    __tracebackhide__ = True
    check_tree_values("negamax_value", negamax_value, negamax, lambda case: case.color, "color={:+d}")


def _judge_pruning(case: Case, func: Callable, call: str, args: tuple, want: float,
                   examined: list) -> Optional[Mismatch]:
    """Compare a pruning search's value and the leaves it examined with the package's alphabeta."""
    trace = Trace()
    alphabeta(case.game, trace=trace)
    leaves = trace.leaf_values()
    got, error = attempt(func, *args)
    if error is not None:
        return Mismatch(case, call, f"value {number_text(want)}", raised(error), "alphabeta", error)
    if not same(got, want):
        return Mismatch(case, call, f"value {number_text(want)}", f"value {number_text(got)}", "alphabeta")
    if examined != leaves:
        at = next((i for i, (a, b) in enumerate(zip(examined, leaves)) if a != b),
                  min(len(examined), len(leaves)))
        return Mismatch(case, call, f"the leaves {leaves} examined, in this order",
                        f"the leaves {examined} (they differ from leaf number {at + 1} on)", "alphabeta")
    return None


def _check_pruning(name: str, student: Callable, search: Callable, argument: Callable[[Case], Any],
                   shown: str) -> None:
    """Check student(tree, -inf, +inf, argument(case), examined) on every tree case: its value must be
    search(case.game).value and the leaves it examined alphabeta's; `shown` formats the argument."""
    __tracebackhide__ = True

    def judge(case: Case) -> Optional[Mismatch]:
        examined: list = []
        call = f"{name}(tree, -inf, +inf, {shown.format(argument(case))}, examined)"
        return _judge_pruning(case, student, call,
                              (copy.deepcopy(case.tree), -INF, INF, argument(case), examined),
                              search(case.game).value, examined)

    cases = tree_cases()
    judge_cases(name, f"{len(cases)} trees correct, values and leaves examined", cases, judge)


def check_alphabeta(alphabeta_value: Callable[[Tree, float, float, bool, list], float]) -> None:
    """Check alphabeta_value(tree, alpha, beta, maximizing, examined) called with the full window:
    its value must be minimax's, and the leaf values it appended to `examined` must be those the
    package's alphabeta examines, in the same order (children left to right, prune when
    alpha >= beta)."""
    __tracebackhide__ = True
    _check_pruning("alphabeta_value", alphabeta_value, minimax, lambda case: case.maximizing, "maximizing={}")


def check_negamax_alphabeta(negamax_alphabeta: Callable[[Tree, float, float, int, list], float]) -> None:
    """Check negamax_alphabeta(tree, alpha, beta, color, examined) called with the full window: its
    value must be negamax's (the side to move's view) and the leaf values it appended to
    `examined` (as they stand in the tree) those the package's alphabeta examines, in order."""
    __tracebackhide__ = True
    _check_pruning("negamax_alphabeta", negamax_alphabeta, negamax, lambda case: case.color, "color={:+d}")
