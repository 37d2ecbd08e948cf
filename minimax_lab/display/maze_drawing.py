"""A position of the maze game (games.maze) drawn as SVG: walls, dots, MAX, the chasers and the score.

The drawing is text, made in pure Python (no image file, no display library, so it works under
Pyodide too), the same text for the same position (no random ids), for a lesson to show or for
feedback to embed in HTML. maze_svg returns a MazeSvg, a str that a notebook shows as a picture:
the SVG, and beside it the same picture as PNG (maze_png, drawn with Pillow, imported only then),
which a notebook shows where it does not trust SVG (a fresh clone, GitHub).

>>> from minimax_lab.games.maze import MazeGame
>>> svg = maze_svg(MazeGame("tiny"), cell=20)
>>> svg.startswith('<svg xmlns="http://www.w3.org/2000/svg" width="100" height="120"')
True
>>> position_caption(MazeGame("tiny"), MazeGame("tiny").initial)
'score 0 · P to move · 2 dots left'
"""

from __future__ import annotations

import html
import io
import math
from typing import TYPE_CHECKING, Any, Callable, Iterable, Optional, Sequence, cast

from ..core.text import kind_of, shown
from ..games.maze import Cell, MazeGame, MazeState

if TYPE_CHECKING:
    from IPython.lib.pretty import RepresentationPrinter

BACKGROUND, WALL, DOT, MAX_COLOUR = "#000000", "#2a48c9", "#ffcf9e", "#ffd400"
"""The colours of the corridors, the walls, the dots and MAX."""

CHASER_COLOURS = ("#e53935", "#ec6fb0", "#1fb8cf", "#fb8c00")
"""The colours of chasers G1 to G4 (the arcade's red, pink, cyan and orange)."""

MARK_COLOUR = "#7cfc00"
"""The colour that marks the cells a caller points out (`marked`)."""

CAPTION_COLOUR, CAPTION_BACKGROUND = "#222222", "#ffffff"
"""The colours of the caption's text and strip."""

CELL = 32
"""The default side of a cell, in pixels."""

SMALLEST_CELL, LARGEST_CELL = 8, 200
"""The range of cell sizes maze_svg draws."""


PNG_SCALE = 2
"""A PNG of a maze has this many pixels for each pixel of its SVG (it is shown at the SVG's size,
crisp on a high-density screen: display.draw.PNG_DPI)."""


class MazeSvg(str):
    """An SVG drawing as a str, which a notebook shows as the picture (python-chess's way), with its
    PNG beside it and a line of text that says what it shows."""

    summary = "maze drawing"
    png: Optional[Callable[[], Optional[bytes]]] = None
    """png() returns the same picture as PNG bytes (None where Pillow is missing)."""

    def _repr_svg_(self) -> str:
        return str(self)

    def _repr_mimebundle_(self, include: Optional[Iterable[str]] = None, exclude: Optional[Iterable[str]] = None,
                          **_: object) -> tuple[dict[str, str], dict[str, dict[str, int]]]:
        """Return the drawing for a notebook: SVG, PNG (what a notebook not trusted shows) and a line
        of text (no SVG source as text)."""
        from .draw import image_bundle  # graphviz's module, imported only when a notebook shows a maze

        png = self.png() if self.png is not None else None
        return image_bundle(str(self), png, f"<{self.summary}>", include=include, exclude=exclude)

    def _repr_pretty_(self, printer: RepresentationPrinter, cycle: bool) -> None:
        """Print the line of text a notebook shows, not the SVG's source (IPython asks this, not the
        bundle, for the text of a str)."""
        printer.text(f"<{self.summary}>")


def maze_svg(game: MazeGame, state: Optional[MazeState] = None, *, cell: int = CELL,
             caption: Optional[str] = None, marked: Iterable[Cell] = ()) -> MazeSvg:
    """Return the SVG drawing of `state` (default: the start) of `game`, `cell` pixels a cell, with
    the caption below it (default: position_caption(game, state)) and the cells in `marked` outlined."""
    state = _checked(game, state, cell)
    text = position_caption(game, state) if caption is None else _caption_text(caption)
    marks = _checked_marks(game, marked)
    width, height = game.maze.width * cell, game.maze.height * cell
    strip = max(cell, 18)
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height + strip}" '
             f'viewBox="0 0 {width} {height + strip}" role="img">',
             f"<title>{html.escape('A maze: ' + text)}</title>",
             f'<rect x="0" y="0" width="{width}" height="{height}" fill="{BACKGROUND}"/>',
             _walls(game, cell), _dots(state, cell), _marks(marks, cell), _max(state.positions[0], cell)]
    parts += [_chaser(name, where, CHASER_COLOURS[i], cell)
              for i, (name, where) in enumerate(zip(game.chasers, state.positions[1:]))]
    parts.append(_caption(text, width, height, strip))
    parts.append("</svg>")
    drawing = MazeSvg("".join(part for part in parts if part))
    drawing.summary = f"maze drawing: {text}"
    drawing.png = lambda: maze_png(game, state, cell=cell, caption=text, marked=marks)
    return drawing


def maze_png(game: MazeGame, state: Optional[MazeState] = None, *, cell: int = CELL,
             caption: Optional[str] = None, marked: Iterable[Cell] = (), title: Sequence[str] = ()) -> Optional[bytes]:
    """Return maze_svg's picture as PNG bytes, PNG_SCALE pixels for each of the SVG's, with the lines
    of `title` above it (a widget's still picture puts its caption there); None where Pillow is
    missing (a notebook then shows the SVG alone)."""
    state = _checked(game, state, cell)
    text = position_caption(game, state) if caption is None else _caption_text(caption)
    marks = _checked_marks(game, marked)
    if isinstance(title, str) or not all(isinstance(line, str) for line in title):
        raise TypeError(f"maze_png: title must be a sequence of lines of text, got {shown(title, 200)}")
    try:
        from PIL import Image, ImageDraw, ImageFont
    except ImportError:  # no Pillow (the browser-only edition): the SVG alone
        return None
    unit = cell * PNG_SCALE
    strip = max(cell, 18) * PNG_SCALE
    line_height = 18 * PNG_SCALE
    top = line_height * len(title) + (6 * PNG_SCALE if title else 0)
    width, height = game.maze.width * unit, game.maze.height * unit
    image = Image.new("RGB", (width, top + height + strip), CAPTION_BACKGROUND)
    pen = ImageDraw.Draw(image)

    def font(size: float) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
        try:
            return ImageFont.load_default(size=size)
        except TypeError:  # Pillow before 10.1: its one small bitmap font
            return ImageFont.load_default()

    for i, line in enumerate(title):
        pen.text((4 * PNG_SCALE, i * line_height + 2 * PNG_SCALE), line, fill=CAPTION_COLOUR, font=font(12 * PNG_SCALE))
    pen.rectangle((0, top, width - 1, top + height - 1), fill=BACKGROUND)
    for x, y in game.maze.walls:
        pen.rectangle((x * unit, top + y * unit, (x + 1) * unit - 1, top + (y + 1) * unit - 1), fill=WALL)
    for x, y in state.dots:
        cx, cy, r = (x + 0.5) * unit, top + (y + 0.5) * unit, 0.12 * unit
        pen.ellipse((cx - r, cy - r, cx + r, cy + r), fill=DOT)
    for x, y in marks:
        pen.rectangle((x * unit + 2, top + y * unit + 2, (x + 1) * unit - 3, top + (y + 1) * unit - 3),
                      outline=MARK_COLOUR, width=2 * PNG_SCALE)
    (x, y), r = state.positions[0], 0.42 * unit
    cx, cy = (x + 0.5) * unit, top + (y + 0.5) * unit
    pen.pieslice((cx - r, cy - r, cx + r, cy + r), start=30, end=330, fill=MAX_COLOUR)
    label = font(0.3 * unit)
    for i, (name, (x, y)) in enumerate(zip(game.chasers, state.positions[1:])):
        cx, cy, half = (x + 0.5) * unit, top + (y + 0.5) * unit, 0.4 * unit
        dome_y, hem, tooth = cy - 0.05 * unit, cy + 0.42 * unit, 0.12 * unit
        arc = [(cx - half * math.cos(math.pi * k / 12), dome_y - half * math.sin(math.pi * k / 12)) for k in range(13)]
        teeth = [(cx + half - 2 * half * k / 6, hem - tooth * (k % 2)) for k in range(7)]
        pen.polygon(arc + teeth, fill=CHASER_COLOURS[i])
        pen.text((cx, cy + 0.12 * unit), name, fill="#ffffff", font=label, anchor="ms")
    size = min(0.45 * strip, 16 * PNG_SCALE)
    pen.text((4 * PNG_SCALE, top + height + strip * 0.7), text, fill=CAPTION_COLOUR, font=font(size), anchor="ls")
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=True)
    return out.getvalue()


def position_caption(game: MazeGame, state: MazeState) -> str:
    """Return what the drawing's caption says: the score, then who moves and the dots left, or how
    the game ended."""
    game.check_state(state)
    if game.is_win(state):
        return f"score {state.score} · maze clear: P wins"
    if game.is_loss(state):
        catchers = [name for name, where in zip(game.chasers, state.positions[1:]) if where == state.positions[0]]
        return f"score {state.score} · P caught by {' and '.join(catchers)}"
    dots = len(state.dots)
    return f"score {state.score} · {game.to_move(state)} to move · {dots} dot{'s' * (dots != 1)} left"


def _checked(game: object, state: object, cell: object) -> MazeState:
    """Return the state to draw (the start for None), after checking the game, state and cell size."""
    if not isinstance(game, MazeGame):
        raise TypeError(f"maze_svg draws a MazeGame, got {shown(game, 200)}, {kind_of(game)}")
    if type(cell) is not int or not SMALLEST_CELL <= cell <= LARGEST_CELL:
        raise ValueError(f"maze_svg: cell must be a whole number of pixels from {SMALLEST_CELL} to {LARGEST_CELL}, "
                         f"got {shown(cell)}")
    if state is None:
        return game.initial
    game.check_state(state)
    return cast(MazeState, state)  # check_state accepted it


def _caption_text(text: object) -> str:
    """Return a caller's caption, checked to be text."""
    if not isinstance(text, str):
        raise TypeError(f"maze_svg: caption must be text (a str), got {shown(text, 200)}, {kind_of(text)}")
    return text


def _checked_marks(game: MazeGame, marked: Any) -> list[Cell]:
    """Return the cells to mark, in reading order, each checked to be a cell of the maze's grid."""
    if isinstance(marked, (str, bytes)) or not hasattr(marked, "__iter__"):
        raise TypeError(f"maze_svg: marked must be cells (x, y), got {shown(marked, 200)}")
    cells = list(marked)
    for where in cells:
        if (not isinstance(where, tuple) or len(where) != 2 or any(type(n) is not int for n in where)
                or not (0 <= where[0] < game.maze.width and 0 <= where[1] < game.maze.height)):
            raise ValueError(f"maze_svg: marked cell {shown(where, 200)} is not a cell (x, y) of the "
                             f"{game.maze.width} x {game.maze.height} maze")
    return sorted(set(cells), key=lambda where: (where[1], where[0]))


def _number(value: float) -> str:
    """Return a coordinate as the SVG writes it: at most two decimals, no trailing zeros."""
    text = f"{round(value, 2):.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def _walls(game: MazeGame, cell: int) -> str:
    """Return the walls as one rectangle per run of walls along a row."""
    rects = []
    for y in range(game.maze.height):
        x = 0
        while x < game.maze.width:
            if (x, y) not in game.maze.walls:
                x += 1
                continue
            start = x
            while x < game.maze.width and (x, y) in game.maze.walls:
                x += 1
            rects.append(f'<rect x="{start * cell}" y="{y * cell}" width="{(x - start) * cell}" height="{cell}"/>')
    return f'<g fill="{WALL}">{"".join(rects)}</g>'


def _dots(state: MazeState, cell: int) -> str:
    """Return the dots left, as small circles in reading order."""
    circles = "".join(f'<circle cx="{_number((x + 0.5) * cell)}" cy="{_number((y + 0.5) * cell)}" '
                      f'r="{_number(0.12 * cell)}"/>' for x, y in sorted(state.dots, key=lambda d: (d[1], d[0])))
    return f'<g fill="{DOT}">{circles}</g>' if circles else ""


def _marks(marks: list[Cell], cell: int) -> str:
    """Return the marked cells, outlined."""
    rects = "".join(f'<rect x="{x * cell + 1}" y="{y * cell + 1}" width="{cell - 2}" height="{cell - 2}"/>'
                    for x, y in marks)
    return (f'<g fill="{MARK_COLOUR}" fill-opacity="0.25" stroke="{MARK_COLOUR}" stroke-width="2">{rects}</g>'
            if rects else "")


def _max(where: Cell, cell: int) -> str:
    """Return MAX as a yellow disc with its mouth open to the East."""
    cx, cy, r = (where[0] + 0.5) * cell, (where[1] + 0.5) * cell, 0.42 * cell
    lip_x, lip_y = cx + r * math.cos(math.pi / 6), r * math.sin(math.pi / 6)
    path = (f"M{_number(cx)} {_number(cy)} L{_number(lip_x)} {_number(cy - lip_y)} "
            f"A{_number(r)} {_number(r)} 0 1 0 {_number(lip_x)} {_number(cy + lip_y)} Z")
    return f'<path d="{path}" fill="{MAX_COLOUR}"><title>P (MAX)</title></path>'


def _chaser(name: str, where: Cell, colour: str, cell: int) -> str:
    """Return a chaser as a ghost, a dome over a wavy hem, with its name on it."""
    cx, cy, half = (where[0] + 0.5) * cell, (where[1] + 0.5) * cell, 0.4 * cell
    top, hem, tooth = cy - 0.05 * cell, cy + 0.42 * cell, 0.12 * cell
    points = [(cx + half - 2 * half * i / 6, hem - tooth * (i % 2)) for i in range(7)]
    hem_path = " ".join(f"L{_number(x)} {_number(y)}" for x, y in points)
    path = (f"M{_number(cx - half)} {_number(hem)} L{_number(cx - half)} {_number(top)} "
            f"A{_number(half)} {_number(half)} 0 0 1 {_number(cx + half)} {_number(top)} {hem_path} Z")
    label = (f'<text x="{_number(cx)}" y="{_number(cy + 0.12 * cell)}" font-family="sans-serif" '
             f'font-size="{_number(0.3 * cell)}" font-weight="bold" text-anchor="middle" fill="#ffffff">'
             f'{html.escape(name)}</text>')
    return (f'<g><title>{html.escape(name)} (a chaser)</title>'
            f'<path d="{path}" fill="{colour}" fill-opacity="0.9"/>{label}</g>')


def _caption(text: str, width: int, top: int, strip: int) -> str:
    """Return the caption strip under the maze."""
    size = _number(min(0.45 * strip, 16))
    return (f'<rect x="0" y="{top}" width="{width}" height="{strip}" fill="{CAPTION_BACKGROUND}"/>'
            f'<text x="4" y="{_number(top + strip * 0.7)}" font-family="sans-serif" font-size="{size}" '
            f'fill="{CAPTION_COLOUR}">{html.escape(text)}</text>')
