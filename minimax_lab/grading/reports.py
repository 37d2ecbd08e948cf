"""Judging and reporting: calling a student's function (through the guard), comparing what it
returns, and either printing the check's one stable success line or showing the smallest failing
case and raising CheckFailed. An exercise not answered yet (its function raises
NotImplementedError) raises NotAnswered instead, which IPython shows as one "Not answered yet: ..."
line, without a traceback."""

from __future__ import annotations

import collections.abc
import copy
import functools
import inspect
import types
import typing
from typing import Any, Callable, Optional, ParamSpec, Sequence, TypeVar, cast

from ..checks.core import Case, Failure, display_in_notebook, error_text, same, smallest_failure, tree_cases, verdict
from ..core.text import shown, value_text
from ..core.trees import is_number
from ..games.protocol import TreeGame
from ..games.registry import game_of_state
from ..running.guard import CheckFailed, NotAnswered, StudentProblem, call_student, verify_untouched
from ..running.sandbox import Batches, RemoteError, RemoteFunction
from ..search.textbook import SearchResult
from .cases import failure_size

P = ParamSpec("P")
R = TypeVar("R")
C = TypeVar("C")
"""A check's case: a tree (checks.core.Case), a position, ..."""


def show_failure(case: object, algorithm: Optional[str]) -> None:
    """Display a failing tree, drawn with `algorithm`'s values, or a case that draws itself (its
    `drawing()`, such as assignment 6's mazes), when running under IPython."""
    drawing = getattr(case, "drawing", None)
    if not (isinstance(case, Case) or callable(drawing)):
        return
    try:
        from IPython import get_ipython
    except ImportError:
        return
    if get_ipython() is not None:  # draw only where the drawing can be shown
        if isinstance(case, Case):
            from ..display.draw import draw
            display_in_notebook(draw(case.game, algorithm, edge_labels=True))
        elif callable(drawing):
            display_in_notebook(drawing())


def case_text(case: object) -> str:
    """Return the text that names a failing case: a tree, a game's position (its game's name, who is
    to move, its repr and its picture), or anything else."""
    if isinstance(case, Case):
        return f"{case.title()}:\n    tree = {case.tree!r}"
    found = game_of_state(case)
    if found:
        entry, game = found
        picture = game.show(case) if hasattr(game, "show") else str(case)
        board = picture.replace("\n", "\n    ")
        return f"{entry.name}, {game.to_move(case)} to move ({case!r}):\n    {board}"
    return str(case)


def report(label: str, success: str, total: int, failures: list[Failure]) -> None:
    """Print the success line (a Verdict, as a lesson's check prints one), or show the smallest
    failure and raise CheckFailed with the grader's report of it."""
    __tracebackhide__ = True
    verify_untouched()  # no success line if the student's code changed the package during the check
    if not failures:
        verdict(True, f"{label}: {success}")
        return
    worst = smallest_failure(failures, lambda mismatch: mismatch.case, failure_size)
    show_failure(worst.case, worst.algorithm)
    message = (f"{label} is wrong on {len(failures)} of {total} cases. The smallest is "
               f"{case_text(worst.case)}\n  call:     {worst.call}\n"
               f"  expected: {worst.expected}\n  returned: {worst.returned}")
    raise CheckFailed(message) from worst.error


def judge_cases(label: str, success: str, cases: Sequence[C],
                judge: Callable[[C], Optional[Failure]], *, then: Optional[Callable[[], None]] = None) -> None:
    """Judge every case and report: the success line, or the smallest failure as CheckFailed. A
    case on which the student's function used a package search, timed out or changed its input
    (a StudentProblem) stops the check at once, with that case shown. When every case passes,
    `then()` runs before the success line: a judgement of the answers taken together (such as
    an evaluation that gives every position the same value), which raises CheckFailed."""
    __tracebackhide__ = True
    failures = []
    for case in cases:
        try:
            mismatch = judge(case)
        except StudentProblem as problem:
            show_failure(case, None)
            raise CheckFailed(f"{problem}, on {case_text(case)}") from None
        if mismatch is not None:
            failures.append(mismatch)
    if not failures and then is not None:
        then()
    report(label, success, len(cases), failures)


def attempt(func: Callable[..., object], *args: object) -> tuple[Any, Optional[BaseException]]:
    """Return (func(*args), None), or (None, the exception it raised), calling the student's function
    through guard.call_student: on deep copies of the arguments (an empty list is passed as it is:
    it is where the function writes, like `examined`; so is an evaluation that counts its calls,
    one with a `fill_from` method), the package's searches forbidden, a time
    limit, its output captured. Raises the StudentProblem when the call used a package search,
    timed out or changed its input; NotImplementedError (not answered yet) propagates. The value is
    Any: what a student returned, which each check narrows (checks.core.plain_number and the like)."""
    writes = [i for i, arg in enumerate(args) if (isinstance(arg, list) and not arg) or hasattr(arg, "fill_from")]
    if isinstance(func, Batches):  # asked a batch of positions at a time, in its worker or guarded here
        try:
            return func(*args), None
        except (StudentProblem, NotImplementedError):
            raise
        except (Exception, SystemExit) as error:  # noqa: BLE001 - the student's error is the answer
            return None, error
    if isinstance(func, RemoteFunction):  # graded: the function runs in its worker, not here
        try:
            return func.call_with_writes(args, writes), None
        except RemoteError as error:
            return None, error
    outcome = call_student(func, *args, writes=writes)
    if outcome.stopped is not None:
        raise outcome.stopped
    return outcome.value, outcome.error


def raised(error: BaseException) -> str:
    """Return how a failure report shows an exception: 'raised TypeError: ...' (what stopped the
    call, such as a time limit, as it is)."""
    if isinstance(error, StudentProblem):
        return str(error)
    if isinstance(error, RemoteError):
        return f"raised {error.kind}: {error}"
    return f"raised {type(error).__name__}: {error_text(error)}"


def unanswered_text(error: NotImplementedError) -> str:
    """Return the one line a check shows for an exercise not answered yet."""
    said = str(error).strip() or "the function still raises NotImplementedError"
    return f"Not answered yet: {said}. Write it in the answer cell above, then run this cell again."


def function_parameters(function: Callable[..., object]) -> list[str]:
    """Return the names of the parameters of `function` annotated as functions (a Callable, an
    Optional one, or an alias of either, such as assignment 6's Search): the student's functions a
    check is handed, which a check cell runs in the grader's worker."""
    try:
        hints = typing.get_type_hints(function)
    except (NameError, TypeError):  # an annotation that cannot be evaluated: read its text
        hints = {}
    return [name for name, parameter in inspect.signature(function).parameters.items()
            if is_function_type(hints.get(name, parameter.annotation))]


def is_function_type(hint: object) -> bool:
    """Return True when the annotation `hint` is a Callable, or a union (Optional) holding one."""
    if isinstance(hint, str):
        return "Callable" in hint
    if hint is collections.abc.Callable or typing.get_origin(hint) is collections.abc.Callable:
        return True
    if typing.get_origin(hint) in (typing.Union, types.UnionType):
        return any(is_function_type(arg) for arg in typing.get_args(hint))
    return False


def check(function: Callable[P, R]) -> Callable[P, R]:
    """Return a check that, called in a notebook's kernel with the student's own functions, runs
    them as `make grade` does (in_notebook.run_in_worker: the kernel's code in the grader's sandbox,
    this check called from here with RemoteFunctions), and elsewhere (in tests, under Pyodide, where
    the sandbox cannot start) calls them here. Called here, it verifies the package is untouched
    (guard.verify_untouched) before and after it runs, fails with CheckFailed naming the argument when one it is given as a function
    (annotated Callable) is not a function, and raises NotAnswered (shown as the one line
    unanswered_text) when the student's function is not written yet."""

    signature = inspect.signature(function)
    functions = function_parameters(function)

    @functools.wraps(function)
    def checked(*args: P.args, **kwargs: P.kwargs) -> R:
        __tracebackhide__ = True
        verify_untouched()
        try:
            given = signature.bind_partial(*args, **kwargs).arguments
        except TypeError:  # called with the wrong arguments: the call below says so
            given = {}
        for name, value in given.items():
            if name in functions and value is not None and not callable(value):
                raise CheckFailed(f"{name} must be a function (the one your answer cell defines with def), "
                                  f"but it is {shown(value)}")
        students = {name: value for name, value in given.items() if name in functions and value is not None}
        if students and not any(isinstance(value, RemoteFunction) for value in students.values()):
            from .in_notebook import run_in_worker  # a check cell in a notebook: run as make grade runs it

            why = run_in_worker(checked, students)
            if why == "":
                return cast(R, None)
            if why:
                print(why)
        try:
            result = function(*args, **kwargs)
        except NotImplementedError as error:
            raise NotAnswered(unanswered_text(error)) from None
        verify_untouched()
        return result

    return checked


def number_text(x: object) -> str:
    """Return a number as a failure report shows it (ASCII infinities), anything else by its repr."""
    return value_text(x, ascii=True) if is_number(x) else shown(x)


def check_tree_values(name: str, student: Callable[..., object], search: Callable[[TreeGame], SearchResult[float]],
                      argument: Callable[[Case], object], shown: str) -> None:
    """Check student(tree, argument(case)) against search(case.game).value on every tree case;
    `shown` formats the argument in the failure report."""
    __tracebackhide__ = True

    def judge(case: Case) -> Optional[Failure]:
        want = search(case.game).value
        got, error = attempt(student, copy.deepcopy(case.tree), argument(case))
        if error is None and same(got, want):
            return None
        return Failure(case, f"{name}(tree, {shown.format(argument(case))})", number_text(want),
                        raised(error) if error else number_text(got), search.__name__, error)

    cases = tree_cases()
    judge_cases(name, f"{len(cases)} trees correct, MAX and MIN at the root", cases, judge)
