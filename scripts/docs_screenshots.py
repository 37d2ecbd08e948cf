"""Refresh the README's screenshots in docs/ from the last `make test-browser` run.

The browser test photographs every widget before and after working it (build/browser/screenshots/)
and records in build/browser/report.json which cell holds which controls. This picks a widget by
lesson and control kind (so it survives cells moving), trims the white margin, scales it down and
stores it as a palette PNG, small enough to commit.

    make screenshots      (make test-browser, then this script)
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from PIL import Image, ImageChops

ROOT = Path(__file__).resolve().parent.parent
SHOTS = ROOT / "build" / "browser" / "screenshots"
LARGEST = 150_000   # bytes per committed image
WIDTH = 760         # px, at most

# docs file -> (lesson, control kinds its widget has, kinds it has not, which photograph)
PICKS = {
    "docs/alpha-beta-stepper.png": ("03_alpha_beta", {"step", "play"}, {"branching"}, "worked"),
    "docs/tic-tac-toe.png": ("07_tic_tac_toe", {"board"}, set(), "worked"),
}


def widget_cell(report: dict, lesson: str, has: set, lacks: set) -> int:
    """Return the cell of the first widget in `lesson` with controls of kinds `has`, none of `lacks`."""
    kinds: dict[int, set] = {}
    for check in report["lessons"][lesson]["widget_checks"]:
        kinds.setdefault(check["cell"], set()).add(check["kind"])
    for cell, found in kinds.items():
        if has <= found and not lacks & found:
            return cell
    raise LookupError(f"{lesson} has no widget with {sorted(has)} and without {sorted(lacks)} controls")


def shrink(source: Path, target: Path) -> int:
    """Trim, scale and palette-compress a screenshot; return the size written, in bytes."""
    image = Image.open(source).convert("RGB")
    background = Image.new("RGB", image.size, "white")
    box = ImageChops.difference(image, background).getbbox()
    image = image.crop(box) if box else image
    if image.width > WIDTH:
        image = image.resize((WIDTH, round(image.height * WIDTH / image.width)), Image.LANCZOS)
    image = image.quantize(colors=128, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
    target.parent.mkdir(parents=True, exist_ok=True)
    image.save(target, optimize=True)
    return target.stat().st_size


def main() -> int:
    report = json.loads((ROOT / "build" / "browser" / "report.json").read_text())
    for name, (lesson, has, lacks, which) in PICKS.items():
        cell = widget_cell(report, lesson, has, lacks)
        suffix = "" if which == "before" else "-worked"
        size = shrink(SHOTS / f"{lesson}-cell{cell:02d}{suffix}.png", ROOT / name)
        print(f"{name}: {lesson} cell {cell} ({which}), {size // 1000} KB")
        if size > LARGEST:
            print(f"{name} is over {LARGEST // 1000} KB", file=sys.stderr)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
