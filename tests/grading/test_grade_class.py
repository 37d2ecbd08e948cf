"""Grading a class (minimax_lab/grading/class_grades.py): a small generated class
(scripts/sample_class.py: right, wrong, hanging, cheating, tampering and broken submissions, with
the grade each should get) graded in parallel, and every verdict as intended. The same generator
made the 200-submission class whose timing the README quotes (`make bench-grade`)."""

import importlib.util
from pathlib import Path

import pytest

from minimax_lab.grading import class_grades

pytestmark = pytest.mark.slow  # grades a generated class in sandboxed workers

ROOT = Path(__file__).resolve().parents[2]
SOLUTION = ROOT / "notebooks" / "solutions" / "assignment1_minimax.ipynb"
CALL = 1.0
"""The per-call limit the class is graded with (seconds of CPU time; a cell that sleeps for ever is
stopped after sandbox.WALL_FACTOR times that in wall time)."""
FORCED = ("not JSON", "kernel crash", "rebinds the check", "answer deleted", "patches a game", "cell never ends")


def sample_class():
    spec = importlib.util.spec_from_file_location("sample_class", ROOT / "scripts" / "sample_class.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    """Ten submissions: all right, all unanswered, all cheating, all hanging, then one not JSON,
    one that crashes its worker, one that rebinds a check, one with an answer cell deleted, one that
    patches a game and one whose answer cell never ends."""
    folder = tmp_path_factory.mktemp("class")
    expected = sample_class().make_class(SOLUTION, folder, 4 + len(FORCED), seed=1, forced=FORCED)
    results = class_grades.grade_class(SOLUTION, sorted(folder.glob("student_*.ipynb")), folder / "out",
                                       seed=5, jobs=2, call_timeout=CALL)
    return expected, results, folder / "out"


def test_the_class_covers_every_kind_of_submission(graded):
    expected, _, _ = graded
    events = [expected[s]["_event"][0] for s in sorted(expected)]
    assert events == ["none"] * 4 + list(FORCED)
    intended = [v for s in expected.values() for k, v in s.items() if k != "_event"]
    fragments = {fragment for _, fragment in intended}
    assert {"timed out after", "uses the course's", "Not answered yet", "not graded"} <= fragments


def test_every_verdict_is_what_the_generator_intended(graded):
    expected, results, out = graded
    rows = {row["student"]: row for row in class_grades.read_csv(out / "grades.csv")}
    assert sorted(rows) == sorted(expected) == [g.student for g in results]
    wrong = []
    for result in results:
        for verdict in result.marks:
            passed, fragment = expected[result.student][verdict.exercise]
            if verdict.passed != passed or (fragment is not None and fragment not in verdict.message):
                wrong.append((result.student, verdict.exercise, passed, fragment, verdict.message[:200]))
            assert rows[result.student][verdict.exercise] == ("1" if verdict.passed else "0")
    assert wrong == []
    assert rows["student_000"]["total"] == "4" and rows["student_001"]["total"] == "0"


def test_broken_notebooks_are_reported_and_grading_goes_on(graded):
    expected, results, out = graded
    by_event = {expected[g.student]["_event"][0]: g for g in results}
    assert "not graded: the submission is not a readable notebook: it is not JSON" in by_event["not JSON"].notes[0]
    assert any("was left out: your code ended the worker process" in n for n in by_event["kernel crash"].notes)
    assert any(f"was left out: timed out after {CALL:g} s" in n for n in by_event["cell never ends"].notes)
    assert any("is missing: graded as unanswered" in note for note in by_event["answer deleted"].notes)
    for one in results:
        assert (out / "feedback" / f"{one.student}.txt").read_text(encoding="utf-8").startswith(one.student)
    report = (out / "report.txt").read_text(encoding="utf-8")
    assert report.count(" of 4 points") == len(results)


def test_a_hanging_student_times_out_on_every_check(graded):
    _, results, _ = graded
    hanging = next(g for g in results if g.student == "student_003")
    assert all(f"timed out after {CALL:g} s" in v.message for v in hanging.marks)


def test_the_command_line_explains_its_usage(capsys):
    with pytest.raises(SystemExit) as stopped:
        class_grades.main([str(ROOT / "no-such.ipynb"), "x.ipynb"])
    assert stopped.value.code == 2 and "no solution notebook" in capsys.readouterr().err


def test_the_summary_line_names_the_failed_checks(graded):
    _, results, _ = graded
    lines = [class_grades.summary_line(g) for g in results]
    assert lines[0] == "student_000: 4 points"
    assert lines[1] == "student_001: 0 points; failed minimax_value, minimax_decision, minimax_search, expectimax"
