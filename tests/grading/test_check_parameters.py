"""A check knows which of its parameters are the student's functions by their annotations
(reports.function_parameters: a Callable, an Optional one, or an alias of either): those are the
functions it validates and, in a notebook, runs in the grader's sandbox as make grade does. Every
parameter of a check but its depth is one. Assignment 6's alias `Search` once hid three checks'
functions, which then ran in the kernel, outside the grader's import allow-list and limits."""

from __future__ import annotations

import inspect

import pytest

from minimax_lab import grading
from minimax_lab.grading.reports import function_parameters

CHECKS = [name for name in grading.__all__ if name.startswith("check_")]


@pytest.mark.parametrize("name", CHECKS)
def test_every_function_a_check_takes_is_seen_as_the_students(name: str) -> None:
    check = inspect.unwrap(getattr(grading, name))
    assert set(function_parameters(check)) == set(inspect.signature(check).parameters) - {"depth"}


def test_an_alias_and_an_optional_function_are_seen() -> None:
    assert function_parameters(inspect.unwrap(grading.check_multi_agent_minimax)) == ["multi_agent_minimax"]
    assert function_parameters(inspect.unwrap(grading.check_player)) == ["evaluate", "order_moves"]
