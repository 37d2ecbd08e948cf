"""minimax-lab: games, adversarial search, and the drawings and widgets of a course on minimax."""

from .analysis.players import engine, greedy_player, match, play, random_player, tournament
from .core.table import EXACT, LOWER, UPPER, NaiveTable, TranspositionTable
from .core.trace import Event, Trace
from .core.trees import count_leaves, random_tree, tree_depth, validate_tree
from .games.nim import Nim, NimState, bouton_moves, bouton_wins, nim_sum
from .games.protocol import Game, TreeGame, UniformTree, as_game
from .games.tictactoe import TicTacToe, TicTacToeState
from .heuristics.connect_four import ConnectFour, ConnectFourState
from .search.beyond import Chance, expectiminimax, maxn, model_opponent
from .search.ordering import (
                              ByEvaluation,
                              Combined,
                              History,
                              Killers,
                              PVFirst,
                              RandomOrder,
                              as_given,
                              best_first,
                              exact_values,
                              iterative_deepening,
                              wins_first,
                              worst_first,
)
from .search.solve import solve, solve_order
from .search.textbook import INF, SearchResult, alphabeta, minimax, negamax

__all__ = [
    "Chance", "expectiminimax", "maxn", "model_opponent",
    "ConnectFour", "ConnectFourState",
    "Nim", "NimState", "bouton_moves", "bouton_wins", "nim_sum",
    "Game", "TicTacToe", "TicTacToeState", "TreeGame", "UniformTree", "as_game",
    "engine", "greedy_player", "match", "play", "random_player", "tournament",
    "INF", "SearchResult", "alphabeta", "minimax", "negamax",
    "ByEvaluation", "Combined", "History", "Killers", "PVFirst", "RandomOrder", "as_given",
    "best_first", "exact_values", "iterative_deepening", "wins_first", "worst_first",
    "solve", "solve_order",
    "EXACT", "LOWER", "UPPER", "NaiveTable", "TranspositionTable",
    "Event", "Trace",
    "count_leaves", "random_tree", "tree_depth", "validate_tree",
]
