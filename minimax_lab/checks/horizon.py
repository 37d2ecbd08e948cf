"""Checks for lesson 11 (search with a horizon): the nodes of a depth-1 search, an evaluation of the
student's own tried in a short match, the depth at which a plain search sees a loss, and the Check
yourself questions.

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

from ..analysis.players import MatchResult, match, random_openings
from ..core.text import shown
from ..heuristics.boards import move_order
from ..heuristics.connect_four import ConnectFour, ConnectFourState
from ..heuristics.connect_four_evaluation import LinearEvaluation
from ..heuristics.generic import even
from ..search.engine import WIN, engine, game_evaluation
from ..search.textbook import SearchResult, alphabeta
from . import guard
from .guard import limits
from .core import Verdict, check_answer, choice, exercise, number_trouble, plain_number, unanswered, verdict

HORIZON_MOVES = "11641133"
"""The position of "find the horizon", as the columns played from the empty board (X to move)."""

CARELESS_DEPTH = 2
"""The depth at which the lesson shows the plain search's careless move in HORIZON_MOVES."""

MOST_DEPTH = 8
"""The deepest plain search "find the horizon" tries."""

MATCH_DEPTH, MATCH_GAMES, MATCH_SEED = 1, 100, 0
"""The engines' depth, the games and the seed of the openings of "write an evaluation"."""

POINTS_NEEDED = 60
"""The points (a win 1, a draw 1/2) of MATCH_GAMES an evaluation must score against the zero
evaluation."""

TRAP_MOVES = "0223"
"""The lesson's position of the horizon effect's trap (X to move)."""


def game() -> ConnectFour:
    """Return the game of the lesson: Connect Four on the standard 7 x 6 board."""
    return ConnectFour()


def plain_search(game: ConnectFour, state: ConnectFourState, depth: int) -> SearchResult[float]:
    """Return the plain search of the lesson: the textbook's alpha-beta to `depth` plies, the
    horizon scored by Connect Four's evaluation (win, block, centre first), with no quiescence."""
    return alphabeta(game, state, depth=depth, evaluate=game.evaluate, order=move_order(game))


# --- Your turn: the nodes of a depth-1 search ------------------------------------------------------

@exercise("predict")
def depth_one_nodes(answer: Any) -> Verdict:
    """Check the nodes the plain search visits from the empty board at depth 1 (root included)."""
    c4 = game()
    nodes = plain_search(c4, c4.initial, 1).nodes
    moves = len(tuple(c4.actions(c4.initial)))
    return check_answer(answer, nodes, hint="count the positions the search visits: where does it start, "
                                            "and where does the cutoff test stop it?",
                        why=f"The search visits the root and the {moves} positions one move below it, where "
                            f"the cutoff test stops it: 1 + {moves} = {nodes}. A search's nodes count every "
                            "node visited, the root included.",
                        mistakes={moves: "You counted the positions below the root. A search's nodes count "
                                         "every node it visits: which one did you leave out?",
                                  moves * moves + moves + 1: "At depth 1 the cutoff test stops the search "
                                                             "one move below the root.",
                                  1: "The root is not the only node: the search tries every move."})


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
        raise RuntimeError(f"column {careless} should lose in {shown(HORIZON_MOVES)}, but the engine says "
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


# --- Your turn: write an evaluation ----------------------------------------------------------------

SIGN_PROBE = "05152"
"""A position where X has three stones in a row with both ends open and O two stones: any evaluation
from X's point of view scores it above 0."""


def _probe(student: Callable[[Any], Any], c4: ConnectFour) -> Verdict | None:
    """Return a verdict if the student's evaluation fails on a few positions (not a number, out of
    (-1, 1), raises, scores for the wrong side), else None."""
    for moves in ("", "3", "33", SIGN_PROBE, "001122"):
        state = c4.play(moves)
        try:  # in a process of its own (stops any loop), the package's searches forbidden
            value = guard.run_limited(guard.call_forbidding, None, student, state)
        except NotImplementedError:
            return unanswered("score a position for X: add up a few features, each X's count minus "
                              "O's, with weights, and scale the sum to stay strictly between -1 and 1")
        except guard.TimedOut:
            return verdict(False, f"Not correct: your evaluation did not return within {limits.CALL_TIMEOUT:g} s "
                                  f"on {where(moves)}.")
        except guard.PackageSearchUsed as used:
            return verdict(False, f"Not correct: your evaluation {used} on {where(moves)}. An evaluation "
                                  "guesses from the position alone; the engine does the searching.")
        except Exception as error:  # noqa: BLE001 - a student's error is a verdict
            return verdict(False, f"Not correct: your evaluation raised {type(error).__name__} ({error}) "
                                  f"on {where(moves)}.")
        if not plain_number(value):  # not a bool, NaN, or a number of a class of its own (== could say anything)
            return verdict(False, f"Not correct: your evaluation returned {shown(value, 120)} "
                                  f"({number_trouble(value)}) for the position after {where(moves)}; it must "
                                  "return a number (an int or a float).")
        if not -1 < value < 1:
            return verdict(False, f"Not correct: your evaluation returned {shown(value, 120)} for the position after "
                                  f"{where(moves)}. It must stay strictly between -1 and 1, since a "
                                  "win is worth 1 and a guess must never outrank a real win: divide by more.")
        if moves == SIGN_PROBE and value < 0:
            return verdict(False, f"Not correct: your evaluation scores the position after {SIGN_PROBE!r} "
                                  f"at {value:+.4f}, bad for X, though X has an open three and O only two "
                                  "stones. It must be X's value whoever is to move: X's counts minus O's.")
    return None


PROBE_POSITIONS, PROBE_SEED = 60, 1
"""The positions on which an evaluation is compared with the course's (random_openings of 4 to 18
plies, drawn with PROBE_SEED), to refuse the course's own evaluation handed in as the answer."""


def probe_positions(c4: ConnectFour) -> list[ConnectFourState]:
    """Return the positions an evaluation is compared on: unfinished, from 4 to 18 plies."""
    states = [state for plies in range(4, 19, 2)
              for state in random_openings(c4, PROBE_POSITIONS // 8, plies=plies, seed=PROBE_SEED + plies)]
    return [state for state in states if not c4.is_terminal(state)]


def course_evaluations(c4: ConnectFour) -> list[Callable[[Any], float]]:
    """Return the course's own evaluations of Connect Four: the game's, the engine's, and the
    linear one with the course's weights."""
    return [c4.evaluate, game_evaluation(c4), LinearEvaluation(c4)]


def proportional(values: list[float], reference: list[float]) -> bool:
    """Return True when `values` are reference times one positive factor (to rounding), on
    positions where the reference is not all zero: the same ranking of every position."""
    pairs = [(v, r) for v, r in zip(values, reference)]
    big = max((abs(r) for _, r in pairs), default=0.0)
    if big == 0:
        return False
    v0, r0 = next((v, r) for v, r in pairs if abs(r) == big)
    factor = v0 / r0
    return factor > 0 and all(math.isclose(v, factor * r, rel_tol=1e-6, abs_tol=1e-12) for v, r in pairs)


def the_course_evaluation(student: Callable[[Any], Any], c4: ConnectFour) -> Verdict | None:
    """Return a verdict refusing `student` if it is the course's evaluation: a package object, or a
    function whose values are the course's evaluation's, scaled, on every probe position."""
    if isinstance(student, LinearEvaluation) or str(getattr(student, "__module__", "")).startswith("minimax_lab"):
        return verdict(False, "Not correct: that is the course's own evaluation. The exercise asks for one "
                              "of your own: write a function that counts features and weighs them yourself.")
    states = probe_positions(c4)
    try:
        values = guard.run_limited(lambda: [float(student(state)) for state in states])
    except Exception:  # noqa: BLE001 - the match below reports a failing evaluation in its own words
        return None
    for reference in course_evaluations(c4):
        if proportional(values, [reference(state) for state in states]):
            return verdict(False, f"Not correct: on {len(states)} positions your evaluation gives the course's "
                                  "evaluation's values, or the same values scaled, so it is the course's "
                                  "evaluation again. Write one of your own: change the weights, or count "
                                  "something new.")
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
                              f"{shown(student)}.")
    c4 = game()
    refused = _probe(student, c4) or the_course_evaluation(student, c4)
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
                                  f"within {limits.CALL_TIMEOUT:g} s. The engines call your evaluation "
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
                          "Which features matter most when a player looks only one move ahead?",
                   answer=SOLUTION_TEXT)


SOLUTION_TEXT = ("One evaluation that passes, the lesson's solution: open threes weighted 3, open twos 1 and "
                 "the centre 1, each X's count minus O's, the sum divided by 1000.")
"""What the evaluation exercise shows after a second wrong try: an evaluation that passes."""


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
    """Why must an evaluation stay strictly between -1 and 1?"""
    c4 = game()
    scale = LinearEvaluation(c4).scale
    return choice(answer, "b", hint="what is a real win worth, and what must never happen to it?",
                  why=f"A win is worth 1 (the engine's WIN - ply even more), so a guess below 1 can never "
                      f"outrank a real win, nor a guess above -1 a real loss; the course's evaluation divides "
                      f"its weighted sum by {scale}, one more than the largest it could be.",
                  mistakes={"a": "The engine never divides by the evaluation; think about what the search "
                                 "compares the guess with.",
                            "c": "The features are counts, often above 1: the weighted sum is scaled down on "
                                 "purpose. Why?"})

