"""Drawing the course's trees as SVG without Graphviz: a tidy tree layout in pure Python.

The course draws its trees with Graphviz's `dot`. Where `dot` is missing (a machine without
Graphviz, or the browser-only edition, where no WebAssembly build of it runs), draw.py falls back
to this module: it reads the DOT statements that draw.py wrote into a graphviz.Digraph (nodes, edges
and their attributes, in the order written), lays the tree out and writes SVG shaped like dot's
(a <g class="node"> with a <title> per node, a <g class="edge"> per edge), so that the course's
checks and tests read both the same way.

The layout: ranks by depth, each node centred over its children, leaves left to right in the order
of the edges (dot's `ordering=out`), a subtree pushed right just far enough to clear its left
neighbours on every rank (Wetherell and Shannon's layout with subtree shifting). Sizes in points,
from the nodes' width and height in inches and an estimate of their labels' width.

>>> import graphviz
>>> dot = graphviz.Digraph()
>>> dot.node("n", label="3", shape="triangle"); dot.node("n0", label="3", shape="box")
>>> dot.edge("n", "n0")
>>> svg = layout_svg(dot)
>>> svg.count('class="node"'), svg.count('class="edge"')
(2, 1)
"""

from __future__ import annotations

import html
import math
import re
from dataclasses import dataclass, field
from typing import Optional

import graphviz

from ..core.text import shown

ATTRIBUTE = re.compile(r'(\w+)=("(?:[^"\\]|\\.)*"|[^\s\]]+)')
NODE = re.compile(r'^\t("(?:[^"\\]|\\.)*"|[\w.]+) \[(.*)\]$')
BARE_NODE = re.compile(r'^\t("(?:[^"\\]|\\.)*"|[\w.]+)$')
EDGE = re.compile(r'^\t("(?:[^"\\]|\\.)*"|[\w.]+) -> ("(?:[^"\\]|\\.)*"|[\w.]+)(?: \[(.*)\])?$')
DEFAULTS = re.compile(r"^\t(graph|node|edge) \[(.*)\]$")

POINTS_PER_INCH = 72.0
MARGIN = 4.0
"""Points of white around the drawing, as dot leaves."""

CHARACTER_WIDTH = 0.6
"""An estimate of a Helvetica character's width, as a fraction of the font size."""

MOST_RANKS = 400
"""The deepest tree the layout draws (its walks recurse once a rank); draw() draws trees of at most
400 nodes, so never deeper."""


def unquote(value: str) -> str:
    """Return a DOT ID as its text: a quoted string without its quotes and escapes."""
    if len(value) >= 2 and value[0] == value[-1] == '"':
        return re.sub(r"\\(.)", r"\1", value[1:-1])
    return value


def attributes(text: Optional[str]) -> dict[str, str]:
    """Return the attributes of a DOT attribute list's inside, `k=v k="v w"`."""
    return {key: unquote(value) for key, value in ATTRIBUTE.findall(text or "")}


@dataclass
class Node:
    """A node of the drawing: its DOT attributes, its children (in the order of the edges), its
    place (centre x, centre y) and size, in points."""

    name: str
    attrs: dict[str, str]
    children: list[Node] = field(default_factory=list)
    x: float = 0.0
    y: float = 0.0
    width: float = 0.0
    height: float = 0.0

    def left_extent(self) -> float:
        """Return how far the node reaches left of its centre, its external label included."""
        xlabel = self.attrs.get("xlabel", "")
        return self.width / 2 + (text_width(xlabel, font_size(self.attrs)) if xlabel else 0.0)


@dataclass
class Digraph:
    """What a graphviz.Digraph's DOT says: the graph, node and edge defaults, the graph's own
    attributes (a title), the nodes in the order written and the edges as (tail, head, attributes)."""

    graph: dict[str, str]
    node_defaults: dict[str, str]
    edge_defaults: dict[str, str]
    nodes: dict[str, Node]
    edges: list[tuple[str, str, dict[str, str]]]


def parse(dot: graphviz.Digraph) -> Digraph:
    """Return what the DOT statements of `dot` say; raise ValueError at a statement this reader
    does not know (subgraphs, HTML labels), naming it."""
    if not isinstance(dot, graphviz.Digraph):
        raise TypeError(f"the pure-Python layout draws a graphviz.Digraph (as draw() returns), not "
                        f"{type(dot).__name__}")
    parsed = Digraph({}, {}, {}, {}, [])
    defaults = {"graph": parsed.graph, "node": parsed.node_defaults, "edge": parsed.edge_defaults}
    for line in dot.body:
        line = line.rstrip("\n")
        if found := DEFAULTS.match(line):
            defaults[found.group(1)].update(attributes(found.group(2)))
        elif found := EDGE.match(line):
            tail, head = unquote(found.group(1)), unquote(found.group(2))
            for name in (tail, head):
                parsed.nodes.setdefault(name, Node(name, {}))
            parsed.edges.append((tail, head, attributes(found.group(3))))
        elif found := NODE.match(line):
            name = unquote(found.group(1))
            parsed.nodes.setdefault(name, Node(name, {})).attrs.update(attributes(found.group(2)))
        elif found := BARE_NODE.match(line):
            parsed.nodes.setdefault(unquote(found.group(1)), Node(unquote(found.group(1)), {}))
        elif ATTRIBUTE.match(line.strip()) and "->" not in line and "[" not in line:
            parsed.graph.update(attributes(line))
        elif line.strip():
            raise ValueError(f"the pure-Python layout cannot read the DOT statement {shown(line.strip())}")
    for node in parsed.nodes.values():
        node.attrs = {**parsed.node_defaults, **node.attrs}
    return parsed


def font_size(attrs: dict[str, str]) -> float:
    return size_attribute(attrs, "fontsize", "14")


def size_attribute(attrs: dict[str, str], key: str, default: str) -> float:
    """Return the attribute `key` (a size) as a number, `default` if it is not set; raise ValueError
    naming it if it is not a finite number >= 0."""
    text = attrs.get(key, default)
    try:
        number = float(text)
    except ValueError:
        number = math.nan
    if not 0 <= number < math.inf:
        raise ValueError(f"the pure-Python layout needs {key} to be a number >= 0, got {shown(text)}")
    return number


def text_width(text: str, size: float) -> float:
    """Return an estimate of the width in points of `text` at font size `size`."""
    return len(text) * size * CHARACTER_WIDTH


def size_nodes(graph: Digraph) -> None:
    """Give each node its width and height in points: its width and height attributes (inches),
    widened to fit its label."""
    for node in graph.nodes.values():
        label = node.attrs.get("label", node.name)
        node.width = max(size_attribute(node.attrs, "width", "0.75") * POINTS_PER_INCH,
                         text_width(label, font_size(node.attrs)) + 8)
        node.height = size_attribute(node.attrs, "height", "0.5") * POINTS_PER_INCH


def tree_roots(graph: Digraph) -> list[Node]:
    """Link each node to its children in edge order; return the nodes no edge leads to, in the
    order written. Raise ValueError if a node has two parents, or lies on a cycle (the drawing is
    not a tree), or if the tree is more than MOST_RANKS deep."""
    parents: dict[str, str] = {}
    for tail, head, _ in graph.edges:
        if head in parents:
            raise ValueError(f"the pure-Python layout draws trees, but {shown(head)} has two parents")
        parents[head] = tail
        graph.nodes[tail].children.append(graph.nodes[head])
    roots = [node for name, node in graph.nodes.items() if name not in parents]
    reached, rank, level = 0, 0, roots
    while level:
        if rank > MOST_RANKS:
            raise ValueError(f"the pure-Python layout draws trees at most {MOST_RANKS} deep; this one is deeper")
        reached += len(level)
        level, rank = [child for node in level for child in node.children], rank + 1
    if reached < len(graph.nodes):
        stray = next(name for name in graph.nodes if name in parents and _on_cycle(name, parents))
        raise ValueError(f"the pure-Python layout draws trees, but {shown(stray)} lies on a cycle of edges")
    return roots


def _on_cycle(name: str, parents: dict[str, str]) -> bool:
    """Return True if following parents up from `name` never reaches a root."""
    seen = {name}
    while name in parents:
        name = parents[name]
        if name in seen:
            return True
        seen.add(name)
    return False


def place(roots: list[Node], separation: float) -> dict[int, float]:
    """Give every node its x, each parent centred over its children, each subtree pushed right of
    what is already placed on each of its ranks by `separation` points at least; return the
    rightmost point reached on each rank."""
    right: dict[int, float] = {}   # rank -> rightmost extent placed so far

    def lay(node: Node, rank: int) -> list[Node]:
        before = dict(right)   # what lies left of this subtree, rank by rank
        subtree = [node]
        for child in node.children:
            subtree += lay(child, rank + 1)
        if node.children:
            node.x = (node.children[0].x + node.children[-1].x) / 2
        else:
            node.x = before.get(rank, -separation) + separation + node.left_extent()
        ranks: dict[int, list[Node]] = {}
        for member in subtree:
            ranks.setdefault(depth[id(member)], []).append(member)
        overlap = max((before[r] + separation - min(m.x - m.left_extent() for m in members)
                       for r, members in ranks.items() if r in before), default=0.0)
        if overlap > 0:
            for member in subtree:
                member.x += overlap
        for r, members in ranks.items():
            right[r] = max(before.get(r, float("-inf")), max(m.x + m.width / 2 for m in members))
        return subtree

    depth: dict[int, int] = {}

    def number(node: Node, rank: int) -> None:
        depth[id(node)] = rank
        for child in node.children:
            number(child, rank + 1)

    for root in roots:
        number(root, 0)
    for root in roots:
        lay(root, 0)
    return right


def layout_svg(dot: graphviz.Digraph) -> str:
    """Return `dot` (a tree, as draw.py writes them, or a graph whose nodes may share children,
    drawn in layers: layered) drawn as SVG without Graphviz."""
    graph = parse(dot)
    size_nodes(graph)
    separation = size_attribute(graph.graph, "nodesep", "0.25") * POINTS_PER_INCH
    rank_gap = size_attribute(graph.graph, "ranksep", "0.5") * POINTS_PER_INCH
    ranks: dict[int, list[Node]] = {}
    if len({head for _, head, _ in graph.edges}) < len(graph.edges):  # shared children: not a tree
        ranks = layered(graph, separation)
    else:
        roots = tree_roots(graph)
        place(roots, separation)

        def collect(node: Node, rank: int) -> None:
            ranks.setdefault(rank, []).append(node)
            for child in node.children:
                collect(child, rank + 1)

        for root in roots:
            collect(root, 0)
    title = graph.graph.get("label", "")
    title_height = 1.6 * font_size(graph.graph) if title else 0.0
    y = MARGIN + title_height
    for rank in sorted(ranks):
        height = max(node.height for node in ranks[rank])
        for node in ranks[rank]:
            node.y = y + height / 2
        y += height + rank_gap
    nodes = list(graph.nodes.values())
    left = min((node.x - node.left_extent() for node in nodes), default=0.0)
    for node in nodes:
        node.x += MARGIN - left
    width = max((node.x + node.width / 2 for node in nodes), default=0.0) + MARGIN
    width = max(width, text_width(title, font_size(graph.graph)) + 2 * MARGIN)
    height = y - rank_gap + MARGIN if nodes else 2 * MARGIN + title_height
    parts = [f'<svg width="{width:.0f}pt" height="{height:.0f}pt" viewBox="0.00 0.00 {width:.2f} {height:.2f}" '
             'xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink">',
             '<g id="graph0" class="graph">',
             f'<polygon fill="white" stroke="transparent" points="0,0 {width:.2f},0 {width:.2f},{height:.2f} '
             f'0,{height:.2f}"/>']
    if title:
        parts.append(_text(width / 2, MARGIN + font_size(graph.graph), title, graph.graph, bold=True))
    for number, node in enumerate(nodes, 1):
        parts.append(_node_svg(number, node))
    for number, (tail, head, attrs) in enumerate(graph.edges, 1):
        parts.append(_edge_svg(number, graph.nodes[tail], graph.nodes[head],
                               {**graph.edge_defaults, **attrs}))
    parts.append("</g>\n</svg>\n")
    return "\n".join(parts)


def layered(graph: Digraph, separation: float) -> dict[int, list[Node]]:
    """Place the nodes of a graph without cycles in layers, each node one layer below the lowest of
    the nodes with an edge to it, a layer's nodes left to right in the order written and centred
    under the widest layer; return the layers. Raise ValueError on a cycle or a graph too deep."""
    rank = {name: 0 for name in graph.nodes}
    for _ in range(min(len(graph.nodes), MOST_RANKS) + 1):
        moved = False
        for tail, head, _ in graph.edges:
            if rank[head] < rank[tail] + 1:
                rank[head], moved = rank[tail] + 1, True
        if not moved:
            break
    else:
        raise ValueError("the pure-Python layout draws graphs without cycles, at most "
                         f"{MOST_RANKS} layers deep; this one is not")
    ranks: dict[int, list[Node]] = {}
    for name, node in graph.nodes.items():
        ranks.setdefault(rank[name], []).append(node)
    widths = {r: sum(node.width for node in nodes) + separation * (len(nodes) - 1) for r, nodes in ranks.items()}
    widest = max(widths.values(), default=0.0)
    for r, nodes in ranks.items():
        x = (widest - widths[r]) / 2
        for node in nodes:
            node.x = x + node.width / 2
            x += node.width + separation
    return dict(sorted(ranks.items()))


def colour(name: str) -> str:
    """Return an SVG colour for a Graphviz colour name: X11's greyNN as its hex value."""
    grey = re.fullmatch(r"gr[ae]y(\d{1,3})", name)
    if grey:
        level = int(int(grey.group(1)) * 255 / 100 + 0.5)   # X11 rounds halves up: grey70 is #b3b3b3
        return f"#{level:02x}{level:02x}{level:02x}"
    return name


def _stroke(attrs: dict[str, str]) -> str:
    stroke = f'stroke="{colour(attrs.get("color", "black"))}"'
    if "penwidth" in attrs:
        stroke += f' stroke-width="{attrs["penwidth"]}"'
    if "dashed" in attrs.get("style", ""):
        stroke += ' stroke-dasharray="5,2"'
    return stroke


def _text(x: float, y: float, text: str, attrs: dict[str, str], *, bold: bool = False,
          anchor: str = "middle") -> str:
    weight = ' font-weight="bold"' if bold or "Bold" in attrs.get("fontname", "") else ""
    fill = f' fill="{colour(attrs["fontcolor"])}"' if "fontcolor" in attrs else ""
    return (f'<text text-anchor="{anchor}" x="{x:.2f}" y="{y:.2f}" font-family="Helvetica,sans-Serif"'
            f'{weight} font-size="{font_size(attrs):.2f}"{fill}>{html.escape(text)}</text>')


def _node_svg(number: int, node: Node) -> str:
    attrs, x, y, w, h = node.attrs, node.x, node.y, node.width, node.height
    fill = colour(attrs.get("fillcolor", "lightgrey")) if "filled" in attrs.get("style", "") else "none"
    shape = attrs.get("shape", "ellipse")
    if shape == "triangle":
        points = [(x, y - h / 2), (x - w / 2, y + h / 2), (x + w / 2, y + h / 2)]
    elif shape == "invtriangle":
        points = [(x, y + h / 2), (x + w / 2, y - h / 2), (x - w / 2, y - h / 2)]
    else:
        points = [(x - w / 2, y - h / 2), (x + w / 2, y - h / 2), (x + w / 2, y + h / 2), (x - w / 2, y + h / 2)]
    outline = " ".join(f"{px:.2f},{py:.2f}" for px, py in points + points[:1])
    shown = (f'<polygon fill="{fill}" {_stroke(attrs)} points="{outline}"/>' if shape not in ("ellipse", "circle") else
             f'<ellipse fill="{fill}" {_stroke(attrs)} cx="{x:.2f}" cy="{y:.2f}" rx="{w / 2:.2f}" ry="{h / 2:.2f}"/>')
    size = font_size(attrs)
    label_y = y + size * 0.35 + (-h / 8 if shape == "triangle" else h / 8 if shape == "invtriangle" else 0)
    parts = [f'<g id="node{number}" class="node">', f"<title>{html.escape(node.name)}</title>", shown,
             _text(x, label_y, attrs.get("label", node.name), attrs)]
    if attrs.get("xlabel"):
        parts.append(_text(x - w / 2, y - h / 2, attrs["xlabel"], attrs, anchor="end"))
    parts.append("</g>")
    return "\n".join(parts)


def _edge_svg(number: int, tail: Node, head: Node, attrs: dict[str, str]) -> str:
    start = (tail.x, tail.y + tail.height / 2)
    end = (head.x, head.y - head.height / 2)
    parts = [f'<g id="edge{number}" class="edge">',
             f"<title>{html.escape(tail.name)}&#45;&gt;{html.escape(head.name)}</title>",
             f'<path fill="none" {_stroke(attrs)} d="M{start[0]:.2f},{start[1]:.2f}L{end[0]:.2f},{end[1]:.2f}"/>']
    if attrs.get("label"):
        middle = ((start[0] + end[0]) / 2, (start[1] + end[1]) / 2)
        parts.append(_text(middle[0] + 2, middle[1], attrs["label"], attrs, anchor="start"))
    parts.append("</g>")
    return "\n".join(parts)
