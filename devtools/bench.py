"""Benchmarks (`make bench`): nodes per second of the searches on tic-tac-toe, beside lean
flat-list loops timed in the same run (medians of several runs), and the engine's figures on
7 x 6 Connect Four against the exact solver: how often its move keeps the result and is optimal on
the reference set (minimax_lab.analysis.connect_four_reference), by ply, with its nodes per second
and depth; what each of its parts buys; its games against the solver; positions with a win in one
or two moves for it.

The first table is the speed goal: untraced minimax and alpha-beta (each runs its trace-free twin,
search/twin.py) against a lean loop doing the same work, the same nodes in the same order, and the
functions as printed, run with the do-nothing trace. A search is timed twice: cold, the first
search on a new game (the game and the positions it reaches are built during the search), and
warm, the same search again on that game (positions already built, only looked up).

The default run takes a minute or two: the engine moves in 36 reference positions spread over the
set with a budget of NODES nodes a move (deterministic: the same moves on any machine), and in 10
positions of each kind with a win. `--full` gives the long figures (7 to 15 minutes): the whole set
at NODES and at 1 s a move, the ablation table, 40 games against the solver from the stored openings
and 50 positions of each kind. `--positions`, `--nodes`, `--seconds`, `--ablation` and `--games` set
those numbers, `--weights` adds the tournament behind Connect Four's linear evaluation weights,
`--engine-only` skips the tic-tac-toe tables and the maze game. The tables end with the grading
guard's overhead per call of a student's function, the time of one maze game (issue 39's target:
a depth-2 expectimax game with two random chasers on the classic layout in at most 2 s) and each
practice widget's slowest round (a new case, a check, the answer shown; goal: at most 1 s).

Last, what a student waits for: each lesson run top to bottom in a new kernel (wall time, the
kernel's start included) and on Pyodide, as the server-free edition runs it (the browser tests' Node
runner on the site `make lite` builds; the sum of the cells' times), against the goals of 30 s and
120 s. That adds about a minute; `--no-lessons` skips it, `--lessons [NN]` runs only it."""

from __future__ import annotations

import argparse
import inspect
import json
import os
import shutil
import subprocess
import platform
import random
import statistics
import time
from collections import Counter
from functools import partial
from pathlib import Path
from typing import Any, Callable, NamedTuple, Optional

from minimax_lab.analysis.experiments import SEARCHES as EXPERIMENT_SEARCHES
from minimax_lab.analysis.experiments import measure
from minimax_lab.analysis.connect_four_reference import Opening, reference_set, sample
from minimax_lab.analysis.engine_figures import ablation, games_against_solver, reference_figures, solver_speed
from minimax_lab.analysis.experiments import text_table
from minimax_lab.analysis.maze_games import search_agent
from minimax_lab.analysis.players import Player, greedy_player, play, player_names, points, weight_tournament
from minimax_lab.checks.core import FIG_5_2
from minimax_lab.checks.practice import (ChancePractice, MCTSPractice, Practice, PruningPractice, RetrogradePractice,
                                         ValuePractice)
from minimax_lab.games.maze import MazeGame, MazeState
from minimax_lab.games.maze_policies import MAX_MOVES, MazePlay, play_game, random_chaser
from minimax_lab.games.protocol import Game
from minimax_lab.games.tictactoe import LINES, TicTacToe
from minimax_lab.grading import assignment5
from minimax_lab.heuristics.connect_four import ConnectFour
from minimax_lab.heuristics.connect_four_evaluation import WEIGHTS
from minimax_lab.heuristics.generic import even
from minimax_lab.search.engine import engine
from minimax_lab.search.registry import SEARCHES as CATALOG
from minimax_lab.search.registry import search_named
from minimax_lab.search.textbook import SearchResult, alphabeta

RUNS = 5
BASELINE = "baseline (flat list)"


def baseline_minimax(board: list[Optional[str]], player: str, counter: list[int]) -> int:
    """Return X's minimax value of a flat-list board, mutating and undoing moves (the baseline)."""
    counter[0] += 1
    for a, b, c in LINES:
        if board[a] is not None and board[a] == board[b] == board[c]:
            return 1 if board[a] == "X" else -1
    if None not in board:
        return 0
    other = "O" if player == "X" else "X"
    best = -2 if player == "X" else 2
    for square in range(9):
        if board[square] is None:
            board[square] = player
            value = baseline_minimax(board, other, counter)
            board[square] = None
            best = max(best, value) if player == "X" else min(best, value)
    return best


def baseline() -> int:
    """Search the empty board with the flat-list baseline; return the nodes visited."""
    counter = [0]
    baseline_minimax([None] * 9, "X", counter)
    return counter[0]


def baseline_alphabeta(board: list[Optional[str]], player: str, alpha: int, beta: int,
                       counter: list[int]) -> int:
    """Return X's alpha-beta value of a flat-list board (fail-soft, cutting when α ≥ β), mutating
    and undoing moves: the lean loop beside alphabeta, visiting the same nodes in the same order.
    One loop per player: written like baseline_minimax, with the player tested in the loop, it
    runs about a sixth slower, which would flatter alphabeta."""
    counter[0] += 1
    for a, b, c in LINES:  # baseline_minimax's end test, inline: sharing it would cost a call a node
        if board[a] is not None and board[a] == board[b] == board[c]:
            return 1 if board[a] == "X" else -1
    if None not in board:
        return 0
    if player == "X":
        best = -2
        for square in range(9):
            if board[square] is None:
                board[square] = "X"
                value = baseline_alphabeta(board, "O", alpha, beta, counter)
                board[square] = None
                if value > best:
                    best = value
                    alpha = max(alpha, best)
                if best >= beta:
                    break
    else:
        best = 2
        for square in range(9):
            if board[square] is None:
                board[square] = "O"
                value = baseline_alphabeta(board, "X", alpha, beta, counter)
                board[square] = None
                if value < best:
                    best = value
                    beta = min(beta, best)
                if best <= alpha:
                    break
    return best


def alphabeta_baseline() -> int:
    """Search the empty board with the flat-list alpha-beta loop (window -2, 2: wider than any
    utility); return the nodes visited."""
    counter = [0]
    baseline_alphabeta([None] * 9, "X", -2, 2, counter)
    return counter[0]


def median_rates(runs: dict[str, Callable[[], int]], rounds: int = RUNS) -> dict[str, tuple[int, float]]:
    """Return (nodes, median CPU seconds) of each run by name, each run returning its node count.
    The runs take turns, round after round, so that a busy machine slows them alike."""
    seconds: dict[str, list[float]] = {name: [] for name in runs}
    nodes: dict[str, int] = {}
    for _ in range(rounds):
        for name, run in runs.items():
            start = time.process_time()
            nodes[name] = run()
            seconds[name].append(time.process_time() - start)
    return {name: (nodes[name], statistics.median(seconds[name])) for name in runs}


def nodes_searched(name: str) -> Callable[[TicTacToe], int]:
    """Return a run of the search `name` (catalog.SEARCHES) from a game's start: it returns the nodes."""
    return counting(search_named(name))


def counting(search: Callable[..., SearchResult[Any]]) -> Callable[[TicTacToe], int]:
    """Return a run of `search` from a game's start: it returns the nodes."""
    return lambda game: search(game).nodes


SEARCHES = {name: nodes_searched(name) for name in CATALOG}
"""The benchmarked searches by name: every search in the catalog."""


def cold(search: Callable[[TicTacToe], int]) -> Callable[[], int]:
    """Return a run of `search` on a new game: building the game and the positions it reaches
    during the search count in the time."""
    return lambda: search(TicTacToe())


def warm(search: Callable[[TicTacToe], int]) -> Callable[[], int]:
    """Return a run of `search` on a game already searched once, so that its positions are built
    and only looked up."""
    game = TicTacToe()
    search(game)
    return lambda: search(game)


def complexity_searches(branching: int = 3, depth: int = 9) -> dict[str, Callable[[], int]]:
    """Return the complexity experiment's searches of one implicit uniform tree, by name."""
    return {f"{algorithm}, {ordering} order": partial(count_nodes, branching, depth, algorithm, ordering)
            for algorithm, ordering in EXPERIMENT_SEARCHES}


def count_nodes(branching: int, depth: int, algorithm: str, ordering: str) -> int:
    """Return the nodes one search of the complexity experiment visits."""
    nodes: int = measure(branching, depth, algorithm, ordering)["nodes"]
    return nodes


def print_table(title: str, rows: dict[str, tuple[int, float]], base_rate: float) -> None:
    """Print nodes, median seconds, nodes per second and the rate against the baseline's."""
    print(f"\n{title}")
    print(f"{'search':32} {'nodes':>9} {'seconds':>9} {'nodes/s':>11} {'vs baseline':>12}")
    for name, (nodes, seconds) in rows.items():
        rate = nodes / seconds
        print(f"{name:32} {nodes:9,} {seconds:9.4f} {rate:11,.0f} {rate / base_rate:11.2f}x")


def machine() -> str:
    """Return the processor's model name and the number of cores, as Linux reports them."""
    try:
        with open("/proc/cpuinfo") as cpuinfo:
            model = next(line.split(":", 1)[1].strip() for line in cpuinfo if line.startswith("model name"))
    except (OSError, StopIteration):
        model = platform.processor() or platform.machine()
    return f"{model}, {os.cpu_count()} cores"


def wins_within(game: Game, state: Any, moves: int) -> bool:
    """Return True if the player to move in `state` can force a win within `moves` of its own
    moves (alphabeta to 2 * moves - 1 plies, the horizon scored as even): the oracle of the
    win-in-one-or-two figures, independent of the engine."""
    value = alphabeta(game, state, depth=2 * moves - 1, evaluate=even).value
    return value == (1 if game.to_move(state) == game.max_player else -1)


def positions_with_a_win(game: Game, moves: int, count: int, *, seed: int = 0) -> list[Any]:
    """Return `count` positions, met in random games drawn with random.Random(seed), where the
    player to move can force a win within `moves` of its own moves but not within fewer."""
    rng = random.Random(seed)
    found: list[Any] = []
    while len(found) < count:
        state = game.initial
        while not game.is_terminal(state) and len(found) < count:
            if (state not in found and wins_within(game, state, moves)
                    and (moves == 1 or not wins_within(game, state, moves - 1))):
                found.append(state)
            state = game.result(state, rng.choice(tuple(game.actions(state))))
    return found


def keeps_the_win(game: Game, player: Player, state: Any) -> bool:
    """Return True if `player`, to move in `state`, wins the game played on against greedy_player."""
    mover, names = game.to_move(state), player_names(game)
    other = names[1] if mover == names[0] else names[0]
    final = play(game, {mover: player, other: greedy_player}, state).final
    return game.utility(final, mover) > 0


NODES = 120_000
"""The engine's node budget a move in the bench's deterministic figures: small enough for the default
run to take a minute or so, and the same moves on any machine. Under a clock of 1 s a move (the
--full run's second line) the engine visits many more: compiled, its solver visits some thirty times
as many nodes a second as its search, and from ply 10 most of the budget goes to the solver (the
table prints the nodes per CPU second measured)."""

PLY_GROUPS = ((12, 15), (16, 19), (20, 23), (24, 29))
"""The plies of the reference set, in the groups its table shows."""

SOLVER_PLIES, SOLVER_POSITIONS = (12, 15), 6
"""The reference positions on which the bench times the exact solver, compiled and plain: at these
plies plain Python solves the six in a few seconds."""

ABLATION_PLIES = (12, 19)
"""The plies of the reference positions the ablation table samples: from ply 20 on, the solver
settles nearly every position, with or without the other parts."""


class EngineRun(NamedTuple):
    """What the engine's figures measure: reference positions (a sample spread over the set; 0: all),
    the node budget a move, the seconds a move of a second, timed run (None: none), games against the
    solver (half from won openings, half from drawn; 0: none), positions of the ablation table (0:
    none), and positions with a win in one and in two moves."""

    positions: int
    nodes: int
    seconds: Optional[float]
    games: int
    ablation: int
    wins: int


QUICK = EngineRun(positions=36, nodes=NODES, seconds=None, games=0, ablation=0, wins=10)
"""The engine's figures in the default run (about a minute)."""

FULL = EngineRun(positions=0, nodes=NODES, seconds=1.0, games=40, ablation=80, wins=50)
"""The engine's figures with --full (7 to 15 minutes on an idle machine, most of it the solver's
moves in the games): the whole reference set at NODES and at 1 s a move, the ablation table on half
the positions of plies 12-19, and the 40 games from the stored openings at 1 s a move."""


def engine_figures(run: EngineRun = QUICK, seed: int = 0) -> None:
    """Print the engine's figures on 7 x 6 Connect Four against the exact solver (see EngineRun):
    the moves that keep the result and the optimal moves on the reference set, by ply, the nodes per
    CPU second and the depth reached; what each part buys; the games against the solver; and the
    positions with a win in one and in two moves, played on against greedy_player."""
    game, stored = ConnectFour(), reference_set()
    positions = sample(stored.positions, run.positions or len(stored.positions))
    print(f"\nengine on 7 x 6 Connect Four against the exact solver; Python {platform.python_version()} on "
          f"{machine()}, load average {os.getloadavg()[0]:.1f}")
    won = sum(p.outcome > 0 for p in stored.positions)
    print(f"reference set: {len(stored.positions)} quiet positions of plies {stored.positions[0].ply}-"
          f"{stored.positions[-1].ply} ({won} won, {len(stored.positions) - won} drawn for the player to move), "
          f"solved in {stored.about['cpu seconds']:g} CPU s (scripts/build_connect_four_reference.py); "
          f"measured here: {len(positions)} of them")
    groups = "".join(f" {f'{low}-{high}':>11}" for low, high in PLY_GROUPS)
    print(f"{'budget a move':24} {'keeps result':>12} {'optimal':>8} {'nodes/s':>9} {'depth':>6}{groups}")
    budgets: list[tuple[str, Optional[int], Optional[float]]] = [(f"{run.nodes:,} nodes", run.nodes, None)]
    budgets += [(f"{run.seconds:g} s", None, run.seconds)] if run.seconds is not None else []
    for name, nodes, seconds in budgets:
        figures = reference_figures(positions, nodes=nodes, seconds=seconds)
        by_ply = "".join(f" {f'{kept}/{count}':>11}" for count, kept, _ in
                         (figures.plies(low, high) for low, high in PLY_GROUPS))
        print(f"{name:24} {figures.kept_rate:12.1%} {figures.optimal_rate:8.1%} {figures.nodes_per_second:9,.0f} "
              f"{figures.median_depth:6g}{by_ply}")
    print("(nodes/s: per CPU second; depth: the median depth finished; by ply: moves that kept the result)")
    speed = solver_speed(sample(stored.at_plies(*SOLVER_PLIES), SOLVER_POSITIONS))
    line = (f"exact solver on {speed.positions} reference positions of plies {SOLVER_PLIES[0]}-{SOLVER_PLIES[1]} "
            f"({speed.nodes:,} nodes): {speed.nodes / speed.compiled_seconds:,.0f} nodes/s")
    if speed.plain_seconds is None:
        print(f"{line}, not compiled: numba is missing")
    else:
        print(f"{line} compiled by numba, {speed.nodes / speed.plain_seconds:,.0f} as plain Python "
              f"({speed.plain_seconds / speed.compiled_seconds:.1f} times as fast)")
    if run.ablation:
        low, high = ABLATION_PLIES
        chosen = sample(stored.at_plies(low, high), run.ablation)
        print(f"\nwhat each part buys, {run.nodes:,} nodes a move, {len(chosen)} reference positions of plies "
              f"{low}-{high}")
        print(text_table(ablation(chosen, nodes=run.nodes)))
    if run.games:
        games_table(stored.openings, run.games, run)
    for moves in (1, 2) if run.wins else ():
        found = positions_with_a_win(game, moves, run.wins, seed=seed)
        player = engine(game, nodes=run.nodes)
        kept = sum(keeps_the_win(game, player, state) for state in found)
        print(f"positions with a win in {moves} move{'s' if moves > 1 else ''} for the engine: "
              f"won {kept} of {len(found)} (played on against greedy_player, {run.nodes:,} nodes a move)")


def games_table(openings: tuple[Opening, ...], games: int, run: EngineRun) -> None:
    """Print the engine's games against the solver: `games` // 2 from won openings and as many from
    drawn ones (the engine moves first from each), at 1 s a move if the run has seconds, else at its
    node budget."""
    budget: dict[str, Any] = {"seconds": run.seconds} if run.seconds is not None else {"nodes": run.nodes}
    print(f"\ngames against the exact solver from openings of ply {len(openings[0].moves)}, the engine at "
          + (f"{run.seconds:g} s a move" if run.seconds is not None else f"{run.nodes:,} nodes a move"))
    print(f"{'openings':22} {'games':>5} {'won':>4} {'drawn':>5} {'lost':>4} {'engine CPU s/move':>18} "
          f"{'solver CPU s/game':>18}  plies of the losses")
    for outcome, name in ((1, "won for the engine"), (0, "drawn")):
        chosen = [o for o in openings if o.outcome == outcome][:games // 2]
        records = games_against_solver(chosen, **budget)
        results = Counter(r.result for r in records)
        engine_moves = sum((r.plies + 1) // 2 for r in records)
        losses = sorted(len(r.opening) + r.plies for r in records if r.result < 0)
        print(f"{name:22} {len(records):5} {results[1]:4} {results[0]:5} {results[-1]:4} "
              f"{sum(r.engine_seconds for r in records) / max(engine_moves, 1):18.2f} "
              f"{statistics.mean(r.solver_seconds for r in records):18.1f}  {losses or '-'}")


def weights_table(seed: int = 0) -> None:
    """Print the tournament behind Connect Four's evaluation weights (players.weight_tournament)."""
    results = weight_tournament(ConnectFour(), seed=seed)
    print("\nConnect Four evaluation weights: every pair of candidates, engines to depth 4")
    for (a, b), result in results.items():
        print(f"{a:28} vs {b:28} won {result.wins:3} drawn {result.draws:3} lost {result.losses:3}")
    for name, total in points(results).items():
        print(f"{name:28} {total:6g} points")


def main(argv: Optional[list[str]] = None) -> None:
    """Print the benchmark tables: the untraced searches against the lean loops, tic-tac-toe cold
    and warm, the complexity experiment, and the engine's figures (and, with --weights, the
    evaluation's weight tournament)."""
    parser = argparse.ArgumentParser(prog="python -m devtools.bench", description=__doc__.split("\n")[0])
    parser.add_argument("--full", action="store_true",
                        help="the long engine figures: the whole reference set at NODES and at 1 s a move, the "
                             "ablation table, 40 games against the solver, 50 positions with a win (7 to 15 minutes)")
    parser.add_argument("--games", type=int, help="games against the solver, half from won and half from drawn "
                                                  "openings (even; default none, 40 with --full)")
    parser.add_argument("--seconds", type=float, help="also measure the engine at this many seconds a move "
                                                      "(default: not, 1 with --full)")
    parser.add_argument("--nodes", type=int, help=f"the engine's node budget a move (default {NODES:,})")
    parser.add_argument("--positions", type=int,
                        help="reference positions measured, spread over the set (default 36, all with --full)")
    parser.add_argument("--ablation", type=int, help="reference positions of plies 12-19 in the ablation table "
                                                     "(default none, 80 with --full)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the positions with a win (default 0)")
    parser.add_argument("--weights", action="store_true", help="also run the evaluation's weight tournament")
    parser.add_argument("--engine-only", action="store_true", help="skip the tic-tac-toe tables")
    parser.add_argument("--lessons", nargs="?", const="", metavar="NN",
                        help="only the lessons' run times (those whose name starts with NN, default all)")
    parser.add_argument("--no-lessons", action="store_true", help="skip the lessons' run times")
    parser.add_argument("--tournament-seeds", type=int, metavar="N",
                        help="only assignment 5's tournament scores over seeds 0 to N - 1 (about 4 s a seed)")
    args = parser.parse_args(argv)
    if args.tournament_seeds is not None:
        if args.tournament_seeds < 1:
            parser.error(f"--tournament-seeds must be at least 1, got {args.tournament_seeds}")
        tournament_spread(args.tournament_seeds)
        return
    if args.lessons is not None:
        lesson_times(args.lessons or None)
        return
    run = FULL if args.full else QUICK
    run = run._replace(**{name: getattr(args, name) for name in ("games", "seconds", "nodes", "positions", "ablation")
                          if getattr(args, name) is not None})
    openings = len(reference_set().openings)
    if (args.games is not None and (run.games < 2 or run.games % 2 or run.games > openings)) or (
            run.seconds is not None and run.seconds <= 0) or run.positions < 0 or run.nodes < 1 or run.ablation < 0:
        parser.error(f"--games must be even and at least 2 (at most {openings}: the stored openings), --seconds above 0, "
                     f"--nodes at least 1 and --positions and --ablation at least 0; got {run.games}, {run.seconds}, "
                     f"{run.nodes}, {run.positions} and {run.ablation}")
    if not args.engine_only:
        search_tables()
        maze_figure()
        practice_figure()
    engine_figures(run, args.seed)
    if args.weights:
        weights_table(args.seed)
    if not args.no_lessons:
        lesson_times()


def search_tables() -> None:
    """Print the search tables: the untraced searches against the lean loops, tic-tac-toe cold and
    warm, and the complexity experiment."""
    print(f"medians of {RUNS} runs or more (CPU time); Python {platform.python_version()} on {machine()}")
    twin_figures()
    runs = {BASELINE: baseline}
    runs |= {f"cold {name}": cold(search) for name, search in SEARCHES.items()}
    runs |= {f"warm {name}": warm(search) for name, search in SEARCHES.items()}
    rows = median_rates(runs)
    nodes, seconds = rows[BASELINE]
    base_rate = nodes / seconds
    for kind, title in (("cold", "cold: a new game each run, positions built during the search"),
                        ("warm", "warm: the same game again, positions already built")):
        print_table(f"tic-tac-toe from the empty board, {title}",
                    {BASELINE: rows[BASELINE]} | {name: rows[f"{kind} {name}"] for name in SEARCHES},
                    base_rate)
    print_table("complexity experiment: implicit uniform tree, b=3, d=9 (19,683 leaves)",
                median_rates(complexity_searches()), base_rate)
    guard_overhead()


GOAL = 1.25
"""The speed goal: untraced, minimax and alpha-beta run at least this fast as the lean loop doing the
same work."""

LEAN_LOOPS: dict[str, tuple[Callable[[], int], int]] = {
    "minimax": (baseline, RUNS + 2), "alphabeta": (alphabeta_baseline, 8 * RUNS + 1),
}
"""The lean loop beside each search of the goal, and how many rounds to time (alpha-beta's runs
are short, so it takes more rounds for as steady a median)."""


def twin_figures() -> dict[tuple[str, str], float]:
    """Print the goal's table: untraced minimax and alpha-beta (each runs its trace-free twin) warm
    and cold, and the functions as printed run with the do-nothing trace, against the lean loop
    doing the same work; then the untraced ratios. Return those ratios by (search, 'cold' or
    'warm'). Raise RuntimeError if a search and its loop visit different numbers of nodes.

    The warm runs and the cold runs are timed in separate rounds, each beside the lean loop: a cold
    run builds and frees a whole game, which would leave the memory caches cold for the run after it."""
    ratios: dict[tuple[str, str], float] = {}
    for name, (loop, rounds) in LEAN_LOOPS.items():
        search = search_named(name)
        printed = inspect.unwrap(search)   # the function with its trace lines, calling NO_TRACE.add
        passes = {"warm": {"untraced, warm": warm(counting(search)),
                           "as printed (NO_TRACE), warm": warm(counting(printed))},
                  "cold": {"untraced, cold": cold(counting(search))}}
        lines = []
        for kind, runs in passes.items():
            rows = median_rates({"lean": loop} | runs, rounds)
            nodes, lean_seconds = rows.pop("lean")
            if any(counted != nodes for counted, _ in rows.values()):
                raise RuntimeError(f"{name} and its lean loop did different work: {nodes:,} nodes in the loop, "
                                   + ", ".join(f"{row} {counted:,}" for row, (counted, _) in rows.items()))
            for row, (_, seconds) in rows.items():
                lines.append(f"{row:32} {seconds:9.4f} {nodes / seconds:11,.0f} {lean_seconds:12.4f} "
                             f"{lean_seconds / seconds:11.2f}x")
            ratios[name, kind] = lean_seconds / rows[f"untraced, {kind}"][1]
        print(f"\n{name} on tic-tac-toe from the empty board, {nodes:,} nodes, against a lean flat-list loop "
              f"visiting the same nodes (medians of {rounds} runs)")
        print(f"{'search':32} {'seconds':>9} {'nodes/s':>11} {'lean loop s':>12} {'vs lean loop':>12}")
        print("\n".join(lines))
    print(f"\nuntraced against the lean loop (goal: at least {GOAL:.2f}x): "
          + "; ".join(f"{name} {ratios[name, kind]:.2f}x {kind} ({'met' if ratios[name, kind] >= GOAL else 'not met'})"
                      for name in LEAN_LOOPS for kind in ("cold", "warm")))
    return ratios


def guard_overhead(calls: int = 2000) -> None:
    """Print what the grading guard (grading.guard.call_student) adds to one call of a student's
    function: the median CPU time of `calls` guarded calls of len on AIMA Fig. 5.2's tree, less
    that of the same calls unguarded."""
    from minimax_lab.running.guard import call_student

    def guarded() -> int:
        for _ in range(calls):
            call_student(len, FIG_5_2)
        return calls

    def bare() -> int:
        for _ in range(calls):
            len(FIG_5_2)
        return calls

    rows = median_rates({"guarded": guarded, "bare": bare})
    per_call = (rows["guarded"][1] - rows["bare"][1]) / calls
    print(f"\ngrading guard: {per_call * 1e6:.0f} microseconds added to each call of a student's function")
    check_calls()


def check_calls(calls: int = 2000, rounds: int = 3) -> None:
    """Print the wall time per call of a lesson check's calls of a student's function in its child
    process (guard.call_each: len on AIMA Fig. 5.2's tree, `calls` cases), the child asked AHEAD
    cases ahead against the child asked for each case when it is read (medians of `rounds`
    alternating runs; wall time, since the calls are made in the child)."""
    from minimax_lab.running.guard import call_each
    from minimax_lab.running.guard.child_process import AHEAD

    cases = [(FIG_5_2,)] * calls
    seconds: dict[int, list[float]] = {AHEAD: [], 0: []}
    for _ in range(rounds):
        for ahead in seconds:
            start = time.perf_counter()
            each = call_each(len, cases, name="len", ahead=ahead)
            for _ in cases:
                each.next()
            each.close()
            seconds[ahead].append(time.perf_counter() - start)
    asked, one = (statistics.median(seconds[ahead]) / calls for ahead in (AHEAD, 0))
    print(f"lesson check, its calls in a child process: {asked * 1e6:.0f} microseconds a call with {AHEAD} "
          f"asked ahead, {one * 1e6:.0f} asked one at a time ({one / asked:.1f}x)")



MAZE_LAYOUT, MAZE_DEPTH, MAZE_SEED, MAZE_RUNS = "classic", 2, 0, 3
"""The maze figure's game: one expectimax game MAZE_DEPTH rounds deep against random chasers on this
layout, with this seed, timed MAZE_RUNS times."""

MAZE_TARGET = 2.0
"""The most seconds the maze figure's game may take (issue 39)."""


def maze_game() -> tuple[MazePlay, int, int]:
    """Play the maze figure's game once (play_game, its default max_moves); return it, the moves of P
    (each a search) and the nodes its searches visited."""
    agent = search_agent(depth=MAZE_DEPTH, chasers="chance")
    nodes = [0]

    def counted(game: MazeGame, state: MazeState) -> str:
        move = agent(game, state)
        nodes[0] += agent.last.nodes if agent.last is not None else 0
        return move

    played = play_game(MazeGame(MAZE_LAYOUT), counted, random_chaser, seed=MAZE_SEED)
    return played, agent.searches, nodes[0]


def maze_figure(runs: int = MAZE_RUNS) -> float:
    """Print the median CPU time of `runs` plays of the maze figure's game against MAZE_TARGET; return it."""
    seconds = []
    for _ in range(runs):
        start = time.process_time()
        played, moves, nodes = maze_game()
        seconds.append(time.process_time() - start)
    median = statistics.median(seconds)
    print(f"\nmaze game: one expectimax game {MAZE_DEPTH} rounds deep against two random chasers on the {MAZE_LAYOUT} "
          f"layout (seed {MAZE_SEED}, {played.outcome} after {moves} moves of P, at most {MAX_MOVES}; {nodes:,} "
          f"nodes searched): {median:.2f} s (median of {runs} runs, CPU time; target at most {MAZE_TARGET:g} s: "
          f"{'met' if median <= MAZE_TARGET else 'not met'})")
    return median


# --- the practice widgets as a student meets them ------------------------------------------------

PRACTICE_GOAL = 1.0
"""Seconds a practice widget may take to draw a new case, check an answer and show the answer."""

PRACTICE_SEEDS = 5
"""Cases each practice widget is timed on (seeds 0, 1, ...)."""

PRACTICE_WIDGETS: dict[str, Callable[..., Practice]] = {
    practice.__name__: practice
    for practice in (PruningPractice, ValuePractice, ChancePractice, RetrogradePractice, MCTSPractice)}
"""Every practice widget the lessons show, by name."""


def practice_round(practice: Callable[..., Practice], seed: int) -> float:
    """Return the wall time of one round of a practice widget as a student meets it: a new case
    drawn (seed `seed`), the answer checked, and the answer shown (on widgets that show it)."""
    start = time.perf_counter()
    widget = practice(seed=seed)
    widget.check()
    if widget.hint_first:
        widget.show_answer()
    return time.perf_counter() - start


def practice_figure(seeds: int = PRACTICE_SEEDS) -> dict[str, float]:
    """Print each practice widget's slowest round of `seeds` against PRACTICE_GOAL; return them by name."""
    worst = {name: max(practice_round(practice, seed) for seed in range(seeds))
             for name, practice in PRACTICE_WIDGETS.items()}
    print(f"\npractice widgets: a new case, a check and the answer shown, slowest of {seeds} seeds "
          f"(wall time; goal at most {PRACTICE_GOAL:g} s):")
    for name, seconds in worst.items():
        print(f"  {name:20} {seconds:.2f} s ({'met' if seconds <= PRACTICE_GOAL else 'not met'})")
    return worst


# --- assignment 5's tournament from seed to seed ------------------------------------------------

def tournament_spread(seeds: int) -> dict[str, tuple[float, float]]:
    """Print the lowest and highest points the course's evaluation and no evaluation at all (every
    position 0) score in assignment 5's tournament over seeds 0 to `seeds` - 1, against its pass
    mark: how steady TOURNAMENT_OPENINGS openings keep the score (grading/assignment5.py); return
    them by name."""
    game = ConnectFour()
    players: dict[str, Callable[[Any], float]] = {"the course's evaluation": game.evaluate,
                                                  "no evaluation": lambda state: 0.0}
    spread = {}
    for name, evaluate in players.items():
        totals = [sum(s.points for s in assignment5.standings(evaluate, seed=seed)) for seed in range(seeds)]
        spread[name] = (min(totals), max(totals))
    most = 2 * assignment5.TOURNAMENT_OPENINGS * len(assignment5.baselines(game))  # a point a game, both colours
    print(f"\nassignment 5's tournament ({assignment5.TOURNAMENT_OPENINGS} openings, {most} points; pass "
          f"{assignment5.PASS_POINTS:g}) over seeds 0 to {seeds - 1}:")
    for name, (low, high) in spread.items():
        print(f"  {name:24} {low:g} to {high:g} points")
    return spread


# --- the lessons as a student runs them ------------------------------------------------------------

ROOT = Path(__file__).resolve().parents[1]
SITE_PYODIDE = ROOT / "build" / "lite" / "static" / "pyodide"
SITE_FILES = ROOT / "build" / "lite" / "files"
PYODIDE_RUNNER = ROOT / "scripts" / "lite" / "run_notebooks.mjs"
KERNEL_GOAL, PYODIDE_GOAL = 30.0, 120.0
"""Seconds a lesson may take top to bottom: in JupyterLab's kernel, and in the server-free edition."""


def kernel_seconds(path: Path) -> float:
    """Return the wall time of running the notebook at `path` top to bottom in a new kernel (its start included)."""
    import nbformat
    from nbclient import NotebookClient

    notebook = nbformat.read(str(path), as_version=4)
    start = time.perf_counter()
    NotebookClient(notebook, timeout=900, kernel_name="python3",
                   resources={"metadata": {"path": str(path.parent)}}).execute()
    return time.perf_counter() - start


def pyodide_seconds(names: list[str]) -> dict[str, float]:
    """Return each lesson's time on Pyodide (the sum of its cells' times, Pyodide's start left out), run
    by the browser tests' Node runner on the built site; {} when the site or Node is missing. A lesson
    the site leaves out (scripts/build_lite.py's BLOCKED) gets none."""
    node = shutil.which("node")
    names = [name for name in names if (SITE_FILES / name).is_file()]  # lessons left out of the site: none
    if node is None or not (SITE_PYODIDE / "pyodide-lock.json").is_file() or not names:
        return {}
    done = subprocess.run([node, str(PYODIDE_RUNNER), str(SITE_PYODIDE), str(SITE_FILES), *names],
                          capture_output=True, text=True, timeout=3600, check=True)
    notebooks = json.loads(done.stdout)["notebooks"]
    return {name: sum(cell["seconds"] for cell in notebooks[name]) for name in names if name in notebooks}


def lesson_times(only: Optional[str] = None) -> dict[str, tuple[float, Optional[float]]]:
    """Print each lesson's run time top to bottom in the kernel and on Pyodide against the goals; return them."""
    from devtools.course_stats import lessons

    paths = [path for path in lessons() if only is None or path.name.startswith(only)]
    on_pyodide = pyodide_seconds([path.name for path in paths])
    times = {path.stem: (kernel_seconds(path), on_pyodide.get(path.name)) for path in paths}
    print(f"\nlessons run top to bottom (goals: at most {KERNEL_GOAL:g} s in the kernel, {PYODIDE_GOAL:g} s on "
          "Pyodide" + ("" if on_pyodide else "; Pyodide not measured: build the site with `make lite`") + ")")
    print(text_table([{"lesson": name, "kernel s": f"{kernel:.1f}", "Pyodide s": "-" if lite is None else f"{lite:.1f}",
                       "goals": "met" if kernel <= KERNEL_GOAL and (lite is None or lite <= PYODIDE_GOAL) else "not met"}
                      for name, (kernel, lite) in times.items()]))
    return times


if __name__ == "__main__":
    main()
