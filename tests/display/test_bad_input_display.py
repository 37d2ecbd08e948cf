"""Bad input gets a clear error in the drawings and widgets (issue 21, item 6): draw, the tree
layout, the plots, the play board, the explorers and steppers and their controls. What a case is
and how it is judged: bad_input.py.

A widget bounds its settings: given to a constructor, a setting out of range is refused naming
it; set on a control from code, a whole number outside a slider's range is clamped to the nearer
end (the slider shows where it went) and anything else (a string, a float, a bool, NaN, None, a
value equal to everything) is refused naming the control. A click the board cannot play is refused
in the widget (the click returns False, the message says why, the position stays).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import graphviz
import pytest
from bad_input import (
    FIG_5_2,
    HUGE,
    NAN32,
    NAN64,
    UNWRITABLE,
    Anything,
    Case,
    EvilInt,
    OddTree,
    case_params,
    gives,
    judge,
    max_twice,
    raises,
)

from minimax_lab import ConnectFour, TicTacToe, Trace, TreeGame
from minimax_lab.analysis import experiments
from minimax_lab.core.table import TranspositionTable
from minimax_lab.core.trace import Event
from minimax_lab.display.board import Board, computer_move, shortest_win
from minimax_lab.display.controls import StepControls, TreeControls, deepest_drawable
from minimax_lab.display.draw import (
    Picture,
    draw,
    picture_of,
    png_size,
    render,
    search_trace,
    side_by_side,
    svg_of,
)
from minimax_lab.display.explorers import (
    ComplexityExplorer,
    OrderingExplorer,
    counts_table,
)
from minimax_lab.display.plots import (
    plot_branching,
    plot_budget,
    plot_counts,
    plot_time,
    svg_of_figure,
)
from minimax_lab.display.still import PicturedBox, still_of
from minimax_lab.display.tree_layout import layout_svg
from minimax_lab.display.widgets import (
    BackupExplorer,
    Quiz,
    SearchStepper,
    TreeExplorer,
)

T, C4 = TicTacToe(), ConnectFour()
SMALL_STATE = ConnectFour(4, 4).play("01")


def hand_made(*events: Event) -> Trace:
    trace = Trace()
    trace.extend(events)
    return trace


def rows(**changed: Any) -> list[dict[str, Any]]:
    """Return node counts of b = 2 to depth 2 (with seconds), the first row changed as given."""
    measured = [dict(row) for row in experiments.node_counts(2, [1, 2])]
    measured[0].update(changed)
    return measured


def without(column: str) -> list[dict[str, Any]]:
    return [{key: value for key, value in row.items() if key != column} for row in rows()]


def budget_rows(**changed: Any) -> list[dict[str, Any]]:
    measured = [dict(row) for row in experiments.depth_within_budget(2, 100)]
    measured[0].update(changed)
    return measured


def setting(make: Callable[[], Any], control: str, value: Any, attribute: str = "value") -> Callable[[], Any]:
    """Return a run that makes a widget, sets one of its controls from code and returns what the
    control holds then."""
    def run() -> Any:
        widget = make()
        setattr(getattr(widget, control), attribute, value)
        return getattr(getattr(widget, control), attribute)
    return run


def clicked(make: Callable[[], Board], *squares: Any) -> Callable[[], tuple[bool, str, bool]]:
    """Return a run that makes a board, clicks `squares` and returns (whether the last click was
    played, the message, whether the position stayed as it was before that click)."""
    def run() -> tuple[bool, str, bool]:
        board = make()
        for square in squares[:-1]:
            board.click(square)
        before = board.state
        played = board.click(squares[-1])
        return played, board.message.value, board.state is before
    return run


def refused(*words: str) -> Callable[[tuple[bool, str, bool]], bool]:
    """Return a check that a click was refused in the widget, its message naming `words`."""
    return lambda outcome: (outcome[0] is False and outcome[2] and "color:#b00" in outcome[1]
                            and all(word in outcome[1] for word in words))


def finished_board() -> Board:
    """Return a board whose game X has won (at depth 1 without a heuristic the computer sees no threat)."""
    board = Board(depth=1, heuristic=False)
    for square in (4, 2, 6):
        board.click(square)
    return board


def other_size_click() -> bool:
    board = Board(C4, algorithm="alphabeta", depth=2)
    board.state = SMALL_STATE
    return board.click(0)


def picture_of_another_tree() -> Any:
    result, trace = search_trace(TreeGame(FIG_5_2), "alphabeta")
    return render(TreeGame([1, 2]), picture_of(trace, result.pv))


def digraph(*edges: tuple[str, str], **node_attributes: str) -> graphviz.Digraph:
    dot = graphviz.Digraph()
    if node_attributes:
        dot.node("a", **node_attributes)
    for tail, head in edges:
        dot.edge(tail, head)
    return dot


def chain(length: int) -> graphviz.Digraph:
    return digraph(*((f"n{i}", f"n{i + 1}") for i in range(length)))


STEPPER = lambda: SearchStepper(FIG_5_2)


def stepped_to_the_end(stepper: SearchStepper) -> SearchStepper:
    """Return `stepper` with its slider moved to the last step."""
    stepper.step.value = len(stepper.trace)
    return stepper
EXPLORER = lambda: TreeExplorer(branching=2, depth=2)
QUESTION = "What does MIN do?"


CASES = [
    # NaN
    raises("NaN", "draw, a NaN leaf", lambda: draw([[1, NAN32], [2, 3]]), "[0][1]", "nan"),
    raises("NaN", "draw minimax, a NaN utility", lambda: draw(OddTree(FIG_5_2, leaf=lambda v: NAN64), "minimax"),
           "utility", "nan"),
    raises("NaN", "SearchStepper, a NaN leaf", lambda: SearchStepper([[1, NAN64], [2, 3]]), "[0][1]", "nan"),
    raises("NaN", "picture_of, a hand-made trace with a NaN value",
           lambda: picture_of(hand_made(Event("enter", (), "MAX"), Event("leaf", (), value=NAN64))), "event 1", "nan"),
    raises("NaN", "plot_counts, NaN leaves", lambda: plot_counts(rows(leaves=NAN64)), "row 0", "leaves", "nan"),
    raises("NaN", "plot_branching, NaN nodes", lambda: plot_branching(rows(nodes=NAN32)), "row 0", "nodes", "nan"),
    raises("NaN", "plot_time, NaN seconds", lambda: plot_time(rows(seconds=NAN64)), "row 0", "seconds"),
    raises("NaN", "plot_budget, a NaN budget", lambda: plot_budget(budget_rows(budget=NAN64)), "row 0", "budget"),
    raises("NaN", "plot_counts, a NaN branching factor", lambda: plot_counts(rows(branching=NAN64)),
           "row 0", "branching", "nan"),
    raises("NaN", "plot_branching, a NaN depth", lambda: plot_branching(rows(depth=NAN64)), "row 0", "depth"),
    raises("NaN", "TreeExplorer depth NaN", lambda: TreeExplorer(depth=NAN64), "depth", "nan"),
    raises("NaN", "Board depth NaN", lambda: Board(depth=NAN64), "depth", "nan"),
    raises("NaN", "a depth slider set to NaN", setting(EXPLORER, "depth", NAN64), "depth", "nan"),
    raises("NaN", "ComplexityExplorer's max depth set to NaN",
           setting(lambda: ComplexityExplorer(branching=2, max_depth=2, seeds=1), "max_depth", NAN64),
           "max depth", "nan"),
    raises("NaN", "the layout, a NaN font size", lambda: layout_svg(digraph(fontsize="nan")), "fontsize"),

    # integers too large for floats
    gives("huge", "draw shows a 10**400 leaf as it is", lambda: draw([[1, HUGE], [2, 3]], "minimax").source,
          lambda source: str(HUGE) in source and "n [label=2 " in source),
    # ... and one too long for Python to write in decimal (issue 37): 1.000e+5000, not "Exceeds the limit"
    *(gives("huge", f"draw of a 10**5000 leaf, {algorithm or 'no search'}",
            lambda algorithm=algorithm: draw([[UNWRITABLE, 1], [2, 3]], algorithm).source,
            lambda source: 'label="1.000e+5000"' in source) for algorithm in (None, "minimax", "alphabeta", "negamax")),
    gives("huge", "draw of a 10**5000 leaf where MIN is to move, negamax (its value for MIN)",
          lambda: draw([[UNWRITABLE], [1]], "negamax").source, lambda source: 'label="-1.000e+5000"' in source),
    gives("huge", "draw, an edge named 10**5000", lambda: draw(FIG_5_2, edge_labels={(0,): UNWRITABLE}).source,
          lambda source: 'label=" 1.000e+5000"' in source),
    gives("huge", "SearchStepper, the last step of a tree whose value is 10**5000",
          lambda: stepped_to_the_end(SearchStepper([[UNWRITABLE, 2 * UNWRITABLE]])).status.value,
          lambda status: status.startswith("Done: value 1.000e+5000")),
    raises("huge", "plot_counts, 10**400 leaves", lambda: plot_counts(rows(leaves=HUGE)), "row 0", "leaves",
           "too large"),
    raises("huge", "plot_time, 10**400 nodes", lambda: plot_time(rows(nodes=HUGE)), "row 0", "nodes", "too large"),
    raises("huge", "plot_time, 10**400 seconds", lambda: plot_time(rows(seconds=HUGE)), "seconds", "too large"),
    raises("huge", "plot_budget, depth 10**400", lambda: plot_budget(budget_rows(depth=HUGE)), "row 0", "depth"),
    raises("huge", "plot_counts, a theory too large for a float",
           lambda: plot_counts([dict(row, branching=10, depth=400) for row in rows()]), "theory", "too large"),
    raises("huge", "plot_counts, branching 10**400", lambda: plot_counts(rows(branching=HUGE)), "row 0", "branching"),
    raises("huge", "Board depth 10**400", lambda: Board(depth=HUGE), "depth"),
    raises("huge", "draw step 10**400", lambda: draw(FIG_5_2, "alphabeta", step=HUGE), "step"),
    raises("huge", "StepControls of 10**400 steps", lambda: StepControls(HUGE, 100), "last"),
    raises("huge", "deepest_drawable, branching 10**400", lambda: deepest_drawable(HUGE), "branching"),
    raises("huge", "TreeControls, leaves up to 10**400", lambda: TreeControls(2, 2, 0, high=HUGE), "high"),
    raises("huge", "the layout, a width of 1e400", lambda: layout_svg(digraph(width="1e400")), "width"),
    gives("huge", "a depth slider set to 10**400 stops at its maximum", setting(EXPLORER, "depth", HUGE),
          lambda depth: depth == deepest_drawable(2) == 7),
    gives("huge", "the step slider set to -10**400 stops at 0", setting(STEPPER, "step", -HUGE),
          lambda step: step == 0),

    # depths and widget settings out of range
    raises("range", "TreeExplorer depth -1", lambda: TreeExplorer(depth=-1), "depth", "-1"),
    raises("range", "TreeExplorer depth 2.0", lambda: TreeExplorer(depth=2.0), "depth", "2.0"),
    raises("range", "TreeExplorer branching True", lambda: TreeExplorer(branching=True), "branching", "True"),
    raises("range", "BackupExplorer seed '3'", lambda: BackupExplorer(seed="3"), "seed", "'3'"),
    raises("range", "BackupExplorer interval_ms 0", lambda: BackupExplorer(interval_ms=0), "interval_ms"),
    raises("range", "OrderingExplorer depth 100", lambda: OrderingExplorer(depth=100), "depth", "100"),
    raises("range", "SearchStepper interval_ms True", lambda: SearchStepper(FIG_5_2, interval_ms=True), "interval_ms"),
    raises("range", "ComplexityExplorer max_depth 1", lambda: ComplexityExplorer(max_depth=1), "max_depth"),
    raises("range", "Board depth 0", lambda: Board(depth=0), "depth", "1 to 9"),
    raises("range", "Board depth '3'", lambda: Board(depth="3"), "depth", "'3'"),
    raises("range", "Board, solve given a depth", lambda: Board(algorithm="solve", depth=3), "solve", "depth"),
    raises("range", "Board heuristic 'no'", lambda: Board(heuristic="no"), "heuristic"),
    raises("range", "draw step -1", lambda: draw(FIG_5_2, "alphabeta", step=-1), "step", "-1"),
    raises("range", "draw step True", lambda: draw(FIG_5_2, "alphabeta", step=True), "step", "True"),
    raises("range", "draw step without an algorithm", lambda: draw(FIG_5_2, step=3), "step", "algorithm"),
    raises("range", "draw windows with minimax", lambda: draw(FIG_5_2, "minimax", windows=True), "windows",
           "alphabeta"),
    raises("range", "draw windows 'no'", lambda: draw(FIG_5_2, "alphabeta", windows="no"), "windows", "'no'"),
    raises("range", "a depth slider set to '3'", setting(EXPLORER, "depth", "3"), "depth", "'3'"),
    raises("range", "a depth slider set to 2.5", setting(EXPLORER, "depth", 2.5), "depth", "2.5"),
    raises("range", "a seed slider set to True", setting(EXPLORER, "seed", True), "seed", "True"),
    gives("range", "a depth slider set to -1 stops at its minimum", setting(EXPLORER, "depth", -1),
          lambda depth: depth == 1),
    raises("range", "the step slider set to '3'", setting(STEPPER, "step", "3"), "step", "'3'"),
    raises("range", "the play button set to True", setting(STEPPER, "play", True), "play", "True"),
    raises("range", "the algorithm buttons set to 'pvs'", setting(EXPLORER, "algorithm", "pvs"), "algorithm",
           "'pvs'"),
    raises("range", "the algorithm buttons set to None", setting(EXPLORER, "algorithm", None), "algorithm", "None"),
    raises("range", "the algorithm buttons' index set to 5", setting(EXPLORER, "algorithm", 5, "index"),
           "algorithm", "5"),
    raises("range", "the ordering buttons set to None", setting(OrderingExplorer, "ordering", None), "ordering"),
    raises("range", "the board's depth slider set to '3'", setting(Board, "depth", "3"), "depth", "'3'"),
    raises("range", "the board's algorithm set to None", setting(Board, "algorithm", None), "algorithm"),
    raises("range", "the board's strength set to 'expert'", setting(Board, "strength", "expert"), "strength"),
    raises("range", "the board's heuristic switch set to 1", setting(Board, "heuristic", 1), "heuristic", "1"),
    gives("range", "the board's depth slider set to 100 stops at 9", setting(Board, "depth", 100),
          lambda depth: depth == 9),
    raises("range", "StepControls of -1 steps", lambda: StepControls(-1, 100), "last", "-1"),
    raises("range", "deepest_drawable, branching 1000", lambda: deepest_drawable(1000), "branching", "399"),
    raises("range", "TreeControls, low above high", lambda: TreeControls(2, 2, 0, low=5, high=-5), "high", "-5"),
    raises("range", "computer_move heuristic 'no'", lambda: computer_move(T, T.initial, depth=1, heuristic="no"),
           "heuristic", "'no'"),
    raises("range", "plot_counts theory 'no'", lambda: plot_counts(rows(), theory="no"), "theory"),
    raises("range", "plot_counts, depth -1", lambda: plot_counts(rows(depth=-1)), "row 0", "depth", "-1"),
    raises("range", "plot_time, -1 seconds", lambda: plot_time(rows(seconds=-1)), "row 0", "seconds", "-1"),

    # off-board clicks and clicks on a finished game
    gives("click", "Board, square 9", clicked(Board, 9), refused("There is no square 9", "0 to 8")),
    gives("click", "Board, square -1", clicked(Board, -1), refused("There is no square -1")),
    gives("click", "Board, square '4'", clicked(Board, "4"), refused("&#x27;4&#x27;")),
    gives("click", "Board, square 4.0", clicked(Board, 4.0), refused("There is no square 4.0")),
    gives("click", "Board, square True", clicked(Board, True), refused("True (a bool, not an int)")),
    gives("click", "Board, square None", clicked(Board, None), refused("There is no square None")),
    gives("click", "Board, square 10**400", clicked(Board, HUGE), refused("There is no square 1000")),
    gives("click", "Board, a taken square", clicked(lambda: Board(depth=1), 4, 4), refused("Square 4 is taken")),
    gives("click", "Connect Four board, square 42", clicked(lambda: Board(C4, depth=1), 42), refused("0 to 41")),
    gives("click", "Board, a click after the game is over", clicked(finished_board, 8), refused("The game is over")),

    # a state of another board size
    raises("board size", "computer_move, a 4 x 4 position on a 7 x 6 board",
           lambda: computer_move(C4, SMALL_STATE, depth=1), "ConnectFour(7, 6)", "another size"),
    raises("board size", "Board, a 4 x 4 position on a 7 x 6 board", other_size_click, "4 x 4", "another size"),
    raises("board size", "Board of a 0 x 0 Connect Four", lambda: Board(ConnectFour(0, 0)), "width", "0"),
    raises("board size", "Board of a 100 x 100 Connect Four", lambda: Board(ConnectFour(100, 100)), "width", "100"),

    # searches that would not end
    raises("never ends", "shortest_win on the full Connect Four board", lambda: shortest_win(C4, depth=6),
           "shortest_win", "ConnectFour(7, 6)"),
    gives("never ends", "shortest_win on a 4 x 4 board", lambda: shortest_win(ConnectFour(4, 4), depth=1),
          lambda line: line == (0, 0, 0, 0)),
    raises("never ends", "the layout of a cycle", lambda: layout_svg(digraph(("a", "b"), ("b", "a"))), "cycle"),
    raises("never ends", "the layout of an edge to itself", lambda: layout_svg(digraph(("a", "a"))), "cycle"),
    raises("never ends", "the layout of a chain 3000 deep", lambda: layout_svg(chain(3000)), "400 deep"),

    # players that do not alternate
    raises("turns", "draw negamax", lambda: draw(OddTree(FIG_5_2, mover=max_twice), "negamax"), "turns"),
    raises("turns", "SearchStepper negamax", lambda: SearchStepper(OddTree(FIG_5_2, mover=max_twice), "negamax"),
           "turns"),

    # a table that is not one
    raises("table", "computer_move with a dict for a table",
           lambda: computer_move(T, T.initial, algorithm="solve", table={}), "table", "TranspositionTable"),
    gives("table", "computer_move with a table", lambda: computer_move(T, T.play("4"), algorithm="solve",
                                                                      table=TranspositionTable()).value,
          lambda value: value == 0),

    # values that compare equal to everything
    raises("equal to all", "Quiz, an answer equal to every option", lambda: Quiz(QUESTION, ["a", "b"], Anything()),
           "answer"),
    raises("equal to all", "the algorithm buttons set to a value equal to all", setting(EXPLORER, "algorithm",
                                                                                       Anything()), "algorithm"),
    raises("equal to all", "a depth slider set to an int equal to all", setting(EXPLORER, "depth", EvilInt(2)),
           "depth"),
    raises("equal to all", "TreeExplorer depth, an int equal to all", lambda: TreeExplorer(depth=EvilInt(2)), "depth"),
    gives("equal to all", "Board, a square that equals everything", clicked(Board, EvilInt(4)),
          refused("There is no square 4 (an EvilInt, not an int)")),

    # the raw messages Python gives from deep inside
    raises("raw", "draw of an empty tree", lambda: draw([]), "empty"),
    raises("raw", "draw of a game that is not a tree", lambda: draw(T), "TicTacToe"),
    raises("raw", "draw, edge_labels keyed by a number", lambda: draw(FIG_5_2, edge_labels={0: "A"}), "edge_labels",
           "(0,)"),
    raises("raw", "draw, edge_labels of a node the tree lacks", lambda: draw(FIG_5_2, edge_labels={(9,): "A"}),
           "edge_labels", "[9]"),
    raises("raw", "draw, edge_labels 'yes'", lambda: draw(FIG_5_2, edge_labels="yes"), "edge_labels", "'yes'"),
    raises("raw", "draw, an order without an algorithm", lambda: draw(FIG_5_2, order=lambda *args: args[2]),
           "order", "algorithm"),
    raises("raw", "picture_of None", lambda: picture_of(None), "trace", "None"),
    raises("raw", "picture_of a trace with an exit first", lambda: picture_of(hand_made(Event("exit", (0,), value=3))),
           "event 0", "[0]"),
    raises("raw", "picture_of an unknown kind of event",
           lambda: picture_of(hand_made(Event("enter", (), "MAX"), Event("jump", ()))), "event 1", "jump"),
    raises("raw", "picture_of a trace whose child skips a level",
           lambda: picture_of(hand_made(Event("enter", (), "MAX"), Event("enter", (0, 1), "MAX"))), "event 1",
           "[0][1]"),
    raises("raw", "picture_of, a line that is a number", lambda: picture_of(Trace(), line=3), "line"),
    raises("raw", "render a game that is not a tree", lambda: render(T, Picture()), "TreeGame"),
    raises("raw", "render None for a picture", lambda: render(TreeGame(FIG_5_2), None), "Picture"),
    raises("raw", "render a picture of another tree", picture_of_another_tree, "[0][0]", "another tree"),
    raises("raw", "side_by_side of a list", lambda: side_by_side([draw(FIG_5_2)]), "side_by_side", "dict"),
    raises("raw", "svg_of None", lambda: svg_of(None), "svg_of", "NoneType"),
    raises("raw", "the layout of None", lambda: layout_svg(None), "Digraph", "NoneType"),
    raises("raw", "the layout of a width 'abc'", lambda: layout_svg(digraph(width="abc")), "width", "'abc'"),
    raises("raw", "plot_counts of None", lambda: plot_counts(None), "rows", "NoneType"),
    raises("raw", "plot_counts of rows that are numbers", lambda: plot_counts([3]), "row 0", "3"),
    raises("raw", "plot_time of rows without nodes", lambda: plot_time(without("nodes")), "row 0", "'nodes'"),
    raises("raw", "plot_counts of rows without leaves", lambda: plot_counts(without("leaves")), "row 0", "'leaves'"),
    raises("raw", "plot_counts, depth '2'", lambda: plot_counts(rows(depth="2")), "row 0", "depth", "'2'"),
    raises("raw", "plot_counts, a title that is a number", lambda: plot_counts(rows(), title=3), "title"),
    raises("raw", "svg_of_figure None", lambda: svg_of_figure(None), "Figure"),
    raises("raw", "Quiz, options None", lambda: Quiz(QUESTION, None, "a"), "options", "None"),
    raises("raw", "Quiz, options a string", lambda: Quiz(QUESTION, "ab", "a"), "options", "'ab'"),
    raises("raw", "Quiz, an option twice", lambda: Quiz(QUESTION, ["a", "a"], "a"), "'a'", "twice"),
    raises("raw", "Quiz, question None", lambda: Quiz(None, ["a", "b"], "a"), "question"),
    raises("raw", "Quiz choice set to an option it lacks", setting(lambda: Quiz(QUESTION, ["a", "b"], "a"),
                                                                   "choice", "c"), "answer", "'c'"),
    raises("raw", "counts_table of None", lambda: counts_table(None), "counts_table"),
    raises("raw", "counts_table of a number", lambda: counts_table({"a": 3}), "'a'", "search result"),
    raises("raw", "computer_move on a finished game", lambda: computer_move(T, T.play("03142"), depth=1),
           "over"),
    raises("raw", "computer_move of a string", lambda: computer_move(T, "abc", depth=1), "'abc'"),
    raises("raw", "shortest_win of a tree", lambda: shortest_win(TreeGame(FIG_5_2)), "shortest_win", "TreeGame"),
    raises("raw", "a pictured box whose picture is None", lambda: PicturedBox([], picture=None), "picture", "None"),
    raises("raw", "the still picture of None", lambda: still_of(None, "caption"), "still_of", "NoneType"),
    raises("raw", "png_size of a string", lambda: png_size("abc"), "png_size", "str"),
]


SLOW_CASES = frozenset({
    "click: Connect Four board, square 42",
    "board size: Board, a 4 x 4 position on a 7 x 6 board",
})
"""The cases that take half a second or more: `make test` runs them, `make test-fast` leaves them out."""


@pytest.mark.parametrize("case", case_params(CASES, SLOW_CASES))
def test_bad_input_gets_a_clear_error(case: Case) -> None:
    problem = judge(case)
    assert problem is None, problem


# --- and what is right still works ----------------------------------------------------------------

def test_a_slider_set_within_its_range_redraws() -> None:
    explorer = TreeExplorer(branching=2, depth=2)
    explorer.depth.value = 3
    assert explorer.depth.value == 3 and "15 of 15 nodes visited" in explorer.status.value
    explorer.algorithm.value = "alphabeta"
    assert explorer.algorithm.index == 1


def test_a_refused_setting_leaves_the_widget_as_it_was() -> None:
    explorer = TreeExplorer(branching=2, depth=2)
    before = explorer.status.value
    for control, value in (("depth", "3"), ("algorithm", None), ("algorithm", "pvs")):
        with pytest.raises(ValueError):
            getattr(explorer, control).value = value
    assert (explorer.depth.value, explorer.algorithm.value, explorer.status.value) == (2, "minimax", before)


def test_a_quiz_starts_with_nothing_chosen_and_takes_an_option() -> None:
    quiz = Quiz(QUESTION, ["maximize", "minimize"], "minimize")
    assert quiz.choice.value is None
    quiz.choice.value = "minimize"
    assert quiz.check() is True
    quiz.choice.value = None
    assert quiz.check() is False


def test_draw_takes_edge_labels_by_path_and_windows_with_alpha_beta() -> None:
    source = draw(FIG_5_2, "alphabeta", windows=True, edge_labels={(0,): "A", (1, 2): "f"}).source
    assert 'label=" A"' in source and 'label=" f"' in source and "xlabel=" in source


def test_plots_take_rows_of_floats_and_seconds_of_zero() -> None:
    measured = rows(seconds=0.0)
    for row in measured:
        row["nodes"] = float(row["nodes"])
    assert plot_time(measured) is not None and plot_branching(measured) is not None
