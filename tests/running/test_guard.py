"""The checks grade what they claim: every way issue 14 found to fool them now fails with a clear
message (minimax_lab/running/guard/ and reports.py). These tests need no solution notebook, so
they run in the student edition too."""

import math
import sys
import threading
import time
import types

import numpy
import pytest

import minimax_lab
from minimax_lab import TreeGame, grading
from minimax_lab.running import guard
from minimax_lab.running.guard import limits
from minimax_lab.running.guard import CheckFailed
from minimax_lab.grading import reports

FIG_5_2 = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]


def minimax_value(tree, maximizing=True):
    """A right answer, written as a student would."""
    if not isinstance(tree, list):
        return tree
    values = [minimax_value(child, not maximizing) for child in tree]
    return max(values) if maximizing else min(values)


def decision(tree, maximizing=True):
    """A right minimax_decision."""
    values = [minimax_value(child, not maximizing) for child in tree]
    best = max(values) if maximizing else min(values)
    return best, values.index(best)


def alphabeta_value(tree, alpha, beta, maximizing, examined):
    """A right alphabeta_value that records the leaves it examines."""
    if not isinstance(tree, list):
        examined.append(tree)
        return tree
    value = -math.inf if maximizing else math.inf
    for child in tree:
        child_value = alphabeta_value(child, alpha, beta, not maximizing, examined)
        if maximizing:
            value, alpha = max(value, child_value), max(alpha, child_value)
        else:
            value, beta = min(value, child_value), min(beta, child_value)
        if alpha >= beta:
            break
    return value


def first(maximizing):
    return "MAX" if maximizing else "MIN"


def failure(check, func) -> str:
    with pytest.raises(CheckFailed) as caught:
        check(func)
    return str(caught.value)


# --- the work is the student's ------------------------------------------------------------------

def test_the_right_answers_pass(capsys):
    grading.check_minimax_value(minimax_value)
    grading.check_minimax_decision(decision)
    grading.check_alphabeta(alphabeta_value)
    assert capsys.readouterr().out.count("correct") == 3


def test_calling_the_package_search_by_module_attribute_fails():
    def cheat(tree, maximizing=True):
        return minimax_lab.minimax(TreeGame(tree, first=first(maximizing))).value

    message = failure(grading.check_minimax_value, cheat)
    assert "cheat called the package's minimax; the exercise asks you to write it yourself" in message
    assert "AIMA Fig. 5.2" in message  # the tree it happened on


def test_calling_it_imported_by_name_or_through_an_alias_bound_before_fails():
    from minimax_lab.search.textbook import negamax as my_search
    bound_before = minimax_lab.alphabeta

    def by_alias(tree, maximizing=True):
        result = my_search(TreeGame(tree, first=first(maximizing)))
        return result.value if maximizing else -result.value

    def by_earlier_binding(tree, maximizing=True):
        return bound_before(TreeGame(tree, first=first(maximizing))).value

    assert "called the package's negamax" in failure(grading.check_minimax_value, by_alias)
    assert "called the package's alphabeta" in failure(grading.check_minimax_value, by_earlier_binding)


def test_alpha_beta_through_the_package_trace_fails():
    from minimax_lab import Trace, alphabeta

    def through_trace(tree, alpha, beta, maximizing, examined):
        trace = Trace()
        result = alphabeta(TreeGame(tree, first=first(maximizing)), trace=trace)
        examined.extend(trace.leaf_values())
        return result.value

    assert "called the package's alphabeta" in failure(grading.check_alphabeta, through_trace)


def test_the_trace_alone_and_the_oracles_are_forbidden_too():
    from minimax_lab import Trace
    from minimax_lab.search.ordering import exact_values
    oracle = grading.exact_order(TreeGame(FIG_5_2))  # an oracle made before the check

    def traced(tree, maximizing=True):
        Trace().leaf_values()
        return minimax_value(tree, maximizing)

    def exact(tree, maximizing=True):
        return exact_values(TreeGame(tree, first=first(maximizing)))[()]

    def ordered(tree, maximizing=True):
        oracle.evaluate((0,))
        return minimax_value(tree, maximizing)

    assert "called the package's Trace.leaf_values" in failure(grading.check_minimax_value, traced)
    assert "called the package's exact_values" in failure(grading.check_minimax_value, exact)
    assert "called the package's exact_order" in failure(grading.check_minimax_value, ordered)


def test_a_copy_of_the_search_made_with_function_type_is_caught():
    namespace = {"TreeGame": TreeGame, "first": first}
    printed = minimax_lab.minimax.__wrapped__  # the function as the lesson prints it (an untraced call runs its twin)
    namespace["copied"] = types.FunctionType(printed.__code__, vars(minimax_lab.search.textbook),
                                             "copied", printed.__defaults__,
                                             None)
    namespace["copied"].__kwdefaults__ = printed.__kwdefaults__
    exec("def student(tree, maximizing=True):\n"
         "    return copied(TreeGame(tree, first=first(maximizing))).value\n", namespace)
    assert "called the package's minimax" in failure(grading.check_minimax_value, namespace["student"])


def test_swallowing_the_error_does_not_hide_the_call():
    def sly(tree, maximizing=True):
        try:
            return minimax_lab.minimax(TreeGame(tree, first=first(maximizing))).value
        except BaseException:
            return minimax_value(tree, maximizing)

    assert "called the package's minimax" in failure(grading.check_minimax_value, sly)


def test_the_package_searches_work_again_after_a_check():
    with pytest.raises(CheckFailed):
        grading.check_minimax_value(lambda tree, maximizing=True: minimax_lab.minimax(tree).value)
    assert minimax_lab.minimax(TreeGame(FIG_5_2)).value == 3
    assert minimax_lab.Trace.leaf_values.__code__.co_name == "leaf_values"


# --- the package cannot be patched ------------------------------------------------------------

def test_patching_a_game_or_a_search_fails_the_check(monkeypatch):
    monkeypatch.setattr(TreeGame, "utility", lambda self, state, player=None: 0)
    with pytest.raises(guard.PackageChanged, match="TreeGame.utility was replaced"):
        grading.check_minimax_value(minimax_value)
    monkeypatch.undo()
    monkeypatch.setattr(minimax_lab.search.textbook, "minimax", lambda *a, **k: None)
    with pytest.raises(guard.PackageChanged, match="minimax_lab.search.textbook.minimax was replaced"):
        grading.check_minimax_value(minimax_value)


def test_patching_the_package_during_the_check_gives_no_success_line(capsys):
    original = TreeGame.utility

    def patches(tree, maximizing=True):
        TreeGame.utility = lambda self, state, player=None: 0
        return minimax_value(tree, maximizing)

    try:
        with pytest.raises(guard.PackageChanged):
            grading.check_minimax_value(patches)
    finally:
        TreeGame.utility = original
    assert "correct" not in capsys.readouterr().out


def test_an_ordering_that_rewrites_game_actions_fails():
    def shortcut(game, state, actions, path):
        game.actions = lambda s: tuple(actions)[:1]
        return actions

    assert "order_moves changed the game it was given: it set game.actions" in \
        failure(grading.check_ordering, shortcut)


# --- copies, output, time, types ------------------------------------------------------------------

def test_a_function_that_mutates_its_tree_is_reported_and_the_graders_trees_are_intact():
    def sorts(tree, maximizing=True):
        if isinstance(tree, list):
            tree.sort(key=lambda t: -minimax_value(t, not maximizing))
        return minimax_value(tree, maximizing)

    message = failure(grading.check_minimax_value, sorts)
    assert "sorts changed the tree it was given: it was [[3, 12, 8], [2, 4, 6], [14, 5, 2]]" in message
    assert grading.TEXTBOOK_TREES["AIMA Fig. 5.2"] == FIG_5_2


def test_debug_prints_do_not_decide_the_grade(capsys):
    def chatty(tree, maximizing=True):
        print("looking at", tree)
        return minimax_value(tree, maximizing)

    grading.check_minimax_value(chatty)
    assert capsys.readouterr().out == "minimax_value: 206 trees correct, MAX and MIN at the root\n"


def test_an_infinite_loop_times_out_on_a_drawn_tree(monkeypatch):
    monkeypatch.setattr(limits, "CALL_TIMEOUT", 0.3)
    drawn = []
    monkeypatch.setattr(reports, "show_failure", lambda case, algorithm: drawn.append(case))
    guard.accept_changes(monkeypatch)  # the patches above are the test's

    def forever(tree, maximizing=True):
        while True:
            try:
                pass
            except BaseException:  # even a student who catches everything is stopped
                pass

    start = time.perf_counter()
    message = failure(grading.check_minimax_value, forever)
    assert time.perf_counter() - start < 5
    assert message.startswith("forever timed out after 0.3 s, on AIMA Fig. 5.2")
    assert [case.tree for case in drawn] == [FIG_5_2]


@pytest.mark.slow
def test_numpy_moves_and_strings_are_wrong_answers_not_crashes():
    def numpy_move(tree, maximizing=True):
        value, move = decision(tree, maximizing)
        return value, numpy.int64(move)

    def string_value(tree, maximizing=True):
        return str(minimax_value(tree, maximizing))

    def float_move(tree, maximizing=True):
        value, move = decision(tree, maximizing)
        return value, float(move)

    for check, func in ((grading.check_minimax_decision, numpy_move), (grading.check_minimax_value, string_value),
                        (grading.check_minimax_decision, float_move)):
        message = failure(check, func)
        assert "is wrong on 206 of 206 cases" in message, message
    assert "is not a legal move" in failure(grading.check_minimax_decision, numpy_move)


def test_a_number_that_says_it_equals_anything_is_not_a_number():
    class Liar(float):
        def __eq__(self, other):
            return True

        __hash__ = float.__hash__

    assert "is wrong on" in failure(grading.check_minimax_value, lambda tree, maximizing=True: Liar(0))


def test_an_unanswered_exercise_raises_not_answered_yet():
    def stub(tree, maximizing=True):
        raise NotImplementedError("minimax_value is not written yet")

    with pytest.raises(grading.NotAnswered, match=r"^Not answered yet: minimax_value is not written yet\."):
        grading.check_minimax_value(stub)


def test_call_student_outcome():
    outcome = guard.call_student(lambda tree: print("hi") or len(tree), [1, 2], name="f")
    assert (outcome.value, outcome.output, outcome.problem) == (2, "hi\n", None)
    examined: list = []
    outcome = guard.call_student(lambda out: out.append(1), examined, writes=(0,))
    assert examined == [1] and outcome.problem is None
    outcome = guard.call_student(lambda x: 1 / x, 0)
    assert isinstance(outcome.error, ZeroDivisionError) and outcome.problem is None


def test_what_cannot_change_is_shared_and_what_can_is_copied():
    from minimax_lab.running.guard.arguments import private_copy

    path, mixed, tree = (3, "X", None, 2.5), (1, [2, 3]), [[3, 12], (2, 4)]
    assert private_copy(path) is path  # a tuple of moves: nothing in it can change
    copied = private_copy(mixed)
    assert copied == mixed and copied is not mixed and copied[1] is not mixed[1]
    copied = private_copy(tree)
    assert copied == tree and copied[0] is not tree[0] and copied[1] is tree[1]


def test_a_nan_or_a_tuple_it_was_given_is_no_change():
    outcome = guard.call_student(lambda moves, leaves: len(moves), (0, 4, 8), [math.nan, 1.0], name="f")
    assert (outcome.value, outcome.problem) == (3, None)
    outcome = guard.call_student(lambda leaves: leaves.append(math.nan), [math.nan], name="f")
    assert "f changed the tree it was given" in str(outcome.problem)


# --- a time limit without signals (another thread, Windows, the browser's Pyodide) -------------------

def forever():
    while True:
        pass


def test_a_time_limit_without_signals_stops_a_loop_in_another_thread():
    outcome = {}

    def in_a_thread():   # SIGALRM exists only in the main thread: here the watchdog thread stops it
        started = time.monotonic()
        try:
            with guard.time_limit(0.2) as fired:
                forever()
        except guard.TimedOut as error:
            outcome.update(error=str(error), fired=fired[0], seconds=time.monotonic() - started)

    thread = threading.Thread(target=in_a_thread)
    thread.start()
    thread.join(10)
    assert not thread.is_alive()
    assert outcome["error"] == "timed out after 0.2 s" and outcome["fired"] and outcome["seconds"] < 5
    with guard.time_limit(5):   # and a block that ends in time is left alone
        assert sum(range(10)) == 45


def test_where_no_thread_starts_the_clock_is_watched_from_a_trace_function(monkeypatch):
    class NoThread(threading.Thread):   # as in the browser's Pyodide
        def start(self):
            raise RuntimeError("can't start new thread")

    monkeypatch.setattr(limits, "threading", types.SimpleNamespace(
        Thread=NoThread, Event=threading.Event, get_ident=threading.get_ident,
        current_thread=threading.current_thread, main_thread=threading.main_thread))
    monkeypatch.setattr(limits, "signal", types.SimpleNamespace())   # and no SIGALRM
    started = time.monotonic()
    with pytest.raises(guard.TimedOut, match="timed out after 0.2 s"):
        with guard.time_limit(0.2):
            forever()
    assert time.monotonic() - started < 5 and sys.gettrace() is None


def test_every_forbidden_name_is_defined_in_its_module_and_every_traced_search_is_forbidden():
    import importlib

    from minimax_lab.running.guard.forbidden import FORBIDDEN
    from minimax_lab.search.registry import CATALOG

    for module_name, names in FORBIDDEN.items():
        module = importlib.import_module(module_name)
        for name in names:
            owner = getattr(module, name, None)
            assert owner is not None, f"FORBIDDEN names {module_name}.{name}, which does not exist"
            assert getattr(owner, "__module__", None) == module_name, f"{module_name}.{name} is imported there"
    forbidden = {(module, name) for module, names in FORBIDDEN.items() for name in names}
    traced = [entry for entry in CATALOG.values() if entry.trace]
    assert len(traced) >= 7  # minimax, negamax, alphabeta, pvs, aspiration, mtdf, expectiminimax
    for entry in traced:
        function = entry.function
        assert (function.__module__, function.__name__) in forbidden, f"{entry.name} is not in FORBIDDEN"
    with pytest.raises(TypeError):
        FORBIDDEN["minimax_lab.games.tictactoe"] = ("TicTacToe",)  # type: ignore[index]


# --- a lesson check's calls in a child process, asked ahead ---------------------------------------

def test_call_each_asks_the_child_ahead_and_gives_the_same_outcomes_in_order():
    import multiprocessing

    calls = multiprocessing.Value("i", 0)  # shared: the calls are made in a child process

    def counted(case):
        calls.value += 1
        return case * 10, calls.value   # what the earlier calls did shows: they ran in order

    cases = [(number,) for number in range(100)]
    one_at_a_time = guard.call_each(counted, cases, name="counted", ahead=0)
    calls.value = 0
    assert [one_at_a_time.next().value for _ in range(5)] == [(n * 10, n + 1) for n in range(5)]
    one_at_a_time.close()
    calls.value = 0
    each = guard.call_each(counted, cases, name="counted", ahead=5)
    assert [each.next().value for _ in range(3)] == [(0, 1), (10, 2), (20, 3)]
    deadline = time.monotonic() + 10
    while calls.value < 8 and time.monotonic() < deadline:   # the 3 read and the 5 asked ahead
        time.sleep(0.01)
    time.sleep(0.2)
    assert calls.value == 8, "the child makes the calls asked ahead, and no more"
    assert [each.next().value for _ in range(97)] == [(n * 10, n + 1) for n in range(3, 100)]
    each.close()
    with pytest.raises(ValueError, match="ahead must be a whole number >= 0, got -1"):
        guard.call_each(counted, cases, name="counted", ahead=-1)
