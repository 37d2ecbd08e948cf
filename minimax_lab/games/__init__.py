"""The games, rules only: the textbook's game protocol and trees (protocol), trees whose players move
in a cycle, as Pac-Man's ghosts do (turns), tic-tac-toe (tictactoe), Connect Four's rules on a
bitboard (connect_four), Nim (nim), and a maze whose chasers hunt MAX, after CS188's Pac-Man (maze,
its chasers' policies and play in maze_policies). Each game declares at the end of its module a
GameEntry (entry): what the rest of the package asks of it, its play-board settings, how it crosses
the grader's pipe, what the grader's kit ships; the registry lists them (registry).

Nothing here searches or evaluates: the grader's sandbox hands a student exactly this subpackage
and minimax_lab.core. Imports: minimax_lab.core.
"""
