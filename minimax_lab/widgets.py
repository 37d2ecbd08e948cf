"""Interactive widgets for the lessons: a random-tree explorer, a search stepper, quizzes.

Each widget is a small class holding its state, with a `.widget` to display; the notebooks
show `.widget` and tests drive the same methods the controls call. Drawings are rendered to SVG
inside an HTML widget, so they work in JupyterLab, Notebook 7 and VS Code alike.
"""

from __future__ import annotations

import html
import re
from typing import Any, Optional, Sequence

import ipywidgets as w

from .draw import MAX_DRAW_NODES, Picture, drawable, picture_of, render, search_trace
from .games import TreeGame
from .trace import CUTOFF, ENTER, EXIT, LEAF, UPDATE, Event
from .text import path_name, value_text
from .trees import Tree, deepest_within, random_tree, uniform_nodes


FIT_WIDTH_PX = 960
"""About the width of a notebook's output area: wider drawings are shrunk towards it..."""
SMALLEST_SCALE = 0.45
"""...but never below this fraction of their natural size, so labels stay legible (wider ones scroll)."""


def svg_of(dot: Any) -> str:
    """Return a Digraph rendered as an SVG string, shrunk towards the notebook's width."""
    svg = dot.pipe(format="svg", encoding="utf-8")
    size = re.search(r'<svg width="([\d.]+)pt"', svg)
    if size is None:
        return svg
    natural = float(size.group(1)) * 4 / 3  # points to CSS pixels
    shown = max(min(natural, FIT_WIDTH_PX), natural * SMALLEST_SCALE)
    return svg.replace("<svg ", f'<svg style="width:{shown:.0f}px; height:auto" ', 1)


def deepest_drawable(branching: int, limit: int = MAX_DRAW_NODES, most: int = 8) -> int:
    """Return the greatest depth (1 to `most`) at which a uniform tree of `branching` still
    has <= limit nodes."""
    return deepest_within(lambda d: uniform_nodes(branching, d), limit, most=most, least=1)


def _error_html(error: Exception) -> str:
    return f"<span style='color:#b00'>{html.escape(str(error))}</span>"


class TreeExplorer:
    """A random tree with sliders for branching factor, depth and seed, searched and drawn."""

    def __init__(self, branching: int = 3, depth: int = 2, seed: int = 0, algorithm: str = "minimax"):
        slider = dict(continuous_update=False, style={"description_width": "initial"})
        self.branching = w.IntSlider(value=branching, min=2, max=5, description="branching b", **slider)
        self.depth = w.IntSlider(value=depth, min=1, max=deepest_drawable(branching),
                                 description="depth d", **slider)
        self.seed = w.IntSlider(value=seed, min=0, max=99, description="seed", **slider)
        self.algorithm = w.ToggleButtons(options=["minimax", "alphabeta"], value=algorithm)
        self.picture = w.HTML()
        self.status = w.HTML()
        for control in (self.branching, self.depth, self.seed, self.algorithm):
            control.observe(self.redraw, names="value")
        self.widget = w.VBox([w.HBox([self.branching, self.depth, self.seed]), self.algorithm,
                              self.status, self.picture])
        self.redraw()

    def tree(self) -> list:
        """Return the tree the sliders describe."""
        return random_tree(self.branching.value, self.depth.value, seed=self.seed.value)

    def redraw(self, change: Any = None) -> None:
        """Search the current tree and show its drawing and counts."""
        self.depth.max = deepest_drawable(self.branching.value)
        try:
            game = drawable(self.tree())
            result, trace = search_trace(game, self.algorithm.value)
            self.picture.value = svg_of(render(game, picture_of(trace, result.pv)))
            self.status.value = (f"value <b>{result.value}</b>, move {result.move}: "
                                 f"{result.nodes} of {len(game.nodes)} nodes visited, "
                                 f"{result.leaves} leaves evaluated")
        except (ValueError, TypeError) as error:
            self.status.value = _error_html(error)


def describe(event: Event) -> str:
    """Return one sentence saying what a trace event means."""
    where = path_name(event.path)
    window = "" if event.alpha is None else f" with α = {value_text(event.alpha)}, β = {value_text(event.beta)}"
    if event.kind == ENTER:
        return f"Enter {event.player} node {where}{window}."
    if event.kind == LEAF:
        return f"Leaf {where} has value {value_text(event.value)}."
    if event.kind == UPDATE:
        return f"Node {where} now has value {value_text(event.value)}{window}."
    if event.kind == CUTOFF:
        skipped = ", ".join(path_name(event.path + (a,)) for a in event.pruned) or "no children left"
        return f"Cutoff at {where}: α ≥ β ({value_text(event.alpha)} ≥ {value_text(event.beta)}); pruned: {skipped}."
    if event.kind == EXIT:
        return f"Node {where} returns {value_text(event.value)}."
    return str(event)


class SearchStepper:
    """Step through a search's trace on a tree (alpha-beta by default): a play button and a step
    slider; the drawing shows values as they back up and, for alpha-beta, the windows."""

    def __init__(self, tree: Tree | TreeGame, algorithm: str = "alphabeta", *, order: Any = None,
                 interval_ms: int = 700):
        self.game = drawable(tree)
        self.algorithm = algorithm
        self.result, self.trace = search_trace(self.game, algorithm, order)
        last = len(self.trace)
        self.step = w.IntSlider(value=0, min=0, max=last, description="step", continuous_update=False)
        self.play = w.Play(value=0, min=0, max=last, interval=interval_ms, description="play")
        w.jslink((self.play, "value"), (self.step, "value"))
        self.picture = w.HTML()
        self.status = w.HTML()
        self.step.observe(self.redraw, names="value")
        self.widget = w.VBox([w.HBox([self.play, self.step]), self.status, self.picture])
        self.redraw()

    def show(self, step: int) -> Picture:
        """Return the picture after `step` events."""
        return picture_of(self.trace, self.result.pv, step)

    def redraw(self, change: Any = None) -> None:
        """Draw the search as it stands after the slider's number of steps."""
        step = self.step.value
        windows = self.algorithm == "alphabeta"
        self.picture.value = svg_of(render(self.game, self.show(step), windows=windows))
        if step == 0:
            text = f"{len(self.trace)} steps. Press play, or drag the slider."
        elif step == len(self.trace):
            text = (f"Done: value {value_text(self.result.value)}, move {self.result.move}; "
                    f"{self.result.leaves} leaves evaluated, pruned: "
                    f"{', '.join(map(path_name, self.trace.pruned())) or 'nothing'}.")
        else:
            text = f"Step {step}: {describe(self.trace[step - 1])}"
        self.status.value = html.escape(text)


class Quiz:
    """A multiple-choice question: pick an option, press Check, read the feedback."""

    def __init__(self, question: str, options: Sequence[str], answer: str, explanation: str = ""):
        if answer not in options:
            raise ValueError(f"the answer {answer!r} is not among the options {list(options)}")
        self.answer, self.explanation = answer, explanation
        self.choice = w.RadioButtons(options=list(options), value=None, layout={"width": "max-content"})
        self.button = w.Button(description="Check")
        self.feedback = w.HTML()
        self.button.on_click(self.check)
        self.widget = w.VBox([w.HTML(f"<b>{html.escape(question)}</b>"), self.choice, self.button,
                              self.feedback])

    def check(self, button: Any = None) -> bool:
        """Show whether the chosen option is right; return True when it is."""
        if self.choice.value is None:
            self.feedback.value = "Pick an answer first."
            return False
        right = self.choice.value == self.answer
        verdict = "Right." if right else f"Not quite: the answer is “{self.answer}”."
        self.feedback.value = html.escape(f"{verdict} {self.explanation}".strip())
        return right


class BackupExplorer(TreeExplorer):
    """A TreeExplorer with a play button and a step slider that replay the search's trace, so the
    drawing shows the values backing up from the leaves; the status counts nodes visited so far."""

    def __init__(self, branching: int = 2, depth: int = 3, seed: int = 0, algorithm: str = "minimax",
                 *, interval_ms: int = 400):
        self.game, self.result, self.trace = None, None, []
        self.step = w.IntSlider(value=0, min=0, max=0, description="step", continuous_update=False)
        self.play = w.Play(value=0, min=0, max=0, interval=interval_ms, description="play")
        w.jslink((self.play, "value"), (self.step, "value"))
        self.step.observe(self.show_step, names="value")
        super().__init__(branching, depth, seed, algorithm)
        self.widget.children = (*self.widget.children[:2], w.HBox([self.play, self.step]),
                                *self.widget.children[2:])

    def redraw(self, change: Any = None) -> None:
        """Search the tree the sliders describe and show it fully backed up (the last step)."""
        self.depth.max = deepest_drawable(self.branching.value)
        try:
            self.game = drawable(self.tree())
            self.result, self.trace = search_trace(self.game, self.algorithm.value)
        except (ValueError, TypeError) as error:
            self.status.value = _error_html(error)
            return
        last = len(self.trace)
        self.step.max = self.play.max = last
        if self.step.value == last:
            self.show_step()
        else:
            self.step.value = last  # the observer draws it

    def show_step(self, change: Any = None) -> None:
        """Draw the search after the slider's number of trace events, and say what happened."""
        if self.game is None:
            return
        step = min(self.step.value, len(self.trace))
        windows = self.algorithm.value == "alphabeta"
        picture = picture_of(self.trace, self.result.pv, step)
        self.picture.value = svg_of(render(self.game, picture, windows=windows))
        visited = sum(1 for event in self.trace[:step] if event.kind == ENTER)
        count = f"{visited} of {len(self.game.nodes)} nodes visited"
        if step == len(self.trace):
            self.status.value = (f"value <b>{value_text(self.result.value)}</b>, move {self.result.move}: "
                                 f"{count}, {self.result.leaves} leaves evaluated")
        elif step == 0:
            self.status.value = html.escape(f"{len(self.trace)} steps; {count}. Press play.")
        else:
            self.status.value = html.escape(f"Step {step}: {describe(self.trace[step - 1])} ({count})")



# Lessons 4 and 5: orderings and complexity. Their modules are imported when a widget is made.

ORDERING_NAMES = ("as given", "best first", "worst first", "random")
"""The orderings OrderingExplorer offers, in the order of its buttons."""


def named_ordering(name: str, seed: int = 0) -> Any:
    """Return the ordering OrderingExplorer calls `name` (the random one seeded with `seed`)."""
    from .ordering import RandomOrder, as_given, best_first, worst_first

    orderings = {"as given": as_given, "best first": best_first, "worst first": worst_first,
                 "random": RandomOrder(seed)}
    if name not in orderings:
        raise ValueError(f"unknown ordering {name!r}: choose from {ORDERING_NAMES}")
    return orderings[name]


class OrderingExplorer(TreeExplorer):
    """A random tree searched by alpha-beta under the ordering picked with the buttons: the drawing
    shows what that ordering prunes, and a table the leaves and nodes of every ordering."""

    def __init__(self, branching: int = 3, depth: int = 3, seed: int = 0, ordering: str = "as given"):
        self.ordering = w.ToggleButtons(options=list(ORDERING_NAMES), value=ordering)
        self.counts = w.HTML()
        super().__init__(branching, depth, seed, algorithm="alphabeta")
        self.ordering.observe(self.redraw, names="value")
        sliders, _, *rest = self.widget.children   # replaces TreeExplorer's algorithm buttons
        self.widget.children = (sliders, self.ordering, self.counts, *rest)

    def tree(self) -> list:
        """Return the tree the sliders describe (leaves from -99 to 99, so that ties are rare)."""
        return random_tree(self.branching.value, self.depth.value, seed=self.seed.value,
                           low=-99, high=99)

    def redraw(self, change: Any = None) -> None:
        """Search the tree under every ordering; draw it under the chosen one."""
        self.depth.max = deepest_drawable(self.branching.value)
        try:
            game = drawable(self.tree())
            searched = {name: search_trace(game, "alphabeta", named_ordering(name, self.seed.value))
                        for name in ORDERING_NAMES}
            result, trace = searched[self.ordering.value]
            self.picture.value = svg_of(render(game, picture_of(trace, result.pv)))
            self.status.value = (f"value <b>{result.value}</b> under every ordering; "
                                 f"{len(game.nodes)} nodes in the tree")
            self.counts.value = counts_table({name: r for name, (r, _) in searched.items()},
                                             self.ordering.value)
        except (ValueError, TypeError) as error:
            self.status.value = _error_html(error)


def counts_table(results: dict, chosen: str = "") -> str:
    """Return an HTML table of the leaves and nodes of each named search, `chosen` in bold."""
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

    Full-width searches (minimax, worst first) stop at FULL_LEAVES leaves, and the depth slider
    stops where random-order alpha-beta would pass RANDOM_LEAVES, so a redraw takes a second or two.
    """

    FULL_LEAVES = 10_000
    RANDOM_LEAVES = 4_000

    def __init__(self, branching: int = 3, max_depth: int = 8, *, seeds: int = 2):
        slider = dict(continuous_update=False, style={"description_width": "initial"})
        self.seeds = range(seeds)
        self.branching = w.IntSlider(value=branching, min=2, max=8, description="branching b", **slider)
        top = self.deepest(branching)
        self.max_depth = w.IntSlider(value=min(max_depth, top), min=2, max=top, description="max depth",
                                     **slider)
        self.progress = w.IntProgress(value=0, min=0, max=1, description="searches")
        self.picture = w.HTML()
        self.status = w.HTML()
        self.rows: list = []
        self._redrawing = False
        self.branching.observe(self.redraw, names="value")
        self.max_depth.observe(self.redraw, names="value")
        self.widget = w.VBox([w.HBox([self.branching, self.max_depth]), self.progress, self.status,
                              self.picture])
        self.redraw()

    def deepest(self, branching: int) -> int:
        """Return the depth slider's maximum for `branching`."""
        from .experiments import MAX_LEAVES, deepest_growth, pearl_branching

        return max(2, min(deepest_growth(branching, MAX_LEAVES),
                          deepest_growth(pearl_branching(branching), self.RANDOM_LEAVES)))

    def plan(self) -> list[tuple[tuple[str, str], list[int]]]:
        """Return each (algorithm, ordering) with the depths to measure it at."""
        b, top = self.branching.value, self.max_depth.value
        every = list(range(1, top + 1))
        full = [d for d in every if b ** d <= self.FULL_LEAVES]
        return [(("minimax", "given"), full), (("alphabeta", "worst"), full),
                (("alphabeta", "random"), every), (("alphabeta", "best"), every)]

    def measure(self) -> list:
        """Measure every point of the plan, advancing the progress bar; return the rows."""
        from .experiments import node_counts

        plan = self.plan()
        self.progress.max = sum(len(depths) for _, depths in plan) * len(self.seeds)
        self.progress.value = 0

        def advance(done: int, total: int) -> None:
            self.progress.value += 1

        rows: list = []
        for search, depths in plan:
            rows += node_counts(self.branching.value, depths, searches=[search], seeds=self.seeds,
                                progress=advance)
        return rows

    def redraw(self, change: Any = None) -> None:
        """Re-measure for the sliders' values and redraw the plot."""
        from .experiments import minimal_leaves
        from .plots import plot_counts

        if self._redrawing:  # lowering the depth slider's maximum moved its value: measure once
            return
        self._redrawing = True
        try:
            self.max_depth.max = self.deepest(self.branching.value)
            self.rows = self.measure()
            self.picture.value = svg_of_figure(plot_counts(self.rows))
            best = [r for r in self.rows if r["ordering"] == "best"]
            exact = all(r["leaves"] == minimal_leaves(r["branching"], r["depth"]) for r in best)
            self.status.value = (f"{len(self.rows)} searches; best first "
                                 f"{'exactly on' if exact else 'OFF'} the Knuth-Moore line")
        except (ValueError, TypeError, MemoryError) as error:
            self.status.value = _error_html(error)
        finally:
            self._redrawing = False


def svg_of_figure(figure: Any) -> str:
    """Return a matplotlib figure as an SVG string."""
    import io

    buffer = io.StringIO()
    figure.savefig(buffer, format="svg")
    return buffer.getvalue()


def side_by_side(drawings: dict) -> Any:
    """Return an HTML display of Graphviz drawings in a row, each under its title."""
    from IPython.display import HTML

    cells = "".join(f"<div style='margin:0 12px; text-align:center'><b>{html.escape(title)}</b>"
                    f"<br>{svg_of(dot)}</div>" for title, dot in drawings.items())
    return HTML(f"<div style='display:flex; flex-wrap:wrap; align-items:flex-start'>{cells}</div>")
