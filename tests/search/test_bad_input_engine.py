"""Bad input gets a clear error (issue 21, item 6): the cases of the engine, the Connect Four solver,
the evaluations and the analysis (experiments, players, census, fitting, the engine's figures and
the reference set). bad_input.py says what a case is and how it is judged."""

from __future__ import annotations

import math
import random
import sys
from collections.abc import Callable
from typing import Any

import pytest
from bad_input import (
    FIG_5_2,
    HUGE,
    NAN32,
    NAN64,
    Case,
    EvilInt,
    Forever,
    Looping,
    Nobody,
    OddTree,
    case_params,
    gives,
    judge,
    raises,
)

from minimax_lab import ConnectFour, Nim, NimState, TicTacToe, TreeGame, engine
from minimax_lab.analysis import census, engine_figures, experiments, players
from minimax_lab.analysis.connect_four_reference import Opening, reference_set, sample
from minimax_lab.analysis.fitting import fit_weights, self_play
from minimax_lab.heuristics.connect_four_evaluation import (
    PARITY_WEIGHTS,
    WEIGHTS,
    LinearEvaluation,
    ParityEvaluation,
    check_weights,
    features,
)
from minimax_lab.heuristics.tictactoe import open_lines_evaluation, open_winning_lines
from minimax_lab.search.connect_four_solver import (
    ConnectFourSolver,
    OutOfNodes,
    perfect_move,
    solver_player,
)


class Endless(Forever):
    """A game that never ends and never repeats: every move leads to a new position."""

    def to_move(self, state: int) -> str:
        return "MAX" if state % 2 == 0 else "MIN"

    def result(self, state: int, action: int) -> int:
        return state + 1


class Stuck(Forever):
    """A game that is not over, yet has no legal move."""

    def actions(self, state: int) -> tuple:
        return ()


C4, SMALL, T = ConnectFour(), ConnectFour(4, 4), TicTacToe()
SMALL_STATE, C4_OVER, T_OVER = SMALL.play("01"), C4.play("0101010"), T.play("0123456")
PLAYERS = {"a": players.random_player(0), "b": players.random_player(1)}


def last_square(game: ConnectFour, seed: int = 1) -> Any:
    """Return a position of `game` with one empty square whose move does not win (a draw)."""
    rng = random.Random(seed)
    while True:
        state = game.initial
        while not game.is_terminal(state):
            if (state.x | state.o).bit_count() == game.width * game.height - 1 and not game.winning_moves(state):
                return state
            safe = [m for m in state.moves if not game.winning_moves(game.result(state, m))] or list(state.moves)
            state = game.result(state, rng.choice(safe))


def with_python_stack(run: Callable[[], Any], limit: int = 1000) -> Callable[[], Any]:
    """Return `run` under Python's default recursion limit (mypy, run in the same process by
    test_types.py, raises it)."""
    def limited() -> Any:
        kept = sys.getrecursionlimit()
        sys.setrecursionlimit(limit)
        try:
            return run()
        finally:
            sys.setrecursionlimit(kept)
    return limited


def reused(evaluation: Any) -> Any:
    """Return the engine's value at a position after asking it once with another evaluation."""
    player = engine(C4, depth=2)
    player(C4, C4.play("33"))
    player.evaluate = evaluation
    return player.search(C4.play("33")).value


CASES = [
    # NaN and numpy numbers
    raises("NaN", "engine nodes NaN", lambda: engine(C4, nodes=math.nan), "nodes", "nan"),
    raises("NaN", "engine seconds numpy NaN", lambda: engine(C4, seconds=NAN32), "seconds", "nan"),
    raises("NaN", "solver nodes NaN (no limit, silently)", lambda: ConnectFourSolver(SMALL).score(SMALL.initial,
                                                                                                 nodes=math.nan),
           "nodes", "nan"),
    raises("NaN", "fit_weights of a NaN result", lambda: fit_weights(C4, [C4.play("3"), C4.play("33")],
                                                                      [NAN64, 1]), "results[0]", "nan"),
    raises("NaN", "ParityEvaluation weight NaN", lambda: ParityEvaluation(C4, {**PARITY_WEIGHTS, "to move": NAN64}),
           "to move"),
    raises("NaN", "node_counts max_leaves NaN (no limit, silently)",
           lambda: experiments.node_counts(2, [3], max_leaves=math.nan), "max_leaves", "nan"),
    raises("NaN", "match seed NaN", lambda: players.match(T, *PLAYERS.values(), games=2, seed=math.nan), "seed"),
    raises("NaN", "random_player seed NaN", lambda: players.random_player(math.nan), "seed", "nan"),
    raises("NaN", "mean_by_depth of a text value",
           lambda: experiments.mean_by_depth([{"algorithm": "a", "ordering": "b", "depth": 1, "leaves": "x"}]),
           "row 0", "'leaves'"),
    gives("NaN", "text_table shows a NaN (the ebf of depth 0)",
          lambda: experiments.text_table(experiments.node_counts(2, [0], searches=[("minimax", "given")])),
          lambda text: "nan" in text),
    raises("NaN", "sample count NaN", lambda: sample(reference_set().positions, math.nan), "count", "nan"),

    # a game whose max_player never moves (issue 37): the engine, a negamax search, refuses it as negamax does
    raises("max never moves", "engine, MAX and MIN taking turns for a max_player 'X'",
           lambda: engine(Nobody([[1, -1], [0, 1]]), depth=2, evaluate=lambda state: 0).search(()),
           "'MAX' and 'MIN' take turns, but MAX (the game's max_player, 'X') never moves"),

    # utilities the engine cannot take
    raises("utility", "engine, a utility that equals everything",
           lambda: engine(OddTree([[EvilInt(3), 1], [1, 1]]), depth=2).search(()), "utility", "3"),
    raises("utility", "engine, a game with no move that is not over", lambda: engine(Stuck(), depth=2).search(0),
           "no legal move"),
    raises("utility", "engine, actions that are None",
           lambda: engine(type("NoActions", (Forever,), {"actions": lambda self, s: None})(), depth=2).search(0),
           "actions", "None"),
    raises("utility", "greedy_player, a game with no move that is not over",
           lambda: players.greedy_player(Stuck(), 0), "no legal move"),

    # games that never end
    gives("never ends", "engine, a node budget on a game that loops",
          lambda: engine(Forever(), nodes=10 ** 6).search(0).depth, lambda depth: depth == 10_000),
    raises("never ends", "engine, a depth on a game that never ends",
           with_python_stack(lambda: engine(Endless(), depth=3000).search(0)), "depth", "never end"),
    raises("never ends", "engine depth 10**400 on a game that loops", lambda: engine(Forever(), depth=HUGE),
           "depth", "10,000"),
    raises("never ends", "random_openings plies 10**400 on a game that loops",
           lambda: players.random_openings(Forever(), 2, plies=HUGE), "plies"),
    raises("never ends", "drawn_openings of Connect Four (a full search of it)",
           lambda: players.drawn_openings(C4), "tic-tac-toe"),
    raises("never ends", "openings of Connect Four", lambda: players.openings(HUGE, C4), "tic-tac-toe"),

    # a transposition table reused after the evaluation changed
    gives("table", "the engine's table after a new evaluation",
          lambda: reused(lambda state: 0.0), lambda value: value == 0),

    # a state of one board size given to a game of another, or a finished one
    raises("board size", "engine's principal_variation", lambda: engine(C4, depth=2).principal_variation(SMALL_STATE),
           "4 x 4"),
    raises("board size", "general engine's principal_variation",
           lambda: engine(C4, depth=2, without=["bitboards"]).principal_variation(SMALL_STATE), "4 x 4"),
    gives("board size", "the engine values the last square a draw",
          lambda: engine(SMALL, depth=3).search(last_square(SMALL)).outcome(), lambda text: text == "a draw"),
    gives("board size", "the engine on a 1 x 1 board: a draw",
          lambda: engine(ConnectFour(1, 1), depth=2).search(ConnectFour(1, 1).initial).value,
          lambda value: value == 0),
    raises("board size", "LinearEvaluation", lambda: LinearEvaluation(C4)(SMALL_STATE), "4 x 4"),
    raises("board size", "ParityEvaluation", lambda: ParityEvaluation(C4)(SMALL_STATE), "4 x 4"),
    raises("board size", "features", lambda: features(C4, SMALL_STATE), "4 x 4"),
    raises("board size", "fit_weights", lambda: fit_weights(C4, [SMALL_STATE], [1]), "4 x 4"),
    raises("board size", "solver_player", lambda: solver_player(SMALL)(SMALL, C4.play("3")), "4 x 4"),
    raises("board size", "solver, a finished position", lambda: ConnectFourSolver(C4).score(C4_OVER), "over"),
    raises("board size", "perfect_move, a finished position", lambda: perfect_move(ConnectFourSolver(C4), C4_OVER),
           "over"),
    raises("board size", "positions from a state of another game", lambda: census.positions(T, C4.initial),
           "TicTacToeState"),
    raises("board size", "distinct_moves of another game's state", lambda: census.distinct_moves(T, C4.initial),
           "TicTacToeState"),
    raises("board size", "a reference position on a 4 x 4 board",
           lambda: reference_set().positions[0].state(SMALL), "7 x 6"),
    raises("board size", "greedy_player, a finished game", lambda: players.greedy_player(T, T_OVER), "over"),
    raises("board size", "random_player, a finished game", lambda: players.random_player()(T, T_OVER), "over"),
    raises("board size", "perfect_player, a finished game", lambda: players.perfect_player(T)(T, T_OVER), "over"),
    raises("board size", "match from a state of another game",
           lambda: players.match(T, *PLAYERS.values(), starts=[None]), "None"),
    raises("board size", "engine on a Nim state of other heaps",
           lambda: engine(Nim([1, 2]), depth=3).search(NimState((1, 2, 3), "A")), "2 heaps"),

    # moves that are int subclasses or strings
    raises("move", "a reference position's move that equals everything",
           lambda: reference_set().positions[0].keeps(EvilInt(9)), "move 9", "legal"),
    raises("move", "a reference position's move as text", lambda: reference_set().positions[0].optimal("0"), "'0'"),

    # integers too large for floats, settings out of range
    raises("huge", "engine nodes 10**400", lambda: engine(C4, nodes=HUGE), "nodes", "too large"),
    raises("huge", "LinearEvaluation weight 1e308 (every guess 0)",
           lambda: LinearEvaluation(C4, {**WEIGHTS, "centre": 1e308}), "centre", "at most"),
    raises("huge", "check_weights 10**400", lambda: check_weights({**WEIGHTS, "open twos": HUGE}), "open twos"),
    raises("huge", "ParityEvaluation weight 10**300 (a guess of -1.0)",
           lambda: ParityEvaluation(C4, {**PARITY_WEIGHTS, "to move": 10 ** 300}), "to move"),
    raises("huge", "match games 10**400", lambda: players.match(T, *PLAYERS.values(), games=HUGE), "games"),
    raises("huge", "random_openings count 10**400", lambda: players.random_openings(T, HUGE), "count"),
    raises("huge", "node_counts max_leaves 10**400", lambda: experiments.node_counts(2, [3], max_leaves=HUGE),
           "max_leaves"),
    raises("huge", "subtree_values of a billion leaves", lambda: experiments.subtree_values(
        experiments.experiment_tree(10, 9)), "leaves"),
    gives("huge", "deepest_growth 1e300: its square is past the largest float",
          lambda: experiments.deepest_growth(1e300, 1e308), lambda depth: depth == 1),
    raises("huge", "versus_theory at depth 4000", lambda: experiments.versus_theory([{
        "branching": 10, "algorithm": "minimax", "ordering": "given", "depth": 4000, "leaves": 1}]), "too large"),
    raises("huge", "fit_weights of a result 10**400", lambda: fit_weights(C4, [C4.play("3")], [HUGE]),
           "results[0]", "too large"),
    raises("range", "engine without=None", lambda: engine(C4, depth=2, without=None), "without"),
    raises("range", "engine without=3", lambda: engine(C4, depth=2, without=3), "without"),
    gives("range", "engine without= a generator", lambda: repr(engine(C4, depth=2, without=(p for p in ["table"]))),
          lambda text: "without=['table']" in text),
    raises("range", "solver nodes 0", lambda: ConnectFourSolver(SMALL).score(SMALL.initial, nodes=0), "nodes", "0"),
    raises("range", "solver nodes -1", lambda: ConnectFourSolver(SMALL).move_scores(SMALL.initial, nodes=-1),
           "nodes", "-1"),
    raises("range", "solver nodes '1'", lambda: ConnectFourSolver(SMALL).outcome(SMALL.initial, nodes="1"), "nodes"),
    raises("range", "solver nodes True", lambda: ConnectFourSolver(SMALL).score(SMALL.initial, nodes=True), "nodes"),
    raises("range", "solver exact 'yes'", lambda: ConnectFourSolver(SMALL).move_scores(SMALL.initial, exact="yes"),
           "exact"),
    raises("range", "random_player seed 'a'", lambda: players.random_player("a"), "seed"),
    raises("range", "random_player seed None (not reproducible)", lambda: players.random_player(None), "seed"),
    raises("range", "random_openings count -1", lambda: players.random_openings(T, -1), "count", "-1"),
    raises("range", "random_openings plies -1", lambda: players.random_openings(T, 2, plies=-1), "plies", "-1"),
    raises("range", "reference_player depth 'a'", lambda: players.reference_player("a"), "depth"),
    raises("range", "depth_limited_player evaluate 3", lambda: players.depth_limited_player(3), "evaluate"),
    raises("range", "tournament of one player", lambda: players.tournament(T, {"a": PLAYERS["a"]}), "two players"),
    raises("range", "tournament seed 'x'", lambda: players.tournament(T, PLAYERS, games=2, seed="x"), "seed"),
    raises("range", "match from no starts", lambda: players.match(T, *PLAYERS.values(), starts=[]), "starts"),
    raises("range", "sample count -1", lambda: sample(reference_set().positions, -1), "count", "-1"),
    raises("range", "at_plies 'a'", lambda: reference_set().at_plies("a", 5), "low"),
    raises("range", "open_winning_lines of player 'Z'", lambda: open_winning_lines(T.initial, "Z"), "player", "'Z'"),
    raises("range", "depth_within_budget, branching 1", lambda: experiments.depth_within_budget(1, 10 ** 4),
           "branching"),

    # the theory and the measurements, for sizes zero, negative, huge or missing
    raises("theory", "reference_figures of no positions", lambda: engine_figures.reference_figures([], nodes=100),
           "at least one position"),
    raises("theory", "ablation of no positions", lambda: engine_figures.ablation([], nodes=100), "position"),
    raises("theory", "the rates of no positions",
           lambda: engine_figures.Figures(0, 0, 0, 0, 0.0, ()).kept_rate, "no positions"),
    raises("theory", "sample of no count", lambda: sample(reference_set().positions, None), "count"),
    raises("theory", "theory of depths None", lambda: experiments.theory(3, None), "depths"),
    raises("theory", "node_counts of depths 3", lambda: experiments.node_counts(2, 3), "depths"),
    raises("theory", "node_counts searches 'alphabeta'", lambda: experiments.node_counts(2, [1],
                                                                                          searches="alphabeta"),
           "searches"),
    raises("theory", "node_counts searches of triples", lambda: experiments.node_counts(2, [1],
                                                                                         searches=[("a", "b", "c")]),
           "searches"),
    gives("theory", "node_counts of no depths", lambda: experiments.node_counts(2, []), lambda rows: rows == []),
    raises("theory", "fit_weights of results 5", lambda: fit_weights(C4, [C4.initial], 5), "results"),
    raises("theory", "build a reference set at ply -1 (a loop for ever)",
           lambda: __import__("minimax_lab.analysis.connect_four_reference", fromlist=["build"]).build(
               {-1: 1}, openings_ply=4, openings=0), "ply", "-1"),

    # the raw messages Python gives from deep inside
    raises("raw", "engine of a number", lambda: engine(3, depth=2), "engine", "game"),
    raises("raw", "engine of a nested list", lambda: engine(FIG_5_2, depth=2), "TreeGame"),
    raises("raw", "the solver's budget runs out", lambda: ConnectFourSolver(SMALL).score(SMALL.initial, nodes=10),
           "budget", error=OutOfNodes),
    raises("raw", "perfect_move(None, state)", lambda: perfect_move(None, SMALL.initial), "ConnectFourSolver"),
    raises("raw", "LinearEvaluation of tic-tac-toe", lambda: LinearEvaluation(T), "Connect Four"),
    raises("raw", "ParityEvaluation of a number", lambda: ParityEvaluation(3), "Connect Four"),
    raises("raw", "LinearEvaluation of None", lambda: LinearEvaluation(C4)(None), "None"),
    raises("raw", "features of tic-tac-toe", lambda: features(T, C4.initial), "Connect Four"),
    raises("raw", "open_lines_evaluation of a Connect Four state", lambda: open_lines_evaluation(C4.initial),
           "tic-tac-toe"),
    raises("raw", "greedy_player of a number", lambda: players.greedy_player(3, T.initial), "game"),
    raises("raw", "play of a number", lambda: players.play(3, PLAYERS), "game"),
    raises("raw", "play with players None", lambda: players.play(T, None), "players"),
    raises("raw", "match of a number", lambda: players.match(3, *PLAYERS.values(), games=2), "game"),
    raises("raw", "match from a string of starts", lambda: players.match(T, *PLAYERS.values(), starts="abc"),
           "starts"),
    raises("raw", "tournament of a list", lambda: players.tournament(T, list(PLAYERS.values())), "players"),
    raises("raw", "points of None", lambda: players.points(None), "points"),
    raises("raw", "points of a dict of numbers", lambda: players.points({"a": 3}), "MatchResult"),
    raises("raw", "weight_tournament of tic-tac-toe", lambda: players.weight_tournament(T, games=2), "Connect Four"),
    raises("raw", "distinct_moves of a number", lambda: census.distinct_moves(3, T.initial), "tic-tac-toe"),
    raises("raw", "positions from a string", lambda: census.positions(T, "X........"), "str"),
    raises("raw", "node_counts progress 3", lambda: experiments.node_counts(2, [1], progress=3), "progress"),
    raises("raw", "mean_by_depth of None", lambda: experiments.mean_by_depth(None), "rows"),
    raises("raw", "text_table of numbers", lambda: experiments.text_table([3]), "row 0"),
    raises("raw", "text_table of no columns", lambda: experiments.text_table([{"a": 1}], columns=[]), "columns"),
    raises("raw", "versus_theory of rows without a branching", lambda: experiments.versus_theory([{"depth": 2}]),
           "branching"),
    raises("raw", "compare_searches of a name, not a list",
           lambda: experiments.compare_searches(FIG_5_2, searches="minimax"), "searches"),
    raises("raw", "self_play from starts None", lambda: self_play(C4, PLAYERS["a"], None), "starts"),
    raises("raw", "reference_figures of numbers", lambda: engine_figures.reference_figures([3], nodes=100),
           "ReferencePosition"),
    raises("raw", "games_against_solver of strings", lambda: engine_figures.games_against_solver(["33"], nodes=100),
           "Opening"),
    raises("raw", "games_against_solver from a finished opening",
           lambda: engine_figures.games_against_solver([Opening("0101010", 1)], nodes=100), "over"),
    raises("raw", "sample of None", lambda: sample(None, 3), "positions"),
    raises("raw", "a reference position's illegal move", lambda: reference_set().positions[0].keeps(9), "move 9"),
    raises("raw", "engine's player given another game object",
           lambda: engine(C4, depth=2)(ConnectFour(), C4.initial), "another object"),
    gives("raw", "engine plays a TreeGame", lambda: engine(TreeGame([[1, -1], [0, 1]]), depth=2).search(()).move,
          lambda move: move == 1),
    gives("raw", "engine still plays a game that loops", lambda: engine(Looping(), nodes=1000).search(0).move,
          lambda move: move == 1),
]


SLOW_CASES = frozenset({
    "never ends: engine, a depth on a game that never ends",
})
"""The cases that take half a second or more: `make test` runs them, `make test-fast` leaves them out."""


@pytest.mark.parametrize("case", case_params(CASES, SLOW_CASES))
def test_bad_input_gets_a_clear_error(case: Case) -> None:
    problem = judge(case)
    assert problem is None, problem
