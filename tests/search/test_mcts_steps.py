"""Tests for uct's steps (mcts.UCTStep, step_text, tree_text): what the lesson's stepper prints is
the search's own record, and recording changes nothing about the search."""

import math

import pytest

from minimax_lab import TicTacToe
from minimax_lab.search.mcts import step_text, tree_text, ucb1, uct

TINY = [[1, -1], [0, 1], [-1, 0]]


def test_recording_the_steps_changes_nothing():
    game = TicTacToe()
    state = game.state("X........")
    steps = []
    assert uct(game, state, playouts=300, seed=3, steps=steps) == uct(game, state, playouts=300, seed=3)
    assert len(steps) == 300


def test_each_step_agrees_with_the_tree_the_search_leaves():
    steps = []
    result = uct(TINY, playouts=40, seed=1, steps=steps)
    root = result.tree
    assert root.visits == len(steps) == 40
    for number, step in enumerate(steps, 1):
        assert step.backed_up[0] == ((), number, 0.0)           # the root: one more visit per playout
        assert step.selected[0] == () and len(step.scores) == len(step.selected) - 1
        where = step.backed_up[-1][0]
        assert where[:len(step.selected[-1])] == step.selected[-1]
    last = steps[-1]
    node = root
    for path, visits, total in last.backed_up:
        node = node if not path else node.children[path[-1]]
        assert (node.path, node.visits, node.total) == (path, visits, total)


def test_the_scores_are_ucb1_of_the_children_and_selection_takes_the_best():
    steps = []
    uct(TINY, playouts=6, seed=2, steps=steps)
    before = uct(TINY, playouts=5, seed=2).tree
    scores = steps[5].scores[0]
    assert scores == {move: ucb1(child, before.visits, math.sqrt(2)) for move, child in before.children.items()}
    assert steps[5].selected[1] == (max(scores, key=scores.get),)


def test_the_first_playouts_expand_the_root_s_moves_in_order():
    steps = []
    uct(TINY, playouts=3, seed=0, steps=steps)
    assert [step.expanded for step in steps] == [0, 1, 2]
    assert all(step.selected == ((),) and step.scores == () for step in steps)


def test_the_texts_show_each_step_and_the_tree():
    steps = []
    result = uct(TINY, playouts=6, seed=2, steps=steps)
    text = step_text(steps[5], 6)
    assert text.splitlines()[0] == "playout 6" and "root: UCB1 [0] 1.37, [1] 1.79, [2] 0.79 -> [1]" in text
    assert "expand:    [1][0]" in text and "back up:   root N=6; [1] N=2 U=0; [1][0] N=1 U=0" in text
    assert tree_text(result.tree).splitlines()[0] == "root N=6"
    assert "  [1] N=2 U=0" in tree_text(result.tree).splitlines()


def test_steps_must_be_a_list():
    with pytest.raises(TypeError, match="steps must be a list"):
        uct(TINY, playouts=2, steps=())
