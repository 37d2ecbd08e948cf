"""Which interpreter `make setup` makes the venv from (scripts/setup.sh, choose_python): PYTHON when
given; else the system's python3 when it is 3.11 or later and can make a venv (a distribution's
build is optimised, a source build by pyenv usually not); else the python3 on PATH."""

import os
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def chosen(**env: str) -> str:
    environment = {key: value for key, value in os.environ.items() if key not in ("PYTHON", "SYSTEM_PYTHON")}
    run = subprocess.run(["bash", str(ROOT / "scripts" / "setup.sh"), "--python"], env={**environment, **env},
                         capture_output=True, text=True, timeout=60, check=True)
    return run.stdout.strip()


def can_make_a_venv(python: str) -> bool:
    return Path(python).exists() and subprocess.run(
        [python, "-c", "import sys, ensurepip, venv; sys.exit(sys.version_info < (3, 11))"],
        capture_output=True).returncode == 0


def test_python_when_given_is_the_one_used() -> None:
    assert chosen(PYTHON="/opt/my/python3.12") == "/opt/my/python3.12"


def test_the_systems_python_when_it_can_make_the_venv() -> None:
    expected = "/usr/bin/python3" if can_make_a_venv("/usr/bin/python3") else "python3"
    assert chosen() == expected


def test_else_the_python3_on_path(tmp_path: Path) -> None:
    old = tmp_path / "python3"
    old.write_text("#!/bin/sh\nexit 1\n", encoding="utf-8")  # says it is older than 3.11 to every question
    old.chmod(0o755)
    assert chosen(SYSTEM_PYTHON=str(old)) == "python3"
    assert chosen(SYSTEM_PYTHON=str(tmp_path / "missing")) == "python3"
