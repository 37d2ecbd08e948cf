"""The cases of the assignments' checks beyond the trees of the checking core (checks.core:
tree_cases, Case, seeded): tic-tac-toe positions, and how big a failing position is."""

from __future__ import annotations

import random
from typing import Optional

from ..checks.core import CASE_SEED, case_size
from ..core.text import shown
from ..games.registry import game_of_state
from ..games.tictactoe import TicTacToe, TicTacToeState

__all__ = ["tictactoe_positions", "failure_size"]


def failure_size(case: object) -> int:
    """Return how big an assignment's failing case is, to show the smallest: a game's position by its
    legal moves (the fewer, the smaller; in a new game of its kind), a case with a `size` (assignment
    6's mazes) by it, anything else by checks.core.case_size."""
    size = getattr(case, "size", None)
    if type(size) is int:
        return size
    found = game_of_state(case)
    return len(found[1].actions(case)) if found else case_size(case)


def tictactoe_positions(count: int = 40, *, seed: Optional[int] = None,
                        game: Optional[TicTacToe] = None) -> list[TicTacToeState]:
    """Return the empty board and `count` other distinct non-terminal positions reached from it by
    1 to 7 random moves drawn from random.Random(seed) (default: CASE_SEED), fewest marks first."""
    seed = CASE_SEED.get() if seed is None else seed
    if isinstance(count, bool) or not isinstance(count, int) or not 0 <= count <= 4297:
        raise ValueError(f"tictactoe_positions needs a count from 0 to 4,297, got {shown(count)} "
                         "(the non-terminal positions of 1 to 7 marks)")
    game = game or TicTacToe()
    rng = random.Random(seed)
    found = {game.initial: None}
    while len(found) < count + 1:
        state = game.initial
        for _ in range(rng.randint(1, 7)):
            if game.is_terminal(state):
                break
            state = game.result(state, rng.choice(game.actions(state)))
        if not game.is_terminal(state):
            found.setdefault(state, None)
    return sorted(found, key=lambda s: 9 - len(game.actions(s)))
