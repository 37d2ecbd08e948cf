"""Tests for minimax_lab.games.nim: the rules of Nim, and Bouton's XOR rule against search."""

import itertools
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from minimax_lab import Game, Nim, NimState, alphabeta, bouton_moves, bouton_wins, minimax, nim_sum

# Every configuration of up to three heaps of 0..4 and four heaps of 0..2, as sorted tuples.
CONFIGURATIONS = sorted({tuple(sorted(h)) for n in range(1, 4) for h in itertools.product(range(5), repeat=n)}
                        | {tuple(sorted(h)) for h in itertools.product(range(3), repeat=4)})


def test_protocol_and_basics():
    game = Nim([1, 2])
    assert isinstance(game, Game)
    assert game.initial == NimState((1, 2), "A") and game.max_player == "A"
    assert game.actions(game.initial) == ((0, 1), (1, 1), (1, 2))
    assert game.result(game.initial, (1, 2)) == NimState((1, 0), "B")
    assert not game.is_terminal(game.initial)
    assert hash(game.result(game.initial, (0, 1))) == hash(NimState((0, 2), "B"))
    assert repr(game) == "Nim([1, 2])"


def test_who_takes_the_last_object_wins():
    game = Nim([2])
    after_a = game.result(game.initial, (0, 2))
    assert game.is_terminal(after_a)
    assert (game.utility(after_a, "A"), game.utility(after_a, "B")) == (1, -1)
    after_b = game.result(game.result(game.initial, (0, 1)), (0, 1))
    assert (game.utility(after_b, "A"), game.utility(after_b, "B")) == (-1, 1)


def test_empty_heaps_lose_for_the_player_to_move():
    game = Nim([0, 0])
    assert game.is_terminal(game.initial) and game.actions(game.initial) == ()
    assert minimax(game).value == -1


@pytest.mark.parametrize("action", [(0, 0), (0, 3), (2, 1), (-1, 1), (1,), "01", None, (True, 1), (0.0, 1)])
def test_illegal_actions_are_refused_by_name(action):
    game = Nim([2, 1])
    with pytest.raises(ValueError, match="illegal move " + re.escape(repr(action))):
        game.result(game.initial, action)


def test_bad_heaps_are_refused():
    with pytest.raises(ValueError, match="heap 1: size -1"):
        Nim([1, -1])
    with pytest.raises(ValueError, match="heap 0: size 1.5"):
        Nim([1.5])


def test_nim_sum_and_bouton_moves():
    assert nim_sum([3, 4, 5]) == 2 and nim_sum([]) == 0
    assert bouton_moves([3, 4, 5]) == ((0, 2),)
    assert bouton_moves([1, 2, 3]) == ()
    assert bouton_moves([5, 5, 7]) == ((0, 3), (1, 3), (2, 7))
    for heaps in CONFIGURATIONS:
        for heap, count in bouton_moves(heaps):
            after = list(heaps)
            after[heap] -= count
            assert nim_sum(after) == 0


def test_bouton_rule_agrees_with_search_everywhere():
    assert len(CONFIGURATIONS) > 40
    for heaps in CONFIGURATIONS:
        value = alphabeta(Nim(heaps)).value
        assert value == (1 if bouton_wins(heaps) else -1), heaps


@pytest.mark.parametrize("heaps", [(1, 2, 3), (1, 3, 4), (2, 3, 4), (2, 2, 3), (1, 1, 2, 3),
                                   pytest.param((3, 4, 5), marks=pytest.mark.slow)])  # 120 positions, searched whole
def test_the_winning_moves_are_bouton_moves(heaps):
    game = Nim(heaps)
    winning = tuple(a for a in game.actions(game.initial)
                    if alphabeta(game, game.result(game.initial, a)).value == 1)
    assert winning == bouton_moves(heaps)


def test_heap_order_does_not_matter_to_the_value():
    assert {alphabeta(Nim(h)).value for h in itertools.permutations((1, 2, 4))} == {1}


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(0, 3), min_size=1, max_size=3))
def test_minimax_and_alphabeta_agree_with_bouton(heaps):
    assert minimax(Nim(heaps)).value == alphabeta(Nim(heaps)).value == (1 if bouton_wins(heaps) else -1)


@pytest.mark.parametrize("state, error, message", [
    (((1, 2), "A"), TypeError,
     "Nim([1, 2]): ((1, 2), 'A') is a tuple, not a NimState: build one with NimState(heaps, to_move)"),
    (NimState((1, 2), "C"), ValueError, "the player to move must be 'A' or 'B'"),
    (NimState((1, 2, 3), "A"), ValueError, "has 3 heaps, but this game has 2 heaps (it belongs to another game of Nim?)"),
    (NimState([1, 2], "A"), ValueError, "must have a tuple of 2 heaps"),
    (NimState((1, 3), "B"), ValueError, "heap 1 must hold a whole number from 0 to 2 (its size at the start), not 3"),
    (NimState((1, -1), "B"), ValueError, "not -1"),
    (NimState((1, 1.0), "B"), ValueError, "not 1.0"),
])
def test_a_start_state_of_the_wrong_kind_is_refused(state, error, message):
    with pytest.raises(error, match=re.escape(message)):
        Nim([1, 2]).check_state(state)
    with pytest.raises(error, match=re.escape(message)):
        minimax(Nim([1, 2]), state)


def test_states_are_frozen_dataclasses_equal_by_heaps_and_player():
    game = Nim([1, 2])
    assert game.result(game.initial, (1, 1)) == NimState((1, 1), "B") != NimState((1, 1), "A")
    assert minimax(game, NimState((0, 2), "B")).value == -1  # B takes both and wins
    with pytest.raises(AttributeError):
        game.initial.to_move = "B"
