"""The tree a depth-limited search over several agents explores, as a nested-list tree the course's
drawing shows (draw): one level per agent's move, MAX's first, then each other agent's in turn
(the maze's chasers), `depth` rounds of them as search.agents counts depth; leaves hold MAX's
value, a finished game's utility or the evaluation at the horizon; each edge is named by its move.

>>> from minimax_lab.games.maze import MazeGame
>>> tree, names = search_tree(MazeGame("tiny"), depth=1, evaluate=lambda state: state.score)
>>> tree.tree, names[(1,)], names[(1, 0)]
([[-1, -1], [9, -491], [-1, -1]], 'East', 'South')
"""

from __future__ import annotations

from typing import Optional

from ..core.game_types import A, S
from ..core.text import shown
from ..core.trees import Path, Tree
from ..core.validation import callable_value, whole_number
from ..games.protocol import Game, as_game, start_state
from ..games.turns import TurnTree
from ..search.agents import agents_per_round
from ..search.textbook import Evaluate
from .draw import MAX_DRAW_NODES, Drawing, draw

MAX = "MAX"
"""What a TurnTree calls the player whose value the leaves hold."""


def search_tree(game: Game[S, A], state: Optional[S] = None, *, depth: int,
                evaluate: Evaluate) -> tuple[TurnTree, dict[Path, str]]:
    """Return the tree a search `depth` rounds deep explores from `state` (default: the start), as a
    TurnTree whose players move in the game's turn order (MAX renamed "MAX"), and the name of the
    move on each edge, by the path of the child it leads to. A tree of more than MAX_DRAW_NODES
    nodes, more than a drawing shows legibly, is refused."""
    game = as_game(game)
    whole_number(depth, "depth (in rounds: MAX's move and every other agent's)", 1)
    callable_value(evaluate, "evaluate", "evaluate(state) returning a number")
    state = start_state(game, state)
    plies = depth * agents_per_round(game)
    names: dict[Path, str] = {}
    count = [0]

    def grow(state: S, path: Path) -> Tree:
        count[0] += 1
        if count[0] > MAX_DRAW_NODES:
            raise ValueError(f"a search {depth} round{'s' * (depth != 1)} deep from this position explores more "
                             f"than {MAX_DRAW_NODES} nodes, more than a drawing shows legibly: draw a smaller "
                             "depth or a smaller maze")
        if game.is_terminal(state):
            return game.utility(state, game.max_player)
        if len(path) >= plies:
            return evaluate(state)
        children = []
        for i, action in enumerate(game.actions(state)):
            names[path + (i,)] = str(action)
            children.append(grow(game.result(state, action), path + (i,)))
        return children

    tree = grow(state, ())
    if not isinstance(tree, list):
        raise ValueError(f"the game is over in {shown(state, 200)}: there is no search to draw")
    return TurnTree(tree, turns=_turns(game, state)), names


def _turns(game: Game[S, A], state: S) -> tuple[str, ...]:
    """Return the players in the order they move from `state`, MAX named "MAX"."""
    agents = list(getattr(game, "agents", (game.max_player, "MIN")))
    first = game.to_move(state)
    order = agents[agents.index(first):] + agents[:agents.index(first)] if first in agents else agents
    return tuple(MAX if agent == game.max_player else str(agent) for agent in order)


def draw_search_tree(game: Game[S, A], state: Optional[S] = None, *, depth: int, evaluate: Evaluate) -> Drawing:
    """Return the drawing of search_tree's tree searched by minimax (MAX an up-triangle, every
    other agent a down-triangle, the chosen line bold), its edges named by their moves."""
    tree, names = search_tree(game, state, depth=depth, evaluate=evaluate)
    return draw(tree, "minimax", edge_labels=names)
