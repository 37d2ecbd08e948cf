"""A student's function gets private copies of its arguments, and a report when it changes one:
`private_copy` copies what a check passes (sharing what is immutable), `differs` tells whether an
argument came back changed, `argument_change` says how, in words."""

from __future__ import annotations

import copy
import types
from typing import Optional, Sequence

from ...core.text import shown


ATOMS = frozenset({int, float, complex, str, bytes, bool, type(None)})
"""The types whose values cannot change: passed as they are, and compared by == (by exact type: a
subclass may hold more)."""


def differs(before: object, after: object, depth: int = 0) -> bool:
    """Return True when `after` is not structurally what `before` was: containers compared item by
    item, objects with their own == by it, other objects by type and public attributes (so a game
    given a new `actions` differs; a private cache such as TicTacToe._states may grow), the rest by ==.
    An object is what it was when it is the same object (what private_copy shares cannot change)."""
    if before is after or depth > 50:
        return False
    if type(before) is not type(after):
        return True
    if isinstance(before, (list, tuple)) and isinstance(after, (list, tuple)):  # after is of the same type
        return len(before) != len(after) or any(differs(a, b, depth + 1) for a, b in zip(before, after))
    if isinstance(before, dict) and isinstance(after, dict):
        return before.keys() != after.keys() or any(differs(before[k], after[k], depth + 1) for k in before)
    if isinstance(before, (set, frozenset, str, bytes, int, float, complex, bool, type(None))):
        return bool(before != after)
    if isinstance(before, (types.FunctionType, types.BuiltinFunctionType, type, types.ModuleType)):
        return before is not after
    if getattr(type(before), "__eq__") is object.__eq__ and (hasattr(before, "__dict__")
                                                           or hasattr(type(before), "__slots__")):
        return differs(_attributes(before), _attributes(after), depth + 1)
    try:
        return bool(before != after)
    except Exception:  # noqa: BLE001 - an object that cannot be compared is taken as unchanged
        return False


def _attributes(thing: object) -> dict[str, object]:
    """Return an object's public attributes (instance dict and slots)."""
    found = dict(getattr(thing, "__dict__", {}))
    for cls in type(thing).__mro__:
        for slot in getattr(cls, "__slots__", ()):
            if hasattr(thing, slot):
                found[slot] = getattr(thing, slot)
    return {k: v for k, v in found.items() if not k.startswith("_")}


def private_copy(value: object, memo: Optional[dict[int, object]] = None) -> object:
    """Return a deep copy of `value` for a student's function, except that what cannot change is
    shared (numbers and strings, tuples of them, and a frozen dataclass: a game state, immutable
    and linked to the states after it), and an object's private attributes (a game's cache of
    positions, `_states`) are copied one level only. So copying a tic-tac-toe game costs
    microseconds rather than a copy of thousands of positions.

    >>> tree = [[3, 12], [2, 4]]
    >>> copied = private_copy(tree)
    >>> copied == tree and copied[0] is not tree[0]
    True
    """
    if type(value) in ATOMS:  # the common case, and a quick one: a number, a move, a player
        return value
    memo = {} if memo is None else memo
    if id(value) in memo:
        return memo[id(value)]
    if _is_frozen(value) or isinstance(value, (int, float, str, bytes, bool, type(None), type,
                                                types.ModuleType, types.FunctionType)):
        return value
    clone: object
    if isinstance(value, list):
        items: list[object] = []
        memo[id(value)] = clone = items
        items.extend(private_copy(item, memo) for item in value)
    elif isinstance(value, tuple) and type(value) is tuple:
        # a tuple of numbers and strings (actions, a path of moves) cannot change: shared as it is
        clone = value if all(type(item) in ATOMS for item in value) else \
            tuple(private_copy(item, memo) for item in value)
    elif isinstance(value, dict) and type(value) is dict:
        entries: dict[object, object] = {}
        memo[id(value)] = clone = entries
        entries.update((key, private_copy(item, memo)) for key, item in value.items())
    elif hasattr(value, "__dict__") and not hasattr(type(value), "__slots__"):
        clone = copy.copy(value)
        memo[id(value)] = clone
        for key, item in vars(value).items():
            vars(clone)[key] = copy.copy(item) if key.startswith("_") else private_copy(item, memo)
    else:
        clone = copy.deepcopy(value)
    memo[id(value)] = clone
    return clone


def _is_frozen(value: object) -> bool:
    params = getattr(type(value), "__dataclass_params__", None)
    return bool(params is not None and params.frozen)


def _what(argument: object) -> str:
    """Return how a report names an argument: the tree, the game, the state."""
    if isinstance(argument, list):
        return "tree"
    module = type(argument).__module__
    if module.startswith("minimax_lab.games") or hasattr(argument, "actions"):
        return "game" if hasattr(argument, "actions") else "state"
    return type(argument).__name__


def short_repr(thing: object, limit: int = 120) -> str:
    """Return repr(thing), cut to `limit` characters, as `shown` writes it (never raising)."""
    return shown(thing, limit)


class SharedArgument:
    """An argument passed as it is, too big to copy (the game a search hands to a student's
    ordering): its public attributes as they were (identities only), to tell whether they changed."""

    def __init__(self, thing: object):
        self.thing = thing
        self.attributes = {k: id(v) for k, v in _attributes(thing).items()} if hasattr(thing, "__dict__") else {}

    def change(self) -> list[str]:
        now = {k: id(v) for k, v in _attributes(self.thing).items()} if hasattr(self.thing, "__dict__") else {}
        return sorted(k for k in self.attributes.keys() | now.keys() if self.attributes.get(k) != now.get(k))


def argument_change(name: str, pristine: Sequence[object], given: Sequence[object],
                    writes: Sequence[int]) -> Optional[str]:
    """Return how `name` changed one of its arguments (`given`, the copies it was passed, against
    `pristine`, the originals), or None if it changed none; the indices in `writes` are meant to change."""
    for index, (before, after) in enumerate(zip(pristine, given)):
        if isinstance(before, SharedArgument):
            changed = before.change()
            if changed:
                what = _what(after)
                return f"{name} changed the {what} it was given: it set {', '.join(f'{what}.{k}' for k in changed)}"
            continue
        if index in writes or not differs(before, after):
            continue
        what = _what(before)
        if isinstance(before, list):
            return f"{name} changed the {what} it was given: it was {short_repr(before)} and became {short_repr(after)}"
        if isinstance(before, dict) or not (hasattr(before, "__dict__") or hasattr(type(before), "__slots__")):
            return f"{name} changed the {what} it was given (argument {index + 1})"
        old, new = _attributes(before), _attributes(after)
        names = sorted(k for k in old.keys() | new.keys()
                       if k not in old or k not in new or differs(old[k], new[k]))
        return f"{name} changed the {what} it was given: it set {', '.join(f'{what}.{k}' for k in names)}"
    return None


