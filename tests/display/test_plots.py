"""Tests for minimax_lab.display.plots, and for the lesson 4 and 6 widgets in minimax_lab.display.widgets: figures
carry the measured series and the theory lines; the widgets redraw and count correctly."""

import pytest

from minimax_lab.analysis.experiments import (
    depth_within_budget,
    effective_branching_factor,
    mean_by_depth,
    minimal_leaves,
    minimal_nodes,
    node_counts,
    text_table,
    versus_theory,
)
from minimax_lab.display.draw import side_by_side
from minimax_lab.display.explorers import ComplexityExplorer, OrderingExplorer
from minimax_lab.display.plots import plot_branching, plot_budget, plot_counts, plot_time
from minimax_lab.search.registry import ordering_named


@pytest.fixture(scope="module")
def rows():
    return node_counts(2, range(1, 7), seeds=(0, 1))


def labels(figure):
    return [line.get_label() for line in figure.axes[0].get_lines()]


def test_plot_counts_has_measurements_and_theory(rows):
    figure = plot_counts(rows)
    assert labels(figure)[:4] == ["minimax", "alpha-beta, worst first", "alpha-beta, random order",
                                  "alpha-beta, best first"]
    assert any(name.startswith("Knuth-Moore") for name in labels(figure))
    assert any(name.startswith("Pearl R^d, R = 1.618") for name in labels(figure))
    best = figure.axes[0].get_lines()[3]
    assert list(best.get_ydata()) == [minimal_leaves(2, d) for d in range(1, 7)]
    assert figure.axes[0].get_yscale() == "log"
    assert "minimal tree's nodes" in labels(plot_counts(rows, quantity="nodes"))


def test_other_plots(rows):
    assert len(plot_branching(rows).axes[0].get_lines()) == 4 + 4
    assert plot_time(rows).axes[0].get_xscale() == "log"
    budget = depth_within_budget(2, 500)
    assert len(plot_budget(budget).axes[0].patches) == 4
    with pytest.raises(ValueError, match="one branching factor"):
        plot_counts(rows + node_counts(3, [1]))


def test_plot_branching_shows_aimas_effective_branching_factor(rows):
    figure = plot_branching(rows)
    minimax_line, best_line = figure.axes[0].get_lines()[0], figure.axes[0].get_lines()[3]
    assert list(minimax_line.get_ydata()) == pytest.approx([2] * 6)     # b* of a uniform tree is b
    assert list(best_line.get_ydata()) == pytest.approx(
        [effective_branching_factor(minimal_nodes(2, d), d) for d in range(1, 7)])
    assert "b*" in figure.axes[0].get_ylabel()


def test_summaries(rows):
    means = mean_by_depth(rows)
    assert means["minimax", "given"] == {d: 2 ** d for d in range(1, 7)}
    table = versus_theory(rows)
    assert [r["best first"] for r in table] == [r["Knuth-Moore"] for r in table]
    text = text_table(table, ["depth", "b^d", "best first"])
    assert text.splitlines()[0].split() == ["depth", "b^d", "best", "first"]
    assert text.splitlines()[-1].split() == ["6", "64", "15"]


def test_ordering_explorer():
    explorer = OrderingExplorer(branching=3, depth=3, seed=4)
    assert "<b>18</b>" in explorer.counts.value and "value <b>38</b>" in explorer.status.value
    explorer.ordering.value = "best"
    assert "<b>11</b>" in explorer.counts.value and explorer.picture.value.lstrip().startswith("<")
    explorer.depth.value = 1
    assert "<b>3</b>" in explorer.counts.value
    with pytest.raises(ValueError, match="ordering must be one of"):
        ordering_named("sideways")


@pytest.mark.slow
def test_complexity_explorer():
    explorer = ComplexityExplorer(branching=2, max_depth=4, seeds=1)
    assert explorer.progress.value == explorer.progress.max == 4 * 4
    assert explorer.status.value.endswith("exactly on the Knuth-Moore line")
    explorer.branching.value = 5
    assert explorer.max_depth.max == 7 and {r["branching"] for r in explorer.rows} == {5}
    assert "<svg" in explorer.picture.value


@pytest.mark.slow
def test_complexity_explorer_measures_once_when_the_depth_is_clamped():
    explorer = ComplexityExplorer(branching=2, max_depth=9, seeds=1)
    measured = []
    explorer.progress.observe(lambda change: measured.append(change["new"]) if change["new"] == 0 else None,
                              names="value")
    explorer.branching.value = 4                      # the depth slider's maximum drops to 8 < 9
    assert explorer.max_depth.value == explorer.max_depth.max == 8
    assert measured == [0] and {r["depth"] for r in explorer.rows} == set(range(1, 9))


def test_side_by_side():
    from minimax_lab.display.draw import draw
    shown = side_by_side({"a": draw([1, 2]), "b & c": draw([[1], [2]])})
    svg = shown.svg()  # one SVG holding both drawings, each titled
    assert svg.count("<svg") == 3 and "b &amp; c" in svg
