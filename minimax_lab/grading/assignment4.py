"""Assignment 4 checks: the complexity of alpha-beta, its best case (Knuth and Moore's count of
leaves) and the effective branching factor."""

from __future__ import annotations

import math
from typing import Any, Callable, Optional

from ..checks.core import Failure, plain_number, same
from ..core.text import shown
from ..core.trees import distinct_tree
from ..games.protocol import TreeGame
from ..search.ordering import exact_order
from ..search.textbook import alphabeta
from .reports import attempt, judge_cases, raised

BEST_CASE_SHAPES = tuple((b, d) for b in range(1, 6) for d in range(1, 8) if b ** d <= 3125)
"""(branching, depth) pairs check_best_case_leaves tries: every one with at most 3,125 leaves."""

EBF_CASES = ((53, 5), (7, 2), (15, 3), (121, 4), (4, 3), (2, 1), (1000, 1), (1_000_000, 6),
             (18297, 9), (549946, 9), (2, 3))
"""(nodes, depth) pairs for check_effective_branching_factor: AIMA's 52 generated nodes at depth 5
(b* = 1.92, AIMA 3rd ed. section 3.6.1), whole-number trees (7 = 1+2+4), tic-tac-toe's full
minimax and alpha-beta counts, and a count below depth + 1 (a fraction under 1)."""


def check_best_case_leaves(best_case_leaves: Callable[[int, int], int]) -> None:
    """Check best_case_leaves(b, d) against the leaves the package's alphabeta examines on uniform
    trees with distinct leaves when moves are ordered by their exact value (Knuth and Moore, 1975)."""
    __tracebackhide__ = True

    def judge(shape: tuple[int, int]) -> Optional[Failure]:
        b, d = shape
        game = TreeGame(distinct_tree(b, d, seed=b * 10 + d))
        want = alphabeta(game, order=exact_order(game)).leaves
        got, error = attempt(best_case_leaves, b, d)
        if error is None and same(got, want):
            return None
        return Failure(f"a uniform tree of branching {b} and depth {d}, best moves searched first",
                        f"best_case_leaves({b}, {d})", repr(want), raised(error) if error else shown(got),
                        None, error)

    judge_cases("best_case_leaves", f"matches alpha-beta on {len(BEST_CASE_SHAPES)} perfectly ordered trees",
                BEST_CASE_SHAPES, judge)


def _sum_of_powers(b: Any, depth: int) -> Optional[float]:
    """Return 1 + b + ... + b**depth as a float, or None when it is beyond any float (b = 10**400)."""
    try:
        return float(sum(b ** i for i in range(depth + 1)))
    except OverflowError:
        return None


def check_effective_branching_factor(effective_branching_factor: Callable[[int, int], float]) -> None:
    """Check effective_branching_factor(nodes, depth): the b* with 1 + b* + ... + b*^depth = nodes,
    to a relative error of 1e-6, for the pairs in EBF_CASES."""
    __tracebackhide__ = True

    def judge(case: tuple[int, int]) -> Optional[Failure]:
        nodes, depth = case
        got, error = attempt(effective_branching_factor, nodes, depth)
        total = _sum_of_powers(got, depth) if error is None and plain_number(got) and got > 0 else None
        if total is not None and math.isclose(total, nodes, rel_tol=1e-6):
            return None
        want = f"b* > 0 with 1 + b* + ... + b*^{depth} = {nodes}"
        if error is not None:
            return Failure(case, f"effective_branching_factor({nodes}, {depth})", want, raised(error),
                            None, error)
        returned = shown(got)
        if total is not None:
            returned += f", for which the sum is {total:.6g}"
        elif plain_number(got) and got > 0:
            returned += ", for which the sum is too large for a float"
        return Failure(case, f"effective_branching_factor({nodes}, {depth})", want, returned)

    judge_cases("effective_branching_factor", f"correct on {len(EBF_CASES)} (nodes, depth) pairs", EBF_CASES,
                judge)
