"""Assignment 1 checks: the minimax value of a tree, a decision (value and move), minimax on any
game (trees and tic-tac-toe), and expectimax on trees with chance nodes."""

from __future__ import annotations

import copy
from dataclasses import dataclass
from fractions import Fraction
from typing import Callable, Optional, Sequence, Union

from ..checks.core import Case, Failure, same, same_move, tree_cases
from ..core.game_types import A, S
from ..core.text import shown
from ..core.trees import Path, Tree
from ..games.protocol import Game
from ..games.tictactoe import TicTacToe, TicTacToeState
from ..search.chance import ChanceTree, expectiminimax
from ..search.opponents import Model, model_opponent, uniform
from ..search.textbook import alphabeta, minimax
from .cases import tictactoe_positions
from .reports import attempt, check_tree_values, judge_cases, number_text, raised


def check_minimax_value(minimax_value: Callable[[Tree, bool], float]) -> None:
    """Check minimax_value(tree, maximizing) against the package's minimax on every tree case."""
    __tracebackhide__ = True
    check_tree_values("minimax_value", minimax_value, minimax,
                      lambda case: case.maximizing, "maximizing={}")


def minimax_values(game: Game[S, A]) -> Callable[[S], float]:
    """Return value(state): the minimax value of a state of `game`, remembered. It is computed
    by the package's alphabeta, whose full-window value is minimax's, only faster."""
    values: dict[S, float] = {}

    def value(state: S) -> float:
        if state not in values:
            values[state] = alphabeta(game, state).value
        return values[state]

    return value


def _judge_decision(case: object, game: Game[S, A], state: S, call: str, func: Callable[..., object],
                    args: tuple[object, ...], algorithm: Optional[str],
                    value_of: Optional[Callable[[S], float]] = None) -> Optional[Failure]:
    """Compare a (value, move) answer with minimax: the value must be the minimax value and the
    move a legal one whose position has that value."""
    value_of = value_of or minimax_values(game)
    want = value_of(state)
    got, error = attempt(func, *args)
    actions = list(game.actions(state))
    if error is None and isinstance(got, tuple) and len(got) == 2 and same(got[0], want) \
            and same_move(got[1], actions) and value_of(game.result(state, got[1])) == want:
        return None
    best = [a for a in actions if value_of(game.result(state, a)) == want]
    expected = f"value {number_text(want)} and a move among {best}"
    if error is not None:
        return Failure(case, call, expected, raised(error), algorithm, error)
    if not (isinstance(got, tuple) and len(got) == 2):
        return Failure(case, call, expected + ", as a pair (value, move)", shown(got), algorithm)
    value, move = got
    if not same(value, want):
        return Failure(case, call, expected, f"value {number_text(value)} (move {shown(move)})", algorithm)
    why = (f"but move {shown(move)} leads to a position worth {number_text(value_of(game.result(state, move)))}"
           if same_move(move, actions) else f"but move {shown(move)} is not a legal move (legal: {actions})")
    return Failure(case, call, expected, f"value {number_text(value)}, {why}", algorithm)


def check_minimax_decision(minimax_decision: Callable[[Tree, bool], tuple[float, int]]) -> None:
    """Check minimax_decision(tree, maximizing) -> (value, move) on every tree case: the value must
    be minimax's and the move (a child index) one that achieves it."""
    __tracebackhide__ = True

    def judge(case: Case) -> Optional[Failure]:
        game = case.game
        return _judge_decision(case, game, game.initial,
                               f"minimax_decision(tree, maximizing={case.maximizing})",
                               minimax_decision, (copy.deepcopy(case.tree), case.maximizing), "minimax")

    cases = tree_cases()
    judge_cases("minimax_decision", f"{len(cases)} trees correct, values and moves", cases, judge)


def check_minimax_search(minimax_search: Callable[[Game, object], tuple[float, object]]) -> None:
    """Check minimax_search(game, state) -> (value, move) on every tree case (as a TreeGame) and on
    tic-tac-toe positions: the empty board and 40 positions of random play."""
    __tracebackhide__ = True
    game = TicTacToe()
    value_of = minimax_values(game)

    def judge(case: Union[Case, TicTacToeState]) -> Optional[Failure]:
        if isinstance(case, Case):
            tree_game = case.game
            return _judge_decision(case, tree_game, tree_game.initial,
                                   f"minimax_search(TreeGame(tree, first={case.first!r}), ())",
                                   minimax_search, (tree_game, tree_game.initial), "minimax")
        return _judge_decision(case, game, case, f"minimax_search(TicTacToe(), {case!r})",
                               minimax_search, (game, case), None, value_of)

    trees, positions = tree_cases(), tictactoe_positions(game=game)
    cases: list[Union[Case, TicTacToeState]] = [*trees, *positions]
    judge_cases("minimax_search", f"{len(trees)} trees and {len(positions)} tic-tac-toe positions correct",
                cases, judge)


# --- expectimax: MAX against an opponent who moves at random (AIMA 4th ed. section 5.5) ---------

@dataclass(frozen=True)
class ChanceCase:
    """A minimax tree (MAX at the root) and a model of how MIN replies: the tree with chance
    nodes that expectimax searches is model_opponent(tree, model), built anew on each call, since
    a student's function may change the lists it is given (chance nodes cannot be deep-copied)."""

    name: str
    base: Tree
    model: Model = uniform

    @property
    def tree(self) -> ChanceTree:
        """Return a fresh copy of the tree with chance nodes."""
        return model_opponent(self.base, self.model)

    def __str__(self) -> str:
        return f"{self.name}:\n    tree = {self.tree!r}"


def skewed(path: Path, children: Sequence[object]) -> list[Fraction]:
    """Return probabilities 1, 2, 3, ... in proportion for a node's children (the last most
    likely): an opponent model under which a plain average of the children is wrong."""
    total = len(children) * (len(children) + 1) // 2
    return [Fraction(i + 1, total) for i in range(len(children))]


CS188_EXAMPLE = ChanceCase("the CS188 example", [[3, 12, 9], [2, 4, 6], [15, 6, 0]])
"""The expectimax example of UC Berkeley's CS188 lecture on expectimax: MAX chooses among three
moves of an opponent who replies at random, each reply equally likely."""


def chance_cases() -> list[ChanceCase]:
    """Return the expectimax cases: the CS188 example, then every tree case with MAX at the root
    with MIN's nodes turned into chance nodes, each reply equally likely, then with the replies'
    probabilities in proportion 1, 2, 3, ... (model_opponent); smallest first."""
    trees = tree_cases(sides=("MAX",))
    cases = [CS188_EXAMPLE]
    for label, model in (("each reply equally likely", uniform), ("replies weighted 1, 2, 3, ...", skewed)):
        cases += [ChanceCase(f"{case.name}, {label}", case.tree, model) for case in trees]
    return sorted(cases, key=lambda case: len(repr(case.base)))


def check_expectimax(expectimax_value: Callable[[ChanceTree], float]) -> None:
    """Check expectimax_value(tree) against the package's expectiminimax on chance_cases(): MAX
    moves at the lists, and a chance node is worth its outcomes' values weighted by their
    probabilities. Values agree as `same` compares them, floats within a relative 1e-9 (float sums
    may differ in the last bits)."""
    __tracebackhide__ = True

    def judge(case: ChanceCase) -> Optional[Failure]:
        want = expectiminimax(case.tree).value
        got, error = attempt(expectimax_value, case.tree)
        if error is None and same(got, want):
            return None
        shown = raised(error) if error is not None else number_text(got)
        return Failure(case, "expectimax_value(tree)", number_text(float(want)), shown, None, error)

    cases = chance_cases()
    judge_cases("expectimax_value", f"{len(cases)} trees with chance nodes correct", cases, judge)
