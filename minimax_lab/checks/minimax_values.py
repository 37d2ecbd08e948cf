"""Checks for lesson 01 (minimax values): its Your turn exercises and Check yourself questions.

Every expected answer is computed by the package's `minimax`; the trees below are the exercises'
data. Unanswered (`...`, or a function that still raises NotImplementedError), a check prints
"Not answered yet" with a hint. A first wrong answer gets a hint; the answer comes with a second
wrong try, or from check.<name>.answer() (checks.core.Exercise).

>>> verdict = predicted_move(...)
Not answered yet: back up the values from the leaves first; the move to pick is the one whose value is largest
>>> predicted_move(minimax(MOVE_TREE).move).correct
Correct: 2. After move 2, MIN can hold you to 6; after moves 0 and 1 only to 4 and 3.
True
"""

from __future__ import annotations

from typing import Callable

from ..core.text import path_name, value_text
from ..core.trees import Tree
from ..display.draw import Drawing, draw
from ..games.protocol import TreeGame, UniformTree
from ..running.guard import Outcome
from ..search.textbook import INF, minimax
from .core import FIG_5_2, LESSON_PRELUDE, Verdict, check_answer, check_function, choice, exercise, lesson_cases, same

LEAF = (1, 2)
"""The leaf of "a leaf seen by MIN": box 1's third card in the box game (AIMA Fig. 5.2)."""

MOVE_TREE = [[[6, 7], [4, 4]], [[5, 8], [3, 3]], [[7, 2], [5, 6]]]
"""The tree of "predict the move": MAX, then MIN, then MAX, then the leaves."""

UNIFORM = (10, 3)
"""(b, m) of "count the nodes": a uniform tree of branching 10 and depth 3."""


# --- Your turn: a leaf seen by MIN ---------------------------------------------------------------------

@exercise("predict")
def min_utility(answer: object) -> Verdict:
    """Check the predicted utility for MIN of the leaf LEAF of the box game (AIMA Fig. 5.2)."""
    game = TreeGame(FIG_5_2)
    for_max, for_min = game.utility(LEAF, "MAX"), game.utility(LEAF, "MIN")
    leaves = [game.utility(path, "MAX") for path in game.nodes if game.is_terminal(path)]
    note = ""
    if answer is not Ellipsis and not same(answer, for_max) and not same(answer, for_min):
        note = (f"{path_name(LEAF)} is the card you reach by taking box {LEAF[0]} and then the card at "
                f"index {LEAF[1]} (counting from 0); find it in the drawing first."
                if not any(same(answer, value) or same(answer, -value) for value in leaves)
                else f"That is another card: {path_name(LEAF)} is box {LEAF[0]}, card {LEAF[1]}, "
                     "both counted from 0.")
    return check_answer(answer, for_min, note=note,
                        mistakes={for_max: "That is what the card is worth to MAX. The game is zero-sum: "
                                           "what is the same ending worth to the other player?"},
                        hint="find the leaf in the drawing; its number is MAX's utility, and the game is "
                             "zero-sum",
                        why=f"The leaf {path_name(LEAF)} holds {value_text(for_max)}, MAX's utility; in a "
                            "zero-sum game MIN's utility is its negation.")


# --- Your turn: predict the move -------------------------------------------------------------------

def move_values(tree: Tree) -> list[float]:
    """Return the minimax value of each move at the root (MAX to move), in order."""
    game = TreeGame(tree)
    return [minimax(game, game.result((), move)).value for move in game.actions(())]


def leaf_values(tree: Tree) -> list[float]:
    """Return the values of the leaves of `tree`, left to right."""
    game = TreeGame(tree)
    return [game.utility(path, "MAX") for path in game.nodes if game.is_terminal(path)]


def largest_leaf(tree: Tree) -> float:
    """Return the largest leaf of `tree`."""
    return max(leaf_values(tree))


def all_min(tree: Tree) -> float:
    """Return the value of `tree` if MIN picked at every level (the mistake of forgetting MAX): its
    smallest leaf."""
    return min(leaf_values(tree))


@exercise("predict")
def predicted_move(answer: object) -> Verdict:
    """Check the move predicted at the root of MOVE_TREE (0, 1 or 2)."""
    values = move_values(MOVE_TREE)
    best = minimax(MOVE_TREE).best_move
    others = [move for move in range(len(values)) if move != best]
    mistakes: dict[object, str] = {move: f"After move {move}, MIN can hold you to {value_text(values[move])}."
                                for move in others}
    greedy = max(range(len(values)), key=lambda move: largest_leaf(MOVE_TREE[move]))
    if greedy != best:
        mistakes[greedy] += (f" It leads to the largest leaf, {value_text(largest_leaf(MOVE_TREE))}, but "
                             "MIN moves after you and will not let you reach it.")
    pessimist = max(range(len(values)), key=lambda move: all_min(MOVE_TREE[move]))
    if pessimist not in (best, greedy):
        mistakes[pessimist] += (" It would be best if MIN also chose at the level above the leaves, but "
                                "that level is MAX's: there you take the larger leaf.")
    why = (f"After move {best}, MIN can hold you to {value_text(values[best])}; after moves "
           f"{others[0]} and {others[1]} only to {value_text(values[others[0]])} and "
           f"{value_text(values[others[1]])}.")
    note = ("The moves at the root are 0, 1 and 2, the numbers on its edges." if answer is not Ellipsis
            and not any(same(answer, move) for move in range(len(values))) else "")
    return check_answer(answer, best, why=why, mistakes=mistakes, note=note,
                        hint="back up the values from the leaves first; the move to pick is the one "
                             "whose value is largest")


# --- Your turn: write min_value ---------------------------------------------------------------------

MIN_VALUE_HINT = ("MIN's node is worth its smallest child, and each child is a position where MAX "
                  "moves: mirror max_value")


def min_root_value(tree: Tree) -> float:
    """Return the minimax value of `tree` with MIN to move at the root."""
    return minimax(TreeGame(tree, first="MIN")).value


def draw_min_root(tree: Tree) -> Drawing:
    """Return a drawing of `tree`, MIN to move at the root, with its right values backed up."""
    return draw(TreeGame(tree, first="MIN"), "minimax", edge_labels=True)


MIN_VALUE_MISTAKES: tuple[tuple[Callable[[Tree], float], str], ...] = (
    (lambda tree: -INF, "Your function returns −∞: v starts at −∞, and the smaller of −∞ and anything "
                        "is −∞. Start v from the worst MIN could do."),
    (lambda tree: INF, "Your function returns +∞: v never comes down from where it started. Keep the "
                       "smaller of v and each child's value."),
    (all_min, "Your function minimizes at every level. MIN's children are positions where MAX moves, "
              "so their values come from max_value."),
    (lambda tree: minimax(tree).value, "Your function maximizes at MIN's node: MIN keeps the smallest "
                                       "child's value, not the largest."),
)
"""Typical wrong versions of min_value: what each returns, and a hint about what went wrong."""


@exercise("code", prelude=LESSON_PRELUDE)
def min_value(student: object) -> Verdict:
    """Check the student's min_value(tree) (MIN to move at the root of a nested-list tree) on AIMA
    Fig. 5.2 and 40 random trees against minimax; name the mistake on the smallest failing tree."""
    cases = [(case.tree,) for case in lesson_cases(sides=("MIN",))]
    return check_function(student, min_root_value, cases, hint=MIN_VALUE_HINT, show=draw_min_root,
                          explain=min_value_mistake)


def min_value_mistake(outcome: Outcome, tree: Tree) -> str:
    """Return what a wrong min_value probably did on `tree`, where it went as `outcome` says (what it
    returned or raised), or '' when it is not a known mistake."""
    if outcome.problem is not None:  # timed out, used a package search, changed the tree: said already
        return ""
    if outcome.error is not None:
        if isinstance(outcome.error, TypeError) and "not iterable" in str(outcome.error):
            return ("A leaf is a number, not a list: when is_leaf(tree), return the leaf itself "
                    "(it is the game's final score).")
        return ""
    got = outcome.value
    right = min_root_value(tree)
    for wrong, explanation in MIN_VALUE_MISTAKES:
        value = wrong(tree)
        if same(got, value) and not same(value, right):
            return explanation
    return "Back the values up by hand on this tree, level by level, and compare with what your function returns."


# --- Your turn: count the nodes ----------------------------------------------------------------------

@exercise("predict")
def node_count(answer: object) -> Verdict:
    """Check the predicted number of nodes minimax visits in a uniform tree with b = 10, m = 3."""
    branching, depth = UNIFORM
    result = minimax(UniformTree(branching, depth))
    levels = " + ".join(f"{branching ** ply:,}" for ply in range(depth + 1))
    return check_answer(answer, result.nodes, hint="count every level, root included",
                        why=f"{levels}: every node of every level, the root included.",
                        mistakes={result.leaves: "That is the leaves, b^m; minimax also visits every "
                                                 "inner node on the way.",
                                  result.nodes - 1: "Almost: `nodes` counts every node visited, the root "
                                                    "included.",
                                  result.nodes - result.leaves: "You left out the bottom level: the leaves "
                                                                "are visited too.",
                                  branching * depth: "b·m is the space bound, not the time."},
                        note="Add up the nodes level by level: 1 root, then b times as many at each "
                             "level below.")


# --- Check yourself ----------------------------------------------------------------------------------

@exercise("check-yourself")
def quiz_1(answer: object) -> Verdict:
    """Why is the algorithm called minimax? (a, b or c)"""
    return choice(answer, "b", hint="think of what MAX assumes MIN will do after each move",
                  why="Each move is worth its worst case (the minimum over MIN's replies), and MAX "
                      "picks the move whose worst case is largest; seen from MIN, that minimizes "
                      "MAX's maximum gain.",
                  mistakes={"a": "Minimax visits every node; making the search smaller is what "
                                 "alpha-beta (lesson 3) is for.",
                            "c": "The levels alternate strictly with the turns, never at random."})


@exercise("check-yourself")
def quiz_2(answer: object) -> Verdict:
    """What does minimax hold in memory at once? (a, b or c)"""
    return choice(answer, "a",
                  hint="think of which calls are still open when the search reaches a leaf",
                  why="Depth-first search keeps only the path it is on, and at each level the "
                      "siblings still to search: about b·m nodes, space O(bm).",
                  mistakes={"b": "Every node is visited, but not all at the same time. Once a "
                                 "subtree has returned its value, does the search need it again?",
                            "c": "Once a leaf's score has been compared by its parent, does the "
                                 "search need it again?"})


@exercise("check-yourself")
def quiz_3(answer: object) -> Verdict:
    """Against a MIN that makes mistakes, what does minimax's move score? (a, b or c)"""
    move = minimax(FIG_5_2).best_move
    gift = max(FIG_5_2[move])   # a MIN that always hands over the largest card
    return choice(answer, "c", hint="the minimax value is a guarantee; ask what it guarantees",
                  why="No MIN can hold MAX below the minimax value; a weak one may give more (in "
                      f"the box game, a MIN that always hands over the largest card gives minimax's "
                      f"move {move} a {value_text(gift)}, not {value_text(minimax(FIG_5_2).value)}).",
                  mistakes={"b": "That holds against one kind of MIN only. In the box game, what "
                                 "does box 0 score if MIN hands over a bigger card than it had to?",
                            "a": "The value is computed against the MIN that hurts MAX most. Can a "
                                 "MIN that plays differently hurt MAX more than that?"})
