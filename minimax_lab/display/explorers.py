"""The widgets of lessons 4 and 6: alpha-beta under each move ordering on a random tree, and node
counts against depth measured live beside the theory. Their modules (ordering, experiments,
plots) are imported when a widget is made.
"""

from __future__ import annotations

import html
from typing import TYPE_CHECKING, Optional

import ipywidgets as w

from ..core.text import shown
from ..core.trees import Tree
from ..search.registry import ORDERINGS, choices, one_of, ordering_named
from ..search.textbook import SearchResult
from .controls import SLIDER, IntSlider, ToggleButtons, TreeControls, error_html, intro, whole_number
from .draw import Picture, drawable, picture_of, render, search_trace, svg_of
from .still import PicturedBox, Still, still_caption

if TYPE_CHECKING:
    from matplotlib.figure import Figure

    from ..analysis.experiments import Row


class OrderingExplorer(Still):
    """A random tree (branching, depth and seed sliders) searched by alpha-beta under the ordering
    picked with the buttons: the drawing shows what that ordering prunes, and a table the leaves
    and nodes of every ordering."""

    caption = ("One tree, searched by alpha-beta in four move orders: pick an order to see what it prunes; the "
               "table counts the work of each.")

    def __init__(self, branching: int = 3, depth: int = 3, seed: int = 0, ordering: str = "given"):
        # leaves from -99 to 99, so that ties are rare
        self.controls = TreeControls(branching, depth, seed, low=-99, high=99)
        self.branching, self.depth, self.seed = self.controls.branching, self.controls.depth, self.controls.seed
        self.ordering = ToggleButtons(options=choices(ORDERINGS), value=one_of(ordering, "ordering", ORDERINGS),
                                      name="ordering")
        self.counts, self.picture, self.status = w.HTML(), w.HTML(), w.HTML()
        self.drawing = render(drawable([0]), Picture())
        self.controls.observe(self.redraw, also=[self.ordering])
        self.widget = PicturedBox([intro(self.caption), self.controls.box, self.ordering, self.counts, self.status,
                                   self.picture], picture=self.still)
        self.redraw()

    def redraw(self, change: object = None) -> None:
        """Search the tree under every ordering; draw it under the chosen one."""
        try:
            game = drawable(self.tree())
            searched = {name: search_trace(game, "alphabeta", ordering_named(name, self.seed.value))
                        for name in ORDERINGS}
            result, trace = searched[self.ordering.value]
            self.drawing = render(game, picture_of(trace, result.pv))
            self.picture.value = svg_of(self.drawing)
            self.status.value = (f"value <b>{result.value}</b> under every ordering; "
                                 f"{len(game.nodes)} nodes in the tree")
            self.counts.value = counts_table({ORDERINGS[name].label: r for name, (r, _) in searched.items()},
                                             ORDERINGS[self.ordering.value].label)
        except (ValueError, TypeError) as error:
            self.status.value = error_html(error)

    def tree(self) -> list[Tree]:
        """Return the tree the sliders describe (leaves from -99 to 99, so that ties are rare)."""
        return self.controls.tree()


def counts_table(results: dict[str, SearchResult[float]], chosen: str = "") -> str:
    """Return an HTML table of the leaves and nodes of each named search, `chosen` in bold."""
    if not isinstance(results, dict) or not results:
        raise TypeError(f"counts_table takes a dict from names to search results, got {shown(results)}")
    for name, result in results.items():
        if not isinstance(result, SearchResult):
            raise TypeError(f"counts_table: {shown(name)} is {shown(result)}, not a search result (with leaves and nodes)")

    def cell(name: str, count: int) -> str:
        text = f"<b>{count}</b>" if name == chosen else str(count)
        return f"<td style='padding:0 8px; text-align:right'>{text}</td>"

    header = "".join(f"<th style='padding:0 8px'>{html.escape(name)}</th>" for name in results)
    leaves = "".join(cell(name, r.leaves) for name, r in results.items())
    nodes = "".join(cell(name, r.nodes) for name, r in results.items())
    return (f"<table><tr><th></th>{header}</tr><tr><th>leaves</th>{leaves}</tr>"
            f"<tr><th>nodes</th>{nodes}</tr></table>")


class ComplexityExplorer:
    """Sliders for the branching factor and the maximum depth; releasing one measures minimax and
    alpha-beta under worst, random and best ordering and redraws the log-scale plot of leaves
    against depth with the theory, a progress bar counting the searches meanwhile.

    What is measured is experiments.quick_plan: full-width searches stop at QUICK_FULL_LEAVES
    leaves, and the depth slider stops where random-order alpha-beta would pass
    QUICK_RANDOM_LEAVES, so a redraw takes a second or two. A `max_depth` beyond that stop is
    lowered to it.
    """

    BRANCHING = (2, 8)

    caption = "Leaves searched against depth, on a log scale: release a slider to measure again."

    def __init__(self, branching: int = 3, max_depth: int = 8, *, seeds: int = 2):
        from ..analysis.experiments import deepest_quick_depth

        whole_number(branching, "branching", *self.BRANCHING)
        top = deepest_quick_depth(branching)
        whole_number(max_depth, "max_depth", 2, 64)
        whole_number(seeds, "seeds", 1, 10)
        self.seeds = range(seeds)
        self.branching = IntSlider(value=branching, min=self.BRANCHING[0], max=self.BRANCHING[1],
                                   description="branching b", **SLIDER)
        self.max_depth = IntSlider(value=min(max_depth, top), min=2, max=top, description="max depth", **SLIDER)
        self.progress = w.IntProgress(value=0, min=0, max=1, description="searches")
        self.picture = w.HTML()
        self.status = w.HTML()
        self.figure: Optional[Figure] = None
        self.rows: list[Row] = []
        self._redrawing = False
        self.branching.observe(self.redraw, names="value")
        self.max_depth.observe(self.redraw, names="value")
        self.widget = PicturedBox([intro(self.caption), w.HBox([self.branching, self.max_depth]), self.progress,
                                   self.status, self.picture], picture=self.still)
        self.redraw()

    def deepest(self, branching: int) -> int:
        """Return the depth slider's maximum for `branching`."""
        from ..analysis.experiments import deepest_quick_depth

        return deepest_quick_depth(branching)

    def plan(self) -> list[tuple[tuple[str, str], list[int]]]:
        """Return each (algorithm, ordering) with the depths to measure it at."""
        from ..analysis.experiments import quick_plan

        return quick_plan(self.branching.value, self.max_depth.value)

    def measure(self) -> list[Row]:
        """Measure every point of the plan, advancing the progress bar; return the rows."""
        from ..analysis.experiments import node_counts

        plan = self.plan()
        self.progress.max = sum(len(depths) for _, depths in plan) * len(self.seeds)
        self.progress.value = 0

        def advance(done: int, total: int) -> None:
            self.progress.value += 1

        rows: list[Row] = []
        for search, depths in plan:
            rows += node_counts(self.branching.value, depths, searches=[search], seeds=self.seeds,
                                progress=advance)
        return rows

    def redraw(self, change: object = None) -> None:
        """Re-measure for the sliders' values and redraw the plot."""
        from ..analysis.experiments import minimal_leaves
        from .plots import plot_counts, svg_of_figure

        if self._redrawing:  # lowering the depth slider's maximum moved its value: measure once
            return
        self._redrawing = True
        try:
            self.max_depth.max = self.deepest(self.branching.value)
            self.rows = self.measure()
            self.figure = plot_counts(self.rows)
            self.picture.value = svg_of_figure(self.figure)
            best = [r for r in self.rows if r["ordering"] == "best"]
            exact = all(r["leaves"] == minimal_leaves(r["branching"], r["depth"]) for r in best)
            self.status.value = (f"{len(self.rows)} searches; best first "
                                 f"{'exactly on' if exact else 'OFF'} the Knuth-Moore line")
        except (ValueError, TypeError, MemoryError) as error:
            self.status.value = error_html(error)
        finally:
            self._redrawing = False

    def still(self) -> bytes:
        """Return a PNG of the widget's plot as it stands, under its caption (or an empty plot,
        before the first measurement)."""
        from matplotlib.figure import Figure

        from .plots import png_of_figure

        figure = self.figure if self.figure is not None else Figure(figsize=(7.5, 0.5))
        return png_of_figure(figure, caption=still_caption(self.caption))
