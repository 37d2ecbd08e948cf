"""Tests for minimax_lab.heuristics: the case study's open winning lines, by its own definition."""

import pytest

from minimax_lab import TicTacToe
from minimax_lab.heuristics.tictactoe import open_lines_difference, open_lines_evaluation, open_winning_lines

GAME = TicTacToe()


def test_one_move_ahead():
    # The tutorial prints 3, 4, 3 for corner, centre and edge; by its definition the edge has 2.
    values = [open_lines_difference(GAME.state(board)) for board in ("X........", "....X....", ".X.......")]
    assert values == [3, 4, 2]


@pytest.mark.parametrize("first, replies, values", [
    (4, (0, 1), [1, 2]),                       # centre: O in a corner or on an edge
    (0, (1, 2, 4, 5, 8), [1, 0, -1, 1, 0]),    # corner: O's five replies up to symmetry
    (1, (0, 3, 4, 6, 7), [-1, 0, -2, -1, 0]),  # edge: the tutorial lists -1, 0, -1, -2, 0
])
def test_two_moves_ahead(first, replies, values):
    state = GAME.result(GAME.initial, first)
    assert [open_lines_difference(GAME.result(state, reply)) for reply in replies] == values


def test_open_lines_need_a_mark_and_no_enemy_mark():
    state = GAME.state("XO.......")
    assert open_winning_lines(state, "X") == 2      # column 0 and the diagonal; the top row is shared
    assert open_winning_lines(state, "O") == 1      # column 1
    assert open_winning_lines(GAME.initial, "X") == 0


def test_the_evaluation_stays_inside_the_utilities():
    for board in ("....X....", "X...O...X", "XX..O...."):
        value = open_lines_evaluation(GAME.state(board))
        assert -1 < value < 1 and value == open_lines_difference(GAME.state(board)) / 9
