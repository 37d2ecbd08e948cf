"""The tests every lesson's check module gets, made from the lesson's own lists: the hint-first
cases (HINT_FIRST), the typical mistakes each named (MISTAKES), the Check yourself answers, the
unanswered exercises, and answers of the wrong kind. A lesson's test file binds each to a name
starting with test_ so that pytest collects it:

    test_typical_mistakes_are_named = typical_mistakes_test(MISTAKES)
"""

from types import ModuleType
from typing import Collection

import pytest
from hint_first import assert_hint_first, exercises_of, hint_first_params
from lesson_notebooks import cell_source

from minimax_lab.checks.core import Exercise


def hint_first_tests(check: ModuleType, cases: list, slow: Collection[Exercise] = ()) -> tuple:
    """Return the test that each case's first wrong try gets a hint and the second the answer (marked
    slow for the exercises in `slow`), and the test that every exercise of `check` has a case."""
    @pytest.mark.parametrize("exercise, wrong, answer_text", hint_first_params(cases, slow))
    def test_hint_first(exercise, wrong, answer_text):
        assert_hint_first(exercise, wrong, answer_text)

    def test_every_exercise_has_a_case():
        assert {case[0] for case in cases} == exercises_of(check)

    return test_hint_first, test_every_exercise_has_a_case


def typical_mistakes_test(mistakes: list):
    """Return the test that each (exercise, wrong answer, words) gets a verdict naming the mistake."""
    @pytest.mark.parametrize("exercise, answer, named", mistakes)
    def test(exercise, answer, named):
        exercise(answer)
        verdict = exercise(answer)   # the second wrong try: the hint and the answer with its why
        assert verdict.correct is False and named in verdict.text
    return test


def check_yourself_test(cases: list):
    """Return the test that each (quiz, right letter, why) is confirmed with its explanation."""
    @pytest.mark.parametrize("quiz, right, why", cases)
    def test(quiz, right, why):
        verdict = quiz(right)
        assert verdict.correct is True and verdict.text.startswith("Correct: ") and why in verdict.text
    return test


def unanswered_test(check: ModuleType):
    """Return the test that every exercise of `check`, unanswered, prints "Not answered yet" and returns."""
    @pytest.mark.parametrize("exercise", sorted(exercises_of(check), key=lambda e: e.__name__))
    def test(exercise, capsys):
        verdict = exercise(...)
        assert verdict.correct is None and verdict.text.startswith("Not answered yet: ")
        assert capsys.readouterr().out == verdict.text + "\n"
    return test


def anything_test(exercises: list):
    """Return the test that answers of every kind get a verdict, never an exception."""
    @pytest.mark.parametrize("exercise", exercises)
    @pytest.mark.parametrize("answer", [None, [2], float("nan"), True, (True, 4), {"heap": 2}, "b c"])
    def test(exercise, answer):
        assert exercise(answer).correct is False
    return test


def stored_unanswered_test(cells: list, count: int):
    """Return the test that the lesson's `count` check lines are all stored "Not answered yet"."""
    def test():
        outputs = ["".join(output.get("text", "")) for cell in cells if cell["cell_type"] == "code"
                   and "check." in cell_source(cell) for output in cell["outputs"]]
        lines = [line for text in outputs for line in text.splitlines()
                 if line.startswith(("Not answered yet", "Correct", "Not correct"))]
        assert len(lines) == count and all(line.startswith("Not answered yet: ") for line in lines)
    return test
