"""Retrograde analysis: solve every position of a small game at once, working back from the end.

Search starts at one position and looks forward; retrograde analysis starts at the positions
where the game is over and works backwards to the start, labelling each position once with its
value for the player to move (+1 a win, 0 a draw, -1 a loss) and its *distance*: the number of
plies to the end of the game with best play (a winner ends the game as soon as it can, a loser
puts the end off as long as it can). The labels form a *tablebase*: afterwards the value and
the best move of any position are looked up, not searched (AIMA 4th ed., section 5.3.4, "Search
versus lookup": chess programs use endgame tablebases built this way).

>>> from minimax_lab import Nim
>>> table = tablebase(Nim([1, 2]))
>>> table.label(table.game.initial), table.best_move(table.game.initial)
(Label(value=1, distance=3), (1, 1))
"""

from __future__ import annotations

import functools
import inspect
from collections import deque
from dataclasses import dataclass
from numbers import Real
from typing import Callable, Generic, NamedTuple, Optional, ParamSpec, Sequence

from ..core.game_types import A, S
from ..core.text import shown
from ..core.trees import Tree
from ..games.protocol import Game, as_game, game_name, misbehaviour, start_state

P = ParamSpec("P")


class Label(NamedTuple):
    """A position's entry in a tablebase: `value` for the player to move (+1 a win, 0 a draw,
    -1 a loss) and `distance`, the plies to the end of the game with best play."""

    value: int
    distance: int


def backed_up(children: Sequence[tuple[int, int]]) -> Label:
    """Return a position's label from its children's labels (value, distance), each for the player
    to move in the child: one backward step of retrograde analysis (the players alternate).

    The value is negamax's: the best of the children's values negated. A win takes the quickest
    of the winning moves (1 + the least distance of a child that is lost for its player to move);
    a loss or a draw the slowest of the moves that keep that value (1 + the greatest distance).

    >>> backed_up([(1, 0), (-1, 4), (-1, 2)])
    Label(value=1, distance=3)
    >>> backed_up([(1, 3), (1, 1)])
    Label(value=-1, distance=4)
    """
    if not children:
        raise ValueError("backed_up needs the labels of at least one child: a position without "
                         "moves is a terminal position, labelled by its utility")
    for i, child in enumerate(children):
        if (not isinstance(child, tuple) or len(child) != 2 or type(child[0]) is not int
                or child[0] not in (-1, 0, 1) or type(child[1]) is not int or child[1] < 0):
            raise ValueError(f"backed_up: child {i} is {shown(child)}, not a label (value, distance): a value "
                             "-1, 0 or 1 and a distance that is a whole number >= 0")
    best = max(-value for value, _ in children)
    distances = [distance for value, distance in children if -value == best]
    return Label(best, 1 + (min(distances) if best == 1 else max(distances)))


class NotInTable(KeyError, ValueError):
    """A position that a tablebase does not hold: a KeyError, as a mapping's missing key, and a
    ValueError, as an argument that is not one of its positions."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else ""


@dataclass(frozen=True)
class Tablebase(Generic[S, A]):
    """The label of every position reachable from `start`, as `tablebase` computed it, with what
    building it cost: `positions` labelled and `moves` (links from a position to a child) followed."""

    game: Game[S, A]
    start: S
    labels: dict[S, Label]
    moves: int

    @property
    def positions(self) -> int:
        """Return the number of positions labelled."""
        return len(self.labels)

    def label(self, state: S) -> Label:
        """Return the label of `state` (KeyError naming it when the table does not hold it)."""
        try:
            return self.labels[state]
        except (KeyError, TypeError):  # TypeError: a state that cannot be hashed
            raise NotInTable(f"{shown(state)} is not a position reachable from {shown(self.start)}") from None

    def value(self, state: S) -> int:
        """Return the value of `state` for the first player (game.max_player), as minimax gives it."""
        value = self.label(state).value
        return value if self.game.to_move(state) == getattr(self.game, "max_player", None) else -value

    def best_move(self, state: S) -> Optional[A]:
        """Return the first move (in the game's order) that keeps `state`'s label: the quickest win,
        the slowest loss; None at the end of the game."""
        if self.game.is_terminal(state):
            return None
        want = self.label(state)
        return next(a for a in self.game.actions(state)
                    if backed_up([self.labels[self.game.result(state, a)]]) == want)

    def counts(self) -> dict[int, int]:
        """Return how many positions are wins (+1), draws (0) and losses (-1) for the player to move."""
        found = {1: 0, 0: 0, -1: 0}
        for label in self.labels.values():
            found[label.value] += 1
        return found


def tablebase(game: Game[S, A] | Tree, state: Optional[S] = None) -> Tablebase[S, A]:
    """Return the tablebase of every position reachable from `state` (default: the start), built
    by retrograde analysis: list the positions and who reaches each; label the terminal ones by
    their utility (distance 0); then, from the labelled positions, label their parents, nearest
    the end first: a parent with a child lost for its player is a win at once (the first such
    child found is the nearest), any other parent once all its children are labelled
    (backed_up). The players must alternate, every game must end, and a finished game's utility
    for the player to move must be -1, 0 or 1 (ValueError otherwise).

    >>> from minimax_lab import TicTacToe
    >>> table = tablebase(TicTacToe())
    >>> table.positions, table.label(table.start)
    (5478, Label(value=0, distance=9))
    """
    game = as_game(game)
    start = game.initial if state is None else state
    parents: dict[S, list[S]] = {start: []}
    waiting: dict[S, int] = {}
    labels: dict[S, Label] = {}
    ready: deque[S] = deque()
    stack, moves = [start], 0
    while stack:  # forward: every position, its parents, and the terminal positions' labels
        position = stack.pop()
        if game.is_terminal(position):
            labels[position] = _terminal_label(game, position)
            ready.append(position)
            continue
        children = [game.result(position, a) for a in game.actions(position)]
        if not children:
            raise ValueError(f"{game_name(game)}: {position!r} is not terminal but has no moves")
        waiting[position] = len(children)
        moves += len(children)
        for child in children:
            if game.to_move(child) == game.to_move(position):
                raise ValueError(f"{game_name(game)}: after {position!r} the same player moves again; "
                                 "retrograde analysis here needs players who alternate")
            if child not in parents:
                parents[child] = []
                stack.append(child)
            parents[child].append(position)
    while ready:  # backward: label the parents of what is labelled, nearest the end first
        child = ready.popleft()
        value, distance = labels[child]
        for parent in parents[child]:
            if parent in labels:
                continue
            waiting[parent] -= 1
            if value == -1:
                labels[parent] = Label(1, distance + 1)
            elif waiting[parent] == 0:
                labels[parent] = backed_up([labels[game.result(parent, a)] for a in game.actions(parent)])
            else:
                continue
            ready.append(parent)
    unlabelled = [position for position in parents if position not in labels]
    if unlabelled:
        raise ValueError(f"{game_name(game)}: {unlabelled[0]!r} was never labelled: the game can return "
                         "to a position, so some games never end")
    return Tablebase(game, start, labels, moves)


def _terminal_label(game: Game[S, A], state: S) -> Label:
    """Return a finished game's label: its utility for the player to move, distance 0."""
    utility = game.utility(state, game.to_move(state))
    value = _plain_float(utility)
    if value is None or value not in (-1.0, 0.0, 1.0):
        raise ValueError(f"{game_name(game)}: the utility of {shown(state)} is {shown(utility)}; a tablebase "
                         "labels wins, draws and losses (utilities 1, 0 and -1)")
    return Label(int(value), 0)


def _plain_float(number: object) -> Optional[float]:
    """Return a real number as a plain float, which compares equal only to its own value (not as an
    int that says it equals everything); None for a bool, anything else, or one too large."""
    if isinstance(number, bool) or not isinstance(number, Real):
        return None
    try:
        return float(number)
    except OverflowError:
        return None


def checked_start(build: Callable[P, Tablebase]) -> Callable[P, Tablebase]:
    """Return `tablebase` with its start checked before it runs (by the game's check_state), and an
    error it meets explained by what the game does wrong, if misbehaviour finds it (the function's
    own lines stay the algorithm; lesson 8 prints its plain twin, search.plain.retrograde)."""
    signature = inspect.signature(build)

    @functools.wraps(build)
    def run(*args: P.args, **kwargs: P.kwargs) -> Tablebase:
        arguments = signature.bind(*args, **kwargs).arguments
        game = arguments["game"] = as_game(arguments["game"])   # one game, checked once
        start = start_state(game, arguments.get("state"))
        try:
            return build(**arguments)  # type: ignore[call-arg]  # the arguments bound above
        except (TypeError, AttributeError, ValueError, KeyError, IndexError) as error:
            problem = misbehaviour(game, start)
            if problem is None:
                raise
            raise TypeError(problem) from error

    return run


tablebase = checked_start(tablebase)
