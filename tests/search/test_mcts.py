"""Tests for minimax_lab.search.mcts: UCT finds a win in one, its visits converge to the minimax move on
small trees, it is deterministic for a seed, errs where too few playouts mislead it, and refuses
bad input."""

import math

import pytest

from minimax_lab import ConnectFour, SearchResult, TicTacToe, TreeGame, alphabeta, minimax, solve
from minimax_lab.core.trees import map_leaves, random_tree
from minimax_lab.heuristics.connect_four import threats_then_centre
from minimax_lab.search.mcts import alphabeta_player, mistakes, uct, uct_match, uct_player


def test_finds_the_win_in_one():
    game = TicTacToe()
    for board, win in (("XX.OO....", 2), ("XO.XO....", 6), ("OX.XO.X..", 8)):
        state = game.state(board)
        for seed in range(5):
            result = uct(game, state, playouts=300, seed=seed)
            assert result.move == win, (board, seed, result.visits)
            assert result.visits[win] == max(result.visits.values())


def test_o_to_move_finds_its_win():
    game = TicTacToe()
    state = game.state("XX.OO.X..")          # O to move wins at 5 (X threatens 2)
    result = uct(game, state, playouts=300)
    assert result.move == 5 and result.value == -1      # every playout through 5 is O's win at once


@pytest.mark.slow
def test_visits_converge_to_the_minimax_move_on_small_trees():
    for seed in range(60):
        branching, depth = 2 + seed % 3, 1 + seed % 4
        tree = map_leaves(random_tree(branching, depth, seed=seed), lambda v: v / 9)  # in [-1, 1]
        game = TreeGame(tree, first="MIN" if seed % 2 else "MAX")
        value = minimax(game).value
        result = uct(game, playouts=2000, seed=seed)
        assert minimax(game, game.result((), result.move)).value == value, (tree, result.visits)


def test_deterministic_for_a_seed():
    game = TicTacToe()
    state = game.state("X........")
    first = uct(game, state, playouts=200, seed=7)
    assert uct(game, state, playouts=200, seed=7) == first
    assert any(uct(game, state, playouts=200, seed=seed).visits != first.visits for seed in range(3))


def test_result_is_a_search_result_with_visits():
    game = TicTacToe()
    result = uct(game, playouts=500)
    assert isinstance(result, SearchResult)
    assert result.leaves == 500 == sum(result.visits.values())      # one playout each
    assert result.nodes == 501                                        # the root and one node each
    assert list(result.visits) == list(game.actions(game.initial))    # every move tried, in order
    assert result.move == max(result.visits, key=result.visits.get)
    assert result.pv[0] == result.move and result.value == result.means[result.move]
    assert all(-1 <= mean <= 1 for mean in result.means.values())


@pytest.mark.slow
def test_where_too_few_playouts_err():
    # After X takes a corner, O must take the centre (every other reply loses); random playouts
    # make a corner look good: seed 0 picks the corner 6 with 100, 300 or 1,000 playouts, and
    # seeds 0-9 all pick the centre with 3,000.
    game = TicTacToe()
    state = game.state("X........")
    assert solve(game, state).move == 4
    losing = uct(game, state, playouts=1000, seed=0).move
    assert losing == 6 and alphabeta(game, game.result(state, losing)).value == 1
    assert all(uct(game, state, playouts=3000, seed=seed).move == 4 for seed in range(10))


@pytest.mark.slow
def test_a_deep_trap_on_small_connect_four():
    # On 4 x 4 after X 0, O 1, stacking on O's stone (column 1) loses against perfect play, but
    # late (in uct_match's games O won with the 16th stone): the playouts' averages favour it.
    four = ConnectFour(4, 4)
    state = four.play([0, 1])
    assert {move: solve(four, four.result(state, move)).value for move in four.actions(state)} == {
        0: 0, 1: -1, 2: 0, 3: 0}
    assert [uct(four, state, playouts=1000, seed=seed).move for seed in range(3)] == [1, 1, 1]


@pytest.mark.slow
def test_match_against_perfect_alphabeta_on_tictactoe():
    few = uct_match(TicTacToe(), playouts=30, games=10)
    many = uct_match(TicTacToe(), playouts=1000, games=10)
    assert (few["wins"], few["draws"], few["losses"]) == (0, 6, 4)
    assert (many["wins"], many["draws"], many["losses"]) == (0, 10, 0)
    assert uct_match(TicTacToe(), playouts=30, games=10) == few       # seeded
    for uct_first, moves, score in few["games"]:
        if score < 0:         # every loss has a move worse than the best, by exact search
            assert mistakes(TicTacToe(), uct_first, moves)


@pytest.mark.slow  # seconds alone: make test runs it, make test-fast does not
def test_match_on_small_connect_four():
    four = ConnectFour(4, 4)
    match = uct_match(four, playouts=100, games=2, opponent=alphabeta_player(order=threats_then_centre))
    # 4 x 4 is a draw, so a perfect player never loses it: UCT can at best draw
    assert match["wins"] == 0 and match["wins"] + match["draws"] + match["losses"] == 2
    for uct_first, moves, score in match["games"]:
        end = four.play(moves)
        assert four.is_terminal(end) and four.utility(end, "X") == (score if uct_first else -score)


def test_the_player_replays_a_game():
    game = TicTacToe()
    one, two = uct_player(50, seed=3), uct_player(50, seed=3)
    assert [one(game, game.initial) for _ in range(3)] == [two(game, game.initial) for _ in range(3)]


@pytest.mark.parametrize("call, error, message", [
    (lambda: uct(TicTacToe(), playouts=0), ValueError, "playouts must be a whole number >= 1"),
    (lambda: uct(TicTacToe(), playouts=2.5), ValueError, "playouts must be a whole number >= 1"),
    (lambda: uct(TicTacToe(), playouts=True), ValueError, "playouts must be a whole number >= 1"),
    (lambda: uct(TicTacToe(), exploration=-1), ValueError, "exploration must be a number >= 0"),
    (lambda: uct(TicTacToe(), exploration=math.nan), ValueError, "exploration must be a number >= 0"),
    (lambda: uct(TicTacToe(), TicTacToe().state("XXXOO....")), ValueError, "the game is over"),
    (lambda: uct(TicTacToe(), "X........"), TypeError, "not a TicTacToeState"),
    (lambda: uct([[1, 2], [3, math.nan]]), ValueError, "NaN"),
])
def test_bad_input_is_refused(call, error, message):
    with pytest.raises(error, match=message):
        call()
