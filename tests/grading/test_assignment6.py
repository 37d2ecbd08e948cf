"""Assignment 6 (the maze, search over several opponents): the solution passes every check, and each
typical mistake is caught by the check of its exercise, with the smallest maze it got wrong."""

from __future__ import annotations

import pytest
from test_grading import answers

from minimax_lab import grading
from minimax_lab.games.maze import FeatureEvaluation, MazeGame
from minimax_lab.grading import CheckFailed, assignment6
from minimax_lab.search.agents import agents_alphabeta, agents_search

A6 = "assignment6_maze"
ROUNDS = "return value(state, depth * len(game.agents))"


def test_the_search_cases_are_drawn_from_the_seed_and_have_one_and_two_chasers() -> None:
    cases = assignment6.search_cases(seed=0)
    assert len(cases) == 3 + assignment6.SEARCH_CASES
    assert {len(case.game.agents) for case in cases} == {2, 3}
    assert {case.depth for case in cases} == {1, 2, 3}
    assert all(case.state.turn == 0 and not case.game.is_terminal(case.state) for case in cases)
    assert [c.size for c in cases] == sorted(c.size for c in cases)
    again = assignment6.search_cases(seed=0)
    assert [repr(c.state) for c in cases] == [repr(c.state) for c in again]
    assert [repr(c.state) for c in cases] != [repr(c.state) for c in assignment6.search_cases(seed=1)]


def test_action_values_agree_with_the_search() -> None:
    for case in assignment6.search_cases(seed=2)[:10]:
        for chasers in ("min", "chance"):
            values = assignment6.action_values(case, chasers)
            best = agents_search(case.game, case.state, depth=case.depth, evaluate=case.evaluation(), chasers=chasers)
            assert max(values.values()) == best.value and values[best.move] == best.value


def test_a_feature_evaluation_counts_its_calls_and_alpha_beta_evaluates_fewer() -> None:
    game, pruned, every = MazeGame("small"), FeatureEvaluation(dots=-3, chasers=1), FeatureEvaluation(dots=-3, chasers=1)
    assert agents_alphabeta(game, depth=2, evaluate=pruned).value == agents_search(game, depth=2, evaluate=every).value
    assert 0 < pruned.calls < every.calls


@pytest.mark.parametrize("check, function, line", [
    (grading.check_multi_agent_minimax, "multi_agent_minimax", "27 mazes correct, values and actions"),
    (grading.check_multi_agent_alphabeta, "multi_agent_alphabeta",
     "27 mazes correct, values, actions and positions evaluated"),
    (grading.check_multi_agent_expectimax, "multi_agent_expectimax", "27 mazes correct, expected values and actions"),
    (grading.check_reflex, "reflex_value", "reflex_value: 9 of 10 games won"),
])
def test_the_solution_passes(check, function, line, capsys) -> None:
    check(answers(A6)[function])
    assert line in capsys.readouterr().out


MISTAKES = {
    "a chaser skipped in the round": (grading.check_multi_agent_minimax, "multi_agent_minimax",
                                      ((ROUNDS, "return value(state, depth * 2)", 1),)),
    "depth counted per agent": (grading.check_multi_agent_minimax, "multi_agent_minimax",
                                ((ROUNDS, "return value(state, depth)", 1),)),
    "the finished game given to evaluate": (grading.check_multi_agent_minimax, "multi_agent_minimax",
                                            (("return game.utility(state, game.max_player), None",
                                              "return evaluate(state), None", 1),)),
    "expectimax averaging over MAX's moves too": (grading.check_multi_agent_expectimax, "multi_agent_expectimax",
                                                  (("if game.to_move(state) != game.max_player:", "if True:", 1),)),
    "expectimax taking the worst chaser move": (grading.check_multi_agent_expectimax, "multi_agent_expectimax",
                                                (("sum(value(game.result(state, a), plies - 1)[0] for a in actions)"
                                                  " / len(actions)",
                                                  "min(value(game.result(state, a), plies - 1)[0] for a in actions)",
                                                  1),)),
    "alpha-beta resetting the bounds between chasers": (
        grading.check_multi_agent_alphabeta, "multi_agent_alphabeta",
        (("v, _ = value(game.result(state, action), plies - 1, alpha, beta)",
          "child = game.result(state, action)\n"
          "            fresh = not maximizing and game.to_move(child) != game.max_player\n"
          "            v, _ = value(child, plies - 1, *((-math.inf, math.inf) if fresh else (alpha, beta)))", 1),)),
    "alpha-beta that never prunes": (grading.check_multi_agent_alphabeta, "multi_agent_alphabeta",
                                     (("            if alpha >= beta:\n                break\n", "", 1),)),
    "alpha-beta with the bounds swapped": (grading.check_multi_agent_alphabeta, "multi_agent_alphabeta",
                                           (("alpha = max(alpha, v)", "beta = min(beta, v)", 1),)),
}


@pytest.mark.parametrize("mistake", sorted(MISTAKES))
def test_each_typical_mistake_is_caught_on_a_drawn_maze(mistake: str) -> None:
    check, function, mutations = MISTAKES[mistake]
    with pytest.raises(CheckFailed) as failed:
        check(answers(A6, function, mutations)[function])
    message = str(failed.value)
    assert f"{function} is wrong on" in message and "The smallest is" in message
    assert "%" in message and "expected:" in message  # the maze is shown, with what was expected


@pytest.mark.slow
def test_a_reflex_value_of_the_score_alone_fails_with_its_worst_game() -> None:
    with pytest.raises(CheckFailed) as failed:
        grading.check_reflex(lambda game, state, action: game.result(state, action).score)
    message = str(failed.value)
    assert "0 of 10 games won" in message and "it needs 6 won" in message and "Its worst game ended" in message


def test_a_reflex_value_that_is_no_number_shows_the_position() -> None:
    with pytest.raises(CheckFailed, match="reflex_value must return a number, but on the medium maze"):
        grading.check_reflex(lambda game, state, action: "East")


@pytest.mark.slow
def test_the_score_alone_is_no_evaluation() -> None:
    # The solution's evaluation clearing the bar is checked twice already: the solution notebook's
    # stored record (seed 0, nbval) and full marks on the grading seeds (test_grade_isolation).
    game = MazeGame(assignment6.EVALUATION_LAYOUT)
    score = assignment6.play_record(assignment6.evaluation_agent(lambda game, state: state.score, game),
                                    assignment6.EVALUATION_LAYOUT, 3, seed=0)
    assert score.wins == 0 and score.average < assignment6.EVALUATION_SCORE / 2, score.summary()


def test_the_readme_states_the_thresholds_the_checks_use() -> None:
    from pathlib import Path
    readme = " ".join((Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8").split())
    a6 = assignment6
    assert (f"must win {a6.REFLEX_WINS} of {a6.REFLEX_GAMES} games on the {a6.REFLEX_LAYOUT} maze" in readme)
    assert (f"{a6.EVALUATION_WINS} of {a6.EVALUATION_GAMES} games on the {a6.EVALUATION_LAYOUT} maze with an average "
            f"score of {a6.EVALUATION_SCORE}" in readme)
    assert f"deep, {a6.EVALUATION_DEPTH}" not in readme and "two rounds deep" in readme and a6.EVALUATION_DEPTH == 2


def test_the_handout_states_the_thresholds_and_the_game_the_checks_use() -> None:
    from pathlib import Path

    from minimax_lab.grading.assignments import read
    notebook = read(Path(__file__).resolve().parents[2] / "notebooks" / "solutions" / f"{A6}.ipynb")
    text = " ".join(" ".join(cell.source for cell in notebook.cells if cell.cell_type == "markdown").split())
    a6 = assignment6
    assert (f"The check plays {a6.REFLEX_GAMES} games on the {a6.REFLEX_LAYOUT} maze against two chasers" in text
            and f"your agent must win {a6.REFLEX_WINS} of them" in text and len(MazeGame(a6.REFLEX_LAYOUT).chasers) == 2)
    assert (f"The check plays {a6.EVALUATION_GAMES} games on the {a6.EVALUATION_LAYOUT} maze" in text
            and f"each game stopped after {a6.GAME_MOVES} moves of P" in text
            and f"must win {a6.EVALUATION_WINS} of them with an average score of at least {a6.EVALUATION_SCORE}" in text)
    assert f"{a6.SEARCH_CASES + 3} mazes correct" in " ".join(
        "".join(output.get("text", "")) for cell in notebook.cells if cell.cell_type == "code" for output in cell.outputs)


def test_minimax_passed_off_as_alpha_beta_fails_even_with_its_count_rewritten() -> None:
    minimax = answers(A6)["multi_agent_minimax"]

    def forged(game, state, depth, evaluate):
        found = minimax(game, state, depth, evaluate)
        evaluate.calls = 1  # a count that is not the search's
        return found

    for search in (minimax, forged):
        with pytest.raises(CheckFailed, match="positions evaluated"):
            grading.check_multi_agent_alphabeta(search)
