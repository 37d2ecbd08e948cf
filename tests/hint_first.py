"""The hint-first rule, as each lesson's check tests assert it (issue 22): a typical wrong answer's
first feedback gives a hint and no answer; the second wrong try, or check.<name>.answer(), gives the
answer. Each tests/test_checks_<lesson>.py lists one case per exercise (HINT_FIRST) and checks that
every exercise of its check module is listed (exercises_of)."""

import re
from types import ModuleType
from typing import Any, Collection

import pytest

from minimax_lab.checks.core import Exercise


def hint_first_params(cases: list, slow: Collection[Exercise] = ()) -> list[Any]:
    """Return the cases as pytest parameters named by their exercise; those of the exercises in `slow`
    (whose check plays games or searches whole boards, twice here: half a second or more) marked slow."""
    return [pytest.param(*case, id=case[0].__name__, marks=[pytest.mark.slow] if case[0] in slow else [])
            for case in cases]


def exercises_of(module: ModuleType) -> set[Exercise]:
    """Return every exercise a lesson's check module defines."""
    return {value for value in vars(module).values()
            if isinstance(value, Exercise) and value.__module__ == module.__name__}


def mentions(text: str, answer: str) -> bool:
    """Return True when `answer` appears in `text` as a whole token (so '2' is not found in '12' or
    '[1][2]' in '[1][2][0]'), leaving out the 'see the answer with check.x.answer()' advice."""
    text = re.sub(r"see the answer with check\.\w+\.answer\(\)", "", text)
    return re.search(r"(?<![\w.\[])" + re.escape(answer) + r"(?![\w\[]|\.\d)", text) is not None


def assert_hint_first(exercise: Exercise, wrong: object, answer: str) -> None:
    """Assert that `wrong` is wrong, that its first feedback says how to see the answer without
    giving `answer` (the answer as the feedback writes it), and that the second wrong try and
    exercise.answer() give it."""
    exercise.forget()
    first = exercise(wrong)
    assert first.correct is False, f"{exercise.__name__}({wrong!r}) should be wrong"
    assert not mentions(first.text, answer), f"the first feedback gives the answer {answer!r} away: {first.text}"
    assert f"check.{exercise.__name__}.answer()" in first.text, first.text
    second = exercise(wrong)
    assert mentions(second.text, answer), f"the second feedback should give the answer {answer!r}: {second.text}"
    exercise.forget()
