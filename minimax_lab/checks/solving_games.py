"""Checks for lesson 08 (solving games: search versus lookup): one backward step of retrograde
analysis, a position looked up in the tablebase, how often minimax's tree repeats a position,
Nim's winning move, the cost of a tablebase against solve on Connect Four, and the Check
yourself questions.

Every expected answer is computed by the package: the tablebase (search.retrograde), minimax's
tree counted by move orders, Bouton's rule (which the lesson checks against search), solve.

>>> verdict = lookup(...)
Not answered yet: whose point of view does the table use, and how long can O put off the end?
>>> nim_move((2, 4)).correct
Correct: (2, 4). It leaves heaps [3, 6, 5], nim-sum 3 XOR 6 XOR 5 = 0: whatever your opponent takes next, you can make it 0 again, and you take the last object.
True
"""

from __future__ import annotations

import random
from collections import Counter
from functools import cache
from typing import Any

from ..core.text import shown
from ..games.nim import Nim, bouton_moves, nim_sum
from ..games.tictactoe import TicTacToe
from ..heuristics.connect_four import ConnectFour
from ..search.ordering import as_given
from ..search.retrograde import Tablebase, backed_up as reference_backed_up, tablebase
from ..search.solve import solve
from ..search.textbook import alphabeta
from ..search.windows import pvs
from .core import CASE_SEED, Verdict, check_answer, check_function, choice, exercise, same, unanswered, verdict
from .guard import Outcome

LOOKUP = "X....OX.."
"""The board of "look it up" (X on 0 and 6, O on 5, O to move): lesson 7's "predict the replies"."""

REPEATED = "XO.XO...X"
"""The board of "how often does the tree repeat a position?" (X on 0, 3 and 8, O on 1 and 4)."""

NIM_HEAPS = (3, 6, 9)
"""The heaps of "find Nim's winning move"."""

SMALL_BOARD = (4, 4)
"""The Connect Four board (width, height) of "a table or a search?" and quiz 3."""

RANDOM_STEPS = 60
"""Random positions (lists of children's labels) the student's backed_up is tried on."""


# --- Your turn: one backward step ----------------------------------------------------------------

def step_cases(seed: int | None = None) -> list[tuple[list[tuple[int, int]]]]:
    """Return the cases of "one backward step": a few small positions, then RANDOM_STEPS random
    lists of 1 to 5 children's labels (value -1, 0 or 1; distance 0 to 8), fewest children first."""
    rng = random.Random(CASE_SEED.get() if seed is None else seed)
    fixed = [[(-1, 0)], [(1, 0)], [(0, 0)], [(1, 2), (-1, 4)], [(1, 1), (1, 3)], [(0, 2), (1, 5)],
             [(-1, 5), (-1, 1)], [(0, 1), (0, 3)]]
    randoms = [[(rng.choice((-1, 0, 1)), rng.randint(0, 8)) for _ in range(rng.randint(1, 5))]
               for _ in range(RANDOM_STEPS)]
    return [(children,) for children in sorted(fixed + randoms, key=len)]


def _step_mistake(outcome: Outcome, children: list[tuple[int, int]]) -> str:
    """Return a hint about what the student's backed_up did wrong on `children` ('' if unclear)."""
    if outcome.problem is not None or outcome.error is not None:
        return ""
    got = outcome.value
    if not isinstance(got, (tuple, list)) or len(got) != 2:
        return "Return a pair (value, distance)."
    value, distance = got
    right = reference_backed_up(children)
    if not same(value, right.value):
        if same(value, max(v for v, _ in children)) or same(value, -right.value):
            return ("Each child's value is for the player to move in the child, your opponent: negate "
                    "the values, then take the best (negamax).")
        return "The value is the best of the children's values, each negated."
    if same(distance, right.distance - 1):
        return "Moving to a child is one more ply: the distance is 1 + a child's distance."
    kept = [d for v, d in children if -v == right.value]
    if right.value == 1:
        return ("Among the moves that win, the winner takes the quickest."
                if same(distance, 1 + max(kept)) else
                "Only the moves that win count: a child lost for its player to move.")
    if same(distance, 1 + min(kept)):
        return ("A loser puts the end off as long as it can." if right.value == -1 else
                "A draw takes the greatest distance among the moves that draw.")
    return "Only the moves that keep the position's value count for the distance."


@exercise("code")
def step(student: Any) -> Verdict:
    """Check a student's backed_up(children) against search.retrograde.backed_up on step_cases()."""
    return check_function(student, lambda children: tuple(reference_backed_up(children)), step_cases(),
                          hint="negate each child's value and take the best; then pick the distance "
                               "the winner or the loser wants, plus one",
                          explain=_step_mistake)


# --- Your turn: look it up ------------------------------------------------------------------------

@cache
def tic_tac_toe_table() -> Tablebase:
    """Return tic-tac-toe's tablebase (5,478 positions)."""
    return tablebase(TicTacToe())


@exercise("predict")
def lookup(answer: Any) -> Verdict:
    """Check the predicted label (value, distance) of LOOKUP, for O, the player to move."""
    table = tic_tac_toe_table()
    state = TicTacToe().state(LOOKUP)
    label = table.label(state)
    block = table.best_move(state)
    quick = min(table.label(table.game.result(state, a)).distance for a in table.game.actions(state)) + 1
    why = (f"O loses whatever it does: after any move but the block on {block} X completes the left "
           f"column at once (a loss in {quick} plies); after the block X takes the centre and threatens "
           f"two lines, and wins on the {label.distance}th ply from here. The table keeps the slowest "
           "loss, and its value is for O, the player to move.")
    mistakes = {(-label.value, label.distance): "The table's value is for the player to move here, O.",
                (label.value, quick): "O does not have to lose that soon: a loser puts the end off.",
                (-label.value, quick): "Two things: whose point of view, and how long O can hold out.",
                (label.value, label.distance - 1): "Count every ply, O's own moves included, up to X's "
                                                   "winning move."}
    return check_answer(tuple(answer) if isinstance(answer, list) else answer, tuple(label),
                        mistakes=mistakes, why=why,
                        hint="whose point of view does the table use, and how long can O put off the end?")


# --- Your turn: how often does the tree repeat a position? ---------------------------------------

@cache
def move_orders() -> Counter[Any]:
    """Return, for each tic-tac-toe position, the number of nodes of minimax's tree (from the
    empty board) that hold it: the number of move orders reaching it."""
    table = tic_tac_toe_table()
    game = table.game
    paths: Counter[Any] = Counter({table.start: 1})
    for state in sorted(table.labels, key=lambda s: sum(mark is not None for mark in s.board)):
        if not game.is_terminal(state):
            for a in game.actions(state):
                paths[game.result(state, a)] += paths[state]
    return paths


@exercise("predict")
def repeats(answer: Any) -> Verdict:
    """Check the predicted number of nodes of minimax's tree that hold the position REPEATED."""
    count = move_orders()[TicTacToe().state(REPEATED)]
    why = ("X's three marks went down on moves 1, 3 and 5 in any of 3 x 2 x 1 = 6 orders, and O's two "
           "on moves 2 and 4 in either of 2 orders; no earlier position ended the game, so each of the "
           f"6 x 2 = {count} move orders is a node of its own. The table labels the position once.")
    mistakes = {120: "The players take turns: X's marks go on moves 1, 3 and 5 and O's on moves 2 and 4.",
                6: "O's marks can come in more than one order too.",
                2: "X's marks can come in more than one order too.",
                1: "The tree has a node for every sequence of moves, not one for every position.",
                5: "Count the move orders that reach the position, not the moves."}
    return check_answer(answer, count, mistakes={k: v for k, v in mistakes.items() if k != count}, why=why,
                        hint="in how many orders can X's marks have gone down, and O's?")


# --- Your turn: find Nim's winning move ------------------------------------------------------------

@exercise("predict")
def nim_move(answer: Any) -> Verdict:
    """Check a winning move (heap, count) in Nim on NIM_HEAPS: one that leaves nim-sum 0."""
    heaps, winning = NIM_HEAPS, bouton_moves(NIM_HEAPS)
    if answer is Ellipsis:
        return unanswered("write the heap sizes in binary; a winning move leaves a nim-sum of 0")
    game = Nim(heaps)
    legal = game.actions(game.initial)
    pair = (tuple(answer) if type(answer) in (tuple, list) and len(answer) == 2
            and all(type(x) is int for x in answer) else None)  # not a bool, nor an int that equals anything
    if pair in winning:
        left = game.result(game.initial, pair).heaps
        return verdict(True, f"Correct: {pair}. It leaves heaps {list(left)}, nim-sum "
                             f"{' XOR '.join(map(str, left))} = {nim_sum(left)}: whatever your "
                             "opponent takes next, you can make it 0 again, and you take the last object.")
    said = f"Not correct: you said {shown(answer)}."
    answer_text = (f"The answer is {winning[0]}: it leaves heaps "
                   f"{list(game.result(game.initial, winning[0]).heaps)}, nim-sum 0.")
    if pair is None:
        kinds = ([type(x).__name__ for x in answer if type(x) is not int]
                 if type(answer) in (tuple, list) and len(answer) == 2 else [])
        plain = f" Write both as plain whole numbers (int), not {' and '.join(kinds)}." if kinds else ""
        return verdict(False, f"{said} A move is a pair (heap, count): the heap's number from 0 and "
                              f"how many objects to take.{plain}")
    heap, count = pair
    if 0 <= heap < len(heaps) and (heap, heaps[heap] - count) in winning and count != heaps[heap] - count:
        return verdict(False, f"{said} The count is how many objects you take, not how many you leave "
                              f"behind: heap {heap} holds {heaps[heap]}.", answer=answer_text)
    if (heap - 1, count) in winning:
        return verdict(False, f"{said} Heaps are numbered from 0: the first heap is heap 0.", answer=answer_text)
    if pair not in legal:
        return verdict(False, f"{said} That is not a legal move: the heaps are {list(heaps)}, numbered "
                              "from 0, and you take 1 or more objects from one heap.")
    after = game.result(game.initial, pair).heaps
    return verdict(False, f"{said} It leaves heaps {list(after)}, nim-sum "
                          f"{' XOR '.join(map(str, after))} = {nim_sum(after)}, not 0: your opponent "
                          "can leave 0 and then win. Find the heap that holds the nim-sum's highest bit.",
                   answer=answer_text)


# --- Your turn: a table or a search? ---------------------------------------------------------------

@cache
def small_board_costs() -> tuple[int, int, int]:
    """Return the positions of SMALL_BOARD's tablebase, the moves followed to build it, and the
    nodes solve (columns in order) visits from the empty board."""
    table = tablebase(ConnectFour(*SMALL_BOARD))
    return table.positions, table.moves, solve(ConnectFour(*SMALL_BOARD), order=as_given).nodes


@exercise("predict")
def table_or_search(answer: Any) -> Verdict:
    """Which is smaller on SMALL_BOARD: the tablebase's positions or solve's nodes?"""
    hint = "which one looks at positions that good play never reaches?"
    if answer is Ellipsis:  # before the searches: the unanswered cell prints at once
        return unanswered(hint)
    positions, moves, nodes = small_board_costs()
    width, height = SMALL_BOARD
    return choice(answer, "b", hint=hint,
                  why=f"On the {width} x {height} board solve visits {nodes:,} nodes; the tablebase labels "
                      f"{positions:,} positions, following {moves:,} moves. The table labels every "
                      "position the rules allow, including ones no sensible player would reach; "
                      "alpha-beta with a table skips whole subtrees once a move is refuted.",
                  mistakes={"a": "The table labels every position that can be reached from the start, "
                                 "good or bad: count how many that might be on 16 squares.",
                            "c": "One of them prunes and the other does not."})


# --- Check yourself ------------------------------------------------------------------------------

@exercise("check-yourself")
def quiz_1(answer: Any) -> Verdict:
    """Why can retrograde analysis label a position a win before all its children are labelled?"""
    table = tic_tac_toe_table()
    game = table.game
    early = sum(1 for state, label in table.labels.items() if label.value == 1 and not game.is_terminal(state)
                and any(table.label(game.result(state, a)).value != -1 for a in game.actions(state)))
    return choice(answer, "a", hint="what does the player to move need, to win: one good move or all?",
                  why=f"One move into a position lost for the opponent is enough, whatever the other moves "
                      f"lead to: {early:,} of tic-tac-toe's winning positions also have moves that do not win.",
                  mistakes={"b": "Children are labelled nearest the end first, but a position's other "
                                 "children can still be waiting when it is labelled.",
                            "c": "The table's labels are exact: they agree with alpha-beta on every position."})


@exercise("check-yourself")
def quiz_2(answer: Any) -> Verdict:
    """When does building a tablebase pay off against searching?"""
    table = tic_tac_toe_table()
    searched = sum(alphabeta(table.game, state).nodes for state in table.labels)
    return choice(answer, "b", hint="what does the table cost once, and what does each question cost after?",
                  why=f"Building tic-tac-toe's table follows {table.moves:,} moves once; asking alpha-beta "
                      f"about each of its {table.positions:,} positions in turn visits {searched:,} nodes. "
                      "A table pays when many positions will be asked about and all of them fit in memory.",
                  mistakes={"a": "For a single position a search can be far cheaper: it looks only at the "
                                 "positions that matter for that one.",
                            "c": "Building the table visits every reachable position: that is exactly what "
                                 "makes it impossible for big games."})


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
                                 f"{windows:,} nodes against alpha-beta's {plain:,}."})

