"""Search events: what a search did, step by step, for drawings, step-through widgets and graders.

A search given `trace=Trace()` appends one Event per step. Paths are tuples of actions from the
root. Values in events are as the search holds them: from MAX's point of view for minimax and
alpha-beta, from the side to move for negamax.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Optional

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
        parts = [f"{self.kind:6} {_path_text(self.path)}"]
        if self.value is not None:
            parts.append(f"value={_num(self.value)}")
        if self.alpha is not None:
            parts.append(f"window=[{_num(self.alpha)}, {_num(self.beta)}]")
        if self.pruned:
            parts.append(f"pruned={list(self.pruned)}")
        return " ".join(parts)


def _num(x: float) -> str:
    if x in (float("inf"), float("-inf")):
        return "+inf" if x > 0 else "-inf"
    return str(int(x)) if float(x).is_integer() and not isinstance(x, float) else str(x)


def _path_text(path: tuple) -> str:
    return "".join(f"[{a}]" for a in path) or "root"


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
        return [e.value for e in self if e.kind == LEAF]  # type: ignore[misc]

    def values(self) -> dict[tuple, float]:
        """Return the value each visited node returned, by path."""
        return {e.path: e.value for e in self if e.kind == EXIT}  # type: ignore[misc]

    def cutoffs(self) -> list[Event]:
        """Return the cutoff events, in order."""
        return [e for e in self if e.kind == CUTOFF]

    def pruned(self) -> list[tuple]:
        """Return the paths of the children cut off (the roots of the pruned subtrees)."""
        return [e.path + (a,) for e in self.cutoffs() for a in e.pruned]

    def text(self) -> str:
        """Return the events one per line, indented by depth."""
        return "\n".join("  " * len(e.path) + str(e) for e in self)
