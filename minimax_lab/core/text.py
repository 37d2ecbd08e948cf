"""How the course writes values and node names as text: one spelling everywhere.

>>> value_text(3), value_text(2.5), value_text(float("inf")), value_text(-float("inf"), ascii=True)
('3', '2.5', '+∞', '-inf')
>>> path_name((1, 0)), path_name(())
('[1][0]', 'root')
"""

from __future__ import annotations

import math
from typing import Any

SHOWN_LIMIT = 1000
"""The most characters of a value's repr an error or a verdict shows (a student's function may return a
list of a million items)."""

LONGEST_NUMBER = 40
"""A whole number longer than this many digits is shown by its first digits and its length."""

SIGNIFICANT_DIGITS = 12
"""Digits a float keeps in text: enough that 1000001.0 and 1000002.0 read differently."""

HUGE_BITS = 3 * 1000
"""A whole number of more bits than this (about 900 digits) is written as huge_number_text writes it,
1.000e+5000: Python refuses to write one of more than 4,300 digits in decimal."""


def value_text(value: object, *, ascii: bool = False) -> str:
    """Return a value as a lesson writes it: whole numbers without a point, floats to 12 significant
    digits, infinity as +∞ / −∞ (+inf / -inf with ascii=True), None as '?'."""
    if value is None:
        return "?"
    if isinstance(value, float) and math.isinf(value):
        if ascii:
            return "+inf" if value > 0 else "-inf"
        return "+∞" if value > 0 else "−∞"
    if isinstance(value, float):
        return f"{value:.{SIGNIFICANT_DIGITS}g}"
    return as_text(value)


def as_text(thing: object) -> str:
    """Return str(thing), but a whole number of more than HUGE_BITS bits as huge_number_text writes
    it (str refuses one of more than 4,300 digits).

    >>> as_text("a"), as_text(12), as_text(-10 ** 5000)
    ('a', '12', '-1.000e+5000')
    """
    if isinstance(thing, int) and thing.bit_length() > HUGE_BITS:
        return huge_number_text(thing)
    return str(thing)


def huge_number_text(number: int) -> str:
    """Return a whole number as its first four digits and its power of ten, computed without writing
    it out in decimal (which Python refuses past 4,300 digits).

    >>> huge_number_text(10 ** 5000), huge_number_text(-3 * 10 ** 900)
    ('1.000e+5000', '-3.000e+900')
    """
    size = abs(number)
    shift = max(0, size.bit_length() - 60)
    exponent = math.log10(size >> shift) + shift * math.log10(2)
    whole = math.floor(exponent + 1e-12)
    return f"{'-' if number < 0 else ''}{10 ** (exponent - whole):.3f}e+{whole}"


def repr_text(thing: Any) -> str:
    """Return repr(thing), but with every whole number too long for Python to write in decimal
    (past 4,300 digits, where repr raises ValueError) written as huge_number_text writes it, in
    lists, tuples, sets and dicts too.

    >>> repr_text([10 ** 5000, (2, {-10 ** 4400: 'x'})]), repr_text((3,))
    ("[1.000e+5000, (2, {-1.000e+4400: 'x'})]", '(3,)')
    """
    try:
        return repr(thing)
    except ValueError as error:
        if "integer string conversion" not in str(error):
            raise
    kind = type(thing)
    if isinstance(thing, int):
        return huge_number_text(thing)
    if kind is list:
        return "[" + ", ".join(map(repr_text, thing)) + "]"
    if kind is tuple:
        return "(" + ", ".join(map(repr_text, thing)) + ("," if len(thing) == 1 else "") + ")"
    if kind in (set, frozenset):
        items = "{" + ", ".join(map(repr_text, thing)) + "}"
        return items if kind is set else f"frozenset({items})"
    if kind is dict:
        return "{" + ", ".join(f"{repr_text(key)}: {repr_text(value)}" for key, value in thing.items()) + "}"
    raise ValueError(f"a {kind.__name__} holding a whole number too long to write in decimal (past 4,300 digits)")


def path_name(path: tuple[object, ...]) -> str:
    """Return the name of the node at `path`, as an index expression: (1, 0) -> '[1][0]'; long
    paths are shortened to their first six steps and their length."""
    if len(path) > 12:
        return "".join(f"[{as_text(i)}]" for i in path[:6]) + f"...({len(path)} levels)"
    return "".join(f"[{as_text(i)}]" for i in path) or "root"


def kind_of(thing: object) -> str:
    """Return the name of thing's type with its article, as a message says what something is.

    >>> kind_of(3), kind_of("x"), kind_of([])
    ('an int', 'a str', 'a list')
    """
    name = type(thing).__name__
    return f"{'an' if name[:1].lower() in 'aeiou' else 'a'} {name}"


def shown(thing: object, limit: int = SHOWN_LIMIT) -> str:
    """Return repr(thing) as an error or a verdict shows it: cut to `limit` characters, a whole number
    of more than LONGEST_NUMBER digits by its first digits and how many it has, and never raising (a
    student's class whose __repr__ raises is named by its class).

    >>> shown(list(range(1000)), 20), shown(10 ** 400), shown((10 ** 5000,))
    ('[0, 1, 2, 3, 4, 5...', '1000000000... (a whole number of 401 digits)', '(1.000e+5000,)')
    """
    if type(thing) is int and thing.bit_length() > HUGE_BITS:
        return f"{huge_number_text(thing)} (a whole number of about {int(math.log10(abs(thing))) + 1:,} digits)"
    try:
        text = repr_text(thing)
    except Exception as error:  # noqa: BLE001 - a student's __repr__ may raise anything
        return f"<a {type(thing).__name__} whose repr raised {type(error).__name__}>"
    digits = text.lstrip("-")
    if isinstance(thing, int) and len(digits) > LONGEST_NUMBER and digits.isdigit():
        return f"{text[:10 + len(text) - len(digits)]}... (a whole number of {len(digits)} digits)"
    return text if len(text) <= limit else text[:limit - 3] + "..."
