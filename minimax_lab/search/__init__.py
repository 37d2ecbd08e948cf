"""The searches: minimax, negamax and alpha-beta as the lessons print them (textbook), move
orderings (ordering), narrow windows and PVS (windows), the table-driven solver (solve), the
clock-driven engine (engine) and its search on Connect Four's bitboards (connect_four_engine), the
exact Connect Four solver (connect_four_solver), beyond two-player minimax (chance, maxn, opponents,
mcts, beyond), and the one registry of searches that tables, widgets, experiments and benchmarks offer (registry).
Depth-limited search over MAX and several opponents, depth counted in rounds as CS188 counts it (agents).

Imports: minimax_lab.core, minimax_lab.games and minimax_lab.heuristics.
"""
