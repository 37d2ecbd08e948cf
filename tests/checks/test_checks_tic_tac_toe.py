"""Lesson 07's exercises answered with the solutions the lesson shows (correct), with typical
mistakes (not correct, the mistake named, hint first), and not at all (not answered yet)."""

import re

import pytest
from lesson_check_tests import (
    anything_test,
    check_yourself_test,
    hint_first_tests,
    stored_unanswered_test,
    typical_mistakes_test,
    unanswered_test,
)
from lesson_notebooks import cell_source, lesson_cells, solution_blocks, solution_namespace

from minimax_lab import TicTacToe, minimax
from minimax_lab.checks import tic_tac_toe as check
from minimax_lab.games.tictactoe import LINES
from minimax_lab.search.engine import engine

CELLS = lesson_cells("07_tic_tac_toe.ipynb")
SOLUTIONS = solution_blocks(CELLS)
NAMES = ("my_value", "my_two_ply", "my_depth", "my_replies")


def solution(name):
    """Return the value (or function) the lesson's solution block assigns to (or defines as) `name`."""
    return solution_namespace(SOLUTIONS, name, {"LINES": LINES})[name]


def without_diagonals(board):
    """The typical mistake: rows and columns only."""
    for a, b, c in LINES[:6]:
        if board[a] != "." and board[a] == board[b] == board[c]:
            return board[a]
    return None


def empty_lines_win(board):
    """The typical mistake: three empty squares count as a line."""
    for a, b, c in LINES:
        if board[a] == board[b] == board[c]:
            return board[a]
    return None


def true_or_false(board):
    """The typical mistake: whether someone has won, not who."""
    return any(board[a] != "." and board[a] == board[b] == board[c] for a, b, c in LINES)


def asks_the_package(board):
    """The package's own answer, wrapped: refused on the boards play cannot reach."""
    return TicTacToe().state(board).winner


def test_the_lesson_shows_a_solution_for_every_exercise_and_leaves_each_unanswered():
    assert len(SOLUTIONS) == 6  # five exercises and the Check yourself answers
    code = "\n".join(cell_source(cell) for cell in CELLS if cell["cell_type"] == "code")
    for name in NAMES:
        assert any(re.search(rf"^{name} = ", block, re.M) for block in SOLUTIONS)
        assert re.search(rf"^{name} = \.\.\.", code, re.M), f"{name} should be stored unanswered"
    assert "def winner(board):\n    # 'X' or 'O' when that player has three in a row on board, else None\n" \
           "    raise NotImplementedError" in code


test_every_exercise_is_stored_unanswered = stored_unanswered_test(CELLS, 8)


def test_the_lesson_shows_the_positions_the_checks_check():
    code = [cell_source(cell) for cell in CELLS if cell["cell_type"] == "code"]
    for board in ("EVALUATE", "REPLIES"):   # printed above the exercise that asks about it
        assert any(source.startswith(f"print(game.state(check.{board}))\n") for source in code)
    prose = "\n".join(cell_source(cell) for cell in CELLS if cell["cell_type"] == "markdown")
    assert "X has played squares 0 and 4, O squares 1 and 5" in prose and check.EVALUATE == "XO..XO..."
    assert "X has played squares 0 and 6, O square 5" in prose and check.REPLIES == "X....OX.."
    assert "Nim" not in prose and "Connect Four" not in prose   # lesson 08 teaches them now


# --- the solutions are correct ---------------------------------------------------------------------

def test_evaluation_solution_is_correct():
    verdict = check.evaluation(solution("my_value"))
    assert verdict.correct is True
    assert verdict.text.startswith("Correct: 2. X's open lines: the left column, the diagonal 0-4-8, "
                                   "the diagonal 2-4-6 (3); O's: the right column (1)")


def test_two_ply_solution_is_minimaxs_value_of_the_lessons_tree():
    answer = solution("my_two_ply")
    tree = [list(values.values()) for values in check.two_ahead().values()]
    assert answer == minimax(tree).value == 1
    verdict = check.two_ply(answer)
    assert verdict.correct is True and "X takes the largest of -1, -2 and 1" in verdict.text


@pytest.mark.slow
def test_winner_solution_is_correct_on_every_board():
    verdict = check.winner(solution("winner"))
    assert len(check.winner_cases()) == 5478 + len(check.IMPOSSIBLE_BOARDS)
    assert verdict.correct is True and f"all {len(check.winner_cases())} cases" in verdict.text


def test_safe_depth_solution_is_correct():
    verdict = check.safe_depth(solution("my_depth"))
    assert verdict.correct is True and "against depth 5: 0, 3, 6" in verdict.text


def test_replies_solution_is_correct_and_is_what_the_searches_play():
    game = TicTacToe()
    state = game.state(check.REPLIES)
    answer = solution("my_replies")
    assert answer == (minimax(game, state).move, engine(game, depth=check.ENGINE_DEPTH).search(state).move)
    verdict = check.replies(answer)
    assert verdict.correct is True
    assert "X wins on ply 2 from here if O plays 1, 2, 4, 7 or 8 and on ply 4 from here if O plays 3" in verdict.text


# --- hint first: a typical wrong answer gets a hint, the second try the answer ----------------------

HINT_FIRST = [
    (check.evaluation, 3, "2"),
    (check.two_ply, 2, "1"),
    (check.winner, without_diagonals, "The right result is"),
    (check.safe_depth, 9, "6"),
    (check.replies, (3, 3), "(1, 3)"),
    (check.quiz_1, "b", "'a'"),
    (check.quiz_2, "a", "'b'"),
    (check.quiz_3, "b", "'a'"),
]
"""Each exercise with a typical wrong answer, and its answer as the feedback writes it."""


(test_a_first_wrong_try_gets_a_hint_and_the_second_the_answer,
 test_every_exercise_has_a_hint_first_case) = hint_first_tests(check, HINT_FIRST, slow={check.winner})


# --- typical mistakes are named ----------------------------------------------------------------------

MISTAKES = [
    (check.evaluation, 3, "That counts X's open lines alone"),
    (check.evaluation, 1, "That is O's count alone"),
    (check.evaluation, -2, "The sign is reversed"),
    (check.evaluation, 0, "The two diagonals are winning lines too"),
    (check.evaluation, 2 / 9, "That is the scaled evaluation"),
    (check.evaluation, "2", "The answer is a number"),
    (check.two_ply, 2, "O chooses the answer, and O takes the smallest"),
    (check.two_ply, -2, "X takes the largest of O's minima"),
    (check.two_ply, 4, "That is the value one move ahead"),
    (check.winner, without_diagonals, "Look at the diagonals too"),
    (check.winner, empty_lines_win, "Three empty squares in a row are not a win"),
    (check.winner, true_or_false, "not True or False"),
    (check.safe_depth, 9, "a trap takes only a few moves"),
    (check.safe_depth, 5, "At that depth a short sequence still beats it"),
    (check.safe_depth, 1, "does not even see X's threat"),
    (check.replies, (3, 3), "Plain minimax does not block"),
    (check.replies, (1, 1), "The engine does not give up"),
    (check.replies, (3, 1), "The two are swapped"),
    (check.replies, 3, "The answer is a tuple of 2"),
    (check.replies, (2, 3), "plays the first empty square, 1"),
    (check.quiz_1, "b", "every first move a draw"),
    (check.quiz_1, "c", "O's count is 0 every time"),
    (check.quiz_1, "d", "Answer with one of the letters a, b or c"),
    (check.quiz_2, "a", "That is what the depth-adjusted engine does"),
    (check.quiz_2, "c", "there is no horizon, and no heuristic"),
    (check.quiz_3, "b", "pruning never changes the answer"),
    (check.quiz_3, "c", "This search has no heuristic"),
]


test_typical_mistakes_are_named = pytest.mark.slow(typical_mistakes_test(MISTAKES))


@pytest.mark.slow
def test_winner_names_the_smallest_board_it_gets_wrong():
    verdict = check.winner(without_diagonals)
    assert verdict.failing == ("..X.X.XOO",) and "wrong on 267 of 5483 cases" in verdict.text
    assert "'X'" not in verdict.text          # the right result waits for the second try


@pytest.mark.slow
def test_the_packages_own_win_test_is_rejected():
    verdict = check.winner(asks_the_package)
    assert verdict.correct is False and "refuses boards play cannot reach" in verdict.text
    assert check.winner(check.reference_winner).correct is False   # the check's own answer key


# --- Check yourself --------------------------------------------------------------------------------

test_check_yourself_right_answers_are_confirmed = check_yourself_test([
    (check.quiz_1, " A ", "4 through the centre, 3 through a corner, 2 through an edge"),
    (check.quiz_2, "b", "every move of O has value +1, and of equal values the search keeps the first: square 1"),
    (check.quiz_3, "a", "shows only to a search of depth 5 or more, so O, one ply earlier, needed 6"),
])


# --- not answered yet -----------------------------------------------------------------------------

test_unanswered_exercises_say_so_and_do_not_raise = unanswered_test(check)


def test_an_unfinished_win_test_is_not_answered_yet():
    def winner(board):
        raise NotImplementedError
    assert check.winner(winner).correct is None


test_anything_gets_a_verdict = anything_test([check.evaluation, check.two_ply, check.safe_depth, check.replies, check.winner])
