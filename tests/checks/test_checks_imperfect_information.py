"""Lesson 14's exercises answered with the solutions the lesson shows (correct), with typical
mistakes (not correct, the mistake named, the answer held back until the second try), and not at
all (not answered yet); the lesson prints the plain searches, never the package's."""

import inspect
from fractions import Fraction

import pytest
from hint_first import assert_hint_first, exercises_of, hint_first_params
from lesson_check_tests import anything_test, stored_unanswered_test, unanswered_test
from lesson_notebooks import cell_source, lesson_cells, markdown_text, solution_blocks, solution_namespace, stored_output

from minimax_lab.checks import imperfect_information as check
from minimax_lab.checks.core import answer_text
from minimax_lab.running.guard import Outcome
from minimax_lab.search import imperfect, plain
from minimax_lab.search.plain import minimax_search, minimax_value

CELLS = lesson_cells("14_imperfect_information.ipynb")
SOLUTIONS = solution_blocks(CELLS)
CODE = "\n".join(cell_source(cell) for cell in CELLS if cell["cell_type"] == "code")
PROSE = markdown_text(CELLS)
GIVEN = {"Fraction": Fraction, "minimax_value": minimax_value}
"""What the lesson's first code cell gives a solution: its imports."""


def solution(name):
    """Return the value the lesson's solution block assigns to `name` (or the function it defines)."""
    return solution_namespace(SOLUTIONS, name, GIVEN)[name]


def student(code, name="averaging_over_clairvoyance"):
    """Return the function `name` that `code` defines, given the lesson's imports."""
    namespace = dict(GIVEN, minimax_search=minimax_search)
    exec(code, namespace)
    return namespace[name]


def solution_code():
    (block,) = [block for block in SOLUTIONS if "def averaging_over_clairvoyance(" in block]
    return block


# --- the lesson asks what the checks check ------------------------------------------------------------

def test_the_lesson_asks_what_the_checks_check():
    assert f'CardGame("{check.DECK}", hand={check.HAND})' in CODE
    assert f'game.deal("{check.MAX_HAND}", "{check.MIN_HAND}")' in CODE
    assert f"The check tries {len(check.clairvoyance_cases())} small positions" in PROSE
    assert "the small heap is worth 1, the jewels 5 and the bus −100" in PROSE
    assert check.ROAD == {"A": 1, "B": {"left": (5, -100), "right": (-100, 5)}}


def test_the_lesson_prints_the_plain_searches_and_never_the_package_s():
    assert "inspect.getsource(plain.belief_state)" in CODE
    assert "inspect.getsource(plain.minimax_value), inspect.getsource(plain.averaging_over_clairvoyance)" in CODE
    assert "getsource(imperfect" not in CODE and "getsource(belief_values" not in CODE


def test_the_lesson_s_figures_are_what_it_computed():
    assert stored_output(CELLS, "plain.averaging_over_clairvoyance(game, states)") == "(Fraction(3, 1), 'A♠')"
    shown = stored_output(CELLS, "fooled, true =")
    game, states = check.lesson_game(), check.lesson_belief()
    fooled, true = imperfect.averaging_over_clairvoyance(game, states), imperfect.belief_values(game, states)
    assert f"'A♠': '{fooled.values['A♠']} then {true.values['A♠']}'" in shown
    assert (fooled.move, true.move) == ("A♠", "A♥") and true.values["A♠"] < true.value
    assert f"promises {fooled.value} tricks and is worth {true.values['A♠']}; A♥ is worth {true.value}" in PROSE
    assert true.value - true.values["A♠"] == Fraction(1, 5) and "a fifth of a trick" in PROSE
    assert len(states) == 5 and "five ways to choose" in PROSE


def test_the_guess_the_prose_describes_is_in_the_principal_variations():
    shown = stored_output(CELLS, '.pv[:3]')
    assert shown.count("('K♠', 'A♥'") == 2 and shown.count("('K♠', '9♠'") == 2 and "('Q♠', '9♠'" in shown


# --- the solutions are right ---------------------------------------------------------------------------

@pytest.mark.parametrize("name, exercise", [("my_size", check.belief_size), ("my_values", check.road)])
def test_solutions_are_correct(name, exercise):
    exercise.forget()
    assert exercise(solution(name)).correct is True


@pytest.mark.slow
def test_the_code_solution_is_correct():
    check.clairvoyance.forget()
    verdict = check.clairvoyance(solution("averaging_over_clairvoyance"))
    assert verdict.correct is True and "on all 31 cases" in verdict.text


def test_the_worked_solution_is_no_shorter_than_the_plain_version():
    assert solution_code().count("\n") >= 5
    lines = inspect.getsource(plain.averaging_over_clairvoyance).count("\n")
    assert lines <= 8


def test_the_cases_include_ties_several_suits_and_positions_in_play():
    cases = check.clairvoyance_cases()
    assert any(states[0].played for _, states in cases)
    assert any(len({card[1] for card in game.deck}) == 3 for game, _ in cases)
    assert any(len(set(imperfect.averaging_over_clairvoyance(game, states).values.values())) < len(states[0].hands[0])
               for game, states in cases)
    assert cases[-1][1] == check.lesson_belief()


# --- typical mistakes ----------------------------------------------------------------------------------

def mistaken(mistake):
    """Return the lesson's solution with one typical mistake, as a student would write it."""
    code = solution_code()
    changes = {
        "sum": ("Fraction(sum(minimax_value(game, game.result(s, card)) for s in states), len(states))",
                "sum(minimax_value(game, game.result(s, card)) for s in states)"),
        "last best": ("average > best", "average >= best"),
        "alternating": ("minimax_value(game, game.result(s, card))", "minimax_search(game, game.result(s, card))[0]"),
        "worst": ("average > best", "average < best"),
        "one deal": ("for s in states), len(states))", "for s in states[:1]), 1)"),
    }
    old, new = changes[mistake]
    assert old in code
    return student(code.replace(old, new))


def each_deal_s_best(game, states):
    values = [max(minimax_value(game, game.result(s, card)) for card in game.actions(s)) for s in states]
    return Fraction(sum(values), len(states)), game.actions(states[0])[0]


@pytest.mark.parametrize("mistake", ["sum", "last best", "alternating", "worst", "one deal"])
@pytest.mark.slow
def test_typical_code_mistakes_are_named(mistake):
    check.clairvoyance.forget()
    verdict = check.clairvoyance(mistaken(mistake))
    assert verdict.correct is False and check.MISTAKES[mistake] in verdict.text, verdict.text
    assert "The right result is" not in verdict.text
    again = check.clairvoyance(mistaken(mistake))
    assert f"The right result is {answer_text(check.clairvoyance_reference(*verdict.failing))}" in again.text
    check.clairvoyance.forget()


@pytest.mark.slow
def test_each_deal_s_best_is_named_where_its_value_gives_it_away():
    check.clairvoyance.forget()
    assert check.clairvoyance(each_deal_s_best).correct is False
    check.clairvoyance.forget()
    telling = [(game, states) for game, states in check.clairvoyance_cases()
               if each_deal_s_best(game, states)[0] != check.clairvoyance_reference(game, states)[0]]
    assert telling
    for game, states in telling:
        hint = check.clairvoyance_mistake(Outcome(value=each_deal_s_best(game, states)), game, states)
        assert check.MISTAKES["each deal's best"] in hint


@pytest.mark.slow
def test_a_function_that_returns_only_the_card_is_told_to_return_a_pair():
    check.clairvoyance.forget()
    verdict = check.clairvoyance(student(solution_code().replace("return best, best_card", "return best_card")))
    assert verdict.correct is False and "Return a pair" in verdict.text
    check.clairvoyance.forget()


@pytest.mark.slow
def test_the_package_s_searches_are_refused():
    borrowed = {
        "averaging_over_clairvoyance": lambda game, states: plain.averaging_over_clairvoyance(game, states),
        "belief_values": lambda game, states: (imperfect.belief_values(game, states).value, None),
        "mistaken_clairvoyance": lambda game, states: check.mistaken_clairvoyance(game, states, "sum"),
    }
    for name, answer in borrowed.items():
        check.clairvoyance.forget()
        verdict = check.clairvoyance(answer)
        assert verdict.correct is False and f"called the package's {name}" in verdict.text, verdict.text


PREDICTION_MISTAKES = [
    (check.belief_size, 1, "the real deal only"),
    (check.belief_size, 630, "every deal of the game"),
    (check.belief_size, 126, "the hands MAX could have been dealt"),
    (check.road, (-47.5, 5), "You swapped them"),
    (check.road, (5, 5), "without knowing where the jewels are"),
    (check.road, (-47.5, -47.5), "in each world it takes that world's best branch"),
    (check.road, (5, -100), "You cannot do worse than guess"),
]


@pytest.mark.parametrize("exercise, answer, named", PREDICTION_MISTAKES)
def test_typical_prediction_mistakes_are_named(exercise, answer, named):
    exercise.forget()
    verdict = exercise(answer)
    assert verdict.correct is False and named in verdict.text
    exercise.forget()


def test_the_wrong_answers_the_belief_check_names_are_its_own_counts():
    game = check.lesson_game()
    assert len(game.deals()) == 630 and len(check.lesson_belief()) == 5


# --- hint first, unanswered, anything ------------------------------------------------------------------

def first_failing_result():
    check.clairvoyance.forget()
    verdict = check.clairvoyance(mistaken("sum"))
    check.clairvoyance.forget()
    return f"The right result is {answer_text(check.clairvoyance_reference(*verdict.failing))}"


HINT_FIRST = [
    (check.belief_size, 630, "5"),
    (check.clairvoyance, mistaken("sum"), first_failing_result),  # worked out when the test runs
    (check.road, (5, 5), "(5, -95/2)"),
    (check.quiz_1, "a", "'b'"),
    (check.quiz_2, "b", "'a'"),
    (check.quiz_3, "a", "'c'"),
]


@pytest.mark.parametrize("exercise, wrong, answer", hint_first_params(HINT_FIRST, slow={check.clairvoyance}))
def test_hint_first(exercise, wrong, answer):
    assert_hint_first(exercise, wrong, answer() if callable(answer) else answer)


def test_every_exercise_has_a_hint_first_case():
    assert {case[0] for case in HINT_FIRST} == exercises_of(check)


@pytest.mark.parametrize("quiz, right", [(check.quiz_1, "b"), (check.quiz_2, "a"), (check.quiz_3, "c")])
def test_check_yourself_answers_are_confirmed(quiz, right):
    quiz.forget()
    assert quiz(right).correct is True
    assert f"**{right}.**" in cell_source([cell for cell in CELLS if "Worked answers" in cell_source(cell)][0])


test_unanswered_exercises_say_so = unanswered_test(check)
test_answers_of_any_kind_get_a_verdict = anything_test([check.belief_size, check.road, check.quiz_1])
test_the_stored_lesson_is_unanswered = stored_unanswered_test(CELLS, 6)
