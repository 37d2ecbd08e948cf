"""Grades an instructor can trust (minimax_lab/grading/class_grades.py, sandbox.py, worker.py): a
class of forged, delegating and interfering submissions for every assignment, each graded 0 on
what it did not earn, beside honest right and honest wrong answers graded as the checks grade them.

A submission here is the solution notebook with its answer cells replaced, so it keeps the
solution's stored outputs, success lines included: the grader must not trust them."""

from __future__ import annotations

import copy
import inspect
import json
import os
import time
from pathlib import Path
from typing import Any, Optional

import pytest

from test_grading import small_tournament

from minimax_lab.core import trees
from minimax_lab.grading import assignment6, assignments, class_grades, runner
from minimax_lab.running import guard, sandbox

pytestmark = pytest.mark.slow  # grades submissions in sandboxed workers

ROOT = Path(__file__).resolve().parents[2]
SOLUTIONS = ROOT / "notebooks" / "solutions"
PACKAGE = ROOT / "minimax_lab"
CALL = 3.0  # the per-call limit these tests grade with (seconds)


def solution(name: str) -> Any:
    return assignments.read(SOLUTIONS / f"{name}.ipynb")


def answer_sources(name: str) -> list[str]:
    return [assignments.cell_source(c) for c in solution(name)["cells"] if assignments.is_answer_cell(c)]


def submit(tmp_path: Path, name: str, answers: dict[int, str], *, student: str = "student",
           edit: Optional[Any] = None) -> Path:
    """Write a submission of assignment `name`: the solution notebook (outputs and all) with answer
    cell i replaced by answers[i] (the others left as the solution has them, unless answers has
    key -1: then every other answer cell is the handout's stub)."""
    notebook = copy.deepcopy(dict(solution(name)))
    stub_rest = answers.get(-1) is not None
    index = 0
    for cell in notebook["cells"]:
        if assignments.is_answer_cell(cell):
            if index in answers:
                cell["source"] = answers[index]
            elif stub_rest:
                cell["source"] = assignments.strip_solutions(assignments.cell_source(cell))
            index += 1
    if edit is not None:
        edit(notebook)
    path = tmp_path / f"{student}.ipynb"
    path.write_text(json.dumps(notebook), encoding="utf-8")
    return path


def grade(path: Path, name: str, seed: int = 7) -> class_grades.Graded:
    return class_grades.grade_submission(SOLUTIONS / f"{name}.ipynb", path, seed=seed, call_timeout=CALL,
                                         check_timeout=60)


def earned(graded: class_grades.Graded) -> dict[str, float]:
    return {v.exercise: v.earned for v in graded.marks}


def messages(graded: class_grades.Graded) -> str:
    return "\n".join(v.message for v in graded.marks) + "\n" + "\n".join(graded.notes)


ALL = ["assignment1_minimax", "assignment2_alphabeta", "assignment3_player", "assignment4_complexity",
       "assignment5_connect_four", "assignment6_maze"]


# --- honest answers ------------------------------------------------------------------------------

def smaller_play(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make assignment 5's tournament 10 of its 40 openings and assignment 6's evaluation 4 of its 10
    games, their bars scaled, the answers still graded as make grade grades them. Their full size is
    played by make test's nbval run of the solutions, whose check cells run the same checks in the
    same sandbox (grading.in_notebook), and by test_the_tournament_bar_is_computed."""
    small_tournament(monkeypatch)
    monkeypatch.setattr(assignment6, "EVALUATION_GAMES", 4)
    monkeypatch.setattr(assignment6, "EVALUATION_WINS", 3)
    guard.accept_changes(monkeypatch)


@pytest.mark.parametrize("name", ALL)
def test_the_solutions_earn_every_point_and_are_not_flagged(tmp_path: Path, name: str,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    smaller_play(monkeypatch)
    graded = grade(submit(tmp_path, name, {}), name)
    assert all(v.passed for v in graded.marks), messages(graded)
    assert graded.notes == []


def test_an_honest_wrong_answer_fails_with_the_checks_own_words(tmp_path: Path) -> None:
    wrong = ("def minimax_value(tree, maximizing=True):\n    if not isinstance(tree, list):\n        return tree\n"
             "    return max(minimax_value(c, not maximizing) for c in tree)\n")
    graded = grade(submit(tmp_path, "assignment1_minimax", {0: wrong}), "assignment1_minimax")
    assert earned(graded)["minimax_value"] == 0
    assert "minimax_value is wrong on" in graded.marks[0].message
    assert "MIN to move at the root" in graded.marks[0].message and "expected:" in graded.marks[0].message


def test_an_unanswered_exercise_earns_nothing_and_says_so(tmp_path: Path) -> None:
    graded = grade(submit(tmp_path, "assignment4_complexity", {-1: "", 0: answer_sources("assignment4_complexity")[0]}),
                   "assignment4_complexity")
    assert earned(graded) == {"best_case_leaves": 1.0, "effective_branching_factor": 0.0}
    assert "Not answered yet" in graded.marks[1].message


# --- forgery -------------------------------------------------------------------------------------

SUCCESS = "print('minimax_value: 206 trees correct, MAX and MIN at the root')\n"

FORGERIES = {
    "rebinds the checks": "from minimax_lab import grading\n"
                          "grading.check_minimax_value = lambda f: print('minimax_value: ok')\n",
    "prints the success line": SUCCESS,
    "a proxy for grading": "import sys, types\nsys.modules['minimax_lab.grading'] = types.SimpleNamespace()\n" + SUCCESS,
    "patches math.isclose": "import math\nmath.isclose = lambda *a, **k: True\n"
                            "def minimax_value(tree, maximizing=True):\n    return 0\n",
    "a number equal to everything": "class Liar(int):\n    def __eq__(self, other):\n        return True\n"
                                    "    __hash__ = int.__hash__\n"
                                    "def minimax_value(tree, maximizing=True):\n    return Liar(0)\n",
    "an object equal to everything": "class Liar:\n    def __eq__(self, other):\n        return True\n"
                                     "def minimax_value(tree, maximizing=True):\n    return Liar()\n",
    "exits early": "import os\nos._exit(0)\n",
    "raises SystemExit": "def minimax_value(tree, maximizing=True):\n    raise SystemExit(0)\n",
    "forges a reply on the pipe": "import os, json, struct\n"
                                  "def minimax_value(tree, maximizing=True):\n"
                                  "    body = json.dumps({'value': 3}).encode()\n"
                                  "    for fd in range(3, 10):\n"
                                  "        try:\n            os.write(fd, struct.pack('>I', len(body)) + body)\n"
                                  "        except OSError:\n            pass\n    return 3\n",
}


@pytest.mark.parametrize("kind", sorted(FORGERIES))
def test_a_forgery_earns_nothing(tmp_path: Path, kind: str) -> None:
    graded = grade(submit(tmp_path, "assignment1_minimax", {-1: "", 0: FORGERIES[kind]}), "assignment1_minimax")
    assert sum(earned(graded).values()) == 0, messages(graded)


def test_a_printed_record_earns_nothing_in_a_play_check(tmp_path: Path) -> None:
    forged = ("def reflex_value(game, state, action):\n"
              "    print('reflex_value: 10 of 10 games won (0 lost, 0 unfinished after 300 moves)')\n    return 0\n")
    graded = grade(submit(tmp_path, "assignment6_maze", {0: forged, -1: ""}), "assignment6_maze")
    assert earned(graded)["reflex"] == 0, messages(graded)
    assert "games won" in graded.marks[0].message and "it needs" in graded.marks[0].message


MAZE_ATTACKS = {
    "an evaluation that never returns": (4, "def evaluate(game, state):\n    while True:\n        pass\n"),
    "an evaluation equal to everything": (4, "class Liar(float):\n    def __gt__(self, other):\n        return True\n"
                                             "def evaluate(game, state):\n    return Liar(1e9)\n"),
    "a search that rewrites its count": (2, "def multi_agent_alphabeta(game, state, depth, evaluate):\n"
                                            "    evaluate.calls = 0\n    return 0, game.actions(state)[0]\n"),
    "a reflex value that reads the grader's random state": (0, "import random\n"
                                                                "def reflex_value(game, state, action):\n"
                                                                "    return random.random()\n"),
}


@pytest.mark.parametrize("kind", sorted(MAZE_ATTACKS))
def test_an_attack_on_assignment_6_earns_nothing_and_grading_goes_on(tmp_path: Path, kind: str) -> None:
    index, source = MAZE_ATTACKS[kind]
    # The other answers are stubs but for one honest answer graded after the attack (playing the
    # solution's games again for each attack would add minutes and test nothing more).
    honest = 3 if index < 3 else 1
    answers = {index: source, honest: answer_sources("assignment6_maze")[honest], -1: ""}
    graded = grade(submit(tmp_path, "assignment6_maze", answers), "assignment6_maze")
    exercise, kept = (["reflex", "multi_agent_minimax", "multi_agent_alphabeta", "multi_agent_expectimax",
                       "maze_evaluation"][i] for i in (index, honest))
    marks = earned(graded)
    assert marks[exercise] == 0, messages(graded)
    assert marks[kept] == 1 and sum(marks.values()) == 1, messages(graded)  # the honest answer keeps its point


def test_edited_outputs_and_metadata_change_nothing(tmp_path: Path) -> None:
    def edit(notebook: Any) -> None:
        for cell in notebook["cells"]:
            cell.setdefault("metadata", {})["nbgrader"] = {"grade": True, "points": 100, "grade_id": "x"}
            if cell["cell_type"] == "code":
                cell["outputs"] = [{"output_type": "stream", "name": "stdout", "text": "passed\n"}]

    graded = grade(submit(tmp_path, "assignment4_complexity", {-1: ""}, edit=edit), "assignment4_complexity")
    assert [(v.earned, v.points) for v in graded.marks] == [(0.0, 1.0), (0.0, 1.0)]


# --- delegation to the course's code ----------------------------------------------------------------

DELEGATIONS = {
    ("assignment1_minimax", 0): "from minimax_lab import TreeGame, minimax\n"
                                "def minimax_value(tree, maximizing=True):\n"
                                "    return minimax(TreeGame(tree, 'MAX' if maximizing else 'MIN')).value\n",
    ("assignment1_minimax", 1): "import minimax_lab.search as s\n",
    ("assignment1_minimax", 2): "def minimax_search(game, state):\n    from minimax_lab.search.solve import solve\n"
                                "    r = solve(game, state)\n    return r.value, r.move\n",
    ("assignment1_minimax", 3): "from minimax_lab import expectiminimax\n"
                                "def expectimax_value(tree):\n    return expectiminimax(tree).value\n",
    ("assignment2_alphabeta", 0): "from minimax_lab import grading\ncases = grading.tree_cases()\n",
    ("assignment3_player", 0): "def evaluate(state):\n    from minimax_lab import TicTacToe, engine\n"
                               "    return engine(TicTacToe(), state, depth=9).value * 0.5\n",
    ("assignment3_player", 1): "from minimax_lab.heuristics.connect_four import threats_then_centre\n"
                               "from minimax_lab.checks.move_ordering import win_block_centre as order_moves\n",
    ("assignment4_complexity", 1): "from minimax_lab.analysis.experiments import effective_branching_factor\n",
    ("assignment5_connect_four", 0): "def evaluate(state):\n    return game.evaluate(state)\n",
    ("assignment6_maze", 1): "from minimax_lab.search.agents import agents_search\n"
                             "def multi_agent_minimax(game, state, depth, evaluate):\n"
                             "    r = agents_search(game, state, depth=depth, evaluate=evaluate)\n    return r.value, r.move\n",
    ("assignment6_maze", 4): "def evaluate(game, state):\n    from minimax_lab import agents_search\n"
                             "    return agents_search(game, state, depth=1, evaluate=lambda s: s.score).value\n",
}


@pytest.mark.parametrize("where", sorted(DELEGATIONS))
def test_delegating_to_the_course_earns_nothing(tmp_path: Path, where: tuple[str, int]) -> None:
    name, index = where
    graded = grade(submit(tmp_path, name, {-1: "", index: DELEGATIONS[where]}), name)
    assert sum(earned(graded).values()) == 0, messages(graded)


def test_using_the_course_search_gets_that_verdict(tmp_path: Path) -> None:
    graded = grade(submit(tmp_path, "assignment1_minimax", {0: DELEGATIONS[("assignment1_minimax", 0)]}),
                   "assignment1_minimax")
    assert "uses the course's minimax; this exercise asks for your own" in graded.marks[0].message


def test_the_linear_evaluation_and_the_course_files_are_out_of_reach(tmp_path: Path) -> None:
    reads = ("import importlib.util, json, subprocess, sys, glob\n"
             f"spec = importlib.util.spec_from_file_location('copy_of_search', {str(PACKAGE / 'search.py')!r})\n"
             "def evaluate(state):\n"
             "    try:\n"
             "        module = importlib.util.module_from_spec(spec); spec.loader.exec_module(module)\n"
             "        return 0.5\n"
             "    except Exception:\n        pass\n"
             f"    if glob.glob({str(SOLUTIONS / '*.ipynb')!r}) or glob.glob({str(ROOT / '*')!r}):\n"
             "        return 0.5\n"
             f"    code = \"import sys; sys.path.insert(0, {str(ROOT)!r}); import minimax_lab.heuristics.connect_four_evaluation\"\n"
             "    try:\n"
             "        if subprocess.run([sys.executable, '-c', code]).returncode == 0:\n"
             "            return 0.5\n"
             "    except OSError:\n"
             "        pass  # no process of its own: the worker may not start one\n"
             "    from minimax_lab.heuristics.connect_four_evaluation import LinearEvaluation\n"
             "    return 0.0\n")
    graded = grade(submit(tmp_path, "assignment5_connect_four", {0: reads}), "assignment5_connect_four")
    assert earned(graded) == {"connect_four_evaluation": 0.0}
    assert "uses the course's heuristics" in graded.marks[0].message


# --- interference ----------------------------------------------------------------------------------

def processes_with(marker: str) -> list[int]:
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                if marker.encode() in Path(f"/proc/{entry}/cmdline").read_bytes():
                    found.append(int(entry))
            except OSError:
                pass
    return found


HANGS = {
    "ignores SIGINT": "import signal\ndef best_case_leaves(b, d):\n"
                      "    signal.signal(signal.SIGINT, signal.SIG_IGN)\n    while True:\n        pass\n",
    "loops in C": "import collections, itertools\ndef best_case_leaves(b, d):\n"
                  "    collections.deque(itertools.count(), maxlen=0)\n",
}


@pytest.mark.parametrize("kind", sorted(HANGS))
def test_a_hang_is_a_timeout_within_its_wall_backstop_and_leaves_no_process(tmp_path: Path, kind: str) -> None:
    marker = f"sleep {4000 + len(kind)}"
    source = (f"import subprocess\ntry:\n    subprocess.Popen('{marker}'.split(), start_new_session=True)\n"
              "except OSError:\n    pass\n" + HANGS[kind])
    start = time.monotonic()
    graded = grade(submit(tmp_path, "assignment4_complexity", {0: source}), "assignment4_complexity")
    took = time.monotonic() - start
    assert earned(graded) == {"best_case_leaves": 0.0, "effective_branching_factor": 1.0}
    assert f"timed out after {CALL:g} s" in graded.marks[0].message
    # The limit is CPU time: on a loaded machine the hang earns its CPU seconds slowly, and the wall-time
    # backstop (WALL_FACTOR times the limit) stops it at the latest; plus two workers' start (one per check).
    assert took < sandbox.WALL_FACTOR * CALL + 2 * CALL + 5
    assert processes_with(marker) == []


def test_a_submission_cannot_touch_the_output_or_other_students(tmp_path: Path) -> None:
    out = tmp_path / "out"
    vandal = ("import os, glob\n"
              "for path in glob.glob('/**/*.csv', recursive=True) + glob.glob('/**/feedback/*', recursive=True):\n"
              "    try:\n        open(path, 'w').write('student,total\\nvandal,100\\n')\n"
              "    except OSError:\n        pass\n"
              "open('grades.csv', 'w').write('vandal,100\\n')\n")
    paths = [submit(tmp_path, "assignment4_complexity", {-1: "", 0: vandal}, student="vandal"),
             submit(tmp_path, "assignment4_complexity", {}, student="honest")]
    results = class_grades.grade_class(SOLUTIONS / "assignment4_complexity.ipynb", paths, out, seed=3, jobs=2,
                                       call_timeout=CALL)
    rows = {row["student"]: row for row in class_grades.read_csv(out / "grades.csv")}
    assert rows["vandal"]["total"] == "0" and rows["honest"]["total"] == "2"
    assert sorted(p.name for p in out.iterdir()) == ["feedback", "grades.csv", "report.txt"]
    assert [g.total for g in results] == [2.0, 0.0]


def test_a_course_function_pasted_in_is_flagged_by_the_class_grader_as_by_one_grading(tmp_path: Path) -> None:
    """The class grader's processes compare answer cells with the package's functions by shape, the
    shapes parsed once by the grader and given to each process (copies.know_package_shapes): a
    function pasted from the course is flagged there, with the notes of a grading in this process."""
    pasted = inspect.getsource(trees.random_tree) + "\n" + answer_sources("assignment4_complexity")[0]
    path = submit(tmp_path, "assignment4_complexity", {0: pasted}, student="paster")
    results = class_grades.grade_class(SOLUTIONS / "assignment4_complexity.ipynb", [path], tmp_path / "out", seed=7,
                                       jobs=1, call_timeout=CALL)
    assert "answer cell 1 resembles the course's minimax_lab.core.trees.random_tree (random_tree): look at it" \
        in results[0].notes
    assert results[0].notes == grade(path, "assignment4_complexity").notes


def test_a_broken_cell_does_not_fail_the_answers_after_it(tmp_path: Path) -> None:
    crash = ("import sys\nsys.setrecursionlimit(10 ** 7)\n"
             "def down(n):\n    return down(n + 1) + 1\ndown(0)\n")
    graded = grade(submit(tmp_path, "assignment4_complexity", {0: crash}), "assignment4_complexity")
    assert earned(graded) == {"best_case_leaves": 0.0, "effective_branching_factor": 1.0}
    assert any("answer cell 1 was left out" in note for note in graded.notes)


def test_a_cell_that_stopped_one_worker_is_left_out_of_the_next_at_once() -> None:
    crash = ("answer cell 1", "import os\nos._exit(3)\n")
    fine = ("answer cell 2", "def best_case_leaves(b, d):\n    return 1\n")
    left_out: dict[str, str] = {}
    worker, notes = sandbox.start_worker("", [crash, fine], left_out=left_out, call_timeout=CALL)
    with worker:
        assert list(worker.sources) == ["answer cell 2"]
    assert list(left_out) == ["answer cell 1"] and len(notes) == 1
    worker, again = sandbox.start_worker("", [crash, fine], left_out=left_out, call_timeout=CALL)
    with worker:
        assert list(worker.sources) == ["answer cell 2"]
    assert again == notes


def test_the_functions_of_small_trees_get_the_short_call_limit(tmp_path: Path) -> None:
    hang = "def minimax_value(tree, maximizing=True):\n    while True:\n        pass\n"
    path = submit(tmp_path, "assignment1_minimax", {0: hang})
    graded = class_grades.grade_submission(SOLUTIONS / "assignment1_minimax.ipynb", path, seed=7, check_timeout=60)
    # the solution's minimax_decision calls minimax_value, so it hangs too
    assert earned(graded) == {"minimax_value": 0.0, "minimax_decision": 0.0, "minimax_search": 1.0,
                              "expectimax": 1.0}
    assert f"timed out after {runner.QUICK_CALL_TIMEOUT:g} s" in graded.marks[0].message
    assert class_grades.call_limits("assignment1_minimax", None).startswith(
        f"{runner.QUICK_CALL_TIMEOUT:g} s a call of minimax_value")


def test_printing_fifty_megabytes_is_graded_as_any_answer(tmp_path: Path) -> None:
    source = answer_sources("assignment4_complexity")[0].replace(
        "    ### BEGIN SOLUTION", "    print('x' * 50_000_000)\n    ### BEGIN SOLUTION")
    graded = grade(submit(tmp_path, "assignment4_complexity", {0: source}), "assignment4_complexity")
    assert earned(graded)["best_case_leaves"] == 1.0


@pytest.mark.parametrize("content, why", [
    ("not json at all", "not JSON"),
    ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
    ('{"cells": 3}', "not a notebook"),
])
def test_a_malformed_submission_gets_one_clear_line_and_the_class_goes_on(tmp_path: Path, content: str,
                                                                         why: str) -> None:
    bad = tmp_path / "bad.ipynb"
    bad.write_text(content, encoding="utf-8")
    good = submit(tmp_path, "assignment4_complexity", {}, student="good")
    out = tmp_path / "out"
    results = class_grades.grade_class(SOLUTIONS / "assignment4_complexity.ipynb", [bad, good], out, seed=1, jobs=1,
                                       call_timeout=CALL)
    assert [g.total for g in results] == [0.0, 2.0]
    assert why in results[0].notes[0]


def test_a_notebook_too_large_is_refused_in_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(class_grades, "MAX_NOTEBOOK_BYTES", 1000)
    graded = grade(submit(tmp_path, "assignment4_complexity", {}), "assignment4_complexity")
    assert graded.total == 0 and "more than the 1,000 bytes a notebook may have" in graded.notes[0]


def test_a_missing_answer_cell_is_graded_as_unanswered(tmp_path: Path) -> None:
    def drop(notebook: Any) -> None:
        notebook["cells"] = [c for c in notebook["cells"]
                             if "def effective_branching_factor" not in assignments.cell_source(c)]

    graded = grade(submit(tmp_path, "assignment4_complexity", {}, edit=drop), "assignment4_complexity")
    assert earned(graded) == {"best_case_leaves": 1.0, "effective_branching_factor": 0.0}
    assert "answer cell 2 (def effective_branching_factor(nodes, depth):) is missing" in graded.notes[0]


# --- the class run's output --------------------------------------------------------------------------

def test_grading_again_with_the_recorded_seed_writes_the_same_bytes(tmp_path: Path) -> None:
    """Again with the same seed, and one submission at a time where the first run graded two at once
    in other processes: the same bytes."""
    paths = [submit(tmp_path, "assignment2_alphabeta", {}, student="a"),
             submit(tmp_path, "assignment2_alphabeta", {-1: ""}, student="b")]
    outputs = []
    for run, jobs in (("first", 2), ("second", 1)):
        out = tmp_path / run
        class_grades.grade_class(SOLUTIONS / "assignment2_alphabeta.ipynb", paths, out, seed=99, jobs=jobs,
                                 call_timeout=CALL)
        outputs.append({p.relative_to(out): p.read_bytes() for p in sorted(out.rglob("*")) if p.is_file()})
    assert outputs[0] == outputs[1]
    report = outputs[0][Path("report.txt")].decode()
    assert "seed: 99 (grade again with --seed 99)" in report
    assert f"sandbox: {sandbox.sandbox_name()}" in report


def test_the_output_folder_must_be_new(tmp_path: Path) -> None:
    (tmp_path / "out").mkdir()
    (tmp_path / "out" / "old.txt").write_text("x")
    with pytest.raises(ValueError, match="is not empty"):
        class_grades.grade_class(SOLUTIONS / "assignment4_complexity.ipynb", [], tmp_path / "out", seed=1)


def test_make_grade_exits_0_when_students_fail_and_1_when_grading_cannot_run(tmp_path: Path) -> None:
    failing = submit(tmp_path, "assignment4_complexity", {-1: ""})
    assert class_grades.main([str(SOLUTIONS / "assignment4_complexity.ipynb"), str(failing),
                              "--out", str(tmp_path / "a"), "--seed", "1"]) == 0
    (tmp_path / "b").mkdir()
    (tmp_path / "b" / "x").write_text("x")
    assert class_grades.main([str(SOLUTIONS / "assignment4_complexity.ipynb"), str(failing),
                              "--out", str(tmp_path / "b")]) == 1


def test_every_name_the_answers_use_is_in_their_prelude() -> None:
    import ast
    import builtins
    for name in ALL:
        notebook = solution(name)
        prelude = class_grades.prelude_source(notebook, name)
        bound = set(dir(builtins)) | assignments.answer_names(notebook) | set(
            n for n in assignments.answer_names({"cells": [{"cell_type": "code", "source": prelude + "\n### BEGIN SOLUTION\n### END SOLUTION"}]}))
        for source in answer_sources(name):
            tree = ast.parse(source)
            local = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)}
            local |= {a.arg for n in ast.walk(tree) if isinstance(n, ast.arguments)
                      for a in n.args + n.kwonlyargs}
            local |= {n.name for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.ClassDef))}
            used = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)}
            assert used - local - bound == set(), (name, used - local - bound)
