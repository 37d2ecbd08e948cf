"""Tests for minimax_lab.search.twin.untraced_source: the textbook function a lesson prints before
the traced one (lessons 01 and 02) is the search's own source, its trace lines left out."""

import ast
import inspect

import pytest

from minimax_lab import alphabeta, minimax, negamax
from minimax_lab.search.twin import untraced_source


@pytest.mark.parametrize("search", [minimax, negamax, alphabeta])
def test_the_untraced_source_is_the_source_without_its_trace_lines(search):
    source, plain = inspect.getsource(search), untraced_source(search)
    kept = [line for line in source.splitlines() if "trace.add" not in line]
    assert plain.splitlines() == kept
    assert len(kept) < len(source.splitlines())
    ast.parse(plain)  # still a function that reads as Python


def _identity(function):
    return function


@_identity
def _decorated(trace):
    trace.add("a step")
    return 1


def test_decorators_and_trace_lines_are_left_out():
    assert untraced_source(_decorated) == "def _decorated(trace):\n    return 1\n"
