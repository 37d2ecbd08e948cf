"""Grading a class (minimax_lab/grading/class_grades.py): a small generated class
(scripts/sample_class.py: right, wrong, hanging, cheating, tampering and broken submissions, with
the grade each should get) graded in parallel, and every row of grades.csv as intended.
The same generator made the 200-submission class whose timing the README quotes."""

import importlib.util
import json
from pathlib import Path

import pytest

from minimax_lab.grading import class_grades

ROOT = Path(__file__).resolve().parent.parent
SOLUTION = ROOT / "notebooks" / "solutions" / "assignment1_minimax.ipynb"
FORCED = ("not JSON", "kernel crash", "rebinds the check", "answer deleted")


def sample_class():
    spec = importlib.util.spec_from_file_location("sample_class", ROOT / "scripts" / "sample_class.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    """Eight submissions: all right, all unanswered, all cheating, all hanging, then one not JSON,
    one whose kernel crashes, one that rebinds a check and one with an answer cell deleted."""
    folder = tmp_path_factory.mktemp("class")
    expected = sample_class().make_class(SOLUTION, folder, 8, seed=1, forced=FORCED)
    patch = pytest.MonkeyPatch()
    patch.setenv("MINIMAX_LAB_CALL_TIMEOUT", "2")  # the kernels' per-call limit, to keep this short
    try:
        results = class_grades.grade_class(SOLUTION, sorted(folder.glob("student_*.ipynb")), folder / "out",
                                           jobs=2, cell_timeout=60)
    finally:
        patch.undo()
    return expected, results, folder / "out"


def test_the_class_covers_every_kind_of_submission(graded):
    expected, _, _ = graded
    events = [expected[s]["_event"][0] for s in sorted(expected)]
    assert events == ["none"] * 4 + list(FORCED)
    intended = [v for s in expected.values() for k, v in s.items() if k != "_event"]
    fragments = {fragment for _, fragment in intended}
    assert {"timed out after", "called the package's", "Not answered yet", "not graded", "kernel died",
            "package was changed"} <= fragments


def test_every_row_of_grades_csv_is_what_the_generator_intended(graded):
    expected, results, out = graded
    rows = {row["student"]: row for row in class_grades.read_csv(out / "grades.csv")}
    assert sorted(rows) == sorted(expected) == [g.student for g in results]
    wrong = []
    for student, intended in expected.items():
        for exercise, (passed, fragment) in intended.items():
            if exercise == "_event":
                continue
            cell = rows[student][exercise]
            if (cell == "pass") != passed or (fragment is not None and fragment not in cell):
                wrong.append((student, exercise, passed, fragment, cell[:200]))
    assert wrong == []
    checks = len(expected["student_000"]) - 1  # every check column, "_event" aside
    assert rows["student_000"]["passed"] == f"{checks}/{checks}" and rows["student_001"]["passed"] == f"0/{checks}"


def test_broken_notebooks_are_reported_and_grading_goes_on(graded):
    expected, results, out = graded
    by_event = {expected[g.student]["_event"][0]: g for g in results}
    assert "not a readable notebook (JSONDecodeError" in by_event["not JSON"].notes[0]
    assert any("kernel died" in note for note in by_event["kernel crash"].notes)
    assert any("missing: graded as unanswered" in note for note in by_event["answer deleted"].notes)
    for graded_one in results:
        assert (out / f"{graded_one.student}.txt").read_text(encoding="utf-8").startswith(graded_one.student)
    report = (out / "report.txt").read_text(encoding="utf-8")
    assert report.count("checks passed") == len(results)


def test_a_hanging_student_costs_seconds(graded):
    _, results, _ = graded
    hanging = next(g for g in results if g.student == "student_003")
    assert all("timed out after 2 s" in v.message for v in hanging.verdicts)
    assert hanging.seconds < 60


def test_the_command_line_explains_its_usage(capsys):
    with pytest.raises(SystemExit) as stopped:
        class_grades.main([str(ROOT / "no-such.ipynb"), "x.ipynb"])
    assert stopped.value.code == 2 and "no solution notebook" in capsys.readouterr().err


def test_the_summary_line_names_failed_checks_by_cell(graded):
    _, results, _ = graded
    from minimax_lab import assignments
    solution = assignments.read(SOLUTION)
    lines = [class_grades.summary_line(g, solution) for g in results]
    assert lines[0] == "student_000.ipynb: passed"
    assert lines[1].startswith("student_001.ipynb: FAILED Cell ") and "(minimax_value)" in lines[1]
