"""The course's games, one entry each (minimax_lab.games.entry.GameEntry, declared in the game's own
module): what the play board, the engine, the grader's pipe and kit and the checks ask about a
game comes from here, so that no generic code tests for a particular game's class.

Adding a game: write its rules in its own module of minimax_lab.games, declare its GameEntry at the
end of that module, and add the entry to GAMES below.

>>> from minimax_lab import ConnectFour, TicTacToe
>>> entry_of(TicTacToe()).name, entry_of(ConnectFour()).name
('tic-tac-toe', 'Connect Four')
>>> part_of(ConnectFour(), "board") is not None, part_of(TicTacToe(), "fast_search")
(True, None)
"""

from __future__ import annotations

import functools
from typing import Any, Optional

from .cards import CARDS
from .connect_four import CONNECT_FOUR
from .entry import GameEntry, WireKind, resolve
from .maze import MAZE
from .nim import NIM
from .protocol import TREES
from .tictactoe import TIC_TAC_TOE

GAMES: tuple[GameEntry, ...] = (TREES, TIC_TAC_TOE, CONNECT_FOUR, NIM, MAZE, CARDS)
"""Every game of the course."""

CORE_KIT_MODULES = ("core/__init__.py", "core/game_types.py", "core/text.py", "core/trees.py",
                    "games/__init__.py", "games/entry.py", "games/registry.py")
"""The modules every game's rules need in the grader's kit: the tree types and how values are
spelled, the entries and this registry."""


def entry_of(game: object) -> Optional[GameEntry]:
    """Return the entry of the game `game` is (by its rules' class), or None."""
    return next((entry for entry in GAMES if isinstance(game, entry.rules)), None)


def part_of(game: object, job: str) -> Any:
    """Return the part `job` of `game`'s entry ('board', 'fast_search', 'prepare'), or None when the
    game is not one students make of a registered game or its entry has no such part."""
    entry = entry_of(game)
    if entry is None or job not in entry.parts or not isinstance(game, entry.user_class()):
        return None
    return entry.part(job)


def games_with(job: str) -> list[GameEntry]:
    """Return the entries that have the part `job`."""
    return [entry for entry in GAMES if job in entry.parts]


@functools.cache
def wire_kinds() -> tuple[tuple[GameEntry, WireKind], ...]:
    """Return every kind of value that crosses the grader's pipe as a game's, games before states
    and the others (made once: GAMES is fixed, and the wire asks on every value it encodes or decodes)."""
    games = [(entry, entry.wire_game) for entry in GAMES if entry.wire_game is not None]
    return tuple(games + [(entry, kind) for entry in GAMES for kind in (*entry.wire_states, *entry.wire_others)])


@functools.cache
def wire_tags() -> dict[str, tuple[GameEntry, WireKind]]:
    """Return each kind of wire_kinds by its tag (the first of a tag, as wire_kinds lists them)."""
    tags: dict[str, tuple[GameEntry, WireKind]] = {}
    for entry, kind in wire_kinds():
        tags.setdefault(kind.tag, (entry, kind))
    return tags


def state_entry(state: object) -> Optional[GameEntry]:
    """Return the entry whose states are of `state`'s class, or None."""
    return next((entry for entry in GAMES for kind in entry.wire_states if type(state) is kind.kind), None)


def game_of_state(state: object) -> Optional[tuple[GameEntry, Any]]:
    """Return the entry of `state`'s game and a new game of it (the entry's new_game) when that game
    takes the state (a Connect Four position of another board size, or a position of another maze,
    is not taken), else None."""
    entry = state_entry(state)
    if entry is None or entry.new_game is None:
        return None
    game = entry.new_game()
    try:
        game.check_state(state)
    except (TypeError, ValueError):
        return None
    return entry, game


def kit_modules(lessons: bool = False) -> tuple[str, ...]:
    """Return the modules of the package the grader's kit ships for the games (CORE_KIT_MODULES
    and each entry's own); the lessons' kit adds each entry's lesson_modules."""
    return CORE_KIT_MODULES + tuple(name for entry in GAMES
                                    for name in (*entry.kit_modules, *(entry.lesson_modules if lessons else ())))


def kit_names(lessons: bool = False) -> dict[str, Any]:
    """Return what the grader's kit's minimax_lab offers, by name: each entry's kit_names, resolved in
    the entry's first kit module. A name that differs from the class it names gets a subclass of
    that name (the kit's ConnectFour is ConnectFourRules under the name a student knows). The
    lessons' kit offers each entry's lesson_names in their place (its ConnectFour, the course's)."""
    found: dict[str, Any] = {}
    for entry in GAMES:
        module = "minimax_lab." + entry.kit_modules[0].removesuffix(".py").replace("/", ".")
        for name, attribute in entry.kit_names.items():
            if lessons and name in entry.lesson_names:
                found[name] = resolve(entry.lesson_names[name])
                continue
            value = resolve(f"{module}:{attribute}")
            if isinstance(value, type) and name != attribute:
                value = type(name, (value,), {"__doc__": f"{entry.name}'s rules under the name a student knows",
                                              "__module__": "minimax_lab"})
            found[name] = value
    return found


__all__ = ["CORE_KIT_MODULES", "GAMES", "entry_of", "game_of_state", "games_with", "kit_modules", "kit_names", "part_of",
           "state_entry", "wire_kinds"]
