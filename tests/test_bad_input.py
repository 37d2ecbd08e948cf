"""Bad input gets a clear error everywhere (issue 21, item 6): one case per class of bad input and
public entry point it applies to. This file holds the cases of the searches, games, engine, theory
and checks; test_bad_input_<area>.py those of another area, and bad_input.py what a case is and how
it is judged. Each case says what must happen: an error of the given type whose message names what
was wrong (the words listed), a check's verdict of "not correct", or a result (where the right
answer to the input is a value, such as a line that stops where play repeats).

No case may hang, give a silent wrong value, or show a raw message from deep inside Python
("min() arg is an empty sequence", "'NoneType' object is not callable", an IndexError, a KeyError).

Run as a script (`python tests/test_bad_input.py`) it is the probe: it runs every case in a child
process with a time limit and prints how many are handled.
"""

from __future__ import annotations

import sys
from typing import Any, Callable

import numpy as np
import pytest

from bad_input import (FIG_5_2, HUGE, INF, NAN32, NAN64, Anything, Case, EvilFloat, EvilInt, Forever, Looping, OddTree,
                       case_params, gives, judge, loops_in_c, max_twice, raises, short_limit, swallows, wrong)

from minimax_lab import (
    Chance,
    ConnectFour,
    Nim,
    NimState,
    TicTacToe,
    Trace,
    TranspositionTable,
    TreeGame,
    UniformTree,
    alphabeta,
    bouton_moves,
    bouton_wins,
    engine,
    expectiminimax,
    iterative_deepening,
    maxn,
    minimax,
    negamax,
    nim_sum,
    play,
    solve,
)
from minimax_lab.analysis import census, experiments
from minimax_lab.analysis.players import greedy_player, match, openings, random_player
from minimax_lab.checks import horizon, minimax_values, move_ordering
from minimax_lab.checks.core import check_answer, check_function
from minimax_lab.core.trace import Event, bounds_of, cutoff_reasons, describe
from minimax_lab.core.trees import random_tree, uniform_nodes
from minimax_lab.heuristics.connect_four_evaluation import LinearEvaluation, check_weights
from minimax_lab.running import guard
from minimax_lab.search.mcts import uct, uct_match
from minimax_lab.search.opponents import model_search, playout_value, policy_value
from minimax_lab.search.ordering import ByEvaluation, Killers, RandomOrder, exact_values
from minimax_lab.search.windows import aspiration, mtdf, null_window, pvs


def hand_made(*events: Event) -> Trace:
    trace = Trace()
    trace.extend(events)
    return trace


def pv_cycle_table() -> tuple[Looping, TranspositionTable]:
    """Return a game and a table whose stored best moves go round a loop (0 -> 1 -> 0 ...)."""
    game, table = Looping(), TranspositionTable()
    table.store(0, 0, -INF, INF, move=0)
    table.store(1, 0, -INF, INF, move=0)
    return game, table


def pv_from_start(game: Looping, table: TranspositionTable) -> tuple:
    return table.pv(game, game.initial)


def changed_evaluation() -> Any:
    """Use one table for two depth-limited searches with different evaluations."""
    game, table = TicTacToe(), TranspositionTable()
    pvs(game, depth=2, evaluate=lambda state: 0, table=table)
    return pvs(game, depth=2, evaluate=lambda state: 0.5, table=table)


def engine_after_new_evaluation() -> tuple:
    """Return the moves of an engine whose evaluation was replaced, and of a new engine with it."""
    game = ConnectFour(5, 4)
    state = game.play("0")
    player = engine(game, depth=3)
    player(game, state)
    player.evaluate = lambda state: 0.0
    fresh = engine(game, depth=3, evaluate=player.evaluate)
    return player.search(state).value, fresh.search(state).value


def plots() -> Any:
    """Return minimax_lab.display.plots (imported when a case needs it: it loads matplotlib)."""
    from minimax_lab.display import plots as module
    return module


def run_under_time_limit(function: Callable[[], Any], seconds: float) -> Any:
    with guard.time_limit(seconds):
        return function()


def min_root(tree: Any) -> Any:
    """The reference of a function exercise: the value of a tree with MIN at the root."""
    return minimax(TreeGame(tree, first="MIN")).value


def checked(student: Callable[..., Any]) -> Any:
    return check_function(student, min_root, [(FIG_5_2,), ([[1, 2], [3]],), ([4, [5, 6]],)], hint="")


T = TicTacToe()
C4, SMALL = ConnectFour(), ConnectFour(4, 4)
SMALL_STATE = SMALL.play("01")
NAN_EVAL = lambda state: NAN32  # noqa: E731


CASES = [
    # NaN or numpy float utilities and evaluations
    raises("NaN", "minimax evaluate", lambda: minimax(T, depth=1, evaluate=NAN_EVAL), "evaluate", "nan"),
    raises("NaN", "alphabeta evaluate", lambda: alphabeta(T, depth=1, evaluate=NAN_EVAL), "evaluate", "nan"),
    raises("NaN", "negamax evaluate", lambda: negamax(T, depth=1, evaluate=NAN_EVAL), "evaluate", "nan"),
    raises("NaN", "pvs evaluate", lambda: pvs(T, depth=1, evaluate=NAN_EVAL), "evaluate", "nan"),
    raises("NaN", "mtdf evaluate", lambda: mtdf(T, depth=1, evaluate=NAN_EVAL), "evaluate", "nan"),
    raises("NaN", "solve utility", lambda: solve(OddTree(FIG_5_2, leaf=lambda v: NAN32)), "utility", "nan"),
    raises("NaN", "minimax utility (float64)", lambda: minimax(OddTree(FIG_5_2, leaf=lambda v: NAN64)),
           "utility", "nan"),
    raises("NaN", "leaf of a tree", lambda: minimax([[1, NAN32], [2, 3]]), "[0][1]", "nan"),
    raises("NaN", "chance tree leaf", lambda: expectiminimax([Chance([(1, NAN64)]), 1]), "nan"),
    raises("NaN", "max^n leaf", lambda: maxn([(1, NAN32), (2, 3)]), "nan"),
    raises("NaN", "ordering's evaluation", lambda: alphabeta(T, depth=2, evaluate=lambda s: 0,
                                                              order=ByEvaluation(NAN_EVAL)), "nan"),
    raises("NaN", "engine evaluate", lambda: engine(C4, depth=2, evaluate=NAN_EVAL).search(C4.initial),
           "evaluate", "nan"),
    gives("NaN", "engine takes a numpy float evaluation",
          lambda: engine(C4, depth=2, evaluate=lambda s: np.float32(0.25)).search(C4.initial).depth,
          lambda depth: depth == 2),
    raises("NaN", "uct utility", lambda: uct(OddTree(FIG_5_2, leaf=lambda v: NAN32), playouts=20),
           "utility", "nan"),
    raises("NaN", "model_search utility", lambda: model_search(OddTree(FIG_5_2, leaf=lambda v: NAN32),
                                                                lambda g, s: [(a, 1 / 3) for a in range(3)]),
           "utility", "nan"),
    raises("NaN", "census utility", lambda: census.census(OddTree(FIG_5_2, leaf=lambda v: NAN32)),
           "utility", "nan"),
    raises("NaN", "exact_values utility", lambda: exact_values(OddTree(FIG_5_2, leaf=lambda v: NAN32)),
           "utility", "nan"),
    raises("NaN", "greedy_player evaluation", lambda: greedy_player(
        type("G", (ConnectFour,), {"evaluate": lambda self, s: NAN32})(), C4.initial), "nan"),
    raises("NaN", "weights", lambda: check_weights({"open threes": NAN64, "open twos": 1, "centre": 1}),
           "open threes"),
    gives("NaN", "numpy weights are numbers", lambda: LinearEvaluation(
        C4, {"open threes": np.float64(2), "open twos": np.int64(1), "centre": np.float32(2)})(C4.play("3")),
          lambda value: 0 < value < 1),
    raises("NaN", "effective branching factor", lambda: experiments.effective_branching_factor(NAN64, 3),
           "nodes"),
    wrong("NaN", "check_answer", lambda: check_answer(NAN32, 3, hint="")),

    # infinite utilities meeting zero-probability chance outcomes
    raises("0 x inf", "expectiminimax", lambda: expectiminimax(Chance([(0, INF), (1, 3)])),
           "probability 0", "outcome 0"),
    raises("0 x inf", "expectiminimax, nested", lambda: expectiminimax([1, Chance([(1, 2), (0, -INF)])]),
           "[1]", "outcome 1"),
    raises("0 x inf", "expectiminimax, +inf and -inf", lambda: expectiminimax(Chance([(0.5, INF), (0.5, -INF)])),
           "root", "undefined"),
    raises("0 x inf", "model_search", lambda: model_search(TreeGame([[INF, 1], [2, 3]]),
                                                           lambda g, s: [(0, 0), (1, 1)]), "probability 0"),
    raises("0 x inf", "playout_value of an infinite utility", lambda: playout_value(TreeGame([[INF, 1], [2, 3]])),
           "[0][0]", "inf"),
    raises("0 x inf", "policy_value", lambda: policy_value(TreeGame([[INF, 1], [2, 3]]), lambda g, s: 0,
                                                           lambda g, s: [(0, 0), (1, 1)]), "probability 0"),

    # players that do not alternate, utilities that are not +-1 where a search assumes so
    raises("turns", "negamax", lambda: negamax(OddTree(FIG_5_2, mover=max_twice)), "turns"),
    raises("turns", "solve", lambda: solve(OddTree(FIG_5_2, mover=max_twice)), "turns"),
    raises("turns", "engine", lambda: engine(OddTree([[[1, -1], [0]], [[-1], [1, 0]]], mover=max_twice),
                                             depth=3).search(()), "turns"),
    raises("utility", "engine, a utility of 5", lambda: engine(OddTree([[5, -5], [0, 5]]), depth=2).search(()),
           "utility", "5"),
    raises("utility", "engine, a utility of 0.5", lambda: engine(OddTree([[0.5, 1], [0, 1]]), depth=2).search(()),
           "utility", "0.5"),

    # games that never end
    raises("never ends", "uct", lambda: uct(Forever(), playouts=5), "moves"),
    raises("never ends", "play", lambda: play(Forever(), {"MAX": random_player(), "MIN": random_player()}),
           "moves"),
    raises("never ends", "uct_match", lambda: uct_match(Forever(), playouts=2, games=2,
                                                        opponent=lambda g, s: 0), "moves"),
    gives("never ends", "the table's principal variation", lambda: pv_from_start(*pv_cycle_table()),
          lambda line: line == (0, 0)),
    gives("never ends", "the engine's principal variation", lambda: engine(Looping(), depth=4).search(0).move,
          lambda move: move == 1),
    raises("never ends", "minimax", lambda: minimax(Forever()), "never end"),
    raises("never ends", "exact_values", lambda: exact_values(Looping()), "returns to"),

    # a transposition table reused after the evaluation changed
    raises("table", "pvs with another evaluation", changed_evaluation, "evaluation", "TranspositionTable"),
    gives("table", "the engine after a new evaluation", engine_after_new_evaluation, lambda pair: pair[0] == pair[1]),

    # a state from one board size given to a game of another
    raises("board size", "alphabeta", lambda: alphabeta(C4, SMALL_STATE, depth=1, evaluate=lambda s: 0),
           "ConnectFour(7, 6)"),
    raises("board size", "engine", lambda: engine(C4, depth=2).search(SMALL_STATE), "ConnectFour(7, 6)",
           "another size"),
    raises("board size", "result", lambda: C4.result(SMALL_STATE, 0), "ConnectFour(7, 6)", "4 x 4"),
    raises("board size", "show", lambda: C4.show(SMALL_STATE), "ConnectFour(7, 6)", "4 x 4"),
    raises("board size", "evaluate", lambda: C4.evaluate(SMALL_STATE), "4 x 4"),
    raises("board size", "winning_moves", lambda: C4.winning_moves(SMALL_STATE), "4 x 4"),
    raises("board size", "play from a state", lambda: play(C4, {"X": greedy_player, "O": greedy_player},
                                                           SMALL_STATE), "another size"),
    raises("board size", "play_moves from a state", lambda: C4.play("3", SMALL_STATE), "4 x 4"),
    raises("board size", "Nim state with other heaps", lambda: Nim([1, 2]).result(NimState((1, 2, 3), "A"), (2, 1)),
           "3 heaps"),

    # negative heaps, off-board clicks, moves that are int subclasses or strings
    raises("heaps", "Nim", lambda: Nim([3, -1]), "heap 1", "-1"),
    raises("heaps", "nim_sum", lambda: nim_sum([3, -1]), "heap 1", "-1"),
    raises("heaps", "bouton_wins", lambda: bouton_wins([-2]), "heap 0", "-2"),
    raises("heaps", "bouton_moves", lambda: bouton_moves([3, 4, -5]), "heap 2", "-5"),
    raises("heaps", "nim_sum of text", lambda: nim_sum(["3"]), "heap 0", "'3'"),
    raises("click", "tic-tac-toe, square 9", lambda: T.click_action(T.initial, 9), "9", "0 to 8"),
    raises("click", "tic-tac-toe, square -1", lambda: T.click_action(T.initial, -1), "-1", "0 to 8"),
    raises("click", "Connect Four, square 42", lambda: C4.click_action(C4.initial, 42), "42", "0 to 41"),
    raises("click", "Connect Four, square -1", lambda: C4.click_action(C4.initial, -1), "-1", "0 to 41"),
    raises("click", "tic-tac-toe mark of square 9", lambda: T.mark(T.initial, 9), "9", "0 to 8"),
    raises("click", "Connect Four mark of square -1", lambda: C4.mark(C4.initial, -1), "-1", "0 to 41"),
    raises("move", "tic-tac-toe, a string", lambda: TicTacToe().result(TicTacToe().initial, "4"), "'4'"),
    raises("move", "tic-tac-toe, an int that equals everything",
           lambda: T.result(T.play("4"), EvilInt(4)), "EvilInt"),
    raises("move", "Connect Four, an int that equals everything",
           lambda: C4.result(C4.play("000000"), EvilInt(0)), "EvilInt"),
    raises("move", "Connect Four, a string", lambda: C4.result(C4.initial, "3"), "'3'"),
    raises("move", "uniform tree, an int that equals everything",
           lambda: UniformTree(2, 2).result((0, 0), EvilInt(5)), "EvilInt"),
    raises("move", "tree, an int subclass", lambda: TreeGame(FIG_5_2).result((), EvilInt(7)), "EvilInt"),
    raises("move", "Nim, an int that equals everything", lambda: Nim([2]).result(Nim([2]).initial, (EvilInt(0), 1)),
           "EvilInt"),
    raises("move", "play_moves", lambda: T.play([EvilInt(4)]), "move 1", "EvilInt"),
    raises("move", "tic-tac-toe, a list (cannot be hashed)", lambda: TicTacToe().result(TicTacToe().initial, [4]),
           "illegal move [4]"),

    # integers too large for floats, depths and widget settings out of range
    raises("huge", "effective branching factor of 10**400 nodes",
           lambda: experiments.effective_branching_factor(HUGE, 1), "too large"),
    raises("huge", "effective branching factor of 10**400 nodes, 4 plies",
           lambda: experiments.effective_branching_factor(HUGE, 4), "nodes", "too large"),
    raises("huge", "uct utility 10**400", lambda: uct(TreeGame([[HUGE, -HUGE], [HUGE, HUGE]]), playouts=10),
           "utility", "float"),
    gives("huge", "alphabeta with the window (-10**400, 10**400)",
          lambda: alphabeta(FIG_5_2, alpha=-HUGE, beta=HUGE).value, lambda value: value == 3),
    raises("huge", "null_window test 10**400", lambda: null_window(FIG_5_2, test=HUGE), "test", "float"),
    raises("huge", "mtdf guess 10**400", lambda: mtdf(FIG_5_2, guess=HUGE), "guess", "float"),
    raises("huge", "aspiration guess 10**400", lambda: aspiration(FIG_5_2, guess=HUGE, width=1), "guess", "float"),
    raises("huge", "engine seconds 10**400", lambda: engine(C4, seconds=HUGE), "seconds"),
    wrong("huge", "check_answer 10**400 against 2.5", lambda: check_answer(HUGE, 2.5, hint="")),
    raises("range", "iterative_deepening max_depth -1",
           lambda: iterative_deepening(T, max_depth=-1, evaluate=lambda s: 0), "max_depth"),
    raises("range", "iterative_deepening max_depth '3'",
           lambda: iterative_deepening(T, max_depth="3", evaluate=lambda s: 0), "max_depth"),
    raises("range", "Killers slots '2'", lambda: Killers("2"), "slots"),
    raises("range", "RandomOrder seed 'a'", lambda: RandomOrder("a"), "seed"),
    gives("range", "openings(10**400) stops with the game", lambda: len(openings(HUGE)), lambda n: n == 5478),
    raises("range", "UniformTree branching 1.5", lambda: UniformTree(1.5, 2), "branching"),
    raises("range", "UniformTree depth True", lambda: UniformTree(2, True), "depth"),
    raises("range", "minimax depth -1", lambda: minimax(T, depth=-1, evaluate=lambda s: 0), "depth"),
    raises("range", "random_tree depth 10**400", lambda: random_tree(2, HUGE), "depth"),

    # values that compare equal to everything, given as an answer
    wrong("equal to all", "check_answer, int", lambda: check_answer(EvilInt(0), 3, hint="")),
    wrong("equal to all", "check_answer, float", lambda: check_answer(EvilFloat(0.0), 2.5, hint="")),
    wrong("equal to all", "check_answer, in a tuple", lambda: check_answer((EvilInt(0), 1), (3, 4), hint="")),
    wrong("equal to all", "check_answer, an object", lambda: check_answer(Anything(), None, hint="")),
    wrong("equal to all", "check_function returning it", lambda: checked(lambda tree: EvilInt(0))),
    wrong("equal to all", "check_function returning a float one", lambda: checked(lambda tree: EvilFloat(0.0))),

    # a student function that swallows every exception or loops in C
    wrong("time limit", "check_function, swallowing", short_limit(lambda: checked(swallows)), "timed out"),
    wrong("time limit", "check_function, a loop in C", short_limit(lambda: checked(loops_in_c)), "timed out"),
    gives("time limit", "call_student, swallowing", short_limit(lambda: guard.call_student(swallows, 1)),
          lambda outcome: isinstance(outcome.error, guard.TimedOut)),
    wrong("time limit", "lesson 1's min_value, a loop in C", short_limit(lambda: minimax_values.min_value(loops_in_c)),
          "timed out"),
    wrong("time limit", "lesson 4's ordering, swallowing", short_limit(lambda: move_ordering.my_ordering(swallows)),
          "did not finish"),
    wrong("time limit", "lesson 4's ordering, a loop in C", short_limit(lambda: move_ordering.my_ordering(loops_in_c)),
          "did not finish"),
    wrong("time limit", "lesson 11's evaluation, a loop in C", short_limit(lambda: horizon.evaluation(loops_in_c)),
          "did not return"),
    raises("time limit", "run_limited, swallowing", short_limit(lambda: guard.run_limited(swallows)), "timed out",
           error=guard.TimedOut),
    raises("time limit", "run_limited, a loop in C", short_limit(lambda: guard.run_limited(loops_in_c)),
           "timed out", error=guard.TimedOut),
    raises("time limit", "time_limit, swallowing", lambda: run_under_time_limit(swallows, 0.5), "timed out",
           error=guard.TimedOut),

    # the theory, for sizes zero or negative, or huge
    raises("theory", "full_leaves, branching 0", lambda: experiments.full_leaves(0, 3), "branching"),
    raises("theory", "full_leaves, depth -1", lambda: experiments.full_leaves(2, -1), "depth"),
    raises("theory", "minimal_leaves, depth -1", lambda: experiments.minimal_leaves(3, -1), "depth"),
    raises("theory", "minimal_nodes, depth 10**7", lambda: experiments.minimal_nodes(2, 10 ** 7), "depth"),
    raises("theory", "pearl_root, branching 0", lambda: experiments.pearl_root(0), "branching"),
    raises("theory", "pearl_branching, branching -1", lambda: experiments.pearl_branching(-1), "branching"),
    raises("theory", "theory, branching 0", lambda: experiments.theory(0, [1, 2]), "branching"),
    raises("theory", "theory, depth -1", lambda: experiments.theory(3, [-1]), "depth"),
    raises("theory", "theory, huge", lambda: experiments.theory(10 ** 6, [10 ** 6]), "depth"),
    raises("theory", "effective branching factor, depth 10**9",
           lambda: experiments.effective_branching_factor(10, 10 ** 9), "depth"),
    raises("theory", "deepest_growth, growth 0", lambda: experiments.deepest_growth(0, 10), "growth"),
    raises("theory", "uniform_nodes, depth -1", lambda: uniform_nodes(2, -1), "depth"),
    raises("theory", "uniform_nodes, depth 10**7", lambda: uniform_nodes(2, 10 ** 7), "depth"),
    raises("theory", "theory_depth_within_budget, budget 0",
           lambda: experiments.theory_depth_within_budget(3, 0), "budget"),
    gives("theory", "theory_depth_within_budget, budget 10**400",
          lambda: experiments.theory_depth_within_budget(3, HUGE)[0]["depth"],
          lambda depth: depth == max(d for d in range(2000) if (3 ** (d + 1) - 1) // 2 <= HUGE)),
    raises("theory", "depth_within_budget, budget -1", lambda: experiments.depth_within_budget(2, -1), "budget"),
    raises("theory", "quick_plan, branching 0", lambda: experiments.quick_plan(0, 5), "branching"),
    raises("theory", "quick_plan, max_depth 10**9", lambda: experiments.quick_plan(3, 10 ** 9), "max_depth"),
    raises("theory", "deepest_quick_depth, branching 0", lambda: experiments.deepest_quick_depth(0), "branching"),

    # the raw messages Python gives from deep inside
    raises("raw", "text_table of no rows", lambda: experiments.text_table([]), "no rows"),
    raises("raw", "column_mask 7", lambda: C4.column_mask(7), "column 7", "0..6"),
    raises("raw", "column_mask -1", lambda: C4.column_mask(-1), "column -1", "0..6"),
    raises("raw", "evaluate that is not a function", lambda: alphabeta(T, depth=1, evaluate=3), "evaluate"),
    raises("raw", "order that is not a function", lambda: alphabeta(FIG_5_2, order="best"), "order"),
    raises("raw", "model that is None", lambda: model_search(FIG_5_2, None), "model"),
    raises("raw", "a player that is None", lambda: play(T, {"X": None, "O": random_player()}), "player", "'X'"),
    raises("raw", "match with a player that is None", lambda: match(T, None, random_player(), games=2),
           "player"),
    raises("raw", "ByEvaluation(None)", lambda: ByEvaluation(None), "evaluate"),
    raises("raw", "plot_budget of no rows", lambda: plots().plot_budget([]), "no rows"),
    raises("raw", "plot_counts of a quantity it does not plot",
           lambda: plots().plot_counts(experiments.node_counts(2, [1, 2]), quantity="x"), "quantity", "'x'"),
    raises("raw", "mean_by_depth of a column the rows lack",
           lambda: experiments.mean_by_depth(experiments.node_counts(2, [1]), "x"), "row 0", "'x'"),
    # a game's own methods given what is not one of its states: the game's message, not Python's
    raises("raw", "uniform tree's result of ()", lambda: UniformTree(2, 2).result((), 0), "()", "(index, ply)"),
    raises("raw", "uniform tree's actions of a string", lambda: UniformTree(2, 2).actions("x"), "'x'", "(index, ply)"),
    raises("raw", "uniform tree's is_terminal of ()", lambda: UniformTree(2, 2).is_terminal(()), "()", "(index, ply)"),
    raises("raw", "uniform tree's to_move of (0, 'a')", lambda: UniformTree(2, 2).to_move((0, "a")), "(0, 'a')",
           "(index, ply)"),
    raises("raw", "uniform tree's utility of 5", lambda: UniformTree(2, 2).utility(5, "MAX"), "5", "(index, ply)"),
    raises("raw", "tree's result of 0", lambda: TreeGame(FIG_5_2).result(0, 0), "0 is not a node"),
    raises("raw", "tree's result of a path holding a list", lambda: TreeGame(FIG_5_2).result(([0],), 0),
           "([0],) is not a node"),
    raises("raw", "tree's to_move of a path of another tree", lambda: TreeGame(FIG_5_2).to_move((5,)),
           "(5,) is not a node"),
    raises("raw", "tic-tac-toe's to_move of an int", lambda: T.to_move(3), "3 is an int, not a TicTacToeState"),
    raises("raw", "tic-tac-toe's utility of a string", lambda: T.utility("x", "X"), "'x' is a str"),
    raises("raw", "Connect Four's actions of None", lambda: C4.actions(None), "None", "not a ConnectFourState"),
    raises("raw", "Connect Four's is_terminal of a string", lambda: C4.is_terminal("x"), "not a ConnectFourState"),
    raises("raw", "Nim's actions of a tuple", lambda: Nim([1, 2]).actions((1, 2)), "(1, 2)", "not a NimState"),
    raises("raw", "Nim's result of a string", lambda: Nim([1, 2]).result("x", (0, 1)), "'x'", "not a NimState"),
    raises("utility", "tic-tac-toe's utility for 'x'", lambda: T.utility(T.play("03142"), "x"), "'x'",
           "not a player"),
    raises("utility", "Connect Four's utility for 'MAX'", lambda: C4.utility(C4.initial, "MAX"), "'MAX'",
           "'X' and 'O'"),
    raises("utility", "Nim's utility for 'Z'", lambda: Nim([1]).utility(Nim([1]).initial, "Z"), "'Z'", "'A' and 'B'"),
    raises("utility", "uniform tree's utility for 'min'", lambda: UniformTree(2, 1).utility((1, 1), "min"), "'min'"),
    raises("raw", "describe a trace with an update first",
           lambda: describe(hand_made(Event("update", (), value=3))), "event 0", "update"),
    raises("raw", "cutoff_reasons of an exit without an enter",
           lambda: cutoff_reasons(hand_made(Event("exit", (0,), value=3))), "event 0", "[0]"),
    raises("raw", "bounds of an unknown kind of event",
           lambda: bounds_of(hand_made(Event("enter", (), "MAX"), Event("jump", ()))), "event 1", "jump"),
    raises("raw", "describe a trace whose child skips a level",
           lambda: describe(hand_made(Event("enter", (), "MAX"), Event("enter", (0, 1), "MAX"))), "event 1",
           "[0][1]"),
]


SLOW_CASES = frozenset({
    "time limit: lesson 1's min_value, a loop in C",
    "time limit: lesson 4's ordering, a loop in C",
    "time limit: check_function, a loop in C",
    "time limit: run_limited, a loop in C",
    "time limit: lesson 11's evaluation, a loop in C",
    "time limit: time_limit, swallowing",
})
"""The cases that take half a second or more: `make test` runs them, `make test-fast` leaves them out."""


@pytest.mark.parametrize("case", case_params(CASES, SLOW_CASES))
def test_bad_input_gets_a_clear_error(case: Case) -> None:
    problem = judge(case)
    assert problem is None, problem


def every_case() -> list[Case]:
    """Return the cases of this file and of every test_bad_input_<area>.py in the test folders."""
    import importlib.util
    import sys
    from pathlib import Path

    cases = list(CASES)
    for path in sorted(Path(__file__).parent.rglob("test_bad_input_*.py"), key=lambda path: path.name):
        module = sys.modules.get(path.stem)   # pytest imports a test module by its file's name
        if module is None:
            spec = importlib.util.spec_from_file_location(path.stem, path)
            assert spec is not None and spec.loader is not None
            module = sys.modules[path.stem] = importlib.util.module_from_spec(spec)
            spec.loader.exec_module(module)
        cases += module.CASES
    return cases


def test_every_class_of_the_issue_has_a_case() -> None:
    kinds = {case.kind for case in every_case()}
    assert kinds == {"NaN", "0 x inf", "turns", "utility", "never ends", "table", "board size", "heaps",
                     "click", "move", "huge", "range", "equal to all", "time limit", "theory", "raw",
                     "max never moves"}  # issue 37's class: a game whose max_player is not one of its movers


# --- and what is right still passes ---------------------------------------------------------------

@pytest.mark.parametrize("seed", range(40))
def test_the_trace_check_accepts_every_search_s_own_trace(seed: int) -> None:
    from minimax_lab.core.trace import check_trace

    tree = random_tree(3, 3, seed=seed, ragged=seed % 2 == 1)
    searches = [minimax, negamax, alphabeta, pvs, lambda tree, trace: alphabeta(tree, alpha=-2, beta=3,
                                                                                 fail_hard=True, trace=trace),
                lambda tree, trace: pvs(tree, table=TranspositionTable(), trace=trace),
                lambda tree, trace: aspiration(tree, guess=0, width=1, trace=trace),
                lambda tree, trace: mtdf(tree, trace=trace)]
    for search in searches:
        trace = Trace()
        search(tree, trace=trace)
        check_trace(trace)
        assert len(describe(trace)) == len(trace)
    trace = Trace()
    expectiminimax([Chance([(0.5, [1, 2]), (0.5, 3)]), [Chance([(1, 4)]), 0]], trace=trace)
    check_trace(trace)


def test_the_counting_formulas_agree_with_their_sums() -> None:
    assert all(uniform_nodes(b, d) == sum(b ** k for k in range(d + 1)) for b in range(1, 9) for d in range(30))
    assert all(experiments.minimal_nodes(b, d) == sum(experiments.minimal_leaves(b, k) for k in range(d + 1))
               for b in range(1, 9) for d in range(30))


def test_a_right_value_comes_back_from_the_child_process() -> None:
    calls = guard.call_each(lambda tree: sum(map(len, tree)), [(FIG_5_2,), ([[1], [2, 3]],)], name="f")
    assert [calls.next().value for _ in range(2)] == [9, 3]
    outcome = guard.call_each(lambda tree: minimax(tree).value, [(FIG_5_2,)], name="f").next()
    assert outcome.value is None and outcome.problem == ("f called the package's minimax; the exercise "
                                                         "asks you to write it yourself")
    assert guard.run_limited(lambda: sum(range(10)), 5) == 45


def probe(seconds: float = 20.0) -> tuple[int, int]:
    """Run every case in a child process (so a case that hangs is stopped) and print the ones not
    handled; return (handled, total)."""
    import multiprocessing

    context = multiprocessing.get_context("fork")
    handled = 0
    cases = every_case()
    for index, case in enumerate(cases):
        parent, child = context.Pipe(duplex=False)
        process = context.Process(target=lambda: child.send(judge(case)), daemon=True)
        process.start()
        problem = parent.recv() if parent.poll(seconds) else f"no answer within {seconds:g} s (a hang)"
        process.kill()
        process.join()
        if problem is None:
            handled += 1
        else:
            print(f"{index:3} {case.id}: {problem}"[:300])
    print(f"handled {handled} of {len(cases)}")
    return handled, len(cases)


if __name__ == "__main__":
    probe(float(sys.argv[1]) if len(sys.argv) > 1 else 20.0)
