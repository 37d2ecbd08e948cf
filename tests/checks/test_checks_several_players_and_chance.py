"""Lesson 09's exercises answered with the solutions the lesson shows (correct), with typical
mistakes (not correct, the mistake named, the answer held back until the second try), and not at
all (not answered yet)."""

import re
from fractions import Fraction

import pytest
from hint_first import assert_hint_first, exercises_of
from lesson_notebooks import cell_source, lesson_cells, solution_blocks, solution_namespace

from minimax_lab.checks import several_players_and_chance as check
from minimax_lab.games.maze import MazeGame
from minimax_lab.running.guard import call_student
from minimax_lab.search.agents import agents_search
from minimax_lab.search.beyond import deviations, maxn

CELLS = lesson_cells("09_several_players_and_chance.ipynb")
SOLUTIONS = solution_blocks(CELLS)
ANSWERS = {"my_value": check.en_prise_value, "my_vector": check.root_vector, "my_nodes": check.deviating_nodes}
FUNCTIONS = {"maze_value": check.maze_value}


def solution(name):
    """Return the value the lesson's solution block assigns to `name` (or the function it defines)."""
    return solution_namespace(SOLUTIONS, name, {"Fraction": Fraction})[name]


def markdown_python(containing, names=None):
    """Return the value of the ```python block of a markdown cell (outside <details>) containing `containing`."""
    for cell in CELLS:
        text = cell_source(cell)
        if cell["cell_type"] == "markdown" and "<details>" not in text:
            for block in re.findall(r"```python\n(.*?)```", text, re.S):
                if containing in block:
                    return eval(block, {"Fraction": Fraction})
    raise AssertionError(f"no python block containing {containing!r}")


def code_cell(containing):
    (cell,) = [cell for cell in CELLS if cell["cell_type"] == "code" and containing in cell_source(cell)]
    return cell_source(cell)


def defined(code, name):
    namespace: dict = {}
    exec(code, namespace)
    return namespace[name]


MAZE_VALUE = solution("maze_value")


def test_the_lesson_shows_a_solution_for_every_exercise():
    assert len(SOLUTIONS) == len(ANSWERS) + len(FUNCTIONS)
    for name in ANSWERS:
        stub = [cell for cell in CELLS if cell["cell_type"] == "code"
                and re.search(rf"^{name} = \.\.\.", cell_source(cell), re.M)]
        assert len(stub) == 1, name
    assert "raise NotImplementedError" in code_cell("def maze_value(game, state, depth)")


def test_the_maze_solution_is_at_most_fifteen_lines():
    (block,) = [block for block in SOLUTIONS if "def maze_value(" in block]
    assert len(block.strip().splitlines()) <= 15


def test_the_lesson_asks_what_the_checks_check():
    """The trees and numbers the lesson's prompts show are the checks' data."""
    assert markdown_python("(3, 1, 5)") == check.VECTOR_TREE
    code = "\n".join(cell_source(cell) for cell in CELLS if cell["cell_type"] == "code")
    assert "queen = [[1, 0],     # guard" in code and check.QUEEN == [[1, 0], [-9, 12]]
    assert "centipede = [(1, 0), [(0, 2), [(3, 1), [(2, 4), (5, 3)]]]]" in code
    assert check.CENTIPEDE == [(1, 0), [(0, 2), [(3, 1), [(2, 4), (5, 3)]]]]
    prompts = "\n".join(cell_source(cell) for cell in CELLS if cell["cell_type"] == "markdown")
    assert "one time in four" in prompts and check.CAPTURE == Fraction(1, 4)
    assert "40 random small mazes" in prompts and check.MAZE_CASES == 40
    # Check yourself, question 3: the rounds it asks about, and two chasers
    assert "2 rounds deep" in prompts and check.ROUND_DEPTH == 2 and len(MazeGame(check.ROUND_MAZE).chasers) == 2


# --- the solutions are correct ---------------------------------------------------------------------

@pytest.mark.parametrize("name, starts", [
    ("my_value", "Correct: 27/4. 1/4 × (-9) + 3/4 × 12 = 27/4, against 1/2 for guarding"),
    ("my_vector", "Correct: (4, 4, 4). C picks (3, 1, 5), (4, 4, 4), (1, 2, 7) and (7, 1, 3)"),
    ("my_nodes", "Correct: [1][1][1]. With everyone passing the game ends at (5, 3)"),
])
def test_solutions_are_correct(name, starts, capsys):
    verdict = ANSWERS[name](solution(name))
    assert verdict.correct is True and verdict.text.startswith(starts)
    assert capsys.readouterr().out == verdict.text + "\n"


def test_the_maze_solution_is_correct():
    verdict = check.maze_value(MAZE_VALUE)
    assert verdict.correct is True
    assert verdict.text == f"Correct: maze_value gives the right result on all {len(check.maze_cases())} cases."


def test_answers_are_computed_by_the_package():
    assert check.plan_values(check.CAPTURE) == [Fraction(1, 2), Fraction(27, 4)]
    assert maxn(check.VECTOR_TREE).value == (4, 4, 4)
    assert deviations(check.CENTIPEDE, check.PASS_EVERYWHERE) == [(1, 1, 1)]
    tiny = MazeGame("tiny")
    assert [check.maze_reference(tiny, tiny.initial, depth) for depth in (1, 2, 3)] == [-1, 8, 7]


def test_answers_in_other_forms_are_accepted():
    assert check.en_prise_value(6.75).correct is True
    assert check.deviating_nodes("[1][1][1]").correct is True
    assert check.deviating_nodes([(1, 1, 1)]).correct is True
    assert check.root_vector([4, 4, 4]).correct is True


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
    (check.quiz_1, "a", "a modelled plan guarantees nothing when the model is wrong"),
    (check.quiz_1, "c", "the queen's position has no dice"),
    (check.quiz_2, "b", "asks whether one player gains by changing only its own"),
    (check.quiz_2, "c", "where the first takes"),
    (check.quiz_3, "a", "Depth counts rounds"),
    (check.quiz_3, "b", "every chaser moves in it"),
    (check.quiz_3, "d", "Answer with one of the letters a, b or c"),
]


@pytest.mark.parametrize("exercise, answer, named", MISTAKES)
def test_typical_mistakes_are_named(exercise, answer, named):
    exercise(answer)
    verdict = exercise(answer)   # the second wrong try: the hint and the answer with its why
    assert verdict.correct is False and named in verdict.text


def solution_code(name):
    (block,) = [block for block in SOLUTIONS if f"def {name}(" in block]
    return block


def test_a_wrong_answer_does_not_give_the_solution_away():
    assert "27/4" not in check.en_prise_value(5).text
    assert "(4, 4, 4)" not in check.root_vector((1, 2, 7)).text
    assert "[1][1][1]" not in check.deviating_nodes({()}).text


# --- hint first, the answer on the second wrong try ----------------------------------------------------

HINT_FIRST = [
    (check.en_prise_value, 12, "27/4"),
    (check.root_vector, (7, 1, 3), "(4, 4, 4)"),
    (check.deviating_nodes, set(), "[1][1][1]"),
    (check.maze_value, lambda game, state, depth: state.score, "The right result is -1"),
    (check.quiz_1, "a", "'b'"),
    (check.quiz_2, "b", "'a'"),
    (check.quiz_3, "a", "'c'"),
]


@pytest.mark.parametrize("exercise, wrong, answer", HINT_FIRST)
def test_hint_first(exercise, wrong, answer):
    assert_hint_first(exercise, wrong, answer)


def test_every_exercise_has_a_hint_first_case():
    assert {case[0] for case in HINT_FIRST} == exercises_of(check)


# --- Check yourself --------------------------------------------------------------------------------

@pytest.mark.parametrize("quiz, right", [(check.quiz_1, "b"), (check.quiz_2, " A "), (check.quiz_3, "c")])
def test_check_yourself_right_answers_are_confirmed(quiz, right):
    verdict = quiz(right)
    assert verdict.correct is True and verdict.text.startswith("Correct: ")


def test_check_yourself_has_worked_answers():
    worked = [cell_source(cell) for cell in CELLS if "<summary>Worked answers</summary>" in cell_source(cell)]
    assert len(worked) == 1 and all(f"{n}. **{letter}.**" in worked[0] for n, letter in ((1, "b"), (2, "a"), (3, "c")))


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


# --- the maze exercise: search over P and every chaser -----------------------------------------------

def test_maze_cases_are_the_tiny_maze_then_random_small_mazes_smallest_first_p_to_move():
    cases = check.maze_cases()
    assert len(cases) == 2 + check.MAZE_CASES
    assert [(game.maze.source, depth) for game, _, depth in cases[:1]] == [("layout('tiny')", 1)]
    nodes = [agents_search(game, state, depth=depth, evaluate=check.maze_score).nodes for game, state, depth in cases]
    assert nodes == sorted(nodes) and max(nodes) < 3000
    assert all(state.turn == 0 and not game.is_terminal(state) for game, state, _ in cases)
    assert {len(game.chasers) for game, _, _ in cases} == {1, 2} and {depth for _, _, depth in cases} == {1, 2}
    assert any(state != game.initial for game, state, _ in cases)   # some after a few rounds
    assert repr(check.maze_cases()) == repr(check.maze_cases(seed=0)) != repr(check.maze_cases(seed=1))


MAZE_MISTAKES = {
    "drops at every move": ("rounds = depth - 1 if mover == game.agents[-1] else depth", "rounds = depth - 1"),
    "after P's move": ("if mover == game.agents[-1]", "if mover == 'P'"),
    "after the first chaser's move": ("if mover == game.agents[-1]", "if mover == game.agents[1]"),
    "a chaser after the first takes the largest value": (
        '    if mover == "P":\n        return max(values)\n    return min(values)',
        '    if mover == "G1":\n        return min(values)\n    return max(values)'),
    "averages over the chasers' moves": ("    return min(values)", "    return sum(values) / len(values)"),
}
"""Each typical mistake: (the solution's text, what the mistake writes instead), by what the verdict says."""


@pytest.mark.parametrize("named", MAZE_MISTAKES)
def test_a_typical_maze_mistake_is_named_on_the_smallest_failing_case(named):
    right, wrong = MAZE_MISTAKES[named]
    code = solution_code("maze_value")
    assert right in code
    verdict = check.maze_value(defined(code.replace(right, wrong), "maze_value"))
    assert verdict.correct is False and verdict.text.startswith("Not correct: maze_value(MazeGame(")
    assert named in verdict.text and "(wrong on " in verdict.text and verdict.failing is not None
    game, state, depth = verdict.failing
    cases = check.maze_cases()
    first = next(i for i, case in enumerate(cases) if (case[0].maze, case[1], case[2]) == (game.maze, state, depth))
    mistaken = defined(code.replace(right, wrong), "maze_value")
    assert all(mistaken(*case) == check.maze_reference(*case) for case in cases[:first])   # the smallest it fails
    assert str(check.maze_reference(game, state, depth)) not in verdict.text.split("returned")[0][-20:]


def test_the_package_search_and_the_answer_key_are_refused():
    for answer in (lambda game, state, depth: agents_search(game, state, depth=depth, evaluate=check.maze_score).value,
                   check.maze_reference, check.mistaken_maze_value):
        verdict = check.maze_value(answer)
        assert verdict.correct is False and "called the package's" in verdict.text


def test_the_maze_stub_is_not_answered_yet(capsys):
    verdict = check.maze_value(defined(code_cell("def maze_value(game, state, depth)").split("check.")[0],
                                       "maze_value"))
    assert verdict.correct is None and verdict.text.startswith("Not answered yet: ")
    assert "Traceback" not in capsys.readouterr().out


def test_a_failing_maze_case_is_drawn_as_the_position():
    game = MazeGame("tiny")
    picture = check.maze_picture(game, game.initial, 2)
    assert "searched 2 rounds deep" in picture and picture.summary == "maze drawing: searched 2 rounds deep"


def test_the_right_rules_of_the_mistakes_helper_are_the_package_search():
    for game, state, depth in check.maze_cases()[::5]:
        assert check.mistaken_maze_value(game, state, depth) == check.maze_reference(game, state, depth)


def test_the_solution_runs_under_the_guard_on_private_copies():
    game = MazeGame("small")
    outcome = call_student(MAZE_VALUE, game, game.initial, 2, name="maze_value")
    assert outcome.problem is None and outcome.value == check.maze_reference(game, game.initial, 2) == 18
