"""Connect Four for search: the rules (minimax_lab.games.connect_four) with an evaluation and a
move ordering.

`ConnectFour` is `ConnectFourRules` plus what a search asks beyond the rules: the moves that win at
once (`winning_moves`, `threats`), a move ordering (`ordered_actions`, `threats_then_centre`), the
moves that settle a position that is not quiet (`noisy_actions`) and an evaluation (`evaluate`).
"""

from __future__ import annotations

from typing import Optional, Sequence

from ..core.trace import Moves
from ..core.trees import deepest_within
from ..games.connect_four import PLAYERS, ConnectFourRules, ConnectFourState
from .boards import BoardSettings
from .connect_four_bits import Bitboards
from .connect_four_evaluation import LinearEvaluation

__all__ = ["BOARD", "PLAYERS", "ConnectFour", "ConnectFourRules", "ConnectFourState", "threats_then_centre"]


class ConnectFour(ConnectFourRules):
    """Connect Four: the rules of ConnectFourRules (see there), and what a search adds to them: the
    evaluation of a position (open threes, twos and centre stones), threats, and the move orderings.

    >>> game = ConnectFour()
    >>> game.winning_moves(game.play("001122"))
    [3]
    """

    def __init__(self, width: int = 7, height: int = 6):
        super().__init__(width, height)
        self.bits = Bitboards(width, height)
        """The board's masks and the shifts search computes with (minimax_lab.heuristics.connect_four_bits)."""
        self._evaluation: Optional[LinearEvaluation] = None

    # Helpers for search: move ordering and the outcome of the next move.

    def ordered_actions(self, state: ConnectFourState) -> tuple[int, ...]:
        """Return the legal moves best-guess first: a move that wins at once, then a move that
        blocks the opponent's immediate win, then the rest from the centre outwards."""
        self.check_size(state)
        legal = [c for c in self.bits.centre_first if c in state.moves]
        wins = self.winning_moves(state)
        if wins:
            return tuple(wins) + tuple(c for c in legal if c not in wins)
        threats = self.winning_moves(state, for_opponent=True)
        first = [c for c in legal if c in threats]
        return tuple(first + [c for c in legal if c not in threats])

    def winning_moves(self, state: ConnectFourState, *, for_opponent: bool = False) -> list[int]:
        """Return the legal moves that complete four in a row at once for the player to move (or,
        with for_opponent=True, for the other player if it were their turn), in ascending order."""
        self.check_size(state)
        mine, theirs = (state.x, state.o) if state.to_move == "X" else (state.o, state.x)
        if for_opponent:
            mine = theirs
        mask = state.x | state.o
        wins = self.threats(mine, mask) & (mask + self._bottom_row)
        return [c for c in state.moves if wins & self._column[c]] if wins else []

    def noisy_actions(self, state: ConnectFourState) -> tuple[int, ...]:
        """Return the moves that settle a position that is not quiet: the moves that win at once,
        else the blocks of the opponent's immediate wins (any other move loses at once); () in a
        quiet position. Quiescence search looks only at these moves beyond the horizon.

        >>> game = ConnectFour()
        >>> game.noisy_actions(game.play("001122")), game.noisy_actions(game.play("00112"))
        ((3,), (3,))
        >>> game.noisy_actions(game.initial)
        ()
        """
        self.check_size(state)
        mine, theirs = (state.x, state.o) if state.to_move == "X" else (state.o, state.x)
        mask = mine | theirs
        playable = mask + self._bottom_row
        squares = self.threats(mine, mask) & playable or self.threats(theirs, mask) & playable
        if not squares:
            return ()
        return tuple(c for c in state.moves if squares & self._column[c])

    def threats(self, stones: int, mask: int) -> int:
        """Return the bitboard of the empty squares (playable now or not) that would complete four
        in a row for `stones`; `mask` holds every stone on the board."""
        return self.bits.threats(stones, mask)

    # An evaluation for depth-limited search.

    def evaluate(self, state: ConnectFourState) -> float:
        """Return a guess at X's value of an unfinished position, strictly between -1 and 1: the
        weighted difference of open threes, open twos and centre stones (minimax_lab.heuristics.connect_four_evaluation).

        >>> game = ConnectFour()
        >>> game.evaluate(game.initial), game.evaluate(game.play("3")) > 0
        (0.0, True)
        """
        self.check_size(state)
        if self._evaluation is None:
            self._evaluation = LinearEvaluation(self)
        return self._evaluation(state)

    # The play board's limits (BOARD below: its depth_limits and offers_solve).

    MOST_DEPTH = 12
    """The deepest search the play board offers on any board."""

    MINIMAX_LEAVES, ALPHABETA_LEAVES = 3_000, 120_000
    """How many leaves width**depth the board's depth slider allows. Measured on the 7 x 6 board:
    minimax to depth 4 and alpha-beta (win, block, centre first) to depth 6 answer in a quarter of
    a second; a ply more takes about a second or longer."""

    SOLVE_MOST_SQUARES = 16
    """The largest board (in squares) on which the play board offers solve: a 4 x 4 board solves
    in well under a second, a 5 x 4 board takes a few seconds."""


def threats_then_centre(game: ConnectFour, state: ConnectFourState, actions: Sequence[int],
                        path: Moves) -> tuple[int, ...]:
    """Order `actions` as game.ordered_actions does (win, block, centre outwards): an ordering for
    alphabeta(order=...) and solve(order=...)."""
    return tuple(a for a in game.ordered_actions(state) if a in actions)


def _depth_limits(board: ConnectFour) -> dict[str, int]:
    """The depths d at which width**d is within ConnectFour.MINIMAX_LEAVES and ALPHABETA_LEAVES."""
    def deepest(leaves: int) -> int:
        return deepest_within(lambda d: board.width ** d, leaves, most=board.MOST_DEPTH, least=1)

    return {"minimax": deepest(board.MINIMAX_LEAVES), "alphabeta": deepest(board.ALPHABETA_LEAVES)}


BOARD = BoardSettings(evaluation=lambda game: game.evaluate, move_order=lambda game: threats_then_centre,
                      depth_limits=_depth_limits,
                      offers_solve=lambda game: game.width * game.height <= game.SOLVE_MOST_SQUARES)
"""How the play board searches Connect Four (games.connect_four's entry names it): game.evaluate at
the horizon, threats_then_centre's order, depths by the leaves the board allows, and solve offered
on boards of at most SOLVE_MOST_SQUARES squares."""
