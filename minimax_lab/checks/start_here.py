"""Checks for lesson 00 (start here): its Your turn exercise and Check yourself questions.

Every expected answer is computed by the package's `minimax`; the tree below is the exercise's data.
Unanswered (`...`), a check prints "Not answered yet" with a hint.

>>> verdict = best_move(...)
Not answered yet: for each of MAX's moves, ask what MIN will answer; then compare the three moves
>>> best_move(minimax(FIRST_CHOICE).move).correct
Correct: 2. MIN answers move 0 with 4, move 1 with 1 and move 2 with 5, so move 2 guarantees MAX the most: 5.
True
"""

from __future__ import annotations

from functools import cache
from statistics import mean

from ..core.text import value_text
from ..core.trees import Tree
from ..games.protocol import TreeGame
from ..games.tictactoe import TicTacToe
from ..search.textbook import minimax
from .core import FIG_5_2, Verdict, check_answer, choice, exercise, same

FIRST_CHOICE: list[list[int]] = [[4, 8], [9, 1], [6, 5]]
"""The tree of "pick MAX's move": MAX chooses one of three moves, then MIN one of two replies."""


def reply_values(tree: Tree) -> list[float]:
    """Return the minimax value of each of MAX's moves at the root of `tree`, in order."""
    game = TreeGame(tree)
    return [minimax(game, game.result((), move)).value for move in game.actions(())]


@exercise("predict")
def best_move(answer: object) -> Verdict:
    """Check the move predicted for MAX at the root of FIRST_CHOICE (0, 1 or 2)."""
    result = minimax(FIRST_CHOICE)
    values = reply_values(FIRST_CHOICE)
    moves = range(len(values))
    largest = max(moves, key=lambda move: max(FIRST_CHOICE[move]))
    on_average = max(moves, key=lambda move: mean(FIRST_CHOICE[move]))
    mistakes: dict[object, str] = {}
    if largest != result.move:
        mistakes[largest] = (f"Move {largest} leads to the largest leaf, "
                             f"{value_text(max(FIRST_CHOICE[largest]))}, but MIN moves next and "
                             f"answers it with {value_text(values[largest])}.")
    if on_average not in (largest, result.move):
        mistakes[on_average] = (f"Move {on_average} is best on average, but MIN does not reply at "
                                f"random: it answers with {value_text(values[on_average])}.")
    if not any(same(result.value, move) for move in moves):
        mistakes[result.value] = (f"{value_text(result.value)} is what MAX can guarantee; the answer "
                                  "is the move that guarantees it, the number on its edge.")
    replies = ", ".join(f"move {move} with {value_text(values[move])}" for move in moves[:-1])
    why = (f"MIN answers {replies} and move {moves[-1]} with {value_text(values[-1])}, so move "
           f"{result.move} guarantees MAX the most: {value_text(result.value)}.")
    note = ("" if answer is Ellipsis or any(same(answer, known) for known in (*moves, *mistakes))
            else f"MAX's moves are {', '.join(map(str, moves[:-1]))} and {moves[-1]}, the numbers on "
                 "the edges under the root.")
    return check_answer(answer, result.move, mistakes=mistakes, why=why, note=note,
                        hint="for each of MAX's moves, ask what MIN will answer; then compare the "
                             "three moves")


# --- Check yourself ------------------------------------------------------------------------------

@exercise("check-yourself")
def quiz_1(answer: object) -> Verdict:
    """In AIMA Fig. 5.2, why does MAX not head for the largest leaf? (a, b or c)"""
    largest = max(max(box) for box in FIG_5_2)
    move = next(index for index, box in enumerate(FIG_5_2) if largest in box)
    reply = reply_values(FIG_5_2)[move]
    return choice(answer, "b", hint="think of who moves after MAX",
                  why=f"The {value_text(largest)} is under move {move}, and MIN, moving next, answers "
                      f"that move with {value_text(reply)}.",
                  mistakes={"a": "MAX wants the highest score it can get; the 14 is not one it can get.",
                            "c": f"Minimax searches every line to its end: here all "
                                 f"{minimax(FIG_5_2).leaves} leaves."})


@cache
def tic_tac_toe_value() -> float:
    """Return tic-tac-toe's minimax value from the empty board (searched once)."""
    return minimax(TicTacToe()).value


@exercise("check-yourself")
def quiz_2(answer: object) -> Verdict:
    """What does tic-tac-toe's minimax value of 0 say? (a, b or c)"""
    value = tic_tac_toe_value()
    return choice(answer, "b", hint="a value is what each side can force, whatever the other does",
                  why=f"The value {value_text(value)} is a draw with best play: X can always avoid "
                      "losing and so can O.",
                  mistakes={"a": "Many games end with a win, when someone blunders; the value is about "
                                 "best play by both sides.",
                            "c": "The centre is a good start, but O can still hold X to a draw: the value "
                                 "is the best X can force against every defence."})
