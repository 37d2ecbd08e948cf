"""The package's layout: imports go one way (no cycle, no import pointing up a layer), nothing in the
package imports the developer tooling (devtools/, not installed), `import minimax_lab` loads no
display library, and the README's diagram is the one the code makes."""

import subprocess
import sys

from devtools import layers


def test_no_module_is_in_an_import_cycle():
    assert layers.cycles(layers.graph()) == []


def test_no_import_points_up_a_layer():
    assert layers.upward(layers.graph()) == []


def test_every_module_lives_on_a_layer():
    assert {layers.layer(name) for name in layers.modules()} == set(layers.RANK)


def test_the_package_never_imports_the_developer_tooling():
    assert layers.tooling_imports() == []
    assert layers.PACKAGE.name == "minimax_lab" and not (layers.PACKAGE / "tools").exists()
    assert not [name for name in layers.modules() if not name.startswith("minimax_lab")]


def test_the_check_finds_a_planted_import_of_the_tooling(tmp_path, monkeypatch):
    package = tmp_path / "minimax_lab"
    (package / "games").mkdir(parents=True)
    (package / "__init__.py").write_text("", encoding="utf-8")
    (package / "games" / "__init__.py").write_text("def f():\n    import devtools.bench\n", encoding="utf-8")
    (package / "games" / "rules.py").write_text("from devtools.layers import RANK\nimport devtoolsx\n",
                                                encoding="utf-8")
    monkeypatch.setattr(layers, "PACKAGE", package)
    monkeypatch.setattr(layers, "ROOT", tmp_path)
    assert layers.tooling_imports() == [("minimax_lab.games", 2), ("minimax_lab.games.rules", 1)]


def test_the_checks_find_a_planted_cycle_and_upward_import():
    edges = [("minimax_lab.core.a", "minimax_lab.core.b", 1), ("minimax_lab.core.b", "minimax_lab.core.a", 2),
             ("minimax_lab.core.a", "minimax_lab.search.textbook", 3)]
    assert layers.cycles(edges) == [["minimax_lab.core.a", "minimax_lab.core.b"]]
    assert layers.upward(edges) == [edges[2]]
    assert layers.problems(edges) == ["cycle: minimax_lab.core.a <-> minimax_lab.core.b",
                                      "upward: minimax_lab.core.a (line 3) imports minimax_lab.search.textbook"]


def test_an_import_inside_a_function_or_for_types_counts(tmp_path):
    module = tmp_path / "m.py"
    module.write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from ..search import textbook\n"
                      "def f():\n    from ..core.trees import Tree\n", encoding="utf-8")
    known = ["minimax_lab.games.m", "minimax_lab.search.textbook", "minimax_lab.core.trees", "minimax_lab.search"]
    assert layers.imports("minimax_lab.games.m", module, known) == [
        ("minimax_lab.games.m", "minimax_lab.search.textbook", 3),
        ("minimax_lab.games.m", "minimax_lab.core.trees", 5)]


def test_importing_the_package_loads_no_display_library():
    code = ("import sys, minimax_lab\n"
            "print(sorted(m for m in ('graphviz', 'matplotlib', 'ipywidgets') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_the_readme_shows_the_layers_the_code_has():
    readme = (layers.ROOT / "README.md").read_text(encoding="utf-8")
    assert layers.README.stored(readme) == layers.readme_block(layers.graph()), (
        "the README's diagram is out of date: run python -m devtools.layers --readme")

