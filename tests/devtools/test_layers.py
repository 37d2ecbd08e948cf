"""The package's layout: imports go one way (no cycle, no import pointing up a layer), nothing in the
package imports the developer tooling (devtools/, not installed), `import minimax_lab` loads no
display library, and the README's diagram is the one the code makes. The rules are Import Linter's
contracts in pyproject.toml (and two that devtools.layers checks on grimp's graph); each is shown
to catch an import planted in a copy of the package."""

import shutil
import subprocess
import sys

import pytest

from devtools import layers


@pytest.fixture(scope="module")
def imports():
    return layers.graph()


def test_the_import_contracts_are_kept():
    linted = layers.lint_imports()
    assert linted.returncode == 0, linted.stdout + linted.stderr
    assert "3 kept, 0 broken" in linted.stdout


def test_no_module_is_in_an_import_cycle(imports):
    assert len(imports.modules) > 100
    assert layers.cycles(imports) == []


def test_the_package_init_imports_nothing_above_its_layer(imports):
    assert layers.init_imports_above(imports) == []
    assert imports.find_modules_directly_imported_by("minimax_lab")  # it imports the short names' modules


def test_the_contract_lists_the_layers_this_module_draws():
    assert layers.contract_layers() == [name for name, _ in layers.LAYERS if name != "minimax_lab"]


PLANTED = [
    ("core/text.py", "from ..search import textbook\n", "each subpackage imports only from the layers below it BROKEN"),
    ("games/nim.py", "def f():\n    import devtools.bench\n",
     "never imports the developer tooling"),
    ("search/textbook.py", "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from . import mcts\n",
     "no cycle among the modules of a subpackage BROKEN"),
]


@pytest.mark.parametrize("module, line, broken", PLANTED, ids=["upward", "tooling", "cycle"])
@pytest.mark.slow
def test_the_contracts_catch_a_planted_import(tmp_path, module, line, broken):
    """An import pointing up a layer, one of devtools/ inside a function and one under
    TYPE_CHECKING that closes a cycle (search.mcts imports search.textbook) each break a contract."""
    for folder in ("minimax_lab", "devtools"):
        shutil.copytree(layers.ROOT / folder, tmp_path / folder, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(layers.ROOT / "pyproject.toml", tmp_path)
    with open(tmp_path / "minimax_lab" / module, "a", encoding="utf-8") as source:
        source.write("\n" + line)
    linted = layers.lint_imports(tmp_path)
    assert linted.returncode == 1 and broken in linted.stdout.replace("\n", " "), linted.stdout + linted.stderr


def test_the_cycle_check_sees_a_package_and_its_own_module(tmp_path):
    """A cycle between a subpackage's __init__ and a module of it is no cycle among siblings (the
    contract does not see it); layers.cycles does."""
    for folder in ("minimax_lab", "devtools"):
        shutil.copytree(layers.ROOT / folder, tmp_path / folder, ignore=shutil.ignore_patterns("__pycache__"))
    with open(tmp_path / "minimax_lab" / "running" / "guard" / "limits.py", "a", encoding="utf-8") as source:
        source.write("\ndef f():\n    from . import call_student\n")   # running.guard's __init__ imports limits
    code = "from devtools import layers\nprint(layers.ROOT, layers.cycles(layers.graph()))"
    out = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True, check=True).stdout
    assert out.startswith(str(tmp_path)) and "('minimax_lab.running.guard.limits', 'minimax_lab.running.guard')" in out, out


def test_importing_the_package_loads_no_display_library():
    code = ("import sys, minimax_lab\n"
            "print(sorted(m for m in ('graphviz', 'matplotlib', 'ipywidgets') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_the_readme_shows_the_layers_the_code_has(imports):
    readme = (layers.ROOT / "README.md").read_text(encoding="utf-8")
    assert layers.README.stored(readme) == layers.readme_block(layers.edges(imports)), (
        "the README's diagram is out of date: run python -m devtools.layers --readme")
