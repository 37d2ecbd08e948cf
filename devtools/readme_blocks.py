"""Blocks of the README that a tool writes: text between two HTML comments, made by the code and
kept current by a test (the layers' diagram, the lessons' table), or, for what is measured rather
than computed (the benchmarks' figures, the time to grade a class), written by the measuring run
itself: `make bench README=1` and `make bench-grade README=1` pass their output to this module's
command line, which puts it in the block of that name (MEASURED), headed by the command and the date.

>>> block = ReadmeBlock("<!-- x -->", "<!-- end of x -->")
>>> block.stored("intro\\n<!-- x -->\\nold\\n<!-- end of x -->\\n")
'<!-- x -->\\nold\\n<!-- end of x -->'
>>> block.made("new")
'<!-- x -->\\nnew\\n<!-- end of x -->'
"""

from __future__ import annotations

import argparse
import datetime
import re
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Optional


@dataclass(frozen=True)
class ReadmeBlock:
    """A block of the README between the comment `start` and the comment `end`."""

    start: str
    end: str

    def made(self, text: str) -> str:
        """Return the block holding `text`, between the markers."""
        return f"{self.start}\n{text}\n{self.end}"

    def stored(self, readme: str) -> Optional[str]:
        """Return the block the README holds between the markers, or None."""
        found = re.search(re.escape(self.start) + r".*?" + re.escape(self.end), readme, re.DOTALL)
        return found.group(0) if found else None

    def rewrite(self, path: Path, text: str) -> bool:
        """Write `text` into the block of the file at `path`; return False (saying why on stderr)
        when the file has no such block."""
        readme = path.read_text(encoding="utf-8")
        stored = self.stored(readme)
        if stored is None:
            print(f"{path.name} has no {self.start!r} ... {self.end!r} block to rewrite", file=sys.stderr)
            return False
        path.write_text(readme.replace(stored, self.made(text)), encoding="utf-8")
        return True


README_PATH = Path(__file__).resolve().parents[1] / "README.md"
"""The repository's README."""

MEASURED = {
    "bench": ReadmeBlock("<!-- bench: written by make bench README=1 -->", "<!-- end of bench -->"),
    "bench-grade": ReadmeBlock("<!-- bench-grade: written by make bench-grade README=1 -->",
                               "<!-- end of bench-grade -->"),
}
"""The README's blocks of measured figures, by name: each holds the output of the run that wrote it."""


def measured_text(output: str, command: str, day: datetime.date) -> str:
    """Return a measured block's text: `output` as a code block, headed by `command` and `day`.

    >>> print(measured_text("1.25x\\n", "make bench", datetime.date(2026, 11, 26)))
    ```
    $ make bench           # 26 November 2026
    1.25x
    ```
    """
    heading = f"$ {command:20} # {day.day} {day:%B %Y}"
    return f"```\n{heading}\n{output.rstrip()}\n```"


def main(argv: Optional[list[str]] = None) -> int:
    """Write a measuring run's output (a file) into the README's block of that name; return 0, or
    1 if the README has no such block."""
    parser = argparse.ArgumentParser(prog="python -m devtools.readme_blocks",
                                     description="Write a measuring run's output into the README's block of that name.")
    parser.add_argument("block", choices=sorted(MEASURED), help="the README's block")
    parser.add_argument("output", type=Path, help="the file holding what the run printed")
    parser.add_argument("--command", required=True, help="the command that printed it, shown above it")
    args = parser.parse_args(argv)
    text = measured_text(args.output.read_text(encoding="utf-8"), args.command, datetime.date.today())
    if not MEASURED[args.block].rewrite(README_PATH, text):
        return 1
    print(f"README.md: the {args.block} block now holds this run's output")
    return 0


if __name__ == "__main__":
    sys.exit(main())
