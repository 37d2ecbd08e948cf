"""Beyond two-player minimax: max^n for several players, and expectiminimax for chance.

max^n (AIMA 4th ed., section 5.2.2): a tree whose leaves are utility vectors, one component per
player; players move in turn at successive levels and each maximizes its own component.

expectiminimax (AIMA section 5.5): a tree with chance nodes, `Chance([(p, subtree), ...])`,
whose value is the probability-weighted sum of its outcomes' values.
"""

from __future__ import annotations

import math
from fractions import Fraction
from numbers import Real
from typing import Any, Callable, Optional, Sequence, Union

from .games import as_game
from .search import SearchResult
from .text import path_name
from .trace import ENTER, EXIT, LEAF, UPDATE, Trace
from .trees import MAX_TREE_DEPTH, Path, check_leaf, validate_tree

PROBABILITY_TOLERANCE = 1e-9
"""How far a chance node's probabilities may sum from 1 (for floats such as 0.1 + 0.2 + 0.7)."""

Vector = tuple
VectorTree = Union[Vector, list]


# max^n


def maxn(tree: VectorTree, players: Optional[int] = None, *, values: Optional[dict] = None,
         choices: Optional[dict] = None) -> SearchResult:
    """Return the max^n value of a tree: player 0 moves at the root, player 1 at the next level,
    and so on in turn; each picks the child whose vector is best in its own component, the first
    such child on ties. Leaves are tuples of numbers, one per player; nodes are lists.

    Pass dicts as `values` and `choices` to have them filled, by path, with every node's
    backed-up vector and every inner node's chosen child (the strategy backward induction finds).

    >>> maxn([[(1, 2, 6), (4, 2, 3)], [(6, 1, 2), (7, 4, 1)]], players=3).value
    (7, 4, 1)
    """
    players = check_vector_tree(tree, players)
    nodes = leaves = 0

    def value(node: VectorTree, path: tuple) -> tuple[Vector, tuple]:
        nonlocal nodes, leaves
        nodes += 1
        if isinstance(node, tuple):
            leaves += 1
            best, line = node, ()
        else:
            mover = len(path) % players
            best, line = None, ()
            for i, child in enumerate(node):
                v, rest = value(child, path + (i,))
                if best is None or v[mover] > best[mover]:
                    best, line = v, (i,) + rest
            if choices is not None:
                choices[path] = line[0]
        if values is not None:
            values[path] = best
        return best, line  # type: ignore[return-value]

    best, line = value(tree, ())
    return SearchResult(best, line[0] if line else None, line, nodes, leaves)


def coalition(tree: VectorTree, members: Sequence[int]) -> VectorTree:
    """Return a copy of a max^n tree in which each player in `members` is paid the members' total:
    max^n on it plays the members as one side that shares its winnings.

    >>> coalition([(1, 2, 6), (5, 4, 5)], members=(1, 2))
    [(1, 8, 8), (5, 9, 9)]
    """
    if isinstance(tree, tuple):
        total = sum(tree[i] for i in members)
        return tuple(total if i in members else u for i, u in enumerate(tree))
    return [coalition(child, members) for child in tree]


def follow(tree: VectorTree, line: Sequence[int]) -> Any:
    """Return the node reached from the root of a tree by the child indices in `line`."""
    for i in line:
        tree = tree[i]  # type: ignore[index]
    return tree


def check_vector_tree(tree: VectorTree, players: Optional[int] = None) -> int:
    """Check a max^n tree without recursion and return the number of players: every leaf a tuple
    of `players` numbers (default: the length of the first leaf), every node a non-empty list."""
    if players is not None and (isinstance(players, bool) or not isinstance(players, int) or players < 1):
        raise ValueError(f"players must be a whole number >= 1, got {players!r}")
    stack: list[tuple[Path, Any]] = [((), tree)]
    while stack:
        path, node = stack.pop()
        if isinstance(node, tuple):
            if players is None:
                players = len(node)
            if len(node) != players or players == 0:
                raise ValueError(f"node {path_name(path)}: leaf {node!r} has {len(node)} utilities, "
                                 f"expected one for each of {players} players")
            for component in node:
                check_leaf(component, path)
            continue
        if not isinstance(node, list):
            raise TypeError(f"node {path_name(path)}: {node!r} is neither a list (a node) nor a tuple "
                            "of utilities (a leaf)")
        if not node:
            raise ValueError(f"node {path_name(path)}: empty node (a node needs at least one child)")
        if len(path) >= MAX_TREE_DEPTH:
            raise ValueError(f"node {path_name(path)}: tree is nested deeper than {MAX_TREE_DEPTH} levels")
        stack.extend((path + (i,), child) for i, child in reversed(list(enumerate(node))))
    return players  # type: ignore[return-value]


# Chance nodes and expectiminimax


class Chance:
    """A chance node: `outcomes` is a sequence of (probability, subtree) pairs.

    `player` is None for a roll of the dice or a toss of a coin. A chance node may also stand for
    a player's move, as a model of how that player chooses (player='MIN'); the next decision node
    below it then belongs to the other player, as it would below that player's own node.
    """

    __slots__ = ("outcomes", "player")

    def __init__(self, outcomes: Sequence[tuple[Real, Any]], player: Optional[str] = None):
        if player not in (None, "MAX", "MIN"):
            raise ValueError(f"a chance node stands for 'MAX', 'MIN' or nobody (None), not {player!r}")
        object.__setattr__(self, "outcomes", tuple(tuple(pair) for pair in outcomes))
        object.__setattr__(self, "player", player)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("chance nodes are immutable")

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Chance) and (self.outcomes, self.player) == (other.outcomes, other.player)

    def __hash__(self) -> int:
        return hash((self.outcomes, self.player))

    def __repr__(self) -> str:
        pairs = ", ".join(f"({p!r}, {t!r})" for p, t in self.outcomes)
        who = "" if self.player is None else f", player={self.player!r}"
        return f"Chance([{pairs}]{who})"


ChanceTree = Union[Real, list, Chance]


def expectiminimax(tree: ChanceTree, *, first: str = "MAX", trace: Optional[Trace] = None) -> SearchResult:
    """Return the expectiminimax value of a tree with chance nodes (MAX's point of view).

    Leaves are numbers, decision nodes are lists and chance nodes are Chance objects. Decision
    nodes alternate between MAX and MIN (`first` at the top); chance nodes do not take a turn,
    so MAX, chance, MIN, chance, ... reads as in backgammon (AIMA section 5.5). Each node is
    evaluated once; a chance node's value is sum(p * value). The principal variation stops at
    the first chance node, where play is no longer anyone's choice.

    >>> expectiminimax([Chance([(0.5, 4), (0.5, 0)]), 1]).value
    2.0
    """
    if first not in ("MAX", "MIN"):
        raise ValueError(f"first must be 'MAX' or 'MIN', got {first!r}")
    check_chance_tree(tree)
    nodes = leaves = 0

    def value(node: ChanceTree, path: tuple, player: str) -> tuple[float, tuple]:
        nonlocal nodes, leaves
        nodes += 1
        if isinstance(node, Chance):
            return chance(node, path, player)
        if trace is not None:
            trace.add(ENTER, path, player)
        if not isinstance(node, list):
            leaves += 1
            if trace is not None:
                trace.add(LEAF, path, player, value=node)
                trace.add(EXIT, path, player, value=node)
            return node, ()  # type: ignore[return-value]
        maximizing = player == "MAX"
        best, line = None, ()
        for i, child in enumerate(node):
            v, rest = value(child, path + (i,), other(player))
            if best is None or (v > best if maximizing else v < best):
                best, line = v, (i,) + rest
                if trace is not None:
                    trace.add(UPDATE, path, player, value=best)
        if trace is not None:
            trace.add(EXIT, path, player, value=best)
        return best, line  # type: ignore[return-value]

    def chance(node: Chance, path: tuple, player: str) -> tuple[float, tuple]:
        if trace is not None:
            trace.add(ENTER, path, "CHANCE")
        below = player if node.player is None else other(node.player)
        total = sum(p * value(child, path + (i,), below)[0] for i, (p, child) in enumerate(node.outcomes))
        if trace is not None:
            trace.add(EXIT, path, "CHANCE", value=total)
        return total, ()

    best, line = value(tree, (), first)
    return SearchResult(best, line[0] if line else None, line, nodes, leaves)


def other(player: str) -> str:
    """Return the other of 'MAX' and 'MIN'."""
    return "MIN" if player == "MAX" else "MAX"


def check_chance_tree(tree: ChanceTree) -> None:
    """Check a tree with chance nodes without recursion: numeric leaves, non-empty nodes, and at
    each chance node non-negative probabilities that sum to 1; errors name the node's path."""
    stack: list[tuple[Path, Any]] = [((), tree)]
    while stack:
        path, node = stack.pop()
        if len(path) > MAX_TREE_DEPTH:
            raise ValueError(f"node {path_name(path)}: tree is nested deeper than {MAX_TREE_DEPTH} levels")
        if isinstance(node, Chance):
            children = [child for _, child in check_probabilities(node, path)]
        elif isinstance(node, list):
            if not node:
                raise ValueError(f"node {path_name(path)}: empty node (a node needs at least one child)")
            children = node
        else:
            check_leaf(node, path)
            continue
        stack.extend((path + (i,), child) for i, child in reversed(list(enumerate(children))))


def check_probabilities(node: Chance, path: Path) -> tuple:
    """Return a chance node's outcomes after checking each is (probability, subtree) with a
    non-negative probability, and that the probabilities sum to 1 within PROBABILITY_TOLERANCE."""
    where = f"chance node {path_name(path)}"
    if not node.outcomes:
        raise ValueError(f"{where}: no outcomes (a chance node needs at least one)")
    for i, pair in enumerate(node.outcomes):
        if len(pair) != 2:
            raise ValueError(f"{where}: outcome {i} is {pair!r}, not a (probability, subtree) pair")
    check_distribution([p for p, _ in node.outcomes], where)
    return node.outcomes


def check_distribution(probabilities: Sequence[Any], where: str) -> None:
    """Raise unless `probabilities` are numbers >= 0 that sum to 1 (within PROBABILITY_TOLERANCE);
    messages start with `where`."""
    for i, p in enumerate(probabilities):
        if isinstance(p, bool) or not isinstance(p, Real) or math.isnan(p):
            raise TypeError(f"{where}: the probability of outcome {i} is {p!r}, not a number")
        if p < 0:
            raise ValueError(f"{where}: the probability of outcome {i} is {p}, which is negative")
    total = sum(probabilities)
    if abs(total - 1) > PROBABILITY_TOLERANCE:
        raise ValueError(f"{where}: the probabilities sum to {total}, not 1")


# Modelling the opponent


Model = Callable[[Path, list], Sequence[Real]]
"""model(path, children) returns the probabilities with which MIN picks each child at `path`."""


def uniform(path: Path, children: list) -> list:
    """Return equal probabilities for each child: an opponent who picks a move at random."""
    return [Fraction(1, len(children))] * len(children)


def model_opponent(tree: Any, model: Model = uniform) -> ChanceTree:
    """Return a copy of a minimax tree (MAX at the root) in which every MIN node is a chance node
    standing for MIN, its probabilities given by `model`: expectiminimax then finds MAX's best
    play against that opponent, rather than against a perfect one.

    >>> model_opponent([[3, 12], [2, 9]])
    [Chance([(Fraction(1, 2), 3), (Fraction(1, 2), 12)], player='MIN'), Chance([(Fraction(1, 2), 2), (Fraction(1, 2), 9)], player='MIN')]
    """

    def convert(node: Any, path: Path, player: str) -> ChanceTree:
        if not isinstance(node, (list, tuple)):
            return node
        children = [convert(child, path + (i,), other(player)) for i, child in enumerate(node)]
        if player == "MAX":
            return children
        return Chance(list(zip(model(path, list(node)), children)), player="MIN")

    validate_tree(tree)
    return convert(tree, (), "MAX")


GameModel = Callable[[Any, Any], Sequence[tuple[Any, Real]]]
"""model(game, state) returns (action, probability) pairs: how the opponent moves in `state`."""


def random_mover(game: Any, state: Any) -> list:
    """Return every legal action with equal probability: an opponent who moves at random."""
    actions = tuple(game.actions(state))
    return [(a, Fraction(1, len(actions))) for a in actions]


def greedy_mover(game: Any, state: Any) -> list:
    """Return the moves of an opponent who looks one move ahead: a move that wins at once if it has
    one (the first), else a random move among those after which the other player cannot win at
    once (among all moves if every one allows that)."""
    wins = _wins_at_once(game, state)
    if wins:
        return [(wins[0], Fraction(1))]
    actions = tuple(game.actions(state))
    safe = [a for a in actions if not _wins_at_once(game, game.result(state, a))]
    pool = safe or list(actions)
    return [(a, Fraction(1, len(pool))) for a in pool]


def _wins_at_once(game: Any, state: Any) -> list:
    """Return the moves that end the game at once with a win for the player to move in `state`."""
    if game.is_terminal(state):
        return []
    player = game.to_move(state)
    return [a for a in game.actions(state)
            if game.is_terminal(child := game.result(state, a)) and game.utility(child, player) > 0]


def _replies(game: Any, model: GameModel, state: Any) -> list:
    """Return the model's (action, probability) pairs in `state`, checked."""
    pairs = list(model(game, state))
    check_distribution([p for _, p in pairs], f"the model's moves in {state!r}")
    legal = tuple(game.actions(state))
    for action, _ in pairs:
        if action not in legal:
            raise ValueError(f"the model plays {action!r} in {state!r}, which is not legal there")
    return pairs


def expectimax(game: Any, model: GameModel, state: Any = None) -> SearchResult:
    """Return MAX's best expected utility, and its first best move, in a game whose other player
    moves by `model` instead of minimizing: MAX's positions take the best child, the others the
    probability-weighted sum of theirs. Each position is evaluated once (remembered by state);
    `nodes` counts the positions, `leaves` the terminal ones, and the pv is MAX's first move only.
    """
    state = game.initial if state is None else state
    me, memo, terminal = game.max_player, {}, 0

    def value(state: Any) -> tuple[Any, Any]:
        nonlocal terminal
        if state in memo:
            return memo[state]
        if game.is_terminal(state):
            terminal += 1
            known = game.utility(state, me), None
        elif game.to_move(state) == me:
            known = None
            for a in game.actions(state):
                v = value(game.result(state, a))[0]
                if known is None or v > known[0]:
                    known = v, a
        else:
            known = sum(p * value(game.result(state, a))[0] for a, p in _replies(game, model, state)), None
        memo[state] = known
        return known  # type: ignore[return-value]

    best, move = value(state)
    return SearchResult(best, move, () if move is None else (move,), len(memo), terminal)


def policy_value(game: Any, policy: Callable[[Any, Any], Any], model: GameModel, state: Any = None) -> Any:
    """Return MAX's expected utility when MAX plays policy(game, state) and the other player moves
    by `model` (each position evaluated once)."""
    def expected(state: Any, value: Callable[[Any], Any]) -> Any:
        return sum(p * value(game.result(state, a)) for a, p in _replies(game, model, state))

    return _follow_policy(game, policy, expected, state)


def guaranteed_value(game: Any, policy: Callable[[Any, Any], Any], state: Any = None) -> Any:
    """Return the least utility MAX can get when it plays policy(game, state) and the other player
    may answer anything: MAX's positions follow the policy, the others take their worst child for
    MAX (each position evaluated once). A policy is safe when this equals the minimax value.

    >>> first = lambda game, state: game.actions(state)[0]
    >>> guaranteed_value([[3, 12], [2, 9]], first), guaranteed_value([[2, 9], [3, 12]], first)
    (3, 2)
    """
    game = as_game(game)

    def worst(state: Any, value: Callable[[Any], Any]) -> Any:
        return min(value(game.result(state, a)) for a in game.actions(state))

    return _follow_policy(game, policy, worst, state)


def _follow_policy(game: Any, policy: Callable[[Any, Any], Any],
                   opponent: Callable[[Any, Callable[[Any], Any]], Any], state: Any = None) -> Any:
    """Return MAX's value of `state` when MAX plays `policy` and opponent(state, value) values the
    other player's positions from their children's values (each position evaluated once)."""
    state = game.initial if state is None else state
    me, memo = game.max_player, {}

    def value(state: Any) -> Any:
        if state not in memo:
            if game.is_terminal(state):
                memo[state] = game.utility(state, me)
            elif game.to_move(state) == me:
                memo[state] = value(game.result(state, policy(game, state)))
            else:
                memo[state] = opponent(state, value)
        return memo[state]

    return value(state)


def playout_value(game: Any, state: Any = None) -> Fraction:
    """Return the exact mean utility (MAX's view) of random playouts from `state`: both players
    pick uniformly among their legal moves to the end of the game. It is the number the average
    of many random playouts approaches (each position evaluated once).

    >>> playout_value([1, [2, 3]])      # 1 half the time, else 2 or 3: (1 + 5/2) / 2
    Fraction(7, 4)
    """
    game = as_game(game)
    state = game.initial if state is None else state
    me, memo = game.max_player, {}

    def value(state: Any) -> Fraction:
        if state not in memo:
            if game.is_terminal(state):
                memo[state] = Fraction(game.utility(state, me))
            else:
                actions = tuple(game.actions(state))
                memo[state] = sum(value(game.result(state, a)) for a in actions) / len(actions)
        return memo[state]

    return value(state)
