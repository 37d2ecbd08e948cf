"""What a game declares, next to its rules, for the rest of the package: a GameEntry.

The package's generic code (the play board, the engine, the grader's pipe and kit, the checks'
failing cases) asks minimax_lab.games.registry about a game instead of testing for particular game
classes. An entry says:

- which class holds the rules (`rules`) and which one students make (`game_class`: Connect Four's
  adds an evaluation and move orderings to its rules);
- how its games and states cross the grader's pipe (`to_wire` and `from_wire`, with a tag per
  kind of value), and whether the grader's kit ships its rule modules (`kit_modules`);
- where the parts that live in the layers above the rules are (`parts`: the play board's search
  settings in minimax_lab.heuristics, a fast search in minimax_lab.search, a drawing in
  minimax_lab.display), as "module:name" references resolved when first asked for, as a plug-in's
  entry points are. The rules never import the layers above them; tests/games/test_game_registry.py
  checks that every reference resolves and points up.

This module imports only the standard library, so that the grader's kit can ship it.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Callable, Mapping, Optional

Inner = Callable[[Any], Any]
"""How the wire encodes or decodes a value nested in a game or state (a tree, a probability)."""


def resolve(reference: str) -> Any:
    """Return the object a "package.module:name" reference names (importing the module)."""
    module, _, name = reference.partition(":")
    return getattr(importlib.import_module(module), name)


def items(body: object, count: int, what: str) -> list[Any]:
    """Return `body` if it is a list of `count` items; raise ValueError naming `what` if not."""
    if type(body) is not list or len(body) != count:
        raise ValueError(f"{what} must be a list of {count} items")
    return body


def whole_numbers(values: list[Any], what: str) -> list[int]:
    """Return `values` if each is a plain int; raise ValueError naming `what` if not."""
    if any(type(value) is not int for value in values):
        raise ValueError(f"{what} must be whole numbers")
    return values


@dataclass(frozen=True)
class WireKind:
    """How one kind of value of a game (the game itself, or one of its states) crosses the grader's
    pipe: `encode(value, inner)` gives plain data (lists, numbers, strings; `inner` encodes a nested
    value), `decode(body, inner, game)` the value again, raising TypeError or ValueError for data it
    cannot read. For a state, `game` is the game of this entry last decoded in the same message, or
    the entry's `new_game()`; for a game it is None."""

    tag: str
    kind: type
    encode: Callable[[Any, Inner], Any]
    decode: Callable[[Any, Inner, Any], Any]
    exact: bool = True
    """True: only values of exactly `kind` are encoded so (a subclass is not); False: subclasses too."""


@dataclass(frozen=True)
class GameEntry:
    """One game as the registry lists it (see the module's docstring)."""

    name: str
    """The game's name in messages: 'tic-tac-toe'."""

    rules: type
    """The class holding the rules (minimax_lab.games)."""

    wire_game: Optional[WireKind] = None
    """How its games cross the grader's pipe; None if they do not."""

    wire_states: tuple[WireKind, ...] = ()
    """How its states cross the grader's pipe; () if they do not."""

    wire_others: tuple[WireKind, ...] = ()
    """How other values of its kind cross the grader's pipe, each read alone like a state (a tree
    game that records the leaves a search examines, a table of guesses by position); () if none."""

    kit_modules: tuple[str, ...] = ()
    """Its rule modules the grader's kit ships, relative to the package ('games/maze.py'); () if none."""

    kit_names: Mapping[str, str] = field(default_factory=dict)
    """The names the kit's minimax_lab offers for it, each naming an attribute of its first kit module
    ('ConnectFour': 'ConnectFourRules': in the kit, the class a student makes holds the rules only)."""

    lesson_modules: tuple[str, ...] = ()
    """What the lessons' kit ships for it beyond `kit_modules` (the modules a lesson's answer is handed
    that an assignment asks students to write themselves: Connect Four's evaluation); () if none."""

    lesson_names: Mapping[str, str] = field(default_factory=dict)
    """The names the lessons' kit's minimax_lab offers for it in place of kit_names', each a reference
    ('ConnectFour': 'minimax_lab.heuristics.connect_four:ConnectFour', with its evaluation)."""

    game_class: Optional[str] = None
    """A reference to the class students make, where it is not `rules` (Connect Four's adds search
    helpers); parts apply only to games of this class."""

    parts: Mapping[str, str] = field(default_factory=dict)
    """References to what layers above the rules provide for it, by job: 'board' (the play board's
    search settings, a heuristics.boards.BoardSettings), 'fast_search' (the engine's own search of
    its positions), 'prepare' (what to load before a first search: a compiled solver)."""

    new_game: Optional[Callable[[], Any]] = None
    """Make the game a state of it is decoded against, where no game was decoded before it."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "parts", MappingProxyType(dict(self.parts)))
        object.__setattr__(self, "kit_names", MappingProxyType(dict(self.kit_names)))
        object.__setattr__(self, "lesson_names", MappingProxyType(dict(self.lesson_names)))

    def user_class(self) -> type:
        """Return the class students make (`game_class` resolved, else `rules`)."""
        found = resolve(self.game_class) if self.game_class else self.rules
        assert isinstance(found, type), self.game_class
        return found

    def part(self, job: str) -> Any:
        """Return the part `job` names (resolved), or None if this game has none."""
        reference = self.parts.get(job)
        return None if reference is None else resolve(reference)


__all__ = ["GameEntry", "Inner", "WireKind", "items", "resolve", "whole_numbers"]
