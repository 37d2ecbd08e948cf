"""ChancePractice: fill in the expectiminimax value of every inner node of a small random tree with
chance nodes (AIMA 4th ed., section 5.5), the answer key from search.chance.expectiminimax."""

from __future__ import annotations

import random
import re
from fractions import Fraction
from typing import Any, Mapping, Optional

import ipywidgets as w

from ...core.text import path_name, shown
from ...core.trace import Trace
from ...core.trees import Chance, ChanceTree, Path
from ...display.controls import whole_number
from ...display.draw import Drawing, node_id, svg_of
from ...search.chance import expectiminimax
from ..core import read_paths
from .base import Practice

ODDS: Mapping[int, tuple[tuple[Fraction, ...], ...]] = {
    2: ((Fraction(1, 2), Fraction(1, 2)), (Fraction(1, 4), Fraction(3, 4)), (Fraction(3, 4), Fraction(1, 4))),
    3: ((Fraction(1, 4), Fraction(1, 4), Fraction(1, 2)), (Fraction(1, 2), Fraction(1, 4), Fraction(1, 4)),
        (Fraction(1, 4), Fraction(1, 2), Fraction(1, 4)))}
"""The probabilities of a chance node's outcomes, by their number: quarters, so that every value
is a decimal with at most two places."""

HIGHEST_LEAF = 9
"""Leaves are whole numbers from 0 to HIGHEST_LEAF."""


def random_chance_tree(branching: int, depth: int, seed: int) -> ChanceTree:
    """Return a random tree whose root is MAX's, with `branching` chance nodes below it, each of
    `branching` outcomes; at depth 2 the outcomes are leaves, at depth 3 MIN's nodes of
    `branching` leaves each.

    >>> random_chance_tree(2, 2, seed=0)
    [Chance([(Fraction(1, 4), 6), (Fraction(3, 4), 0)]), Chance([(Fraction(1, 4), 8), (Fraction(3, 4), 7)])]
    """
    rng = random.Random(seed)

    def outcome() -> ChanceTree:
        if depth == 2:
            return rng.randint(0, HIGHEST_LEAF)
        return [rng.randint(0, HIGHEST_LEAF) for _ in range(branching)]

    return [Chance([(p, outcome()) for p in rng.choice(ODDS[branching])]) for _ in range(branching)]


def read_value(text: object) -> Optional[Fraction]:
    """Return the exact number typed ('2.25', '9/4', '−3'), or None when it is not one.

    >>> read_value(" 9/4 "), read_value("2.25"), read_value("x"), read_value("1e400"), read_value(True)
    (Fraction(9, 4), Fraction(9, 4), None, None, None)
    """
    if isinstance(text, bool):
        return None
    if isinstance(text, (int, Fraction)):
        return Fraction(text)
    if isinstance(text, float):
        return Fraction(text) if text == text and abs(text) != float("inf") else None
    if not isinstance(text, str):
        return None
    text = text.strip().replace("−", "-")
    if not re.fullmatch(r"[+-]?(\d{1,12}(\.\d{0,12})?|\.\d{1,12})(/\d{1,12})?", text):
        return None   # no exponents: '1e999999999' would take Fraction ages
    try:
        return Fraction(text)
    except ZeroDivisionError:
        return None


def number_text(value: Any) -> str:
    """Return a value as a lesson writes it: 3, 2.25 (quarters are exact decimals), or 7/3."""
    value = Fraction(value)
    if value.denominator == 1:
        return str(value.numerator)
    if 100 % value.denominator == 0:
        return f"{float(value):g}"
    return f"{value.numerator}/{value.denominator}"


class ChancePractice(Practice):
    """A small random tree with chance nodes (branching 2..3, depth 2..3): MAX at the root, chance
    nodes below it, then leaves (depth 2) or MIN's nodes (depth 3). Fill in the expectiminimax
    value of every inner node, then press Check. A first wrong answer is told which node to look
    at again and its rule; the second gets the values.

    >>> practice = ChancePractice(branching=2, depth=2, seed=0)
    >>> practice.values
    {(): Fraction(29, 4), (0,): Fraction(3, 2), (1,): Fraction(29, 4)}
    >>> print(practice.answer({(): "7.25", (0,): "1.5", (1,): "7"}))
    Not correct: 2 of 3 right.
    Look again at the chance node [1]: a chance node is worth the sum of probability × value over its outcomes.
    Try again: a second wrong try, or Show answer, shows the answer.
    """

    instructions = ("Fill in the expectiminimax value of every MAX (▲), chance (○) and MIN (▽) node, "
                    "exactly (2.25 or 9/4), MAX moving at the root, then press Check.")
    hint_first = True

    def __init__(self, branching: int = 2, depth: int = 3, seed: int = 0):
        branching = whole_number(branching, "branching", 2, 3)
        depth = whole_number(depth, "depth", 2, 3)
        self.boxes: dict[Path, w.Text] = {}
        super().__init__(branching, depth, seed)

    def make(self) -> None:
        """Make the tree for the current seed, its expectiminimax values, and draw it without them."""
        self.tree = random_chance_tree(self.branching, self.depth, self.seed)
        self.trace = Trace()
        expectiminimax(self.tree, trace=self.trace)
        self.nodes = self.walk(self.tree)
        self.drawing = self.draw({})

    def walk(self, tree: ChanceTree) -> dict[Path, tuple[str, ChanceTree]]:
        """Return every node's kind ('MAX', 'MIN', 'CHANCE' or 'LEAF') and subtree, by path."""
        nodes: dict[Path, tuple[str, ChanceTree]] = {}

        def visit(node: ChanceTree, path: Path, player: str) -> None:
            if isinstance(node, Chance):
                nodes[path] = ("CHANCE", node)
                for i, (_, child) in enumerate(node.outcomes):
                    visit(child, path + (i,), player)
            elif isinstance(node, list):
                nodes[path] = (player, node)
                for i, child in enumerate(node):
                    visit(child, path + (i,), "MIN" if player == "MAX" else "MAX")
            else:
                nodes[path] = ("LEAF", node)

        visit(tree, (), "MAX")
        return nodes

    @property
    def values(self) -> dict[Path, Optional[float]]:
        """Return the expectiminimax value of every inner node, by path, root first."""
        returned = self.trace.values()
        return {path: returned[path] for path in self.inner()}

    def inner(self) -> list[Path]:
        """Return the inner nodes' paths, level by level."""
        return sorted((path for path, (kind, _) in self.nodes.items() if kind != "LEAF"),
                      key=lambda path: (len(path), path))

    def kind(self, path: Path) -> str:
        """Return 'MAX', 'MIN', 'CHANCE' or 'LEAF'."""
        return self.nodes[path][0]

    def name(self, path: Path) -> str:
        """Return 'the chance node [1]', 'MIN's node [0][1]' or 'MAX's node root'."""
        kind = self.kind(path)
        return f"the chance node {path_name(path)}" if kind == "CHANCE" else f"{kind}'s node {path_name(path)}"

    def draw(self, shown_values: Mapping[Path, Optional[float]]) -> Drawing:
        """Return the drawing of the tree, with `shown_values` in their nodes."""
        dot: Drawing = Drawing(graph_attr={"ordering": "out", "nodesep": "0.2", "ranksep": "0.45"},
                      node_attr={"fontname": "Helvetica", "fontsize": "11", "margin": "0.03"},
                      edge_attr={"arrowhead": "none", "fontname": "Helvetica", "fontsize": "10"})
        dot.summary = f"tree drawing: {len(self.nodes)} nodes"
        shapes = {"MAX": "triangle", "MIN": "invtriangle", "CHANCE": "circle", "LEAF": "box"}
        for path, (kind, node) in sorted(self.nodes.items(), key=lambda item: (len(item[0]), item[0])):
            label = number_text(node) if kind == "LEAF" else (number_text(shown_values[path])
                                                               if path in shown_values else "")
            size = {"width": "0.3", "height": "0.3"} if kind == "LEAF" else {"width": "0.6", "height": "0.5"}
            dot.node(node_id(path), label=label, shape=shapes[kind], **size)
            if path:
                parent = self.nodes[path[:-1]][1]
                edge = (f" {number_text(parent.outcomes[path[-1]][0])}" if isinstance(parent, Chance)
                        else f" {path[-1]}")
                dot.edge(node_id(path[:-1]), node_id(path), label=edge)
        return dot

    def make_controls(self) -> tuple[object, ...]:
        """Return one text box per inner node, a row per level."""
        self.boxes = {}
        for path in self.inner():
            kind = self.kind(path).lower() if self.kind(path) == "CHANCE" else self.kind(path)
            self.boxes[path] = w.Text(description=f"{path_name(path)} {kind}", placeholder="?",
                                      continuous_update=True, style={"description_width": "initial"},
                                      layout=w.Layout(width="170px"))
        levels: dict[int, list[w.Text]] = {}
        for path, box in self.boxes.items():
            levels.setdefault(len(path), []).append(box)
        return tuple(w.HBox(boxes, layout=w.Layout(flex_flow="row wrap")) for boxes in levels.values())

    def answer(self, values: object) -> str:
        """Return the verdict on the values given for the inner nodes ({path: value}, a path as a
        tuple or as text like '[0]' or 'root', a value a number or text like '2.25' or '9/4'). A
        first wrong answer names the deepest node that is wrong and its rule; the second shows the
        values, worked."""
        if not isinstance(values, Mapping):
            return f"Could not read your answer: give a dict {{path: value}}, not {shown(values)}."
        given: dict[Path, Fraction] = {}
        problems = []
        for key, value in values.items():
            if isinstance(value, str) and not value.strip():
                continue
            try:
                (path,) = read_paths([key])
            except (TypeError, ValueError):
                problems.append(f"{shown(key)} is not a path like [0] or root.")
                continue
            number = read_value(value)
            if path not in self.nodes:
                problems.append(f"{path_name(path)} is not a node of this tree.")
            elif self.kind(path) == "LEAF":
                problems.append(f"{path_name(path)} is a leaf: its value is given.")
            elif number is None:
                problems.append(f"{path_name(path)}: could not read {shown(value)} as a number "
                                "(write 2.25, 9/4 or -3).")
            else:
                given[path] = number
        if problems:
            return "Could not read your answer: " + " ".join(problems)
        if not given:
            return (f"Not answered yet: fill in the values of the {len(self.inner())} inner nodes, "
                    "from the bottom up.")
        truth = self.values
        wrong = [path for path in self.inner() if given.get(path) != truth[path]]
        if not wrong:
            self.draw_answer()
            return (f"Correct: all {len(truth)} values are right; the root is worth "
                    f"{number_text(truth[()])}.")
        missing = [path for path in wrong if path not in given]
        head = f"Not correct: {len(truth) - len(wrong)} of {len(truth)} right."
        if missing:
            head += f" Still to fill in: {', '.join(path_name(path) for path in missing)}."
            if len(missing) == len(wrong):
                return head
        deepest = max((path for path in wrong if path in given), key=lambda path: (len(path), [-i for i in path]))
        return self.wrong(head, f"Look again at {self.name(deepest)}: {self.rule(deepest)}.")

    def rule(self, path: Path) -> str:
        """Return the rule of a node's kind, in words."""
        return {"CHANCE": "a chance node is worth the sum of probability × value over its outcomes",
                "MAX": "MAX takes the largest of its children's values",
                "MIN": "MIN takes the smallest of its children's values"}[self.kind(path)]

    def answer_text(self) -> str:
        """Return every inner node's value, worked from its children, deepest first."""
        truth, lines = self.values, []
        for path in sorted(self.inner(), key=lambda path: (-len(path), path)):
            node = self.nodes[path][1]
            count = len(node.outcomes) if isinstance(node, Chance) else len(node) if isinstance(node, list) else 0
            worth = [self.worth(path + (i,)) for i in range(count)]
            if isinstance(node, Chance):
                sum_text = " + ".join(f"{number_text(p)} × {value}" for (p, _), value in zip(node.outcomes, worth))
                how = f"{sum_text} = {number_text(truth[path])}"
            else:
                how = f"{self.kind(path).lower()}({', '.join(worth)}) = {number_text(truth[path])}"
            lines.append(f"{path_name(path)} ({self.kind(path).lower()}): {how}")
        return "The values, from the bottom up:\n" + "\n".join(lines)

    def worth(self, path: Path) -> str:
        """Return a node's value as text (a leaf's number, else its expectiminimax value)."""
        kind, node = self.nodes[path]
        return number_text(node if kind == "LEAF" else self.values[path])

    def draw_answer(self) -> None:
        """Draw the tree with every value."""
        self.drawing = self.draw(self.values)
        self.picture.value = svg_of(self.drawing)

    def check(self, button: object = None) -> str:
        """Check the values in the boxes and show the verdict."""
        return self.show(self.answer({path: box.value for path, box in self.boxes.items()}))
