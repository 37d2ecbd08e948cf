"""Assignment 2 checks: negamax, alpha-beta traced by hand (the leaves it prunes, the values at MIN's
nodes), and alpha-beta in both forms (minimax and negamax), whose leaves examined must be
alphabeta's, in order.

Alpha-beta's rule on ties is the instructor's choice (TIE_RULES): prune when α ≥ β, as AIMA 4th ed.
Fig. 5.7 and the package's `alphabeta` do, or only when α > β, as UC Berkeley CS188's autograder
does (the package's `strict_alphabeta`). The solution notebook's metadata names it
(`"minimax_lab": {"tie_rule": ">"}`, ">=" when absent); `make grade` reads it from there
(grading.settings), the notebook's locked set-up cell calls `use_tie_rule` with the same rule."""

from __future__ import annotations

import copy
from types import MappingProxyType
from typing import Callable, Mapping, Optional, Sequence, Union, cast

from ..checks.core import Case, Failure, read_paths, same, tree_cases
from ..core.text import path_name
from ..core.text import shown as value_shown
from ..core.trace import Trace, cutoff_reasons, examined_reason
from ..core.trees import Path, Tree
from ..games.protocol import TreeGame
from ..search.textbook import INF, SearchResult, alphabeta, minimax, negamax
from ..search.ties import strict_alphabeta
from .reports import attempt, check_tree_values, judge_cases, number_text, raised, report


TIE_RULES: Mapping[str, str] = MappingProxyType({">=": "prune when alpha >= beta",
                                                 ">": "prune only when alpha > beta"})
"""The two rules on ties, as the solution notebook's metadata names them, with the words the checks
say them in: AIMA's (the package's alphabeta) and CS188's (strict_alphabeta)."""

DEFAULT_TIE_RULE = ">="
"""The rule when the solution notebook's metadata names none: AIMA's, the lessons' rule."""

_CHOSEN = {"tie_rule": DEFAULT_TIE_RULE}
"""The rule the checks use now; changed in place by use_tie_rule (never rebound: the grading guard
watches the module's names)."""


def use_tie_rule(rule: str = DEFAULT_TIE_RULE) -> None:
    """Make the checks of this assignment prune by `rule`: ">=" (prune when alpha >= beta) or ">"
    (prune only when alpha > beta); raise ValueError for anything else."""
    if not (isinstance(rule, str) and rule in TIE_RULES):
        raise ValueError(f"the tie rule must be \">=\" (prune when alpha >= beta, AIMA) or \">\" (prune only "
                         f"when alpha > beta, CS188), not {value_shown(rule)}")
    _CHOSEN["tie_rule"] = rule


def tie_rule() -> str:
    """Return the rule on ties the checks use now, ">=" or ">"."""
    return _CHOSEN["tie_rule"]


def pruning_search(game: TreeGame, *, trace: Trace) -> SearchResult[float]:
    """Return alpha-beta's result on a tree game under the chosen tie rule, its events in `trace`."""
    if tie_rule() == ">":
        return strict_alphabeta(game.tree, first=game.first, trace=trace)
    return alphabeta(game, trace=trace)


def leaves_examined(tree: Tree, rule: Optional[str] = None) -> list[Optional[float]]:
    """Return the leaf values alpha-beta examines on `tree`, MAX at the root, in order, under `rule`
    (default: the chosen one).

    >>> leaves_examined([[5, 6], [5, 9]], ">="), leaves_examined([[5, 6], [5, 9]], ">")
    ([5, 6, 5], [5, 6, 5, 9])
    """
    before = tie_rule()
    use_tie_rule(before if rule is None else rule)
    try:
        trace = Trace()
        pruning_search(TreeGame(tree), trace=trace)
        return trace.leaf_values()
    finally:
        _CHOSEN["tie_rule"] = before


def _drawn_with() -> Optional[str]:
    """Return the search a failing tree is drawn with: alphabeta under its own rule, else none
    (the tree is drawn without values)."""
    return "alphabeta" if tie_rule() == ">=" else None


def check_negamax(negamax_value: Callable[[Tree, int], float]) -> None:
    """Check negamax_value(tree, color) (color +1: MAX to move, -1: MIN) against the package's
    negamax: the value from the point of view of the player to move at the root."""
    __tracebackhide__ = True
    check_tree_values("negamax_value", negamax_value, negamax, lambda case: case.color, "color={:+d}")


def _judge_pruning(case: Case, func: Callable[..., object], call: str, args: tuple[object, ...], want: float,
                   examined: list[object]) -> Optional[Failure]:
    """Compare a pruning search's value and the leaves it examined with the package's alphabeta
    under the chosen tie rule."""
    trace = Trace()
    pruning_search(case.game, trace=trace)
    leaves = trace.leaf_values()
    got, error = attempt(func, *args)
    if error is not None:
        return Failure(case, call, f"value {number_text(want)}", raised(error), _drawn_with(), error)
    if not same(got, want):
        return Failure(case, call, f"value {number_text(want)}", f"value {number_text(got)}", _drawn_with())
    if examined != leaves:
        at = next((i for i, (a, b) in enumerate(zip(examined, leaves)) if a != b),
                  min(len(examined), len(leaves)))
        return Failure(case, call, f"the leaves {leaves} examined, in this order ({TIE_RULES[tie_rule()]})",
                        f"the leaves {examined} (they differ from leaf number {at + 1} on)", _drawn_with())
    return None


def _check_pruning(name: str, student: Callable[..., object], search: Callable[[TreeGame], SearchResult[float]],
                   argument: Callable[[Case], object],
                   shown: str) -> None:
    """Check student(tree, -inf, +inf, argument(case), examined) on every tree case: its value must be
    search(case.game).value and the leaves it examined alphabeta's; `shown` formats the argument."""
    __tracebackhide__ = True

    def judge(case: Case) -> Optional[Failure]:
        examined: list[object] = []
        call = f"{name}(tree, -inf, +inf, {shown.format(argument(case))}, examined)"
        return _judge_pruning(case, student, call,
                              (copy.deepcopy(case.tree), -INF, INF, argument(case), examined),
                              search(case.game).value, examined)

    cases = tree_cases()
    judge_cases(name, f"{len(cases)} trees correct, values and leaves examined ({TIE_RULES[tie_rule()]})",
                cases, judge)


def check_alphabeta(alphabeta_value: Callable[[Tree, float, float, bool, list[float]], float]) -> None:
    """Check alphabeta_value(tree, alpha, beta, maximizing, examined) called with the full window:
    its value must be minimax's, and the leaf values it appended to `examined` must be those the
    package's alphabeta examines, in the same order (children left to right, pruning by the chosen
    tie rule)."""
    __tracebackhide__ = True
    _check_pruning("alphabeta_value", alphabeta_value, minimax, lambda case: case.maximizing, "maximizing={}")


def check_negamax_alphabeta(negamax_alphabeta: Callable[[Tree, float, float, int, list[float]], float]) -> None:
    """Check negamax_alphabeta(tree, alpha, beta, color, examined) called with the full window: its
    value must be negamax's (the side to move's view) and the leaf values it appended to
    `examined` (as they stand in the tree) those the package's alphabeta examines under the chosen
    tie rule, in order."""
    __tracebackhide__ = True
    _check_pruning("negamax_alphabeta", negamax_alphabeta, negamax, lambda case: case.color, "color={:+d}")


# --- alpha-beta by hand ------------------------------------------------------------------------

HAND_TRACE_TREE: Tree = [[[[7, 1], [9, 6]], [[8, 0], [3, 4]]], [[[3, 2], [1, 6]], [[7, 3], [0, 1]]]]
"""The tree of the hand trace: MAX at the root, four plies (random_tree(2, 4, seed=64, low=0,
high=9)), with two cutoffs on a tie when alpha >= beta prunes: the rules differ on it (6 leaves
pruned against 5, and the values backed up at [1][0][0] and [1]). The check reads the answers from
the Trace of the package's alpha-beta under the chosen rule as it runs; no answer is stored."""


def _read_trace_answer(got: object) -> tuple[set[Path], dict[Path, object]]:
    """Return (pruned leaves, MIN values) read from a student's answer; raise ValueError or
    TypeError saying what could not be read."""
    if not (isinstance(got, tuple) and len(got) == 2):
        raise TypeError(f"the answer must be a pair (pruned leaves, MIN values), not {value_shown(got)}")
    pruned, values = got
    if not isinstance(values, Mapping):
        raise TypeError(f"the MIN values must be a dict {{node: value}}, not {value_shown(values)}")
    named = {}
    for key, value in values.items():
        [path] = read_paths([key]) if isinstance(key, (str, tuple, list)) else [None]
        if path is None:
            raise TypeError(f"{value_shown(key)} is not a node: name it like '[1][0]' or (1, 0)")
        named[path] = value
    return set(read_paths(pruned)), named


def check_hand_trace(alphabeta_by_hand: Callable[[], tuple[Sequence[object], Mapping[object, float]]]) -> None:
    """Check alphabeta_by_hand() -> (pruned leaves, {MIN node: value}) on HAND_TRACE_TREE: the
    leaves must be those the package's alpha-beta never examines under the chosen tie rule, and
    each MIN node it visits must have the value it backs up there (no others). Paths as text
    '[1][0]' or tuples."""
    __tracebackhide__ = True
    game, trace = TreeGame(HAND_TRACE_TREE), Trace()
    pruning_search(game, trace=trace)
    rule = TIE_RULES[tie_rule()]
    # what alpha-beta did: the leaves it never examined, and what it backed up at each MIN node it
    # visited (where it stopped early, the bound it reached)
    leaves = {path for path in game.nodes if game.is_terminal(path)}
    pruned = leaves - set(trace.leaves())
    mins = {path: value for path, value in trace.values().items()
            if value is not None and path not in leaves and game.to_move(path) == "MIN"}
    bounds = trace.bounds()
    got, error = attempt(alphabeta_by_hand)
    call = "alphabeta_by_hand()"
    shown = raised(error) if error is not None else ""
    if error is None:
        try:
            given_pruned, given_mins = _read_trace_answer(got)
        except (TypeError, ValueError) as unreadable:
            shown = f"{value_shown(got)}, which cannot be read: {unreadable}"
    if shown:
        report("alphabeta_by_hand", "", 1, [Failure("the hand trace", call,
                                                      "a pair (pruned leaves, {MIN node: value})", shown,
                                                      None, error)])
        return

    def judge(item: Union[str, Path]) -> Optional[Failure]:
        if item == "pruned":
            if given_pruned == pruned:
                return None
            missed, why = pruned - given_pruned, []
            for root, reason in cutoff_reasons(trace).items():
                below = sorted(leaf for leaf in missed if leaf[:len(root)] == root)
                if below:
                    why.append(f"you missed {', '.join(map(path_name, below))}, pruned: {reason}")
            for path in sorted(given_pruned - pruned):
                if path in game.nodes and game.is_terminal(path):
                    why.append(f"{path_name(path)} is examined: "
                               f"{examined_reason(trace, path, prune_ties=tie_rule() == '>=')}")
                else:
                    why.append(f"{path_name(path)} is not a leaf of the tree (name leaves, like [0][0][0][0])")
            return Failure("the pruned leaves", call,
                           f"the {len(pruned)} leaves alpha-beta never examines ({rule})",
                            f"{len(given_pruned)} leaves; " + ";\n    ".join(why))
        if item == "extra":
            extra = sorted(set(given_mins) - set(mins))
            if not extra:
                return None
            return Failure("the MIN nodes", call,
                            "a value for each MIN node alpha-beta visits, and no other node",
                            f"a value for {', '.join(map(path_name, extra))}, which "
                            f"{'is' if len(extra) == 1 else 'are'} pruned or not a MIN node")
        item = cast(Path, item)  # neither "pruned" nor "extra": a MIN node
        want, value = mins[item], given_mins.get(item)
        if value is not None and same(value, want):
            return None
        shown = "no value" if value is None else number_text(value)
        notes = [f"alpha-beta stops early at {path_name(item)}: it backs up {number_text(want)}, a bound, "
                 "not the exact minimax value"] if bounds.get(item) else []
        return Failure(f"MIN node {path_name(item)}", call, f"{number_text(want)} ({'; '.join([*notes, rule])})",
                       shown)

    items: list[Union[str, Path]] = ["pruned", "extra", *sorted(mins, key=lambda path: (len(path), path))]
    judge_cases("alphabeta_by_hand", f"the {len(pruned)} pruned leaves and the values of all {len(mins)} "
                f"MIN nodes correct ({rule})", items, judge)
