"""MCTSPractice: in a Monte Carlo search tree after a few playouts, choose the root's child UCB1
selects, then back up the next playout (lesson 10), the answer key from search.mcts.uct's own steps."""

from __future__ import annotations

import math
import re
from typing import Mapping, Optional

import ipywidgets as w

from ...core.text import path_name, shown, value_text
from ...core.trees import Path, random_tree
from ...display.controls import whole_number
from ...display.draw import Drawing, node_id, svg_of
from ...games.protocol import TreeGame
from ...search.mcts import Node, UCTStep, uct
from ..core import read_number, read_paths
from .base import Practice

C = math.sqrt(2)
"""UCB1's constant, as lesson 10 and the package's uct use it: √2 (UCB1's guarantee for rewards in
[0, 1]; for utilities in [−1, 1] it needs 2√2, so this explores half as much)."""

CLEAR_GAP = 0.1
"""The least gap between the best and the second best UCB1 at the root of a case, so that a
student working to two decimals cannot be misled by rounding."""

MOST_PLAYOUTS_BEFORE = 8
"""A case shows the tree after `branching` + 2 to `branching` + this many playouts (each child of
the root tried, some twice or more)."""


def read_counts(text: object) -> Optional[tuple[int, float]]:
    """Return (N, U) typed as 'N, U' ('4, 2', '(3, -1)', '4 -2'), or None.

    >>> read_counts("4, 2"), read_counts("(3, −1)"), read_counts("3"), read_counts(None)
    ((4, 2), (3, -1), None, None)
    """
    if isinstance(text, tuple) and len(text) == 2:
        text = f"{text[0]}, {text[1]}"
    if not isinstance(text, str) or len(text) > 40:
        return None
    parts = [part for part in re.split(r"[\s,;]+", text.strip().strip("()")) if part]
    if len(parts) != 2:
        return None
    visits, total = read_number(parts[0]), read_number(parts[1])
    if type(visits) is not int or visits < 0 or total is None:
        return None
    return visits, total


class MCTSPractice(Practice):
    """A Monte Carlo search tree on a small random tree (branching 2..3, depth 2..3, utilities -1,
    0 and 1), as uct left it after a few playouts: choose the root's child UCB1 selects next (C =
    √2), press Check; then fill in N and U of each node on the playout's path after its back-up.
    A first wrong answer gets a hint, the second the answer.

    >>> practice = MCTSPractice(branching=3, depth=2, seed=0)
    >>> practice.playouts, practice.choice
    (6, 2)
    """

    instructions = ("N counts a node's playouts, U their total utility for the player who moved into it. "
                    "Choose the root's child that UCB1 = U/N + C·√(ln N(root) / N) selects next, with "
                    "C = √2 (the package's; for utilities in [−1, 1] UCB1's guarantee needs 2√2), and "
                    "press Check; then back up the playout.")
    hint_first = True

    def __init__(self, branching: int = 3, depth: int = 2, seed: int = 0):
        branching = whole_number(branching, "branching", 2, 3)
        depth = whole_number(depth, "depth", 2, 3)
        self.boxes: dict[Path, w.Text] = {}
        super().__init__(branching, depth, seed)

    def make(self) -> None:
        """Make the tree for the current seed and the search state: the fewest playouts after which
        the root's choice is clear (CLEAR_GAP), the tree they grew, and what the next one does."""
        self.tree = random_tree(self.branching, self.depth, seed=self.seed, low=-1, high=1)
        self.game = TreeGame(self.tree)
        for playouts in range(self.branching + 2, self.branching + MOST_PLAYOUTS_BEFORE + 1):
            steps: list[UCTStep] = []
            uct(self.tree, playouts=playouts + 1, seed=self.seed, exploration=C, steps=steps)
            scores = sorted(steps[playouts].scores[0].values(), reverse=True)
            if scores[0] - scores[1] >= CLEAR_GAP:
                break
        self.playouts, self.step = playouts, steps[playouts]
        self.searched = uct(self.tree, playouts=playouts, seed=self.seed, exploration=C).tree
        self.stage = 1
        self.drawing = self.draw(self.searched)

    @property
    def scores(self) -> dict[int, float]:
        """Return the UCB1 of each of the root's children, as uct computed it for the next playout."""
        return dict(self.step.scores[0])

    @property
    def choice(self) -> object:
        """Return the root's child UCB1 selects (the first of the best, as uct takes it)."""
        return self.step.selected[1][0]

    @property
    def backed_up(self) -> dict[Path, tuple[int, float]]:
        """Return (N, U) of each node below the root on the playout's path after its back-up."""
        return {path: (visits, total) for path, visits, total in self.step.backed_up if path}

    def draw(self, root: Node, path: tuple[Path, ...] = ()) -> Drawing:
        """Return the drawing of the search tree below `root`, each node with its N and U, the
        nodes of `path` drawn bold."""
        dot: Drawing = Drawing(graph_attr={"ordering": "out", "nodesep": "0.25", "ranksep": "0.4"},
                      node_attr={"fontname": "Helvetica", "fontsize": "10", "margin": "0.04", "shape": "box",
                                 "style": "rounded"},
                      edge_attr={"arrowhead": "none", "fontname": "Helvetica", "fontsize": "10"})
        count = 0

        def visit(node: Node) -> None:
            nonlocal count
            count += 1
            where = path_name(node.path)
            label = f"{where}: N={node.visits}" + (f", U={value_text(node.total)}" if node.path else "")
            bold = {"penwidth": "2.5"} if node.path in path else {}
            dot.node(node_id(node.path), label=label, **bold)
            for move, child in node.children.items():
                dot.edge(node_id(node.path), node_id(child.path), label=f" {move}",
                         **({"penwidth": "2.5"} if child.path in path else {}))
                visit(child)

        visit(root)
        dot.summary = f"search tree drawing: {count} nodes"
        return dot

    def make_controls(self) -> tuple[object, ...]:
        """Return the controls of the stage: the root's children to choose from, then the back-up's boxes."""
        if self.stage == 1:
            self.pick = w.ToggleButtons(options=[(path_name((move,)), move) for move in self.searched.children],
                                        value=None, description="UCB1 selects:",
                                        style={"button_width": "auto", "description_width": "initial"})
            return (self.pick,)
        self.boxes = {path: w.Text(description=f"{path_name(path)} N, U", placeholder="N, U",
                                   continuous_update=True, style={"description_width": "initial"},
                                   layout=w.Layout(width="170px"))
                      for path in self.backed_up}
        return (w.HTML(self.playout_text()), w.HBox(list(self.boxes.values()), layout=w.Layout(flex_flow="row wrap")))

    def playout_text(self) -> str:
        """Return what the next playout does after its selection, for the back-up stage."""
        path = " → ".join(path_name(where) for where in self.step.selected)
        new = (f"expands {path_name(self.step.backed_up[-1][0])}, " if self.step.expanded is not None
               else "reaches the end of the game, ")
        return (f"Playout {self.playouts + 1} selects {path}, {new}and ends with MAX's utility "
                f"{value_text(self.step.utility)}. Fill in N and U of each node below the root after the back-up "
                "(U for the player who moved into the node: MAX into the root's children).")

    def answer(self, given: object) -> str:
        """Return the verdict on the answer of the stage: the root's child (a move, or text like '1'
        or '[1]'), then {path: 'N, U'} for the nodes of the playout's path."""
        if self.stage == 1:
            return self.answer_choice(given)
        return self.answer_backup(given)

    def answer_choice(self, given: object) -> str:
        """Return the verdict on the child chosen at the root."""
        if given is None or (isinstance(given, str) and not given.strip()):
            return "Not answered yet: choose one of the root's children."
        move = given
        if isinstance(given, str):
            number = read_number(given.strip().strip("[]"))
            move = number if type(number) is int else given
        if isinstance(move, bool) or move not in self.searched.children:
            return (f"Could not read your answer: {shown(given)} is not one of the root's children "
                    f"({', '.join(str(m) for m in self.searched.children)}).")
        if move == self.choice:
            text = f"Correct: UCB1 selects {path_name((move,))}.\n{self.ucb1_text()}"
            self.next_stage()
            return text + "\n" + self.playout_text()
        children = self.searched.children
        best_mean = max(children, key=lambda m: children[m].total / children[m].visits)
        fewest = min(children, key=lambda m: children[m].visits)
        ln = math.log(self.searched.visits)
        if move == best_mean:
            hint = (f"{path_name((move,))} has the best mean, U/N = {value_text(children[move].total)}/"
                    f"{children[move].visits}, but UCB1 adds the bonus C·√(ln N(root) / N), largest for the children "
                    f"visited least: {path_name((fewest,))}, visited {children[fewest].visits} time(s), gets "
                    f"√2·√({ln:.2f}/{children[fewest].visits}) = {C * math.sqrt(ln / children[fewest].visits):.2f}. "
                    "Add mean and bonus for every child.")
        else:
            hint = (f"UCB1 of {path_name((move,))} is not the largest. For every child add its mean U/N and its "
                    f"bonus C·√(ln N(root) / N), with ln N(root) = ln {self.searched.visits} ≈ {ln:.2f} and "
                    "C = √2 ≈ 1.41.")
        return self.wrong(f"Not correct: UCB1 does not select {path_name((move,))}.", hint)

    def wrong(self, head: str, hint: str) -> str:
        """Return the verdict on a wrong answer (Practice.wrong); once the choice is shown, with the
        playout to back up."""
        stage = self.stage
        text = super().wrong(head, hint)
        return text + "\n" + self.playout_text() if stage == 1 and self.stage == 2 else text

    def ucb1_text(self) -> str:
        """Return each child's UCB1 as mean + bonus = score (the scores as uct computed them)."""
        ln = math.log(self.searched.visits)
        parts = []
        for move, score in self.scores.items():
            child = self.searched.children[move]
            parts.append(f"{path_name((move,))}: {value_text(child.total)}/{child.visits} + "
                         f"√2·√({ln:.2f}/{child.visits}) = {score:.2f}")
        return f"UCB1 (ln {self.searched.visits} ≈ {ln:.2f}): " + "; ".join(parts) + "."

    def next_stage(self) -> None:
        """Go on to the back-up: draw the selected path bold and show its boxes."""
        self.stage, self.tries = 2, 0
        self.drawing = self.draw(self.searched, self.step.selected)
        self.picture.value = svg_of(self.drawing)
        self.controls.children = self.make_controls()

    def answer_backup(self, given: object) -> str:
        """Return the verdict on the (N, U) given for the nodes of the playout's path."""
        if not isinstance(given, Mapping):
            return f"Could not read your answer: give a dict {{path: (N, U)}}, not {shown(given)}."
        counts: dict[Path, tuple[int, float]] = {}
        problems = []
        for key, text in given.items():
            if isinstance(text, str) and not text.strip():
                continue
            try:
                (path,) = read_paths([key])
            except (TypeError, ValueError):
                problems.append(f"{shown(key)} is not a path like [0] or [0][1].")
                continue
            read = read_counts(text)
            if path not in self.backed_up:
                problems.append(f"{path_name(path)} is not below the root on the playout's path.")
            elif read is None:
                problems.append(f"{path_name(path)}: could not read {shown(text)} as N, U (like 4, 2).")
            else:
                counts[path] = read
        if problems:
            return "Could not read your answer: " + " ".join(problems)
        if not counts:
            return f"Not answered yet: fill in N and U of the {len(self.backed_up)} nodes on the path."
        wrong = [path for path, truth in self.backed_up.items() if counts.get(path) != truth]
        if not wrong:
            self.draw_answer()
            return f"Correct: the back-up leaves {self.counts_text()}."
        head = f"Not correct: {len(self.backed_up) - len(wrong)} of {len(self.backed_up)} right."
        first = next((path for path in wrong if path in counts), None)
        if first is None:
            return head + f" Still to fill in: {', '.join(path_name(path) for path in wrong)}."
        mover = self.game.to_move(first[:-1])
        worth = self.step.utility if mover == "MAX" else -self.step.utility
        if counts[first][0] != self.backed_up[first][0]:
            hint = (f"Look again at {path_name(first)}: every node on the path counts the playout once, so its N "
                    "goes up by 1 (a new node starts at 1).")
        else:
            hint = (f"Look again at {path_name(first)}: its N is right, its U is not. U adds the playout's utility "
                    f"for the player who moved into the node, here {mover}: MAX's {value_text(self.step.utility)} "
                    f"is {value_text(worth)} for {mover}.")
        return self.wrong(head, hint)

    def counts_text(self) -> str:
        """Return the path's (N, U) after the back-up, root first."""
        return "; ".join(f"{path_name(path)} N={visits}" + (f" U={value_text(total)}" if path else "")
                         for path, visits, total in self.step.backed_up)

    def answer_text(self) -> str:
        """Return the answer of the stage, worked."""
        if self.stage == 1:
            return f"UCB1 selects {path_name((self.choice,))}. {self.ucb1_text()}"
        return (f"MAX's utility {value_text(self.step.utility)} counts +1 visit at every node of the path, "
                f"and adds to U for MAX, subtracts for MIN: {self.counts_text()}.")

    def draw_answer(self) -> None:
        """Show the answer of the stage: after the choice, go on to the back-up; after the back-up,
        draw the tree as the playout left it."""
        if self.stage == 1:
            self.next_stage()
            return
        after = uct(self.tree, playouts=self.playouts + 1, seed=self.seed, exploration=C).tree
        self.drawing = self.draw(after, tuple(path for path, _, _ in self.step.backed_up))
        self.picture.value = svg_of(self.drawing)

    def show_answer(self, button: object = None) -> str:
        """Show the answer of the stage (after the choice, with the playout to back up)."""
        text = self.answer_text()
        stage = self.stage
        self.draw_answer()
        return self.show(text + ("\n" + self.playout_text() if stage == 1 else ""))

    def check(self, button: object = None) -> str:
        """Check the stage's answer in the controls and show the verdict."""
        if self.stage == 1:
            return self.show(self.answer(self.pick.value))
        return self.show(self.answer({path: box.value for path, box in self.boxes.items()}))
