"""Game play: players, the openings games start from, and matches between two players.

A player is a callable player(game, state) -> action that chooses a move in a non-terminal state:
the engine (minimax_lab.search.engine), random_player, greedy_player, and for tic-tac-toe the
depth-limited players of assignment 3. play() plays one game, match() two players against each
other with each moving first in half the games, tournament() every pair of several.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Callable, Generic, Mapping, Optional, Sequence

from ..core.game_types import A, S
from ..core.trace import Moves
from ..core.validation import callable_value, whole_number
from ..games.protocol import Game, game_name
from ..games.tictactoe import TicTacToe, TicTacToeState
from ..heuristics.connect_four import ConnectFour
from ..heuristics.connect_four_evaluation import CANDIDATES, TOURNAMENT_DEPTH, TOURNAMENT_GAMES, LinearEvaluation
from ..heuristics.generic import even, winning_moves
from ..search.engine import check_game, game_evaluation
from ..search.engine import engine as engine  # a player, exported with the others
from ..search.textbook import LONGEST_PLAYOUT, Evaluate, Ordering, alphabeta, check_depth, check_number
from ..core.text import shown

Player = Callable[[Game[S, A], S], A]
"""A player: player(game, state) returns the action it plays in `state`."""

PLAYER_DEPTH = 2
"""Plies the assignment-3 player searches before it calls the evaluation function."""

MOST_GAMES = 10_000
"""The most games a match plays, and the most openings random_openings draws."""


def check_move_to_choose(game: Game[S, A], state: S, who: str) -> None:
    """Raise an error if `state` is not a position of `game` (where the game says how to check one), or
    ValueError if the game is over there: `who` has no move to choose."""
    check_state = getattr(game, "check_state", None)
    if check_state is not None:
        check_state(state)
    if game.is_terminal(state):
        raise ValueError(f"{who}: the game is over in {shown(state)}: there is no move to choose")


def depth_limited_player(evaluate: Evaluate, order: Optional[Ordering] = None,
                         depth: int = PLAYER_DEPTH) -> Player:
    """Return a player: the package's alphabeta to `depth` plies, scoring the horizon with
    `evaluate` and ordering moves with `order`."""
    if depth is not None:
        check_depth(depth)
    if evaluate is not None:
        callable_value(evaluate, "evaluate", "evaluate(state) returning a number")
    elif depth is not None:
        raise ValueError("a depth-limited player needs evaluate(state) to score the horizon")
    if order is not None:
        callable_value(order, "order", "order(game, state, actions, path) returning the actions")
    return lambda game, state: alphabeta(game, state, depth=depth, evaluate=evaluate, order=order).best_move


def reference_player(depth: int = PLAYER_DEPTH) -> Player:
    """Return the reference player: alphabeta to `depth` plies with no evaluation (the horizon is
    worth 0) and the natural move order. It sees only the wins and losses within its horizon."""
    return depth_limited_player(even, None, depth)


def perfect_player(game: Game[S, A]) -> Player[S, A]:
    """Return a player of `game` that makes the first best move (the package's full-depth
    alphabeta, whose move is minimax's), remembering each position."""
    check_game(game, "perfect_player")
    moves: dict[S, A] = {}

    def perfect(game_: Game[S, A], state: S) -> A:
        if state not in moves:
            check_move_to_choose(game, state, "perfect_player")
            moves[state] = alphabeta(game, state).best_move
        return moves[state]

    return perfect


def random_player(seed: int = 0) -> Player:
    """Return a player that picks a legal move uniformly at random, from its own
    random.Random(seed): the same seed plays the same moves in the same positions in turn."""
    rng = random.Random(whole_number(seed, "seed"))

    def player(game: Game[S, A], state: S) -> A:
        check_move_to_choose(game, state, "random_player")
        actions = tuple(game.actions(state))
        if not actions:
            raise ValueError(f"random_player: the game has no legal move in {shown(state)}")
        return rng.choice(actions)

    return player


def greedy_player(game: Game[S, A], state: S) -> A:
    """Play a move that wins at once if there is one; else block: keep to the moves after which
    the opponent cannot win at once (all moves if none can); among those, the move whose position
    the game's evaluation likes best for the player to move (the first of equals). It looks one
    move ahead for itself and one for the opponent, and no further."""
    check_game(game, "greedy_player")
    check_move_to_choose(game, state, "greedy_player")
    wins: list[A] = winning_moves(game, state)
    if wins:
        return wins[0]
    player, evaluate = game.to_move(state), game_evaluation(game)
    sign = 1 if player == game.max_player else -1
    children = {a: game.result(state, a) for a in game.actions(state)}
    if not children:
        raise ValueError(f"greedy_player: the game has no legal move in {shown(state)}")
    safe = [a for a, child in children.items() if not winning_moves(game, child)] or list(children)

    def score(action: A) -> float:
        child = children[action]
        if game.is_terminal(child):
            return check_number(game.utility(child, player), "the game's utility", (action,))
        return sign * check_number(evaluate(child), "the game's evaluation", (action,))

    return max(safe, key=score)


@dataclass(frozen=True)
class Record(Generic[S]):
    """A game played: where it started, the moves, the final state and the result (MAX's
    utility at the end)."""

    start: S
    moves: Moves
    final: S
    result: float


def play(game: Game[S, A], players: Mapping[str, Player[S, A]], state: Optional[S] = None) -> Record[S]:
    """Play `game` from `state` (default: the start) to the end, players[p](game, state) choosing
    the moves of player p, and return its Record. A player with a new_game() method (an engine,
    which learns as it searches) is told first, so that the game depends only on its start.

    >>> game = TicTacToe()
    >>> play(game, {"X": reference_player(), "O": reference_player()}, game.state("XX.OO....")).moves
    (2,)
    """
    check_game(game, "play")
    if not isinstance(players, Mapping):
        raise TypeError(f"play takes the players as a dict {{player to move: player(game, state)}}, got {shown(players)}")
    state = start = game.initial if state is None else state
    check_state = getattr(game, "check_state", None)
    if check_state is not None:
        check_state(state)
    for side, player in players.items():
        callable_value(player, f"the player for {side!r}", "player(game, state) returning a move")
    for player in {id(player): player for player in players.values()}.values():
        new_game = getattr(player, "new_game", None)
        if callable(new_game):
            new_game()
    moves: list[A] = []
    while not game.is_terminal(state):
        mover = game.to_move(state)
        if mover not in players:
            raise ValueError(f"play: no player for {shown(mover)} to move in {shown(state)} "
                             f"(players are given for {sorted(players, key=repr)})")
        if len(moves) >= LONGEST_PLAYOUT:
            raise ValueError(f"play: the game has gone on for {len(moves):,} moves without ending (it "
                             f"reached {shown(state)}): it may never end")
        move = players[mover](game, state)
        moves.append(move)
        state = game.result(state, move)
    return Record(start, tuple(moves), state, game.utility(state, game.max_player))


@dataclass(frozen=True)
class Played(Generic[S]):
    """One game of a match, seen from the first player of the match: the side it played, its
    utility at the end, and the game's record."""

    side: str
    score: float
    record: Record[S]


@dataclass(frozen=True)
class MatchResult(Generic[S]):
    """The games a player played against another, and its wins, draws and losses."""

    wins: int
    draws: int
    losses: int
    games: tuple[Played[S], ...] = field(repr=False)

    @property
    def points(self) -> float:
        """Return the wins plus half the draws."""
        return self.wins + self.draws / 2


OPENING_PLIES = 2
"""How many random moves open each pair of games of a match, unless starts are given."""


def random_openings(game: Game[S, A], count: int, *, plies: int = OPENING_PLIES, seed: int = 0) -> list[S]:
    """Return `count` positions, each reached by `plies` random moves from the start (fewer if
    the game ends), drawn with random.Random(seed)."""
    check_game(game, "random_openings")
    whole_number(count, "count", 0, MOST_GAMES)
    whole_number(plies, "plies", 0, LONGEST_PLAYOUT)
    rng, starts = random.Random(whole_number(seed, "seed")), []
    for _ in range(count):
        state = game.initial
        for _ in range(plies):
            if game.is_terminal(state):
                break
            state = game.result(state, rng.choice(tuple(game.actions(state))))
        starts.append(state)
    return starts


def match(game: Game[S, A], a: Player[S, A], b: Player[S, A], *, games: Optional[int] = None, seed: int = 0,
          starts: Optional[Sequence[S]] = None) -> MatchResult[S]:
    """Return a's wins, draws and losses against b. Each start is played twice, a moving first
    from it once and b once, so each side moves first in half the games. The starts are `games`
    / 2 openings of OPENING_PLIES random moves (random_openings with `seed`; 100 games by
    default), or the positions given as `starts`."""
    check_game(game, "match")
    callable_value(a, "player a", "player(game, state) returning a move")
    callable_value(b, "player b", "player(game, state) returning a move")
    whole_number(seed, "seed")
    if starts is None:
        games = 100 if games is None else games
        if isinstance(games, bool) or not isinstance(games, int) or games < 2 or games % 2:
            raise ValueError(f"games must be an even whole number >= 2 (each side moves first in "
                             f"half of them), got {shown(games)}")
        if games > MOST_GAMES:
            raise ValueError(f"games must be at most {MOST_GAMES:,}, got {shown(games)}")
        starts = random_openings(game, games // 2, seed=seed)
    else:
        if isinstance(starts, (str, bytes)) or not isinstance(starts, Sequence) or not starts:
            raise ValueError(f"starts must be a list of at least one position, got {shown(starts)}")
        if games is not None and games != 2 * len(starts):
            raise ValueError(f"{len(starts)} starts make {2 * len(starts)} games (each played twice, "
                             f"with each side first), not games={shown(games)}")
        check_state = getattr(game, "check_state", None)
        if check_state is not None:
            for start in starts:
                check_state(start)
    names = player_names(game)
    played = []
    for start in starts:
        first = game.to_move(start)
        second = names[1] if first == names[0] else names[0]
        for side, other in ((first, second), (second, first)):
            record = play(game, {side: a, other: b}, start)
            score = game.utility(record.final, side)
            played.append(Played(side, score, record))
    scores = [p.score for p in played]
    return MatchResult(sum(s > 0 for s in scores), sum(s == 0 for s in scores), sum(s < 0 for s in scores),
                       tuple(played))


def tournament(game: Game[S, A], players: Mapping[str, Player[S, A]], *, games: int = 20,
               seed: int = 0) -> dict[tuple[str, str], MatchResult[S]]:
    """Return the match of every pair of players (by name, each pair once, in the order given),
    `games` games each from the same seeded openings."""
    if not isinstance(players, Mapping) or len(players) < 2:
        raise ValueError(f"a tournament needs at least two players, as a dict {{name: player(game, state)}}, "
                         f"got {shown(players)}")
    names = list(players)
    return {(a, b): match(game, players[a], players[b], games=games, seed=seed)
            for i, a in enumerate(names) for b in names[i + 1:]}


def player_names(game: Game) -> tuple[str, str]:
    """Return the two players of `game`: the one to move at the start, then the other."""
    first = game.to_move(game.initial)
    named = getattr(game, "players", None)
    if named is not None and len(named) == 2:
        return (first, named[1] if named[0] == first else named[0])
    child = game.result(game.initial, tuple(game.actions(game.initial))[0])
    return first, game.to_move(child)


def openings(marks: int = 2, game: Optional[TicTacToe] = None) -> list[TicTacToeState]:
    """Return every position reachable with at most `marks` marks, fewest first (1, 10 and 82
    positions for 0, 1 and 2 marks; all 5,478 for 9).

    >>> [len(openings(marks)) for marks in (0, 1, 2)]
    [1, 10, 82]
    """
    if isinstance(marks, bool) or not isinstance(marks, int) or marks < 0:
        raise ValueError(f"openings needs a number of marks that is a whole number >= 0, got {shown(marks)}")
    if game is not None and not isinstance(game, TicTacToe):
        raise TypeError(f"openings are positions of tic-tac-toe (a TicTacToe game), not of {game_name(game)}")
    game = game or TicTacToe()
    level, found = [game.initial], [game.initial]
    for _ in range(marks):
        level = list(dict.fromkeys(game.result(s, a) for s in level for a in game.actions(s)))
        if not level:  # every game has ended: more marks add nothing
            break
        found += level
    return found


def drawn_openings(game: TicTacToe) -> list[TicTacToeState]:
    """Return the openings of at most two marks that perfect play draws (34 of the 82)."""
    if not isinstance(game, TicTacToe):
        raise TypeError(f"drawn_openings are positions of tic-tac-toe (a TicTacToe game), not of {game_name(game)}")
    return [s for s in openings(2, game) if alphabeta(game, s).value == 0]


def weight_tournament(game: ConnectFour, candidates: Mapping[str, Mapping[str, float]] = CANDIDATES, *,
                      depth: int = TOURNAMENT_DEPTH, games: int = TOURNAMENT_GAMES,
                      seed: int = 0) -> dict[tuple[str, str], MatchResult]:
    """Return the match of every pair of candidate weightings: engines searching to `depth`
    with each LinearEvaluation, `games` games per pair from openings drawn with `seed`."""
    players = {name: engine(game, depth=depth, evaluate=LinearEvaluation(game, weights))
               for name, weights in candidates.items()}
    return tournament(game, players, games=games, seed=seed)


def points(results: Mapping[tuple[str, str], MatchResult]) -> dict[str, float]:
    """Return each player's points (a win 1, a draw 1/2) over a tournament's matches, most first."""
    if not isinstance(results, Mapping) or not all(
            isinstance(pair, tuple) and len(pair) == 2 and isinstance(result, MatchResult)
            for pair, result in results.items()):
        raise ValueError(f"points takes a tournament's results, a dict {{(player a, player b): MatchResult}}, "
                         f"got {results!r:.200}")
    total: dict[str, float] = {}
    for (a, b), result in results.items():
        total[a] = total.get(a, 0) + result.points
        total[b] = total.get(b, 0) + result.losses + result.draws / 2
    return dict(sorted(total.items(), key=lambda item: -item[1]))
