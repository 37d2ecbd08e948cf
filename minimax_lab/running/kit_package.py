"""The grader's kit's minimax_lab/__init__.py, copied there as it is (running.sandbox builds the kit
from the game registry): the rules of the course's games under the names a student imports them by,
and a clear ImportError for anything else the course's package has (a search, an evaluation, a
check). In the lessons' kit (the kit's running.LESSONS), the names of what lessons hand their answers
(the games' lesson_names: Connect Four with its evaluation). The course's own package never imports
this module."""

import types
from typing import NoReturn

import minimax_lab.running
from minimax_lab.core.trees import Chance


def _games() -> dict[str, object]:
    """Return the games by the names a student imports them (kit_names; in the lessons' kit, with
    the lessons' names: running.LESSONS is written by the kit's build), and make them this module's.
    Looked up on first use: a worker whose answers use no game (the trees of assignments 1, 2 and
    4) never imports the games' modules, which are a third of a worker's start."""
    from minimax_lab.games.registry import kit_names

    names = kit_names(lessons=getattr(minimax_lab.running, "LESSONS", False))
    globals().update(names)
    return names


class _CourseModule(types.ModuleType):
    """The course's grading or checks as an answer cell sees them in the worker: importing one works
    (a cell that also imports the checks it calls runs its other lines), using anything in it fails
    as any other course code does."""

    def __getattr__(self, name: str) -> NoReturn:
        if name.startswith("__"):
            raise AttributeError(name)
        raise ImportError(f"uses the course's {self.__name__.removeprefix('minimax_lab.')}.{name}; this exercise "
                          "asks for your own", name=f"{self.__name__}.{name}")


CHECKING = {name: _CourseModule(f"minimax_lab.{name}") for name in ("grading", "checks")}
"""The packages a notebook imports to check its answers: they can be imported, and give nothing."""


def __getattr__(name: str) -> object:
    if name == "__all__":  # from minimax_lab import *
        from minimax_lab.games.registry import kit_names

        return ["Chance", *kit_names()]
    if name.startswith("__"):  # what a tool asks of any module (doctest's __test__)
        raise AttributeError(name)
    if name in CHECKING:
        return CHECKING[name]
    games = _games()
    if name in games:
        return games[name]
    raise ImportError(f"uses the course's {name}; this exercise asks for your own", name=f"minimax_lab.{name}")
