"""Tests for minimax_lab.search.solve: exact on every tic-tac-toe position (against minimax), within the
node bound from the empty board, a principal variation that holds the value, and other games."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from minimax_lab import (
    ConnectFour,
    Killers,
    Nim,
    SearchResult,
    TicTacToe,
    TranspositionTable,
    TreeGame,
    alphabeta,
    best_first,
    bouton_wins,
    exact_values,
    minimax,
    random_tree,
    solve,
)

AIMA = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]  # AIMA 4th ed., Fig. 5.2


@pytest.fixture(scope="module")
def tictactoe():
    game = TicTacToe()
    return game, exact_values(game)


def test_empty_board_within_the_node_bound(tictactoe):
    game, _ = tictactoe
    result = solve(game)
    print(f"solve visits {result.nodes} nodes ({result.leaves} leaves) from the empty board")
    assert result.nodes <= 2000                # easyAI's negamax with its table: 5,453
    assert (result.value, result.nodes, result.leaves) == (0, 1717, 519)
    assert solve(game) == result               # deterministic


@pytest.mark.slow
def test_exact_on_every_tictactoe_position(tictactoe):
    game, values = tictactoe
    assert len(values) == 5478
    for state in values:
        result = solve(game, state)
        assert result.value == values[state], state
        line, end = result.pv, state             # the PV plays out to the end, holding the value
        for move in line:
            end = game.result(end, move)
            assert values[end] == values[state], (state, line)
        assert game.is_terminal(end) and (result.move == (line[0] if line else None))


def test_exact_values_agree_with_minimax_on_samples(tictactoe):
    game, values = tictactoe
    for board in ("X........", "XO.......", "X...O...X", "XOX.O....", "XX.OO...."):
        state = game.state(board)
        assert values[state] == minimax(game, state).value == solve(game, state).value


def test_values_are_from_the_first_players_point_of_view(tictactoe):
    game, _ = tictactoe
    o_wins_next = game.state("XX.OO.X..")    # O to move, wins at 5
    assert game.to_move(o_wins_next) == "O"
    result = solve(game, o_wins_next)
    assert (result.value, result.move) == (-1, 5)


@settings(max_examples=80, deadline=None, database=None)
@given(st.integers(1, 4), st.integers(1, 5), st.integers(0, 10 ** 6), st.booleans(), st.booleans())
def test_trees_agree_with_minimax(branching, depth, seed, ragged, min_first):
    tree = random_tree(branching, depth, seed=seed, ragged=ragged)
    game = TreeGame(tree, first="MIN" if min_first else "MAX")
    reference = minimax(game)
    result = solve(game)
    assert result.value == reference.value
    leaf = game.initial
    for move in result.pv:
        leaf = game.result(leaf, move)
    assert game.is_terminal(leaf) and game.utility(leaf, "MAX") == reference.value


def test_aima_figure():
    # wins_first orders leaves by value, so at each MIN node the lowest leaf comes first: 5 leaves
    assert solve(AIMA) == alphabeta(AIMA, order=best_first) == SearchResult(3, 0, (0, 0), 9, 5)


@pytest.mark.slow
def test_other_games():
    four = ConnectFour(4, 4)
    assert solve(four).value == alphabeta(four).value == 0
    for heaps in ([1, 2, 3], [3, 4, 5], [2, 2], [1, 1, 1]):
        nim = Nim(heaps)
        assert solve(nim).value == (1 if bouton_wins(heaps) else -1)


def test_order_and_table_can_be_given(tictactoe):
    game, values = tictactoe
    table = TranspositionTable()
    result = solve(game, order=Killers(), table=table)
    assert result.value == 0 and len(table) > 0 and table.pv(game, game.initial) == result.pv
    assert solve(game, game.state("X...O...."), order=lambda g, s, a, p: a).value == 0
