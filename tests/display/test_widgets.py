"""Tests for minimax_lab.display.widgets, driving the same methods the controls call."""

import re

import ipywidgets
import pytest

from minimax_lab import alphabeta, minimax
from minimax_lab.core.trees import uniform_nodes
from minimax_lab.display.controls import TreeControls, deepest_drawable
from minimax_lab.display.draw import MAX_DRAW_NODES, SMALLEST_SCALE
from minimax_lab.display.widgets import (
    BackupExplorer,
    ComplexityExplorer,
    OrderingExplorer,
    Quiz,
    SearchStepper,
    TreeExplorer,
)

FIG_5_2 = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]


def test_depth_slider_is_bounded_so_every_tree_can_be_drawn():
    for branching in range(2, 6):
        depth = deepest_drawable(branching)
        assert uniform_nodes(branching, depth) <= MAX_DRAW_NODES
        assert depth == 8 or uniform_nodes(branching, depth + 1) > MAX_DRAW_NODES


def test_explorer_redraws_when_sliders_move():
    explorer = TreeExplorer(branching=2, depth=2, seed=0)
    before = explorer.picture.value
    assert "7 of 7 nodes visited" in explorer.status.value
    explorer.branching.value = 3
    assert "13 of 13 nodes visited" in explorer.status.value
    explorer.algorithm.value = "alphabeta"
    assert "of 13 nodes visited" in explorer.status.value
    assert "<svg " in explorer.picture.value and explorer.picture.value != before


def test_explorer_clamps_depth_when_branching_grows():
    explorer = TreeExplorer(branching=2, depth=7)
    explorer.branching.value = 5
    assert explorer.depth.value == explorer.depth.max == deepest_drawable(5)
    assert "nodes visited" in explorer.status.value


def test_stepper_walks_the_trace_and_ends_with_the_result():
    stepper = SearchStepper(FIG_5_2)
    assert stepper.step.max == len(stepper.trace)
    stepper.step.value = 1
    assert "The search starts at the root, where MAX moves" in stepper.status.value
    cutoff = next(i for i, e in enumerate(stepper.trace) if e.kind == "cutoff")
    stepper.step.value = cutoff + 1
    assert "At MIN&#x27;s node [1] the first leaf, [1][0], is 2" in stepper.status.value
    assert "[1][1] and [1][2] are never searched" in stepper.status.value
    stepper.step.value = stepper.step.max
    assert "value 3, move 0; 7 leaves evaluated, pruned: [1][1], [1][2]" in stepper.status.value


def test_minimax_stepper_has_no_cutoffs():
    stepper = SearchStepper(FIG_5_2, "minimax")
    stepper.step.value = stepper.step.max
    assert "9 leaves evaluated, pruned: nothing" in stepper.status.value


def test_quiz_feedback():
    quiz = Quiz("What does MIN do?", ["maximize", "minimize"], "minimize", "MIN picks the smallest.")
    assert quiz.check() is False and "Pick an answer" in quiz.feedback.value
    quiz.choice.value = "maximize"
    assert quiz.check() is False and "Not quite" in quiz.feedback.value
    quiz.choice.value = "minimize"
    assert quiz.check() is True and quiz.feedback.value.startswith("Right.")


def test_backup_explorer_opens_on_the_finished_search():
    explorer = BackupExplorer(branching=3, depth=2, seed=0)
    result = minimax(explorer.tree())
    assert explorer.step.value == explorer.step.max == len(explorer.trace)
    assert f"value <b>{result.value}</b>" in explorer.status.value
    assert f"{result.nodes} of 13 nodes visited" in explorer.status.value


def test_backup_explorer_steps_through_the_trace():
    explorer = BackupExplorer(branching=2, depth=3, seed=1)
    explorer.step.value = 5
    visited = sum(1 for event in explorer.trace[:5] if event.kind == "enter")
    assert explorer.status.value.startswith("Step 5: ")
    assert f"({visited} of 15 nodes visited)" in explorer.status.value
    explorer.step.value = 0
    assert "Press play" in explorer.status.value


def test_backup_explorer_follows_the_sliders_and_the_algorithm():
    explorer = BackupExplorer(branching=2, depth=3, seed=1)
    explorer.branching.value = 3
    assert explorer.step.max == len(explorer.trace) == explorer.step.value
    assert explorer.result == minimax(explorer.tree())
    explorer.algorithm.value = "alphabeta"
    pruning = alphabeta(explorer.tree())
    assert explorer.result == pruning
    assert f"{pruning.leaves} leaves evaluated" in explorer.status.value


def test_wide_drawings_shrink_to_fit_then_scroll_but_stay_legible():
    for branching, depth in [(2, 2), (3, 3), (4, 4)]:
        html = TreeExplorer(branching=branching, depth=depth).picture.value
        assert html.startswith("<div style='overflow-x:auto; max-width:100%'>")   # scrolls, never clipped
        style = re.search(r'<svg style="width:(\d+)px; max-width:100%; min-width:(\d+)px; height:auto" '
                          r'width="([\d.]+)pt"', html)
        assert style is not None, html[:300]
        width, smallest, points = int(style.group(1)), int(style.group(2)), float(style.group(3))
        assert width == round(points * 4 / 3)                  # natural size where there is room
        assert smallest == round(width * SMALLEST_SCALE)       # shrinks no further than this


# --- bad arguments: a ValueError naming the argument, never traitlets' TraitError or a hang ----

@pytest.mark.parametrize("make, message", [
    (lambda: TreeExplorer(branching="3"), "branching must be a whole number from 2 to 5, got '3'"),
    (lambda: TreeExplorer(branching=2.0), "branching must be a whole number from 2 to 5, got 2.0"),
    (lambda: TreeExplorer(branching=9), "branching must be a whole number from 2 to 5, got 9"),
    (lambda: TreeExplorer(depth=0), "depth must be a whole number from 1 to"),
    (lambda: TreeExplorer(branching=2, depth=8), "depth must be a whole number from 1 to 7, got 8"),
    (lambda: TreeExplorer(seed=-1), "seed must be a whole number from 0 to 99, got -1"),
    (lambda: TreeExplorer(seed=True), "seed must be a whole number from 0 to 99, got True"),
    (lambda: TreeExplorer(algorithm="negamax"), "algorithm must be one of"),
    (lambda: BackupExplorer(depth=1.5), "depth must be a whole number"),
    (lambda: BackupExplorer(algorithm=None), "algorithm must be one of"),
    (lambda: BackupExplorer(interval_ms=0), "interval_ms must be a whole number from 50 to 10000"),
    (lambda: SearchStepper(FIG_5_2, interval_ms="fast"), "interval_ms must be a whole number"),
    (lambda: SearchStepper(FIG_5_2, interval_ms=300.0), "interval_ms must be a whole number"),
    (lambda: OrderingExplorer(seed="a"), "seed must be a whole number"),
    (lambda: OrderingExplorer(ordering="sideways"), "ordering must be one of"),
    (lambda: ComplexityExplorer(branching=1), "branching must be a whole number from 2 to 8, got 1"),
    (lambda: ComplexityExplorer(branching=0), "branching must be a whole number from 2 to 8, got 0"),
    (lambda: ComplexityExplorer(branching=3.5), "branching must be a whole number from 2 to 8"),
    (lambda: ComplexityExplorer(max_depth=1), "max_depth must be a whole number from 2 to 64, got 1"),
    (lambda: ComplexityExplorer(max_depth="8"), "max_depth must be a whole number"),
    (lambda: ComplexityExplorer(seeds=0), "seeds must be a whole number from 1 to 10, got 0"),
])
def test_bad_widget_arguments_are_refused_by_name(make, message):
    with pytest.raises(ValueError, match=re.escape(message)):
        make()


def test_the_explorers_say_what_they_are_then_share_tree_controls():
    for explorer in (TreeExplorer(), BackupExplorer(), OrderingExplorer(branching=2, depth=2)):
        assert isinstance(explorer.controls, TreeControls)
        first, second = explorer.widget.children[:2]
        assert first.value.startswith("<i>") and len(first.value) < 160     # one line of introduction
        assert second is explorer.controls.box
        labels = [slider.description for slider in explorer.controls.box.children]
        assert labels == ["branching b", "depth d", "seed"]
    backup = BackupExplorer()
    assert backup.widget.children[2] is backup.algorithm and backup.widget.children[3] is backup.steps.box
    ordering = OrderingExplorer(branching=2, depth=2)
    assert ordering.widget.children[2:4] == (ordering.ordering, ordering.counts)


def test_every_widget_opens_with_one_line_saying_what_it_is():
    for widget in (TreeExplorer(), SearchStepper([[1, 2], [3, 4]]), BackupExplorer(),
                   OrderingExplorer(branching=2, depth=2), ComplexityExplorer(max_depth=2)):
        line = widget.widget.children[0]
        assert isinstance(line, ipywidgets.HTML) and "<br" not in line.value and line.value.endswith(".</i>")


def test_the_moved_helpers_are_still_importable_from_widgets():
    from minimax_lab.core import trace
    from minimax_lab.display import draw, plots, widgets
    assert widgets.describe is trace.describe and widgets.side_by_side is draw.side_by_side
    assert widgets.svg_of is draw.svg_of and callable(plots.svg_of_figure)


# --- a widget's output carries a still picture of its first view ---------------------------------

def still_bundle(widget):
    """Return the data and metadata a notebook stores for a displayed widget, checking its PNG."""
    import base64

    data, metadata = widget._repr_mimebundle_()
    png = base64.b64decode(data["image/png"])
    assert png.startswith(b"\x89PNG\r\n\x1a\n")
    return data, metadata, png


@pytest.mark.parametrize("make", [
    lambda: TreeExplorer(branching=3, depth=2),
    lambda: SearchStepper(FIG_5_2),
    lambda: BackupExplorer(branching=3, depth=3, seed=4, algorithm="alphabeta"),
    lambda: OrderingExplorer(branching=3, depth=3, seed=4),
    lambda: ComplexityExplorer(branching=2, max_depth=4),
], ids=["TreeExplorer", "SearchStepper", "BackupExplorer", "OrderingExplorer", "ComplexityExplorer"])
@pytest.mark.slow
def test_every_widget_output_has_its_view_a_png_and_the_vbox_text(make):
    from minimax_lab.display.draw import png_size

    shown = make()
    data, metadata, png = still_bundle(shown.widget)
    assert set(data) == {"application/vnd.jupyter.widget-view+json", "image/png", "text/plain"}
    assert data["application/vnd.jupyter.widget-view+json"]["model_id"] == shown.widget.model_id
    assert data["text/plain"].startswith("VBox(children=(HTML(value='<i>")  # as ipywidgets writes it
    width, height = png_size(png)
    assert metadata["image/png"] == {"width": round(width / 2), "height": round(height / 2)}


@pytest.mark.slow
def test_a_still_picture_is_the_view_as_displayed():
    stepper = SearchStepper(FIG_5_2)
    first = still_bundle(stepper.widget)[2]
    assert first == still_bundle(stepper.widget)[2]  # deterministic
    stepper.step.value = 5
    assert "fillcolor=gold" in stepper.drawing.source  # the still shows the current step
    assert still_bundle(stepper.widget)[2] != first
    stepper.step.value = 0
    assert still_bundle(stepper.widget)[2] == first


def test_the_still_picture_says_what_the_widget_is_and_that_it_runs_when_run():
    from minimax_lab.display.still import RUN_TO_USE, still_caption

    caption = still_caption(TreeExplorer.caption)
    assert caption.splitlines()[-1] == RUN_TO_USE
    assert " ".join(caption.splitlines()[:-1]) == TreeExplorer.caption


@pytest.mark.slow
def test_the_board_and_practice_widgets_carry_a_still_picture_too():
    from minimax_lab.checks.practice import PruningPractice, ValuePractice
    from minimax_lab.display.board import Board
    from minimax_lab.heuristics.connect_four import ConnectFour

    board = Board()
    before = still_bundle(board.widget)[2]
    board.click(4)
    assert ">X<" in board.drawing_of_board().source and still_bundle(board.widget)[2] != before
    for shown in (board, Board(ConnectFour()), PruningPractice(3, 3, 0), ValuePractice(2, 3, 0)):
        data = still_bundle(shown.widget)[0]
        assert set(data) == {"application/vnd.jupyter.widget-view+json", "image/png", "text/plain"}
        assert data["text/plain"].startswith("VBox(children=(")
