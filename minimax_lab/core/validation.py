"""Checking what a caller passes: one small function per kind of argument, each raising an error
that names the argument, what it must be, and what it was.

>>> whole_number(3, "depth", 0)
3
>>> whole_number(-1, "depth", 0)
Traceback (most recent call last):
...
ValueError: depth must be a whole number >= 0, got -1
>>> real_number(float("nan"), "guess")
Traceback (most recent call last):
...
ValueError: guess must be a number, got nan (NaN, not a number)
"""

from __future__ import annotations

import math
from numbers import Real
from typing import Any, Callable, Optional, TypeVar

from .text import shown

T = TypeVar("T")


def whole_number(value: object, name: str, low: Optional[int] = None, high: Optional[int] = None) -> int:
    """Return `value` if it is a whole number (an int, not a bool or a float) from `low` to `high`
    (either may be None: no limit), else raise ValueError naming the argument and its range."""
    if (type(value) is not int or (low is not None and value < low)
            or (high is not None and value > high)):
        raise ValueError(f"{name} must be a whole number{_range(low, high)}, got {shown(value)}")
    return value


def _range(low: Optional[int], high: Optional[int]) -> str:
    """Return ' from 1 to 8', ' >= 0', ' <= 9' or ''."""
    if low is not None and high is not None:
        return f" from {low} to {high}"
    if low is not None:
        return f" >= {low}"
    return "" if high is None else f" <= {high}"


def real_number(value: T, name: str, *, finite: bool = False) -> T:
    """Return `value` if it is a real number (int, float, Fraction, a numpy number; not a bool and
    not NaN), and with `finite` one a float can hold (not infinite, not 10**400); else raise
    ValueError naming the argument."""
    if isinstance(value, bool) or not isinstance(value, Real):
        raise ValueError(f"{name} must be a number, got {shown(value)}")
    if value != value:
        raise ValueError(f"{name} must be a number, got {shown(value)} (NaN, not a number)")
    if finite:
        try:
            as_float = float(value)
        except OverflowError:
            raise ValueError(f"{name} must be a finite number within the range of floats, got a number "
                             f"of {len(str(abs(math.trunc(value))))} digits, too large for a float") from None
        if not math.isfinite(as_float):
            raise ValueError(f"{name} must be a finite number, got {shown(value)}")
    return value


def positive_number(value: Any, name: str, *, zero: bool = False) -> Any:
    """Return `value` if it is a real number > 0 (>= 0 with `zero`) that a float can hold, else
    raise ValueError naming the argument.

    >>> positive_number(0.5, "seconds")
    0.5
    >>> positive_number(0, "exploration", zero=True)
    0
    """
    least = ">= 0" if zero else "> 0"
    if (not _real(value) or value != value or not (0 <= value if zero else 0 < value)
            or value == math.inf):
        raise ValueError(f"{name} must be a number {least}, got {shown(value)}")
    as_float(value, name)
    return value


def _real(value: Any) -> bool:
    """Return True for a real number that is not a bool (without narrowing the type for mypy)."""
    return isinstance(value, Real) and not isinstance(value, bool)


def as_float(value: Any, what: str) -> float:
    """Return `value` (a real number) as a float, or raise ValueError starting with `what` when it
    is too large for one (an int such as 10**400)."""
    try:
        return float(value)
    except OverflowError:
        raise ValueError(f"{what} is a number of {len(str(abs(int(value))))} digits, too large for a "
                         "float") from None


def callable_value(value: object, name: str, how: str) -> Callable[..., Any]:
    """Return `value` if it can be called, else raise TypeError saying how `name` is called (`how`,
    such as 'evaluate(state)')."""
    if not callable(value):
        raise TypeError(f"{name} must be a function {how}, got {shown(value)}")
    return value
