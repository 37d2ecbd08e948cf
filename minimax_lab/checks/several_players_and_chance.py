"""Checks for lesson 07 (beyond minimax): its Your turn exercises and Check yourself questions.

Every expected answer is computed by the package (expectiminimax on `model_opponent`, `maxn`,
`deviations`, `ucb1`, `uct`, `solve`); the trees and numbers below are the exercises' data.
Unanswered (`...`), a check prints "Not answered yet" with a hint.

>>> verdict = en_prise_value(...)
Not answered yet: a modelled MIN node is a chance node: weigh each reply by its probability
>>> root_vector(maxn(VECTOR_TREE).value).correct
Correct: (4, 4, 4). C picks (3, 1, 5), (4, 4, 4), (1, 2, 7) and (7, 1, 3); B picks (4, 4, 4) and (1, 2, 7); A picks (4, 4, 4).
True
"""

from __future__ import annotations

import math
from fractions import Fraction
from functools import cache
from typing import Any, Optional

from ..core.text import path_name, value_text
from ..core.trace import Trace
from ..core.trees import Path
from ..games.tictactoe import TicTacToe
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
from ..search.mcts import Node, ucb1, uct
from ..search.solve import solve
from ..search.textbook import minimax
from .core import Verdict, check_answer, choice, exercise, read_paths, same

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

UCB_CHILDREN = ((12, 8), (6, 3), (2, -1))
"""(visits, total utility) of the root's three children in "which child does UCB1 pick?"."""

UCB_PARENT = sum(visits for visits, _ in UCB_CHILDREN)
"""The root's visits: every playout passed through one of its children."""

CORNER = "X........"
"""Tic-tac-toe after X takes the corner 0: O must take the centre (quiz 3)."""


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


def _retry(hint: str) -> str:
    """Return what a wrong prediction is told when the right answer would give it away: the hint."""
    return f"Try again: {hint}."


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
    return check_answer(answer, gamble, mistakes=mistakes, why=why if same(answer, gamble) else _retry(hint),
                        hint=hint)


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
    return check_answer(answer, result.value, mistakes=mistakes,
                        why=why if same(answer, result.value) else _retry(hint), hint=hint)


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
    return check_answer(answer, expected, mistakes=mistakes, why=why if same(set(_paths(answer)), expected) else "",
                        hint="at each node compare what the mover gets by taking with what passing "
                             "leads to when every later node passes")


def _paths(answer: Any) -> list[Path]:
    """Return the paths in an answer, or [] when it is not readable as paths."""
    try:
        return read_paths(answer)
    except (TypeError, ValueError):
        return []


# --- Your turn: predict the expectiminimax value --------------------------------------------------

def mistaken_value(tree: Any, chance: str, player: str = "MAX") -> Any:
    """Return the value of a tree with chance nodes under a typical mistake: chance nodes backed up
    as 'min', 'max', or the plain 'mean' of their outcomes (probabilities ignored)."""
    if isinstance(tree, Chance):
        values = [mistaken_value(child, chance, player) for _, child in tree.outcomes]
        return {"min": min, "max": max}[chance](values) if chance in ("min", "max") \
            else Fraction(sum(values), len(values))
    if isinstance(tree, list):
        values = [mistaken_value(child, chance, "MIN" if player == "MAX" else "MAX") for child in tree]
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
    return check_answer(answer, result.value, mistakes=mistakes,
                        why=why if same(answer, result.value) else _retry(hint), hint=hint)


# --- Your turn: which child does UCB1 pick? -------------------------------------------------------

def ucb_scores() -> list[float]:
    """Return UCB1 of each child in UCB_CHILDREN (C = sqrt(2)), computed by mcts.ucb1."""
    return [ucb1(Node(None, (), [], visits=visits, total=total), UCB_PARENT, math.sqrt(2))
            for visits, total in UCB_CHILDREN]


@exercise("predict")
def ucb_child(answer: Any) -> Verdict:
    """Check which child (0, 1 or 2) UCB1 selects among UCB_CHILDREN."""
    scores = ucb_scores()
    means = [total / visits for visits, total in UCB_CHILDREN]
    best = scores.index(max(scores))
    greedy = means.index(max(means))
    least = min(range(len(UCB_CHILDREN)), key=lambda i: UCB_CHILDREN[i][0])
    mistakes = {greedy: f"Child {greedy} has the best mean, {means[greedy]:.2f}, but UCB1 adds a bonus for "
                        "few visits, and that bonus is larger for the others.",
                least: f"Child {least} has the fewest visits and so the largest bonus, but its mean, "
                       f"{means[least]:.2f}, is too low to make up for it."}
    mistakes = {move: text for move, text in mistakes.items() if move != best}
    why = ("UCB1 = " + ", ".join(f"{means[i]:.3f} + {scores[i] - means[i]:.3f} = {scores[i]:.3f}"
                                 for i in range(len(scores))) + f" for children 0, 1 and 2; child {best} wins.")
    return check_answer(answer, best, mistakes=mistakes, why=why if same(answer, best) else "",
                        hint="for each child add its mean utility and √2 · √(ln N(parent) / N(child))")


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


@cache
def corner_choices() -> dict[int, int]:
    """Return UCT's reply (seed 0) to X's corner 0 with 100, 1,000 and 3,000 playouts."""
    game = TicTacToe()
    state = game.state(CORNER)
    return {playouts: uct(game, state, playouts=playouts, seed=0).move for playouts in (100, 1000, 3000)}


@exercise("check-yourself")
def quiz_3(answer: Any) -> Verdict:
    """What happens to UCT's choice as its playouts grow, in a two-player zero-sum game? (a, b or c)"""
    game = TicTacToe()
    best = solve(game, game.state(CORNER)).move
    replies = [f"{move} with {playouts:,}" for playouts, move in corner_choices().items()]
    seen = ", ".join(replies[:-1]) + " and " + replies[-1]
    return choice(answer, "a", hint="where does UCB1 send most of the playouts in the long run?",
                  why=f"UCB1 sends more and more playouts to the best-looking move at every node of its "
                      f"tree, so the tree's values tend to minimax's. After X's corner, O's reply is {seen} "
                      f"playouts; only {best} (the centre) draws.",
                  mistakes={"b": "That is what flat Monte Carlo does (playouts only from the moves at the "
                                 "root); UCT grows a tree and plays out from its edge.",
                            "c": "The playouts are random, but the choice is not: the visits pile up on the "
                                 "best move."})
