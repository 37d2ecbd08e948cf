"""Drawing game trees with Graphviz: values backed up, the chosen line, pruned subtrees, windows.

MAX nodes are up-triangles, MIN nodes down-triangles, leaves boxes. Node ids come from paths
("n", "n0", "n0_2"), so the DOT source is the same on every run.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass, field
from typing import Any, Mapping, Optional, Union

import graphviz

from ..core.text import value_text
from ..core.trace import CUTOFF, ENTER, EXIT, LEAF, UPDATE, Event, Trace
from ..core.trees import Path, Tree
from ..games.protocol import TreeGame, as_game
from ..search import textbook as search
from ..search.registry import one_of, search_named
from ..search.textbook import SearchResult

MAX_DRAW_NODES = 400
"""The largest tree draw() accepts; bigger ones are refused rather than freezing the notebook."""

GREY = "grey70"
CURRENT = "gold"
TRACED_SEARCHES = ("minimax", "negamax", "alphabeta")
"""The searches (catalog.SEARCHES keys) that keep a trace, and so can be drawn step by step."""

EdgeLabels = Union[bool, Mapping[Path, str]]
"""True labels each edge with its action (the child's index); a mapping from a child's path to a
name ({(0,): "A", (0, 1): "D"}) labels those edges by name and the rest by action."""


@dataclass
class Picture:
    """What a drawing shows at one moment of a search: labels and styles by path.

    `window` holds each node's (α, β) on entry, `live` the current window of the nodes still
    being searched (the path from the root to the current node)."""

    value: dict[Path, str] = field(default_factory=dict)
    window: dict[Path, tuple] = field(default_factory=dict)
    live: dict[Path, tuple] = field(default_factory=dict)
    seen: set[Path] = field(default_factory=set)
    pruned: set[Path] = field(default_factory=set)
    line: tuple = ()
    current: Optional[Path] = None


def draw(tree: Tree | TreeGame, algorithm: Optional[str] = None, *, order: Any = None,
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


def search_trace(game: TreeGame, algorithm: str, order: Any = None) -> tuple[SearchResult, Trace]:
    """Run `algorithm` on the game with a trace; return its result and the trace."""
    one_of(algorithm, "algorithm", TRACED_SEARCHES)
    trace = Trace()
    options = {"order": order} if algorithm == "alphabeta" and order is not None else {}
    return search_named(algorithm)(game, trace=trace, **options), trace


def picture_of(trace: Trace, line: tuple = (), step: Optional[int] = None) -> Picture:
    """Return what the drawing shows after the first `step` events of a trace (all by default);
    once the search is over, `line` (the principal variation) is drawn bold."""
    if step is not None and (isinstance(step, bool) or not isinstance(step, int) or not 0 <= step <= len(trace)):
        raise ValueError(f"step must be a whole number from 0 to {len(trace)} (the trace's length), "
                         f"got {step!r}")
    events = trace if step is None else trace[:step]
    picture = Picture()
    bounds = trace.bounds()
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


def _label(value: Optional[float]) -> str:
    return "" if value is None else value_text(value)


class Drawing(graphviz.Digraph):
    """A Digraph of a game tree whose plain-text description says what it shows, so that a
    notebook's stored output holds no memory address."""

    summary = "tree drawing"

    def __repr__(self) -> str:
        return f"<{self.summary}>"


def render(game: TreeGame, picture: Picture, *, windows: bool = False,
           edge_labels: EdgeLabels = False) -> Drawing:
    """Return the Digraph of a tree as `picture` shows it."""
    dot = Drawing(graph_attr={"ordering": "out", "nodesep": "0.15", "ranksep": "0.45"},
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


def _edge_label(path: Path, edge_labels: EdgeLabels) -> str:
    """Return the label of the edge into `path`: its name in a mapping, else its action (with a
    leading space, which keeps the label clear of a bold edge)."""
    if isinstance(edge_labels, Mapping) and path in edge_labels:
        return " " + str(edge_labels[path])
    return " " + str(path[-1])


def node_id(path: Path) -> str:
    """Return a node's Graphviz id: 'n' then the path's indices joined by '_'."""
    return "n" + "_".join(map(str, path))


def _pruned_subtrees(game: TreeGame, roots: set[Path]) -> set[Path]:
    return {p for p in game.nodes if any(p[:len(r)] == r for r in roots)} if roots else set()


def _node_style(game: TreeGame, path: Path, picture: Picture, pruned: set[Path], on_line: set,
                windows: bool) -> dict[str, str]:
    if game.is_terminal(path):
        style = {"shape": "box", "label": _label(game.nodes[path]),  # type: ignore[arg-type]
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


def _edge_style(path: Path, pruned: set[Path], on_line: set) -> dict[str, str]:
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
    svg = dot.pipe(format="svg", encoding="utf-8")
    size = re.search(r'<svg width="([\d.]+)pt"', svg)
    if size is None:
        return svg
    natural = float(size.group(1)) * 4 / 3  # points to CSS pixels
    style = f"width:{natural:.0f}px; max-width:100%; min-width:{natural * SMALLEST_SCALE:.0f}px; height:auto"
    inline = svg[svg.index("<svg "):]  # no XML declaration or doctype inside HTML
    return ("<div style='overflow-x:auto; max-width:100%'>"
            + inline.replace("<svg ", f'<svg style="{style}" ', 1) + "</div>")


def side_by_side(drawings: Mapping[str, graphviz.Digraph]) -> Any:
    """Return an HTML display of Graphviz drawings in a row, each under its title."""
    from IPython.display import HTML

    cells = "".join(f"<div style='margin:0 12px; text-align:center'><b>{html.escape(title)}</b>"
                    f"<br>{svg_of(dot)}</div>" for title, dot in drawings.items())
    return HTML(f"<div style='display:flex; flex-wrap:wrap; align-items:flex-start'>{cells}</div>")
