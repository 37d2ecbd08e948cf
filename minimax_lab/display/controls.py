"""The controls the lesson widgets share: checked arguments, sliders, buttons and a checkbox that
refuse a value they cannot take, the sliders of a random tree, and a play button linked to a step
slider. Each widget holds the controls it needs and lays them out.
"""

from __future__ import annotations

import html
from typing import Any, Callable, Mapping, Optional, Sequence

import ipywidgets as w
import traitlets

from ..core.text import shown
from ..core.trees import Tree, deepest_within, random_tree, uniform_nodes
from ..core.validation import whole_number as whole_number  # the widgets' checked arguments, from core
from .draw import MAX_DRAW_NODES

SLIDER = dict(continuous_update=False, style={"description_width": "initial"})
"""What every slider that redraws shares: it acts when released, and its label is not cut."""


# Controls that bound their settings. Set from code, an ipywidgets control turns '3', 2.5 or True
# into a number and takes None as "nothing chosen"; these refuse such a value with an error naming
# the control and what it takes. A whole number outside a slider's range is clamped to the nearer
# end, as IntSlider does: the slider shows where it went. Their names are ipywidgets', so that a
# widget's text in a lesson reads the same.

class SettingError(traitlets.TraitError, ValueError):
    """A control set to a value it cannot take: a ValueError, and the TraitError ipywidgets raises
    for a refused value."""


class WholeValue(traitlets.Int[int, int]):
    """A slider's (or a play button's) value: an int (not a bool, a float, a string or NaN)."""

    def validate(self, obj: Any, value: object) -> int:
        if type(value) is not int:
            raise SettingError(f"{obj.description or type(obj).__name__} must be a whole number from {obj.min} to "
                               f"{obj.max}, got {shown(value)}")
        return value


class TrueOrFalse(traitlets.Bool[bool, bool]):
    """A checkbox's value: True or False (not 0, 1 or a string)."""

    def validate(self, obj: Any, value: object) -> bool:
        if not isinstance(value, bool):
            raise SettingError(f"{obj.description or 'the checkbox'} must be True or False, got {shown(value)}")
        return value


class IntSlider(w.IntSlider):
    """ipywidgets' IntSlider whose value must be a whole number; one outside the range is clamped."""

    value = WholeValue(0, help="Int value").tag(sync=True)


class Play(w.Play):
    """ipywidgets' Play button whose value must be a whole number; one outside the range is clamped."""

    value = WholeValue(0, help="Int value").tag(sync=True)


class Checkbox(w.Checkbox):
    """ipywidgets' Checkbox whose value must be True or False."""

    value = TrueOrFalse(False, help="Bool value").tag(sync=True)


class OneOf:
    """What ToggleButtons and RadioButtons share: a value must be one of the options (of the
    option's type, so that a value equal to everything is no option), or None (nothing chosen)
    where `nothing` allows it; `name` is what an error calls the control."""

    nothing = False
    _options_values: tuple[object, ...]
    _options_labels: tuple[str, ...]

    def __init__(self, *, name: str, **kwargs: Any):
        self.setting = name
        super().__init__(**kwargs)

    @traitlets.validate("value")
    def _validate_value(self, proposal: Mapping[str, object]) -> object:
        value, options = proposal["value"], self._options_values
        if value is None and self.nothing:
            return None
        for option in options:
            if type(value) is type(option) and value == option:
                return option
        raise SettingError(f"{self.setting} must be one of {list(options)}, got {shown(value)}")

    @traitlets.validate("index")
    def _validate_index(self, proposal: Mapping[str, object]) -> Optional[int]:
        index, count = proposal["value"], len(self._options_labels)
        if index is None and self.nothing:
            return None
        if type(index) is not int or not 0 <= index < count:
            raise SettingError(f"{self.setting}'s index must be a whole number from 0 to {count - 1}, got {shown(index)}")
        return index


class ToggleButtons(OneOf, w.ToggleButtons):
    """ipywidgets' ToggleButtons whose value must be one of its options, never None."""

    # unlike ipywidgets' Any and Int, which take None without asking the validators below
    value: traitlets.TraitType[Any, Any] = traitlets.TraitType(None, help="Selected value")
    index: traitlets.TraitType[Any, Any] = traitlets.TraitType(0, help="Selected index").tag(sync=True)


class RadioButtons(OneOf, w.RadioButtons):
    """ipywidgets' RadioButtons whose value must be one of its options, or None: nothing chosen yet."""

    nothing = True


def intro(text: str) -> w.HTML:
    """Return the line at the top of a widget that says what it shows and what to do with it."""
    return w.HTML(f"<i>{html.escape(text)}</i>")


def deepest_drawable(branching: int, limit: int = MAX_DRAW_NODES, most: int = 8) -> int:
    """Return the greatest depth (1 to `most`) at which a uniform tree of `branching` still
    has <= limit nodes; a branching whose tree of depth 1 is already bigger is refused."""
    whole_number(limit, "limit", 2)
    whole_number(branching, "branching", 1, limit - 1)
    whole_number(most, "most", 1)
    return deepest_within(lambda d: uniform_nodes(branching, d), limit, most=most, least=1)


def error_html(error: Exception) -> str:
    """Return an error as red HTML text, for a widget's status line."""
    return f"<span style='color:#b00'>{html.escape(str(error))}</span>"


class TreeControls:
    """The sliders for a random tree's branching factor, depth and seed, and the tree they describe;
    the depth slider stops where the tree would be too big to draw. Leaves run from `low` to
    `high`, numbers of at most three digits (what a leaf's box holds)."""

    BRANCHING = (2, 5)
    SEEDS = (0, 99)
    LEAVES = (-999, 999)

    def __init__(self, branching: int, depth: int, seed: int, *, low: int = -9, high: int = 9):
        whole_number(branching, "branching", *self.BRANCHING)
        whole_number(depth, "depth", 1, deepest_drawable(branching))
        whole_number(seed, "seed", *self.SEEDS)
        whole_number(low, "low", *self.LEAVES)
        whole_number(high, "high", low, self.LEAVES[1])
        self.low, self.high = low, high
        self.branching = IntSlider(value=branching, min=self.BRANCHING[0], max=self.BRANCHING[1],
                                   description="branching b", **SLIDER)
        self.depth = IntSlider(value=depth, min=1, max=deepest_drawable(branching), description="depth d", **SLIDER)
        self.seed = IntSlider(value=seed, min=self.SEEDS[0], max=self.SEEDS[1], description="seed", **SLIDER)
        self.box = w.HBox([self.branching, self.depth, self.seed])

    def observe(self, callback: Callable[[object], None], *, also: Sequence[w.ValueWidget] = ()) -> None:
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
    """A play button linked to a step slider, for replaying a trace event by event: the steps run
    from 0 to `last`, at most MOST_STEPS (a drawable tree's trace has fewer than 5 events a node)."""

    MOST_STEPS = 10 * MAX_DRAW_NODES

    def __init__(self, last: int, interval_ms: int):
        whole_number(last, "last", 0, self.MOST_STEPS)
        whole_number(interval_ms, "interval_ms", 50, 10_000)
        self.step = IntSlider(value=0, min=0, max=last, description="step", continuous_update=False)
        self.play = Play(value=0, min=0, max=last, interval=interval_ms, description="play")
        w.jslink((self.play, "value"), (self.step, "value"))
        self.box = w.HBox([self.play, self.step])

    def set_last(self, last: int) -> None:
        """Let the slider and the play button run to `last`."""
        whole_number(last, "last", 0, self.MOST_STEPS)
        self.step.max = self.play.max = last
