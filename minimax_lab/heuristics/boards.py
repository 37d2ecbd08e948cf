"""The board-game protocol: what the play board (minimax_lab.display.board) needs to know about a game.

A board game is a Game (minimax_lab.games) drawn on a grid of squares numbered row by row from
the top left. It says what mark each square holds and what a click on a square plays (or why it
is refused). How to score the horizon of a depth-limited search, how to order moves, how deep
each algorithm may look within about a second, and whether an exact `solve` is quick enough to
offer are this module's functions, which know tic-tac-toe and Connect Four: the game classes hold
the rules only. The board asks nothing else of a game.
"""

from __future__ import annotations

from typing import Any, Callable, Optional, Protocol, Sequence, runtime_checkable

from ..core.trees import deepest_within
from ..games.protocol import Game, play_moves
from ..games.tictactoe import TicTacToe
from .connect_four import ConnectFour, threats_then_centre
from .tictactoe import open_lines_evaluation

# play_moves lives in minimax_lab.games and is re-exported here, its first home.
__all__ = ["BOARD_GAMES", "BoardGame", "depth_limits", "horizon_evaluation", "move_order", "offers_solve",
           "play_moves"]

BOARD_GAMES = (TicTacToe, ConnectFour)
"""The games whose search settings this module's functions know."""


@runtime_checkable
class BoardGame(Game, Protocol):
    """A Game that the play board can show and play (see the module's docstring)."""

    move_noun: str
    """What the board calls a move in its messages: 'square' or 'column'."""

    def grid(self) -> tuple[int, int]: ...
    def mark(self, state: Any, square: int) -> Optional[str]: ...
    def click_action(self, state: Any, square: int) -> tuple[Any, str]: ...
    def play(self, moves: Sequence[Any] | str, state: Any = None) -> Any: ...
    def show(self, state: Any) -> str: ...


def horizon_evaluation(game: Any) -> Callable[[Any], float]:
    """Return the evaluation for the horizon of a depth-limited search in `game`: open winning
    lines scaled into (-1, 1) in tic-tac-toe, `game.evaluate` in Connect Four."""
    if isinstance(game, TicTacToe):
        return open_lines_evaluation
    return _connect_four(game, "horizon_evaluation").evaluate


def move_order(game: Any) -> Optional[Callable[..., Sequence[Any]]]:
    """Return the move ordering for alpha-beta and solve in `game`: None in tic-tac-toe (the
    squares in ascending order), threats_then_centre in Connect Four (win, block, centre outwards)."""
    if isinstance(game, TicTacToe):
        return None
    _connect_four(game, "move_order")
    return threats_then_centre


def depth_limits(game: Any) -> dict[str, int]:
    """Return the deepest search each depth-limited algorithm may make in `game` within about a
    second: the whole game in tic-tac-toe; in Connect Four the depths d at which width**d is
    within ConnectFour.MINIMAX_LEAVES and ALPHABETA_LEAVES (1 to MOST_DEPTH)."""
    if isinstance(game, TicTacToe):
        return {"minimax": 9, "alphabeta": 9}
    board = _connect_four(game, "depth_limits")

    def deepest(leaves: int) -> int:
        return deepest_within(lambda d: board.width ** d, leaves, most=board.MOST_DEPTH, least=1)

    return {"minimax": deepest(board.MINIMAX_LEAVES), "alphabeta": deepest(board.ALPHABETA_LEAVES)}


def offers_solve(game: Any) -> bool:
    """Return True when solve answers quickly in `game`: always in tic-tac-toe, in Connect Four
    on boards of at most ConnectFour.SOLVE_MOST_SQUARES squares."""
    if isinstance(game, TicTacToe):
        return True
    board = _connect_four(game, "offers_solve")
    return board.width * board.height <= board.SOLVE_MOST_SQUARES


def _connect_four(game: Any, asked: str) -> ConnectFour:
    """Return `game` if it is a ConnectFour; raise TypeError naming the function `asked` if not."""
    if not isinstance(game, ConnectFour):
        raise TypeError(f"{asked} knows tic-tac-toe (TicTacToe) and Connect Four (ConnectFour), "
                        f"not {type(game).__name__}")
    return game
