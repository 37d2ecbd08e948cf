"""Lesson 13's exercises answered with the solutions the lesson shows (correct), with typical
mistakes (not correct, the mistake named, the answer held back until the second try), and not at
all (not answered yet)."""

import re
from fractions import Fraction

import pytest
from hint_first import assert_hint_first, exercises_of
from lesson_notebooks import cell_source, lesson_cells, one_cell, solution_blocks, solution_namespace, stored_output

from minimax_lab.analysis.maze_games import Record
from minimax_lab.checks import chance as check
from minimax_lab.search.agents import agents_search
from minimax_lab.search.beyond import Chance, expectiminimax

CELLS = lesson_cells("13_chance.ipynb")
SOLUTIONS = solution_blocks(CELLS)
ANSWERS = {"my_value": check.root_value, "my_move": check.scaled_move, "my_search": check.caught_more}
FUNCTIONS = {"expectimax": check.expectimax}
CODE = "\n".join(cell_source(cell) for cell in CELLS if cell["cell_type"] == "code")
PROMPTS = "\n".join(cell_source(cell) for cell in CELLS if cell["cell_type"] == "markdown")


def solution(name):
    """Return the value the lesson's solution block assigns to `name` (or the function it defines)."""
    return solution_namespace(SOLUTIONS, name, {"Fraction": Fraction, "Chance": Chance})[name]


def code_cell(containing):
    (cell,) = [cell for cell in CELLS if cell["cell_type"] == "code" and containing in cell_source(cell)]
    return cell_source(cell)


def defined(code, name):
    namespace = {"Chance": Chance}
    exec(code, namespace)
    return namespace[name]


def expectimax_with(code):
    return defined(code, "expectimax")


def solution_code(name):
    (block,) = [block for block in SOLUTIONS if f"def {name}(" in block]
    return block


EXPECTIMAX = solution("expectimax")


def test_the_lesson_shows_a_solution_for_every_exercise():
    assert len(SOLUTIONS) == len(ANSWERS) + len(FUNCTIONS)
    for name in ANSWERS:
        stub = [cell for cell in CELLS if cell["cell_type"] == "code"
                and re.search(rf"^{name} = \.\.\.", cell_source(cell), re.M)]
        assert len(stub) == 1, name
    assert "raise NotImplementedError" in code_cell("def expectimax(node)")


def test_the_lesson_asks_what_the_checks_check():
    """The trees, leaves and games the lesson's prompts show are the checks' data."""
    namespace = {"Chance": Chance, "Fraction": Fraction}
    exec(code_cell("tree = [Chance(").split("check.")[0], namespace)
    assert namespace["tree"] == check.CHANCE_TREE
    assert "expectiminimax(gambles(2, 3, 1, 4))" in CODE and check.BEFORE == (2, 3, 1, 4)
    assert "expectiminimax(gambles(20, 30, 1, 400))" in CODE and check.AFTER == (20, 30, 1, 400)
    assert "p, q = Fraction(9, 10), Fraction(1, 10)" in CODE
    assert "40 random ones" in PROMPTS and check.EXPECTIMAX_TREES == 40
    assert "Ten seeded games on the medium maze" in PROMPTS and check.DEMO_GAMES == 10 and check.DEMO_MAZE == "medium"
    assert "2 rounds deep" in PROMPTS and check.DEMO_DEPTH == 2
    assert (f'search_agent(depth={check.DEMO_DEPTH}, chasers="min")' in CODE
            and f"seeds=range({check.DEMO_GAMES}), max_moves={check.DEMO_MOVES}" in CODE)
    # the game of "too afraid" (Check yourself, question 2) is the one the lesson shows and its worked answer names
    assert f"Game {check.AFRAID_SEED}, just before" in PROMPTS and f"seed={check.AFRAID_SEED}" in CODE
    assert f"In game {check.AFRAID_SEED} on the {check.AFRAID_MAZE} maze" in PROMPTS


def test_the_games_shown_are_the_check_s_records():
    records = check.demo_records()
    shown = stored_output(CELLS, "games_record(medium")
    for record in records.values():
        assert repr(record) in " ".join(shown.split())


# --- the solutions are correct ---------------------------------------------------------------------

@pytest.mark.parametrize("name, starts", [
    ("my_value", "Correct: 7/2. MIN's nodes take 2, 4, 1, 3"),
    ("my_move", "Correct: 1. Gamble 0 is now worth 9/10 × 20 + 1/10 × 30 = 21"),
    ("my_search", "Correct: 'minimax'. In 10 games minimax's P is caught 2 times"),
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
    assert expectiminimax(check.CHANCE_TREE).value == Fraction(7, 2)
    assert expectiminimax(check.gambles(*check.BEFORE)).move == 0
    assert expectiminimax(check.gambles(*check.AFTER)).move == 1
    records = check.demo_records()
    assert records["minimax"].losses > records["expectimax"].losses


def test_answers_in_other_forms_are_accepted():
    assert check.root_value(3.5).correct is True
    assert check.root_value(Fraction(7, 2)).correct is True
    assert check.caught_more(" Minimax ").correct is True


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
    (check.root_value, 3, "as if they were equally likely"),
    (check.root_value, 2, "as if chance were an opponent"),
    (check.root_value, 4, "MAX does not choose how the dice fall"),
    (check.root_value, Fraction(15, 2), "each takes its smallest leaf"),
    (check.root_value, "7/2", "The answer is a number"),
    (check.scaled_move, 0, "Minimax would keep that move"),
    (check.caught_more, "expectimax", "Fearing the worst is safe only against the worst"),
    (check.quiz_1, "a", "Order is enough for minimax"),
    (check.quiz_1, "c", "Squaring"),
    (check.quiz_2, "b", "Both searched the same number of rounds"),
    (check.quiz_2, "c", "it does not foresee them"),
    (check.quiz_2, "d", "Answer with one of the letters a, b or c"),
    (check.quiz_3, "b", "Alpha-beta's window works on any numbers"),
    (check.quiz_3, "c", "Pruning below chance nodes is possible"),
]


@pytest.mark.parametrize("exercise, answer, named", MISTAKES)
def test_typical_mistakes_are_named(exercise, answer, named):
    exercise(answer)
    verdict = exercise(answer)   # the second wrong try: the hint and the answer with its why
    assert verdict.correct is False and named in verdict.text


EXPECTIMAX_MISTAKES = {
    "as if they were equally likely": ("total += p * expectimax(child)",
                                       "total += expectimax(child) / len(node.outcomes)"),
    "takes the worst outcome": ("        total = 0\n        for p, child in node.outcomes:\n"
                                "            total += p * expectimax(child)\n        return total\n",
                                "        return min(expectimax(child) for p, child in node.outcomes)\n"),
    "takes the best outcome": ("        total = 0\n        for p, child in node.outcomes:\n"
                               "            total += p * expectimax(child)\n        return total\n",
                               "        return max(expectimax(child) for p, child in node.outcomes)\n"),
    "averages at Pac-Man's nodes": ("return max(expectimax(child) for child in node)",
                                    "return sum(expectimax(child) for child in node) / len(node)"),
    "not the subtree itself": ("p * expectimax(child)", "p * child"),
    "its outcomes are node.outcomes": ("for p, child in node.outcomes", "for p, child in node"),
}
"""Each typical mistake: (the solution's text, what the mistake writes instead), by what the verdict says."""


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
    check.root_value.forget()
    check.scaled_move.forget()
    assert "7/2" not in check.root_value(5).text
    first = check.scaled_move(0).text
    assert "40.9" not in first and "409/10" not in first
    check.root_value.forget()
    check.scaled_move.forget()


# --- hint first, the answer on the second wrong try ----------------------------------------------------

def equally_likely(node):
    if isinstance(node, Chance):
        return sum(equally_likely(child) for _, child in node.outcomes) / len(node.outcomes)
    if isinstance(node, list):
        return max(equally_likely(child) for child in node)
    return node


HINT_FIRST = [
    (check.root_value, 3, "7/2"),
    (check.scaled_move, 0, "1"),
    (check.caught_more, "expectimax", "'minimax'"),
    (check.expectimax, equally_likely, "The right result is 2"),
    (check.quiz_1, "a", "'b'"),
    (check.quiz_2, "c", "'a'"),
    (check.quiz_3, "b", "'a'"),
]


@pytest.mark.parametrize("exercise, wrong, answer", HINT_FIRST)
def test_hint_first(exercise, wrong, answer):
    assert_hint_first(exercise, wrong, answer)


def test_every_exercise_has_a_hint_first_case():
    assert {case[0] for case in HINT_FIRST} == exercises_of(check)


# --- Check yourself --------------------------------------------------------------------------------

@pytest.mark.parametrize("quiz, right", [(check.quiz_1, "b"), (check.quiz_2, " A "), (check.quiz_3, "a")])
def test_check_yourself_right_answers_are_confirmed(quiz, right):
    verdict = quiz(right)
    assert verdict.correct is True and verdict.text.startswith("Correct: ")


def test_check_yourself_has_worked_answers():
    worked = [cell_source(cell) for cell in CELLS if "<summary>Worked answers</summary>" in cell_source(cell)]
    assert len(worked) == 1 and all(f"{n}. **{letter}.**" in worked[0] for n, letter in ((1, "b"), (2, "a"), (3, "a")))


# --- not answered yet -----------------------------------------------------------------------------

@pytest.mark.parametrize("exercise", [*ANSWERS.values(), *FUNCTIONS.values(), check.quiz_1, check.quiz_2, check.quiz_3])
def test_unanswered_exercises_say_so_and_do_not_raise(exercise, capsys):
    verdict = exercise(...)
    assert verdict.correct is None and verdict.text.startswith("Not answered yet: ")
    assert capsys.readouterr().out == verdict.text + "\n"


@pytest.mark.parametrize("exercise", [*ANSWERS.values(), *FUNCTIONS.values()])
@pytest.mark.parametrize("answer", [None, [17], float("nan"), True, "x"])
def test_anything_gets_a_verdict(exercise, answer):
    assert exercise(answer).correct is False


# --- random chasers ---------------------------------------------------------------------------------

def test_the_too_afraid_position_is_a_move_into_a_chaser():
    game, state = check.afraid_position()
    fears = agents_search(game, state, depth=check.AFRAID_DEPTH, evaluate=check.maze_score)
    hopes = agents_search(game, state, depth=check.AFRAID_DEPTH, evaluate=check.maze_score, chasers="chance")
    assert game.is_loss(game.result(state, fears.move)) and not game.is_terminal(game.result(state, hopes.move))
    assert fears.value < -300 < 100 < hopes.value


def test_the_tree_drawing_shows_the_tree_s_probabilities_and_leaves():
    drawing = check.tree_drawing(check.CHANCE_TREE)
    assert drawing.summary == "tree drawing: 15 nodes"
    source = str(drawing.source) if hasattr(drawing, "source") else str(drawing)
    assert 'label=" 0.25"' in source and 'label=" 0.75"' in source and "label=9 " in source


def test_the_stored_records_are_the_games_the_lesson_plays():
    """The lesson plays the demonstration's games in a cell of its own, whose output nbval keeps what
    the code computes (make test runs both): its settings are the check's, its records the stored ones."""
    source = one_cell(CELLS, "code", "games_record(")
    settings = [f'MazeGame("{check.DEMO_MAZE}")', f"seeds=range({check.DEMO_GAMES})", f"max_moves={check.DEMO_MOVES}",
                *(f'"{name}": search_agent(depth={check.DEMO_DEPTH}, chasers="{chasers}")'
                  for name, chasers in check.CHASER_MODELS.items())]
    assert [part for part in settings if part not in source] == []
    assert eval(stored_output(CELLS, "games_record("), {"Record": Record}) == check.DEMO_RECORDS
