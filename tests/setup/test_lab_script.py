"""scripts/lab.sh (`make lab`): opens the start page, and moves to the next free port when PORT is
taken, saying so. JupyterLab itself is replaced by a stub that prints its arguments."""

import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow  # starts JupyterLab

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def fake_venv(tmp_path):
    """A venv folder whose bin/jupyter prints its arguments, and whose python is this one."""
    bin_ = tmp_path / "bin"
    bin_.mkdir()
    (bin_ / "jupyter").write_text("#!/bin/sh\nfor a in \"$@\"; do echo \"arg: $a\"; done\n", encoding="utf-8")
    (bin_ / "jupyter").chmod(0o755)
    (bin_ / "python").symlink_to(sys.executable)
    return tmp_path


def run_lab(venv, port):
    env = {**os.environ, "VENV": str(venv), "PORT": str(port), "BROWSER": ""}
    return subprocess.run(["bash", str(ROOT / "scripts" / "lab.sh")], env=env, capture_output=True, text=True,
                          timeout=60)


def free_port():
    with socket.socket() as s:
        s.bind(("", 0))
        return s.getsockname()[1]


def test_lab_opens_the_start_page_on_the_port_asked(fake_venv):
    port = free_port()
    run = run_lab(fake_venv, port)
    assert run.returncode == 0, run.stderr
    assert f"arg: --ServerApp.port={port}" in run.stdout
    assert "arg: --ServerApp.default_url=/lab/tree/00_start_here.ipynb" in run.stdout
    assert (ROOT / "notebooks" / "00_start_here.ipynb").is_file()
    assert "in use" not in run.stdout


def test_a_busy_port_moves_to_the_next_free_one_and_says_so(fake_venv):
    with socket.socket() as busy:
        busy.bind(("", 0))
        busy.listen()
        port = busy.getsockname()[1]
        run = run_lab(fake_venv, port)
    assert run.returncode == 0, run.stderr
    moved = [line for line in run.stdout.splitlines() if line.startswith("arg: --ServerApp.port=")]
    assert len(moved) == 1 and int(moved[0].rsplit("=", 1)[1]) > port
    assert f"port {port} is in use; using port" in run.stdout


def test_a_port_that_is_not_a_number_is_refused_in_one_line(fake_venv):
    run = run_lab(fake_venv, "88a8")
    assert run.returncode == 2 and "PORT must be a port number, got '88a8'" in run.stderr
