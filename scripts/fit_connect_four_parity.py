"""Fit the weights of Connect Four's parity evaluation (PARITY_WEIGHTS in
minimax_lab/heuristics/connect_four_evaluation.py) to positions solved exactly by the package's solver.

The positions are quiet positions of the reference games (minimax_lab.analysis.connect_four_reference)
drawn with other seeds than the reference set's, so that the engine is not measured on what it was
fitted to. Each is labelled with its outcome for X under perfect play (+1, 0, -1); the weights w
minimise the mean of (outcome - tanh(w . features))^2 (features: PARITY_FEATURES),
and are printed rounded to whole numbers (the largest 100) with how often they name the winner on
a held-out fifth. Pure Python and
numpy; run it with `nice` (the CPU time is printed).

    nice python scripts/fit_connect_four_parity.py            # 3,000 positions, plies 14-36
"""

from __future__ import annotations

import argparse
import random
import time

import numpy as np

from minimax_lab.analysis import connect_four_reference as reference
from minimax_lab.heuristics.connect_four import ConnectFour
from minimax_lab.heuristics.connect_four_evaluation import PARITY_FEATURES, ParityEvaluation
from minimax_lab.search.connect_four_solver import ConnectFourSolver

SEED = 1000
"""The seed of the training games (the reference set uses 0)."""


def labelled(count: int, plies: range, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """Return the features and X's outcome of `count` quiet positions spread over `plies`."""
    game, rng = ConnectFour(), random.Random(seed)
    evaluation = ParityEvaluation(game)
    rows, outcomes = [], []
    while len(rows) < count:
        ply = plies[len(rows) % len(plies)]
        played = reference.played_to(game, ply, rng)
        if played is None or not reference.quiet(game, played.state):
            continue
        state = played.state
        outcome = ConnectFourSolver(game).outcome(state)
        rows.append(evaluation.counts(state.x, state.o, state.to_move == "X"))
        outcomes.append(outcome if state.to_move == "X" else -outcome)
    return np.array(rows, dtype=float), np.array(outcomes, dtype=float)


def fit(features: np.ndarray, outcomes: np.ndarray, steps: int = 20_000, rate: float = 0.01) -> np.ndarray:
    """Return the weights w minimising the mean of (outcome - tanh(features . w))^2 (Adam's steps)."""
    weights = np.zeros(features.shape[1])
    first, second = np.zeros_like(weights), np.zeros_like(weights)
    for step in range(1, steps + 1):
        guess = np.tanh(features @ weights)
        gradient = -2 * ((outcomes - guess) * (1 - guess ** 2)) @ features / len(outcomes)
        first = 0.9 * first + 0.1 * gradient
        second = 0.999 * second + 0.001 * gradient ** 2
        weights -= rate * (first / (1 - 0.9 ** step)) / (np.sqrt(second / (1 - 0.999 ** step)) + 1e-9)
    return weights


def accuracy(features: np.ndarray, outcomes: np.ndarray, weights: np.ndarray) -> float:
    """Return the share of decided positions (a win for X or O) whose winner the sign of the score
    names."""
    decided = outcomes != 0
    return float(np.mean(np.sign(features[decided] @ weights) == outcomes[decided]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--positions", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=SEED)
    args = parser.parse_args()
    start = time.process_time()
    features, outcomes = labelled(args.positions, range(14, 37), args.seed)
    solved = time.process_time() - start
    cut = len(outcomes) * 4 // 5
    weights = fit(features[:cut], outcomes[:cut])
    whole = np.round(weights / np.max(np.abs(weights)) * 100).astype(int)
    print(f"{len(outcomes)} positions (X wins {np.sum(outcomes > 0):.0f}, draws {np.sum(outcomes == 0):.0f}, "
          f"O wins {np.sum(outcomes < 0):.0f}) solved in {solved:.0f} CPU seconds")
    print("fitted:", {name: round(float(w), 3) for name, w in zip(PARITY_FEATURES, weights)})
    print("PARITY_WEIGHTS =", {name: int(w) for name, w in zip(PARITY_FEATURES, whole)})
    print(f"winner named on held-out decided positions: {accuracy(features[cut:], outcomes[cut:], whole):.1%} "
          f"(fitted fifths: {accuracy(features[:cut], outcomes[:cut], whole):.1%})")


if __name__ == "__main__":
    main()
