"""Node-count experiments on uniform trees, and the theory they are measured against.

The measurements search `UniformTree`s (implicit, so a million leaves take no memory) with
minimax and with alpha-beta under worst, random, given and best ordering, and return tidy rows
(one dict per search) for tables and plots. Leaf values are drawn from 2**62 values, so ties
(which would let alpha-beta prune more than the theory says) practically never happen.

The theory: minimax evaluates all b**d leaves. Alpha-beta with the best ordering evaluates the
minimal tree, b**ceil(d/2) + b**floor(d/2) - 1 leaves (Knuth and Moore, 1975); with the worst
ordering nearly all of them (a bound from far up the path still cuts a little); with random
ordering a number that grows like R**d as d grows, where R = xi / (1 - xi) and xi is the root in
(0, 1) of x**b + x - 1 = 0 (Pearl, 1982). The rule of thumb b**(3/4) is above R for b up to 460 and
below it from b = 461 on: R grows like b / ln b, faster than b**c for any c < 1.

A search's effective branching factor is AIMA's b* (4th ed., section 3.6.1): the branching factor
of the uniform tree of the search's depth with as many nodes, N + 1 = 1 + b* + ... + b***d, where
N + 1 counts the nodes visited, the root included.

`side_by_side` measures the searches with narrow windows (windows.py) against minimax, alpha-beta
and solve on one position of a game.
"""

from __future__ import annotations

import math
import time
from collections import defaultdict
from statistics import mean
from typing import Any, Callable, Iterable, Optional

import numpy as np

from ..core.table import TranspositionTable
from ..core.trees import Tree, deepest_within, is_number, mix64, uniform_nodes
from ..games.protocol import Game, UniformTree
from ..search.ordering import ByEvaluation, RandomOrder
from ..search.registry import ORDERINGS, one_of
from ..search.solve import solve
from ..search.textbook import Evaluate, Ordering, SearchResult, alphabeta, minimax
from ..search.windows import aspiration, mtdf, pvs

VALUES = 2 ** 62
"""How many distinct leaf values the experiment trees draw from."""

MAX_LEAVES = 2 ** 20
"""The largest tree (in leaves) an experiment searches: about a million."""

SEARCHES = (("minimax", "given"), ("alphabeta", "worst"), ("alphabeta", "random"),
            ("alphabeta", "best"))
"""The (algorithm, ordering) pairs measured by default."""


Row = dict[str, Any]
Progress = Callable[[int, int], None]


# The theory

def full_leaves(branching: int, depth: int) -> int:
    """Return the number of leaves of a uniform tree, b**d: what minimax evaluates."""
    return branching ** depth


def minimal_leaves(branching: int, depth: int) -> int:
    """Return the leaves of the minimal tree, b**ceil(d/2) + b**floor(d/2) - 1 (Knuth-Moore):
    what alpha-beta evaluates with the best ordering.

    >>> minimal_leaves(3, 2), minimal_leaves(3, 3)
    (5, 11)
    """
    return branching ** math.ceil(depth / 2) + branching ** (depth // 2) - 1


def minimal_nodes(branching: int, depth: int) -> int:
    """Return the nodes of the minimal tree: at each ply k, the minimal tree of depth k's leaves."""
    return sum(minimal_leaves(branching, ply) for ply in range(depth + 1))


def pearl_root(branching: int) -> float:
    """Return xi_b, the root in (0, 1) of x**b + x - 1 = 0, by bisection.

    >>> round(pearl_root(2), 6)    # (sqrt(5) - 1) / 2
    0.618034
    """
    low, high = 0.0, 1.0
    for _ in range(100):
        middle = (low + high) / 2
        low, high = (middle, high) if middle ** branching + middle - 1 < 0 else (low, middle)
    return (low + high) / 2


def pearl_branching(branching: int) -> float:
    """Return Pearl's branching factor of alpha-beta with random ordering, xi_b / (1 - xi_b)."""
    xi = pearl_root(branching)
    return xi / (1 - xi)


def deepest_growth(growth: float, leaves: int) -> int:
    """Return the greatest depth d (at most 64) with growth**d <= leaves.

    >>> deepest_growth(2, 2 ** 20), deepest_growth(3, 80), deepest_growth(pearl_branching(2), 10)
    (20, 3, 4)
    """
    return deepest_within(lambda d: growth ** d, leaves, most=64)


def theory(branching: int, depths: Iterable[int]) -> list[Row]:
    """Return one row per (model, depth) with the leaves each model predicts: 'b^d' (minimax),
    'Knuth-Moore' (best ordering), 'Pearl' (random ordering, R**d) and 'b^(3/4)' (b**(3d/4))."""
    models = {
        "b^d": lambda d: full_leaves(branching, d),
        "Knuth-Moore": lambda d: minimal_leaves(branching, d),
        "Pearl": lambda d: pearl_branching(branching) ** d,
        "b^(3/4)": lambda d: branching ** (0.75 * d),
    }
    return [{"model": model, "branching": branching, "depth": d, "leaves": predict(d)}
            for model, predict in models.items() for d in depths]


def effective_branching_factor(nodes: float, depth: int) -> float:
    """Return AIMA's effective branching factor b* of a search of `depth` plies that visited `nodes`
    nodes, the root included: the b* > 0 with 1 + b* + (b*)**2 + ... + (b*)**depth = nodes (so
    nodes is AIMA's N + 1; a mean over several searches may be fractional). Solved by bisection; nan
    at depth 0, where no ply has a branching factor.

    >>> round(effective_branching_factor(53, 5), 2)     # AIMA 3.6.1: 52 nodes generated, depth 5
    1.92
    >>> effective_branching_factor(1 + 3 + 9 + 27, 3)   # a uniform tree: b* is its branching factor
    3.0
    """
    if not is_number(nodes) or not nodes >= 1 or nodes == math.inf:
        raise ValueError(f"nodes must be a number of nodes, at least 1 (the root), got {nodes!r}")
    if isinstance(depth, bool) or not isinstance(depth, int) or depth < 0:
        raise ValueError(f"depth must be a whole number of plies, at least 0, got {depth!r}")
    if depth == 0:
        return math.nan

    def tree_nodes(b: float) -> float:
        return sum(b ** ply for ply in range(depth + 1))

    low, high = 0.0, float(nodes) ** (1 / depth)     # (b*)**depth < nodes, so b* < high
    while low < (middle := (low + high) / 2) < high:  # halve [low, high] down to adjacent floats
        low, high = (middle, high) if tree_nodes(middle) < nodes else (low, middle)
    return min((low, high), key=lambda b: abs(tree_nodes(b) - nodes))


# The trees and their orderings

def experiment_tree(branching: int, depth: int, *, seed: int = 0) -> UniformTree:
    """Return the UniformTree an experiment searches (leaf values from VALUES, so no ties)."""
    return UniformTree(branching, depth, seed=seed, values=VALUES)


def subtree_values(tree: UniformTree) -> np.ndarray:
    """Return the minimax value (MAX's view) of every node of `tree`, indexed as its states
    number them: one bottom-up pass over the levels, vectorized with numpy."""
    b, d = tree.branching, tree.depth
    first_leaf = uniform_nodes(b, d - 1) if d > 0 else 0
    index = np.arange(first_leaf, first_leaf + b ** d, dtype=np.uint64)
    level = _mix_array(np.uint64(mix64(tree.seed)) ^ index) % np.uint64(tree.values)
    levels = [level.astype(np.int64)]
    for ply in range(d - 1, -1, -1):
        children = levels[-1].reshape(-1, b)
        levels.append(children.max(axis=1) if ply % 2 == 0 else children.min(axis=1))
    return np.concatenate(levels[::-1])


def _mix_array(x: np.ndarray) -> np.ndarray:
    """Return trees.mix64 applied to each element of a uint64 array (arithmetic wraps mod 2**64)."""
    x = x + np.uint64(0x9E3779B97F4A7C15)
    x = (x ^ (x >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    x = (x ^ (x >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return x ^ (x >> np.uint64(31))


def uniform_ordering(tree: UniformTree, ordering: str, *, seed: int = 0) -> Optional[Any]:
    """Return the ordering named `ordering` ('given', 'worst', 'random' or 'best') for `tree`.

    'best' and 'worst' order by exact subtree values, computed once for the whole tree by
    subtree_values, so they cost one pass over the tree rather than a search per child.
    """
    if one_of(ordering, "ordering", ORDERINGS) == "given":
        return None
    if ordering == "random":
        return RandomOrder(seed)
    values = subtree_values(tree)  # "best" or "worst"
    return ByEvaluation(lambda state: int(values[state[0]]), worst=ordering == "worst")


# The measurements

def measure(branching: int, depth: int, algorithm: str = "alphabeta", ordering: str = "given", *,
            seed: int = 0, max_leaves: int = MAX_LEAVES) -> Row:
    """Return one row: the nodes, leaves and seconds of one search of experiment_tree(branching,
    depth, seed=seed) by `algorithm` ('minimax' or 'alphabeta') under `ordering`.

    >>> row = measure(3, 4, "alphabeta", "best")
    >>> row["leaves"] == minimal_leaves(3, 4)
    True
    """
    if branching ** depth > max_leaves:
        raise ValueError(f"a tree of {branching}**{depth} leaves is bigger than "
                         f"max_leaves={max_leaves}")
    if algorithm not in ("minimax", "alphabeta"):
        raise ValueError(f"unknown algorithm {algorithm!r}: choose 'minimax' or 'alphabeta'")
    tree = experiment_tree(branching, depth, seed=seed)
    order = uniform_ordering(tree, ordering, seed=seed)
    if algorithm == "minimax" and order is not None:
        raise ValueError("minimax visits every node whatever the order: use ordering='given'")
    start = time.perf_counter()
    result = minimax(tree) if algorithm == "minimax" else alphabeta(tree, order=order)
    seconds = time.perf_counter() - start
    return {"algorithm": algorithm, "ordering": ordering, "branching": branching, "depth": depth,
            "seed": seed, "nodes": result.nodes, "leaves": result.leaves, "seconds": seconds,
            "ebf": effective_branching_factor(result.nodes, depth)}




def node_counts(branching: int, depths: Iterable[int], *,
                searches: Iterable[tuple[str, str]] = SEARCHES, seeds: Iterable[int] = (0,),
                max_leaves: int = MAX_LEAVES,
                progress: Optional[Progress] = None) -> list[Row]:
    """Return one measured row per (search, depth, seed), for each (algorithm, ordering) in
    `searches`; each seed draws another tree (and another random order).

    `progress(done, total)` is called after each search, for progress bars.
    """
    points = [(algorithm, ordering, d, seed) for algorithm, ordering in searches
              for d in depths for seed in seeds]
    rows = []
    for done, (algorithm, ordering, d, seed) in enumerate(points, 1):
        rows.append(measure(branching, d, algorithm, ordering, seed=seed, max_leaves=max_leaves))
        if progress is not None:
            progress(done, len(points))
    return rows


def depth_within_budget(branching: int, budget: int, *,
                        searches: Iterable[tuple[str, str]] = SEARCHES, seed: int = 0,
                        max_leaves: int = MAX_LEAVES) -> list[Row]:
    """Return, for each search, the deepest tree it searches within `budget` nodes (and the nodes
    it took). 'capped' is True when the limit max_leaves, not the budget, stopped it."""
    rows = []
    for algorithm, ordering in searches:
        reached: Row = {"algorithm": algorithm, "ordering": ordering, "branching": branching,
                        "budget": budget, "depth": 0, "nodes": 1, "capped": False}
        depth = 1
        while True:
            if branching ** depth > max_leaves:
                reached["capped"] = True
                break
            row = measure(branching, depth, algorithm, ordering, seed=seed, max_leaves=max_leaves)
            if row["nodes"] > budget:
                break
            reached.update(depth=depth, nodes=row["nodes"])
            depth += 1
        rows.append(reached)
    return rows


def theory_depth_within_budget(branching: int, budget: int) -> list[Row]:
    """Return, like depth_within_budget but from the formulas, the deepest tree minimax (all
    1 + b + ... + b**d nodes) and best-first alpha-beta (the minimal tree's nodes) finish within
    `budget` nodes, for branching factors too large to measure.

    >>> [(row["ordering"], row["depth"]) for row in theory_depth_within_budget(35, 10 ** 6)]
    [('given', 3), ('best', 6)]
    """
    if isinstance(branching, bool) or not isinstance(branching, int) or branching < 2:
        raise ValueError(f"branching must be a whole number, at least 2, got {branching!r}")
    rows = []
    for (algorithm, ordering), nodes in [(("minimax", "given"), uniform_nodes),
                                         (("alphabeta", "best"), minimal_nodes)]:
        depth = deepest_within(lambda d: nodes(branching, d), budget, most=4096)
        rows.append({"algorithm": algorithm, "ordering": ordering, "branching": branching,
                     "budget": budget, "depth": depth, "nodes": nodes(branching, depth),
                     "capped": False})
    return rows


# The searches with narrow windows, side by side on one position

WINDOW_SEARCHES = ("minimax", "alphabeta", "pvs", "aspiration", "mtdf", "solve")
"""The searches side_by_side runs by default, in the order a table lists them. It also offers
"pvs+table": pvs with a transposition table of its own, as mtdf and solve have."""


def side_by_side(game: Game | Tree, state: Any = None, *, depth: Optional[int] = None,
                 evaluate: Optional[Evaluate] = None, order: Optional[Ordering] = None,
                 guess: float = 0, width: float = 0.5,
                 searches: Iterable[str] = WINDOW_SEARCHES) -> list[Row]:
    """Return one row (search, value, move, nodes, leaves) per search of `state` named in
    `searches`: minimax, alphabeta, pvs, pvs+table (pvs with a new transposition table),
    aspiration (window guess - width .. guess + width) and mtdf (first test at `guess`, its own
    table), all with the same `depth`, `evaluate` and `order`, and solve (its own ordering and
    table; skipped with a depth limit, which solve does not take).

    >>> print(text_table(side_by_side([[3, 12, 8], [2, 4, 6], [14, 5, 2]], guess=3, width=1)))
        search  value  move  nodes  leaves
       minimax      3     0     13       9
     alphabeta      3     0     11       7
           pvs      3     0     11       7
    aspiration      3     0     11       7
          mtdf      3     0     14       8
         solve      3     0      9       5
    """
    runs: dict[str, Callable[[], SearchResult]] = {
        "minimax": lambda: minimax(game, state, depth=depth, evaluate=evaluate),
        "alphabeta": lambda: alphabeta(game, state, depth=depth, evaluate=evaluate, order=order),
        "pvs": lambda: pvs(game, state, depth=depth, evaluate=evaluate, order=order),
        "pvs+table": lambda: pvs(game, state, depth=depth, evaluate=evaluate, order=order,
                                 table=TranspositionTable()),
        "aspiration": lambda: aspiration(game, state, guess=guess, width=width, depth=depth,
                                         evaluate=evaluate, order=order),
        "mtdf": lambda: mtdf(game, state, guess=guess, depth=depth, evaluate=evaluate, order=order),
        "solve": lambda: solve(game, state),
    }
    searches = list(searches)
    unknown = [name for name in searches if name not in runs]
    if unknown:
        raise ValueError(f"unknown search {unknown[0]!r}: choose from {list(runs)}")
    rows = []
    for name in searches:
        if name == "solve" and depth is not None:
            continue
        result = runs[name]()
        rows.append({"search": name, "value": result.value, "move": result.move,
                     "nodes": result.nodes, "leaves": result.leaves})
    return rows


# Summaries

def mean_by_depth(rows: Iterable[Row], quantity: str = "leaves") -> dict[tuple, dict[int, float]]:
    """Return, for each (algorithm, ordering), the mean of `quantity` over the seeds
    measured at each depth."""
    samples: dict[tuple, dict[int, list]] = defaultdict(lambda: defaultdict(list))
    for row in rows:
        samples[row["algorithm"], row["ordering"]][row["depth"]].append(row[quantity])
    return {search: {d: mean(values) for d, values in sorted(by_depth.items())}
            for search, by_depth in samples.items()}


def versus_theory(rows: Iterable[Row]) -> list[Row]:
    """Return one row per depth with the measured leaves of each search (the mean over the
    seeds; None where not measured) beside the theory's prediction for it."""
    rows = list(rows)
    branching = {row["branching"] for row in rows}
    if len(branching) != 1:
        raise ValueError(f"compare one branching factor at a time, got {sorted(branching)}")
    b = branching.pop()
    measured = mean_by_depth(rows)
    r = pearl_branching(b)

    def get(search: tuple, depth: int) -> Optional[float]:
        return measured.get(search, {}).get(depth)

    return [{"depth": d,
             "b^d": full_leaves(b, d), "minimax": get(("minimax", "given"), d),
             "worst first": get(("alphabeta", "worst"), d),
             "Knuth-Moore": minimal_leaves(b, d), "best first": get(("alphabeta", "best"), d),
             "Pearl R^d": r ** d, "b^(3d/4)": b ** (0.75 * d), "random": get(("alphabeta", "random"), d)}
            for d in sorted({row["depth"] for row in rows})]


def text_table(rows: Iterable[Row], columns: Optional[Iterable[str]] = None) -> str:
    """Return rows as a text table: one line per row, right-aligned columns, numbers rounded to
    whole numbers and None shown as '-'.

    >>> print(text_table([{"depth": 1, "leaves": 2.6}, {"depth": 10, "leaves": None}]))
    depth  leaves
        1       3
       10       -
    """
    rows = list(rows)
    columns = list(rows[0]) if columns is None else list(columns)

    def cell(value: Any) -> str:
        if value is None:
            return "-"
        return str(round(value)) if isinstance(value, (int, float)) else str(value)

    cells = [[cell(row[column]) for column in columns] for row in rows]
    widths = [max(len(column), *(len(line[i]) for line in cells)) for i, column in enumerate(columns)]
    lines = [columns] + cells
    return "\n".join("  ".join(text.rjust(width) for text, width in zip(line, widths)) for line in lines)


# Planning a quick measurement (what ComplexityExplorer measures when a slider moves)

QUICK_FULL_LEAVES = 10_000
"""Full-width searches (minimax, alpha-beta worst first) in a quick plan stop at this many leaves."""

QUICK_RANDOM_LEAVES = 4_000
"""A quick plan goes no deeper than where random-order alpha-beta would pass this many leaves."""

Plan = list[tuple[tuple[str, str], list[int]]]


def deepest_quick_depth(branching: int) -> int:
    """Return the deepest depth (at least 2) a quick plan may measure for `branching`, so that
    it runs in a second or two.

    >>> deepest_quick_depth(2), deepest_quick_depth(5)
    (17, 7)
    """
    return max(2, min(deepest_growth(branching, MAX_LEAVES),
                      deepest_growth(pearl_branching(branching), QUICK_RANDOM_LEAVES)))


def quick_plan(branching: int, max_depth: int) -> Plan:
    """Return each (algorithm, ordering) of SEARCHES with the depths from 1 to `max_depth` to
    measure it at: every depth, but full-width searches only within QUICK_FULL_LEAVES.

    >>> quick_plan(3, 9)[0]
    (('minimax', 'given'), [1, 2, 3, 4, 5, 6, 7, 8])
    """
    every = list(range(1, max_depth + 1))
    full = [d for d in every if full_leaves(branching, d) <= QUICK_FULL_LEAVES]
    return [(search, full if search in (("minimax", "given"), ("alphabeta", "worst")) else every)
            for search in SEARCHES]
