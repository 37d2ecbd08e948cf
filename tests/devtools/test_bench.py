"""Tests for devtools.bench that time nothing: the lean loops do the same work as the
searches they are measured against (same value, same nodes), and the command line refuses what it
cannot run before running anything. Speed itself is measured by `make bench`, not by tests."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from minimax_lab import TicTacToe, alphabeta, minimax
from devtools import bench
from shared_cases import position

pytestmark = pytest.mark.slow  # runs the benchmarks' code


@settings(max_examples=60, deadline=None, database=None)
@given(st.lists(st.integers(0, 8), max_size=9))
def test_the_lean_alphabeta_loop_visits_what_alphabeta_visits(moves):
    game, state = position(moves)
    counter = [0]
    value = bench.baseline_alphabeta(list(state.board), game.to_move(state), -2, 2, counter)
    result = alphabeta(game, state)
    assert (value, counter[0]) == (result.value, result.nodes)


@settings(max_examples=40, deadline=None, database=None)
@given(st.lists(st.integers(0, 8), min_size=3, max_size=9))
def test_the_lean_minimax_loop_visits_what_minimax_visits(moves):
    game, state = position(moves)
    counter = [0]
    value = bench.baseline_minimax(list(state.board), game.to_move(state), counter)
    result = minimax(game, state)
    assert (value, counter[0]) == (result.value, result.nodes)


def test_the_lean_loops_from_the_empty_board():
    assert bench.alphabeta_baseline() == alphabeta(TicTacToe()).nodes == 18297
    assert bench.baseline() == 549946


@pytest.mark.parametrize("argv", [["--games", "3"], ["--games", "0"], ["--seconds", "0"], ["--positions", "-1"],
                                  ["--full", "--games", "5"]])
def test_the_command_line_refuses_what_it_cannot_run(argv, capsys):
    with pytest.raises(SystemExit):
        bench.main(argv)
    assert "--games must be even and at least 2" in capsys.readouterr().err



def test_the_maze_figures_game_is_play_games_and_counts_its_searches():
    from minimax_lab.analysis.maze_games import search_agent
    from minimax_lab.games.maze import MazeGame
    from minimax_lab.games.maze_policies import MAX_MOVES, play_game, random_chaser
    from minimax_lab.search.agents import agents_search

    played, moves, nodes = bench.maze_game()
    game = MazeGame(bench.MAZE_LAYOUT)
    agent = search_agent(depth=bench.MAZE_DEPTH, chasers="chance")
    assert played == play_game(game, agent, random_chaser, seed=bench.MAZE_SEED)
    assert (bench.MAZE_LAYOUT, bench.MAZE_DEPTH, len(game.chasers)) == ("classic", 2, 2)
    assert moves == len(played.moves[::len(game.agents)])   # P moves first in each round
    assert played.outcome != "unfinished" or moves == MAX_MOVES
    state, counted = played.start, 0
    for i, action in enumerate(played.moves[:3 * len(game.agents)]):   # the first three searches
        if i % len(game.agents) == 0:
            counted += agents_search(game, state, depth=2, evaluate=agent.evaluate, chasers="chance").nodes
        state = game.result(state, action)
    assert 0 < counted < nodes


def test_the_maze_figure_prints_its_target(capsys, monkeypatch):
    monkeypatch.setattr(bench, "maze_game", lambda: (type("Played", (), {"outcome": "win"})(), 12, 3456))
    seconds = bench.maze_figure(runs=1)
    out = capsys.readouterr().out
    assert seconds < bench.MAZE_TARGET and "win after 12 moves of P" in out and "3,456 nodes searched" in out
    assert f"target at most {bench.MAZE_TARGET:g} s: met" in out


def test_the_practice_figure_times_every_widget_and_prints_the_goal(capsys, monkeypatch):
    rounds = []
    monkeypatch.setattr(bench, "practice_round", lambda practice, seed: rounds.append((practice, seed)) or 0.25)
    worst = bench.practice_figure(seeds=2)
    assert rounds == [(practice, seed) for practice in bench.PRACTICE_WIDGETS.values() for seed in range(2)]
    assert worst == dict.fromkeys(["PruningPractice", "ValuePractice", "ChancePractice", "RetrogradePractice",
                                   "MCTSPractice"], 0.25)
    out = capsys.readouterr().out
    assert "slowest of 2 seeds" in out and "goal at most 1 s" in out and out.count("0.25 s (met)") == 5


def test_a_practice_round_draws_checks_and_answers(monkeypatch):
    shown = []
    monkeypatch.setattr(bench.ChancePractice, "show_answer", lambda self: shown.append(self.seed) or "")
    assert bench.practice_round(bench.ChancePractice, 3) > 0 and shown == [3]


def test_the_tournament_spread_is_the_standings_of_each_seed(capsys, monkeypatch):
    monkeypatch.setattr(bench.assignment5, "TOURNAMENT_OPENINGS", 2)
    spread = bench.tournament_spread(2)
    game = bench.ConnectFour()
    totals = [sum(s.points for s in bench.assignment5.standings(game.evaluate, seed=seed)) for seed in (0, 1)]
    assert spread["the course's evaluation"] == (min(totals), max(totals))
    low, high = spread["no evaluation"]
    assert 0 <= low <= high <= 12
    out = capsys.readouterr().out
    assert "(2 openings, 12 points; pass 180) over seeds 0 to 1" in out and "no evaluation" in out


def test_the_tournament_seeds_option_runs_only_the_spread(capsys, monkeypatch):
    asked = []
    monkeypatch.setattr(bench, "tournament_spread", asked.append)
    monkeypatch.setattr(bench, "search_tables", lambda: pytest.fail("only the spread was asked for"))
    bench.main(["--tournament-seeds", "3"])
    assert asked == [3]
    with pytest.raises(SystemExit):
        bench.main(["--tournament-seeds", "0"])
    assert "--tournament-seeds must be at least 1, got 0" in capsys.readouterr().err


def test_the_lesson_times_run_a_lesson_in_a_kernel_and_print_the_goals(capsys, monkeypatch):
    monkeypatch.setattr(bench, "pyodide_seconds", lambda names: {})
    times = bench.lesson_times("00")
    assert list(times) == ["00_start_here"] and 0 < times["00_start_here"][0] < 300
    assert times["00_start_here"][1] is None
    out = capsys.readouterr().out
    assert "00_start_here" in out and "Pyodide not measured" in out and "at most 30 s in the kernel" in out


def test_the_pyodide_times_are_the_sum_of_the_cells(monkeypatch, tmp_path):
    import json
    import subprocess
    site = tmp_path / "pyodide"
    site.mkdir()
    (site / "pyodide-lock.json").write_text("{}")
    monkeypatch.setattr(bench, "SITE_PYODIDE", site)
    monkeypatch.setattr(bench, "SITE_FILES", tmp_path)
    (tmp_path / "01_x.ipynb").write_text("{}")  # 02_y is left out of the site
    reply = {"notebooks": {"01_x.ipynb": [{"seconds": 1.5}, {"seconds": 2.0}]}}
    monkeypatch.setattr(bench.shutil, "which", lambda name: "/usr/bin/node")
    monkeypatch.setattr(bench.subprocess, "run", lambda *a, **k: subprocess.CompletedProcess(a, 0, json.dumps(reply), ""))
    assert bench.pyodide_seconds(["01_x.ipynb", "02_y.ipynb"]) == {"01_x.ipynb": 3.5}
