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
