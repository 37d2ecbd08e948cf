"""The package's layout as layers, and its import graph checked against them.

    python -m devtools.layers            prints the graph of subpackages and any problem
    python -m devtools.layers --readme   rewrites the diagram in README.md

Each subpackage sits on a layer and may import only from the layers below it (and itself): the
imports go one way. Every import counts, also one inside a function or under TYPE_CHECKING, since
each is a dependency a reader must follow. tests/devtools/test_layers.py checks that there is no cycle
between modules and no import pointing up, and that the README's diagram is this module's.

The layers are those of the installed package, minimax_lab/. This module and the rest of devtools/
(the course's developer tooling) sit outside it, on no layer: they may import anything in the
package, and nothing in the package may import them (`tooling_imports`), since a student's
installed copy does not have them.
"""

from __future__ import annotations

import argparse
import ast
import sys
from pathlib import Path
from typing import Optional, Sequence

from .readme_blocks import ReadmeBlock

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "minimax_lab"
"""The package the layers describe: this module checks it from outside (devtools/ is no layer)."""

LAYERS: tuple[tuple[str, str], ...] = (
    ("core", "game trees, spelling of values, search events, transposition tables"),
    ("games", "the rules of every game (the grader's sandbox gets this and core)"),
    ("heuristics", "evaluations, Connect Four with its evaluation, the play board's settings"),
    ("search", "the searches the lessons print, orderings, windows, solve, the engine, beyond minimax"),
    ("analysis", "experiments, counting games, players and tournaments"),
    ("minimax_lab", "the short names: `from minimax_lab import alphabeta, ...`"),
    ("display", "tree drawings, plots, the widgets and the play board"),
    ("checks", "the checking core, the lessons' checks and the practice widgets"),
    ("grading", "the assignments' checks, handouts and grading a class in a sandbox"),
)
"""The layers from the bottom up, with what each holds; `minimax_lab` is the package's __init__."""

RANK = {name: rank for rank, (name, _) in enumerate(LAYERS)}

Edge = tuple[str, str, int]
"""An import: (importing module, imported module, line)."""


def modules() -> dict[str, Path]:
    """Return the package's modules by dotted name (a subpackage by its __init__)."""
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(ROOT).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        found[name] = path
    return found


def imports(name: str, path: Path, known: Sequence[str]) -> list[Edge]:
    """Return the imports of package modules in one module, at any depth of its code."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    edges = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[:len(package.split(".")) - node.level + 1]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            # `from package import module` imports the module; `from module import name` the module
            targets = [f"{module}.{alias.name}" if f"{module}.{alias.name}" in known else module
                       for alias in node.names]
        else:
            continue
        for target in targets:
            while target and target not in known:  # `import minimax_lab.core.trees` names a module
                target = target.rpartition(".")[0]
            if target and target != name:
                edges.append((name, target, node.lineno))
    return edges


def graph() -> list[Edge]:
    """Return every import between the package's modules."""
    known = modules()
    return sorted({edge for name, path in known.items() for edge in imports(name, path, list(known))})


def layer(module: str) -> str:
    """Return the layer of a module: its subpackage, or 'minimax_lab' for the package itself."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else parts[0]


def upward(edges: Sequence[Edge]) -> list[Edge]:
    """Return the imports that point up: from a layer to one above it."""
    return [edge for edge in edges if RANK[layer(edge[1])] > RANK[layer(edge[0])]]


def cycles(edges: Sequence[Edge]) -> list[list[str]]:
    """Return the groups of modules that import each other in a circle (strongly connected
    components of more than one module), each sorted."""
    following: dict[str, set[str]] = {}
    for source, target, _ in edges:
        following.setdefault(source, set()).add(target)
        following.setdefault(target, set())
    order: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(start: str) -> None:  # Tarjan's algorithm, iterative (no recursion limit to meet)
        work = [(start, iter(sorted(following[start])))]
        order[start] = low[start] = len(order)
        stack.append(start)
        while work:
            node, rest = work[-1]
            step = next(rest, None)
            if step is not None:
                if step not in order:
                    order[step] = low[step] = len(order)
                    stack.append(step)
                    work.append((step, iter(sorted(following[step]))))
                elif step in stack:
                    low[node] = min(low[node], order[step])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == order[node]:
                group = []
                while True:
                    member = stack.pop()
                    group.append(member)
                    if member == node:
                        break
                if len(group) > 1:
                    found.append(sorted(group))

    for node in sorted(following):
        if node not in order:
            visit(node)
    return sorted(found)


def layer_edges(edges: Sequence[Edge]) -> dict[tuple[str, str], int]:
    """Return how many module imports go from each layer to each other layer."""
    counts: dict[tuple[str, str], int] = {}
    for source, target, _ in edges:
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


def diagram(edges: Sequence[Edge]) -> str:
    """Return the README's diagram: a Mermaid graph of the layers, bottom up (GitHub draws it; it
    reads as text too), with an arrow where a layer imports a lower one that no other arrow
    implies; then a table of what each layer holds and every layer it imports."""
    counts = layer_edges(edges)
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


def readme_block(edges: Sequence[Edge]) -> str:
    """Return the README's block: the markers around the diagram."""
    return README.made(diagram(edges))


TOOLING = "devtools"
"""The top-level package of the course's developer tooling, which the installed package never imports."""


def tooling_imports() -> list[tuple[str, int]]:
    """Return (module, line) for every import of the developer tooling (TOOLING) in the package."""
    found = []
    for name, path in modules().items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and not node.level:
                targets = [node.module or ""]
            else:
                continue
            if any(target == TOOLING or target.startswith(TOOLING + ".") for target in targets):
                found.append((name, node.lineno))
    return sorted(found)


def problems(edges: Sequence[Edge]) -> list[str]:
    """Return a line for every cycle, every upward import and every import of the tooling."""
    lines = [f"cycle: {' <-> '.join(group)}" for group in cycles(edges)]
    lines += [f"upward: {source} (line {line}) imports {target}" for source, target, line in upward(edges)]
    lines += [f"tooling: {name} (line {line}) imports {TOOLING}, which the package does not ship"
              for name, line in tooling_imports()]
    return lines


def main(argv: Optional[Sequence[str]] = None) -> int:
    """Command line: print the layers' graph and problems; --readme writes the diagram."""
    parser = argparse.ArgumentParser(prog="python -m devtools.layers", description=__doc__.split("\n")[0])
    parser.add_argument("--readme", action="store_true", help="rewrite the diagram in README.md")
    args = parser.parse_args(argv)
    edges = graph()
    found = problems(edges)
    if args.readme and not README.rewrite(ROOT / "README.md", diagram(edges)):
        return 1
    print(diagram(edges))
    print("\n".join(found) if found else
          f"{len(modules())} modules: no cycle, no upward import, no import of {TOOLING}")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
