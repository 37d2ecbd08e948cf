"""An assignment's settings: what the instructor chooses in the solution notebook's metadata,
`"minimax_lab": {"tie_rule": ">"}`, and the setter through which each reaches the checks.

`make grade` applies the solution's settings (`apply_settings`) in the grader's process before it
runs the checks; a student's notebook sets the same in a locked set-up cell (assignments.is_setup_cell),
which a test holds equal to the metadata. A setting the metadata leaves out gets its default.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping

from ..core.text import shown
from . import assignment2
from .assignments import Notebook

METADATA_KEY = "minimax_lab"
"""The key of the course's settings in a notebook's metadata."""

SETTERS: Mapping[str, tuple[Callable[[str], None], str]] = {
    "tie_rule": (assignment2.use_tie_rule, assignment2.DEFAULT_TIE_RULE),
}
"""Each setting by its metadata key: the function that sets it for the checks, and its default."""


def settings_of(notebook: Notebook) -> dict[str, Any]:
    """Return the settings a notebook's metadata holds (none: {}); raise ValueError for a setting
    no assignment knows, naming the known ones."""
    settings = notebook.get("metadata", {}).get(METADATA_KEY, {})
    if not isinstance(settings, dict):
        raise ValueError(f"the notebook's metadata {METADATA_KEY!r} must be a dict of settings, not {shown(settings)}")
    unknown = sorted(set(settings) - set(SETTERS))
    if unknown:
        raise ValueError(f"the notebook's metadata {METADATA_KEY!r} holds {', '.join(map(repr, unknown))}, which no "
                         f"check reads; the settings are {', '.join(map(repr, SETTERS))}")
    return dict(settings)


def apply_settings(notebook: Notebook) -> None:
    """Set every setting for the checks run in this process: the notebook's value, else the default;
    raise ValueError (from the setter) for a value it refuses."""
    settings = settings_of(notebook)
    for key, (setter, default) in SETTERS.items():
        setter(settings.get(key, default))
