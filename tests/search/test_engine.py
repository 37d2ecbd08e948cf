"""Tests for minimax_lab.search.engine and Connect Four's threats and evaluation (minimax_lab.heuristics.connect_four_evaluation).

Nothing here depends on timing: the engine searches to a fixed depth (it then ignores the clock),
and matches use fixed seeds.
"""

import math
import random
import re
from types import SimpleNamespace

import pytest

from minimax_lab import ConnectFour, TicTacToe, alphabeta
from minimax_lab.analysis.players import greedy_player, match, points, random_player, weight_tournament
from minimax_lab.heuristics.connect_four_evaluation import (
    CANDIDATES,
    FEATURES,
    WEIGHTS,
    LinearEvaluation,
    check_weights,
    features,
)
from minimax_lab.heuristics.generic import winning_moves
from minimax_lab.search.engine import WIN, EngineResult, engine, from_table, outcome_text, to_table
from devtools.bench import keeps_the_win, positions_with_a_win


def random_positions(game, count, seed):
    """Return `count` unfinished positions of random games (seeded)."""
    rng, found = random.Random(seed), []
    while len(found) < count:
        state = game.initial
        for _ in range(rng.randrange(game.width * game.height)):
            if game.is_terminal(state):
                break
            state = game.result(state, rng.choice(state.moves))
        if not game.is_terminal(state):
            found.append(state)
    return found


def plain_lines(game, stones, blockers):
    """Return (open twos, open threes) by looking at every line of four one square at a time."""
    twos = threes = 0
    for c in range(game.width):
        for r in range(game.height):
            for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
                squares = [(c + k * dc, r + k * dr) for k in range(4)]
                if all(0 <= x < game.width and 0 <= y < game.height for x, y in squares):
                    bits = sum(1 << (x * (game.height + 1) + y) for x, y in squares)
                    if not bits & blockers:
                        twos += (bits & stones).bit_count() == 2
                        threes += (bits & stones).bit_count() == 3
    return twos, threes


def _wins_with(game, state, column, player):
    """Return True if a stone of `player` dropped into `column` makes four in a line."""
    mask = state.x | state.o
    stone = (mask + (1 << column * (game.height + 1))) & game.column_mask(column)
    stones = (state.x if player == "X" else state.o) | stone
    return any(stones & (stones >> s) & (stones >> 2 * s) & (stones >> 3 * s)
               for s in (1, game.height + 1, game.height, game.height + 2))


# --- Connect Four: threats, noisy moves, features ------------------------------------------------

@pytest.mark.parametrize("size", [(7, 6), (4, 4), (5, 4), (8, 7), (6, 9)])
def test_winning_moves_and_noisy_actions_agree_with_trying_each_move(size):
    game = ConnectFour(*size)
    for state in random_positions(game, 300, seed=sum(size)):
        mover, other = state.to_move, "O" if state.to_move == "X" else "X"
        wins = [c for c in state.moves if _wins_with(game, state, c, mover)]
        blocks = [c for c in state.moves if _wins_with(game, state, c, other)]
        assert game.winning_moves(state) == wins
        assert game.winning_moves(state, for_opponent=True) == blocks
        assert game.noisy_actions(state) == tuple(wins or blocks)


@pytest.mark.parametrize("size", [(7, 6), (4, 4), (8, 7), (5, 5)])
def test_open_lines_agree_with_looking_at_every_line(size):
    game = ConnectFour(*size)
    for state in random_positions(game, 150, seed=sum(size)):
        found = features(game, state)
        x, o = plain_lines(game, state.x, state.o), plain_lines(game, state.o, state.x)
        assert (found["open twos"], found["open threes"]) == ((x[0], o[0]), (x[1], o[1]))


def test_the_evaluation_is_linear_antisymmetric_and_strictly_inside_minus_one_one():
    game = ConnectFour()
    evaluate = LinearEvaluation(game)
    for state in random_positions(game, 200, seed=1):
        value = evaluate(state)
        assert -1 < value < 1
        assert evaluate(SimpleNamespace(x=state.o, o=state.x)) == -value
        counts = features(game, state)
        score = sum(WEIGHTS[f] * (counts[f][0] - counts[f][1]) for f in FEATURES)
        assert value == pytest.approx(score / evaluate.scale)
    assert game.evaluate(game.play("3324")) == evaluate(game.play("3324"))


def test_features_of_a_position():
    game = ConnectFour()
    # X on the bottom row in columns 0, 1, 2 and 4, O above X in columns 0, 1, 2. X's open threes:
    # X X X . and X X . X on the bottom row; O's: O O O . on the row above; nothing in the centre.
    counts = features(game, game.play("0011224"))
    assert counts["open threes"] == (2, 1) and counts["centre"] == (0, 0)
    assert features(game, game.play("3"))["centre"] == (1, 0)


@pytest.mark.parametrize("weights, message", [
    ([1, 2, 3], "weights must be a dict"),
    ({"open threes": 1, "open twos": 1}, "missing ['centre']"),
    ({"open threes": 1, "open twos": 1, "centre": 1, "tempo": 1}, "unknown ['tempo']"),
    ({"open threes": -1, "open twos": 1, "centre": 1}, "the weight of 'open threes' must be a number >= 0, got -1"),
    ({"open threes": "1", "open twos": 1, "centre": 1}, "must be a number >= 0, got '1'"),
    ({"open threes": math.inf, "open twos": 1, "centre": 1}, "must be a number >= 0, got inf"),
])
def test_bad_weights_are_refused_by_name(weights, message):
    with pytest.raises(ValueError, match=re.escape(message)):
        check_weights(weights)


def test_the_chosen_weights_are_among_the_candidates():
    assert WEIGHTS in CANDIDATES.values()


def test_the_weight_tournament_and_its_points_add_up():
    game = ConnectFour()
    pair = {name: CANDIDATES[name] for name in ("threes only", "centre only")}
    results = weight_tournament(game, pair, depth=1, games=4, seed=0)
    (result,) = results.values()
    assert result.wins + result.draws + result.losses == 4
    assert sum(points(results).values()) == 4


# --- the engine ----------------------------------------------------------------------------------

class WithoutQuiescence:
    """Connect Four as the bare protocol: no noisy moves, no move ordering."""

    max_player = "X"

    def __init__(self, game):
        self.game, self.initial = game, game.initial

    def to_move(self, state):
        return self.game.to_move(state)

    def actions(self, state):
        return self.game.actions(state)

    def result(self, state, action):
        return self.game.result(state, action)

    def is_terminal(self, state):
        return self.game.is_terminal(state)

    def utility(self, state, player):
        return self.game.utility(state, player)

    def evaluate(self, state):
        return self.game.evaluate(state)


def test_without_quiescence_the_engine_values_positions_as_alphabeta_does():
    game = ConnectFour()
    bare = WithoutQuiescence(game)
    for state in random_positions(game, 25, seed=3):
        for depth in (1, 2, 3):
            mine = engine(bare, depth=depth).search(state).value
            theirs = alphabeta(game, state, depth=depth, evaluate=game.evaluate).value
            # the same value, except that a win or loss is scored by how far away it is
            assert mine == theirs if abs(mine) < 1 else math.copysign(1, mine) == theirs


def test_a_win_at_once_is_taken_and_a_threat_blocked():
    game = ConnectFour()
    player = engine(game, depth=3)
    assert player(game, game.play("001122")) == 3 and player.last.outcome("X") == "a win for X in 1 ply"
    assert player(game, game.play("00112")) == 3


def test_quiescence_sees_the_win_just_beyond_the_horizon():
    # O to move. A depth-1 search without quiescence plays column 4, after which X wins at once;
    # with quiescence the position after each move is searched on while a win or block is pending.
    game = ConnectFour()
    state = game.play("321324340")
    blind = WithoutQuiescence(game)
    careless = engine(blind, depth=1)(blind, state)
    careful = engine(game, depth=1)(game, state)
    assert winning_moves(game, game.result(state, careless)) != []
    assert winning_moves(game, game.result(state, careful)) == []


def test_the_depth_adjusted_utility_does_not_give_up():
    # O to move loses whatever it does: X has a fork. Plain alpha-beta scores every move -1 for O
    # and plays the first (square 2), letting X win at once; the engine blocks, losing later.
    game = TicTacToe()
    state = game.state("XO.X.....")
    plain = alphabeta(game, state)
    assert plain.value == 1 and winning_moves(game, game.result(state, plain.move))
    player = engine(game, depth=9)
    assert player(game, state) == 6
    assert player.last.value == WIN - 4 and player.last.outcome("X") == "a win for X in 4 plies"


def test_a_fixed_depth_engine_plays_the_same_moves_each_time():
    game = ConnectFour()
    first, second = engine(game, depth=4), engine(game, depth=4)
    state = game.initial
    for _ in range(10):
        move = first(game, state)
        assert second(game, state) == move
        state = game.result(state, move)
    assert first.last.depth == 4 and first.last.nodes > 0


def test_the_result_reports_every_iteration():
    game = ConnectFour()
    result = engine(game, depth=5).search(game.play("33"))
    assert isinstance(result, EngineResult)
    assert [it.depth for it in result.iterations] == [1, 2, 3, 4, 5] and result.depth == 5
    assert result.move == result.iterations[-1].move and result.pv[0] == result.move
    assert result.nodes == result.iterations[-1].nodes and not result.proven
    assert result.outcome("X").startswith("a guess of ")


def test_a_solved_position_stops_deepening_and_says_so():
    game = TicTacToe()
    result = engine(game, depth=9).search(game.play("40"))
    assert result.proven and result.outcome("X") == "a draw" and result.depth < 9


def test_a_tiny_budget_still_answers_a_legal_move():
    game = ConnectFour()
    state = game.play("3")
    assert engine(game, seconds=1e-9)(game, state) in state.moves


@pytest.mark.parametrize("value, ply", [(997, 3), (-995, 5), (0.25, 7), (0, 2), (-math.inf, 4)])
def test_table_values_convert_back(value, ply):
    assert from_table(to_table(value, ply), ply) == value


def test_outcome_text():
    assert outcome_text(WIN - 1, "X") == "a win for X in 1 ply"
    assert outcome_text(-(WIN - 6), "O") == "a loss for O in 6 plies"


@pytest.mark.parametrize("settings, error, message", [
    (dict(seconds=0), ValueError, "seconds must be a number > 0, got 0"),
    (dict(seconds="1"), ValueError, "seconds must be a number > 0, got '1'"),
    (dict(depth=0), ValueError, "depth must be a whole number >= 1, got 0"),
    (dict(depth=-3), ValueError, "depth must be a whole number >= 1, got -3"),
    (dict(depth=2.5), ValueError, "depth must be a whole number >= 1, got 2.5"),
    (dict(nodes=0), ValueError, "nodes must be a whole number >= 1, got 0"),
    (dict(nodes=1e5), ValueError, "nodes must be a whole number >= 1, got 100000.0"),
    (dict(seconds=2, nodes=1000), ValueError, "give the engine's budget as seconds or as nodes, not both: "
                                              "got seconds=2 and nodes=1000"),
    (dict(evaluate=3), TypeError, "evaluate must be a function evaluate(state), not 3"),
])
def test_bad_settings_are_refused_by_name(settings, error, message):
    with pytest.raises(error, match=re.escape(message)):
        engine(ConnectFour(), **settings)


def test_an_evaluation_outside_minus_one_one_is_refused_with_its_value():
    game = ConnectFour()
    with pytest.raises(ValueError, match=re.escape("strictly between -1 and 1 (a win is worth more than any "
                                                   "guess), but returned 12")):
        engine(game, depth=2, evaluate=lambda state: 12)(game, game.initial)


def test_the_engine_refuses_another_game_and_a_finished_one():
    game = ConnectFour()
    with pytest.raises(ValueError, match="this engine plays ConnectFour"):
        engine(game, depth=1)(ConnectFour(), game.initial)
    with pytest.raises(ValueError, match="the game is over"):
        engine(game, depth=1)(game, game.play("0101010"))


@pytest.mark.parametrize("game, moves", [(ConnectFour(), "33"), (ConnectFour(5, 4), "2"), (ConnectFour(4, 4), ""),
                                         (TicTacToe(), "4")])
def test_a_student_sets_the_strength_and_reads_the_line_and_the_value_behind_the_move(game, moves):
    state = game.play(moves)
    by_depth = engine(game, depth=3).search(state)
    assert by_depth.depth == 3 or by_depth.proven
    assert by_depth.pv[0] == by_depth.move and all(it.depth <= 3 for it in by_depth.iterations)
    game.play(by_depth.pv, state)   # raises if a move of the line is illegal
    first, second = (engine(game, nodes=3000).search(state) for _ in range(2))
    assert (first.move, first.value, first.pv, first.nodes, first.depth) == (
        second.move, second.value, second.pv, second.nodes, second.depth)   # a node budget: the same search
    assert first.nodes <= 3000 and first.move in game.actions(state)


def test_a_state_of_another_board_is_refused():
    with pytest.raises(ValueError, match="another size"):
        engine(ConnectFour(), depth=2).search(ConnectFour(5, 4).initial)
    with pytest.raises(TypeError, match="is a TicTacToeState, not a ConnectFourState"):
        engine(ConnectFour(), depth=2).search(TicTacToe().initial)
    with pytest.raises(TypeError, match="is a ConnectFourState, not a TicTacToeState"):
        engine(TicTacToe(), depth=2).search(ConnectFour().initial)


# --- its figures, at a fixed depth and with fixed seeds ------------------------------------------

@pytest.mark.slow
def test_at_depth_four_the_engine_beats_random_and_greedy_players():
    game = ConnectFour()
    against_random = match(game, engine(game, depth=4), random_player(0), games=20, seed=0)
    against_greedy = match(game, engine(game, depth=4), greedy_player, games=20, seed=0)
    assert against_random.wins == 20
    assert against_greedy.wins >= 16 and against_greedy.wins + against_greedy.draws + against_greedy.losses == 20


@pytest.mark.parametrize("moves", [1, 2])
def test_the_engine_never_loses_a_position_with_a_win_in_one_or_two(moves):
    game = ConnectFour()
    positions = positions_with_a_win(game, moves, 12, seed=moves)
    assert len(positions) == 12
    player = engine(game, depth=4)
    assert all(keeps_the_win(game, player, state) for state in positions)


@pytest.mark.slow
def test_an_engine_starts_each_game_afresh_so_a_game_depends_only_on_its_start():
    game = ConnectFour()
    shallow, deep = engine(game, depth=2), engine(game, depth=3)
    first = match(game, shallow, deep, games=10, seed=0)
    again = match(game, shallow, deep, games=10, seed=0)   # the same engines, after ten games
    fresh = match(game, engine(game, depth=2), engine(game, depth=3), games=10, seed=0)
    assert first.games == again.games == fresh.games
    assert (first.wins, first.draws, first.losses) == (2, 2, 6)
