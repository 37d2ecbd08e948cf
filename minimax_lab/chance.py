"""Chance nodes and expectiminimax (AIMA 4th ed., section 5.5).

A tree with chance nodes has numbers at its leaves, lists as decision nodes and
`Chance([(p, subtree), ...])` as chance nodes, whose value is the probability-weighted sum of
their outcomes' values.
"""

from __future__ import annotations

import copy
from numbers import Real
from typing import Any, Iterable, Optional, Sequence, Union

from .search import SearchResult
from .text import path_name
from .trace import ENTER, EXIT, LEAF, NO_TRACE, UPDATE, Trace
from .trees import Path, check_leaf, is_nan, walk_tree

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

    def __init__(self, outcomes: Sequence[tuple[Real, Any]], player: Optional[str] = None):
        if player not in (None, "MAX", "MIN"):
            raise ValueError(f"a chance node stands for 'MAX', 'MIN' or nobody (None), not {player!r}")
        if isinstance(outcomes, (str, bytes)) or not hasattr(outcomes, "__iter__"):
            raise TypeError(f"a chance node needs a sequence of (probability, subtree) pairs, not {outcomes!r}")
        pairs = []
        for i, pair in enumerate(outcomes):
            if isinstance(pair, (str, bytes)) or not hasattr(pair, "__iter__"):
                raise TypeError(f"outcome {i} of a chance node is {pair!r}, not a (probability, subtree) pair")
            pairs.append(tuple(pair))
        object.__setattr__(self, "outcomes", tuple(pairs))
        object.__setattr__(self, "player", player)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("chance nodes are immutable")

    def __deepcopy__(self, memo: dict) -> Chance:
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


ChanceTree = Union[Real, list, Chance]


def expectiminimax(tree: ChanceTree, *, first: str = "MAX", trace: Trace = NO_TRACE) -> SearchResult[float]:
    """Return the expectiminimax value of a tree with chance nodes (MAX's point of view).

    Leaves are numbers, decision nodes are lists and chance nodes are Chance objects. Decision
    nodes alternate between MAX and MIN (`first` at the top); chance nodes do not take a turn,
    so MAX, chance, MIN, chance, ... reads as in backgammon (AIMA section 5.5). Each node is
    evaluated once; a chance node's value is sum(p * value). The principal variation stops at
    the first chance node, where play is no longer anyone's choice.

    >>> expectiminimax([Chance([(0.5, 4), (0.5, 0)]), 1]).value
    2.0
    """
    if first not in ("MAX", "MIN"):
        raise ValueError(f"first must be 'MAX' or 'MIN', got {first!r}")
    check_chance_tree(tree)
    nodes = leaves = 0

    def value(node: ChanceTree, path: Path, player: str) -> tuple[float, tuple]:
        nonlocal nodes, leaves
        nodes += 1
        if isinstance(node, Chance):
            return chance(node, path, player)
        trace.add(ENTER, path, player)
        if not isinstance(node, list):
            leaves += 1
            trace.add(LEAF, path, player, value=node)  # type: ignore[arg-type]
            trace.add(EXIT, path, player, value=node)  # type: ignore[arg-type]
            return node, ()  # type: ignore[return-value]
        maximizing = player == "MAX"
        best, line = None, ()
        for i, child in enumerate(node):
            v, rest = value(child, path + (i,), other(player))
            if best is None or (v > best if maximizing else v < best):
                best, line = v, (i,) + rest
                trace.add(UPDATE, path, player, value=best)
        trace.add(EXIT, path, player, value=best)
        return best, line  # type: ignore[return-value]

    def chance(node: Chance, path: Path, player: str) -> tuple[float, tuple]:
        trace.add(ENTER, path, "CHANCE")
        below = player if node.player is None else other(node.player)
        outcomes = ((p, value(child, path + (i,), below)[0]) for i, (p, child) in enumerate(node.outcomes))
        total = expected_value(outcomes, f"chance node {path_name(path)}")
        trace.add(EXIT, path, "CHANCE", value=total)
        return total, ()

    best, line = value(tree, (), first)
    return SearchResult(best, line[0] if line else None, line, nodes, leaves)


def other(player: str) -> str:
    """Return the other of 'MAX' and 'MIN'."""
    return "MIN" if player == "MAX" else "MAX"


def expected_value(outcomes: Iterable[tuple[Any, Any]], where: str) -> Any:
    """Return the sum of probability * value over (probability, value) pairs; a product too large
    for a float (a huge int leaf times a float probability) raises ValueError starting with `where`.

    >>> expected_value([(0.5, 4), (0.5, 0)], "here")
    2.0
    """
    try:
        return sum(p * v for p, v in outcomes)
    except OverflowError:
        raise ValueError(f"{where}: a probability times a value is too large for a float; give the "
                         "probabilities as Fractions to compute it exactly") from None


def check_chance_tree(tree: ChanceTree) -> None:
    """Check a tree with chance nodes without recursion: numeric leaves, non-empty nodes, and at
    each chance node non-negative probabilities that sum to 1, within the limits of
    trees.walk_tree; errors name the node's path."""

    def children(node: Any, path: Path) -> Optional[list]:
        if isinstance(node, Chance):
            return [child for _, child in check_probabilities(node, path)]
        if isinstance(node, list):
            return node
        check_leaf(node, path)
        return None

    walk_tree(tree, children)


def check_probabilities(node: Chance, path: Path) -> tuple:
    """Return a chance node's outcomes after checking each is (probability, subtree) with a
    non-negative probability, and that the probabilities sum to 1 within PROBABILITY_TOLERANCE."""
    where = f"chance node {path_name(path)}"
    if not node.outcomes:
        raise ValueError(f"{where}: no outcomes (a chance node needs at least one)")
    for i, pair in enumerate(node.outcomes):
        if len(pair) != 2:
            raise ValueError(f"{where}: outcome {i} is {pair!r}, not a (probability, subtree) pair")
    check_distribution([p for p, _ in node.outcomes], where)
    return node.outcomes


def check_distribution(probabilities: Sequence[Any], where: str) -> None:
    """Raise unless `probabilities` are numbers >= 0 that sum to 1 (within PROBABILITY_TOLERANCE);
    messages start with `where`."""
    for i, p in enumerate(probabilities):
        if isinstance(p, bool) or not isinstance(p, Real) or is_nan(p):
            raise TypeError(f"{where}: the probability of outcome {i} is {p!r}, not a number")
        if p < 0:
            raise ValueError(f"{where}: the probability of outcome {i} is {p}, which is negative")
    total = sum(probabilities)
    if abs(total - 1) > PROBABILITY_TOLERANCE:
        raise ValueError(f"{where}: the probabilities sum to {total}, not 1")
