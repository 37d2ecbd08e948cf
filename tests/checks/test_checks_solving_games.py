"""Lesson 08's exercises answered with the solutions the lesson shows (correct), with typical
mistakes (not correct, the mistake named, hint first), and not at all (not answered yet)."""

import inspect
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
from lesson_notebooks import cell_source, lesson_cells, solution_blocks, solution_namespace, stored_output

from minimax_lab import Nim, TicTacToe, TreeGame
from minimax_lab.checks import solving_games as check
from minimax_lab.running.guard import limits
from minimax_lab.search import plain
from minimax_lab.search.plain import reachable
from minimax_lab.search.retrograde import tablebase
from minimax_lab.search.solve import solve

CELLS = lesson_cells("08_solving_games.ipynb")
SOLUTIONS = solution_blocks(CELLS)
NAMES = ("my_label", "my_choice", "my_move")
GIVEN = {"reachable": reachable}
"""What the lesson's first cell gives the solution of the retrograde exercise."""


def solution(name):
    """Return the value (or function) the lesson's solution block assigns to (or defines as) `name`."""
    return solution_namespace(SOLUTIONS, name, GIVEN)[name]


def code_cells():
    return [cell_source(cell) for cell in CELLS if cell["cell_type"] == "code"]


# --- typical mistakes in the retrograde loop, each as a student would write it --------------------

def terminal_labels(game, positions):
    return {p: (game.utility(p, game.to_move(p)), 0) for p in positions if game.is_terminal(p)}


def early_loss(game, state):
    """The typical mistake: a position labelled from the moves labelled so far, before all are known."""
    positions = reachable(game, state)
    labels = terminal_labels(game, positions)
    while len(labels) < len(positions):
        new = {}
        for p in [p for p in positions if p not in labels]:
            known = [labels[c] for c in (game.result(p, a) for a in game.actions(p)) if c in labels]
            if known:
                best = max(-v for v, d in known)
                kept = [d for v, d in known if -v == best]
                new[p] = (best, 1 + (min(kept) if best == 1 else max(kept)))
        labels.update(new)
    return labels


def with_rule(rule):
    """Return a retrograde loop that labels a position whose moves are all labelled by rule(children)."""
    def retrograde(game, state):
        positions = reachable(game, state)
        labels = terminal_labels(game, positions)
        while len(labels) < len(positions):
            new = {}
            for p in [p for p in positions if p not in labels]:
                children = [labels.get(game.result(p, a)) for a in game.actions(p)]
                if None not in children:
                    new[p] = rule(children)
            labels.update(new)
        return labels
    return retrograde


def right_rule(children):
    best = max(-v for v, d in children)
    kept = [d for v, d in children if -v == best]
    return best, 1 + (min(kept) if best == 1 else max(kept))


def no_extra_ply(children):
    """The typical mistake: the distance is the child's, the move into it not counted (off by one)."""
    best, distance = right_rule(children)
    return best, distance - 1


def slowest_win(children):
    """The typical mistake: every value takes the longest distance, wins included."""
    best = max(-v for v, d in children)
    return best, 1 + max(d for v, d in children if -v == best)


def quickest_loss(children):
    """The typical mistake: every value takes the shortest distance, losses and draws included."""
    best = max(-v for v, d in children)
    return best, 1 + min(d for v, d in children if -v == best)


def no_negation(children):
    """The typical mistake: the children's values taken as the parent's, without negating."""
    best = max(v for v, d in children)
    kept = [d for v, d in children if v == best]
    return best, 1 + (min(kept) if best == 1 else max(kept))


def wins_and_losses_only(game, state, stop=True):
    """The typical mistake: only wins and losses are labelled, so draws are left unlabelled; the loop
    stops when a sweep finds nothing (`stop`) or runs until every position has a label (forever)."""
    positions = reachable(game, state)
    labels = terminal_labels(game, positions)
    while len(labels) < len(positions):
        new = {}
        for p in [p for p in positions if p not in labels]:
            children = [labels.get(game.result(p, a)) for a in game.actions(p)]
            lost = [c[1] for c in children if c is not None and c[0] == -1]
            if lost:
                new[p] = (1, 1 + min(lost))
            elif None not in children and all(v == 1 for v, d in children):
                new[p] = (-1, 1 + max(d for v, d in children))
        if stop and not new:
            break
        labels.update(new)
    return labels


def draws_left_unlabelled(game, state):
    return wins_and_losses_only(game, state)


def draws_forever(game, state):
    return wins_and_losses_only(game, state, stop=False)


def max_utility(game, state):
    """The typical mistake: a finished position valued for MAX, not for the player to move there."""
    positions = reachable(game, state)
    labels = {p: (game.utility(p, game.max_player), 0) for p in positions if game.is_terminal(p)}
    return {**with_rule(right_rule)(game, state), **labels}


def unpacks_none(game, state):
    """The typical mistake: a position backed up while some of its children are still None."""
    positions = reachable(game, state)
    labels = terminal_labels(game, positions)
    while len(labels) < len(positions):
        for p in [p for p in positions if p not in labels]:
            labels[p] = right_rule([labels.get(game.result(p, a)) for a in game.actions(p)])
    return labels


# --- the lesson ------------------------------------------------------------------------------------

def test_the_lesson_shows_a_solution_for_every_exercise_and_leaves_each_unanswered():
    assert len(SOLUTIONS) == 4  # the retrograde loop and three predictions
    code = "\n".join(code_cells())
    for name in NAMES:
        assert any(re.search(rf"^{name} = ", block, re.M) for block in SOLUTIONS)
        assert re.search(rf"^{name} = \.\.\.", code, re.M), f"{name} should be stored unanswered"
    stub = r"def retrograde\(game, state\):\n    raise NotImplementedError.*\n\ncheck\.retrograde\(retrograde\)"
    assert re.search(stub, code)


test_every_exercise_is_stored_unanswered = stored_unanswered_test(CELLS, 6)


def test_the_lesson_prints_the_plain_retrograde_and_never_the_packages_tablebase():
    listing = stored_output(CELLS, "inspect.getsource(plain.retrograde)")
    assert inspect.getsource(plain.retrograde) in listing and inspect.getsource(plain.backed_up) in listing
    code = "\n".join(code_cells())
    assert "getsource(tablebase" not in code and "search.retrograde import backed_up" not in code
    shown = "".join("".join(output.get("text", "")) for cell in CELLS if cell["cell_type"] == "code"
                    for output in cell["outputs"])
    assert "def tablebase" not in shown and "def retrograde" in shown


def test_the_worked_solution_is_at_least_as_long_as_the_plain_version_it_mirrors():
    block = next(block for block in SOLUTIONS if block.startswith("def retrograde("))
    lines = [line for line in block.splitlines() if line.strip()]
    assert len(lines) >= len(inspect.getsource(plain.retrograde).splitlines())


def test_the_lesson_shows_the_positions_the_checks_check():
    assert any(source.startswith("print(game.state(check.LOOKUP))") for source in code_cells())
    prose = "\n".join(cell_source(cell) for cell in CELLS if cell["cell_type"] == "markdown")
    assert "X has played squares 0 and 6, O square 5" in prose and check.LOOKUP == "X....OX.."
    assert "Heaps of 3, 6 and 9" in prose and check.NIM_HEAPS == (3, 6, 9)
    assert "On the 4 x 4 board" in prose and check.SMALL_BOARD == (4, 4)


def test_the_nim_example_is_labelled_as_the_prose_says():
    game = Nim([1, 2])
    labels = plain.retrograde(game, game.initial)
    assert labels[game.initial] == (1, 3) and list(labels.values())[:2] == [(-1, 0), (-1, 0)]
    assert "'B to move, heaps [1, 1]': (-1, 2)" in stored_output(CELLS, "plain.retrograde(nim, nim.initial)")


# --- the solutions are correct ---------------------------------------------------------------------

@pytest.mark.slow
def test_the_retrograde_solution_is_correct():
    verdict = check.retrograde(solution("retrograde"))
    assert verdict.correct is True
    assert verdict.text == f"Correct: retrograde gives the right result on all {len(check.retrograde_cases())} cases."


def test_the_retrograde_cases_hold_draws_transpositions_and_both_players_first():
    cases = check.retrograde_cases()
    sizes = [check.retrograde_case_size(case) for case in cases]
    assert sizes == sorted(sizes) and len(cases) == 34
    labels = [check.retrograde_reference(game, state) for game, state in cases]
    assert sum(any(v == 0 for v, _ in case.values()) for case in labels) >= 10     # draws
    assert sum(isinstance(game, Nim) for game, _ in cases) == len(check.RETROGRADE_NIM)
    assert {getattr(game, "first", None) for game, _ in cases} >= {"MAX", "MIN"}
    assert sum(type(game) is TicTacToe for game, _ in cases) == check.RETROGRADE_POSITIONS


def test_the_reference_is_the_plain_retrograde():
    for game, state in check.retrograde_cases():
        assert check.retrograde_reference(game, state) == plain.retrograde(game, state)


def test_lookup_solution_is_the_tables_label():
    answer = solution("my_label")
    assert answer == tuple(tablebase(TicTacToe()).label(TicTacToe().state(check.LOOKUP))) == (-1, 4)
    verdict = check.lookup(answer)
    assert verdict.correct is True and "block on 3" in verdict.text and "a loss in 2 plies" in verdict.text
    assert check.lookup(list(answer)).correct is True


@pytest.mark.slow
def test_nim_solution_is_correct_and_search_agrees():
    answer = solution("my_move")
    verdict = check.nim_move(answer)
    assert verdict.correct is True and "It leaves heaps [3, 6, 5], nim-sum 3 XOR 6 XOR 5 = 0" in verdict.text
    game = Nim(check.NIM_HEAPS)
    winning = [a for a in game.actions(game.initial) if solve(game, game.result(game.initial, a)).value == 1]
    assert winning == [answer]


def test_table_or_search_solution_is_correct_and_the_small_board_is_tromps_draw():
    verdict = check.table_or_search(solution("my_choice"))
    assert verdict.correct is True and "solve visits 12,870 nodes; the tablebase labels 161,029" in verdict.text
    assert "finds the empty board a draw, 16 plies from the end" in verdict.text


# --- hint first: a typical wrong answer gets a hint, the second try the answer ----------------------

HINT_FIRST = [
    (check.retrograde, early_loss, "The right result is"),
    (check.lookup, (1, 4), "(-1, 4)"),
    (check.nim_move, (0, 1), "(2, 4)"),
    (check.table_or_search, "a", "'b'"),
    (check.quiz_1, "b", "'a'"),
    (check.quiz_2, "c", "'a'"),
]
"""Each exercise with a typical wrong answer, and its answer as the feedback writes it."""


(test_a_first_wrong_try_gets_a_hint_and_the_second_the_answer,
 test_every_exercise_has_a_hint_first_case) = hint_first_tests(check, HINT_FIRST)


# --- typical mistakes are named ----------------------------------------------------------------------

MISTAKES = [
    (check.retrograde, early_loss, "a loss before all its moves were known"),
    (check.retrograde, with_rule(no_extra_ply), "is off by one, one ply short"),
    (check.retrograde, with_rule(slowest_win), "you took the longest of its wins"),
    (check.retrograde, with_rule(quickest_loss), "puts the end off as long as it can"),
    (check.retrograde, with_rule(no_negation), "negate the children's values"),
    (check.retrograde, draws_left_unlabelled, "Your labels leave out the draws"),
    (check.retrograde, max_utility, "its utility for the player to move there"),
    (check.retrograde, unpacks_none, "take labels.get(child), which is None for it"),
    (check.retrograde, lambda game, state: list(plain.reachable(game, state)), "Return a dict"),
    (check.lookup, (1, 4), "The table's value is for the player to move here, O"),
    (check.lookup, (-1, 2), "a loser puts the end off"),
    (check.lookup, (1, 2), "whose point of view, and how long O can hold out"),
    (check.lookup, (-1, 3), "Count every ply"),
    (check.lookup, 4, "The answer is a tuple of 2"),
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
    (check.quiz_2, "b", "Both search to the end of the game"),
    (check.quiz_2, "c", "the same search without the table (PVS) visits 60,234 nodes"),
]


test_typical_mistakes_are_named = pytest.mark.slow(typical_mistakes_test(MISTAKES))


def test_retrograde_shows_the_smallest_game_it_gets_wrong():
    check.retrograde.forget()
    verdict = check.retrograde(early_loss)
    game, state = verdict.failing
    assert game.tree == [-1, [[1]]] and state == ()
    assert "position () a loss before all its moves were known" in verdict.text
    assert "The right result" not in verdict.text
    check.retrograde.forget()


def test_a_loop_that_never_labels_the_draws_times_out_with_a_hint(monkeypatch):
    monkeypatch.setattr(limits, "CALL_TIMEOUT", 0.3)
    verdict = check.retrograde(draws_forever)
    assert verdict.correct is False and "timed out" in verdict.text
    assert "a draw left unlabelled is the usual one" in verdict.text
    check.retrograde.forget()


def test_the_hints_name_the_position_and_never_its_right_label():
    check.retrograde.forget()
    verdict = check.retrograde(with_rule(slowest_win))
    game, state = verdict.failing
    right = check.retrograde_reference(game, state)
    assert game.tree == [1, [[1]]] and right[()] == (1, 1)
    assert "The position () is a win" in verdict.text and "(): (1, 1)" not in verdict.text
    check.retrograde.forget()


@pytest.mark.parametrize("answer", [plain.retrograde, lambda game, state: plain.retrograde(game, state),
                                    lambda game, state: {p: plain.backed_up([]) for p in reachable(game, state)},
                                    lambda game, state: dict(tablebase(game, state).labels),
                                    lambda game, state: check.retrograde_reference(game, state)])
def test_the_packages_own_functions_are_rejected(answer):
    verdict = check.retrograde(answer)
    assert verdict.correct is False and "called the package's" in verdict.text
    check.retrograde.forget()


def test_a_tree_game_answer_compares_labels_not_label_objects():
    game = TreeGame([[0, 1], -1])
    labels = {position: list(label) for position, label in check.retrograde_reference(game, ()).items()}
    assert check.same_labels(labels, check.retrograde_reference(game, ()))
    assert not check.same_labels({**labels, "extra": (0, 0)}, check.retrograde_reference(game, ()))


# --- Check yourself --------------------------------------------------------------------------------

test_check_yourself_right_answers_are_confirmed = check_yourself_test([
    (check.quiz_1, " A ", "2,380 of tic-tac-toe's winning positions also have moves that do not win"),
    (check.quiz_2, "(a)", "On the 4 x 4 board alpha-beta visits 62,889 nodes, solve 12,870"),
])


# --- not answered yet -----------------------------------------------------------------------------

test_unanswered_exercises_say_so_and_do_not_raise = unanswered_test(check)


test_anything_gets_a_verdict = anything_test([check.retrograde, check.lookup, check.nim_move, check.table_or_search])


@pytest.mark.slow
def test_the_stored_small_board_costs_are_measured():
    assert check.measure_small_board() == check.SMALL_BOARD_COSTS


@pytest.mark.slow
def test_the_stored_small_board_node_counts_are_measured():
    assert check.measure_small_board_nodes() == check.SMALL_BOARD_NODES
