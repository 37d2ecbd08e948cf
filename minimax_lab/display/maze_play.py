"""A maze game (games.maze) played a move at a time in a widget: MazeMatch.

P, MAX, plays the move of a search `depth` rounds deep (analysis.maze_games' search agent): minimax,
every chaser taken to play its best reply, or expectimax, every chaser taken to move at random; its
evaluation is the score unless the widget is given another. The chasers move by a policy
(games.maze_policies): random, directional, or adversarial (each plays minimax's move, as deep as
P searches). The game is play_game's with the same seed, played one move at a time, each move
computed only when it is wanted: so a step answers at once, whatever the length of the game.

Controls: the maze, P's search, the chasers' policy, the depth (bounded per maze, DEEPEST, so that
a move takes well under a second), the seed and the speed; a play button (play, pause, stop), a
"next move" button, and a step slider to go back over the moves played. The drawing shows the
position (maze_drawing.maze_svg) beside a scoreboard: the settings, and the value and node count
of P's search. Like the other widgets, the box carries a still picture (a PNG) of the position as it
stands, shown where the widget cannot be (a notebook not trusted, GitHub).
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from fractions import Fraction
from types import MappingProxyType
from typing import Iterator, Literal, Mapping, Optional

import ipywidgets as w

from ..analysis.maze_games import SearchAgent, score, search_agent
from ..core.text import value_text
from ..core.validation import callable_value
from ..games.maze import LAYOUTS, MAX_AGENT, MazeGame, MazeState
from ..games.maze_policies import ChaserPolicy, adversarial_chaser, directional_chaser, moves_played, random_chaser
from ..search.agents import agents_search
from ..search.registry import one_of
from ..search.textbook import Evaluate, SearchResult
from .controls import SLIDER, IntSlider, Play, ToggleButtons, error_html, intro, whole_number
from .maze_drawing import maze_png, maze_svg, position_caption
from .still import PicturedBox, still_caption

SEARCHES: Mapping[str, Literal["min", "chance"]] = MappingProxyType({"minimax": "min", "expectimax": "chance"})
"""P's searches, by name: how each takes the chasers to move (search.agents' chasers=)."""

POLICIES: Mapping[str, str] = MappingProxyType({
    "random": "each legal move alike",
    "directional": "toward P four times in five",
    "adversarial": "minimax's move, as deep as P searches",
})
"""How the chasers may move, by name, with what each does."""

DEEPEST: Mapping[str, Mapping[str, int]] = MappingProxyType({
    "tiny": MappingProxyType({"minimax": 3, "expectimax": 3}),
    "small": MappingProxyType({"minimax": 3, "expectimax": 3}),
    "medium": MappingProxyType({"minimax": 3, "expectimax": 2}),
    "classic": MappingProxyType({"minimax": 3, "expectimax": 2}),
})
"""The deepest search (in rounds) the widget offers on each maze, for each search, so that a move
answers well within a second. A round on the classic maze is three plies, and each round multiplies
the nodes by about thirty: there minimax 3 rounds deep takes at most about a tenth of a second a move
(it runs its trace-free twin), expectimax up to about a second at 3 rounds, so it stops at 2 (at most
about a tenth)."""

CELLS: Mapping[str, int] = MappingProxyType({"tiny": 40, "small": 36, "medium": 32, "classic": 28})
"""The side of a cell of each maze in the drawing, in pixels."""

SEEDS = (0, 99)
"""The seeds offered: each a different game against chasers that move at random."""

SPEEDS = (1, 5)
"""The speeds offered, in moves a second while playing."""

MOST_MOVES = 100
"""The moves of P after which the widget stops a game as unfinished (play_game's max_moves)."""

TICKS = 1_000_000
"""How far the play button counts; each tick plays one move."""


@dataclass(frozen=True)
class Ply:
    """One move played: who moved, the action, the position after it, and for P's move the search
    that chose it."""

    mover: str
    action: str
    after: MazeState
    search: Optional[SearchResult[float]] = None


def deepest(maze: str, search: str) -> int:
    """Return the deepest search in rounds the widget offers for `search` on the maze `maze`."""
    return DEEPEST[one_of(maze, "maze", DEEPEST)][one_of(search, "search", SEARCHES)]


def value_shown(value: object) -> str:
    """Return a search's value as the scoreboard writes it: whole numbers as they are, an expectation
    that is not whole to two decimals."""
    if isinstance(value, Fraction) and value.denominator != 1:
        return f"{float(value):.2f}"
    return value_text(int(value) if isinstance(value, Fraction) else value)


def chaser_policy(name: str, *, depth: int, evaluate: Evaluate) -> ChaserPolicy:
    """Return the chasers' policy called `name` (POLICIES); the adversarial one searches `depth`
    rounds deep with `evaluate`."""
    if one_of(name, "chasers", POLICIES) == "random":
        return random_chaser
    if name == "directional":
        return directional_chaser
    return adversarial_chaser(agents_search, depth=depth, evaluate=evaluate, chasers="min")


class MazeMatch:
    """A maze game between P, searching, and the chasers, played a move at a time: play, pause,
    next move, a step slider over the moves played; the maze, P's search, the depth, the chasers'
    policy, the seed and the speed as controls. A bad setting raises ValueError naming it."""

    caption = ("A maze game played a move at a time: P searches, the chasers move by their policy. Press play or "
               "next move; drag the step slider to go back; change a setting to start a new game.")

    def __init__(self, maze: str = "small", *, search: str = "expectimax", depth: int = 2, chasers: str = "random",
                 seed: int = 0, speed: int = 2, evaluate: Optional[Evaluate] = None):
        one_of(maze, "maze", LAYOUTS)
        one_of(search, "search", SEARCHES)
        whole_number(depth, f"depth for {search} on the {maze} maze (in rounds)", 1, deepest(maze, search))
        one_of(chasers, "chasers", POLICIES)
        whole_number(seed, "seed", *SEEDS)
        whole_number(speed, "speed (moves a second)", *SPEEDS)
        self.evaluate: Evaluate = score if evaluate is None else callable_value(
            evaluate, "evaluate", "evaluate(state) returning a number")
        self.maze = ToggleButtons(options=list(LAYOUTS), value=maze, description="maze", name="maze")
        self.search = ToggleButtons(options=list(SEARCHES), value=search, description="P searches", name="search",
                                    tooltips=["every chaser plays its best reply", "every chaser moves at random"])
        self.chasers = ToggleButtons(options=list(POLICIES), value=chasers, description="chasers", name="chasers",
                                     tooltips=list(POLICIES.values()))
        self.depth = IntSlider(value=depth, min=1, max=deepest(maze, search), description="depth (rounds)", **SLIDER)
        self.seed = IntSlider(value=seed, min=SEEDS[0], max=SEEDS[1], description="seed", **SLIDER)
        self.speed = IntSlider(value=speed, min=SPEEDS[0], max=SPEEDS[1], description="speed (moves/s)", **SLIDER)
        self.play = Play(value=0, min=0, max=TICKS, interval=1000 // speed, description="play", show_repeat=False)
        self.next_move = w.Button(description="next move", tooltip="play one move")
        self.step = IntSlider(value=0, min=0, max=0, description="step", continuous_update=False)
        self.status, self.picture = w.HTML(), w.HTML()
        self.game = MazeGame(maze)
        self.agent: SearchAgent = search_agent(depth=depth)
        self.plies: list[Ply] = []
        self.over = False
        """True when every move of the game is computed (it ended, or stopped after MOST_MOVES moves of P)."""
        self.problem: Optional[Exception] = None
        self._moves: Iterator[tuple[str, MazeState]] = iter(())
        self._quiet = False
        for control in (self.maze, self.search, self.chasers, self.depth, self.seed):
            control.observe(self.restart, names="value")
        self.speed.observe(self._set_speed, names="value")
        self.play.observe(self._tick, names="value")
        self.step.observe(self.show, names="value")
        self.next_move.on_click(lambda _: self.forward())
        rows = [w.HBox(row, layout=w.Layout(flex_flow="row wrap")) for row in (
            [self.maze, self.search], [self.chasers], [self.depth, self.seed, self.speed],
            [self.play, self.next_move, self.step])]
        self.widget = PicturedBox([intro(self.caption), *rows, self.status, self.picture], picture=self.still)
        self.restart()

    # What the controls call.

    def restart(self, change: object = None) -> None:
        """Start a new game with the settings as they stand (and compute P's first move)."""
        if self._quiet:
            return
        self._quiet = True
        try:
            maze, search = self.maze.value, self.search.value
            self.depth.max = deepest(maze, search)  # clamps the depth where this maze offers less
            self.game = MazeGame(maze)
            self.agent = search_agent(depth=self.depth.value, chasers=SEARCHES[search], evaluate=self.evaluate)
            policy = chaser_policy(self.chasers.value, depth=self.depth.value, evaluate=self.evaluate)
            self._moves = moves_played(self.game, self.agent, policy, seed=self.seed.value, max_moves=MOST_MOVES)
            self.plies, self.over, self.problem = [], False, None
            self.step.value = 0
            self._extend()
            self.step.max = len(self.plies)
        finally:
            self._quiet = False
        self.show()

    def forward(self) -> bool:
        """Show the next move (computing it if it is not yet); return False at the end of the game,
        or after an error in a search."""
        if self.step.value >= len(self.plies):
            return False
        self.step.value += 1  # show() draws it
        return True

    def show(self, change: object = None) -> None:
        """Draw the position after the step slider's number of moves; at the last move computed,
        compute the next one, so that the next step answers at once."""
        if self._quiet:
            return
        if self.step.value == len(self.plies) and not self.over:
            self._extend()
            self.step.max = len(self.plies)
        state = self.position()
        self.picture.value = ("<div style='display:flex; flex-wrap:wrap; gap:16px; align-items:flex-start'>"
                              f"{maze_svg(self.game, state, cell=CELLS[self.maze.value], caption=f'score {state.score}')}"
                              f"{scoreboard_svg(self.scoreboard())}</div>")
        self.status.value = self.report()

    # What the widget shows.

    def position(self, step: Optional[int] = None) -> MazeState:
        """Return the position after `step` moves (default: the step slider's)."""
        step = self.step.value if step is None else whole_number(step, "step", 0, len(self.plies))
        return self.plies[step - 1].after if step else self.game.initial

    @property
    def moves(self) -> tuple[str, ...]:
        """Return the moves computed so far, in turn (P's, G1's, ..., P's, ...)."""
        return tuple(ply.action for ply in self.plies)

    def search_shown(self) -> tuple[str, Optional[Ply]]:
        """Return how the scoreboard names P's search it shows, and its ply: P's move from the
        position shown if P is to move there, else P's last move before it."""
        step = self.step.value
        for i in range(min(step, len(self.plies) - 1), -1, -1):
            if self.plies[i].mover == MAX_AGENT:
                return ("P's move here" if i == step else "P's last move"), self.plies[i]
        return "", None

    def scoreboard(self) -> list[str]:
        """Return the lines of the scoreboard beside the maze: the settings, the step, how the game
        stands, and the value and node count of P's search (the maze's own caption is the score alone,
        which fits under the smallest maze)."""
        lines = [f"P: {self.search.value}, depth {self.depth.value}",
                 f"chasers: {self.chasers.value}, seed {self.seed.value}",
                 f"step {self.step.value} of {len(self.plies)}{'' if self.over else '+'}",
                 position_caption(self.game, self.position())]
        name, ply = self.search_shown()
        if ply is not None and ply.search is not None:
            lines += [f"{name}: {ply.action}",
                      f"value {value_shown(ply.search.value)}, {ply.search.nodes:,} nodes"]
        return lines

    def report(self) -> str:
        """Return the status line: the last move played and, at the end, how the game ended."""
        step, state = self.step.value, self.position()
        if step == 0:
            text = "The start. Press play or next move."
        else:
            ply = self.plies[step - 1]
            text = f"Step {step}: {ply.mover} played {ply.action}"
            if ply.search is not None:
                text += f" (value {value_shown(ply.search.value)}, {ply.search.nodes:,} nodes searched)"
            text += "."
        if self.game.is_terminal(state):
            text += " Game over: " + ("P cleared the maze." if self.game.is_win(state) else "P is caught.")
        elif step == len(self.plies) and self.over and self.problem is None:
            text += f" Stopped after {MOST_MOVES} moves of P: the game is unfinished."
        text = html.escape(text)
        if self.problem is not None and step == len(self.plies):
            text += " " + error_html(self.problem)
        return text

    def still(self) -> Optional[bytes]:
        """Return a PNG of the position as it stands, under the widget's caption (None without Pillow)."""
        state = self.position()
        return maze_png(self.game, state, cell=CELLS[self.maze.value], caption=position_caption(self.game, state),
                        title=still_caption(self.caption).split("\n"))

    # The rest.

    def _extend(self) -> None:
        """Compute the next move of the game; at its end, or after an error, mark the game over."""
        before = self.plies[-1].after if self.plies else self.game.initial
        searches = self.agent.searches
        try:
            action, after = next(self._moves)
        except StopIteration:
            self.over = True
            return
        except Exception as error:  # noqa: BLE001 - an evaluation's error is shown in the widget, not raised
            self.over, self.problem = True, error
            self.play.playing = False
            return
        mover = self.game.to_move(before)
        search = self.agent.last if mover == MAX_AGENT and self.agent.searches > searches else None
        self.plies.append(Ply(mover, action, after, search))

    def _tick(self, change: Mapping[str, int]) -> None:
        """Play one move on each tick of the play button (not when it is stopped and goes back to 0);
        pause at the end of the game."""
        if change["new"] > change["old"] and not self.forward():
            self.play.playing = False

    def _set_speed(self, change: object = None) -> None:
        """Set the play button's interval from the speed slider."""
        self.play.interval = 1000 // self.speed.value


def scoreboard_svg(lines: list[str]) -> str:
    """Return lines of text as a small SVG panel (the scoreboard beside the maze)."""
    height = 24 * len(lines) + 12
    texts = "".join(f'<text x="10" y="{24 * (i + 1)}">{html.escape(line)}</text>' for i, line in enumerate(lines))
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="300" height="{height}" viewBox="0 0 300 {height}" '
            f'role="img"><title>{html.escape("; ".join(lines))}</title>'
            f'<rect x="0" y="0" width="300" height="{height}" fill="#f4f4f4" rx="6"/>'
            f'<g font-family="sans-serif" font-size="14" fill="#222222">{texts}</g></svg>')
