"""One call of a student's function as a check makes it (call_student): on private copies of its
arguments, with the package's searches forbidden, within a time limit, its printed output captured."""

from __future__ import annotations

import contextlib
import io
import time
from dataclasses import dataclass
from typing import Callable, Optional, Sequence

from . import limits
from .arguments import SharedArgument, argument_change, private_copy
from .forbidden import active_forbidder, forbidder_for, forbidding
from .limits import time_limit
from .problems import InputChanged, PackageSearchUsed, StudentProblem, TimedOut


@dataclass
class Outcome:
    """How one call of a student's function went: what it returned or raised, what it printed, the
    copies of the arguments it was given, and `problem`, the text of a StudentProblem (or None)."""

    value: object = None
    error: Optional[BaseException] = None
    output: str = ""
    args: tuple[object, ...] = ()
    seconds: float = 0.0
    problem: Optional[str] = None

    @property
    def stopped(self) -> Optional[StudentProblem]:
        """Return the StudentProblem that stopped the call, if any."""
        return self.error if isinstance(self.error, StudentProblem) else None


def call_student(func: Callable[..., object], *args: object, name: Optional[str] = None,
                 timeout: Optional[float] = None, writes: Sequence[int] = (),
                 shared: Sequence[int] = ()) -> Outcome:
    """Call func(*args) as a check should: on copies of the arguments (private_copy), with the
    package's searches forbidden, within `timeout` seconds (default limits.CALL_TIMEOUT), its output
    captured. The arguments at the indices in `writes` (what the function is meant to fill, such as
    the `examined` list) are passed as they are; those in `shared` too (the game a package search
    hands to a student's ordering, which is too big to copy on every call), but their attributes
    must come back unchanged.

    Returns an Outcome. `outcome.problem` says what disqualifies the call: it used a package
    search, timed out or changed its arguments. (Whether it changed the package is for
    package_snapshot.verify_untouched, which costs a millisecond: the checks run it before and after, not on every
    call.) NotImplementedError
    (an exercise not answered yet) propagates, so the check can say so.
    """
    name = str(name or getattr(func, "__name__", "your function"))
    timeout = limits.CALL_TIMEOUT if timeout is None else timeout
    given = tuple(arg if index in writes or index in shared else private_copy(arg)
                  for index, arg in enumerate(args))
    # the caller's own arguments stay as they were (the student only sees the copies): compare with them
    pristine = tuple(None if index in writes else SharedArgument(arg) if index in shared else arg
                     for index, arg in enumerate(args))
    outcome = Outcome(args=given)
    output = io.StringIO()
    forbidder = forbidder_for(func) if active_forbidder() is None else None
    start = time.perf_counter()
    fired = [False]
    try:  # plain `with` statements rather than an ExitStack: this runs on every call a check makes
        with forbidding(forbidder), time_limit(timeout) as fired, \
                contextlib.redirect_stdout(output), contextlib.redirect_stderr(output):
            try:
                outcome.value = func(*given)
            except NotImplementedError:
                if forbidder is not None and forbidder.used is not None:
                    raise PackageSearchUsed(f"called the package's {forbidder.used}") from None
                raise
            except TimedOut as error:
                outcome.error = error
            except (Exception, SystemExit) as error:  # noqa: BLE001 - any error in student code is a failed case
                outcome.error = error  # (a KeyboardInterrupt here is the person's: it stops the check)
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
        changed = argument_change(name, pristine, given, writes)
        if changed is not None:
            outcome.error = InputChanged(changed)
    if isinstance(outcome.error, StudentProblem):
        outcome.problem = str(outcome.error)
        if isinstance(outcome.error, PackageSearchUsed) or isinstance(outcome.error, TimedOut):
            outcome.value = None
    return outcome


