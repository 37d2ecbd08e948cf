"""Shared test set-up: every test meets the lessons' exercises afresh, as a student does in a new
kernel (an exercise remembers wrong tries to show its answer on the second: checks.core.Exercise)."""

import importlib
import pkgutil

import pytest
from heaviest_first import HEAVIEST_FIRST

import minimax_lab.checks as checks
from minimax_lab.checks.core import Exercise

EXERCISES = [value for info in pkgutil.iter_modules(checks.__path__)
             for value in vars(importlib.import_module(f"minimax_lab.checks.{info.name}")).values()
             if isinstance(value, Exercise)]


@pytest.fixture(autouse=True)
def fresh_exercises():
    """Forget every exercise's wrong tries before each test."""
    for found in EXERCISES:
        found.forget()


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Run the files of HEAVIEST_FIRST first, in its order; the rest keep theirs (a stable sort)."""
    rank = {path: place for place, path in enumerate(HEAVIEST_FIRST)}
    items.sort(key=lambda item: rank.get(item.nodeid.split("::")[0], len(rank)))
