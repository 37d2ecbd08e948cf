"""Tests for minimax_lab.core.trace: the events searches record, their text, and the views on them."""

import dataclasses
import math
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from minimax_lab import INF, Event, TicTacToe, Trace, TreeGame, alphabeta, minimax, negamax, random_tree, validate_tree
from minimax_lab.core.trace import cutoff_reasons, describe

AIMA = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]

ALPHABETA_AIMA_TEXT = """\
enter  root window=[-inf, +inf]
  enter  [0] window=[-inf, +inf]
    enter  [0][0] window=[-inf, +inf]
    leaf   [0][0] value=3 window=[-inf, +inf]
    exit   [0][0] value=3
  update [0] value=3 window=[-inf, 3]
    enter  [0][1] window=[-inf, 3]
    leaf   [0][1] value=12 window=[-inf, 3]
    exit   [0][1] value=12
  update [0] value=3 window=[-inf, 3]
    enter  [0][2] window=[-inf, 3]
    leaf   [0][2] value=8 window=[-inf, 3]
    exit   [0][2] value=8
  update [0] value=3 window=[-inf, 3]
  exit   [0] value=3
update root value=3 window=[3, +inf]
  enter  [1] window=[3, +inf]
    enter  [1][0] window=[3, +inf]
    leaf   [1][0] value=2 window=[3, +inf]
    exit   [1][0] value=2
  update [1] value=2 window=[3, 2]
  cutoff [1] value=2 window=[3, 2] pruned=[1, 2]
  exit   [1] value=2
update root value=3 window=[3, +inf]
  enter  [2] window=[3, +inf]
    enter  [2][0] window=[3, +inf]
    leaf   [2][0] value=14 window=[3, +inf]
    exit   [2][0] value=14
  update [2] value=14 window=[3, 14]
    enter  [2][1] window=[3, 14]
    leaf   [2][1] value=5 window=[3, 14]
    exit   [2][1] value=5
  update [2] value=5 window=[3, 5]
    enter  [2][2] window=[3, 5]
    leaf   [2][2] value=2 window=[3, 5]
    exit   [2][2] value=2
  update [2] value=2 window=[3, 2]
  cutoff [2] value=2 window=[3, 2]
  exit   [2] value=2
update root value=3 window=[3, +inf]
exit   root value=3"""

ALPHABETA_AIMA_STORY = [
    ('The search starts at the root, where MAX moves: α = −∞ and β = +∞, since neither side can count'
     ' on anything yet.'),
    "The root tries its first move, MIN's node [0], with α = −∞ and β = +∞.",
    "MIN's node [0] tries its first move, the leaf [0][0].",
    'The leaf [0][0] is worth 3.',
    "The leaf [0][0] returns 3 to MIN's node [0].",
    "MIN's node [0]: the first leaf, [0][0], is 3, so MIN can hold MAX to 3 or less here (β = 3).",
    "MIN's node [0] tries its second move, the leaf [0][1].",
    'The leaf [0][1] is worth 12.',
    "The leaf [0][1] returns 12 to MIN's node [0].",
    "MIN's node [0]: the second leaf, [0][1], is 12, no better for MIN than the 3 it has.",
    "MIN's node [0] tries its third move, the leaf [0][2].",
    'The leaf [0][2] is worth 8.',
    "The leaf [0][2] returns 8 to MIN's node [0].",
    "MIN's node [0]: the third leaf, [0][2], is 8, no better for MIN than the 3 it has.",
    "MIN's node [0] is worth 3, and returns it to the root.",
    "The root: its first move, MIN's node [0], is worth 3, so MAX can get 3 or more here (α = 3).",
    "The root tries its second move, MIN's node [1], with α = 3 and β = +∞.",
    "MIN's node [1] tries its first move, the leaf [1][0].",
    'The leaf [1][0] is worth 2.',
    "The leaf [1][0] returns 2 to MIN's node [1].",
    "MIN's node [1]: the first leaf, [1][0], is 2, so MIN can hold MAX to 2 or less here (β = 2).",
    ("At MIN's node [1] the first leaf, [1][0], is 2, so MIN can hold MAX to 2 or less; MAX already "
     'has 3 from move 0 at the root, so the rest of [1] cannot matter: [1][1] and [1][2] are never '
     'searched.'),
    ("MIN's node [1] returns 2, which means 2 or less (the search stopped early here): that is all "
     'the root needs to know.'),
    ("The root: its second move, MIN's node [1], is worth at most 2, so MAX will not want it: MAX can"
     ' already get 3.'),
    "The root tries its third move, MIN's node [2], with α = 3 and β = +∞.",
    "MIN's node [2] tries its first move, the leaf [2][0].",
    'The leaf [2][0] is worth 14.',
    "The leaf [2][0] returns 14 to MIN's node [2].",
    "MIN's node [2]: the first leaf, [2][0], is 14, so MIN can hold MAX to 14 or less here (β = 14).",
    "MIN's node [2] tries its second move, the leaf [2][1].",
    'The leaf [2][1] is worth 5.',
    "The leaf [2][1] returns 5 to MIN's node [2].",
    ("MIN's node [2]: the second leaf, [2][1], is 5, lower than 14, so MIN can now hold MAX to 5 or "
     'less here (β = 5).'),
    "MIN's node [2] tries its third move, the leaf [2][2].",
    'The leaf [2][2] is worth 2.',
    "The leaf [2][2] returns 2 to MIN's node [2].",
    ("MIN's node [2]: the third leaf, [2][2], is 2, lower than 5, so MIN can now hold MAX to 2 or "
     'less here (β = 2).'),
    ("At MIN's node [2] the third leaf, [2][2], is 2, so MIN can hold MAX to 2 or less; MAX already "
     'has 3 from move 0 at the root, so the rest of [2] cannot matter; but [2][2] was its last move, '
     'so nothing is left to prune.'),
    "MIN's node [2] is worth 2, and returns it to the root.",
    "The root: its third move, MIN's node [2], is worth 2, no better for MAX than the 3 it has.",
    "The root is worth 3: MAX's best move is 0.",
]
"""What the step-through says at each step of alpha-beta on AIMA Fig. 5.2 (the stages of Fig. 5.5)."""

MINIMAX_AIMA_TEXT = """\
enter  root
  enter  [0]
    enter  [0][0]
    leaf   [0][0] value=3
    exit   [0][0] value=3
  update [0] value=3
    enter  [0][1]
    leaf   [0][1] value=12
    exit   [0][1] value=12
    enter  [0][2]
    leaf   [0][2] value=8
    exit   [0][2] value=8
  exit   [0] value=3
update root value=3
  enter  [1]
    enter  [1][0]
    leaf   [1][0] value=2
    exit   [1][0] value=2
  update [1] value=2
    enter  [1][1]
    leaf   [1][1] value=4
    exit   [1][1] value=4
    enter  [1][2]
    leaf   [1][2] value=6
    exit   [1][2] value=6
  exit   [1] value=2
  enter  [2]
    enter  [2][0]
    leaf   [2][0] value=14
    exit   [2][0] value=14
  update [2] value=14
    enter  [2][1]
    leaf   [2][1] value=5
    exit   [2][1] value=5
  update [2] value=5
    enter  [2][2]
    leaf   [2][2] value=2
    exit   [2][2] value=2
  update [2] value=2
  exit   [2] value=2
exit   root value=3"""


def value_of(tree, maximizing=True):
    if not isinstance(tree, (list, tuple)):
        return tree
    values = [value_of(child, not maximizing) for child in tree]
    return max(values) if maximizing else min(values)


def true_values(tree, first="MAX"):
    """Minimax value (MAX's point of view) of every node, by path."""
    return {path: value_of(node, (len(path) % 2 == 0) == (first == "MAX"))
            for path, node in validate_tree(tree).items()}


def traced(search, game, **options):
    trace = Trace()
    return search(game, trace=trace, **options), trace


# --- exact text --------------------------------------------------------------------------------

def test_alphabeta_trace_text_is_stable():
    result, trace = traced(alphabeta, AIMA)
    assert trace.text() == ALPHABETA_AIMA_TEXT
    assert [e.kind for e in trace].count("enter") == result.nodes == 11


def test_minimax_trace_text_is_stable():
    _, trace = traced(minimax, AIMA)
    assert trace.text() == MINIMAX_AIMA_TEXT


def test_the_alphabeta_story_reads_like_a_teacher():
    _, trace = traced(alphabeta, AIMA)
    story = describe(trace)
    assert story == ALPHABETA_AIMA_STORY
    assert len(story) == len(trace)
    assert not any(sentence.startswith(("Enter", "Leaf", "Node", "Cutoff")) for sentence in story)


def test_the_minimax_story_says_when_a_child_is_no_better():
    _, trace = traced(minimax, AIMA)
    story = describe(trace)
    assert story[8] == "The leaf [0][1] returns 12 to MIN's node [0], no better for MIN than the 3 it has."
    assert story[18] == "MIN's node [1]: the first leaf, [1][0], is 2, so MIN can hold MAX to 2 or less here."
    assert "α" not in "".join(story) and story[-1] == "The root is worth 3: MAX's best move is 0."


def test_the_negamax_story_speaks_for_the_side_to_move():
    _, trace = traced(negamax, [[3, 12], [2, 4]])
    story = describe(trace, side_to_move=True)
    assert story[5] == "MIN's node [0]: the first leaf, [0][0], is 3 to MAX, so -3 to MIN, the best so far."
    assert story[9] == "MIN's node [0] is worth -3 to MIN; the root sees it as 3."
    assert story[-1] == "The root is worth 3 to MAX: the best move is 0."


def test_a_story_tells_bounds_windows_and_the_root_of_one_leaf():
    _, trace = traced(alphabeta, AIMA, alpha=4, beta=5)
    story = describe(trace)
    assert story[0] == "The search starts at the root, where MAX moves, with the window α = 4 and β = 5."
    assert story[-1] == ("The root returns 3, which means 3 or less: the true value lies outside the "
                         "window the search was given.")
    assert "MAX already has 4 from the search window" in "".join(story)
    _, trace = traced(alphabeta, [3, [[[2, 9], [1, 9]], 5]])
    assert ("MAX's node [1][0] returns 2, which means 2 or less (a bound from below): that is all MIN's "
            "node [1] needs to know.") in describe(trace)
    _, trace = traced(alphabeta, TreeGame(7))
    assert describe(trace)[-1] == "The root is a leaf worth 7: there is nothing to choose."


def test_the_cutoff_reasons_are_the_story_of_the_cutoffs():
    _, trace = traced(alphabeta, AIMA)
    reasons = cutoff_reasons(trace)
    assert sorted(reasons) == trace.pruned()
    cutoff = next(i for i, event in enumerate(trace) if event.kind == "cutoff")
    assert describe(trace)[cutoff] == reasons[(1, 1)][0].upper() + reasons[(1, 1)][1:] + (
        ": [1][1] and [1][2] are never searched.")


def test_bounds_mark_only_what_stopped_early():
    _, trace = traced(alphabeta, AIMA)
    assert trace.bounds() == {path: "≤" if path == (1,) else "" for path in trace.values()}
    _, hard = traced(alphabeta, AIMA, alpha=4, beta=5, fail_hard=True)
    assert hard.values()[()] == 4 and hard.bounds()[()] == "≤"   # clamped up to α: "at most 4"
    _, plain = traced(minimax, AIMA)
    assert set(plain.bounds().values()) == {""}


def test_negamax_trace_holds_values_for_the_side_to_move():
    _, trace = traced(negamax, AIMA)
    assert trace.values() == {(): 3, (0,): -3, (1,): -2, (2,): -2, **{
        (i, j): AIMA[i][j] for i in range(3) for j in range(3)}}
    assert [(e.path, e.player) for e in trace if e.kind == "enter"][:3] == [
        ((), "MAX"), ((0,), "MIN"), ((0, 0), "MAX")]
    assert "update [0] value=-3" in trace.text()


def test_event_text():
    assert str(Event("enter", ())) == "enter  root"
    assert str(Event("leaf", (1, 0), "MAX", 7)) == "leaf   [1][0] value=7"
    assert str(Event("leaf", (2,), value=-2.5)) == "leaf   [2] value=-2.5"
    assert str(Event("leaf", (2,), value=3.0)) == "leaf   [2] value=3"
    assert str(Event("exit", (0,), value=-math.inf)) == "exit   [0] value=-inf"
    assert str(Event("update", (), value=0, alpha=-INF, beta=INF)) == "update root value=0 window=[-inf, +inf]"
    assert str(Event("cutoff", (0, 1), value=1, alpha=4, beta=1, pruned=(2, 3))) == (
        "cutoff [0][1] value=1 window=[4, 1] pruned=[2, 3]")
    assert str(Event("enter", (), alpha=0.5, beta=2)) == "enter  root window=[0.5, 2]"


def test_events_are_frozen_and_traces_are_lists():
    trace = Trace()
    trace.add("enter", (0,), "MIN", alpha=1, beta=2)
    assert isinstance(trace, list) and trace == [Event("enter", (0,), "MIN", None, 1, 2, ())]
    with pytest.raises(dataclasses.FrozenInstanceError):
        trace[0].value = 3
    assert Trace().text() == ""


# --- the views ---------------------------------------------------------------------------------

def test_views_on_the_aima_alphabeta_trace():
    result, trace = traced(alphabeta, AIMA)
    assert trace.visited() == [(), (0,), (0, 0), (0, 1), (0, 2), (1,), (1, 0), (2,), (2, 0), (2, 1), (2, 2)]
    assert trace.leaves() == [(0, 0), (0, 1), (0, 2), (1, 0), (2, 0), (2, 1), (2, 2)]
    assert trace.leaf_values() == [3, 12, 8, 2, 14, 5, 2]
    assert [(e.path, e.value, e.alpha, e.beta, e.pruned) for e in trace.cutoffs()] == [
        ((1,), 2, 3, 2, (1, 2)), ((2,), 2, 3, 2, ())]
    assert trace.pruned() == [(1, 1), (1, 2)]
    assert trace.values() == {(): 3, (0,): 3, (1,): 2, (2,): 2, (0, 0): 3, (0, 1): 12, (0, 2): 8,
                              (1, 0): 2, (2, 0): 14, (2, 1): 5, (2, 2): 2}
    assert trace.values()[()] == result.value


def test_tracing_changes_nothing():
    game = TicTacToe()
    state = game.state("X...O....")
    for search in (minimax, negamax, alphabeta):
        assert search(game, state) == traced(search, game, state=state)[0]


def test_depth_limited_trace_marks_the_horizon_as_leaves():
    result, trace = traced(minimax, AIMA, depth=1, evaluate=lambda path: 10 * path[0])
    assert trace.leaves() == [(0,), (1,), (2,)] and trace.leaf_values() == [0, 10, 20]
    assert trace.values()[()] == result.value == 20


def test_tic_tac_toe_alphabeta_trace_counts():
    result, trace = traced(alphabeta, TicTacToe())
    assert len(trace.visited()) == result.nodes == 18_297
    assert len(trace.leaves()) == result.leaves == 7_330
    assert trace.values()[()] == result.value == 0
    assert all(len(p) >= 1 for p in trace.pruned())


# --- structure of every trace, on random trees -------------------------------------------------

def check_trace(tree, first, alpha=-INF, beta=INF):
    game = TreeGame(tree, first=first)
    nodes, truth = validate_tree(tree), true_values(tree, first)
    sign = {path: 1 if (len(path) % 2 == 0) == (first == "MAX") else -1 for path in nodes}
    runs = [(minimax, {}), (negamax, {}), (alphabeta, {"alpha": alpha, "beta": beta}),
            (alphabeta, {"alpha": alpha, "beta": beta, "fail_hard": True})]
    for search, options in runs:
        result, trace = traced(search, game, **options)
        values = trace.values()
        assert values[()] == result.value
        assert result.nodes == len(trace.visited()) == len(values)
        assert result.leaves == len(trace.leaves())
        # a leaf event holds the leaf's own value (negamax: for the side to move); its exit event
        # holds what it returned, which fail-hard clamps into the window
        assert trace.leaf_values() == [nodes[p] * (sign[p] if search is negamax else 1) for p in trace.leaves()]
        if not options.get("fail_hard"):
            assert trace.leaf_values() == [values[p] for p in trace.leaves()]

        # events nest: each enter is closed by its exit, children inside their parents, in order
        stack, windows = [], {}
        for event in trace:
            if event.kind == "enter":
                assert (event.path[:-1] == stack[-1]) if stack else (event.path == ())
                assert event.player == ("MAX" if sign[event.path] == 1 else "MIN")
                stack.append(event.path)
                windows[event.path] = (event.alpha, event.beta)
            else:
                assert stack and event.path == stack[-1]
                if event.kind == "exit":
                    stack.pop()
                if event.kind == "leaf":
                    assert not isinstance(nodes[event.path], list)
        assert stack == []

        if search is minimax:
            assert values == truth
        elif search is negamax:
            assert values == {p: sign[p] * v for p, v in truth.items()}
        else:  # each node's value against its true value, in the window it was searched with
            for path, v in values.items():
                lo, hi = windows[path]
                t = truth[path]
                if options.get("fail_hard"):
                    assert v == min(max(t, lo), hi)
                elif lo < hi:
                    assert (v == t) if lo < v < hi else (t <= v if v <= lo else t >= v)
            # a value marked exact is the node's minimax value, a bound bounds it, and a bound
            # appears only where the search stopped early, at the node or below it (or clamped)
            stopped = {cut.path for cut in trace.cutoffs() if cut.pruned}
            for path, kind in trace.bounds().items():
                v, t = values[path], truth[path]
                assert {"": v == t, "≤": t <= v, "≥": t >= v}[kind]
                if kind and not options.get("fail_hard"):
                    assert any(cut[:len(path)] == path for cut in stopped)
            visited = set(trace.visited())
            for cut in trace.cutoffs():  # a cutoff prunes the children after the last one searched
                searched = [p[-1] for p in visited if len(p) == len(cut.path) + 1 and p[:-1] == cut.path]
                assert cut.pruned == tuple(range(max(searched) + 1, len(nodes[cut.path])))
                assert cut.alpha >= cut.beta


@settings(max_examples=300, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10 ** 6), st.sampled_from(["MAX", "MIN"]),
       st.lists(st.sampled_from([-INF, -2, -1, 0, 0.5, 1, 2, INF]), min_size=2, max_size=2, unique=True))
@pytest.mark.slow
def test_trace_structure_on_random_trees(seed, first, window):
    rng = random.Random(seed)
    tree = random_tree(rng.randint(1, 4), rng.randint(1, 5), seed=seed, low=-2, high=2, ragged=True)
    check_trace(tree, first, *sorted(window))


def test_trace_structure_with_infinities_and_floats():
    for tree in ([[INF, -INF], [0.5, [INF]]], [[-INF], [-INF, 2]], [[1.5, [2, -0.5]], INF], [[[-INF]]]):
        for first in ("MAX", "MIN"):
            check_trace(tree, first)
            check_trace(tree, first, -1, 1)
