"""The server-free edition's pieces that run without Node or a browser (make test):

* scripts/build_lite.py's pyodide-lock.json: one entry per wheel, its hash, what it imports, and
  the requirements that apply on Pyodide (Python 3.14 on wasm32); refusing what Pyodide cannot load;
* what the package does where no program or child process can start (Pyodide): drawings by the
  pure-Python layout, student code run in this process under the time limit.

The site itself, run in Node and in Chromium, is tests/browser/test_lite.py (make test-browser).
"""

from __future__ import annotations

import hashlib
import os
import re
import subprocess
import sys
import zipfile
from pathlib import Path

import graphviz
import pytest
from lite_build import build_lite

from minimax_lab.display import draw as draw_module
from minimax_lab.display.draw import draw, png_of, side_by_side, svg_text
from minimax_lab.running import guard
from minimax_lab.running.guard import child_process

pytestmark = pytest.mark.slow  # builds parts of the server-free edition

ROOT = Path(__file__).resolve().parents[2]
PYODIDE_INFO = {"abi_version": "2026_0", "arch": "wasm32", "platform": "emscripten_5_0_3", "python": "3.14.2"}




def make_wheel(folder: Path, name: str, version: str, requires: list[str], files: list[str],
               tag: str = "py3-none-any") -> Path:
    """Write a small wheel with these Requires-Dist lines and files; return its path."""
    dist = f"{name.replace('-', '_')}-{version}"
    wheel = folder / f"{dist}-{tag}.whl"
    metadata = "".join([f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n",
                        *(f"Requires-Dist: {line}\n" for line in requires)])
    with zipfile.ZipFile(wheel, "w") as archive:
        for path in files:
            archive.writestr(path, "")
        archive.writestr(f"{dist}.dist-info/METADATA", metadata)
    return wheel


def test_lock_lists_each_wheel_with_its_hash_imports_and_pyodide_requirements(tmp_path: Path) -> None:
    course = make_wheel(tmp_path, "course", "1.0", [
        "tool>=1", "posix-only; sys_platform != 'emscripten'", "old-python; python_version < '3.12'",
        "wasm-only; platform_machine == 'wasm32'", "extra-thing; extra == 'dev'", "numpy"],
        ["course/__init__.py", "course/sub/mod.py", "course-1.0.data/scripts/x"])
    tool = make_wheel(tmp_path, "tool", "2.0", [], ["tool.py"])
    wasm = make_wheel(tmp_path, "wasm-only", "0.1", [], ["wasm_only/__init__.py"])
    lock = build_lite.pyodide_lock({"info": PYODIDE_INFO}, [course, tool, wasm])
    assert lock["info"] == PYODIDE_INFO
    assert sorted(lock["packages"]) == ["course", "tool", "wasm-only"]
    entry = lock["packages"]["course"]
    # numpy applies but is DROPPED (only Pyodide's CDN has it); the others do not apply on Pyodide
    assert entry["depends"] == ["tool", "wasm-only"]
    assert entry["imports"] == ["course"]
    assert entry["sha256"] == hashlib.sha256(course.read_bytes()).hexdigest()
    assert entry["file_name"] == course.name and "://" not in entry["file_name"]
    assert lock["packages"]["tool"]["imports"] == ["tool"]


def test_lock_refuses_what_pyodide_cannot_load(tmp_path: Path) -> None:
    compiled = make_wheel(tmp_path, "fast", "1.0", [], ["fast.py"], tag="cp311-cp311-manylinux_2_17_x86_64")
    with pytest.raises(ValueError, match="fast-1.0-cp311.*not a pure-Python wheel"):
        build_lite.pyodide_lock({"info": PYODIDE_INFO}, [compiled])
    needy = make_wheel(tmp_path, "needy", "1.0", ["absent>=2"], ["needy.py"])
    with pytest.raises(ValueError, match=r"needy-1.0-py3-none-any.whl needs \['absent'\]"):
        build_lite.pyodide_lock({"info": PYODIDE_INFO}, [needy])
    other = tmp_path / "other"
    other.mkdir()
    twice = [make_wheel(tmp_path, "same", "1.0", [], ["same.py"]), make_wheel(other, "same", "2.0", [], ["same.py"])]
    with pytest.raises(ValueError, match="two wheels of the same package"):
        build_lite.pyodide_lock({"info": PYODIDE_INFO}, twice)


def test_site_opens_at_the_first_lesson_and_keeps_jupyterlites_page() -> None:
    page = '<html>\n  <head>\n    <script id="jupyter-config-data">{}</script>\n  </head>\n</html>'
    opened = build_lite.opening_at(page, "00_start_here.ipynb")
    redirect = 'window.location.replace("./lab/index.html?path=00_start_here.ipynb")'
    assert opened.index(redirect) < opened.index("jupyter-config-data")
    assert opened.replace("\n    " + build_lite.OPEN_FIRST.format(first="00_start_here.ipynb"), "", 1) == page
    with pytest.raises(ValueError, match="no single <head>"):
        build_lite.opening_at("<html></html>", "00_start_here.ipynb")


def test_site_config_loads_every_package_and_never_pypi() -> None:
    config = build_lite.site_config(["a", "b"])
    kernel = config["jupyter-config-data"]["litePluginSettings"][f"{build_lite.KERNEL_EXTENSION}:kernel"]
    assert kernel == {"loadPyodideOptions": {"packages": ["a", "b"]}, "disablePyPIFallback": True}


# --- where no program starts (Pyodide) ---------------------------------------------------------

def no_process(*args: object, **kwargs: object) -> None:
    raise OSError(138, "emscripten does not support processes")   # what Pyodide raises


def test_drawings_fall_back_to_the_pure_python_layout_where_no_program_starts(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(graphviz.Digraph, "pipe", no_process)
    drawing = draw([[3, 12, 8], [2, 4, 6], [14, 5, 2]], "alphabeta")
    svg = svg_text(drawing)
    assert svg.startswith("<svg") and svg.count('class="node"') == 13 and "Generated by graphviz" not in svg
    assert png_of(drawing) is None
    data, _ = drawing._repr_mimebundle_()
    assert set(data) == {"text/plain", "image/svg+xml"}
    both, _ = side_by_side({"a": drawing, "b": draw([[1, 2]])})._repr_mimebundle_()
    assert set(both) == {"text/plain", "image/svg+xml"} and both["image/svg+xml"].count('class="node"') == 13 + 4


def test_no_fork_on_pyodide(monkeypatch: pytest.MonkeyPatch) -> None:
    assert child_process.can_fork() == hasattr(os, "fork")
    monkeypatch.setattr(sys, "platform", "emscripten")
    assert not child_process.can_fork()
    assert not guard.runs_here(len)
    parent = os.getpid()
    assert guard.run_limited(os.getpid, 2) == parent      # run here, not in a child
    with pytest.raises(guard.TimedOut):
        guard.run_limited(spin, 0.2)


def spin() -> None:
    while True:
        pass


def test_draw_module_imports_no_image_library_for_svg_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """Drawings side by side need PIL only for their PNG, which Pyodide (no dot) never makes."""
    monkeypatch.setattr(graphviz.Digraph, "pipe", no_process)
    monkeypatch.setitem(sys.modules, "PIL", None)    # import PIL now fails
    picture = side_by_side({"one": draw([[1, 2]])})
    assert picture.png() is None
    assert draw_module.Drawings is type(picture)


def test_readme_names_the_lessons_in_the_site_and_what_blocks_the_others() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme[readme.index("#### Without a server"):]
    section = " ".join(section[:section.index("\n## ")].split())
    in_site = section[section.index("Lessons in the site:"):section.index("Left out:")]
    left_out = section[section.index("Left out:"):section.index("compiled packages")]
    assert set(re.findall(r"`(\d\d_\w+)`", in_site)) == set(build_lite.LESSONS)
    assert set(re.findall(r"`(\d\d_\w+)`", left_out)) == set(build_lite.BLOCKED)
    named = dict(re.findall(r"`(\d\d_\w+)`,? which (?:plots|fits weights) with (\w+)", left_out))
    assert named == build_lite.BLOCKED, left_out


PYODIDE_LACKS = ("resource", "fcntl", "termios")
"""Standard modules Pyodide's Python does not have: what a lesson imports may not need them."""


def test_what_the_lessons_import_needs_nothing_pyodide_lacks() -> None:
    """Every module a lesson imports (the package, its checks, displays and analyses) imports in a
    Python without PYODIDE_LACKS; the grader's sandbox, which needs them, is imported only where a
    worker can start."""
    code = ("import importlib, pkgutil, sys\n"
            f"for name in {PYODIDE_LACKS!r}:\n    sys.modules[name] = None\n"
            "import minimax_lab\n"
            "for package in ('minimax_lab.checks', 'minimax_lab.display', 'minimax_lab.analysis'):\n"
            "    for info in pkgutil.walk_packages(importlib.import_module(package).__path__, package + '.'):\n"
            "        importlib.import_module(info.name)\n"
            "print(sorted(name for name in sys.modules if name.startswith('minimax_lab.running.sandbox')))\n")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert run.returncode == 0 and run.stdout.strip() == "[]", run.stdout + run.stderr[-3000:]
