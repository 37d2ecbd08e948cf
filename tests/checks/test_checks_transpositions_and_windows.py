"""Lesson 05's exercises answered with the solutions the lesson shows (correct), with typical
mistakes (not correct, the mistake named, the answer held back until the second try), and not at all
(not answered yet)."""


import pytest
from hint_first import assert_hint_first, exercises_of
from lesson_notebooks import (lesson_cells, one_cell, shown_quiz_answers, solution_blocks, solution_namespace,
                              stored_function)

from minimax_lab import TranspositionTable
from minimax_lab.checks import transpositions_and_windows as check
from minimax_lab.core.table import bound_flag

CELLS = lesson_cells("05_transpositions_and_windows.ipynb")
SOLUTIONS = solution_blocks(CELLS)


def lesson_code(containing):
    """Return the source of the lesson's one code cell that contains `containing`."""
    return one_cell(CELLS, "code", containing)


def solution(name):
    """Return what the lesson's solution block assigning or defining `name` gives it."""
    return solution_namespace(SOLUTIONS, name)[name]


# --- settles functions a student might write ------------------------------------------------------------

def swaps_alpha_and_beta(flag, value, alpha, beta):
    """The typical slip: a lower bound compared with alpha, an upper bound with beta."""
    return flag == "exact" or (flag == "lower" and value <= alpha) or (flag == "upper" and value >= beta)


def always(flag, value, alpha, beta):
    """The naive table's rule: every stored value answers."""
    return True


def forgets_exact(flag, value, alpha, beta):
    return (flag == "lower" and value >= beta) or (flag == "upper" and value <= alpha)


def strict(flag, value, alpha, beta):
    """Bounds compared strictly: misses the values on the edge of the window."""
    return flag == "exact" or (flag == "lower" and value > beta) or (flag == "upper" and value < alpha)


def no_return(flag, value, alpha, beta):
    flag == "exact"


def uses_the_package(flag, value, alpha, beta):
    table = TranspositionTable()
    table.store("s", value, alpha - 1, beta + 1)
    return table.probe("s", alpha, beta) is not None


# --- the hint first, the answer on the second try --------------------------------------------------

HINT_FIRST = [
    (check.settles, swaps_alpha_and_beta, "The right result is False"),
    (check.cheaper_test, 0.5, "-0.5"),
    (check.mtdf_tests, 1, "2"),
    (check.quiz_1, "a", "'b'"),
    (check.quiz_2, "b", "'a'"),
    (check.quiz_3, "a", "'b'"),
    (check.quiz_4, "a", "'b'"),
]


@pytest.mark.parametrize("exercise, wrong, answer", HINT_FIRST, ids=lambda x: getattr(x, "__name__", None))
def test_a_first_wrong_try_gets_a_hint_and_the_second_the_answer(exercise, wrong, answer):
    assert_hint_first(exercise, wrong, answer)


def test_every_exercise_has_a_hint_first_case():
    assert {case[0] for case in HINT_FIRST} == exercises_of(check)


def test_the_lesson_shows_a_solution_for_every_exercise():
    assert len(SOLUTIONS) == 4       # three exercises and the Check yourself answers
    for name in ("settles", "my_test", "my_tests"):
        assert solution(name) is not None


def test_the_lesson_asks_what_the_checks_check():
    assert "game.state(check.CORNER)" in lesson_code("corner = ")
    assert "(0.5, -0.5)" in lesson_code("null_window(game, test=test)")
    assert check.TESTS == (0.5, -0.5)


# --- when does an entry settle a search? ------------------------------------------------------------

def test_the_settles_solution_is_correct():
    verdict = check.settles(solution("settles"))
    assert verdict.correct is True and f"all {len(check.SETTLES_CASES)} cases" in verdict.text


def test_the_cases_cover_every_flag_and_both_answers():
    answers = {(flag, check.settles_reference(flag, value, alpha, beta))
               for flag, value, alpha, beta in check.SETTLES_CASES}
    assert answers == {("exact", True), ("lower", True), ("lower", False), ("upper", True), ("upper", False)}


@pytest.mark.parametrize("student, case, named", [
    (swaps_alpha_and_beta, "('lower', -1, -1, 1) returned True", "the value reaches β"),
    (always, "('lower', -1, -inf, inf) returned True", "at least -1"),
    (forgets_exact, "('exact', -1, -inf, inf) returned False", "An exact entry is the position's value"),
    (strict, "('lower', 0, -1, 0) returned False", "at least 0"),
    (no_return, "returned None", "Return True or False"),
])
def test_settles_mistakes_show_the_first_failing_case_and_a_hint(student, case, named):
    verdict = check.settles(student)
    assert verdict.correct is False and case in verdict.text and named in verdict.text
    assert "The right result" not in verdict.text


def test_the_package_s_table_is_refused():
    verdict = check.settles(uses_the_package)
    assert verdict.correct is False and "called the package's TranspositionTable" in verdict.text


@pytest.mark.parametrize("given", [TranspositionTable.probe, bound_flag])
def test_the_package_s_own_functions_given_as_the_answer_are_refused(given):
    verdict = check.settles(given)
    assert verdict.correct is False and "called the package's" in verdict.text


# --- which question is cheaper, how many tests ------------------------------------------------------

def test_the_prediction_solutions_are_correct():
    assert check.cheaper_test(solution("my_test")).correct is True
    assert check.mtdf_tests(solution("my_tests")).correct is True


def test_the_predictions_are_computed():
    assert check.null_tests() == {0.5: (0, 16159), -0.5: (0, 966)}
    assert check.mtdf_run() == (0, 2)


@pytest.mark.parametrize("exercise, wrong, named", [
    (check.cheaper_test, 0.5, "Which is less work?"),
    (check.cheaper_test, 0, "Answer with one of the two tests"),
    (check.mtdf_tests, 1, "it proves a bound on one side only"),
    (check.mtdf_tests, 0, "it must make some"),
    (check.mtdf_tests, 5, "you said 5"),
])
def test_prediction_mistakes_are_named(exercise, wrong, named):
    verdict = exercise(wrong)
    assert verdict.correct is False and named in verdict.text


# --- not answered yet ---------------------------------------------------------------------------

def test_the_stored_exercises_are_not_answered_yet():
    verdicts = [check.settles(stored_function(CELLS, "settles")), check.cheaper_test(...), check.mtdf_tests(...)]
    assert [v.correct for v in verdicts] == [None, None, None]
    assert all(v.text.startswith("Not answered yet: ") for v in verdicts)
    assert "my_test = ..." in lesson_code("check.cheaper_test(")
    assert "my_tests = ..." in lesson_code("check.mtdf_tests(")


# --- Check yourself -----------------------------------------------------------------------------

QUIZZES = [check.quiz_1, check.quiz_2, check.quiz_3, check.quiz_4]


def test_the_answers_shown_are_correct():
    shown = shown_quiz_answers(SOLUTIONS)
    assert [number for number, _ in shown] == [1, 2, 3, 4]
    assert all(quiz(given).correct is True for quiz, (_, given) in zip(QUIZZES, shown))


@pytest.mark.parametrize("quiz, wrong, said", [
    (check.quiz_1, "a", "strictly inside the window"),
    (check.quiz_1, "c", "failed high"),
    (check.quiz_2, "b", "keyed by the whole board"),
    (check.quiz_2, "c", "order of the moves that led to it"),
    (check.quiz_3, "a", "can its result ever be exact?"),
    (check.quiz_3, "c", "which side of it is the result on?"),
    (check.quiz_4, "a", "PVS uses null windows too"),
    (check.quiz_4, "c", "needs several tests"),
    (check.quiz_4, "d", "Answer with one of the letters a, b or c"),
])
def test_wrong_answers_get_a_hint(quiz, wrong, said):
    verdict = quiz(wrong)
    assert verdict.correct is False and said in verdict.text


def test_the_quiz_explanations_carry_computed_numbers():
    assert "an upper bound" in check.quiz_1("b").text
    assert "the naive table says 1, the flags 0" in check.quiz_2("a").text
    assert "the value is at most 0" in check.quiz_3("b").text
    assert "PVS visits 18,016 nodes, with a table 4,532, MTD(f) 4,369" in check.quiz_4("b").text


@pytest.mark.parametrize("quiz", QUIZZES)
def test_quizzes_unanswered(quiz):
    assert quiz(...).correct is None
