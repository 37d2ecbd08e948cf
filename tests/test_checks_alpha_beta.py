"""Tests for minimax_lab.checks.alpha_beta: every exercise of lesson 03 answered with the solution
shown in the lesson (taken from its <details> blocks), with a typical mistake (a hint first, the
answer on the second try), and unanswered."""

import re

import pytest
from hint_first import assert_hint_first, exercises_of
from lesson_notebooks import cell_source, lesson_cells, solution_blocks

from minimax_lab import Trace, TreeGame, alphabeta
from minimax_lab.checks import alpha_beta as check
from minimax_lab.checks.practice import PruningPractice
from minimax_lab.core.text import value_text
from minimax_lab.core.trees import is_leaf
from minimax_lab.search.textbook import INF
from minimax_lab.search.ties import strict_alphabeta

CELLS = lesson_cells("03_alpha_beta.ipynb")
SOLUTIONS = solution_blocks(CELLS)
DETAILS = "\n".join(cell_source(cell) for cell in CELLS if cell["cell_type"] == "markdown"
                    and "<details>" in cell_source(cell))


def solution(containing):
    """Return the code of the lesson's one solution block that contains `containing`."""
    (code,) = [block for block in SOLUTIONS if containing in block]
    return code


def inline_solution(name):
    """Return the answer the lesson's solutions give as `check.<name>(answer)`, evaluated."""
    (given,) = re.findall(rf"check\.{name}\((.*?)\)", DETAILS)
    return eval(given)


def lesson_cell(containing):
    """Return the source of the lesson's code cell that contains `containing`."""
    return next(cell_source(cell) for cell in CELLS if cell["cell_type"] == "code" and containing in cell_source(cell))


def answer(code, name):
    namespace = {"INF": INF}
    exec(code, namespace)
    return namespace[name]


def lesson_functions(max_value_code):
    """Return the lesson's min_value with `max_value_code` defining max_value beside it."""
    namespace = {"INF": INF, "is_leaf": is_leaf}
    exec(lesson_cell("def min_value(tree, alpha, beta):"), namespace)
    exec(max_value_code, namespace)
    return namespace["max_value"]


MAX_VALUE = solution("def max_value")
FAIL_HARD = MAX_VALUE.replace("if v >= beta:\n            return v", "if v >= beta:\n            return beta")


def fail_hard_answer():
    """Return the right result of the smallest case the fail-hard max_value gets wrong, as the
    check's answer writes it."""
    cases = [case for case in check.fail_soft_cases()
             if lesson_functions(FAIL_HARD)(*case) != check.fail_soft_value(*case)]
    smallest = min(cases, key=lambda case: len(str(case[0])))
    return f"The right result is {value_text(check.fail_soft_value(*smallest))}"


# --- hint first, answer on request ---------------------------------------------------------------

HINT_FIRST = [
    (check.fail_soft, lesson_functions(FAIL_HARD), fail_hard_answer()),
    (check.changed_leaf, {(1, 1), (1, 2)}, "[1][1], [1][2], [2][1], [2][2]"),
    (check.window_at, (6, INF), "(6, 7)"),
    (check.snippet_prints, 3, "6"),
    (check.fail_low, "a", "'b'"),
    (check.worst_first_leaves, 7, "9"),
    (check.strict_pruned, {(1, 1), (2, 2)}, "The answer is [2][2]"),
    (check.quiz_1, "a", "'c'"),
    (check.quiz_2, "b", "'a'"),
]


@pytest.mark.parametrize("exercise, wrong, shown", HINT_FIRST, ids=[case[0].__name__ for case in HINT_FIRST])
def test_a_first_wrong_try_gets_a_hint_and_the_second_the_answer(exercise, wrong, shown):
    assert_hint_first(exercise, wrong, shown)


def test_every_exercise_has_a_hint_first_case():
    assert {case[0] for case in HINT_FIRST} == exercises_of(check)


def test_answer_on_request_after_a_wrong_try(capsys):
    check.window_at((7, 6))
    capsys.readouterr()
    check.window_at.answer()
    assert capsys.readouterr().out.startswith("The answer is (6, 7). MAX has 6 from move 0")


# --- MAX's half: the fail-soft return --------------------------------------------------------------

def test_the_fail_soft_solution_is_correct():
    verdict = check.fail_soft(lesson_functions(MAX_VALUE))
    assert verdict.correct is True and verdict.text == "Correct: max_value gives the right result on all 41 cases."


def test_the_stored_stub_is_not_answered_yet():
    verdict = check.fail_soft(lesson_functions(lesson_cell("def max_value(tree, alpha, beta):")))
    assert verdict.correct is None and verdict.text.startswith("Not answered yet: ")


def test_returning_beta_at_the_cutoff_is_called_fail_hard_without_the_right_result():
    verdict = check.fail_soft(lesson_functions(FAIL_HARD))
    assert verdict.correct is False and "that is fail-hard" in verdict.text and verdict.failing is not None
    assert "The right result" not in verdict.text
    tree, alpha, beta = verdict.failing
    assert alphabeta(tree, alpha=alpha, beta=beta).value > beta   # the case really tells them apart


def test_returning_alpha_at_the_end_is_named():
    wrong = MAX_VALUE.replace("alpha = max(alpha, v)\n    return v", "alpha = max(alpha, v)\n    return alpha")
    verdict = check.fail_soft(lesson_functions(wrong))
    assert verdict.correct is False and "α is what MAX could already get higher up" in verdict.text


def test_one_return_left_unfilled_is_named():
    half = MAX_VALUE.replace("if v >= beta:\n            return v", "if v >= beta:\n            raise NotImplementedError")
    verdict = check.fail_soft(lesson_functions(half))
    assert verdict.correct is False and "fill in both" in verdict.text


def test_a_max_value_that_never_cuts_is_not_accepted():
    never_cuts = MAX_VALUE.replace("if v >= beta:\n            return v", "if v >= beta:\n            pass")
    verdict = check.fail_soft(lesson_functions(never_cuts))
    assert verdict.correct is False


def test_the_package_s_own_search_is_refused():
    def max_value(tree, alpha, beta):
        return alphabeta(tree, alpha=alpha, beta=beta).value

    for borrowed in (max_value, check.fail_soft_value, lambda tree, alpha, beta: strict_alphabeta(tree).value):
        verdict = check.fail_soft(borrowed)
        assert verdict.correct is False and "called the package's alphabeta" in verdict.text


def test_the_fail_soft_cases_include_windows_where_soft_and_hard_differ():
    cases = check.fail_soft_cases()
    assert len(cases) == 41 and cases[0] == (check.FIG_5_2, -INF, INF)
    assert any(alphabeta(tree, alpha=a, beta=b).value != alphabeta(tree, alpha=a, beta=b, fail_hard=True).value
               for tree, a, b in cases)


# --- change a leaf ----------------------------------------------------------------------------------

def test_the_changed_leaf_solution_is_correct():
    given = answer(solution("changed_pruned ="), "changed_pruned")
    assert check.changed_leaf(given).correct is True
    assert check.changed_leaf("[1][1], [1][2], [2][1], [2][2]").correct is True
    trace = Trace()
    alphabeta(check.CHANGED_TREE, trace=trace)
    assert given == set(trace.pruned()) == check.pruned_leaves(check.CHANGED_TREE)


@pytest.mark.parametrize("wrong, said", [
    ({(1, 1), (1, 2)}, "look at node [2] again"),
    ({(2, 1), (2, 2)}, "does it still stop early?"),
    ({(1, 1), (1, 2), (2, 0), (2, 1), (2, 2)}, "to learn that it is small"),
    ({(2, 0), (2, 1), (2, 2)}, "to learn that it is small"),
    ("[1][x]", "is not a path like [1][0]"),
])
def test_changed_leaf_mistakes_are_named(wrong, said):
    verdict = check.changed_leaf(wrong)
    assert verdict.correct is False and said in verdict.text
    check.changed_leaf.forget()


def test_changed_leaf_unanswered():
    assert check.changed_leaf(...).correct is None


# --- predict α and β ----------------------------------------------------------------------------

def test_the_window_solution_is_correct(capsys):
    verdict = check.window_at(answer(solution("my_window ="), "my_window"))
    assert verdict.correct is True and verdict.text.startswith("Correct: (6, 7).")
    assert capsys.readouterr().out == verdict.text + "\n"


def test_the_window_is_computed_from_the_search():
    trace = Trace()
    alphabeta(check.WINDOW_TREE, trace=trace)
    entered = next(e for e in trace if e.kind == "enter" and e.path == check.WINDOW_NODE)
    assert check.entry_window(check.WINDOW_TREE, check.WINDOW_NODE) == (entered.alpha, entered.beta) == (6, 7)


@pytest.mark.parametrize("mistake, said", [
    ((7, 6), "You swapped them"),
    ((6, INF), "so β is no longer +∞"),
    ((-INF, 7), "so α is no longer −∞"),
    ((-INF, INF), "Both players have found something"),
    ((6, 9), "Work out the value of MIN's node [0]"),     # unanticipated: still a hint
    (6, "The answer is a tuple of 2"),
])
def test_window_mistakes_get_hints_not_the_window(mistake, said):
    verdict = check.window_at(mistake)
    assert verdict.correct is False and said in verdict.text and "(6, 7)" not in verdict.text
    check.window_at.forget()


def test_the_window_unanswered():
    verdict = check.window_at(...)
    assert verdict.correct is None and verdict.text.startswith("Not answered yet: ")


# --- spot the error -----------------------------------------------------------------------------

def test_the_snippet_solution_is_correct():
    value = answer(solution("snippet_value ="), "snippet_value")
    assert check.snippet_prints(value).correct is True
    assert value == alphabeta(check.SNIPPET_TREE).value != alphabeta(TreeGame(check.SNIPPET_TREE, first="MIN")).value


def test_the_snippet_mistake_is_the_text_s_claim():
    verdict = check.snippet_prints(3)
    assert verdict.correct is False and "look at who moves first" in verdict.text
    assert check.snippet_prints(...).correct is None


# --- read a bound, the worst order, CS188's rule ---------------------------------------------------

def test_the_inline_solutions_are_correct():
    assert check.fail_low(inline_solution("fail_low")).correct is True
    assert check.worst_first_leaves(inline_solution("worst_first_leaves")).correct is True


def test_strict_pruned_solution_is_correct_and_differs_from_the_course_s_rule():
    given = answer(solution("my_strict ="), "my_strict")
    assert check.strict_pruned(given).correct is True
    assert given == check.pruned_leaves(check.TIE_TREE, prune_ties=False) < check.pruned_leaves(check.TIE_TREE)
    assert strict_alphabeta(check.TIE_TREE).value == alphabeta(check.TIE_TREE).value


@pytest.mark.parametrize("question, wrong, said", [
    (check.fail_low, "a", "Is 3 inside the window"),
    (check.fail_low, "c", "below α or above β"),
    (check.worst_first_leaves, 7, "in the order the tree is given"),
    (check.worst_first_leaves, 5, "with the best move first"),
    (check.worst_first_leaves, 8, "Reorder each node's children"),
    (check.strict_pruned, {(1, 1), (2, 2)}, "does a tie cut under this rule?"),
    (check.strict_pruned, set(), "even this rule cuts"),
    (check.strict_pruned, {(1, 1)}, "What about node [2]?"),
    (check.quiz_1, "a", "what would pruning save"),
    (check.quiz_1, "b", "does anything run before it"),
    (check.quiz_2, "b", "where a leaf's number came from"),
    (check.quiz_2, "c", "not with the game's true value"),
])
def test_wrong_answers_get_hints(question, wrong, said):
    verdict = question(wrong)
    assert verdict.correct is False and said in verdict.text
    question.forget()


@pytest.mark.parametrize("question", [check.fail_low, check.worst_first_leaves, check.strict_pruned,
                                      check.quiz_1, check.quiz_2])
def test_questions_unanswered(question):
    assert question(...).correct is None


def test_the_check_yourself_answers_shown_are_correct():
    calls = re.findall(r"check\.(quiz_\d)\((.*?)\)", solution("check.quiz_1"))
    assert [name for name, _ in calls] == ["quiz_1", "quiz_2"]
    for name, given in calls:
        assert getattr(check, name)(eval(given)).correct is True


# --- the pruning practice of the lesson --------------------------------------------------------

def test_the_lesson_s_practice_tree_answered_right_and_wrong():
    practice = PruningPractice(branching=3, depth=3, seed=0)
    assert practice.answer(practice.pruned).startswith("Correct: alpha-beta never examines ")
    wrong = practice.answer(set(practice.leaves()[:1]))
    assert wrong.startswith("Not correct:") and "Missed: " in wrong and "Wrong: [0][0][0] is examined" in wrong
