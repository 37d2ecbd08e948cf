"""Checks for lesson 05 (transposition tables and narrow windows): when a stored entry settles a
search, which null-window question is cheaper, how many tests MTD(f) makes, and the Check yourself
questions.

Every expected answer is computed by the package: `TranspositionTable.probe` decides the cases of
`settles`, `null_window` and `mtdf` (with a Trace) the predictions, `solve` with either table the
classic bug. A student's `settles` runs under the guard (running.guard): in a child process, with a
time limit, with the package's searches and tables forbidden. A first wrong try gets a hint; the
answer waits for the second (checks.core.Exercise).

>>> verdict = cheaper_test(...)
Not answered yet: a yes is a strategy for X, a no one for O; which must answer more moves?
>>> cheaper_test(-0.5).correct
Correct: -0.5. The yes to "is the value at least -0.5?" took 966 nodes, the no to "is it at least 0.5?" 16,159.
True
"""

from __future__ import annotations

import math
from functools import cache

from ..analysis.experiments import compare_searches
from ..core.table import EXACT, LOWER, UPPER, Entry, NaiveTable, TranspositionTable, bound_flag
from ..core.text import value_text
from ..core.trace import Trace
from ..games.tictactoe import TicTacToe
from ..running.guard import Outcome
from ..search.solve import solve
from ..search.windows import mtdf, null_window
from .core import LESSON_PRELUDE, Verdict, check_answer, check_function, choice, exercise, same

INF = math.inf

CORNER = "......X.."
"""The position of the transposition-table counterexample: X has taken a corner, O to move."""

NULL_TEST = 0.5
"""The test value of the null-window question: does X win tic-tac-toe (is the value >= 0.5)?"""

TESTS = (0.5, -0.5)
"""The two null-window questions of section 2: can X force a win, can X force at least a draw?"""


# --- Your turn: when does a stored entry settle a search? ------------------------------------------

FLAGS = (EXACT, LOWER, UPPER)

WINDOWS = ((-INF, INF), (-1, 1), (-0.5, 0.5), (0, 1), (-1, 0), (0.5, 1), (-1, -0.5))
"""The windows (alpha, beta) a stored value is probed with; the values stored are -1, 0 and 1."""

SETTLES_CASES = [(flag, value, alpha, beta) for flag in FLAGS for value in (-1, 0, 1)
                 for alpha, beta in WINDOWS]
"""The cases of `settles`: every flag, stored value and window, exact entries first."""


def settles_reference(flag: str, value: float, alpha: float, beta: float) -> bool:
    """Return True when the package's table, holding (value, flag) for a position, answers a search of
    it with the window (alpha, beta)."""
    table = TranspositionTable()
    table.entries["position"] = Entry(value, flag, INF)
    return table.probe("position", alpha, beta) is not None


def settles_hint(outcome: Outcome, flag: str, value: float, alpha: float, beta: float) -> str:
    """Return a hint about what a student's `settles` got wrong on this case (never its result)."""
    if not isinstance(outcome.value, bool):
        return "Return True or False."
    window = f"({value_text(alpha)}, {value_text(beta)})"
    if flag == EXACT:
        return "An exact entry is the position's value itself: which window could it fail to answer?"
    if flag == LOWER:
        return (f"The entry says only that the value is at least {value_text(value)}. A search with the window "
                f"{window} stops as soon as it knows the value reaches β: does this entry tell it that?")
    return (f"The entry says only that the value is at most {value_text(value)}. A search with the window "
            f"{window} gives up as soon as it knows the value is at most α: does this entry tell it that?")


@exercise("code", prelude=LESSON_PRELUDE)
def settles(student: object) -> Verdict:
    """Check a function settles(flag, value, alpha, beta): does a stored value with this bound flag
    answer a search with the window (alpha, beta)? Tried on every case of SETTLES_CASES."""
    return check_function(student, settles_reference, SETTLES_CASES,
                          hint="an exact value always answers; a bound answers only when it lies on the "
                               "side of the window that ends the search",
                          explain=settles_hint)


# --- Your turn: which null-window question is cheaper? ------------------------------------------------

@cache
def null_tests() -> dict[float, tuple[float, int]]:
    """Return, for each test of TESTS, the value and the nodes of a null-window search of tic-tac-toe
    from the empty board."""
    return {test: (result.value, result.nodes)
            for test in TESTS for result in [null_window(TicTacToe(), test=test)]}


@exercise("predict")
def cheaper_test(answer: object) -> Verdict:
    """Check a prediction: of the tests 0.5 ("can X force a win?") and -0.5 ("can X force at least a
    draw?"), which null-window search visits fewer nodes?"""
    tests = null_tests()
    cheaper = min(TESTS, key=lambda test: tests[test][1])
    dearer = next(test for test in TESTS if test != cheaper)
    return check_answer(answer, cheaper,
                        hint="a yes is a strategy for X, a no one for O; which must answer more moves?",
                        why=f'The yes to "is the value at least {value_text(cheaper)}?" took '
                            f'{tests[cheaper][1]:,} nodes, the no to "is it at least {value_text(dearer)}?" '
                            f"{tests[dearer][1]:,}.",
                        mistakes={dearer: "Tic-tac-toe is a draw, so one of the two answers is yes for X "
                                          "and the other no. A yes needs one good move at each of X's turns; "
                                          "a no needs a reply to every move X has. Which is less work?"},
                        note="" if any(same(answer, test) for test in TESTS)
                        else "Answer with one of the two tests, 0.5 or -0.5.")


# --- Your turn: how many tests does MTD(f) make? -------------------------------------------------------

@cache
def mtdf_run() -> tuple[float, int]:
    """Return MTD(f)'s value of tic-tac-toe from the empty board, starting from the guess 0, and the
    number of null-window tests it made (the times its trace enters the root)."""
    trace = Trace()
    result = mtdf(TicTacToe(), guess=0, trace=trace)
    return result.value, trace.visited().count(())


@exercise("predict")
def mtdf_tests(answer: object) -> Verdict:
    """Check a prediction: how many null-window tests MTD(f) makes on tic-tac-toe from the guess 0."""
    value, tests = mtdf_run()
    return check_answer(answer, tests,
                        hint="MTD(f) stops when a lower bound and an upper bound meet; how many answers does "
                             "it take to have both?",
                        why=f"The guess is right (the value is {value_text(value)}), and still one test "
                            "proves only a bound: the first, at 0, answers yes (at least 0), the next, just "
                            "above 0, answers no (at most 0), and the bounds meet.",
                        mistakes={1: "One test answers yes or no: it proves a bound on one side only. What "
                                     "does MTD(f) need before it stops?",
                                  0: "MTD(f) learns the value only through tests: it must make some."})


# --- Check yourself ------------------------------------------------------------------------------

@exercise("check-yourself")
def quiz_1(answer: object) -> Verdict:
    """A search of a position with the window (0, 1) returns 0: which flag is stored with it?"""
    flag = bound_flag(0, 0, 1)
    letters = {EXACT: "a", UPPER: "b", LOWER: "c"}
    return choice(answer, letters[flag], hint="where does 0 lie against the window (0, 1)?",
                  why=f"0 is at or below α = 0, so the search failed low: the value is at most 0, an "
                      f"{flag} bound. A later search may use it only when its own α is at least 0.",
                  mistakes={"a": "A value is exact only when it lies strictly inside the window.",
                            "c": "A lower bound comes from a search that failed high, at or above β."})


@exercise("check-yourself")
def quiz_2(answer: object) -> Verdict:
    """Why does a transposition table that stores values without bound flags give wrong answers?"""
    game = TicTacToe()
    corner = game.state(CORNER)
    right, naive = solve(game, corner).value, solve(game, corner, table=NaiveTable()).value
    return choice(answer, "a", hint="what does a search with a narrow window return when the value "
                                    "falls outside it?",
                  why=f"A value found with a narrow window may be only a bound; read as exact under "
                      f"another window it is wrong: with X in a corner the naive table says {naive}, "
                      f"the flags {right}.",
                  mistakes={"b": "Tic-tac-toe's table is keyed by the whole board: can two positions "
                                 "share an entry?",
                            "c": "Does a tic-tac-toe position's value depend on the order of the moves that "
                                 "led to it?"})


@exercise("check-yourself")
def quiz_3(answer: object) -> Verdict:
    """A null-window search of tic-tac-toe with the test 0.5 returns 0: what does it prove?
    (a: the value is exactly 0; b: at most 0, X cannot force a win; c: at least 0.5, X wins)"""
    result = null_window(TicTacToe(), test=NULL_TEST)
    yes = result.value >= NULL_TEST
    side = "no" if not yes else "yes"
    bound = f"at most {result.value}" if not yes else f"at least {result.value}"
    misread = "Compare the result with the test: which side of it is the result on?"
    return choice(answer, "c" if yes else "b",
                  hint="a null window proves only on which side of the test the value lies",
                  why=f"It returned {result.value}, so the answer to 'is the value at least "
                      f"{NULL_TEST}?' is {side}: the value is {bound}. {result.nodes:,} nodes proved it.",
                  mistakes={"a": "A null window has no value inside it: can its result ever be exact?",
                            "b" if yes else "c": misread})


@exercise("check-yourself")
def quiz_4(answer: object) -> Verdict:
    """On tic-tac-toe MTD(f) visits about a quarter of the nodes PVS visits: why, mostly?"""
    rows = {row["search"]: row["nodes"] for row in
            compare_searches(TicTacToe(), searches=("pvs", "pvs+table", "mtdf"))}
    return choice(answer, "b", hint="which of the two remembers positions between its searches?",
                  why=f"MTD(f) keeps a transposition table and plain PVS does not: PVS visits "
                      f"{rows['pvs']:,} nodes, with a table {rows['pvs+table']:,}, MTD(f) "
                      f"{rows['mtdf']:,}.",
                  mistakes={"a": "PVS uses null windows too: what else does MTD(f) have?",
                            "c": "Even from the right guess MTD(f) needs several tests (section 3), each "
                                 "costing nodes: what makes the later tests cheap?"})
