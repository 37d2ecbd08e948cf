"""The board-game protocol: what the play board (minimax_lab.board) needs to know about a game.

A board game is a Game (minimax_lab.games) drawn on a grid of squares numbered row by row from
the top left. It says what mark each square holds, what a click on a square plays (or why it is
refused), how to score the horizon of a depth-limited search, how to order moves, how deep each
algorithm may look within about a second, and whether an exact `solve` is quick enough to
offer. Tic-tac-toe and Connect Four implement it; the board asks nothing else of a game.
"""

from __future__ import annotations

from typing import Any, Callable, Optional, Protocol, Sequence, runtime_checkable

from .games import Game


@runtime_checkable
class BoardGame(Game, Protocol):
    """A Game that the play board can show and play (see the module's docstring)."""

    move_noun: str
    """What the board calls a move in its messages: 'square' or 'column'."""

    def grid(self) -> tuple[int, int]: ...
    def mark(self, state: Any, square: int) -> Optional[str]: ...
    def click_action(self, state: Any, square: int) -> tuple[Any, str]: ...
    def horizon_evaluation(self) -> Callable[[Any], float]: ...
    def move_order(self) -> Optional[Callable[..., Sequence[Any]]]: ...
    def depth_limits(self) -> dict[str, int]: ...
    def offers_solve(self) -> bool: ...
    def play(self, moves: Sequence[Any] | str, state: Any = None) -> Any: ...
    def show(self, state: Any) -> str: ...


def play_moves(game: Game, moves: Sequence[Any] | str, state: Any = None) -> Any:
    """Return the state after playing `moves` in `game` from `state` (default: the start); a
    string of digits plays one move per digit ('3344'). A move that is not a whole number, or is
    illegal, raises ValueError saying which move it was."""
    state = game.initial if state is None else state
    for i, move in enumerate(moves):
        action = int(move) if isinstance(move, str) and move.isdigit() else move
        try:
            if isinstance(action, bool) or not isinstance(action, int):
                raise ValueError(f"a move is a whole number, got {action!r}")
            state = game.result(state, action)
        except ValueError as error:
            raise ValueError(f"move {i + 1} of {moves!r}: {error}") from None
    return state

