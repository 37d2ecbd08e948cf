"""The games, rules only: the textbook's game protocol and trees (protocol), trees whose players move
in a cycle, as Pac-Man's ghosts do (turns), tic-tac-toe (tictactoe), Connect Four's rules on a
bitboard (connect_four) and Nim (nim).

Nothing here searches or evaluates: the grader's sandbox hands a student exactly this subpackage
and minimax_lab.core. Imports: minimax_lab.core.
"""
