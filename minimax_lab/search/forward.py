"""Forward pruning: a search that drops moves without searching them, on a guess that they are bad
(AIMA 4th ed. section 5.3.3). Beam search keeps, at every node, only the `width` moves whose
positions the evaluation likes best for the player to move, and searches those with the textbook's
alpha-beta; unlike alpha-beta's cutoffs, a move it drops may have been the best.

>>> from minimax_lab import ConnectFour
>>> game = ConnectFour()
>>> Beam(game, 2, game.evaluate).actions(game.initial)
(3, 2)
>>> beam_search(game, depth=4, width=2, evaluate=game.evaluate).nodes < 50
True
"""

from __future__ import annotations

from numbers import Real
from typing import Generic, Optional

from ..core.game_types import A, S
from ..core.text import shown
from ..core.validation import as_float, callable_value, whole_number
from ..games.protocol import Game, GameView, as_game
from .textbook import Evaluate, Ordering, SearchResult, alphabeta

WIN_RANK = 2.0
"""How a beam ranks a move that ends the game: its utility times WIN_RANK, beyond any guess of the
evaluation (strictly between -1 and 1), so a winning move is always kept and a losing one last."""


class Beam(GameView, Generic[S, A]):
    """`game` as a beam search sees it: the same rules, but in every position only the `width`
    moves whose resulting positions `evaluate` (MAX's guess, strictly between -1 and 1) likes best
    for the player to move, best first; a move that ends the game ranks by its utility, beyond any
    guess. Ties keep the game's own move order (its ordered_actions when it has them, as Connect
    Four does: win, block, centre outwards; else its actions as listed)."""

    def __init__(self, game: Game[S, A], width: int, evaluate: Evaluate[S]):
        callable_value(evaluate, "evaluate", "evaluate(state) returning a number")
        super().__init__(as_game(game))
        self.width, self.evaluate = whole_number(width, "width", low=1), evaluate

    def __repr__(self) -> str:
        return f"Beam({self.game!r}, width={self.width})"

    def rank(self, state: S, action: A) -> float:
        """Return how good `action` looks for the player to move in `state`, one ply ahead."""
        game, player = self.game, self.game.to_move(state)
        child = game.result(state, action)
        if game.is_terminal(child):
            utility = game.utility(child, player)
            if isinstance(utility, bool) or not isinstance(utility, Real) or utility != utility:
                raise ValueError(f"{shown(self)}: the utility of {shown(child)} is {shown(utility)}, not a number")
            return WIN_RANK * as_float(utility, f"{self!r}: the utility of {child!r}")
        guess = self.evaluate(child)
        if isinstance(guess, bool) or not isinstance(guess, Real) or not -1 < guess < 1:
            raise ValueError(f"{shown(self)}: evaluate({shown(child)}) returned {shown(guess)}, but a beam ranks moves by a "
                             "guess strictly between -1 and 1 (a number, not NaN), beyond which only a "
                             "finished game's utility ranks")
        return float(guess) if player == game.max_player else -float(guess)

    def actions(self, state: S) -> tuple[A, ...]:
        """Return the `width` best-looking legal actions of `state`, best first."""
        ordered = getattr(self.game, "ordered_actions", None)
        actions = tuple(ordered(state) if callable(ordered) else self.game.actions(state))
        ranked = sorted(actions, key=lambda action: -self.rank(state, action))
        return tuple(ranked[:self.width])


def beam_search(game: Game[S, A], state: Optional[S] = None, *, depth: int, width: int, evaluate: Evaluate[S],
                order: Optional[Ordering[S, A]] = None) -> SearchResult[float, A]:
    """Return the textbook's alpha-beta to `depth` plies on Beam(game, width, evaluate): at every
    node only the `width` moves that look best one ply ahead are searched. Its `nodes` counts every
    node visited, the root included, like any SearchResult."""
    return alphabeta(Beam(game, width, evaluate), state, depth=depth, evaluate=evaluate, order=order)
