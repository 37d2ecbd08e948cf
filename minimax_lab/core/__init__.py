"""The course's vocabulary, used by every other part: game trees as nested lists (trees), how values
and node names are spelled (text), the events a search reports (trace), transposition tables
(table), and checking the arguments a caller passes (validation).

Imports: the standard library only.
"""
