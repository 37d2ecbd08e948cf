"""Checks for lesson 13 (chance: expectiminimax): its Your turn exercises and Check yourself
questions.

Every expected answer is computed by the package (expectiminimax, agents_search with random chasers,
the maze games' records); the trees, mazes and numbers below are the exercises' data. Unanswered
(`...`, or a function that still raises NotImplementedError), a check prints "Not answered yet" with a
hint. A first wrong answer gets a hint; the answer comes with the second wrong try, or with
check.<name>.answer().

>>> verdict = root_value(...)
Not answered yet: back up from the bottom: MIN's nodes take their smallest leaf, a chance node the sum of probability × value, MAX the largest
>>> scaled_move(1).correct
Correct: 1. ...
True
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any, Literal, Optional, Sequence

from ..analysis.maze_games import Record, search_agent
from ..core.text import value_text
from ..display.draw import Drawing
from ..games.maze import MazeGame, MazeState
from ..games.maze_policies import play_game, random_chaser
from ..running.guard import Outcome
from ..search.agents import agents_search
from ..search.beyond import Chance, ChanceTree, expectiminimax
from .core import CASE_SEED, LESSON_PRELUDE, Verdict, check_answer, check_function, choice, exercise, same
from .practice.chance import ChancePractice

QUARTER, HALF = Fraction(1, 4), Fraction(1, 2)

CHANCE_TREE: list[Chance] = [Chance([(QUARTER, [2, 6]), (1 - QUARTER, [4, 8])]),
                             Chance([(HALF, [1, 9]), (HALF, [5, 3])])]
"""The tree of "predict the value": MAX's move, then chance, then MIN's move (AIMA Fig. 5.13's shape)."""


def maze_score(state: MazeState) -> int:
    """Return the value of a leaf of a maze search: the score so far."""
    return state.score


def tree_drawing(tree: ChanceTree) -> Drawing:
    """Return the drawing of a tree with chance nodes (MAX ▲, chance ○, MIN ▽, probabilities on the
    edges), no values filled in: ChancePractice's drawing of a given tree."""
    practice = ChancePractice.__new__(ChancePractice)
    practice.nodes = practice.walk(tree)
    return practice.draw({})


# --- Your turn: predict the value ------------------------------------------------------------------

@exercise("predict")
def root_value(answer: object) -> Verdict:
    """Check the expectiminimax value predicted for the root of CHANCE_TREE."""
    right = expectiminimax(list[ChanceTree](CHANCE_TREE)).value
    mistakes = {
        mistaken_value(CHANCE_TREE, "mean"): "You averaged a chance node's outcomes as if they were equally "
                                             "likely: weigh each by the probability on its edge.",
        mistaken_value(CHANCE_TREE, "min"): "You took the worst outcome at a chance node, as if chance were "
                                            "an opponent: chance does not choose, take the expectation.",
        mistaken_value(CHANCE_TREE, "max"): "You took the best outcome at a chance node: MAX does not choose "
                                            "how the dice fall.",
        mistaken_value(CHANCE_TREE, "expected", decisions="max"): "The nodes under the chance nodes are "
                                                                  "MIN's: each takes its smallest leaf.",
    }
    chances = [mistaken_value(node, "expected", "MIN") for node in CHANCE_TREE]
    parts = [" + ".join(f"{p} × {min(leaves)}" for p, leaves in node.outcomes) for node in CHANCE_TREE]
    why = (f"MIN's nodes take {', '.join(str(min(leaves)) for node in CHANCE_TREE for _, leaves in node.outcomes)}; "
           f"the chance nodes are worth {parts[0]} = {value_text(chances[0])} and {parts[1]} = "
           f"{value_text(chances[1])}; MAX takes {value_text(right)}.")
    hint = ("back up from the bottom: MIN's nodes take their smallest leaf, a chance node the sum of "
            "probability × value, MAX the largest")
    return check_answer(answer, right, mistakes=mistakes, why=why, hint=hint)


# --- Your turn: does the choice change? -------------------------------------------------------------

def gambles(a: float, b: float, c: float, d: float) -> list[ChanceTree]:
    """Return MAX's choice between two weighted coins: a or b with probabilities 9/10 and 1/10, or c or
    d likewise."""
    p, q = Fraction(9, 10), Fraction(1, 10)
    return [Chance([(p, a), (q, b)]), Chance([(p, c), (q, d)])]


BEFORE, AFTER = (2, 3, 1, 4), (20, 30, 1, 400)
"""The gambles' leaves, and the same leaves changed in the same order."""


@exercise("predict")
def scaled_move(answer: object) -> Verdict:
    """Check the move (0 or 1) predicted for gambles(*AFTER)."""
    before, after = expectiminimax(gambles(*BEFORE)), expectiminimax(gambles(*AFTER))
    values = [mistaken_value(node, "expected") for node in gambles(*AFTER)]
    mistakes = {before.move: "Minimax would keep that move, since the leaves keep their order; but an "
                             "expectation adds the values up, so work out both sums."}
    why = (f"Gamble 0 is now worth 9/10 × {AFTER[0]} + 1/10 × {AFTER[1]} = {value_text(values[0])}, gamble 1 "
           f"9/10 × {AFTER[2]} + 1/10 × {AFTER[3]} = {value_text(values[1])}: the rare 400 outweighs the "
           f"rest, though the order of the leaves is the same.")
    return check_answer(answer, after.move, mistakes=mistakes, why=why,
                        hint="work out each gamble's expected value: 9/10 × its first leaf + 1/10 × its second")


# --- Your turn: write expectimax -------------------------------------------------------------------

def mistaken_value(tree: ChanceTree | Sequence[ChanceTree], chance: str, player: str = "MAX", *,
                   decisions: str = "minimax") -> Any:
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


def _fixed_expectimax_trees() -> list[ChanceTree]:
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


def random_expectimax_tree(rng: random.Random, depth: int, chance: bool, *, uniform_odds: bool) -> ChanceTree:
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


def expectimax_cases(count: int = EXPECTIMAX_TREES, seed: Optional[int] = None) -> list[tuple[ChanceTree]]:
    """Return the cases of the expectimax exercise, (tree,) each: the fixed small trees, then
    `count` random ones drawn from `seed` (default CASE_SEED), a chance node or a list at the top
    in turn."""
    rng = random.Random(CASE_SEED.get() if seed is None else seed)
    randoms = [random_expectimax_tree(rng, 1 + i % 4, chance=i % 2 == 1, uniform_odds=i % 3 == 0)
               for i in range(count)]
    return [(tree,) for tree in _fixed_expectimax_trees() + randoms]


def _min_chance(tree: ChanceTree) -> ChanceTree:
    """Return `tree` with each chance node standing for MIN's random move (player='MIN'), so that
    expectiminimax reads every list below one as Pac-Man's (MAX's) node."""
    if isinstance(tree, Chance):
        return Chance([(p, _min_chance(child)) for p, child in tree.outcomes], player="MIN")
    if isinstance(tree, list):
        return [_min_chance(child) for child in tree]
    return tree


def expectimax_value(tree: ChanceTree) -> float:
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


def expectimax_mistake(outcome: Outcome, tree: ChanceTree) -> str:
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


@exercise("code", prelude=LESSON_PRELUDE)
def expectimax(student: object) -> Verdict:
    """Check the student's expectimax(node) on small trees and 40 random ones against the package's
    expectiminimax; name the mistake on the smallest failing tree."""
    return check_function(student, expectimax_value, expectimax_cases(), hint=EXPECTIMAX_HINT,
                          explain=expectimax_mistake)


# --- Your turn: which P is caught more often? -----------------------------------------------------

DEMO_MAZE, DEMO_DEPTH, DEMO_GAMES, DEMO_MOVES = "medium", 2, 10, 100
"""The games of "random chasers in the maze": the maze, how many rounds deep P searches, the seeds
(range(DEMO_GAMES)) and the moves after which a game stops unfinished."""


CHASER_MODELS: dict[str, Literal["min", "chance"]] = {"minimax": "min", "expectimax": "chance"}
"""How each search of the demonstration models the chasers: as MIN, or as chance."""


DEMO_RECORDS = {"minimax": Record(games=10, wins=0, losses=2, unfinished=8, mean_score=69.2),
                "expectimax": Record(games=10, wins=0, losses=0, unfinished=10, mean_score=195)}
"""The record of minimax's and expectimax's P, each DEMO_DEPTH rounds deep, against two random
chasers in DEMO_GAMES seeded games on the DEMO_MAZE maze, as the lesson's own cell plays them
(games_record), stored: the games take seconds and the check only reports them.
tests/checks/test_checks_chance.py compares them with that cell's stored output, which nbval keeps
what the code computes, and the cell's settings with these."""


def demo_records() -> dict[str, Record]:
    """Return the record of minimax's and expectimax's P in the demonstration's games (DEMO_RECORDS)."""
    return dict(DEMO_RECORDS)


@exercise("predict")
def caught_more(answer: object) -> Verdict:
    """Check which search's P ('minimax' or 'expectimax') random chasers catch in more of the games."""
    records = demo_records()
    if records["minimax"].losses == records["expectimax"].losses:
        raise RuntimeError("the demonstration's games should catch one search's P more often")
    right = max(records, key=lambda name: records[name].losses)
    other = min(records, key=lambda name: records[name].losses)
    why = (f"In {DEMO_GAMES} games {right}'s P is caught {records[right].losses} times, {other}'s "
           f"{records[other].losses}: minimax expects every chaser's best reply, and where the chasers could "
           "close P in, caught now costs less than caught later, so it walks into one.")
    return check_answer(answer, right, why=why,
                        mistakes={other: "Fearing the worst is safe only against the worst: what does minimax "
                                         "do when every escape looks lost, and how often do random chasers "
                                         "really close in?"},
                        hint="answer 'minimax' or 'expectimax'")


# --- Check yourself ------------------------------------------------------------------------------

@exercise("check-yourself")
def quiz_1(answer: object) -> Verdict:
    """Which change of the leaves keeps expectiminimax's choices in every tree? (a, b or c)"""
    before = expectiminimax(gambles(*BEFORE)).move
    after = expectiminimax(gambles(*AFTER)).move
    return choice(answer, "b", hint="an expectation adds values up, so more than their order matters",
                  why=f"Leaves 2, 3, 1, 4 changed to 20, 30, 1, 400 keep their order, yet the choice moves "
                      f"from gamble {before} to gamble {after}; a·v + b with a > 0 scales every sum alike.",
                  mistakes={"a": "Order is enough for minimax, which only compares values; an "
                                 "expectation adds them up.",
                            "c": "Squaring is not even order-preserving for negative values, and it "
                                 "changes the sums' proportions."})


AFRAID_MAZE, AFRAID_SEED, AFRAID_DEPTH = "medium", 7, 2
"""The game in which minimax's P, searching AFRAID_DEPTH rounds deep against two random chasers,
walks into a chaser (Check yourself, question 2): the maze and the seed."""


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
def quiz_2(answer: object) -> Verdict:
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


@exercise("check-yourself")
def quiz_3(answer: object) -> Verdict:
    """Why can alpha-beta not cut off below a chance node the way it does below MIN's? (a, b or c)"""
    return choice(answer, "a", hint="what can one outcome not yet searched do to an average?",
                  why="A MIN node can stop once one child is low enough, since MIN would take it; a chance node "
                      "takes no child, it averages them all, and one outcome not yet searched could move the "
                      "average anywhere. Only bounds on the leaf values (all utilities between -500 and +500, "
                      "say) bound the average early, and that is how *-minimax prunes (Ballard, 1983).",
                  mistakes={"b": "Alpha-beta's window works on any numbers, fractions included: the trouble "
                                 "is what an unseen outcome can do to an average.",
                            "c": "Pruning below chance nodes is possible, given bounds on the leaves; it "
                                 "is the averaging, not the randomness of the tree, that gets in the way."})
