"""Tests for minimax_lab.search.connect_four_solver and the bitboards it searches with
(minimax_lab.heuristics.connect_four_bits): Tromp's results on small boards, exact scores against a
plain negamax that tries every move, the moves it never searches, and its budget."""

import gc
import random
import weakref
from functools import cache

import pytest

from minimax_lab import ConnectFour, solve
from minimax_lab.heuristics.connect_four import threats_then_centre
from minimax_lab.search.connect_four_solver import (
    ConnectFourSolver,
    OutOfNodes,
    Slots,
    negamax,
    perfect_move,
    score_plies,
    solver_player,
)

# John Tromp's results of perfect play on small boards (width x height), for the first player; the
# course's lesson on tic-tac-toe and small boards shows the same three (0: a draw).
TROMP = {(4, 4): 0, (5, 4): 0, (4, 5): 0}


def plain_scores(game):
    """Return score(state): the exact score by a plain negamax over every move, memoised (the
    solver's definition: +k when the player to move wins with their k-th last stone counted as
    (squares + 2 - stones on the board after the win) // 2, 0 for a draw)."""
    squares = game.width * game.height

    @cache
    def score(state):
        best = None
        for move in state.moves:
            child = game.result(state, move)
            stones = (child.x | child.o).bit_count()
            value = (squares + 2 - stones) // 2 if child.winner else 0 if not child.moves else -score(child)
            best = value if best is None else max(best, value)
        return best

    return score


def random_positions(game, count, seed, least=0):
    """Return `count` unfinished positions of random games (seeded), at least `least` moves in."""
    rng, found = random.Random(seed), []
    while len(found) < count:
        state = game.initial
        for _ in range(rng.randrange(least, game.width * game.height)):
            if not state.moves:
                break
            state = game.result(state, rng.choice(state.moves))
        if state.moves:
            found.append(state)
    return found


@pytest.mark.parametrize("size", sorted(TROMP))
def test_small_boards_agree_with_tromps_table(size):
    game = ConnectFour(*size)
    solver = ConnectFourSolver(game)
    assert solver.outcome(game.initial) == TROMP[size]
    assert solver.score(game.initial) == TROMP[size]


@pytest.mark.slow
@pytest.mark.parametrize("size, count, least", [((4, 4), 60, 5), ((5, 4), 30, 10), ((5, 3), 40, 4)])
def test_exact_scores_agree_with_plain_negamax_and_outcomes_with_solve(size, count, least):
    game = ConnectFour(*size)
    plain, solver = plain_scores(game), ConnectFourSolver(game)
    for state in random_positions(game, count, seed=sum(size), least=least):
        score = plain(state)
        assert solver.score(state) == score, state
        assert solver.outcome(state) == (score > 0) - (score < 0), state
        for move, value in solver.move_scores(state).items():
            child = game.result(state, move)
            expected = (-plain(child) if child.moves else
                        (game.width * game.height + 1 - (state.x | state.o).bit_count()) // 2 if child.winner else 0)
            assert value == expected, (state, move)
    for state in random_positions(game, 5, seed=1, least=least + 3):   # solve (lesson 4) values positions for X
        mover = 1 if state.to_move == "X" else -1
        assert solve(game, state, order=threats_then_centre).value == mover * solver.outcome(state)


def test_a_perfect_line_ends_when_the_score_says():
    game = ConnectFour(4, 4)
    solver = ConnectFourSolver(game)
    squares = game.width * game.height
    checked = 0
    for state in random_positions(game, 100, seed=3):
        score = solver.score(state)
        if score == 0:
            continue
        plies, mover, line = score_plies(score, (state.x | state.o).bit_count(), squares), state.to_move, state
        for _ in range(plies):
            line = game.result(line, perfect_move(solver, line))
        assert line.winner == (mover if score > 0 else ("O" if mover == "X" else "X")), state
        checked += 1
    assert checked >= 20


def test_no_move_that_hands_the_opponent_a_win_is_searched_while_another_exists():
    game = ConnectFour()
    bits = game.bits
    for state in random_positions(game, 300, seed=5):
        mine, mask = (state.x if state.to_move == "X" else state.o), state.x | state.o
        if game.winning_moves(state):
            continue
        safe = bits.safe_moves(mine, mask)
        columns = [c for c in state.moves if safe & game.column_mask(c)]
        losing = [c for c in state.moves if game.winning_moves(game.result(state, c))]
        assert set(columns) == set(state.moves) - set(losing)


def test_above_is_every_square_higher_in_the_column():
    game = ConnectFour(7, 6)
    bits, rng = game.bits, random.Random(0)
    for _ in range(200):
        squares = sum(1 << (c * 7 + r) for c in range(7) for r in range(6) if rng.random() < 0.1)
        expected = sum(1 << (c * 7 + r) for c in range(7) for r in range(6)
                       if any(squares >> (c * 7 + below) & 1 for below in range(r)))
        assert bits.above(squares) == expected


def test_a_node_budget_stops_the_solver_and_the_tables_make_a_second_solve_cheaper():
    game = ConnectFour(4, 4)
    solver = ConnectFourSolver(game)
    with pytest.raises(OutOfNodes):
        solver.score(game.initial, nodes=100)
    assert solver.nodes == 100
    fresh = ConnectFourSolver(game)
    fresh.score(game.initial)
    first = fresh.nodes
    assert fresh.score(game.initial) == 0 and fresh.nodes < first / 10


def test_the_perfect_player_keeps_a_win_and_refuses_other_games():
    game = ConnectFour(4, 4)
    player = solver_player(game)
    assert player(game, game.play("001122")) == 3
    with pytest.raises(ValueError, match="this player plays"):
        player(ConnectFour(4, 4), game.initial)
    with pytest.raises(ValueError, match="the game is over"):
        ConnectFourSolver(game).score(game.play("0101010"))
    with pytest.raises(TypeError, match="solves Connect Four"):
        ConnectFourSolver("tic-tac-toe")


def test_score_plies():
    assert [score_plies(s, 0, 42) for s in (21, 20, 1, -21, -1)] == [1, 3, 41, 2, 42]
    with pytest.raises(ValueError, match="a draw"):
        score_plies(0, 10, 42)


@pytest.mark.parametrize("size, moves", [((4, 4), ""), ((5, 4), "2"), ((7, 6), "153464335611516"),
                                         ((7, 6), "66641622665042413"), ((7, 6), "053160266006053652426")])
@pytest.mark.slow
def test_the_compiled_solver_visits_the_same_nodes_as_the_plain_function(size, moves):
    pytest.importorskip("numba")
    game = ConnectFour(*size)
    compiled, plain = ConnectFourSolver(game), ConnectFourSolver(game, compiled=False)
    assert compiled.search.run is not negamax and plain.search.run is negamax
    assert isinstance(plain.table, Slots) and isinstance(plain.prepare().budget, list)
    state = game.play(moves)
    for exact in (True, False):
        for solver in (compiled, plain):
            solver.clear()
        assert compiled.move_scores(state, exact=exact, nodes=400_000) == plain.move_scores(state, exact=exact,
                                                                                            nodes=400_000)
        assert compiled.nodes == plain.nodes > 0


def test_a_board_too_large_for_51_bits_is_solved_by_the_plain_function():
    game = ConnectFour(8, 8)   # 8 columns of 9 bits
    solver = ConnectFourSolver(game)
    assert solver.search.run is negamax and isinstance(solver.table, Slots)
    assert solver.score(game.play("001122"), nodes=10_000) == 29   # X wins at once with its 4th stone


def test_a_solver_stopped_by_its_budget_keeps_no_reference_to_its_table():
    # numba's compiled code, raising an exception, would keep a reference to every array it was
    # given: a stopped search returns instead, and the solver raises OutOfNodes itself.
    game = ConnectFour()
    solver = ConnectFourSolver(game)
    state = game.play("4631423321")
    for _ in range(3):
        with pytest.raises(OutOfNodes):
            solver.outcome(state, nodes=2_000)
    assert solver.nodes == 2_000
    table = weakref.ref(solver.table) if not isinstance(solver.table, Slots) else None
    del solver
    gc.collect()
    assert table is None or table() is None
