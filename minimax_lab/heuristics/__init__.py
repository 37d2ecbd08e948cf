"""What a search knows about a game beyond its rules: evaluations of the horizon (generic, tictactoe,
connect_four_evaluation), Connect Four with its evaluation and move ordering (connect_four) and its
bitboards for search (connect_four_bits), and the per-game settings of the play board (boards).

Imports: minimax_lab.core and minimax_lab.games.
"""
