"""Every lesson's worked solution of a code exercise is at least as long as the plain version it
mirrors (search.plain; issue 38: a worked solution is a complete solution in the plain version's
shape, not a shortcut), where the exercise mirrors one: the solution's non-blank lines against the
plain functions' non-blank lines without their docstrings.

Not here, the mapping being loose: lessons 01 and 02 (min_value and negamax on nested-list trees, the
value alone, where the plain versions play a game and keep the best move), and the short functions
(an ordering, an evaluation, a winner test) that no plain search mirrors."""

import inspect
import re

import pytest
from lesson_notebooks import lesson_cells, solution_blocks

from minimax_lab.search import plain

MIRRORS = {
    ("03_alpha_beta", "ab_max_value"): (plain.ab_max_value, plain.ab_min_value),
    ("08_solving_games", "retrograde"): (plain.retrograde,),
    ("09_several_players_and_chance", "maze_value"): (plain.agents_minimax,),
    ("10_monte_carlo_tree_search", "mcts"): (plain.monte_carlo_tree_search,),
    ("11_search_with_a_horizon", "h_negamax"): (plain.h_minimax,),
    ("13_chance", "expectimax"): (plain.expectiminimax,),
}
"""(lesson, the function its worked solution defines first) -> the plain functions it mirrors."""

def code_lines(code: str) -> list[str]:
    """Return the non-blank lines of code that are not a docstring's."""
    return [line for line in code.splitlines() if line.strip() and not line.strip().startswith('"""')]


def worked_solution(lesson: str, name: str) -> str:
    """Return the one worked solution of `lesson` that defines `name`."""
    blocks = [block for block in solution_blocks(lesson_cells(f"{lesson}.ipynb"))
              if re.search(rf"^def {name}\(", block, re.M)]
    assert len(blocks) == 1, f"{lesson}: expected one worked solution defining {name}, found {len(blocks)}"
    return blocks[0]


@pytest.mark.parametrize("lesson, name", list(MIRRORS))
def test_the_worked_solution_is_at_least_as_long_as_the_plain_version_it_mirrors(lesson, name):
    solution = worked_solution(lesson, name)
    mirrored = sum(len(code_lines(inspect.getsource(function))) for function in MIRRORS[lesson, name])
    assert len(code_lines(solution)) >= mirrored, (
        f"{lesson}: the worked solution of {name} has {len(code_lines(solution))} lines, the plain version "
        f"it mirrors {mirrored}")
