"""A game tree whose players move in a fixed cycle rather than in strict alternation: one MAX level,
then one MIN level for each of several opponents (UC Berkeley CS188's Pac-Man with several ghosts).

The searches need nothing new for it: minimax and alpha-beta ask `to_move` at every node and treat
every player but MAX as minimizing, so two MIN levels in a row are two ghosts moving in turn.
"""

from __future__ import annotations

from typing import Sequence

from ..core.text import repr_text, shown
from ..core.trees import Path, Tree
from .protocol import TreeGame


class TurnTree(TreeGame):
    """A game over a nested-list tree in which the players move in the cycle `turns`, from the root
    down; leaves hold MAX's utility, and every player but "MAX" wants it low.

    >>> game = TurnTree([[[3, 12], [8, 2]], [[4, 6], [14, 5]]], turns=("MAX", "ghost 1", "ghost 2"))
    >>> [game.to_move(path) for path in ((), (0,), (0, 1), (0, 1, 0))]
    ['MAX', 'ghost 1', 'ghost 2', 'MAX']
    """

    def __init__(self, tree: Tree, turns: Sequence[str] = ("MAX", "MIN")):
        if (isinstance(turns, str) or not isinstance(turns, Sequence) or not turns
                or any(not isinstance(player, str) for player in turns) or len(set(turns)) != len(turns)):
            raise ValueError(f"turns must be a sequence of distinct player names, like ('MAX', 'ghost 1', "
                             f"'ghost 2'), got {shown(turns)}")
        if "MAX" not in turns:
            raise ValueError(f"turns must include 'MAX', the player whose utility the leaves hold, got {shown(turns)}")
        super().__init__(tree, first="MAX" if turns[0] == "MAX" else "MIN")
        self.turns = tuple(turns)

    def __repr__(self) -> str:
        return f"TurnTree({repr_text(self.tree)}, turns={self.turns!r})"

    def to_move(self, state: Path) -> str:
        return self.turns[len(state) % len(self.turns)]
