"""What runs around a student's function while a check calls it, so that the verdict is about the
student's own code: `call_student` runs it on private deep copies of its arguments, with the
package's own searches forbidden, a time limit, and its printed output captured; `call_each` and
`run_limited` do so in a child process, where the time limit stops the function whatever it does
(a loop inside C included); `verify_untouched` tells whether an answer cell changed the package
(rebound a check, patched a game or a search).

Its modules, each a job, in the order they import one another:

- problems: what can be wrong (CheckFailed, and the StudentProblems: PackageSearchUsed, TimedOut,
  InputChanged, PackageChanged);
- limits: CALL_TIMEOUT and GRACE, and `time_limit`, which needs no signal where there is none;
- forbidden: the package's searches forbidden while a student's function runs (FORBIDDEN);
- arguments: private copies of the arguments, and what a function changed in them;
- call: one call, `call_student`, and its Outcome;
- child_process: `call_each` and `run_limited`, in a fork whose time limit stops anything;
- package_snapshot: `verify_untouched`, whether an answer cell changed the package.

This module gathers what the checks use, so that they import it from one place.

>>> from minimax_lab import minimax
>>> outcome = call_student(lambda tree: minimax(tree).value, [[3, 12], [2, 4]], name="value")
>>> print(outcome.problem)
value called the package's minimax; the exercise asks you to write it yourself
>>> call_student(lambda tree: tree.sort() or 0, [3, 1, 2], name="f").problem
'f changed the tree it was given: it was [3, 1, 2] and became [1, 2, 3]'
"""

from .arguments import differs, private_copy
from .call import Outcome, call_student
from .child_process import call_each, run_limited, runs_elsewhere, runs_here
from .forbidden import call_forbidding
from .limits import time_limit
from .package_snapshot import accept_changes, remember_package, verify_untouched
from .problems import (CheckFailed, InputChanged, NotAnswered, PackageChanged, PackageSearchUsed, StudentProblem,
                       TimedOut)

__all__ = [
    "CheckFailed", "InputChanged", "NotAnswered", "Outcome", "PackageChanged", "PackageSearchUsed",
    "StudentProblem", "TimedOut", "accept_changes", "call_each", "call_forbidding", "call_student",
    "differs", "private_copy", "remember_package", "run_limited", "runs_elsewhere", "runs_here", "time_limit",
    "verify_untouched",
]
