"""Where a student's code runs when it is graded: a worker process in a sandbox, called over a pipe.

The grader (class_grades) never runs a submission in its own process. For each check it starts a
Worker: a fresh Python process (`python -I -S`, no site-packages, no environment) whose only
importable code is the standard library, numpy (as a notebook has it) and the *kit*, a folder in
the temporary folder assembled from real modules of the package (KIT_MODULES, from the game
registry: the rules of the games and the tree types, no search, no evaluation, no answer key; the
worker, its wire and the notebook's stand-ins for IPython; KIT_INIT as its minimax_lab/__init__). A lesson's
code exercise checked in a kernel runs against the lessons' kit instead (LESSON_KIT_MODULES): the same,
and what lessons hand their answers (Connect Four's evaluation); a grade never comes from it. A kit is
made once for each version of those modules and shared by the user's processes (kit()). The kit is
read-only to the worker and its digest is checked
before every worker starts, so no submission changes what a later one runs against. The worker runs
the assignment's prelude and the student's answer cells, then answers the grader's calls (worker.py
has the protocol). Only plain data crosses (wire.py); the grader compares what comes back with its
own references.

Least privilege, whoever starts the grader:
- The worker never runs as root and never holds a capability. Started as root, the grader runs it
  as an unprivileged user of its own (worker_uid(): an id no account has), switched by util-linux's `setpriv` with every
  capability, the bounding set and new privileges dropped; started as a normal user, it runs as
  that user, without capabilities.
- One process per submission: before any student code, the worker sets its hard limit on
  processes (RLIMIT_NPROC) to 1, which an unprivileged process cannot raise, so an answer can
  neither fork nor start threads. Its CPU time, memory and files are therefore the submission's.
- Time limits are CPU time of the worker (read from /proc), so a neighbour's load cannot fail an
  honest answer; a call that waits without computing is stopped after WALL_FACTOR times the limit.

The sandbox, best first:
- "bubblewrap" (Debian's `bwrap`): new PID, network, IPC and mount namespaces (and a user namespace
  when not started as root); the worker sees the system's programs and libraries, Python and numpy
  read-only, the kit read-only at /kit, and a private tmpfs of WORK_SIZE bytes as its working
  folder and /tmp, nothing else: not the course's source, not the solutions, not the other
  submissions, not the grader's output. When the worker is killed, the PID namespace takes every
  process with it.
- "limits only" (no bwrap on the machine): the same worker, limits and user in a private temporary
  folder with a scrubbed import path. As root it still cannot write the grader's files or signal
  its processes (it is a user of its own), though it sees the file system; as a normal user it
  could read, and signal, what that user can, and its writes are bounded per file only. The report
  says which ran (SANDBOX_NOTE).

Either way: resource limits (LIMITS), a deadline for each call after which the worker and
everything it started are killed with SIGKILL, and the worker's folder removed.
"""

from __future__ import annotations

import atexit
import builtins
import functools
import hashlib
import os
import resource
import select
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any, Callable, Mapping, NoReturn, Optional, Protocol, Sequence, TypedDict, TypeVar, cast

from .guard import CheckFailed, Outcome, StudentProblem, TimedOut, call_student
from ..core.game_types import A, S
from ..games.protocol import Game
from ..games.registry import kit_modules
from .wire import Json, WireError, decode, encode
from .worker import HEADER, MAX_FRAME, TEXT_LIMIT, Reply

PACKAGE = Path(__file__).resolve().parent.parent

WORKER_MODULES = ("running/wire.py", "running/worker.py", "running/notebook_shim.py")
"""The worker itself, with its wire and the notebook's stand-ins for IPython."""

KIT_MODULES = (*kit_modules(), *WORKER_MODULES)
"""The package's files a worker can import: the rules of every game the registry lists, with the
modules they need (minimax_lab.games.registry.kit_modules), and the worker."""

LESSON_KIT_MODULES = (*kit_modules(lessons=True), *WORKER_MODULES)
"""What the lessons' kit holds (a lesson's code exercise checked in a kernel: running.kernel.in_worker):
the kit and what the lessons hand their answers that an assignment asks students to write (Connect
Four's evaluation and features, which lessons 11 and 12 give their answers; the games' lesson_modules)."""

KIT_INIT = "running/kit_package.py"
"""The module copied as the kit's minimax_lab/__init__.py: the games under the names a student knows,
and a clear error for anything else."""

CALL_TIMEOUT = 10.0
"""Seconds of CPU time one call of a student's function may take (loading the answers too)."""

WALL_FACTOR = 5.0
"""A call that has not used its CPU time is stopped after this many times its limit in wall time:
an answer that sleeps or blocks gets no more."""

POLL = 0.1
"""Seconds between two looks at a waiting worker's CPU time."""

CALL_BUDGET = 2_000_000
"""Most calls of a student's functions one check may make."""

MEMORY_LIMIT = 2 * 1024 ** 3
"""Bytes of address space a worker may use."""

FILE_SIZE_LIMIT = 16 * 1024 ** 2
"""The largest file a worker may write, in bytes (16 MiB)."""

WORKDIR = "/tmp"
"""The worker's working folder under bubblewrap, and its /tmp: a tmpfs of WORK_SIZE bytes mounted
before Python and numpy are bound, so that a Python or a venv that lives under /tmp on the host is
bound on top of it (and only that)."""

WORK_SIZE = 64 * 1024 ** 2
"""Bytes the worker's working folder and /tmp may hold together under bubblewrap (a tmpfs)."""

OPEN_FILES_LIMIT = 64
"""How many files a worker may have open at once."""

PROCESS_LIMIT = 1
"""Processes (threads count too) the worker's user may run once the worker has started: none but
itself. The worker sets it as its hard limit before any student code runs."""

WORKER_UID_BASE = 2_000_000_000
"""Started as root, a grading process runs its workers as the user (and group) WORKER_UID_BASE + its
process id: an id no account has, and one per grading process, so that no two submissions graded
at once share a user (to signal each other, or to count against each other's limit on processes)."""


def worker_uid() -> int:
    """Return the user id this process's workers run as when it runs as root."""
    return WORKER_UID_BASE + os.getpid()

LIMITS = {
    "cpu seconds": resource.RLIMIT_CPU,
    "memory": resource.RLIMIT_AS,
    "file size": resource.RLIMIT_FSIZE,
    "open files": resource.RLIMIT_NOFILE,
    "processes": resource.RLIMIT_NPROC,
}
"""The resource limits a worker runs under (their values: Worker.limits)."""

THREADS_OFF = {"OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1", "MKL_NUM_THREADS": "1"}
"""Environment that keeps numpy's libraries from starting threads the worker may not have."""


class SandboxUnavailable(RuntimeError):
    """No worker can be started safely here; the message says what to install or change."""


def as_root() -> bool:
    """Return True when the grader runs as root (its workers then run as worker_uid())."""
    return os.geteuid() == 0


def _drop_privileges() -> list[str]:
    """Return the command prefix that runs a worker as worker_uid() with no capability (as root), or []."""
    if not as_root():
        return []
    setpriv = shutil.which("setpriv") or "/usr/bin/setpriv"
    return [setpriv, f"--reuid={worker_uid()}", f"--regid={worker_uid()}", "--clear-groups", "--inh-caps=-all",
            "--bounding-set=-all", "--no-new-privs", "--"]


def bwrap() -> Optional[str]:
    """Return the path of bubblewrap if it is installed and starts a worker here, else None."""
    found = shutil.which("bwrap")
    if found is None:
        return None
    probe = subprocess.run(_bwrap_command(found, kit(), ["true"] if not as_root() else
                                          [*_drop_privileges(), "/bin/true"]),
                           capture_output=True, timeout=30, check=False, env=_environment(Path("/")))
    return found if probe.returncode == 0 else None


class _Kit(TypedDict, total=False):
    path: Path
    digest: str


_kit: _Kit = {}
_lesson_kit: _Kit = {}
_kit_lock = threading.Lock()


def _site_packages() -> list[Path]:
    """Return the folders of the libraries a worker may import besides the standard library (numpy)."""
    try:
        import numpy
    except ImportError:  # pragma: no cover - numpy is in requirements.in
        return []
    root = Path(numpy.__file__).resolve().parent
    return [path for path in (root, root.parent / "numpy.libs") if path.is_dir()]


def _digest(root: Path) -> str:
    """Return a digest of every file and link in the kit, by path (but the digest it records, DIGEST)."""
    digest = hashlib.sha256()
    for path in sorted(root.rglob("*")):
        if path.parent == root and path.name == DIGEST:
            continue
        digest.update(str(path.relative_to(root)).encode())
        if path.is_symlink():
            digest.update(b"->" + os.readlink(path).encode())
        elif path.is_file():
            digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()


DIGEST = "DIGEST"
"""The file in a kit's top folder that holds the digest its builder took of it (_digest)."""

KIT_PREFIX = "minimax-lab-kit-"
"""How the name of every kit starts, in the system's temporary folder."""

STALE_KIT_AGE = 24 * 3600.0
"""Seconds after which a kit of this user that is not the current one is removed (an earlier version
of the course's modules, or a kit some process made for itself and could not remove)."""


def _remove_kit(root: Path) -> None:
    """Remove a kit: its folders are read-only, which only root may delete from, so they are made
    writable first (the links to numpy are not followed)."""
    for folder in [root, *(path for path in root.rglob("*") if path.is_dir() and not path.is_symlink())]:
        try:
            folder.chmod(0o755)
        except OSError:
            pass
    shutil.rmtree(root, ignore_errors=True)


def _kit_name(lessons: bool) -> str:
    """Return the name of the shared kit: whose it is, which kit, and a digest of everything it is
    made from (the modules' sources, the interpreter, numpy's folders), so a changed module, another
    Python or another numpy is another kit."""
    digest = hashlib.sha256(f"{sys.version}\0{_python()}\0{lessons}\0".encode())
    for name in (*(LESSON_KIT_MODULES if lessons else KIT_MODULES), KIT_INIT):
        digest.update(f"{name}\0".encode() + (PACKAGE / name).read_bytes() + b"\0")
    for library in _site_packages():
        digest.update(f"{library}\0".encode())
    return f"{KIT_PREFIX}{os.geteuid()}-{'lessons' if lessons else 'grading'}-{digest.hexdigest()[:24]}"


def _build_kit(lessons: bool, folder: Path) -> Path:
    """Make a kit in a new folder in `folder`, read-only, its digest recorded in it; return its path."""
    root = Path(tempfile.mkdtemp(prefix=f".{KIT_PREFIX}{os.geteuid()}-", dir=folder))
    package = root / "minimax_lab"
    for name in LESSON_KIT_MODULES if lessons else KIT_MODULES:
        (package / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(PACKAGE / name, package / name)
    shutil.copyfile(PACKAGE / KIT_INIT, package / "__init__.py")
    (package / "running" / "__init__.py").write_text(
        f'"""The worker and its wire; which kit this is (kit_package reads it)."""\n\nLESSONS = {lessons}\n',
        encoding="utf-8")
    _compile(package)
    (root / "site").mkdir()
    for library in _site_packages():
        (root / "site" / library.name).symlink_to(library)
    (root / DIGEST).write_text(_digest(root), encoding="ascii")
    for path in [root, *root.rglob("*")]:
        if not path.is_symlink():
            path.chmod(0o555 if path.is_dir() else 0o444)
    return root


def _compile(package: Path) -> None:
    """Compile the kit's modules into their __pycache__ folders, where the worker's Python (-I, the
    kit read-only) finds them: without them every worker compiles the kit again as it starts (about
    40 ms of its 80). Written there whatever this process's PYTHONPYCACHEPREFIX says; by the source's
    hash, not its time, and under the name the worker sees under bubblewrap (/kit/...), not the
    folder it is made in, so two builds of one kit are the same bytes (the kit is read-only and its
    digest checked, so the worker need not compare them with the sources)."""
    import py_compile

    for source in package.rglob("*.py"):
        compiled = source.parent / "__pycache__" / f"{source.stem}.{sys.implementation.cache_tag}.pyc"
        py_compile.compile(str(source), cfile=str(compiled), dfile=f"/kit/{source.relative_to(package.parent)}",
                           doraise=True, invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)


def _owned(path: Path) -> bool:
    """Return True if `path` is a folder of this user's (not a link)."""
    try:
        status = path.lstat()
    except OSError:
        return False
    return status.st_uid == os.geteuid() and stat.S_ISDIR(status.st_mode)


def _recorded_digest(root: Path) -> Optional[str]:
    """Return the digest recorded in the kit at `root` if this user made it and no one else can have
    changed it since (the folder and its record this user's, not writable by others), else None."""
    try:
        for path in (root, root / DIGEST):
            status = path.lstat()
            if status.st_uid != os.geteuid() or status.st_mode & 0o022 or stat.S_ISLNK(status.st_mode):
                return None
        return (root / DIGEST).read_text(encoding="ascii")
    except (OSError, UnicodeDecodeError):
        return None


def _remove_stale_kits(folder: Path) -> None:
    """Remove this user's kits in `folder`, but the current two, that no one has made for a day."""
    keep, now = {_kit_name(False), _kit_name(True)}, time.time()
    for path in folder.glob(f"{KIT_PREFIX}*"):
        try:
            status = path.lstat()
        except OSError:
            continue
        if path.name not in keep and status.st_uid == os.geteuid() and now - status.st_mtime > STALE_KIT_AGE:
            _remove_kit(path)


def _shared_kit(lessons: bool) -> Path:
    """Return the path of the kit every process of this user shares (in the temporary folder, named
    by _kit_name), made now if it is missing or no longer what its maker recorded. Made in a folder of
    its own and renamed into place, so a process never sees half a kit; if another user has taken the
    name, this process keeps the kit it made for itself, removed at exit."""
    folder = Path(tempfile.gettempdir())
    shared = folder / _kit_name(lessons)
    if _intact(shared):
        return shared
    made = _build_kit(lessons, folder)
    if _intact(shared):  # another process put it in place meanwhile (processes often start together)
        _remove_kit(made)
        return shared
    if _owned(shared):  # this user's, but changed since it was made, or open to others: made again
        _remove_kit(shared)
    try:
        made.rename(shared)
    except OSError:  # put in place by another process just now, or a name another user has taken
        if _intact(shared):
            _remove_kit(made)
            return shared
        atexit.register(_remove_kit, made)
        return made
    _remove_stale_kits(folder)
    return shared


def _intact(root: Path) -> bool:
    """Return True if the kit at `root` is this user's and still what its maker recorded."""
    recorded = _recorded_digest(root)
    try:
        return recorded is not None and _digest(root) == recorded
    except OSError:  # removed while being read
        return False


def kit(lessons: bool = False) -> Path:
    """Return the folder of the kit (the lessons' kit, LESSON_KIT_MODULES, with `lessons`): read-only,
    shared by this user's processes (_shared_kit: made once for each version of the modules, not once
    for each process), and made again if its files are no longer what was made (verified by digest
    at every call, against the digest this process first found it with)."""
    made = _lesson_kit if lessons else _kit
    with _kit_lock:
        if "path" not in made or _digest(made["path"]) != made["digest"]:
            if "path" in made and made["path"].name.startswith("."):  # a kit of this process's own
                _remove_kit(made["path"])
            made["path"] = _shared_kit(lessons)
            made["digest"] = _digest(made["path"])
        path: Path = made["path"]
        return path


def sandbox_name() -> str:
    """Return the sandbox workers run in here: 'bubblewrap' or 'limits only'."""
    return "bubblewrap" if _bwrap_path() else "limits only"


_bwrap_cache: dict[str, Optional[str]] = {}


def _bwrap_path() -> Optional[str]:
    if "path" not in _bwrap_cache:
        _bwrap_cache["path"] = None if os.environ.get("MINIMAX_LAB_SANDBOX") == "limits" else bwrap()
    return _bwrap_cache["path"]


SANDBOX_NOTE = {
    "bubblewrap": "each submission ran in bubblewrap as an unprivileged user without capabilities: its own "
                  "namespaces, only Python, numpy, the system's libraries and the games visible, no network",
    "limits only": "bubblewrap was not available: each submission ran with resource limits, one process and a "
                   "scrubbed import path only, as an unprivileged user when grading as root; graded as a normal "
                   "user, it could read and signal what that user can (install bubblewrap)",
}

BOOT = ("import resource; resource.setrlimit(resource.RLIMIT_NPROC, ({processes}, {processes})); import sys; "
        "sys.path[:0] = [{kit!r}, {kit!r} + '/site']; from minimax_lab.running.worker import main; main()")


def _python() -> str:
    """Return the real path of this Python's interpreter (a venv's python is a link to it)."""
    return os.path.realpath(sys.executable)


def _environment(workdir: Path) -> dict[str, str]:
    return {"PATH": "/usr/bin:/bin", "HOME": str(workdir), **THREADS_OFF}


def _bwrap_command(bwrap_path: str, kit_path: Path, command: Sequence[str]) -> list[str]:
    """Return bubblewrap's command line that runs `command` in the sandbox (see the module's docstring)."""
    python, prefix = _python(), os.path.realpath(sys.base_prefix)
    namespaces = (["--unshare-ipc", "--unshare-pid", "--unshare-net", "--unshare-uts", "--unshare-cgroup-try"]
                  if as_root() else ["--unshare-all", "--cap-drop", "ALL"])
    line = [bwrap_path, *namespaces, "--die-with-parent", "--new-session", "--proc", "/proc", "--dev", "/dev",
            "--size", str(WORK_SIZE), "--perms", "01777", "--tmpfs", WORKDIR]
    for system in ("/usr", "/lib", "/lib64", "/bin", "/sbin", "/lib32", "/libx32"):
        if os.path.islink(system):
            line += ["--symlink", os.readlink(system), system]
        elif os.path.isdir(system):
            line += ["--ro-bind", system, system]
    made: set[str] = {WORKDIR}
    for path in ([prefix] if not prefix.startswith("/usr/") else []) + \
            ([python] if not python.startswith(prefix + "/") else []) + [str(p) for p in _site_packages()]:
        for parent in reversed(Path(path).parents[:-1]):  # readable by the worker's user, as on the host
            if str(parent) not in made and not str(parent).startswith("/usr/"):
                line += ["--perms", "0755", "--dir", str(parent)]
                made.add(str(parent))
        line += ["--ro-bind", path, path]
    line += ["--ro-bind", str(kit_path), "/kit", "--chdir", WORKDIR, "--clearenv"]
    for name, value in _environment(Path(WORKDIR)).items():
        line += ["--setenv", name, value]
    return line + list(command)


def _command(workdir: Path, kit_path: Path) -> list[str]:
    bwrap_path = _bwrap_path()
    inside = "/kit" if bwrap_path else str(kit_path)
    worker = [*_drop_privileges(), _python(), "-I", "-S", "-c", BOOT.format(kit=inside, processes=PROCESS_LIMIT)]
    return worker if bwrap_path is None else _bwrap_command(bwrap_path, kit_path, worker)


_checked_user: dict[str, Optional[str]] = {}


def check_sandbox() -> None:
    """Raise SandboxUnavailable when workers cannot start here: as root without bubblewrap, the
    unprivileged user must be able to run this Python (a Python under /root is not)."""
    if _bwrap_path() is not None or not as_root():
        return
    if "why" not in _checked_user:
        try:
            probe = subprocess.run([*_drop_privileges(), _python(), "-I", "-S", "-c", "pass"], capture_output=True,
                                   timeout=60, check=False, cwd="/", env=_environment(Path("/")))
            failed = probe.returncode != 0
        except OSError:
            failed = True
        _checked_user["why"] = (f"grading as root without bubblewrap runs each worker as the unprivileged user "
                                f"{worker_uid()}, who cannot run this Python ({_python()}): install bubblewrap "
                                "(apt-get install bubblewrap) or grade as a normal user") if failed else None
    if _checked_user["why"] is not None:
        raise SandboxUnavailable(_checked_user["why"])


def _children(pid: int) -> list[int]:
    try:
        with open(f"/proc/{pid}/task/{pid}/children", encoding="ascii") as file:
            return [int(child) for child in file.read().split()]
    except (OSError, ValueError):
        return []


def cpu_seconds(pid: int) -> float:
    """Return the CPU time (user and system) of process `pid` and all its descendants, in seconds."""
    total, ticks, todo = 0, os.sysconf("SC_CLK_TCK"), [pid]
    while todo:
        current = todo.pop()
        try:
            with open(f"/proc/{current}/stat", encoding="ascii", errors="replace") as file:
                fields = file.read().rsplit(")", 1)[1].split()
            total += int(fields[11]) + int(fields[12])
        except (OSError, ValueError, IndexError):
            continue
        todo += _children(current)
    return total / ticks


class Worker:
    """One worker process: started with a prelude and the student's answer cells, then called.

    Every call has a deadline (`call_timeout`, or for the functions in `quick` their own shorter
    one); at the deadline, or when the worker sends anything
    but a well-formed reply, the worker and every process it started are killed (SIGKILL to its
    process group; under bubblewrap, the PID namespace ends with it) and the call raises TimedOut
    or WorkerFailed (both StudentProblem: the check fails with that said). After that, every call
    raises WorkerFailed. Use as a context manager, or call close(). With `lessons`, it runs against
    the lessons' kit (LESSON_KIT_MODULES): a lesson's answer, checked in a notebook, not a grade."""

    def __init__(self, prelude: str, cells: Sequence[tuple[str, str]], *, call_timeout: float = CALL_TIMEOUT,
                 cpu_limit: int = 300, budget: int = CALL_BUDGET, quick: Mapping[str, float] = {},
                 lessons: bool = False):
        self.call_timeout = call_timeout
        self.quick = dict(quick)
        self.budget = budget
        self.calls = 0
        self.dead: Optional[str] = None
        check_sandbox()
        self.workdir = Path(tempfile.mkdtemp(prefix="minimax-lab-worker-"))
        if as_root():
            os.chown(self.workdir, worker_uid(), worker_uid())
        self.limits = {"cpu seconds": cpu_limit, "memory": MEMORY_LIMIT, "file size": FILE_SIZE_LIMIT,
                       "open files": OPEN_FILES_LIMIT, "processes": PROCESS_LIMIT}
        self.process = subprocess.Popen(
            _command(self.workdir, kit(lessons)), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL, cwd=self.workdir, start_new_session=True, close_fds=True,
            env=_environment(self.workdir), preexec_fn=self._limit)
        self.load_errors: list[str] = []
        self.sources = dict(cells)
        try:
            self._load(prelude=prelude, what="running the assignment's prelude")
            for cell in cells:
                try:
                    self._load(cell=cell, what=f"running your {cell[0]}")
                except StudentProblem as problem:
                    raise LoadFailed(cell[0], str(problem)) from None
        except BaseException:
            self.close()
            raise

    def _load(self, *, what: str, prelude: str = "", cell: Optional[tuple[str, str]] = None) -> None:
        """Have the worker run the prelude or one answer cell; keep what the cell raised."""
        reply = self._request({"op": "load", "prelude": prelude, "cells": [list(cell)] if cell else []},
                              what=what)
        errors = reply.get("errors") if isinstance(reply, dict) else None
        if not (isinstance(errors, list) and all(isinstance(e, str) for e in errors)):
            self._fail(f"the worker's reply while {what} is unreadable", WorkerFailed)
        self.load_errors += [e[:500] for e in errors if isinstance(e, str)]  # all are (checked above)

    def _limit(self) -> None:
        """Set the resource limits but the one on processes (in the child, before it runs the sandbox,
        which needs a process of its own; the worker sets that one itself, first thing)."""
        for name, which in LIMITS.items():
            if which == resource.RLIMIT_NPROC:
                continue
            value = self.limits[name]
            try:
                resource.setrlimit(which, (value, value))
            except (ValueError, OSError):
                pass
        signal.signal(signal.SIGPIPE, signal.SIG_DFL)

    def __enter__(self) -> "Worker":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        """Kill the worker with everything it started, and remove its folder (and, as root without
        bubblewrap, whatever its user left in the folders every user may write to)."""
        self._kill()
        if as_root() and _bwrap_path() is None:
            remove_owned_by(worker_uid())
        for stream in (self.process.stdin, self.process.stdout):
            try:
                if stream is not None:
                    stream.close()
            except OSError:
                pass
        shutil.rmtree(self.workdir, ignore_errors=True)

    def _kill(self) -> None:
        try:
            os.killpg(self.process.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            pass

    def _failure(self, why: str, kind: type[StudentProblem] = StudentProblem) -> StudentProblem:
        """Kill the worker and return the error to raise: from now on every call fails with `why`."""
        self.dead = why
        self._kill()
        return kind(why)

    def _fail(self, why: str, kind: type[StudentProblem] = StudentProblem) -> NoReturn:
        raise self._failure(why, kind)

    def _request(self, message: Json, *, what: str, timeout: Optional[float] = None) -> Json:
        if self.dead is not None:
            raise WorkerStopped(f"not run: {self.dead}")
        body = encode_frame(message)
        clock = CallClock(self.process.pid, self.call_timeout if timeout is None else timeout)
        try:
            assert self.process.stdin is not None
            self.process.stdin.write(body)
            self.process.stdin.flush()
        except (BrokenPipeError, OSError):
            self._fail(self._ended(what), WorkerFailed)
        header = self._read(HEADER.size, clock, what)
        (length,) = HEADER.unpack(header)
        if length > MAX_FRAME:
            self._fail(f"your code sent the grader {length:,} bytes while {what}", WorkerFailed)
        import json
        try:
            reply: Json = json.loads(self._read(length, clock, what).decode("utf-8"))
            return reply
        except (ValueError, RecursionError):
            self._fail(f"the grader could not read the worker's reply while {what}", WorkerFailed)

    def _ended(self, what: str) -> str:
        code = self.process.poll()
        how = "ended the worker process" if code is None or code >= 0 else \
            f"was killed by signal {-code} (a resource limit?)"
        return f"your code {how} while {what}"

    def _read(self, count: int, clock: "CallClock", what: str) -> bytes:
        assert self.process.stdout is not None
        fd = self.process.stdout.fileno()
        chunks, got = [], 0
        while got < count:
            if not select.select([fd], [], [], POLL)[0]:
                over = clock.over()
                if over:
                    self._fail(f"timed out after {over} while {what}", TimedOut)
                continue
            chunk = os.read(fd, min(count - got, 1 << 20))
            if not chunk:
                self._fail(self._ended(what), WorkerFailed)
            chunks.append(chunk)
            got += len(chunk)
        return b"".join(chunks)

    def call(self, name: str, args: Sequence[object], writes: Sequence[int] = ()) -> Reply:
        """Return the worker's reply to calling `name` on `args` (worker.py lists the replies)."""
        self._count(1, name)
        try:
            message: Json = {"op": "call", "name": name, "args": [encode(a) for a in args],
                             "writes": list[Json](writes)}
        except WireError as error:
            raise TypeError(f"the grader cannot send {name} its arguments: {error}") from None
        reply = self._request(message, what=f"running {name}", timeout=self.quick.get(name))
        return self._checked(reply, name)

    def batch(self, name: str, calls: Sequence[Sequence[object]], shared: Sequence[object] = ()) -> list[Reply]:
        """Return the replies to calling `name` on the `shared` arguments followed by each argument
        list, in one round trip (the worker stops at the first reply that is not a value; the list is
        then shorter). The shared arguments (the maze evaluation's game) cross once."""
        self._count(len(calls), name)
        message: Json = {"op": "batch", "name": name, "shared": [encode(a) for a in shared],
                         "calls": [[encode(a) for a in args] for args in calls]}
        reply = self._request(message, what=f"running {name} on {len(calls)} positions",
                              timeout=self.quick.get(name))
        replies = reply.get("replies") if isinstance(reply, dict) else None
        if not isinstance(replies, list) or not 0 < len(replies) <= len(calls):
            raise self._failure(f"the worker's reply to a batch of {name} is unreadable", WorkerFailed)
        return [self._checked(r, name) for r in replies]

    def _count(self, calls: int, name: str) -> None:
        self.calls += calls
        if self.calls > self.budget:
            self._fail(f"the check called {name} more than {self.budget:,} times", StudentProblem)

    def _checked(self, reply: Json, name: str) -> Reply:
        known = ("value", "raised", "unanswered", "course", "missing", "unreadable", "changed")
        if not (isinstance(reply, dict) and any(key in reply for key in known)):
            self._fail(f"the worker's reply while running {name} is unreadable", WorkerFailed)
        return reply


SHARED_FOLDERS = ("/tmp", "/var/tmp", "/dev/shm")
"""The folders every user may write to, where a worker without bubblewrap can leave files."""


def remove_owned_by(uid: int) -> None:
    """Remove every file and folder that user `uid` owns at the top of SHARED_FOLDERS (a worker's
    user is its grading process's own, so nothing else is its)."""
    for folder in SHARED_FOLDERS:
        try:
            entries = list(os.scandir(folder))
        except OSError:
            continue
        for entry in entries:
            try:
                if entry.stat(follow_symlinks=False).st_uid != uid:
                    continue
                if entry.is_dir(follow_symlinks=False):
                    shutil.rmtree(entry.path, ignore_errors=True)
                else:
                    os.unlink(entry.path)
            except OSError:
                pass


class CallClock:
    """The time limit of one call: `limit` seconds of the worker's CPU time, or WALL_FACTOR times that
    in wall time for a call that waits rather than computes. The worker's CPU time is read only once
    the call has waited POLL seconds (a quick reply costs no look at /proc); what it used before that
    is counted as that first POLL."""

    def __init__(self, pid: int, limit: float):
        self.pid, self.limit = pid, limit
        self.started = time.monotonic()
        self.first: Optional[float] = None

    def over(self) -> str:
        """Return how the call ran out of time ('2 s of CPU time'), or '' while it has time left."""
        now = cpu_seconds(self.pid)
        if self.first is None:
            self.first = now - min(POLL, time.monotonic() - self.started)
        if now - self.first >= self.limit:
            return f"{self.limit:g} s of CPU time"
        if time.monotonic() - self.started >= self.limit * WALL_FACTOR:
            return f"{self.limit:g} s: it waited {self.limit * WALL_FACTOR:g} s without finishing"
        return ""


def encode_frame(message: Json) -> bytes:
    """Return a request as the worker reads it: header and JSON body."""
    import json
    body = json.dumps(message, allow_nan=False, separators=(",", ":")).encode("utf-8")
    return HEADER.pack(len(body)) + body


class WorkerFailed(StudentProblem):
    """The worker ended, or sent something that is not a reply; it was killed."""


class WorkerStopped(StudentProblem):
    """A call after the worker was stopped (by a time-out or a failure earlier in the check)."""


class CourseCodeUsed(StudentProblem):
    """The student's function tried to import the course's own code, which the kit does not have."""


class LoadFailed(StudentProblem):
    """An answer cell stopped the worker (it crashed it, or ran past the time limit): the check is
    run again without that cell."""

    def __init__(self, label: str, why: str):
        super().__init__(f"{label}: {why}")
        self.label, self.why = label, why


def start_worker(prelude: str, cells: Sequence[tuple[str, str]], *, left_out: Optional[dict[str, str]] = None,
                 **options: Any) -> tuple[Worker, list[str]]:
    """Return a Worker running `prelude` and `cells`, and a note for each answer cell left out because
    it stopped the worker while loading (so one broken cell cannot fail the answers of the others).

    `left_out` (label: why), if given, holds the cells left out before, by an earlier check of the
    same submission: they are left out again at once rather than given another deadline to miss,
    and the cells left out now are added to it."""
    known = {} if left_out is None else left_out
    left = [cell for cell in cells if cell[0] not in known]
    notes = [f"{label} was left out: {why}" for label, why in known.items()]
    while True:
        try:
            return Worker(prelude, left, **options), notes
        except LoadFailed as failed:
            notes.append(f"{failed.label} was left out: {failed.why}")
            known[failed.label] = failed.why
            left = [cell for cell in left if cell[0] != failed.label]


class RemoteError(Exception):
    """The exception a student's function raised in the worker: its type's name and message. Made
    with `raised`, it is of a subclass named as the student's exception was, and for a built-in
    exception also of that type (a student's TypeError is a TypeError here too): what a check says of
    it, and the hints a check gives for an error of that type, are those the kernel gives."""

    def __init__(self, kind: str, message: str):
        super().__init__(message)
        self.kind = kind

    def __str__(self) -> str:
        return str(self.args[0])

    @staticmethod
    def raised(kind: str, message: str) -> "RemoteError":
        """Return the RemoteError for the student's exception of type `kind` with `message`."""
        return _remote_error_class(kind if kind.isidentifier() and len(kind) <= 100 else "RemoteError")(kind, message)


NOT_MIRRORED = (StopIteration, StopAsyncIteration, MemoryError)
"""Built-in exceptions a RemoteError never is as well (they steer generators and memory handling)."""


@functools.lru_cache(maxsize=128)
def _remote_error_class(name: str) -> type[RemoteError]:
    if name == "RemoteError":
        return RemoteError
    builtin: object = getattr(builtins, name, None)
    bases: tuple[type, ...] = (RemoteError,)
    if isinstance(builtin, type) and issubclass(builtin, Exception) and not issubclass(builtin, NOT_MIRRORED):
        bases = (RemoteError, builtin)
    try:
        made = type(name, bases, {"__module__": __name__})
        made(name, "")  # a built-in that needs more to be made (UnicodeDecodeError) is not mirrored
    except TypeError:
        made = type(name, (RemoteError,), {"__module__": __name__})
    return made


def _said(text: object) -> str:
    """Return text from a reply as the grader keeps it: a string of at most the worker's TEXT_LIMIT
    characters (the worker sends no more of a student's message; a forged reply may, and is cut)."""
    said = text if isinstance(text, str) else "<not text>"
    return said if len(said) <= TEXT_LIMIT else said[:TEXT_LIMIT] + " (cut)"


class RemoteFunction:
    """A student's function, as the grader calls it: the arguments go to the worker, what it returns
    comes back as plain data. `remote(*args)` returns the value or raises (NotImplementedError when
    not answered yet, RemoteError for the student's exception, a StudentProblem for the rest);
    `outcome(args, writes)` is what guard.call_student returns for it."""

    runs_elsewhere = True
    """It calls code in the worker: guard.runs_here never forks a child to run it (a fork would share
    the worker's pipe)."""

    def __init__(self, worker: Worker, name: str, *, states: bool = False):
        self.worker = worker
        self.name = self.__name__ = name
        self.cache: Optional[dict[str, object]] = None
        self.states = states
        """Whether what it returns may hold games' positions (a lesson's table of positions); an
        assignment's answers are plain data."""

    def __repr__(self) -> str:
        return f"<your {self.name}>"

    def reply_value(self, reply: Reply) -> object:
        """Return the value of a reply, or raise what the reply says happened."""
        if "value" in reply:
            try:
                return decode(reply["value"], games=self.states)
            except (WireError, RecursionError) as error:
                raise StudentProblem(f"{self.name} returned something the grader cannot read: {error}") from None
        if "raised" in reply and isinstance(reply["raised"], (list, str, dict)):
            kind, message = (list(reply["raised"]) + ["", ""])[:2]
            raise RemoteError.raised(_said(kind), _said(message))
        if "unanswered" in reply:
            raise NotImplementedError(_said(reply["unanswered"]) or f"{self.name} is not written yet")
        if "missing" in reply:
            broken = self._load_error()
            if broken is not None and " uses the course's " in broken:
                raise CourseCodeUsed(f"{self.name} is not defined: your {broken}; this exercise asks for your own")
            raise NotImplementedError(f"no function {self.name} is defined in your answer cells"
                                      + (f" ({broken})" if broken else ""))
        if "course" in reply:
            raise CourseCodeUsed(f"{self.name} uses the course's {_said(reply['course']).removeprefix('minimax_lab.')}"
                                 "; this exercise asks for your own")
        if "changed" in reply and isinstance(reply["changed"], int):
            raise InputChangedRemote(f"{self.name} changed the argument {reply['changed'] + 1} it was given")
        raise StudentProblem(f"{self.name} {_said(reply.get('unreadable', 'sent an unreadable reply'))}")

    def _load_error(self) -> Optional[str]:
        """Return the error of the answer cell that defines this function, if that cell raised."""
        cells = [label for label, source in self.worker.sources.items() if f"def {self.name}(" in source]
        return next((e for e in self.worker.load_errors for label in cells if e.startswith(label)), None)

    def __call__(self, *args: Any) -> object:  # Any: a subclass takes one argument (the position)
        return self.reply_value(self.worker.call(self.name, args))

    def call_with_writes(self, args: Sequence[object], writes: Sequence[int]) -> object:
        """Call with the lists at `writes` filled as the student's function filled its copies."""
        reply = self.worker.call(self.name, args, writes)
        value = self.reply_value(reply)
        filled = reply.get("writes", {})
        for index in writes:
            data = filled.get(str(index)) if isinstance(filled, dict) else None
            target = args[index]
            counted = hasattr(target, "fill_from")  # an evaluation that counts its calls
            try:
                items = decode(data, games=counted)
            except (WireError, RecursionError):
                items = None
            if isinstance(items, list) and isinstance(target, list):
                target[:] = items
            elif counted:
                try:
                    cast(_Fills, target).fill_from(items)  # it has fill_from: `counted`
                except TypeError:
                    raise StudentProblem(f"{self.name} replaced the evaluation it was given") from None
        return value

    def batch(self, calls: Sequence[Sequence[object]]) -> list[object]:
        """Return the values for each argument list, in one round trip; raise as __call__ does for
        the first call that did not return a value."""
        replies = self.worker.batch(self.name, calls)
        values = [self.reply_value(reply) for reply in replies]
        if len(values) < len(calls):
            raise StudentProblem(f"the worker stopped a batch of {self.name} early")
        return values


class _Fills(Protocol):
    """An argument the student's function fills (an evaluation that counts its calls)."""

    def fill_from(self, items: object) -> None: ...


class InputChangedRemote(StudentProblem):
    """The student's function changed an argument it was given (its own copy, in the worker)."""


class Batches:
    """A student's evaluation as a depth-limited search in the grader uses it: asked once per
    position, and in batches: `before(player)` wraps a player so that, before each of its moves,
    every position at its search's horizon not asked yet is asked in one go (one round trip to the
    worker, or one guarded call in the kernel). A position whose evaluation failed raises again each
    time the search asks for it."""

    BATCH = 2000
    """Most positions asked in one go."""

    def __init__(self, depth: int, leading: tuple[object, ...] = ()):
        self.depth = depth
        self.leading = leading
        """Arguments the student's function takes before the position (the maze evaluation's game)."""
        self.values: dict[object, object] = {}
        self.errors: dict[object, BaseException] = {}

    def __call__(self, state: object) -> object:
        try:
            return self.values[state]  # the common case: asked before the move, in its batch
        except KeyError:
            pass
        if state in self.errors:
            raise self.errors[state]
        self.values[state] = value = self.ask_one(state)
        return value

    def ask_one(self, state: object) -> object:
        """Return the student's value of one position, or raise what its evaluation raised."""
        raise NotImplementedError

    def ask(self, positions: Sequence[object]) -> list[tuple[object, Optional[BaseException]]]:
        """Return (value, None) or (None, the error) for the first positions, up to the first error."""
        raise NotImplementedError

    def prefetch(self, game: Game[S, A], state: S) -> None:
        """Ask about every position `self.depth` plies from `state` not asked about yet."""
        frontier: list[S] = [state]
        for ply in range(self.depth):
            following = []
            for position in frontier:
                if not game.is_terminal(position):
                    following += [game.result(position, a) for a in game.actions(position)]
            frontier = list(dict.fromkeys(following))  # a position reached twice is expanded once
        horizon = [p for p in frontier if not game.is_terminal(p) and p not in self.values and p not in self.errors]
        for start in range(0, len(horizon), self.BATCH):
            chunk = horizon[start:start + self.BATCH]
            for position, (value, error) in zip(chunk, self.ask(chunk)):
                if error is None:
                    self.values[position] = value
                else:
                    self.errors[position] = error

    def before(self, player: Callable[[Game[S, A], S], A]) -> Callable[[Game[S, A], S], A]:
        """Return `player`, prefetching its horizon before each move."""

        def batched(game: Game[S, A], state: S) -> A:
            self.prefetch(game, state)
            return player(game, state)

        return batched


class BatchedEvaluation(Batches, RemoteFunction):
    """Batches of a student's evaluation that runs in its worker: a batch is one round trip."""

    def __init__(self, remote: RemoteFunction, depth: int, leading: tuple[object, ...] = ()):
        RemoteFunction.__init__(self, remote.worker, remote.name)
        Batches.__init__(self, depth, leading)

    def ask_one(self, state: object) -> object:
        return RemoteFunction.__call__(self, *self.leading, state)

    def ask(self, positions: Sequence[object]) -> list[tuple[object, Optional[BaseException]]]:
        asked: list[tuple[object, Optional[BaseException]]] = []
        for reply in self.worker.batch(self.name, [(p,) for p in positions], shared=self.leading):
            try:
                asked.append((self.reply_value(reply), None))
            except Exception as error:  # noqa: BLE001 - raised again when the search asks
                asked.append((None, error))
        return asked


class KernelBatches(Batches):
    """Batches of a student's evaluation that runs in the kernel (no worker: under Pyodide, or a
    test's call): a batch is one guarded call (guard.call_student: copies, the package's searches
    forbidden, a time limit, output captured) that evaluates its positions in turn, so the guard is
    set up once a move, not once a position. The leading arguments at the indices in `shared` are
    passed as they are (a game: too big to copy) but must come back unchanged."""

    def __init__(self, evaluate: Callable[..., object], depth: int, leading: tuple[object, ...] = (),
                 shared: Sequence[int] = ()):
        super().__init__(depth, leading)
        self.evaluate, self.shared = evaluate, tuple(shared)
        self.__name__ = str(getattr(evaluate, "__name__", "evaluate"))

        def each(*arguments: object) -> list[tuple[object, Optional[BaseException]]]:
            *before, states = arguments
            asked: list[tuple[object, Optional[BaseException]]] = []
            for state in cast(list[object], states):
                try:
                    asked.append((evaluate(*before, state), None))
                except (StudentProblem, NotImplementedError):
                    raise
                except (Exception, SystemExit) as error:  # noqa: BLE001 - raised again when the search asks
                    asked.append((None, error))
                    break
            return asked

        each.__name__ = self.__name__
        self.each = each
        """The guarded call of a batch: made once, so the guard prepares it once (guard.forbidder_for)."""

    def ask_one(self, state: object) -> object:
        return self.checked(call_student(self.evaluate, *self.leading, state, shared=self.shared))

    def ask(self, positions: Sequence[object]) -> list[tuple[object, Optional[BaseException]]]:
        asked = self.checked(call_student(self.each, *self.leading, list(positions), shared=self.shared))
        return cast(list[tuple[object, Optional[BaseException]]], asked)

    @staticmethod
    def checked(outcome: Outcome) -> object:
        """Return the value of a guarded call, or raise what stopped it or what it raised."""
        if outcome.stopped is not None:
            raise outcome.stopped
        if outcome.error is not None:
            raise outcome.error
        return outcome.value


Evaluation = TypeVar("Evaluation", bound=Callable[..., object])


def in_batches(evaluate: Evaluation, depth: int) -> Evaluation:
    """Return a student's evaluation ready for a depth-`depth` search, asked in batches: a
    BatchedEvaluation when it runs in a worker, else KernelBatches (in a notebook with no worker)."""
    if isinstance(evaluate, RemoteFunction):  # it stands in for the student's function, as the RemoteFunction does
        return cast(Evaluation, BatchedEvaluation(evaluate, depth))
    return cast(Evaluation, KernelBatches(evaluate, depth))


def prefetching(evaluate: object, player: Callable[[Game[S, A], S], A]) -> Callable[[Game[S, A], S], A]:
    """Return `player`, prefetching `evaluate`'s positions before each move when it is batched."""
    return evaluate.before(player) if isinstance(evaluate, Batches) else player


__all__ = ["CALL_TIMEOUT", "CALL_BUDGET", "KIT_MODULES", "SANDBOX_NOTE", "CheckFailed", "CourseCodeUsed",
           "RemoteError", "RemoteFunction", "TimedOut", "Worker", "WorkerFailed", "kit", "sandbox_name"]
