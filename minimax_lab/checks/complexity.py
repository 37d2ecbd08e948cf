"""Checks for lesson 06 (complexity): the Knuth-Moore count, the nodes of the minimal tree from its
node types (a function the student writes), the next point of a measured curve, Pearl's R to one
decimal, an effective branching factor estimated from a node count, the depth a node budget buys,
and the Check yourself questions.

Every expected answer is measured by the package (`experiments.measure`, `node_counts`,
`depth_within_budget`) or computed by its formulas; nothing is typed in. A node count counts every
node visited, the root included (SearchResult.nodes). Estimates are right within a stated tolerance;
a number asked to so many decimals is right when it rounds to the answer there (within_decimals).
A first wrong answer gets a hint; the answer comes on the second wrong try (checks.core.Exercise).

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
from typing import Optional

from ..analysis.experiments import (
    depth_within_budget,
    effective_branching_factor,
    full_leaves,
    measure,
    minimal_leaves,
    minimal_nodes,
    node_counts,
    Row,
    pearl_branching,
    pearl_root,
)
from ..core.text import shown
from ..core.trees import uniform_nodes
from ..running.guard import Outcome
from .core import (LESSON_PRELUDE, Verdict, check_answer, check_function, choice, exercise, read_number, same,
                   unanswered, verdict)

KNUTH_MOORE = (3, 4)
"""(branching, depth) of "predict the Knuth-Moore count"."""

BEST_ORDER_CASES = tuple(sorted(((b, d) for b in range(2, 7) for d in range(0, 9) if b ** d <= 50_000),
                                key=lambda case: (case[0] ** case[1], case)))
"""(branching, depth) pairs best_order_nodes is tried on, smallest tree first: every uniform tree
with b from 2 to 6, d from 0 to 8 and at most 50,000 leaves."""

CURVE = (3, 12)
"""(branching, depth) of "predict the next point": random-order alpha-beta, one ply deeper than the
lesson's curve, the mean over the trees SEEDS."""

SEEDS = range(3)
"""The trees (seeds) the lesson's curves average over."""

GROWTH_TOLERANCE = 0.2
"""How far (relatively) a prediction of the next point may be from the measured mean."""

READING_SLACK = 0.05
"""How far (relatively) a growth factor read off the curve may be outside the last plies' growth."""

PEARL_B = 4
"""The branching factor whose Pearl's R the student computes."""

PEARL_DECIMALS = 1
"""The decimals the lesson asks Pearl's R to: any answer that is R to that many decimals or more is
right (2.6 and 2.63 for R = 2.630)."""

B_STAR = (3, 8, 0)
"""(branching, depth, seed) of the random-order search whose b* the student estimates."""

B_STAR_TOLERANCE = 0.01
"""How far an estimate of b* may be from the solution of AIMA's equation."""

MISTAKE_TOLERANCE = 0.005
"""How close a wrong estimate of b* must be to a typical wrong formula's value to be named as it."""

BUDGET = (3, 3000)
"""(branching, budget in nodes) of "how deep does the best order get"."""

def positive_number(answer: object, what: str, hint: str) -> float | Verdict:
    """Return the number `answer` stands for; or (printed) the verdict "not answered yet: `hint`"
    when it is `...`, or one asking for `what` when it is not a positive number."""
    if answer is Ellipsis:
        return unanswered(hint)
    number = read_number(answer)
    if number is None or number <= 0:
        return verdict(False, f"Not correct: you said {shown(answer)}; answer with {what}.")
    try:
        number_read = float(number)
    except OverflowError:
        number_read = math.inf
    if math.isinf(number_read):
        return verdict(False, f"Not correct: you said a number too large for a float; answer with {what}.")
    return number if isinstance(number, int) else number_read


# --- Your turn: the Knuth-Moore count --------------------------------------------------------------

@exercise("predict")
def knuth_moore_count(answer: object) -> Verdict:
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
                             "which you counted twice.",
        minimal_nodes(b, d): "That counts every node of the minimal tree; the question asks for its "
                             "leaves.",
        b ** (3 * d // 4): "b^(3d/4) is a rule of thumb for random order, not for the best order.",
    }
    why = (f"Best-first alpha-beta evaluated {measured['leaves']} leaves of the {full_leaves(b, d)}: "
           f"{b}^{up} + {b}^{down} - 1 = {minimal_leaves(b, d)}.")
    return check_answer(answer, measured["leaves"], mistakes=mistakes, why=why,
                        hint="a proof of the value needs one strategy for each player; count the "
                             "leaves of each")


# --- Your turn: the nodes of the minimal tree (code) -------------------------------------------------

def best_order_measured(branching: int, depth: int) -> int:
    """Return the nodes alpha-beta visits, root included, on experiment_tree(branching, depth) in the
    best order, measured at every call (a cache would answer a student's function that calls this
    without the guard seeing `measure` called)."""
    nodes: int = measure(branching, depth, "alphabeta", "best")["nodes"]
    return nodes


BEST_ORDER_HINT = ("a node with 0 plies under it is 1 node; any other is itself plus its children's counts, "
                   "one ply shallower, each child of the type its parent's type gives it")

NODE_TYPES = {"PV": ("PV", "CUT", "CUT"), "CUT": ("ALL",), "ALL": ("CUT", "CUT", "CUT")}
"""The minimal tree's node types (Knuth and Moore; in engines PV, CUT and ALL nodes), as the types of
a node's children for b = 3: first child, then the rest (the last type repeats up to b children);
a CUT node has one child."""

NODE_TYPE_MISTAKES: tuple[tuple[dict[str, tuple[str, ...]], str], ...] = (
    ({"CUT": ("ALL", "ALL")}, "A CUT node needs one refutation only: alpha-beta stops after its first "
                              "child."),
    ({"PV": ("PV", "ALL")}, "A PV node's other children are CUT nodes: each is refuted by one reply, "
                            "not searched in full."),
    ({"ALL": ("ALL", "ALL")}, "An ALL node's children are CUT nodes: after each move tried, one "
                              "refutation is enough."),
    ({"CUT": ("CUT",)}, "The refutation below a CUT node is an ALL node, whose every child is "
                        "searched."),
)
"""Typical mistakes in the node types: the types changed, and what the change misses."""


def typed_nodes(branching: int, depth: int, changes: Optional[dict[str, tuple[str, ...]]] = None) -> int:
    """Return the nodes below a PV node with `depth` plies under it, the node included, when each
    node's children have the types NODE_TYPES (with `changes`) gives them: the minimal tree's nodes,
    or a typical mistake's count."""
    types = {**NODE_TYPES, **(changes or {})}

    @lru_cache(maxsize=None)
    def nodes(kind: str, plies: int) -> int:
        if plies == 0:
            return 1
        first, *rest = types[kind]
        children = [first] + ([rest[-1]] * (branching - 1) if rest else [])
        return 1 + sum(nodes(child, plies - 1) for child in children)

    return nodes("PV", depth)


@exercise("code", prelude=LESSON_PRELUDE)
def best_order_nodes(student: object) -> Verdict:
    """Check the student's best_order_nodes(branching, depth) against the nodes alpha-beta visits in
    the best order (measured) on every tree of BEST_ORDER_CASES; name the mistake on the smallest."""
    return check_function(student, best_order_measured, BEST_ORDER_CASES, hint=BEST_ORDER_HINT,
                          explain=best_order_mistake)


def best_order_mistake(outcome: Outcome, branching: int, depth: int) -> str:
    """Return what a wrong best_order_nodes probably did on (branching, depth), where it went as
    `outcome` says (every known mistake that gives its result), or '' when it is not a known mistake."""
    if outcome.problem is not None or outcome.error is not None:
        return ""
    b, d, got = branching, depth, outcome.value
    right = best_order_measured(b, d)
    per_ply = [minimal_leaves(b, k) for k in range(d + 1)]
    known = [
        (minimal_leaves(b, d), "That is the leaves alone: the nodes at every ply above them are "
                               "visited too."),
        (uniform_nodes(b, d), "That is every node of the tree, what minimax visits: the best order "
                              "skips most of them."),
        (right - 1, "One short: the count includes the root (ply 0)."),
        (sum(per_ply[:-1]), "The last ply is missing: the plies run from 0 to d, leaves included."),
        (sum(2 * b ** (k / 2) - 1 for k in range(d + 1)),
         "At an odd ply the two strategies are not equally deep: one has b^⌈k/2⌉ leaves, the "
         "other b^⌊k/2⌋."),
        *((typed_nodes(b, d, changes), text) for changes, text in NODE_TYPE_MISTAKES),
    ]
    # on a small tree several mistakes can give the same number: name each of them
    return " Or: ".join(text for wrong, text in known if same(got, wrong) and not same(wrong, right))


# --- Your turn: the next point of a curve -------------------------------------------------------

@lru_cache(maxsize=None)
def random_order_leaves(branching: int, depth: int) -> float:
    """Return the mean leaves random-order alpha-beta evaluates on the trees SEEDS (measured once)."""
    rows = node_counts(branching, [depth], searches=[("alphabeta", "random")], seeds=SEEDS)
    leaves: float = mean(row["leaves"] for row in rows)
    return leaves


CURVE_DEPTHS = range(CURVE[1] - 4, CURVE[1] + 1)
"""The depths next_point reads: the one asked for, the one before it and the three growths before that."""


def measure_curve() -> dict[int, float]:
    """Return random_order_leaves for CURVE's branching at each depth of CURVE_DEPTHS: the points of
    the curve next_point reads."""
    branching, _ = CURVE
    return {depth: random_order_leaves(branching, depth) for depth in CURVE_DEPTHS}


CURVE_LEAVES: dict[int, float] = {8: 1057.3333333333333, 9: 2355.3333333333335, 10: 6284.666666666667,
                                  11: 16311, 12: 36538}
"""What measure_curve returns, stored: measuring takes seconds on 531,441-leaf trees, and the check only
reads it, so a prediction gets its verdict at once (tests/checks/test_checks_complexity.py measures
again and compares)."""


@exercise("predict")
def next_point(answer: object) -> Verdict:
    """Check a prediction of random-order alpha-beta's mean leaves one ply deeper than the lesson's
    curve (b = 3, depth 12): right when it applies a growth read off the last plies (within
    READING_SLACK), or when it lies within GROWTH_TOLERANCE of the measurement."""
    hint = ("read the growth per ply off the last few points of the random-order curve and apply it "
            "once more")
    guess = positive_number(answer, "a number of leaves", hint)
    if isinstance(guess, Verdict):
        return guess
    b, d = CURVE
    before, expected = CURVE_LEAVES[d - 1], CURVE_LEAVES[d]
    growth, measured_growth = guess / before, expected / before
    why = (f"The measured mean is {expected:,.0f} leaves, {measured_growth:.2f} times depth "
           f"{d - 1}'s {before:,.0f}.")
    # the method taught: the growth of one of the last plies, applied once more
    recent = [CURVE_LEAVES[k] / CURVE_LEAVES[k - 1] for k in range(d - 3, d)]
    low, high = min(recent) * (1 - READING_SLACK), max(recent) * (1 + READING_SLACK)
    plies = f"×{min(recent):.2f} to ×{max(recent):.2f}"
    if low <= growth <= high:
        return verdict(True, f"Correct: {guess:,.0f} multiplies depth {d - 1}'s count by {growth:.2f}, "
                             f"like the last plies ({plies}). {why}")
    if abs(guess - expected) <= GROWTH_TOLERANCE * expected:
        side = "less" if growth < low else "more"
        return verdict(True, f"Correct: {guess:,.0f} is within {GROWTH_TOLERANCE:.0%} of the measurement, "
                             f"though it grows {side} (×{growth:.2f}) than the last plies did ({plies}). "
                             f"{why}")
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
                                                                   "few points to their neighbours."),
                   answer=f"The answer is about {expected:,.0f}. {why}")


# --- Your turn: Pearl's R ---------------------------------------------------------------------------

def within_decimals(guess: float, expected: float, decimals: int) -> bool:
    """Return whether `guess` is `expected` to `decimals` decimals or more: within half a unit of the
    last decimal asked (2.6 and 2.63 are 2.630 to one decimal; 2.7 is not).

    >>> within_decimals(2.6, 2.6297, 1), within_decimals(2.63, 2.6297, 1), within_decimals(2.7, 2.6297, 1)
    (True, True, False)
    """
    return abs(guess - expected) <= 0.5 * 10.0 ** -decimals + 1e-12


@exercise("predict")
def pearl_r(answer: object) -> Verdict:
    """Check a computed Pearl's R for b = PEARL_B, right to PEARL_DECIMALS decimals (within_decimals)."""
    b = PEARL_B
    hint = (f"find ξ between 0 and 1 with ξ^{b} + ξ − 1 = 0 (try values and narrow them down; three "
            "decimals of ξ give R to one), then compute ξ / (1 − ξ)")
    guess = positive_number(answer, "a positive number, R", hint)
    if isinstance(guess, Verdict):
        return guess
    xi, r = pearl_root(b), pearl_branching(b)
    why = (f"ξ_{b} = {xi:.4f} solves x^{b} + x − 1 = 0, and R = ξ / (1 − ξ) = {r:.3f}, below "
           f"b^(3/4) = {b ** 0.75:.3f}.")
    if within_decimals(guess, r, PEARL_DECIMALS):
        return verdict(True, f"Correct: {guess}, R to {PEARL_DECIMALS} decimal{'s' * (PEARL_DECIMALS > 1)}. {why}")
    near = [(xi, "That is ξ itself, the root; R is ξ / (1 − ξ)."),
            ((1 - xi) / xi, "That is (1 − ξ) / ξ, upside down."),
            (b ** 0.75, "That is the rule of thumb b^(3/4), not Pearl's R."),
            (b / math.log(b), "b / ln b says how R grows for large b; it is not R's value.")]
    mistake = next((text for value, text in near if within_decimals(guess, value, PEARL_DECIMALS)), "")
    if not mistake:
        try:
            x = guess / (1 + guess)  # the ξ that gives this R
            mistake = f"For R = {guess}, ξ = R / (1 + R) = {x:.4f} and ξ^{b} + ξ − 1 = {x ** b + x - 1:+.4f}, not 0."
        except OverflowError:
            mistake = ""
    return verdict(False, f"Not correct: you said {guess}. {mistake}".rstrip(),
                   answer=f"The answer is {r:.3f}. {why}")


# --- Your turn: estimate b* ----------------------------------------------------------------------

def b_star_search() -> Row:
    """Return the measured row of the search whose effective branching factor is estimated."""
    b, d, seed = B_STAR
    return measure(b, d, "alphabeta", "random", seed=seed)


@exercise("predict")
def b_star(answer: object) -> Verdict:
    """Check an estimate of the effective branching factor b* of random-order alpha-beta on the tree
    B_STAR, right within B_STAR_TOLERANCE of the solution of N + 1 = 1 + b* + ... + (b*)^d."""
    hint = "try a value of b*, add up 1 + b* + ... + (b*)^d, and raise or lower it until you hit N + 1"
    guess = positive_number(answer, "a positive number, b*", hint)
    if isinstance(guess, Verdict):
        return guess
    row = b_star_search()
    nodes, depth = row["nodes"], row["depth"]
    expected = effective_branching_factor(nodes, depth)
    why = f"1 + b* + ... + (b*)^{depth} = N + 1 = {nodes:,} for b* = {expected:.3f}."
    try:
        total = sum(guess ** k for k in range(depth + 1))
    except OverflowError:
        total = math.inf
    if abs(guess - expected) <= B_STAR_TOLERANCE:
        return verdict(True, f"Correct: {guess}. 1 + b* + ... + (b*)^{depth} = {total:,.0f} for your "
                             f"b*, against N + 1 = {nodes:,}; b* = {expected:.3f}.")
    near = [(row["leaves"] ** (1 / depth), "leaves^(1/d)",
             "that is a tree with as many leaves, and b* counts every node"),
            (nodes ** (1 / depth), "(N + 1)^(1/d)", "that treats every node as a leaf"),
            (effective_branching_factor(nodes, depth - 1), "b* for depth d - 1",
             "the sum runs to (b*)^d")]
    mistake = next((f"If you computed {name}: {why_not}." for value, name, why_not in near
                    if abs(guess - value) <= MISTAKE_TOLERANCE), "")
    side = "large" if total > nodes else "small"
    return verdict(False, f"Not correct: for b* = {guess}, 1 + b* + ... + (b*)^{depth} = {total:,.1f}, "
                          f"too {side} for N + 1 = {nodes:,}. {mistake}".rstrip(),
                   answer=f"The answer is b* = {expected:.3f}: {why}")


# --- Your turn: the depth a budget buys -------------------------------------------------------------

@lru_cache(maxsize=None)
def budget_depths() -> dict[str, int]:
    """Return the deepest depth minimax and best-first alpha-beta finish within BUDGET (measured)."""
    b, budget = BUDGET
    rows = depth_within_budget(b, budget, searches=[("minimax", "given"), ("alphabeta", "best")])
    return {row["algorithm"]: row["depth"] for row in rows}


@exercise("predict")
def budget_depth(answer: object) -> Verdict:
    """Check the predicted deepest uniform tree (b = 3) that best-first alpha-beta finishes within
    3,000 nodes."""
    b, budget = BUDGET
    hint = "add up the minimal tree's nodes depth by depth until they pass the budget"
    if answer is Ellipsis:
        return unanswered(hint)
    depths = budget_depths()
    expected = depths["alphabeta"]
    why = (f"At depth {expected} the best order visits {minimal_nodes(b, expected):,} nodes, at depth "
           f"{expected + 1} {minimal_nodes(b, expected + 1):,}: about twice minimax's "
           f"{depths['minimax']} plies, a ply short of it on so small a budget.")
    guess = read_number(answer)
    if guess is not None and not (isinstance(guess, int) and 0 <= guess <= 60):
        guess = None
    note = ""
    if guess is not None and guess != expected:
        nodes = minimal_nodes(b, guess)
        note = (f"At depth {guess} the best order visits {nodes:,} nodes, more than {budget:,}."
                if nodes > budget else
                f"At depth {guess} the best order visits only {nodes:,} nodes: a deeper tree still fits.")
    mistakes = {depths["minimax"]: "That is minimax's depth: the best order prunes, so the same nodes "
                                   "go deeper."}
    return check_answer(answer, expected, hint=hint, why=why, mistakes=mistakes, note=note)


# --- Check yourself ------------------------------------------------------------------------------

@exercise("check-yourself")
def quiz_1(answer: object) -> Verdict:
    """Why can no search prove a tree's value with fewer leaves than the minimal tree's?"""
    b, d = KNUTH_MOORE
    return choice(answer, "b", hint="what must a proof of the value show about each player?",
                  why=f"A proof shows both strategies, MAX's ({b}^{d // 2} leaves here) and MIN's "
                      f"({b}^{math.ceil(d / 2)}), and they share one leaf: {minimal_leaves(b, d)}.",
                  mistakes={"a": "Other searches exist (MTD(f), lesson 5), and none evaluates fewer "
                                 "leaves than the minimal tree either. What does any proof need?",
                            "c": "Look at the log-scale curves: where does random order lie between minimax "
                                 "and the best order?"})


@exercise("check-yourself")
def quiz_2(answer: object) -> Verdict:
    """As the depth grows, what does best-first alpha-beta's effective branching factor approach?"""
    b = 3
    deep = {d: effective_branching_factor(minimal_nodes(b, d), d) for d in (12, 40)}
    return choice(answer, "b", hint="how does the minimal tree's size grow with d?",
                  why=f"The minimal tree has about 2·b^(d/2) leaves, so b* tends to √b: for b = {b}, "
                      f"b* = {deep[12]:.3f} at depth 12 and {deep[40]:.3f} at depth 40, towards "
                      f"√{b} = {math.sqrt(b):.3f}.",
                  mistakes={"a": "b is minimax's b*, the tree's own branching factor. By how much does "
                                 "the minimal tree grow from one depth to the next, on average?",
                            "c": "b^(3/4) is a rule of thumb for random order, not the best order."})
