"""Lesson 04's exercises answered with the solutions the lesson shows (correct), with typical
mistakes (not correct, the mistake named, the answer held back until the second try), and not at all
(not answered yet)."""

import functools

import pytest
from hint_first import assert_hint_first, exercises_of
from lesson_notebooks import (lesson_cells, markdown_text, one_cell, shown_quiz_answers, solution_blocks,
                              solution_namespace, stored_function)

from minimax_lab import (ByEvaluation, Combined, Killers, TicTacToe, alphabeta, as_given, best_first,
                         exact_values, wins_first)
from minimax_lab.checks import move_ordering as check
from minimax_lab.games.tictactoe import LINES_THROUGH
from minimax_lab.heuristics.tictactoe import open_lines_evaluation
from minimax_lab.running.guard import limits
from minimax_lab.search.ordering import exact_order

CELLS = lesson_cells("04_move_ordering.ipynb")
SOLUTIONS = solution_blocks(CELLS)


def lesson_code(containing):
    """Return the source of the lesson's one code cell that contains `containing`."""
    return one_cell(CELLS, "code", containing)


def lesson_markdown(containing):
    """Return the lesson's one markdown cell that contains `containing`."""
    return one_cell(CELLS, "markdown", containing)


@functools.cache
def preference():
    """Return the lesson's PREFERENCE and centre_corners_edges, defined by its cell (whose last lines,
    the measurement, are left out)."""
    namespace = {}
    source = lesson_code("PREFERENCE = (")
    exec(source[:source.index("game = TicTacToe()")], namespace)
    return namespace


def solution(name):
    """Return what the lesson's solution block assigning or defining `name` gives it (the lesson's
    PREFERENCE, centre_corners_edges and imports in scope, as in the lesson)."""
    given = {"PREFERENCE": preference()["PREFERENCE"], "centre_corners_edges": preference()["centre_corners_edges"],
             "LINES_THROUGH": LINES_THROUGH, "Combined": Combined, "wins_first": wins_first}
    return solution_namespace(SOLUTIONS, name, given)[name]


# --- orderings a student might write -------------------------------------------------------------------

def worst_key(game, state, actions, path):
    """The centre, corners and edges backwards: a key that puts the worst moves first."""
    return sorted(actions, key=lambda square: -check.PREFERENCE.index(square))


def by_preference(game, state, actions, path):
    """The centre, then the corners, then the edges: saves work, but not enough for the budget."""
    return sorted(actions, key=check.PREFERENCE.index)


def leave_as_given(game, state, actions, path):
    return list(actions)


def sort_in_place(game, state, actions, path):
    return list(actions).sort()


def drop_the_last(game, state, actions, path):
    return actions[:-1]


def scores_not_squares(game, state, actions, path):
    return [len(LINES_THROUGH[square]) for square in actions]


def raises(game, state, actions, path):
    return actions[99]


def searches(game, state, actions, path):
    """Orders by the package's best_first: a search inside the ordering."""
    return best_first(game, state, actions, path)


@functools.cache
def tictactoe_values():
    """Every tic-tac-toe position's exact value, computed when a test first asks (every test process
    collects every file)."""
    return exact_values(TicTacToe())


def by_exact_values(game, state, actions, path):
    """Best first by the exact values, ties by the lesson's budget solution: the oracle the budget forbids."""
    sign = 1 if game.to_move(state) == game.max_player else -1
    ties = solution("my_budget_order")(game, state, actions, path)
    return sorted(ties, key=lambda square: -sign * tictactoe_values()[game.result(state, square)])


class CountsCutoffs:
    """A learning ordering of a student's own: moves that caused cutoffs most often first."""

    def __init__(self):
        self.counts = {}

    def __call__(self, game, state, actions, path):
        return sorted(actions, key=lambda square: -self.counts.get(square, 0))

    def cutoff(self, game, state, action, path):
        self.counts[action] = self.counts.get(action, 0) + 1


# --- the hint first, the answer on the second try --------------------------------------------------

HINT_FIRST = [
    (check.fewest_leaves, ("worst first", 27), "best first, 11 leaves"),
    (check.my_ordering, worst_key, "win at once first, then the centre"),
    (check.within_budget, by_preference, "block the other player's line"),
    (check.first_depth, (4, 4), "4/9"),
    (check.quiz_1, "a", "'b'"),
    (check.quiz_2, "a", "'b'"),
    (check.quiz_3, "a", "'b'"),
]


@pytest.mark.parametrize("exercise, wrong, answer", HINT_FIRST, ids=lambda x: getattr(x, "__name__", None))
@pytest.mark.slow
def test_a_first_wrong_try_gets_a_hint_and_the_second_the_answer(exercise, wrong, answer):
    assert_hint_first(exercise, wrong, answer)


def test_every_exercise_has_a_hint_first_case():
    assert {case[0] for case in HINT_FIRST} == exercises_of(check)


def test_the_lesson_shows_a_solution_for_every_exercise():
    assert len(SOLUTIONS) == 5       # four exercises and the Check yourself answers
    for name in ("my_prediction", "my_order", "my_budget_order", "my_first"):
        assert solution(name) is not None


@pytest.mark.slow
def test_the_lesson_asks_what_the_checks_check():
    assert "tree = check.ORDER_TREE" in lesson_code("tree = check.ORDER_TREE")
    assert f"needed {check.budget():,} nodes" in lesson_markdown("### Your turn: beat the budget")
    assert preference()["PREFERENCE"] == check.PREFERENCE


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
    (("best first", 12), "counted it twice"),
    (("best first", 5), "b^⌈d/2⌉ + b^⌊d/2⌋ − 1, with b = 3 and d = 3"),
    (("sideways", 3), "is not one of the four orders"),
    ("best first", "Answer with a pair"),
])
def test_prediction_mistakes_are_named_without_the_answer(answer, named):
    verdict = check.fewest_leaves(answer)
    assert verdict.correct is False and named in verdict.text
    assert "11 leaves" not in verdict.text


def test_names_are_read_ignoring_case_and_spaces():
    assert check.fewest_leaves((" Best First ", "11")).correct is True


# --- an ordering of your own -----------------------------------------------------------------------

def test_the_ordering_solution_is_correct_and_its_count_is_the_one_shown():
    my_order = solution("my_order")
    verdict = check.my_ordering(my_order)
    nodes = alphabeta(TicTacToe(), order=my_order).nodes
    assert verdict.correct is True and f"Alpha-beta visits {nodes:,} nodes with it" in verdict.text
    assert f"It costs {nodes:,} nodes" in lesson_markdown("def my_order(game, state, actions, path):")
    assert f"{nodes:,} nodes" in check.ordering_answer()


def test_the_lesson_s_own_ordering_passes_and_is_placed():
    verdict = check.my_ordering(preference()["centre_corners_edges"])
    assert verdict.correct is True and "7,275 nodes" in verdict.text
    assert "Between the squares as given and best first" in verdict.text


@pytest.mark.slow
def test_an_ordering_worse_than_the_squares_as_given_is_not_correct():
    """Issue 22: an ordering that costs more than doing nothing is not an answer."""
    verdict = check.my_ordering(worst_key)
    nodes = alphabeta(TicTacToe(), order=worst_key).nodes
    assert nodes > 18297
    assert verdict.correct is False and "must save work" in verdict.text
    assert f"{nodes:,} nodes" in verdict.text and "put the bad moves first" in verdict.text


@pytest.mark.slow
@pytest.mark.parametrize("ordering", [leave_as_given, lambda game, state, actions, path: iter(actions)])
def test_an_ordering_that_changes_nothing_is_not_correct(ordering):
    verdict = check.my_ordering(ordering)
    assert verdict.correct is False and "your order saves nothing" in verdict.text


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


@pytest.mark.parametrize("ordering, named", [
    (Killers(), "Killers(slots=2) is the course's own ordering"),
    (Killers, "Killers is the course's own ordering"),
    (ByEvaluation(open_lines_evaluation), "ByEvaluation(open_lines_evaluation) is the course's own ordering"),
    (as_given, "as_given is the course's own ordering"),
    (best_first, "best_first is the course's own ordering"),
    (check.wins_then_preference, "wins_then_preference is the course's own ordering"),
    (check.win_block_centre, "win_block_centre is the course's own ordering"),
    (Combined(wins_first, Killers()), "is the course's own ordering"),
])
@pytest.mark.parametrize("exercise", [check.my_ordering, check.within_budget])
def test_the_package_s_own_orderings_are_refused(exercise, ordering, named):
    verdict = exercise(ordering)
    assert verdict.correct is False and named in verdict.text


@pytest.mark.parametrize("exercise", [check.my_ordering, check.within_budget])
def test_an_ordering_that_searches_is_refused_by_name(exercise):
    verdict = exercise(searches)
    assert verdict.correct is False
    assert "your ordering called the package's best_first" in verdict.text


@pytest.mark.slow
@pytest.mark.parametrize("ordering", ["by_exact_values", "the exact order, combined"])
@pytest.mark.parametrize("exercise", [check.my_ordering, check.within_budget])
def test_an_ordering_by_the_exact_values_is_refused(exercise, ordering):
    tictactoe_values()  # computed here: the ordering may only look them up (computing them is a search)
    verdict = exercise(by_exact_values if ordering == "by_exact_values" else Combined(exact_order(TicTacToe()), worst_key))
    assert verdict.correct is False and "puts them in the order of their exact values" in verdict.text


@pytest.mark.slow
def test_a_learning_ordering_of_one_s_own_learns_through_the_check():
    verdict = check.my_ordering(CountsCutoffs())
    nodes = alphabeta(TicTacToe(), order=CountsCutoffs()).nodes
    assert nodes < 18297
    assert verdict.correct is True and f"{nodes:,} nodes" in verdict.text


def test_sorting_the_actions_tuple_in_place_is_told_to_use_sorted():
    def sorts_in_place(game, state, actions, path):
        actions.sort(key=lambda square: square != 4)
        return actions

    verdict = check.my_ordering(sorts_in_place)
    assert verdict.correct is False and "return sorted(actions, key=...), a new list" in verdict.text


def test_an_ordering_too_slow_for_the_search_is_stopped_and_told(monkeypatch):
    monkeypatch.setattr(limits, "CALL_TIMEOUT", 0.3)

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
    assert f"from {nodes:,} nodes" in lesson_markdown("def blocks_first")
    assert f"{nodes:,} nodes" in check.budget_answer()
    assert nodes < check.budget() == alphabeta(TicTacToe(), order=exact_order(TicTacToe())).nodes == 2312


@pytest.mark.parametrize("ordering, named", [
    (by_preference, "4,963 over the budget of 2,312"),
    (Combined(wins_first, by_preference), "over the budget"),
    (sort_in_place, "Did you forget the return?"),
])
def test_budget_mistakes_are_named(ordering, named):
    verdict = check.within_budget(ordering)
    assert verdict.correct is False and named in verdict.text


# --- iterative deepening's first search ------------------------------------------------------------

def test_the_first_depth_solution_is_correct():
    assert check.first_depth(solution("my_first")).correct is True
    assert check.first_depth((4, "0.444")).correct is True
    assert check.deepening()[0].move == 4


@pytest.mark.parametrize("answer, named", [
    ((4, 4), "That counts the open lines"),
    ((0, 3 / 9), "Count the lines through each kind of square"),
    ((4, 0.5), "the square is right"),
    (4, "Answer with a pair"),
    ((4, 10**400), "the square is right"),
    (("4", 0.444), "Count the lines through each kind of square"),
])
def test_first_depth_mistakes_are_named(answer, named):
    verdict = check.first_depth(answer)
    assert verdict.correct is False and named in verdict.text and "4/9" not in verdict.text


# --- not answered yet ---------------------------------------------------------------------------

def test_the_stored_exercises_are_not_answered_yet(capsys):
    verdicts = [check.fewest_leaves(...), check.my_ordering(stored_function(CELLS, "my_order")),
                check.within_budget(...), check.first_depth(...)]
    assert [v.correct for v in verdicts] == [None, None, None, None]
    assert all(v.text.startswith("Not answered yet: ") for v in verdicts)
    assert "my_prediction = ..." in lesson_code("check.fewest_leaves(")
    assert "my_budget_order = ..." in lesson_code("check.within_budget(")
    assert "my_first = ..." in lesson_code("check.first_depth(")


# --- Check yourself -----------------------------------------------------------------------------

QUIZZES = [check.quiz_1, check.quiz_2, check.quiz_3]


def test_the_answers_shown_are_correct():
    shown = shown_quiz_answers(SOLUTIONS)
    assert [number for number, _ in shown] == [1, 2, 3]
    assert all(quiz(given).correct is True for quiz, (_, given) in zip(QUIZZES, shown))


@pytest.mark.parametrize("quiz, wrong, said", [
    (check.quiz_1, "a", "Pruning only skips what cannot change the value"),
    (check.quiz_1, "c", "With a depth limit"),
    (check.quiz_2, "a", "The exact values are exact"),
    (check.quiz_2, "c", "The order never changes alpha-beta's value"),
    (check.quiz_3, "a", "the shallow searches are not in it"),
    (check.quiz_3, "c", "the same rule"),
    (check.quiz_3, "d", "Answer with one of the letters a, b or c"),
])
def test_wrong_answers_get_a_hint(quiz, wrong, said):
    verdict = quiz(wrong)
    assert verdict.correct is False and said in verdict.text


def test_the_quiz_explanations_carry_computed_numbers():
    assert "from 11 to 27 leaves" in check.quiz_1("b").text
    assert "Best first needs 2,312 nodes, win, block, centre 2,096" in check.quiz_2("b").text
    assert "19,173 nodes against 18,297 from scratch" in check.quiz_3("b").text


@pytest.mark.parametrize("quiz", QUIZZES)
def test_quizzes_unanswered(quiz):
    assert quiz(...).correct is None


def test_the_node_counts_the_solutions_state_are_what_alphabeta_visits():
    text = markdown_text(CELLS)
    wins_first = alphabeta(TicTacToe(), order=solution("my_order")).nodes
    budget = alphabeta(TicTacToe(), order=solution("my_budget_order")).nodes
    assert f"It costs {wins_first:,} nodes" in text
    assert f"It solves the game from {budget:,} nodes" in text
