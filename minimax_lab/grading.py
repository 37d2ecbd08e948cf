"""Assignment checks: run a student's function on fixed and random cases and compare it with the
package's own searches (minimax, negamax, alphabeta and their Trace).

Each `check_*` prints one stable line when every case passes; that line is the stored output nbval
compares. Otherwise it shows the smallest failing case (a tree is drawn) with what was expected and
what came back, and raises CheckFailed, so the cell, and nbval, fail.
"""

from __future__ import annotations

import copy
import math
import random
from dataclasses import dataclass
from functools import lru_cache
from numbers import Real
from typing import Any, Callable, Optional, Sequence

from .games import Game, TicTacToe, TicTacToeState, TreeGame
from .heuristics import even
from .ordering import ByEvaluation, exact_values
from .search import INF, alphabeta, minimax, negamax
from .text import value_text
from .trace import Trace
from .trees import Tree, random_tree, validate_tree

TEXTBOOK_TREES: dict[str, Tree] = {
    "AIMA Fig. 5.2": [[3, 12, 8], [2, 4, 6], [14, 5, 2]],
    "the tutorial tree": [[[3, 5], [2, 9]], [[1, 7], [4, 6]]],
    "the ragged tree": [3, [[3, 5], [2, 9]]],
}
"""The fixed trees every tree check starts with: AIMA 4th ed. Fig. 5.2 (value 3), the introductory
tutorial's three-ply tree (value 6) and a ragged tree with a leaf beside a subtree (value 5)."""

RANDOM_TREES = 100
"""Random trees per check; each is searched with MAX and with MIN at the root."""

SHAPES = ((2, 6), (3, 4), (4, 3))
"""(branching, greatest depth) of the random trees: at most 127 nodes, small enough to draw."""

LEAF_RANGES = ((-9, 9), (-2, 2), (-20, -1), (1, 20))
"""Leaf ranges of the random trees, in turn: mixed signs, many ties, all negative, all positive."""

PLAYER_DEPTH = 2
"""Plies the assignment-3 player searches before it calls the evaluation function."""

BUDGET_SLACK = 1.25
"""The ordering budget: at most this many times the nodes of the exact-value ordering."""


class CheckFailed(AssertionError):
    """A student's function disagrees with the package's searches on some case."""


# --- cases ---------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Case:
    """A nested-list tree to search, named, with the player who moves at its root."""

    name: str
    tree: Tree
    first: str = "MAX"

    @property
    def game(self) -> TreeGame:
        return TreeGame(self.tree, first=self.first)

    @property
    def maximizing(self) -> bool:
        return self.first == "MAX"

    @property
    def color(self) -> int:
        return 1 if self.first == "MAX" else -1

    @property
    def size(self) -> int:
        return len(validate_tree(self.tree))

    def title(self) -> str:
        return f"{self.name}, {self.first} to move at the root"


def map_leaves(tree: Tree, change: Callable[[Any], Any]) -> Tree:
    """Return a copy of `tree` with `change` applied to every leaf."""
    if isinstance(tree, (list, tuple)):
        return [map_leaves(child, change) for child in tree]
    return change(tree)


def random_trees(count: int = RANDOM_TREES, *, seed: int = 0) -> list[Tree]:
    """Return `count` random trees from random.Random(seed): shapes from SHAPES, ragged except every
    fifth, leaves from LEAF_RANGES in turn, and every third tree's leaves divided by 4 (floats)."""
    rng = random.Random(seed)
    trees = []
    for i in range(count):
        branching, deepest = SHAPES[rng.randrange(len(SHAPES))]
        low, high = LEAF_RANGES[i % len(LEAF_RANGES)]
        tree = random_tree(branching, rng.randint(1, deepest), seed=rng.randrange(2**32),
                           low=low, high=high, ragged=i % 5 != 0)
        trees.append(map_leaves(tree, lambda v: v / 4) if i % 3 == 2 else tree)
    return trees


def tree_cases(count: int = RANDOM_TREES, *, seed: int = 0) -> list[Case]:
    """Return the textbook trees, then `count` random ones, each with MAX and with MIN at the root."""
    named = list(TEXTBOOK_TREES.items())
    named += [(f"random tree #{i}", tree) for i, tree in enumerate(random_trees(count, seed=seed))]
    return [Case(name, tree, first) for name, tree in named for first in ("MAX", "MIN")]


def tictactoe_positions(count: int = 40, *, seed: int = 0,
                        game: Optional[TicTacToe] = None) -> list[TicTacToeState]:
    """Return the empty board and `count` other distinct non-terminal positions reached from it by
    1 to 7 random moves drawn from random.Random(seed), fewest marks first."""
    game = game or TicTacToe()
    rng = random.Random(seed)
    found = {game.initial: None}
    while len(found) < count + 1:
        state = game.initial
        for _ in range(rng.randint(1, 7)):
            if game.is_terminal(state):
                break
            state = game.result(state, rng.choice(game.actions(state)))
        if not game.is_terminal(state):
            found.setdefault(state, None)
    return sorted(found, key=lambda s: 9 - len(s.moves))


def openings(marks: int = 2, game: Optional[TicTacToe] = None) -> list[TicTacToeState]:
    """Return every position reachable with at most `marks` marks, fewest first (1, 10 and 82
    positions for 0, 1 and 2 marks; all 5,478 for 9)."""
    game = game or TicTacToe()
    level, found = [game.initial], [game.initial]
    for _ in range(marks):
        level = list(dict.fromkeys(game.result(s, a) for s in level for a in game.actions(s)))
        found += level
    return found


# --- reporting -----------------------------------------------------------------------------------

@dataclass
class Mismatch:
    """One failing case: how the function was called, what was expected, what came back."""

    case: Any
    call: str
    expected: str
    returned: str
    algorithm: Optional[str] = None
    error: Optional[BaseException] = None


def _show(case: Any, algorithm: Optional[str]) -> None:
    """Display a failing tree, drawn with `algorithm`'s values, when running under IPython."""
    try:
        from IPython import get_ipython
        from IPython.display import display
    except ImportError:
        return
    if get_ipython() is None or not isinstance(case, Case):
        return
    from .draw import draw
    display(draw(case.game, algorithm, edge_labels=True))


def _describe(case: Any) -> str:
    if isinstance(case, Case):
        return f"{case.title()}:\n    tree = {case.tree!r}"
    if isinstance(case, TicTacToeState):
        board = str(case).replace("\n", "\n    ")
        return f"tic-tac-toe, {case.to_move} to move ({case!r}):\n    {board}"
    return str(case)


def _size(case: Any) -> int:
    if isinstance(case, Case):
        return case.size
    if isinstance(case, TicTacToeState):
        return len(case.moves)
    return 0


def _report(label: str, success: str, total: int, failures: list[Mismatch]) -> None:
    """Print the success line, or show the smallest failure and raise CheckFailed."""
    __tracebackhide__ = True
    if not failures:
        print(f"{label}: {success}")
        return
    worst = min(failures, key=lambda m: _size(m.case))
    _show(worst.case, worst.algorithm)
    message = (f"{label} is wrong on {len(failures)} of {total} cases. The smallest is "
               f"{_describe(worst.case)}\n  call:     {worst.call}\n"
               f"  expected: {worst.expected}\n  returned: {worst.returned}")
    raise CheckFailed(message) from worst.error


def _attempt(func: Callable, *args: Any) -> tuple[Any, Optional[BaseException]]:
    """Call a student's function; return (result, None) or (None, the exception it raised)."""
    try:
        return func(*args), None
    except NotImplementedError:
        raise
    except Exception as error:  # noqa: BLE001 - any error in student code is a failed case
        return None, error


def _raised(error: BaseException) -> str:
    return f"raised {type(error).__name__}: {error}"


def _is_number(x: Any) -> bool:
    return isinstance(x, Real) and not isinstance(x, bool)


def _same(got: Any, want: float) -> bool:
    return _is_number(got) and got == want


def _num(x: Any) -> str:
    return value_text(x, ascii=True) if _is_number(x) else repr(x)


def _run(label: str, success: str, cases: Sequence, judge: Callable[[Any], Optional[Mismatch]]) -> None:
    __tracebackhide__ = True
    failures = [m for m in map(judge, cases) if m is not None]
    _report(label, success, len(cases), failures)


# --- assignment 1: minimax -----------------------------------------------------------------------

def check_minimax_value(minimax_value: Callable[[Tree, bool], float]) -> None:
    """Check minimax_value(tree, maximizing) against the package's minimax on every tree case."""
    __tracebackhide__ = True
    _check_tree_values("minimax_value", minimax_value, minimax,
                       lambda case: case.maximizing, "maximizing={}")


def _check_tree_values(name: str, student: Callable, search: Callable, argument: Callable[[Case], Any],
                       shown: str) -> None:
    """Check student(tree, argument(case)) against search(case.game).value on every tree case;
    `shown` formats the argument in the failure report."""
    __tracebackhide__ = True

    def judge(case: Case) -> Optional[Mismatch]:
        want = search(case.game).value
        got, error = _attempt(student, copy.deepcopy(case.tree), argument(case))
        if error is None and _same(got, want):
            return None
        return Mismatch(case, f"{name}(tree, {shown.format(argument(case))})", _num(want),
                        _raised(error) if error else _num(got), search.__name__, error)

    cases = tree_cases()
    _run(name, f"{len(cases)} trees correct, MAX and MIN at the root", cases, judge)


def minimax_values(game: Game) -> Callable[[Any], float]:
    """Return value(state): the minimax value of a state of `game`, remembered. It is computed
    by the package's alphabeta, whose full-window value is minimax's, only faster."""
    values: dict = {}

    def value(state: Any) -> float:
        if state not in values:
            values[state] = alphabeta(game, state).value
        return values[state]

    return value


def _judge_decision(case: Any, game: Game, state: Any, call: str, func: Callable,
                    args: tuple, algorithm: Optional[str],
                    value_of: Optional[Callable[[Any], float]] = None) -> Optional[Mismatch]:
    """Compare a (value, move) answer with minimax: the value must be the minimax value and the
    move a legal one whose position has that value."""
    value_of = value_of or minimax_values(game)
    want = value_of(state)
    got, error = _attempt(func, *args)
    actions = list(game.actions(state))
    if error is None and isinstance(got, tuple) and len(got) == 2 and _same(got[0], want) \
            and got[1] in actions and value_of(game.result(state, got[1])) == want:
        return None
    best = [a for a in actions if value_of(game.result(state, a)) == want]
    expected = f"value {_num(want)} and a move among {best}"
    if error is not None:
        return Mismatch(case, call, expected, _raised(error), algorithm, error)
    if not (isinstance(got, tuple) and len(got) == 2):
        return Mismatch(case, call, expected + ", as a pair (value, move)", repr(got), algorithm)
    value, move = got
    if not _same(value, want):
        return Mismatch(case, call, expected, f"value {_num(value)} (move {move!r})", algorithm)
    why = (f"but move {move!r} leads to a position worth {_num(value_of(game.result(state, move)))}"
           if move in actions else f"but move {move!r} is not a legal move (legal: {actions})")
    return Mismatch(case, call, expected, f"value {_num(value)}, {why}", algorithm)


def check_minimax_decision(minimax_decision: Callable[[Tree, bool], tuple]) -> None:
    """Check minimax_decision(tree, maximizing) -> (value, move) on every tree case: the value must
    be minimax's and the move (a child index) one that achieves it."""
    __tracebackhide__ = True

    def judge(case: Case) -> Optional[Mismatch]:
        game = case.game
        return _judge_decision(case, game, game.initial,
                               f"minimax_decision(tree, maximizing={case.maximizing})",
                               minimax_decision, (copy.deepcopy(case.tree), case.maximizing), "minimax")

    cases = tree_cases()
    _run("minimax_decision", f"{len(cases)} trees correct, values and moves", cases, judge)


def check_minimax_search(minimax_search: Callable[[Game, Any], tuple]) -> None:
    """Check minimax_search(game, state) -> (value, move) on every tree case (as a TreeGame) and on
    tic-tac-toe positions: the empty board and 40 positions of random play."""
    __tracebackhide__ = True
    game = TicTacToe()
    value_of = minimax_values(game)

    def judge(case: Any) -> Optional[Mismatch]:
        if isinstance(case, Case):
            tree_game = case.game
            return _judge_decision(case, tree_game, tree_game.initial,
                                   f"minimax_search(TreeGame(tree, first={case.first!r}), ())",
                                   minimax_search, (tree_game, tree_game.initial), "minimax")
        return _judge_decision(case, game, case, f"minimax_search(TicTacToe(), {case!r})",
                               minimax_search, (game, case), None, value_of)

    trees, positions = tree_cases(), tictactoe_positions(game=game)
    _run("minimax_search", f"{len(trees)} trees and {len(positions)} tic-tac-toe positions correct",
         trees + positions, judge)


# --- assignment 2: negamax and alpha-beta --------------------------------------------------------

def check_negamax(negamax_value: Callable[[Tree, int], float]) -> None:
    """Check negamax_value(tree, color) (color +1: MAX to move, -1: MIN) against the package's
    negamax: the value from the point of view of the player to move at the root."""
    __tracebackhide__ = True
    _check_tree_values("negamax_value", negamax_value, negamax, lambda case: case.color, "color={:+d}")


def _judge_pruning(case: Case, func: Callable, call: str, args: tuple, want: float,
                   examined: list) -> Optional[Mismatch]:
    """Compare a pruning search's value and the leaves it examined with the package's alphabeta."""
    trace = Trace()
    alphabeta(case.game, trace=trace)
    leaves = trace.leaf_values()
    got, error = _attempt(func, *args)
    if error is not None:
        return Mismatch(case, call, f"value {_num(want)}", _raised(error), "alphabeta", error)
    if not _same(got, want):
        return Mismatch(case, call, f"value {_num(want)}", f"value {_num(got)}", "alphabeta")
    if examined != leaves:
        at = next((i for i, (a, b) in enumerate(zip(examined, leaves)) if a != b),
                  min(len(examined), len(leaves)))
        return Mismatch(case, call, f"the leaves {leaves} examined, in this order",
                        f"the leaves {examined} (they differ from leaf number {at + 1} on)", "alphabeta")
    return None


def check_alphabeta(alphabeta_value: Callable[[Tree, float, float, bool, list], float]) -> None:
    """Check alphabeta_value(tree, alpha, beta, maximizing, examined) called with the full window:
    its value must be minimax's, and the leaf values it appended to `examined` must be those the
    package's alphabeta examines, in the same order (children left to right, prune when
    alpha >= beta)."""
    __tracebackhide__ = True

    def judge(case: Case) -> Optional[Mismatch]:
        examined: list = []
        return _judge_pruning(case, alphabeta_value,
                              f"alphabeta_value(tree, -inf, +inf, maximizing={case.maximizing}, examined)",
                              (copy.deepcopy(case.tree), -INF, INF, case.maximizing, examined),
                              minimax(case.game).value, examined)

    cases = tree_cases()
    _run("alphabeta_value", f"{len(cases)} trees correct, values and leaves examined", cases, judge)


def check_negamax_alphabeta(negamax_alphabeta: Callable[[Tree, float, float, int, list], float]) -> None:
    """Check negamax_alphabeta(tree, alpha, beta, color, examined) called with the full window: its
    value must be negamax's (the side to move's view) and the leaf values it appended to
    `examined` (as they stand in the tree) those the package's alphabeta examines, in order."""
    __tracebackhide__ = True

    def judge(case: Case) -> Optional[Mismatch]:
        examined: list = []
        return _judge_pruning(case, negamax_alphabeta,
                              f"negamax_alphabeta(tree, -inf, +inf, color={case.color:+d}, examined)",
                              (copy.deepcopy(case.tree), -INF, INF, case.color, examined),
                              negamax(case.game).value, examined)

    cases = tree_cases()
    _run("negamax_alphabeta", f"{len(cases)} trees correct, values and leaves examined", cases, judge)


# --- assignment 3: an evaluation function and a move ordering for tic-tac-toe ---------------------

def check_evaluation(evaluate: Callable[[TicTacToeState], float]) -> None:
    """Check that evaluate(state) returns a number strictly between -1 and +1 (a win is +1, a loss
    -1) on every non-terminal position, so that no estimate outranks a real win or loss."""
    __tracebackhide__ = True

    def judge(state: TicTacToeState) -> Optional[Mismatch]:
        got, error = _attempt(evaluate, state)
        if error is None and _is_number(got) and -1 < got < 1:
            return None
        return Mismatch(state, f"evaluate({state!r})", "a number strictly between -1 and +1",
                        _raised(error) if error else repr(got), None, error)

    game = TicTacToe()
    positions = [s for s in openings(9, game) if not game.is_terminal(s)]
    _run("evaluate", f"a number between -1 and +1 on all {len(positions):,} non-terminal positions",
         positions, judge)


def exact_order(game: Game) -> Callable:
    """Return the oracle ordering of `game`: moves sorted by their exact minimax value, best first
    for the player to move, ties as given (the package's ByEvaluation over exact_values)."""
    return ByEvaluation(exact_values(game).get)


def _ordering_nodes(game: TicTacToe, order: Optional[Callable]) -> dict[TicTacToeState, int]:
    return {s: alphabeta(game, s, order=order).nodes for s in openings(2, game)}


@lru_cache(maxsize=1)
def _exact_order_nodes() -> dict[TicTacToeState, int]:
    game = TicTacToe()
    return _ordering_nodes(game, exact_order(game))


def ordering_budget() -> int:
    """Return the node budget of check_ordering: BUDGET_SLACK times the nodes alphabeta visits,
    summed over the 82 openings of at most two marks, when moves are ordered by their exact value."""
    return math.ceil(BUDGET_SLACK * sum(_exact_order_nodes().values()))


def _checked_order(order: Callable) -> Callable:
    """Wrap a student's ordering so that it must return a rearrangement of the actions it is given."""

    def checked(game: Game, state: Any, actions: Sequence, path: tuple) -> tuple:
        ordered = tuple(order(game, state, actions, path))
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
        raise CheckFailed(f"order_moves {_raised(error)}") from error
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
        f"{_describe(worst)}\n  with your order: {nodes[worst]:,} nodes; "
        f"with the exact-value order: {exact[worst]:,}")


def depth_limited_player(evaluate: Callable, order: Optional[Callable] = None,
                         depth: int = PLAYER_DEPTH) -> Callable[[Game, Any], Any]:
    """Return a player (game, state) -> move: the package's alphabeta to `depth` plies, scoring the
    horizon with `evaluate` and ordering moves with `order`."""
    return lambda game, state: alphabeta(game, state, depth=depth, evaluate=evaluate, order=order).move


def reference_player(depth: int = PLAYER_DEPTH) -> Callable[[Game, Any], Any]:
    """Return the reference player: alphabeta to `depth` plies with no evaluation (the horizon is
    worth 0) and the natural move order. It sees only the wins and losses within its horizon."""
    return depth_limited_player(even, None, depth)


def perfect_player(game: TicTacToe) -> Callable[[Game, Any], Any]:
    """Return a player that makes the first best move (the package's full-depth alphabeta, whose
    move is minimax's), remembering each position."""
    moves: dict = {}

    def play(game_: Game, state: Any) -> Any:
        if state not in moves:
            moves[state] = alphabeta(game, state).move
        return moves[state]

    return play


def play(game: TicTacToe, state: TicTacToeState, players: dict) -> tuple[float, tuple]:
    """Play from `state` to the end, players[mark](game, state) choosing each move; return X's
    utility and the moves played."""
    moves: list = []
    while not game.is_terminal(state):
        move = players[game.to_move(state)](game, state)
        moves.append(move)
        state = game.result(state, move)
    return game.utility(state, "X"), tuple(moves)


@dataclass(frozen=True)
class Played:
    """One finished game of a match, from the tested player's side."""

    start: TicTacToeState
    side: str
    score: float
    moves: tuple


def match(player: Callable, opponent: Callable, starts: Sequence[TicTacToeState], *,
          game: TicTacToe) -> list[Played]:
    """Play `player` against `opponent` from each start, once with each mark."""
    results = []
    for start in starts:
        for side in ("X", "O"):
            other = "O" if side == "X" else "X"
            utility, moves = play(game, start, {side: player, other: opponent})
            results.append(Played(start, side, utility if side == "X" else -utility, moves))
    return results


def drawn_openings(game: TicTacToe) -> list[TicTacToeState]:
    """Return the openings of at most two marks that perfect play draws (34 of the 82)."""
    return [s for s in openings(2, game) if alphabeta(game, s).value == 0]


def _lost_game_text(lost: Played, game: TicTacToe, against: str) -> str:
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
            raise CheckFailed(f"player: evaluate or order_moves {_raised(error)}") from error
        lost = [g for g in games if g.score < 0]
        if lost:
            shortest = min(lost, key=lambda g: len(g.moves))
            raise CheckFailed(f"player: lost {len(lost)} of {len(games)} games against {against}. "
                              f"The shortest: {_lost_game_text(shortest, game, against)}")
        played.append(len(games))
    print(f"player: no loss in {played[0]} games against perfect play nor in {played[1]} against "
          f"the reference player")


# --- assignment 4: the complexity of alpha-beta ---------------------------------------------------

def distinct_tree(branching: int, depth: int, *, seed: int = 0) -> list:
    """Return a uniform tree whose b**d leaves are 0 .. b**d - 1 shuffled by random.Random(seed)."""
    values = list(range(branching ** depth))
    random.Random(seed).shuffle(values)
    leaves = iter(values)

    def grow(ply: int) -> Tree:
        return next(leaves) if ply == depth else [grow(ply + 1) for _ in range(branching)]

    return grow(0)  # type: ignore[return-value]


BEST_CASE_SHAPES = tuple((b, d) for b in range(1, 6) for d in range(1, 8) if b ** d <= 3125)
"""(branching, depth) pairs check_best_case_leaves tries: every one with at most 3,125 leaves."""


def check_best_case_leaves(best_case_leaves: Callable[[int, int], int]) -> None:
    """Check best_case_leaves(b, d) against the leaves the package's alphabeta examines on uniform
    trees with distinct leaves when moves are ordered by their exact value (Knuth and Moore, 1975)."""
    __tracebackhide__ = True

    def judge(shape: tuple[int, int]) -> Optional[Mismatch]:
        b, d = shape
        game = TreeGame(distinct_tree(b, d, seed=b * 10 + d))
        want = alphabeta(game, order=exact_order(game)).leaves
        got, error = _attempt(best_case_leaves, b, d)
        if error is None and _same(got, want):
            return None
        return Mismatch(f"a uniform tree of branching {b} and depth {d}, best moves searched first",
                        f"best_case_leaves({b}, {d})", repr(want), _raised(error) if error else repr(got),
                        None, error)

    _run("best_case_leaves", f"matches alpha-beta on {len(BEST_CASE_SHAPES)} perfectly ordered trees",
         BEST_CASE_SHAPES, judge)


EBF_CASES = ((53, 5), (7, 2), (15, 3), (121, 4), (4, 3), (2, 1), (1000, 1), (1_000_000, 6),
             (18297, 9), (549946, 9), (2, 3))
"""(nodes, depth) pairs for check_effective_branching_factor: AIMA's 52 generated nodes at depth 5
(b* = 1.92, AIMA 3rd ed. section 3.6.1), whole-number trees (7 = 1+2+4), tic-tac-toe's full
minimax and alpha-beta counts, and a count below depth + 1 (a fraction under 1)."""


def check_effective_branching_factor(effective_branching_factor: Callable[[int, int], float]) -> None:
    """Check effective_branching_factor(nodes, depth): the b* with 1 + b* + ... + b*^depth = nodes,
    to a relative error of 1e-6, for the pairs in EBF_CASES."""
    __tracebackhide__ = True

    def judge(case: tuple[int, int]) -> Optional[Mismatch]:
        nodes, depth = case
        got, error = _attempt(effective_branching_factor, nodes, depth)
        if error is None and _is_number(got) and got > 0:
            total = sum(got ** i for i in range(depth + 1))
            if math.isclose(total, nodes, rel_tol=1e-6):
                return None
        want = f"b* > 0 with 1 + b* + ... + b*^{depth} = {nodes}"
        if error is not None:
            return Mismatch(case, f"effective_branching_factor({nodes}, {depth})", want, _raised(error),
                            None, error)
        shown = repr(got)
        if _is_number(got) and got > 0:
            shown += f", for which the sum is {sum(got ** i for i in range(depth + 1)):.6g}"
        return Mismatch(case, f"effective_branching_factor({nodes}, {depth})", want, shown)

    _run("effective_branching_factor", f"correct on {len(EBF_CASES)} (nodes, depth) pairs", EBF_CASES, judge)
