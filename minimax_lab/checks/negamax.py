"""Checks for lesson 02 (negamax): side-to-move values, step 3 of the derivation, the game with an
extra turn, the repaired negamax, and the Check yourself questions. Every expected answer comes from
the package's searches. A first wrong answer gets a hint; the answer comes with a second wrong try,
or from check.<name>.answer() (checks.core.Exercise).

>>> verdict = side_to_move_values(...)
Not answered yet: a node's negamax value is its minimax value seen by the player to move there
>>> side_to_move_values((6, -6, 8, -8)).correct
Correct: (6, -6, 8, -8). MAX moves at the root and at [1][0], so their values stay; MIN moves at [1] and at the leaf [1][0][1], so theirs are negated.
True
"""

from __future__ import annotations

import copy
from typing import Any, Callable, Optional, Sequence

from ..core.text import path_name, value_text
from ..core.trace import Trace
from ..core.trees import Path, Tree
from ..display.draw import draw
from ..games.protocol import TreeGame
from ..games.tictactoe import TicTacToe
from ..running.guard import Outcome
from ..search.textbook import minimax, negamax
from .core import (FIG_5_2, LESSON_PRELUDE, Verdict, check_answer, check_function, choice, exercise, lesson_cases,
                   plain_sequence, same)

EXERCISE_TREE: Tree = [[[5, -2], [7, 1]], [[-3, 8], [4, 6]]]
"""The three-ply tree of "negate the right thing" (MAX moves first)."""

ASKED = ((), (1,), (1, 0), (1, 0, 1))
"""The nodes whose negamax values the student predicts: the root, [1], [1][0], the leaf [1][0][1]."""

SIGN_FLIPPED = "The size is right but the sign is wrong: {}"

BONUS_TREE: list[list[int]] = [[1, 5], [3, 4]]
"""The tree of "a game with an extra turn": MAX moves at the root and, after move 0, again."""


class ExtraTurn(TreeGame):
    """A tree game in which MAX moves at the root and, after move 0, again: an extra turn."""

    def to_move(self, state: Path) -> str:
        return "MAX" if state in ((), (0,)) else super().to_move(state)


def _values(search: Callable[..., object], tree: Tree) -> tuple[Any, ...]:
    """Return the values `search` gives the ASKED nodes of `tree` (MAX moving first)."""
    trace = Trace()
    search(tree, trace=trace)
    return tuple(trace.values()[path] for path in ASKED)


@exercise("predict")
def side_to_move_values(answer: object) -> Verdict:
    """Check the predicted negamax values of EXERCISE_TREE at the root, [1], [1][0] and [1][0][1]."""
    absolute, relative = _values(minimax, EXERCISE_TREE), _values(negamax, EXERCISE_TREE)
    signs = [1 if len(path) % 2 == 0 else -1 for path in ASKED]
    leaf_kept = tuple(-v if len(path) == 3 else v for path, v in zip(ASKED, relative))
    mistakes = {
        absolute: "Those are minimax's values, all from MAX's point of view; negamax scores each node "
                  "for the player to move there.",
        tuple(-v for v in absolute): "You negated every value; at MAX's nodes the player to move is "
                                     "MAX, so negamax's value is minimax's.",
        tuple(-s * v for s, v in zip(signs, absolute)): "You negated at MAX's nodes instead of MIN's.",
        leaf_kept: "The leaf too has a player to move: MIN, three moves down.",
    }
    mins = [path_name(path) for path in ASKED if len(path) % 2 == 1]
    maxes = [path_name(path) for path in ASKED if len(path) % 2 == 0 and path]
    why = (f"MAX moves at the root and at {', '.join(maxes)}, so their values stay; MIN moves at "
           f"{mins[0]} and at the leaf {mins[1]}, so theirs are negated.")
    note = ""
    values = plain_sequence(answer, len(ASKED))
    if values is not None and not any(same(answer, wrong) for wrong in mistakes):
        right = sum(same(given, value) for given, value in zip(values, relative))
        note = (f"{right} of the {len(ASKED)} values are right. For each node, ask who moves there: "
                "negamax's value is minimax's for MAX, its negation for MIN.")
    return check_answer(answer, relative, mistakes=mistakes, why=why, note=note,
                        hint="a node's negamax value is its minimax value seen by the player to move there")


def _min_first(tree: Tree) -> TreeGame:
    return TreeGame(tree, first="MIN")


@exercise("code", prelude=LESSON_PRELUDE)
def step_3(min_value: object) -> Verdict:
    """Check step 3's min_value(tree): MIN's own score of a tree where MIN moves first, which is
    the negation of minimax's value there (the step-3 max_value of the lesson calls it)."""
    return _function_verdict(
        min_value, lambda tree: -minimax(_min_first(tree)).value,
        [(case.tree,) for case in lesson_cases(sides=("MIN",))],
        hint="min_value now returns MIN's own score: negate what step 2's returned, at a leaf as "
             "well; the loop already holds MIN's view of each child",
        sign="min_value must return MIN's own score, the negation of the absolute value.",
        show=lambda tree: draw(_min_first(tree), "minimax"))


def _negamax_cases() -> list[tuple[Tree, int]]:
    """Return (tree, color) cases: every tree of lesson_cases() with MAX (+1) and MIN (-1) to move."""
    return [(case.tree, case.color) for case in lesson_cases(sides=("MAX", "MIN"))]


def _negamax_value(tree: Tree, color: int) -> float:
    """Return the package negamax's value of `tree` with MAX (color +1) or MIN (-1) to move first."""
    return negamax(TreeGame(tree, first="MAX" if color == 1 else "MIN")).value


@exercise("code", prelude=LESSON_PRELUDE)
def fixed_negamax(function: object) -> Verdict:
    """Check a repaired negamax_value(node, color) against the package's negamax, MAX and MIN first."""
    return _function_verdict(
        function, _negamax_value, _negamax_cases(),
        hint="run the broken function on a two-leaf tree and compare it with negamax; which value "
             "is read from the wrong player's side?",
        sign="a value is read from the wrong player's side somewhere.",
        show=lambda tree, color: draw(TreeGame(tree, first="MAX" if color == 1 else "MIN"), "negamax"))


# --- Your turn: a game with an extra turn ------------------------------------------------------

@exercise("predict")
def extra_turn_value(answer: object) -> Verdict:
    """Check the predicted minimax value of BONUS_TREE when MAX moves at the root and again at [0]."""
    game = ExtraTurn(BONUS_TREE)
    value = minimax(game).value
    alternating = minimax(BONUS_TREE).value        # as if MIN chose at [0]
    leaves = [leaf for subtree in BONUS_TREE for leaf in subtree]
    mistakes = {alternating: "That is the value if MIN chose at [0]. Who moves there?",
                -value: "The leaves are MAX's utility and minimax reports MAX's value: no sign changes here."}
    note = ("A minimax value is one of the leaves." if answer is not Ellipsis
            and not any(same(answer, leaf) for leaf in leaves) else "")
    return check_answer(answer, value, mistakes=mistakes, note=note,
                        hint="MAX picks at the root and at [0], MIN at [1]",
                        why=f"MAX picks twice in a row: {value_text(max(BONUS_TREE[0]))} at [0], "
                            f"which beats the {value_text(min(BONUS_TREE[1]))} MIN allows at [1].")


# --- Check yourself ------------------------------------------------------------------------------

@exercise("check-yourself")
def quiz_1(answer: object) -> Verdict:
    """X has completed the top row (XXXOO....) and O is to move: what does negamax return?"""
    game = TicTacToe()
    won = game.state("XXXOO....")
    expected = negamax(game, won).value
    return check_answer(answer, expected, hint="whose point of view does negamax take here?",
                        mistakes={minimax(game, won).value: "That is X's score (minimax's, absolute); "
                                                            "negamax scores the position for the side to move.",
                                  0: "The game is not a draw: X has three in a row."},
                        note="The game is over, so the value is the utility, seen by the side to move.",
                        why=f"The game is over and O, the side to move, has lost: "
                            f"{game.utility(won, 'O')} for O.")


@exercise("check-yourself")
def quiz_2(answer: object) -> Verdict:
    """Why does negamax negate the value of each child?"""
    nodes = negamax(FIG_5_2).nodes, minimax(FIG_5_2).nodes
    return choice(answer, "a", mistakes={
        "b": "Negamax's value at a MIN node is the negation of minimax's, not minimax's.",
        "c": f"Negamax visits exactly minimax's nodes ({nodes[0]} and {nodes[1]} on AIMA Fig. 5.2): "
             "it saves code, not work.",
    }, hint="whose score is the value a child returns? (answer with one letter: a, b or c)",
       why="A child's value is the score of the player who moves there, the opponent, and in a "
           "zero-sum game your score is its negation; negating it lets one max serve both players.")


# --- the machinery of the function checks --------------------------------------------------------

def _function_verdict(student: object, reference: Callable[..., float], cases: Sequence[tuple[object, ...]], *,
                      hint: str, sign: str, show: Optional[Callable[..., object]] = None) -> Verdict:
    """Return (and print) check_function's verdict, adding `sign` when the smallest failing case
    came out with the right size and the wrong sign."""
    def explain(outcome: Outcome, *case: object) -> str:
        return SIGN_FLIPPED.format(sign) if _sign_flipped(outcome, reference, case) else ""

    return check_function(student, reference, cases, hint=hint, show=show, explain=explain)


def _sign_flipped(outcome: Outcome, reference: Callable[..., float], case: tuple[object, ...]) -> bool:
    """Return True when the student's function, which went as `outcome` says on `case`, returned
    the negation of reference(*case)."""
    if outcome.problem is not None or outcome.error is not None:  # no value, so no sign
        return False
    return same(outcome.value, -reference(*copy.deepcopy(case)))
