"""Assignment 3 checks: an evaluation function for tic-tac-toe, a move ordering within a node
budget, and the depth-limited player built from them, which must not lose."""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Any, Callable, Optional, Sequence

from ..games import Game, TicTacToe, TicTacToeState
from ..ordering import exact_order
from ..players import (PLAYER_DEPTH, Played, depth_limited_player, drawn_openings, match, openings,
                       perfect_player, reference_player)
from ..search import alphabeta
from .guard import call_student
from .reports import CheckFailed, Mismatch, attempt, describe, is_number, judge_cases, raised

BUDGET_SLACK = 1.25
"""The ordering budget: at most this many times the nodes of the exact-value ordering."""


def check_evaluation(evaluate: Callable[[TicTacToeState], float]) -> None:
    """Check that evaluate(state) returns a number strictly between -1 and +1 (a win is +1, a loss
    -1) on every non-terminal position, so that no estimate outranks a real win or loss."""
    __tracebackhide__ = True

    def judge(state: TicTacToeState) -> Optional[Mismatch]:
        got, error = attempt(evaluate, state)
        if error is None and is_number(got) and -1 < got < 1:
            return None
        return Mismatch(state, f"evaluate({state!r})", "a number strictly between -1 and +1",
                        raised(error) if error else repr(got), None, error)

    game = TicTacToe()
    positions = [s for s in openings(9, game) if not game.is_terminal(s)]
    judge_cases("evaluate", f"a number between -1 and +1 on all {len(positions):,} non-terminal positions",
                positions, judge)


def _ordering_nodes(game: TicTacToe, order: Optional[Callable]) -> dict[TicTacToeState, int]:
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


def _checked_order(order: Callable) -> Callable:
    """Wrap a student's ordering so that it must return a rearrangement of the actions it is given."""

    def checked(game: Game, state: Any, actions: Sequence, path: tuple) -> tuple:
        # through the guard: the package's searches forbidden, and the game (the search's own,
        # not a copy, for speed) must come back unchanged: an order may not rewrite game.actions
        outcome = call_student(order, game, state, actions, path, name="order_moves", shared=(0,))
        if outcome.error is not None:
            raise outcome.error
        ordered = tuple(outcome.value)
        if sorted(ordered) != sorted(actions):
            raise CheckFailed(f"order_moves must return the same moves in a new order; for {state!r} "
                              f"it was given {list(actions)} and returned {list(ordered)}")
        return ordered

    return checked


def ordering_report(order: Callable) -> dict[str, int]:
    """Return the nodes alphabeta visits over the openings of at most two marks with the natural
    order, with `order`, and with the exact-value order, and the budget."""
    game = TicTacToe()
    return {"natural order": sum(_ordering_nodes(game, None).values()),
            "your order": sum(_ordering_nodes(game, _checked_order(order)).values()),
            "exact-value order": sum(_exact_order_nodes().values()),
            "budget": ordering_budget()}


def check_ordering(order_moves: Callable) -> None:
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
    except Exception as error:  # noqa: BLE001 - any error in student code fails the check
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
        f"{describe(worst)}\n  with your order: {nodes[worst]:,} nodes; "
        f"with the exact-value order: {exact[worst]:,}")


def _lost_game_text(lost: Played, game: TicTacToe, against: str) -> str:
    """Return how the failure report shows a lost game: its start, its moves and the final board."""
    state = lost.start
    for move in lost.moves:
        state = game.result(state, move)
    board = str(state).replace("\n", "\n    ")
    return (f"playing {lost.side} against {against} from {lost.start!r} (a draw with perfect play), "
            f"your player lost after the moves {list(lost.moves)}:\n    {board}")


def check_player(evaluate: Callable, order_moves: Optional[Callable] = None,
                 depth: int = PLAYER_DEPTH) -> None:
    """Check the depth-limited player built from `evaluate` and `order_moves`
    (depth_limited_player), playing each mark in turn from each start: it must lose no game
    against the perfect player from the 10 openings of at most one mark, and none against the
    reference player from the 34 drawn openings of at most two marks."""
    __tracebackhide__ = True
    game = TicTacToe()
    checked = None if order_moves is None else _checked_order(order_moves)
    player = depth_limited_player(evaluate, checked, depth)
    rounds = (("the perfect player", perfect_player(game), openings(1, game)),
              ("the reference player", reference_player(depth), drawn_openings(game)))
    played = []
    for against, opponent, starts in rounds:
        try:
            games = match(player, opponent, starts, game=game)
        except (NotImplementedError, CheckFailed):
            raise
        except Exception as error:  # noqa: BLE001 - any error in student code fails the check
            raise CheckFailed(f"player: evaluate or order_moves {raised(error)}") from error
        lost = [g for g in games if g.score < 0]
        if lost:
            shortest = min(lost, key=lambda g: len(g.moves))
            raise CheckFailed(f"player: lost {len(lost)} of {len(games)} games against {against}. "
                              f"The shortest: {_lost_game_text(shortest, game, against)}")
        played.append(len(games))
    print(f"player: no loss in {played[0]} games against perfect play nor in {played[1]} against "
          f"the reference player")
