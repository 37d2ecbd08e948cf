"""What the lesson tests read from a lesson notebook: its cells, and the code of its <details>
Solution blocks (so a test checks the solution the student sees)."""

import json
import re
from pathlib import Path

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"


def cell_source(cell: dict) -> str:
    """Return a notebook cell's source as one string."""
    return "".join(cell["source"])


def lesson_cells(name: str) -> list[dict]:
    """Return the cells of notebooks/`name`."""
    return json.loads((NOTEBOOKS / name).read_text(encoding="utf-8"))["cells"]


def solution_blocks(cells: list[dict]) -> list[str]:
    """Return the Python code blocks inside the markdown cells' <details> blocks, in order."""
    return [block for cell in cells if cell["cell_type"] == "markdown" and "<details>" in cell_source(cell)
            for block in re.findall(r"```python\n(.*?)```", cell_source(cell), re.S)]


def solution_namespace(solutions: list[str], name: str, given: dict | None = None) -> dict:
    """Run the one solution block that assigns or defines `name`, in a namespace holding `given`
    (what the lesson's earlier cells give it); return the namespace."""
    blocks = [block for block in solutions if re.search(rf"^(def )?{name}\b", block, re.M)]
    assert len(blocks) == 1, f"expected one solution assigning or defining {name}, found {len(blocks)}"
    namespace = dict(given or {})
    exec(blocks[0], namespace)
    return namespace


def one_cell(cells: list[dict], kind: str, containing: str) -> str:
    """Return the source of the one `kind` cell ('code' or 'markdown') that contains `containing`."""
    found = [cell_source(cell) for cell in cells if cell["cell_type"] == kind and containing in cell_source(cell)]
    assert len(found) == 1, f"expected one {kind} cell containing {containing!r}, found {len(found)}"
    return found[0]


def markdown_text(cells: list[dict]) -> str:
    """Return the text of every markdown cell, in order, with runs of white space made one space."""
    return " ".join(" ".join(cell_source(cell) for cell in cells if cell["cell_type"] == "markdown").split())


def stored_output(cells: list[dict], containing: str) -> str:
    """Return what the one code cell containing `containing` showed, as stored (printed text, then the
    text of its result): nbval keeps it what the code computes."""
    found = [cell for cell in cells if cell["cell_type"] == "code" and containing in cell_source(cell)]
    assert len(found) == 1, f"expected one code cell containing {containing!r}, found {len(found)}"
    return "".join("".join(output.get("text", "")) + "".join(output.get("data", {}).get("text/plain", ""))
                   for output in found[0]["outputs"])


def stored_function(cells: list[dict], name: str):
    """Return the function `name` as the lesson stores it (unanswered), without running its check."""
    namespace: dict = {}
    source = one_cell(cells, "code", f"def {name}(")
    exec(source[:source.index("check.")], namespace)
    return namespace[name]


def shown_quiz_answers(solutions: list[str]) -> list[tuple[int, object]]:
    """Return the Check yourself answers a lesson shows: (question number, answer) for each
    check.quiz_N(answer) in its Answers block."""
    block = next(block for block in solutions if "check.quiz_1" in block)
    return [(int(number), eval(given)) for number, given in re.findall(r"check\.quiz_(\d)\((.*?)\)", block)]
