"""The board-game protocol: what the play board (minimax_lab.display.board) needs to know about a game.

A board game is a Game (minimax_lab.games) drawn on a grid of squares numbered row by row from
the top left. It says what mark each square holds and what a click on a square plays (or why it
is refused). How to score the horizon of a depth-limited search, how to order moves, how deep
each algorithm may look within about a second, and whether an exact `solve` is quick enough to
offer are this module's functions, which ask each game's BoardSettings, declared in the game's own
module of minimax_lab.heuristics and named by its entry in minimax_lab.games.registry: the game
classes hold the rules only. The board asks nothing else of a game.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Optional, Protocol, Sequence, runtime_checkable

from ..core.game_types import A, S
from ..games.protocol import Game, play_moves
from ..games.registry import games_with, part_of

# play_moves lives in minimax_lab.games and is re-exported here, its first home.
__all__ = ["BoardGame", "BoardSettings", "board_games", "depth_limits", "horizon_evaluation", "move_order",
           "offers_solve", "play_moves"]

Order = Callable[..., Sequence[Any]]
"""A move ordering, as alpha-beta's `order` takes it."""


@dataclass(frozen=True)
class BoardSettings:
    """How the play board searches one game, each a function of the game: the evaluation at a
    depth-limited search's horizon, the move ordering (None: the game's own order), the deepest
    search each depth-limited algorithm may make within about a second, and whether an exact
    `solve` answers quickly. A game's entry in minimax_lab.games.registry names its settings
    (its part 'board'), which live in the game's own module of minimax_lab.heuristics."""

    evaluation: Callable[[Any], Callable[[Any], float]]
    move_order: Callable[[Any], Optional[Order]]
    depth_limits: Callable[[Any], dict[str, int]]
    offers_solve: Callable[[Any], bool]


@runtime_checkable
class BoardGame(Game[S, A], Protocol[S, A]):
    """A Game that the play board can show and play (see the module's docstring)."""

    move_noun: str
    """What the board calls a move in its messages: 'square' or 'column'."""

    def grid(self) -> tuple[int, int]: ...
    def mark(self, state: S, square: int) -> Optional[str]: ...
    def click_action(self, state: S, square: int) -> tuple[Optional[A], str]: ...
    def play(self, moves: Sequence[A] | str, state: Optional[S] = None) -> S: ...
    def show(self, state: S) -> str: ...


def board_games() -> str:
    """Return the games that have board settings, as messages name them: 'tic-tac-toe (TicTacToe)
    and Connect Four (ConnectFour)'."""
    return " and ".join(f"{entry.name} ({entry.user_class().__name__})" for entry in games_with("board"))


def settings(game: object, asked: str) -> BoardSettings:
    """Return `game`'s board settings; raise TypeError naming the function `asked` if it has none."""
    found = part_of(game, "board")
    if not isinstance(found, BoardSettings):
        raise TypeError(f"{asked} knows {board_games()}, not {type(game).__name__}")
    return found


def horizon_evaluation(game: object) -> Callable[[Any], float]:
    """Return the evaluation for the horizon of a depth-limited search in `game`: open winning
    lines scaled into (-1, 1) in tic-tac-toe, `game.evaluate` in Connect Four."""
    return settings(game, "horizon_evaluation").evaluation(game)


def move_order(game: object) -> Optional[Order]:
    """Return the move ordering for alpha-beta and solve in `game`: None in tic-tac-toe (the
    squares in ascending order), threats_then_centre in Connect Four (win, block, centre outwards)."""
    return settings(game, "move_order").move_order(game)


def depth_limits(game: object) -> dict[str, int]:
    """Return the deepest search each depth-limited algorithm may make in `game` within about a
    second: the whole game in tic-tac-toe; in Connect Four the depths d at which width**d is
    within ConnectFour.MINIMAX_LEAVES and ALPHABETA_LEAVES (1 to MOST_DEPTH)."""
    return settings(game, "depth_limits").depth_limits(game)


def offers_solve(game: object) -> bool:
    """Return True when solve answers quickly in `game`: always in tic-tac-toe, in Connect Four
    on boards of at most ConnectFour.SOLVE_MOST_SQUARES squares."""
    return settings(game, "offers_solve").offers_solve(game)
