"""Measuring searches and games: node-count experiments and the theory they are checked against
(experiments), counting a game's nodes and positions (census), and players, matches and
tournaments (players).

Imports: minimax_lab.core, games, heuristics and search.
"""
