"""Search events: what a search did, step by step, for drawings, step-through widgets and graders.

A search given `trace=Trace()` appends one Event per step. Paths are tuples of actions from the
root. Values in events are as the search holds them: from MAX's point of view for minimax and
alpha-beta, from the side to move for negamax.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from numbers import Real
from typing import Any, NoReturn, Optional

from .game_types import A
from .text import path_name, shown, value_text

Moves = tuple[A, ...]
"""A path in a game: the actions from the root to a node, in order (a principal variation too);
Moves[A] in a game whose actions are of type A, and a bare Moves in any game."""

ENTER, LEAF, UPDATE, CUTOFF, EXIT = "enter", "leaf", "update", "cutoff", "exit"


@dataclass(frozen=True)
class Event:
    """One step of a search.

    kind: 'enter' (a node is visited), 'leaf' (a terminal or horizon node is evaluated),
    'update' (a node's best value improved), 'cutoff' (the remaining children are pruned),
    'exit' (a node returns its value).
    """

    kind: str
    path: Moves
    player: object = None
    value: Optional[float] = None
    alpha: Optional[float] = None
    beta: Optional[float] = None
    pruned: Moves = ()

    def __str__(self) -> str:
        parts = [f"{self.kind:6} {path_name(self.path)}"]
        if self.value is not None:
            parts.append(f"value={value_text(self.value, ascii=True)}")
        if self.alpha is not None:
            parts.append(f"window=[{value_text(self.alpha, ascii=True)}, {value_text(self.beta, ascii=True)}]")
        if self.pruned:
            parts.append(f"pruned={list(self.pruned)}")
        return " ".join(parts)


class Trace(list[Event]):
    """A list of Events, with views that drawings and graders need."""

    def add(self, kind: str, path: Moves, player: object = None, value: Optional[float] = None,
            alpha: Optional[float] = None, beta: Optional[float] = None, pruned: Moves = ()) -> None:
        """Append an Event."""
        self.append(Event(kind, path, player, value, alpha, beta, pruned))

    def visited(self) -> list[Moves]:
        """Return the paths of the nodes visited, in order."""
        return [e.path for e in self if e.kind == ENTER]

    def leaves(self) -> list[Moves]:
        """Return the paths of the leaves evaluated, in order."""
        return [e.path for e in self if e.kind == LEAF]

    def leaf_values(self) -> list[Optional[float]]:
        """Return the values of the leaves evaluated, in order."""
        return [e.value for e in self if e.kind == LEAF]

    def values(self) -> dict[Moves, Optional[float]]:
        """Return the value each visited node returned, by path."""
        return {e.path: e.value for e in self if e.kind == EXIT}

    def cutoffs(self) -> list[Event]:
        """Return the cutoff events, in order."""
        return [e for e in self if e.kind == CUTOFF]

    def pruned(self) -> list[Moves]:
        """Return the paths of the children cut off (the roots of the pruned subtrees)."""
        return [e.path + (a,) for e in self.cutoffs() for a in e.pruned]

    def bounds(self) -> dict[Moves, str]:
        """Return, for each node that returned, '≤' or '≥' when the value it returned is only a
        bound on its minimax value (alpha-beta stopped early there or below), '' when it is exact.

        A leaf is exact. A MAX node that searched all its children is exact when its best child is
        exact and no child is a lower bound; one that stopped at a cutoff knows only 'at least'
        (MIN the mirror image). A value clamped into the window (fail-hard) is a bound too.
        """
        return bounds_of(self)

    def text(self) -> str:
        """Return the events one per line, indented by depth."""
        return "\n".join("  " * len(e.path) + str(e) for e in self)


class NullTrace(Trace):
    """A trace that records nothing and cannot be changed: the searches' default, so that they
    trace every event in one line. A search given one runs its trace-free twin (search/twin.py),
    so the trace lines cost nothing; searches without a twin call its `add`, which does nothing."""

    def __init__(self) -> None:
        super().__init__()

    def __repr__(self) -> str:
        return "NO_TRACE"

    def add(self, kind: str, path: Moves, player: object = None, value: Optional[float] = None,
            alpha: Optional[float] = None, beta: Optional[float] = None, pruned: Moves = ()) -> None:
        """Record nothing."""

    def _refuse(self, *args: object) -> NoReturn:
        raise TypeError("NO_TRACE records nothing and cannot be changed: pass trace=Trace() to "
                        "record a search")

    append = extend = insert = __setitem__ = __iadd__ = __setattr__ = __delattr__ = _refuse


NO_TRACE = NullTrace()
"""The shared do-nothing trace (a constant: nothing can be added to it or set on it)."""


def as_trace(trace: object, search: str) -> Trace:
    """Return `trace` if it is a Trace (NO_TRACE included), else raise TypeError saying that
    `search` records its steps in a Trace."""
    if not isinstance(trace, Trace):
        raise TypeError(f"{search}: trace must be a Trace (trace=Trace() records the search; leave "
                        f"trace out for none), got {shown(trace)}")
    return trace


# --- checking a trace made by hand before reading it ---------------------------------------------

KINDS = (ENTER, LEAF, UPDATE, CUTOFF, EXIT)


def check_trace(trace: object) -> None:
    """Raise TypeError or ValueError, naming the event, unless `trace` is a sequence of Events that
    a search could have made: each node entered as a child of the node being searched (the root,
    path (), when none is), its leaf, update, cutoff and exit events while it is the node being
    searched, an update or cutoff only after one of its children returned, a decision node that
    searched children updated before it exits, and values that are numbers (not NaN). A trace
    may stop early (a search that raised)."""
    if isinstance(trace, (str, bytes)) or not hasattr(trace, "__iter__"):
        raise TypeError(f"a trace is a list of Events, not {shown(trace)}")
    open_: list[Moves] = []          # the nodes being searched, root first
    players: dict[Moves, object] = {}   # who moves at each of them ('CHANCE' at a chance node)
    returned: set[Moves] = set()     # the open nodes a child has returned to
    updated: set[Moves] = set()      # the open nodes that have an update
    for i, event in enumerate(trace):
        if not isinstance(event, Event):
            raise TypeError(f"event {i} of the trace is {shown(event)}, not an Event")
        where = f"event {i} ({_event_text(event)})"
        if event.kind not in KINDS:
            raise ValueError(f"{where}: unknown kind {shown(event.kind)}; the kinds are {list(KINDS)}")
        path = event.path
        if not isinstance(path, tuple):
            raise TypeError(f"{where}: the path {shown(path)} is not a tuple of moves")
        try:
            hash(path)
        except TypeError:
            raise TypeError(f"{where}: the path {shown(path)} holds a move that is not hashable (a list?); "
                            "moves are numbers, strings or tuples") from None
        if not isinstance(event.pruned, tuple):
            raise TypeError(f"{where}: pruned {shown(event.pruned)} is not a tuple of the moves cut off")
        for name in ("value", "alpha", "beta"):
            number = getattr(event, name)
            if number is not None and (isinstance(number, bool) or not isinstance(number, Real) or number != number):
                raise ValueError(f"{where}: {name} {shown(number)} is not a number")
        top = open_[-1] if open_ else None
        if event.kind == ENTER:
            if top is None and path != ():
                raise ValueError(f"{where}: {path_name(path)} is entered while no node is being searched "
                                 "(a search starts at the root, path ())")
            if top is not None and (len(path) != len(top) + 1 or path[:-1] != top):
                raise ValueError(f"{where}: {path_name(path)} is not a child of {path_name(top)}, the node "
                                 "being searched")
            open_.append(path)
            players[path] = event.player
            continue
        if path != top:
            being = "no node is" if top is None else f"{path_name(top)} is"
            raise ValueError(f"{where}: {event.kind} of {path_name(path)}, which is not being searched "
                             f"({being}; a node is entered before its other events)")
        if event.kind in (LEAF, UPDATE, EXIT) and event.value is None:
            raise ValueError(f"{where}: a {event.kind} event needs a value")
        if event.kind in (UPDATE, CUTOFF) and path not in returned:
            raise ValueError(f"{where}: {event.kind} of {path_name(path)} before any of its children returned")
        if event.kind == UPDATE:
            updated.add(path)
        elif event.kind == EXIT:
            if path in returned and path not in updated and players.get(path) != "CHANCE":
                raise ValueError(f"{where}: {path_name(path)} searched its children but never updated "
                                 "its value")
            open_.pop()
            returned.discard(path)
            updated.discard(path)
            if open_:
                returned.add(open_[-1])


def _event_text(event: Event) -> str:
    """Return an event as its str shows it, or its repr when its fields are too wrong for that."""
    try:
        return str(event)
    except Exception:  # noqa: BLE001 - check_trace says next what is wrong with it
        return repr(event)


# --- what a node's value means: exact, or a bound ------------------------------------------------

EXACT, AT_MOST, AT_LEAST = "", "≤", "≥"


def bounds_of(trace: Trace) -> dict[Moves, str]:
    """Return the kind of value each node returned: EXACT (''), AT_MOST ('≤') or AT_LEAST ('≥');
    see Trace.bounds."""
    check_trace(trace)
    entered: dict[Moves, Event] = {}
    children: dict[Moves, list[tuple[Any, str]]] = {}
    computed: dict[Moves, Any] = {}   # the value a node's own loop reached, before any clamping
    stopped: set[Moves] = set()
    kinds: dict[Moves, str] = {}
    for event in trace:
        path = event.path
        if event.kind == ENTER:
            entered[path], children[path] = event, []
        elif event.kind in (LEAF, UPDATE):
            computed[path] = event.value
        elif event.kind == CUTOFF and event.pruned:
            stopped.add(path)
        elif event.kind == EXIT:
            value = computed.pop(path, event.value)
            kind = _kind(entered.get(path), children.pop(path, []), value, path in stopped)
            if event.value != value:   # fail-hard clamped it into the window
                kind = AT_MOST if event.value > value else AT_LEAST
            kinds[path] = kind
            if path and path[:-1] in children:
                children[path[:-1]].append((event.value, kind))
    return kinds


def _kind(entered: Optional[Event], children: list[tuple[Any, str]], value: Any, stopped: bool) -> str:
    """Return what a node's value is, from its children's values and kinds (see Trace.bounds)."""
    if entered is None or entered.alpha is None or not children:   # a leaf, or no pruning at all
        return EXACT
    maximizing = entered.player == "MAX"
    toward, away = (AT_LEAST, AT_MOST) if maximizing else (AT_MOST, AT_LEAST)
    reached = any(kind != away for child, kind in children if child == value)
    complete = not stopped and all(kind != toward for _, kind in children)
    if reached and complete:
        return EXACT
    if reached or complete:
        return toward if reached else away
    return AT_MOST if value <= entered.alpha else AT_LEAST   # not met in alpha-beta's own traces


# --- narration: what each step means, as a teacher says it ----------------------------------------

ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth")


def ordinal(count: int) -> str:
    """Return 'first' for 1, 'second' for 2, ..., 'number 9' from 9 on."""
    return ORDINALS[count - 1] if 0 < count <= len(ORDINALS) else f"number {count}"


def describe(trace: Trace, *, side_to_move: bool = False) -> list[str]:
    """Return one sentence per event of a trace, saying what the step means as a teacher would
    ("MIN's node [1]: the first leaf, [1][0], is 2, so MIN can hold MAX to 2 or less here (β = 2).").
    `side_to_move=True` reads a negamax trace, whose values are for the player to move.

    >>> from minimax_lab import alphabeta
    >>> trace = Trace()
    >>> _ = alphabeta([[3, 12, 8], [2, 4, 6]], trace=trace)
    >>> describe(trace)[21]
    "At MIN's node [1] the first leaf, [1][0], is 2, so MIN can hold MAX to 2 or less; MAX already has 3 from move 0 at the root, so the rest of [1] cannot matter: [1][1] and [1][2] are never searched."
    """
    return Narrator(trace, side_to_move).sentences


def cutoff_reasons(trace: Trace) -> dict[Moves, str]:
    """Return, for the root of each subtree an alpha-beta trace cut off, why it cannot matter, as a
    teacher says it ("at MIN's node [1] the first leaf, [1][0], is 2, so MIN can hold MAX to 2 or
    less; MAX already has 3 from move 0 at the root, so the rest of [1] cannot matter")."""
    return Narrator(trace).reasons


def examined_reason(trace: Trace, leaf: Moves, *, prune_ties: bool = True) -> str:
    """Return why alpha-beta examines a leaf: the window it reaches the leaf with, still open under
    the rule (α < β when it cuts on α ≥ β; α ≤ β when it cuts only on α > β)."""
    event = next(e for e in trace if e.kind == ENTER and e.path == leaf)
    still_open = "α < β" if prune_ties else "α ≤ β, and this rule cuts only when α > β"
    return (f"alpha-beta reaches it with α = {value_text(event.alpha)} and β = {value_text(event.beta)}, "
            f"a window still open ({still_open}), so it must look")


class Narrator:
    """Walks a trace once, keeping what a teacher at the board would remember (who moves where,
    what each node has found so far and from which child), and says one sentence per event.
    `.sentences` holds them; `.reasons` maps each pruned child to why it cannot matter."""

    def __init__(self, trace: Trace, side_to_move: bool = False):
        check_trace(trace)
        self.side_to_move = side_to_move
        self.leaves = {event.path for event in trace if event.kind == LEAF}
        self.kinds = bounds_of(trace)
        self.entered: dict[Moves, Event] = {}
        self.returned: dict[Moves, Any] = {}
        self.best: dict[Moves, Optional[float]] = {}
        self.best_child: dict[Moves, Moves] = {}
        self.last_child: dict[Moves, Moves] = {}
        self.tried: dict[Moves, int] = {}   # children entered so far, by parent
        self.place: dict[Moves, int] = {}   # each child's place in its parent's search order
        self.stopped: set[Moves] = set()
        self.reasons: dict[Moves, str] = {}
        self.sentences = [self.say(event, trace[i + 1] if i + 1 < len(trace) else None)
                          for i, event in enumerate(trace)]

    # names

    def role(self, path: Moves) -> str:
        entered = self.entered.get(path)
        return "?" if entered is None else str(entered.player)

    def name(self, path: Moves) -> str:
        """Return 'the root', 'the leaf [0][1]' or "MIN's node [0]"."""
        if not path:
            return "the root"
        if path in self.leaves:
            return f"the leaf {path_name(path)}"
        return f"{self.role(path)}'s node {path_name(path)}"

    def child_text(self, node: Moves, child: Moves) -> str:
        """Return 'the first leaf, [1][0], is 2' or "its second move, MAX's node [0][1], is worth at most 4"."""
        value = value_text(self.returned[child])
        nth = ordinal(self.position(child))
        if child in self.leaves:
            return f"the {nth} leaf, {path_name(child)}, is {value}"
        bound = {AT_MOST: "at most ", AT_LEAST: "at least "}.get(self.kinds.get(child, EXACT), "")
        return f"its {nth} move, {self.name(child)}, is worth {bound}{value}"

    def position(self, child: Moves) -> int:
        """Return the child's place in the order its parent searched it (1 for the first)."""
        return self.place[child]

    # one sentence per event

    def say(self, event: Event, following: Optional[Event] = None) -> str:
        """Return the sentence for `event`; `following` is the next event, if any."""
        kind = event.kind
        if kind == ENTER:
            return self.enter(event)
        if kind == LEAF:
            return self.leaf(event)
        if kind == UPDATE:
            return self.update(event)
        if kind == CUTOFF:
            return self.cutoff(event)
        if kind == EXIT:
            text = self.exit(event)
            parent = event.path[:-1]
            if event.path and parent in self.best and not (following and following.kind == UPDATE):
                # minimax records no update when a child is no better than the best so far
                text = text[:-1] + f", no better for {self.role(parent)} than the {value_text(self.best[parent])} it has."
            return text
        return str(event)

    def enter(self, event: Event) -> str:
        path = event.path
        if path:
            parent = path[:-1]
            self.tried[parent] = self.place[path] = self.tried.get(parent, 0) + 1
        self.entered[path] = event
        window = self.window_text(event)
        if not path:
            if self.side_to_move:
                return (f"The search starts at the root, where {event.player} moves; negamax scores "
                        "every node for the player to move there.")
            if window and event.alpha == -math.inf and event.beta == math.inf:
                return (f"The search starts at the root, where {event.player} moves: α = −∞ and β = +∞, "
                        "since neither side can count on anything yet.")
            return f"The search starts at the root, where {event.player} moves" + (
                f", with the window {window}." if window else ".")
        parent = path[:-1]
        nth = ordinal(self.tried[parent])
        if path in self.leaves:
            return _capital(f"{self.name(parent)} tries its {nth} move, the leaf {path_name(path)}.")
        return _capital(f"{self.name(parent)} tries its {nth} move, {self.name(path)}"
                        + (f", with {window}." if window else "."))

    def window_text(self, event: Event) -> str:
        if event.alpha is None:
            return ""
        return f"α = {value_text(event.alpha)} and β = {value_text(event.beta)}"

    def leaf(self, event: Event) -> str:
        value = value_text(event.value)
        if self.side_to_move:
            return f"The leaf {path_name(event.path)} is worth {value} to {event.player}, who would move there."
        return f"The leaf {path_name(event.path)} is worth {value}."

    def update(self, event: Event) -> str:
        node = event.path
        child = self.last_child[node]
        before = self.best.get(node)
        if before is None or event.value != before:
            self.best[node], self.best_child[node] = event.value, child
        name, said, value = _capital(self.name(node)), self.child_text(node, child), value_text(event.value)
        if self.side_to_move:
            return (f"{name}: {said} to {self.role(child)}, so {value} to {self.role(node)}, "
                    "the best so far.")
        maximizing = self.role(node) == "MAX"
        if self.kinds.get(child) == (AT_MOST if maximizing else AT_LEAST):
            higher_up = self.entered[child]
            if maximizing:
                return (f"{name}: {said}, so MAX will not want it: MAX can already get "
                        f"{value_text(higher_up.alpha)}.")
            return (f"{name}: {said}, so MIN will not want it: MIN can already hold MAX to "
                    f"{value_text(higher_up.beta)}.")
        if before is not None and event.value == before:
            return f"{name}: {said}, no better for {self.role(node)} than the {value_text(before)} it has."
        change = "" if before is None else f", {'higher' if maximizing else 'lower'} than {value_text(before)}"
        now = "" if before is None else "now "
        if maximizing:
            bound = f" (α = {value})" if event.alpha is not None and event.alpha == event.value else ""
            return f"{name}: {said}{change}, so MAX can {now}get {value} or more here{bound}."
        bound = f" (β = {value})" if event.beta is not None and event.beta == event.value else ""
        return f"{name}: {said}{change}, so MIN can {now}hold MAX to {value} or less here{bound}."

    def cutoff(self, event: Event) -> str:
        node = event.path
        if event.pruned:
            self.stopped.add(node)
        reason = self.reason(event)
        for action in event.pruned:
            self.reasons[node + (action,)] = reason
        skipped = [path_name(node + (action,)) for action in event.pruned]
        if not skipped:
            return _capital(f"{reason}; but {path_name(self.last_child[node])} was its last move, so "
                            "nothing is left to prune.")
        listed = ", ".join(skipped[:-1]) + " and " + skipped[-1] if len(skipped) > 1 else skipped[0]
        verb = "are" if len(skipped) > 1 else "is"
        return _capital(f"{reason}: {listed} {verb} never searched.")

    def reason(self, event: Event) -> str:
        """Return why the rest of a node cannot matter at a cutoff."""
        node = event.path
        said = self.child_text(node, self.last_child[node])
        value = value_text(event.value)
        if self.role(node) == "MIN":
            holds = self.holder(node, "MAX", event.alpha)
            return (f"at MIN's node {path_name(node)} {said}, so MIN can hold MAX to {value} or less; "
                    f"MAX already has {value_text(event.alpha)} {holds}, so the rest of "
                    f"{path_name(node)} cannot matter")
        holds = self.holder(node, "MIN", event.beta)
        return (f"at MAX's node {path_name(node)} {said}, so MAX can get {value} or more; MIN can "
                f"already hold MAX to {value_text(event.beta)} {holds}, so the rest of "
                f"{path_name(node)} cannot matter")

    def holder(self, node: Moves, role: str, bound: Optional[float]) -> str:
        """Return where `role` got `bound` above `node`: 'from move 0 at the root' or
        'at node [0] (from [0][1])'."""
        for depth in range(len(node) - 1, -1, -1):
            ancestor = node[:depth]
            if self.role(ancestor) == role and ancestor in self.best_child and self.best[ancestor] == bound:
                via = self.best_child[ancestor]
                if not ancestor:
                    return f"from move {via[-1]} at the root"
                return f"at node {path_name(ancestor)} (from {path_name(via)})"
        return "from the search window"

    def exit(self, event: Event) -> str:
        path, value = event.path, value_text(event.value)
        self.returned[path] = event.value
        if path:
            self.last_child[path[:-1]] = path
        kind = self.kinds.get(path, EXACT)
        if not path:
            if path in self.leaves:
                return f"The root is a leaf worth {value}: there is nothing to choose."
            if () not in self.best_child:   # no move searched: a table answered for the root
                return f"The root returns {value} without searching a move."
            move = self.best_child[()][-1]
            if self.side_to_move:
                return f"The root is worth {value} to {self.role(path)}: the best move is {move}."
            if kind == EXACT:
                return f"The root is worth {value}: MAX's best move is {move}."
            meaning = "or less" if kind == AT_MOST else "or more"
            return (f"The root returns {value}, which means {value} {meaning}: the true value lies "
                    "outside the window the search was given.")
        parent = self.name(path[:-1])
        if path in self.leaves:
            return f"The leaf {path_name(path)} returns {value} to {parent}."
        name = _capital(self.name(path))
        if self.side_to_move:
            return f"{name} is worth {value} to {self.role(path)}; {parent} sees it as {value_text(-self.returned[path])}."
        if kind == EXACT:
            return f"{name} is worth {value}, and returns it to {parent}."
        meaning = "or less" if kind == AT_MOST else "or more"
        where = "the search stopped early here" if path in self.stopped else "a bound from below"
        return (f"{name} returns {value}, which means {value} {meaning} ({where}): that is all "
                f"{parent} needs to know.")


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]
