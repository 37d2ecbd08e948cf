"""Tests for minimax_lab.checks.practice, driving the widgets from Python and through their buttons."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from minimax_lab import Trace, TreeGame, alphabeta, minimax
from minimax_lab.checks.core import FIG_5_2
from minimax_lab.checks.practice import MAX_VALUE_NODES, PruningPractice, ValuePractice
from minimax_lab.core.trace import cutoff_reasons
from minimax_lab.core.trees import random_tree
from minimax_lab.search.ties import RULES
from shared_cases import strict_oracle

SEEDS = range(4)


def reasons_of(tree):
    trace = Trace()
    alphabeta(tree, trace=trace)
    return cutoff_reasons(trace)


# --- the arguments ---------------------------------------------------------------------------------

@pytest.mark.parametrize("practice", [PruningPractice, ValuePractice])
@pytest.mark.parametrize("argument, value", [("branching", 1), ("branching", 5), ("branching", True),
                                             ("branching", 2.0), ("depth", 1), ("depth", 5),
                                             ("depth", "3"), ("seed", -1), ("seed", 0.5)])
def test_arguments_out_of_range_are_refused_by_name(practice, argument, value):
    with pytest.raises(ValueError, match=f"^{argument} must be a whole number"):
        practice(**{argument: value})


def test_value_practice_refuses_too_many_boxes():
    with pytest.raises(ValueError, match=f"depth 4 with branching 3 gives 40 nodes.*at most {MAX_VALUE_NODES}"):
        ValuePractice(branching=3, depth=4)


def test_each_widget_says_what_to_do_in_its_first_line():
    assert PruningPractice().widget.children[0].value.startswith("<b>Mark every leaf that alpha-beta")
    assert ValuePractice().widget.children[0].value.startswith("<b>Fill in the minimax value")


# --- PruningPractice: the answer key ----------------------------------------------------------------

@pytest.mark.slow
@settings(max_examples=15, deadline=None)
@given(st.integers(2, 4), st.integers(2, 3), st.integers(0, 10_000))
def test_pruned_is_every_leaf_the_search_never_examines(branching, depth, seed):
    practice = PruningPractice(branching=branching, depth=depth, seed=seed)
    trace = Trace()
    alphabeta(practice.tree, trace=trace)
    assert practice.tree == random_tree(branching, depth, seed=seed)
    assert practice.pruned == set(practice.leaves()) - set(trace.leaves())


def test_the_textbook_cutoff_is_explained_as_a_teacher_would():
    assert reasons_of(FIG_5_2) == {
        (1, 1): ("at MIN's node [1] the first leaf, [1][0], is 2, so MIN can hold MAX to 2 or less; "
                 "MAX already has 3 from move 0 at the root, so the rest of [1] cannot matter"),
        (1, 2): ("at MIN's node [1] the first leaf, [1][0], is 2, so MIN can hold MAX to 2 or less; "
                 "MAX already has 3 from move 0 at the root, so the rest of [1] cannot matter")}


def test_a_cutoff_at_max_names_what_min_already_holds():
    reason = reasons_of([[[3, 5], [6, 9]], [[1, 2], [0, 4]]])[(0, 1, 1)]
    assert reason == ("at MAX's node [0][1] the first leaf, [0][1][0], is 6, so MAX can get 6 or more; "
                      "MIN can already hold MAX to 5 at node [0] (from [0][0]), so the rest of [0][1] "
                      "cannot matter")


def test_a_child_that_failed_low_is_called_a_bound():
    # [1][0] searches both its MIN children, but each stopped at its first leaf: at most 2
    assert reasons_of([3, [[[2, 9], [1, 9]], 5]])[(1, 1)] == (
        "at MIN's node [1] its first move, MAX's node [1][0], is worth at most 2, so MIN can hold MAX to 2 "
        "or less; MAX already has 3 from move 0 at the root, so the rest of [1] cannot matter")
    # searched in full below α = 3, [1][0] is worth exactly 2
    assert "is worth 2, so" in reasons_of([3, [[1, 2], 5]])[(1, 1)]


# --- PruningPractice: answers from Python ------------------------------------------------------------

@pytest.mark.parametrize("seed", SEEDS)
def test_the_true_set_is_correct(seed):
    practice = PruningPractice(branching=3, depth=3, seed=seed)
    text = practice.answer(practice.pruned)
    assert text.startswith("Correct: alpha-beta never examines ")
    assert all(f"pruned: at M" in line for line in text.splitlines()[1:])
    typed = ", ".join("".join(f"[{i}]" for i in path) for path in sorted(practice.pruned))
    assert practice.answer(typed) == text


@pytest.mark.parametrize("seed", SEEDS)
def test_an_empty_answer_misses_every_pruned_leaf(seed):
    practice = PruningPractice(branching=3, depth=3, seed=seed)
    text = practice.answer(set())
    assert text.startswith(f"Not correct: 0 right, {len(practice.pruned)} missed, 0 wrong.")
    assert text.count("Missed: ") == sum(1 for cutoff in practice.trace.cutoffs() if cutoff.pruned)


def test_a_partly_right_answer_says_which_were_right_missed_and_wrong():
    practice = PruningPractice(branching=3, depth=3, seed=0)
    pruned = sorted(practice.pruned)
    examined = next(leaf for leaf in practice.leaves() if leaf not in practice.pruned)
    text = practice.answer({pruned[0], examined})
    lines = text.splitlines()
    assert lines[0] == f"Not correct: 1 right, {len(pruned) - 1} missed, 1 wrong."
    assert lines[1] == f"Right: {''.join(f'[{i}]' for i in pruned[0])}."
    assert lines[-1].startswith(f"Wrong: {''.join(f'[{i}]' for i in examined)} is examined: alpha-beta "
                                "reaches it with α = ")


def test_no_cutoff_means_the_empty_answer_is_correct():
    practice = PruningPractice(branching=3, depth=2, seed=0)
    assert practice.pruned == set()
    assert practice.answer("").startswith("Correct: alpha-beta examines every leaf")
    assert practice.answer("[0][0]").startswith("Not correct: 0 right, 0 missed, 1 wrong.")


@pytest.mark.parametrize("answer, said", [("[1]", "[1] is not a leaf"), ("[9][9]", "[9][9] is not a node"),
                                          ("[1][x]", "'[1][x]' is not a path"), (5, "5 is not a collection")])
def test_an_unreadable_answer_is_reported_not_raised(answer, said):
    text = PruningPractice(branching=3, depth=2, seed=0).answer(answer)
    assert text.startswith("Could not read your answer: ") and said in text


# --- PruningPractice: the controls ---------------------------------------------------------------------

def test_one_toggle_per_leaf_labelled_with_its_path_and_value():
    practice = PruningPractice(branching=2, depth=2, seed=1)   # [[-5, 9], [-7, -1]]
    assert [t.description for t in practice.toggles.values()] == ["[0][0]: -5", "[0][1]: 9", "[1][0]: -7",
                                                                   "[1][1]: -1"]
    assert "<svg" in practice.picture.value


def test_toggles_and_the_text_box_stay_in_step():
    practice = PruningPractice(branching=2, depth=2, seed=1)
    practice.toggles[(1, 1)].value = True
    assert practice.typed.value == "[1][1]"
    practice.typed.value = "[0][1], [1][0]"
    assert practice.marked() == {(0, 1), (1, 0)}
    practice.typed.value = "[7]"
    assert "Could not read your answer: [7] is not a node" in practice.feedback.value
    assert practice.marked() == {(0, 1), (1, 0)}


def test_the_check_button_judges_the_marked_leaves_and_colours_them():
    practice = PruningPractice(branching=3, depth=3, seed=0)
    blank = practice.picture.value
    pruned = sorted(practice.pruned)
    for path in pruned[1:]:
        practice.toggles[path].value = True
    examined = practice.leaves()[0]
    practice.toggles[examined].value = True
    practice.check_button.click()
    assert practice.feedback.value.startswith("<div") and "Not correct: " in practice.feedback.value
    assert practice.toggles[pruned[0]].button_style == "warning"
    assert practice.toggles[pruned[1]].button_style == "success"
    assert practice.toggles[examined].button_style == "danger"
    assert practice.picture.value != blank   # the search is drawn, pruned subtrees grey
    practice.toggles[examined].value = False
    practice.toggles[pruned[0]].value = True
    assert practice.check().startswith("Correct")
    assert "Correct: alpha-beta never examines" in practice.feedback.value


def test_check_reads_a_typed_answer_even_before_it_was_applied():
    practice = PruningPractice(branching=3, depth=3, seed=0)
    practice._syncing = True  # as if the text box had not sent its value yet
    practice.typed.value = ", ".join("".join(f"[{i}]" for i in p) for p in sorted(practice.pruned))
    practice._syncing = False
    assert practice.check().startswith("Correct")
    practice._syncing = True
    practice.typed.value = "[1]["
    practice._syncing = False
    assert practice.check().startswith("Could not read your answer")


def test_the_new_tree_button_draws_the_next_seed():
    practice = PruningPractice(branching=2, depth=3, seed=5)
    practice.toggles[practice.leaves()[0]].value = True
    practice.check_button.click()
    before = practice.picture.value
    practice.new_button.click()
    assert practice.seed == 6 and practice.tree == random_tree(2, 3, seed=6)
    assert practice.marked() == set() and practice.feedback.value == "" and practice.typed.value == ""
    assert practice.picture.value != before
    assert practice.controls.children[-1] is practice.typed


# --- ValuePractice ------------------------------------------------------------------------------------

@pytest.mark.parametrize("seed", SEEDS)
def test_the_true_values_are_correct(seed):
    practice = ValuePractice(branching=3, depth=2, seed=seed)
    trace = Trace()
    minimax(practice.tree, trace=trace)
    assert practice.values == {path: trace.values()[path] for path in practice.inner()}
    assert practice.answer(practice.values) == (f"Correct: all 4 values are right; the root is worth "
                                                f"{minimax(practice.tree).value}.")


def test_a_wrong_value_is_told_its_children_and_who_picks():
    practice = ValuePractice(branching=2, depth=2, seed=1)   # [[-5, 9], [-7, -1]]
    text = practice.answer({(): -5, (0,): -5, (1,): -1})
    assert text.splitlines() == ["Not correct: 2 of 3 right.", "Right: root, [0].",
                                 "[1] (MIN): you said -1, but its children are worth -7 and -1, "
                                 "and MIN picks the smallest."]
    text = practice.answer({(): 9, (0,): -5, (1,): -7})
    assert "root (MAX): you said 9, but its children are worth -5 and -7, and MAX picks the largest." in text


def test_a_partly_filled_answer_names_the_empty_nodes():
    practice = ValuePractice(branching=2, depth=2, seed=1)
    text = practice.answer({"root": "-5", "[0]": " −5 ", "[1]": ""})
    assert text.splitlines() == ["Not correct: 2 of 3 right.", "Right: root, [0].", "[1] (MIN): not filled in."]


def test_an_empty_answer_is_not_answered_yet():
    practice = ValuePractice(branching=2, depth=2, seed=1)
    assert practice.answer({}) == "Not answered yet: fill in the values of the 3 inner nodes, from the bottom up."
    assert practice.answer({(): ""}).startswith("Not answered yet")


def test_unreadable_entries_are_named():
    practice = ValuePractice(branching=2, depth=2, seed=1)
    text = practice.answer({(): True, (0,): "x", (0, 0): -5, (3,): 1, 5: 1, (1,): -7})
    assert "root (MAX): could not read True as a number." in text
    assert "[0] (MIN): could not read 'x' as a number." in text
    assert "[0][0] is a leaf: its value is given." in text
    assert "[3] is not a node of this tree." in text and "5 is not a path like [0] or root." in text
    assert text.startswith("Not correct: 1 of 3 right.")
    assert practice.answer([1, 2]).startswith("Could not read your answer")


def test_one_box_per_inner_node_labelled_with_its_path_and_player():
    practice = ValuePractice(branching=2, depth=3, seed=0)
    assert [box.description for box in practice.boxes.values()] == [
        "root MAX", "[0] MIN", "[1] MIN", "[0][0] MAX", "[0][1] MAX", "[1][0] MAX", "[1][1] MAX"]
    assert len(practice.controls.children) == 3   # a row per level


def test_the_check_button_reads_the_boxes_and_draws_the_values_when_all_are_right():
    practice = ValuePractice(branching=2, depth=3, seed=0)
    blank = practice.picture.value
    practice.check_button.click()
    assert "Not answered yet" in practice.feedback.value and practice.picture.value == blank
    for path, box in practice.boxes.items():
        box.value = str(practice.values[path])
    practice.boxes[(0,)].value = "99"
    assert practice.check().startswith("Not correct: 6 of 7 right.") and practice.picture.value == blank
    practice.boxes[(0,)].value = str(practice.values[(0,)])
    practice.check_button.click()
    assert "Correct: all 7 values are right" in practice.feedback.value
    assert practice.picture.value != blank


def test_value_practice_new_tree():
    practice = ValuePractice(branching=2, depth=2, seed=3)
    practice.boxes[()].value = "1"
    practice.new_button.click()
    assert practice.seed == 4 and practice.tree == random_tree(2, 2, seed=4)
    assert all(box.value == "" for box in practice.boxes.values()) and practice.feedback.value == ""


# --- PruningPractice: the tie rule (α ≥ β, the course's, or α > β, CS188's) ------------------------

def test_the_default_rule_prunes_on_ties():
    practice = PruningPractice(branching=3, depth=3, seed=1)
    assert practice.prune_ties is True and practice.rule.value is True
    trace = Trace()
    alphabeta(practice.tree, trace=trace)
    assert practice.pruned == set(practice.leaves()) - set(trace.leaves())


@pytest.mark.parametrize("seed", range(40))
def test_the_strict_rule_prunes_what_a_textbook_strict_alpha_beta_never_reaches(seed):
    practice = PruningPractice(branching=2 + seed % 3, depth=3 if seed % 3 < 2 else 2, seed=seed, prune_ties=False)
    value, seen = strict_oracle(practice.tree)
    assert practice.pruned == set(practice.leaves()) - set(seen)
    assert practice.result.value == value == minimax(practice.tree).value


@pytest.mark.slow  # seconds alone: make test runs it, make test-fast does not
def test_the_two_rules_differ_on_many_trees_and_only_in_what_they_prune():
    differ = 0
    for seed in range(60):
        ties, strict = PruningPractice(seed=seed), PruningPractice(seed=seed, prune_ties=False)
        assert ties.result.value == strict.result.value
        assert ties.pruned >= strict.pruned            # α > β prunes a subset of what α ≥ β prunes
        differ += ties.pruned != strict.pruned
    assert 10 < differ < 50


def test_the_toggle_searches_again_and_keeps_the_marks():
    practice = PruningPractice(branching=3, depth=3, seed=1)   # the rules prune differently here
    ties = set(practice.pruned)
    for path in ties:
        practice.toggles[path].value = True
    assert practice.check().startswith("Correct")
    practice.rule.value = False
    assert practice.prune_ties is False and practice.pruned < ties
    assert practice.marked() == ties and practice.feedback.value == ""
    verdict = practice.check()
    assert verdict.startswith(f"Not correct: {len(practice.pruned)} right, 0 missed, "
                              f"{len(ties - practice.pruned)} wrong.")
    assert "this rule cuts only when α > β" in verdict
    practice.new_button.click()
    assert practice.prune_ties is False and practice.seed == 2
    strict = PruningPractice(branching=3, depth=3, seed=2, prune_ties=False)
    assert practice.pruned == strict.pruned


def test_the_rule_toggle_sits_under_the_leaves_and_a_bad_rule_is_refused():
    practice = PruningPractice(branching=2, depth=2, seed=1)
    assert practice.controls.children[1] is practice.rule   # the leaves' toggles come first
    assert practice.rule.description == "Ties:"
    assert [label for label, _ in practice.rule.options] == [RULES["≥"], RULES[">"]]
    with pytest.raises(ValueError, match="prune_ties must be True"):
        PruningPractice(prune_ties=">")
