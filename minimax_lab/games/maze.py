"""A maze game after UC Berkeley CS188's Pac-Man, on the textbook protocol: MAX ("P") eats the dots
of a maze while one to four chasers ("G1" to "G4") hunt it. The course's searches run on it as
they are: minimax and alpha-beta treat every chaser as a MIN player.

A layout is text: `%` a wall, `.` a dot, `P` where MAX starts, `G` where a chaser starts (numbered
G1, G2, ... in reading order), a space an empty cell; the border is all walls. A cell is (x, y),
column x and row y of that text counting from 0 at the top left, border included, so North is
y - 1. The layouts (LAYOUTS, layout(name)) go from "tiny", small enough to search by hand, to
"classic"; random_maze makes more.

The rules, and where they part from CS188's:
- One round: P moves, then each chaser in turn (G1, G2, ...). Each agent's move is one ply.
- P's actions: North, South, East, West onto an open cell, then Stop (always legal), in that
  order. A chaser's: North, South, East, West onto an open cell, in that order; a chaser never
  stops, and may turn back (CS188's ghosts may not, unless forced: this state holds no headings).
  Chasers may share a cell.
- Scores (CS188's): -1 for every move of P (Stop too); +10 when P steps onto a dot and eats it;
  +500 more for the last dot, which wins the game; -500 when P and a chaser meet on a cell, after
  P's move or after a chaser's, which loses it. Moves are made one at a time, so P and a chaser
  never pass through each other: P stepping onto a chaser's cell is caught there, after eating
  any dot there (and if that was the last dot, P wins: clearing the maze comes first, as in
  CS188). Chasers eat nothing.
- utility(state, "P") is the score; a chaser's utility is minus the score.
- Nothing ends the game but a clear maze or a catch, and P may stop for ever: search it with a
  depth limit and an evaluation (the score is CS188's first one); play_game stops after
  `max_moves` moves of P.

The chasers' policies for play, and play itself, are maze_policies'. This module imports only the
standard library, core.text and games.protocol, so that it runs under Pyodide and in the grader's
sandbox.

>>> game = MazeGame("tiny")
>>> print(game.show(game.initial))
%%%%%
%P.G%
% % %
%.  %
%%%%%
>>> game.actions(game.initial)
('South', 'East', 'Stop')
>>> after = game.result(game.initial, "East")
>>> after.score, game.to_move(after), game.actions(after)
(9, 'G1', ('South', 'West'))
>>> caught = game.result(after, "West")
>>> game.is_terminal(caught), game.utility(caught, "P"), game.utility(caught, "G1")
(True, -491, 491)
"""

from __future__ import annotations

import random
import textwrap
from collections import deque
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Iterable, Mapping, Optional, Sequence, TypeGuard

from ..core.text import kind_of, shown
from .entry import GameEntry, Inner, WireKind, items, whole_numbers
from .protocol import game_name, not_a_player, not_a_state

Cell = tuple[int, int]
"""A cell of a maze: (x, y), column and row of the layout text from 0 at the top left."""

WALL, DOT, MAX_START, CHASER_START, EMPTY = "%", ".", "P", "G", " "
"""The characters of a layout."""

DIRECTIONS: tuple[tuple[str, Cell], ...] = (("North", (0, -1)), ("South", (0, 1)), ("East", (1, 0)),
                                              ("West", (-1, 0)))
"""The four moves and the step (dx, dy) each makes, in the order actions lists them."""

STOP = "Stop"
"""MAX's fifth action: stay on its cell. Chasers may not stop."""

ACTIONS = tuple(name for name, _ in DIRECTIONS) + (STOP,)
"""Every action of the game, in the order actions lists them."""

STEP, EAT, CLEAR, CAUGHT = -1, 10, 500, -500
"""The scores (CS188's): each move of MAX, a dot eaten, the last dot eaten, MAX caught."""

MOST_CHASERS = 4
"""The most chasers a maze may have."""

LONGEST_SIDE = 100
"""The most rows, and the most columns, a layout may have."""

MAX_AGENT = "P"
"""The name of MAX, the agent that eats the dots."""



# --- layouts ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Maze:
    """A maze layout: its size (border included), walls, dots, and where each agent starts (MAX
    first, then the chasers); `source` says how it was made, as Python, for its repr.

    Mazes are immutable and compare by their cells. Building one checks it (ValueError naming the
    row and column of what is wrong): a border of walls, one to four chasers, at least one dot, and
    every open cell reachable from MAX's start.

    >>> maze = layout("tiny")
    >>> maze.width, maze.height, maze.inside, maze.starts, sorted(maze.dots)
    (5, 5, (3, 3), ((1, 1), (3, 1)), [(1, 3), (2, 1)])
    """

    width: int
    height: int
    walls: frozenset[Cell]
    dots: frozenset[Cell]
    starts: tuple[Cell, ...]
    source: str = field(default="", compare=False)

    def __post_init__(self) -> None:
        _check_maze(self)

    def __repr__(self) -> str:
        return self.source or f"Maze.parse({self.text()!r})"

    @classmethod
    def parse(cls, text: str, *, source: str = "") -> Maze:
        """Return the maze a layout text describes (parse_layout)."""
        return parse_layout(text, source=source)

    @property
    def inside(self) -> tuple[int, int]:
        """Return the size of the maze inside its border: (width - 2, height - 2)."""
        return self.width - 2, self.height - 2

    @property
    def chasers(self) -> int:
        """Return the number of chasers."""
        return len(self.starts) - 1

    def open_cells(self) -> tuple[Cell, ...]:
        """Return the cells that are not walls, in reading order (row by row from the top)."""
        return tuple((x, y) for y in range(self.height) for x in range(self.width) if (x, y) not in self.walls)

    def text(self) -> str:
        """Return the layout text of the maze (what parse_layout reads)."""
        return _grid_text(self, self.starts, self.dots)


def parse_layout(text: str, *, source: str = "") -> Maze:
    """Return the maze a layout text describes: rows of `%` (wall), `.` (dot), `P` (MAX's start),
    `G` (a chaser's start) and spaces (empty cells). Blank lines around the text and a common
    indentation are ignored; anything else wrong raises ValueError naming its row and column.

    >>> parse_layout('''
    ...     %%%%
    ...     %PG%
    ...     %..%
    ...     %%%%''').inside
    (2, 2)
    """
    rows = _rows(text)
    width = len(rows[0])
    for y, row in enumerate(rows):
        if len(row) != width:
            raise ValueError(f"maze layout: row {y} has {len(row)} characters, but row 0 has {width}: every "
                             "row of a layout is as long as the first")
    cells: dict[str, list[Cell]] = {WALL: [], DOT: [], MAX_START: [], CHASER_START: [], EMPTY: []}
    for y, row in enumerate(rows):
        for x, char in enumerate(row):
            if char not in cells:
                raise ValueError(f"maze layout: row {y} ({row!r}), column {x}: {char!r} is not a layout character "
                                 "(% a wall, . a dot, P MAX's start, G a chaser's start, a space an empty cell)")
            cells[char].append((x, y))
    _check_agents(cells[MAX_START], cells[CHASER_START])
    return Maze(width, len(rows), frozenset(cells[WALL]), frozenset(cells[DOT]),
                tuple(cells[MAX_START] + cells[CHASER_START]), source)


def _rows(text: str) -> list[str]:
    """Return the rows of a layout text, blank lines around it and common indentation removed."""
    if not isinstance(text, str):
        raise TypeError(f"a maze layout is text (rows of %, ., P, G and spaces), got {shown(text)}, "
                        f"{kind_of(text)}")
    rows = textwrap.dedent(text.replace("\r\n", "\n")).split("\n")
    while rows and not rows[0].strip():
        rows.pop(0)
    while rows and not rows[-1].strip():
        rows.pop()
    if not rows:
        raise ValueError("maze layout: the text is empty: write rows of % (walls), . (dots), P, G and spaces")
    if len(rows) > LONGEST_SIDE or max(map(len, rows)) > LONGEST_SIDE:
        raise ValueError(f"maze layout: {len(rows)} rows of up to {max(map(len, rows))} characters: a layout has "
                         f"at most {LONGEST_SIDE} rows and {LONGEST_SIDE} columns")
    return rows


def _check_agents(max_starts: list[Cell], chaser_starts: list[Cell]) -> None:
    """Raise ValueError unless a layout has one P and one to four G's."""
    if not max_starts:
        raise ValueError("maze layout: there is no P: mark where MAX starts with a P")
    if len(max_starts) > 1:
        raise ValueError(f"maze layout: there are {len(max_starts)} P's ({_places(max_starts)}): MAX is one "
                         "agent, with one start")
    if not chaser_starts or len(chaser_starts) > MOST_CHASERS:
        found = f"{len(chaser_starts)} ({_places(chaser_starts)})" if chaser_starts else "none"
        raise ValueError(f"maze layout: a maze has 1 to {MOST_CHASERS} chasers (G), found {found}")


def _check_maze(maze: Maze) -> None:
    """Raise ValueError unless `maze` is a playable maze (TypeError if its parts are not cells)."""
    _check_sizes(maze)
    for cell in (*maze.starts, *sorted(maze.walls | maze.dots, key=repr)):
        _check_cell(cell, maze)
    border = [(x, y) for y in range(maze.height) for x in range(maze.width)
              if x in (0, maze.width - 1) or y in (0, maze.height - 1)]
    for cell in border:
        if cell not in maze.walls:
            raise ValueError(f"maze layout: {_where(cell)} is on the border but is not a wall: the border of a "
                             "maze is all walls (%)")
    _check_starts(maze)
    if not maze.dots:
        raise ValueError("maze layout: there are no dots (.): the game is won by clearing the maze, so it "
                         "needs at least one")
    for cell in sorted(maze.dots, key=_reading):
        if cell in maze.walls or cell in maze.starts:
            raise ValueError(f"maze layout: the dot at {_where(cell)} is on a wall or an agent's start")
    _check_connected(maze)


def _check_sizes(maze: Maze) -> None:
    """Raise an error unless the maze's size and parts have the right types and sizes."""
    if type(maze.width) is not int or type(maze.height) is not int:
        raise TypeError(f"a maze's width and height are whole numbers, got {shown(maze.width)} and "
                        f"{shown(maze.height)}")
    if not (3 <= maze.width <= LONGEST_SIDE and 3 <= maze.height <= LONGEST_SIDE):
        raise ValueError(f"maze layout: {maze.width} columns and {maze.height} rows: a maze has 3 to "
                         f"{LONGEST_SIDE} of each (a border of walls around at least one cell)")
    for name in ("walls", "dots"):
        if not isinstance(getattr(maze, name), frozenset):
            raise TypeError(f"a maze's {name} are a frozenset of cells (x, y), got {shown(getattr(maze, name))}")
    if not isinstance(maze.starts, tuple) or not maze.starts:
        raise TypeError(f"a maze's starts are a tuple of cells (x, y), MAX's first, got {shown(maze.starts)}")


def _check_cell(cell: object, maze: Maze) -> None:
    """Raise an error unless `cell` is a cell (x, y) of the maze's grid."""
    if not _is_cell(cell):
        raise TypeError(f"a cell is a pair (x, y) of whole numbers, got {shown(cell)}")
    if not (0 <= cell[0] < maze.width and 0 <= cell[1] < maze.height):
        raise ValueError(f"cell {cell} is off the {maze.width} x {maze.height} maze")


def _check_starts(maze: Maze) -> None:
    """Raise ValueError unless MAX and one to four chasers start on distinct open cells."""
    if not 1 <= len(maze.starts) - 1 <= MOST_CHASERS:
        raise ValueError(f"maze layout: a maze has 1 to {MOST_CHASERS} chasers, got {len(maze.starts) - 1}")
    if len(set(maze.starts)) != len(maze.starts):
        raise ValueError(f"maze layout: two agents start on one cell: {shown(maze.starts)}")
    for cell in maze.starts:
        if cell in maze.walls:
            raise ValueError(f"maze layout: an agent starts on the wall at {_where(cell)}")


def _check_connected(maze: Maze) -> None:
    """Raise ValueError naming the first open cell that MAX's start does not reach."""
    open_cells = maze.open_cells()
    reached = _distances_from(frozenset(open_cells), maze.starts[0])
    for cell in open_cells:
        if cell not in reached:
            raise ValueError(f"maze layout: {_where(cell)} cannot be reached from P's start at "
                             f"{_where(maze.starts[0])}: every open cell of a maze is connected")


def _is_cell(cell: object) -> TypeGuard[Cell]:
    """Return True if `cell` is a pair (x, y) of plain ints."""
    return isinstance(cell, tuple) and len(cell) == 2 and type(cell[0]) is int and type(cell[1]) is int


def _where(cell: Cell) -> str:
    """Return a cell as messages name it: 'row 2, column 3' for (3, 2)."""
    return f"row {cell[1]}, column {cell[0]}"


def _places(cells: Iterable[Cell]) -> str:
    """Return several cells as messages name them."""
    return "; ".join(_where(cell) for cell in cells)


def _reading(cell: Cell) -> tuple[int, int]:
    """Return the key that sorts cells in reading order: row, then column."""
    return cell[1], cell[0]


def _distances_from(open_cells: frozenset[Cell] | set[Cell], source: Cell) -> dict[Cell, int]:
    """Return the maze distance (steps) from `source` to every open cell it reaches (breadth first)."""
    distances = {source: 0}
    queue = deque([source])
    while queue:
        x, y = cell = queue.popleft()
        for _, (dx, dy) in DIRECTIONS:
            step = (x + dx, y + dy)
            if step in open_cells and step not in distances:
                distances[step] = distances[cell] + 1
                queue.append(step)
    return distances


def _grid_text(maze: Maze, positions: Sequence[Cell], dots: Iterable[Cell]) -> str:
    """Return the maze as layout text with the agents at `positions` (MAX first): a chaser hides a
    dot, and an X marks a chaser on MAX's cell."""
    grid = [[WALL if (x, y) in maze.walls else EMPTY for x in range(maze.width)] for y in range(maze.height)]
    for x, y in dots:
        grid[y][x] = DOT
    for x, y in positions[1:]:
        grid[y][x] = CHASER_START
    x, y = positions[0]
    grid[y][x] = "X" if positions[0] in positions[1:] else MAX_START
    return "\n".join("".join(row) for row in grid)


TINY = """
%%%%%
%P.G%
% % %
%.  %
%%%%%
"""

SMALL = """
%%%%%%%%%
%P......%
%.%%.%%.%
%...G...%
%.%%.%%.%
%.......%
%%%%%%%%%
"""

MEDIUM = """
%%%%%%%%%%%%%
%.....%.....%
%.%%%.%.%%%.%
%...........%
%.%%.G G.%%.%
%.%%.%%%.%%.%
%.....P.....%
%%%%%%%%%%%%%
"""

CLASSIC = """
%%%%%%%%%%%%%%%%%%%%%%
%.........%%.........%
%.%%%.%%%.%%.%%%.%%%.%
%....................%
%.%%%.%.%%GG%%.%.%%%.%
%.....%.%%  %%.%.....%
%.%%%.%.%%%%%%.%.%%%.%
%.........P..........%
%%%%%%%%%%%%%%%%%%%%%%
"""

LAYOUTS: Mapping[str, str] = MappingProxyType({"tiny": TINY, "small": SMALL, "medium": MEDIUM, "classic": CLASSIC})
"""The named layouts' texts, smallest first: "tiny" (3 x 3 inside, one chaser, two dots: small
enough to search by hand), "small" (7 x 5, one chaser), "medium" (11 x 6, two chasers) and
"classic" (20 x 7, two chasers, the size of CS188's small classic)."""


def layout(name: str) -> Maze:
    """Return the named layout (one of LAYOUTS) as a Maze.

    >>> layout("classic").inside, layout("classic").chasers
    ((20, 7), 2)
    """
    if not isinstance(name, str) or name not in LAYOUTS:
        raise ValueError(f"no maze layout is named {shown(name)}: the layouts are "
                         + ", ".join(repr(known) for known in LAYOUTS))
    return parse_layout(LAYOUTS[name], source=f"layout({name!r})")


def as_maze(maze: Maze | str) -> Maze:
    """Return a Maze: a Maze as it is, a layout's name as that layout, layout text parsed."""
    if isinstance(maze, Maze):
        return maze
    if isinstance(maze, str):
        return parse_layout(maze) if "\n" in maze else layout(maze)
    raise TypeError(f"a maze is a Maze, a layout's name ({', '.join(map(repr, LAYOUTS))}) or layout text, got "
                    f"{shown(maze)}, {kind_of(maze)}")


# --- random mazes -----------------------------------------------------------------------------


def random_maze(seed: int, *, width: int = 9, height: int = 7, chasers: int = 1,
                dots: Optional[int] = None) -> Maze:
    """Return a random maze of `width` x `height` cells (the border included), the same for the same
    arguments: pillars of wall at even (x, y) inside and walls between some of them, chosen by
    random.Random(seed) so that every open cell stays reachable and keeps two open neighbours (no
    dead ends, but in a maze one cell wide); MAX on a random cell, the chasers at least 3 steps away where there is room; a dot
    on every other cell, or on `dots` random ones.

    >>> print(random_maze(1, width=7, height=5).text())
    %%%%%%%
    %.....%
    %.%.%.%
    %.P..G%
    %%%%%%%
    """
    _check_random_settings(seed, width, height, chasers, dots)
    rng = random.Random(seed)
    open_cells = {(x, y) for y in range(1, height - 1) for x in range(1, width - 1)}
    pillar_xs, pillar_ys = range(2, width - 2, 2), range(2, height - 2, 2)
    open_cells -= {(x, y) for x in pillar_xs for y in pillar_ys}
    needed = 1 + chasers + (1 if dots is None else dots)
    _check_room(len(open_cells), needed, width, height, chasers, dots)
    links = sorted(((x, y) for x, y in open_cells if (x in pillar_xs) != (y in pillar_ys)), key=_reading)
    rng.shuffle(links)
    for cell in links:
        if len(open_cells) > needed and rng.random() < 0.5 and _may_wall(open_cells, cell):
            open_cells.remove(cell)
    starts = _random_starts(rng, open_cells, chasers)
    free = [cell for cell in sorted(open_cells, key=_reading) if cell not in starts]
    dot_cells = free if dots is None else sorted(rng.sample(free, dots), key=_reading)
    settings = f"width={width}, height={height}, chasers={chasers}, dots={dots}"
    return parse_layout(_random_text(width, height, open_cells, starts, dot_cells),
                        source=f"random_maze({seed}, {settings})")


def _check_random_settings(seed: object, width: object, height: object, chasers: object, dots: object) -> None:
    """Raise ValueError naming a setting of random_maze that is not a whole number in its range."""
    checks = (("seed", seed, None, None), ("width", width, 3, LONGEST_SIDE), ("height", height, 3, LONGEST_SIDE),
              ("chasers", chasers, 1, MOST_CHASERS), ("dots", 1 if dots is None else dots, 1, None))
    for name, value, low, high in checks:
        if type(value) is not int or (low is not None and value < low) or (high is not None and value > high):
            span = (f" from {low} to {high}" if high is not None else f" >= {low}") if low is not None else ""
            border = " (the border included)" if name in ("width", "height") else ""
            none = " or None (a dot on every free cell)" if name == "dots" else ""
            raise ValueError(f"random_maze: {name} must be a whole number{span}{border}{none}, got {shown(value)}")


def _check_room(cells: int, needed: int, width: int, height: int, chasers: int, dots: Optional[int]) -> None:
    """Raise ValueError when a random maze of this size has too few open cells for its agents and dots."""
    if cells < needed:
        wanted = "a dot" if dots is None else f"{dots} dot{'s' * (dots != 1)}"
        raise ValueError(f"random_maze: a {width} x {height} maze has {cells} open cell{'s' * (cells != 1)}, "
                         f"too few for MAX, {chasers} chaser{'s' * (chasers != 1)} and {wanted} (they need "
                         f"{needed}): make it larger or ask for fewer")


def _may_wall(open_cells: set[Cell], cell: Cell) -> bool:
    """Return True if walling `cell` leaves each open neighbour two open neighbours and all of
    them still connected."""
    around = _open_around(open_cells, cell)
    if not around or any(len(_open_around(open_cells, neighbour)) < 3 for neighbour in around):
        return False
    left, seen, queue = set(around[1:]), {around[0], cell}, deque([around[0]])
    while queue and left:  # breadth first from one neighbour, around `cell`, until it meets the others
        for step in _open_around(open_cells, queue.popleft()):
            if step not in seen:
                seen.add(step)
                left.discard(step)
                queue.append(step)
    return not left


def _open_around(open_cells: set[Cell], cell: Cell) -> list[Cell]:
    """Return the open cells next to `cell`."""
    x, y = cell
    return [(x + dx, y + dy) for _, (dx, dy) in DIRECTIONS if (x + dx, y + dy) in open_cells]


def _random_starts(rng: random.Random, open_cells: set[Cell], chasers: int) -> tuple[Cell, ...]:
    """Return MAX's start (a random cell) and the chasers' (at least 3 steps away where possible),
    the chasers in reading order."""
    cells = sorted(open_cells, key=_reading)
    start = rng.choice(cells)
    distances = _distances_from(open_cells, start)
    others = [cell for cell in cells if cell != start]
    far = [cell for cell in others if distances[cell] >= 3]
    chosen = rng.sample(far if len(far) >= chasers else others, chasers)
    return (start,) + tuple(sorted(chosen, key=_reading))


def _random_text(width: int, height: int, open_cells: set[Cell], starts: tuple[Cell, ...],
                 dots: Sequence[Cell]) -> str:
    """Return the layout text of a random maze."""
    grid = [[EMPTY if (x, y) in open_cells else WALL for x in range(width)] for y in range(height)]
    for x, y in dots:
        grid[y][x] = DOT
    for i, (x, y) in enumerate(starts):
        grid[y][x] = MAX_START if i == 0 else CHASER_START
    return "\n".join("".join(row) for row in grid)


# --- the game ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class MazeState:
    """A position of a maze game: where each agent is (MAX first, then G1, G2, ...), the dots left,
    the score so far, whose turn it is (0 for MAX, i for chaser Gi) and how many moves MAX has made.

    States are immutable, compare and hash by all five, and hold no reference to their maze.
    """

    positions: tuple[Cell, ...]
    dots: frozenset[Cell]
    score: int
    turn: int
    steps: int

    def __repr__(self) -> str:
        dots = "{" + ", ".join(map(repr, sorted(self.dots, key=_reading))) + "}" if self.dots else "()"
        return (f"MazeState(positions={self.positions!r}, dots=frozenset({dots}), score={self.score!r}, "
                f"turn={self.turn!r}, steps={self.steps!r})")


class MazeGame:
    """The maze game on `maze` (a Maze, a layout's name, or layout text): MAX is "P", the chasers
    "G1" to "Gk"; the rules and scores are the module's. States are MazeStates.

    >>> game = MazeGame("tiny")
    >>> game.agents, game.max_player, game.initial.score
    (('P', 'G1'), 'P', 0)
    """

    max_player = MAX_AGENT

    def __init__(self, maze: Maze | str):
        self.maze = as_maze(maze)
        self.chasers = tuple(f"G{i}" for i in range(1, len(self.maze.starts)))
        self.agents = (MAX_AGENT,) + self.chasers
        self._index = {agent: i for i, agent in enumerate(self.agents)}
        self._open = frozenset(self.maze.open_cells())
        chaser_moves = {cell: self._steps_from(cell) for cell in self.maze.open_cells()}
        max_moves = {cell: {**steps, STOP: cell} for cell, steps in chaser_moves.items()}
        self._moves = (max_moves, chaser_moves)
        """The cell each legal action leads to, by cell: MAX's (Stop included), then a chaser's."""
        self._actions = tuple({cell: tuple(steps) for cell, steps in table.items()} for table in self._moves)
        self._distances: dict[Cell, dict[Cell, int]] = {}
        self.initial = MazeState(self.maze.starts, self.maze.dots, 0, 0, 0)
        self.layout_text = self.maze.text()
        """The maze's layout text, as parse_layout reads it (made once: the grader's pipe sends it often)."""

    def __repr__(self) -> str:
        return f"MazeGame({self.maze!r})"

    def _steps_from(self, cell: Cell) -> dict[str, Cell]:
        """Return the open cells next to `cell`, by the direction that leads there."""
        x, y = cell
        return {name: (x + dx, y + dy) for name, (dx, dy) in DIRECTIONS if (x + dx, y + dy) in self._open}

    def check_state(self, state: object) -> None:
        """Raise TypeError unless `state` is a MazeState, ValueError unless it could be a position of
        this maze: one position per agent, each on an open cell, dots among the maze's, MAX not on a
        dot, whole numbers for the score, the turn (0 to the number of chasers) and the steps."""
        if not isinstance(state, MazeState):
            raise TypeError(f"{game_name(self)}: {shown(state, 200)} is {kind_of(state)}, not a MazeState: start "
                            "from game.initial and make moves with game.result")

        def where() -> str:  # the position as text, made only for a message (it sorts the dots)
            return f"{game_name(self)}: {shown(state, 200)}"

        if not isinstance(state.positions, tuple) or len(state.positions) != len(self.agents):
            count = len(state.positions) if isinstance(state.positions, tuple) else shown(state.positions)
            raise ValueError(f"{where()} has {count} positions, but this maze has {len(self.agents)} agents "
                             f"({', '.join(self.agents)}): is it a state of another maze?")
        for agent, cell in zip(self.agents, state.positions):
            if not _is_cell(cell) or cell not in self._open:
                raise ValueError(f"{where()}: {agent} is at {shown(cell)}, which is not an open cell of this maze "
                                 "(a state of another maze?)")
        if not isinstance(state.dots, frozenset) or not state.dots <= self.maze.dots:
            raise ValueError(f"{where()}: its dots must be a frozenset of cells that hold dots at the start of this "
                             "maze (a state of another maze?)")
        if state.positions[0] in state.dots:
            raise ValueError(f"{where()}: P is on a dot, which it would have eaten")
        for name, value, high in (("score", state.score, None), ("turn", state.turn, len(self.chasers)),
                                  ("steps", state.steps, None)):
            if type(value) is not int or (high is not None and not 0 <= value <= high) or (
                    name == "steps" and value < 0):
                span = f" from 0 to {high}" if high is not None else " >= 0" if name == "steps" else ""
                raise ValueError(f"{where()}: its {name} must be a whole number{span}, not {shown(value)}")

    # The protocol. Each method reads the state as it is, for speed; a state it cannot read gets
    # check_state's message (not_a_state), not Python's.

    def to_move(self, state: MazeState) -> str:
        try:
            return self.agents[state.turn]
        except (AttributeError, TypeError, IndexError):
            raise not_a_state(self, state) from None

    def actions(self, state: MazeState) -> tuple[str, ...]:
        """Return the legal actions of the agent to move, in the order N, S, E, W, Stop (Stop for
        MAX only); none once the game is over."""
        try:
            positions, turn = state.positions, state.turn
            if not state.dots or positions.count(positions[0]) > 1:
                return ()
            return self._actions[turn > 0][positions[turn]]
        except (AttributeError, TypeError, IndexError, KeyError):
            raise not_a_state(self, state) from None

    def result(self, state: MazeState, action: str) -> MazeState:
        """Return the state after the agent to move plays `action`, scored by the module's rules."""
        try:
            positions, dots, turn = state.positions, state.dots, state.turn
            moves = self._moves[turn > 0][positions[turn]]
            over = not dots or positions.count(positions[0]) > 1
        except (AttributeError, TypeError, IndexError, KeyError):
            raise not_a_state(self, state) from None
        if over:
            raise ValueError(f"{shown(state)}: the game is over ({self._outcome(state)}): no agent moves any more")
        try:
            there = moves[action]
        except (KeyError, TypeError):
            raise self._illegal(state, action) from None
        if turn:
            positions = positions[:turn] + (there,) + positions[turn + 1:]
            score = state.score + CAUGHT if there == positions[0] else state.score
            return MazeState(positions, dots, score, (turn + 1) % len(positions), state.steps)
        score = state.score + STEP
        if there in dots:
            dots = dots - {there}
            score += EAT if dots else EAT + CLEAR
        positions = (there,) + positions[1:]
        if dots and there in positions[1:]:
            score += CAUGHT
        return MazeState(positions, dots, score, 1, state.steps + 1)

    def is_terminal(self, state: MazeState) -> bool:
        """Return True when the maze is clear or a chaser has caught MAX."""
        try:
            positions = state.positions
            return not state.dots or positions.count(positions[0]) > 1
        except (AttributeError, TypeError, IndexError):
            raise not_a_state(self, state) from None

    def utility(self, state: MazeState, player: str) -> int:
        """Return the score for MAX ("P"), minus the score for a chaser (the score so far while
        play goes on)."""
        try:
            score = state.score
        except AttributeError:
            raise not_a_state(self, state) from None
        if player == MAX_AGENT:
            return score
        if player in self.chasers:
            return -score
        raise not_a_player(self, player, self.agents)

    def _illegal(self, state: MazeState, action: object) -> ValueError:
        """Return the error for an action the agent to move cannot play."""
        agent, legal = self.to_move(state), self.actions(state)
        hint = ""
        if agent != MAX_AGENT and action == STOP:
            hint = ": a chaser never stops"
        elif isinstance(action, str) and action.capitalize() in legal:
            hint = f": actions are capitalized, {action.capitalize()!r}"
        elif action in ACTIONS:
            hint = ": there is a wall that way"
        return ValueError(f"{agent} at {state.positions[state.turn]}: illegal action {shown(action)} (legal: "
                          f"{', '.join(legal)}){hint}")

    def _outcome(self, state: MazeState) -> str:
        """Return how a finished game ended, in words."""
        return "the maze is clear" if not state.dots else "P is caught"

    # What evaluations and players read.

    def is_win(self, state: MazeState) -> bool:
        """Return True when MAX has cleared the maze."""
        return self.is_terminal(state) and not state.dots

    def is_loss(self, state: MazeState) -> bool:
        """Return True when a chaser has caught MAX (on a maze not yet clear)."""
        return self.is_terminal(state) and bool(state.dots)

    def position(self, state: MazeState, agent: str) -> Cell:
        """Return the cell of `agent` ("P", "G1", ...)."""
        if agent not in self._index:
            raise ValueError(f"{game_name(self)}: no agent is named {shown(agent)}: the agents are "
                             + ", ".join(map(repr, self.agents)))
        try:
            return state.positions[self._index[agent]]
        except (AttributeError, TypeError, IndexError):
            raise not_a_state(self, state) from None

    def dots(self, state: MazeState) -> frozenset[Cell]:
        """Return the cells that still hold a dot."""
        try:
            return state.dots
        except AttributeError:
            raise not_a_state(self, state) from None

    def neighbours(self, cell: Cell) -> tuple[Cell, ...]:
        """Return the open cells next to `cell`, in the order North, South, East, West."""
        self._check_open(cell)
        return tuple(self._moves[1][cell].values())

    def step(self, cell: Cell, action: str) -> Cell:
        """Return the cell `action` leads to from `cell` (Stop: `cell` itself).

        >>> MazeGame("tiny").step((1, 1), "South")
        (1, 2)
        """
        try:
            return self._moves[0][cell][action]
        except (KeyError, TypeError):
            self._check_open(cell)
            raise ValueError(f"{game_name(self)}: {shown(action)} from {cell} leads nowhere: the actions there are "
                             + ", ".join(self._moves[0][cell])) from None

    def distance(self, a: Cell, b: Cell) -> int:
        """Return the number of steps from cell `a` to cell `b` through the maze (each source's
        distances are found once, breadth first, and remembered).

        >>> MazeGame("tiny").distance((1, 1), (3, 3))
        4
        """
        try:
            return self._distances[a][b]
        except (KeyError, TypeError):  # a source not met before, or something that is no open cell
            self._check_open(a)
            self._check_open(b)
        if a not in self._distances:
            self._distances[a] = _distances_from(self._open, a)
        return self._distances[a][b]

    def _check_open(self, cell: object) -> None:
        """Raise ValueError unless `cell` is an open cell of the maze, saying what it is."""
        if _is_cell(cell) and cell in self._open:
            return
        if _is_cell(cell) and cell in self.maze.walls:
            raise ValueError(f"{game_name(self)}: cell {cell} is a wall")
        raise ValueError(f"{game_name(self)}: {shown(cell)} is not an open cell of this "
                         f"{self.maze.width} x {self.maze.height} maze (a cell is (x, y) from (0, 0) at the top left)")

    def show(self, state: MazeState) -> str:
        """Return the position as layout text: a chaser hides a dot, X is MAX caught."""
        self.check_state(state)
        return _grid_text(self.maze, state.positions, state.dots)

    def play(self, moves: Iterable[str], state: Optional[MazeState] = None) -> MazeState:
        """Return the state after playing `moves` in turn (P's, G1's, ..., P's, ...) from `state`
        (default: the start); an illegal move raises ValueError saying which move it was."""
        if isinstance(moves, (str, bytes)) or not hasattr(moves, "__iter__"):
            raise TypeError(f"moves must be a sequence of actions like ['East', 'West'], got {shown(moves)}")
        if state is None:
            state = self.initial
        self.check_state(state)
        for i, action in enumerate(moves):
            try:
                state = self.result(state, action)
            except ValueError as error:
                raise ValueError(f"move {i + 1}: {error}") from None
        return state


# --- an evaluation whose calls are counted ---------------------------------------------------------


@dataclass
class FeatureEvaluation:
    """A linear evaluation of a maze position, which counts its calls: the score, plus
    `dots` x the dots left, plus `column` x MAX's column and `row` x MAX's row, plus `chasers` x
    the sum of the chasers' columns. Assignment 6's checks pass one to a student's search: its
    weights make a search that skips a chaser, or counts depth per agent, find other values than
    the score alone would, and `calls` says how many positions the search evaluated.

    >>> evaluate = FeatureEvaluation(dots=-2, column=1)
    >>> evaluate(MazeGame("tiny").initial), evaluate.calls
    (-3, 1)
    """

    dots: int = 0
    column: int = 0
    row: int = 0
    chasers: int = 0
    calls: int = 0

    def __post_init__(self) -> None:
        whole_numbers([self.dots, self.column, self.row, self.chasers, self.calls],
                      "a FeatureEvaluation's weights and calls")

    def __call__(self, state: MazeState) -> int:
        self.calls += 1
        try:
            (x, y), others = state.positions[0], state.positions[1:]
            return (state.score + self.dots * len(state.dots) + self.column * x + self.row * y
                    + self.chasers * sum(column for column, _ in others))
        except (AttributeError, TypeError, IndexError, ValueError):
            raise TypeError(f"a FeatureEvaluation evaluates a MazeState, not {shown(state, 200)}") from None

    def fill_from(self, other: object) -> None:
        """Take the call count of `other`, this evaluation as the student's function left it in
        its worker (running.sandbox.RemoteFunction.call_with_writes)."""
        if not isinstance(other, FeatureEvaluation):
            raise TypeError(f"a FeatureEvaluation came back as {kind_of(other)}")
        self.calls = other.calls


# --- the registry's entry (minimax_lab.games.registry) -----------------------------------------


def _cells(body: object, what: str) -> list[Cell]:
    if type(body) is not list:
        raise ValueError(f"{what} must be a list of cells")
    return [(x, y) for x, y in (whole_numbers(items(cell, 2, "a cell"), "a cell's x and y") for cell in body)]


_ENCODED_DOTS: dict[frozenset[Cell], str] = {}
"""The dots of recent states as they cross the pipe, "x,y;x,y;..." in reading order: a batch of
positions shares a few sets of dots, each written once."""


def _encode_state(state: MazeState, inner: Inner) -> list[object]:
    dots = _ENCODED_DOTS.get(state.dots)
    if dots is None:
        if len(_ENCODED_DOTS) >= 4096:
            _ENCODED_DOTS.clear()
        dots = _ENCODED_DOTS[state.dots] = ";".join(f"{x},{y}" for x, y in sorted(state.dots, key=_reading))
    return [[list(cell) for cell in state.positions], dots, state.score, state.turn, state.steps]


_DECODED_DOTS: dict[str, frozenset[Cell]] = {}
"""The dots of recent states read from the pipe, by their text: each text is read once."""


def _decode_dots(body: object) -> frozenset[Cell]:
    if type(body) is not str:
        raise ValueError("its dots must be a text of cells, 'x,y;x,y;...'")
    dots = _DECODED_DOTS.get(body)
    if dots is None:
        try:
            cells = [tuple(int(number) for number in cell.split(",")) for cell in body.split(";")] if body else []
        except ValueError:
            raise ValueError("its dots must be a text of cells, 'x,y;x,y;...', in whole numbers") from None
        if any(len(cell) != 2 for cell in cells) or len(body) > 20_000:
            raise ValueError("its dots must be a text of cells, 'x,y;x,y;...'")
        if len(_DECODED_DOTS) >= 4096:
            _DECODED_DOTS.clear()
        dots = _DECODED_DOTS[body] = frozenset((x, y) for x, y in cells)
    return dots


def _decode_state(body: object, inner: Inner, game: MazeGame) -> MazeState:
    positions, dots, score, turn, steps = items(body, 5, "a maze position")
    state = MazeState(tuple(_cells(positions, "its positions")), _decode_dots(dots),
                      *whole_numbers([score, turn, steps], "its score, turn and steps"))
    game.check_state(state)
    return state


def _decode_game(body: object, inner: Inner, game: object) -> MazeGame:
    text, source = items(body, 2, "a maze game")
    if type(text) is not str or type(source) is not str:
        raise ValueError("a maze game must be its layout's text and the name it was made by")
    return MazeGame(Maze.parse(text, source=source))


def _decode_evaluation(body: object, inner: Inner, game: object) -> FeatureEvaluation:
    return FeatureEvaluation(*items(body, 5, "a FeatureEvaluation"))


MAZE = GameEntry(
    name="the maze game", rules=MazeGame,
    wire_game=WireKind("MazeGame", MazeGame, lambda game, inner: [game.layout_text, game.maze.source], _decode_game),
    wire_states=(WireKind("MazeState", MazeState, _encode_state, _decode_state),
                 WireKind("FeatureEvaluation", FeatureEvaluation,
                          lambda e, inner: [e.dots, e.column, e.row, e.chasers, e.calls], _decode_evaluation)),
    kit_modules=("games/maze.py", "games/maze_policies.py"),
    kit_names={"Maze": "Maze", "MazeGame": "MazeGame", "MazeState": "MazeState", "layout": "layout",
               "random_maze": "random_maze", "FeatureEvaluation": "FeatureEvaluation"},
    new_game=lambda: MazeGame("classic"))
"""The maze game: a game crosses the pipe as its layout's text and name, a state as its five fields (checked
against the game; a state alone is read as one of the classic maze)."""
