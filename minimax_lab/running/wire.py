"""What crosses between the grader and a student's worker process: plain data, as JSON.

The grader sends a student's function its arguments (trees, games and their states) and gets back
what it returned; only the types below cross, so no object of the student's ever reaches the
grader, and nothing the grader holds reaches the student but a copy. JSON has no tuples, sets,
infinities or games, so those travel tagged, as a one-key object:

    [[3, 12], 5]                   a list is a list
    {"tuple": [1, 0]}              (1, 0)
    {"float": "inf"}               math.inf (also "-inf" and "nan")
    {"dict": [[key, value], ...]}  a dict, whatever its keys
    {"set": [...]}                 a set (and "frozenset")
    {"fraction": [1, 3]}           Fraction(1, 3)
    {"Chance": [[[p, subtree], ...], player]}   a chance node

and games and their states as each game's registry entry says (minimax_lab.games.registry): a
state is read against the game of its kind decoded last in the same message, else a new one.

    {"TreeGame": [tree, "MAX"]}    TreeGame(tree, first="MAX")
    {"TicTacToe": []}              TicTacToe(), and {"TicTacToeState": "X...O...."} a position
    {"ConnectFour": [7, 6]}        ConnectFour(7, 6), and {"ConnectFourState": [x, o]} a position
    {"MazeGame": ["%%%...", name]} MazeGame(layout text), and {"MazeState": [positions, dots, score,
                                   turn, steps]} a position

This module runs on both sides: in the grader with the whole package, and in the worker with the
kit (the game modules only, minimax_lab.running.sandbox). `decode(..., games=False)` is what the
grader uses on a student's answer: games, states and chance nodes are refused there, since no check
expects one back.

>>> decode(encode([(1, 0), {"[0]": 3}, float("-inf")]), games=False)
[(1, 0), {'[0]': 3}, -inf]
"""

from __future__ import annotations

import math
from fractions import Fraction
from numbers import Real
from typing import TypeVar, Union, cast

from ..core.text import shown
from ..core.trees import Chance

MAX_DEPTH = 400
"""Deepest nesting encode and decode follow; deeper data is refused with WireError."""

MAX_INT_DIGITS = 4000
"""Longest whole number (in decimal digits) that crosses; Python refuses to print longer ones."""


T = TypeVar("T")

Json = Union[None, bool, int, float, str, list["Json"], dict[str, "Json"]]
"""What crosses the pipe: JSON's values, as json.loads gives them (the tagged forms above are dicts)."""


class WireError(ValueError):
    """A value that cannot cross: its type is not one of the plain types, or it is too deep."""


def _type_name(value: object) -> str:
    return type(value).__name__


def encode(value: object, depth: int = 0) -> Json:
    """Return `value` as JSON-ready data (see the module's docstring); raise WireError naming the
    first part that cannot cross. Types are matched exactly: an int or float subclass (whose ==
    could say anything) does not cross."""
    if depth > MAX_DEPTH:
        raise WireError(f"a value nested more than {MAX_DEPTH} levels deep")
    kind = type(value)
    if value is None or type(value) is bool or type(value) is str:
        return value
    if type(value) is int:
        if value.bit_length() > MAX_INT_DIGITS * 3.33:
            raise WireError(f"a whole number of more than {MAX_INT_DIGITS} digits")
        return value
    if type(value) is float:
        return value if math.isfinite(value) else {"float": repr(value)}
    if type(value) is list:
        return [encode(item, depth + 1) for item in value]
    if type(value) is tuple:
        return {"tuple": [encode(item, depth + 1) for item in value]}
    if type(value) is dict:
        return {"dict": [[encode(k, depth + 1), encode(v, depth + 1)] for k, v in value.items()]}
    if type(value) is set or type(value) is frozenset:
        items = [encode(item, depth + 1) for item in value]
        return {kind.__name__: sorted(items, key=repr)}
    if type(value) is Fraction:
        return {"fraction": [value.numerator, value.denominator]}
    return _encode_game(value, depth)


def _encode_game(value: object, depth: int) -> Json:
    """Encode a chance node, or a game or a game's state as its registry entry says."""
    kind = type(value)
    if type(value) is Chance:
        return {"Chance": [[[encode(p, depth + 1), encode(t, depth + 1)] for p, t in value.outcomes],
                           value.player]}
    from ..games.registry import wire_kinds  # here: a worker that sends no game never imports the games

    for _, wire in wire_kinds():
        if kind is wire.kind or (not wire.exact and isinstance(value, wire.kind)):
            return {wire.tag: wire.encode(value, lambda inner: encode(inner, depth + 1))}
    raise WireError(f"a {_type_name(value)} object, which is not a number, string, list, tuple, dict or set")


SHARED_HASH = 64
"""Most different items of a decoded set or dict that may share one hash: more make building it
quadratic (a reply of 300,000 whole numbers equal modulo 2**61 - 1 would take the grader minutes)."""


def cheaply_hashed(items: list[T], what: str) -> list[T]:
    """Return `items` if a set of them can be built in linear time; raise WireError if more than
    SHARED_HASH different items share a hash (raise TypeError for an unhashable one)."""
    buckets: dict[int, list[T]] = {}
    for item in items:
        bucket = buckets.setdefault(hash(item), [])
        if len(bucket) < SHARED_HASH + 1 and all(item is not other for other in bucket):
            bucket.append(item)
    for bucket in buckets.values():
        if len(bucket) > SHARED_HASH and len({repr(item) for item in bucket}) > SHARED_HASH:
            raise WireError(f"{what} with more than {SHARED_HASH} different items that share one hash")
    return items


def hashed_if_hashable(items: list[T], what: str) -> list[T]:
    """Return `items`, checked by cheaply_hashed when they are many and all hashable (the grader may
    make a set of a list a student's function returned)."""
    if len(items) > SHARED_HASH:
        try:
            cheaply_hashed(items, what)
        except TypeError:
            pass
    return items


class Decoder:
    """Turns crossed data back into values. One decoder keeps one game per kind and size, so that
    the states it builds belong to the games it builds (what a search's cache expects)."""

    def __init__(self, *, games: bool = True) -> None:
        self.games = games
        self.made: dict[Union[str, tuple[str, str]], object] = {}

    def __call__(self, data: Json, depth: int = 0) -> object:
        if depth > MAX_DEPTH:
            raise WireError(f"a value nested more than {MAX_DEPTH} levels deep")
        kind = type(data)
        if data is None or kind in (bool, int, float, str):
            return data
        if type(data) is list:
            return hashed_if_hashable([self(item, depth + 1) for item in data], "a list")
        if type(data) is not dict or len(data) != 1:
            raise WireError(f"unreadable data of type {_type_name(data)}")
        [(tag, body)] = data.items()
        if tag == "tuple":
            return tuple(hashed_if_hashable([self(item, depth + 1) for item in self._list(body, tag)], "a tuple"))
        if tag == "float":
            if body not in ("inf", "-inf", "nan"):
                raise WireError(f"unreadable float {shown(body)}")
            return float(body)
        if tag == "dict":
            pairs = [self._list(pair, tag) for pair in self._list(body, tag)]
            if any(len(pair) != 2 for pair in pairs):
                raise WireError("a dict's items must be [key, value] pairs")
            try:
                keys = cheaply_hashed([self(k, depth + 1) for k, _ in pairs], "a dict's keys")
                return dict(zip(keys, (self(v, depth + 1) for _, v in pairs)))
            except TypeError as error:  # an unhashable key
                raise WireError(f"a dict with a key that cannot be a key: {error}") from None
        if tag in ("set", "frozenset"):
            try:
                items = set(cheaply_hashed([self(item, depth + 1) for item in self._list(body, tag)], f"a {tag}"))
            except TypeError as error:
                raise WireError(f"a set with an item that cannot be in a set: {error}") from None
            return items if tag == "set" else frozenset(items)
        if tag == "fraction":
            parts = self._list(body, tag)
            if len(parts) != 2:
                raise WireError(f"unreadable fraction {shown(body)}")
            numerator, denominator = parts
            if type(numerator) is not int or type(denominator) is not int or denominator == 0:
                raise WireError(f"unreadable fraction {shown(body)}")
            return Fraction(numerator, denominator)
        if not self.games:
            raise WireError(f"a {tag} object, where only numbers, strings, lists, tuples, dicts and sets "
                            "are expected")
        return self._game(tag, body, depth)

    @staticmethod
    def _list(body: Json, tag: str) -> list[Json]:
        if type(body) is not list:
            raise WireError(f"unreadable {tag}: {shown(body)}")
        return body

    def _game(self, tag: str, body: Json, depth: int) -> object:
        """Decode a chance node, or a game or a game's state as its registry entry says: one game per
        kind and data, and a state read against the game of its kind decoded last (or a new one, for a
        game that has one; None for the others, Nim, whose states are read alone)."""
        from ..games.registry import wire_tags  # here, as in _encode_game

        found = None if tag == "Chance" else wire_tags().get(tag)
        if found is None and tag != "Chance":
            raise WireError(f"unknown tag {shown(tag)}")
        try:
            if found is None:  # a chance node: malformed parts are unreadable, as a game's are
                outcomes, player = self._list(body, tag)
                pairs = [self._list(pair, tag) for pair in self._list(outcomes, tag)]
                if any(len(pair) != 2 for pair in pairs) or not (player is None or isinstance(player, str)):
                    raise WireError(f"unreadable Chance {shown(body)}")
                # the probabilities as sent: a chance node takes them as given (a check may send bad ones)
                return Chance([(cast(Real, self(p, depth + 1)), self(t, depth + 1)) for p, t in pairs], player)
            entry, wire = found
            if wire is entry.wire_game:
                game = self.made.get((tag, repr(body))) or wire.decode(body, lambda inner: self(inner, depth + 1), None)
                self.made[(tag, repr(body))] = self.made[entry.name] = game
                return game
            if entry.name not in self.made and entry.new_game is not None:
                self.made[entry.name] = entry.new_game()
            return wire.decode(body, lambda inner: self(inner, depth + 1), self.made.get(entry.name))
        except WireError:
            raise
        except (TypeError, ValueError) as error:
            raise WireError(f"unreadable {tag} {shown(body)}: {error}") from None


def decode(data: Json, *, games: bool = True) -> object:
    """Return the value `data` stands for (Decoder); with games=False only plain data is accepted."""
    return Decoder(games=games)(data)
