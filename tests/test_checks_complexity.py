"""Lesson 05's exercises answered with the solutions the lesson shows (correct), with typical
mistakes (not correct, the mistake named), and not at all (not answered yet)."""

import re

import pytest
from lesson_notebooks import cell_source, lesson_cells, solution_blocks, solution_namespace

from minimax_lab.analysis.experiments import effective_branching_factor, measure, pearl_branching
from minimax_lab.checks import complexity as check

CELLS = lesson_cells("06_complexity.ipynb")
SOLUTIONS = solution_blocks(CELLS)


def solution(name):
    """Return the value the lesson's solution block assigns to `name`."""
    return solution_namespace(SOLUTIONS, name)[name]


def test_the_lesson_shows_a_solution_for_every_exercise():
    assert len(SOLUTIONS) == 3
    assert {name for name in ("my_count", "my_prediction", "my_b_star")
            if any(re.search(rf"^{name} = ", block, re.M) for block in SOLUTIONS)} == {
        "my_count", "my_prediction", "my_b_star"}


def test_the_lesson_asks_what_the_checks_check():
    """The node count shown for "estimate b*" is the one the check solves for."""
    shown = [cell for cell in CELLS if cell["cell_type"] == "code"
             and cell_source(cell).startswith('measure(3, 8, "alphabeta", "random", seed=0)["nodes"]')]
    assert len(shown) == 1 and check.B_STAR == (3, 8, 0)
    assert check.KNUTH_MOORE == (3, 4) and check.CURVE == (3, 12) and list(check.SEEDS) == [0, 1, 2]


# --- the solutions are correct ---------------------------------------------------------------------

def test_knuth_moore_solution_is_correct():
    verdict = check.knuth_moore_count(solution("my_count"))
    assert verdict.correct is True and verdict.text.startswith("Correct: 17. Best-first alpha-beta")


def test_next_point_solution_is_correct():
    verdict = check.next_point(solution("my_prediction"))
    assert verdict.correct is True and "like the last plies (×2.23 to ×2.67)" in verdict.text


@pytest.mark.parametrize("growth", [2.23, 2.5, 2.7])
def test_next_point_accepts_any_growth_read_off_the_last_plies(growth):
    before = check.random_order_leaves(check.CURVE[0], check.CURVE[1] - 1)
    assert check.next_point(round(before * growth)).correct is True


@pytest.mark.parametrize("growth", [1.73, 2.95])
def test_next_point_refuses_a_growth_the_curve_does_not_show(growth):
    before = check.random_order_leaves(check.CURVE[0], check.CURVE[1] - 1)
    assert check.next_point(round(before * growth)).correct is False


def test_b_star_solution_is_correct():
    verdict = check.b_star(solution("my_b_star"))
    assert verdict.correct is True and "b* = 2.405" in verdict.text


def test_b_star_accepts_both_roundings_and_refuses_just_outside():
    row = measure(3, 8, "alphabeta", "random", seed=0)
    exact = effective_branching_factor(row["nodes"], 8)
    assert check.b_star(round(exact, 2)).correct is True
    assert check.b_star(round(exact + check.B_STAR_TOLERANCE * 1.5, 3)).correct is False


# --- typical mistakes are named ----------------------------------------------------------------------

DEPTH_11 = 16311          # the random-order mean at depth 11 the lesson's table shows
MISTAKES = [
    (check.knuth_moore_count, 81, "That is every leaf, b^d = 3^4"),
    (check.knuth_moore_count, 9, "one player's strategy alone"),
    (check.knuth_moore_count, 18, "counted twice"),
    (check.knuth_moore_count, 37, "counts every node of the minimal tree"),
    (check.knuth_moore_count, 27, "rule of thumb for random order"),
    (check.knuth_moore_count, "17", "The answer is a number"),
    (check.next_point, DEPTH_11 * 3, "×3 is b, minimax's growth per ply"),
    (check.next_point, DEPTH_11 * 3 ** 0.5, "×√3 is the best order's growth"),
    (check.next_point, round(pearl_branching(3) ** 12), "R^d is Pearl's rate of growth, not a count"),
    (check.next_point, 3 ** 9, "b^(3d/4) is a rule of thumb for the growth, not the count"),
    (check.next_point, 100_000, "is too high"),
    (check.next_point, "many", "the answer is a number of leaves"),
    (check.b_star, 2.387, "If you computed leaves^(1/d)"),
    (check.b_star, 2.572, "If you computed (N + 1)^(1/d)"),
    (check.b_star, 2.76, "If you computed b* for depth d - 1"),
    (check.b_star, 2.5, "too large for N + 1 = 1,916"),
    (check.b_star, 2, "too small for N + 1 = 1,916"),
    (check.b_star, -2.4, "b* is a positive number"),
    (check.quiz_1, "a", "the bound is about proofs, not about alpha-beta"),
    (check.quiz_1, "c", "Random order is not the best case"),
    (check.quiz_1, "d", "Answer with one of the letters a, b or c"),
    (check.quiz_2, "a", "Not for large b: for b = 1000, R = 189.9 is above b^(3/4) = 177.8"),
    (check.quiz_2, "c", "Not for small b: for b = 35, R = 12.8 is below b^(3/4) = 14.4"),
    (check.quiz_3, "a", "b is minimax's b*"),
    (check.quiz_3, "c", "rule of thumb for random order"),
]


@pytest.mark.parametrize("exercise, answer, named", MISTAKES)
def test_typical_mistakes_are_named(exercise, answer, named):
    verdict = exercise(answer)
    assert verdict.correct is False and named in verdict.text


# --- Check yourself --------------------------------------------------------------------------------

@pytest.mark.parametrize("quiz, right", [(check.quiz_1, "b"), (check.quiz_2, " B "), (check.quiz_3, "b")])
def test_check_yourself_right_answers_are_confirmed(quiz, right):
    verdict = quiz(right)
    assert verdict.correct is True and verdict.text.startswith("Correct: ")


def test_quiz_2_has_exactly_one_true_statement():
    assert check.pearl_statements() == {"a": False, "b": True, "c": False}


# --- not answered yet -----------------------------------------------------------------------------

@pytest.mark.parametrize("exercise", [check.knuth_moore_count, check.next_point, check.b_star,
                                      check.quiz_1, check.quiz_2, check.quiz_3])
def test_unanswered_exercises_say_so_and_do_not_raise(exercise, capsys):
    verdict = exercise(...)
    assert verdict.correct is None and verdict.text.startswith("Not answered yet: ")
    assert capsys.readouterr().out == verdict.text + "\n"


@pytest.mark.parametrize("exercise", [check.knuth_moore_count, check.next_point, check.b_star])
@pytest.mark.parametrize("answer", [None, [17], float("nan"), True])
def test_anything_gets_a_verdict(exercise, answer):
    assert exercise(answer).correct is False
