"""The student edition: the course without its solutions, ready to push as its own repository.

    python -m devtools.release DEST        (make release DEST=...)

Copies every file of this repository that git tracks (committed, or staged with `git add`) to DEST,
except the instructor's (INSTRUCTOR_ONLY: the solution notebooks, the generated class of
submissions, the tests that read the solutions), and puts a note at the top of the README. Then it
checks the edition: no `### BEGIN SOLUTION` marker and no solution region anywhere
(`leaked_lines`). DEST must not exist or be empty; it becomes a fresh git repository with one
commit, so `git push` publishes it. Its `make test` runs everything a student's copy can run,
so the edition keeps devtools/ (the nbval plugin its `make test` loads, the tools its Makefile runs).
"""

from __future__ import annotations

import argparse
import fnmatch
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Optional, Sequence

ROOT = Path(__file__).resolve().parents[1]

INSTRUCTOR_ONLY = (
    "notebooks/solutions/*",
    "scripts/sample_class.py",
    "tests/grading/test_assignments.py",
    "tests/grading/test_grading.py",
    "tests/grading/test_grade_class.py",
    "tests/grading/test_grade_attacks.py",
    "tests/grading/test_memorised_answers.py",
    "tests/running/test_guard.py",
    "tests/devtools/test_release.py",
    "tests/devtools/test_test_order.py",
)
"""Paths (fnmatch patterns) left out of the student edition. A test module that reads the solution
notebooks is left out too, whether listed or not (reads_solutions); the two grading tests listed here
read them through test_grade_isolation's helpers."""

NOTE = """> **Student edition.** This repository holds the lessons, the assignment handouts
> (`notebooks/assignments/`), the package and its tests. The assignments' solutions and the
> grading tools' solution-based tests stay with the instructors; the README's instructor sections
> describe a copy that has them.

"""


def tracked_files(root: Path = ROOT) -> list[str]:
    """Return the files git tracks in `root` (committed or staged), never an untracked one: a stray
    `notebooks/submissions/` or `build/` stays out of the edition, ignored or not."""
    listed = subprocess.run(["git", "ls-files", "--cached", "-z"],
                            cwd=root, capture_output=True, check=True).stdout.decode()
    return sorted(p for p in listed.split("\0") if p and (root / p).is_file())


def reads_solutions(path: Path, root: Path = ROOT) -> bool:
    """Return True for a test module (a .py file under root/tests/) that reads the solution notebooks."""
    if not (path.suffix == ".py" and path.is_relative_to(root / "tests")):
        return False
    text = path.read_text(encoding="utf-8", errors="replace")
    return bool(re.search(r"""["']solutions["']|notebooks/solutions""", text))


def test_imports(path: Path) -> list[str]:
    """Return the sibling test modules (`test_*`) that a test module imports."""
    if not (path.suffix == ".py" and path.is_file()):
        return []
    text = path.read_text(encoding="utf-8", errors="replace")
    return re.findall(r"^(?:from|import)\s+(test_\w+)", text, flags=re.MULTILINE)


def is_instructor_only(relative: str, root: Path = ROOT, _seen: Optional[set[str]] = None) -> bool:
    """Return True for a file the student edition leaves out: one listed in INSTRUCTOR_ONLY, a test
    module that reads the solution notebooks, and a test module that imports one left out (the
    student edition's tests must collect without it)."""
    if any(fnmatch.fnmatch(relative, pattern) for pattern in INSTRUCTOR_ONLY) or \
            reads_solutions(root / relative, root):
        return True
    seen = _seen if _seen is not None else {relative}
    folder = Path(relative).parent
    for module in test_imports(root / relative):
        imported = (folder / f"{module}.py").as_posix()
        if imported not in seen:
            seen.add(imported)
            if is_instructor_only(imported, root, seen):
                return True
    return False


def edition_files(root: Path = ROOT) -> list[str]:
    """Return the files of the student edition, relative to `root`."""
    return [p for p in tracked_files(root) if not is_instructor_only(p, root)]


def solution_notebook_regions(root: Path = ROOT) -> list[list[str]]:
    """Return the code of every solution region of the solution notebooks, as stripped lines
    (markers and hint lines left out)."""
    from minimax_lab.grading.assignments import solution_regions as regions_of
    regions: list[list[str]] = []
    for notebook in sorted((root / "notebooks" / "solutions").glob("*.ipynb")):
        for cell in json.loads(notebook.read_text(encoding="utf-8"))["cells"]:
            for region in regions_of("".join(cell.get("source", ""))):
                regions.append([line.strip() for line in region if line.strip()])
    return regions


def leaked_lines(edition: Path, regions: Sequence[Sequence[str]], course_code: set[str]) -> list[str]:
    """Return 'file: line' for every line of a solution region found in the edition, except short
    lines (under MIN_LINE characters, such as `return 1`) and lines that are also the course's own
    code shown to students anyway (`course_code`: the lines of the package and the lessons, such as
    `if game.is_terminal(state):`); and every notebook holding a solution marker."""
    wanted = {line for region in regions for line in region
              if len(line) >= MIN_LINE and line not in course_code}
    found = []
    for path in sorted(p for p in edition.rglob("*") if p.is_file() and ".git" not in p.parts):
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue
        if path.suffix == ".ipynb":
            text = "\n".join("".join(c.get("source", "")) + "\n" + json.dumps(c.get("outputs", []))
                             for c in json.loads(text).get("cells", []))
        lines = {line.strip() for line in text.split("\n")}
        relative = path.relative_to(edition)
        found += [f"{relative}: {line}" for line in sorted(wanted & lines)]
        if path.suffix == ".ipynb" and ("### BEGIN SOLUTION" in text or "### END SOLUTION" in text):
            found.append(f"{relative}: a solution marker")
    return found


MIN_LINE = 12
"""Solution lines shorter than this (`return 1`, `break`) are too common to be a leak."""


def course_code_lines(root: Path = ROOT) -> set[str]:
    """Return the stripped lines of the course's own code: the package (grading excluded) and its
    developer tooling (devtools/), the tests that are not about the assignments, and the lessons'
    code cells. A solution line that also appears there (`for move in game.actions(state):`) is
    common code, not a leak."""
    lines: set[str] = set()
    package = [path for path in (root / "minimax_lab").rglob("*.py") if "grading" not in path.parts]
    package += sorted((root / "devtools").glob("*.py"))
    tests = [path for path in (root / "tests").rglob("test_*.py")
             if not path.name.startswith(("test_grading", "test_assignments", "test_grade", "test_release"))]
    for path in package + tests:
        lines |= {line.strip() for line in path.read_text(encoding="utf-8").split("\n")}
    for notebook in (root / "notebooks").glob("[0-9]*.ipynb"):
        for cell in json.loads(notebook.read_text(encoding="utf-8"))["cells"]:
            lines |= {line.strip() for line in "".join(cell.get("source", "")).split("\n")}
    return lines


def release(dest: Path, root: Path = ROOT, *, commit: bool = True) -> list[str]:
    """Write the student edition to `dest`; return its files. Raises ValueError when `dest` is not
    empty or when solution text would be published."""
    dest = Path(dest)
    if dest.exists() and not dest.is_dir():
        raise ValueError(f"{dest} is a file; the student edition needs a new folder")
    if dest.exists() and any(dest.iterdir()):
        raise ValueError(f"{dest} is not empty; the student edition needs a new folder")
    if dest.resolve() == root.resolve() or root.resolve() in dest.resolve().parents:
        raise ValueError(f"{dest} is inside this repository; choose a folder outside it")
    files = edition_files(root)
    for relative in files:
        target = dest / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(root / relative, target)
    readme = dest / "README.md"
    if readme.exists():
        readme.write_text(NOTE + readme.read_text(encoding="utf-8"), encoding="utf-8")
    leaks = leaked_lines(dest, solution_notebook_regions(root), course_code_lines(root))
    if leaks:
        shutil.rmtree(dest)
        raise ValueError("solution text would be published:\n  " + "\n  ".join(leaks[:20]))
    if commit:
        git = ["git", "-c", "user.name=minimax-lab release", "-c", "user.email=release@minimax-lab.invalid"]
        subprocess.run(["git", "init", "-q"], cwd=dest, check=True)
        subprocess.run(git + ["add", "-A"], cwd=dest, check=True)
        subprocess.run(git + ["commit", "-q", "-m", "minimax-lab, student edition"], cwd=dest, check=True)
    return files


def main(argv: Optional[Sequence[str]] = None) -> int:
    """Command line: write the student edition to DEST."""
    parser = argparse.ArgumentParser(prog="python -m devtools.release", description=__doc__.split("\n")[0])
    parser.add_argument("dest", type=Path, help="a new (or empty) folder outside this repository")
    parser.add_argument("--no-commit", action="store_true", help="do not make DEST a git repository")
    args = parser.parse_args(argv)
    try:
        files = release(args.dest, commit=not args.no_commit)
    except ValueError as error:
        print(f"make release: {error}", file=sys.stderr)
        return 2
    left_out = len(tracked_files()) - len(files)
    print(f"wrote the student edition to {args.dest}: {len(files)} files ({left_out} instructor-only left out); "
          f"no solution text found in it")
    return 0


if __name__ == "__main__":
    sys.exit(main())
