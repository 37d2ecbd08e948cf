"""Checking answers: the one checking core (core: verdicts, cases, comparison, smallest failing
case), calling a student's function safely (guard), one module of checks per lesson, and the
practice widgets that check an answer as the student gives it (practice).

Imports: every subpackage below it (core, games, heuristics, search, analysis, display).
"""
