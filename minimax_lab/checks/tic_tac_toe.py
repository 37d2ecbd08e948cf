"""Checks for lesson 06 (tic-tac-toe and real games): evaluate a position by hand, predict the
computer's replies, find Nim's winning move, and the Check yourself questions.

Every expected answer is computed by the package: the open-lines heuristic, minimax and the
engine's searches, Bouton's rule (which the lesson checks against search), the solver's counts.

>>> verdict = evaluation(...)
Not answered yet: count the lines each player could still complete, then subtract
>>> nim_move((2, 4)).correct
Correct: (2, 4). It leaves heaps [3, 6, 5], nim-sum 3 XOR 6 XOR 5 = 0: whatever your opponent takes next, you can make it 0 again, and you take the last object.
True
"""

from __future__ import annotations

from functools import cache
from typing import Any

from ..games.nim import Nim, bouton_moves, nim_sum
from ..games.tictactoe import LINES, TicTacToe, TicTacToeState
from ..heuristics.connect_four import ConnectFour
from ..heuristics.tictactoe import open_lines_difference, open_lines_evaluation, open_winning_lines
from ..search.engine import WIN, engine
from ..search.ordering import as_given
from ..search.solve import solve
from ..search.textbook import alphabeta, minimax
from ..search.windows import pvs
from .core import Verdict, check_answer, choice, exercise, unanswered, verdict

EVALUATE = "XO..XO..."
"""The board of "evaluate a position by hand" (X on 0 and 4, O on 1 and 5, X to move)."""

REPLIES = "X....OX.."
"""The board of "predict the computer's replies" (X on 0 and 6, O on 5, O to move)."""

ENGINE_DEPTH = 9
"""The depth of the engine whose reply is predicted: the rest of the game."""

NIM_HEAPS = (3, 6, 9)
"""The heaps of "find Nim's winning move"."""

LINE_NAMES = ("the top row", "the middle row", "the bottom row", "the left column", "the middle column",
              "the right column", "the diagonal 0-4-8", "the diagonal 2-4-6")
"""A name for each of games.LINES, in its order."""

SMALL_BOARD = (4, 4)
"""The Connect Four board (width, height) of quiz 3."""


# --- Your turn: evaluate a position by hand --------------------------------------------------------

def open_lines(state: TicTacToeState, player: str) -> list[str]:
    """Return the names of `player`'s open winning lines in `state`."""
    other = "O" if player == "X" else "X"
    return [name for line, name in zip(LINES, LINE_NAMES)
            if player in (marks := [state.board[i] for i in line]) and other not in marks]


@exercise("code")
def evaluation(answer: Any) -> Verdict:
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
    return minimax(game, state).move, engine(game, depth=ENGINE_DEPTH).search(state).move, plies


def either(items: list[Any]) -> str:
    """Return items as text: '3', '1 or 2', '1, 2 or 4'."""
    words = [str(item) for item in items]
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} or {words[-1]}"


@exercise("predict")
def replies(answer: Any) -> Verdict:
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


# --- Your turn: find Nim's winning move ------------------------------------------------------------

@exercise("predict")
def nim_move(answer: Any) -> Verdict:
    """Check a winning move (heap, count) in Nim on NIM_HEAPS: one that leaves nim-sum 0."""
    heaps, winning = NIM_HEAPS, bouton_moves(NIM_HEAPS)
    if answer is Ellipsis:
        return unanswered("write the heap sizes in binary; a winning move leaves a nim-sum of 0")
    game = Nim(heaps)
    legal = game.actions(game.initial)
    pair = (tuple(answer) if isinstance(answer, (tuple, list)) and len(answer) == 2
            and all(isinstance(x, int) and not isinstance(x, bool) for x in answer) else None)
    if pair in winning:
        left = game.result(game.initial, pair).heaps
        return verdict(True, f"Correct: {pair}. It leaves heaps {list(left)}, nim-sum "
                             f"{' XOR '.join(map(str, left))} = {nim_sum(left)}: whatever your "
                             "opponent takes next, you can make it 0 again, and you take the last object.")
    said = f"Not correct: you said {answer!r}."
    if pair is None:
        return verdict(False, f"{said} A move is a pair (heap, count): the heap's number from 0 and "
                              "how many objects to take.")
    heap, count = pair
    if 0 <= heap < len(heaps) and (heap, heaps[heap] - count) in winning and count != heaps[heap] - count:
        return verdict(False, f"{said} The count is how many objects you take, not how many you leave "
                              f"behind: heap {heap} holds {heaps[heap]}.")
    if (heap - 1, count) in winning:
        return verdict(False, f"{said} Heaps are numbered from 0: the first heap is heap 0.")
    if pair not in legal:
        return verdict(False, f"{said} That is not a legal move: the heaps are {list(heaps)}, numbered "
                              "from 0, and you take 1 or more objects from one heap.")
    after = game.result(game.initial, pair).heaps
    reply = bouton_moves(after)[0]
    return verdict(False, f"{said} It leaves heaps {list(after)}, nim-sum "
                          f"{' XOR '.join(map(str, after))} = {nim_sum(after)}, not 0: your opponent "
                          f"answers {reply} and leaves 0, and then wins.")


# --- Check yourself ------------------------------------------------------------------------------

@exercise("check-yourself")
def quiz_1(answer: Any) -> Verdict:
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
def quiz_2(answer: Any) -> Verdict:
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


@cache
def small_board_counts() -> tuple[int, int, int]:
    """Return the nodes alpha-beta, PVS without a table and solve (PVS with its transposition
    table) visit on SMALL_BOARD, all with the columns in order."""
    game = ConnectFour(*SMALL_BOARD)
    return alphabeta(game).nodes, pvs(game, order=as_given).nodes, solve(game, order=as_given).nodes


@exercise("check-yourself")
def quiz_3(answer: Any) -> Verdict:
    """Why does solve visit fewer nodes than alpha-beta on the same board, given the same order?"""
    hint = "what does solve keep that alpha-beta does not?"
    if answer is Ellipsis:  # before the searches, so that the three quizzes print at once
        return unanswered(hint)
    plain, windows, table = small_board_counts()
    width, height = SMALL_BOARD
    return choice(answer, "a", hint=hint,
                  why=f"On the {width} x {height} board alpha-beta visits {plain:,} nodes, solve "
                      f"{table:,}: a position reached by several orders of the same moves is searched "
                      "once and then looked up.",
                  mistakes={"b": "Both search to the end of the game: the value is exact.",
                            "c": f"Both are given the same order, and solve's null windows save little "
                                 f"on their own: the same search without the table (PVS) visits "
                                 f"{windows:,} nodes against alpha-beta's {plain:,}. The saving comes "
                                 "from the table."})

