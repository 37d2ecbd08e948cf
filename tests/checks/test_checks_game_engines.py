"""Lesson 12's exercises answered with the solutions the lesson shows (correct), with typical
mistakes (not correct, the mistake named, hint first), and not at all (not answered yet)."""

import ast
import re

import pytest
from hint_first import assert_hint_first, exercises_of, hint_first_params
from lesson_notebooks import (cell_source, lesson_cells, markdown_text, one_cell, solution_blocks, solution_namespace,
                              stored_output)

from minimax_lab import ConnectFour
from minimax_lab.checks import game_engines as check
from minimax_lab.search.forward import Beam, beam_search

CELLS = lesson_cells("12_game_engines.ipynb")
SOLUTIONS = solution_blocks(CELLS)
C4 = ConnectFour()


def solution(name):
    """Return the value the lesson's solution block defines as `name`, run with c4 as the lesson
    gives it."""
    return solution_namespace(SOLUTIONS, name, {"c4": ConnectFour()})[name]


def test_the_lesson_shows_a_solution_for_every_exercise():
    assert len(SOLUTIONS) == 4
    for name in ("my_prediction", "my_strongest", "my_beam", "my_feature"):
        solution(name)


def test_the_lesson_computes_what_the_checks_check():
    code = "\n".join(cell_source(cell) for cell in CELLS if cell["cell_type"] == "code")
    for shown in ("engine(c4, depth=check.ONE_MORE_PLY, evaluate=c4.evaluate).search(c4.initial)", "c4.play(check.LOST_MOVES)",
                  "evaluations = check.evaluations(c4)", "games=100, seed=0)",
                  "random_openings(c4, check.FIT_STARTS, plies=check.FIT_PLIES, seed=check.FIT_SEED)",
                  "engine(c4, depth=check.FIT_DEPTH, evaluate=c4.evaluate)"):
        assert shown in code
    assert check.TOURNAMENT_GAMES == 100
    text = markdown_text(CELLS)
    assert f"beam on {len(check.beam_cases())} cases" in text
    assert f"play {check.FIT_STARTS} games against itself at depth {check.FIT_DEPTH}" in text


def test_the_prose_about_the_iterations_is_what_they_printed():
    rows = [line.split() for line in stored_output(CELLS, "deepening.iterations").splitlines()[1:] if line.strip()]
    nodes = [int(row[3]) for row in rows]
    text = markdown_text(CELLS)
    last, before = nodes[-1], nodes[-2]
    assert f"depth {len(nodes)} alone visited {last} − {before} = {last - before} nodes" in text
    assert len(nodes) == 7 and f"the six iterations before it together ({before})" in text
    assert 0.5 < (last - before) / before < 2   # "about as many as"


@pytest.mark.slow
def test_the_fit_section_teaches_collinearity_not_an_artefact():
    """The centre goes with the other counts and hardly with the result; unconstrained least squares
    gives it a weight below zero, which the non-negative fit clips to 0; the fitted weights do not beat
    the tournament-chosen ones (which give the centre weight) on games they were not fitted to."""
    import numpy as np

    from minimax_lab.analysis.fitting import feature_rows
    from minimax_lab.heuristics.connect_four_evaluation import WEIGHTS

    r = check.correlations()["centre"]
    assert r["open threes"] > 0.1 and r["open twos"] > 0.1 and abs(r["result"]) < 0.05
    states, results = check.fit_data()
    free, *_ = np.linalg.lstsq(feature_rows(C4, states), np.array(results), rcond=None)
    assert free[2] < 0 and check.fitted_weights()["centre"] == 0 and WEIGHTS["centre"] > 0
    match = stored_output(CELLS, "LinearEvaluation(c4, fitted)")
    wins, losses = (int(n) for n in re.search(r"wins=(\d+), draws=\d+, losses=(\d+)", match).groups())
    assert wins <= losses and abs(wins - losses) <= 10   # "about as well, no better"
    text = markdown_text(CELLS)
    assert "not about\nConnect Four" in text or "not about Connect Four" in text
    assert "say nothing more about who" not in text


def test_no_stored_output_depends_on_a_clock():
    code = "\n".join(cell_source(cell) for cell in CELLS if cell["cell_type"] == "code")
    assert "seconds=" not in code and "NBVAL" not in code


def test_every_exercise_is_stored_unanswered():
    calls = [cell for cell in CELLS if cell["cell_type"] == "code" and re.search(r"check\.\w+\((my_|\.\.\.)",
                                                                                 cell_source(cell))]
    outputs = ["".join(output.get("text", "")) for cell in calls for output in cell.get("outputs", [])]
    assert len(calls) == 5 and outputs and all(text.startswith("Not answered yet: ") for text in outputs)


# --- the solutions are correct ---------------------------------------------------------------------

@pytest.mark.parametrize("exercise, name", [(check.one_more_ply, "my_prediction"), (check.strongest, "my_strongest"),
                                            (check.beam_moves, "my_beam"), (check.dropped_feature, "my_feature")])
@pytest.mark.slow
def test_the_solutions_are_correct(exercise, name):
    assert exercise(solution(name)).correct is True


def test_one_more_ply_names_the_odd_even_effect():
    assert "the odd-even effect" in check.one_more_ply(solution("my_prediction")).text


# --- the package's own beam, and beams that defeat the exercise, are refused ----------------------------

def test_the_packages_beam_is_refused():
    verdict = check.beam_moves(lambda state, width: Beam(C4, width, C4.evaluate).actions(state))
    assert verdict.correct is False and "called the package's Beam" in verdict.text


def test_the_packages_beam_search_is_refused():
    verdict = check.beam_moves(lambda state, width: (beam_search(C4, state, depth=1, width=width,
                                                                 evaluate=C4.evaluate).move,))
    assert verdict.correct is False and "called the package's" in verdict.text


def every_move(state, width):
    """Keeps every move: no pruning at all."""
    return tuple(C4.actions(state))


def forgets_o(state, width):
    """Sorts by X's value for both players."""
    return tuple(sorted(C4.actions(state), key=lambda move: C4.evaluate(C4.result(state, move)), reverse=True)[:width])


def worst_first(state, width):
    """Keeps the right moves, worst first."""
    return tuple(reversed(solution("my_beam")(state, width)))


def misses_wins(state, width):
    """Ranks a winning move by the evaluation like any other."""
    player = C4.to_move(state)

    def score(move):
        guess = C4.evaluate(C4.result(state, move))
        return guess if player == C4.max_player else -guess

    return tuple(sorted(C4.actions(state), key=score, reverse=True)[:width])


def off_the_board(state, width):
    """Keeps as many moves as it should, of columns the board does not have."""
    return tuple(range(10, 10 + min(width, len(tuple(C4.actions(state))))))


HINT_FIRST = [
    (check.one_more_ply, "higher", "'lower'"),
    (check.strongest, "zero", "\"course's\""),
    (check.beam_moves, forgets_o, "The right result is"),
    (check.dropped_feature, "open threes", "'centre'"),
    (check.quiz_1, "a", "'c'"),
    (check.quiz_2, "a", "'b'"),
    (check.quiz_3, "b", "'a'"),
]


@pytest.mark.parametrize("exercise, wrong, answer_text", hint_first_params(HINT_FIRST, slow={check.dropped_feature}))
def test_a_first_wrong_try_gets_a_hint_and_the_second_the_answer(exercise, wrong, answer_text):
    assert_hint_first(exercise, wrong, answer_text)


def test_every_exercise_has_a_hint_first_case():
    assert {case[0] for case in HINT_FIRST} == exercises_of(check)


MISTAKES = [
    (check.one_more_ply, "higher", "Compare the values at the odd depths"),
    (check.one_more_ply, "down", "Answer with 'higher', 'lower' or 'the same'"),
    (check.one_more_ply, -1, "The answer is text, in quotes"),
    (check.strongest, "zero", "knows nothing but wins and losses"),
    (check.strongest, "threes only", "Which of them knows about lines of four"),
    (check.strongest, "the best", "Answer with one of"),
    (check.beam_moves, every_move, "keeps exactly `width` moves"),
    (check.beam_moves, forgets_o, "Here O is to move"),
    (check.beam_moves, worst_first, "Put the best-looking move first"),
    (check.beam_moves, misses_wins, "A move that wins at once must always be kept"),
    (check.beam_moves, off_the_board, "Every move kept must be a legal move"),
    (check.beam_moves, lambda state, width: None, "returns a tuple (or list) of moves"),
    (check.beam_moves, "my_beam", "the answer should be a function"),
    (check.dropped_feature, "open twos", "the fit gives it weight"),
    (check.dropped_feature, "corners", "Answer with one of"),
    (check.quiz_1, "a", "It is backward pruning"),
    (check.quiz_1, "b", "searches a move deeper, not shallower"),
    (check.quiz_2, "a", "Each iteration searches from the root again"),
    (check.quiz_2, "c", "what do the nodes of the iterations add up to?"),
    (check.quiz_3, "b", "AlphaZero's search is MCTS"),
    (check.quiz_3, "c", "learned from games against itself"),
    (check.quiz_3, "e", "Answer with one of the letters a, b or c"),
]


def test_the_stored_points_are_the_tournament_the_lesson_plays():
    """The lesson plays the tournament in a cell of its own, whose output nbval keeps what the code
    computes (make test runs both): its settings are the check's, its points the stored ones."""
    source = one_cell(CELLS, "code", "evaluations = check.evaluations(c4)")
    settings = ["engine(c4, depth=1, evaluate=evaluate) for name, evaluate in evaluations.items()",
                f"games={check.TOURNAMENT_GAMES}, seed=0"]
    assert [part for part in settings if part not in source] == []
    assert ast.literal_eval(stored_output(CELLS, "evaluations = check.evaluations(c4)")) == check.EVALUATION_POINTS
    assert list(check.EVALUATION_POINTS) == list(check.evaluations(check.game()))


@pytest.mark.parametrize("exercise, answer, named", MISTAKES)
def test_typical_mistakes_are_named(exercise, answer, named):
    verdict = exercise(answer)
    assert verdict.correct is False and named in verdict.text


def test_a_wrong_beam_shows_its_smallest_position_as_a_board():
    verdict = check.beam_moves(forgets_o)
    state, width = verdict.failing
    assert C4.to_move(state) == "O" and "O to move:" in repr(check.Position(C4, state))


def test_a_beam_that_breaks_ties_its_own_way_is_right():
    def ties_last_first(state, width):
        player = C4.to_move(state)

        def score(move):
            child = C4.result(state, move)
            if C4.is_terminal(child):
                return 2 * C4.utility(child, player), move
            guess = C4.evaluate(child)
            return (guess if player == C4.max_player else -guess), move

        return tuple(sorted(C4.actions(state), key=score, reverse=True)[:width])

    assert check.beam_moves(ties_last_first).correct is True


# --- Check yourself --------------------------------------------------------------------------------

@pytest.mark.parametrize("quiz, letter", [(check.quiz_1, "c"), (check.quiz_2, " B "), (check.quiz_3, "(a)")])
def test_check_yourself_right_answers_are_confirmed(quiz, letter):
    verdict = quiz(letter)
    assert verdict.correct is True and verdict.text.startswith("Correct: ")


def test_the_check_yourself_questions_have_worked_answers():
    worked = [cell_source(cell) for cell in CELLS if "<summary>Worked answers</summary>" in cell_source(cell)]
    assert len(worked) == 1 and all(f"{n}. **" in worked[0] for n in (1, 2, 3))


# --- not answered yet -----------------------------------------------------------------------------

def stub(state, width):
    raise NotImplementedError


@pytest.mark.parametrize("exercise, answer", [(check.one_more_ply, ...), (check.strongest, ...),
                                              (check.beam_moves, ...), (check.beam_moves, stub),
                                              (check.dropped_feature, ...), (check.quiz_1, ...),
                                              (check.quiz_2, ...), (check.quiz_3, ...)])
def test_unanswered_exercises_say_so_and_do_not_raise(exercise, answer, capsys):
    verdict = exercise(answer)
    assert verdict.correct is None and verdict.text.startswith("Not answered yet: ")
    assert capsys.readouterr().out == verdict.text + "\n"


@pytest.mark.parametrize("exercise", [check.one_more_ply, check.strongest, check.beam_moves, check.dropped_feature])
@pytest.mark.parametrize("answer", [None, [6], float("nan"), True])
def test_anything_gets_a_verdict(exercise, answer):
    assert exercise(answer).correct is False
