"""Connect Four's bitboards for search: the masks of a board in John Tromp's layout and what search
computes from them with a few shifts: the squares where a player would complete four (threats),
the squares a stone can be dropped on, the moves that do not lose at once, the squares above others.

Column c of a board `height` high owns bits c*(height+1) .. c*(height+1)+height-1, bottom up; the bit
above each column stays empty, so that no line of four wraps into the next column
(minimax_lab.games.connect_four holds the rules on the same layout).

>>> bits = Bitboards(7, 6)
>>> row = 1 | 1 << 7 | 1 << 14                    # three stones on the bottom row, columns 0-2
>>> bits.threats(row, row) == 1 << 21             # the fourth square, column 3's bottom
True
>>> bits.column_of(1 << 21), bin(bits.above(1 << 21) >> 21)
(3, '0b111110')
"""

from __future__ import annotations


class Bitboards:
    """The bit masks of a board of `width` x `height` in Tromp's layout, and the moves and threats
    computed from them (see the module's docstring)."""

    def __init__(self, width: int, height: int):
        self.width, self.height, self.squares = width, height, width * height
        stride = height + 1
        self.stride = stride
        self.line_shifts = (stride, stride - 1, stride + 1)  # a row, and the two diagonals
        self.bottom = sum(1 << (c * stride) for c in range(width))
        self.board = sum(((1 << height) - 1) << (c * stride) for c in range(width))
        self.columns = tuple(((1 << height) - 1) << (c * stride) for c in range(width))
        centre = (width - 1) / 2
        self.centre_first = tuple(sorted(range(width), key=lambda c: (abs(c - centre), c)))
        self.centre_columns = tuple(self.columns[c] for c in self.centre_first)
        # the rows counted from 1 at the bottom: odd rows 1, 3, 5, ... and even rows 2, 4, 6, ...
        self.odd_rows = sum(1 << (c * stride + r) for c in range(width) for r in range(0, height, 2))
        self.even_rows = self.board ^ self.odd_rows
        # for above(): shifting up by s keeps a square in its column only on rows s and higher
        shifts, shift = [], 1
        while shift < height:
            shifts.append((shift, sum(((1 << height) - (1 << shift)) << (c * stride) for c in range(width))))
            shift *= 2
        self.fill_shifts = tuple(shifts)

    def threats(self, stones: int, mask: int) -> int:
        """Return the empty squares (playable now or not) that would complete four for `stones`;
        `mask` holds every stone."""
        return threats(stones, mask, self.stride, self.board)

    def has_four(self, stones: int) -> bool:
        """Return True if `stones` hold four in a line."""
        if stones & (stones >> 1) & (stones >> 2) & (stones >> 3):
            return True
        for shift in self.line_shifts:
            pair = stones & (stones >> shift)
            if pair & (pair >> 2 * shift):
                return True
        return False

    def playable(self, mask: int) -> int:
        """Return the squares a stone can be dropped on: the lowest empty square of each column."""
        return (mask + self.bottom) & self.board

    def safe_moves(self, mine: int, mask: int, their_threats: int = -1) -> int:
        """Return the playable squares that do not lose at once, for the player to move, who cannot
        win at once: the block if the opponent threatens one square, nothing if two (lost), else
        every playable square not right under a square where the opponent would complete four (their
        threats, computed here if -1)."""
        playable = self.playable(mask)
        theirs = self.threats(mine ^ mask, mask) if their_threats < 0 else their_threats
        forced = playable & theirs
        if forced:
            if forced & (forced - 1):  # two threats to block: the opponent wins whatever we play
                return 0
            playable = forced
        return playable & ~(theirs >> 1)

    def centre_first_squares(self, squares: int) -> list[tuple[int, int]]:
        """Return the squares of `squares` (one per column at most) from the centre outwards, each
        with -1 (its threats not counted)."""
        return [(squares & column, -1) for column in self.centre_columns if squares & column]

    def threats_first(self, mine: int, mask: int, squares: int) -> list[tuple[int, int]]:
        """Return the playable `squares` (one per column at most) of the player to move, whose
        stones are `mine`, each with the squares where that player would complete four after playing
        it: the moves that leave the most of those threats first, then from the centre outwards."""
        scored: list[tuple[int, int, int, int]] = []
        for column in self.centre_columns:
            square = squares & column
            if square:
                threats = self.threats(mine | square, mask | square)
                scored.append((-threats.bit_count(), len(scored), square, threats))
        scored.sort()
        return [(square, threats) for _, _, square, threats in scored]

    def above(self, squares: int) -> int:
        """Return the squares of the board strictly above any of `squares` in the same column."""
        filled = (squares << 1) & self.board & ~self.bottom
        for shift, keep in self.fill_shifts:
            filled |= (filled << shift) & keep
        return filled

    def column_of(self, square: int) -> int:
        """Return the column of a one-square bitboard."""
        return (square.bit_length() - 1) // self.stride


def threats(stones: int, mask: int, stride: int, board: int) -> int:
    """Return the empty squares (playable now or not) that would complete four for `stones` on a
    board whose columns are `stride` bits apart, its squares `board`; `mask` holds every stone. (A
    function of whole numbers only, so that numba can compile the exact solver that calls it.)"""
    found = (stones << 1) & (stones << 2) & (stones << 3)  # on top of three in a column
    for shift in (stride, stride - 1, stride + 1):  # along a row and both diagonals: _XXX, X_XX, XX_X, XXX_
        pair = (stones << shift) & (stones << 2 * shift)
        found |= pair & ((stones << 3 * shift) | (stones >> shift))
        pair = (stones >> shift) & (stones >> 2 * shift)
        found |= pair & ((stones >> 3 * shift) | (stones << shift))
    return found & (board ^ mask)
