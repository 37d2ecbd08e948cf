"""A lesson's code exercise checked in a notebook runs the student's function as make grade runs
one (running.kernel.in_worker): the kernel's cells that define it go to the grader's sandboxed
worker, and the check calls it there. Each exercise with a prelude is tried here with its lesson's
worked solution, its stored stub and an answer that uses the course's own search, the kernel's
history as a notebook would hold it, and a kernel function that fails the test if it is called."""

import importlib
import re

import pytest
from lesson_notebooks import NOTEBOOKS, cell_source, lesson_cells, solution_blocks

from minimax_lab.checks.core import Exercise
from minimax_lab.running import kernel
from minimax_lab.running.sandbox import SandboxUnavailable, check_sandbox


def code_exercises():
    """Yield (lesson, the check module, the exercise, the function it is given, the cell's index)
    for every code exercise the lessons check."""
    for path in sorted(NOTEBOOKS.glob("[0-9]*.ipynb")):
        code = [cell_source(cell) for cell in lesson_cells(path.name) if cell["cell_type"] == "code"]
        module = re.search(r"from minimax_lab\.checks import (\w+) as check", code[0])
        if module is None:
            continue
        checks = importlib.import_module(f"minimax_lab.checks.{module.group(1)}")
        for index, source in enumerate(code):
            for name, function in re.findall(r"^check\.(\w+)\((\w+)\)", source, re.M):
                found = getattr(checks, name, None)
                if isinstance(found, Exercise) and found.kind == "code":
                    yield path.stem, found, function, code, index


EXERCISES = {f"{lesson}:{exercise.check.__name__}": (lesson, exercise, function, code, index)
             for lesson, exercise, function, code, index in code_exercises()}
IN_WORKER = [key for key, (_, exercise, *_) in EXERCISES.items() if exercise.prelude is not None]


@pytest.fixture(autouse=True)
def sandbox_or_skip():
    try:
        check_sandbox()
    except SandboxUnavailable as why:
        pytest.skip(f"no worker can start here: {why}")


def run_in_notebook(monkeypatch, key, answer=None):
    """Return the verdict of exercise `key` as its check cell gives it in a kernel that has run the
    lesson's cells up to it, the exercise's cell holding `answer` in place of its stub (kept when
    None) above the check call."""
    lesson, exercise, function, code, index = EXERCISES[key]
    cell = code[index]
    if answer is not None:
        cell = cell[:cell.index(f"def {function}(")] + answer + "\n\n" + cell[cell.index("check."):]
    namespace = {"__name__": "__main__"}
    exec(f"def {function}(*args):\n    raise AssertionError('the kernel ran it')", namespace)
    monkeypatch.setattr(kernel, "kernel", lambda: ([*code[:index], cell], namespace))
    monkeypatch.setattr(kernel, "can_start_workers", lambda: True)
    exercise.forget()
    return exercise(namespace[function])


def worked_solution(key):
    lesson, _, function, _, _ = EXERCISES[key]
    (block,) = [block for block in solution_blocks(lesson_cells(f"{lesson}.ipynb"))
                if re.search(rf"^def {function}\(", block, re.M)]
    return block


def test_the_exercises_run_in_the_worker_where_their_answers_need_only_the_kit():
    assert sorted(IN_WORKER) == [
        "01_minimax_values:min_value", "02_negamax:fixed_negamax", "02_negamax:step_3",
        "05_transpositions_and_windows:settles", "06_complexity:best_order_nodes", "07_tic_tac_toe:winner",
        "08_solving_games:retrograde", "09_several_players_and_chance:maze_value",
        "10_monte_carlo_tree_search:mcts", "13_chance:expectimax"]


@pytest.mark.parametrize("key", IN_WORKER)
def test_the_worked_solution_is_right_in_the_worker(monkeypatch, key):
    verdict = run_in_notebook(monkeypatch, key, worked_solution(key))
    assert verdict.correct is True, verdict.text


@pytest.mark.parametrize("key", IN_WORKER)
def test_the_stub_is_not_answered_yet_as_in_the_kernel(monkeypatch, capsys, key):
    _, exercise, function, code, index = EXERCISES[key]
    in_kernel = {"__name__": "__main__"}
    exec(code[index][:code[index].index("check.")], in_kernel)
    exercise.forget()
    expected = exercise(in_kernel[function])
    assert expected.correct is None
    assert run_in_notebook(monkeypatch, key).text == expected.text


def test_an_answer_that_uses_the_course_search_is_refused_in_the_worker(monkeypatch):
    answer = ("from minimax_lab import minimax, TreeGame\n\n"
              "def min_value(tree):\n    return minimax(TreeGame(tree, first='MIN')).value\n")
    verdict = run_in_notebook(monkeypatch, "01_minimax_values:min_value", answer)
    assert verdict.correct is False and "the course's minimax" in verdict.text, verdict.text


def test_outside_a_kernel_the_check_calls_the_function_here():
    _, exercise, *_ = EXERCISES["06_complexity:best_order_nodes"]
    namespace = {"__name__": "__main__"}
    exec(worked_solution("06_complexity:best_order_nodes"), namespace)
    exercise.forget()
    assert exercise(namespace["best_order_nodes"]).correct is True
