"""Checks for lesson 03 (alpha-beta): its Your turn exercises and Check yourself questions.

Every expected answer is computed by the package's `alphabeta`, `strict_alphabeta` and `minimax`
(their results and traces); the tree below is an exercise's data. The alpha-beta a student writes
must return their value and move and examine their leaves in order, which a RecordingTreeGame
lists; a wrong one is told which typical mistake does what it did (MISTAKES). Unanswered (`...`, or a function
that still raises NotImplementedError), a check prints "Not answered yet" with a hint; a first
wrong try gets a hint, the second (or check.<name>.answer()) the answer.

>>> verdict = window_at(...)
Not answered yet: α comes from the best MAX has found on the path above the node, β from the best MIN has found
>>> window_at(entry_window(WINDOW_TREE, WINDOW_NODE)).correct
Correct: (6, 7). MAX has 6 from move 0 at the root (α); MIN's node [1] has found 7 in [1][0] (β).
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Iterable, Optional, Sequence, cast

from ..core.text import path_name, value_text
from ..core.trace import Moves, Trace
from ..core.trees import Path, Tree, validate_tree
from ..display.draw import Drawing, draw
from ..games.protocol import RecordingTreeGame, TreeGame
from ..running.guard import Outcome, runs_elsewhere
from ..search.textbook import INF, alphabeta, minimax
from ..search.ties import strict_alphabeta
from .core import (FIG_5_2, LESSON_PRELUDE, Verdict, answer_text, check_answer, check_function, choice, exercise,
                   lesson_cases, same)

if TYPE_CHECKING:  # the sandbox imports what Pyodide lacks (resource): not imported here at run time
    from ..running.sandbox import RemoteFunction

WINDOW_TREE: Tree = [[[5, 8], [6, 4]], [[7, 3], [9, 2]]]
"""The tree of "predict α and β" (MAX at the root, then MIN, then MAX, then the leaves)."""

WINDOW_NODE = (1, 1)
"""The node whose entry window the student predicts."""


# --- Your turn: predict α and β ------------------------------------------------------------------

def entry_window(tree: Tree, node: Moves) -> tuple[Optional[float], Optional[float]]:
    """Return the (α, β) with which alpha-beta enters `node` of `tree`."""
    trace = Trace()
    alphabeta(tree, trace=trace)
    entered = next(event for event in trace if event.kind == "enter" and event.path == node)
    return entered.alpha, entered.beta


@exercise("predict")
def window_at(answer: object) -> Verdict:
    """Check the (α, β) predicted for WINDOW_NODE of WINDOW_TREE."""
    alpha, beta = entry_window(WINDOW_TREE, WINDOW_NODE)
    trace = Trace()
    alphabeta(WINDOW_TREE, trace=trace)
    values = trace.values()
    parent = WINDOW_NODE[:-1]
    sibling = parent + (0,)
    mistakes = {
        (beta, alpha): "You swapped them: α is MAX's guarantee (the lower end), β is MIN's (the upper end).",
        (alpha, INF): f"MIN's node {path_name(parent)} has already searched {path_name(sibling)} before it "
                      f"reaches {path_name(WINDOW_NODE)}: what MIN found there caps what MAX can get, so β "
                      "is no longer +∞.",
        (-INF, beta): "The root has already searched move 0: what MAX found there is a guarantee, so α is "
                      "no longer −∞.",
        (-INF, INF): "Both players have found something by the time the search reaches this node: look "
                     "at what the root got from move 0 and what MIN's node got from its first move.",
    }
    why = (f"MAX has {value_text(alpha)} from move 0 at the root (α); MIN's node {path_name(parent)} has "
           f"found {value_text(values[sibling])} in {path_name(sibling)} (β).")
    note = (f"Work out the value of MIN's node [0] (α is what the root gets from it), then the value of "
            f"{path_name(sibling)} (β is what MIN's node {path_name(parent)} gets from it).")
    return check_answer(answer, (alpha, beta), mistakes=mistakes, why=why,
                        note="" if _known(answer, mistakes) else note,
                        hint="α comes from the best MAX has found on the path above the node, β from "
                             "the best MIN has found")


def _known(answer: object, mistakes: Iterable[object]) -> bool:
    """Return True when `answer` is one of the typical mistakes (so it has its own hint)."""
    return any(same(answer, wrong) for wrong in mistakes)


# --- Your turn: write alpha-beta -----------------------------------------------------------------

@dataclass(frozen=True)
class Examined:
    """What an alpha-beta search did on a case: what it returned, (value, move), and the leaves it
    examined, in order."""

    returned: Any  # what the student's search returned: a hint reads its value loosely
    leaves: tuple[Path, ...]

    def __repr__(self) -> str:
        shown = ", ".join(path_name(path) for path in self.leaves) or "none"
        return f"{answer_text(self.returned)}, examining the leaves {shown}"


ALPHABETA_HINT = ("write ab_max_value as printed and ab_min_value as its mirror image: a MIN node "
                  "starts at +∞, keeps the smallest value, lowers β, and returns as soon as v ≤ α "
                  "(v < α when strict)")


def alphabeta_cases() -> list[tuple[RecordingTreeGame, Path, bool]]:
    """Return the cases of the alpha-beta exercise, (game, state, strict), smallest tree first: AIMA
    Fig. 5.2 and the random trees of lesson_cases(), each with MAX and with MIN at the root, searched
    from the root by both rules for ties (strict False: cut on v ≥ β; True: only on v > β)."""
    cases = [(RecordingTreeGame(case.tree, case.first), (), strict)
             for case in lesson_cases(sides=("MAX", "MIN")) for strict in (False, True)]
    return sorted(cases, key=lambda case: len(validate_tree(case[0].tree)))


def examined_by_alphabeta(game: TreeGame, state: Path, strict: bool) -> Examined:
    """Return the answer key of the alpha-beta exercise: the package's (value, move) of the tree
    game from the root, and the leaves it examines in order, cutting on v ≥ β (alphabeta) or, with
    `strict`, only on v > β (strict_alphabeta)."""
    trace = Trace()
    if strict:
        result = strict_alphabeta(game.tree, first=game.first, trace=trace)
    else:
        result = alphabeta(TreeGame(game.tree, first=game.first), state, trace=trace)
    return Examined((result.value, result.move), tuple(trace.leaves()))


def recording(student: Callable[..., object]) -> Callable[[RecordingTreeGame, Path, bool], Examined]:
    """Return the function the check calls for a student's alphabeta_search(game, state, strict):
    it returns what the student's returned and the leaves it examined (those whose utility it
    asked the game for), as an Examined."""
    if runs_elsewhere(student):  # run in the grader's worker (running.sandbox)
        return RemoteRecording(cast("RemoteFunction", student))

    def search(game: RecordingTreeGame, state: Path, strict: bool) -> Examined:
        returned = student(game, state, strict)
        return Examined(returned, tuple(game._examined))

    search.__name__ = str(getattr(student, "__name__", "alphabeta_search"))
    return search


class RemoteRecording:
    """recording() for a search run in the grader's worker: the game comes back with the leaves
    the search examined there, and fills the check's copy (RecordingTreeGame.fill_from)."""

    runs_elsewhere = True
    """Its calls go to the worker: the guard never forks a child to run it (guard.runs_here)."""

    def __init__(self, student: RemoteFunction):
        self.student = student
        self.__name__ = student.__name__

    def __call__(self, game: RecordingTreeGame, state: Path, strict: bool) -> Examined:
        returned = self.student.call_with_writes((game, state, strict), [0])
        return Examined(returned, tuple(game._examined))


def same_search(got: object, want: Examined) -> bool:
    """Return True when a student's search returned what the package's did and examined the same
    leaves in the same order."""
    return (isinstance(got, Examined) and same(got.returned, want.returned)
            and same(list(got.leaves), list(want.leaves)))


UPDATES_ALPHA_AT_MIN = "updates α at MIN's nodes (α is MAX's guarantee: a MIN node lowers β = min(β, v))"
UPDATES_BETA_AT_MAX = "updates β at MAX's nodes (β is MIN's guarantee: a MAX node raises α = max(α, v))"

MISTAKES: dict[str, str] = {
    "later move": "keeps a later move that only ties the best (change the move only when v2 > v, v2 < v at MIN)",
    "ties always cut": "cuts on a tie even when strict is True (then a MAX node cuts only when v > β, a MIN node "
                       "only when v < α)",
    "ties never cut": "does not cut on a tie when strict is False (the course's rule: v ≥ β at MAX, v ≤ α at "
                      "MIN)",
    "ties inverted": "has the tie rule the wrong way round (strict=False cuts when v ≥ β, strict=True only when "
                     "v > β)",
    "alpha at MIN": UPDATES_ALPHA_AT_MIN,
    "alpha lowered at MIN": UPDATES_ALPHA_AT_MIN,
    "beta at MAX": UPDATES_BETA_AT_MAX,
    "beta raised at MAX": UPDATES_BETA_AT_MAX,
    "wrong bound": "compares v with the wrong bound (a MAX node with β, a MIN node with α)",
    "MIN never cuts": "has no cutoff at MIN's nodes (a MIN node returns as soon as v ≤ α)",
    "MAX never cuts": "has no cutoff at MAX's nodes (a MAX node returns as soon as v ≥ β)",
    "no cutoff": "never returns early: no cutoff (return as soon as v ≥ β at MAX, v ≤ α at MIN)",
    "bounds not passed": "does not pass alpha and beta down to the children (each call passes the node's window)",
}
"""The typical mistakes in writing alpha-beta (mistaken_alphabeta's `mistake`), each with what a search
that makes it does, as a hint says it; the most telling first."""

NOTHING_CUT = ("On this tree your search examines every leaf, as minimax does: nothing is cut off. The usual causes: "
               "no cutoff (a MAX node returns as soon as v ≥ β, a MIN node as soon as v ≤ α), alpha and beta "
               "not passed down to the children, or a bound updated at the wrong node (only a MAX node raises "
               "α, only a MIN node lowers β).")
"""The hint for a search that prunes nothing where alpha-beta prunes: on a small tree several of the
typical mistakes do that, so it names them all."""

TIE_MISTAKES = ("later move", "ties always cut", "ties never cut", "ties inverted")
"""The mistakes named first, and alone when one of them fits: they tell what went wrong even where
nothing was cut."""

MOST_NAMED = 3
"""The most typical mistakes one hint names (on a small tree several mistakes do the same)."""


def mistaken_alphabeta(game: TreeGame, state: Path, strict: bool,
                       mistake: Optional[str] = None) -> tuple[float, Optional[int]]:
    """Return (value, move) of the plain alpha-beta from `state` with a typical mistake (a key of
    MISTAKES), or without one (None): the searches whose leaves a student's may match."""
    if mistake is not None and mistake not in MISTAKES:
        raise ValueError(f"mistaken_alphabeta: unknown mistake {mistake!r}")
    return _mistaken_value(game, state, -INF, INF, strict, mistake)


def _mistaken_value(game: TreeGame, state: Path, alpha: float, beta: float, strict: bool,
                    mistake: Optional[str]) -> tuple[float, Optional[int]]:
    if game.is_terminal(state):
        return game.utility(state, game.max_player), None
    maximizing = game.to_move(state) == game.max_player
    v, move = (-INF if maximizing else INF), None
    for a in game.actions(state):
        window = (-INF, INF) if mistake == "bounds not passed" else (alpha, beta)
        v2, _ = _mistaken_value(game, game.result(state, a), *window, strict, mistake)
        better = v2 > v if maximizing else v2 < v
        if better or (mistake == "later move" and v2 == v):
            v, move = v2, a
            if maximizing and mistake in ("beta at MAX", "beta raised at MAX"):
                beta = min(beta, v) if mistake == "beta at MAX" else max(beta, v)
            elif maximizing:
                alpha = max(alpha, v)
            elif mistake in ("alpha at MIN", "alpha lowered at MIN"):
                alpha = max(alpha, v) if mistake == "alpha at MIN" else min(alpha, v)
            else:
                beta = min(beta, v)
        if _cuts(v, alpha, beta, maximizing, strict, mistake):
            return v, move
    return v, move


def _cuts(v: float, alpha: float, beta: float, maximizing: bool, strict: bool, mistake: Optional[str]) -> bool:
    """Return True when a node with value so far `v` stops, by the right rule or under `mistake`."""
    if mistake in ("no cutoff", "MAX never cuts" if maximizing else "MIN never cuts"):
        return False
    bound = (alpha if maximizing else beta) if mistake == "wrong bound" else (beta if maximizing else alpha)
    beyond = v - bound if maximizing else bound - v
    ties = {"ties always cut": True, "ties never cut": False, "ties inverted": strict}.get(str(mistake), not strict)
    return beyond > 0 or (beyond == 0 and ties)


def alphabeta_mistake(outcome: Outcome, game: RecordingTreeGame, state: Path, strict: bool) -> str:
    """Return a hint about what a wrong alpha-beta probably did on a case, where it went as `outcome`
    says: the typical mistakes (MISTAKES) whose search returns the same and examines the same leaves
    there, else where it first parts from alpha-beta; '' when it cannot tell. Never the right result."""
    if isinstance(outcome.error, TypeError) and "unpack" in str(outcome.error):
        return "ab_max_value and ab_min_value each return a pair (value, move), at a leaf too."
    if outcome.problem is not None or outcome.error is not None or not isinstance(outcome.value, Examined):
        return ""
    got: Examined = outcome.value
    right = examined_by_alphabeta(game, state, strict)
    if not (isinstance(got.returned, (tuple, list)) and len(got.returned) == 2):
        return "alphabeta_search returns a pair (value, move), as ab_max_value and ab_min_value do."
    made = _mistakes_made(got, right, game, state, strict, TIE_MISTAKES)
    if not made and _examines_every_leaf(got, game, state):
        return NOTHING_CUT
    made = made or _mistakes_made(got, right, game, state, strict, [m for m in MISTAKES if m not in TIE_MISTAKES])
    if made:
        named = made[:MOST_NAMED]
        listed = named[0] if len(named) == 1 else ", ".join(named[:-1]) + ", or " + named[-1]
        return f"On this tree your search behaves like one that {listed}."
    return _first_difference(got, right)


def _mistakes_made(got: Examined, right: Examined, game: TreeGame, state: Path, strict: bool,
                   mistakes: Sequence[str]) -> list[str]:
    """Return what each of `mistakes` does (MISTAKES), for those whose search returns what the
    student's did on this case and examines the same leaves, where alpha-beta does otherwise."""
    made: list[str] = []
    for mistake in mistakes:
        fresh = RecordingTreeGame(game.tree, game.first)
        mistaken = Examined(mistaken_alphabeta(fresh, state, strict, mistake), tuple(fresh._examined))
        if same_search(got, mistaken) and not same_search(mistaken, right) and MISTAKES[mistake] not in made:
            made.append(MISTAKES[mistake])
    return made


def _examines_every_leaf(got: Examined, game: TreeGame, state: Path) -> bool:
    """Return True when a search examined every leaf below `state`, left to right, as minimax does."""
    fresh = RecordingTreeGame(game.tree, game.first)
    mistaken_alphabeta(fresh, state, False, "no cutoff")
    return same(list(got.leaves), fresh._examined)


def _first_difference(got: Examined, right: Examined) -> str:
    """Return where a student's search first parts from alpha-beta's, as a hint (never the result)."""
    mine, theirs = list(got.leaves), list(right.leaves)
    k = next((i for i, (a, b) in enumerate(zip(mine, theirs)) if a != b), min(len(mine), len(theirs)))
    if k < len(mine) and mine[k] not in theirs:
        return (f"Your search examines {path_name(mine[k])}, which alpha-beta never examines: by then a node above "
                "it had a value outside its window, and should have returned.")
    if k < len(theirs) and theirs[k] not in mine:
        return (f"Your search never examines {path_name(theirs[k])}, which alpha-beta does: a node above it cut "
                "off while its window (α, β) was still open.")
    if mine != theirs:
        return "Your search examines the leaves in another order: search each node's children left to right."
    if not same(got.returned[0], right.returned[0]):
        return ("Your search examines the right leaves but returns another value: what does a node return at a "
                "cutoff, and after its last child?")
    return ("Your value and leaves are right, but not the move: keep the move of the first child that gave "
            "the best value.")


def draw_case(game: TreeGame, state: Path, strict: bool) -> Drawing:
    """Return the tree of a failing case drawn, with the player to move at its root and its moves."""
    return draw(TreeGame(game.tree, first=game.first), edge_labels=True)


@exercise("code", prelude=LESSON_PRELUDE)
def alphabeta_search(student: object) -> Verdict:
    """Check the student's alphabeta_search(game, state, strict), which calls their ab_max_value and
    ab_min_value, on AIMA Fig. 5.2 and 40 random trees, with MAX and with MIN at the root and both
    rules for ties: it must return the package's (value, move) and examine the same leaves, in order."""
    if student is Ellipsis or not callable(student):
        return check_function(student, examined_by_alphabeta, alphabeta_cases(), hint=ALPHABETA_HINT)
    return check_function(recording(student), examined_by_alphabeta, alphabeta_cases(), hint=ALPHABETA_HINT,
                          show=draw_case, compare=same_search, explain=alphabeta_mistake)


# --- Check yourself ---------------------------------------------------------------------------------

@exercise("check-yourself")
def quiz_1(answer: object) -> Verdict:
    """Must alpha-beta see every leaf before it can prune? (a, b or c)"""
    pruned, full = alphabeta(FIG_5_2).leaves, minimax(FIG_5_2).leaves
    return choice(answer, "c", hint="how does alpha-beta know α and β when it reaches a node?",
                  why=(f"α and β come from the part of the tree already searched, so alpha-beta "
                       f"decides in one depth-first pass: on AIMA Fig. 5.2 it settles the value "
                       f"from {pruned} of the {full} leaves, never looking at the other "
                       f"{full - pruned}."),
                  mistakes={"a": "If it had to look at every leaf first, what would pruning save?",
                            "b": "Read ab_max_value again: does anything run before it, and where do alpha and "
                                 "beta come from?"})
