"""Evaluation functions for depth-limited search of tic-tac-toe: the case study's "open winning lines".

The case study's definition: an open winning line of a player is a row, column or diagonal that holds
at least one of that player's marks and none of the opponent's. Its heuristic is MAX's (X's) open
winning lines minus MIN's (O's).
"""

from __future__ import annotations

import functools
from typing import Callable, TypeVar, cast

from ..core.text import shown
from ..games.tictactoe import LINES, TicTacToeState
from .boards import BoardSettings


def open_winning_lines(state: TicTacToeState, player: str) -> int:
    """Return the number of lines holding at least one of `player`'s marks and none of the other's.

    >>> from minimax_lab import TicTacToe
    >>> open_winning_lines(TicTacToe().state("....X...."), "X")
    4
    """
    other = "O" if player == "X" else "X"
    count = 0
    for line in LINES:
        marks = [state.board[i] for i in line]
        if player in marks and other not in marks:
            count += 1
    return count


Count = TypeVar("Count", bound=Callable[..., int])


def checked_arguments(count: Count) -> Count:
    """Return open_winning_lines with its arguments checked before it counts (its own lines, which
    lessons 4 and 7 print, stay the definition)."""
    @functools.wraps(count)
    def run(state: object, player: object) -> int:
        if not isinstance(state, TicTacToeState):
            raise TypeError(f"open_winning_lines counts the lines of a tic-tac-toe state, not {shown(state)}")
        if player not in ("X", "O"):
            raise ValueError(f"player must be 'X' or 'O', got {shown(player)}")
        return count(state, player)

    return cast(Count, run)


open_winning_lines = checked_arguments(open_winning_lines)


def open_lines_difference(state: TicTacToeState) -> int:
    """Return X's open winning lines minus O's: the case study's heuristic, from MAX's point of view.

    >>> from minimax_lab import TicTacToe
    >>> open_lines_difference(TicTacToe().state("X...O...."))
    -1
    """
    return open_winning_lines(state, "X") - open_winning_lines(state, "O")


def open_lines_evaluation(state: TicTacToeState) -> float:
    """Return open_lines_difference scaled into (-1, 1), so that a real win (utility 1) always
    outranks a guess: the form depth-limited search needs next to utilities of -1, 0 and 1."""
    return open_lines_difference(state) / (len(LINES) + 1)


BOARD = BoardSettings(evaluation=lambda game: open_lines_evaluation, move_order=lambda game: None,
                      depth_limits=lambda game: {"minimax": 9, "alphabeta": 9}, offers_solve=lambda game: True)
"""How the play board searches tic-tac-toe (games.tictactoe's entry names it): open lines at the
horizon, the squares in their own order, every depth (the whole game answers within a second), and
solve offered."""
