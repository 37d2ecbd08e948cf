"""Tests for minimax_lab.search.windows: pvs, null_window, aspiration and mtdf give minimax's value on
thousands of random trees (ties, negative and fractional values, b up to 4, d up to 5), keep
their contracts with narrow windows, prune what the theory says they prune, and refuse bad input."""

import functools
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from minimax_lab import ConnectFour, TicTacToe, TranspositionTable, TreeGame, alphabeta, minimax, random_tree, solve
from minimax_lab.analysis.experiments import compare_searches, smallest_proof
from minimax_lab.core.trace import ENTER, Trace
from minimax_lab.core.trees import random_trees
from minimax_lab.heuristics.connect_four import threats_then_centre
from minimax_lab.heuristics.tictactoe import open_lines_evaluation
from minimax_lab.search.ordering import Killers, exact_order
from minimax_lab.search.windows import aspiration, mtdf, null_window, pvs

pytestmark = pytest.mark.slow  # searches tic-tac-toe with every window

AIMA = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]  # AIMA 4th ed., Fig. 5.2

@functools.cache
def trees():
    """1,500 random trees, mostly ragged, with many ties (leaves in 0..2 or -2..2) and every third
    tree's leaves divided by 4; each is searched with MAX and with MIN to move first. (Made when a
    test first asks, not when the file is collected: every test process collects every file.)"""
    return random_trees(1500, shapes=[(2, 5), (3, 4), (4, 4), (4, 5)],
                        leaf_ranges=[(-9, 9), (0, 2), (-2, 2), (-100, 100)], seed=12)


def games():
    for tree in trees():
        for first in ("MAX", "MIN"):
            yield TreeGame(tree, first=first)


def test_same_value_as_minimax_on_thousands_of_random_trees():
    checked = 0
    for game in games():
        value = minimax(game).value
        assert pvs(game).value == value, game
        assert pvs(game, table=TranspositionTable()).value == value, game
        assert mtdf(game).value == value, game
        assert mtdf(game, guess=value + 5).value == value, game
        assert aspiration(game, guess=0, width=1).value == value, game
        checked += 1
    assert checked == 3000


def test_moves_are_best_moves():
    for game in games():
        value = minimax(game).value
        for result in (pvs(game), mtdf(game), aspiration(game, guess=1, width=0.5)):
            child = game.result(game.initial, result.move)
            assert minimax(game, child).value == value, (game, result)


def test_the_principal_variation_of_pvs_holds_the_value():
    for game in list(games())[:500]:
        result, leaf = pvs(game), game.initial
        for move in result.pv:
            leaf = game.result(leaf, move)
        assert game.is_terminal(leaf) and game.utility(leaf, "MAX") == result.value


@settings(max_examples=150, deadline=None, database=None)
@given(st.integers(1, 4), st.integers(1, 5), st.integers(0, 10 ** 6), st.booleans(),
       st.integers(-12, 12), st.integers(-12, 12))
def test_windows_keep_the_fail_soft_contract(branching, depth, seed, ragged, low, high):
    # a value strictly inside (alpha, beta) is exact, <= alpha an upper bound, >= beta a lower one
    game = TreeGame(random_tree(branching, depth, seed=seed, ragged=ragged, low=-9, high=9))
    alpha, beta = min(low, high) - 0.5, max(low, high) + 0.5
    true = minimax(game).value
    bounded = pvs(game, alpha=alpha, beta=beta).value
    if bounded <= alpha:
        assert true <= bounded
    elif bounded >= beta:
        assert true >= bounded
    else:
        assert true == bounded


@settings(max_examples=150, deadline=None, database=None)
@given(st.integers(1, 4), st.integers(1, 5), st.integers(0, 10 ** 6), st.booleans(),
       st.integers(-10, 10), st.booleans())
def test_null_window_answers_is_the_value_at_least_test(branching, depth, seed, ragged, test,
                                                       min_first):
    game = TreeGame(random_tree(branching, depth, seed=seed, ragged=ragged, low=-9, high=9),
                    first="MIN" if min_first else "MAX")
    true = minimax(game).value
    answer = null_window(game, test=test)
    assert (answer.value >= test) == (true >= test)
    assert true >= answer.value if answer.value >= test else true <= answer.value
    # a narrower window never visits more nodes than the full one (no table, same order)
    assert answer.nodes <= alphabeta(game).nodes


def test_what_the_windows_save_and_what_they_may_cost():
    # Measured on these trees with the natural order: pvs, aspiration and mtdf each visit more
    # nodes than alpha-beta on some trees (re-searches, several passes), so only these hold:
    more = {"pvs": 0, "mtdf": 0}
    for game in games():
        full = alphabeta(game)
        value = full.value
        # best first there is nothing to re-search: pvs visits exactly alpha-beta's minimal tree
        best = exact_order(game)
        assert pvs(game, order=best).nodes == alphabeta(game, order=best).nodes
        # an aspiration window that holds the value strictly inside never costs more
        assert aspiration(game, guess=value, width=0.5).nodes <= full.nodes
        more["pvs"] += pvs(game).nodes > full.nodes
        more["mtdf"] += mtdf(game, guess=value).nodes > full.nodes
    assert more["pvs"] > 0 and more["mtdf"] > 0


def test_aima_figure():
    assert (pvs(AIMA).value, pvs(AIMA).move, pvs(AIMA).nodes) == (3, 0, 11)
    assert null_window(AIMA, test=3).value >= 3 and null_window(AIMA, test=4).value < 4
    assert (aspiration(AIMA, guess=3, width=1).nodes, aspiration(AIMA, guess=9, width=1).nodes) == (11, 19)
    assert [mtdf(AIMA, guess=g).nodes for g in (3, 0, 20)] == [14, 14, 25]


def test_aspiration_searches_again_only_when_the_value_falls_outside():
    for guess, searches in ((3, 1), (9, 2), (-5, 2)):
        trace = Trace()
        assert aspiration(AIMA, guess=guess, width=1, trace=trace).value == 3
        assert sum(1 for e in trace if e.kind == ENTER and e.path == ()) == searches


def test_mtdf_takes_fewer_tests_from_a_better_guess():
    def tests(guess):
        trace = Trace()
        mtdf(AIMA, guess=guess, trace=trace)
        return sum(1 for e in trace if e.kind == ENTER and e.path == ())

    assert tests(3) == 2             # one yes at 3, one no just above 3
    assert tests(13) == 3            # no at 13 (at most 5), no at 5 (at most 3), yes at 3
    assert tests(20) == 4            # no at 20 (at most 14), then as from 13


def test_solve_is_pvs_with_a_table():
    game = TicTacToe()
    table = TranspositionTable()
    from minimax_lab.search.solve import solve_order
    found = pvs(game, order=solve_order(), table=table)
    assert (found.value, found.nodes, found.leaves) == (0, 1717, 519)
    assert solve(game).nodes == found.nodes


def test_tictactoe_positions_agree_with_alphabeta():
    game = TicTacToe()
    for board in ("X........", "XO.......", "X...O...X", "XOX.O....", "XX.OO....", "XX.OO.X.."):
        state = game.state(board)
        value = alphabeta(game, state).value
        for result in (pvs(game, state), mtdf(game, state), aspiration(game, state, guess=0, width=0.5),
                       pvs(game, state, order=Killers())):
            assert result.value == value, (board, result)
            assert alphabeta(game, game.result(state, result.move)).value == value


def test_depth_limited_search_agrees_with_alphabeta():
    game = TicTacToe()
    for depth in (1, 2, 3, 4):
        value = alphabeta(game, depth=depth, evaluate=open_lines_evaluation).value
        assert pvs(game, depth=depth, evaluate=open_lines_evaluation).value == value
        assert mtdf(game, depth=depth, evaluate=open_lines_evaluation).value == value
        assert aspiration(game, depth=depth, evaluate=open_lines_evaluation, guess=0.1,
                          width=0.05).value == value
    four = ConnectFour()
    for depth in (2, 3):
        value = alphabeta(four, depth=depth, evaluate=four.evaluate).value
        assert mtdf(four, depth=depth, evaluate=four.evaluate, order=threats_then_centre).value == value
        assert pvs(four, depth=depth, evaluate=four.evaluate).value == value


def test_side_by_side_on_tictactoe():
    rows = {row["search"]: row for row in compare_searches(TicTacToe())}
    assert {row["value"] for row in rows.values()} == {0}
    nodes = {name: row["nodes"] for name, row in rows.items()}
    assert nodes == {"minimax": 549946, "alphabeta": 18297, "pvs": 18016, "aspiration": 16811,
                     "mtdf": 4369, "solve": 1717}


def test_side_by_side_on_small_connect_four():
    rows = compare_searches(ConnectFour(4, 4), order=threats_then_centre,
                        searches=("alphabeta", "pvs", "mtdf", "solve"))
    assert [row["value"] for row in rows] == [0, 0, 0, 0]      # 4 x 4 is a draw
    nodes = {row["search"]: row["nodes"] for row in rows}
    assert nodes == {"alphabeta": 67921, "pvs": 65126, "mtdf": 15361, "solve": 10814}
    with pytest.raises(ValueError, match="search must be one of .* got 'negascout'"):
        compare_searches(AIMA, searches=("negascout",))


def test_side_by_side_offers_pvs_with_a_table():
    """The table, which mtdf and solve keep and plain pvs does not, explains most of their lead."""
    rows = {row["search"]: row for row in compare_searches(TicTacToe(), searches=("pvs", "pvs+table", "mtdf"))}
    assert rows["pvs+table"]["value"] == 0
    assert rows["pvs+table"]["nodes"] == pvs(TicTacToe(), table=TranspositionTable()).nodes == 4532
    assert rows["mtdf"]["nodes"] < rows["pvs+table"]["nodes"] < rows["pvs"]["nodes"] / 3
    assert "pvs+table" not in [row["search"] for row in compare_searches(AIMA)]


@pytest.mark.parametrize("call, message", [
    (lambda: pvs(AIMA, alpha=5, beta=1), "alpha < beta"),
    (lambda: pvs(AIMA, alpha=math.nan), "alpha must be a number"),
    (lambda: pvs(AIMA, depth=0), "needs evaluate"),
    (lambda: pvs(AIMA, depth=-1, evaluate=lambda s: 0), "depth must be a whole number"),
    (lambda: null_window(AIMA, test=math.nan), "test must be a finite number"),
    (lambda: null_window(AIMA, test=math.inf), "test must be a finite number"),
    (lambda: aspiration(AIMA, guess=math.nan, width=1), "guess must be a finite number"),
    (lambda: aspiration(AIMA, guess=0, width=0), "width must be > 0"),
    (lambda: aspiration(AIMA, guess=0, width=-1), "width must be > 0"),
    (lambda: aspiration(AIMA, guess=True, width=1), "guess must be a finite number"),
    (lambda: mtdf(AIMA, guess=math.nan), "guess must be a finite number"),
    (lambda: mtdf(AIMA, guess="3"), "guess must be a finite number"),
    (lambda: mtdf(AIMA, depth=2.5, evaluate=lambda s: 0), "depth must be a whole number"),
])
def test_bad_input_is_refused(call, message):
    with pytest.raises(ValueError, match=message):
        call()


def test_a_table_of_another_game_is_refused():
    table = TranspositionTable()
    mtdf(AIMA, table=table)
    with pytest.raises(ValueError, match="use a new TranspositionTable"):
        pvs([[1, 2], [3]], table=table)


def test_a_table_kept_between_searches_answers_at_the_root():
    game = TicTacToe()
    state = game.state("X...O....")
    table = TranspositionTable()
    first = pvs(game, state, table=table)
    again = pvs(game, state, table=table)          # the root's exact entry settles it at once
    assert again.nodes == 1 and (again.value, again.move) == (first.value, first.move)
    later = mtdf(game, state, table=table)
    assert later.value == first.value and later.move is not None
    assert alphabeta(game, game.result(state, later.move)).value == first.value


def proof_first(test):
    """An ordering that tries first, at every node, a child whose answer to the test is the node's
    and whose smallest proof is the smallest (smallest_proof and minimax, never the search itself,
    each remembered by position: one ordering serves one game)."""
    answers, proofs = {}, {}

    def answer(game, state):
        if state not in answers:
            answers[state] = minimax(game, state).value >= test
        return answers[state]

    def order(game, state, actions, path):
        def key(action):
            child = game.result(state, action)
            if child not in proofs:
                proofs[child] = smallest_proof(game, child, test=test)
            return answer(game, child) != answer(game, state), proofs[child]
        return sorted(actions, key=key)
    return order


def test_smallest_proof_is_the_floor_every_order_reaches_only_with_the_proof_first():
    """No null-window search visits fewer nodes than smallest_proof, whatever its order; the search
    that tries the smallest proof's move first visits exactly that many."""
    checked = 0
    for game in list(games())[:600]:
        if game.is_terminal(game.initial):
            continue
        value = minimax(game).value
        for test in {value, value + 0.5, value - 0.5}:
            floor = smallest_proof(game, test=test)
            for order in (None, exact_order(game)):
                assert null_window(game, test=test, order=order).nodes >= floor, (game, test)
            assert null_window(game, test=test, order=proof_first(test)).nodes == floor, (game, test)
            checked += 1
    assert checked > 1000


def test_smallest_proof_of_tic_tac_toe_against_the_searches():
    """Lesson 5's figures: the no to 'can X win?' needs a proof of 1,280 nodes, the yes to 'can X
    draw?' one of 182; the searches visit 16,159 and 966."""
    game = TicTacToe()
    assert {test: smallest_proof(game, test=test) for test in (0.5, -0.5)} == {0.5: 1280, -0.5: 182}
    assert {test: null_window(game, test=test).nodes for test in (0.5, -0.5)} == {0.5: 16159, -0.5: 966}


def test_smallest_proof_refuses_a_test_that_is_not_a_finite_number():
    for test in (math.inf, math.nan, "0.5", None):
        with pytest.raises(ValueError, match="test"):
            smallest_proof(AIMA, test=test)
