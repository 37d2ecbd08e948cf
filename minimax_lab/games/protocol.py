"""The textbook's game protocol (AIMA 4th ed., section 5.1), and the games that are trees: a nested
list (TreeGame) and an implicit uniform tree (UniformTree).

A game says who moves (`to_move`), which actions are legal (`actions`), what an action leads to
(`result`), when play is over (`is_terminal`) and what it is worth to a player (`utility`).
States are immutable and hashable. `max_player` names the player whose utility MAX maximizes.
"""

from __future__ import annotations

from dataclasses import dataclass
from numbers import Integral
from typing import Any, Iterable, Mapping, Optional, Protocol, Sequence, TypeGuard, cast, runtime_checkable

from ..core.game_types import A, S
from ..core.text import kind_of, path_name, repr_text, shown
from ..core.trees import MAX_TREE_DEPTH, Path, Tree, leaf_value, uniform_nodes, validate_tree
from .entry import GameEntry, Inner, WireKind, items



@runtime_checkable
class Game(Protocol[S, A]):
    """The textbook's game protocol: a two-player, zero-sum game of perfect information, whose
    states are of type S and actions of type A (TicTacToe is a Game[TicTacToeState, int])."""

    initial: S
    max_player: Any

    def to_move(self, state: S) -> Any: ...
    def actions(self, state: S) -> Iterable[A]: ...
    def result(self, state: S, action: A) -> S: ...
    def is_terminal(self, state: S) -> bool: ...
    def utility(self, state: S, player: Any) -> float: ...


GAME_MEMBERS = ("initial", "max_player", "to_move", "actions", "result", "is_terminal", "utility")
"""What a game has (the Game protocol's members)."""

GAME_METHODS = GAME_MEMBERS[2:]
"""The Game protocol's methods: a game's must not be None."""


def is_game(thing: object) -> TypeGuard[Game[Any, Any]]:
    """Return isinstance(thing, Game), decided as Python decides it for a runtime protocol (every
    member there, no method None; else the classes' own check), in a microsecond where Python's
    check walks the protocol's classes each time (some twenty): every search asks it."""
    return (all(hasattr(thing, name) for name in GAME_MEMBERS)
            and all(getattr(thing, name) is not None for name in GAME_METHODS)) or isinstance(thing, Game)

LONGEST_CHECKED_LINE = 100
"""How many plies `misbehaviour` follows from a position, looking for where a game breaks its protocol."""


def as_game(game_or_tree: Game[S, A] | Tree) -> Game[S, A]:
    """Return a game: a Game as it is, a bare nested list as a TreeGame with MAX at the root."""
    if isinstance(game_or_tree, (list, tuple)):
        # A caller that passed a tree bound no S and A (mypy takes their defaults): a TreeGame serves.
        return cast(Game[S, A], TreeGame(game_or_tree))
    if is_game(game_or_tree):
        return game_or_tree
    missing = [name for name in GAME_MEMBERS if not hasattr(game_or_tree, name)]
    lacks = (f"; as a game it lacks {', '.join(missing)}"
             if 0 < len(missing) < len(GAME_MEMBERS) - 2 else "")
    if isinstance(game_or_tree, type):
        lacks = f" (the class itself: make a game, {game_or_tree.__name__}())"
    raise TypeError(f"expected a game or a nested-list tree, got {type(game_or_tree).__name__} "
                    f"{game_name(game_or_tree)}{lacks}")


def refuse_a_game(given: Any, search: str, tree: str) -> None:
    """Raise TypeError if `given` is a game (or a game's class) where the search `search` takes a
    tree (described as `tree`): such a search walks nested lists, and a game has none."""
    a_class = isinstance(given, type) and all(hasattr(given, name) for name in ("actions", "result"))
    if a_class or is_game(given):
        got = f"the class {given.__name__}" if a_class else game_name(given)
        raise TypeError(f"{search} searches a tree ({tree}), not a game: got {got}; minimax, alphabeta "
                        "and negamax search games")


def start_state(game: Game[S, A], state: Optional[S] = None) -> S:
    """Return the state a search of `game` starts from: game.initial when `state` is None, else
    `state` after the game's check_state (if it has one) has accepted it."""
    if state is None:
        return game.initial
    check_state = getattr(game, "check_state", None)
    if check_state is not None:
        check_state(state)
    return state


def misbehaviour(game: Game[S, A], state: S, plies: int = LONGEST_CHECKED_LINE) -> Optional[str]:
    """Return what `game` does wrong on the line of first moves from `state` (up to `plies`
    plies): actions() that are not a sequence, or a result() that is None instead of a state; None
    if nothing is found (or the game raises an error of its own, which the search will meet). A
    search checks its start with it (one ply), and a search that failed calls it to say why in
    the game's own terms."""
    try:
        for _ in range(plies):
            if game.is_terminal(state):
                return None
            actions = game.actions(state)
            if isinstance(actions, (str, bytes)) or not hasattr(actions, "__iter__"):
                return (f"{game_name(game)}: actions({state!r}) returned {actions!r}, not a sequence of "
                        "the legal actions")
            actions = tuple(actions)
            if not actions:
                return None
            for action in actions:
                if game.result(state, action) is None:
                    return (f"{game_name(game)}: result({state!r}, {action!r}) returned None, not the "
                            "state the action leads to")
            state = game.result(state, actions[0])
    except (ArithmeticError, AttributeError, LookupError, TypeError, ValueError, RuntimeError):
        return None   # an error of the game's own: the search meets it and reports it as it is
    return None


def game_name(game: object) -> str:
    """Return the game's repr for messages, cut to 60 characters (never raising, as `shown`)."""
    name = shown(game)
    return name if len(name) <= 60 else name[:56] + "...)"


def not_a_state(game: Any, state: object) -> Exception:
    """Return the error to raise from one of `game`'s methods that could not read `state`: what
    game.check_state says of it (TypeError or ValueError), so that the caller reads the game's
    message ("3 is an int, not a TicTacToeState"), not Python's ("'int' object has no attribute")."""
    try:
        game.check_state(state)
    except (TypeError, ValueError) as error:
        return error
    return TypeError(f"{game_name(game)}: cannot read the state {shown(state)}")


def not_a_player(game: object, player: object, players: Sequence[str]) -> ValueError:
    """Return the error to raise when game.utility is asked for a player the game does not have."""
    return ValueError(f"{game_name(game)}: utility for {shown(player)}, who is not a player: the players are "
                      + " and ".join(repr(name) for name in players))


def play_moves(game: Game[S, int], moves: Sequence[object] | str, state: Optional[S] = None) -> S:
    """Return the state after playing `moves` in `game` from `state` (default: the start); a
    string of digits plays one move per digit ('3344'). A move that is not a whole number, or is
    illegal, raises ValueError saying which move it was."""
    if isinstance(moves, bytes) or not hasattr(moves, "__iter__"):
        raise TypeError(f"moves must be a sequence of moves or a string of digits like '3344', got {shown(moves)}")
    state = start_state(game, state)
    for i, move in enumerate(moves):
        action = int(move) if isinstance(move, str) and move.isdecimal() else move
        try:
            if type(action) is not int:
                raise ValueError(f"a move is a whole number, got {move_text(action)}")
            state = game.result(state, action)
        except ValueError as error:
            raise ValueError(f"move {i + 1} of {shown(moves)}: {error}") from None
    return state


def move_text(action: object) -> str:
    """Return a move as an error message shows it: its repr, and its type when that is a kind of
    whole number other than a plain int (a bool, a numpy int or an int subclass, whose repr may
    look like a legal move: none is one where the moves are numbers).

    >>> move_text(3), move_text("3"), move_text(True)
    ('3', "'3'", 'True (a bool, not an int)')
    """
    if type(action) is not int and isinstance(action, Integral):
        name = type(action).__name__
        return f"{action!r} ({'an' if name[0] in 'aeiouAEIOU' else 'a'} {name}, not an int)"
    return repr(action)


def check_square(square: object, squares: int) -> int:
    """Return `square` if it is a square of a board of `squares` squares (0 to squares - 1, a
    plain int), else raise ValueError naming it and the range.

    >>> check_square(8, 9)
    8
    """
    if type(square) is not int or not 0 <= square < squares:
        raise ValueError(f"square {move_text(square)} is off the board: its squares are 0 to {squares - 1}")
    return square


class GameView:
    """A game seen through a lens: the same rules as `game` (every attribute is the game's own:
    initial, max_player, agents, ...) except what a subclass overrides, usually its actions (a
    beam search's few best moves, a check's one move at the root)."""

    def __init__(self, game: Any):
        self.game = game

    def __getattr__(self, name: str) -> Any:
        return getattr(self.__dict__["game"], name)

    def to_move(self, state: Any) -> Any:
        return self.game.to_move(state)

    def actions(self, state: Any) -> Any:
        return self.game.actions(state)

    def result(self, state: Any, action: Any) -> Any:
        return self.game.result(state, action)

    def is_terminal(self, state: Any) -> bool:
        return bool(self.game.is_terminal(state))

    def utility(self, state: Any, player: Any) -> Any:
        return self.game.utility(state, player)


class TreeGame:
    """A game over a nested-list tree; a state is the path of child indices from the root.

    Levels alternate between MAX and MIN; `first` says who moves at the root. Leaves hold
    MAX's utility.

    >>> game = TreeGame([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    >>> game.to_move(()), game.to_move((0,)), game.utility((0, 1), "MAX")
    ('MAX', 'MIN', 12)
    """

    max_player = "MAX"

    def __init__(self, tree: Tree, first: str = "MAX"):
        if not isinstance(first, str) or first not in ("MAX", "MIN"):
            raise ValueError(f"first must be 'MAX' or 'MIN', got {shown(first)}")
        self.tree = tree
        self.first = first
        self.second = "MIN" if first == "MAX" else "MAX"
        self.nodes: dict[Path, Tree] = validate_tree(tree)
        self.initial: Path = ()

    def __repr__(self) -> str:
        return f"TreeGame({repr_text(self.tree)}, first={self.first!r})"

    def check_state(self, state: object) -> None:
        """Raise TypeError unless `state` is a path (a tuple of child indices), ValueError unless
        it leads to a node of this tree."""
        if not isinstance(state, tuple):
            raise TypeError(f"{game_name(self)}: {shown(state)} is {kind_of(state)}, not a path "
                            "(a tuple of child indices from the root, like (1, 0))")
        try:
            known = state in self.nodes
        except TypeError:  # a tuple holding a list
            known = False
        if not known:
            raise ValueError(f"{game_name(self)}: {shown(state)} is not a node of this tree")

    def _node(self, state: Path) -> Tree:
        try:
            return self.nodes[state]
        except (KeyError, TypeError):
            raise ValueError(f"{shown(state)} is not a node of this tree") from None

    def to_move(self, state: Path) -> str:
        self._node(state)  # a path that is no node (or no path) would otherwise get a player
        return self.first if len(state) % 2 == 0 else self.second

    def actions(self, state: Path) -> range:
        node = self._node(state)
        return range(len(node)) if isinstance(node, (list, tuple)) else range(0)

    def result(self, state: Path, action: int) -> Path:
        if type(action) is int and type(state) is tuple:
            child = state + (action,)
            try:
                if child in self.nodes:
                    return child
            except TypeError:  # a tuple holding a list: _node says it is no node
                pass
        self._node(state)  # a state that is no node: say that, rather than that the action is illegal
        raise ValueError(f"node {path_name(state)}: illegal action {move_text(action)} "
                         f"(legal: {list(self.actions(state))})")

    def is_terminal(self, state: Path) -> bool:
        return not isinstance(self._node(state), (list, tuple))

    def utility(self, state: Path, player: str) -> float:
        value = cast(float, self._node(state))   # a leaf's number: utility is asked where is_terminal
        return value if player == "MAX" else -value  # every player but MAX (TurnTree has several)


MAX_BRANCHING = 1000
"""The most children a node of a UniformTree may have: far more than any search of one visits."""


class UniformTree:
    """A uniform tree of `branching` children to `depth` plies that is never stored.

    A state is (index, ply), numbering nodes level by level from the root 0; the children of
    node i are i*b + 1 .. i*b + b. Leaf values in [0, values) come from a hash of the index and
    the seed, so a million leaves take no memory.
    """

    max_player = "MAX"

    def __init__(self, branching: int, depth: int, *, seed: int = 0, values: int = 1000):
        if (type(branching) is not int or type(depth) is not int or not 1 <= branching <= MAX_BRANCHING
                or not 0 <= depth <= MAX_TREE_DEPTH):
            raise ValueError(f"UniformTree needs branching >= 1 and depth >= 0, got {shown(branching)}, {shown(depth)} "
                             f"(whole numbers, the branching at most {MAX_BRANCHING} and the depth at most "
                             f"MAX_TREE_DEPTH = {MAX_TREE_DEPTH})")
        if type(seed) is not int or type(values) is not int or values < 1:
            raise ValueError(f"UniformTree needs a seed and values >= 1 that are whole numbers, got "
                             f"seed={shown(seed)}, values={shown(values)}")
        self.branching, self.depth, self.seed, self.values = branching, depth, seed, values
        self.initial = (0, 0)
        self._moves = range(branching)

    def __repr__(self) -> str:
        return f"UniformTree({self.branching}, {self.depth}, seed={self.seed})"

    def check_state(self, state: object) -> None:
        """Raise TypeError unless `state` is a pair (index, ply) of whole numbers, ValueError unless
        it is a node of this tree."""
        if (not isinstance(state, tuple) or len(state) != 2
                or any(isinstance(n, bool) or not isinstance(n, int) for n in state)):
            raise TypeError(f"{shown(self)}: {shown(state)} is not a node (index, ply), two whole numbers")
        index, ply = state
        if not 0 <= ply <= self.depth:
            raise ValueError(f"{shown(self)}: node {state}: ply {ply} is not in 0..{self.depth}")
        first = uniform_nodes(self.branching, ply - 1) if ply else 0
        if not first <= index < first + self.branching ** ply:
            raise ValueError(f"{shown(self)}: node {state}: the nodes at ply {ply} are numbered "
                             f"{first}..{first + self.branching ** ply - 1}")

    # Each method reads the state as it is, for speed; a state it cannot read gets check_state's
    # message (not_a_state), not Python's ("tuple index out of range").

    def to_move(self, state: tuple[int, int]) -> str:
        try:
            return "MAX" if state[1] % 2 == 0 else "MIN"
        except (TypeError, IndexError, KeyError):
            raise not_a_state(self, state) from None

    def actions(self, state: tuple[int, int]) -> range:
        try:
            return self._moves if state[1] < self.depth else range(0)
        except (TypeError, IndexError, KeyError):
            raise not_a_state(self, state) from None

    def result(self, state: tuple[int, int], action: int) -> tuple[int, int]:
        try:
            index, ply = state
            above = ply < self.depth
        except (TypeError, ValueError):
            raise not_a_state(self, state) from None
        if not above or type(action) is not int or action not in self._moves:
            raise ValueError(f"node {state}: illegal action {move_text(action)} (legal: 0 to "
                             f"{self.branching - 1} above ply {self.depth})")
        return (index * self.branching + 1 + action, ply + 1)

    def is_terminal(self, state: tuple[int, int]) -> bool:
        try:
            return state[1] >= self.depth
        except (TypeError, IndexError, KeyError):
            raise not_a_state(self, state) from None

    def utility(self, state: tuple[int, int], player: str) -> int:
        try:
            value = leaf_value(state[0], self.seed, self.values)
        except (TypeError, IndexError, KeyError):
            raise not_a_state(self, state) from None
        if player == "MAX":
            return value
        if player == "MIN":
            return -value
        raise not_a_player(self, player, ("MAX", "MIN"))

    def leaves(self) -> int:
        """Return the number of leaves, b**d."""
        count: int = self.branching ** self.depth
        return count


class RecordingTreeGame(TreeGame):
    """A TreeGame that lists, in order, the leaves whose utility a search asks for (in `_examined`,
    private, so that a check's copy of the game may fill it): the leaves the search examines, which
    lesson 03's check compares with alpha-beta's. It crosses the grader's pipe with its list, so a
    search run in the worker fills the grader's copy (fill_from)."""

    def __init__(self, tree: Tree, first: str = "MAX"):
        super().__init__(tree, first)
        self._examined: list[Path] = []

    def utility(self, state: Path, player: str) -> float:
        self._examined.append(state)
        return super().utility(state, player)

    def fill_from(self, other: object) -> None:
        """Take the leaves examined on `other`, this game as a search in the worker left it."""
        if not isinstance(other, RecordingTreeGame) or other.tree != self.tree or other.first != self.first:
            raise TypeError("not this game")
        self._examined[:] = other._examined


@dataclass(frozen=True)
class Guesses:
    """An evaluation of a tree game given as a table: MAX's guess at every node, by path (lesson 11's
    check draws one for each case of its search exercise). Called with a state (a path), it returns
    the guess there; it shows itself as its guesses at the depth of its case's horizon, the ones a
    right search asks for."""

    guesses: Mapping[Path, float]
    horizon: int

    def __call__(self, state: Path) -> float:
        return self.guesses[state]

    def __repr__(self) -> str:
        at = {path: guess for path, guess in self.guesses.items() if len(path) == self.horizon}
        return f"Guesses({at})"


# --- the registry's entry (minimax_lab.games.registry) -----------------------------------------


def _decode_tree_game(body: object, inner: Inner, game: object) -> TreeGame:
    tree, first = items(body, 2, "a TreeGame")
    return TreeGame(inner(tree), first=first)


def _paths(values: Iterable[object]) -> bool:
    """Return True when `values` are paths as the wire reads them: tuples of plain ints."""
    return all(type(path) is tuple and all(type(i) is int for i in path) for path in values)


def _decode_recording(body: object, inner: Inner, game: object) -> RecordingTreeGame:
    tree, first, examined = items(body, 3, "a RecordingTreeGame")
    found = RecordingTreeGame(inner(tree), first=first)
    leaves = inner(examined)
    if type(leaves) is not list or not _paths(leaves):
        raise ValueError("its leaves must be a list of paths")
    found._examined = leaves
    return found


def _decode_guesses(body: object, inner: Inner, game: object) -> Guesses:
    table, horizon = items(body, 2, "Guesses")
    guesses = inner(table)
    if (type(guesses) is not dict or type(horizon) is not int or not _paths(guesses)
            or not all(type(guess) in (int, float) for guess in guesses.values())):
        raise ValueError("Guesses are a table of numbers by path, and a horizon")
    return Guesses(guesses, horizon)


TREES = GameEntry(
    name="a game tree", rules=TreeGame,
    wire_game=WireKind("TreeGame", TreeGame, lambda game, inner: [inner(game.tree), game.first], _decode_tree_game),
    wire_others=(WireKind("RecordingTreeGame", RecordingTreeGame,
                          lambda game, inner: [inner(game.tree), game.first, inner(game._examined)],
                          _decode_recording),
                 WireKind("Guesses", Guesses, lambda guesses, inner: [inner(dict(guesses.guesses)), guesses.horizon],
                          _decode_guesses)),
    kit_modules=("games/protocol.py", "games/turns.py"),
    kit_names={"Game": "Game", "TreeGame": "TreeGame", "UniformTree": "UniformTree"})
"""Nested-list trees as games (TreeGame; UniformTree and turns.TurnTree are its kin). A state is a
path, a tuple, which crosses as one; two more kinds cross whole: a RecordingTreeGame with the
leaves a search examined on it, and Guesses, an evaluation given as a table."""
