"""Counting a game: the nodes and the games of its tree, its positions, and tic-tac-toe's symmetries.

A game tree has a node for every sequence of moves, so a position reached by several move orders
appears several times; a position is counted once. Counting the tree by walking it would visit
every node; remembering, for each position, how many nodes and games lie below it counts the
whole tree while visiting each position once.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Optional

from ..core.game_types import A, S
from ..core.text import path_name, shown
from ..core.trace import Moves
from ..core.trees import Tree
from ..games.protocol import Game, as_game
from ..games.tictactoe import TicTacToe, TicTacToeState
from ..search.textbook import Search


@dataclass(frozen=True)
class Census:
    """The size of a game tree: `nodes` (root included), `games` (its leaves: complete games) and
    `outcomes`, the number of games ending with each utility to the first player (MAX)."""

    nodes: int
    games: int
    outcomes: dict[float, int]


def census(game: Game[S, A] | Tree, state: Optional[S] = None) -> Census:
    """Return the number of nodes and of complete games in the tree below `state`, by outcome.
    A game that can return to a position has an infinite tree and is refused.

    >>> from minimax_lab import Nim
    >>> census(Nim([2]))
    Census(nodes=4, games=2, outcomes={-1: 1, 1: 1})
    """
    search = Search(game, state)
    game = search.game
    below: dict[S, tuple[int, Counter[float]]] = {}
    counting: set[S] = set()

    def count(state: S, path: Moves[A]) -> tuple[int, Counter[float]]:
        known = below.get(state)
        if known is None:
            if state in counting:
                raise ValueError(f"node {path_name(path)}: the game returns to the position {shown(state)}, "
                                 "so its tree is infinite; census counts the trees of games that end")
            if game.is_terminal(state):
                known = 1, Counter({search.utility(state, path): 1})
            else:
                counting.add(state)
                nodes, games = 1, Counter[float]()
                for a in search.actions(state, path):
                    n, g = count(game.result(state, a), path + (a,))
                    nodes += n
                    games.update(g)
                counting.discard(state)
                known = nodes, games
            below[state] = known
        return known

    nodes, games = search.run(lambda: (count(search.root, ()), ())).value
    return Census(nodes, sum(games.values()), dict(sorted(games.items())))


def positions(game: Game[S, A] | Tree, state: Optional[S] = None) -> set[S]:
    """Return every position reachable from `state` (default: the start), `state` included."""
    game = as_game(game)
    start = game.initial if state is None else state
    check_state = getattr(game, "check_state", None)
    if check_state is not None:
        check_state(start)
    seen, stack = {start}, [start]
    while stack:
        state = stack.pop()
        for a in game.actions(state):
            child = game.result(state, a)
            if child not in seen:
                seen.add(child)
                stack.append(child)
    return seen


def _rotate(square: int) -> int:
    row, column = divmod(square, 3)
    return column * 3 + (2 - row)


def _mirror(square: int) -> int:
    row, column = divmod(square, 3)
    return row * 3 + (2 - column)


def _symmetries() -> tuple[tuple[int, ...], ...]:
    """Return the 8 symmetries of the 3 x 3 board as permutations: image[square] = new square."""
    found = []
    for mirrored in (False, True):
        image = tuple(_mirror(s) if mirrored else s for s in range(9))
        for _ in range(4):
            found.append(image)
            image = tuple(_rotate(s) for s in image)
    return tuple(found)


SYMMETRIES = _symmetries()
"""The rotations and reflections of the tic-tac-toe board, each as a tuple: square -> square."""


def canonical(state: TicTacToeState) -> tuple[str, ...]:
    """Return one representative board of the state's symmetry class (the least of its 8 images,
    with empty squares as '.')."""
    if not isinstance(state, TicTacToeState):
        raise TypeError(f"canonical takes a tic-tac-toe state, not {shown(state)}")
    board = tuple(mark or "." for mark in state.board)
    images = []
    for image in SYMMETRIES:
        moved = [""] * 9
        for square, mark in enumerate(board):
            moved[image[square]] = mark
        images.append(tuple(moved))
    return min(images)


def distinct_moves(game: TicTacToe, state: TicTacToeState) -> tuple[int, ...]:
    """Return the moves in `state` that lead to different positions up to symmetry: the first
    move (in ascending order) of each class.

    >>> game = TicTacToe()
    >>> distinct_moves(game, game.initial)          # a corner, an edge, the centre
    (0, 1, 4)
    """
    if not isinstance(game, TicTacToe):
        raise TypeError(f"distinct_moves knows the symmetries of tic-tac-toe (a TicTacToe game), not of {shown(game)}")
    game.check_state(state)
    seen, moves = set(), []
    for a in game.actions(state):
        key = canonical(game.result(state, a))
        if key not in seen:
            seen.add(key)
            moves.append(a)
    return tuple(moves)
