"""What a student sees: tree drawings (draw), plots (plots), and the widgets: shared controls
(controls), explorers and steppers (widgets, explorers), the play board (board) and the maze game's
drawing (maze_drawing).

Imports: minimax_lab.core, games, heuristics, search and analysis.
"""
