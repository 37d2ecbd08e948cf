"""The engine's search on Connect Four: the engine's negamax alpha-beta (minimax_lab.search.engine)
written for bitboards, with what a strong Connect Four program adds.

The lessons print the general engine (Engine.value, Engine.quiescence, Engine.utility), which plays
any game; this module is the same search specialised to 7 x 6 Connect Four (and other board sizes),
which `engine(ConnectFour())` runs, several times as fast. Read side by side:

- ConnectFourSearch.value is Engine.value: the same fail-soft negamax alpha-beta, its value for the
  player to move, the children negated with the window (-beta, -alpha);
- the same transposition table with bound flags (EXACT, LOWER, UPPER here; the flags of
  minimax_lab.core.table there): a stored value decides only if it is exact or its bound is outside
  the window, and a win or loss is stored counted from the position, not from the root;
- the same depth-adjusted utility (Engine.utility): a win `ply` moves from the root is worth
  WIN - ply, a loss -(WIN - ply); here the end is seen one move early (a win to take at once, or
  two threats to block);
- the same quiescence (Engine.quiescence): a noisy position (a win to take, a threat to block) is
  not a horizon; here the win scores at once and the block is searched on without using up depth;
- the horizon scored by `guess`: the engine's `evaluate` (ParityEvaluation, or LinearEvaluation
  without parity) for the side to move, times SCALE.

What is new here: bitboards, threats first and null windows (PVS) after the first move, and the
exact solver for the last squares.

A position is `mine` (the stones of the player to move) and `mask` (every stone), as in the exact
solver (minimax_lab.search.connect_four_solver). Values are whole numbers for the player to move: a
guess of the evaluation is less than SCALE in size, a win `ply` moves from the root is
(win - ply) * SCALE and a loss the negative (win: the engine's WIN), so the engine's values are
these divided by SCALE. Each part can be switched off, to measure what it buys:

- **table**: a transposition table with bound flags, its best move tried first the next time;
- **ordering**: moves that make the most threats first, then from the centre; after the first,
  each move is tried with a null window (principal variation search);
- **quiescence**: a position with a threat to block is not a horizon: the block is searched on,
  at the horizon and before it (the only move that does not lose at once costs no depth);
- **parity**: the horizon is scored by the parity evaluation (threats and the rows they are on,
  minimax_lab.heuristics.connect_four_evaluation.ParityEvaluation), else by the course's linear
  evaluation (open threes, twos, centre);
- **solver**: a position with at most SOLVE_EMPTY empty squares is solved exactly, within the
  search's window; the engine also asks it for the outcomes at the root (root_outcomes) and whether
  the move it chose loses (loses).

Always on: a win at once is taken, and a move that lets the opponent win at once is never searched
while another exists (Bitboards.safe_moves). Each move passes on the threats it computed (the
squares where either player would complete four), so that the position after it need not compute
them again.
"""

from __future__ import annotations

import bisect
import math
import time
from typing import Iterable, Optional

from ..heuristics.connect_four import ConnectFour
from ..heuristics.connect_four_evaluation import LinearEvaluation, ParityEvaluation
from .connect_four_solver import ConnectFourSolver, OutOfNodes, score_plies

SCALE = 1_000_000
"""The engine's value 1.0 in the whole numbers of this search."""

SOLVE_EMPTY = 12
"""Positions with at most this many empty squares are solved exactly."""

ROOT_SOLVE_EMPTY = 26
"""With at most this many empty squares, the engine first asks the solver for the outcome of each
move at the root, with a share of its budget (minimax_lab.search.engine.SOLVER_SHARE)."""

CHECK_EVERY = 1024
"""The search looks at its node budget and its clock every this many nodes."""

TABLE_ENTRIES = 1_000_000
"""A search starts with empty tables when its table holds more positions than this (the solver's
table has a fixed size: minimax_lab.search.connect_four_solver.TABLE_SLOTS)."""

EXACT, LOWER, UPPER = 0, 1, 2
"""The bound flags of the table: the value is exact, at least (a cutoff), at most (all moves failed low)."""

TO_THE_END = 1_000
"""The depth stored with a value that no horizon below it decided (a search to the end of the game)."""

PARTS = ("table", "ordering", "quiescence", "parity", "solver")
"""The parts of the search that can be switched off (see the module's docstring)."""


def engine_value(value: int) -> float:
    """Return a value of this search as the engine's: a win or loss as the whole number WIN - plies
    (or its negative), a guess divided by SCALE.

    >>> engine_value(997 * SCALE), engine_value(-250_000)
    (997, -0.25)
    """
    return value // SCALE if abs(value) > SCALE else value / SCALE


class OutOfBudget(Exception):
    """Raised inside a search when its node budget or its time is spent."""


class ConnectFourSearch:
    """The engine's search of positions of `game`, wins worth `win` less the plies to them, with the
    parts named in `parts` (see PARTS)."""

    def __init__(self, game: ConnectFour, win: int, parts: Iterable[str] = PARTS):
        self.game, self.bits, self.win = game, game.bits, win
        self.parts = frozenset(parts)
        self.evaluation = ParityEvaluation(game) if "parity" in self.parts else LinearEvaluation(game)
        self.solver = ConnectFourSolver(game) if "solver" in self.parts else None
        self.table: dict[int, tuple[int, int, int, int]] = {}
        self.nodes = self.leaves = self.horizon = 0
        self.stop_at: float = math.inf
        self.deadline: float = math.inf
        self.check_at: float = CHECK_EVERY
        self.partial: Optional[tuple[int, int]] = None
        self.most_score = self.bits.squares // 2 + 1  # no score of the solver is larger in size
        self.values: dict[tuple[int, int], list[int]] = {}

    def new_game(self) -> None:
        """Forget what earlier searches learned: the table, and the solver's tables."""
        self.table.clear()
        if self.solver is not None:
            self.solver.clear()

    def limit(self, nodes: float, deadline: float) -> None:
        """Count nodes from 0, and stop (OutOfBudget) after `nodes` of them or at `deadline`; start
        with empty tables if the search's table has grown past TABLE_ENTRIES."""
        if len(self.table) > TABLE_ENTRIES:
            self.new_game()
        self.nodes = self.leaves = 0
        self.stop(nodes, deadline)

    def stop(self, nodes: float, deadline: float) -> None:
        """Stop (OutOfBudget) once `nodes` nodes have been counted or at `deadline`, counting on
        from the nodes already counted."""
        self.stop_at, self.deadline = nodes, deadline
        self.check_at = min(self.nodes + CHECK_EVERY, nodes)

    def check_limits(self) -> None:
        """Raise OutOfBudget if the node budget is spent or the clock has run out."""
        if self.nodes >= self.stop_at or time.perf_counter() > self.deadline:
            raise OutOfBudget
        self.check_at = min(self.nodes + CHECK_EVERY, self.stop_at)

    # The root of one iteration.

    def root_outcomes(self, mine: int, mask: int, columns: Iterable[int], *, exact: bool,
                      budget: tuple[float, float]) -> Optional[dict[int, int]]:
        """Return the outcome with perfect play (+1, 0, -1), or with exact=True the exact score, of
        playing each of `columns` in (`mine`, `mask`), for the player to move, if the solver settles
        them all within the `budget` (nodes, deadline); else None (its tables keep what it learned)."""
        assert self.solver is not None
        solver, (nodes, deadline) = self.solver, budget
        solver.limit(min(nodes, self.stop_at - self.nodes), min(deadline, self.deadline))
        try:
            return {column: solver.move_score(mine, mask, column, exact) for column in columns}
        except OutOfNodes:
            return None
        finally:
            self.nodes += solver.nodes

    def loses(self, mine: int, mask: int, column: int, *, budget: tuple[float, float]) -> Optional[bool]:
        """Return True if playing `column` in (`mine`, `mask`) loses with perfect play (the opponent
        then wins), False if it does not, None if the solver does not settle it within the `budget`
        (nodes, deadline). One null-window search of the position after the move: does the opponent
        score above 0? Cheaper than its outcome, which needs a second one (above -1?)."""
        return self.after_move(mine, mask, column, loses=True, budget=budget)

    def wins(self, mine: int, mask: int, column: int, *, budget: tuple[float, float]) -> Optional[bool]:
        """Return True if playing `column` in (`mine`, `mask`) wins with perfect play, False if it
        does not, None if the solver does not settle it within the `budget` (nodes, deadline). One
        null-window search of the position after the move: does the opponent score below 0?"""
        return self.after_move(mine, mask, column, loses=False, budget=budget)

    def after_move(self, mine: int, mask: int, column: int, *, loses: bool,
                   budget: tuple[float, float]) -> Optional[bool]:
        """Return whether playing `column` loses (`loses` True) or wins (False) with perfect play, or
        None if the solver does not settle it within the `budget`: a win or a loss at once, the last
        square (a draw), else the null window (0, 1) or (-1, 0) of the opponent's score after it."""
        assert self.solver is not None
        bits, solver, (nodes, deadline) = self.bits, self.solver, budget
        square = bits.playable(mask) & bits.columns[column]
        after, theirs = mask | square, mine ^ mask
        if bits.threats(mine, mask) & square:
            return not loses  # a win at once
        if after == bits.board:
            return False      # the last square: a draw
        if bits.threats(theirs, after) & bits.playable(after):
            return loses      # the opponent wins at once
        solver.limit(min(nodes, self.stop_at - self.nodes), min(deadline, self.deadline))
        try:
            if loses:
                return solver.negamax(theirs, after, after.bit_count(), 0, 1) >= 1
            return solver.negamax(theirs, after, after.bit_count(), -1, 0) <= -1
        except OutOfNodes:
            return None
        finally:
            self.nodes += solver.nodes

    def root(self, mine: int, mask: int, depth: int, only: int = 0) -> tuple[int, int]:
        """Return (the value for the player to move, the best move as a one-square bitboard) of a
        search to `depth` of the moves in `only` (0: every move). While it runs, `partial` holds the
        best (value, square) of the moves searched so far, so that a search stopped in the middle
        still has a move to play."""
        bits, moves, theirs = self.bits, mask.bit_count(), mine ^ mask
        self.partial, self.horizon = None, 0
        playable = bits.playable(mask)
        my_threats, their_threats = bits.threats(mine, mask), bits.threats(theirs, mask)
        wins = my_threats & playable
        if wins:
            return (self.win - 1) * SCALE, wins & -wins
        if moves == bits.squares - 1:
            return 0, playable  # the last square, and no win with it: a draw
        candidates = bits.safe_moves(mine, mask) or playable  # all lose: look for the slowest loss
        candidates = candidates & only or candidates
        alpha, beta = -math.inf, math.inf
        best, best_square = -math.inf, 0
        for square, threats in self.ordered(mine, mask, candidates, self.stored_move(mine + mask), depth):
            child = (theirs, mask | square, moves + 1, depth - 1, 1)
            if best_square == 0:
                value = -self.value(*child, -beta, -alpha, their_threats & ~square, threats)
            else:
                value = -self.value(*child, -alpha - 1, -alpha, their_threats & ~square, threats)
                if value > alpha:  # better than the best so far: by how much?
                    self.partial = (value, square)
                    value = -self.value(*child, -beta, -alpha, their_threats & ~square, threats)
            if value > best:
                best, best_square = value, square
                alpha = max(alpha, value)
                self.partial = (int(best), best_square)
        self.store(mine + mask, depth, best, -math.inf, math.inf, best_square, 0)
        return int(best), best_square

    # The search.

    def value(self, mine: int, mask: int, moves: int, depth: int, ply: int, alpha: float, beta: float,
              my_threats: int, their_threats: int) -> int:
        """Return the value of (`mine`, `mask`), `moves` stones on the board and `ply` moves below
        the root, for the player to move, searched `depth` more plies: exact strictly inside
        (alpha, beta), else a bound (fail-soft: <= alpha means at most, >= beta at least).
        `my_threats` and `their_threats` are the squares where the player to move, and the
        opponent, would complete four (their_threats -1: not computed yet)."""
        self.nodes += 1
        if self.nodes >= self.check_at:
            self.check_limits()
        bits = self.bits
        playable = (mask + bits.bottom) & bits.board
        if my_threats & playable:
            return (self.win - ply - 1) * SCALE  # a win with the next stone
        if their_threats < 0:
            their_threats = bits.threats(mine ^ mask, mask)
        forced = playable & their_threats
        if forced & (forced - 1):
            return -(self.win - ply - 2) * SCALE  # two threats to block: the opponent wins next
        safe = (forced or playable) & ~(their_threats >> 1)
        if not safe:
            return -(self.win - ply - 2) * SCALE  # every move lets the opponent win at once
        if moves >= bits.squares - 2:
            return 0  # the last two stones: nobody can win any more
        if self.solver is not None and bits.squares - moves <= SOLVE_EMPTY:
            return self.solved(mine, mask, moves, ply, alpha, beta, their_threats)
        extend = forced and "quiescence" in self.parts  # a block to play: not quiet, search on
        if depth <= 0 and not extend:
            return self.guess(mine, mask, moves, my_threats, their_threats)
        key = mine + mask
        entry = self.table.get(key)
        first = 0
        if entry is not None:
            searched, flag, stored, first = entry
            if searched >= depth:
                known = stored - ply * SCALE if stored > SCALE else stored + ply * SCALE if stored < -SCALE else stored
                if flag == EXACT or (flag == LOWER and known >= beta) or (flag == UPPER and known <= alpha):
                    if searched < TO_THE_END:
                        self.horizon += 1
                    return known
        horizon, window = self.horizon, (alpha, beta)
        child_depth = depth if extend else depth - 1
        best, best_square, theirs = -math.inf, 0, mine ^ mask
        for square, threats in self.ordered(mine, mask, safe, first, depth):
            child = (theirs, mask | square, moves + 1, child_depth, ply + 1)
            if best_square == 0:
                value = -self.value(*child, -beta, -alpha, their_threats & ~square, threats)
            else:  # a null window: is this move better than the best so far?
                value = -self.value(*child, -alpha - 1, -alpha, their_threats & ~square, threats)
                if alpha < value < beta:  # it is: search it again with the whole window
                    value = -self.value(*child, -beta, -alpha, their_threats & ~square, threats)
            if value > best:
                best, best_square = value, square
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        break
        searched = depth if self.horizon > horizon else TO_THE_END
        self.store(key, searched, best, *window, best_square, ply)
        return int(best)

    def store(self, key: int, depth: int, value: float, alpha: float, beta: float, square: int, ply: int) -> None:
        """Keep a value searched with the window (alpha, beta), with its bound flag and best move; a
        win or loss is kept counted from the position, not the root."""
        if "table" not in self.parts:
            return
        flag = UPPER if value <= alpha else LOWER if value >= beta else EXACT
        stored = int(value) + ply * SCALE if value > SCALE else int(value) - ply * SCALE if value < -SCALE else int(value)
        self.table[key] = (depth, flag, stored, square)

    def stored_move(self, key: int) -> int:
        """Return the best move the table holds for the position `key`, or 0."""
        entry = self.table.get(key)
        return 0 if entry is None else entry[3]

    def ordered(self, mine: int, mask: int, squares: int, first: int, depth: int) -> list[tuple[int, int]]:
        """Return the playable `squares` in search order, each with the squares where the player to
        move would complete four after playing it (-1: not computed): the table's move `first`,
        then the moves that make the most of those threats, then from the centre outwards (without
        ordering: left to right, threats not counted)."""
        bits = self.bits
        if "ordering" not in self.parts:
            return [(squares & column, -1) for column in bits.columns if squares & column]
        if depth <= 1:  # the children are searched no further: counting threats would not pay
            moves = bits.centre_first_squares(squares)
        else:
            moves = bits.threats_first(mine, mask, squares)
        if first and moves[0][0] != first and "table" in self.parts:
            for index, (square, _) in enumerate(moves):
                if square == first:
                    moves.insert(0, moves.pop(index))
                    break
        return moves

    def guess(self, mine: int, mask: int, moves: int, my_threats: int, their_threats: int) -> int:
        """Return the evaluation of a quiet position at the horizon for the player to move."""
        self.leaves += 1
        self.horizon += 1
        x_to_move = moves % 2 == 0
        theirs, evaluation = mine ^ mask, self.evaluation
        score: float
        if isinstance(evaluation, ParityEvaluation):
            if x_to_move:
                score = evaluation.score_threats(mine, theirs, my_threats, their_threats, True)
            else:
                score = evaluation.score_threats(theirs, mine, their_threats, my_threats, False)
        else:
            score = evaluation.score(mine, theirs) if x_to_move else evaluation.score(theirs, mine)
        value = int(score * SCALE / evaluation.scale)
        return value if x_to_move else -value

    def solved(self, mine: int, mask: int, moves: int, ply: int, alpha: float, beta: float, their_threats: int) -> int:
        """Return the exact value of a position the solver settles (the player to move cannot win at
        once; the opponent's threats are `their_threats`), searched with the window (alpha, beta)
        turned into the solver's scores: exact inside it, else a bound."""
        assert self.solver is not None
        values = self.score_values(moves, ply)
        low = bisect.bisect_right(values, alpha) - 1 - self.most_score  # the largest score worth <= alpha
        high = bisect.bisect_left(values, beta) - self.most_score       # the least score worth >= beta
        solver = self.solver
        solver.limit(self.stop_at - self.nodes, self.deadline)
        try:
            score = solver.negamax(mine, mask, moves, low, high, their_threats)
        except OutOfNodes:
            raise OutOfBudget from None
        finally:
            self.nodes += solver.nodes
        self.leaves += 1
        return values[score + self.most_score]

    def score_values(self, moves: int, ply: int) -> list[int]:
        """Return the value of each score of the solver, from -most_score to most_score, for a
        position with `moves` stones `ply` moves below the root (in increasing order)."""
        values = self.values.get((moves, ply))
        if values is None:
            values = [self.score_value(score, moves, ply) for score in range(-self.most_score, self.most_score + 1)]
            self.values[moves, ply] = values
        return values

    def score_value(self, score: int, moves: int, ply: int) -> int:
        """Return the solver's `score` of a position with `moves` stones, `ply` moves below the root,
        as this search's value."""
        if score == 0:
            return 0
        plies = score_plies(score, moves, self.bits.squares)
        value = (self.win - ply - plies) * SCALE
        return value if score > 0 else -value

    def pv(self, mine: int, mask: int) -> list[int]:
        """Return the principal variation from (`mine`, `mask`): the table's exact best moves, as
        columns."""
        line: list[int] = []
        while len(line) < self.bits.squares:
            entry = self.table.get(mine + mask)
            if entry is None or entry[1] != EXACT or not entry[3]:
                break
            line.append(self.bits.column_of(entry[3]))
            mine, mask = mine ^ mask, mask | entry[3]
        return line
