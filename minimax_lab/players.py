"""Game play: players, the openings games start from, and matches between two players.

A player is a callable player(game, state) -> action that chooses a move in a non-terminal state.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Mapping, Optional, Sequence

from .games import Game, TicTacToe, TicTacToeState
from .heuristics import even
from .search import Evaluate, Ordering, alphabeta

Player = Callable[[Game, Any], Any]
"""A player: player(game, state) returns the action it plays in `state`."""

PLAYER_DEPTH = 2
"""Plies the assignment-3 player searches before it calls the evaluation function."""


def depth_limited_player(evaluate: Evaluate, order: Optional[Ordering] = None,
                         depth: int = PLAYER_DEPTH) -> Player:
    """Return a player: the package's alphabeta to `depth` plies, scoring the horizon with
    `evaluate` and ordering moves with `order`."""
    return lambda game, state: alphabeta(game, state, depth=depth, evaluate=evaluate, order=order).move


def reference_player(depth: int = PLAYER_DEPTH) -> Player:
    """Return the reference player: alphabeta to `depth` plies with no evaluation (the horizon is
    worth 0) and the natural move order. It sees only the wins and losses within its horizon."""
    return depth_limited_player(even, None, depth)


def perfect_player(game: Game) -> Player:
    """Return a player of `game` that makes the first best move (the package's full-depth
    alphabeta, whose move is minimax's), remembering each position."""
    moves: dict = {}

    def perfect(game_: Game, state: Any) -> Any:
        if state not in moves:
            moves[state] = alphabeta(game, state).move
        return moves[state]

    return perfect


def play(game: TicTacToe, state: TicTacToeState, players: Mapping[str, Player]) -> tuple[float, tuple]:
    """Return X's utility at the end of the game played from `state`, players[mark](game, state)
    choosing each move, and the moves played.

    >>> game = TicTacToe()
    >>> play(game, game.state("XX.OO...."), {"X": reference_player(), "O": reference_player()})
    (1, (2,))
    """
    moves: list = []
    while not game.is_terminal(state):
        mark = game.to_move(state)
        if mark not in players:
            raise ValueError(f"play: no player for {mark!r} to move in {state!r} "
                             f"(players are given for {sorted(players)})")
        move = players[mark](game, state)
        moves.append(move)
        state = game.result(state, move)
    return game.utility(state, "X"), tuple(moves)


@dataclass(frozen=True)
class Played:
    """One finished game of a match, from the tested player's side."""

    start: TicTacToeState
    side: str
    score: float
    moves: tuple


def match(player: Player, opponent: Player, starts: Sequence[TicTacToeState], *,
          game: TicTacToe) -> list[Played]:
    """Return the games `player` plays against `opponent` from each start, once with each mark."""
    results = []
    for start in starts:
        for side in ("X", "O"):
            other = "O" if side == "X" else "X"
            utility, moves = play(game, start, {side: player, other: opponent})
            results.append(Played(start, side, utility if side == "X" else -utility, moves))
    return results


def openings(marks: int = 2, game: Optional[TicTacToe] = None) -> list[TicTacToeState]:
    """Return every position reachable with at most `marks` marks, fewest first (1, 10 and 82
    positions for 0, 1 and 2 marks; all 5,478 for 9).

    >>> [len(openings(marks)) for marks in (0, 1, 2)]
    [1, 10, 82]
    """
    if isinstance(marks, bool) or not isinstance(marks, int) or marks < 0:
        raise ValueError(f"openings needs a number of marks that is a whole number >= 0, got {marks!r}")
    game = game or TicTacToe()
    level, found = [game.initial], [game.initial]
    for _ in range(marks):
        level = list(dict.fromkeys(game.result(s, a) for s in level for a in game.actions(s)))
        found += level
    return found


def drawn_openings(game: TicTacToe) -> list[TicTacToeState]:
    """Return the openings of at most two marks that perfect play draws (34 of the 82)."""
    return [s for s in openings(2, game) if alphabeta(game, s).value == 0]
