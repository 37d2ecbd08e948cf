"""Checks for lesson 04 (move ordering): which order prunes most, an ordering of your own, the
node budget, and the Check yourself questions.

Every expected answer is computed by the package: alpha-beta's counts under the named orderings
(registry.ORDERINGS), the exact values of tic-tac-toe (`ordering.exact_values`), and the searches of
`windows`. An ordering a student writes is run by alpha-beta on tic-tac-toe from the empty board;
whatever it does wrong (returns too few moves, forgets to return, raises) gets a verdict, never a
traceback. Unanswered (`...`, or a function that raises NotImplementedError), a check prints
"Not answered yet" with a hint.

>>> verdict = fewest_leaves(...)
Not answered yet: which order lets every cutoff happen as early as it can? For the count, lesson 3's best case
>>> fewest_leaves(("best first", 11)).correct
Correct: best first, 11 leaves (3^2 + 3^1 - 1, Knuth and Moore's best case). The others: as given 18, random order 22, worst first 27.
True
"""

from __future__ import annotations

from functools import cache
from typing import Any

from ..analysis.experiments import minimal_leaves, compare_searches
from ..core.table import NaiveTable
from ..core.text import path_name
from ..core.trace import Moves
from ..core.trees import Tree, random_tree, tree_depth
from ..games.tictactoe import TicTacToe
from ..search.ordering import ByEvaluation, as_given, exact_order, exact_values
from ..search.registry import ORDERINGS, ordering_named
from ..search.solve import solve
from ..search.textbook import SearchResult, alphabeta
from ..search.windows import null_window
from . import guard
from .core import Verdict, choice, exercise, read_number, same, unanswered, verdict

ORDER_TREE: Tree = random_tree(3, 3, seed=4, low=-99, high=99)
"""The tree of "one tree, four orders" (branching 3, depth 3, MAX at the root)."""

CORNER = "......X.."
"""The position of the transposition-table counterexample: X has taken a corner, O to move."""

NULL_TEST = 0.5
"""The test value of the null-window question: does X win tic-tac-toe (is the value >= 0.5)?"""


# --- Your turn: which order prunes most? ---------------------------------------------------------

def four_orders(tree: Tree = ORDER_TREE) -> dict[str, SearchResult[float]]:
    """Return alpha-beta's result on `tree` under each ordering of registry.ORDERINGS, by label."""
    return {ordering.label: alphabeta(tree, order=ordering_named(name)) for name, ordering in ORDERINGS.items()}


@exercise("predict")
def fewest_leaves(answer: Any) -> Verdict:
    """Check a prediction (order, leaves): which of the four orders evaluates the fewest leaves of
    ORDER_TREE, and how many."""
    hint = ("which order lets every cutoff happen as early as it can? For the count, lesson 3's "
            "best case")
    if answer is Ellipsis:
        return unanswered(hint)
    leaves = {label: result.leaves for label, result in four_orders().items()}
    fewest = min(leaves.values())
    winners = [label for label, count in leaves.items() if count == fewest]
    if not isinstance(answer, (tuple, list)) or len(answer) != 2:
        return verdict(False, f"Not correct: you said {answer!r}. Answer with a pair: the order's name "
                              f"and a number of leaves, like ('as given', 20).")
    name, count = answer
    label = next((ordering.label for key, ordering in ORDERINGS.items()   # 'best first', or just 'best'
                  if ordering.label in leaves and (same(name, ordering.label) or same(name, key))), None)
    if label is None:
        return verdict(False, f"Not correct: {name!r} is not one of the four orders: "
                              f"{', '.join(repr(label) for label in leaves)}.")
    ranked = sorted(leaves, key=lambda label: leaves[label])
    others = ", ".join(f"{other} {leaves[other]}" for other in ranked if other not in winners)
    if label not in winners:
        why = {"worst first": "it prunes the least, since the refutation of each move comes last",
               "random order": "a random order prunes some, by luck",
               "as given": "the order the tree happens to list its moves in prunes some, by luck"}
        return verdict(False, f"Not correct: {label} evaluates {leaves[label]} leaves: "
                              f"{why.get(label, 'another order prunes more')}. {winners[0].capitalize()} "
                              f"evaluates {fewest}.")
    b, d = 3, tree_depth(ORDER_TREE)
    formula = f"{b}^{(d + 1) // 2} + {b}^{d // 2} - 1"
    number = read_number(count)
    if number is None or not same(number, fewest):
        total = b ** d
        mistakes = {total: f"{total} is every leaf: that is what the worst order evaluates here.",
                    b ** ((d + 1) // 2) + b ** (d // 2): "Almost: MAX's and MIN's strategies share "
                                                         "one leaf, counted twice."}
        named = next((text for wrong, text in mistakes.items() if number is not None and same(number, wrong)),
                     f"Count the leaves of lesson 3's best case, {formula}.")
        return verdict(False, f"Not correct: {label} is right, but you said {count!r} leaves. {named}")
    best_case = minimal_leaves(b, d)
    note = (f" ({formula}, Knuth and Moore's best case)" if best_case == fewest else "")
    return verdict(True, f"Correct: {label}, {fewest} leaves{note}. The others: {others}.")


# --- Your turn: an ordering of your own, and the budget -------------------------------------------

class OrderingRaised(Exception):
    """A student's ordering raised `error` at the node `path` (position `state`)."""

    def __init__(self, error: Exception, state: Any, path: Moves):
        super().__init__(str(error))
        self.error, self.state, self.path = error, state, path


class Watched:
    """Calls a student's ordering (and its cutoff method, if it learns), so that an error raised in
    the student's code is told apart from the search refusing what the ordering returned."""

    def __init__(self, student: Any):
        self.student = student
        self.__name__ = getattr(student, "__name__", None) or repr(student)

    def __call__(self, game: Any, state: Any, actions: Any, path: Moves) -> Any:
        return self._call(self.student, game, state, actions, path)

    def cutoff(self, game: Any, state: Any, action: Any, path: Moves) -> None:
        """Pass a cutoff on to the student's ordering if it learns from them."""
        learn = getattr(self.student, "cutoff", None)
        if learn is not None:
            self._call(learn, game, state, action, path)

    @staticmethod
    def _call(function: Any, game: Any, state: Any, argument: Any, path: Moves) -> Any:
        try:
            return function(game, state, argument, path)
        except (NotImplementedError, guard.TimedOut):
            raise
        except Exception as error:  # noqa: BLE001 - the student's error becomes a verdict
            raise OrderingRaised(error, state, path) from error


def run_ordering(student: Any, hint: str) -> SearchResult[float] | Verdict:
    """Return alpha-beta's result on tic-tac-toe from the empty board with the student's ordering,
    or the verdict (printed) on an ordering that is unanswered or breaks the search."""
    if student is Ellipsis:
        return unanswered(hint)
    if not callable(student):
        return verdict(False, f"Not correct: an ordering is a function order(game, state, actions, path), "
                              f"but you gave {student!r}.")
    try:
        result: SearchResult[float] = guard.run_limited(lambda: alphabeta(TicTacToe(), order=Watched(student)))
        return result  # run in a process of its own, where the time limit stops any loop
    except NotImplementedError:
        return unanswered(hint)
    except guard.TimedOut:
        return verdict(False, f"Not correct: alpha-beta with your ordering did not finish within "
                              f"{guard.CALL_TIMEOUT:g} s. The ordering is called at every node, thousands "
                              "of times, so it must be quick: rank the actions with a cheap score, "
                              "not a search.")
    except OrderingRaised as raised:
        advice = (" The actions come as a tuple, which cannot be sorted in place: return "
                  "sorted(actions, key=...), a new list." if "has no attribute 'sort'" in str(raised.error)
                  else "")
        return verdict(False, f"Not correct: your ordering raised {type(raised.error).__name__} "
                              f"({raised.error}) at node {path_name(raised.path)}, position "
                              f"{raised.state!r}.{advice}")
    except (TypeError, ValueError) as refused:
        return verdict(False, f"Not correct: {refused}. {refusal_advice(str(refused))}".rstrip())


def refusal_advice(message: str) -> str:
    """Return what a student probably did when the search refused their ordering's answer."""
    if "returned None" in message:
        return ("Did you forget the return? Note that list.sort() sorts in place and returns None; "
                "sorted(actions, key=...) returns the new list.")
    if "invented" in message or "repeated" in message:
        return "Return the actions themselves, each once: the squares, not their scores."
    if "dropped" in message:
        return ("An ordering may only change the order: leaving a move out is pruning by guesswork, "
                "and it can change the value.")
    return ""


@cache
def reference_nodes() -> dict[str, int]:
    """Return alpha-beta's nodes on tic-tac-toe from the empty board with the squares as given,
    best first and worst first by the exact values."""
    game = TicTacToe()
    values = exact_values(game)
    return {"as given": alphabeta(game, order=as_given).nodes,
            "best first": alphabeta(game, order=exact_order(game)).nodes,
            "worst first": alphabeta(game, order=ByEvaluation(values.__getitem__, worst=True)).nodes}


def compared(nodes: int) -> str:
    """Return a sentence placing a node count among the reference orderings'."""
    reference = reference_nodes()
    listed = "; ".join(f"{name}: {count:,}" for name, count in reference.items())
    if nodes > reference["as given"]:
        where = ("More than the squares as given: your ordering tends to put the bad moves first. "
                 "sorted() puts the smallest key first; is the best move's key the smallest?")
    elif nodes < reference["best first"]:
        where = "Fewer than best first by the exact values: the order among the other moves counts too."
    elif nodes == reference["as given"]:
        where = "The same count as the squares as given."
    elif nodes == reference["best first"]:
        where = "The same count as best first by the exact values."
    else:
        where = "Between the squares as given and best first."
    return f"Alpha-beta visits {nodes:,} nodes with it (the squares {listed}). {where}"


ORDERING_HINT = ("return the same actions in a new order, best guess first, for example with "
                 "sorted(actions, key=...)")


@exercise("code")
def my_ordering(student: Any) -> Verdict:
    """Check an ordering written by the student: on tic-tac-toe from the empty board it must return
    the actions rearranged at every node (so alpha-beta's value stays exact); report its nodes
    against the squares as given, best first and worst first."""
    result = run_ordering(student, ORDERING_HINT)
    if isinstance(result, Verdict):
        return result
    exact = exact_values(TicTacToe())[TicTacToe().initial]
    if not same(result.value, exact):  # cannot happen with a rearrangement; kept as a safeguard
        return verdict(False, f"Not correct: alpha-beta found {result.value}, not {exact}.")
    name = getattr(student, "__name__", "your ordering")
    return verdict(True, f"Correct: {name} returns the moves rearranged at every node, and alpha-beta "
                         f"still finds the value {result.value}. {compared(result.nodes)}")


def budget() -> int:
    """Return the node budget of "beat the budget": alpha-beta's nodes on tic-tac-toe from the empty
    board with every move ordered by its exact value, best first (ties as given)."""
    return reference_nodes()["best first"]


@exercise("code")
def within_budget(student: Any) -> Verdict:
    """Check an ordering with which alpha-beta solves tic-tac-toe from the empty board in fewer
    nodes than budget()."""
    hint = ("the exact values only rank the moves; among moves of equal value, which should come "
            "first? Think of the moves whose subtrees are smallest")
    result = run_ordering(student, hint)
    if isinstance(result, Verdict):
        return result
    limit = budget()
    if result.nodes < limit:
        return verdict(True, f"Correct: {result.nodes:,} nodes, {limit - result.nodes:,} under the budget "
                             f"of {limit:,}: your ordering beats best first by the exact values.")
    over = "at" if result.nodes == limit else f"{result.nodes - limit:,} over"
    return verdict(False, f"Not correct: {result.nodes:,} nodes, {over} the budget of {limit:,} (fewer "
                          f"is needed). {compared(result.nodes)}")


# --- Check yourself ------------------------------------------------------------------------------

@exercise("check-yourself")
def quiz_1(answer: Any) -> Verdict:
    """Does the order in which alpha-beta tries the moves change the value it returns?"""
    results = four_orders()
    values = sorted({result.value for result in results.values()})
    leaves = sorted(result.leaves for result in results.values())
    return choice(answer, "b", hint="compare the values in the table of section 1",
                  why=f"On the tree of section 1 the four orders return {' and '.join(map(str, values))} "
                      f"from {leaves[0]} to {leaves[-1]} leaves: the order changes the work, never the "
                      "value.",
                  mistakes={"a": "A better order reaches the same value sooner; pruning only skips "
                                 "what cannot change it.",
                            "c": "With a depth limit the leaves are evaluations, and alpha-beta still "
                                 "returns minimax's value of them, in any order."})


@exercise("check-yourself")
def quiz_2(answer: Any) -> Verdict:
    """Why does a transposition table that stores values without bound flags give wrong answers?"""
    game = TicTacToe()
    corner = game.state(CORNER)
    right, naive = solve(game, corner).value, solve(game, corner, table=NaiveTable()).value
    return choice(answer, "a", hint="what does a search with a narrow window return when the value "
                                    "falls outside it?",
                  why=f"A value found with a narrow window may be only a bound; read as exact under "
                      f"another window it is wrong: with X in a corner the naive table says {naive}, "
                      f"the flags {right}.",
                  mistakes={"b": "Tic-tac-toe's table is keyed by the whole board: no two positions "
                                 "share an entry.",
                            "c": "In tic-tac-toe a position's value does not depend on the moves that "
                                 "led to it: the same board, the same value."})


@exercise("check-yourself")
def quiz_3(answer: Any) -> Verdict:
    """A null-window search of tic-tac-toe with the test 0.5 returns 0: what does it prove?
    (a: the value is exactly 0; b: at most 0, X cannot force a win; c: at least 0.5, X wins)"""
    result = null_window(TicTacToe(), test=NULL_TEST)
    yes = result.value >= NULL_TEST
    side = "no" if not yes else "yes"
    bound = f"at most {result.value}" if not yes else f"at least {result.value}"
    misread = ("Compare the result with the test: below it means no, at or above it means yes.")
    return choice(answer, "c" if yes else "b",
                  hint="a null window proves only on which side of the test the value lies",
                  why=f"It returned {result.value}, so the answer to 'is the value at least "
                      f"{NULL_TEST}?' is {side}: the value is {bound}. {result.nodes:,} nodes proved it.",
                  mistakes={"a": "A null window has no value inside it, so its result is always a "
                                 "bound, never exact.",
                            "b" if yes else "c": misread})


@exercise("check-yourself")
def quiz_4(answer: Any) -> Verdict:
    """On tic-tac-toe MTD(f) visits about a quarter of the nodes PVS visits: why?"""
    rows = {row["search"]: row["nodes"] for row in
            compare_searches(TicTacToe(), searches=("pvs", "pvs+table", "mtdf"))}
    return choice(answer, "b", hint="which of the two remembers positions between its searches?",
                  why=f"MTD(f) keeps a transposition table and plain PVS does not: PVS visits "
                      f"{rows['pvs']:,} nodes, with a table {rows['pvs+table']:,}, MTD(f) "
                      f"{rows['mtdf']:,}.",
                  mistakes={"a": "Null windows help, but PVS uses them too; the big difference is "
                                 "memory.",
                            "c": "MTD(f) starts from a guess, but needs several tests even from the "
                                 "right one, and each costs nodes."})
