"""A tiny trick-taking card game with cards dealt face down: a game of imperfect information
(AIMA 4th ed., section 5.6.2).

Seen whole (every hand face up), a dealt position is a two-player, zero-sum game of perfect
information on the textbook protocol, which minimax can search ("double dummy"). A player sees
less: its own cards and the cards played. What it has seen is its `observation`, and the positions
it cannot tell apart make its belief state (search.imperfect).

The rules: each player is dealt `hand` cards from the deck, the rest stay face down out of play.
The leader plays any card; the other player must follow suit if it can; the higher card of the
suit led takes the trick, and its taker leads next. MAX's utility is the number of tricks it takes
(MIN's the negative), so a value is a count of MAX's tricks.

>>> game = CardGame("A♠ K♠ Q♠ A♥ K♥", hand=2)
>>> len(game.deals())
30
>>> state = game.deal(["A♠", "K♥"], ["K♠", "Q♠"])
>>> game.actions(state), game.result(game.result(state, "A♠"), "Q♠")
(('A♠', 'K♥'), CardState(MAX 'K♥' · MIN 'K♠' · played 'A♠ Q♠' · MAX 1, MIN 0 · MAX to move))
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import Iterable, Optional, Sequence

from ..core.text import kind_of, shown
from .entry import GameEntry, Inner, WireKind, items, whole_numbers
from .protocol import game_name, not_a_player, not_a_state

RANKS = "23456789TJQKA"
"""The ranks from low to high (T is the ten)."""

SUITS = "♠♥♦♣"
"""The suits, in the order hands are sorted."""

PLAYERS = ("MAX", "MIN")
"""The two players; MAX leads the first trick unless the game says otherwise."""

MOST_CARDS = 12
"""The most cards a deck may have: every deal is listed, and a belief state searched deal by deal."""

Hand = tuple[str, ...]


def card_key(card: str) -> tuple[int, int]:
    """Return the order in which hands list cards: by suit, then high to low."""
    return SUITS.index(card[1]), -RANKS.index(card[0])


def sorted_hand(cards: Iterable[str]) -> Hand:
    """Return the cards as a hand: a tuple by suit, high cards first."""
    return tuple(sorted(cards, key=card_key))


def read_cards(cards: str | Iterable[str], what: str = "the cards") -> Hand:
    """Return cards given as text ('A♠ K♥') or as a sequence of cards, each checked (a rank of
    RANKS then a suit of SUITS), as a hand; ValueError naming `what` otherwise."""
    listed = cards.split() if isinstance(cards, str) else list(cards)
    for card in listed:
        if type(card) is not str or len(card) != 2 or card[0] not in RANKS or card[1] not in SUITS:
            raise ValueError(f"{what}: {shown(card)} is not a card: a rank of {RANKS} then a suit of {SUITS}, "
                             "like 'A♠' or 'T♥'")
    if len(set(listed)) != len(listed):
        raise ValueError(f"{what}: a card appears twice in {shown(listed)}")
    return sorted_hand(listed)


def other(player: str) -> str:
    """Return the other player."""
    return "MIN" if player == "MAX" else "MAX"


def hands_text(hand: Sequence[str]) -> str:
    """Return a hand as text, 'A♠ K♥' ('-' when empty)."""
    return " ".join(hand) or "-"


@dataclass(frozen=True, slots=True)
class CardState:
    """A dealt position seen whole: the cards each player still holds (MAX's, MIN's), every card
    played so far in order, the tricks each has taken (MAX's, MIN's) and the player to move."""

    hands: tuple[Hand, Hand]
    played: tuple[str, ...]
    tricks: tuple[int, int]
    to_move: str
    leader: str
    """Who led the trick being played (or the next one)."""

    def __repr__(self) -> str:
        return (f"CardState(MAX {hands_text(self.hands[0])!r} · MIN {hands_text(self.hands[1])!r} · played "
                f"{hands_text(self.played)!r} · MAX {self.tricks[0]}, MIN {self.tricks[1]} · {self.to_move} to move)")

    @property
    def table(self) -> tuple[str, ...]:
        """Return the cards of the trick being played (the leader's, if it has played)."""
        return self.played[-1:] if self.to_move != self.leader else ()


class CardGame:
    """The trick-taking game on a deck of at most MOST_CARDS cards, `hand` cards dealt to each
    player, `first` leading the first trick. Every deal is equally likely; `deals()` lists them."""

    players = PLAYERS
    max_player = "MAX"

    def __init__(self, deck: str | Iterable[str], hand: int, first: str = "MAX"):
        self.deck = read_cards(deck, "the deck")
        if len(self.deck) > MOST_CARDS:
            raise ValueError(f"a deck of {len(self.deck)} cards is more than CardGame's MOST_CARDS = {MOST_CARDS}")
        if type(hand) is not int or not 1 <= hand <= len(self.deck) // 2:
            raise ValueError(f"hand must be a whole number from 1 to {len(self.deck) // 2} (half the deck), "
                             f"got {shown(hand)}")
        if first not in PLAYERS:
            raise ValueError(f"first must be 'MAX' or 'MIN', got {shown(first)}")
        self.hand, self.first = hand, first
        self.initial = self.deals()[0]
        """The first deal of deals(): play starts from a deal, a chance event; a search needs one."""

    def __repr__(self) -> str:
        first = "" if self.first == "MAX" else f", first={self.first!r}"
        return f"CardGame({hands_text(self.deck)!r}, hand={self.hand}{first})"

    # --- the deal: a chance event ------------------------------------------------------------------

    def deal(self, max_hand: str | Iterable[str], min_hand: str | Iterable[str]) -> CardState:
        """Return the position at the start of play when MAX holds `max_hand` and MIN `min_hand`."""
        hands = read_cards(max_hand, "MAX's hand"), read_cards(min_hand, "MIN's hand")
        for player, cards in zip(PLAYERS, hands):
            if len(cards) != self.hand:
                raise ValueError(f"{game_name(self)}: {player} holds {self.hand} cards, not {hands_text(cards)}")
            if not set(cards) <= set(self.deck):
                raise ValueError(f"{game_name(self)}: {hands_text(sorted_hand(set(cards) - set(self.deck)))} "
                                 "is not in the deck")
        if set(hands[0]) & set(hands[1]):
            raise ValueError(f"{game_name(self)}: MAX and MIN cannot both hold "
                             f"{hands_text(sorted_hand(set(hands[0]) & set(hands[1])))}")
        return CardState(hands, (), (0, 0), self.first, self.first)

    def deals(self) -> list[CardState]:
        """Return every deal, each as the position at the start of play (all equally likely)."""
        found = []
        for mine in combinations(self.deck, self.hand):
            rest = [card for card in self.deck if card not in mine]
            found += [self.deal(mine, theirs) for theirs in combinations(rest, self.hand)]
        return found

    # --- the rules, on a position seen whole ---------------------------------------------------------

    def to_move(self, state: CardState) -> str:
        try:
            return state.to_move
        except AttributeError:
            raise not_a_state(self, state) from None

    def actions(self, state: CardState) -> tuple[str, ...]:
        """Return the cards the player to move may play: any card when leading, else a card of the
        suit led if it holds one."""
        hand = self._hand(state, state.to_move)
        if not state.table:
            return hand
        suit = state.table[0][1]
        return tuple(card for card in hand if card[1] == suit) or hand

    def result(self, state: CardState, action: str) -> CardState:
        """Return the position after the player to move plays the card `action`."""
        if action not in self.actions(state):
            raise ValueError(f"{state}: {state.to_move} cannot play {shown(action)}; it may play "
                             f"{hands_text(self.actions(state))}")
        mover = state.to_move
        hands = tuple(tuple(card for card in hand if card != action) if player == mover else hand
                      for player, hand in zip(PLAYERS, state.hands))
        played = state.played + (action,)
        if not state.table:
            return CardState((hands[0], hands[1]), played, state.tricks, other(mover), state.leader)
        led = state.table[0]
        winner = mover if action[1] == led[1] and RANKS.index(action[0]) > RANKS.index(led[0]) else state.leader
        tricks = (state.tricks[0] + (winner == "MAX"), state.tricks[1] + (winner == "MIN"))
        return CardState((hands[0], hands[1]), played, tricks, winner, winner)

    def is_terminal(self, state: CardState) -> bool:
        try:
            return not state.hands[0] and not state.hands[1]
        except AttributeError:
            raise not_a_state(self, state) from None

    def utility(self, state: CardState, player: str) -> int:
        """Return the tricks MAX has taken, for MAX (their negative for MIN)."""
        if player not in PLAYERS:
            raise not_a_player(self, player, PLAYERS)
        try:
            taken = state.tricks[0]
        except AttributeError:
            raise not_a_state(self, state) from None
        return taken if player == "MAX" else -taken

    def _hand(self, state: CardState, player: str) -> Hand:
        if not isinstance(state, CardState):
            raise not_a_state(self, state)
        return state.hands[PLAYERS.index(player)]

    def check_state(self, state: object) -> None:
        """Raise TypeError unless `state` is a CardState (ValueError if its cards are not this deck's)."""
        if not isinstance(state, CardState):
            raise TypeError(f"{game_name(self)}: {shown(state)} is {kind_of(state)}, not a CardState: "
                            "make one with game.deal(max_hand, min_hand)")
        if not set(state.hands[0] + state.hands[1] + state.played) <= set(self.deck):
            raise ValueError(f"{game_name(self)}: {shown(state)} holds cards that are not in the deck")

    # --- what a player sees --------------------------------------------------------------------------

    def dealt(self, state: CardState, player: str) -> Hand:
        """Return the cards `player` was dealt: those it holds and those it has played."""
        hand = self._hand(state, player)
        return sorted_hand(hand + tuple(card for card, who in zip(state.played, self.players_of(state))
                                        if who == player))

    def players_of(self, state: CardState) -> tuple[str, ...]:
        """Return who played each card of state.played, in order."""
        who, leader, table = [], self.first, None
        for card in state.played:
            if table is None:
                who.append(leader)
                table = card
            else:
                follower = other(leader)
                who.append(follower)
                wins = card[1] == table[1] and RANKS.index(card[0]) > RANKS.index(table[0])
                leader, table = (follower if wins else leader), None
        return tuple(who)

    def observation(self, state: CardState, player: str) -> tuple[Hand, tuple[str, ...]]:
        """Return what `player` has seen of `state`: the cards it was dealt, and the cards played."""
        if player not in PLAYERS:
            raise not_a_player(self, player, PLAYERS)
        return self.dealt(state, player), state.played

    def replay(self, deal: CardState, played: Iterable[str]) -> Optional[CardState]:
        """Return the position reached from `deal` by playing the cards `played` in order, or None
        when a card cannot be played there (not in the mover's hand, or it breaks suit)."""
        state = deal
        for card in played:
            if self.is_terminal(state) or card not in self.actions(state):
                return None
            state = self.result(state, card)
        return state

    def unseen(self, state: CardState, player: str) -> Hand:
        """Return the cards `player` has not seen: the deck less its own cards and the cards played."""
        seen = set(self.dealt(state, player)) | set(state.played)
        return tuple(card for card in self.deck if card not in seen)


# --- the registry's entry (minimax_lab.games.registry) -----------------------------------------

def _cards(body: object, what: str) -> list[str]:
    """Return `body` if it is a list of cards' names (str); raise ValueError naming `what` if not."""
    if type(body) is not list or any(type(card) is not str for card in body):
        raise ValueError(f"{what} must be a list of cards")
    return body


def _decode_card_game(body: object, inner: Inner, game: None) -> CardGame:
    deck, hand, first = items(body, 3, "a CardGame")
    return CardGame(_cards(deck, "its deck"), hand, first)


def _decode_card_state(body: object, inner: Inner, game: Optional[CardGame]) -> CardState:
    max_hand, min_hand, played, tricks, to_move, leader = items(body, 6, "a CardState")
    tricks = whole_numbers(items(tricks, 2, "its tricks"), "its tricks")
    if to_move not in PLAYERS or leader not in PLAYERS:
        raise ValueError("the player to move and the leader must be 'MAX' or 'MIN'")
    state = CardState((tuple(_cards(max_hand, "MAX's hand")), tuple(_cards(min_hand, "MIN's hand"))),
                      tuple(_cards(played, "the cards played")), (tricks[0], tricks[1]), to_move, leader)
    if game is None:
        raise ValueError("a CardState is read against its game, sent before it")
    game.check_state(state)
    return state


CARDS = GameEntry(
    name="the card game", rules=CardGame,
    wire_game=WireKind("CardGame", CardGame, lambda game, inner: [list(game.deck), game.hand, game.first],
                       _decode_card_game),
    wire_states=(WireKind("CardState", CardState,
                          lambda state, inner: [list(state.hands[0]), list(state.hands[1]), list(state.played),
                                                list(state.tricks), state.to_move, state.leader],
                          _decode_card_state),),
    kit_modules=("games/cards.py",))
"""The card game of lesson 14: a game crosses the grader's pipe as its deck, hand size and first
player, a position as its hands, the cards played, the tricks and who moves and led (read against
the game sent before it); the kit's minimax_lab names none of it, as only its lesson asks for it."""
