"""Check that environment.yml pins the same versions as requirements.lock.

Run by `make lock`.  Exits 1 and lists the differences if they drifted.
Only `- name=version` lines are checked; unpinned entries are skipped.
"""
from __future__ import annotations

import re
import sys
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parent.parent
# conda-forge name -> PyPI name, where they differ
CONDA_TO_PYPI = {"python-graphviz": "graphviz", "matplotlib-base": "matplotlib"}


def locked_versions(python: str) -> dict[str, str]:
    env = {"python_version": python, "python_full_version": python + ".0"}
    pins = {}
    for line in (ROOT / "requirements.lock").read_text().splitlines():
        if not line or line[0] in "# ":
            continue
        req = Requirement(line)
        if req.marker is None or req.marker.evaluate(env):
            pins[canonicalize_name(req.name)] = str(req.specifier).removeprefix("==")
    return pins


def main() -> int:
    text = (ROOT / "environment.yml").read_text()
    python = re.search(r"^\s*-\s*python=(\d+\.\d+)\s*$", text, re.M).group(1)
    locked = locked_versions(python)
    problems = []
    for name, version in re.findall(r"^\s*-\s*([A-Za-z0-9_.-]+)=([^\s=#]+)\s*$", text, re.M):
        if name == "python":
            continue
        pypi = canonicalize_name(CONDA_TO_PYPI.get(name, name))
        if locked.get(pypi) != version:
            problems.append(f"  {name}={version} but requirements.lock has {pypi}=={locked.get(pypi)}")
    if problems:
        print("environment.yml is out of step with requirements.lock:", *problems, sep="\n")
        return 1
    print("environment.yml matches requirements.lock")
    return 0


if __name__ == "__main__":
    sys.exit(main())
