"""Benchmarks (`make bench`): nodes per second of the searches on tic-tac-toe, beside lean
flat-list loops timed in the same run (medians of several runs), and the engine's figures on
7 x 6 Connect Four: its results against random_player and greedy_player, the time and depth of
each move, and positions with a win in one or two moves for it.

The first table is the speed goal: untraced minimax and alpha-beta (each runs its trace-free twin,
search/twin.py) against a lean loop doing the same work, the same nodes in the same order, and the
functions as printed, run with the do-nothing trace. A search is timed twice: cold, the first
search on a new game (the game and the positions it reaches are built during the search), and
warm, the same search again on that game (positions already built, only looked up).

The default run takes a minute or two: the engine plays 10 games per opponent at half a second a
move, and 20 positions of each kind. `--full` gives the long figures (over ten minutes): 100 games
per opponent at 1 s a move and 50 positions of each kind. `--games`, `--seconds` and `--positions`
set those numbers, `--weights` adds the tournament behind Connect Four's evaluation weights,
`--engine-only` skips the tic-tac-toe tables. The tables end with the grading guard's overhead per
call of a student's function."""

from __future__ import annotations

import argparse
import inspect
import os
import platform
import random
import statistics
import time
from collections import Counter
from functools import partial
from typing import Any, Callable, NamedTuple, Optional

from ..analysis.experiments import SEARCHES as EXPERIMENT_SEARCHES
from ..analysis.experiments import measure
from ..analysis.players import (
    Player,
    greedy_player,
    match,
    play,
    player_names,
    points,
    random_player,
    weight_tournament,
)
from ..games.protocol import Game
from ..games.tictactoe import LINES, TicTacToe
from ..heuristics.connect_four import ConnectFour
from ..heuristics.connect_four_evaluation import WEIGHTS
from ..heuristics.generic import even
from ..search.engine import Engine, EngineResult, engine
from ..search.registry import SEARCHES as CATALOG
from ..search.registry import search_named
from ..search.textbook import SearchResult, alphabeta

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


def recorded(player: Engine, log: list[EngineResult]) -> Player:
    """Return `player`, appending its EngineResult to `log` after each move."""
    def move(game: Game, state: Any) -> Any:
        action = player(game, state)
        assert player.last is not None
        log.append(player.last)
        return action

    move.new_game = player.new_game  # type: ignore[attr-defined]  # play starts each game afresh
    return move


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


def engine_figures(games: int = 100, seconds: float = 1.0, positions: int = 50, seed: int = 0) -> None:
    """Print the engine's figures on 7 x 6 Connect Four with `seconds` per move: `games` games
    against random_player and against greedy_player (each side first in half), the time and depth
    of its moves, and `positions` positions each with a win in one and in two moves for it."""
    game = ConnectFour()
    print(f"\nengine on 7 x 6 Connect Four, {seconds:g} s per move (wall clock); Python "
          f"{platform.python_version()} on {machine()}, load average {os.getloadavg()[0]:.1f}")
    print(f"evaluation weights {WEIGHTS}; openings of 2 random moves (seed {seed}), each played twice")
    print(f"{'opponent':22} {'games':>5} {'won':>4} {'drawn':>5} {'lost':>4} {'median s':>9} {'max s':>6}"
          f" {'median depth':>12} {'depths (min-max)':>16}")
    for name, opponent in (("random_player(seed)", random_player(seed)), ("greedy_player", greedy_player)):
        log: list[EngineResult] = []
        result = match(game, recorded(engine(game, seconds=seconds), log), opponent, games=games, seed=seed)
        times, depths = [r.seconds for r in log], [r.depth for r in log]
        print(f"{name:22} {games:5} {result.wins:4} {result.draws:5} {result.losses:4} "
              f"{statistics.median(times):9.2f} {max(times):6.2f} {statistics.median(depths):12g} "
              f"{min(depths):>9}-{max(depths)}")
        spread = Counter(depths)
        print(f"{'':22} depth reached per move (depth: moves): "
              + ", ".join(f"{d}: {spread[d]}" for d in sorted(spread)))
    for moves in (1, 2):
        found = positions_with_a_win(game, moves, positions, seed=seed)
        player = engine(game, seconds=seconds)
        kept = sum(keeps_the_win(game, player, state) for state in found)
        print(f"positions with a win in {moves} move{'s' if moves > 1 else ''} for the engine: "
              f"won {kept} of {len(found)} (played on against greedy_player)")


def weights_table(seed: int = 0) -> None:
    """Print the tournament behind Connect Four's evaluation weights (players.weight_tournament)."""
    results = weight_tournament(ConnectFour(), seed=seed)
    print("\nConnect Four evaluation weights: every pair of candidates, engines to depth 4")
    for (a, b), result in results.items():
        print(f"{a:28} vs {b:28} won {result.wins:3} drawn {result.draws:3} lost {result.losses:3}")
    for name, total in points(results).items():
        print(f"{name:28} {total:6g} points")


class EngineRun(NamedTuple):
    """How long the engine's figures take: games per opponent, seconds a move, positions of each kind."""

    games: int
    seconds: float
    positions: int


QUICK = EngineRun(games=10, seconds=0.5, positions=20)
"""The engine's figures in the default run, which takes a minute or two."""

FULL = EngineRun(games=100, seconds=1.0, positions=50)
"""The engine's figures with --full (over ten minutes): the README's."""


def main(argv: Optional[list[str]] = None) -> None:
    """Print the benchmark tables: the untraced searches against the lean loops, tic-tac-toe cold
    and warm, the complexity experiment, and the engine's figures (and, with --weights, the
    evaluation's weight tournament)."""
    parser = argparse.ArgumentParser(prog="python -m minimax_lab.tools.bench", description=__doc__.split("\n")[0])
    parser.add_argument("--full", action="store_true",
                        help="the long engine figures: 100 games per opponent at 1 s a move, 50 positions")
    parser.add_argument("--games", type=int, help="engine games per opponent (even; default 10, 100 with --full)")
    parser.add_argument("--seconds", type=float, help="the engine's time per move (default 0.5, 1.0 with --full)")
    parser.add_argument("--positions", type=int,
                        help="positions with a win in one, and in two, moves (default 20 each, 50 with --full)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the openings and positions (default 0)")
    parser.add_argument("--weights", action="store_true", help="also run the evaluation's weight tournament")
    parser.add_argument("--engine-only", action="store_true", help="skip the tic-tac-toe tables")
    args = parser.parse_args(argv)
    run = FULL if args.full else QUICK
    games = run.games if args.games is None else args.games
    seconds = run.seconds if args.seconds is None else args.seconds
    positions = run.positions if args.positions is None else args.positions
    if games < 2 or games % 2 or seconds <= 0 or positions < 0:
        parser.error(f"--games must be even and at least 2, --seconds above 0 and --positions at least 0; "
                     f"got {games}, {seconds:g} and {positions}")
    if not args.engine_only:
        search_tables()
    engine_figures(games, seconds, positions, args.seed)
    if args.weights:
        weights_table(args.seed)


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
          + "; ".join(f"{name} {ratios[name, 'cold']:.2f}x cold, {ratios[name, 'warm']:.2f}x warm"
                      for name in LEAN_LOOPS))
    return ratios


def guard_overhead(calls: int = 2000) -> None:
    """Print what the grading guard (grading.guard.call_student) adds to one call of a student's
    function: the median CPU time of `calls` guarded calls of len on AIMA Fig. 5.2's tree, less
    that of the same calls unguarded."""
    from ..checks.guard import call_student

    tree = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]

    def guarded() -> int:
        for _ in range(calls):
            call_student(len, tree)
        return calls

    def bare() -> int:
        for _ in range(calls):
            len(tree)
        return calls

    rows = median_rates({"guarded": guarded, "bare": bare})
    per_call = (rows["guarded"][1] - rows["bare"][1]) / calls
    print(f"\ngrading guard: {per_call * 1e6:.0f} microseconds added to each call of a student's function")


if __name__ == "__main__":
    main()
