"""Checking answers: the one checking core (core: verdicts, cases, comparison, smallest failing
case), one module of checks per lesson, and the practice widgets that check an answer as the
student gives it (practice). A student's function is called through `running` (its guard).

Imports: every subpackage below it (core, games, heuristics, search, analysis, display, running).
"""
