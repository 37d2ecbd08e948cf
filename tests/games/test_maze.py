"""Tests for the maze game (issue 39): its layouts and rules (minimax_lab.games.maze), the chasers'
policies and play (minimax_lab.games.maze_policies), and its SVG drawing
(minimax_lab.display.maze_drawing). The tiny layout's minimax values are worked out by hand below."""

import random
import re
import xml.etree.ElementTree as ET
from collections import Counter
from fractions import Fraction
from functools import partial

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from minimax_lab import Game, alphabeta, minimax
from minimax_lab.display.maze_drawing import MAX_COLOUR, MazeSvg, maze_svg, position_caption
from minimax_lab.games.maze import (
    ACTIONS,
    LAYOUTS,
    Maze,
    MazeGame,
    MazeState,
    layout,
    parse_layout,
    random_maze,
)
from minimax_lab.games.maze_policies import (
    MazePlay,
    adversarial_chaser,
    directional_chaser,
    directional_moves,
    play_game,
    random_chaser,
)

SVG = "{http://www.w3.org/2000/svg}"


def score(state):
    """The evaluation CS188 starts with: the score so far."""
    return state.score


def stop(game, state):
    """A MAX agent that never moves."""
    return "Stop"


def greedy(game, state):
    """A MAX agent that searches one round (P and every chaser) ahead, scored by the score."""
    return alphabeta(game, state, depth=len(game.agents), evaluate=score).move


def reachable(game):
    """Every open cell reached from P's start by the game's own neighbours."""
    seen, todo = {game.maze.starts[0]}, [game.maze.starts[0]]
    while todo:
        for cell in game.neighbours(todo.pop()):
            if cell not in seen:
                seen.add(cell)
                todo.append(cell)
    return seen


# --- layouts ------------------------------------------------------------------------------------

@pytest.mark.parametrize("name, size, inside, chasers, dots", [
    ("tiny", (5, 5), (3, 3), 1, 2), ("small", (9, 7), (7, 5), 1, 25), ("medium", (13, 8), (11, 6), 2, 43),
    ("classic", (22, 9), (20, 7), 2, 87)])
def test_the_named_layouts(name, size, inside, chasers, dots):
    maze = layout(name)
    assert (maze.width, maze.height) == size and maze.inside == inside
    assert maze.chasers == chasers and len(maze.dots) == dots
    game = MazeGame(name)
    assert game.chasers == tuple(f"G{i}" for i in range(1, chasers + 1))
    assert game.show(game.initial) == maze.text() == LAYOUTS[name].strip("\n")
    assert reachable(game) == set(maze.open_cells())
    assert repr(game) == f"MazeGame(layout({name!r}))" and MazeGame(layout(name)).maze == maze


def test_layout_text_round_trips_and_ignores_indentation():
    text = """
        %%%%%%
        %G.P.%
        %.%%G%
        %....%
        %%%%%%
    """
    maze = parse_layout(text)
    assert maze.starts == ((3, 1), (1, 1), (4, 2))   # P, then the chasers in reading order
    assert maze.dots == {(2, 1), (4, 1), (1, 2), (1, 3), (2, 3), (3, 3), (4, 3)}
    assert parse_layout(maze.text()) == maze == Maze.parse(text) and MazeGame(text).maze == maze
    assert eval(repr(maze), {"Maze": Maze}) == maze
    assert hash(maze) == hash(parse_layout(maze.text()))


@pytest.mark.parametrize("text, message", [
    ("", "the text is empty"),
    ("%%%%%\n%P.G%\n%%%%", "row 2 has 4 characters, but row 0 has 5"),
    ("%%%%%\n%PxG%\n%%%%%", re.escape("row 1 ('%PxG%'), column 2: 'x' is not a layout character")),
    ("%%%%%\n%P\t.G%\n%%%%%%", "row 1 has 6 characters"),
    ("%%%%%%\n%P\t.G%\n%%%%%%", re.escape(r"column 2: '\t' is not a layout character")),
    ("%%%%%\n%..G%\n%%%%%", "there is no P: mark where MAX starts"),
    ("%%%%%\n%PGP%\n%.%%%\n%%%%%", re.escape("there are 2 P's (row 1, column 1; row 1, column 3)")),
    ("%%%%%\n%P..%\n%%%%%", re.escape("a maze has 1 to 4 chasers (G), found none")),
    ("%%%%%%%\n%PGGGG%\n%G...%%\n%%%%%%%", re.escape("found 5 (row 1, column 2;")),
    ("%% %%\n%P.G%\n%%%%%", "row 0, column 2 is on the border but is not a wall"),
    ("%%%%%\n%P.G \n%%%%%", "row 1, column 4 is on the border"),
    ("%%%%%\n%P G%\n%%%%%", "there are no dots"),
    ("%%%%%%\n%P.G%%\n%%%%.%\n%%%%%%", "row 2, column 4 cannot be reached from P's start at row 1, column 1"),
])
def test_bad_layouts_are_refused_naming_what_is_wrong(text, message):
    with pytest.raises(ValueError, match=message):
        parse_layout(text)


def test_other_bad_mazes_are_refused():
    with pytest.raises(TypeError, match="a maze layout is text"):
        parse_layout(["%%%"])
    with pytest.raises(ValueError, match="at most 100 rows"):
        parse_layout("\n".join(["%" * 5] * 101))
    with pytest.raises(ValueError, match="3 to 100 of each"):
        Maze(2, 2, frozenset({(0, 0), (1, 0), (0, 1), (1, 1)}), frozenset(), ((0, 0), (1, 1)))
    with pytest.raises(ValueError, match="two agents start on one cell"):
        Maze(5, 5, layout("tiny").walls, frozenset({(2, 1)}), ((1, 1), (1, 1)))
    with pytest.raises(TypeError, match="a cell is a pair"):
        Maze(5, 5, layout("tiny").walls, frozenset({(2, 1)}), ((1, 1), [3, 1]))
    with pytest.raises(ValueError, match="no maze layout is named 'huge': the layouts are 'tiny', 'small'"):
        layout("huge")
    with pytest.raises(ValueError, match="no maze layout is named 'huge'"):
        MazeGame("huge")
    with pytest.raises(TypeError, match="a maze is a Maze, a layout's name"):
        MazeGame(3)


# --- the rules ----------------------------------------------------------------------------------

def test_the_game_follows_the_protocol():
    game = MazeGame("tiny")
    assert isinstance(game, Game) and game.max_player == "P" and game.agents == ("P", "G1")
    assert game.initial == MazeState(((1, 1), (3, 1)), frozenset({(2, 1), (1, 3)}), 0, 0, 0)
    assert game.to_move(game.initial) == "P" and not game.is_terminal(game.initial)
    assert game.actions(game.initial) == ("South", "East", "Stop")      # N, S, E, W, Stop: the legal ones
    after = game.result(game.initial, "Stop")
    assert game.to_move(after) == "G1" and game.actions(after) == ("South", "West")   # a chaser never stops
    assert game.to_move(game.result(after, "South")) == "P"


def test_every_action_is_listed_in_the_fixed_order():
    game = MazeGame("small")
    state = game.play(["East", "North"])                      # P to (2, 1), G1 to (4, 2)
    assert game.actions(state) == ("East", "West", "Stop")
    assert all(tuple(a for a in ACTIONS if a in game.actions(s)) == game.actions(s)
               for s in (game.initial, state, game.result(state, "Stop")))


def test_two_chasers_move_in_turn_after_max():
    game = MazeGame("medium")
    state, movers = game.initial, []
    for action in ["Stop", "North", "North", "Stop", "West", "East"]:
        movers.append(game.to_move(state))
        state = game.result(state, action)
    assert movers == ["P", "G1", "G2", "P", "G1", "G2"] and state.steps == 2 and state.turn == 0
    assert game.position(state, "G1") == (4, 3) and game.position(state, "G2") == (8, 3)


def test_a_move_costs_one_and_a_dot_is_worth_ten():
    game = MazeGame("tiny")
    stopped = game.result(game.initial, "Stop")
    assert (stopped.score, stopped.steps, stopped.turn) == (-1, 1, 1)
    ate = game.result(game.initial, "East")
    assert ate.score == 9 and game.dots(ate) == {(1, 3)} and ate.positions[0] == (2, 1)


def test_a_chaser_eats_nothing_and_costs_nothing():
    game = MazeGame("tiny")
    state = game.play(["Stop", "West"])                        # G1 onto the dot at (2, 1)
    assert state.score == -1 and game.dots(state) == {(2, 1), (1, 3)} and game.position(state, "G1") == (2, 1)


def test_caught_after_a_chasers_move():
    game = MazeGame("tiny")
    state = game.play(["East", "West"])                        # P eats at (2, 1); G1 steps onto it
    assert state.score == 9 - 500 and game.is_terminal(state) and game.is_loss(state) and not game.is_win(state)
    assert game.utility(state, "P") == -491 and game.utility(state, "G1") == 491
    assert game.actions(state) == ()
    with pytest.raises(ValueError, match="the game is over \\(P is caught\\)"):
        game.result(state, "Stop")


def test_caught_after_max_moves_onto_a_chaser_eats_the_dot_first():
    game = MazeGame("tiny")
    state = game.play(["Stop", "West", "East"])                # G1 sits on the dot at (2, 1); P walks into it
    assert state.score == -1 + (-1 + 10 - 500) and game.is_loss(state)
    assert game.dots(state) == {(1, 3)}


def test_clearing_the_maze_wins_even_on_a_chasers_cell():
    game = MazeGame("%%%%%%\n%P.G %\n%%%%%%")
    won = game.result(game.initial, "East")
    assert won.score == -1 + 10 + 500 and game.is_win(won) and game.is_terminal(won)
    assert game.actions(won) == ()
    with pytest.raises(ValueError, match="the maze is clear"):
        game.result(won, "Stop")
    state = game.play(["Stop", "West", "East"])                # the last dot, under G1: CS188's rule, a win
    assert state.score == -1 + (-1 + 10 + 500) and game.is_win(state) and not game.is_loss(state)


@pytest.mark.parametrize("moves, action, message", [
    ([], "North", "P at \\(1, 1\\): illegal action 'North' \\(legal: South, East, Stop\\): there is a wall"),
    ([], "east", "actions are capitalized, 'East'"),
    ([], 3, "illegal action 3"),
    ([], ["East"], "illegal action \\['East'\\]"),
    (["Stop"], "Stop", "G1 at \\(3, 1\\): illegal action 'Stop' \\(legal: South, West\\): a chaser never stops"),
])
def test_illegal_actions_are_refused_by_name(moves, action, message):
    game = MazeGame("tiny")
    with pytest.raises(ValueError, match=message):
        game.result(game.play(moves), action)


def test_play_names_the_illegal_move():
    game = MazeGame("tiny")
    with pytest.raises(ValueError, match="move 3: P at \\(1, 1\\): illegal action 'West'"):
        game.play(["Stop", "South", "West"])
    with pytest.raises(TypeError, match="moves must be a sequence of actions"):
        game.play("East")


def test_utility_of_a_player_the_game_does_not_have():
    game = MazeGame("tiny")
    with pytest.raises(ValueError, match="utility for 'G2', who is not a player"):
        game.utility(game.initial, "G2")


# --- states -------------------------------------------------------------------------------------

def test_states_compare_and_hash_by_value():
    game = MazeGame("small")
    one = game.play(["East", "West", "West", "East"])
    other = game.play(["Stop", "East", "Stop", "West"])
    assert one != other
    a = game.play(["South", "North", "South", "South"])
    b = game.play(["South", "North", "South", "South"])
    assert a == b and hash(a) == hash(b) and a is not b and len({a, b, game.initial}) == 2
    assert eval(repr(a), {"MazeState": MazeState}) == a
    assert repr(game.initial) == repr(MazeGame("small").initial)
    with pytest.raises(AttributeError):
        a.score = 3


def test_transpositions_meet_in_one_state():
    game = MazeGame("%%%%%%%\n%P  G.%\n%     %\n%%%%%%%")
    via_east = game.play(["East", "West", "South", "East"])
    via_south = game.play(["South", "South", "East", "North"])
    assert via_east == via_south and via_east.score == -2


def test_check_state_refuses_what_is_not_a_state_of_this_maze():
    game = MazeGame("tiny")
    game.check_state(game.play(["East"]))
    with pytest.raises(TypeError, match="3 is an int, not a MazeState"):
        game.check_state(3)
    with pytest.raises(ValueError, match="has 3 positions, but this maze has 2 agents \\(P, G1\\): is it a state of "
                                         "another maze"):
        game.check_state(MazeGame("medium").initial)
    with pytest.raises(ValueError, match="P is at \\(1, 5\\), which is not an open cell of this maze"):
        game.check_state(MazeState(((1, 5), (3, 1)), frozenset(), 0, 0, 0))
    with pytest.raises(ValueError, match="cells that hold dots at the start of this maze"):
        game.check_state(MazeState(((1, 1), (3, 1)), frozenset({(3, 3)}), 0, 0, 0))
    with pytest.raises(ValueError, match="P is on a dot"):
        game.check_state(MazeState(((2, 1), (3, 1)), frozenset({(2, 1)}), 0, 0, 0))
    with pytest.raises(ValueError, match="its turn must be a whole number from 0 to 1, not 2"):
        game.check_state(MazeState(((1, 1), (3, 1)), frozenset({(2, 1)}), 0, 2, 0))
    with pytest.raises(ValueError, match="its score must be a whole number, not 1.5"):
        game.check_state(MazeState(((1, 1), (3, 1)), frozenset({(2, 1)}), 1.5, 0, 0))


@pytest.mark.parametrize("method", ["to_move", "actions", "is_terminal"])
def test_the_protocol_gives_check_states_message_for_a_bad_state(method):
    game = MazeGame("tiny")
    with pytest.raises(TypeError, match="not a MazeState"):
        getattr(game, method)("P")
    with pytest.raises(TypeError, match="not a MazeState"):
        game.result(None, "East")


def test_a_search_refuses_a_state_of_another_maze():
    with pytest.raises(ValueError, match="another maze"):
        minimax(MazeGame("tiny"), MazeGame("small").initial, depth=1, evaluate=score)


# --- the tiny maze, searched by hand -------------------------------------------------------------
#
#     %%%%%      P at (1, 1), G1 at (3, 1), dots at (2, 1) and (1, 3); a ring of eight cells
#     %P.G%      around the wall at (2, 2). P's moves there: South, East, Stop; G1's: South, West.
#     % % %      A ply is one agent's move; the horizon is scored by the score so far.
#     %.  %
#     %%%%%
#
# Depth 1 (P only): South -1, East +9 (eats (2, 1)), Stop -1.  Value 9, move East: greed.
#
# Depth 2 (P, then G1):
#   East  (9):  G1 South -> 9;  G1 West onto P -> 9 - 500 = -491.            min -491
#   South (-1): G1 South -> -1; G1 West -> -1.                                min -1
#   Stop  (-1): G1 South -> -1; G1 West -> -1 (next to P, not on it).         min -1
#   Value -1, move South (the first of the two): the greedy East was a trap.
#
# Depth 3 (P, G1, P):
#   East:  G1 West catches at once (-491, the game is over); so min <= -491.   -491
#   South (P at (1, 2), -1): G1 South -> P's best is South onto (1, 3): -2 + 10 = 8;
#                            G1 West  -> P South again: 8.                      min 8
#   Stop  (-1): G1 South -> P East eats (2, 1): 8;
#               G1 West (on the dot (2, 1)) -> P South -2, East into G1
#               -1 - 1 + 10 - 500 = -492, Stop -2: P's best -2.                 min -2
#   Value 8, move South.
#
# Depth 4 (P, G1, P, G1):
#   South: G1 South -> P South (8), then G1 North or South: 8;  P North/Stop only -2.   8
#          G1 West  -> P South (8), then G1 East or West (onto (1, 1), P is not there): 8;
#                      P North to (1, 1): G1 West catches, -2 - 500 = -502.             8
#   East:  -491 as before (G1 West).    Stop: G1 West leaves P at best -2.
#   Value 8, move South.

TINY_VALUES = {1: (9, "East"), 2: (-1, "South"), 3: (8, "South"), 4: (8, "South")}


@pytest.mark.parametrize("depth", sorted(TINY_VALUES))
def test_the_tiny_mazes_values_by_hand(depth):
    game = MazeGame("tiny")
    found = minimax(game, depth=depth, evaluate=score)
    assert (found.value, found.move) == TINY_VALUES[depth]
    pruned = alphabeta(game, depth=depth, evaluate=score)
    assert (pruned.value, pruned.move) == TINY_VALUES[depth] and pruned.nodes <= found.nodes


def test_the_tiny_mazes_lines_by_hand():
    game = MazeGame("tiny")
    assert minimax(game, depth=2, evaluate=score).pv == ("South", "South")
    assert minimax(game, depth=3, evaluate=score).pv == ("South", "South", "South")
    after_east = game.result(game.initial, "East")
    assert minimax(game, after_east, depth=1, evaluate=score).pv == ("West",)   # G1 catches: MIN at the root


@pytest.mark.parametrize("name, depth", [("small", 4), ("medium", 3), ("classic", 3)])
def test_minimax_and_alphabeta_agree_on_the_larger_mazes(name, depth):
    game = MazeGame(name)
    found, pruned = minimax(game, depth=depth, evaluate=score), alphabeta(game, depth=depth, evaluate=score)
    assert (found.value, found.move) == (pruned.value, pruned.move) and pruned.nodes < found.nodes


# --- distances ----------------------------------------------------------------------------------

def test_maze_distances_go_around_walls():
    game = MazeGame("tiny")
    assert game.distance((1, 1), (3, 3)) == 4 and game.distance((1, 1), (1, 1)) == 0
    assert game.distance((3, 1), (1, 2)) == 3 == game.distance((1, 2), (3, 1))
    assert game.neighbours((1, 1)) == ((1, 2), (2, 1)) and game.step((1, 1), "Stop") == (1, 1)
    with pytest.raises(ValueError, match="cell \\(2, 2\\) is a wall"):
        game.distance((1, 1), (2, 2))
    with pytest.raises(ValueError, match="\\(9, 9\\) is not an open cell of this 5 x 5 maze"):
        game.distance((9, 9), (1, 1))
    with pytest.raises(ValueError, match="\\[1, 1\\] is not an open cell"):
        game.neighbours([1, 1])
    with pytest.raises(ValueError, match="'North' from \\(1, 1\\) leads nowhere: the actions there are South, "
                                         "East, Stop"):
        game.step((1, 1), "North")
    with pytest.raises(ValueError, match="no agent is named 'G2'"):
        game.position(game.initial, "G2")


def test_distances_agree_with_a_breadth_first_search_everywhere():
    game = MazeGame("medium")
    for source in game.maze.open_cells():
        frontier, seen, steps = [source], {source}, 0
        while frontier:
            for cell in frontier:
                assert game.distance(source, cell) == steps
            frontier = [n for cell in frontier for n in game.neighbours(cell) if n not in seen]
            seen.update(frontier)
            frontier = sorted(set(frontier))
            steps += 1


# --- random mazes -------------------------------------------------------------------------------

def test_random_mazes_are_seeded():
    assert random_maze(7) == random_maze(7) and random_maze(7).text() == random_maze(7).text()
    assert len({random_maze(seed).text() for seed in range(10)}) > 5
    assert repr(random_maze(3, width=11)) == "random_maze(3, width=11, height=7, chasers=1, dots=None)"
    assert eval(repr(random_maze(3, width=11)), {"random_maze": random_maze}) == random_maze(3, width=11)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10 ** 6), width=st.integers(5, 23), height=st.integers(5, 15), chasers=st.integers(1, 4))
def test_a_random_maze_is_connected_has_no_dead_end_and_holds_what_was_asked(seed, width, height, chasers):
    maze = random_maze(seed, width=width, height=height, chasers=chasers)
    game = MazeGame(maze)
    assert (maze.width, maze.height, maze.chasers) == (width, height, chasers)
    assert reachable(game) == set(maze.open_cells())
    assert all(len(game.neighbours(cell)) >= 2 for cell in maze.open_cells())
    assert maze.dots == set(maze.open_cells()) - set(maze.starts)
    far = [cell for cell in maze.open_cells() if game.distance(maze.starts[0], cell) >= 3]
    if len(far) >= chasers:
        assert all(game.distance(maze.starts[0], start) >= 3 for start in maze.starts[1:])


def test_a_random_maze_with_few_dots():
    maze = random_maze(5, width=9, height=9, chasers=2, dots=3)
    assert len(maze.dots) == 3 and maze.chasers == 2
    corridor = random_maze(0, width=3, height=5)                 # one cell wide: nowhere to put a wall
    assert sorted(corridor.text().replace("%", "").replace("\n", "")) == [".", "G", "P"]
    assert corridor.open_cells() == ((1, 1), (1, 2), (1, 3))


@pytest.mark.parametrize("settings_, message", [
    (dict(width=2), "width must be a whole number from 3 to 100 \\(the border included\\), got 2"),
    (dict(height=7.0), "height must be a whole number from 3 to 100"),
    (dict(chasers=5), "chasers must be a whole number from 1 to 4, got 5"),
    (dict(dots=0), "dots must be a whole number >= 1 or None"),
    (dict(width=3, height=3), "a 3 x 3 maze has 1 open cell, too few for MAX, 1 chaser and a dot \\(they need 3\\)"),
    (dict(width=5, height=5, chasers=4, dots=4), "has 8 open cells, too few for MAX, 4 chasers and 4 dots"),
])
def test_impossible_random_mazes_are_refused(settings_, message):
    with pytest.raises(ValueError, match=message):
        random_maze(0, **settings_)
    with pytest.raises(ValueError, match="seed must be a whole number"):
        random_maze("one")


# --- chasers ------------------------------------------------------------------------------------

def test_directional_moves_are_cs188s_directional_ghost():
    game = MazeGame("tiny")
    state = game.result(game.initial, "South")       # G1 at (3, 1): West is 2 steps from P, South 4
    assert directional_moves(game, state) == (("South", Fraction(1, 10)), ("West", Fraction(9, 10)))
    assert directional_moves(game, state, p=0.5) == (("South", Fraction(1, 4)), ("West", Fraction(3, 4)))
    assert directional_moves(game, state, p=0) == (("South", Fraction(1, 2)), ("West", Fraction(1, 2)))
    stopped = game.result(game.initial, "Stop")      # P at (1, 1): West is 1 step from P, South 3
    assert dict(directional_moves(game, stopped, p=1)) == {"South": 0, "West": 1}
    medium = MazeGame("medium")
    for state in (medium.result(medium.initial, "Stop"), medium.play(["Stop", "North"])):
        assert sum(p for _, p in directional_moves(medium, state)) == 1


def test_chaser_policies_refuse_to_move_for_max_or_after_the_end():
    game = MazeGame("tiny")
    with pytest.raises(ValueError, match="it is P's turn"):
        directional_moves(game, game.initial)
    with pytest.raises(ValueError, match="the game is over"):
        random_chaser(game, game.play(["East", "West"]), random.Random(0))
    with pytest.raises(ValueError, match="p, the chance of a step toward MAX, must be a number from 0 to 1, got 1.5"):
        directional_moves(game, game.result(game.initial, "Stop"), p=1.5)
    with pytest.raises(ValueError, match="got True"):
        directional_moves(game, game.result(game.initial, "Stop"), p=True)
    with pytest.raises(TypeError, match="not a MazeState"):
        random_chaser(game, "state", random.Random(0))


def test_the_random_chaser_is_uniform_over_legal_moves_and_seeded():
    game = MazeGame("small")
    state = game.play(["East"])                      # G1 at (4, 3): North, South, East and West are open
    assert game.actions(state) == ("North", "South", "East", "West")
    draws = [random_chaser(game, state, random.Random(seed)) for seed in range(4000)]
    assert draws == [random_chaser(game, state, random.Random(seed)) for seed in range(4000)]
    assert all(abs(count / 4000 - 1 / 4) < 0.03 for count in Counter(draws).values()) and len(set(draws)) == 4


@pytest.mark.parametrize("p", [0.8, 0.5, Fraction(1, 3)])
def test_the_directional_chaser_steps_toward_max_as_often_as_it_says(p):
    game = MazeGame("small")
    state = game.play(["East"])                      # P at (2, 1), G1 at (4, 3): North is 3 steps from P
    expected = dict(directional_moves(game, state, p))
    chance = Fraction(str(p)) if isinstance(p, float) else p
    assert expected == {"North": chance + (1 - chance) / 4, "South": (1 - chance) / 4, "East": (1 - chance) / 4,
                        "West": (1 - chance) / 4}
    rng = random.Random(11)
    draws = Counter(directional_chaser(game, state, rng, p) for _ in range(6000))
    for action, probability in expected.items():
        assert abs(draws[action] / 6000 - probability) < 0.025, (action, draws)
    rng_a, rng_b = random.Random(3), random.Random(3)
    assert [directional_chaser(game, state, rng_a) for _ in range(50)] == \
        [directional_chaser(game, state, rng_b) for _ in range(50)]


def test_the_adversarial_chaser_plays_the_search():
    game = MazeGame("tiny")
    chaser = adversarial_chaser(alphabeta, depth=2, evaluate=score)
    assert chaser(game, game.result(game.initial, "East"), random.Random(0)) == "West"    # the catch
    with pytest.raises(TypeError, match="adversarial_chaser needs a search"):
        adversarial_chaser("alphabeta")
    lost = adversarial_chaser(lambda game, state: "West")
    with pytest.raises(ValueError, match="the search returned 'West', whose move is not a legal action of G1"):
        lost(game, game.result(game.initial, "East"), random.Random(0))


# --- play ---------------------------------------------------------------------------------------

def test_a_game_played_is_the_same_for_the_same_seed():
    game = MazeGame("small")
    one = play_game(game, greedy, directional_chaser, seed=4, max_moves=60)
    assert one == play_game(game, greedy, directional_chaser, seed=4, max_moves=60)
    assert isinstance(one, MazePlay) and one.start == game.initial
    assert game.play(one.moves) == one.final and one.score == one.final.score
    others = {play_game(game, greedy, random_chaser, seed=seed, max_moves=60).moves for seed in range(6)}
    assert len(others) > 1


def test_play_stops_at_the_end_of_the_game_or_after_max_moves():
    game = MazeGame("tiny")
    caught = play_game(game, stop, partial(directional_chaser, p=1), seed=0)
    assert caught.moves == ("Stop", "West", "Stop", "West") and caught.outcome == "loss" and caught.score == -502
    unfinished = play_game(MazeGame("small"), stop, random_chaser, seed=0, max_moves=7)
    assert unfinished.outcome == "unfinished" and unfinished.final.steps == 7 and unfinished.final.turn == 0
    assert len(unfinished.moves) == 14
    won = play_game(MazeGame("%%%%%%\n%P.G %\n%%%%%%"), lambda game, state: "East", random_chaser, seed=0)
    assert won.outcome == "win" and won.moves == ("East",) and won.score == 509
    assert play_game(game, stop, random_chaser, max_moves=0).moves == ()


def test_play_with_a_policy_for_each_chaser():
    game = MazeGame("medium")
    hunters = adversarial_chaser(alphabeta, depth=3, evaluate=score)
    played = play_game(game, greedy, [hunters, random_chaser], seed=2, max_moves=30)
    assert played == play_game(game, greedy, (hunters, random_chaser), seed=2, max_moves=30)
    assert played.outcome in ("win", "loss", "unfinished") and played.final.steps <= 30


def test_play_refuses_bad_players():
    game = MazeGame("tiny")
    with pytest.raises(ValueError, match="the agent played 'North' in .*; legal: South, East, Stop"):
        play_game(game, lambda game, state: "North", random_chaser)
    with pytest.raises(ValueError, match="the policy of G1 played 'Stop'"):
        play_game(game, stop, lambda game, state, rng: "Stop")
    with pytest.raises(TypeError, match="one per chaser \\(2 here\\)"):
        play_game(MazeGame("medium"), stop, [random_chaser])
    with pytest.raises(TypeError, match="the agent must be a function"):
        play_game(game, "Stop", random_chaser)
    with pytest.raises(TypeError, match="not a MazeGame"):
        play_game(layout("tiny"), stop, random_chaser)
    with pytest.raises(ValueError, match="max_moves must be a whole number >= 0"):
        play_game(game, stop, random_chaser, max_moves=-1)
    with pytest.raises(ValueError, match="seed must be a whole number"):
        play_game(game, stop, random_chaser, seed=1.5)


# --- the drawing --------------------------------------------------------------------------------

def parsed(svg):
    """The SVG's root element (the parse fails on malformed XML)."""
    return ET.fromstring(svg)


@pytest.mark.parametrize("name", sorted(LAYOUTS))
def test_the_drawing_is_well_formed_and_shows_every_part(name):
    game = MazeGame(name)
    state = game.result(game.initial, game.actions(game.initial)[0])
    svg = maze_svg(game, state, cell=20)
    root = parsed(svg)
    assert root.tag == f"{SVG}svg" and (root.get("width"), root.get("height")) == (
        str(game.maze.width * 20), str(game.maze.height * 20 + 20))
    assert len(root.findall(f".//{SVG}circle")) == len(state.dots)
    assert [p.get("fill") for p in root.findall(f"{SVG}path")] == [MAX_COLOUR]
    labels = [t.text for t in root.iter(f"{SVG}text")]
    assert labels == list(game.chasers) + [position_caption(game, state)]
    wall_area = sum(int(r.get("width")) * int(r.get("height")) for g in root.findall(f"{SVG}g")
                    if g.get("fill") == "#2a48c9" for r in g)
    assert wall_area == len(game.maze.walls) * 20 * 20


def test_the_drawing_is_the_same_every_time():
    game = MazeGame("classic")
    assert maze_svg(game) == maze_svg(MazeGame("classic"), game.initial)
    assert "id=" not in maze_svg(game)
    drawing = maze_svg(game)
    assert isinstance(drawing, MazeSvg) and isinstance(drawing, str) and drawing._repr_svg_() == str(drawing)


def test_the_caption_says_how_the_game_stands():
    game = MazeGame("tiny")
    assert position_caption(game, game.initial) == "score 0 · P to move · 2 dots left"
    assert position_caption(game, game.play(["East"])) == "score 9 · G1 to move · 1 dot left"
    assert position_caption(game, game.play(["East", "West"])) == "score -491 · P caught by G1"
    won = MazeGame("%%%%%%\n%P.G %\n%%%%%%")
    assert position_caption(won, won.play(["East"])) == "score 509 · maze clear: P wins"


def test_a_caption_and_marks_of_the_callers():
    game = MazeGame("tiny")
    svg = maze_svg(game, caption='<P> & "G1" said: ▲', marked=[(3, 3), (1, 2), (3, 3)])
    root = parsed(svg)
    assert [t.text for t in root.iter(f"{SVG}text")][-1] == '<P> & "G1" said: ▲'
    marks = [g for g in root.findall(f"{SVG}g") if g.get("stroke")]
    assert [(r.get("x"), r.get("y")) for r in marks[0]] == [("33", "65"), ("97", "97")]   # reading order, once


def test_the_drawing_refuses_bad_input():
    game = MazeGame("tiny")
    with pytest.raises(TypeError, match="maze_svg draws a MazeGame"):
        maze_svg(layout("tiny"))
    with pytest.raises(ValueError, match="cell must be a whole number of pixels from 8 to 200, got 3"):
        maze_svg(game, cell=3)
    with pytest.raises(ValueError, match="another maze"):
        maze_svg(game, MazeGame("classic").initial)
    with pytest.raises(ValueError, match="marked cell \\(7, 1\\) is not a cell"):
        maze_svg(game, marked=[(7, 1)])
    with pytest.raises(TypeError, match="caption must be text"):
        maze_svg(game, caption=3)


def test_a_notebook_shows_the_drawing_as_svg_png_and_a_line_of_text():
    from IPython.core.interactiveshell import InteractiveShell

    from minimax_lab.display.draw import PNG_SIGNATURE, png_size
    from minimax_lab.display.maze_drawing import PNG_SCALE, maze_png

    game = MazeGame("small")
    state = game.result(game.initial, "South")
    drawing = maze_svg(game, state, cell=24)
    data, metadata = InteractiveShell.instance().display_formatter.format(drawing)
    assert data["text/plain"] == "<maze drawing: score 9 · G1 to move · 24 dots left>"   # not the SVG's source
    assert data["image/svg+xml"] == str(drawing)
    assert metadata["image/png"] == {"width": 9 * 24, "height": 7 * 24 + 24}   # shown at the SVG's size
    png = maze_png(game, state, cell=24)
    assert png.startswith(PNG_SIGNATURE) and png_size(png) == (9 * 24 * PNG_SCALE, (7 * 24 + 24) * PNG_SCALE)
    titled = maze_png(game, cell=24, title=["A title", "in two lines"])
    assert png_size(titled)[1] > png_size(png)[1]


def test_the_png_refuses_what_the_svg_refuses():
    from minimax_lab.display.maze_drawing import maze_png

    game = MazeGame("tiny")
    with pytest.raises(ValueError, match="cell must be a whole number of pixels"):
        maze_png(game, cell=3)
    with pytest.raises(ValueError, match="another maze"):
        maze_png(game, MazeGame("classic").initial)
    with pytest.raises(TypeError, match="title must be a sequence of lines"):
        maze_png(game, title="one line")
