"""Tests for minimax_lab/checks/start_here.py: the start notebook's exercise and questions answered
with the solution the notebook shows, with typical mistakes, and not at all."""

import pytest
from hint_first import assert_hint_first, exercises_of
from lesson_notebooks import lesson_cells, solution_blocks

from minimax_lab.checks import start_here as check

SOLUTIONS = solution_blocks(lesson_cells("00_start_here.ipynb"))


def test_the_notebook_shows_one_solution_for_its_one_exercise():
    assert len(SOLUTIONS) == 1


def test_the_solution_shown_is_correct(capsys):
    namespace: dict = {}
    exec(SOLUTIONS[0], namespace)
    verdict = check.best_move(namespace["my_move"])
    assert verdict.correct is True
    assert capsys.readouterr().out.startswith("Correct: 2. MIN answers move 0 with 4, move 1 with 1")


@pytest.mark.parametrize("answer, named", [
    (1, "largest leaf, 9, but MIN moves next and answers it with 1"),
    (0, "best on average, but MIN does not reply at random: it answers with 4"),
    (5, "5 is what MAX can guarantee; the answer is the move"),
    (7, "MAX's moves are 0, 1 and 2"),
    ("2", "The answer is a number."),
])
def test_a_wrong_move_is_not_correct_and_the_mistake_is_named(answer, named):
    verdict = check.best_move(answer)
    assert verdict.correct is False
    assert verdict.text.startswith("Not correct") and named in verdict.text


def test_the_stored_state_is_not_answered_yet_with_a_hint(capsys):
    verdict = check.best_move(...)
    assert verdict.correct is None
    assert capsys.readouterr().out.startswith("Not answered yet: for each of MAX's moves")


def test_the_exercise_tree_separates_the_three_ways_of_choosing():
    """The tree is chosen so that the largest leaf, the best average and minimax pick different moves."""
    values = check.reply_values(check.FIRST_CHOICE)
    largest = max(range(3), key=lambda move: max(check.FIRST_CHOICE[move]))
    average = max(range(3), key=lambda move: sum(check.FIRST_CHOICE[move]))
    assert len({largest, average, values.index(max(values))}) == 3


@pytest.mark.parametrize("question, right, wrong, named", [
    (check.quiz_1, "b", "a", "the 14 is not one it can get"),
    (check.quiz_1, "b", "c", "all 9 leaves"),
    (check.quiz_2, "b", "a", "about best play by both sides"),
    (check.quiz_2, "b", "c", "O can still hold X to a draw"),
])
def test_check_yourself(question, right, wrong, named):
    assert question(right).correct is True
    assert question(f" {right.upper()} ").correct is True
    mistake = question(wrong)
    assert mistake.correct is False and named in mistake.text
    assert question(...).correct is None


def test_a_question_answered_with_no_letter_asks_for_one():
    verdict = check.quiz_1(2)
    assert verdict.correct is False and "one of the letters a, b or c" in verdict.text


# --- hint first: a first wrong try gets a hint, the second the answer ---------------------------------

HINT_FIRST = [(check.best_move, 1, "2"), (check.quiz_1, "a", "'b'"), (check.quiz_2, "a", "'b'")]


@pytest.mark.parametrize("exercise, wrong, answer", HINT_FIRST)
def test_a_first_wrong_try_gets_a_hint_and_the_second_the_answer(exercise, wrong, answer):
    assert_hint_first(exercise, wrong, answer)


def test_every_exercise_has_a_hint_first_case():
    assert {case[0] for case in HINT_FIRST} == exercises_of(check)
