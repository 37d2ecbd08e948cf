"""Tests for minimax_lab.display.draw: shapes, values, the principal line, pruning, steps and limits."""

import pytest

from minimax_lab import Trace, TreeGame, alphabeta, random_tree
from minimax_lab.display.draw import MAX_DRAW_NODES, draw, node_id, picture_of

FIG_5_2 = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]  # AIMA Fig. 5.2


def lines(dot, name):
    """Return the DOT statements that declare node `name`."""
    return [line.strip() for line in dot.body if line.strip().startswith(name + " [")]


def test_shapes_follow_the_player_to_move():
    dot = draw(FIG_5_2)
    assert "shape=triangle" in lines(dot, "n")[0]
    assert "shape=invtriangle" in lines(dot, "n1")[0]
    assert "shape=box" in lines(dot, "n1_2")[0]
    assert "shape=invtriangle" in lines(draw(TreeGame(FIG_5_2, first="MIN")), "n")[0]


def test_node_ids_are_paths_and_the_source_is_deterministic():
    assert node_id(()) == "n" and node_id((1, 0)) == "n1_0"
    assert draw(FIG_5_2, "alphabeta").source == draw(FIG_5_2, "alphabeta").source


def test_minimax_drawing_shows_backed_up_values_and_the_bold_line():
    dot = draw(FIG_5_2, "minimax")
    assert [("label=%d" % v) in lines(dot, f"n{i}")[0] for i, v in enumerate([3, 2, 2])] == [True] * 3
    bold_edges = [line for line in dot.body if "->" in line and "penwidth" in line]
    assert [e.split("[")[0].strip() for e in bold_edges] == ["n -> n0", "n0 -> n0_0"]


def test_alphabeta_drawing_greys_exactly_the_pruned_leaves_and_marks_bounds():
    dot = draw(FIG_5_2, "alphabeta")
    dashed = sorted(line.split()[0] for line in dot.body if "dashed" in line and "->" not in line)
    assert dashed == ["n1_1", "n1_2"]
    assert 'label="≤2"' in lines(dot, "n1")[0]
    assert "label=3" in lines(dot, "n")[0]


def test_a_bound_only_where_the_search_stopped_early():
    # AIMA Fig. 5.5: the second MIN node stops after its first leaf (≤2); the third searches all
    # three leaves (14, 5, 2), so its 2 is exact although it falls below α = 3
    dot = draw(FIG_5_2, "alphabeta")
    assert "label=2" in lines(dot, "n2")[0] and "≤" not in lines(dot, "n2")[0]
    assert "label=3" in lines(dot, "n0")[0]
    # one level deeper: MAX's node [1][0] is searched in full below α = 8, so it is exact (6), and
    # only MIN's node [1], cut off after it, is a bound
    tree = [[[-2, 9], [8, -5]], [[2, 6], [9, -7]]]
    dot = draw(tree, "alphabeta")
    assert "label=6" in lines(dot, "n1_0")[0] and 'label="≤6"' in lines(dot, "n1")[0]
    assert "≤" not in "".join(lines(dot, "n0") + lines(dot, "n"))


def test_windows_on_request():
    dot = draw(FIG_5_2, "alphabeta", windows=True)
    assert 'xlabel="(3, +∞)"' in lines(dot, "n1")[0]
    assert "xlabel" not in draw(FIG_5_2, "alphabeta").source


def test_a_bound_appears_in_a_step_through_when_the_node_returns():
    trace = Trace()
    alphabeta(FIG_5_2, trace=trace)
    cutoff = next(i for i, event in enumerate(trace) if event.kind == "cutoff")
    assert picture_of(trace, (), cutoff + 1).value[(1,)] == "2"      # MIN's best so far
    assert picture_of(trace, (), cutoff + 2).value[(1,)] == "≤2"     # returned: a bound
    assert picture_of(trace).value[(2,)] == "2"


def test_steps_show_a_partial_search():
    first = draw(FIG_5_2, "alphabeta", step=1)
    assert "fillcolor=gold" in lines(first, "n")[0]
    assert "label=\"\"" in lines(first, "n0")[0]
    with pytest.raises(ValueError, match="step must be a whole number from 0 to"):
        draw(FIG_5_2, "alphabeta", step=10_000)


@pytest.mark.parametrize("step", [1.5, 2.0, True, "3"])
def test_a_step_that_is_not_a_whole_number_is_refused(step):
    with pytest.raises(ValueError, match=f"step must be a whole number from 0 to .*got {step!r}"):
        draw(FIG_5_2, "alphabeta", step=step)
    with pytest.raises(ValueError, match="step must be a whole number"):
        picture_of(Trace(), (), step)


def test_too_large_trees_are_refused_with_the_limit():
    with pytest.raises(ValueError, match=f"at most {MAX_DRAW_NODES}"):
        draw(random_tree(4, 5))


def test_bad_algorithm_and_bad_trees_get_clear_errors():
    with pytest.raises(ValueError, match="algorithm must be one of"):
        draw(FIG_5_2, "minmax")
    with pytest.raises(TypeError, match=r"node \[1\]\[0\]: leaf 'a' is not a number"):
        draw([[1, 2], ["a", 3]])


def test_edge_labels_by_action_or_by_name():
    by_action = draw([[1, 10], [2, 5]], edge_labels=True)
    assert [line.strip() for line in by_action.body if "->" in line][:2] == [
        'n -> n0 [label=" 0"]', 'n -> n1 [label=" 1"]']
    named = draw([[1, 10], [2, 5]], "minimax", edge_labels={(0,): "A", (1,): "B", (1, 0): "E"})
    edges = {line.split("[")[0].strip(): line for line in named.body if "->" in line}
    assert 'label=" A"' in edges["n -> n0"] and 'label=" B"' in edges["n -> n1"]
    assert 'label=" E"' in edges["n1 -> n1_0"] and 'label=" 1"' in edges["n1 -> n1_1"]  # unnamed: the action
    assert "label" not in "".join(line for line in draw([[1, 10], [2, 5]]).body if "->" in line)


def test_a_drawing_describes_itself_without_a_memory_address():
    assert repr(draw(FIG_5_2)) == "<tree drawing: 13 nodes>"
    assert repr(draw(FIG_5_2, "alphabeta")) == "<tree drawing: 13 nodes, 2 pruned>"


# --- what a notebook stores: SVG for a trusted view, PNG for one not trusted, text for nbval -----

def png_of_bundle(bundle):
    """Return the PNG bytes of a notebook output, checking they are a PNG."""
    import base64

    png = base64.b64decode(bundle["image/png"])
    assert png.startswith(b"\x89PNG\r\n\x1a\n")
    return png


def test_a_drawing_carries_svg_png_and_its_unchanged_text():
    from minimax_lab.display.draw import png_size

    dot = draw(FIG_5_2, "alphabeta")
    data, metadata = dot._repr_mimebundle_()
    assert set(data) == {"image/svg+xml", "image/png", "text/plain"}
    assert data["text/plain"] == repr(dot) == "<tree drawing: 13 nodes, 2 pruned>"
    assert data["image/svg+xml"].lstrip().startswith("<?xml") and "<svg" in data["image/svg+xml"]
    width, height = png_size(png_of_bundle(data))
    # stored at twice the size it is shown, and shown at the SVG's size (points * 4/3 pixels)
    assert metadata["image/png"] == {"width": round(width / 2), "height": round(height / 2)}
    svg_width = float(data["image/svg+xml"].split('<svg width="')[1].split("pt")[0])
    assert abs(metadata["image/png"]["width"] - svg_width * 4 / 3) <= 2


def test_a_drawing_bundle_honours_include_and_exclude():
    dot = draw(FIG_5_2)
    assert set(dot._repr_mimebundle_(include=["image/png"])[0]) == {"image/png"}
    assert set(dot._repr_mimebundle_(exclude=["image/svg+xml"])[0]) == {"image/png", "text/plain"}


def test_png_size_refuses_what_is_not_a_png():
    from minimax_lab.display.draw import png_size

    with pytest.raises(ValueError, match="not a PNG"):
        png_size(b"<svg></svg>")


def test_drawings_side_by_side_are_one_svg_and_one_png_in_rows():
    from minimax_lab.display.draw import GAP, ROW_WIDTH, in_rows, png_size, side_by_side

    shown = side_by_side({"minimax": draw(FIG_5_2, "minimax"), "alpha-beta": draw(FIG_5_2, "alphabeta")})
    data, metadata = shown._repr_mimebundle_()
    assert set(data) == {"image/svg+xml", "image/png", "text/plain"}
    assert "text/html" not in data  # an untrusted notebook would pick sanitized HTML, without its SVG
    assert data["text/plain"] == ("<drawings side by side: minimax: tree drawing: 13 nodes; "
                                  "alpha-beta: tree drawing: 13 nodes, 2 pruned>")
    svg = data["image/svg+xml"]
    assert svg.count("<svg") == 3 and ">minimax</text>" in svg and ">alpha&#45;beta</text>" in svg
    width, height = png_size(png_of_bundle(data))
    one_width, one_height = png_size(png_of_bundle(draw(FIG_5_2)._repr_mimebundle_()[0]))
    assert width > 2 * one_width and height > one_height  # two drawings across, titled
    # 900 points a row: two 400-point boxes share one; a 500-point box after a 500 starts the next
    assert in_rows([(400, 10), (400, 30)], ROW_WIDTH, GAP) == ([(0, 0), (400 + GAP, 0)], 800 + GAP, 30)
    assert in_rows([(500, 10), (500, 20), (1000, 5)], ROW_WIDTH, GAP) == (
        [(0, 0), (0, 10 + GAP), (0, 10 + GAP + 20 + GAP)], 1000, 10 + GAP + 20 + GAP + 5)


def test_side_by_side_refuses_no_drawings_and_what_is_not_a_drawing():
    from minimax_lab.display.draw import side_by_side

    with pytest.raises(ValueError, match="at least one drawing"):
        side_by_side({})
    with pytest.raises(TypeError, match="'tree' is list"):
        side_by_side({"tree": FIG_5_2})


def test_nbval_skips_svg_and_png_and_compares_text():
    from types import SimpleNamespace
    from pathlib import Path

    from devtools.nbval_plugin import pytest_collectstart

    collector = SimpleNamespace(path=Path("lesson.ipynb"), skip_compare=("metadata", "image/png"))
    pytest_collectstart(collector)
    assert collector.skip_compare == ("metadata", "image/png", "image/svg+xml")
    assert "text/plain" not in collector.skip_compare
