"""A lesson's code exercise checked in a notebook runs the student's function as make grade runs
one (running.kernel.in_worker): the kernel's cells that define it go to the grader's sandboxed
worker, and the check calls it there. Each exercise with a prelude is tried here with its lesson's
worked solution, its stored stub and an answer that uses the course's own search, the kernel's
history as a notebook would hold it, and a kernel function that fails the test if it is called."""

import importlib
import inspect
import pkgutil
import re

import pytest
from lesson_notebooks import NOTEBOOKS, cell_source, lesson_cells, solution_blocks

from minimax_lab.checks.core import CONNECT_FOUR_PRELUDE, Exercise
from minimax_lab.running import kernel
from minimax_lab.search import plain

pytestmark = pytest.mark.slow  # starts a sandboxed worker for each check
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
BUDGET = "04_move_ordering:within_budget"
"""Its answer is a Combined of orderings, the student's and the course's: tested on its own below."""
IN_WORKER = [key for key, (_, exercise, *_) in EXERCISES.items() if exercise.prelude is not None and key != BUDGET]


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
    cell = cell_with(key, answer)
    namespace = {"__name__": "__main__"}
    exec(f"def {function}(*args):\n    raise AssertionError('the kernel ran it')", namespace)
    monkeypatch.setattr(kernel, "kernel", lambda: ([*code[:index], cell], namespace))
    monkeypatch.setattr(kernel, "can_start_workers", lambda: True)
    exercise.forget()
    return exercise(namespace[function])


def cell_with(key, answer=None):
    """Return the exercise's cell holding `answer` in place of the cell's first function that the
    answer defines and those after it, above the check call (the cell as it is when None)."""
    _, _, _, code, index = EXERCISES[key]
    cell = code[index]
    if answer is None:
        return cell
    first = min(cell.index(f"def {name}(") for name in defined(answer) if f"def {name}(" in cell)
    return cell[:first] + answer + "\n\n" + cell[cell.index("check."):]


def defined(source):
    """Return the names of the functions `source` defines at its top level."""
    return re.findall(r"^def (\w+)\(", source, re.M)


def worked_solution(key):
    """Return the lesson's worked solution of the exercise: the one that defines its function, or
    else the one that defines the functions its cell leaves to write (lesson 03: the two halves)."""
    lesson, _, function, code, index = EXERCISES[key]
    blocks = solution_blocks(lesson_cells(f"{lesson}.ipynb"))
    stubs = {name for name in defined(code[index])
             if re.search(rf"^def {name}\(.*?\n(?:    .*\n)*?    raise NotImplementedError", code[index], re.M)}
    (block,) = ([block for block in blocks if function in defined(block)]
                or [block for block in blocks if stubs and stubs <= set(defined(block))])
    return block


CHECK_MODULES = [importlib.import_module(f"minimax_lab.checks.{info.name}")
                 for info in pkgutil.iter_modules(importlib.import_module("minimax_lab.checks").__path__)]


def test_every_code_exercise_of_the_lessons_runs_in_the_worker():
    assert sorted(IN_WORKER) == [
        "01_minimax_values:min_value", "02_negamax:fixed_negamax", "02_negamax:step_3", "03_alpha_beta:alphabeta_search",
        "04_move_ordering:my_ordering", "05_transpositions_and_windows:settles", "06_complexity:best_order_nodes",
        "07_tic_tac_toe:winner", "08_solving_games:retrograde", "09_several_players_and_chance:maze_value",
        "10_monte_carlo_tree_search:mcts", "11_search_with_a_horizon:evaluation", "11_search_with_a_horizon:h_negamax",
        "12_game_engines:beam_moves", "13_chance:expectimax", "14_imperfect_information:clairvoyance"]
    assert EXERCISES[BUDGET][1].prelude is not None
    every = [value for module in CHECK_MODULES for value in vars(module).values()
             if isinstance(value, Exercise) and value.kind == "code" and value.__module__ == module.__name__]
    assert len(every) == len(EXERCISES) == 17 and all(exercise.prelude is not None for exercise in every)


@pytest.mark.parametrize("key", IN_WORKER)
def test_the_worked_solution_is_right_in_the_worker(monkeypatch, key):
    verdict = run_in_notebook(monkeypatch, key, worked_solution(key))
    assert verdict.correct is True, verdict.text


@pytest.mark.parametrize("key", IN_WORKER)
def test_the_stub_is_not_answered_yet_as_in_the_kernel(monkeypatch, capsys, key):
    _, exercise, function, code, index = EXERCISES[key]
    in_kernel = {"__name__": "__main__"}
    exec("from math import inf\n" + code[index][:code[index].index("check.")], in_kernel)
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


def without_cutoffs(function):
    """Return the source of one of the plain alpha-beta halves with its cutoff taken out (and its
    annotations, which a cell would not have): a search that examines every leaf."""
    lines = inspect.getsource(function).splitlines()
    lines[0] = re.sub(r"\((.*)\) -> .*:", lambda m: "(" + re.sub(r": \w+", "", m.group(1)) + "):", lines[0])
    cut = next(i for i, line in enumerate(lines) if "avoids this" in line)
    return "\n".join(lines[:cut] + lines[cut + 2:]) + "\n"


NO_CUTOFF = "\n\n".join(without_cutoffs(half) for half in (plain.ab_max_value, plain.ab_min_value))


def test_a_search_run_in_the_worker_is_judged_by_the_leaves_it_examined_there(monkeypatch):
    """Lesson 03 judges the leaves a search examines: run in the worker, its game comes back with
    them (RecordingTreeGame.fill_from), and the verdict is the one the kernel gives."""
    key = "03_alpha_beta:alphabeta_search"
    _, exercise, function, code, index = EXERCISES[key]
    cell = code[index]
    in_kernel = {"__name__": "__main__"}
    exec("from math import inf\n" + cell[:cell.index("def ab_max_value(")] + NO_CUTOFF, in_kernel)
    exercise.forget()
    expected = exercise(in_kernel[function])
    assert expected.correct is False and "examines" in expected.text, expected.text
    assert run_in_notebook(monkeypatch, key, NO_CUTOFF).text == expected.text


def test_the_worker_runs_a_cell_without_its_check_calls():
    cell = "def f(x):\n    return x\n\ncheck.f(f)\ngrading.check_f(\n    f)\nprint(f(1))\n"
    assert kernel.without_check_calls(cell) == "def f(x):\n    return x\n\n\n\n\nprint(f(1))\n"
    assert kernel.without_check_calls("%%time\ncheck.f(f)") == "%%time\ncheck.f(f)"
    assert kernel.python_source("%%time\ncheck.f(f)") == "# %%time\n"  # as make grade reads a cell
    assert kernel.python_source("%%writefile a.py\ncheck.f(f)") is None


def test_a_function_no_recorded_cell_defines_is_called_in_the_kernel(monkeypatch):
    """A kernel that began recording after the function's cell ran (as when the checks are imported
    later): the check calls the function in the kernel rather than a worker that lacks it."""
    _, exercise, function, _, _ = EXERCISES["06_complexity:best_order_nodes"]
    namespace = {"__name__": "__main__"}
    exec(worked_solution("06_complexity:best_order_nodes"), namespace)
    monkeypatch.setattr(kernel, "kernel", lambda: (["check.best_order_nodes(best_order_nodes)"], namespace))
    monkeypatch.setattr(kernel, "can_start_workers", lambda: True)
    exercise.forget()
    assert exercise(namespace[function]).correct is True


def ran_in_a_kernel(cells):
    """Return the namespace of a kernel that ran `cells` (their check calls and magics left out)."""
    namespace = {"__name__": "__main__"}
    for source in cells:
        exec(re.sub(r"^(check\.|%).*$", "", source, flags=re.M), namespace)
    return namespace


def budget_kernel(monkeypatch, answer):
    """Return lesson 04's Your turn on the budget as a kernel holds it, the lesson's cells run up to
    it and its cell holding `answer` above the check call: the namespace, in which the functions
    the cells define raise if the kernel calls them (the worker runs them, from the cells)."""
    _, exercise, function, code, index = EXERCISES[BUDGET]
    cell = answer + "\n" + code[index][code[index].index("check."):]
    namespace = ran_in_a_kernel([*code[:index], answer])
    for name, value in list(namespace.items()):
        if inspect.isfunction(value) and value.__module__ == "__main__":
            exec(f"def {name}(*args):\n    raise AssertionError('the kernel ran it')", namespace)
    exec(answer.split("\n\n")[-1], namespace)  # the Combined, of the functions that raise
    monkeypatch.setattr(kernel, "kernel", lambda: ([*code[:index], cell], namespace))
    monkeypatch.setattr(kernel, "can_start_workers", lambda: True)
    exercise.forget()
    return namespace


def test_a_combined_ordering_runs_its_functions_of_the_notebook_in_the_worker(monkeypatch):
    """Lesson 04's worked solution combines the course's wins_first with blocks_first, written in
    the exercise's cell, and the lesson's centre_corners_edges: the last two run in the worker."""
    (answer,) = [block for block in solution_blocks(lesson_cells("04_move_ordering.ipynb"))
                 if "my_budget_order = Combined(" in block]
    namespace = budget_kernel(monkeypatch, answer.strip())
    verdict = EXERCISES[BUDGET][1](namespace["my_budget_order"])
    assert verdict.correct is True and verdict.text.startswith("Correct: 2,096 nodes"), verdict.text


def test_a_combined_ordering_that_searches_is_refused_in_the_worker(monkeypatch):
    answer = ("from minimax_lab import alphabeta\n\ndef by_search(game, state, actions, path):\n"
              "    alphabeta(game, state)\n    return actions\n\n"
              "my_budget_order = Combined(wins_first, by_search)")
    namespace = budget_kernel(monkeypatch, answer)
    verdict = EXERCISES[BUDGET][1](namespace["my_budget_order"])
    assert verdict.correct is False and "the course's" in verdict.text, verdict.text


SAME_AS_IN_THE_KERNEL = {
    "01_minimax_values:min_value": "def min_value(tree):\n    raise ValueError('no tree today')\n",
    "11_search_with_a_horizon:evaluation": "def my_evaluation(state):\n    return c4.evaluate(state) / 2\n",
    "12_game_engines:beam_moves": ("def my_beam(state, width):\n"
                                   "    return tuple(sorted(c4.actions(state), key=lambda m: c4.evaluate(c4.result(state, m)),"
                                   " reverse=True)[:width])\n"),
}
"""Wrong answers whose verdict in the worker is the kernel's, word for word: one that raises (named
as the student's exception, not the worker's stand-in for it), lesson 11's course evaluation halved,
and lesson 12's usual slip (sorting by the evaluation alone: right for X, backwards for O)."""


@pytest.mark.parametrize("key", SAME_AS_IN_THE_KERNEL)
def test_a_wrong_answer_gets_the_kernel_s_verdict_in_the_worker(monkeypatch, key):
    _, exercise, function, _, _ = EXERCISES[key]
    answer = SAME_AS_IN_THE_KERNEL[key]
    in_kernel = {"__name__": "__main__"}
    exec(CONNECT_FOUR_PRELUDE + answer, in_kernel)
    exercise.forget()
    expected = exercise(in_kernel[function])
    assert expected.correct is False, expected.text
    assert run_in_notebook(monkeypatch, key, answer).text == expected.text


def test_a_helper_of_the_student_s_own_is_the_one_the_worker_runs(monkeypatch):
    """A name the prelude gives (is_leaf) that a cell of the student's defines anew is the student's
    in the worker too, as in the kernel, where the cell ran after the lesson's import of it."""
    key = "01_minimax_values:min_value"
    _, exercise, function, code, index = EXERCISES[key]
    answer = "def is_leaf(tree):\n    return isinstance(tree, int)\n\n" + worked_solution(key)
    in_kernel = ran_in_a_kernel([*code[:index], cell_with(key, answer)])
    exercise.forget()
    expected = exercise(in_kernel[function])
    assert expected.correct is False and "TypeError" in expected.text, expected.text
    assert run_in_notebook(monkeypatch, key, answer).text == expected.text
