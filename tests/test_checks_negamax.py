"""Lesson 02's exercises answered with the solutions the lesson shows (correct), with typical
mistakes (not correct, the mistake named), and not at all (not answered yet)."""

import re

import pytest
from lesson_notebooks import cell_source, lesson_cells, solution_blocks

from minimax_lab import INF
from minimax_lab.checks import negamax as check
from minimax_lab.core.trees import is_leaf

CELLS = lesson_cells("02_negamax.ipynb")
SOLUTIONS = solution_blocks(CELLS)


def code_cell(starts_with, containing=""):
    """Return the source of the lesson's one code cell that starts with `starts_with` and holds `containing`."""
    found = [cell_source(cell) for cell in CELLS if cell["cell_type"] == "code"
             and cell_source(cell).startswith(starts_with) and containing in cell_source(cell)]
    assert len(found) == 1, f"expected one code cell starting {starts_with!r}, found {len(found)}"
    return found[0]


def solution(name):
    """Return the namespace of the lesson's solution that defines `name`, run beside what the lesson gives."""
    blocks = [block for block in SOLUTIONS if re.search(rf"^(def )?{name}\b", block, re.M)]
    assert len(blocks) == 1, f"expected one solution defining {name}, found {len(blocks)}"
    namespace = {"is_leaf": is_leaf, "INF": INF}
    if name == "min_value":  # step 3's max_value, as the lesson gives it, calls the student's min_value
        exec(code_cell("def max_value", "-min_value(child)"), namespace)
    exec(blocks[0], namespace)
    return namespace


def with_change(source, old, new, namespace=None):
    """Run `source` with `old` replaced by `new` (exactly once) in a namespace; return the namespace."""
    assert source.count(old) == 1, f"{old!r} is not in the source exactly once"
    namespace = {"is_leaf": is_leaf, "INF": INF} if namespace is None else namespace
    exec(source.replace(old, new), namespace)
    return namespace


def test_the_lesson_shows_a_solution_for_every_exercise():
    assert len(SOLUTIONS) == 3
    assert {name for name in ("my_values", "min_value", "my_bug", "fixed_negamax")
            if any(re.search(rf"^(def )?{name}\b", block, re.M) for block in SOLUTIONS)} == {
        "my_values", "min_value", "my_bug", "fixed_negamax"}


# --- negate the right thing ------------------------------------------------------------------------

def test_side_to_move_values_solution_is_correct():
    verdict = check.side_to_move_values(solution("my_values")["my_values"])
    assert verdict.correct is True and verdict.text.startswith("Correct: (6, -6, 8, -8).")


# Typical wrong answers to the predict-then-check exercises and the Check yourself questions, each
# with the words of the verdict that name the mistake.
MISTAKES = [
    (check.side_to_move_values, (6, 6, 8, 8), "Those are minimax's values"),
    (check.side_to_move_values, (-6, -6, -8, -8), "You negated every value"),
    (check.side_to_move_values, (-6, 6, -8, 8), "You negated at MAX's nodes instead of MIN's"),
    (check.side_to_move_values, (6, -6, 8, 8), "The leaf too has a player to move"),
    (check.side_to_move_values, 6, "The answer is a tuple of 4"),
    (check.the_bug, "a", "color * tree is the leaf's value for the player to move"),
    (check.the_bug, "c", "a maximum starts below every value"),
    (check.the_bug, " D ", "the child gets -color"),
    (check.the_bug, "e", "Answer with one letter: a, b, c, d"),
    (check.the_bug, 2, "Answer with one letter"),
    (check.quiz_1, 1, "That is X's score"),
    (check.quiz_2, "c", "Negamax visits exactly minimax's nodes (13 and 13"),
    (check.quiz_2, "b", "the negation of minimax's"),
    (check.quiz_3, "c", "negamax handles draws"),
    (check.quiz_3, "a", "Tic-tac-toe's players alternate"),
]


@pytest.mark.parametrize("exercise, answer, named", MISTAKES)
def test_typical_mistakes_are_named(exercise, answer, named):
    verdict = exercise(answer)
    assert verdict.correct is False and named in verdict.text


# --- step 3 of the derivation ------------------------------------------------------------------------

def test_step_3_solution_is_correct():
    verdict = check.step_3(solution("min_value")["min_value"])
    assert verdict.correct is True and verdict.text == "Correct: min_value gives the right result on all 41 cases."


def test_step_3_still_returning_the_absolute_value_is_named_as_the_wrong_sign():
    """The typical mistake: step 2's return -best kept, so min_value returns MAX's value."""
    source = [block for block in SOLUTIONS if block.startswith("def min_value")][0]
    namespace = with_change(source, "    return best\n", "    return -best\n",
                            solution("min_value"))
    verdict = check.step_3(namespace["min_value"])
    assert verdict.correct is False
    assert "returned" in verdict.text and "the right result is" not in verdict.text
    assert "The right result is" in check.step_3(namespace["min_value"]).text
    assert "the sign is wrong: min_value must return MIN's own score" in verdict.text


def test_step_3_with_the_leaf_not_negated_is_not_correct():
    source = [block for block in SOLUTIONS if block.startswith("def min_value")][0]
    namespace = with_change(source, "return -tree", "return tree", solution("min_value"))
    verdict = check.step_3(namespace["min_value"])
    assert verdict.correct is False and verdict.failing is not None
    assert "the sign is wrong" in verdict.text


# --- spot the bug ---------------------------------------------------------------------------------

def test_the_bug_solution_is_correct():
    verdict = check.the_bug(solution("my_bug")["my_bug"])
    assert verdict.correct is True and "without the minus sign" in verdict.text


def test_fixed_negamax_solution_is_correct():
    verdict = check.fixed_negamax(solution("fixed_negamax")["fixed_negamax"])
    assert verdict.correct is True and verdict.text == "Correct: fixed_negamax gives the right result on all 82 cases."


def test_the_broken_negamax_as_the_lesson_shows_it_is_not_correct():
    namespace = {"is_leaf": is_leaf, "INF": INF, "figure": check.FIG_5_2, "lab": __import__("minimax_lab")}
    exec(code_cell("def negamax_value"), namespace)
    verdict = check.fixed_negamax(namespace["negamax_value"])
    assert verdict.correct is False and re.search(r"negamax_value\(.*\) returned ", verdict.text)
    assert "The right result is" in check.fixed_negamax(namespace["negamax_value"]).text


def test_fixed_negamax_with_the_leaf_read_for_max_is_named_as_the_wrong_sign():
    """Negating the child but returning MAX's utility at every leaf: wrong side at the leaves."""
    source = [block for block in SOLUTIONS if "def fixed_negamax" in block][0]
    namespace = with_change(source, "return color * tree", "return tree")
    verdict = check.fixed_negamax(namespace["fixed_negamax"])
    assert verdict.correct is False
    assert "the sign is wrong: a value is read from the wrong player's side" in verdict.text


# --- Check yourself --------------------------------------------------------------------------------

@pytest.mark.parametrize("quiz, right", [(check.quiz_1, -1), (check.quiz_2, "a"), (check.quiz_3, " B")])
def test_check_yourself_right_answers_are_confirmed(quiz, right):
    verdict = quiz(right)
    assert verdict.correct is True and verdict.text.startswith("Correct: ")


# --- not answered yet -----------------------------------------------------------------------------

def unanswered_function(*args):
    raise NotImplementedError


@pytest.mark.parametrize("exercise, answer", [
    (check.side_to_move_values, ...), (check.step_3, ...), (check.step_3, unanswered_function),
    (check.the_bug, ...), (check.fixed_negamax, unanswered_function),
    (check.quiz_1, ...), (check.quiz_2, ...), (check.quiz_3, ...),
])
def test_unanswered_exercises_say_so_and_do_not_raise(exercise, answer, capsys):
    verdict = exercise(answer)
    assert verdict.correct is None and verdict.text.startswith("Not answered yet: ")
    assert capsys.readouterr().out == verdict.text + "\n"


@pytest.mark.parametrize("exercise", [check.step_3, check.fixed_negamax])
@pytest.mark.parametrize("answer", [42, lambda *args: 1 / 0, lambda *args: "three"])
def test_a_function_exercise_gives_a_verdict_on_anything(exercise, answer):
    assert exercise(answer).correct is False
