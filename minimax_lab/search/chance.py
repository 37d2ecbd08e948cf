"""Chance nodes and expectiminimax (AIMA 4th ed., section 5.5).

A tree with chance nodes has numbers at its leaves, lists as decision nodes and
`Chance([(p, subtree), ...])` as chance nodes, whose value is the probability-weighted sum of
their outcomes' values.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any, Callable, Iterable, Optional

from ..core.text import path_name, shown, value_text
from ..core.trace import ENTER, EXIT, LEAF, NO_TRACE, UPDATE, Moves, Trace, as_trace
from ..core.trees import (
    PROBABILITY_TOLERANCE,
    Chance,
    ChanceTree,
    Path,
    check_chance_tree,
    check_distribution,
    check_probabilities,
    is_nan,
)
from ..games.protocol import refuse_a_game
from .textbook import SearchResult

# Chance, ChanceTree and their checks live in minimax_lab.core.trees, with the other tree types.
__all__ = ["PROBABILITY_TOLERANCE", "Chance", "ChanceTree", "check_chance_tree", "check_distribution",
           "check_probabilities", "expected_value", "expectiminimax", "other"]


def expectiminimax(tree: ChanceTree, *, first: str = "MAX", trace: Trace = NO_TRACE) -> SearchResult[float, int]:
    """Return the expectiminimax value of a tree with chance nodes (MAX's point of view).

    Leaves are numbers, decision nodes are lists and chance nodes are Chance objects. Decision
    nodes alternate between MAX and MIN (`first` at the top); chance nodes do not take a turn,
    so MAX, chance, MIN, chance, ... reads as in backgammon (AIMA section 5.5). Each node is
    evaluated once; a chance node's value is sum(p * value). The principal variation stops at
    the first chance node, where play is no longer anyone's choice.

    >>> expectiminimax([Chance([(0.5, 4), (0.5, 0)]), 1]).value
    2.0
    """
    if not isinstance(first, str) or first not in ("MAX", "MIN"):
        raise ValueError(f"first must be 'MAX' or 'MIN', got {shown(first)}")
    as_trace(trace, "expectiminimax")
    refuse_a_game(tree, "expectiminimax", "nested lists with numbers at the leaves and Chance nodes")
    check_chance_tree(tree)
    nodes = leaves = 0

    def value(node: ChanceTree, path: Path, player: str) -> tuple[float, Moves]:
        nonlocal nodes, leaves
        nodes += 1
        if isinstance(node, Chance):
            return chance(node, path, player)
        trace.add(ENTER, path, player)
        if not isinstance(node, list):
            leaves += 1
            trace.add(LEAF, path, player, value=node)
            trace.add(EXIT, path, player, value=node)
            return node, ()
        maximizing = player == "MAX"
        best: Optional[float] = None
        line: Moves = ()
        for i, child in enumerate(node):
            v, rest = value(child, path + (i,), other(player))
            if best is None or (v > best if maximizing else v < best):
                best, line = v, (i,) + rest
                trace.add(UPDATE, path, player, value=best)
        trace.add(EXIT, path, player, value=best)
        assert best is not None   # check_chance_tree: every decision node has a child
        return best, line

    def chance(node: Chance, path: Path, player: str) -> tuple[float, Moves]:
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


def _place(where: str | Callable[[], str]) -> str:
    """Return where a message says an expectation failed: `where` itself, or what it gives."""
    return where() if callable(where) else where


def expected_value(outcomes: Iterable[tuple[Any, Any]], where: str | Callable[[], str]) -> Any:
    """Return the sum of probability * value over (probability, value) pairs. What has no value
    raises ValueError starting with `where` (text, or a function giving it, called only then): an outcome of probability 0 whose value is infinite
    (0 * inf), infinite values of both signs (inf - inf), and a product too large for a float (a
    huge int leaf times a float probability).

    >>> expected_value([(0.5, 4), (0.5, 0)], "here")
    2.0
    """
    total: Any = 0
    for i, (p, v) in enumerate(outcomes):
        if p == 0 and v in (math.inf, -math.inf):
            raise ValueError(f"{_place(where)}: outcome {i} has probability 0 and the value {value_text(v)}, and "
                             "0 times an infinite value is undefined: give it a probability above 0, "
                             "a finite value, or leave it out")
        try:
            if type(p) is Fraction and type(v) is float:
                # what Fraction * float computes, the fraction as a float times v, without the
                # operator dispatch that costs more than the product (a maze game makes millions)
                total += p.numerator / p.denominator * v
            else:
                total += p * v
        except OverflowError:
            raise ValueError(f"{_place(where)}: a probability times a value is too large for a float; give the "
                             "probabilities as Fractions to compute it exactly") from None
    if is_nan(total):
        raise ValueError(f"{_place(where)}: the outcomes' values include both {value_text(math.inf)} and "
                         f"{value_text(-math.inf)}, so the expected value (inf - inf) is undefined")
    return total
