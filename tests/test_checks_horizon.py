"""Lesson 11's exercises answered with the solutions the lesson shows (correct), with typical
mistakes (not correct, the mistake named, hint first), and not at all (not answered yet)."""

import re
import time

import pytest
from hint_first import assert_hint_first, exercises_of
from lesson_notebooks import (cell_source, lesson_cells, markdown_text, solution_blocks, solution_namespace,
                              stored_output)

from minimax_lab import ConnectFour
from minimax_lab.checks.guard import limits
from minimax_lab.checks import horizon as check
from minimax_lab.heuristics.connect_four_evaluation import CANDIDATES, WEIGHTS, LinearEvaluation, features

CELLS = lesson_cells("11_search_with_a_horizon.ipynb")
SOLUTIONS = solution_blocks(CELLS)
C4 = ConnectFour()


def solution(name):
    """Return the value the lesson's solution block defines as `name`, run with the names the
    lesson's cells give it (c4, features)."""
    return solution_namespace(SOLUTIONS, name, {"c4": ConnectFour(), "features": features})[name]


def solution_text(name):
    """Return the markdown of the <details> block whose code defines `name`."""
    cells = [cell_source(cell) for cell in CELLS if cell["cell_type"] == "markdown"
             and "<details>" in cell_source(cell) and re.search(rf"^(def )?{name}\b", cell_source(cell), re.M)]
    assert len(cells) == 1
    return cells[0]


def test_the_lesson_shows_a_solution_for_every_exercise():
    assert len(SOLUTIONS) == 3
    for name in ("my_nodes", "my_depth", "my_evaluation"):
        solution_text(name)


def test_the_lesson_asks_what_the_checks_check():
    """The positions and depths the lesson shows are the ones the checks compute from."""
    code = "\n".join(cell_source(cell) for cell in CELLS if cell["cell_type"] == "code")
    for shown in ("c4.play(check.HORIZON_MOVES)", "plain_search(puzzle, 2).move", "c4.play(check.TRAP_MOVES)",
                  "check.depth_one_nodes(my_nodes)", "check.evaluation(my_evaluation)"):
        assert shown in code
    assert check.CARELESS_DEPTH == 2
    text = markdown_text(CELLS)
    assert (f"With engines at depth {check.MATCH_DEPTH}, {check.MATCH_GAMES} games each" in text
            and f"It needs {check.POINTS_NEEDED} of the {check.MATCH_GAMES} points" in text)


def test_every_exercise_is_stored_unanswered():
    calls = [cell for cell in CELLS if cell["cell_type"] == "code" and re.search(r"check\.\w+\((my_|\.\.\.)",
                                                                                 cell_source(cell))]
    outputs = ["".join(output.get("text", "")) for cell in calls for output in cell.get("outputs", [])]
    assert len(calls) == 4 and outputs and all(text.startswith("Not answered yet: ") for text in outputs)


# --- the solutions are correct ---------------------------------------------------------------------

def test_depth_one_nodes_solution_is_correct():
    verdict = check.depth_one_nodes(solution("my_nodes"))
    assert verdict.correct is True and "the root included" in verdict.text


def test_horizon_solution_is_correct():
    verdict = check.horizon(solution("my_depth"))
    assert verdict.correct is True and "at depth 6 it plays column 4" in verdict.text
    assert "Column 3 loses on ply 6" in verdict.text


def test_evaluation_solution_is_correct_and_the_lesson_states_its_score():
    verdict = check.evaluation(solution("my_evaluation"))
    assert verdict.correct is True
    scores = re.findall(r"([\d.]+) of 100 points", verdict.text)
    assert len(scores) == 2
    shown = solution_text("my_evaluation")
    assert f"scores {scores[0]} of 100 points against the zero" in shown
    assert f"and {scores[1]} against the course's" in shown


# --- the course's own evaluation is refused ----------------------------------------------------------

def weighted(weights, scale):
    """An evaluation written by hand: the features weighed by `weights`, divided by `scale`."""
    def evaluate(state):
        return sum(weights[name] * (x - o) for name, (x, o) in features(C4, state).items()) / scale
    return evaluate


@pytest.mark.parametrize("answer", [C4.evaluate, LinearEvaluation(C4), LinearEvaluation(C4, CANDIDATES["threes only"])],
                         ids=["c4.evaluate", "LinearEvaluation", "a candidate weighting"])
def test_the_packages_own_evaluation_is_refused(answer):
    verdict = check.evaluation(answer)
    assert verdict.correct is False and "the course's own evaluation" in verdict.text


@pytest.mark.parametrize("answer", [lambda state: C4.evaluate(state), lambda state: 0.5 * C4.evaluate(state),
                                    weighted(WEIGHTS, 1000)],
                         ids=["wrapped", "wrapped and scaled", "the same weights by hand"])
def test_the_course_evaluation_wrapped_or_rewritten_is_refused(answer):
    verdict = check.evaluation(answer)
    assert verdict.correct is False and "it is the course's evaluation again" in verdict.text


def test_weights_of_ones_own_pass_even_near_the_courses():
    assert check.evaluation(weighted({"open threes": 2, "open twos": 1, "centre": 1}, 1000)).correct is True


def test_a_weak_evaluation_gets_a_hint_and_then_a_solution():
    assert_hint_first(check.evaluation, lambda state: 0.0, "open threes weighted 3")


# --- typical mistakes are named ----------------------------------------------------------------------

def flipped(state):
    """The solution's evaluation from O's point of view."""
    return -solution("my_evaluation")(state)


def unscaled(state):
    """The solution's weighted sum, not divided."""
    return solution("my_evaluation")(state) * 1000


def crashes(state):
    return {}["open threes"]


HINT_FIRST = [
    (check.depth_one_nodes, 7, "8"),
    (check.horizon, 4, "6"),
    (check.evaluation, lambda state: 0.0, "open threes weighted 3"),
    (check.quiz_1, "a", "'b'"),
    (check.quiz_2, "b", "'a'"),
    (check.quiz_3, "a", "'b'"),
]


@pytest.mark.parametrize("exercise, wrong, answer_text", HINT_FIRST, ids=[case[0].__name__ for case in HINT_FIRST])
def test_a_first_wrong_try_gets_a_hint_and_the_second_the_answer(exercise, wrong, answer_text):
    assert_hint_first(exercise, wrong, answer_text)


def test_every_exercise_has_a_hint_first_case():
    assert {case[0] for case in HINT_FIRST} == exercises_of(check)


MISTAKES = [
    (check.depth_one_nodes, 7, "which one did you leave out?"),
    (check.depth_one_nodes, 57, "one move below the root"),
    (check.depth_one_nodes, "8", "The answer is a number"),
    (check.horizon, 4, "Four plies was the horizon of the lesson's example"),
    (check.horizon, 5, "At depth 5 the plain search still plays column 3"),
    (check.horizon, 2, "At depth 2 the plain search still plays column 3"),
    (check.horizon, 7, "the question asks for the smallest depth"),
    (check.horizon, "6", "The answer is a number"),
    (check.evaluation, flipped, "It must be X's value whoever is to move"),
    (check.evaluation, unscaled, "It must stay strictly between -1 and 1"),
    (check.evaluation, crashes, "your evaluation raised KeyError"),
    (check.evaluation, lambda state: "good", "it must return a number"),
    (check.evaluation, lambda state: 0.0, "needs at least 60 of 100 points against the zero evaluation"),
    (check.evaluation, 0.5, "the answer should be a function evaluate(state)"),
    (check.quiz_1, "a", "that is the cost of search, not the horizon effect"),
    (check.quiz_1, "c", "a search stopping just before the move that decides the game"),
    (check.quiz_2, "b", "quiescence follows only the forcing moves"),
    (check.quiz_2, "c", "whether the position is about to change"),
    (check.quiz_3, "a", "The engine never divides by the evaluation"),
    (check.quiz_3, "c", "scaled down on purpose"),
    (check.quiz_3, "d", "Answer with one of the letters a, b or c"),
]


@pytest.mark.parametrize("exercise, answer, named", MISTAKES)
def test_typical_mistakes_are_named(exercise, answer, named):
    verdict = exercise(answer)
    assert verdict.correct is False and named in verdict.text


def test_an_evaluation_that_never_returns_is_stopped_and_told(monkeypatch):
    monkeypatch.setattr(limits, "CALL_TIMEOUT", 0.3)

    def forever(state):
        while True:
            pass

    assert check.evaluation(forever).text == ("Not correct: your evaluation did not return within 0.3 s "
                                              "on the empty board.")


def test_an_evaluation_too_slow_for_the_match_is_stopped_and_told(monkeypatch):
    monkeypatch.setattr(limits, "CALL_TIMEOUT", 0.3)
    evaluate = solution("my_evaluation")

    def slow(state):
        time.sleep(0.01)
        return evaluate(state)

    verdict = check.evaluation(slow)
    assert verdict.correct is False
    assert verdict.text.startswith("Not correct: the match against the zero evaluation did not finish "
                                   "within 0.3 s.")


def test_a_zero_evaluation_scores_its_match_and_says_so():
    verdict = check.evaluation(lambda state: 0.0)
    assert "Against the zero evaluation: " in verdict.text and "Against the course's evaluation: " in verdict.text


# --- Check yourself --------------------------------------------------------------------------------

@pytest.mark.parametrize("quiz, letter", [(check.quiz_1, " B "), (check.quiz_2, "(a)"), (check.quiz_3, "b")])
def test_check_yourself_right_answers_are_confirmed(quiz, letter):
    verdict = quiz(letter)
    assert verdict.correct is True and verdict.text.startswith("Correct: ")


def test_quiz_1_quotes_the_trap_as_the_lesson_shows_it():
    assert "plays column 3 at depths 2 and 3 and column 4 at depth 4" in check.quiz_1("b").text


def test_the_check_yourself_questions_have_worked_answers():
    worked = [cell_source(cell) for cell in CELLS if "<summary>Worked answers</summary>" in cell_source(cell)]
    assert len(worked) == 1 and all(f"{n}. **" in worked[0] for n in (1, 2, 3))


# --- not answered yet -----------------------------------------------------------------------------

def stub(state):
    raise NotImplementedError


@pytest.mark.parametrize("exercise, answer", [(check.depth_one_nodes, ...), (check.horizon, ...),
                                              (check.evaluation, ...), (check.evaluation, stub),
                                              (check.quiz_1, ...), (check.quiz_2, ...), (check.quiz_3, ...)])
def test_unanswered_exercises_say_so_and_do_not_raise(exercise, answer, capsys):
    verdict = exercise(answer)
    assert verdict.correct is None and verdict.text.startswith("Not answered yet: ")
    assert capsys.readouterr().out == verdict.text + "\n"


@pytest.mark.parametrize("exercise", [check.depth_one_nodes, check.horizon, check.evaluation])
@pytest.mark.parametrize("answer", [None, [6], float("nan"), True])
def test_anything_gets_a_verdict(exercise, answer):
    assert exercise(answer).correct is False


def test_the_growth_the_prose_states_is_what_the_counts_show():
    nodes = eval(stored_output(CELLS, "for depth in range(1, 10)}"))   # the stored dict of node counts
    factors = [nodes[depth + 1] / nodes[depth] for depth in range(1, 9)]
    text = markdown_text(CELLS)
    assert f"swings between about {min(factors):.1f} and {max(factors):.1f}" in text
