"""Practice widgets: unlimited random cases on which the student answers and is told at once what
was right, what was wrong and where.

- PruningPractice: mark the leaves alpha-beta never examines (trees).
- ValuePractice: fill in the minimax value of every inner node (trees).
- ChancePractice: fill in the expectiminimax value of every inner node of a tree with chance nodes (chance).
- RetrogradePractice: label every position of a small game graph, as retrograde analysis does (retrograde).
- MCTSPractice: choose the child UCB1 selects in an MCTS tree, then back up the playout (mcts).

Each keeps its state in Python (the case, the true answer, `.answer(...)` returning the verdict
text, which starts with "Correct" exactly when the answer is right); `.widget` is what a lesson
displays, and its Check and New tree buttons call `.check()` and `.new_tree()`. The last three
teach before they tell (Practice.hint_first): a first wrong answer gets a hint naming the node or
position and the rule, the second the answer, and Show answer shows it at once.
"""

from .base import Practice
from .chance import ChancePractice
from .mcts import MCTSPractice
from .retrograde import RetrogradePractice
from .trees import MAX_VALUE_NODES, PruningPractice, ValuePractice

__all__ = ["MAX_VALUE_NODES", "ChancePractice", "MCTSPractice", "Practice", "PruningPractice",
           "RetrogradePractice", "ValuePractice"]
