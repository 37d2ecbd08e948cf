"""A class of generated submissions to try the grader on, with the grade each row should get.

    python scripts/sample_class.py notebooks/solutions/assignment1_minimax.ipynb --count 200 --out DIR

Writes DIR/student_NNN.ipynb and DIR/expected.json ({student: {exercise: [passed, fragment]}}):
every exercise's intended verdict and a fragment its message must contain (or null). Each student
gets, for each answer function, one variant: right, right with debug prints, not answered, wrong,
a numpy move, an infinite loop, an error, input mutated, the package's search called (by module
attribute, by `from ... import` and by alias); and at most one notebook-level event: the checks
rebound or a game patched from an answer cell, a crash of the worker, an answer cell deleted, a file that
is not JSON or not a notebook, an answer cell that never ends (the cell time limit). Instructor-only
(it holds the solutions): `make release` leaves it out. tests/grading/test_grade_class.py grades a small
class of these and compares grades.csv with expected.json.
"""

from __future__ import annotations

import argparse
import ast
import copy
import json
import random
import re
import sys
from pathlib import Path
from typing import Optional, Sequence

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from minimax_lab.grading import assignments  # noqa: E402

Expected = dict[str, list]  # exercise -> [passed, fragment or None]

TIMED_OUT, CHEATED, CHANGED, WRONG = "timed out after", "uses the course's", "changed the", "is wrong on"

# Variants of one answer function: name -> (weight, fragment of the check's message or None for a
# pass). Code for each is built by `variant_source`.
VARIANTS: dict[str, tuple[int, Optional[str]]] = {
    "right": (30, None), "debug print": (10, None), "unanswered": (6, "Not answered yet"),
    "wrong": (10, WRONG), "hang": (4, TIMED_OUT), "raises": (4, "raised ValueError"),
    "mutates": (4, CHANGED), "cheat": (6, CHEATED), "cheat by alias": (3, CHEATED), "numpy": (4, "numpy"),
}
EVENTS = {"none": 150, "rebinds the check": 5, "patches a game": 3, "kernel crash": 4,
          "answer deleted": 4, "not JSON": 3, "not a notebook": 2, "cell never ends": 1}

# What a wrong answer, a cheat, a numpy move and a mutation are, for assignment 1's functions.
WRONG_BODY = {
    "minimax_value": "    if not isinstance(tree, list):\n        return tree\n"
                     "    return max(minimax_value(child, not maximizing) for child in tree)  # MIN forgotten\n",
    "minimax_decision": "    values = [_value(child, not maximizing) for child in tree]\n"
                        "    best = max(values)  # MIN forgotten\n    return best, values.index(best)\n",
    "minimax_search": "    if game.is_terminal(state):\n        return game.utility(state, game.max_player), None\n"
                      "    moves = game.actions(state)\n"
                      "    return max((minimax_search(game, game.result(state, m))[0], m) for m in moves)\n",
}
HELPER = ("\n\ndef _value(tree, maximizing):\n    if not isinstance(tree, list):\n        return tree\n"
          "    values = [_value(child, not maximizing) for child in tree]\n"
          "    return max(values) if maximizing else min(values)\n")
CHEAT = {
    "minimax_value": ("from minimax_lab import TreeGame, minimax\n",
                      "    return minimax(TreeGame(tree, first='MAX' if maximizing else 'MIN')).value\n"),
    "minimax_decision": ("import minimax_lab\n",
                         "    result = minimax_lab.alphabeta(minimax_lab.TreeGame(tree, first='MAX' if maximizing else 'MIN'))\n"
                         "    return result.value, result.move\n"),
    "minimax_search": ("from minimax_lab.search.solve import solve\n",
                       "    result = solve(game, state)\n    return result.value, result.move\n"),
}
ALIAS = {
    "minimax_value": ("from minimax_lab.search import alphabeta as search_it\nfrom minimax_lab import TreeGame, Trace\n",
                      "    trace = Trace()\n    search_it(TreeGame(tree, first='MAX' if maximizing else 'MIN'), trace=trace)\n"
                      "    return trace.values()[()]\n"),
    "minimax_decision": ("from minimax_lab.search import negamax as search_it\nfrom minimax_lab import TreeGame\n",
                         "    result = search_it(TreeGame(tree, first='MAX' if maximizing else 'MIN'))\n"
                         "    return (result.value if maximizing else -result.value), result.move\n"),
    "minimax_search": ("from minimax_lab import grading\nbest = grading.exact_order\n",
                       "    order = best(game)\n    moves = order(game, state, game.actions(state), ())\n"
                       "    return 0, moves[0]\n"),
}
MUTATE = {"minimax_value": "    if isinstance(tree, list):\n        tree.append(0)\n",
          "minimax_decision": "    tree.append(tree[0])\n",
          "minimax_search": "    if isinstance(getattr(game, 'tree', None), list):\n        game.tree.append(0)\n"}


def functions_of(cell_source: str) -> list[str]:
    """Return the functions an answer cell defines."""
    return [n.name for n in ast.parse(cell_source).body if isinstance(n, ast.FunctionDef)]


def def_line(source: str, name: str) -> str:
    """Return a function's `def` line and docstring from an answer cell."""
    match = re.search(rf'^def {name}\(.*?\):\n(    """.*?"""\n)?', source, re.MULTILINE | re.DOTALL)
    if not match:
        raise ValueError(f"no def {name}(...) in {source!r}")
    return match.group(0)


def variant_source(solution_source: str, stub_source: str, name: str, variant: str) -> str:
    """Return an answer cell for function `name` in the given variant."""
    head = def_line(solution_source, name)
    clean = "\n".join(line for line in solution_source.split("\n") if "### " not in line)
    if variant == "right":
        return clean
    if variant == "unanswered":
        return stub_source
    if variant == "debug print":
        return clean.replace(head, head + "    print('debugging', locals())\n", 1)
    if variant == "hang":
        return head + "    while True:\n        pass\n"
    if variant == "raises":
        return head + "    raise ValueError('a bug')\n"
    if variant == "wrong":
        return "import math\n\n" + head + WRONG_BODY[name] + HELPER
    if variant in ("cheat", "cheat by alias"):
        imports, body = (CHEAT if variant == "cheat" else ALIAS)[name]
        return imports + "\n\n" + head + body
    if variant == "mutates":
        return clean.replace(head, head + MUTATE[name], 1)
    if variant == "numpy":
        if name != "minimax_decision":
            return clean  # only a move can be a numpy integer; elsewhere this variant is right
        return ("import numpy\n\n" + clean + "\n\n_decision = minimax_decision\n\n\n" + head +
                "    value, move = _decision(tree, maximizing)\n    return value, numpy.int64(move)\n")
    raise ValueError(f"unknown variant {variant!r}")


def can_write(name: str, variant: str) -> bool:
    """Return True when the generator can write function `name` in `variant`: the wrong, cheating
    and mutating versions exist only for the functions of the tables above (a function added to the
    assignment later is answered right in those variants)."""
    tables = {"wrong": WRONG_BODY, "cheat": CHEAT, "cheat by alias": ALIAS, "mutates": MUTATE}
    return variant not in tables or name in tables[variant]


def uses(source: str, names: set[str]) -> set[str]:
    """Return which of `names` a cell's code uses."""
    return {n.id for n in ast.walk(ast.parse(source)) if isinstance(n, ast.Name)} & names


def make_class(solution_path: Path, out: Path, count: int, seed: int = 0,
               events: Optional[dict[str, int]] = None, forced: Sequence[str] = ()) -> dict[str, Expected]:
    """Write `count` submissions to `out` and expected.json; return the expected grades. Students
    4, 5, ... get the events in `forced`, in turn, then random ones."""
    solution = assignments.read(solution_path)
    handout = assignments.student_notebook(solution)
    rng = random.Random(seed)
    out.mkdir(parents=True, exist_ok=True)
    answers = [(i, c) for i, c in enumerate(solution.cells) if assignments.is_answer_cell(c)]
    functions = {name: i for i, c in answers for name in functions_of(c.source)}
    depends = {name: uses(solution.cells[i].source, set(functions)) - {name} for name, i in functions.items()}
    checks = [(i, assignments.check_name(c), uses(c.source, set(functions)))
              for i, c in enumerate(solution.cells) if assignments.check_name(c)]
    events = events or EVENTS
    expected: dict[str, Expected] = {}
    for number in range(count):
        student = f"student_{number:03d}"
        chosen = {name: rng.choices(list(VARIANTS), [w for w, _ in VARIANTS.values()])[0] for name in functions}
        event = rng.choices(list(events), list(events.values()))[0] if number >= 4 else "none"
        if 4 <= number < 4 + len(forced):
            event = forced[number - 4]
        if number < 4:  # the first four: all right, all unanswered, all cheating, all hanging
            chosen = dict.fromkeys(functions, ("right", "unanswered", "cheat", "hang")[number])
        chosen = {name: variant if can_write(name, variant) else "right" for name, variant in chosen.items()}
        notebook = copy.deepcopy(handout)
        for index, cell in answers:
            names = functions_of(cell.source)
            pieces = [variant_source(cell.source, handout.cells[index].source, n, chosen[n]) for n in names]
            notebook.cells[index].source = "\n\n\n".join(pieces)
        event_cell = rng.choice(answers)[0]
        event_at = next(k for k, (i, _) in enumerate(answers) if i == event_cell)
        if event == "rebinds the check":
            check_index, name, _ = next(c for c in checks if c[0] > event_cell)  # the check that follows
            success = "".join(o.get("text", "") for o in solution.cells[check_index].outputs).strip()
            notebook.cells[event_cell].source += (f"\n\n\ngrading.check_{name} = lambda *args: "
                                                  f"print({success!r})\n")
        elif event == "patches a game":
            notebook.cells[event_cell].source += "\n\n\nfrom minimax_lab import TreeGame\nTreeGame.utility = lambda self, state, player=None: 0\n"
        elif event == "kernel crash":
            notebook.cells[event_cell].source += "\n\n\nimport os\nos._exit(1)\n"
        elif event == "cell never ends":
            notebook.cells[event_cell].source += "\n\n\nimport time\nwhile True:\n    time.sleep(0.1)\n"
        elif event == "answer deleted":
            del notebook.cells[event_cell]
        if event in ("answer deleted", "kernel crash", "cell never ends"):  # the cell's functions are lost
            chosen.update(dict.fromkeys(functions_of(solution.cells[event_cell].source), "unanswered"))
        path = out / f"{student}.ipynb"
        text = assignments.notebook_text(notebook)
        if event == "not JSON":
            text = text[: len(text) // 2]
        elif event == "not a notebook":
            text = json.dumps(["this", "is", "not", "a", "notebook"])
        path.write_text(text, encoding="utf-8")
        expected[student] = {}
        for check_index, exercise, used in checks:
            expected[student][str(exercise)] = intended(chosen, used, depends, event, event_cell, check_index)
        expected[student]["_event"] = [event, event_at]  # type: ignore[assignment]
    (out / "expected.json").write_text(json.dumps(expected, indent=1, sort_keys=True), encoding="utf-8")
    return expected


def intended(chosen: dict[str, str], used: set[str], depends: dict[str, set[str]], event: str,
             event_cell: int, check_index: int) -> list:
    """Return [passed, fragment] for one check, given each function's variant and the event."""
    if event in ("not JSON", "not a notebook"):
        return [False, "not graded"]
    if event == "patches a game" and "minimax_search" in used:
        return [False, None]  # the student's own TreeGame now scores every leaf 0
    for name in sorted(used):
        variant = chosen[name]
        if variant == "numpy" and name != "minimax_decision":
            variant = "right"
        if variant in CALLS_OTHERS and any(fails(chosen[d], d) for d in depends.get(name, ())):
            return [False, None]  # its own code calls a failing function: which failure shows first varies
        if fails(variant, name):
            return [False, VARIANTS[variant][1]]
    return [True, None]


CALLS_OTHERS = {"right", "debug print", "mutates", "numpy"}
"""The variants built on the solution's code, which calls the other answer functions it uses."""


def fails(variant: str, name: str) -> bool:
    """Return True when a function in this variant fails its check."""
    return VARIANTS[variant][1] is not None and not (variant == "numpy" and name != "minimax_decision")


def main(argv: Optional[list[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("solution", type=Path)
    parser.add_argument("--count", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args(argv)
    expected = make_class(args.solution, args.out, args.count, args.seed)
    print(f"wrote {len(expected)} submissions and expected.json to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
