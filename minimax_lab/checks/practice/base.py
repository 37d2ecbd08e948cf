"""The one base of the practice widgets: a random case by seed, its drawing, Check and New tree
buttons, the feedback, and (for the widgets whose feedback teaches before it tells) the count of
wrong tries and a Show answer button."""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as w

from ...core.trees import Path, random_tree
from ...display.controls import whole_number
from ...display.draw import Picture, drawable, picture_of, render, search_trace, svg_of
from ...display.still import PicturedBox, Still
from ...games.protocol import TreeGame

TRY_AGAIN = "Try again: a second wrong try, or Show answer, shows the answer."
"""The line under a hint: what comes next."""


class Practice(Still):
    """What every practice widget shares: a random case by seed (a minimax tree here; subclasses
    make their own in `make`), its drawing, Check and New tree buttons and the feedback;
    subclasses add the answer controls and the verdict. With `hint_first`, a first wrong answer
    gets a hint (`tries` counts the wrong ones), the second the answer, and a Show answer button
    shows it at once."""

    instructions = ""
    algorithm = "minimax"
    new_label = "New tree"
    hint_first = False
    tree: Any
    """The case: a tree (nested lists, with Chance nodes in ChancePractice)."""

    def __init__(self, branching: int, depth: int, seed: int):
        self.branching = whole_number(branching, "branching", 2, 4)
        self.depth = whole_number(depth, "depth", 2, 4)
        self.seed = whole_number(seed, "seed", 0)
        self.tries = 0
        self.picture = w.HTML()
        self.controls = w.VBox()
        self.feedback = w.HTML()
        self.check_button = w.Button(description="Check", button_style="primary")
        self.new_button = w.Button(description=self.new_label)
        self.check_button.on_click(self.check)
        self.new_button.on_click(self.new_tree)
        buttons = [self.check_button, self.new_button]
        if self.hint_first:
            self.answer_button = w.Button(description="Show answer")
            self.answer_button.on_click(self.show_answer)
            buttons.append(self.answer_button)
        self.caption = self.instructions
        self.widget = PicturedBox([w.HTML(f"<b>{html.escape(self.instructions)}</b>"), self.picture,
                                   self.controls, w.HBox(buttons), self.feedback],
                                  picture=self.still)
        self.load()

    def load(self) -> None:
        """Make the case for the current seed, draw it without its answer, reset the answer."""
        self.make()
        self.picture.value = svg_of(self.drawing)
        self.feedback.value = ""
        self.tries = 0
        self.controls.children = self.make_controls()

    def make(self) -> None:
        """Make the tree for the current seed, search it, and draw it without backed-up values."""
        self.tree = random_tree(self.branching, self.depth, seed=self.seed)
        self.game: TreeGame = drawable(self.tree)
        self.result, self.trace = search_trace(self.game, self.algorithm)
        self.drawing = render(self.game, Picture(), edge_labels=True)

    def new_tree(self, button: object = None) -> None:
        """Show the case of the next seed."""
        self.seed += 1
        self.load()

    def show(self, text: str) -> str:
        """Show a verdict in the feedback area and return it."""
        self.feedback.value = ("<div style='white-space:pre-wrap'>" + html.escape(text) + "</div>")
        return text

    def show_search(self) -> None:
        """Draw the tree as the search saw it: values backed up, pruned subtrees grey."""
        self.drawing = render(self.game, picture_of(self.trace, self.result.pv), edge_labels=True)
        self.picture.value = svg_of(self.drawing)

    def make_controls(self) -> tuple[object, ...]:
        """Return the answer controls for the current case."""
        raise NotImplementedError

    def check(self, button: object = None) -> str:
        """Check the answer in the controls, show the verdict and return it."""
        raise NotImplementedError

    def role(self, path: Path) -> str:
        """Return 'MAX' or 'MIN': who moves at an inner node."""
        return self.game.to_move(path)

    def is_leaf(self, path: Path) -> bool:
        """Return True when `path` is a leaf of the tree."""
        return self.game.is_terminal(path)

    # --- hint first, then the answer (hint_first widgets) ------------------------------------------

    def wrong(self, head: str, hint: str) -> str:
        """Return the verdict on a wrong answer: `head`, then the hint on the first wrong try, the
        answer (and its drawing) from the second on."""
        self.tries += 1
        if self.tries < 2:
            return f"{head}\n{hint}\n{TRY_AGAIN}"
        text = self.answer_text()
        self.draw_answer()
        return f"{head}\n{text}"

    def show_answer(self, button: object = None) -> str:
        """Show the answer and its drawing, and return the text."""
        text = self.answer_text()
        self.draw_answer()
        return self.show(text)

    def answer_text(self) -> str:
        """Return the answer, worked: what each node or position is worth and why."""
        raise NotImplementedError

    def draw_answer(self) -> None:
        """Draw the case with its answer."""
        raise NotImplementedError
