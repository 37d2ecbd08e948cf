"""What runs around a student's function while a check calls it, so that the verdict is about the
student's own code: `call_student` runs it on private deep copies of its arguments, with the
package's own searches forbidden, a time limit, and its printed output captured; `call_each` and
`run_limited` do so in a child process, where the time limit stops the function whatever it does
(a loop inside C included); `verify_untouched` tells whether an answer cell changed the package
(rebound a check, patched a game or a search).

How the package's searches are forbidden: while the student's function runs, the code object of
every function named in FORBIDDEN (and of every method of a class named there) is swapped for one
that raises PackageSearchUsed; the function objects stay the same, so the swap is seen however
the student reached them (`minimax_lab.minimax`, `from minimax_lab.search import minimax`, an
alias bound before the check). Functions in the student's globals, closure and defaults that share
a forbidden code object (a copy made with `types.FunctionType`, or an oracle's inner function such
as the one `exact_order` returns) are swapped too. Every swap is undone when the call returns.
Swapping costs some tens of microseconds per call (`make bench` measures it); the student's code
runs at full speed.

>>> from minimax_lab import minimax
>>> outcome = call_student(lambda tree: minimax(tree).value, [[3, 12], [2, 4]], name="value")
>>> print(outcome.problem)
value called the package's minimax; the exercise asks you to write it yourself
>>> call_student(lambda tree: tree.sort() or 0, [3, 1, 2], name="f").problem
'f changed the tree it was given: it was [3, 1, 2] and became [1, 2, 3]'
"""

from __future__ import annotations

import contextlib
import copy
import dataclasses
import functools
import io
import os
import pickle
import select
import signal
import sys
import threading
import time
import types
import weakref
from dataclasses import dataclass, field
from typing import Any, Callable, Iterator, Optional, Sequence

CALL_TIMEOUT = float(os.environ.get("MINIMAX_LAB_CALL_TIMEOUT", "10"))
"""Seconds a single call of a student's function may take before the check stops it (10, or the
environment's MINIMAX_LAB_CALL_TIMEOUT: `make grade CALL_TIMEOUT=...` sets it for the kernels)."""

FORBIDDEN: dict[str, tuple[str, ...]] = {
    "minimax_lab.search.textbook": ("minimax", "negamax", "alphabeta", "Search"),
    "minimax_lab.search.solve": ("solve", "solve_order"),
    "minimax_lab.search.retrograde": ("tablebase", "backed_up", "Tablebase"),
    "minimax_lab.checks.tic_tac_toe": ("reference_winner",),
    "minimax_lab.search.ordering": ("best_first", "worst_first", "exact_values", "exact_order", "iterative_deepening"),
    "minimax_lab.core.trace": ("Trace", "bounds_of", "cutoff_reasons", "describe", "Narrator"),
    "minimax_lab.search.chance": ("expectiminimax",),
    "minimax_lab.search.maxn": ("maxn",),
    "minimax_lab.search.mcts": ("ucb1", "uct"),
    "minimax_lab.search.forward": ("Beam", "beam_search"),
    "minimax_lab.analysis.players": ("perfect_player", "reference_player"),
    "minimax_lab.analysis.experiments": ("minimal_nodes", "measure", "node_counts"),
    "minimax_lab.checks.practice": ("Practice", "PruningPractice", "ValuePractice"),
    "minimax_lab.core.table": ("TranspositionTable", "NaiveTable", "bound_flag"),
}
"""The package's searches, oracles and answer keys a student's function may not call during a check:
module name -> names of functions, or of classes whose every method is forbidden. A module not yet
imported is skipped (nothing in it can have been called)."""


class CheckFailed(AssertionError):
    """A student's function disagrees with the package's searches on some case (the check fails)."""


class StudentProblem(CheckFailed):
    """Something about how a student's function ran that fails the case outright (stops the check)."""


class PackageSearchUsed(StudentProblem):
    """The student's function called one of the package's own searches (FORBIDDEN)."""


class TimedOut(StudentProblem):
    """The student's function ran past its time limit."""


class InputChanged(StudentProblem):
    """The student's function changed an argument it was given."""


class PackageChanged(StudentProblem):
    """The package (a check, a game, a search) is not what it was when minimax_lab.grading was imported."""


@dataclass
class Outcome:
    """How one call of a student's function went: what it returned or raised, what it printed, the
    copies of the arguments it was given, and `problem`, the text of a StudentProblem (or None)."""

    value: Any = None
    error: Optional[BaseException] = None
    output: str = ""
    args: tuple[Any, ...] = ()
    seconds: float = 0.0
    problem: Optional[str] = None

    @property
    def stopped(self) -> Optional[StudentProblem]:
        """Return the StudentProblem that stopped the call, if any."""
        return self.error if isinstance(self.error, StudentProblem) else None


# --- forbidding the package's searches ------------------------------------------------------------

_STUB_SOURCE = """
def _outer():
    {assign}
    def {name}(*args, **kwargs):
        {use}
        from minimax_lab.checks.guard import forbidden_call
        raise forbidden_call({shown!r})
    return {name}
"""


def _stub_code(name: str, shown: str, freevars: int) -> types.CodeType:
    """Return a code object that raises PackageSearchUsed naming `shown`, with `freevars` free
    variables, so that it can replace the code of a function (or closure) of that many cells."""
    cells = ", ".join(f"cell{i}" for i in range(freevars))
    assign, use = (f"{cells} = {', '.join(['None'] * freevars)}", cells) if freevars else ("pass", "pass")
    namespace: dict[str, Any] = {}
    exec(_STUB_SOURCE.format(name=name, shown=shown, assign=assign, use=use), namespace)  # noqa: S102
    code: types.CodeType = namespace["_outer"]().__code__
    return code


def _functions_of(owner: Any) -> Iterator[types.FunctionType]:
    """Yield `owner` if it is a function (with the function it wraps and its trace-free twins, for a
    search: search.twins), or every function defined in a class's body."""
    if isinstance(owner, types.FunctionType):
        yield owner
        for inner in (getattr(owner, "__wrapped__", None), *getattr(owner, "twins", {}).values()):
            if isinstance(inner, types.FunctionType) and inner is not owner:
                yield inner
    elif isinstance(owner, type):
        for member in vars(owner).values():
            member = getattr(member, "__func__", member)  # staticmethod, classmethod
            if isinstance(member, property):
                member = member.fget
            if isinstance(member, types.FunctionType):
                yield member


def _nested_codes(code: types.CodeType) -> Iterator[types.CodeType]:
    """Yield `code` and every code object defined inside it (inner functions, lambdas)."""
    yield code
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            yield from _nested_codes(const)


def forbidden_functions() -> dict[types.FunctionType, str]:
    """Return the FORBIDDEN functions of the modules imported so far, each with the name a report
    shows (`minimax`, `Trace.leaf_values`)."""
    found: dict[types.FunctionType, str] = {}
    for module_name, names in FORBIDDEN.items():
        module = sys.modules.get(module_name)
        for name in names if module is not None else ():
            owner = getattr(module, name)
            for function in _functions_of(owner):
                same = owner is function or function.__name__ == name
                found[function] = name if same else f"{name}.{function.__name__}"
    return found


def _reachable_functions(func: Any) -> Iterator[tuple[Any, types.FunctionType]]:
    """Yield (where, function) for the functions a student's function can reach without going
    through the package's modules: its globals (and one attribute level down), closure, defaults."""
    seen: set[int] = set()
    roots: list[Any] = [func]
    while roots:
        root = roots.pop()
        if id(root) in seen:
            continue
        seen.add(id(root))
        root = getattr(root, "__func__", root)
        if not isinstance(root, types.FunctionType):
            continue
        values = list(root.__globals__.values()) + list(root.__defaults__ or ())
        values += [cell.cell_contents for cell in root.__closure__ or () if _has_contents(cell)]
        for value in values:
            yield from _functions_in(value)
            if hasattr(value, "__dict__") and not isinstance(value, (type, types.ModuleType)):
                for attribute in list(vars(value).values()):
                    yield from _functions_in(attribute)
            if isinstance(value, types.FunctionType) and value.__globals__ is root.__globals__:
                roots.append(value)  # the student's other functions, which this one may call


def _functions_in(value: Any) -> Iterator[tuple[Any, types.FunctionType]]:
    value = getattr(value, "__func__", value)
    if isinstance(value, types.FunctionType):
        yield value, value
    elif hasattr(value, "func") and isinstance(getattr(value, "func", None), types.FunctionType):
        yield value, value.func  # functools.partial


def _has_contents(cell: Any) -> bool:
    try:
        cell.cell_contents
    except ValueError:
        return False
    return True


_state = threading.local()


class _Forbidder:
    """Swaps the code of the forbidden functions for raising stubs, and back."""

    def __init__(self, student: Callable[..., Any]):
        self.swapped: list[tuple[types.FunctionType, types.CodeType]] = []
        self.used: Optional[str] = None
        forbidden = forbidden_functions()
        codes = {code: shown for function, shown in forbidden.items()
                 for code in _nested_codes(function.__code__)}
        targets = dict(forbidden)
        for _, function in _reachable_functions(student):
            if function.__code__ in codes and function not in targets:
                targets[function] = codes[function.__code__]
        self.stubs = [(function, _cached_stub(function.__name__, shown, len(function.__code__.co_freevars)))
                      for function, shown in targets.items()]

    def __enter__(self) -> "_Forbidder":
        for function, stub in self.stubs:
            self.swapped.append((function, function.__code__))
            function.__code__ = stub
        return self

    def __exit__(self, *exc: Any) -> None:
        for function, original in reversed(self.swapped):
            function.__code__ = original
        self.swapped.clear()


_stubs: dict[tuple[str, str, int], types.CodeType] = {}
_forbidders: dict[int, tuple[Any, int, _Forbidder]] = {}


def _forbidder_for(func: Callable[..., Any]) -> _Forbidder:
    """Return the _Forbidder of a student's function, made once per function (and again when more
    modules have been imported)."""
    key = id(func)
    kept = _forbidders.get(key)
    if kept is None or kept[0] is not func or kept[1] != len(sys.modules):
        if len(_forbidders) > 256:
            _forbidders.clear()
        kept = (func, len(sys.modules), _Forbidder(func))
        _forbidders[key] = kept
    forbidder = kept[2]
    forbidder.used = None
    return forbidder


def _cached_stub(name: str, shown: str, freevars: int) -> types.CodeType:
    key = (name, shown, freevars)
    if key not in _stubs:
        _stubs[key] = _stub_code(name, shown, freevars)
    return _stubs[key]


def forbidden_call(shown: str) -> PackageSearchUsed:
    """Record that the running student's function called `shown`; return the error to raise (the
    stubs swapped in for the package's searches call this)."""
    active = getattr(_state, "active", None)
    if active is not None and active.used is None:
        active.used = shown
    return PackageSearchUsed(f"called the package's {shown}")


# --- the time limit -------------------------------------------------------------------------------

@contextlib.contextmanager
def time_limit(seconds: Optional[float]) -> Iterator[list[bool]]:
    """Raise TimedOut in the block after `seconds`; yield a one-item list that says whether it
    fired. Code that catches TimedOut (an `except` that swallows everything) is not let go on:
    from then on every line the block runs raises it again, inside an `except` or `finally` too,
    until the block is left. Code that loops inside C (`sum(itertools.count())`) runs no line
    and so cannot be stopped in its own process: run_limited and call_each run it in another.
    SIGALRM only exists in the main thread of a POSIX process; elsewhere a watchdog does the same
    without a signal (_watchdog): a thread that raises TimedOut in this one (another thread,
    Windows), or, where no thread can start (the browser's Pyodide), a trace function that watches
    the clock at every line. Neither stops a loop that swallows every exception, which only the
    signal (or, in the checks, killing the forked child that runs the call) can stop."""
    fired = [False]
    usable = hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()
    if seconds is None:
        yield fired
        return
    message = f"timed out after {seconds:g} s"
    if not usable:
        with _watchdog(seconds, message, fired):
            yield fired
        return
    owner = _block_owner(sys._getframe())
    kept_trace: list[Any] = []

    def every_line(frame: types.FrameType, event: str, arg: Any) -> Any:
        if event == "line" and frame.f_code.co_filename not in _UNTRACED:
            raise TimedOut(message)
        return every_line

    def alarm(signum: int, frame: Optional[types.FrameType]) -> None:
        fired[0] = True
        if not kept_trace:  # the first alarm: trace every line below the block from now on
            kept_trace.append(sys.gettrace())
            sys.settrace(every_line)
            while frame is not None and frame is not owner:
                frame.f_trace = every_line
                frame = frame.f_back
        signal.setitimer(signal.ITIMER_REAL, 0.1)  # and again, for code that runs no line
        raise TimedOut(message)

    previous = signal.signal(signal.SIGALRM, alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield fired
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
        if kept_trace:
            sys.settrace(kept_trace[0])


@contextlib.contextmanager
def _watchdog(seconds: float, message: str, fired: list[bool]) -> Iterator[None]:
    """Raise TimedOut (`message`) in this thread after `seconds`, and again every 0.1 s until the
    block is left, from a watchdog thread (CPython's PyThreadState_SetAsyncExc: no signal needed);
    where no thread can start, fall back to _clock_watched. Sets fired[0] when it fires."""
    try:
        import ctypes

        raise_in = ctypes.pythonapi.PyThreadState_SetAsyncExc
    except (ImportError, AttributeError):  # not CPython: no way to raise in another thread
        raise_in = None
    target, done = threading.get_ident(), threading.Event()
    exception = type("TimedOutHere", (TimedOut,), {"__init__": lambda self: TimedOut.__init__(self, message)})

    def watch() -> None:
        if done.wait(seconds):
            return
        while not done.is_set():
            fired[0] = True
            raise_in(ctypes.c_ulong(target), ctypes.py_object(exception))  # type: ignore[misc]  # ctypes types the C function loosely
            done.wait(0.1)

    watcher = threading.Thread(target=watch, daemon=True, name="time limit")
    try:
        if raise_in is None:
            raise RuntimeError("no PyThreadState_SetAsyncExc")
        watcher.start()
    except RuntimeError:  # no threads here (Pyodide): watch the clock from a trace function
        with _clock_watched(seconds, message, fired):
            yield
        return
    try:
        yield
    finally:  # one raised just before `done` is delivered by the time join returns: still a time-out
        done.set()
        watcher.join()


@contextlib.contextmanager
def _clock_watched(seconds: float, message: str, fired: list[bool]) -> Iterator[None]:
    """Raise TimedOut (`message`) at the first line run after `seconds` in the functions the block
    calls, and at every line after that until the block is left: a time limit that needs no
    signal, for where SIGALRM does not exist. Sets fired[0] when it fires."""
    deadline = time.monotonic() + seconds
    previous = sys.gettrace()

    def watch(frame: types.FrameType, event: str, arg: Any) -> Any:
        if (event == "line" and frame.f_code.co_filename not in _UNTRACED
                and (fired[0] or time.monotonic() > deadline)):
            fired[0] = True
            raise TimedOut(message)
        return watch

    sys.settrace(watch)
    try:
        yield
    finally:
        sys.settrace(previous)


_UNTRACED = frozenset({__file__, contextlib.__file__})
"""Files whose lines the time limit never interrupts: its own cleanup, and contextlib's."""


def _block_owner(frame: Optional[types.FrameType]) -> Optional[types.FrameType]:
    """Return the frame whose `with` statement entered the time limit: the first frame above
    `frame` (the generator's) that is not in contextlib."""
    frame = frame.f_back if frame is not None else None
    while frame is not None and frame.f_code.co_filename == contextlib.__file__:
        frame = frame.f_back
    return frame


# --- changed arguments ----------------------------------------------------------------------------

def differs(before: Any, after: Any, depth: int = 0) -> bool:
    """Return True when `after` is not structurally what `before` was: containers compared item by
    item, objects with their own == by it, other objects by type and public attributes (so a game
    given a new `actions` differs; a private cache such as TicTacToe._states may grow), the rest by ==."""
    if depth > 50:
        return False
    if type(before) is not type(after):
        return True
    if isinstance(before, (list, tuple)):
        return len(before) != len(after) or any(differs(a, b, depth + 1) for a, b in zip(before, after))
    if isinstance(before, dict):
        return before.keys() != after.keys() or any(differs(before[k], after[k], depth + 1) for k in before)
    if isinstance(before, (set, frozenset, str, bytes, int, float, complex, bool, type(None))):
        return bool(before != after)
    if isinstance(before, (types.FunctionType, types.BuiltinFunctionType, type, types.ModuleType)):
        return before is not after
    if getattr(type(before), "__eq__") is object.__eq__ and (hasattr(before, "__dict__")
                                                           or hasattr(type(before), "__slots__")):
        return differs(_attributes(before), _attributes(after), depth + 1)
    try:
        return bool(before != after)
    except Exception:  # noqa: BLE001 - an object that cannot be compared is taken as unchanged
        return False


def _attributes(thing: Any) -> dict[str, Any]:
    """Return an object's public attributes (instance dict and slots)."""
    found = dict(getattr(thing, "__dict__", {}))
    for cls in type(thing).__mro__:
        for slot in getattr(cls, "__slots__", ()):
            if hasattr(thing, slot):
                found[slot] = getattr(thing, slot)
    return {k: v for k, v in found.items() if not k.startswith("_")}


def private_copy(value: Any, memo: Optional[dict[int, Any]] = None) -> Any:
    """Return a deep copy of `value` for a student's function, except that a frozen dataclass (a
    game state: immutable, and linked to the states after it) is shared, and an object's private
    attributes (a game's cache of positions, `_states`) are copied one level only. So copying a
    tic-tac-toe game costs microseconds rather than a copy of thousands of positions.

    >>> tree = [[3, 12], [2, 4]]
    >>> copied = private_copy(tree)
    >>> copied == tree and copied[0] is not tree[0]
    True
    """
    memo = {} if memo is None else memo
    if id(value) in memo:
        return memo[id(value)]
    if _is_frozen(value) or isinstance(value, (int, float, str, bytes, bool, type(None), type,
                                                types.ModuleType, types.FunctionType)):
        return value
    if isinstance(value, list):
        clone: Any = []
        memo[id(value)] = clone
        clone.extend(private_copy(item, memo) for item in value)
    elif isinstance(value, tuple) and type(value) is tuple:
        clone = tuple(private_copy(item, memo) for item in value)
    elif isinstance(value, dict) and type(value) is dict:
        clone = {}
        memo[id(value)] = clone
        clone.update((key, private_copy(item, memo)) for key, item in value.items())
    elif hasattr(value, "__dict__") and not hasattr(type(value), "__slots__"):
        clone = copy.copy(value)
        memo[id(value)] = clone
        for key, item in vars(value).items():
            vars(clone)[key] = copy.copy(item) if key.startswith("_") else private_copy(item, memo)
    else:
        clone = copy.deepcopy(value)
    memo[id(value)] = clone
    return clone


def _is_frozen(value: Any) -> bool:
    params = getattr(type(value), "__dataclass_params__", None)
    return bool(params is not None and params.frozen)


def _what(argument: Any) -> str:
    """Return how a report names an argument: the tree, the game, the state."""
    if isinstance(argument, list):
        return "tree"
    module = type(argument).__module__
    if module.startswith("minimax_lab.games") or hasattr(argument, "actions"):
        return "game" if hasattr(argument, "actions") else "state"
    return type(argument).__name__


def _shown(thing: Any, limit: int = 120) -> str:
    text = repr(thing)
    return text if len(text) <= limit else text[:limit - 3] + "..."


class _Attributes:
    """An object's public attributes as they were (identities only), for an argument too big to copy."""

    def __init__(self, thing: Any):
        self.thing = thing
        self.attributes = {k: id(v) for k, v in _attributes(thing).items()} if hasattr(thing, "__dict__") else {}

    def change(self) -> list[str]:
        now = {k: id(v) for k, v in _attributes(self.thing).items()} if hasattr(self.thing, "__dict__") else {}
        return sorted(k for k in self.attributes.keys() | now.keys() if self.attributes.get(k) != now.get(k))


def _argument_change(name: str, pristine: Sequence[Any], given: Sequence[Any],
                     writes: Sequence[int]) -> Optional[str]:
    for index, (before, after) in enumerate(zip(pristine, given)):
        if isinstance(before, _Attributes):
            changed = before.change()
            if changed:
                what = _what(after)
                return f"{name} changed the {what} it was given: it set {', '.join(f'{what}.{k}' for k in changed)}"
            continue
        if index in writes or not differs(before, after):
            continue
        what = _what(before)
        if isinstance(before, list):
            return f"{name} changed the {what} it was given: it was {_shown(before)} and became {_shown(after)}"
        if isinstance(before, dict) or not (hasattr(before, "__dict__") or hasattr(type(before), "__slots__")):
            return f"{name} changed the {what} it was given (argument {index + 1})"
        old, new = _attributes(before), _attributes(after)
        names = sorted(k for k in old.keys() | new.keys()
                       if k not in old or k not in new or differs(old[k], new[k]))
        return f"{name} changed the {what} it was given: it set {', '.join(f'{what}.{k}' for k in names)}"
    return None


# --- one call -------------------------------------------------------------------------------------

def call_student(func: Callable[..., Any], *args: Any, name: Optional[str] = None,
                 timeout: Optional[float] = None, writes: Sequence[int] = (),
                 shared: Sequence[int] = ()) -> Outcome:
    """Call func(*args) as a check should: on copies of the arguments (private_copy), with the
    package's searches forbidden, within `timeout` seconds (default CALL_TIMEOUT), its output
    captured. The arguments at the indices in `writes` (what the function is meant to fill, such as
    the `examined` list) are passed as they are; those in `shared` too (the game a package search
    hands to a student's ordering, which is too big to copy on every call), but their attributes
    must come back unchanged.

    Returns an Outcome. `outcome.problem` says what disqualifies the call: it used a package
    search, timed out or changed its arguments. (Whether it changed the package is for
    verify_untouched, which costs a millisecond: the checks run it before and after, not on every
    call.) NotImplementedError
    (an exercise not answered yet) propagates, so the check can say so.
    """
    name = str(name or getattr(func, "__name__", "your function"))
    timeout = CALL_TIMEOUT if timeout is None else timeout
    given = tuple(arg if index in writes or index in shared else private_copy(arg)
                  for index, arg in enumerate(args))
    # the caller's own arguments stay as they were (the student only sees the copies): compare with them
    pristine = tuple(None if index in writes else _Attributes(arg) if index in shared else arg
                     for index, arg in enumerate(args))
    outcome = Outcome(args=given)
    output = io.StringIO()
    outer = getattr(_state, "active", None)
    forbidder = _forbidder_for(func) if outer is None else None
    start = time.perf_counter()
    try:
        with contextlib.ExitStack() as stack:
            if forbidder is not None:
                stack.enter_context(forbidder)
                _state.active = forbidder
                stack.callback(setattr, _state, "active", None)
            fired = stack.enter_context(time_limit(timeout))
            stack.enter_context(contextlib.redirect_stdout(output))
            stack.enter_context(contextlib.redirect_stderr(output))
            try:
                outcome.value = func(*given)
            except NotImplementedError:
                if forbidder is not None and forbidder.used is not None:
                    raise PackageSearchUsed(f"called the package's {forbidder.used}") from None
                raise
            except TimedOut as error:
                outcome.error = error
            except Exception as error:  # noqa: BLE001 - any error in student code is a failed case
                outcome.error = error
    except TimedOut as error:  # fired between the call's end and the limit's end
        outcome.error = outcome.error or error
        fired = [True]
    except PackageSearchUsed as error:
        outcome.error = error
    outcome.seconds = time.perf_counter() - start
    outcome.output = output.getvalue()
    used = forbidder.used if forbidder is not None else None
    if used is not None:
        outcome.error = PackageSearchUsed(
            f"{name} called the package's {used}; the exercise asks you to write it yourself")
    elif fired[0]:
        outcome.error = TimedOut(f"{name} timed out after {timeout:g} s")
    else:
        changed = _argument_change(name, pristine, given, writes)
        if changed is not None:
            outcome.error = InputChanged(changed)
    if isinstance(outcome.error, StudentProblem):
        outcome.problem = str(outcome.error)
        if isinstance(outcome.error, PackageSearchUsed) or isinstance(outcome.error, TimedOut):
            outcome.value = None
    return outcome


# --- in a process of its own: what no time limit can stop in this one -----------------------------

GRACE = 2.0
"""Seconds a student's function run in a child process (call_each, run_limited) gets beyond its
time limit before the child is killed. The limit inside the child stops a loop in Python with its
own message; the kill stops what runs no line of Python (a loop inside C, or code that turned
the alarm off)."""


def runs_here(func: Any) -> bool:
    """Return True when `func` can be run in a forked child process: the platform has os.fork and
    `func` is code of this process (a function, a method, a partial of one, a builtin), not a
    proxy that calls code elsewhere (the grader's RemoteFunction, which a fork would share)."""
    plain = (types.FunctionType, types.MethodType, types.BuiltinFunctionType, functools.partial)
    return hasattr(os, "fork") and isinstance(func, plain)


class Returned:
    """A value a student's function returned in a child process that could not be sent back: it
    shows as its repr there, and equals nothing."""

    def __init__(self, text: str):
        self.text = text

    def __repr__(self) -> str:
        return self.text

    def __eq__(self, other: object) -> bool:
        return False

    __hash__ = object.__hash__


class StudentError(Exception):
    """An error a student's function raised in a child process that could not be sent back as
    itself; call_each gives it the original's class name."""


def _portable(value: Any) -> Any:
    """Return `value` if it survives pickling, else a stand-in: a Returned for a value, a
    StudentError of the same class name and message for an exception; an Outcome part by part."""
    if isinstance(value, Outcome):
        return dataclasses.replace(value, value=_portable(value.value), error=_portable(value.error),
                                   args=tuple(_portable(argument) for argument in value.args))
    try:
        pickle.loads(pickle.dumps(value))
        return value
    except Exception:  # noqa: BLE001 - anything a student made may fail to pickle
        pass
    if isinstance(value, BaseException):
        rebuilt = _RebuiltError(value)
        try:
            pickle.loads(pickle.dumps(rebuilt))
            return rebuilt
        except Exception:  # noqa: BLE001 - a class that cannot be found again by its name
            return type(type(value).__name__, (StudentError,), {"__module__": __name__})(str(value))
    return Returned(_shown(value))


class _RebuiltError:
    """Pickles as an exception of the same class, arguments and attributes, made without calling
    its __init__ (which may take other arguments than it keeps in .args)."""

    def __init__(self, error: BaseException):
        self.error = error

    def __reduce__(self) -> tuple[Any, ...]:
        attributes = {key: _portable(item) for key, item in vars(self.error).items()}
        return _rebuild_error, (type(self.error), self.error.args, attributes)


def _rebuild_error(cls: type[BaseException], args: tuple[Any, ...], attributes: dict[str, Any]) -> BaseException:
    """Return an exception of class `cls` with these args and attributes (see _RebuiltError)."""
    error = cls.__new__(cls)
    error.args = args
    vars(error).update(attributes)
    return error


def _send(fd: int, message: tuple[Any, ...]) -> None:
    """Write a message (a tuple) to a pipe, each part made portable, framed by its length."""
    data = pickle.dumps(tuple(_portable(part) for part in message))
    view = memoryview(len(data).to_bytes(8, "big") + data)
    while view:
        view = view[os.write(fd, view):]


def _receive(fd: int, deadline: float, buffer: bytearray) -> Optional[tuple[Any, ...]]:
    """Return the next message from a pipe, or None if none came before `deadline` (time.monotonic)
    or the pipe closed (the child died). `buffer` holds what was read beyond the last message,
    for the next call."""
    while len(buffer) < 8 or len(buffer) < 8 + int.from_bytes(buffer[:8], "big"):
        left = deadline - time.monotonic()
        if left <= 0 or not select.select([fd], [], [], left)[0]:
            return None
        chunk = os.read(fd, 1 << 16)
        if not chunk:
            return None
        buffer += chunk
    size = int.from_bytes(buffer[:8], "big")
    data = bytes(buffer[8:8 + size])
    del buffer[:8 + size]
    try:
        message: tuple[Any, ...] = pickle.loads(data)
    except Exception as error:  # noqa: BLE001 - a class the child knew and this process does not
        return ("unreadable", f"{type(error).__name__}: {error}")
    return message


def _fork(work: Callable[[int, int], None], cpu_seconds: float) -> tuple[int, int, int]:
    """Fork a child that runs work(requests, replies) and exits: it reads requests from the first
    pipe and writes replies to the second. Return (its pid, the read end of the replies, the write
    end of the requests). The child may use at most `cpu_seconds` of CPU (the kernel stops it
    beyond that, even if this process is gone)."""
    import resource  # POSIX only, like os.fork

    replies, reply = os.pipe()
    request, requests = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: never returns into the caller's code
        try:
            os.close(replies)
            os.close(requests)
            limit = int(cpu_seconds) + 1
            resource.setrlimit(resource.RLIMIT_CPU, (limit, limit + 1))
            work(request, reply)
        finally:
            os._exit(0)
    os.close(reply)
    os.close(request)
    return pid, replies, requests


def _kill(pid: int, *fds: int) -> None:
    """Kill a child and close the pipes to and from it (nothing if it has already gone)."""
    with contextlib.suppress(OSError):
        os.kill(pid, signal.SIGKILL)
    with contextlib.suppress(OSError):
        os.waitpid(pid, 0)
    for fd in fds:
        with contextlib.suppress(OSError):
            os.close(fd)


class call_each:  # noqa: N801 - used like a function: outcomes = call_each(func, cases)
    """call_student(func, *case, name=..., timeout=...) on each case in turn, in a child process (a
    fork of this one) that makes each call when asked and sends its Outcome back, so that a call
    that runs past its time limit is stopped whatever it does: the limit inside the child stops a
    loop in Python, and the child is killed GRACE seconds later if it has not answered (a loop
    inside C). Each call's side effects stay in the child, where the next calls see them.

    `next()` returns the next case's Outcome, raising NotImplementedError as call_student does.
    After a call that timed out or ended the child, the next case starts a new child. Where
    runs_here(func) is False the calls are made here, as call_student makes them.
    """

    def __init__(self, func: Callable[..., Any], cases: Sequence[tuple[Any, ...]], *, name: str,
                 timeout: Optional[float] = None):
        self.func, self.cases, self.name = func, list(cases), name
        self.timeout = CALL_TIMEOUT if timeout is None else timeout
        self.index = 0
        self.fork = runs_here(func)
        self.child: Optional[tuple[int, int, int]] = None
        self.buffer = bytearray()
        self._finalizer: Optional[weakref.finalize[..., Any]] = None

    def next(self) -> Outcome:
        """Return the Outcome of the next case (raise NotImplementedError as call_student does)."""
        if self.index >= len(self.cases):
            raise IndexError(f"call_each: all {len(self.cases)} cases have been called")
        case = self.cases[self.index]
        self.index += 1
        if not self.fork:
            return call_student(self.func, *case, name=self.name, timeout=self.timeout)
        if self.child is None:
            self._start(self.index - 1)
        assert self.child is not None
        start = time.monotonic()
        try:
            os.write(self.child[2], b"+")  # call the next case
        except OSError:  # the child has gone: _receive says so
            pass
        message = _receive(self.child[1], start + self.timeout + GRACE, self.buffer)
        if message is not None and message[0] == "outcome":
            outcome: Outcome = message[1]
            return outcome
        if message is not None and message[0] == "not implemented":
            raise NotImplementedError(message[1])
        if message is None and time.monotonic() - start >= self.timeout + GRACE:
            problem: StudentProblem = TimedOut(f"{self.name} timed out after {self.timeout:g} s")
        elif message is None:
            problem = StudentProblem(f"{self.name} ended the process it ran in (it exited or crashed)")
        else:
            problem = StudentProblem(f"{self.name} returned something that cannot be read back ({message[1]})")
        self.close()
        return Outcome(error=problem, args=case, seconds=time.monotonic() - start, problem=str(problem))

    def _start(self, first: int) -> None:
        """Fork the child that calls the cases from number `first` on."""
        def work(requests: int, fd: int) -> None:
            for case in self.cases[first:]:
                if not os.read(requests, 1):  # the parent has stopped asking
                    return
                try:
                    message: tuple[Any, ...] = ("outcome", call_student(self.func, *case, name=self.name,
                                                                        timeout=self.timeout))
                except NotImplementedError as error:
                    message = ("not implemented", str(error))
                except BaseException as error:  # noqa: BLE001 - SystemExit and the like, as a failed case
                    message = ("outcome", Outcome(error=error, args=case))
                _send(fd, message)

        cpu = (len(self.cases) - first) * (self.timeout + GRACE)
        self.child, self.buffer = _fork(work, cpu), bytearray()
        self._finalizer = weakref.finalize(self, _kill, *self.child)

    def close(self) -> None:
        """Stop the child, if one is running."""
        if self._finalizer is not None:
            self._finalizer()
        self.child = self._finalizer = None


def call_forbidding(func: Callable[..., Any], *args: Any) -> Any:
    """Return func(*args) with the package's searches forbidden, as call_student runs it but here,
    without copies, time limit or captured output: for a student's function that a package search
    calls at every node (an ordering), the search itself run by run_limited. Raise PackageSearchUsed
    when it called one of them, even if it caught the error that call raised."""
    if getattr(_state, "active", None) is not None:
        return func(*args)
    forbidder = _forbidder_for(func)
    _state.active = forbidder
    try:
        with forbidder:
            value = func(*args)
    except Exception:
        if forbidder.used is not None:
            raise PackageSearchUsed(f"called the package's {forbidder.used}") from None
        raise
    finally:
        _state.active = None
    if forbidder.used is not None:
        raise PackageSearchUsed(f"called the package's {forbidder.used}")
    return value


def run_limited(function: Callable[..., Any], seconds: Optional[float] = None, *args: Any) -> Any:
    """Return function(*args), run within `seconds` (default CALL_TIMEOUT) in a child process, a
    fork of this one: raise what it raised, or TimedOut when it runs past the limit, which stops
    it whatever it does (a loop in Python under time_limit, and GRACE seconds later by killing
    the child, a loop inside C). Its side effects stay in the child: only the value comes back
    (a Returned standing for it if it cannot be pickled). Where os.fork does not exist, the
    function runs here under time_limit."""
    seconds = CALL_TIMEOUT if seconds is None else seconds
    if not hasattr(os, "fork"):
        with time_limit(seconds):
            return function(*args)

    def work(requests: int, fd: int) -> None:
        try:
            with time_limit(seconds):
                value = function(*args)
            message: tuple[Any, ...] = ("value", value)
        except BaseException as error:  # noqa: BLE001 - sent back and raised in the parent
            message = ("error", error)
        _send(fd, message)

    pid, fd, requests = _fork(work, seconds + GRACE)
    deadline = time.monotonic() + seconds + GRACE
    try:
        message = _receive(fd, deadline, bytearray())
    finally:
        _kill(pid, fd, requests)
    if message is None and time.monotonic() >= deadline:
        raise TimedOut(f"timed out after {seconds:g} s")
    if message is None:
        raise StudentProblem("the code ended the process it ran in (it exited or crashed)")
    if message[0] == "error":
        raise message[1]
    if message[0] == "unreadable":
        raise StudentProblem(f"the result cannot be read back ({message[1]})")
    return message[1]


# --- the package as imported ----------------------------------------------------------------------

@dataclass
class Snapshot:
    """What the package's modules held when taken: each module's names, each function's code and
    defaults, each class's members."""

    names: dict[str, dict[str, int]] = field(default_factory=dict)
    functions: dict[int, tuple[str, types.FunctionType, Any, Any, Any]] = field(default_factory=dict)
    members: dict[str, dict[str, int]] = field(default_factory=dict)
    keep: list[Any] = field(default_factory=list)  # holds every object whose id is recorded


UNWATCHED = frozenset({"__dict__", "__weakref__", "__slotnames__"})
"""Class members the snapshot ignores: copy.deepcopy caches __slotnames__ on a class it copies."""


def take_snapshot(prefix: str = "minimax_lab") -> Snapshot:
    """Return a Snapshot of every module under `prefix` imported so far."""
    snapshot = Snapshot()
    for module_name, module in sorted(sys.modules.items()):
        if module is None or not (module_name == prefix or module_name.startswith(prefix + ".")):
            continue
        names = {k: id(v) for k, v in vars(module).items()
                 if not k.startswith("__") and f"{module_name}.{k}" != __name__ + "._snapshots"}
        snapshot.names[module_name] = names
        snapshot.keep.append(list(vars(module).values()))
        for key, value in vars(module).items():
            if getattr(value, "__module__", None) != module_name:
                continue
            for function in _functions_of(value):
                snapshot.functions[id(function)] = (f"{module_name}.{function.__qualname__}", function,
                                                    function.__code__, function.__defaults__,
                                                    function.__kwdefaults__)
            if isinstance(value, type):
                snapshot.members[f"{module_name}.{key}"] = {k: id(v) for k, v in vars(value).items()
                                                            if k not in UNWATCHED}
                snapshot.keep.append(list(vars(value).values()))
    return snapshot


_snapshots: list[Snapshot] = []


def accept_changes(monkeypatch: Any) -> None:
    """Take the package as it is now as the one to compare with, until `monkeypatch` (pytest's
    fixture) is undone: for a test that patches the package on purpose."""
    monkeypatch.setattr(sys.modules[__name__], "_snapshots", [take_snapshot()])


def remember_package() -> None:
    """Take the snapshot verify_untouched compares with (minimax_lab.grading does on import); a
    second call changes nothing, so the snapshot is the package as first imported."""
    if not _snapshots:
        _snapshots.append(take_snapshot())


def changes(snapshot: Snapshot) -> list[str]:
    """Return what differs between the package now and `snapshot`, one line each."""
    found = []
    for module_name, names in snapshot.names.items():
        module = sys.modules.get(module_name)
        if module is None:
            found.append(f"the module {module_name} was removed from sys.modules")
            continue
        now = vars(module)
        for key, ident in names.items():
            if key not in now:
                found.append(f"{module_name}.{key} was deleted")
            elif id(now[key]) != ident:
                found.append(f"{module_name}.{key} was replaced")
    for shown, function, code, defaults, kwdefaults in snapshot.functions.values():
        if function.__code__ is not code and getattr(_state, "active", None) is None:
            found.append(f"the code of {shown} was replaced")
        elif function.__defaults__ is not defaults or function.__kwdefaults__ is not kwdefaults:
            found.append(f"the defaults of {shown} were changed")
    for class_name, members in snapshot.members.items():
        module_name, _, name = class_name.rpartition(".")
        cls = getattr(sys.modules.get(module_name), name, None)
        held: Any = vars(cls) if isinstance(cls, type) else {}
        for key in members.keys() | {k for k in held if k not in UNWATCHED}:
            if key not in members:
                found.append(f"{class_name}.{key} was added")
            elif key not in held:
                found.append(f"{class_name}.{key} was deleted")
            elif id(held[key]) != members[key]:
                found.append(f"{class_name}.{key} was replaced")
    return found


def verify_untouched() -> None:
    """Raise PackageChanged when an answer cell has changed the package since minimax_lab.grading
    was imported: a check rebound (`grading.check_minimax_value = ...`), a game's or a search's
    function replaced or patched. Grading runs this before every check cell."""
    if not _snapshots:
        return
    found = changes(_snapshots[0])
    if found:
        more = f" (and {len(found) - 1} more changes)" if len(found) > 1 else ""
        raise PackageChanged(f"the course's package was changed: {found[0]}{more}. Answer cells may "
                             "define your functions only; restart the kernel and run the notebook again "
                             "without changing minimax_lab")


GUARD_LINE = '__import__("minimax_lab.checks.guard", fromlist=["_"]).verify_untouched()\n'
"""The line grading puts at the top of every check cell (minimax_lab.grading.assignments.merged_submission):
it binds no name and fails the cell when an answer cell changed the package."""
