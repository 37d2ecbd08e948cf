"""An engine: a player that searches as deep as its budget allows (AIMA 4th ed. section 5.3).

`engine(game, seconds=1.0)` returns a player (called as player(game, state)) built from the
ideas of the course in one search, a negamax alpha-beta:

- iterative deepening under a budget: depth 1, 2, 3, ... while the next depth is likely to finish
  within the budget (it is taken to cost the last one's nodes times the growth from the one
  before); a depth stopped by the budget in the middle still counts if it found a better move than
  the last that finished (Chessprogramming wiki: Iterative Deepening). The budget is seconds on the
  clock, or, so that the moves do not depend on the machine, a `depth` or a number of `nodes`;
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
the depth reached, the value, the principal variation, the nodes and the time.

On Connect Four with its own evaluation, the same search runs on bitboards
(minimax_lab.search.connect_four_engine), several times as fast, with what a strong Connect Four
program adds: threats first, null windows, a parity evaluation (threats on odd and even rows) and
the exact solver: for the last squares, at the root once few enough are empty (the outcome of each
move), and from ply 10 on first to look for a move that wins with perfect play (played if found),
then as a check of the move the search chose (does it lose with perfect play? then it is dropped
and the others searched again). `without=[...]` switches parts off (PARTS), to
measure what each buys (minimax_lab.analysis.engine_figures.ablation).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any, Callable, Generic, Iterable, Optional

from ..core.game_types import A, S
from ..core.table import TranspositionTable
from ..core.text import shown
from ..core.trees import is_number
from ..core.validation import as_float, positive_number, whole_number
from ..games.protocol import Game, game_name, is_game
from ..games.registry import part_of
from ..heuristics.boards import Order, horizon_evaluation, move_order
from ..heuristics.generic import even
from .connect_four_engine import PARTS as BITBOARD_PARTS
from .connect_four_engine import ROOT_SOLVE_EMPTY, ConnectFourSearch, OutOfBudget, engine_value
from .textbook import INF, LONGEST_PLAYOUT, Evaluate, SearchResult

WIN = 1000
"""A win `ply` moves from the root scores WIN - ply (a loss -(WIN - ply)); every guess of the
evaluation lies strictly between -1 and 1, so any win outranks any guess."""

QUIESCENCE_PLIES = 12
"""The most plies quiescence search follows noisy moves beyond the horizon."""

TABLE_ENTRIES = 400_000
"""The transposition table is cleared when it holds more positions than this."""

CLOCK_EVERY = 512
"""The search reads the clock every this many nodes."""

PARTS = ("bitboards",) + BITBOARD_PARTS
"""The parts of the engine that `without=` can switch off: on Connect Four with its own evaluation the
engine searches on bitboards (minimax_lab.search.connect_four_engine), whose parts are the others;
without bitboards it runs the general search below, which plays any game."""

SEARCH_SHARE, RESEARCH_SHARE = 0.15, 0.1
"""Where the engine checks its move with the solver (at most VERIFY_EMPTY empty squares), the share of
the budget left that the first search for a move may use, and each search again once a move is
dropped: the rest is for the solver. Compiled, the solver visits some thirty times as many nodes a
second as the search (the bench block of the README gives both), and from ply 10 on a proof that a
move loses or draws takes it hundreds of thousands to millions of nodes, so most of the budget goes to
it. Measured at 1 s a move against perfect play from the 20 drawn openings of the reference set: with
0.35 and 0.35 (CHECK_SHARE 0.75, WIN_SHARE 0.3) the engine lost 2, 3 and 2 of them in three runs (in
two of them the first move out of the opening lost, and the check had too little of the budget to
prove it); with these shares it lost 0, 0 and 1 in three runs."""

CHECK_SHARE = 0.9
"""The share of the budget left that the solver may use to check whether the move chosen loses."""

VERIFY_EMPTY = 32
"""With at most this many empty squares (from ply 10 on 7 x 6), a position the solver did not settle
at the root gets its move checked: does it lose with perfect play? A move proven to lose is dropped
and the others searched again (Engine.avoid_losses)."""

VERIFY_NODES, VERIFY_SECONDS = 500_000, 0.25
"""The least budget a move with which the engine checks its move: proving that a move loses at plies
10 to 16 took the solver 39,000 to 2.8 million nodes on the moves that lost games from the drawn
openings of the reference set, so below this the check seldom settles and only takes from the
search the budget it gives the solver. On the whole reference set at 120,000 nodes a move, checking
(from 50,000 nodes a move) kept the result on 96.9% of the positions and was optimal on 93.3%; not
checking, on 97.8% and 95.8%. In time, 0.25 s is some 280,000 nodes, most of them the solver's."""

WIN_SHARE = 0.2
"""Where the engine checks its move with the solver (at most VERIFY_EMPTY empty squares), the share of
the budget that the solver first may use to look for a move that wins (Engine.winning_move)."""

SOLVER_SHARE = 0.5
"""The share of the budget left that the solver may use at the root, first to find the outcome of
each move, then the exact score of those that keep the best outcome (minimax_lab.search.connect_four_engine)."""

FINISH = 1.0
"""The share of the next iteration's predicted cost that must fit in what is left of the budget for
the engine to start it: all of it (it is likely to finish). Starting when half fits (0.5), or always
(0), leaning on the best move of a stopped iteration, made no measurable difference on 60 hard
positions at 100,000 nodes a move (56 or 57 of them kept the result), and spends more of the budget."""

GROWTH = (1.5, 8.0)
"""The least and most an iteration is taken to cost, as a multiple of the one before, when the engine
decides whether the next would finish within its budget."""

MOST_DEPTH = LONGEST_PLAYOUT
"""The deepest the engine searches: as many plies as a game may last before it is taken to be one that
never ends (every game of the course ends far sooner, and the engine stops once it sees the end)."""


@dataclass(frozen=True)
class Iteration:
    """One search of iterative deepening: its depth, MAX's value, best move, the nodes so far and
    the seconds so far; `complete` is False for a search stopped by its budget in the middle, whose
    move is the best of the moves it had searched (the previous best first)."""

    depth: int
    value: float
    move: Any
    nodes: int
    seconds: float
    complete: bool = True


@dataclass(frozen=True)
class EngineResult(SearchResult[float, A]):
    """What the engine found for one move: a SearchResult (value for MAX, move, principal
    variation, nodes of all iterations, leaves) with the depth of the deepest search that
    finished, the seconds taken, and each iteration (depth 0: not even depth 1 finished in time;
    the last iteration may be one stopped in the middle, whose move is then the one played)."""

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
    """Raised inside a search when its clock or its node budget runs out; the engine plays the best
    move it has found."""


class Engine(Generic[S]):
    """A player for `game` that searches with iterative deepening alpha-beta (see the module's
    docstring). Call it as player(game, state) for a move; `search(state)` returns the whole
    EngineResult, which `last` also keeps after each move.

    Its strength is set by its budget a move: `seconds` on the clock (1 if nothing is given), or (so
    that its moves do not depend on the machine) a `depth` to search to, or a number of `nodes` to
    visit, or both of these; a `depth` given with `seconds` searches to that depth whatever the clock
    says. `without` names parts (PARTS) to switch off, to measure what each buys."""

    def __init__(self, game: Game[S], *, seconds: Optional[float] = None, depth: Optional[int] = None,
                 nodes: Optional[int] = None, evaluate: Optional[Evaluate[S]] = None,
                 without: Iterable[str] = ()):
        check_game(game, "engine")
        if seconds is not None:
            positive_number(seconds, "seconds")
        if depth is not None:
            if whole_number(depth, "depth", 1) > MOST_DEPTH:
                raise ValueError(f"depth must be at most {MOST_DEPTH:,} plies (a game that lasts longer is taken "
                                 f"to be one that never ends), got {shown(depth)}")
        if nodes is not None:
            as_float(whole_number(nodes, "nodes", 1), "nodes")
        if seconds is not None and nodes is not None:
            raise ValueError(f"give the engine's budget as seconds or as nodes, not both: got seconds={shown(seconds)} "
                             f"and nodes={shown(nodes)}")
        if evaluate is not None and not callable(evaluate):
            raise TypeError(f"evaluate must be a function evaluate(state), not {shown(evaluate)}")
        self.game, self.seconds, self.depth, self.budget = game, 1.0 if seconds is None else seconds, depth, nodes
        self.parts = engine_parts(game, evaluate, without)
        self.evaluate = game_evaluation(game) if evaluate is None else evaluate
        self.noisy: Callable[[S], tuple[Any, ...]] = getattr(game, "noisy_actions", lambda state: ())
        self.bitboards: Optional[ConnectFourSearch] = None
        if "bitboards" in self.parts:
            self.bitboards = part_of(game, "fast_search")(game, WIN, self.parts - {"bitboards"})
            self.evaluate = self.bitboards.evaluation
            if self.bitboards.solver is not None and depth is None and nodes is None:
                self.bitboards.solver.prepare()  # on a clock: its first move need not wait for numba
        self.new_game()
        self.last: Optional[EngineResult] = None
        self.nodes = self.leaves = 0
        self.deadline, self.stop_at = INF, INF
        self.horizon_reached = False
        self.first_mover: object = None
        self.partial: Optional[tuple[float, Any]] = None
        self.first_nodes, self.first_time = 0, 0.0
        self.only = 0
        self.limits = (INF, INF)

    def __repr__(self) -> str:
        budget = [f"depth={self.depth}"] if self.depth is not None else []
        budget += [f"nodes={self.budget}"] if self.budget is not None else []
        budget = budget or [f"seconds={self.seconds:g}"]
        missing = sorted(set(PARTS) - self.parts)
        return f"engine({self.game!r}, {', '.join(budget)}{f', without={missing}' if missing else ''})"

    def new_game(self) -> None:
        """Forget what earlier searches learned (the table, a move order that learns), so that a
        game depends only on where it starts: players.play calls this before each game. Between
        the moves of one game the engine keeps both."""
        self.order = game_order(self.game)
        self.table = TranspositionTable()
        self.table.bind(self.game, self.evaluate)
        if self.bitboards is not None:
            self.bitboards.new_game()

    def __call__(self, game: Game[S], state: S) -> Any:
        if game is not self.game:
            other = " (another object, equal in name)" if repr(game) == repr(self.game) else ""
            raise ValueError(f"this engine plays {shown(self.game)}, not {shown(game)}{other}: make one with engine(game)")
        return self.search(state).move

    def search(self, state: S) -> EngineResult:
        """Return the engine's result in `state`: deeper and deeper searches while the next one is
        likely to finish within the budget (or, with a fixed depth, to that depth whatever the
        clock says), stopping early once the value is a proven win or loss or the search reached
        the end of the game everywhere. A search stopped by the budget in the middle still counts
        if it found a better move than the last one that finished."""
        start = time.perf_counter()
        moves = self.start(state, start)
        mine = self.game.to_move(state) == self.game.max_player
        self.only = 0  # solve_root may narrow the moves searched to those that keep the best outcome
        known = self.solve_root(state, moves, start)
        if known is not None:
            keep, outcome, scores = known
            if scores is not None:  # the solver found the best move
                return self.solved(state, scores, start)
            moves = keep
        verify = known is None and self.verifies(state)
        if verify:
            win = self.winning_move(state, moves)
            if win is None:
                self.share_budget(SEARCH_SHARE)
            else:  # its exact score, if the solver settles it; else a search of it alone
                assert self.bitboards is not None
                scores = self.bitboards.root_outcomes(*self.bitboards_of(state), (win,), exact=True,
                                                      budget=self.solver_budget())
                if scores is not None:
                    return self.solved(state, scores, start)
                moves, verify = (win,), False
        iterations, proven = self.deepen(state, moves, start)
        if verify:
            iterations, proven, moves = self.avoid_losses(state, moves, start, iterations, proven)
        if iterations:
            best = iterations[-1]
            value, move = best.value, best.move
            depth = deepest(iterations)
            proven = proven and best.complete
        else:  # not even depth 1 finished: the first move, valued without a search
            move, depth = moves[0], 0
            child = self.game.result(state, move)
            proven = self.game.is_terminal(child)
            value = for_max(-(self.utility(child, 1) if proven else self.guess(child)), mine)
        if known is not None and known[1] == 0:  # the solver proved every move searched a draw
            value, proven = 0, True
        pv = self.principal_variation(state) if iterations else (move,)
        if not pv or pv[0] != move:
            pv = (move,)
        self.last = EngineResult(value, move, pv, self.count(), self.leaves + self.bitboard_leaves(), depth,
                                 time.perf_counter() - start, tuple(iterations), proven)
        return self.last

    def start(self, state: S, start: float) -> tuple[Any, ...]:
        """Check `state`, set the budget of a search that starts at `start` (seconds on the clock
        only without a depth or nodes; a tenth of them when there is one move) and return the legal
        moves in search order (a win or the blocks first)."""
        game = self.game
        check_state = getattr(game, "check_state", None)
        if check_state is not None:
            check_state(state)
        if game.is_terminal(state):
            raise ValueError(f"the game is over in {shown(state)}: there is no move to choose")
        if self.bitboards is not None and self.evaluate is not self.bitboards.evaluation:
            self.bitboards = None  # an evaluation of one's own replaced it: the general search calls it
        if len(self.table) > TABLE_ENTRIES or self.table.evaluation is not self.evaluate:
            self.table = TranspositionTable()  # full, or valued by an evaluation since replaced
            self.table.bind(game, self.evaluate)
        self.nodes = self.leaves = 0
        self.first_mover = game.to_move(state)
        actions = game.actions(state)
        if not isinstance(actions, Iterable):
            raise TypeError(f"the game's actions({shown(state)}) must return the legal moves, but returned {shown(actions)}")
        moves: tuple[Any, ...] = self.noisy(state) or self.ordered(state, None)
        if not moves:
            raise ValueError(f"the game is not over in {shown(state)}, but it has no legal move: there is no move "
                             "to choose (the game's is_terminal and actions disagree)")
        seconds = self.seconds if len(moves) > 1 else self.seconds / 10  # forced: only to report a value
        timed = self.depth is None and self.budget is None
        self.deadline = start + seconds if timed else INF
        self.stop_at = INF if self.budget is None else self.budget
        self.limits = (self.stop_at, self.deadline)
        if self.bitboards is not None:
            self.bitboards.limit(self.stop_at, self.deadline)
        return moves

    def share_budget(self, share: float) -> None:
        """Let what is searched next use `share` of what is left of this move's budget (1: all of it)."""
        stop, deadline = self.limits
        used, now = self.count(), time.perf_counter()
        self.stop_at = stop if stop == INF else used + share * (stop - used)
        self.deadline = deadline if deadline == INF else now + share * (deadline - now)
        if self.bitboards is not None:
            self.bitboards.stop(self.stop_at, self.deadline)

    # The solver's path (verifies to solved, iteration's bitboard branch) reads a ConnectFourState's
    # bitboards and columns, so its states and moves stay untyped; the general search takes states of type S.
    def verifies(self, state: Any) -> bool:
        """Return True if the engine checks its move in `state` with the solver: on Connect Four's
        bitboards with the solver, with a budget of at least VERIFY_NODES or VERIFY_SECONDS, and at
        most VERIFY_EMPTY empty squares."""
        search = self.bitboards
        if search is None or search.solver is None or (self.budget is None and self.depth is not None):
            return False  # no solver, or no budget: a fixed depth
        if self.budget < VERIFY_NODES if self.budget is not None else self.seconds < VERIFY_SECONDS:
            return False  # too small a budget for the check to settle
        stones: int = (state.x | state.o).bit_count()
        return search.bits.squares - stones <= VERIFY_EMPTY

    def winning_move(self, state: Any, moves: tuple[Any, ...]) -> Any:
        """Ask the solver, with WIN_SHARE of the budget, whether one of `moves` wins, trying them in
        order, each with an equal part of what is left of that share. Return the first move proven
        to win, or None."""
        search = self.bitboards
        assert search is not None
        mine, mask = self.bitboards_of(state)
        nodes, deadline = self.solver_budget(WIN_SHARE)
        last_node = self.count() + nodes
        for index, move in enumerate(moves):
            left, now = len(moves) - index, time.perf_counter()
            budget = ((last_node - self.count()) / left, now + (deadline - now) / left)
            if search.wins(mine, mask, move, budget=budget) is True:
                self.only = search.bits.columns[move]
                return move
        return None

    @staticmethod
    def bitboards_of(state: Any) -> tuple[int, int]:
        """Return (the stones of the player to move, every stone) of a Connect Four state."""
        return (state.x if state.to_move == "X" else state.o), state.x | state.o

    def avoid_losses(self, state: Any, moves: tuple[Any, ...], start: float, iterations: list[Iteration],
                     proven: bool) -> tuple[list[Iteration], bool, tuple[Any, ...]]:
        """Check the move the search chose, with CHECK_SHARE of the budget left. If the solver proves
        that it loses, drop it and search the other moves again with RESEARCH_SHARE of what is left;
        if not, search on with all that is left, deeper if it fits; check the move that search
        chooses in turn, unless it was checked already. Return the last search's iterations and
        whether its value is proven, and the moves not dropped. A value the search proved (a win
        found, or every line to the end) is not checked, nor a move when only one is left."""
        search = self.bitboards
        assert search is not None
        mine, mask = self.bitboards_of(state)
        checked: set[Any] = set()
        while iterations and not proven and len(moves) > 1 and iterations[-1].move not in checked:
            move = iterations[-1].move
            self.share_budget(1.0)
            if search.loses(mine, mask, move, budget=self.solver_budget(CHECK_SHARE)) is True:
                moves = tuple(m for m in moves if m != move)
                self.only = sum(search.bits.columns[m] for m in moves)
                self.share_budget(RESEARCH_SHARE)
            else:
                checked.add(move)
            found, found_proven = self.deepen(state, moves, start)
            if move in moves and (not found or deepest(found) < deepest(iterations)):
                break  # nothing deeper fitted in what was left: the checked move stands
            iterations, proven = found, found_proven
        self.share_budget(1.0)
        return iterations, proven, moves

    def deepen(self, state: S, moves: tuple[Any, ...], start: float) -> tuple[list[Iteration], bool]:
        """Return the iterations of iterative deepening over `moves` (the last one perhaps stopped in
        the middle) and whether the last one proved its value."""
        mine = self.game.to_move(state) == self.game.max_player
        iterations: list[Iteration] = []
        self.first_nodes, self.first_time = self.count(), time.perf_counter()
        for depth in range(1, (self.depth or MOST_DEPTH) + 1):
            if iterations and not self.likely_to_finish(iterations):
                break
            try:
                value, move, proven = self.iteration(state, moves, depth)
            except (OutOfTime, OutOfBudget):
                if self.partial is not None:  # the best move of the moves searched so far
                    value, move = self.partial
                    iterations.append(Iteration(depth, for_max(value, mine), move, self.count(),
                                                time.perf_counter() - start, complete=False))
                return iterations, False
            except RecursionError:
                raise ValueError(f"the engine's search of {shown(state)} to depth {depth} went deeper than Python's "
                                 "stack allows: the game may never end; give the engine a smaller depth or "
                                 "budget") from None
            iterations.append(Iteration(depth, for_max(value, mine), move, self.count(),
                                        time.perf_counter() - start))
            if proven:
                return iterations, True
        return iterations, False

    def solve_root(self, state: Any, moves: tuple[Any, ...],
                   start: float) -> Optional[tuple[tuple[int, ...], int, Optional[dict[int, int]]]]:
        """On Connect Four's bitboards, with a budget and at most ROOT_SOLVE_EMPTY empty squares (and no
        win at once): ask the solver for the outcome of each move, then for the exact score of the
        moves that keep the best outcome if it is a win or a loss, each with SOLVER_SHARE of the
        budget left. Return (those moves, that outcome, their exact scores or None), or None if the
        solver did not settle the outcomes (or was not asked): the iterations then search those moves."""
        search = self.bitboards
        if search is None or search.solver is None or (self.budget is None and self.deadline == INF):
            return None
        bits, (mine, mask) = search.bits, self.bitboards_of(state)
        if bits.squares - mask.bit_count() > ROOT_SOLVE_EMPTY or bits.threats(mine, mask) & bits.playable(mask):
            return None
        outcomes = search.root_outcomes(mine, mask, moves, exact=False, budget=self.solver_budget())
        if outcomes is None:
            return None
        outcome = max(outcomes.values())
        keep = tuple(move for move in moves if outcomes[move] == outcome)
        self.only = sum(search.bits.columns[move] for move in keep)
        scores = None
        if outcome != 0:
            scores = search.root_outcomes(mine, mask, keep, exact=True, budget=self.solver_budget())
        return keep, outcome, scores

    def solver_budget(self, share: float = SOLVER_SHARE) -> tuple[float, float]:
        """Return the nodes and the deadline of a solve at the root: `share` of what is left."""
        now = time.perf_counter()
        return share * (self.stop_at - self.count()), now + share * (self.deadline - now)

    def solved(self, state: Any, scores: dict[int, int], start: float) -> EngineResult:
        """Return the result of a position the solver settled: the move with the best exact score
        (the first in search order among equals), searched to the end of the game."""
        assert self.bitboards is not None
        move = max(scores, key=lambda column: scores[column])  # the first of the best, in order
        moves, empty = (state.x | state.o).bit_count(), self.bitboards.bits.squares - (state.x | state.o).bit_count()
        value = engine_value(self.bitboards.score_value(scores[move], moves, 0))
        value = value if state.to_move == "X" else -value
        seconds = time.perf_counter() - start
        iteration = Iteration(empty, value, move, self.count(), seconds)
        self.last = EngineResult(value, move, (move,), self.count(), self.bitboard_leaves(), empty, seconds,
                                 (iteration,), True)
        return self.last

    def iteration(self, state: Any, moves: tuple[Any, ...], depth: int) -> tuple[float, Any, bool]:
        """Return (the value for the side to move, the best move, whether the value is proven) of a
        search to `depth`: on bitboards for Connect Four, else the general search (root)."""
        self.partial = None
        if self.bitboards is None:
            self.horizon_reached = False
            value, move = self.root(state, moves, depth)
            return value, move, abs(value) > 1 or not self.horizon_reached
        search = self.bitboards
        mine = state.x if state.to_move == "X" else state.o
        try:
            found, square = search.root(mine, state.x | state.o, depth, self.only)
        finally:
            if search.partial is not None:
                self.partial = (engine_value(search.partial[0]), search.bits.column_of(search.partial[1]))
        value = engine_value(found)
        # A win found this deep is the quickest only if every line as long was searched: the solver
        # and the blocks searched on beyond the horizon may prove a slower one first.
        proven = value < -1 or (value > 1 and WIN - value <= depth) or search.horizon == 0
        return value, search.bits.column_of(square), proven

    def likely_to_finish(self, iterations: list[Iteration]) -> bool:
        """Return True if enough of the next iteration is likely to finish within the budget: it is
        taken to cost the last one's nodes times the growth from the one before (GROWTH bounds it),
        and FINISH of that cost must fit in what is left of the budget."""
        if self.depth is not None and self.budget is None:
            return True
        nodes = [self.first_nodes] + [it.nodes for it in iterations[-3:]]  # the first and the last three
        last, before = nodes[-1] - nodes[-2], (nodes[-2] - nodes[-3] if len(iterations) > 1 else 0)
        growth = min(max(last / before if before else GROWTH[1], GROWTH[0]), GROWTH[1])
        if self.budget is not None:
            return nodes[-1] + FINISH * last * growth <= self.stop_at
        now = time.perf_counter()
        rate = (nodes[-1] - nodes[0]) / (now - self.first_time) if now > self.first_time else INF
        return now + FINISH * last * growth / rate <= self.deadline

    def count(self) -> int:
        """Return the nodes visited so far in this search."""
        return self.nodes if self.bitboards is None else self.bitboards.nodes

    def bitboard_leaves(self) -> int:
        """Return the leaves the bitboard search evaluated or solved in this search (0 without it)."""
        return 0 if self.bitboards is None else self.bitboards.leaves

    def principal_variation(self, state: Any) -> tuple[Any, ...]:
        """Return the principal variation from `state` that the table holds."""
        check_state = getattr(self.game, "check_state", None)
        if check_state is not None:
            check_state(state)
        if self.bitboards is None:
            return self.table.pv(self.game, state)
        mine = state.x if state.to_move == "X" else state.o
        return tuple(self.bitboards.pv(mine, state.x | state.o))

    def root(self, state: S, moves: tuple[Any, ...], depth: int) -> tuple[float, Any]:
        """Return (the value for the side to move, the best move) of a search of `moves` to
        `depth`, the previous iteration's best move first."""
        alpha, beta, best_move, first = -INF, INF, None, self.table.move(state)
        for move in ((first,) + tuple(m for m in moves if m != first) if first in moves else moves):
            value = -self.value(self.game.result(state, move), depth - 1, 1, -beta, -alpha)
            if best_move is None or value > alpha:
                alpha, best_move = value, move
                self.partial = (alpha, best_move)
        self.table.store(state, alpha, -INF, INF, depth=depth, move=best_move)
        return alpha, best_move

    def value(self, state: S, depth: int, ply: int, alpha: float, beta: float) -> float:
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

    def quiescence(self, state: S, ply: int, alpha: float, beta: float, plies: int) -> float:
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

    def ordered(self, state: S, first: Any) -> tuple[Any, ...]:
        """Return the legal moves in search order: the table's best move, then the game's order."""
        actions = tuple(self.game.actions(state))
        if self.order is not None:
            actions = tuple(self.order(self.game, state, actions, ()))
        if first is None or first not in actions:
            return actions
        return (first,) + tuple(a for a in actions if a != first)

    def utility(self, state: S, ply: int) -> float:
        """Return the depth-adjusted utility of a finished game for the side to move in it."""
        self.leaves += 1
        utility = self.game.utility(state, self.game.to_move(state))
        if not is_number(utility) or utility not in {-1, 0, 1}:  # a set: no number equal to all is in it
            raise ValueError(f"the engine needs utilities of -1, 0 and 1 (a loss, a draw, a win), but "
                             f"the game's utility is {utility!r} in {state!r}")
        return utility * (WIN - ply)

    def guess(self, state: S) -> float:
        """Return the evaluation of an unfinished position for the side to move, checked."""
        self.leaves += 1
        value: Any = self.evaluate(state)
        if not is_number(value) or not -1 < value < 1:
            raise ValueError(f"evaluate must return a number strictly between -1 and 1 (a win is "
                             f"worth more than any guess), but returned {shown(value)} for {shown(state)}")
        guess: float = value if self.game.to_move(state) == self.game.max_player else -value
        return guess

    def check_turn(self, state: S, ply: int) -> None:
        """Raise ValueError unless the player to move in `state`, `ply` moves below the root, is
        the one whose turn it is, and MAX (game.max_player) is one of the two players: the engine
        is a negamax search, so the players must alternate (as Search.to_move says for negamax)."""
        player = self.game.to_move(state)
        if (player == self.first_mover) != (ply % 2 == 0):
            raise ValueError(f"{shown(state)}, {ply} moves below the root: {shown(player)} moves "
                             "out of turn, so the players do not take turns; the engine (a negamax "
                             "search) needs them to alternate")
        if ply % 2 and player != self.game.max_player and self.first_mover != self.game.max_player:
            raise ValueError(f"{shown(state)}, {ply} moves below the root: {shown(self.first_mover)} and "
                             f"{shown(player)} take turns, but MAX (the game's max_player, "
                             f"{shown(self.game.max_player)}) never moves; the engine (a negamax search) needs "
                             "MAX to be one of the two players (minimax and alphabeta do not: every other "
                             "player is MIN there)")

    def count_node(self) -> None:
        """Count a node; stop the search once its node budget is spent, and, every CLOCK_EVERY
        nodes, if its time is up."""
        self.nodes += 1
        if self.nodes >= self.stop_at or (self.nodes % CLOCK_EVERY == 0 and time.perf_counter() > self.deadline):
            raise OutOfTime


def check_game(game: object, who: str) -> Game:
    """Return `game` if it is a Game (the textbook's protocol), else raise TypeError saying that `who`
    plays games."""
    if is_game(game):
        return game
    hint = ": for a tree, use TreeGame(tree)" if isinstance(game, (list, tuple)) else ""
    raise TypeError(f"{who} plays a game (with initial, max_player, to_move, actions, result, is_terminal "
                    f"and utility), not {game_name(game)}{hint}")


def deepest(iterations: list[Iteration]) -> int:
    """Return the depth of the deepest iteration that finished (0: none did)."""
    return max((it.depth for it in iterations if it.complete), default=0)


def to_table(value: float, ply: int) -> float:
    """Return a value found `ply` moves below the root as the table stores it: a win or loss
    counted from the position itself, not from the root, so it holds wherever the position recurs."""
    return value + ply if 1 < value < INF else value - ply if -INF < value < -1 else value


def from_table(value: float, ply: int) -> float:
    """Return a value read from the table for a position `ply` moves below the root (the inverse
    of to_table)."""
    return value - ply if 1 < value < INF else value + ply if -INF < value < -1 else value


def game_evaluation(game: Game) -> Evaluate:
    """Return the game's own evaluation for the horizon: boards.horizon_evaluation for the board
    games (those with board settings in the game registry: tic-tac-toe, Connect Four), else the
    game's evaluate method, else `even` (every position 0)."""
    if part_of(game, "board") is not None:
        return horizon_evaluation(game)
    evaluate = getattr(game, "evaluate", None)
    return evaluate if callable(evaluate) else even


def for_max(value: float, mine: bool) -> float:
    """Return a value for the player to move as MAX's value: itself if MAX moves (`mine`), else
    negated (a draw as 0, not -0.0; a whole number stays one)."""
    return (value if mine else -value) + 0


def engine_parts(game: Game, evaluate: Optional[Evaluate], without: Iterable[str]) -> frozenset[str]:
    """Return the parts of PARTS an engine for `game` uses: all but those named in `without`, and
    on the bitboards only for Connect Four searched with its own evaluation (`evaluate` None). Raise
    ValueError for a name not in PARTS, or a part other than the bitboards switched off where the
    engine runs the general search, which has none of them."""
    names = tuple(without) if isinstance(without, Iterable) and not isinstance(without, str) else None
    if names is None or not all(isinstance(name, str) for name in names):
        raise ValueError(f"without must be a list of names of parts from {list(PARTS)}, got {shown(without)}")
    off = set(names)
    unknown = sorted(off - set(PARTS))
    if unknown:
        raise ValueError(f"without names parts the engine does not have: {unknown}; its parts are {list(PARTS)}")
    if part_of(game, "fast_search") is None or evaluate is not None:  # only Connect Four has one
        off.add("bitboards")
    if "bitboards" in off and off & set(BITBOARD_PARTS):
        raise ValueError(f"{sorted(off & set(BITBOARD_PARTS))} are parts of the search on Connect Four's "
                         "bitboards, which this engine does not run (it runs the general search: the game is "
                         "not ConnectFour, or an evaluation was given, or bitboards are switched off)")
    return frozenset(PARTS) - off


def game_order(game: Game) -> Optional[Order]:
    """Return the game's own move ordering: boards.move_order for the board games (tic-tac-toe,
    Connect Four), else None (the game's own order of actions)."""
    return move_order(game) if part_of(game, "board") is not None else None


def engine(game: Game[S], *, seconds: Optional[float] = None, depth: Optional[int] = None, nodes: Optional[int] = None,
           evaluate: Optional[Evaluate[S]] = None, without: Iterable[str] = ()) -> Engine[S]:
    """Return a player for `game` that searches for `seconds` per move (default 1) with iterative
    deepening alpha-beta (or, given a `depth` or a number of `nodes`, to that depth or within that
    many nodes whatever the clock says, so that its moves do not depend on the machine; seconds and
    nodes together are refused), scoring the horizon
    with `evaluate` (default: the game's own evaluation; on Connect Four the parity evaluation of
    the bitboard search). `without` switches parts off (PARTS). After each move, player.last holds
    its EngineResult, with the principal variation (pv) and the value behind the move.

    >>> from minimax_lab import ConnectFour
    >>> game = ConnectFour()
    >>> player = engine(game, depth=4)
    >>> player(game, game.play("001122")), player.last.outcome()
    (3, 'a win for MAX in 1 ply')
    """
    return Engine(game, seconds=seconds, depth=depth, nodes=nodes, evaluate=evaluate, without=without)
