"""Student notebooks from solution notebooks, and how a submission's answer cells are found.

In `notebooks/solutions/*.ipynb` each answer stands between `### BEGIN SOLUTION` and
`### END SOLUTION` (nbgrader's markers); `###` lines right after the BEGIN marker are a hint.
`python -m minimax_lab.grading.assignments` (`make assignments`) writes `notebooks/assignments/*.ipynb`:
each solution region replaced by the hint and a stub that raises NotImplementedError; the output
cleared from every cell that shows what the solution computes (hides_output: cells that run the
student's code, cells marked `# NBVAL_IGNORE_OUTPUT`, cells tagged `solution-output`); each check
cell's output replaced by the NotAnswered error that check raises on the stubs ("Not answered yet:
..."), found by running the handout in a kernel; everything else kept as it is. Answer and check
cells carry nbgrader's metadata (with_nbgrader_metadata), in the solutions and the handouts alike;
the command writes it into the solutions too when it is missing or stale. Files are rewritten only
when their bytes change.

`make grade` (minimax_lab.grading.class_grades) finds a submission's answer cells with `find_answer`,
whatever the student did to the other cells.
"""

from __future__ import annotations

import argparse
import ast
import copy
import json
import re
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, NotRequired, Optional, Sequence, TypedDict

if TYPE_CHECKING:
    import nbformat

BEGIN = "### BEGIN SOLUTION"
END = "### END SOLUTION"
STUB = "# YOUR CODE HERE"
IGNORE_OUTPUT = "NBVAL_IGNORE_OUTPUT"
SOLUTION_OUTPUT = "solution-output"
"""The tag of a solution-notebook cell whose stored output shows what an exercise asks for, computed
by the package (a drawing of alpha-beta on a tree the exercise asks about, a count the exercise's
function must return): the handout leaves that output out."""
CELL_TIMEOUT = 120.0
"""Seconds a handout's cell may run when the handout is run for its checks' output."""

Notebook = dict[str, Any]
"""A notebook as nbformat's JSON reads it: 'cells', 'metadata', 'nbformat', 'nbformat_minor'."""

Cell = dict[str, Any]
"""One of a notebook's cells as nbformat's JSON reads it: 'cell_type', 'source' (a string or a list of
lines), 'metadata', 'id', and a code cell's 'outputs' and 'execution_count'."""


def strip_solutions(source: str, *, where: str = "cell") -> str:
    """Return a cell's source with each solution region, markers included, replaced by a stub
    indented like its BEGIN marker. Text after the BEGIN marker, and lines starting with `###`
    right after it, are a hint, which the stub keeps as comments.

    >>> cell = "def f():\\n    ### BEGIN SOLUTION\\n    ### Hint: one.\\n    return 1\\n    ### END SOLUTION"
    >>> print(strip_solutions(cell))
    def f():
        # YOUR CODE HERE
        # Hint: one.
        raise NotImplementedError("f is not written yet")
    """
    kept: list[str] = []
    state, indent, message = "outside", "", ""
    for number, line in enumerate(source.split("\n"), start=1):
        text = line.strip()
        if text.startswith(BEGIN):
            if state != "outside":
                raise ValueError(f"{where}, line {number}: {BEGIN} inside another solution region")
            indent = line[:len(line) - len(line.lstrip())]
            name = _enclosing_function(kept, indent)
            message = f"{name} is not written yet" if name else "this answer is not written yet"
            kept.append(indent + STUB)
            if text[len(BEGIN):].strip():
                kept.append(indent + "# " + text[len(BEGIN):].strip())
            state = "hint"
        elif text.startswith(END):
            if state == "outside":
                raise ValueError(f"{where}, line {number}: {END} without a {BEGIN}")
            kept.append(indent + f"raise NotImplementedError({json.dumps(message)})")
            state = "outside"
        elif state == "hint" and text.startswith("###"):
            kept.append(indent + "# " + text[3:].strip())
        elif state != "outside":
            state = "solution"  # the answer itself, left out
        else:
            kept.append(line)
    if state != "outside":
        raise ValueError(f"{where}: {BEGIN} without an {END}")
    return "\n".join(kept)


def solution_regions(source: str) -> list[list[str]]:
    """Return the lines of each solution region of a cell's source: the answer, without the markers
    and the hint lines that open it (what strip_solutions leaves out).

    >>> solution_regions("def f():\\n    ### BEGIN SOLUTION\\n    ### Hint: one.\\n    return 1\\n    ### END SOLUTION")
    [['    return 1']]
    """
    found: list[list[str]] = []
    body: list[str] = []
    inside = False
    for line in source.split("\n"):
        text = line.strip()
        if text.startswith(BEGIN):
            inside, body = True, []
        elif text.startswith(END):
            inside = False
            found.append(body)
        elif inside and not (text.startswith("###") and not body):
            body.append(line)
    return found


def _enclosing_function(lines: Sequence[str], indent: str) -> Optional[str]:
    """Return the name of the function whose body the next line, indented by `indent`, is in."""
    for line in reversed(lines):
        match = re.match(r"(\s*)(?:async\s+)?def\s+(\w+)", line)
        if match and len(match.group(1)) < len(indent):
            return match.group(2)
    return None


def is_answer_cell(cell: Cell) -> bool:
    """Return True for a code cell holding a solution region."""
    return cell.get("cell_type") == "code" and BEGIN in _source(cell)


def _source(cell: Cell) -> str:
    source = cell.get("source", "")
    return "".join(source) if isinstance(source, list) else source


def ignores_output(cell: Cell) -> bool:
    """Return True for a code cell whose output nbval does not compare (a comment line
    `# NBVAL_IGNORE_OUTPUT`, or the tag nbval-ignore-output): output that depends on the
    student's code."""
    marked = any(line.strip().lstrip("#").strip() == IGNORE_OUTPUT
                 for line in _source(cell).split("\n") if line.strip().startswith("#"))
    return cell.get("cell_type") == "code" and (
        marked or "nbval-ignore-output" in cell.get("metadata", {}).get("tags", []))


CHECK_CALL = re.compile(r"(?:^|[^\w.])(?:\w+\.)*check_(\w+)\s*\(", re.MULTILINE)


def check_name(cell: Cell) -> Optional[str]:
    """Return the exercise a check cell grades, or None for another cell. A check cell is a code cell
    (not an answer cell) that calls a `check_<exercise>(...)` function, e.g.
    `grading.check_minimax_value(minimax_value)`, or that is tagged `check` (then its cell id names
    the exercise); grades.csv has a column per check cell.

    >>> check_name({"cell_type": "code", "source": "grading.check_minimax_value(minimax_value)"})
    'minimax_value'
    """
    if cell.get("cell_type") != "code" or is_answer_cell(cell):
        return None
    if "check" in cell.get("metadata", {}).get("tags", []):
        return str(cell.get("id") or "check")
    found = CHECK_CALL.search(_source(cell))
    return found.group(1) if found else None


def _parsed(cell: Cell) -> Optional[ast.Module]:
    try:
        return ast.parse(_source(cell))
    except SyntaxError:  # IPython magics, or a student's syntax error
        return None


def _defined(tree: ast.Module) -> set[str]:
    """Return the names a cell's top level binds."""
    names: set[str] = set()
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            names.update((alias.asname or alias.name).split(".")[0] for alias in node.names)
        else:
            names.update(n.id for n in ast.walk(node) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store))
    return names


def answer_names(notebook: Notebook) -> set[str]:
    """Return the names the answer cells of a notebook define (the student's functions)."""
    names: set[str] = set()
    for cell in notebook["cells"]:
        tree = _parsed(cell) if is_answer_cell(cell) or STUB in _source(cell) else None
        if tree is not None:
            names |= _defined(tree)
    return names


def is_try_cell(cell: Cell, answers: set[str]) -> bool:
    """Return True for a cell that only tries the student's functions out: a code cell, neither an
    answer nor a check, that uses a name in `answers` and binds no name. Grading does not run it
    (it does not count, and it has no time limit of its own) and handouts show it without output."""
    if cell.get("cell_type") != "code" or is_answer_cell(cell) or check_name(cell) or STUB in _source(cell):
        return False
    tree = _parsed(cell)
    if tree is None or _defined(tree):
        return False
    used = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)}
    return bool(used & answers)


def _used(tree: ast.Module) -> set[str]:
    return {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)}


def runs_answers(cell: Cell, names: set[str]) -> bool:
    """Return True for a code cell, neither an answer nor a check, that uses one of `names` (the
    names holding the student's code, see hidden_outputs): its output is what the solution's code
    computes. Try cells are such cells."""
    if cell.get("cell_type") != "code" or is_answer_cell(cell) or check_name(cell):
        return False
    tree = _parsed(cell)
    return tree is not None and bool(_used(tree) & names)


def hides_output(cell: Cell, names: set[str]) -> bool:
    """Return True for a cell whose stored output a handout leaves out, since it shows what the
    solution computes: a cell that runs the student's code (runs_answers), one whose output nbval
    does not compare (ignores_output) and one tagged SOLUTION_OUTPUT."""
    return cell.get("cell_type") == "code" and not is_answer_cell(cell) and not check_name(cell) and (
        runs_answers(cell, names) or ignores_output(cell)
        or SOLUTION_OUTPUT in cell.get("metadata", {}).get("tags", []))


def hidden_outputs(notebook: Notebook) -> list[int]:
    """Return the indices of the cells whose output a handout leaves out (hides_output), in
    notebook order: the names holding the student's code are those the answer cells define, then
    those each cell that runs them binds (assignment 3's `player`, built on `evaluate`)."""
    names = answer_names(notebook)
    hidden = []
    for index, cell in enumerate(notebook["cells"]):
        if hides_output(cell, names):
            hidden.append(index)
        tree = _parsed(cell) if runs_answers(cell, names) else None
        if tree is not None:
            names |= _defined(tree)
    return hidden


def answer_function(cell: Cell) -> Optional[str]:
    """Return the name of the function an answer cell asks for: the one whose body holds its first
    solution region (None if that region is not inside a function).

    >>> answer_function({"cell_type": "code", "source": "def f():\\n    ### BEGIN SOLUTION\\n    ### END SOLUTION"})
    'f'
    """
    lines = _source(cell).split("\n")
    for number, line in enumerate(lines):
        if line.strip().startswith(BEGIN):
            return _enclosing_function(lines[:number], line[:len(line) - len(line.lstrip())])
    return None


SETUP_CALL = re.compile(r"grading\.use_\w+\(.*\)")
"""A line of a set-up cell: a call that sets one of the assignment's settings (grading.settings),
such as `grading.use_tie_rule(">=")`."""


def is_setup_cell(cell: Cell) -> bool:
    """Return True for a code cell whose every line sets a setting (SETUP_CALL): a cell the student
    leaves as it is, locked like a check cell.

    >>> is_setup_cell({"cell_type": "code", "source": 'grading.use_tie_rule(">")'})
    True
    """
    lines = [line.strip() for line in _source(cell).split("\n") if line.strip()]
    return cell.get("cell_type") == "code" and bool(lines) and all(SETUP_CALL.fullmatch(line) for line in lines)


class NbgraderMetadata(TypedDict):
    """A cell's `nbgrader` metadata, as nbgrader_metadata writes it."""

    grade: bool
    grade_id: str
    locked: bool
    points: NotRequired[int]
    schema_version: int
    solution: bool
    task: bool


def nbgrader_metadata(cell: Cell) -> Optional[NbgraderMetadata]:
    """Return the `nbgrader` metadata of a cell: an answer cell is a solution cell named after its
    function, a check cell a locked grade cell worth one point, named check_<exercise>, a set-up
    cell (is_setup_cell) a locked read-only cell named after its id; None for any other cell.
    nbgrader gives a grade cell its points when it raises nothing, which is why an unanswered check
    raises NotAnswered."""
    if is_answer_cell(cell):
        return {"grade": False, "grade_id": answer_function(cell) or str(cell.get("id")), "locked": False,
                "schema_version": 3, "solution": True, "task": False}
    if is_setup_cell(cell):
        return {"grade": False, "grade_id": str(cell.get("id") or "setup"), "locked": True,
                "schema_version": 3, "solution": False, "task": False}
    name = check_name(cell)
    if name:
        return {"grade": True, "grade_id": f"check_{name}", "locked": True, "points": 1,
                "schema_version": 3, "solution": False, "task": False}
    return None


def with_nbgrader_metadata(notebook: Notebook, *, name: str = "notebook") -> Notebook:
    """Return a copy of a notebook whose answer and check cells carry nbgrader_metadata, and whose
    other cells carry none. Raises ValueError when two cells would share a grade_id."""
    marked = copy.deepcopy(notebook)
    seen: set[str] = set()
    for cell in marked["cells"]:
        metadata = cell.setdefault("metadata", {})
        wanted = nbgrader_metadata(cell)
        if wanted is None:
            metadata.pop("nbgrader", None)
            continue
        if wanted["grade_id"] in seen:
            raise ValueError(f"{name}: two cells would have the grade_id {wanted['grade_id']!r}")
        seen.add(wanted["grade_id"])
        metadata["nbgrader"] = wanted
    return marked


def student_notebook(solution: Notebook, *, name: str = "notebook") -> Notebook:
    """Return the student's copy of a solution notebook (a new dict; the input is unchanged): with
    nbgrader's metadata (with_nbgrader_metadata), the answer cells stubbed, and the output cleared
    from every cell that shows what the solution computes (hides_output). The check cells keep the
    solution's output here; `unanswered_handout` replaces it."""
    student = with_nbgrader_metadata(solution, name=name)
    answers, hidden = 0, set(hidden_outputs(solution))
    for index, cell in enumerate(student["cells"]):
        if is_answer_cell(cell):
            cell["source"] = strip_solutions(_source(cell), where=f"{name}, cell {index}")
            answers += 1
        elif index in hidden:
            cell["outputs"], cell["execution_count"] = [], None
    if answers == 0:
        raise ValueError(f"{name}: no {BEGIN} region, so nothing for the student to do")
    return student


def is_not_answered(outputs: Sequence[Cell]) -> bool:
    """Return True when a check cell's outputs are exactly what an unanswered check shows: one
    NotAnswered error whose traceback is its one "Not answered yet: ..." line."""
    if len(outputs) != 1 or outputs[0].get("output_type") != "error":
        return False
    error = outputs[0]
    return (error.get("ename") == "NotAnswered" and str(error.get("evalue", "")).startswith("Not answered yet: ")
            and list(error.get("traceback", [])) == [error.get("evalue")])


def unanswered_handout(solution: Notebook, *, name: str = "notebook") -> Notebook:
    """Return student_notebook(solution) with each check cell's output what the check shows on the
    stubs, found by running the handout in a kernel (run_notebook): the NotAnswered error, shown as
    one "Not answered yet: ..." line, never the success line. Raises ValueError when a check shows
    anything else there."""
    import nbformat

    student: nbformat.NotebookNode = nbformat.from_dict(student_notebook(solution, name=name))
    ran = copy.deepcopy(student)
    run_notebook(ran, solution=solution)
    for cell, run in zip(student.cells, ran.cells):
        if check_name(cell):
            cell["outputs"] = copy.deepcopy(run.get("outputs", []))
            if not is_not_answered(cell["outputs"]):
                raise ValueError(f"{name}: the check cell {cell.get('id')!r} showed {cell['outputs']!r} on the "
                                 f"unanswered handout; it must raise NotAnswered ('Not answered yet: ...')")
    return student


def run_notebook(notebook: "nbformat.NotebookNode", *, solution: Notebook, cell_timeout: float = CELL_TIMEOUT,
                 workdir: Optional[Path] = None) -> dict[int, str]:
    """Run a notebook made from `solution` (a handout: the same cells, the answers stubbed) in place
    in a new kernel, cell by cell, skipping try cells (is_try_cell); return, by cell index, why a
    cell did not run normally ("skipped", "timed out", "kernel died", "not run: ...")."""
    from nbclient import NotebookClient
    from nbclient.exceptions import CellTimeoutError, DeadKernelError

    client = NotebookClient(notebook, timeout=cell_timeout, kernel_name="python3", allow_errors=True,
                            interrupt_on_timeout=True,
                            resources={"metadata": {"path": str(workdir or Path.cwd())}})
    answers = answer_names(solution)
    answer_cells = {i for i, cell in enumerate(solution["cells"]) if is_answer_cell(cell)}
    status: dict[int, str] = {}
    stopped: Optional[str] = None
    with client.setup_kernel():
        for index, cell in enumerate(notebook.cells):
            if cell.cell_type != "code":
                continue
            if stopped is not None:
                status[index] = f"not run: {stopped}"
            elif index not in answer_cells and is_try_cell(cell, answers):
                status[index] = "skipped"
            else:
                try:
                    client.execute_cell(cell, index)
                except DeadKernelError:
                    status[index] = "kernel died"
                    stopped = f"the kernel died while running cell {index}"
                except CellTimeoutError:
                    status[index] = "timed out"
                    stopped = f"cell {index} ran past its {cell_timeout:g} s limit and could not be stopped"
    return status


def read(path: Path) -> Notebook:
    """Return a notebook read with nbformat (version 4)."""
    import nbformat
    notebook: Notebook = nbformat.read(str(path), as_version=4)
    return notebook


def notebook_text(notebook: Notebook) -> str:
    """Return a notebook as Jupyter saves it (nbformat's JSON, ending in a newline)."""
    import nbformat
    text: str = nbformat.writes(nbformat.from_dict(notebook))
    return text if text.endswith("\n") else text + "\n"


def _write_if_changed(path: Path, text: str) -> bool:
    data = text.encode("utf-8")
    if path.exists() and path.read_bytes() == data:
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return True


def update_solutions(solutions: Path, *, check: bool = False) -> list[Path]:
    """Write nbgrader's metadata (with_nbgrader_metadata) into every solution notebook in
    `solutions` where it is missing or stale; return the files that changed (with `check`, those
    that would change, writing nothing)."""
    changed = []
    for source in sorted(Path(solutions).glob("*.ipynb")):
        text = notebook_text(with_nbgrader_metadata(read(source), name=str(source)))
        if check:
            if source.read_bytes() != text.encode("utf-8"):
                changed.append(source)
        elif _write_if_changed(source, text):
            changed.append(source)
    return changed


def generate(solutions: Path, out: Path, *, check: bool = False) -> list[Path]:
    """Write the student copy of every solution notebook in `solutions` to `out`; return the files
    that changed (with `check`, those that would change, writing nothing)."""
    sources = sorted(Path(solutions).glob("*.ipynb"))
    if not sources:
        raise FileNotFoundError(f"no solution notebooks in {solutions}")
    changed = []
    for source in sources:
        target = Path(out) / source.name
        text = notebook_text(unanswered_handout(read(source), name=str(source)))
        if check:
            if not target.exists() or target.read_bytes() != text.encode("utf-8"):
                changed.append(target)
        elif _write_if_changed(target, text):
            changed.append(target)
    return changed


def _first_line(cell: Cell) -> str:
    return next((line.strip() for line in _source(cell).split("\n") if line.strip()), "")


def _find_answer(answer: Cell, cells: Sequence[Cell]) -> Optional[Cell]:
    """Return the submission's cell for a solution's answer cell: the one with its id (None when
    that cell is not a code cell: a raw or markdown cell runs nothing), else the first code cell that
    starts with the same line (a `def ...:` line, usually), else the first code cell that defines
    the same functions (a notebook without ids whose `def` line changed)."""
    by_id = [c for c in cells if answer.get("id") and c.get("id") == answer.get("id")]
    if by_id:
        return by_id[0] if by_id[0].get("cell_type") == "code" else None
    code = [c for c in cells if c.get("cell_type") == "code" and isinstance(c.get("source", ""), (str, list))]
    head = _first_line(answer)
    found = next((c for c in code if _first_line(c) == head), None)
    if found is not None:
        return found
    wanted = _defined_functions(answer)
    return next((c for c in code if wanted and wanted <= _defined_functions(c)), None) if wanted else None


def _defined_functions(cell: Cell) -> set[str]:
    """Return the names of the functions a cell defines at its top level (none if it does not parse)."""
    try:
        tree = ast.parse(_source(cell))
    except (SyntaxError, ValueError, RecursionError, MemoryError, TypeError):
        return set()
    return {node.name for node in tree.body if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))}


def cell_source(cell: Cell) -> str:
    """Return a cell's source as one string (a notebook stores it as a string or a list of lines)."""
    return _source(cell)


def first_line(cell: Cell) -> str:
    """Return a cell's first non-blank line, stripped: how a report names an answer cell."""
    return _first_line(cell)


def find_answer(answer: Cell, cells: Sequence[Cell]) -> Optional[Cell]:
    """Return the cell among `cells` that answers the solution's answer cell `answer` (by id, else by
    its first line), or None."""
    return _find_answer(answer, cells)


def read_notebook(path: Path, what: str) -> Notebook:
    """Return the notebook at `path` (read); raise ValueError naming it (`what`: "the solution", "the
    submission") and why it cannot be read."""
    try:
        return read(path)
    except OSError as error:
        why = f"it cannot be read: {error.strerror or error}"
    except ValueError as error:  # nbformat's NotJSONError, JSON's own error, a file that is not UTF-8
        why = f"it is not JSON: {str(error).splitlines()[0] if str(error) else type(error).__name__}"
    except Exception as error:  # noqa: BLE001 - nbformat's schema errors, and its TypeErrors on odd JSON
        invalid = type(error).__name__ == "ValidationError" and str(error)
        why = (f"it is not laid out as a notebook: {str(error).splitlines()[0]}" if invalid
               else "its JSON is not laid out as a notebook (nbformat 4: a list of cells, metadata)")
    raise ValueError(f"{what} {path} is not a readable notebook ({why})")


def main(argv: Optional[Sequence[str]] = None) -> int:
    """Command line: generate the student notebooks. Exit status 1, with one line saying why, when a file given
    cannot be read or written."""
    try:
        return _main(argv)
    except (OSError, ValueError) as error:
        print(f"python -m minimax_lab.grading.assignments: {error}", file=sys.stderr)
        return 1


def _main(argv: Optional[Sequence[str]] = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    parser = argparse.ArgumentParser(prog="python -m minimax_lab.grading.assignments",
                                     description="Write the student notebooks from the solution notebooks.")
    parser.add_argument("--solutions", type=Path, default=Path("notebooks/solutions"))
    parser.add_argument("--out", type=Path, default=Path("notebooks/assignments"))
    parser.add_argument("--check", action="store_true",
                        help="write nothing; exit 1 if a student notebook is missing or out of date, or a "
                             "solution's nbgrader metadata is")
    args = parser.parse_args(argv)
    if not args.solutions.is_dir():
        print(f"{args.solutions}: no solution notebooks here (the student edition has none); "
              f"the handouts in {args.out} are kept as they are")
        return 0
    changed = update_solutions(args.solutions, check=args.check) + generate(args.solutions, args.out, check=args.check)
    for path in changed:
        print(f"{'out of date' if args.check else 'wrote'}: {path}")
    if not changed:
        print(f"{args.out}: up to date")
    return 1 if args.check and changed else 0


if __name__ == "__main__":
    sys.exit(main())
