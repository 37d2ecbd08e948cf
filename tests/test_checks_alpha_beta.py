"""Tests for minimax_lab.checks.alpha_beta: every exercise of lesson 03 answered with the solution
shown in the lesson (taken from its <details> blocks), with a typical mistake, and unanswered."""

import re

import pytest
from lesson_notebooks import cell_source, lesson_cells, solution_blocks

from minimax_lab import Trace, TreeGame, alphabeta
from minimax_lab.checks import alpha_beta as check
from minimax_lab.checks.practice import PruningPractice
from minimax_lab.core.trees import is_leaf
from minimax_lab.search.textbook import INF

CELLS = lesson_cells("03_alpha_beta.ipynb")
SOLUTIONS = solution_blocks(CELLS)


def solution(containing):
    """Return the code of the lesson's one solution block that contains `containing`."""
    (code,) = [block for block in SOLUTIONS if containing in block]
    return code


def lesson_cell(containing):
    """Return the source of the lesson's code cell that contains `containing`."""
    return next(cell_source(cell) for cell in CELLS if cell["cell_type"] == "code" and containing in cell_source(cell))


def answer(code, name):
    namespace = {"INF": INF}
    exec(code, namespace)
    return namespace[name]


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
    ((6, INF), "MIN can hold MAX to that, so β comes down to it"),
    ((-INF, 7), "MAX can count on that, so α goes up to it"),
    ((-INF, INF), "Both players have found something"),
    (6, "The answer is a tuple of 2"),
])
def test_window_mistakes_are_named(mistake, said):
    verdict = check.window_at(mistake)
    assert verdict.correct is False and said in verdict.text


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


# --- the fail-soft return ---------------------------------------------------------------------------

def lesson_functions(max_value_code):
    """Return the lesson's min_value with `max_value_code` defining max_value beside it."""
    namespace = {"INF": INF, "is_leaf": is_leaf}
    exec(lesson_cell("def min_value(tree, alpha, beta):"), namespace)
    exec(max_value_code, namespace)
    return namespace["max_value"]


def test_the_fail_soft_solution_is_correct():
    verdict = check.fail_soft(lesson_functions(solution("def max_value")))
    assert verdict.correct is True and verdict.text == "Correct: max_value gives the right result on all 41 cases."


def test_the_stored_stub_is_not_answered_yet():
    verdict = check.fail_soft(lesson_functions(lesson_cell("def max_value(tree, alpha, beta):")))
    assert verdict.correct is None and verdict.text.startswith("Not answered yet: ")


def test_returning_beta_at_the_cutoff_is_called_fail_hard():
    fail_hard = solution("def max_value").replace("if v >= beta:\n            return v", "if v >= beta:\n            return beta")
    assert fail_hard != solution("def max_value")
    verdict = check.fail_soft(lesson_functions(fail_hard))
    assert verdict.correct is False and "that is fail-hard" in verdict.text and verdict.failing is not None
    tree, alpha, beta = verdict.failing
    assert alphabeta(tree, alpha=alpha, beta=beta).value > beta   # the case really tells them apart


def test_returning_alpha_at_the_end_is_named():
    wrong = solution("def max_value").replace("alpha = max(alpha, v)\n    return v", "alpha = max(alpha, v)\n    return alpha")
    verdict = check.fail_soft(lesson_functions(wrong))
    assert verdict.correct is False and "α is what MAX could already get higher up" in verdict.text


def test_one_return_left_unfilled_is_named():
    half = solution("def max_value").replace(
        "if v >= beta:\n            return v", "if v >= beta:\n            raise NotImplementedError")
    verdict = check.fail_soft(lesson_functions(half))
    assert verdict.correct is False and "fill in both" in verdict.text


def test_the_fail_soft_cases_include_windows_where_soft_and_hard_differ():
    cases = check.fail_soft_cases()
    assert len(cases) == 41 and cases[0] == (check.FIG_5_2, -INF, INF)
    assert any(alphabeta(tree, alpha=a, beta=b).value != alphabeta(tree, alpha=a, beta=b, fail_hard=True).value
               for tree, a, b in cases)


# --- the pruning practice of the lesson --------------------------------------------------------

def test_the_lesson_s_practice_tree_answered_right_and_wrong():
    practice = PruningPractice(branching=3, depth=3, seed=0)
    assert practice.answer(practice.pruned).startswith("Correct: alpha-beta never examines ")
    wrong = practice.answer(set(practice.leaves()[:1]))
    assert wrong.startswith("Not correct:") and "Missed: " in wrong and "Wrong: [0][0][0] is examined" in wrong


# --- Check yourself -----------------------------------------------------------------------------

QUESTIONS = [check.quiz_1, check.quiz_2, check.quiz_3, check.quiz_4, check.quiz_5]


def test_the_answers_shown_are_correct(capsys):
    calls = re.findall(r"check\.quiz_\d\((.*?)\)", solution("check.quiz_1"))
    assert len(calls) == len(QUESTIONS)
    for question, given in zip(QUESTIONS, calls):
        assert question(eval(given)).correct is True


@pytest.mark.parametrize("question, wrong, said", [
    (check.quiz_1, "a", "only a bound"),
    (check.quiz_2, "a", "pruning would save nothing"),
    (check.quiz_3, 7, "in the order the tree is given"),
    (check.quiz_3, 5, "with the best move first"),
    (check.quiz_4, "b", "true utility or a guess"),
    (check.quiz_5, "c", "It failed low"),
])
def test_wrong_answers_are_explained(question, wrong, said):
    verdict = question(wrong)
    assert verdict.correct is False and said in verdict.text


@pytest.mark.parametrize("question", QUESTIONS)
def test_questions_unanswered(question):
    assert question(...).correct is None
