"""nbgrader grades from the solutions' metadata (written by `python -m minimax_lab.grading.assignments`):
it makes the student version, autogrades a right and an unanswered submission, and exports the
points. nbgrader is not in the course environment: `make test-browser` installs it (from
requirements-browser.lock) and runs this file with REQUIRE_NBGRADER=1, so CI always runs it;
`make test` leaves it out, and plain `pytest tests/` skips it when nbgrader is missing. `make grade` remains the grader to trust:
nbgrader runs the checks in the student's kernel (README, "With nbgrader or otter")."""

import csv
import importlib.util
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow  # installs and runs nbgrader

ROOT = Path(__file__).resolve().parents[2]
SOLUTION = ROOT / "notebooks" / "solutions" / "assignment4_complexity.ipynb"


def run_nbgrader(course: Path, *args: str) -> subprocess.CompletedProcess[str]:
    command = [str(Path(sys.executable).parent / "nbgrader"), *args]
    bin_ = str(Path(sys.executable).parent)  # nbgrader runs alembic from PATH
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PATH": bin_ + os.pathsep + os.environ.get("PATH", "")}
    run = subprocess.run(command, cwd=course, env=env, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    return run


def test_nbgrader_autogrades_the_assignment_from_its_metadata(tmp_path: Path) -> None:
    if importlib.util.find_spec("nbgrader") is None:
        reason = "nbgrader is not installed: `make test-browser` installs it and runs this check"
        if os.environ.get("REQUIRE_NBGRADER"):
            pytest.fail(reason)
        pytest.skip(reason)
    course = tmp_path / "course"
    (course / "source" / "a4").mkdir(parents=True)
    shutil.copy(SOLUTION, course / "source" / "a4" / SOLUTION.name)
    (course / "nbgrader_config.py").write_text(
        'c = get_config()\nc.CourseDirectory.course_id = "minimax-lab"\nc.ExecutePreprocessor.timeout = 300\n',
        encoding="utf-8")
    run_nbgrader(course, "db", "assignment", "add", "a4")
    for student in ("right", "unanswered"):
        run_nbgrader(course, "db", "student", "add", student)
    run_nbgrader(course, "generate_assignment", "a4", "--force")
    handout = course / "release" / "a4" / SOLUTION.name
    assert "### BEGIN SOLUTION" not in handout.read_text(encoding="utf-8")
    for student, notebook in (("right", SOLUTION), ("unanswered", handout)):
        (course / "submitted" / student / "a4").mkdir(parents=True)
        shutil.copy(notebook, course / "submitted" / student / "a4" / SOLUTION.name)
    run_nbgrader(course, "autograde", "a4")
    run_nbgrader(course, "export")
    with (course / "grades.csv").open(newline="", encoding="utf-8") as file:
        scores = {row["student_id"]: (float(row["score"]), float(row["max_score"])) for row in csv.DictReader(file)}
    assert scores == {"right": (2.0, 2.0), "unanswered": (0.0, 2.0)}
