"""RetrogradePractice: label every position of a small random game graph with its value for the
player to move and its distance, as retrograde analysis does (lesson 8), the answer key from
search.retrograde.tablebase."""

from __future__ import annotations

import random
import re
import string
from typing import Mapping, Optional

import ipywidgets as w

from ...core.text import shown
from ...display.controls import whole_number
from ...display.draw import Drawing, svg_of
from ...search.retrograde import Label, tablebase
from .base import Practice

UTILITIES = (-1, -1, 0, 1)
"""The utilities a finished position is drawn from (for the player to move there): losses most often."""

WORDS = {"win": 1, "w": 1, "loss": -1, "lost": -1, "l": -1, "draw": 0, "d": 0}
"""Words a student may type for a value."""


class GraphGame:
    """A game given by its graph: positions named by letters, `moves[p]` the positions a move from
    p leads to (a move is named by the position it leads to), `ends[p]` the utility of a finished
    position for the player to move there. 'A' moves at the positions of even `layer`, 'B' at the
    others, so the players alternate.

    >>> game = GraphGame({"a": ("b", "c")}, {"b": -1, "c": 0}, {"a": 0, "b": 1, "c": 1})
    >>> game.to_move("b"), game.actions("a"), game.utility("b", "A")
    ('B', ('b', 'c'), 1)
    """

    initial = "a"
    max_player = "A"
    players = ("A", "B")

    def __init__(self, moves: Mapping[str, tuple[str, ...]], ends: Mapping[str, int], layer: Mapping[str, int]):
        self.moves, self.ends, self.layer = dict(moves), dict(ends), dict(layer)

    def __repr__(self) -> str:
        return f"GraphGame({len(self.layer)} positions)"

    def to_move(self, state: str) -> str:
        return "A" if self.layer[state] % 2 == 0 else "B"

    def actions(self, state: str) -> tuple[str, ...]:
        return self.moves.get(state, ())

    def result(self, state: str, action: str) -> str:
        return action

    def is_terminal(self, state: str) -> bool:
        return state in self.ends

    def utility(self, state: str, player: str) -> int:
        """Return the utility of a finished position for `player`."""
        utility = self.ends[state]
        return utility if player == self.to_move(state) else -utility


def random_game_graph(branching: int, depth: int, seed: int) -> GraphGame:
    """Return a random game graph: the start 'a', then `depth` layers of 2 to branching + 1
    positions each; a position has 1 to `branching` moves into the next layer (more where needed
    to reach every position); every position of
    the last layer, and now and then one before it, is finished, with a utility from UTILITIES.

    >>> game = random_game_graph(2, 3, seed=0)
    >>> game.moves["a"], sorted(game.ends.items())[:2]
    (('b', 'c', 'd'), [('h', 1), ('i', 1)])
    """
    rng = random.Random(seed)
    names = iter(string.ascii_lowercase)
    layers = [["a"]]
    next(names)
    for _ in range(depth):
        layers.append([next(names) for _ in range(rng.randint(2, branching + 1))])
    moves: dict[str, list[str]] = {}
    ends: dict[str, int] = {}
    for i, layer in enumerate(layers[:-1]):
        open_ = [p for p in layer if i == 0 or rng.random() > 0.2] or [layer[0]]
        for p in layer:
            if p not in open_:
                ends[p] = rng.choice(UTILITIES)
        for child in layers[i + 1]:  # every position of the next layer is reached
            moves.setdefault(rng.choice(open_), []).append(child)
        for p in open_:
            targets = moves.setdefault(p, [])
            want = min(rng.randint(1, branching), len(layers[i + 1]))
            while len(targets) < want:
                targets.append(rng.choice([c for c in layers[i + 1] if c not in targets]))
    for p in layers[-1]:
        ends[p] = rng.choice(UTILITIES)
    layer_of = {p: i for i, layer in enumerate(layers) for p in layer}
    return GraphGame({p: tuple(sorted(targets)) for p, targets in moves.items()}, ends, layer_of)


def read_label(text: object) -> Optional[tuple[int, int]]:
    """Return the label typed as 'value, distance' ('1, 3', '(-1, 2)', '+1 3', 'win 3'), or None.

    >>> read_label("(−1, 2)"), read_label("win 3"), read_label("0,4"), read_label("3"), read_label(5)
    ((-1, 2), (1, 3), (0, 4), None, None)
    """
    if isinstance(text, tuple) and len(text) == 2:
        text = f"{text[0]}, {text[1]}"
    if not isinstance(text, str) or len(text) > 40:
        return None
    parts = [part for part in re.split(r"[\s,;]+", text.strip().strip("()").replace("−", "-")) if part]
    if len(parts) != 2:
        return None
    value_word, distance_word = parts[0].casefold(), parts[1]
    value = WORDS.get(value_word)
    if value is None and re.fullmatch(r"[+-]?[01]", value_word):
        value = int(value_word)
    if value is None or not distance_word.isdigit():
        return None
    return value, int(distance_word)


def value_word(value: int) -> str:
    """Return '+1', '0' or '−1'."""
    return "+1" if value == 1 else "−1" if value == -1 else "0"


def label_text(label: tuple[int, int]) -> str:
    """Return '(+1, 3)', '(0, 2)' or '(−1, 4)'."""
    return f"({value_word(label[0])}, {label[1]})"


class RetrogradePractice(Practice):
    """A small random game graph (branching 2..3 moves at most, depth 3..4 layers below the start):
    label every position that is not finished with its value for the player to move (+1 a win, 0 a
    draw, −1 a loss) and its distance (the plies to the end with best play), as retrograde analysis
    labels it, then press Check. A first wrong answer is told which position to look at again and
    the rule; the second gets the labels.

    >>> practice = RetrogradePractice(branching=2, depth=3, seed=0)
    >>> sorted(practice.labels.items())[:2]
    [('a', Label(value=-1, distance=3)), ('b', Label(value=1, distance=2))]
    """

    instructions = ("Label every position that is not finished with its value for the player to move "
                    "(+1 win, 0 draw, −1 loss) and its distance, like 1, 3; a finished position shows "
                    "its utility for the player to move there. Then press Check.")
    new_label = "New game"
    hint_first = True

    def __init__(self, branching: int = 2, depth: int = 3, seed: int = 0):
        branching = whole_number(branching, "branching", 2, 3)
        depth = whole_number(depth, "depth", 3, 4)
        self.boxes: dict[str, w.Text] = {}
        super().__init__(branching, depth, seed)

    def make(self) -> None:
        """Make the game for the current seed, its tablebase, and draw it without the labels."""
        self.graph = random_game_graph(self.branching, self.depth, self.seed)
        self.table = tablebase(self.graph)
        self.drawing = self.draw({})

    @property
    def labels(self) -> dict[str, Label]:
        """Return the label of every position that is not finished, by name."""
        return {p: self.table.labels[p] for p in self.positions()}

    def positions(self) -> list[str]:
        """Return the positions to label (those not finished), in order of their names."""
        return sorted(p for p in self.graph.layer if not self.graph.is_terminal(p))

    def draw(self, shown_labels: Mapping[str, tuple[int, int]]) -> Drawing:
        """Return the drawing of the game graph, with `shown_labels` under the positions' names."""
        dot: Drawing = Drawing(graph_attr={"nodesep": "0.3", "ranksep": "0.4"},
                      node_attr={"fontname": "Helvetica", "fontsize": "11", "margin": "0.04"},
                      edge_attr={"arrowsize": "0.6"})
        dot.summary = f"game graph: {len(self.graph.layer)} positions"
        for p in sorted(self.graph.layer, key=lambda p: (self.graph.layer[p], p)):
            mover = self.graph.to_move(p)
            if self.graph.is_terminal(p):
                dot.node(p, label=f"{p}: {value_word(self.graph.ends[p])}", shape="box",
                         style="filled", fillcolor="white" if mover == "A" else "grey90")
            else:
                below = f" {label_text(shown_labels[p])}" if p in shown_labels else ""
                dot.node(p, label=f"{p} ({mover}){below}", shape="ellipse", style="filled",
                         fillcolor="white" if mover == "A" else "grey90")
        for p, targets in sorted(self.graph.moves.items()):
            for target in targets:
                dot.edge(p, target)
        return dot

    def make_controls(self) -> tuple[object, ...]:
        """Return one text box per position to label, a row per layer."""
        self.boxes = {}
        rows: dict[int, list[w.Text]] = {}
        for p in self.positions():
            self.boxes[p] = w.Text(description=f"{p} ({self.graph.to_move(p)})", placeholder="value, distance",
                                   continuous_update=True, style={"description_width": "initial"},
                                   layout=w.Layout(width="190px"))
            rows.setdefault(self.graph.layer[p], []).append(self.boxes[p])
        return tuple(w.HBox(boxes, layout=w.Layout(flex_flow="row wrap")) for boxes in rows.values())

    def answer(self, labels: object) -> str:
        """Return the verdict on the labels given ({position: 'value, distance' or (value,
        distance)}). A first wrong answer names the position nearest the end that is labelled
        wrongly and its rule; the second shows every label, worked."""
        if not isinstance(labels, Mapping):
            return f"Could not read your answer: give a dict {{position: (value, distance)}}, not {shown(labels)}."
        given: dict[str, tuple[int, int]] = {}
        problems = []
        for key, text in labels.items():
            if isinstance(text, str) and not text.strip():
                continue
            label = read_label(text)
            if not isinstance(key, str) or key not in self.graph.layer:
                problems.append(f"{shown(key)} is not a position of this game (they are a, b, c, ...).")
            elif self.graph.is_terminal(key):
                problems.append(f"{key} is finished: its label is given.")
            elif label is None:
                problems.append(f"{key}: could not read {shown(text)} as a label: write the value (+1, 0 or -1), "
                                "then the distance, like 1, 3.")
            else:
                given[key] = label
        if problems:
            return "Could not read your answer: " + " ".join(problems)
        if not given:
            return f"Not answered yet: label the {len(self.positions())} positions, from the end of the game back."
        truth = self.labels
        wrong = [p for p in self.positions() if given.get(p) != tuple(truth[p])]
        if not wrong:
            self.draw_answer()
            return (f"Correct: all {len(truth)} labels are right; the start is {label_text(truth['a'])} for A, "
                    "who moves there.")
        head = f"Not correct: {len(truth) - len(wrong)} of {len(truth)} right."
        missing = [p for p in wrong if p not in given]
        if missing:
            head += f" Still to label: {', '.join(missing)}."
            if len(missing) == len(wrong):
                return head
        first = max((p for p in wrong if p in given), key=lambda p: (self.graph.layer[p], [-ord(c) for c in p]))
        return self.wrong(head, self.hint(first, given[first]))

    def hint(self, position: str, label: tuple[int, int]) -> str:
        """Return the hint for a position labelled wrongly: which part is wrong, and the rule."""
        where = f"Look again at {position} ({self.graph.to_move(position)} to move)"
        if label[0] != self.labels[position].value:
            return (f"{where}: its value. A position is a win (+1) when some move leads to a position lost (−1) "
                    "for the opponent, who moves there; a loss (−1) when every move leads to a win (+1) for the "
                    "opponent; and otherwise a draw (0).")
        return (f"{where}: its value is right, its distance is not. A win takes its quickest move to a "
                "position lost for the opponent (1 + the least such distance); a loss or a draw holds out "
                "longest (1 + the greatest distance among the moves that keep that value).")

    def answer_text(self) -> str:
        """Return every position's label, worked from its children's, nearest the end first."""
        lines = []
        for p in sorted(self.positions(), key=lambda p: (-self.graph.layer[p], p)):
            children = ", ".join(f"{c} {label_text(self.table.labels[c])}" for c in self.graph.actions(p))
            label = self.labels[p]
            why = ("a win: a move to a position lost for the opponent, the quickest" if label.value == 1
                   else "a loss: every move leads to a win for the opponent; the slowest" if label.value == -1
                   else "a draw: no move wins, one draws; the slowest")
            lines.append(f"{p} ({self.graph.to_move(p)} to move) leads to {children}: {label_text(label)}, {why}.")
        return "The labels, from the end of the game back:\n" + "\n".join(lines)

    def draw_answer(self) -> None:
        """Draw the graph with every label."""
        self.drawing = self.draw({p: (label.value, label.distance) for p, label in self.labels.items()})
        self.picture.value = svg_of(self.drawing)

    def check(self, button: object = None) -> str:
        """Check the labels in the boxes and show the verdict."""
        return self.show(self.answer({p: box.value for p, box in self.boxes.items()}))
