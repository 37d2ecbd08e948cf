"""Search events: what a search did, step by step, for drawings, step-through widgets and graders.

A search given `trace=Trace()` appends one Event per step. Paths are tuples of actions from the
root. Values in events are as the search holds them: from MAX's point of view for minimax and
alpha-beta, from the side to move for negamax.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Optional

from .text import path_name, value_text

ENTER, LEAF, UPDATE, CUTOFF, EXIT = "enter", "leaf", "update", "cutoff", "exit"


@dataclass(frozen=True)
class Event:
    """One step of a search.

    kind: 'enter' (a node is visited), 'leaf' (a terminal or horizon node is evaluated),
    'update' (a node's best value improved), 'cutoff' (the remaining children are pruned),
    'exit' (a node returns its value).
    """

    kind: str
    path: tuple
    player: Any = None
    value: Optional[float] = None
    alpha: Optional[float] = None
    beta: Optional[float] = None
    pruned: tuple = ()

    def __str__(self) -> str:
        parts = [f"{self.kind:6} {path_name(self.path)}"]
        if self.value is not None:
            parts.append(f"value={value_text(self.value, ascii=True)}")
        if self.alpha is not None:
            parts.append(f"window=[{value_text(self.alpha, ascii=True)}, {value_text(self.beta, ascii=True)}]")
        if self.pruned:
            parts.append(f"pruned={list(self.pruned)}")
        return " ".join(parts)


class Trace(list):
    """A list of Events, with views that drawings and graders need."""

    def add(self, kind: str, path: tuple, player: Any = None, value: Optional[float] = None,
            alpha: Optional[float] = None, beta: Optional[float] = None, pruned: tuple = ()) -> None:
        """Append an Event."""
        self.append(Event(kind, path, player, value, alpha, beta, pruned))

    def visited(self) -> list[tuple]:
        """Return the paths of the nodes visited, in order."""
        return [e.path for e in self if e.kind == ENTER]

    def leaves(self) -> list[tuple]:
        """Return the paths of the leaves evaluated, in order."""
        return [e.path for e in self if e.kind == LEAF]

    def leaf_values(self) -> list[float]:
        """Return the values of the leaves evaluated, in order."""
        return [e.value for e in self if e.kind == LEAF]

    def values(self) -> dict[tuple, float]:
        """Return the value each visited node returned, by path."""
        return {e.path: e.value for e in self if e.kind == EXIT}

    def cutoffs(self) -> list[Event]:
        """Return the cutoff events, in order."""
        return [e for e in self if e.kind == CUTOFF]

    def pruned(self) -> list[tuple]:
        """Return the paths of the children cut off (the roots of the pruned subtrees)."""
        return [e.path + (a,) for e in self.cutoffs() for a in e.pruned]

    def text(self) -> str:
        """Return the events one per line, indented by depth."""
        return "\n".join("  " * len(e.path) + str(e) for e in self)


class NullTrace(Trace):
    """A trace that records nothing: the searches' default, so that they trace every event in one
    line and pay only a call that does nothing when nobody asked for a trace."""

    def add(self, kind: str, path: tuple, player: Any = None, value: Optional[float] = None,
            alpha: Optional[float] = None, beta: Optional[float] = None, pruned: tuple = ()) -> None:
        """Record nothing."""

    def append(self, event: Any) -> None:
        raise TypeError("NO_TRACE records nothing: pass trace=Trace() to record a search")


NO_TRACE = NullTrace()
"""The shared do-nothing trace."""


def describe(event: Event) -> str:
    """Return one sentence saying what a trace event means."""
    where = path_name(event.path)
    window = "" if event.alpha is None else f" with α = {value_text(event.alpha)}, β = {value_text(event.beta)}"
    if event.kind == ENTER:
        return f"Enter {event.player} node {where}{window}."
    if event.kind == LEAF:
        return f"Leaf {where} has value {value_text(event.value)}."
    if event.kind == UPDATE:
        return f"Node {where} now has value {value_text(event.value)}{window}."
    if event.kind == CUTOFF:
        skipped = ", ".join(path_name(event.path + (a,)) for a in event.pruned) or "no children left"
        return (f"Cutoff at {where}: α ≥ β ({value_text(event.alpha)} ≥ {value_text(event.beta)}); "
                f"pruned: {skipped}.")
    if event.kind == EXIT:
        return f"Node {where} returns {value_text(event.value)}."
    return str(event)
