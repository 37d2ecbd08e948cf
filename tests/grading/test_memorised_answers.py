"""Answers that can be memorised (issue 36, item 7): every check draws its cases when it runs, from
the seed of the random cases (the grading run's own under `make grade`), so a table of the cases a
student has seen earns nothing; no answer key ships in the student edition; a constant evaluation
earns nothing; assignment 5's tournament is drawn from the grading seed; and a large literal table
in an answer cell is found for the report (copies.literal_tables)."""

from __future__ import annotations

import contextlib
import io
import math
import time
from pathlib import Path
from typing import Any

import pytest
from test_grade_isolation import SOLUTIONS, answer_sources, earned, grade, messages, submit
from test_grading import A2, A3, A4, A5, answers, small_tournament

from minimax_lab import ConnectFour, TicTacToe, Trace, TreeGame, alphabeta, grading
from minimax_lab.checks.core import seeded
from minimax_lab.grading import CheckFailed, assignment2, assignment4, assignments, copies
from minimax_lab.running import guard
from minimax_lab.search.ordering import exact_order
from devtools import release

pytestmark = pytest.mark.slow  # grades submissions in sandboxed workers

ROOT = Path(__file__).resolve().parents[2]

# --- assignment 4: cases drawn when the check runs ----------------------------------------------------

OLD_SHAPES = tuple((b, d) for b in range(1, 6) for d in range(1, 8) if b ** d <= 3125)
"""The 31 shapes assignment 4's best-case check used to try, every time."""

OLD_EBF_CASES = ((53, 5), (7, 2), (15, 3), (121, 4), (4, 3), (2, 1), (1000, 1), (1_000_000, 6),
                 (18297, 9), (549946, 9), (2, 3))
"""The 11 (nodes, depth) pairs its effective-branching-factor check used to try, every time."""


def memorised_assignment4() -> tuple[str, str]:
    """Return answer cells that look up the answers to the old fixed cases (as a student could have
    computed them in the notebook with the package) and know nothing else."""
    best = {}
    for b, d in OLD_SHAPES:
        game = TreeGame(grading.distinct_tree(b, d, seed=b * 10 + d))
        best[(b, d)] = alphabeta(game, order=exact_order(game)).leaves
    solve = answers(A4)["effective_branching_factor"]
    ebf = {case: solve(*case) for case in OLD_EBF_CASES}
    return (f"BEST = {best!r}\ndef best_case_leaves(b, d):\n    return BEST.get((b, d), 1)\n",
            f"EBF = {ebf!r}\ndef effective_branching_factor(nodes, depth):\n    return EBF.get((nodes, depth), 1.0)\n")


def test_a_submission_that_memorised_assignment_4s_old_cases_earns_nothing(tmp_path: Path) -> None:
    best, ebf = memorised_assignment4()
    graded = grade(submit(tmp_path, A4, {0: best, 1: ebf}), A4)
    assert earned(graded) == {"best_case_leaves": 0.0, "effective_branching_factor": 0.0}, messages(graded)
    assert "best_case_leaves is wrong on" in graded.marks[0].message
    assert "effective_branching_factor is wrong on" in graded.marks[1].message


@pytest.mark.parametrize("seed", [0, 1, 2, 987654321])
def test_the_old_cases_alone_fail_and_the_solution_passes_whatever_the_seed(seed: int) -> None:
    namespace: dict[str, Any] = {}
    for source in memorised_assignment4():
        exec(source, namespace)
    solution = answers(A4)
    with seeded(seed), contextlib.redirect_stdout(io.StringIO()) as printed:
        for check, name in ((grading.check_best_case_leaves, "best_case_leaves"),
                            (grading.check_effective_branching_factor, "effective_branching_factor")):
            with pytest.raises(CheckFailed, match=f"{name} is wrong on"):
                check(namespace[name])
            check(solution[name])
    assert printed.getvalue().count("correct on") + printed.getvalue().count("matches alpha-beta on") == 2


def test_assignment_4s_cases_are_drawn_from_the_seed() -> None:
    assert grading.best_case_shapes(3) == grading.best_case_shapes(3)
    assert grading.best_case_shapes(3) != grading.best_case_shapes(4)
    assert grading.ebf_cases(3) == grading.ebf_cases(3) != grading.ebf_cases(4)
    with seeded(4):
        assert grading.best_case_shapes() == grading.best_case_shapes(4)
        assert grading.ebf_cases() == grading.ebf_cases(4)
    shapes = grading.best_case_shapes(5)
    beyond = [(s.branching, s.depth) for s in shapes if (s.branching, s.depth) not in OLD_SHAPES]
    assert len(beyond) == assignment4.RANDOM_LARGE_SHAPES
    assert [s.branching ** s.depth for s in shapes] == sorted(s.branching ** s.depth for s in shapes)
    assert len([c for c in grading.ebf_cases(5) if c not in OLD_EBF_CASES]) >= assignment4.EBF_RANDOM - 1


def test_a_best_first_tree_is_ordered_as_the_oracle_would_order_it() -> None:
    """Its leaves are distinct, the natural order is the oracle's, and alpha-beta examines
    Knuth and Moore's count (computed here, in the test: the package stores no answer)."""
    for b, d in assignment4.ORACLE_SHAPES + ((1, 4), (2, 9)):
        game = grading.BestFirstTree(b, d)
        first = sum(b ** ply for ply in range(d))
        leaves = [game.utility((index, d), "MAX") for index in range(first, first + b ** d)]
        assert len(set(leaves)) == len(leaves)
        natural, oracle = alphabeta(game), alphabeta(game, order=exact_order(game))
        assert natural.leaves == oracle.leaves == b ** math.ceil(d / 2) + b ** (d // 2) - 1, (b, d)
        assert natural.value == oracle.value
    start = time.perf_counter()
    for shape in grading.best_case_shapes(11):
        shape.best_case()
    assert time.perf_counter() - start < 5  # 21 searches: a few hundredths of a second each


# --- assignment 2: the hand trace's answer is computed, not stored ---------------------------------------

def test_the_hand_trace_is_judged_on_the_tree_as_alphabeta_searches_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """On another tree the solution's answer (written for HAND_TRACE_TREE) is wrong, and an answer
    read from that tree's trace is right: the check keeps no answer of its own."""
    assert not hasattr(grading, "hand_trace_answer") and not hasattr(assignment2, "hand_trace_answer")
    written = answers(A2)["alphabeta_by_hand"]
    other = [[[5, 1], [2, 8]], [[4, 6], [9, 0]]]
    game, trace = TreeGame(other), Trace()
    alphabeta(game, trace=trace)
    leaves = {p for p in game.nodes if game.is_terminal(p)}
    mins = {p: v for p, v in trace.values().items() if v is not None and p not in leaves and game.to_move(p) == "MIN"}
    monkeypatch.setattr(assignment2, "HAND_TRACE_TREE", other)
    guard.accept_changes(monkeypatch)  # after the patch: the package as patched is the one to compare with
    with pytest.raises(CheckFailed, match="alphabeta_by_hand is wrong on"):
        grading.check_hand_trace(written)
    pruned = sorted(leaves - set(trace.leaves()))
    with contextlib.redirect_stdout(io.StringIO()) as printed:
        grading.check_hand_trace(lambda: (pruned, mins))
    assert "pruned leaves and the values of all" in printed.getvalue()


# --- the student edition holds no answer key -------------------------------------------------------------

def student_files() -> dict[str, str]:
    """Return the text of the package's modules and the handouts that `make release` publishes."""
    shipped = [p for p in release.edition_files(ROOT)
               if (p.startswith("minimax_lab/") and p.endswith(".py")) or p.startswith("notebooks/assignments/")]
    assert any(p.startswith("minimax_lab/grading/") for p in shipped) and any(p.endswith(".ipynb") for p in shipped)
    return {p: (ROOT / p).read_text(encoding="utf-8") for p in shipped}


def test_the_student_edition_holds_no_answer_helper_and_no_hand_trace_answer() -> None:
    files = student_files()
    assert [p for p, text in files.items() if "hand_trace_answer" in text] == []
    # the hand trace's answer, as the solution writes it, and its pruned leaves as tuples
    region = "\n".join(line for r in assignments.solution_regions(answer_sources(A2)[1]) for line in r)
    pruned = region.split('"')[1]
    assert pruned.startswith("[1][0][0][1]")
    assert [p for p, text in files.items() if pruned in text or "(1, 0, 0, 1), (1, 0, 1, 1)" in text] == []
    # nor a stored list of the cases or answers of assignment 4
    assert [p for p, text in files.items() if "549946, 9), (18297, 9), (2, 3)" in text] == []
    public = [name for name in grading.__all__ if name.endswith(("_answer", "_answers", "_key"))]
    assert public == []


# --- assignment 3: a constant evaluation earns nothing ---------------------------------------------------

def test_return_0_earns_no_evaluation_point(tmp_path: Path) -> None:
    zero = "def evaluate(state):\n    return 0\n"
    graded = grade(submit(tmp_path, A3, {0: zero}), A3)
    points = earned(graded)
    assert points["evaluation"] == 0.0 and points["player"] == 0.0, messages(graded)
    assert points["ordering"] == 1.0 and points["depth_adjusted_utility"] == 1.0
    assert "evaluate gives 0 to every one of the 4,520 non-terminal positions" in graded.marks[0].message


TRIVIAL = {
    "a constant": (lambda state: 0.25, "to every one of the 4,520"),
    "the number of marks": (lambda state: state.board.count(None) / 100, "same value to 100% of the pairs"),
    "whose turn it is": (lambda state: 0.1 if state.to_move == "X" else -0.1, "same value to 100% of the pairs"),
    "all but one position": (lambda state: 0.5 if state.board[4] == "X" and state.board.count(None) == 8 else 0,
                             "same value to 100% of the pairs"),
}


@pytest.mark.parametrize("kind", sorted(TRIVIAL))
def test_an_evaluation_that_ignores_the_board_earns_nothing(kind: str) -> None:
    evaluate, said = TRIVIAL[kind]
    with pytest.raises(CheckFailed, match=said):
        grading.check_evaluation(evaluate)


def test_an_evaluation_that_is_no_function_of_the_position_earns_nothing() -> None:
    calls = iter(range(10 ** 6))
    with pytest.raises(CheckFailed, match="is a function of the position alone"):
        grading.check_evaluation(lambda state: (next(calls) % 19) / 20)


def test_a_weak_but_honest_evaluation_still_earns_the_point(capsys: pytest.CaptureFixture[str]) -> None:
    def centre(state: Any) -> float:
        return {"X": 0.1, "O": -0.1, None: 0.0}[state.board[4]]

    grading.check_evaluation(centre)
    with seeded(31):
        grading.check_evaluation(answers(A3)["evaluate"])
    assert capsys.readouterr().out.count("telling them apart") == 2


# --- assignment 5: the tournament is drawn from the grading seed ----------------------------------------

def test_the_tournament_differs_across_seeds_and_is_the_same_for_one(monkeypatch: pytest.MonkeyPatch) -> None:
    game = ConnectFour()
    openings = {seed: grading.tournament_openings(game, seed=seed) for seed in (1, 2)}
    assert openings[1] != openings[2] and len(set(openings[1])) == grading.TOURNAMENT_OPENINGS
    with seeded(2):
        assert grading.tournament_openings(game) == openings[2]
    first, other = (grading.standings(game.evaluate, seed=seed) for seed in (1, 2))
    assert [s.games for s in first] != [s.games for s in other]
    assert all(sum(s.points for s in table) >= grading.PASS_POINTS for table in (first, other))
    small_tournament(monkeypatch)  # one seed, the same games: shown on 60 games rather than 240 again
    once, again = (grading.standings(game.evaluate, seed=1) for _ in range(2))
    assert [s.games for s in once] == [s.games for s in again]


def test_the_check_plays_the_tournament_of_the_grading_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    from minimax_lab.grading import assignment5
    drawn: list[Any] = []
    original = assignment5.tournament_openings

    def recording(game: Any, *, seed: Any = None) -> Any:
        drawn.append(original(game, seed=seed))
        return drawn[-1]

    monkeypatch.setattr(assignment5, "tournament_openings", recording)
    guard.accept_changes(monkeypatch)
    with seeded(3), contextlib.redirect_stdout(io.StringIO()):
        grading.check_connect_four_evaluation(ConnectFour().evaluate)
    assert drawn == [original(ConnectFour(), seed=3)] and drawn[0] != original(ConnectFour(), seed=0)


# --- literal tables in answer cells --------------------------------------------------------------------

def tictactoe_table() -> str:
    """Return an answer cell that looks minimax_search's answer up in a literal table of every
    non-terminal tic-tac-toe position (4,520 entries)."""
    game = TicTacToe()
    value = grading.minimax_values(game)
    positions = [s for s in grading.openings(9, game) if not game.is_terminal(s)]
    rows = ",\n".join(f"    {''.join(mark or '.' for mark in s.board)!r}: ({value(s)}, "
                      f"{alphabeta(game, s).move})" for s in positions)
    return ("TABLE = {\n" + rows + "\n}\n\ndef minimax_search(game, state):\n"
            "    return TABLE[''.join(mark or '.' for mark in state.board)]\n")


def test_a_table_of_every_tictactoe_position_is_found() -> None:
    cells = [("answer cell 1", answer_sources("assignment1_minimax")[0]), ("answer cell 3", tictactoe_table())]
    assert copies.literal_tables(cells) == [("answer cell 3", 4520 * 3)]  # each entry a pair: 1 + 2
    plain = "TABLE = {" + ", ".join(f"'{n:09b}': {n % 3 - 1}" for n in range(4520)) + "}"
    assert copies.literal_tables([("answer cell 2", plain)]) == [("answer cell 2", 4520)]


def test_tables_written_in_other_forms_are_found() -> None:
    rows = [f"{n:09b}".replace("0", ".").replace("1", "X") + f" {n % 3 - 1}" for n in range(300)]
    as_text = "TABLE = '''\n" + "\n".join(rows) + "\n'''\n"
    as_pairs = "TABLE = [" + ", ".join(f"({n}, {n % 3})" for n in range(100)) + "]"
    import base64
    blob = f"BLOB = {base64.b64encode(bytes(range(256)) * 30).decode()!r}"
    assert copies.literal_tables([("a", as_text), ("b", as_pairs), ("c", blob)]) == [
        ("a", 600), ("b", 300), ("c", 10240 // copies.BLOB_CHARS)]


def test_no_solution_holds_a_table() -> None:
    for path in sorted(SOLUTIONS.glob("*.ipynb")):
        cells = [(f"answer cell {i}", source) for i, source in enumerate(answer_sources(path.stem), start=1)]
        assert len(cells) >= 1 and copies.literal_tables(cells) == []
        assert max(copies.largest_table(source) for _, source in cells) < copies.TABLE_ENTRIES / 10
    prose = '"""' + "This evaluation counts, for each line, the marks of X and of O; two marks are worth more. " * 60 + '"""'
    assert copies.largest_table(prose) == 0


@pytest.mark.parametrize("source", [
    "def f(:\n    return {1: 2}",                      # does not parse
    "-" * 100_000 + "1",                               # the parser runs out of memory
    "x = " + "a + " * 200_000 + "a",                   # RecursionError building the tree
    "(" * 300 + ")" * 300,                             # nested too deeply for the parser
    "x = 1\0",                                         # a null byte
    "x = [" + ", ".join(["{}"] * 150) + "]",           # a list of 150 empty dicts: below the threshold
], ids=["syntax", "memory", "recursion", "parentheses", "null", "small"])
def test_hostile_sources_give_nothing_and_return_at_once(source: str) -> None:
    start = time.perf_counter()
    assert copies.literal_tables([("answer cell 1", source)]) == []
    assert time.perf_counter() - start < 2


def test_a_huge_source_is_not_parsed_but_reported() -> None:
    huge = "x = [" + "1, " * 2_000_000 + "]"
    start = time.perf_counter()
    assert copies.literal_tables([("answer cell 1", huge)]) == [("answer cell 1", 2_000_000)]
    assert time.perf_counter() - start < 1
    assert copies.largest_table("x = [" + "1, " * 300 + "]") == 300
