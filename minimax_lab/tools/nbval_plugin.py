"""A pytest plugin for running the course's notebooks under nbval.

nbval compares each cell's outputs with the stored ones, SVG included; but the SVG Graphviz draws
changes with the Graphviz version, so this plugin tells nbval to skip it (the hook nbval documents:
https://nbval.readthedocs.io/en/latest/#Skipping-certain-output-types). Lessons check drawings
through their text instead. notebooks/conftest.py loads it for `make test`; graders load it with
`pytest -p minimax_lab.tools.nbval_plugin --nbval ...` (as `make grade` does).
"""

from typing import Any


def pytest_collectstart(collector: Any) -> None:
    """Add SVG to the outputs nbval does not compare, for every notebook collected."""
    if collector.path.suffix == ".ipynb" and hasattr(collector, "skip_compare"):
        if "image/svg+xml" not in collector.skip_compare:
            collector.skip_compare += ("image/svg+xml",)
