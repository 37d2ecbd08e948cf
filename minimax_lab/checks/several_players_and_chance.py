"""Checks for lesson 09 (several players and chance): its Your turn exercises and Check yourself
questions.

Every expected answer is computed by the package (expectiminimax on `model_opponent`, `maxn`,
`deviations`, `agents_search` on the maze, `expectiminimax`); the trees, mazes and numbers below are
the exercises' data. Unanswered (`...`, or a function that still raises NotImplementedError), a check
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
from ..display.maze_drawing import MazeSvg, maze_svg
from ..games.maze import MazeGame, MazeState, random_maze
from ..games.maze_policies import play_game, random_chaser
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
from ..analysis.maze_games import search_agent
from ..search.agents import agents_search
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


# --- Your turn: search over P and every chaser -----------------------------------------------------

MAZE_CASES = 40
"""Random small mazes the maze exercise tries after the tiny maze."""

MAZE_HINT = ("P's node takes the largest value of its children, every chaser's node the smallest; a finished "
             "game or a node at depth 0 is worth state.score; the depth drops by one only when a round ends, "
             "after the last chaser (game.agents[-1]) moves")


def maze_score(state: MazeState) -> int:
    """Return the value of a leaf of the maze exercise: the score so far."""
    return state.score


def maze_reference(game: MazeGame, state: MazeState, depth: int) -> Any:
    """Return the answer key of the maze exercise: agents_search's value `depth` rounds deep, the
    chasers minimizing, leaves scored by the score."""
    return agents_search(game, state, depth=depth, evaluate=maze_score).value


def maze_cases(count: int = MAZE_CASES, seed: Optional[int] = None) -> list[tuple[MazeGame, MazeState, int]]:
    """Return the cases of the maze exercise, (game, state, depth) each, smallest search first: the
    tiny maze at depths 1 and 2, then `count` random small mazes (one or two chasers, a dot on
    every free cell or on 3 or 4)
    drawn from `seed` (default CASE_SEED), each from its start or after a few rounds played at
    random, P to move, searched 1 or 2 rounds deep (2 where the search stays small)."""
    rng = random.Random(CASE_SEED.get() if seed is None else seed)
    tiny = MazeGame("tiny")
    cases: list[tuple[MazeGame, MazeState, int]] = [(tiny, tiny.initial, 1), (tiny, tiny.initial, 2)]
    while len(cases) < count + 2:
        chasers = 1 + len(cases) % 2
        maze = random_maze(rng.randrange(10_000), width=rng.choice((5, 6, 7)), height=5, chasers=chasers,
                           dots=rng.choice((None, None, 3, 4)))
        game, state = MazeGame(maze), MazeGame(maze).initial
        for _ in range(rng.randrange(3) * len(game.agents)):
            if game.is_terminal(state):
                break
            state = game.result(state, rng.choice(game.actions(state)))
        if game.is_terminal(state) or state.turn != 0:
            continue
        depth = 2 if rng.random() < 0.5 and agents_search(game, state, depth=2, evaluate=maze_score).nodes < 3000 else 1
        cases.append((game, state, depth))
    return sorted(cases, key=lambda case: agents_search(case[0], case[1], depth=case[2], evaluate=maze_score).nodes)


def mistaken_maze_value(game: MazeGame, state: MazeState, depth: int, *, round_ends: str = "last",
                        chasers: str = "min") -> Any:
    """Return the value of a plain search over P and the chasers under a typical mistake, or by the
    right rules: the depth drops after the last chaser's move (round_ends='last', right), after
    every move ('every'), after P's ('P') or after the first chaser's ('G1'); every chaser takes the
    smallest value ('min', right), the average ('mean'), or only G1 the smallest, the others the
    largest ('first')."""
    if depth == 0 or game.is_terminal(state):
        return state.score
    mover = game.to_move(state)
    ends = {"last": mover == game.agents[-1], "every": True, "P": mover == game.agents[0],
            "G1": mover == game.agents[1]}[round_ends]
    values = [mistaken_maze_value(game, game.result(state, a), depth - ends, round_ends=round_ends,
                                  chasers=chasers) for a in game.actions(state)]
    if mover == game.agents[0] or (chasers == "first" and mover != game.agents[1]):
        return max(values)
    return Fraction(sum(values), len(values)) if chasers == "mean" else min(values)


ROUND_MISTAKES = {"every": "at every move", "P": "after P's move", "G1": "after the first chaser's move"}
"""Where a wrong maze search drops the depth (mistaken_maze_value's round_ends), as a hint says it."""

CHASER_MISTAKES = {
    "first": "in which a chaser after the first takes the largest value (every chaser wants the score low)",
    "mean": "that averages over the chasers' moves, as expectimax does (here every chaser plays its best reply: "
            "take the smallest)",
}
"""How a wrong maze search backs up the chasers' nodes (mistaken_maze_value's chasers), as a hint says it."""


def maze_mistake(outcome: Outcome, game: MazeGame, state: MazeState, depth: int) -> str:
    """Return a hint about what a wrong maze search probably did in the failing case (it went as
    `outcome` says): the typical mistakes whose value there is what the function returned (several,
    where they agree on this case), or '' when none is. Never the right value."""
    if outcome.problem is not None or outcome.error is not None:
        return ""
    right = maze_reference(game, state, depth)

    def made(round_ends: str = "last", chasers: str = "min") -> bool:
        value = mistaken_maze_value(game, state, depth, round_ends=round_ends, chasers=chasers)
        return same(outcome.value, value) and not same(value, right)

    early = [where for round_ends, where in ROUND_MISTAKES.items() if made(round_ends=round_ends)]
    kinds = [f"whose depth drops {' or '.join(early)} (depth counts rounds: it drops only after the last chaser, "
             "game.agents[-1], has moved)"] if early else []
    kinds += [kind for chasers, kind in CHASER_MISTAKES.items() if made(chasers=chasers)]
    return f"Your function returns here what a search returns {', or '.join(kinds)}." if kinds else ""


def maze_picture(game: MazeGame, state: MazeState, depth: int) -> MazeSvg:
    """Return the failing case of the maze exercise drawn: the position, and the depth asked."""
    return maze_svg(game, state, cell=28, caption=f"searched {depth} round{'s' * (depth != 1)} deep")


@exercise("code")
def maze_value(student: Any) -> Verdict:
    """Check the student's maze_value(game, state, depth) on the tiny maze and MAZE_CASES random small
    mazes against agents_search (the chasers minimizing); name the mistake on the smallest failing case."""
    return check_function(student, maze_reference, maze_cases(), hint=MAZE_HINT, show=maze_picture,
                          explain=maze_mistake)


# --- Your turn: write expectimax -------------------------------------------------------------------

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


AFRAID_MAZE, AFRAID_SEED, AFRAID_DEPTH = "medium", 7, 2
"""The game in which minimax's P, searching AFRAID_DEPTH rounds deep against two random chasers,
walks into a chaser (Check yourself, question 3): the maze and the seed."""


def afraid_position() -> tuple[MazeGame, MazeState]:
    """Return the maze and the position of game AFRAID_SEED from which minimax's P
    makes its last move, into a chaser."""
    game = MazeGame(AFRAID_MAZE)
    lost = play_game(game, search_agent(depth=AFRAID_DEPTH), random_chaser, seed=AFRAID_SEED)
    if lost.outcome != "loss" or lost.final.turn != 1:
        raise RuntimeError(f"minimax's P should walk into a chaser in game {AFRAID_SEED}, but the game ends "
                           f"{lost.outcome} after {lost.moves[-1:]}")
    return game, game.play(lost.moves[:-1])


@exercise("check-yourself")
def quiz_3(answer: Any) -> Verdict:
    """Why does minimax's P lose games against random chasers that expectimax's P survives? (a, b or c)"""
    game, state = afraid_position()
    fears = agents_search(game, state, depth=AFRAID_DEPTH, evaluate=maze_score)
    hopes = agents_search(game, state, depth=AFRAID_DEPTH, evaluate=maze_score, chasers="chance")
    return choice(answer, "a", hint="what does minimax assume every chaser does, and what do random chasers do?",
                  why=f"Minimax takes every chaser to play its best reply. In game {AFRAID_SEED} on the "
                      f"{AFRAID_MAZE} maze (two random chasers, both searches {AFRAID_DEPTH} rounds deep) it "
                      f"sees a trap it cannot escape if both chasers close in, and walks {fears.move} into a chaser "
                      f"(value {value_text(fears.value)}: caught now costs fewer points than caught later); "
                      f"expectimax, counting on random moves, goes {hopes.move} (expected value "
                      f"{float(hopes.value):.1f}).",
                  mistakes={"b": "Both searched the same number of rounds; expectimax visits the same nodes as "
                                 "minimax, it only backs up averages instead of minimums at the chasers.",
                            "c": "Expectimax knows only that each chaser picks each legal move alike; it averages "
                                 "over those moves, it does not foresee them."})
