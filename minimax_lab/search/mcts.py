"""Monte Carlo tree search with UCB1 (UCT), on the same game protocol as the searches.

Instead of backing up exact values, MCTS plays many random games (playouts) to the end and keeps
statistics in a tree it grows one node per playout (AIMA 4th ed., 5.4, Fig. 5.11): SELECT a path
down the tree by UCB1, EXPAND one new child, SIMULATE a random playout from it, and
BACK-PROPAGATE its result along the path. After n playouts it plays the most visited move.
UCB1 (Kocsis and Szepesvari 2006) balances exploitation (a high mean utility) against
exploration (few visits):  U(n)/N(n) + C * sqrt(ln N(parent) / N(n)).
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from typing import Any, Callable, Literal, Optional, TypedDict

from ..core.trace import Moves
from ..core.trees import Tree
from ..core.validation import callable_value, positive_number, whole_number
from ..games.protocol import Game, as_game
from .solve import solve
from .textbook import LONGEST_PLAYOUT, Evaluate, Ordering, PlayoutSearch, SearchResult, alphabeta


@dataclass(eq=False)
class Node:
    """A node of the search tree: its state, the moves that lead to it from the root, the moves
    not yet expanded (in the game's order), its children by move, N (visits: playouts through
    it) and U (their total utility for the player who moved into it, `mover`)."""

    state: Any
    path: Moves
    untried: list[Any]
    mover: Any = None
    children: dict[Any, Node] = field(default_factory=dict)
    visits: int = 0
    total: float = 0.0


@dataclass(frozen=True)
class UCTResult(SearchResult[float]):
    """A SearchResult of uct: `value` is the mean utility, for MAX, of the playouts through the
    chosen move (an estimate, not a minimax value); `pv` follows the most visited child down the
    tree; `nodes` counts the tree's nodes and `leaves` the playouts. `visits` and `means` give,
    for each root move in the game's order, its playouts and their mean utility for MAX."""

    visits: dict[Any, int]
    means: dict[Any, float]


def ucb1(node: Node, parent_visits: int, exploration: float) -> float:
    """Return UCB1 of a visited node: its mean utility for the player who moved into it, plus the
    exploration bonus C * sqrt(ln N(parent) / N(node)).

    >>> round(ucb1(Node(None, (), [], visits=4, total=2.0), parent_visits=16, exploration=math.sqrt(2)), 3)
    1.677
    """
    return node.total / node.visits + exploration * math.sqrt(math.log(parent_visits) / node.visits)


def uct(game: Game | Tree, state: Any = None, *, playouts: int = 1000, seed: int = 0,
        exploration: float = math.sqrt(2)) -> UCTResult:
    """Return the move Monte Carlo tree search with UCB1 chooses in `state` after `playouts`
    playouts (AIMA 4th ed., Fig. 5.11): the root move with the most visits (ties: the first in the
    game's order). Playouts choose moves uniformly at random from random.Random(seed), so a seed
    gives the same result every time. For two players whose utilities sum to zero (read for MAX
    and negated for the other); C = `exploration`, sqrt(2) by default, suits utilities in [-1, 1].

    >>> from minimax_lab.games.tictactoe import TicTacToe
    >>> game = TicTacToe()
    >>> result = uct(game, game.state("XX.OO...."), playouts=200)      # X wins at 2
    >>> result.move, result.visits[2] > 150, result.leaves
    (2, True, 200)
    """
    if isinstance(playouts, bool) or not isinstance(playouts, int) or playouts < 1:
        raise ValueError(f"playouts must be a whole number >= 1, got {playouts!r}")
    positive_number(exploration, "exploration", zero=True)
    search = PlayoutSearch(game, state)
    game, me, rng = search.game, search.max_player, random.Random(seed)
    if game.is_terminal(search.root):
        raise ValueError(f"the game is over in {search.root!r}: there is no move to choose")
    root = Node(search.root, (), list(search.actions(search.root, ())))
    search.nodes = 1

    def select(node: Node, path: list[Node]) -> Node:
        while not node.untried and node.children:
            parent = node
            node = max(parent.children.values(), key=lambda child: ucb1(child, parent.visits, exploration))
            path.append(node)
        return node

    def expand(node: Node, path: list[Node]) -> Node:
        move = node.untried.pop(0)
        state, where = game.result(node.state, move), node.path + (move,)
        untried = [] if game.is_terminal(state) else list(search.actions(state, where))
        child = node.children[move] = Node(state, where, untried, mover=game.to_move(node.state))
        search.nodes += 1
        path.append(child)
        return child

    def simulate(node: Node) -> float:
        """Return MAX's utility at the end of a random playout from `node`."""
        state, moves = node.state, node.path
        while not game.is_terminal(state):
            move = rng.choice(search.actions(state, moves))
            state, moves = game.result(state, move), moves + (move,)
        return search.utility(state, moves)

    for _ in range(playouts):
        path = [root]
        leaf = select(root, path)
        if leaf.untried:
            leaf = expand(leaf, path)
        utility = simulate(leaf)
        for node in path:  # back-propagate
            node.visits += 1
            if node.mover is not None:
                node.total += utility if node.mover == me else -utility

    def for_max(node: Node) -> float:
        mean = node.total / node.visits
        return mean if node.mover == me else -mean

    best = max(root.children, key=lambda move: root.children[move].visits)
    line: list[Any] = []
    node = root
    while node.children:
        move = max(node.children, key=lambda m: node.children[m].visits)
        line.append(move)
        node = node.children[move]
    return UCTResult(for_max(root.children[best]), best, tuple(line), search.nodes, search.leaves,
                     visits={m: child.visits for m, child in root.children.items()},
                     means={m: for_max(child) for m, child in root.children.items()})


def uct_player(playouts: int = 1000, seed: int = 0) -> Callable[[Any, Any], Any]:
    """Return a player, player(game, state) -> move, that plays uct's move with `playouts`
    playouts, each search seeded from random.Random(seed): a new player replays a game exactly."""
    seeds = random.Random(seed)
    return lambda game, state: uct(game, state, playouts=playouts, seed=seeds.randrange(2 ** 32)).move


# --- UCT against alpha-beta -------------------------------------------------------------------


def alphabeta_player(depth: Optional[int] = None, evaluate: Optional[Evaluate] = None,
                     order: Optional[Ordering] = None) -> Callable[[Any, Any], Any]:
    """Return a player that plays the package's alphabeta move (to `depth` with `evaluate`)."""
    return lambda game, state: alphabeta(game, state, depth=depth, evaluate=evaluate, order=order).move


class UCTMatch(TypedDict):
    """What uct_match returns: UCT's wins, draws and losses, and each game as (True if UCT moved
    first, the moves, UCT's utility)."""

    wins: int
    draws: int
    losses: int
    games: list[tuple[bool, Moves, float]]


def uct_match(game: Game, *, playouts: int, games: int = 4, seed: int = 0,
              opponent: Optional[Callable[[Any, Any], Any]] = None) -> UCTMatch:
    """Return how uct with `playouts` playouts fares against `opponent` (default: alphabeta to
    the end of the game, a perfect player) in `games` games from the start, UCT moving first in
    the even-numbered ones; game i seeds UCT with seed + i. The result counts UCT's 'wins',
    'draws' and 'losses' (utility > 0, 0, < 0 for UCT: two players whose utilities sum to zero),
    and lists the 'games' as (True if UCT moved first, the moves, UCT's utility).

    >>> from minimax_lab.games.tictactoe import TicTacToe
    >>> match = uct_match(TicTacToe(), playouts=300, games=2)
    >>> match["wins"], match["draws"], match["losses"]
    (0, 2, 0)
    """
    game = as_game(game)
    whole_number(games, "games", 1)
    opponent = alphabeta_player() if opponent is None else opponent
    callable_value(opponent, "the opponent", "player(game, state) returning a move")
    first = game.to_move(game.initial)
    tally: UCTMatch = {"wins": 0, "draws": 0, "losses": 0, "games": []}
    for i in range(games):
        uct_first = i % 2 == 0
        players = (uct_player(playouts, seed + i), opponent)[:: 1 if uct_first else -1]
        state = game.initial
        moves: list[Any] = []
        while not game.is_terminal(state):
            if len(moves) >= LONGEST_PLAYOUT:
                raise ValueError(f"game {i} of uct_match has gone on for {len(moves):,} moves without "
                                 f"ending (it reached {state!r}): the game may never end")
            move = players[len(moves) % 2](game, state)
            moves.append(move)
            state = game.result(state, move)
        score = game.utility(state, first) * (1 if uct_first else -1)
        outcome: Literal["wins", "draws", "losses"] = (
            "wins" if score > 0 else "losses" if score < 0 else "draws")
        tally[outcome] += 1
        tally["games"].append((uct_first, tuple(moves), score))
    return tally


def mistakes(game: Game, uct_first: bool, moves: Moves) -> list[tuple[int, Any, Any, Any]]:
    """Return, for a game of uct_match (UCT's turn order and the moves), each position where UCT's
    move was worse than the best by exact search (solve): (the ply, the position, UCT's move, the
    best move). Each mistake gives away a win or a draw.

    >>> from minimax_lab.games.tictactoe import TicTacToe
    >>> mistakes(TicTacToe(), False, (0, 8, 2, 1, 6, 4, 3))   # UCT, O, answers X's corner 0 at 8
    [(1, TicTacToeState(X........), 8, 4)]
    """
    game = as_game(game)
    found, state = [], game.initial
    for ply, move in enumerate(moves):
        if (ply % 2 == 0) == uct_first:
            best = solve(game, state)
            after = solve(game, game.result(state, move)).value
            mover_is_max = game.to_move(state) == game.max_player
            if (after < best.value) if mover_is_max else (after > best.value):
                found.append((ply, state, move, best.move))
        state = game.result(state, move)
    return found
