"""The package's layout as layers: its import contracts, checked by Import Linter, and the
README's diagram of them.

    python -m devtools.layers            checks the contracts, prints the graph of subpackages
    python -m devtools.layers --readme   rewrites the diagram in README.md
    lint-imports                         checks the contracts only (from the repository's root)

Each subpackage sits on a layer and may import only from the layers below it (and itself): the
imports go one way. Every import counts, also one inside a function or under TYPE_CHECKING, since
each is a dependency a reader must follow (grimp, Import Linter's graph, reads them all).

The rules are Import Linter's contracts in pyproject.toml ([tool.importlinter]): `layers` (no import
points up), `acyclic_siblings` (no cycle among the modules of a subpackage) and `forbidden` (nothing
in the package imports devtools/). Two rules no contract type states are checked here on the same
graph: no module at all is in an import cycle (`cycles`, a parent package and its module
included), and the package's `__init__`, the short names, imports nothing above its own layer
(`init_imports_above`). tests/devtools/test_layers.py runs both, and `lint-imports` on a copy of
the package with an import planted that each contract must catch.

The layers are those of the installed package, minimax_lab/. This module and the rest of devtools/
(the course's developer tooling) sit outside it, on no layer: they may import anything in the
package, and nothing in the package may import them, since a student's installed copy does not
have them.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Optional, Sequence

import grimp

from .readme_blocks import ReadmeBlock

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = "minimax_lab"
"""The package the layers describe: this module checks it from outside (devtools/ is no layer)."""

LAYERS: tuple[tuple[str, str], ...] = (
    ("core", "game trees, spelling of values, search events, transposition tables"),
    ("games", "the rules of every game (the grader's sandbox gets this and core)"),
    ("heuristics", "evaluations, Connect Four with its evaluation, the play board's settings"),
    ("search", "the searches the lessons print, orderings, windows, solve, the engine, beyond minimax"),
    ("analysis", "experiments, counting games, players and tournaments"),
    ("minimax_lab", "the short names: `from minimax_lab import alphabeta, ...`"),
    ("display", "tree drawings, plots, the widgets and the play board"),
    ("running", "running a student's code: the guard in the kernel, the sandboxed worker and its wire"),
    ("checks", "the checking core, the lessons' checks and the practice widgets"),
    ("grading", "the assignments' checks, handouts and grading a class in a sandbox"),
)
"""The layers from the bottom up, with what each holds; `minimax_lab` is the package's __init__
(pyproject.toml's `layers` contract lists the others, top down, and a test holds the two alike)."""

RANK = {name: rank for rank, (name, _) in enumerate(LAYERS)}

Edge = tuple[str, str]
"""An import: (importing module, imported module)."""


def graph() -> grimp.ImportGraph:
    """Return the package's import graph (every import, in functions and under TYPE_CHECKING too)."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    return grimp.build_graph(PACKAGE, cache_dir=None)


def edges(imports: grimp.ImportGraph) -> list[Edge]:
    """Return every import between the package's modules."""
    return sorted((module, imported) for module in imports.modules
                  for imported in imports.find_modules_directly_imported_by(module))


def layer(module: str) -> str:
    """Return the layer of a module: its subpackage, or 'minimax_lab' for the package itself."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else parts[0]


def contract_layers(pyproject: Path = ROOT / "pyproject.toml") -> list[str]:
    """Return the layers pyproject.toml's `layers` contract lists, bottom up."""
    contracts = tomllib.loads(pyproject.read_text(encoding="utf-8"))["tool"]["importlinter"]["contracts"]
    listed: list[str] = next(c["layers"] for c in contracts if c["type"] == "layers")
    return listed[::-1]


def cycles(imports: grimp.ImportGraph) -> list[Edge]:
    """Return the imports that close a cycle: module imports another that leads back to it."""
    return [(module, imported) for module, imported in edges(imports)
            if imports.chain_exists(importer=imported, imported=module)]


def init_imports_above(imports: grimp.ImportGraph) -> list[str]:
    """Return the modules the package's __init__ imports from a layer above its own."""
    return sorted(module for module in imports.find_modules_directly_imported_by(PACKAGE)
                  if RANK[layer(module)] > RANK[PACKAGE])


def lint_imports(root: Path = ROOT) -> subprocess.CompletedProcess[str]:
    """Run Import Linter's `lint-imports` on the contracts of `root`/pyproject.toml, in `root`."""
    command = [str(Path(sys.executable).with_name("lint-imports")), "--no-cache", "--no-logo"]
    return subprocess.run(command, cwd=root, capture_output=True, text=True, check=False)


def layer_edges(imports: Sequence[Edge]) -> dict[tuple[str, str], int]:
    """Return how many module imports go from each layer to each other layer."""
    counts: dict[tuple[str, str], int] = {}
    for source, target in imports:
        pair = (layer(source), layer(target))
        if pair[0] != pair[1]:
            counts[pair] = counts.get(pair, 0) + 1
    return dict(sorted(counts.items(), key=lambda item: (RANK[item[0][0]], RANK[item[0][1]])))


def reduced(pairs: Sequence[tuple[str, str]]) -> list[tuple[str, str]]:
    """Return the layer pairs that no longer path implies (the transitive reduction): the arrows a
    reader needs to see the order."""
    following: dict[str, set[str]] = {}
    for source, target in pairs:
        following.setdefault(source, set()).add(target)

    def reaches(start: str, goal: str, skip: tuple[str, str]) -> bool:
        seen, todo = set(), [start]
        while todo:
            node = todo.pop()
            for step in following.get(node, ()):
                if (node, step) != skip and step not in seen:
                    if step == goal:
                        return True
                    seen.add(step)
                    todo.append(step)
        return False

    return [pair for pair in pairs if not reaches(pair[0], pair[1], pair)]


def diagram(imports: Sequence[Edge]) -> str:
    """Return the README's diagram: a Mermaid graph of the layers, bottom up (GitHub draws it; it
    reads as text too), with an arrow where a layer imports a lower one that no other arrow
    implies; then a table of what each layer holds and every layer it imports."""
    counts = layer_edges(imports)
    lines = ["```mermaid", "graph BT"]
    lines += [f"    {source} --> {target}" for source, target in reduced(list(counts))]
    lines += ["```", "", "| layer | holds | imports from |", "|---|---|---|"]
    for name, holds in LAYERS:
        below = [target for (source, target) in counts if source == name]
        where = f"`minimax_lab/{name}/`" if name != "minimax_lab" else "`minimax_lab/__init__.py`"
        lines.append(f"| {where} | {holds} | {', '.join(below) or 'the standard library only'} |")
    return "\n".join(lines)


README = ReadmeBlock("<!-- layers: made by python -m devtools.layers --readme -->", "<!-- end of layers -->")
"""The README's block that holds the diagram."""


def readme_block(imports: Sequence[Edge]) -> str:
    """Return the README's block: the markers around the diagram."""
    return README.made(diagram(imports))


def main(argv: Optional[Sequence[str]] = None) -> int:
    """Command line: check the contracts and the two rules, print the layers' graph; --readme
    writes the diagram."""
    parser = argparse.ArgumentParser(prog="python -m devtools.layers", description=__doc__.split("\n")[0])
    parser.add_argument("--readme", action="store_true", help="rewrite the diagram in README.md")
    args = parser.parse_args(argv)
    imports = graph()
    if args.readme and not README.rewrite(ROOT / "README.md", diagram(edges(imports))):
        return 1
    print(diagram(edges(imports)))
    linted = lint_imports()
    found = [f"cycle: {module} imports {imported}, which leads back to it" for module, imported in cycles(imports)]
    found += [f"upward: the package's __init__ imports {module}" for module in init_imports_above(imports)]
    if linted.returncode:
        found.append(linted.stdout + linted.stderr)
    print("\n".join(found) if found else
          f"{len(imports.modules)} modules: no cycle, no upward import, no import of devtools")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
