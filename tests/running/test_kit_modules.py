"""The kit: the modules the grader copies into a student's sandbox import nothing but the standard
library and each other, and hold the rules only (no search, evaluation or move ordering)."""

import ast
import pickle
import sys
from pathlib import Path

import pytest

import minimax_lab
import minimax_lab.core.trees
import minimax_lab.search.chance
from minimax_lab.games.connect_four import ConnectFourRules, ConnectFourState
from minimax_lab.games.tictactoe import TicTacToe
from minimax_lab.heuristics.connect_four import ConnectFour

PACKAGE = Path(minimax_lab.__file__).parent
KIT = ("core/game_types", "core/text", "core/trees", *sorted(f"games/{p.stem}" for p in (PACKAGE / "games").glob("*.py")))
"""The kit: all of minimax_lab.games and the two core modules it uses (running.sandbox.KIT_MODULES)."""


def imports(module):
    """Return (line, imported module) for every import in the kit module, at any depth, a relative
    import resolved to a path like KIT's ('.protocol' in games/tictactoe -> 'games/protocol'); but
    not those under `if TYPE_CHECKING:`, which only mypy reads (the sandbox never runs them)."""
    tree = ast.parse((PACKAGE / f"{module}.py").read_text(), filename=f"{module}.py")
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING":
            node.body = []
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.extend((node.lineno, alias.name) for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level:
            base = module.split("/")[:-1][:len(module.split("/")) - node.level]
            found.append((node.lineno, "/".join(base + (node.module or "__init__").split("."))))
        elif isinstance(node, ast.ImportFrom):
            found.append((node.lineno, node.module or ""))
    return found


@pytest.mark.parametrize("module", KIT)
def test_a_kit_module_imports_only_the_standard_library_and_the_kit(module):
    if module.endswith("__init__"):
        assert imports(module) == [], f"{module}.py imports something; the kit's __init__ is its docstring"
        return
    assert imports(module), "the parse found no imports at all"
    for line, name in imports(module):
        if "/" in name:
            assert name in KIT, f"{module}.py line {line}: imports {name}"
        else:
            top = name.split(".")[0]
            assert top == "__future__" or top in sys.stdlib_module_names, f"{module}.py line {line}: imports {name}"


def test_the_rules_classes_hold_no_search_evaluation_or_ordering():
    for name in ("evaluate", "threats", "winning_moves", "ordered_actions", "noisy_actions", "_evaluation"):
        assert not hasattr(ConnectFourRules, name) and not hasattr(ConnectFourRules(), name), name
    for name in ("horizon_evaluation", "move_order", "depth_limits", "offers_solve"):
        assert not hasattr(TicTacToe, name) and not hasattr(ConnectFourRules, name), name


def test_connect_four_is_the_rules_with_search_helpers():
    game = ConnectFour()
    assert isinstance(game, ConnectFourRules) and repr(game) == repr(ConnectFourRules()) == "ConnectFour(7, 6)"
    state = game.play("3344")
    assert state == ConnectFourRules().play("3344") and hash(state) == hash(ConnectFourRules().play("3344"))
    assert pickle.loads(pickle.dumps(state)) == state and pickle.loads(pickle.dumps(state)).moves == state.moves
    assert minimax_lab.ConnectFourState is ConnectFourState


def test_chance_nodes_are_tree_types_reexported_by_chance():
    for name in ("Chance", "ChanceTree", "PROBABILITY_TOLERANCE", "check_chance_tree", "check_probabilities",
                 "check_distribution"):
        assert getattr(minimax_lab.search.chance, name) is getattr(minimax_lab.core.trees, name), name
    assert minimax_lab.Chance is minimax_lab.core.trees.Chance


def test_the_sandbox_copies_exactly_the_kit():
    from minimax_lab.running.sandbox import KIT_MODULES

    assert sorted(KIT_MODULES) == sorted([f"{m}.py" for m in KIT] + ["core/__init__.py", "running/wire.py",
                                                                      "running/worker.py", "running/notebook_shim.py"])


def test_a_cell_may_import_the_checks_but_not_use_them_in_the_worker():
    """`from minimax_lab import grading` in a cell with an answer runs (the answer is defined), as it
    does in the notebook; anything taken from grading or checks fails as other course code does."""
    from minimax_lab.running.sandbox import RemoteFunction, start_worker

    cell = ("from minimax_lab import checks, grading\n\ndef double(x):\n    return 2 * x\n\n"
            "grading.check_double(double)\n")
    worker, notes = start_worker("", [("answer cell 1", cell)])
    with worker:
        assert RemoteFunction(worker, "double")(21) == 42
        assert worker.load_errors == [
            "answer cell 1 uses the course's grading.check_double"], worker.load_errors
    assert notes == []


LESSON_ADDITIONS = {"core/trace.py", "heuristics/__init__.py", "heuristics/boards.py", "heuristics/connect_four.py",
                    "heuristics/connect_four_bits.py", "heuristics/connect_four_evaluation.py"}
"""What the lessons' kit adds to the grader's: Connect Four with its evaluation, which lessons 11 and 12
hand their answers and assignment 5 asks students to write."""


@pytest.mark.parametrize("module", sorted(LESSON_ADDITIONS))
def test_the_lessons_kit_adds_connect_four_s_evaluation_which_imports_only_that_kit(module):
    from minimax_lab.running.sandbox import KIT_MODULES, LESSON_KIT_MODULES

    assert set(LESSON_KIT_MODULES) - set(KIT_MODULES) == LESSON_ADDITIONS
    for line, name in imports(module.removesuffix(".py")):
        if "/" in name:
            assert f"{name}.py" in LESSON_KIT_MODULES, f"{module} line {line}: imports {name}"
        else:
            top = name.split(".")[0]
            assert top == "__future__" or top in sys.stdlib_module_names, f"{module} line {line}: imports {name}"


ANSWER = ("from minimax_lab.heuristics.connect_four_evaluation import features\n\n"
          "def score(state):\n    game = ConnectFour()\n    return game.evaluate(state), dict(features(game, state))\n\n"
          "def searches(state):\n    from minimax_lab import alphabeta\n    return alphabeta(ConnectFour(), state).value\n")


def test_only_the_lessons_kit_has_connect_four_s_evaluation():
    """A lesson's answer may use the Connect Four evaluation the lesson hands it (c4.evaluate,
    features), a graded answer may not; a search stays the course's in both."""
    from minimax_lab.running.sandbox import CourseCodeUsed, RemoteFunction, start_worker

    state = ConnectFour().play("334")
    for lessons in (True, False):
        worker, notes = start_worker("from minimax_lab import ConnectFour\n", [("cell In[1]", ANSWER)], lessons=lessons)
        with worker:
            if lessons:
                assert RemoteFunction(worker, "score")(state) == (ConnectFour().evaluate(state),
                                                                  dict(features_of(state)))
            else:
                assert worker.load_errors == ["cell In[1] uses the course's heuristics"], worker.load_errors
            with pytest.raises(CourseCodeUsed, match="the course's alphabeta" if lessons else "the course's"):
                RemoteFunction(worker, "searches")(state)


def features_of(state):
    from minimax_lab.heuristics.connect_four_evaluation import features

    return features(ConnectFour(), state)
