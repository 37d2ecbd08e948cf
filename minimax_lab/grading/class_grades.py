"""Grading a class: the grade is decided in the grader's process, where a submission cannot reach it.

    python -m minimax_lab.grading.class_grades SOLUTION SUBMISSION... [--out DIR] [--seed N] [--jobs N]
    make grade SOLUTION=notebooks/solutions/NAME.ipynb SUBMISSIONS='folder/*.ipynb'

From a submission the grader takes the code of its answer cells and nothing else: not its check
cells, not its outputs, not its metadata. The instructor's settings (assignment 2's tie rule) come
from the solution notebook's metadata (grading.settings). For each check of the solution notebook (a cell calling
`grading.check_<exercise>(...)`), it starts a fresh worker (sandbox.Worker: its own process in a
sandbox, with only the standard library and the games to import), which runs the assignment's
prelude (PRELUDES) and the student's answer cells. The check itself, the same function the
student's notebook calls, runs here, with the student's functions replaced by RemoteFunctions:
its cases go to the worker as plain data and the answers come back as plain data, compared here
with the package's own searches. The random cases are drawn from a seed chosen now and written in
the report; `--seed` grades again with the same cases, and the output is then byte for byte the same.

Written to --out (default build/graded/<assignment>-<date and time>, a new folder; an existing
folder that is not empty is refused): grades.csv (one row per student: the points of each
exercise and the total), feedback/<student>.txt (what each check said) and report.txt (the seed,
the sandbox, the limits, and every student's marks). Exit status 0 when grading ran, whatever
the students scored; 1 when it could not (an unreadable solution); 2 on a usage error.
"""

from __future__ import annotations

import argparse
import contextlib
import csv
import datetime
import functools
import json
import multiprocessing
import os
import secrets
import stat
import sys
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Optional, Sequence

from ..core.text import shown
from ..core.validation import positive_number, whole_number
from ..running.guard import TimedOut as CheckTimedOut
from ..running.guard import time_limit
from ..running.kernel import python_source
from ..running.sandbox import (
    CALL_TIMEOUT,
    LIMITS,
    SANDBOX_NOTE,
    SandboxUnavailable,
    check_sandbox,
    sandbox_name,
)
from ..running.wire import Json
from . import assignments, copies
from .assignments import Cell, Notebook
from .copies import literal_tables, resemblances
from .runner import CHECK_TIMEOUT, PRELUDES, QUICK_CALL_TIMEOUT, CheckCell, Mark, run_check
from .settings import apply_settings

MAX_NOTEBOOK_BYTES = 20 * 1024 * 1024
"""Largest submission read (20 MiB); a larger file is graded as unreadable."""


def exercises(solution: Notebook) -> list[CheckCell]:
    """Return the solution notebook's graded checks, in order."""
    return [CheckCell.parse(i, cell) for i, cell in enumerate(solution["cells"]) if assignments.check_name(cell)]


def prelude_source(solution: Notebook, name: str) -> str:
    """Return the prelude of the assignment whose solution notebook is called `name`."""
    if name not in PRELUDES:
        raise ValueError(f"no prelude for {shown(name)}: add it to grading.runner.PRELUDES")
    prelude = PRELUDES[name]
    by_id = {cell.get("id"): assignments.cell_source(cell) for cell in solution["cells"]}
    missing = [cell for cell in prelude.cells if cell not in by_id]
    if missing:
        raise ValueError(f"{name}: the prelude's cells {missing} are not in the solution notebook")
    return "\n\n".join([prelude.imports, *(by_id[cell] for cell in prelude.cells)])


@dataclass
class Graded:
    """One student's results: a Mark per check, and notes about the submission."""

    student: str
    marks: list[Mark] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    @property
    def total(self) -> float:
        """Return the points earned."""
        return sum(v.earned for v in self.marks)


def read_submission(path: Path) -> Notebook:
    """Return a submission as a dict with a list of cells; raise ValueError saying why it cannot be read.
    Only a regular file is read (not a link, a FIFO or a device), and at most MAX_NOTEBOOK_BYTES of it."""
    try:
        if not stat.S_ISREG(os.lstat(path).st_mode):
            raise ValueError("it is not a regular file (a link, a folder, a FIFO or a device): hand in the "
                             "notebook itself")
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
        with os.fdopen(fd, "rb") as file:
            if not stat.S_ISREG(os.fstat(file.fileno()).st_mode):
                raise ValueError("it is not a regular file: hand in the notebook itself")
            data = file.read(MAX_NOTEBOOK_BYTES + 1)
        if len(data) > MAX_NOTEBOOK_BYTES:
            raise ValueError(f"it is more than the {MAX_NOTEBOOK_BYTES:,} bytes a notebook may have")
        notebook: Json = json.loads(data.decode("utf-8"))
    except (OSError, UnicodeDecodeError) as error:
        raise ValueError(f"it cannot be read ({type(error).__name__}: {error})") from None
    except json.JSONDecodeError as error:
        raise ValueError(f"it is not JSON ({error})") from None
    except RecursionError:
        raise ValueError("its JSON is nested too deeply to read") from None
    if not (isinstance(notebook, dict) and isinstance(notebook.get("cells"), list)):
        raise ValueError("it is JSON but not a notebook (no list of cells)")
    return notebook


def answer_cells(solution: Notebook, submission: Notebook) -> tuple[list[tuple[str, str]], list[str]]:
    """Return the submission's answer cells as (label, source), in the solution's order, and notes
    on the answers it lacks (graded as unanswered) or could not give. Only what the notebook runs as
    Python is taken: a code cell (not a raw or markdown cell at an answer's id), without a cell magic
    that runs something else (%%writefile). Code cells the student added right below an answer cell
    are taken with it, in order (an answer written under an untouched stub)."""
    cells: list[tuple[str, str]] = []
    notes: list[str] = []
    theirs = [c for c in submission["cells"] if isinstance(c, dict)]
    known = _solution_cells(solution)
    number = 0
    for cell in solution["cells"]:
        if not assignments.is_answer_cell(cell):
            continue
        number += 1
        found = assignments.find_answer(cell, theirs)
        label = f"answer cell {number}"
        if found is None:
            notes.append(f"{label} ({assignments.first_line(cell)}) is missing: graded as unanswered")
            continue
        added = _added_below(theirs, theirs.index(found), known)
        for part, extra in [(label, found)] + [(f"{label} (a cell you added below it, {n + 1})", c)
                                               for n, c in enumerate(added)]:
            source = _text(extra.get("source", ""))
            python = None if source is None else python_source(source)
            if source is None:
                notes.append(f"{part} has no readable source: graded as unanswered")
            elif python is None:
                notes.append(f"{part} starts with the cell magic {shown(source.lstrip().split()[0])}, which runs "
                             "no Python of yours in a notebook: graded as unanswered")
            else:
                cells.append((part, python))
    return cells, notes


def _text(source: object) -> Optional[str]:
    """Return a cell's source as a string, or None when it is neither a string nor a list of strings."""
    if isinstance(source, list) and all(isinstance(line, str) for line in source):
        return "".join(source)
    return source if isinstance(source, str) else None


def _solution_cells(solution: Notebook) -> tuple[set[str], set[str]]:
    """Return the solution's cell ids and first lines (how a submission's cell is known to be the solution's)."""
    ids = {str(c.get("id")) for c in solution["cells"] if c.get("id")}
    return ids, {assignments.first_line(c) for c in solution["cells"]}


def _added_below(cells: Sequence[Cell], index: int, known: tuple[set[str], set[str]]) -> list[Cell]:
    """Return the code cells the student added right after cells[index] (cells that are none of the
    solution's: an id the solution lacks, or, without ids, a first line no solution cell has)."""
    ids, heads = known
    added = []
    for cell in cells[index + 1:]:
        new = str(cell.get("id")) not in ids if cell.get("id") else _text(cell.get("source", "")) is not None \
            and assignments.first_line(cell) not in heads
        if not new:
            break
        if cell.get("cell_type") == "code":
            added.append(cell)
    return added


def grade_submission(solution_path: Path, submission_path: Path, *, seed: int,
                     call_timeout: Optional[float] = None, check_timeout: float = CHECK_TIMEOUT) -> Graded:
    """Grade one submission: every check of the solution, each in its own worker. Whatever the
    submission holds, this returns its row: a step that fails on it is a note in the row."""
    solution = assignments.read(solution_path)
    apply_settings(solution)  # the instructor's choices (a tie rule) from the solution, never the submission
    graded = Graded(student_name(Path(submission_path)))
    checks = exercises(solution)
    try:
        with time_limit(PREPARE_TIMEOUT):
            submission = read_submission(Path(submission_path))
            cells, notes = answer_cells(solution, submission)
            notes += [f"{label} resembles the course's {name}: look at it" if label else
                      f"copies not looked for past the first functions ({name})" for label, name in resemblances(cells)]
            notes += [f"{label} holds a table of {entries:,} entries: look at it"
                      for label, entries in literal_tables(cells)]
    except ValueError as error:
        return not_graded(graded, checks, f"the submission is not a readable notebook: {error}")
    except CheckTimedOut:
        return not_graded(graded, checks, f"reading the submission took more than {PREPARE_TIMEOUT:g} s")
    except Exception as error:  # noqa: BLE001 - one submission never stops the class
        return not_graded(graded, checks, f"the grader could not read the submission ({type(error).__name__})")
    graded.notes += notes
    prelude = prelude_source(solution, Path(solution_path).stem)
    quick, left_out = PRELUDES[Path(solution_path).stem].quick, dict[str, str]()
    from .. import grading

    graded.marks = [run_check(e, getattr(grading, e.check), prelude, cells, seed=seed, call_timeout=call_timeout,
                                 check_timeout=check_timeout, quick=quick, left_out=left_out) for e in checks]
    for mark in graded.marks:
        graded.notes += [note for note in mark.notes if note not in graded.notes]
    return graded


PREPARE_TIMEOUT = 60.0
"""Seconds the grader may spend reading one submission and looking for copies in it."""


def not_graded(graded: Graded, checks: Sequence[CheckCell], why: str) -> Graded:
    """Return `graded` with no point for any check, and why it was not graded."""
    graded.notes.append(f"not graded: {why}")
    graded.marks = [Mark(e.name, e.points, 0.0, f"not graded: {why}") for e in checks]
    return graded


def student_name(path: Path) -> str:
    """Return the student's name as the grader writes it: the file's name without .ipynb, with any
    character that could move a terminal's cursor or start a line written as an escape ('\\n')."""
    return printable(path.stem, keep="")


def printable(text: str, *, keep: str = "\n", most: Optional[int] = None) -> str:
    """Return `text` with control characters (ANSI escapes, carriage returns, ...) but those in `keep`
    written as escapes, at most `most` characters of that (then '... (N more characters)', N of
    `text`'s). Only what is shown is read: a message of megabytes costs what its first `most` do."""
    pieces: list[str] = []
    size = used = 0
    for c in text:
        piece = c if c in keep or c.isprintable() else repr(c)[1:-1]
        if most is not None and size + len(piece) > most:
            break
        pieces.append(piece)
        size, used = size + len(piece), used + 1
    shown_text = "".join(pieces)
    return shown_text if used == len(text) else f"{shown_text}... ({len(text) - used:,} more characters)"


MESSAGE_LIMIT = 2000
"""Most characters of one check's message that a report shows."""

NOTE_LIMIT = 500
"""Most characters of one note that a report shows."""


def feedback(graded: Graded) -> str:
    """Return one student's feedback: each check, passed or what it said in full, then the notes
    (control characters escaped, each message at most MESSAGE_LIMIT characters)."""
    lines = [f"{graded.student}: {points(graded.total)} of {points(sum(v.points for v in graded.marks))} points"]
    lines += [f"  note: {printable(note, keep='', most=NOTE_LIMIT)}" for note in graded.notes]
    for mark in graded.marks:
        lines.append(f"  {mark.exercise}: " + ("pass" if mark.passed else "FAIL"))
        if not mark.passed:
            lines += ["      " + line for line in printable(mark.message, most=MESSAGE_LIMIT).splitlines()]
    return "\n".join(lines) + "\n"


def csv_cell(text: str) -> str:
    """Return text as a spreadsheet shows it and does not run: a leading =, +, -, @, tab or carriage
    return (a formula, to Excel and LibreOffice) gets a ' in front."""
    return "'" + text if text.startswith(("=", "+", "-", "@", "\t", "\r")) else text


def points(value: float) -> str:
    """Return points as grades.csv writes them: 1, 0.5."""
    return f"{value:g}"


def grade_class(solution: Path, submissions: Sequence[Path], out: Path, *, seed: int, jobs: Optional[int] = None,
                call_timeout: Optional[float] = None, check_timeout: float = CHECK_TIMEOUT) -> list[Graded]:
    """Grade every submission, `jobs` at a time (default: the cores); write grades.csv, feedback/
    and report.txt to `out`, which must be new or empty; return the results by student name."""
    names = [student_name(Path(s)) for s in submissions]
    repeated = sorted({n for n in names if names.count(n) > 1})
    if repeated:
        raise ValueError(f"two submissions share a name: {', '.join(repeated)}; rename one")
    if out.exists() and not out.is_dir():
        raise ValueError(f"{out} is a file, not a folder: grade into a new folder")
    if out.exists() and any(out.iterdir()):
        raise ValueError(f"{out} is not empty: grade into a new folder")
    check_limits(jobs=jobs, call_timeout=call_timeout, check_timeout=check_timeout)
    reference = read_solution(solution)
    apply_settings(reference)  # refuses a setting no check knows, or a value its setter refuses, before any work
    if not exercises(reference):  # a solution whose checks cannot be graded stops here, before any work
        raise ValueError(f"the solution {solution} has no check cells (grading.check_<exercise>(...)): "
                         "nothing to grade")
    prelude_source(reference, solution.stem)
    check_sandbox()
    jobs = max(1, jobs or os.cpu_count() or 1)
    grade = functools.partial(grade_submission, solution, seed=seed, call_timeout=call_timeout,
                              check_timeout=check_timeout)
    results = grade_apart(grade, submissions, jobs, exercises(reference))
    results.sort(key=lambda g: g.student)
    write_results(out, solution, results, seed=seed, call_timeout=call_timeout, check_timeout=check_timeout)
    return results


def grade_apart(grade: Callable[[Path], Graded], submissions: Sequence[Path], jobs: int,
                checks: Sequence[CheckCell]) -> list[Graded]:
    """Return grade(s) for every submission, graded in processes of their own, `jobs` at a time. A
    submission whose grading ends its process (by killing it, say) is graded again alone; if it ends
    that one too, its row says so and it earns nothing. The others are graded as usual."""
    results: dict[int, Graded] = {}
    with _pool(jobs) as pool:
        futures = {index: pool.submit(grade, path) for index, path in enumerate(submissions)}
        for index, future in futures.items():
            with contextlib.suppress(BrokenProcessPool):
                results[index] = _result(future, submissions[index], checks)
    for index, path in enumerate(submissions):
        if index not in results:
            with _pool(1) as alone:
                try:
                    results[index] = _result(alone.submit(grade, path), path, checks)
                except BrokenProcessPool:
                    results[index] = not_graded(Graded(student_name(Path(path))), checks,
                                                "grading it ended the grader's process (did it kill it?)")
    return [results[index] for index in range(len(submissions))]


def _pool(jobs: int) -> ProcessPoolExecutor:
    """Return a pool of `jobs` new processes (spawned: they share none of this one's state), each
    given the package's shapes (copies.py), parsed here once rather than in each."""
    return ProcessPoolExecutor(max_workers=jobs, mp_context=multiprocessing.get_context("spawn"),
                               initializer=copies.know_package_shapes, initargs=(copies.package_shapes(),))


def _result(future: Future[Graded], path: Path, checks: Sequence[CheckCell]) -> Graded:
    """Return a submission's row from its future; a grader's error on it (not a lost process) is a note."""
    try:
        graded: Graded = future.result()
        return graded
    except BrokenProcessPool:
        raise
    except Exception as error:  # noqa: BLE001 - one submission never stops the class
        return not_graded(Graded(student_name(Path(path))), checks, f"the grader failed on it ({type(error).__name__})")


MOST_SECONDS = 24 * 3600.0
"""The longest time limit grading accepts (a day): more is a typing mistake, and beyond what the
system's timers and resource limits take."""


def check_limits(*, jobs: Optional[int], call_timeout: Optional[float], check_timeout: float) -> None:
    """Raise ValueError naming the setting (and its option) when `jobs` is not a whole number >= 0
    (0 or None: one per core) or a time limit is not a number of seconds > 0 and at most
    MOST_SECONDS (call_timeout None: the defaults)."""
    if jobs is not None:
        whole_number(jobs, "jobs (--jobs; 0: one per core)", 0)
    for name, seconds in (("call_timeout (--call-timeout)", call_timeout), ("check_timeout (--check-timeout)",
                                                                            check_timeout)):
        if seconds is not None and (positive_number(seconds, f"{name}, in seconds,") > MOST_SECONDS):
            raise ValueError(f"{name} must be at most {MOST_SECONDS:g} s (a day), got {shown(seconds)}")


def read_solution(path: Path) -> Notebook:
    """Return the solution notebook at `path`; raise ValueError saying why it cannot be read."""
    return assignments.read_notebook(path, "the solution")


def write_results(out: Path, solution: Path, results: Sequence[Graded], *, seed: int, call_timeout: Optional[float],
                  check_timeout: float) -> None:
    """Write grades.csv, feedback/<student>.txt and report.txt (no times or dates: a re-grade with
    the same seed writes the same bytes)."""
    (out / "feedback").mkdir(parents=True, exist_ok=True)
    columns = [v.exercise for v in results[0].marks] if results else []
    with (out / "grades.csv").open("w", newline="", encoding="utf-8") as file:
        writer = csv.writer(file, lineterminator="\n")
        writer.writerow(["student", *columns, "total"])
        for graded in results:
            by_name = {v.exercise: v for v in graded.marks}
            writer.writerow([csv_cell(graded.student), *(points(by_name[c].earned) if c in by_name else "" for c in columns),
                             points(graded.total)])
    for graded in results:
        (out / "feedback" / f"{graded.student}.txt").write_text(feedback(graded), encoding="utf-8")
    sandbox = sandbox_name()
    limits = ", ".join(f"{name}" for name in LIMITS)
    header = [f"assignment: {solution.stem}", f"seed: {seed} (grade again with --seed {seed})",
              f"sandbox: {sandbox}: {SANDBOX_NOTE[sandbox]}",
              f"limits: {call_limits(solution.stem, call_timeout)}, {check_timeout:g} s a check; {limits} limited",
              f"students: {len(results)}", ""]
    (out / "report.txt").write_text("\n".join(header) + "".join(feedback(g) for g in results), encoding="utf-8")


def call_limits(assignment: str, call_timeout: Optional[float]) -> str:
    """Return the seconds a call may take, as report.txt states them."""
    quick = PRELUDES[assignment].quick if assignment in PRELUDES else ()
    if call_timeout is not None or not quick:
        return f"{call_timeout or CALL_TIMEOUT:g} s a call"
    return f"{QUICK_CALL_TIMEOUT:g} s a call of {', '.join(quick)}, {CALL_TIMEOUT:g} s of the others"


def read_csv(path: Path) -> list[dict[str, str]]:
    """Return grades.csv's rows as dicts."""
    with path.open(newline="", encoding="utf-8") as file:
        return list(csv.DictReader(file))


def summary_line(graded: Graded) -> str:
    """Return a student's line on the terminal."""
    failed = [v.exercise for v in graded.marks if not v.passed]
    return f"{graded.student}: {points(graded.total)} points" + (f"; failed {', '.join(failed)}" if failed else "")


def main(argv: Optional[Sequence[str]] = None) -> int:
    """Command line: grade submissions; exit 0 when grading ran (whatever the grades), 1 when it could
    not, 2 on a usage error."""
    parser = argparse.ArgumentParser(prog="python -m minimax_lab.grading.class_grades",
                                     description="Grade a class's notebooks against a solution notebook.")
    parser.add_argument("solution", type=Path, help="the assignment's solution notebook")
    parser.add_argument("submissions", type=Path, nargs="+", help="the students' notebooks")
    parser.add_argument("--out", type=Path, help="a new output folder (default build/graded/<assignment>-<now>)")
    parser.add_argument("--seed", type=int, help="the seed of the random cases (default: a new one)")
    parser.add_argument("--jobs", type=int, default=None, help="submissions graded at once (default: cores)")
    parser.add_argument("--call-timeout", type=float, default=None,
                        help=f"seconds per call of every function (default: {QUICK_CALL_TIMEOUT:g} for the "
                             f"assignment's quick functions, {CALL_TIMEOUT:g} for the others)")
    parser.add_argument("--check-timeout", type=float, default=CHECK_TIMEOUT, help="seconds per check")
    args = parser.parse_args(argv)
    if not args.solution.is_file():
        parser.error(f"no solution notebook at {args.solution}")
    try:
        check_limits(jobs=args.jobs, call_timeout=args.call_timeout, check_timeout=args.check_timeout)
    except ValueError as error:
        parser.error(str(error))
    seed = args.seed if args.seed is not None else secrets.randbelow(10 ** 9)
    now = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
    out = args.out or Path("build/graded") / f"{args.solution.stem}-{now}"
    try:
        results = grade_class(args.solution, args.submissions, out, seed=seed, jobs=args.jobs,
                              call_timeout=args.call_timeout, check_timeout=args.check_timeout)
    except (ValueError, SandboxUnavailable) as error:
        print(f"grading did not run: {error}", file=sys.stderr)
        return 1
    print(f"graded {args.solution.name}: {len(results)} submissions, seed {seed}, sandbox {sandbox_name()}; "
          f"{out / 'grades.csv'} (feedback in {out / 'feedback'}, all in {out / 'report.txt'})")
    for graded in results:
        print(summary_line(graded))  # names and notes escaped: nothing a submission holds moves the cursor
    return 0


if __name__ == "__main__":
    sys.exit(main())
