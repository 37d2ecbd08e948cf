"""Tests for depth-limited search over MAX and several opponents (minimax_lab.search.agents), on
the maze game. The tiny layout's values are worked out by hand below; its cells form a ring:

    %%%%%      P (1,1)  . (2,1)  G1 (3,1)
    %P.G%      (1,2)             (3,2)
    % % %      . (1,3)  (2,3)    (3,3)
    %.  %
    %%%%%      P moves South, East, Stop; G1 from (3,1) South or West.
"""

from fractions import Fraction
from functools import partial

import pytest

from minimax_lab.games.maze import MazeGame, random_maze
from minimax_lab.games.maze_policies import directional_moves
from minimax_lab.search.agents import agents_alphabeta, agents_per_round, agents_search
from minimax_lab.games.protocol import as_game
from minimax_lab.search.textbook import alphabeta, minimax


def score(state):
    """The evaluation CS188 starts with: the score so far."""
    return state.score


def score_and_dot(game, state):
    """An int evaluation that separates more positions than the score: score minus the steps to the nearest dot."""
    here = state.positions[0]
    return state.score - min(game.distance(here, dot) for dot in state.dots)


def expectation(game, state, plies, evaluate, moves=None):
    """Brute force: MAX's best, the chasers' average (uniform, or moves(game, state)'s probabilities), `plies` deep."""
    if game.is_terminal(state):
        return game.utility(state, "P")
    if plies == 0:
        return evaluate(state)
    children = {a: expectation(game, game.result(state, a), plies - 1, evaluate, moves) for a in game.actions(state)}
    if state.turn == 0:
        return max(children.values())
    pairs = moves(game, state) if moves else [(a, Fraction(1, len(children))) for a in children]
    return sum(p * children[a] for a, p in pairs)


def mazes():
    """Small random mazes with one and with two chasers."""
    return [MazeGame(random_maze(seed, width=7, height=6, chasers=chasers, dots=3))
            for seed in range(8) for chasers in (1, 2)]


TINY = MazeGame("tiny")


# --- the tiny maze by hand --------------------------------------------------------------------

def test_one_round_on_the_tiny_maze():
    # East eats the dot (9), but G1 steps West onto P (9 - 500 = -491). South or Stop cost 1 and
    # G1 cannot reach P: -1 either way. MAX takes -1, South first in action order.
    result = agents_search(TINY, depth=1, evaluate=score)
    assert (result.value, result.move, result.pv) == (-1, "South", ("South", "South"))
    assert (result.nodes, result.leaves) == (1 + 3 + 3 * 2, 3 * 2)


def test_two_rounds_on_the_tiny_maze():
    # South (-1), then wherever G1 goes ((3,2) or (2,1)), P steps South onto the dot at (1,3):
    # -1 - 1 + 10 = 8, and G1 cannot reach (1,3) in one step: 8.
    # East is caught at once: -491. Stop: G1 to (2,1) sits on the dot and next to P; then East is
    # caught on the dot (8 - 500), Stop is caught (-502), South keeps -2: so G1 holds P to -2.
    # MAX takes South, worth 8.
    result = agents_search(TINY, depth=2, evaluate=score)
    assert (result.value, result.move) == (8, "South")
    assert result.pv == ("South", "South", "South", "North")


@pytest.mark.parametrize("rounds", [0, 1, 2, 3])
def test_rounds_are_plies_times_agents_as_textbook_minimax_counts_them(rounds):
    plies = rounds * len(TINY.agents)
    assert agents_search(TINY, depth=rounds, evaluate=score) == minimax(TINY, depth=plies, evaluate=score)


def test_counting_depth_per_agent_instead_of_per_round_walks_into_the_chaser():
    # One ply, not one round: MAX sees East's dot (9) and not G1's reply.
    per_agent = minimax(TINY, depth=1, evaluate=score)
    assert (per_agent.value, per_agent.move) == (9, "East")
    assert agents_search(TINY, depth=1, evaluate=score).move == "South"


# --- random mazes ---------------------------------------------------------------------------

@pytest.mark.parametrize("depth", [1, 2])
def test_a_round_is_every_agents_ply_of_the_textbook_searches(depth):
    # with chasers="min" the searches are textbook.minimax and alphabeta, `depth` rounds of plies deep;
    # alphabeta carries α and β through consecutive MIN layers (G1, G2) too
    for game in mazes():
        evaluate = partial(score_and_dot, game)
        plies = depth * agents_per_round(game)
        assert agents_search(game, depth=depth, evaluate=evaluate) == minimax(game, depth=plies, evaluate=evaluate)
        assert agents_alphabeta(game, depth=depth, evaluate=evaluate) == alphabeta(game, depth=plies, evaluate=evaluate)


@pytest.mark.parametrize("depth", [1, 2])
def test_alphabeta_finds_the_same_value_and_move_and_visits_no_more_nodes(depth):
    fewer = 0
    for game in mazes():
        evaluate = partial(score_and_dot, game)
        full = agents_search(game, depth=depth, evaluate=evaluate)
        pruned = agents_alphabeta(game, depth=depth, evaluate=evaluate)
        assert (pruned.value, pruned.move) == (full.value, full.move), game
        assert pruned.nodes <= full.nodes and pruned.leaves <= full.leaves
        fewer += pruned.nodes < full.nodes
    assert fewer > 0


def test_alphabeta_node_counts_on_a_maze_with_two_chasers():
    game = MazeGame(random_maze(3, width=7, height=6, chasers=2, dots=3))
    evaluate = partial(score_and_dot, game)
    assert agents_search(game, depth=2, evaluate=evaluate).nodes == 710
    assert agents_alphabeta(game, depth=2, evaluate=evaluate).nodes == 229


def test_counting_depth_per_agent_gives_other_values_on_random_mazes():
    differ = 0
    for game in mazes():
        evaluate = partial(score_and_dot, game)
        # The chasers start 3 steps away (where there is room), so in one round nothing they do changes the evaluation; in two
        # rounds MAX moves twice, but counted per agent two plies give MAX only one move.
        per_round = agents_search(game, depth=2, evaluate=evaluate)
        per_agent = minimax(game, depth=2, evaluate=evaluate)
        differ += per_round.value != per_agent.value
    assert differ > 0


# --- chance -----------------------------------------------------------------------------------

@pytest.mark.parametrize("depth", [1, 2])
def test_chance_is_the_exact_average_over_the_chasers_moves(depth):
    for game in [TINY] + mazes()[:6]:
        evaluate = partial(score_and_dot, game)
        result = agents_search(game, depth=depth, evaluate=evaluate, chasers="chance")
        plies = depth * agents_per_round(game)
        assert result.value == expectation(game, game.initial, plies, evaluate)
        assert isinstance(result.value, (int, Fraction))


def test_chance_on_the_tiny_maze_by_hand():
    # One round: East averages -491 and 9 (G1 West or South): -241; South and Stop -1. MAX: -1, South.
    # From the state after East, one round is G1's move and then P's: West catches P (-491); after
    # South every move of P costs 1 and eats nothing (8): (-491 + 8) / 2.
    result = agents_search(TINY, depth=1, evaluate=score, chasers="chance")
    assert (result.value, result.move, result.pv) == (-1, "South", ("South",))
    after_east = TINY.result(TINY.initial, "East")
    assert agents_search(TINY, after_east, depth=1, evaluate=score, chasers="chance").value == Fraction(-483, 2)


def test_chance_with_a_model_weights_by_its_probabilities():
    model = directional_moves
    for game in [TINY] + mazes()[:4]:
        evaluate = partial(score_and_dot, game)
        result = agents_search(game, depth=2, evaluate=evaluate, chasers="chance", model=model)
        plies = 2 * agents_per_round(game)
        assert result.value == expectation(game, game.initial, plies, evaluate, model)
    # After P's East on the tiny maze G1 steps West onto P with probability 9/10 (toward P), as above.
    after_east = TINY.result(TINY.initial, "East")
    assert agents_search(TINY, after_east, depth=1, evaluate=score, chasers="chance",
                         model=model).value == Fraction(9, 10) * -491 + Fraction(1, 10) * 8


# --- bad input ----------------------------------------------------------------------------------

@pytest.mark.parametrize("depth", [-1, 1.5, True, None, "2"])
def test_a_bad_depth_is_refused(depth):
    with pytest.raises(ValueError, match=r"depth \(in rounds.*must be a whole number >= 0, got"):
        agents_search(TINY, depth=depth, evaluate=score)
    with pytest.raises(ValueError, match=r"depth \(in rounds"):
        agents_alphabeta(TINY, depth=depth, evaluate=score)


@pytest.mark.parametrize("evaluate", [None, 3, "score"])
def test_an_evaluate_that_is_no_function_is_refused(evaluate):
    with pytest.raises(TypeError, match=r"evaluate must be a function evaluate\(state\) returning a number"):
        agents_search(TINY, depth=1, evaluate=evaluate)
    with pytest.raises(TypeError, match="evaluate must be a function"):
        agents_alphabeta(TINY, depth=1, evaluate=evaluate)


@pytest.mark.parametrize("chasers", ["max", "MIN", None, 2])
def test_a_bad_chasers_is_refused(chasers):
    with pytest.raises(ValueError, match=r"chasers must be 'min' .* or 'chance' .*, got"):
        agents_search(TINY, depth=1, evaluate=score, chasers=chasers)


def test_a_bad_model_is_refused():
    with pytest.raises(ValueError, match="pass it with chasers='chance'"):
        agents_search(TINY, depth=1, evaluate=score, model=directional_moves)
    with pytest.raises(TypeError, match=r"model must be a function model\(game, state\)"):
        agents_search(TINY, depth=1, evaluate=score, chasers="chance", model="directional")
    with pytest.raises(ValueError, match="not legal there"):
        agents_search(TINY, depth=1, evaluate=score, chasers="chance", model=lambda game, state: [("Stop", 1)])


def test_an_evaluation_that_returns_no_number_is_refused():
    with pytest.raises(TypeError, match="evaluate returned 'high', not a number"):
        agents_search(TINY, depth=1, evaluate=lambda state: "high")


def test_a_game_without_agents_counts_two_per_round():
    tree = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]  # AIMA Fig. 5.2
    assert agents_per_round(as_game(tree)) == 2
    assert agents_search(tree, depth=1, evaluate=score).value == 3
    assert agents_alphabeta(tree, depth=1, evaluate=score).value == 3
