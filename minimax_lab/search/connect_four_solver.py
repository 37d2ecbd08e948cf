"""An exact solver for Connect Four: the value of a position under perfect play, on bitboards.

A position is two integers in John Tromp's layout (minimax_lab.games.connect_four): `mine`, the
stones of the player to move, and `mask`, every stone. The solver is a negamax alpha-beta with

- a **score** that says who wins and how soon: +s when the player to move wins with their
  s-th last stone (1 if with their very last one; more is a quicker win), -s when the opponent
  does, 0 for a draw (Pascal Pons, *Solving Connect 4*, 2019);
- **null windows**: the exact score is found by asking "is it above m?" for a middle m, halving
  the range of possible scores each time; win/draw/loss alone is one search with the window (-1, 1);
- a **transposition table with bound flags**: each answer is a lower or an upper bound (a
  null-window search proves one or the other), kept in two tables, `lower` and `upper`;
- **move ordering**: moves that make the most threats first (a threat: an empty square that would
  complete four), then from the centre outwards;
- **no gifts**: a move under a square where the opponent would complete four is never searched
  while another move exists, and when the opponent threatens to win at once the only move searched
  is the block (two such threats: the position is lost).

>>> from minimax_lab import ConnectFour
>>> game = ConnectFour(4, 4)
>>> solver = ConnectFourSolver(game)
>>> solver.score(game.initial), solver.outcome(game.initial)   # Tromp: 4 x 4 is a draw
(0, 0)
>>> solver.move_scores(game.play("001122"))    # X wins at once in column 3, with its 4th stone of 8
{0: 0, 1: 0, 2: -1, 3: 5}
"""

from __future__ import annotations

import math
import time
from typing import Any, Optional

from ..core.validation import whole_number
from ..games.connect_four import ConnectFourRules, ConnectFourState
from ..heuristics.connect_four_bits import Bitboards
from ..core.text import shown


ORDER_EMPTY = 10
"""With at most this many empty squares, the solver tries moves centre first without counting
threats: measured on ten positions of plies 12 to 20, it then solves them about a fifth faster."""


CHECK_EVERY = 1024
"""The solver looks at its node budget and its clock every this many nodes."""


class OutOfNodes(Exception):
    """Raised inside a solve that has used its budget of nodes or time: the engine then searches instead."""

    def __str__(self) -> str:
        return "the solver used up its budget of nodes (or time) before it settled the position"


def check_nodes(nodes: Any) -> Optional[int]:
    """Return `nodes` if it is None (no limit) or a whole number >= 1, else raise ValueError."""
    return None if nodes is None else whole_number(nodes, "nodes", 1)


def check_exact(exact: Any) -> bool:
    """Return `exact` if it is True or False, else raise TypeError."""
    if not isinstance(exact, bool):
        raise TypeError(f"exact must be True (the exact scores) or False (the outcomes), got {shown(exact)}")
    return exact


def position(game: ConnectFourRules, state: ConnectFourState) -> tuple[int, int]:
    """Return (the stones of the player to move, every stone) of `state`, checked to be a position
    of `game` that is not over."""
    game.check_state(state)
    if state.winner is not None or not state.moves:
        raise ValueError(f"the game is over in {shown(state)}: there is nothing to solve")
    mine = state.x if state.to_move == "X" else state.o
    return mine, state.x | state.o


class ConnectFourSolver:
    """Solves positions of `game` (a ConnectFourRules of any size) exactly; the tables are kept from
    one call to the next, so that solving related positions (the moves of one position, the moves of
    one game) gets cheaper. `nodes` counts the nodes of the last call."""

    def __init__(self, game: ConnectFourRules):
        if not isinstance(game, ConnectFourRules):
            raise TypeError(f"ConnectFourSolver solves Connect Four (a ConnectFourRules), not {shown(game)}")
        self.game = game
        self.bits = Bitboards(game.width, game.height)
        self.lower: dict[int, int] = {}
        self.upper: dict[int, int] = {}
        self.nodes = 0
        self.stop_at: float = math.inf    # the node count, and the time.perf_counter(), at which to stop
        self.deadline: float = math.inf
        self.check_at: float = CHECK_EVERY

    def __repr__(self) -> str:
        return f"ConnectFourSolver({self.game!r})"

    # What a caller asks.

    def score(self, state: ConnectFourState, *, nodes: Optional[int] = None) -> int:
        """Return the exact score of `state` for the player to move (see the module's docstring);
        with `nodes`, raise OutOfNodes once the search has visited that many nodes."""
        mine, mask = position(self.game, state)
        return self.solve(mine, mask, exact=True, nodes=check_nodes(nodes))

    def outcome(self, state: ConnectFourState, *, nodes: Optional[int] = None) -> int:
        """Return +1, 0 or -1: the player to move wins, draws or loses with perfect play."""
        mine, mask = position(self.game, state)
        return self.solve(mine, mask, exact=False, nodes=check_nodes(nodes))

    def move_scores(self, state: ConnectFourState, *, exact: bool = True,
                    nodes: Optional[int] = None) -> dict[int, int]:
        """Return, for each legal move of `state`, its score for the player to move: the exact score
        of the position after it, negated (with exact=False, its outcome +1, 0 or -1)."""
        mine, mask = position(self.game, state)
        check_exact(exact)
        self.limit(check_nodes(nodes))
        scores = {}
        for column in state.moves:
            scores[column] = self.move_score(mine, mask, column, exact)
        return scores

    def best_moves(self, state: ConnectFourState, *, exact: bool = True) -> list[int]:
        """Return the moves of `state` with the best score, centre first."""
        scores = self.move_scores(state, exact=exact)
        best = max(scores.values())
        return [c for c in self.bits.centre_first if scores.get(c) == best]

    def solve(self, mine: int, mask: int, *, exact: bool = True, nodes: Optional[int] = None) -> int:
        """Return the score (exact) or the outcome (+1, 0, -1) of the position (`mine`, `mask`)."""
        self.limit(nodes)
        return self.position_score(mine, mask, exact)

    def limit(self, nodes: Optional[float] = None, deadline: float = math.inf) -> None:
        """Count nodes from 0 and stop (OutOfNodes) after `nodes` of them (None: no limit) or once
        time.perf_counter() passes `deadline`."""
        self.nodes = 0
        self.stop_at = math.inf if nodes is None else nodes
        self.deadline = deadline
        self.check_at = min(CHECK_EVERY, self.stop_at)

    def check_limits(self) -> None:
        """Raise OutOfNodes if the node budget is spent or the clock has run out; else look again
        CHECK_EVERY nodes later."""
        if self.nodes >= self.stop_at or time.perf_counter() > self.deadline:
            raise OutOfNodes
        self.check_at = min(self.nodes + CHECK_EVERY, self.stop_at)

    # The search.

    def move_score(self, mine: int, mask: int, column: int, exact: bool) -> int:
        """Return the score (or outcome) of playing `column` in (`mine`, `mask`), for the player
        who plays it."""
        bits = self.bits
        square = (mask + (1 << column * bits.stride)) & bits.columns[column]
        moves = mask.bit_count()
        if bits.threats(mine, mask) & square:  # wins at once
            return (bits.squares + 1 - moves) // 2 if exact else 1
        if mask | square == bits.board:
            return 0
        return -self.position_score(mine ^ mask, mask | square, exact)

    def position_score(self, mine: int, mask: int, exact: bool) -> int:
        """Return the score (or outcome) of (`mine`, `mask`) by null-window searches: each asks
        whether the score is above a guess and halves the range it can lie in."""
        bits, moves = self.bits, mask.bit_count()
        if bits.threats(mine, mask) & bits.playable(mask):
            win = (bits.squares + 1 - moves) // 2
            return win if exact else 1
        if moves == bits.squares:
            return 0
        low, high = -((bits.squares - moves) // 2), (bits.squares + 1 - moves) // 2
        if not exact:
            low, high = max(low, -1), min(high, 1)
        while low < high:
            guess = low + (high - low) // 2
            if guess <= 0 and int(low / 2) < guess:  # try nearer 0 first: most scores are small
                guess = int(low / 2)
            elif guess >= 0 and int(high / 2) > guess:
                guess = int(high / 2)
            found = self.negamax(mine, mask, moves, guess, guess + 1)
            if found <= guess:
                high = found
            else:
                low = found
        score = low
        return score if exact else (score > 0) - (score < 0)

    def negamax(self, mine: int, mask: int, moves: int, alpha: int, beta: int, their_threats: int = -1) -> int:
        """Return the score of (`mine`, `mask`), `moves` stones on the board, for the player to
        move, who cannot win at once: exact strictly inside (alpha, beta), else a bound (at most
        alpha, at least beta). `their_threats`: the squares where the opponent would complete four,
        if the move before computed them (else -1)."""
        self.nodes += 1
        if self.nodes >= self.check_at:
            self.check_limits()
        bits = self.bits
        safe = bits.safe_moves(mine, mask, their_threats)
        if not safe:
            return -((bits.squares - moves) // 2)  # every move lets the opponent win at once
        if moves >= bits.squares - 2:
            return 0  # the last two stones: nobody can win any more
        least = -((bits.squares - 2 - moves) // 2)  # the opponent cannot win with their next stone
        most = (bits.squares - 1 - moves) // 2      # nor can we with this one
        key = mine + mask
        least = max(least, self.lower.get(key, least))
        most = min(most, self.upper.get(key, most))
        alpha, beta = max(alpha, least), min(beta, most)
        if alpha >= beta:
            return alpha
        for square, threats in self.ordered(mine, mask, safe):
            value = -self.negamax(mine ^ mask, mask | square, moves + 1, -beta, -alpha, threats)
            if value >= beta:
                self.lower[key] = value
                return value
            alpha = max(alpha, value)
        self.upper[key] = alpha
        return alpha

    def ordered(self, mine: int, mask: int, safe: int) -> list[tuple[int, int]]:
        """Return the squares of `safe` (one per column at most) in search order, each with the
        threats of the player to move after playing it (-1: not counted): the moves that leave the
        most threats first, then centre first (only centre first once at most ORDER_EMPTY squares
        are empty: there, counting threats costs more than it saves)."""
        bits = self.bits
        if bits.squares - mask.bit_count() <= ORDER_EMPTY:
            return bits.centre_first_squares(safe)
        return bits.threats_first(mine, mask, safe)


def score_plies(score: int, moves: int, squares: int) -> int:
    """Return how many plies from a position with `moves` stones on a board of `squares` squares a
    game with this (nonzero) score ends: the winner's last stone counted.

    >>> score_plies(21, 0, 42), score_plies(-21, 0, 42), score_plies(1, 0, 42)
    (1, 2, 41)
    """
    if score == 0:
        raise ValueError("a draw (score 0) ends when the board is full, not with a win")
    stones = squares + 2 - 2 * abs(score)  # stones on the board after the winning one, or one more
    if (stones - moves) % 2 != (1 if score > 0 else 0):
        stones -= 1
    return stones - moves


def perfect_move(solver: ConnectFourSolver, state: ConnectFourState) -> int:
    """Return a perfect move in `state`: the best exact score, the centre first among equals."""
    if not isinstance(solver, ConnectFourSolver):
        raise TypeError(f"perfect_move(solver, state) takes a ConnectFourSolver first, not {shown(solver)}")
    return solver.best_moves(state)[0]


def solver_player(game: ConnectFourRules) -> Any:
    """Return a perfect player for `game`, called as player(game, state), keeping its tables from move
    to move (the tables are dropped at a new game only if they grow past a few million entries)."""
    solver = ConnectFourSolver(game)

    def player(played: Any, state: ConnectFourState) -> int:
        if played is not game:
            other = " (another object, equal in name)" if repr(played) == repr(game) else ""
            raise ValueError(f"this player plays {shown(game)}, not {shown(played)}{other}: make one with solver_player(game)")
        if len(solver.lower) + len(solver.upper) > 4_000_000:
            solver.lower.clear()
            solver.upper.clear()
        return perfect_move(solver, state)

    return player
