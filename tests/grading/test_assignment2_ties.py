"""Assignment 2 takes either rule on ties (issue 38, item 9): the instructor names it in the solution
notebook's metadata ("minimax_lab": {"tie_rule": ">="} or ">"); the checks, the hand trace's answer
and what the checks say follow it, and `make grade` reads it from the solution's metadata."""

from __future__ import annotations

import ast
import copy
import json
import re
from pathlib import Path
from typing import Any, Iterator

import pytest
from test_grade_isolation import SOLUTIONS, answer_sources, earned, grade, messages, submit
from test_grading import A2, answers

from minimax_lab import Trace, TreeGame, grading
from minimax_lab.grading import CheckFailed, assignment2, assignments, class_grades, settings
from minimax_lab.grading.assignments import read

pytestmark = pytest.mark.slow  # runs the assignment's checks on many cases, and grades in sandboxed workers

HANDOUTS = SOLUTIONS.parent / "assignments"
PRUNES = {"alphabeta_value": 2, "negamax_alphabeta": 1}
"""How many times each alpha-beta of the solution tests `if alpha >= beta:`."""
OTHER = {">=": ">", ">": ">="}
INTRO = {">=": "This copy prunes when **α ≥ β**", ">": "This copy prunes only when **α > β**"}
"""What the notebook's introduction says under each rule."""


@pytest.fixture(autouse=True)
def default_rule_after() -> Iterator[None]:
    """Leave the checks on the default rule whatever a test chose."""
    yield
    grading.use_tie_rule(assignment2.DEFAULT_TIE_RULE)


def hand_trace_key(rule: str) -> tuple[list[tuple[int, ...]], dict[tuple[int, ...], Any]]:
    """Return the hand trace's answer under `rule`, computed from the trace of the search for it."""
    game, trace = TreeGame(grading.HAND_TRACE_TREE), Trace()
    grading.use_tie_rule(rule)
    assignment2.pruning_search(game, trace=trace)
    leaves = {p for p in game.nodes if game.is_terminal(p)}
    mins = {p: v for p, v in trace.values().items() if v is not None and p not in leaves and game.to_move(p) == "MIN"}
    return sorted(leaves - set(trace.leaves())), mins


def by_rule(rule: str, function: str) -> Any:
    """Return the solution's `function` written for `rule` (the notebook's is written for ">=")."""
    mutations = (("if alpha >= beta:", "if alpha > beta:", PRUNES[function]),) if rule == ">" else ()
    return answers(A2, function, mutations)[function]


# --- the checks follow the rule -------------------------------------------------------------------

@pytest.mark.parametrize("rule", [">=", ">"])
@pytest.mark.parametrize("function, check", [("alphabeta_value", grading.check_alphabeta),
                                             ("negamax_alphabeta", grading.check_negamax_alphabeta)])
def test_alphabeta_written_for_a_rule_passes_under_it_and_fails_under_the_other(rule, function, check, capsys):
    grading.use_tie_rule(rule)
    check(by_rule(rule, function))
    assert capsys.readouterr().out == (f"{function}: 206 trees correct, values and leaves examined "
                                       f"({grading.TIE_RULES[rule]})\n")
    with pytest.raises(CheckFailed) as caught:
        check(by_rule(OTHER[rule], function))
    assert grading.TIE_RULES[rule] in str(caught.value), str(caught.value)
    assert re.search(r"leaves \[.*\] examined, in this order", str(caught.value)), str(caught.value)


def test_the_hand_trace_tree_has_ties_where_the_rules_differ():
    """On HAND_TRACE_TREE the two rules prune different leaves and back up different values, so the
    hand trace tells them apart."""
    (aima_pruned, aima_mins), (cs188_pruned, cs188_mins) = hand_trace_key(">="), hand_trace_key(">")
    assert len(aima_pruned) == 6 and len(cs188_pruned) == 5 and set(cs188_pruned) < set(aima_pruned)
    assert {p for p in aima_mins if aima_mins[p] != cs188_mins.get(p)} == {(1,), (1, 0, 0)}
    assert grading.leaves_examined([[5, 6], [5, 9]], ">=") == [5, 6, 5]
    assert grading.leaves_examined([[5, 6], [5, 9]], ">") == [5, 6, 5, 9]


@pytest.mark.parametrize("rule", [">=", ">"])
def test_the_hand_trace_expects_the_answer_of_the_chosen_rule(rule, capsys):
    mine, other = hand_trace_key(rule), hand_trace_key(OTHER[rule])
    grading.use_tie_rule(rule)
    grading.check_hand_trace(lambda: mine)
    assert capsys.readouterr().out == (f"alphabeta_by_hand: the {len(mine[0])} pruned leaves and the values of all "
                                       f"{len(mine[1])} MIN nodes correct ({grading.TIE_RULES[rule]})\n")
    with pytest.raises(CheckFailed, match=re.escape(grading.TIE_RULES[rule])):
        grading.check_hand_trace(lambda: other)
    if rule == ">=":  # the notebook's answer is AIMA's
        grading.check_hand_trace(answers(A2)["alphabeta_by_hand"])


def test_a_rule_that_is_neither_is_refused_by_name():
    for wrong in ("=>", "≥", ">=\n", None, 1):
        with pytest.raises(ValueError, match=r'the tie rule must be ">=" \(prune when alpha >= beta, AIMA\) or ">"'):
            grading.use_tie_rule(wrong)
    assert grading.tie_rule() == ">="
    with pytest.raises(ValueError, match="'tie_rules', which no check reads; the settings are 'tie_rule'"):
        settings.apply_settings({"metadata": {"minimax_lab": {"tie_rules": ">"}}})
    settings.apply_settings({"metadata": {"minimax_lab": {"tie_rule": ">"}}})
    assert grading.tie_rule() == ">"
    settings.apply_settings({"metadata": {}})  # absent: the default
    assert grading.tie_rule() == ">="


# --- the notebook states the rule it uses ---------------------------------------------------------

def setup_rule(notebook: Any) -> str:
    """Return the rule the notebook's set-up cell passes to grading.use_tie_rule."""
    [cell] = [c for c in notebook.cells if assignments.is_setup_cell(c)]
    call = ast.parse(cell.source).body[0].value
    assert isinstance(call, ast.Call) and call.func.attr == "use_tie_rule"
    return ast.literal_eval(call.args[0])


@pytest.mark.parametrize("folder", [SOLUTIONS, HANDOUTS])
def test_the_notebook_sets_and_states_its_metadatas_rule(folder: Path):
    """The locked set-up cell passes the metadata's rule, and the introduction names it."""
    notebook = read(folder / f"{A2}.ipynb")
    rule = notebook.metadata.get("minimax_lab", {}).get("tie_rule", ">=")
    assert setup_rule(notebook) == rule
    [setup] = [c for c in notebook.cells if assignments.is_setup_cell(c)]
    assert setup.metadata["nbgrader"]["locked"] is True
    intro = notebook.cells[0].source
    assert INTRO[rule] in intro and INTRO[OTHER[rule]] not in intro


# --- make grade reads the rule from the solution's metadata -------------------------------------------

def strict_solution(tmp_path: Path) -> Path:
    """Write the solution notebook with the metadata's rule ">" (its set-up cell too) and return it."""
    notebook = copy.deepcopy(dict(read(SOLUTIONS / f"{A2}.ipynb")))
    notebook["metadata"]["minimax_lab"] = {"tie_rule": ">"}
    for cell in notebook["cells"]:
        if assignments.is_setup_cell(cell):
            cell["source"] = 'grading.use_tie_rule(">")'
    path = tmp_path / "solutions" / f"{A2}.ipynb"
    path.parent.mkdir()
    path.write_text(json.dumps(notebook), encoding="utf-8")
    return path


def test_make_grade_takes_the_rule_from_the_solutions_metadata(tmp_path: Path):
    solution = strict_solution(tmp_path)
    sources = answer_sources(A2)
    pruned, mins = hand_trace_key(">")
    grading.use_tie_rule(">=")  # what the grader's process held before: the solution's metadata decides
    hand = f"def alphabeta_by_hand():\n    return {pruned!r}, {mins!r}\n"
    index = {name: i for i, name in enumerate(["negamax_value", "alphabeta_by_hand", "alphabeta_value",
                                               "negamax_alphabeta"])}
    assert all(f"def {name}(" in sources[i] for name, i in index.items())
    strict = {index["alphabeta_by_hand"]: hand,
              index["alphabeta_value"]: sources[index["alphabeta_value"]].replace("alpha >= beta", "alpha > beta"),
              index["negamax_alphabeta"]: sources[index["negamax_alphabeta"]].replace("alpha >= beta", "alpha > beta")}
    cs188 = submit(tmp_path, A2, strict, student="cs188")
    aima = submit(tmp_path, A2, {}, student="aima")

    def graded(path: Path) -> class_grades.Graded:
        return class_grades.grade_submission(solution, path, seed=7, call_timeout=3.0, check_timeout=60)

    strict_marks = graded(cs188)
    assert all(mark.passed for mark in strict_marks.marks), messages(strict_marks)
    aima_marks = graded(aima)
    assert earned(aima_marks) == {"negamax": 1.0, "hand_trace": 0.0, "alphabeta": 0.0, "negamax_alphabeta": 0.0}
    assert "prune only when alpha > beta" in messages(aima_marks)
    # the default metadata grades the other way round
    assert earned(grade(cs188, A2)) == {"negamax": 1.0, "hand_trace": 0.0, "alphabeta": 0.0, "negamax_alphabeta": 0.0}
    assert all(mark.passed for mark in grade(aima, A2).marks)


def test_a_solution_with_an_unknown_rule_is_refused_before_any_grading(tmp_path: Path):
    notebook = copy.deepcopy(dict(read(SOLUTIONS / f"{A2}.ipynb")))
    notebook["metadata"]["minimax_lab"] = {"tie_rule": "=>"}
    (tmp_path / "solutions").mkdir()
    solution = tmp_path / "solutions" / f"{A2}.ipynb"
    solution.write_text(json.dumps(notebook), encoding="utf-8")
    with pytest.raises(ValueError, match="the tie rule must be"):
        class_grades.grade_class(solution, [submit(tmp_path, A2, {})], tmp_path / "out", seed=1, jobs=1)
    assert not (tmp_path / "out").exists()
