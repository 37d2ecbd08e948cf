"""A board to play tic-tac-toe or Connect Four against the computer, as an ipywidget.

`Board(game)` shows a grid of buttons, a choice of algorithm (minimax, alpha-beta, solve, the
engine), a depth slider and a heuristic switch, and for the engine a strength (its time per
move), or, when the board is given a `depth`, that depth: the engine then searches exactly the
slider's plies whatever the clock says, so its answers are the same on every machine. Clicking a square plays your move (you are the first player, X) and the computer answers;
the engine says how deep it searched and how it values the position. The logic lives in the class and the buttons only call its methods,
`click(square)` and `new_game()`, so tests drive exactly what a student's clicks do.

The position is replaced only once a move is known to be legal and the computer's answer has been
computed: a refused click, or an error in a search, leaves the game as it was.
"""

from __future__ import annotations

import html
from typing import Any, Optional

import graphviz
import ipywidgets as w

from ..core.table import TranspositionTable
from ..core.text import shown
from ..core.trace import Moves
from ..games.protocol import game_name, move_text
from ..games.registry import part_of
from ..games.tictactoe import TicTacToe
from ..heuristics.boards import BoardGame, depth_limits, horizon_evaluation, move_order, offers_solve
from ..heuristics.generic import even
from ..search.engine import Engine, EngineResult
from ..search.registry import CATALOG, choices, names, one_of
from ..search.textbook import SearchResult
from .controls import SLIDER, Checkbox, IntSlider, ToggleButtons, whole_number
from .still import PicturedBox, Still, still_of

ALGORITHMS = names(lambda search: search.board)
"""The searches the computer can play with: those the registry offers on the board."""

STRENGTHS = {"beginner": 0.01, "casual": 0.05, "good": 0.25, "strong": 0.8}
"""The engine's strengths on the board: its time per move in seconds. The strongest stays under a
second, so that its reply, drawn, comes within a second of the click (the engine may overrun its
time by a few milliseconds, the nodes between two looks at the clock)."""


def algorithms(game: BoardGame) -> tuple[str, ...]:
    """Return the algorithms the board offers for `game`: one that takes no depth limit (solve)
    only where it is fast."""
    return tuple(a for a in ALGORITHMS if CATALOG[a].depth or offers_solve(game))


def computer_move(game: BoardGame, state: object, *, algorithm: str = "alphabeta", depth: Optional[int] = None,
                  heuristic: bool = True, table: Optional[TranspositionTable] = None,
                  seconds: float = STRENGTHS["strong"]) -> SearchResult[float]:
    """Return the search result whose move the computer plays in `state`.

    minimax and alphabeta look `depth` plies ahead (None: to the end) and score the horizon with
    the game's heuristic, or as even without it; solve searches to the end with a transposition
    table (`table`, kept between moves, makes later answers immediate); the engine deepens for
    `seconds` (or searches to `depth` exactly, if given) and returns an EngineResult. What each
    search is given follows from what its registry entry says it takes. A finished game has no
    move to play, and is refused."""
    search = CATALOG[one_of(algorithm, "algorithm", ALGORITHMS)]
    if not isinstance(heuristic, bool):
        raise ValueError(f"heuristic must be True or False, got {shown(heuristic)}")
    if table is not None and not isinstance(table, TranspositionTable):
        raise TypeError(f"table must be a TranspositionTable (kept between moves) or None, got {shown(table)}")
    check_state = getattr(game, "check_state", None)  # what a game says of a state not its own
    if check_state is not None:
        check_state(state)
    if game.is_terminal(state):
        raise ValueError(f"{game_name(game)}: the game is over in {shown(state)}, so the computer has no move to play")
    if search.player:
        player: Engine = search.function(game, seconds=seconds, depth=depth)
        return player.search(state)
    options: dict[str, object] = {}
    if search.depth:
        options.update(depth=depth, evaluate=horizon_evaluation(game) if heuristic else even)
    if search.order:
        options["order"] = move_order(game)
    if search.table:
        options["table"] = table
    result: SearchResult[float] = search.function(game, state, **options)
    return result


def shortest_win(game: BoardGame, *, algorithm: str = "alphabeta", depth: Optional[int] = None,
                 heuristic: bool = True) -> Optional[Moves]:
    """Return the shortest sequence of X's moves that beats the computer with these settings (its
    answers are deterministic), or None if no sequence does. A breadth-first search over X's
    moves; each of the computer's answers is searched once. It tries every line of X's moves, which
    ends quickly only where solve does (heuristics.boards.offers_solve): another board is refused."""
    if not isinstance(game, BoardGame):
        raise TypeError(f"shortest_win plays a board game (TicTacToe or ConnectFour), not {type(game).__name__}")
    if not offers_solve(game):
        raise ValueError(f"shortest_win tries every line of X's moves, which would run for hours on "
                         f"{game_name(game)}: it takes tic-tac-toe and the boards where solve is quick")
    answers: dict[object, object] = {}
    frontier: list[tuple[object, Moves]] = [(game.initial, ())]
    while frontier:
        following: list[tuple[object, Moves]] = []
        for state, moves in frontier:
            for a in game.actions(state):
                after = game.result(state, a)
                if game.is_terminal(after):
                    if game.utility(after, game.max_player) > 0:
                        return moves + (a,)
                    continue
                if after not in answers:
                    answers[after] = computer_move(game, after, algorithm=algorithm, depth=depth,
                                                   heuristic=heuristic).move
                answered = game.result(after, answers[after])
                if not game.is_terminal(answered):
                    following.append((answered, moves + (a,)))
        frontier = following
    return None


class Board(Still):
    """Play `game` (default tic-tac-toe) against the computer: you are X and move first.

    Squares are numbered row by row from the top left. In Connect Four a click anywhere in a
    column drops a stone into that column.
    """

    def __init__(self, game: Optional[BoardGame] = None, *, algorithm: Optional[str] = None,
                 depth: Optional[int] = None, heuristic: bool = True, strength: str = "strong"):
        self.game: BoardGame = TicTacToe() if game is None else game
        if not isinstance(self.game, BoardGame):
            raise TypeError(f"Board plays a board game (minimax_lab.heuristics.boards.BoardGame, such as "
                            f"TicTacToe or ConnectFour), not {type(self.game).__name__}")
        offered = algorithms(self.game)
        if algorithm is None:  # where solve is quick, the textbook's search; else the engine
            algorithm = "alphabeta" if offers_solve(self.game) else "engine"
        if algorithm not in offered:
            raise ValueError(f"on this board the algorithm must be one of {list(offered)}, got {shown(algorithm)}")
        if depth is not None and not CATALOG[algorithm].depth:
            raise ValueError(f"{algorithm} searches to the end of the game and takes no depth, got depth={shown(depth)}")
        self.fixed_depth = depth is not None
        """True when the board was given a depth: the engine searches the slider's plies, not the clock."""
        self.columns, self.rows = self.game.grid()
        self.limits = depth_limits(self.game)
        self.table = TranspositionTable()
        self.state = self.game.initial
        self.last: Optional[SearchResult[float]] = None

        self.algorithm = ToggleButtons(options=choices(CATALOG, offered), value=algorithm, description="computer",
                                       name="algorithm")
        top = self.limits.get(algorithm, max(self.limits.values()))
        self.depth = IntSlider(value=top if depth is None else whole_number(depth, "depth", 1, top),
                               min=1, max=top, description="depth (plies)", **SLIDER)
        if not isinstance(heuristic, bool):
            raise ValueError(f"heuristic must be True or False, got {shown(heuristic)}")
        self.heuristic = Checkbox(value=heuristic, description="heuristic at the horizon", indent=False)
        self.strength = ToggleButtons(options=list(STRENGTHS), value=one_of(strength, "strength", list(STRENGTHS)),
                                      description="engine", tooltips=[f"{s:g} s a move" for s in STRENGTHS.values()],
                                      name="strength")
        self.engine: Optional[Engine] = None
        prepare = part_of(self.game, "prepare")
        if prepare is not None:
            prepare()  # Connect Four's solver for the engine, loaded as the board is made, not at the first click
        self.strength.observe(self._new_engine, names="value")
        self.algorithm.observe(self._bound_depth, names="value")
        self._bound_depth()
        self.buttons = [w.Button(description="", layout=w.Layout(width="42px", height="42px"))
                        for _ in range(self.columns * self.rows)]
        for square, button in enumerate(self.buttons):
            button.on_click(lambda _, square=square: self.click(square))
        self.restart = w.Button(description="New game")
        self.restart.on_click(lambda _: self.new_game())
        self.message = w.HTML()
        grid = w.GridBox(self.buttons, layout=w.Layout(grid_template_columns=f"repeat({self.columns}, 44px)"))
        self.caption = f"You are X and move first: click a {self.game.move_noun} to play, and the computer answers."
        self.widget = PicturedBox([w.HBox([self.algorithm, self.restart]), w.HBox([self.depth, self.heuristic]),
                                   self.strength, grid, self.message], picture=self.still)
        self.new_game()

    # What the buttons call.

    def click(self, square: int) -> bool:
        """Play your move on `square` and the computer's answer; return True if the move was
        played. An illegal click is refused with a message and changes nothing."""
        game, state = self.game, self.state
        if game.is_terminal(state):
            return self._say("The game is over: press <b>New game</b> to play again.", refused=True)
        action, problem = self._action(square)
        if problem:
            return self._say(problem, refused=True)
        after = game.result(state, action)
        reply = None
        if not game.is_terminal(after):
            try:
                reply = self._reply(after)
            except Exception as error:  # shown in the widget, and the position is left as it was
                return self._say(f"The computer could not move: {html.escape(str(error))}", refused=True)
            after = game.result(after, reply.move)
        self.state, self.last = after, reply
        self._say(self._report(action, reply))
        return True

    def new_game(self) -> None:
        """Start again from the empty board (the engine, too, forgets the last game)."""
        self.state, self.last = self.game.initial, None
        if self.engine is not None:
            self.engine.new_game()
        self._say("New game: you are X, your move.")

    # The rest.

    def _reply(self, state: object) -> SearchResult[float]:
        """Return the computer's search result in `state`, with the current settings."""
        algorithm = self.algorithm.value
        search = CATALOG[algorithm]
        if search.player:  # kept from move to move, with what it learned
            depth = self.depth.value if self.fixed_depth else None
            if self.engine is None or self.engine.depth != depth:
                self.engine = search.function(self.game, seconds=STRENGTHS[self.strength.value], depth=depth)
            return self.engine.search(state)
        depth = self.depth.value if search.depth else None
        return computer_move(self.game, state, algorithm=algorithm, depth=depth,
                             heuristic=self.heuristic.value, table=self.table)

    def _action(self, square: object) -> tuple[object, str]:
        """Return (the action for a click on `square`, None) or (None, why the click is refused)."""
        count = self.columns * self.rows
        if type(square) is not int or not 0 <= square < count:  # a bool, a numpy or another int subclass too
            return None, f"There is no square {html.escape(move_text(square))}: squares are 0 to {count - 1}."
        return self.game.click_action(self.state, square)

    def _report(self, action: object, reply: Optional[SearchResult[float]]) -> str:
        """Return the message after a move: what was played and, at the end, the outcome."""
        where = self.game.move_noun
        text = f"You played {where} {action}."
        search = CATALOG[self.algorithm.value]
        if isinstance(reply, EngineResult):
            how = f"depth {self.depth.value}" if self.fixed_depth else self.strength.value
            text += (f" The computer ({search.label}, {how}) played {where} {reply.move}: it searched "
                     f"{reply.depth} {'ply' if reply.depth == 1 else 'plies'} deep, {reply.nodes:,} nodes, "
                     f"and sees {reply.outcome(self.game.max_player)}.")
        elif reply is not None:
            how = search.label + (f", depth {self.depth.value}" if search.depth else "")
            text += (f" The computer ({how}) played {where} {reply.move}: value {reply.value:g} for X, "
                     f"{reply.nodes:,} nodes searched.")
        if self.game.is_terminal(self.state):
            outcome = self.game.utility(self.state, self.game.max_player)
            text += " <b>" + ("You win!" if outcome > 0 else "The computer wins." if outcome < 0 else "A draw.") + "</b>"
        return text

    def _say(self, text: str, *, refused: bool = False) -> bool:
        """Show `text` (in red when a click is refused), redraw the grid, and return not refused."""
        self.message.value = f"<span style='color:#b00'>{text}</span>" if refused else text
        self._redraw()
        return not refused

    def _redraw(self) -> None:
        """Write the marks of the current position on the buttons."""
        for square, button in enumerate(self.buttons):
            button.description = self.mark(square) or ""

    def still(self) -> Optional[bytes]:
        """Return a PNG of the board as it stands, under its caption (None without Graphviz's dot)."""
        return still_of(self.drawing_of_board(), self.caption)

    def drawing_of_board(self) -> graphviz.Digraph:
        """Return the board as it stands, drawn as a grid of squares with their marks."""
        cells = [[html.escape(self.mark(row * self.columns + column) or " ") for column in range(self.columns)]
                 for row in range(self.rows)]
        table = "".join("<tr>" + "".join(f'<td width="40" height="40" fixedsize="true">{mark}</td>'
                                         for mark in row) + "</tr>" for row in cells)
        board: graphviz.Digraph = graphviz.Digraph(graph_attr={"margin": "0.1"},
                                                   node_attr={"fontname": "Helvetica", "fontsize": "20"})
        board.node("board", label=f'<<table border="0" cellborder="1" cellspacing="2">{table}</table>>',
                   shape="plaintext")
        return board

    def mark(self, square: int) -> Optional[str]:
        """Return 'X', 'O' or None for `square` of the current position (row by row from the top)."""
        return self.game.mark(self.state, square)

    def _new_engine(self, change: object = None) -> None:
        """Start a new engine at the chosen strength on the next move."""
        self.engine = None

    def _bound_depth(self, change: object = None) -> None:
        """Bound the depth slider for the chosen algorithm, and hide the controls it ignores: solve
        needs no depth, the engine a depth only on a board given one (else a strength), and
        neither the heuristic switch."""
        algorithm = self.algorithm.value
        search = CATALOG[algorithm]
        clocked = search.clock and not self.fixed_depth
        self.depth.disabled = not search.depth or clocked
        self.heuristic.disabled = not search.depth or search.player  # a player scores with its own evaluation
        self.strength.disabled = not clocked
        for control in (self.depth, self.heuristic, self.strength):  # show only what applies
            control.layout.display = "none" if control.disabled else None
        if algorithm in self.limits:
            self.depth.max = self.limits[algorithm]
