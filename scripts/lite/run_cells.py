"""Run notebooks' code cells in order on IPython, as a kernel would, and record what each cell shows.

Runs inside Pyodide (scripts/lite/run_notebooks.mjs loads it); plain CPython runs it too. For every
code cell: its streams, the MIME types and text/plain of each rich output (execute_result and
display_data, in order), the error if it raised, and its time. `run(paths)` returns that as JSON.
"""

from __future__ import annotations

import contextlib
import io
import json
import sys
import time
from typing import Any

from IPython.core.displayhook import DisplayHook
from IPython.core.displaypub import DisplayPublisher
from IPython.core.display_trap import DisplayTrap
from IPython.core.interactiveshell import InteractiveShell


class Outputs:
    """The rich outputs of the cell being run, in order."""

    def __init__(self) -> None:
        self.items: list[dict[str, Any]] = []

    def add(self, kind: str, data: dict[str, Any]) -> None:
        self.items.append({"output_type": kind, "mime": sorted(data), "text/plain": data.get("text/plain", ""),
                           "svg": data.get("image/svg+xml", "")})


class RecordingHook(DisplayHook):
    """A displayhook that records a cell's result instead of printing Out[n]."""

    def __init__(self, outputs: Outputs, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.outputs = outputs

    def write_output_prompt(self) -> None:
        pass

    def write_format_data(self, format_dict: dict[str, Any], md_dict: Any = None) -> None:
        self.outputs.add("execute_result", format_dict)


class RecordingPublisher(DisplayPublisher):
    """A display publisher that records display() calls."""

    def __init__(self, outputs: Outputs, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.outputs = outputs

    def publish(self, data: dict[str, Any], metadata: Any = None, *args: Any, **kwargs: Any) -> None:
        self.outputs.add("display_data", data)

    def clear_output(self, wait: bool = False) -> None:
        self.outputs.items.clear()


def shell_recording(outputs: Outputs) -> InteractiveShell:
    """Return an IPython shell whose results and displays go to `outputs`."""
    shell = InteractiveShell.instance(colors="nocolor")
    shell.displayhook = RecordingHook(outputs, shell=shell, cache_size=shell.cache_size)
    shell.display_trap = DisplayTrap(hook=shell.displayhook)
    shell.display_pub = RecordingPublisher(outputs, shell=shell)
    if shell.history_manager is not None:
        shell.history_manager.enabled = False
    return shell


def run_notebook(shell: InteractiveShell, outputs: Outputs, path: str) -> list[dict[str, Any]]:
    """Run every code cell of the notebook at `path` in order; return what each showed."""
    with open(path, encoding="utf-8") as file:
        notebook = json.load(file)
    cells = []
    for index, cell in enumerate(notebook["cells"]):
        if cell["cell_type"] != "code":
            continue
        source = "".join(cell["source"])
        outputs.items = []
        out, err = io.StringIO(), io.StringIO()
        start = time.perf_counter()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            result = shell.run_cell(source, store_history=True)
        error = result.error_in_exec or result.error_before_exec
        cells.append({"index": index, "seconds": round(time.perf_counter() - start, 3),
                      "stdout": out.getvalue(), "stderr": err.getvalue(), "outputs": list(outputs.items),
                      "error": None if error is None else f"{type(error).__name__}: {error}"})
    return cells


def run(paths: list[str]) -> str:
    """Return, as JSON, what each code cell of each notebook in `paths` showed, run in one shell per notebook."""
    results = {}
    for path in paths:
        outputs = Outputs()
        InteractiveShell.clear_instance()
        shell = shell_recording(outputs)
        results[path] = run_notebook(shell, outputs, path)
    return json.dumps({"python": sys.version, "platform": sys.platform, "notebooks": results})


if __name__ == "__main__":
    print(run(sys.argv[1:]))
