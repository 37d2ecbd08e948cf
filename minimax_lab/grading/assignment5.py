"""Assignment 5 check: an evaluation function for Connect Four, graded by a tournament.

The student's evaluation drives a depth-limited alpha-beta player (the package's alphabeta,
TOURNAMENT_DEPTH plies, moves in the natural order) that plays three baseline players from the
same openings, each opening twice, once with each colour: a player that moves at random, the
reference player (as deep, but every unfinished position worth 0) and the course's own evaluation
(ConnectFour.evaluate) searched as deep. A win counts 1 point, a draw half.

The openings, and the random player's moves, are drawn from the seed of the random cases
(checks.core.CASE_SEED): 0 in a notebook, so that its score is the same on every run, and the
grading run's own seed under `make grade`, so that an evaluation tuned to the openings a student
has seen gains nothing. TOURNAMENT_OPENINGS of the 49 openings of two moves keep the score steady
from seed to seed, clear of the pass mark on either side for the course's evaluation and for none
at all: `python -m devtools.bench --tournament-seeds 21` prints both scores' lowest and highest over
seeds 0 to 20.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Callable, Optional, Sequence, cast

from ..analysis.players import Played, Player, depth_limited_player, match, random_player, reference_player
from ..checks.core import CASE_SEED, plain_number
from ..running.guard import CheckFailed
from ..core.text import shown
from ..heuristics.connect_four import ConnectFour, ConnectFourState
from .reports import attempt, raised
from ..running.sandbox import in_batches, prefetching

TOURNAMENT_DEPTH = 2
"""Plies every player of the tournament searches (the random player excepted)."""

TOURNAMENT_OPENINGS = 40
"""Openings of the tournament, drawn from the OPENING_PLIES-move openings; each is played twice
against each baseline, once with each colour."""

OPENING_PLIES = 2
"""Moves that make an opening, from the empty board: 7 x 7 = 49 openings to draw from."""

PASS_POINTS = 180
"""Points needed to pass, of 2 x TOURNAMENT_OPENINGS x 3 = 240: three quarters. From the openings of
seed 0, the course's own evaluation scores 198.5; no evaluation at all (every position 0) 115.5."""


BASELINE_STANDINGS: dict[str, tuple[tuple[str, int, int, int], ...]] = {
    "the course's evaluation": (("the random player", 80, 0, 0), ("the reference player", 78, 1, 1),
                                ("the course's evaluation", 37, 6, 37)),
    "no evaluation": (("the random player", 74, 0, 6), ("the reference player", 19, 42, 19),
                      ("the course's evaluation", 1, 1, 78)),
}
"""The standings the handout shows before a student writes anything, from the openings of seed 0 (a
notebook's): (opponent, won, drawn, lost) against each baseline, for the course's evaluation
(ConnectFour.evaluate) and for no evaluation at all (every position 0). Stored, since a student only
reads them (480 games); standings_report plays them again, and a test compares the two."""


class EvaluationFailed(Exception):
    """The student's evaluation raised or returned something other than a number in (-1, 1)."""

    def __init__(self, state: ConnectFourState, returned: str, error: BaseException | None = None):
        super().__init__(returned)
        self.state, self.returned, self.error = state, returned, error


def _seed(seed: Optional[int]) -> int:
    """Return `seed`, or the seed of the random cases (CASE_SEED) when it is None."""
    return CASE_SEED.get() if seed is None else seed


def tournament_openings(game: ConnectFour, *, seed: Optional[int] = None) -> list[ConnectFourState]:
    """Return TOURNAMENT_OPENINGS distinct positions of OPENING_PLIES moves from the empty board,
    drawn from random.Random(seed) (default: CASE_SEED), in the order of their moves."""
    every = [game.initial]
    for _ in range(OPENING_PLIES):
        every = [game.result(state, move) for state in every if not game.is_terminal(state)
                 for move in game.actions(state)]
    chosen = set(random.Random(_seed(seed)).sample(range(len(every)), TOURNAMENT_OPENINGS))
    return [state for index, state in enumerate(every) if index in chosen]


def baselines(game: ConnectFour, *, seed: Optional[int] = None) -> dict[str, Player]:
    """Return the baseline players by name: random (its moves drawn from `seed`, default:
    CASE_SEED), the reference player (no evaluation) and the course's evaluation, the latter two
    searching TOURNAMENT_DEPTH plies."""
    return {"the random player": random_player(_seed(seed)),
            "the reference player": reference_player(TOURNAMENT_DEPTH),
            "the course's evaluation": depth_limited_player(game.evaluate, None, TOURNAMENT_DEPTH)}


def checked_evaluation(evaluate: Callable[[ConnectFourState], float]) -> Callable[[ConnectFourState], float]:
    """Wrap a student's evaluation: each call goes through attempt, and anything but a number
    strictly between -1 and +1 raises EvaluationFailed with the position."""

    def checked(state: ConnectFourState) -> float:
        got, error = attempt(evaluate, state)
        if error is not None:
            raise EvaluationFailed(state, raised(error), error)
        if not (plain_number(got) and -1 < got < 1):
            raise EvaluationFailed(state, shown(got))
        return cast(float, got)  # a plain number, checked above

    return checked


@dataclass(frozen=True)
class Standing:
    """The games against one baseline: wins, draws, losses, points, and the games themselves."""

    opponent: str
    games: tuple[Played, ...]

    @property
    def wins(self) -> int:
        return sum(g.score > 0 for g in self.games)

    @property
    def draws(self) -> int:
        return sum(g.score == 0 for g in self.games)

    @property
    def losses(self) -> int:
        return sum(g.score < 0 for g in self.games)

    @property
    def points(self) -> float:
        return self.wins + self.draws / 2

    @property
    def counts(self) -> tuple[str, int, int, int]:
        """Return (opponent, won, drawn, lost), as BASELINE_STANDINGS stores them."""
        return self.opponent, self.wins, self.draws, self.losses

    def __str__(self) -> str:
        return standing_line(*self.counts)


def standing_line(opponent: str, won: int, drawn: int, lost: int) -> str:
    """Return how a report shows the games against one baseline."""
    return (f"against {opponent}: {won} won, {drawn} drawn, {lost} lost, "
            f"{won + drawn / 2:g} of {won + drawn + lost} points")


def report_text(counts: Sequence[tuple[str, int, int, int]]) -> str:
    """Return the standings (opponent, won, drawn, lost), one line per baseline, and the total
    against the pass mark."""
    total = sum(won + drawn / 2 for _, won, drawn, _ in counts)
    games = sum(won + drawn + lost for _, won, drawn, lost in counts)
    return "\n".join([standing_line(*row) for row in counts]
                     + [f"total: {total:g} of {games} points (pass: {PASS_POINTS})"])


def standings(evaluate: Callable[[ConnectFourState], float], *, seed: Optional[int] = None) -> list[Standing]:
    """Return the standings of the depth-limited player with `evaluate` against each baseline, from
    the openings and with the random player of `seed` (default: CASE_SEED)."""
    game = ConnectFour()
    evaluation = in_batches(evaluate, TOURNAMENT_DEPTH)
    player = prefetching(evaluation, depth_limited_player(checked_evaluation(evaluation), None, TOURNAMENT_DEPTH))
    starts = tournament_openings(game, seed=seed)
    return [Standing(name, match(game, player, opponent, starts=starts).games)
            for name, opponent in baselines(game, seed=seed).items()]


def standings_report(evaluate: Callable[[ConnectFourState], float], *, seed: Optional[int] = None) -> str:
    """Return the standings of `evaluate` (from `seed`, default: CASE_SEED), one line per
    baseline, and the total against the pass mark."""
    return report_text([s.counts for s in standings(evaluate, seed=seed)])


def stored_standings_report(player: str) -> str:
    """Return standings_report's text for a player of BASELINE_STANDINGS ("the course's evaluation"
    or "no evaluation") from the stored standings, at once."""
    if player not in BASELINE_STANDINGS:
        raise ValueError(f"no standings are stored for {shown(player)}: the stored ones are "
                         f"{', '.join(map(repr, BASELINE_STANDINGS))}")
    return report_text(BASELINE_STANDINGS[player])


def check_connect_four_evaluation(evaluate: Callable[[ConnectFourState], float]) -> None:
    """Check an evaluation for Connect Four by the tournament, from the openings of CASE_SEED: with
    it, the depth-limited player must score at least PASS_POINTS of the 240 points against the three
    baselines; every call must return a number strictly between -1 and +1 (a win is +1, a loss -1)."""
    __tracebackhide__ = True
    game = ConnectFour()
    try:
        table = standings(evaluate)
    except EvaluationFailed as failed:
        board = game.show(failed.state).replace("\n", "\n    ")
        raise CheckFailed(f"evaluate must return a number strictly between -1 and +1, but on\n    {board}\n"
                          f"  ({failed.state.to_move} to move) it returned: {failed.returned}"
                          ) from failed.error
    total = sum(s.points for s in table)
    games = sum(len(s.games) for s in table)
    if total >= PASS_POINTS:
        print(f"evaluate: at least {PASS_POINTS} of {games} points against the three baseline players")
        return
    worst = min(table, key=lambda s: s.points / len(s.games))
    lost = [g for g in worst.games if g.score < 0]
    shortest = min(lost, key=lambda g: len(g.record.moves)) if lost else None
    lines = [f"evaluate: your player scored {total:g} of {games} points; it needs {PASS_POINTS}."]
    lines += [f"  {s}" for s in table]
    if shortest is not None:
        board = game.show(shortest.record.final).replace("\n", "\n    ")
        lines.append(f"  The shortest loss, against {worst.opponent}, playing {shortest.side}, the moves "
                     f"{list(shortest.record.moves)} from the opening:\n    {board}")
    raise CheckFailed("\n".join(lines))
