"""minimax_lab.analysis.players: players, play, matches and tournaments, with exact outcomes on tic-tac-toe."""

import re

import pytest

from minimax_lab import ConnectFour, TicTacToe, alphabeta
from minimax_lab.analysis.players import (
    MatchResult,
    Played,
    Record,
    depth_limited_player,
    drawn_openings,
    engine,
    greedy_player,
    match,
    openings,
    perfect_player,
    play,
    player_names,
    random_openings,
    random_player,
    reference_player,
    tournament,
)
from minimax_lab.heuristics.generic import winning_moves


@pytest.fixture
def game():
    return TicTacToe()


def test_perfect_play_against_itself_draws_from_the_empty_board(game):
    perfect = perfect_player(game)
    record = play(game, {"X": perfect, "O": perfect})
    assert record == Record(game.initial, (0, 4, 1, 2, 6, 3, 5, 7, 8), game.state("XXOOOXXOX"), 0)


def test_play_returns_the_record_of_the_game(game):
    reference = reference_player()
    both = {"X": reference, "O": reference}
    won = play(game, both, game.state("XX.OO...."))
    assert (won.moves, won.result, won.final) == ((2,), 1, game.state("XXXOO...."))
    assert play(game, both, game.state("X..OO...X")).moves == (5, 2, 6, 7, 1)
    over = game.state("XXXOO....")
    assert play(game, {}, over) == Record(over, (), over, 1)  # already over: nobody is asked


def test_match_plays_each_start_twice_with_each_side_first(game):
    result = match(game, perfect_player(game), reference_player(), starts=[game.initial])
    assert result.games == (Played("X", 1, play(game, {"X": perfect_player(game), "O": reference_player()})),
                            Played("O", 0, play(game, {"O": perfect_player(game), "X": reference_player()})))
    assert (result.wins, result.draws, result.losses, result.points) == (1, 1, 0, 1.5)
    assert repr(result) == "MatchResult(wins=1, draws=1, losses=0)"
    everywhere = match(game, perfect_player(game), reference_player(), starts=openings(1, game))
    assert len(everywhere.games) == 20 and everywhere.losses == 0


def test_match_scores_from_the_first_players_side(game):
    result = match(game, reference_player(), perfect_player(game), starts=[game.initial])
    assert [(g.side, g.score) for g in result.games] == [("X", 0), ("O", -1)]


def test_a_match_from_random_openings_is_fair_and_repeatable():
    game = ConnectFour()
    result = match(game, greedy_player, random_player(1), games=10, seed=4)
    sides = [g.side for g in result.games]
    assert sides.count("X") == sides.count("O") == 5
    starts = [g.record.start for g in result.games]
    assert starts[0::2] == starts[1::2] == random_openings(game, 5, seed=4)
    assert all(sum(stone.bit_count() for stone in (s.x, s.o)) == 2 for s in starts)
    assert result == match(game, greedy_player, random_player(1), games=10, seed=4)
    assert result.wins + result.draws + result.losses == 10


@pytest.mark.parametrize("settings, message", [
    (dict(games=3), "games must be an even whole number >= 2"),
    (dict(games=0), "games must be an even whole number >= 2"),
    (dict(games=True), "games must be an even whole number >= 2"),
    (dict(games=4, starts=[TicTacToe().initial]), "1 starts make 2 games"),
])
def test_match_refuses_a_bad_number_of_games(settings, message):
    game = TicTacToe()
    with pytest.raises(ValueError, match=re.escape(message)):
        match(game, random_player(), random_player(), **settings)


def test_random_player_is_seeded(game):
    moves = [random_player(7)(game, game.initial) for _ in range(5)]
    assert len(set(moves)) == 1
    player = random_player(7)
    assert len({player(game, game.initial) for _ in range(40)}) > 1


def test_greedy_player_wins_blocks_and_otherwise_follows_the_evaluation(game):
    assert greedy_player(game, game.state("XX.OO....")) == 2          # win now
    assert greedy_player(game, game.state("XX..O....")) == 2          # block
    assert greedy_player(game, game.state("X........")) == 4          # the open-lines evaluation
    connect_four = ConnectFour()
    assert greedy_player(connect_four, connect_four.play("001122")) == 3
    assert greedy_player(connect_four, connect_four.play("00112")) == 3
    assert greedy_player(connect_four, connect_four.initial) == 3     # the centre
    assert winning_moves(game, game.state("XX.OO....")) == [2]


@pytest.mark.slow  # a depth-2 engine in 12 games of Connect Four: a second
def test_tournament_plays_every_pair_once():
    game = ConnectFour()
    players = {"random": random_player(0), "greedy": greedy_player, "depth 2": engine(game, depth=2)}
    results = tournament(game, players, games=4, seed=1)
    assert list(results) == [("random", "greedy"), ("random", "depth 2"), ("greedy", "depth 2")]
    assert all(isinstance(r, MatchResult) and len(r.games) == 4 for r in results.values())


def test_player_names(game):
    assert player_names(game) == ("X", "O") and player_names(ConnectFour()) == ("X", "O")


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
        play(game, {"X": reference_player()}, game.state("X........"))


def test_play_refuses_an_illegal_move(game):
    with pytest.raises(ValueError, match="illegal move 0"):
        play(game, {"X": reference_player(), "O": lambda game, state: 0}, game.state("X........"))
