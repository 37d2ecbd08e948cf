"""Tests for minimax_lab.games: TreeGame, UniformTree and TicTacToe on the textbook protocol."""

import re
from collections import Counter

import pytest

from minimax_lab import Game, TicTacToe, TicTacToeState, TreeGame, UniformTree, as_game, minimax, validate_tree
from minimax_lab.analysis.census import positions as reachable
from minimax_lab.games.protocol import GAME_METHODS, game_name, is_game
from minimax_lab.games.tictactoe import LINES

AIMA = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]


def materialize(game, state=None):
    """Write out the tree a game spans as nested lists of MAX's utilities (via the protocol only)."""
    state = game.initial if state is None else state
    if game.is_terminal(state):
        return game.utility(state, game.max_player)
    return [materialize(game, game.result(state, a)) for a in game.actions(state)]


# --- protocol and as_game ----------------------------------------------------------------------

def test_games_follow_the_protocol():
    for game in (TreeGame(AIMA), UniformTree(2, 3), TicTacToe()):
        assert isinstance(game, Game)


def test_is_game_is_pythons_isinstance_of_the_protocol():
    """is_game, the searches' quick check, decides as isinstance(thing, Game) does: games, things
    that lack a member or have a method None, classes, and a nominal subclass that lacks members."""
    class Partial:
        initial, max_player = (), "MAX"

        def actions(self, state):
            return ()

    class NoResult(TicTacToe):
        result = None

    class Declared(Game):  # a Game by its class alone
        pass

    class Later:
        def __init__(self):
            self.initial, self.max_player = (), "MAX"
            for name in GAME_METHODS:
                setattr(self, name, lambda *args: None)

    things = [TreeGame(AIMA), UniformTree(2, 3), TicTacToe(), NoResult(), Partial(), Declared(), Later(), TicTacToe,
              AIMA, 5, None, "game"]
    assert [is_game(thing) for thing in things] == [isinstance(thing, Game) for thing in things]
    assert [is_game(thing) for thing in things] == [True, True, True, False, False, True, True, False, False,
                                                    False, False, False]


def test_as_game():
    game = as_game(AIMA)
    assert isinstance(game, TreeGame) and game.tree is AIMA and game.first == "MAX"
    assert isinstance(as_game(((1, 2), (3,))), TreeGame)
    ttt = TicTacToe()
    assert as_game(ttt) is ttt
    with pytest.raises(TypeError, match="expected a game or a nested-list tree, got int"):
        as_game(5)
    with pytest.raises(TypeError, match="got str"):
        as_game("[[1, 2]]")


# --- TreeGame ----------------------------------------------------------------------------------

def test_tree_game_docstring_and_basics():
    game = TreeGame(AIMA)
    assert game.initial == ()
    assert (game.to_move(()), game.to_move((0,)), game.utility((0, 1), "MAX")) == ("MAX", "MIN", 12)
    assert game.utility((0, 1), "MIN") == -12
    assert list(game.actions(())) == [0, 1, 2]
    assert list(game.actions((1, 2))) == []
    assert game.result((), 2) == (2,) and game.result((2,), 1) == (2, 1)
    assert not game.is_terminal(()) and not game.is_terminal((1,)) and game.is_terminal((1, 1))
    assert repr(game) == "TreeGame([[3, 12, 8], [2, 4, 6], [14, 5, 2]], first='MAX')"


def test_tree_game_min_first_alternates_from_min():
    game = TreeGame([[1, [2, 3]], 4], first="MIN")
    assert [game.to_move(p) for p in [(), (0,), (0, 1), (0, 1, 0)]] == ["MIN", "MAX", "MIN", "MAX"]
    assert game.max_player == "MAX"
    assert game.utility((1,), "MAX") == 4 and game.utility((0, 1, 1), "MIN") == -3


def test_tree_game_rejects_bad_first_and_bad_trees():
    with pytest.raises(ValueError, match="first must be 'MAX' or 'MIN', got 'max'"):
        TreeGame(AIMA, first="max")
    with pytest.raises(TypeError, match=re.escape("node [1][0]: leaf 'a' is not a number")):
        TreeGame([[1, 2], ["a", 3]])
    with pytest.raises(ValueError, match=re.escape("node [0][1]: empty node")):
        TreeGame([[1, []]])


def test_tree_game_leaf_root():
    game = TreeGame(7)
    assert game.is_terminal(()) and list(game.actions(())) == [] and game.utility((), "MAX") == 7


@pytest.mark.parametrize("state, action, message", [
    ((), 3, "node root: illegal action 3 (legal: [0, 1, 2])"),
    ((), -1, "node root: illegal action -1 (legal: [0, 1, 2])"),
    ((), "0", "node root: illegal action '0' (legal: [0, 1, 2])"),
    ((), 1.0, "node root: illegal action 1.0 (legal: [0, 1, 2])"),
    ((1,), 5, "node [1]: illegal action 5 (legal: [0, 1, 2])"),
    ((1, 2), 0, "node [1][2]: illegal action 0 (legal: [])"),
])
def test_tree_game_illegal_actions(state, action, message):
    with pytest.raises(ValueError) as info:
        TreeGame(AIMA).result(state, action)
    assert str(info.value) == message


def test_tree_game_unknown_states():
    game = TreeGame(AIMA)
    for state in [(5,), (0, 0, 0), [0], "x"]:
        with pytest.raises(ValueError, match="is not a node of this tree"):
            game.actions(state)
        with pytest.raises(ValueError, match="is not a node of this tree"):
            game.is_terminal(state)


def test_tree_game_materializes_back_to_its_tree():
    tree = [[1, [2, -3.5]], 4, [[5], [6, 7, [8]]]]
    assert materialize(TreeGame(tree)) == tree
    assert materialize(TreeGame(tree, first="MIN")) == tree  # leaves always hold MAX's utility


# --- UniformTree -------------------------------------------------------------------------------

@pytest.mark.parametrize("b, d", [(1, 0), (1, 4), (2, 0), (2, 1), (2, 5), (3, 4), (5, 3)])
def test_uniform_tree_shape(b, d):
    game = UniformTree(b, d, seed=3)
    tree = materialize(game)
    states = reachable(game)
    assert len(states) == sum(b ** k for k in range(d + 1))
    assert sorted(i for i, _ in states) == list(range(len(states)))  # nodes numbered level by level
    assert sum(game.is_terminal(s) for s in states) == game.leaves() == b ** d
    for index, ply in states:
        assert game.to_move((index, ply)) == ("MAX" if ply % 2 == 0 else "MIN")
        assert list(game.actions((index, ply))) == (list(range(b)) if ply < d else [])
    leaves = [node for node in validate_tree(tree).values() if not isinstance(node, list)]
    assert len(leaves) == b ** d and all(isinstance(v, int) and 0 <= v < 1000 for v in leaves)


def test_uniform_tree_numbering_and_values():
    game = UniformTree(3, 2, seed=0)
    assert game.initial == (0, 0)
    assert [game.result((0, 0), a) for a in range(3)] == [(1, 1), (2, 1), (3, 1)]
    assert [game.result((2, 1), a) for a in range(3)] == [(7, 2), (8, 2), (9, 2)]
    assert materialize(game) == [[661, 284, 895], [319, 373, 542], [505, 79, 572]]
    assert game.utility((4, 2), "MIN") == -661
    assert repr(game) == "UniformTree(3, 2, seed=0)"


def test_uniform_tree_is_determined_by_seed_and_values():
    assert materialize(UniformTree(3, 3, seed=5)) == materialize(UniformTree(3, 3, seed=5))
    assert materialize(UniformTree(3, 3, seed=5)) != materialize(UniformTree(3, 3, seed=6))
    small = materialize(UniformTree(4, 3, seed=1, values=3))
    assert set(re.findall(r"-?\d+", repr(small))) == {"0", "1", "2"}


def test_uniform_tree_errors():
    with pytest.raises(ValueError, match="branching >= 1 and depth >= 0, got 0, 2"):
        UniformTree(0, 2)
    with pytest.raises(ValueError, match="got 2, -1"):
        UniformTree(2, -1)
    game = UniformTree(2, 2)
    with pytest.raises(ValueError, match=re.escape("node (3, 2): illegal action 0")):
        game.result((3, 2), 0)
    with pytest.raises(ValueError, match=re.escape("node (0, 0): illegal action 2")):
        game.result((0, 0), 2)


# --- TicTacToe ---------------------------------------------------------------------------------

def test_tic_tac_toe_initial_state():
    game = TicTacToe()
    s = game.initial
    assert isinstance(s, TicTacToeState)
    assert isinstance(s.board, tuple) and s.board == (None,) * 9
    assert game.to_move(s) == "X" and game.max_player == "X"
    assert game.actions(s) == (0, 1, 2, 3, 4, 5, 6, 7, 8)
    assert not game.is_terminal(s)
    assert repr(s) == "TicTacToeState(.........)"
    assert str(game.state("X...O...X")) == "X . .\n. O .\n. . X"
    assert repr(game) == "TicTacToe()"


def test_tic_tac_toe_moves():
    game = TicTacToe()
    s = game.result(game.initial, 4)
    assert s.board == (None,) * 4 + ("X",) + (None,) * 4
    assert game.to_move(s) == "O"
    assert game.actions(s) == (0, 1, 2, 3, 5, 6, 7, 8)
    t = game.result(s, 0)
    assert t.board[0] == "O" and game.to_move(t) == "X"
    assert game.actions(t) == (1, 2, 3, 5, 6, 7, 8)


def test_tic_tac_toe_actions_are_the_empty_squares_ascending():
    game = TicTacToe()
    for s in reachable(game):
        if game.is_terminal(s):
            assert game.actions(s) == ()
        else:
            assert game.actions(s) == tuple(i for i in range(9) if s.board[i] is None)
            assert list(game.actions(s)) == sorted(game.actions(s))


@pytest.mark.parametrize("board, x_value, terminal", [
    ("XXXOO....", 1, True),
    ("OOOXX.X..", -1, True),
    ("X.OXO.X..", 1, True),     # column 0
    ("XOX.O.X..", 0, False),
    ("O.XOX.X..", 1, True),     # diagonal 2-4-6
    ("XOXXOOOXX", 0, True),     # full board, no line: a draw
    ("XXOOXXXOO", 0, True),
])
def test_tic_tac_toe_utility(board, x_value, terminal):
    game = TicTacToe()
    s = game.state(board)
    assert game.is_terminal(s) == terminal
    if terminal:
        assert game.utility(s, "X") == x_value
        assert game.utility(s, "O") == -x_value


def test_tic_tac_toe_states_are_immutable_hashable_and_equal_by_board():
    game, other = TicTacToe(), TicTacToe()
    s = game.state("X...O....")
    with pytest.raises(AttributeError, match="cannot assign to field"):
        s.board = (None,) * 9
    with pytest.raises(AttributeError):
        s.to_move = "X"
    with pytest.raises((AttributeError, TypeError)):  # TypeError on Python < 3.13: CPython gh-105936
        s.anything = 1
    t = other.result(other.result(other.initial, 0), 4)  # built by a move (_new_state), not __init__
    assert s == t and hash(s) == hash(t) and s is not t
    with pytest.raises(AttributeError, match="cannot assign to field 'moves'"):
        t.moves = ()
    assert s != game.initial and s != s.board
    assert len({s, t, game.initial}) == 2
    assert game.state("X...O....") is s  # one shared state per board within a game
    assert game.result(game.result(game.initial, 0), 4) is s


def test_tic_tac_toe_state_parsing():
    game = TicTacToe()
    board = ("X", None, None, None, "O", None, None, None, None)
    for text in ["X...O....", "X---O----", "X   O    ", "X___O____"]:
        assert game.state(text).board == board
    assert game.state(list(board)).board == board
    assert game.state(board) is game.state("X...O....")


@pytest.mark.parametrize("board, message", [
    ("X...O...", "a tic-tac-toe board has 9 squares, got 8"),
    ("X...O.....", "a tic-tac-toe board has 9 squares, got 10"),
    ("x...O....", "square 0: mark 'x' is not 'X', 'O' or None"),
    ("X..0.....", "square 3: mark '0' is not 'X', 'O' or None"),
    (["X", None, 1, None, None, None, None, None, None], "square 2: mark 1 is not 'X', 'O' or None"),
    ("XX.......", "board XX.......: X moves first, so X has as many marks as O or one more"),
    ("O........", "board O........: X moves first"),
    ("XXXOOO...", "board XXXOOO...: X has three in a row, so the game ended there and O cannot"),
    ("XXXOO.O..", "board XXXOO.O..: X has three in a row"),
    ("OOOXX.XX.", "board OOOXX.XX.: O has three in a row, so the game ended there and X cannot"),
])
def test_tic_tac_toe_bad_boards(board, message):
    with pytest.raises(ValueError) as info:
        TicTacToe().state(board)
    assert str(info.value).startswith(message)


@pytest.mark.parametrize("board, action", [
    (".........", 9), (".........", -1), ("X...O....", 0), ("X...O....", 4), ("XXXOO....", 5),
    (".........", "4"), (".........", None),
])
def test_tic_tac_toe_illegal_moves(board, action):
    game = TicTacToe()
    s = game.state(board)
    legal = list(game.actions(s))
    with pytest.raises(ValueError) as info:
        game.result(s, action)
    assert str(info.value) == f"{s!r}: illegal move {action!r} (legal: {legal})"
    assert game.state(board) is s and s.board == game.state(board).board  # nothing changed


def test_tic_tac_toe_reachable_positions():
    game = TicTacToe()
    states = reachable(game)
    assert len(states) == 5478
    assert Counter(len(game.actions(s)) == 0 for s in states)[True] == 958
    outcomes = Counter(game.utility(s, "X") for s in states if game.is_terminal(s))
    assert outcomes == {1: 626, -1: 316, 0: 16}
    for s in states:  # every reachable board passes the board check
        assert game.state(s.board) is s


@pytest.mark.slow
def test_tic_tac_toe_terminal_means_a_line_or_a_full_board():
    game = TicTacToe()
    for s in reachable(game):
        line = any(s.board[a] is not None and s.board[a] == s.board[b] == s.board[c] for a, b, c in LINES)
        assert game.is_terminal(s) == (line or None not in s.board)


def test_tic_tac_toe_game_from_a_position():
    game = TicTacToe()
    assert minimax(game, game.state("XX.OO....")).value == 1  # X to move completes the top row
    assert minimax(game, game.state("XX.OO...X")).value == -1  # O to move completes the middle row


# --- start states of the wrong kind ------------------------------------------------------------

@pytest.mark.parametrize("state, error, message", [
    ("X...O....", TypeError, "TicTacToe(): 'X...O....' is a str, not a TicTacToeState: build one with "
                             "game.state('X...O....')"),
    (5, TypeError, "TicTacToe(): 5 is an int, not a TicTacToeState"),
    ((0, 0), TypeError, "TicTacToe(): (0, 0) is a tuple, not a TicTacToeState: build one with game.state((0, 0))"),
    (TicTacToeState(("X",) * 9, "O", "X", (), True, 1), ValueError,
     "TicTacToe(): TicTacToeState(XXXXXXXXX) is not a tic-tac-toe position: board XXXXXXXXX: X moves first"),
    (TicTacToeState((None,) * 9, "O", None, (0,), False, 0), ValueError,
     "TicTacToe(): TicTacToeState(.........) says other than its board about the player to move"),
])
def test_tic_tac_toe_checks_a_start_state(state, error, message):
    with pytest.raises(error, match=re.escape(message)):
        TicTacToe().check_state(state)
    with pytest.raises(error, match=re.escape(message)):
        minimax(TicTacToe(), state)


def test_tic_tac_toe_accepts_its_own_states_and_another_games():
    game = TicTacToe()
    game.check_state(game.initial)
    game.check_state(TicTacToe().state("XO..X...."))
    assert minimax(game, TicTacToe().state("XO..X....")).value == 1


@pytest.mark.parametrize("state, error, message", [
    ([0], TypeError, "TreeGame([[3, 12, 8], [2, 4, 6], [14, 5, 2]], first='MAX'): [0] is a list, not a path"),
    ("0", TypeError, "'0' is a str, not a path (a tuple of child indices from the root, like (1, 0))"),
    ((3,), ValueError, "TreeGame([[3, 12, 8], [2, 4, 6], [14, 5, 2]], first='MAX'): (3,) is not a node"),
    ((0, 0, 0), ValueError, "(0, 0, 0) is not a node of this tree"),
    (([0],), ValueError, "([0],) is not a node of this tree"),
])
def test_tree_game_checks_a_start_state(state, error, message):
    with pytest.raises(error, match=re.escape(message)):
        TreeGame(AIMA).check_state(state)
    with pytest.raises(error, match=re.escape(message)):
        minimax(AIMA, state)


def test_a_long_tree_game_is_named_briefly():
    game = TreeGame([list(range(100))])
    assert len(game_name(game)) == 60
    with pytest.raises(ValueError, match=r"^TreeGame\(\[\[0, 1, 2, .+\.\.\.\): \(5,\) is not a node"):
        game.check_state((5,))


@pytest.mark.parametrize("state, error, message", [
    (0, TypeError, "UniformTree(2, 3, seed=0): 0 is not a node (index, ply), two whole numbers"),
    ((0, 0.0), TypeError, "is not a node (index, ply)"),
    ((True, 0), TypeError, "is not a node (index, ply)"),
    ((0, 4), ValueError, "UniformTree(2, 3, seed=0): node (0, 4): ply 4 is not in 0..3"),
    ((0, -1), ValueError, "ply -1 is not in 0..3"),
    ((3, 1), ValueError, "node (3, 1): the nodes at ply 1 are numbered 1..2"),
    ((2, 2), ValueError, "node (2, 2): the nodes at ply 2 are numbered 3..6"),
])
def test_uniform_tree_checks_a_start_state(state, error, message):
    with pytest.raises(error, match=re.escape(message)):
        UniformTree(2, 3).check_state(state)
    with pytest.raises(error, match=re.escape(message)):
        minimax(UniformTree(2, 3), state)


def test_uniform_tree_accepts_every_node():
    game = UniformTree(3, 3)
    frontier = [game.initial]
    while frontier:
        state = frontier.pop()
        game.check_state(state)
        frontier += [game.result(state, a) for a in game.actions(state)]
    UniformTree(1, 4).check_state((4, 4))


def test_positions_reached_by_moves_know_what_positions_built_from_boards_know():
    game, fresh = TicTacToe(), TicTacToe()
    facts = ("to_move", "winner", "moves", "terminal", "value")
    for state in reachable(game):
        built = fresh.state(state.board)
        assert [getattr(state, f) for f in facts] == [getattr(built, f) for f in facts], state
        assert state.terminal == (state.winner is not None or None not in state.board)
        assert state.value == game.utility(state, "X") == -game.utility(state, "O")
