"""A pytest plugin for running the course's notebooks under nbval.

nbval compares each cell's outputs with the stored ones, SVG included; but the SVG and PNG Graphviz
draws change with the Graphviz (and cairo) version, so this plugin tells nbval to skip both (the hook
nbval documents: https://nbval.readthedocs.io/en/latest/#Skipping-certain-output-types). nbval skips
PNG by default, but not under --nbdime. Lessons check drawings through their text instead.
`make test` and `make nbval` load it with -p (NBVAL_ARGS in the Makefile); by hand, from the
repository's root: `python -m pytest -p devtools.nbval_plugin --nbval ...`.
"""

from typing import Any


SKIPPED = ("image/svg+xml", "image/png")
"""The outputs nbval does not compare in the course's notebooks: drawings, which depend on the versions
of Graphviz and cairo (every drawing also has a text output that nbval compares)."""


def pytest_collectstart(collector: Any) -> None:
    """Add SKIPPED to the outputs nbval does not compare, for every notebook collected."""
    if collector.path.suffix == ".ipynb" and hasattr(collector, "skip_compare"):
        collector.skip_compare += tuple(kind for kind in SKIPPED if kind not in collector.skip_compare)
