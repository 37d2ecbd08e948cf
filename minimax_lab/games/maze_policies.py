"""How the chasers of the maze game (games.maze) move in play, and one game played.

A chaser policy is policy(game, state, rng) -> action: random_chaser (each legal move alike, CS188's
RandomGhost), directional_chaser (toward MAX with probability p, else at random, CS188's
DirectionalGhost) and adversarial_chaser(search, ...) (the move a search finds, the chasers a team
playing MIN). directional_moves is the directional chaser as a model: its (action, probability)
pairs, which search.opponents' model_search and an expectimax take (search.opponents.random_mover
is the random chaser's). play_game plays one game, MAX's agent against the chasers' policies,
the same game for the same seed; moves_played plays the same game a move at a time.

>>> game = MazeGame("tiny")
>>> play = play_game(game, lambda game, state: "Stop", random_chaser, seed=1, max_moves=2)
>>> play.moves, play.outcome, play.score
(('Stop', 'South', 'Stop', 'North'), 'unfinished', -2)
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction
from numbers import Real
from typing import Any, Callable, Iterator, Optional, Sequence

from ..core.text import kind_of, shown
from .maze import MazeGame, MazeState

DIRECTIONAL_P = Fraction(4, 5)
"""How often a directional chaser takes a step toward MAX (CS188's DirectionalGhost: 0.8)."""

MAX_MOVES = 500
"""The most moves of MAX that play_game plays before it stops a game as unfinished."""

ChaserPolicy = Callable[[MazeGame, MazeState, random.Random], str]
"""policy(game, state, rng) returns the action of the chaser to move; randomness comes from rng."""

Agent = Callable[[MazeGame, MazeState], str]
"""agent(game, state) returns MAX's action (a player, as analysis.players calls one)."""


def directional_moves(game: MazeGame, state: MazeState, p: float | Fraction = DIRECTIONAL_P
                      ) -> tuple[tuple[str, Fraction], ...]:
    """Return the directional chaser's (action, probability) pairs, in action order: with
    probability p it takes one of the moves that bring it nearest MAX by maze distance (each
    alike), else any legal move (each alike), as CS188's DirectionalGhost. With functools.partial
    for another p, this is a model for expectimax (search.opponents' GameModel).

    >>> game = MazeGame("tiny")
    >>> directional_moves(game, game.result(game.initial, "South"))
    (('South', Fraction(1, 10)), ('West', Fraction(9, 10)))
    """
    chance = _probability(p)
    actions = _chaser_actions(game, state, "directional_moves")
    target, here = state.positions[0], state.positions[state.turn]
    distances = [game.distance(game.step(here, a), target) for a in actions]
    best = [a for a, d in zip(actions, distances) if d == min(distances)]
    return tuple((a, (1 - chance) / len(actions) + (chance / len(best) if a in best else 0)) for a in actions)


def random_chaser(game: MazeGame, state: MazeState, rng: random.Random) -> str:
    """Return a legal move of the chaser to move, each as likely (CS188's RandomGhost)."""
    return rng.choice(_chaser_actions(game, state, "random_chaser"))


def directional_chaser(game: MazeGame, state: MazeState, rng: random.Random,
                       p: float | Fraction = DIRECTIONAL_P) -> str:
    """Return the move of the chaser to move drawn from directional_moves(game, state, p)."""
    pairs = directional_moves(game, state, p)
    draw, total = rng.random(), Fraction(0)
    for action, probability in pairs:
        total += probability
        if draw < total:
            return action
    return pairs[-1][0]


def adversarial_chaser(search: Callable[..., object], **options: Any) -> ChaserPolicy:
    """Return a chaser policy that plays search(game, state, **options).move: the course's minimax
    or alphabeta, say, with depth= and evaluate=, whose MIN nodes are the chasers, so that every
    chaser plays for the lowest score (the chasers a team against MAX)."""
    if not callable(search):
        raise TypeError(f"adversarial_chaser needs a search, search(game, state, **options) returning a "
                        f"result with a .move (such as alphabeta), got {shown(search)}")

    def adversarial(game: MazeGame, state: MazeState, rng: random.Random) -> str:
        actions = _chaser_actions(game, state, "adversarial_chaser")
        found = search(game, state, **options)
        move = getattr(found, "move", None)
        if move not in actions:
            raise ValueError(f"adversarial_chaser: the search returned {shown(found, 200)}, whose move is not a "
                             f"legal action of {game.to_move(state)} ({', '.join(actions)})")
        return str(move)

    return adversarial


def _chaser_actions(game: MazeGame, state: MazeState, who: str) -> tuple[str, ...]:
    """Return the legal actions of the chaser to move (ValueError if it is MAX's turn, or over)."""
    if not isinstance(game, MazeGame):
        raise TypeError(f"{who}: {shown(game, 200)} is {kind_of(game)}, not a MazeGame")
    game.check_state(state)
    if game.is_terminal(state):
        raise ValueError(f"{who}: the game is over in {shown(state, 200)}: no chaser moves")
    if state.turn == 0:
        raise ValueError(f"{who}: it is P's turn in {shown(state, 200)}, not a chaser's")
    return game.actions(state)


def _probability(p: Any) -> Fraction:
    """Return p as an exact Fraction (a float by its shortest decimal: 0.8 is 4/5), checked in [0, 1]."""
    if not _is_real(p) or p != p or not 0 <= p <= 1:
        raise ValueError(f"p, the chance of a step toward MAX, must be a number from 0 to 1, got {shown(p)}")
    return Fraction(str(p)) if isinstance(p, float) else Fraction(p)


def _is_real(value: Any) -> bool:
    """Return True for a real number that is not a bool (without narrowing its type for mypy)."""
    return isinstance(value, Real) and not isinstance(value, bool)


@dataclass(frozen=True)
class MazePlay:
    """One game played: the state it started from, the moves in turn (P's, G1's, ..., P's, ...),
    the final state, and the outcome: "win" (the maze cleared), "loss" (P caught) or "unfinished"
    (stopped after max_moves moves of P)."""

    start: MazeState
    moves: tuple[str, ...]
    final: MazeState
    outcome: str

    @property
    def score(self) -> int:
        """Return the final score."""
        return self.final.score


def play_game(game: MazeGame, agent: Agent, chasers: ChaserPolicy | Sequence[ChaserPolicy], *, seed: int = 0,
              max_moves: int = MAX_MOVES, state: Optional[MazeState] = None) -> MazePlay:
    """Return the game played from `state` (default: the start) with MAX choosing agent(game, state)
    and each chaser its policy (one for all, or one per chaser), drawing on random.Random(seed): the
    same arguments play the same game. Play stops at a win, a loss, or after `max_moves` moves of P."""
    played = moves_played(game, agent, chasers, seed=seed, max_moves=max_moves, state=state)
    start = current = game.initial if state is None else state
    moves = list[str]()
    for action, current in played:
        moves.append(action)
    outcome = "win" if game.is_win(current) else "loss" if game.is_loss(current) else "unfinished"
    return MazePlay(start, tuple(moves), current, outcome)


def moves_played(game: MazeGame, agent: Agent, chasers: ChaserPolicy | Sequence[ChaserPolicy], *, seed: int = 0,
                 max_moves: int = MAX_MOVES, state: Optional[MazeState] = None) -> Iterator[tuple[str, MazeState]]:
    """Return an iterator over play_game's game, one move at a time: (the action, the state after
    it), asking the agent or the chaser's policy for each move only when the next one is wanted (a
    widget plays a game this way). The arguments are checked at once, as play_game checks them."""
    policies = _check_players(game, agent, chasers)
    if type(seed) is not int:
        raise ValueError(f"play_game: seed must be a whole number, got {shown(seed)}")
    if type(max_moves) is not int or max_moves < 0:
        raise ValueError(f"play_game: max_moves must be a whole number >= 0, got {shown(max_moves)}")
    start = game.initial if state is None else state
    game.check_state(start)
    return _moves(game, agent, policies, random.Random(seed), start, max_moves)


def _moves(game: MazeGame, agent: Agent, policies: tuple[ChaserPolicy, ...], rng: random.Random, current: MazeState,
           max_moves: int) -> Iterator[tuple[str, MazeState]]:
    """Yield each move of the game from `current` and the state after it (see moves_played)."""
    made = 0
    while not game.is_terminal(current) and not (current.turn == 0 and made >= max_moves):
        mover = game.to_move(current)
        action = agent(game, current) if current.turn == 0 else policies[current.turn - 1](game, current, rng)
        if action not in game.actions(current):
            raise ValueError(f"play_game: {'the agent' if current.turn == 0 else 'the policy of ' + mover} played "
                             f"{shown(action)} in {shown(current, 200)}; legal: {', '.join(game.actions(current))}")
        if current.turn == 0:
            made += 1
        current = game.result(current, action)
        yield action, current


def _check_players(game: object, agent: object, chasers: Any) -> tuple[ChaserPolicy, ...]:
    """Return one policy per chaser, after checking the game, the agent and the policies."""
    if not isinstance(game, MazeGame):
        raise TypeError(f"play_game: {shown(game, 200)} is {kind_of(game)}, not a MazeGame")
    if not callable(agent):
        raise TypeError(f"play_game: the agent must be a function agent(game, state) returning P's action, "
                        f"got {shown(agent)}")
    policies = (chasers,) * len(game.chasers) if callable(chasers) else chasers
    if (isinstance(policies, (str, bytes)) or not isinstance(policies, Sequence)
            or len(policies) != len(game.chasers) or not all(map(callable, policies))):
        raise TypeError(f"play_game: chasers must be a policy, policy(game, state, rng), or one per chaser "
                        f"({len(game.chasers)} here), got {shown(chasers)}")
    return tuple(policies)
