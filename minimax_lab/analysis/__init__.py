"""Measuring searches and games: node-count experiments and the theory they are checked against
(experiments), counting a game's nodes and positions (census), players, matches and tournaments
(players), and the Connect Four engine measured against the exact solver: the reference set of
solved positions (connect_four_reference, with its data connect_four_reference.json) and the
figures (engine_figures); maze games played by a searching agent, and their record over seeds
(maze_games).

Imports: minimax_lab.core, games, heuristics and search.
"""
