"""The controls the lesson widgets share: checked arguments, the sliders of a random tree, and a
play button linked to a step slider. Each widget holds the controls it needs and lays them out.
"""

from __future__ import annotations

import html
from typing import Any, Callable, Sequence

import ipywidgets as w

from ..core.trees import Tree, deepest_within, random_tree, uniform_nodes
from ..core.validation import whole_number as whole_number  # the widgets' checked arguments, from core
from .draw import MAX_DRAW_NODES

SLIDER = dict(continuous_update=False, style={"description_width": "initial"})
"""What every slider that redraws shares: it acts when released, and its label is not cut."""


def intro(text: str) -> w.HTML:
    """Return the line at the top of a widget that says what it shows and what to do with it."""
    return w.HTML(f"<i>{html.escape(text)}</i>")


def deepest_drawable(branching: int, limit: int = MAX_DRAW_NODES, most: int = 8) -> int:
    """Return the greatest depth (1 to `most`) at which a uniform tree of `branching` still
    has <= limit nodes."""
    return deepest_within(lambda d: uniform_nodes(branching, d), limit, most=most, least=1)


def error_html(error: Exception) -> str:
    """Return an error as red HTML text, for a widget's status line."""
    return f"<span style='color:#b00'>{html.escape(str(error))}</span>"


class TreeControls:
    """The sliders for a random tree's branching factor, depth and seed, and the tree they describe;
    the depth slider stops where the tree would be too big to draw."""

    BRANCHING = (2, 5)
    SEEDS = (0, 99)

    def __init__(self, branching: int, depth: int, seed: int, *, low: int = -9, high: int = 9):
        whole_number(branching, "branching", *self.BRANCHING)
        whole_number(depth, "depth", 1, deepest_drawable(branching))
        whole_number(seed, "seed", *self.SEEDS)
        self.low, self.high = low, high
        self.branching = w.IntSlider(value=branching, min=self.BRANCHING[0], max=self.BRANCHING[1],
                                     description="branching b", **SLIDER)
        self.depth = w.IntSlider(value=depth, min=1, max=deepest_drawable(branching),
                                 description="depth d", **SLIDER)
        self.seed = w.IntSlider(value=seed, min=self.SEEDS[0], max=self.SEEDS[1], description="seed",
                                **SLIDER)
        self.box = w.HBox([self.branching, self.depth, self.seed])

    def observe(self, callback: Callable[[Any], None], *, also: Sequence[Any] = ()) -> None:
        """Call `callback` whenever a slider is released at a new value, or a control in `also`
        (the explorer's own choices) changes value."""
        for control in (self.branching, self.depth, self.seed, *also):
            control.observe(callback, names="value")

    def tree(self) -> list[Tree]:
        """Return the tree the sliders describe, after bounding depth for the branching factor."""
        self.depth.max = deepest_drawable(self.branching.value)
        return random_tree(self.branching.value, self.depth.value, seed=self.seed.value,
                           low=self.low, high=self.high)


class StepControls:
    """A play button linked to a step slider, for replaying a trace event by event."""

    def __init__(self, last: int, interval_ms: int):
        whole_number(interval_ms, "interval_ms", 50, 10_000)
        self.step = w.IntSlider(value=0, min=0, max=last, description="step", continuous_update=False)
        self.play = w.Play(value=0, min=0, max=last, interval=interval_ms, description="play")
        w.jslink((self.play, "value"), (self.step, "value"))
        self.box = w.HBox([self.play, self.step])

    def set_last(self, last: int) -> None:
        """Let the slider and the play button run to `last`."""
        self.step.max = self.play.max = last
