"""Bad input gets a clear error everywhere (issue 21, item 6): the cases of the lesson checks and
the grading (minimax_lab/checks, minimax_lab/grading). A student's mistake gets a verdict, never a
traceback from our code: a lesson check returns "Not correct" naming the mistake, an assignment's
check raises CheckFailed saying what is wrong, and the grading commands refuse a setting or a file
they cannot use with a ValueError naming it. bad_input.py holds what a case is and how it is judged.
"""

from __future__ import annotations

import atexit
import importlib
import itertools
import pkgutil
import json
import shutil
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from bad_input import (
    HUGE,
    UNWRITABLE,
    Anything,
    Case,
    EvilFloat,
    EvilInt,
    EvilStr,
    LyingTuple,
    case_params,
    gives,
    judge,
    raises,
    short_limit,
    wrong,
)

from minimax_lab import TicTacToe, checks, grading
from minimax_lab.checks import (
    game_engines,
    horizon,
    minimax_values,
    move_ordering,
    solving_games,
    tic_tac_toe,
    transpositions_and_windows,
)
from minimax_lab.checks import negamax as negamax_checks
from minimax_lab.checks.core import Exercise, check_answer, read_number, same
from minimax_lab.checks.practice import PruningPractice, ValuePractice
from minimax_lab.grading import assignments, class_grades
from minimax_lab.running import sandbox
from minimax_lab.running.guard import CheckFailed
from devtools import release

SOLUTIONS = Path(__file__).resolve().parents[2] / "notebooks" / "solutions"
SOLUTION = SOLUTIONS / "assignment4_complexity.ipynb"
"""The quickest assignment to grade: the solution the grading cases give."""


# --- students' functions with something wrong -----------------------------------------------------

class CallableLoopingInC:
    """An object a student calls like a function, whose call loops inside C."""

    def __call__(self, *args: Any) -> Any:
        return sum(itertools.count())


class LoopsInCWhenMade:
    """A class given where a function is asked for: making one loops inside C."""

    def __init__(self, *args: Any):
        sum(itertools.count())


class BadRepr:
    """A value whose repr raises."""

    def __repr__(self) -> str:
        raise RuntimeError("no repr")


def exits(*args: Any) -> Any:
    raise SystemExit(3)


def returns(value: Any) -> Callable[..., Any]:
    """Return a student's function that returns `value` whatever it is given."""
    return lambda *args: value


# --- the grading commands ----------------------------------------------------------------------------

def folder() -> Path:
    """Return a new temporary folder, removed when the tests end."""
    path = Path(tempfile.mkdtemp(prefix="bad-input-grading-"))
    atexit.register(shutil.rmtree, path, ignore_errors=True)
    return path


def grade(*, solution: Path = SOLUTION, out: Any = None, **settings: Any) -> Any:
    """Grade the solution itself as the one submission, into a new folder (or `out`)."""
    where = folder()
    out = where / "graded" if out is None else out(where)
    return class_grades.grade_class(solution, [SOLUTION], out, seed=1, **settings)


def a_file(where: Path) -> Path:
    path = where / "grades.csv"
    path.write_text("student,total\n", encoding="utf-8")
    return path


def notebook_file(content: str, name: str = "assignment4_complexity.ipynb") -> Path:
    path = folder() / name
    path.write_text(content, encoding="utf-8")
    return path


NO_CHECKS = json.dumps({"cells": [{"cell_type": "markdown", "id": "a", "metadata": {}, "source": "hello"}],
                        "metadata": {}, "nbformat": 4, "nbformat_minor": 5})
NOT_A_NOTEBOOK = json.dumps({"cells": [{"cell_type": "markdown", "source": "hi"}]})


def graded(answer: str) -> Any:
    """Grade a submission of assignment 4 whose first answer cell is `answer`; return its first
    verdict."""
    notebook = assignments.read(SOLUTION)
    cell = next(cell for cell in notebook["cells"] if assignments.is_answer_cell(cell))
    cell["source"] = answer
    path = folder() / "student.ipynb"
    path.write_text(json.dumps(notebook), encoding="utf-8")
    return class_grades.grade_submission(SOLUTION, path, seed=1, call_timeout=5, check_timeout=60).marks[0]


MUTE = "class Mute(Exception):\n    def __str__(self):\n        raise RuntimeError('no message')\n"
"""An exception a student defines whose message cannot be shown."""


def worker_answer() -> Any:
    """Boot a sandboxed worker with one answer cell and call its function (the kit must hold every
    module the games import)."""
    cell = ("answer cell 1", "def best_case_leaves(b, d):\n    return b + d\n")
    worker, notes = sandbox.start_worker("import math\n", [cell], call_timeout=10)
    with worker:
        return notes, sandbox.RemoteFunction(worker, "best_case_leaves")(2, 3)


CASES = [
    # a student's function that loops in C, given as an object or a class: still stopped
    wrong("time limit", "lesson 1's min_value, an object whose call loops in C",
          short_limit(lambda: minimax_values.min_value(CallableLoopingInC())), "timed out"),
    wrong("time limit", "lesson 1's min_value, a class that loops in C when made",
          short_limit(lambda: minimax_values.min_value(LoopsInCWhenMade)), "timed out"),
    wrong("time limit", "lesson 12's beam, an object whose call loops in C",
          short_limit(lambda: game_engines.beam_moves(CallableLoopingInC())), "timed out"),

    # a student's function that raises SystemExit, or returns what a check cannot even compare
    # (it raises at once: a limit of a few seconds costs nothing, and a loaded machine cannot reach it)
    wrong("raw", "lesson 4's ordering raises SystemExit",
          short_limit(lambda: move_ordering.my_ordering(exits), seconds=5), "SystemExit"),
    wrong("raw", "lesson 11's evaluation raises SystemExit",
          short_limit(lambda: horizon.evaluation(exits), seconds=5), "SystemExit"),
    wrong("raw", "lesson 7's winner returns a numpy array",
          lambda: tic_tac_toe.winner(returns(np.array([1, 2]))), "array([1, 2])"),
    wrong("raw", "lesson 12's beam returns lists of moves",
          lambda: game_engines.beam_moves(lambda state, width: [[0], [1], [2]][:width]), "returned [[0]"),
    wrong("raw", "lesson 1's min_value returns a value whose repr raises",
          lambda: minimax_values.min_value(returns(BadRepr())), "BadRepr"),
    wrong("raw", "lesson 4's ordering returns values whose repr raises",
          short_limit(lambda: move_ordering.my_ordering(lambda g, s, actions, p: [BadRepr()] * len(actions))),
          "could not use what your ordering returned"),
    wrong("raw", "lesson 5's cheaper test answered with a numpy array",
          lambda: transpositions_and_windows.cheaper_test(np.array([0.5, -0.5])), "0.5 or -0.5"),
    wrong("raw", "lesson 4's first depth with a numpy array for the square",
          lambda: move_ordering.first_depth((np.array([4, 4]), 4 / 9)), "square"),
    gives("raw", "lesson 4's first depth still takes numpy's 4 for the square",
          lambda: move_ordering.first_depth((np.int64(4), 4 / 9)).correct, lambda correct: correct is True),
    wrong("raw", "lesson 11's evaluation calls the package's search",
          short_limit(lambda: horizon.evaluation(lambda state: 0.0 * minimax_values.minimax([[1]]).value), 5),
          "called the package's minimax"),

    raises("raw", "lesson 12's evaluations of tic-tac-toe", lambda: game_engines.evaluations(TicTacToe()),
           "ConnectFour", "TicTacToe()"),

    # values that compare equal to everything, as an answer or a student's result
    wrong("equal to all", "lesson 4's first depth, the square an int equal to everything",
          lambda: move_ordering.first_depth((EvilInt(4), 4 / 9)), "square"),
    wrong("equal to all", "lesson 4's first depth, the square an object equal to everything",
          lambda: move_ordering.first_depth((Anything(), 4 / 9)), "square"),
    wrong("equal to all", "lesson 8's Nim move of ints equal to everything",
          lambda: solving_games.nim_move((EvilInt(2), EvilInt(4))), "EvilInt"),
    wrong("move", "lesson 8's Nim move, the count an int subclass",
          lambda: solving_games.nim_move((2, EvilInt(4))), "plain whole numbers"),
    wrong("equal to all", "lesson 11's evaluation returns a float equal to everything",
          short_limit(lambda: horizon.evaluation(returns(EvilFloat(0.0))), 5), "must return a number",
          "class EvilFloat"),
    gives("equal to all", "the value practice, a value equal to everything",
          lambda: ValuePractice(branching=2, depth=2, seed=1).answer({(): EvilInt(-5)}),
          lambda text: text.startswith("Not correct") and "could not read" in text),
    # ... compared by exact type and value everywhere (issue 37), the right value included
    wrong("equal to all", "lesson 1's predicted move, the right move 2 as an int equal to everything",
          lambda: minimax_values.predicted_move(EvilInt(2)), "of the class EvilInt, not a plain int"),
    wrong("equal to all", "lesson 2's quiz, the right letter as text equal to everything",
          lambda: negamax_checks.quiz_2(EvilStr("a")), "of the class EvilStr, not a plain str"),
    wrong("equal to all", "lesson 12's one more ply, a word as text equal to everything",
          lambda: game_engines.one_more_ply(EvilStr("higher")), "of the class EvilStr, not a plain str"),
    wrong("equal to all", "a tuple that says it holds the answer (3, 2) but holds (9, 9)",
          lambda: check_answer(LyingTuple((9, 9), (3, 2)), (3, 2), hint=""), "you said (9, 9)"),
    wrong("equal to all", "a set of ints equal to everything",
          lambda: check_answer({EvilInt(1), EvilInt(2)}, {1, 2}, hint=""), "of the class EvilInt"),
    wrong("equal to all", "lesson 1's min_value returns an int equal to everything",
          lambda: minimax_values.min_value(returns(EvilInt(3))), "returned 3 (of the class EvilInt"),
    gives("equal to all", "same, the right pair in a tuple whose iteration lies",
          lambda: same(LyingTuple((9, 9), (3, 2)), (3, 2)), lambda result: result is False),
    gives("equal to all", "read_number of text of a class of its own", lambda: read_number(EvilStr("3")),
          lambda number: number is None),
    gives("equal to all", "the pruning practice, paths typed as text equal to everything",
          lambda: PruningPractice(branching=2, depth=2, seed=1).answer(EvilStr("[1][1]")),
          lambda text: text.startswith("Could not read") and "class EvilStr, not a plain str" in text),

    # numpy numbers are numbers; NaN is not
    wrong("NaN", "lesson 11's evaluation, a numpy float out of range",
          short_limit(lambda: horizon.evaluation(returns(np.float32(2.0))), 5), "strictly between -1 and 1"),
    wrong("NaN", "lesson 11's evaluation returns a numpy NaN",
          short_limit(lambda: horizon.evaluation(returns(np.float64("nan"))), 5), "must return a number",
          "(NaN)"),

    # integers too large for floats
    wrong("huge", "lesson 11's evaluation returns 10**400",
          short_limit(lambda: horizon.evaluation(returns(HUGE)), 5), "strictly between -1 and 1"),
    gives("huge", "a typed 10**400 is read as itself, not as infinity",
          lambda: read_number("1" + "0" * 400), lambda number: number == HUGE),
    gives("huge", "a typed 1e400 is not read as infinity", lambda: read_number("1e400"), lambda number: number is None),
    # ... and too long for Python to write in decimal (issue 37): written 1.000e+5000, never "Exceeds the limit"
    wrong("huge", "lesson 1's predicted move, 10**5000", lambda: minimax_values.predicted_move(UNWRITABLE),
          "you said 1.000e+5000"),
    wrong("huge", "lesson 1's min_value returns [10**5000]", lambda: minimax_values.min_value(returns([UNWRITABLE])),
          "returned [1.000e+5000]"),
    wrong("huge", "lesson 1's min_value given 10**5000 for a function", lambda: minimax_values.min_value(UNWRITABLE),
          "it is 1.000e+5000"),
    wrong("huge", "lesson 8's Nim move of 10**5000 objects", lambda: solving_games.nim_move((0, UNWRITABLE)),
          "you said (0, 1.000e+5000)"),
    gives("huge", "the pruning practice, a path through child 10**5000",
          lambda: PruningPractice(branching=2, depth=2, seed=1).answer([(UNWRITABLE,)]),
          lambda text: "[1.000e+5000] is not a node of this tree" in text),
    gives("huge", "the value practice, 10**400 typed", lambda: ValuePractice(branching=2, depth=2, seed=1).answer(
        {(): "1" + "0" * 400}), lambda text: text.startswith("Not correct") and "∞" not in text),
    raises("huge", "assignment 4's effective_branching_factor returns 10**400",
           lambda: grading.check_effective_branching_factor(returns(HUGE)), "too large for a float",
           error=CheckFailed),
    raises("huge", "assignment 4's effective_branching_factor returns 1e300",
           lambda: grading.check_effective_branching_factor(returns(1e300)), "effective_branching_factor",
           error=CheckFailed),

    # an assignment's check given something it cannot call, or a function that breaks the search
    raises("raw", "assignment 1's check given a number", lambda: grading.check_minimax_value(3),
           "minimax_value must be a function", error=CheckFailed),
    raises("raw", "assignment 3's check given ...", lambda: grading.check_ordering(...),
           "order_moves must be a function", error=CheckFailed),
    raises("raw", "assignment 3's ordering returns None", lambda: grading.check_ordering(returns(None)),
           "order_moves must return", "None", error=CheckFailed),
    raises("raw", "assignment 3's ordering returns squares and a string",
           lambda: grading.check_ordering(lambda g, s, actions, p: [*actions[:-1], "x"]), "order_moves must return",
           error=CheckFailed),
    raises("raw", "assignment 3's ordering raises SystemExit", lambda: grading.check_ordering(exits),
           "SystemExit", error=CheckFailed),
    raises("raw", "assignment 1's minimax_value raises SystemExit", lambda: grading.check_minimax_value(exits),
           "SystemExit", error=CheckFailed),
    raises("raw", "assignment 4's best_case_leaves returns a value whose repr raises",
           lambda: grading.check_best_case_leaves(returns(BadRepr())), "BadRepr", error=CheckFailed),

    # the grading commands: settings out of range, files they cannot use
    raises("range", "grade_class, a call timeout of -1", lambda: grade(call_timeout=-1), "call_timeout", "-1"),
    raises("range", "grade_class, a call timeout of NaN", lambda: grade(call_timeout=float("nan")), "call_timeout"),
    raises("range", "grade_class, a check timeout of 0", lambda: grade(check_timeout=0), "check_timeout"),
    raises("range", "grade_class, an infinite check timeout", lambda: grade(check_timeout=float("inf")),
           "check_timeout"),
    raises("huge", "grade_class, a check timeout of 1e300 s", lambda: grade(check_timeout=1e300), "check_timeout",
           "at most"),
    raises("range", "grade_class, -2 jobs", lambda: grade(jobs=-2), "jobs", "-2"),
    raises("range", "grade_class, 1.5 jobs", lambda: grade(jobs=1.5), "jobs"),
    raises("raw", "grade_class, the output folder is a file", lambda: grade(out=a_file), "grades.csv", "not a folder"),
    raises("raw", "grade_class, a solution that is not a notebook",
           lambda: grade(solution=notebook_file(NOT_A_NOTEBOOK)), "solution", "not a readable notebook"),
    raises("raw", "grade_class, a solution that is not JSON", lambda: grade(solution=notebook_file("not json")),
           "solution", "not a readable notebook"),
    raises("raw", "grade_class, a solution with no checks", lambda: grade(solution=notebook_file(NO_CHECKS)),
           "no check cells"),
    gives("raw", "a sandboxed worker boots with the kit and answers", worker_answer,
          lambda found: found == ([], 5)),
    gives("raw", "grading a function that raises an exception without a message",
          lambda: graded(MUTE + "def best_case_leaves(b, d):\n    raise Mute()\n"),
          lambda verdict: verdict.earned == 0 and "raised Mute" in verdict.message),
    gives("raw", "grading an answer that binds the name to a number",
          lambda: graded("best_case_leaves = 3\n"),
          lambda verdict: verdict.earned == 0 and "best_case_leaves is not a function" in verdict.message),
    gives("raw", "grading a function that returns a list nested 1000 deep",
          lambda: graded("def best_case_leaves(b, d):\n    x = []\n    for i in range(1000):\n        x = [x]\n"
                         "    return x\n"),
          lambda verdict: verdict.earned == 0 and "returned a value nested more than" in verdict.message),
    raises("raw", "release into a file", lambda: release.release(a_file(folder()), commit=False), "grades.csv",
           "is a file"),
]


SLOW_CASES = frozenset({
    "raw: grading a function that raises an exception without a message",
    "raw: lesson 7's winner returns a numpy array",
    "raw: assignment 4's best_case_leaves returns a value whose repr raises",
    "raw: grading an answer that binds the name to a number",
    "raw: grading a function that returns a list nested 1000 deep",
})
"""The cases that take half a second or more: `make test` runs them, `make test-fast` leaves them out."""


@pytest.mark.parametrize("case", case_params(CASES, SLOW_CASES))
def test_bad_input_gets_a_clear_error(case: Case) -> None:
    problem = judge(case)
    assert problem is None, problem


def lesson_checks() -> list[tuple[str, Exercise[Any]]]:
    """Return every lesson check of a typed answer (a prediction, a Check yourself question), by name."""
    found = []
    for info in pkgutil.iter_modules(checks.__path__):
        module = importlib.import_module(f"{checks.__name__}.{info.name}")
        found += [(f"{info.name}.{name}", check) for name, check in vars(module).items()
                  if isinstance(check, Exercise) and check.kind != "code" and check.__module__ == module.__name__]
    return sorted(found, key=lambda entry: entry[0])


PREDICTIONS = lesson_checks()
COSTLY_ANSWERS = {"game_engines.dropped_feature", "game_engines.strongest", "move_ordering.quiz_2",
                  "solving_games.quiz_2"}
"""The checks whose right answer takes seconds to compute (played games, a solved board): slow tests."""
assert COSTLY_ANSWERS <= {name for name, _ in PREDICTIONS}, "a costly check was renamed"


@pytest.mark.parametrize("answer", [UNWRITABLE, -UNWRITABLE, (UNWRITABLE, 1), {UNWRITABLE}, [EvilInt(1), 2]],
                         ids=["10**5000", "-10**5000", "a pair holding it", "a set holding it", "a list of EvilInt"])
@pytest.mark.parametrize("check", [pytest.param(check, id=name, marks=[pytest.mark.slow] if name in COSTLY_ANSWERS else [])
                                   for name, check in PREDICTIONS])
def test_every_prediction_check_says_not_correct_in_words(check: Exercise[Any], answer: Any) -> None:
    """Issue 37: a prediction check given 10**5000 ended in Python's "Exceeds the limit (4300 digits)
    for integer string conversion"; each now says "Not correct" in its own words."""
    check.forget()
    try:
        verdict = check(answer)
    finally:
        check.forget()
    assert verdict.correct is False and "integer string conversion" not in verdict.text, verdict.text


def test_the_kit_holds_every_module_its_modules_import() -> None:
    import ast

    kit = set(sandbox.KIT_MODULES) | {"__init__.py", "running/__init__.py"}  # the two the kit writes itself
    for name in sandbox.KIT_MODULES:
        module = ast.parse((sandbox.PACKAGE / name).read_text(encoding="utf-8"))
        for node in ast.walk(module):
            if isinstance(node, ast.ImportFrom) and node.level:
                base = name.split("/")[:-1][:len(name.split("/")) - node.level]
                target = "/".join(base + (node.module or "__init__").split(".")) + ".py"
                assert target in kit or target.replace(".py", "/__init__.py") in kit, f"{name} imports {target}"
