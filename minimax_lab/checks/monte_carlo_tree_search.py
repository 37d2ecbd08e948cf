"""Checks for lesson 10 (Monte Carlo tree search): its Your turn exercises and Check yourself
questions.

Every expected answer is computed by the package (`playout_value`, `exact_values`, `uct` and its
steps, `ucb1`, `uct_match`, `solve`); the positions, trees and seeds below are the exercises' data.
Unanswered (`...`, or a function that still raises NotImplementedError), a check prints "Not
answered yet" with a hint. A first wrong answer gets a hint; the answer comes with the second wrong
try, or with check.<name>.answer().

>>> verdict = next_selection(...)
Not answered yet: with every child visited, UCB1 adds to each child's mean a bonus that grows as its visits shrink
>>> next_selection(selection_steps()[SHOWN].selected[1][0]).correct
Correct: 1. ...
True
"""

from __future__ import annotations

import math
import random
from functools import cache
from typing import Any, Callable

from ..core.text import value_text
from ..core.trees import Tree
from ..games.tictactoe import TicTacToe
from ..heuristics.generic import even
from ..search import mcts
from ..search.mcts import Node, UCTStep, alphabeta_player, uct, uct_match
from ..search.opponents import playout_value
from ..search.ordering import exact_values
from ..search.solve import solve
from .core import Verdict, check_answer, check_function, choice, exercise, same
from .guard import Outcome

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

MATCH_GAMES = 10
"""Games of "who wins against the short-sighted player?"."""

MATCH_PLAYOUTS = 30
"""UCT's playouts per move in "who wins against the short-sighted player?"."""


# --- Your turn: which replies do random playouts prefer? -------------------------------------------

def trap_values() -> dict[int, tuple[Any, float]]:
    """Return, for each of O's moves in TRAP, the exact mean of random playouts after it and its
    minimax value (both for X)."""
    game = TicTacToe()
    exact = exact_values(game)
    trap = game.state(TRAP)
    return {move: (playout_value(game, game.result(trap, move)), exact[game.result(trap, move)])
            for move in game.actions(trap)}


@exercise("predict")
def playout_favourite(answer: Any) -> Verdict:
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


# --- Your turn: which child does the next playout select? -----------------------------------------

@cache
def selection_steps() -> tuple[UCTStep, ...]:
    """Return the first SHOWN + 1 playouts of uct on STEP_TREE with STEP_SEED, as its steps."""
    steps: list[UCTStep] = []
    uct(STEP_TREE, playouts=SHOWN + 1, seed=STEP_SEED, steps=steps)
    return tuple(steps)


@exercise("predict")
def next_selection(answer: Any) -> Verdict:
    """Check which child of the root (0, 1 or 2) playout SHOWN + 1 selects on STEP_TREE."""
    step = selection_steps()[SHOWN]
    scores = step.scores[0]
    chosen = step.selected[1][0]
    before = uct(STEP_TREE, playouts=SHOWN, seed=STEP_SEED).tree.children
    means = {move: child.total / child.visits for move, child in before.items()}
    visits = {move: child.visits for move, child in before.items()}
    greedy = max(means, key=means.__getitem__)
    least = min(visits, key=lambda move: (visits[move], -means[move]))
    mistakes = {greedy: f"Child {greedy} has the best mean so far, but UCB1 also adds a bonus for few "
                        "visits, and that bonus is larger elsewhere.",
                least: f"Child {least} has few visits, so a large bonus; but compare its mean with the "
                       "others' too."}
    others = [move for move in scores if move not in (chosen, greedy, least)]
    for move in others:
        mistakes[move] = "Compute UCB1 for this child and for the others: mean plus √2 · √(ln N / n)."
    why = ("UCB1 at the root: " + ", ".join(f"child {move}: {value_text(round(score, 2))}"
                                            for move, score in scores.items())
           + f"; child {chosen} has the highest.")
    return check_answer(answer, chosen, why=why, mistakes={m: t for m, t in mistakes.items() if m != chosen},
                        hint="with every child visited, UCB1 adds to each child's mean a bonus that grows "
                             "as its visits shrink")


# --- Your turn: write ucb1 ---------------------------------------------------------------------------

UCB1_HINT = ("the mean utility total / visits, plus exploration × √(ln parent_visits / visits); "
             "math.log is the natural logarithm")


def ucb1_value(total: float, visits: int, parent_visits: int, exploration: float) -> float:
    """Return UCB1 of a child with `visits` playouts of total utility `total`, below a parent with
    `parent_visits`, by the package's mcts.ucb1."""
    return mcts.ucb1(Node(None, (), [], visits=visits, total=total), parent_visits, exploration)


def ucb1_cases(count: int = 40, seed: int = 0) -> list[tuple[float, int, int, float]]:
    """Return the cases of the ucb1 exercise, (total, visits, parent_visits, exploration) each: a
    few from the lesson, then `count` drawn from `seed`, with 1 <= visits < parent_visits and
    totals between -visits and visits."""
    root2 = math.sqrt(2)
    cases: list[tuple[float, int, int, float]] = [(2.0, 4, 16, root2), (8.0, 12, 20, root2), (3.0, 6, 20, root2),
                                                  (-1.0, 2, 20, root2)]
    rng = random.Random(seed)
    for _ in range(count):
        visits = rng.randint(1, 30)
        parent = visits + rng.randint(1, 80)
        total = rng.randint(-2 * visits, 2 * visits) / 2
        cases.append((total, visits, parent, rng.choice((root2, 1.0, 0.5, 2.0, 3.0))))
    return cases


UCB1_MISTAKES: tuple[tuple[Callable[[float, int, int, float], float], str], ...] = (
    (lambda t, n, p, c: t / n + c * math.sqrt(math.log10(p) / n),
     "Your function uses log10: UCB1's logarithm is the natural one, math.log."),
    (lambda t, n, p, c: t / n + c * math.log(p) / n,
     "Your bonus has no square root: it is exploration × √(ln parent_visits / visits)."),
    (lambda t, n, p, c: t + c * math.sqrt(math.log(p) / n),
     "Your function adds the total utility, not the mean: divide the total by the visits."),
    (lambda t, n, p, c: t / n + c * math.sqrt(math.log(n) / p),
     "Your bonus swaps the visits: the parent's visits go inside the logarithm, the child's below it."),
    (lambda t, n, p, c: t / n + math.sqrt(math.log(p) / n),
     "Your bonus leaves out the exploration constant: multiply it by exploration."),
    (lambda t, n, p, c: t / n + math.sqrt(c * math.log(p) / n),
     "Your exploration constant is inside the square root: it multiplies the root."),
    (lambda t, n, p, c: t / n - c * math.sqrt(math.log(p) / n),
     "Your function subtracts the bonus: few visits should make a child more attractive, not less."),
)
"""Typical wrong versions of ucb1: what each returns, and the hint."""


def ucb1_mistake(outcome: Outcome, total: float, visits: int, parent_visits: int, exploration: float) -> str:
    """Return a hint about what a wrong ucb1 probably did on this case (it went as `outcome` says),
    or '' when it is not a known mistake. Never the right value."""
    if outcome.problem is not None or outcome.error is not None:
        return ""
    right = ucb1_value(total, visits, parent_visits, exploration)
    for wrong, hint in UCB1_MISTAKES:
        value = wrong(total, visits, parent_visits, exploration)
        if same(outcome.value, value) and not same(value, right):
            return hint
    return ""


@exercise("code")
def ucb1(student: Any) -> Verdict:
    """Check the student's ucb1(total, visits, parent_visits, exploration) on 44 cases against the
    package's mcts.ucb1; name the mistake on the first failing case."""
    return check_function(student, ucb1_value, ucb1_cases(), hint=UCB1_HINT, explain=ucb1_mistake)


# --- Your turn: who wins against the short-sighted player? ----------------------------------------

@cache
def short_sighted_match() -> tuple[int, int, int]:
    """Return UCT's (wins, draws, losses) with MATCH_PLAYOUTS playouts in MATCH_GAMES games of
    tic-tac-toe against alpha-beta to depth 2 that scores every unfinished position 0."""
    match = uct_match(TicTacToe(), playouts=MATCH_PLAYOUTS, games=MATCH_GAMES,
                      opponent=alphabeta_player(depth=2, evaluate=even))
    return match["wins"], match["draws"], match["losses"]


@exercise("predict")
def short_sighted_winner(answer: Any) -> Verdict:
    """Check who wins more games: alpha-beta to depth 2 with no evaluation ('a'), UCT with 30
    playouts ('b'), or neither, all games drawn ('c')."""
    wins, draws, losses = short_sighted_match()
    right = "b" if wins > losses else "a" if losses > wins else "c"
    hints = {"a": "Alpha-beta is exact only within its two plies; beyond them it scores every position 0. "
                  "What does it miss that random playouts to the end of the game may catch?",
             "b": "Random playouts to the end of the game see threats that lie beyond two plies.",
             "c": "Would a player that sees only two plies ahead hold every game? Think of a double "
                  "threat set up three plies ahead."}
    why = (f"UCT won {wins}, drew {draws} and lost {losses} of {MATCH_GAMES}: its playouts reach the end "
           "of the game, where alpha-beta at depth 2 sees only two plies and calls everything beyond a draw.")
    return choice(answer, right, hint="which player sees further: two plies of exact search, or a few "
                                      "dozen random games played to the end?",
                  why=why, mistakes={letter: hint for letter, hint in hints.items() if letter != right})


# --- Check yourself ------------------------------------------------------------------------------

@cache
def corner_choices() -> dict[int, int]:
    """Return UCT's reply (seed 0) to X's corner 0 with 100, 1,000 and 3,000 playouts."""
    game = TicTacToe()
    state = game.state(CORNER)
    return {playouts: uct(game, state, playouts=playouts, seed=0).move for playouts in (100, 1000, 3000)}


@exercise("check-yourself")
def quiz_1(answer: Any) -> Verdict:
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
def quiz_2(answer: Any) -> Verdict:
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
def quiz_3(answer: Any) -> Verdict:
    """Why does MCTS grow a tree instead of averaging playouts from each root move? (a, b or c)"""
    values = trap_values()
    corner = values[TRAP_OPTIONS["a"][0]]
    return choice(answer, "c", hint="think of the trap: what do random replies get wrong?",
                  why=f"In the trap, random playouts rate the corner reply {value_text(corner[0])} for X "
                      f"although X wins after it ({value_text(corner[1])}). In the tree, the replies are "
                      "chosen by UCB1, which comes to prefer the best reply, so the values tend to "
                      "minimax's.",
                  mistakes={"a": "A tree costs memory, one node per playout; averages at the root "
                                 "would cost less.",
                            "b": "Playouts are random whether or not there is a tree; the tree is "
                                 "about how the first moves of each playout are chosen."})
