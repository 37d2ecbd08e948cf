"""Tests for minimax_lab.search.beyond: max^n with utility vectors, expectiminimax with chance nodes,
and modelling an imperfect opponent."""

import re
from fractions import Fraction as F

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from minimax_lab import (
    Chance,
    Nim,
    SearchResult,
    TicTacToe,
    Trace,
    alphabeta,
    bouton_moves,
    expectiminimax,
    maxn,
    minimax,
    model_opponent,
    random_tree,
)
from minimax_lab.core.trees import MAX_TREE_NODES
from minimax_lab.search.chance import expected_value
from minimax_lab.search.beyond import (
    check_chance_tree,
    check_vector_tree,
    coalition,
    deviations,
    follow,
    greedy_mover,
    guaranteed_value,
    model_search,
    playout_value,
    policy_value,
    random_mover,
    strategy_values,
    uniform,
)

# AIMA 4th ed. Fig. 5.4: the first three plies of a game with three players A, B, C.
AIMA_5_4 = [
    [[(1, 2, 6), (4, 2, 3)], [(6, 1, 2), (7, 4, 1)]],
    [[(5, 1, 1), (1, 5, 2)], [(7, 7, 1), (5, 4, 5)]],
]


def negated(tree):
    """A minimax tree as a two-player max^n tree: each leaf v becomes (v, -v)."""
    return [negated(child) for child in tree] if isinstance(tree, list) else (tree, -tree)


# --- max^n --------------------------------------------------------------------------------------

def test_aima_figure_5_4():
    result = maxn(AIMA_5_4, players=3)
    assert isinstance(result, SearchResult)
    # C picks (1,2,6), (6,1,2), (1,5,2), (5,4,5); B picks (1,2,6) and (1,5,2); A ties at 1 and
    # takes the first, as the figure's root shows.
    assert result.value == (1, 2, 6)
    assert result.move == 0 and result.pv == (0, 0, 0)
    assert (result.nodes, result.leaves) == (15, 8)


def test_each_level_answers_to_its_own_player():
    # Searched on its own, a subtree starts with player 0 again: A now picks at the bottom.
    assert maxn(AIMA_5_4[0][1], players=3).value == (7, 4, 1)
    assert maxn(AIMA_5_4[0][1], players=3).value != maxn(AIMA_5_4, players=3).value
    assert maxn(AIMA_5_4).value == (1, 2, 6)     # the number of players read from the leaves


def test_ties_go_to_the_first_child():
    assert maxn([(1, 0), (1, 5)], players=2).move == 0
    assert maxn([[(0, 1), (9, 1)]], players=2).pv == (0, 0)


def test_one_player_maximizes_alone():
    assert maxn([[(3,), (9,)], [(5,)]], players=1).value == (9,)


def test_a_leaf_at_the_root():
    assert maxn((1, 2)) == SearchResult((1, 2), None, (), 1, 1)


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 3), st.integers(1, 4), st.integers(0, 10_000))
def test_two_player_zero_sum_maxn_is_minimax(branching, depth, seed):
    tree = random_tree(branching, depth, seed=seed, ragged=True)
    by_maxn, by_minimax = maxn(negated(tree), players=2), minimax(tree)
    assert by_maxn.value == (by_minimax.value, -by_minimax.value)
    assert (by_maxn.move, by_maxn.pv, by_maxn.nodes, by_maxn.leaves) == \
        (by_minimax.move, by_minimax.pv, by_minimax.nodes, by_minimax.leaves)


@pytest.mark.parametrize("tree, players, error, message", [
    ([(1, 2), (3,)], None, ValueError, r"node \[1\]: leaf \(3,\) has 1 utilities, expected one for each of 2"),
    ([(1, 2, 3)], 2, ValueError, r"node \[0\]: leaf \(1, 2, 3\) has 3 utilities"),
    ([[(1, "x")]], None, TypeError, r"node \[0\]\[0\]: leaf 'x' is not a number"),
    ([[], [(1, 2)]], None, ValueError, r"node \[0\]: empty node"),
    ([5], None, TypeError, r"node \[0\]: 5 is neither a list"),
    ([(1, float("nan"))], None, ValueError, r"node \[0\]: leaf is NaN"),
    ([(1,)], 0, ValueError, r"players must be a whole number >= 1, got 0"),
    ([()], None, ValueError, r"node \[0\]: leaf \(\) has 0 utilities"),
])
def test_bad_vector_trees_are_refused(tree, players, error, message):
    with pytest.raises(error, match=message):
        maxn(tree, players=players)


# --- expectiminimax -----------------------------------------------------------------------------

COIN_GAME = [
    # Bet: a fair coin; heads MIN then chooses between 3 and 5, tails between 1 and 8.
    Chance([(F(1, 2), [3, 5]), (F(1, 2), [1, 8])]),
    # Roll: a fair die pays its face.
    Chance([(F(1, 6), face) for face in range(1, 7)]),
    # Stand: a sure 3.
    3,
]


def test_coin_game_exact_expected_values():
    result = expectiminimax(COIN_GAME)
    assert result.value == F(7, 2) and result.move == 1 and result.pv == (1,)
    assert expectiminimax(COIN_GAME[0], first="MIN").value == F(2)   # (min(3,5) + min(1,8)) / 2
    assert expectiminimax(COIN_GAME[1]).value == F(7, 2)
    # Every node is evaluated once: the root, 1 + 2 + 4 below the coin, 1 + 6 below the die, and
    # the sure 3; 11 of them leaves.
    assert (result.nodes, result.leaves) == (16, 11)


VALUES = st.one_of(st.floats(allow_nan=False), st.integers(-10**6, 10**6),
                   st.fractions(max_denominator=50), st.sampled_from([1e308, -1e308, 0.0, -0.0]))


@settings(max_examples=300)
@given(st.lists(st.tuples(st.fractions(min_value=0, max_value=1, max_denominator=10**9), VALUES),
                min_size=1, max_size=8))
def test_an_expected_value_is_the_sum_of_the_products_as_python_computes_them(outcomes):
    """Fraction * float goes a quicker way in expected_value than Fraction's own operator: the
    same value, of the same type, and a product too large for a float is refused as before."""
    try:
        plain = sum((p * v for p, v in outcomes), start=0)
    except OverflowError:
        with pytest.raises(ValueError, match="too large for a float"):
            expected_value(outcomes, "here")
        return
    if plain != plain:  # inf - inf: refused
        with pytest.raises(ValueError, match="undefined"):
            expected_value(outcomes, "here")
        return
    ours = expected_value(outcomes, "here")
    assert ours == plain and type(ours) is type(plain)


def test_min_moves_first():
    # MIN at the root, MAX below the coin: the bet is worth (5 + 8) / 2 to MAX, so MIN stands.
    assert expectiminimax(COIN_GAME[0]).value == F(13, 2)
    result = expectiminimax(COIN_GAME, first="MIN")
    assert (result.value, result.move) == (3, 2)


def test_chance_nodes_do_not_take_a_turn():
    # MAX, chance, MIN: the node below the coin belongs to MIN (backgammon's order).
    tree = [Chance([(0.5, [4, 0]), (0.5, [6, 2])])]
    assert expectiminimax(tree).value == 1.0
    # A chance node standing for MIN passes the turn back to MAX below it.
    modelled = Chance([(0.5, [4, 0]), (0.5, [6, 2])], player="MIN")
    assert expectiminimax([modelled]).value == 5.0


def test_without_chance_nodes_it_is_minimax():
    for seed in range(20):
        tree = random_tree(3, 3, seed=seed, ragged=True)
        by_chance, by_minimax = expectiminimax(tree), minimax(tree)
        assert (by_chance.value, by_chance.pv, by_chance.nodes) == (by_minimax.value, by_minimax.pv, by_minimax.nodes)


def test_a_chance_node_at_the_root():
    result = expectiminimax(Chance([(F(1, 4), [1, 2]), (F(3, 4), [5, 9])]))
    assert result.value == F(1, 4) * 2 + F(3, 4) * 9
    assert (result.move, result.pv) == (None, ())


def test_float_probabilities_within_tolerance():
    tree = Chance([(0.1, 10), (0.2, 20), (0.7, 30)])       # 0.1 + 0.2 + 0.7 != 1.0 in floats
    assert expectiminimax(tree).value == pytest.approx(26.0)


@pytest.mark.parametrize("tree, error, message", [
    ([1, Chance([(0.5, 1), (0.4, 2)])], ValueError, r"chance node \[1\]: the probabilities sum to 0.9, not 1"),
    ([[Chance([(1.5, 1), (-0.5, 2)])]], ValueError,
     r"chance node \[0\]\[0\]: the probability of outcome 1 is -0.5, which is negative"),
    (Chance([]), ValueError, r"chance node root: no outcomes"),
    (Chance([("1", 2)]), TypeError, r"chance node root: the probability of outcome 0 is '1', not a number"),
    (Chance([(1, 2, 3)]), ValueError, r"chance node root: outcome 0 is \(1, 2, 3\), not a"),
    ([Chance([(1, [])])], ValueError, r"node \[0\]\[0\]: empty node"),
    ([Chance([(1, "x")])], TypeError, r"node \[0\]\[0\]: leaf 'x' is not a number"),
])
def test_bad_chance_trees_are_refused_by_path(tree, error, message):
    with pytest.raises(error, match=message):
        expectiminimax(tree)


def test_bad_arguments():
    with pytest.raises(ValueError, match="first must be 'MAX' or 'MIN'"):
        expectiminimax([1], first="X")
    with pytest.raises(ValueError, match="stands for 'MAX', 'MIN' or nobody"):
        Chance([(1, 1)], player="C")
    with pytest.raises(AttributeError, match="immutable"):
        Chance([(1, 1)]).player = "MIN"


def test_chance_nodes_compare_and_print():
    a = Chance([(F(1, 2), 1), (F(1, 2), [2, 3])])
    assert a == Chance(((F(1, 2), 1), (F(1, 2), [2, 3]))) and a != Chance([(1, 1)])
    assert repr(Chance([(0.5, 1), (0.5, 2)], player="MIN")) == "Chance([(0.5, 1), (0.5, 2)], player='MIN')"
    assert hash(Chance([(1, 4)])) == hash(Chance([(1, 4)]))


def test_trace_records_every_node_once():
    trace = Trace()
    result = expectiminimax(COIN_GAME, trace=trace)
    assert len(trace.visited()) == result.nodes
    assert trace.values()[()] == F(7, 2)
    assert trace.values()[(0,)] == 2 and trace.values()[(0, 1)] == 1
    assert [e.player for e in trace if e.kind == "enter"][:3] == ["MAX", "CHANCE", "MIN"]
    assert "exit   [0] value=2" in trace.text()


def test_check_chance_tree_accepts_plain_trees():
    check_chance_tree([[1, 2], [3, Chance([(1, 4)])]])


# --- modelling the opponent ---------------------------------------------------------------------

def test_model_opponent_turns_min_nodes_into_chance():
    tree = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]
    modelled = model_opponent(tree)
    assert modelled[0] == Chance([(F(1, 3), 3), (F(1, 3), 12), (F(1, 3), 8)], player="MIN")
    result = expectiminimax(modelled)
    assert [expectiminimax([node]).value for node in modelled] == [F(23, 3), F(4), F(7)]
    assert result.value == F(23, 3) and result.move == 0


def test_a_model_can_beat_minimax_against_that_opponent():
    # A trap: option 1 loses 9 if MIN finds the one refutation, and wins 15 otherwise.
    tree = [[1, 1], [-9, 15]]
    assert minimax(tree).move == 0 and minimax(tree).value == 1
    assert expectiminimax(model_opponent(tree)).move == 1
    assert expectiminimax(model_opponent(tree)).value == F(3)    # a coin-flipping MIN: (-9 + 15) / 2
    never_captures = model_opponent(tree, lambda path, children: [0, 1] if path == (1,) else uniform(path, children))
    assert expectiminimax(never_captures).value == 15 and expectiminimax(never_captures).move == 1


def test_model_opponent_alternates_below_min():
    tree = [[[1, 7], [2, 3]]]          # MAX, MIN, MAX
    modelled = model_opponent(tree)
    assert modelled == [Chance([(F(1, 2), [1, 7]), (F(1, 2), [2, 3])], player="MIN")]
    assert expectiminimax(modelled).value == F(5)      # (max(1,7) + max(2,3)) / 2


# --- values, strategies and coalitions in max^n -------------------------------------------------

def test_values_and_choices_are_recorded_for_every_node():
    values, choices = {}, {}
    result = maxn(AIMA_5_4, players=3, values=values, choices=choices)
    assert values[()] == result.value and len(values) == result.nodes == 15
    assert [values[(i, j)] for i in (0, 1) for j in (0, 1)] == [(1, 2, 6), (6, 1, 2), (1, 5, 2), (5, 4, 5)]
    assert [values[(i,)] for i in (0, 1)] == [(1, 2, 6), (1, 5, 2)]
    assert choices == {(): 0, (0,): 0, (1,): 0, (0, 0): 0, (0, 1): 0, (1, 0): 1, (1, 1): 1}


def test_backward_induction_no_player_gains_by_deviating():
    values, choices = {}, {}
    maxn(AIMA_5_4, players=3, values=values, choices=choices)
    for path, choice in choices.items():
        mover = len(path) % 3
        children = [values[path + (i,)] for i in range(len(follow(AIMA_5_4, path)))]
        assert values[path] == children[choice]
        assert all(child[mover] <= values[path][mover] for child in children)



CENTIPEDE = [(1, 0), [(0, 2), [(3, 1), [(2, 4), (5, 3)]]]]


def test_backward_induction_has_no_deviations():
    for seed in range(200):
        tree = map_vectors(random_tree(2 + seed % 2, 1 + seed % 4, seed=seed, ragged=True), 2 + seed % 2)
        choices = {}
        maxn(tree, choices=choices)
        assert deviations(tree, choices) == []
    choices = {}
    maxn(AIMA_5_4, players=3, choices=choices)
    assert deviations(AIMA_5_4, choices, players=3) == []


def map_vectors(tree, players):
    """A minimax tree as a max^n tree of `players` players: leaf v becomes (v, 2v mod 7, ...)."""
    if isinstance(tree, list):
        return [map_vectors(child, players) for child in tree]
    return tuple((tree * (k + 1)) % 7 for k in range(players))


def test_strategy_values_follow_the_profile():
    passing = {(): 1, (1,): 1, (1, 1): 1, (1, 1, 1): 1}
    values = strategy_values(CENTIPEDE, passing)
    assert values[()] == values[(1,)] == values[(1, 1)] == values[(1, 1, 1)] == (5, 3)
    assert values[(0,)] == (1, 0)


@pytest.mark.parametrize("profile, found", [
    ({(): 1, (1,): 1, (1, 1): 1, (1, 1, 1): 1}, [(1, 1, 1)]),     # everyone passes: the last mover takes
    ({(): 1, (1,): 0, (1, 1): 1, (1, 1, 1): 0}, [(), (1,), (1, 1)]),
    ({(): 0, (1,): 0, (1, 1): 0, (1, 1, 1): 0}, []),               # backward induction
    ({(): 0, (1,): 1, (1, 1): 1, (1, 1, 1): 1}, [(), (1, 1, 1)]),  # [1][1][1] is off the path of play
])
def test_deviations_one_node_at_a_time(profile, found):
    assert deviations(CENTIPEDE, profile) == found


@pytest.mark.parametrize("profile, error, message", [
    ({(): 1, (1,): 1, (1, 1): 1}, ValueError, r"must choose a child 0 to 1 at node \[1\]\[1\]\[1\], got None"),
    ({(): 2, (1,): 1, (1, 1): 1, (1, 1, 1): 1}, ValueError, "at node root, got 2"),
    ({(): True, (1,): 1, (1, 1): 1, (1, 1, 1): 1}, ValueError, "got True"),
    ({(): 1, (1,): 1, (1, 1): 1, (1, 1, 1): 1, (0,): 0}, ValueError, r"chooses at \(0,\), which is not an inner node"),
    ([1, 1, 1, 1], TypeError, "a strategy is a dict"),
])
def test_bad_strategies_are_refused(profile, error, message):
    with pytest.raises(error, match=message):
        deviations(CENTIPEDE, profile)


def test_coalition_pays_members_their_total():
    tree = coalition(AIMA_5_4, members=(1, 2))
    assert tree[0][0][0] == (1, 8, 8) and tree[1][1][1] == (5, 9, 9)
    result = maxn(tree, players=3)
    assert follow(AIMA_5_4, result.pv) == (5, 4, 5)
    assert coalition((1, 2, 3), members=()) == (1, 2, 3)


# --- models of the opponent in a game -----------------------------------------------------------

def exact_policy(game):
    """MAX's minimax policy for a small game: the first move with the best exact value."""
    from minimax_lab.search.ordering import exact_values
    exact = exact_values(game)

    def policy(game, state):
        actions = game.actions(state)
        values = [exact[game.result(state, a)] for a in actions]
        return actions[values.index(max(values))]
    return policy


def test_random_and_greedy_movers():
    game = TicTacToe()
    state = game.state("XX.OO....")        # X to move: 2 wins at once
    assert greedy_mover(game, state) == [(2, 1)]
    state = game.state("XX.O.....")        # O to move: only 2 stops X winning at once
    assert greedy_mover(game, state) == [(2, 1)]
    assert random_mover(game, state) == [(a, F(1, 6)) for a in (2, 4, 5, 6, 7, 8)]


@pytest.mark.slow
def test_expectimax_against_a_random_or_greedy_tic_tac_toe_player():
    game = TicTacToe()
    against_random = model_search(game, random_mover)
    assert against_random.value == F(191, 192) and against_random.nodes == 5478
    assert policy_value(game, exact_policy(game), random_mover) == F(191, 192)
    against_greedy = model_search(game, greedy_mover)
    assert against_greedy.value == F(89, 96)
    # Minimax's own choices earn less against the greedy player than the model's do.
    assert policy_value(game, exact_policy(game), greedy_mover) == F(7, 8) < against_greedy.value


def test_expectimax_on_nim_with_a_perfect_model_is_minimax():
    game = Nim([1, 2, 3])

    def perfect(game, state):
        a = alphabeta(game, state).move
        return [(a, 1)]
    assert model_search(game, perfect).value == alphabeta(game).value == -1
    assert model_search(Nim([1, 2]), random_mover).value == 1       # B never gets a chance


def test_bad_models_are_refused():
    game = TicTacToe()
    first = game.result(game.initial, 4)
    with pytest.raises(ValueError, match="the model's moves in .*: the probabilities sum to 0.5, not 1"):
        model_search(game, lambda g, s: [(g.actions(s)[0], 0.5)])
    with pytest.raises(ValueError, match=r"node root: the model's moves in .*: the model plays 4, which is not legal there"):
        policy_value(game, exact_policy(game), lambda g, s: [(4, 1)], state=first)


def test_guaranteed_value_is_the_worst_case_of_a_policy():
    game = TicTacToe()
    assert guaranteed_value(game, exact_policy(game)) == 0          # minimax's own policy is safe

    def modelled(game, state):
        return model_search(game, greedy_mover, state).move
    assert guaranteed_value(game, modelled) == 0                    # so is playing against the model
    first_square = lambda game, state: game.actions(state)[0]      # noqa: E731
    assert guaranteed_value(game, first_square) == -1
    queen = [[1, 0], [-9, 12]]
    assert guaranteed_value(queen, lambda game, state: 1) == -9     # leaving the queen en prise
    bouton = lambda game, state: bouton_moves(state.heaps)[0]      # noqa: E731
    assert guaranteed_value(Nim([1, 2, 4]), bouton) == alphabeta(Nim([1, 2, 4])).value == 1


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 3), st.integers(1, 3), st.integers(0, 10 ** 6))
def test_playout_value_is_the_mean_over_every_line_of_play(branching, depth, seed):
    tree = random_tree(branching, depth, seed=seed)      # uniform: every leaf equally likely
    leaves = tree
    while any(isinstance(leaf, list) for leaf in leaves):
        leaves = [x for leaf in leaves for x in (leaf if isinstance(leaf, list) else [leaf])]
    assert playout_value(tree) == F(sum(leaves), len(leaves))


def test_playout_value_on_games():
    game = TicTacToe()
    assert playout_value(game, game.state("XXXOO....")) == 1
    trap = game.state("X...O...X")                       # O to move: a corner loses, an edge draws
    averages = {a: playout_value(game, game.result(trap, a)) for a in game.actions(trap)}
    assert averages == {1: F(-1, 10), 2: F(-1, 6), 3: F(-1, 10), 5: F(-1, 10), 6: F(-1, 6), 7: F(-1, 10)}
    assert playout_value(Nim([1, 1])) == -1 and playout_value(Nim([1, 2])) == 0


# --- bad input found by trying the modules as a new user would ---------------------------------

def doubled(leaf, times):
    """A tree that reuses one list at every level: 2^times copies of `leaf`, in times + 1 lists."""
    tree = [leaf, leaf]
    for _ in range(times):
        tree = [tree, tree]
    return tree


TOO_BIG = re.escape(f"more than MAX_TREE_NODES = {MAX_TREE_NODES:,} nodes")


@pytest.mark.parametrize("search", [
    lambda: maxn(doubled((1, 2), 40)),
    lambda: coalition(doubled((1, 2), 40), (0,)),
    lambda: expectiminimax(doubled(1, 40)),
    lambda: expectiminimax(doubled(Chance([(1, 1)]), 40)),
    lambda: model_opponent(doubled(1, 40)),
])
def test_trees_that_reuse_a_list_too_often_are_refused_at_once(search):
    with pytest.raises(ValueError, match=TOO_BIG):
        search()


def test_every_search_returns_a_search_result():
    assert isinstance(maxn(AIMA_5_4), SearchResult)
    assert isinstance(expectiminimax(COIN_GAME), SearchResult)
    assert isinstance(model_search(Nim([1, 2]), random_mover), SearchResult)


def test_model_search_takes_a_bare_tree_like_the_other_searches():
    result = model_search([[3, 12], [2, 9]], random_mover)
    assert (result.value, result.move, result.pv) == (F(15, 2), 0, (0,))
    assert model_search([[3, 12], [2, 9]], lambda game, state: [(min(game.actions(state),
                        key=lambda a: game.utility(game.result(state, a), "MAX")), 1)]).value == 3


def test_huge_integer_leaves_are_numbers_everywhere():
    assert maxn([(10 ** 400, 1), (2, 3)]).value == (10 ** 400, 1)
    assert expectiminimax([Chance([(F(1, 2), 10 ** 400), (F(1, 2), 0)]), 1]).value == 10 ** 400 / F(2)


@pytest.mark.parametrize("model, message", [
    (lambda path, children: [1], "the model at node [0] gave 1 probabilities for 2 children"),
    (lambda path, children: [F(1, 3)] * 3, "the model at node [0] gave 3 probabilities for 2 children"),
    (lambda path, children: [float("nan"), 1], "the model at node [0]: the probability of outcome 0 is nan"),
    (lambda path, children: [0.5, 0.4], "the model at node [0]: the probabilities sum to 0.9, not 1"),
    (lambda path, children: None, "the model at node [0] returned None, not a sequence of probabilities"),
    ("uniform", "the model must be a function model(path, children), not 'uniform'"),
])
def test_bad_opponent_models_are_refused_naming_the_node(model, message):
    with pytest.raises((TypeError, ValueError), match=re.escape(message)):
        model_opponent([[1, 2], [3, 4]], model)


@pytest.mark.parametrize("tree, players, error, message", [
    ([(True, 1)], None, TypeError, "node [0]: leaf True is not a number"),
    ([(1, 2)], True, ValueError, "players must be a whole number >= 1, got True"),
    ([(1, 2)], 2.0, ValueError, "players must be a whole number >= 1, got 2.0"),
    ((1, 2), 0, ValueError, "players must be a whole number >= 1, got 0"),
    (5, None, TypeError, "node root: 5 is neither a list (a node) nor a tuple of utilities (a leaf)"),
    ("ab", None, TypeError, "node root: 'ab' is neither a list"),
    ([[(1, 2)], {"a": 1}], None, TypeError, "node [1]: {'a': 1} is neither a list"),
])
def test_more_bad_vector_trees_are_refused(tree, players, error, message):
    with pytest.raises(error, match=re.escape(message)):
        maxn(tree, players=players)


def test_a_vector_tree_that_contains_itself_is_a_cycle():
    tree: list = [(1, 2)]
    tree.append(tree)
    with pytest.raises(ValueError, match=re.escape("node [1]: the tree contains itself (a cycle)")):
        check_vector_tree(tree)


@pytest.mark.parametrize("tree, error, message", [
    ([1, True], TypeError, "node [1]: leaf True is not a number"),
    ([1, Chance([(float("nan"), 1)])], TypeError, "chance node [1]: the probability of outcome 0 is nan"),
    ([1, Chance([(True, 1)])], TypeError, "chance node [1]: the probability of outcome 0 is True"),
    ((1, 2), TypeError, "node root: leaf (1, 2) is not a number"),
    ("ab", TypeError, "node root: leaf 'ab' is not a number"),
])
def test_more_bad_chance_trees_are_refused(tree, error, message):
    with pytest.raises(error, match=re.escape(message)):
        expectiminimax(tree)


@pytest.mark.parametrize("outcomes, message", [
    (5, "a chance node needs a sequence of (probability, subtree) pairs, not 5"),
    ("ab", "a chance node needs a sequence of (probability, subtree) pairs, not 'ab'"),
    ([0.5, 0.5], "outcome 0 of a chance node is 0.5, not a (probability, subtree) pair"),
])
def test_chance_nodes_need_pairs(outcomes, message):
    with pytest.raises(TypeError, match=re.escape(message)):
        Chance(outcomes)


def test_expectiminimax_traces_nothing_by_default():
    assert expectiminimax(COIN_GAME) == expectiminimax(COIN_GAME, trace=Trace())


@pytest.mark.parametrize("members, message", [
    ((1, 3), "coalition members are players 0 to 2, got 3"),
    ((True,), "coalition members are players 0 to 2, got True"),
    ((-1,), "coalition members are players 0 to 2, got -1"),
])
def test_coalition_members_must_be_players(members, message):
    with pytest.raises(ValueError, match=re.escape(message)):
        coalition(AIMA_5_4, members)


@pytest.mark.parametrize("line, message", [
    ((0, 2), "node [0] has children 0 to 1, so the line (0, 2) cannot go on to 2"),
    ((0, 0, 0, 0), "node [0][0][0] is a leaf, so the line (0, 0, 0, 0) cannot go on to 0"),
    (("0",), "node root has children 0 to 1, so the line ('0',) cannot go on to '0'"),
])
def test_follow_names_where_a_line_leaves_the_tree(line, message):
    assert follow(AIMA_5_4, (1, 1, 0)) == (7, 7, 1)
    with pytest.raises(ValueError, match=re.escape(message)):
        follow(AIMA_5_4, line)


def test_bad_policies_are_refused_naming_the_node():
    with pytest.raises(ValueError, match=re.escape("node root: the policy plays 5 in (), which is not legal")):
        guaranteed_value([[1, 2], [3, 4]], lambda game, state: 5)


@pytest.mark.parametrize("model, error, message", [
    (lambda game, state: None, TypeError, "the model returned None, not (action, probability) pairs"),
    (lambda game, state: [0], TypeError, "0 is not an (action, probability) pair"),
    (lambda game, state: [(0, float("nan")), (1, 1)], TypeError, "the probability of outcome 0 is nan"),
])
def test_bad_game_models_are_refused(model, error, message):
    with pytest.raises(error, match=re.escape(message)):
        model_search([[1, 2], [3, 4]], model)


def test_a_float_probability_times_a_huge_int_is_refused_by_path():
    with pytest.raises(ValueError, match=re.escape("chance node [0]: a probability times a value is too large")):
        expectiminimax([Chance([(0.5, 10 ** 400), (0.5, 0)])])
    with pytest.raises(ValueError, match=re.escape("node [0]: a probability times a value is too large")):
        model_search([[10 ** 400, 0]], lambda game, state: [(0, 0.5), (1, 0.5)])
    assert expectiminimax([Chance([(F(1, 2), 10 ** 400), (F(1, 2), 0)])]).value == F(10 ** 400, 2)
