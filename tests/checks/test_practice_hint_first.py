"""Tests for the practice widgets that teach before they tell (checks.practice: ChancePractice,
RetrogradePractice, MCTSPractice): each answer key agrees with the course's plain search on many
random cases, a right answer is accepted, a first wrong one gets a hint (never the answer), the
second the answer, bad input a message, and the buttons work."""

import math
import re

import pytest

from minimax_lab.checks.practice import ChancePractice, MCTSPractice, Practice, RetrogradePractice
from minimax_lab.checks.practice.base import TRY_AGAIN
from minimax_lab.checks.practice.chance import number_text, random_chance_tree, read_value
from minimax_lab.checks.practice.retrograde import label_text, random_game_graph, read_label
from minimax_lab.core.trees import Chance
from minimax_lab.display.tree_layout import layout_svg
from minimax_lab.search import plain
from minimax_lab.search.retrograde import tablebase

SEEDS = range(40)
WIDGETS = [ChancePractice, RetrogradePractice, MCTSPractice]


def larger_shapes(shapes):
    """The larger shapes of an answer-key test: run by make test, left out of the fast set (each
    searches 40 seeds of its shape)."""
    return [pytest.param(*shape, marks=pytest.mark.slow) for shape in shapes]


# --- shared ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("practice, argument, value", [
    (ChancePractice, "branching", 4), (ChancePractice, "depth", 4), (ChancePractice, "depth", 1),
    (RetrogradePractice, "depth", 2), (RetrogradePractice, "depth", 5), (RetrogradePractice, "branching", 4),
    (MCTSPractice, "branching", 1), (MCTSPractice, "depth", 4), (MCTSPractice, "seed", -1),
    (ChancePractice, "seed", 0.5), (RetrogradePractice, "branching", True), (MCTSPractice, "depth", "2")])
def test_settings_out_of_range_are_refused_by_name(practice, argument, value):
    with pytest.raises(ValueError, match=f"^{argument} must be a whole number"):
        practice(**{argument: value})


@pytest.mark.parametrize("practice", WIDGETS)
@pytest.mark.slow
def test_each_widget_is_a_practice_with_a_show_answer_button_and_a_still_picture(practice):
    widget = practice()
    assert isinstance(widget, Practice) and widget.hint_first
    buttons = [button.description for button in widget.widget.children[3].children]
    assert buttons == ["Check", widget.new_label, "Show answer"]
    assert widget.new_label in ("New tree", "New game")
    assert "<svg" in widget.picture.value and widget.feedback.value == ""
    data, _ = widget.widget._repr_mimebundle_()
    assert "image/png" in data and "0x" not in data["text/plain"]


@pytest.mark.parametrize("practice", WIDGETS)
def test_the_same_seed_draws_the_same_case_and_the_next_seed_another(practice):
    first, again = practice(seed=3), practice(seed=3)
    assert first.drawing.source == again.drawing.source and repr(first.drawing) == repr(again.drawing)
    first.new_button.click()
    assert first.seed == 4 and first.drawing.source == practice(seed=4).drawing.source


@pytest.mark.parametrize("practice", WIDGETS)
@pytest.mark.slow
def test_each_widget_makes_checks_and_answers_a_case(practice):
    """What make bench times (devtools/bench.py, practice_figure: the goal of a second a round)."""
    for seed in range(5):
        widget = practice(seed=seed)
        assert widget.check().startswith("Not answered yet")
        assert widget.show_answer() and widget.feedback.value


# --- ChancePractice ---------------------------------------------------------------------------------

def plain_values(tree):
    """Every inner node's value by the plain expectiminimax (search.plain), by path."""
    values = {}

    def visit(node, path, player):
        values[path] = plain.expectiminimax(node, player)
        if isinstance(node, Chance):
            for i, (_, child) in enumerate(node.outcomes):
                visit(child, path + (i,), player)
        elif isinstance(node, list):
            for i, child in enumerate(node):
                visit(child, path + (i,), "MIN" if player == "MAX" else "MAX")

    visit(tree, (), "MAX")
    return values


@pytest.mark.parametrize("branching, depth", [(2, 2), *larger_shapes([(2, 3), (3, 2), (3, 3)])])
@pytest.mark.slow
def test_the_chance_key_is_the_plain_expectiminimax_on_many_trees(branching, depth):
    for seed in SEEDS:
        practice = ChancePractice(branching=branching, depth=depth, seed=seed)
        assert practice.tree == random_chance_tree(branching, depth, seed)
        expected = plain_values(practice.tree)
        assert practice.values == {path: expected[path] for path in practice.inner()}
        assert all((value * 100).denominator == 1 for value in practice.values.values())   # exact decimals


def test_the_chance_tree_has_max_chance_then_min_nodes():
    practice = ChancePractice(branching=2, depth=3, seed=1)
    assert [practice.kind(path) for path in practice.inner()] == ["MAX", "CHANCE", "CHANCE", "MIN", "MIN", "MIN", "MIN"]
    assert [box.description for box in practice.boxes.values()][:3] == ["root MAX", "[0] chance", "[1] chance"]


def test_a_right_chance_answer_is_accepted_typed_as_decimals_or_fractions():
    practice = ChancePractice(branching=2, depth=3, seed=2)
    decimals = {path: number_text(value) for path, value in practice.values.items()}
    fractions = {path: f"{value.numerator}/{value.denominator}" for path, value in practice.values.items()}
    for answer in (decimals, fractions, practice.values):
        assert practice.answer(answer).startswith("Correct: all 7 values are right; the root is worth ")


def test_a_wrong_chance_answer_gets_the_hint_first_and_the_values_second():
    practice = ChancePractice(branching=2, depth=3, seed=2)
    wrong = dict(practice.values)
    wrong[(1,)] += 1
    first = practice.answer(wrong)
    assert first.splitlines() == ["Not correct: 6 of 7 right.",
                                  "Look again at the chance node [1]: a chance node is worth the sum of "
                                  "probability × value over its outcomes.", TRY_AGAIN]
    second = practice.answer(wrong)
    assert second.startswith("Not correct: 6 of 7 right.\nThe values, from the bottom up:")
    assert f"[1] (chance): " in second and f"= {number_text(practice.values[(1,)])}" in second


def test_the_hint_names_the_deepest_wrong_node_and_its_rule():
    practice = ChancePractice(branching=2, depth=3, seed=2)
    wrong = {path: value + 1 for path, value in practice.values.items()}
    assert "Look again at MIN's node [0][0]: MIN takes the smallest" in practice.answer(wrong)
    practice = ChancePractice(branching=2, depth=2, seed=2)
    wrong = dict(practice.values)
    wrong[()] += 1
    assert "Look again at MAX's node root: MAX takes the largest" in practice.answer(wrong)


def test_chance_input_that_cannot_be_read_gets_a_message():
    practice = ChancePractice(branching=2, depth=2, seed=0)
    assert practice.answer({}) == "Not answered yet: fill in the values of the 3 inner nodes, from the bottom up."
    assert practice.answer([1]).startswith("Could not read your answer: give a dict")
    text = practice.answer({"root": "x", "[0][0]": 1, "[5]": 2, 7: 1})
    assert text.startswith("Could not read your answer: ")
    assert "root: could not read 'x' as a number" in text and "[0][0] is a leaf" in text
    assert "[5] is not a node" in text and "7 is not a path" in text
    assert practice.tries == 0
    assert read_value("1e400") is None and read_value("inf") is None and read_value(True) is None
    assert read_value("3/0") is None and read_value("−2.25") == -2.25


def test_a_partial_chance_answer_names_what_is_still_empty():
    practice = ChancePractice(branching=2, depth=2, seed=0)
    assert practice.answer({(): practice.values[()]}) == "Not correct: 1 of 3 right. Still to fill in: [0], [1]."
    assert practice.tries == 0


def test_the_chance_buttons_check_show_the_answer_and_draw_the_values():
    practice = ChancePractice(branching=2, depth=2, seed=0)
    blank = practice.picture.value
    for path, box in practice.boxes.items():
        box.value = number_text(practice.values[path])
    practice.check_button.click()
    assert "Correct: all 3 values are right" in practice.feedback.value and practice.picture.value != blank
    practice.new_button.click()
    assert practice.tries == 0 and practice.feedback.value == ""
    practice.answer_button.click()
    assert "The values, from the bottom up" in practice.feedback.value


# --- RetrogradePractice -----------------------------------------------------------------------------

@pytest.mark.parametrize("branching, depth", [(3, 4), *larger_shapes([(2, 3), (2, 4), (3, 3)])])
@pytest.mark.slow
def test_the_retrograde_key_is_the_plain_retrograde_on_many_game_graphs(branching, depth):
    for seed in SEEDS:
        practice = RetrogradePractice(branching=branching, depth=depth, seed=seed)
        game = practice.graph
        labels = plain.retrograde(game, game.initial)
        assert set(labels) == set(game.layer)                      # every position is reached
        assert practice.labels == {p: labels[p] for p in practice.positions()}
        for p, targets in game.moves.items():
            assert targets and all(game.to_move(t) != game.to_move(p) for t in targets)
            assert len(set(targets)) == len(targets)


@pytest.mark.slow
def test_the_game_graphs_have_wins_losses_and_draws():
    values = {label.value for seed in SEEDS for label in RetrogradePractice(seed=seed).labels.values()}
    assert values == {-1, 0, 1}
    assert random_game_graph(2, 3, seed=5).moves == random_game_graph(2, 3, seed=5).moves


def test_a_right_retrograde_answer_is_accepted_as_tuples_or_text():
    practice = RetrogradePractice(seed=4)
    typed = {p: f"{label.value}, {label.distance}" for p, label in practice.labels.items()}
    for answer in (typed, {p: tuple(label) for p, label in practice.labels.items()}):
        assert practice.answer(answer).startswith(f"Correct: all {len(practice.labels)} labels are right")


def test_a_wrong_retrograde_answer_gets_the_rule_first_and_the_labels_second():
    practice = RetrogradePractice(seed=4)
    labels = {p: (label.value, label.distance) for p, label in practice.labels.items()}
    last = max(labels, key=lambda p: (practice.graph.layer[p], p))
    value, distance = labels[last]
    labels[last] = (value, distance + 2)
    first = practice.answer(labels)
    assert f"Look again at {last} ({practice.graph.to_move(last)} to move): its value is right, its distance is not" in first
    assert first.endswith(TRY_AGAIN)
    labels[last] = (-value if value else 1, distance)
    second = practice.answer(labels)
    assert "The labels, from the end of the game back:" in second and f"{last} (" in second


def test_the_value_hint_states_the_rule_of_wins_and_losses():
    practice = RetrogradePractice(seed=4)
    labels = {p: (-label.value if label.value else 1, label.distance) for p, label in practice.labels.items()}
    text = practice.answer(labels)
    assert "its value. A position is a win (+1) when some move leads to a position lost (−1) for the opponent" in text
    assert "a loss (−1) when every move leads to a win (+1) for the opponent" in text


def test_retrograde_input_that_cannot_be_read_gets_a_message():
    practice = RetrogradePractice(seed=0)
    finished = next(iter(practice.graph.ends))
    text = practice.answer({"a": "win", finished: "1, 0", "zz": "1, 1", "b": "2, 3"})
    assert text.startswith("Could not read your answer: ")
    assert "a: could not read 'win' as a label" in text and f"{finished} is finished" in text
    assert "'zz' is not a position" in text and "b: could not read '2, 3'" in text
    assert practice.answer("a").startswith("Could not read your answer: give a dict")
    assert practice.answer({}).startswith("Not answered yet: label the")
    assert read_label("win 3") == (1, 3) and read_label("(−1, 2)") == (-1, 2) and read_label("1, -2") is None


def test_the_retrograde_buttons_and_the_drawing():
    practice = RetrogradePractice(seed=0)
    assert practice.drawing.source.count("->") == sum(len(t) for t in practice.graph.moves.values())
    for p, box in practice.boxes.items():
        box.value = f"{practice.labels[p].value} {practice.labels[p].distance}"
    practice.check_button.click()
    assert "Correct: all" in practice.feedback.value
    assert all(label_text(label) in practice.drawing.source for label in practice.labels.values())
    practice.new_button.click()
    assert practice.seed == 1 and all(box.value == "" for box in practice.boxes.values())


# --- MCTSPractice ------------------------------------------------------------------------------------

def plain_tree(practice, playouts):
    """The plain MCTS (search.plain) of the practice's tree after `playouts` playouts, same seed."""
    return plain.monte_carlo_tree_search(plain_game(practice), (), playouts=playouts, seed=practice.seed,
                                         C=math.sqrt(2))[1]


def plain_game(practice):
    return practice.game


def node_at(root, path):
    for move in path:
        root = root.children[move]
    return root


@pytest.mark.parametrize("branching, depth", [(2, 2), *larger_shapes([(3, 2), (2, 3), (3, 3)])])
@pytest.mark.slow
def test_the_mcts_key_is_the_plain_mcts_on_many_trees(branching, depth):
    for seed in SEEDS:
        practice = MCTSPractice(branching=branching, depth=depth, seed=seed)
        before = plain_tree(practice, practice.playouts)
        assert plain.select(before, math.sqrt(2)) is not before
        chosen = max(before.children, key=lambda m: plain.ucb1(before.children[m], before.N, math.sqrt(2)))
        assert practice.choice == chosen
        after = plain_tree(practice, practice.playouts + 1)
        for path, (visits, total) in practice.backed_up.items():
            node = node_at(after, path)
            assert (node.N, node.U) == (visits, total)


@pytest.mark.slow
def test_mcts_cases_have_a_clear_choice_and_every_child_tried():
    for seed in range(30):
        practice = MCTSPractice(seed=seed)
        scores = sorted(practice.scores.values(), reverse=True)
        assert scores[0] - scores[1] >= 0.1 or practice.playouts == 3 + 8
        assert len(practice.searched.children) == 3


def test_a_right_choice_goes_on_to_the_back_up():
    practice = MCTSPractice(seed=0)
    text = practice.answer(practice.choice)
    assert text.startswith(f"Correct: UCB1 selects [{practice.choice}].\nUCB1 (ln {practice.playouts} ≈ ")
    assert f"Playout {practice.playouts + 1} selects root → [{practice.choice}]" in text
    assert practice.stage == 2 and list(practice.boxes) == list(practice.backed_up)
    right = {path: f"{visits}, {total:g}" for path, (visits, total) in practice.backed_up.items()}
    assert practice.answer(right).startswith("Correct: the back-up leaves root N=")


def test_the_best_mean_gets_the_exploration_hint_then_the_scores():
    for seed in range(40):
        practice = MCTSPractice(seed=seed)
        children = practice.searched.children
        best_mean = max(children, key=lambda m: children[m].total / children[m].visits)
        if best_mean != practice.choice:
            break
    else:
        pytest.fail("no case where UCB1 does not pick the best mean")
    first = practice.answer(best_mean)
    assert f"[{best_mean}] has the best mean" in first and "UCB1 adds the bonus" in first
    assert f"UCB1 selects [{practice.choice}]" not in first and first.endswith(TRY_AGAIN)
    second = practice.answer(str(best_mean))
    assert f"UCB1 selects [{practice.choice}]." in second and "Playout" in second and practice.stage == 2


def test_a_wrong_back_up_gets_the_rule_first_and_the_counts_second():
    practice = MCTSPractice(seed=0)
    practice.answer(practice.choice)
    counts = dict(practice.backed_up)
    first_path = next(iter(counts))
    visits, total = counts[first_path]
    counts[first_path] = (visits, total + 2)
    first = practice.answer(counts)
    assert f"Look again at [{first_path[0]}]: its N is right, its U is not" in first and first.endswith(TRY_AGAIN)
    counts[first_path] = (visits + 5, total)
    second = practice.answer(counts)
    assert "counts +1 visit at every node of the path" in second and "root N=" in second


def test_mcts_input_that_cannot_be_read_gets_a_message():
    practice = MCTSPractice(seed=0)
    assert practice.answer(None) == "Not answered yet: choose one of the root's children."
    assert practice.answer(7).startswith("Could not read your answer: 7 is not one of the root's children")
    assert practice.answer(True).startswith("Could not read your answer")
    assert practice.tries == 0
    practice.answer(practice.choice)
    assert practice.answer({}).startswith("Not answered yet: fill in N and U")
    path = next(iter(practice.backed_up))
    assert "could not read 'x' as N, U" in practice.answer({path: "x"})
    assert "is not below the root on the playout's path" in practice.answer({(9,): "1, 1"})
    assert practice.answer([1]).startswith("Could not read your answer: give a dict")


def test_the_mcts_buttons_work_the_two_stages():
    practice = MCTSPractice(seed=0)
    blank = practice.picture.value
    practice.check_button.click()
    assert "Not answered yet" in practice.feedback.value
    practice.answer_button.click()
    assert f"UCB1 selects [{practice.choice}]" in practice.feedback.value and practice.stage == 2
    assert practice.picture.value != blank   # the path drawn bold
    for path, box in practice.boxes.items():
        visits, total = practice.backed_up[path]
        box.value = f"{visits}, {total:g}"
    practice.check_button.click()
    assert "Correct: the back-up leaves" in practice.feedback.value
    practice.new_button.click()
    assert practice.stage == 1 and practice.pick.value is None and practice.feedback.value == ""


@pytest.mark.parametrize("practice", WIDGETS)
@pytest.mark.slow
def test_without_graphviz_each_case_is_drawn_by_the_pure_python_layout(practice):
    """The browser-only edition has no dot: trees and the retrograde graphs (whose positions share
    children) are laid out in Python."""
    for seed in range(10):
        widget = practice(seed=seed)
        widget.show_answer()
        svg = layout_svg(widget.drawing)
        nodes = len(re.findall(r"^\t(?!graph |node |edge )\w+ \[", widget.drawing.source, re.M))
        assert svg.count('class="node"') == nodes and "<svg" in svg
