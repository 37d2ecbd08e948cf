"""Lesson 10's exercises answered with the solutions the lesson shows (correct), with typical
mistakes (not correct, the mistake named, the answer held back until the second try), and not at
all (not answered yet)."""

import math
import re

import pytest
from hint_first import assert_hint_first, exercises_of
from lesson_notebooks import cell_source, lesson_cells, markdown_text, solution_blocks, solution_namespace

from minimax_lab import minimax
from minimax_lab.checks import monte_carlo_tree_search as check
from minimax_lab.search import mcts

CELLS = lesson_cells("10_monte_carlo_tree_search.ipynb")
SOLUTIONS = solution_blocks(CELLS)
ANSWERS = {"my_favourite": check.playout_favourite, "my_child": check.next_selection,
           "my_winner": check.short_sighted_winner}
CODE = "\n".join(cell_source(cell) for cell in CELLS if cell["cell_type"] == "code")
PROSE = "\n".join(cell_source(cell) for cell in CELLS if cell["cell_type"] == "markdown")


def solution(name):
    """Return the value the lesson's solution block assigns to `name` (or the function it defines)."""
    return solution_namespace(SOLUTIONS, name, {"math": math})[name]


def code_cell(containing):
    (cell,) = [cell for cell in CELLS if cell["cell_type"] == "code" and containing in cell_source(cell)]
    return cell_source(cell)


def ucb1_with(code):
    namespace = {"math": math}
    exec(code, namespace)
    return namespace["ucb1"]


def test_the_lesson_shows_a_solution_for_every_exercise():
    assert len(SOLUTIONS) == len(ANSWERS) + 1   # and the ucb1 function
    for name in ANSWERS:
        stub = [cell for cell in CELLS if cell["cell_type"] == "code" and cell_source(cell).startswith(f"{name} = ...")]
        assert len(stub) == 1, name
    assert "raise NotImplementedError" in code_cell("def ucb1(total, visits, parent_visits, exploration)")


def test_the_lesson_asks_what_the_checks_check():
    """The positions, trees, seeds and counts the lesson shows are the checks' data."""
    assert f'trap = game.state("{check.TRAP}")' in CODE
    assert f"tiny = {check.STEP_TREE!r}" in CODE
    assert f"uct(tiny, playouts={check.SHOWN}, seed={check.STEP_SEED}, steps=steps)" in CODE
    assert f"which child does playout {check.SHOWN + 1} select?" in PROSE
    assert (f"uct_match(game, playouts={check.MATCH_PLAYOUTS}, games={check.MATCH_GAMES}, "
            "opponent=alphabeta_player(depth=2, evaluate=even))") in CODE
    assert "The corners 2 and 6." in PROSE and check.TRAP_OPTIONS == {"a": (2, 6), "b": (1, 3, 5, 7)}
    assert f"The check tries {len(check.ucb1_cases())} cases" in PROSE


def test_the_step_tree_s_minimax_move_is_where_the_visits_go():
    assert minimax(check.STEP_TREE).move == 1
    assert mcts.uct(check.STEP_TREE, playouts=1000, seed=check.STEP_SEED).move == 1


# --- the solutions are correct ---------------------------------------------------------------------

@pytest.mark.parametrize("name, starts", [
    ("my_favourite", "Correct: 'a'. Random playouts after a corner average -1/6 for X, after an edge -1/10"),
    ("my_child", "Correct: 1. UCB1 at the root: child 0: 1.37, child 1: 1.79, child 2: 0.79"),
    ("my_winner", "Correct: 'b'. UCT won 4, drew 5 and lost 1 of 10"),
])
def test_solutions_are_correct(name, starts, capsys):
    verdict = ANSWERS[name](solution(name))
    assert verdict.correct is True and verdict.text.startswith(starts)
    assert capsys.readouterr().out == verdict.text + "\n"


def test_the_ucb1_solution_is_correct():
    verdict = check.ucb1(solution("ucb1"))
    assert verdict.correct is True and verdict.text == "Correct: ucb1 gives the right result on all 44 cases."


def test_the_selection_comes_from_the_search_s_own_steps():
    step = check.selection_steps()[check.SHOWN]
    assert step.selected[1] == (1,) and max(step.scores[0], key=step.scores[0].get) == 1
    assert [round(score, 2) for score in step.scores[0].values()] == [1.37, 1.79, 0.79]


# --- typical mistakes are named ----------------------------------------------------------------------

MISTAKES = [
    (check.playout_favourite, "b", "Think of random play, not good play"),
    (check.playout_favourite, "c", "The replies differ"),
    (check.playout_favourite, "d", "Answer with one of the letters a, b or c"),
    (check.next_selection, 0, "Child 0 has the best mean so far"),
    (check.next_selection, 2, "Compute UCB1 for this child"),
    (check.next_selection, "1", "The answer is a number"),
    (check.short_sighted_winner, "a", "Alpha-beta is exact only within its two plies"),
    (check.short_sighted_winner, "c", "Would a player that sees only two plies ahead hold every game?"),
    (check.quiz_1, "b", "UCT grows a tree"),
    (check.quiz_1, "c", "the visits pile up on the best move"),
    (check.quiz_2, "a", "selection is deterministic"),
    (check.quiz_2, "c", "The bonus is what sends playouts to rarely visited moves"),
    (check.quiz_3, "a", "A tree costs memory"),
    (check.quiz_3, "b", "Playouts are random whether or not there is a tree"),
]


@pytest.mark.parametrize("exercise, answer, named", MISTAKES)
def test_typical_mistakes_are_named(exercise, answer, named):
    exercise(answer)
    verdict = exercise(answer)   # the second wrong try: the hint and the answer with its why
    assert verdict.correct is False and named in verdict.text


UCB1_MISTAKES = {
    "uses log10": ("math.log(parent_visits)", "math.log10(parent_visits)"),
    "has no square root": ("math.sqrt(math.log(parent_visits) / visits)", "(math.log(parent_visits) / visits)"),
    "adds the total utility, not the mean": ("total / visits +", "total +"),
    "swaps the visits": ("math.log(parent_visits) / visits", "math.log(visits) / parent_visits"),
    "leaves out the exploration constant": ("exploration * math.sqrt", "math.sqrt"),
    "inside the square root": ("exploration * math.sqrt(math.log(parent_visits) / visits)",
                               "math.sqrt(exploration * math.log(parent_visits) / visits)"),
    "subtracts the bonus": ("total / visits +", "total / visits -"),
}
"""Each typical mistake: (the solution's text, what the mistake writes instead), by what the verdict says."""


def ucb1_solution_code():
    (block,) = [block for block in SOLUTIONS if "def ucb1(" in block]
    return block


@pytest.mark.parametrize("named", UCB1_MISTAKES)
def test_a_typical_ucb1_mistake_is_named_without_the_right_result(named):
    right, wrong = UCB1_MISTAKES[named]
    code = ucb1_solution_code()
    assert right in code
    verdict = check.ucb1(ucb1_with(code.replace(right, wrong)))
    assert verdict.correct is False and named in verdict.text and verdict.failing is not None
    assert "The right result is" not in verdict.text and "check.ucb1.answer()" in verdict.text
    total, visits, parent_visits, exploration = verdict.failing
    assert "The right result is" in check.ucb1(ucb1_with(code.replace(right, wrong))).text
    assert check.ucb1_value(total, visits, parent_visits, exploration) == pytest.approx(
        total / visits + exploration * math.sqrt(math.log(parent_visits) / visits))


def test_the_package_s_ucb1_and_uct_are_refused():
    wrapped = [mcts.ucb1, lambda t, n, p, c: mcts.ucb1(mcts.Node(None, (), [], visits=n, total=t), p, c),
               check.ucb1_value, lambda t, n, p, c: mcts.uct([[t]], playouts=1).value]
    for answer in wrapped:
        verdict = check.ucb1(answer)
        assert verdict.correct is False and "the package's" in verdict.text, verdict.text


def test_the_ucb1_cases_cover_every_exploration_constant_and_sign():
    cases = check.ucb1_cases()
    assert len(cases) == 44 and {case[3] for case in cases} == {math.sqrt(2), 1.0, 0.5, 2.0, 3.0}
    assert any(total < 0 for total, *_ in cases) and any(total > 0 for total, *_ in cases)
    assert all(1 <= visits < parent for _, visits, parent, _ in cases)


def test_the_ucb1_stub_is_not_answered_yet(capsys):
    verdict = check.ucb1(ucb1_with(code_cell("def ucb1(").split("check.")[0]))
    assert verdict.correct is None and verdict.text.startswith("Not answered yet: ")
    assert "Traceback" not in capsys.readouterr().out


# --- hint first, the answer on the second wrong try ----------------------------------------------------

def log10_ucb1(total, visits, parent_visits, exploration):
    return total / visits + exploration * math.sqrt(math.log10(parent_visits) / visits)


HINT_FIRST = [
    (check.playout_favourite, "b", "'a'"),
    (check.next_selection, 0, "1"),
    (check.ucb1, log10_ucb1, f"The right result is {check.ucb1_value(2.0, 4, 16, math.sqrt(2)):.12g}"),
    (check.short_sighted_winner, "a", "'b'"),
    (check.quiz_1, "b", "'a'"),
    (check.quiz_2, "a", "'b'"),
    (check.quiz_3, "a", "'c'"),
]


@pytest.mark.parametrize("exercise, wrong, answer", HINT_FIRST)
def test_hint_first(exercise, wrong, answer):
    assert_hint_first(exercise, wrong, answer)


def test_every_exercise_has_a_hint_first_case():
    assert {case[0] for case in HINT_FIRST} == exercises_of(check)


# --- Check yourself --------------------------------------------------------------------------------

@pytest.mark.parametrize("quiz, right", [(check.quiz_1, "a"), (check.quiz_2, " B "), (check.quiz_3, "(c)")])
def test_check_yourself_right_answers_are_confirmed(quiz, right):
    verdict = quiz(right)
    assert verdict.correct is True and verdict.text.startswith("Correct: ")


def test_quiz_1_quotes_uct_s_measured_replies():
    assert check.corner_choices() == {100: 6, 1000: 6, 3000: 4}
    assert "6 with 100, 6 with 1,000 and 4 with 3,000 playouts; only 4 (the centre) draws" in check.quiz_1("a").text


def test_check_yourself_has_worked_answers():
    worked = [cell_source(cell) for cell in CELLS if "<summary>Worked answers</summary>" in cell_source(cell)]
    assert len(worked) == 1 and all(f"{n}. **{letter}.**" in worked[0] for n, letter in ((1, "a"), (2, "b"), (3, "c")))


def test_the_lesson_s_cross_references_follow_the_new_numbers():
    assert "(lesson 11 studies it)" in PROSE and "lesson 6" in PROSE and "lesson 8" not in PROSE
    assert re.search(r"lesson [5789]\b", PROSE) is None


# --- not answered yet -----------------------------------------------------------------------------

@pytest.mark.parametrize("exercise", [*ANSWERS.values(), check.ucb1, check.quiz_1, check.quiz_2, check.quiz_3])
def test_unanswered_exercises_say_so_and_do_not_raise(exercise, capsys):
    verdict = exercise(...)
    assert verdict.correct is None and verdict.text.startswith("Not answered yet: ")
    assert capsys.readouterr().out == verdict.text + "\n"


@pytest.mark.parametrize("exercise", [*ANSWERS.values(), check.ucb1])
@pytest.mark.parametrize("answer", [None, [17], float("nan"), True, "x"])
def test_anything_gets_a_verdict(exercise, answer):
    assert exercise(answer).correct is False


def test_the_ucb1_arithmetic_of_the_solution_is_the_searchs():
    """The solution's sums use the root's children as uct left them after the playouts shown, and
    give the scores the search computed."""
    before = mcts.uct(check.STEP_TREE, playouts=check.SHOWN, seed=check.STEP_SEED).tree.children
    scores = check.selection_steps()[check.SHOWN].scores[0]
    total = sum(child.visits for child in before.values())
    text = markdown_text(CELLS)
    assert f"ln {total} ≈ {math.log(total):.2f}." in text
    for move, child in before.items():
        mean = f"{child.total:g}/{child.visits}".replace("-", "−")
        assert f"Child {move}: {mean} + " in text or f"Child {move}: {mean} " in text
        assert f"{scores[move]:.2f}" in text, (move, scores[move])
