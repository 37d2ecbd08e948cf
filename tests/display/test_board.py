"""Tests for minimax_lab.display.board, driving the methods the buttons call (no browser needed)."""

import random
import re
import time

import pytest

from minimax_lab import ConnectFour, TicTacToe
from minimax_lab.display.board import STRENGTHS, Board, computer_move, shortest_win
from minimax_lab.heuristics.boards import BoardGame, depth_limits, horizon_evaluation, move_order, offers_solve
from minimax_lab.heuristics.connect_four import ConnectFourRules, threats_then_centre
from minimax_lab.heuristics.tictactoe import open_lines_evaluation
from minimax_lab.search.engine import Engine


def marks(board):
    return "".join(board.mark(square) or "." for square in range(len(board.buttons)))


def play_randomly(board, seed):
    """Click random legal squares until the game ends; return X's utility at the end."""
    rng = random.Random(seed)
    while not board.game.is_terminal(board.state):
        empty = [square for square in range(len(board.buttons)) if board.mark(square) is None]
        assert board.click(rng.choice(empty))
    return board.game.utility(board.state, "X")


# --- tic-tac-toe --------------------------------------------------------------------------------

def test_a_new_board():
    board = Board()
    assert board.state == board.game.initial and marks(board) == "........."
    assert [b.description for b in board.buttons] == [""] * 9
    assert "your move" in board.message.value
    assert [name for _, name in board.algorithm.options] == ["minimax", "alphabeta", "solve", "engine"]
    assert board.algorithm.value == "alphabeta" and board.strength.disabled
    assert (board.depth.min, board.depth.max, board.depth.value) == (1, 9, 9)


def test_a_click_plays_and_the_computer_answers():
    board = Board()
    assert board.click(4) is True
    assert board.state.board[4] == "X" and board.state.board.count("O") == 1
    assert board.last.move == board.state.board.index("O")
    assert [b.description for b in board.buttons] == [m or "" for m in board.state.board]
    assert "You played square 4." in board.message.value
    assert "The computer (alpha-beta, depth 9) played square" in board.message.value


def test_the_buttons_call_click():
    board = Board()
    board.buttons[0].click()
    assert board.mark(0) == "X" and marks(board).count("O") == 1
    board.restart.click()
    assert marks(board) == "........."


@pytest.mark.parametrize("square, message", [
    (-1, "There is no square -1"), (9, "There is no square 9"), ("4", "There is no square &#x27;4&#x27;"),
    (True, "There is no square True"), (None, "There is no square None"),
])
def test_clicks_off_the_board_are_refused(square, message):
    board = Board()
    board.click(4)
    before = board.state
    assert board.click(square) is False
    assert board.state is before and message in board.message.value and "color:#b00" in board.message.value


def test_a_taken_square_is_refused_and_changes_nothing():
    board = Board()
    board.click(4)
    before, reply = board.state, board.last
    taken = board.last.move
    for square in (4, taken):
        assert board.click(square) is False
        assert f"Square {square} is taken" in board.message.value
        assert board.state is before and board.last is reply


def test_a_failing_search_leaves_the_position_as_it_was():
    board = Board()
    board.click(4)
    before = board.state

    def broken(state):
        raise RuntimeError("out of time")
    board._reply = broken
    empty = board.state.board.index(None)
    assert board.click(empty) is False
    assert board.state is before and "The computer could not move: out of time" in board.message.value


def test_after_the_end_clicks_are_refused_and_new_game_restarts():
    board = Board(depth=1, heuristic=False)
    for square in (4, 2, 6):       # at depth 1 without a heuristic the computer sees no threat
        board.click(square)
    assert board.game.utility(board.state, "X") == 1 and "You win!" in board.message.value
    final = board.state
    assert board.click(8) is False and board.state is final
    assert "The game is over" in board.message.value
    board.new_game()
    assert board.state == board.game.initial and board.last is None and marks(board) == "........."
    assert board.click(4) and marks(board).count("X") == 1


def test_depth_two_sees_the_threat():
    board = Board(depth=2, heuristic=False)
    for square in (4, 2):
        board.click(square)
    assert board.mark(6) == "O"     # the block


@pytest.mark.parametrize("algorithm", ["minimax", "alphabeta", "solve"])
def test_perfect_play_never_loses(algorithm):
    board = Board(algorithm=algorithm)
    for seed in range(3 if algorithm == "minimax" else 8):
        board.new_game()
        assert play_randomly(board, seed) <= 0
        assert "You win" not in board.message.value


def test_solve_keeps_its_table_between_moves_and_games():
    board = Board(algorithm="solve")
    board.click(0)
    stored = len(board.table)
    assert stored > 0 and board.depth.disabled and board.heuristic.disabled
    board.new_game()
    board.click(0)
    assert len(board.table) == stored and board.last.nodes < 20


def test_bad_settings_are_refused():
    with pytest.raises(ValueError, match="depth must be a whole number from 1 to 9, got 10"):
        Board(depth=10)
    with pytest.raises(ValueError, match="algorithm must be one of"):
        Board(algorithm="negamax")
    with pytest.raises(TypeError, match=re.escape("Board plays a board game (minimax_lab.heuristics.boards.BoardGame")):
        Board([[1, 2]])
    with pytest.raises(ValueError, match="algorithm must be one of"):
        computer_move(TicTacToe(), TicTacToe().initial, algorithm="random")


def test_the_heuristic_changes_the_shallow_choice():
    game = TicTacToe()
    state = game.state("X........")
    # Without a heuristic every reply looks even at depth 1, so the first empty square is taken;
    # with it, O takes the centre, where X keeps 2 open lines and O has 3.
    assert computer_move(game, state, depth=1, heuristic=False).move == 1
    assert computer_move(game, state, depth=1, heuristic=True).move == 4
    assert computer_move(game, state, depth=1, heuristic=True).value == pytest.approx((2 - 3) / 9)


# --- Connect Four -------------------------------------------------------------------------------

def test_connect_four_board():
    board = Board(ConnectFour(), algorithm="alphabeta")
    assert [name for _, name in board.algorithm.options] == ["minimax", "alphabeta", "engine"]
    assert depth_limits(board.game) == {"minimax": 4, "alphabeta": 6}
    assert (board.columns, board.rows, len(board.buttons)) == (7, 6, 42)
    assert board.click(3)                        # the top square of column 3: the stone falls
    assert board.mark(5 * 7 + 3) == "X" and board.mark(3) is None
    assert "You played column 3." in board.message.value
    board.algorithm.value = "minimax"
    assert board.depth.max == 4 and board.depth.value == 4
    board.algorithm.value = "alphabeta"
    assert board.depth.max == 6
    with pytest.raises(ValueError, match=r"one of \['minimax', 'alphabeta', 'engine'\]"):
        Board(ConnectFour(), algorithm="solve")


def test_a_full_column_is_refused():
    board = Board(ConnectFour(4, 4), algorithm="solve")
    board.state = board.game.play("0000")
    before = board.state
    assert board.click(0) is False and board.click(12) is False
    assert "Column 0 is full" in board.message.value and board.state is before
    assert board.click(1) and board.mark(13) == "X"     # column 1: the stone falls to the bottom row


def test_connect_four_answers_stay_small_at_the_deepest_setting():
    game = ConnectFour()
    limits = depth_limits(game)
    for moves in ("3", "33", "3324", "332415", "33333222"):
        state = game.play(moves)
        assert computer_move(game, state, algorithm="alphabeta", depth=limits["alphabeta"]).nodes < 10_000
        assert computer_move(game, state, algorithm="minimax", depth=limits["minimax"]).nodes < 3_500


@pytest.mark.slow
def test_tic_tac_toe_answers_stay_small():
    game = TicTacToe()
    for square in range(9):
        state = game.result(game.initial, square)
        assert computer_move(game, state, algorithm="minimax", depth=9).nodes < 70_000
        assert computer_move(game, state, algorithm="alphabeta", depth=9).nodes < 10_000


def test_the_computer_takes_a_win_on_4x4():
    board = Board(ConnectFour(4, 4), algorithm="solve")
    result = play_randomly(board, seed=1)
    assert result <= 0


def test_shortest_wins_against_shallow_settings():
    game = TicTacToe()
    assert shortest_win(game, depth=1, heuristic=False) == (0, 3, 6)
    assert shortest_win(game, depth=2, heuristic=False) == (0, 2, 4, 6)
    assert shortest_win(game, depth=6, heuristic=True) is None
    assert shortest_win(game, algorithm="solve") is None
    board = Board(depth=1, heuristic=False)
    for square in (0, 3, 6):
        board.click(square)
    assert "You win!" in board.message.value


# --- the engine on the full board ---------------------------------------------------------------

def test_the_full_board_plays_the_engine_and_shows_its_depth_and_evaluation():
    board = Board(ConnectFour(), strength="beginner")
    assert board.algorithm.value == "engine" and board.depth.disabled and not board.strength.disabled
    assert board.click(3)
    reply = board.last
    assert reply.depth >= 1 and reply.move in range(7)
    assert (f"The computer (engine, beginner) played column {reply.move}: it searched {reply.depth} "
            f"{'ply' if reply.depth == 1 else 'plies'} deep, {reply.nodes:,} nodes, and sees "
            f"{reply.outcome('X')}.") in board.message.value


def test_the_strength_sets_the_engines_time_and_a_change_starts_a_new_engine():
    board = Board(ConnectFour(), strength="casual")
    board.click(3)
    assert board.engine.seconds == STRENGTHS["casual"]
    board.strength.value = "beginner"
    assert board.engine is None
    board.click(3)
    assert board.engine.seconds == STRENGTHS["beginner"] < STRENGTHS["strong"] < 1
    board.algorithm.value = "alphabeta"
    assert board.strength.disabled and not board.depth.disabled


def test_the_board_shows_only_the_controls_the_chosen_search_uses():
    def shown(board: Board) -> set[str]:
        controls = {"depth": board.depth, "heuristic": board.heuristic, "strength": board.strength}
        return {name for name, control in controls.items() if control.layout.display != "none"}

    board = Board(ConnectFour(), strength="beginner")
    assert shown(board) == {"strength"}                         # the engine plays by the clock
    board.algorithm.value = "alphabeta"
    assert shown(board) == {"depth", "heuristic"}
    board = Board()                                             # tic-tac-toe: alpha-beta first
    board.algorithm.value = "solve"
    assert shown(board) == set()
    assert shown(Board(algorithm="engine", depth=4)) == {"depth"}


def test_the_engine_blocks_and_wins_on_the_board():
    board = Board(ConnectFour(), strength="beginner")
    board.state = board.game.play("0101")       # X to move; after X's 0, O must block column 0
    board.click(0)
    assert board.last.move == 0 or board.game.is_terminal(board.state)
    assert "You win" not in board.message.value


def test_computer_move_runs_the_engine_at_a_fixed_depth():
    game = ConnectFour()
    result = computer_move(game, game.play("33"), algorithm="engine", depth=3)
    assert result.depth == 3 and [it.depth for it in result.iterations] == [1, 2, 3]


def test_a_board_given_a_depth_runs_the_engine_to_that_depth_whatever_the_clock():
    board = Board(algorithm="engine", depth=4)
    assert not board.depth.disabled and board.strength.disabled and board.heuristic.disabled
    board.click(0)
    threat = board.game.result(board.state, 3)                  # X threatens the left column
    board.click(3)
    reply = board.last
    assert board.engine.depth == 4 and reply.depth == 4 and reply.move == 6
    again = Engine(board.game, depth=4, seconds=1e-9).search(threat)
    assert (again.move, again.depth, again.value) == (6, 4, reply.value)   # the clock plays no part
    assert "The computer (engine, depth 4) played square 6: it searched 4 plies deep" in board.message.value
    board.depth.value = 2
    board.new_game()
    board.click(0)
    assert board.engine.depth == 2 and board.last.depth <= 2


# --- the board-game protocol, and boards of every size ------------------------------------------

@pytest.mark.parametrize("game", [TicTacToe(), ConnectFour(), ConnectFour(4, 4)], ids=repr)
def test_both_games_are_board_games_that_build_and_show_positions_the_same_way(game):
    assert isinstance(game, BoardGame)
    state = game.play("102")
    assert game.play([1, 0, 2]) == state and game.play("2", game.play("10")) == state
    shown = game.show(state).splitlines()
    columns, rows = game.grid()
    assert len(shown) == rows and all(len(line.split()) == columns for line in shown)
    marks = [game.mark(state, square) or "." for square in range(columns * rows)]
    assert " ".join(marks).split() == game.show(state).split()
    assert sorted(marks).count("X") == 2 and marks.count("O") == 1


def test_the_search_settings_of_each_board_game():
    tic_tac_toe, connect_four, small = TicTacToe(), ConnectFour(), ConnectFour(4, 4)
    assert horizon_evaluation(tic_tac_toe) is open_lines_evaluation and move_order(tic_tac_toe) is None
    assert depth_limits(tic_tac_toe) == {"minimax": 9, "alphabeta": 9} and offers_solve(tic_tac_toe)
    assert horizon_evaluation(connect_four) == connect_four.evaluate
    assert move_order(connect_four) is threats_then_centre
    assert (offers_solve(connect_four), offers_solve(small)) == (False, True)
    for hook in (horizon_evaluation, move_order, depth_limits, offers_solve):
        with pytest.raises(TypeError, match=f"{hook.__name__} knows tic-tac-toe .* not ConnectFourRules"):
            hook(ConnectFourRules())


def test_tic_tac_toe_play_matches_state():
    game = TicTacToe()
    assert game.play("408") == game.state("O...X...X")
    assert game.show(game.play("408")) == "O . .\n. X .\n. . X"


@pytest.mark.parametrize("game", [TicTacToe(), ConnectFour()], ids=repr)
@pytest.mark.parametrize("moves, message", [
    ([1.5], "move 1 of [1.5]: a move is a whole number, got 1.5"),
    ([0, 2.0], "move 2 of [0, 2.0]: a move is a whole number, got 2.0"),
    ([True], "move 1 of [True]: a move is a whole number, got True"),
    ("0x", "move 2 of '0x': a move is a whole number, got 'x'"),
])
def test_a_move_that_is_not_a_whole_number_is_refused(game, moves, message):
    with pytest.raises(ValueError, match=re.escape(message)):
        game.play(moves)


def test_a_float_move_in_tic_tac_toe_is_an_illegal_move_not_a_slicing_error():
    game = TicTacToe()
    with pytest.raises(ValueError, match="illegal move 2.5"):
        game.result(game.initial, 2.5)
    with pytest.raises(ValueError, match="illegal move 3.0"):
        game.result(game.initial, 3.0)


@pytest.mark.parametrize("width, height", [(1, 1), (1, 4), (4, 1), (2, 2), (1, 16), (16, 1), (3, 5),
                                           (16, 16), (7, 6), (5, 4)])
def test_connect_four_boards_of_every_size_open_at_once_and_answer(width, height):
    start = time.perf_counter()
    board = Board(ConnectFour(width, height), strength="beginner")
    assert (board.columns, board.rows, len(board.buttons)) == (width, height, width * height)
    assert (("solve", "solve") in board.algorithm.options) == (width * height <= 16)
    assert all(1 <= limit <= 12 for limit in board.limits.values())
    board.click(0)
    assert board.mark((height - 1) * width) == "X"
    assert time.perf_counter() - start < 5


def test_every_connect_four_size_offers_bounded_depths():
    for width in range(1, 17):
        for height in (1, 16):
            limits = depth_limits(ConnectFour(width, height))
            assert set(limits) == {"minimax", "alphabeta"} and all(1 <= d <= 12 for d in limits.values())
            assert width ** limits["alphabeta"] <= ConnectFour.ALPHABETA_LEAVES or limits["alphabeta"] == 1


@pytest.mark.parametrize("settings, message", [
    (dict(depth="3"), "depth must be a whole number from 1 to 9, got '3'"),
    (dict(depth=2.0), "depth must be a whole number from 1 to 9, got 2.0"),
    (dict(depth=True), "depth must be a whole number from 1 to 9, got True"),
    (dict(depth=0), "depth must be a whole number from 1 to 9, got 0"),
    (dict(heuristic="yes"), "heuristic must be True or False, got 'yes'"),
    (dict(algorithm="random"), "algorithm must be one of"),
    (dict(strength="expert"), "strength must be one of ['beginner', 'casual', 'good', 'strong'], got 'expert'"),
])
def test_bad_board_settings_are_refused_by_name(settings, message):
    with pytest.raises(ValueError, match=re.escape(message)):
        Board(**settings)


def test_a_new_game_on_the_board_starts_the_engine_afresh():
    board = Board(algorithm="engine", depth=4)
    board.click(0)
    first = board.last
    board.click(3)
    board.new_game()
    assert board.engine is not None and len(board.engine.table) == 0
    board.click(0)
    assert (board.last.move, board.last.value, board.last.nodes) == (first.move, first.value, first.nodes)
