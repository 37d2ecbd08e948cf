"""The order in which make test starts its longest files (tests/conftest.py applies it)."""

HEAVIEST_FIRST = (
    "tests/test_types.py",  # mypy: under a second with its cache, 14 s of CPU without (a fresh clone)
    "tests/grading/test_grade_isolation.py",
    "tests/grading/test_grade_attacks.py",
    "tests/grading/test_grading.py",
    "tests/grading/test_notebook_check_agrees.py",
    "tests/grading/test_assignments.py",
    "tests/grading/test_grade_class.py",
    "tests/grading/test_memorised_answers.py",
    "tests/checks/test_bad_input_checks.py",
    "tests/search/test_windows.py",
    "tests/search/test_connect_four_engine.py",
    "tests/checks/test_practice_hint_first.py",
    "tests/grading/test_assignment6.py",
    "tests/checks/test_checks_move_ordering.py",
    "tests/checks/test_checks_horizon.py",
    "tests/checks/test_practice.py",
)
"""The test files that take longest in `make test` (pytest --durations, summed per file), longest
first. xdist (--dist loadfile --no-loadscope-reorder) hands files out in collection order, one as a
worker frees up: these start first, then the notebooks (make test collects notebooks/ before
tests/; the longest take under 30 s), then the rest, so no long file leaves one worker running
alone at the end. A file the student edition leaves out is simply not collected there. mypy's
test comes first: on a fresh clone it has no cache yet, and it was the last file to run, alone."""
