"""Nim on the textbook protocol, and Bouton's rule that solves it without search.

Normal play: the players take turns removing one or more objects from a single heap, and whoever
takes the last object wins. Bouton (1901): the player to move loses exactly when the XOR of the
heap sizes (the nim-sum) is 0, and a winning move is one that makes it 0.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import reduce
from numbers import Integral
from operator import xor
from typing import Iterable, Optional

from ..core.text import kind_of, shown
from .entry import GameEntry, Inner, WireKind, items, whole_numbers
from .protocol import game_name, move_text, not_a_player, not_a_state

MAX_HEAP = 1000
"""The largest heap a game of Nim may start with (nim_sum and Bouton's rule take any size)."""


@dataclass(frozen=True, slots=True)
class NimState:
    """A Nim position: the heap sizes, in their original order, and the player to move."""

    heaps: tuple[int, ...]
    to_move: str

    def __str__(self) -> str:
        return f"{self.to_move} to move, heaps {list(self.heaps)}"


class Nim:
    """Nim with normal play on the given heaps: player 'A' moves first and is MAX; an action is
    (heap, count), taking `count` objects from heap number `heap`; the utility is +1 when A takes
    the last object, -1 when B does (negated for B).

    >>> game = Nim([1, 2])
    >>> game.actions(game.initial)
    ((0, 1), (1, 1), (1, 2))
    >>> game.result(game.initial, (1, 2))
    NimState(heaps=(1, 0), to_move='B')
    """

    players = ("A", "B")
    max_player = "A"

    def __init__(self, heaps: Iterable[int]):
        heaps = check_heaps(heaps)
        for i, size in enumerate(heaps):
            if size > MAX_HEAP:
                raise ValueError(f"heap {i}: size {size} is more than Nim's MAX_HEAP = {MAX_HEAP:,}: a "
                                 "search lists every move of a position, and such a heap has too many")
        self.heaps = heaps
        self.initial = NimState(heaps, "A")

    def __repr__(self) -> str:
        return f"Nim({list(self.heaps)})"

    def check_state(self, state: object) -> None:
        """Raise TypeError unless `state` is a NimState, ValueError unless it is a position of this
        game: as many heaps, none larger than at the start, and player 'A' or 'B' to move."""
        if not isinstance(state, NimState):
            raise TypeError(f"{game_name(self)}: {shown(state)} is {kind_of(state)}, not a NimState: "
                            "build one with NimState(heaps, to_move)")
        if state.to_move not in self.players:
            raise ValueError(f"{game_name(self)}: {shown(state)}: the player to move must be 'A' or 'B'")
        if not isinstance(state.heaps, tuple):
            raise ValueError(f"{game_name(self)}: {shown(state)} must have a tuple of {len(self.heaps)} "
                             "heaps, as the game has")
        if len(state.heaps) != len(self.heaps):
            raise self._other_game(state)
        for i, (size, start) in enumerate(zip(state.heaps, self.heaps)):
            if isinstance(size, bool) or not isinstance(size, int) or not 0 <= size <= start:
                raise ValueError(f"{game_name(self)}: {shown(state)}: heap {i} must hold a whole number "
                                 f"from 0 to {start} (its size at the start), not {shown(size)}")

    def to_move(self, state: NimState) -> str:
        try:
            return state.to_move
        except AttributeError:
            raise not_a_state(self, state) from None

    def actions(self, state: NimState) -> tuple[tuple[int, int], ...]:
        """Return every (heap, count), heaps in order and counts ascending."""
        try:
            heaps = state.heaps
        except AttributeError:
            raise not_a_state(self, state) from None
        if len(heaps) != len(self.heaps):
            raise self._other_game(state)
        return tuple((i, count) for i, size in enumerate(heaps) for count in range(1, size + 1))

    def result(self, state: NimState, action: tuple[int, int]) -> NimState:
        if not isinstance(state, NimState):
            raise not_a_state(self, state)
        if len(state.heaps) != len(self.heaps):
            raise self._other_game(state)
        if not _legal(state.heaps, action):
            kinds = (f", and a heap and a count are plain ints, not {' and '.join(type(x).__name__ for x in action)}"
                     if isinstance(action, tuple) and any(type(x) is not int for x in action) else "")
            raise ValueError(f"{state}: illegal move {shown(action)} (a move is (heap, count) taking 1.."
                             f"size objects from a heap; heaps are {list(state.heaps)}{kinds})")
        heap, count = action
        try:
            heaps = state.heaps[:heap] + (state.heaps[heap] - count,) + state.heaps[heap + 1:]
        except TypeError:  # heaps that are not a tuple of ints: check_state says what is wrong
            self.check_state(state)
            raise
        return NimState(heaps, "B" if state.to_move == "A" else "A")

    def is_terminal(self, state: NimState) -> bool:
        try:
            heaps = state.heaps
        except AttributeError:
            raise not_a_state(self, state) from None
        if len(heaps) != len(self.heaps):
            raise self._other_game(state)
        return not any(heaps)

    def utility(self, state: NimState, player: str) -> int:
        """Return +1 to the player who took the last object, -1 to the other (0 while play goes on)."""
        if player not in self.players:
            raise not_a_player(self, player, self.players)
        try:
            heaps = state.heaps
        except AttributeError:
            raise not_a_state(self, state) from None
        if len(heaps) != len(self.heaps):
            raise self._other_game(state)
        if any(heaps):
            return 0
        return -1 if player == state.to_move else 1

    def _other_game(self, state: NimState) -> ValueError:
        """Return the error for a state whose number of heaps is not this game's."""
        return ValueError(f"{game_name(self)}: {shown(state)} has {len(state.heaps)} heaps, but this game has "
                          f"{len(self.heaps)} heaps (it belongs to another game of Nim?)")


def _legal(heaps: tuple[int, ...], action: object) -> bool:
    """Return True when `action` is a pair (heap, count) of ints that can be taken from `heaps`."""
    if not isinstance(action, tuple) or len(action) != 2:
        return False
    heap, count = action
    if not all(type(x) is int for x in action):
        return False
    return bool(0 <= heap < len(heaps) and 1 <= count <= heaps[heap])


def check_heaps(heaps: Iterable[int]) -> tuple[int, ...]:
    """Return the heap sizes as a tuple of ints, after checking each is a whole number >= 0 (an
    int, or a numpy integer, which becomes an int; ValueError naming the heap otherwise)."""
    if isinstance(heaps, (str, bytes)) or not hasattr(heaps, "__iter__"):
        raise ValueError(f"the heaps must be a sequence of heap sizes, got {shown(heaps)}")
    sizes: list[int] = []
    for i, size in enumerate(heaps):
        if isinstance(size, bool) or not isinstance(size, Integral) or size < 0:
            raise ValueError(f"heap {i}: size {move_text(size)} is not a whole number >= 0")
        sizes.append(int(size))
    return tuple(sizes)


def nim_sum(heaps: Iterable[int]) -> int:
    """Return the XOR of the heap sizes.

    >>> nim_sum([3, 4, 5])
    2
    """
    return reduce(xor, check_heaps(heaps), 0)


def bouton_wins(heaps: Iterable[int]) -> bool:
    """Return True when the player to move wins with best play (Bouton: the nim-sum is not 0)."""
    return nim_sum(heaps) != 0


def bouton_moves(heaps: Iterable[int]) -> tuple[tuple[int, int], ...]:
    """Return the winning moves (heap, count), in Nim's action order: those that leave nim-sum 0.

    >>> bouton_moves([3, 4, 5])
    ((0, 2),)
    >>> bouton_moves([1, 2, 4])
    ((2, 1),)
    """
    heaps = check_heaps(heaps)
    total = nim_sum(heaps)
    return tuple((i, size - (size ^ total)) for i, size in enumerate(heaps) if total and size ^ total < size)

# --- the registry's entry (minimax_lab.games.registry) -----------------------------------------

def _decode_nim(body: object, inner: Inner, game: None) -> Nim:
    (heaps,) = items(body, 1, "a Nim game")
    if type(heaps) is not list:
        raise ValueError("a Nim game is [its heaps]")
    return Nim(whole_numbers(heaps, "its heaps"))


def _decode_nim_state(body: object, inner: Inner, game: Optional[Nim]) -> NimState:
    heaps, to_move = items(body, 2, "a Nim position")
    if type(heaps) is not list or type(to_move) is not str:
        raise ValueError("a Nim position is [heaps, the player to move]")
    state = NimState(tuple(whole_numbers(heaps, "its heaps")), to_move)
    (game or Nim(state.heaps)).check_state(state)
    return state


NIM = GameEntry(
    name="Nim", rules=Nim,
    wire_game=WireKind("Nim", Nim, lambda game, inner: [list(game.heaps)], _decode_nim),
    wire_states=(WireKind("NimState", NimState, lambda state, inner: [list(state.heaps), state.to_move],
                          _decode_nim_state),),
    kit_modules=("games/nim.py",), kit_names={"Nim": "Nim", "NimState": "NimState"})
"""Nim: a game crosses the grader's pipe as its heaps, a state as its heaps and the player to move
(read against its game when one came before it, else against a game of its own heaps); no part of
the package but its own lessons' code asks for more than its rules."""
