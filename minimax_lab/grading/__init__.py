"""Assignment checks: run a student's function on fixed and random cases and compare it with the
package's own searches (minimax, negamax, alphabeta and their Trace).

Each `check_*` prints one stable line when every case passes; that line is the stored output nbval
compares. Otherwise it shows the smallest failing case (a tree is drawn) with what was expected and
what came back, and raises CheckFailed, so the cell, and nbval, fail.

A check cell in a student's notebook runs the student's code as `make grade` does (in_notebook,
runner.run_check): the kernel's definitions of the functions it is given go to a sandboxed worker,
and the check calls them there, so the notebook says the points the grader will give. Elsewhere (in
tests, under Pyodide, where the sandbox cannot start) a check calls the function in this process
through `guard.call_student` (via `reports.attempt`): on its own deep copies of the trees and games,
with the package's own searches forbidden, within a time limit (guard.limits.CALL_TIMEOUT), its
printed output captured. The checks exported here are wrapped by `reports.check`, which does the
former where it can and otherwise verifies first that no answer cell has changed the package
(guard.verify_untouched); either way a student's function that still raises NotImplementedError
gets "Not answered yet: ..." instead of a traceback.

For a new check: call the student's function only through `reports.attempt` (or
`guard.call_student`), judge cases with `reports.judge_cases`, compare answers with the checking
core's `checks.core.same` and moves with `checks.core.same_move` (a numpy integer or a string is
not a move), name it `check_<exercise>` and export it here; grading (`grading.class_grades`) makes
one column of grades.csv per check cell, named after the check.

The tree cases and the smallest failing case come from the checking core the lessons share
(`checks.core`: `tree_cases`, `Case`, `smallest_failure`), the tic-tac-toe positions from `cases`,
judging and reporting from `reports`, the checks of each assignment from `assignment1` ..
`assignment6`. The players the assignment-3 checks use are `minimax_lab.analysis.players`,
the oracle ordering is `minimax_lab.search.ordering.exact_order`; both are re-exported here, as the
assignments use them.
"""

from ..analysis.players import (
    PLAYER_DEPTH,
    Played,
    depth_limited_player,
    drawn_openings,
    match,
    openings,
    perfect_player,
    play,
    reference_player,
)
from ..checks.core import LEAF_RANGES, RANDOM_TREES, SHAPES, TEXTBOOK_TREES, Case, Failure, tree_cases
from ..running.guard import CheckFailed, NotAnswered, remember_package
from ..core.trees import distinct_tree, map_leaves
from ..search.ordering import exact_order
from .assignment1 import (
    CS188_EXAMPLE,
    chance_cases,
    check_expectimax,
    check_minimax_decision,
    check_minimax_search,
    check_minimax_value,
    minimax_values,
)
from .assignment2 import (
    HAND_TRACE_TREE,
    TIE_RULES,
    check_alphabeta,
    check_hand_trace,
    check_negamax,
    check_negamax_alphabeta,
    leaves_examined,
    tie_rule,
    use_tie_rule,
)
from .assignment3 import (
    BUDGET_SLACK,
    check_depth_adjusted_utility,
    check_evaluation,
    check_ordering,
    check_player,
    ordering_budget,
    ordering_report,
    plies_to_end,
    quicker_win_positions,
    scored_game,
)
from .assignment4 import (
    BestFirstTree,
    best_case_shapes,
    check_best_case_leaves,
    check_effective_branching_factor,
    ebf_cases,
)
from .assignment5 import (
    BASELINE_STANDINGS,
    PASS_POINTS,
    TOURNAMENT_DEPTH,
    TOURNAMENT_OPENINGS,
    baselines,
    check_connect_four_evaluation,
    standings,
    standings_report,
    stored_standings_report,
    tournament_openings,
)
from .assignment6 import (
    EVALUATION_DEPTH,
    EVALUATION_GAMES,
    EVALUATION_LAYOUT,
    EVALUATION_SCORE,
    EVALUATION_WINS,
    REFLEX_GAMES,
    REFLEX_LAYOUT,
    REFLEX_WINS,
    check_maze_evaluation,
    check_multi_agent_alphabeta,
    check_multi_agent_expectimax,
    check_multi_agent_minimax,
    check_reflex,
    evaluation_agent,
    play_record,
    reflex_agent,
    search_cases,
)
from .cases import tictactoe_positions
from .in_notebook import record_cells
from .reports import check

__all__ = [
    "CheckFailed", "Failure", "NotAnswered",
    "Case", "TEXTBOOK_TREES", "RANDOM_TREES", "SHAPES", "LEAF_RANGES", "tree_cases", "tictactoe_positions",
    "openings",
    "check_minimax_value", "check_minimax_decision", "check_minimax_search", "minimax_values",
    "CS188_EXAMPLE", "chance_cases", "check_expectimax",
    "check_negamax", "check_alphabeta", "check_negamax_alphabeta",
    "HAND_TRACE_TREE", "check_hand_trace", "TIE_RULES", "use_tie_rule", "tie_rule", "leaves_examined",
    "BUDGET_SLACK", "check_evaluation", "check_ordering", "check_player", "ordering_budget",
    "ordering_report", "check_depth_adjusted_utility", "plies_to_end", "quicker_win_positions",
    "scored_game",
    "PASS_POINTS", "TOURNAMENT_DEPTH", "TOURNAMENT_OPENINGS", "baselines", "check_connect_four_evaluation",
    "standings", "tournament_openings", "standings_report", "BASELINE_STANDINGS", "stored_standings_report",
    "EVALUATION_DEPTH", "EVALUATION_GAMES", "EVALUATION_LAYOUT", "EVALUATION_SCORE", "EVALUATION_WINS",
    "REFLEX_GAMES", "REFLEX_LAYOUT", "REFLEX_WINS", "check_reflex", "check_multi_agent_minimax",
    "check_multi_agent_alphabeta", "check_multi_agent_expectimax", "check_maze_evaluation", "evaluation_agent",
    "play_record", "reflex_agent", "search_cases",
    "BestFirstTree", "best_case_shapes", "ebf_cases", "check_best_case_leaves", "check_effective_branching_factor",
    "exact_order", "distinct_tree", "map_leaves",
    "PLAYER_DEPTH", "Played", "depth_limited_player", "drawn_openings", "match", "perfect_player", "play",
    "reference_player",
]

for _name in [name for name in __all__ if name.startswith("check_")]:
    globals()[_name] = check(globals()[_name])
remember_package()  # what guard.verify_untouched compares with: the package as imported
record_cells()  # in a kernel, the cells a check cell runs as make grade would (in_notebook)
