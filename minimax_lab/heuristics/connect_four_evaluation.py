"""Connect Four's evaluation: a weighted linear function of features (AIMA 4th ed. section 5.3.1).

A search that stops before the end of the game scores the positions at its horizon with a guess.
Here the guess is w1 f1 + w2 f2 + w3 f3, each feature counted for X minus for O:

- open threes: lines of four squares holding three of the player's stones and no opponent's
  (one more stone there wins);
- open twos: lines of four holding two of the player's stones and no opponent's;
- centre: the player's stones in the centre column (two columns on an even board), which lie on
  the most lines of four.

The weights (WEIGHTS) come from a measured tournament: `players.weight_tournament` plays the candidate
weightings (CANDIDATES) against each other at a fixed depth from seeded random openings, each
side moving first in half the games; `python -m minimax_lab.tools.bench --weights` prints it.
"""

from __future__ import annotations

from numbers import Real
from typing import TYPE_CHECKING, Any, Mapping

if TYPE_CHECKING:
    from ..games.connect_four import ConnectFourRules, ConnectFourState

FEATURES = ("open threes", "open twos", "centre")
"""The features of Connect Four's evaluation, in the order of a weight vector."""

WEIGHTS: dict[str, float] = {"open threes": 2, "open twos": 1, "centre": 2}
"""The weights of ConnectFour.evaluate: the weighting of CANDIDATES that scored most points in
weight_tournament (engines to depth 4, every pair 40 games from the openings of seed 0, each game
started afresh): 133.5 of 200 points, then threes 8, twos 1, centre 4 with 125, threes 8, twos 2,
centre 1 with 93.5, threes only 90.5, centre only 88 and threes 4, twos 1 with 69.5: every mix of
lines and centre stones beat the lines alone and the centre alone; `python -m minimax_lab.tools.bench --weights` measures
it again."""

CANDIDATES: dict[str, dict[str, float]] = {
    "threes only": {"open threes": 1, "open twos": 0, "centre": 0},
    "centre only": {"open threes": 0, "open twos": 0, "centre": 1},
    "threes 4, twos 1": {"open threes": 4, "open twos": 1, "centre": 0},
    "threes 8, twos 2, centre 1": {"open threes": 8, "open twos": 2, "centre": 1},
    "threes 8, twos 1, centre 4": {"open threes": 8, "open twos": 1, "centre": 4},
    "threes 2, twos 1, centre 2": WEIGHTS,
}
"""The weightings the tournament compares (the chosen WEIGHTS among them)."""

TOURNAMENT_DEPTH, TOURNAMENT_GAMES = 4, 40
"""The depth of the engines and the games per pair of weight_tournament."""


def line_counts(game: ConnectFourRules, stones: int, blockers: int) -> tuple[int, int]:
    """Return how many lines of four squares hold exactly two, and exactly three, of `stones` and
    none of `blockers` (bitboards of `game`): the open twos and open threes of those stones."""
    twos = threes = 0
    for shift, starts in game.line_starts:
        # For each line, from its lowest square: its four squares, and whether a blocker is there.
        a, b, c, d = stones & starts, stones >> shift, stones >> 2 * shift, stones >> 3 * shift
        open_ = starts & ~(blockers | blockers >> shift | blockers >> 2 * shift | blockers >> 3 * shift)
        ab, cd, ab_one, cd_one = a & b, c & d, a ^ b, c ^ d
        threes += (open_ & ((ab & cd_one) | (cd & ab_one))).bit_count()
        twos += (open_ & ((ab & ~(c | d)) | (cd & ~(a | b)) | (ab_one & cd_one))).bit_count()
    return twos, threes


def centre_mask(game: ConnectFourRules) -> int:
    """Return the bitboard of the centre column (the two centre columns on an even board)."""
    middle = {(game.width - 1) // 2, game.width // 2}
    return sum(game.column_mask(c) for c in middle)


def features(game: ConnectFourRules, state: ConnectFourState) -> dict[str, tuple[int, int]]:
    """Return each feature of `state` as (X's count, O's count).

    >>> from minimax_lab import ConnectFour
    >>> game = ConnectFour()
    >>> features(game, game.play("3324"))
    {'open threes': (0, 0), 'open twos': (1, 1), 'centre': (1, 1)}
    """
    centre = centre_mask(game)
    x_twos, x_threes = line_counts(game, state.x, state.o)
    o_twos, o_threes = line_counts(game, state.o, state.x)
    return {"open threes": (x_threes, o_threes), "open twos": (x_twos, o_twos),
            "centre": ((state.x & centre).bit_count(), (state.o & centre).bit_count())}


def check_weights(weights: Any) -> dict[str, float]:
    """Return `weights` as a dict if it gives a number >= 0 for each of FEATURES and nothing else,
    else raise ValueError saying what is wrong."""
    if not isinstance(weights, Mapping):
        raise ValueError(f"weights must be a dict with a number for each of {list(FEATURES)}, got {weights!r}")
    unknown, missing = set(weights) - set(FEATURES), [f for f in FEATURES if f not in weights]
    if unknown or missing:
        raise ValueError(f"weights must give a number for each of {list(FEATURES)}: "
                         + (f"unknown {sorted(unknown)} " if unknown else "") + (f"missing {missing}" if missing else ""))
    for name in FEATURES:
        value = weights[name]
        if isinstance(value, bool) or not isinstance(value, Real) or value < 0 or not value < float("inf"):
            raise ValueError(f"the weight of {name!r} must be a number >= 0, got {value!r}")
    return dict(weights)


class LinearEvaluation:
    """Connect Four's evaluation with the given weights: a callable evaluate(state) returning X's
    weighted feature difference, divided by the largest it could be, so strictly between -1 and 1
    (any real win, worth 1, outranks it).

    >>> from minimax_lab import ConnectFour
    >>> game = ConnectFour()
    >>> evaluate = LinearEvaluation(game)
    >>> evaluate(game.initial), evaluate(game.play("3")) > 0, evaluate(game.play("0"))
    (0.0, True, 0.0)
    """

    def __init__(self, game: ConnectFourRules, weights: Mapping[str, float] = WEIGHTS):
        self.game, self.weights = game, check_weights(weights)
        self.centre = centre_mask(game)
        lines = sum(starts.bit_count() for _, starts in game.line_starts)
        most = (self.weights["open threes"] * lines + self.weights["open twos"] * lines
                + self.weights["centre"] * self.centre.bit_count())
        self.scale = most + 1

    def __repr__(self) -> str:
        return f"LinearEvaluation({self.game!r}, {self.weights})"

    def __call__(self, state: ConnectFourState) -> float:
        x, o, weights = state.x, state.o, self.weights
        x_twos, x_threes = line_counts(self.game, x, o)
        o_twos, o_threes = line_counts(self.game, o, x)
        centre = (x & self.centre).bit_count() - (o & self.centre).bit_count()
        score = (weights["open threes"] * (x_threes - o_threes) + weights["open twos"] * (x_twos - o_twos)
                 + weights["centre"] * centre)
        return score / self.scale
