"""Tests for minimax_lab.search: minimax, negamax and alpha-beta against references written from the
definitions (not copies of the searches), exact textbook figures, and errors on bad input."""

import math
import random
import re
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from minimax_lab import (
    INF,
    SearchResult,
    TicTacToe,
    Trace,
    TreeGame,
    UniformTree,
    alphabeta,
    minimax,
    negamax,
    random_tree,
    validate_tree,
)
from minimax_lab.core.trees import MAX_TREE_DEPTH
from minimax_lab.heuristics.connect_four import ConnectFour
from minimax_lab.search.solve import solve

AIMA = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]  # AIMA 4th ed., Fig. 5.2
SEARCHES = [minimax, negamax, alphabeta]


def settings_for(n):
    return settings(max_examples=n, deadline=None, database=None, print_blob=True,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


# --- references, from the definitions ----------------------------------------------------------

def is_node(x):
    return isinstance(x, (list, tuple))


def value_of(tree, maximizing=True):
    """Minimax value of a small nested-list tree, straight from the definition."""
    if not is_node(tree):
        return tree
    values = [value_of(child, not maximizing) for child in tree]
    return max(values) if maximizing else min(values)


def maximizing_at(path, first):
    return (len(path) % 2 == 0) == (first == "MAX")


def all_values(tree, first="MAX"):
    """Minimax value of every node, by path."""
    nodes = validate_tree(tree)
    return {path: value_of(node, maximizing_at(path, first)) for path, node in nodes.items()}


def clamp(x, lo, hi):
    return min(max(x, lo), hi)


def examined_by_definition(tree, first="MAX", alpha=-INF, beta=INF):
    """The nodes alpha-beta examines, in search order, by Knuth & Moore's characterization.

    A node p is examined iff lo(p) < hi(p), where lo(p) is the largest of `alpha` and the minimax
    values of the left siblings of every node on the path to p whose parent is a MAX node, and
    hi(p) the smallest of `beta` and those whose parent is a MIN node. (The root is always
    examined.) Nothing of the search is replayed: only the tree's minimax values are used.
    """
    values = all_values(tree, first)
    examined = []
    for path in sorted(values):  # lexicographic order of paths is depth-first order
        lo, hi = alpha, beta
        for k in range(1, len(path) + 1):
            parent, index = path[:k - 1], path[k - 1]
            siblings = [values[parent + (j,)] for j in range(index)]
            if maximizing_at(parent, first):
                lo = max([lo] + siblings)
            else:
                hi = min([hi] + siblings)
        if not path or lo < hi:
            examined.append(path)
    return examined


def subtree_size(nodes, root):
    return sum(1 for path in nodes if path[:len(root)] == root)


def follow(game, pv):
    state = game.initial
    for action in pv:
        state = game.result(state, action)
    return state


# --- strategies --------------------------------------------------------------------------------

VALUES = st.one_of(st.integers(-3, 3), st.sampled_from([-INF, INF, 0.5, -1.5, 2.0, -0.0]))


def build_tree(items, max_depth=6):
    """Grow a tree depth-first from a flat list of (children, leaf value) items: a node with 0
    children (or at max_depth) is a leaf; once the items run out, the remaining leaves are 0.
    The root is always a node. (Flat lists draw and shrink much faster than recursive strategies.)"""
    items = iter(items)

    def grow(depth):
        arity, value = next(items, (0, 0))
        if depth == 0:
            arity = max(arity, 1)
        if arity == 0 or depth == max_depth:
            return value
        return [grow(depth + 1) for _ in range(arity)]
    return grow(0)


TREES = st.lists(st.tuples(st.sampled_from([0, 0, 1, 2, 3, 4]), VALUES), min_size=1, max_size=30).map(build_tree)
FIRST = st.sampled_from(["MAX", "MIN"])
BOUNDS = [-INF, -3, -2, -1.5, -1, 0, 0.5, 1, 2, 3, INF]
WINDOWS = st.lists(st.sampled_from(BOUNDS), min_size=2, max_size=2, unique=True).map(sorted)


# --- exact figures -----------------------------------------------------------------------------

def test_aima_figure_5_2():
    m, n, a = minimax(AIMA), negamax(AIMA), alphabeta(AIMA)
    assert m == SearchResult(value=3, move=0, pv=(0, 0), nodes=13, leaves=9)
    assert n == SearchResult(value=3, move=0, pv=(0, 0), nodes=13, leaves=9)
    assert a == SearchResult(value=3, move=0, pv=(0, 0), nodes=11, leaves=7)
    trace = Trace()
    alphabeta(AIMA, trace=trace)
    assert trace.pruned() == [(1, 1), (1, 2)]
    assert trace.leaf_values() == [3, 12, 8, 2, 14, 5, 2]
    assert trace.leaves() == [(0, 0), (0, 1), (0, 2), (1, 0), (2, 0), (2, 1), (2, 2)]
    assert len(trace.visited()) == 11


def test_aima_tree_with_min_at_the_root():
    game = TreeGame(AIMA, first="MIN")  # MIN picks among MAX nodes worth 12, 6 and 14
    assert minimax(game) == SearchResult(value=6, move=1, pv=(1, 2), nodes=13, leaves=9)
    assert negamax(game) == SearchResult(value=-6, move=1, pv=(1, 2), nodes=13, leaves=9)
    result = alphabeta(game)
    assert (result.value, result.move, result.pv) == (6, 1, (1, 2))
    assert result.nodes == len(examined_by_definition(AIMA, "MIN"))


@pytest.mark.slow
def test_tic_tac_toe_minimax():
    assert minimax(TicTacToe()) == SearchResult(value=0, move=0, pv=(0, 4, 1, 2, 6, 3, 5, 7, 8),
                                                nodes=549_946, leaves=255_168)


@pytest.mark.slow
def test_tic_tac_toe_negamax():
    result = negamax(TicTacToe())
    assert (result.value, result.nodes, result.leaves) == (0, 549_946, 255_168)


def test_tic_tac_toe_alphabeta_in_square_order():
    result = alphabeta(TicTacToe())
    assert (result.value, result.move, result.nodes, result.leaves) == (0, 0, 18_297, 7_330)


def test_tic_tac_toe_positions():
    game = TicTacToe()
    for board, value in [("X...O....", 0), ("XX.OO....", 1), ("XX.OO...X", -1), ("X.O......", 1),
                         ("XOXOXO...", 1), ("XOX.O....", 0)]:
        s = game.state(board)
        sign = 1 if game.to_move(s) == "X" else -1
        assert minimax(game, s).value == alphabeta(game, s).value == value
        assert negamax(game, s).value == sign * value


def test_tic_tac_toe_depth_limited_counts():
    result = minimax(TicTacToe(), depth=2, evaluate=lambda s: 0)
    assert (result.value, result.nodes, result.leaves) == (0, 1 + 9 + 72, 72)


# --- the three searches agree, on thousands of random trees ------------------------------------

def check_agreement(tree, first):
    game = TreeGame(tree, first=first)
    nodes = validate_tree(tree)
    values = all_values(tree, first)
    true = values[()]
    sign = 1 if first == "MAX" else -1
    best_first = next(i for i in range(len(tree)) if values[(i,)] == true)

    m, n, a, h = minimax(game), negamax(game), alphabeta(game), alphabeta(game, fail_hard=True)
    assert m.value == a.value == h.value == true
    assert n.value == sign * true  # negamax: from the side to move at the root
    for result in (m, n, a, h):
        assert result.move == best_first  # the first best action, in action order
        assert result.pv[0] == result.move
        leaf = follow(game, result.pv)
        assert game.is_terminal(leaf) and nodes[leaf] == true  # the pv ends where the value comes from
    for result in (m, n):
        assert result.nodes == len(nodes)
        assert result.leaves == sum(not is_node(x) for x in nodes.values())
    assert a.nodes <= m.nodes and a.leaves <= m.leaves


@settings_for(500)
@given(TREES, FIRST)
@pytest.mark.slow
def test_searches_agree_on_random_trees(tree, first):
    check_agreement(tree, first)


@pytest.mark.slow
def test_searches_agree_on_seeded_random_trees():
    rng = random.Random(20240501)
    specials = [-INF, INF, 0.5, -2.5]
    for seed in range(1500):
        tree = random_tree(rng.randint(1, 4), rng.randint(1, 5), seed=seed, low=-4, high=4, ragged=True)
        if seed % 3 == 0:  # sprinkle floats and infinities over the leaves
            nodes = validate_tree(tree)
            for path in nodes:
                if path and not is_node(nodes[path]) and rng.random() < 0.25:
                    parent = tree
                    for i in path[:-1]:
                        parent = parent[i]
                    parent[path[-1]] = rng.choice(specials)
        for first in ("MAX", "MIN"):
            check_agreement(tree, first)
            trace = Trace()
            result = alphabeta(TreeGame(tree, first=first), trace=trace)
            assert trace.visited() == examined_by_definition(tree, first)
            assert result.nodes == len(trace.visited())


# --- alpha-beta with a window: the bound contract ----------------------------------------------

@settings_for(500)
@given(TREES, FIRST, WINDOWS)
@pytest.mark.slow
def test_alphabeta_window_contract(tree, first, window):
    """With alpha < beta and the true minimax value t, alpha-beta returns v such that:
    fail-soft: alpha < v < beta => v == t;  v <= alpha => t <= v;  v >= beta => t >= v
               (so v <= alpha iff t <= alpha, and v >= beta iff t >= beta);
    fail-hard: v == min(max(t, alpha), beta), i.e. the fail-soft value clamped into [alpha, beta],
               and it examines the same nodes."""
    alpha, beta = window
    game = TreeGame(tree, first=first)
    true = value_of(tree, first == "MAX")
    soft_trace, hard_trace = Trace(), Trace()
    soft = alphabeta(game, alpha=alpha, beta=beta, trace=soft_trace).value
    hard = alphabeta(game, alpha=alpha, beta=beta, fail_hard=True, trace=hard_trace).value

    if alpha < soft < beta:
        assert soft == true
    if soft <= alpha:
        assert true <= soft
    if soft >= beta:
        assert true >= soft
    assert (soft <= alpha) == (true <= alpha) and (soft >= beta) == (true >= beta)

    assert hard == clamp(true, alpha, beta) == clamp(soft, alpha, beta)
    assert hard_trace.visited() == soft_trace.visited() == examined_by_definition(tree, first, alpha, beta)
    assert all(alpha <= e.value <= beta for e in hard_trace if e.kind == "exit" and e.path == ())


# --- alpha-beta's counts against brute force ---------------------------------------------------

@pytest.mark.slow
@settings_for(300)
@given(TREES, FIRST)
def test_alphabeta_visits_exactly_the_nodes_the_definition_says(tree, first):
    nodes = validate_tree(tree)
    trace = Trace()
    result = alphabeta(TreeGame(tree, first=first), trace=trace)
    expected = examined_by_definition(tree, first)

    assert trace.visited() == expected
    assert result.nodes == len(trace.visited()) == len(expected)
    assert result.leaves == len(trace.leaves()) == sum(not is_node(nodes[p]) for p in expected)
    assert trace.leaves() == [p for p in expected if not is_node(nodes[p])]
    assert trace.leaf_values() == [nodes[p] for p in trace.leaves()]
    # what was not visited is exactly the pruned subtrees, whose roots are children of visited nodes
    pruned = trace.pruned()
    assert result.nodes + sum(subtree_size(nodes, p) for p in pruned) == len(nodes)
    examined = set(expected)
    assert pruned == [p for p in sorted(nodes) if p not in examined and p[:-1] in examined]


def test_alphabeta_visits_on_the_aima_tree_by_definition():
    assert examined_by_definition(AIMA) == [(), (0,), (0, 0), (0, 1), (0, 2), (1,), (1, 0),
                                            (2,), (2, 0), (2, 1), (2, 2)]


# --- move ordering: Knuth & Moore's best case, and the worst case ------------------------------

def distinct_uniform_tree(b, d, rng):
    """A uniform tree whose b**d leaves are a random permutation of 0..b**d-1 (all distinct)."""
    leaves = iter(rng.sample(range(b ** d), b ** d))

    def grow(k):
        return next(leaves) if k == 0 else [grow(k - 1) for _ in range(b)]
    return grow(d)


def sort_children(tree, maximizing=True, best_first=True):
    """Reorder every node's children best-first (or worst-first) for the side to move there."""
    if not is_node(tree):
        return tree
    children = [sort_children(child, not maximizing, best_first) for child in tree]
    children.sort(key=lambda child: value_of(child, not maximizing), reverse=maximizing == best_first)
    return children


SHAPES = [pytest.param(b, d, marks=pytest.mark.slow) if b ** d > 2000 else (b, d) for b in range(2, 6) for d in range(1, 7)]
"""Branching factors and depths of the uniform trees searched; those of more than 2,000 leaves take half
a second or more, marked slow."""


@pytest.mark.parametrize("b, d", SHAPES)
def test_perfect_ordering_examines_the_knuth_moore_minimum(b, d):
    rng = random.Random(b * 100 + d)
    minimum = b ** math.ceil(d / 2) + b ** (d // 2) - 1
    for _ in range(2 if b ** d < 5000 else 1):
        tree = distinct_uniform_tree(b, d, rng)
        best = sort_children(tree)
        result = alphabeta(best)
        assert result.leaves == minimum
        assert result.value == value_of(tree) and result.pv == (0,) * d
        assert minimax(best).leaves == b ** d
        worst = sort_children(tree, best_first=False)
        trace = Trace()
        assert alphabeta(worst, trace=trace).leaves == sum(
            len(p) == d for p in examined_by_definition(worst))
        if d <= 3:  # worst-first ordering prunes nothing down to 3 plies...
            assert trace.pruned() == [] and len(trace.leaves()) == b ** d


def test_worst_first_ordering_still_has_deep_cutoffs():
    # ...but from 4 plies on, a deep cutoff can still prune: ordering each node's children
    # worst-first for the side to move does not make alpha-beta examine all b**d leaves.
    tree = [[[[11, 8], [13, 12]], [[9, 3], [15, 4]]], [[[10, 2], [14, 6]], [[1, 0], [7, 5]]]]
    assert sort_children(tree, best_first=False) == tree  # distinct leaves, ordered worst-first
    trace = Trace()
    result = alphabeta(tree, trace=trace)
    assert (result.value, result.leaves) == (5, 15)
    assert trace.pruned() == [(1, 1, 0, 1)]
    # the MIN node [1][1][0] is cut off by alpha = 4, which MAX secured at the root, 3 plies up
    (cut,) = [e for e in trace.cutoffs() if e.pruned]
    assert (cut.path, cut.value, cut.alpha, cut.beta) == ((1, 1, 0), 1, 4, 1)


def no_pruning_tree(b, d, rng, maximizing=True, lo=Fraction(0), hi=Fraction(1), target=Fraction(1, 2)):
    """A tree of value `target` in which every child's value lies strictly inside the window
    alpha-beta gives it, so no window ever closes: the worst case, b**d leaves."""
    if d == 0:
        return target
    # b-1 random values strictly between the window's edge and the target, then the target itself
    edge = lo if maximizing else hi
    steps = sorted(rng.sample(range(1, 10 ** 9), b - 1)) + [10 ** 9]
    values = [edge + (target - edge) * Fraction(step, 10 ** 9) for step in steps]
    if maximizing:  # values climb lo < v1 < ... < vb == target; child i's window is (v[i-1], hi)
        windows = [(lo if i == 0 else values[i - 1], hi) for i in range(b)]
    else:  # values fall hi > w1 > ... > wb == target; child i's window is (lo, w[i-1])
        windows = [(lo, hi if i == 0 else values[i - 1]) for i in range(b)]
    return [no_pruning_tree(b, d - 1, rng, not maximizing, wlo, whi, v) for v, (wlo, whi) in zip(values, windows)]


@pytest.mark.parametrize("b, d", SHAPES)
def test_worst_case_examines_every_leaf(b, d):
    tree = no_pruning_tree(b, d, random.Random(b * 10 + d))
    leaves = [x for x in validate_tree(tree).values() if not is_node(x)]
    assert len(set(leaves)) == len(leaves) == b ** d  # distinct leaves
    assert sort_children(tree, best_first=False) == tree  # and ordered worst-first
    result = alphabeta(tree)
    assert result.leaves == b ** d and result.value == Fraction(1, 2)


# --- implicit trees ----------------------------------------------------------------------------

def materialize(game, state=None):
    """Write out the tree a game spans as nested lists of MAX's utilities, via the protocol only."""
    state = game.initial if state is None else state
    if game.is_terminal(state):
        return game.utility(state, game.max_player)
    return [materialize(game, game.result(state, a)) for a in game.actions(state)]


@pytest.mark.parametrize("b, d, seed", [(1, 3, 0), (2, 1, 1), (2, 6, 2), (3, 4, 3), (4, 3, 4), (5, 4, 5),
                                        (3, 5, 6), (7, 2, 7)])
def test_uniform_tree_equals_its_materialization(b, d, seed):
    game = UniformTree(b, d, seed=seed)
    tree = TreeGame(materialize(game))
    nodes = (b ** (d + 1) - 1) // (b - 1) if b > 1 else d + 1
    m = minimax(game)
    assert m == minimax(tree)
    assert (m.nodes, m.leaves) == (nodes, b ** d)
    assert m.value == value_of(tree.tree)
    assert negamax(game) == negamax(tree)
    implicit, explicit = Trace(), Trace()
    assert alphabeta(game, trace=implicit) == alphabeta(tree, trace=explicit)
    assert implicit.text() == explicit.text()  # paths are actions, so the traces are identical


def test_uniform_tree_of_depth_zero_is_a_leaf():
    game = UniformTree(3, 0, seed=9)
    expected = game.utility((0, 0), "MAX")
    for search in SEARCHES:
        assert search(game) == SearchResult(value=expected, move=None, pv=(), nodes=1, leaves=1)


# --- depth-limited search ----------------------------------------------------------------------

def evaluate_path(path):
    """A made-up evaluation of a TreeGame state (a path), MAX's point of view."""
    return (7 * len(path) + 3 * sum(path)) % 11 - 5


def truncate(tree, k, path=()):
    """The tree cut at depth k: nodes at the horizon become leaves worth evaluate_path."""
    if not is_node(tree):
        return tree
    if len(path) >= k:
        return evaluate_path(path)
    return [truncate(child, k, path + (i,)) for i, child in enumerate(tree)]


@pytest.mark.slow
@settings_for(200)
@given(TREES, FIRST, st.integers(0, 6))
def test_depth_limited_search_is_search_of_the_truncated_tree(tree, first, k):
    game, cut = TreeGame(tree, first=first), TreeGame(truncate(tree, k), first=first)
    for search in SEARCHES:
        limited = search(game, depth=k, evaluate=evaluate_path)
        assert limited == search(cut)
    limited_trace, cut_trace = Trace(), Trace()
    alphabeta(game, depth=k, evaluate=evaluate_path, trace=limited_trace)
    alphabeta(cut, trace=cut_trace)
    assert limited_trace.text() == cut_trace.text()
    if k == 0:
        assert minimax(game, depth=0, evaluate=evaluate_path) == SearchResult(
            value=evaluate_path(()), move=None, pv=(), nodes=1, leaves=1)


def test_depth_zero_returns_the_evaluation_of_the_root():
    game = TicTacToe()
    for search in SEARCHES:
        assert search(game, depth=0, evaluate=lambda s: 0.25) == SearchResult(0.25, None, (), 1, 1)
    o_to_move = game.state("X........")
    assert minimax(game, o_to_move, depth=0, evaluate=lambda s: 0.25).value == 0.25
    assert negamax(game, o_to_move, depth=0, evaluate=lambda s: 0.25).value == -0.25
    won = game.state("XXXOO....")  # a terminal root is scored by its utility, not evaluate
    assert minimax(game, won, depth=0, evaluate=lambda s: 0.25).value == 1


def test_depth_is_counted_from_the_start_state():
    game = TreeGame([[1, [2, 3]], [[4, 5], 6]])
    result = minimax(game, (1,), depth=1, evaluate=evaluate_path)  # MIN to move at [1]
    assert result.value == min(evaluate_path((1, 0)), 6) and result.nodes == 3
    assert minimax(game, (1,)) == SearchResult(value=5, move=0, pv=(0, 1), nodes=5, leaves=3)


@pytest.mark.parametrize("search", SEARCHES)
def test_depth_without_evaluate_is_refused(search):
    with pytest.raises(ValueError, match=re.escape("a depth-limited search needs evaluate(state)")):
        search(AIMA, depth=1)


@pytest.mark.parametrize("search", SEARCHES)
@pytest.mark.parametrize("depth", [-1, 1.5, "2"])
def test_bad_depths_are_refused(search, depth):
    with pytest.raises(ValueError, match=re.escape(f"depth must be a whole number >= 0 or None, got {depth!r}")):
        search(AIMA, depth=depth, evaluate=evaluate_path)


@pytest.mark.parametrize("search", SEARCHES)
@pytest.mark.parametrize("bad", [None, "1", True, float("nan"), [1]])
def test_an_evaluation_that_is_not_a_number_names_the_node(search, bad):
    with pytest.raises(TypeError) as info:
        search(AIMA, depth=1, evaluate=lambda state: bad)
    assert str(info.value) == f"node [0]: evaluate returned {bad!r}, not a number"
    with pytest.raises(TypeError, match=re.escape("node [0][1]: evaluate returned None")):
        search(TicTacToe(), depth=2, evaluate=lambda state: None)


# --- bad input ---------------------------------------------------------------------------------

@pytest.mark.parametrize("search", SEARCHES)
@pytest.mark.parametrize("tree, error, message", [
    ([], ValueError, "node root: empty node (a node needs at least one child)"),
    ([[3, 1], [2, []]], ValueError, "node [1][1]: empty node (a node needs at least one child)"),
    ([[1, 2], ["a", 3]], TypeError, "node [1][0]: leaf 'a' is not a number"),
    ([[1, None]], TypeError, "node [0][1]: leaf None is not a number"),
    ([[1], [2, [3, True]]], TypeError, "node [1][1][1]: leaf True is not a number"),
    ([1, [2, float("nan")]], ValueError, "node [1][1]: leaf is NaN, which has no order"),
])
def test_bad_trees_are_refused_with_the_node_named(search, tree, error, message):
    with pytest.raises(error) as info:
        search(tree)
    assert str(info.value) == message


def nested(levels, leaf=1):
    tree = leaf
    for _ in range(levels):
        tree = [tree]
    return tree


@pytest.mark.parametrize("search", SEARCHES)
def test_structures_too_deep_or_cyclic_give_value_errors(search):
    with pytest.raises(ValueError, match=rf"nested deeper than {MAX_TREE_DEPTH} levels"):
        search(nested(10_000))
    cyclic = [[1, 2], [3]]
    cyclic[1].append(cyclic)
    with pytest.raises(ValueError, match=re.escape("node [1][1]: the tree contains itself (a cycle)")):
        search(cyclic)


@pytest.mark.parametrize("search", SEARCHES)
def test_the_deepest_tree_allowed_can_be_searched(search):
    tree = nested(MAX_TREE_DEPTH, leaf=-4)
    result = search(tree, trace=Trace())
    assert result.value == -4  # MAX moves at the root, so negamax's value is MAX's too
    assert result.nodes == MAX_TREE_DEPTH + 1 and result.pv == (0,) * MAX_TREE_DEPTH


def test_illegal_moves_are_value_errors():
    with pytest.raises(ValueError, match=re.escape("node [1]: illegal action 3 (legal: [0, 1, 2])")):
        TreeGame(AIMA).result((1,), 3)
    game = TicTacToe()
    with pytest.raises(ValueError, match=re.escape("TicTacToeState(X...O....): illegal move 4 "
                                                   "(legal: [1, 2, 3, 5, 6, 7, 8])")):
        game.result(game.state("X...O...."), 4)


@pytest.mark.parametrize("search", SEARCHES)
def test_a_start_state_that_is_not_in_the_game(search):
    with pytest.raises(ValueError, match=re.escape("(5,) is not a node of this tree")):
        search(TreeGame(AIMA), (5,))


class Endless:
    """A game that never ends: every position has one move, to the next position."""

    initial = 0
    max_player = "MAX"

    def to_move(self, state):
        return "MAX" if state % 2 == 0 else "MIN"

    def actions(self, state):
        return (1,)

    def result(self, state, action):
        return state + action

    def is_terminal(self, state):
        return False

    def utility(self, state, player):
        return 0


@pytest.mark.parametrize("search", SEARCHES)
def test_a_game_that_never_ends_is_a_value_error_not_a_recursion_error(search):
    with pytest.raises(ValueError, match="the game may never end; pass depth=") as info:
        search(Endless())
    assert not isinstance(info.value, RecursionError)
    assert info.value.__cause__ is None and info.value.__suppress_context__
    result = search(Endless(), depth=6, evaluate=lambda state: state * 10)
    assert (result.nodes, result.leaves, result.pv) == (7, 1, (1,) * 6)
    assert result.value == 60  # MAX to move at the root: the same for negamax


@pytest.mark.parametrize("search", SEARCHES)
def test_not_a_game(search):
    with pytest.raises(TypeError, match="expected a game or a nested-list tree, got int"):
        search(3)


# --- start states and move ordering ------------------------------------------------------------

@pytest.mark.parametrize("search", [minimax, alphabeta])
def test_search_from_a_start_state(search):
    game = TreeGame(AIMA)
    for i, child in enumerate(AIMA):
        result = search(game, (i,))
        assert result.value == min(child) and result.pv == (child.index(min(child)),)
        assert result.value == search(TreeGame(child, first="MIN")).value


def test_alphabeta_with_an_ordering():
    calls = []

    class Reverse:
        def __call__(self, game, state, actions, path):
            return list(reversed(actions))

        def cutoff(self, game, state, action, path):
            calls.append((path, action))

    trace = Trace()
    result = alphabeta(AIMA, order=Reverse(), trace=trace)
    assert (result.value, result.move, result.pv) == (3, 0, (0, 0))
    assert calls == [((1,), 0)]  # at [1], leaf 2 closes the window [2, 2] (on the last child)
    assert [e.path for e in trace.cutoffs()] == [(1,)] and trace.pruned() == []
    assert result.nodes == 13  # searched worst-first, nothing is pruned
    ties = alphabeta([[1], [5, 1], [1]], order=Reverse())
    assert (ties.value, ties.move) == (1, 2)  # the first best in the order searched
    assert result.leaves == len(trace.leaves()) and trace.leaves()[:3] == [(2, 2), (2, 1), (2, 0)]
    plain = alphabeta(AIMA, order=lambda game, state, actions, path: actions)  # a bare function works too
    assert plain == alphabeta(AIMA)


@pytest.mark.parametrize("search", SEARCHES + [solve])
def test_every_search_refuses_a_start_state_of_the_wrong_kind(search):
    with pytest.raises(TypeError, match=re.escape(
            "TicTacToe(): 'X...O....' is a str, not a TicTacToeState: build one with game.state('X...O....')")):
        search(TicTacToe(), "X...O....")
    with pytest.raises(ValueError, match=re.escape(
            "ConnectFour(4, 4): this state has stones outside the 4 x 4 board")):
        search(ConnectFour(4, 4), ConnectFour().play("6"))
    with pytest.raises(ValueError, match=re.escape("is not a node of this tree")):
        search(TreeGame(AIMA), (3,))


class BadUtility(Endless):
    """A game of one move whose utility is not a number."""

    def __init__(self, utility):
        self.bad = utility

    def is_terminal(self, state):
        return state >= 1

    def utility(self, state, player):
        return self.bad


def as_given(game, state, actions, path):
    """Search the actions in the order the game gives them."""
    return actions


@pytest.mark.parametrize("search", SEARCHES + [lambda game: solve(game, order=as_given)])
@pytest.mark.parametrize("bad", [None, "1", True, math.nan])
def test_every_search_refuses_a_utility_that_is_not_a_number(search, bad):
    with pytest.raises(TypeError, match=re.escape(f"node [1]: the game's utility returned {bad!r}, not a number")):
        search(BadUtility(bad))


def test_solve_with_its_default_ordering_refuses_a_utility_of_none():
    with pytest.raises(TypeError, match=re.escape("the game's utility returned None, not a number")):
        solve(BadUtility(None))


# --- bad input found by trying (issue 10) -------------------------------------------------------

class TurnTable:
    """A tree game whose player to move at each node is given by `movers` (path -> 'MAX' or 'MIN'),
    so a player may move twice in a row."""

    max_player = "MAX"

    def __init__(self, tree, movers):
        self.tree, self.movers, self.initial = tree, movers, ()

    def node(self, state):
        node = self.tree
        for i in state:
            node = node[i]
        return node

    def to_move(self, state):
        return self.movers.get(state, "MAX")

    def actions(self, state):
        node = self.node(state)
        return range(len(node)) if isinstance(node, list) else ()

    def result(self, state, action):
        return state + (action,)

    def is_terminal(self, state):
        return not isinstance(self.node(state), list)

    def utility(self, state, player):
        value = self.node(state)
        return value if player == "MAX" else -value


def by_definition(game, state=()):
    if game.is_terminal(state):
        return game.utility(state, "MAX")
    values = [by_definition(game, game.result(state, a)) for a in game.actions(state)]
    return max(values) if game.to_move(state) == "MAX" else min(values)


def test_a_player_moving_twice_is_searched_right_by_minimax_and_refused_by_negamax_and_solve():
    from minimax_lab import solve
    rng = random.Random(5)
    for _ in range(200):
        tree = random_tree(2, 3, seed=rng.randrange(10**6))
        paths = [p for p in validate_tree(tree) if len(p) < 3]
        game = TurnTable(tree, {p: rng.choice(["MAX", "MIN"]) for p in paths})
        want = by_definition(game)
        assert minimax(game).value == alphabeta(game).value == want
    game = TurnTable([[1, 2], [3, 4]], {(): "MAX", (0,): "MAX", (1,): "MAX"})
    assert minimax(game).value == alphabeta(game).value == 4
    for search in (negamax, solve):
        with pytest.raises(ValueError, match=re.escape("node [0]: 'MAX' moves here out of turn, so the "
                                                       "players do not take turns")):
            search(game)


class Stuck(TurnTable):
    def actions(self, state):
        return () if state == (1,) else super().actions(state)


@pytest.mark.parametrize("search", SEARCHES + ["solve"])
def test_a_state_with_no_moves_that_is_not_terminal_is_named(search):
    from minimax_lab import solve
    search = solve if search == "solve" else search
    with pytest.raises(ValueError, match=re.escape("node [1]: state (1,) is not terminal but has no "
                                                   "legal actions, so the search is stuck")):
        search(Stuck([[1, 2], [3, 4]], {}) if search is minimax or search is alphabeta
               else Stuck([[1, 2], [3, 4]], {(0,): "MIN", (1,): "MIN"}))


class NoUtility(TurnTable):
    def utility(self, state, player):
        return None


@pytest.mark.parametrize("search", SEARCHES + ["solve"])
def test_a_utility_that_is_not_a_number_is_named(search):
    from minimax_lab import solve
    search = solve if search == "solve" else search
    with pytest.raises(TypeError, match=re.escape("node [0][0]: the game's utility returned None, "
                                                  "not a number")):
        search(NoUtility([[1, 2], [3, 4]], {(0,): "MIN", (1,): "MIN"}))


@pytest.mark.parametrize("alpha, beta, words", [
    (5, 1, "the window needs alpha < beta, got alpha=5, beta=1"),
    (2, 2, "the window needs alpha < beta, got alpha=2, beta=2"),
    (math.nan, 1, "alpha must be a number, got nan"),
    (0, math.nan, "beta must be a number, got nan"),
    (True, 3, "alpha must be a number, got True"),
])
def test_bad_windows_are_refused(alpha, beta, words):
    with pytest.raises(ValueError, match=re.escape(words)):
        alphabeta(AIMA, alpha=alpha, beta=beta)


@pytest.mark.parametrize("search", SEARCHES)
@pytest.mark.parametrize("depth", [True, False, 2.0, 1.5, -1, "2"])
def test_bool_float_and_negative_depths_are_refused(search, depth):
    with pytest.raises(ValueError, match=re.escape(f"depth must be a whole number >= 0 or None, got {depth!r}")):
        search(AIMA, depth=depth, evaluate=lambda state: 0)


@pytest.mark.parametrize("search", SEARCHES)
def test_a_recursion_error_inside_evaluate_is_blamed_on_evaluate(search):
    def runaway(state):
        return runaway(state)

    with pytest.raises(RuntimeError, match=re.escape("node [0]: evaluate raised RecursionError")):
        search(AIMA, depth=1, evaluate=runaway)


def test_a_best_move_is_returned_when_every_value_is_infinite():
    from minimax_lab import solve
    for tree, value in (([[-INF, -INF], [-INF]], -INF), ([[INF], [INF, 1]], INF)):
        for search in (minimax, negamax, alphabeta, solve):
            result = search(tree)
            assert (result.value, result.move) == (value, 0), search.__name__
            assert result.pv and result.pv[0] == 0


def test_best_move_is_the_move_to_play_and_a_finished_root_has_none():
    game = TicTacToe()
    result = minimax(game, game.state("XX.OO...."))
    assert result.best_move == result.move == 2
    finished = minimax(game, game.state("XXXOO...."))
    assert finished.move is None
    with pytest.raises(ValueError, match="finished position: there is no move to play"):
        finished.best_move
