"""Tests for minimax_lab.search.retrograde: the tablebase agrees with search on every position."""

import functools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from minimax_lab import ConnectFour, Nim, TicTacToe, TreeGame, alphabeta, bouton_wins
from minimax_lab.search.engine import WIN, engine
from minimax_lab.search.retrograde import Label, backed_up, tablebase


@functools.cache
def tic_tac_toe():
    """Tic-tac-toe's tablebase, made when a test first asks (every test process collects every file)."""
    return tablebase(TicTacToe())


def test_tic_tac_toe_has_5478_positions_and_is_a_draw_in_9_plies():
    assert tic_tac_toe().positions == 5478 and tic_tac_toe().moves == 16167
    assert tic_tac_toe().label(tic_tac_toe().start) == Label(0, 9)
    assert tic_tac_toe().counts() == {1: 2836, 0: 1068, -1: 1574}


@pytest.mark.slow
def test_every_tic_tac_toe_value_is_alpha_betas():
    game = TicTacToe()
    assert all(tic_tac_toe().value(state) == alphabeta(game, state).value for state in tic_tac_toe().labels)


@pytest.mark.slow
def test_every_distance_is_the_engines():
    """The engine scores a win `ply` plies away WIN - ply: the table's distance, from X's side."""
    game = TicTacToe()
    for state, label in tic_tac_toe().labels.items():
        if label.value and not game.is_terminal(state):
            for_x = label.value if game.to_move(state) == "X" else -label.value
            assert engine(game, depth=9).search(state).value == for_x * (WIN - label.distance), state


def test_every_label_is_backed_up_from_its_childrens():
    game = TicTacToe()
    for state, label in tic_tac_toe().labels.items():
        if game.is_terminal(state):
            assert label == Label(game.utility(state, game.to_move(state)), 0)
        else:
            assert label == backed_up([tic_tac_toe().label(game.result(state, a)) for a in game.actions(state)])


def test_best_moves_keep_the_label():
    game = TicTacToe()
    state = game.state("X....OX..")   # O to move loses; only the block on 3 puts it off to ply 4
    assert tic_tac_toe().label(state) == Label(-1, 4) and tic_tac_toe().best_move(state) == 3
    assert tic_tac_toe().best_move(game.state("XXXOO....")) is None


@pytest.mark.parametrize("heaps", [(1, 2, 3), (3, 4, 5), (2, 2)])
def test_nim_tables_agree_with_boutons_rule(heaps):
    table = tablebase(Nim(heaps))
    assert all((label.value == 1) == bouton_wins(state.heaps) for state, label in table.labels.items())


def test_small_connect_four_is_a_draw():
    table = tablebase(ConnectFour(4, 3))
    assert table.label(table.start) == Label(0, 12) and table.positions == 12031


def test_backed_up_takes_the_quickest_win_and_the_slowest_loss():
    assert backed_up([(1, 0), (-1, 4), (-1, 2)]) == Label(1, 3)
    assert backed_up([(1, 3), (1, 1)]) == Label(-1, 4)
    assert backed_up([(1, 3), (0, 1), (0, 5)]) == Label(0, 6)


@given(st.lists(st.tuples(st.sampled_from([-1, 0, 1]), st.integers(0, 9)), min_size=1, max_size=6))
def test_backed_up_value_is_negamaxs(children):
    assert backed_up(children).value == max(-value for value, _ in children)


def test_bad_games_get_a_clear_error():
    with pytest.raises(ValueError, match="utilities 1, 0 and -1"):
        tablebase(TreeGame([[3, 12], [2, 4]]))
    with pytest.raises(ValueError, match="at least one child"):
        backed_up([])
    with pytest.raises(KeyError, match="not a position reachable"):
        tablebase(Nim([1])).label("nothing")
