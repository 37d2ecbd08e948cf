"""Lesson 07's exercises answered with the solutions the lesson shows (correct), with typical
mistakes (not correct, the mistake named), and not at all (not answered yet)."""

import re
from fractions import Fraction

import pytest
from lesson_notebooks import cell_source, lesson_cells, solution_blocks, solution_namespace

from minimax_lab.checks import several_players_and_chance as check
from minimax_lab.search.beyond import Chance, deviations, expectiminimax, maxn

CELLS = lesson_cells("09_several_players_and_chance.ipynb")
SOLUTIONS = solution_blocks(CELLS)
ANSWERS = {"my_value": check.en_prise_value, "my_vector": check.root_vector, "my_nodes": check.deviating_nodes,
           "my_chance_value": check.chance_value, "my_child": check.ucb_child}


def solution(name):
    """Return the value the lesson's solution block assigns to `name`."""
    return solution_namespace(SOLUTIONS, name, {"Fraction": Fraction})[name]


def markdown_python(containing):
    """Return the value of the ```python block of a markdown cell (outside <details>) containing `containing`."""
    for cell in CELLS:
        text = cell_source(cell)
        if cell["cell_type"] == "markdown" and "<details>" not in text:
            for block in re.findall(r"```python\n(.*?)```", text, re.S):
                if containing in block:
                    return eval(block, {"Chance": Chance, "Fraction": Fraction})
    raise AssertionError(f"no python block containing {containing!r}")


def test_the_lesson_shows_a_solution_for_every_exercise():
    assert len(SOLUTIONS) == len(ANSWERS)
    for name in ANSWERS:
        stub = [cell for cell in CELLS if cell["cell_type"] == "code"
                and cell_source(cell).startswith(f"{name} = ...")]
        assert len(stub) == 1, name


def test_the_lesson_asks_what_the_checks_check():
    """The trees and numbers the lesson's prompts show are the checks' data."""
    assert markdown_python("(3, 1, 5)") == check.VECTOR_TREE
    shown = markdown_python("Chance(")
    assert [[(p, child) for p, child in node.outcomes] for node in shown] == \
        [[(p, child) for p, child in node.outcomes] for node in check.CHANCE_TREE]
    code = "\n".join(cell_source(cell) for cell in CELLS if cell["cell_type"] == "code")
    assert "queen = [[1, 0],     # guard" in code and check.QUEEN == [[1, 0], [-9, 12]]
    assert "centipede = [(1, 0), [(0, 2), [(3, 1), [(2, 4), (5, 3)]]]]" in code
    assert check.CENTIPEDE == [(1, 0), [(0, 2), [(3, 1), [(2, 4), (5, 3)]]]]
    prompts = "\n".join(cell_source(cell) for cell in CELLS if cell["cell_type"] == "markdown")
    assert "one time in four" in prompts and check.CAPTURE == Fraction(1, 4)
    assert "(12, 8), (6, 3) and\n(2, −1)" in prompts and check.UCB_CHILDREN == ((12, 8), (6, 3), (2, -1))
    assert "After 20 playouts" in prompts and check.UCB_PARENT == 20


# --- the solutions are correct ---------------------------------------------------------------------

@pytest.mark.parametrize("name, starts", [
    ("my_value", "Correct: 27/4. 1/4 × (-9) + 3/4 × 12 = 27/4, against 1/2 for guarding"),
    ("my_vector", "Correct: (4, 4, 4). C picks (3, 1, 5), (4, 4, 4), (1, 2, 7) and (7, 1, 3)"),
    ("my_nodes", "Correct: [1][1][1]. With everyone passing the game ends at (5, 3)"),
    ("my_chance_value", "Correct: 4. The gambles are worth 7/2 and 4"),
    ("my_child", "Correct: 1. UCB1 = 0.667 + 0.707 = 1.373, 0.500 + 0.999 = 1.499"),
])
def test_solutions_are_correct(name, starts, capsys):
    verdict = ANSWERS[name](solution(name))
    assert verdict.correct is True and verdict.text.startswith(starts)
    assert capsys.readouterr().out == verdict.text + "\n"


def test_answers_are_computed_by_the_package():
    assert check.plan_values(check.CAPTURE) == [Fraction(1, 2), Fraction(27, 4)]
    assert maxn(check.VECTOR_TREE).value == (4, 4, 4)
    assert deviations(check.CENTIPEDE, check.PASS_EVERYWHERE) == [(1, 1, 1)]
    assert expectiminimax(check.CHANCE_TREE).value == 4
    scores = check.ucb_scores()
    assert scores.index(max(scores)) == 1 and [round(s, 3) for s in scores] == [1.373, 1.499, 1.231]


def test_answers_in_other_forms_are_accepted():
    assert check.en_prise_value(6.75).correct is True
    assert check.deviating_nodes("[1][1][1]").correct is True
    assert check.deviating_nodes([(1, 1, 1)]).correct is True
    assert check.root_vector([4, 4, 4]).correct is True


# --- typical mistakes are named ----------------------------------------------------------------------

MISTAKES = [
    (check.en_prise_value, 12, "against an opponent who never takes the queen"),
    (check.en_prise_value, -9, "always takes it, a perfect opponent"),
    (check.en_prise_value, Fraction(3, 2), "takes it half the time"),
    (check.en_prise_value, Fraction(-15, 4), "You swapped the probabilities"),
    (check.en_prise_value, 0, "minimax's value, from guarding the queen"),
    (check.en_prise_value, "27/4", "The answer is a number"),
    (check.root_vector, (7, 1, 3), "That is the best leaf for A"),
    (check.root_vector, (2, 6, 2), "assumes B and C play against A"),
    (check.root_vector, 4, "The answer is a tuple of 3"),
    (check.deviating_nodes, {(), (1,), (1, 1), (1, 1, 1)}, "Backward induction's profile takes everywhere"),
    (check.deviating_nodes, set(), "Look at the last node"),
    (check.deviating_nodes, {(1, 1)}, "The answer is [1][1][1]"),
    (check.deviating_nodes, 3, "is not a collection of paths"),
    (check.chance_value, 2, "treats the chance nodes as MIN"),
    (check.chance_value, 10, "treats the chance nodes as MAX"),
    (check.chance_value, Fraction(11, 2), "as if they were equally likely"),
    (check.ucb_child, 0, "Child 0 has the best mean"),
    (check.ucb_child, 2, "Child 2 has the fewest visits"),
    (check.quiz_1, "a", "a modelled plan guarantees nothing when the model is wrong"),
    (check.quiz_1, "c", "the queen's position has no dice"),
    (check.quiz_2, "a", "Order is enough for minimax"),
    (check.quiz_2, "c", "Squaring"),
    (check.quiz_3, "b", "flat Monte Carlo"),
    (check.quiz_3, "c", "the visits pile up on the best move"),
    (check.quiz_3, "d", "Answer with one of the letters a, b or c"),
]


@pytest.mark.parametrize("exercise, answer, named", MISTAKES)
def test_typical_mistakes_are_named(exercise, answer, named):
    exercise(answer)
    verdict = exercise(answer)   # the second wrong try: the hint and the answer with its why
    assert verdict.correct is False and named in verdict.text


def test_a_wrong_answer_does_not_give_the_solution_away():
    assert "27/4" not in check.en_prise_value(5).text
    assert "(4, 4, 4)" not in check.root_vector((1, 2, 7)).text
    assert "[1][1][1]" not in check.deviating_nodes({()}).text.split("Missing")[0].split("Not in")[0]


# --- Check yourself --------------------------------------------------------------------------------

@pytest.mark.parametrize("quiz, right", [(check.quiz_1, "b"), (check.quiz_2, " B "), (check.quiz_3, "a")])
def test_check_yourself_right_answers_are_confirmed(quiz, right):
    verdict = quiz(right)
    assert verdict.correct is True and verdict.text.startswith("Correct: ")


def test_quiz_3_quotes_uct_s_measured_replies():
    assert check.corner_choices() == {100: 6, 1000: 6, 3000: 4}
    assert "6 with 100, 6 with 1,000 and 4 with 3,000 playouts; only 4 (the centre) draws" in check.quiz_3("a").text


# --- not answered yet -----------------------------------------------------------------------------

@pytest.mark.parametrize("exercise", [*ANSWERS.values(), check.quiz_1, check.quiz_2, check.quiz_3])
def test_unanswered_exercises_say_so_and_do_not_raise(exercise, capsys):
    verdict = exercise(...)
    assert verdict.correct is None and verdict.text.startswith("Not answered yet: ")
    assert capsys.readouterr().out == verdict.text + "\n"


@pytest.mark.parametrize("exercise", list(ANSWERS.values()))
@pytest.mark.parametrize("answer", [None, [17], float("nan"), True, "x"])
def test_anything_gets_a_verdict(exercise, answer):
    assert exercise(answer).correct is False
