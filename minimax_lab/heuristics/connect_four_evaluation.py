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
side moving first in half the games; `python -m devtools.bench --weights` prints it.
"""

from __future__ import annotations

from numbers import Real
from typing import Mapping

from ..core.text import shown
from ..games.connect_four import ConnectFourRules, ConnectFourState
from .connect_four_bits import Bitboards

FEATURES = ("open threes", "open twos", "centre")
"""The features of Connect Four's evaluation, in the order of a weight vector."""

WEIGHTS: dict[str, float] = {"open threes": 2, "open twos": 1, "centre": 2}
"""The weights of ConnectFour.evaluate: the weighting of CANDIDATES that scored most points in
weight_tournament (engines to depth 4, every pair 40 games from the openings of seed 0, each game
started afresh): 133.5 of 200 points, then threes 8, twos 1, centre 4 with 125, threes 8, twos 2,
centre 1 with 93.5, threes only 90.5, centre only 88 and threes 4, twos 1 with 69.5: every mix of
lines and centre stones beat the lines alone and the centre alone; `python -m devtools.bench --weights` measures
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

MOST_WEIGHT = 10 ** 6
"""The largest weight (in size) an evaluation takes: it divides by the largest score it can reach, so
that its guesses lie strictly between -1 and 1, and with larger weights a guess could round to 1."""


def check_game(game: object, what: str) -> ConnectFourRules:
    """Return `game` if it is Connect Four (a ConnectFourRules), else raise TypeError naming `what`."""
    if not isinstance(game, ConnectFourRules):
        raise TypeError(f"{what} evaluates Connect Four (a ConnectFour game), not {shown(game)}")
    return game


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
    check_game(game, "features")
    game.check_state(state)
    centre = centre_mask(game)
    x_twos, x_threes = line_counts(game, state.x, state.o)
    o_twos, o_threes = line_counts(game, state.o, state.x)
    return {"open threes": (x_threes, o_threes), "open twos": (x_twos, o_twos),
            "centre": ((state.x & centre).bit_count(), (state.o & centre).bit_count())}


def check_weights(weights: object) -> dict[str, float]:
    """Return `weights` as a dict if it gives a number >= 0 for each of FEATURES and nothing else,
    else raise ValueError saying what is wrong."""
    if not isinstance(weights, Mapping):
        raise ValueError(f"weights must be a dict with a number for each of {list(FEATURES)}, got {shown(weights)}")
    unknown, missing = set(weights) - set(FEATURES), [f for f in FEATURES if f not in weights]
    if unknown or missing:
        raise ValueError(f"weights must give a number for each of {list(FEATURES)}: "
                         + (f"unknown {sorted(unknown)} " if unknown else "") + (f"missing {missing}" if missing else ""))
    for name in FEATURES:
        value = weights[name]
        if isinstance(value, bool) or not isinstance(value, Real) or value < 0 or not value < float("inf"):
            raise ValueError(f"the weight of {shown(name)} must be a number >= 0, got {shown(value)}")
        if not value <= MOST_WEIGHT:
            raise ValueError(f"the weight of {shown(name)} must be at most {MOST_WEIGHT:,} (only the ratios of the "
                             f"weights matter), got {shown(value)}")
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
        self.game, self.weights = check_game(game, "LinearEvaluation"), check_weights(weights)
        self.centre = centre_mask(game)
        lines = sum(starts.bit_count() for _, starts in game.line_starts)
        most = (self.weights["open threes"] * lines + self.weights["open twos"] * lines
                + self.weights["centre"] * self.centre.bit_count())
        self.scale = most + 1

    def __repr__(self) -> str:
        return f"LinearEvaluation({self.game!r}, {self.weights})"

    def __call__(self, state: ConnectFourState) -> float:
        self.game.check_size(state)
        return self.score(state.x, state.o) / self.scale

    def score(self, x: int, o: int) -> float:
        """Return X's weighted feature difference (not yet scaled) for the stones `x` and `o`."""
        weights = self.weights
        x_twos, x_threes = line_counts(self.game, x, o)
        o_twos, o_threes = line_counts(self.game, o, x)
        centre = (x & self.centre).bit_count() - (o & self.centre).bit_count()
        score: float = (weights["open threes"] * (x_threes - o_threes) + weights["open twos"] * (x_twos - o_twos)
                        + weights["centre"] * centre)
        return score


# --- threats and their parity (Allis 1988) ------------------------------------------------------

PARITY_FEATURES = ("X's odd threats", "O's even threats", "X's even threats", "O's odd threats",
                   "X has an odd threat", "O has an even threat", "X's stacked threats", "O's stacked threats",
                   "X fills an odd four", "O fills an even four", "open twos", "centre", "to move")
"""The features of ParityEvaluation (to move: +1 when X moves, -1 when O does).

A threat is an empty square where a player would complete four; rows count from 1 at the bottom.
As the board fills, the player who moves first (X) tends to get the squares of odd rows and O those of
even rows, since O can answer each move on top of it (Allis 1988): X's threats on odd rows and O's
on even rows are the ones that tend to pay off. A threat with an opponent's threat below it in its
column counts for nothing here (the lower one is settled first). Stacked threats are threats right
above another threat of the same player: whoever blocks the lower one hands over the upper one.
"X fills an odd four" is 1 when X's stones and the empty squares of odd rows together hold four in a
line (X would complete it if the board filled row parity by row parity), "O fills an even four" the
same for O with the even rows. Open twos and centre are LinearEvaluation's features (X's minus O's)."""

PARITY_WEIGHTS: dict[str, int] = {
    "X's odd threats": -2, "O's even threats": -33, "X's even threats": 0, "O's odd threats": -43,
    "X has an odd threat": 100, "O has an even threat": -20, "X's stacked threats": 3, "O's stacked threats": -11,
    "X fills an odd four": 69, "O fills an even four": -64, "open twos": 10, "centre": 2, "to move": 15}
"""The weights of ParityEvaluation, fitted by scripts/fit_connect_four_parity.py to 3,000 quiet
positions of plies 14-36 solved exactly (1,114 won by X, 655 drawn, 1,231 won by O), the largest
rounded to 100: on a held-out fifth, the sign of the score names the winner of 85.1% of the decided
positions (the course's LinearEvaluation, fitted the same way to its three features: 64%). What
counts most is having a threat at all on the right rows (X odd, O even) and a four that the squares
of one's rows complete; O's threats count against X on either row; extra threats of X add little."""


def check_parity_weights(weights: object) -> dict[str, int]:
    """Return `weights` as a dict if it gives a whole number for each of PARITY_FEATURES and nothing
    else, else raise ValueError saying what is wrong."""
    if not isinstance(weights, Mapping) or set(weights) != set(PARITY_FEATURES):
        raise ValueError(f"weights must be a dict with a whole number for each of {list(PARITY_FEATURES)}, "
                         f"got {shown(weights)}")
    for name in PARITY_FEATURES:
        if type(weights[name]) is not int:
            raise ValueError(f"the weight of {shown(name)} must be a whole number, got {shown(weights[name])}")
        if abs(weights[name]) > MOST_WEIGHT:
            raise ValueError(f"the weight of {shown(name)} must be from {-MOST_WEIGHT:,} to {MOST_WEIGHT:,} (only the "
                             f"ratios of the weights matter), got {shown(weights[name])}")
    return {name: weights[name] for name in PARITY_FEATURES}


class ParityEvaluation:
    """Connect Four's evaluation with threats and their parity: X's weighted sum of the features of
    PARITY_FEATURES, divided by more than it can reach, so strictly between -1 and 1. Its weights
    (PARITY_WEIGHTS) were fitted to positions solved exactly (scripts/fit_connect_four_parity.py).

    >>> from minimax_lab import ConnectFour
    >>> game = ConnectFour()
    >>> evaluate = ParityEvaluation(game)
    >>> state = game.play("0220300")      # X's diagonal lacks column 1's square on row 3 (odd)
    >>> dict(zip(PARITY_FEATURES, evaluate.counts(state.x, state.o, state.to_move == "X")))["X's odd threats"]
    1
    >>> evaluate(state) > 0
    True
    """

    def __init__(self, game: ConnectFourRules, weights: Mapping[str, int] = PARITY_WEIGHTS):
        self.game, self.weights = check_game(game, "ParityEvaluation"), check_parity_weights(weights)
        self.bits = Bitboards(game.width, game.height)
        self.vector = tuple(self.weights[name] for name in PARITY_FEATURES)
        self.centre = centre_mask(game)
        lines = sum(starts.bit_count() for _, starts in game.line_starts)
        squares = self.bits.squares
        most = (squares,) * 4 + (1, 1) + (squares,) * 2 + (1, 1, lines, self.centre.bit_count(), 1)
        self.scale = sum(abs(w) * m for w, m in zip(self.vector, most)) + 1

    def __repr__(self) -> str:
        return f"ParityEvaluation({self.game!r}, {self.weights})"

    def __call__(self, state: ConnectFourState) -> float:
        self.game.check_size(state)
        return self.score(state.x, state.o, state.to_move == "X") / self.scale

    def score(self, x: int, o: int, x_to_move: bool) -> int:
        """Return X's weighted sum of the features (not yet scaled)."""
        return sum(w * c for w, c in zip(self.vector, self.counts(x, o, x_to_move)))

    def score_threats(self, x: int, o: int, x_threats: int, o_threats: int, x_to_move: bool) -> int:
        """Return score(x, o, x_to_move) given each player's threats (Bitboards.threats)."""
        return sum(w * c for w, c in zip(self.vector, self.threat_counts(x, o, x_threats, o_threats, x_to_move)))

    def counts(self, x: int, o: int, x_to_move: bool) -> tuple[int, ...]:
        """Return the features of PARITY_FEATURES for the stones `x` and `o`."""
        mask = x | o
        return self.threat_counts(x, o, self.bits.threats(x, mask), self.bits.threats(o, mask), x_to_move)

    def threat_counts(self, x: int, o: int, x_threats: int, o_threats: int, x_to_move: bool) -> tuple[int, ...]:
        """Return counts(x, o, x_to_move) given each player's threats."""
        bits = self.bits
        x_live, o_live = x_threats & ~bits.above(o_threats), o_threats & ~bits.above(x_threats)
        x_odd, o_even = x_live & bits.odd_rows, o_live & bits.even_rows
        empty = bits.board ^ (x | o)
        x_twos, o_twos = line_counts(self.game, x, o)[0], line_counts(self.game, o, x)[0]
        return (x_odd.bit_count(), o_even.bit_count(),
                (x_live & bits.even_rows).bit_count(), (o_live & bits.odd_rows).bit_count(),
                int(x_odd != 0), int(o_even != 0),
                (x_threats & x_threats << 1).bit_count(), (o_threats & o_threats << 1).bit_count(),
                int(bits.has_four(x | empty & bits.odd_rows)), int(bits.has_four(o | empty & bits.even_rows)),
                x_twos - o_twos,
                (x & self.centre).bit_count() - (o & self.centre).bit_count(),
                1 if x_to_move else -1)
