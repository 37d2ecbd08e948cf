"""Assignment 4 checks: the complexity of alpha-beta, its best case (Knuth and Moore's count of
leaves) and the effective branching factor.

Most cases are drawn when the check runs, from random.Random(seed) with the seed of the random
cases (checks.core.CASE_SEED: 0 in a notebook, the grading run's own seed under `make grade`), so
that an answer which remembers the cases it was shown earns nothing; a few fixed cases come first.
No answer is stored: the best case is counted by the package's alphabeta on each tree, and an
effective branching factor is judged by putting it back into the sum it solves."""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Callable, Optional

from ..checks.core import CASE_SEED, Failure, plain_number, same
from ..core.text import shown
from ..core.trees import distinct_tree, uniform_nodes
from ..games.protocol import TreeGame, UniformTree
from ..search.ordering import exact_order
from ..search.textbook import alphabeta
from .reports import attempt, judge_cases, raised

ORACLE_SHAPES = tuple((b, d) for b in range(2, 6) for d in range(1, 8) if b ** d <= 3125)
"""(branching, depth) pairs small enough for the oracle ordering (every node's exact value is
computed): at most 3,125 leaves."""

FIXED_SHAPES = ((1, 5), (2, 1), (3, 4))
"""Shapes check_best_case_leaves always tries: a chain, a single ply, the notebook's tree."""

RANDOM_ORACLE_SHAPES = 6
"""Shapes drawn from ORACLE_SHAPES, each a tree with distinct leaves shuffled from a drawn seed."""

RANDOM_LARGE_SHAPES = 12
"""Shapes drawn beyond ORACLE_SHAPES, each a BestFirstTree: a depth from 1 to LARGEST_DEPTH, then a
branching from 2 up to LARGEST_BRANCHING with b ** ceil(d / 2) at most LARGEST_HALF."""

LARGEST_BRANCHING, LARGEST_DEPTH, LARGEST_HALF = 1000, 16, 10_000
"""The bounds of the large shapes: the best case is then under 2 x LARGEST_HALF leaves, a few
hundredths of a second of search."""

EBF_FIXED = ((53, 5), (7, 2), (2, 3), (549946, 9), (18297, 9))
"""(nodes, depth) pairs check_effective_branching_factor always tries: AIMA's 52 generated nodes at
depth 5 (b* = 1.92, AIMA 4th ed. section 3.6.1), a whole-number tree (7 = 1 + 2 + 4), a count below
depth + 1 (a fraction under 1), and tic-tac-toe's full minimax and alpha-beta counts."""

EBF_RANDOM = 15
"""(nodes, depth) pairs drawn for check_effective_branching_factor: a depth from 1 to EBF_DEPTH, a
number of nodes from 2 to EBF_NODES, spread evenly on a log scale."""

EBF_DEPTH, EBF_NODES = 12, 10 ** 9


class BestFirstTree(UniformTree):
    """A uniform tree whose moves are already in the best order (the natural order is the oracle's),
    with distinct leaves: a leaf's value adds, for each move on its path, the move's number times
    (2b) to the power of the plies below it, minus at MAX's plies and plus at MIN's, so that move 0
    is best for the player to move and no subtree's values overlap a sibling's. Alpha-beta in the
    natural order examines its best case, without the exact values the oracle ordering needs."""

    def utility(self, state: tuple[int, int], player: str) -> int:
        index, ply = state
        offset = index - (uniform_nodes(self.branching, ply - 1) if ply else 0)
        value, weight = 0, 1
        for below in range(ply, 0, -1):  # the move made at ply `below - 1`, last move first
            offset, move = divmod(offset, self.branching)
            value += (move if below % 2 == 0 else -move) * weight
            weight *= 2 * self.branching
        return value if player == "MAX" else -value


@dataclass(frozen=True)
class Shape:
    """A case of check_best_case_leaves: a uniform tree of `branching` and `depth`, its distinct
    leaves shuffled from `seed` and searched with the oracle ordering, or (seed None) a
    BestFirstTree searched in the natural order."""

    branching: int
    depth: int
    seed: Optional[int] = None

    def best_case(self) -> int:
        """Return the leaves the package's alphabeta examines on this tree, best moves first."""
        b, d = self.branching, self.depth
        if self.seed is None:
            return alphabeta(BestFirstTree(b, d)).leaves
        game = TreeGame(distinct_tree(b, d, seed=self.seed))
        return alphabeta(game, order=exact_order(game)).leaves

    def __str__(self) -> str:
        return f"a uniform tree of branching {self.branching} and depth {self.depth}, best moves searched first"


def _widest(depth: int) -> int:
    """Return the largest branching b, from 2 to LARGEST_BRANCHING, with b ** ceil(depth / 2) at
    most LARGEST_HALF."""
    half, widest = (depth + 1) // 2, 2
    while widest < LARGEST_BRANCHING and (widest + 1) ** half <= LARGEST_HALF:
        widest += 1
    return widest


def best_case_shapes(seed: Optional[int] = None) -> list[Shape]:
    """Return the cases of check_best_case_leaves, fewest leaves first: FIXED_SHAPES, then
    RANDOM_ORACLE_SHAPES drawn from ORACLE_SHAPES and RANDOM_LARGE_SHAPES beyond them, all drawn
    from random.Random(seed) (default: CASE_SEED)."""
    rng = random.Random(CASE_SEED.get() if seed is None else seed)
    shapes = [Shape(b, d, rng.randrange(2 ** 32)) for b, d in FIXED_SHAPES]
    shapes += [Shape(b, d, rng.randrange(2 ** 32)) for b, d in rng.sample(ORACLE_SHAPES, RANDOM_ORACLE_SHAPES)]
    large: set[tuple[int, int]] = set()
    while len(large) < RANDOM_LARGE_SHAPES:
        depth = rng.randint(1, LARGEST_DEPTH)
        shape = (rng.randint(2, _widest(depth)), depth)
        if shape not in ORACLE_SHAPES:
            large.add(shape)
    shapes += [Shape(b, d) for b, d in sorted(large)]
    return sorted(shapes, key=lambda shape: shape.branching ** shape.depth)


def check_best_case_leaves(best_case_leaves: Callable[[int, int], int]) -> None:
    """Check best_case_leaves(b, d) against the leaves the package's alphabeta examines on uniform
    trees with distinct leaves when moves are searched best first (Knuth and Moore, 1975), on the
    shapes of best_case_shapes()."""
    __tracebackhide__ = True

    def judge(shape: Shape) -> Optional[Failure]:
        b, d = shape.branching, shape.depth
        got, error = attempt(best_case_leaves, b, d)
        want = shape.best_case()
        if error is None and same(got, want):
            return None
        return Failure(shape, f"best_case_leaves({b}, {d})", repr(want), raised(error) if error else shown(got),
                        None, error)

    shapes = best_case_shapes()
    judge_cases("best_case_leaves", f"matches alpha-beta on {len(shapes)} perfectly ordered trees", shapes, judge)


def ebf_cases(seed: Optional[int] = None) -> list[tuple[int, int]]:
    """Return the (nodes, depth) pairs of check_effective_branching_factor: EBF_FIXED, then
    EBF_RANDOM pairs drawn from random.Random(seed) (default: CASE_SEED)."""
    rng = random.Random(CASE_SEED.get() if seed is None else seed)
    cases = list(EBF_FIXED)
    while len(cases) < len(EBF_FIXED) + EBF_RANDOM:
        case = (int(10 ** rng.uniform(math.log10(2), math.log10(EBF_NODES))), rng.randint(1, EBF_DEPTH))
        if case not in cases:
            cases.append(case)
    return cases


def _sum_of_powers(b: float, depth: int) -> Optional[float]:
    """Return 1 + b + ... + b**depth as a float, or None when it is beyond any float (b = 10**400)."""
    try:
        return float(sum(b ** i for i in range(depth + 1)))
    except OverflowError:
        return None


def check_effective_branching_factor(effective_branching_factor: Callable[[int, int], float]) -> None:
    """Check effective_branching_factor(nodes, depth): the b* with 1 + b* + ... + b*^depth = nodes,
    to a relative error of 1e-6, for the pairs of ebf_cases()."""
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

    cases = ebf_cases()
    judge_cases("effective_branching_factor", f"correct on {len(cases)} (nodes, depth) pairs", cases, judge)
