"""Tests for minimax_lab.checks.minimax_values: every exercise of lesson 01 answered with the solution the
lesson shows (correct), with a typical mistake (not correct, the mistake named: a hint first, the
answer on the second try), and not at all."""

import re

import pytest
from lesson_notebooks import cell_source, lesson_cells, solution_blocks

from hint_first import assert_hint_first, exercises_of
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


# --- a leaf seen by MIN -------------------------------------------------------------------------------

def test_the_min_utility_solution_is_correct():
    verdict = check.min_utility(answer("my_utility"))
    assert verdict.correct is True and verdict.text.startswith("Correct: -6.")
    assert answer("my_utility") == TreeGame(check.FIG_5_2).utility(check.LEAF, "MIN")


def test_max_s_utility_for_min_is_named_as_the_zero_sum_mistake():
    verdict = check.min_utility(6)
    assert verdict.correct is False and "worth to MAX" in verdict.text and "-6" not in verdict.text


@pytest.mark.parametrize("wrong, named", [(-5, "That is another card"), (7, "find it in the drawing")])
def test_an_unanticipated_min_utility_gets_a_hint(wrong, named):
    verdict = check.min_utility(wrong)
    assert verdict.correct is False and named in verdict.text


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
    "maximizes at MIN's node": ("min(v, max_value(child))", "max(v, max_value(child))"),
    "never comes down": ("min(v, max_value(child))", "max(v, max_value(child))"),
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
    if named == "maximizes at MIN's node":
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


def test_an_unknown_min_value_mistake_gets_a_hint_not_the_result():
    verdict = check.min_value(lambda tree: 0)
    assert verdict.correct is False and "Back the values up by hand on this tree" in verdict.text
    assert "The right result is" not in verdict.text


@pytest.mark.parametrize("borrowed", [check.min_root_value,
                                      lambda tree: minimax(TreeGame(tree, first="MIN")).value])
def test_the_package_s_own_answer_is_rejected(borrowed):
    verdict = check.min_value(borrowed)
    assert verdict.correct is False and "called the package's minimax" in verdict.text


# --- count the nodes ---------------------------------------------------------------------------------------

def test_the_node_count_solution_is_correct():
    verdict = check.node_count(answer("my_nodes"))
    assert verdict.correct is True and answer("my_nodes") == minimax(check.UniformTree(*check.UNIFORM)).nodes


@pytest.mark.parametrize("wrong, named", [(1000, "That is the leaves"), (1110, "the root included"),
                                          (111, "You left out the bottom level"), (30, "space bound"),
                                          (500, "Add up the nodes level by level")])
def test_a_typical_node_count_mistake_is_named(wrong, named):
    verdict = check.node_count(wrong)
    assert verdict.correct is False and named in verdict.text and "1111" not in verdict.text


# --- Check yourself ----------------------------------------------------------------------------------------

QUESTIONS = [check.quiz_1, check.quiz_2, check.quiz_3]


def test_the_check_yourself_answers_are_correct():
    calls = re.findall(r"check\.(quiz_\d)\((.*)\)", solution_defining("check"))
    assert [name for name, _ in calls] == [question.__name__ for question in QUESTIONS]
    for question, (_, given) in zip(QUESTIONS, calls):
        assert question(eval(given)).correct is True


@pytest.mark.parametrize("question, wrong, named", [
    (check.quiz_1, "a", "alpha-beta"),
    (check.quiz_1, "c", "never at random"),
    (check.quiz_2, "b", "not all at the same time"),
    (check.quiz_2, "c", "Once a leaf's score has been compared"),
    (check.quiz_3, "a", "hurts MAX most"),
    (check.quiz_3, "b", "one kind of MIN only"),
    (check.quiz_3, "d", "Answer with one of the letters a, b or c"),
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


# --- hint first, the answer on the second try ------------------------------------------------------------

HINT_FIRST = [
    (check.min_utility, 6, "-6"),
    (check.predicted_move, 1, "2"),
    (check.min_value, lesson_functions(solution_defining("min_value").replace("min(v, max_value(child))",
                                                                              "min(v, min_value(child))")),
     "The right result is"),
    (check.node_count, 1000, "1111"),
    (check.quiz_1, "a", "'b'"),
    (check.quiz_2, "b", "'a'"),
    (check.quiz_3, "b", "'c'"),
]
"""Each exercise with a typical wrong answer, and its answer as the feedback writes it."""


@pytest.mark.parametrize("exercise, wrong, answer_text", HINT_FIRST, ids=[case[0].__name__ for case in HINT_FIRST])
def test_a_first_wrong_try_gets_a_hint_and_the_second_the_answer(exercise, wrong, answer_text):
    assert_hint_first(exercise, wrong, answer_text)


def test_every_exercise_has_a_hint_first_case():
    assert {case[0] for case in HINT_FIRST} == exercises_of(check)


def test_the_right_answers_come_with_why():
    """The worked answer follows the answer on request, and says why."""
    check.predicted_move(1)
    check.predicted_move(1)
    assert "after moves 0 and 1 only to 4 and 3" in check.predicted_move.held_back
