"""Maze games (games.maze) played by an agent that searches, and what a set of seeded games adds up to.

search_agent(depth=..., chasers=...) is MAX's agent: in each position it plays the move of
search.agents' agents_search `depth` rounds deep, the chasers minimizing ("min": minimax) or moving
at random ("chance": expectimax), and keeps that search's result (value and nodes) for whoever
watches it play. games_record plays one game per seed with games.maze_policies' play_game and
counts wins, losses and unfinished games, with the mean score.

>>> from minimax_lab.games.maze import MazeGame
>>> from minimax_lab.games.maze_policies import random_chaser
>>> games_record(MazeGame("tiny"), search_agent(depth=1), random_chaser, seeds=range(3))
Record(games=3, wins=3, losses=0, unfinished=0, mean_score=512.3)
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Iterable, Literal, Optional, Sequence

from ..core.text import shown
from ..core.validation import callable_value, whole_number
from ..games.maze import MazeGame, MazeState
from ..games.maze_policies import MAX_MOVES, Agent, ChaserPolicy, play_game
from ..search.agents import CHASERS, agents_search
from ..search.textbook import Evaluate, SearchResult


def score(state: MazeState) -> int:
    """Return the score so far: the evaluation CS188's Pac-Man starts with (scoreEvaluationFunction)."""
    return state.score


class SearchAgent:
    """MAX's agent in the maze: agent(game, state) returns the move agents_search finds `depth`
    rounds deep (chasers "min" or "chance"), leaves scored by `evaluate` (default: the score);
    `last` holds that search's result, `searches` how many it has made."""

    def __init__(self, *, depth: int, chasers: Literal["min", "chance"] = "min",
                 evaluate: Optional[Evaluate] = None):
        whole_number(depth, "depth (in rounds: MAX's move and every chaser's)", 1)
        if not isinstance(chasers, str) or chasers not in CHASERS:
            raise ValueError(f"chasers must be 'min' (each chaser minimizes: minimax) or 'chance' (each moves "
                             f"at random: expectimax), got {shown(chasers)}")
        self.depth, self.chasers = depth, chasers
        self.evaluate: Evaluate = score if evaluate is None else callable_value(
            evaluate, "evaluate", "evaluate(state) returning a number")
        self.last: Optional[SearchResult[float, str]] = None
        self.searches = 0

    def __repr__(self) -> str:
        return f"search_agent(depth={self.depth}, chasers={self.chasers!r})"

    def search(self, game: MazeGame, state: MazeState) -> SearchResult[float, str]:
        """Return agents_search's result in `state` with this agent's settings (and keep it as `last`)."""
        self.last = agents_search(game, state, depth=self.depth, evaluate=self.evaluate, chasers=self.chasers)
        self.searches += 1
        return self.last

    def __call__(self, game: MazeGame, state: MazeState) -> str:
        return self.search(game, state).best_move


def search_agent(*, depth: int, chasers: Literal["min", "chance"] = "min",
                 evaluate: Optional[Evaluate] = None) -> SearchAgent:
    """Return MAX's agent that plays agents_search's move `depth` rounds deep (a SearchAgent)."""
    return SearchAgent(depth=depth, chasers=chasers, evaluate=evaluate)


@dataclass(frozen=True)
class Record:
    """What a set of games adds up to: games won (the maze cleared), lost (P caught) and
    unfinished (stopped after play_game's max_moves), and the mean final score (to one decimal)."""

    games: int
    wins: int
    losses: int
    unfinished: int
    mean_score: int | float


def games_record(game: MazeGame, agent: Agent, chasers: ChaserPolicy | Sequence[ChaserPolicy], *,
                 seeds: Iterable[int], max_moves: int = MAX_MOVES) -> Record:
    """Return the record of `agent` against `chasers` in one game of `game` per seed (play_game with
    that seed and `max_moves`)."""
    plays = [play_game(game, agent, chasers, seed=seed, max_moves=max_moves) for seed in seeds]
    if not plays:
        raise ValueError("games_record needs at least one seed")
    outcomes = [play.outcome for play in plays]
    mean = Fraction(sum(play.score for play in plays), len(plays))
    return Record(len(plays), outcomes.count("win"), outcomes.count("loss"), outcomes.count("unfinished"),
                  int(mean) if mean.denominator == 1 else round(float(mean), 1))

