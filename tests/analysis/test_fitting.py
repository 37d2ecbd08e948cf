"""Tests for minimax_lab.analysis.fitting: an evaluation's weights learned from games (lesson 12)."""

import pytest

from minimax_lab import ConnectFour
from minimax_lab.analysis.fitting import fit_weights, self_play
from minimax_lab.analysis.players import play, random_openings
from minimax_lab.heuristics.connect_four_evaluation import FEATURES, features
from minimax_lab.search.engine import engine

C4 = ConnectFour()
STATES = [state for plies in (4, 8, 12) for state in random_openings(C4, 20, plies=plies, seed=plies)]


def weighted(weights, state):
    return sum(weights[name] * (x - o) for name, (x, o) in features(C4, state).items())


def test_weights_that_make_the_results_exactly_are_found_again():
    weights = {"open threes": 3.0, "open twos": 1.0, "centre": 0.5}
    fitted = fit_weights(C4, STATES, [weighted(weights, state) for state in STATES])
    assert set(fitted) == set(FEATURES)
    assert all(fitted[name] == pytest.approx(weights[name]) for name in FEATURES)


def test_a_feature_that_would_need_a_negative_weight_gets_zero():
    weights = {"open threes": 2.0, "open twos": -1.0, "centre": 0.0}
    fitted = fit_weights(C4, STATES, [weighted(weights, state) for state in STATES])
    assert fitted["open twos"] == 0 and min(fitted.values()) >= 0


def test_self_play_gives_every_position_its_games_result():
    player = engine(C4, depth=1)
    starts = random_openings(C4, 2, plies=4, seed=3)
    states, results = self_play(C4, player, starts)
    record = play(C4, {"X": player, "O": player}, starts[0])
    assert states[0] == starts[0] and results[:len(record.moves)] == [record.result] * len(record.moves)
    assert len(states) == len(results) == sum(len(play(C4, {"X": player, "O": player}, s).moves) for s in starts)


def test_states_and_results_of_different_lengths_are_refused():
    with pytest.raises(ValueError, match="as many results as states"):
        fit_weights(C4, STATES[:3], [1, 0])
