"""The card game of lesson 14 (minimax_lab.games.cards) and the searches with imperfect information
(minimax_lab.search.imperfect): the rules, what a player sees, belief states, averaging over
clairvoyance, and the value of a belief state checked against a brute-force search of MAX's strategies."""

import functools
import random
from fractions import Fraction
from math import comb

import pytest

from minimax_lab import minimax
from minimax_lab.games.cards import CardGame, CardState, read_cards
from minimax_lab.games.protocol import Game
from minimax_lab.games.registry import entry_of
from minimax_lab.search.imperfect import (
    averaging_over_clairvoyance,
    belief_state,
    belief_values,
    pareto,
)


def test_it_is_a_game_of_the_registry():
    game = CardGame("A♠ K♠ Q♠ A♥", hand=2)
    assert isinstance(game, Game) and entry_of(game).name == "the card game"


def test_every_deal_is_listed_once():
    game = CardGame("A♠ K♠ Q♠ J♠ A♥ K♥ Q♥", hand=3)
    deals = game.deals()
    assert len(deals) == comb(7, 3) * comb(4, 3) == len(set(deals))


def test_the_follower_must_follow_suit_and_the_higher_card_of_the_suit_led_wins():
    game = CardGame("A♠ K♠ Q♠ A♥ K♥ Q♥", hand=3)
    state = game.deal("K♠ A♥ Q♥", "A♠ Q♠ K♥")
    after = game.result(state, "A♥")
    assert game.actions(after) == ("K♥",)          # MIN must follow in hearts
    after = game.result(after, "K♥")
    assert after.tricks == (1, 0) and game.to_move(after) == "MAX"
    after = game.result(game.result(after, "K♠"), "A♠")
    assert after.tricks == (1, 1) and game.to_move(after) == "MIN"   # the taker leads next
    after = game.result(game.result(after, "Q♠"), "Q♥")              # MAX has no spade: a discard loses
    assert game.is_terminal(after) and game.utility(after, "MAX") == 1 and game.utility(after, "MIN") == -1


def test_illegal_cards_and_bad_decks_are_refused():
    game = CardGame("A♠ K♠ Q♠ A♥", hand=2)
    state = game.deal("A♠ A♥", "K♠ Q♠")
    with pytest.raises(ValueError, match="cannot play"):
        game.result(state, "K♠")
    with pytest.raises(ValueError, match="not a card"):
        read_cards("A♠ 1♠")
    with pytest.raises(ValueError, match="twice"):
        read_cards("A♠ A♠")
    with pytest.raises(ValueError, match="hand must be"):
        CardGame("A♠ K♠ Q♠", hand=2)
    with pytest.raises(ValueError, match="both hold"):
        game.deal("A♠ A♥", "A♠ Q♠")


def test_an_observation_is_the_player_s_own_cards_and_the_cards_played():
    game = CardGame("A♠ K♠ Q♠ A♥ K♥", hand=2)
    state = game.result(game.deal("A♠ K♥", "K♠ Q♠"), "A♠")
    assert game.observation(state, "MAX") == (("A♠", "K♥"), ("A♠",))
    assert game.observation(state, "MIN") == (("K♠", "Q♠"), ("A♠",))
    assert game.unseen(state, "MAX") == ("K♠", "Q♠", "A♥")


def random_positions(count, seed=13):
    """Return (game, MAX's belief state) for `count` random small positions, MAX to move."""
    rng, found = random.Random(seed), []
    while len(found) < count:
        cards = [rank + suit for suit in "♠♥♦"[:rng.choice((2, 3))] for rank in "AKQJT98"]
        hand = rng.choice((2, 3))
        game = CardGame(rng.sample(cards, rng.randint(2 * hand + 1, 2 * hand + 2)), hand, rng.choice(("MAX", "MIN")))
        state = rng.choice(game.deals())
        for _ in range(rng.randrange(3)):
            if not game.is_terminal(state):
                state = game.result(state, rng.choice(game.actions(state)))
        if not game.is_terminal(state) and game.to_move(state) == "MAX":
            found.append((game, state))
    return found


@functools.lru_cache(maxsize=None)
def positions(count, seed):
    """random_positions(count, seed), made once in the process that runs a test asking for them (not
    at collection, which every test process does)."""
    return tuple(random_positions(count, seed))


@pytest.mark.parametrize("index", range(20))
def test_a_belief_state_holds_the_real_position_and_only_positions_seen_alike(index):
    game, state = positions(20, 13)[index]
    states = belief_state(game, state, "MAX")
    assert state in states
    assert all(game.observation(s, "MAX") == game.observation(state, "MAX") for s in states)
    assert all(game.actions(s) == game.actions(state) for s in states)
    unseen = len(game.unseen(state, "MAX"))
    assert len(states) <= comb(unseen, len(state.hands[1]))


def strategies_value(game, states):
    """Return each action's value by listing MAX's strategies one by one (the slow way)."""
    class Unset(Exception):
        pass

    def value(state, strategy):
        if game.is_terminal(state):
            return game.utility(state, "MAX")
        if game.to_move(state) == "MAX":
            seen = game.observation(state, "MAX")
            if seen not in strategy:
                raise Unset(seen, game.actions(state))
            return value(game.result(state, strategy[seen]), strategy)
        return min(value(game.result(state, a), strategy) for a in game.actions(state))

    def best(strategy):
        try:
            return Fraction(sum(value(s, strategy) for s in states), len(states))
        except Unset as unset:
            seen, actions = unset.args
            return max(best({**strategy, seen: a}) for a in actions)

    root = game.observation(states[0], "MAX")
    return {a: best({root: a}) for a in game.actions(states[0])}


@pytest.mark.parametrize("index", [index if index < 5 else pytest.param(index, marks=pytest.mark.slow)
                                   for index in range(15)])
@pytest.mark.slow
def test_belief_values_is_the_best_strategy_found_by_listing_them(index):
    game, state = positions(15, 38)[index]
    states = belief_state(game, state, "MAX")
    assert belief_values(game, states).values == strategies_value(game, states)


@pytest.mark.parametrize("index", range(25))
def test_clairvoyance_never_values_an_action_below_its_true_value(index):
    game, state = positions(25, 7)[index]
    states = belief_state(game, state, "MAX")
    fooled, true = averaging_over_clairvoyance(game, states), belief_values(game, states)
    assert all(fooled.values[a] >= true.values[a] for a in game.actions(state))
    for a, average in fooled.values.items():
        assert average == Fraction(sum(minimax(game, game.result(s, a)).value for s in states), len(states))


def test_with_one_deal_both_searches_are_minimax():
    game = CardGame("A♠ K♠ Q♠ A♥ K♥ Q♥", hand=3)        # every card dealt: nothing hidden
    state = game.deal("A♠ Q♠ K♥", "K♠ A♥ Q♥")
    states = belief_state(game, state, "MAX")
    assert states == [state]
    assert averaging_over_clairvoyance(game, states).values == belief_values(game, states).values
    assert belief_values(game, states).value == minimax(game, state).value


def test_the_lesson_s_deal_is_a_trap_for_clairvoyance():
    game = CardGame("A♠ K♠ Q♠ 9♠ 8♠ A♥ K♥ Q♥ J♥", hand=4)
    states = belief_state(game, game.deal("A♠ 9♠ A♥ Q♥", "K♠ 8♠ K♥ J♥"), "MAX")
    fooled, true = averaging_over_clairvoyance(game, states), belief_values(game, states)
    assert (fooled.move, fooled.value) == ("A♠", 3)
    assert (true.move, true.value, true.values["A♠"]) == ("A♥", Fraction(14, 5), Fraction(13, 5))


def test_the_searches_refuse_a_belief_state_where_min_moves():
    game = CardGame("A♠ K♠ Q♠ A♥", hand=2, first="MIN")
    state = game.deal("A♠ A♥", "K♠ Q♠")
    with pytest.raises(ValueError, match="MAX must be to move"):
        belief_values(game, [state])
    with pytest.raises(ValueError, match="at least one"):
        averaging_over_clairvoyance(game, [])


def test_pareto_keeps_the_undominated_vectors():
    assert pareto({(1, 2), (2, 1), (1, 1), (2, 2)}) == {(2, 2)}
    assert pareto({(0, 3), (3, 0)}) == {(0, 3), (3, 0)}


def test_states_are_immutable_and_hashable():
    state = CardGame("A♠ K♠ Q♠ A♥", hand=2).deal("A♠ A♥", "K♠ Q♠")
    assert isinstance(state, CardState) and hash(state) == hash(CardState(*[getattr(state, f) for f in
                                                                           ("hands", "played", "tricks", "to_move", "leader")]))
    with pytest.raises(AttributeError):
        state.played = ("A♠",)
