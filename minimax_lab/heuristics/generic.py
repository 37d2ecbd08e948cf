"""Knowledge that holds in any game: the evaluation that knows nothing (even) and the moves that win
at once (winning_moves)."""

from __future__ import annotations

from ..core.game_types import A, S
from ..games.protocol import Game


def even(state: object) -> float:
    """Score every unfinished position as even (0): depth-limited search with no knowledge."""
    return 0


def winning_moves(game: Game[S, A], state: S) -> list[A]:
    """Return the moves that end the game at once with a win for the player to move in `state`."""
    if game.is_terminal(state):
        return []
    player = game.to_move(state)
    return [a for a in game.actions(state)
            if game.is_terminal(child := game.result(state, a)) and game.utility(child, player) > 0]
