"""Tests for minimax_lab.search.twin: an untraced search runs its trace-free twin, a traced one runs
the function as printed, and both give the same results and the same errors, on random trees and
tic-tac-toe positions."""

import ast
import inspect
import math
import sys
import traceback

import pytest
from hypothesis import given
from hypothesis import strategies as st

from minimax_lab import (
    INF,
    History,
    Killers,
    RandomOrder,
    TicTacToe,
    Trace,
    TreeGame,
    alphabeta,
    best_first,
    minimax,
    negamax,
    worst_first,
)
from minimax_lab.core.trace import NO_TRACE, NullTrace
from minimax_lab.heuristics.tictactoe import open_winning_lines
from minimax_lab.search import textbook
from minimax_lab.search.twin import Untraced, bound_names, trace_free_twin, twin_of, without_trace
from shared_cases import position
from test_search import FIRST, TREES, WINDOWS, settings_for

SEARCHES = [minimax, negamax, alphabeta]
AIMA = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]  # AIMA 4th ed., Fig. 5.2


def the_three_ways(search, *args, **options):
    """Return the results of an untraced call (the twin), a traced call and the printed function
    run with the do-nothing trace; and the traced call's trace."""
    trace = Trace()
    return (search(*args, **options), search(*args, trace=trace, **options),
            inspect.unwrap(search)(*args, **options), trace)


def assert_same(results):
    untraced, traced, printed = results[:3]
    assert untraced == traced == printed   # value, move, pv, nodes and leaves
    for result in results[:3]:
        assert type(result.value) is type(untraced.value)   # 3 stays 3, not 3.0


# --- strategies: the trees, first players and windows of test_search, and these ---------------

ORDERINGS = st.sampled_from([None, best_first, worst_first, "random", "killers", "history"])
MOVES = st.lists(st.integers(0, 8), max_size=9)


def ordering(name, seed=0):
    """Return a fresh ordering: the learning ones keep what they learn, so each call gets its own."""
    made = {"random": lambda: RandomOrder(seed), "killers": Killers, "history": History}
    return made[name]() if isinstance(name, str) else name


def evaluation(state):
    """X's open lines less O's: an evaluation for depth-limited tic-tac-toe."""
    return open_winning_lines(state, "X") - open_winning_lines(state, "O")


# --- the twin and the traced function agree --------------------------------------------------

@pytest.mark.slow
@settings_for(300)
@given(TREES, FIRST)
def test_twin_and_traced_search_agree_on_random_trees(tree, first):
    for search in SEARCHES:
        assert_same(the_three_ways(search, TreeGame(tree, first=first)))


@settings_for(300)
@given(TREES, FIRST, WINDOWS, st.booleans(), ORDERINGS)
@pytest.mark.slow
def test_twin_and_traced_alphabeta_agree_with_windows_and_orderings(tree, first, window, fail_hard, order):
    alpha, beta = window
    untraced, traced, printed = (
        alphabeta(TreeGame(tree, first=first), alpha=alpha, beta=beta, fail_hard=fail_hard,
                  order=ordering(order), **trace)
        for trace in ({}, {"trace": Trace()}, {"trace": NO_TRACE}))
    assert untraced == traced == printed


@pytest.mark.slow
@settings_for(150)
@given(TREES, FIRST, st.integers(0, 4))
def test_twin_and_traced_search_agree_with_a_horizon(tree, first, depth):
    leaf_guess = (lambda state: len(state) - 1.5)   # a TreeGame state is the path from the root
    for search in SEARCHES:
        assert_same(the_three_ways(search, TreeGame(tree, first=first), depth=depth, evaluate=leaf_guess))


@pytest.mark.slow
@settings_for(40)
@given(MOVES)
def test_twin_and_traced_search_agree_on_tic_tac_toe_positions(moves):
    game, state = position(moves, least=3)   # from 3 moves in, minimax visits at most 1,957 nodes
    for search in SEARCHES:
        assert_same(the_three_ways(search, game, state))


@pytest.mark.slow  # seconds alone: make test runs it, make test-fast does not
@settings_for(15)   # each example searches a whole position three ways: 40 took 19 s
@given(MOVES, ORDERINGS, st.integers(0, 9))
def test_twin_and_traced_alphabeta_agree_on_tic_tac_toe_with_orderings_and_depth(moves, order, depth):
    # best_first and worst_first search every child at every node: from the empty board, worst
    # first to depth 9 took half a minute, so they start two moves in (under a second)
    game, state = position(moves, least=2 if order in (best_first, worst_first) else 0)
    assert_same(the_three_ways(alphabeta, game, state))
    untraced, traced = (alphabeta(game, state, order=ordering(order), depth=depth, evaluate=evaluation, **trace)
                        for trace in ({}, {"trace": Trace()}))
    assert untraced == traced


@pytest.mark.slow
def test_twin_and_traced_search_agree_from_the_empty_board():
    game = TicTacToe()
    assert_same(the_three_ways(alphabeta, game))
    untraced, printed = minimax(game), inspect.unwrap(minimax)(game)
    assert untraced == printed
    assert (untraced.value, untraced.nodes, untraced.leaves) == (0, 549946, 255168)


def test_a_traced_call_records_what_the_function_as_printed_records():
    for search in SEARCHES:
        through_the_wrapper, printed = Trace(), Trace()
        search(AIMA, trace=through_the_wrapper)
        inspect.unwrap(search)(AIMA, trace=printed)
        assert through_the_wrapper == printed and len(printed) > 0


# --- which one runs --------------------------------------------------------------------------

def functions_run(call):
    """Return the code objects of the Python functions `call()` runs."""
    seen = set()

    def profile(frame, event, arg):
        if event == "call":
            seen.add(frame.f_code)

    sys.setprofile(profile)
    try:
        call()
    finally:
        sys.setprofile(None)
    return seen


@pytest.mark.parametrize("search", SEARCHES)
def test_an_untraced_call_runs_the_twin_and_a_traced_call_the_function_as_printed(search):
    twin, printed = twin_of(search).__code__, inspect.unwrap(search).__code__
    assert twin is not printed
    for untraced in (lambda: search(AIMA), lambda: search(AIMA, trace=NO_TRACE),
                     lambda: search(AIMA, trace=NullTrace())):
        ran = functions_run(untraced)
        assert twin in ran and printed not in ran
    ran = functions_run(lambda: search(AIMA, trace=Trace()))
    assert printed in ran and twin not in ran


def test_alphabeta_with_an_ordering_runs_the_twin_that_tells_the_ordering_of_cutoffs():
    ordered, unordered = twin_of(alphabeta, ordered=True), twin_of(alphabeta)
    assert ordered is not unordered
    ran = functions_run(lambda: alphabeta(AIMA, order=lambda game, state, actions, path: actions))
    assert ordered.__code__ in ran and unordered.__code__ not in ran
    inner = [code for code in unordered.__code__.co_consts if inspect.iscode(code)]
    assert all("cutoff" not in code.co_names for code in inner)
    assert any("cutoff" in code.co_names for code in ordered.__code__.co_consts if inspect.iscode(code))
    learned = []

    class Learns:
        def __call__(self, game, state, actions, path):
            return actions

        def cutoff(self, game, state, action, path):
            learned.append(path)

    assert alphabeta(AIMA, order=Learns()) == alphabeta(AIMA, order=Learns(), trace=Trace())
    assert learned[:len(learned) // 2] == learned[len(learned) // 2:] and learned


def test_a_trace_of_a_subclass_of_trace_runs_the_function_as_printed():
    class Counting(Trace):
        pass

    trace = Counting()
    assert alphabeta(AIMA, trace=trace) == alphabeta(AIMA)
    assert len(trace) == 41


@pytest.mark.parametrize("search", SEARCHES)
@pytest.mark.parametrize("bad", [None, [], "trace", print])
def test_a_trace_that_is_not_a_trace_is_refused_by_name(search, bad):
    with pytest.raises(TypeError, match=rf"^{search.__name__}: trace must be a Trace \(trace=Trace\(\) "
                                        rf"records the search; leave trace out for none\), got "):
        search(AIMA, trace=bad)


# --- what the lessons print -------------------------------------------------------------------

@pytest.mark.parametrize("search", SEARCHES)
def test_the_lessons_print_the_textbook_function_and_the_twin_lacks_only_its_trace_lines(search):
    source = inspect.getsource(search)
    assert source.startswith(f"def {search.__name__}(") and "trace.add(" in source
    assert source == inspect.getsource(inspect.unwrap(search))
    assert "trace" in inspect.signature(search).parameters
    twin = twin_of(search)
    inner = [code for code in twin.__code__.co_consts if inspect.iscode(code)]
    assert inner and all("add" not in code.co_names for code in inner)
    assert twin.__name__ == search.__name__ and twin.__module__ == search.__module__


@pytest.mark.parametrize("search", SEARCHES)
def test_the_twins_lines_are_the_source_files_lines(search):
    """An error inside the twin shows the line the reader sees in textbook.py."""
    def fails(state):
        raise ZeroDivisionError("evaluate failed")

    stacks = []
    for call in (lambda: search(AIMA, depth=1, evaluate=fails), lambda: search(AIMA, depth=1, evaluate=fails,
                                                                              trace=Trace())):
        with pytest.raises(ZeroDivisionError) as info:
            call()
        stacks.append([(frame.filename, frame.name, frame.line) for frame in traceback.extract_tb(info.tb)
                       if frame.filename == textbook.__file__])
    untraced, traced = stacks
    assert untraced and untraced == traced


# --- errors are the same both ways ------------------------------------------------------------

class Stuck(TreeGame):
    """A game whose node [1] is not over but has no moves."""

    def actions(self, state):
        return () if state == (1,) else super().actions(state)


class Wordy(TreeGame):
    """A game whose leaf [0][1] is worth 'two' (not a number)."""

    def utility(self, state, player):
        return "two" if state == (0, 1) else super().utility(state, player)


@pytest.mark.parametrize("search", SEARCHES)
@pytest.mark.parametrize("bad", [
    dict(game=Stuck(AIMA)),
    dict(game=Wordy(AIMA)),
    dict(game=AIMA, depth=1, evaluate=lambda state: math.nan),
    dict(game=AIMA, depth=-1, evaluate=lambda state: 0),
    dict(game=AIMA, depth=1),
])
def test_bad_input_gets_the_same_error_untraced_and_traced(search, bad):
    bad = dict(bad)
    game = bad.pop("game")
    errors = []
    for trace in ({}, {"trace": Trace()}):
        with pytest.raises((TypeError, ValueError)) as info:
            search(game, **bad, **trace)
        errors.append((type(info.value), str(info.value)))
    assert errors[0] == errors[1]


def test_an_ordering_that_drops_moves_gets_the_same_error_untraced_and_traced():
    def drops(game, state, actions, path):
        return list(actions)[1:]

    errors = []
    for trace in ({}, {"trace": Trace()}):
        with pytest.raises(ValueError) as info:
            alphabeta(AIMA, order=drops, **trace)
        errors.append(str(info.value))
    assert errors[0] == errors[1] and "dropped" in errors[0]


# --- the do-nothing trace is a constant --------------------------------------------------------

@pytest.mark.parametrize("change", [
    lambda t: t.append(1), lambda t: t.extend([1]), lambda t: t.insert(0, 1),
    lambda t: t.__setitem__(slice(0, 0), [1]), lambda t: t.__iadd__([1]),
    lambda t: setattr(t, "add", print), lambda t: delattr(t, "add"),
])
def test_nothing_can_be_added_to_or_set_on_the_do_nothing_trace(change):
    with pytest.raises(TypeError, match="NO_TRACE records nothing and cannot be changed"):
        change(NO_TRACE)
    assert len(NO_TRACE) == 0 and repr(NO_TRACE) == "NO_TRACE"
    assert alphabeta(AIMA).nodes == 11


def test_a_null_trace_starts_empty():
    with pytest.raises(TypeError):
        NullTrace([1, 2])
    assert NullTrace() == [] and type(NullTrace()) is NullTrace


# --- compiling a twin --------------------------------------------------------------------------

def traced_sum(values, *, trace=NO_TRACE):
    """Add up `values`, tracing each one."""
    total = 0
    for value in values:
        if value:
            trace.add("leaf", (), value=value)
        total += value
    return max(total, 0), min(total, 0)


def shadows_max(values, *, trace=NO_TRACE):
    max = sum   # noqa: A001  (a local `max` the twin must leave alone)
    low, high = 0, len(values)
    return max((low, high)), min(low, high)


def chooses(flag, *, trace=NO_TRACE):
    trace.add("enter", ())
    return (abs if flag else neg)(-2)


def neg(number):
    return -number


def test_a_twin_drops_trace_lines_and_gives_a_block_left_empty_pass():
    twin = without_trace(traced_sum)
    assert twin([1, 0, 2]) == traced_sum([1, 0, 2]) == (3, 0)
    assert twin([-4]) == traced_sum([-4]) == (0, -4)
    tree = ast.parse(inspect.getsource(traced_sum))
    visited = Untraced(bound_names(tree.body[0]) | set(globals())).visit(tree)
    assert "trace.add" not in ast.unparse(visited) and "pass" in ast.unparse(visited)


def test_a_twin_writes_max_and_min_of_two_names_as_comparisons():
    tree = ast.parse("def f(a, b, *, trace):\n    return max(a, b), min(a, b), max(a, b, 0), max(f(a), b)\n")
    twin = ast.unparse(Untraced(bound_names(tree.body[0])).visit(tree))
    assert "(b if b > a else a, b if b < a else a, max(a, b, 0), max(f(a), b))" in twin


@pytest.mark.parametrize("x, y", [(1, 2), (2, 1), (1, 1.0), (1.0, 1), (-INF, 0), (0, math.nan), (math.nan, 0)])
def test_max_and_min_as_comparisons_return_what_the_built_ins_return(x, y):
    tree = ast.parse("def pick(a, b, *, trace):\n    return max(a, b), min(a, b)\n")
    namespace = {}
    exec(compile(ast.fix_missing_locations(Untraced(bound_names(tree.body[0])).visit(tree)), "<test>", "exec"),
         namespace)
    rewritten = namespace["pick"](x, y, trace=None)
    for got, want in zip(rewritten, (max(x, y), min(x, y))):
        assert got is want


def test_a_twin_leaves_a_max_of_its_own_alone():
    assert without_trace(shadows_max)([1, 2, 3]) == shadows_max([1, 2, 3]) == (3, 0)
    tree = ast.parse(inspect.getsource(shadows_max))
    assert "max((low, high))" in ast.unparse(Untraced(bound_names(tree.body[0])).visit(tree))


def test_a_twin_splits_a_call_of_a_chosen_function():
    twin = without_trace(chooses)
    assert (twin(True), twin(False)) == (chooses(True), chooses(False)) == (2, 2)
    tree = ast.parse(inspect.getsource(chooses))
    assert "abs(-2) if flag else neg(-2)" in ast.unparse(Untraced(set()).visit(tree))


def test_trace_free_twin_pairs_a_function_with_its_twin():
    paired = trace_free_twin(traced_sum)
    assert paired([2, 3]) == (5, 0) and twin_of(paired).__name__ == "traced_sum"
    trace = Trace()
    assert paired([2, 3], trace=trace) == (5, 0) and len(trace) == 2
    assert inspect.getsource(paired) == inspect.getsource(traced_sum)


def test_what_cannot_have_a_twin_is_refused_by_name():
    def closure():
        def inner(*, trace=NO_TRACE):
            return closure
        return inner

    with pytest.raises(TypeError, match="uses variables of an enclosing function"):
        without_trace(closure())
    with pytest.raises(TypeError, match="needs a keyword-only `trace` argument"):
        trace_free_twin(neg)
    with pytest.raises(TypeError, match="compiled from a plain function"):
        without_trace(len)
    with pytest.raises(ValueError, match="has no trace-free twin"):
        twin_of(neg)


def test_a_function_without_source_runs_as_it_is_when_untraced():
    namespace = {"NO_TRACE": NO_TRACE}
    exec("def counted(n, *, trace=NO_TRACE):\n    trace.add('leaf', (), value=n)\n    return n + 1\n", namespace)
    paired = trace_free_twin(namespace["counted"])
    assert twin_of(paired) is namespace["counted"] and paired(1) == 2
    trace = Trace()
    assert paired(1, trace=trace) == 2 and len(trace) == 1
