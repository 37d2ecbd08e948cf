"""Depth-limited search over MAX and several opponents, in the shape of UC Berkeley CS188's
multi-agent search (the course's reference for assignment 6, on games.maze).

One round is MAX's move and then every other agent's move, one ply each (len(game.agents) plies;
2 for a game without `agents`). `depth` counts rounds, as CS188 does: a state `depth` rounds below
the root, or a finished game, is a leaf, scored by evaluate(state) (a finished game by its
utility for MAX). MAX maximizes; every other agent minimizes (chasers="min") or moves at random
(chasers="chance": uniformly, or by a model's probabilities), which makes it expectimax.

With chasers="min" the search is the textbook's minimax (and agents_alphabeta its alphabeta)
searching depth x agents plies: one implementation of each. With chasers="chance" it is
expectimax over several agents, whose MAX nodes are written here beside its chance nodes.

>>> from minimax_lab.games.maze import MazeGame
>>> game, score = MazeGame("tiny"), lambda state: state.score
>>> agents_search(game, depth=1, evaluate=score)          # East eats a dot, but G1 then catches P
SearchResult(value=-1, move='South', pv=('South', 'South'), nodes=10, leaves=6)
>>> agents_alphabeta(game, depth=1, evaluate=score)
SearchResult(value=-1, move='South', pv=('South', 'South'), nodes=9, leaves=5)
"""

from __future__ import annotations

from typing import Any, Literal, Optional

from ..core.game_types import A, S
from ..core.text import path_name, shown
from ..core.trace import Moves
from ..core.trees import Tree
from ..core.validation import callable_value, whole_number
from ..games.protocol import Game, as_game
from .chance import expected_value
from .opponents import MODEL_CALL, GameModel, _replies, random_mover
from .textbook import INF, Evaluate, Search, SearchResult, alphabeta, minimax

CHASERS = ("min", "chance")
"""How the agents other than MAX move: each minimizes MAX's value, or each moves at random."""


def agents_search(game: Game[S, A] | Tree, state: Optional[S] = None, *, depth: int, evaluate: Evaluate[S],
                  chasers: Literal["min", "chance"] = "min",
                  model: Optional[GameModel[S, A]] = None) -> SearchResult[Any, A]:
    """Return MAX's value of `state` searched `depth` rounds deep, and MAX's first best move.

    Every other agent minimizes (chasers="min": textbook.minimax, depth rounds of plies) or, with
    chasers="chance", averages over its legal
    moves: uniformly, or with the probabilities of model(game, state) -> [(action, p), ...]. With
    chance the pv stops at the first chance node, where the line is no longer anyone's choice.
    """
    if not isinstance(chasers, str) or chasers not in CHASERS:
        raise ValueError(f"chasers must be 'min' (each chaser minimizes) or 'chance' (each moves at random), "
                         f"got {shown(chasers)}")
    if model is not None and chasers != "chance":
        raise ValueError("a model says how the chasers move at random: pass it with chasers='chance'")
    moves = random_mover if model is None else callable_value(model, "model", MODEL_CALL)
    search = rounds_search(game, state, depth, evaluate)
    if chasers == "min":  # every other agent is MIN: the textbook's minimax, depth rounds of plies
        return minimax(search.game, search.root, depth=int(search.horizon), evaluate=evaluate)
    game = search.game

    def value(state: S, path: Moves[A]) -> tuple[Any, Moves]:
        search.nodes += 1
        if game.is_terminal(state) or len(path) >= search.horizon:
            return search.utility(state, path), ()
        return max_value(state, path) if search.role(state) == "MAX" else chance_value(state, path)

    def max_value(state: S, path: Moves[A]) -> tuple[Any, Moves]:
        v, line = -INF, ()
        for a in search.actions(state, path):
            v2, line2 = value(game.result(state, a), path + (a,))
            if not line or v2 > v:
                v, line = v2, (a,) + line2
        return v, line

    def chance_value(state: S, path: Moves[A]) -> tuple[Any, Moves]:
        outcomes = ((p, value(game.result(state, a), path + (a,))[0])
                    for a, p in _replies(search, moves, state, path))
        return expected_value(outcomes, lambda: f"node {path_name(path)}"), ()

    return search.run(lambda: value(search.root, ()))


def agents_alphabeta(game: Game[S, A] | Tree, state: Optional[S] = None, *, depth: int,
                     evaluate: Evaluate[S]) -> SearchResult[float, A]:
    """Return agents_search's value and move with chasers="min", skipping what cannot matter: the
    textbook's alphabeta searching `depth` rounds of plies. α and β pass down through every layer,
    from one chaser's layer to the next's, never reset."""
    search = rounds_search(game, state, depth, evaluate)
    return alphabeta(search.game, search.root, depth=int(search.horizon), evaluate=evaluate)


def rounds_search(game: Game[S, A] | Tree, state: Optional[S], depth: int, evaluate: Evaluate[S]) -> Search[S, A]:
    """Return the bookkeeping of a search `depth` rounds deep: a Search whose horizon is depth
    rounds of agents_per_round(game) plies, its arguments checked."""
    whole_number(depth, "depth (in rounds: MAX's move and every other agent's)", 0)
    callable_value(evaluate, "evaluate", "evaluate(state) returning a number")
    game = as_game(game)
    return Search(game, state, depth=depth * agents_per_round(game), evaluate=evaluate)


def agents_per_round(game: object) -> int:
    """Return how many agents move in one round: len(game.agents), or 2 for a game without agents."""
    agents = getattr(game, "agents", None)
    if agents is None:
        return 2
    if isinstance(agents, (str, bytes)) or not hasattr(agents, "__len__") or len(agents) < 1:
        raise TypeError(f"the game's agents must be a sequence of the players in turn order, got {shown(agents)}")
    return len(agents)
