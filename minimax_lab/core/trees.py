"""Game trees as nested lists: validation, random trees, node paths, and chance nodes.

A tree is a number (a leaf, its value from MAX's point of view) or a non-empty list of trees. A
tree with chance nodes (minimax_lab.search.chance) may also hold `Chance([(p, subtree), ...])` nodes.
"""

from __future__ import annotations

import copy
import random
from numbers import Real
from typing import Any, Callable, Optional, Sequence, TypeVar, Union

from .text import path_name, shown

Tree = Union[float, int, Sequence["Tree"]]
Path = tuple[int, ...]

MAX_TREE_DEPTH = 200
"""Deepest nesting a tree may have; deeper structures are refused before any recursion. The searches
recurse two frames per ply, so this stays well inside Python's default limit of 1000 frames."""

MAX_TREE_NODES = 1_000_000
"""Most nodes (leaves included) a tree may have, counting a subtree once for every place it appears.
A tree that reuses one list many times can be small in memory and astronomically large to search
(`t = [t, t]` forty times has 2^40 leaves); such trees are refused before any walk."""

N = TypeVar("N")
"""A node of a tree that walk_tree walks (a nested list, a tree with chance nodes, a max^n tree)."""

Children = Callable[[N, Path], Optional[Sequence[N]]]
"""children(node, path) returns the children of an inner node, or None for a leaf after checking
that it is a valid leaf (raising an error that names `path` if not)."""


def is_number(x: object) -> bool:
    """Return True when `x` is a real number and not a bool (NaN is a number here: is_nan tells)."""
    return isinstance(x, Real) and not isinstance(x, bool)


def is_leaf(node: object) -> bool:
    """Return True when `node` is a leaf: a number rather than a list."""
    return is_number(node)


def is_nan(number: object) -> bool:
    """Return True for a NaN, the only value not equal to itself (safe on ints too large for a float)."""
    return number != number


def check_leaf(node: object, path: Path) -> None:
    """Raise TypeError or ValueError if `node` is not a valid leaf value: a real number, not a bool or NaN."""
    if isinstance(node, bool) or not isinstance(node, Real):
        raise TypeError(f"node {path_name(path)}: leaf {shown(node)} is not a number")
    if is_nan(node):
        raise ValueError(f"node {path_name(path)}: leaf is NaN, which has no order")


def walk_tree(tree: N, children: Children[N]) -> dict[Path, N]:
    """Check a tree without recursion and return every node by its path, in preorder.

    `children` says what a leaf is and what the children of a node are. Refused, with an error
    naming the node: an invalid leaf (raised by `children`), an inner node with no children, a node
    that contains itself, and nesting deeper than MAX_TREE_DEPTH; and a tree of more than
    MAX_TREE_NODES nodes, found before the walk from the sizes of its shared subtrees, so that a
    tree too big to search fails at once.

    >>> walk_tree([1, [2]], lambda node, path: node if isinstance(node, list) else None)
    {(): [1, [2]], (0,): 1, (1,): [2], (1, 0): 2}
    """
    inner = _inner_nodes(tree, children)
    nodes: dict[Path, N] = {}
    stack: list[tuple[Path, N]] = [((), tree)]
    while stack:
        path, node = stack.pop()
        nodes[path] = node
        below = inner.get(id(node))
        if below is not None:
            if len(path) >= MAX_TREE_DEPTH:
                raise _too_deep(path)
            for i in range(len(below) - 1, -1, -1):
                stack.append((path + (i,), below[i]))
    return nodes


def _inner_nodes(tree: N, children: Children[N]) -> dict[int, Sequence[N]]:
    """Return the children of every distinct inner node, by id, after checking each distinct node
    once, depth-first (so errors name the first bad node in preorder), and the tree's size."""
    inner: dict[int, Sequence[N]] = {}
    ancestors: list[int] = []
    shared = False
    edges = 0
    stack: list[tuple[Path, N]] = [((), tree)]
    while stack:
        path, node = stack.pop()
        del ancestors[len(path):]
        key = id(node)
        if key in inner:
            if key in ancestors:
                raise ValueError(f"node {path_name(path)}: the tree contains itself (a cycle)")
            shared = True
            continue
        below = children(node, path)
        if below is None:
            continue
        if not below:
            raise ValueError(f"node {path_name(path)}: empty node (a node needs at least one child)")
        if len(path) >= MAX_TREE_DEPTH:
            raise _too_deep(path)
        edges += len(below)
        if edges >= MAX_TREE_NODES:
            raise _too_big()
        inner[key] = below
        ancestors.append(key)
        stack.extend((path + (i,), below[i]) for i in range(len(below) - 1, -1, -1))
    if shared and _tree_size(tree, inner) > MAX_TREE_NODES:
        raise _too_big()
    return inner


def _tree_size(tree: N, inner: dict[int, Sequence[N]]) -> int:
    """Return the number of nodes of a tree without cycles whose inner nodes are `inner` (by id),
    counting a shared subtree once for every place it appears; each distinct node is visited once."""
    size: dict[int, int] = {}
    stack: list[tuple[N, bool]] = [(tree, False)]
    while stack:
        node, finished = stack.pop()
        key = id(node)
        below = inner.get(key)
        if below is None or key in size:
            continue
        if finished:
            size[key] = 1 + sum(size.get(id(child), 1) for child in below)
        else:
            stack.append((node, True))
            stack.extend((child, False) for child in below)
    return size.get(id(tree), 1)


def _too_deep(path: Path) -> ValueError:
    """Return the error for a node nested deeper than MAX_TREE_DEPTH."""
    return ValueError(f"node {path_name(path)}: tree is nested deeper than {MAX_TREE_DEPTH} levels")


def _too_big() -> ValueError:
    """Return the error for a tree with more than MAX_TREE_NODES nodes."""
    return ValueError(f"the tree has more than MAX_TREE_NODES = {MAX_TREE_NODES:,} nodes (counting a "
                      "shared subtree once for every place it appears), too many to search")


def _plain_children(node: Tree, path: Path) -> Optional[Sequence[Tree]]:
    """Return the children of a nested-list node (a list or tuple), or None for a checked leaf."""
    if isinstance(node, (list, tuple)):
        return node
    check_leaf(node, path)
    return None


def validate_tree(tree: Tree) -> dict[Path, Tree]:
    """Check a nested-list tree without recursion and return every node by its path.

    >>> sorted(validate_tree([1, [2, 3]]))
    [(), (0,), (1,), (1, 0), (1, 1)]
    """
    return walk_tree(tree, _plain_children)


def tree_depth(tree: Tree) -> int:
    """Return the number of plies from the root to the deepest leaf."""
    return max(len(path) for path in validate_tree(tree))


def count_leaves(tree: Tree) -> int:
    """Return the number of leaves of a tree."""
    return sum(1 for node in validate_tree(tree).values() if not isinstance(node, (list, tuple)))


MAX_FORMULA_DEPTH = 4096
"""The deepest depth the counting formulas accept (uniform_nodes, and the theory of
minimax_lab.analysis.experiments): far beyond any search, and shallow enough that each formula
answers at once."""


def uniform_nodes(branching: int, depth: int) -> int:
    """Return the number of nodes of a uniform tree, 1 + b + b^2 + ... + b^d (for b >= 2 the
    geometric sum (b^(d+1) - 1) / (b - 1), exactly).

    >>> uniform_nodes(3, 2), uniform_nodes(1, 4)
    (13, 5)
    """
    for name, number, least, most in (("branching", branching, 1, None), ("depth", depth, 0, MAX_FORMULA_DEPTH)):
        if type(number) is not int or number < least or (most is not None and number > most):
            bound = f"from {least} to {most}" if most is not None else f">= {least}"
            raise ValueError(f"uniform_nodes needs {name} to be a whole number {bound}, got {shown(number)}")
    if branching == 1:
        return depth + 1
    nodes: int = (branching ** (depth + 1) - 1) // (branching - 1)
    return nodes


def deepest_within(size: Callable[[int], float], limit: float, *, most: int, least: int = 0) -> int:
    """Return the greatest depth d from `least` to `most` with size(d) <= limit (`least` if none):
    how deep a search or a drawing may go within a budget. `most` keeps it finite when size does
    not grow (a branching factor of 1).

    >>> deepest_within(lambda d: 2 ** d, 2 ** 20, most=64), deepest_within(lambda d: 1, 10, most=9)
    (20, 9)
    """
    for name, number in (("least", least), ("most", most)):
        if type(number) is not int or not 0 <= number <= MAX_FORMULA_DEPTH:
            raise ValueError(f"deepest_within needs {name} to be a whole number from 0 to MAX_FORMULA_DEPTH = "
                             f"{MAX_FORMULA_DEPTH}, got {shown(number)}")
    if not is_number(limit) or is_nan(limit):
        raise ValueError(f"deepest_within needs a limit that is a number, got {shown(limit)}")
    depth = least
    while depth < most and size(depth + 1) <= limit:
        depth += 1
    return depth


def random_tree(branching: int, depth: int, *, seed: int = 0, low: int = -9, high: int = 9,
                ragged: bool = False) -> list[Tree]:
    """Return a uniform tree (or, with `ragged`, one with 1..branching children per node and leaves at
    any depth) whose integer leaves lie in [low, high], drawn from `random.Random(seed)`.

    >>> random_tree(2, 2, seed=1)
    [[-5, 9], [-7, -1]]
    """
    for name, number, least in (("branching", branching, 1), ("depth", depth, 1), ("low", low, None),
                                ("high", high, None)):
        if isinstance(number, bool) or not isinstance(number, int) or (least is not None and number < least):
            bound = "" if least is None else f" >= {least}"
            raise ValueError(f"random_tree needs {name} to be a whole number{bound}, got {shown(number)}")
    if depth > MAX_TREE_DEPTH:
        raise ValueError(f"random_tree needs depth <= MAX_TREE_DEPTH = {MAX_TREE_DEPTH}, got {depth}")
    if uniform_nodes(branching, depth) > MAX_TREE_NODES:
        raise ValueError(f"random_tree({branching}, {depth}) would have more than MAX_TREE_NODES = "
                         f"{MAX_TREE_NODES:,} nodes")
    if low > high:
        raise ValueError(f"random_tree needs low <= high, got low={low} and high={high}")
    rng = random.Random(seed)

    def grow(ply: int) -> Tree:
        if ply == depth or (ragged and ply > 0 and rng.random() < 0.2):
            return rng.randint(low, high)
        return children(ply)

    def children(ply: int) -> list[Tree]:
        width = rng.randint(1, branching) if ragged else branching
        return [grow(ply + 1) for _ in range(width)]

    return children(0)   # depth >= 1: the root has children


def mix64(x: int) -> int:
    """Return a 64-bit hash of x (SplitMix64's finalizer): stable across Python versions."""
    x = (x + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
    return x ^ (x >> 31)


def leaf_value(index: int, seed: int, values: int = 1000) -> int:
    """Return the value, in [0, values), of leaf number `index` of an implicit tree with `seed`."""
    return mix64(mix64(seed) ^ index) % values


def map_leaves(tree: Tree, change: Callable[[float], float]) -> Tree:
    """Return a copy of `tree` with `change` applied to every leaf.

    >>> map_leaves([1, [2, 3]], lambda v: 10 * v)
    [10, [20, 30]]
    """
    if isinstance(tree, (int, float)) and not isinstance(tree, bool):
        return change(tree)
    if isinstance(tree, (list, tuple)):
        return [map_leaves(child, change) for child in tree]
    raise TypeError(f"map_leaves: {shown(tree)} is neither a leaf (an int or a float) nor a list of trees")


MAX_RANDOM_TREES = 100_000
"""The most trees random_trees makes in one call: far more than any set of test cases needs."""


def random_trees(count: int, *, shapes: Sequence[tuple[int, int]],
                 leaf_ranges: Sequence[tuple[int, int]], seed: int = 0) -> list[Tree]:
    """Return `count` random trees from random.Random(seed): each a (branching, greatest depth)
    drawn from `shapes` and a depth from 1 to that greatest; ragged except every fifth; leaves from
    `leaf_ranges` (low, high) in turn, and every third tree's leaves divided by 4 (floats).

    >>> random_trees(2, shapes=[(2, 2)], leaf_ranges=[(1, 9)], seed=3)
    [[2, 3], [1, 2]]
    """
    if isinstance(count, bool) or not isinstance(count, int) or not 0 <= count <= MAX_RANDOM_TREES:
        raise ValueError(f"random_trees needs a count that is a whole number from 0 to "
                         f"MAX_RANDOM_TREES = {MAX_RANDOM_TREES:,}, got {shown(count)}")
    if not shapes or not leaf_ranges:
        raise ValueError("random_trees needs at least one shape and one leaf range, "
                         f"got shapes={list(shapes)} and leaf_ranges={list(leaf_ranges)}")
    for low, high in leaf_ranges:
        if low > high:
            raise ValueError(f"random_trees: leaf range ({low}, {high}) is empty (low > high)")
    rng = random.Random(seed)
    trees: list[Tree] = []
    for i in range(count):
        branching, deepest = shapes[rng.randrange(len(shapes))]
        low, high = leaf_ranges[i % len(leaf_ranges)]
        tree = random_tree(branching, rng.randint(1, deepest), seed=rng.randrange(2**32),
                           low=low, high=high, ragged=i % 5 != 0)
        trees.append(map_leaves(tree, lambda v: v / 4) if i % 3 == 2 else tree)
    return trees


def distinct_tree(branching: int, depth: int, *, seed: int = 0) -> Tree:
    """Return a uniform tree whose b**d leaves are 0 .. b**d - 1 shuffled by random.Random(seed).

    >>> distinct_tree(2, 2, seed=1)
    [[3, 0], [2, 1]]
    """
    if type(branching) is not int or type(depth) is not int or branching < 1 or depth < 0:
        raise ValueError(f"distinct_tree needs branching >= 1 and depth >= 0 (whole numbers), got "
                         f"{shown(branching)} and {shown(depth)}")
    if depth > MAX_TREE_DEPTH or uniform_nodes(branching, depth) > MAX_TREE_NODES:
        raise ValueError(f"distinct_tree({branching}, {depth}) would have more than MAX_TREE_NODES = "
                         f"{MAX_TREE_NODES:,} nodes (or a depth beyond MAX_TREE_DEPTH = {MAX_TREE_DEPTH})")
    values = list(range(branching ** depth))
    random.Random(seed).shuffle(values)
    leaves = iter(values)

    def grow(ply: int) -> Tree:
        return next(leaves) if ply == depth else [grow(ply + 1) for _ in range(branching)]

    return grow(0)


# Trees with chance nodes (expectiminimax: minimax_lab.search.chance).

PROBABILITY_TOLERANCE = 1e-9
"""How far a chance node's probabilities may sum from 1 (for floats such as 0.1 + 0.2 + 0.7)."""


class Chance:
    """A chance node: `outcomes` is a sequence of (probability, subtree) pairs.

    `player` is None for a roll of the dice or a toss of a coin. A chance node may also stand for
    a player's move, as a model of how that player chooses (player='MIN'); the next decision node
    below it then belongs to the other player, as it would below that player's own node.
    """

    __slots__ = ("outcomes", "player")
    outcomes: tuple[tuple[Any, ...], ...]
    player: Optional[str]

    def __init__(self, outcomes: Sequence[tuple[Real, object]], player: Optional[str] = None):
        if player is not None and (not isinstance(player, str) or player not in ("MAX", "MIN")):
            raise ValueError(f"a chance node stands for 'MAX', 'MIN' or nobody (None), not {shown(player)}")
        if isinstance(outcomes, (str, bytes)) or not hasattr(outcomes, "__iter__"):
            raise TypeError(f"a chance node needs a sequence of (probability, subtree) pairs, not {shown(outcomes)}")
        pairs = []
        for i, pair in enumerate(outcomes):
            if isinstance(pair, (str, bytes)) or not hasattr(pair, "__iter__"):
                raise TypeError(f"outcome {i} of a chance node is {shown(pair)}, not a (probability, subtree) pair")
            pairs.append(tuple(pair))
        object.__setattr__(self, "outcomes", tuple(pairs))
        object.__setattr__(self, "player", player)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("chance nodes are immutable")

    def __deepcopy__(self, memo: dict[int, object]) -> Chance:
        """Return a chance node with deep copies of the subtrees (a copy may be changed without
        touching the original, even when a subtree is a list)."""
        return Chance([(p, copy.deepcopy(t, memo)) for p, t in self.outcomes], self.player)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Chance) and (self.outcomes, self.player) == (other.outcomes, other.player)

    def __hash__(self) -> int:
        return hash((self.outcomes, self.player))

    def __repr__(self) -> str:
        pairs = ", ".join(f"({p!r}, {t!r})" for p, t in self.outcomes)
        who = "" if self.player is None else f", player={self.player!r}"
        return f"Chance([{pairs}]{who})"


ChanceTree = Union[float, list["ChanceTree"], Chance]
"""A tree with chance nodes: a number (a leaf), a list (a decision node) or a Chance node."""


def check_chance_tree(tree: ChanceTree) -> None:
    """Check a tree with chance nodes without recursion: numeric leaves, non-empty nodes, and at
    each chance node non-negative probabilities that sum to 1, within the limits of
    walk_tree; errors name the node's path."""

    def children(node: ChanceTree, path: Path) -> Optional[list[ChanceTree]]:
        if isinstance(node, Chance):
            return [child for _, child in check_probabilities(node, path)]
        if isinstance(node, list):
            return node
        check_leaf(node, path)
        return None

    walk_tree(tree, children)


def check_probabilities(node: Chance, path: Path) -> tuple[tuple[Any, ...], ...]:
    """Return a chance node's outcomes after checking each is (probability, subtree) with a
    non-negative probability, and that the probabilities sum to 1 within PROBABILITY_TOLERANCE."""
    where = f"chance node {path_name(path)}"
    if not node.outcomes:
        raise ValueError(f"{where}: no outcomes (a chance node needs at least one)")
    for i, pair in enumerate(node.outcomes):
        if len(pair) != 2:
            raise ValueError(f"{where}: outcome {i} is {shown(pair)}, not a (probability, subtree) pair")
    check_distribution([p for p, _ in node.outcomes], where)
    return node.outcomes


def check_distribution(probabilities: Sequence[Any], where: str) -> None:
    """Raise unless `probabilities` are numbers >= 0 that sum to 1 (within PROBABILITY_TOLERANCE);
    messages start with `where`."""
    for i, p in enumerate(probabilities):
        if isinstance(p, bool) or not isinstance(p, Real) or is_nan(p):
            raise TypeError(f"{where}: the probability of outcome {i} is {shown(p)}, not a number")
        if p < 0:
            raise ValueError(f"{where}: the probability of outcome {i} is {p}, which is negative")
    total = sum(probabilities)
    if abs(total - 1) > PROBABILITY_TOLERANCE:
        raise ValueError(f"{where}: the probabilities sum to {total}, not 1")
