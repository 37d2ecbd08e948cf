"""Lesson 08's exercises answered with the solutions the lesson shows (correct), with typical
mistakes (not correct, the mistake named), and not at all (not answered yet)."""

import re
import time

import pytest
from lesson_notebooks import cell_source, lesson_cells, solution_blocks, solution_namespace

from minimax_lab import ConnectFour
from minimax_lab.checks import guard
from minimax_lab.checks import horizon as check
from minimax_lab.heuristics.connect_four_evaluation import features

CELLS = lesson_cells("11_search_with_a_horizon.ipynb")
SOLUTIONS = solution_blocks(CELLS)


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
    for name in ("my_depth", "my_prediction", "my_evaluation"):
        solution_text(name)


def test_the_lesson_asks_what_the_checks_check():
    """The positions and depths the lesson shows are the ones the checks compute from."""
    code = "\n".join(cell_source(cell) for cell in CELLS if cell["cell_type"] == "code")
    for shown in ("c4.play(check.HORIZON_MOVES)", "plain_search(puzzle, 2).move",
                  "engine(c4, depth=check.ONE_MORE_PLY).search(c4.initial)",
                  "c4.play(check.TRAP_MOVES)", "c4.play(check.LOST_MOVES)"):
        assert shown in code
    assert check.CARELESS_DEPTH == 2
    text = "\n".join(cell_source(cell) for cell in CELLS if cell["cell_type"] == "markdown")
    assert (f"engines at depth {check.MATCH_DEPTH}, {check.MATCH_GAMES} games each" in text
            and f"It needs {check.POINTS_NEEDED} of the {check.MATCH_GAMES} points" in text)
    assert "the value at depth 8 be higher than at depth 7" in text and check.ONE_MORE_PLY == 7


# --- the solutions are correct ---------------------------------------------------------------------

def test_horizon_solution_is_correct():
    verdict = check.horizon(solution("my_depth"))
    assert verdict.correct is True and "at depth 6 it plays column 4" in verdict.text
    assert "Column 3 loses on ply 6" in verdict.text


def test_one_more_ply_solution_is_correct():
    verdict = check.one_more_ply(solution("my_prediction"))
    assert verdict.correct is True and "the odd-even effect" in verdict.text


def test_evaluation_solution_is_correct_and_the_lesson_states_its_score():
    verdict = check.evaluation(solution("my_evaluation"))
    assert verdict.correct is True
    scores = re.findall(r"([\d.]+) of 100 points", verdict.text)
    assert len(scores) == 2
    shown = solution_text("my_evaluation")
    assert f"scores {scores[0]} of 100 points against the zero" in shown
    assert f"and {scores[1]} against the course's" in shown


def test_the_course_evaluation_passes_its_own_exercise():
    assert check.evaluation(ConnectFour().evaluate).correct is True


# --- typical mistakes are named ----------------------------------------------------------------------

def flipped(state):
    """The solution's evaluation from O's point of view."""
    return -solution("my_evaluation")(state)


def unscaled(state):
    """The solution's weighted sum, not divided."""
    return solution("my_evaluation")(state) * 1000


def crashes(state):
    return {}["open threes"]


MISTAKES = [
    (check.horizon, 4, "Four plies was the horizon of the lesson's example"),
    (check.horizon, 5, "At depth 5 the plain search still plays column 3"),
    (check.horizon, 2, "At depth 2 the plain search still plays column 3"),
    (check.horizon, 7, "the question asks for the smallest depth"),
    (check.horizon, "6", "The answer is a number"),
    (check.one_more_ply, "higher", "lower than +0.0182 at depth 7"),
    (check.one_more_ply, "the same", "lower than +0.0182 at depth 7"),
    (check.one_more_ply, "down", "Answer with 'higher', 'lower' or 'the same'"),
    (check.one_more_ply, -1, "The answer is text, in quotes"),
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
    (check.quiz_3, "a", "It is backward pruning"),
    (check.quiz_3, "b", "searches a move deeper, not shallower"),
    (check.quiz_3, "d", "Answer with one of the letters a, b or c"),
]


@pytest.mark.parametrize("exercise, answer, named", MISTAKES)
def test_typical_mistakes_are_named(exercise, answer, named):
    exercise(answer)
    verdict = exercise(answer)   # the second wrong try: the hint and the answer with its why
    assert verdict.correct is False and named in verdict.text


def test_an_evaluation_that_never_returns_is_stopped_and_told(monkeypatch):
    monkeypatch.setattr(guard, "CALL_TIMEOUT", 0.3)

    def forever(state):
        while True:
            pass

    assert check.evaluation(forever).text == ("Not correct: your evaluation did not return within 0.3 s "
                                              "on the empty board.")


def test_an_evaluation_too_slow_for_the_match_is_stopped_and_told(monkeypatch):
    monkeypatch.setattr(guard, "CALL_TIMEOUT", 0.3)
    evaluate = ConnectFour().evaluate

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

@pytest.mark.parametrize("quiz, letter", [(check.quiz_1, " B "), (check.quiz_2, "(a)"), (check.quiz_3, "C")])
def test_check_yourself_right_answers_are_confirmed(quiz, letter):
    verdict = quiz(letter)
    assert verdict.correct is True and verdict.text.startswith("Correct: ")


def test_quiz_1_quotes_the_trap_as_the_lesson_shows_it():
    assert "plays column 3 at depths 2 and 3 and column 4 at depth 4" in check.quiz_1("b").text


# --- not answered yet -----------------------------------------------------------------------------

def stub(state):
    raise NotImplementedError


@pytest.mark.parametrize("exercise, answer", [(check.horizon, ...), (check.one_more_ply, ...),
                                              (check.evaluation, ...), (check.evaluation, stub),
                                              (check.quiz_1, ...), (check.quiz_2, ...), (check.quiz_3, ...)])
def test_unanswered_exercises_say_so_and_do_not_raise(exercise, answer, capsys):
    verdict = exercise(answer)
    assert verdict.correct is None and verdict.text.startswith("Not answered yet: ")
    assert capsys.readouterr().out == verdict.text + "\n"


@pytest.mark.parametrize("exercise", [check.horizon, check.one_more_ply, check.evaluation])
@pytest.mark.parametrize("answer", [None, [6], float("nan"), True])
def test_anything_gets_a_verdict(exercise, answer):
    assert exercise(answer).correct is False
