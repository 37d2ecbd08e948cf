"""The one registry of searches and of orderings (minimax_lab.search.registry): what each entry
says a search supports is what its function does, and every widget, plot, experiment, drawing,
benchmark and the play board take their lists from it."""

import inspect
import random

import pytest

from minimax_lab import TicTacToe, Trace, TranspositionTable, TreeGame, as_given, minimax, random_tree
from minimax_lab.analysis import experiments
from minimax_lab.core.trace import ENTER, EXIT
from minimax_lab.display import board, draw, plots, widgets
from minimax_lab.display.explorers import OrderingExplorer
from minimax_lab.search import registry
from minimax_lab.search.registry import (
    CATALOG,
    CHANCE_TREE,
    FOR_MAX,
    FOR_SIDE_TO_MOVE,
    GAME,
    GAME_OR_TREE,
    ORDERINGS,
    VECTOR_TREE,
    OrderingEntry,
    SearchEntry,
    names,
    ordering_named,
)
from devtools import bench

FIG_5_2 = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]   # AIMA Fig. 5.2
COMMON = {"depth", "evaluate", "order", "alpha", "beta", "table", "trace"}
"""The keyword arguments the entries' flags describe; the rest are an entry's options."""
INPUT_NAMES = {GAME_OR_TREE: "game", GAME: "game", CHANCE_TREE: "tree", VECTOR_TREE: "tree"}


def keywords(entry: SearchEntry) -> dict[str, inspect.Parameter]:
    """Return the parameters of an entry's function after what it searches (and the state)."""
    parameters = dict(inspect.signature(entry.function).parameters)
    parameters.pop(INPUT_NAMES[entry.inputs])
    parameters.pop("state", None)
    return parameters


# What the entries say is what the functions do

@pytest.mark.parametrize("entry", CATALOG.values(), ids=list(CATALOG))
def test_an_entry_says_what_its_function_takes(entry):
    parameters = keywords(entry)
    assert entry.depth == ("depth" in parameters) == ("evaluate" in parameters)
    assert entry.order == ("order" in parameters)
    assert entry.window == ("alpha" in parameters) == ("beta" in parameters)
    assert entry.table == ("table" in parameters)
    assert entry.trace == ("trace" in parameters)
    assert set(entry.options) == set(parameters) - COMMON
    assert set(entry.needs) == {name for name in entry.options if parameters[name].default is inspect.Parameter.empty}
    assert entry.clock == ("seconds" in entry.options)
    assert (entry.inputs == GAME_OR_TREE) == ("state" in inspect.signature(entry.function).parameters
                                              and not entry.player)


@pytest.mark.parametrize("name", names(lambda entry: entry.alone and entry.exact))
def test_a_search_said_exact_finds_minimax_value(name):
    rng = random.Random(name)
    for tree in [FIG_5_2] + [random_tree(rng.randint(2, 3), rng.randint(1, 4), seed=rng.randrange(99))
                             for _ in range(20)]:
        for first in ("MAX", "MIN"):
            game = TreeGame(tree, first=first)
            value = registry.search_named(name)(game).value
            sign = -1 if CATALOG[name].value == FOR_SIDE_TO_MOVE and first == "MIN" else 1
            assert value == sign * minimax(game).value, (name, tree, first)


def test_aspiration_needs_its_guess_and_width_and_then_finds_the_value():
    aspiration = CATALOG["aspiration"]
    with pytest.raises(TypeError, match="guess"):
        aspiration.function(FIG_5_2)
    assert aspiration.function(FIG_5_2, guess=9, width=1).value == 3


@pytest.mark.slow
def test_own_order_and_own_table_are_what_a_search_does_without_one():
    game = TicTacToe()
    for name in names(lambda entry: entry.table):
        search, entry = CATALOG[name].function, CATALOG[name]
        with_a_new_table = search(game, table=TranspositionTable()).nodes
        assert (with_a_new_table == search(game).nodes) == entry.own_table, name
    for name in names(lambda entry: entry.order and entry.alone):
        search, entry = CATALOG[name].function, CATALOG[name]
        assert (search(game, order=as_given).nodes != search(game).nodes) == entry.own_order, name


def test_a_player_entry_makes_a_player_that_plays_on_the_clock():
    game = TicTacToe()
    for name in names(lambda entry: entry.player):
        player = CATALOG[name].function(game, seconds=0.01)
        assert player(game, game.initial) in game.actions(game.initial)


@pytest.mark.parametrize("name", list(draw.DRAWN))
def test_a_drawn_search_traces_windows_and_values_as_its_entry_says(name):
    drawn, trace = draw.DRAWN[name], Trace()
    CATALOG[name].function(FIG_5_2, trace=trace)
    assert all((event.alpha is not None) == drawn.windows for event in trace if event.kind == ENTER)
    first_child = [event.value for event in trace if event.kind == EXIT and event.path == (0,)][0]
    assert first_child == (-3 if drawn.side_to_move else 3)      # MIN's node: 3 for MAX


@pytest.mark.slow
def test_what_no_drawing_shows_is_a_search_that_visits_a_node_more_than_once_or_keeps_no_trace():
    for name in set(CATALOG) - set(draw.DRAWN):
        entry, trace = CATALOG[name], Trace()
        if not entry.trace or entry.inputs != GAME_OR_TREE:
            continue
        options = {"guess": 9, "width": 1} if entry.needs else {}
        entry.function(TicTacToe(), trace=trace, **options)
        entered = [event.path for event in trace if event.kind == ENTER]
        assert len(entered) > len(set(entered)), name


def test_orderings_are_labelled_and_made_from_the_registry():
    assert all(isinstance(entry, OrderingEntry) for entry in ORDERINGS.values())
    assert ordering_named("given") is as_given
    assert repr(ordering_named("random", seed=7)) == "RandomOrder(seed=7)"
    assert len({entry.colour for entry in ORDERINGS.values()}) == len(ORDERINGS)


def test_a_name_registered_twice_is_refused():
    entry = CATALOG["minimax"]
    with pytest.raises(ValueError, match=r"\['minimax'\] are registered twice"):
        registry.table_of(entry, entry)
    with pytest.raises(TypeError):
        CATALOG["minimax"] = entry     # read-only


# Every list is the registry's

def test_every_list_of_searches_comes_from_the_registry():
    assert board.ALGORITHMS == names(lambda entry: entry.board) == ("minimax", "alphabeta", "solve", "engine")
    assert tuple(draw.DRAWN) == ("minimax", "negamax", "alphabeta")
    assert widgets.TreeExplorer.ALGORITHMS == ("minimax", "alphabeta")
    assert experiments.WINDOW_SEARCHES == ("minimax", "alphabeta", "pvs", "aspiration", "mtdf", "solve")
    assert experiments.MEASURED == ("minimax", "negamax", "alphabeta", "pvs")
    assert "pvs+table" in experiments.SIDE_BY_SIDE and "mtdf+table" not in experiments.SIDE_BY_SIDE
    assert list(bench.SEARCHES) == list(registry.SEARCHES) == ["minimax", "negamax", "alphabeta", "pvs",
                                                                "mtdf", "solve"]
    for algorithm, ordering in experiments.SEARCHES:
        assert algorithm in experiments.MEASURED and ordering in ORDERINGS
    assert [name for _, name in OrderingExplorer().ordering.options] == list(ORDERINGS)


def test_buttons_show_labels_and_carry_names():
    explorer = OrderingExplorer(branching=2, depth=2)
    assert explorer.ordering.value == "given"
    assert [label for label, _ in explorer.ordering.options] == [entry.label for entry in ORDERINGS.values()]
    assert widgets.TreeExplorer().algorithm.options == (("minimax", "minimax"), ("alpha-beta", "alphabeta"))
    assert board.Board().algorithm.options == (("minimax", "minimax"), ("alpha-beta", "alphabeta"),
                                               ("solve", "solve"), ("engine", "engine"))


def test_labels_and_colours():
    assert registry.label("minimax", "best") == "minimax"
    assert registry.label("negamax", "best") == "negamax"            # takes no ordering
    assert registry.label("alphabeta", "random") == "alpha-beta, random order"
    assert registry.label("pvs") == "PVS"
    assert registry.colour("minimax", "given") == "black"
    assert [registry.colour("alphabeta", name) for name in ORDERINGS] == [e.colour for e in ORDERINGS.values()]
    assert plots.MINIMAL == registry.colour("alphabeta", "best")


@pytest.mark.parametrize("call, message", [
    (lambda: registry.search_named("alpha-beta"), "algorithm must be one of .* got 'alpha-beta'"),
    (lambda: registry.label("alphabeta", "best first"), "ordering must be one of .* got 'best first'"),
    (lambda: registry.colour("alpha-beta", "best"), "algorithm must be one of .* got 'alpha-beta'"),
    (lambda: ordering_named(None), "ordering must be one of .* got None"),
    (lambda: draw.search_trace(TreeGame([[1, 2]]), "solve"),
     r"algorithm must be one of \['minimax', 'negamax', 'alphabeta'\], got 'solve'"),
    (lambda: draw.search_trace(TreeGame([[1, 2]]), "minimax", order=as_given),
     "minimax takes no move ordering"),
    (lambda: experiments.measure(2, 2, "solve"), "algorithm must be one of .*'pvs'\\], got 'solve'"),
    (lambda: experiments.compare_searches(FIG_5_2, searches=("mtdf+table",)), "search must be one of"),
])
def test_unknown_names_are_refused_with_the_choices(call, message):
    with pytest.raises(ValueError, match=message):
        call()


def test_search_named_returns_the_search_itself():
    for name, entry in CATALOG.items():
        assert registry.search_named(name) is entry.function
        assert entry.function.__name__ == name
