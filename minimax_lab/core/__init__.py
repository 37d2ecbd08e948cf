"""The course's vocabulary, used by every other part: game trees as nested lists (trees), how values
and node names are spelled (text), the events a search reports (trace), and transposition tables
(table).

Imports: the standard library only.
"""
