"""Lesson 11's exercises answered with the solutions the lesson shows (correct), with typical
mistakes (not correct, the mistake named, hint first), and not at all (not answered yet); the lesson
prints the plain depth-limited search, never the package's instrumented one; and the evaluation
exercise refuses the course's evaluation in disguise (a power, a scaling, weights barely changed)."""

import inspect
import math
import re
import time

import pytest
from hint_first import assert_hint_first, exercises_of, hint_first_params
from lesson_notebooks import (cell_source, lesson_cells, markdown_text, one_cell, solution_blocks,
                              solution_namespace, stored_output)

from minimax_lab import ConnectFour, TreeGame, negamax
from minimax_lab.checks import horizon as check
from minimax_lab.heuristics.connect_four_evaluation import CANDIDATES, WEIGHTS, LinearEvaluation, features
from minimax_lab.running.guard import limits
from minimax_lab.search import plain

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
    for name in ("h_negamax", "my_depth", "my_evaluation"):
        solution_text(name)


def test_the_lesson_asks_what_the_checks_check():
    """The positions, depths and match the lesson shows are the ones the checks compute from."""
    code = "\n".join(cell_source(cell) for cell in CELLS if cell["cell_type"] == "code")
    for shown in ("c4.play(check.HORIZON_MOVES)", "h_search(puzzle, 2).move", "c4.play(check.TRAP_MOVES)",
                  "check.h_negamax(h_negamax)", "check.evaluation(my_evaluation)", "check.horizon(my_depth)"):
        assert shown in code
    assert check.CARELESS_DEPTH == 2 and check.MATCH_DEPTH == 1
    text = markdown_text(CELLS)
    assert (f"two engines searching one ply play {check.MATCH_GAMES} games, from {check.MATCH_GAMES // 2} seeded "
            f"openings" in text and f"Yours needs {check.POINTS_NEEDED} points" in text)
    assert (f"AIMA Fig. 5.2, then {len(check.search_cases()) // len(check.SEARCH_DEPTHS) - 1} random trees at depths "
            f"{min(check.SEARCH_DEPTHS)} to {max(check.SEARCH_DEPTHS)}" in text)


def test_every_exercise_is_stored_unanswered():
    calls = [cell for cell in CELLS if cell["cell_type"] == "code" and re.search(r"check\.\w+\((h_|my_|\.\.\.)",
                                                                                 cell_source(cell))]
    outputs = ["".join(output.get("text", "")) for cell in calls for output in cell.get("outputs", [])]
    assert len(calls) == 4 and outputs and all(text.startswith("Not answered yet: ") for text in outputs)


def test_the_prediction_comes_before_its_evidence():
    """The depths at which the search changes its move in the puzzle come after the check."""
    sources = [cell_source(cell) for cell in CELLS]
    asked = next(i for i, source in enumerate(sources) if "check.horizon(my_depth)" in source)
    shown = [i for i, source in enumerate(sources) if "h_search(puzzle, depth)" in source]
    assert shown and all(i > asked for i in shown)
    assert stored_output(CELLS, "h_search(puzzle, depth)") == "{1: 3, 2: 3, 3: 3, 4: 3, 5: 3, 6: 4, 7: 4}"


# --- the lesson prints the plain search only -------------------------------------------------------

def test_the_lesson_prints_the_plain_h_minimax_and_no_instrumented_function():
    assert stored_output(CELLS, "inspect.getsource(plain.h_minimax)") == inspect.getsource(plain.h_minimax) + "\n"
    printed = "".join("".join(output.get("text", "")) for cell in CELLS if cell["cell_type"] == "code"
                      for output in cell["outputs"])
    assert [line for line in printed.splitlines() if line.lstrip().startswith("def ")] == [
        inspect.getsource(plain.h_minimax).splitlines()[0]]
    assert "trace" not in printed and "count_node" not in printed and "search.horizon" not in printed


# --- write the depth-limited search, in negamax form ------------------------------------------------

STUB = one_cell(CELLS, "code", "def h_negamax(")
(WORKED_CODE,) = [block for block in SOLUTIONS if block.startswith("def h_negamax")]
TERMINAL = "    if game.is_terminal(state):\n        return sign * game.utility(state, game.max_player), None\n"
CUTOFF = "    if depth == 0:  # the cutoff test: evaluate guesses MAX's value\n        return sign * evaluate(state), None\n"


def searcher(code=WORKED_CODE):
    """Return the h_negamax that `code` (the worked solution, or a mistaken copy of it) defines."""
    namespace = {}
    exec(code, namespace)
    return namespace["h_negamax"]


def mistaken(old, new):
    """Return the worked solution with `old` replaced by `new`."""
    assert old in WORKED_CODE, old
    return searcher(WORKED_CODE.replace(old, new))


def printed_h_minimax():
    """Return the printed h_minimax, renamed h_negamax: the value for MAX, not for the player to move."""
    namespace = dict(vars(plain))
    exec(inspect.getsource(plain.h_minimax).replace("h_minimax", "h_negamax"), namespace)
    return namespace["h_negamax"]


VIEW = "gives MAX's value where MIN is to move"

SEARCH_MISTAKES = {
    "terminal test after the cutoff": (mistaken(TERMINAL + CUTOFF, CUTOFF + TERMINAL),
                                       "a finished game at the horizon gets evaluate's guess"),
    "no terminal test": (mistaken(TERMINAL, ""), "test game.is_terminal first"),
    "depth not decremented": (mistaken("depth - 1", "depth"), "never lowers the depth"),
    "depth 0 not handled (cutoff at depth 1)": (mistaken("if depth == 0:", "if depth == 1:"), "does not stop at depth 0"),
    "cutoff below depth 0": (mistaken("if depth == 0:", "if depth < 0:"), "does not stop at depth 0"),
    "evaluation from MAX's view for MIN": (mistaken("return sign * evaluate(state)", "return evaluate(state)"), VIEW),
    "utility from MAX's view for MIN": (mistaken("return sign * game.utility", "return game.utility"), VIEW),
    "the printed h_minimax": (printed_h_minimax(), VIEW),
    "children not negated": (mistaken("[(-h_negamax(", "[(h_negamax("), "takes the children's values as they are"),
    "a later move that ties": (mistaken("max(choices,", "max(reversed(choices),"), "keeps a later move that only ties"),
    "a value without its move": (searcher(WORKED_CODE.replace("), None", ")")), "returns a pair (value, move)"),
}


def test_the_worked_solution_is_correct():
    check.h_negamax.forget()
    verdict = check.h_negamax(searcher())
    assert verdict.text == f"Correct: h_negamax gives the right result on all {len(check.search_cases())} cases."
    cases = check.search_cases()
    assert {game.first for game, _, _, _ in cases} == {"MAX", "MIN"} and {depth for *_, depth, _ in cases} == {0, 1, 2, 3}


def test_the_worked_solution_is_the_plain_h_minimax_for_the_player_to_move():
    for game, state, depth, evaluate in check.search_cases()[::7]:
        value, move = plain.h_minimax(game, state, depth, evaluate)
        sign = 1 if game.to_move(state) == game.max_player else -1
        assert searcher()(game, state, depth, evaluate) == (sign * value, move) == check.search_reference(
            game, state, depth, evaluate)


def test_the_worked_solution_is_at_least_as_long_as_the_plain_version_it_mirrors():
    def lines(code):
        return [line for line in code.splitlines() if line.strip() and not line.strip().startswith('"""')]

    assert len(lines(WORKED_CODE)) >= len(lines(inspect.getsource(plain.h_minimax))) == 9


def test_the_stored_stub_is_not_answered_yet():
    namespace = {}
    exec(STUB[:STUB.index("check.")], namespace)
    check.h_negamax.forget()
    verdict = check.h_negamax(namespace["h_negamax"])
    assert verdict.correct is None and verdict.text.startswith("Not answered yet: ")
    assert stored_output(CELLS, "def h_negamax(") == verdict.text + "\n"


@pytest.mark.parametrize("mistake", SEARCH_MISTAKES)
def test_each_typical_mistake_gets_a_hint_naming_it_and_not_the_result(mistake):
    wrong, named = SEARCH_MISTAKES[mistake]
    check.h_negamax.forget()
    verdict = check.h_negamax(wrong)
    assert verdict.correct is False and named in verdict.text, verdict.text
    assert "The right result" not in verdict.text and verdict.failing is not None
    check.h_negamax.forget()


def test_the_smallest_failing_case_is_shown():
    wrong = SEARCH_MISTAKES["depth not decremented"][0]
    check.h_negamax.forget()
    verdict = check.h_negamax(wrong)
    failing = [case for case in check.search_cases() if wrong(*case) != check.search_reference(*case)]
    assert check.search_size(verdict.failing) == min(check.search_size(case) for case in failing)
    game, state, depth, evaluate = verdict.failing
    assert verdict.text.startswith(f"Not correct: h_negamax({game!r}, (), {depth}, {evaluate!r}) returned ")
    check.h_negamax.forget()


def test_the_failing_case_shows_the_guesses_at_its_horizon_and_draws_them():
    game = TreeGame([[3, 12, 8], [2, [4, 1], 6]], first="MIN")
    evaluate = check.Guesses({path: len(path) for path in game.nodes}, 2)
    assert repr(evaluate) == "Guesses({(0, 0): 2, (0, 1): 2, (0, 2): 2, (1, 0): 2, (1, 1): 2, (1, 2): 2})"
    assert check.horizon_tree(game.tree, 1, evaluate) == [1, 1]
    assert check.horizon_tree(game.tree, 2, evaluate) == [[3, 12, 8], [2, 2, 6]]
    assert "MIN to move, searched 2 plies deep" in check.search_picture(game, (), 2, evaluate).source


@pytest.mark.parametrize("mistake", [None, *check.SEARCH_MISTAKES])
def test_the_mistaken_searches_are_the_right_one_without_a_mistake(mistake):
    right = mistake is None
    differs = 0
    for game, state, depth, evaluate in check.search_cases():
        found = check.mistaken_h_negamax(game, state, depth, evaluate, mistake)
        differs += found != check.search_reference(game, state, depth, evaluate)
    assert (differs == 0) is right


@pytest.mark.parametrize("borrowed", [
    lambda game, state, depth, evaluate: plain.h_minimax(game, state, depth, evaluate),
    lambda game, state, depth, evaluate: (negamax(game, state, depth=depth, evaluate=evaluate).value, None),
    lambda game, state, depth, evaluate: check.search_reference(game, state, depth, evaluate),
    lambda game, state, depth, evaluate: check.mistaken_h_negamax(game, state, depth, evaluate),
], ids=["plain h_minimax", "negamax", "the answer key", "the check's mistaken search"])
def test_the_package_s_own_searches_are_refused(borrowed):
    check.h_negamax.forget()
    verdict = check.h_negamax(borrowed)
    assert verdict.correct is False and "the exercise asks you to write it yourself" in verdict.text
    check.h_negamax.forget()


# --- the solutions are correct ---------------------------------------------------------------------

def test_horizon_solution_is_correct():
    verdict = check.horizon(solution("my_depth"))
    assert verdict.correct is True and "at depth 6 it plays column 4" in verdict.text
    assert "Column 3 loses on ply 6" in verdict.text


@pytest.mark.slow
def test_evaluation_solution_is_correct_and_the_lesson_states_its_score():
    verdict = check.evaluation(solution("my_evaluation"))
    assert verdict.correct is True
    scores = re.findall(r"([\d.]+) of 100 points", verdict.text)
    assert len(scores) == 2
    shown = " ".join(solution_text("my_evaluation").split())
    assert f"scores {scores[0]} of 100 points against the zero evaluation, and {scores[1]} against the course's" in shown


# --- the course's own evaluation is refused, in any disguise the text rules out ------------------------

def weighted(weights, scale=1000):
    """An evaluation written by hand: the features weighed by `weights`, divided by `scale`."""
    def evaluate(state):
        return sum(weights[name] * (x - o) for name, (x, o) in features(C4, state).items()) / scale
    return evaluate


def weights(threes, twos, centre):
    return {"open threes": threes, "open twos": twos, "centre": centre}


@pytest.mark.parametrize("answer", [C4.evaluate, LinearEvaluation(C4), LinearEvaluation(C4, CANDIDATES["threes only"])],
                         ids=["c4.evaluate", "LinearEvaluation", "a candidate weighting"])
def test_the_packages_own_evaluation_is_refused(answer):
    verdict = check.evaluation(answer)
    assert verdict.correct is False and "the course's own evaluation" in verdict.text


@pytest.mark.parametrize("answer", [
    lambda state: C4.evaluate(state),
    lambda state: 0.5 * C4.evaluate(state),
    weighted(WEIGHTS),
    lambda state: C4.evaluate(state) ** 3,                          # issue 38: a power
    lambda state: math.tanh(40 * C4.evaluate(state)),                # any increasing function of it
    weighted(weights(2, 1, 2.01)),                                   # issue 38: weights barely changed
    weighted(weights(2, 1, 1.9)),
    weighted(weights(4, 2, 4), 2000),                                # scaled by hand
], ids=["wrapped", "wrapped and scaled", "the same weights by hand", "cubed", "tanh", "weights 2, 1, 2.01",
        "weights 2, 1, 1.9", "weights doubled"])
def test_the_course_evaluation_scaled_powered_or_barely_changed_is_refused(answer):
    verdict = check.evaluation(answer)
    assert verdict.correct is False and "it is the course's evaluation again" in verdict.text
    assert "in the same order" in verdict.text and "raised to a power" in verdict.text


def test_weights_within_the_tolerance_are_refused_though_some_ties_change():
    near = weighted(weights(2, 0.8, 2))
    states = check.probe_positions(C4)
    assert not check.keeps_the_order([near(state) for state in states], [C4.evaluate(state) for state in states])
    verdict = check.evaluation(near)
    assert verdict.correct is False and "it is the course's evaluation again" in verdict.text
    assert "open twos 0.82" in verdict.text and "each within 0.2 of the course's weights 2, 1, 2" in verdict.text


@pytest.mark.parametrize("own", [weights(2, 1, 1), weights(3, 1, 1), weights(2, 1, 1.5), weights(1, 1, 1)],
                         ids=["2, 1, 1", "3, 1, 1", "2, 1, 1.5", "1, 1, 1"])
def test_weights_of_ones_own_are_not_the_course_s(own):
    assert check.the_course_evaluation(weighted(own), C4) is None


@pytest.mark.slow
def test_weights_of_ones_own_pass_even_near_the_courses():
    assert check.evaluation(weighted(weights(2, 1, 1))).correct is True


def test_keeps_the_order_asks_the_same_strict_order_and_lets_ties_go_either_way():
    reference = [0, 1, 1, 2]
    assert check.keeps_the_order([0, 5, 6, 9], reference)             # a tie of the reference broken
    assert check.keeps_the_order([-8, 1, 1, 8], reference)            # a power
    assert not check.keeps_the_order([0, 5, 9, 6], reference)         # 1 < 2 reversed
    assert not check.keeps_the_order([0, 5, 5, 5], reference)         # 1 < 2 made a tie
    assert not check.keeps_the_order([0, 0, 0, 0], reference)         # the zero evaluation
    assert not check.keeps_the_order([1, 2, 3, 4], [0, 0, 0, 0])      # a reference that tells nothing apart


def test_fitted_weights_find_a_weighted_sum_and_nothing_else():
    rows = [[1, 0, 2], [0, 1, 1], [2, 2, 0], [1, -1, 3], [0, 0, 1]]
    values = [2 * a + 0.5 * b - c for a, b, c in rows]
    assert [round(w, 9) for w in check.fitted_weights(values, rows)] == [2, 0.5, -1]
    assert check.fitted_weights([v ** 3 for v in values], rows) is None
    assert check.near_weights([2.1, 1, 1.9], [2, 1, 2]) and not check.near_weights([2, 1, 1.5], [2, 1, 2])
    assert not check.near_weights([-2, -1, -2], [2, 1, 2])


@pytest.mark.slow
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
    (check.h_negamax, SEARCH_MISTAKES["depth not decremented"][0], "The right result is"),
    (check.horizon, 4, "6"),
    (check.evaluation, lambda state: 0.0, "open threes weighted 3"),
    (check.quiz_1, "a", "'b'"),
    (check.quiz_2, "b", "'a'"),
    (check.quiz_3, "a", "'b'"),
]


@pytest.mark.parametrize("exercise, wrong, answer_text", hint_first_params(HINT_FIRST, slow={check.evaluation}))
def test_a_first_wrong_try_gets_a_hint_and_the_second_the_answer(exercise, wrong, answer_text):
    assert_hint_first(exercise, wrong, answer_text)


def test_every_exercise_has_a_hint_first_case():
    assert {case[0] for case in HINT_FIRST} == exercises_of(check)


MISTAKES = [
    (check.horizon, 4, "Four plies was the horizon of the lesson's example"),
    (check.horizon, 5, "At depth 5 the plain search still plays column 3"),
    (check.horizon, 2, "At depth 2 the plain search still plays column 3"),
    (check.horizon, 7, "the question asks for the smallest depth"),
    (check.horizon, "6", "The answer is a number"),
    (check.evaluation, flipped, "It must be X's value whoever is to move"),
    (check.evaluation, unscaled, "It must stay strictly between -1 and 1"),
    (check.evaluation, crashes, "your evaluation raised KeyError"),
    (check.evaluation, lambda state: "good", "it must return a number"),
    pytest.param(check.evaluation, lambda state: 0.0, "needs at least 60 of 100 points against the zero evaluation",
                 marks=pytest.mark.slow),  # plays its match
    (check.evaluation, 0.5, "the answer should be a function evaluate(state)"),
    (check.h_negamax, 0.5, "the answer should be a function"),
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


@pytest.mark.slow
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


@pytest.mark.slow
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
    assert stored_output(CELLS, "by_depth = {").endswith("{1: (3, 0.0045),\n 2: (3, -0.0091),\n 3: (3, 0.0136),\n"
                                                         " 4: (4, -0.0136),\n 5: (4, 0.0045)}")


def test_the_check_yourself_questions_have_worked_answers():
    worked = [cell_source(cell) for cell in CELLS if "<summary>Worked answers</summary>" in cell_source(cell)]
    assert len(worked) == 1 and all(f"{n}. **" in worked[0] for n in (1, 2, 3))


# --- not answered yet -----------------------------------------------------------------------------

def stub(state):
    raise NotImplementedError


def search_stub(game, state, depth, evaluate):
    raise NotImplementedError


@pytest.mark.parametrize("exercise, answer", [(check.horizon, ...),
                                              (check.evaluation, ...), (check.evaluation, stub),
                                              (check.h_negamax, ...), (check.h_negamax, search_stub),
                                              (check.quiz_1, ...), (check.quiz_2, ...), (check.quiz_3, ...)])
def test_unanswered_exercises_say_so_and_do_not_raise(exercise, answer, capsys):
    verdict = exercise(answer)
    assert verdict.correct is None and verdict.text.startswith("Not answered yet: ")
    assert capsys.readouterr().out == verdict.text + "\n"


@pytest.mark.parametrize("exercise", [check.horizon, check.evaluation, check.h_negamax])
@pytest.mark.parametrize("answer", [None, [6], float("nan"), True])
def test_anything_gets_a_verdict(exercise, answer):
    assert exercise(answer).correct is False
