"""Tests for minimax_lab.heuristics.connect_four: the rules, checked against a plain list-of-columns
reference, and the values of small boards."""

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from minimax_lab import ConnectFour, ConnectFourState, Game, alphabeta, minimax
from minimax_lab.heuristics.connect_four import threats_then_centre
from minimax_lab.search.solve import solve

# John Tromp's table of Connect Four on small boards (width x height), first player's result with
# perfect play: all three of these are draws. (6x4 is a win for the second player: see the bench.)
TROMP = {(4, 4): 0, (5, 4): 0, (4, 5): 0}


# --- a plain reference implementation (columns as lists, lines scanned one by one) -------------

def reference_winner(columns, width, height):
    """Return 'X' or 'O' if that player has four in a line on the board, else None."""
    def at(c, r):
        return columns[c][r] if 0 <= c < width and 0 <= r < len(columns[c]) else None
    for c in range(width):
        for r in range(height):
            mark = at(c, r)
            if mark is None:
                continue
            for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
                if all(at(c + k * dc, r + k * dr) == mark for k in range(4)):
                    return mark
    return None


def reference_play(width, height, moves):
    """Play `moves` by the plain rules; return (columns, winner, game over)."""
    columns = [[] for _ in range(width)]
    winner = None
    for i, c in enumerate(moves):
        assert winner is None and len(columns[c]) < height
        columns[c].append("X" if i % 2 == 0 else "O")
        winner = reference_winner(columns, width, height)
    return columns, winner, winner is not None or all(len(col) == height for col in columns)


@st.composite
def games(draw):
    """A board size and a random legal game on it, possibly unfinished."""
    width, height = draw(st.integers(1, 8)), draw(st.integers(1, 7))
    columns, moves, winner = [0] * width, [], None
    for _ in range(draw(st.integers(0, width * height))):
        legal = [c for c in range(width) if columns[c] < height]
        if winner is not None or not legal:
            break
        c = draw(st.sampled_from(legal))
        columns[c] += 1
        moves.append(c)
        winner = reference_play(width, height, moves)[1]
    return width, height, moves


@settings(max_examples=300, deadline=None)
@given(games())
@pytest.mark.slow
def test_bitboard_rules_agree_with_the_reference(case):
    width, height, moves = case
    game = ConnectFour(width, height)
    state = game.play(moves)
    columns, winner, over = reference_play(width, height, moves)
    assert state.winner == winner
    assert game.is_terminal(state) == over
    legal = () if over else tuple(c for c in range(width) if len(columns[c]) < height)
    assert game.actions(state) == legal
    assert game.to_move(state) == ("X" if len(moves) % 2 == 0 else "O")
    assert game.heights(state) == tuple(len(col) for col in columns)
    for c in range(width):
        for r in range(height):
            assert game.cell(state, c, r) == (columns[c][r] if r < len(columns[c]) else None)
    expected = 0 if winner is None else (1 if winner == "X" else -1)
    if over:
        assert (game.utility(state, "X"), game.utility(state, "O")) == (expected, -expected)


# --- the rules by example ----------------------------------------------------------------------

def test_protocol_and_initial_state():
    game = ConnectFour()
    assert isinstance(game, Game)
    assert (game.width, game.height, game.max_player) == (7, 6, "X")
    assert game.actions(game.initial) == (0, 1, 2, 3, 4, 5, 6)
    assert game.to_move(game.initial) == "X" and not game.is_terminal(game.initial)
    assert repr(game) == "ConnectFour(7, 6)"


def test_states_are_immutable_and_hashable():
    game = ConnectFour(4, 4)
    a, b = game.play("0213"), game.play([1, 2, 0, 3])
    assert a == b and hash(a) == hash(b) and len({a, b}) == 1   # transpositions meet
    assert a != game.play("0123")
    with pytest.raises(AttributeError, match="cannot assign to field"):
        a.x = 0
    assert isinstance(a, ConnectFourState) and repr(a).startswith("ConnectFourState(x=")


def test_gravity():
    game = ConnectFour(4, 4)
    state = game.play("2212")
    assert game.show(state) == ". . . .\n. . O .\n. . O .\n. X X ."
    assert game.heights(state) == (0, 1, 3, 0)


def test_show_and_cell():
    game = ConnectFour(3, 2)
    state = game.play("0012")
    assert game.show(state) == "O . .\nX X O"
    assert (game.cell(state, 0, 0), game.cell(state, 0, 1), game.cell(state, 1, 1)) == ("X", "O", None)
    with pytest.raises(ValueError, match=r"square \(3, 0\) is off the 3 x 2 board"):
        game.cell(state, 3, 0)


@pytest.mark.parametrize("moves, winner", [
    ("0101010", "X"),          # a column
    ("0415263", "X"),          # a row
    ("01122323363", "X"),      # the diagonal rising to the right, (0, 0) to (3, 3)
    ("65544343303", "X"),      # the diagonal rising to the left, (6, 0) to (3, 3)
    ("60101010", "O"),         # O's column
])
def test_four_in_a_line_wins(moves, winner):
    game = ConnectFour(7, 6)
    state = game.play(moves)
    assert state.winner == winner == reference_play(7, 6, [int(m) for m in moves])[1]
    assert game.is_terminal(state) and game.actions(state) == ()
    value = 1 if winner == "X" else -1
    assert game.utility(state, "X") == value and game.utility(state, "O") == -value
    before_last = game.play(moves[:-1])
    assert before_last.winner is None and game.winning_moves(before_last) == [int(moves[-1])]


def test_three_in_a_line_does_not_win():
    game = ConnectFour(4, 4)
    state = game.play("01020")
    assert state.winner is None and not game.is_terminal(state)


def test_lines_do_not_wrap_between_columns():
    # X's two stones on top of column 0 and two at the bottom of column 1 would be four bits in a
    # row without the spare bit on top of each column.
    game = ConnectFour(2, 4)
    state = game.play("10100101")
    assert game.show(state) == "X O\nX O\nO X\nO X" and state.winner is None
    assert game.is_terminal(state) and game.utility(state, "X") == 0


def test_full_board_without_four_is_a_draw():
    game = ConnectFour(4, 4)
    state = game.play("3210200033123121")
    assert game.show(state) == "O O X X\nX O O O\nO X X X\nO X O X"
    assert state.winner is None and game.is_terminal(state) and game.actions(state) == ()
    assert game.utility(state, "X") == game.utility(state, "O") == 0


def test_illegal_moves_say_why():
    game = ConnectFour(4, 2)
    state = game.play("00")
    with pytest.raises(ValueError, match=r"illegal move 0: column 0 is full \(legal: \[1, 2, 3\]\)"):
        game.result(state, 0)
    for bad in (4, -1, "1", 1.0, True, None):
        with pytest.raises(ValueError, match=r"illegal move .*columns are 0\.\.3"):
            game.result(state, bad)
    won = ConnectFour(4, 4).play("0101010")
    with pytest.raises(ValueError, match="the game is over"):
        ConnectFour(4, 4).result(won, 2)
    with pytest.raises(ValueError, match="move 3 of '000': illegal move 0: column 0 is full"):
        game.play("000")


def test_bad_sizes_are_refused():
    for width, height in ((0, 4), (4, 0), (17, 4), (4.0, 4)):
        with pytest.raises(ValueError, match="must be a whole number from 1 to 16"):
            ConnectFour(width, height)


def test_full_standard_board_without_four_is_a_draw():
    game = ConnectFour()
    state = game.play("436014551150160155104632660465204242223333")
    assert state.winner is None and game.is_terminal(state) and game.heights(state) == (6,) * 7
    assert game.utility(state, "X") == 0


def test_result_leaves_the_state_unchanged():
    game = ConnectFour(4, 4)
    state = game.play("01")
    before = (state.x, state.o, state.moves)
    game.result(state, 2)
    assert (state.x, state.o, state.moves) == before


# --- move ordering ------------------------------------------------------------------------------

def test_ordered_actions_win_then_block_then_centre_first():
    game = ConnectFour(7, 6)
    assert game.ordered_actions(game.initial) == (3, 2, 4, 1, 5, 0, 6)
    assert ConnectFour(4, 4).ordered_actions(ConnectFour(4, 4).initial) == (1, 2, 0, 3)
    quiet = game.play("0606")         # nobody threatens anything yet: centre first
    assert game.ordered_actions(quiet) == (3, 2, 4, 1, 5, 0, 6)
    block = game.play("06060")        # O to move: X threatens to complete column 0
    assert game.winning_moves(block, for_opponent=True) == [0]
    assert game.ordered_actions(block)[0] == 0
    win = game.play("060606")         # X to move and can complete column 0 (and O column 6)
    assert game.winning_moves(win) == [0] and game.ordered_actions(win)[0] == 0
    assert game.winning_moves(win, for_opponent=True) == [6]
    assert sorted(game.ordered_actions(win)) == list(game.actions(win))


# --- values by search ---------------------------------------------------------------------------

def test_tiny_boards_are_draws_by_minimax_and_alphabeta():
    assert minimax(ConnectFour(3, 3)).value == 0          # no line of four fits
    assert minimax(ConnectFour(3, 3)).leaves == 1680      # 9! / (3! 3! 3!) orders of filling
    assert alphabeta(ConnectFour(4, 3)).value == 0
    assert alphabeta(ConnectFour(3, 4)).value == 0


def test_positions_with_a_forced_win():
    game = ConnectFour(4, 4)
    state = game.play("001122")              # X to move has 0, 1, 2 on the bottom row
    result = alphabeta(game, state)
    assert result.value == 1 and result.move == 3 and result.pv == (3,)
    assert minimax(game, state).value == 1
    blocked = game.play("0011223")           # X took the win: no moves remain
    assert game.is_terminal(blocked) and blocked.winner == "X"


def test_alphabeta_with_the_games_ordering_agrees():
    game = ConnectFour(4, 3)
    plain, ordered = alphabeta(game), alphabeta(game, order=threats_then_centre)
    assert plain.value == ordered.value == 0 and ordered.nodes < plain.nodes


@pytest.mark.slow  # seconds alone: make test runs it, make test-fast does not
def test_positions_of_a_small_board_are_counted_exactly():
    # Every position reachable on the 4 x 3 board, and on the 4 x 4 board (Tromp counts 161,029).
    def count(game):
        level, total = {game.initial}, 1
        while level:
            level = {game.result(s, a) for s in level for a in game.actions(s)}
            total += len(level)
        return total
    assert count(ConnectFour(4, 3)) == 12_031
    assert count(ConnectFour(4, 4)) == 161_029


@pytest.mark.slow  # seconds alone: make test runs it, make test-fast does not
@pytest.mark.parametrize("size", sorted(TROMP))
def test_small_boards_agree_with_tromps_table(size):
    game = ConnectFour(*size)
    result = solve(game, order=threats_then_centre)
    assert result.value == TROMP[size]
    assert result.pv[0] == result.move and game.play(result.pv) is not None   # a legal line


def test_solve_with_its_default_ordering_on_4x4():
    assert solve(ConnectFour(4, 4)).value == 0


# --- start states of the wrong kind ------------------------------------------------------------

@pytest.mark.parametrize("state, error, message", [
    ("3344", TypeError, "ConnectFour(4, 4): '3344' is a str, not a ConnectFourState: build one with game.play(...)"),
    (7, TypeError, "ConnectFour(4, 4): 7 is an int, not a ConnectFourState"),
    (ConnectFour().play("6"), ValueError,
     "ConnectFour(4, 4): this state has stones outside the 4 x 4 board (it belongs to a game of another size?)"),
    (ConnectFourState(0b10, 0, "O", None, (0, 1, 2, 3)), ValueError,
     "has a stone floating above an empty square in column 0"),
    (ConnectFourState(1, 1, "X", None, (0, 1, 2, 3)), ValueError, "has an X and an O on one square"),
    (ConnectFourState(0b11, 0, "X", None, (0, 1, 2, 3)), ValueError, "has 2 X stones and 0 O stones"),
    (ConnectFourState(1, 0, "X", None, (0, 1, 2, 3)), ValueError,
     "says other than its stones about the player to move, the winner or the moves"),
    (ConnectFourState(-1, 0, "X", None, ()), ValueError, "the bitboards must be whole numbers >= 0"),
])
def test_a_start_state_of_the_wrong_kind_is_refused(state, error, message):
    game = ConnectFour(4, 4)
    with pytest.raises(error, match=re.escape(message)):
        game.check_state(state)
    with pytest.raises(error, match=re.escape(message)):
        alphabeta(game, state)


def test_a_smaller_boards_state_in_a_larger_game_is_refused():
    small = ConnectFour(4, 4).play("0000")  # a full column of 4 reads as floating stones on 7 x 6
    with pytest.raises(ValueError, match="another size"):
        ConnectFour().check_state(small)


def test_the_games_own_states_pass_the_check():
    game = ConnectFour(4, 4)
    for moves in ["", "0", "0123", "0101010", "3322110"]:
        game.check_state(game.play(moves))
