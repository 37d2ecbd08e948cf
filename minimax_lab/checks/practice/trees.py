"""The practice widgets on minimax trees: PruningPractice (mark the leaves alpha-beta never
examines) and ValuePractice (fill in the minimax value of every inner node)."""

from __future__ import annotations

from typing import Mapping, Optional

import ipywidgets as w

from ...core.text import path_name, shown, value_text
from ...core.trace import Trace, cutoff_reasons, examined_reason
from ...core.trees import Path
from ...display.controls import whole_number
from ...search.ties import RULES, strict_alphabeta
from ..core import answer_text, read_number, read_paths, same
from .base import Practice

MAX_VALUE_NODES = 21
"""The most inner nodes ValuePractice asks the student to fill in (branching 4, depth 3)."""


# --- pruning ------------------------------------------------------------------------------------

class PruningPractice(Practice):
    """A random tree (branching 2..4, depth 2..4): mark the leaves alpha-beta never examines,
    with one toggle button per leaf or by typing their paths, then press Check.

    >>> practice = PruningPractice(branching=3, depth=2, seed=3)
    >>> practice.tree, sorted(practice.pruned)
    ([[-2, 9, 8], [-5, 2, 6], [9, -7, -9]], [(1, 1), (1, 2), (2, 2)])
    >>> print(practice.answer("[1][1], [1][2], [2][1]"))
    Not correct: 2 right, 1 missed, 1 wrong.
    Right: [1][1], [1][2].
    Missed: [2][2] is pruned: at MIN's node [2] the second leaf, [2][1], is -7, so MIN can hold ...
    Wrong: [2][1] is examined: alpha-beta reaches it with α = -2 and β = 9, a window still open ...

    `prune_ties` chooses the rule, also with the toggle under the leaves: cut when α ≥ β (True, the
    course's, AIMA 4th ed. Fig. 5.7's) or only when α > β (False, CS188's autograder's).

    >>> PruningPractice(branching=3, depth=2, seed=3, prune_ties=False).pruned == practice.pruned
    True
    """

    instructions = ("Mark every leaf that alpha-beta (searching children left to right) never "
                    "examines, then press Check.")
    algorithm = "alphabeta"

    def __init__(self, branching: int = 3, depth: int = 3, seed: int = 0, *, prune_ties: bool = True):
        if not isinstance(prune_ties, bool):
            raise ValueError(f"prune_ties must be True (cut when α ≥ β) or False (only when α > β), "
                             f"got {shown(prune_ties)}")
        self.rule = w.ToggleButtons(options=[(RULES["≥"], True), (RULES[">"], False)], value=prune_ties,
                                    description="Ties:", style={"button_width": "auto"})
        self.rule.observe(self.rule_changed, names="value")
        super().__init__(branching, depth, seed)

    @property
    def prune_ties(self) -> bool:
        """Return True when the search cuts on α ≥ β (on ties too), False when only on α > β."""
        return bool(self.rule.value)

    def rule_changed(self, change: object = None) -> None:
        """Search the same tree again under the rule chosen, keeping the marks but not the verdict."""
        marked = self.marked()
        self.load()
        self.press(marked)
        self.toggled()

    def load(self) -> None:
        """Make the tree for the current seed, with a fresh toggle per leaf and an empty text box;
        under the rule α > β, search it with strict_alphabeta."""
        self.toggles: dict[Path, w.ToggleButton] = {}
        self.typed = w.Text(description="or type:", placeholder="[1][1], [1][2]", continuous_update=False,
                            layout=w.Layout(width="420px"))
        self.typed.observe(self.read_typed, names="value")
        self._syncing = False
        super().load()
        if not self.prune_ties:
            self.trace = Trace()
            self.result = strict_alphabeta(self.tree, trace=self.trace)

    @property
    def pruned(self) -> set[Path]:
        """Return the paths of the leaves alpha-beta never examines: the leaves below the roots of
        the subtrees its trace says were cut off."""
        roots = self.trace.pruned()
        return {path for path in self.leaves() if any(path[:len(root)] == root for root in roots)}

    def leaves(self) -> list[Path]:
        """Return the leaf paths, left to right."""
        return sorted(path for path in self.game.nodes if self.is_leaf(path))

    def make_controls(self) -> tuple[object, ...]:
        """Return one toggle button per leaf, grouped under their parents, and the text box."""
        groups: dict[Path, list[w.ToggleButton]] = {}
        for path in self.leaves():
            label = f"{path_name(path)}: {value_text(self.game.nodes[path])}"
            toggle = w.ToggleButton(description=label, layout=w.Layout(width="auto"))
            toggle.observe(self.toggled, names="value")
            self.toggles[path] = toggle
            groups.setdefault(path[:-1], []).append(toggle)
        row = w.HBox([w.HBox(buttons, layout=w.Layout(margin="0 14px 4px 0")) for buttons in groups.values()],
                     layout=w.Layout(flex_flow="row wrap"))
        return (row, self.rule, self.typed)

    def marked(self) -> set[Path]:
        """Return the leaves whose toggle is pressed."""
        return {path for path, toggle in self.toggles.items() if toggle.value}

    def toggled(self, change: object = None) -> None:
        """Keep the text box in step with the toggles, and clear the colours of the last check."""
        for toggle in self.toggles.values():
            toggle.button_style = ""
        if not self._syncing:
            self._syncing = True
            self.typed.value = answer_text(self.marked())
            self._syncing = False

    def read_typed(self, change: object = None) -> None:
        """Press the toggles of the paths typed in the text box (a bad path is reported, not raised)."""
        if self._syncing:
            return
        try:
            self.press(self.leaf_paths(self.typed.value))
        except ValueError as error:
            self.show(f"Could not read your answer: {error}.")

    def press(self, paths: set[Path]) -> None:
        """Press the toggles of `paths` and release the others, leaving the text box as it is."""
        self._syncing = True
        for path, toggle in self.toggles.items():
            toggle.value = path in paths
        self._syncing = False

    def leaf_paths(self, paths: object) -> set[Path]:
        """Return the set of leaf paths in an answer; raise ValueError for one that is not a leaf."""
        try:
            given = set(read_paths(paths))
        except TypeError as error:
            raise ValueError(str(error)) from None
        for path in sorted(given):
            if path not in self.game.nodes:
                raise ValueError(f"{path_name(path)} is not a node of this tree")
            if not self.is_leaf(path):
                raise ValueError(f"{path_name(path)} is not a leaf: mark leaves (the boxes), like "
                                 f"{path_name(self.leaves()[0])}")
        return given

    def answer(self, paths: object) -> str:
        """Return the verdict on a set of leaf paths (tuples, or text like '[1][1], [1][2]'):
        which were right, which were missed and which were wrong, with the cutoff behind each."""
        try:
            given = self.leaf_paths(paths)
        except ValueError as error:
            return f"Could not read your answer: {error}."
        pruned = self.pruned
        reasons = cutoff_reasons(self.trace)
        right, missed, wrong = given & pruned, pruned - given, given - pruned
        if not missed and not wrong:
            if not pruned:
                return "Correct: alpha-beta examines every leaf of this tree; no cutoff happens."
            return "\n".join([f"Correct: alpha-beta never examines {answer_text(pruned)}."]
                             + self.explain(pruned, reasons))
        lines = [f"Not correct: {len(right)} right, {len(missed)} missed, {len(wrong)} wrong."]
        if right:
            lines.append(f"Right: {answer_text(right)}.")
        if missed:
            lines += ["Missed: " + line for line in self.explain(missed, reasons)]
        for path in sorted(wrong):
            lines.append(f"Wrong: {path_name(path)} is examined: "
                         f"{examined_reason(self.trace, path, prune_ties=self.prune_ties)}.")
        return "\n".join(lines)

    def explain(self, leaves: set[Path], reasons: dict[Path, str]) -> list[str]:
        """Return one line per cutoff: the given pruned leaves below it and why they are pruned."""
        cutoffs: dict[str, list[Path]] = {}
        for root, reason in reasons.items():
            cutoffs.setdefault(reason, []).append(root)
        lines = []
        for reason, roots in cutoffs.items():
            below = {leaf for leaf in leaves if any(leaf[:len(root)] == root for root in roots)}
            if below:
                whole = [root for root in roots if not self.is_leaf(root)
                         and all(leaf in below for leaf in self.leaves() if leaf[:len(root)] == root)]
                shown = f" (all of {answer_text(set(whole))})" if whole else ""
                verb = "is" if len(below) == 1 else "are"
                lines.append(f"{answer_text(below)}{shown} {verb} pruned: {reason}.")
        return lines

    def check(self, button: object = None) -> str:
        """Check the marked leaves, colour the toggles, draw the search and show the verdict."""
        if self.typed.value != answer_text(self.marked()):
            try:
                self.press(self.leaf_paths(self.typed.value))
            except ValueError as error:
                return self.show(f"Could not read your answer: {error}.")
        text = self.answer(self.marked())
        pruned = self.pruned
        for path, toggle in self.toggles.items():
            toggle.button_style = ("success" if path in pruned and toggle.value else "warning"
                                   if path in pruned else "danger" if toggle.value else "")
        self.show_search()
        return self.show(text)


# --- backed-up values ----------------------------------------------------------------------------

class ValuePractice(Practice):
    """A small random tree (branching 2..4, depth 2..4, at most MAX_VALUE_NODES inner nodes): fill
    in the minimax value of every inner node, then press Check.

    >>> practice = ValuePractice(branching=2, depth=2, seed=1)
    >>> practice.tree, practice.values
    ([[-5, 9], [-7, -1]], {(): -5, (0,): -5, (1,): -7})
    >>> practice.answer({(): -5, (0,): -5, (1,): -1}).splitlines()[0]
    'Not correct: 2 of 3 right.'
    """

    instructions = ("Fill in the minimax value of every MAX (▲) and MIN (▽) node, MAX moving at the "
                    "root, then press Check.")

    def __init__(self, branching: int = 2, depth: int = 3, seed: int = 0):
        branching, depth = whole_number(branching, "branching", 2, 4), whole_number(depth, "depth", 2, 4)
        inner = sum(branching ** ply for ply in range(depth))
        if inner > MAX_VALUE_NODES:
            raise ValueError(f"depth {depth} with branching {branching} gives {inner} nodes to fill in; "
                             f"ValuePractice asks for at most {MAX_VALUE_NODES}: choose a smaller depth")
        self.boxes: dict[Path, w.Text] = {}
        super().__init__(branching, depth, seed)

    @property
    def values(self) -> dict[Path, Optional[float]]:
        """Return the minimax value of every inner node, by path, root first."""
        returned = self.trace.values()
        return {path: returned[path] for path in self.inner()}

    def inner(self) -> list[Path]:
        """Return the inner nodes' paths, level by level."""
        return sorted((path for path in self.game.nodes if not self.is_leaf(path)),
                      key=lambda path: (len(path), path))

    def make_controls(self) -> tuple[object, ...]:
        """Return one text box per inner node, a row per level."""
        self.boxes = {}
        for path in self.inner():
            self.boxes[path] = w.Text(description=f"{path_name(path)} {self.role(path)}",
                                      continuous_update=True, placeholder="?",
                                      style={"description_width": "initial"},
                                      layout=w.Layout(width="150px"))
        levels: dict[int, list[w.Text]] = {}
        for path, box in self.boxes.items():
            levels.setdefault(len(path), []).append(box)
        return tuple(w.HBox(boxes, layout=w.Layout(flex_flow="row wrap")) for boxes in levels.values())

    def answer(self, values: object) -> str:
        """Return the verdict on the values given for the inner nodes ({path: value}, a path as a
        tuple or as text like '[0]' or 'root'), node by node: right, or wrong with what its
        children are worth and whether MAX or MIN picks there."""
        if not isinstance(values, Mapping):
            return f"Could not read your answer: give a dict {{path: value}}, not {shown(values)}."
        given: dict[Path, object] = {}
        problems = []
        for key, value in values.items():
            if isinstance(value, str) and not value.strip():
                continue
            try:
                (path,) = read_paths([key])
            except (TypeError, ValueError):
                problems.append(f"{shown(key)} is not a path like [0] or root.")
                continue
            if path not in self.game.nodes:
                problems.append(f"{path_name(path)} is not a node of this tree.")
            elif self.is_leaf(path):
                problems.append(f"{path_name(path)} is a leaf: its value is given.")
            else:
                given[path] = value
        if not given and not problems:
            return (f"Not answered yet: fill in the values of the {len(self.inner())} inner nodes, "
                    "from the bottom up.")
        return self.verdict(given, problems)

    def verdict(self, given: dict[Path, object], problems: list[str]) -> str:
        """Return the node-by-node verdict on readable answers."""
        truth = self.values
        right, lines = [], []
        for path in self.inner():
            name = f"{path_name(path)} ({self.role(path)})"
            if path not in given:
                lines.append(f"{name}: not filled in.")
                continue
            number = read_number(given[path])
            if number is None:
                lines.append(f"{name}: could not read {shown(given[path])} as a number.")
            elif same(number, truth[path]):
                right.append(path)
            else:
                lines.append(f"{name}: you said {value_text(number)}, but {self.children_text(path)}.")
        if not lines and not problems:
            return f"Correct: all {len(truth)} values are right; the root is worth {value_text(truth[()])}."
        head = f"Not correct: {len(right)} of {len(truth)} right."
        listed = [f"Right: {answer_text(set(right))}."] if right else []
        return "\n".join([head, *listed, *lines, *problems])

    def children_text(self, path: Path) -> str:
        """Return 'its children are worth 2, 4 and 6, and MIN picks the smallest'."""
        returned = self.trace.values()
        worth = [value_text(returned[path + (action,)]) for action in self.game.actions(path)]
        listed = ", ".join(worth[:-1]) + " and " + worth[-1] if len(worth) > 1 else worth[0]
        picks = "MAX picks the largest" if self.role(path) == "MAX" else "MIN picks the smallest"
        return f"its children are worth {listed}, and {picks}"

    def check(self, button: object = None) -> str:
        """Check the values in the boxes and show the verdict; when all are right, draw them."""
        text = self.answer({path: box.value for path, box in self.boxes.items()})
        if text.startswith("Correct"):
            self.show_search()
        return self.show(text)
