"""Playing against a modelled opponent instead of a perfect one.

A model says with what probability the other player picks each move. On a nested-list tree,
`model_opponent` turns MIN's nodes into chance nodes for expectiminimax; on a game,
`model_search` finds MAX's best play against the model directly. `policy_value`,
`guaranteed_value` and `playout_value` score a way of playing rather than search for one.
"""

from __future__ import annotations

import functools
from fractions import Fraction
from numbers import Real
from typing import Any, Callable, Optional, Sequence, cast

from ..core.game_types import A, S
from ..core.text import path_name, shown
from ..core.trace import Moves
from ..core.trees import Path, Tree, validate_tree
from ..core.validation import callable_value
from ..games.protocol import Game
from ..heuristics.generic import winning_moves
from .chance import Chance, ChanceTree, check_distribution, expected_value, other
from .textbook import INF, Player, Search, SearchResult

Model = Callable[[Path, list[Tree]], Sequence[Real]]
"""model(path, children) returns the probabilities with which MIN picks each child at `path`."""

GameModel = Callable[[Game[S, A], S], Sequence[tuple[A, Real]]]
"""model(game, state) returns (action, probability) pairs: how the opponent moves in `state`."""

MODEL_CALL = "model(game, state) returning (action, probability) pairs"
"""How a GameModel is called, for messages."""

Policy = Player[S, A]
"""policy(game, state) returns the action MAX plays in `state`."""


def uniform(path: Path, children: list[Tree]) -> list[Fraction]:
    """Return equal probabilities for each child: an opponent who picks a move at random."""
    if not children:
        raise ValueError(f"uniform: node {path_name(path)} has no children to pick among")
    return [Fraction(1, len(children))] * len(children)


def model_opponent(tree: Tree, model: Model = uniform) -> ChanceTree:
    """Return a copy of a minimax tree (MAX at the root) in which every MIN node is a chance node
    standing for MIN, its probabilities given by `model`: expectiminimax then finds MAX's best
    play against that opponent, rather than against a perfect one.

    >>> model_opponent([[3, 12], [2, 9]])
    [Chance([(Fraction(1, 2), 3), (Fraction(1, 2), 12)], player='MIN'), Chance([(Fraction(1, 2), 2), (Fraction(1, 2), 9)], player='MIN')]
    """
    if not callable(model):
        raise TypeError(f"the model must be a function model(path, children), not {shown(model)}")

    def convert(node: Tree, path: Path, player: str) -> ChanceTree:
        if not isinstance(node, (list, tuple)):
            return cast(float, node)   # a leaf, checked by validate_tree
        children = [convert(child, path + (i,), other(player)) for i, child in enumerate(node)]
        if player == "MAX":
            return children
        return Chance(list(zip(modelled(path, list(node)), children)), player="MIN")

    def modelled(path: Path, children: list[Tree]) -> list[Real]:
        probabilities = model(path, children)
        where = f"the model at node {path_name(path)}"
        if isinstance(probabilities, (str, bytes)) or not hasattr(probabilities, "__len__"):
            raise TypeError(f"{where} returned {shown(probabilities)}, not a sequence of probabilities")
        if len(probabilities) != len(children):
            raise ValueError(f"{where} gave {len(probabilities)} probabilities for {len(children)} children")
        check_distribution(probabilities, where)
        return list(probabilities)

    validate_tree(tree)
    return convert(tree, (), "MAX")


def random_mover(game: Game[S, A], state: S) -> list[tuple[A, Fraction]]:
    """Return every legal action with equal probability: an opponent who moves at random."""
    actions = _moves(game, state, "random_mover")
    return [(a, _even(len(actions))) for a in actions]


@functools.lru_cache(maxsize=64)
def _even(count: int) -> Fraction:
    """Return Fraction(1, count), made once for each count (searches ask for it at every chance node)."""
    return Fraction(1, count)


def greedy_mover(game: Game[S, A], state: S) -> list[tuple[A, Fraction]]:
    """Return the moves of an opponent who looks one move ahead: a move that wins at once if it has
    one (the first), else a random move among those after which the other player cannot win at
    once (among all moves if every one allows that)."""
    wins = winning_moves(game, state)
    if wins:
        return [(wins[0], Fraction(1))]
    actions = _moves(game, state, "greedy_mover")
    safe = [a for a in actions if not winning_moves(game, game.result(state, a))]
    pool = safe or list(actions)
    return [(a, Fraction(1, len(pool))) for a in pool]


def _moves(game: Game[S, A], state: S, mover: str) -> tuple[A, ...]:
    """Return the legal actions of `state`, for a model called `mover` to choose among (ValueError
    when there are none: the game is over there, or stuck)."""
    actions = tuple(game.actions(state))
    if not actions:
        raise ValueError(f"{mover}: {shown(state)} has no legal actions to choose among (the game is over there)")
    return actions


def _replies(search: Search[S, A], model: GameModel[S, A], state: S, path: Moves[A]) -> Sequence[tuple[A, Real]]:
    """Return the model's (action, probability) pairs in `state`, checked: pairs of a legal action
    and a probability, the probabilities summing to 1."""
    legal = search.actions(state, path)  # first: a position with no moves is the game's fault, not the model's
    if model is random_mover:  # the course's own model: its pairs need no checking
        return [(a, _even(len(legal))) for a in legal] if legal else random_mover(search.game, state)
    where = f"node {path_name(path)}: the model's moves in {state!r}"
    pairs = model(search.game, state)
    if isinstance(pairs, (str, bytes)) or not hasattr(pairs, "__iter__"):
        raise TypeError(f"{where}: the model returned {shown(pairs)}, not (action, probability) pairs")
    pairs = list(pairs)
    for pair in pairs:
        if not isinstance(pair, tuple) or len(pair) != 2:
            raise TypeError(f"{where}: {shown(pair)} is not an (action, probability) pair")
    check_distribution([p for _, p in pairs], where)
    for action, _ in pairs:
        if action not in legal:
            raise ValueError(f"{where}: the model plays {shown(action)}, which is not legal there")
    return pairs


def model_search(game: Game[S, A] | Tree, model: GameModel[S, A], state: Optional[S] = None) -> SearchResult[Any, A]:
    """Return MAX's best expected utility, and its first best move, in a game whose other player
    moves by `model` instead of minimizing (expectimax): MAX's positions take the best child, the
    others the probability-weighted sum of theirs. Each position is evaluated once (remembered by
    state); `nodes` counts the positions, `leaves` the terminal ones, and the pv is MAX's first
    move only.

    >>> model_search([[3, 12], [2, 9]], random_mover)      # MIN picks at random: 15/2 beats 11/2
    SearchResult(value=Fraction(15, 2), move=0, pv=(0,), nodes=7, leaves=4)
    """
    callable_value(model, "the model", MODEL_CALL)
    search = Search(game, state)
    game = search.game
    memo: dict[S, tuple[Any, Optional[A]]] = {}

    def value(state: S, path: Moves[A]) -> tuple[Any, Optional[A]]:
        if state not in memo:
            search.nodes += 1
            if game.is_terminal(state):
                memo[state] = search.utility(state, path), None
            elif search.role(state) == "MAX":
                memo[state] = max_value(state, path)
            else:
                memo[state] = expected_value(((p, value(game.result(state, a), path + (a,))[0])
                                              for a, p in _replies(search, model, state, path)),
                                             f"node {path_name(path)}"), None
        return memo[state]

    def max_value(state: S, path: Moves[A]) -> tuple[Any, Optional[A]]:
        v, move, first = -INF, None, True
        for a in search.actions(state, path):
            v2 = value(game.result(state, a), path + (a,))[0]
            if first or v2 > v:
                v, move, first = v2, a, False
        return v, move

    def root() -> tuple[Any, Moves]:
        v, move = value(search.root, ())
        return v, () if game.is_terminal(search.root) or search.role(search.root) != "MAX" else (move,)

    return search.run(root)


def policy_value(game: Game[S, A] | Tree, policy: Policy[S, A], model: GameModel[S, A], state: Optional[S] = None) -> Any:
    """Return MAX's expected utility when MAX plays policy(game, state) and the other player moves
    by `model` (each position evaluated once)."""
    callable_value(model, "the model", MODEL_CALL)

    def expected(search: Search[S, A], state: S, path: Moves[A], value: Callable[[S, Moves[A]], Any]) -> Any:
        return expected_value(((p, value(search.game.result(state, a), path + (a,)))
                               for a, p in _replies(search, model, state, path)), f"node {path_name(path)}")

    return _follow_policy(game, policy, expected, state)


def guaranteed_value(game: Game[S, A] | Tree, policy: Policy[S, A], state: Optional[S] = None) -> Any:
    """Return the least utility MAX can get when it plays policy(game, state) and the other player
    may answer anything: MAX's positions follow the policy, the others take their worst child for
    MAX (each position evaluated once). A policy is safe when this equals the minimax value.

    >>> first = lambda game, state: game.actions(state)[0]
    >>> guaranteed_value([[3, 12], [2, 9]], first), guaranteed_value([[2, 9], [3, 12]], first)
    (3, 2)
    """
    def worst(search: Search[S, A], state: S, path: Moves[A], value: Callable[[S, Moves[A]], Any]) -> Any:
        return min(value(search.game.result(state, a), path + (a,)) for a in search.actions(state, path))

    return _follow_policy(game, policy, worst, state)


Opponent = Callable[[Search[S, A], S, Moves[A], Callable[[S, Moves[A]], Any]], Any]
"""opponent(search, state, path, value) values the other player's position from its children's values."""


def _follow_policy(game: Game[S, A] | Tree, policy: Policy[S, A], opponent: Opponent[S, A],
                   state: Optional[S] = None) -> Any:
    """Return MAX's value of `state` when MAX plays `policy` and `opponent` values the other
    player's positions (each position evaluated once); the policy's moves are checked."""
    callable_value(policy, "the policy", "policy(game, state) returning MAX's action")
    search = Search(game, state)
    game, memo = search.game, {}

    def value(state: S, path: Moves[A]) -> Any:
        if state not in memo:
            if game.is_terminal(state):
                memo[state] = search.utility(state, path)
            elif search.role(state) == "MAX":
                legal = search.actions(state, path)  # first: a position with no moves is the game's fault
                action = policy(game, state)
                if action not in legal:
                    raise ValueError(f"node {path_name(path)}: the policy plays {shown(action)} in {shown(state)}, "
                                     "which is not legal there")
                memo[state] = value(game.result(state, action), path + (action,))
            else:
                memo[state] = opponent(search, state, path, value)
        return memo[state]

    return search.run(lambda: (value(search.root, ()), ())).value


def playout_value(game: Game[S, A] | Tree, state: Optional[S] = None) -> Fraction:
    """Return the exact mean utility (MAX's view) of random playouts from `state`: both players
    pick uniformly among their legal moves to the end of the game. It is the number the average
    of many random playouts approaches (each position evaluated once).

    >>> playout_value([1, [2, 3]])      # 1 half the time, else 2 or 3: (1 + 5/2) / 2
    Fraction(7, 4)
    """
    search = Search(game, state)
    game, memo = search.game, {}

    def value(state: S, path: Moves[A]) -> Fraction:
        if state not in memo:
            if game.is_terminal(state):
                utility = search.utility(state, path)
                if utility in (INF, -INF):
                    raise ValueError(f"node {path_name(path)}: the utility is {utility}, and playout_value "
                                     "computes an exact fraction, which an infinite mean does not have")
                memo[state] = Fraction(utility)
            else:
                actions = search.actions(state, path)
                total = sum((value(game.result(state, a), path + (a,)) for a in actions), Fraction(0))
                memo[state] = total / len(actions)
        return memo[state]

    return search.run(lambda: (value(search.root, ()), ())).value
