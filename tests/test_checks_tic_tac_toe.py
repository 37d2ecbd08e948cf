"""Lesson 06's exercises answered with the solutions the lesson shows (correct), with typical
mistakes (not correct, the mistake named), and not at all (not answered yet)."""

import re

import pytest
from lesson_notebooks import cell_source, lesson_cells, solution_blocks, solution_namespace

from minimax_lab import Nim, TicTacToe, minimax
from minimax_lab.checks import tic_tac_toe as check
from minimax_lab.search.engine import engine
from minimax_lab.search.solve import solve

CELLS = lesson_cells("07_tic_tac_toe.ipynb")
SOLUTIONS = solution_blocks(CELLS)
NAMES = ("my_value", "my_replies", "my_move")


def solution(name):
    """Return the value the lesson's solution block assigns to `name`."""
    return solution_namespace(SOLUTIONS, name)[name]


def test_the_lesson_shows_a_solution_for_every_exercise_and_leaves_each_unanswered():
    assert len(SOLUTIONS) == 3
    code = "\n".join(cell_source(cell) for cell in CELLS if cell["cell_type"] == "code")
    for name in NAMES:
        assert any(re.search(rf"^{name} = ", block, re.M) for block in SOLUTIONS)
        assert re.search(rf"^{name} = \.\.\.", code, re.M), f"{name} should be stored unanswered"


def test_the_lesson_shows_the_positions_the_checks_check():
    code = [cell_source(cell) for cell in CELLS if cell["cell_type"] == "code"]
    assert "print(game.state(check.EVALUATE))" in code and "print(game.state(check.REPLIES))" in code
    prose = "\n".join(cell_source(cell) for cell in CELLS if cell["cell_type"] == "markdown")
    assert "X has played squares 0 and 4, O squares 1 and 5" in prose and check.EVALUATE == "XO..XO..."
    assert "X has played squares 0 and 6, O square 5" in prose and check.REPLIES == "X....OX.."
    assert "Heaps of 3, 6 and 9" in prose and check.NIM_HEAPS == (3, 6, 9)


# --- the solutions are correct ---------------------------------------------------------------------

def test_evaluation_solution_is_correct():
    verdict = check.evaluation(solution("my_value"))
    assert verdict.correct is True
    assert verdict.text.startswith("Correct: 2. X's open lines: the left column, the diagonal 0-4-8, "
                                   "the diagonal 2-4-6 (3); O's: the right column (1)")


def test_replies_solution_is_correct_and_is_what_the_searches_play():
    game = TicTacToe()
    state = game.state(check.REPLIES)
    answer = solution("my_replies")
    assert answer == (minimax(game, state).move, engine(game, depth=check.ENGINE_DEPTH).search(state).move)
    verdict = check.replies(answer)
    assert verdict.correct is True
    assert "X wins on ply 2 from here if O plays 1, 2, 4, 7 or 8 and on ply 4 from here if O plays 3" in verdict.text


def test_nim_solution_is_correct_and_search_agrees():
    answer = solution("my_move")
    verdict = check.nim_move(answer)
    assert verdict.correct is True and "It leaves heaps [3, 6, 5], nim-sum 3 XOR 6 XOR 5 = 0" in verdict.text
    game = Nim(check.NIM_HEAPS)
    winning = [a for a in game.actions(game.initial) if solve(game, game.result(game.initial, a)).value == 1]
    assert winning == [answer]


# --- typical mistakes are named ----------------------------------------------------------------------

MISTAKES = [
    (check.evaluation, 3, "That counts X's open lines alone"),
    (check.evaluation, 1, "That is O's count alone"),
    (check.evaluation, -2, "The sign is reversed"),
    (check.evaluation, 0, "The two diagonals are winning lines too"),
    (check.evaluation, 2 / 9, "That is the scaled evaluation"),
    (check.evaluation, "2", "The answer is a number"),
    (check.replies, (3, 3), "Plain minimax does not block"),
    (check.replies, (1, 1), "The engine does not give up"),
    (check.replies, (3, 1), "The two are swapped"),
    (check.replies, 3, "The answer is a tuple of 2"),
    (check.replies, (2, 3), "plays the first empty square, 1"),
    (check.nim_move, (2, 5), "how many objects you take, not how many you leave"),
    (check.nim_move, (3, 4), "Heaps are numbered from 0"),
    (check.nim_move, (0, 1), "nim-sum 2 XOR 6 XOR 9 = 13, not 0: your opponent answers (2, 5)"),
    (check.nim_move, (2, 9), "nim-sum 3 XOR 6 XOR 0 = 5, not 0"),
    (check.nim_move, (5, 1), "That is not a legal move"),
    (check.nim_move, (1, 7), "That is not a legal move"),
    (check.nim_move, "2, 4", "A move is a pair (heap, count)"),
    (check.quiz_1, "b", "every first move a draw"),
    (check.quiz_1, "c", "O's count is 0 every time"),
    (check.quiz_1, "d", "Answer with one of the letters a, b or c"),
    (check.quiz_2, "a", "That is what the depth-adjusted engine does"),
    (check.quiz_2, "c", "there is no horizon, and no heuristic"),
    (check.quiz_3, "b", "Both search to the end of the game"),
    (check.quiz_3, "c", "the same search without the table (PVS) visits 60,234 nodes"),
]


@pytest.mark.parametrize("exercise, answer, named", MISTAKES)
def test_typical_mistakes_are_named(exercise, answer, named):
    exercise(answer)
    verdict = exercise(answer)   # the second wrong try: the hint and the answer with its why
    assert verdict.correct is False and named in verdict.text


# --- Check yourself --------------------------------------------------------------------------------

@pytest.mark.parametrize("quiz, why", [
    (check.quiz_1, "4 through the centre, 3 through a corner, 2 through an edge"),
    (check.quiz_2, "every move of O has value +1, and of equal values the search keeps the first: square 1"),
    (check.quiz_3, "On the 4 x 4 board alpha-beta visits 62,889 nodes, solve 12,870"),
])
def test_check_yourself_right_answers_are_confirmed(quiz, why):
    verdict = quiz(" A " if quiz is check.quiz_1 else "b" if quiz is check.quiz_2 else "a")
    assert verdict.correct is True and verdict.text.startswith("Correct: ") and why in verdict.text


# --- not answered yet -----------------------------------------------------------------------------

@pytest.mark.parametrize("exercise", [check.evaluation, check.replies, check.nim_move,
                                      check.quiz_1, check.quiz_2, check.quiz_3])
def test_unanswered_exercises_say_so_and_do_not_raise(exercise, capsys):
    verdict = exercise(...)
    assert verdict.correct is None and verdict.text.startswith("Not answered yet: ")
    assert capsys.readouterr().out == verdict.text + "\n"


@pytest.mark.parametrize("exercise", [check.evaluation, check.replies, check.nim_move])
@pytest.mark.parametrize("answer", [None, [2], float("nan"), True, (True, 4), {"heap": 2}])
def test_anything_gets_a_verdict(exercise, answer):
    assert exercise(answer).correct is False
