"""Minimax, negamax and alpha-beta, one implementation each, written as the textbook writes them.

Every search takes a game (or a bare nested-list tree, MAX at the root), an optional start state,
an optional `depth` with an `evaluate(state)` for the horizon, and an optional `trace` that
records each step. Each returns a SearchResult. The bookkeeping they share (counting, the depth
limit, checking what games, orderings and evaluations return) lives in `Search`, so that the
three functions show only the algorithm, the cutoff test included: the game is over, or the
search is `search.horizon` plies deep (AIMA 4th ed. section 5.3).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from numbers import Real
from typing import Any, Callable, Generic, Optional, Sequence, TypeVar

from ..core.game_types import A, S
from ..core.text import path_name, repr_text, shown
from ..core.trace import CUTOFF, ENTER, EXIT, LEAF, NO_TRACE, UPDATE, Moves, Trace
from ..core.trees import Tree, is_nan
from ..core.validation import as_float, callable_value
from ..games.protocol import Game, as_game, misbehaviour, start_state
from .twin import trace_free_twin

INF = math.inf

LONGEST_PLAYOUT = 10_000
"""The most moves a random playout (PlayoutSearch) or a game played out (players.play,
mcts.uct_match) may make before the game is taken to be one that never ends: far more than any game
of the course takes (tic-tac-toe 9, Connect Four 42)."""

Evaluate = Callable[[S], float]
"""evaluate(state) returns a guess at MAX's value of an unfinished state (the horizon's score);
Evaluate[S] for a game whose states are of type S."""

Ordering = Callable[[Game[S, A], S, Sequence[A], Moves[A]], Sequence[A]]
"""order(game, state, actions, path) returns the actions in the order to search them. An ordering
may also have a method cutoff(game, state, action, path), called when `action` causes a cutoff."""

Player = Callable[[Game[S, A], S], A]
"""player(game, state) returns the move it plays in `state` (a policy, an opponent, a search's move)."""

V = TypeVar("V")
N = TypeVar("N")
T = TypeVar("T")


@dataclass(frozen=True)
class SearchResult(Generic[V, A]):
    """What a search found: the value (a number for two players, from the point of view the search
    states; a vector of utilities for max^n), the first best move, the principal variation (pv),
    and the number of nodes visited (root included) and of leaves evaluated. A search of a
    Game[S, A] returns a SearchResult[float, A]: its moves are the game's actions."""

    value: V
    move: Optional[A]   # the game's action, or None where the root is terminal
    pv: Moves[A]
    nodes: int
    leaves: int

    @property
    def best_move(self) -> A:
        """Return the move, where the root has one; raise ValueError where it is terminal (move None):
        for code that plays the move."""
        if self.move is None:
            raise ValueError("the search's root is a finished position: there is no move to play")
        return self.move

    def __repr__(self) -> str:  # the dataclass's, but a value of 10**5000 is written 1.000e+5000, not refused
        return (f"SearchResult(value={repr_text(self.value)}, move={repr_text(self.move)}, pv={repr_text(self.pv)}, "
                f"nodes={self.nodes!r}, leaves={self.leaves!r})")


def minimax(game: Game[S, A] | Tree, state: Optional[S] = None, *, depth: Optional[int] = None,
            evaluate: Optional[Evaluate[S]] = None, trace: Trace = NO_TRACE) -> SearchResult[float, A]:
    """Return the minimax value of `state` for MAX, and the best move there.

    value() is the definition (AIMA 4th ed. eq. 5.1); max_value and min_value are the two loops
    of AIMA Fig. 5.3. With a `depth`, positions that far down are scored by `evaluate`.

    >>> minimax([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    SearchResult(value=3, move=0, pv=(0, 0), nodes=13, leaves=9)
    """
    search = Search(game, state, depth=depth, evaluate=evaluate)
    game = search.game

    def value(state: S, path: Moves[A]) -> tuple[float, Moves]:
        search.nodes += 1
        player = "MAX" if game.to_move(state) == search.max_player else "MIN"
        trace.add(ENTER, path, player)
        if game.is_terminal(state) or len(path) >= search.horizon:
            v, line = search.utility(state, path), ()
            trace.add(LEAF, path, value=v)
        else:
            v, line = (max_value if player == "MAX" else min_value)(state, path)
        trace.add(EXIT, path, value=v)
        return v, line

    def max_value(state: S, path: Moves[A]) -> tuple[float, Moves]:
        v, line = -INF, ()
        for a in search.actions(state, path):
            v2, line2 = value(game.result(state, a), path + (a,))
            if not line or v2 > v:
                v, line = v2, (a,) + line2
                trace.add(UPDATE, path, value=v)
        return v, line

    def min_value(state: S, path: Moves[A]) -> tuple[float, Moves]:
        v, line = +INF, ()
        for a in search.actions(state, path):
            v2, line2 = value(game.result(state, a), path + (a,))
            if not line or v2 < v:
                v, line = v2, (a,) + line2
                trace.add(UPDATE, path, value=v)
        return v, line

    return search.run(lambda: value(search.root, ()))


def negamax(game: Game[S, A] | Tree, state: Optional[S] = None, *, depth: Optional[int] = None,
            evaluate: Optional[Evaluate[S]] = None, trace: Trace = NO_TRACE) -> SearchResult[float, A]:
    """Return the value of `state` for the side to move there, and the best move: one function
    for both players, because min(a, b) = -max(-a, -b). The players must take turns; a game in
    which one moves twice in a row is refused with an error.

    >>> negamax([[3, 12, 8], [2, 4, 6], [14, 5, 2]]).value
    3
    """
    search = Search(game, state, depth=depth, evaluate=evaluate, alternating=True)
    game = search.game

    def value(state: S, path: Moves[A]) -> tuple[float, Moves]:
        search.nodes += 1
        player = search.to_move(state, path)
        trace.add(ENTER, path, player)
        if game.is_terminal(state) or len(path) >= search.horizon:
            v = search.utility(state, path, player)
            trace.add(LEAF, path, player, value=v)
            trace.add(EXIT, path, player, value=v)
            return v, ()
        best, line = -INF, ()
        for a in search.actions(state, path):
            v, line2 = value(game.result(state, a), path + (a,))
            if not line or -v > best:
                best, line = -v, (a,) + line2
                trace.add(UPDATE, path, player, value=best)
        trace.add(EXIT, path, player, value=best)
        return best, line

    return search.run(lambda: value(search.root, ()))


def alphabeta(game: Game[S, A] | Tree, state: Optional[S] = None, *, depth: Optional[int] = None,
              evaluate: Optional[Evaluate[S]] = None, order: Optional[Ordering[S, A]] = None,
              alpha: float = -INF, beta: float = INF, fail_hard: bool = False,
              trace: Trace = NO_TRACE) -> SearchResult[float, A]:
    """Return the minimax value of `state` for MAX, and the best move, skipping what cannot matter
    (AIMA 4th ed. Fig. 5.7). α is what MAX can already guarantee on the path, β what MIN can.

    With the full window the value is minimax's. With a window (alpha, beta) a value strictly
    inside it is exact, one <= alpha an upper bound and one >= beta a lower bound (fail-soft);
    fail_hard=True clamps every value into [alpha, beta] instead.

    >>> r = alphabeta([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    >>> r.value, r.move, r.nodes, r.leaves
    (3, 0, 11, 7)
    """
    search = Search(game, state, depth=depth, evaluate=evaluate, order=order, window=(alpha, beta))
    game = search.game

    def value(state: S, path: Moves[A], alpha: float, beta: float) -> tuple[float, Moves]:
        search.nodes += 1
        player = "MAX" if game.to_move(state) == search.max_player else "MIN"
        trace.add(ENTER, path, player, alpha=alpha, beta=beta)
        if game.is_terminal(state) or len(path) >= search.horizon:
            v, line = search.utility(state, path), ()
            trace.add(LEAF, path, value=v, alpha=alpha, beta=beta)
        else:
            v, line = (max_value if player == "MAX" else min_value)(state, path, alpha, beta)
        if fail_hard:
            v = min(max(v, alpha), beta)
        trace.add(EXIT, path, value=v)
        return v, line

    def max_value(state: S, path: Moves[A], alpha: float, beta: float) -> tuple[float, Moves]:
        v, line = -INF, ()
        for a in (actions := search.actions(state, path)):
            v2, line2 = value(game.result(state, a), path + (a,), alpha, beta)
            if not line or v2 > v:
                v, line = v2, (a,) + line2
                alpha = max(alpha, v)
            trace.add(UPDATE, path, value=v, alpha=alpha, beta=beta)
            if v >= beta:
                trace.add(CUTOFF, path, value=v, alpha=alpha, beta=beta, pruned=search.after(actions, a))
                search.cutoff(state, a, path)
                break
        return v, line

    def min_value(state: S, path: Moves[A], alpha: float, beta: float) -> tuple[float, Moves]:
        v, line = +INF, ()
        for a in (actions := search.actions(state, path)):
            v2, line2 = value(game.result(state, a), path + (a,), alpha, beta)
            if not line or v2 < v:
                v, line = v2, (a,) + line2
                beta = min(beta, v)
            trace.add(UPDATE, path, value=v, alpha=alpha, beta=beta)
            if v <= alpha:
                trace.add(CUTOFF, path, value=v, alpha=alpha, beta=beta, pruned=search.after(actions, a))
                search.cutoff(state, a, path)
                break
        return v, line

    return search.run(lambda: value(search.root, (), alpha, beta))


# An untraced call runs the search's trace-free twin: the same source compiled without its
# trace.add lines (twin.py), so that nobody pays for a trace they did not ask for.
minimax = trace_free_twin(minimax)
negamax = trace_free_twin(negamax)
alphabeta = trace_free_twin(alphabeta)


# --- the bookkeeping the searches share -------------------------------------------------------


class Search(Generic[S, A]):
    """One search's bookkeeping: the game and start state (checked), the depth limit, the values
    of leaves (checked), the legal actions in search order (checked), and the node and leaf counts.

    Every check names the node where it failed, as a path of actions from the start ('[1][0]').
    """

    __slots__ = ("game", "root", "horizon", "evaluate", "order", "evaluation", "max_player",
                 "movers", "nodes", "leaves")
    # Slots: the searches read these attributes at every node, and slots are read fastest.

    def __init__(self, game: Game[S, A] | Tree, state: Optional[S] = None, *, depth: Optional[int] = None,
                 evaluate: Optional[Evaluate[S]] = None, order: Optional[Ordering[S, A]] = None,
                 window: tuple[float, float] = (-INF, INF), alternating: bool = False):
        self.game = as_game(game)
        self.root = start_state(self.game, state)
        self.horizon = INF if depth is None else check_depth(depth)
        """How deep the search goes: a node this many plies below the root is scored by `evaluate`
        (infinite without a depth). The cutoff test is `game.is_terminal(state) or len(path) >= horizon`."""
        if depth is not None and evaluate is None:
            raise ValueError("a depth-limited search needs evaluate(state) to score the horizon")
        if evaluate is not None:
            callable_value(evaluate, "evaluate", "evaluate(state) returning a number")
        if order is not None:
            callable_value(order, "order", "order(game, state, actions, path) returning the actions")
        check_window(*window)
        self.evaluate, self.order = evaluate, order
        problem = misbehaviour(self.game, self.root, plies=1)
        if problem is not None:
            raise TypeError(problem)
        self.evaluation = None if depth is None else evaluate
        """The evaluation that scores the horizon (None for a search to the end of the game)."""
        self.max_player = self.game.max_player
        """The player whose values the search reports (MAX)."""
        self.movers: Optional[dict[int, object]] = {} if alternating else None
        self.nodes = self.leaves = 0

    def role(self, state: S) -> str:
        """Return 'MAX' if MAX (game.max_player) is to move in `state`, else 'MIN'."""
        return "MAX" if self.game.to_move(state) == self.max_player else "MIN"

    def to_move(self, state: S, path: Moves[A]) -> object:
        """Return the player to move; in an alternating search, check that the players alternate."""
        player = self.game.to_move(state)
        movers, parity = self.movers, len(path) % 2
        if movers is not None and (movers.setdefault(parity, player) != player
                                   or movers.get(1 - parity) == player):
            raise ValueError(f"node {path_name(path)}: {shown(player)} moves here out of turn, so the "
                             "players do not take turns; negamax and solve need them to alternate "
                             "(minimax and alphabeta do not)")
        if movers is not None and len(movers) == 2 and self.max_player not in (movers[0], movers[1]):
            raise ValueError(f"node {path_name(path)}: {shown(movers[0])} and {shown(movers[1])} take turns, "
                             f"but MAX (the game's max_player, {shown(self.max_player)}) never moves; negamax "
                             "and solve need MAX to be one of the two players (minimax and alphabeta do not: "
                             "every other player is MIN there)")
        return player

    def utility(self, state: S, path: Moves[A], player: object = None) -> float:
        """Return the value of a leaf for `player` (default MAX): its utility if the game is over,
        else the evaluation (MAX's guess, negated for the other player). Counts the leaf."""
        self.leaves += 1
        if self.evaluate is None or self.game.is_terminal(state):
            value = self.game.utility(state, self.max_player)
            if type(value) is not int:  # ints, the common case, need no check
                value = check_number(value, "the game's utility", path)
        else:
            try:
                value = self.evaluate(state)
            except RecursionError:
                raise RuntimeError(f"node {path_name(path)}: evaluate raised RecursionError (it "
                                   "recursed too deep itself)") from None
            value = check_number(value, "evaluate", path)
        return value if player is None or player == self.max_player else -value

    def actions(self, state: S, path: Moves[A]) -> tuple[A, ...]:
        """Return the legal actions of a non-terminal state, in the order to search them."""
        listed = self.game.actions(state)
        try:
            actions = tuple(listed)
        except TypeError:
            if hasattr(listed, "__iter__"):
                raise
            raise TypeError(f"node {path_name(path)}: the game's actions({shown(state)}) returned {shown(listed)}, "
                            "not a sequence of the legal actions") from None
        if not actions:
            raise ValueError(f"node {path_name(path)}: state {shown(state)} is not terminal but has no "
                             "legal actions, so the search is stuck")
        if self.order is None:
            return actions
        return check_ordering(self.order, actions, self.order(self.game, state, actions, path), path)

    def explain_failure(self) -> None:
        """Raise TypeError saying what the game does wrong if `misbehaviour` finds it below the
        root (a search that failed calls it, so that the error names the game's fault, not what
        the fault led to); return if it finds nothing."""
        problem = misbehaviour(self.game, self.root)
        if problem is not None:
            raise TypeError(problem)

    @staticmethod
    def after(actions: tuple[T, ...], action: T) -> tuple[T, ...]:
        """Return the actions after `action`: the ones a cutoff prunes."""
        return actions[actions.index(action) + 1:]

    def cutoff(self, state: S, action: A, path: Moves[A]) -> None:
        """Tell the ordering, if it learns from cutoffs (killers, history), that `action` caused one."""
        if self.order is None:  # the common case, and a quick one: nothing to tell
            return
        learn = getattr(self.order, "cutoff", None)
        if learn is not None:
            learn(self.game, state, action, path)

    def run(self, search: Callable[[], tuple[V, Optional[Moves[A]]]]) -> SearchResult[V, A]:
        """Run the search from the root; return its value, move, principal variation and counts."""
        try:
            value, line = search()
        except RecursionError:
            self.explain_failure()
            raise ValueError("the search recursed deeper than Python allows: the game may never end; "
                             "pass depth=... with an evaluate function") from None
        except OverflowError as error:
            if "too large to convert to float" not in str(error):
                raise
            raise ValueError("a value (a utility, an evaluation or a bound of the window) is an integer too "
                             "large for a float (such as 10**400), and this search steps between values as "
                             "floats (math.nextafter); give values a float can hold") from None
        except (TypeError, AttributeError, ValueError, KeyError, IndexError):
            self.explain_failure()
            raise
        line = line or ()
        return SearchResult(value, line[0] if line else None, line, self.nodes, self.leaves)


class PlayoutSearch(Search[S, A]):
    """The bookkeeping of random playouts (mcts.uct): a Search whose playouts are stopped with an
    error once one has gone on for LONGEST_PLAYOUT moves (the game may never end), and whose
    utilities must be finite numbers that add up as floats."""

    __slots__ = ()

    def actions(self, state: S, path: Moves[A]) -> tuple[A, ...]:
        """Return the legal actions as Search.actions does, stopping a playout that never ends."""
        if len(path) >= LONGEST_PLAYOUT:
            self.explain_failure()
            raise ValueError(f"a playout has gone on for {len(path):,} moves without the game ending "
                             f"(it reached {shown(state)}): the game may never end, and a random playout "
                             "needs one that does")
        return super().actions(state, path)

    def utility(self, state: S, path: Moves[A], player: object = None) -> float:
        """Return the leaf's value as Search.utility does, checked to be usable as a float (the
        playouts' results are added up)."""
        value = super().utility(state, path, player)
        if not math.isfinite(as_float(value, f"node {path_name(path)}: the game's utility")):
            raise ValueError(f"node {path_name(path)}: the game's utility is {value}, and random playouts "
                             "average their utilities, which an infinite one leaves without a mean "
                             "(inf - inf has none); give finite utilities")
        return value


def check_depth(depth: object, name: str = "depth") -> int:
    """Return `depth` if it is a whole number >= 0 (not a bool or a float), else raise ValueError."""
    if isinstance(depth, bool) or not isinstance(depth, int) or depth < 0:
        raise ValueError(f"{name} must be a whole number >= 0 or None, got {shown(depth)}")
    return depth


def check_window(alpha: float, beta: float) -> None:
    """Raise ValueError unless alpha and beta are numbers (not NaN) with alpha < beta."""
    for name, bound in (("alpha", alpha), ("beta", beta)):
        if isinstance(bound, bool) or not isinstance(bound, Real) or is_nan(bound):
            raise ValueError(f"{name} must be a number, got {shown(bound)}")
    if not alpha < beta:
        raise ValueError(f"the window needs alpha < beta, got alpha={shown(alpha)}, beta={shown(beta)}")


def check_number(value: N, what: str, path: Moves) -> N:
    """Return `value` if it is a real number other than NaN (bools are not), else raise TypeError
    saying which function returned it at which node."""
    if type(value) is int or (type(value) is float and value == value):
        return value
    if isinstance(value, bool) or not isinstance(value, Real):
        raise TypeError(f"node {path_name(path)}: {what} returned {shown(value)}, not a number")
    if is_nan(value):  # any NaN, numpy's float32 included
        raise TypeError(f"node {path_name(path)}: {what} returned {shown(value)}, not a number")
    return value


def check_ordering(order: Ordering[S, A], actions: tuple[A, ...], ordered: object,
                   path: Moves[A]) -> tuple[A, ...]:
    """Return what an ordering returned, as a tuple, if it is the same actions rearranged; else
    raise ValueError naming the ordering, the node and what went missing or appeared."""
    name = getattr(order, "__name__", None) or repr(order)
    if ordered is None or isinstance(ordered, (str, bytes)) or not hasattr(ordered, "__iter__"):
        raise TypeError(f"node {path_name(path)}: the ordering {name} returned {shown(ordered)}, not a "
                        f"sequence of the actions {list(actions)}")
    ordered = tuple(ordered)
    if len(ordered) != len(actions) or set(ordered) != set(actions):
        missing = [a for a in actions if a not in ordered]
        extra = [a for a in ordered if a not in actions]
        doubled = sorted({a for a in ordered if ordered.count(a) > 1}, key=ordered.index)
        problems = [f"{label} {items}" for label, items in
                    (("dropped", missing), ("invented", extra), ("repeated", doubled)) if items]
        raise ValueError(f"node {path_name(path)}: the ordering {name} must return the actions "
                         f"{list(actions)} rearranged, but returned {list(ordered)} "
                         f"({'; '.join(problems)})")
    return ordered
