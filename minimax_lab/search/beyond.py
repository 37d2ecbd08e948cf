"""Beyond two-player minimax, in one place for the lessons: max^n for several players
(maxn.py), expectiminimax for chance (chance.py), and play against a modelled opponent
(opponents.py)."""

from .chance import (
                     PROBABILITY_TOLERANCE,
                     Chance,
                     ChanceTree,
                     check_chance_tree,
                     check_distribution,
                     check_probabilities,
                     expectiminimax,
                     other,
)
from .maxn import Vector, VectorTree, check_vector_tree, coalition, deviations, follow, maxn, strategy_values
from .opponents import (
                     GameModel,
                     Model,
                     greedy_mover,
                     guaranteed_value,
                     model_opponent,
                     model_search,
                     playout_value,
                     policy_value,
                     random_mover,
                     uniform,
)

__all__ = [
    "PROBABILITY_TOLERANCE", "Chance", "ChanceTree", "check_chance_tree", "check_distribution",
    "check_probabilities", "expectiminimax", "other",
    "Vector", "VectorTree", "check_vector_tree", "coalition", "deviations", "follow", "maxn",
    "strategy_values",
    "GameModel", "Model", "greedy_mover", "guaranteed_value", "model_opponent", "model_search",
    "playout_value", "policy_value", "random_mover", "uniform",
]
