"""Checks for lesson 04 (move ordering): which order prunes most, an ordering of your own, the node
budget, iterative deepening's first search, and the Check yourself questions.

Every expected answer is computed by the package: alpha-beta's counts under the named orderings
(registry.ORDERINGS), the exact values of tic-tac-toe (`ordering.exact_values`) and iterative
deepening's searches. An ordering a student writes is run by alpha-beta on tic-tac-toe from the
empty board, in a process of its own with a time limit, and with the package's searches forbidden
while the ordering runs (guard.call_forbidding); whatever it does wrong (returns too few moves,
forgets to return, raises, searches, orders by the exact values) gets a verdict, never a traceback.
A first wrong try gets a hint; the answer waits for the second (checks.core.Exercise).

>>> verdict = fewest_leaves(...)
Not answered yet: which order lets every cutoff happen as early as it can? For the count, lesson 3's best case
>>> fewest_leaves(("best first", 11)).correct
Correct: best first, 11 leaves (3^2 + 3^1 - 1, Knuth and Moore's best case). The others: as given 18, random order 22, worst first 27.
True
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import Any, Callable, Iterator, Optional, Sequence

from ..analysis.experiments import minimal_leaves
from ..core.text import path_name, shown
from ..core.trace import Moves
from ..core.trees import Tree, random_tree, tree_depth
from ..games.protocol import Game
from ..games.tictactoe import LINES_THROUGH, TicTacToe, TicTacToeState
from ..heuristics.tictactoe import open_lines_evaluation
from ..running import guard
from ..running.guard import limits
from ..search.ordering import ByEvaluation, Combined, as_given, exact_order, exact_values, iterative_deepening
from ..search.registry import ORDERINGS, ordering_named
from ..search.textbook import SearchResult, alphabeta
from .core import (LESSON_PRELUDE, Verdict, choice, error_text, exercise, plain_sequence, read_number, same,
                   unanswered, verdict)

ORDER_TREE: Tree = random_tree(3, 3, seed=4, low=-99, high=99)
"""The tree of "one tree, four orders" (branching 3, depth 3, MAX at the root)."""

PREFERENCE = (4, 0, 2, 6, 8, 1, 3, 5, 7)
"""Tic-tac-toe's squares as players rank them: the centre, the corners, then the edges."""


# --- Your turn: which order prunes most? ---------------------------------------------------------

def four_orders(tree: Tree = ORDER_TREE) -> dict[str, SearchResult[float]]:
    """Return alpha-beta's result on `tree` under each ordering of registry.ORDERINGS, by label."""
    return {ordering.label: alphabeta(tree, order=ordering_named(name)) for name, ordering in ORDERINGS.items()}


@exercise("predict")
def fewest_leaves(answer: object) -> Verdict:
    """Check a prediction (order, leaves): which of the four orders evaluates the fewest leaves of
    ORDER_TREE, and how many."""
    hint = ("which order lets every cutoff happen as early as it can? For the count, lesson 3's "
            "best case")
    if answer is Ellipsis:
        return unanswered(hint)
    leaves = {label: result.leaves for label, result in four_orders().items()}
    fewest = min(leaves.values())
    winners = [label for label, count in leaves.items() if count == fewest]
    pair = plain_sequence(answer, 2)
    if pair is None:
        return verdict(False, f"Not correct: you said {shown(answer)}. Answer with a pair: the order's name "
                              f"and a number of leaves, like ('as given', 20).")
    name, count = pair
    label = next((ordering.label for key, ordering in ORDERINGS.items()   # 'best first', or just 'best'
                  if ordering.label in leaves and (same(name, ordering.label) or same(name, key))), None)
    if label is None:
        return verdict(False, f"Not correct: {shown(name)} is not one of the four orders: "
                              f"{', '.join(repr(label) for label in leaves)}.")
    ranked = sorted(leaves, key=lambda label: leaves[label])
    others = ", ".join(f"{other} {leaves[other]}" for other in ranked if other not in winners)
    b, d = 3, tree_depth(ORDER_TREE)
    formula = f"{b}^{(d + 1) // 2} + {b}^{d // 2} - 1"
    note = f" ({formula}, Knuth and Moore's best case)" if minimal_leaves(b, d) == fewest else ""
    answer_text = (f"The answer is {winners[0]}, {fewest} leaves{note}: every node meets its strongest "
                   f"move first, so each later sibling is refuted by its first reply. The others: {others}.")
    if label not in winners:
        why = {"worst first": "it prunes the least, since the refutation of each move comes last",
               "random order": "a random order prunes some, by luck",
               "as given": "the order the tree happens to list its moves in prunes some, by luck"}
        return verdict(False, f"Not correct: {label} evaluates {leaves[label]} leaves: "
                              f"{why.get(label, 'another order prunes more')}. Which order meets each "
                              "refutation first?", answer=answer_text)
    number = read_number(count)
    if number is None or not same(number, fewest):
        total = b ** d
        mistakes = {total: f"{total} is every leaf: that is what the worst order evaluates here.",
                    b ** ((d + 1) // 2) + b ** (d // 2): "Almost: MAX's and MIN's strategies share "
                                                         "one leaf, and you counted it twice."}
        named = next((text for wrong, text in mistakes.items() if number is not None and same(number, wrong)),
                     "Use lesson 3's best case, b^⌈d/2⌉ + b^⌊d/2⌋ − 1, with b = 3 and d = 3.")
        return verdict(False, f"Not correct: {label} is right, but you said {shown(count)} leaves. {named}",
                       answer=answer_text)
    return verdict(True, f"Correct: {label}, {fewest} leaves{note}. The others: {others}.")


TicTacToeGame = Game[TicTacToeState, int]
"""Tic-tac-toe as a search hands it to an ordering: its states, and squares 0..8 as actions."""


# --- the lesson's orderings, for the answers ---------------------------------------------------------

def centre_corners_edges(game: TicTacToeGame, state: TicTacToeState, actions: Sequence[int], path: Moves) -> list[int]:
    """Return the empty squares: the centre first, then the corners, then the edges."""
    return sorted(actions, key=PREFERENCE.index)


def wins_then_preference(game: TicTacToeGame, state: TicTacToeState, actions: Sequence[int], path: Moves) -> list[int]:
    """Return the squares that win at once first, then the centre, the corners and the edges (the
    answer to "an ordering of your own")."""
    player = game.to_move(state)

    def wins(square: int) -> bool:
        after = game.result(state, square)
        return bool(game.is_terminal(after) and game.utility(after, player) > 0)

    return sorted(actions, key=lambda square: (not wins(square), PREFERENCE.index(square)))


def win_block_centre(game: TicTacToeGame, state: TicTacToeState, actions: Sequence[int], path: Moves) -> list[int]:
    """Return the squares that win at once, then those that block a win, then the rest by
    PREFERENCE (the answer to "beat the budget")."""
    me = game.to_move(state)
    you = "O" if me == "X" else "X"

    def completes(square: int, player: object) -> bool:
        return any(sum(state.board[i] == player for i in line) == 2 for line in LINES_THROUGH[square])

    return sorted(actions, key=lambda square: (not completes(square, me), not completes(square, you),
                                               PREFERENCE.index(square)))


# --- running a student's ordering ----------------------------------------------------------------------

class OrderingRaised(Exception):
    """A student's ordering raised `error` at the node `path` (position `state`)."""

    def __init__(self, error: BaseException, state: TicTacToeState, path: Moves):
        super().__init__(str(error))
        self.error, self.state, self.path = error, state, path


class Watched:
    """Calls a student's ordering (and its cutoff method, if it learns) with the package's searches
    forbidden, so that an error raised in the student's code is told apart from the search refusing
    what the ordering returned; records each node's position and the order returned there."""

    def __init__(self, student: Callable[..., object]):
        self.student = student
        self.learn = getattr(student, "cutoff", None)  # one bound method, so the guard prepares it once
        self.__name__ = getattr(student, "__name__", None) or shown(student)
        self.orders: list[tuple[TicTacToeState, tuple[int, ...]]] = []

    def __call__(self, game: TicTacToeGame, state: TicTacToeState, actions: Sequence[int], path: Moves) -> Any:
        """Return what the student's ordering returned, as it is: the search checks it (check_ordering)."""
        returned = self._call(self.student, game, state, actions, path)
        if isinstance(returned, Iterator):  # a generator: read it once, here, to see the order
            returned = tuple(returned)
        if isinstance(returned, (list, tuple)):
            self.orders.append((state, tuple(returned)))
        return returned

    def cutoff(self, game: TicTacToeGame, state: TicTacToeState, action: int, path: Moves) -> None:
        """Pass a cutoff on to the student's ordering if it learns from them."""
        if self.learn is not None:
            self._call(self.learn, game, state, action, path)

    @staticmethod
    def _call(function: Callable[..., object], game: TicTacToeGame, state: TicTacToeState, argument: object,
              path: Moves) -> object:
        try:
            return guard.call_forbidding(function, game, state, argument, path)
        except (NotImplementedError, guard.TimedOut, guard.PackageSearchUsed):
            raise
        except (Exception, SystemExit, KeyboardInterrupt) as error:  # noqa: BLE001 - the student's: a verdict
            raise OrderingRaised(error, state, path) from error


@dataclass(frozen=True)
class Run:
    """Alpha-beta's result on tic-tac-toe with a student's ordering, and how the ordering ranked the
    moves: at how many nodes the moves' exact values differ (`choices`), and at how many of those
    it put a worse move before a better one (`misranked`)."""

    result: SearchResult[float]
    choices: int
    misranked: int


def misranks(orders: list[tuple[TicTacToeState, tuple[int, ...]]]) -> tuple[int, int]:
    """Return (nodes whose moves differ in exact value, nodes where a worse move comes before a
    better one) among the positions and orders an ordering returned in a tic-tac-toe search."""
    game = TicTacToe()
    values = exact_values(game)
    choices = misranked = 0
    for state, order in orders:
        sign = 1 if game.to_move(state) == game.max_player else -1
        scores = [sign * values[game.result(state, square)] for square in order]
        if len(set(scores)) > 1:
            choices += 1
            misranked += any(a < b for a, b in zip(scores, scores[1:]))
    return choices, misranked


def _search_with(student: Callable[..., object]) -> Run:
    """Return the Run of alpha-beta on tic-tac-toe from the empty board with the student's ordering."""
    watched = Watched(student)
    result: SearchResult[float] = alphabeta(TicTacToe(), order=watched)
    return Run(result, *misranks(watched.orders))


def run_ordering(student: object, hint: str) -> Run | Verdict:
    """Return the Run of alpha-beta on tic-tac-toe from the empty board with the student's ordering,
    or the verdict (printed) on an ordering that is unanswered, the package's own, or breaks the
    search."""
    if student is Ellipsis:
        return unanswered(hint)
    if not callable(student):
        return verdict(False, f"Not correct: an ordering is a function order(game, state, actions, path), "
                              f"but you gave {shown(student)}.")
    own = package_part(student)
    if own is not None:
        return verdict(False, f"Not correct: {own} is the course's own ordering, not one of yours. Write "
                              "a function order(game, state, actions, path) of your own (you may combine "
                              "it with the course's orderings).")
    try:
        run: Run = guard.run_limited(_search_with, None, student)  # a process of its own, a time limit
        return run
    except NotImplementedError:
        return unanswered(hint)
    except guard.TimedOut:
        return verdict(False, f"Not correct: alpha-beta with your ordering did not finish within "
                              f"{limits.CALL_TIMEOUT:g} s. The ordering is called at every node, thousands "
                              "of times, so it must be quick: rank the actions with a cheap score, "
                              "not a search.")
    except guard.PackageSearchUsed as used:
        return verdict(False, f"Not correct: your ordering {used}. An ordering guesses from the position "
                              "alone: it may not search (the search is what it orders) nor use the exact "
                              "values.")
    except OrderingRaised as raised:
        advice = (" The actions come as a tuple, which cannot be sorted in place: return "
                  "sorted(actions, key=...), a new list." if "has no attribute 'sort'" in str(raised.error)
                  else "")
        return verdict(False, f"Not correct: your ordering raised {type(raised.error).__name__} "
                              f"({raised.error}) at node {path_name(raised.path)}, position "
                              f"{raised.state!r}.{advice}")
    except (TypeError, ValueError) as refused:
        return verdict(False, f"Not correct: {refused}. {refusal_advice(str(refused))}".rstrip())
    except guard.StudentProblem as problem:
        return verdict(False, f"Not correct: {problem}.")
    except Exception as error:  # noqa: BLE001 - the search could not use what the ordering gave it
        return verdict(False, f"Not correct: alpha-beta could not use what your ordering returned: "
                              f"{type(error).__name__} ({error_text(error)}). Return the actions, rearranged.")


def package_part(student: object) -> Optional[str]:
    """Return the name of the course's ordering when `student` is one (a function or object of the
    package, or a Combined of nothing else), else None. A function the notebook defines and the
    grader's worker runs (a RemoteFunction) is the student's."""
    if guard.runs_elsewhere(student):
        return None
    if isinstance(student, Combined):
        parts = [package_part(part) for part in student.orderings]
        return repr(student) if all(parts) else None
    function = getattr(student, "__func__", student)
    module = (getattr(function, "__module__", None) if isinstance(function, type) or hasattr(function, "__code__")
              else type(student).__module__)
    if isinstance(module, str) and (module == "minimax_lab" or module.startswith("minimax_lab.")):
        return getattr(function, "__name__", None) or repr(student)
    return None


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


def oracle_text(run: Run) -> str:
    """Return the verdict's text on an ordering that never ranks a worse move above a better one."""
    return (f"Not correct: at every one of the {run.choices:,} nodes where the moves differ in value, your "
            "ordering puts them in the order of their exact values: it uses the exact values (`values`, "
            "`exact_order`, or a search of its own), which a program cannot know before it searches. "
            "Rank the moves by what a player sees on the board.")


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
        where = "The same count as the squares as given: your order saves nothing."
    elif nodes == reference["best first"]:
        where = "The same count as best first by the exact values."
    else:
        where = "Between the squares as given and best first."
    return f"Alpha-beta visits {nodes:,} nodes with it (the squares {listed}). {where}"


ORDERING_HINT = ("return the same actions in a new order, best guess first, for example with "
                 "sorted(actions, key=...)")


@cache
def ordering_answer() -> str:
    """Return the answer to "an ordering of your own", with its node count."""
    nodes = alphabeta(TicTacToe(), order=wins_then_preference).nodes
    return ("One ordering that saves work: the squares that win at once first, then the centre, the corners "
            "and the edges, sorted(actions, key=lambda square: (not wins(square), PREFERENCE.index(square))), "
            f"{nodes:,} nodes.")


@exercise("code", prelude=LESSON_PRELUDE)
def my_ordering(student: object) -> Verdict:
    """Check an ordering written by the student: on tic-tac-toe from the empty board it must return
    the actions rearranged at every node (so alpha-beta's value stays exact), guess without the
    exact values, and save work: fewer nodes than the squares as given."""
    run = run_ordering(student, ORDERING_HINT)
    if isinstance(run, Verdict):
        return run
    if run.choices and run.misranked == 0:
        return verdict(False, oracle_text(run), answer=ordering_answer())
    nodes, given = run.result.nodes, reference_nodes()["as given"]
    if nodes >= given:
        return verdict(False, f"Not correct: an ordering must save work against the squares as given. "
                              f"{compared(nodes)}", answer=ordering_answer())
    name = getattr(student, "__name__", "your ordering")
    return verdict(True, f"Correct: {name} returns the moves rearranged at every node, alpha-beta still "
                         f"finds the value {run.result.value}, and it saves {given - nodes:,} nodes. "
                         f"{compared(nodes)}")


def budget() -> int:
    """Return the node budget of "beat the budget": alpha-beta's nodes on tic-tac-toe from the empty
    board with every move ordered by its exact value, best first (ties as given)."""
    return reference_nodes()["best first"]


@cache
def budget_answer() -> str:
    """Return the answer to "beat the budget", with its node count."""
    nodes = alphabeta(TicTacToe(), order=win_block_centre).nodes
    return ("One ordering under the budget: the squares that win at once first, then the squares that "
            f"block the other player's line, then the centre, the corners and the edges: {nodes:,} nodes. "
            "Most moves share a value (most draw), and among them a win ends the game and a block is "
            "forced, so they lead to the smallest subtrees.")


@exercise("code", prelude=LESSON_PRELUDE)
def within_budget(student: object) -> Verdict:
    """Check an ordering with which alpha-beta solves tic-tac-toe from the empty board in fewer
    nodes than budget(), without the exact values."""
    hint = ("the exact values only rank the moves; among moves of equal value, which should come "
            "first? Think of the moves whose subtrees are smallest")
    run = run_ordering(student, hint)
    if isinstance(run, Verdict):
        return run
    if run.choices and run.misranked == 0:
        return verdict(False, oracle_text(run), answer=budget_answer())
    limit, nodes = budget(), run.result.nodes
    if nodes < limit:
        return verdict(True, f"Correct: {nodes:,} nodes, {limit - nodes:,} under the budget of {limit:,}: "
                             f"your ordering beats best first by the exact values.")
    over = "at" if nodes == limit else f"{nodes - limit:,} over"
    return verdict(False, f"Not correct: {nodes:,} nodes, {over} the budget of {limit:,} (fewer is needed). "
                          "The exact values only rank the moves: among moves of equal value, which lead to the "
                          "smallest subtrees?", answer=budget_answer())


# --- Your turn: iterative deepening's first search --------------------------------------------------

@cache
def deepening() -> tuple[SearchResult[float], ...]:
    """Return iterative deepening's searches of tic-tac-toe from the empty board, with the open-lines
    evaluation at the horizon (the lesson's)."""
    return tuple(iterative_deepening(TicTacToe(), max_depth=9, evaluate=open_lines_evaluation))


def near(number: Optional[float], value: float) -> bool:
    """Return True when `number` (a plain number or None) is `value` to three decimals."""
    try:
        return number is not None and math.isclose(number, value, abs_tol=5e-4)
    except OverflowError:  # a whole number beyond any float
        return False


@exercise("predict")
def first_depth(answer: object) -> Verdict:
    """Check a prediction (square, value): the move and value of iterative deepening's depth-1
    search of tic-tac-toe, with the open-lines evaluation."""
    hint = "at depth 1 X tries each square once and scores the position with open_lines_evaluation"
    if answer is Ellipsis:
        return unanswered(hint)
    first = deepening()[0]
    exact = Fraction(first.value).limit_denominator(9)
    answer_text = (f"The answer is square {first.move} with {exact} ≈ {first.value:.3f}: the centre lies on "
                   "four lines, all open after X takes it, and O has none; a corner lies on three, an edge "
                   "on two; the evaluation divides the difference by 9.")
    pair = plain_sequence(answer, 2)
    if pair is None:
        return verdict(False, f"Not correct: you said {shown(answer)}. Answer with a pair: the square and the "
                              "value, like (0, 0.25).")
    square, value = pair
    number = read_number(value)
    close = near(number, first.value)
    if same(square, first.move) and close:
        return verdict(True, f"Correct: square {first.move}, {exact} ≈ {first.value:.3f}. The centre lies on "
                             "four lines, and after X takes it O has no open line.")
    if not same(square, first.move):
        text = (f"Not correct: you said square {shown(square)}. Count the lines through each kind of square: "
                "the centre, a corner, an edge; which lies on the most?")
    elif near(number, first.value * 9):
        text = (f"Not correct: you said {shown(value)}. That counts the open lines; open_lines_evaluation "
                "divides the difference by something, so that a guess never outranks a real win.")
    else:
        text = (f"Not correct: the square is right, but you said {shown(value)}. Count X's open lines minus O's, "
                "as section 2 did, and divide as open_lines_evaluation does.")
    return verdict(False, text, answer=answer_text)


# --- Check yourself ------------------------------------------------------------------------------

@exercise("check-yourself")
def quiz_1(answer: object) -> Verdict:
    """Does the order in which alpha-beta tries the moves change the value it returns?"""
    results = four_orders()
    values = sorted({result.value for result in results.values()})
    leaves = sorted(result.leaves for result in results.values())
    return choice(answer, "b", hint="compare the values in the table of section 1",
                  why=f"On the tree of section 1 the four orders return {' and '.join(map(str, values))} "
                      f"from {leaves[0]} to {leaves[-1]} leaves: the order changes the work, never the "
                      "value.",
                  mistakes={"a": "Pruning only skips what cannot change the value: does a better order "
                                 "find something the worse one missed?",
                            "c": "With a depth limit the leaves are evaluations: is alpha-beta's value "
                                 "of them still minimax's value, whatever the order?"})


@exercise("check-yourself")
def quiz_2(answer: object) -> Verdict:
    """How can win, block, centre need fewer nodes than best first by the exact values?"""
    best = budget()
    mine = alphabeta(TicTacToe(), order=win_block_centre).nodes
    return choice(answer, "b", hint="how many moves of tic-tac-toe share the same exact value?",
                  why=f"Most moves draw, so the exact values leave many ties, which best first breaks in "
                      f"square order; a win ends the game and a block is forced, so they have the smallest "
                      f"subtrees. Best first needs {best:,} nodes, win, block, centre {mine:,}.",
                  mistakes={"a": "The exact values are exact: they come from a search of every position "
                                 "to the end of the game.",
                            "c": "The order never changes alpha-beta's value (question 1): what does it "
                                 "change?"})


@exercise("check-yourself")
def quiz_3(answer: object) -> Verdict:
    """Why does iterative deepening's last search of tic-tac-toe visit more nodes than one alpha-beta
    search from scratch?"""
    last, scratch = deepening()[-1].nodes, alphabeta(TicTacToe()).nodes
    return choice(answer, "b", hint="what does each deepening search try first, and where did that line "
                                    "come from?",
                  why=f"The last search tries first the line the depth-8 search preferred, a guess scored by "
                      f"the evaluation at its horizon, and it was a poor first try: {last:,} nodes against "
                      f"{scratch:,} from scratch.",
                  mistakes={"a": "The counts compare the last search alone with one search from scratch: "
                                 "the shallow searches are not in it.",
                            "c": "Every search here prunes by the same rule, α ≥ β: what else differs?"})
