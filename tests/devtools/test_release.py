"""The student edition (devtools/release.py, `make release DEST=...`): lessons, handouts,
package, tests and set-up; no solution notebook, no solution text, and a test-suite that collects."""

import json
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from devtools import release

pytestmark = pytest.mark.slow  # writes the student edition and collects its tests

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def edition(tmp_path_factory) -> Path:
    dest = tmp_path_factory.mktemp("release") / "minimax-lab-student"
    release.release(dest)
    return dest


def files_of(folder: Path) -> set[str]:
    return {str(p.relative_to(folder)) for p in folder.rglob("*") if p.is_file() and ".git" not in p.parts}


def test_the_edition_has_the_course_and_not_the_solutions(edition):
    files = files_of(edition)
    assert not [f for f in files if f.startswith("notebooks/solutions")]
    for needed in ("Makefile", "README.md", "environment.yml", "postBuild", "pyproject.toml", "requirements.lock",
                   "scripts/setup.sh", "minimax_lab/search/textbook.py", "minimax_lab/running/guard/call.py",
                   "notebooks/00_start_here.ipynb", "notebooks/assignments/assignment1_minimax.ipynb",
                   "tests/search/test_search.py", ".ci/run",
                   "devtools/nbval_plugin.py", "devtools/layers.py"):  # the edition's make test loads and tests them
        assert needed in files, needed
    for instructor_only in ("tests/grading/test_grading.py", "tests/grading/test_assignments.py",
                            "tests/devtools/test_release.py", "tests/grading/test_grade_class.py",
                            "tests/running/test_guard.py", "scripts/sample_class.py"):
        assert instructor_only not in files
    assert files == set(release.edition_files())
    assert (edition / "README.md").read_text(encoding="utf-8").startswith("> **Student edition.**")
    assert not [f for f in files if f.startswith("tests/") and release.reads_solutions(edition / f, edition)]
    # a test module that imports a left-out one is left out too, else the edition's tests fail to collect
    shipped_tests = {f for f in files if f.startswith("tests/") and f.endswith(".py")}
    for test in shipped_tests:
        for module in release.test_imports(edition / test):
            assert (Path(test).parent / f"{module}.py").as_posix() in shipped_tests, (test, module)
    assert "tests/grading/test_notebook_check_agrees.py" not in files  # imports test_grade_attacks


def test_no_line_of_any_solution_region_is_in_the_edition(edition):
    regions = release.solution_notebook_regions()
    assert len(regions) >= 10 and all(regions)
    assert release.leaked_lines(edition, regions, release.course_code_lines()) == []
    # the lines excused as the course's own code are few and generic (such as `return value`)
    lines = {line for region in regions for line in region}
    checked = {line for line in lines if len(line) >= release.MIN_LINE} - release.course_code_lines()
    assert len(checked) > 0.6 * len(lines), (len(checked), len(lines))


def test_a_planted_solution_is_found(edition, tmp_path):
    region = next(r for r in release.solution_notebook_regions() if len(r) > 3)
    handout = edition / "notebooks" / "assignments" / "assignment1_minimax.ipynb"
    notebook = json.loads(handout.read_text(encoding="utf-8"))
    planted = tmp_path / "planted"
    (planted / "notebooks").mkdir(parents=True)
    notebook["cells"][0]["source"] = "\n".join(region)
    (planted / "notebooks" / "copy.ipynb").write_text(json.dumps(notebook), encoding="utf-8")
    (planted / "notebooks" / "marked.ipynb").write_text(json.dumps({"cells": [{"source": "### BEGIN SOLUTION"}]}),
                                                        encoding="utf-8")
    leaks = release.leaked_lines(planted, [region], release.course_code_lines())
    assert any(leak.startswith("notebooks/copy.ipynb: ") for leak in leaks)
    assert "notebooks/marked.ipynb: a solution marker" in leaks


def test_the_edition_is_a_git_repository_ready_to_push(edition):
    log = subprocess.run(["git", "log", "--oneline"], cwd=edition, capture_output=True, text=True, check=True)
    assert log.stdout.count("\n") == 1
    status = subprocess.run(["git", "status", "--porcelain"], cwd=edition, capture_output=True, text=True)
    assert status.stdout == ""


def test_the_edition_refuses_a_folder_in_use(edition, tmp_path):
    with pytest.raises(ValueError, match="not empty"):
        release.release(edition)
    with pytest.raises(ValueError, match="inside this repository"):
        release.release(ROOT / "build" / "edition-inside")


def test_the_editions_make_test_collects_everything(edition):
    """`make test` in the edition collects its tests and notebooks without an error (running them
    all is what the README reports doing once)."""
    makefile = (edition / "Makefile").read_text(encoding="utf-8")
    nbval = re.search(r"^NBVAL_ARGS\s*:=\s*((?:.*\\\n)*.*)$", makefile, re.MULTILINE).group(1)
    args = shlex.split(nbval.replace("\\\n", " "))
    env = {**os.environ, "PYTHONPATH": str(edition)}
    # --assert=plain: collecting runs no assertion, so pytest need not rewrite every test module
    run = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider",
                          "--assert=plain", "tests/", "notebooks/", *args],
                         cwd=edition, env=env, capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    assert "error" not in run.stdout.lower().split("\n")[-2]
    assert "notebooks/00_start_here.ipynb" in run.stdout and "tests/search/test_search.py" in run.stdout
    assert "notebooks/solutions" not in run.stdout


def git(folder: Path, *args: str) -> None:
    subprocess.run(["git", "-c", "user.name=test", "-c", "user.email=test@example.invalid", *args],
                   cwd=folder, check=True, capture_output=True)


def test_only_tracked_files_go_out(tmp_path):
    """An untracked stray (a folder of submissions, a build folder), ignored or not, never goes into
    the edition; a committed file and one staged with `git add` do."""
    repo, dest = tmp_path / "course", tmp_path / "edition"
    for relative in ("README.md", "minimax_lab/core.py", ".gitignore"):
        (repo / relative).parent.mkdir(parents=True, exist_ok=True)
        (repo / relative).write_text("build/\n" if relative == ".gitignore" else f"# {relative}\n", encoding="utf-8")
    git(repo, "init", "-q")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "course")
    (repo / "minimax_lab" / "staged.py").write_text("# staged\n", encoding="utf-8")
    git(repo, "add", "minimax_lab/staged.py")
    for stray in ("notebooks/submissions/alice.ipynb", "build/graded/grades.csv", "minimax_lab/untracked.py"):
        (repo / stray).parent.mkdir(parents=True, exist_ok=True)
        (repo / stray).write_text("{}\n", encoding="utf-8")
    expected = [".gitignore", "README.md", "minimax_lab/core.py", "minimax_lab/staged.py"]
    assert release.tracked_files(repo) == expected
    assert release.release(dest, repo, commit=False) == expected
    assert files_of(dest) == set(expected)
    assert not (dest / "notebooks").exists() and not (dest / "build").exists()
