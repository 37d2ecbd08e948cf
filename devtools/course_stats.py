"""How long each lesson takes to study, and what a student does in it, counted from the notebooks.

    python -m devtools.course_stats            prints the table
    python -m devtools.course_stats --readme   rewrites the table in README.md

Study time, in minutes, is counted as the course's guide (COURSE.md) counts it: words / 100, where
a line of code the lesson shows counts as 8 words (its code cells, its worked solutions and the
listings it prints); ½ per code cell; 2 per code exercise plus 1 per line of its worked solution (the
first Python block of the <details> block after it); 2 per prediction; 1 per Check-yourself
question; 4 per practice widget. An exercise is a
call `check.<name>(...)` of the lesson's checks (`from minimax_lab.checks import ... as check`)
whose check is an Exercise (checks.core), counted once by name and by its kind; a practice widget
is a cell that builds one of checks.practice's widgets. A `##` section "has something to do" when
it holds an exercise or a practice widget; the closing sections (Summary, Further reading) need none.

The course's targets (tests/devtools/test_course_stats.py): every lesson at most MAX_MINUTES, every lesson
from 01 on with a code exercise and no section without something to do.
"""

from __future__ import annotations

import argparse
import importlib
import json
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Optional

from minimax_lab.checks import practice
from minimax_lab.checks.core import EXERCISE_KINDS, Exercise
from .readme_blocks import ReadmeBlock

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"

MAX_MINUTES = 50
"""The longest a lesson may take, by the formula above: one sitting."""

MINUTES = {"markdown words": 1 / 100, "code cell": 1 / 2, "code": 2, "solution line": 1, "predict": 2,
           "check-yourself": 1, "practice widget": 4}
"""Minutes per word read, code cell, exercise of each kind (a code exercise: 2, and 1 more per line of
its worked solution) and practice widget."""

WORDS_PER_CODE_LINE = 8
"""Words a line of code the lesson shows counts as: its code cells' lines, and the lines of the
listings it prints (an output holding a `def`)."""

SOLUTION = re.compile(r"<details>.*?```python\n(.*?)```", re.DOTALL)
"""A worked solution: the first Python block of a collapsed <details> block."""

CLOSING_SECTIONS = ("Summary", "Further reading")
"""The sections that close a lesson and ask nothing of the student."""

PRACTICE_WIDGETS = tuple(sorted(name for name in vars(practice)
                                if name.endswith("Practice") and isinstance(getattr(practice, name), type)))
"""The practice widgets a lesson can build (checks.practice)."""

CHECKS_IMPORT = re.compile(r"from minimax_lab\.checks import (\w+) as check\b")
CHECK_CALL = re.compile(r"\bcheck\.(\w+)\(")
WIDGET_CALL = re.compile(r"\b(" + "|".join(PRACTICE_WIDGETS) + r")\(") if PRACTICE_WIDGETS else None


@dataclass
class LessonStats:
    """What one lesson asks of a student: its words, code cells, exercises by kind, practice
    widgets, and the `##` sections with nothing to do."""

    name: str
    words: int = 0
    code_lines: int = 0
    code_cells: int = 0
    solution_lines: dict[str, int] = field(default_factory=dict)
    """The lines of each code exercise's worked solution (blank lines left out)."""
    exercises: dict[str, list[str]] = field(default_factory=lambda: {kind: [] for kind in EXERCISE_KINDS})
    widgets: int = 0
    idle_sections: list[str] = field(default_factory=list)

    @property
    def minutes(self) -> float:
        """The study time by the formula (MINUTES)."""
        return ((self.words + WORDS_PER_CODE_LINE * self.code_lines) * MINUTES["markdown words"]
                + self.code_cells * MINUTES["code cell"]
                + sum(len(names) * MINUTES[kind] for kind, names in self.exercises.items())
                + sum(self.solution_lines.values()) * MINUTES["solution line"]
                + self.widgets * MINUTES["practice widget"])


def lessons(folder: Path = NOTEBOOKS) -> list[Path]:
    """Return the lesson notebooks, in order: NN_name.ipynb in the notebooks folder."""
    return sorted(path for path in folder.glob("[0-9][0-9]_*.ipynb"))


def lesson_stats(path: Path) -> LessonStats:
    """Count one lesson notebook."""
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    stats = LessonStats(path.stem)
    checks: Optional[Any] = None
    section: Optional[str] = None
    busy = False
    seen: set[str] = set()

    def close(section: Optional[str], busy: bool) -> None:
        if section is not None and not busy and not section.startswith(CLOSING_SECTIONS):
            stats.idle_sections.append(section)

    unsolved: list[str] = []  # code exercises whose worked solution is still to come
    for cell in cells:
        source = "".join(cell.get("source", ""))
        if cell["cell_type"] == "markdown":
            solution = SOLUTION.search(source)
            if solution and unsolved:
                stats.solution_lines[unsolved.pop(0)] = sum(1 for line in solution.group(1).split("\n") if line.strip())
                source = source[:solution.start(1)] + source[solution.end(1):]  # its lines count as code lines
                stats.code_lines += stats.solution_lines[next(reversed(stats.solution_lines))]
            stats.words += len(source.split())
            for line in source.split("\n"):
                if line.startswith("## "):
                    close(section, busy)
                    section, busy = line[3:].strip(), False
            continue
        if cell["cell_type"] != "code":
            continue
        stats.code_cells += 1
        stats.code_lines += sum(1 for line in source.split("\n") if line.strip())
        stats.code_lines += sum(printed_listing_lines(output) for output in cell.get("outputs", []))
        imported = CHECKS_IMPORT.search(source)
        if imported:
            checks = importlib.import_module(f"minimax_lab.checks.{imported.group(1)}")
        for name in CHECK_CALL.findall(source):
            found = getattr(checks, name, None) if checks is not None else None
            if not isinstance(found, Exercise):
                continue
            busy = True
            if name not in seen:
                seen.add(name)
                stats.exercises[found.kind].append(name)
                if found.kind == "code":
                    unsolved.append(name)
        if WIDGET_CALL is not None and WIDGET_CALL.search(source):
            stats.widgets += 1
            busy = True
    close(section, busy)
    return stats


def printed_listing_lines(output: Any) -> int:
    """Return the lines of a printed code listing (an output whose text holds a `def` line), else 0."""
    text = output.get("text") or output.get("data", {}).get("text/plain", "")
    text = "".join(text) if isinstance(text, list) else str(text)
    if not re.search(r"^\s*def \w+\(", text, re.MULTILINE):
        return 0
    return sum(1 for line in text.split("\n") if line.strip())


def course_stats(folder: Path = NOTEBOOKS) -> list[LessonStats]:
    """Return the counts of every lesson."""
    return [lesson_stats(path) for path in lessons(folder)]


def table(stats: list[LessonStats]) -> str:
    """Return the counts as a Markdown table: study time, exercises by kind, widgets, and the
    sections with nothing to do."""
    rows = ["| lesson | study time | predict | code | check yourself | practice widgets | sections with nothing to do |",
            "|---|--:|--:|--:|--:|--:|---|"]
    for lesson in stats:
        idle = ", ".join(lesson.idle_sections) or "none"
        counts = " | ".join(str(len(lesson.exercises[kind])) for kind in EXERCISE_KINDS)
        rows.append(f"| {lesson.name} | {lesson.minutes:.0f} min | {counts} | {lesson.widgets} | {idle} |")
    return "\n".join(rows)


README = ReadmeBlock("<!-- course-stats: made by make course-stats -->", "<!-- end of course-stats -->")
"""The README's block that holds the table."""


def readme_block(stats: list[LessonStats]) -> str:
    """Return the README's block: the markers around the table."""
    return README.made(table(stats))


def main(argv: Optional[list[str]] = None) -> int:
    """Command line: print the table; --readme writes it into README.md."""
    parser = argparse.ArgumentParser(prog="python -m devtools.course_stats", description=__doc__.split("\n\n")[0])
    parser.add_argument("--readme", action="store_true", help="rewrite the table in README.md")
    args = parser.parse_args(argv)
    stats = course_stats()
    print(table(stats))
    if args.readme and not README.rewrite(ROOT / "README.md", table(stats)):
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
