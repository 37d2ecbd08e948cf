"""Alpha-beta with narrow windows: null-window tests, principal variation search (NegaScout),
aspiration windows and MTD(f), each a short function on the same game protocol as `textbook.py`.

A search with the window (alpha, beta) proves less than one with the full window, and so prunes
more: a value strictly inside the window is exact, one <= alpha only an upper bound, one >= beta
only a lower bound (fail-soft). The narrowest window, a *null window* with nothing inside it,
proves only on which side of a test value the true value lies. The searches below spend cheap
narrow searches first and pay for a wide one only when they must.

`experiments.compare_searches` measures them all (with minimax, alpha-beta and solve) on one position;
`registry.CATALOG` says what each takes.
"""

from __future__ import annotations

import functools
import math
from dataclasses import replace
from numbers import Real
from typing import Any, Callable, Optional, ParamSpec, TypeVar

from ..core.game_types import A, S
from ..core.table import NO_TABLE, TranspositionTable, check_table
from ..core.text import shown
from ..core.trace import CUTOFF, ENTER, EXIT, LEAF, NO_TRACE, UPDATE, Moves, Trace, as_trace
from ..core.trees import Tree, is_nan
from ..core.validation import as_float
from ..games.protocol import Game, as_game, start_state
from .textbook import INF, Evaluate, Ordering, Search, SearchResult, alphabeta

P = ParamSpec("P")
R = TypeVar("R")


def pvs(game: Game[S, A] | Tree, state: Optional[S] = None, *, depth: Optional[int] = None,
        evaluate: Optional[Evaluate[S]] = None, order: Optional[Ordering[S, A]] = None,
        table: Optional[TranspositionTable[S, A]] = None, alpha: float = -INF, beta: float = INF,
        trace: Trace = NO_TRACE) -> SearchResult[float, A]:
    """Return the minimax value of `state` for MAX, and the best move, by principal variation
    search (NegaScout; Chessprogramming wiki, Principal Variation Search). The first move at a
    node is searched with the node's window; every later move first with a null window, which
    asks only "is this move better than the best so far?", and again with the full window only
    when it is. The players must take turns: the search is written as negamax, so inside it (and
    in the trace) values are from the side to move.

    Contract, as alphabeta's (fail-soft): with the window (alpha, beta), given from MAX's point of
    view, a value strictly inside is exact, one <= alpha an upper bound, one >= beta a lower bound.
    With a `table`, every node searched is stored with its bound flag, a stored result that
    settles a node is used instead of searching it, and the stored best move is tried first; the
    principal variation then stops where the table answered (table.pv follows it further), and
    if the table settles the root, the move is the one stored there.

    >>> r = pvs([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    >>> r.value, r.move, r.nodes, r.leaves
    (3, 0, 11, 7)
    """
    search = Search(game, state, depth=depth, evaluate=evaluate, order=order, window=(alpha, beta),
                    alternating=True)
    game = search.game
    table = NO_TABLE if table is None else table
    table.bind(game, search.evaluation)

    def value(state: S, path: Moves[A], alpha: float, beta: float) -> tuple[float, Moves]:
        search.nodes += 1
        player = search.to_move(state, path)
        trace.add(ENTER, path, player, alpha=alpha, beta=beta)
        plies_left = search.horizon - len(path)
        line: Moves = ()  # the best line from here: none at a leaf or where the table answers
        if game.is_terminal(state) or plies_left <= 0:
            v = search.utility(state, path, player)
            trace.add(LEAF, path, player, value=v, alpha=alpha, beta=beta)
        elif (known := table.probe(state, alpha, beta, plies_left)) is not None:
            v = known
        else:
            v, line = best_move(state, path, player, alpha, beta)
            table.store(state, v, alpha, beta, depth=plies_left, move=line[0])
        trace.add(EXIT, path, player, value=v)
        return v, line

    def best_move(state: S, path: Moves[A], player: object, alpha: float, beta: float) -> tuple[float, Moves]:
        best, line = -INF, ()
        for i, a in enumerate(actions := ordered(state, path)):
            if i == 0:
                v, line2 = move_value(state, path, a, alpha, beta)
            else:  # a null window asks only "is this move better than alpha?"
                v, line2 = move_value(state, path, a, alpha, math.nextafter(alpha, INF))
                if alpha < v < beta:  # it is: search it again to find out by how much
                    v, line2 = move_value(state, path, a, alpha, beta)
            if not line or v > best:
                best, line = v, line2
                trace.add(UPDATE, path, player, value=best, alpha=max(alpha, v), beta=beta)
            alpha = max(alpha, v)
            if alpha >= beta:
                trace.add(CUTOFF, path, player, value=best, alpha=alpha, beta=beta,
                          pruned=search.after(actions, a))
                search.cutoff(state, a, path)
                break
        return best, line

    def move_value(state: S, path: Moves[A], a: A, alpha: float, beta: float) -> tuple[float, Moves]:
        """Return the value of playing `a` for the side to move, searched with (alpha, beta)."""
        v, line = value(game.result(state, a), path + (a,), -beta, -alpha)
        return -v, (a,) + line

    def ordered(state: S, path: Moves[A]) -> tuple[A, ...]:
        actions, first = search.actions(state, path), table.move(state)
        if first is None or first not in actions:
            return actions
        return (first,) + tuple(a for a in actions if a != first)

    root, sign = search.root, 1 if search.role(search.root) == "MAX" else -1
    window = (alpha, beta) if sign == 1 else (-beta, -alpha)
    found = search.run(lambda: value(root, (), *window))
    if found.move is None and not game.is_terminal(root):  # the table answered at the root
        found = replace(found, move=table.move(root), pv=table.pv(game, root))
    return replace(found, value=sign * found.value)


def checked_arguments(search: Callable[P, R]) -> Callable[P, R]:
    """Return `search` with its `table` and `trace` checked before it runs, so that a wrong one is
    named at once (the search's own lines, which a lesson prints, stay the algorithm alone)."""
    @functools.wraps(search)
    def run(*args: P.args, **kwargs: P.kwargs) -> R:
        check_table(kwargs.get("table"))
        as_trace(kwargs.get("trace", NO_TRACE), search.__name__)
        return search(*args, **kwargs)

    return run


pvs = checked_arguments(pvs)


def null_window(game: Game[S, A] | Tree, state: Optional[S] = None, *, test: float, depth: Optional[int] = None,
                evaluate: Optional[Evaluate[S]] = None, order: Optional[Ordering[S, A]] = None,
                table: Optional[TranspositionTable[S, A]] = None,
                trace: Trace = NO_TRACE) -> SearchResult[float, A]:
    """Return the result of a null-window test: is the minimax value of `state` (MAX's point of
    view) at least `test`? It is a search with a window that has no value inside, (the number just
    below `test`, `test`), so every child gets the same window and it prunes the most.

    Contract: a value >= test is a lower bound (the true value is at least that: yes); a value
    < test an upper bound (the true value is at most that: no). The move is a best move only
    after a yes. It is pvs with a null window, which is plain alpha-beta (with memory, given a table).

    >>> tree = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]            # its value is 3
    >>> null_window(tree, test=3).value >= 3, null_window(tree, test=4).value >= 4
    (True, False)
    >>> null_window(tree, test=4).nodes, pvs(tree).nodes
    (9, 11)
    """
    test = check_finite(test, "test")
    return pvs(game, state, depth=depth, evaluate=evaluate, order=order, table=table,
               alpha=math.nextafter(test, -INF), beta=test, trace=trace)


def aspiration(game: Game[S, A] | Tree, state: Optional[S] = None, *, guess: float, width: float,
               depth: Optional[int] = None, evaluate: Optional[Evaluate[S]] = None,
               order: Optional[Ordering[S, A]] = None, trace: Trace = NO_TRACE) -> SearchResult[float, A]:
    """Return the minimax value of `state` for MAX, and the best move, by alpha-beta with an
    aspiration window (Chessprogramming wiki, Aspiration Windows): first the narrow window
    (guess - width, guess + width) around a guess at the value, say the last iteration's.

    A value strictly inside that window is exact. If the search fails low (value <= guess - width:
    only an upper bound) or high (>= guess + width: only a lower bound), it searches again with
    the failed side opened to infinity, where the value is strictly inside: the result is always
    exact. Its nodes and leaves count both searches; the trace shows both.

    >>> tree = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]
    >>> [(r.value, r.nodes) for r in (aspiration(tree, guess=3, width=1),
    ...                               aspiration(tree, guess=9, width=1), alphabeta(tree))]
    [(3, 11), (3, 19), (3, 11)]
    """
    guess, width = check_finite(guess, "guess"), check_finite(width, "width")
    if width <= 0:
        raise ValueError(f"width must be > 0 (the window is guess - width .. guess + width), got {shown(width)}")
    alpha, beta = guess - width, guess + width
    options: dict[str, Any] = dict(depth=depth, evaluate=evaluate, order=order, trace=trace)
    first = alphabeta(game, state, alpha=alpha, beta=beta, **options)
    if alpha < first.value < beta:
        return first
    if first.value <= alpha:  # failed low: the value is at most first.value
        alpha = -INF
    else:  # failed high: the value is at least first.value
        beta = INF
    second = alphabeta(game, state, alpha=alpha, beta=beta, **options)
    return replace(second, nodes=first.nodes + second.nodes, leaves=first.leaves + second.leaves)


def mtdf(game: Game[S, A] | Tree, state: Optional[S] = None, *, guess: float = 0, depth: Optional[int] = None,
         evaluate: Optional[Evaluate[S]] = None, order: Optional[Ordering[S, A]] = None,
         table: Optional[TranspositionTable[S, A]] = None, trace: Trace = NO_TRACE) -> SearchResult[float, A]:
    """Return the minimax value of `state` for MAX, and a best move, by MTD(f) (Plaat, Schaeffer,
    Pijls and de Bruin, "Best-first fixed-depth minimax algorithms", Artificial Intelligence
    87, 1996): null-window tests only, sharing one transposition table, starting at `guess`.

    Each test that says yes (value >= test) raises a lower bound, each no lowers an upper bound,
    and the next test is at the value the last one returned, until the bounds meet: the value is
    then exact. The nearer the guess, the fewer tests. Its nodes and leaves count every test; the
    move is from the last test that proved a lower bound for the player to move (a yes if MAX is
    to move, a no if MIN is), which proves it best; the principal variation is that move alone
    (bounds do not prove the rest of the line).

    >>> tree = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]
    >>> [(r.value, r.nodes) for r in (mtdf(tree, guess=3), mtdf(tree, guess=0), mtdf(tree, guess=20))]
    [(3, 14), (3, 14), (3, 25)]
    """
    value, game = check_finite(guess, "guess"), as_game(game)  # one game for every test's table
    check_table(table)
    table = TranspositionTable() if table is None else table
    max_to_move = game.to_move(start_state(game, state)) == game.max_player
    lower, upper, nodes, leaves = -INF, INF, 0, 0
    proven: Optional[SearchResult[float, A]] = None
    while lower < upper:
        test = math.nextafter(value, INF) if value == lower else value
        result = null_window(game, state, test=test, depth=depth, evaluate=evaluate, order=order,
                             table=table, trace=trace)
        value, nodes, leaves = result.value, nodes + result.nodes, leaves + result.leaves
        as_float(value, "mtdf steps between values as floats, but a null-window test returned one that")
        if value >= test:  # yes: the value is at least this
            lower = value
        else:  # no: the value is at most this
            upper = value
        if (value >= test) == max_to_move:  # a bound for the player to move: its move is proven
            proven = result
    move = (proven or result).move
    return SearchResult(value, move, () if move is None else (move,), nodes, leaves)


def check_finite(number: float, name: str) -> float:
    """Return `number` if it is a finite real number that a float can hold (not a bool, NaN,
    infinite or 10**400: the windows are made of floats), else raise ValueError naming the argument."""
    if isinstance(number, bool) or not isinstance(number, Real) or is_nan(number) or number in (INF, -INF):
        raise ValueError(f"{name} must be a finite number, got {shown(number)}")
    as_float(number, f"{name} must be a finite number that a float can hold, but it")
    return number
