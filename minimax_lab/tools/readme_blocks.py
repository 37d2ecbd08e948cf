"""Blocks of the README that a tool writes: text between two HTML comments, made by the code and
kept current by a test (the layers' diagram, the lessons' table).

>>> block = ReadmeBlock("<!-- x -->", "<!-- end of x -->")
>>> block.stored("intro\\n<!-- x -->\\nold\\n<!-- end of x -->\\n")
'<!-- x -->\\nold\\n<!-- end of x -->'
>>> block.made("new")
'<!-- x -->\\nnew\\n<!-- end of x -->'
"""

from __future__ import annotations

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
