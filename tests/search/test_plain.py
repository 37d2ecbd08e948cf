"""Tests for minimax_lab.search.plain: every plain search is at most 15 lines with no tracing, checking
or counting in it, and gives what the package's own search gives on random cases (seeded): the same
value and move, and, where the package counts them, the same nodes and leaves (counted here by
watching the plain search call the game), for alpha-beta the same leaves in the same order, for MCTS
the same tree, visit for visit."""

import ast
import inspect
import math
import random
import sys
import textwrap
from fractions import Fraction

import pytest

from minimax_lab.checks.core import tree_cases
from minimax_lab.core.trace import LEAF, Trace
from minimax_lab.core.trees import Chance, random_tree
from minimax_lab.games.maze import MazeGame, random_maze
from minimax_lab.games.nim import Nim
from minimax_lab.games.protocol import TreeGame
from minimax_lab.games.tictactoe import TicTacToe
from minimax_lab.heuristics.tictactoe import open_lines_difference
from minimax_lab.search import plain
from minimax_lab.search.agents import agents_alphabeta, agents_search
from minimax_lab.search.chance import expectiminimax
from minimax_lab.search.maxn import maxn
from minimax_lab.search.mcts import uct
from minimax_lab.search.opponents import model_opponent
from minimax_lab.search.retrograde import tablebase
from minimax_lab.search.textbook import alphabeta, minimax, negamax
from minimax_lab.search.ties import strict_alphabeta
from minimax_lab.search.windows import pvs

LONGEST = 15
"""The most lines a plain function (or class) may have: its def line and body, the docstring left out."""

DEFINED = [value for name, value in vars(plain).items()
           if (inspect.isfunction(value) or inspect.isclass(value)) and value.__module__ == plain.__name__]

FORBIDDEN = ("trace", "shown", "check", "validate", "refuse", "misbehaviour", "whole_number", "callable_value",
             "positive_number", "as_float", "as_game", "start_state", "nodes", "leaves", "steps")
"""Names a plain function never uses: tracing, the package's argument checks, bookkeeping."""


def length(definition):
    """Return the lines of a function or class: its def line and body (decorators included), without
    its docstring and blank lines."""
    source = textwrap.dedent(inspect.getsource(definition))
    node = ast.parse(source).body[0]
    lines = source.splitlines()
    doc = set()
    if ast.get_docstring(node) is not None:
        first = node.body[0]
        doc = set(range(first.lineno - 1, first.end_lineno))
    return sum(1 for i, line in enumerate(lines) if line.strip() and i not in doc)


# --- the shape -------------------------------------------------------------------------------------

def test_the_module_holds_every_search_the_course_teaches():
    names = {value.__name__ for value in DEFINED}
    assert {"minimax_search", "max_value", "min_value", "negamax", "alphabeta_search", "h_minimax",
            "agents_minimax", "expectiminimax", "maxn", "pvs", "monte_carlo_tree_search", "retrograde"} <= names


@pytest.mark.parametrize("definition", DEFINED, ids=lambda d: d.__name__)
def test_each_is_at_most_fifteen_lines_with_a_one_line_docstring(definition):
    assert length(definition) <= LONGEST, f"{definition.__name__} has {length(definition)} lines"
    doc = inspect.getdoc(definition)
    assert doc and "\n" not in doc, f"{definition.__name__} needs a one-line docstring"


def test_the_line_count_leaves_out_the_docstring_and_blank_lines():
    def three(x):
        """A docstring
        of two lines."""

        y = x + 1
        return y
    assert length(three) == 3


@pytest.mark.parametrize("definition", DEFINED, ids=lambda d: d.__name__)
def test_none_traces_checks_or_counts(definition):
    tree = ast.parse(inspect.getsource(definition))
    names = {node.id for node in ast.walk(tree) if isinstance(node, ast.Name)}
    names |= {node.attr for node in ast.walk(tree) if isinstance(node, ast.Attribute)}
    names |= {arg.arg for node in ast.walk(tree) if isinstance(node, ast.arguments) for arg in node.args}
    assert not [name for name in names if any(word in name.lower() for word in FORBIDDEN)]
    assert not [node for node in ast.walk(tree) if isinstance(node, (ast.Raise, ast.Assert, ast.Try, ast.Global,
                                                                     ast.Nonlocal))]


def test_it_imports_only_the_standard_library_and_the_two_lowest_layers():
    tree = ast.parse(inspect.getsource(plain))
    relative = {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and node.level}
    absolute = {alias.name.split(".")[0] for node in ast.walk(tree) if isinstance(node, ast.Import)
                for alias in node.names}
    absolute |= {node.module.split(".")[0] for node in ast.walk(tree)
                 if isinstance(node, ast.ImportFrom) and not node.level and node.module}
    assert relative <= {"core.trees", "games.protocol"}
    assert absolute <= set(sys.stdlib_module_names) | {"__future__"}


# --- watching a plain search call the game ----------------------------------------------------------

class Watched:
    """A game that counts the nodes a search visits (is_terminal is asked once at each) and lists the
    leaves it scores (by utility, or by an evaluation wrapped by `scorer`), in order."""

    def __init__(self, game):
        self.game, self.nodes, self.scored = game, 0, []
        self.max_player, self.initial = game.max_player, game.initial

    def __getattr__(self, name):
        return getattr(self.game, name)

    def is_terminal(self, state):
        self.nodes += 1
        return self.game.is_terminal(state)

    def utility(self, state, player):
        self.scored.append(state)
        return self.game.utility(state, player)

    def scorer(self, evaluate):
        def score(state):
            self.scored.append(state)
            return evaluate(state)
        return score


def agrees(found, watched, result, sign=1):
    """Return what differs between a plain search's (value, move) and counts and the package's result."""
    mine = (sign * found[0], found[1], watched.nodes, len(watched.scored))
    theirs = (result.value, result.move, result.nodes, result.leaves)
    return mine == theirs or (mine, theirs)


CASES = tree_cases(60, seed=38)
"""The textbook trees, then 60 random trees (ragged, ties, floats), each with MAX and with MIN at the root."""


def tic_tac_toe_positions(count, plies, seed=38):
    """Return `count` unfinished tic-tac-toe positions after `plies` random moves (seeded)."""
    game, rng, found = TicTacToe(), random.Random(seed), []
    while len(found) < count:
        state = game.initial
        for _ in range(plies):
            if not game.is_terminal(state):
                state = game.result(state, rng.choice(game.actions(state)))
        if not game.is_terminal(state):
            found.append(state)
    return game, found


def games_and_states():
    """Return (game, state) cases: every tree case at its root, and tic-tac-toe positions 3 to 5 plies in."""
    cases = [(case.game, ()) for case in CASES]
    for plies in (3, 4, 5):
        game, states = tic_tac_toe_positions(4, plies, seed=plies)
        cases += [(game, state) for state in states]
    return cases


GAMES = games_and_states()


# --- minimax, negamax, alpha-beta, H-MINIMAX, PVS -----------------------------------------------------

def test_minimax_search_is_the_package_minimax():
    for game, state in GAMES:
        watched = Watched(game)
        assert agrees(plain.minimax_search(watched, state), watched, minimax(game, state)) is True, (game, state)


def test_negamax_is_the_package_negamax():
    for game, state in GAMES:
        watched = Watched(game)
        assert agrees(plain.negamax(watched, state), watched, negamax(game, state)) is True, (game, state)


def test_alphabeta_search_visits_the_package_alphabetas_leaves_in_its_order():
    for game, state in GAMES:
        watched, trace = Watched(game), Trace()
        result = alphabeta(game, state, trace=trace)
        assert agrees(plain.alphabeta_search(watched, state), watched, result) is True, (game, state)
        if isinstance(game, TreeGame):
            assert watched.scored == [event.path for event in trace if event.kind == LEAF]


def test_strict_alphabeta_search_visits_the_leaves_of_the_package_strict_alphabeta():
    for case in CASES:
        watched, trace = Watched(case.game), Trace()
        result = strict_alphabeta(case.tree, first=case.first, trace=trace)
        assert agrees(plain.alphabeta_search(watched, (), strict=True), watched, result) is True, case.title()
        assert watched.scored == [event.path for event in trace if event.kind == LEAF], case.title()


def test_the_tie_rule_decides_whether_a_tie_is_cut():
    game = TreeGame([[3, 4], [3, 9]])     # ties.py's example: [1][1] is cut on 3 ≥ 3, not on 3 > 3
    pruning, strict = Watched(game), Watched(game)
    assert plain.alphabeta_search(pruning, ()) == plain.alphabeta_search(strict, (), strict=True) == (3, 0)
    assert (pruning.scored, strict.scored) == ([(0, 0), (0, 1), (1, 0)], [(0, 0), (0, 1), (1, 0), (1, 1)])


def first_leaf_value(game):
    """Return an evaluation for trees: the first leaf below the state, a number the test can check."""
    def evaluate(state):
        node = game.nodes[state]
        while isinstance(node, list):
            node = node[0]
        return node
    return evaluate


def test_h_minimax_is_the_package_minimax_with_a_depth():
    for case in CASES[::3]:
        game = case.game
        for depth in (0, 1, 2, 3):
            watched = Watched(game)
            evaluate = first_leaf_value(game)
            found = plain.h_minimax(watched, (), depth, watched.scorer(evaluate))
            assert agrees(found, watched, minimax(game, depth=depth, evaluate=evaluate)) is True, (case.title(), depth)
            cut = alphabeta(game, depth=depth, evaluate=evaluate)
            assert (cut.value, cut.move) == found
    game, states = tic_tac_toe_positions(6, 2)
    for state in states:
        watched = Watched(game)
        found = plain.h_minimax(watched, state, 3, watched.scorer(open_lines_difference))
        assert agrees(found, watched, minimax(game, state, depth=3, evaluate=open_lines_difference)) is True


def test_pvs_is_the_package_pvs():
    for game, state in GAMES:
        watched = Watched(game)
        sign = 1 if game.to_move(state) == game.max_player else -1
        assert agrees(plain.pvs(watched, state), watched, pvs(game, state), sign) is True, (game, state)


# --- several MIN agents per round --------------------------------------------------------------------

def maze_cases():
    """Return (game, depth) cases: the tiny maze and random mazes with one and two chasers."""
    cases = [(MazeGame("tiny"), depth) for depth in (0, 1, 2, 3)]
    for seed in range(6):
        chasers = 1 + seed % 2
        maze = random_maze(seed, width=7, height=5 + 2 * (seed % 2), chasers=chasers, dots=3)
        cases += [(MazeGame(maze), depth) for depth in (1, 2)]
    return cases


def score(state):
    return state.score


def test_agents_minimax_is_the_package_agents_search():
    for game, depth in maze_cases():
        watched = Watched(game)
        found = plain.agents_minimax(watched, game.initial, depth, watched.scorer(score))
        assert agrees(found, watched, agents_search(game, depth=depth, evaluate=score)) is True, (game, depth)
        cut = agents_alphabeta(game, depth=depth, evaluate=score)
        assert (cut.value, cut.move) == found


def test_agents_minimax_counts_rounds_not_plies():
    game = MazeGame("tiny")             # P, then G1: a round is two plies
    watched = Watched(game)
    plain.agents_minimax(watched, game.initial, 1, watched.scorer(score))
    assert {state.turn for state in watched.scored if not game.is_terminal(state)} == {0}


# --- chance and several players -----------------------------------------------------------------------

def random_chance_tree(rng, depth):
    """Return a random tree of int leaves, lists and Chance nodes (dice, Fractions or floats)."""
    if depth == 0:
        return rng.randint(-9, 9)
    children = [random_chance_tree(rng, depth - 1) for _ in range(rng.randint(1, 3))]
    if rng.random() < 0.5:
        return children
    if rng.random() < 0.5:
        return Chance([(Fraction(1, len(children)), child) for child in children])
    weights = [rng.random() + 0.1 for _ in children]
    return Chance([(w / sum(weights), child) for w, child in zip(weights, children)])


def test_expectiminimax_is_the_package_expectiminimax():
    rng = random.Random(38)
    trees = [random_chance_tree(rng, rng.randint(1, 5)) for _ in range(150)]
    trees += [model_opponent(random_tree(3, depth, seed=seed)) for seed in range(10) for depth in (1, 2, 3)]
    trees += [[Chance([(0.5, 4), (0.5, 0)]), 1]]   # the package's docstring example
    for tree in trees:
        for first in ("MAX", "MIN"):
            assert plain.expectiminimax(tree, first) == expectiminimax(tree, first=first).value, (tree, first)


def random_vector_tree(rng, players, depth):
    """Return a random max^n tree: lists down to tuples of `players` small ints (so, many ties)."""
    if depth == 0 or rng.random() < 0.15:
        return tuple(rng.randint(0, 4) for _ in range(players))
    return [random_vector_tree(rng, players, depth - 1) for _ in range(rng.randint(1, 3))]


def test_maxn_is_the_package_maxn():
    rng = random.Random(38)
    for _ in range(200):
        players = rng.randint(1, 4)
        tree = [random_vector_tree(rng, players, rng.randint(0, 4)) for _ in range(rng.randint(1, 3))]
        assert plain.maxn(tree, players) == maxn(tree, players).value, tree


# --- Monte Carlo tree search ---------------------------------------------------------------------------

def first_difference(mine, theirs, path=()):
    """Return the first path where the plain MCTS tree and uct's differ (children, N, U), or None."""
    if list(mine.children) != list(theirs.children) or mine.N != theirs.visits:
        return path
    if path and mine.U != theirs.total:
        return path
    for move, child in mine.children.items():
        differs = first_difference(child, theirs.children[move], path + (move,))
        if differs is not None:
            return differs
    return None


def mcts_cases():
    """Return (game, state, playouts, seed, C): trees with MAX and MIN at the root, and tic-tac-toe."""
    cases = [(case.game, (), 60, seed, C) for seed, case in enumerate(CASES[::4])
             for C in (math.sqrt(2), 0.5) if not case.game.is_terminal(())]
    game, states = tic_tac_toe_positions(4, 2)
    cases += [(game, state, 300, seed, math.sqrt(2)) for seed, state in enumerate(states)]
    cases += [(game, game.state("XX.OO...."), 200, 0, math.sqrt(2))]   # uct's docstring example: X wins at 2
    return cases


def test_monte_carlo_tree_search_grows_uct_s_tree_for_the_same_seed():
    for game, state, playouts, seed, C in mcts_cases():
        move, tree = plain.monte_carlo_tree_search(game, state, playouts, seed, C)
        result = uct(game, state, playouts=playouts, seed=seed, exploration=C)
        assert move == result.move, (game, state, seed)
        assert {m: child.N for m, child in tree.children.items()} == result.visits
        assert first_difference(tree, result.tree) is None, (game, state, seed, first_difference(tree, result.tree))


# --- retrograde analysis ---------------------------------------------------------------------------------

def test_retrograde_labels_as_the_package_tablebase_does():
    games = [(Nim(heaps), None) for heaps in ([1], [3], [1, 2], [2, 2], [1, 2, 3], [3, 4], [1, 1, 4])]
    game, states = tic_tac_toe_positions(6, 3)
    games += [(game, state) for state in states]
    for game, state in games:
        assert plain.retrograde(game, game.initial if state is None else state) == tablebase(game, state).labels


def test_retrograde_labels_all_of_tic_tac_toe_as_the_package_does():
    game = TicTacToe()
    assert plain.retrograde(game, game.initial) == tablebase(game).labels


def test_backed_up_waits_for_a_lost_child_or_every_child():
    assert plain.backed_up([None, (1, 2)]) is None
    assert plain.backed_up([None, (-1, 4), (-1, 2)]) == (1, 3)
    assert plain.backed_up([(1, 3), (0, 5), (0, 1)]) == (0, 6)
    assert plain.backed_up([(1, 3), (1, 1)]) == (-1, 4)


# --- imperfect information: belief states and averaging over clairvoyance -------------------------------

def card_positions(count, seed=38):
    """Return (game, state) for `count` random small card positions, MAX to move (seeded)."""
    from minimax_lab.games.cards import CardGame
    rng, found = random.Random(seed), []
    while len(found) < count:
        cards = [rank + suit for suit in "♠♥♦"[:rng.choice((2, 3))] for rank in "AKQJT98"]
        hand = rng.choice((2, 3))
        game = CardGame(rng.sample(cards, rng.randint(2 * hand + 1, 2 * hand + 2)), hand, rng.choice(("MAX", "MIN")))
        state = rng.choice(game.deals())
        for _ in range(rng.randrange(3)):
            if not game.is_terminal(state):
                state = game.result(state, rng.choice(game.actions(state)))
        if not game.is_terminal(state) and game.to_move(state) == "MAX":
            found.append((game, state))
    return found


@pytest.mark.slow
def test_the_plain_belief_state_is_the_package_s():
    from minimax_lab.search.imperfect import belief_state
    for game, state in card_positions(30):
        for player in ("MAX", "MIN"):
            assert plain.belief_state(game, state, player) == belief_state(game, state, player)


def test_minimax_value_asks_who_moves_at_each_position_as_the_package_minimax_does():
    for game, state in card_positions(30):
        assert plain.minimax_value(game, state) == minimax(game, state).value
    for game, state in GAMES:
        assert plain.minimax_value(game, state) == minimax(game, state).value


@pytest.mark.slow
def test_the_plain_averaging_over_clairvoyance_is_the_package_s():
    from minimax_lab.search.imperfect import averaging_over_clairvoyance
    for game, state in card_positions(40):
        states = plain.belief_state(game, state, "MAX")
        found = averaging_over_clairvoyance(game, states)
        assert plain.averaging_over_clairvoyance(game, states) == (found.value, found.move)
