"""Checks for lesson 12 (game engines): the value one ply deeper, the strongest evaluation of a
tournament, a beam of the student's own (forward pruning), the feature a fitted evaluation drops,
and the Check yourself questions.

Every expected answer is computed by the package: the engine is `minimax_lab.search.engine` at a
fixed depth, tournaments are `players.tournament` from seeded openings, the beam is
`search.forward.Beam`, and the fitted evaluation `analysis.fitting`.

>>> verdict = beam_moves(...)
Not answered yet: score each move by the evaluation of the position it leads to, from the point of view of the player to move; a move that wins comes first
"""

from __future__ import annotations

from functools import cache
from typing import Callable, Iterable

from ..analysis.fitting import feature_rows, fit_weights, self_play
from ..analysis.players import random_openings
from ..core.text import shown
from ..heuristics.connect_four import ConnectFour, ConnectFourState
from ..heuristics.connect_four_evaluation import CANDIDATES, FEATURES, LinearEvaluation
from ..heuristics.generic import even
from ..running.guard import Outcome
from ..search.engine import EngineResult, engine
from ..search.forward import Beam
from .core import (CONNECT_FOUR_PRELUDE, Verdict, answer_text, check_answer, check_function, choice, exercise,
                   unanswered, verdict)

ONE_MORE_PLY = 7
""""Predict the effect of one more ply": the engine's value of the empty board at this depth is
shown, and the student predicts the value one ply deeper."""

TOURNAMENT_GAMES = 100
"""Games per pair of the lesson's tournament of evaluations (engines at depth 1, seed 0)."""

LOST_MOVES = "652132334412"
"""The lesson's lost position (X to move), where a depth-adjusted utility keeps the engine fighting."""

BEAM_WIDTH = 3
"""The width of the lesson's beam: the moves kept at each node."""

FIT_STARTS, FIT_PLIES, FIT_SEED, FIT_DEPTH = 60, 4, 7, 2
"""The fitted evaluation's games: an engine at FIT_DEPTH plays itself from FIT_STARTS openings of
FIT_PLIES random moves drawn with FIT_SEED."""


def game() -> ConnectFour:
    """Return the game of the lesson: Connect Four on the standard 7 x 6 board."""
    return ConnectFour()


def quoted(names: Iterable[str]) -> str:
    """Return names as a lesson asks for them: '"a", "b", "c"'."""
    return ", ".join(f'"{name}"' for name in names)


def not_one_of(answer: object, names: Iterable[str]) -> Verdict | None:
    """Return a verdict (not counted as a try) when `answer` is text but none of `names`, else None."""
    names = list(names)
    if type(answer) is str and answer.strip().casefold() not in {name.casefold() for name in names}:
        return verdict(False, f"Not correct: you said {answer_text(answer)}. Answer with one of {quoted(names)}.")
    return None


# --- Your turn: one more ply ---------------------------------------------------------------------

@cache
def deepening_values() -> dict[int, float]:
    """Return the engine's value of the empty board at each depth 1 .. ONE_MORE_PLY + 1."""
    c4 = game()
    result: EngineResult = engine(c4, depth=ONE_MORE_PLY + 1, evaluate=c4.evaluate).search(c4.initial)
    return {iteration.depth: iteration.value for iteration in result.iterations}


def direction(before: float, after: float) -> str:
    """Return 'higher', 'lower' or 'the same': how `after` compares with `before`."""
    return "higher" if after > before else "lower" if after < before else "the same"


@exercise("predict")
def one_more_ply(answer: object) -> Verdict:
    """Check the prediction: is the engine's value of the empty board one ply deeper than
    ONE_MORE_PLY higher, lower or the same?"""
    values = deepening_values()
    before, after = values[ONE_MORE_PLY], values[ONE_MORE_PLY + 1]
    expected = direction(before, after)
    odd = [values[d] for d in values if d % 2]
    even_ = [values[d] for d in values if d % 2 == 0]
    why = (f"At depth {ONE_MORE_PLY + 1} the engine values the empty board at {after:+.4f}, "
           f"{expected} than {before:+.4f} at depth {ONE_MORE_PLY}.")
    if min(odd) > max(even_):
        why += (" At every odd depth X has made the last move before the horizon, and the evaluation "
                "likes the side with one stone more; at every even depth both sides have made the same "
                "number of moves. The values zigzag: the odd-even effect.")
    note = ""
    if type(answer) is str and answer.strip().casefold() not in ("higher", "lower", "the same"):
        note = "Answer with 'higher', 'lower' or 'the same'."
    return check_answer(answer, expected, why=why, note=note,
                        hint="look at how the value moves from each depth to the next: which player "
                             "made the last move before the horizon?",
                        mistakes={word: "Compare the values at the odd depths with those at the even "
                                        "depths: which kind of depth is the next one?"
                                  for word in ("higher", "lower", "the same") if word != expected})


# --- Your turn: which evaluation wins? -------------------------------------------------------------

def evaluations(c4: ConnectFour) -> dict[str, Callable[[ConnectFourState], float]]:
    """Return the evaluations of the lesson's tournament, by name."""
    if not isinstance(c4, ConnectFour):
        raise TypeError(f"evaluations needs the lesson's game, a ConnectFour (of any size), got {shown(c4)}")
    return {"course's": c4.evaluate, "threes only": LinearEvaluation(c4, CANDIDATES["threes only"]),
            "centre only": LinearEvaluation(c4, CANDIDATES["centre only"]), "zero": even}


EVALUATION_POINTS: dict[str, float] = {"course's": 188.5, "threes only": 159.5, "centre only": 126.0, "zero": 126.0}
"""Each evaluation's points in the lesson's tournament (the evaluations' engines at depth 1,
TOURNAMENT_GAMES games a pair from seed 0), stored: the tournament takes seconds and the check only
reads the points, so a prediction gets its verdict at once. The lesson plays it in its own cell:
tests/checks/test_checks_game_engines.py compares these with that cell's stored output, which
nbval keeps what the code computes, and the cell's settings with the check's."""


@exercise("predict")
def strongest(answer: object) -> Verdict:
    """Check the prediction of the evaluation that scores the most points in the tournament."""
    if answer is Ellipsis:  # not answered: no tournament to play yet
        return unanswered(f"one of {quoted(evaluations(game()))}: which knows the most about what wins?")
    scores = EVALUATION_POINTS
    best = max(scores, key=lambda name: scores[name])
    names = quoted(scores)
    unknown = not_one_of(answer, scores)
    if unknown is not None:
        return unknown
    games = TOURNAMENT_GAMES * (len(scores) - 1)
    why = (f"{best} scored {scores[best]:g} of its {games} points; the others "
           + ", ".join(f"{name} {score:g}" for name, score in scores.items() if name != best) + ".")
    mistakes = {name: "At depth 1 the engine sees one move ahead, so the evaluation decides almost every move. "
                      "Which of them knows about lines of four filling up?"
                for name in scores if name != best}
    mistakes["zero"] = ("The zero evaluation knows nothing but wins and losses within its one ply: it "
                        "cannot tell a promising position from a hopeless one.")
    return check_answer(answer, best, hint=f"one of {names}: which knows the most about what wins?",
                        why=why, mistakes={k: v for k, v in mistakes.items() if k != best})


# --- Your turn: a beam ---------------------------------------------------------------------------

class Kept(tuple[int, ...]):
    """The moves a beam keeps, best first, with the rank (how good each legal move looks) that the
    check compares a student's moves by: any moves of the same ranks are right, whatever their order
    among equals."""

    ranks: dict[int, float]


def reference_beam(c4: ConnectFour, state: ConnectFourState, width: int) -> Kept:
    """Return the package beam's moves in `state` with the rank of every legal move."""
    beam = Beam(c4, width, c4.evaluate)
    kept = Kept(beam.actions(state))
    kept.ranks = {move: beam.rank(state, move) for move in c4.actions(state)}
    return kept


def same_beam(moves: object, kept: Kept) -> bool:
    """Return True when `moves` are as many distinct legal moves as `kept`, best first, ranked as
    `kept` is (ties in either order)."""
    if not isinstance(moves, (list, tuple)) or len(moves) != len(kept) or len(set(map(repr, moves))) != len(moves):
        return False
    if any(type(move) is not int or move not in kept.ranks for move in moves):
        return False
    ranks = [kept.ranks[move] for move in moves]
    return ranks == [kept.ranks[move] for move in kept] and ranks == sorted(ranks, reverse=True)


@cache
def beam_cases() -> list[tuple[ConnectFourState, int]]:
    """Return the (state, width) cases of the beam exercise: the empty board, then positions of
    increasing length from seeded openings, some with a win to take or a threat to block."""
    c4 = game()
    states = [c4.initial, c4.play("3"), c4.play("001122"), c4.play("0223")]
    states += [s for plies in range(2, 20, 2) for s in random_openings(c4, 4, plies=plies, seed=plies)]
    states = [s for s in states if not c4.is_terminal(s)]
    return [(state, width) for state in states for width in (BEAM_WIDTH, 1, 2)]


def beam_mistake(outcome: Outcome, state: ConnectFourState, width: int) -> str:
    """Return a hint about what a student's beam probably did wrong in `state`."""
    c4, moves = game(), outcome.value
    if not isinstance(moves, (list, tuple)):
        return "The beam returns a tuple (or list) of moves."
    if len(moves) != min(width, len(tuple(c4.actions(state)))):
        return f"The beam keeps exactly `width` moves ({width} here), or all of them when there are fewer."
    kept = reference_beam(c4, state, width)
    if any(move not in kept.ranks for move in moves):
        return "Every move kept must be a legal move of the position."
    if c4.to_move(state) != c4.max_player:
        return ("Here O is to move, and the evaluation gives X's value: O wants the positions X likes "
                "least.")
    if any(kept.ranks[move] > 1 for move in kept) and not any(kept.ranks.get(move, 0) > 1 for move in moves):
        return "A move that wins at once must always be kept, ahead of every guess."
    ranks = [kept.ranks[move] for move in moves]
    if ranks != sorted(ranks, reverse=True):
        return "Put the best-looking move first."
    return "Some kept move looks worse one ply ahead than a move you dropped."


class Position:
    """A Connect Four position shown as its board (what a failing beam case displays)."""

    def __init__(self, c4: ConnectFour, state: ConnectFourState):
        self.text = f"{c4.to_move(state)} to move:\n{c4.show(state)}"

    def __repr__(self) -> str:
        return self.text


@exercise("code", prelude=CONNECT_FOUR_PRELUDE)
def beam_moves(student: object) -> Verdict:
    """Check a student's beam(state, width): the `width` moves that look best one ply ahead."""
    hint = ("score each move by the evaluation of the position it leads to, from the point of view of "
            "the player to move; a move that wins comes first")
    if student is Ellipsis:
        return unanswered(hint)
    c4 = game()
    cases = beam_cases()
    return check_function(student, lambda state, width: reference_beam(c4, state, width), cases, hint=hint,
                          compare=same_beam, explain=beam_mistake, show=lambda state, width: Position(c4, state))


# --- Your turn: what a fitted evaluation learns ------------------------------------------------------

@cache
def fit_data() -> tuple[tuple[ConnectFourState, ...], tuple[float, ...]]:
    """Return the positions of the lesson's self-play games and each one's result for X."""
    c4 = game()
    starts = random_openings(c4, FIT_STARTS, plies=FIT_PLIES, seed=FIT_SEED)
    states, results = self_play(c4, engine(c4, depth=FIT_DEPTH, evaluate=c4.evaluate), starts)
    return tuple(states), tuple(results)


@cache
def fitted_weights() -> dict[str, float]:
    """Return the weights fitted to the results of the lesson's self-play games."""
    return fit_weights(game(), *fit_data())


def correlations() -> dict[str, dict[str, float]]:
    """Return the correlation of each feature with the other features and with the result, over
    the positions of the lesson's self-play games."""
    import numpy as np

    states, results = fit_data()
    names = [*FEATURES, "result"]
    matrix = np.corrcoef(np.column_stack([feature_rows(game(), states), results]), rowvar=False)
    return {a: {b: float(matrix[i, j]) for j, b in enumerate(names)} for i, a in enumerate(names)}


@exercise("predict")
def dropped_feature(answer: object) -> Verdict:
    """Check the prediction of the feature whose fitted weight is 0 (or the smallest)."""
    names = quoted(FEATURES)
    hint = f"one of {names}: which count says least about who wins, beyond what the others say?"
    if answer is Ellipsis:  # not answered: no games to fit yet
        return unanswered(hint)
    weights = fitted_weights()
    least = min(weights, key=lambda name: weights[name])
    unknown = not_one_of(answer, FEATURES)
    if unknown is not None:
        return unknown
    shown = ", ".join(f"{name} {weight:.3f}" for name, weight in weights.items())
    r = correlations()[least]
    others = [name for name in FEATURES if name != least]
    why = (f"The fit gives {shown}. A least-squares weight is what a count adds beyond the other counts, "
           f"on these positions: the {least} goes with the {others[0]} (correlation {r[others[0]]:.2f}) and "
           f"the {others[1]} ({r[others[1]]:.2f}), and with the result hardly at all ({r['result']:.2f}), so "
           "what it tells the fit is already in the others, and weights kept at 0 or above leave it 0. That "
           "is a fact about these games, not about Connect Four.")
    return check_answer(answer, least, hint=hint, why=why,
                        mistakes={name: "That count goes with won games even when the others are counted: "
                                        "the fit gives it weight."
                                  for name in FEATURES if name != least})


# --- Check yourself ------------------------------------------------------------------------------

@exercise("check-yourself")
def quiz_1(answer: object) -> Verdict:
    """Which idea drops moves at a node without searching them, on a guess that they are bad?"""
    return choice(answer, "c", hint="which of them can make the search miss the best move?",
                  why="Forward pruning (AIMA 4th ed. section 5.3.3, for example beam search or ProbCut) "
                      "skips moves a guess calls bad, and can be wrong; alpha-beta skips only moves that "
                      "provably cannot change the value.",
                  mistakes={"a": "Alpha-beta prunes only what cannot change the value: it returns minimax's "
                                 "value exactly. It is backward pruning.",
                            "b": "A singular extension searches a move deeper, not shallower."})


@exercise("check-yourself")
def quiz_2(answer: object) -> Verdict:
    """Why does iterative deepening cost little more than the last depth alone?"""
    return choice(answer, "b", hint="compare the nodes of one depth with those of all the depths before it",
                  why="Each depth costs several times the one before, so all the shallower iterations "
                      "together cost about as much as the last one or less; and their best moves, kept in "
                      "the transposition table, are searched first in the next iteration.",
                  mistakes={"a": "Each iteration searches from the root again: nothing is skipped because "
                                 "it was searched before, apart from what the table already proved.",
                            "c": "The engine's iterations are searches from the root, each to its own depth; "
                                 "what do the nodes of the iterations add up to?"})


@exercise("check-yourself")
def quiz_3(answer: object) -> Verdict:
    """What does AlphaZero's network give its Monte Carlo tree search?"""
    return choice(answer, "a", hint="AlphaZero has no hand-written evaluation: what does its search ask the "
                                    "network for?",
                  why="A policy (a prior over the moves of a position, which steers the search toward "
                      "promising moves) and a value (a guess of who wins, used instead of random playouts). "
                      "Stockfish instead keeps alpha-beta and replaces the hand-written evaluation with a "
                      "network (NNUE) that scores positions at the horizon.",
                  mistakes={"b": "AlphaZero's search is MCTS, not alpha-beta: think of what a tree search "
                                 "that grows one path at a time needs at a new node.",
                            "c": "AlphaZero learned from games against itself, with no opening book or "
                                 "human games; the network is asked something at every new node."})

