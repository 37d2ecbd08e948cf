"""Tests for minimax_lab.analysis.experiments: the theory's formulas, exact subtree values, best-ordering
counts exactly on Knuth-Moore's minimal tree, and tidy rows."""

import math

import pytest

from minimax_lab import minimax
from minimax_lab.analysis.experiments import (
    MAX_LEAVES,
    SEARCHES,
    VALUES,
    depth_within_budget,
    effective_branching_factor,
    experiment_tree,
    full_leaves,
    measure,
    minimal_leaves,
    minimal_nodes,
    node_counts,
    pearl_branching,
    pearl_root,
    subtree_values,
    theory,
    uniform_nodes,
)
from minimax_lab.core.trees import leaf_value


def test_formulas():
    assert [minimal_leaves(2, d) for d in range(6)] == [1, 2, 3, 5, 7, 11]
    assert minimal_leaves(10, 4) == 199 and minimal_leaves(10, 5) == 1099
    assert uniform_nodes(3, 2) == 13 and full_leaves(3, 2) == 9 and minimal_nodes(3, 2) == 1 + 3 + 5
    for b in range(2, 30):
        xi = pearl_root(b)
        assert abs(xi ** b + xi - 1) < 1e-12 and 0 < xi < 1
    assert pearl_branching(2) == pytest.approx((1 + 5 ** 0.5) / 2)   # xi_2 / (1 - xi_2) = phi
    assert all(pearl_branching(b) < b ** 0.75 for b in range(2, 40))


def test_pearl_passes_three_quarters_at_461_and_stays_above():
    """b**(3/4) is above Pearl's R up to b = 460 only: R grows like b / ln b."""
    above = [b for b in range(2, 5000) if pearl_branching(b) > b ** 0.75]
    assert above == list(range(461, 5000))
    for b in (10 ** 4, 10 ** 6, 10 ** 9):
        assert b ** 0.75 < b / math.log(b) < pearl_branching(b) < 1.3 * b / math.log(b)


def test_effective_branching_factor_solves_aimas_equation():
    assert round(effective_branching_factor(53, 5), 2) == 1.92          # AIMA 4th ed. 3.6.1: N = 52
    assert all(effective_branching_factor(uniform_nodes(b, d), d) == pytest.approx(b)
               for b in range(1, 9) for d in range(1, 12))
    for nodes, depth in [(2, 3), (125, 6), (10 ** 30, 64), (2.5, 1), (1_000_000, 6)]:
        b = effective_branching_factor(nodes, depth)
        assert sum(b ** k for k in range(depth + 1)) == pytest.approx(nodes, rel=1e-12)
    assert effective_branching_factor(1, 5) == 0 and math.isnan(effective_branching_factor(1, 0))


@pytest.mark.parametrize("nodes, depth, message", [
    (0, 3, "nodes must be a number of nodes, at least 1"), (True, 2, "nodes must be"),
    (math.nan, 2, "nodes must be"), ("53", 5, "nodes must be"),
    (53, -1, "depth must be a whole number of plies"), (53, 2.0, "depth must be a whole number")])
def test_effective_branching_factor_refuses_bad_input(nodes, depth, message):
    with pytest.raises(ValueError, match=message):
        effective_branching_factor(nodes, depth)


def test_theory_rows():
    rows = theory(3, [2, 4])
    assert {row["model"] for row in rows} == {"b^d", "Knuth-Moore", "Pearl", "b^(3/4)"}
    assert {(r["model"], r["depth"]): r["leaves"] for r in rows}[("Knuth-Moore", 4)] == 17


def test_subtree_values_are_exact():
    for b, d, seed in [(2, 5, 7), (3, 4, 1), (1, 3, 0), (4, 0, 2), (5, 3, 3)]:
        tree = experiment_tree(b, d, seed=seed)
        values = subtree_values(tree)
        assert len(values) == uniform_nodes(b, d) and int(values[0]) == minimax(tree).value
        first = uniform_nodes(b, d - 1) if d else 0
        leaves = range(first, first + b ** d)
        assert [int(v) for v in values[first:]] == [leaf_value(i, seed, VALUES) for i in leaves]
        for index in range(first):   # every inner node: its children's max or min, by level
            ply = next(k for k in range(d + 1) if index < uniform_nodes(b, k))
            children = [int(values[index * b + 1 + a]) for a in range(b)]
            assert int(values[index]) == (max if ply % 2 == 0 else min)(children)


def test_best_ordering_is_exactly_knuth_moore():
    for b in (2, 3, 4, 5, 8):
        for d in range(0, 9):
            if b ** d > 40000:
                break
            row = measure(b, d, "alphabeta", "best", seed=d)
            assert (row["leaves"], row["nodes"]) == (minimal_leaves(b, d), minimal_nodes(b, d)), (b, d)


def test_big_tree_best_ordering():
    row = measure(2, 20, "alphabeta", "best")
    assert 2 ** 20 <= MAX_LEAVES and row["leaves"] == minimal_leaves(2, 20) == 2047


def test_counts_are_ordered_and_exact():
    rows = node_counts(3, range(1, 7), seeds=(0, 1))
    assert len(rows) == len(SEARCHES) * 6 * 2
    assert set(rows[0]) == {"algorithm", "ordering", "branching", "depth", "seed", "nodes", "leaves",
                            "seconds", "ebf"}
    leaves = {(r["algorithm"], r["ordering"], r["depth"], r["seed"]): r["leaves"] for r in rows}
    for d in range(1, 7):
        for seed in (0, 1):
            full = leaves["minimax", "given", d, seed]
            assert full == 3 ** d
            best, random, worst = (leaves["alphabeta", order, d, seed] for order in ("best", "random", "worst"))
            assert minimal_leaves(3, d) == best <= random <= worst <= full
    assert strip(node_counts(3, [4], seeds=(5,))) == strip(node_counts(3, [4], seeds=(5,)))


def strip(rows):
    """Return the rows without their timings."""
    return [{k: v for k, v in row.items() if k != "seconds"} for row in rows]


def test_random_ordering_near_pearl():
    rows = node_counts(2, [16], searches=[("alphabeta", "random")], seeds=range(4))
    assert all(r["ebf"] == effective_branching_factor(r["nodes"], 16) for r in rows)
    ebf = sum(r["ebf"] for r in rows) / len(rows)
    assert pearl_branching(2) < ebf < 1.8       # still above R at depth 16: R is a limit in d
    print(f"b=2, d=16, random order: effective branching {ebf:.3f}, Pearl {pearl_branching(2):.3f}")


def test_progress_and_errors():
    calls = []
    node_counts(2, [1, 2], searches=[("alphabeta", "best")],
                progress=lambda done, total: calls.append((done, total)))
    assert calls == [(1, 2), (2, 2)]
    with pytest.raises(ValueError, match="max_leaves"):
        measure(2, 21)
    with pytest.raises(ValueError, match="ordering must be one of"):
        measure(2, 3, "alphabeta", "sideways")
    with pytest.raises(ValueError, match="minimax visits every node"):
        measure(2, 3, "minimax", "best")
    with pytest.raises(ValueError, match=r"algorithm must be one of \['minimax', 'negamax', 'alphabeta', 'pvs'\], got 'negascout'"):
        measure(2, 3, "negascout")


def test_depth_within_budget():
    rows = depth_within_budget(2, 2000)
    reached = {(r["algorithm"], r["ordering"]): r["depth"] for r in rows}
    assert reached["minimax", "given"] == 9                  # 2**10 - 1 = 1023 nodes at depth 9
    assert reached["alphabeta", "best"] >= 2 * reached["minimax", "given"] - 2
    assert reached["minimax", "given"] <= reached["alphabeta", "worst"] <= reached["alphabeta", "random"]
    assert all(r["nodes"] <= 2000 and not r["capped"] for r in rows)
    print(reached)


def test_theory_depth_within_budget_matches_the_measured_depths():
    from minimax_lab.analysis.experiments import theory_depth_within_budget
    for budget in (50, 400, 3000):
        measured = depth_within_budget(3, budget, searches=[("minimax", "given"), ("alphabeta", "best")])
        assert theory_depth_within_budget(3, budget) == measured
    assert [r["depth"] for r in theory_depth_within_budget(35, 10 ** 9)] == [5, 10]
    with pytest.raises(ValueError, match="branching must be a whole number, at least 2"):
        theory_depth_within_budget(1, 100)


def test_quick_plan_keeps_full_width_searches_small_and_depths_bounded():
    from minimax_lab.analysis.experiments import QUICK_FULL_LEAVES, QUICK_RANDOM_LEAVES, deepest_quick_depth, quick_plan
    plan = dict(quick_plan(4, 9))
    assert list(plan) == list(SEARCHES)
    assert plan["minimax", "given"] == plan["alphabeta", "worst"] == [d for d in range(1, 10)
                                                                      if 4 ** d <= QUICK_FULL_LEAVES]
    assert plan["alphabeta", "random"] == plan["alphabeta", "best"] == list(range(1, 10))
    for b in range(2, 9):
        top = deepest_quick_depth(b)
        assert top >= 2 and (top == 2 or pearl_branching(b) ** top <= QUICK_RANDOM_LEAVES)


def test_measure_runs_every_search_the_registry_says_it_can():
    """negamax counts as minimax does; PVS with the best order evaluates the minimal tree too."""
    from minimax_lab.analysis.experiments import MEASURED
    assert MEASURED == ("minimax", "negamax", "alphabeta", "pvs")
    counts = {name: (row["nodes"], row["leaves"]) for name in MEASURED
              for row in [measure(3, 4, name, "given")]}
    assert counts["negamax"] == counts["minimax"] == (uniform_nodes(3, 4), 81)
    assert measure(3, 4, "pvs", "best")["leaves"] == minimal_leaves(3, 4) == measure(3, 4, "alphabeta", "best")["leaves"]
    with pytest.raises(ValueError, match="negamax visits every node whatever the order"):
        measure(2, 3, "negamax", "random")


def test_side_by_side_runs_a_search_only_with_what_it_takes():
    from minimax_lab.analysis.experiments import compare_searches
    figure, asked = [[3, 12, 8], [2, 4, 6], [14, 5, 2]], ("negamax", "uct", "solve")
    rows = {row["search"]: row for row in compare_searches(figure, searches=asked)}
    assert [rows[name]["value"] for name in ("negamax", "solve")] == [3, 3] and rows["uct"]["move"] == 0
    limited = compare_searches(figure, searches=asked, depth=2, evaluate=lambda state: 0)
    assert [row["search"] for row in limited] == ["negamax"]   # uct and solve take no depth limit
