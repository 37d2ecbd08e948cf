"""Benchmarks (`make bench`): nodes per second of the searches on tic-tac-toe, beside a lean
flat-list baseline timed in the same run. Figures are medians of several runs.

A search is timed twice: cold, the first search on a new game (the game and the positions it
reaches are built during the search), and warm, the same search again on that game (positions
already built, only looked up)."""

from __future__ import annotations

import os
import platform
import statistics
import time
from functools import partial
from typing import Callable

from .catalog import SEARCHES as CATALOG
from .catalog import search_named
from .experiments import SEARCHES as EXPERIMENT_SEARCHES
from .experiments import measure
from .games import LINES, TicTacToe

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


def main() -> None:
    """Print the benchmark tables: tic-tac-toe cold and warm, and the complexity experiment."""
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


if __name__ == "__main__":
    main()
