"""Grading a class: each submission's answer cells merged into the solution notebook, run in its own
kernel, one row of grades.csv per student and one column per exercise, submissions in parallel.

    python -m minimax_lab.grading.class_grades SOLUTION SUBMISSION... [--out DIR] [--jobs N]
    make grade SOLUTION=notebooks/solutions/NAME.ipynb SUBMISSIONS='folder/*.ipynb'

For each submission: `assignments.merge` puts its answer cells into a copy of the solution notebook
(a missing answer gets the stub, so it is graded as unanswered); the merged notebook runs cell by
cell (nbclient), every check cell preceded by guard.GUARD_LINE, which fails the cell when an answer
cell changed the package; a cell that only tries the student's functions out (a "try" cell, see
`assignments.is_try_cell`) is not run, since it does not count and may hang. A check passes when its
cell raised nothing and printed what the solution's stored output says (the success line); a check
that prints anything else, a failure or "Not answered yet", fails with that text. Each cell has a
time limit (--cell-timeout, on top of the checks' own per-call limit); a broken notebook (not JSON,
not a notebook, a kernel that dies) is reported in its row and grading goes on.

Written to --out (default build/graded/<assignment>/): grades.csv, report.txt (every failure in
full), and per student <name>.ipynb (the merged notebook as run) and <name>.txt.
"""

from __future__ import annotations

import argparse
import csv
import json
import multiprocessing
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Optional, Sequence

from .. import assignments
from .guard import GUARD_LINE

CELL_TIMEOUT = 120.0
"""Seconds one cell of a submission may run before the kernel is interrupted."""


@dataclass
class Verdict:
    """One exercise of one student: passed or not, and what the check said."""

    exercise: str
    cell: int
    passed: bool
    message: str = ""

    @property
    def one_line(self) -> str:
        """Return the message on one line (at most 300 characters), as grades.csv shows it."""
        text = " | ".join(line.strip() for line in self.message.splitlines() if line.strip())
        return text if len(text) <= 300 else text[:297] + "..."


@dataclass
class Graded:
    """One student's results: a Verdict per check, and notes about the notebook itself."""

    student: str
    verdicts: list[Verdict] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    seconds: float = 0.0

    @property
    def passed(self) -> int:
        """Return how many checks passed."""
        return sum(v.passed for v in self.verdicts)


def stream_text(cell: Any) -> str:
    """Return what a cell printed (its stream outputs, in order)."""
    return "".join("".join(o.get("text", "")) for o in cell.get("outputs", []) if o.get("output_type") == "stream")


def error_text(cell: Any) -> Optional[str]:
    """Return the error a cell raised, as 'Name: message', or None."""
    for output in cell.get("outputs", []):
        if output.get("output_type") == "error":
            return f"{output.get('ename', 'Error')}: {output.get('evalue', '')}"
    return None


def judge_cell(ran: Any, reference: Any) -> tuple[bool, str]:
    """Return (passed, message) for a check cell as run, against the solution's stored cell."""
    error = error_text(ran)
    printed = stream_text(ran)
    if error is not None:
        if error.startswith("KeyboardInterrupt"):
            return False, "the cell ran past its time limit and was stopped"
        name, _, message = error.partition(": ")
        shown = message if name in ("CheckFailed", "PackageChanged", "PackageSearchUsed", "TimedOut",
                                    "InputChanged") else error
        return False, (printed + shown).strip()
    expected = stream_text(reference)
    if printed == expected:
        return True, ""
    return False, printed.strip() or f"printed nothing; the check prints {expected.strip()!r} when it passes"


def run_notebook(notebook: Any, *, solution: Any, cell_timeout: float = CELL_TIMEOUT,
                 guard_checks: bool = True, workdir: Optional[Path] = None) -> dict[int, str]:
    """Run a notebook made from `solution` (merged or a handout: the same cells, the answers
    replaced) in place in a new kernel, cell by cell, skipping try cells (assignments.is_try_cell)
    and preceding each check cell by GUARD_LINE (if `guard_checks`); return, by cell index, why a cell
    did not run normally ("skipped", "timed out", "kernel died", "not run: ...")."""
    from nbclient import NotebookClient
    from nbclient.exceptions import CellTimeoutError, DeadKernelError

    client = NotebookClient(notebook, timeout=cell_timeout, kernel_name="python3", allow_errors=True,
                            interrupt_on_timeout=True,
                            resources={"metadata": {"path": str(workdir or Path.cwd())}})
    answers = assignments.answer_names(solution)
    answer_cells = {i for i, cell in enumerate(solution.cells) if assignments.is_answer_cell(cell)}
    status: dict[int, str] = {}
    stopped: Optional[str] = None
    with client.setup_kernel():
        for index, cell in enumerate(notebook.cells):
            if cell.cell_type != "code":
                continue
            if stopped is not None:
                status[index] = f"not run: {stopped}"
                continue
            if index not in answer_cells and assignments.is_try_cell(cell, answers):
                status[index] = "skipped"
                continue
            source = cell.source
            if guard_checks and assignments.check_name(cell):
                cell.source = GUARD_LINE + source
            try:
                client.execute_cell(cell, index)
            except DeadKernelError:
                status[index] = "kernel died"
                stopped = f"the kernel died while running cell {index}"
            except CellTimeoutError:
                status[index] = "timed out"
                stopped = f"cell {index} ran past its {cell_timeout:g} s limit and could not be stopped"
            finally:
                cell.source = source
    return status


def grade_submission(solution_path: Path, submission_path: Path, out: Path,
                     cell_timeout: float = CELL_TIMEOUT) -> Graded:
    """Grade one submission: merge, run, judge each check cell; write <name>.ipynb and <name>.txt."""
    import nbformat

    start = time.perf_counter()
    out.mkdir(parents=True, exist_ok=True)
    graded = Graded(Path(submission_path).stem)
    solution: Any = assignments.read(solution_path)
    checks = [(i, str(assignments.check_name(c))) for i, c in enumerate(solution.cells) if assignments.check_name(c)]
    try:
        submission = json.loads(Path(submission_path).read_text(encoding="utf-8"))
        submission = nbformat.from_dict(submission)
        if not isinstance(submission.get("cells"), list):
            raise ValueError("it has no list of cells")
        merged: Any
        merged, missing = assignments.merge(solution, submission)
    except (OSError, UnicodeDecodeError, json.JSONDecodeError, ValueError, TypeError, AttributeError) as error:
        unreadable = f"not a readable notebook ({type(error).__name__}: {error})"
        graded.notes.append(unreadable)
        graded.verdicts = [Verdict(str(name), i, False, f"not graded: {unreadable}") for i, name in checks]
        graded.seconds = time.perf_counter() - start
        _write_student(out, graded, None)
        return graded
    graded.notes += [f"answer cell {name} missing: graded as unanswered" for name in missing]
    try:
        status = run_notebook(merged, solution=solution, cell_timeout=cell_timeout, workdir=out)
    except Exception as error:  # noqa: BLE001 - a kernel that cannot start is reported, grading goes on
        status = {i: f"not run: the kernel failed ({type(error).__name__}: {error})" for i, _ in checks}
    for index, name in checks:
        why = status.get(index)
        if why is not None and why != "skipped":
            message = {"timed out": f"the cell ran past its {cell_timeout:g} s limit",
                       "kernel died": "the kernel died (Python crashed) while this check ran"}.get(why, str(why))
            graded.verdicts.append(Verdict(str(name), index, False, message))
        else:
            passed, message = judge_cell(merged.cells[index], solution.cells[index])
            graded.verdicts.append(Verdict(str(name), index, passed, message))
    died = sorted({why for why in status.values() if why.startswith("not run") or why == "kernel died"})
    graded.notes += [why.removeprefix("not run: ") for why in died if why != "kernel died"][:1]
    graded.seconds = time.perf_counter() - start
    _write_student(out, graded, merged)
    return graded


def _write_student(out: Path, graded: Graded, merged: Any) -> None:
    out.mkdir(parents=True, exist_ok=True)
    if merged is not None:
        (out / f"{graded.student}.ipynb").write_text(assignments.notebook_text(merged), encoding="utf-8")
    (out / f"{graded.student}.txt").write_text(student_report(graded), encoding="utf-8")


def student_report(graded: Graded) -> str:
    """Return one student's report: each check, passed or its message in full, then the notes."""
    lines = [f"{graded.student}: {graded.passed} of {len(graded.verdicts)} checks passed "
             f"(graded in {graded.seconds:.0f} s)"]
    lines += [f"  note: {note}" for note in graded.notes]
    for verdict in graded.verdicts:
        lines.append(f"  {verdict.exercise}: " + ("pass" if verdict.passed else "FAIL"))
        if not verdict.passed:
            lines += ["      " + line for line in verdict.message.splitlines()]
    return "\n".join(lines) + "\n"


def grade_class(solution: Path, submissions: Sequence[Path], out: Path, *, jobs: Optional[int] = None,
                cell_timeout: float = CELL_TIMEOUT) -> list[Graded]:
    """Grade every submission, `jobs` at a time (default: the machine's cores); write grades.csv
    and report.txt to `out`; return the results in the order of the students' names."""
    names = [Path(s).stem for s in submissions]
    repeated = sorted({n for n in names if names.count(n) > 1})
    if repeated:
        raise ValueError(f"two submissions share a name: {', '.join(repeated)}; rename one")
    out.mkdir(parents=True, exist_ok=True)
    jobs = jobs or os.cpu_count() or 1
    if jobs == 1 or len(submissions) == 1:
        results = [grade_submission(solution, s, out, cell_timeout) for s in submissions]
    else:
        context = multiprocessing.get_context("spawn")
        with ProcessPoolExecutor(max_workers=jobs, mp_context=context) as pool:
            results = list(pool.map(grade_submission, [solution] * len(submissions), submissions,
                                    [out] * len(submissions), [cell_timeout] * len(submissions)))
    results.sort(key=lambda g: g.student)
    write_csv(out / "grades.csv", results)
    (out / "report.txt").write_text("".join(student_report(g) for g in results), encoding="utf-8")
    return results


def exercises_of(results: Sequence[Graded]) -> list[str]:
    """Return the exercises in the order of the notebook (the columns of grades.csv)."""
    seen: dict[str, None] = {}
    for graded in results:
        for verdict in graded.verdicts:
            seen.setdefault(verdict.exercise, None)
    return list(seen)


def write_csv(path: Path, results: Sequence[Graded]) -> None:
    """Write grades.csv: student, passed (of n), notes, then one column per exercise holding
    'pass' or 'fail: <the first line of the check's message>'."""
    exercises = exercises_of(results)
    with path.open("w", newline="", encoding="utf-8") as file:
        writer = csv.writer(file)
        writer.writerow(["student", "passed", "notes", *exercises])
        for graded in results:
            by_name = {v.exercise: v for v in graded.verdicts}
            cells = [("pass" if by_name[e].passed else f"fail: {by_name[e].one_line}") if e in by_name
                     else "" for e in exercises]
            writer.writerow([graded.student, f"{graded.passed}/{len(graded.verdicts)}",
                             "; ".join(graded.notes), *cells])


def read_csv(path: Path) -> list[dict[str, str]]:
    """Return grades.csv's rows as dicts."""
    with path.open(newline="", encoding="utf-8") as file:
        return list(csv.DictReader(file))


def summary_line(graded: Graded, solution: Any) -> str:
    """Return a student's line on the terminal: passed, or the failing checks with their cells as
    nbval numbers them (among code cells, from 0)."""
    if graded.verdicts and graded.passed == len(graded.verdicts):
        return f"{graded.student}.ipynb: passed"
    code = [i for i, c in enumerate(solution.cells) if c.cell_type == "code"]
    failed = [f"Cell {code.index(v.cell)} ({v.exercise})" for v in graded.verdicts if not v.passed]
    return f"{graded.student}.ipynb: FAILED {', '.join(failed)}" + (
        f" [{'; '.join(graded.notes)}]" if graded.notes else "")


def main(argv: Optional[Sequence[str]] = None) -> int:
    """Command line: grade submissions; exit 0 when every check of every submission passed, 1 when
    some failed, 2 on a usage error."""
    parser = argparse.ArgumentParser(prog="python -m minimax_lab.grading.class_grades",
                                     description="Grade a class's notebooks against a solution notebook.")
    parser.add_argument("solution", type=Path, help="the assignment's solution notebook")
    parser.add_argument("submissions", type=Path, nargs="+", help="the students' notebooks")
    parser.add_argument("--out", type=Path, help="output folder (default build/graded/<assignment>)")
    parser.add_argument("--jobs", type=int, default=None, help="submissions graded at once (default: cores)")
    parser.add_argument("--cell-timeout", type=float, default=CELL_TIMEOUT, help="seconds per cell")
    args = parser.parse_args(argv)
    if not args.solution.is_file():
        parser.error(f"no solution notebook at {args.solution}")
    out = args.out or Path("build/graded") / args.solution.stem
    start = time.perf_counter()
    results = grade_class(args.solution, args.submissions, out, jobs=args.jobs, cell_timeout=args.cell_timeout)
    solution = assignments.read(args.solution)
    print(f"graded {args.solution.name}: {len(results)} submissions in {time.perf_counter() - start:.0f} s; "
          f"{out / 'grades.csv'} (details: report.txt)")
    for graded in results:
        print(summary_line(graded, solution))
    return 0 if all(g.verdicts and g.passed == len(g.verdicts) for g in results) else 1


if __name__ == "__main__":
    sys.exit(main())
