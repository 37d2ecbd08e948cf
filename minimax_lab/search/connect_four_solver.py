"""An exact solver for Connect Four: the value of a position under perfect play, on bitboards.

A position is two integers in John Tromp's layout (minimax_lab.games.connect_four): `mine`, the
stones of the player to move, and `mask`, every stone. The solver is a negamax alpha-beta with

- a **score** that says who wins and how soon: +s when the player to move wins with their
  s-th last stone (1 if with their very last one; more is a quicker win), -s when the opponent
  does, 0 for a draw (Pascal Pons, *Solving Connect 4*, 2019);
- **null windows**: the exact score is found by asking "is it above m?" for a middle m, halving
  the range of possible scores each time; win/draw/loss alone is one search with the window (-1, 1);
- a **transposition table with bound flags**: each answer is a lower or an upper bound (a
  null-window search proves one or the other); the table has a fixed number of slots (TABLE_SLOTS),
  a position's slot is its key modulo that number, and a slot keeps the last position stored in it
  with the two bounds known for it, in one whole number (Pons's table, with both bounds);
- **move ordering**: moves that make the most threats first (a threat: an empty square that would
  complete four), then from the centre outwards;
- **no gifts**: a move under a square where the opponent would complete four is never searched
  while another move exists, and when the opponent threatens to win at once the only move searched
  is the block (two such threats: the position is lost).

The search is one plain Python function, `negamax`, written with whole numbers, dictionaries and
lists only, so that numba (a compiler for such Python, https://numba.readthedocs.io) can compile it to
machine code: on 7 x 6 it then runs over ten times as fast, visiting the same nodes in the same
order, so a node budget gives the same answers either way. Where numba is missing (the server-free
edition runs on Pyodide, which has none) or a board does not fit in 51 bits, Python runs the same
function as it is (`compiled_negamax`).

>>> from minimax_lab import ConnectFour
>>> game = ConnectFour(4, 4)
>>> solver = ConnectFourSolver(game)
>>> solver.score(game.initial), solver.outcome(game.initial)   # Tromp: 4 x 4 is a draw
(0, 0)
>>> solver.move_scores(game.play("001122"))    # X wins at once in column 3, with its 4th stone of 8
{0: 0, 1: 0, 2: -1, 3: 5}
"""

from __future__ import annotations

import math
import time
import types
from typing import Any, Callable, MutableSequence, NamedTuple, Optional, Protocol, Sequence

from ..core.validation import whole_number
from ..games.connect_four import ConnectFourRules, ConnectFourState
from ..heuristics.connect_four_bits import Bitboards, threats
from ..core.text import shown


ORDER_EMPTY = 10
"""With at most this many empty squares, the solver tries moves centre first without counting
threats: measured on ten positions of plies 12 to 20, it then solves them about a fifth faster."""


CHECK_EVERY = 1024
"""The solver looks at its node budget and its clock every this many nodes."""


TABLE_SLOTS = 4_194_319
"""The slots of the solver's transposition table: a prime (the first above 2**22), so that the slots
of the keys (key % TABLE_SLOTS) spread. Compiled, the table is an array of that many 64-bit numbers
(32 MB); uncompiled, a dictionary of the slots used. A fixed size bounds the memory however long the
solver runs, and an array is about twice as fast as the dictionaries the solver had before. Measured
on four drawn positions of ply 10 (2 to 7 million nodes each), twice as many slots saved at most 1%
of the nodes, half as many cost up to 12%."""

BOUND, NO_BOUND = 1 << 15, 30_000
"""A slot holds (key // TABLE_SLOTS + 1) << 32 | (lower bound + BOUND) << 16 | (upper bound + BOUND):
16 bits for each bound. A slot that holds no bound yet says at least -NO_BOUND and at most NO_BOUND
(no score of a board of at most 16 x 16 squares is a hundredth as large)."""

NO_BOUNDS = (BOUND - NO_BOUND) << 16 | (BOUND + NO_BOUND)
"""The two bounds of a slot that holds none yet."""

LOWER_BITS, UPPER_BITS = 0xFFFF0000, 0xFFFF
"""The bits of a slot's lower bound and of its upper bound."""


class OutOfNodes(Exception):
    """Raised inside a solve that has used its budget of nodes or time: the engine then searches instead."""

    def __str__(self) -> str:
        return "the solver used up its budget of nodes (or time) before it settled the position"


def check_nodes(nodes: object) -> Optional[int]:
    """Return `nodes` if it is None (no limit) or a whole number >= 1, else raise ValueError."""
    return None if nodes is None else whole_number(nodes, "nodes", 1)


def check_exact(exact: object) -> bool:
    """Return `exact` if it is True or False, else raise TypeError."""
    if not isinstance(exact, bool):
        raise TypeError(f"exact must be True (the exact scores) or False (the outcomes), got {shown(exact)}")
    return exact


def position(game: ConnectFourRules, state: ConnectFourState) -> tuple[int, int]:
    """Return (the stones of the player to move, every stone) of `state`, checked to be a position
    of `game` that is not over."""
    game.check_state(state)
    if state.winner is not None or not state.moves:
        raise ValueError(f"the game is over in {shown(state)}: there is nothing to solve")
    mine = state.x if state.to_move == "X" else state.o
    return mine, state.x | state.o


class ConnectFourSolver:
    """Solves positions of `game` (a ConnectFourRules of any size) exactly; the table is kept from
    one call to the next, so that solving related positions (the moves of one position, the moves of
    one game) gets cheaper. `nodes` counts the nodes of the last call. With compiled=False, Python
    runs the search as written even where numba could compile it (it visits the same nodes)."""

    def __init__(self, game: ConnectFourRules, *, compiled: bool = True):
        if not isinstance(game, ConnectFourRules):
            raise TypeError(f"ConnectFourSolver solves Connect Four (a ConnectFourRules), not {shown(game)}")
        if not isinstance(compiled, bool):
            raise TypeError(f"compiled must be True (numba's compiled search, where it can) or False (Python runs "
                            f"negamax as it is), got {shown(compiled)}")
        self.game, self.compiled = game, compiled
        self.bits = bits = Bitboards(game.width, game.height)
        self.shape = (bits.stride, bits.board, bits.bottom, bits.squares, TABLE_SLOTS)
        self.work: Optional[Workspace] = None

    def __repr__(self) -> str:
        return f"ConnectFourSolver({self.game!r})"

    def prepare(self) -> Workspace:
        """Return the search and what it works in, made at the first call: numba's compiled search
        is loaded then (a second or two, the first time in a process), so that a solver that never
        solves costs nothing; an engine on a clock calls this when it is made, not in its first move."""
        if self.work is None:
            bits = self.bits
            search = search_for(bits) if self.compiled else Search(negamax, Slots, list)
            # the budget: the nodes counted, the count and the time.perf_counter() at which to stop,
            # the next count at which to look at the clock, whether it stopped (NODES, ..., STOPPED)
            self.work = Workspace(search, search.numbers(list(bits.centre_columns)), search.table(),
                                  search.numbers([0.0, math.inf, math.inf, float(CHECK_EVERY), 0.0]),
                                  search.numbers([[0] * 3 * bits.width for _ in range(bits.squares + 1)]))
        return self.work

    @property
    def search(self) -> Search:
        """The search: numba's compiled negamax, or negamax itself (see search_for)."""
        return self.prepare().search

    @property
    def table(self) -> SlotArray:
        """The transposition table (see negamax)."""
        return self.prepare().table

    @property
    def nodes(self) -> int:
        """The nodes the last call visited."""
        return 0 if self.work is None else int(self.work.budget[NODES])

    def clear(self) -> None:
        """Forget what earlier solves learned (the table)."""
        if self.work is not None:
            self.work.table.fill(0)

    # What a caller asks.

    def score(self, state: ConnectFourState, *, nodes: Optional[int] = None) -> int:
        """Return the exact score of `state` for the player to move (see the module's docstring);
        with `nodes`, raise OutOfNodes once the search has visited that many nodes."""
        mine, mask = position(self.game, state)
        return self.solve(mine, mask, exact=True, nodes=check_nodes(nodes))

    def outcome(self, state: ConnectFourState, *, nodes: Optional[int] = None) -> int:
        """Return +1, 0 or -1: the player to move wins, draws or loses with perfect play."""
        mine, mask = position(self.game, state)
        return self.solve(mine, mask, exact=False, nodes=check_nodes(nodes))

    def move_scores(self, state: ConnectFourState, *, exact: bool = True,
                    nodes: Optional[int] = None) -> dict[int, int]:
        """Return, for each legal move of `state`, its score for the player to move: the exact score
        of the position after it, negated (with exact=False, its outcome +1, 0 or -1)."""
        mine, mask = position(self.game, state)
        check_exact(exact)
        self.limit(check_nodes(nodes))
        scores = {}
        for column in state.moves:
            scores[column] = self.move_score(mine, mask, column, exact)
        return scores

    def best_moves(self, state: ConnectFourState, *, exact: bool = True) -> list[int]:
        """Return the moves of `state` with the best score, centre first."""
        scores = self.move_scores(state, exact=exact)
        best = max(scores.values())
        return [c for c in self.bits.centre_first if scores.get(c) == best]

    def solve(self, mine: int, mask: int, *, exact: bool = True, nodes: Optional[int] = None) -> int:
        """Return the score (exact) or the outcome (+1, 0, -1) of the position (`mine`, `mask`)."""
        self.limit(nodes)
        return self.position_score(mine, mask, exact)

    def limit(self, nodes: Optional[float] = None, deadline: float = math.inf) -> None:
        """Count nodes from 0 and stop (OutOfNodes) after `nodes` of them (None: no limit) or once
        time.perf_counter() passes `deadline`."""
        stop_at = math.inf if nodes is None else float(nodes)
        work = self.prepare()
        work.budget[:] = work.search.numbers([0.0, stop_at, float(deadline), min(float(CHECK_EVERY), stop_at), 0.0])

    # The search.

    def move_score(self, mine: int, mask: int, column: int, exact: bool) -> int:
        """Return the score (or outcome) of playing `column` in (`mine`, `mask`), for the player
        who plays it."""
        bits = self.bits
        square = (mask + (1 << column * bits.stride)) & bits.columns[column]
        moves = mask.bit_count()
        if bits.threats(mine, mask) & square:  # wins at once
            return (bits.squares + 1 - moves) // 2 if exact else 1
        if mask | square == bits.board:
            return 0
        return -self.position_score(mine ^ mask, mask | square, exact)

    def position_score(self, mine: int, mask: int, exact: bool) -> int:
        """Return the score (or outcome) of (`mine`, `mask`) by null-window searches: each asks
        whether the score is above a guess and halves the range it can lie in."""
        bits, moves = self.bits, mask.bit_count()
        if bits.threats(mine, mask) & bits.playable(mask):
            win = (bits.squares + 1 - moves) // 2
            return win if exact else 1
        if moves == bits.squares:
            return 0
        low, high = -((bits.squares - moves) // 2), (bits.squares + 1 - moves) // 2
        if not exact:
            low, high = max(low, -1), min(high, 1)
        while low < high:
            guess = low + (high - low) // 2
            if guess <= 0 and int(low / 2) < guess:  # try nearer 0 first: most scores are small
                guess = int(low / 2)
            elif guess >= 0 and int(high / 2) > guess:
                guess = int(high / 2)
            found = self.negamax(mine, mask, moves, guess, guess + 1)
            if found <= guess:
                high = found
            else:
                low = found
        score = low
        return score if exact else (score > 0) - (score < 0)

    def negamax(self, mine: int, mask: int, moves: int, alpha: int, beta: int, their_threats: int = -1) -> int:
        """Return the score of (`mine`, `mask`), `moves` stones on the board, for the player to
        move, who cannot win at once: exact strictly inside (alpha, beta), else a bound (at most
        alpha, at least beta). `their_threats`: the squares where the opponent would complete four,
        if the move before computed them (else -1). Raise OutOfNodes when the budget is spent."""
        work = self.prepare()
        found: int = work.search.run(mine, mask, moves, int(alpha), int(beta), their_threats, work.table,
                                     work.budget, self.shape, work.centre_columns, work.orders)
        if work.budget[STOPPED]:
            raise OutOfNodes
        return found


NODES, STOP_AT, DEADLINE, CHECK_AT, STOPPED = range(5)
"""The places in a solver's budget list: the nodes counted, the count at which to stop, the
time.perf_counter() at which to stop, the count at which to look at the clock next, and 1 once the
search stopped there (0 before). The search does not raise OutOfNodes itself but sets STOPPED and
returns at once from every level, storing nothing, and the solver raises it: an exception raised
inside numba's compiled code keeps a reference to each array it was given, so a stopped solver's
table would never be freed."""


def negamax(mine: int, mask: int, moves: int, alpha: int, beta: int, their_threats: int,
            table: SlotArray,
            budget: MutableSequence[float], shape: tuple[int, int, int, int, int], centre_columns: Sequence[int],
            orders: Sequence[MutableSequence[int]]) -> int:
    """Return the score of (`mine`, `mask`), `moves` stones on the board, for the player to move,
    who cannot win at once: exact strictly inside (alpha, beta), else a bound (at most alpha, at
    least beta). `their_threats`: the squares where the opponent would complete four, if the move
    before computed them (else -1). `table` is the transposition table: a slot holds a position
    and the least and the most its score can be (LOWER_BITS); `budget` counts the
    nodes (see NODES); `shape` is the board's (stride, board, bottom, squares) and the table's
    slots, `centre_columns` its column masks from the centre out (Bitboards); `orders` holds a
    row of 3 x width whole numbers for each number of stones, where the search orders its moves.
    Once the budget is spent, it sets budget[STOPPED] and returns 0 from every level (see STOPPED)."""
    nodes = budget[0] = budget[0] + 1  # budget: [nodes, stop at, deadline, check at, stopped] (NODES, ...)
    if nodes >= budget[3]:
        if nodes >= budget[1] or clock() > budget[2]:
            budget[4] = 1.0  # out of budget: every level returns at once (STOPPED)
            return 0
        budget[3] = min(nodes + CHECK_EVERY, budget[1])
    stride, board, bottom, squares, slots = shape
    playable = (mask + bottom) & board
    if their_threats < 0:
        their_threats = threats(mine ^ mask, mask, stride, board)
    forced = playable & their_threats
    if forced & (forced - 1):
        return -((squares - moves) // 2)  # two threats to block: the opponent wins next
    safe = (forced or playable) & ~(their_threats >> 1)  # the block, if any; never under a threat
    if not safe:
        return -((squares - moves) // 2)  # every move lets the opponent win at once
    if moves >= squares - 2:
        return 0  # the last two stones: nobody can win any more
    least = -((squares - 2 - moves) // 2)  # the opponent cannot win with their next stone
    most = (squares - 1 - moves) // 2      # nor can we with this one
    key = mine + mask + bottom  # one whole number for each position
    slot, check = key % slots, key // slots + 1  # its slot, and what tells it from the others there
    entry = table[slot]
    if entry >> 32 == check:
        least, most = max(least, ((entry >> 16) & UPPER_BITS) - BOUND), min(most, (entry & UPPER_BITS) - BOUND)
    alpha, beta = max(alpha, least), min(beta, most)
    if alpha >= beta:
        return alpha
    # The moves in search order: those that leave the most threats first, then centre first (only
    # centre first once at most ORDER_EMPTY squares are empty: there, counting costs more than it saves),
    # written into this depth's row of `orders`: the squares, then the threats each leaves, then how many.
    count = squares - moves > ORDER_EMPTY
    order, width = orders[moves], len(centre_columns)
    found = 0
    for column in centre_columns:
        square = safe & column
        if square:
            leaves = threats(mine | square, mask | square, stride, board) if count else -1
            number = popcount(leaves) if count else 0
            place = found
            while place > 0 and order[2 * width + place - 1] < number:  # insert it after those with as many
                order[place], order[width + place] = order[place - 1], order[width + place - 1]
                order[2 * width + place] = order[2 * width + place - 1]
                place -= 1
            order[place], order[width + place], order[2 * width + place] = square, leaves, number
            found += 1
    for index in range(found):
        value = -negamax(mine ^ mask, mask | order[index], moves + 1, -beta, -alpha, order[width + index],
                         table, budget, shape, centre_columns, orders)
        if budget[4]:
            return 0  # stopped below: the value means nothing
        if value >= beta:
            entry = table[slot]
            if entry >> 32 != check:  # the slot's last position gives way to this one
                entry = check << 32 | NO_BOUNDS
            table[slot] = entry & ~LOWER_BITS | (value + BOUND) << 16
            return value
        alpha = max(alpha, value)
    entry = table[slot]
    if entry >> 32 != check:
        entry = check << 32 | NO_BOUNDS
    table[slot] = entry & ~UPPER_BITS | (alpha + BOUND)
    return alpha


def clock() -> float:
    """Return time.perf_counter() (a function of its own, so that the compiled search can read the
    clock through numba's object mode)."""
    return time.perf_counter()


def popcount(squares: int) -> int:
    """Return the number of squares in `squares`."""
    return squares.bit_count()


class SlotArray(Protocol):
    """The solver's table: a whole number for each slot (numpy's array compiled, Slots uncompiled)."""

    def __getitem__(self, slot: int) -> int: ...

    def __setitem__(self, slot: int, value: int) -> None: ...

    def fill(self, value: int) -> None: ...


class Slots(dict[int, int]):
    """The slots of a table that the uncompiled search has used: a slot never used holds 0."""

    def __missing__(self, slot: int) -> int:
        return 0

    def fill(self, value: int) -> None:
        """Make every slot hold `value` (0: forget every slot), as numpy's array.fill does."""
        if value != 0:
            raise ValueError(f"a table's slots can be filled with 0 only (emptied), not {shown(value)}")
        self.clear()


class Workspace(NamedTuple):
    """What a solver's search works in: the search, the board's column masks from the centre out, the
    table, the budget (NODES, ...) and the rows where it orders its moves, in the search's own lists."""

    search: Search
    centre_columns: Any
    table: SlotArray
    budget: Any
    orders: Any


class Search(NamedTuple):
    """The solver's search for one board: `run` is negamax, or numba's compiled negamax; `table`
    makes an empty table for it, `numbers` turns a list of numbers into the list it counts in."""

    run: Callable[..., int]
    table: Callable[[], SlotArray]
    numbers: Callable[[list[Any]], Any]


_COMPILED: list[Callable[..., int]] = []
"""numba's compiled negamax, once made (empty before, or when numba is missing)."""


def search_for(bits: Bitboards) -> Search:
    """Return the search for a board: numba's compiled negamax, with numpy's arrays, when numba is
    installed and the board fits in 51 bits (so that a key, mine + mask + bottom, is less than 2**53,
    and a slot, key // TABLE_SLOTS + 1 shifted by 32 bits, fits in 63: 7 x 6 takes 49); else negamax
    itself, with Python's dictionaries and lists."""
    if bits.stride * bits.width <= 51:
        compiled = compiled_negamax()
        if compiled is not None:
            import numpy

            def array() -> Any:
                table = numpy.zeros(TABLE_SLOTS, numpy.int64)
                table.fill(0)  # the memory in use now: the first search need not wait for it, page by page
                return table

            return Search(compiled, array,
                          lambda numbers: numpy.array(numbers, dtype=numpy.asarray(numbers).dtype))
    return Search(negamax, Slots, list)


def compiled_negamax() -> Optional[Callable[..., int]]:
    """Return negamax compiled by numba (the same function: its code, with the functions it calls
    compiled too), or None if numba cannot be imported. Compiled once a process, and cached on disk
    by numba where it may write (its cache is checked against this file)."""
    if _COMPILED:
        return _COMPILED[0]
    try:
        import numba
    except ImportError:
        return None

    def jit_clock() -> float:
        with numba.objmode(now="float64"):
            now = time.perf_counter()
        return now

    def jit_popcount(squares: int) -> int:  # the bits of a 64-bit word added in pairs, fours, bytes
        squares = squares - ((squares >> 1) & 0x5555555555555555)
        squares = (squares & 0x3333333333333333) + ((squares >> 2) & 0x3333333333333333)
        squares = (squares + (squares >> 4)) & 0x0F0F0F0F0F0F0F0F
        count: int = ((squares * 0x0101010101010101) >> 56) & 0xFF
        return count

    namespace = dict(globals())
    namespace["clock"] = numba.njit(cache=True)(jit_clock)
    namespace["popcount"] = numba.njit(cache=True)(jit_popcount)
    for function in (threats, negamax):
        twin = types.FunctionType(function.__code__, namespace, function.__name__, function.__defaults__)
        namespace[function.__name__] = numba.njit(cache=True)(twin)
    compiled = namespace["negamax"]
    load(compiled)
    _COMPILED.append(compiled)
    return _COMPILED[0]


def load(compiled: Callable[..., int]) -> None:
    """Call the compiled negamax once, on arguments of the types a solve passes, at a node that returns
    at once (the empty 7 x 6 board with an empty window, after a look at the clock): numba loads (or
    compiles) its machine code at the first call, which takes about a second, and that second belongs
    to making the solver, not to the first move an engine is given a second for."""
    import numpy

    bits = Bitboards(7, 6)
    budget = numpy.array([0.0, math.inf, math.inf, 0.0, 0.0])  # look at the clock at the first node
    compiled(0, 0, 0, 0, 0, -1, numpy.zeros(1, numpy.int64), budget, (bits.stride, bits.board, bits.bottom, bits.squares, 1),
             numpy.array(bits.centre_columns), numpy.zeros((bits.squares + 1, 3 * bits.width), numpy.int64))


def warm_up() -> bool:
    """Compile the solver now, with a solve of a small position: numba keeps what it compiled on disk,
    so that the first solve in a lesson need not wait for it (`make setup` and Binder's postBuild
    call this). Return True if the solver is compiled, False if numba is missing."""
    game = ConnectFourRules(7, 6)
    solver = ConnectFourSolver(game)
    solver.score(game.play("153464335611516"))
    return solver.search.run is not negamax


def score_plies(score: int, moves: int, squares: int) -> int:
    """Return how many plies from a position with `moves` stones on a board of `squares` squares a
    game with this (nonzero) score ends: the winner's last stone counted.

    >>> score_plies(21, 0, 42), score_plies(-21, 0, 42), score_plies(1, 0, 42)
    (1, 2, 41)
    """
    if score == 0:
        raise ValueError("a draw (score 0) ends when the board is full, not with a win")
    stones = squares + 2 - 2 * abs(score)  # stones on the board after the winning one, or one more
    if (stones - moves) % 2 != (1 if score > 0 else 0):
        stones -= 1
    return stones - moves


def perfect_move(solver: ConnectFourSolver, state: ConnectFourState) -> int:
    """Return a perfect move in `state`: the best exact score, the centre first among equals."""
    if not isinstance(solver, ConnectFourSolver):
        raise TypeError(f"perfect_move(solver, state) takes a ConnectFourSolver first, not {shown(solver)}")
    return solver.best_moves(state)[0]


def solver_player(game: ConnectFourRules) -> Callable[[object, ConnectFourState], int]:
    """Return a perfect player for `game`, called as player(game, state), keeping its table from move
    to move and from game to game (a table of a fixed size: see TABLE_SLOTS)."""
    solver = ConnectFourSolver(game)

    def player(played: object, state: ConnectFourState) -> int:
        if played is not game:
            other = " (another object, equal in name)" if repr(played) == repr(game) else ""
            raise ValueError(f"this player plays {shown(game)}, not {shown(played)}{other}: make one with solver_player(game)")
        return perfect_move(solver, state)

    return player
