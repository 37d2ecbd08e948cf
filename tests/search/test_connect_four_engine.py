"""Tests for the engine's search on Connect Four's bitboards (minimax_lab.search.connect_four_engine),
its parity evaluation, its node budget, the reference set it is measured on and the figures measured
(minimax_lab.analysis.connect_four_reference, engine_figures). Nothing here depends on timing: the
engines search to a depth or within a number of nodes."""

import math
import re

import pytest

from minimax_lab import ConnectFour, TicTacToe
from minimax_lab.analysis.connect_four_reference import Opening, reference_set, sample
from minimax_lab.analysis.engine_figures import (
    ABLATIONS,
    ablation,
    budget_engine,
    games_against_solver,
    reference_figures,
)
from minimax_lab.heuristics.connect_four_evaluation import (
    PARITY_FEATURES,
    PARITY_WEIGHTS,
    ParityEvaluation,
    check_parity_weights,
)
from minimax_lab.search.connect_four_solver import ConnectFourSolver, score_plies
from minimax_lab.search.connect_four_engine import SCALE, ConnectFourSearch
from minimax_lab.search.engine import PARTS, WIN, engine
from devtools import bench
from devtools.bench import EngineRun, engine_figures
from test_connect_four_solver import random_positions

pytestmark = pytest.mark.slow  # plays Connect Four matches


def solver_value(game, state):
    """Return the exact value of `state` for MAX (X) as the engine writes it: WIN - plies to a win,
    -(WIN - plies) to a loss, 0 for a draw."""
    score = ConnectFourSolver(game).score(state)
    mover = 1 if state.to_move == "X" else -1
    if score == 0:
        return 0
    plies = score_plies(score, (state.x | state.o).bit_count(), game.width * game.height)
    return mover * math.copysign(WIN - plies, score)


def test_a_node_budget_makes_the_engine_deterministic_and_is_kept():
    game = ConnectFour()
    for state in random_positions(game, 4, seed=1, least=4):
        first, second = engine(game, nodes=4000).search(state), engine(game, nodes=4000).search(state)
        assert (first.move, first.value, first.pv, first.nodes) == (second.move, second.value, second.pv, second.nodes)
        assert first.nodes <= 4000 and first.move in state.moves


def test_the_principal_variation_is_a_legal_line_from_the_move():
    game = ConnectFour()
    state = game.play("3332")
    result = engine(game, depth=6).search(state)
    assert result.pv[0] == result.move and len(result.pv) >= 4
    game.play(result.pv, state)   # raises if a move of the line is illegal
    assert result.depth == 6 and -1 < result.value < 1 and not result.proven


def test_proven_values_are_the_solvers():
    small = ConnectFour(5, 4)
    for state in random_positions(small, 12, seed=2, least=6):
        if small.is_terminal(state):
            continue
        result = engine(small, depth=20).search(state)
        assert result.proven and result.value == solver_value(small, state), state
    game = ConnectFour()
    for state in random_positions(game, 12, seed=3, least=30):   # at most 12 squares empty: solved at once
        result = engine(game, depth=1).search(state)
        assert result.proven and result.value == solver_value(game, state), state


@pytest.mark.parametrize("part", [part for part in PARTS if part != "bitboards"] + ["bitboards"])
def test_each_part_can_be_switched_off_without_changing_a_proven_result(part):
    game = ConnectFour()
    for state in random_positions(game, 3, seed=4, least=28):
        result = engine(game, depth=14, without=[part]).search(state)
        assert result.proven and result.value == solver_value(game, state), (part, state)


def test_with_few_empty_squares_the_solver_settles_the_root():
    game, stored = ConnectFour(), reference_set()
    for position in [p for p in stored.positions if p.ply >= 24][::12]:
        state = position.state(game)
        result = engine(game, nodes=200_000).search(state)
        assert result.proven and position.optimal(result.move), position.moves
        assert result.value == solver_value(game, state)
        if position.outcome > 0:   # the exact scores of the winning moves settle it: a search to the end
            assert result.depth == 42 - position.ply and len(result.iterations) == 1
    drawn = next(p for p in stored.positions if p.ply == 20 and p.outcome == 0)
    result = engine(game, nodes=200_000).search(drawn.state(game))
    assert result.value == 0 and result.proven and drawn.keeps(result.move)


def test_a_search_stopped_in_the_middle_plays_the_best_move_it_found():
    game = ConnectFour()
    state = game.play("33")
    stopped = [result for result in (engine(game, nodes=nodes).search(state) for nodes in range(300, 3000, 150))
               if not result.iterations[-1].complete]
    assert stopped
    for result in stopped:
        last, finished = result.iterations[-1], result.iterations[-2]
        assert result.move == last.move and result.depth == finished.depth == last.depth - 1


def test_parts_named_wrongly_or_where_the_engine_has_none_are_refused():
    with pytest.raises(ValueError, match=re.escape("without names parts the engine does not have: ['wings']")):
        engine(ConnectFour(), without=["wings"])
    with pytest.raises(ValueError, match="which this engine does not run"):
        engine(TicTacToe(), without=["solver"])
    with pytest.raises(ValueError, match="without must be a list of names"):
        engine(ConnectFour(), without="solver")
    with pytest.raises(ValueError, match="nodes must be a whole number >= 1, got 0"):
        engine(ConnectFour(), nodes=0)
    assert repr(engine(ConnectFour(), nodes=10, without=["parity"])) == (
        "engine(ConnectFour(7, 6), nodes=10, without=['parity'])")


def test_tic_tac_toe_and_a_given_evaluation_run_the_general_search():
    assert engine(TicTacToe(), depth=9).bitboards is None
    game = ConnectFour()
    assert engine(game, depth=2, evaluate=game.evaluate).bitboards is None
    assert engine(game, depth=2).bitboards is not None


def test_the_parity_evaluation_counts_threats_by_row_and_stays_inside_minus_one_one():
    game = ConnectFour()
    evaluate = ParityEvaluation(game)
    counts = dict(zip(PARITY_FEATURES, evaluate.counts(*(lambda s: (s.x, s.o, s.to_move == "X"))(game.play("0220300")))))
    assert counts["X's odd threats"] == 1 and counts["X has an odd threat"] == 1 and counts["O's even threats"] == 0
    for state in random_positions(game, 200, seed=5):
        assert -1 < evaluate(state) < 1
    assert check_parity_weights(PARITY_WEIGHTS) == PARITY_WEIGHTS
    with pytest.raises(ValueError, match="must be a whole number"):
        check_parity_weights({name: 1.5 for name in PARITY_FEATURES})
    with pytest.raises(ValueError, match="a whole number for each of"):
        check_parity_weights({"centre": 1})


def test_the_stored_reference_set_is_what_it_says():
    game, stored = ConnectFour(), reference_set()
    assert len(stored.positions) == 360 and {p.ply for p in stored.positions} == set(range(12, 30))
    for position in stored.positions:
        state = position.state(game)
        assert not game.noisy_actions(state) and set(position.outcomes) == set(state.moves)
        assert position.outcome >= 0 and len(set(position.outcomes.values())) > 1
        assert set(position.scores) == ({m for m, v in position.outcomes.items() if v > 0} if position.outcome > 0
                                        else set())
    for position in stored.positions[-3:]:   # solved again: the same outcomes and scores
        solver, state = ConnectFourSolver(game), position.state(game)
        scores = solver.move_scores(state)
        assert {m: (s > 0) - (s < 0) for m, s in scores.items()} == position.outcomes
        assert {m: s for m, s in scores.items() if s > 0} == position.scores
    assert sorted(o.outcome for o in stored.openings) == [0] * 20 + [1] * 20
    assert all(len(o.moves) == 10 and not game.noisy_actions(game.play(o.moves)) for o in stored.openings)


def test_the_figures_on_the_reference_set_add_up():
    positions = sample(reference_set().positions, 4)
    figures = reference_figures(positions, nodes=1500)
    assert figures.positions == 4 and figures.optimal <= figures.kept <= 4 and figures.nodes <= 4 * 1500
    assert figures.plies(12, 29) == (4, figures.kept, figures.optimal)
    rows = ablation(positions[-2:], nodes=800)
    assert [row["engine"] for row in rows] == [name for name, _ in ABLATIONS]


def test_late_won_and_drawn_openings_against_the_solver_end_as_they_should():
    late = [p for p in reference_set().positions if p.ply == 29]
    won = next(p for p in late if p.outcome > 0)
    drawn = next(p for p in late if p.outcome == 0)
    records = games_against_solver([Opening(won.moves, 1), Opening(drawn.moves, 0)], nodes=50_000)
    assert [r.result for r in records] == [1, 0] and all(r.plies > 0 for r in records)


def test_the_bench_prints_the_engine_figures(capsys, monkeypatch):
    monkeypatch.setattr(bench, "SOLVER_POSITIONS", 1)  # the bench times six, in plain Python too: seconds
    engine_figures(EngineRun(positions=2, nodes=500, seconds=None, games=0, ablation=0, wins=0))
    out = capsys.readouterr().out
    assert "reference set: 360 quiet positions" in out and "500 nodes" in out
    assert "exact solver on 1 reference positions of plies 12-15" in out


@pytest.mark.parametrize("without", [[], ["parity"]])
def test_the_bitboard_horizon_is_the_engines_evaluation_for_the_side_to_move(without):
    game = ConnectFour()
    player = engine(game, depth=1, without=without)
    search = player.bitboards
    for state in random_positions(game, 60, seed=6):
        if game.is_terminal(state):
            continue
        mine, mask = (state.x if state.to_move == "X" else state.o), state.x | state.o
        theirs = mine ^ mask
        guess = search.guess(mine, mask, mask.bit_count(), search.bits.threats(mine, mask),
                             search.bits.threats(theirs, mask))
        for_mover = player.evaluate(state) if state.to_move == "X" else -player.evaluate(state)
        assert abs(guess / SCALE - for_mover) <= 1 / SCALE, state


def test_the_ablation_table_is_the_same_each_run_and_each_row_measures_its_engine():
    positions = reference_set().at_plies(16, 17)[::10]
    first, second = (ablation(positions, nodes=1000) for _ in range(2))
    assert [{k: v for k, v in row.items() if k != "nodes/s"} for row in first] == [
        {k: v for k, v in row.items() if k != "nodes/s"} for row in second]   # only the speed depends on the machine
    for row, (name, without) in zip(first, ABLATIONS):
        figures = reference_figures(positions, nodes=1000, without=without)
        assert row["engine"] == name and row["median depth"] == figures.median_depth
        assert (row["keeps result"], row["optimal"]) == (f"{figures.kept_rate:.1%}", f"{figures.optimal_rate:.1%}")
    assert budget_engine(ConnectFour(), nodes=10, without=ABLATIONS[-1][1]).bitboards is None
    with pytest.raises(ValueError, match="give the engine's budget as seconds or as nodes"):
        budget_engine(ConnectFour())


def test_moves_the_solver_proves_worse_at_the_root_are_not_searched_again():
    # A drawn reference position of ply 18 where only columns 1 and 2 hold the draw: the solver settles
    # the outcome of each move, but not the exact scores, and the iterations then search only 1 and 2.
    game = ConnectFour()
    position = next(p for p in reference_set().positions if p.moves == "642221343332544433")
    assert {m for m, outcome in position.outcomes.items() if outcome == 0} == {1, 2}
    result = engine(game, nodes=120_000).search(position.state(game))
    assert len(result.iterations) > 1 and {it.move for it in result.iterations} <= {1, 2}
    assert result.move in (1, 2) and result.value == 0 and result.proven


@pytest.mark.parametrize("check, sign", [("loses", -1), ("wins", 1)])
def test_the_loss_and_win_checks_say_what_the_solver_does(check, sign):
    # loses(...) is True exactly for the moves the solver says lose, wins(...) for those that win
    game = ConnectFour()
    search = ConnectFourSearch(game, WIN)
    for position in [p for p in reference_set().positions if p.ply >= 24][::6]:
        state = position.state(game)
        mine, mask = (state.x if state.to_move == "X" else state.o), state.x | state.o
        search.limit(math.inf, math.inf)
        for move, outcome in position.outcomes.items():
            said = getattr(search, check)(mine, mask, move, budget=(math.inf, math.inf))
            assert said is (outcome * sign > 0), (check, position.moves, move)


def test_the_loss_check_says_none_when_its_budget_does_not_settle_it_and_counts_its_nodes():
    game = ConnectFour()
    search = ConnectFourSearch(game, WIN)
    state = game.play("5534333354")   # a drawn opening: proving that column 3 loses takes over a million nodes
    search.limit(math.inf, math.inf)
    assert search.loses(state.x, state.x | state.o, 3, budget=(5_000, math.inf)) is None
    assert 5_000 <= search.nodes < 5_000 + 1024


def test_a_move_the_check_proves_losing_is_dropped_and_the_budget_kept():
    # A drawn opening of ply 10 where the search alone, at 500,000 nodes, prefers column 2, which loses
    # to perfect play: the check proves it and the engine plays a move that keeps the draw.
    game = ConnectFour()
    state = game.play("4631423321")
    search = ConnectFourSearch(game, WIN)
    search.limit(math.inf, math.inf)
    mine, mask = state.x if state.to_move == "X" else state.o, state.x | state.o
    result = engine(game, nodes=500_000).search(state)
    assert result.nodes <= 500_000
    assert search.loses(mine, mask, result.move, budget=(math.inf, math.inf)) is False
    unchecked = engine(game, nodes=500_000)
    unchecked.verifies = lambda state: False
    assert search.loses(mine, mask, unchecked.search(state).move, budget=(math.inf, math.inf)) is True


def test_the_check_runs_from_ply_10_with_a_budget_large_enough_to_settle_it():
    game = ConnectFour()
    opening, earlier = game.play("4631423321"), game.play("46314233")
    assert engine(game, nodes=500_000).verifies(opening) and engine(game, seconds=1).verifies(opening)
    assert not engine(game, nodes=500_000).verifies(earlier)             # ply 8: too far from the end
    assert not engine(game, nodes=120_000).verifies(opening)             # too small a budget to settle it
    assert not engine(game, nodes=4_000).verifies(opening)               # too small a budget to settle it
    assert not engine(game, seconds=0.1).verifies(opening)
    assert not engine(game, depth=6).verifies(opening)                   # no budget: a fixed depth
    assert not engine(game, nodes=500_000, without=["solver"]).verifies(opening)


def test_a_win_the_search_misses_is_found_by_the_solver_and_played():
    # A won opening of ply 12 where columns 1, 2 and 6 win: the search alone prefers column 3 (a
    # draw); asked first whether a move wins, the solver proves one, and the engine plays it with
    # its exact score (at 2,000,000 nodes a move: WIN_SHARE of that is enough for the proof, some
    # 77,000 nodes, of the first winning move it tries).
    game = ConnectFour()
    state = game.play("164333334410")
    scores = ConnectFourSolver(game).move_scores(state, exact=False)
    winning = {move for move, outcome in scores.items() if outcome > 0}
    assert winning == {1, 2, 6}
    result = engine(game, nodes=2_000_000).search(state)
    assert result.move in winning and result.proven and result.value > 1 and result.nodes <= 2_000_000
    unprobed = engine(game, nodes=2_000_000)
    unprobed.winning_move = lambda state, moves: None
    assert unprobed.search(state).move == 3 and scores[3] == 0
