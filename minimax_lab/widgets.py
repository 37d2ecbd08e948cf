"""Interactive widgets for the lessons: a random-tree explorer, a search stepper, quizzes.

Each widget is a small class holding its state, with a `.widget` to display; the notebooks
show `.widget` and tests drive the same methods the controls call. Drawings are rendered to SVG
inside an HTML widget, so they work in JupyterLab, Notebook 7 and VS Code alike.
"""

from __future__ import annotations

import html
from typing import Any, Optional, Sequence

import ipywidgets as w

from .draw import MAX_DRAW_NODES, Picture, drawable, picture_of, render, search_trace
from .games import TreeGame
from .trace import CUTOFF, ENTER, EXIT, LEAF, UPDATE, Event
from .trees import Tree, path_name, random_tree


def svg_of(dot: Any) -> str:
    """Return a Digraph rendered as an SVG string."""
    return dot.pipe(format="svg", encoding="utf-8")


def uniform_nodes(branching: int, depth: int) -> int:
    """Return the number of nodes of a uniform tree: 1 + b + b^2 + ... + b^d."""
    return sum(branching ** ply for ply in range(depth + 1))


def deepest_drawable(branching: int, limit: int = MAX_DRAW_NODES, most: int = 8) -> int:
    """Return the greatest depth (at most `most`) at which a uniform tree of `branching` still
    has <= limit nodes."""
    depth = 1
    while depth < most and uniform_nodes(branching, depth + 1) <= limit:
        depth += 1
    return depth


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
    window = "" if event.alpha is None else f" with α = {_num(event.alpha)}, β = {_num(event.beta)}"
    if event.kind == ENTER:
        return f"Enter {event.player} node {where}{window}."
    if event.kind == LEAF:
        return f"Leaf {where} has value {_num(event.value)}."
    if event.kind == UPDATE:
        return f"Node {where} now has value {_num(event.value)}{window}."
    if event.kind == CUTOFF:
        skipped = ", ".join(path_name(event.path + (a,)) for a in event.pruned) or "no children left"
        return f"Cutoff at {where}: α ≥ β ({_num(event.alpha)} ≥ {_num(event.beta)}); pruned: {skipped}."
    if event.kind == EXIT:
        return f"Node {where} returns {_num(event.value)}."
    return str(event)


def _num(x: Optional[float]) -> str:
    if x is None:
        return "?"
    if x in (float("inf"), float("-inf")):
        return "+∞" if x > 0 else "−∞"
    return f"{x:g}" if isinstance(x, float) else str(x)


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
            text = (f"Done: value {_num(self.result.value)}, move {self.result.move}; "
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
            self.status.value = (f"value <b>{_num(self.result.value)}</b>, move {self.result.move}: "
                                 f"{count}, {self.result.leaves} leaves evaluated")
        elif step == 0:
            self.status.value = html.escape(f"{len(self.trace)} steps; {count}. Press play.")
        else:
            self.status.value = html.escape(f"Step {step}: {describe(self.trace[step - 1])} ({count})")
