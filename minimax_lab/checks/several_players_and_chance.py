"""Checks for lesson 09 (several players and chance): its Your turn exercises and Check yourself
questions.

Every expected answer is computed by the package (expectiminimax on `model_opponent`, `maxn`,
`deviations`, minimax on a `TurnTree`, `expectiminimax`); the trees and numbers below are the
exercises' data. Unanswered (`...`, or a function that still raises NotImplementedError), a check
prints "Not answered yet" with a hint. A first wrong answer gets a hint; the answer comes with the
second wrong try, or with check.<name>.answer().

>>> verdict = en_prise_value(...)
Not answered yet: a modelled MIN node is a chance node: weigh each reply by its probability
>>> root_vector(maxn(VECTOR_TREE).value).correct
Correct: (4, 4, 4). C picks (3, 1, 5), (4, 4, 4), (1, 2, 7) and (7, 1, 3); B picks ...
True
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any, Callable, Optional

from ..core.text import path_name, value_text
from ..core.trace import Trace
from ..core.trees import Path
from ..games.protocol import TreeGame
from ..games.turns import TurnTree
from ..search.beyond import (
    Chance,
    ChanceTree,
    Vector,
    VectorTree,
    deviations,
    expectiminimax,
    maxn,
    model_opponent,
    strategy_values,
    uniform,
)
from ..search.textbook import minimax
from .core import CASE_SEED, Verdict, check_answer, check_function, choice, exercise, same
from .guard import Outcome

QUEEN: list[list[int]] = [[1, 0], [-9, 12]]
"""The queen's position: guard it (MIN then plays on, +1, or trades, 0) or leave it en prise
(MIN takes it, -9, or ignores it and MAX's attack wins, +12)."""

CAPTURE = Fraction(1, 4)
"""How often the opponent of "what is the gamble worth?" takes a queen left en prise."""

VECTOR_TREE: VectorTree = [[[(3, 1, 5), (6, 2, 1)], [(2, 6, 2), (4, 4, 4)]],
                     [[(5, 3, 2), (1, 2, 7)], [(7, 1, 3), (2, 5, 1)]]]
"""The three-player tree of "predict the max^n vector": A at the root, then B, then C."""

CENTIPEDE: VectorTree = [(1, 0), [(0, 2), [(3, 1), [(2, 4), (5, 3)]]]]
"""The centipede game: at each node the mover takes (child 0, the game ends) or passes (child 1)."""

PASS_EVERYWHERE = {(): 1, (1,): 1, (1, 1): 1, (1, 1, 1): 1}
"""The strategy profile of "who would deviate?": both players pass at every node."""

CHANCE_TREE: list[ChanceTree] = [Chance([(Fraction(1, 2), [6, 2]), (Fraction(1, 2), 5)]),
                     Chance([(Fraction(1, 3), 10), (Fraction(2, 3), [1, 5])])]
"""The tree of "predict the expectiminimax value": MAX picks a gamble; a chance node; then MIN."""

GHOSTS = ("MAX", "ghost 1", "ghost 2")
"""Who moves in "predict the value with two ghosts": Pac-Man (MAX), then each ghost in turn."""

GHOST_TREE: list[list[list[int]]] = [[[7, 2], [9, 4]], [[6, 8], [5, 3]], [[1, 9], [8, 7]]]
"""The tree of "predict the value with two ghosts": MAX at the root, then ghost 1, then ghost 2."""


# --- Your turn: what is the gamble worth? ---------------------------------------------------------

def takes_sometimes(path: Path, children: list[Any]) -> list[Fraction]:
    """Return the model of "what is the gamble worth?": at the queen left en prise ([1]) the opponent
    takes it with probability CAPTURE; elsewhere it picks at random."""
    return [CAPTURE, 1 - CAPTURE] if path == (1,) else uniform(path, children)


def plan_values(probability: Fraction) -> list[Optional[float]]:
    """Return MAX's expected value of each plan in QUEEN when the opponent takes a queen left en
    prise with `probability` (and picks at random elsewhere)."""
    def model(path: Path, children: list[Any]) -> list[Fraction]:
        return [probability, 1 - probability] if path == (1,) else uniform(path, children)
    trace = Trace()
    expectiminimax(model_opponent(QUEEN, model), trace=trace)
    return [trace.values()[(i,)] for i in range(len(QUEEN))]


@exercise("predict")
def en_prise_value(answer: Any) -> Verdict:
    """Check MAX's expected value of leaving the queen en prise against an opponent who takes it
    with probability CAPTURE."""
    guard, gamble = plan_values(CAPTURE)
    _, never = plan_values(Fraction(0))
    _, always = plan_values(Fraction(1))
    _, swapped = plan_values(1 - CAPTURE)
    mistakes = {
        never: "That is the value against an opponent who never takes the queen.",
        always: "That is the value against one who always takes it, a perfect opponent.",
        plan_values(Fraction(1, 2))[1]: "That is the value against one who takes it half the time.",
        swapped: f"You swapped the probabilities: the queen is taken with probability {CAPTURE}.",
        minimax(QUEEN).value: "That is minimax's value, from guarding the queen.",
    }
    why = (f"{CAPTURE} × ({value_text(QUEEN[1][0])}) + {1 - CAPTURE} × {value_text(QUEEN[1][1])} = "
           f"{value_text(gamble)}, against {value_text(guard)} for guarding (the same opponent replies "
           f"at random there), so MAX leaves the queen.")
    hint = "a modelled MIN node is a chance node: weigh each reply by its probability"
    return check_answer(answer, gamble, mistakes=mistakes, why=why, hint=hint)


# --- Your turn: predict the max^n vector ----------------------------------------------------------

def paranoid_value(tree: Any, player: int = 0, depth: int = 0, players: int = 3) -> Vector:
    """Return the leaf reached when `player` maximizes its own component and everyone else
    minimizes it: the "paranoid" reading of a max^n tree, a typical mistake."""
    if isinstance(tree, tuple):
        return tree
    values = [paranoid_value(child, player, depth + 1, players) for child in tree]
    pick = max if depth % players == player else min
    return pick(values, key=lambda vector: vector[player])


@exercise("predict")
def root_vector(answer: Any) -> Verdict:
    """Check the max^n vector predicted for the root of VECTOR_TREE."""
    values: dict[Path, Vector] = {}
    result = maxn(VECTOR_TREE, players=3, values=values)
    leaves = [value for path, value in values.items() if len(path) == 3]
    mistakes = {
        max(leaves, key=lambda vector: vector[0]): "That is the best leaf for A, but B and C choose "
                                                   "on the way down, each by its own utility.",
        paranoid_value(VECTOR_TREE): "That assumes B and C play against A (minimax on A's utility); "
                                     "in max^n each plays for itself.",
    }

    def picks(depth: int) -> str:
        chosen = [str(values[path]) for path in sorted(values) if len(path) == depth]
        return ", ".join(chosen[:-1]) + " and " + chosen[-1] if len(chosen) > 1 else chosen[0]

    why = f"C picks {picks(2)}; B picks {picks(1)}; A picks {result.value}."
    hint = ("start at C's nodes (the third component decides), then B's (the second), then A's (the "
            "first)")
    return check_answer(answer, result.value, mistakes=mistakes, why=why, hint=hint)


# --- Your turn: who would deviate? ----------------------------------------------------------------

@exercise("predict")
def deviating_nodes(answer: Any) -> Verdict:
    """Check the set of nodes of CENTIPEDE at which the mover gains by deviating from
    PASS_EVERYWHERE (one node at a time, the other choices kept)."""
    expected = set(deviations(CENTIPEDE, PASS_EVERYWHERE, players=2))
    values = strategy_values(CENTIPEDE, PASS_EVERYWHERE, players=2)
    end = values[()]
    every = frozenset(PASS_EVERYWHERE)
    mistakes = {
        every: "Backward induction's profile takes everywhere, but the question is whether a player "
               "gains by changing only its own choice at a node, while every later node still passes.",
        frozenset(): "Look at the last node: what does its mover get by taking?",
    }
    reasons = []
    for path in sorted(PASS_EVERYWHERE):
        mover = len(path) % 2
        take, go_on = values[path + (0,)][mover], values[path + (1,)][mover]
        where = "the root" if not path else path_name(path)
        reasons.append(f"at {where} taking gives {value_text(take)}, passing {value_text(go_on)}")
    why = (f"With everyone passing the game ends at {end}; " + "; ".join(reasons) +
           ". Only where taking pays more does the mover deviate.")
    return check_answer(answer, expected, mistakes=mistakes, why=why,
                        hint="at each node compare what the mover gets by taking with what passing "
                             "leads to when every later node passes")


# --- Your turn: predict the value with two ghosts ---------------------------------------------------

@exercise("predict")
def ghost_value(answer: Any) -> Verdict:
    """Check the minimax value predicted for GHOST_TREE with the turns GHOSTS (MAX, ghost 1, ghost 2)."""
    game = TurnTree(GHOST_TREE, turns=GHOSTS)
    trace = Trace()
    result = minimax(game, trace=trace)
    values = trace.values()
    leaves = [leaf for move in GHOST_TREE for pair in move for leaf in pair]
    mistakes = {
        minimax(TreeGame(GHOST_TREE)).value: "That is the value if the players alternated, MAX again at the "
                                             "third level; here ghost 2 moves there, and it wants the "
                                             "value low too.",
        max(leaves): "That is the largest leaf: both ghosts move after Pac-Man and keep him from it.",
        min(leaves): "That is the smallest leaf: Pac-Man moves at the root and picks the best of what "
                     "the ghosts leave him.",
    }
    ghost_2 = ", ".join(value_text(values[(i, j)]) for i in range(3) for j in range(2))
    ghost_1 = ", ".join(value_text(values[(i,)]) for i in range(3))
    why = (f"Ghost 2 takes the smaller leaf of each pair: {ghost_2}; ghost 1 the smaller of those: "
           f"{ghost_1}; Pac-Man the largest: {value_text(result.value)}, by move {result.move}.")
    return check_answer(answer, result.value, mistakes={k: v for k, v in mistakes.items()
                                                        if not same(k, result.value)},
                        why=why, hint="two MIN levels in a row: back up the smallest value at both "
                                      "ghosts' levels, then the largest at Pac-Man's")


# --- Your turn: predict the expectiminimax value --------------------------------------------------

def mistaken_value(tree: Any, chance: str, player: str = "MAX", *, decisions: str = "minimax") -> Any:
    """Return the value of a tree with chance nodes under a typical mistake, or by the right rules:
    chance nodes backed up as 'min', 'max', the plain 'mean' of their outcomes (probabilities
    ignored) or 'expected' (the right rule); decision nodes (lists) as 'minimax' (MAX and MIN in
    turn, `player` at the top), 'max' (all Pac-Man's, as in expectimax) or 'mean'."""
    if isinstance(tree, Chance):
        values = [mistaken_value(child, chance, player, decisions=decisions) for _, child in tree.outcomes]
        if chance == "expected":
            return sum(p * value for (p, _), value in zip(tree.outcomes, values))
        return {"min": min, "max": max}[chance](values) if chance in ("min", "max") \
            else Fraction(sum(values), len(values))
    if isinstance(tree, list):
        below = "MIN" if player == "MAX" and decisions == "minimax" else "MAX"
        values = [mistaken_value(child, chance, below, decisions=decisions) for child in tree]
        if decisions == "mean":
            return Fraction(sum(values), len(values))
        return max(values) if player == "MAX" else min(values)
    return tree


@exercise("predict")
def chance_value(answer: Any) -> Verdict:
    """Check the expectiminimax value predicted for the root of CHANCE_TREE."""
    trace = Trace()
    result = expectiminimax(CHANCE_TREE, trace=trace)
    options = [trace.values()[(i,)] for i in range(len(CHANCE_TREE))]
    mistakes = {
        mistaken_value(CHANCE_TREE, "min"): "That treats the chance nodes as MIN: the dice do not play "
                                            "against MAX.",
        mistaken_value(CHANCE_TREE, "max"): "That treats the chance nodes as MAX: MAX cannot choose how "
                                            "the coin or the die falls.",
        mistaken_value(CHANCE_TREE, "mean"): "That averages the outcomes as if they were equally likely: "
                                             "weigh each by its probability.",
    }
    why = (f"The gambles are worth {value_text(options[0])} and {value_text(options[1])} (MIN takes the "
           "smaller leaf below each chance outcome, then weigh by probability), so MAX takes the "
           f"second: {value_text(result.value)}.")
    hint = "back up MIN's nodes first, then weigh the outcomes of each chance node by their probabilities"
    return check_answer(answer, result.value, mistakes=mistakes, why=why, hint=hint)


# --- Your turn: write expectimax -------------------------------------------------------------------

EXPECTIMAX_HINT = ("a list is Pac-Man's node (the largest child's value), a Chance node the sum of "
                   "probability × value over node.outcomes, a number a leaf")

EXPECTIMAX_TREES = 40
"""Random trees the expectimax exercise tries after its fixed small ones."""


def _fixed_expectimax_trees() -> list[Any]:
    """Return the small trees expectimax is tried on first: a leaf, a MAX node, chance nodes."""
    half, quarter = Fraction(1, 2), Fraction(1, 4)
    return [
        5,
        [3, 5],
        Chance([(half, 4), (half, 0)]),
        Chance([(quarter, 8), (1 - quarter, 0)]),
        [Chance([(quarter, 8), (1 - quarter, 0)]), 3],
        [Chance([(half, [2, 6]), (half, 0)]), Chance([(Fraction(1, 3), 9), (Fraction(2, 3), [1, 2])])],
    ]


def random_expectimax_tree(rng: random.Random, depth: int, chance: bool, *, uniform_odds: bool) -> Any:
    """Return a random tree of Pac-Man's nodes (lists) and chance nodes (Chance) in turn, `chance`
    saying which is at the top, at most `depth` levels deep, with integer leaves in [-9, 9] and
    probabilities that are equal (`uniform_odds`) or drawn as small fractions."""
    if depth == 0 or rng.random() < 0.15:
        return rng.randint(-9, 9)
    children = [random_expectimax_tree(rng, depth - 1, not chance, uniform_odds=uniform_odds)
                for _ in range(rng.randint(1 if chance else 2, 3))]
    if not chance:
        return children
    weights = [1] * len(children) if uniform_odds else [rng.randint(1, 4) for _ in children]
    return Chance([(Fraction(weight, sum(weights)), child) for weight, child in zip(weights, children)])


def expectimax_cases(count: int = EXPECTIMAX_TREES, seed: Optional[int] = None) -> list[tuple[Any]]:
    """Return the cases of the expectimax exercise, (tree,) each: the fixed small trees, then
    `count` random ones drawn from `seed` (default CASE_SEED), a chance node or a list at the top
    in turn."""
    rng = random.Random(CASE_SEED.get() if seed is None else seed)
    randoms = [random_expectimax_tree(rng, 1 + i % 4, chance=i % 2 == 1, uniform_odds=i % 3 == 0)
               for i in range(count)]
    return [(tree,) for tree in _fixed_expectimax_trees() + randoms]


def _min_chance(tree: Any) -> Any:
    """Return `tree` with each chance node standing for MIN's random move (player='MIN'), so that
    expectiminimax reads every list below one as Pac-Man's (MAX's) node."""
    if isinstance(tree, Chance):
        return Chance([(p, _min_chance(child)) for p, child in tree.outcomes], player="MIN")
    if isinstance(tree, list):
        return [_min_chance(child) for child in tree]
    return tree


def expectimax_value(tree: Any) -> Any:
    """Return the expectimax value of a tree of Pac-Man's nodes (lists) and chance nodes, by the
    package's expectiminimax."""
    return expectiminimax(_min_chance(tree)).value


EXPECTIMAX_MISTAKES = (
    (("mean", "max"), "Your function averages a chance node's outcomes as if they were equally likely: "
                      "weigh each by its probability."),
    (("min", "max"), "Your function takes the worst outcome at a chance node, as minimax would: a random "
                     "ghost does not choose, so take the expectation."),
    (("max", "max"), "Your function takes the best outcome at a chance node: Pac-Man does not choose how "
                     "a random ghost moves."),
    (("expected", "mean"), "Your function averages at Pac-Man's nodes: there he chooses, so take the largest."),
)
"""Typical wrong versions of expectimax: how each backs up chance nodes and lists, and the hint."""


def expectimax_mistake(outcome: Outcome, tree: Any) -> str:
    """Return a hint about what a wrong expectimax probably did on `tree` (it went as `outcome`
    says), or '' when it is not a known mistake. Never the right value."""
    if outcome.problem is not None:
        return ""
    if outcome.error is not None:
        text = str(outcome.error)
        if "Chance" in text and ("iterable" in text or "subscriptable" in text):
            return ("A chance node is not a list: its outcomes are node.outcomes, a sequence of "
                    "(probability, subtree) pairs.")
        if "can't multiply sequence" in text or "unsupported operand" in text:
            return ("A probability multiplies the value of its subtree (a call of expectimax), not the "
                    "subtree itself; node.outcomes holds (probability, subtree) pairs, in that order.")
        return ""
    right = expectimax_value(tree)
    for (chance_rule, decision_rule), hint in EXPECTIMAX_MISTAKES:
        value = mistaken_value(tree, chance_rule, decisions=decision_rule)
        if same(outcome.value, value) and not same(value, right):
            return hint
    return ""


@exercise("code")
def expectimax(student: Any) -> Verdict:
    """Check the student's expectimax(node) on small trees and 40 random ones against the package's
    expectiminimax; name the mistake on the smallest failing tree."""
    return check_function(student, expectimax_value, expectimax_cases(), hint=EXPECTIMAX_HINT,
                          explain=expectimax_mistake)


# --- Check yourself ------------------------------------------------------------------------------

@exercise("check-yourself")
def quiz_1(answer: Any) -> Verdict:
    """When does play that models the opponent earn less than minimax's play? (a, b or c)"""
    gamble = plan_values(Fraction(1))[1]
    return choice(answer, "b", hint="what if the opponent is better than the model says?",
                  why=f"Against the queen-taker, the plan made for a careless opponent gets "
                      f"{value_text(gamble)} where guarding guarantees {value_text(minimax(QUEEN).value)}: "
                      "a model pays only while it is right.",
                  mistakes={"a": "Minimax guarantees its value against every opponent; a modelled plan "
                                 "guarantees nothing when the model is wrong.",
                            "c": "Modelling the opponent is a risk in any game, with dice or without: the "
                                 "queen's position has no dice."})


@exercise("check-yourself")
def quiz_2(answer: Any) -> Verdict:
    """Which change of the leaves keeps expectiminimax's choices in every tree? (a, b or c)"""
    def gambles(a: Any, b: Any, c: Any, d: Any) -> list[ChanceTree]:
        p, q = Fraction(9, 10), Fraction(1, 10)
        return [Chance([(p, a), (q, b)]), Chance([(p, c), (q, d)])]

    before = expectiminimax(gambles(2, 3, 1, 4)).move
    after = expectiminimax(gambles(20, 30, 1, 400)).move
    return choice(answer, "b", hint="an expectation adds values up, so more than their order matters",
                  why=f"Leaves 2, 3, 1, 4 changed to 20, 30, 1, 400 keep their order, yet the choice moves "
                      f"from gamble {before} to gamble {after}; a·v + b with a > 0 scales every sum alike.",
                  mistakes={"a": "Order is enough for minimax, which only compares values; an "
                                 "expectation adds them up.",
                            "c": "Squaring is not even order-preserving for negative values, and it "
                                 "changes the sums' proportions."})


@exercise("check-yourself")
def quiz_3(answer: Any) -> Verdict:
    """Why does negamax refuse the Pac-Man tree with two ghosts, while minimax searches it? (a, b or c)"""
    return choice(answer, "a", hint="what does negamax do to a child's value at every level, and when "
                                    "is that right?",
                  why="Negamax negates a child's value because the child belongs to the other side; "
                      "below ghost 1 comes ghost 2, on the same side, so the sign must not flip there. "
                      "Minimax asks at every node who moves and minimizes for each ghost.",
                  mistakes={"b": "Depth is not the problem: negamax searches trees of any depth as long "
                                 "as the players take turns.",
                            "c": "The ghosts share one goal, a low value for Pac-Man, so one number per "
                                 "leaf says it all; max^n is for players with goals of their own."})
