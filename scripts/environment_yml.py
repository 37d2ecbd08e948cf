"""Write environment.yml (Binder's environment) from requirements.lock, or check that it is current.

    python scripts/environment_yml.py           write it (`make lock` does)
    python scripts/environment_yml.py --check   exit 1, saying what differs, if it is out of date

conda-forge gives Python 3.11 (the lock's `--python-version`), the Graphviz programs (`dot`) and
pip; every Python package then comes from PyPI at the lock's exact version, the lock's markers
kept, so Binder gets the versions `make setup` installs, transitive ones included. The list names no
local file (not `-r requirements.lock`, not `-e .`): repo2docker then builds this environment
before it copies the repository in and reuses that layer until the file changes; postBuild installs
the package itself (tests/setup/test_binder.py checks the build order).
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LOCK = ROOT / "requirements.lock"
TARGET = ROOT / "environment.yml"

HEADER = """\
# Binder's environment (repo2docker builds it, then runs ./postBuild, which installs minimax-lab).
# Made from requirements.lock by `python scripts/environment_yml.py` (run by `make lock`); do not
# edit: tests/setup/test_binder.py fails when it is out of date. conda-forge gives Python, the Graphviz
# programs (dot) and pip; every Python package comes from PyPI at the lock's version.
# Locally: conda env create -f environment.yml, then pip install -e .
name: minimax-lab
channels:
  - conda-forge
  - nodefaults
dependencies:
  - python={python}
  - graphviz             # the Graphviz programs (dot); the Python bindings are PyPI's graphviz below
  - pip
  - pip:
"""


def lock_python() -> str:
    """Return the Python version the lock was made for (from the Makefile's `make lock` command)."""
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    found = re.search(r"pip compile requirements\.in .*--python-version (\d+\.\d+)", makefile)
    if found is None:
        raise SystemExit("the Makefile's lock target names no --python-version")
    return found.group(1)


def requirements() -> list[str]:
    """Return the lock's requirement lines (name==version, with any marker), in its order."""
    lines = []
    for line in LOCK.read_text(encoding="utf-8").splitlines():
        if line and not line.startswith(("#", " ")):
            lines.append(line.strip())
    return lines


def environment_yml() -> str:
    """Return the text environment.yml must have."""
    body = "".join(f'    - "{line}"\n' for line in requirements())
    return HEADER.format(python=lock_python()) + body


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true", help="only check; exit 1 if out of date")
    args = parser.parse_args(argv)
    wanted = environment_yml()
    if args.check:
        if TARGET.read_text(encoding="utf-8") != wanted:
            print("environment.yml is out of date with requirements.lock: run python scripts/environment_yml.py")
            return 1
        print("environment.yml matches requirements.lock")
        return 0
    TARGET.write_text(wanted, encoding="utf-8")
    print(f"wrote {TARGET.name}: {len(requirements())} packages from {LOCK.name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
