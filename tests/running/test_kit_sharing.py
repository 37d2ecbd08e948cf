"""The sandbox's kit (minimax_lab/running/sandbox.py, kit()): made once for each version of the
course's modules and shared by the user's processes, never half-made, not taken from anyone who
could have changed it, made again when its files changed; a process that is killed leaves nothing
behind (each used to make its own kit, and every kernel stopped with SIGKILL left one in /tmp).
Each test has a temporary folder of its own (the own_kits fixture)."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from minimax_lab.running import sandbox

ROOT = Path(__file__).resolve().parents[2]


def kit_in_a_new_process(folder: Path, *, then: str = "") -> str:
    """Return the kit's path as a new process finds it with `folder` as its temporary folder; `then`
    runs after (the process killing itself, say)."""
    done = subprocess.run([sys.executable, "-c", "from minimax_lab.running import sandbox\n"
                           f"print(sandbox.kit(), flush=True)\n{then}"],
                          capture_output=True, text=True, timeout=120, cwd=ROOT, env={**os.environ, "TMPDIR": str(folder)})
    assert done.stdout, done.stderr
    return done.stdout.strip()


@pytest.mark.slow  # starts Python processes that make the kit
def test_processes_share_one_kit_and_a_killed_one_leaves_nothing(own_kits: Path) -> None:
    first = kit_in_a_new_process(own_kits)
    second = kit_in_a_new_process(own_kits, then="import os, signal\nos.kill(os.getpid(), signal.SIGKILL)")
    assert first == second == str(own_kits / sandbox._kit_name(False))
    assert [path.name for path in own_kits.iterdir()] == [Path(first).name], "one kit, no half-made one"
    assert sandbox.kit() == Path(first)
    assert sandbox._kit_name(True) != sandbox._kit_name(False)


@pytest.mark.slow  # starts Python processes that make the kit
def test_processes_started_together_keep_the_first_kit_put_in_place(own_kits: Path) -> None:
    """None replaces a kit another has just put in place (a worker starting from it would not find it)."""
    script = ("from minimax_lab.running import sandbox\nimport os\n"
              "path = sandbox.kit()\nprint(path, os.stat(path).st_ino, flush=True)\n")
    starts = [subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True, cwd=ROOT,
                               env={**os.environ, "TMPDIR": str(own_kits)}) for _ in range(6)]
    found = {start.communicate(timeout=120)[0] for start in starts}
    assert len(found) == 1 and all(start.returncode == 0 for start in starts), found
    assert [path.name for path in own_kits.iterdir()] == [sandbox._kit_name(False)]


@pytest.mark.slow  # starts Python processes that make the kit
def test_a_kit_others_could_have_changed_is_made_again(own_kits: Path) -> None:
    shared = Path(kit_in_a_new_process(own_kits))
    (shared / "minimax_lab" / "running" / "worker.py").chmod(0o666)
    (shared / "minimax_lab" / "running" / "worker.py").write_text("raise SystemExit\n")
    shared.chmod(0o777)  # anyone may have changed it, its record too
    (shared / sandbox.DIGEST).chmod(0o666)
    (shared / sandbox.DIGEST).write_text(sandbox._digest(shared), encoding="ascii")
    assert sandbox.kit() == shared and (shared.stat().st_mode & 0o777) == 0o555
    assert (shared / "minimax_lab" / "running" / "worker.py").read_bytes() == (
        sandbox.PACKAGE / "running" / "worker.py").read_bytes()


@pytest.mark.slow  # starts Python processes that make the kit
def test_a_shared_kit_whose_files_changed_is_made_again(own_kits: Path) -> None:
    shared = Path(kit_in_a_new_process(own_kits))
    worker = shared / "minimax_lab" / "running" / "worker.py"
    worker.chmod(0o644)
    worker.write_text("raise SystemExit\n")
    worker.chmod(0o444)
    assert sandbox.kit() == shared
    assert worker.read_bytes() == (sandbox.PACKAGE / "running" / "worker.py").read_bytes()
    assert sandbox._digest(shared) == (shared / sandbox.DIGEST).read_text(encoding="ascii")


@pytest.mark.slow  # starts Python processes that make the kit
def test_two_builds_of_a_kit_are_the_same_bytes(own_kits: Path) -> None:
    first = Path(kit_in_a_new_process(own_kits))
    digest = sandbox._digest(first)
    sandbox._remove_kit(first)
    assert sandbox._digest(Path(kit_in_a_new_process(own_kits))) == digest


def test_this_user_s_old_kits_go_and_the_current_ones_stay(own_kits: Path) -> None:
    day_ago = time.time() - sandbox.STALE_KIT_AGE - 60
    old = {name: own_kits / name for name in (
        f"{sandbox.KIT_PREFIX}{os.geteuid()}-grading-{'0' * 24}",  # an earlier version of the modules
        f"{sandbox.KIT_PREFIX}x1y2z3ab",  # a kit a process made for itself (as kits were made before)
        sandbox._kit_name(True))}  # the current lessons' kit, last made long ago
    recent = own_kits / f"{sandbox.KIT_PREFIX}{os.geteuid()}-grading-{'1' * 24}"
    for path in [*old.values(), recent]:
        (path / "minimax_lab").mkdir(parents=True)
        path.chmod(0o555)
    for path in old.values():
        os.utime(path, (day_ago, day_ago))
    made = sandbox.kit()
    assert sorted(path.name for path in own_kits.iterdir()) == sorted(
        [made.name, recent.name, sandbox._kit_name(True)])


@pytest.mark.skipif(os.geteuid() != 0, reason="only root can make a folder another user owns")
def test_another_user_s_kit_under_the_name_is_not_used(own_kits: Path) -> None:
    taken = own_kits / sandbox._kit_name(False)
    (taken / "minimax_lab").mkdir(parents=True)
    (taken / sandbox.DIGEST).write_text(sandbox._digest(taken), encoding="ascii")
    for path in (taken, taken / "minimax_lab", taken / sandbox.DIGEST):
        os.chown(path, 65534, 65534)
    made = sandbox.kit()
    assert made.parent == own_kits and made.name.startswith(".")  # a kit of this process's own
    assert (made / "minimax_lab" / "running" / "worker.py").read_bytes() == (
        sandbox.PACKAGE / "running" / "worker.py").read_bytes()
    assert sorted(path.name for path in taken.iterdir()) == ["DIGEST", "minimax_lab"], "another user's is left alone"
