"""Checks for lesson 07 (tic-tac-toe): evaluate a position by hand, back up two moves ahead,
write the win test, predict how deep the computer must look and what it replies, and the Check
yourself questions.

Every expected answer is computed by the package: the open-lines heuristic, minimax and the
engine's searches, the board's shortest_win, the game's own win test (which the student's is
compared with).

>>> verdict = evaluation(...)
Not answered yet: count the lines each player could still complete, then subtract
>>> two_ply(1).correct
Correct: 1. O holds a corner to -1 and an edge to -2, both by taking the centre; against the centre O's best is a corner, 1; X takes the largest of -1, -2 and 1.
True
"""

from __future__ import annotations

from functools import cache
from typing import Any, Optional, Sequence

from ..analysis.census import distinct_moves, positions
from ..display.board import shortest_win
from ..games.tictactoe import LINES, TicTacToe, TicTacToeState
from ..heuristics.generic import even
from ..heuristics.tictactoe import open_lines_difference, open_lines_evaluation, open_winning_lines
from ..running.guard import Outcome
from ..search.engine import WIN, engine
from ..search.textbook import alphabeta, minimax
from .core import LESSON_PRELUDE, Verdict, check_answer, check_function, choice, exercise

EVALUATE = "XO..XO..."
"""The board of "evaluate a position by hand" (X on 0 and 4, O on 1 and 5, X to move)."""

REPLIES = "X....OX.."
"""The board of "predict the computer's replies" (X on 0 and 6, O on 5, O to move)."""

ENGINE_DEPTH = 9
"""The depth of the engine whose reply is predicted: the rest of the game."""

FIRST_MOVES = {0: "a corner", 1: "an edge", 4: "the centre"}
"""X's three different first moves (up to symmetry), by a square of each kind."""

IMPOSSIBLE_BOARDS = ("OOO......", "OOOXX....", "X.OXO.XO.", "OXO.O..OX", "XXXOOO...")
"""Boards play cannot reach (O with as many marks as X after X has won, or more marks than X) on
which `winner` is tried as well: the win test looks at the lines only."""

LINE_NAMES = ("the top row", "the middle row", "the bottom row", "the left column", "the middle column",
              "the right column", "the diagonal 0-4-8", "the diagonal 2-4-6")
"""A name for each of games.LINES, in its order."""


# --- Your turn: evaluate a position by hand --------------------------------------------------------

def open_lines(state: TicTacToeState, player: str) -> list[str]:
    """Return the names of `player`'s open winning lines in `state`."""
    other = "O" if player == "X" else "X"
    return [name for line, name in zip(LINES, LINE_NAMES)
            if player in (marks := [state.board[i] for i in line]) and other not in marks]


@exercise("predict")
def evaluation(answer: object) -> Verdict:
    """Check the open-lines value (X's open winning lines minus O's) predicted for EVALUATE."""
    state = TicTacToe().state(EVALUATE)
    mine, theirs = open_winning_lines(state, "X"), open_winning_lines(state, "O")
    value = open_lines_difference(state)
    straight = [name for name in open_lines(state, "X") + open_lines(state, "O") if "diagonal" not in name]
    without_diagonals = (sum(name in straight for name in open_lines(state, "X"))
                         - sum(name in straight for name in open_lines(state, "O")))
    mistakes = {mine: f"That counts X's open lines alone; the heuristic subtracts O's {theirs}.",
                theirs: "That is O's count alone; the heuristic is X's open lines minus O's.",
                -value: "The sign is reversed: the heuristic is X's open lines minus O's (MAX's point "
                        "of view).",
                without_diagonals: "The two diagonals are winning lines too.",
                open_lines_evaluation(state): "That is the scaled evaluation (divided by 9); the "
                                              "question asks for the difference itself."}
    why = (f"X's open lines: {', '.join(open_lines(state, 'X'))} ({mine}); O's: "
           f"{', '.join(open_lines(state, 'O'))} ({theirs}); {mine} - {theirs} = {value}.")
    return check_answer(answer, value, mistakes={k: v for k, v in mistakes.items() if k != value},
                        why=why, hint="count the lines each player could still complete, then subtract")


# --- Your turn: two moves ahead -----------------------------------------------------------------

@cache
def two_ahead() -> dict[int, dict[int, int]]:
    """Return, for each of X's different first moves, the heuristic after each of O's different answers."""
    game = TicTacToe()
    found = {}
    for first in FIRST_MOVES:
        after = game.result(game.initial, first)
        found[first] = {reply: open_lines_difference(game.result(after, reply))
                        for reply in distinct_moves(game, after)}
    return found


@exercise("predict")
def two_ply(answer: object) -> Verdict:
    """Check the value two-ply minimax backs up to the root from the lesson's table of values."""
    table = two_ahead()
    lows = {first: min(values.values()) for first, values in table.items()}
    value = max(lows.values())
    leaves = [v for values in table.values() for v in values.values()]
    game = TicTacToe()
    one_ahead = max(open_lines_difference(game.result(game.initial, first)) for first in FIRST_MOVES)
    minima = [f"{low:g}" for low in lows.values()]
    why = (f"O holds a corner to {lows[0]:g} and an edge to {lows[1]:g}, both by taking the centre; against "
           f"the centre O's best is a corner, {lows[4]:g}; X takes the largest of {', '.join(minima[:-1])} "
           f"and {minima[-1]}.")
    mistakes = {max(leaves): "That is the best leaf for X, but O chooses the answer, and O takes the smallest.",
                min(leaves): "That is O's best leaf anywhere, but X chooses the first move: X takes the "
                             "largest of O's minima.",
                one_ahead: "That is the value one move ahead; two moves ahead O answers first."}
    return check_answer(answer, value, mistakes={k: v for k, v in mistakes.items() if k != value}, why=why,
                        hint="O answers each first move with the smallest value in its row; X then takes "
                             "the largest of those")


# --- Your turn: write the win test -----------------------------------------------------------------

def board_text(state: TicTacToeState) -> str:
    """Return a board as the win test receives it: 9 characters 'X', 'O' or '.', row by row."""
    return "".join(mark or "." for mark in state.board)


def reference_winner(board: str) -> Optional[str]:
    """Return 'X' or 'O' when that player has three in a row on `board` (9 characters), else None."""
    return next((board[a] for a, b, c in LINES if board[a] != "." and board[a] == board[b] == board[c]), None)


@cache
def winner_cases() -> list[tuple[str]]:
    """Return every board tic-tac-toe can reach (fewest marks first), then IMPOSSIBLE_BOARDS."""
    boards = sorted({board_text(state) for state in positions(TicTacToe())},
                    key=lambda board: (9 - board.count("."), board))
    return [(board,) for board in boards + list(IMPOSSIBLE_BOARDS)]


def _winner_mistake(outcome: Outcome, board: str) -> str:
    """Return a hint about what the student's winner did wrong on `board` ('' if unclear)."""
    if outcome.error is not None:
        if isinstance(outcome.error, ValueError) and any(
                refused in str(outcome.error) for refused in ("X moves first", "three in a row")):
            return ("Your function asked the package's TicTacToe, which refuses boards play cannot reach; "
                    "the exercise asks you to test the lines yourself.")
        return ""
    got, right = outcome.value, reference_winner(board)
    if isinstance(got, bool):
        return "Return the winner's mark, 'X' or 'O' (or None), not True or False."
    if type(got) is str and (got == "." or (right is None and got in ("X", "O"))):
        return "Three empty squares in a row are not a win: check that the line's first square holds a mark."
    lines = [line for line in LINES if board[line[0]] != "." and board[line[0]] == board[line[1]] == board[line[2]]]
    if right is not None and all(line in LINES[6:] for line in lines):
        return "Look at the diagonals too."
    if right is not None and all(line in LINES[3:6] for line in lines):
        return "Look at the columns too."
    if right is not None and all(line in LINES[:3] for line in lines):
        return "Look at the rows too."
    return ""


@exercise("code", prelude=LESSON_PRELUDE)
def winner(student: object) -> Verdict:
    """Check a student's winner(board) on every board tic-tac-toe can reach and a few it cannot."""
    return check_function(student, reference_winner, winner_cases(),
                          hint="try each of the eight lines (LINES); a line wins when its three squares "
                               "hold the same mark, and not '.'",
                          explain=_winner_mistake)


# --- Your turn: how deep is deep enough? ----------------------------------------------------------

@cache
def beaten_at() -> dict[int, Any]:
    """Return, for each depth 1 to 9, the shortest win against alpha-beta without the heuristic (None: none)."""
    game = TicTacToe()
    return {depth: shortest_win(game, depth=depth, heuristic=False) for depth in range(1, 10)}


@exercise("predict")
def safe_depth(answer: object) -> Verdict:
    """Check the smallest depth from which no sequence of X's moves beats alpha-beta (no heuristic)."""
    beaten = beaten_at()
    safe = min(depth for depth in beaten if all(beaten[d] is None for d in range(depth, 10)))
    why = (f"Up to depth {safe - 1} a short sequence wins (against depth {safe - 1}: "
           f"{', '.join(map(str, beaten[safe - 1]))}); from depth {safe} on none does. O's losing answers "
           "come early, and the win they allow is a few plies further on: the computer must see that far.")
    mistakes = {9: "Looking to the end of the game is enough, but less is too: a trap takes only a few moves.",
                1: "At depth 1 the computer does not even see X's threat to complete a line.",
                safe - 1: "At that depth a short sequence still beats it."}
    return check_answer(answer, safe, mistakes={k: v for k, v in mistakes.items() if k != safe}, why=why,
                        hint="how many plies lie between O's first mistake and X's win?")


# --- Your turn: predict the computer's replies ---------------------------------------------------

@cache
def replies_expected() -> tuple[int, int, dict[int, int]]:
    """Return plain minimax's move in REPLIES, the engine's, and for each of O's moves the plies
    until X wins (the engine's count from the position after it, plus O's move)."""
    game = TicTacToe()
    state = game.state(REPLIES)
    plies = {}
    for move in game.actions(state):
        after = engine(game, depth=ENGINE_DEPTH).search(game.result(state, move))
        plies[move] = int(WIN - after.value) + 1 if after.value > 1 else 0
    return minimax(game, state).best_move, engine(game, depth=ENGINE_DEPTH).search(state).best_move, plies


def either(items: Sequence[object]) -> str:
    """Return items as text: '3', '1 or 2', '1, 2 or 4'."""
    words = [str(item) for item in items]
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} or {words[-1]}"


@exercise("predict")
def replies(answer: object) -> Verdict:
    """Check the predicted pair (plain minimax's move, the depth-adjusted engine's move) in REPLIES."""
    plain, adjusted, plies = replies_expected()
    by_plies = {count: [move for move in plies if plies[move] == count] for count in sorted(set(plies.values()))}
    slow = " and ".join(f"on ply {count} from here if O plays {either(moves)}"
                        for count, moves in by_plies.items())
    why = (f"Every move of O loses: X wins {slow}. Plain minimax values them all +1 (a win for X), "
           f"so it plays the first empty square, {plain}; the engine scores a loss in p plies "
           f"-({WIN} - p) for O and plays the slowest, {adjusted}.")
    mistakes = {(adjusted, adjusted): "Plain minimax does not block: a loss is a loss to it, however "
                                      "late, so it has no reason to prefer the block.",
                (plain, plain): "The engine does not give up: it counts the plies to the loss.",
                (adjusted, plain): "The two are swapped."}
    return check_answer(answer, (plain, adjusted), mistakes=mistakes, why=why,
                        hint="ask how soon X wins after each move of O; then, which move each "
                             "search prefers when every value is the same")


# --- Check yourself ------------------------------------------------------------------------------

@exercise("check-yourself")
def quiz_1(answer: object) -> Verdict:
    """Why does open winning lines put X's first move in the centre?"""
    game = TicTacToe()
    lines = {square: open_lines_difference(game.result(game.initial, square)) for square in (0, 1, 4)}
    draws = all(alphabeta(game, game.result(game.initial, square)).value == 0 for square in lines)
    return choice(answer, "a", hint="after X's first move, whose open lines are there to count?",
                  why=f"O has no mark yet, so the value is the number of lines through X's square: "
                      f"{lines[4]} through the centre, {lines[0]} through a corner, {lines[1]} through "
                      "an edge.",
                  mistakes={"b": "Search to the end finds every first move " + ("a draw" if draws else
                                 "different") + ": the heuristic guesses, it does not prove.",
                            "c": "After X's first move O has no open line at all, whatever X "
                                 "plays: O's count is 0 every time."})


@exercise("check-yourself")
def quiz_2(answer: object) -> Verdict:
    """What does plain minimax play when every move loses?"""
    game = TicTacToe()
    state = game.state(REPLIES)
    values = {minimax(game, game.result(state, move)).value for move in game.actions(state)}
    plain = minimax(game, state).move
    return choice(answer, "b", hint="what are the values of the moves, and which does max or min keep?",
                  why=f"In the lesson's position every move of O has value {values.pop():+g}, and of "
                      f"equal values the search keeps the first: square {plain}.",
                  mistakes={"a": "That is what the depth-adjusted engine does; to plain minimax a "
                                 "loss is -1 however late it comes.",
                            "c": "At the end of the game there is no horizon, and no heuristic: every "
                                 "leaf is a win, a loss or a draw."})


@exercise("check-yourself")
def quiz_3(answer: object) -> Verdict:
    """Why does a depth-4 search without a heuristic let O answer X's corner beside it, and lose?"""
    game = TicTacToe()
    after = game.play([0, 1])
    values = {depth: alphabeta(game, after, depth=depth, evaluate=even).value for depth in range(1, 8)}
    seen = min(depth for depth, value in values.items() if value == 1)
    return choice(answer, "a", hint="from the position after O's answer, how deep must a search look to see X win?",
                  why=f"After O's answer X's win shows only to a search of depth {seen} or more, so O, one "
                      f"ply earlier, needed {seen + 1}: at depth 4 every answer looks even (0).",
                  mistakes={"b": "Alpha-beta returns the value minimax returns at the same depth: pruning "
                                 "never changes the answer.",
                            "c": "This search has no heuristic: it scores every position at its horizon "
                                 "as even, 0."})
