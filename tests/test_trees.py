"""Tests for minimax_lab.trees: validation, paths, random trees and implicit leaf values."""

import math
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from minimax_lab import count_leaves, random_tree, tree_depth, validate_tree
from minimax_lab.trees import MAX_TREE_DEPTH, is_leaf, leaf_value, path_name

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


def test_is_leaf():
    assert is_leaf(3) and is_leaf(-2.5) and is_leaf(math.inf)
    assert not is_leaf(True) and not is_leaf("3") and not is_leaf([3]) and not is_leaf(None)


# --- validate_tree -----------------------------------------------------------------------------

def test_validate_tree_docstring_example():
    assert sorted(validate_tree([1, [2, 3]])) == [(), (0,), (1,), (1, 0), (1, 1)]


@FAST
@given(trees)
def test_validate_tree_returns_every_node_by_path(tree):
    assert validate_tree(tree) == dict(nodes_by_recursion(tree))


@FAST
@given(trees)
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


@pytest.mark.parametrize("b, d", [(0, 3), (3, 0), (-1, 2)])
def test_random_tree_rejects_bad_shapes(b, d):
    with pytest.raises(ValueError, match="random_tree needs branching >= 1 and depth >= 1"):
        random_tree(b, d)


# --- implicit leaf values ----------------------------------------------------------------------

def test_leaf_values_are_stable_and_in_range():
    assert [leaf_value(i, 0) for i in range(5)] == [55, 430, 857, 529, 661]
    assert [leaf_value(i, 7, 10) for i in range(5)] == [1, 5, 1, 3, 4]
    values = [leaf_value(i, 3, 50) for i in range(2000)]
    assert all(0 <= v < 50 for v in values) and len(set(values)) == 50
    assert [leaf_value(i, 1) for i in range(50)] != [leaf_value(i, 2) for i in range(50)]
