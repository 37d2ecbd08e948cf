"""Pruning on ties: the course's alpha-beta cuts at a MAX node when v ≥ β and at a MIN node when
v ≤ α, as AIMA 4th ed. Fig. 5.7 does; some autograders (UC Berkeley CS188's, Project 2 question 3)
cut only when v > β and v < α, so that a subtree that can at best tie is still searched.

Both rules give the root its minimax value. The strict rule is not a second alpha-beta: it is the
package's `alphabeta` run on the same tree with its ties broken (ties_broken), each leaf nudged by
less than half the smallest gap between two different leaf values, so that of two tied leaves the
later one is a hair better for the player who chooses between them. Then a later subtree that can
only tie is never "as good" as what was found before, so the α ≥ β rule cuts exactly where
v > β (v < α) would on the tree as given. The trace is read back in the tree's own values.

>>> alphabeta([[3, 4], [3, 9]]).nodes, strict_alphabeta([[3, 4], [3, 9]]).nodes
(6, 7)

Imports: minimax_lab.core, minimax_lab.games and minimax_lab.search.textbook.
"""

from __future__ import annotations

import math
from dataclasses import replace
from fractions import Fraction
from numbers import Rational
from typing import Any, Mapping, Optional, Sequence, cast

from ..core.text import path_name, shown
from ..core.trace import EXIT, NO_TRACE, Trace, as_trace
from ..core.trees import Path, Tree, validate_tree
from ..games.protocol import TreeGame
from .textbook import SearchResult, alphabeta

RULES = {"≥": "cut when α ≥ β (AIMA 4th ed. Fig. 5.7, this course)",
         ">": "cut only when α > β (CS188's autograder)"}
"""The two pruning rules, by their comparison, as the practice widget offers them."""


def ties_broken(tree: Tree, first: str = "MAX") -> tuple[Tree, dict[Fraction, Tree]]:
    """Return `tree` with its ties broken toward the later leaf, and the map from each nudged leaf
    value back to the leaf's own value.

    A leaf's nudge follows its path: where two leaves' paths split, the later one is nudged up if
    MAX moves at that node and down if MIN does, so each player prefers the later of two equal
    values. Every nudge is smaller than half the smallest gap between two different leaf values
    (exact fractions), so no comparison between different values changes.

    >>> nudged, back = ties_broken([[2, 2], [2]])   # MIN prefers [0][1], MAX prefers [1]
    >>> [[str(leaf) for leaf in child] for child in nudged], sorted(back.values())
    ([['2', '15/8'], ['17/8']], [2, 2, 2])
    """
    nodes = validate_tree(tree)
    game = TreeGame(tree, first=first)
    leaves = [path for path in nodes if game.is_terminal(path)]

    def key(path: Path) -> tuple[int, ...]:
        return tuple(index if game.to_move(path[:depth]) == "MAX" else -index
                     for depth, index in enumerate(path))

    own = {path: exact(nodes[path], path) for path in leaves}
    values = sorted(set(own.values()))
    gap = min((b - a for a, b in zip(values, values[1:])), default=Fraction(1))
    step = gap / (2 * (len(leaves) + 1))
    middle = len(leaves) // 2
    nudged: dict[Path, Fraction] = {path: own[path] + (rank - middle) * step
                                    for rank, path in enumerate(sorted(leaves, key=key))}

    def rebuild(subtree: Tree, path: Path) -> Tree:
        if path in nudged:
            return cast(Tree, nudged[path])   # a Fraction: a number the searches compare exactly
        return [rebuild(child, path + (i,)) for i, child in enumerate(cast(Sequence[Tree], subtree))]

    return rebuild(tree, ()), {nudged[path]: nodes[path] for path in leaves}


def exact(leaf: Any, path: Path) -> Fraction:
    """Return a leaf's value as an exact Fraction (ints, floats and numpy floats alike); an
    infinite leaf, which no nudge can break a tie of, raises ValueError naming the node."""
    if leaf in (math.inf, -math.inf):
        raise ValueError(f"node {path_name(path)}: the leaf is {leaf}, and ties between infinite values cannot "
                         "be broken by nudging them; give finite leaves")
    return Fraction(leaf) if isinstance(leaf, Rational) else Fraction(float(leaf))


def strict_alphabeta(tree: Tree, *, first: str = "MAX", trace: Trace = NO_TRACE) -> SearchResult[float, int]:
    """Return alpha-beta's result on a nested-list tree when it cuts only on v > β at MAX's nodes
    and v < α at MIN's (CS188's rule), with `first` to move at the root: value, move, principal
    variation and counts (the nodes visited, root included), and its events in `trace`, in the
    tree's own values.

    >>> strict_alphabeta([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    SearchResult(value=3, move=0, pv=(0, 0), nodes=11, leaves=7)
    """
    as_trace(trace, "strict_alphabeta")
    nudged, back = ties_broken(tree, first)
    recorded = Trace()
    result = alphabeta(TreeGame(nudged, first=first), trace=recorded)
    events = [replace(event, value=_back(event.value, back), alpha=_back(event.alpha, back),
                      beta=_back(event.beta, back)) for event in recorded]
    if trace is not NO_TRACE:
        trace.extend(events)
    line = first_best_line([(event.path, event.value) for event in events if event.kind == EXIT])
    return replace(result, value=_back(result.value, back), move=line[0] if line else None, pv=line)


def first_best_line(returned: Sequence[tuple[Path, object]]) -> Path:
    """Return the principal variation of a search whose nodes returned (path, value) in this order
    (children before their parent, siblings in search order): from the root down, the first child
    that returned its parent's value, as a search that keeps the first of equal moves chooses."""
    values = dict(returned)
    children: dict[Path, list[Path]] = {}
    for path, _ in returned:
        if path:
            children.setdefault(path[:-1], []).append(path)
    line: Path = ()
    while line in children:
        if line not in values:
            raise ValueError(f"first_best_line: node {path_name(line)} has children that returned, but "
                             "never returned itself")
        best = next((child for child in children[line] if values[child] == values[line]), None)
        if best is None:
            raise ValueError(f"first_best_line: no child of node {path_name(line)} returned its value "
                             f"{shown(values[line])}, so no line leads there")
        line = best
    return line


def _back(value: Optional[float], back: Mapping[Any, Tree]) -> Any:
    """Return a nudged leaf value as the leaf's own value (±∞ and None as they are)."""
    return back.get(value, value) if value is not None else None
