"""Lesson 04's exercises answered with the solutions the lesson shows (correct), with typical
mistakes (not correct, the mistake named), and not at all (not answered yet)."""

import functools
import re

import pytest
from lesson_notebooks import cell_source, lesson_cells, solution_blocks, solution_namespace

from minimax_lab import ByEvaluation, Combined, Killers, TicTacToe, alphabeta, wins_first
from minimax_lab.checks import guard
from minimax_lab.checks import move_ordering as check
from minimax_lab.games.tictactoe import LINES_THROUGH
from minimax_lab.heuristics.tictactoe import open_lines_evaluation
from minimax_lab.search.ordering import exact_order

CELLS = lesson_cells("04_move_ordering.ipynb")
SOLUTIONS = solution_blocks(CELLS)


def lesson_code(containing):
    """Return the source of the lesson's one code cell that contains `containing`."""
    found = [cell_source(cell) for cell in CELLS
             if cell["cell_type"] == "code" and containing in cell_source(cell)]
    assert len(found) == 1, f"expected one code cell containing {containing!r}, found {len(found)}"
    return found[0]


def lesson_markdown(containing):
    """Return the lesson's one markdown cell that contains `containing`."""
    found = [cell_source(cell) for cell in CELLS
             if cell["cell_type"] == "markdown" and containing in cell_source(cell)]
    assert len(found) == 1, f"expected one markdown cell containing {containing!r}, found {len(found)}"
    return found[0]


@functools.cache
def preference():
    """Return the lesson's PREFERENCE and centre_corners_edges, defined by its cell (whose last line,
    the measurement, is left out)."""
    namespace = {}
    source = lesson_code("PREFERENCE = (")
    exec(source[:source.rindex("alphabeta(")], namespace)
    return namespace


def solution(name):
    """Return what the lesson's solution block assigning or defining `name` gives it (the lesson's
    PREFERENCE and LINES_THROUGH in scope, as in the lesson)."""
    given = {"PREFERENCE": preference()["PREFERENCE"], "LINES_THROUGH": LINES_THROUGH}
    return solution_namespace(SOLUTIONS, name, given)[name]


def stored_stub(name):
    """Return the function `name` as the lesson stores it (unanswered), without running the check."""
    namespace = {}
    source = lesson_code(f"def {name}(")
    exec(source[:source.index("check.")], namespace)
    return namespace[name]


def test_the_lesson_shows_a_solution_for_every_exercise():
    assert len(SOLUTIONS) == 4       # three exercises and the Check yourself answers
    for name in ("my_prediction", "my_order", "my_budget_order"):
        assert solution(name) is not None


def test_the_lesson_asks_what_the_checks_check():
    assert "tree = check.ORDER_TREE" in lesson_code("tree = check.ORDER_TREE")
    assert "game.state(check.CORNER)" in lesson_code("corner = ")
    assert f"needed {check.budget():,} nodes" in lesson_markdown("### Your turn: beat the budget")


# --- which order prunes most ---------------------------------------------------------------------

def test_the_prediction_solution_is_correct():
    verdict = check.fewest_leaves(solution("my_prediction"))
    assert verdict.correct is True
    assert verdict.text.startswith("Correct: best first, 11 leaves (3^2 + 3^1 - 1")


def test_the_four_orders_are_the_lesson_s():
    results = check.four_orders()
    assert {label: r.leaves for label, r in results.items()} == {
        "as given": 18, "best first": 11, "worst first": 27, "random order": 22}
    assert {r.value for r in results.values()} == {38}


@pytest.mark.parametrize("answer, named", [
    (("worst first", 27), "it prunes the least"),
    (("random order", 22), "by luck"),
    (("as given", 18), "by luck"),
    (("best first", 27), "27 is every leaf"),
    (("best first", 12), "counted twice"),
    (("best first", 5), "Count the leaves of lesson 3's best case, 3^2 + 3^1 - 1"),
    (("sideways", 3), "is not one of the four orders"),
    ("best first", "Answer with a pair"),
])
def test_prediction_mistakes_are_named(answer, named):
    verdict = check.fewest_leaves(answer)
    assert verdict.correct is False and named in verdict.text


def test_names_are_read_ignoring_case_and_spaces():
    assert check.fewest_leaves((" Best First ", "11")).correct is True


# --- an ordering of your own -----------------------------------------------------------------------

def test_the_ordering_solution_is_correct_and_its_count_is_the_one_shown():
    my_order = solution("my_order")
    verdict = check.my_ordering(my_order)
    nodes = alphabeta(TicTacToe(), order=my_order).nodes
    assert verdict.correct is True and f"Alpha-beta visits {nodes:,} nodes with it" in verdict.text
    assert f"It costs {nodes:,} nodes" in lesson_markdown("def my_order(game, state, actions, path):")


def test_the_lesson_s_own_ordering_passes_and_is_placed():
    verdict = check.my_ordering(preference()["centre_corners_edges"])
    assert verdict.correct is True and "7,275 nodes" in verdict.text
    assert "Between the squares as given and best first" in verdict.text


def sort_in_place(game, state, actions, path):
    return list(actions).sort()


def drop_the_last(game, state, actions, path):
    return actions[:-1]


def scores_not_squares(game, state, actions, path):
    return [len(LINES_THROUGH[square]) for square in actions]


def raises(game, state, actions, path):
    return actions[99]


def worst_key(game, state, actions, path):
    return sorted(actions, key=lambda square: -preference()["PREFERENCE"].index(square))  # worst first


@pytest.mark.parametrize("ordering, named", [
    (sort_in_place, "Did you forget the return?"),
    (drop_the_last, "leaving a move out is pruning by guesswork"),
    (scores_not_squares, "the squares, not their scores"),
    (raises, "your ordering raised IndexError"),
    (42, "an ordering is a function"),
])
def test_ordering_mistakes_are_named(ordering, named, capsys):
    verdict = check.my_ordering(ordering)
    assert verdict.correct is False and named in verdict.text
    assert capsys.readouterr().out == verdict.text + "\n"


def test_an_ordering_that_puts_bad_moves_first_is_valid_but_told_so():
    verdict = check.my_ordering(worst_key)
    assert verdict.correct is True and "put the bad moves first" in verdict.text


def test_a_learning_ordering_learns_through_the_check():
    verdict = check.my_ordering(Killers())
    assert verdict.correct is True and "7,107 nodes" in verdict.text


def test_sorting_the_actions_tuple_in_place_is_told_to_use_sorted():
    def sorts_in_place(game, state, actions, path):
        actions.sort(key=lambda square: square != 4)
        return actions

    verdict = check.my_ordering(sorts_in_place)
    assert verdict.correct is False and "return sorted(actions, key=...), a new list" in verdict.text


def test_an_ordering_too_slow_for_the_search_is_stopped_and_told(monkeypatch):
    monkeypatch.setattr(guard, "CALL_TIMEOUT", 0.3)

    def searches_everything(game, state, actions, path):
        while True:
            pass

    verdict = check.my_ordering(searches_everything)
    assert verdict.correct is False
    assert verdict.text.startswith("Not correct: alpha-beta with your ordering did not finish within 0.3 s.")


# --- beat the budget --------------------------------------------------------------------------------

def test_the_budget_solution_is_correct_and_its_count_is_the_one_shown():
    order = solution("my_budget_order")
    nodes = alphabeta(TicTacToe(), order=order).nodes
    verdict = check.within_budget(order)
    assert verdict.correct is True and verdict.text.startswith(f"Correct: {nodes:,} nodes")
    assert f"from {nodes:,} nodes" in lesson_markdown("def win_block_centre")
    assert nodes < check.budget() == alphabeta(TicTacToe(), order=exact_order(TicTacToe())).nodes == 2312


@pytest.mark.parametrize("ordering, named", [
    (ByEvaluation(open_lines_evaluation), "740 over the budget of 2,312"),
    (exact_order(TicTacToe()), "at the budget of 2,312 (fewer is needed)"),
    (Combined(wins_first, Killers()), "over the budget"),
    (sort_in_place, "Did you forget the return?"),
])
def test_budget_mistakes_are_named(ordering, named):
    verdict = check.within_budget(ordering)
    assert verdict.correct is False and named in verdict.text


# --- not answered yet ---------------------------------------------------------------------------

def test_the_stored_exercises_are_not_answered_yet(capsys):
    verdicts = [check.fewest_leaves(...), check.my_ordering(stored_stub("my_order")),
                check.within_budget(...)]
    assert [v.correct for v in verdicts] == [None, None, None]
    assert all(v.text.startswith("Not answered yet: ") for v in verdicts)
    assert "my_prediction = ..." in lesson_code("check.fewest_leaves(")
    assert "my_budget_order = ..." in lesson_code("check.within_budget(")


# --- Check yourself -----------------------------------------------------------------------------

QUIZZES = [check.quiz_1, check.quiz_2, check.quiz_3, check.quiz_4]


def test_the_answers_shown_are_correct():
    calls = re.findall(r"check\.quiz_(\d)\((.*?)\)", next(b for b in SOLUTIONS if "check.quiz_1" in b))
    assert [int(number) for number, _ in calls] == [1, 2, 3, 4]
    for quiz, (_, given) in zip(QUIZZES, calls):
        assert quiz(eval(given)).correct is True


@pytest.mark.parametrize("quiz, wrong, said", [
    (check.quiz_1, "a", "pruning only skips what cannot change it"),
    (check.quiz_1, "c", "With a depth limit"),
    (check.quiz_2, "b", "keyed by the whole board"),
    (check.quiz_2, "c", "does not depend on the moves that led to it"),
    (check.quiz_3, "a", "always a bound"),
    (check.quiz_3, "c", "below it means no"),
    (check.quiz_4, "a", "PVS uses them too"),
    (check.quiz_4, "c", "needs several tests"),
    (check.quiz_4, "d", "Answer with one of the letters a, b or c"),
])
def test_wrong_answers_are_explained(quiz, wrong, said):
    verdict = quiz(wrong)
    assert verdict.correct is False and said in verdict.text


def test_the_quiz_explanations_carry_computed_numbers():
    assert "the naive table says 1, the flags 0" in check.quiz_2("a").text
    assert "the value is at most 0" in check.quiz_3("b").text
    assert "PVS visits 18,016 nodes, with a table 4,532, MTD(f) 4,369" in check.quiz_4("b").text


@pytest.mark.parametrize("quiz", QUIZZES)
def test_quizzes_unanswered(quiz):
    assert quiz(...).correct is None
