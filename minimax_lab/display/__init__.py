"""What a student sees: tree drawings (draw), plots (plots), and the widgets: shared controls
(controls), explorers and steppers (widgets, explorers) and the play board (board).

Imports: minimax_lab.core, games, heuristics, search and analysis.
"""
