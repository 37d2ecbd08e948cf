"""Tests for minimax_lab.search.ordering: each ordering is a deterministic, stable permutation of the
actions; exact node counts on AIMA Fig. 5.2 and tic-tac-toe; killers, history, iterative deepening."""

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from minimax_lab import (
    ByEvaluation,
    Combined,
    History,
    Killers,
    PVFirst,
    RandomOrder,
    TicTacToe,
    TreeGame,
    alphabeta,
    as_given,
    best_first,
    exact_values,
    iterative_deepening,
    minimax,
    random_tree,
    wins_first,
    worst_first,
)

AIMA = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]  # AIMA 4th ed., Fig. 5.2
CENTRE_CORNERS_EDGES = (4, 0, 2, 6, 8, 1, 3, 5, 7)


def lines_open(state):
    """MAX's evaluation of a tic-tac-toe board: lines still open to X minus lines open to O."""
    from minimax_lab.games.tictactoe import LINES
    marks = [{state.board[i] for i in line} for line in LINES]
    return sum("O" not in m for m in marks) - sum("X" not in m for m in marks)


def test_aima_counts_per_ordering():
    counts = {name: alphabeta(AIMA, order=order).leaves for name, order in
              [("given", None), ("as_given", as_given), ("best", best_first), ("worst", worst_first)]}
    assert counts == {"given": 7, "as_given": 7, "best": 5, "worst": 9}
    assert best_first(TreeGame(AIMA), (), (0, 1, 2), ()) == (0, 1, 2)   # 3, then 2 and 2 in order
    assert worst_first(TreeGame(AIMA), (), (0, 1, 2), ()) == (1, 2, 0)


@pytest.mark.slow
def test_tictactoe_counts():
    game = TicTacToe()
    values = exact_values(game)
    assert len(values) == 5478
    orderings = {
        "squares": None, "best": ByEvaluation(values.get), "worst": ByEvaluation(values.get, worst=True),
        "centre-corners-edges": lambda g, s, actions, p: sorted(actions, key=CENTRE_CORNERS_EDGES.index),
        "wins first": wins_first, "random": RandomOrder(1), "killers": Killers(), "history": History()}
    nodes = {name: alphabeta(game, order=order).nodes for name, order in orderings.items()}
    print(nodes)
    assert nodes == {"squares": 18297, "best": 2312, "worst": 198837, "centre-corners-edges": 7275,
                     "wins first": 7956, "random": 15027, "killers": 7107, "history": 12841}
    assert alphabeta(game, order=best_first).nodes == 2312   # the same ordering, by searching children


@settings(max_examples=60, deadline=None, database=None)
@given(st.integers(1, 4), st.integers(1, 4), st.integers(0, 10 ** 6), st.booleans())
def test_orderings_are_permutations_and_keep_the_value(branching, depth, seed, ragged):
    tree = random_tree(branching, depth, seed=seed, ragged=ragged)
    game = TreeGame(tree)
    value = minimax(game).value
    orderings = [as_given, best_first, worst_first, wins_first, RandomOrder(seed), Killers(), History(),
                 ByEvaluation(lambda path: sum(path)), PVFirst((0, 0)), Combined(Killers(), History())]
    for order in orderings:
        for path in game.nodes:
            actions = tuple(game.actions(path))
            assert sorted(order(game, path, actions, path)) == list(actions)
        assert alphabeta(game, order=order).value == value


def test_best_first_prunes_most_on_random_trees():
    for seed in range(20):
        tree = random_tree(3, 4, seed=seed, low=-10 ** 6, high=10 ** 6)
        best, given_, worst = (alphabeta(tree, order=o).leaves for o in (best_first, None, worst_first))
        assert best == 3 ** 2 + 3 ** 2 - 1 <= given_ <= worst <= 3 ** 4


def test_random_order_is_deterministic_per_node():
    game = TicTacToe()
    first = [RandomOrder(7)(game, game.initial, tuple(range(9)), path) for path in [(), (1,), (1, 2)]]
    again = [RandomOrder(7)(game, game.initial, tuple(range(9)), path) for path in [(), (1,), (1, 2)]]
    assert first == again and len(set(first)) == 3
    assert RandomOrder(7)(game, None, range(9), ()) != RandomOrder(8)(game, None, range(9), ())
    order = RandomOrder(3)
    assert alphabeta(game, order=order).nodes == alphabeta(game, order=order).nodes == 14927


def test_by_evaluation_sorts_for_the_side_to_move_stably():
    game = TreeGame([[1, 2], [3, 4], [5, 6], [0, 9]])
    evaluate = {(0,): 1, (1,): 5, (2,): 5, (3,): 0}.get
    assert ByEvaluation(evaluate)(game, (), (0, 1, 2, 3), ()) == (1, 2, 0, 3)   # MAX: high first
    assert ByEvaluation(evaluate, worst=True)(game, (), (0, 1, 2, 3), ()) == (3, 0, 1, 2)
    assert ByEvaluation(lambda s: 0)(game, (3,), (0, 1), (3,)) == (0, 1)       # MIN: leaves by value
    assert repr(ByEvaluation(lines_open)) == "ByEvaluation(lines_open)"


def test_wins_first():
    game = TicTacToe()
    state = game.state("XX.OO....")   # X to move wins at 2
    assert wins_first(game, state, game.actions(state), ())[0] == 2


def test_killers_learn_per_ply():
    killers = Killers(slots=2)
    for move in ("a", "b", "c", "b"):
        killers.cutoff(None, None, move, (0, 0))
    assert killers.moves == {2: ["b", "c"]}
    assert killers(None, None, ("a", "c", "d", "b"), (5, 5)) == ("b", "c", "a", "d")
    assert killers(None, None, ("a", "d"), (5,)) == ("a", "d")


def test_history_weights_cutoffs_near_the_root():
    game = TicTacToe()
    history = History()
    history.cutoff(game, game.initial, 8, ())          # one cutoff at the root: 1
    for _ in range(3):
        history.cutoff(game, game.initial, 3, (0, 1))  # three at ply 2: 3/4
    assert history(game, game.initial, tuple(range(9)), ()) == (8, 3, 0, 1, 2, 4, 5, 6, 7)
    o_to_move = game.state("X........")
    assert history(game, o_to_move, game.actions(o_to_move), (0,)) == game.actions(o_to_move)


def test_combined_breaks_ties_in_order_and_passes_cutoffs_on():
    killers, history = Killers(), History()
    order = Combined(PVFirst((2,)), killers, history)
    game = TicTacToe()
    order.cutoff(game, game.initial, 5, ())
    assert killers.moves == {0: [5]} and history.scores == {("X", 5): 1.0}
    assert order(game, game.initial, tuple(range(9)), ()) == (2, 5, 0, 1, 3, 4, 6, 7, 8)


def test_pv_first_only_on_the_line():
    order = PVFirst((4, 0, 8))
    assert order(None, None, (0, 4, 8), ()) == (4, 0, 8)
    assert order(None, None, (1, 0, 8), (4,)) == (0, 1, 8)
    assert order(None, None, (0, 1, 8), (4, 0)) == (8, 0, 1)
    assert order(None, None, (0, 1, 8), (3,)) == (0, 1, 8)
    assert order(None, None, (0, 1), (4, 0, 8)) == (0, 1)


@pytest.mark.slow
def test_iterative_deepening_on_tictactoe():
    game = TicTacToe()
    results = iterative_deepening(game, max_depth=9, evaluate=lines_open)
    assert [r.value for r in results][-1] == 0 and len(results) == 9
    assert [r.value for r in results] == [4, 1, 3, 1, 2, 1, 1, 0, 0]
    assert [r.nodes for r in results] == [10, 26, 104, 215, 800, 2030, 3226, 14077, 19173]
    for depth, result in enumerate(results, 1):
        assert result == alphabeta(game, depth=depth, evaluate=lines_open,
                                   order=PVFirst(results[depth - 2].pv if depth > 1 else ()))
    shared = iterative_deepening(game, max_depth=9, evaluate=lines_open, order=Killers())
    assert [r.nodes for r in shared][-2:] == [5253, 5789] and shared[-1].value == 0


def test_iterative_deepening_stops_when_exact():
    results = iterative_deepening(AIMA, max_depth=10, evaluate=lambda state: 0)
    assert len(results) == 2 and results[-1].value == 3 and results[0].value == 0


def dropping(game, state, actions, path):
    return tuple(actions)[1:]


def doubling(game, state, actions, path):
    return tuple(actions) + tuple(actions)[:1]


def inventing(game, state, actions, path):
    return tuple(actions) + (99,)


def forgetting(game, state, actions, path):
    actions = sorted(actions, reverse=True)  # forgets to return them


@pytest.mark.parametrize("order, error, words", [
    (dropping, ValueError, "the ordering dropping must return the actions [0, 1, 2] rearranged, "
                           "but returned [1, 2] (dropped [0])"),
    (doubling, ValueError, "but returned [0, 1, 2, 0] (repeated [0])"),
    (inventing, ValueError, "but returned [0, 1, 2, 99] (invented [99])"),
    (forgetting, TypeError, "node root: the ordering forgetting returned None, not a sequence of "
                            "the actions [0, 1, 2]"),
])
def test_an_ordering_must_return_the_actions_rearranged(order, error, words):
    with pytest.raises(error, match=re.escape(words)):
        alphabeta(AIMA, order=order)
