"""A widget's still picture: the box a widget class shows carries a PNG of its view as displayed.

A notebook that is not trusted (a fresh clone) shows no widget view, and GitHub and nbviewer have
no kernel: they show the PNG instead, where the widget will be. A trusted, running notebook shows
the live widget (its view ranks first).
"""

from __future__ import annotations

import textwrap
from typing import Any, Callable, Optional, Sequence

import graphviz
import ipywidgets as w

from ..core.text import shown
from ..core.validation import callable_value
from .draw import check_digraph, image_bundle, png_of

RUN_TO_USE = "(a picture of the widget: run the cell to use it)"
"""The line under a widget's caption in its still picture."""

CAPTION_WIDTH = 64
"""Characters in a line of a still picture's caption."""


class PicturedBox(w.VBox):
    """A VBox whose notebook output holds, beside the widget view, a PNG made by `picture` when
    the box is displayed. Its text is the VBox's ("VBox(children=...)")."""

    def __init__(self, children: Sequence[w.Widget], *, picture: Callable[[], Optional[bytes]], **kwargs: Any):
        super().__init__(children, **kwargs)
        self._picture = callable_value(picture, "picture", "picture() returning PNG bytes or None")

    def __repr__(self) -> str:
        text: str = super().__repr__()
        return "VBox" + text.removeprefix(type(self).__name__)

    def _repr_mimebundle_(self, **kwargs: Any) -> Optional[tuple[dict[str, Any], dict[str, Any]]]:
        """Return ipywidgets' output (the widget view and its text) with the still picture added."""
        data: Optional[dict[str, Any]] = super()._repr_mimebundle_(**kwargs)
        if data is None:  # a box with no view: nothing to picture
            return None
        picture = self._picture()
        if picture is None:  # no Graphviz to draw the still: the widget view alone
            return data, {}
        still, metadata = image_bundle(None, picture, data["text/plain"])
        return {**data, "image/png": still["image/png"]}, metadata


class Still:
    """What a widget with a drawing shares: `caption` (what it shows and what to do) and `drawing`
    (as it stands) make its still picture."""

    caption = ""
    drawing: graphviz.Digraph

    def still(self) -> Optional[bytes]:
        """Return a PNG of the widget's drawing as it stands, under its caption (None without
        Graphviz's dot)."""
        return still_of(self.drawing, self.caption)


def still_of(dot: graphviz.Digraph, caption: str) -> Optional[bytes]:
    """Return a PNG of a widget's drawing with its caption above and RUN_TO_USE under that."""
    copy: graphviz.Digraph = check_digraph(dot, "still_of").copy()
    copy.attr(label=still_caption(caption).replace("\n", "\\n"), labelloc="t", fontname="Helvetica-Oblique",
              fontsize="12")
    return png_of(copy)


def still_caption(caption: str) -> str:
    """Return the caption of a still picture: `caption` in lines of CAPTION_WIDTH, then RUN_TO_USE."""
    if not isinstance(caption, str):
        raise TypeError(f"a still picture's caption must be a string, got {shown(caption)}")
    return "\n".join(textwrap.wrap(caption, CAPTION_WIDTH) + [RUN_TO_USE])
