"""Tests for minimax_lab.checks.alpha_beta: every exercise of lesson 03 answered with the solution
shown in the lesson (taken from its <details> blocks), with a typical mistake (a hint first, the
answer on the second try), and unanswered; and the lesson prints the plain alpha-beta, never the
package's instrumented one."""

import inspect
import re
from math import inf

import pytest
from hint_first import assert_hint_first, exercises_of
from lesson_notebooks import cell_source, lesson_cells, one_cell, solution_blocks, stored_output

from minimax_lab import Trace, TreeGame, alphabeta
from minimax_lab.checks import alpha_beta as check
from minimax_lab.checks.practice import PruningPractice
from minimax_lab.search import plain
from minimax_lab.search.textbook import INF
from minimax_lab.search.ties import strict_alphabeta

CELLS = lesson_cells("03_alpha_beta.ipynb")
SOLUTIONS = solution_blocks(CELLS)


def solution(containing):
    """Return the code of the lesson's one solution block that contains `containing`."""
    (code,) = [block for block in SOLUTIONS if containing in block]
    return code


def answer(code, name):
    namespace = {"INF": INF, "inf": inf}
    exec(code, namespace)
    return namespace[name]


# --- write alpha-beta: the lesson's stub with the worked solution, and typical mistakes ------------

STUB = one_cell(CELLS, "code", "def alphabeta_search(")
WORKED = solution("def ab_min_value")


def searcher(halves=WORKED):
    """Return the lesson's alphabeta_search, calling the ab_max_value and ab_min_value of `halves`
    (the worked solution, or a mistaken copy of it)."""
    namespace = {"inf": inf}
    exec(STUB[:STUB.index("check.")], namespace)
    exec(halves, namespace)
    return namespace["alphabeta_search"]


def mistaken(old, new):
    """Return the lesson's alphabeta_search with the worked solution's `old` replaced by `new` (everywhere)."""
    assert old in WORKED, old
    return searcher(WORKED.replace(old, new))


MISTAKES = {
    "no cutoff": (mistaken("            return v, move\n    return v, move", "            pass\n    return v, move"),
                  "nothing is cut off. The usual causes: no cutoff"),
    "bounds not passed down": (mistaken("game.result(state, a), alpha, beta, strict)",
                                        "game.result(state, a), -inf, +inf, strict)"),
                               "alpha and beta not passed down to the children"),
    "α updated at MIN nodes": (mistaken("beta = min(beta, v)", "alpha = max(alpha, v)"), "updates α at MIN's nodes"),
    "α lowered at MIN nodes": (mistaken("beta = min(beta, v)", "alpha = min(alpha, v)"),
                               "a bound updated at the wrong node (only a MAX node raises α, only a MIN node "
                               "lowers β)"),
    "β updated at MAX nodes": (mistaken("alpha = max(alpha, v)", "beta = min(beta, v)"), "updates β at MAX's nodes"),
    "no cutoff at MIN": (mistaken("        if v < alpha or (v == alpha and not strict):\n            return v, move",
                                  "        pass"),
                         "no cutoff (a MAX node returns as soon as v ≥ β, a MIN node as soon as v ≤ α)"),
    "wrong bound compared": (mistaken("if v > beta or (v == beta and not strict)",
                                      "if v > alpha or (v == alpha and not strict)"),
                             "compares v with the wrong bound"),
    "ties cut when strict": (mistaken(" and not strict)", ")"), "cuts on a tie even when strict is True"),
    "ties never cut": (searcher(WORKED.replace(" or (v == beta and not strict)", "")
                                .replace(" or (v == alpha and not strict)", "")),
                       "does not cut on a tie when strict is False"),
    "tie rule inverted": (mistaken(" and not strict)", " and strict)"), "the tie rule the wrong way round"),
    "a later move that ties": (mistaken("if v2 > v:", "if v2 >= v:"), "keeps a later move that only ties"),
    "a value without its move": (mistaken("return game.utility(state, game.max_player), None",
                                          "return game.utility(state, game.max_player)"),
                                 "each return a pair (value, move)"),
}


@pytest.mark.slow
def test_the_worked_solution_is_correct_by_both_rules_for_ties():
    verdict = check.alphabeta_search(searcher())
    assert verdict.correct is True
    assert verdict.text == "Correct: alphabeta_search gives the right result on all 164 cases."
    cases = check.alphabeta_cases()
    assert {strict for _, _, strict in cases} == {False, True}
    assert {game.first for game, _, _ in cases} == {"MAX", "MIN"}


@pytest.mark.parametrize("strict", [False, True])
def test_the_worked_solution_examines_the_package_s_leaves_in_order(strict):
    tie = [[3, 4], [3, 9]]                                  # the rules differ at [1]: 3 ties α
    for tree in (check.FIG_5_2, tie):
        game, trace = check.RecordingTreeGame(tree), Trace()
        result = (strict_alphabeta(tree, trace=trace) if strict else alphabeta(tree, trace=trace))
        assert searcher()(game, (), strict) == (result.value, result.move)
        assert game._examined == trace.leaves()
    game = check.RecordingTreeGame(tie)
    searcher()(game, (), strict)
    assert len(game._examined) == (4 if strict else 3)


def test_the_worked_solution_is_at_least_as_long_as_the_plain_version_it_mirrors():
    def lines(code):
        return [line for line in code.splitlines() if line.strip()]

    plain_lines = [line for function in (plain.ab_max_value, plain.ab_min_value)
                   for line in lines(inspect.getsource(function)) if not line.strip().startswith('"""')]
    assert len(lines(WORKED)) >= len(plain_lines) == 24


def test_the_stored_stub_is_not_answered_yet():
    verdict = check.alphabeta_search(searcher(""))
    assert verdict.correct is None and verdict.text.startswith("Not answered yet: ")
    assert stored_output(CELLS, "def alphabeta_search(") == verdict.text + "\n"


@pytest.mark.parametrize("mistake", MISTAKES)
@pytest.mark.slow
def test_each_typical_mistake_gets_a_hint_naming_it_and_not_the_result(mistake):
    wrong, named = MISTAKES[mistake]
    check.alphabeta_search.forget()
    verdict = check.alphabeta_search(wrong)
    assert verdict.correct is False and named in verdict.text, verdict.text
    assert "The right result" not in verdict.text and verdict.failing is not None
    check.alphabeta_search.forget()


@pytest.mark.slow
def test_a_search_that_never_cuts_is_shown_the_smallest_tree_it_gets_wrong():
    never_cuts = MISTAKES["no cutoff"][0]

    def wrong_on(game, state, strict):
        fresh = check.RecordingTreeGame(game.tree, game.first)
        got = check.Examined(never_cuts(fresh, state, strict), tuple(fresh._examined))
        return not check.same_search(got, check.examined_by_alphabeta(game, state, strict))

    verdict = check.alphabeta_search(never_cuts)
    game, state, strict = verdict.failing
    assert verdict.text.startswith(f"Not correct: alphabeta_search({game!r}, (), {strict}) returned ")
    assert len(game.nodes) == min(len(case[0].nodes) for case in check.alphabeta_cases() if wrong_on(*case))
    assert len(verdict.outcome.value.leaves) > len(check.examined_by_alphabeta(game, state, strict).leaves)
    check.alphabeta_search.forget()


@pytest.mark.parametrize("borrowed", [
    plain.alphabeta_search,
    lambda game, state, strict=False: plain.ab_max_value(game, state, -inf, inf, strict),
    lambda game, state, strict=False: (alphabeta(game, state).value, alphabeta(game, state).move),
    lambda game, state, strict=False: check.mistaken_alphabeta(game, state, strict),
    lambda game, state, strict=False: check.examined_by_alphabeta(game, state, strict).returned,
], ids=["plain", "plain's half", "alphabeta", "the check's mistaken search", "the answer key"])
def test_the_package_s_own_searches_are_refused(borrowed):
    verdict = check.alphabeta_search(borrowed)
    assert verdict.correct is False and "the exercise asks you to write it yourself" in verdict.text
    check.alphabeta_search.forget()


def test_answers_that_are_no_function_get_a_verdict():
    assert check.alphabeta_search(3).correct is False
    assert check.alphabeta_search(...).correct is None


# --- the lesson prints the plain version only ------------------------------------------------------

def test_the_lesson_prints_the_plain_max_value_and_no_instrumented_search():
    assert stored_output(CELLS, "inspect.getsource(plain.ab_max_value)") == inspect.getsource(plain.ab_max_value) + "\n"
    printed = "".join("".join(output.get("text", "")) for cell in CELLS if cell["cell_type"] == "code"
                      for output in cell["outputs"])
    assert "trace" not in printed and "def alphabeta(" not in printed


# --- hint first, answer on request ---------------------------------------------------------------

HINT_FIRST = [
    (check.alphabeta_search, MISTAKES["α updated at MIN nodes"][0], "The right result is"),
    (check.window_at, (6, INF), "(6, 7)"),
    (check.quiz_1, "a", "'c'"),
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
    check.window_at.forget()


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


# --- Check yourself -----------------------------------------------------------------------------

@pytest.mark.parametrize("wrong, said", [("a", "what would pruning save"), ("b", "does anything run before it")])
def test_wrong_answers_get_hints(wrong, said):
    verdict = check.quiz_1(wrong)
    assert verdict.correct is False and said in verdict.text
    check.quiz_1.forget()


def test_the_check_yourself_answer_shown_is_correct():
    calls = re.findall(r"check\.(quiz_\d)\((.*?)\)", solution("check.quiz_1"))
    assert [name for name, _ in calls] == ["quiz_1"]
    for name, given in calls:
        assert getattr(check, name)(eval(given)).correct is True
    assert check.quiz_1(...).correct is None


def test_every_check_in_the_lesson_is_stored_unanswered():
    lines = [line for cell in CELLS if cell["cell_type"] == "code" and "check." in cell_source(cell)
             for output in cell["outputs"] for line in "".join(output.get("text", "")).splitlines()]
    assert len(lines) == 3 and all(line.startswith("Not answered yet: ") for line in lines)


# --- the pruning practice of the lesson --------------------------------------------------------

def test_the_lesson_s_practice_tree_answered_right_and_wrong():
    practice = PruningPractice(branching=3, depth=3, seed=0)
    assert practice.answer(practice.pruned).startswith("Correct: alpha-beta never examines ")
    wrong = practice.answer(set(practice.leaves()[:1]))
    assert wrong.startswith("Not correct:") and "Missed: " in wrong and "Wrong: [0][0][0] is examined" in wrong
