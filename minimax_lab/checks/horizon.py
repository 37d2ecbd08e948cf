"""Checks for lesson 11 (search with a horizon): the depth-limited search in negamax form written by
the student, an evaluation of the student's own tried in a short match (refused when it is the
course's evaluation in disguise), the depth at which a plain search sees a loss, and the Check
yourself questions.

Every expected answer is computed by the package: the search the student writes is checked against
the package's `negamax` with a depth and an evaluation (the value of search.plain.h_minimax for the
player to move); the plain search of Connect Four is the textbook's `alphabeta` with a depth and
Connect Four's evaluation; the engine is `minimax_lab.search.engine`; the match is `players.match`
at a fixed depth from seeded openings.

>>> verdict = horizon(...)
Not answered yet: after column 3, how many moves does O need to make two threats at once and win? Count the plies from X's move (ply 1) to O's winning move
"""

from __future__ import annotations

import math
import random
from functools import cache
from typing import TYPE_CHECKING, Any, Callable, Optional

from ..analysis.players import MatchResult, match, random_openings
from ..core.text import shown, value_text
from ..core.trees import Path, Tree
from ..display.draw import draw, titled
from ..games.protocol import Guesses, TreeGame
from ..heuristics.boards import move_order
from ..heuristics.connect_four import ConnectFour, ConnectFourState
from ..heuristics.connect_four_evaluation import WEIGHTS, LinearEvaluation, features
from ..heuristics.generic import even
from ..running import guard
from ..running.guard import Outcome, limits
from ..search.engine import WIN, engine, game_evaluation
from ..search.textbook import INF, SearchResult, alphabeta, negamax
from .core import (CASE_SEED, CONNECT_FOUR_PRELUDE, LESSON_PRELUDE, SIDES, Verdict, check_answer, check_function,
                   choice, exercise, lesson_cases, number_trouble, plain_real, same, unanswered, verdict)

if TYPE_CHECKING:
    from graphviz import Digraph

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


# --- Your turn: write the depth-limited search, in negamax form --------------------------------------

SEARCH_DEPTHS = (0, 1, 2, 3)
"""The depths the search exercise tries each tree at."""

GUESS_RANGE = (-9, 9)
"""The guesses of the search exercise's evaluations: whole numbers in this range, drawn per node."""


SearchCase = tuple[TreeGame, Path, int, Guesses]
"""A case of the search exercise: (game, state, depth, evaluate)."""


def search_cases(seed: Optional[int] = None) -> list[SearchCase]:
    """Return the cases of the search exercise, (game, state, depth, evaluate), smallest search
    first: AIMA Fig. 5.2 and the random trees of lesson_cases(), each searched from its root at every
    depth of SEARCH_DEPTHS, MAX and MIN to move there in turn, with guesses drawn from `seed`
    (default CASE_SEED) for every node, the finished games (leaves) included."""
    rng = random.Random(CASE_SEED.get() if seed is None else seed)
    cases: list[SearchCase] = []
    for i, case in enumerate(lesson_cases()):
        for depth in SEARCH_DEPTHS:
            game = TreeGame(case.tree, first=SIDES[(i + depth) % 2])
            guesses = {path: rng.randint(*GUESS_RANGE) for path in game.nodes}
            cases.append((game, (), depth, Guesses(guesses, depth)))
    return sorted(cases, key=search_size)


def search_size(case: SearchCase) -> int:
    """Return how big a case of the search exercise is: the nodes a right search visits (those
    within its depth), then the tree's size."""
    game, _, depth, _ = case
    within = sum(1 for path in game.nodes if len(path) <= depth)
    return 1000 * within + len(game.nodes)


def search_reference(game: TreeGame, state: Path, depth: int, evaluate: Guesses) -> tuple[float, Optional[int]]:
    """Return the answer key of the search exercise: the package's negamax to `depth` plies with
    `evaluate` (MAX's guess, negated where MIN moves): the value for the player to move, and the
    first best move (None where the search stops)."""
    result = negamax(game, state, depth=depth, evaluate=evaluate)
    return result.value, result.move


SEARCH_HINT = ("start from the printed h_minimax: test for a finished game first (its utility for the player "
               "to move), then the cutoff (depth == 0: evaluate guesses MAX's value, so negate it when MIN "
               "moves); elsewhere take the largest of the children's negated values, searched depth - 1 deep")

WRONG_VIEW = ("gives MAX's value where MIN is to move: h_negamax's value is for the player to move, so "
              "negate MAX's utility of a finished game, and evaluate's guess (MAX's), when MIN moves")

SEARCH_MISTAKES: dict[str, str] = {
    "cutoff first": "tests the cutoff before the end of the game, so a finished game at the horizon gets "
                    "evaluate's guess instead of its utility (test game.is_terminal first)",
    "depth kept": "never lowers the depth, so it searches to the end of the game (pass depth - 1 to the children)",
    "cutoff at 1": "stops one ply early: its cutoff fires at depth 1, where it must fire at depth 0",
    "one ply deeper": "searches one ply too deep: its cutoff fires below depth 0",
    "MAX's value": WRONG_VIEW,
    "guess for MAX": WRONG_VIEW,
    "utility for MAX": WRONG_VIEW,
    "MAX's view": WRONG_VIEW,
    "not negated": "takes the children's values as they are: a child's value is for the opponent, so it counts "
                   "as -v for the player to move",
    "later move": "keeps a later move that only ties the best (change the move only when -v > best)",
}
"""The typical mistakes in writing the depth-limited search in negamax form (mistaken_h_negamax's
`mistake`), each with what a search that makes it does, as a hint says it: 'MAX's value' is the
printed h_minimax's value unchanged, 'guess for MAX' and 'utility for MAX' the evaluation or the
utility not negated for MIN, 'MAX's view' both."""

DEPTH_ZERO = ("does not stop at depth 0: a search of depth 0 scores the state itself by evaluate (the cutoff "
              "test is depth == 0, right after the test for a finished game)")
"""What a hint says, on a case searched to depth 0, of the searches whose cutoff fires elsewhere than
at depth 0 ('cutoff at 1', 'one ply deeper')."""

MOST_SEARCH_MISTAKES = 2
"""The most typical mistakes one hint of the search exercise names (on a small tree several agree)."""


def mistaken_h_negamax(game: TreeGame, state: Path, depth: int, evaluate: Callable[[Path], float],
                       mistake: Optional[str] = None) -> tuple[float, Optional[int]]:
    """Return (value for the player to move, first best move) of the depth-limited search in negamax
    form with a typical mistake (a key of SEARCH_MISTAKES), or without one (None)."""
    if mistake is not None and mistake not in SEARCH_MISTAKES:
        raise ValueError(f"mistaken_h_negamax: unknown mistake {mistake!r}")
    if mistake == "MAX's value":
        value, move = mistaken_h_negamax(game, state, depth, evaluate)
        return (value if game.to_move(state) == game.max_player else -value), move
    sign = 1 if game.to_move(state) == game.max_player else -1
    cutoff = {"cutoff at 1": depth == 1, "one ply deeper": depth < 0}.get(str(mistake), depth == 0)
    if game.is_terminal(state) and not (cutoff and mistake == "cutoff first"):
        return (1 if mistake in ("utility for MAX", "MAX's view") else sign) * game.utility(state, game.max_player), None
    if cutoff:
        return (1 if mistake in ("guess for MAX", "MAX's view") else sign) * evaluate(state), None
    best, move = -INF, None
    for a in game.actions(state):
        v, _ = mistaken_h_negamax(game, game.result(state, a), depth if mistake == "depth kept" else depth - 1,
                                  evaluate, mistake)
        v = v if mistake == "not negated" else -v
        if v > best or (mistake == "later move" and v == best):
            best, move = v, a
    return best, move


def search_mistake(outcome: Outcome, game: TreeGame, state: Path, depth: int, evaluate: Guesses) -> str:
    """Return a hint about what a wrong search probably did on a case, where it went as `outcome`
    says: the typical mistakes (SEARCH_MISTAKES) whose search returns the same there, where the right
    one does otherwise; '' when none does. Never the right result."""
    if outcome.problem is not None:
        return ""
    if outcome.error is not None:
        if isinstance(outcome.error, (ValueError, TypeError)) and any(
                word in str(outcome.error) for word in ("empty", "unpack", "NoneType")):
            return ("A finished game has no moves, and a search that stops returns a pair too: test "
                    "game.is_terminal(state) first, and return (value, None) where the search stops.")
        return ""
    got = outcome.value
    if not (isinstance(got, (tuple, list)) and len(got) == 2):
        return "h_negamax returns a pair (value, move), with the move None where the search stops."
    right = search_reference(game, state, depth, evaluate)
    made: list[str] = []
    for mistake, what in SEARCH_MISTAKES.items():
        if depth == 0 and mistake in ("cutoff at 1", "one ply deeper"):
            what = DEPTH_ZERO
        mistaken = mistaken_h_negamax(game, state, depth, evaluate, mistake)
        if same(got, mistaken) and not same(mistaken, right) and what not in made:
            made.append(what)
    if not made:
        return ""
    return "On this tree your search behaves like one that " + ", or like one that ".join(
        made[:MOST_SEARCH_MISTAKES]) + "."


def horizon_tree(tree: Tree, depth: int, evaluate: Guesses, path: Path = ()) -> Tree:
    """Return `tree` cut at `depth` plies: a node at the horizon that is not a leaf becomes a leaf
    worth evaluate's guess there."""
    if not isinstance(tree, list):
        return tree
    if len(path) == depth:
        return evaluate(path)
    return [horizon_tree(child, depth, evaluate, path + (i,)) for i, child in enumerate(tree)]


def search_picture(game: TreeGame, state: Path, depth: int, evaluate: Guesses) -> Digraph:
    """Return the failing case of the search exercise drawn: the tree cut at the horizon, a node there
    showing evaluate's guess for MAX, a finished game its utility."""
    cut = TreeGame(horizon_tree(game.tree, depth, evaluate), first=game.first)
    return titled(draw(cut, edge_labels=True),
                  f"{game.first} to move, searched {depth} plies deep: at the horizon, evaluate's guesses for MAX")


@exercise("code", prelude=LESSON_PRELUDE)
def h_negamax(student: object) -> Verdict:
    """Check the student's h_negamax(game, state, depth, evaluate), the depth-limited search in negamax
    form, on AIMA Fig. 5.2 and 40 random trees at depths 0 to 3, MAX or MIN to move, with random
    guesses: it must return the package's negamax's (value, move); name the mistake on the smallest
    failing case, and draw it."""
    return check_function(student, search_reference, search_cases(), hint=SEARCH_HINT, show=search_picture,
                          explain=search_mistake, size=search_size)


# --- Your turn: find the horizon -----------------------------------------------------------------

@cache
def horizon_facts() -> tuple[int, dict[int, int], int, float]:
    """Return (the careless move, the plain search's move at each depth, the first depth at which
    it plays another move, the plies from the careless move to the loss, the move included)."""
    c4 = game()
    state = c4.play(HORIZON_MOVES)
    moves = {depth: plain_search(c4, state, depth).best_move for depth in range(1, MOST_DEPTH + 1)}
    careless = moves[CARELESS_DEPTH]
    seen = next(depth for depth in range(CARELESS_DEPTH, MOST_DEPTH + 1) if moves[depth] != careless)
    after = engine(c4, depth=MOST_DEPTH).search(c4.result(state, careless))
    if not (after.proven and after.value < -1):
        raise RuntimeError(f"column {careless} should lose in {shown(HORIZON_MOVES)}, but the engine says "
                           f"{after.outcome('X')}")
    return careless, moves, seen, 1 + WIN + after.value


@exercise("predict")
def horizon(answer: object) -> Verdict:
    """Check the smallest depth at which the plain search stops playing the careless move in
    HORIZON_MOVES (it sees that the move loses)."""
    careless, moves, seen, plies = horizon_facts()
    hint = (f"after column {careless}, how many moves does O need to make two threats at once and win? Count "
            "the plies from X's move (ply 1) to O's winning move")
    blind = ", ".join(str(d) for d in range(CARELESS_DEPTH, seen))
    why = (f"At depths {blind} the plain search plays column {careless}; at depth {seen} it plays "
           f"column {moves[seen]}. Column {careless} loses on ply {plies:g} (X's move is ply 1), so "
           f"only a search {plies:g} plies deep sees it.")
    mistakes: dict[object, str] = {depth: f"At depth {depth} the plain search still plays column {careless}."
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


def _probe(student: Callable[[ConnectFourState], object], c4: ConnectFour) -> Verdict | None:
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
        except guard.StudentProblem as problem:  # run in the grader's worker: it stopped, or used the course's code
            return verdict(False, f"Not correct: on {where(moves)}, {problem}.")
        except Exception as error:  # noqa: BLE001 - a student's error is a verdict
            return verdict(False, f"Not correct: your evaluation raised {type(error).__name__} ({error}) "
                                  f"on {where(moves)}.")
        number = plain_real(value)
        if number is None:  # not a bool, NaN, or a number of a class of its own (== could say anything)
            return verdict(False, f"Not correct: your evaluation returned {shown(value, 120)} "
                                  f"({number_trouble(value)}) for the position after {where(moves)}; it must "
                                  "return a number (an int or a float).")
        if not -1 < number < 1:
            return verdict(False, f"Not correct: your evaluation returned {shown(value, 120)} for the position after "
                                  f"{where(moves)}. It must stay strictly between -1 and 1, since a "
                                  "win is worth 1 and a guess must never outrank a real win: divide by more.")
        if moves == SIGN_PROBE and number < 0:
            return verdict(False, f"Not correct: your evaluation scores the position after {SIGN_PROBE!r} "
                                  f"at {number:+.4f}, bad for X, though X has an open three and O only two "
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


def course_evaluations(c4: ConnectFour) -> list[Callable[[ConnectFourState], float]]:
    """Return the course's own evaluations of Connect Four: the game's, the engine's, and the
    linear one with the course's weights."""
    return [c4.evaluate, game_evaluation(c4), LinearEvaluation(c4)]


WEIGHT_TOLERANCE = 0.1
"""How far from the course's weights (scaled), as a share of the largest, a linear evaluation's
weights must lie to count as one of the student's own."""


def keeps_the_order(values: list[float], reference: list[float]) -> bool:
    """Return True when `values` put every pair of positions that `reference` tells apart in the same
    order, strictly (ties of the reference may go either way): a power, a scaling or any increasing
    function of the reference, or a copy whose weights barely differ. False when the reference
    tells no positions apart."""
    big = max((abs(r) for r in reference), default=0.0)
    if big == 0:
        return False
    tolerance = 1e-9 * big
    ranked = sorted(zip(reference, values))
    groups: list[list[float]] = []  # the values of the positions the reference ties, lowest first
    last = -math.inf
    for r, v in ranked:
        if r - last > tolerance:
            groups.append([])
        groups[-1].append(v)
        last = r
    below = -math.inf
    for group in groups:
        if min(group) <= below:
            return False
        below = max(below, max(group))
    return len(groups) > 1


def fitted_weights(values: list[float], rows: list[list[float]]) -> Optional[list[float]]:
    """Return the weights w with values = rows · w (least squares) when that fits every value to
    rounding: an evaluation that is a weighted sum of the rows' features; None otherwise."""
    n = len(rows[0]) if rows else 0
    a = [[sum(row[i] * row[j] for row in rows) for j in range(n)] + [sum(row[i] * v for row, v in zip(rows, values))]
         for i in range(n)]
    for col in range(n):  # Gauss-Jordan on the normal equations
        pivot = max(range(col, n), key=lambda r: abs(a[r][col]))
        if abs(a[pivot][col]) < 1e-12:
            return None
        a[col], a[pivot] = a[pivot], a[col]
        for r in range(n):
            if r != col:
                factor = a[r][col] / a[col][col]
                a[r] = [x - factor * y for x, y in zip(a[r], a[col])]
    weights = [a[i][n] / a[i][i] for i in range(n)]
    size = max((abs(v) for v in values), default=0.0)
    fits = all(abs(v - sum(w * x for w, x in zip(weights, row))) <= 1e-6 * size + 1e-12
               for row, v in zip(rows, values))
    return weights if fits and size > 0 else None


def scale_factor(weights: list[float], course: list[float]) -> float:
    """Return the factor k that brings k · course nearest to `weights` (least squares)."""
    return sum(w * c for w, c in zip(weights, course)) / sum(c * c for c in course)


def near_weights(weights: list[float], course: list[float]) -> bool:
    """Return True when `weights` are the course's times a positive factor, each within
    WEIGHT_TOLERANCE of the largest weight."""
    factor = scale_factor(weights, course)
    return factor > 0 and all(abs(w - factor * c) <= WEIGHT_TOLERANCE * factor * max(course)
                              for w, c in zip(weights, course))


COPY_HINT = ("Make one of your own: weigh the features so that some positions change places, or count "
             "something new.")


def the_course_evaluation(student: Callable[[ConnectFourState], Any], c4: ConnectFour) -> Verdict | None:
    """Return a verdict refusing `student` if it is the course's evaluation: a package object; a
    function that orders the probe positions as one of the course's evaluations does (a power, a
    scaling, a near copy: keeps_the_order); or a weighted sum of the course's features with weights
    within WEIGHT_TOLERANCE of the course's, scaled."""
    if not guard.runs_elsewhere(student) and (isinstance(student, LinearEvaluation)
                                              or str(getattr(student, "__module__", "")).startswith("minimax_lab")):
        return verdict(False, "Not correct: that is the course's own evaluation. The exercise asks for one "
                              "of your own: write a function that counts features and weighs them yourself.")
    states = probe_positions(c4)
    try:
        values = guard.run_limited(lambda evaluate: [float(evaluate(state)) for state in states], None, student)
    except Exception:  # noqa: BLE001 - the match below reports a failing evaluation in its own words
        return None
    for reference in course_evaluations(c4):
        if keeps_the_order(values, [reference(state) for state in states]):
            return verdict(False, f"Not correct: on {len(states)} positions your evaluation puts every two positions "
                                  "the course's evaluation tells apart in the same order, so it is the course's "
                                  "evaluation again: scaled, raised to a power, or with its weights barely "
                                  f"changed. {COPY_HINT}")
    names = list(WEIGHTS)
    rows = [[float(x - o) for x, o in (features(c4, state)[name] for name in names)] for state in states]
    weights = fitted_weights(values, rows)
    course = [float(WEIGHTS[name]) for name in names]
    if weights is not None and near_weights(weights, course):
        factor = scale_factor(weights, course)
        scaled = ", ".join(f"{name} {value_text(round(w / factor, 2))}" for name, w in zip(names, weights))
        return verdict(False, f"Not correct: scaled to the course's, your evaluation weighs {scaled}: each within "
                              f"{value_text(WEIGHT_TOLERANCE * max(course))} of the course's weights "
                              f"{', '.join(value_text(c) for c in course)}, so it is the course's evaluation "
                              f"again. {COPY_HINT}")
    return None


def where(moves: str) -> str:
    """Return the position after `moves` in words."""
    return f"the position after {moves!r}" if moves else "the empty board"


def score_text(result: MatchResult, games: int) -> str:
    """Return a match result as 'W wins, D draws, L losses: P of G points'."""
    return (f"{result.wins} wins, {result.draws} draws, {result.losses} losses: {result.points:g} of "
            f"{games} points")


@exercise("code", prelude=CONNECT_FOUR_PRELUDE)
def evaluation(student: object) -> Verdict:
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
            results[name] = guard.run_limited(_match, None, student, opponent, c4)
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


def _match(student: Callable[[ConnectFourState], float], opponent: Callable[[ConnectFourState], float],
           c4: ConnectFour) -> MatchResult[ConnectFourState]:
    """Return the match of MATCH_GAMES games of an engine to MATCH_DEPTH with the student's evaluation
    against one with `opponent`. Run in the grader's worker, the student's evaluation is asked in
    batches: every position at the engine's horizon in one round trip a move (sandbox.in_batches)."""
    if guard.runs_elsewhere(student):
        from ..running.sandbox import in_batches, prefetching  # not at import: Pyodide lacks what the sandbox needs

        batched = in_batches(student, MATCH_DEPTH)
        player = prefetching(batched, engine(c4, depth=MATCH_DEPTH, evaluate=batched))
    else:
        player = engine(c4, depth=MATCH_DEPTH, evaluate=student)
    return match(c4, player, engine(c4, depth=MATCH_DEPTH, evaluate=opponent), games=MATCH_GAMES, seed=MATCH_SEED)


SOLUTION_TEXT = ("One evaluation that passes, the lesson's solution: open threes weighted 3, open twos 1 and "
                 "the centre 1, each X's count minus O's, the sum divided by 1000.")
"""What the evaluation exercise shows after a second wrong try: an evaluation that passes."""


# --- Check yourself ------------------------------------------------------------------------------

@exercise("check-yourself")
def quiz_1(answer: object) -> Verdict:
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
def quiz_2(answer: object) -> Verdict:
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
def quiz_3(answer: object) -> Verdict:
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

