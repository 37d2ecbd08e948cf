"""Benchmarks (`make bench`): nodes per second of the searches on tic-tac-toe, beside a lean
flat-list baseline timed in the same run. Figures are medians of several runs."""

from __future__ import annotations

import platform
import statistics
import time
from typing import Callable

from .games import LINES, TicTacToe
from .search import alphabeta, minimax, negamax

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
    }


def main() -> None:
    """Print the benchmark table."""
    print(f"tic-tac-toe from the empty board, median of {RUNS} runs; "
          f"Python {platform.python_version()} on {platform.machine()}")
    rows = {name: median_rate(run) for name, run in searches().items()}
    base_rate = rows["baseline (flat list)"][0] / rows["baseline (flat list)"][1]
    print(f"{'search':24} {'nodes':>9} {'seconds':>9} {'nodes/s':>11} {'vs baseline':>12}")
    for name, (nodes, seconds) in rows.items():
        rate = nodes / seconds
        print(f"{name:24} {nodes:9,} {seconds:9.4f} {rate:11,.0f} {rate / base_rate:11.2f}x")


if __name__ == "__main__":
    main()
