"""What can be wrong with a student's function, as the guard reports it: a check failed (or found
the exercise not answered yet), or a problem with how the function ran (it called the package's
own searches, ran past its time limit, changed its arguments, or changed the package)."""

class CheckFailed(AssertionError):
    """A student's function disagrees with the package's searches on some case (the check fails)."""


class NotAnswered(CheckFailed):
    """An exercise not answered yet: its function still raises NotImplementedError. It fails the
    check cell (nbgrader gives a grade cell its points only when it raises nothing), and IPython
    shows it as its one line, "Not answered yet: ...", with no traceback."""

    def _render_traceback_(self) -> list[str]:
        """Return the lines IPython shows for this exception: its message alone."""
        return [str(self)]


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

