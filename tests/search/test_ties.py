"""Tests for minimax_lab.search.ties: alpha-beta that cuts only on v > β (v < α), as CS188's
autograder expects, computed by the package's alphabeta on the tree with its ties broken."""

import pytest

from minimax_lab import Trace, TreeGame, alphabeta, minimax
from minimax_lab.checks.core import FIG_5_2
from minimax_lab.core.trees import random_tree, random_trees
from minimax_lab.search.ties import strict_alphabeta, ties_broken
from shared_cases import strict_oracle



TREES = [random_tree(2 + seed % 3, 2 + seed % 3, seed=seed, low=-2, high=2, ragged=seed % 4 == 0)
         for seed in range(150)] + random_trees(100, shapes=[(2, 5), (3, 4)], leaf_ranges=[(-2, 2), (-9, 9)], seed=7)


@pytest.mark.parametrize("first", ["MAX", "MIN"])
@pytest.mark.slow
def test_strict_alphabeta_visits_what_a_textbook_strict_alpha_beta_visits(first):
    differ = 0
    for tree in TREES:
        value, seen = strict_oracle(tree, maximizing=first == "MAX")
        trace = Trace()
        result = strict_alphabeta(tree, first=first, trace=trace)
        assert trace.leaves() == seen and result.leaves == len(seen)
        exact = minimax(TreeGame(tree, first=first))
        assert result.value == value == exact.value
        assert result.move == exact.move and result.pv == exact.pv   # the first of equal moves, as minimax
        differ += result.leaves != alphabeta(TreeGame(tree, first=first)).leaves
    assert differ > 20   # the trees have ties that the two rules treat differently


def test_the_trace_is_in_the_tree_s_own_values():
    tree = [[3, 4], [3, 9]]
    trace = Trace()
    strict_alphabeta(tree, trace=trace)
    assert trace.leaf_values() == [3, 4, 3, 9]
    result = strict_alphabeta(tree)
    assert (result.value, result.move, result.pv, result.nodes, result.leaves) == (3, 0, (0, 0), 7, 4)
    assert {event.alpha for event in trace if event.alpha is not None} <= {float("-inf"), 3}
    assert alphabeta(tree).leaves == 3   # α ≥ β stops [1] at its first leaf, which only ties


def test_without_ties_the_rules_agree():
    trace, strict = Trace(), Trace()
    alphabeta(FIG_5_2, trace=trace)
    strict_alphabeta(FIG_5_2, trace=strict)
    assert strict == trace


def test_ties_broken_keeps_every_comparison_between_different_values():
    tree = [[0.25, 0.5], [0.25, [0.5, 0.25]]]
    nudged, back = ties_broken(tree)
    flat = lambda t: [t] if not isinstance(t, list) else [x for c in t for x in flat(c)]
    for a, na in zip(flat(tree), flat(nudged)):
        for b, nb in zip(flat(tree), flat(nudged)):
            assert (a < b) <= (na < nb)
    assert len(set(flat(nudged))) == 5 and [back[x] for x in flat(nudged)] == flat(tree)
