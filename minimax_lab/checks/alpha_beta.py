"""Checks for lesson 03 (alpha-beta): its Your turn exercises and Check yourself questions.

Every expected answer is computed by the package's `alphabeta` and `minimax` (their results and
traces); the trees below are the exercises' data. Unanswered (`...`, or a function that still
raises NotImplementedError), a check prints "Not answered yet" with a hint.

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
from .core import FIG_5_2, Verdict, check_answer, check_function, choice, exercise, lesson_cases, same
from .guard import Outcome

WINDOW_TREE: Tree = [[[5, 8], [6, 4]], [[7, 3], [9, 2]]]
"""The tree of "predict α and β" (MAX at the root, then MIN, then MAX, then the leaves)."""

WINDOW_NODE = (1, 1)
"""The node whose entry window the student predicts."""

SNIPPET_TREE: Tree = [[[3, 5], [2, 9]], [[1, 7], [4, 6]]]
"""The tree of the widely copied alpha-beta example ("spot the error")."""

CHANGED_LEAF = 1
"""What question 1 changes AIMA Fig. 5.2's last pruned leaf (the 6) to."""

CHANGED_FIG_5_2: Tree = [[3, 12, 8], [2, 4, CHANGED_LEAF], [14, 5, 2]]
"""AIMA Fig. 5.2 with its last pruned leaf changed from 6 to 1 (Check yourself, question 1)."""


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
        (alpha, INF): f"MIN's node {path_name(parent)} has already found {value_text(values[sibling])} in "
                      f"{path_name(sibling)}: MIN can hold MAX to that, so β comes down to it.",
        (-INF, beta): f"The root has already found {value_text(values[(0,)])} by move 0: MAX can count on "
                      "that, so α goes up to it.",
        (-INF, INF): "Both players have found something by the time the search reaches this node: look "
                     "at what the root got from move 0 and what MIN's node got from its first move.",
    }
    why = (f"MAX has {value_text(alpha)} from move 0 at the root (α); MIN's node {path_name(parent)} has "
           f"found {value_text(beta)} in {path_name(sibling)} (β).")
    return check_answer(answer, (alpha, beta), mistakes=mistakes,
                        why=why if same(answer, (alpha, beta)) else "",
                        hint="α comes from the best MAX has found on the path above the node, β from "
                             "the best MIN has found",
                        show=lambda: draw(WINDOW_TREE, "alphabeta", windows=True, edge_labels=True))


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
                f"is fail-hard. Fail-soft returns v, here {value_text(right)}, which says more: the "
                f"value is at least {value_text(right)}.")
    if same(got, alpha) and right < alpha:
        return (f"Your function returned α = {value_text(alpha)}, the value clamped up to α: that is "
                f"fail-hard too. α is what MAX could already get higher up; fail-soft returns v, the best "
                f"this node found, here {value_text(right)}.")
    if same(got, min(max(right, alpha), beta)):
        return "Your function clamps the value into the window (fail-hard); fail-soft returns v as it is."
    return ""


# --- Check yourself ---------------------------------------------------------------------------------

@exercise("check-yourself")
def quiz_1(answer: Any) -> Verdict:
    """Does alpha-beta give every node its minimax value? (a, b or c)"""
    exact, pruned = Trace(), Trace()
    minimax(CHANGED_FIG_5_2, trace=exact)
    alphabeta(CHANGED_FIG_5_2, trace=pruned)
    true, found = exact.values()[(1,)], pruned.values()[(1,)]
    return choice(answer, "b", hint="think of a node where the search stopped early",
                        why=(f"Change AIMA Fig. 5.2's 6 to {CHANGED_LEAF}: node [1] is "
                             f"worth {value_text(true)}, but alpha-beta stops after its first leaf and "
                             f"returns {value_text(found)}, meaning {value_text(found)} or less; the root "
                             f"is worth {value_text(alphabeta(CHANGED_FIG_5_2).value)} either way."),
                        mistakes={"a": "Where the search stopped early a node gets only a bound (the ≤2 "
                                       "of the drawing), which is all its parent needs.",
                                  "c": "The root's value is always minimax's: only the inner nodes that "
                                       "were cut short get bounds."})


@exercise("check-yourself")
def quiz_2(answer: Any) -> Verdict:
    """Must alpha-beta see every leaf before it can prune? (a, b or c)"""
    pruned, full = alphabeta(FIG_5_2).leaves, minimax(FIG_5_2).leaves
    return choice(answer, "c", hint="how does alpha-beta know α and β when it reaches a node?",
                        why=(f"α and β come from the part of the tree already searched, so alpha-beta "
                             f"decides in one depth-first pass: on AIMA Fig. 5.2 it settles the value "
                             f"from {pruned} of the {full} leaves, never looking at the other "
                             f"{full - pruned}."),
                        mistakes={"a": "If it had to look at every leaf first, pruning would save nothing.",
                                  "b": "Alpha-beta runs once; no minimax pass comes before it."})


@exercise("check-yourself")
def quiz_3(answer: Any) -> Verdict:
    """How many leaves of AIMA Fig. 5.2 does alpha-beta evaluate when every node tries its worst
    move first? (a number)"""
    worst = alphabeta(FIG_5_2, order=worst_first).leaves
    best = alphabeta(FIG_5_2, order=best_first).leaves
    given, total = alphabeta(FIG_5_2).leaves, minimax(FIG_5_2).leaves
    return check_answer(answer, worst, hint="with the worst move first, is α ever good enough to cut?",
                        why=(f"Worst first, alpha-beta evaluates {worst} of the {total} leaves; in the "
                             f"given order {given}, best first {best}. Pruning depends on the order."),
                        mistakes={given: "That is the count in the order the tree is given.",
                                  best: "That is the count with the best move first."})


@exercise("check-yourself")
def quiz_4(answer: Any) -> Verdict:
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
                        mistakes={"b": "Alpha-beta never asks whether a leaf's number is a true utility "
                                       "or a guess; it only compares numbers.",
                                  "c": "The evaluation may be a poor guess: alpha-beta then returns the "
                                       "same poor guess as minimax, only faster."})


@exercise("check-yourself")
def quiz_5(answer: Any) -> Verdict:
    """A fail-soft search of a node with the window (4, 5) returns 3. What is the node's value?
    (a, b or c)"""
    value = alphabeta(FIG_5_2, alpha=4, beta=5).value
    true = minimax(FIG_5_2).value
    return choice(answer, "b", hint="compare the value returned with α",
                        why=(f"{value_text(value)} ≤ α = 4: the search failed low, so {value_text(value)} "
                             f"is an upper bound. (On AIMA Fig. 5.2, whose value is {value_text(true)}, "
                             "the bound happens to be exact.)"),
                        mistakes={"a": "A value at or below α is only a bound: the search stopped as soon "
                                       "as it knew the node was no better than α.",
                                  "c": "It failed low, not high: below α the value is at most what was "
                                       "returned."})
