"""Lesson 02's exercises answered with the solutions the lesson shows (correct), with typical
mistakes (not correct, the mistake named: a hint first, the answer on the second try), and not at
all (not answered yet)."""

import re

import pytest
from hint_first import assert_hint_first, exercises_of
from lesson_notebooks import cell_source, lesson_cells, solution_blocks

from minimax_lab import INF, minimax, negamax
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
    if name == "min_value":  # step 3's max_value, as the lesson gives it above the student's min_value
        exec(code_cell("def max_value", "-min_value(child)").split("\ndef min_value")[0], namespace)
    exec(blocks[0], namespace)
    return namespace


def with_change(source, old, new, namespace=None):
    """Run `source` with `old` replaced by `new` (exactly once) in a namespace; return the namespace."""
    assert source.count(old) == 1, f"{old!r} is not in the source exactly once"
    namespace = {"is_leaf": is_leaf, "INF": INF} if namespace is None else namespace
    exec(source.replace(old, new), namespace)
    return namespace


NAMES = ("my_values", "min_value", "my_bonus_value", "fixed_negamax")


def test_the_lesson_shows_a_solution_for_every_exercise():
    assert len(SOLUTIONS) == 5
    assert {name for name in NAMES
            if any(re.search(rf"^(def )?{name}\b", block, re.M) for block in SOLUTIONS)} == set(NAMES)


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
    (check.side_to_move_values, (6, -6, 8, 1), "3 of the 4 values are right"),
    (check.extra_turn_value, 3, "That is the value if MIN chose at [0]"),
    (check.extra_turn_value, -5, "no sign changes here"),
    (check.extra_turn_value, 2, "A minimax value is one of the leaves"),
    (check.quiz_2, "e", "Answer with one of the letters a, b or c"),
    (check.quiz_2, 2, "Answer with one of the letters"),
    (check.quiz_1, 1, "That is X's score"),
    (check.quiz_1, 0, "The game is not a draw"),
    (check.quiz_2, "c", "Negamax visits exactly minimax's nodes (13 and 13"),
    (check.quiz_2, "b", "the negation of minimax's"),
]


@pytest.mark.parametrize("exercise, answer, named", MISTAKES)
def test_typical_mistakes_are_named(exercise, answer, named):
    verdict = exercise(answer)
    assert verdict.correct is False and named in verdict.text


# --- a game with an extra turn ---------------------------------------------------------------------

def test_extra_turn_solution_is_correct():
    verdict = check.extra_turn_value(solution("my_bonus_value")["my_bonus_value"])
    assert verdict.correct is True and verdict.text.startswith("Correct: 5. MAX picks twice in a row")
    assert minimax(check.ExtraTurn(check.BONUS_TREE)).value == 5


def test_the_extra_turn_game_is_refused_by_negamax():
    with pytest.raises(ValueError, match="out of turn"):
        negamax(check.ExtraTurn(check.BONUS_TREE))


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
    assert "returned" in verdict.text and "The right result is" not in verdict.text
    assert "The right result is" in check.step_3(namespace["min_value"]).text
    assert "the sign is wrong: min_value must return MIN's own score" in verdict.text


def test_step_3_with_the_leaf_not_negated_is_not_correct():
    source = [block for block in SOLUTIONS if block.startswith("def min_value")][0]
    namespace = with_change(source, "return -tree", "return tree", solution("min_value"))
    verdict = check.step_3(namespace["min_value"])
    assert verdict.correct is False and verdict.failing is not None
    assert "the sign is wrong" in verdict.text


# --- spot the bug ---------------------------------------------------------------------------------

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

@pytest.mark.parametrize("quiz, right", [(check.quiz_1, -1), (check.quiz_2, " A")])
def test_check_yourself_right_answers_are_confirmed(quiz, right):
    verdict = quiz(right)
    assert verdict.correct is True and verdict.text.startswith("Correct: ")


def test_the_lesson_s_check_yourself_answers_are_correct():
    (block,) = [block for block in SOLUTIONS if block.startswith("check.quiz_1")]
    calls = re.findall(r"check\.(quiz_\d)\((.*)\)", block)
    assert [name for name, _ in calls] == ["quiz_1", "quiz_2"]
    for name, given in calls:
        assert getattr(check, name)(eval(given)).correct is True


@pytest.mark.parametrize("quiz, wrong", [(check.quiz_1, 1), (check.quiz_2, "b")])
def test_every_check_yourself_question_explains_its_answer(quiz, wrong):
    """A Check yourself question has a worked answer: why, shown with the answer on request."""
    quiz(wrong)
    assert len(quiz.held_back.split(". ", 1)[-1]) > 40, quiz.held_back


# --- not answered yet -----------------------------------------------------------------------------

def unanswered_function(*args):
    raise NotImplementedError


@pytest.mark.parametrize("exercise, answer", [
    (check.side_to_move_values, ...), (check.step_3, ...), (check.step_3, unanswered_function),
    (check.extra_turn_value, ...), (check.fixed_negamax, unanswered_function),
    (check.quiz_1, ...), (check.quiz_2, ...),
])
def test_unanswered_exercises_say_so_and_do_not_raise(exercise, answer, capsys):
    verdict = exercise(answer)
    assert verdict.correct is None and verdict.text.startswith("Not answered yet: ")
    assert capsys.readouterr().out == verdict.text + "\n"


@pytest.mark.parametrize("exercise", [check.step_3, check.fixed_negamax])
@pytest.mark.parametrize("answer", [42, lambda *args: 1 / 0, lambda *args: "three"])
def test_a_function_exercise_gives_a_verdict_on_anything(exercise, answer):
    assert exercise(answer).correct is False


# --- the package's own answers are rejected ---------------------------------------------------------

def test_step_3_rejects_the_package_s_minimax():
    verdict = check.step_3(lambda tree: -minimax(check.TreeGame(tree, first="MIN")).value)
    assert verdict.correct is False and "called the package's minimax" in verdict.text


def test_fixed_negamax_rejects_the_package_s_negamax():
    verdict = check.fixed_negamax(check._negamax_value)
    assert verdict.correct is False and "called the package's negamax" in verdict.text


# --- hint first, the answer on the second try ------------------------------------------------------

def _step_3_keeping_step_2s_return():
    source = [block for block in SOLUTIONS if block.startswith("def min_value")][0]
    return with_change(source, "    return best\n", "    return -best\n", solution("min_value"))["min_value"]


def _broken_negamax():
    namespace = {"is_leaf": is_leaf, "INF": INF, "figure": check.FIG_5_2, "lab": __import__("minimax_lab")}
    exec(code_cell("def negamax_value"), namespace)
    return namespace["negamax_value"]


HINT_FIRST = [
    (check.side_to_move_values, (6, 6, 8, 8), "(6, -6, 8, -8)"),
    (check.step_3, _step_3_keeping_step_2s_return(), "The right result is"),
    (check.extra_turn_value, 3, "5"),
    (check.fixed_negamax, _broken_negamax(), "The right result is"),
    (check.quiz_1, 1, "-1"),
    (check.quiz_2, "c", "'a'"),
]
"""Each exercise with a typical wrong answer, and its answer as the feedback writes it."""


@pytest.mark.parametrize("exercise, wrong, answer_text", HINT_FIRST, ids=[case[0].__name__ for case in HINT_FIRST])
def test_a_first_wrong_try_gets_a_hint_and_the_second_the_answer(exercise, wrong, answer_text):
    assert_hint_first(exercise, wrong, answer_text)


def test_every_exercise_has_a_hint_first_case():
    assert {case[0] for case in HINT_FIRST} == exercises_of(check)


def test_every_exercise_is_stored_unanswered():
    outputs = ["".join(output.get("text", "")) for cell in CELLS if cell["cell_type"] == "code"
               and "check." in cell_source(cell) and "getsource" not in cell_source(cell)
               for output in cell["outputs"]]
    lines = [line for text in outputs for line in text.splitlines()]
    assert len(lines) == 6 and all(line.startswith("Not answered yet: ") for line in lines)
