"""Minimax, negamax and alpha-beta: one implementation each, written as the textbook writes them.

Every search takes a game (or a bare nested-list tree, MAX at the root), an optional start state,
an optional `depth` with an `evaluate(state)` for the horizon, and an optional `trace` that records
what it did. Each returns a SearchResult.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from numbers import Real
from typing import Any, Callable, Optional, Sequence

from .games import Game, as_game
from .trace import CUTOFF, ENTER, EXIT, LEAF, UPDATE, Trace
from .trees import Tree, path_name

INF = math.inf

Evaluate = Callable[[Any], float]
Ordering = Callable[[Game, Any, Sequence, tuple], Sequence]
"""order(game, state, actions, path) returns the actions in the order to search them. An ordering
may also have a method cutoff(game, state, action, path), called when `action` causes a cutoff."""


@dataclass(frozen=True)
class SearchResult:
    """What a search found: the value, the first best move, the principal variation (pv), and the
    number of nodes visited (root included) and of leaves evaluated (terminal or at the horizon)."""

    value: float
    move: Any
    pv: tuple
    nodes: int
    leaves: int


class _Counter:
    """Counts nodes and leaves, and scores leaves, for one search."""

    def __init__(self, game: Game, depth: Optional[int], evaluate: Optional[Evaluate]):
        if depth is not None and (not isinstance(depth, int) or depth < 0):
            raise ValueError(f"depth must be a whole number >= 0 or None, got {depth!r}")
        if depth is not None and evaluate is None:
            raise ValueError("a depth-limited search needs evaluate(state) to score the horizon")
        self.game, self.evaluate = game, evaluate
        self.horizon = INF if depth is None else depth
        self.nodes = self.leaves = 0

    def is_leaf(self, state: Any, path: tuple) -> bool:
        """Return True when the search stops at `state`: it is terminal or at the horizon."""
        self.nodes += 1
        return self.game.is_terminal(state) or len(path) >= self.horizon

    def score(self, state: Any, path: tuple) -> float:
        """Return MAX's value of a leaf: its utility if terminal, else evaluate(state)."""
        self.leaves += 1
        game = self.game
        if game.is_terminal(state):
            return game.utility(state, game.max_player)
        value = self.evaluate(state)  # type: ignore[misc]
        if isinstance(value, bool) or not isinstance(value, Real) or math.isnan(value):
            raise TypeError(f"node {path_name(path)}: evaluate returned {value!r}, not a number")
        return value

    def result(self, value: float, line: Optional[tuple]) -> SearchResult:
        line = line or ()
        return SearchResult(value, line[0] if line else None, line, self.nodes, self.leaves)


def _run(search: Callable[[], tuple[float, Optional[tuple]]]) -> tuple[float, Optional[tuple]]:
    """Run a search, turning a runaway recursion into a clear error."""
    try:
        return search()
    except RecursionError:
        raise ValueError("the search recursed deeper than Python allows: the game may never end; "
                         "pass depth=... with an evaluate function") from None


def _setup(game: Game | Tree, state: Any) -> tuple[Game, Any]:
    game = as_game(game)
    return game, game.initial if state is None else state


def minimax(game: Game | Tree, state: Any = None, *, depth: Optional[int] = None,
            evaluate: Optional[Evaluate] = None, trace: Optional[Trace] = None) -> SearchResult:
    """Return the minimax value of `state` (MAX's point of view) and MAX's or MIN's best move there.

    >>> minimax([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    SearchResult(value=3, move=0, pv=(0, 0), nodes=13, leaves=9)
    """
    game, state = _setup(game, state)
    count = _Counter(game, depth, evaluate)
    me = game.max_player

    def max_value(state: Any, path: tuple) -> tuple[float, Optional[tuple]]:
        return best_child(state, path, True)

    def min_value(state: Any, path: tuple) -> tuple[float, Optional[tuple]]:
        return best_child(state, path, False)

    def best_child(state: Any, path: tuple, maximizing: bool) -> tuple[float, Optional[tuple]]:
        if trace is not None:
            trace.add(ENTER, path, "MAX" if maximizing else "MIN")
        if count.is_leaf(state, path):
            return leaf(state, path)
        v, line = (-INF if maximizing else INF), None
        for a in game.actions(state):
            child = game.result(state, a)
            v2, line2 = (max_value if game.to_move(child) == me else min_value)(child, path + (a,))
            if line is None or (v2 > v if maximizing else v2 < v):
                v, line = v2, (a,) + line2  # type: ignore[operator]
                if trace is not None:
                    trace.add(UPDATE, path, value=v)
        if trace is not None:
            trace.add(EXIT, path, value=v)
        return v, line

    def leaf(state: Any, path: tuple) -> tuple[float, tuple]:
        v = count.score(state, path)
        if trace is not None:
            trace.add(LEAF, path, value=v)
            trace.add(EXIT, path, value=v)
        return v, ()

    start = max_value if game.to_move(state) == me else min_value
    return count.result(*_run(lambda: start(state, ())))


def negamax(game: Game | Tree, state: Any = None, *, depth: Optional[int] = None,
            evaluate: Optional[Evaluate] = None, trace: Optional[Trace] = None) -> SearchResult:
    """Return the negamax value of `state`, from the point of view of the side to move there.

    Like the programming wiki's negamax it negates at every ply, so it assumes the players alternate.

    >>> negamax([[3, 12, 8], [2, 4, 6], [14, 5, 2]]).value
    3
    """
    game, state = _setup(game, state)
    count = _Counter(game, depth, evaluate)
    me = game.max_player

    def value(state: Any, path: tuple) -> tuple[float, Optional[tuple]]:
        player = game.to_move(state)
        if trace is not None:
            trace.add(ENTER, path, player)
        if count.is_leaf(state, path):
            v = count.score(state, path)
            v = v if player == me else -v
            if trace is not None:
                trace.add(LEAF, path, player, value=v)
                trace.add(EXIT, path, player, value=v)
            return v, ()
        best, line = -INF, None
        for a in game.actions(state):
            v, line2 = value(game.result(state, a), path + (a,))
            if line is None or -v > best:
                best, line = -v, (a,) + line2  # type: ignore[operator]
                if trace is not None:
                    trace.add(UPDATE, path, player, value=best)
        if trace is not None:
            trace.add(EXIT, path, player, value=best)
        return best, line

    return count.result(*_run(lambda: value(state, ())))


def alphabeta(game: Game | Tree, state: Any = None, *, depth: Optional[int] = None,
              evaluate: Optional[Evaluate] = None, trace: Optional[Trace] = None,
              order: Optional[Ordering] = None, alpha: float = -INF, beta: float = INF,
              fail_hard: bool = False) -> SearchResult:
    """Return the minimax value of `state` (MAX's point of view), pruning where alpha >= beta.

    alpha is the value MAX can already guarantee on the path, beta the value MIN can. A node
    stops searching its children as soon as its value v reaches beta (at MAX) or falls to
    alpha (at MIN). With the full window the result equals minimax's. With a narrower window
    (alpha, beta): a result v with alpha < v < beta is exact; v <= alpha is an upper bound and
    v >= beta a lower bound (fail-soft). With fail_hard=True every value is clamped into
    [alpha, beta].

    >>> r = alphabeta([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    >>> r.value, r.move, r.nodes, r.leaves
    (3, 0, 11, 7)
    """
    game, state = _setup(game, state)
    count = _Counter(game, depth, evaluate)
    me = game.max_player

    def max_value(state: Any, path: tuple, alpha: float, beta: float) -> tuple[float, Optional[tuple]]:
        return best_child(state, path, alpha, beta, True)

    def min_value(state: Any, path: tuple, alpha: float, beta: float) -> tuple[float, Optional[tuple]]:
        return best_child(state, path, alpha, beta, False)

    def best_child(state: Any, path: tuple, alpha: float, beta: float,
                   maximizing: bool) -> tuple[float, Optional[tuple]]:
        if trace is not None:
            trace.add(ENTER, path, "MAX" if maximizing else "MIN", alpha=alpha, beta=beta)
        if count.is_leaf(state, path):
            return leaf(state, path, alpha, beta)
        window = alpha, beta
        v, line = (-INF if maximizing else INF), None
        actions = game.actions(state)
        actions = tuple(actions if order is None else order(game, state, tuple(actions), path))
        for i, a in enumerate(actions):
            child = game.result(state, a)
            search = max_value if game.to_move(child) == me else min_value
            v2, line2 = search(child, path + (a,), alpha, beta)
            if line is None or (v2 > v if maximizing else v2 < v):
                v, line = v2, (a,) + line2  # type: ignore[operator]
            if maximizing:
                alpha = max(alpha, v)
            else:
                beta = min(beta, v)
            if trace is not None:
                trace.add(UPDATE, path, value=v, alpha=alpha, beta=beta)
            if alpha >= beta:
                cutoff(state, path, a, actions[i + 1:], v, alpha, beta)
                break
        return leave(path, v, line, window)

    def cutoff(state: Any, path: tuple, a: Any, rest: tuple, v: float, alpha: float, beta: float) -> None:
        if trace is not None:
            trace.add(CUTOFF, path, value=v, alpha=alpha, beta=beta, pruned=rest)
        if hasattr(order, "cutoff"):
            order.cutoff(game, state, a, path)  # type: ignore[union-attr]

    def leave(path: tuple, v: float, line: Optional[tuple], window: tuple[float, float]):
        if fail_hard:
            v = min(max(v, window[0]), window[1])
        if trace is not None:
            trace.add(EXIT, path, value=v)
        return v, line

    def leaf(state: Any, path: tuple, alpha: float, beta: float) -> tuple[float, tuple]:
        v = count.score(state, path)
        if trace is not None:
            trace.add(LEAF, path, value=v, alpha=alpha, beta=beta)
        return leave(path, v, (), (alpha, beta))

    start = max_value if game.to_move(state) == me else min_value
    return count.result(*_run(lambda: start(state, (), alpha, beta)))
