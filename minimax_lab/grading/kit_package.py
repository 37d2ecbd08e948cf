"""The grader's kit's minimax_lab/__init__.py, copied there as it is (grading.sandbox builds the kit
from the game registry): the rules of the course's games under the names a student imports them by,
and a clear ImportError for anything else the course's package has (a search, an evaluation, a
check). The course's own package never imports this module."""

from typing import NoReturn

from minimax_lab.core.trees import Chance
from minimax_lab.games.registry import kit_names

globals().update(kit_names())


def __getattr__(name: str) -> NoReturn:
    if name.startswith("__"):  # what a tool asks of any module (doctest's __test__)
        raise AttributeError(name)
    raise ImportError(f"uses the course's {name}; this exercise asks for your own", name=f"minimax_lab.{name}")


__all__ = ["Chance", *kit_names()]
