"""The order in which make test starts its longest files (tests/conftest.py applies it)."""

HEAVIEST_FIRST = (
    "tests/grading/test_grade_attacks.py",
    "tests/grading/test_grade_isolation.py",
    "tests/grading/test_notebook_check_agrees.py",
    "tests/grading/test_grading.py",
    "tests/grading/test_memorised_answers.py",
    "tests/grading/test_assignments.py",
    "notebooks/solutions/assignment6_maze.ipynb",
    "notebooks/solutions/assignment5_connect_four.ipynb",
    "tests/grading/test_grade_class.py",
    "tests/checks/test_bad_input_checks.py",
    "tests/checks/test_checks_horizon.py",
    "notebooks/12_game_engines.ipynb",
    "tests/search/test_connect_four_engine.py",
    "tests/checks/test_practice.py",
    "notebooks/13_chance.ipynb",
)
"""The files that take longest in `make test` (pytest --durations, summed per file), longest first.
xdist (--dist loadfile --no-loadscope-reorder) hands files out in collection order, one as a worker
frees up: started first, the long files do not leave one worker running alone at the end."""
