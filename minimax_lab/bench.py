"""Benchmarks (`make bench`): nodes per second of the searches on tic-tac-toe, beside a lean
flat-list baseline timed in the same run. Figures are medians of several runs."""

from __future__ import annotations

import os
import platform
import statistics
import time
from typing import Callable

from .experiments import SEARCHES, measure
from .games import LINES, TicTacToe
from .search import alphabeta, minimax, negamax
from .solve import solve

RUNS = 5


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


def median_rate(run: Callable[[], int], runs: int = RUNS) -> tuple[int, float]:
    """Return (nodes, median seconds) of `runs` calls of `run`, which returns its node count."""
    seconds, nodes = [], 0
    for _ in range(runs):
        start = time.perf_counter()
        nodes = run()
        seconds.append(time.perf_counter() - start)
    return nodes, statistics.median(seconds)


def searches() -> dict[str, Callable[[], int]]:
    """Return the benchmarked searches by name, each returning its node count. They share one
    game, whose positions are built once (on the first run) and then looked up."""
    game = TicTacToe()
    return {
        "baseline (flat list)": baseline,
        "minimax": lambda: minimax(game).nodes,
        "negamax": lambda: negamax(game).nodes,
        "alphabeta": lambda: alphabeta(game).nodes,
        "solve": lambda: solve(game).nodes,
    }


def complexity_searches(branching: int = 3, depth: int = 9) -> dict[str, Callable[[], int]]:
    """Return the complexity experiment's searches of one implicit uniform tree, by name."""
    return {f"{algorithm}, {ordering} order": (lambda a=algorithm, o=ordering:
                                               measure(branching, depth, a, o)["nodes"])
            for algorithm, ordering in SEARCHES}


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
    """Print the benchmark tables."""
    print(f"medians of {RUNS} runs; Python {platform.python_version()} on {machine()}")
    rows = {name: median_rate(run) for name, run in searches().items()}
    nodes, seconds = rows["baseline (flat list)"]
    base_rate = nodes / seconds
    print_table("tic-tac-toe from the empty board", rows, base_rate)
    complexity = {name: median_rate(run) for name, run in complexity_searches().items()}
    print_table("complexity experiment: implicit uniform tree, b=3, d=9 (19,683 leaves)",
                complexity, base_rate)


if __name__ == "__main__":
    main()
