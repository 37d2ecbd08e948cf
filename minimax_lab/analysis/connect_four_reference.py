"""The Connect Four reference set: positions solved exactly by the package's own solver, against
which the engine is measured (`make bench`), and openings from which it plays the solver.

A **reference position** is a quiet position of the 7 x 6 board (no win to take at once, no threat
to block) in which at least one move changes the result: a win that one move throws away, or a
draw that one move loses. For each legal move it records the outcome with perfect play (+1, 0, -1
for the player to move) and, in a won position, the exact score of each winning move (the solver's
score: the higher, the sooner the win). A move **keeps the result** when its outcome is the
position's; it is **optimal** when, besides, in a won position it wins as soon as the best move.

An **opening** is a position of a given ply, quiet, won or drawn for the player to move.

The positions come from games in which both sides play the textbook's alpha-beta to depth 4 with
Connect Four's evaluation (win, block, centre first), a random move now and then, after two random
opening moves: games that drift from balanced to decided, as games between people do.
`scripts/build_connect_four_reference.py` makes the set (and says how long it took); the set is
stored beside this module as JSON and read with importlib.resources.
"""

from __future__ import annotations

import json
import random
import time
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Any, Callable, Iterator, Optional

from ..core.text import shown
from ..core.validation import whole_number
from ..heuristics.boards import move_order
from ..heuristics.connect_four import ConnectFour, ConnectFourState
from ..search.connect_four_solver import ConnectFourSolver
from ..search.textbook import alphabeta
from .experiments import listed

REFERENCE_FILE = "connect_four_reference.json"
"""The stored reference set, beside this module."""

GENERATOR_DEPTH, RANDOM_OPENING, RANDOM_MOVES = 4, 2, 0.15
"""The games of the reference set: alpha-beta to this depth, after this many random opening moves,
playing a random move (one that hands the opponent no win at once) this often."""


@dataclass(frozen=True)
class ReferencePosition:
    """A solved quiet position: the columns played from the empty board, the outcome of each legal
    move for the player to move (+1 win, 0 draw, -1 loss), and the exact score of each winning move
    in a won position (higher: a sooner win); `seconds` is the CPU time its solving took."""

    moves: str
    outcomes: dict[int, int]
    scores: dict[int, int] = field(default_factory=dict)
    seconds: float = 0.0

    @property
    def ply(self) -> int:
        """Return the number of stones on the board."""
        return len(self.moves)

    @property
    def outcome(self) -> int:
        """Return the position's outcome for the player to move: its best move's."""
        return max(self.outcomes.values())

    def state(self, game: ConnectFour) -> ConnectFourState:
        """Return the position in `game` (a 7 x 6 board)."""
        if not isinstance(game, ConnectFour) or (game.width, game.height) != (7, 6):
            raise ValueError(f"a reference position is a position of the 7 x 6 board (ConnectFour()), not of {shown(game)}")
        return game.play(self.moves)

    def keeps(self, move: int) -> bool:
        """Return True if `move` keeps the position's result (a win stays a win, a draw a draw)."""
        if type(move) is not int or move not in self.outcomes:
            raise ValueError(f"move {shown(move)} is not a legal move of the position {shown(self.moves)} "
                             f"(legal: {sorted(self.outcomes)})")
        return self.outcomes[move] == self.outcome

    def optimal(self, move: int) -> bool:
        """Return True if `move` keeps the result and, in a won position, wins as soon as any."""
        if not self.keeps(move):
            return False
        return self.outcome <= 0 or self.scores[move] == max(self.scores.values())

    def to_json(self) -> dict[str, object]:
        """Return the position as the JSON file stores it."""
        return {"moves": self.moves, "outcomes": {str(m): v for m, v in self.outcomes.items()},
                "scores": {str(m): v for m, v in self.scores.items()}, "seconds": round(self.seconds, 3)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> ReferencePosition:
        """Return the position stored as `data`."""
        return cls(data["moves"], {int(m): v for m, v in data["outcomes"].items()},
                   {int(m): v for m, v in data["scores"].items()}, data["seconds"])


@dataclass(frozen=True)
class Opening:
    """A quiet opening position (the columns played) and its outcome for the player to move."""

    moves: str
    outcome: int


@dataclass(frozen=True)
class ReferenceSet:
    """The reference positions, the openings and how they were made (`about`)."""

    positions: tuple[ReferencePosition, ...]
    openings: tuple[Opening, ...]
    about: dict[str, object]

    def at_plies(self, low: int, high: int) -> tuple[ReferencePosition, ...]:
        """Return the positions with `low` to `high` stones on the board.

        >>> len(reference_set().at_plies(12, 19))
        160
        """
        whole_number(low, "low", 0)
        whole_number(high, "high", 0)
        return tuple(p for p in self.positions if low <= p.ply <= high)

    def to_json(self) -> dict[str, object]:
        """Return the set as the JSON file stores it."""
        return {"about": self.about, "positions": [p.to_json() for p in self.positions],
                "openings": [{"moves": o.moves, "outcome": o.outcome} for o in self.openings]}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> ReferenceSet:
        """Return the set stored as `data`."""
        return cls(tuple(ReferencePosition.from_json(p) for p in data["positions"]),
                   tuple(Opening(o["moves"], o["outcome"]) for o in data["openings"]), data["about"])


@cache
def reference_set() -> ReferenceSet:
    """Return the stored reference set (read once)."""
    text = resources.files(__package__).joinpath(REFERENCE_FILE).read_text(encoding="utf-8")
    return ReferenceSet.from_json(json.loads(text))


def sample(positions: tuple[ReferencePosition, ...], count: int) -> tuple[ReferencePosition, ...]:
    """Return `count` of `positions` spread evenly over the set (every k-th one), all if fewer."""
    positions = tuple(listed(positions, "positions"))
    if whole_number(count, "count", 0) == 0:
        return ()
    if count >= len(positions):
        return positions
    step = len(positions) / count
    return tuple(positions[int(i * step)] for i in range(count))


# --- making the set ------------------------------------------------------------------------------

def hands_a_win(game: ConnectFour, state: ConnectFourState, move: int) -> bool:
    """Return True if playing `move` lets the opponent win at once."""
    return bool(game.winning_moves(game.result(state, move)))


def generator_move(game: ConnectFour, state: ConnectFourState, rng: random.Random) -> int:
    """Return the move of the reference games' players: a win or block when there is one, else now
    and then a random move that hands no win, else alpha-beta's to GENERATOR_DEPTH."""
    noisy = game.noisy_actions(state)
    if noisy:
        return noisy[0]
    if rng.random() < RANDOM_MOVES:
        safe = [move for move in state.moves if not hands_a_win(game, state, move)]
        return rng.choice(safe or list(state.moves))
    move: int = alphabeta(game, state, depth=GENERATOR_DEPTH, evaluate=game.evaluate,
                          order=move_order(game)).best_move
    return move


def quiet(game: ConnectFour, state: ConnectFourState) -> bool:
    """Return True if the player to move has no win to take and no threat to block."""
    return not game.noisy_actions(state)


@dataclass(frozen=True)
class Played:
    """A position with the columns played to reach it (the reference set stores the columns)."""

    state: ConnectFourState
    moves: str


def played_to(game: ConnectFour, ply: int, rng: random.Random) -> Optional[Played]:
    """Return the position after `ply` moves of a reference game drawn with `rng`, with its
    moves, or None if the game ended sooner."""
    state, moves = game.initial, []
    for number in range(ply):
        if game.is_terminal(state):
            return None
        move = rng.choice(state.moves) if number < RANDOM_OPENING else generator_move(game, state, rng)
        state = game.result(state, move)
        moves.append(str(move))
    return None if game.is_terminal(state) else Played(state, "".join(moves))


def build(plan: dict[int, int], *, openings_ply: int, openings: int, seed: int = 0,
          log: Callable[[str], None] = print) -> ReferenceSet:
    """Return a reference set with plan[ply] positions at each ply, and `openings` won and as many
    drawn openings at `openings_ply`, from reference games drawn with random.Random(seed); `log`
    hears of each position solved."""
    game, rng, start = ConnectFour(), random.Random(whole_number(seed, "seed")), time.process_time()
    if not isinstance(plan, dict):
        raise ValueError(f"plan must be a dict {{ply: positions}}, got {shown(plan)}")
    for ply, count in plan.items():  # a reference position has a move to choose, and one that changes the result
        whole_number(ply, "a ply of the plan", RANDOM_OPENING, game.width * game.height - 2)
        whole_number(count, f"the positions of ply {ply}", 0)
    whole_number(openings_ply, "openings_ply", RANDOM_OPENING, game.width * game.height - 2)
    whole_number(openings, "openings", 0)
    positions, seen = [], set()
    tried = 0
    for ply, count in sorted(plan.items()):
        kept = 0
        while kept < count:
            played = played_to(game, ply, rng)
            if played is None or played.state in seen:
                continue
            seen.add(played.state)
            tried += 1
            solved = solve_position(game, played)
            if solved is not None:
                positions.append(solved)
                kept += 1
                log(f"ply {ply}: {played.moves} outcome {solved.outcome:+d} {solved.seconds:.2f} s")
    chosen: dict[int, list[Opening]] = {1: [], 0: []}
    while min(len(found) for found in chosen.values()) < openings:
        played = played_to(game, openings_ply, rng)
        if played is None or played.state in seen or not quiet(game, played.state):
            continue
        seen.add(played.state)
        outcome = ConnectFourSolver(game).outcome(played.state)
        if outcome in chosen and len(chosen[outcome]) < openings:
            chosen[outcome].append(Opening(played.moves, outcome))
            log(f"opening {played.moves}: outcome {outcome:+d}")
    about = {"board": [game.width, game.height], "seed": seed, "plan": {str(p): n for p, n in sorted(plan.items())},
             "openings ply": openings_ply, "positions tried": tried,
             "cpu seconds": round(time.process_time() - start, 1),
             "games": f"alpha-beta to depth {GENERATOR_DEPTH} with ConnectFour.evaluate (win, block, centre "
                      f"first), a random move {RANDOM_MOVES:.0%} of the time, after {RANDOM_OPENING} random moves"}
    return ReferenceSet(tuple(positions), tuple(chosen[1] + chosen[0]), about)


def solve_position(game: ConnectFour, played: Played) -> Optional[ReferencePosition]:
    """Return `played` solved as a reference position, or None if it is not one: not quiet, lost, or
    every move keeping its result."""
    if not quiet(game, played.state):
        return None
    start, solver, state = time.process_time(), ConnectFourSolver(game), played.state
    if solver.outcome(state) < 0:
        return None
    outcomes = solver.move_scores(state, exact=False)
    if len(set(outcomes.values())) == 1:
        return None
    mine, mask = (state.x if state.to_move == "X" else state.o), state.x | state.o
    scores = {move: solver.move_score(mine, mask, move, True) for move, won in outcomes.items() if won > 0}
    return ReferencePosition(played.moves, outcomes, scores, time.process_time() - start)


def positions_by_ply(positions: tuple[ReferencePosition, ...]) -> Iterator[tuple[int, list[ReferencePosition]]]:
    """Yield (ply, the positions of that ply) in order of ply."""
    plies = sorted({p.ply for p in positions})
    for ply in plies:
        yield ply, [p for p in positions if p.ply == ply]
