"""Checks for lesson 05 (complexity): the Knuth-Moore count, the next point of a measured curve,
an effective branching factor estimated from a node count, and the Check yourself questions.

Every expected answer is measured by the package (`experiments.measure`, `node_counts`) or
computed by its formulas; nothing is typed in. Estimates are right within a stated tolerance.

>>> verdict = knuth_moore_count(...)
Not answered yet: a proof of the value needs one strategy for each player; count the leaves of each
>>> knuth_moore_count(17).correct
Correct: 17. Best-first alpha-beta evaluated 17 leaves of the 81: 3^2 + 3^2 - 1 = 17.
True
"""

from __future__ import annotations

import math
from functools import lru_cache
from statistics import mean
from typing import Any

from ..analysis.experiments import (
    effective_branching_factor,
    full_leaves,
    measure,
    minimal_leaves,
    minimal_nodes,
    node_counts,
    Row,
    pearl_branching,
)
from .core import Verdict, check_answer, choice, exercise, read_number, unanswered, verdict

KNUTH_MOORE = (3, 4)
"""(branching, depth) of "predict the Knuth-Moore count"."""

CURVE = (3, 12)
"""(branching, depth) of "predict the next point": random-order alpha-beta, one ply deeper than the
lesson's curve, the mean over the trees SEEDS."""

SEEDS = range(3)
"""The trees (seeds) the lesson's curves average over."""

GROWTH_TOLERANCE = 0.2
"""How far (relatively) a prediction of the next point may be from the measured mean."""

READING_SLACK = 0.05
"""How far (relatively) a growth factor read off the curve may be outside the last plies' growth."""

B_STAR = (3, 8, 0)
"""(branching, depth, seed) of the random-order search whose b* the student estimates."""

B_STAR_TOLERANCE = 0.01
"""How far an estimate of b* may be from the solution of AIMA's equation."""

MISTAKE_TOLERANCE = 0.005
"""How close a wrong estimate of b* must be to a typical wrong formula's value to be named as it."""


# --- Your turn: the Knuth-Moore count --------------------------------------------------------------

@exercise("predict")
def knuth_moore_count(answer: Any) -> Verdict:
    """Check the predicted leaves best-first alpha-beta evaluates on a uniform tree, b = 3, d = 4."""
    b, d = KNUTH_MOORE
    measured = measure(b, d, "alphabeta", "best")
    up, down = math.ceil(d / 2), d // 2
    mistakes = {
        full_leaves(b, d): f"That is every leaf, b^d = {b}^{d}: what minimax evaluates. Perfect "
                           "ordering proves the value with far fewer.",
        b ** down: f"That is one player's strategy alone, {b}^{down}; the proof needs both players' "
                   "strategies.",
        b ** up + b ** down: "Almost: the two strategies meet at one leaf (the end of the best line), "
                             "which is counted twice.",
        minimal_nodes(b, d): "That counts every node of the minimal tree; the question asks for its "
                             "leaves.",
        b ** (3 * d // 4): "b^(3d/4) is a rule of thumb for random order, not for the best order.",
    }
    why = (f"Best-first alpha-beta evaluated {measured['leaves']} leaves of the {full_leaves(b, d)}: "
           f"{b}^{up} + {b}^{down} - 1 = {minimal_leaves(b, d)}.")
    return check_answer(answer, measured["leaves"], mistakes=mistakes, why=why,
                        hint="a proof of the value needs one strategy for each player; count the "
                             "leaves of each")


# --- Your turn: the next point of a curve -------------------------------------------------------

@lru_cache(maxsize=None)
def random_order_leaves(branching: int, depth: int) -> float:
    """Return the mean leaves random-order alpha-beta evaluates on the trees SEEDS (measured once)."""
    rows = node_counts(branching, [depth], searches=[("alphabeta", "random")], seeds=SEEDS)
    leaves: float = mean(row["leaves"] for row in rows)
    return leaves


@exercise("predict")
def next_point(answer: Any) -> Verdict:
    """Check a prediction of random-order alpha-beta's mean leaves one ply deeper than the lesson's
    curve (b = 3, depth 12), right within GROWTH_TOLERANCE of the measurement."""
    hint = ("read the growth per ply off the last few points of the random-order curve and apply it "
            "once more")
    if answer is Ellipsis:
        return unanswered(hint)
    b, d = CURVE
    guess = read_number(answer)
    if guess is None or guess <= 0:
        return verdict(False, f"Not correct: you said {answer!r}; the answer is a number of leaves.")
    before, expected = random_order_leaves(b, d - 1), random_order_leaves(b, d)
    growth, measured_growth = guess / before, expected / before
    why = (f"The measured mean is {expected:,.0f} leaves, {measured_growth:.2f} times depth "
           f"{d - 1}'s {before:,.0f}.")
    # the method taught: the growth of one of the last plies, applied once more
    recent = [random_order_leaves(b, k) / random_order_leaves(b, k - 1) for k in range(d - 3, d)]
    low, high = min(recent) * (1 - READING_SLACK), max(recent) * (1 + READING_SLACK)
    if low <= growth <= high or abs(guess - expected) <= GROWTH_TOLERANCE * expected:
        return verdict(True, f"Correct: {guess:,.0f} multiplies depth {d - 1}'s count by {growth:.2f}, "
                             f"like the last plies (×{min(recent):.2f} to ×{max(recent):.2f}). {why}")
    known = {b: f"×{b} is b, minimax's growth per ply; random order prunes a good part of each "
                "new ply.",
             math.sqrt(b): f"×√{b} is the best order's growth per ply on average; random order is "
                           "far from perfect."}
    formulas = {pearl_branching(b) ** d: "R^d is Pearl's rate of growth, not a count: the count is "
                                         "R^d times a factor that is far from 1 at these depths.",
                b ** (0.75 * d): "b^(3d/4) is a rule of thumb for the growth, not the count."}
    mistake = next((text for factor, text in known.items() if abs(growth - factor) < 0.05), None)
    mistake = mistake or next((text for value, text in formulas.items()
                               if abs(guess - value) <= 0.02 * value), None)
    side = "high" if guess > expected else "low"
    return verdict(False, f"Not correct: {guess:,.0f} is too {side}: it multiplies depth {d - 1}'s "
                          f"count by {growth:.2f}. " + (mistake or "Look at the ratio of the last "
                                                                   "few points to their neighbours."))


# --- Your turn: estimate b* ----------------------------------------------------------------------

def b_star_search() -> Row:
    """Return the measured row of the search whose effective branching factor is estimated."""
    b, d, seed = B_STAR
    return measure(b, d, "alphabeta", "random", seed=seed)


@exercise("predict")
def b_star(answer: Any) -> Verdict:
    """Check an estimate of the effective branching factor b* of random-order alpha-beta on the tree
    B_STAR, right within B_STAR_TOLERANCE of the solution of N + 1 = 1 + b* + ... + (b*)^d."""
    hint = "try a value of b*, add up 1 + b* + ... + (b*)^d, and raise or lower it until you hit N + 1"
    if answer is Ellipsis:
        return unanswered(hint)
    row = b_star_search()
    nodes, depth = row["nodes"], row["depth"]
    expected = effective_branching_factor(nodes, depth)
    guess = read_number(answer)
    if guess is None or guess <= 0:
        return verdict(False, f"Not correct: you said {answer!r}; b* is a positive number.")
    total = sum(guess ** k for k in range(depth + 1))
    if abs(guess - expected) <= B_STAR_TOLERANCE:
        return verdict(True, f"Correct: {guess}. 1 + b* + ... + (b*)^{depth} = {total:,.0f} for your "
                             f"b*, against N + 1 = {nodes:,}; b* = {expected:.3f}.")
    near = [(row["leaves"] ** (1 / depth), "leaves^(1/d)",
             "close, but that is a tree with as many leaves, and b* counts every node"),
            (nodes ** (1 / depth), "(N + 1)^(1/d)", "that treats every node as a leaf"),
            (effective_branching_factor(nodes, depth - 1), "b* for depth d - 1",
             "the sum runs to (b*)^d")]
    mistake = next((f"If you computed {name} ({value:.3f}): {why}." for value, name, why in near
                    if abs(guess - value) <= MISTAKE_TOLERANCE), "")
    side = "large" if total > nodes else "small"
    return verdict(False, f"Not correct: for b* = {guess}, 1 + b* + ... + (b*)^{depth} = {total:,.1f}, "
                          f"too {side} for N + 1 = {nodes:,}. {mistake}".rstrip())


# --- Check yourself ------------------------------------------------------------------------------

@exercise("check-yourself")
def quiz_1(answer: Any) -> Verdict:
    """Why can no search prove a tree's value with fewer leaves than the minimal tree's?"""
    b, d = KNUTH_MOORE
    return choice(answer, "b", hint="what must a proof of the value show about each player?",
                  why=f"A proof shows both strategies, MAX's ({b}^{d // 2} leaves here) and MIN's "
                      f"({b}^{math.ceil(d / 2)}), and they share one leaf: {minimal_leaves(b, d)}.",
                  mistakes={"a": "Other algorithms exist (MTD(f), lesson 4), and none can beat the minimal "
                                 "tree either: the bound is about proofs, not about alpha-beta.",
                            "c": "Random order is not the best case: its count grows like R^d, much "
                                 "faster than the minimal tree."})


def pearl_statements() -> dict[str, bool]:
    """Return the truth of quiz 2's statements (a: b^(3/4) > R for b = 35 and 1000; b: for 35 only;
    c: for neither), computed."""
    above = {b: b ** 0.75 > pearl_branching(b) for b in (35, 1000)}
    return {"a": all(above.values()), "b": above[35] and not above[1000],
            "c": not any(above.values())}


@exercise("check-yourself")
def quiz_2(answer: Any) -> Verdict:
    """Which is true of Pearl's R and the rule of thumb b^(3/4), for b = 35 and b = 1000?"""
    truth = pearl_statements()
    right = [letter for letter, true in truth.items() if true]
    if len(right) != 1:
        raise RuntimeError(f"quiz 2 should have one true statement, found {right}")

    def compare(b: int) -> str:
        r, rule = pearl_branching(b), b ** 0.75
        return f"for b = {b}, R = {r:.1f} is {'below' if r < rule else 'above'} b^(3/4) = {rule:.1f}"

    mistakes = {"a": f"Not for large b: {compare(1000)}.", "c": f"Not for small b: {compare(35)}."}
    return choice(answer, right[0], hint="compute both for b = 35 and b = 1000",
                  why=f"{compare(35)[0].upper()}{compare(35)[1:]}, but {compare(1000)}: R grows like b / ln b, "
                      "faster than b^(3/4).", mistakes=mistakes)


@exercise("check-yourself")
def quiz_3(answer: Any) -> Verdict:
    """As the depth grows, what does best-first alpha-beta's effective branching factor approach?"""
    b = 3
    deep = {d: effective_branching_factor(minimal_nodes(b, d), d) for d in (12, 40)}
    return choice(answer, "b", hint="how does the minimal tree's size grow with d?",
                  why=f"The minimal tree has about 2·b^(d/2) leaves, so b* tends to √b: for b = {b}, "
                      f"b* = {deep[12]:.3f} at depth 12 and {deep[40]:.3f} at depth 40, towards "
                      f"√{b} = {math.sqrt(b):.3f}.",
                  mistakes={"a": "b is minimax's b*: alpha-beta with the best order prunes all but "
                                 "about 2·b^(d/2) leaves.",
                            "c": "b^(3/4) is a rule of thumb for random order, not the best order."})
