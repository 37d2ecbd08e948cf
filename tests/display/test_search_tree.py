"""Tests for minimax_lab.display.search_tree: the tree a search over MAX and several agents explores
(the maze's first round on the tiny layout, as lesson 09 draws it), drawn with the course's drawing."""

import pytest

from minimax_lab import minimax
from minimax_lab.display.draw import MAX_DRAW_NODES
from minimax_lab.display.search_tree import draw_search_tree, search_tree
from minimax_lab.games.maze import MazeGame
from minimax_lab.search.agents import agents_search


def score(state):
    return state.score


def test_the_first_round_on_the_tiny_maze_by_hand():
    game = MazeGame("tiny")
    tree, names = search_tree(game, depth=1, evaluate=score)
    # P: South, East, Stop; then G1 from (3, 1): South or West (onto P after East)
    assert tree.tree == [[-1, -1], [9, -491], [-1, -1]] and tree.turns == ("MAX", "G1")
    assert [names[(i,)] for i in range(3)] == ["South", "East", "Stop"]
    assert [names[(1, j)] for j in range(2)] == ["South", "West"]
    assert minimax(tree).value == -1 and minimax(tree).pv == (0, 0)


@pytest.mark.parametrize("name, depth", [("tiny", 1), ("tiny", 2), ("tiny", 3), ("small", 1), ("medium", 1)])
def test_the_tree_is_the_one_agents_search_explores(name, depth):
    game = MazeGame(name)
    tree, names = search_tree(game, depth=depth, evaluate=score)
    searched = minimax(tree)
    expected = agents_search(game, depth=depth, evaluate=score)
    assert (searched.value, searched.nodes, searched.leaves) == (expected.value, expected.nodes, expected.leaves)
    assert tuple(names[searched.pv[:i + 1]] for i in range(len(searched.pv))) == expected.pv
    assert tree.turns == ("MAX",) + game.chasers


def test_a_chaser_to_move_at_the_root_comes_first_in_the_turns():
    game = MazeGame("medium")
    after = game.result(game.initial, "East")
    tree, _ = search_tree(game, after, depth=1, evaluate=score)
    assert tree.turns == ("G1", "G2", "MAX")
    assert minimax(tree).value == agents_search(game, after, depth=1, evaluate=score).value


def test_the_drawing_is_the_course_drawing_with_named_edges():
    drawing = draw_search_tree(MazeGame("tiny"), depth=1, evaluate=score)
    assert repr(drawing) == "<tree drawing: 10 nodes>"
    source = drawing.source
    assert 'label=" East"' in source and 'label=" West"' in source
    assert source.count("invtriangle") == 3 and source.count("shape=triangle") == 1


def test_a_tree_too_big_to_draw_or_a_game_over_is_refused():
    with pytest.raises(ValueError, match=f"explores more than {MAX_DRAW_NODES} nodes"):
        search_tree(MazeGame("classic"), depth=2, evaluate=score)
    game = MazeGame("tiny")
    with pytest.raises(ValueError, match="the game is over"):
        search_tree(game, game.play(["East", "West"]), depth=1, evaluate=score)
    with pytest.raises(ValueError, match="depth"):
        search_tree(game, depth=0, evaluate=score)
    with pytest.raises(TypeError, match="evaluate must be a function"):
        search_tree(game, depth=1, evaluate=3)
