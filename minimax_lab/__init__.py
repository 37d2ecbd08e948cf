"""minimax-lab: games, adversarial search, and the drawings and widgets of a course on minimax."""

from .games import Game, TicTacToe, TicTacToeState, TreeGame, UniformTree, as_game
from .search import INF, SearchResult, alphabeta, minimax, negamax
from .trace import Event, Trace
from .trees import count_leaves, random_tree, tree_depth, validate_tree

__all__ = [
    "Game", "TicTacToe", "TicTacToeState", "TreeGame", "UniformTree", "as_game",
    "INF", "SearchResult", "alphabeta", "minimax", "negamax",
    "Event", "Trace",
    "count_leaves", "random_tree", "tree_depth", "validate_tree",
]
