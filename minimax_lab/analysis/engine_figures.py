"""What the Connect Four engine is worth, measured against the exact solver: how often its move keeps
the result (a win stays a win, a draw a draw) and is optimal on the reference set
(minimax_lab.analysis.connect_four_reference), what each of its parts buys (the ablation table), and
how it fares in games against the solver from won and drawn openings.

Everything takes the engine's budget as `seconds` (wall clock) or `nodes` (deterministic: the same
moves on any machine, so the figures do not depend on how busy the machine is).

>>> from minimax_lab.analysis.connect_four_reference import reference_set
>>> figures = reference_figures(reference_set().positions[-3:], nodes=2_000)
>>> figures.positions, 0 <= figures.optimal <= figures.kept <= 3
(3, True)
"""

from __future__ import annotations

import statistics
import time
from dataclasses import dataclass
from typing import Iterable, Optional, Sequence

from ..core.game_types import A, S
from ..core.text import shown
from ..games.protocol import Game
from ..heuristics.connect_four import ConnectFour
from ..search.connect_four_solver import ConnectFourSolver, solver_player
from ..search.engine import PARTS, Engine
from .connect_four_reference import Opening, ReferencePosition
from .experiments import listed
from .players import Player, play


@dataclass(frozen=True)
class Figures:
    """An engine on reference positions: how many positions, how many moves kept the result and how
    many were optimal, the nodes and CPU seconds of all searches, the depth each reached, and for
    each position its ply, whether the move kept the result and whether it was optimal."""

    positions: int
    kept: int
    optimal: int
    nodes: int
    seconds: float
    depths: tuple[int, ...]
    moves: tuple[tuple[int, bool, bool], ...] = ()

    def plies(self, low: int, high: int) -> tuple[int, int, int]:
        """Return (positions, moves that kept the result, optimal moves) of the plies low..high."""
        chosen = [(kept, optimal) for ply, kept, optimal in self.moves if low <= ply <= high]
        return len(chosen), sum(kept for kept, _ in chosen), sum(optimal for _, optimal in chosen)

    @property
    def kept_rate(self) -> float:
        """Return the share of positions whose result the engine's move kept."""
        return self.kept / self.counted()

    @property
    def optimal_rate(self) -> float:
        """Return the share of positions where the engine's move was optimal."""
        return self.optimal / self.counted()

    def counted(self) -> int:
        """Return the number of positions, raising ValueError if there are none (no share to give)."""
        if self.positions < 1:
            raise ValueError("these figures are of no positions: a share of them is undefined")
        return self.positions

    @property
    def nodes_per_second(self) -> float:
        """Return the nodes searched per CPU second."""
        return self.nodes / self.seconds if self.seconds else 0.0

    @property
    def median_depth(self) -> float:
        """Return the median depth the searches finished."""
        return statistics.median(self.depths) if self.depths else 0.0


def budget_engine(game: ConnectFour, *, seconds: Optional[float] = None, nodes: Optional[int] = None,
                  without: Iterable[str] = ()) -> Engine:
    """Return an engine for `game` with a budget of `seconds` or `nodes` a move (one of them) and the
    parts named in `without` switched off."""
    if (seconds is None) == (nodes is None):
        raise ValueError(f"give the engine's budget as seconds or as nodes (one of them), got seconds={shown(seconds)}, "
                         f"nodes={shown(nodes)}")
    return Engine(game, seconds=seconds, nodes=nodes, without=without)


def reference_figures(positions: Sequence[ReferencePosition], *, seconds: Optional[float] = None,
                      nodes: Optional[int] = None, without: Iterable[str] = ()) -> Figures:
    """Return the Figures of an engine with the given budget on `positions`, a new engine for each
    (so that no position gains from the table of another)."""
    positions = listed(positions, "positions")
    if not positions:
        raise ValueError("reference_figures needs at least one position (reference_set().positions)")
    for i, position in enumerate(positions):
        if not isinstance(position, ReferencePosition):
            raise TypeError(f"positions[{i}] is {shown(position)}, not a ReferencePosition (reference_set().positions)")
    game = ConnectFour()
    total_nodes, cpu, depths, moves = 0, 0.0, [], []
    for position in positions:
        player = budget_engine(game, seconds=seconds, nodes=nodes, without=without)
        start = time.process_time()
        result = player.search(position.state(game))
        cpu += time.process_time() - start
        moves.append((position.ply, position.keeps(result.move), position.optimal(result.move)))
        total_nodes += result.nodes
        depths.append(result.depth)
    return Figures(len(positions), sum(kept for _, kept, _ in moves), sum(best for _, _, best in moves),
                   total_nodes, cpu, tuple(depths), tuple(moves))


@dataclass(frozen=True)
class SolverSpeed:
    """The exact solver on some positions, each solved (its outcome) with a new table: the nodes it
    visited, and the CPU seconds numba's compiled search and Python running the same function took
    (the plain seconds None where numba is missing: then both are the plain function)."""

    positions: int
    nodes: int
    compiled_seconds: float
    plain_seconds: Optional[float]


def solver_speed(positions: Sequence[ReferencePosition]) -> SolverSpeed:
    """Return the SolverSpeed of the exact solver on `positions`: each solved compiled and plain,
    which must visit the same nodes (ValueError if they do not)."""
    positions = listed(positions, "positions")
    if not positions:
        raise ValueError("solver_speed needs at least one position (reference_set().positions)")
    game = ConnectFour()
    compiled_here = ConnectFourSolver(game).search.run is not ConnectFourSolver(game, compiled=False).search.run
    nodes, seconds = 0, {True: 0.0, False: 0.0}
    for position in positions:
        counted = []
        for compiled in (True, False) if compiled_here else (True,):
            solver = ConnectFourSolver(game, compiled=compiled)
            start = time.process_time()
            solver.outcome(position.state(game))
            seconds[compiled] += time.process_time() - start
            counted.append(solver.nodes)
        if len(set(counted)) != 1:
            raise ValueError(f"the compiled and the plain solver visited {counted[0]:,} and {counted[1]:,} nodes "
                             f"after {position.moves!r}: they should be the same search")
        nodes += counted[0]
    return SolverSpeed(len(positions), nodes, seconds[True], seconds[False] if compiled_here else None)


ABLATIONS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("all parts", ()),
    *((f"without {part}", (part,)) for part in PARTS if part != "bitboards"),
    ("without bitboards (the general search)", ("bitboards",)),
)
"""The rows of the ablation table: the engine whole, then without each part in turn."""


def ablation(positions: Sequence[ReferencePosition], *, seconds: Optional[float] = None,
             nodes: Optional[int] = None) -> list[dict[str, object]]:
    """Return the ablation table: for the engine whole and without each part, its nodes per CPU
    second, median depth, and keeps-result and optimal rates on `positions`, with the given budget.
    With a node budget every column but the nodes per second is the same on every machine and run."""
    rows = []
    for name, without in ABLATIONS:
        figures = reference_figures(positions, seconds=seconds, nodes=nodes, without=without)
        rows.append({"engine": name, "nodes/s": round(figures.nodes_per_second),
                     "median depth": figures.median_depth, "keeps result": f"{figures.kept_rate:.1%}",
                     "optimal": f"{figures.optimal_rate:.1%}"})
    return rows


@dataclass(frozen=True)
class GameRecord:
    """A game of the engine against the solver from an opening: the opening, its outcome for the
    engine (who moves first from it), the game's result for the engine (+1, 0, -1), its length in
    plies, and the CPU seconds each side spent."""

    opening: str
    outcome: int
    result: int
    plies: int
    engine_seconds: float
    solver_seconds: float


def games_against_solver(openings: Sequence[Opening], *, seconds: Optional[float] = None,
                         nodes: Optional[int] = None) -> list[GameRecord]:
    """Play the engine (with the given budget a move) against the perfect player from each opening,
    the engine moving first from it; return a GameRecord for each."""
    game = ConnectFour()
    openings = listed(openings, "openings")
    for i, opening in enumerate(openings):
        if not isinstance(opening, Opening):
            raise TypeError(f"openings[{i}] is {shown(opening)}, not an Opening (reference_set().openings)")
        if game.is_terminal(game.play(opening.moves)):
            raise ValueError(f"openings[{i}]: the game is over after {shown(opening.moves)}: there is no game to play")
    records = []
    for opening in openings:
        player = budget_engine(game, seconds=seconds, nodes=nodes)
        perfect = solver_player(game)
        spent = {"engine": 0.0, "solver": 0.0}

        def timed(name: str, move: Player[S, A]) -> Player[S, A]:
            def timed_move(played: Game[S, A], state: S) -> A:
                start = time.process_time()
                chosen = move(played, state)
                spent[name] += time.process_time() - start
                return chosen
            return timed_move

        start = game.play(opening.moves)
        mover = start.to_move
        other = "O" if mover == "X" else "X"
        record = play(game, {mover: timed("engine", player), other: timed("solver", perfect)}, start)
        result = game.utility(record.final, mover)
        records.append(GameRecord(opening.moves, opening.outcome, int(result), len(record.moves),
                                  spent["engine"], spent["solver"]))
    return records


def solved_outcome(moves: str) -> int:
    """Return the outcome of the 7 x 6 position after `moves` for the player to move (the solver's)."""
    game = ConnectFour()
    return ConnectFourSolver(game).outcome(game.play(moves))
