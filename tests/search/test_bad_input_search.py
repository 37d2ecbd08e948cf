"""Bad input gets a clear error (issue 21, item 6): the cases of the searches, the games and the core
(minimax_lab.search but the engine and the Connect Four solver, minimax_lab.games, minimax_lab.core).
What a case is and how it is judged: bad_input.py; the other areas' cases: test_bad_input.py."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from bad_input import (
    FIG_5_2,
    HUGE,
    INF,
    NAN32,
    NAN64,
    NOBODY_TREE,
    UNWRITABLE,
    Anything,
    Case,
    EvilInt,
    Forever,
    Looping,
    Nobody,
    OddTree,
    gives,
    judge,
    max_twice,
    raises,
)

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
    expectiminimax,
    iterative_deepening,
    maxn,
    minimax,
    negamax,
    nim_sum,
    solve,
)
from minimax_lab.core.table import bound_flag
from minimax_lab.core.text import shown
from minimax_lab.core.trace import Event, check_trace, describe
from minimax_lab.core.trees import (
    deepest_within,
    distinct_tree,
    random_tree,
    random_trees,
)
from minimax_lab.games.connect_four import ConnectFourRules
from minimax_lab.games.protocol import as_game
from minimax_lab.games.turns import TurnTree
from minimax_lab.search.forward import Beam, beam_search
from minimax_lab.search.maxn import coalition, follow, strategy_values
from minimax_lab.search.mcts import mistakes, uct, uct_match, uct_player
from minimax_lab.search.opponents import (
    greedy_mover,
    guaranteed_value,
    model_opponent,
    model_search,
    playout_value,
    policy_value,
    random_mover,
    uniform,
)
from minimax_lab.search.ordering import (
    ByEvaluation,
    Combined,
    Killers,
    PVFirst,
    RandomOrder,
    exact_values,
)
from minimax_lab.search.registry import CATALOG, GAME, GAME_OR_TREE, label, ordering_named, search_named
from minimax_lab.search.retrograde import backed_up, tablebase
from minimax_lab.search.ties import first_best_line, strict_alphabeta, ties_broken
from minimax_lab.search.windows import aspiration, mtdf, null_window, pvs

# --- games with something wrong -------------------------------------------------------------------

class NoMoves(Forever):
    """A game whose start is not over but has no legal moves."""

    def actions(self, state: int) -> tuple:
        return ()


class NoMovesBelow(Forever):
    """A game with one move at the start, after which a position that is not over has no moves."""

    def actions(self, state: int) -> tuple:
        return (0,) if state == 0 else ()


class NoneActions(Forever):
    """A game whose actions() returns None."""

    def actions(self, state: int) -> Any:
        return None


class NoneResult(Forever):
    """A game whose result() returns None."""

    def result(self, state: int, action: int) -> Any:
        return None


class NoneTreeResult(TreeGame):
    """A tree game whose result() returns None."""

    def result(self, state: tuple, action: int) -> Any:
        return None


class NoMaxPlayer:
    """Nearly a game: everything but max_player."""

    initial = 0

    def to_move(self, state: int) -> str:
        return "MAX"

    def actions(self, state: int) -> tuple:
        return ()

    def result(self, state: int, action: int) -> int:
        return state

    def is_terminal(self, state: int) -> bool:
        return True

    def utility(self, state: int, player: str) -> float:
        return 0


def hand_made(*events: Event) -> Trace:
    trace = Trace()
    trace.extend(events)
    return trace


def table_answers_root() -> Trace:
    """Return the trace of a pvs search whose table, from an earlier search, answers at the root."""
    table, trace = TranspositionTable(), Trace()
    game = TreeGame(FIG_5_2)
    pvs(game, table=table)
    pvs(game, table=table, trace=trace)
    return trace


T = TicTacToe()
C4 = ConnectFour()
ZERO = lambda state: 0
NAN_EVAL = lambda state: NAN32
HUGE_TREE = [[HUGE, 1], [2, 3]]


CASES = [
    # NaN or numpy float utilities and evaluations
    raises("NaN", "negamax utility", lambda: negamax(OddTree(FIG_5_2, leaf=lambda v: NAN64)), "utility", "nan"),
    raises("NaN", "pvs utility", lambda: pvs(OddTree(FIG_5_2, leaf=lambda v: NAN32)), "utility", "nan"),
    raises("NaN", "null_window test", lambda: null_window(FIG_5_2, test=NAN64), "test"),
    raises("NaN", "aspiration width", lambda: aspiration(FIG_5_2, guess=3, width=NAN32), "width"),
    raises("NaN", "mtdf guess", lambda: mtdf(FIG_5_2, guess=NAN64), "guess"),
    raises("NaN", "alphabeta alpha", lambda: alphabeta(FIG_5_2, alpha=NAN32), "alpha"),
    raises("NaN", "alphabeta beta", lambda: alphabeta(FIG_5_2, beta=float("nan")), "beta"),
    raises("NaN", "iterative_deepening evaluate", lambda: iterative_deepening(T, max_depth=2, evaluate=NAN_EVAL),
           "evaluate", "nan"),
    raises("NaN", "beam's ranking evaluate", lambda: Beam(C4, 2, NAN_EVAL).actions(C4.initial), "evaluate", "nan"),
    raises("NaN", "beam_search evaluate", lambda: beam_search(C4, depth=2, width=2, evaluate=NAN_EVAL),
           "evaluate", "nan"),
    raises("NaN", "maxn leaf (float64)", lambda: maxn([(1, NAN64), (2, 3)]), "nan"),
    raises("NaN", "chance probability", lambda: expectiminimax(Chance([(NAN64, 1), (1, 2)])), "probability"),
    raises("NaN", "model_opponent probability", lambda: model_opponent(FIG_5_2, lambda p, c: [NAN32] * len(c)),
           "probability"),
    raises("NaN", "strict_alphabeta leaf", lambda: strict_alphabeta([[1, NAN32], [2, 3]]), "nan"),
    gives("NaN", "strict_alphabeta of float32 leaves", lambda: strict_alphabeta(
        [[np.float32(1.5), 2], [np.float32(0.5), 3]]).value, lambda value: value == 1.5),
    raises("NaN", "table store of NaN", lambda: TranspositionTable().store("s", NAN64, 0, 1), "value", "nan"),
    raises("NaN", "playout_value utility", lambda: playout_value(OddTree(FIG_5_2, leaf=lambda v: NAN64)),
           "utility", "nan"),
    raises("NaN", "guaranteed_value utility", lambda: guaranteed_value(
        OddTree(FIG_5_2, leaf=lambda v: NAN64), lambda g, s: 0), "utility", "nan"),
    raises("NaN", "uct exploration", lambda: uct(FIG_5_2, playouts=5, exploration=NAN64), "exploration"),
    raises("NaN", "tablebase utility", lambda: tablebase(OddTree([[1, -1]], leaf=lambda v: NAN64)), "utility"),

    # infinite utilities meeting zero-probability chance outcomes (and other sums of infinities)
    raises("0 x inf", "model_opponent then expectiminimax",
           lambda: expectiminimax(model_opponent([[INF, 1], [2, 3]], lambda p, c: [0, 1])), "probability 0"),
    raises("0 x inf", "uct averaging +inf and -inf", lambda: uct(TreeGame([[INF, -INF], [-INF, INF]]), playouts=20),
           "utility", "inf"),
    raises("0 x inf", "strict_alphabeta of an infinite leaf", lambda: strict_alphabeta([[INF, 1], [2, 3]]),
           "[0][0]", "inf"),

    # players that do not alternate, utilities that are not +-1 where a search assumes so
    raises("turns", "pvs", lambda: pvs(OddTree(FIG_5_2, mover=max_twice)), "turns"),
    raises("turns", "null_window", lambda: null_window(OddTree(FIG_5_2, mover=max_twice), test=3), "turns"),
    raises("turns", "mtdf", lambda: mtdf(OddTree(FIG_5_2, mover=max_twice)), "turns"),
    raises("turns", "negamax on ghosts", lambda: negamax(TurnTree([[[1, 2], [3, 4]]], ("MAX", "g1", "g2"))),
           "turns"),
    raises("turns", "tablebase", lambda: tablebase(OddTree([[[1, -1], [0]], [[-1], [1, 0]]], mover=max_twice)),
           "alternate"),
    gives("turns", "minimax on ghosts", lambda: minimax(TurnTree([[[1, 2], [3, 4]], [[5, 6]]],
                                                                   ("MAX", "g1", "g2"))).value, lambda v: v == 5),
    raises("utility", "tablebase of utilities 3, 12, 8", lambda: tablebase(FIG_5_2), "utility", "12"),
    raises("equal to all", "tablebase of a utility equal to everything",
           lambda: tablebase(OddTree([[1, -1], [EvilInt(5)]])), "utility", "5"),
    raises("utility", "backed_up of a value 2", lambda: backed_up([(2, 0)]), "2"),
    raises("utility", "backed_up of text", lambda: backed_up([("1", 0)]), "'1'"),
    raises("utility", "backed_up of a distance -1", lambda: backed_up([(1, -1)]), "-1"),
    raises("utility", "beam evaluate beyond the utilities", lambda: Beam(C4, 2, lambda s: 5).actions(C4.initial),
           "evaluate", "5"),

    # a game whose max_player never moves (issue 37): the searches that call every other player MIN
    # give minimax's value, -9 for X; those written as negamax, which need MAX to be one of the two
    # players taking turns, refuse the game and say so (they used to play MAX against MIN: -3)
    *(gives("max never moves", search.__name__, lambda search=search: search(Nobody(NOBODY_TREE)).value,
            lambda value: type(value) is int and value == -9) for search in (minimax, alphabeta)),
    gives("max never moves", "aspiration", lambda: aspiration(Nobody(NOBODY_TREE), guess=0, width=1).value,
          lambda value: type(value) is int and value == -9),
    gives("max never moves", "iterative_deepening", lambda: iterative_deepening(
        Nobody(NOBODY_TREE), max_depth=2, evaluate=ZERO)[-1].value, lambda value: type(value) is int and value == -9),
    *(raises("max never moves", search.__name__, lambda search=search: search(Nobody(NOBODY_TREE)),
             "'MAX' and 'MIN' take turns, but MAX (the game's max_player, 'X') never moves")
      for search in (negamax, pvs, solve, mtdf)),
    raises("max never moves", "null_window", lambda: null_window(Nobody(NOBODY_TREE), test=0),
           "never moves", "'X'"),
    raises("max never moves", "negamax to depth 1", lambda: negamax(Nobody(NOBODY_TREE), depth=1, evaluate=ZERO),
           "never moves", "'X'"),

    # games that never end, or are stuck
    raises("never ends", "negamax", lambda: negamax(Forever()), "never end"),
    raises("never ends", "alphabeta", lambda: alphabeta(Looping()), "never end"),
    raises("never ends", "pvs", lambda: pvs(Looping()), "never end"),
    raises("never ends", "solve", lambda: solve(Forever()), "never end"),
    raises("never ends", "mtdf", lambda: mtdf(Forever()), "never end"),
    raises("never ends", "tablebase", lambda: tablebase(Forever()), "never"),
    raises("never ends", "model_search", lambda: model_search(Forever(), random_mover), "never end"),
    raises("never ends", "playout_value", lambda: playout_value(Looping()), "never end"),
    raises("never ends", "guaranteed_value", lambda: guaranteed_value(Forever(), lambda g, s: 0), "never end"),
    raises("never ends", "iterative_deepening to 10**400", lambda: iterative_deepening(
        Forever(), max_depth=HUGE, evaluate=ZERO), "max_depth"),
    raises("never ends", "minimax to depth 10**400", lambda: minimax(Forever(), depth=HUGE, evaluate=ZERO),
           "never end"),
    raises("never ends", "mistakes-free uct_player", lambda: uct_player(5)(Forever(), 0), "moves"),
    raises("never ends", "minimax, no moves at the start", lambda: minimax(NoMoves()), "no legal actions"),
    raises("never ends", "negamax, no moves below", lambda: negamax(NoMovesBelow()), "no legal actions"),
    raises("never ends", "pvs, no moves", lambda: pvs(NoMoves()), "no legal actions"),
    raises("never ends", "solve, no moves below", lambda: solve(NoMovesBelow()), "no legal actions"),
    raises("never ends", "uct, no moves", lambda: uct(NoMoves(), playouts=3), "no legal actions"),
    raises("never ends", "uct, no moves below", lambda: uct(NoMovesBelow(), playouts=3), "no legal actions"),
    raises("never ends", "exact_values, no moves", lambda: exact_values(NoMoves()), "no legal actions"),
    raises("never ends", "model_search with random_mover, no moves", lambda: model_search(NoMovesBelow(), random_mover),
           "no legal actions"),
    raises("never ends", "tablebase, no moves", lambda: tablebase(NoMovesBelow()), "no moves"),
    raises("never ends", "playout_value, no moves", lambda: playout_value(NoMoves()), "no legal actions"),
    raises("never ends", "beam_search, no moves", lambda: beam_search(NoMoves(), depth=2, width=2, evaluate=ZERO),
           "no legal actions"),

    # a leaf too long for Python to write in decimal (issue 37): written 1.000e+5000 wherever it is shown
    gives("huge", "minimax's result, a value of 10**5000", lambda: repr(minimax([[UNWRITABLE], [1]])),
          lambda text: text == "SearchResult(value=1.000e+5000, move=0, pv=(0, 0), nodes=5, leaves=2)"),
    gives("huge", "a TreeGame with a leaf of 10**5000", lambda: repr(TreeGame([[UNWRITABLE, 1]])),
          lambda text: text == "TreeGame([[1.000e+5000, 1]], first='MAX')"),
    raises("huge", "an error naming a game with a leaf of 10**5000", lambda: minimax(TreeGame([[UNWRITABLE, 1]]), [0]),
           "TreeGame([[1.000e+5000, 1]]", "not a path"),
    gives("huge", "shown, 10**5000 in a list in a dict", lambda: shown({"leaves": [UNWRITABLE, -UNWRITABLE]}),
          lambda text: text == "{'leaves': [1.000e+5000, -1.000e+5000]}"),

    # a transposition table misused
    raises("table", "mtdf with another evaluation", lambda: [mtdf(T, depth=2, evaluate=ZERO, table=table) and
                                                              mtdf(T, depth=2, evaluate=lambda s: 0.5, table=table)
                                                              for table in [TranspositionTable()]],
           "evaluation"),
    raises("table", "pvs with the class for a table", lambda: pvs(FIG_5_2, table=TranspositionTable), "table"),
    raises("table", "solve with a dict for a table", lambda: solve(FIG_5_2, table={}), "table"),
    raises("table", "mtdf with a dict for a table", lambda: mtdf(FIG_5_2, table={}), "table"),
    raises("table", "null_window with a table for another game",
           lambda: [pvs(T, table=table) and null_window(C4, test=0, depth=1, evaluate=ZERO, table=table)
                    for table in [TranspositionTable()]], "TicTacToe"),
    raises("table", "pvs twice with a bare list and one table", lambda: [pvs(FIG_5_2, table=table) and
                                                                         pvs(FIG_5_2, table=table)
                                                                         for table in [TranspositionTable()]],
           "looks the same", "make the game once"),
    raises("huge", "pvs with a window of 10**400", lambda: pvs(FIG_5_2, alpha=-HUGE, beta=1 - HUGE), "window",
           "float"),
    raises("table", "store of text", lambda: TranspositionTable().store("s", "x", 0, 1), "value", "'x'"),
    raises("table", "bound_flag of None", lambda: bound_flag(None, 0, 1), "None"),

    # a state from one board size (or another game) given to a game
    raises("board size", "negamax", lambda: negamax(C4, ConnectFour(4, 4).play("0"), depth=1, evaluate=ZERO),
           "4 x 4"),
    raises("board size", "check_state", lambda: C4.check_state(ConnectFour(4, 4).play("01")), "4 x 4"),
    *(raises("board size", f"Connect Four's {method} of a state of another size",
             lambda method=method: getattr(C4, method)(ConnectFour(4, 4).play("01")), "4 x 4", "another size")
      for method in ("to_move", "actions", "is_terminal")),
    raises("board size", "Connect Four's utility of a state of another size",
           lambda: C4.utility(ConnectFour(4, 4).play("01"), "X"), "4 x 4", "another size"),
    *(raises("heaps", f"Nim's {method} of a state of a game with other heaps",
             lambda method=method: getattr(Nim([3, 4, 5]), method)(Nim([1, 2]).initial), "2 heaps", "has 3")
      for method in ("actions", "is_terminal")),
    raises("heaps", "Nim's utility of a state of a game with other heaps",
           lambda: Nim([3, 4, 5]).utility(Nim([1, 2]).initial, "A"), "2 heaps", "has 3"),
    raises("board size", "heights", lambda: C4.heights(ConnectFour(4, 4).play("01")), "4 x 4"),
    raises("board size", "mark", lambda: C4.mark(ConnectFour(4, 4).play("01"), 0), "4 x 4"),
    raises("board size", "click_action", lambda: C4.click_action(ConnectFour(4, 4).play("01"), 0), "4 x 4"),
    raises("board size", "tablebase from a tic-tac-toe state of another game", lambda: tablebase(Nim([1, 2]),
                                                                                                T.initial),
           "NimState"),
    raises("board size", "tablebase from a string", lambda: tablebase(T, "X........"), "TicTacToeState"),
    raises("board size", "uct from a Nim state with other heaps", lambda: uct(Nim([1, 2]), NimState((1, 2, 3), "A"),
                                                                              playouts=3), "heaps"),
    raises("board size", "model_search from a path of another tree",
           lambda: model_search(FIG_5_2, random_mover, (7,)), "(7,)"),
    raises("board size", "tic-tac-toe show of a string", lambda: T.show("X........"), "TicTacToeState"),
    raises("board size", "tic-tac-toe result of a string", lambda: T.result("X........", 4), "TicTacToeState"),
    raises("board size", "tic-tac-toe mark of None", lambda: T.mark(None, 0), "TicTacToeState"),
    raises("board size", "Connect Four show of None", lambda: C4.show(None), "ConnectFourState"),
    raises("board size", "Connect Four result of a string", lambda: C4.result("3", 3), "ConnectFourState"),
    raises("board size", "Connect Four play from a string", lambda: C4.play("3", "33"), "ConnectFourState"),
    raises("board size", "tic-tac-toe play from a string", lambda: T.play("4", "X........"), "TicTacToeState"),
    raises("board size", "Nim result of a state with a list of heaps", lambda: Nim([1, 2]).result(
        NimState([1, 2], "A"), (0, 1)), "heaps"),

    # heaps, clicks, moves
    raises("heaps", "Nim of a float heap", lambda: Nim([1.5]), "heap 0", "1.5"),
    raises("heaps", "Nim of a bool heap", lambda: Nim([True, 2]), "heap 0", "True"),
    raises("heaps", "Nim of None", lambda: Nim(None), "heaps"),
    raises("heaps", "Nim of a heap of 10**400", lambda: Nim([HUGE]), "heap 0"),
    gives("heaps", "Nim of numpy heaps", lambda: Nim(np.array([1, 2])).initial.heaps, lambda heaps: heaps == (1, 2)),
    gives("heaps", "nim_sum of numpy heaps", lambda: nim_sum(np.array([3, 4, 5])), lambda total: total == 2),
    raises("heaps", "bouton_moves of a float heap", lambda: bouton_moves([3, 4.0]), "heap 1", "4.0"),
    raises("heaps", "NimState with a negative heap", lambda: minimax(Nim([3]), NimState((-1,), "A")), "heap 0", "-1"),
    raises("click", "Connect Four square True", lambda: C4.click_action(C4.initial, True), "True", "0 to 41"),
    raises("click", "tic-tac-toe square 4.0", lambda: T.click_action(T.initial, 4.0), "4.0", "0 to 8"),
    raises("click", "cell column 1.5", lambda: C4.cell(C4.initial, 1.5, 0), "1.5"),
    raises("click", "cell column True", lambda: C4.cell(C4.initial, True, 0), "True"),
    raises("click", "cell row -1", lambda: C4.cell(C4.initial, 0, -1), "-1"),
    raises("move", "play_moves of None", lambda: T.play(None), "moves", "None"),
    raises("move", "play_moves of an int", lambda: C4.play(3), "moves", "3"),
    raises("move", "play_moves of a superscript digit", lambda: C4.play("3\u00b2"), "move 2"),
    raises("move", "play_moves of '-1'", lambda: C4.play("-1"), "move 1"),
    raises("move", "play_moves of a float", lambda: T.play([4.0]), "move 1", "4.0"),
    raises("move", "play_moves, an illegal column", lambda: C4.play("7"), "move 1", "7"),
    raises("move", "play_moves, a full column", lambda: C4.play("3333333"), "move 7", "full"),
    raises("move", "play_moves of a numpy int", lambda: T.play([np.int64(4)]), "move 1", "int64"),
    raises("move", "Connect Four result of True", lambda: C4.result(C4.initial, True), "True"),
    raises("move", "tic-tac-toe result of None", lambda: T.result(T.initial, None), "None"),
    raises("move", "Nim result of a list", lambda: Nim([2]).result(Nim([2]).initial, [0, 1]), "[0, 1]"),
    raises("move", "tree result of '0'", lambda: TreeGame(FIG_5_2).result((), "0"), "'0'"),
    raises("move", "uniform tree result of 1.0", lambda: UniformTree(2, 2).result((0, 0), 1.0), "1.0"),
    raises("move", "follow a line of strings", lambda: follow(FIG_5_2, "01"), "'01'"),
    raises("move", "PVFirst of a string", lambda: PVFirst("408"), "pv", "'408'"),
    raises("move", "PVFirst of None", lambda: PVFirst(None), "pv", "None"),
    raises("move", "policy returning an int that equals everything", lambda: guaranteed_value(
        T, lambda g, s: EvilInt(99)), "EvilInt"),

    # integers too large for floats, numbers out of range
    gives("huge", "minimax of a 10**400 leaf", lambda: minimax(HUGE_TREE).value, lambda value: value == 2),
    gives("huge", "alphabeta of a 10**400 leaf", lambda: alphabeta([[HUGE, 1], [HUGE, 2]]).value,
          lambda value: value == 2),
    raises("huge", "pvs of a 10**400 leaf", lambda: pvs([[HUGE, 1], [2, HUGE]]), "float"),
    gives("huge", "solve of a 10**400 leaf", lambda: solve([[HUGE, 1], [2, HUGE]]).value, lambda value: value == 2),
    raises("huge", "mtdf of a 10**400 leaf", lambda: mtdf([[HUGE, HUGE], [HUGE, HUGE]]), "float"),
    gives("huge", "null_window of a 10**400 evaluation", lambda: null_window(T, test=0, depth=1,
                                                                             evaluate=lambda s: HUGE).value,
          lambda value: value == HUGE),
    raises("huge", "aspiration width 10**400", lambda: aspiration(FIG_5_2, guess=3, width=HUGE), "width"),
    raises("huge", "uct playouts 10**400", lambda: uct(FIG_5_2, playouts=HUGE), "playouts"),
    raises("huge", "uct exploration 10**400", lambda: uct(FIG_5_2, playouts=5, exploration=HUGE), "exploration"),
    raises("huge", "uct_match playouts 10**400", lambda: uct_match(T, playouts=HUGE, games=1), "playouts"),
    raises("huge", "uct_match games 10**400", lambda: uct_match(T, playouts=3, games=HUGE), "games"),
    raises("huge", "UniformTree branching 10**400", lambda: UniformTree(HUGE, 1), "branching"),
    raises("huge", "UniformTree depth 10**400", lambda: UniformTree(2, HUGE), "depth"),
    raises("huge", "distinct_tree depth 40", lambda: distinct_tree(2, 40), "depth"),
    raises("huge", "random_trees count 10**400", lambda: random_trees(HUGE, shapes=[(2, 2)], leaf_ranges=[(0, 1)]),
           "count"),
    raises("huge", "deepest_within most 10**400", lambda: deepest_within(lambda d: 1, 10, most=HUGE), "most"),
    raises("huge", "Beam evaluate 10**400", lambda: Beam(C4, 2, lambda s: HUGE).actions(C4.initial), "evaluate"),
    raises("huge", "expectiminimax 10**400 times a float", lambda: expectiminimax(Chance([(0.5, HUGE), (0.5, 1)])),
           "too large"),
    gives("huge", "Killers with 10**400 slots", lambda: alphabeta(FIG_5_2, order=Killers(HUGE)).value,
          lambda value: value == 3),
    gives("huge", "minimax to depth 10**400", lambda: minimax(T, T.play("0481"), depth=HUGE, evaluate=ZERO).value,
          lambda value: value == minimax(T, T.play("0481")).value),
    raises("range", "negamax depth 1.5", lambda: negamax(T, depth=1.5, evaluate=ZERO), "depth", "1.5"),
    raises("range", "alphabeta depth True", lambda: alphabeta(T, depth=True, evaluate=ZERO), "depth", "True"),
    raises("range", "pvs depth '2'", lambda: pvs(T, depth="2", evaluate=ZERO), "depth", "'2'"),
    raises("range", "mtdf depth -1", lambda: mtdf(T, depth=-1, evaluate=ZERO), "depth", "-1"),
    raises("range", "aspiration depth 2.0", lambda: aspiration(T, guess=0, width=1, depth=2.0, evaluate=ZERO),
           "depth"),
    raises("range", "null_window depth -1", lambda: null_window(T, test=0, depth=-1, evaluate=ZERO), "depth"),
    raises("range", "iterative_deepening max_depth 0", lambda: iterative_deepening(T, max_depth=0, evaluate=ZERO),
           "max_depth"),
    raises("range", "iterative_deepening max_depth 2.5", lambda: iterative_deepening(T, max_depth=2.5,
                                                                                     evaluate=ZERO), "max_depth"),
    raises("range", "beam_search depth -1", lambda: beam_search(C4, depth=-1, width=2, evaluate=C4.evaluate),
           "depth"),
    raises("range", "beam width 0", lambda: beam_search(C4, depth=2, width=0, evaluate=C4.evaluate), "width"),
    raises("range", "beam width True", lambda: Beam(C4, True, C4.evaluate), "width"),
    raises("range", "alphabeta window alpha > beta", lambda: alphabeta(FIG_5_2, alpha=5, beta=1), "alpha", "beta"),
    raises("range", "pvs window alpha == beta", lambda: pvs(FIG_5_2, alpha=3, beta=3), "alpha", "beta"),
    raises("range", "alphabeta alpha '1'", lambda: alphabeta(FIG_5_2, alpha="1"), "alpha"),
    raises("range", "aspiration width 0", lambda: aspiration(FIG_5_2, guess=3, width=0), "width"),
    raises("range", "aspiration width -1", lambda: aspiration(FIG_5_2, guess=3, width=-1), "width"),
    raises("range", "mtdf guess inf", lambda: mtdf(FIG_5_2, guess=INF), "guess"),
    raises("range", "null_window test True", lambda: null_window(FIG_5_2, test=True), "test"),
    raises("range", "uct playouts 0", lambda: uct(FIG_5_2, playouts=0), "playouts"),
    raises("range", "uct playouts 2.0", lambda: uct(FIG_5_2, playouts=2.0), "playouts"),
    raises("range", "uct seed 'a'", lambda: uct(FIG_5_2, playouts=3, seed="a"), "seed"),
    raises("range", "uct seed None", lambda: uct(FIG_5_2, playouts=3, seed=None), "seed"),
    raises("range", "uct exploration -1", lambda: uct(FIG_5_2, playouts=3, exploration=-1), "exploration"),
    raises("range", "uct steps a tuple", lambda: uct(FIG_5_2, playouts=3, steps=()), "steps"),
    raises("range", "uct_match seed 'a'", lambda: uct_match(T, playouts=3, games=1, seed="a"), "seed"),
    raises("range", "uct_match games 0", lambda: uct_match(T, playouts=3, games=0), "games"),
    raises("range", "uct_player playouts 0", lambda: uct_player(0), "playouts"),
    raises("range", "maxn players 0", lambda: maxn([(1, 2)], players=0), "players"),
    raises("range", "maxn players 3 for pairs", lambda: maxn([(1, 2), (3, 4)], players=3), "3 players"),
    raises("range", "maxn values a list", lambda: maxn([(1, 2), (3, 4)], values=[]), "values"),
    raises("range", "maxn choices None-like", lambda: maxn([(1, 2), (3, 4)], choices="x"), "choices"),
    raises("range", "coalition member 5", lambda: coalition([(1, 2), (3, 4)], (5,)), "5"),
    raises("range", "strategy_values choice 9", lambda: strategy_values([(1, 0), (0, 1)], {(): 9}), "9"),
    raises("raw", "expectiminimax of a game", lambda: expectiminimax(TicTacToe()), "not a game",
           "TicTacToe()", "alphabeta"),
    raises("raw", "expectiminimax of a game's class", lambda: expectiminimax(TicTacToe),
           "the class TicTacToe"),
    raises("raw", "maxn of a game", lambda: maxn(Nim([1, 2])), "not a game", "Nim([1, 2])"),
    raises("range", "expectiminimax first 'max'", lambda: expectiminimax([1, 2], first="max"), "first"),
    raises("equal to all", "expectiminimax first that equals everything", lambda: expectiminimax([1, 2], first=Anything()),
           "first"),
    raises("equal to all", "TreeGame first that equals everything", lambda: TreeGame(FIG_5_2, first=Anything()), "first"),
    raises("range", "strict_alphabeta first 'min'", lambda: strict_alphabeta(FIG_5_2, first="min"), "first"),
    raises("range", "Chance player 'CHANCE'", lambda: Chance([(1, 2)], player="CHANCE"), "CHANCE"),
    raises("equal to all", "Chance player that equals everything", lambda: Chance([(1, 2)], player=Anything()),
           "Anything"),
    raises("equal to all", "TicTacToe.state of a mark that equals everything",
           lambda: T.state([Anything()] + [None] * 8), "square 0"),
    raises("equal to all", "ConnectFour width that equals everything", lambda: ConnectFourRules(EvilInt(7), 6),
           "width", "EvilInt"),
    raises("equal to all", "a policy's move that equals everything", lambda: policy_value(
        FIG_5_2, lambda g, s: EvilInt(0), random_mover), "EvilInt"),
    raises("range", "Killers slots 0", lambda: Killers(0), "slots"),
    raises("range", "RandomOrder seed 1.5", lambda: RandomOrder(1.5), "seed"),
    raises("range", "ordering_named random seed 'x'", lambda: ordering_named("random", "x"), "seed"),
    raises("range", "random_tree branching 0", lambda: random_tree(0, 2), "branching"),
    raises("range", "random_tree low > high", lambda: random_tree(2, 2, low=3, high=1), "low"),
    raises("range", "distinct_tree branching 2.5", lambda: distinct_tree(2.5, 2), "branching"),
    raises("range", "distinct_tree depth -1", lambda: distinct_tree(2, -1), "depth"),
    raises("range", "ConnectFour width 0", lambda: ConnectFour(0, 6), "width", "0"),
    raises("range", "ConnectFour height 100", lambda: ConnectFour(7, 100), "height", "100"),
    raises("range", "ConnectFour width True", lambda: ConnectFourRules(True, 6), "width", "True"),
    raises("range", "ConnectFour height 6.0", lambda: ConnectFourRules(7, 6.0), "height", "6.0"),
    raises("range", "UniformTree values 0", lambda: UniformTree(2, 2, values=0), "values"),
    raises("range", "TurnTree turns of one name twice", lambda: TurnTree(FIG_5_2, ("MAX", "MAX")), "turns"),

    # the raw messages Python gives from deep inside
    raises("raw", "follow a line that is None", lambda: follow(FIG_5_2, None), "line", "None"),
    raises("raw", "coalition of members None", lambda: coalition([(1, 2), (3, 4)], None), "members", "None"),
    raises("raw", "uniform over no children", lambda: uniform((0,), []), "[0]", "no children"),
    raises("raw", "random_mover where the game is over", lambda: random_mover(T, T.state("XOXXOOOXX")), "no legal"),
    raises("raw", "greedy_mover where the game is over", lambda: greedy_mover(T, T.play("0123456")), "no legal"),
    raises("raw", "guaranteed_value, a policy indexing no moves", lambda: guaranteed_value(
        NoMoves(), lambda g, s: g.actions(s)[0]), "no legal actions"),
    raises("raw", "iterative_deepening order 'best'", lambda: iterative_deepening(T, max_depth=2, evaluate=ZERO,
                                                                                 order="best"), "order"),
    raises("raw", "mistakes of moves None", lambda: mistakes(T, True, None), "moves"),
    raises("huge", "a beam ranking a utility of 10**400", lambda: Beam(TreeGame([HUGE, 1]), 2, ZERO).actions(()),
           "utility", "float"),
    raises("NaN", "a beam ranking a NaN utility", lambda: Beam(OddTree([1, 2], leaf=lambda v: NAN64), 2,
                                                               ZERO).actions(()), "utility", "nan"),
    raises("raw", "minimax of []", lambda: minimax([]), "empty"),
    raises("raw", "minimax of [[]]", lambda: minimax([[]]), "[0]", "empty"),
    raises("raw", "alphabeta of [[1], [[]]]", lambda: alphabeta([[1], [[]]]), "[1][0]", "empty"),
    raises("raw", "negamax of a string leaf", lambda: negamax([[1, "2"]]), "[0][1]", "'2'"),
    raises("raw", "pvs of a None leaf", lambda: pvs([[1, None]]), "[0][1]", "None"),
    raises("raw", "solve of a bool leaf", lambda: solve([[True, 1]]), "[0][0]", "True"),
    raises("raw", "minimax of a number", lambda: minimax(5), "5"),
    raises("raw", "minimax of a string", lambda: minimax("tree"), "str"),
    raises("raw", "minimax of None", lambda: minimax(None), "None"),
    raises("raw", "mtdf of []", lambda: mtdf([]), "empty"),
    raises("raw", "aspiration of [[]]", lambda: aspiration([[]], guess=0, width=1), "empty"),
    raises("raw", "uct of []", lambda: uct([], playouts=2), "empty"),
    raises("raw", "maxn of []", lambda: maxn([]), "empty"),
    raises("raw", "maxn of [[]]", lambda: maxn([[]]), "empty"),
    raises("raw", "maxn of a number leaf", lambda: maxn([3, (1, 2)]), "3"),
    raises("raw", "expectiminimax of []", lambda: expectiminimax([]), "empty"),
    raises("raw", "expectiminimax of an empty chance node", lambda: expectiminimax([Chance([])]), "outcomes"),
    raises("raw", "expectiminimax of a None leaf", lambda: expectiminimax([None, 1]), "None"),
    raises("raw", "expectiminimax with trace None", lambda: expectiminimax([1, 2], trace=None), "trace"),
    raises("raw", "expectiminimax with a list for a trace", lambda: expectiminimax([1, 2], trace=[]), "trace"),
    raises("raw", "strict_alphabeta with trace None", lambda: strict_alphabeta(FIG_5_2, trace=None), "trace"),
    raises("raw", "minimax with trace None", lambda: minimax(FIG_5_2, trace=None), "trace"),
    raises("raw", "pvs with trace None", lambda: pvs(FIG_5_2, trace=None), "trace"),
    raises("raw", "strict_alphabeta of []", lambda: strict_alphabeta([]), "empty"),
    raises("raw", "ties_broken of [[]]", lambda: ties_broken([[]]), "empty"),
    raises("raw", "model_search of [[]]", lambda: model_search([[]], random_mover), "empty"),
    raises("raw", "playout_value of []", lambda: playout_value([]), "empty"),
    raises("raw", "tablebase of []", lambda: tablebase([]), "empty"),
    raises("raw", "exact_values of []", lambda: exact_values([]), "empty"),
    raises("raw", "model_opponent of []", lambda: model_opponent([]), "empty"),
    raises("raw", "a game whose actions() returns None", lambda: minimax(NoneActions()), "actions", "None"),
    raises("raw", "uct on a game whose actions() returns None", lambda: uct(NoneActions(), playouts=2), "actions"),
    raises("raw", "a game whose result() returns None", lambda: minimax(NoneResult()), "result", "None"),
    raises("raw", "alphabeta, a tree whose result() returns None", lambda: alphabeta(NoneTreeResult(FIG_5_2)),
           "result", "None"),
    raises("raw", "solve, a game whose result() returns None", lambda: solve(NoneResult()), "result", "None"),
    raises("raw", "uct, a game whose result() returns None", lambda: uct(NoneResult(), playouts=3), "result",
           "None"),
    raises("raw", "tablebase, a game whose result() returns None", lambda: tablebase(NoneTreeResult([[1, -1]])),
           "result", "None"),
    raises("raw", "model_search, a game whose result() returns None", lambda: model_search(NoneResult(), random_mover),
           "result", "None"),
    raises("raw", "exact_values, a game whose result() returns None", lambda: exact_values(NoneResult()), "result"),
    raises("raw", "beam_search, a game whose result() returns None",
           lambda: beam_search(NoneResult(), depth=2, width=1, evaluate=ZERO), "result", "None"),
    raises("raw", "iterative_deepening, a game whose result() returns None",
           lambda: iterative_deepening(NoneResult(), max_depth=3, evaluate=ZERO), "result", "None"),
    raises("raw", "mtdf, a game whose result() returns None", lambda: mtdf(NoneResult()), "result", "None"),
    raises("raw", "negamax, a game whose actions() returns None", lambda: negamax(NoneActions()), "actions", "None"),
    raises("raw", "pvs, a game whose actions() returns None", lambda: pvs(NoneActions()), "actions", "None"),
    raises("raw", "first_best_line of values no child returned", lambda: first_best_line([((0,), 1), ((), 2)]),
           "root", "2"),
    raises("raw", "minimax of the class TicTacToe", lambda: minimax(TicTacToe), "TicTacToe()"),
    raises("raw", "a game without max_player", lambda: minimax(NoMaxPlayer()), "max_player"),
    raises("raw", "as_game of a game without max_player", lambda: as_game(NoMaxPlayer()), "max_player"),
    raises("raw", "evaluate that returns None", lambda: alphabeta(T, depth=1, evaluate=lambda s: None), "None"),
    raises("raw", "evaluate that returns text", lambda: negamax(T, depth=1, evaluate=lambda s: "0"), "'0'"),
    raises("raw", "order returning None", lambda: alphabeta(FIG_5_2, order=lambda g, s, a, p: None), "None"),
    raises("raw", "order dropping a move", lambda: alphabeta(FIG_5_2, order=lambda g, s, a, p: a[1:]), "dropped"),
    raises("raw", "Combined of None", lambda: Combined(None), "ordering 0"),
    raises("raw", "ByEvaluation of 3", lambda: ByEvaluation(3), "evaluate"),
    raises("raw", "search_named None", lambda: search_named(None), "algorithm"),
    raises("raw", "label of an unknown ordering", lambda: label("alphabeta", "fastest"), "ordering"),
    raises("raw", "model_opponent of a model that is not a function", lambda: model_opponent(FIG_5_2, 3), "model"),
    raises("raw", "model_opponent, too few probabilities", lambda: model_opponent(FIG_5_2, lambda p, c: [1]),
           "1 probabilities"),
    raises("raw", "policy_value, a model returning None", lambda: policy_value(
        FIG_5_2, lambda g, s: 0, lambda g, s: None), "None"),
    raises("raw", "policy_value, a policy returning None", lambda: policy_value(
        FIG_5_2, lambda g, s: None, random_mover), "None"),
    raises("raw", "model_search, an illegal move of the model", lambda: model_search(
        FIG_5_2, lambda g, s: [(5, 1)]), "5"),
    raises("raw", "tablebase label of a position it lacks", lambda: tablebase(Nim([1, 2])).label(NimState((0, 2), "A")),
           "NimState"),
    raises("raw", "TicTacToe.state(None)", lambda: T.state(None), "None"),
    raises("raw", "TicTacToe.state(5)", lambda: T.state(5), "5"),
    raises("raw", "TicTacToe.state of 8 squares", lambda: T.state("X.O....."), "9 squares"),
    raises("raw", "TicTacToe.state of lowercase marks", lambda: T.state("x........"), "'x'"),
    raises("raw", "TicTacToe.state of a list of lists", lambda: T.state([[None] * 3] * 3), "3"),
    raises("raw", "TicTacToe.state of O first", lambda: T.state("O........"), "X moves first"),
    raises("raw", "TicTacToe.state of two winners", lambda: T.state("XXXOOO..."), "three in a row"),
    raises("raw", "uniform tree node a string", lambda: minimax(UniformTree(2, 2), "root"), "'root'"),
    raises("raw", "tree state a list", lambda: minimax(FIG_5_2, [0]), "[0]"),
    raises("raw", "Nim state a tuple", lambda: minimax(Nim([1]), (1,)), "NimState"),
    raises("raw", "check_trace of a trace with a string value",
           lambda: check_trace(hand_made(Event("enter", (), "MAX"), Event("leaf", (), value="3"))), "event 1", "'3'"),
    gives("raw", "describe a root that exits without a leaf or a child",
          lambda: describe(hand_made(Event("enter", (), "MAX"), Event("exit", (), value=3))),
          lambda sentences: sentences[1] == "The root returns 3 without searching a move."),
    gives("raw", "describe a trace with two searches (aspiration's)",
          lambda: describe(hand_made(Event("enter", (), "MAX"), Event("leaf", (), value=1), Event("exit", (), value=1),
                                     Event("enter", (), "MAX"), Event("leaf", (), value=2),
                                     Event("exit", (), value=2))), lambda sentences: len(sentences) == 6),
    gives("raw", "describe a pvs trace whose root the table answers", lambda: describe(table_answers_root()),
          lambda sentences: sentences[-1] == "The root returns 3 without searching a move."),
    raises("raw", "describe an exit of a child without a value",
           lambda: describe(hand_made(Event("enter", (), "MAX"), Event("enter", (0,), "MIN"),
                                      Event("exit", (0,)))), "event 2"),
    raises("raw", "describe a cutoff of a leaf",
           lambda: describe(hand_made(Event("enter", (), "MAX"), Event("cutoff", (), value=1))), "event 1"),
    raises("raw", "describe an update with no child returned",
           lambda: describe(hand_made(Event("enter", (), "MAX"), Event("update", (), value=1))), "event 1"),
    raises("raw", "describe a path that is a list",
           lambda: describe(hand_made(Event("enter", [], "MAX"))), "event 0"),
    gives("raw", "describe a cutoff without a window", lambda: describe(hand_made(
        Event("enter", (), "MAX"), Event("enter", (0,), "MIN"), Event("enter", (0, 0), "MAX"),
        Event("leaf", (0, 0), value=3), Event("exit", (0, 0), value=3), Event("update", (0,), value=3),
        Event("cutoff", (0,), value=3, pruned=(1,)))), lambda sentences: "from the search window" in sentences[-1]),
    raises("raw", "describe a cutoff whose pruned moves are a number", lambda: describe(hand_made(
        Event("enter", (), "MAX"), Event("enter", (0,), "MIN"), Event("leaf", (0,), value=3),
        Event("exit", (0,), value=3), Event("update", (), value=3), Event("cutoff", (), value=3, pruned=5))),
           "event 5", "pruned"),
    raises("raw", "describe an event whose path is None",
           lambda: describe(hand_made(Event("enter", None, "MAX"))), "event 0", "None"),
    raises("raw", "describe a list of strings", lambda: describe(["enter"]), "event 0"),
    raises("raw", "describe None", lambda: describe(None), "trace"),
    raises("raw", "Trace.bounds of a path holding a list",
           lambda: hand_made(Event("enter", (), "MAX"), Event("enter", ([0],), "MIN")).bounds(), "event 1"),
]


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.id)
def test_bad_input_gets_a_clear_error(case: Case) -> None:
    problem = judge(case)
    assert problem is None, problem


class Bystander:
    """A game in which MAX ('A') never moves: B and C take turns on a small tree, and every other
    player is MIN to minimax."""

    initial: tuple[int, ...] = ()
    max_player = "A"
    tree = [[3, 9], [12, 4]]

    def node(self, state: tuple[int, ...]) -> Any:
        node: Any = self.tree
        for move in state:
            node = node[move]
        return node

    def to_move(self, state: tuple[int, ...]) -> str:
        return "BC"[len(state) % 2]

    def actions(self, state: tuple[int, ...]) -> list[int]:
        return list(range(len(self.node(state))))

    def result(self, state: tuple[int, ...], action: int) -> tuple[int, ...]:
        return state + (action,)

    def is_terminal(self, state: tuple[int, ...]) -> bool:
        return not isinstance(self.node(state), list)

    def utility(self, state: tuple[int, ...], player: str) -> int:
        return -self.node(state) if player == "A" else self.node(state)


def test_on_a_game_whose_max_player_never_moves_every_search_gives_one_value_or_refuses() -> None:
    """Issue 37: minimax and alphabeta said -9, negamax, solve, pvs and mtdf -3. Every exact search
    of the registry now gives minimax's value, every other player MIN, or refuses the game, naming
    the two players who take turns and the max_player who never moves."""
    values, refusals = {}, {}
    for name, entry in CATALOG.items():
        if entry.inputs not in (GAME_OR_TREE, GAME) or not entry.exact or entry.player:
            continue
        options = {option: 0 if option == "guess" else 1 for option in entry.needs}
        try:
            values[name] = entry.function(Nobody(NOBODY_TREE), **options).value
        except ValueError as error:
            refusals[name] = str(error)
    assert values == {"minimax": -9, "alphabeta": -9, "aspiration": -9}
    assert all(type(value) is int for value in values.values())
    assert sorted(refusals) == ["mtdf", "negamax", "pvs", "solve"]
    for message in refusals.values():
        assert "'MAX' and 'MIN' take turns, but MAX (the game's max_player, 'X') never moves" in message


def test_a_game_whose_max_never_moves_gets_one_value_or_a_clear_refusal() -> None:
    # minimax and alphabeta: both B and C are MIN, minimizing A's utility (-leaf): min(-3, -9, -12, -4)
    assert minimax(Bystander()).value == alphabeta(Bystander()).value == -12
    for search in (negamax, solve, pvs, mtdf):
        with pytest.raises(ValueError, match=r"never moves; negamax and solve need MAX to be one of the two"):
            search(Bystander())


def test_a_leaf_of_five_thousand_digits_is_drawn_and_checked_in_words() -> None:
    from minimax_lab.checks.minimax_values import predicted_move
    from minimax_lab.core.text import shown, value_text
    from minimax_lab.display.draw import draw

    huge = 10 ** 5000
    assert value_text(huge) == "1.000e+5000" and shown(-huge).startswith("-1.000e+5000 (a whole number of about 5,001")
    assert "1.000e+5000" in draw([[huge, 1], [2, 3]]).source
    assert predicted_move(huge).text.startswith("Not correct: you said 1.000e+5000.")


def test_a_number_whose_equality_always_says_yes_is_no_answer() -> None:
    from minimax_lab.checks.minimax_values import predicted_move

    class Agreeable(int):
        def __eq__(self, other: object) -> bool:
            return True

        __hash__ = int.__hash__

    for move in range(3):
        verdict = predicted_move(Agreeable(move))
        assert verdict.text.startswith("Not correct") and "of the class Agreeable, not a plain int" in verdict.text
