"""Shared test set-up: every test meets the lessons' exercises afresh, as a student does in a new
kernel (an exercise remembers wrong tries to show its answer on the second: checks.core.Exercise)."""

import gc
import importlib
import pkgutil
import tempfile
from pathlib import Path

import pytest
from heaviest_first import HEAVIEST_FIRST

import minimax_lab.checks as checks
from minimax_lab.checks.core import Exercise
from minimax_lab.running import sandbox

EXERCISES = [value for info in pkgutil.iter_modules(checks.__path__)
             for value in vars(importlib.import_module(f"minimax_lab.checks.{info.name}")).values()
             if isinstance(value, Exercise)]


@pytest.fixture(autouse=True)
def fresh_exercises():
    """Forget every exercise's wrong tries before each test."""
    for found in EXERCISES:
        found.forget()


@pytest.fixture
def own_kits(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Give this test a temporary folder of its own for the sandbox's kits, which this process then
    makes afresh: a test that changes or removes a kit leaves alone the one every other process of
    the run shares. Return that folder."""
    folder = tmp_path / "kits"
    folder.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(folder))
    monkeypatch.setattr(sandbox, "_kit", {})
    monkeypatch.setattr(sandbox, "_lesson_kit", {})
    return folder


def pytest_collection_finish(session: pytest.Session) -> None:
    """Move everything collection made (pytest, IPython, numpy, the course's modules) out of the
    cyclic garbage collector's sight: every full collection during the tests would walk it all
    again, and the search-heavy tests allocate enough to trigger thousands of them (gc.freeze: a
    few per cent less CPU for those tests). What the tests themselves create is collected as before."""
    gc.collect()
    gc.freeze()


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Run the files of HEAVIEST_FIRST first, in its order; the rest keep theirs (a stable sort)."""
    rank = {path: place for place, path in enumerate(HEAVIEST_FIRST)}
    items.sort(key=lambda item: rank.get(item.nodeid.split("::")[0], len(rank)))
