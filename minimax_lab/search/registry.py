"""The one registry of searches and of move orderings: every table, widget, experiment, plot,
drawing and the play board take their lists from here.

Each search is registered once, as a SearchEntry: its name (the key code passes around), its
label (what a reader sees), its function, what it supports and how a drawing shows it. Users
pick searches by what they support, not by listing names again:

>>> names(lambda s: s.drawn is not None)            # what draw() shows step by step
('minimax', 'negamax', 'alphabeta')
>>> names(lambda s: s.board)                        # what the play board offers
('minimax', 'alphabeta', 'solve', 'engine')
>>> search_named("alphabeta").__name__, label("alphabeta", "best"), label("minimax", "best")
('alphabeta', 'alpha-beta, best first', 'minimax')
>>> search_named("alpha-beta")
Traceback (most recent call last):
...
ValueError: algorithm must be one of ['minimax', 'negamax', 'alphabeta', 'pvs', ...], got 'alpha-beta'
"""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Callable, Iterable, Mapping, Optional, Protocol, TypeVar

from ..core.text import shown
from .chance import expectiminimax
from .engine import engine
from .maxn import maxn
from .mcts import uct
from .ordering import RandomOrder, as_given, best_first, worst_first
from .solve import solve
from .textbook import Ordering, SearchResult, alphabeta, minimax, negamax
from .windows import aspiration, mtdf, pvs

GAME_OR_TREE = "a game or a nested-list tree"
GAME = "a game"
CHANCE_TREE = "a tree with chance nodes"
VECTOR_TREE = "a tree of utility vectors"
"""What a search searches (SearchEntry.inputs)."""

FOR_MAX = "MAX"
FOR_SIDE_TO_MOVE = "the side to move"
FOR_EACH_PLAYER = "each player"
"""Whose point of view a search's value takes (SearchEntry.value)."""


@dataclass(frozen=True)
class Drawn:
    """How draw() and the steppers show a search's trace."""

    windows: bool
    """Its trace carries each node's window (α, β), which a drawing can show."""
    side_to_move: bool
    """Its trace's values are for the side to move (negamax), not for MAX."""


@dataclass(frozen=True)
class SearchEntry:
    """A search as the registry knows it: name, label, function, and what it supports."""

    name: str
    label: str
    function: Callable[..., Any]
    inputs: str = GAME_OR_TREE
    """What it searches: GAME_OR_TREE, GAME, CHANCE_TREE or VECTOR_TREE."""
    value: str = FOR_MAX
    """Whose point of view its value takes: FOR_MAX, FOR_SIDE_TO_MOVE or FOR_EACH_PLAYER."""
    exact: bool = True
    """It returns the minimax value (to its depth); False for an estimate (UCT) or a player's score."""
    depth: bool = False
    """It takes depth= and evaluate=: it can stop at a horizon and score it."""
    order: bool = False
    """It takes order=, a move ordering."""
    own_order: bool = False
    """Without an ordering given it orders the moves its own way (not as the game lists them)."""
    window: bool = False
    """It takes a window, alpha= and beta=."""
    table: bool = False
    """It takes table=, a transposition table."""
    own_table: bool = False
    """Without a table given it keeps one of its own."""
    trace: bool = False
    """It takes trace= and records its steps there."""
    options: tuple[str, ...] = ()
    """Its other keyword arguments."""
    needs: tuple[str, ...] = ()
    """Those of its options it cannot do without."""
    player: bool = False
    """Its function makes a player (which keeps what it learns from move to move), not a result."""
    clock: bool = False
    """It searches within a time budget (seconds=)."""
    board: bool = False
    """The play board offers it."""
    colour: Optional[str] = None
    """Its colour in plots, where its ordering does not matter (it takes none)."""
    drawn: Optional[Drawn] = None
    """How a drawing shows its trace step by step; None for a search that keeps no trace or enters
    a node more than once (a re-search, another pass), which one picture cannot show."""

    @property
    def alone(self) -> bool:
        """True when it finds a value from a game (or tree) alone: no other argument, no player."""
        return self.inputs == GAME_OR_TREE and not self.needs and not self.player


@dataclass(frozen=True)
class OrderingEntry:
    """A move ordering as the registry knows it: name, label, the ordering (or, if `seeded`, what
    makes one from a seed), and its colour in plots."""

    name: str
    label: str
    function: Callable[..., Any]
    colour: str
    seeded: bool = False


class Labelled(Protocol):
    """An entry of a registry table, as buttons and tables see it: a name and a label."""

    @property
    def name(self) -> str: ...
    @property
    def label(self) -> str: ...


Entry = TypeVar("Entry", bound=Labelled)


def table_of(*entries: Entry) -> Mapping[str, Entry]:
    """Return entries as a read-only mapping by name, refusing a name registered twice."""
    table = {entry.name: entry for entry in entries}
    if len(table) != len(entries):
        twice = sorted({entry.name for entry in entries if [e.name for e in entries].count(entry.name) > 1})
        raise ValueError(f"each name is registered once, but {twice} are registered twice")
    return MappingProxyType(table)


CATALOG: Mapping[str, SearchEntry] = table_of(
    SearchEntry("minimax", "minimax", minimax, depth=True, trace=True, board=True, colour="black",
                drawn=Drawn(windows=False, side_to_move=False)),
    SearchEntry("negamax", "negamax", negamax, value=FOR_SIDE_TO_MOVE, depth=True, trace=True,
                drawn=Drawn(windows=False, side_to_move=True)),
    SearchEntry("alphabeta", "alpha-beta", alphabeta, depth=True, order=True, window=True, trace=True,
                options=("fail_hard",), board=True, drawn=Drawn(windows=True, side_to_move=False)),
    SearchEntry("pvs", "PVS", pvs, depth=True, order=True, window=True, table=True, trace=True),
    SearchEntry("aspiration", "aspiration windows", aspiration, depth=True, order=True, trace=True,
                options=("guess", "width"), needs=("guess", "width")),
    SearchEntry("mtdf", "MTD(f)", mtdf, depth=True, order=True, table=True, own_table=True, trace=True,
                options=("guess",)),
    SearchEntry("solve", "solve", solve, order=True, own_order=True, table=True, own_table=True, board=True),
    SearchEntry("engine", "engine", engine, inputs=GAME, exact=False, depth=True, own_order=True,
                own_table=True, options=("seconds", "nodes", "without"), player=True, clock=True, board=True),
    SearchEntry("expectiminimax", "expectiminimax", expectiminimax, inputs=CHANCE_TREE, trace=True,
                options=("first",)),
    SearchEntry("maxn", "max^n", maxn, inputs=VECTOR_TREE, value=FOR_EACH_PLAYER,
                options=("players", "values", "choices")),
    SearchEntry("uct", "UCT", uct, exact=False, options=("playouts", "seed", "exploration", "steps")),
)
"""Every search of the package by name, in the order the course teaches them."""

ORDERINGS: Mapping[str, OrderingEntry] = table_of(
    OrderingEntry("given", "as given", as_given, "tab:purple"),
    OrderingEntry("best", "best first", best_first, "tab:green"),
    OrderingEntry("worst", "worst first", worst_first, "tab:red"),
    OrderingEntry("random", "random order", RandomOrder, "tab:orange", seeded=True),
)
"""Every move ordering offered by name: the moves as the game lists them, the best (by exact
value) first, the worst first, and a seeded shuffle."""


def names(where: Callable[[SearchEntry], bool] = lambda entry: True) -> tuple[str, ...]:
    """Return the names of the searches for which `where(entry)` is true, in CATALOG's order."""
    return tuple(name for name, entry in CATALOG.items() if where(entry))


SEARCHES: Mapping[str, Callable[..., SearchResult[Any]]] = MappingProxyType(
    {name: CATALOG[name].function for name in names(lambda entry: entry.alone and entry.exact)})
"""The searches that find a position's exact value from the game alone, by name (benchmarks run
them on tic-tac-toe)."""


def one_of(value: object, name: str, options: Iterable[str]) -> str:
    """Return `value` if it is one of `options`, else raise ValueError naming the argument."""
    options = list(options)
    if not isinstance(value, str) or value not in options:
        raise ValueError(f"{name} must be one of {options}, got {shown(value)}")
    return value


def search_entry(name: str) -> SearchEntry:
    """Return the entry of the search called `name`; an unknown name is refused."""
    return CATALOG[one_of(name, "algorithm", CATALOG)]


def search_named(name: str) -> Callable[..., Any]:
    """Return the function of the search called `name`."""
    return search_entry(name).function


def ordering_entry(name: str) -> OrderingEntry:
    """Return the entry of the ordering called `name`; an unknown name is refused."""
    return ORDERINGS[one_of(name, "ordering", ORDERINGS)]


def ordering_named(name: str, seed: int = 0) -> Ordering:
    """Return the ordering called `name` (the random one seeded with `seed`)."""
    entry = ordering_entry(name)
    ordering: Ordering = entry.function(seed) if entry.seeded else entry.function
    return ordering


def choices(table: Mapping[str, Labelled], offered: Optional[Iterable[str]] = None) -> list[tuple[str, str]]:
    """Return (label, name) pairs for buttons offering the names `offered` of a registry table
    (all its names by default)."""
    return [(table[one_of(name, "name", table)].label, name) for name in (table if offered is None else offered)]


def label(algorithm: str, ordering: Optional[str] = None) -> str:
    """Return how a search under an ordering is named for a reader: a search that takes no
    ordering (minimax looks at every node whatever the order) is named alone."""
    entry = search_entry(algorithm)
    how = None if ordering is None else ordering_entry(ordering)
    return entry.label if how is None or not entry.order else f"{entry.label}, {how.label}"


def colour(algorithm: str, ordering: str) -> Optional[str]:
    """Return the colour of a search under an ordering in plots: the search's own where it takes
    no ordering, else the ordering's."""
    entry, how = search_entry(algorithm), ordering_entry(ordering)
    return how.colour if entry.order else entry.colour
