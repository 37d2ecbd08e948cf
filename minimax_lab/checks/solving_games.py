"""Checks for lesson 08 (solving games: search versus lookup): the retrograde loop the student
writes, a position looked up in the tablebase, the cost of a tablebase against solve on Connect
Four, Nim's winning move, and the Check yourself questions.

Every expected answer is computed by the package: the tablebase (search.retrograde, which labels
as the plain retrograde the lesson prints does), Bouton's rule (tested against search), solve.

>>> verdict = lookup(...)
Not answered yet: whose point of view does the table use, and how long can O put off the end?
>>> nim_move((2, 4)).correct
Correct: (2, 4). It leaves heaps [3, 6, 5], nim-sum 3 XOR 6 XOR 5 = 0: whatever your opponent takes next, you can make it 0 again, and you take the last object.
True
"""

from __future__ import annotations

import random
from functools import cache
from typing import Hashable, Optional, Sequence

from ..core.text import shown
from ..core.trees import Tree, random_tree
from ..games.nim import Nim, bouton_moves, nim_sum
from ..games.protocol import Game, TreeGame
from ..games.tictactoe import TicTacToe
from ..heuristics.connect_four import ConnectFour
from ..running.guard import Outcome
from ..search.ordering import as_given
from ..search.plain import reachable
from ..search.retrograde import Tablebase, tablebase
from ..search.solve import solve
from ..search.textbook import alphabeta
from ..search.windows import pvs
from .core import (CASE_SEED, Verdict, check_answer, check_function, choice, error_text, exercise, held_items,
                   lesson_prelude, plain_number, plain_sequence, same, unanswered, verdict)

LOOKUP = "X....OX.."
"""The board of "look it up" (X on 0 and 6, O on 5, O to move): lesson 7's "predict the replies"."""

NIM_HEAPS = (3, 6, 9)
"""The heaps of "find Nim's winning move"."""

SMALL_BOARD = (4, 4)
"""The Connect Four board (width, height) of "a table or a search?" and quiz 2."""

# --- Your turn: write the retrograde loop ---------------------------------------------------------

RETROGRADE_TREES: tuple[Tree, ...] = ([1, -1], [0], [-1, [[1]]], [1, [[1]]], [[1, [[-1]]], [-1, 0]])
"""The small games the retrograde exercise tries first, as trees with MAX to move at the root: a win
in one, a draw ([0]: a draw must be labelled too), a win that shows only after a loss is labelled
([-1, [[1]]]: a position labelled before all its moves are known is labelled wrong), two wins of
which the winner takes the quicker ([1, [[1]]]), and a loss that MIN puts off."""

RETROGRADE_NIM = ((1,), (2,), (1, 1), (1, 2), (3,), (2, 2), (1, 1, 2), (1, 2, 3), (3, 3))
"""The games of Nim the retrograde exercise tries: positions reached by several move orders, no draws."""

RETROGRADE_RANDOM_TREES = 12
"""Random small trees (utilities -1, 0 and 1; MAX or MIN at the root) the retrograde exercise tries."""

RETROGRADE_POSITIONS = 8
"""Random unfinished tic-tac-toe positions, with 3 to 5 empty squares, the retrograde exercise tries."""

RETROGRADE_HINT = ("label the finished positions first (the utility for the player to move, distance 0); then "
                   "sweep: a position with a move into a position lost for its player to move is a win, the "
                   "quickest; one whose moves are all labelled takes the best of their values negated, the "
                   "slowest; sweep again until every position has a label")

RETROGRADE_TIMED_OUT = ("A loop that sweeps until every position has a label runs forever when some position never "
                        "gets one, and a draw left unlabelled is the usual one: a position with no move into a lost "
                        "position is labelled once all its moves are labelled, whatever its value, -1, 0 or 1.")

VALUE_WORDS: dict[object, str] = {1: "a win", 0: "a draw", -1: "a loss"}
"""A label's value, as a hint names it."""


def retrograde_reference(game: Game, state: Hashable) -> dict[Hashable, tuple[int, int]]:
    """Return the answer key of the retrograde exercise: {position: (value, distance)} for every
    position reachable from `state`, as the package's tablebase labels them."""
    return {position: (label.value, label.distance) for position, label in tablebase(game, state).labels.items()}


def retrograde_case_size(case: tuple[Game, Hashable]) -> int:
    """Return how big a case of the retrograde exercise is: the positions to label."""
    game, state = case
    return len(reachable(game, state))


def retrograde_cases(seed: Optional[int] = None) -> list[tuple[Game, Hashable]]:
    """Return the cases of the retrograde exercise, (game, state) each, fewest positions first: the
    RETROGRADE_TREES, the RETROGRADE_NIM games, RETROGRADE_RANDOM_TREES random trees and
    RETROGRADE_POSITIONS tic-tac-toe positions, drawn from `seed` (default CASE_SEED)."""
    rng = random.Random(CASE_SEED.get() if seed is None else seed)
    cases: list[tuple[Game, Hashable]] = [(TreeGame(tree), ()) for tree in RETROGRADE_TREES]
    cases += [(Nim(heaps), Nim(heaps).initial) for heaps in RETROGRADE_NIM]
    for i in range(RETROGRADE_RANDOM_TREES):
        tree = random_tree(rng.randint(2, 3), rng.randint(2, 4), seed=rng.randrange(2 ** 32), low=-1, high=1,
                           ragged=True)
        cases.append((TreeGame(tree, first=("MAX", "MIN")[i % 2]), ()))
    game = TicTacToe()
    while len(cases) < len(RETROGRADE_TREES) + len(RETROGRADE_NIM) + RETROGRADE_RANDOM_TREES + RETROGRADE_POSITIONS:
        state = game.initial
        for _ in range(rng.randint(4, 6)):
            if not game.is_terminal(state):
                state = game.result(state, rng.choice(list(game.actions(state))))
        if not game.is_terminal(state):
            cases.append((game, state))
    return sorted(cases, key=retrograde_case_size)


def same_labels(answer: object, expected: dict[Hashable, tuple[int, int]]) -> bool:
    """Return True when `answer` is a dict labelling exactly the positions of `expected`, each with
    its (value, distance) by `same`."""
    if type(answer) is not dict or len(answer) != len(expected):
        return False
    return all(dict.__contains__(answer, position) and same(dict.__getitem__(answer, position), label)
               for position, label in expected.items())


def retrograde_mistake(outcome: Outcome, game: Game, state: Hashable) -> str:
    """Return a hint about what a wrong retrograde loop did on this case (it went as `outcome`
    says): the positions it left out, or the wrong label nearest the end of the game and the rule
    it broke there; '' when it cannot tell. Never the right label."""
    if outcome.problem is not None:
        return ""
    if isinstance(outcome.error, KeyError) or (isinstance(outcome.error, TypeError)
                                                and "NoneType" in error_text(outcome.error)):
        return ("A child that is not labelled yet has no label: take labels.get(child), which is None for it, "
                "and back up a position only once a move into a lost position, or every move, is labelled.")
    if outcome.error is not None:
        return ""
    got, right = outcome.value, retrograde_reference(game, state)
    if type(got) is not dict:
        return "Return a dict {position: (value, distance)} holding every position reachable from state."
    missing = [position for position in right if not dict.__contains__(got, position)]
    if any(game.is_terminal(position) for position in missing):
        where = shown(next(position for position in missing if game.is_terminal(position)))
        return (f"Your labels leave out position {where}, where the game is over: label every finished "
                "position first, with its utility for the player to move there and distance 0.")
    if missing and all(right[position][0] == 0 for position in missing):
        return (f"Your labels leave out the draws, such as position {shown(missing[0])}: a position with no "
                "move into a lost position is labelled once all its moves are labelled, a draw when the best "
                "of their values, negated, is 0.")
    if missing:
        return (f"Your labels leave out position {shown(missing[0])}: sweep again and again until every position "
                "reachable from state has a label.")
    if len(got) != len(right):
        return "Your labels hold positions that cannot be reached from state: label those reachable(game, state) lists."
    wrong = [position for position in right if not same(dict.__getitem__(got, position), right[position])]
    position = min(wrong, key=lambda p: right[p][1])  # the wrong label nearest the end of the game
    return _label_mistake(game, position, dict.__getitem__(got, position), right)


def _label_mistake(game: Game, position: Hashable, label: object, right: dict[Hashable, tuple[int, int]]) -> str:
    """Return a hint about the wrong `label` a retrograde loop gave `position`, the wrong label
    nearest the end of the game (so its children's labels decide the right one)."""
    where = f"position {shown(position)}"
    pair = held_items(label, (tuple, list))
    if pair is None or len(pair) != 2 or not all(plain_number(x) for x in pair):
        return f"You labelled {where} {shown(label)}: a label is a pair (value, distance) of whole numbers."
    value, distance = pair
    want_value, want_distance = right[position]
    if game.is_terminal(position):
        if not same(value, want_value):
            return (f"At {where} the game is over, and you labelled it {shown(value)}: a finished position's value "
                    "is its utility for the player to move there, game.utility(p, game.to_move(p)).")
        return f"At {where} the game is over: it is 0 plies from the end."
    children = [right[game.result(position, a)] for a in game.actions(position)]
    if not same(value, want_value):
        if same(value, max(v for v, _ in children)):
            return (f"You labelled {where} {VALUE_WORDS.get(value, shown(value))}: a child's value is for the "
                    "player to move in the child, your opponent; negate the children's values, then take the best.")
        if (want_value, value) in ((1, 0), (1, -1), (0, -1)):
            return (f"You labelled {where} {VALUE_WORDS[value]} before all its moves were known: a move not "
                    "labelled yet may still lead to a position lost for the opponent (or to a draw). Label a "
                    "position at once only when a move leads to a lost position, a win; otherwise wait until "
                    "every move is labelled.")
        return (f"You labelled {where} {VALUE_WORDS.get(value, shown(value))}: its value is the best of its "
                "children's values, each negated.")
    kept = [d for v, d in children if -v == want_value]
    if same(distance, want_distance - 1):
        return (f"The distance of {where} is off by one, one ply short: the move into a child is a ply too, so a "
                "position's distance is 1 + its child's distance.")
    if same(distance, want_distance + 1):
        return (f"The distance of {where} is off by one, one ply too many: a finished position is 0 plies "
                "from the end, and each move adds 1.")
    if want_value == 1 and same(distance, 1 + max(kept)):
        return (f"The {where} is a win, and you took the longest of its wins: the winner ends the game as soon as it "
                "can, so a win takes the shortest distance among the moves into a lost position.")
    if want_value != 1 and same(distance, 1 + min(kept)):
        return (f"The {where} is {VALUE_WORDS[want_value]}, and you took the shortest distance: the side that cannot "
                "win puts the end off as long as it can, so a loss or a draw takes the longest distance among "
                "the moves that keep its value.")
    return (f"The distance of {where} is wrong: it is 1 + the distance of a child its best move leads to, and only "
            "the moves that keep the position's value count.")


@exercise("code", prelude=lesson_prelude(reachable))
def retrograde(student: object) -> Verdict:
    """Check the student's retrograde(game, state), which returns {position: (value, distance)}
    for every position reachable from `state`, against the package's tablebase on small trees,
    games of Nim and tic-tac-toe positions; name the mistake on the smallest failing case."""
    return check_function(student, retrograde_reference, retrograde_cases(), hint=RETROGRADE_HINT,
                          compare=same_labels, explain=retrograde_mistake, size=retrograde_case_size,
                          timed_out=RETROGRADE_TIMED_OUT)


# --- Your turn: look it up ------------------------------------------------------------------------

@cache
def tic_tac_toe_table() -> Tablebase:
    """Return tic-tac-toe's tablebase (5,478 positions)."""
    return tablebase(TicTacToe())


@exercise("predict")
def lookup(answer: object) -> Verdict:
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


# --- Your turn: find Nim's winning move ------------------------------------------------------------

@exercise("predict")
def nim_move(answer: object) -> Verdict:
    """Check a winning move (heap, count) in Nim on NIM_HEAPS: one that leaves nim-sum 0."""
    heaps, winning = NIM_HEAPS, bouton_moves(NIM_HEAPS)
    if answer is Ellipsis:
        return unanswered("write the heap sizes in binary; a winning move leaves a nim-sum of 0")
    game = Nim(heaps)
    legal = game.actions(game.initial)
    given = plain_sequence(answer, 2)
    pair = _whole_pair(given)  # not a bool, nor an int that equals anything
    if pair in winning:
        left = game.result(game.initial, pair).heaps
        return verdict(True, f"Correct: {pair}. It leaves heaps {list(left)}, nim-sum "
                             f"{' XOR '.join(map(str, left))} = {nim_sum(left)}: whatever your "
                             "opponent takes next, you can make it 0 again, and you take the last object.")
    said = f"Not correct: you said {shown(answer)}."
    answer_text = (f"The answer is {winning[0]}: it leaves heaps "
                   f"{list(game.result(game.initial, winning[0]).heaps)}, nim-sum 0.")
    if pair is None:
        kinds = [type(x).__name__ for x in given if type(x) is not int] if given is not None else []
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


def _whole_pair(given: Optional[Sequence[object]]) -> Optional[tuple[int, int]]:
    """Return `given` as a pair of plain ints (heap, count), or None when it is none."""
    if given is None:
        return None
    heap, count = given
    return (heap, count) if type(heap) is int and type(count) is int else None


# --- Your turn: a table or a search? ---------------------------------------------------------------

def measure_small_board() -> tuple[int, int, int, tuple[int, int]]:
    """Return the positions of SMALL_BOARD's tablebase, the moves followed to build it, the nodes
    solve (columns in order) visits from the empty board, and the table's label of the empty board."""
    game = ConnectFour(*SMALL_BOARD)
    table = tablebase(game)
    start = table.label(game.initial)
    return table.positions, table.moves, solve(game, order=as_given).nodes, (start.value, start.distance)


SMALL_BOARD_COSTS = (161_029, 304_574, 12_870, (0, 16))
"""What measure_small_board returns, stored: the table and the search take seconds and the check
only reports them (tests/checks/test_checks_solving_games.py measures again and compares)."""


@exercise("predict")
def table_or_search(answer: object) -> Verdict:
    """Which is smaller on SMALL_BOARD: the tablebase's positions or solve's nodes?"""
    hint = "which one looks at positions that good play never reaches?"
    if answer is Ellipsis:  # before the searches: the unanswered cell prints at once
        return unanswered(hint)
    positions, moves, nodes, (value, distance) = SMALL_BOARD_COSTS
    width, height = SMALL_BOARD
    return choice(answer, "b", hint=hint,
                  why=f"On the {width} x {height} board solve visits {nodes:,} nodes; the tablebase labels "
                      f"{positions:,} positions, following {moves:,} moves, and finds the empty board "
                      f"{VALUE_WORDS[value]}, {distance} plies from the end. The table labels every "
                      "position the rules allow, including ones no sensible player would reach; "
                      "alpha-beta with a table skips whole subtrees once a move is refuted.",
                  mistakes={"a": "The table labels every position that can be reached from the start, "
                                 "good or bad: count how many that might be on 16 squares.",
                            "c": "One of them prunes and the other does not."})


# --- Check yourself ------------------------------------------------------------------------------

@exercise("check-yourself")
def quiz_1(answer: object) -> Verdict:
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


def measure_small_board_nodes() -> tuple[int, int, int]:
    """Return the nodes alpha-beta, PVS without a table and solve (PVS with its transposition
    table) visit on SMALL_BOARD, all with the columns in order."""
    game = ConnectFour(*SMALL_BOARD)
    return alphabeta(game).nodes, pvs(game, order=as_given).nodes, solve(game, order=as_given).nodes


SMALL_BOARD_NODES = (62_889, 60_234, SMALL_BOARD_COSTS[2])
"""What measure_small_board_nodes returns, stored (solve's nodes are SMALL_BOARD_COSTS's): the searches
take seconds and the quiz only reports their counts, so an answer gets its verdict at once
(tests/checks/test_checks_solving_games.py searches again and compares)."""


@exercise("check-yourself")
def quiz_2(answer: object) -> Verdict:
    """Why does solve visit fewer nodes than alpha-beta on the same board, given the same order?"""
    hint = "what does solve keep that alpha-beta does not?"
    if answer is Ellipsis:  # before the searches, so that the three quizzes print at once
        return unanswered(hint)
    plain, windows, table = SMALL_BOARD_NODES
    width, height = SMALL_BOARD
    return choice(answer, "a", hint=hint,
                  why=f"On the {width} x {height} board alpha-beta visits {plain:,} nodes, solve "
                      f"{table:,}: a position reached by several orders of the same moves is searched "
                      "once and then looked up.",
                  mistakes={"b": "Both search to the end of the game: the value is exact.",
                            "c": f"Both are given the same order, and solve's null windows save little "
                                 f"on their own: the same search without the table (PVS) visits "
                                 f"{windows:,} nodes against alpha-beta's {plain:,}."})

