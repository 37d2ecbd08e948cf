"""Tests for minimax_lab.core.trees: validation, paths, random trees and implicit leaf values."""

import math
import re
import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from minimax_lab import TreeGame, count_leaves, minimax, random_tree, tree_depth, validate_tree
from minimax_lab.core import trees as trees_module
from minimax_lab.core.trees import MAX_TREE_DEPTH, MAX_TREE_NODES, is_leaf, is_nan, leaf_value, path_name, walk_tree

FAST = settings(max_examples=300, deadline=None, database=None,
                suppress_health_check=[HealthCheck.too_slow])

leaves = st.one_of(st.integers(-5, 5), st.sampled_from([0.5, -2.25, math.inf, -math.inf]))
trees = st.recursive(leaves, lambda kids: st.lists(kids, min_size=1, max_size=4), max_leaves=25)


def nodes_by_recursion(tree, path=()):
    """Reference: every (path, node) of a tree, by plain recursion (fine for small trees)."""
    yield path, tree
    if isinstance(tree, (list, tuple)):
        for i, child in enumerate(tree):
            yield from nodes_by_recursion(child, path + (i,))


def nested(levels, leaf=1):
    """A chain of `levels` one-child lists around `leaf`, built without recursion."""
    tree = leaf
    for _ in range(levels):
        tree = [tree]
    return tree


# --- path names --------------------------------------------------------------------------------

def test_path_name():
    assert path_name(()) == "root"
    assert path_name((1, 0)) == "[1][0]"
    assert path_name((2,)) == "[2]"
    assert path_name((0,) * 12) == "[0]" * 12
    assert path_name((3,) * 13) == "[3]" * 6 + "...(13 levels)"


def test_is_nan_is_safe_on_huge_integers():
    assert is_nan(float("nan")) and not is_nan(10 ** 400) and not is_nan(math.inf) and not is_nan(2)


def test_is_leaf():
    assert is_leaf(3) and is_leaf(-2.5) and is_leaf(math.inf)
    assert not is_leaf(True) and not is_leaf("3") and not is_leaf([3]) and not is_leaf(None)


# --- validate_tree -----------------------------------------------------------------------------

def test_validate_tree_docstring_example():
    assert sorted(validate_tree([1, [2, 3]])) == [(), (0,), (1,), (1, 0), (1, 1)]


@FAST
@given(trees)
@pytest.mark.slow
def test_validate_tree_returns_every_node_by_path(tree):
    assert validate_tree(tree) == dict(nodes_by_recursion(tree))


@FAST
@given(trees)
@pytest.mark.slow
def test_depth_and_leaf_count_match_recursion(tree):
    nodes = dict(nodes_by_recursion(tree))
    assert tree_depth(tree) == max(len(p) for p in nodes)
    assert count_leaves(tree) == sum(not isinstance(n, list) for n in nodes.values())


def test_validate_tree_accepts_tuples_leaf_roots_and_shared_subtrees():
    assert validate_tree((1, (2, 3))) == {(): (1, (2, 3)), (0,): 1, (1,): (2, 3), (1, 0): 2, (1, 1): 3}
    assert validate_tree(7) == {(): 7}
    shared = [1, 2]
    assert count_leaves([shared, shared, [shared]]) == 6  # a DAG is fine: only cycles are refused


def test_tree_depth_and_count_leaves_on_aima_tree():
    tree = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]
    assert tree_depth(tree) == 2
    assert count_leaves(tree) == 9
    assert len(validate_tree(tree)) == 13
    assert tree_depth(5) == 0 and count_leaves(5) == 1


@pytest.mark.parametrize("tree, error, message", [
    ([], ValueError, "node root: empty node (a node needs at least one child)"),
    ([[1], []], ValueError, "node [1]: empty node (a node needs at least one child)"),
    ([[1, 2], ["a"]], TypeError, "node [1][0]: leaf 'a' is not a number"),
    ([1, [2, None]], TypeError, "node [1][1]: leaf None is not a number"),
    ([True, 1], TypeError, "node [0]: leaf True is not a number"),
    ([1, [2, [3, False]]], TypeError, "node [1][1][1]: leaf False is not a number"),
    ([1, float("nan")], ValueError, "node [1]: leaf is NaN, which has no order"),
    ([1, 2j], TypeError, "node [1]: leaf 2j is not a number"),
    ([1, {"a": 1}], TypeError, "node [1]: leaf {'a': 1} is not a number"),
    ("ab", TypeError, "node root: leaf 'ab' is not a number"),
    (None, TypeError, "node root: leaf None is not a number"),
])
def test_validate_tree_errors_name_the_problem_and_the_node(tree, error, message):
    with pytest.raises(error) as info:
        validate_tree(tree)
    assert str(info.value) == message


def test_a_list_that_contains_itself_is_a_cycle_not_a_recursion_error():
    tree = [1, [2]]
    tree[1].append(tree)
    with pytest.raises(ValueError, match=re.escape("node [1][1]: the tree contains itself (a cycle)")):
        validate_tree(tree)
    selfish = [1]
    selfish.append(selfish)
    with pytest.raises(ValueError, match=re.escape("node [1]: the tree contains itself")):
        count_leaves(selfish)


def test_nesting_deeper_than_python_can_recurse_is_refused_with_a_value_error():
    tree = nested(10_000)
    for check in (validate_tree, tree_depth, count_leaves):
        with pytest.raises(ValueError) as info:
            check(tree)
        assert re.fullmatch(rf"node (\[0\]){{6}}\.\.\.\({MAX_TREE_DEPTH} levels\): tree is nested "
                            rf"deeper than {MAX_TREE_DEPTH} levels", str(info.value))


def test_huge_integer_leaves_are_numbers():
    assert validate_tree([10 ** 400, 1]) == {(): [10 ** 400, 1], (0,): 10 ** 400, (1,): 1}
    assert minimax([10 ** 400, [1, 2]]).value == 10 ** 400


def test_a_tree_that_reuses_a_list_too_often_is_refused_at_once():
    tree: list = [1, 2]
    for _ in range(40):
        tree = [tree, tree]                      # 2^40 leaves in 41 lists
    started = time.perf_counter()
    for check in (validate_tree, TreeGame, minimax):
        with pytest.raises(ValueError, match=re.escape(f"more than MAX_TREE_NODES = {MAX_TREE_NODES:,} nodes")):
            check(tree)
    assert time.perf_counter() - started < 1


def test_the_node_budget_is_exact(monkeypatch):
    monkeypatch.setattr(trees_module, "MAX_TREE_NODES", 100)
    wide = [0] * 99                              # the root and its leaves: exactly the budget
    assert count_leaves(wide) == 99
    with pytest.raises(ValueError, match="the tree has more than MAX_TREE_NODES = 100 nodes"):
        validate_tree(wide + [0])
    shared = [0] * 9
    assert len(validate_tree([shared] * 9 + [0] * 9)) == 100
    with pytest.raises(ValueError, match="the tree has more than MAX_TREE_NODES = 100 nodes"):
        validate_tree([shared] * 10)             # 1 + 10 + 90 nodes in 2 lists


def test_the_node_budget_is_large_enough_for_the_lessons():
    assert MAX_TREE_NODES >= 1_000_000


def test_walk_tree_takes_what_a_leaf_is_and_what_children_are():
    def children(node, path):
        if isinstance(node, dict):
            return list(node.values())
        if node != "leaf":
            raise TypeError(f"{path} {node!r}")
        return None
    assert walk_tree({"a": "leaf", "b": {"c": "leaf"}}, children) == \
        {(): {"a": "leaf", "b": {"c": "leaf"}}, (0,): "leaf", (1,): {"c": "leaf"}, (1, 0): "leaf"}
    with pytest.raises(ValueError, match=re.escape("node [1]: empty node")):
        walk_tree({"a": "leaf", "b": {}}, children)
    with pytest.raises(TypeError, match=re.escape("(1, 0) 7")):
        walk_tree({"a": "leaf", "b": {"c": 7}}, children)


def test_a_shared_subtree_too_deep_on_a_second_path_is_refused():
    deep = nested(MAX_TREE_DEPTH - 1)
    assert tree_depth([deep]) == MAX_TREE_DEPTH
    with pytest.raises(ValueError, match="nested deeper"):
        validate_tree([deep, [deep]])            # deep is fine at [0], one level too deep at [1][0]


def test_nesting_limit_is_exact():
    assert tree_depth(nested(MAX_TREE_DEPTH)) == MAX_TREE_DEPTH  # a leaf at the limit is fine
    with pytest.raises(ValueError, match="nested deeper"):
        validate_tree(nested(MAX_TREE_DEPTH + 1))
    assert MAX_TREE_DEPTH <= 400  # searches take ~2 frames per ply: stay inside Python's 1000


# --- random_tree -------------------------------------------------------------------------------

def test_random_tree_docstring_example():
    assert random_tree(2, 2, seed=1) == [[-5, 9], [-7, -1]]


@pytest.mark.parametrize("ragged", [False, True])
def test_random_tree_is_determined_by_its_seed(ragged):
    for seed in range(20):
        assert random_tree(3, 4, seed=seed, ragged=ragged) == random_tree(3, 4, seed=seed, ragged=ragged)
    distinct = {repr(random_tree(3, 4, seed=seed, ragged=ragged)) for seed in range(20)}
    assert len(distinct) == 20


@pytest.mark.parametrize("b, d", [(1, 1), (1, 5), (2, 1), (2, 3), (3, 4), (5, 2)])
def test_uniform_random_tree_shape_and_values(b, d):
    for seed in range(5):
        tree = random_tree(b, d, seed=seed, low=-3, high=4)
        nodes = validate_tree(tree)
        assert len(nodes) == sum(b ** k for k in range(d + 1))
        for path, node in nodes.items():
            if isinstance(node, list):
                assert len(node) == b and len(path) < d
            else:
                assert len(path) == d and isinstance(node, int) and -3 <= node <= 4


def test_ragged_random_trees_are_valid_and_ragged():
    depths, widths = set(), set()
    for seed in range(200):
        tree = random_tree(4, 5, seed=seed, ragged=True, low=0, high=2)
        nodes = validate_tree(tree)  # valid: no empty node, every leaf a number
        assert isinstance(tree, list)  # the root is never a leaf
        for path, node in nodes.items():
            if isinstance(node, list):
                assert 1 <= len(node) <= 4
                widths.add(len(node))
            else:
                assert 0 <= node <= 2 and 1 <= len(path) <= 5
                depths.add(len(path))
    assert widths == {1, 2, 3, 4}
    assert depths == {1, 2, 3, 4, 5}


@pytest.mark.parametrize("arguments, message", [
    ((0, 3), "random_tree needs branching to be a whole number >= 1, got 0"),
    ((3, 0), "random_tree needs depth to be a whole number >= 1, got 0"),
    ((-1, 2), "random_tree needs branching to be a whole number >= 1, got -1"),
    ((2.0, 2), "random_tree needs branching to be a whole number >= 1, got 2.0"),
    ((True, 2), "random_tree needs branching to be a whole number >= 1, got True"),
    ((2, 1.5), "random_tree needs depth to be a whole number >= 1, got 1.5"),
    ((2, "3"), "random_tree needs depth to be a whole number >= 1, got '3'"),
    ((2, 2000), f"random_tree needs depth <= MAX_TREE_DEPTH = {MAX_TREE_DEPTH}, got 2000"),
    ((10, 10), f"random_tree(10, 10) would have more than MAX_TREE_NODES = {MAX_TREE_NODES:,} nodes"),
])
def test_random_tree_rejects_bad_shapes(arguments, message):
    with pytest.raises(ValueError, match=re.escape(message)):
        random_tree(*arguments)


@pytest.mark.parametrize("bounds, message", [
    ({"low": 3, "high": 1}, "random_tree needs low <= high, got low=3 and high=1"),
    ({"low": 0.5}, "random_tree needs low to be a whole number, got 0.5"),
    ({"high": False}, "random_tree needs high to be a whole number, got False"),
])
def test_random_tree_rejects_bad_leaf_bounds(bounds, message):
    with pytest.raises(ValueError, match=re.escape(message)):
        random_tree(2, 2, **bounds)


def test_random_tree_at_the_depth_limit_does_not_overflow_the_stack():
    assert tree_depth(random_tree(1, MAX_TREE_DEPTH)) == MAX_TREE_DEPTH


# --- implicit leaf values ----------------------------------------------------------------------

def test_leaf_values_are_stable_and_in_range():
    assert [leaf_value(i, 0) for i in range(5)] == [55, 430, 857, 529, 661]
    assert [leaf_value(i, 7, 10) for i in range(5)] == [1, 5, 1, 3, 4]
    values = [leaf_value(i, 3, 50) for i in range(2000)]
    assert all(0 <= v < 50 for v in values) and len(set(values)) == 50
    assert [leaf_value(i, 1) for i in range(50)] != [leaf_value(i, 2) for i in range(50)]
