"""Tests for minimax_lab.display.tree_layout: the pure-Python tree drawing that stands in for
Graphviz's dot where dot is missing. Matched against dot's own drawings: the same nodes, in the same
left-to-right order on every rank, with the same labels."""

import html
import re

import graphviz
import pytest

from minimax_lab import TreeGame
from minimax_lab.display import draw as drawing
from minimax_lab.display.draw import Drawings, draw, png_of, svg_of, titled
from minimax_lab.display.tree_layout import colour, layout_svg, parse

FIG_5_2 = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]

DRAWINGS = {
    "Fig. 5.2, minimax": lambda: draw(FIG_5_2, "minimax"),
    "Fig. 5.2, alpha-beta with windows and moves": lambda: titled(
        draw(FIG_5_2, "alphabeta", windows=True, edge_labels=True), "alpha-beta"),
    "uneven tree, MIN first": lambda: draw(TreeGame([[1, [2, 3]], 4, [[5], [6, 7, 8]]], first="MIN"), "negamax"),
    "three levels, alpha-beta": lambda: draw([[[1, 9], [3, 4]], [[5, 6], [7, 8]], [[9, 1], [2, 3]]], "alphabeta"),
}


def nodes_by_rank(svg: str) -> dict[int, list[tuple[str, str]]]:
    """Return each rank's nodes, left to right, as (name, label): read from an SVG shaped like dot's
    (a node's name in its <title>, its label the first <text>; its rank the depth of its name, n0_1)."""
    ranks: dict[int, list[tuple[float, str, str]]] = {}
    for name, body in re.findall(r'<g id="node\d+" class="node">\s*<title>(.*?)</title>(.*?)</g>', svg, re.S):
        x, label = re.search(r'<text[^>]* x="([-\d.]+)"[^>]*>(.*?)</text>', body, re.S).groups()
        rank = 0 if name == "n" else name.count("_") + 1
        ranks.setdefault(rank, []).append((float(x), html.unescape(name), html.unescape(label)))
    return {rank: [(name, label) for _, name, label in sorted(row)] for rank, row in ranks.items()}


@pytest.mark.parametrize("name", DRAWINGS)
def test_the_layout_matches_dot_in_node_order_and_labels(name):
    dot = DRAWINGS[name]()
    ours, theirs = nodes_by_rank(layout_svg(dot)), nodes_by_rank(dot.pipe(format="svg", encoding="utf-8"))
    assert ours == theirs and len(ours) >= 3


@pytest.mark.parametrize("name", DRAWINGS)
def test_no_two_nodes_of_a_rank_overlap(name):
    svg = layout_svg(DRAWINGS[name]())
    for row in re.findall(r'class="node">.*?points="([^"]+)"', svg, re.S):
        assert row  # every node has an outline
    boxes: dict[float, list[tuple[float, float]]] = {}
    for points in re.findall(r'class="node">\s*<title>.*?</title>\s*<polygon[^>]*points="([^"]+)"', svg, re.S):
        xs = [float(p.split(",")[0]) for p in points.split()]
        ys = [float(p.split(",")[1]) for p in points.split()]
        boxes.setdefault(round((min(ys) + max(ys)) / 2), []).append((min(xs), max(xs)))
    for row in boxes.values():
        row.sort()
        assert all(left[1] <= right[0] for left, right in zip(row, row[1:]))


def test_without_dot_drawings_fall_back_to_the_layout_and_show_as_svg(monkeypatch):
    def no_dot(*args, **kwargs):
        raise graphviz.ExecutableNotFound(("dot",))

    monkeypatch.setattr(graphviz.Digraph, "pipe", no_dot)
    picture = draw(FIG_5_2, "alphabeta")
    data, metadata = picture._repr_mimebundle_()
    assert set(data) == {"text/plain", "image/svg+xml"} and metadata == {}
    assert data["image/svg+xml"].count('class="node"') == 13
    assert png_of(picture) is None and "<svg" in svg_of(picture)
    both = Drawings({"minimax": draw(FIG_5_2, "minimax"), "alpha-beta": picture})
    assert both.png() is None and both.svg().count('class="node"') == 26


def test_colours_and_what_the_reader_does_not_know():
    assert colour(drawing.GREY) == "#b3b3b3" and colour("gold") == "gold"
    shared = graphviz.Digraph()   # b has two parents: drawn in layers, b under a and c
    shared.edge("a", "b")
    shared.edge("c", "b")
    assert layout_svg(shared).count('class="node"') == 3 and layout_svg(shared).count('class="edge"') == 2
    tangled = graphviz.Digraph()
    tangled.edge("a", "b")
    tangled.edge("c", "b")
    tangled.edge("b", "c")
    with pytest.raises(ValueError, match="draws graphs without cycles"):
        layout_svg(tangled)
    grouped = graphviz.Digraph()
    with grouped.subgraph(name="cluster") as inner:
        inner.node("a")
    with pytest.raises(ValueError, match="cannot read the DOT statement"):
        parse(grouped)
