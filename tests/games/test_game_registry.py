"""The game registry (minimax_lab.games.registry): every game declares, next to its rules, what the
rest of the package asks of it, and generic code asks the registry instead of testing for a game.
"""

import ast
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest

import minimax_lab
from minimax_lab import ConnectFour, TicTacToe, TreeGame
from minimax_lab.core.trees import Chance
from minimax_lab.games import registry
from minimax_lab.games.connect_four import ConnectFourRules
from minimax_lab.games.entry import resolve
from minimax_lab.games.maze import MazeGame, random_maze
from minimax_lab.games.nim import Nim
from minimax_lab.games.protocol import Guesses, RecordingTreeGame
from minimax_lab.heuristics import boards
from minimax_lab.running import sandbox
from minimax_lab.running.wire import WireError, decode, encode
from devtools.layers import RANK

PACKAGE = Path(minimax_lab.__file__).parent

GAME_CLASSES = {cls.__name__ for entry in registry.GAMES for cls in (entry.rules, entry.user_class())} | {
    kind.kind.__name__ for entry in registry.GAMES for kind in entry.wire_states} | {"TurnTree", "UniformTree"}
"""The classes of particular games (and their states)."""

OWN = ("tictactoe", "connect_four", "nim", "maze", "cards")
"""A module whose file name has one of these is a game's own."""


def layer(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "minimax_lab"


@pytest.mark.parametrize("entry", registry.GAMES, ids=lambda entry: entry.name)
def test_every_part_resolves_to_a_layer_above_the_rules(entry):
    assert entry.user_class() is entry.rules or issubclass(entry.user_class(), entry.rules)
    for job, reference in entry.parts.items():
        assert entry.part(job) is not None, (entry.name, job)
        module = reference.partition(":")[0]
        assert RANK[layer(module)] > RANK["games"], f"{entry.name}'s {job} lives in {module}, not above the rules"
    for name in entry.kit_modules:
        assert (PACKAGE / name).is_file(), name


def test_every_game_module_declares_an_entry_the_registry_lists():
    rules_modules = {entry.rules.__module__ for entry in registry.GAMES}
    for path in (PACKAGE / "games").glob("*.py"):
        source = path.read_text(encoding="utf-8")
        if "GameEntry(" in source and path.stem != "entry":
            assert f"minimax_lab.games.{path.stem}" in rules_modules, f"{path.name} declares an entry GAMES lacks"
    assert len({entry.name for entry in registry.GAMES}) == len(registry.GAMES)


def branches_on_a_game(path: Path) -> list[str]:
    """Return the lines where a module tests for a particular game's class other than to refuse an
    argument (an `if not isinstance(...)` whose body raises)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    refusals = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and node.body and isinstance(node.body[0], ast.Raise):
            refusals.update(id(call) for call in ast.walk(node.test) if isinstance(call, ast.Call))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "isinstance" and len(node.args) == 2:
            games = [name.id for name in ast.walk(node.args[1]) if isinstance(name, ast.Name) and name.id in GAME_CLASSES]
            if games and id(node) not in refusals:
                found.append(f"{path.parent.name}/{path.name}:{node.lineno} isinstance on {games}")
    return found


@pytest.mark.slow
def test_generic_code_asks_the_registry_not_a_game_class():
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if not any(game in path.stem for game in OWN):
            found += branches_on_a_game(path)
    assert found == [], "generic code branches on a game (ask minimax_lab.games.registry):\n" + "\n".join(found)


def test_the_branch_finder_finds_a_branch_and_passes_a_refusal(tmp_path):
    module = tmp_path / "m.py"
    module.write_text("def f(game):\n    if isinstance(game, TicTacToe):\n        return 1\n"
                      "    if not isinstance(game, ConnectFour):\n        raise TypeError('no')\n")
    assert branches_on_a_game(module) == [f"{tmp_path.name}/m.py:2 isinstance on ['TicTacToe']"]


@pytest.mark.parametrize("value", [
    TreeGame([[3, 12], [2, Fraction(1, 2)]], first="MIN"),
    TicTacToe(), TicTacToe().state("X...O...."),
    ConnectFour(5, 4), ConnectFour().play("3344"),
    MazeGame("tiny"), MazeGame("classic").initial, Nim([1, 2, 3]), Nim([1, 2, 3]).initial,
    Guesses({(): 1, (0,): -2.5, (1,): 3}, 1),
    Chance([(Fraction(1, 2), 3), (Fraction(1, 2), [1, 2])]),
], ids=lambda value: type(value).__name__)
def test_games_and_states_cross_the_wire_as_their_entries_say(value):
    again = decode(encode(value))
    assert type(again) is type(value)
    assert repr(again) == repr(value)


def test_a_state_is_read_against_the_game_decoded_before_it():
    game = MazeGame(random_maze(3))
    state = game.result(game.initial, game.actions(game.initial)[0])
    found_game, found_state = decode(encode([game, state]))
    assert found_state == state and found_game.maze == game.maze
    assert found_game.result(found_state, found_game.actions(found_state)[0]) is not None
    with pytest.raises(WireError, match="MazeState"):  # alone, it is read against the classic maze
        decode(encode(state))
    small = ConnectFour(4, 4)
    assert decode(encode([small, small.play("0")]))[1] == small.play("0")


@pytest.mark.parametrize("data", [
    {"MazeState": [[[1, 1]], [], 0, 0]}, {"MazeState": "x"}, {"MazeGame": 3}, {"MazeGame": ["%%%\n%P%\n%%%", ""]}, {"MazeGame": ["%%%", 1]},
    {"ConnectFour": [7, "6"]}, {"ConnectFourState": [1]}, {"TreeGame": [[1, 2]]}, {"Mystery": []},
    {"Nim": [[1, -2]]}, {"Nim": [3]}, {"NimState": [[1, "x"], "A"]}, {"NimState": [[1], "C"]},
    [{"Nim": [[1]]}, {"NimState": [[2], "A"]}], {"Guesses": [{"dict": [[[0], 1]]}, 1]},
    {"Guesses": [{"dict": [[{"tuple": [0]}, "1"]]}, 1]},
], ids=repr)
def test_unreadable_game_data_is_a_wire_error(data):
    with pytest.raises(WireError):
        decode(data)


def test_the_board_settings_come_from_the_registry():
    assert boards.depth_limits(TicTacToe()) == {"minimax": 9, "alphabeta": 9}
    assert boards.offers_solve(ConnectFour(4, 4)) and not boards.offers_solve(ConnectFour())
    assert boards.move_order(ConnectFour()) is resolve("minimax_lab.heuristics.connect_four:threats_then_centre")
    with pytest.raises(TypeError, match=r"knows tic-tac-toe \(TicTacToe\) and Connect Four \(ConnectFour\), "
                                        r"not ConnectFourRules"):
        boards.depth_limits(ConnectFourRules())  # the rules alone have no evaluation
    with pytest.raises(TypeError, match="not MazeGame"):
        boards.horizon_evaluation(MazeGame("tiny"))


def test_the_kit_is_the_registry_s_games_under_the_names_a_student_knows():
    kit = sandbox.kit()
    script = ("import minimax_lab as m\n"
              "print(m.ConnectFour.__name__, hasattr(m.ConnectFour(), 'evaluate'), m.MazeGame('tiny').agents,"
              " m.TicTacToe().initial is not None, m.Nim([1, 2]).initial)\n"
              "try:\n    m.alphabeta\nexcept ImportError as e:\n    print(e)\n")
    done = subprocess.run([sys.executable, "-I", "-S", "-c", f"import sys; sys.path[:0] = [{str(kit)!r}]\n{script}"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [
        "ConnectFour False ('P', 'G1') True A to move, heaps [1, 2]",
        "uses the course's alphabeta; this exercise asks for your own"]
    assert set(sandbox.KIT_MODULES) >= set(registry.kit_modules())


def test_a_recording_tree_game_crosses_with_the_leaves_examined_on_it():
    game = RecordingTreeGame([[3, 12], [2, 4]], first="MIN")
    game.utility((0, 1), "MAX")
    again = decode(encode(game))
    assert type(again) is RecordingTreeGame and again.tree == game.tree and again.first == "MIN"
    assert again._examined == [(0, 1)]
    fresh = RecordingTreeGame([[3, 12], [2, 4]], first="MIN")
    fresh.fill_from(again)
    assert fresh._examined == [(0, 1)]
    with pytest.raises(TypeError):
        fresh.fill_from(RecordingTreeGame([[3, 12]]))
    for data in ({"RecordingTreeGame": [[1, 2], "MAX", [[1]]]}, {"RecordingTreeGame": [[1, 2], "MAX"]}):
        with pytest.raises(WireError):
            decode(data)
