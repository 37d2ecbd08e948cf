"""Drawing game trees with Graphviz: values backed up, the chosen line, pruned subtrees, windows.

MAX nodes are up-triangles, MIN nodes down-triangles, leaves boxes. Node ids come from paths
("n", "n0", "n0_2"), so the DOT source is the same on every run.
"""

from __future__ import annotations

import base64
import re
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Iterable, Mapping, Optional, Union

import graphviz

from ..core.text import as_text, path_name, shown, value_text
from ..core.trace import CUTOFF, ENTER, EXIT, LEAF, UPDATE, Event, Moves, Trace, bounds_of
from ..core.trees import Path, Tree
from ..games.protocol import TreeGame, as_game
from ..search.registry import CATALOG, Drawn, one_of
from ..search.textbook import Ordering, SearchResult
from .tree_layout import layout_svg

MAX_DRAW_NODES = 400
"""The largest tree draw() accepts; bigger ones are refused rather than freezing the notebook."""

GREY = "grey70"
CURRENT = "gold"

DRAWN: Mapping[str, Drawn] = MappingProxyType({name: entry.drawn for name, entry in CATALOG.items()
                                               if entry.drawn is not None})
"""How each search that a drawing can show step by step is drawn, by name (as the registry says)."""

EdgeLabels = Union[bool, Mapping[Path, str]]
"""True labels each edge with its action (the child's index); a mapping from a child's path to a
name ({(0,): "A", (0, 1): "D"}) labels those edges by name and the rest by action."""


Window = tuple[Optional[float], Optional[float]]
"""A node's (α, β), as its trace events hold them."""


@dataclass
class Picture:
    """What a drawing shows at one moment of a search: labels and styles by path.

    `window` holds each node's (α, β) on entry, `live` the current window of the nodes still
    being searched (the path from the root to the current node)."""

    value: dict[Path, str] = field(default_factory=dict)
    window: dict[Path, Window] = field(default_factory=dict)
    live: dict[Path, Window] = field(default_factory=dict)
    seen: set[Path] = field(default_factory=set)
    pruned: set[Path] = field(default_factory=set)
    line: Moves = ()
    current: Optional[Path] = None


def draw(tree: Tree | TreeGame, algorithm: Optional[str] = None, *, order: Optional[Ordering] = None,
         windows: bool = False, step: Optional[int] = None,
         edge_labels: EdgeLabels = False) -> Drawing:
    """Return a Graphviz drawing of a tree, searched by `algorithm` if one is named.

    With an algorithm the nodes show backed-up values ('≤v' or '≥v' where alpha-beta stopped early
    at the node or below it, so that its value is only a bound), the principal variation is bold
    and pruned subtrees are grey and dashed; `windows` adds each node's (α, β) on entry. `step=k` shows the search after its first k trace events, with the
    current node highlighted. `edge_labels` names the moves on the edges (see EdgeLabels).
    """
    game = drawable(tree)
    picture = Picture()
    if algorithm is None:
        for name, value in (("step", step), ("order", order)):
            if value is not None:
                raise ValueError(f"{name}={shown(value)} shows a search, but no algorithm is named: draw(tree, "
                                 f"'alphabeta', {name}=...)")
    if windows is not False and (algorithm is None or not how_drawn(algorithm).windows):
        if windows is not True:
            raise ValueError(f"windows must be True or False, got {shown(windows)}")
        searches = [name for name, drawn in DRAWN.items() if drawn.windows]
        raise ValueError(f"windows=True shows the (α, β) window of each node, which only {', '.join(searches)} "
                         f"keeps; got algorithm={shown(algorithm)}")
    if algorithm is not None:
        result, trace = search_trace(game, algorithm, order)
        picture = picture_of(trace, result.pv, step)
    return render(game, picture, windows=windows, edge_labels=edge_labels)


def drawable(tree: Tree | TreeGame) -> TreeGame:
    """Return the tree as a TreeGame, refusing what draw() cannot show legibly."""
    game = as_game(tree)
    if not isinstance(game, TreeGame):
        raise TypeError(f"draw() draws nested-list trees and TreeGames, not {type(game).__name__}")
    if len(game.nodes) > MAX_DRAW_NODES:
        raise ValueError(f"this tree has {len(game.nodes)} nodes; draw() shows at most {MAX_DRAW_NODES} "
                         "legibly: choose a smaller branching factor or depth")
    return game


def how_drawn(algorithm: str) -> Drawn:
    """Return how a drawing shows `algorithm` step by step; raise ValueError naming the searches
    it can show if `algorithm` is not one of them."""
    return DRAWN[one_of(algorithm, "algorithm", DRAWN)]


def search_trace(game: TreeGame, algorithm: str, order: Optional[Ordering] = None) -> tuple[SearchResult[float], Trace]:
    """Run `algorithm` on the game with a trace (and the ordering `order`, for a search that takes
    one); return its result and the trace."""
    how_drawn(algorithm)  # refuses a search that no drawing shows
    search = CATALOG[algorithm]
    if order is not None and not search.order:
        raise ValueError(f"{search.label} takes no move ordering (it visits every node whatever the "
                         f"order), got order={shown(order)}")
    trace = Trace()
    options = {} if order is None else {"order": order}
    return search.function(game, trace=trace, **options), trace


def picture_of(trace: Trace, line: Moves = (), step: Optional[int] = None) -> Picture:
    """Return what the drawing shows after the first `step` events of a trace (all by default);
    once the search is over, `line` (the principal variation) is drawn bold. A trace made by hand
    is checked first (core.trace.check_trace), and refused naming the event that is wrong."""
    bounds = bounds_of(trace)
    if not isinstance(line, (tuple, list)):
        raise TypeError(f"line must be a sequence of moves (the principal variation), got {shown(line)}")
    if step is not None and (isinstance(step, bool) or not isinstance(step, int) or not 0 <= step <= len(trace)):
        raise ValueError(f"step must be a whole number from 0 to {len(trace)} (the trace's length), "
                         f"got {shown(step)}")
    events = trace if step is None else trace[:step]
    picture = Picture()
    for event in events:
        replay(picture, bounds, event)
    if len(events) == len(trace):
        picture.line = tuple(line)
    elif events:
        picture.current = events[-1].path
    return picture


def replay(picture: Picture, bounds: dict[Path, str], event: Event) -> None:
    """Apply one trace event to a picture; `bounds` says which returned values are only bounds
    (Trace.bounds), which the drawing marks '≤v' or '≥v'."""
    path = event.path
    if event.kind == ENTER:
        picture.seen.add(path)
        if event.alpha is not None:
            picture.window[path] = picture.live[path] = (event.alpha, event.beta)
    elif event.kind in (LEAF, UPDATE):
        picture.value[path] = _label(event.value)
        if event.kind == UPDATE and event.alpha is not None:
            picture.live[path] = (event.alpha, event.beta)
    elif event.kind == EXIT:
        picture.value[path] = bounds.get(path, "") + _label(event.value)
        picture.live.pop(path, None)
    elif event.kind == CUTOFF:
        picture.pruned.update(path + (a,) for a in event.pruned)


def _label(value: Optional[Tree]) -> str:
    return "" if value is None else value_text(value)


class Drawing(graphviz.Digraph):
    """A Digraph of a game tree whose plain-text description says what it shows, so that a
    notebook's stored output holds no memory address."""

    summary = "tree drawing"

    def __repr__(self) -> str:
        return f"<{self.summary}>"

    # graphviz declares data only; IPython takes (data, metadata), which sizes the PNG
    def _repr_mimebundle_(self, include: Optional[Iterable[str]] = None,  # type: ignore[override]
                          exclude: Optional[Iterable[str]] = None, **_: object) -> Bundle:
        """Return the drawing for a notebook: SVG, PNG (what a notebook not trusted shows) and the
        summary as text."""
        return image_bundle(svg_text(self), png_of(self), repr(self), include=include, exclude=exclude)


def render(game: TreeGame, picture: Picture, *, windows: bool = False,
           edge_labels: EdgeLabels = False) -> Drawing:
    """Return the Digraph of a tree as `picture` shows it; a picture of nodes the tree does not
    have (a trace of another tree) is refused."""
    if not isinstance(game, TreeGame):
        raise TypeError(f"render draws a TreeGame, not {type(game).__name__}")
    if not isinstance(picture, Picture):
        raise TypeError(f"render draws a Picture (as picture_of returns), not {type(picture).__name__}")
    if not isinstance(windows, bool):
        raise ValueError(f"windows must be True or False, got {shown(windows)}")
    check_edge_labels(game, edge_labels)
    drawn = {*picture.seen, *picture.value, *picture.window, *picture.pruned,
             *(picture.line[:i] for i in range(len(picture.line) + 1))}
    if picture.current is not None:
        drawn.add(picture.current)
    stray = sorted(path for path in drawn if path not in game.nodes)
    if stray:
        raise ValueError(f"the picture shows node {path_name(stray[0])}, which this tree does not have (a trace of "
                         "another tree?)")
    dot: Drawing = Drawing(graph_attr={"ordering": "out", "nodesep": "0.15", "ranksep": "0.45"},
                           node_attr={"fontname": "Helvetica", "fontsize": "11", "margin": "0.03"},
                           edge_attr={"arrowhead": "none", "fontname": "Helvetica", "fontsize": "11"})
    pruned_below = _pruned_subtrees(game, picture.pruned)
    dot.summary = f"tree drawing: {len(game.nodes)} nodes"
    if pruned_below:
        dot.summary += f", {len(pruned_below)} pruned"
    on_line = {picture.line[:i] for i in range(len(picture.line) + 1)} if picture.line else set()
    for path in sorted(game.nodes, key=lambda p: (len(p), p)):
        dot.node(node_id(path), **_node_style(game, path, picture, pruned_below, on_line, windows))
        if path:
            parent = path[:-1]
            style = _edge_style(path, pruned_below, on_line)
            label = {"label": _edge_label(path, edge_labels)} if edge_labels else {}
            dot.edge(node_id(parent), node_id(path), **style, **label)
    return dot


def check_edge_labels(game: TreeGame, edge_labels: object) -> None:
    """Raise TypeError or ValueError unless `edge_labels` is True, False, or a mapping from paths
    of children in the tree (tuples such as (0,) or (0, 1)) to names."""
    if isinstance(edge_labels, bool):
        return
    if not isinstance(edge_labels, Mapping):
        raise TypeError(f"edge_labels must be True, False or a dict from paths to names such as {{(0,): 'A'}}, "
                        f"got {shown(edge_labels)}")
    for path in edge_labels:
        if not isinstance(path, tuple) or not path:
            raise ValueError(f"edge_labels: {shown(path)} is not the path of a child: a path is a tuple of moves from "
                             "the root, such as (0,) or (0, 1)")
        if path not in game.nodes:
            raise ValueError(f"edge_labels: the tree has no node {path_name(path)} (path {shown(path)})")


def _edge_label(path: Path, edge_labels: EdgeLabels) -> str:
    """Return the label of the edge into `path`: its name in a mapping, else its action (with a
    leading space, which keeps the label clear of a bold edge)."""
    if isinstance(edge_labels, Mapping) and path in edge_labels:
        return " " + as_text(edge_labels[path])
    return " " + as_text(path[-1])


def node_id(path: Path) -> str:
    """Return a node's Graphviz id: 'n' then the path's indices joined by '_'."""
    return "n" + "_".join(map(str, path))


def _pruned_subtrees(game: TreeGame, roots: set[Path]) -> set[Path]:
    return {p for p in game.nodes if any(p[:len(r)] == r for r in roots)} if roots else set()


def _node_style(game: TreeGame, path: Path, picture: Picture, pruned: set[Path], on_line: set[Moves],
                windows: bool) -> dict[str, str]:
    if game.is_terminal(path):
        style = {"shape": "box", "label": _label(game.nodes[path]),
                 "width": "0.3", "height": "0.3"}
    else:
        up = game.to_move(path) == "MAX"
        style = {"shape": "triangle" if up else "invtriangle", "label": picture.value.get(path, ""),
                 "width": "0.6", "height": "0.5"}
    window = picture.live.get(path) if picture.current is not None else picture.window.get(path)
    if windows and window and not game.is_terminal(path):
        alpha, beta = window
        style["xlabel"] = f"({_label(alpha)}, {_label(beta)})"
        style["fontsize"] = "10"
    if path in pruned:
        style.update(color=GREY, fontcolor=GREY, style="dashed")
    elif picture.current == path:
        style.update(style="filled", fillcolor=CURRENT)
    elif picture.seen and path not in picture.seen:
        style.update(color=GREY, fontcolor=GREY)
    if path in on_line:
        style["penwidth"] = "2.5"
    return style


def _edge_style(path: Path, pruned: set[Path], on_line: set[Moves]) -> dict[str, str]:
    if path in pruned:
        return {"color": GREY, "style": "dashed"}
    if path in on_line:
        return {"penwidth": "3"}
    return {}


# Showing drawings in a notebook.

SMALLEST_SCALE = 0.45
"""A drawing wider than its output area shrinks to fit, but never below this fraction of its natural
size, so that its labels stay legible; a wider one scrolls sideways instead."""


def svg_of(dot: graphviz.Digraph) -> str:
    """Return a Digraph rendered as SVG (HTML) that fits the width of wherever it is shown: shrunk
    to fit, down to SMALLEST_SCALE of its natural size, and scrolling sideways beyond that."""
    svg = svg_text(check_digraph(dot, "svg_of"))
    size = re.search(r'<svg width="([\d.]+)pt"', svg)
    if size is None:
        return svg
    natural = float(size.group(1)) * 4 / 3  # points to CSS pixels
    style = f"width:{natural:.0f}px; max-width:100%; min-width:{natural * SMALLEST_SCALE:.0f}px; height:auto"
    inline = svg[svg.index("<svg "):]  # no XML declaration or doctype inside HTML
    return ("<div style='overflow-x:auto; max-width:100%'>"
            + inline.replace("<svg ", f'<svg style="{style}" ', 1) + "</div>")


def side_by_side(drawings: Mapping[str, graphviz.Digraph]) -> Drawings:
    """Return Graphviz drawings in rows, each under its title, as one picture (SVG and PNG)."""
    if not isinstance(drawings, Mapping):
        raise TypeError(f"side_by_side takes a dict from titles to drawings, {{'minimax': draw(...)}}, got "
                        f"{type(drawings).__name__}")
    return Drawings(drawings)


# A notebook shows SVG only when it trusts the notebook (JupyterLab's SVG renderer is not safe), and
# a freshly cloned notebook is not trusted; PNG it always shows. So every drawing carries both.

Bundle = tuple[dict[str, str], dict[str, dict[str, int]]]
"""What _repr_mimebundle_ returns: output data by MIME type, and its metadata."""

PNG_DPI = 192
"""The resolution of a drawing's PNG: twice Graphviz's 96 dpi, shown at half size (crisp on a
high-density screen, the size of the SVG)."""

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"

PNG_COLOURS = 64
"""The colours of a PNG stored in a notebook: enough for a drawing's greys, gold and plot lines."""

ROW_WIDTH = 900
"""Drawings side by side fill rows of at most this many points (one drawing wider has a row to itself)."""

GAP = 18
"""Points between two drawings side by side, across and down."""


def check_digraph(dot: object, where: str) -> graphviz.Digraph:
    """Return `dot` if it is a Graphviz drawing, else raise TypeError saying what `where` takes."""
    if not isinstance(dot, graphviz.Digraph):
        raise TypeError(f"{where} takes a Graphviz drawing (as draw() returns), not {type(dot).__name__}")
    drawing: graphviz.Digraph = dot
    return drawing


def svg_text(dot: graphviz.Digraph) -> str:
    """Return a Digraph rendered as SVG by Graphviz's dot, or, where dot is missing (no Graphviz,
    or the browser-only edition), by the pure-Python tree layout (tree_layout.layout_svg)."""
    try:
        svg: str = dot.pipe(format="svg", encoding="utf-8")
    except (graphviz.ExecutableNotFound, OSError):  # OSError: no program starts here (Pyodide)
        return layout_svg(dot)
    return svg


def png_of(dot: graphviz.Digraph) -> Optional[bytes]:
    """Return a Digraph rendered as PNG, at PNG_DPI; None where Graphviz's dot is missing (the
    drawing is then shown as SVG only)."""
    sharp = check_digraph(dot, "png_of").copy()
    sharp.graph_attr["dpi"] = str(PNG_DPI)
    try:
        png: bytes = sharp.pipe(format="png")
    except (graphviz.ExecutableNotFound, OSError):  # OSError: no program starts here (Pyodide)
        return None
    return png


def png_size(png: bytes) -> tuple[int, int]:
    """Return a PNG's (width, height) in pixels, from its header."""
    if not isinstance(png, bytes):
        raise TypeError(f"png_size reads the bytes of a PNG image, not {type(png).__name__}")
    if not png.startswith(PNG_SIGNATURE) or png[12:16] != b"IHDR":
        raise ValueError(f"not a PNG image: it starts {png[:16]!r}")
    return int.from_bytes(png[16:20], "big"), int.from_bytes(png[20:24], "big")


def image_bundle(svg: Optional[str], png: Optional[bytes], text: str, *, include: Optional[Iterable[str]] = None,
                 exclude: Optional[Iterable[str]] = None) -> Bundle:
    """Return a notebook output holding a picture as SVG (if given) and PNG (if given: shown at the
    size of the SVG), and its text, keeping the MIME types in `include` (all by default) not in
    `exclude`. The PNG is stored with PNG_COLOURS colours, a third of its size in full colour."""
    data = {"text/plain": text}
    metadata: dict[str, dict[str, int]] = {}
    if png is not None:
        width, height = png_size(png)
        data["image/png"] = base64.b64encode(compact_png(png)).decode("ascii")
        scale = PNG_DPI // 96
        metadata["image/png"] = {"width": round(width / scale), "height": round(height / scale)}
    if svg is not None:
        data["image/svg+xml"] = svg
    wanted = set(data if include is None else include) - set(exclude or ())
    return {kind: value for kind, value in data.items() if kind in wanted}, metadata


def compact_png(png: bytes) -> bytes:
    """Return a PNG reduced to a palette of PNG_COLOURS colours (no dithering: a drawing's lines stay clean)."""
    import io

    from PIL import Image

    image = Image.open(io.BytesIO(png)).convert("RGB")
    reduced = image.quantize(colors=PNG_COLOURS, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
    out = io.BytesIO()
    reduced.save(out, format="PNG", optimize=True)
    return out.getvalue()


def titled(dot: graphviz.Digraph, title: str) -> graphviz.Digraph:
    """Return a copy of a Digraph with `title` above it."""
    copy: graphviz.Digraph = check_digraph(dot, "titled").copy()
    copy.attr(label=title, labelloc="t", fontname="Helvetica-Bold", fontsize="12")
    return copy


def in_rows(sizes: list[tuple[float, float]], width: float,
            gap: float) -> tuple[list[tuple[float, float]], float, float]:
    """Return where each box of `sizes` goes, left to right in rows at most `width` wide (a wider box
    alone in its row), `gap` apart; and the total width and height."""
    places: list[tuple[float, float]] = []
    x = y = row_height = total_width = 0.0
    for box_width, box_height in sizes:
        if x > 0 and x + box_width > width:
            x, y, row_height = 0.0, y + row_height + gap, 0.0
        places.append((x, y))
        total_width = max(total_width, x + box_width)
        row_height = max(row_height, box_height)
        x += box_width + gap
    return places, total_width, y + row_height


class Drawings:
    """Titled drawings in rows, shown as one SVG and one PNG; its text names them."""

    def __init__(self, drawings: Mapping[str, graphviz.Digraph]):
        if not drawings:
            raise ValueError("side_by_side needs at least one drawing, got none")
        for title, dot in drawings.items():
            if not isinstance(dot, graphviz.Digraph):
                raise TypeError(f"side_by_side draws Graphviz drawings (as draw() returns), but {shown(title)} is "
                                f"{type(dot).__name__}")
        self.panels = {title: titled(dot, str(title)) for title, dot in drawings.items()}
        self.summary = "; ".join(f"{title}: {repr(dot).strip('<>') if isinstance(dot, Drawing) else 'drawing'}"
                                 for title, dot in drawings.items())

    def __repr__(self) -> str:
        return f"<drawings side by side: {self.summary}>"

    def svg(self) -> str:
        """Return the drawings as one SVG document."""
        pictures = [svg_text(panel) for panel in self.panels.values()]
        sizes = [_svg_size(svg) for svg in pictures]
        places, width, height = in_rows(sizes, ROW_WIDTH, GAP)
        inner = "".join(_placed(svg, x, y, size) for svg, (x, y), size in zip(pictures, places, sizes))
        return (f'<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
                f'width="{width:g}pt" height="{height:g}pt" viewBox="0 0 {width:g} {height:g}">{inner}</svg>')

    def png(self) -> Optional[bytes]:
        """Return the drawings as one PNG image (at PNG_DPI); None where Graphviz's dot is missing."""
        pngs = [png_of(panel) for panel in self.panels.values()]
        if any(png is None for png in pngs):
            return None
        import io

        from PIL import Image

        images = [Image.open(io.BytesIO(png)) for png in pngs if png is not None]
        places, width, height = in_rows([image.size for image in images], ROW_WIDTH * PNG_DPI / 72,
                                        GAP * PNG_DPI / 72)
        canvas = Image.new("RGB", (round(width), round(height)), "white")
        for image, (x, y) in zip(images, places):
            canvas.paste(image.convert("RGBA"), (round(x), round(y)), image.convert("RGBA"))
        out = io.BytesIO()
        canvas.save(out, format="PNG", optimize=True)
        return out.getvalue()

    def _repr_mimebundle_(self, include: Optional[Iterable[str]] = None, exclude: Optional[Iterable[str]] = None,
                          **_: object) -> Bundle:
        """Return the drawings for a notebook: SVG, PNG (what a notebook not trusted shows) and text."""
        return image_bundle(self.svg(), self.png(), repr(self), include=include, exclude=exclude)


def _svg_size(svg: str) -> tuple[float, float]:
    """Return the (width, height) in points of a Graphviz SVG."""
    size = re.search(r'<svg width="([\d.]+)pt" height="([\d.]+)pt"', svg)
    if size is None:
        raise ValueError("Graphviz's SVG has no width and height in points: " + svg[:200])
    return float(size.group(1)), float(size.group(2))


def _placed(svg: str, x: float, y: float, size: tuple[float, float]) -> str:
    """Return a Graphviz SVG as an <svg> element nested at (x, y) points in a larger one."""
    inline = svg[svg.index("<svg "):]
    inline = re.sub(r'<svg width="[\d.]+pt" height="[\d.]+pt"',
                    f'<svg x="{x:g}" y="{y:g}" width="{size[0]:g}" height="{size[1]:g}"', inline, count=1)
    return inline
