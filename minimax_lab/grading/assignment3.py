"""Assignment 3 checks: an evaluation function for tic-tac-toe, a move ordering within a node
budget, the depth-limited player built from them, which must not lose, and a depth-adjusted
utility, with which alpha-beta prefers the quicker win."""

from __future__ import annotations

import math
import random
from collections import Counter
from functools import lru_cache
from typing import Any, Callable, Iterable, Iterator, Mapping, Optional, Sequence, cast

from ..analysis.players import (
    PLAYER_DEPTH,
    Played,
    depth_limited_player,
    drawn_openings,
    match,
    openings,
    perfect_player,
    reference_player,
)
from ..checks.core import CASE_SEED, Failure, plain_number
from ..core.text import shown
from ..core.trace import Moves
from ..games.protocol import Game
from ..games.tictactoe import TicTacToe, TicTacToeState
from ..heuristics.generic import even
from ..running.guard import CheckFailed, call_student
from ..running.sandbox import RemoteFunction, in_batches, prefetching
from ..search.ordering import exact_order
from ..search.textbook import Ordering, alphabeta
from .assignment1 import minimax_values
from .reports import attempt, case_text, judge_cases, number_text, raised, report

BUDGET_SLACK = 1.25
"""The ordering budget: at most this many times the nodes of the exact-value ordering."""


TIED_AT_MOST = 0.9
"""The largest share of the pairs of non-terminal positions with the same number of marks that an
evaluation may give the same value. A depth-limited search compares the positions at its horizon,
which have as many marks as each other: an evaluation that ties (nearly) all of them tells it
nothing. Evaluations that count lines or squares tie a third of those pairs or fewer; a constant,
or a value that depends only on the number of marks (or whose turn it is), ties them all."""

EVALUATED_AGAIN = 200
"""Positions check_evaluation evaluates a second time, drawn from CASE_SEED and in a new order: an
evaluation is a function of the position, so each must get the value it got the first time."""


def check_evaluation(evaluate: Callable[[TicTacToeState], float]) -> None:
    """Check that evaluate(state) returns a number strictly between -1 and +1 (a win is +1, a loss
    -1) on every non-terminal position, so that no estimate outranks a real win or loss; that it
    depends on the position alone (EVALUATED_AGAIN positions, asked again, get the same value); and
    that it tells positions apart (it ties at most TIED_AT_MOST of the pairs of positions with as
    many marks): a constant, or any evaluation that ignores the board, earns nothing."""
    __tracebackhide__ = True
    values: dict[TicTacToeState, float] = {}

    def judge(state: TicTacToeState) -> Optional[Failure]:
        got, error = attempt(evaluate, state)
        if error is None and plain_number(got) and -1 < got < 1:
            values[state] = got
            return None
        return Failure(state, f"evaluate({state!r})", "a number strictly between -1 and +1",
                        raised(error) if error else shown(got), None, error)

    def informative() -> None:
        __tracebackhide__ = True
        _check_evaluated_again(evaluate, values)
        _check_tells_apart(values)

    game = TicTacToe()
    positions = [s for s in openings(9, game) if not game.is_terminal(s)]
    judge_cases("evaluate", f"a number between -1 and +1 on all {len(positions):,} non-terminal positions, "
                "telling them apart", positions, judge, then=informative)


def _check_evaluated_again(evaluate: Callable[[TicTacToeState], object], values: Mapping[TicTacToeState, float]) -> None:
    """Raise CheckFailed when one of EVALUATED_AGAIN positions (drawn from CASE_SEED, in a new
    order) does not get the value it got first."""
    __tracebackhide__ = True
    again = random.Random(CASE_SEED.get()).sample(list(values), min(EVALUATED_AGAIN, len(values)))
    for state in again:
        got, error = attempt(evaluate, state)
        if error is None and plain_number(got) and got == values[state]:
            continue
        second = raised(error) if error is not None else f"returned {number_text(got)}"
        raise CheckFailed(
            f"evaluate gave {number_text(values[state])} the first time it was asked about "
            f"{case_text(state)}\n  and the second time it {second}. An evaluation is a function of the "
            "position alone: the same position must get the same value, whatever was asked before it "
            "(no random numbers, no counting of calls).") from error


def _check_tells_apart(values: Mapping[TicTacToeState, float]) -> None:
    """Raise CheckFailed when the evaluation gives one value to every position, or to more than
    TIED_AT_MOST of the pairs of positions with the same number of marks."""
    __tracebackhide__ = True
    distinct = set(values.values())
    if len(distinct) == 1:
        raise CheckFailed(
            f"evaluate gives {number_text(next(iter(distinct)))} to every one of the {len(values):,} "
            "non-terminal positions. A constant tells a depth-limited search nothing: every position at "
            "its horizon looks alike, so it plays as if it had no evaluation. What on the board makes a "
            "position better for X, and what makes it worse?")
    groups: dict[int, list[TicTacToeState]] = {}
    for state in values:
        groups.setdefault(sum(mark is not None for mark in state.board), []).append(state)
    counts = {marks: Counter(values[s] for s in group) for marks, group in groups.items()}
    tied = sum(n * (n - 1) for count in counts.values() for n in count.values())
    pairs = sum(len(group) * (len(group) - 1) for group in groups.values())
    if tied <= TIED_AT_MOST * pairs:
        return
    marks, count = max(counts.items(), key=lambda item: max(item[1].values()))
    value = count.most_common(1)[0][0]
    first, second = [s for s in groups[marks] if values[s] == value][:2]
    raise CheckFailed(
        f"evaluate gives the same value to {tied / pairs:.0%} of the pairs of positions with as many "
        f"marks as each other, such as {number_text(value)} to both {case_text(first)}\n  and "
        f"{case_text(second)}\n  A depth-limited search compares the positions at its horizon, which have "
        f"as many marks: an evaluation must tell most of them apart (tie at most {TIED_AT_MOST:.0%} of "
        "such pairs), or the search plays as if it had none. What on the board, besides how many marks "
        "there are, makes a position better or worse for X?")


# --- prefer the quicker win: a depth-adjusted utility ----------------------------------------------

class ScoredTicTacToe(TicTacToe):
    """Tic-tac-toe whose finished positions are worth `values[state]` to X (negated for O): the
    package's searches play it with a student's utility, looked up, not called, while they run."""

    def __init__(self, values: Mapping[TicTacToeState, float]) -> None:
        super().__init__()
        self.values = values

    def utility(self, state: TicTacToeState, player: str) -> Any:  # the student's number (TicTacToe says int)
        value = self.values[state]
        return value if player == "X" else -value


def finished_positions(game: TicTacToe) -> list[TicTacToeState]:
    """Return every finished tic-tac-toe position (958 of them)."""
    return [state for state in openings(9, game) if game.is_terminal(state)]


def scored_game(utility: Callable[[TicTacToeState], float]) -> ScoredTicTacToe:
    """Return tic-tac-toe scored by `utility` (X's value of a finished position), to search with."""
    return ScoredTicTacToe({state: utility(state) for state in finished_positions(TicTacToe())})


def plies_to_end(game: TicTacToe, state: TicTacToeState, value: Optional[float] = None) -> Optional[int]:
    """Return how many plies a won or lost position lasts with perfect play by both sides (the
    winner hurrying, the loser holding out), None for a draw: the smallest depth at which the
    package's depth-limited alphabeta, with every unfinished position worth 0, sees the result.
    `value`, the position's minimax value, is computed when not given."""
    if (alphabeta(game, state).value if value is None else value) == 0:
        return None
    return next(depth for depth in range(10)
                if alphabeta(game, state, depth=depth, evaluate=even).value != 0)


@lru_cache(maxsize=1)
def quicker_win_positions() -> tuple[tuple[TicTacToeState, tuple[int, ...], dict[int, int]], ...]:
    """Return the positions on which check_depth_adjusted_utility tries a utility: every won or
    lost non-terminal position in which the package's alphabeta, with the game's own utility,
    plays a slower win or a quicker loss than it could. Each comes with the moves that win
    soonest (or lose latest) and the plies each move that keeps the result takes to the end."""
    game = TicTacToe()
    value_of = minimax_values(game)
    plies = lru_cache(maxsize=None)(lambda state: plies_to_end(game, state, value_of(state)))
    found = []
    for state in openings(9, game):
        if game.is_terminal(state) or plies(state) is None:
            continue
        # the plies each move that keeps the result takes (such a child is no draw: `or 0` never acts)
        keeps = {a: 1 + (plies(child) or 0) for a in game.actions(state)
                 if value_of(child := game.result(state, a)) == value_of(state)}
        winning = (value_of(state) > 0) == (state.to_move == "X")
        target = min(keeps.values()) if winning else max(keeps.values())
        best = tuple(a for a, length in keeps.items() if length == target)
        if alphabeta(game, state).move not in best:
            found.append((state, best, keeps))
    return tuple(found)


def _order_of_results(state: TicTacToeState) -> tuple[int, int]:
    """Return where a finished position stands among results, best for X first: X's quickest
    win, ..., X's slowest win, a draw, O's slowest win, ..., O's quickest (and its mark count)."""
    marks = sum(mark is not None for mark in state.board)
    if state.winner == "X":
        return (0, marks)
    if state.winner == "O":
        return (2, -marks)
    return (1, 0)


def _plies(count: int) -> str:
    """Return '1 ply' or 'N plies'."""
    return f"{count} ply" if count == 1 else f"{count} plies"


def _result_text(state: TicTacToeState) -> str:
    """Return how a failure report names a finished position's result: 'a win for X after 5 marks'."""
    marks = sum(mark is not None for mark in state.board)
    return f"a win for {state.winner} after {marks} marks" if state.winner else "a draw"


def check_depth_adjusted_utility(depth_adjusted_utility: Callable[[TicTacToeState], float]) -> None:
    """Check depth_adjusted_utility(state), X's value of a finished tic-tac-toe position, that prefers the quicker
    win: (1) a number on each of the 958 finished positions; (2) every win for X worth more than
    every slower win, a slow win more than a draw, a draw more than a win for O, a slow win for O
    more than a quick one (fewer marks on the board is quicker); (3) the package's alphabeta,
    playing with it, chooses the soonest win (or the latest loss) on every quicker_win_positions()
    (tried before (2), so that a utility that fails it is shown a position)."""
    __tracebackhide__ = True
    game = TicTacToe()
    finished = finished_positions(game)
    values: dict[TicTacToeState, float] = {}
    wrong = []
    for state in finished:
        got, error = attempt(depth_adjusted_utility, state)
        if error is None and plain_number(got):
            values[state] = got
        else:
            wrong.append(Failure(state, f"depth_adjusted_utility({state!r})", "a number",
                                  raised(error) if error else shown(got), None, error))
    if wrong:
        report("depth_adjusted_utility", "", len(finished), wrong)
    scored = ScoredTicTacToe(values)

    def judge(case: tuple[TicTacToeState, tuple[int, ...], dict[int, int]]) -> Optional[Failure]:
        state, best, keeps = case
        move = alphabeta(scored, state).move
        if move in best:
            return None
        winning = (alphabeta(game, state).value > 0) == (state.to_move == "X")
        outcome = "wins" if winning else "loses"
        took = f"{outcome} in {_plies(keeps[move])}" if move in keeps else "throws the result away"
        return Failure(state, "alphabeta(game scored by your utility, state).move",
                        f"a move among {list(best)}, which {outcome} in {_plies(keeps[best[0]])}",
                        f"{move}, which {took}")

    cases = list(quicker_win_positions())
    failures = [m for m in map(judge, cases) if m is not None]
    if failures:
        report("depth_adjusted_utility", "", len(cases), failures)
    ranks = sorted({_order_of_results(s) for s in finished})
    groups = {rank: [s for s in finished if _order_of_results(s) == rank] for rank in ranks}
    for better, worse in zip(ranks, ranks[1:]):
        low = min(groups[better], key=values.__getitem__)
        high = max(groups[worse], key=values.__getitem__)
        if values[low] <= values[high]:
            raise CheckFailed(
                "depth_adjusted_utility must rank the results: a win for X sooner is worth more than a "
                "win later, any win more than a draw, a draw more than a loss, a loss later more than a "
                f"loss sooner. But it gives {number_text(values[low])} to {_result_text(low)},\n    "
                f"{case_text(low)}\n  and {number_text(values[high])} to {_result_text(high)},\n    "
                f"{case_text(high)}")
    print(f"depth_adjusted_utility: ranks all {len(finished)} finished positions, and alpha-beta wins "
          f"sooner or loses later with it on all {len(cases)} positions where the plain utility does not")


def _ordering_nodes(game: TicTacToe, order: Optional[Ordering]) -> dict[TicTacToeState, int]:
    """Return the nodes alphabeta visits from each opening of at most two marks with `order`."""
    return {s: alphabeta(game, s, order=order).nodes for s in openings(2, game)}


@lru_cache(maxsize=1)
def _exact_order_nodes() -> dict[TicTacToeState, int]:
    """Return _ordering_nodes with the exact-value order (computed once)."""
    game = TicTacToe()
    return _ordering_nodes(game, exact_order(game))


def ordering_budget() -> int:
    """Return the node budget of check_ordering: BUDGET_SLACK times the nodes alphabeta visits,
    summed over the 82 openings of at most two marks, when moves are ordered by their exact value."""
    return math.ceil(BUDGET_SLACK * sum(_exact_order_nodes().values()))


def _rearranged(ordered: Sequence[Any], actions: Sequence[Any]) -> bool:
    """Return True when `ordered` holds the same moves as `actions` (False for moves that cannot
    even be sorted with them, such as a string among squares)."""
    try:
        return sorted(ordered) == sorted(actions)
    except TypeError:
        return False


def _checked_order(order: Callable[..., object]) -> Ordering:
    """Wrap a student's ordering so that it must return a rearrangement of the actions it is given."""

    def checked(game: Game, state: object, actions: Sequence[object], path: Moves) -> tuple[object, ...]:
        if isinstance(order, RemoteFunction):  # graded: it runs in its worker, on its own copies
            # what the worker sent back: tuple() raises TypeError when it is not iterable
            ordered = tuple(cast(Iterable[object], order(game, state, tuple(actions), path)))
            if not _rearranged(ordered, actions):
                raise CheckFailed(f"order_moves must return the same moves in a new order; for {shown(state)} "
                                  f"it was given {list(actions)} and returned {list(ordered)}")
            return ordered
        # through the guard: the package's searches forbidden, and the game (the search's own,
        # not a copy, for speed) must come back unchanged: an order may not rewrite game.actions
        outcome = call_student(order, game, state, actions, path, name="order_moves", shared=(0,))
        if outcome.error is not None:
            raise outcome.error
        if not isinstance(outcome.value, (list, tuple, Iterator)):
            raise CheckFailed(f"order_moves must return the same moves in a new order (a list or a tuple); for "
                              f"{shown(state)} it was given {list(actions)} and returned {shown(outcome.value)}")
        ordered = tuple(outcome.value)
        if not _rearranged(ordered, actions):
            raise CheckFailed(f"order_moves must return the same moves in a new order; for {shown(state)} "
                              f"it was given {list(actions)} and returned {list(ordered)}")
        return ordered

    return checked


def ordering_report(order: Callable[..., object]) -> dict[str, int]:
    """Return the nodes alphabeta visits over the openings of at most two marks with the natural
    order, with `order`, and with the exact-value order, and the budget."""
    game = TicTacToe()
    return {"natural order": sum(_ordering_nodes(game, None).values()),
            "your order": sum(_ordering_nodes(game, _checked_order(order)).values()),
            "exact-value order": sum(_exact_order_nodes().values()),
            "budget": ordering_budget()}


def check_ordering(order_moves: Callable[[Game, TicTacToeState, Sequence[int], Moves], Sequence[int]]) -> None:
    """Check a move ordering for tic-tac-toe: over the 82 openings of at most two marks, the package's
    alphabeta with `order_moves` must visit no more nodes than ordering_budget(), that is at most
    25% more than with moves ordered by their exact minimax value."""
    __tracebackhide__ = True
    game = TicTacToe()
    budget = ordering_budget()
    try:
        nodes = _ordering_nodes(game, _checked_order(order_moves))
    except NotImplementedError:
        raise
    except CheckFailed:
        raise
    except (Exception, SystemExit) as error:  # noqa: BLE001 - any error in student code fails the check
        raise CheckFailed(f"order_moves {raised(error)}") from error
    total = sum(nodes.values())
    if total <= budget:
        print(f"order_moves: alpha-beta stays within the node budget on all {len(nodes)} openings")
        return
    exact = _exact_order_nodes()
    worst = max(nodes, key=lambda s: nodes[s] - exact[s])
    raise CheckFailed(
        f"order_moves: alpha-beta visited {total:,} nodes on the {len(nodes)} openings of at most two "
        f"marks; the budget is {budget:,} ({BUDGET_SLACK:g} x the {sum(exact.values()):,} of the "
        f"exact-value order). Your order does worst, relative to the exact-value order, on "
        f"{case_text(worst)}\n  with your order: {nodes[worst]:,} nodes; "
        f"with the exact-value order: {exact[worst]:,}")


def _lost_game_text(lost: Played, against: str) -> str:
    """Return how the failure report shows a lost game: its start, its moves and the final board."""
    record = lost.record
    board = str(record.final).replace("\n", "\n    ")
    return (f"playing {lost.side} against {against} from {record.start!r} (a draw with perfect play), "
            f"your player lost after the moves {list(record.moves)}:\n    {board}")


def check_player(evaluate: Callable[[TicTacToeState], float],
                 order_moves: Optional[Callable[[Game, TicTacToeState, Sequence[int], Moves], Sequence[int]]] = None,
                 depth: int = PLAYER_DEPTH) -> None:
    """Check the depth-limited player built from `evaluate` and `order_moves`
    (depth_limited_player), playing each mark in turn from each start: it must lose no game
    against the perfect player from the 10 openings of at most one mark, and none against the
    reference player from the 34 drawn openings of at most two marks."""
    __tracebackhide__ = True
    game = TicTacToe()
    checked = None if order_moves is None else _checked_order(order_moves)
    evaluation = in_batches(evaluate, depth)
    player = prefetching(evaluation, depth_limited_player(evaluation, checked, depth))
    rounds = (("the perfect player", perfect_player(game), openings(1, game)),
              ("the reference player", reference_player(depth), drawn_openings(game)))
    played = []
    for against, opponent, starts in rounds:
        try:
            games = match(game, player, opponent, starts=starts).games
        except (NotImplementedError, CheckFailed):
            raise
        except (Exception, SystemExit) as error:  # noqa: BLE001 - any error in student code fails the check
            raise CheckFailed(f"player: evaluate or order_moves {raised(error)}") from error
        lost = [g for g in games if g.score < 0]
        if lost:
            shortest = min(lost, key=lambda g: len(g.record.moves))
            raise CheckFailed(f"player: lost {len(lost)} of {len(games)} games against {against}. "
                              f"The shortest: {_lost_game_text(shortest, against)}")
        played.append(len(games))
    print(f"player: no loss in {played[0]} games against perfect play nor in {played[1]} against "
          f"the reference player")
