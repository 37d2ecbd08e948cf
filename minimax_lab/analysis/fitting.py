"""An evaluation learned from games: the weights of Connect Four's features fitted by least squares
to the results of games played from the positions, the way a program's value function is trained
on the outcomes of its own games (AIMA 4th ed. section 5.7 on AlphaZero; section 5.3.1 on learned
weights).

>>> from minimax_lab import ConnectFour
>>> from minimax_lab.search.engine import engine
>>> from minimax_lab.analysis.players import random_openings
>>> game = ConnectFour()
>>> states, results = self_play(game, engine(game, depth=1), random_openings(game, 4, plies=4, seed=7))
>>> len(states) == len(results), set(results) <= {-1, 0, 1}
(True, True)
>>> sorted(fit_weights(game, states, results)) == sorted(FEATURES)
True
>>> feature_rows(game, states[:2]).shape
(2, 3)
"""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING, Sequence

if TYPE_CHECKING:
    import numpy as np

from ..core.validation import real_number
from ..heuristics.connect_four import ConnectFour, ConnectFourState
from ..heuristics.connect_four_evaluation import FEATURES, check_game, features
from .experiments import listed
from .players import Player, play

def self_play(game: ConnectFour, player: Player, starts: Sequence[ConnectFourState]
              ) -> tuple[list[ConnectFourState], list[float]]:
    """Return every position of the games `player` plays against itself from `starts`, each with
    the result of its game for X (1 a win, 0 a draw, -1 a loss)."""
    states: list[ConnectFourState] = []
    results: list[float] = []
    for start in listed(starts, "starts"):
        record = play(game, {"X": player, "O": player}, start)
        state = start
        for move in record.moves:
            states.append(state)
            results.append(record.result)
            state = game.result(state, move)
    return states, results


def feature_rows(game: ConnectFour, states: Sequence[ConnectFourState]) -> np.ndarray:
    """Return a numpy array with a row per state and a column per feature of FEATURES: X's count
    minus O's."""
    import numpy as np

    check_game(game, "feature_rows")
    return np.array([[x - o for x, o in (features(game, state)[name] for name in FEATURES)]
                     for state in listed(states, "states")], dtype=float).reshape(-1, len(FEATURES))


def fit_weights(game: ConnectFour, states: Sequence[ConnectFourState], results: Sequence[float]
                ) -> dict[str, float]:
    """Return the weights >= 0 of FEATURES (each X's count minus O's) whose weighted sum comes
    closest to `results` in the least-squares sense: non-negative least squares, solved exactly by
    trying every subset of the features (there are three)."""
    import numpy as np

    check_game(game, "fit_weights")
    states, results = listed(states, "states"), listed(results, "results")
    if len(states) != len(results) or not states:
        raise ValueError(f"fit_weights needs as many results as states, at least one: got {len(states)} "
                         f"states and {len(results)} results")
    for i, result in enumerate(results):  # a game's result for X: a finite number
        real_number(result, f"results[{i}]", finite=True)
    names = list(FEATURES)
    rows = feature_rows(game, states)
    target = np.array(results, dtype=float)
    best: tuple[float, dict[str, float]] = (float(target @ target), dict.fromkeys(names, 0.0))
    for size in range(1, len(names) + 1):
        for chosen in itertools.combinations(range(len(names)), size):
            weights, *_ = np.linalg.lstsq(rows[:, chosen], target, rcond=None)
            if (weights < 0).any():
                continue
            residual = target - rows[:, chosen] @ weights
            error = float(residual @ residual)
            if error < best[0]:
                fitted = dict.fromkeys(names, 0.0)
                fitted.update({names[i]: float(w) for i, w in zip(chosen, weights)})
                best = (error, fitted)
    return best[1]
