"""The type hints of the package and of its developer tooling (devtools/) are checked: mypy (pinned in
requirements.lock), strict as pyproject.toml's [tool.mypy] says, reports no error, and each error it is
told to ignore is named and explained."""

import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow  # runs mypy --strict on the package and devtools/

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "minimax_lab"
CHECKED = (PACKAGE, ROOT / "devtools")
"""What mypy checks: the installed package and the tooling outside it."""
CONFIG = ROOT / "pyproject.toml"

IGNORE = re.compile(r"#\s*type:\s*ignore\b(?P<rest>.*)")
NAMED = re.compile(r"\[[a-z-]+(, *[a-z-]+)*\]")
EXPLAINED = re.compile(NAMED.pattern + r"\s+#\s*\S")
"""An ignore names the errors it silences, then says why in a comment of its own, on its line
(`# type: ignore[attr-defined]  # read by twin_of`) or on a comment line just above."""


def explained(line: str, above: str = "") -> bool:
    """Return True unless `line` ignores a type error without naming it and saying why."""
    found = IGNORE.search(line)
    return not found or bool(EXPLAINED.match(found["rest"])
                             or (NAMED.match(found["rest"]) and above.lstrip().startswith("#")))


def test_mypy_is_strict():
    settings = tomllib.loads(CONFIG.read_text())["tool"]["mypy"]
    assert settings.get("strict") is True, "pyproject.toml's [tool.mypy] must say strict = true"


def test_mypy_finds_no_errors_in_the_package():
    """mypy runs as its own command, which ends without tidying its memory away: run in this process
    (mypy.api), a first run without a cache left the test's process 5 to 10 s of clean-up at exit."""
    run = subprocess.run([sys.executable, "-m", "mypy", *map(str, CHECKED), "--config-file", str(CONFIG),
                          "--no-error-summary", "--hide-error-context", "--cache-dir", str(ROOT / ".mypy_cache")],
                         capture_output=True, text=True, timeout=600, cwd=ROOT)
    assert run.returncode == 0, f"mypy found errors:\n{run.stdout}{run.stderr}"


def test_every_ignored_type_error_is_named_and_explained():
    unexplained = [f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
                   for path in sorted(p for folder in CHECKED for p in folder.rglob("*.py"))
                   for lines in [path.read_text().splitlines()]
                   for number, line in enumerate(lines, start=1)
                   if not explained(line, lines[number - 2] if number > 1 else "")]
    assert not unexplained, "a `# type: ignore` without [error-code]  # reason:\n" + "\n".join(unexplained)


def test_the_ignore_rule_tells_explained_from_bare():
    assert explained("run.twin = twin  # type: ignore[attr-defined]  # read by twin_of")
    assert explained("x = f()  # type: ignore[arg-type, return-value]  # why")
    assert explained("def f(x: int,  # type: ignore[override]", above="    # the base is too narrow")
    assert explained("x = f()")
    assert not explained("x = f()  # type: ignore")
    assert not explained("x = f()  # type: ignore[attr-defined]")
    assert not explained("x = f()  # type: ignore[attr-defined]", above="y = g()")
    assert not explained("x = f()  # type: ignore  # a reason but no error code")
    assert not explained("x = f()  # type: ignore", above="# a reason but no error code")
