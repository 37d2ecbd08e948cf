"""Search with imperfect information (AIMA 4th ed., section 5.6): belief states, averaging over
clairvoyance, and the value of a belief state when MAX must play alike in deals it cannot tell apart.

A game of imperfect information here is a game whose positions, seen whole, follow the textbook
protocol (games.cards.CardGame: every hand face up), and which also says what a player has seen
(`observation(state, player)`), lists its deals (`deals()`) and replays the cards played on a deal
(`replay(deal, played)`). A player's **belief state** (information set) is the list of positions it
cannot tell from the real one.

- `averaging_over_clairvoyance` values each action by the average, over the belief state, of its
  minimax value with every card visible (AIMA 4th ed. section 5.6.2; GIB's card play): as if MAX
  will know the hidden cards from the next move on.
- `belief_values` values each action as MAX can really play it: one action at each of MAX's belief
  states (a strategy), scored in every deal against MIN's best reply there, averaged; the best such
  strategy. MIN is assumed to see every card and MAX's strategy (Frank and Basin's "best defence"),
  so the value is what MAX can count on. It is computed by vector minimax: each node of the play
  backs up the payoff vectors (one value per deal) its strategies can reach, the dominated ones
  dropped.

>>> from minimax_lab.games.cards import CardGame
>>> game = CardGame("A♠ K♠ Q♠ A♥ K♥", hand=2)
>>> states = belief_state(game, game.deal("A♠ Q♠", "K♠ A♥"), "MAX")
>>> len(states), averaging_over_clairvoyance(game, states).move
(3, 'A♠')
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from itertools import product
from typing import Any, Generic, Sequence

from ..core.game_types import A, S
from ..core.text import shown
from ..games.cards import CardGame, CardState
from ..games.protocol import Game
from .textbook import minimax

Vector = tuple[float, ...]
"""MAX's payoffs in the deals of a belief state, in order: what one strategy earns in each."""


@dataclass(frozen=True)
class ImperfectResult(Generic[A]):
    """What a search of a belief state found: the best average value and its action (the first
    best), and the average value of every action."""

    value: Fraction
    move: A
    values: dict[A, Fraction]


def belief_state(game: CardGame, state: CardState, player: str) -> list[CardState]:
    """Return the positions `player` cannot tell from `state`: every deal on which the cards played
    can be played, seen by `player` as `state` is, in the order of game.deals().

    >>> from minimax_lab.games.cards import CardGame
    >>> game = CardGame("A♠ K♠ Q♠ A♥", hand=1)
    >>> [s.hands[1] for s in belief_state(game, game.deal("A♠", "Q♠"), "MAX")]
    [('K♠',), ('Q♠',), ('A♥',)]
    """
    seen = game.observation(state, player)
    found = []
    for deal in game.deals():
        reached = game.replay(deal, state.played)
        if reached is not None and game.observation(reached, player) == seen:
            found.append(reached)
    return found


def _check_belief(game: Any, states: Sequence[Any]) -> None:
    """Raise ValueError unless `states` is a nonempty belief state with MAX to move in each."""
    if not states:
        raise ValueError("a belief state holds at least one position, got none")
    movers = {game.to_move(state) for state in states}
    if movers != {game.max_player} or any(game.is_terminal(state) for state in states):
        raise ValueError(f"the search values MAX's actions: MAX must be to move in every position, got "
                         f"{shown(sorted(movers))} to move")


def _best(values: dict[A, Fraction]) -> ImperfectResult[A]:
    """Return the result whose move is the first action of the highest value."""
    move = max(values, key=lambda action: values[action])
    return ImperfectResult(values[move], move, values)


def averaging_over_clairvoyance(game: Game[S, A], states: Sequence[S]) -> ImperfectResult[A]:
    """Return the action of `states` (MAX's belief state, its positions equally likely) whose
    minimax value, every card visible, is highest on average, with that average and every action's."""
    _check_belief(game, states)
    return _best({action: Fraction(sum(minimax(game, game.result(state, action)).value for state in states))
                  / len(states) for action in game.actions(states[0])})


def pareto(vectors: set[Vector]) -> set[Vector]:
    """Return the vectors no other vector dominates (at least as high everywhere, and not equal).

    >>> sorted(pareto({(1, 2), (2, 1), (1, 1), (0, 2)}))
    [(1, 2), (2, 1)]
    """
    return {v for v in vectors if not any(w != v and all(a >= b for a, b in zip(w, v)) for w in vectors)}


def payoff_vectors(game: Game[S, A], states: Sequence[S]) -> set[Vector]:
    """Return the undominated payoff vectors MAX's strategies reach from `states` (positions with the
    same cards played, one per deal): MAX plays one action in all of them, MIN its own in each."""
    first = states[0]
    if game.is_terminal(first):
        return {tuple(game.utility(state, game.max_player) for state in states)}
    if game.to_move(first) == game.max_player:
        found: set[Vector] = set()
        for action in game.actions(first):
            found |= payoff_vectors(game, [game.result(state, action) for state in states])
        return pareto(found)
    replies = sorted({a for state in states for a in game.actions(state)}, key=lambda a: str(a))
    children = []
    for reply in replies:
        where = [i for i, state in enumerate(states) if reply in game.actions(state)]
        children.append((where, payoff_vectors(game, [game.result(states[i], reply) for i in where])))
    combined = set()
    for chosen in product(*(sorted(vectors) for _, vectors in children)):
        best = [float("inf")] * len(states)
        for (where, _), vector in zip(children, chosen):
            for i, value in zip(where, vector):
                best[i] = min(best[i], value)
        combined.add(tuple(best))
    return pareto(combined)


def belief_values(game: Game[S, A], states: Sequence[S]) -> ImperfectResult[A]:
    """Return the action of `states` (MAX's belief state, equally likely) whose best strategy earns
    most on average, MAX playing alike in positions it cannot tell apart and MIN replying best in
    each deal; with that average and every action's."""
    _check_belief(game, states)
    values = {}
    for action in game.actions(states[0]):
        vectors = payoff_vectors(game, [game.result(state, action) for state in states])
        values[action] = max(Fraction(sum(vector)) / len(states) for vector in vectors)
    return _best(values)


def clairvoyant_values(game: Game[S, A], states: Sequence[S]) -> list[dict[A, float]]:
    """Return, for each position of `states`, the minimax value of each action there (cards visible)."""
    return [{action: minimax(game, game.result(state, action)).value for action in game.actions(state)}
            for state in states]


__all__ = ["ImperfectResult", "Vector", "averaging_over_clairvoyance", "belief_state", "belief_values",
           "clairvoyant_values", "pareto", "payoff_vectors"]
