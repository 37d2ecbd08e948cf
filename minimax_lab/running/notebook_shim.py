"""What a notebook gives an answer cell that a bare Python does not, for the grader's worker.

In a notebook, `display` and `get_ipython` are built in and `from IPython.display import display`
works; an answer that uses them (to show a tree while the student worked) must run the same when
graded. `install()` puts stand-ins in their place: `display` and the IPython.display classes accept
anything and show nothing, and `get_ipython()` returns a shell whose magics do nothing.
`run_cell` runs a cell's source as IPython would as far as grading cares: top-level `await` too.
"""

from __future__ import annotations

import ast
import builtins
import sys
import types

CO_COROUTINE = 0x0080
"""The code flag of a coroutine (inspect.CO_COROUTINE), written here: inspect, with the modules it
imports, would be a tenth of the start of every worker."""


def display(*objects: object, **options: object) -> None:
    """Show nothing: the worker has no screen."""


def clear_output(wait: bool = False) -> None:
    """Clear nothing."""


class DisplayObject:
    """IPython.display's HTML, Markdown, SVG, ...: holds its data, shows nothing."""

    def __init__(self, data: object = None, *args: object, **options: object) -> None:
        self.data = data


class Shell:
    """What get_ipython() returns here: magics and shell commands do nothing and return None."""

    user_ns: dict[str, object] = {}

    def run_line_magic(self, *args: object, **options: object) -> None:
        """Run no magic."""

    def run_cell_magic(self, *args: object, **options: object) -> None:
        """Run no magic."""

    def system(self, *args: object, **options: object) -> None:
        """Run no command."""

    def getoutput(self, *args: object, **options: object) -> list[str]:
        """Return no output."""
        return []


SHELL = Shell()


def get_ipython() -> Shell:
    """Return the worker's stand-in shell."""
    return SHELL


DISPLAY_CLASSES = ("HTML", "Markdown", "SVG", "Image", "Math", "Latex", "JSON", "Pretty", "Javascript", "Code",
                   "FileLink", "IFrame")


def install() -> None:
    """Make `display` and `get_ipython` built in, and `IPython` and `IPython.display` importable."""
    package = types.ModuleType("IPython", "The worker's stand-in for IPython.")
    shown = types.ModuleType("IPython.display", "The worker's stand-in for IPython.display.")
    for name, value in (("display", display), ("clear_output", clear_output),
                        *((name, type(name, (DisplayObject,), {})) for name in DISPLAY_CLASSES)):
        setattr(shown, name, value)
    setattr(package, "display", shown)
    setattr(package, "get_ipython", get_ipython)
    sys.modules["IPython"], sys.modules["IPython.display"] = package, shown
    setattr(builtins, "display", display)
    setattr(builtins, "get_ipython", get_ipython)


def run_cell(source: str, label: str, namespace: dict[str, object]) -> None:
    """Run a cell's source in `namespace`, top-level `await` included (then in an event loop of its own)."""
    code = compile(source, label, "exec", flags=ast.PyCF_ALLOW_TOP_LEVEL_AWAIT)
    if code.co_flags & CO_COROUTINE:
        import asyncio

        asyncio.run(eval(code, namespace))  # noqa: S307 - the student's answer, in the worker
    else:
        exec(code, namespace)  # noqa: S102 - the student's answer, in the worker
