"""Tests for minimax_lab.display.maze_play (the maze game's widget, driven through the methods and
values its controls set) and minimax_lab.analysis.maze_games (the searching agent it plays, and a
record over seeded games)."""

import re
from fractions import Fraction

import pytest

from minimax_lab.analysis.maze_games import Record, SearchAgent, games_record, score, search_agent
from minimax_lab.display.controls import SettingError
from minimax_lab.display.draw import PNG_SIGNATURE
from minimax_lab.display.maze_play import (
    DEEPEST,
    MOST_MOVES,
    SEARCHES,
    MazeMatch,
    chaser_policy,
    deepest,
    value_shown,
)
from minimax_lab.games.maze import LAYOUTS, MazeGame
from minimax_lab.games.maze_policies import (
    adversarial_chaser,
    directional_chaser,
    moves_played,
    play_game,
    random_chaser,
)
from minimax_lab.search.agents import agents_search


def play_to_the_end(match):
    """Press "next move" until the game is over; return how many presses played a move."""
    played = 0
    while match.forward():
        played += 1
    return played


def same_game_by_play_game(match):
    """Return play_game's game with the match's settings."""
    chasers, depth = match.chasers.value, match.depth.value
    agent = search_agent(depth=depth, chasers=SEARCHES[match.search.value])
    policy = {"random": random_chaser, "directional": directional_chaser,
              "adversarial": adversarial_chaser(agents_search, depth=depth, evaluate=score, chasers="min")}[chasers]
    return play_game(MazeGame(match.maze.value), agent, policy, seed=match.seed.value, max_moves=MOST_MOVES)


# --- the game played is play_game's -----------------------------------------------------------------

@pytest.mark.parametrize("maze, search, depth, chasers, seed", [
    ("classic", "expectimax", 2, "random", 3),
    ("small", "minimax", 3, "directional", 5),
    ("tiny", "expectimax", 2, "adversarial", 0),
    ("medium", "minimax", 2, "random", 7),
])
@pytest.mark.slow
def test_the_moves_played_are_play_games_with_the_same_seed(maze, search, depth, chasers, seed):
    match = MazeMatch(maze, search=search, depth=depth, chasers=chasers, seed=seed)
    played = play_to_the_end(match)
    expected = same_game_by_play_game(match)
    assert match.moves == expected.moves and played == len(expected.moves) == match.step.value
    assert match.position() == expected.final and match.over
    assert match.forward() is False and match.step.value == played   # nothing after the end


def test_the_end_of_the_game_is_said():
    won = MazeMatch("tiny", search="minimax", depth=2, chasers="random", seed=0)
    play_to_the_end(won)
    assert won.game.is_win(won.position()) and "Game over: P cleared the maze." in won.status.value
    unfinished = MazeMatch("small", search="minimax", depth=1, chasers="random", seed=1)
    play_to_the_end(unfinished)
    assert len([ply for ply in unfinished.plies if ply.mover == "P"]) == MOST_MOVES
    assert f"Stopped after {MOST_MOVES} moves of P: the game is unfinished." in unfinished.status.value


def test_each_move_is_computed_only_when_wanted():
    match = MazeMatch("classic", search="expectimax", depth=2, seed=3)
    assert len(match.plies) == 1 and match.agent.searches == 1   # P's first move, ready for the first step
    match.forward()
    assert match.step.value == 1 and len(match.plies) == 2 == match.step.max
    match.step.value = 0   # back to the start: nothing more is computed
    assert len(match.plies) == 2 and match.position() == match.game.initial


# --- what it shows --------------------------------------------------------------------------------

def test_the_value_and_node_count_shown_are_the_searchs():
    match = MazeMatch("classic", search="expectimax", depth=2, seed=3)
    for _ in range(7):
        match.forward()
    ps = [i for i, ply in enumerate(match.plies) if ply.mover == "P"]
    assert len(ps) >= 3
    for i in ps:
        before = match.position(i)
        search = agents_search(match.game, before, depth=2, evaluate=score, chasers="chance")
        ply = match.plies[i]
        assert (ply.action, ply.search.value, ply.search.nodes) == (search.move, search.value, search.nodes)
        match.step.value = i + 1   # the position after P's move
        assert f"P played {search.move} (value {value_shown(search.value)}, {search.nodes:,} nodes searched)" \
            in match.status.value
        match.step.value = i   # P to move here: the scoreboard shows the search that chooses the move
        board = match.scoreboard()
        assert board[4:] == [f"P's move here: {search.move}", f"value {value_shown(search.value)}, "
                                                                 f"{search.nodes:,} nodes"]
        assert f"{search.nodes:,} nodes" in match.picture.value


def test_the_scoreboard_says_the_settings_and_the_step():
    match = MazeMatch("small", search="minimax", depth=3, chasers="adversarial", seed=9)
    assert match.scoreboard()[:4] == ["P: minimax, depth 3", "chasers: adversarial, seed 9", "step 0 of 1+",
                                      "score 0 · P to move · 25 dots left"]
    match.forward()
    assert match.scoreboard()[2] == "step 1 of 2+" and match.scoreboard()[4].startswith("P's last move: ")
    assert match.status.value.startswith("Step 1: P played ")


def test_the_picture_is_the_position_beside_the_scoreboard():
    match = MazeMatch("medium", search="minimax", depth=1, seed=2)
    match.forward()
    svgs = re.findall(r"<svg .*?</svg>", match.picture.value, re.S)
    assert len(svgs) == 2 and ">score 9</text>" in svgs[0]
    assert "P: minimax, depth 1" in svgs[1] and "score 9 · G1 to move · 42 dots left" in svgs[1]


def test_values_are_shown_whole_or_to_two_decimals():
    assert [value_shown(v) for v in (-491, Fraction(18), Fraction(1439, 12), 2.5)] == ["-491", "18", "119.92", "2.5"]


def test_the_still_picture_is_a_png_and_the_text_names_the_widget():
    match = MazeMatch("classic", search="minimax", depth=2, chasers="directional")
    data, metadata = match.widget._repr_mimebundle_()
    assert data["text/plain"].startswith("VBox(children=(HTML(value='<i>A maze game played a move at a time")
    assert "image/png" in data and metadata["image/png"]["width"] == 22 * 28
    assert match.still().startswith(PNG_SIGNATURE)


# --- the controls ------------------------------------------------------------------------------------

@pytest.mark.slow
def test_a_new_setting_starts_a_new_game():
    match = MazeMatch("small", search="minimax", depth=2, chasers="random", seed=0)
    for _ in range(5):
        match.forward()
    first = match.moves[:5]
    match.seed.value = 1
    assert match.step.value == 0 and len(match.plies) == 1 and match.position() == match.game.initial
    play_to_the_end(match)
    assert match.moves == same_game_by_play_game(match).moves and match.moves[:5] != first
    match.seed.value = 0
    play_to_the_end(match)
    assert match.moves[:5] == first   # the same seed, the same game
    for control, value in ((match.chasers, "adversarial"), (match.search, "expectimax"), (match.depth, 1),
                           (match.maze, "medium")):
        control.value = value
        assert match.step.value == 0 and len(match.plies) == 1
        play_to_the_end(match)
        assert match.moves == same_game_by_play_game(match).moves


def test_the_depth_is_bounded_per_maze_and_search():
    match = MazeMatch("small", search="expectimax", depth=3)
    assert match.depth.max == 3 == deepest("small", "expectimax")
    match.maze.value = "classic"   # expectimax stops at 2 rounds there: the depth is clamped
    assert match.depth.max == match.depth.value == 2 == match.agent.depth
    match.search.value = "minimax"
    assert match.depth.max == 3 and match.depth.value == 2
    match.depth.value = 9   # past the end: clamped, as every course slider does
    assert match.depth.value == 3 == match.agent.depth
    assert {maze for maze in DEEPEST} == set(LAYOUTS)
    assert all(1 <= depth <= 3 for depths in DEEPEST.values() for depth in depths.values())


@pytest.mark.parametrize("control, value", [("depth", "2"), ("depth", 2.0), ("seed", True), ("speed", None),
                                            ("maze", "huge"), ("search", "alphabeta"), ("chasers", "lazy")])
def test_a_control_refuses_what_it_cannot_take(control, value):
    match = MazeMatch("tiny", depth=1)
    before = match.moves
    with pytest.raises(SettingError, match=control.replace("depth", "depth \\(rounds\\)")):
        setattr(getattr(match, control), "value", value)
    assert match.moves == before


@pytest.mark.parametrize("settings, message", [
    ({"maze": "huge"}, "maze must be one of \\['tiny', 'small', 'medium', 'classic'\\], got 'huge'"),
    ({"search": "alphabeta"}, "search must be one of \\['minimax', 'expectimax'\\], got 'alphabeta'"),
    ({"maze": "classic", "search": "expectimax", "depth": 3},
     "depth for expectimax on the classic maze \\(in rounds\\) must be a whole number from 1 to 2, got 3"),
    ({"depth": 0}, "depth for expectimax on the small maze \\(in rounds\\) must be a whole number from 1 to 3, got 0"),
    ({"depth": 1.5}, "must be a whole number from 1 to 3, got 1.5"),
    ({"chasers": "lazy"}, "chasers must be one of \\['random', 'directional', 'adversarial'\\], got 'lazy'"),
    ({"seed": 100}, "seed must be a whole number from 0 to 99, got 100"),
    ({"speed": 0}, "speed \\(moves a second\\) must be a whole number from 1 to 5, got 0"),
])
def test_bad_settings_are_refused_naming_what_is_wrong(settings, message):
    maze = settings.pop("maze", "small")
    with pytest.raises(ValueError, match=message):
        MazeMatch(maze, **settings)


def test_an_evaluation_that_is_not_a_function_is_refused():
    with pytest.raises(TypeError, match="evaluate must be a function evaluate\\(state\\) returning a number"):
        MazeMatch("tiny", evaluate="score")


def test_an_evaluation_that_fails_is_shown_not_raised():
    calls = []

    def fragile(state):
        calls.append(state)
        if len(calls) > 40:
            raise ZeroDivisionError("my evaluation divided by zero")
        return state.score

    match = MazeMatch("small", search="minimax", depth=1, evaluate=fragile)
    while match.forward():
        pass
    assert match.over and isinstance(match.problem, ZeroDivisionError)
    assert "my evaluation divided by zero" in match.status.value and "color:#b00" in match.status.value
    assert match.play.playing is False


def test_play_plays_a_move_a_tick_and_pauses_at_the_end():
    match = MazeMatch("tiny", search="minimax", depth=2, seed=0)
    match.play.playing = True
    for tick in range(1, 4):
        match.play.value = tick
        assert match.step.value == tick
    match.play.value = 0   # the stop button: back to 0, no move played
    assert match.step.value == 3
    tick = 0
    while match.play.playing and tick < 1000:
        tick += 1
        match.play.value = tick
    assert match.play.playing is False and match.over and match.step.value == len(match.plies)


def test_the_speed_sets_the_play_buttons_interval():
    match = MazeMatch("tiny", depth=1, speed=2)
    assert match.play.interval == 500
    match.speed.value = 5
    assert match.play.interval == 200


def test_the_widgets_controls_are_bounded_and_redraw_on_release():
    match = MazeMatch("tiny", depth=1)
    for slider in (match.depth, match.seed, match.speed, match.step):
        assert slider.continuous_update is False and slider.min <= slider.value <= slider.max


# --- the agent and the record ------------------------------------------------------------------------

def test_the_agent_plays_the_searchs_move_and_keeps_its_result():
    game = MazeGame("medium")
    agent = search_agent(depth=2, chasers="chance")
    move = agent(game, game.initial)
    result = agents_search(game, game.initial, depth=2, evaluate=score, chasers="chance")
    assert (move, agent.last, agent.searches) == (result.move, result, 1)
    assert repr(agent) == "search_agent(depth=2, chasers='chance')" and isinstance(agent, SearchAgent)


@pytest.mark.parametrize("settings, message", [({"depth": 0}, "depth"), ({"depth": 2, "chasers": "max"}, "chasers"),
                                               ({"depth": 1, "evaluate": 3}, "evaluate")])
def test_the_agent_refuses_bad_settings(settings, message):
    with pytest.raises((ValueError, TypeError), match=message):
        search_agent(**settings)


def test_a_record_counts_the_games_of_each_seed():
    game = MazeGame("small")
    agent = search_agent(depth=1)
    record = games_record(game, agent, random_chaser, seeds=range(4), max_moves=30)
    plays = [play_game(game, agent, random_chaser, seed=seed, max_moves=30) for seed in range(4)]
    outcomes = [play.outcome for play in plays]
    assert record == Record(4, outcomes.count("win"), outcomes.count("loss"), outcomes.count("unfinished"),
                            round(sum(play.score for play in plays) / 4, 1) if sum(play.score for play in plays) % 4
                            else sum(play.score for play in plays) // 4)
    with pytest.raises(ValueError, match="at least one seed"):
        games_record(game, agent, random_chaser, seeds=[])


def test_moves_played_is_play_game_a_move_at_a_time():
    game = MazeGame("classic")
    agent = search_agent(depth=1)
    moves = moves_played(game, agent, random_chaser, seed=4, max_moves=20)
    first = next(moves)
    assert first[0] == agent(game, game.initial) and first[1] == game.result(game.initial, first[0])
    rest = [action for action, _ in moves]
    assert (first[0], *rest) == play_game(game, agent, random_chaser, seed=4, max_moves=20).moves
    with pytest.raises(ValueError, match="seed must be a whole number"):
        moves_played(game, agent, random_chaser, seed="4")   # checked at once, not at the first move


def test_the_chaser_policies_by_name():
    assert chaser_policy("random", depth=1, evaluate=score) is random_chaser
    assert chaser_policy("directional", depth=1, evaluate=score) is directional_chaser
    game = MazeGame("tiny")
    after = game.result(game.initial, "East")
    assert chaser_policy("adversarial", depth=1, evaluate=score)(game, after, None) == "West"   # onto P
    with pytest.raises(ValueError, match="chasers must be one of"):
        chaser_policy("lazy", depth=1, evaluate=score)
