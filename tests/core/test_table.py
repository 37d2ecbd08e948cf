"""Tests for minimax_lab.core.table: bound flags, probing, the principal variation, and the naive table
shown wrong (by computation) on tic-tac-toe while the bounded table is right on every position."""

import pytest

from minimax_lab import (
    EXACT,
    INF,
    LOWER,
    UPPER,
    NaiveTable,
    TicTacToe,
    TranspositionTable,
    TreeGame,
    exact_values,
    solve,
)
from minimax_lab.core.table import bound_flag


@pytest.fixture(scope="module")
def tictactoe():
    game = TicTacToe()
    return game, exact_values(game)


def test_bound_flag():
    assert [bound_flag(v, 0, 2) for v in (-1, 0, 1, 2, 3)] == [UPPER, UPPER, EXACT, LOWER, LOWER]


def test_probe_uses_only_values_that_settle_the_window():
    table = TranspositionTable()
    table.store("exact", 1, alpha=0, beta=2)
    table.store("lower", 5, alpha=0, beta=5)
    table.store("upper", 0, alpha=0, beta=5)
    assert table.get("exact").flag == EXACT and table.probe("exact", -9, 9) == 1
    assert table.probe("lower", 0, 5) == 5 and table.probe("lower", 0, 4) == 5
    assert table.probe("lower", 0, 6) is None          # at least 5 does not settle (0, 6)
    assert table.probe("upper", 0, 3) == 0 and table.probe("upper", 1, 3) == 0
    assert table.probe("upper", -1, 3) is None         # at most 0 does not settle (-1, 3)
    assert table.probe("missing", 0, 1) is None and len(table) == 3


def test_probe_needs_a_deep_enough_entry():
    table = TranspositionTable()
    table.store("s", 3, alpha=0, beta=9, depth=2, move="a")
    assert table.probe("s", 0, 9, depth=2) == 3 and table.probe("s", 0, 9, depth=3) is None
    assert table.move("s") == "a" and table.move("t") is None


def test_naive_table_ignores_the_window():
    table = NaiveTable()
    table.store("s", 5, alpha=5, beta=9)   # only an upper bound...
    assert table.get("s").flag == EXACT    # ...stored as exact
    assert table.probe("s", 0, 9) == 5


def test_pv_follows_exact_entries(tictactoe):
    game, values = tictactoe
    table = TranspositionTable()
    result = solve(game, table=table)
    assert table.pv(game, game.initial) == result.pv and len(result.pv) == 9
    assert table.get(game.initial).flag == EXACT


@pytest.mark.slow
def test_naive_table_gives_wrong_values_on_tictactoe(tictactoe):
    game, values = tictactoe
    wrong = [state for state in values if solve(game, state, table=NaiveTable()).value != values[state]]
    print(f"the naive table is wrong in {len(wrong)} of {len(values)} positions, e.g. {wrong[0]!r}")
    assert len(wrong) == 24
    x_in_a_corner = game.state("......X..")
    assert x_in_a_corner in wrong
    assert values[x_in_a_corner] == 0 and solve(game, x_in_a_corner, table=NaiveTable()).value == 1
    assert solve(game, x_in_a_corner).value == 0


@pytest.mark.slow
def test_bounded_table_is_right_everywhere(tictactoe):
    game, values = tictactoe
    assert all(solve(game, state, table=TranspositionTable()).value == values[state] for state in values)


def test_a_table_is_tied_to_its_game():
    table = TranspositionTable()
    first, second = TreeGame([[3, 12, 8], [2, 4, 6], [14, 5, 2]]), TreeGame([[1, 2], [3, 4]])
    assert solve(first, table=table).value == 3
    assert solve(first, table=table).value == 3          # the same game again is fine
    with pytest.raises(ValueError, match=r"this table holds positions of TreeGame\(\[\[3, 12, 8\].*"
                                         r"use a new TranspositionTable for TreeGame\(\[\[1, 2\]"):
        solve(second, table=table)
    assert solve(second).value == 3                      # a fresh table gives the right value


def test_infinite_values_are_exact():
    assert bound_flag(INF, -INF, INF) == bound_flag(-INF, -INF, INF) == EXACT
    assert bound_flag(INF, 0, 5) == EXACT and bound_flag(-INF, 0, 5) == EXACT
