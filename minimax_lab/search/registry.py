"""The searches and the move orderings that widgets, plots, experiments and benchmarks offer, each
named once: the key is what code passes around, the label is what a reader sees.

>>> search_named("alphabeta").__name__
'alphabeta'
>>> label("alphabeta", "best")
'alpha-beta, best first'
>>> label("minimax")
'minimax'
>>> search_named("alpha-beta")
Traceback (most recent call last):
...
ValueError: algorithm must be one of ['minimax', 'negamax', 'alphabeta', 'solve'], got 'alpha-beta'
"""

from __future__ import annotations

from typing import Any, Callable, Iterable, Mapping, Optional

from .ordering import RandomOrder, as_given, best_first, worst_first
from .solve import solve
from .textbook import Ordering, SearchResult, alphabeta, minimax, negamax

SEARCHES: dict[str, Callable[..., SearchResult]] = {
    "minimax": minimax, "negamax": negamax, "alphabeta": alphabeta, "solve": solve,
}
"""Every search offered by name, in the order the course teaches them."""

SEARCH_LABELS = {"minimax": "minimax", "negamax": "negamax", "alphabeta": "alpha-beta", "solve": "solve",
                 "engine": "engine"}
"""How a search is named in a legend, a table or a button: those of SEARCHES, and the engine (a
player, engine.engine, that the board offers beside them)."""

ORDERINGS = {"given": "as given", "best": "best first", "worst": "worst first", "random": "random order"}
"""Every move ordering offered by name, with its label: the moves as the game lists them, the best
(by exact value) first, the worst first, and a seeded shuffle."""


def one_of(value: Any, name: str, options: Iterable[str]) -> str:
    """Return `value` if it is one of `options`, else raise ValueError naming the argument."""
    options = list(options)
    if not isinstance(value, str) or value not in options:
        raise ValueError(f"{name} must be one of {options}, got {value!r}")
    return value


def choices(table: Mapping[str, str], names: Optional[Iterable[str]] = None) -> list[tuple[str, str]]:
    """Return (label, name) pairs for buttons offering `names` (all of the table's by default)."""
    return [(table[name], name) for name in (table if names is None else names)]


def search_named(name: str) -> Callable[..., SearchResult]:
    """Return the search called `name` in SEARCHES."""
    return SEARCHES[one_of(name, "algorithm", SEARCHES)]


def ordering_named(name: str, seed: int = 0) -> Ordering:
    """Return the ordering called `name` in ORDERINGS (the random one seeded with `seed`)."""
    orderings: dict[str, Ordering] = {"given": as_given, "best": best_first, "worst": worst_first,
                                      "random": RandomOrder(seed)}
    return orderings[one_of(name, "ordering", ORDERINGS)]


def label(algorithm: str, ordering: Optional[str] = None) -> str:
    """Return how a search under an ordering is named for a reader: minimax ignores the ordering
    (it looks at every node whatever the order)."""
    name = SEARCH_LABELS[one_of(algorithm, "algorithm", SEARCH_LABELS)]
    if ordering is None or algorithm == "minimax":
        return name
    return f"{name}, {ORDERINGS[one_of(ordering, 'ordering', ORDERINGS)]}"
