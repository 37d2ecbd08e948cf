"""Connect Four on the textbook protocol, on a bitboard so that exact search is fast.

A board of `width` columns and `height` rows is held as two integers, one bit per square, in
John Tromp's layout: column c owns bits c*(height+1) .. c*(height+1)+height-1 from the bottom up,
and one spare bit on top of each column keeps lines from wrapping into the next column. Four in
a row is then four shifts and ands, and a move is one addition.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Optional, Sequence

from .evaluation import LinearEvaluation
from .games import game_name
from .trees import deepest_within

PLAYERS = ("X", "O")
"""The players, first to move first; X is MAX."""


@dataclass(frozen=True, slots=True)
class ConnectFourState:
    """A Connect Four position: `x` and `o` are the bitboards of each player's stones.

    States are immutable, compare and hash by (x, o), and know the player to move, the winner
    (None until someone has four in a row) and the legal moves.
    """

    x: int
    o: int
    to_move: str = field(compare=False)
    winner: Optional[str] = field(compare=False)
    moves: tuple[int, ...] = field(compare=False)

    def __repr__(self) -> str:
        return f"ConnectFourState(x={self.x:#x}, o={self.o:#x})"


class ConnectFour:
    """Connect Four on `width` x `height` (default 7 x 6): X moves first; an action is a column
    number 0..width-1 (the legal ones in ascending order); a stone falls to the lowest empty
    square; four in a row, column or diagonal wins; a full board without four is a draw. The
    utility is +1 for a win by X, -1 for a win by O, 0 for a draw (negated for O).

    >>> game = ConnectFour(4, 4)
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
            if isinstance(size, bool) or not isinstance(size, int) or not 1 <= size <= 16:
                raise ValueError(f"{name} must be a whole number from 1 to 16, got {size!r}")
        self.width, self.height = width, height
        stride = height + 1
        self._stride = stride
        self._bottom = tuple(1 << (c * stride) for c in range(width))
        self._top = tuple(1 << (c * stride + height - 1) for c in range(width))
        self._column = tuple(((1 << height) - 1) << (c * stride) for c in range(width))
        self._shifts = (1, stride, stride - 1, stride + 1)  # vertical, horizontal, both diagonals
        self._full = sum(self._column)
        self._bottom_row = sum(self._bottom)
        self.line_starts = tuple(self._line_starts())
        centre = (width - 1) / 2
        self._centre_first = tuple(sorted(range(width), key=lambda c: (abs(c - centre), c)))
        self.initial = ConnectFourState(0, 0, "X", None, tuple(range(width)))
        self._evaluation: Optional[LinearEvaluation] = None

    def __repr__(self) -> str:
        return f"ConnectFour({self.width}, {self.height})"

    def check_state(self, state: Any) -> None:
        """Raise TypeError unless `state` is a ConnectFourState, ValueError unless it is a position
        of this board: stones on it, none floating, X having as many as O or one more, and the
        player to move, winner and moves its stones imply."""
        if not isinstance(state, ConnectFourState):
            hint = ": build one with game.play(...)" if isinstance(state, (str, list, tuple)) else ""
            raise TypeError(f"{game_name(self)}: {state!r} is a {type(state).__name__}, not a "
                            f"ConnectFourState{hint}")
        size = f"{self.width} x {self.height}"
        x, o = state.x, state.o
        if not isinstance(x, int) or not isinstance(o, int) or x < 0 or o < 0:
            raise ValueError(f"{game_name(self)}: {state!r}: the bitboards must be whole numbers >= 0")
        if (x | o) & ~self._full:
            raise ValueError(f"{game_name(self)}: this state has stones outside the {size} board "
                             "(it belongs to a game of another size?)")
        if x & o:
            raise ValueError(f"{game_name(self)}: {state!r} has an X and an O on one square")
        mask = x | o
        for c in range(self.width):
            column = (mask >> c * self._stride) & ((1 << self.height) - 1)
            if column & (column + 1):  # a 0 bit below a 1 bit
                raise ValueError(f"{game_name(self)}: {state!r} has a stone floating above an empty "
                                 f"square in column {c} (it belongs to a game of another size?)")
        if not 0 <= x.bit_count() - o.bit_count() <= 1:
            raise ValueError(f"{game_name(self)}: {state!r} has {x.bit_count()} X stones and "
                             f"{o.bit_count()} O stones, but X moves first and they alternate")
        implied = self._position(x, o)
        if (implied.to_move, implied.winner, implied.moves) != (state.to_move, state.winner, state.moves):
            raise ValueError(f"{game_name(self)}: {state!r} says other than its stones about the player "
                             "to move, the winner or the moves (it belongs to a game of another size?)")

    # The protocol.

    def to_move(self, state: ConnectFourState) -> str:
        return state.to_move

    def actions(self, state: ConnectFourState) -> tuple[int, ...]:
        return state.moves

    def result(self, state: ConnectFourState, action: int) -> ConnectFourState:
        if not isinstance(action, int) or isinstance(action, bool) or action not in state.moves:
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
            return ConnectFourState(x, o, nxt, mover, ())
        top = self._top
        moves = tuple(c for c in range(self.width) if not mask & top[c])
        return ConnectFourState(x, o, nxt, None, moves)

    def is_terminal(self, state: ConnectFourState) -> bool:
        return not state.moves

    def utility(self, state: ConnectFourState, player: str) -> int:
        value = 0 if state.winner is None else (1 if state.winner == "X" else -1)
        return value if player == "X" else -value

    # Helpers for search: move ordering and the outcome of the next move.

    def ordered_actions(self, state: ConnectFourState) -> tuple[int, ...]:
        """Return the legal moves best-guess first: a move that wins at once, then a move that
        blocks the opponent's immediate win, then the rest from the centre outwards."""
        legal = [c for c in self._centre_first if c in state.moves]
        wins = self.winning_moves(state)
        if wins:
            return tuple(wins) + tuple(c for c in legal if c not in wins)
        threats = self.winning_moves(state, for_opponent=True)
        first = [c for c in legal if c in threats]
        return tuple(first + [c for c in legal if c not in threats])

    def winning_moves(self, state: ConnectFourState, *, for_opponent: bool = False) -> list[int]:
        """Return the legal moves that complete four in a row at once for the player to move (or,
        with for_opponent=True, for the other player if it were their turn), in ascending order."""
        mine, theirs = (state.x, state.o) if state.to_move == "X" else (state.o, state.x)
        if for_opponent:
            mine = theirs
        mask = state.x | state.o
        wins = self.threats(mine, mask) & (mask + self._bottom_row)
        return [c for c in state.moves if wins & self._column[c]] if wins else []

    def noisy_actions(self, state: ConnectFourState) -> tuple[int, ...]:
        """Return the moves that settle a position that is not quiet: the moves that win at once,
        else the blocks of the opponent's immediate wins (any other move loses at once); () in a
        quiet position. Quiescence search looks only at these moves beyond the horizon.

        >>> game = ConnectFour()
        >>> game.noisy_actions(game.play("001122")), game.noisy_actions(game.play("00112"))
        ((3,), (3,))
        >>> game.noisy_actions(game.initial)
        ()
        """
        mine, theirs = (state.x, state.o) if state.to_move == "X" else (state.o, state.x)
        mask = mine | theirs
        playable = mask + self._bottom_row
        squares = self.threats(mine, mask) & playable or self.threats(theirs, mask) & playable
        if not squares:
            return ()
        return tuple(c for c in state.moves if squares & self._column[c])

    def threats(self, stones: int, mask: int) -> int:
        """Return the bitboard of the empty squares (playable now or not) that would complete four
        in a row for `stones`; `mask` holds every stone on the board."""
        found = (stones << 1) & (stones << 2) & (stones << 3)  # the square on top of three
        for shift in self._shifts[1:]:  # the square at either end of three in a line, or inside
            up, up2, down, down2 = stones << shift, stones << 2 * shift, stones >> shift, stones >> 2 * shift
            found |= (up & up2 & (stones << 3 * shift | down)) | (down & down2 & (stones >> 3 * shift | up))
        return found & (self._full ^ mask)

    # An evaluation for depth-limited search.

    def evaluate(self, state: ConnectFourState) -> float:
        """Return a guess at X's value of an unfinished position, strictly between -1 and 1: the
        weighted difference of open threes, open twos and centre stones (minimax_lab.evaluation).

        >>> game = ConnectFour()
        >>> game.evaluate(game.initial), game.evaluate(game.play("3")) > 0
        (0.0, True)
        """
        if self._evaluation is None:
            self._evaluation = LinearEvaluation(self)
        return self._evaluation(state)

    # Building and showing positions.

    def play(self, moves: Sequence[int] | str, state: ConnectFourState | None = None) -> ConnectFourState:
        """Return the state after playing `moves` (columns, or a string of column digits like
        '3344') from `state` (default: the empty board)."""
        from .boardgame import play_moves

        return play_moves(self, moves, state)

    def cell(self, state: ConnectFourState, column: int, row: int) -> str | None:
        """Return 'X', 'O' or None for the square at `column`, `row` (row 0 at the bottom)."""
        if not (0 <= column < self.width and 0 <= row < self.height):
            raise ValueError(f"square ({column}, {row}) is off the {self.width} x {self.height} board")
        bit = 1 << (column * self._stride + row)
        return "X" if state.x & bit else "O" if state.o & bit else None

    def column_mask(self, column: int) -> int:
        """Return the bitboard of the squares of `column`."""
        return self._column[column]

    def heights(self, state: ConnectFourState) -> tuple[int, ...]:
        """Return the number of stones in each column."""
        mask = state.x | state.o
        return tuple((mask & self._column[c]).bit_count() for c in range(self.width))

    def show(self, state: ConnectFourState) -> str:
        """Return the board as text, top row first, '.' for an empty square."""
        rows = [" ".join(self.cell(state, c, r) or "." for c in range(self.width))
                for r in reversed(range(self.height))]
        return "\n".join(rows)

    # Internals.

    def _line_starts(self):
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
        return ConnectFourState(x, o, to_move, winner, moves)

    def _has_four(self, stones: int) -> bool:
        """Return True when `stones` holds four in a line in any of the four directions."""
        for shift in self._shifts:
            pairs = stones & (stones >> shift)
            if pairs & (pairs >> 2 * shift):
                return True
        return False

    def _illegal(self, state: ConnectFourState, action: object) -> str:
        """Return the message for an illegal move, saying why it is illegal."""
        if not isinstance(action, int) or isinstance(action, bool) or not 0 <= action < self.width:
            why = f"columns are 0..{self.width - 1}"
        elif not state.moves:
            why = "the game is over"
        else:
            why = f"column {action} is full"
        return f"illegal move {action!r}: {why} (legal: {list(state.moves)})"

    # What the play board needs (minimax_lab.boardgame.BoardGame).

    move_noun = "column"

    MOST_DEPTH = 12
    """The deepest search the play board offers on any board."""

    MINIMAX_LEAVES, ALPHABETA_LEAVES = 3_000, 120_000
    """How many leaves width**depth the board's depth slider allows. Measured on the 7 x 6 board:
    minimax to depth 4 and alpha-beta (win, block, centre first) to depth 6 answer in a quarter of
    a second; a ply more takes about a second or longer."""

    SOLVE_MOST_SQUARES = 16
    """The largest board (in squares) on which the play board offers solve: a 4 x 4 board solves
    in well under a second, a 5 x 4 board takes a few seconds."""

    def grid(self) -> tuple[int, int]:
        """Return the board's columns and rows."""
        return self.width, self.height

    def mark(self, state: ConnectFourState, square: int) -> str | None:
        """Return 'X', 'O' or None for `square`, numbered row by row from the top left."""
        row, column = divmod(square, self.width)
        return self.cell(state, column, self.height - 1 - row)

    def click_action(self, state: ConnectFourState, square: int) -> tuple[int | None, str]:
        """Return (the column a click on `square` drops a stone into, '') or (None, why not)."""
        column = square % self.width
        if column not in state.moves:
            return None, f"Column {column} is full: choose another column."
        return column, ""

    def horizon_evaluation(self) -> Callable[[ConnectFourState], float]:
        """Return the evaluation for the horizon of a depth-limited search: `evaluate`."""
        return self.evaluate

    def move_order(self) -> Callable[..., tuple[int, ...]]:
        """Return the move ordering for alpha-beta and solve: win, block, then centre outwards."""
        return threats_then_centre

    def depth_limits(self) -> dict[str, int]:
        """Return the deepest search each depth-limited algorithm may make within about a second."""
        def deepest(leaves: int) -> int:
            return deepest_within(lambda d: self.width ** d, leaves, most=self.MOST_DEPTH, least=1)

        return {"minimax": deepest(self.MINIMAX_LEAVES), "alphabeta": deepest(self.ALPHABETA_LEAVES)}

    def offers_solve(self) -> bool:
        """Return True when solve answers quickly here: on boards of at most SOLVE_MOST_SQUARES."""
        return self.width * self.height <= self.SOLVE_MOST_SQUARES


def threats_then_centre(game: ConnectFour, state: ConnectFourState, actions: Sequence[int],
                        path: tuple) -> tuple[int, ...]:
    """Order `actions` as game.ordered_actions does (win, block, centre outwards): an ordering for
    alphabeta(order=...) and solve(order=...)."""
    return tuple(a for a in game.ordered_actions(state) if a in actions)
