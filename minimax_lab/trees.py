"""Game trees as nested lists: validation, random trees, and node paths.

A tree is a number (a leaf, its value from MAX's point of view) or a non-empty list of trees.
"""

from __future__ import annotations

import math
import random
from numbers import Real
from typing import Callable, Sequence, Union

from .text import path_name

Tree = Union[float, int, Sequence["Tree"]]
Path = tuple[int, ...]

MAX_TREE_DEPTH = 200
"""Deepest nesting a tree may have; deeper structures are refused before any recursion. The searches
recurse two frames per ply, so this stays well inside Python's default limit of 1000 frames."""


def is_leaf(node: object) -> bool:
    """Return True when `node` is a leaf: a real number (not a bool) rather than a list."""
    return isinstance(node, Real) and not isinstance(node, bool)


def check_leaf(node: object, path: Path) -> None:
    """Raise TypeError or ValueError if `node` is not a valid leaf value."""
    if isinstance(node, bool) or not isinstance(node, Real):
        raise TypeError(f"node {path_name(path)}: leaf {node!r} is not a number")
    if math.isnan(node):
        raise ValueError(f"node {path_name(path)}: leaf is NaN, which has no order")


def validate_tree(tree: Tree) -> dict[Path, Tree]:
    """Check a nested-list tree without recursion and return every node by its path.

    >>> sorted(validate_tree([1, [2, 3]]))
    [(), (0,), (1,), (1, 0), (1, 1)]
    """
    nodes: dict[Path, Tree] = {}
    stack: list[tuple[Path, Tree, frozenset[int]]] = [((), tree, frozenset())]
    while stack:
        path, node, ancestors = stack.pop()
        nodes[path] = node
        if not isinstance(node, (list, tuple)):
            check_leaf(node, path)
            continue
        if not node:
            raise ValueError(f"node {path_name(path)}: empty node (a node needs at least one child)")
        if id(node) in ancestors:
            raise ValueError(f"node {path_name(path)}: the tree contains itself (a cycle)")
        if len(path) >= MAX_TREE_DEPTH:
            raise ValueError(f"node {path_name(path)}: tree is nested deeper than {MAX_TREE_DEPTH} levels")
        inner = ancestors | {id(node)}
        stack.extend((path + (i,), child, inner) for i, child in reversed(list(enumerate(node))))
    return nodes


def tree_depth(tree: Tree) -> int:
    """Return the number of plies from the root to the deepest leaf."""
    return max(len(path) for path in validate_tree(tree))


def count_leaves(tree: Tree) -> int:
    """Return the number of leaves of a tree."""
    return sum(1 for node in validate_tree(tree).values() if not isinstance(node, (list, tuple)))


def uniform_nodes(branching: int, depth: int) -> int:
    """Return the number of nodes of a uniform tree, 1 + b + b^2 + ... + b^d.

    >>> uniform_nodes(3, 2)
    13
    """
    return sum(branching ** ply for ply in range(depth + 1))


def deepest_within(size: Callable[[int], float], limit: float, *, most: int, least: int = 0) -> int:
    """Return the greatest depth d from `least` to `most` with size(d) <= limit (`least` if none):
    how deep a search or a drawing may go within a budget. `most` keeps it finite when size does
    not grow (a branching factor of 1).

    >>> deepest_within(lambda d: 2 ** d, 2 ** 20, most=64), deepest_within(lambda d: 1, 10, most=9)
    (20, 9)
    """
    depth = least
    while depth < most and size(depth + 1) <= limit:
        depth += 1
    return depth


def random_tree(branching: int, depth: int, *, seed: int = 0, low: int = -9, high: int = 9,
                ragged: bool = False) -> list:
    """Return a uniform tree (or, with `ragged`, one with 1..branching children per node and leaves at
    any depth) whose integer leaves lie in [low, high], drawn from `random.Random(seed)`.

    >>> random_tree(2, 2, seed=1)
    [[-5, 9], [-7, -1]]
    """
    if branching < 1 or depth < 1:
        raise ValueError(f"random_tree needs branching >= 1 and depth >= 1, got {branching} and {depth}")
    rng = random.Random(seed)

    def grow(ply: int) -> Tree:
        if ply == depth or (ragged and ply > 0 and rng.random() < 0.2):
            return rng.randint(low, high)
        width = rng.randint(1, branching) if ragged else branching
        return [grow(ply + 1) for _ in range(width)]

    return grow(0)  # type: ignore[return-value]


def _mix(x: int) -> int:
    """Return a 64-bit hash of x (SplitMix64's finalizer): stable across Python versions."""
    x = (x + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
    return x ^ (x >> 31)


def leaf_value(index: int, seed: int, values: int = 1000) -> int:
    """Return the value, in [0, values), of leaf number `index` of an implicit tree with `seed`."""
    return _mix(_mix(seed) ^ index) % values


def map_leaves(tree: Tree, change: Callable[[float], float]) -> Tree:
    """Return a copy of `tree` with `change` applied to every leaf.

    >>> map_leaves([1, [2, 3]], lambda v: 10 * v)
    [10, [20, 30]]
    """
    if isinstance(tree, (int, float)) and not isinstance(tree, bool):
        return change(tree)
    if isinstance(tree, (list, tuple)):
        return [map_leaves(child, change) for child in tree]
    raise TypeError(f"map_leaves: {tree!r} is neither a leaf (an int or a float) nor a list of trees")


def random_trees(count: int, *, shapes: Sequence[tuple[int, int]],
                 leaf_ranges: Sequence[tuple[int, int]], seed: int = 0) -> list[Tree]:
    """Return `count` random trees from random.Random(seed): each a (branching, greatest depth)
    drawn from `shapes` and a depth from 1 to that greatest; ragged except every fifth; leaves from
    `leaf_ranges` (low, high) in turn, and every third tree's leaves divided by 4 (floats).

    >>> random_trees(2, shapes=[(2, 2)], leaf_ranges=[(1, 9)], seed=3)
    [[2, 3], [1, 2]]
    """
    if isinstance(count, bool) or not isinstance(count, int) or count < 0:
        raise ValueError(f"random_trees needs a count that is a whole number >= 0, got {count!r}")
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
    if branching < 1 or depth < 0:
        raise ValueError(f"distinct_tree needs branching >= 1 and depth >= 0, got {branching} and {depth}")
    values = list(range(branching ** depth))
    random.Random(seed).shuffle(values)
    leaves = iter(values)

    def grow(ply: int) -> Tree:
        return next(leaves) if ply == depth else [grow(ply + 1) for _ in range(branching)]

    return grow(0)
