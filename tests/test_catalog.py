"""The one table of searches and the one table of orderings, and what every widget, plot and
benchmark takes from them."""

import pytest

from minimax_lab.analysis.experiments import SEARCHES as MEASURED
from minimax_lab.display.board import ALGORITHMS as BOARD_SEARCHES
from minimax_lab.display.draw import TRACED_SEARCHES, search_trace
from minimax_lab.display.explorers import OrderingExplorer
from minimax_lab.display.widgets import TreeExplorer
from minimax_lab.games.protocol import TreeGame
from minimax_lab.search import registry as catalog
from minimax_lab.search.registry import ordering_named
from minimax_lab.tools.bench import SEARCHES as BENCHED


def test_every_offered_search_and_ordering_is_named_in_the_catalog():
    assert set(BOARD_SEARCHES) <= set(catalog.SEARCH_LABELS) and set(catalog.SEARCHES) <= set(catalog.SEARCH_LABELS)
    assert set(TRACED_SEARCHES) <= set(catalog.SEARCHES)
    assert set(TreeExplorer.ALGORITHMS) <= set(catalog.SEARCHES)
    assert set(BENCHED) == set(catalog.SEARCHES)
    for algorithm, ordering in MEASURED:
        assert algorithm in catalog.SEARCHES and ordering in catalog.ORDERINGS
    assert [name for _, name in OrderingExplorer().ordering.options] == list(catalog.ORDERINGS)


def test_buttons_show_labels_and_carry_names():
    explorer = OrderingExplorer(branching=2, depth=2)
    assert explorer.ordering.value == "given"
    assert [label for label, _ in explorer.ordering.options] == list(catalog.ORDERINGS.values())
    assert ("alpha-beta", "alphabeta") in TreeExplorer().algorithm.options


def test_labels():
    assert catalog.label("minimax", "best") == "minimax"
    assert catalog.label("alphabeta", "random") == "alpha-beta, random order"
    assert catalog.label("negamax") == "negamax"


@pytest.mark.parametrize("call, message", [
    (lambda: catalog.search_named("alpha-beta"), "algorithm must be one of .* got 'alpha-beta'"),
    (lambda: catalog.label("alphabeta", "best first"), "ordering must be one of .* got 'best first'"),
    (lambda: ordering_named(None), "ordering must be one of .* got None"),
    (lambda: search_trace(TreeGame([[1, 2]]), "solve"), "algorithm must be one of"),
])
def test_unknown_names_are_refused_with_the_choices(call, message):
    with pytest.raises(ValueError, match=message):
        call()


def test_search_named_returns_the_search_itself():
    for name, search in catalog.SEARCHES.items():
        assert catalog.search_named(name) is search
        assert search.__name__ == name
