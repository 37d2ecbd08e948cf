"""Lesson 10's exercises answered with the solutions the lesson shows (correct), with typical
mistakes (not correct, the mistake named, the answer held back until the second try), and not at
all (not answered yet); the lesson prints the plain MCTS, never the package's instrumented uct."""

import inspect
import math
import random
import re

import pytest
from hint_first import assert_hint_first, exercises_of
from lesson_notebooks import cell_source, lesson_cells, markdown_text, solution_blocks, solution_namespace, stored_output

from minimax_lab import minimax
from minimax_lab.checks import monte_carlo_tree_search as check
from minimax_lab.checks.core import answer_text
from minimax_lab.games.protocol import TreeGame
from minimax_lab.search import mcts, plain
from minimax_lab.search.plain import MCTSNode, simulate

CELLS = lesson_cells("10_monte_carlo_tree_search.ipynb")
SOLUTIONS = solution_blocks(CELLS)
ANSWERS = {"my_favourite": check.playout_favourite}
CODE = "\n".join(cell_source(cell) for cell in CELLS if cell["cell_type"] == "code")
PROSE = "\n".join(cell_source(cell) for cell in CELLS if cell["cell_type"] == "markdown")
GIVEN = {"random": random, "sqrt": math.sqrt, "log": math.log, "MCTSNode": MCTSNode, "simulate": simulate}
"""What the lesson's first code cell gives a solution: its imports."""


def solution(name):
    """Return the value the lesson's solution block assigns to `name` (or the function it defines)."""
    return solution_namespace(SOLUTIONS, name, GIVEN)[name]


def code_cell(containing):
    (cell,) = [cell for cell in CELLS if cell["cell_type"] == "code" and containing in cell_source(cell)]
    return cell_source(cell)


def mcts_solution_code():
    (block,) = [block for block in SOLUTIONS if "def mcts(" in block]
    return block


def mcts_with(code):
    namespace = dict(GIVEN)
    exec(code, namespace)
    return namespace["mcts"]


def test_the_lesson_shows_a_solution_for_every_exercise():
    assert len(SOLUTIONS) == len(ANSWERS) + 1   # and the mcts function
    for name in ANSWERS:
        stub = [cell for cell in CELLS if cell["cell_type"] == "code" and cell_source(cell).startswith(f"{name} = ...")]
        assert len(stub) == 1, name
    assert "raise NotImplementedError" in code_cell("def mcts(game, state, playouts, seed, C)")


def test_the_lesson_asks_what_the_checks_check():
    """The positions, trees, seeds and counts the lesson shows are the checks' data."""
    assert f'trap = game.state("{check.TRAP}")' in CODE
    assert f"tiny = {check.STEP_TREE!r}" in CODE
    assert f"uct(tiny, playouts={check.SHOWN}, seed={check.STEP_SEED}, steps=steps)" in CODE
    assert "### Your turn: which child does UCB1 select?" in PROSE and "MCTSPractice(seed=0).widget" in CODE
    assert "The corners 2 and 6." in PROSE and check.TRAP_OPTIONS == {"a": (2, 6), "b": (1, 3, 5, 7)}
    assert f"in {len(check.mcts_cases())} cases" in PROSE


def test_the_step_tree_s_minimax_move_is_where_the_visits_go():
    assert minimax(check.STEP_TREE).move == 1
    assert mcts.uct(check.STEP_TREE, playouts=1000, seed=check.STEP_SEED).move == 1


# --- the lesson prints the plain MCTS, and the student's mirrors it ----------------------------------

PRINTED = (plain.monte_carlo_tree_search, plain.select, plain.ucb1, plain.expand, plain.simulate,
           plain.back_propagate)


def test_the_lesson_prints_the_plain_mcts_and_never_the_instrumented_uct():
    listing = stored_output(CELLS, "inspect.getsource")
    for function in PRINTED:
        assert inspect.getsource(function).strip() in listing, function.__name__
    assert "def uct(" not in listing and "steps" not in listing and "raise ValueError" not in listing
    assert "getsource(mcts" not in CODE and "getsource(uct" not in CODE


def test_the_plain_version_is_what_the_check_compares_with():
    """The answer key (uct's visits) is the visits of the printed plain search, and of the check's
    own mistake-free copy, on every case."""
    for game, state, playouts, seed, C in check.mcts_cases():
        _, tree = plain.monte_carlo_tree_search(game, state, playouts, seed, C)
        visits = {move: child.N for move, child in tree.children.items()}
        assert check.mcts_reference(game, state, playouts, seed, C) == visits
        assert check.mistaken_mcts(game, state, playouts, seed, C) == visits


def test_the_worked_solution_is_at_least_as_long_as_the_plain_loop_and_has_the_four_steps():
    code = mcts_solution_code()
    solution_lines = [line for line in code.splitlines() if line.strip()]
    plain_lines = [line for line in inspect.getsource(plain.monte_carlo_tree_search).splitlines() if line.strip()]
    assert len(solution_lines) >= len(plain_lines)
    for step in ("1. select", "2. expand", "3. simulate", "4. back up"):
        assert step in code
    assert "sqrt(log(node.N)" in code   # UCB1 written out, not plain.ucb1


def test_the_cases_cover_both_games_both_players_and_every_constant():
    cases = check.mcts_cases()
    assert len(cases) == 2 + check.MCTS_TREES + check.MCTS_POSITIONS
    assert cases[0] == (cases[0][0], (), check.SHOWN, check.STEP_SEED, math.sqrt(2))
    assert cases[0][0].tree == check.STEP_TREE and cases[1][0].tree == check.STEP_TREE
    trees = [game for game, *_ in cases if isinstance(game, TreeGame)]
    assert {game.first for game in trees} == {"MAX", "MIN"}
    assert sum(1 for game, *_ in cases if game not in trees) == check.MCTS_POSITIONS
    assert {C for *_, C in cases} == set(check.MCTS_CONSTANTS)
    assert all(not game.is_terminal(state) for game, state, *_ in cases)
    assert repr(check.mcts_cases()) == repr(check.mcts_cases(seed=0)) != repr(check.mcts_cases(seed=1))


# --- the solutions are correct ---------------------------------------------------------------------

@pytest.mark.parametrize("name, starts", [
    ("my_favourite", "Correct: 'a'. Random playouts after a corner average -1/6 for X, after an edge -1/10"),
])
def test_solutions_are_correct(name, starts, capsys):
    verdict = ANSWERS[name](solution(name))
    assert verdict.correct is True and verdict.text.startswith(starts)
    assert capsys.readouterr().out == verdict.text + "\n"


def test_the_mcts_solution_is_correct():
    verdict = check.mcts(solution("mcts"))
    assert verdict.correct is True
    assert verdict.text == f"Correct: mcts gives the right result on all {len(check.mcts_cases())} cases."
    assert len(check.mcts_cases()) == 26


# --- typical mistakes are named ----------------------------------------------------------------------

MISTAKES = [
    (check.playout_favourite, "b", "Think of random play, not good play"),
    (check.playout_favourite, "c", "The replies differ"),
    (check.playout_favourite, "d", "Answer with one of the letters a, b or c"),
    (check.quiz_1, "b", "UCT grows a tree"),
    (check.quiz_1, "c", "the visits pile up on the best move"),
    (check.quiz_2, "a", "selection is deterministic"),
    (check.quiz_2, "c", "The bonus is what sends playouts to rarely visited moves"),
    (check.quiz_3, "a", "A tree costs memory"),
    (check.quiz_3, "b", "Playouts are random whether or not there is a tree"),
]


@pytest.mark.parametrize("exercise, answer, named", MISTAKES)
def test_typical_mistakes_are_named(exercise, answer, named):
    exercise(answer)
    verdict = exercise(answer)   # the second wrong try: the hint and the answer with its why
    assert verdict.correct is False and named in verdict.text


EXPAND = """\
        if node.untried:                             # 2. expand: a child for the first untried move
            move = node.untried.pop(0)
            after = game.result(node.state, move)
            untried = [] if game.is_terminal(after) else list(game.actions(after))
            node.children[move] = MCTSNode(after, node, game.to_move(node.state), untried)
            node = node.children[move]
"""
EXPAND_ALL = """\
        if node.untried:
            for move in node.untried:
                after = game.result(node.state, move)
                untried = [] if game.is_terminal(after) else list(game.actions(after))
                node.children[move] = MCTSNode(after, node, game.to_move(node.state), untried)
            node.untried = []
            node = next(iter(node.children.values()))
"""
SIMULATE = "        result = simulate(game, node.state, rng)     # 3. simulate: random moves to the end\n"

MCTS_MISTAKES = {
    # UCB1's sign or constant
    "subtracts UCB1's bonus": [("n.U / n.N + C", "n.U / n.N - C")],
    "leaves the constant C out": [("+ C * sqrt", "+ sqrt")],
    "puts the constant C inside UCB1's square root": [("C * sqrt(log(node.N) / n.N)", "sqrt(C * log(node.N) / n.N)")],
    "uses the constant √2 in UCB1 whatever C": [("C * sqrt", "sqrt(2) * sqrt")],
    "swaps the visits in UCB1's bonus": [("log(node.N) / n.N", "log(n.N) / node.N")],
    # the utility backed up from the wrong player's view
    "backs up MAX's utility at every node": [("node.U += result if node.mover == game.max_player else -result",
                                              "node.U += result")],
    "from the wrong player's view": [("result if node.mover == game.max_player", "result if node.mover != game.max_player")],
    # expanding
    "not every untried move at once": [(EXPAND, EXPAND_ALL)],
    "expands the last untried move first": [("pop(0)", "pop()")],
    "simulates from the node selection stopped at": [(SIMULATE, ""), ("        if node.untried:  ", SIMULATE + "        if node.untried:  ")],
    # not counting the playout in N on the path
    "adds 1 to N at every node on the path": [("            node.N += 1\n", "")],
    "up to and including the root": [("while node is not None:", "while node.parent is not None:")],
    # the random moves
    "new random.Random(seed) for every playout": [("    rng = random.Random(seed)\n", ""),
                                                  ("        node = root  ", "        rng = random.Random(seed)\n        node = root  ")],
}
"""Each typical mistake of the MCTS exercise: the edits that make it from the lesson's solution, by
what the verdict says."""


def mistaken(named):
    code = mcts_solution_code()
    for right, wrong in MCTS_MISTAKES[named]:
        assert right in code, right
        code = code.replace(right, wrong)
    return mcts_with(code)


@pytest.mark.parametrize("named", MCTS_MISTAKES)
@pytest.mark.slow
def test_a_typical_mcts_mistake_is_named_without_the_right_result(named):
    check.mcts.forget()
    verdict = check.mcts(mistaken(named))
    assert verdict.correct is False and named in verdict.text and verdict.failing is not None
    assert "The right result is" not in verdict.text and "check.mcts.answer()" in verdict.text \
        or verdict.outcome.error is not None   # an error has no right result to hold back
    if verdict.outcome.error is None:
        again = check.mcts(mistaken(named))
        assert f"The right result is {answer_text(check.mcts_reference(*verdict.failing))}" in again.text
    check.mcts.forget()


def test_a_search_that_returns_the_move_or_the_tree_is_told_what_to_return():
    code = mcts_solution_code().replace("return {move: child.N for move, child in root.children.items()}",
                                        "return max(root.children, key=lambda move: root.children[move].N)")
    verdict = check.mcts(mcts_with(code))
    assert verdict.correct is False and "Return the visits of the root's children" in verdict.text


def test_a_search_whose_visits_do_not_add_up_is_told_so():
    code = mcts_solution_code().replace("game.to_move(node.state), untried)", "game.to_move(node.state), untried, N=1)")
    verdict = check.mcts(mcts_with(code))
    assert verdict.correct is False and "add up to" in verdict.text and "not to the" in verdict.text


def test_the_package_s_searches_are_refused():
    def visits(tree):
        return {move: child.N for move, child in tree.children.items()}

    borrowed = {
        "uct": lambda game, state, playouts, seed, C: mcts.uct(game, state, playouts=playouts, seed=seed,
                                                               exploration=C).visits,
        "monte_carlo_tree_search": lambda game, state, playouts, seed, C: visits(
            plain.monte_carlo_tree_search(game, state, playouts, seed, C)[1]),
        "select": mcts_with(mcts_solution_code().replace(
            "node = max(node.children.values(), key=lambda n: n.U / n.N + C * sqrt(log(node.N) / n.N))",
            "node = plain_select(node, C)").replace("def mcts(", "from minimax_lab.search.plain import select as plain_select\ndef mcts(")),
        "mcts_reference": check.mcts_reference,
        "mistaken_mcts": check.mistaken_mcts,
    }
    for name, answer in borrowed.items():
        verdict = check.mcts(answer)
        assert verdict.correct is False and f"called the package's {name}" in verdict.text, verdict.text


# --- hint first, the answer on the second wrong try ----------------------------------------------------

SIGN = "subtracts UCB1's bonus"


def first_failing_visits(named):
    """The right visits of the first case a typical mistake gets wrong, as a verdict writes them."""
    check.mcts.forget()
    verdict = check.mcts(mistaken(named))
    check.mcts.forget()
    return answer_text(check.mcts_reference(*verdict.failing))


HINT_FIRST = [
    (check.playout_favourite, "b", "'a'"),
    (check.mcts, mistaken(SIGN), f"The right result is {first_failing_visits(SIGN)}"),
    (check.quiz_1, "b", "'a'"),
    (check.quiz_2, "a", "'b'"),
    (check.quiz_3, "a", "'c'"),
]


@pytest.mark.parametrize("exercise, wrong, answer", HINT_FIRST)
def test_hint_first(exercise, wrong, answer):
    assert_hint_first(exercise, wrong, answer)


def test_every_exercise_has_a_hint_first_case():
    assert {case[0] for case in HINT_FIRST} == exercises_of(check)


# --- UCB1's constant, stated right ---------------------------------------------------------------

def test_the_lesson_states_ucb1_s_constant_for_its_range_and_the_package_s_default():
    text = markdown_text(CELLS)
    assert "C = √2 is the constant of UCB1's guarantee (Auer et al., 2002) for rewards in [0, 1]" in text
    assert "our utilities in [−1, 1] need 2√2" in text
    assert "The package keeps √2" in text
    assert "suits utilities between −1 and 1" not in text and "stepper" not in text
    assert inspect.signature(mcts.uct).parameters["exploration"].default == math.sqrt(2)
    assert inspect.signature(plain.monte_carlo_tree_search).parameters["C"].default == math.sqrt(2)
    assert {utility for game, *_ in check.mcts_cases() for utility in leaves(getattr(game, "tree", []))} <= {-1, 0, 1}


def leaves(tree):
    if not isinstance(tree, list):
        return [tree]
    return [leaf for child in tree for leaf in leaves(child)]


# --- Check yourself --------------------------------------------------------------------------------

@pytest.mark.parametrize("quiz, right", [(check.quiz_1, "a"), (check.quiz_2, " B "), (check.quiz_3, "(c)")])
def test_check_yourself_right_answers_are_confirmed(quiz, right):
    verdict = quiz(right)
    assert verdict.correct is True and verdict.text.startswith("Correct: ")


def test_quiz_1_quotes_uct_s_measured_replies():
    assert check.corner_choices() == {100: 6, 1000: 6, 3000: 4}
    assert "6 with 100, 6 with 1,000 and 4 with 3,000 playouts; only 4 (the centre) draws" in check.quiz_1("a").text


def test_check_yourself_has_worked_answers():
    worked = [cell_source(cell) for cell in CELLS if "<summary>Worked answers</summary>" in cell_source(cell)]
    assert len(worked) == 1 and all(f"{n}. **{letter}.**" in worked[0] for n, letter in ((1, "a"), (2, "b"), (3, "c")))


def test_the_lesson_s_cross_references_follow_the_new_numbers():
    assert "lesson 11" in PROSE
    assert re.search(r"lesson [5789]\b", PROSE) is None


# --- not answered yet -----------------------------------------------------------------------------

@pytest.mark.parametrize("exercise", [*ANSWERS.values(), check.mcts, check.quiz_1, check.quiz_2, check.quiz_3])
def test_unanswered_exercises_say_so_and_do_not_raise(exercise, capsys):
    verdict = exercise(...)
    assert verdict.correct is None and verdict.text.startswith("Not answered yet: ")
    assert capsys.readouterr().out == verdict.text + "\n"


def test_the_mcts_stub_is_not_answered_yet(capsys):
    stub = code_cell("def mcts(").split("check.")[0]
    verdict = check.mcts(mcts_with(stub))
    assert verdict.correct is None and verdict.text.startswith("Not answered yet: ")
    assert "Traceback" not in capsys.readouterr().out


@pytest.mark.parametrize("exercise", [*ANSWERS.values(), check.mcts])
@pytest.mark.parametrize("answer", [None, [17], float("nan"), True, "x"])
def test_anything_gets_a_verdict(exercise, answer):
    assert exercise(answer).correct is False


