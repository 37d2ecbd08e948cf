"""minimax_lab.grading: the checks pass the solution notebooks' code, and catch each typical mistake
planted in a copy of that code."""

import contextlib
import io
import math
import re
from pathlib import Path

import pytest

from minimax_lab import TicTacToe, Trace, TreeGame, alphabeta, expectiminimax, grading, minimax
from minimax_lab.checks import core
from minimax_lab.core.trees import random_tree, random_trees, validate_tree
from minimax_lab.grading import CheckFailed, assignment5, reports
from minimax_lab.grading.assignments import is_answer_cell, read
from minimax_lab.grading.cases import failure_size
from minimax_lab.heuristics.tictactoe import open_lines_evaluation
from minimax_lab.running import guard

pytestmark = pytest.mark.slow  # runs every assignment check on many cases

SOLUTIONS = Path(__file__).resolve().parents[2] / "notebooks" / "solutions"


SETUP = {"assignment5_connect_four": ("board", "windows")}
"""Cells besides the imports that a notebook's answers use (Connect Four's game and WINDOWS)."""


def answers(notebook: str, function: str = "", mutations: tuple = ()) -> dict:
    """Return the namespace made by a solution notebook's imports, set-up cells and answer cells,
    with each mutation (old, new, count) applied to the answer cell that defines `function`."""
    cells = read(SOLUTIONS / f"{notebook}.ipynb").cells
    keep = ("imports", *SETUP.get(notebook, ()))
    sources = [cell.source for cell in cells if cell.get("id") in keep or is_answer_cell(cell)]
    for old, new, count in mutations:
        target = next(i for i, s in enumerate(sources) if f"def {function}(" in s)
        assert sources[target].count(old) == count, f"the mistake {old!r} no longer fits the solution"
        sources[target] = sources[target].replace(old, new)
    namespace: dict = {}
    with contextlib.redirect_stdout(io.StringIO()):  # what the set-up cells print
        exec(compile("\n\n".join(sources), f"<{notebook}>", "exec"), namespace)
    return namespace


A1, A2, A3, A4, A5 = ("assignment1_minimax", "assignment2_alphabeta", "assignment3_player",
                      "assignment4_complexity", "assignment5_connect_four")


# --- the solutions pass, printing one stable line each --------------------------------------------

SOLVED = [
    (A1, grading.check_minimax_value, ["minimax_value"],
     "minimax_value: 206 trees correct, MAX and MIN at the root"),
    (A1, grading.check_minimax_decision, ["minimax_decision"],
     "minimax_decision: 206 trees correct, values and moves"),
    (A1, grading.check_minimax_search, ["minimax_search"],
     "minimax_search: 206 trees and 41 tic-tac-toe positions correct"),
    (A2, grading.check_negamax, ["negamax_value"],
     "negamax_value: 206 trees correct, MAX and MIN at the root"),
    (A2, grading.check_alphabeta, ["alphabeta_value"],
     "alphabeta_value: 206 trees correct, values and leaves examined (prune when alpha >= beta)"),
    (A2, grading.check_negamax_alphabeta, ["negamax_alphabeta"],
     "negamax_alphabeta: 206 trees correct, values and leaves examined (prune when alpha >= beta)"),
    (A3, grading.check_evaluation, ["evaluate"],
     "evaluate: a number between -1 and +1 on all 4,520 non-terminal positions, telling them apart"),
    (A3, grading.check_ordering, ["order_moves"],
     "order_moves: alpha-beta stays within the node budget on all 82 openings"),
    (A3, grading.check_player, ["evaluate", "order_moves"],
     "player: no loss in 20 games against perfect play nor in 68 against the reference player"),
    (A1, grading.check_expectimax, ["expectimax_value"],
     "expectimax_value: 207 trees with chance nodes correct"),
    (A2, grading.check_hand_trace, ["alphabeta_by_hand"],
     "alphabeta_by_hand: the 6 pruned leaves and the values of all 8 MIN nodes correct (prune when alpha >= beta)"),
    (A3, grading.check_depth_adjusted_utility, ["depth_adjusted_utility"],
     "depth_adjusted_utility: ranks all 958 finished positions, and alpha-beta wins sooner or loses "
     "later with it on all 485 positions where the plain utility does not"),
    # (assignment 5's check plays a tournament, 8 s: its solution's line is the stored output of the
    # solution notebook's check cell, which nbval compares, and test_grade_isolation gives it full marks)
    (A4, grading.check_best_case_leaves, ["best_case_leaves"],
     "best_case_leaves: matches alpha-beta on 21 perfectly ordered trees"),
    (A4, grading.check_effective_branching_factor, ["effective_branching_factor"],
     "effective_branching_factor: correct on 20 (nodes, depth) pairs"),
]


@pytest.mark.parametrize("notebook, check, functions, line", SOLVED,
                         ids=[check.__name__ for _, check, _, _ in SOLVED])
def test_the_solution_passes_with_one_line(notebook, check, functions, line, capsys):
    namespace = answers(notebook)
    check(*(namespace[name] for name in functions))
    assert capsys.readouterr().out == line + "\n"


# --- each typical mistake, planted in the solution, is caught -------------------------------------

INIT = "value = -math.inf if maximizing else math.inf"
BETTER = "better = (value > best_value) if maximizing else (value < best_value)"
MISTAKES = [
    # a wrong initial value: 0 instead of -infinity (all-negative trees expose it)
    pytest.param(A1, "minimax_value", grading.check_minimax_value, [(INIT, "value = 0", 1)],
                 id="minimax_value-initial-zero"),
    pytest.param(A2, "negamax_value", grading.check_negamax, [("best = -math.inf", "best = 0", 1)],
                 id="negamax-initial-zero"),
    pytest.param(A2, "alphabeta_value", grading.check_alphabeta,
                 [("value = -math.inf", "value = 0", 1)], id="alphabeta-initial-zero"),
    pytest.param(A2, "negamax_alphabeta", grading.check_negamax_alphabeta,
                 [("value = -math.inf", "value = 0", 1)], id="negamax_alphabeta-initial-zero"),
    # MIN at the root ignored: MAX assumed to move first
    pytest.param(A1, "minimax_decision", grading.check_minimax_decision,
                 [("(-math.inf if maximizing else math.inf), None", "-math.inf, None", 1),
                  (BETTER, "better = value > best_value", 1)], id="decision-min-at-root-ignored"),
    pytest.param(A1, "minimax_search", grading.check_minimax_search,
                 [("game.to_move(state) == game.max_player",
                   "game.to_move(state) == game.to_move(game.initial)", 1)],
                 id="search-min-at-root-ignored"),
    # a move returned that does not achieve the value
    pytest.param(A1, "minimax_decision", grading.check_minimax_decision,
                 [("best_value, best_move = value, move",
                   "best_value = value\n        best_move = move", 1)], id="decision-move-not-best"),
    pytest.param(A1, "minimax_search", grading.check_minimax_search,
                 [("return best_value, best_move\n", "return best_value, game.actions(state)[-1]\n", 1)],
                 id="search-move-not-best"),
    # the negamax sign forgotten
    pytest.param(A2, "negamax_value", grading.check_negamax,
                 [("-negamax_value(child, -color)", "negamax_value(child, -color)", 1)],
                 id="negamax-child-not-negated"),
    pytest.param(A2, "negamax_value", grading.check_negamax,
                 [("return color * tree", "return tree", 1)], id="negamax-leaf-not-signed"),
    pytest.param(A2, "negamax_alphabeta", grading.check_negamax_alphabeta,
                 [("-negamax_alphabeta(child", "negamax_alphabeta(child", 1)],
                 id="negamax_alphabeta-child-not-negated"),
    pytest.param(A2, "negamax_alphabeta", grading.check_negamax_alphabeta,
                 [("examined.append(tree)", "examined.append(color * tree)", 1)],
                 id="negamax_alphabeta-leaf-recorded-signed"),
    # no pruning at all
    pytest.param(A2, "alphabeta_value", grading.check_alphabeta,
                 [("if alpha >= beta:\n                break", "pass", 2)], id="alphabeta-no-pruning"),
    pytest.param(A2, "negamax_alphabeta", grading.check_negamax_alphabeta,
                 [("if alpha >= beta:\n            break", "pass", 1)], id="negamax_alphabeta-no-pruning"),
    # pruning on > instead of >= (only trees with ties expose it)
    pytest.param(A2, "alphabeta_value", grading.check_alphabeta,
                 [("if alpha >= beta:", "if alpha > beta:", 2)], id="alphabeta-prune-on-greater"),
    pytest.param(A2, "negamax_alphabeta", grading.check_negamax_alphabeta,
                 [("if alpha >= beta:", "if alpha > beta:", 1)], id="negamax_alphabeta-prune-on-greater"),
    # alpha and beta swapped
    pytest.param(A2, "alphabeta_value", grading.check_alphabeta,
                 [("alphabeta_value(child, alpha, beta,", "alphabeta_value(child, beta, alpha,", 2)],
                 id="alphabeta-window-swapped"),
    pytest.param(A2, "alphabeta_value", grading.check_alphabeta,
                 [("alpha = max(alpha, value)", "beta = max(beta, value)", 1),
                  ("beta = min(beta, value)", "alpha = min(alpha, value)", 1)],
                 id="alphabeta-bounds-swapped"),
    pytest.param(A2, "negamax_alphabeta", grading.check_negamax_alphabeta,
                 [("-beta, -alpha, -color", "-alpha, -beta, -color", 1)],
                 id="negamax_alphabeta-window-not-swapped"),
]


@pytest.mark.parametrize("notebook, function, check, mutations", MISTAKES)
def test_a_planted_mistake_is_caught(notebook, function, check, mutations, capsys):
    mistaken = answers(notebook, function, tuple(mutations))[function]
    with pytest.raises(CheckFailed) as caught:
        check(mistaken)
    message = str(caught.value)
    assert "expected:" in message and "returned:" in message and "The smallest is" in message
    assert capsys.readouterr().out == ""  # no success line: the cell's output differs from the stored one


def test_the_failure_shown_is_the_smallest_failing_tree(monkeypatch):
    shown = []
    monkeypatch.setattr(reports, "show_failure", lambda case, algorithm: shown.append((case, algorithm)))
    guard.accept_changes(monkeypatch)  # the checks refuse a patched package otherwise
    right = answers(A2)["alphabeta_value"]
    wrong = answers(A2, "alphabeta_value", (("if alpha >= beta:", "if alpha > beta:", 2),))["alphabeta_value"]

    def leaves(func, case):
        examined: list = []
        func(case.tree, -math.inf, math.inf, case.maximizing, examined)
        return examined

    failing = [c for c in grading.tree_cases() if leaves(right, c) != leaves(wrong, c)]
    with pytest.raises(CheckFailed, match=f"wrong on {len(failing)} of 206 cases"):
        grading.check_alphabeta(wrong)
    [(case, algorithm)] = shown
    assert algorithm == "alphabeta" and case.size == min(c.size for c in failing)


def test_a_failing_tree_is_drawn_under_ipython(monkeypatch):
    import IPython
    import IPython.display
    drawn = []
    monkeypatch.setattr(IPython, "get_ipython", lambda: object())
    monkeypatch.setattr(IPython.display, "display", drawn.append)
    with pytest.raises(CheckFailed):
        grading.check_minimax_value(lambda tree, maximizing=True: 0)
    [drawing] = drawn
    assert "digraph" in drawing.source and "shape=box" in drawing.source


def test_an_error_in_student_code_is_reported_with_the_tree():
    def broken(tree, maximizing=True):
        return tree < 0  # a list compared with a number

    with pytest.raises(CheckFailed, match="raised TypeError") as caught:
        grading.check_minimax_value(broken)
    assert isinstance(caught.value.__cause__, TypeError)


def test_a_stub_fails_with_not_answered(capsys):
    """Unanswered, a check raises NotAnswered (a CheckFailed: nbgrader gives the cell no points),
    which IPython shows as its one line, with no traceback."""
    def stub(tree, maximizing=True):
        raise NotImplementedError("minimax_value is not written yet")

    with pytest.raises(grading.NotAnswered) as caught:
        grading.check_minimax_value(stub)
    assert isinstance(caught.value, CheckFailed) and caught.value.__cause__ is None
    assert str(caught.value).startswith("Not answered yet: minimax_value is not written yet.")
    assert caught.value._render_traceback_() == [str(caught.value)]
    assert capsys.readouterr().out == ""


# --- the cases ----------------------------------------------------------------------------------

def test_the_cases_cover_what_the_issue_asks_for():
    cases = grading.tree_cases()
    trees = [c.tree for c in cases]
    leaves = [[v for v in validate_tree(t).values() if not isinstance(v, list)] for t in trees]
    assert trees[:2] == [grading.TEXTBOOK_TREES["AIMA Fig. 5.2"]] * 2
    assert {c.first for c in cases} == {"MAX", "MIN"}
    assert any(isinstance(v, float) for vs in leaves for v in vs)
    assert any(all(v < 0 for v in vs) for vs in leaves) and any(all(v > 0 for v in vs) for vs in leaves)
    assert sum(len(set(vs)) < len(vs) for vs in leaves) > len(cases) / 2  # ties
    assert any(len({len(p) for p, v in validate_tree(t).items() if not isinstance(v, list)}) > 1
               for t in trees)  # ragged: leaves at several depths
    assert grading.tree_cases() == cases  # seeded: the same every run
    assert max(c.size for c in cases) <= 127  # small enough to draw


def test_textbook_trees_have_their_values():
    values = {name: alphabeta(tree).value for name, tree in grading.TEXTBOOK_TREES.items()}
    assert values == {"AIMA Fig. 5.2": 3, "the tutorial tree": 6, "the ragged tree": 5}


def test_openings_and_positions():
    game = TicTacToe()
    assert [len(grading.openings(m, game)) for m in (0, 1, 2, 9)] == [1, 10, 82, 5478]
    assert len(grading.drawn_openings(game)) == 34
    positions = grading.tictactoe_positions(game=game)
    assert positions[0] == game.initial and len(set(positions)) == 41
    assert {s.to_move for s in positions} == {"X", "O"}


@pytest.mark.parametrize("count", [-1, 4298, 2.5, True])
def test_tictactoe_positions_refuse_a_count_random_play_cannot_reach(count):
    with pytest.raises(ValueError, match="tictactoe_positions needs a count from 0 to 4,297"):
        grading.tictactoe_positions(count)


def test_the_tree_generators_refuse_bad_input():
    with pytest.raises(ValueError, match="count that is a whole number"):
        random_trees(-1, shapes=grading.SHAPES, leaf_ranges=grading.LEAF_RANGES)
    with pytest.raises(ValueError, match="at least one shape"):
        random_trees(3, shapes=(), leaf_ranges=grading.LEAF_RANGES)
    with pytest.raises(ValueError, match=r"leaf range \(5, 1\) is empty"):
        random_trees(3, shapes=grading.SHAPES, leaf_ranges=[(5, 1)])
    with pytest.raises(ValueError, match="distinct_tree needs branching >= 1"):
        grading.distinct_tree(0, 3)
    with pytest.raises(TypeError, match="'x' is neither a leaf"):
        grading.map_leaves([1, ["x"]], lambda v: v)
    assert grading.distinct_tree(3, 0) == 0 and grading.map_leaves([1, (2, 3)], abs) == [1, [2, 3]]


def test_the_exact_order_refuses_a_state_outside_its_game():
    game = TreeGame(grading.TEXTBOOK_TREES["the tutorial tree"])
    with pytest.raises(ValueError, match=r"\(0, 0\) is not reachable from the start"):
        grading.exact_order(TreeGame([1, 2]))(game, (0,), (0, 1), (0,))


# --- assignment 3: the budget and the reference player, computed and justified --------------------

def test_the_ordering_budget_sits_between_static_orders_and_the_solution():
    report = grading.ordering_report(answers(A3)["order_moves"])
    assert report["budget"] == math.ceil(1.25 * report["exact-value order"]) == 34952
    assert report["natural order"] > 3 * report["budget"]
    assert report["your order"] <= 0.75 * report["budget"]  # the solution passes with margin

    def centre_corners_edges(game, state, actions, path):
        return sorted(actions, key=lambda square: (square != 4, square % 2))

    with pytest.raises(CheckFailed, match="budget is 34,952"):
        grading.check_ordering(centre_corners_edges)


def test_an_ordering_must_keep_every_move():
    order = answers(A3)["order_moves"]
    with pytest.raises(CheckFailed, match="same moves in a new order"):
        grading.check_ordering(lambda game, state, actions, path: order(game, state, actions, path)[1:])


def test_evaluations_outside_minus_one_to_one_are_refused():
    evaluate = answers(A3)["evaluate"]
    with pytest.raises(CheckFailed, match="strictly between -1 and \\+1"):
        grading.check_evaluation(lambda state: 30 * evaluate(state))
    with pytest.raises(CheckFailed, match="returned: None"):
        grading.check_evaluation(lambda state: None)


def test_an_evaluation_whose_comparisons_lie_is_refused():
    class Liar(float):
        def __lt__(self, other):
            return True

        def __gt__(self, other):
            return True

    with pytest.raises(CheckFailed, match="wrong on 4520 of 4520 cases(.|\n)*returned: 5.0"):
        grading.check_evaluation(lambda state: Liar(5.0))


def test_a_nan_utility_is_not_a_number():
    with pytest.raises(CheckFailed, match="expected: a number\n  returned: nan"):
        grading.check_depth_adjusted_utility(lambda state: math.nan)


# --- one checking core: the assignments' checks and the lessons' checks share it -------------------

def test_the_assignments_use_the_checking_core_of_the_lessons():
    assert grading.tree_cases is core.tree_cases and grading.Case is core.Case
    assert grading.TEXTBOOK_TREES is core.TEXTBOOK_TREES and core.FIG_5_2 is core.TEXTBOOK_TREES["AIMA Fig. 5.2"]
    assert reports.same is core.same and reports.smallest_failure is core.smallest_failure


def test_a_failing_position_is_smaller_the_fewer_moves_it_has():
    game = TicTacToe()
    late, early = game.state("XOXOXOOX."), game.initial
    assert (failure_size(late), failure_size(early)) == (1, 9)
    tree_case = grading.tree_cases(0)[0]
    assert failure_size(tree_case) == core.case_size(tree_case) == 13


def test_expectimax_values_are_compared_as_the_lessons_compare_them():
    right = answers(A1)["expectimax_value"]
    with contextlib.redirect_stdout(io.StringIO()):
        grading.check_expectimax(lambda tree: right(tree) * (1 + 1e-12))  # a float sum's last bits
    with pytest.raises(CheckFailed, match="wrong on"):
        grading.check_expectimax(lambda tree: right(tree) * (1 + 1e-6))


def test_the_player_check_needs_a_real_evaluation():
    order = answers(A3)["order_moves"]
    # The reference player itself: no evaluation, natural order, loses to perfect play.
    with pytest.raises(CheckFailed, match="lost 11 of 20 games against the perfect player"):
        grading.check_player(lambda state: 0)
    # No evaluation, even with the solution's ordering.
    with pytest.raises(CheckFailed, match="against the perfect player"):
        grading.check_player(lambda state: 0, order)
    # The tutorial's open-lines count (in the package) is too weak at depth 2.
    with pytest.raises(CheckFailed, match="against the perfect player"):
        grading.check_player(open_lines_evaluation, order)
    # An evaluation from O's point of view.
    evaluate = answers(A3)["evaluate"]
    with pytest.raises(CheckFailed, match="lost"):
        grading.check_player(lambda state: -evaluate(state), order)


def test_the_solution_player_passes_with_margin(capsys):
    namespace = answers(A3)
    grading.check_player(namespace["evaluate"])  # without the ordering: the natural order
    grading.check_player(namespace["evaluate"], namespace["order_moves"], depth=4)
    # and a stricter test than the check's: no loss against perfect play from all 34 drawn openings
    game = TicTacToe()
    player = grading.depth_limited_player(namespace["evaluate"], namespace["order_moves"])
    result = grading.match(game, player, grading.perfect_player(game), starts=grading.drawn_openings(game))
    assert len(result.games) == 68 and all(g.score == 0 for g in result.games)
    assert (result.wins, result.draws, result.losses) == (0, 68, 0)
    assert capsys.readouterr().out.count("player: no loss") == 2


# --- assignment 4 --------------------------------------------------------------------------------

def test_the_best_case_matches_knuth_and_moore_on_min_rooted_trees_too():
    for b, d in [(2, 3), (3, 4), (4, 3)]:
        game = TreeGame(grading.distinct_tree(b, d, seed=7), first="MIN")
        leaves = alphabeta(game, order=grading.exact_order(game)).leaves
        assert leaves == b ** math.ceil(d / 2) + b ** (d // 2) - 1


@pytest.mark.parametrize("wrong", [
    lambda b, d: 2 * b ** (d / 2),                 # the approximation, not the count
    lambda b, d: 2 * b ** (d // 2) - 1,            # floor twice
    lambda b, d: b ** math.ceil(d / 2) + b ** (d // 2),  # the principal variation counted twice
], ids=["approximation", "floor-twice", "pv-twice"])
def test_wrong_best_case_formulas_are_caught(wrong):
    with pytest.raises(CheckFailed, match="best_case_leaves"):
        grading.check_best_case_leaves(wrong)


def test_an_effective_branching_factor_without_the_root_is_caught():
    solve = answers(A4)["effective_branching_factor"]
    with pytest.raises(CheckFailed, match=r"effective_branching_factor\(53, 5\)"):
        grading.check_effective_branching_factor(lambda nodes, depth: solve(nodes - 1, depth))


# --- the new exercises: each typical mistake, planted in the solution, is caught and named --------

CHANCE_SUM = "return sum(probability * expectimax_value(subtree) for probability, subtree in tree.outcomes)"
PRUNED = "[1][0][0][1], [1][0][1][1], [1][1][0][0], [1][1][0][1], [1][1][1][0], [1][1][1][1]"
REWARD = "reward = 1 + state.board.count(None)"
NAMED_MISTAKES = [
    # expectimax: the chance node taken for a perfect MIN, or averaged without its probabilities
    pytest.param(A1, "expectimax_value", grading.check_expectimax,
                 [(CHANCE_SUM, "return min(expectimax_value(subtree) for _, subtree in tree.outcomes)", 1)],
                 r"each reply equally likely.*expected: 2\.5\n  returned: 0", id="expectimax-chance-as-min"),
    pytest.param(A1, "expectimax_value", grading.check_expectimax,
                 [(CHANCE_SUM, "return sum(expectimax_value(subtree) for _, subtree in tree.outcomes)"
                               " / len(tree.outcomes)", 1)],
                 r"replies weighted 1, 2, 3", id="expectimax-plain-average"),
    pytest.param(A1, "expectimax_value", grading.check_expectimax,
                 [(CHANCE_SUM, "return max(expectimax_value(subtree) for _, subtree in tree.outcomes)", 1)],
                 r"expected: 2\.5\n  returned: 5", id="expectimax-chance-as-max"),
    # alpha-beta by hand: a tie not pruned, a subtree named instead of its leaves, the exact value
    # written where alpha-beta only has a bound, a value given to a node alpha-beta never reaches
    pytest.param(A2, "alphabeta_by_hand", grading.check_hand_trace,
                 [("[1][0][0][1], ", "", 1)],
                 r"you missed \[1\]\[0\]\[0\]\[1\], pruned: .* MAX already has 3",
                 id="hand-trace-tie-not-pruned"),
    pytest.param(A2, "alphabeta_by_hand", grading.check_hand_trace,
                 [("[1][1][0][0], [1][1][0][1], [1][1][1][0], [1][1][1][1]", "[1][1]", 1)],
                 r"\[1\]\[1\] is not a leaf", id="hand-trace-subtree-not-leaves"),
    pytest.param(A2, "alphabeta_by_hand", grading.check_hand_trace,
                 [('"[1]": 3, "[1][0][0]": 3', '"[1]": 2, "[1][0][0]": 2', 1)],
                 r"MIN node \[1\].*a bound, not the exact minimax value; prune when alpha >= beta\)\n  returned: 2",
                 id="hand-trace-exact-value-at-a-bound"),
    pytest.param(A2, "alphabeta_by_hand", grading.check_hand_trace,
                 [('"[1][0][1]": 1}', '"[1][0][1]": 1, "[1][1][0]": 3}', 1)],
                 r"a value for \[1\]\[1\]\[0\], which is pruned", id="hand-trace-value-for-a-pruned-node"),
    pytest.param(A2, "alphabeta_by_hand", grading.check_hand_trace,
                 [("return pruned, min_values", "return min_values, pruned", 1)],
                 r"cannot be read", id="hand-trace-pair-swapped"),
    # depth-adjusted utility: not adjusted, adjusted the wrong way, O's wins not adjusted (so O does
    # not hurry), the slowest win worth no more than a draw (caught by the ranking, since no test
    # position turns on it), a draw that is not a number
    pytest.param(A3, "depth_adjusted_utility", grading.check_depth_adjusted_utility,
                 [(REWARD, "reward = 1", 1)],
                 r"expected: a move among \[6, 8\], which wins in 1 ply\n  returned: 5, which wins in 3 plies",
                 id="utility-not-adjusted"),
    pytest.param(A3, "depth_adjusted_utility", grading.check_depth_adjusted_utility,
                 [(REWARD, "reward = 10 - state.board.count(None)", 1)],
                 r"returned: \d, which wins in [3-9] plies", id="utility-later-win-worth-more"),
    pytest.param(A3, "depth_adjusted_utility", grading.check_depth_adjusted_utility,
                 [('else -reward', 'else -1', 1)],
                 r"O to move.*which wins in 1 ply\n  returned: \d, which wins in 3 plies",
                 id="utility-loss-not-adjusted"),
    pytest.param(A3, "depth_adjusted_utility", grading.check_depth_adjusted_utility,
                 [(REWARD, "reward = state.board.count(None)", 1)],
                 r"gives 0 to a win for X after 9 marks.*and 0 to a draw", id="utility-slowest-win-as-draw"),
    pytest.param(A3, "depth_adjusted_utility", grading.check_depth_adjusted_utility,
                 [("return 0", "return None", 1)],
                 r"expected: a number\n  returned: None", id="utility-draw-not-a-number"),
    # Connect Four: X's view forgotten (the side to move's, or O's), the opponent's windows ignored,
    # the score not scaled into (-1, 1); in the small tournament (small_tournament)
    pytest.param(A5, "evaluate", grading.check_connect_four_evaluation,
                 [("return score / 10_000", "return -score / 10_000", 1)],
                 r"scored 11 of 60 points; it needs 45", id="connect-four-sign-flipped"),
    pytest.param(A5, "evaluate", grading.check_connect_four_evaluation,
                 [("return score / 10_000", "return score / 10_000 * (1 if state.to_move == 'X' else -1)",
                   1)],
                 r"scored 30\.5 of 60 points", id="connect-four-side-to-move"),
    pytest.param(A5, "evaluate", grading.check_connect_four_evaluation,
                 [("if (x > 0) == (o > 0):", "if o or not x:  # O's lines left out", 1)],
                 r"scored 40 of 60 points.*against the course's evaluation: 5 won",
                 id="connect-four-opponent-ignored"),
    pytest.param(A5, "evaluate", grading.check_connect_four_evaluation,
                 [("return score / 10_000", "return score", 1)],
                 r"strictly between -1 and \+1, but on", id="connect-four-not-scaled"),
]


def small_tournament(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make assignment 5's tournament 10 openings (60 games) with the pass mark scaled to 45 points:
    a planted mistake tells its own story there as in the full tournament, in a quarter of the time.
    The full tournament's figures are test_the_tournament_bar_is_computed's."""
    monkeypatch.setattr(assignment5, "TOURNAMENT_OPENINGS", 10)
    monkeypatch.setattr(assignment5, "PASS_POINTS", 45)
    guard.accept_changes(monkeypatch)


@pytest.mark.parametrize("notebook, function, check, mutations, named", NAMED_MISTAKES)
def test_a_planted_mistake_in_a_new_exercise_is_caught_and_named(notebook, function, check, mutations,
                                                                  named, capsys, monkeypatch):
    if notebook == A5:
        small_tournament(monkeypatch)
    mistaken = answers(notebook, function, tuple(mutations))[function]
    with pytest.raises(CheckFailed) as caught:
        check(mistaken)
    assert re.search(named, str(caught.value), re.DOTALL), str(caught.value)
    assert capsys.readouterr().out == ""


def hand_trace_key():
    """Return the hand trace's answer as alphabeta's Trace gives it: the leaves it never examines,
    and the value it backs up at each MIN node it visits (computed here: the package stores none)."""
    game, trace = TreeGame(grading.HAND_TRACE_TREE), Trace()
    alphabeta(game, trace=trace)
    leaves = {p for p in game.nodes if game.is_terminal(p)}
    mins = {p: v for p, v in trace.values().items()
            if v is not None and p not in leaves and game.to_move(p) == "MIN"}
    return leaves - set(trace.leaves()), mins


def test_the_hand_trace_answer_is_alphabetas():
    assert grading.HAND_TRACE_TREE == random_tree(2, 4, seed=64, low=0, high=9)
    pruned, mins = hand_trace_key()
    game = TreeGame(grading.HAND_TRACE_TREE)
    assert len(pruned) == minimax(game).leaves - alphabeta(game).leaves == 6
    inner_min_nodes = {p for p in game.nodes if len(p) % 2 == 1 and not game.is_terminal(p)}
    assert set(mins) == inner_min_nodes - {(1, 1, 0), (1, 1, 1)}  # the pruned [1][1]'s MIN nodes
    exact = Trace()
    minimax(game, trace=exact)
    assert [p for p in mins if mins[p] != exact.values()[p]] == [(1, 0, 0), (1,)]  # two bounds to get right
    # paths as tuples are read as well as text
    grading.check_hand_trace(lambda: (sorted(pruned), mins))


def test_a_chance_case_is_rebuilt_for_every_call():
    case = grading.CS188_EXAMPLE
    assert case.tree == case.tree and case.tree is not case.tree
    assert expectiminimax(case.tree).value == 8

    def vandal(tree):
        tree.clear()
        return 8

    with pytest.raises(CheckFailed):
        grading.check_expectimax(vandal)
    assert expectiminimax(case.tree).value == 8


def test_the_quicker_win_positions_are_what_the_plain_utility_gets_wrong():
    game = TicTacToe()
    cases = grading.quicker_win_positions()
    assert len(cases) == 485
    for state, best, lengths in cases[::25]:
        assert alphabeta(game, state).move not in best
        assert set(best) <= set(lengths) and len(set(lengths.values())) > 1
        for move, plies in lengths.items():
            assert grading.plies_to_end(game, game.result(state, move)) == plies - 1
    assert grading.plies_to_end(game, game.initial) is None  # a draw
    assert grading.plies_to_end(game, game.state("XX.OO....")) == 1


def test_the_tournament_bar_is_computed():
    from minimax_lab import ConnectFour
    game = ConnectFour()
    course = grading.standings(game.evaluate)  # the same for one seed: test_memorised_answers
    none = grading.standings(lambda state: 0)
    assert sum(s.points for s in course) == 198.5 >= grading.PASS_POINTS
    assert sum(s.points for s in none) == 115.5 < grading.PASS_POINTS
    # what the handout shows, stored, is what these games give
    assert grading.BASELINE_STANDINGS == {"the course's evaluation": tuple(s.counts for s in course),
                                          "no evaluation": tuple(s.counts for s in none)}
    # the report the handout prints from them (standings_report, on the student's games, runs in the
    # solution notebook under nbval), from the games played above rather than a third tournament
    assert grading.stored_standings_report("no evaluation") == assignment5.report_text([s.counts for s in none])
    starts = grading.tournament_openings(game)
    assert len(set(starts)) == grading.TOURNAMENT_OPENINGS and all(len(s.moves) == 7 for s in starts)
