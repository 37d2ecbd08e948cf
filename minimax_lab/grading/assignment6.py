"""Assignment 6 checks: search over several opponents on the maze game (games.maze), after UC
Berkeley CS188's multi-agent project.

- check_reflex: a reflex agent (MAX takes the action whose reflex_value is highest, the first of
  equals) plays REFLEX_GAMES games on the REFLEX_LAYOUT maze against random chasers; it passes
  with REFLEX_WINS wins.
- check_multi_agent_minimax, check_multi_agent_alphabeta, check_multi_agent_expectimax: the
  student's search(game, state, depth, evaluate) -> (value, action), `depth` in rounds (MAX's move
  and then every chaser's, as CS188 counts it), against the course's agents_search and
  agents_alphabeta on the tiny maze and on random small mazes, with a FeatureEvaluation whose
  weights make a skipped chaser or a depth counted per agent show. The value must be the course's
  (exactly; a float within `same`'s tolerance of an expectation) and the action one whose value is
  the best. Alpha-beta must also evaluate as many positions as the course's alpha-beta, which
  searches the actions in the order game.actions lists them and cuts off when alpha >= beta: more
  means a bound lost or a cutoff missed; fewer, a count that was not the search's (an evaluation
  runs in the student's worker, where its count could be changed, so it must be exact).
- check_maze_evaluation: the student's evaluate(game, state) drives MAX's expectimax, EVALUATION_DEPTH
  rounds deep, in EVALUATION_GAMES games on the EVALUATION_LAYOUT maze against random chasers; it
  passes with EVALUATION_WINS wins and an average score of EVALUATION_SCORE or more.

The mazes, the depths, the weights and the games' seeds are drawn from the seed of the random cases
(checks.core.CASE_SEED): 0 in a notebook, the grading run's own under `make grade`, so answers
tuned to the cases a student has seen gain nothing. The chasers' random moves are drawn in the
grader's process, out of reach of the student's code, which runs in its sandboxed worker. The
thresholds are module constants an instructor may change; what they were set from is in
EVALUATION_WINS' note.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Literal, Optional, Sequence

from ..checks.core import CASE_SEED, Failure, number_trouble, plain_number, same
from ..core.text import shown
from ..games.maze import FeatureEvaluation, MazeGame, MazeState, random_maze
from ..games.maze_policies import MazePlay, play_game, random_chaser
from ..games.protocol import GameView
from ..running.guard import CheckFailed, StudentProblem, call_student
from ..running.sandbox import Batches, BatchedEvaluation, KernelBatches, RemoteError, RemoteFunction
from ..search.agents import agents_alphabeta, agents_search
from .reports import attempt, judge_cases, number_text, raised

if TYPE_CHECKING:
    from ..display.maze_drawing import MazeSvg

SEARCH_CASES = 24
"""Random small mazes each search check draws, besides the tiny maze at depths 1 to 3."""

MOST_NODES = 20_000
"""A drawn case whose course search visits more nodes than this is drawn again (the checks stay quick)."""

GAME_MOVES = 300
"""Moves of MAX after which a game of the play checks stops, unfinished (a win takes 100 to 160
on the classic maze)."""

REFLEX_LAYOUT, REFLEX_GAMES, REFLEX_WINS = "medium", 10, 6
"""The reflex agent's games: the maze, how many, and the wins needed to pass. The solution's reflex
value (the score after the move, minus the steps to the nearest dot, minus 1,000 next to a chaser)
won 9 of the 10 games of seed 0; the score alone wins none."""

EVALUATION_LAYOUT, EVALUATION_DEPTH, EVALUATION_GAMES = "classic", 2, 10
"""The evaluation's games: the maze, MAX's expectimax depth in rounds, how many games."""

EVALUATION_WINS, EVALUATION_SCORE = 6, 800
"""What the evaluation's games need to pass: games won, and the average score. The solution's
evaluation wins at least 8 of the 10 games of seed 0 with an average over 1,000
(tests/grading/test_assignment6.py), and full marks on the grading seeds of test_grade_isolation; the
score alone wins none (P dithers until its 300 moves run out) and averages under half the bar."""

Chasers = Literal["min", "chance"]
"""How the chasers move in a search: each a MIN agent, or at random."""

Search = Callable[[MazeGame, MazeState, int, Callable[[MazeState], float]], tuple[float, str]]
"""A student's search: search(game, state, depth, evaluate) -> (value, action)."""


# --- the search checks --------------------------------------------------------------------------


@dataclass(frozen=True)
class MazeCase:
    """A search case: a maze, a position with MAX to move, a depth in rounds and the weights of
    the FeatureEvaluation (dots, column, row, chasers) the search is given."""

    name: str
    game: MazeGame
    state: MazeState
    depth: int
    weights: tuple[int, int, int, int]

    def evaluation(self) -> FeatureEvaluation:
        """Return a new FeatureEvaluation with this case's weights (its calls at 0)."""
        return FeatureEvaluation(*self.weights)

    @property
    def size(self) -> int:
        """How big the case is, to show the smallest failure: its open cells times its plies."""
        return len(self.game.maze.open_cells()) * self.depth * len(self.game.agents)

    def drawing(self) -> MazeSvg:
        """Return the position drawn (display.maze_drawing), for a failure shown in a notebook."""
        from ..display.maze_drawing import maze_svg
        return maze_svg(self.game, self.state)

    def __str__(self) -> str:
        board = self.game.show(self.state).replace("\n", "\n    ")
        return (f"{self.name}, depth={self.depth}, evaluate = {self.evaluation()!r} "
                f"(agents {', '.join(self.game.agents)}):\n    {board}")


def search_cases(*, seed: Optional[int] = None) -> list[MazeCase]:
    """Return the search checks' cases, smallest first: the tiny maze from its start at depths 1, 2
    and 3 (the score as the evaluation), then SEARCH_CASES random mazes with one or two chasers,
    each from a position a few random rounds in, at a depth of 1 to 3 rounds (1 or 2 with two
    chasers), with random weights, all drawn from random.Random(seed) (default: CASE_SEED)."""
    rng = random.Random(CASE_SEED.get() if seed is None else seed)
    tiny = MazeGame("tiny")
    cases = [MazeCase("the tiny maze", tiny, tiny.initial, depth, (0, 0, 0, 0)) for depth in (1, 2, 3)]
    while len(cases) < 3 + SEARCH_CASES:
        chasers = rng.choice((1, 2))
        width, height = rng.choice((5, 6, 7)), rng.choice((4, 5))
        maze_seed = rng.randrange(10**6)
        try:
            game = MazeGame(random_maze(maze_seed, width=width, height=height, chasers=chasers,
                                        dots=rng.randint(2, 5)))
        except ValueError:  # no room for that many agents and dots
            continue
        state = game.initial
        for _ in range(rng.randint(0, 3) * len(game.agents)):
            if game.is_terminal(state):
                break
            state = game.result(state, rng.choice(game.actions(state)))
        depth = rng.choice((1, 2, 3) if chasers == 1 else (1, 2))
        weights = (rng.randint(-5, 5), rng.randint(-3, 3), rng.randint(-3, 3), rng.choice((-2, -1, 1, 2)))
        if game.is_terminal(state) or state.turn != 0:
            continue
        case = MazeCase(f"random_maze({maze_seed}, width={width}, height={height})", game, state, depth, weights)
        if agents_alphabeta(game, state, depth=depth, evaluate=case.evaluation()).nodes <= MOST_NODES // 4 and \
                agents_search(game, state, depth=depth, evaluate=case.evaluation()).nodes <= MOST_NODES:
            cases.append(case)
    return sorted(cases, key=lambda case: case.size)


class _OnlyAction(GameView):
    """`game` with one action, `action`, at `root`: a search of it finds that action's value."""

    def __init__(self, game: MazeGame, root: MazeState, action: str):
        super().__init__(game)
        self.root, self.action, self.initial = root, action, root

    def actions(self, state: MazeState) -> Sequence[str]:
        return (self.action,) if state == self.root else self.game.actions(state)


def action_values(case: MazeCase, chasers: Chasers) -> dict[str, float]:
    """Return the value of each of MAX's actions at the case's position, searched as deep."""
    return {action: agents_search(_OnlyAction(case.game, case.state, action), case.state, depth=case.depth,
                                  evaluate=case.evaluation(), chasers=chasers).value
            for action in case.game.actions(case.state)}


def _judge_search(case: MazeCase, student: Search, name: str, chasers: Chasers, algorithm: Optional[str],
                  evaluations: Optional[int] = None) -> Optional[Failure]:
    """Compare a student's (value, action) with the course's search; with `evaluations`, also the
    number of positions it evaluated, which must be that many."""
    want = agents_search(case.game, case.state, depth=case.depth, evaluate=case.evaluation(), chasers=chasers)
    evaluate = case.evaluation()
    call = f"{name}(game, state, depth={case.depth}, evaluate)"
    got, error = attempt(student, case.game, case.state, case.depth, evaluate)
    values = action_values(case, chasers)
    best = [action for action, value in values.items() if value == want.value]
    expected = f"value {number_text(want.value)} and an action among {best}"
    if error is not None:
        return Failure(case, call, expected, raised(error), algorithm, error)
    if not (isinstance(got, tuple) and len(got) == 2):
        return Failure(case, call, expected + ", as a pair (value, action)", shown(got), algorithm)
    value, action = got
    if not same(value, want.value):
        return Failure(case, call, expected, f"value {number_text(value)} (action {shown(action)})", algorithm)
    if not (isinstance(action, str) and action in values):
        return Failure(case, call, expected, f"value {number_text(value)}, but action {shown(action)} is not "
                       f"one of MAX's legal actions ({', '.join(values)})", algorithm)
    if action not in best:
        return Failure(case, call, expected, f"value {number_text(value)}, but action {action!r} is worth "
                       f"{number_text(values[action])}", algorithm)
    if evaluations is not None and evaluate.calls != evaluations:
        why = ("more than alpha-beta needs: is a bound not passed on, or a cutoff missed?"
               if evaluate.calls > evaluations else "fewer than alpha-beta must look at")
        return Failure(case, call, f"the right value and action, with {evaluations} positions evaluated "
                       "(the course's alpha-beta, actions in game.actions order, cutting off when alpha >= beta)",
                       f"the right value and action, but {evaluate.calls} positions evaluated, {why}", algorithm)
    return None


def check_multi_agent_minimax(multi_agent_minimax: Search) -> None:
    """Check multi_agent_minimax(game, state, depth, evaluate) -> (value, action) against the
    course's agents_search with every chaser a MIN agent, on search_cases()."""
    __tracebackhide__ = True
    cases = search_cases()
    judge_cases("multi_agent_minimax", f"{len(cases)} mazes correct, values and actions", cases,
                lambda case: _judge_search(case, multi_agent_minimax, "multi_agent_minimax", "min", "minimax"))


def check_multi_agent_alphabeta(multi_agent_alphabeta: Search) -> None:
    """Check multi_agent_alphabeta(game, state, depth, evaluate) -> (value, action): minimax's value
    and a best action, with as many positions evaluated as the course's agents_alphabeta."""
    __tracebackhide__ = True

    def judge(case: MazeCase) -> Optional[Failure]:
        course = case.evaluation()
        agents_alphabeta(case.game, case.state, depth=case.depth, evaluate=course)
        return _judge_search(case, multi_agent_alphabeta, "multi_agent_alphabeta", "min", "alphabeta",
                             evaluations=course.calls)

    cases = search_cases()
    judge_cases("multi_agent_alphabeta", f"{len(cases)} mazes correct, values, actions and positions evaluated",
                cases, judge)


def check_multi_agent_expectimax(multi_agent_expectimax: Search) -> None:
    """Check multi_agent_expectimax(game, state, depth, evaluate) -> (value, action) against the
    course's agents_search with chasers that move at random, each legal move alike."""
    __tracebackhide__ = True
    cases = search_cases()
    judge_cases("multi_agent_expectimax", f"{len(cases)} mazes correct, expected values and actions", cases,
                lambda case: _judge_search(case, multi_agent_expectimax, "multi_agent_expectimax", "chance", None))


# --- the play checks ----------------------------------------------------------------------------


class EvaluationFailed(Exception):
    """The student's function raised, or returned something other than a number, on a position."""

    def __init__(self, state: MazeState, returned: str, error: Optional[BaseException] = None):
        super().__init__(returned)
        self.state, self.returned, self.error = state, returned, error


def game_seeds(count: int, *, seed: Optional[int] = None) -> list[int]:
    """Return the seeds of `count` games, drawn from random.Random(seed) (default: CASE_SEED)."""
    return random.Random(f"maze games {CASE_SEED.get() if seed is None else seed}").sample(range(10**6), count)


def _number(state: MazeState, got: Any, error: Optional[BaseException]) -> float:
    """Return a student's answer on `state` if it is a plain finite number; raise EvaluationFailed if not."""
    if error is not None:
        raise EvaluationFailed(state, raised(error), error)
    if not plain_number(got) or not math.isfinite(got):
        raise EvaluationFailed(state, shown(got) + (f" ({number_trouble(got)})" if not plain_number(got) else ""))
    return float(got)


def _values(function: Callable[..., object], calls: list[tuple[object, ...]], state: MazeState) -> list[float]:
    """Return the student's function's numbers on each argument tuple, in one round trip when it runs
    in a worker."""
    if isinstance(function, RemoteFunction):
        try:
            replies = function.batch(calls)
        except RemoteError as error:
            raise EvaluationFailed(state, raised(error), error) from None
        return [_number(state, got, None) for got in replies]
    return [_number(state, *attempt(function, *args)) for args in calls]


def reflex_agent(reflex_value: Callable[[MazeGame, MazeState, str], float]) -> Callable[[MazeGame, MazeState], str]:
    """Return the reflex agent of `reflex_value`: the action with the highest value, the first of equals."""

    def agent(game: MazeGame, state: MazeState) -> str:
        actions = game.actions(state)
        values = _values(reflex_value, [(game, state, action) for action in actions], state)
        return actions[values.index(max(values))]

    return agent


def evaluation_agent(evaluate: Callable[[MazeGame, MazeState], float], game: MazeGame,
                     depth: int = EVALUATION_DEPTH) -> Callable[[MazeGame, MazeState], str]:
    """Return MAX's expectimax agent, `depth` rounds deep, with evaluate(game, state) at its leaves,
    asked once per position and in batches, one a move (a round trip when it runs in a worker; in
    the kernel, one guarded call, the game shared rather than copied but checked unchanged)."""
    plies = depth * len(game.agents)
    batched: Batches = (BatchedEvaluation(evaluate, plies, leading=(game,)) if isinstance(evaluate, RemoteFunction)
                        else KernelBatches(evaluate, plies, leading=(game,), shared=(0,)))

    def value(state: MazeState) -> float:
        try:
            got = batched(state)
        except (StudentProblem, NotImplementedError):
            raise
        except (Exception, SystemExit) as error:  # noqa: BLE001 - the student's error, shown with its position
            raise EvaluationFailed(state, raised(error), error) from None
        return _number(state, got, None)

    def searched(game: MazeGame, state: MazeState) -> str:
        batched.prefetch(game, state)
        return str(agents_search(game, state, depth=depth, evaluate=value, chasers="chance").move)

    return searched


@dataclass(frozen=True)
class Record:
    """The games an agent played: their seeds and plays."""

    seeds: tuple[int, ...]
    plays: tuple[MazePlay, ...]

    @property
    def wins(self) -> int:
        return sum(play.outcome == "win" for play in self.plays)

    @property
    def average(self) -> float:
        return sum(play.score for play in self.plays) / len(self.plays)

    def summary(self) -> str:
        outcomes = [play.outcome for play in self.plays]
        return (f"{self.wins} of {len(self.plays)} games won ({outcomes.count('loss')} lost, "
                f"{outcomes.count('unfinished')} unfinished after {GAME_MOVES} moves), "
                f"average score {self.average:,.1f}")


def play_record(agent: Callable[[MazeGame, MazeState], str], layout: str, games: int, *,
                seed: Optional[int] = None) -> Record:
    """Return the games `agent` plays on `layout` against random chasers, from game_seeds(games, seed=seed)."""
    game = MazeGame(layout)
    seeds = game_seeds(games, seed=seed)
    return Record(tuple(seeds), tuple(play_game(game, agent, random_chaser, seed=s, max_moves=GAME_MOVES)
                                      for s in seeds))


def _judge_play(name: str, agent: Callable[[MazeGame, MazeState], str], layout: str, games: int,
                wins: int, average: Optional[float]) -> None:
    """Play the games and pass (print the record) or raise CheckFailed with the worst game shown."""
    __tracebackhide__ = True
    game = MazeGame(layout)
    try:
        record = play_record(agent, layout, games)
    except EvaluationFailed as failed:
        board = game.show(failed.state).replace("\n", "\n    ")
        raise CheckFailed(f"{name} must return a number, but on the {layout} maze at\n    {board}\n"
                          f"  ({failed.state!r}) it returned: {failed.returned}") from failed.error
    needs = f"{wins} won" + (f" and an average score of {average:,g}" if average is not None else "")
    if record.wins >= wins and (average is None or record.average >= average):
        print(f"{name}: {record.summary()} on the {layout} maze (needs {needs})")
        return
    worst = min(record.plays, key=lambda play: (play.outcome == "win", play.score))
    board = game.show(worst.final).replace("\n", "\n    ")
    raise CheckFailed(f"{name}: your agent's record on the {layout} maze against random chasers: "
                      f"{record.summary()}; it needs {needs}.\n  Its worst game ended {worst.outcome}, "
                      f"score {worst.score}, after {len(worst.moves) // len(game.agents)} moves:\n    {board}")


def check_reflex(reflex_value: Callable[[MazeGame, MazeState, str], float]) -> None:
    """Check reflex_value(game, state, action) by play: MAX taking the action of highest value must win
    REFLEX_WINS of REFLEX_GAMES games on the REFLEX_LAYOUT maze against random chasers."""
    __tracebackhide__ = True
    _judge_play("reflex_value", reflex_agent(reflex_value), REFLEX_LAYOUT, REFLEX_GAMES, REFLEX_WINS, None)


def check_maze_evaluation(evaluate: Callable[[MazeGame, MazeState], float]) -> None:
    """Check evaluate(game, state) by play: MAX's expectimax, EVALUATION_DEPTH rounds deep with it,
    must win EVALUATION_WINS of EVALUATION_GAMES games on the EVALUATION_LAYOUT maze against random
    chasers, with an average score of EVALUATION_SCORE or more."""
    __tracebackhide__ = True
    agent = evaluation_agent(evaluate, MazeGame(EVALUATION_LAYOUT))
    _judge_play("evaluate", agent, EVALUATION_LAYOUT, EVALUATION_GAMES, EVALUATION_WINS, EVALUATION_SCORE)
