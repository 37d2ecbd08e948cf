"""An engine: a player that searches as deep as its clock allows (AIMA 4th ed. section 5.3).

`engine(game, seconds=1.0)` returns a player (called as player(game, state)) built from the
ideas of the course in one search, a negamax alpha-beta:

- iterative deepening under a time budget: depth 1, 2, 3, ... until the clock runs out; the
  move of the deepest search that finished is played (Chessprogramming wiki: Iterative
  Deepening);
- move ordering from the previous iteration: a transposition table keeps each position's best
  move, which is searched first the next time (then the game's own ordering);
- a transposition table with bound flags (minimax_lab.core.table), kept from move to move;
- quiescence search: at the horizon a position that is not quiet (the game's noisy_actions, in
  Connect Four a win to take or a threat to block) is searched on through those moves only, so
  the search does not stop just before a loss it could see with one more move (the horizon
  effect; Chessprogramming wiki: Quiescence Search);
- a depth-adjusted utility: a win `ply` moves from the root scores WIN - ply and a loss
  -(WIN - ply), so the engine wins as fast as it can and, when every move loses, loses as
  slowly as it can instead of giving up.

The horizon is scored by `evaluate(state)`, a guess at MAX's value strictly between -1 and 1
(default: the game's own evaluation). After each move the player's `last` holds what it did:
the depth reached, the value, the nodes and the time.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any, Callable, Optional, Sequence

from ..core.table import TranspositionTable
from ..core.trees import is_number
from ..core.validation import positive_number
from ..games.protocol import Game
from ..heuristics.boards import BOARD_GAMES, horizon_evaluation, move_order
from ..heuristics.generic import even
from .textbook import INF, Evaluate, SearchResult, check_depth

WIN = 1000
"""A win `ply` moves from the root scores WIN - ply (a loss -(WIN - ply)); every guess of the
evaluation lies strictly between -1 and 1, so any win outranks any guess."""

QUIESCENCE_PLIES = 12
"""The most plies quiescence search follows noisy moves beyond the horizon."""

TABLE_ENTRIES = 400_000
"""The transposition table is cleared when it holds more positions than this."""

CLOCK_EVERY = 512
"""The search reads the clock every this many nodes."""


@dataclass(frozen=True)
class Iteration:
    """One search of iterative deepening: its depth, MAX's value, best move, nodes and seconds."""

    depth: int
    value: float
    move: Any
    nodes: int
    seconds: float


@dataclass(frozen=True)
class EngineResult(SearchResult[float]):
    """What the engine found for one move: a SearchResult (value for MAX, move, principal
    variation, nodes of all iterations, leaves) with the depth of the deepest search that
    finished, the seconds taken, and each iteration (depth 0: not even depth 1 finished in time)."""

    depth: int
    seconds: float
    iterations: tuple[Iteration, ...]
    proven: bool
    """True when the value is exact: a win or loss found, or every line searched to the end."""

    def outcome(self, player: str = "MAX") -> str:
        """Return the value in words, for MAX named `player`: a proven result, or a guess."""
        return outcome_text(self.value, player, proven=self.proven)


def outcome_text(value: float, player: str = "MAX", *, proven: bool = False) -> str:
    """Return a value for MAX (named `player`) in words: a win or loss the search proved, with
    the plies to it, a proven draw, or the evaluation's guess.

    >>> outcome_text(997), outcome_text(-996, "X"), outcome_text(0.0312)
    ('a win for MAX in 3 plies', 'a loss for X in 4 plies', 'a guess of +0.031 for MAX')
    >>> outcome_text(0), outcome_text(0, proven=True)
    ('a guess of +0.000 for MAX', 'a draw')
    """
    if proven and value == 0:
        return "a draw"
    if abs(value) > 1:
        plies = WIN - abs(value)
        return f"a {'win' if value > 0 else 'loss'} for {player} in {plies:g} {'ply' if plies == 1 else 'plies'}"
    return f"a guess of {value:+.3f} for {player}"


class OutOfTime(Exception):
    """Raised inside a search when its clock runs out; the engine plays the last finished depth."""


class Engine:
    """A player for `game` that searches with iterative deepening alpha-beta (see the module's
    docstring). Call it as player(game, state) for a move; `search(state)` returns the whole
    EngineResult, which `last` also keeps after each move."""

    def __init__(self, game: Game, *, seconds: float = 1.0, depth: Optional[int] = None,
                 evaluate: Optional[Evaluate] = None):
        positive_number(seconds, "seconds")
        if depth is not None and check_depth(depth) < 1:
            raise ValueError(f"depth must be a whole number >= 1 or None, got {depth!r}")
        if evaluate is not None and not callable(evaluate):
            raise TypeError(f"evaluate must be a function evaluate(state), not {evaluate!r}")
        self.game, self.seconds, self.depth = game, seconds, depth
        self.evaluate = game_evaluation(game) if evaluate is None else evaluate
        self.noisy: Callable[[Any], Any] = getattr(game, "noisy_actions", lambda state: ())
        self.new_game()
        self.last: Optional[EngineResult] = None
        self.nodes = self.leaves = 0
        self.deadline = INF
        self.horizon_reached = False
        self.first_mover: Any = None

    def __repr__(self) -> str:
        budget = f"depth={self.depth}" if self.depth is not None else f"seconds={self.seconds:g}"
        return f"engine({self.game!r}, {budget})"

    def new_game(self) -> None:
        """Forget what earlier searches learned (the table, a move order that learns), so that a
        game depends only on where it starts: players.play calls this before each game. Between
        the moves of one game the engine keeps both."""
        self.order = game_order(self.game)
        self.table = TranspositionTable()
        self.table.bind(self.game, self.evaluate)

    def __call__(self, game: Game, state: Any) -> Any:
        if game is not self.game:
            raise ValueError(f"this engine plays {self.game!r}, not {game!r}: make one with engine(game)")
        return self.search(state).move

    def search(self, state: Any) -> EngineResult:
        """Return the engine's result in `state`: deeper and deeper searches until the clock runs
        out (or, with a fixed depth, to that depth whatever the clock says), stopping early once
        the value is a proven win or loss or the search reached the end of the game everywhere."""
        game, start = self.game, time.perf_counter()
        check_state = getattr(game, "check_state", None)
        if check_state is not None:
            check_state(state)
        if game.is_terminal(state):
            raise ValueError(f"the game is over in {state!r}: there is no move to choose")
        if len(self.table) > TABLE_ENTRIES or self.table.evaluation is not self.evaluate:
            self.table = TranspositionTable()  # full, or valued by an evaluation since replaced
            self.table.bind(game, self.evaluate)
        self.nodes = self.leaves = 0
        self.first_mover = game.to_move(state)
        moves = self.noisy(state) or self.ordered(state, None)
        budget = self.seconds if len(moves) > 1 else self.seconds / 10  # forced: only to report a value
        self.deadline = INF if self.depth is not None else start + budget
        mine = game.to_move(state) == game.max_player
        iterations: list[Iteration] = []
        proven = False
        most = self.depth or 10 ** 6
        for depth in range(1, most + 1):
            self.horizon_reached = False
            try:
                value, move = self.root(state, moves, depth)
            except OutOfTime:
                break
            iterations.append(Iteration(depth, value if mine else -value, move, self.nodes,
                                        time.perf_counter() - start))
            proven = abs(value) > 1 or not self.horizon_reached
            if proven:
                break
            if self.depth is None and time.perf_counter() - start > budget / 2:
                break  # the next depth would most likely not finish in time
        if iterations:
            best = iterations[-1]
            value, move, depth = best.value, best.move, best.depth
        else:  # not even depth 1 finished: the first move, valued without a search
            move, depth = moves[0], 0
            child = game.result(state, move)
            proven = game.is_terminal(child)
            value = -(self.utility(child, 1) if proven else self.guess(child))
            value = value if mine else -value
        pv = self.table.pv(game, state) if iterations else (move,)
        if not pv or pv[0] != move:
            pv = (move,)
        self.last = EngineResult(value, move, pv, self.nodes, self.leaves, depth,
                                 time.perf_counter() - start, tuple(iterations), proven)
        return self.last

    def root(self, state: Any, moves: tuple[Any, ...], depth: int) -> tuple[float, Any]:
        """Return (the value for the side to move, the best move) of a search of `moves` to
        `depth`, the previous iteration's best move first."""
        alpha, beta, best_move, first = -INF, INF, None, self.table.move(state)
        for move in ((first,) + tuple(m for m in moves if m != first) if first in moves else moves):
            value = -self.value(self.game.result(state, move), depth - 1, 1, -beta, -alpha)
            if best_move is None or value > alpha:
                alpha, best_move = value, move
        self.table.store(state, alpha, -INF, INF, depth=depth, move=best_move)
        return alpha, best_move

    def value(self, state: Any, depth: int, ply: int, alpha: float, beta: float) -> float:
        """Return the value of `state` for the side to move, `ply` moves below the root, searched
        `depth` more plies (then quiescence): exact strictly inside (alpha, beta), else a bound
        (fail-soft: <= alpha means at most, >= beta at least)."""
        self.count_node()
        game = self.game
        self.check_turn(state, ply)
        if game.is_terminal(state):
            return self.utility(state, ply)
        if depth <= 0:
            self.horizon_reached = True
            return self.quiescence(state, ply, alpha, beta, QUIESCENCE_PLIES)
        table = self.table
        known = table.probe(state, to_table(alpha, ply), to_table(beta, ply), depth)
        if known is not None:
            self.horizon_reached |= table.entries[state].depth < INF
            return from_table(known, ply)
        above, self.horizon_reached = self.horizon_reached, False
        window, best, best_move = (alpha, beta), -INF, None
        for move in self.noisy(state) or self.ordered(state, table.move(state)):
            value = -self.value(game.result(state, move), depth - 1, ply + 1, -beta, -alpha)
            if best_move is None or value > best:
                best, best_move = value, move
            alpha = max(alpha, value)
            if alpha >= beta:
                break
        searched = depth if self.horizon_reached else INF  # no horizon below: true to the end
        table.store(state, to_table(best, ply), *(to_table(bound, ply) for bound in window),
                    depth=searched, move=best_move)
        self.horizon_reached |= above
        return best

    def quiescence(self, state: Any, ply: int, alpha: float, beta: float, plies: int) -> float:
        """Return the value for the side to move of a position at the horizon: the evaluation if
        it is quiet, else the best of its noisy moves searched on (at most `plies` more)."""
        noisy = self.noisy(state) if plies > 0 else ()
        if not noisy:
            return self.guess(state)
        best = -INF
        for move in noisy:
            self.count_node()
            child = self.game.result(state, move)
            if self.game.is_terminal(child):
                value = -self.utility(child, ply + 1)
            else:
                value = -self.quiescence(child, ply + 1, -beta, -alpha, plies - 1)
            best, alpha = max(best, value), max(alpha, value)
            if alpha >= beta:
                break
        return best

    def ordered(self, state: Any, first: Any) -> tuple[Any, ...]:
        """Return the legal moves in search order: the table's best move, then the game's order."""
        actions = tuple(self.game.actions(state))
        if self.order is not None:
            actions = tuple(self.order(self.game, state, actions, ()))
        if first is None or first not in actions:
            return actions
        return (first,) + tuple(a for a in actions if a != first)

    def utility(self, state: Any, ply: int) -> float:
        """Return the depth-adjusted utility of a finished game for the side to move in it."""
        self.leaves += 1
        utility = self.game.utility(state, self.game.to_move(state))
        if utility not in (-1, 0, 1):
            raise ValueError(f"the engine needs utilities of -1, 0 and 1 (a loss, a draw, a win), but "
                             f"the game's utility is {utility!r} in {state!r}")
        return utility * (WIN - ply)

    def guess(self, state: Any) -> float:
        """Return the evaluation of an unfinished position for the side to move, checked."""
        self.leaves += 1
        value: Any = self.evaluate(state)
        if not is_number(value) or not -1 < value < 1:
            raise ValueError(f"evaluate must return a number strictly between -1 and 1 (a win is "
                             f"worth more than any guess), but returned {value!r} for {state!r}")
        guess: float = value if self.game.to_move(state) == self.game.max_player else -value
        return guess

    def check_turn(self, state: Any, ply: int) -> None:
        """Raise ValueError unless the player to move in `state`, `ply` moves below the root, is
        the one whose turn it is: the engine is a negamax search, so the players must alternate."""
        if (self.game.to_move(state) == self.first_mover) != (ply % 2 == 0):
            raise ValueError(f"{state!r}, {ply} moves below the root: {self.game.to_move(state)!r} moves "
                             "out of turn, so the players do not take turns; the engine (a negamax "
                             "search) needs them to alternate")

    def count_node(self) -> None:
        """Count a node; every CLOCK_EVERY nodes, stop the search if its time is up."""
        self.nodes += 1
        if self.nodes % CLOCK_EVERY == 0 and time.perf_counter() > self.deadline:
            raise OutOfTime


def to_table(value: float, ply: int) -> float:
    """Return a value found `ply` moves below the root as the table stores it: a win or loss
    counted from the position itself, not from the root, so it holds wherever the position recurs."""
    return value + ply if 1 < value < INF else value - ply if -INF < value < -1 else value


def from_table(value: float, ply: int) -> float:
    """Return a value read from the table for a position `ply` moves below the root (the inverse
    of to_table)."""
    return value - ply if 1 < value < INF else value + ply if -INF < value < -1 else value


def game_evaluation(game: Game) -> Evaluate:
    """Return the game's own evaluation for the horizon: boardgame.horizon_evaluation for the
    board games (tic-tac-toe, Connect Four), else the game's evaluate method, else `even` (every
    position 0)."""
    if isinstance(game, BOARD_GAMES):
        return horizon_evaluation(game)
    evaluate = getattr(game, "evaluate", None)
    return evaluate if callable(evaluate) else even


def game_order(game: Game) -> Optional[Callable[..., Sequence[Any]]]:
    """Return the game's own move ordering: boardgame.move_order for the board games (tic-tac-toe,
    Connect Four), else None (the game's own order of actions)."""
    return move_order(game) if isinstance(game, BOARD_GAMES) else None


def engine(game: Game, *, seconds: float = 1.0, depth: Optional[int] = None,
           evaluate: Optional[Evaluate] = None) -> Engine:
    """Return a player for `game` that searches for `seconds` per move with iterative deepening
    alpha-beta (or, given a `depth`, to exactly that depth whatever the clock says, so that its
    moves do not depend on the machine), scoring the horizon with `evaluate` (default: the game's
    own evaluation). After each move, player.last holds its EngineResult.

    >>> from minimax_lab import ConnectFour
    >>> game = ConnectFour()
    >>> player = engine(game, depth=4)
    >>> player(game, game.play("001122")), player.last.outcome()
    (3, 'a win for MAX in 1 ply')
    """
    return Engine(game, seconds=seconds, depth=depth, evaluate=evaluate)
