"""Transposition tables: what a search remembers about positions it has already searched.

Alpha-beta with a window (alpha, beta) returns an exact value only when the value falls strictly
inside the window; at or below alpha it is an upper bound, at or above beta a lower bound. So a
table must store, with each value, which of the three it is (its bound flag) and how deep the
search below it went. `TranspositionTable` does; `NaiveTable` does not, to show why it must.
Values are stored as the caller holds them (solve stores them from the side to move).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Generic, Optional

from .game_types import A, S
from .text import shown
from .trace import Moves

EXACT, LOWER, UPPER = "exact", "lower", "upper"
INF = math.inf


@dataclass(frozen=True)
class Entry(Generic[A]):
    """A stored search result: the value, its bound flag (EXACT, LOWER or UPPER), the depth searched
    below the position (math.inf for a search to the end of the game) and the best move found."""

    value: float
    flag: str
    depth: float
    move: Optional[A] = None


def bound_flag(value: float, alpha: float, beta: float) -> str:
    """Return what a fail-soft value searched with the window (alpha, beta) is: an UPPER bound if
    value <= alpha, a LOWER bound if value >= beta, else EXACT (an infinite value is exact: nothing
    lies beyond it).

    >>> bound_flag(0, -1, 1), bound_flag(1, -1, 1), bound_flag(-1, -1, 1)
    ('exact', 'lower', 'upper')
    """
    try:
        if value <= alpha and value != -INF:  # at most -inf is exactly -inf
            return UPPER
        if value >= beta and value != INF:
            return LOWER
    except TypeError:
        raise TypeError(f"a stored value and its window must be numbers, got the value {shown(value)} with "
                        f"alpha={shown(alpha)} and beta={shown(beta)}") from None
    if value == value:  # not NaN, which no comparison above can place
        return EXACT
    raise ValueError(f"a stored value must be a number, got {shown(value)} (NaN, not a number)")


class TranspositionTable(Generic[S, A]):
    """A table of Entries keyed by state, each value stored with its bound flag and depth.

    >>> table = TranspositionTable()
    >>> table.store("s", 5, alpha=5, beta=9)       # failed low: the true value is at most 5
    >>> table.probe("s", alpha=6, beta=9), table.probe("s", alpha=0, beta=9)
    (5, None)
    """

    def __init__(self) -> None:
        self.entries: dict[S, Entry[A]] = {}
        self.game: object = None
        self.evaluation: object = None

    def bind(self, game: object, evaluate: object = None) -> None:
        """Tie the table to `game` on first use, and to `evaluate` on the first depth-limited search
        (which passes the evaluation that scores its horizon): its entries are positions of that
        game, valued with that evaluation, so using it for another game (another tree, say, whose
        paths look the same) or with another evaluation (whose values the entries are not) is
        refused."""
        if self.game is None:
            self.game = game
        elif self.game is not game:
            same = (" (another game object that looks the same: a table is tied to one game object, and a "
                    "bare nested list becomes a new TreeGame at every call, so make the game once and pass "
                    "it each time)" if repr(self.game) == repr(game) else "")
            raise ValueError(f"this table holds positions of {shown(self.game)}; use a new "
                             f"TranspositionTable for {shown(game)}{same}")
        if evaluate is None:
            return
        if self.evaluation is None:
            self.evaluation = evaluate
        elif self.evaluation is not evaluate:
            raise ValueError(f"this table holds values from the evaluation {_name(self.evaluation)}, not "
                             f"{_name(evaluate)}: a search with another evaluation would read them as its own; "
                             "use a new TranspositionTable (or pass the same evaluation function again)")

    def __len__(self) -> int:
        return len(self.entries)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({len(self)} entries)"

    def get(self, state: S) -> Optional[Entry[A]]:
        """Return the entry stored for `state`, or None."""
        return self.entries.get(state)

    def move(self, state: S) -> Optional[A]:
        """Return the best move stored for `state`, or None."""
        entry = self.entries.get(state)
        return None if entry is None else entry.move

    def probe(self, state: Any, alpha: float, beta: float, depth: float = INF) -> Optional[float]:
        """Return a stored value that settles a search of `state` with the window (alpha, beta) to
        `depth` plies: an exact value, a lower bound >= beta or an upper bound <= alpha, each from
        a search at least that deep. Return None when the table cannot settle it."""
        entry = self.entries.get(state)
        if entry is None or entry.depth < depth:
            return None
        if (entry.flag == EXACT or (entry.flag == LOWER and entry.value >= beta)
                or (entry.flag == UPPER and entry.value <= alpha)):
            return entry.value
        return None

    def store(self, state: S, value: float, alpha: float, beta: float, *, depth: float = INF,
              move: Optional[A] = None) -> None:
        """Record the value a search of `state` with the window (alpha, beta) returned, flagged."""
        self.entries[state] = Entry(value, bound_flag(value, alpha, beta), depth, move)

    def pv(self, game: Any, state: S) -> Moves[A]:
        """Return the principal variation from `state`: the stored best moves, followed while the
        entries are exact, up to the first move that returns to a position already on the line (in
        a game that can repeat, the stored moves may go round a loop)."""
        line: list[A] = []
        seen = {state}
        entry = self.entries.get(state)
        while entry is not None and entry.flag == EXACT and entry.move is not None:
            line.append(entry.move)
            state = game.result(state, entry.move)
            if state in seen:
                break
            seen.add(state)
            entry = self.entries.get(state)
        return tuple(line)


class NaiveTable(TranspositionTable[S, A]):
    """THE WRONG TABLE, kept to show a classic bug: it is keyed by state alone and treats every
    stored value as exact, ignoring the alpha and beta it was searched with.

    A value found with a narrow window may be only a bound, and reusing it as exact under another
    window gives wrong answers. aima-python's `alphabeta_search_tt` makes this mistake (its
    `cache1` caches max_value(state, alpha, beta) by state alone). Never use it for real searches.
    """

    def probe(self, state: S, alpha: float, beta: float, depth: float = INF) -> Optional[float]:
        """Return any value stored for `state`, whatever window it was searched with (the bug)."""
        entry = self.entries.get(state)
        return None if entry is None else entry.value

    def store(self, state: S, value: float, alpha: float, beta: float, *, depth: float = INF,
              move: Optional[A] = None) -> None:
        """Record the value as if it were exact (the bug)."""
        self.entries[state] = Entry(value, EXACT, depth, move)


class NoTable(TranspositionTable[S, A]):
    """A table that remembers nothing: what a search uses when it is given no table (like
    NO_TRACE for traces), so that the search reads the same with and without one."""

    def bind(self, game: object, evaluate: object = None) -> None:
        """Accept any game and evaluation: nothing is stored, so nothing can be mixed up."""

    def probe(self, state: S, alpha: float, beta: float, depth: float = INF) -> Optional[float]:
        """Return None: nothing is known."""
        return None

    def store(self, state: S, value: float, alpha: float, beta: float, *, depth: float = INF,
              move: Optional[A] = None) -> None:
        """Record nothing."""


NO_TABLE = NoTable()
"""The shared table that remembers nothing."""


def check_table(table: object) -> None:
    """Raise TypeError unless `table` is None (no table) or a TranspositionTable to search with."""
    if table is not None and not isinstance(table, TranspositionTable):
        made = (f" (the class itself: make a table, {table.__name__}())"
                if isinstance(table, type) and issubclass(table, TranspositionTable) else "")
        raise TypeError(f"table must be a TranspositionTable (table=TranspositionTable()), or None for "
                        f"none, got {shown(table)}{made}")


def _name(function: object) -> str:
    """Return a function's name for a message ('<lambda>' for a lambda), or its repr."""
    return getattr(function, "__qualname__", None) or repr(function)
