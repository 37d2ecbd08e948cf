"""Tic-tac-toe on the textbook protocol (AIMA 4th ed., section 5.1): its rules, every position built
once and shared, and the winning lines."""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Optional, Sequence

from ..core.text import kind_of, shown
from .protocol import check_square, move_text, not_a_player, not_a_state, play_moves
from .entry import GameEntry, WireKind

LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))
"""The eight winning lines of tic-tac-toe, as square indices (row-major)."""

LINES_THROUGH = tuple(tuple(line for line in LINES if square in line) for square in range(9))
"""The winning lines through each square."""

Board = tuple[Optional[str], ...]
"""A tic-tac-toe board: 9 marks, 'X', 'O' or None, row-major."""


@dataclass(frozen=True, slots=True)
class TicTacToeState:
    """A tic-tac-toe position: `board` is a 9-tuple of 'X', 'O' or None, row-major.

    States are immutable and compare and hash by board. TicTacToe builds each position once and
    stores in it what search asks: the player to move, the winner (None if nobody has three in a
    row), the legal moves, whether play is over, X's utility and the successors by move (None
    until first reached), so that search pays only for lookups.
    """

    board: Board
    to_move: str = field(compare=False, repr=False)
    winner: Optional[str] = field(compare=False, repr=False)
    moves: tuple[int, ...] = field(compare=False, repr=False)
    terminal: bool = field(compare=False, repr=False)
    value: int = field(compare=False, repr=False)
    successors: dict[int, Optional[TicTacToeState]] = field(default_factory=dict, compare=False, hash=False,
                                                            repr=False)

    def __repr__(self) -> str:
        return "TicTacToeState(" + "".join(mark or "." for mark in self.board) + ")"

    def __str__(self) -> str:
        cells = [mark or "." for mark in self.board]
        return "\n".join(" ".join(cells[row:row + 3]) for row in (0, 3, 6))


class TicTacToe:
    """Tic-tac-toe: X moves first; actions are the empty squares 0..8 in ascending order; the
    utility is +1 for a win by X, -1 for a win by O, 0 for a draw (negated for O).

    >>> game = TicTacToe()
    >>> game.actions(game.initial)
    (0, 1, 2, 3, 4, 5, 6, 7, 8)
    """

    max_player = "X"

    def __init__(self) -> None:
        self._states: dict[Board, TicTacToeState] = {}
        self.initial = self.state((None,) * 9)

    def __repr__(self) -> str:
        return "TicTacToe()"

    def state(self, board: Sequence[Optional[str]] | str) -> TicTacToeState:
        """Return the (shared) state for a board given as 9 marks, or as a string like 'X...O....'."""
        if isinstance(board, str):
            board = [None if ch in ".- _" else ch for ch in board]
        elif isinstance(board, bytes) or not hasattr(board, "__iter__"):
            raise TypeError(f"a tic-tac-toe board is 9 marks ('X', 'O' or None) or a string like "
                            f"'X...O....', got {shown(board)}")
        board = tuple(board)
        try:
            known = self._states.get(board)
        except TypeError:  # a mark that cannot be hashed (a list): _check_board names it
            known = None
        if known is None:
            _check_board(board)
            known = self._states[board] = _position(board)
        return known

    def check_state(self, state: object) -> None:
        """Raise TypeError unless `state` is a TicTacToeState (ValueError if its board is not one
        this game can reach)."""
        if not isinstance(state, TicTacToeState):
            hint = (f": build one with game.state({state!r})" if isinstance(state, (str, list, tuple))
                    else "")
            raise TypeError(f"{shown(self)}: {shown(state)} is {kind_of(state)}, not a TicTacToeState{hint}")
        try:
            known = self.state(state.board)
        except (TypeError, ValueError) as error:
            raise ValueError(f"{shown(self)}: {shown(state)} is not a tic-tac-toe position: {error}") from None
        if (known.to_move, known.winner, known.moves, known.terminal, known.value) != (
                state.to_move, state.winner, state.moves, state.terminal, state.value):
            raise ValueError(f"{shown(self)}: {shown(state)} says other than its board about the player to move, "
                             "the winner or the moves: build states with game.state(...)")

    def to_move(self, state: TicTacToeState) -> str:
        try:
            return state.to_move
        except AttributeError:
            raise not_a_state(self, state) from None

    def actions(self, state: TicTacToeState) -> tuple[int, ...]:
        try:
            return state.moves
        except AttributeError:
            raise not_a_state(self, state) from None

    def result(self, state: TicTacToeState, action: int) -> TicTacToeState:
        try:  # a state built here holds its legal moves as keys: None until the move is first made
            child = state.successors[action]
            if child is not None:  # made before: only a move equal to (and hashing as) that square finds it
                return child
        except AttributeError:  # not a state: check_state says what it is
            self.check_state(state)
            raise
        except (KeyError, TypeError):  # an illegal move (TypeError: one that cannot be hashed), or a
            pass                       # state made by hand, which starts with no keys
        return self._reach(state, action)

    def _reach(self, state: TicTacToeState, action: int) -> TicTacToeState:
        """Return the state after a move made for the first time from `state`, and remember it
        there; raise ValueError if the move is not legal."""
        if type(action) is not int or action not in state.moves:
            raise ValueError(f"{shown(state)}: illegal move {move_text(action)} (legal: {list(state.moves)})")
        board = state.board[:action] + (state.to_move,) + state.board[action + 1:]
        child = self._states.get(board)
        if child is None:  # a legal move from a legal position: no need to check the board
            child = self._states[board] = _successor(state, action, board)
        state.successors[action] = child
        return child

    def is_terminal(self, state: TicTacToeState) -> bool:
        try:
            return state.terminal
        except AttributeError:
            raise not_a_state(self, state) from None

    def utility(self, state: TicTacToeState, player: str) -> int:
        try:
            value = state.value
        except AttributeError:
            raise not_a_state(self, state) from None
        if player == "X":
            return value
        if player == "O":
            return -value
        raise not_a_player(self, player, ("X", "O"))

    # Building and showing positions, and what the play board needs (boardgame.BoardGame; the
    # board's search settings are boardgame's functions).

    def play(self, moves: Sequence[int] | str, state: TicTacToeState | None = None) -> TicTacToeState:
        """Return the state after playing `moves` (squares, or a string of square digits like '408')
        from `state` (default: the empty board).

        >>> print(TicTacToe().show(TicTacToe().play("408")))
        O . .
        . X .
        . . X
        """
        after: TicTacToeState = play_moves(self, moves, state)
        return after

    def show(self, state: TicTacToeState) -> str:
        """Return the board as text, top row first, '.' for an empty square."""
        self.check_state(state)
        cells = [mark or "." for mark in state.board]
        return "\n".join(" ".join(cells[row:row + 3]) for row in (0, 3, 6))

    move_noun = "square"

    def grid(self) -> tuple[int, int]:
        """Return the board's columns and rows: 3 x 3."""
        return 3, 3

    def mark(self, state: TicTacToeState, square: int) -> str | None:
        """Return 'X', 'O' or None for `square` (0 to 8, row by row from the top left)."""
        self.check_state(state)
        return state.board[check_square(square, 9)]

    def click_action(self, state: TicTacToeState, square: int) -> tuple[int | None, str]:
        """Return (the move a click on `square` plays, '') or (None, why the click is refused); a
        square off the board is a mistake of the caller (ValueError), not a click to refuse."""
        self.check_state(state)
        if check_square(square, 9) not in state.moves:
            return None, f"Square {square} is taken: choose an empty square."
        return square, ""


def _check_board(board: Board) -> None:
    """Raise ValueError unless `board` is a reachable-looking tic-tac-toe board."""
    if len(board) != 9:
        raise ValueError(f"a tic-tac-toe board has 9 squares, got {len(board)}")
    for square, mark in enumerate(board):
        if mark is not None and (not isinstance(mark, str) or mark not in ("X", "O")):
            raise ValueError(f"square {square}: mark {shown(mark)} is not 'X', 'O' or None")
    if not 0 <= board.count("X") - board.count("O") <= 1:
        raise ValueError(f"board {''.join(m or '.' for m in board)}: X moves first, so X has as many "
                         "marks as O or one more")
    for player, other, last in (("X", "O", 1), ("O", "X", 0)):
        if board.count("X") - board.count("O") != last and any(
                board[a] == board[b] == board[c] == player for a, b, c in LINES):
            raise ValueError(f"board {''.join(m or '.' for m in board)}: {player} has three in a row, "
                             f"so the game ended there and {other} cannot have moved since")


def _position(board: Board) -> TicTacToeState:
    """Return the state of a checked board, with what search asks of it worked out once."""
    winner = next((board[a] for a, b, c in LINES
                   if board[a] is not None and board[a] == board[b] == board[c]), None)
    over = winner is not None or None not in board
    moves = () if over else tuple(i for i, mark in enumerate(board) if mark is None)
    to_move = "X" if board.count("X") == board.count("O") else "O"
    value = 0 if winner is None else (1 if winner == "X" else -1)
    return _new_state(board, to_move, winner, moves, over, value)


def _successor(state: TicTacToeState, square: int, board: Board) -> TicTacToeState:
    """Return the state `board`, reached from `state` by a mark on `square`: only the lines
    through that square can have been completed, and the moves left are the parent's less that
    square. A search builds every position it reaches here, so this is written for speed: a loop
    and slices rather than generators, and _new_state rather than the dataclass's __init__."""
    mover = state.to_move
    for a, b, c in LINES_THROUGH[square]:
        if board[a] == board[b] == board[c]:
            return _new_state(board, "O" if mover == "X" else "X", mover, (), True, 1 if mover == "X" else -1)
    moves = state.moves
    left = moves.index(square)
    moves = moves[:left] + moves[left + 1:]
    return _new_state(board, "O" if mover == "X" else "X", None, moves, not moves, 0)


_new = object.__new__
_set_board, _set_to_move, _set_winner, _set_moves, _set_terminal, _set_value, _set_successors = (
    vars(TicTacToeState)[field.name].__set__ for field in fields(TicTacToeState))
"""The setter of each of TicTacToeState's slots, in the order of its fields."""


def _new_state(board: Board, to_move: str, winner: Optional[str], moves: tuple[int, ...], terminal: bool,
               value: int) -> TicTacToeState:
    """Return a new TicTacToeState(board, to_move, winner, moves, terminal, value), made faster than
    by its __init__: a frozen dataclass's __init__ sets each field through object.__setattr__, and
    this sets each slot directly (in about half the time on CPython 3.11). The state is as frozen
    as any other. Its successors start with a key, None, for each legal move, so that
    TicTacToe.result meets no KeyError on a legal move made for the first time."""
    state: TicTacToeState = _new(TicTacToeState)
    _set_board(state, board)
    _set_to_move(state, to_move)
    _set_winner(state, winner)
    _set_moves(state, moves)
    _set_terminal(state, terminal)
    _set_value(state, value)
    _set_successors(state, dict.fromkeys(moves))
    return state

# --- the registry's entry (minimax_lab.games.registry) -----------------------------------------

TIC_TAC_TOE = GameEntry(
    name="tic-tac-toe", rules=TicTacToe,
    wire_game=WireKind("TicTacToe", TicTacToe, lambda game, inner: [], lambda body, inner, game: TicTacToe()),
    wire_states=(WireKind("TicTacToeState", TicTacToeState,
                          lambda state, inner: "".join(mark or "." for mark in state.board),
                          lambda body, inner, game: game.state(str(body))),),
    kit_modules=("games/tictactoe.py",),
    kit_names={"LINES": "LINES", "TicTacToe": "TicTacToe", "TicTacToeState": "TicTacToeState"},
    parts={"board": "minimax_lab.heuristics.tictactoe:BOARD"},
    new_game=TicTacToe)
"""Tic-tac-toe: a state crosses the pipe as its nine marks ('X', 'O' or '.')."""
