"""Tests for minimax_lab.checks.core: every check answered right, wrong, and not at all."""

import multiprocessing
import types
from fractions import Fraction

import IPython
import IPython.display
import numpy
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from minimax_lab import INF, TreeGame, minimax
from minimax_lab.checks import alpha_beta, minimax_values
from minimax_lab.checks.core import (
    FIG_5_2,
    Case,
    Exercise,
    Verdict,
    case_size,
    check_answer,
    check_function,
    exercise,
    lesson_cases,
    read_paths,
    same,
    same_move,
    smallest_failure,
    tree_cases,
)
from minimax_lab.core.trees import validate_tree
from minimax_lab.running import guard
from minimax_lab.running.guard import limits


def min_root_value(tree):
    return minimax(TreeGame(tree, first="MIN")).value


def min_cases(count=None):
    """Return (tree,) argument tuples of the lesson cases, MIN at the root (`count` random trees)."""
    cases = lesson_cases(sides=("MIN",)) if count is None else tree_cases(count, textbook=["AIMA Fig. 5.2"],
                                                                          sides=["MIN"])
    return [(case.tree,) for case in cases]


def max_value(node):
    return node if isinstance(node, (int, float)) else max(min_value(child) for child in node)


def min_value(node):
    return node if isinstance(node, (int, float)) else min(max_value(child) for child in node)


def min_value_forgets_max(node):
    """The typical mistake: MIN at every level."""
    return node if isinstance(node, (int, float)) else min(min_value_forgets_max(child) for child in node)


# --- check_answer ---------------------------------------------------------------------------------

def test_unanswered_prints_the_hint_and_does_not_raise(capsys):
    verdict = check_answer(..., 3, hint="back up the leaves' values")
    assert verdict == Verdict(None, "Not answered yet: back up the leaves' values")
    assert capsys.readouterr().out == "Not answered yet: back up the leaves' values\n"


def test_a_right_value_is_confirmed_with_the_reason(capsys):
    verdict = check_answer(3, 3, hint="", why="MAX takes the best of 3, 2 and 2.")
    assert verdict.correct is True
    assert verdict.text == "Correct: 3. MAX takes the best of 3, 2 and 2."
    assert capsys.readouterr().out == verdict.text + "\n"


def test_a_typical_wrong_value_names_the_mistake():
    verdict = check_answer(6, 3, hint="", why="MAX moves first.",
                           mistakes={6: "That is the value with MIN moving first."})
    assert verdict.correct is False
    assert verdict.text == ("Not correct: you said 6. That is the value with MIN moving first. The answer is 3. "
                            "MAX moves first.")
    assert verdict.answer == "The answer is 3. MAX moves first."


# --- an exercise: hint first, the answer on the second wrong try or on request ---------------------

def make_exercise(kind="predict"):
    @exercise(kind)
    def value_of_the_root(answer):
        return check_answer(answer, 3, hint="back up the values", why="MAX takes the best of 3, 2 and 2.",
                            mistakes={14: "That is the largest leaf: MIN moves before the leaves."})
    return value_of_the_root


def test_a_first_wrong_try_gets_the_hint_and_not_the_answer(capsys):
    value_of_the_root = make_exercise()
    first = value_of_the_root(14)
    assert first.correct is False and "3" not in first.text.replace("check.", "")
    assert first.text == ("Not correct: you said 14. That is the largest leaf: MIN moves before the leaves. "
                          "Try again, or see the answer with check.value_of_the_root.answer().")
    assert capsys.readouterr().out == first.text + "\n"


def test_a_second_wrong_try_or_answer_shows_the_answer(capsys):
    value_of_the_root = make_exercise()
    value_of_the_root.answer()
    assert "after a wrong try" in capsys.readouterr().out
    value_of_the_root(2)
    value_of_the_root.answer()
    assert capsys.readouterr().out.endswith("The answer is 3. MAX takes the best of 3, 2 and 2.\n")
    second = value_of_the_root(14)
    assert second.text.endswith("That is the largest leaf: MIN moves before the leaves. The answer is 3. "
                                "MAX takes the best of 3, 2 and 2.")
    assert value_of_the_root(3).correct is True and value_of_the_root(...).correct is None


def test_a_check_outside_an_exercise_shows_the_answer_and_exercises_count_their_own_tries():
    one, other = make_exercise(), make_exercise("check-yourself")
    one(14)
    assert "The answer is 3" not in other(14).text and "The answer is 3" in one(14).text
    assert one.kind == "predict" and other.kind == "check-yourself" and one.__name__ == "value_of_the_root"
    with pytest.raises(ValueError, match="kind is one of predict, code, check-yourself"):
        exercise("quiz")


def test_every_lesson_check_is_an_exercise_of_a_known_kind():
    import importlib
    import pkgutil

    import minimax_lab.checks as checks
    lessons = [info for info in pkgutil.iter_modules(checks.__path__) if info.name not in ("core", "guard", "practice")]
    assert len(lessons) >= 9
    for info in lessons:
        module = importlib.import_module(f"minimax_lab.checks.{info.name}")
        for name, value in vars(module).items():
            if isinstance(value, types.FunctionType) and not name.startswith("_") \
                    and value.__module__ == module.__name__ and value.__annotations__.get("return") in ("Verdict", Verdict):
                assert isinstance(value, Exercise), f"{module.__name__}.{name} returns a Verdict but is no Exercise"


@pytest.mark.parametrize("answer", [True, "3", None, [3], 3.5, float("nan")])
def test_an_answer_that_only_looks_right_is_not_correct(answer):
    verdict = check_answer(answer, 3 if answer is not True else 1, hint="")
    assert verdict.correct is False and verdict.text.startswith("Not correct: you said")


def test_a_non_number_is_told_the_answer_is_a_number():
    assert "The answer is a number." in check_answer("3", 3, hint="").text


def test_floats_match_within_rounding_only():
    assert check_answer(0.1 + 0.2, 0.3, hint="").correct is True
    assert check_answer(0.31, 0.3, hint="").correct is False
    assert check_answer(float("inf"), float("inf"), hint="").correct is True


def test_a_pair_is_checked_element_by_element():
    inf = float("inf")
    assert check_answer((3, inf), (3, inf), hint="").text == "Correct: (3, +∞)."
    wrong = check_answer((3, 5), (3, inf), hint="", why="β is still +∞: MIN has not moved yet.")
    assert wrong.correct is False and "you said (3, 5)" in wrong.text and "MIN has not moved" in wrong.text
    assert "a tuple of 2" in check_answer(3, (3, inf), hint="").text


def test_words_ignore_case_and_spaces_but_not_spelling():
    assert check_answer(" B ", "b", hint="").correct is True
    assert check_answer("c", "b", hint="").correct is False
    assert "text, in quotes" in check_answer(2, "b", hint="").text


def test_a_set_of_paths_may_be_typed_or_given_as_tuples():
    pruned = {(1, 1), (1, 2)}
    for answer in ("[1][1], [1][2]", "[1][2] [1][1]", {(1, 1), (1, 2)}, [[1, 1], (1, 2)], ["[1][1]", "[1][2]"]):
        verdict = check_answer(answer, pruned, hint="")
        assert verdict.correct is True and verdict.text == "Correct: [1][1], [1][2].", answer


def test_a_wrong_set_names_what_is_missing_and_what_is_extra():
    pruned = {(1, 1), (1, 2)}
    partly = check_answer("[1][1]", pruned, hint="")
    assert partly.text.startswith("Not correct: you said [1][1]. 1 more belongs in the answer. ")
    extra = check_answer("[1][1], [1][2], [2][1]", pruned, hint="")
    assert extra.text.startswith("Not correct: you said [1][1], [1][2], [2][1]. 1 of them does not belong in "
                                 "the answer. ")
    empty = check_answer("", pruned, hint="")
    assert empty.text.startswith("Not correct: you said none. 2 more belong in the answer. ")
    assert {partly.answer, extra.answer, empty.answer} == {"The answer is [1][1], [1][2]."}
    assert check_answer(set(), set(), hint="").correct is True


def test_a_typical_wrong_set_names_the_mistake():
    mistakes = {frozenset({(1, 1), (1, 2), (2, 1), (2, 2)}): "Only the first MIN node's siblings wait for α."}
    verdict = check_answer("[1][1], [1][2], [2][1], [2][2]", {(1, 1), (1, 2)}, hint="", mistakes=mistakes)
    assert verdict.correct is False and "Only the first MIN node's siblings" in verdict.text


@pytest.mark.parametrize("answer", ["[1][x]", "1, 1", 7, [("a",)]])
def test_an_unreadable_set_is_not_correct_and_says_how_to_write_it(answer):
    verdict = check_answer(answer, {(1, 1)}, hint="")
    assert verdict.correct is False and "Write your answer as a set of paths" in verdict.text


def test_a_set_of_moves_is_not_passed_by_a_string_of_the_same_letters():
    assert check_answer("ab", {"a", "b"}, hint="").correct is False
    assert check_answer(["b", "a"], {"a", "b"}, hint="").correct is True


def test_show_is_called_only_for_a_wrong_answer():
    shown = []
    check_answer(3, 3, hint="", show=lambda: shown.append("drawing"))
    assert shown == []
    check_answer(6, 3, hint="", show=lambda: shown.append("drawing"))
    assert shown == ["drawing"]


def test_the_drawing_is_displayed_under_ipython(monkeypatch):
    displayed = []
    monkeypatch.setattr(IPython, "get_ipython", lambda: object())
    monkeypatch.setattr(IPython.display, "display", displayed.append)
    check_answer(6, 3, hint="", show=lambda: "the drawing")
    assert displayed == ["the drawing"]


def test_nothing_is_displayed_outside_ipython(monkeypatch):
    displayed = []
    monkeypatch.setattr(IPython, "get_ipython", lambda: None)   # whatever shell an earlier test started
    monkeypatch.setattr(IPython.display, "display", displayed.append)
    check_answer(6, 3, hint="", show=lambda: "the drawing")
    assert displayed == []


def test_a_verdict_shows_nothing_more_in_a_notebook():
    verdict = check_answer(3, 3, hint="")
    assert verdict._ipython_display_() is None and str(verdict) == verdict.text


@settings(max_examples=40, deadline=None)
@given(st.integers(-50, 50), st.integers(-50, 50))
def test_a_wrong_number_never_passes(answer, expected):
    assert check_answer(answer, expected, hint="").correct is (answer == expected)


# --- same: the one comparison of an answer with its key (lessons and assignments) -----------------

class LiarInt(int):
    def __eq__(self, other):
        return True

    __hash__ = int.__hash__


class LiarFloat(float):
    def __eq__(self, other):
        return True

    __hash__ = float.__hash__


class Anything:
    def __eq__(self, other):
        return True


@pytest.mark.parametrize("liar", [LiarInt(0), LiarFloat(0.0), Anything()])
@pytest.mark.parametrize("expected", [3, 2.5, Fraction(7, 2), "b", None, (1, 2)])
def test_an_answer_equal_to_everything_matches_nothing(liar, expected):
    assert not same(liar, expected)
    assert not same((liar, liar), (expected, expected))
    assert check_answer(liar, expected, hint="").correct is False


def test_numbers_of_trusted_types_compare_by_value():
    assert same(numpy.int64(3), 3) and same(numpy.float64(0.75), Fraction(3, 4)) and same(Fraction(6, 2), 3)
    assert same(3.0, 3) and same(1e-13, 0) and not same(1e-6, 0)
    assert not same(float("nan"), float("nan")) and same(float("inf"), float("inf"))
    assert not same(float("inf"), 10 ** 400) and not same(10 ** 400, 1.5) and same(10 ** 400, 10 ** 400)
    assert not same(10 ** 400 + 1, 10 ** 400)  # whole numbers exactly, however large


def test_same_move_wants_the_move_s_own_type():
    assert same_move(4, [0, 4, 8]) and not same_move(numpy.int64(4), [0, 4, 8])
    assert not same_move("4", [0, 4, 8]) and not same_move(4.0, [0, 4, 8]) and not same_move(LiarInt(1), [0])


# --- the smallest failing case -----------------------------------------------------------------------

def test_case_size_counts_the_nodes_of_trees_and_one_per_other_argument():
    assert case_size(Case("t", [[1, 2], 3])) == 5
    assert case_size(([[1, 2], 3], 1.5, -INF)) == 7
    assert case_size(([1, [2, "x"]],)) == len(repr([1, [2, "x"]]))  # not a tree: its text's length
    assert case_size("the pruned leaves") == 0


def test_the_smallest_failure_is_the_first_of_the_smallest_cases():
    failures = [("a", ([[1, 2], 3],)), ("b", ([1, 2],)), ("c", ([3, 4],)), ("d", ([[1], [2]],))]
    assert smallest_failure(failures, lambda failure: failure[1]) == ("b", ([1, 2],))
    assert smallest_failure(failures, lambda failure: failure[1], size=lambda case: 0) == failures[0]
    with pytest.raises(ValueError, match="at least one failure"):
        smallest_failure([], lambda failure: failure)


# --- read_paths -------------------------------------------------------------------------------------

def test_read_paths_reads_text_and_tuples():
    assert read_paths("[1][1], [1][2]; root") == [(1, 1), (1, 2), ()]
    assert read_paths("  ") == []
    assert read_paths([(0, 1), [2], "[3]"]) == [(0, 1), (2,), (3,)]


@pytest.mark.parametrize("answer, error", [("[1][-1]", ValueError), ("[1]x", ValueError),
                                           ([(-1,)], ValueError), (5, TypeError), ({(1,): 2}, TypeError)])
def test_read_paths_refuses_what_is_not_a_path(answer, error):
    with pytest.raises(error):
        read_paths(answer)


# --- check_function ---------------------------------------------------------------------------------

def test_tree_cases_start_with_the_textbook_tree_and_are_fixed():
    cases = tree_cases(12)
    assert cases[:2] == [Case("AIMA Fig. 5.2", FIG_5_2, "MAX"), Case("AIMA Fig. 5.2", FIG_5_2, "MIN")]
    assert len(cases) == 2 * (3 + 12)
    assert cases == tree_cases(12) and cases != tree_cases(12, seed=1)


def test_a_lesson_tries_the_textbook_tree_and_the_first_random_trees_of_the_assignments():
    lesson, assignment = lesson_cases(), tree_cases(sides=["MAX"])
    assert [case.tree for case in lesson] == [FIG_5_2] + [case.tree for case in assignment[3:43]]
    assert {case.first for case in lesson_cases(sides=("MIN",))} == {"MIN"}


@pytest.mark.parametrize("kwargs, named", [({"textbook": ["Fig. 5.2"]}, "textbook"),
                                           ({"textbook": "AIMA Fig. 5.2"}, "textbook"),
                                           ({"textbook": None}, "textbook"), ({"textbook": [["x"]]}, "textbook"),
                                           ({"sides": "MAX"}, "sides"), ({"sides": ["MAX", "max"]}, "sides"),
                                           ({"sides": []}, "sides"), ({"sides": None}, "sides"),
                                           ({"count": -1}, "count"), ({"count": 2.5}, "count"),
                                           ({"count": True}, "count")])
def test_tree_cases_name_what_they_cannot_use(kwargs, named):
    with pytest.raises(ValueError, match=f"tree_cases: {named}"):
        tree_cases(**{"count": 2, **kwargs})


def test_a_right_function_is_confirmed(capsys):
    verdict = check_function(min_value, min_root_value, min_cases(), hint="")
    assert verdict == Verdict(True, "Correct: min_value gives the right result on all 41 cases.")
    assert capsys.readouterr().out == verdict.text + "\n"


def test_a_wrong_function_is_shown_its_smallest_failing_tree():
    cases = min_cases()
    shown = []
    verdict = check_function(min_value_forgets_max, min_root_value, cases, hint="",
                             show=lambda tree: shown.append(tree))
    assert verdict.correct is False
    (tree,) = verdict.failing
    assert shown == [tree]
    want, got = min_root_value(tree), min_value_forgets_max(tree)
    assert verdict.text.startswith(f"Not correct: min_value_forgets_max({tree!r}) returned {got} (wrong on ")
    assert verdict.answer == f"The right result is {want}."
    failing = [case for case in cases if min_value_forgets_max(*case) != min_root_value(*case)]
    assert len(validate_tree(tree)) == min(len(validate_tree(case[0])) for case in failing)
    assert f"wrong on {len(failing)} of {len(cases)} cases; this is the smallest" in verdict.text


def test_a_function_that_raises_gets_a_verdict_not_a_traceback():
    def broken(tree):
        return 1 / 0

    verdict = check_function(broken, min_root_value, min_cases(), hint="")
    assert verdict.correct is False
    assert "your function raised ZeroDivisionError (division by zero) on broken(" in verdict.text


def test_a_stub_or_an_ellipsis_is_not_answered_yet():
    def stub(tree):
        raise NotImplementedError

    for student in (stub, ...):
        verdict = check_function(student, min_root_value, min_cases(), hint="MIN picks the smallest")
        assert verdict == Verdict(None, "Not answered yet: MIN picks the smallest")


def test_a_stub_that_gives_up_later_is_a_failure():
    def half(tree):
        if tree != FIG_5_2:
            raise NotImplementedError
        return min_value(tree)

    verdict = check_function(half, min_root_value, min_cases(), hint="")
    assert verdict.correct is False and "raised NotImplementedError" in verdict.text


def test_something_not_callable_is_not_correct():
    verdict = check_function(3, min_root_value, min_cases(), hint="")
    assert verdict.text == "Not correct: the answer should be a function, but it is 3."


def test_a_bool_or_a_constant_does_not_pass():
    assert check_function(lambda tree: True, lambda tree: 1, [([1],)], hint="").correct is False
    assert check_function(lambda tree: 3, min_root_value, min_cases(), hint="").correct is False


def test_the_student_cannot_change_the_cases():
    def sorts_in_place(tree):
        tree.clear()
        tree.append(-100)
        return -100

    cases = min_cases(3)
    verdict = check_function(sorts_in_place, min_root_value, cases, hint="")
    assert cases == min_cases(3)
    assert verdict.text == ("Not correct: sorts_in_place changed the tree it was given: it was "
                            "[[3, 12, 8], [2, 4, 6], [14, 5, 2]] and became [-100].")
    assert verdict.failing == (FIG_5_2,)


def test_a_function_that_never_returns_is_stopped_and_told(monkeypatch):
    monkeypatch.setattr(limits, "CALL_TIMEOUT", 0.2)

    def forever(tree):
        while True:
            pass

    shown = []
    verdict = check_function(forever, min_root_value, min_cases(), hint="", show=shown.append)
    assert verdict.text == f"Not correct: forever timed out after 0.2 s, on forever({FIG_5_2!r})."
    assert shown == [FIG_5_2] and verdict.outcome.value is None


def test_a_function_that_calls_the_package_s_search_is_told_to_write_its_own():
    def borrowed(tree):
        return minimax(TreeGame(tree, first="MIN")).value

    verdict = check_function(borrowed, min_root_value, min_cases(), hint="")
    assert verdict.text == ("Not correct: borrowed called the package's minimax; the exercise asks "
                            "you to write it yourself.")


@pytest.mark.slow
@pytest.mark.parametrize("check, name", [(minimax_values.min_value, "min_value"), (alpha_beta.alphabeta_search, "alphabeta_search")])
def test_a_lesson_check_stops_a_function_that_never_returns_and_calls_it_once(monkeypatch, check, name):
    monkeypatch.setattr(limits, "CALL_TIMEOUT", 0.2)
    calls = multiprocessing.Value("i", 0)  # shared: the check calls the function in a child process

    def forever(*case):
        calls.value += 1
        while True:
            pass

    forever.__name__ = name
    verdict = check(forever)
    assert verdict.text.startswith(f"Not correct: {name} timed out after 0.2 s, on {name}(")
    assert calls.value == 1  # naming the mistake reads the verdict's outcome: no second call


def test_the_verdict_keeps_what_the_function_returned_on_the_failing_case():
    verdict = check_function(min_value_forgets_max, min_root_value, min_cases(), hint="")
    assert verdict.outcome.value == min_value_forgets_max(*verdict.failing)
    verdict = check_function(lambda tree: 1 / 0, min_root_value, min_cases(), hint="")
    assert isinstance(verdict.outcome.error, ZeroDivisionError)


def test_a_drawing_that_cannot_be_made_is_skipped():
    def cannot(tree):
        raise ValueError("too big to draw")

    verdict = check_function(min_value_forgets_max, min_root_value, min_cases(), hint="", show=cannot)
    assert verdict.correct is False


def test_no_cases_is_the_author_s_mistake():
    with pytest.raises(ValueError, match="at least one case"):
        check_function(min_value, min_root_value, [], hint="")
