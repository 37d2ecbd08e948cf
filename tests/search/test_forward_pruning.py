"""Tests for minimax_lab.search.forward: beam search, the forward pruning of lesson 12."""

import pytest

from minimax_lab import ConnectFour, TicTacToe, alphabeta
from minimax_lab.analysis.players import random_openings
from minimax_lab.heuristics.boards import horizon_evaluation
from minimax_lab.heuristics.connect_four import threats_then_centre
from minimax_lab.search.forward import WIN_RANK, Beam, beam_search

C4 = ConnectFour()
POSITIONS = [state for state in random_openings(C4, 12, plies=8, seed=1) if not C4.is_terminal(state)]


def test_a_beam_keeps_the_best_looking_moves_best_first():
    state = C4.play("3324")
    beam = Beam(C4, 3, C4.evaluate)
    ranks = {move: beam.rank(state, move) for move in C4.actions(state)}
    kept = beam.actions(state)
    assert len(kept) == 3 and [ranks[m] for m in kept] == sorted(ranks.values(), reverse=True)[:3]


def test_a_winning_move_always_survives_the_narrowest_beam():
    state = C4.play("001122")
    assert Beam(C4, 1, C4.evaluate).actions(state) == (3,)
    assert Beam(C4, 1, C4.evaluate).rank(state, 3) == WIN_RANK


@pytest.mark.parametrize("state", POSITIONS[:6])
def test_a_beam_as_wide_as_the_board_finds_alpha_betas_value(state):
    full = alphabeta(C4, state, depth=4, evaluate=C4.evaluate, order=threats_then_centre)
    wide = beam_search(C4, state, depth=4, width=7, evaluate=C4.evaluate)
    assert wide.value == full.value


def test_a_narrow_beam_visits_fewer_nodes_and_can_change_the_move():
    changed = 0
    for state in POSITIONS:
        full = alphabeta(C4, state, depth=4, evaluate=C4.evaluate, order=threats_then_centre)
        narrow = beam_search(C4, state, depth=4, width=2, evaluate=C4.evaluate)
        assert narrow.nodes < full.nodes
        changed += narrow.move != full.move
    assert changed >= 1


def test_a_beam_plays_other_games_in_their_own_order():
    game = TicTacToe()
    evaluate = horizon_evaluation(game)
    state = game.state("X...O....")
    assert len(Beam(game, 2, evaluate).actions(state)) == 2
    full = alphabeta(game, state, depth=3, evaluate=evaluate)
    assert beam_search(game, state, depth=3, width=9, evaluate=evaluate).value == full.value


def test_the_rest_of_the_game_is_the_games_own():
    beam = Beam(C4, 2, C4.evaluate)
    assert beam.initial == C4.initial and beam.max_player == C4.max_player and "width=2" in repr(beam)


@pytest.mark.parametrize("width", [0, -1, 2.5, True, "3"])
def test_a_width_that_is_not_a_whole_number_from_1_is_refused(width):
    with pytest.raises((TypeError, ValueError), match="width"):
        Beam(C4, width, C4.evaluate)


def test_an_evaluation_that_is_not_a_function_is_refused():
    with pytest.raises((TypeError, ValueError), match="evaluate"):
        beam_search(C4, depth=2, width=2, evaluate=0.5)
