"""Monte Carlo tree search with UCB1 (UCT), on the same game protocol as the searches.

Instead of backing up exact values, MCTS plays many random games (playouts) to the end and keeps
statistics in a tree it grows one node per playout (AIMA 4th ed., 5.4, Fig. 5.11): SELECT a path
down the tree by UCB1, EXPAND one new child, SIMULATE a random playout from it, and
BACK-PROPAGATE its result along the path. After n playouts it plays the most visited move.
UCB1 (Auer et al. 2002; in trees, UCT: Kocsis and Szepesvari 2006) balances exploitation (a high
mean utility) against exploration (few visits):  U(n)/N(n) + C * sqrt(ln N(parent) / N(n)).
The lessons print the plain version of this search (search.plain.monte_carlo_tree_search), which
grows the same tree for the same seed.
"""

from __future__ import annotations

import functools
import math
import random
from dataclasses import dataclass, field
from typing import Callable, Generic, Literal, Optional, ParamSpec, TypedDict, TypeVar

from ..core.game_types import A, S
from ..core.text import path_name, shown, value_text
from ..core.trace import Moves
from ..core.trees import Tree
from ..core.validation import callable_value, positive_number, whole_number
from ..games.protocol import Game, as_game
from .solve import solve
from .textbook import LONGEST_PLAYOUT, Evaluate, Ordering, Player, PlayoutSearch, SearchResult, alphabeta

MAX_PLAYOUTS = 1_000_000
"""The most playouts uct makes for one move: far beyond what a lesson asks (a few thousand)."""

MAX_GAMES = 10_000
"""The most games uct_match plays."""

P = ParamSpec("P")
R = TypeVar("R")


@dataclass(eq=False)
class Node(Generic[S, A]):
    """A node of the search tree: its state, the moves that lead to it from the root, the moves
    not yet expanded (in the game's order), its children by move, N (visits: playouts through
    it) and U (their total utility for the player who moved into it, `mover`)."""

    state: S
    path: Moves[A]
    untried: list[A]
    mover: object = None
    children: dict[A, Node[S, A]] = field(default_factory=dict)
    visits: int = 0
    total: float = 0.0


@dataclass(frozen=True)
class UCTResult(SearchResult[float, A], Generic[S, A]):
    """A SearchResult of uct: `value` is the mean utility, for MAX, of the playouts through the
    chosen move (an estimate, not a minimax value); `pv` follows the most visited child down the
    tree; `nodes` counts the tree's nodes (the root included) and `leaves` the playouts. `visits`
    and `means` give, for each root move in the game's order, its playouts and their mean utility
    for MAX; `tree` is the root of the search tree as the last playout left it."""

    visits: dict[A, int]
    means: dict[A, float]
    tree: Node[S, A] = field(repr=False, compare=False)


@dataclass(frozen=True)
class UCTStep(Generic[A]):
    """One playout of uct, as its four steps went: SELECT chose a child by UCB1 at each node of
    `selected` (`scores` holds, for each of those nodes, the UCB1 of every child); EXPAND added the
    child `expanded` below the node reached (None when that node ends the game); SIMULATE played the
    random moves `playout` from there, ending with MAX's utility `utility`; BACK-PROPAGATE left the
    nodes of the path with the (visits, total) of `backed_up`, the root first."""

    selected: tuple[Moves, ...]
    scores: tuple[dict[A, float], ...]
    expanded: Optional[A]
    playout: Moves[A]
    utility: float
    backed_up: tuple[tuple[Moves, int, float], ...]


def ucb1(node: Node, parent_visits: int, exploration: float) -> float:
    """Return UCB1 of a visited node: its mean utility for the player who moved into it, plus the
    exploration bonus C * sqrt(ln N(parent) / N(node)).

    >>> round(ucb1(Node(None, (), [], visits=4, total=2.0), parent_visits=16, exploration=math.sqrt(2)), 3)
    1.677
    """
    return node.total / node.visits + exploration * math.sqrt(math.log(parent_visits) / node.visits)


def uct(game: Game[S, A] | Tree, state: Optional[S] = None, *, playouts: int = 1000, seed: int = 0,
        exploration: float = math.sqrt(2), steps: Optional[list[UCTStep[A]]] = None) -> UCTResult[S, A]:
    """Return the move Monte Carlo tree search with UCB1 chooses in `state` after `playouts`
    playouts (AIMA 4th ed., Fig. 5.11): the root move with the most visits (ties: the first in the
    game's order). Playouts choose moves uniformly at random from random.Random(seed), so a seed
    gives the same result every time. For two players whose utilities sum to zero (read for MAX
    and negated for the other); C = `exploration`, sqrt(2) by default: UCB1's constant for rewards
    in [0, 1]. For utilities in [-1, 1], a range twice as wide, UCB1's guarantee needs 2 * sqrt(2);
    the default explores half as much (programs tune C; AIMA 4th ed. section 5.4).
    Given a list `steps`, each playout appends its UCTStep to it (what each of the four steps did).

    >>> from minimax_lab.games.tictactoe import TicTacToe
    >>> game = TicTacToe()
    >>> result = uct(game, game.state("XX.OO...."), playouts=200)      # X wins at 2
    >>> result.move, result.visits[2] > 150, result.leaves
    (2, True, 200)
    """
    if isinstance(playouts, bool) or not isinstance(playouts, int) or playouts < 1:
        raise ValueError(f"playouts must be a whole number >= 1, got {playouts!r}")
    positive_number(exploration, "exploration", zero=True)
    if steps is not None and not isinstance(steps, list):
        raise TypeError(f"steps must be a list for uct to append its steps to, got {steps!r}")
    search = PlayoutSearch(game, state)
    game, me, rng = search.game, search.max_player, random.Random(seed)
    if game.is_terminal(search.root):
        raise ValueError(f"the game is over in {search.root!r}: there is no move to choose")
    root = Node(search.root, (), list(search.actions(search.root, ())))
    search.nodes = 1

    def select(node: Node[S, A], path: list[Node[S, A]], scores: list[dict[A, float]]) -> Node[S, A]:
        while not node.untried and node.children:
            ucb = {move: ucb1(child, node.visits, exploration) for move, child in node.children.items()}
            scores.append(ucb)
            node = node.children[max(ucb, key=ucb.__getitem__)]   # ties: the first in the game's order
            path.append(node)
        return node

    def expand(node: Node[S, A], path: list[Node[S, A]]) -> Node[S, A]:
        move = node.untried.pop(0)
        state, where = game.result(node.state, move), node.path + (move,)
        untried = [] if game.is_terminal(state) else list(search.actions(state, where))
        child = node.children[move] = Node(state, where, untried, mover=game.to_move(node.state))
        search.nodes += 1
        path.append(child)
        return child

    def simulate(node: Node[S, A]) -> tuple[float, Moves[A]]:
        """Return MAX's utility at the end of a random playout from `node`, and the playout's moves."""
        state, moves = node.state, node.path
        while not game.is_terminal(state):
            move = rng.choice(search.actions(state, moves))
            state, moves = game.result(state, move), moves + (move,)
        return search.utility(state, moves), moves[len(node.path):]

    for _ in range(playouts):
        path: list[Node[S, A]] = [root]
        scores: list[dict[A, float]] = []
        leaf = select(root, path, scores)
        selected = tuple(node.path for node in path)
        if leaf.untried:
            leaf = expand(leaf, path)
        utility, playout = simulate(leaf)
        for node in path:  # back-propagate
            node.visits += 1
            if node.mover is not None:
                node.total += utility if node.mover == me else -utility
        if steps is not None:
            steps.append(UCTStep(selected, tuple(scores), leaf.path[-1] if len(path) > len(selected) else None,
                                 playout, utility, tuple((node.path, node.visits, node.total) for node in path)))

    def for_max(node: Node[S, A]) -> float:
        mean = node.total / node.visits
        return mean if node.mover == me else -mean

    best = max(root.children, key=lambda move: root.children[move].visits)
    line: list[A] = []
    node = root
    while node.children:
        move = max(node.children, key=lambda m: node.children[m].visits)
        line.append(move)
        node = node.children[move]
    return UCTResult(for_max(root.children[best]), best, tuple(line), search.nodes, search.leaves,
                     visits={m: child.visits for m, child in root.children.items()},
                     means={m: for_max(child) for m, child in root.children.items()}, tree=root)


def checked_settings(search: Callable[P, R]) -> Callable[P, R]:
    """Return uct with its settings checked before it runs: `playouts` a whole number from 1 to
    MAX_PLAYOUTS and `seed` a whole number (uct's own lines stay the algorithm)."""
    @functools.wraps(search)
    def run(*args: P.args, **kwargs: P.kwargs) -> R:
        check_settings(kwargs.get("playouts", 1), kwargs.get("seed", 0))
        return search(*args, **kwargs)

    return run


def check_settings(playouts: object, seed: object) -> None:
    """Raise ValueError unless `playouts` is a whole number from 1 to MAX_PLAYOUTS and `seed` a
    whole number (what random.Random(seed) replays exactly)."""
    if whole_number(playouts, "playouts", 1) > MAX_PLAYOUTS:
        raise ValueError(f"playouts must be at most MAX_PLAYOUTS = {MAX_PLAYOUTS:,}, got {shown(playouts)}")
    whole_number(seed, "seed")


uct = checked_settings(uct)


def step_text(step: UCTStep[A], number: int) -> str:
    """Return what one playout of uct did, step by step, as text (`number` counts the playouts from 1).

    >>> steps = []
    >>> _ = uct([[1, -1], [0]], playouts=3, steps=steps)
    >>> print(step_text(steps[2], 3))
    playout 3
      select:    root: UCB1 [0] 0.18, [1] 1.18 -> [1]
      expand:    [1][0]
      simulate:  no moves left: MAX's utility 0
      back up:   root N=3; [1] N=2 U=0; [1][0] N=1 U=0
    """
    select = "; ".join(f"{path_name(where)}: UCB1 " + ", ".join(f"{path_name(where + (move,))} {score:.2f}"
                                                                 for move, score in scores.items())
                       + f" -> {path_name(chosen)}"
                       for where, scores, chosen in zip(step.selected, step.scores, step.selected[1:]))
    expanded = path_name(step.backed_up[-1][0]) if step.expanded is not None else "nothing: the game is over here"
    moves = " ".join(str(move) for move in step.playout)
    utility = f"MAX's utility {value_text(step.utility)}"
    playout = f"random moves {moves}, then {utility}" if step.playout else f"no moves left: {utility}"
    backed = "; ".join(f"{path_name(path)} N={visits}" + (f" U={value_text(total)}" if path else "")
                       for path, visits, total in step.backed_up)
    return "\n".join([f"playout {number}",
                      f"  select:    {select or 'root (it has untried moves)'}",
                      f"  expand:    {expanded}",
                      f"  simulate:  {playout}",
                      f"  back up:   {backed}"])


def tree_text(node: Node[S, A], indent: str = "") -> str:
    """Return the search tree below `node` as indented text: each node's path, N (its visits) and
    U (the total utility of its playouts for the player who moved into it).

    >>> print(tree_text(uct([[1, -1], [0]], playouts=3).tree))
    root N=3
      [0] N=1 U=-1
      [1] N=2 U=0
        [1][0] N=1 U=0
    """
    line = f"{indent}{path_name(node.path)} N={node.visits}" + (f" U={value_text(node.total)}" if node.path else "")
    return "\n".join([line, *(tree_text(child, indent + "  ") for child in node.children.values())])


def uct_player(playouts: int = 1000, seed: int = 0) -> Player:
    """Return a player, player(game, state) -> move, that plays uct's move with `playouts`
    playouts, each search seeded from random.Random(seed): a new player replays a game exactly."""
    check_settings(playouts, seed)
    seeds = random.Random(seed)
    return lambda game, state: uct(game, state, playouts=playouts, seed=seeds.randrange(2 ** 32)).best_move


# --- UCT against alpha-beta -------------------------------------------------------------------


def alphabeta_player(depth: Optional[int] = None, evaluate: Optional[Evaluate[S]] = None,
                     order: Optional[Ordering[S, A]] = None) -> Player[S, A]:
    """Return a player that plays the package's alphabeta move (to `depth` with `evaluate`)."""
    return lambda game, state: alphabeta(game, state, depth=depth, evaluate=evaluate, order=order).best_move


class UCTMatch(TypedDict):
    """What uct_match returns: UCT's wins, draws and losses, and each game as (True if UCT moved
    first, the moves, UCT's utility)."""

    wins: int
    draws: int
    losses: int
    games: list[tuple[bool, Moves, float]]


def uct_match(game: Game[S, A], *, playouts: int, games: int = 4, seed: int = 0,
              opponent: Optional[Player[S, A]] = None) -> UCTMatch:
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
    check_settings(playouts, seed)
    whole_number(games, "games", 1, MAX_GAMES)
    opponent = alphabeta_player() if opponent is None else opponent
    callable_value(opponent, "the opponent", "player(game, state) returning a move")
    first = game.to_move(game.initial)
    tally: UCTMatch = {"wins": 0, "draws": 0, "losses": 0, "games": []}
    for i in range(games):
        uct_first = i % 2 == 0
        players = (uct_player(playouts, seed + i), opponent)[:: 1 if uct_first else -1]
        state = game.initial
        moves: list[A] = []
        while not game.is_terminal(state):
            if len(moves) >= LONGEST_PLAYOUT:
                raise ValueError(f"game {i} of uct_match has gone on for {len(moves):,} moves without "
                                 f"ending (it reached {shown(state)}): the game may never end")
            move = players[len(moves) % 2](game, state)
            moves.append(move)
            state = game.result(state, move)
        score = game.utility(state, first) * (1 if uct_first else -1)
        outcome: Literal["wins", "draws", "losses"] = (
            "wins" if score > 0 else "losses" if score < 0 else "draws")
        tally[outcome] += 1
        tally["games"].append((uct_first, tuple(moves), score))
    return tally


def mistakes(game: Game[S, A], uct_first: bool, moves: Moves[A]) -> list[tuple[int, S, A, A]]:
    """Return, for a game of uct_match (UCT's turn order and the moves), each position where UCT's
    move was worse than the best by exact search (solve): (the ply, the position, UCT's move, the
    best move). Each mistake gives away a win or a draw.

    >>> from minimax_lab.games.tictactoe import TicTacToe
    >>> mistakes(TicTacToe(), False, (0, 8, 2, 1, 6, 4, 3))   # UCT, O, answers X's corner 0 at 8
    [(1, TicTacToeState(X........), 8, 4)]
    """
    game = as_game(game)
    if isinstance(moves, (str, bytes)) or not hasattr(moves, "__iter__"):
        raise TypeError(f"moves must be the moves of a game of uct_match, got {shown(moves)}")
    found, state = [], game.initial
    for ply, move in enumerate(moves):
        if (ply % 2 == 0) == uct_first:
            best = solve(game, state)
            after = solve(game, game.result(state, move)).value
            mover_is_max = game.to_move(state) == game.max_player
            if (after < best.value) if mover_is_max else (after > best.value):
                found.append((ply, state, move, best.best_move))
        state = game.result(state, move)
    return found
