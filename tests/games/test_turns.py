"""Tests for minimax_lab.games.turns: a tree whose players move in a cycle (one MAX level, then one
MIN level per ghost), searched by minimax and alpha-beta as they are, refused by negamax."""

import pytest

from minimax_lab import TreeGame, alphabeta, minimax, negamax
from minimax_lab.core.trees import random_tree
from minimax_lab.games.turns import TurnTree

GHOSTS = ("MAX", "ghost 1", "ghost 2")


def ghost_value(tree, depth=0):
    """Minimax written for the cycle MAX, ghost, ghost, the definition the tests compare with."""
    if not isinstance(tree, list):
        return tree
    values = [ghost_value(child, depth + 1) for child in tree]
    return max(values) if depth % 3 == 0 else min(values)


def test_the_players_move_in_the_cycle():
    game = TurnTree([[[1, 2]]], turns=GHOSTS)
    assert [game.to_move(path) for path in ((), (0,), (0, 0))] == list(GHOSTS)
    assert game.utility((0, 0, 1), "MAX") == 2 and game.utility((0, 0, 1), "ghost 1") == -2


@pytest.mark.parametrize("seed", range(30))
def test_minimax_and_alphabeta_give_each_ghost_its_own_min_level(seed):
    tree = random_tree(2 + seed % 2, 1 + seed % 6, seed=seed, ragged=seed % 3 == 0)
    game = TurnTree(tree, turns=GHOSTS)
    assert minimax(game).value == alphabeta(game).value == ghost_value(tree)
    assert alphabeta(game).nodes <= minimax(game).nodes


def test_two_turns_are_the_alternating_tree():
    tree = random_tree(3, 4, seed=5)
    assert minimax(TurnTree(tree)).value == minimax(TreeGame(tree)).value


def test_negamax_refuses_two_min_levels_in_a_row():
    with pytest.raises(ValueError, match="out of turn"):
        negamax(TurnTree([[[3, 12], [8, 2]], [[4, 6], [14, 5]]], turns=GHOSTS))


@pytest.mark.parametrize("turns", ["MAX", (), ("MAX", "MAX"), ("ghost 1", "ghost 2"), ("MAX", 2)])
def test_bad_turns_are_refused_with_a_clear_error(turns):
    with pytest.raises(ValueError, match="turns must"):
        TurnTree([1, 2], turns=turns)
