"""Tests for devtools.course_stats: the counting on a small notebook, the README's table
current, and the course's targets (every lesson in one sitting, with code to write and something
to do in every section)."""

import json

import pytest

from devtools import course_stats
from devtools.course_stats import MAX_MINUTES, course_stats as all_stats, lesson_stats


def notebook(tmp_path, cells):
    path = tmp_path / "01_tiny.ipynb"
    path.write_text(json.dumps({"cells": [{"cell_type": kind, "metadata": {}, "source": source}
                                          for kind, source in cells]}))
    return path


def test_a_lesson_is_counted_by_the_formula(tmp_path):
    path = notebook(tmp_path, [
        ("markdown", "# Tiny\n\n" + "word " * 198),
        ("code", "from minimax_lab.checks import minimax_values as check"),
        ("markdown", "## 1. Predict"),
        ("code", "check.predicted_move(...)"),
        ("markdown", "## 2. Write it"),
        ("code", "def min_value(tree):\n    ...\ncheck.min_value(min_value)\ncheck.min_value(min_value)"),
        ("markdown", "<details><summary>Solution</summary>\n\n```python\ndef min_value(tree):\n\n    return 1\n```\n</details>"),
        ("markdown", "## 3. Only reading"),
        ("code", "PruningPractice(tree)"),
        ("markdown", "## 4. Nothing to do"),
        ("code", "check.not_an_exercise(1)"),
        ("markdown", "## Summary"),
    ])
    stats = lesson_stats(path)
    # headings count as words, and the <details> block's four tokens; the solution's lines are code lines
    assert stats.words == 200 + 3 + 4 + 4 + 4 + 5 + 2 and stats.code_cells == 5
    assert stats.code_lines == 1 + 1 + 4 + 1 + 1 + 2 and stats.solution_lines == {"min_value": 2}
    assert stats.exercises == {"predict": ["predicted_move"], "code": ["min_value"], "check-yourself": []}
    assert stats.widgets == 1 and stats.idle_sections == ["4. Nothing to do"]
    words = stats.words + 8 * stats.code_lines
    assert stats.minutes == pytest.approx(words / 100 + 5 / 2 + (2 + 2) + 2 + 4)


def test_a_printed_listing_counts_as_code_lines():
    listing = {"output_type": "stream", "name": "stdout", "text": "def f(x):\n    return x\n\n"}
    table = {"output_type": "stream", "name": "stdout", "text": "depth leaves\n1 3\n"}
    assert course_stats.printed_listing_lines(listing) == 2 and course_stats.printed_listing_lines(table) == 0


def test_the_readme_shows_the_table_the_lessons_make():
    readme = (course_stats.ROOT / "README.md").read_text(encoding="utf-8")
    assert course_stats.README.stored(readme) == course_stats.readme_block(all_stats()), \
        "README.md's lesson table is out of date: run `make course-stats`"


def test_every_lesson_fits_one_sitting_with_code_to_write_and_something_to_do_in_every_section():
    stats = all_stats()
    assert len(stats) >= 12
    for lesson in stats:
        assert lesson.minutes <= MAX_MINUTES, f"{lesson.name} takes {lesson.minutes:.0f} min"
        if not lesson.name.startswith("00"):
            assert lesson.exercises["code"], f"{lesson.name} has no code exercise"
            assert not lesson.idle_sections, f"{lesson.name}: sections with nothing to do: {lesson.idle_sections}"
