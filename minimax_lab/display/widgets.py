"""Interactive widgets for the lessons: a random-tree explorer, a search stepper, quizzes, and a
backing-up explorer (lessons 1 to 3); the lesson 4 and 6 explorers live in explorers.py and are
importable from here.

Each widget is a small class holding its state, with a `.widget` to display; the notebooks
show `.widget` and tests drive the same methods the controls call. Drawings are rendered to SVG
inside an HTML widget, so they work in JupyterLab, Notebook 7 and VS Code alike. A bad argument
to a widget raises ValueError naming it.
"""

from __future__ import annotations

import html
from typing import Any, Optional, Sequence

import ipywidgets as w

from ..core.text import path_name, shown, value_text
from ..core.trace import ENTER, describe
from ..core.trees import Tree, uniform_nodes
from ..games.protocol import TreeGame
from ..search.registry import CATALOG, choices, one_of
from ..search.textbook import Ordering
from .controls import (
    RadioButtons,
    StepControls,
    ToggleButtons,
    TreeControls,
    deepest_drawable,
    error_html,
    intro,
    whole_number,
)
from .draw import (
    DRAWN,
    SMALLEST_SCALE,
    Picture,
    drawable,
    how_drawn,
    picture_of,
    render,
    search_trace,
    side_by_side,
    svg_of,
)
from .explorers import ComplexityExplorer, OrderingExplorer, counts_table
from .still import PicturedBox, Still

__all__ = ["TreeControls", "TreeExplorer", "SearchStepper", "Quiz", "BackupExplorer",
           "OrderingExplorer", "ComplexityExplorer", "counts_table",
           "deepest_drawable", "whole_number",
           # shown here for the lessons, defined beside what they serve:
           "describe", "side_by_side", "svg_of", "SMALLEST_SCALE", "uniform_nodes"]


class TreeExplorer(Still):
    """A random tree with sliders for branching factor, depth and seed, searched and drawn."""

    ALGORITHMS = tuple(name for name, drawn in DRAWN.items() if not drawn.side_to_move)
    """The searches it offers: those drawn step by step with values for MAX, as the triangles read."""

    caption = ("A random game tree, searched and drawn: change its shape with the sliders, pick the search with "
               "the buttons.")

    def __init__(self, branching: int = 3, depth: int = 2, seed: int = 0, algorithm: str = "minimax"):
        self.controls = TreeControls(branching, depth, seed)
        self.branching, self.depth, self.seed = self.controls.branching, self.controls.depth, self.controls.seed
        self.algorithm = ToggleButtons(options=choices(CATALOG, self.ALGORITHMS),
                                       value=one_of(algorithm, "algorithm", self.ALGORITHMS), name="algorithm")
        self.picture, self.status = w.HTML(), w.HTML()
        self.drawing = render(drawable([0]), Picture())
        self.controls.observe(self.redraw, also=[self.algorithm])
        self.widget = PicturedBox([intro(self.caption), self.controls.box, self.algorithm, self.status, self.picture],
                                  picture=self.still)
        self.redraw()

    def tree(self) -> list[Tree]:
        """Return the tree the sliders describe."""
        return self.controls.tree()

    def redraw(self, change: object = None) -> None:
        """Search the current tree and show its drawing and counts."""
        try:
            game = drawable(self.tree())
            result, trace = search_trace(game, self.algorithm.value)
            self.drawing = render(game, picture_of(trace, result.pv))
            self.picture.value = svg_of(self.drawing)
            self.status.value = (f"value <b>{result.value}</b>, move {result.move}: "
                                 f"{result.nodes} of {len(game.nodes)} nodes visited, "
                                 f"{result.leaves} leaves evaluated")
        except (ValueError, TypeError) as error:
            self.status.value = error_html(error)


class SearchStepper(Still):
    """Step through a search's trace on a tree (alpha-beta by default): a play button and a step
    slider; the drawing shows values as they back up and, for alpha-beta, the windows."""

    caption = "The search, one step at a time: press play or drag the slider; each step is explained under it."

    def __init__(self, tree: Tree | TreeGame, algorithm: str = "alphabeta", *, order: Optional[Ordering] = None,
                 interval_ms: int = 700):
        self.game = drawable(tree)
        self.algorithm = algorithm
        self.drawn = how_drawn(algorithm)
        self.result, self.trace = search_trace(self.game, algorithm, order)
        self.story = describe(self.trace, side_to_move=self.drawn.side_to_move)
        self.steps = StepControls(len(self.trace), interval_ms)
        self.step, self.play = self.steps.step, self.steps.play
        self.picture = w.HTML()
        self.status = w.HTML()
        self.step.observe(self.redraw, names="value")
        self.drawing = render(self.game, self.show(0))
        self.widget = PicturedBox([intro(self.caption), self.steps.box, self.status, self.picture],
                                  picture=self.still)
        self.redraw()

    def show(self, step: int) -> Picture:
        """Return the picture after `step` events."""
        return picture_of(self.trace, self.result.pv, step)

    def redraw(self, change: object = None) -> None:
        """Draw the search as it stands after the slider's number of steps."""
        step = self.step.value
        self.drawing = render(self.game, self.show(step), windows=self.drawn.windows)
        self.picture.value = svg_of(self.drawing)
        if step == 0:
            text = f"{len(self.trace)} steps. Press play, or drag the slider."
        elif step == len(self.trace):
            text = (f"Done: value {value_text(self.result.value)}, move {self.result.move}; "
                    f"{self.result.leaves} leaves evaluated, pruned: "
                    f"{', '.join(map(path_name, self.trace.pruned())) or 'nothing'}.")
        else:
            text = f"Step {step}: {self.story[step - 1]}"
        self.status.value = html.escape(text)


class Quiz:
    """A multiple-choice question: pick an option, press Check, read the feedback."""

    def __init__(self, question: str, options: Sequence[str], answer: str, explanation: str = ""):
        for name, text in (("question", question), ("explanation", explanation)):
            if not isinstance(text, str):
                raise TypeError(f"the quiz's {name} must be a string, got {shown(text)}")
        if not isinstance(options, (list, tuple)) or len(options) < 2 or not all(isinstance(o, str) for o in options):
            raise TypeError(f"the quiz's options must be a list of at least two strings, got {shown(options)}")
        twice = sorted({o for o in options if options.count(o) > 1})
        if twice:
            raise ValueError(f"the quiz's options must differ, but {shown(twice[0])} is given twice")
        if not isinstance(answer, str) or answer not in options:
            raise ValueError(f"the answer {shown(answer)} is not among the options {list(options)}")
        self.answer, self.explanation = answer, explanation
        self.choice = RadioButtons(options=list(options), value=None, layout={"width": "max-content"},
                                   name="the answer")
        self.button = w.Button(description="Check")
        self.feedback = w.HTML()
        self.button.on_click(self.check)
        self.widget = w.VBox([w.HTML(f"<b>{html.escape(question)}</b>"), self.choice, self.button,
                              self.feedback])

    def check(self, button: object = None) -> bool:
        """Show whether the chosen option is right; return True when it is."""
        if self.choice.value is None:
            self.feedback.value = "Pick an answer first."
            return False
        right: bool = self.choice.value == self.answer
        verdict = "Right." if right else f"Not quite: the answer is “{self.answer}”."
        self.feedback.value = html.escape(f"{verdict} {self.explanation}".strip())
        return right


class BackupExplorer(Still):
    """A random tree (branching, depth and seed sliders), its search, and a play button and a step
    slider that replay the search's trace, so the drawing shows the values backing up from the
    leaves; the status counts nodes visited so far."""

    caption = ("Values backing up from the leaves: choose a tree with the sliders, then press play or drag the "
               "step slider.")

    def __init__(self, branching: int = 2, depth: int = 3, seed: int = 0, algorithm: str = "minimax",
                 *, interval_ms: int = 400):
        self.controls = TreeControls(branching, depth, seed)
        self.branching, self.depth, self.seed = self.controls.branching, self.controls.depth, self.controls.seed
        self.algorithm = ToggleButtons(options=choices(CATALOG, TreeExplorer.ALGORITHMS),
                                       value=one_of(algorithm, "algorithm", TreeExplorer.ALGORITHMS), name="algorithm")
        self.game: Optional[TreeGame] = None
        self.result: Any = None
        self.trace: Any = []
        self.story: list[str] = []
        self.steps = StepControls(0, interval_ms)
        self.step, self.play = self.steps.step, self.steps.play
        self.picture, self.status = w.HTML(), w.HTML()
        self.drawing = render(drawable([0]), Picture())
        self.step.observe(self.show_step, names="value")
        self.controls.observe(self.redraw, also=[self.algorithm])
        self.widget = PicturedBox([intro(self.caption), self.controls.box, self.algorithm, self.steps.box,
                                   self.status, self.picture], picture=self.still)
        self.redraw()

    def tree(self) -> list[Tree]:
        """Return the tree the sliders describe."""
        return self.controls.tree()

    def redraw(self, change: object = None) -> None:
        """Search the tree the sliders describe and show it fully backed up (the last step)."""
        try:
            self.game = drawable(self.tree())
            self.result, self.trace = search_trace(self.game, self.algorithm.value)
        except (ValueError, TypeError) as error:
            self.status.value = error_html(error)
            return
        self.story = describe(self.trace, side_to_move=how_drawn(self.algorithm.value).side_to_move)
        last = len(self.trace)
        self.steps.set_last(last)
        if self.step.value == last:
            self.show_step()
        else:
            self.step.value = last  # the observer draws it

    def show_step(self, change: object = None) -> None:
        """Draw the search after the slider's number of trace events, and say what happened."""
        if self.game is None:
            return
        step = min(self.step.value, len(self.trace))
        picture = picture_of(self.trace, self.result.pv, step)
        self.drawing = render(self.game, picture, windows=how_drawn(self.algorithm.value).windows)
        self.picture.value = svg_of(self.drawing)
        visited = sum(1 for event in self.trace[:step] if event.kind == ENTER)
        count = f"{visited} of {len(self.game.nodes)} nodes visited"
        if step == len(self.trace):
            self.status.value = (f"value <b>{value_text(self.result.value)}</b>, move {self.result.move}: "
                                 f"{count}, {self.result.leaves} leaves evaluated")
        elif step == 0:
            self.status.value = html.escape(f"{len(self.trace)} steps; {count}. Press play.")
        else:
            self.status.value = html.escape(f"Step {step}: {self.story[step - 1]} ({count})")
