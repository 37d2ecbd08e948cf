"""Checks for lesson 10 (Monte Carlo tree search): its Your turn exercises and Check yourself
questions.

Every expected answer is computed by the package (`playout_value`, `exact_values`, `uct` and its
steps, `solve`); the positions, trees and seeds below are the exercises' data. The MCTS the student
writes is checked against `uct`, which grows the same tree as the plain version the lesson prints
(search.plain.monte_carlo_tree_search) for the same seed. Unanswered (`...`, or a function that
still raises NotImplementedError), a check prints "Not answered yet" with a hint. A first wrong
answer gets a hint; the answer comes with the second wrong try, or with check.<name>.answer().

>>> verdict = playout_favourite(...)
Not answered yet: imagine both sides playing at random from each reply: after which does O win most often?
"""

from __future__ import annotations

import math
import random
from fractions import Fraction
from functools import cache
from typing import Hashable, Optional

from ..core.text import value_text
from ..core.trees import Tree, random_tree
from ..games.protocol import Game, TreeGame
from ..games.tictactoe import TicTacToe
from ..running.guard import Outcome
from ..search.mcts import uct
from ..search.opponents import playout_value
from ..search.ordering import exact_values
from ..search.plain import MCTSNode, simulate
from ..search.solve import solve
from .core import (CASE_SEED, Verdict, check_function, choice, exercise, lesson_prelude, plain_number, same,
                   same_move)

TRAP = "X...O...X"
"""Tic-tac-toe, O to move, after X took two opposite corners: a corner loses, an edge draws."""

TRAP_OPTIONS = {"a": (2, 6), "b": (1, 3, 5, 7)}
"""The options of "which replies do random playouts prefer?": O's corners and O's edges."""

STEP_TREE: Tree = [[1, -1], [0, 1], [-1, 0]]
"""The small tree MCTS is stepped through: MAX at the root, then MIN; utilities in [-1, 1]."""

STEP_SEED = 2
"""The seed of the playouts stepped through."""

SHOWN = 5
"""Playouts the lesson shows before asking which child the next one selects."""

CORNER = "X........"
"""Tic-tac-toe after X takes the corner 0: O must take the centre (quiz 1)."""


# --- Your turn: which replies do random playouts prefer? -------------------------------------------

def trap_values() -> dict[int, tuple[Fraction, float]]:
    """Return, for each of O's moves in TRAP, the exact mean of random playouts after it and its
    minimax value (both for X)."""
    game = TicTacToe()
    exact = exact_values(game)
    trap = game.state(TRAP)
    return {move: (playout_value(game, game.result(trap, move)), exact[game.result(trap, move)])
            for move in game.actions(trap)}


@exercise("predict")
def playout_favourite(answer: object) -> Verdict:
    """Check which of O's replies in TRAP (a: the corners, b: the edges, c: all alike) random
    playouts rate best for O."""
    values = trap_values()
    best = min(playout for playout, _ in values.values())
    favourites = tuple(move for move, (playout, _) in values.items() if playout == best)
    right = next((letter for letter, moves in TRAP_OPTIONS.items() if moves == favourites), "c")
    corner, edge = values[TRAP_OPTIONS["a"][0]], values[TRAP_OPTIONS["b"][0]]
    why = (f"Random playouts after a corner average {value_text(corner[0])} for X, after an edge "
           f"{value_text(edge[0])}, so they favour the corners, yet the corners' minimax value is "
           f"{value_text(corner[1])} (X wins) and the edges' {value_text(edge[1])}.")
    hints = {"a": "Count how often X, playing at random, misses the block and the double threat after "
                  "an edge reply compared with a corner reply.",
             "b": "Think of random play, not good play: after which reply does a random X most often "
                  "fail to win?",
             "c": "The replies differ: after some, a random X wins more often than after others."}
    return choice(answer, right, hint="imagine both sides playing at random from each reply: after which "
                                      "does O win most often?",
                  why=why, mistakes={letter: hint for letter, hint in hints.items() if letter != right})


# --- Your turn: write MCTS ----------------------------------------------------------------------

MCTS_TREES = 14
"""Random small trees the MCTS exercise tries (utilities -1, 0 and 1; MAX or MIN at the root)."""

MCTS_POSITIONS = 10
"""Random unfinished tic-tac-toe positions the MCTS exercise tries."""

MCTS_CONSTANTS = (math.sqrt(2), 2 * math.sqrt(2), 0.5)
"""The exploration constants C the MCTS exercise tries, in turn: √2 (the lesson's), 2√2 and 0.5."""

TELLING = (15, 4, 2 * math.sqrt(2))
"""(playouts, seed, C) of the second case, on the tiny tree: each typical mistake in UCB1 gives other
visits there, so the hint can name it."""

MCTS_HINT = ("in each playout, go down from the root to the child of highest UCB1 while the node has no untried "
             "move; add a child for node.untried.pop(0); simulate(game, child.state, rng) from it; then add 1 to N, "
             "and the utility for node.mover to U, at every node from the new child up to the root")

MCTS_MISTAKES: dict[str, tuple[str, str]] = {
    "bonus subtracted": ("subtracts UCB1's bonus", "few visits must make a child more attractive, not less"),
    "no C": ("leaves the constant C out of UCB1's bonus", "the bonus is C · √(ln N(parent) / N(child))"),
    "C inside the root": ("puts the constant C inside UCB1's square root", "C multiplies the root"),
    "√2 for C": ("uses the constant √2 in UCB1 whatever C it is given", "use the argument C"),
    "visits swapped": ("swaps the visits in UCB1's bonus",
                       "the parent's N goes inside the logarithm, the child's N below it"),
    "MAX's view": ("backs up MAX's utility at every node",
                   "U is the utility for the player who moved into the node (node.mover), so MIN's choices "
                   "maximize MIN's own"),
    "view flipped": ("backs up the utility from the wrong player's view, that of the player to move at the node",
                     "U is the utility for the player who moved into it (node.mover)"),
    "all children expanded": ("expands every untried move at once",
                              "a playout adds one child, for node.untried.pop(0), and simulates from it"),
    "last move first": ("expands the last untried move first", "take node.untried.pop(0), in the game's order"),
    "simulated from the parent": ("simulates from the node selection stopped at",
                                  "simulate from the child just added"),
    "rng per playout": ("makes a new random.Random(seed) for every playout",
                        "make it once, before the loop, or every playout plays the same random moves"),
}
"""The typical mistakes of the MCTS exercise (mistaken_mcts's `mistake`): what each does, and the fix."""

N_IS_ZERO = ("Your search divided by a child's N = 0 in UCB1: a playout adds one child (not every untried move "
             "at once), and the back-up adds 1 to N at every node on the path, the new child included.")
"""The hint for a ZeroDivisionError: a child that no playout has counted reached UCB1."""

LOG_OF_ZERO = ("Your search took the logarithm of a parent's N = 0 in UCB1: the back-up must add 1 to N at every "
               "node on the path, up to and including the root.")
"""The hint for log(0) ('math domain error'): the back-up did not count the playout in every node on its path."""


def mcts_reference(game: Game, state: Hashable, playouts: int, seed: int, C: float) -> dict[Hashable, int]:
    """Return the answer key of the MCTS exercise: the visits of the root's children after uct's
    `playouts` playouts with `seed` and exploration C (the tree plain.monte_carlo_tree_search grows)."""
    return uct(game, state, playouts=playouts, seed=seed, exploration=C).visits


def mcts_case_size(case: tuple[Game, Hashable, int, int, float]) -> int:
    """Return how big a case of the MCTS exercise is, to show the smallest failing one: 0 for the
    lesson's tiny tree (shown first), else its playouts, a tic-tac-toe position counting a little
    more than a tree."""
    game, _, playouts, _, _ = case
    tree = getattr(game, "tree", None)  # a game over a nested-list tree has one; tic-tac-toe has not
    if tree == STEP_TREE:
        return 0
    return 2 * int(playouts) + (tree is None)


def mcts_cases(seed: Optional[int] = None) -> list[tuple[Game, Hashable, int, int, float]]:
    """Return the cases of the MCTS exercise, (game, state, playouts, seed, C) each, smallest first:
    the lesson's tiny tree with the SHOWN playouts it prints and with TELLING, then MCTS_TREES random small trees
    and MCTS_POSITIONS unfinished tic-tac-toe positions, drawn from `seed` (default CASE_SEED),
    with the constants of MCTS_CONSTANTS in turn."""
    rng = random.Random(CASE_SEED.get() if seed is None else seed)
    cases: list[tuple[Game, Hashable, int, int, float]] = [(TreeGame(STEP_TREE), (), SHOWN, STEP_SEED, math.sqrt(2)),
                                                      (TreeGame(STEP_TREE), (), *TELLING)]
    while len(cases) < 2 + MCTS_TREES:
        tree = random_tree(rng.randint(2, 3), rng.randint(2, 4), seed=rng.randrange(2 ** 32), low=-1, high=1,
                           ragged=True)
        if len(tree) > 1:  # a choice at the root
            i = len(cases)
            cases.append((TreeGame(tree, first=("MAX", "MIN")[i % 2]), (), rng.randint(6, 40), rng.randrange(1000),
                          MCTS_CONSTANTS[i % len(MCTS_CONSTANTS)]))
    game = TicTacToe()
    while len(cases) < 2 + MCTS_TREES + MCTS_POSITIONS:
        state = game.initial
        for _ in range(rng.randint(3, 5)):
            state = game.result(state, rng.choice(list(game.actions(state))))
        if not game.is_terminal(state):
            cases.append((game, state, rng.randint(20, 80), rng.randrange(1000),
                          MCTS_CONSTANTS[len(cases) % len(MCTS_CONSTANTS)]))
    return sorted(cases, key=mcts_case_size)


def mistaken_ucb1(child: MCTSNode, parent_N: int, C: float, mistake: str) -> float:
    """Return UCB1 of `child` as a search with `mistake` computes it (the right UCB1 for any other
    mistake); a child no playout has counted comes first (an infinite UCB1)."""
    if child.N == 0:
        return math.inf
    mean, ratio = child.U / child.N, math.log(parent_N) / child.N
    bonus = {"bonus subtracted": -C * math.sqrt(ratio), "no C": math.sqrt(ratio),
             "C inside the root": math.sqrt(C * ratio), "√2 for C": math.sqrt(2) * math.sqrt(ratio),
             "visits swapped": C * math.sqrt(math.log(child.N) / parent_N)}
    return mean + bonus.get(mistake, C * math.sqrt(ratio))


def mistaken_mcts(game: Game, state: Hashable, playouts: int, seed: int, C: float,
                  mistake: str = "") -> dict[Hashable, int]:
    """Return the visits of the root's children after MCTS as the lesson prints it (plain's
    monte_carlo_tree_search) with one typical mistake, a key of MCTS_MISTAKES ('' for none)."""
    rng, me = random.Random(seed), game.max_player
    root = MCTSNode(state, untried=list(game.actions(state)))
    for _ in range(playouts):
        if mistake == "rng per playout":
            rng = random.Random(seed)
        node = root
        while not node.untried and node.children:
            parent = node
            node = max(parent.children.values(), key=lambda child: mistaken_ucb1(child, parent.N, C, mistake))
        leaf = node
        if leaf.untried:
            first = -1 if mistake == "last move first" else 0
            moves = list(leaf.untried) if mistake == "all children expanded" else [leaf.untried[first]]
            for move in moves:
                leaf.untried.remove(move)
                after = game.result(leaf.state, move)
                untried = [] if game.is_terminal(after) else list(game.actions(after))
                leaf.children[move] = MCTSNode(after, leaf, game.to_move(leaf.state), untried)
            node = leaf.children[moves[0]]
        end = (leaf if mistake == "simulated from the parent" else node).state
        while not game.is_terminal(end):
            end = game.result(end, rng.choice(list(game.actions(end))))
        result = game.utility(end, me)
        back: Optional[MCTSNode] = node
        while back is not None:
            back.N += 1
            mine = (back.mover == me) != (mistake == "view flipped")
            back.U += result if mine or mistake == "MAX's view" else -result
            back = back.parent
    return {move: child.N for move, child in root.children.items()}


def same_visits(answer: object, expected: dict[Hashable, int]) -> bool:
    """Return True when `answer` is a dict giving each of the root's moves its visits, as `expected`
    does (moves of the same type, counts by `same`), and no other move."""
    if type(answer) is not dict or len(answer) != len(expected):
        return False
    given = list(dict.items(answer))
    for want, count in expected.items():
        found = [n for move, n in given if same_move(move, [want])]
        if len(found) != 1 or not same(found[0], count):
            return False
    return True


def mcts_mistake(outcome: Outcome, game: Game, state: Hashable, playouts: int, seed: int, C: float) -> str:
    """Return a hint about what a wrong MCTS probably did on this case (it went as `outcome` says):
    the typical mistake whose visits there are what it returned, or what its error or its visits'
    total give away; '' when it cannot tell. Never the right visits."""
    if outcome.problem is not None:
        return ""
    if isinstance(outcome.error, ZeroDivisionError):
        return N_IS_ZERO
    if isinstance(outcome.error, ValueError) and "math domain error" in str(outcome.error):
        return LOG_OF_ZERO
    if outcome.error is not None:
        return ""
    if type(outcome.value) is not dict:
        return ("Return the visits of the root's children, {move: child.N for move, child in "
                "root.children.items()}, not the move or the tree.")
    right = mcts_reference(game, state, playouts, seed, C)
    made = [MCTS_MISTAKES[mistake] for mistake in MCTS_MISTAKES
            if same_visits(outcome.value, visits := mistaken_mcts(game, state, playouts, seed, C, mistake))
            and not same_visits(visits, right)]
    if made:  # where two mistakes give the same visits, either may be the one
        return (f"Your search returns here the visits of a search that {' or that '.join(what for what, _ in made)}: "
                + "; ".join(fix for _, fix in made) + ".")
    counts = list(dict.values(outcome.value))
    if not all(plain_number(n) for n in counts):
        return ""
    if sum(counts) != playouts:
        return (f"Your root's children's N add up to {value_text(sum(counts))}, not to the {playouts} playouts: "
                "every playout passes through one child of the root, and the back-up adds 1 to N at every "
                "node on its path.")
    return ("Your root's children's N add up to the playouts, but not as the search with the same seed "
            "shares them: follow the listing step by step, with one simulate(game, child.state, rng) per "
            "playout, from the one rng made from the seed.")


@exercise("code", prelude=lesson_prelude(MCTSNode, simulate))
def mcts(student: object) -> Verdict:
    """Check the student's mcts(game, state, playouts, seed, C), which returns the visits of the
    root's children, on the tiny tree, random small trees and tic-tac-toe positions against uct
    with the same seed; name the mistake on the smallest failing case."""
    return check_function(student, mcts_reference, mcts_cases(), hint=MCTS_HINT, compare=same_visits,
                          explain=mcts_mistake, size=mcts_case_size)


# --- Check yourself ------------------------------------------------------------------------------

@cache
def corner_choices() -> dict[int, int]:
    """Return UCT's reply (seed 0) to X's corner 0 with 100, 1,000 and 3,000 playouts."""
    game = TicTacToe()
    state = game.state(CORNER)
    return {playouts: uct(game, state, playouts=playouts, seed=0).best_move for playouts in (100, 1000, 3000)}


@exercise("check-yourself")
def quiz_1(answer: object) -> Verdict:
    """What happens to UCT's choice as its playouts grow, in a two-player zero-sum game? (a, b or c)"""
    game = TicTacToe()
    best = solve(game, game.state(CORNER)).move
    replies = [f"{move} with {playouts:,}" for playouts, move in corner_choices().items()]
    seen = ", ".join(replies[:-1]) + " and " + replies[-1]
    return choice(answer, "a", hint="where does UCB1 send most of the playouts in the long run?",
                  why=f"UCB1 sends more and more playouts to the best-looking move at every node of its "
                      f"tree, so the tree's values tend to minimax's. After X's corner, O's reply is {seen} "
                      f"playouts; only {best} (the centre) draws.",
                  mistakes={"b": "That is what averaging playouts at the root alone would do; UCT grows a "
                                 "tree and chooses the replies inside it by UCB1.",
                            "c": "The playouts are random, but the choice is not: the visits pile up on the "
                                 "best move."})


@exercise("check-yourself")
def quiz_2(answer: object) -> Verdict:
    """What does UCT do with the exploration constant C = 0? (a, b or c)"""
    return choice(answer, "b", hint="with C = 0, what is left of UCB1?",
                  why="With C = 0 UCB1 is the mean alone: once every child has been tried, selection always "
                      "follows the best mean so far, so a move whose first playouts were unlucky may never "
                      "be tried again.",
                  mistakes={"a": "Randomness lives in the playouts; selection is deterministic, and with "
                                 "C = 0 it only follows the means.",
                            "c": "The bonus is what sends playouts to rarely visited moves; without it, "
                                 "which moves get visited changes."})


@exercise("check-yourself")
def quiz_3(answer: object) -> Verdict:
    """Why does MCTS grow a tree instead of averaging playouts from each root move? (a, b or c)"""
    values = trap_values()
    corner = values[TRAP_OPTIONS["a"][0]]
    return choice(answer, "c", hint="think of section 1: what do random replies get wrong?",
                  why=f"In the trap, random playouts rate the corner reply {value_text(corner[0])} for X "
                      f"although X wins after it ({value_text(corner[1])}). In the tree, the replies are "
                      "chosen by UCB1, which comes to prefer the best reply, so the values tend to "
                      "minimax's.",
                  mistakes={"a": "A tree costs memory, one node per playout; averages at the root "
                                 "would cost less.",
                            "b": "Playouts are random whether or not there is a tree; the tree is "
                                 "about how the first moves of each playout are chosen."})
