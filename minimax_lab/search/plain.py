"""The plain versions of the searches the course teaches: what a lesson prints before it uses a
search, and what a student's exercise mirrors. Each function is at most 15 lines in the shape of
the textbook's pseudocode (AIMA 4th ed. Figs. 5.3, 5.7 and 5.11; UC Berkeley CS188's multi-agent
search), on the game protocol of games.protocol, with no tracing, no argument checks and no
counting. The package's searches (textbook, ties, chance, maxn, agents, windows, mcts, retrograde)
add those, and give the same values, moves and node counts (tests/search/test_plain.py).

A game search returns a pair (value, move): the value for MAX (for the player to move in negamax
and pvs) and the first best move (None at a leaf). On ties every search keeps the first best move.

>>> from minimax_lab.games.protocol import TreeGame
>>> game = TreeGame([[3, 12, 8], [2, 4, 6], [14, 5, 2]])          # AIMA 4th ed. Fig. 5.2
>>> minimax_search(game, ()), alphabeta_search(game, ()), pvs(game, ())
((3, 0), (3, 0), (3, 0))
>>> maxn([[(1, 2, 6), (4, 2, 3)], [(6, 1, 2), (7, 4, 1)]], players=3)
(7, 4, 1)

Imports: the standard library, minimax_lab.core and minimax_lab.games (it runs under Pyodide).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from fractions import Fraction
from math import inf, log, nextafter, sqrt
from typing import Any, Callable, Optional

from ..core.trees import Chance, ChanceTree
from ..games.protocol import Game

ValueAndMove = tuple[float, Any]
"""What a game search returns: a value and the first best move (None where nobody moves)."""

Evaluate = Callable[[Any], float]
"""evaluate(state) guesses MAX's value of a state at the search's horizon."""

Label = tuple[float, int]
"""A position's label in retrograde analysis: its value for the player to move (1 a win, 0 a draw,
-1 a loss) and its distance, the plies to the end of the game with best play."""


# --- minimax (AIMA 4th ed. Fig. 5.3) -------------------------------------------------------------

def minimax_search(game: Game, state: Any) -> ValueAndMove:
    """Return MAX's minimax value of `state` and the best move there for the player to move."""
    if game.to_move(state) == game.max_player:
        return max_value(game, state)
    return min_value(game, state)


def max_value(game: Game, state: Any) -> ValueAndMove:
    """Return MAX's value of `state`, MAX to move, and MAX's best move."""
    if game.is_terminal(state):
        return game.utility(state, game.max_player), None
    v, move = -inf, None
    for a in game.actions(state):
        v2, _ = min_value(game, game.result(state, a))
        if v2 > v:
            v, move = v2, a
    return v, move


def min_value(game: Game, state: Any) -> ValueAndMove:
    """Return MAX's value of `state`, MIN to move, and MIN's best move."""
    if game.is_terminal(state):
        return game.utility(state, game.max_player), None
    v, move = +inf, None
    for a in game.actions(state):
        v2, _ = max_value(game, game.result(state, a))
        if v2 < v:
            v, move = v2, a
    return v, move


# --- negamax: one function for both players, since min(a, b) = -max(-a, -b) ----------------------

def negamax(game: Game, state: Any) -> ValueAndMove:
    """Return the value of `state` for the player to move, and that player's best move."""
    if game.is_terminal(state):
        return game.utility(state, game.to_move(state)), None
    best, move = -inf, None
    for a in game.actions(state):
        v, _ = negamax(game, game.result(state, a))
        if -v > best:
            best, move = -v, a
    return best, move


# --- alpha-beta (AIMA 4th ed. Fig. 5.7): cut on v ≥ β, or with strict=True only on v > β (CS188)

def alphabeta_search(game: Game, state: Any, strict: bool = False) -> ValueAndMove:
    """Return MAX's value of `state` and the best move by alpha-beta; strict: cut on v > β only."""
    if game.to_move(state) == game.max_player:
        return ab_max_value(game, state, -inf, +inf, strict)
    return ab_min_value(game, state, -inf, +inf, strict)


def ab_max_value(game: Game, state: Any, alpha: float, beta: float, strict: bool) -> ValueAndMove:
    """Return MAX's value of `state` (exact inside (alpha, beta), else a bound) and MAX's move."""
    if game.is_terminal(state):
        return game.utility(state, game.max_player), None
    v, move = -inf, None
    for a in game.actions(state):
        v2, _ = ab_min_value(game, game.result(state, a), alpha, beta, strict)
        if v2 > v:
            v, move = v2, a
            alpha = max(alpha, v)
        if v > beta or (v == beta and not strict):  # v ≥ β (v > β if strict): MIN avoids this
            return v, move
    return v, move


def ab_min_value(game: Game, state: Any, alpha: float, beta: float, strict: bool) -> ValueAndMove:
    """Return MAX's value of `state` (exact inside (alpha, beta), else a bound) and MIN's move."""
    if game.is_terminal(state):
        return game.utility(state, game.max_player), None
    v, move = +inf, None
    for a in game.actions(state):
        v2, _ = ab_max_value(game, game.result(state, a), alpha, beta, strict)
        if v2 < v:
            v, move = v2, a
            beta = min(beta, v)
        if v < alpha or (v == alpha and not strict):  # v ≤ α (v < α if strict): MAX avoids this
            return v, move
    return v, move


# --- search with a horizon: H-MINIMAX (AIMA 4th ed. section 5.3) ---------------------------------

def h_minimax(game: Game, state: Any, depth: int, evaluate: Evaluate) -> ValueAndMove:
    """Return MAX's value of `state` and the best move, searching `depth` plies, then `evaluate`."""
    if game.is_terminal(state):
        return game.utility(state, game.max_player), None
    if depth == 0:  # the cutoff test: at the horizon, evaluate guesses MAX's value
        return evaluate(state), None
    choices = [(h_minimax(game, game.result(state, a), depth - 1, evaluate)[0], a)
               for a in game.actions(state)]
    best = max if game.to_move(state) == game.max_player else min
    return best(choices, key=lambda choice: choice[0])


# --- MAX and several MIN agents, depth in rounds (CS188's multi-agent search) --------------------

def agents_minimax(game: Game, state: Any, depth: int, evaluate: Evaluate) -> ValueAndMove:
    """Return MAX's value of `state` and the best move, `depth` rounds deep (MAX, then each MIN)."""
    if game.is_terminal(state):
        return game.utility(state, game.max_player), None
    if depth == 0:
        return evaluate(state), None
    choices = []
    for a in game.actions(state):
        child = game.result(state, a)
        rounds = depth - 1 if game.to_move(child) == game.max_player else depth  # a round ends
        choices.append((agents_minimax(game, child, rounds, evaluate)[0], a))
    best = max if game.to_move(state) == game.max_player else min
    return best(choices, key=lambda choice: choice[0])


# --- chance and several players, on trees (AIMA 4th ed. sections 5.5 and 5.2.2) ------------------

def expectiminimax(node: ChanceTree, player: str = "MAX") -> Any:
    """Return MAX's value of a tree of numbers, lists and Chance nodes, `player` moving first."""
    if isinstance(node, Chance):  # dice; a Chance node standing for a player's move passes the turn
        below = player if node.player is None else ("MIN" if node.player == "MAX" else "MAX")
        return sum(p * expectiminimax(child, below) for p, child in node.outcomes)
    if not isinstance(node, list):
        return node
    values = [expectiminimax(child, "MIN" if player == "MAX" else "MAX") for child in node]
    return max(values) if player == "MAX" else min(values)


def maxn(node: Any, players: int, mover: int = 0) -> tuple[float, ...]:
    """Return the vector max^n backs up to `node`: players 0, 1, ... take turns, each for itself."""
    if isinstance(node, tuple):
        return node
    vectors = [maxn(child, players, (mover + 1) % players) for child in node]
    return max(vectors, key=lambda vector: vector[mover])


# --- principal variation search (NegaScout), in negamax form -------------------------------------

def pvs(game: Game, state: Any, alpha: float = -inf, beta: float = +inf) -> ValueAndMove:
    """Return the value of `state` for the player to move, and the best move, by PVS."""
    if game.is_terminal(state):
        return game.utility(state, game.to_move(state)), None
    best, move = -inf, None
    for i, a in enumerate(game.actions(state)):
        child = game.result(state, a)
        top = beta if i == 0 else nextafter(alpha, inf)  # after the first move: a null window
        v = -pvs(game, child, -top, -alpha)[0]
        if i > 0 and alpha < v < beta:  # it beats alpha: search it again with the window
            v = -pvs(game, child, -beta, -alpha)[0]
        if v > best:
            best, move, alpha = v, a, max(alpha, v)
        if best >= beta:
            return best, move
    return best, move


# --- Monte Carlo tree search with UCB1 (AIMA 4th ed. Fig. 5.11) ----------------------------------

@dataclass(eq=False)
class MCTSNode:
    """A node of the search tree: a state, its parent, who moved into it, its moves and children."""
    state: Any
    parent: Optional[MCTSNode] = None
    mover: object = None
    untried: list[object] = field(default_factory=list)
    children: dict[object, MCTSNode] = field(default_factory=dict)
    N: int = 0       # playouts through this node
    U: float = 0.0   # their total utility for `mover`


def monte_carlo_tree_search(game: Game, state: Any, playouts: int = 1000, seed: int = 0,
                            C: float = sqrt(2)) -> tuple[Any, MCTSNode]:
    """Return the move MCTS plays after `playouts` playouts (the most played one), and its tree."""
    rng = random.Random(seed)
    tree = MCTSNode(state, untried=list(game.actions(state)))
    for _ in range(playouts):
        leaf = select(tree, C)
        child = expand(game, leaf)
        result = simulate(game, child.state, rng)
        back_propagate(game, result, child)
    return max(tree.children, key=lambda move: tree.children[move].N), tree


def select(node: MCTSNode, C: float) -> MCTSNode:
    """Return the node reached by following the child of highest UCB1 while every move was tried."""
    while not node.untried and node.children:
        node = max(node.children.values(), key=lambda child: ucb1(child, node.N, C))
    return node


def ucb1(node: MCTSNode, parent_N: int, C: float) -> float:
    """Return UCB1 of a node: its mean utility for the player who moved into it, plus a bonus."""
    return node.U / node.N + C * sqrt(log(parent_N) / node.N)


def expand(game: Game, node: MCTSNode) -> MCTSNode:
    """Return a new child of `node` for its first untried move (`node` if the game is over)."""
    if not node.untried:
        return node
    move = node.untried.pop(0)
    state = game.result(node.state, move)
    untried = [] if game.is_terminal(state) else list(game.actions(state))
    node.children[move] = MCTSNode(state, node, game.to_move(node.state), untried)
    return node.children[move]


def simulate(game: Game, state: Any, rng: random.Random) -> float:
    """Return MAX's utility at the end of a playout from `state`, every move chosen at random."""
    while not game.is_terminal(state):
        state = game.result(state, rng.choice(list(game.actions(state))))
    return game.utility(state, game.max_player)


def back_propagate(game: Game, result: float, node: Optional[MCTSNode]) -> None:
    """Count a playout that ended with MAX's utility `result` in `node` and every node above it."""
    while node is not None:
        node.N += 1
        node.U += result if node.mover == game.max_player else -result
        node = node.parent


# --- retrograde analysis: label every position, working back from the ends of the game -----------

def retrograde(game: Game, state: Any) -> dict[Any, Label]:
    """Return {position: (value for the player to move, distance)} for positions from `state`."""
    positions = reachable(game, state)
    labels = {p: (game.utility(p, game.to_move(p)), 0) for p in positions if game.is_terminal(p)}
    while len(labels) < len(positions):  # one sweep: label what the labels so far decide
        new = {}
        for p in positions:
            if p not in labels:
                label = backed_up([labels.get(game.result(p, a)) for a in game.actions(p)])
                if label is not None:
                    new[p] = label
        labels.update(new)
    return labels


def backed_up(children: list[Optional[Label]]) -> Optional[Label]:
    """Return a position's (value, distance) from its children's, or None if they cannot tell."""
    labels = [label for label in children if label is not None]
    lost = [distance for value, distance in labels if value == -1]
    if lost:  # a move to a position lost for the opponent: a win, by the quickest such move
        return 1, 1 + min(lost)
    if len(labels) < len(children):  # an unlabelled child may still turn out lost for the opponent
        return None
    best = max(-value for value, _ in labels)  # a draw or a loss: put the end off for longest
    return best, 1 + max(distance for value, distance in labels if -value == best)


def reachable(game: Game, state: Any) -> list[Any]:
    """Return every position reachable from `state`, itself included, in the order found."""
    found, frontier = {state: True}, [state]  # a dict: it keeps the order positions were found in
    while frontier:
        position = frontier.pop()
        if not game.is_terminal(position):
            for a in game.actions(position):
                child = game.result(position, a)
                if child not in found:
                    found[child] = True
                    frontier.append(child)
    return list(found)


# --- imperfect information: belief states, averaging over clairvoyance (AIMA 4th ed. section 5.6) --

def belief_state(game: Any, state: Any, player: Any) -> list[Any]:
    """Return the positions `player` cannot tell from `state`: each deal, played on, that it sees alike."""
    seen = game.observation(state, player)
    positions = (game.replay(deal, state.played) for deal in game.deals())
    return [s for s in positions if s is not None and game.observation(s, player) == seen]


def minimax_value(game: Game, state: Any) -> float:
    """Return MAX's minimax value of `state` (AIMA 4th ed. eq. 5.1), asking at each position who moves."""
    if game.is_terminal(state):
        return game.utility(state, game.max_player)
    values = [minimax_value(game, game.result(state, a)) for a in game.actions(state)]
    return max(values) if game.to_move(state) == game.max_player else min(values)


def averaging_over_clairvoyance(game: Game, states: list[Any]) -> tuple[Fraction, Any]:
    """Return the best average minimax value of an action over `states`, equally likely, and that action."""
    def average(a: Any) -> Fraction:
        return Fraction(sum(minimax_value(game, game.result(s, a)) for s in states)) / len(states)
    best = max(game.actions(states[0]), key=average)
    return average(best), best
