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

`compare_searches` measures the searches with narrow windows (windows.py) against minimax, alpha-beta
and solve on one position of a game.
"""

from __future__ import annotations

import math
import time
from collections import defaultdict
from numbers import Real
from statistics import mean
from typing import TYPE_CHECKING, Any, Callable, Iterable, Optional

from ..core.game_types import A, S
from ..core.table import TranspositionTable
from ..core.text import shown
from ..core.trees import MAX_FORMULA_DEPTH, Tree, deepest_within, is_number, mix64, uniform_nodes
from ..core.validation import as_float, callable_value, real_number, whole_number
from ..games.protocol import Game, UniformTree, as_game, start_state
from ..search.ordering import ByEvaluation, RandomOrder
from ..search.registry import CATALOG, FOR_MAX, GAME_OR_TREE, ORDERINGS, names, one_of, search_entry
from ..search.textbook import Evaluate, Ordering

if TYPE_CHECKING:
    import numpy as np

VALUES = 2 ** 62
"""How many distinct leaf values the experiment trees draw from."""

MAX_LEAVES = 2 ** 20
"""The largest tree (in leaves) an experiment searches: about a million."""

MOST_LEAVES = 2 ** 24
"""The largest max_leaves an experiment takes: 16 times MAX_LEAVES (a search of minutes, and numpy
arrays of a few hundred megabytes for the orderings that know the values)."""

SEARCHES = (("minimax", "given"), ("alphabeta", "worst"), ("alphabeta", "random"),
            ("alphabeta", "best"))
"""The (algorithm, ordering) pairs measured by default (names from the registry)."""

MEASURED = names(lambda search: search.alone and search.exact
                 and not (search.own_order or search.own_table))
"""The searches `measure` runs: those that find the exact value from a tree alone, in the order
the experiment chooses, and keep no table (a million leaves would not fit in one)."""


Row = dict[str, Any]
Progress = Callable[[int, int], None]


# The theory

MAX_BRANCHING = 10 ** 9
"""The largest branching factor the theory's formulas accept (with depths up to MAX_FORMULA_DEPTH)."""


def check_sizes(branching: object, depth: object = 0) -> None:
    """Raise ValueError unless `branching` is a whole number from 1 to MAX_BRANCHING and `depth`
    one from 0 to MAX_FORMULA_DEPTH: trees the formulas describe, and answer for at once."""
    whole_number(branching, "branching", 1, MAX_BRANCHING)
    whole_number(depth, "depth", 0, MAX_FORMULA_DEPTH)


def check_max_leaves(max_leaves: object) -> int:
    """Return `max_leaves` if it is a whole number from 1 to MOST_LEAVES, else raise ValueError."""
    return whole_number(max_leaves, "max_leaves", 1, MOST_LEAVES)


def listed(values: object, name: str) -> list[Any]:
    """Return `values` (an iterable, not a string) as a list, else raise TypeError naming `name`."""
    if isinstance(values, (str, bytes)) or not isinstance(values, Iterable):
        raise TypeError(f"{name} must be a list, got {shown(values)}")
    return list(values)


def check_searches(searches: object) -> list[tuple[str, str]]:
    """Return `searches` as a list of (algorithm, ordering) pairs of names, else raise ValueError."""
    pairs = listed(searches, "searches")
    for pair in pairs:
        if not (isinstance(pair, (tuple, list)) and len(pair) == 2 and all(isinstance(n, str) for n in pair)):
            raise ValueError(f"searches must be a list of (algorithm, ordering) pairs such as "
                             f"('alphabeta', 'best'), got {shown(pair)} in it")
    return [(algorithm, ordering) for algorithm, ordering in pairs]


def full_leaves(branching: int, depth: int) -> int:
    """Return the number of leaves of a uniform tree, b**d: what minimax evaluates."""
    check_sizes(branching, depth)
    leaves: int = branching ** depth
    return leaves


def minimal_leaves(branching: int, depth: int) -> int:
    """Return the leaves of the minimal tree, b**ceil(d/2) + b**floor(d/2) - 1 (Knuth-Moore):
    what alpha-beta evaluates with the best ordering.

    >>> minimal_leaves(3, 2), minimal_leaves(3, 3)
    (5, 11)
    """
    check_sizes(branching, depth)
    leaves: int = branching ** math.ceil(depth / 2) + branching ** (depth // 2) - 1
    return leaves


def minimal_nodes(branching: int, depth: int) -> int:
    """Return the nodes of the minimal tree: at each ply k, the minimal tree of depth k's leaves,
    b**ceil(k/2) + b**floor(k/2) - 1, summed for k = 0 .. d in closed form (two geometric sums).

    >>> minimal_nodes(3, 3) == sum(minimal_leaves(3, k) for k in range(4))
    True
    """
    check_sizes(branching, depth)
    half = depth // 2
    pairs = 2 * uniform_nodes(branching, half)  # b**0, b**0, b**1, b**1, ..., b**half, b**half
    if depth % 2:  # the floors are the pairs; the ceilings have b**0 once and b**(half + 1) once more
        floors, ceilings = pairs, pairs - 1 + branching ** (half + 1)
    else:          # the floors have b**half once; the ceilings b**0 once
        floors, ceilings = pairs - branching ** half, pairs - 1
    nodes: int = floors + ceilings - (depth + 1)
    return nodes


def pearl_root(branching: int) -> float:
    """Return xi_b, the root in (0, 1) of x**b + x - 1 = 0, by bisection.

    >>> round(pearl_root(2), 6)    # (sqrt(5) - 1) / 2
    0.618034
    """
    check_sizes(branching)
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
    if real_number(growth, "growth", finite=True) < 1:
        raise ValueError(f"growth must be a number >= 1 (a branching factor), got {shown(growth)}")
    if real_number(leaves, "leaves") < 1:
        raise ValueError(f"leaves must be a number >= 1, got {shown(leaves)}")

    def power(depth: int) -> float:
        try:
            return growth ** depth
        except OverflowError:  # a float growth past the largest float: more than any number of leaves
            return math.inf

    return deepest_within(power, leaves, most=64)


def theory(branching: int, depths: Iterable[int]) -> list[Row]:
    """Return one row per (model, depth) with the leaves each model predicts: 'b^d' (minimax),
    'Knuth-Moore' (best ordering), 'Pearl' (random ordering, R**d) and 'b^(3/4)' (b**(3d/4))."""
    check_sizes(branching)
    depths = listed(depths, "depths")
    for depth in depths:
        check_sizes(branching, depth)
    models: dict[str, Callable[[int], float]] = {
        "b^d": lambda d: full_leaves(branching, d),
        "Knuth-Moore": lambda d: minimal_leaves(branching, d),
        "Pearl": lambda d: float_power(pearl_branching(branching), d, f"Pearl's R**d at b = {branching}"),
        "b^(3/4)": lambda d: float_power(branching, 0.75 * d, f"b**(3d/4) at b = {branching}"),
    }
    return [{"model": model, "branching": branching, "depth": d, "leaves": predict(d)}
            for model, predict in models.items() for d in depths]


def float_power(base: float, exponent: float, what: str) -> float:
    """Return base ** exponent as a float, or raise ValueError starting with `what` when it is too
    large for one."""
    try:
        return float(base ** exponent)
    except OverflowError:
        raise ValueError(f"{what}, depth {exponent:g}: the prediction is too large for a float") from None


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
        raise ValueError(f"nodes must be a number of nodes, at least 1 (the root), got {shown(nodes)}")
    nodes = as_float(nodes, "nodes")  # 10**400 nodes: no search visits that many
    if isinstance(depth, bool) or not isinstance(depth, int) or not 0 <= depth <= MAX_FORMULA_DEPTH:
        raise ValueError(f"depth must be a whole number of plies, at least 0 (at most "
                         f"{MAX_FORMULA_DEPTH}), got {shown(depth)}")
    if depth == 0:
        return math.nan

    def tree_nodes(b: float) -> float:
        return sum(b ** ply for ply in range(depth + 1))

    low, high = 0.0, math.pow(nodes, 1 / depth)       # (b*)**depth < nodes, so b* < high
    while low < (middle := (low + high) / 2) < high:  # halve [low, high] down to adjacent floats
        low, high = (middle, high) if tree_nodes(middle) < nodes else (low, middle)
    return min((low, high), key=lambda b: abs(tree_nodes(b) - nodes))


# The trees and their orderings

def experiment_tree(branching: int, depth: int, *, seed: int = 0) -> UniformTree:
    """Return the UniformTree an experiment searches (leaf values from VALUES, so no ties)."""
    return UniformTree(branching, depth, seed=seed, values=VALUES)


def subtree_values(tree: UniformTree) -> np.ndarray:
    """Return the minimax value (MAX's view) of every node of `tree`, indexed as its states
    number them: one bottom-up pass over the levels, vectorized with numpy (imported here, so that
    the experiments that do not need it run where numpy is missing: the server-free edition)."""
    import numpy as np

    if not isinstance(tree, UniformTree):
        raise TypeError(f"subtree_values takes a UniformTree, not {shown(tree)}")
    b, d = tree.branching, tree.depth
    if b ** d > MOST_LEAVES:
        raise ValueError(f"{shown(tree)} has {b}**{d} leaves, more than MOST_LEAVES = {MOST_LEAVES:,}: too many to "
                         "value in memory at once")
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
    import numpy as np

    x = x + np.uint64(0x9E3779B97F4A7C15)
    x = (x ^ (x >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    x = (x ^ (x >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    mixed: np.ndarray = x ^ (x >> np.uint64(31))
    return mixed


def uniform_ordering(tree: UniformTree, ordering: str, *, seed: int = 0) -> Optional[Ordering]:
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
    depth, seed=seed) by `algorithm` (one of MEASURED) under `ordering`.

    >>> row = measure(3, 4, "alphabeta", "best")
    >>> row["leaves"] == minimal_leaves(3, 4)
    True
    """
    check_sizes(branching, depth)
    check_max_leaves(max_leaves)
    if branching ** depth > max_leaves:
        raise ValueError(f"a tree of {branching}**{depth} leaves is bigger than "
                         f"max_leaves={max_leaves}")
    search = CATALOG[one_of(algorithm, "algorithm", MEASURED)]
    if one_of(ordering, "ordering", ORDERINGS) != "given" and not search.order:
        raise ValueError(f"{algorithm} visits every node whatever the order: use ordering='given'")
    tree = experiment_tree(branching, depth, seed=seed)
    order = uniform_ordering(tree, ordering, seed=seed)
    start = time.perf_counter()
    result = search.function(tree, order=order) if search.order else search.function(tree)
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
    check_sizes(branching)
    depths, seeds, searches = listed(depths, "depths"), listed(seeds, "seeds"), check_searches(searches)
    check_max_leaves(max_leaves)
    if progress is not None:
        callable_value(progress, "progress", "progress(done, total)")
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
    if isinstance(branching, bool) or not isinstance(branching, int) or branching < 2:
        raise ValueError(f"branching must be a whole number, at least 2, got {shown(branching)}")
    check_sizes(branching)
    check_budget(budget)
    check_max_leaves(max_leaves)
    searches = check_searches(searches)
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


def check_budget(budget: object) -> None:
    """Raise ValueError unless `budget` is a number of nodes, at least 1 (the root)."""
    number = real_number(budget, "budget")  # a real number, or ValueError
    if isinstance(number, Real) and number < 1:
        raise ValueError(f"budget must be a number of nodes, at least 1 (the root), got {shown(budget)}")


def theory_depth_within_budget(branching: int, budget: int) -> list[Row]:
    """Return, like depth_within_budget but from the formulas, the deepest tree minimax (all
    1 + b + ... + b**d nodes) and best-first alpha-beta (the minimal tree's nodes) finish within
    `budget` nodes, for branching factors too large to measure.

    >>> [(row["ordering"], row["depth"]) for row in theory_depth_within_budget(35, 10 ** 6)]
    [('given', 3), ('best', 6)]
    """
    if isinstance(branching, bool) or not isinstance(branching, int) or branching < 2:
        raise ValueError(f"branching must be a whole number, at least 2, got {shown(branching)}")
    check_sizes(branching)
    check_budget(budget)
    rows = []
    for (algorithm, ordering), nodes in [(("minimax", "given"), uniform_nodes),
                                         (("alphabeta", "best"), minimal_nodes)]:
        depth = deepest_within(lambda d: nodes(branching, d), budget, most=MAX_FORMULA_DEPTH)
        rows.append({"algorithm": algorithm, "ordering": ordering, "branching": branching,
                     "budget": budget, "depth": depth, "nodes": nodes(branching, depth),
                     "capped": False})
    return rows


# The searches with narrow windows, side by side on one position

WINDOW_SEARCHES = names(lambda search: search.inputs == GAME_OR_TREE and search.exact
                        and search.value == FOR_MAX)
"""The searches compare_searches runs by default, in the registry's order: every search of a game or
tree that finds MAX's exact value (minimax, alpha-beta, those with narrow windows, solve)."""

WITH_A_TABLE = "+table"
"""After the name of a search that takes a table but keeps none ('pvs+table'): compare_searches runs
it with a new transposition table of its own, as mtdf and solve have."""

SIDE_BY_SIDE = (names(lambda search: search.inputs == GAME_OR_TREE and set(search.needs) <= {"guess", "width"})
                + tuple(name + WITH_A_TABLE
                        for name in names(lambda search: search.table and not search.own_table)))
"""Every search compare_searches offers: those of a game or tree it can give what they need, and
each with a table of its own where that makes another search."""


def compare_searches(game: Game[S, A] | Tree, state: Optional[S] = None, *, depth: Optional[int] = None,
                 evaluate: Optional[Evaluate] = None, order: Optional[Ordering] = None,
                 guess: float = 0, width: float = 0.5,
                 searches: Iterable[str] = WINDOW_SEARCHES) -> list[Row]:
    """Return one row (search, value, move, nodes, leaves) per search of `state` named in
    `searches` (from SIDE_BY_SIDE): minimax, alphabeta, pvs, pvs+table (pvs with a new
    transposition table), aspiration (window guess - width .. guess + width) and mtdf (first test
    at `guess`, its own table), all with the same `depth`, `evaluate` and `order`, and solve (its
    own ordering and table; skipped with a depth limit, which solve does not take).

    >>> print(text_table(compare_searches([[3, 12, 8], [2, 4, 6], [14, 5, 2]], guess=3, width=1)))
        search  value  move  nodes  leaves
       minimax      3     0     13       9
     alphabeta      3     0     11       7
           pvs      3     0     11       7
    aspiration      3     0     11       7
          mtdf      3     0     14       8
         solve      3     0      9       5
    """
    searches = [one_of(name, "search", SIDE_BY_SIDE) for name in listed(searches, "searches")]
    rows = []
    for name in searches:
        search = CATALOG[name.removesuffix(WITH_A_TABLE)]
        if depth is not None and not search.depth:
            continue
        options: dict[str, object] = {key: value for key, value in (("guess", guess), ("width", width))
                                   if key in search.options}
        if search.depth:
            options.update(depth=depth, evaluate=evaluate)
        if search.order and not search.own_order:
            options["order"] = order
        if name.endswith(WITH_A_TABLE):
            options["table"] = TranspositionTable()
        result = search.function(game, state, **options)
        rows.append({"search": name, "value": result.value, "move": result.move,
                     "nodes": result.nodes, "leaves": result.leaves})
    return rows


def smallest_proof(game: Game[S, A] | Tree, state: Optional[S] = None, *, test: float) -> int:
    """Return the fewest nodes any search must visit to answer the null-window test "is the minimax
    value of `state` (MAX's point of view) at least `test`?": the size of the smallest proof tree.

    A yes is a strategy for MAX: at MAX's nodes one move that keeps the value at least `test`, at
    MIN's every move. A no is a strategy for MIN, the other way round. Whatever its order, a search
    that answers the test visits at least such a tree; how far above it lands is what its move
    order costs. Positions are remembered by state, so the game's states must be hashable.

    >>> tree = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]            # its value is 3
    >>> smallest_proof(tree, test=3)   # yes: the root, its first MIN node and that node's 3 leaves
    5
    >>> smallest_proof(tree, test=4)   # no: the root, and under each MIN node one leaf below 4
    7
    """
    game = as_game(game)
    test = real_number(test, "test", finite=True)
    sizes: dict[tuple[S, bool], float] = {}

    def size(node: S, yes: bool) -> float:
        """The smallest proof below `node` that its value is >= test (yes) or < test (no)."""
        if (node, yes) not in sizes:
            if game.is_terminal(node):
                utility = game.utility(node, game.max_player)
                sizes[node, yes] = 1 if (utility >= test) == yes else math.inf
            else:
                children = [size(game.result(node, action), yes) for action in game.actions(node)]
                chooses = (game.to_move(node) == game.max_player) == yes
                sizes[node, yes] = 1 + (min(children) if chooses else sum(children))
        return sizes[node, yes]

    root = start_state(game, state)
    return int(min(size(root, True), size(root, False)))


# Summaries

def mean_by_depth(rows: Iterable[Row],
                  quantity: str = "leaves") -> dict[tuple[str, str], dict[int, float]]:
    """Return, for each (algorithm, ordering), the mean of `quantity` over the seeds
    measured at each depth."""
    samples: dict[tuple[str, str], dict[int, list[float]]] = defaultdict(lambda: defaultdict(list))
    for i, row in enumerate(listed(rows, "rows")):
        if not isinstance(row, dict):
            raise ValueError(f"mean_by_depth: row {i} is {shown(row)}, not a dict (a row of node_counts)")
        missing = [key for key in ("algorithm", "ordering", "depth", quantity) if key not in row]
        if missing:
            raise ValueError(f"mean_by_depth: row {i} has no {shown(missing[0])} (it has {list(row)})")
        if not is_number(row[quantity]):
            raise ValueError(f"mean_by_depth: row {i}'s {shown(quantity)} is {shown(row[quantity])}, not a number")
        samples[row["algorithm"], row["ordering"]][row["depth"]].append(row[quantity])
    return {search: {d: mean(values) for d, values in sorted(by_depth.items())}
            for search, by_depth in samples.items()}


def versus_theory(rows: Iterable[Row]) -> list[Row]:
    """Return one row per depth with the measured leaves of each search (the mean over the
    seeds; None where not measured) beside the theory's prediction for it."""
    rows = listed(rows, "rows")
    for i, row in enumerate(rows):
        if not isinstance(row, dict) or "branching" not in row or "depth" not in row:
            raise ValueError(f"versus_theory: row {i} is not a row of node_counts (with a branching and a "
                             f"depth): {shown(row)}")
    branching = {row["branching"] for row in rows}
    if len(branching) != 1:
        raise ValueError(f"compare one branching factor at a time, got {sorted(branching)}")
    b = branching.pop()
    measured = mean_by_depth(rows)
    r = pearl_branching(b)

    def get(search: tuple[str, str], depth: int) -> Optional[float]:
        return measured.get(search, {}).get(depth)

    return [{"depth": d,
             "b^d": full_leaves(b, d), "minimax": get(("minimax", "given"), d),
             "worst first": get(("alphabeta", "worst"), d),
             "Knuth-Moore": minimal_leaves(b, d), "best first": get(("alphabeta", "best"), d),
             "Pearl R^d": float_power(r, d, f"Pearl's R**d at b = {b}"),
             "b^(3d/4)": float_power(b, 0.75 * d, f"b**(3d/4) at b = {b}"), "random": get(("alphabeta", "random"), d)}
            for d in sorted({row["depth"] for row in rows})]


def text_table(rows: Iterable[Row], columns: Optional[Iterable[str]] = None) -> str:
    """Return rows as a text table: one line per row, right-aligned columns, numbers rounded to
    whole numbers and None shown as '-'.

    >>> print(text_table([{"depth": 1, "leaves": 2.6}, {"depth": 10, "leaves": None}]))
    depth  leaves
        1       3
       10       -
    """
    rows = listed(rows, "rows")
    if not rows:
        raise ValueError("text_table: no rows to show (give it at least one row, a dict per line)")
    for i, row in enumerate(rows):
        if not isinstance(row, dict):
            raise ValueError(f"text_table: row {i} is {shown(row)}, not a dict (a row is a dict of column: value)")
    columns = list(rows[0]) if columns is None else listed(columns, "columns")
    if not columns:
        raise ValueError("text_table: no columns to show")
    for i, row in enumerate(rows):
        missing = [column for column in columns if column not in row]
        if missing:
            raise ValueError(f"text_table: row {i} has no column {shown(missing[0])} (it has {list(row)})")

    def cell(value: object) -> str:
        if value is None:
            return "-"
        if isinstance(value, float) and not math.isfinite(value):
            return str(value)  # nan, inf: no whole number to round to
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
    check_sizes(branching)
    return max(2, min(deepest_growth(branching, MAX_LEAVES),
                      deepest_growth(pearl_branching(branching), QUICK_RANDOM_LEAVES)))


def quick_plan(branching: int, max_depth: int) -> Plan:
    """Return each (algorithm, ordering) of SEARCHES with the depths from 1 to `max_depth` to
    measure it at: every depth, but full-width searches only within QUICK_FULL_LEAVES.

    >>> quick_plan(3, 9)[0]
    (('minimax', 'given'), [1, 2, 3, 4, 5, 6, 7, 8])
    """
    check_sizes(branching)
    whole_number(max_depth, "max_depth", 1, 64)  # deepest_growth's limit: a quick plan goes no deeper
    every = list(range(1, max_depth + 1))
    full = [d for d in every if full_leaves(branching, d) <= QUICK_FULL_LEAVES]
    return [(search, full if full_width(*search) else every) for search in SEARCHES]


def full_width(algorithm: str, ordering: str) -> bool:
    """Return True for a search that evaluates (nearly) every leaf: one that takes no ordering
    (it prunes nothing), or any under the worst ordering."""
    return not search_entry(algorithm).order or ordering == "worst"
