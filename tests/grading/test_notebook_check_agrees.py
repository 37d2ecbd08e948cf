"""The check cell in a student's notebook says what `make grade` will give (issue 36, item 12): a
check run in a kernel runs the kernel's answers in the grader's sandbox (grading.in_notebook), so
for every submission here the check cells that pass when the notebook runs top to bottom are the
exercises `make grade` gives points, and no others. The submissions: the honest but unusual
answers of test_grade_attacks, and the answers that passed in the notebook and earned 0 when
graded (the course's own evaluation handed to the check, lesson 4's ordering imported from the
course, an evaluation that runs the course's search)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any, Callable, Optional

import pytest
from test_grade_attacks import HONEST_VARIANTS
from test_grade_isolation import SOLUTIONS, solution, submit

from minimax_lab.grading import assignments, class_grades
from minimax_lab.running.kernel import kernel_cells, names_of

pytestmark = pytest.mark.slow  # runs notebooks in IPython and grades them in sandboxed workers

RUN_AS_KERNEL = r"""
import json, sys
from IPython.core.interactiveshell import InteractiveShell
notebook = json.load(open(sys.argv[1], encoding="utf-8"))
shell = InteractiveShell.instance()
passed = {}
for cell in notebook["cells"]:
    if cell.get("cell_type") != "code":
        continue
    source = "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]
    result = shell.run_cell(source, store_history=True)
    if "grading.check_" in source:
        name = source.split("grading.check_")[1].split("(")[0]
        ok = result.error_in_exec is None and result.error_before_exec is None
        passed[name] = passed.get(name, True) and ok  # every cell that checks it passes
print("PASSED " + json.dumps(passed))
"""


def in_the_notebook(path: Path) -> dict[str, bool]:
    """Run the notebook's code cells top to bottom in an IPython shell, as a student would; return
    which check cells passed, by exercise."""
    run = subprocess.run([sys.executable, "-c", RUN_AS_KERNEL, str(path)], capture_output=True, text=True,
                         timeout=600, cwd=SOLUTIONS.parent.parent)
    line = next((line for line in run.stdout.splitlines() if line.startswith("PASSED ")), None)
    assert line is not None, run.stdout[-3000:] + run.stderr[-3000:]
    return dict(json.loads(line.removeprefix("PASSED ")))


def graded(path: Path, name: str) -> dict[str, bool]:
    """Return which exercises `make grade` gives their points."""
    result = class_grades.grade_submission(SOLUTIONS / f"{name}.ipynb", path, seed=0)
    return {mark.exercise: mark.passed for mark in result.marks}


def check_cell_is(name: str, call: str) -> Callable[[Any], None]:
    """An edit: the check cell of exercise `name` calls `call` instead."""
    def edit(notebook: Any) -> None:
        for cell in notebook["cells"]:
            if f"grading.check_{name}(" in assignments.cell_source(cell):
                cell["source"] = call
    return edit


LESSON_4_ORDERING = ("from minimax_lab.checks.move_ordering import LINES_THROUGH, PREFERENCE\n\n"
                     "def order_moves(game, state, actions, path):\n"
                     "    me = game.to_move(state)\n    you = 'O' if me == 'X' else 'X'\n\n"
                     "    def completes(square, player):\n"
                     "        return any(sum(state.board[i] == player for i in line) == 2 for line in LINES_THROUGH[square])\n\n"
                     "    return sorted(actions, key=lambda square: (not completes(square, me), "
                     "not completes(square, you), PREFERENCE.index(square)))\n")
ENGINE_EVALUATION = ("from minimax_lab import alphabeta\n\n"
                     "def evaluate(state):\n"
                     "    value = alphabeta(game, state).value\n"
                     "    return 0.9 if value > 0 else -0.9 if value < 0 else 0.0\n")

CASES: dict[str, tuple[str, dict[int, Optional[str]], Optional[Callable[[Any], None]]]] = {
    **{f"assignment 1, {kind}": ("assignment1_minimax", answers, edit)
       for kind, (answers, edit) in HONEST_VARIANTS.items()},
    "assignment 1, the solution": ("assignment1_minimax", {}, None),
    "assignment 5, the course's evaluation handed to the check": (
        "assignment5_connect_four", {-1: ""}, check_cell_is("connect_four_evaluation",
                                                            "grading.check_connect_four_evaluation(game.evaluate)")),
    "assignment 5, the course's evaluation as the answer": ("assignment5_connect_four",
                                                            {0: "evaluate = game.evaluate\n", -1: ""}, None),
    "assignment 3, lesson 4's ordering with the course's tables": ("assignment3_player", {1: LESSON_4_ORDERING, -1: ""}, None),
    "assignment 3, an evaluation that runs the course's search": ("assignment3_player", {0: ENGINE_EVALUATION, -1: ""}, None),
}


@pytest.mark.parametrize("case", list(CASES))
def test_the_check_cells_that_pass_are_the_exercises_graded_full(tmp_path: Path, case: str) -> None:
    name, answers, edit = CASES[case]
    path = submit(tmp_path, name, answers, edit=edit)
    notebook, grade = in_the_notebook(path), graded(path, name)
    assert notebook == grade, case
    if case.endswith("the solution") or name == "assignment1_minimax":
        assert all(grade.values()), grade
    else:
        assert not all(grade.values()), grade  # each of the others loses a point it passed before


def test_kernel_cells_are_the_last_definitions_and_what_they_read() -> None:
    history = ["", "import math\nW = 1", "def f(x):\n    return g(x) + W", "W = 2", "def g(x):\n    return x",
               "def f(x):\n    return g(x) * W", "print(f(3))", "grading.check_f(f)"]
    cells = kernel_cells(["f"], history, "import math\n")
    assert [label for label, _ in cells] == ["cell In[3]", "cell In[4]", "cell In[5]"]
    given = "from minimax_lab.core.trees import is_leaf\n"
    own = [given, "def is_leaf(t):\n    return True", "def f(t):\n    return is_leaf(t)"]
    assert [label for label, _ in kernel_cells(["f"], own, given)] == ["cell In[1]", "cell In[2]"]  # the student's is_leaf
    assert [label for label, _ in kernel_cells(["f"], [own[0], own[2]], given)] == ["cell In[1]"]  # the prelude's
    assert names_of("await x\ny = 1") == ({"y"}, {"x"})  # top-level await: read by its syntax tree
    assert names_of("def h(a):\n    return [b for b in a if b in T]") == ({"h"}, {"T"})

