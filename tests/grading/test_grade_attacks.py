"""Grades that hold whoever runs the grader, however loaded the machine and whatever a file holds
(issue 36): a table of attacks, each graded in a class beside an honest control student, and a
table of honest but unusual answers that must earn full marks (HONEST_VARIANTS, graded by make
grade and in a notebook in test_notebook_check_agrees). Both tables grow.

An attack is contained when the attacker earns nothing it did not earn (its answers are the
handout's stubs but for the attack, so it earns nothing at all), the control student's row is the
one a class without attackers gives, every row is written, nothing is left running and nothing is
written outside the output folder. The attacks run in one class as the tests' user (root in CI),
under bubblewrap where it is installed; those that act from inside the worker (SANDBOX_ATTACKS)
again without bubblewrap, and once as an unprivileged user."""

from __future__ import annotations

import fcntl
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Callable, Iterator, Optional

import pytest
from test_grade_isolation import SOLUTIONS, earned, messages, processes_with, solution, submit

from minimax_lab import grading
from minimax_lab.grading import assignments, class_grades, runner
from minimax_lab.running import sandbox

pytestmark = pytest.mark.slow  # grades classes of attacks in sandboxed workers

NAME = "assignment1_minimax"
SOLUTION = SOLUTIONS / f"{NAME}.ipynb"
CALL = 3.0
MARKER = "minimax-lab-attack-4711"
"""Written by the attacks that try to leave a process running or a file behind."""

HONEST = {i: None for i in range(4)}  # every answer the solution's own


def stubs(attack: str) -> dict[int, Optional[str]]:
    """Answers: `attack` in answer cell 1, the handout's stubs elsewhere."""
    return {-1: "", 0: attack}


def drop_ids(notebook: Any) -> None:
    for cell in notebook["cells"]:
        cell.pop("id", None)


def answer_cell_at(notebook: Any, number: int) -> Any:
    return [c for c in notebook["cells"] if assignments.is_answer_cell(c)][number]


def source_is(value: Any) -> Callable[[Any], None]:
    def edit(notebook: Any) -> None:
        notebook["cells"][[i for i, c in enumerate(notebook["cells"]) if c.get("id") == "ex1-answer"][0]][
            "source"] = value
    return edit


def cell_type_is(kind: str) -> Callable[[Any], None]:
    def edit(notebook: Any) -> None:
        for cell in notebook["cells"]:
            if cell.get("id") == "ex1-answer":
                cell["cell_type"] = kind
                cell.pop("outputs", None), cell.pop("execution_count", None)
    return edit


FIRST = assignments.cell_source(answer_cell_at(solution(NAME), 0))
"""The solution's first answer cell (minimax_value)."""

ATTACKS: dict[str, tuple[dict[int, Optional[str]], Optional[Callable[[Any], None]]]] = {
    # 1. undoing the sandbox with the privileges root keeps
    "remounts the kit and rewrites the worker": (stubs(
        "import ctypes, os, sys\nlibc = ctypes.CDLL(None, use_errno=True)\n"
        "for target in (b'/kit', b'/usr', b'/', b'/proc/sys'):\n"
        "    libc.mount(b'none', target, None, 32 | 4096, None)\n"
        "for folder in sys.path:\n"
        "    try:\n"
        "        open(os.path.join(folder, 'minimax_lab/running/worker.py'), 'a').write('\\nraise SystemExit\\n')\n"
        "    except OSError:\n        pass\n"), None),
    "writes to /proc/sys and the cgroups": (stubs(
        "for path in ('/proc/sys/kernel/hostname', '/sys/fs/cgroup/cgroup.procs', '/proc/sysrq-trigger'):\n"
        "    try:\n        open(path, 'w').write('1')\n    except OSError:\n        pass\n"), None),
    # 2. stopping the whole class
    "an expression too deep to parse": (stubs("x = " + "+".join(["1"] * 200_000) + "\n"), None),
    "a source that is a number": ({-1: ""}, source_is(42)),
    "a source that is a list of numbers": ({-1: ""}, source_is([1, 2])),
    # 3. and 5. slowing or starving the neighbours
    "forks busy loops in sessions of their own": (stubs(
        "import os\nfor _ in range(12):\n    try:\n        if os.fork() == 0:\n            os.setsid()\n"
        "            while True:\n                pass\n    except OSError:\n        pass\n"), None),
    "starts busy threads": (stubs(
        "import threading\ndef spin():\n    while True:\n        pass\n"
        "for _ in range(8):\n    try:\n        threading.Thread(target=spin, daemon=True).start()\n"
        "    except RuntimeError:\n        pass\n"), None),
    "fills memory": (stubs("hoard = bytearray(3 * 1024 ** 3)\n"), None),
    # 8 files of 15 MB in each folder: more than the tmpfs bubblewrap gives the worker (sandbox.WORK_SIZE, 64 MiB)
    "fills its folder and /tmp": (stubs(
        "import os\nfor folder in ('.', '/tmp', os.environ.get('HOME', '.')):\n    for i in range(8):\n"
        f"        try:\n            open(os.path.join(folder, f'{MARKER}-fill{{i}}'), 'wb').write(b'x' * 15_000_000)\n"
        "        except OSError:\n            break\n"), None),
    # 4. outliving the worker, and killing the grader
    "double-forks a process that rewrites grades.csv later": (stubs(
        "import os, time\ntry:\n    if os.fork() == 0:\n        os.setsid()\n        if os.fork() == 0:\n"
        f"            time.sleep(1)\n            open('/tmp/{MARKER}', 'w').write('x')\n"
        "            for pid in os.listdir('/proc'):\n                pass\n        os._exit(0)\n"
        "except OSError:\n    pass\n"), None),
    "kills its parent": (stubs("import os, signal\nos.kill(os.getppid(), signal.SIGKILL)\n"), None),
    "kills every process it may": (stubs("import os, signal\ntry:\n    os.kill(-1, signal.SIGKILL)\n"
                                         "except OSError:\n    pass\n"), None),
    # 8. the grader's own time
    "fifteen hundred generated functions": (stubs("".join(
        f"def f{i}(tree, a, b):\n    if a > b:\n        return [tree, a, b, {i}] if tree else [a, b]\n"
        f"    for x in range(a, b):\n        a = a + x * {i}\n    return a\n" for i in range(1500))), None),
    "a reply of whole numbers sharing one hash": (stubs(
        "def minimax_value(tree, maximizing=True):\n    return [i * (2 ** 61 - 1) for i in range(1, 300_000)]\n"),
        None),
    # 9. forging the report
    "a forged reply past the message limit": (stubs(
        "import os, json, struct\ndef minimax_value(tree, maximizing=True):\n"
        "    body = json.dumps({'unreadable': 'x' * 10_000_000}).encode()\n"
        "    for fd in range(3, 10):\n        try:\n            os.write(fd, struct.pack('>I', len(body)) + body)\n"
        "        except OSError:\n            pass\n    return 3\n"), None),
    "ANSI escapes in a message": (stubs(
        "def minimax_value(tree, maximizing=True):\n"
        "    raise ValueError('\\x1b[2J\\x1b[32mminimax_value: pass\\r\\nall: 4 of 4 points')\n"), None),
    # 10. code the notebook never ran: the right first answer where a notebook does not run it as Python
    "a raw cell at the answer's id": (stubs(FIRST), cell_type_is("raw")),
    "a markdown cell at the answer's id": (stubs(FIRST), cell_type_is("markdown")),
    "a %%writefile cell": (stubs("%%writefile answer.py\n" + FIRST), None),
}
"""Attacks on assignment 1, by name: (answers, edit of the notebook). Every attack earns nothing."""

ON_THE_GRADER = frozenset({
    "an expression too deep to parse", "a source that is a number", "a source that is a list of numbers",
    "fifteen hundred generated functions", "a reply of whole numbers sharing one hash", "ANSI escapes in a message",
    "a raw cell at the answer's id", "a markdown cell at the answer's id", "a %%writefile cell"})
"""The attacks on what the grader itself reads (the notebook, the cells' syntax, the worker's
replies, the messages it writes), which the same grader code meets whatever the sandbox: graded in
the class run as it is. The others act on the machine from inside the worker, which is what the
sandbox contains: graded in every run (SANDBOX_ATTACKS)."""

SANDBOX_ATTACKS = {name: attack for name, attack in ATTACKS.items() if name not in ON_THE_GRADER}


def honest_new_cell_below_the_stub(notebook: Any) -> None:
    cells = notebook["cells"]
    index = [i for i, c in enumerate(cells) if c.get("id") == "ex1-answer"][0]
    answer = assignments.cell_source(cells[index])
    cells[index]["source"] = assignments.strip_solutions(answer)
    cells.insert(index + 1, {"cell_type": "code", "id": "my-own-cell", "metadata": {}, "outputs": [],
                             "execution_count": None, "source": answer})


def ids_dropped_and_hints_added(notebook: Any) -> None:
    drop_ids(notebook)
    for cell in notebook["cells"]:
        source = assignments.cell_source(cell)
        if source.startswith("def minimax_value(tree, maximizing=True):"):
            cell["source"] = source.replace("def minimax_value(tree, maximizing=True):",
                                            "def minimax_value(tree: list | int, maximizing: bool = True) -> float:")


HONEST_VARIANTS: dict[str, tuple[dict[int, Optional[str]], Optional[Callable[[Any], None]]]] = {
    "returns numpy numbers": ({0: "import numpy as np\n" + FIRST.replace("        return tree\n",
                                                                          "        return np.asarray(tree)[()]\n")}, None),
    "displays with IPython": ({0: "from IPython.display import display, HTML\nget_ipython()\n"
                                  "display(HTML('<b>my answer</b>'))\n" + FIRST}, None),
    "awaits at the top level": ({0: "import asyncio\nawait asyncio.sleep(0)\n" + FIRST}, None),
    "times its cell": ({0: "%%time\n" + FIRST}, None),
    "has no cell ids and type hints on its def line": ({}, ids_dropped_and_hints_added),
    "answers in a new cell under the untouched stub": ({}, honest_new_cell_below_the_stub),
    "checks its answer in the answer cell": ({0: FIRST + "\ngrading.check_minimax_value(minimax_value)\n"}, None),
}
"""Honest answers to assignment 1 that a notebook runs as written: each earns every point."""


@pytest.fixture(scope="module")
def control(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """The honest control student's row in a class of its own."""
    folder = tmp_path_factory.mktemp("control")
    path = submit(folder, NAME, {}, student="control")
    class_grades.grade_class(SOLUTION, [path], folder / "out", seed=11, jobs=1, call_timeout=CALL)
    return class_grades.read_csv(folder / "out" / "grades.csv")[0]


def attack_class(folder: Path, attacks: dict[str, Any]) -> list[Path]:
    """Write the class: each of `attacks` and the control student."""
    folder.mkdir(parents=True)
    paths = [submit(folder, NAME, answers, student=f"attack{n:02d}", edit=edit)
             for n, (answers, edit) in enumerate(attacks.values())]
    paths.append(submit(folder, NAME, {}, student="control"))
    return paths


@pytest.fixture
def one_class_at_a_time() -> Iterator[None]:
    """Hold a lock while a class of attacks is graded and checked: the attacks write files that carry
    MARKER, which a class graded at the same time in another test process would find outside its
    output folder before its grader has removed them (make test runs this file in one process; a
    developer's run of its tests in several may not)."""
    with open(Path(tempfile.gettempdir()) / "minimax-lab-attack-classes.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        yield


def files_outside(out: Path, since: float) -> list[str]:
    """Return the files written since `since` that carry the attacks' marker, outside `out`."""
    found = []
    for folder in ("/tmp", "/var/tmp", "/dev/shm", os.getcwd()):
        for path in Path(folder).glob(f"*{MARKER}*"):
            if path.stat().st_mtime >= since and out not in path.parents:
                found.append(str(path))
    return found


def orphaned_workers() -> list[int]:
    """Return the worker processes (and what they forked) no grader or sandbox is parent of any more,
    and still there a second later. The workers of tests running at the same time have theirs, but
    one such test may be killing a worker just then: for the moment between its sandbox's end and
    its own, that worker has no parent either, and a second later it is gone. A process that escaped
    its sandbox stays (the double-forked attack sleeps, then writes)."""
    first = _parentless_workers()
    if not first:
        return []
    time.sleep(1.0)
    return [pid for pid in _parentless_workers() if pid in first]


def _parentless_workers() -> list[int]:
    """Return the worker processes whose parent is neither a sandbox (bwrap) nor a grader (python)."""
    orphans = []
    for pid in processes_with("minimax_lab.running.worker"):
        try:
            parent = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1]
            command = Path(f"/proc/{parent}/cmdline").read_bytes()
        except (OSError, IndexError):
            continue
        if b"bwrap" not in command and b"python" not in command:
            orphans.append(pid)
    return orphans


def check_the_class(folder: Path, out: Path, control: dict[str, str], started: float,
                    attacks: dict[str, Any]) -> None:
    rows = {row["student"]: row for row in class_grades.read_csv(out / "grades.csv")}
    assert len(rows) == len(attacks) + 1, "every row is written"
    assert rows["control"] == control, "the control student's row is the one it gets alone"
    for n, name in enumerate(attacks):
        assert float(rows[f"attack{n:02d}"]["total"]) == 0.0, name
    assert sorted(p.name for p in out.iterdir()) == ["feedback", "grades.csv", "report.txt"]
    # The double-forked attack would write 1 s after its worker started; its last worker started
    # before grading ended, so a process that outlived it has written by now.
    time.sleep(1.5)
    assert orphaned_workers() == [] and files_outside(out, started) == []
    assert len((out / "report.txt").read_bytes()) < 200_000, "no message fills the report"


@pytest.mark.parametrize("mode", ["as it is", "limits only"])
def test_every_attack_is_contained(tmp_path: Path, control: dict[str, str], mode: str,
                                  monkeypatch: pytest.MonkeyPatch, one_class_at_a_time: None) -> None:
    if mode == "limits only":
        monkeypatch.setenv("MINIMAX_LAB_SANDBOX", "limits")
        monkeypatch.setattr(sandbox, "_bwrap_cache", {})
    if mode == "as it is" and shutil.which("bwrap") is not None:
        assert sandbox.sandbox_name() == "bubblewrap", "bubblewrap is installed but cannot start a worker here"
    if sandbox.sandbox_name() == "limits only" and not sandbox.as_root():
        pytest.skip("without bubblewrap a worker runs as you and may signal your processes: the attack "
                    "that kills every process it may would end your session (the README says so)")
    assert ON_THE_GRADER < ATTACKS.keys()
    attacks = ATTACKS if mode == "as it is" else SANDBOX_ATTACKS
    started = time.time()
    out = tmp_path / "out"
    class_grades.grade_class(SOLUTION, attack_class(tmp_path / "class", attacks), out, seed=11, jobs=2,
                             call_timeout=CALL)
    check_the_class(tmp_path / "class", out, control, started, attacks)


UNPRIVILEGED = 65533
"""The user the unprivileged run of the grader runs as (one no account has)."""


def as_unprivileged(command: list[str]) -> list[str]:
    return ["setpriv", f"--reuid={UNPRIVILEGED}", f"--regid={UNPRIVILEGED}", "--clear-groups", "--", *command]


def unprivileged_python(base: Path) -> Optional[tuple[str, dict[str, str]]]:
    """Return a Python (and its environment) that UNPRIVILEGED can run the grader with, starting
    processes of its own: this one, else the system's of the same version with this environment's
    packages on its path (a Python under /root is out of another user's reach), else None."""
    import numpy

    site = str(Path(numpy.__file__).resolve().parent.parent)
    root = str(Path(__file__).resolve().parents[2])
    environment = {**os.environ, "HOME": str(base), "PYTHONPYCACHEPREFIX": str(base / "pycache")}
    system = f"/usr/bin/python{sys.version_info.major}.{sys.version_info.minor}"
    for python, extra in ((sys.executable, {}), (system, {"PYTHONPATH": f"{root}:{site}"})):
        probe = ("import subprocess, sys; subprocess.run([sys.executable, '-c', 'import numpy, minimax_lab.grading'], "
                 "check=True)")
        if os.path.exists(python) and subprocess.run(as_unprivileged([python, "-c", probe]), cwd=base,
                                                     env={**environment, **extra},
                                                     capture_output=True).returncode == 0:
            return python, {**environment, **extra}
    return None


@pytest.mark.skipif(os.geteuid() != 0 or shutil.which("setpriv") is None,
                    reason="runs the grader as another user: needs root and setpriv")
def test_as_an_unprivileged_user_the_attacks_are_contained_too(control: dict[str, str],
                                                               one_class_at_a_time: None) -> None:
    base = Path(tempfile.mkdtemp(prefix="minimax-lab-unprivileged-"))  # pytest's folders are root's alone
    try:
        folder, out = base / "class", base / "out"
        paths = attack_class(folder, SANDBOX_ATTACKS)
        for path in [base, folder, *paths]:
            os.chown(path, UNPRIVILEGED, UNPRIVILEGED)
        found = unprivileged_python(base)
        if found is None:
            pytest.skip("no Python here that another user can run the grader with")
        python, environment = found
        environment["TMPDIR"] = str(base / "tmp")  # where its grader keeps its kit
        (base / "tmp").mkdir()
        os.chown(base / "tmp", UNPRIVILEGED, UNPRIVILEGED)
        started = time.time()
        run = subprocess.run(as_unprivileged([python, "-m", "minimax_lab.grading.class_grades", str(SOLUTION),
                                              *map(str, paths), "--out", str(out), "--seed", "11", "--jobs", "2",
                                              "--call-timeout", str(CALL)]),
                             capture_output=True, text=True, timeout=1200, cwd=base, env=environment)
        assert run.returncode == 0, run.stderr[-3000:]
        assert "sandbox bubblewrap" in run.stdout or shutil.which("bwrap") is None, run.stdout[:500]
        check_the_class(folder, out, control, started, SANDBOX_ATTACKS)
        left = sorted(path.name for path in (base / "tmp").iterdir())
        assert len(left) == 1 and re.fullmatch(rf"{sandbox.KIT_PREFIX}{UNPRIVILEGED}-grading-[0-9a-f]{{24}}", left[0]), (
            "the grader's processes share one kit, and leave no other file", left)
    finally:
        shutil.rmtree(base, ignore_errors=True)


# --- one class of attack at a time, where one class needs a closer look ---------------------------------

def test_the_kit_is_made_again_when_its_files_changed(own_kits: Path) -> None:
    kit = sandbox.kit()
    worker = kit / "minimax_lab" / "running" / "worker.py"
    worker.chmod(0o644)
    worker.write_text("raise SystemExit\n")
    again = sandbox.kit()
    assert (again / "minimax_lab" / "running" / "worker.py").read_text() == (
        sandbox.PACKAGE / "running" / "worker.py").read_text()


def test_a_worker_has_no_capability_no_second_process_and_no_root() -> None:
    probe = ("def who():\n    import os\n    status = open('/proc/self/status').read()\n"
             "    caps = [line.split()[1] for line in status.splitlines() if line.startswith(('CapEff', 'CapPrm'))]\n"
             "    try:\n        child = os.fork()\n        if child == 0:\n            os._exit(0)\n"
             "        forked = True\n    except OSError:\n        forked = False\n"
             "    return [os.getuid(), caps, forked]\n")
    with sandbox.Worker("", [("answer cell 1", probe)], call_timeout=CALL) as worker:
        uid, caps, forked = sandbox.RemoteFunction(worker, "who")()
    assert uid != 0 and caps == ["0000000000000000", "0000000000000000"] and forked is False


@pytest.mark.parametrize("kind", ["a link to the solution", "a link to /dev/zero", "a FIFO", "a folder"])
def test_only_a_regular_file_is_read_as_a_submission(tmp_path: Path, kind: str) -> None:
    path = tmp_path / "student.ipynb"
    if kind == "a link to the solution":
        path.symlink_to(SOLUTION)
    elif kind == "a link to /dev/zero":
        path.symlink_to("/dev/zero")
    elif kind == "a FIFO":
        os.mkfifo(path)
    else:
        path.mkdir()
    good = submit(tmp_path, NAME, {}, student="good")
    results = class_grades.grade_class(SOLUTION, [path, good], tmp_path / "out", seed=1, jobs=1, call_timeout=CALL)
    by_name = {g.student: g for g in results}
    assert by_name["student"].total == 0 and "not a regular file" in by_name["student"].notes[0]
    assert by_name["good"].total == 4


def test_names_that_could_forge_a_report_or_a_spreadsheet_formula_are_written_harmless(tmp_path: Path) -> None:
    forged = "eve\n  minimax_value: pass\nmallory: 4 of 4 points"
    paths = [submit(tmp_path, NAME, {-1: ""}, student=forged), submit(tmp_path, NAME, {-1: ""}, student="=1+2"),
             submit(tmp_path, NAME, {-1: ""}, student="@SUM(A1)")]
    out = tmp_path / "out"
    class_grades.grade_class(SOLUTION, paths, out, seed=1, jobs=2, call_timeout=CALL)
    report = (out / "report.txt").read_text()
    assert "\nmallory: 4 of 4 points" not in report and "eve\\n  minimax_value: pass\\nmallory" in report
    students = [row["student"] for row in class_grades.read_csv(out / "grades.csv")]
    assert sorted(students) == sorted(["'=1+2", "'@SUM(A1)", "eve\\n  minimax_value: pass\\nmallory: 4 of 4 points"])


def test_a_message_is_shown_escaped_and_cut() -> None:
    text = class_grades.printable("\x1b[2Jok\r\n" + "x" * 3000, most=100)
    assert "\x1b" not in text and "\r" not in text and text.startswith("\\x1b[2Jok\\r\n")
    assert text.endswith("(2,912 more characters)")  # 9 characters shown as 12, then 88 of the 3,000
    huge = class_grades.printable("\x07" * 10_000_000, most=2000)
    assert huge == "\\x07" * 500 + f"... ({10_000_000 - 500:,} more characters)"
    assert class_grades.printable("a\tb\n", keep="\n") == "a\\tb\n"


def test_the_grader_gives_each_call_cpu_time_not_wall_time(tmp_path: Path) -> None:
    """An honest answer whose first calls take 0.6 s of CPU time each passes under a limit of 1 s a
    call while its core is busy with other work (three busy processes on the one core the grader, its
    worker and they are held to), which stretches each of those calls past 1 s of wall time. (One
    core: the tests running beside this one keep the other.)"""
    slow = ("import time\ncalls = [0]\n" + FIRST.replace("minimax_value", "exact_value")
            + "\ndef minimax_value(tree, maximizing=True):\n    calls[0] += 1\n    if calls[0] <= 3:\n"
            "        spent = time.process_time()\n        while time.process_time() - spent < 0.6:\n"
            "            pass\n    return exact_value(tree, maximizing)\n")
    path = submit(tmp_path, NAME, {0: slow})
    solution = assignments.read(SOLUTION)
    cells, _ = class_grades.answer_cells(solution, class_grades.read_submission(path))
    exercise = next(e for e in class_grades.exercises(solution) if e.name == "minimax_value")
    cores = os.sched_getaffinity(0)
    os.sched_setaffinity(0, {min(cores)})  # the hogs and the worker inherit it
    hogs = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(3)]
    try:
        started = time.monotonic()
        mark = runner.run_check(exercise, grading.check_minimax_value, class_grades.prelude_source(solution, NAME),
                                cells, seed=3, call_timeout=1.0, check_timeout=300)  # the one check it is about
        took = time.monotonic() - started
    finally:
        os.sched_setaffinity(0, cores)
        for hog in hogs:
            hog.kill()
            hog.wait()
    assert mark.passed, mark.message
    assert took > 3 * 1.0, "the busy machine stretched the three slow calls past their limit in wall time"
