"""Checks for lesson 09 (several players and chance): its Your turn exercises and Check yourself
questions. Lesson 13's chance nodes and expectimax are checked in checks.chance.

Every expected answer is computed by the package (expectiminimax on `model_opponent`, `maxn`,
`deviations`, `agents_search` on the maze); the trees, mazes and numbers below are
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
from ..core.trees import Path, Tree
from ..display.maze_drawing import MazeSvg, maze_svg
from ..games.maze import MazeGame, MazeState, random_maze
from ..running.guard import Outcome
from ..search.beyond import (
    Vector,
    VectorTree,
    deviations,
    expectiminimax,
    maxn,
    model_opponent,
    strategy_values,
    uniform,
)
from ..search.agents import agents_search
from ..search.textbook import minimax
from .core import CASE_SEED, LESSON_PRELUDE, Verdict, check_answer, check_function, choice, exercise, same

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

def takes_sometimes(path: Path, children: list[Tree]) -> list[Fraction]:
    """Return the model of "what is the gamble worth?": at the queen left en prise ([1]) the opponent
    takes it with probability CAPTURE; elsewhere it picks at random."""
    return [CAPTURE, 1 - CAPTURE] if path == (1,) else uniform(path, children)


def plan_values(probability: Fraction) -> list[Optional[float]]:
    """Return MAX's expected value of each plan in QUEEN when the opponent takes a queen left en
    prise with `probability` (and picks at random elsewhere)."""
    def model(path: Path, children: list[Tree]) -> list[Fraction]:
        return [probability, 1 - probability] if path == (1,) else uniform(path, children)
    trace = Trace()
    expectiminimax(model_opponent(QUEEN, model), trace=trace)
    return [trace.values()[(i,)] for i in range(len(QUEEN))]


@exercise("predict")
def en_prise_value(answer: object) -> Verdict:
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

def paranoid_value(tree: VectorTree, player: int = 0, depth: int = 0, players: int = 3) -> Vector:
    """Return the leaf reached when `player` maximizes its own component and everyone else
    minimizes it: the "paranoid" reading of a max^n tree, a typical mistake."""
    if isinstance(tree, tuple):
        return tree
    values = [paranoid_value(child, player, depth + 1, players) for child in tree]
    pick = max if depth % players == player else min
    return pick(values, key=lambda vector: vector[player])


@exercise("predict")
def root_vector(answer: object) -> Verdict:
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
def deviating_nodes(answer: object) -> Verdict:
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


@exercise("code", prelude=LESSON_PRELUDE)
def maze_value(student: object) -> Verdict:
    """Check the student's maze_value(game, state, depth) on the tiny maze and MAZE_CASES random small
    mazes against agents_search (the chasers minimizing); name the mistake on the smallest failing case."""
    return check_function(student, maze_reference, maze_cases(), hint=MAZE_HINT, show=maze_picture,
                          explain=maze_mistake)


# --- Check yourself ------------------------------------------------------------------------------

@exercise("check-yourself")
def quiz_1(answer: object) -> Verdict:
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




TAKE_EVERYWHERE = {path: 0 for path in PASS_EVERYWHERE}
"""Backward induction's strategy profile in CENTIPEDE: the mover takes at every node."""


@exercise("check-yourself")
def quiz_2(answer: object) -> Verdict:
    """Is "everyone takes at every node" subgame perfect in the centipede game? (a, b or c)"""
    gainers = deviations(CENTIPEDE, TAKE_EVERYWHERE, players=2)
    values = strategy_values(CENTIPEDE, TAKE_EVERYWHERE, players=2)
    if gainers:
        raise RuntimeError(f"taking everywhere should be subgame perfect in the centipede game, not at {gainers}")
    return choice(answer, "a", hint="ask at each node, reached or not, whether its mover alone gains by passing",
                  why=f"At every node, taking gives the mover at least what passing gives when every later node "
                      f"takes (the game ends at {values[()]}); so no one gains by changing only its own "
                      "choice, which is all subgame perfection asks.",
                  mistakes={"b": "Both would gain only if both changed their choices; subgame perfection asks "
                                 "whether one player gains by changing only its own.",
                            "c": "If the second player passes while the first keeps taking, look at what the "
                                 "second gets at the node after, where the first takes."})


ROUND_MAZE, ROUND_DEPTH = "medium", 2
"""The maze (two chasers) and the rounds of Check yourself question 3."""


@exercise("check-yourself")
def quiz_3(answer: object) -> Verdict:
    """How many moves deep does a search ROUND_DEPTH rounds deep go with P and two chasers? (a, b or c)"""
    game = MazeGame(ROUND_MAZE)
    moves = len(game.agents) * ROUND_DEPTH
    return choice(answer, "c", hint="a round is P's move, then every chaser's",
                  why=f"A round is {len(game.agents)} moves (P, then {', '.join(game.agents[1:])}), so "
                      f"{ROUND_DEPTH} rounds are {moves} moves: each chaser is one MIN level.",
                  mistakes={"a": "Depth counts rounds, and a round holds more than one move.",
                            "b": "A round is not P's move and one reply: every chaser moves in it."})
