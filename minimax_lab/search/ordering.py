"""Move orderings for `alphabeta(order=...)` and `solve(order=...)`.

An ordering is called as order(game, state, actions, path) and returns the actions in the order to
search them; it may also have a method cutoff(game, state, action, path), which the search calls
when `action` causes a cutoff (that is how killers and history learn). Every ordering here is a
stable reordering: actions it cannot tell apart keep the order they came in, so counts never
depend on hashing or sets, and orderings compose with `Combined`.
"""

from __future__ import annotations

import zlib
from typing import Callable, Generic, Optional, Sequence

from ..core.game_types import A, S
from ..core.text import path_name, shown
from ..core.trace import Moves
from ..core.trees import MAX_TREE_DEPTH, Tree, mix64
from ..core.validation import callable_value, whole_number
from ..games.protocol import Game
from ..heuristics.generic import even
from .textbook import Evaluate, Ordering, Search, SearchResult, alphabeta, check_number


def as_given(game: Game[S, A], state: S, actions: Sequence[A], path: Moves[A]) -> tuple[A, ...]:
    """Return the actions in the order the game gives them (the same as order=None)."""
    return tuple(actions)


def _by_value(game: Game[S, A], state: S, actions: Sequence[A], value: Callable[[A], float],
              worst: bool = False) -> tuple[A, ...]:
    """Return the actions sorted by value(action), MAX's value of the child it leads to, best for
    the side to move first (worst first if `worst`); a stable sort, so ties keep their order."""
    best_high = (game.to_move(state) == game.max_player) != worst
    sign = -1 if best_high else 1
    return tuple(sorted(actions, key=lambda a: sign * value(a)))


def best_first(game: Game[S, A], state: S, actions: Sequence[A], path: Moves[A]) -> tuple[A, ...]:
    """Return the actions best first for the side to move, by the exact value of each child
    (an alpha-beta search of each child: for experiments on small trees)."""
    return _by_value(game, state, actions, lambda a: alphabeta(game, game.result(state, a)).value)


def worst_first(game: Game[S, A], state: S, actions: Sequence[A], path: Moves[A]) -> tuple[A, ...]:
    """Return the actions worst first for the side to move, by the exact value of each child."""
    return _by_value(game, state, actions, lambda a: alphabeta(game, game.result(state, a)).value,
                     worst=True)


def exact_values(game: Game[S, A] | Tree, state: Optional[S] = None) -> dict[S, float]:
    """Return the exact value (MAX's point of view) of every state reachable from `state`, by one
    minimax pass that remembers each state: for games small enough to enumerate (tic-tac-toe has
    5,478 states). ByEvaluation(exact_values(game).get) then orders best first without searching.
    A game that can return to a position has no exact values this way, and is refused.
    """
    search = Search(game, state)
    game = search.game
    values: dict[S, float] = {}
    open_: set[S] = set()  # the positions on the line being valued

    def value(state: S, path: Moves[A]) -> float:
        if state not in values:
            if state in open_:
                raise ValueError(f"node {path_name(path)}: the game returns to the position {shown(state)}, "
                                 "so its tree is infinite; exact_values values games that end")
            if game.is_terminal(state):
                values[state] = search.utility(state, path)
            else:
                open_.add(state)
                children = [value(game.result(state, a), path + (a,)) for a in search.actions(state, path)]
                open_.discard(state)
                best = max if search.role(state) == "MAX" else min
                values[state] = best(children)
        return values[state]

    search.run(lambda: (value(search.root, ()), ()))
    return values


class ByEvaluation(Generic[S]):
    """Orders the actions by evaluate(child), best for the side to move first (worst first with
    worst=True). `evaluate` scores a state from MAX's point of view; a terminal child is scored by
    its utility instead, so moves that win at once come first.

    >>> from minimax_lab.games.protocol import TreeGame
    >>> game = TreeGame([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    >>> ByEvaluation(lambda state: 0)(game, (0,), (0, 1, 2), (0,))   # MIN to move: lowest first
    (0, 2, 1)
    """

    def __init__(self, evaluate: Evaluate[S], *, worst: bool = False):
        callable_value(evaluate, "evaluate", "evaluate(state) returning a number")
        self.evaluate, self.worst = evaluate, worst

    def __repr__(self) -> str:
        name = getattr(self.evaluate, "__name__", type(self.evaluate).__name__)
        return f"ByEvaluation({name}{', worst=True' if self.worst else ''})"

    def __call__(self, game: Game[S, A], state: S, actions: Sequence[A], path: Moves[A]) -> tuple[A, ...]:
        def value(action: A) -> float:
            child, where = game.result(state, action), path + (action,)
            if game.is_terminal(child):
                return check_number(game.utility(child, game.max_player), "the game's utility", where)
            return check_number(self.evaluate(child), "the ordering's evaluation", where)

        return _by_value(game, state, actions, value, self.worst)


wins_first = ByEvaluation(even)
"""Orders moves that win at once first and moves that lose at once last, the rest as given
(utilities are read as a win above 0 and a loss below 0, as in every game of this package)."""


class RandomOrder:
    """Orders the actions at each node in a pseudo-random order that depends only on `seed` and
    the node's path, so a node gets the same order in every search (and in every drawing of it):
    each action gets a key hashed from (seed, path, its position), and the actions are sorted by
    key, which shuffles them uniformly."""

    def __init__(self, seed: int = 0):
        self.seed = whole_number(seed, "seed")

    def __repr__(self) -> str:
        return f"RandomOrder(seed={self.seed})"

    def __call__(self, game: Game[S, A], state: S, actions: Sequence[A], path: Moves[A]) -> tuple[A, ...]:
        actions = tuple(actions)
        node = zlib.crc32(repr(tuple(path)).encode(), mix64(self.seed) & 0xFFFFFFFF)
        keys = [mix64((node << 32) | i) for i in range(len(actions))]
        return tuple(actions[i] for i in sorted(range(len(actions)), key=keys.__getitem__))


class PVFirst(Generic[A]):
    """Puts the move of a principal variation first at each node on it (the other moves as given):
    how iterative deepening reuses the line the previous iteration found."""

    def __init__(self, pv: Sequence[A]):
        if isinstance(pv, (str, bytes)) or not hasattr(pv, "__iter__"):
            raise TypeError(f"pv must be a sequence of moves, such as a SearchResult's pv (0, 4), got {shown(pv)}")
        self.pv = tuple(pv)

    def __repr__(self) -> str:
        return f"PVFirst({self.pv})"

    def __call__(self, game: Game[S, A], state: S, actions: Sequence[A], path: Moves[A]) -> tuple[A, ...]:
        ply = len(path)
        if ply < len(self.pv) and tuple(path) == self.pv[:ply] and self.pv[ply] in actions:
            move = self.pv[ply]
            return (move,) + tuple(a for a in actions if a != move)
        return tuple(actions)


class Killers(Generic[A]):
    """The killer heuristic: a move that caused a cutoff at some ply is tried first at the other
    nodes of that ply (up to `slots` killers per ply, the most recent first).

    Killers learn during a search: use a new Killers() for each search you measure alone, or share
    one across the iterations of iterative deepening.
    """

    def __init__(self, slots: int = 2):
        self.slots = whole_number(slots, "slots", 1)
        self.moves: dict[int, list[A]] = {}

    def __repr__(self) -> str:
        return f"Killers(slots={self.slots})"

    def __call__(self, game: Game[S, A], state: S, actions: Sequence[A], path: Moves[A]) -> tuple[A, ...]:
        killers = [a for a in self.moves.get(len(path), ()) if a in actions]
        return tuple(killers) + tuple(a for a in actions if a not in killers)

    def cutoff(self, game: Game[S, A], state: S, action: A, path: Moves[A]) -> None:
        """Record `action` as the newest killer at this ply."""
        killers = self.moves.setdefault(len(path), [])
        if action in killers:
            killers.remove(action)
        killers.insert(0, action)
        del killers[self.slots:]


class History(Generic[A]):
    """The history heuristic: each (player, move) scores the cutoffs it caused, weighted 2**-ply
    so cutoffs near the root count more; moves are tried highest score first.

    Like Killers, a History learns during a search: use a new one for each search.
    """

    def __init__(self) -> None:
        self.scores: dict[tuple[object, A], float] = {}

    def __repr__(self) -> str:
        return "History()"

    def __call__(self, game: Game[S, A], state: S, actions: Sequence[A], path: Moves[A]) -> tuple[A, ...]:
        player = game.to_move(state)
        return tuple(sorted(actions, key=lambda a: -self.scores.get((player, a), 0)))

    def cutoff(self, game: Game[S, A], state: S, action: A, path: Moves[A]) -> None:
        """Credit `action` with a cutoff at this ply."""
        key = (game.to_move(state), action)
        self.scores[key] = self.scores.get(key, 0) + 2.0 ** -len(path)


class Combined(Generic[S, A]):
    """Orders by the first ordering, breaking its ties by the second, and so on; cutoffs are
    passed on to every ordering that learns from them.

    >>> Combined(wins_first, History())
    Combined(ByEvaluation(even), History())
    """

    def __init__(self, *orderings: Ordering[S, A]):
        for i, order in enumerate(orderings):
            callable_value(order, f"ordering {i} of Combined", "order(game, state, actions, path)")
        self.orderings = orderings

    def __repr__(self) -> str:
        return f"Combined({', '.join(map(repr, self.orderings))})"

    def __call__(self, game: Game[S, A], state: S, actions: Sequence[A], path: Moves[A]) -> tuple[A, ...]:
        actions = tuple(actions)
        for order in reversed(self.orderings):  # each is stable, so the last applied decides first
            actions = tuple(order(game, state, actions, path))
        return actions

    def cutoff(self, game: Game[S, A], state: S, action: A, path: Moves[A]) -> None:
        """Tell every ordering that learns from cutoffs."""
        for order in self.orderings:
            if hasattr(order, "cutoff"):
                order.cutoff(game, state, action, path)


def iterative_deepening(game: Game[S, A], state: Optional[S] = None, *, max_depth: int, evaluate: Evaluate[S],
                        order: Optional[Ordering[S, A]] = None) -> list[SearchResult[float, A]]:
    """Return the results of alpha-beta searches to depth 1, 2, ..., max_depth, each trying the
    previous search's principal variation first (then `order`, which is shared by all the
    searches, so Killers or History carry over). Stops early once a search reaches the end of the
    game everywhere it looked: its value is then exact and deeper searches would repeat it.
    max_depth is at most MAX_TREE_DEPTH plies, deeper than any game of the course lasts.

    >>> from minimax_lab.games.tictactoe import TicTacToe
    >>> results = iterative_deepening(TicTacToe(), max_depth=9, evaluate=lambda state: 0)
    >>> len(results), results[-1].value
    (9, 0)
    """
    whole_number(max_depth, "max_depth", 1, MAX_TREE_DEPTH)
    callable_value(evaluate, "evaluate", "evaluate(state) returning a number")
    if order is not None:
        callable_value(order, "order", "order(game, state, actions, path) returning the actions")
    results: list[SearchResult[float, A]] = []
    for depth in range(1, max_depth + 1):
        horizon_calls = 0

        def counted(state: S) -> float:
            nonlocal horizon_calls
            horizon_calls += 1
            return evaluate(state)

        pv_first = PVFirst(results[-1].pv if results else ())
        ordering = pv_first if order is None else Combined(pv_first, order)
        results.append(alphabeta(game, state, depth=depth, evaluate=counted, order=ordering))
        if horizon_calls == 0:
            break
    return results


def exact_order(game: Game[S, A]) -> ByEvaluation[S]:
    """Return the oracle ordering of `game`: moves sorted by their exact minimax value, best first
    for the player to move, ties as given (ByEvaluation over exact_values, computed once).

    >>> from minimax_lab.games.protocol import TreeGame
    >>> game = TreeGame([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    >>> exact_order(game)(game, (0,), (0, 1, 2), (0,))      # MIN to move: 3, then 8, then 12
    (0, 2, 1)
    """
    values = exact_values(game)

    def exact_value(state: S) -> float:
        if state not in values:
            raise ValueError(f"exact_order: {shown(state)} is not reachable from the start of {shown(game)}")
        return values[state]

    return ByEvaluation(exact_value)
