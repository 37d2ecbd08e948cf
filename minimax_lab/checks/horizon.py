"""Checks for lesson 08 (search with a horizon): the depth at which a plain search sees a loss, the
value one ply deeper, an evaluation of the student's own in a match, and the Check yourself questions.

Every expected answer is computed by the package: the plain search is the textbook's `alphabeta`
with a depth and Connect Four's evaluation; the engine is `minimax_lab.search.engine`; the match is
`players.match` at a fixed depth from seeded openings.

>>> verdict = horizon(...)
Not answered yet: run the plain search at depths 2, 3, 4, ... and watch for the depth at which it stops playing column 3
"""

from __future__ import annotations

import math
from functools import cache
from typing import Any, Callable

from ..analysis.players import MatchResult, match
from ..heuristics.boards import move_order
from ..heuristics.connect_four import ConnectFour, ConnectFourState
from ..heuristics.generic import even
from ..search.engine import WIN, EngineResult, engine
from ..search.textbook import SearchResult, alphabeta
from . import guard
from .core import Verdict, check_answer, choice, exercise, unanswered, verdict

HORIZON_MOVES = "11641133"
"""The position of "find the horizon", as the columns played from the empty board (X to move)."""

CARELESS_DEPTH = 2
"""The depth at which the lesson shows the plain search's careless move in HORIZON_MOVES."""

MOST_DEPTH = 8
"""The deepest plain search "find the horizon" tries."""

ONE_MORE_PLY = 7
""""Predict the effect of one more ply": the engine's value of the empty board at this depth is
shown, and the student predicts the value one ply deeper."""

MATCH_DEPTH, MATCH_GAMES, MATCH_SEED = 1, 100, 0
"""The engines' depth, the games and the seed of the openings of "write an evaluation"."""

POINTS_NEEDED = 60
"""The points (a win 1, a draw 1/2) of MATCH_GAMES an evaluation must score against the zero
evaluation."""

TRAP_MOVES, LOST_MOVES = "0223", "652132334412"
"""The lesson's positions: the horizon effect's trap (X to move) and a lost position (X to move)."""


def game() -> ConnectFour:
    """Return the game of the lesson: Connect Four on the standard 7 x 6 board."""
    return ConnectFour()


def plain_search(game: ConnectFour, state: ConnectFourState, depth: int) -> SearchResult[float]:
    """Return the plain search of the lesson: the textbook's alpha-beta to `depth` plies, the
    horizon scored by Connect Four's evaluation (win, block, centre first), with no quiescence."""
    return alphabeta(game, state, depth=depth, evaluate=game.evaluate, order=move_order(game))


# --- Your turn: find the horizon -----------------------------------------------------------------

@cache
def horizon_facts() -> tuple[int, dict[int, int], int, float]:
    """Return (the careless move, the plain search's move at each depth, the first depth at which
    it plays another move, the plies from the careless move to the loss, the move included)."""
    c4 = game()
    state = c4.play(HORIZON_MOVES)
    moves = {depth: plain_search(c4, state, depth).move for depth in range(1, MOST_DEPTH + 1)}
    careless = moves[CARELESS_DEPTH]
    seen = next(depth for depth in range(CARELESS_DEPTH, MOST_DEPTH + 1) if moves[depth] != careless)
    after = engine(c4, depth=MOST_DEPTH).search(c4.result(state, careless))
    if not (after.proven and after.value < -1):
        raise RuntimeError(f"column {careless} should lose in {HORIZON_MOVES!r}, but the engine says "
                           f"{after.outcome('X')}")
    return careless, moves, seen, 1 + WIN + after.value


@exercise("predict")
def horizon(answer: Any) -> Verdict:
    """Check the smallest depth at which the plain search stops playing the careless move in
    HORIZON_MOVES (it sees that the move loses)."""
    careless, moves, seen, plies = horizon_facts()
    hint = (f"run the plain search at depths 2, 3, 4, ... and watch for the depth at which it stops "
            f"playing column {careless}")
    blind = ", ".join(str(d) for d in range(CARELESS_DEPTH, seen))
    why = (f"At depths {blind} the plain search plays column {careless}; at depth {seen} it plays "
           f"column {moves[seen]}. Column {careless} loses on ply {plies:g} (X's move is ply 1), so "
           f"only a search {plies:g} plies deep sees it.")
    mistakes: dict[Any, str] = {depth: f"At depth {depth} the plain search still plays column {careless}."
                                for depth in range(1, seen)}
    mistakes[4] = (f"{mistakes.get(4, '')} Four plies was the horizon of the lesson's example; here O "
                   "needs more moves to win.").strip()
    for depth in range(seen + 1, MOST_DEPTH + 1):
        mistakes[depth] = f"Depth {seen} already plays another move; the question asks for the smallest depth."
    return check_answer(answer, seen, hint=hint, why=why, mistakes=mistakes)


# --- Your turn: one more ply ---------------------------------------------------------------------

@cache
def deepening_values() -> dict[int, float]:
    """Return the engine's value of the empty board at each depth 1 .. ONE_MORE_PLY + 1."""
    c4 = game()
    result: EngineResult = engine(c4, depth=ONE_MORE_PLY + 1).search(c4.initial)
    return {iteration.depth: iteration.value for iteration in result.iterations}


def direction(before: float, after: float) -> str:
    """Return 'higher', 'lower' or 'the same': how `after` compares with `before`."""
    return "higher" if after > before else "lower" if after < before else "the same"


@exercise("predict")
def one_more_ply(answer: Any) -> Verdict:
    """Check the prediction: is the engine's value of the empty board one ply deeper than
    ONE_MORE_PLY higher, lower or the same?"""
    values = deepening_values()
    before, after = values[ONE_MORE_PLY], values[ONE_MORE_PLY + 1]
    expected = direction(before, after)
    odd = [values[d] for d in values if d % 2]
    even_ = [values[d] for d in values if d % 2 == 0]
    zigzag = min(odd) > max(even_)
    why = (f"At depth {ONE_MORE_PLY + 1} the engine values the empty board at {after:+.4f}, "
           f"{expected} than {before:+.4f} at depth {ONE_MORE_PLY}.")
    if zigzag:
        why += (" At every odd depth X has made the last move before the horizon, and the evaluation "
                "likes the side with one stone more; at every even depth both sides have made the same "
                "number of moves. The values zigzag: the odd-even effect.")
    if isinstance(answer, str) and answer.strip().casefold() not in ("higher", "lower", "the same"):
        why = "Answer with 'higher', 'lower' or 'the same'. " + why
    return check_answer(answer, expected, why=why,
                        hint="look at how the value moves from each depth to the next: which player "
                             "made the last move before the horizon?")


# --- Your turn: write an evaluation ----------------------------------------------------------------

SIGN_PROBE = "05152"
"""A position where X has three stones in a row with both ends open and O two stones: any evaluation
from X's point of view scores it above 0."""


def _probe(student: Callable[[Any], Any], c4: ConnectFour) -> Verdict | None:
    """Return a verdict if the student's evaluation fails on a few positions (not a number, out of
    (-1, 1), raises, scores for the wrong side), else None."""
    for moves in ("", "3", "33", SIGN_PROBE, "001122"):
        state = c4.play(moves)
        try:
            value = guard.run_limited(student, None, state)  # in a process of its own: stops any loop
        except NotImplementedError:
            return unanswered("score a position for X: add up a few features, each X's count minus "
                              "O's, with weights, and scale the sum to stay strictly between -1 and 1")
        except guard.TimedOut:
            return verdict(False, f"Not correct: your evaluation did not return within {guard.CALL_TIMEOUT:g} s "
                                  f"on {where(moves)}.")
        except Exception as error:  # noqa: BLE001 - a student's error is a verdict
            return verdict(False, f"Not correct: your evaluation raised {type(error).__name__} ({error}) "
                                  f"on {where(moves)}.")
        if isinstance(value, bool) or not isinstance(value, (int, float)) or math.isnan(value):
            return verdict(False, f"Not correct: your evaluation returned {value!r} for the position after "
                                  f"{where(moves)}; it must return a number.")
        if not -1 < value < 1:
            return verdict(False, f"Not correct: your evaluation returned {value!r} for the position after "
                                  f"{where(moves)}. It must stay strictly between -1 and 1, since a "
                                  "win is worth 1 and a guess must never outrank a real win: divide by more.")
        if moves == SIGN_PROBE and value < 0:
            return verdict(False, f"Not correct: your evaluation scores the position after {SIGN_PROBE!r} "
                                  f"at {value:+.4f}, bad for X, though X has an open three and O only two "
                                  "stones. It must be X's value whoever is to move: X's counts minus O's.")
    return None


def where(moves: str) -> str:
    """Return the position after `moves` in words."""
    return f"the position after {moves!r}" if moves else "the empty board"


def score_text(result: MatchResult, games: int) -> str:
    """Return a match result as 'W wins, D draws, L losses: P of G points'."""
    return (f"{result.wins} wins, {result.draws} draws, {result.losses} losses: {result.points:g} of "
            f"{games} points")


@exercise("code")
def evaluation(student: Any) -> Verdict:
    """Check a student's evaluation in a match: engines to MATCH_DEPTH, MATCH_GAMES games from the
    openings of MATCH_SEED, against the zero evaluation (it must score POINTS_NEEDED); also print
    its result against the course's evaluation."""
    hint = ("score a position for X: add up a few features, each X's count minus O's, with weights, "
            "and scale the sum to stay strictly between -1 and 1")
    if student is Ellipsis:
        return unanswered(hint)
    if not callable(student):
        return verdict(False, f"Not correct: the answer should be a function evaluate(state), but it is "
                              f"{student!r}.")
    c4 = game()
    refused = _probe(student, c4)
    if refused is not None:
        return refused
    results = {}
    for name, opponent in (("zero", even), ("course's", c4.evaluate)):
        try:
            results[name] = guard.run_limited(lambda: match(c4, engine(c4, depth=MATCH_DEPTH, evaluate=student),
                                                            engine(c4, depth=MATCH_DEPTH, evaluate=opponent),
                                                            games=MATCH_GAMES, seed=MATCH_SEED))
        except guard.TimedOut:
            return verdict(False, f"Not correct: the match against the {name} evaluation did not finish "
                                  f"within {guard.CALL_TIMEOUT:g} s. The engines call your evaluation "
                                  "thousands of times a game, so it must take well under a millisecond: "
                                  "count with simple loops over the lines, and search nothing.")
        except Exception as error:  # noqa: BLE001 - a student's error is a verdict
            return verdict(False, f"Not correct: during the match your evaluation failed: "
                                  f"{type(error).__name__}: {error}")
    zero, course = results["zero"], results["course's"]
    report = (f"Against the zero evaluation: {score_text(zero, MATCH_GAMES)}. Against the course's "
              f"evaluation: {score_text(course, MATCH_GAMES)}.")
    if zero.points >= POINTS_NEEDED:
        return verdict(True, f"Correct: your evaluation scores at least {POINTS_NEEDED} points against "
                             f"the zero evaluation. {report}")
    return verdict(False, f"Not correct: your evaluation needs at least {POINTS_NEEDED} of {MATCH_GAMES} "
                          f"points against the zero evaluation, a player that knows nothing. {report} "
                          "Which features matter most when a player looks only one move ahead?")


# --- Check yourself ------------------------------------------------------------------------------

@exercise("check-yourself")
def quiz_1(answer: Any) -> Verdict:
    """What is the horizon effect?"""
    c4 = game()
    trap = c4.play(TRAP_MOVES)
    moves = {depth: plain_search(c4, trap, depth).move for depth in (2, 3, 4)}
    return choice(answer, "b", hint="think of the lesson's trap: what did the depth-2 search not see?",
                  why=f"In the lesson's trap the plain search plays column {moves[2]} at depths 2 and 3 "
                      f"and column {moves[4]} at depth 4: the loss after column {moves[2]} comes on ply 4, "
                      "beyond the shallower horizons.",
                  mistakes={"a": "A deeper search is slower, but that is the cost of search, not the "
                                 "horizon effect, which is about what a search cannot see.",
                            "c": "An evaluation can be wrong anywhere; the horizon effect is a search "
                                 "stopping just before the move that decides the game."})


@exercise("check-yourself")
def quiz_2(answer: Any) -> Verdict:
    """Which positions does quiescence search keep searching beyond the horizon?"""
    c4 = game()
    fork = c4.play(TRAP_MOVES + "34")
    return choice(answer, "a", hint="which positions can a guess not score well?",
                  why=f"Only positions that are not quiet, here a win to take or a threat to block: after "
                      f"the trap's fork X's only moves worth searching are the blocks "
                      f"{', '.join(map(str, c4.noisy_actions(fork)))}, and quiet positions are scored by "
                      "the evaluation as before.",
                  mistakes={"b": "That would be one ply deeper everywhere, as expensive as a deeper search; "
                                 "quiescence follows only the forcing moves.",
                            "c": "A value near 0 can be right; what matters is whether the position is "
                                 "about to change: a win to take or a threat to block."})


@exercise("check-yourself")
def quiz_3(answer: Any) -> Verdict:
    """Which idea drops moves at a node without searching them, on a guess that they are bad?"""
    return choice(answer, "c", hint="which of them can make the search miss the best move?",
                  why="Forward pruning (AIMA 5.3.3, for example beam search or ProbCut) skips moves a "
                      "guess calls bad, and can be wrong; alpha-beta skips only moves that provably "
                      "cannot change the value.",
                  mistakes={"a": "Alpha-beta prunes only what cannot change the value: it returns minimax's "
                                 "value exactly. It is backward pruning.",
                            "b": "A singular extension searches a move deeper, not shallower: the one "
                                 "move that is much better than all the others."})
