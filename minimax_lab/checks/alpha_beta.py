"""Checks for lesson 03 (alpha-beta): its Your turn exercises and Check yourself questions.

Every expected answer is computed by the package's `alphabeta`, `strict_alphabeta` and `minimax`
(their results and traces); the trees below are the exercises' data. Unanswered (`...`, or a
function that still raises NotImplementedError), a check prints "Not answered yet" with a hint; a
first wrong try gets a hint, the second (or check.<name>.answer()) the answer.

>>> verdict = window_at(...)
Not answered yet: α comes from the best MAX has found on the path above the node, β from the best MIN has found
>>> window_at(entry_window(WINDOW_TREE, WINDOW_NODE)).correct
Correct: (6, 7). MAX has 6 from move 0 at the root (α); MIN's node [1] has found 7 in [1][0] (β).
True
"""

from __future__ import annotations

from typing import Any, Optional

from ..core.text import path_name, value_text
from ..core.trace import Moves, Trace
from ..core.trees import Tree
from ..display.draw import Drawing, draw
from ..games.protocol import TreeGame, UniformTree
from ..search.ordering import best_first, worst_first
from ..search.textbook import INF, alphabeta, minimax
from ..search.ties import strict_alphabeta
from .core import (FIG_5_2, Verdict, answer_text, check_answer, check_function, choice, exercise,
                   lesson_cases, same)
from .guard import Outcome

WINDOW_TREE: Tree = [[[5, 8], [6, 4]], [[7, 3], [9, 2]]]
"""The tree of "predict α and β" (MAX at the root, then MIN, then MAX, then the leaves)."""

WINDOW_NODE = (1, 1)
"""The node whose entry window the student predicts."""

SNIPPET_TREE: Tree = [[[3, 5], [2, 9]], [[1, 7], [4, 6]]]
"""The tree of the widely copied alpha-beta example ("spot the error")."""

CHANGED_TREE: list[list[int]] = [[3, 12, 8], [2, 4, 6], [1, 5, 2]]
"""AIMA Fig. 5.2 with the 14 at [2][0] changed to 1 ("change a leaf")."""

TIE_TREE: list[list[int]] = [[5, 2, 8], [2, 7], [5, 1, 9]]
"""The tree of "prune by CS188's rule": a cutoff on a tie at [1], and one below α at [2]."""


def pruned_leaves(tree: Tree, *, prune_ties: bool = True) -> set[Moves]:
    """Return the leaves of `tree` (MAX at the root) that alpha-beta never examines, cutting on
    α ≥ β (prune_ties) or only on α > β."""
    trace = Trace()
    (alphabeta if prune_ties else strict_alphabeta)(tree, trace=trace)
    game = TreeGame(tree)
    return {path for path in game.nodes if game.is_terminal(path)} - set(trace.leaves())


# --- Your turn: change a leaf ----------------------------------------------------------------------

@exercise("predict")
def changed_leaf(answer: Any) -> Verdict:
    """Check the leaves predicted pruned in CHANGED_TREE (AIMA Fig. 5.2 with a 1 for the 14)."""
    pruned, before = pruned_leaves(CHANGED_TREE), pruned_leaves(FIG_5_2)
    new, changed = pruned - before, (2, 0)
    looked_at = f"Alpha-beta must look at {path_name(changed)} to learn that it is small."
    return check_answer(answer, pruned, hint="walk the search left to right with α at the root; a MIN "
                                             "node stops as soon as its value so far is ≤ α",
                        why=(f"Node [1] stops after its 2 as before; now node [2] stops after its first "
                             f"leaf too: {value_text(CHANGED_TREE[2][0])} ≤ α = "
                             f"{value_text(entry_window(CHANGED_TREE, (2,))[0])}, so {answer_text(new)} are "
                             "never examined either."),
                        mistakes={frozenset(before): f"That is what alpha-beta skips in the tree as printed. "
                                                     f"With the new value at {path_name(changed)}, look at "
                                                     "node [2] again.",
                                  frozenset(new): "Node [1] comes before node [2] and has not changed: does "
                                                  "it still stop early?",
                                  frozenset(new | {changed}): looked_at,
                                  frozenset(pruned | {changed}): looked_at})


# --- Your turn: predict α and β ------------------------------------------------------------------

def entry_window(tree: Tree, node: Moves) -> tuple[Optional[float], Optional[float]]:
    """Return the (α, β) with which alpha-beta enters `node` of `tree`."""
    trace = Trace()
    alphabeta(tree, trace=trace)
    entered = next(event for event in trace if event.kind == "enter" and event.path == node)
    return entered.alpha, entered.beta


@exercise("predict")
def window_at(answer: Any) -> Verdict:
    """Check the (α, β) predicted for WINDOW_NODE of WINDOW_TREE."""
    alpha, beta = entry_window(WINDOW_TREE, WINDOW_NODE)
    trace = Trace()
    alphabeta(WINDOW_TREE, trace=trace)
    values = trace.values()
    parent = WINDOW_NODE[:-1]
    sibling = parent + (0,)
    mistakes = {
        (beta, alpha): "You swapped them: α is MAX's guarantee (the lower end), β is MIN's (the upper end).",
        (alpha, INF): f"MIN's node {path_name(parent)} has already searched {path_name(sibling)} before it "
                      f"reaches {path_name(WINDOW_NODE)}: what MIN found there caps what MAX can get, so β "
                      "is no longer +∞.",
        (-INF, beta): "The root has already searched move 0: what MAX found there is a guarantee, so α is "
                      "no longer −∞.",
        (-INF, INF): "Both players have found something by the time the search reaches this node: look "
                     "at what the root got from move 0 and what MIN's node got from its first move.",
    }
    why = (f"MAX has {value_text(alpha)} from move 0 at the root (α); MIN's node {path_name(parent)} has "
           f"found {value_text(values[sibling])} in {path_name(sibling)} (β).")
    note = (f"Work out the value of MIN's node [0] (α is what the root gets from it), then the value of "
            f"{path_name(sibling)} (β is what MIN's node {path_name(parent)} gets from it).")
    return check_answer(answer, (alpha, beta), mistakes=mistakes, why=why,
                        note="" if _known(answer, mistakes) else note,
                        hint="α comes from the best MAX has found on the path above the node, β from "
                             "the best MIN has found")


def _known(answer: Any, mistakes: dict[Any, str]) -> bool:
    """Return True when `answer` is one of the typical mistakes (so it has its own hint)."""
    return any(same(answer, wrong) for wrong in mistakes)


# --- Your turn: the widely copied example ------------------------------------------------------------

@exercise("predict")
def snippet_prints(answer: Any) -> Verdict:
    """Check what the widely copied example prints: its code puts MAX at the root of SNIPPET_TREE."""
    max_first = alphabeta(SNIPPET_TREE).value
    min_first = alphabeta(TreeGame(SNIPPET_TREE, first="MIN")).value
    return check_answer(answer, max_first, hint="the call passes is_maximizing=True: who moves at the root?",
                        why=(f"The code calls it with MAX at the root, which gives {value_text(max_first)}; "
                             f"{value_text(min_first)} is the value with MIN at the root, the order the "
                             "prose walked through."),
                        mistakes={min_first: "That is what the text claims, not what the code computes: "
                                             "look at who moves first in the call."})


# --- Your turn: the fail-soft return -----------------------------------------------------------------

WINDOWS = ((-INF, INF), (2, 4), (-3, -1), (0, 1), (-2, 5), (4, 8))
"""The windows the fail-soft exercise is tried with, in turn over the trees of lesson_cases()."""

FAIL_SOFT_HINT = ("ask what this node has found when it stops, and which number tells its caller "
                  "the most")


def fail_soft_cases() -> list[tuple[Any, ...]]:
    """Return (tree, alpha, beta) cases: the trees of lesson_cases() (MAX at the root) with the
    WINDOWS in turn."""
    return [(case.tree, *WINDOWS[i % len(WINDOWS)]) for i, case in enumerate(lesson_cases())]


def fail_soft_value(tree: Tree, alpha: float, beta: float) -> float:
    """Return the package's fail-soft alpha-beta value of `tree` (MAX at the root) on (alpha, beta)."""
    return alphabeta(tree, alpha=alpha, beta=beta).value


def draw_windowed(tree: Tree, alpha: float, beta: float) -> Drawing:
    """Return a drawing of `tree` searched by alpha-beta, with each node's window."""
    return draw(tree, "alphabeta", windows=True, edge_labels=True)


@exercise("code")
def fail_soft(student: Any) -> Verdict:
    """Check the student's max_value(tree, alpha, beta) against the package's fail-soft alpha-beta
    on AIMA Fig. 5.2 and 40 random trees with several windows; name a fail-hard return."""
    return check_function(student, fail_soft_value, fail_soft_cases(), hint=FAIL_SOFT_HINT,
                          show=draw_windowed, explain=fail_soft_mistake)


def fail_soft_mistake(outcome: Outcome, tree: Tree, alpha: float, beta: float) -> str:
    """Return what a wrong fail-soft max_value probably did on a case, where it went as `outcome`
    says (what it returned or raised), or '' if not a known mistake."""
    if isinstance(outcome.error, NotImplementedError):
        return "One of the two returns still raises NotImplementedError: fill in both."
    if outcome.problem is not None or outcome.error is not None:  # the verdict says what went wrong
        return ""
    got = outcome.value
    right = fail_soft_value(tree, alpha, beta)
    if same(got, beta) and right > beta:
        return (f"Your function returned β = {value_text(beta)}, clamping the value into the window: that "
                "is fail-hard. Fail-soft returns what this node itself found at the cutoff, which can "
                "say more than β does.")
    if same(got, alpha) and right < alpha:
        return (f"Your function returned α = {value_text(alpha)}, the value clamped up to α: that is "
                "fail-hard too. α is what MAX could already get higher up, not what this node found.")
    if same(got, min(max(right, alpha), beta)):
        return "Your function clamps the value into the window (fail-hard); fail-soft returns v as it is."
    return "Compare your two returns with min_value's: what does each return, and why?"


# --- Your turn: read a bound (narrow windows) -------------------------------------------------------

@exercise("predict")
def fail_low(answer: Any) -> Verdict:
    """A fail-soft search of AIMA Fig. 5.2 with the window (4, 5) returns 3. What is the root's value?
    (a exactly 3, b at most 3, c at least 3)"""
    value = alphabeta(FIG_5_2, alpha=4, beta=5).value
    true = minimax(FIG_5_2).value
    return choice(answer, "b", hint="compare the value returned with α",
                  why=(f"{value_text(value)} ≤ α = 4: the search failed low, so {value_text(value)} is an "
                       f"upper bound. (On AIMA Fig. 5.2, whose value is {value_text(true)}, the bound "
                       "happens to be exact.)"),
                  mistakes={"a": "Is 3 inside the window (4, 5)? Only a value strictly inside it is sure "
                                 "to be exact.",
                            "c": "Which side of the window is 3 on: below α or above β? Each side promises "
                                 "something different."})


# --- Your turn: the worst order ----------------------------------------------------------------------

@exercise("predict")
def worst_first_leaves(answer: Any) -> Verdict:
    """How many leaves of AIMA Fig. 5.2 does alpha-beta evaluate when every node tries its worst
    move first? (a number)"""
    worst = alphabeta(FIG_5_2, order=worst_first).leaves
    best = alphabeta(FIG_5_2, order=best_first).leaves
    given, total = alphabeta(FIG_5_2).leaves, minimax(FIG_5_2).leaves
    return check_answer(answer, worst, hint="with the worst move first, is α ever good enough to cut?",
                        why=(f"Worst first, alpha-beta evaluates {worst} of the {total} leaves; in the "
                             f"given order {given}, best first {best}. Pruning depends on the order."),
                        mistakes={given: "That is the count in the order the tree is given.",
                                  best: "That is the count with the best move first."},
                        note="Reorder each node's children from worst to best for the player who moves "
                             "there, then search left to right: when does a MIN node first meet a leaf "
                             "≤ α?")


# --- Your turn: prune by CS188's rule ----------------------------------------------------------------

@exercise("predict")
def strict_pruned(answer: Any) -> Verdict:
    """Check the leaves of TIE_TREE predicted never examined when alpha-beta cuts only on α > β."""
    strict, ties = pruned_leaves(TIE_TREE, prune_ties=False), pruned_leaves(TIE_TREE)
    return check_answer(answer, strict, hint="search left to right with α at the root, and cut at a MIN "
                                             "node only when its value so far is strictly below α",
                        why=(f"At [1] the first leaf equals α = {value_text(entry_window(TIE_TREE, (1,))[0])}: "
                             f"a tie, so this rule searches on; at [2] the leaf {value_text(TIE_TREE[2][1])} is below "
                             f"α, so it cuts. The rule α ≥ β would skip {answer_text(ties)}."),
                        mistakes={frozenset(ties): "That is what the course's rule, α ≥ β, skips. Look at "
                                                   "node [1]: does a tie cut under this rule?",
                                  frozenset(): "At node [2], compare its second leaf with α: even this "
                                               "rule cuts when the value is strictly below α.",
                                  frozenset(ties - strict): "Node [1] meets only a tie. What about node [2]?"})


# --- Check yourself ---------------------------------------------------------------------------------

@exercise("check-yourself")
def quiz_1(answer: Any) -> Verdict:
    """Must alpha-beta see every leaf before it can prune? (a, b or c)"""
    pruned, full = alphabeta(FIG_5_2).leaves, minimax(FIG_5_2).leaves
    return choice(answer, "c", hint="how does alpha-beta know α and β when it reaches a node?",
                  why=(f"α and β come from the part of the tree already searched, so alpha-beta "
                       f"decides in one depth-first pass: on AIMA Fig. 5.2 it settles the value "
                       f"from {pruned} of the {full} leaves, never looking at the other "
                       f"{full - pruned}."),
                  mistakes={"a": "If it had to look at every leaf first, what would pruning save?",
                            "b": "Look at the package's alphabeta: does anything run before it?"})


@exercise("check-yourself")
def quiz_2(answer: Any) -> Verdict:
    """With a depth limit and an evaluation function, does alpha-beta still return minimax's
    value? (a, b or c)"""
    tree = UniformTree(3, 6, seed=1)

    def guess(state: tuple[int, int]) -> float:
        return state[0] % 100

    same_values = all(minimax(tree, depth=d, evaluate=guess).value
                      == alphabeta(tree, depth=d, evaluate=guess).value for d in range(1, 6))
    saved = (minimax(tree, depth=5, evaluate=guess).leaves, alphabeta(tree, depth=5, evaluate=guess).leaves)
    agreed = "agree" if same_values else "do not agree"
    return choice(answer, "a", hint="pruning only needs numbers at the leaves to compare",
                  why=(f"The horizon's evaluations are leaves like any other: on a uniform tree cut "
                       f"off at depths 1 to 5 the two searches {agreed}, and at depth 5 alpha-beta "
                       f"evaluates {saved[1]} horizon positions where minimax evaluates {saved[0]}."),
                  mistakes={"b": "Read max_value and min_value again: which line would need to know where "
                                 "a leaf's number came from?",
                            "c": "The question compares the two searches with each other, not with the "
                                 "game's true value."})
