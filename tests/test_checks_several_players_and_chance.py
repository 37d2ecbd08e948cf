"""Lesson 09's exercises answered with the solutions the lesson shows (correct), with typical
mistakes (not correct, the mistake named, the answer held back until the second try), and not at
all (not answered yet)."""

import re
from fractions import Fraction

import pytest
from hint_first import assert_hint_first, exercises_of
from lesson_notebooks import cell_source, lesson_cells, solution_blocks, solution_namespace

from minimax_lab import TreeGame, minimax
from minimax_lab.checks import several_players_and_chance as check
from minimax_lab.games.turns import TurnTree
from minimax_lab.search.beyond import Chance, deviations, expectiminimax, maxn

CELLS = lesson_cells("09_several_players_and_chance.ipynb")
SOLUTIONS = solution_blocks(CELLS)
ANSWERS = {"my_value": check.en_prise_value, "my_vector": check.root_vector, "my_nodes": check.deviating_nodes,
           "my_ghost_value": check.ghost_value, "my_chance_value": check.chance_value}


def solution(name):
    """Return the value the lesson's solution block assigns to `name` (or the function it defines)."""
    return solution_namespace(SOLUTIONS, name, {"Fraction": Fraction, "Chance": Chance})[name]


def markdown_python(containing, names=None):
    """Return the value of the ```python block of a markdown cell (outside <details>) containing `containing`."""
    for cell in CELLS:
        text = cell_source(cell)
        if cell["cell_type"] == "markdown" and "<details>" not in text:
            for block in re.findall(r"```python\n(.*?)```", text, re.S):
                if containing in block:
                    return eval(block, {"Chance": Chance, "Fraction": Fraction})
    raise AssertionError(f"no python block containing {containing!r}")


def code_cell(containing):
    (cell,) = [cell for cell in CELLS if cell["cell_type"] == "code" and containing in cell_source(cell)]
    return cell_source(cell)


def expectimax_with(code):
    namespace = {"Chance": Chance}
    exec(code, namespace)
    return namespace["expectimax"]


EXPECTIMAX = solution("expectimax")


def test_the_lesson_shows_a_solution_for_every_exercise():
    assert len(SOLUTIONS) == len(ANSWERS) + 1   # and the expectimax function
    for name in ANSWERS:
        stub = [cell for cell in CELLS if cell["cell_type"] == "code"
                and cell_source(cell).startswith(f"{name} = ...")]
        assert len(stub) == 1, name
    assert "raise NotImplementedError" in code_cell("def expectimax(node)")


def test_the_lesson_asks_what_the_checks_check():
    """The trees and numbers the lesson's prompts show are the checks' data."""
    assert markdown_python("(3, 1, 5)") == check.VECTOR_TREE
    assert markdown_python("[[[7, 2], [9, 4]]") == check.GHOST_TREE
    shown = markdown_python("Chance(")
    assert [[(p, child) for p, child in node.outcomes] for node in shown] == \
        [[(p, child) for p, child in node.outcomes] for node in check.CHANCE_TREE]
    code = "\n".join(cell_source(cell) for cell in CELLS if cell["cell_type"] == "code")
    assert "queen = [[1, 0],     # guard" in code and check.QUEEN == [[1, 0], [-9, 12]]
    assert "centipede = [(1, 0), [(0, 2), [(3, 1), [(2, 4), (5, 3)]]]]" in code
    assert check.CENTIPEDE == [(1, 0), [(0, 2), [(3, 1), [(2, 4), (5, 3)]]]]
    assert 'turns=("MAX", "ghost 1", "ghost 2")' in code and check.GHOSTS == ("MAX", "ghost 1", "ghost 2")
    prompts = "\n".join(cell_source(cell) for cell in CELLS if cell["cell_type"] == "markdown")
    assert "one time in four" in prompts and check.CAPTURE == Fraction(1, 4)
    assert "40 random ones" in prompts and check.EXPECTIMAX_TREES == 40


# --- the solutions are correct ---------------------------------------------------------------------

@pytest.mark.parametrize("name, starts", [
    ("my_value", "Correct: 27/4. 1/4 × (-9) + 3/4 × 12 = 27/4, against 1/2 for guarding"),
    ("my_vector", "Correct: (4, 4, 4). C picks (3, 1, 5), (4, 4, 4), (1, 2, 7) and (7, 1, 3)"),
    ("my_nodes", "Correct: [1][1][1]. With everyone passing the game ends at (5, 3)"),
    ("my_ghost_value", "Correct: 3. Ghost 2 takes the smaller leaf of each pair: 2, 4, 6, 3, 1, 7"),
    ("my_chance_value", "Correct: 4. The gambles are worth 7/2 and 4"),
])
def test_solutions_are_correct(name, starts, capsys):
    verdict = ANSWERS[name](solution(name))
    assert verdict.correct is True and verdict.text.startswith(starts)
    assert capsys.readouterr().out == verdict.text + "\n"


def test_the_expectimax_solution_is_correct():
    verdict = check.expectimax(EXPECTIMAX)
    assert verdict.correct is True
    assert verdict.text == f"Correct: expectimax gives the right result on all {len(check.expectimax_cases())} cases."


def test_answers_are_computed_by_the_package():
    assert check.plan_values(check.CAPTURE) == [Fraction(1, 2), Fraction(27, 4)]
    assert maxn(check.VECTOR_TREE).value == (4, 4, 4)
    assert deviations(check.CENTIPEDE, check.PASS_EVERYWHERE) == [(1, 1, 1)]
    assert expectiminimax(check.CHANCE_TREE).value == 4
    assert minimax(TurnTree(check.GHOST_TREE, turns=check.GHOSTS)).value == 3
    assert minimax(TreeGame(check.GHOST_TREE)).value == 8


def test_answers_in_other_forms_are_accepted():
    assert check.en_prise_value(6.75).correct is True
    assert check.deviating_nodes("[1][1][1]").correct is True
    assert check.deviating_nodes([(1, 1, 1)]).correct is True
    assert check.root_vector([4, 4, 4]).correct is True
    assert check.ghost_value(3.0).correct is True


# --- the expectimax cases ----------------------------------------------------------------------------

def test_expectimax_cases_are_many_small_first_with_uneven_odds_and_both_tops():
    cases = check.expectimax_cases()
    assert len(cases) == 6 + 40 and cases[0] == (5,)
    trees = [tree for (tree,) in cases]
    assert any(isinstance(tree, Chance) for tree in trees[6:]) and any(isinstance(tree, list) for tree in trees[6:])
    odds = {p for tree in trees if isinstance(tree, Chance) for p, _ in tree.outcomes}
    assert len(odds) > 3   # not only 1/2 and 1/3: the "equally likely" mistake is caught
    assert check.expectimax_cases() == check.expectimax_cases(seed=0) != check.expectimax_cases(seed=1)


def test_expectimax_value_is_the_package_s_expectiminimax_with_every_list_maximizing():
    half = Fraction(1, 2)
    tree = [Chance([(half, [3, Chance([(Fraction(1, 3), 1), (Fraction(2, 3), 9)])]), (half, 4)]), 2]
    assert check.expectimax_value(tree) == half * max(3, Fraction(1, 3) + 6) + half * 4


# --- typical mistakes are named ----------------------------------------------------------------------

MISTAKES = [
    (check.en_prise_value, 12, "against an opponent who never takes the queen"),
    (check.en_prise_value, -9, "always takes it, a perfect opponent"),
    (check.en_prise_value, Fraction(3, 2), "takes it half the time"),
    (check.en_prise_value, Fraction(-15, 4), "You swapped the probabilities"),
    (check.en_prise_value, 0, "minimax's value, from guarding the queen"),
    (check.en_prise_value, "27/4", "The answer is a number"),
    (check.root_vector, (7, 1, 3), "That is the best leaf for A"),
    (check.root_vector, (2, 6, 2), "assumes B and C play against A"),
    (check.root_vector, 4, "The answer is a tuple of 3"),
    (check.deviating_nodes, {(), (1,), (1, 1), (1, 1, 1)}, "Backward induction's profile takes everywhere"),
    (check.deviating_nodes, set(), "Look at the last node"),
    (check.deviating_nodes, {(1, 1)}, "The answer is [1][1][1]"),
    (check.deviating_nodes, 3, "is not a collection of paths"),
    (check.ghost_value, 8, "if the players alternated"),
    (check.ghost_value, 9, "the largest leaf"),
    (check.ghost_value, 1, "the smallest leaf"),
    (check.chance_value, 2, "treats the chance nodes as MIN"),
    (check.chance_value, 10, "treats the chance nodes as MAX"),
    (check.chance_value, Fraction(11, 2), "as if they were equally likely"),
    (check.quiz_1, "a", "a modelled plan guarantees nothing when the model is wrong"),
    (check.quiz_1, "c", "the queen's position has no dice"),
    (check.quiz_2, "a", "Order is enough for minimax"),
    (check.quiz_2, "c", "Squaring"),
    (check.quiz_3, "b", "Depth is not the problem"),
    (check.quiz_3, "c", "max^n is for players with goals of their own"),
    (check.quiz_3, "d", "Answer with one of the letters a, b or c"),
]


@pytest.mark.parametrize("exercise, answer, named", MISTAKES)
def test_typical_mistakes_are_named(exercise, answer, named):
    exercise(answer)
    verdict = exercise(answer)   # the second wrong try: the hint and the answer with its why
    assert verdict.correct is False and named in verdict.text


EXPECTIMAX_MISTAKES = {
    "as if they were equally likely": ("sum(p * expectimax(child) for p, child in node.outcomes)",
                                       "sum(expectimax(child) for p, child in node.outcomes) / len(node.outcomes)"),
    "takes the worst outcome": ("sum(p * expectimax(child) for p, child in node.outcomes)",
                                "min(expectimax(child) for p, child in node.outcomes)"),
    "takes the best outcome": ("sum(p * expectimax(child) for p, child in node.outcomes)",
                               "max(expectimax(child) for p, child in node.outcomes)"),
    "averages at Pac-Man's nodes": ("return max(expectimax(child) for child in node)",
                                    "return sum(expectimax(child) for child in node) / len(node)"),
    "not the subtree itself": ("p * expectimax(child)", "p * child"),
    "its outcomes are node.outcomes": ("for p, child in node.outcomes", "for p, child in node"),
}
"""Each typical mistake: (the solution's text, what the mistake writes instead), by what the verdict says."""


def solution_code(name):
    (block,) = [block for block in SOLUTIONS if f"def {name}(" in block]
    return block


@pytest.mark.parametrize("named", EXPECTIMAX_MISTAKES)
def test_a_typical_expectimax_mistake_is_named_on_the_smallest_failing_tree(named):
    right, wrong = EXPECTIMAX_MISTAKES[named]
    code = solution_code("expectimax")
    assert right in code
    verdict = check.expectimax(expectimax_with(code.replace(right, wrong)))
    assert verdict.correct is False and verdict.text.startswith("Not correct: ")
    assert named in verdict.text and verdict.failing is not None
    sizes = [len(repr(case)) for case in check.expectimax_cases()]
    assert len(repr(verdict.failing)) <= max(sizes)


def test_the_package_s_expectiminimax_and_the_answer_key_are_refused():
    for answer in (expectiminimax, lambda node: expectiminimax(node).value, check.expectimax_value):
        verdict = check.expectimax(answer)
        assert verdict.correct is False and "the package's expectiminimax" in verdict.text


def test_the_expectimax_stub_is_not_answered_yet(capsys):
    verdict = check.expectimax(expectimax_with(code_cell("def expectimax(node)").split("check.")[0]))
    assert verdict.correct is None and verdict.text.startswith("Not answered yet: ")
    assert "Traceback" not in capsys.readouterr().out


def test_a_wrong_answer_does_not_give_the_solution_away():
    assert "27/4" not in check.en_prise_value(5).text
    assert "(4, 4, 4)" not in check.root_vector((1, 2, 7)).text
    assert "[1][1][1]" not in check.deviating_nodes({()}).text


# --- hint first, the answer on the second wrong try ----------------------------------------------------

def equally_likely(node):
    if isinstance(node, Chance):
        return sum(equally_likely(child) for _, child in node.outcomes) / len(node.outcomes)
    if isinstance(node, list):
        return max(equally_likely(child) for child in node)
    return node


HINT_FIRST = [
    (check.en_prise_value, 12, "27/4"),
    (check.root_vector, (7, 1, 3), "(4, 4, 4)"),
    (check.deviating_nodes, set(), "[1][1][1]"),
    (check.ghost_value, 8, "3"),
    (check.chance_value, 2, "4"),
    (check.expectimax, equally_likely, "The right result is 2"),
    (check.quiz_1, "a", "'b'"),
    (check.quiz_2, "a", "'b'"),
    (check.quiz_3, "c", "'a'"),
]


@pytest.mark.parametrize("exercise, wrong, answer", HINT_FIRST)
def test_hint_first(exercise, wrong, answer):
    assert_hint_first(exercise, wrong, answer)


def test_every_exercise_has_a_hint_first_case():
    assert {case[0] for case in HINT_FIRST} == exercises_of(check)


# --- Check yourself --------------------------------------------------------------------------------

@pytest.mark.parametrize("quiz, right", [(check.quiz_1, "b"), (check.quiz_2, " B "), (check.quiz_3, "a")])
def test_check_yourself_right_answers_are_confirmed(quiz, right):
    verdict = quiz(right)
    assert verdict.correct is True and verdict.text.startswith("Correct: ")


def test_check_yourself_has_worked_answers():
    worked = [cell_source(cell) for cell in CELLS if "<summary>Worked answers</summary>" in cell_source(cell)]
    assert len(worked) == 1 and all(f"{n}. **{letter}.**" in worked[0] for n, letter in ((1, "b"), (2, "b"), (3, "a")))


# --- not answered yet -----------------------------------------------------------------------------

@pytest.mark.parametrize("exercise", [*ANSWERS.values(), check.expectimax, check.quiz_1, check.quiz_2, check.quiz_3])
def test_unanswered_exercises_say_so_and_do_not_raise(exercise, capsys):
    verdict = exercise(...)
    assert verdict.correct is None and verdict.text.startswith("Not answered yet: ")
    assert capsys.readouterr().out == verdict.text + "\n"


@pytest.mark.parametrize("exercise", [*ANSWERS.values(), check.expectimax])
@pytest.mark.parametrize("answer", [None, [17], float("nan"), True, "x"])
def test_anything_gets_a_verdict(exercise, answer):
    assert exercise(answer).correct is False
