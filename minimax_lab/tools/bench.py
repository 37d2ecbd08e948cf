"""Benchmarks (`make bench`): nodes per second of the searches on tic-tac-toe, beside a lean
flat-list baseline timed in the same run (medians of several runs), and the engine's figures on
7 x 6 Connect Four: its results against random_player and greedy_player, the time and depth of
each move, and positions with a win in one or two moves for it.

A search is timed twice: cold, the first search on a new game (the game and the positions it
reaches are built during the search), and warm, the same search again on that game (positions
already built, only looked up).

`python -m minimax_lab.tools.bench --games 10` plays fewer games (default 100), `--seconds` sets the
engine's budget, `--weights` adds the tournament behind Connect Four's evaluation weights,
`--engine-only` skips the tic-tac-toe tables. The tables end with the grading guard's overhead
per call of a student's function."""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import time
from collections import Counter
from functools import partial
from typing import Any, Callable, Optional

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
from ..core.trace import ENTER, EXIT, LEAF, NO_TRACE, UPDATE, Trace
from ..games.protocol import Game
from ..games.tictactoe import LINES, TicTacToe
from ..heuristics.connect_four import ConnectFour
from ..heuristics.connect_four_evaluation import WEIGHTS
from ..heuristics.generic import even
from ..search.engine import Engine, EngineResult, engine
from ..search.registry import SEARCHES as CATALOG
from ..search.registry import search_named
from ..search.textbook import alphabeta, minimax

RUNS = 5
BASELINE = "baseline (flat list)"


def baseline_minimax(board: list, player: str, counter: list) -> int:
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
    search = search_named(name)
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
    return measure(branching, depth, algorithm, ordering)["nodes"]


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


def positions_with_a_win(game: Game, moves: int, count: int, *, seed: int = 0) -> list:
    """Return `count` positions, met in random games drawn with random.Random(seed), where the
    player to move can force a win within `moves` of its own moves but not within fewer."""
    rng = random.Random(seed)
    found: list = []
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


def main(argv: Optional[list[str]] = None) -> None:
    """Print the benchmark tables: tic-tac-toe cold and warm, the complexity experiment, and the
    engine's figures (and, with --weights, the evaluation's weight tournament)."""
    parser = argparse.ArgumentParser(prog="python -m minimax_lab.tools.bench", description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=100, help="engine games per opponent (even; default 100)")
    parser.add_argument("--seconds", type=float, default=1.0, help="the engine's time per move (default 1.0)")
    parser.add_argument("--positions", type=int, default=50,
                        help="positions with a win in one, and in two, moves (default 50 each)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the openings and positions (default 0)")
    parser.add_argument("--weights", action="store_true", help="also run the evaluation's weight tournament")
    parser.add_argument("--engine-only", action="store_true", help="skip the tic-tac-toe tables")
    args = parser.parse_args(argv)
    if not args.engine_only:
        search_tables()
    engine_figures(args.games, args.seconds, args.positions, args.seed)
    if args.weights:
        weights_table(args.seed)


def search_tables() -> None:
    """Print the search tables: tic-tac-toe cold and warm, and the complexity experiment."""
    print(f"medians of {RUNS} runs (CPU time); Python {platform.python_version()} on {machine()}")
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
    trace_cost(base_rate)
    guard_overhead()


def trace_cost(base_rate: float) -> None:
    """Print what the do-nothing trace costs plain minimax on tic-tac-toe: the events a recorded
    search makes, and the median CPU time of as many calls of NO_TRACE.add, shaped as minimax makes
    them, less that of the same loops without the calls; then the rate minimax would reach without
    them, against the baseline."""
    recorded = Trace()
    minimax(TicTacToe(), trace=recorded)
    counts = Counter(event.kind for event in recorded)
    paths = [event.path for event in recorded]
    # minimax's calls come in two shapes: add(ENTER, path, player) once a node, and
    # add(kind, path, value=v) for its exits, leaves and updates
    positional, keyword = paths[:counts[ENTER]], paths[counts[ENTER]:]
    add = NO_TRACE.add

    def calls() -> int:
        for path in positional:
            add(ENTER, path, "MAX")
        for path in keyword:
            add(EXIT, path, value=0)
        return len(paths)

    def loops() -> int:
        for path in positional:
            pass
        for path in keyword:
            pass
        return len(paths)

    warm_game = TicTacToe()
    minimax(warm_game)
    rows = median_rates({"calls": calls, "loops": loops, "minimax": lambda: minimax(warm_game).nodes})
    spent = rows["calls"][1] - rows["loops"][1]
    nodes, seconds = rows["minimax"]
    print(f"\nthe do-nothing trace in warm minimax: {len(paths):,} calls ("
          + ", ".join(f"{counts[kind]:,} {kind}" for kind in (ENTER, EXIT, LEAF, UPDATE))
          + f") take {spent:.3f} s of minimax's {seconds:.3f} s ({spent / seconds:.0%}); without them "
          f"minimax would run at {nodes / (seconds - spent) / base_rate:.2f}x the baseline")


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
