"""Tests for minimax_lab.analysis.census: the size of tic-tac-toe's game tree, counted, and its symmetries."""

import re

import pytest

from minimax_lab import ConnectFour, Nim, TicTacToe, minimax
from minimax_lab.analysis.census import SYMMETRIES, Census, canonical, census, distinct_moves, positions

GAME = TicTacToe()


@pytest.mark.slow
def test_tic_tac_toe_game_tree():
    counted = census(GAME)
    assert counted == Census(549_946, 255_168, {-1: 77_904, 0: 46_080, 1: 131_184})
    assert counted.nodes == minimax(GAME).nodes        # the search visits every node once


def test_tic_tac_toe_positions():
    reachable = positions(GAME)
    assert len(reachable) == 5_478
    assert len({canonical(state) for state in reachable}) == 765


def test_symmetries_are_the_eight_of_the_square():
    assert len(set(SYMMETRIES)) == 8 and all(sorted(image) == list(range(9)) for image in SYMMETRIES)
    assert all(image[4] == 4 for image in SYMMETRIES)               # the centre stays put
    corner = GAME.result(GAME.initial, 0)
    assert {canonical(GAME.result(GAME.initial, s)) for s in (0, 2, 6, 8)} == {canonical(corner)}


def test_distinct_moves():
    assert distinct_moves(GAME, GAME.initial) == (0, 1, 4)
    assert distinct_moves(GAME, GAME.result(GAME.initial, 4)) == (0, 1)
    assert distinct_moves(GAME, GAME.result(GAME.initial, 0)) == (1, 2, 4, 5, 8)
    assert distinct_moves(GAME, GAME.result(GAME.initial, 1)) == (0, 3, 4, 6, 7)


def test_census_of_other_games():
    assert census(Nim([1, 1])) == Census(5, 2, {-1: 2})       # either way, B takes the last object
    assert census(ConnectFour(3, 3)).games == 1680
    assert len(positions(ConnectFour(4, 3))) == 12_031


class Loop:
    """A game whose two positions lead to each other: it never ends."""

    initial, max_player = 0, "MAX"

    def to_move(self, state):
        return "MAX" if state == 0 else "MIN"

    def actions(self, state):
        return (0,)

    def result(self, state, action):
        return 1 - state

    def is_terminal(self, state):
        return False

    def utility(self, state, player):
        return 0


def test_a_game_that_returns_to_a_position_is_refused():
    with pytest.raises(ValueError, match=re.escape("node [0][0]: the game returns to the position 0, so its "
                                                   "tree is infinite")):
        census(Loop())
    assert positions(Loop()) == {0, 1}


def test_census_and_positions_take_a_bare_tree():
    assert census([[3, 12], [2, 9, 4]]) == Census(8, 5, {2: 1, 3: 1, 4: 1, 9: 1, 12: 1})
    assert len(positions([[3, 12], [2, 9, 4]])) == 8


@pytest.mark.parametrize("call, error, message", [
    (lambda: census("tic-tac-toe"), TypeError, "expected a game or a nested-list tree, got str"),
    (lambda: positions(None), TypeError, "expected a game or a nested-list tree, got NoneType"),
    (lambda: census([[1], []]), ValueError, "node [1]: empty node"),
    (lambda: canonical((0,) * 9), TypeError, "canonical takes a tic-tac-toe state, not (0, 0, 0"),
])
def test_bad_input_is_refused(call, error, message):
    with pytest.raises(error, match=re.escape(message)):
        call()
