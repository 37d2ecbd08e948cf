"""Tests for minimax_lab.checks.minimax_values: every exercise of lesson 01 answered with the solution the
lesson shows (correct), with a typical mistake (not correct, the mistake named), and not at all."""

import re

import pytest
from lesson_notebooks import cell_source, lesson_cells, solution_blocks

from minimax_lab import TreeGame, minimax
from minimax_lab.checks import minimax_values as check
from minimax_lab.checks.practice import ValuePractice
from minimax_lab.core.trees import is_leaf

CELLS = lesson_cells("01_minimax_values.ipynb")
SOLUTIONS = solution_blocks(CELLS)
INF = float("inf")


def solution_defining(name):
    """Return the solution block that assigns or defines `name`."""
    (block,) = [code for code in SOLUTIONS if re.search(rf"^(def )?{name}\b", code, flags=re.M)]
    return block


def code_cell_defining(name):
    (cell,) = [cell for cell in CELLS if cell["cell_type"] == "code" and f"def {name}(" in cell_source(cell)]
    return cell_source(cell)


def lesson_functions(min_value_code):
    """Return the lesson's max_value with `min_value_code` as its MIN half, in one namespace."""
    namespace = {"is_leaf": is_leaf}
    exec(code_cell_defining("max_value"), namespace)
    exec(min_value_code, namespace)
    return namespace["min_value"]


def answer(name):
    namespace = {}
    exec(solution_defining(name), namespace)
    return namespace[name]


# --- predict the move --------------------------------------------------------------------------------

def test_the_predicted_move_solution_is_correct(capsys):
    verdict = check.predicted_move(answer("my_move"))
    assert verdict.correct is True
    assert verdict.text == ("Correct: 2. After move 2, MIN can hold you to 6; after moves 0 and 1 only "
                            "to 4 and 3.")
    assert capsys.readouterr().out == verdict.text + "\n"


def test_the_move_toward_the_largest_leaf_is_named():
    verdict = check.predicted_move(1)
    assert verdict.correct is False
    assert "After move 1, MIN can hold you to 3. It leads to the largest leaf, 8" in verdict.text


def test_the_move_that_forgets_the_bottom_max_level_is_named():
    verdict = check.predicted_move(0)
    assert verdict.correct is False
    assert "that level is MAX's: there you take the larger leaf" in verdict.text


def test_a_move_that_does_not_exist_is_told_the_moves():
    assert "The moves at the root are 0, 1 and 2" in check.predicted_move(3).text
    assert check.predicted_move("2").text.startswith("Not correct: you said '2'. The answer is a number.")


def test_the_move_is_the_search_s_own():
    assert check.predicted_move(minimax(check.MOVE_TREE).move).correct is True
    assert check.move_values(check.MOVE_TREE) == [minimax(TreeGame(check.MOVE_TREE), (m,)).value for m in range(3)]


# --- write min_value -----------------------------------------------------------------------------------

STUB = '''
def min_value(tree):
    raise NotImplementedError  # your code here
'''

MISTAKES = {
    "v starts at −∞": ("v = INF", "v = -INF"),
    "minimizes at every level": ("min(v, max_value(child))", "min(v, min_value(child))"),
    "MAX to move at the root": ("min(v, max_value(child))", "max(v, max_value(child))"),
    "never comes down from +∞": ("min(v, max_value(child))", "max(v, max_value(child))"),
    "return the leaf itself": ("    if is_leaf(tree):\n        return tree\n", ""),
}
"""Each typical mistake: (the solution's text, what the mistake writes instead), by what the verdict says."""


def test_the_min_value_solution_is_correct():
    verdict = check.min_value(lesson_functions(solution_defining("min_value")))
    assert verdict.correct is True
    assert verdict.text == "Correct: min_value gives the right result on all 41 cases."


def test_the_stub_is_not_answered_yet(capsys):
    verdict = check.min_value(lesson_functions(STUB))
    assert verdict.correct is None and verdict.text.startswith("Not answered yet: ")
    assert "Traceback" not in capsys.readouterr().out


def test_the_lesson_stores_the_stub():
    assert "raise NotImplementedError" in code_cell_defining("min_value")


@pytest.mark.parametrize("named", MISTAKES)
def test_a_typical_min_value_mistake_is_named(named):
    right, wrong = MISTAKES[named]
    code = solution_defining("min_value")
    if named == "MAX to move at the root":
        code = code.replace("v = INF", "v = -INF")
    assert right in code
    verdict = check.min_value(lesson_functions(code.replace(right, wrong)))
    assert verdict.correct is False
    assert verdict.text.startswith("Not correct: ") and "min_value([" in verdict.text
    assert named in verdict.text.splitlines()[-1]
    assert verdict.failing is not None


def test_a_wrong_min_value_is_shown_on_its_smallest_failing_tree():
    code = solution_defining("min_value").replace("min(v, max_value(child))", "min(v, min_value(child))")
    verdict = check.min_value(lesson_functions(code))
    (tree,) = verdict.failing
    assert f"min_value({tree!r}) returned" in verdict.text
    assert check.min_root_value(tree) != check.all_min(tree)
    assert check.draw_min_root(tree).summary.startswith("tree drawing")


def test_a_min_value_that_is_not_a_function_gets_a_verdict():
    assert check.min_value(3).correct is False


# --- who moves first -------------------------------------------------------------------------------------

def test_the_max_first_solution_is_correct():
    verdict = check.max_first_value(answer("my_value"))
    assert verdict.correct is True
    assert verdict.text == ("Correct: 6. MAX's nodes above the leaves are worth 5, 9, 7, 6; MIN's "
                            "nodes 5 and 6; MAX takes 6.")


@pytest.mark.parametrize("wrong, named", [(3, "the value with MIN moving first"),
                                          (9, "the largest leaf"),
                                          (-3, "does not negate the value")])
def test_a_typical_max_first_mistake_is_named(wrong, named):
    verdict = check.max_first_value(wrong)
    assert verdict.correct is False and named in verdict.text


def test_max_first_unanswered():
    assert check.max_first_value(...).correct is None


# --- Check yourself ----------------------------------------------------------------------------------------

QUESTIONS = [check.quiz_1, check.quiz_2, check.quiz_3, check.quiz_4]


def test_the_check_yourself_answers_are_correct():
    calls = re.findall(r"check\.(quiz_\d)\((.*)\)", solution_defining("check"))
    assert [name for name, _ in calls] == [question.__name__ for question in QUESTIONS]
    for question, (_, given) in zip(QUESTIONS, calls):
        assert question(eval(given)).correct is True


@pytest.mark.parametrize("question, wrong, named", [
    (check.quiz_1, "a", "alpha-beta"),
    (check.quiz_1, "c", "never at random"),
    (check.quiz_2, "b", "1,111 nodes are visited, but one after the other"),
    (check.quiz_3, 1000, "That is the leaves"),
    (check.quiz_3, 30, "space bound"),
    (check.quiz_4, "a", "any other MIN"),
    (check.quiz_4, "b", "can give MAX more"),
])
def test_a_wrong_check_yourself_answer_is_explained(question, wrong, named):
    verdict = question(wrong)
    assert verdict.correct is False and named in verdict.text


@pytest.mark.parametrize("question", QUESTIONS)
def test_check_yourself_unanswered(question):
    assert question(...).text.startswith("Not answered yet: ")


# --- the value practice widget, as the lesson shows it ----------------------------------------------------

def lesson_practice():
    (cell,) = [cell_source(cell) for cell in CELLS if cell["cell_type"] == "code" and "ValuePractice(" in cell_source(cell)]
    namespace = {"ValuePractice": ValuePractice}
    exec(cell.splitlines()[0], namespace)
    return namespace["practice"]


def test_the_practice_solution_is_correct():
    practice = lesson_practice()
    assert practice.answer(practice.values).startswith("Correct: all 7 values are right")


def test_a_wrong_practice_value_is_named_with_its_children():
    practice = lesson_practice()
    values = dict(practice.values)
    values[()] = values[(0,)]  # the root given MIN's choice instead of MAX's
    text = practice.answer(values)
    assert text.startswith("Not correct: 6 of 7 right.")
    assert "root (MAX): you said" in text and "MAX picks the largest" in text


def test_the_practice_starts_unanswered():
    practice = lesson_practice()
    assert practice.answer({path: box.value for path, box in practice.boxes.items()}).startswith(
        "Not answered yet")


# --- the lesson as stored ---------------------------------------------------------------------------------

def test_every_exercise_is_stored_unanswered():
    outputs = ["".join(output.get("text", "")) for cell in CELLS if cell["cell_type"] == "code"
               and "check." in cell_source(cell) for output in cell["outputs"]]
    lines = [line for text in outputs for line in text.splitlines()]
    assert len(lines) == 7 and all(line.startswith("Not answered yet: ") for line in lines)
