"""minimax_lab.players: players, openings and matches, with exact outcomes on tic-tac-toe."""

import pytest

from minimax_lab import TicTacToe, alphabeta
from minimax_lab.players import (Played, depth_limited_player, drawn_openings, match, openings,
                                 perfect_player, play, reference_player)


@pytest.fixture
def game():
    return TicTacToe()


def test_perfect_play_against_itself_draws_from_the_empty_board(game):
    perfect = perfect_player(game)
    assert play(game, game.initial, {"X": perfect, "O": perfect}) == (0, (0, 4, 1, 2, 6, 3, 5, 7, 8))


def test_play_returns_x_utility_and_the_moves(game):
    reference = reference_player()
    assert play(game, game.state("XX.OO...."), {"X": reference, "O": reference}) == (1, (2,))
    assert play(game, game.state("X..OO...X"), {"X": reference, "O": reference}) == (0, (5, 2, 6, 7, 1))
    assert play(game, game.state("XXXOO...."), {}) == (1, ())  # already over: nobody is asked


def test_perfect_player_never_loses_to_the_reference_player(game):
    games = match(perfect_player(game), reference_player(), [game.initial], game=game)
    assert games == [Played(game.initial, "X", 1, (0, 1, 3, 6, 4, 2, 5)),
                     Played(game.initial, "O", 0, (0, 4, 1, 2, 6, 3, 5, 7, 8))]
    everywhere = match(perfect_player(game), reference_player(), openings(1, game), game=game)
    assert len(everywhere) == 20 and all(g.score >= 0 for g in everywhere)


def test_match_scores_from_the_tested_players_side(game):
    games = match(reference_player(), perfect_player(game), [game.initial], game=game)
    assert [(g.side, g.score) for g in games] == [("X", 0), ("O", -1)]


def test_the_perfect_player_plays_minimax_moves_and_remembers_them(game):
    perfect = perfect_player(game)
    state = game.state("X...O....")
    assert perfect(game, state) == perfect(game, state) == alphabeta(game, state).move


def test_a_depth_limited_player_uses_its_evaluation(game):
    # O to move with no threat: an evaluation that prefers square 8 for O picks it at depth 1.
    prefers_eight = depth_limited_player(lambda state: -0.5 if state.board[8] == "O" else 0, depth=1)
    assert prefers_eight(game, game.state("X........")) == 8


def test_openings_and_drawn_openings(game):
    assert [len(openings(marks, game)) for marks in (0, 1, 2, 9, 12)] == [1, 10, 82, 5478, 5478]
    drawn = drawn_openings(game)
    assert len(drawn) == 34 and all(alphabeta(game, s).value == 0 for s in drawn)


@pytest.mark.parametrize("marks", [-1, 1.5, True, "2"])
def test_openings_refuse_a_bad_number_of_marks(marks):
    with pytest.raises(ValueError, match="openings needs a number of marks"):
        openings(marks)


def test_play_refuses_a_missing_player(game):
    with pytest.raises(ValueError, match="no player for 'O'"):
        play(game, game.state("X........"), {"X": reference_player()})


def test_play_refuses_an_illegal_move(game):
    with pytest.raises(ValueError, match="illegal move 0"):
        play(game, game.state("X........"), {"X": reference_player(), "O": lambda game, state: 0})
