"""How long a student's function may run, and the time limit that stops it: CALL_TIMEOUT seconds a
call, with GRACE more before a child process that runs it is killed (child_process), and
`time_limit`, which stops code running in this process without needing a signal where there is none.
The checks read CALL_TIMEOUT and GRACE from this module when they call (tests set them here)."""

from __future__ import annotations

import contextlib
import importlib
import signal
import sys
import threading
import time
import types
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterator, Optional

from .problems import TimedOut

if TYPE_CHECKING:
    from _typeshed import TraceFunction

CALL_TIMEOUT = 10.0
"""Seconds a single call of a student's function may take before a check run in the notebook stops it
(graded, the sandbox's limits apply: running.sandbox.CALL_TIMEOUT)."""

_set_handler: Callable[[int, Any], Any] = getattr(importlib.import_module("_signal"), "signal", signal.signal)
"""signal.signal as the C module _signal has it, without the conversions to and from enums that
signal.py's wrapper adds, which cost more than the call itself: time_limit sets a handler on
every guarded call."""

GRACE = 2.0
"""Seconds a student's function run in a child process (call_each, run_limited) gets beyond its
time limit before the child is killed. The limit inside the child stops a loop in Python with its
own message; the kill stops what runs no line of Python (a loop inside C, or code that turned
the alarm off)."""


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
    kept_trace: list[Optional[TraceFunction]] = []

    def every_line(frame: types.FrameType, event: str, arg: object) -> TraceFunction:
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

    previous = _set_handler(signal.SIGALRM, alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield fired
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        _set_handler(signal.SIGALRM, previous)
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

    def watch(frame: types.FrameType, event: str, arg: object) -> TraceFunction:
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


_UNTRACED = frozenset({str(path) for path in Path(__file__).parent.glob("*.py")} | {contextlib.__file__})
"""Files whose lines the time limit never interrupts: the guard's own (what it does after a call,
its cleanup) and contextlib's."""


def _block_owner(frame: Optional[types.FrameType]) -> Optional[types.FrameType]:
    """Return the frame whose `with` statement entered the time limit: the first frame above
    `frame` (the generator's) that is not in contextlib."""
    frame = frame.f_back if frame is not None else None
    while frame is not None and frame.f_code.co_filename == contextlib.__file__:
        frame = frame.f_back
    return frame


