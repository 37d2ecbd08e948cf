"""Every figure in a lesson's prose is computed or checked.

A number in a lesson's markdown is accounted for when the lesson's stored outputs show it (nbval keeps
them what the code computes), when a code cell of the lesson passes it (an input the prose names),
or when it is bibliographic: a year, an AIMA section or figure number, a lesson number, a citation's
volume and pages, anything under "Further reading" or "References". Every other figure is in FIGURES
below, with what makes it right:

- `computed(f)`: f() computes it here, from the package or from the lesson's stored outputs;
- `checked_by("test_file.py::test_name")`: that test checks it (the test must exist);
- `given(why)`: the prose sets it as data (an exercise's inputs, the size of a board), not a result.

The test fails on a figure that is none of these, and on an entry of FIGURES that the lesson no longer
states, so that the list stays the lesson's. What it cannot see: a figure equal to some other number
the outputs show (small numbers mostly) passes as shown; the lesson tests check the figures that
matter against the cell that computes them.
"""

import ast
import re
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

import pytest
from lesson_notebooks import NOTEBOOKS, cell_source, lesson_cells, stored_output

TESTS = Path(__file__).resolve().parents[1]

FIGURE = re.compile(r"(?<![\w.^/])(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)(?![\w^]|\.\d)")
"""A figure in prose: a whole number (thousands may be grouped with commas) or a decimal."""

BIBLIOGRAPHIC = re.compile(r"(?:Figs?\.|Figures?|sections?|§|Chapter|pp\.|[Ll]essons?)\s*\d+(?:\.\d+)*"
                          r"(?:\s*(?:–|-|,|and|to|or)\s*\d+(?:\.\d+)*)*")
"""Section, figure, page and lesson numbers, alone or in ranges and lists ("Figs. 5.2–5.3", "lessons 2
to 11")."""

CITATION = re.compile(r"\d+(?:\(\d+(?:[–-]\d+)?\))?:\d+[–-]\d+|\*[^*]+\*\s+\d+\s+\(\d{4}\)")
"""A journal's volume(issue):pages, or *Journal* volume (year)."""


@dataclass(frozen=True)
class Check:
    """What makes a figure of the prose right (see the module's docstring)."""

    kind: str
    what: object


def computed(function: Callable[[], object]) -> Check:
    return Check("computed", function)


def checked_by(test: str) -> Check:
    return Check("tested", test)


def given(why: str) -> Check:
    return Check("given", why)


def outputs_of(lesson: str) -> str:
    """Return everything the lesson's code cells showed, as stored."""
    return "".join("".join(output.get("text", "")) + "".join(output.get("data", {}).get("text/plain", ""))
                   + "".join(output.get("data", {}).get("text/html", ""))
                   for cell in lesson_cells(lesson) if cell["cell_type"] == "code" for output in cell["outputs"])


def shown(lesson: str, containing: str) -> str:
    return stored_output(lesson_cells(lesson), containing)


def bounds_stored(lesson: str) -> int:
    """Lesson 5: the table's entries that are bounds, lower and upper, as its output counts them."""
    counts = dict(re.findall(r"'(lower|upper|exact)': (\d+)", outputs_of(lesson)))
    return int(counts["lower"]) + int(counts["upper"])


def engine_module():
    from minimax_lab.search import engine
    return engine


def board_strengths() -> dict:
    from minimax_lab.display.board import STRENGTHS
    return STRENGTHS


def win() -> int:
    return engine_module().WIN


def lines_of_four() -> int:
    from minimax_lab import ConnectFour
    return sum(starts.bit_count() for _, starts in ConnectFour().line_starts)


def evaluation_bound(threes: int, twos: int, centre: int) -> int:
    """The largest score in size of Connect Four's linear evaluation with these weights."""
    from minimax_lab import ConnectFour
    from minimax_lab.heuristics.connect_four_evaluation import LinearEvaluation
    weights = {"open threes": threes, "open twos": twos, "centre": centre}
    return int(LinearEvaluation(ConnectFour(), weights).scale) - 1


def knuth_moore_growth(depth: int) -> float:
    """The ratio of the best case's leaves at `depth` + 1 to those at `depth`, for b = 3."""
    from minimax_lab.analysis.experiments import minimal_leaves
    return minimal_leaves(3, depth + 1) / minimal_leaves(3, depth)


def leaves_share(order_name: str) -> int:
    """The percentage of the 729 leaves of the uniform tree (3, 6) alpha-beta evaluates in an order."""
    import minimax_lab
    from minimax_lab import UniformTree, alphabeta
    return round(100 * alphabeta(UniformTree(3, 6), order=getattr(minimax_lab, order_name)).leaves / 3 ** 6)


def queen() -> list:
    from minimax_lab.checks import several_players_and_chance as check
    return check.QUEEN


def tiny_maze_leaf(move: int, reply: int) -> int:
    """Lesson 9: a leaf of the tiny maze's first round, drawn as a tree (P's move, then G1's reply)."""
    from minimax_lab.display.search_tree import search_tree
    from minimax_lab.games.maze import MazeGame
    tree, _ = search_tree(MazeGame("tiny"), depth=1, evaluate=lambda state: state.score)
    return tree.tree[move][reply]


def maze_scores() -> tuple[int, int, int, int]:
    """Lesson 9: the maze game's scores: a move of P, a dot, the last dot, P caught."""
    from minimax_lab.games import maze
    return maze.STEP, maze.EAT, maze.CLEAR, maze.CAUGHT


def maze_moves_deep() -> int:
    """Lesson 9, Check yourself question 3: the moves in two rounds of P and two chasers."""
    from minimax_lab.checks import several_players_and_chance as check
    from minimax_lab.games.maze import MazeGame
    return len(MazeGame(check.ROUND_MAZE).agents) * check.ROUND_DEPTH


def gamble_value(move: int) -> Fraction:
    """Lesson 13: the expected value of a gamble after the leaves are changed (checks.chance's AFTER)."""
    from minimax_lab.checks import chance as check
    return check.mistaken_value(check.gambles(*check.AFTER)[move], "expected")


def connect_four_squares() -> int:
    """Lesson 11: the squares of the standard board, the most plies a game of Connect Four lasts."""
    from minimax_lab import ConnectFour
    return ConnectFour().width * ConnectFour().height


def lesson_trees() -> int:
    """Lesson 11: the random trees the search exercise tries (after AIMA Fig. 5.2)."""
    from minimax_lab.checks.core import LESSON_TREES
    return LESSON_TREES


def horizon_check():
    from minimax_lab.checks import horizon
    return horizon


def beam_cases() -> int:
    from minimax_lab.checks.game_engines import beam_cases
    return len(beam_cases())


def move_tree_bottom() -> list:
    """Lesson 01: the values of the MAX nodes just above the leaves of "predict the move"'s tree."""
    from minimax_lab.checks.minimax_values import MOVE_TREE
    return [max(leaves) for move in MOVE_TREE for leaves in move]


def window_answer() -> tuple:
    """Lesson 03: the window (α, β) with which alpha-beta enters the node the prediction asks about."""
    from minimax_lab.checks import alpha_beta
    return alpha_beta.entry_window(alpha_beta.WINDOW_TREE, alpha_beta.WINDOW_NODE)


FIGURES: dict[str, dict[str, Check]] = {
    "00_start_here.ipynb": {},
    "01_minimax_values.ipynb": {
        "10": given("the uniform tree of the question: b = 10, m = 3"),
        "100": computed(lambda: 10 ** 2),
        "1,000": computed(lambda: 10 ** 3),
        "5.1": given("AIMA 4th ed.'s equation number of the minimax value (eq. 5.1)"),
        "7": computed(lambda: move_tree_bottom()[0]),
    },
    "02_negamax.ipynb": {},
    "03_alpha_beta.ipynb": {
        "7": computed(lambda: window_answer()[1]),
    },
    "04_move_ordering.ipynb": {
        "2,096": checked_by("test_checks_move_ordering.py::test_the_node_counts_the_solutions_state_are_what_alphabeta_visits"),
        "3,320": checked_by("test_checks_move_ordering.py::test_the_node_counts_the_solutions_state_are_what_alphabeta_visits"),
    },
    "05_transpositions_and_windows.ipynb": {
        "8": given("a square of the board, in the example of a transposition"),
        "877": computed(lambda: bounds_stored("05_transpositions_and_windows.ipynb")),
    },
    "06_complexity.ipynb": {
        "40": checked_by("test_checks_complexity.py::test_the_lesson_asks_what_the_checks_check"),
        "1.5": computed(lambda: knuth_moore_growth(11)),
        "2.2": checked_by("test_checks_complexity.py::test_the_growth_and_sums_the_solutions_state_are_computed"),
        "2.7": checked_by("test_checks_complexity.py::test_the_growth_and_sums_the_solutions_state_are_computed"),
        "2.6": checked_by("test_checks_complexity.py::test_the_growth_and_sums_the_solutions_state_are_computed"),
        "2.5": checked_by("test_checks_complexity.py::test_the_growth_and_sums_the_solutions_state_are_computed"),
        "460": checked_by("test_checks_complexity.py::test_the_numbers_in_the_prose_are_the_ones_the_package_computes"),
        "64": computed(lambda: 2 ** 6),
        "1886": checked_by("test_checks_complexity.py::test_the_growth_and_sums_the_solutions_state_are_computed"),
        "2.40": checked_by("test_checks_complexity.py::test_the_growth_and_sums_the_solutions_state_are_computed"),
        "1944": checked_by("test_checks_complexity.py::test_the_growth_and_sums_the_solutions_state_are_computed"),
        "2.41": checked_by("test_checks_complexity.py::test_the_growth_and_sums_the_solutions_state_are_computed"),
    },
    "07_tic_tac_toe.ipynb": {
        "1000": computed(win),
        "999": computed(lambda: win() - 1),
        "997": computed(lambda: win() - 3),
        "998": computed(lambda: win() - 2),
    },
    "08_solving_games.ipynb": {
        "549,946": checked_by("test_bench.py::test_the_lean_loops_from_the_empty_board"),
        "6": given("the squares and heaps the exercises set"),
        "0011": computed(lambda: f"{3:04b}"),
        "0110": computed(lambda: f"{6:04b}"),
        "1001": computed(lambda: f"{9:04b}"),
        "0101": computed(lambda: f"{3 ^ 6:04b}" if 3 ^ 6 == 9 ^ 12 else "3 XOR 6 is not 9 XOR 12"),
        "1100": computed(lambda: f"{3 ^ 6 ^ 9:04b}"),
        "12": computed(lambda: 3 ^ 6 ^ 9),
        "8": computed(lambda: 1 << ((3 ^ 6 ^ 9).bit_length() - 1)),
        "5": computed(lambda: 9 ^ (3 ^ 6 ^ 9)),
        "4": computed(lambda: 9 - (9 ^ (3 ^ 6 ^ 9))),
    },
    "09_several_players_and_chance.ipynb": {
        "27": computed(lambda: (Fraction(1, 4) * queen()[1][0] + Fraction(3, 4) * queen()[1][1]) * 4),
        "6.75": computed(lambda: float(Fraction(1, 4) * queen()[1][0] + Fraction(3, 4) * queen()[1][1])),
        "40": checked_by("test_checks_several_players_and_chance.py::test_the_lesson_asks_what_the_checks_check"),
        "500": computed(lambda: maze_scores()[2] == -maze_scores()[3] and maze_scores()[2]),
        "491": computed(lambda: -tiny_maze_leaf(1, 1)),
        "7": given("a leaf of the max^n exercise's tree (minimax_lab.checks.several_players_and_chance's VECTOR_TREE)"),
        "6": computed(lambda: maze_moves_deep()),
    },
    "10_monte_carlo_tree_search.ipynb": {
        "26": checked_by("test_checks_monte_carlo_tree_search.py::test_the_mcts_solution_is_correct"),
    },
    "11_search_with_a_horizon.ipynb": {
        "42": computed(lambda: connect_four_squares()),
        "40": computed(lambda: lesson_trees()),
        "69": computed(lines_of_four),
        "219": computed(lambda: evaluation_bound(2, 1, 2)),
        "282": computed(lambda: evaluation_bound(3, 1, 1)),
        "50": given("the openings of the exercise's match (minimax_lab.checks.horizon's MATCH_GAMES / 2)"),
        "100": computed(lambda: horizon_check().MATCH_GAMES),
        "60": computed(lambda: horizon_check().POINTS_NEEDED),
        "1000": given("the solution's divisor, 3·69 + 69 + 6 = 282 rounded up to 1000"),
        "80.5": checked_by("test_checks_horizon.py::test_evaluation_solution_is_correct_and_the_lesson_states_its_score"),
        "52": checked_by("test_checks_horizon.py::test_evaluation_solution_is_correct_and_the_lesson_states_its_score"),
    },
    "12_game_engines.ipynb": {
        "0.8": computed(lambda: board_strengths()["strong"]),
        "60": checked_by("test_checks_game_engines.py::test_the_lesson_computes_what_the_checks_check"),
        "1692": checked_by("test_checks_game_engines.py::test_the_prose_about_the_iterations_is_what_they_printed"),
        "1000": computed(win),
        "996": computed(lambda: win() - 4),
        "998": computed(lambda: win() - 2),
        "108": computed(beam_cases),
    },
    "13_chance.ipynb": {
        "21": computed(lambda: gamble_value(0)),
        "40.9": computed(lambda: float(gamble_value(1))),
        "40": checked_by("test_checks_chance.py::test_the_lesson_asks_what_the_checks_check"),
        "7": checked_by("test_checks_chance.py::test_the_lesson_asks_what_the_checks_check"),
    },
    "14_imperfect_information.ipynb": {
        "31": checked_by("test_checks_imperfect_information.py::test_the_lesson_asks_what_the_checks_check"),
        "100": given("the road's payoff for the bus (minimax_lab.checks.imperfect_information's ROAD)"),
        "5": given("the road's payoff for the jewels (ROAD)"),
    },
    "appendix_sources.ipynb": {
        "92": computed(lambda: leaves_share("worst_first")),
    },
}
"""The figures of each lesson's prose that its outputs and code do not show, and what makes each right."""


def prose_figures(lesson: str) -> list[tuple[str, str]]:
    """Return (figure, its sentence) for every figure of the lesson's markdown that is not
    bibliographic, in order; code, links, HTML tags and formulas in $...$ are left out."""
    found = []
    for cell in lesson_cells(lesson):
        text = cell_source(cell)
        if cell["cell_type"] != "markdown":
            continue
        text = re.split(r"^## (?:Further reading|References)", text, flags=re.MULTILINE)[0]
        text = re.sub(r"```.*?```|`[^`]*`|<[^>]+>|\$[^$]*\$", " ", text, flags=re.DOTALL)
        text = re.sub(r"\]\([^)]*\)", "]", text)
        text = re.sub(r"\[\d\d ", "[", text)                   # links to lessons: [03 Alpha-beta]
        text = " ".join(BIBLIOGRAPHIC.sub(" ", CITATION.sub(" ", text)).split())
        for match in FIGURE.finditer(text):
            figure = match.group(1)
            plain = figure.replace(",", "")
            if plain in ("0", "1", "2") or is_year(text, match):
                continue                                       # too common to mean anything; dates
            found.append((figure, text[max(0, match.start() - 70):match.end() + 30]))
    return found


def is_year(text: str, match: re.Match[str]) -> bool:
    """Whether a figure is a year: 1900 to 2029 after "in", "since", a name, a comma or a bracket, or
    before a colon, bracket or comma."""
    return bool(re.fullmatch(r"(?:19\d|20[012])\d", match.group(1)) and (
        re.search(r"(?:\bin|\bsince|\bby|,|\(|/|\b[A-Z][\w.-]*|et al\.,?)\s*$", text[:match.start()])
        or re.match(r"\s*[:),;/]", text[match.end():])))


def shown_numbers(lesson: str) -> set[str]:
    """Return the numbers the lesson's outputs show and its code cells pass, as written and plain."""
    code = "".join(cell_source(cell) for cell in lesson_cells(lesson) if cell["cell_type"] == "code")
    tokens = set(re.findall(r"\d[\d,_]*(?:\.\d+)?", outputs_of(lesson) + "\n" + code))
    return tokens | {token.replace(",", "").replace("_", "") for token in tokens}


def is_shown(figure: str, numbers: set[str]) -> bool:
    """A figure is shown if a number equals it, or (for a decimal) rounds to it."""
    plain = figure.replace(",", "")
    if plain in numbers:
        return True
    decimals = len(plain.split(".")[1]) if "." in plain else 0
    for number in numbers:
        try:
            value = float(number.replace(",", "").replace("_", ""))
        except ValueError:
            continue
        if value == float(plain) or (decimals and round(value, decimals) == float(plain)):
            return True
    return False


LESSONS = sorted(path.name for path in NOTEBOOKS.glob("*.ipynb"))


def test_every_lesson_has_an_entry():
    assert sorted(FIGURES) == LESSONS


@pytest.mark.parametrize("lesson", LESSONS)
def test_every_figure_of_the_prose_is_shown_computed_tested_or_given(lesson):
    numbers = shown_numbers(lesson)
    unaccounted = {figure: sentence for figure, sentence in prose_figures(lesson)
                   if not is_shown(figure, numbers) and figure not in FIGURES[lesson]}
    assert not unaccounted, (
        f"{lesson}: figures the outputs do not show and FIGURES does not account for:\n"
        + "\n".join(f"  {figure}: ...{sentence}..." for figure, sentence in unaccounted.items()))


@pytest.mark.parametrize("lesson", LESSONS)
def test_every_entry_is_a_figure_the_lesson_states(lesson):
    stated = {figure for figure, _ in prose_figures(lesson)}
    assert set(FIGURES[lesson]) <= stated, f"{lesson}: no longer stated: {set(FIGURES[lesson]) - stated}"


def matches(value: object, figure: str) -> bool:
    """Whether a computed value is the figure as the prose writes it (rounded to its decimals)."""
    if isinstance(value, str):
        return value == figure
    plain = figure.replace(",", "")
    decimals = len(plain.split(".")[1]) if "." in plain else 0
    return isinstance(value, (int, float, Fraction)) and round(float(value), decimals) == float(plain)


COMPUTED = [(lesson, figure, check.what) for lesson, figures in FIGURES.items()
            for figure, check in figures.items() if check.kind == "computed"]


@pytest.mark.parametrize("lesson, figure, compute", COMPUTED, ids=[f"{l[:2]}-{f}" for l, f, _ in COMPUTED])
def test_computed_figures_are_what_the_package_computes(lesson, figure, compute):
    value = compute()
    assert matches(value, figure), f"{lesson}: the prose says {figure}, computed {value!r}"


TESTED = sorted({check.what for figures in FIGURES.values() for check in figures.values() if check.kind == "tested"})


@pytest.mark.parametrize("test", TESTED)
def test_the_tests_named_exist(test):
    file, name = test.split("::")
    found = sorted(TESTS.rglob(file))
    assert len(found) == 1, f"{file}: {len(found)} test files of that name"
    tree = ast.parse(found[0].read_text(encoding="utf-8"))
    assert name in {node.name for node in tree.body if isinstance(node, ast.FunctionDef)}, f"no test {test}"


def test_the_scan_finds_figures_and_leaves_out_citations():
    """The scan itself: a figure in prose is found; years, sections and citations are not."""
    assert FIGURE.findall("It costs 3,320 nodes, and 2.5 points.") == ["3,320", "2.5"]
    text = ("Knuth and Moore, *Artificial Intelligence* 6(4):293–326, 1975; AIMA section 5.2.4, Figs. "
            "5.2–5.3; lessons 2 to 11")
    assert FIGURE.findall(BIBLIOGRAPHIC.sub(" ", CITATION.sub(" ", text))) == ["1975"]
