"""Build the server-free edition (`make lite`): a static JupyterLite site in build/lite/.

The site runs the course in the browser on Pyodide, with nothing fetched from a CDN: everything it
loads is in build/lite/. It holds
  * the Pyodide runtime from npm (scripts/lite/package-lock.json, installed by scripts/setup_lite.sh);
  * the course's wheel, built here from pyproject.toml, and the pure-Python wheels the lessons and
    the kernel need, downloaded from PyPI by scripts/setup_lite.sh (scripts/lite/requirements-pyodide.lock)
    into build/lite-wheels/, plus the kernel's own wheels (ipykernel, piplite, pyodide-kernel) from
    jupyterlite-pyodide-kernel;
  * a pyodide-lock.json written here that lists exactly those wheels (the npm package's lock names
    356 packages that only Pyodide's CDN serves), all of them loaded when the kernel starts, so that
    `import minimax_lab` works in every lesson;
  * the lessons that run there (LESSONS), opening at 00_start_here.

tests/browser/test_lite.py loads the site's Pyodide (build/lite/static/pyodide/) into Node and runs
the lessons on it, then opens the site in Chromium.
"""

from __future__ import annotations

import email.parser
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path
from typing import Any

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name, parse_wheel_filename

ROOT = Path(__file__).resolve().parent.parent
LITE = ROOT / "scripts" / "lite"
PYODIDE_NPM = LITE / "node_modules" / "pyodide"
WHEELS = ROOT / "build" / "lite-wheels"
SOURCE = ROOT / "build" / "lite-src"
SITE = ROOT / "build" / "lite"

LESSONS = ("00_start_here", "01_minimax_values", "02_negamax", "03_alpha_beta", "04_move_ordering",
           "05_transpositions_and_windows", "07_tic_tac_toe", "08_solving_games", "09_several_players_and_chance",
           "10_monte_carlo_tree_search", "11_search_with_a_horizon", "13_chance",
           "14_imperfect_information")
"""The lessons in the site: those whose every cell runs under Pyodide (tests/browser/test_lite.py).
The others (06 plots with matplotlib, 12 fits weights with numpy) need a compiled package that only
Pyodide's CDN serves (BLOCKED)."""

BLOCKED = {"06_complexity": "matplotlib", "12_game_engines": "numpy"}
"""The lessons left out of the site, with the package (only on Pyodide's CDN) their first cell imports."""

FIRST = "00_start_here.ipynb"

RUNTIME = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide.js")
"""The files of the npm `pyodide` package the runtime loads (not its source maps, typings or demos)."""

KERNEL_WHEELS = ("ipykernel", "piplite", "pyodide-kernel", "widgetsnbextension")
"""The JupyterLite kernel's own wheels, shipped inside jupyterlite-pyodide-kernel's extension
(its ipykernel and widgetsnbextension are stand-ins made for Pyodide)."""

WIDGETS_EXTENSION = "@jupyter-widgets/jupyterlab-manager"
KERNEL_EXTENSION = "@jupyterlite/pyodide-kernel-extension"


def pyodide_environment(info: dict[str, str]) -> dict[str, str]:
    """Return the environment markers of the Pyodide runtime a lock's `info` describes."""
    full = info["python"]
    return {"implementation_name": "cpython", "implementation_version": full, "os_name": "posix",
            "platform_machine": "wasm32", "platform_python_implementation": "CPython",
            "platform_release": "", "platform_system": "Emscripten", "platform_version": "",
            "python_full_version": full, "python_version": ".".join(full.split(".")[:2]),
            "sys_platform": "emscripten", "extra": ""}


def wheel_entry(wheel: Path, environment: dict[str, str]) -> dict[str, Any]:
    """Return a pyodide-lock.json package entry for a pure-Python wheel; `depends` holds every
    requirement that applies in `environment`, by canonical name (checked against the lock later)."""
    name, version, _, tags = parse_wheel_filename(wheel.name)
    if not all(tag.platform == "any" for tag in tags):
        raise ValueError(f"{wheel.name} is not a pure-Python wheel: Pyodide needs a build for wasm32")
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        metadata_file = next((n for n in names if n.endswith(".dist-info/METADATA")), None)
        if metadata_file is None:
            raise ValueError(f"{wheel.name} has no .dist-info/METADATA")
        metadata = email.parser.Parser().parsestr(archive.read(metadata_file).decode("utf-8"))
    requires = [Requirement(line) for line in metadata.get_all("Requires-Dist") or []]
    depends = sorted({canonicalize_name(r.name) for r in requires
                      if r.marker is None or r.marker.evaluate(environment)})
    imports = sorted({n.split("/")[0].removesuffix(".py") for n in names
                      if not n.split("/")[0].endswith((".dist-info", ".data")) and (n.endswith(".py") or "/" in n)})
    return {"name": str(name), "version": str(version), "file_name": wheel.name, "install_dir": "site",
            "sha256": hashlib.sha256(wheel.read_bytes()).hexdigest(), "package_type": "package",
            "imports": imports, "depends": list(depends), "unvendored_tests": False}


def pyodide_lock(npm_lock: dict[str, Any], wheels: list[Path]) -> dict[str, Any]:
    """Return a pyodide-lock.json for `wheels` alone, for the runtime `npm_lock` describes.

    A requirement no wheel provides is dropped from `depends` only when it is not needed in
    Pyodide at all (DROPPED); any other is an error naming the wheel and the requirement."""
    environment = pyodide_environment(npm_lock["info"])
    entries = [wheel_entry(wheel, environment) for wheel in wheels]
    names = {canonicalize_name(e["name"]) for e in entries}
    duplicates = sorted({e["name"] for e in entries if sum(canonicalize_name(f["name"]) == canonicalize_name(e["name"])
                                                            for f in entries) > 1})
    if duplicates:
        raise ValueError(f"two wheels of the same package in the lock: {duplicates}")
    packages: dict[str, Any] = {}
    for entry in entries:
        missing = [d for d in entry["depends"] if d not in names and d not in DROPPED]
        if missing:
            raise ValueError(f"{entry['file_name']} needs {missing}, which no wheel in the lock provides")
        entry["depends"] = [d for d in entry["depends"] if d in names]
        packages[canonicalize_name(entry["name"])] = entry
    return {"info": npm_lock["info"], "packages": dict(sorted(packages.items()))}


DROPPED = frozenset({"jupyterlab-widgets", "numpy", "matplotlib"})
"""Requirements left out of the browser's lock: the widgets' front end (JupyterLab's side of
ipywidgets, a labextension the site has), and numpy and matplotlib, which the course's wheel
requires for lessons 04-12 but which only Pyodide's CDN serves (none on PyPI for wasm32)."""


def course_wheel(out: Path) -> Path:
    """Build minimax-lab's wheel from pyproject.toml into `out` and return it."""
    out.mkdir(parents=True, exist_ok=True)
    for old in out.glob("minimax_lab-*.whl"):
        old.unlink()
    with tempfile.TemporaryDirectory() as scratch:
        subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation",
                        "--wheel-dir", str(out), str(ROOT)], check=True, cwd=scratch)
    built = sorted(out.glob("minimax_lab-*.whl"))
    if len(built) != 1:
        raise RuntimeError(f"expected one minimax_lab wheel in {out}, found {[w.name for w in built]}")
    return built[0]


def labextension(name: str) -> Path:
    """Return the folder of an installed JupyterLab extension: in this environment (the lite venv,
    for the kernel's) or in the course venv (VENV, for the widgets')."""
    prefixes = [Path(sys.prefix), Path(os.environ.get("VENV", ROOT / ".venv"))]
    for prefix in prefixes:
        folder = prefix / "share" / "jupyter" / "labextensions" / name
        if (folder / "package.json").is_file():
            return folder
    raise FileNotFoundError(f"no {name} in {[str(p) for p in prefixes]}: run scripts/setup_lite.sh (make lite does)")


def kernel_wheels() -> list[Path]:
    """Return the JupyterLite kernel's own wheels (KERNEL_WHEELS), newest version of each."""
    pypi = labextension(KERNEL_EXTENSION) / "static" / "pypi"
    chosen = []
    for name in KERNEL_WHEELS:
        found = sorted(pypi.glob(f"{name.replace('-', '_')}-*.whl"),
                       key=lambda w: parse_wheel_filename(w.name)[1])
        if not found:
            raise FileNotFoundError(f"no {name} wheel in {pypi}")
        chosen.append(found[-1])
    return chosen


def pyodide_distribution(dest: Path, course: Path) -> dict[str, Any]:
    """Write the Pyodide runtime, the wheels and their lock into `dest`; return the lock."""
    if not (PYODIDE_NPM / "pyodide.mjs").is_file():
        raise FileNotFoundError(f"{PYODIDE_NPM} is missing: run scripts/setup_lite.sh (make lite does)")
    downloaded = sorted(WHEELS.glob("*.whl"))
    if not downloaded:
        raise FileNotFoundError(f"no wheels in {WHEELS}: run scripts/setup_lite.sh (make lite does)")
    if dest.exists():
        shutil.rmtree(dest)
    dest.mkdir(parents=True)
    for name in RUNTIME:
        shutil.copy2(PYODIDE_NPM / name, dest / name)
    wheels = [w for w in downloaded if not w.name.startswith("minimax_lab-")] + kernel_wheels() + [course]
    for wheel in wheels:
        shutil.copy2(wheel, dest / wheel.name)
    lock = pyodide_lock(json.loads((PYODIDE_NPM / "pyodide-lock.json").read_text()), [dest / w.name for w in wheels])
    (dest / "pyodide-lock.json").write_text(json.dumps(lock, indent=1, sort_keys=True) + "\n")
    return lock


def site_config(packages: list[str]) -> dict[str, Any]:
    """Return the jupyter-lite.json of the site: the Pyodide kernel loads every package of the
    lock at start and never falls back to PyPI."""
    kernel = {"loadPyodideOptions": {"packages": packages}, "disablePyPIFallback": True}
    return {"jupyter-lite-schema-version": 0,
            "jupyter-config-data": {"appName": "minimax-lab",
                                    "litePluginSettings": {f"{KERNEL_EXTENSION}:kernel": kernel}}}


OPEN_FIRST = '<script>window.location.replace("./lab/index.html?path={first}");</script>'
"""Put at the top of the site's root index.html: the site opens at the first lesson. (The rest of
that page stays: every JupyterLite page reads its configuration from it.)"""


def opening_at(page: str, first: str) -> str:
    """Return JupyterLite's root index.html `page`, made to open the notebook `first`."""
    if page.count("<head>") != 1:
        raise ValueError("JupyterLite's root index.html has no single <head>: cannot make it open the first lesson")
    return page.replace("<head>", "<head>\n    " + OPEN_FIRST.format(first=first), 1)


def build_site() -> None:
    """Build the JupyterLite site in SITE from the lessons, the wheels and the Pyodide runtime."""
    course = course_wheel(WHEELS / "course")
    if SOURCE.exists():
        shutil.rmtree(SOURCE)
    lock = pyodide_distribution(SOURCE / "static" / "pyodide", course)
    (SOURCE / "jupyter-lite.json").write_text(json.dumps(site_config(sorted(lock["packages"])), indent=2) + "\n")
    contents = SOURCE / "contents"
    contents.mkdir()
    for lesson in LESSONS:
        shutil.copy2(ROOT / "notebooks" / f"{lesson}.ipynb", contents / f"{lesson}.ipynb")
    if SITE.exists():
        shutil.rmtree(SITE)
    # Only the two front-end extensions the lessons need, not every one in the venv (nbgrader's...).
    build = {"LiteBuildConfig": {
        "contents": [str(contents)], "output_dir": str(SITE), "ignore_sys_prefix": True, "no_sourcemaps": True,
        "federated_extensions": [str(labextension(KERNEL_EXTENSION)), str(labextension(WIDGETS_EXTENSION))]}}
    (SOURCE / "jupyter_lite_config.json").write_text(json.dumps(build, indent=2) + "\n")
    subprocess.run([str(Path(sys.prefix) / "bin" / "jupyter-lite"), "build", "--lite-dir", str(SOURCE)],
                   check=True, cwd=SOURCE)
    root = SITE / "index.html"
    root.write_text(opening_at(root.read_text(), FIRST))
    print(f"build_lite: {SITE.relative_to(ROOT)}/ holds {len(LESSONS)} lessons and {len(lock['packages'])} "
          f"wheels for Pyodide; serve it with: python -m http.server -d {SITE.relative_to(ROOT)}")


if __name__ == "__main__":
    build_site()
