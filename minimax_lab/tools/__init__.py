"""Tools for the course's developers and instructors: benchmarks (bench), the nbval plugin
(nbval_plugin) and the student edition (release).

Imports: anything in the package; nothing imports this subpackage.
"""
