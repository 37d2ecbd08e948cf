"""What a student sees: tree drawings (draw, and search_tree: the tree a search over several agents
explores), plots (plots), and the widgets: shared controls (controls), explorers and steppers
(widgets, explorers), the play board (board), the maze game's drawing (maze_drawing) and a maze game
played a move at a time (maze_play).

Imports: minimax_lab.core, games, heuristics, search and analysis.
"""
