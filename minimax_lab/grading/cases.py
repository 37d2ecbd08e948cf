"""The cases the checks run a student's function on: fixed textbook trees, seeded random trees (each
with MAX and with MIN at the root), and tic-tac-toe positions."""

from __future__ import annotations

import contextlib
import contextvars
import random
from dataclasses import dataclass
from typing import Iterator, Optional

from ..analysis.players import openings
from ..core.trees import Tree, random_trees, validate_tree
from ..games.protocol import TreeGame
from ..games.tictactoe import TicTacToe, TicTacToeState

__all__ = ["CASE_SEED", "seeded", "Case", "TEXTBOOK_TREES", "RANDOM_TREES", "SHAPES", "LEAF_RANGES", "tree_cases",
           "tictactoe_positions", "openings"]

TEXTBOOK_TREES: dict[str, Tree] = {
    "AIMA Fig. 5.2": [[3, 12, 8], [2, 4, 6], [14, 5, 2]],
    "the tutorial tree": [[[3, 5], [2, 9]], [[1, 7], [4, 6]]],
    "the ragged tree": [3, [[3, 5], [2, 9]]],
}
"""The fixed trees every tree check starts with: AIMA 4th ed. Fig. 5.2 (value 3), the introductory
tutorial's three-ply tree (value 6) and a ragged tree with a leaf beside a subtree (value 5)."""

RANDOM_TREES = 100
"""Random trees per check; each is searched with MAX and with MIN at the root."""

SHAPES = ((2, 6), (3, 4), (4, 3))
"""(branching, greatest depth) of the random trees: at most 127 nodes, small enough to draw."""

LEAF_RANGES = ((-9, 9), (-2, 2), (-20, -1), (1, 20))
"""Leaf ranges of the random trees, in turn: mixed signs, many ties, all negative, all positive."""


CASE_SEED: contextvars.ContextVar[int] = contextvars.ContextVar("CASE_SEED", default=0)
"""The seed of the random cases when a check does not name one: 0 in a student's notebook (so the
stored outputs stay the same), the grading run's own seed while `make grade` grades (seeded)."""


@contextlib.contextmanager
def seeded(seed: int) -> Iterator[None]:
    """Draw the random cases of the checks run in this block from `seed`."""
    token = CASE_SEED.set(seed)
    try:
        yield
    finally:
        CASE_SEED.reset(token)


@dataclass(frozen=True)
class Case:
    """A nested-list tree to search, named, with the player who moves at its root."""

    name: str
    tree: Tree
    first: str = "MAX"

    @property
    def game(self) -> TreeGame:
        """Return the tree as a TreeGame with `first` to move at the root."""
        return TreeGame(self.tree, first=self.first)

    @property
    def maximizing(self) -> bool:
        """Return True when MAX moves at the root."""
        return self.first == "MAX"

    @property
    def color(self) -> int:
        """Return negamax's color of the root: +1 when MAX moves there, -1 when MIN does."""
        return 1 if self.first == "MAX" else -1

    @property
    def size(self) -> int:
        """Return the number of nodes of the tree."""
        return len(validate_tree(self.tree))

    def title(self) -> str:
        """Return the case's name and who moves at the root, as a failure report shows them."""
        return f"{self.name}, {self.first} to move at the root"


def tree_cases(count: int = RANDOM_TREES, *, seed: Optional[int] = None) -> list[Case]:
    """Return the textbook trees, then `count` random ones, each with MAX and with MIN at the root,
    drawn from `seed` (default: CASE_SEED)."""
    seed = CASE_SEED.get() if seed is None else seed
    named = list(TEXTBOOK_TREES.items())
    randoms = random_trees(count, shapes=SHAPES, leaf_ranges=LEAF_RANGES, seed=seed)
    named += [(f"random tree #{i}", tree) for i, tree in enumerate(randoms)]
    return [Case(name, tree, first) for name, tree in named for first in ("MAX", "MIN")]


def tictactoe_positions(count: int = 40, *, seed: Optional[int] = None,
                        game: Optional[TicTacToe] = None) -> list[TicTacToeState]:
    """Return the empty board and `count` other distinct non-terminal positions reached from it by
    1 to 7 random moves drawn from random.Random(seed) (default: CASE_SEED), fewest marks first."""
    seed = CASE_SEED.get() if seed is None else seed
    if isinstance(count, bool) or not isinstance(count, int) or not 0 <= count <= 4297:
        raise ValueError(f"tictactoe_positions needs a count from 0 to 4,297, got {count!r} "
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
