"""minimax_lab.assignments and the notebooks: solutions pass nbval, handouts fail it, a handout with
the solutions pasted back passes, collected submissions are graded against the reference outputs,
and generation is deterministic."""

import copy
import os
import re
import shlex
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from minimax_lab import assignments
from minimax_lab.assignments import BEGIN, END, STUB, is_answer_cell, notebook_text, read, strip_solutions

ROOT = Path(__file__).resolve().parents[1]
SOLUTIONS = ROOT / "notebooks" / "solutions"
HANDOUTS = ROOT / "notebooks" / "assignments"
NAMES = sorted(path.name for path in SOLUTIONS.glob("*.ipynb"))


# --- stripping solution regions ---------------------------------------------------------------

def test_a_region_becomes_the_hint_and_a_stub():
    source = ("import math\n\ndef f(x):\n    \"\"\"Return x.\"\"\"\n    ### BEGIN SOLUTION\n"
              "    ### Hint: give x back.\n    ### It is that simple.\n    y = x\n    return y\n"
              "    ### END SOLUTION\n\nf(1)")
    assert strip_solutions(source) == (
        "import math\n\ndef f(x):\n    \"\"\"Return x.\"\"\"\n    # YOUR CODE HERE\n"
        "    # Hint: give x back.\n    # It is that simple.\n"
        "    raise NotImplementedError(\"f is not written yet\")\n\nf(1)")


def test_regions_at_any_depth_and_without_a_hint():
    source = (f"{BEGIN}\nX = 1\n{END}\nclass A:\n    def g(self):\n        {BEGIN} Hint: one.\n"
              f"        return 1\n        {END}")
    assert strip_solutions(source) == (
        f"{STUB}\nraise NotImplementedError(\"this answer is not written yet\")\nclass A:\n"
        f"    def g(self):\n        {STUB}\n        # Hint: one.\n"
        "        raise NotImplementedError(\"g is not written yet\")")


@pytest.mark.parametrize("source, problem", [
    (f"{BEGIN}\nx = 1", "without an"),
    (f"x = 1\n{END}", "without a"),
    (f"{BEGIN}\n{BEGIN}\n{END}\n{END}", "inside another"),
])
def test_unbalanced_markers_are_refused(source, problem):
    with pytest.raises(ValueError, match=problem):
        strip_solutions(source, where="test")


def test_a_notebook_without_regions_is_refused():
    notebook = read(SOLUTIONS / NAMES[0])
    for cell in notebook.cells:
        cell.source = cell.source.replace(BEGIN, "# begin").replace(END, "# end")
    with pytest.raises(ValueError, match="nothing for the student to do"):
        assignments.student_notebook(notebook)


# --- the handouts ---------------------------------------------------------------------------

@pytest.mark.parametrize("name", NAMES)
def test_a_handout_is_its_solution_with_the_answers_stubbed(name):
    solution, handout = read(SOLUTIONS / name), read(HANDOUTS / name)
    assert handout.metadata == solution.metadata and len(handout.cells) == len(solution.cells)
    stubs = 0
    for theirs, ours in zip(solution.cells, handout.cells):
        if is_answer_cell(theirs):
            assert ours.source == strip_solutions(theirs.source)
            assert {k: v for k, v in ours.items() if k != "source"} == \
                   {k: v for k, v in theirs.items() if k != "source"}
            stubs += ours.source.count("raise NotImplementedError(")
        elif assignments.check_name(theirs):  # what the check says unanswered, never the success line
            assert ours.source == theirs.source and ours.outputs != theirs.outputs
            assert [o.get("text", "")[:17] for o in ours.outputs] == ["Not answered yet:"]
        elif assignments.ignores_output(theirs) or assignments.is_try_cell(theirs, assignments.answer_names(solution)):
            assert ours.source == theirs.source and ours.outputs == [] and ours.execution_count is None
        else:
            assert ours == theirs  # prose, code, their stored outputs: all as they are
    text = (HANDOUTS / name).read_text(encoding="utf-8")
    assert stubs >= 1 and BEGIN not in text and END not in text


def test_generation_is_deterministic_and_matches_the_stored_handouts(tmp_path):
    """Generation runs each handout in a kernel (the checks' unanswered output), so this runs it
    twice, not more: once to compare with the stored handouts, once for --check on a stale copy."""
    first = tmp_path / "first"
    assert [p.name for p in assignments.generate(SOLUTIONS, first)] == NAMES
    for name in NAMES:
        assert (first / name).read_bytes() == (HANDOUTS / name).read_bytes()
    (first / NAMES[0]).write_text("{}", encoding="utf-8")
    assert assignments.main(["--solutions", str(SOLUTIONS), "--out", str(first), "--check"]) == 1


# --- nbval: solutions and completed handouts pass; handouts fail -----------------------------

def makefile_nbval_args() -> list[str]:
    """Return the Makefile's NBVAL_ARGS, paths made absolute, without its --ignore of the handouts."""
    text = (ROOT / "Makefile").read_text(encoding="utf-8")
    match = re.search(r"^NBVAL_ARGS\s*:=\s*((?:.*\\\n)*.*)$", text, re.MULTILINE)
    assert match, "the Makefile defines NBVAL_ARGS"
    words = shlex.split(match.group(1).replace("\\\n", " "))
    assert "--ignore" in words and words[words.index("--ignore") + 1] == "notebooks/assignments"
    i = words.index("--ignore")
    words = words[:i] + words[i + 2:]
    return [str(ROOT / w) if (ROOT / w).is_file() else w for w in words]


def test_make_test_runs_the_solutions_but_not_the_handouts():
    args = makefile_nbval_args()
    assert "--nbval" in args and "--nbval-sanitize-with" in args
    text = (ROOT / "Makefile").read_text(encoding="utf-8")
    assert re.search(r"^assignments:.*\n(\t.*\n)*\t.*-m minimax_lab\.assignments", text, re.MULTILINE)


def start_nbval(folder: Path) -> subprocess.Popen:
    """Start nbval, with the Makefile's flags, on every notebook in `folder`."""
    return subprocess.Popen(
        [sys.executable, "-m", "pytest", "-p", "minimax_lab.nbval_plugin", *makefile_nbval_args(),
         "-p", "no:cacheprovider", "-q",
         "--tb=short", f"--rootdir={folder}", f"--junitxml={folder.parent / (folder.name + '.xml')}",
         str(folder)],
        cwd=folder, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)


def finish_nbval(folder: Path, run: subprocess.Popen) -> tuple[int, str, dict[str, dict[int, str]]]:
    """Wait for a start_nbval run; return its exit code, its output and, by notebook file name, the
    failure text of each failed cell by its number (nbval numbers the code cells from 0)."""
    output, _ = run.communicate(timeout=600)
    failed: dict[str, dict[int, str]] = {}
    for case in ET.parse(folder.parent / f"{folder.name}.xml").iter("testcase"):
        problem = case.find("failure")
        if problem is None:
            problem = case.find("error")
        if problem is not None:
            number = int(case.get("name", "").removeprefix("Cell "))
            failed.setdefault(case.get("classname", ""), {})[number] = problem.text or ""
    return run.returncode, output, failed


def regions(source: str) -> list[str]:
    """Return the code of each solution region of a cell, without the markers and the hint."""
    return ["\n".join(region) for region in assignments.solution_regions(source)]


def pasted_back(name: str) -> dict:
    """Return the handout with each stub's raise replaced by the solution's code, as a student who
    got everything right would leave it (the YOUR CODE HERE and hint comments stay)."""
    handout, solution = read(HANDOUTS / name), read(SOLUTIONS / name)
    answers = {cell.id: regions(cell.source) for cell in solution.cells if is_answer_cell(cell)}
    for cell in handout.cells:
        if cell.get("id") in answers:
            codes = iter(answers[cell.id])
            cell.source = "\n".join(next(codes) if line.strip().startswith("raise NotImplementedError(")
                                    else line for line in cell.source.split("\n"))
    return handout


def without_checks(notebook: dict) -> dict:
    """Return a copy of a notebook with its check cells deleted, as a student might."""
    tampered = copy.deepcopy(notebook)
    tampered.cells = [c for c in tampered.cells if "grading.check_" not in c.source]
    return tampered


def write(notebook: dict, path: Path) -> Path:
    path.write_text(notebook_text(notebook), encoding="utf-8")
    return path


def check_cells(notebook: dict) -> list[int]:
    """Return the numbers (among code cells, as nbval counts them) of the check cells."""
    code = [c for c in notebook.cells if c.cell_type == "code"]
    return [i for i, c in enumerate(code) if "grading.check_" in c.source]


@pytest.fixture(scope="module")
def nbval_runs(tmp_path_factory) -> dict:
    """Run nbval on two folders at once (each notebook starts a kernel, so this halves the wait):
    'passing' holds the solutions, the handouts with the solutions pasted back and two collected
    submissions; 'failing' the handouts as handed out and a collected submission left unanswered.
    Return, by folder, the run's result and the check cells expected to fail."""
    base = tmp_path_factory.mktemp("nbval")
    passing, failing, submitted = base / "passing", base / "failing", base / "submitted"
    for folder in (passing, failing, submitted):
        folder.mkdir()
    must_fail = {}
    for name in NAMES:
        shutil.copy(SOLUTIONS / name, passing / f"solution_{name}")
        write(pasted_back(name), passing / f"pasted_{name}")
        shutil.copy(HANDOUTS / name, failing / f"handout_{name}")
        must_fail[f"handout_{name}"] = check_cells(read(HANDOUTS / name))
    # Collected submissions whose check cells the student deleted: collect restores them.
    for name in NAMES[:2]:
        student = write(without_checks(pasted_back(name)), submitted / f"collected_{name}")
        assignments.collect(SOLUTIONS / name, [student], passing)
    name = NAMES[1]
    student = write(without_checks(read(HANDOUTS / name)), submitted / f"unanswered_{name}")
    assignments.collect(SOLUTIONS / name, [student], failing)
    must_fail[f"unanswered_{name}"] = check_cells(read(SOLUTIONS / name))
    runs = {folder: start_nbval(folder) for folder in (passing, failing)}
    return {"passing": (finish_nbval(passing, runs[passing]), len(list(passing.glob("*.ipynb")))),
            "failing": (finish_nbval(failing, runs[failing]), must_fail)}


def test_solutions_and_completed_handouts_pass_nbval(nbval_runs):
    """The solutions and the collected submissions pass; a completed handout differs from its
    stored outputs exactly at the check cells, which print the success line where the handout
    stores "Not answered yet"."""
    (code, output, failed), notebooks = nbval_runs["passing"]
    assert notebooks == 2 * len(NAMES) + 2
    assert {n for n in failed} == {f"pasted_{name}" for name in NAMES}, output[-3000:]
    for notebook, cells in failed.items():
        assert set(cells) == set(check_cells(read(HANDOUTS / notebook.removeprefix("pasted_"))))
        assert all("Not answered yet" in text for text in cells.values())


def test_handouts_fail_nbval_at_every_check(nbval_runs):
    """A handout's check cells print, unanswered, what they store ("Not answered yet"); a collected
    unanswered submission fails every check against the solution's success lines."""
    (code, output, failed), must_fail = nbval_runs["failing"]
    assert code == 1, output[-3000:]
    for notebook, checks in must_fail.items():
        assert checks, notebook
        for cell in checks:
            if notebook.startswith("handout_"):
                assert cell not in failed.get(notebook, {}), (notebook, cell)
            else:
                assert "Not answered yet" in failed.get(notebook, {}).get(cell, ""), (notebook, cell)


def test_collect_keeps_answers_and_restores_everything_else(tmp_path):
    name = NAMES[0]
    solution = read(SOLUTIONS / name)
    student = without_checks(pasted_back(name))
    for cell in student.cells:
        if cell.cell_type == "markdown":
            cell.source = "(deleted)"
    answers = {c.id: c.source for c in student.cells if "YOUR CODE HERE" in c.source}
    first_answer = next(c for c in student.cells if c.id in answers)
    first_answer.id = "renamed-by-an-editor"  # still found, by its first line
    [merged_path] = assignments.collect(SOLUTIONS / name, [write(student, tmp_path / "s.ipynb")],
                                        tmp_path / "out")
    merged = read(merged_path)
    for ours, theirs in zip(merged.cells, solution.cells):
        if is_answer_cell(theirs):
            assert ours.source == answers[theirs.id]
            assert ours.outputs == [] and ours.execution_count is None
        else:
            assert ours == theirs
    with pytest.raises(ValueError, match="another directory"):
        assignments.collect(SOLUTIONS / name, [merged_path], merged_path.parent)


def test_collect_from_the_command_line(tmp_path, capsys):
    name = NAMES[2]
    student = write(read(HANDOUTS / name), tmp_path / "bob.ipynb")
    out = tmp_path / "graded"
    assert assignments.main(["collect", str(SOLUTIONS / name), str(student), "--out", str(out)]) == 0
    assert capsys.readouterr().out == f"wrote {out / 'bob.ipynb'}\n"
    merged = read(out / "bob.ipynb")
    assert [c.source for c in merged.cells if "YOUR CODE HERE" in c.source] == \
           [c.source for c in read(HANDOUTS / name).cells if "YOUR CODE HERE" in c.source]


def test_summary_names_each_notebooks_failed_cells(tmp_path):
    report = tmp_path / "report.xml"
    report.write_text(
        '<testsuites><testsuite name="pytest">'
        '<testcase classname="alice.ipynb" name="Cell 0"/><testcase classname="alice.ipynb" name="Cell 1"/>'
        '<testcase classname="bob.ipynb" name="Cell 0"/>'
        '<testcase classname="bob.ipynb" name="Cell 1"><failure message="x">diff</failure></testcase>'
        '<testcase classname="bob.ipynb" name="Cell 2"><error message="y">boom</error></testcase>'
        '</testsuite></testsuites>', encoding="utf-8")
    assert assignments.summarize(report) == ["alice.ipynb: passed", "bob.ipynb: FAILED Cell 1, Cell 2"]


def test_grade_script_grades_a_folder_with_a_line_per_student(tmp_path):
    name = NAMES[0]
    shutil.copy(SOLUTIONS / name, tmp_path / "alice.ipynb")
    shutil.copy(HANDOUTS / name, tmp_path / "bob.ipynb")
    venv = Path(sys.executable).parent.parent
    run = subprocess.run(["bash", str(ROOT / "scripts" / "grade.sh"), str(SOLUTIONS / name),
                          str(tmp_path / "alice.ipynb"), str(tmp_path / "bob.ipynb")],
                         env={**os.environ, "VENV": str(venv)}, capture_output=True, text=True,
                         timeout=600)
    lines = run.stdout.splitlines()
    assert run.returncode == 1, run.stdout + run.stderr
    assert "alice.ipynb: passed" in lines
    failed = [int(cell) for cell in re.findall(r"Cell (\d+)", next(l for l in lines if l.startswith("bob")))]
    assert set(check_cells(read(HANDOUTS / name))) <= set(failed)  # every check fails, at least


def test_grade_script_explains_its_usage():
    run = subprocess.run(["bash", str(ROOT / "scripts" / "grade.sh")], capture_output=True, text=True)
    assert run.returncode == 2 and "usage: make grade SOLUTION=" in run.stderr
