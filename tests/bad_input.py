"""The harness of the bad-input tests (issue 21, item 6): what a case is and how it is judged, and
the games and values with something wrong that the cases give. test_bad_input.py holds the cases of
the searches, games, engine, theory and checks; test_bad_input_<area>.py those of another area.

A case says what must happen: an error of the given type whose message names what was wrong (the
words listed), a check's verdict of "not correct", or a result (where the right answer to the input
is a value). No case may hang, give a silent wrong value, or show a raw message from deep inside
Python ("min() arg is an empty sequence", "'NoneType' object is not callable", an IndexError, a
KeyError)."""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass
from typing import Any, Callable, Optional

import numpy as np
import pytest

from minimax_lab import TreeGame
from minimax_lab.running.guard import limits

NAN32, NAN64, INF = np.float32("nan"), np.float64("nan"), math.inf
HUGE = 10 ** 400
UNWRITABLE = 10 ** 5000
"""A whole number Python refuses to write in decimal (more than 4,300 digits): the course writes it 1.000e+5000."""
FIG_5_2 = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]

RAW = ("arg is an empty sequence", "object is not callable", "index out of range", "unsupported operand",
       "not supported between", "too large to convert", "result out of range", "object is not subscriptable",
       "object is not iterable", "has no attribute", "math domain error", "maximum recursion depth")
"""Fragments of the messages Python gives from deep inside, which a clear error never is."""


# --- games with something wrong -------------------------------------------------------------------

class OddTree(TreeGame):
    """A TreeGame whose utility at the leaves is `leaf(value)` and whose player to move is
    `mover(state)` (default: the levels alternate)."""

    def __init__(self, tree: Any, leaf: Callable[[Any], Any] = lambda v: v,
                 mover: Optional[Callable[[tuple], str]] = None):
        super().__init__(tree)
        self.leaf, self.mover = leaf, mover

    def to_move(self, state: tuple) -> str:
        return super().to_move(state) if self.mover is None else self.mover(state)

    def utility(self, state: tuple, player: str) -> Any:
        value = self.leaf(self.nodes[state])
        return value if player == "MAX" else -value


class Nobody(TreeGame):
    """A TreeGame whose max_player, 'X', never moves: MAX and MIN take turns, and X's utility is
    minus each leaf (TreeGame's utility for every player but "MAX"). Its minimax value for X is
    -max(leaves), both movers minimizing X's utility; a negamax search, playing MAX against MIN,
    would give the tree's value for MAX, negated (issue 37: -9 against -3 on NOBODY_TREE)."""

    max_player = "X"


NOBODY_TREE = [[3, 9], [2, 4]]
"""The tree of Nobody's case: minimax -9 (for X), the MAX-against-MIN value 3."""


def max_twice(state: tuple) -> str:
    """MAX moves at the root and again below it: the players do not alternate."""
    return "MAX" if len(state) < 2 else "MIN"


class Forever:
    """A game that never ends: two positions, and the only move goes to the other one."""

    initial, max_player = 0, "MAX"

    def to_move(self, state: int) -> str:
        return "MAX" if state == 0 else "MIN"

    def actions(self, state: int) -> tuple:
        return (0,)

    def result(self, state: int, action: int) -> int:
        return 1 - state

    def is_terminal(self, state: int) -> bool:
        return False

    def utility(self, state: int, player: str) -> float:
        return 0


class Looping(Forever):
    """A game with an end (move 1 from position 0 wins for MAX) and a loop (move 0)."""

    def actions(self, state: int) -> tuple:
        return (0, 1) if state in (0, 1) else ()

    def result(self, state: int, action: int) -> int:
        return 1 - state if action == 0 else 2 + state

    def is_terminal(self, state: int) -> bool:
        return state >= 2

    def utility(self, state: int, player: str) -> float:
        value = 1 if state == 2 else -1
        return value if player == "MAX" else -value


class EvilInt(int):
    """An int that says it equals everything."""

    def __eq__(self, other: object) -> bool:
        return True

    __hash__ = int.__hash__


class EvilFloat(float):
    """A float that says it equals everything."""

    def __eq__(self, other: object) -> bool:
        return True

    __hash__ = float.__hash__


class EvilStr(str):
    """Text that says it equals everything, whatever strip() or casefold() makes of it."""

    def __eq__(self, other: object) -> bool:
        return True

    def strip(self, chars: Optional[str] = None) -> "EvilStr":
        return self

    def casefold(self) -> "EvilStr":
        return self

    __hash__ = str.__hash__


class LyingTuple(tuple):
    """A tuple that holds `held` but, iterated, measured or compared, says it holds `says`."""

    def __new__(cls, held: tuple, says: tuple) -> "LyingTuple":
        lying = super().__new__(cls, held)
        lying.says = says
        return lying

    def __iter__(self) -> Any:
        return iter(self.says)

    def __len__(self) -> int:
        return len(self.says)

    def __getitem__(self, index: Any) -> Any:
        return self.says[index]

    def __eq__(self, other: object) -> bool:
        return True

    __hash__ = tuple.__hash__


class Anything:
    """An object that says it equals everything."""

    def __eq__(self, other: object) -> bool:
        return True

    __hash__ = object.__hash__


def swallows(*args: Any) -> Any:
    """A student's function that swallows every exception, the time limit's included."""
    while True:
        try:
            while True:
                pass
        except BaseException:  # noqa: BLE001 - the point of the test
            pass


def loops_in_c(*args: Any) -> Any:
    """A student's function that loops inside C code, where no Python signal handler runs."""
    return sum(itertools.count())

# --- what a case expects --------------------------------------------------------------------------

@dataclass
class Case:
    """One kind of bad input given to one entry point, and what must happen."""

    kind: str
    where: str
    run: Callable[[], Any]
    error: Any = (ValueError, TypeError)
    words: tuple = ()
    value: Any = None        # with error=None: the result must satisfy value(result)

    @property
    def id(self) -> str:
        return f"{self.kind}: {self.where}"


def raises(kind: str, where: str, run: Callable[[], Any], *words: str, error: Any = (ValueError, TypeError)) -> Case:
    return Case(kind, where, run, error, words)


def gives(kind: str, where: str, run: Callable[[], Any], value: Callable[[Any], bool]) -> Case:
    return Case(kind, where, run, None, (), value)


def wrong(kind: str, where: str, run: Callable[[], Any], *words: str) -> Case:
    """A check given this answer must say it is not correct (and name what is wrong)."""
    return Case(kind, where, run, None, words, lambda verdict: verdict.correct is False)


def case_params(cases: list[Case], slow: frozenset[str] = frozenset()) -> list[Any]:
    """Return `cases` as pytest parameters named by their ids, those in `slow` marked slow (left out
    of `make test-fast`); every name in `slow` must be a case's id."""
    unknown = slow - {case.id for case in cases}
    assert not unknown, f"no case has the id {sorted(unknown)}"
    return [pytest.param(case, id=case.id, marks=[pytest.mark.slow] if case.id in slow else [])
            for case in cases]


def judge(case: Case) -> Optional[str]:
    """Return None when the case is handled as it says, else what happened instead."""
    try:
        result = case.run()
    except Exception as error:  # noqa: BLE001 - what the case is about
        message = str(error)
        if case.error is None:
            return f"raised {type(error).__name__}: {message}"
        if not isinstance(error, case.error):
            return f"raised {type(error).__name__} (wanted {case.error}): {message}"
        raw = [fragment for fragment in RAW if fragment in message]
        if raw:
            return f"raw message {type(error).__name__}: {message}"
        missing = [word for word in case.words if word.casefold() not in message.casefold()]
        if missing:
            return f"message lacks {missing}: {message}"
        return None
    if case.error is not None:
        return f"returned {result!r:.200} instead of raising"
    if not case.value(result):
        return f"returned {result!r:.200}"
    text = str(getattr(result, "text", ""))
    missing = [word for word in case.words if word.casefold() not in text.casefold()]
    return f"verdict lacks {missing}: {text}" if missing else None


def short_limit(run: Callable[[], Any], seconds: float = 0.25) -> Callable[[], Any]:
    """Return `run` with the checks' time limit lowered to `seconds`, and the grace after it before
    a child process is killed to a quarter of a second."""
    def limited() -> Any:
        kept = limits.CALL_TIMEOUT, limits.GRACE
        limits.CALL_TIMEOUT, limits.GRACE = seconds, 0.25
        try:
            return run()
        finally:
            limits.CALL_TIMEOUT, limits.GRACE = kept
    return limited
