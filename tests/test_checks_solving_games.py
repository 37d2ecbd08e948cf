"""Lesson 08's exercises answered with the solutions the lesson shows (correct), with typical
mistakes (not correct, the mistake named, hint first), and not at all (not answered yet)."""

import re

import pytest
from lesson_check_tests import (
    anything_test,
    check_yourself_test,
    hint_first_tests,
    stored_unanswered_test,
    typical_mistakes_test,
    unanswered_test,
)
from lesson_notebooks import cell_source, lesson_cells, solution_blocks, solution_namespace

from minimax_lab import Nim, TicTacToe
from minimax_lab.checks import solving_games as check
from minimax_lab.search.retrograde import backed_up, tablebase
from minimax_lab.search.solve import solve

CELLS = lesson_cells("08_solving_games.ipynb")
SOLUTIONS = solution_blocks(CELLS)
NAMES = ("my_label", "my_count", "my_move", "my_choice")


def solution(name):
    """Return the value (or function) the lesson's solution block assigns to (or defines as) `name`."""
    return solution_namespace(SOLUTIONS, name)[name]


def no_negation(children):
    """The typical mistake: the children's values taken as the parent's, without negating."""
    best = max(value for value, _ in children)
    kept = [distance for value, distance in children if value == best]
    return best, 1 + (min(kept) if best == 1 else max(kept))


def slowest_win(children):
    """The typical mistake: every value takes the greatest distance, wins included."""
    best = max(-value for value, _ in children)
    return best, 1 + max(distance for value, distance in children if -value == best)


def no_extra_ply(children):
    """The typical mistake: the move to the child is not counted."""
    best = max(-value for value, _ in children)
    kept = [distance for value, distance in children if -value == best]
    return best, min(kept) if best == 1 else max(kept)


def quickest_loss(children):
    """The typical mistake: the least distance whatever the value."""
    best = max(-value for value, _ in children)
    return best, 1 + min(distance for value, distance in children if -value == best)


def test_the_lesson_shows_a_solution_for_every_exercise_and_leaves_each_unanswered():
    assert len(SOLUTIONS) == 6  # five exercises and the Check yourself answers
    code = "\n".join(cell_source(cell) for cell in CELLS if cell["cell_type"] == "code")
    for name in NAMES:
        assert any(re.search(rf"^{name} = ", block, re.M) for block in SOLUTIONS)
        assert re.search(rf"^{name} = \.\.\.", code, re.M), f"{name} should be stored unanswered"
    assert "    raise NotImplementedError\n\ncheck.step(backed_up)" in code


test_every_exercise_is_stored_unanswered = stored_unanswered_test(CELLS, 8)


def test_the_lesson_shows_the_positions_the_checks_check():
    code = [cell_source(cell) for cell in CELLS if cell["cell_type"] == "code"]
    assert "print(game.state(check.LOOKUP))" in code and "print(game.state(check.REPEATED))" in code
    prose = "\n".join(cell_source(cell) for cell in CELLS if cell["cell_type"] == "markdown")
    assert "X has played squares 0 and 6, O square 5" in prose and check.LOOKUP == "X....OX.."
    assert "Heaps of 3, 6 and 9" in prose and check.NIM_HEAPS == (3, 6, 9)
    assert "On the 4 x 4 board" in prose and check.SMALL_BOARD == (4, 4)


# --- the solutions are correct ---------------------------------------------------------------------

def test_step_solution_is_correct():
    verdict = check.step(solution("backed_up"))
    assert verdict.correct is True and f"all {len(check.step_cases())} cases" in verdict.text


def test_lookup_solution_is_the_tables_label():
    answer = solution("my_label")
    assert answer == tuple(tablebase(TicTacToe()).label(TicTacToe().state(check.LOOKUP))) == (-1, 4)
    verdict = check.lookup(answer)
    assert verdict.correct is True and "block on 3" in verdict.text and "a loss in 2 plies" in verdict.text
    assert check.lookup(list(answer)).correct is True


def test_repeats_solution_counts_the_move_orders():
    verdict = check.repeats(solution("my_count"))
    assert verdict.correct is True and "6 x 2 = 12 move orders" in verdict.text


def test_nim_solution_is_correct_and_search_agrees():
    answer = solution("my_move")
    verdict = check.nim_move(answer)
    assert verdict.correct is True and "It leaves heaps [3, 6, 5], nim-sum 3 XOR 6 XOR 5 = 0" in verdict.text
    game = Nim(check.NIM_HEAPS)
    winning = [a for a in game.actions(game.initial) if solve(game, game.result(game.initial, a)).value == 1]
    assert winning == [answer]


@pytest.mark.slow  # seconds alone: make test runs it, make test-fast does not
def test_table_or_search_solution_is_correct():
    verdict = check.table_or_search(solution("my_choice"))
    assert verdict.correct is True and "solve visits 12,870 nodes; the tablebase labels 161,029" in verdict.text


# --- hint first: a typical wrong answer gets a hint, the second try the answer ----------------------

HINT_FIRST = [
    (check.step, no_negation, "The right result is"),
    (check.lookup, (1, 4), "(-1, 4)"),
    (check.repeats, 120, "12"),
    (check.nim_move, (0, 1), "(2, 4)"),
    (check.table_or_search, "a", "'b'"),
    (check.quiz_1, "b", "'a'"),
    (check.quiz_2, "a", "'b'"),
    (check.quiz_3, "c", "'a'"),
]
"""Each exercise with a typical wrong answer, and its answer as the feedback writes it."""


(test_a_first_wrong_try_gets_a_hint_and_the_second_the_answer,
 test_every_exercise_has_a_hint_first_case) = hint_first_tests(check, HINT_FIRST)


# --- typical mistakes are named ----------------------------------------------------------------------

MISTAKES = [
    (check.step, no_negation, "negate the values, then take the best"),
    (check.step, slowest_win, "Among the moves that win, the winner takes the quickest"),
    (check.step, no_extra_ply, "the distance is 1 + a child's distance"),
    (check.step, quickest_loss, "A loser puts the end off as long as it can"),
    (check.lookup, (1, 4), "The table's value is for the player to move here, O"),
    (check.lookup, (-1, 2), "a loser puts the end off"),
    (check.lookup, (1, 2), "whose point of view, and how long O can hold out"),
    (check.lookup, (-1, 3), "Count every ply"),
    (check.lookup, 4, "The answer is a tuple of 2"),
    (check.repeats, 120, "The players take turns"),
    (check.repeats, 6, "O's marks can come in more than one order too"),
    (check.repeats, 2, "X's marks can come in more than one order too"),
    (check.repeats, 1, "not one for every position"),
    (check.nim_move, (2, 5), "how many objects you take, not how many you leave"),
    (check.nim_move, (3, 4), "Heaps are numbered from 0"),
    (check.nim_move, (0, 1), "nim-sum 2 XOR 6 XOR 9 = 13, not 0"),
    (check.nim_move, (2, 9), "nim-sum 3 XOR 6 XOR 0 = 5, not 0"),
    (check.nim_move, (5, 1), "That is not a legal move"),
    (check.nim_move, (1, 7), "That is not a legal move"),
    (check.nim_move, "2, 4", "A move is a pair (heap, count)"),
    (check.table_or_search, "a", "count how many that might be on 16 squares"),
    (check.table_or_search, "c", "One of them prunes"),
    (check.table_or_search, "d", "Answer with one of the letters a, b or c"),
    (check.quiz_1, "b", "other children can still be waiting"),
    (check.quiz_1, "c", "The table's labels are exact"),
    (check.quiz_2, "a", "For a single position a search can be far cheaper"),
    (check.quiz_2, "c", "impossible for big games"),
    (check.quiz_3, "b", "Both search to the end of the game"),
    (check.quiz_3, "c", "the same search without the table (PVS) visits 60,234 nodes"),
]


test_typical_mistakes_are_named = typical_mistakes_test(MISTAKES)


def test_step_shows_the_smallest_failing_position():
    verdict = check.step(no_negation)
    assert verdict.failing == ([(-1, 0)],) and "The right result" not in verdict.text


@pytest.mark.parametrize("answer", [backed_up, lambda children: backed_up(children),
                                    lambda children: tuple(tablebase(Nim([1])).label(Nim([1]).initial))])
def test_the_packages_own_functions_are_rejected(answer):
    verdict = check.step(answer)
    assert verdict.correct is False and "called the package's" in verdict.text


# --- Check yourself --------------------------------------------------------------------------------

test_check_yourself_right_answers_are_confirmed = check_yourself_test([
    (check.quiz_1, " A ", "2,380 of tic-tac-toe's winning positions also have moves that do not win"),
    (check.quiz_2, "b", "asking alpha-beta about each of its 5,478 positions in turn visits 275,465 nodes"),
    (check.quiz_3, "(a)", "On the 4 x 4 board alpha-beta visits 62,889 nodes, solve 12,870"),
])


# --- not answered yet -----------------------------------------------------------------------------

test_unanswered_exercises_say_so_and_do_not_raise = unanswered_test(check)


test_anything_gets_a_verdict = anything_test([check.step, check.lookup, check.repeats, check.nim_move, check.table_or_search])
