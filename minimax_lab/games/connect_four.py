"""The rules of Connect Four on the textbook protocol, on a bitboard so that exact search is fast.

A board of `width` columns and `height` rows is held as two integers, one bit per square, in
John Tromp's layout: column c owns bits c*(height+1) .. c*(height+1)+height-1 from the bottom up,
and one spare bit on top of each column keeps lines from wrapping into the next column. Four in
a row is then four shifts and ands, and a move is one addition.

This module holds the rules and the display only: no search, evaluation or move ordering (those
are minimax_lab.heuristics.connect_four's). It imports nothing but the standard library and minimax_lab.games
(which imports only .trees and .text), so that it may be copied alone with those three.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterator, Optional, Sequence

from ..core.text import kind_of, shown
from .protocol import check_square, game_name, move_text, not_a_player, not_a_state, play_moves
from .entry import GameEntry, Inner, WireKind, items, resolve, whole_numbers

PLAYERS = ("X", "O")
"""The players, first to move first; X is MAX."""


@dataclass(frozen=True, slots=True)
class ConnectFourState:
    """A Connect Four position: `x` and `o` are the bitboards of each player's stones.

    States are immutable, compare and hash by (x, o), and know the player to move, the winner
    (None until someone has four in a row), the legal moves and the size (width, height) of the
    board they belong to (None for a state made by hand), so that a game of another size refuses
    them.
    """

    x: int
    o: int
    to_move: str = field(compare=False)
    winner: Optional[str] = field(compare=False)
    moves: tuple[int, ...] = field(compare=False)
    size: Optional[tuple[int, int]] = field(default=None, compare=False)

    def __repr__(self) -> str:
        return f"ConnectFourState(x={self.x:#x}, o={self.o:#x})"


_SIZES: dict[tuple[int, int], tuple[int, int]] = {}
"""The one (width, height) tuple of each board size, which every game of that size shares: a state
made by one game is then recognised by another of its size at the cost of an `is`."""


class ConnectFourRules:
    """Connect Four on `width` x `height` (default 7 x 6): X moves first; an action is a column
    number 0..width-1 (the legal ones in ascending order); a stone falls to the lowest empty
    square; four in a row, column or diagonal wins; a full board without four is a draw. The
    utility is +1 for a win by X, -1 for a win by O, 0 for a draw (negated for O).

    These are the rules and the display only: minimax_lab.heuristics.connect_four.ConnectFour adds the
    evaluation and the move ordering for search.

    >>> game = ConnectFourRules(4, 4)
    >>> state = game.play([0, 1, 0, 1, 0, 1, 0])
    >>> print(game.show(state))
    X . . .
    X O . .
    X O . .
    X O . .
    >>> game.is_terminal(state), state.winner, game.utility(state, "X")
    (True, 'X', 1)
    """

    players = PLAYERS
    max_player = "X"

    def __init__(self, width: int = 7, height: int = 6):
        for name, size in (("width", width), ("height", height)):
            if type(size) is not int or not 1 <= size <= 16:
                raise ValueError(f"{name} must be a whole number from 1 to 16, got {move_text(size)}")
        self.width, self.height = width, height
        self.size = _SIZES.setdefault((width, height), (width, height))  # one tuple per size: check_size's `is`
        stride = height + 1
        self._stride = stride
        self._bottom = tuple(1 << (c * stride) for c in range(width))
        self._top = tuple(1 << (c * stride + height - 1) for c in range(width))
        self._column = tuple(((1 << height) - 1) << (c * stride) for c in range(width))
        self._shifts = (1, stride, stride - 1, stride + 1)  # vertical, horizontal, both diagonals
        self._full = sum(self._column)
        self._bottom_row = sum(self._bottom)
        self._top_row = sum(self._top)
        self._moves_left: dict[int, tuple[int, ...]] = {}  # by the top row's stones: the columns not full
        self.line_starts = tuple(self._line_starts())
        self.initial = ConnectFourState(0, 0, "X", None, tuple(range(width)), self.size)

    def __repr__(self) -> str:
        return f"ConnectFour({self.width}, {self.height})"

    def check_state(self, state: Any) -> None:
        """Raise TypeError unless `state` is a ConnectFourState, ValueError unless it is a position
        of this board: stones on it, none floating, X having as many as O or one more, and the
        player to move, winner and moves its stones imply."""
        self._check_kind(state)
        size, other = f"{self.width} x {self.height}", self._other_size(state)
        x, o = state.x, state.o
        if not isinstance(x, int) or not isinstance(o, int) or x < 0 or o < 0:
            raise ValueError(f"{game_name(self)}: {shown(state)}: the bitboards must be whole numbers >= 0")
        if (x | o) & ~self._full:
            raise ValueError(f"{game_name(self)}: this state has stones outside the {size} board "
                             f"(it belongs to a game of another size?){other}")
        if x & o:
            raise ValueError(f"{game_name(self)}: {shown(state)} has an X and an O on one square")
        mask = x | o
        for c in range(self.width):
            column = (mask >> c * self._stride) & ((1 << self.height) - 1)
            if column & (column + 1):  # a 0 bit below a 1 bit
                raise ValueError(f"{game_name(self)}: {shown(state)} has a stone floating above an empty "
                                 f"square in column {c} (it belongs to a game of another size?){other}")
        if not 0 <= x.bit_count() - o.bit_count() <= 1:
            raise ValueError(f"{game_name(self)}: {shown(state)} has {x.bit_count()} X stones and "
                             f"{o.bit_count()} O stones, but X moves first and they alternate")
        implied = self._position(x, o)
        if (implied.to_move, implied.winner, implied.moves) != (state.to_move, state.winner, state.moves):
            raise ValueError(f"{game_name(self)}: {shown(state)} says other than its stones about the player "
                             f"to move, the winner or the moves (it belongs to a game of another size?){other}")
        self.check_size(state)

    # The protocol.

    def to_move(self, state: ConnectFourState) -> str:
        try:
            if state.size is not self.size:  # a state of another game (or made by hand): check_size says
                self.check_size(state)
            return state.to_move
        except AttributeError:
            raise not_a_state(self, state) from None

    def actions(self, state: ConnectFourState) -> tuple[int, ...]:
        try:
            if state.size is not self.size:
                self.check_size(state)
            return state.moves
        except AttributeError:
            raise not_a_state(self, state) from None

    def result(self, state: ConnectFourState, action: int) -> ConnectFourState:
        try:
            size = state.size
        except AttributeError:  # not a state: check_size says what it is
            self.check_size(state)
            raise
        if size is not self.size:
            self.check_size(state)
        if type(action) is not int or action not in state.moves:
            raise ValueError(self._illegal(state, action))
        x, o = state.x, state.o
        mask = x | o
        stone = (mask + self._bottom[action]) & self._column[action]
        if state.to_move == "X":
            x |= stone
            mover, stones, nxt = "X", x, "O"
        else:
            o |= stone
            mover, stones, nxt = "O", o, "X"
        mask |= stone
        if self._has_four(stones):
            return ConnectFourState(x, o, nxt, mover, (), self.size)
        full = mask & self._top_row  # the columns filled to the top: the moves left depend on these only
        moves = self._moves_left.get(full)
        if moves is None:
            moves = self._moves_left[full] = tuple(c for c in range(self.width) if not full & self._top[c])
        return ConnectFourState(x, o, nxt, None, moves, self.size)

    def is_terminal(self, state: ConnectFourState) -> bool:
        try:
            if state.size is not self.size:
                self.check_size(state)
            return not state.moves
        except AttributeError:
            raise not_a_state(self, state) from None

    def utility(self, state: ConnectFourState, player: str) -> int:
        try:
            if state.size is not self.size:
                self.check_size(state)
            winner = state.winner
        except AttributeError:
            raise not_a_state(self, state) from None
        value = 0 if winner is None else (1 if winner == "X" else -1)
        if player == "X":
            return value
        if player == "O":
            return -value
        raise not_a_player(self, player, ("X", "O"))

    # Building and showing positions.

    def play(self, moves: Sequence[int] | str, state: ConnectFourState | None = None) -> ConnectFourState:
        """Return the state after playing `moves` (columns, or a string of column digits like
        '3344') from `state` (default: the empty board)."""
        after: ConnectFourState = play_moves(self, moves, state)
        return after

    def cell(self, state: ConnectFourState, column: int, row: int) -> str | None:
        """Return 'X', 'O' or None for the square at `column`, `row` (row 0 at the bottom)."""
        if (type(column) is not int or type(row) is not int
                or not (0 <= column < self.width and 0 <= row < self.height)):
            raise ValueError(f"square ({move_text(column)}, {move_text(row)}) is off the {self.width} x "
                             f"{self.height} board: columns are whole numbers 0..{self.width - 1}, rows "
                             f"0..{self.height - 1}")
        self.check_size(state)
        bit = 1 << (column * self._stride + row)
        return "X" if state.x & bit else "O" if state.o & bit else None

    def column_mask(self, column: int) -> int:
        """Return the bitboard of the squares of `column`."""
        if type(column) is not int or not 0 <= column < self.width:
            raise ValueError(f"{game_name(self)}: column {shown(column)} is not a column of the board: its "
                             f"columns are 0..{self.width - 1}")
        return self._column[column]

    def heights(self, state: ConnectFourState) -> tuple[int, ...]:
        """Return the number of stones in each column."""
        self.check_size(state)
        mask = state.x | state.o
        return tuple((mask & self._column[c]).bit_count() for c in range(self.width))

    def show(self, state: ConnectFourState) -> str:
        """Return the board as text, top row first, '.' for an empty square."""
        self.check_size(state)
        rows = [" ".join(self.cell(state, c, r) or "." for c in range(self.width))
                for r in reversed(range(self.height))]
        return "\n".join(rows)

    # Internals.

    def _line_starts(self) -> Iterator[tuple[int, int]]:
        """Yield (shift, starts) for each direction: the bits from which four squares, `shift`
        apart, lie on the board (the lowest square of each line of four)."""
        for shift, (dc, dr) in zip(self._shifts, ((0, 1), (1, 0), (1, -1), (1, 1))):
            starts = 0
            for c in range(self.width):
                for r in range(self.height):
                    if 0 <= c + 3 * dc < self.width and 0 <= r + 3 * dr < self.height:
                        starts |= 1 << (c * self._stride + r)
            yield shift, starts

    def _position(self, x: int, o: int) -> ConnectFourState:
        """Return the state of the stones x and o, with the player to move, winner and moves."""
        to_move = "X" if x.bit_count() == o.bit_count() else "O"
        winner = "X" if self._has_four(x) else "O" if self._has_four(o) else None
        mask, top = x | o, self._top
        moves = () if winner else tuple(c for c in range(self.width) if not mask & top[c])
        return ConnectFourState(x, o, to_move, winner, moves, self.size)

    def check_size(self, state: ConnectFourState) -> None:
        """Raise TypeError if `state` has no stones (x and o: it is not a ConnectFourState),
        ValueError if it belongs to a board of another size (a state made by hand, whose size is
        None, is taken as it is: check_state checks its stones)."""
        size = getattr(state, "size", None)
        if size is self.size:  # the common case: a state this game made
            return
        if not (hasattr(state, "x") and hasattr(state, "o")):  # a state's stones (any object with them will do)
            self._check_kind(state)
        if size is not None and size != self.size:
            raise ValueError(f"{game_name(self)}: {shown(state)} is a position of a {_size_text(size)} "
                             f"board, not of this {self.width} x {self.height} one (a game of another size)")

    def _check_kind(self, state: object) -> None:
        """Raise TypeError unless `state` is a ConnectFourState."""
        if not isinstance(state, ConnectFourState):
            hint = ": build one with game.play(...)" if isinstance(state, (str, list, tuple)) else ""
            raise TypeError(f"{game_name(self)}: {shown(state)} is {kind_of(state)}, not a "
                            f"ConnectFourState{hint}")

    def _other_size(self, state: ConnectFourState) -> str:
        """Return '; it is a position of a 4 x 4 board' for a state of another size, '' for one of
        this size or made by hand."""
        size = state.size
        if size is None or size == self.size:
            return ""
        return f"; it is a position of a {_size_text(size)} board"

    def _has_four(self, stones: int) -> bool:
        """Return True when `stones` holds four in a line in any of the four directions."""
        for shift in self._shifts:
            pairs = stones & (stones >> shift)
            if pairs & (pairs >> 2 * shift):
                return True
        return False

    def _illegal(self, state: ConnectFourState, action: object) -> str:
        """Return the message for an illegal move, saying why it is illegal."""
        if type(action) is not int or not 0 <= action < self.width:
            why = f"columns are 0..{self.width - 1}"
        elif not state.moves:
            why = "the game is over"
        else:
            why = f"column {action} is full"
        return f"illegal move {move_text(action)}: {why} (legal: {list(state.moves)})"

    # What the play board needs (minimax_lab.heuristics.boards.BoardGame).

    move_noun = "column"

    def grid(self) -> tuple[int, int]:
        """Return the board's columns and rows."""
        return self.width, self.height

    def mark(self, state: ConnectFourState, square: int) -> str | None:
        """Return 'X', 'O' or None for `square`, numbered row by row from the top left."""
        row, column = divmod(check_square(square, self.width * self.height), self.width)
        self.check_size(state)
        return self.cell(state, column, self.height - 1 - row)

    def click_action(self, state: ConnectFourState, square: int) -> tuple[int | None, str]:
        """Return (the column a click on `square` drops a stone into, '') or (None, why not); a
        square off the board is a mistake of the caller (ValueError), not a click to refuse."""
        column = check_square(square, self.width * self.height) % self.width
        self.check_size(state)
        if column not in state.moves:
            return None, f"Column {column} is full: choose another column."
        return column, ""


def _size_text(size: object) -> str:
    """Return a state's board size as text, '4 x 4' (its repr if it is not a pair)."""
    return f"{size[0]} x {size[1]}" if isinstance(size, tuple) and len(size) == 2 else repr(size)

# --- the registry's entry (minimax_lab.games.registry) -----------------------------------------


def _new_connect_four(width: int = 7, height: int = 6) -> ConnectFourRules:
    """Return Connect Four as students make it: minimax_lab.ConnectFour (the rules and the search
    helpers in the course's package, the rules only in the grader's kit)."""
    game: ConnectFourRules = resolve("minimax_lab:ConnectFour")(width, height)
    return game


def _decode_connect_four(body: object, inner: Inner, game: object) -> ConnectFourRules:
    width, height = whole_numbers(items(body, 2, "a Connect Four game"), "its width and height")
    return _new_connect_four(width, height)


def _decode_position(body: object, inner: Inner, game: ConnectFourRules) -> ConnectFourState:
    x, o = whole_numbers(items(body, 2, "a Connect Four position"), "its two bitboards")
    state = game._position(x, o)
    game.check_state(state)
    return state


CONNECT_FOUR = GameEntry(
    name="Connect Four", rules=ConnectFourRules,
    wire_game=WireKind("ConnectFour", ConnectFourRules, lambda game, inner: [game.width, game.height],
                       _decode_connect_four, exact=False),
    wire_states=(WireKind("ConnectFourState", ConnectFourState, lambda state, inner: [state.x, state.o],
                          _decode_position),),
    kit_modules=("games/connect_four.py",),
    kit_names={"ConnectFour": "ConnectFourRules", "ConnectFourRules": "ConnectFourRules",
               "ConnectFourState": "ConnectFourState", "PLAYERS": "PLAYERS"},
    lesson_modules=("core/trace.py", "heuristics/__init__.py", "heuristics/boards.py", "heuristics/connect_four.py",
                    "heuristics/connect_four_bits.py", "heuristics/connect_four_evaluation.py"),
    lesson_names={"ConnectFour": "minimax_lab.heuristics.connect_four:ConnectFour"},
    game_class="minimax_lab:ConnectFour",
    parts={"board": "minimax_lab.heuristics.connect_four:BOARD",
           "fast_search": "minimax_lab.search.connect_four_engine:ConnectFourSearch",
           "prepare": "minimax_lab.search.connect_four_solver:compiled_negamax"},
    new_game=_new_connect_four)
"""Connect Four: a game crosses the pipe as its size, a state as its two bitboards (checked against
the game); students make minimax_lab.ConnectFour, whose parts the registry lists."""
