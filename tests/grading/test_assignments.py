"""minimax_lab.grading.assignments and the notebooks: solutions pass nbval, handouts fail it, a handout with
the solutions pasted back passes, collected submissions are graded against the reference outputs,
and generation is deterministic."""

import ast
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

from minimax_lab.grading import assignments
from minimax_lab.grading.assignments import BEGIN, END, STUB, is_answer_cell, notebook_text, read, strip_solutions

pytestmark = pytest.mark.slow  # runs the handouts in kernels

ROOT = Path(__file__).resolve().parents[2]
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
    hidden = assignments.hidden_outputs(solution)
    stubs = 0
    for index, (theirs, ours) in enumerate(zip(solution.cells, handout.cells)):
        if is_answer_cell(theirs):
            assert ours.source == strip_solutions(theirs.source)
            assert {k: v for k, v in ours.items() if k != "source"} == \
                   {k: v for k, v in theirs.items() if k != "source"}
            stubs += ours.source.count("raise NotImplementedError(")
        elif assignments.check_name(theirs):  # what the check says unanswered, never the success line
            assert ours.source == theirs.source and ours.metadata == theirs.metadata
            assert assignments.is_not_answered(ours.outputs), ours.outputs
            assert ours.outputs[0]["traceback"] == [ours.outputs[0]["evalue"]]  # one line, no traceback
        elif index in hidden:
            assert ours.source == theirs.source and ours.outputs == [] and ours.execution_count is None
        else:
            assert ours == theirs  # prose, code, their stored outputs: all as they are
    text = (HANDOUTS / name).read_text(encoding="utf-8")
    assert stubs >= 1 and BEGIN not in text and END not in text


# --- no handout shows what the solution computes ------------------------------------------------

def tags(cell) -> list:
    return cell.get("metadata", {}).get("tags", [])


@pytest.mark.parametrize("name", NAMES)
def test_no_handout_stores_an_output_that_shows_the_solution(name):
    """No cell tagged solution-output, no try cell, no NBVAL_IGNORE_OUTPUT cell and no other cell
    that runs the student's code (as `experiment` in assignment 4 does) keeps an output."""
    solution, handout = read(SOLUTIONS / name), read(HANDOUTS / name)
    answers, names = assignments.answer_names(solution), assignments.answer_names(solution)
    for index, (theirs, ours) in enumerate(zip(solution.cells, handout.cells)):
        if theirs.cell_type != "code":
            continue
        hides = (assignments.SOLUTION_OUTPUT in tags(theirs) or assignments.is_try_cell(theirs, answers)
                 or assignments.ignores_output(theirs) or assignments.runs_answers(theirs, names))
        if hides:
            assert ours.outputs == [] and ours.execution_count is None, (name, index, ours.source)
        if assignments.runs_answers(theirs, names):
            names |= assignments._defined(assignments._parsed(theirs))


def test_the_cells_that_show_solution_values_are_tagged():
    """The package computing what an exercise asks for: assignment 2's alpha-beta drawings of Figure
    5.2 and of the tie tree, assignment 4's best-first leaf count of a uniform tree."""
    tagged = {name: [c.id for c in read(SOLUTIONS / name).cells if assignments.SOLUTION_OUTPUT in tags(c)]
              for name in NAMES}
    assert tagged["assignment2_alphabeta.ipynb"] == ["ex2-draw", "ties"]
    assert tagged["assignment4_complexity.ipynb"] == ["uniform-best"]


NUMBER = re.compile(r"(?<![\w.])-?\d[\d,]*(?:\.\d+)?(?![\w])")
CLOSING = {"(": ")", "[": "]", "{": "}"}


def values(text: str) -> set[str]:
    """Return the values a text shows that could give an answer away: its numbers of two digits or
    more (one digit is everywhere) and its tuples, lists and dicts of two items or more, nested ones
    too, spaces removed."""
    found = {v.strip(",") for v in NUMBER.findall(text) if sum(ch.isdigit() for ch in v) >= 2}
    opened: list[int] = []
    for index, char in enumerate(text):
        if char in CLOSING:
            opened.append(index)
        elif char in CLOSING.values() and opened and CLOSING[text[opened[-1]]] == char:
            group = re.sub(r"\s+", "", text[opened.pop():index + 1])
            if "," in group.strip(",()[]{}"):
                found.add(group)
    return found


def stated(name: str) -> set[str]:
    """Return the values an assignment states as its inputs and limits (computed by the package, and
    shown in its handout on purpose): the textbook trees, assignment 3's node budget, assignment 5's
    pass mark, maximum, openings and games against each opponent."""
    from minimax_lab import ConnectFour, grading

    given = set().union(*(values(repr(tree)) for tree in grading.TEXTBOOK_TREES.values()))
    if name.startswith("assignment3"):
        given |= values(repr(grading.ordering_budget()))
    if name.startswith("assignment5"):
        games = 2 * grading.TOURNAMENT_OPENINGS  # against each opponent, a point a game
        maximum = games * len(grading.baselines(ConnectFour()))
        given |= values(repr((grading.PASS_POINTS, maximum, games, grading.TOURNAMENT_OPENINGS)))
    return given


def output_text(cell) -> str:
    """Return what a cell's outputs show as text (streams and text/plain; not drawings)."""
    parts = []
    for output in cell.get("outputs", []):
        parts.append(output.get("text", "") if isinstance(output.get("text", ""), str) else "".join(output["text"]))
        plain = output.get("data", {}).get("text/plain", "")
        parts.append(plain if isinstance(plain, str) else "".join(plain))
    return "\n".join(parts)


@pytest.mark.parametrize("name", NAMES)
def test_no_stored_output_repeats_a_value_only_the_solution_shows(name):
    """Every value (values()) that the solution's hidden outputs show (what its answers compute, and
    the tagged cells) is absent from the handout's stored outputs, unless the handout's own text or
    code gives it (an input such as `effective_branching_factor(53, 5)`, or the textbook's example
    in the prose) or it is one the assignment states (stated). Drawings are not read: a drawing that
    shows an answer needs the tag."""
    solution, handout = read(SOLUTIONS / name), read(HANDOUTS / name)
    hidden = assignments.hidden_outputs(solution)
    answers = set().union(*(values(output_text(solution.cells[i])) for i in hidden))
    given = set().union(stated(name), *(values(c.source) for c in handout.cells))
    for index, cell in enumerate(handout.cells):
        if not assignments.check_name(cell):
            leaked = (values(output_text(cell)) & answers) - given
            assert not leaked, (name, index, cell.source, leaked)
    assert answers, name  # the check has something to look for


def test_the_value_check_finds_a_leak():
    """The check above is not empty: the handouts as they stood before (assignment 2's try cells
    keeping `(3, [3, 12, 8, 2, 14, 5, 2])`, assignment 4's `(81, 28, 17)`) would fail it."""
    assert values("(3, [3, 12, 8, 2, 14, 5, 2])") == {"(3,[3,12,8,2,14,5,2])", "[3,12,8,2,14,5,2]", "12", "14"}
    answers = values("(17, 1999)")
    assert values("(81, 28, 17)") & answers == {"17"}
    assert values("<tree drawing: 13 nodes, 2 pruned>") & values("(3, 13)") == {"13"}
    assert not values("3 of 5, x1 and 2.5e") - {"2.5"}


# --- nbgrader's metadata ---------------------------------------------------------------------

@pytest.mark.parametrize("name", NAMES)
def test_answer_and_check_cells_carry_nbgrader_metadata(name):
    """The solutions store what with_nbgrader_metadata gives (so it cannot drift), and the handouts
    keep it: each answer cell a solution cell named after its function, each check cell a locked
    grade cell worth one point."""
    solution, handout = read(SOLUTIONS / name), read(HANDOUTS / name)
    assert assignments.with_nbgrader_metadata(solution) == solution
    grade_ids = []
    for theirs, ours in zip(solution.cells, handout.cells):
        assert ours.metadata == theirs.metadata
        if is_answer_cell(theirs):
            assert theirs.metadata["nbgrader"] == {
                "grade": False, "grade_id": assignments.answer_function(theirs), "locked": False,
                "schema_version": 3, "solution": True, "task": False}
            assert re.search(rf"^def {theirs.metadata['nbgrader']['grade_id']}\(", theirs.source, re.MULTILINE)
        elif assignments.check_name(theirs):
            assert theirs.metadata["nbgrader"] == {
                "grade": True, "grade_id": f"check_{assignments.check_name(theirs)}", "locked": True,
                "points": 1, "schema_version": 3, "solution": False, "task": False}
            assert f"{theirs.metadata['nbgrader']['grade_id']}(" in theirs.source
        elif assignments.is_setup_cell(theirs):  # grading.use_tie_rule(...): read-only, like a check
            assert theirs.metadata["nbgrader"] == {
                "grade": False, "grade_id": theirs.id, "locked": True, "schema_version": 3, "solution": False,
                "task": False}
        else:
            assert "nbgrader" not in theirs.metadata
        grade_ids += [theirs.metadata["nbgrader"]["grade_id"]] if "nbgrader" in theirs.metadata else []
    assert len(grade_ids) == len(set(grade_ids)) and any(g.startswith("check_") for g in grade_ids)


def test_nbgrader_metadata_replaces_stale_metadata_and_refuses_a_duplicate_grade_id():
    notebook = read(SOLUTIONS / NAMES[0])
    prose = next(c for c in notebook.cells if c.cell_type == "markdown")
    prose.metadata["nbgrader"] = {"grade": True, "grade_id": "stale"}
    marked = assignments.with_nbgrader_metadata(notebook)
    assert "nbgrader" not in marked.cells[notebook.cells.index(prose)].metadata
    assert assignments.with_nbgrader_metadata(marked) == marked  # applying it twice changes nothing
    answer = next(c for c in notebook.cells if is_answer_cell(c))
    notebook.cells.append(copy.deepcopy(answer))
    with pytest.raises(ValueError, match="two cells would have the grade_id"):
        assignments.with_nbgrader_metadata(notebook)


def test_an_unanswered_check_shows_one_line_and_fails_the_cell(tmp_path):
    """In a kernel (nbclient, as nbgrader runs a notebook), an unanswered check cell stores an error
    output, so it earns no points, whose traceback is the one friendly line."""
    import nbformat

    notebook = nbformat.v4.new_notebook()
    notebook.cells = [nbformat.v4.new_code_cell(
        "from minimax_lab import grading\n"
        "def minimax_value(tree, maximizing=True):\n    raise NotImplementedError('minimax_value is not written yet')"),
        nbformat.v4.new_code_cell("grading.check_minimax_value(minimax_value)")]
    assignments.run_notebook(notebook, solution=notebook, workdir=tmp_path)
    [error] = notebook.cells[1].outputs
    assert assignments.is_not_answered([error]) and error["ename"] == "NotAnswered"
    assert error["traceback"] == ["Not answered yet: minimax_value is not written yet. Write it in the answer "
                                  "cell above, then run this cell again."]


def test_a_check_that_prints_instead_of_raising_is_refused():
    printed = [{"output_type": "stream", "name": "stdout", "text": "Not answered yet: f is not written yet.\n"}]
    assert not assignments.is_not_answered(printed)
    error = {"output_type": "error", "ename": "NotAnswered", "evalue": "Not answered yet: f.", "traceback": []}
    assert not assignments.is_not_answered([error])
    assert assignments.is_not_answered([{**error, "traceback": ["Not answered yet: f."]}])


def test_generation_is_deterministic_and_matches_the_stored_handouts(tmp_path):
    """Generation runs each handout in a kernel (the checks' unanswered output), so this runs every
    solution once, to compare with the stored handouts, and one solution twice more for --check."""
    first = tmp_path / "first"
    assert [p.name for p in assignments.generate(SOLUTIONS, first)] == NAMES
    for name in NAMES:
        assert (first / name).read_bytes() == (HANDOUTS / name).read_bytes()
    (first / NAMES[0]).write_text("{}", encoding="utf-8")   # stale: --check says so (on that one solution)
    one = tmp_path / "one"
    one.mkdir()
    shutil.copy(SOLUTIONS / NAMES[0], one / NAMES[0])
    assert assignments.main(["--solutions", str(one), "--out", str(first), "--check"]) == 1
    (first / NAMES[0]).write_bytes((HANDOUTS / NAMES[0]).read_bytes())
    assert assignments.main(["--solutions", str(one), "--out", str(first), "--check"]) == 0


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
    assert re.search(r"^assignments:.*\n(\t.*\n)*\t.*-m minimax_lab\.grading\.assignments", text, re.MULTILINE)


def start_nbval(folder: Path) -> subprocess.Popen:
    """Start nbval, with the Makefile's flags, on every notebook in `folder`; the repository's root
    on PYTHONPATH, for the plugin those flags load (devtools.nbval_plugin is not installed, and
    pyproject.toml's pythonpath does not reach a run rooted in `folder`)."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}
    return subprocess.Popen(
        [sys.executable, "-m", "pytest", *makefile_nbval_args(),
         "-p", "no:cacheprovider", "-q",
         "--tb=short", f"--rootdir={folder}", f"--junitxml={folder.parent / (folder.name + '.xml')}",
         str(folder)],
        cwd=folder, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)


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


RUN = [name for name in NAMES if not name.startswith(("assignment3", "assignment5", "assignment6"))]
"""The assignments whose handouts nbval runs here, completed and as handed out: all but the three
whose solutions take longest to run (a tournament of players, Connect Four, games in the maze). Every handout is made
by the one generator, and test_a_completed_handout_runs_the_solutions_code and the tests of tags
and stored outputs above cover all five without a kernel."""


def test_a_completed_handout_runs_the_solutions_code():
    """With the solutions pasted back, every code cell of every handout is the solution's cell, up
    to the comments the stubs add: so it prints what the solution prints, which make test's own run
    of notebooks/solutions checks under nbval."""
    assert RUN and set(RUN) < set(NAMES)
    for name in NAMES:
        completed = [c.source for c in pasted_back(name).cells if c.cell_type == "code"]
        solution = [c.source for c in read(SOLUTIONS / name).cells if c.cell_type == "code"]
        assert len(completed) == len(solution), name
        assert any(ours != theirs for ours, theirs in zip(completed, solution)), name  # the comments stay
        for number, (ours, theirs) in enumerate(zip(completed, solution)):
            assert ast.dump(ast.parse(ours)) == ast.dump(ast.parse(theirs)), (name, number)


@pytest.fixture(scope="module")
def nbval_runs(tmp_path_factory) -> dict:
    """Run nbval on two folders at once (each notebook starts a kernel, so this halves the wait):
    'passing' holds the handouts of RUN with the solutions pasted back; 'failing' the handouts of
    RUN as handed out. (The solutions themselves pass nbval in make test's own run of
    notebooks/solutions.) Return, by folder, the run's result and the check cells expected to fail."""
    base = tmp_path_factory.mktemp("nbval")
    passing, failing = base / "passing", base / "failing"
    for folder in (passing, failing):
        folder.mkdir()
    must_fail = {}
    for name in RUN:
        write(pasted_back(name), passing / f"pasted_{name}")
        shutil.copy(HANDOUTS / name, failing / f"handout_{name}")
        must_fail[f"handout_{name}"] = check_cells(read(HANDOUTS / name))
    runs = {folder: start_nbval(folder) for folder in (passing, failing)}
    results = {folder: finish_nbval(folder, run) for folder, run in runs.items()}
    for folder, (_, _, failed) in results.items():
        # Kernels started at the same moment can draw the same port, and one dies at its start
        # (jupyter_client's race): that says nothing of the notebook, so that folder runs once more.
        if any(KERNEL_DIED in text for cells in failed.values() for text in cells.values()):
            results[folder] = finish_nbval(folder, start_nbval(folder))
    return {"passing": (results[passing], len(list(passing.glob("*.ipynb")))),
            "failing": (results[failing], must_fail)}


KERNEL_DIED = "Kernel died before replying to kernel_info"
"""What nbval reports for every cell of a notebook whose kernel did not start."""


def test_completed_handouts_differ_only_at_checks(nbval_runs):
    """A completed handout differs from its stored outputs exactly at the check cells, which print
    the success line where the handout stores the NotAnswered error."""
    (code, output, failed), notebooks = nbval_runs["passing"]
    assert notebooks == len(RUN)
    assert {n for n in failed} == {f"pasted_{name}" for name in RUN}, output[-3000:]
    for notebook, cells in failed.items():
        assert set(cells) == set(check_cells(read(HANDOUTS / notebook.removeprefix("pasted_"))))
        assert all("Missing output fields" in text and "ename" in text for text in cells.values())


def test_handouts_fail_nbval_at_every_check(nbval_runs):
    """Unanswered, every check cell of a handout raises NotAnswered:
    nbval fails it, and its report shows the one "Not answered yet" line."""
    (code, output, failed), must_fail = nbval_runs["failing"]
    assert code == 1, output[-3000:]
    for notebook, checks in must_fail.items():
        assert checks, notebook
        for cell in checks:
            text = failed.get(notebook, {}).get(cell, "")
            assert "Cell execution caused an exception" in text and "Not answered yet: " in text, (notebook, cell)
