"""Plots of search cost (matplotlib): counts against depth on a log scale with the theory drawn over
the measurements, effective branching factors (AIMA's b*), depth within a budget, and time against nodes.

Each function takes the tidy rows of minimax_lab.analysis.experiments and returns a matplotlib Figure
(closed, so a notebook shows it once: as the cell's result).
"""

from __future__ import annotations

import io
import math
from collections import defaultdict
from collections.abc import Mapping
from typing import Iterable, Optional, Sequence

import matplotlib.pyplot as plt
from matplotlib.axes import Axes
from matplotlib.figure import Figure

from ..analysis.experiments import (
    MAX_BRANCHING,
    Row,
    effective_branching_factor,
    full_leaves,
    mean_by_depth,
    minimal_leaves,
    minimal_nodes,
    pearl_branching,
)
from ..core.text import shown
from ..core.trees import MAX_FORMULA_DEPTH, uniform_nodes
from ..core.validation import as_float, real_number, whole_number
from ..search.registry import colour, label
from .draw import PNG_DPI

FULL, MINIMAL, PEARL = colour("minimax", "given"), colour("alphabeta", "best"), colour("alphabeta", "random")
"""The colours of the theory's lines: those of the searches they predict (every node, the best
order's minimal tree, random order)."""


def _branching(rows: Sequence[Row]) -> int:
    rows = _measured(rows)
    values: set[int] = {row["branching"] for row in rows}
    if len(values) != 1:
        raise ValueError(f"plot one branching factor at a time, got {sorted(values)}")
    return values.pop()


COUNTS = {"nodes": 1, "leaves": 1, "budget": 1, "seconds": 0}
"""The measured columns a plot may read, each a number a float holds, at least this (a count is at
least 1: a log scale has no 0)."""


def _measured(rows: Sequence[Row], *needed: str) -> list[Row]:
    """Return the rows as a list after checking there is at least one, each has the columns a plot
    reads and each value is one it can plot: a whole number of plies and a branching factor, a
    count that a float holds and is not NaN (ValueError naming the row and column, rather than a
    KeyError, an OverflowError or a wrong plot)."""
    if isinstance(rows, (str, bytes, Mapping)) or not isinstance(rows, Iterable):
        raise TypeError(f"plot a list of rows (dicts, as minimax_lab.analysis.experiments measures them), "
                        f"got {type(rows).__name__}")
    rows = list(rows)
    if not rows:
        raise ValueError("no rows to plot: measure some searches first (experiments.node_counts)")
    for i, row in enumerate(rows):
        if not isinstance(row, Mapping):
            raise TypeError(f"row {i} is {shown(row)}, not a dict: plot rows measured by minimax_lab.analysis.experiments")
        missing = [key for key in ("algorithm", "ordering", "branching", "depth", *needed) if key not in row]
        if missing:
            raise ValueError(f"row {i} has no {shown(missing[0])}: plot rows measured by minimax_lab.analysis.experiments")
        whole_number(row["branching"], f"row {i}'s branching", 1, MAX_BRANCHING)
        whole_number(row["depth"], f"row {i}'s depth", 0, MAX_FORMULA_DEPTH)
        for column in needed:
            real_number(row[column], f"row {i}'s {column}", finite=True)
            if row[column] < COUNTS[column]:
                raise ValueError(f"row {i}'s {column} must be at least {COUNTS[column]}, got {shown(row[column])}")
    return rows


def _title(title: Optional[str]) -> None:
    """Raise TypeError unless `title` is a string or None."""
    if title is not None and not isinstance(title, str):
        raise TypeError(f"title must be a string or None, got {shown(title)}")


def _theory(values: Iterable[object], name: str) -> list[float]:
    """Return a line of the theory as floats; ValueError naming it where a value is too large for
    a float (a hand-made row far deeper than any search measures)."""
    return [as_float(value, f"the theory's {name}") for value in values]


def _figure(width: float = 7.5, height: float = 4.5) -> tuple[Figure, Axes]:
    figure, axes = plt.subplots(figsize=(width, height), layout="constrained")
    plt.close(figure)
    return figure, axes


def plot_counts(rows: Sequence[Row], *, quantity: str = "leaves", theory: bool = True,
                title: Optional[str] = None) -> Figure:
    """Return a log-scale plot of `quantity` ('leaves' or 'nodes') against depth, one line per
    search (the mean over seeds), with the theory drawn over it: for leaves b^d, Knuth-Moore's
    minimal tree, Pearl's R^d and b^(3d/4); for nodes the full and the minimal tree."""
    if quantity not in ("leaves", "nodes"):
        raise ValueError(f"quantity must be 'leaves' or 'nodes', got {shown(quantity)}")
    if not isinstance(theory, bool):
        raise ValueError(f"theory must be True or False, got {shown(theory)}")
    _title(title)
    rows = _measured(rows, quantity)
    b = _branching(rows)
    figure, axes = _figure()
    series = mean_by_depth(rows, quantity)
    for search, points in series.items():
        axes.plot(list(points), list(points.values()), "o-", color=colour(*search), ms=4,
                  label=label(*search))
    depths = sorted({row["depth"] for row in rows})
    if theory and quantity == "nodes":
        for name, count, style, line_colour in [(f"all nodes, 1 + {b} + ... + {b}^d", uniform_nodes, ":", FULL),
                                                ("minimal tree's nodes", minimal_nodes, "--", MINIMAL)]:
            axes.plot(depths, _theory((count(b, d) for d in depths), name), style, color=line_colour, lw=1.2,
                      label=name)
    if theory and quantity == "leaves":
        r = pearl_branching(b)
        lines = [(f"b^d = {b}^d", _theory((full_leaves(b, d) for d in depths), "b^d"), FULL, ":"),
                 ("Knuth-Moore b^⌈d/2⌉ + b^⌊d/2⌋ − 1",
                  _theory((minimal_leaves(b, d) for d in depths), "minimal tree"), MINIMAL, "--"),
                 (f"Pearl R^d, R = {r:.3f}", [r ** d for d in depths], PEARL, "--"),
                 (f"b^(3d/4), b^(3/4) = {b ** 0.75:.3f}", [b ** (0.75 * d) for d in depths],
                  "tab:brown", ":")]
        for name, values, line_colour, style in lines:
            axes.plot(depths, values, style, color=line_colour, lw=1.2, label=name)
    axes.set_yscale("log")
    axes.set_xlabel("depth d (plies)")
    axes.set_ylabel(f"{quantity} (log scale)")
    axes.set_title(title or f"{quantity.capitalize()} searched on uniform trees, b = {b}")
    axes.grid(True, which="major", alpha=0.3)
    axes.legend(fontsize=8, loc="upper left")
    return figure


def plot_branching(rows: Sequence[Row], *, title: Optional[str] = None) -> Figure:
    """Return a plot of the effective branching factor b* (AIMA's, of the mean nodes over the seeds:
    experiments.effective_branching_factor) against depth for each search, with b, b^(3/4),
    Pearl's R and sqrt(b) as horizontal lines."""
    _title(title)
    rows = _measured(rows, "nodes")
    b = _branching(rows)
    figure, axes = _figure(8.5, 4.5)
    for search, points in mean_by_depth(rows, "nodes").items():
        depths = [d for d in points if d > 0]
        axes.plot(depths, [effective_branching_factor(points[d], d) for d in depths], "o-", ms=4,
                  color=colour(*search), label=label(*search))
    r = pearl_branching(b)
    levels = [(f"b = {b}", b, FULL), (f"b^(3/4) = {b ** 0.75:.3f}", b ** 0.75, "tab:brown"),
              (f"Pearl R = {r:.3f}", r, PEARL), (f"√b = {math.sqrt(b):.3f}", math.sqrt(b), MINIMAL)]
    for name, value, line_colour in levels:
        axes.axhline(value, ls="--", lw=1, color=line_colour, label=name)
    axes.set_xlabel("depth d (plies)")
    axes.set_ylabel("effective branching factor b*\n(N + 1 = 1 + b* + ... + b*^d)")
    axes.set_title(title or f"Effective branching factor, b = {b}")
    axes.grid(True, alpha=0.3)
    axes.legend(fontsize=8, loc="center left", bbox_to_anchor=(1.02, 0.5))
    return figure


def plot_budget(rows: Sequence[Row], *, title: Optional[str] = None) -> Figure:
    """Return a bar chart of the depth each search reaches within a node budget."""
    _title(title)
    rows = _measured(rows, "budget")
    figure, axes = _figure(7.5, 3.2)
    names = [label(row["algorithm"], row["ordering"]) for row in rows]
    depths = [row["depth"] for row in rows]
    colours = [colour(row["algorithm"], row["ordering"]) or "grey" for row in rows]
    bars = axes.barh(names, depths, color=colours)
    axes.bar_label(bars, padding=3)
    axes.invert_yaxis()
    axes.set_xlabel("deepest full-width search within the budget (plies)")
    budget = {row["budget"] for row in rows}
    axes.set_title(title or f"Depth reached with {min(budget):,} nodes, b = {_branching(rows)}")
    return figure


def plot_time(rows: Sequence[Row], *, title: Optional[str] = None) -> Figure:
    """Return a log-log plot of seconds against nodes, one colour per search: time follows nodes."""
    _title(title)
    rows = _measured(rows, "nodes", "seconds")
    figure, axes = _figure(6.5, 4.2)
    by_search: dict[tuple[str, str], list[Row]] = defaultdict(list)
    for row in rows:
        by_search[row["algorithm"], row["ordering"]].append(row)
    for search, points in by_search.items():
        axes.plot([r["nodes"] for r in points], [r["seconds"] for r in points], "o", ms=4,
                  color=colour(*search), label=label(*search))
    axes.set_xscale("log")
    axes.set_yscale("log")
    axes.set_xlabel("nodes visited")
    axes.set_ylabel("seconds")
    axes.set_title(title or "Time against nodes")
    axes.grid(True, which="major", alpha=0.3)
    axes.legend(fontsize=8)
    return figure


def svg_of_figure(figure: Figure) -> str:
    """Return a matplotlib figure as an SVG string."""
    _check_figure(figure, "svg_of_figure")
    buffer = io.StringIO()
    figure.savefig(buffer, format="svg")
    return buffer.getvalue()


def png_of_figure(figure: Figure, *, caption: str = "") -> bytes:
    """Return a matplotlib figure as PNG at twice its resolution (draw.PNG_DPI's scale), with
    `caption` in italics above it."""
    _check_figure(figure, "png_of_figure")
    if not isinstance(caption, str):
        raise TypeError(f"caption must be a string, got {shown(caption)}")
    above = figure.text(0.5, 1.02, caption, ha="center", va="bottom", style="italic") if caption else None
    buffer = io.BytesIO()
    try:
        figure.savefig(buffer, format="png", dpi=figure.dpi * PNG_DPI / 96, bbox_inches="tight")
    finally:
        if above is not None:
            above.remove()
    return buffer.getvalue()


def _check_figure(figure: object, where: str) -> None:
    """Raise TypeError unless `figure` is a matplotlib Figure (as the plots return)."""
    if not isinstance(figure, Figure):
        raise TypeError(f"{where} takes a matplotlib Figure (as the plots return), not {type(figure).__name__}")
