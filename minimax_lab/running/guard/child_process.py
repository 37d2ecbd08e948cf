"""Running a student's function in a child process, a fork of this one, where a time limit stops it
whatever it does, a loop inside C included: `call_each` calls it on case after case there and sends
each Outcome back over a pipe; `run_limited` runs one function there and returns its value. What
cannot be sent back as itself (an unpicklable value or exception) comes back as a stand-in."""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import os
import pickle
import select
import signal
import sys
import time
import types
import weakref
from typing import Any, Callable, Optional, Sequence, TypeVar, cast

from . import limits
from .arguments import short_repr
from .call import Outcome, call_student
from .limits import time_limit
from .problems import StudentProblem, TimedOut

R = TypeVar("R")

Message = tuple[str, object]
"""What crosses the pipe between a check and its child: a kind ('outcome', 'not implemented',
'value', 'error', 'unreadable') and what goes with it (an Outcome, a text, a value, an exception)."""


def can_fork() -> bool:
    """Return True when this process can fork a child: POSIX has os.fork; Pyodide (the browser)
    has it too, but it raises OSError there, since no process starts."""
    return hasattr(os, "fork") and sys.platform != "emscripten"


def runs_elsewhere(func: object) -> bool:
    """Return True when `func` is a proxy that calls code in another process (the grader's
    RemoteFunction, and what wraps one, whose class says `runs_elsewhere`)."""
    return bool(getattr(type(func), "runs_elsewhere", False))


def runs_here(func: object) -> bool:
    """Return True when `func` can be run in a forked child process: the platform can fork and
    `func` is code of this process (a function, a method, a partial of one, a builtin, a class or
    an object with __call__), not a proxy that calls code elsewhere (the grader's RemoteFunction,
    whose class says `runs_elsewhere`: a fork would share its connection)."""
    if isinstance(func, (types.FunctionType, types.MethodType, types.BuiltinFunctionType, functools.partial)):
        return can_fork()
    return can_fork() and callable(func) and not runs_elsewhere(func)


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
    StudentError of the same class name and message for an exception; an Outcome part by part.
    (Typed loosely: an exception's stand-in, a _RebuiltError, is an exception once unpickled.)"""
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
    return Returned(short_repr(value))


class _RebuiltError:
    """Pickles as an exception of the same class, arguments and attributes, made without calling
    its __init__ (which may take other arguments than it keeps in .args)."""

    def __init__(self, error: BaseException):
        self.error = error

    def __reduce__(self) -> tuple[Callable[..., BaseException],
                                  tuple[type[BaseException], tuple[object, ...], dict[str, object]]]:
        attributes = {key: _portable(item) for key, item in vars(self.error).items()}
        return _rebuild_error, (type(self.error), self.error.args, attributes)


def _rebuild_error(cls: type[BaseException], args: tuple[object, ...], attributes: dict[str, object]) -> BaseException:
    """Return an exception of class `cls` with these args and attributes (see _RebuiltError)."""
    error = cls.__new__(cls)
    error.args = args
    vars(error).update(attributes)
    return error


def _send(fd: int, message: Message) -> None:
    """Write a message (a tuple) to a pipe, each part made portable, framed by its length."""
    try:  # most messages read back as they are: pickled once and tried, not part by part
        data = pickle.dumps(message)
        pickle.loads(data)
    except Exception:  # noqa: BLE001 - anything a student made may fail to pickle or to read back
        data = pickle.dumps(tuple(_portable(part) for part in message))
    view = memoryview(len(data).to_bytes(8, "big") + data)
    while view:
        view = view[os.write(fd, view):]


def _receive(fd: int, deadline: float, buffer: bytearray) -> Optional[Message]:
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
        message: Message = pickle.loads(data)
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


AHEAD = 32
"""How many cases call_each's child is asked to call ahead of the one being read: it makes them one
after another without waiting to be asked for each, so that a check of thousands of cases does
not wait for the two processes to take turns. What a check stops reading early is not called
beyond these, and the child is stopped when the check is done with it."""


class call_each:  # noqa: N801 - used like a function: outcomes = call_each(func, cases)
    """call_student(func, *case, name=..., timeout=...) on each case in turn, in a child process (a
    fork of this one) that makes the calls it is asked for, in order, and sends each Outcome back,
    so that a call that runs past its time limit is stopped whatever it does: the limit inside the
    child stops a loop in Python, and the child is killed GRACE seconds after this process started
    waiting for it if it has not answered (a loop inside C). Each call's side effects stay in the
    child, where the next calls see them.

    `next()` returns the next case's Outcome, raising NotImplementedError as call_student does; the
    child is asked for up to `ahead` cases beyond it (0: each case only when it is read). After a
    call that timed out or ended the child, the next case starts a new child. Where
    runs_here(func) is False the calls are made here, as call_student makes them.
    """

    def __init__(self, func: Callable[..., object], cases: Sequence[tuple[object, ...]], *, name: str,
                 timeout: Optional[float] = None, ahead: int = AHEAD):
        if type(ahead) is not int or ahead < 0:
            raise ValueError(f"call_each: ahead must be a whole number >= 0, got {ahead!r}")
        self.func, self.cases, self.name, self.ahead = func, list(cases), name, ahead
        self.timeout = limits.CALL_TIMEOUT if timeout is None else timeout
        self.index = 0
        self.fork = runs_here(func)
        self.child: Optional[tuple[int, int, int]] = None
        self.asked = 0  # the cases asked of the child so far: those numbered below this
        self.buffer = bytearray()
        self._finalizer: Optional[weakref.finalize[..., call_each]] = None

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
        ask = min(len(self.cases), self.index + self.ahead) - self.asked
        if ask > 0:
            try:
                os.write(self.child[2], b"+" * ask)  # call the next cases (a byte each)
                self.asked += ask
            except OSError:  # the child has gone: _receive says so
                pass
        message = _receive(self.child[1], start + self.timeout + limits.GRACE, self.buffer)
        if message is not None and message[0] == "outcome":
            outcome = cast(Outcome, message[1])  # what an 'outcome' message holds
            if isinstance(outcome.error, TimedOut):  # the child stopped there: the next case starts another
                self.close()
            return outcome
        if message is not None and message[0] == "not implemented":
            raise NotImplementedError(message[1])
        if message is None and time.monotonic() - start >= self.timeout + limits.GRACE:
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
                    message: Message = ("outcome", call_student(self.func, *case, name=self.name,
                                                                 timeout=self.timeout))
                except NotImplementedError as error:
                    message = ("not implemented", str(error))
                except BaseException as error:  # noqa: BLE001 - SystemExit and the like, as a failed case
                    message = ("outcome", Outcome(error=error, args=case))
                _send(fd, message)
                if isinstance(message[1], Outcome) and isinstance(message[1].error, TimedOut):
                    return  # no call after one that ran out of time: the cases asked ahead wait for a new child

        cpu = (len(self.cases) - first) * (self.timeout + limits.GRACE)
        self.child, self.buffer, self.asked = _fork(work, cpu), bytearray(), first
        self._finalizer = weakref.finalize(self, _kill, *self.child)

    def close(self) -> None:
        """Stop the child, if one is running."""
        if self._finalizer is not None:
            self._finalizer()
        self.child = self._finalizer = None



def run_limited(function: Callable[..., R], seconds: Optional[float] = None, *args: object) -> R:
    """Return function(*args), run within `seconds` (default CALL_TIMEOUT) in a child process, a
    fork of this one: raise what it raised (a SystemExit or KeyboardInterrupt as a StudentError of
    that name: it is the code's, not this process's), or TimedOut when it runs past the limit,
    which stops it whatever it does (a loop in Python under time_limit, and GRACE seconds later by
    killing the child, a loop inside C). Its side effects stay in the child, what it prints
    included: only the value comes back (a Returned standing for it if it cannot be pickled).
    Where no child can be forked (can_fork), or an argument calls code elsewhere (a RemoteFunction,
    whose connection a fork would share), the function runs here under time_limit."""
    seconds = limits.CALL_TIMEOUT if seconds is None else seconds
    if not can_fork() or any(map(runs_elsewhere, args)):
        with time_limit(seconds):
            return function(*args)

    def work(requests: int, fd: int) -> None:
        try:  # what the code prints is a side effect too, and stays in the child
            with open(os.devnull, "w") as muted, contextlib.redirect_stdout(muted), \
                    contextlib.redirect_stderr(muted), time_limit(seconds):
                value = function(*args)
            message: Message = ("value", value)
        except BaseException as error:  # noqa: BLE001 - sent back and raised in the parent
            message = ("error", error)
        _send(fd, message)

    pid, fd, requests = _fork(work, seconds + limits.GRACE)
    deadline = time.monotonic() + seconds + limits.GRACE
    try:
        message = _receive(fd, deadline, bytearray())
    finally:
        _kill(pid, fd, requests)
    if message is None and time.monotonic() >= deadline:
        raise TimedOut(f"timed out after {seconds:g} s")
    if message is None:
        raise StudentProblem("the code ended the process it ran in (it exited or crashed)")
    if message[0] == "error":
        error = message[1]
        if not isinstance(error, Exception):  # SystemExit, KeyboardInterrupt: the code's, not this process's
            raise type(type(error).__name__, (StudentError,), {"__module__": __name__})(str(error))
        raise error
    if message[0] == "unreadable":
        raise StudentProblem(f"the result cannot be read back ({message[1]})")
    return cast(R, message[1])  # what function returned (a Returned for a value that cannot be pickled)


