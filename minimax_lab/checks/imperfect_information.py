"""Checks for lesson 14 (imperfect information): its Your turn exercises and Check yourself
questions.

Every expected answer is computed by the package (the belief state and the searches of
search.imperfect on the lesson's card game); the deal, the road's payoffs and the random card games
below are the exercises' data. Unanswered (`...`, or a function that still raises
NotImplementedError), a check prints "Not answered yet" with a hint. A first wrong answer gets a
hint; the answer comes with the second wrong try, or with check.<name>.answer().

>>> verdict = belief_size(...)
Not answered yet: MIN holds some of the cards you cannot see: in how many ways?
>>> belief_size(len(lesson_belief())).correct
Correct: 5. You see your 4 cards; of the other 5, MIN holds 4 and one lies face down out of play: 5 ways to choose the card MIN lacks.
True
"""

from __future__ import annotations

import random
from fractions import Fraction
from functools import cache
from math import comb
from typing import Optional, TypedDict

from ..core.text import value_text
from ..games.cards import CardGame, CardState, hands_text
from ..running.guard import Outcome
from ..search import plain
from ..search.imperfect import averaging_over_clairvoyance, belief_state, belief_values
from .core import CASE_SEED, Verdict, check_answer, check_function, choice, exercise, lesson_prelude, same

DECK = "A♠ K♠ Q♠ 9♠ 8♠ A♥ K♥ Q♥ J♥"
"""The lesson's deck: nine cards, four dealt to each player, one left face down out of play."""

HAND = 4
"""The cards dealt to each player in the lesson's game."""

MAX_HAND = "A♠ 9♠ A♥ Q♥"
"""The cards MAX (you) is dealt in the lesson's position."""

MIN_HAND = "K♠ 8♠ K♥ J♥"
"""The cards MIN is really dealt there (MAX does not see them)."""


def lesson_game() -> CardGame:
    """Return the lesson's card game: DECK, HAND cards each, MAX leading."""
    return CardGame(DECK, HAND)


def lesson_deal() -> CardState:
    """Return the lesson's position: the real deal, MAX to lead."""
    return lesson_game().deal(MAX_HAND, MIN_HAND)


@cache
def _lesson_belief() -> tuple[CardState, ...]:
    game = lesson_game()
    return tuple(belief_state(game, lesson_deal(), "MAX"))


def lesson_belief() -> list[CardState]:
    """Return MAX's belief state in the lesson's position: the deals MAX cannot tell apart."""
    return list(_lesson_belief())


# --- Your turn: how big is the belief state? ------------------------------------------------------

@exercise("predict")
def belief_size(answer: object) -> Verdict:
    """Check the number of positions in MAX's belief state at the start of the lesson's deal."""
    game = lesson_game()
    states = lesson_belief()
    unseen = len(game.deck) - HAND
    mistakes = {
        1: "That is the real deal only, but MAX cannot see MIN's cards: which other deals look the same to MAX?",
        len(game.deals()): "That counts every deal of the game, but MAX sees its own four cards: only deals that "
                           "give MAX these cards look the same.",
        comb(len(game.deck), HAND): "That counts the hands MAX could have been dealt; MAX knows its hand.",
        unseen * (unseen - 1) * (unseen - 2) * (unseen - 3): "That counts MIN's cards in order; a hand is a set of "
                                                             "cards, in no order.",
    }
    why = (f"You see your {HAND} cards; of the other {unseen}, MIN holds {HAND} and one lies face down out of "
           f"play: {len(states)} ways to choose the card MIN lacks.")
    return check_answer(answer, len(states), mistakes=mistakes, why=why,
                        hint="MIN holds some of the cards you cannot see: in how many ways?")


# --- Your turn: write averaging over clairvoyance ----------------------------------------------------

CLAIRVOYANCE_CASES = 30
"""Random small card positions the clairvoyance exercise tries, after the lesson's own."""

CLAIRVOYANCE_HINT = ("for each card MAX may play (game.actions(states[0])), add up minimax_value(game, "
                     "game.result(s, card)) over every s in states and divide by len(states); return the best "
                     "average and the first card that has it")

MISTAKES: dict[str, str] = {
    "sum": "adds the values up without dividing by the number of positions: return the average",
    "each deal's best": ("lets MAX play the best card of each deal separately; one card is played in all of them, "
                         "so average each card's values, then pick the card"),
    "last best": "keeps the last of the cards with the best average; keep the first (use > , or max)",
    "one deal": "searches only the first position of the belief state; average over all of them",
    "alternating": ("uses a minimax in which the players take turns; here the trick's winner leads next, so ask "
                    "at each position who moves (minimax_value)"),
    "worst": "takes the card with the lowest average; MAX wants the highest",
}
"""The typical mistakes of the clairvoyance exercise (mistaken_clairvoyance's `mistake`): what each does."""


def clairvoyance_reference(game: CardGame, states: list[CardState]) -> tuple[Fraction, Optional[str]]:
    """Return the answer key of the clairvoyance exercise: the package's average and card."""
    found = averaging_over_clairvoyance(game, states)
    return found.value, found.move


def alternating_value(game: CardGame, state: CardState) -> float:
    """Return MAX's value of `state` by a minimax whose players take turns (lesson 1's minimax_search)."""
    return plain.minimax_search(game, state)[0]


def mistaken_clairvoyance(game: CardGame, states: list[CardState], mistake: str) -> tuple[Fraction, Optional[str]]:
    """Return (value, card) as averaging over clairvoyance with one typical mistake (MISTAKES) finds them."""
    value = alternating_value if mistake == "alternating" else plain.minimax_value
    if mistake == "each deal's best":
        total = sum(max(value(game, game.result(s, a)) for a in game.actions(s)) for s in states)
        return Fraction(total) / len(states), None
    used = states[:1] if mistake == "one deal" else states
    averages = {a: Fraction(sum(value(game, game.result(s, a)) for s in used)) / len(used)
                for a in game.actions(states[0])}
    if mistake == "sum":
        averages = {a: v * len(used) for a, v in averages.items()}
    cards = list(averages)
    if mistake == "last best":
        cards.reverse()
    pick = min if mistake == "worst" else max
    best = pick(cards, key=lambda a: averages[a])
    return averages[best], best


def clairvoyance_mistake(outcome: Outcome, game: CardGame, states: list[CardState]) -> str:
    """Return a hint naming the typical mistakes whose result on this case is what the student's
    function returned ('' when none is), never the right result."""
    if outcome.problem is not None or outcome.error is not None:
        return ""
    answer = outcome.value
    if not isinstance(answer, tuple) or len(answer) != 2:
        return "Return a pair: the best average value and the card that has it, (value, card)."
    right = clairvoyance_reference(game, states)
    made = []
    for mistake, what in MISTAKES.items():
        value, card = mistaken_clairvoyance(game, states, mistake)
        wrong = not same(value, right[0]) if card is None else not (same(value, right[0]) and card == right[1])
        if wrong and same(answer[0], value) and (card is None or answer[1] == card):
            made.append(what)
    return ("Your function probably " + "; or it ".join(made) + ".") if made else ""


def random_position(rng: random.Random) -> tuple[CardGame, list[CardState]]:
    """Return a small random card game and MAX's belief state in a random position of it, MAX to move."""
    while True:
        suits = "♠♥♦"[:rng.choice((2, 3))]
        cards = [rank + suit for suit in suits for rank in "AKQJT98"]
        hand = rng.choice((2, 3))
        deck = rng.sample(cards, rng.randint(2 * hand + 1, min(len(cards), 2 * hand + 2)))
        game = CardGame(deck, hand, first=rng.choice(("MAX", "MIN")))
        state = rng.choice(game.deals())
        for _ in range(rng.randrange(3)):
            if not game.is_terminal(state):
                state = game.result(state, rng.choice(game.actions(state)))
        if not game.is_terminal(state) and game.to_move(state) == "MAX":
            return game, belief_state(game, state, "MAX")


def clairvoyance_case_size(case: tuple[CardGame, list[CardState]]) -> int:
    """Return how big a case is: its positions times the cards MAX still holds."""
    game, states = case
    return len(states) * len(states[0].hands[0])


def clairvoyance_cases(count: int = CLAIRVOYANCE_CASES, seed: Optional[int] = None) -> list[tuple[CardGame, list[CardState]]]:
    """Return the cases of the clairvoyance exercise, (game, states) each, smallest first: `count`
    random small positions drawn from `seed` (default CASE_SEED), then the lesson's own."""
    rng = random.Random(CASE_SEED.get() if seed is None else seed)
    cases = [random_position(rng) for _ in range(count)]
    cases.sort(key=clairvoyance_case_size)
    return cases + [(lesson_game(), lesson_belief())]


def position_text(game: CardGame, states: list[CardState]) -> str:
    """Return a failing case as a student reads it: MAX's cards, what was played, the deals."""
    first = states[0]
    return (f"{game!r}: MAX holds {hands_text(first.hands[0])}, played so far {hands_text(first.played)}; "
            f"{len(states)} positions, MIN holding " + ", ".join(hands_text(s.hands[1]) for s in states))


@exercise("code", prelude=lesson_prelude(plain.minimax_value))
def clairvoyance(student: object) -> Verdict:
    """Check the student's averaging_over_clairvoyance(game, states) on random small card positions and
    the lesson's against the package's; name the mistake on the smallest failing case."""
    return check_function(student, clairvoyance_reference, clairvoyance_cases(), hint=CLAIRVOYANCE_HINT,
                          explain=clairvoyance_mistake, size=clairvoyance_case_size)


# --- Your turn: the road to the gold --------------------------------------------------------------

class Road(TypedDict):
    """AIMA's road: road A's payoff, and road B's branches with their payoffs in the two worlds."""

    A: int
    B: dict[str, tuple[int, int]]


ROAD: Road = {"A": 1, "B": {"left": (5, -100), "right": (-100, 5)}}
"""AIMA's road, in numbers: road A ends at a small heap of gold (1); road B at a fork where one
branch leads to jewels (5) and the other under a bus (-100). Each tuple gives a branch's payoff in
the two worlds (the jewels on the left, or on the right), equally likely."""


def road_values() -> tuple[Fraction, Fraction]:
    """Return road B's value by averaging over clairvoyance (the average of each world's best
    branch) and its true value (the best branch's average: you must guess)."""
    branches = ROAD["B"]
    worlds = range(2)
    clairvoyant = Fraction(sum(max(payoffs[w] for payoffs in branches.values()) for w in worlds), 2)
    true = max(Fraction(sum(payoffs), 2) for payoffs in branches.values())
    return clairvoyant, true


@exercise("predict")
def road(answer: object) -> Verdict:
    """Check road B's (clairvoyant value, true value)."""
    clairvoyant, true = road_values()
    mistakes = {
        (true, clairvoyant): "You swapped them: which of the two lets you choose the branch after seeing the world?",
        (clairvoyant, clairvoyant): "The second is what you can get without knowing where the jewels are.",
        (true, true): "The first is what averaging over clairvoyance says: in each world it takes that world's best "
                      "branch.",
        (clairvoyant, Fraction(-100)): "You cannot do worse than guess: a guess finds the jewels half the time.",
    }
    why = (f"In each world the clairvoyant takes the branch to the jewels: {value_text(clairvoyant)}. Not knowing, "
           f"any branch you choose finds the jewels half the time: (5 + (−100)) / 2 = {value_text(true)}, far "
           f"below road A's {ROAD['A']}.")
    return check_answer(answer, (clairvoyant, true), mistakes=mistakes, why=why,
                        hint="average over the two worlds; the difference is when you choose the branch: after "
                             "seeing the world, or before")


# --- Check yourself ------------------------------------------------------------------------------

@exercise("check-yourself")
def quiz_1(answer: object) -> Verdict:
    """What is a player's belief state? (a, b or c)"""
    return choice(answer, "b", hint="what does the player know, and what does it not?",
                  why=f"It is every position consistent with what the player has seen: {len(lesson_belief())} "
                      "deals at the lesson's start, each equally likely here.",
                  mistakes={"a": "A belief state holds positions, not a probability of winning.",
                            "c": "The player does not know the opponent's cards: the belief state holds every "
                                 "hand the opponent may have."})


@exercise("check-yourself")
def quiz_2(answer: object) -> Verdict:
    """Why does averaging over clairvoyance overvalue leading A♠? (a, b or c)"""
    game, states = lesson_game(), lesson_belief()
    fooled = averaging_over_clairvoyance(game, states)
    true = belief_values(game, states)
    return choice(answer, "a", hint="what does each deal's minimax assume MAX knows at its next card?",
                  why=f"In each deal, minimax plays MAX's later cards knowing MIN's hand, so A♠ scores "
                      f"{value_text(fooled.values['A♠'])}; playing alike in deals it cannot tell apart, MAX "
                      f"gets {value_text(true.values['A♠'])} (strategy fusion).",
                  mistakes={"b": "MIN plays its best reply in every deal, in both searches.",
                            "c": "Every deal is counted once in both averages."})


@exercise("check-yourself")
def quiz_3(answer: object) -> Verdict:
    """Why does averaging over clairvoyance never bluff in poker? (a, b or c)"""
    return choice(answer, "c", hint="in the games it searches, what does the opponent see?",
                  why="In every deal it searches, both players see all the cards, so hiding or gathering "
                      "information is worth nothing there, and a bluff only loses.",
                  mistakes={"a": "Against a player who cannot see your cards a bluff can win; the question is "
                                 "why the search cannot see that.",
                            "b": "Poker's hands are small; the trouble is what each searched deal assumes."})
