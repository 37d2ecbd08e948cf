"""The server-free edition (`make lite`): its lessons run on Pyodide, with nothing from a CDN.

Run by `make test-browser` after `make lite` (`make test` skips this file: see conftest.py here). It
needs the site in build/lite/ and Node (scripts/setup_lite.sh installs Pyodide from npm).

1. The site holds everything it loads: every wheel its pyodide-lock.json names, with that hash;
   the kernel is told to load them all at start, from ./static/pyodide/, never from PyPI. Each
   lesson left out of the site stops at its first cell there, for want of matplotlib.
2. Every lesson in the site runs on that Pyodide in Node (scripts/lite/run_notebooks.mjs, any
   network access refused), all its code cells in order as a kernel runs them: no cell raises or
   prints a traceback; what each cell prints and the text of each result are the lesson's stored
   outputs (compared as nbval compares them, with tests/nbval_sanitize.cfg); every stored drawing
   comes out as an SVG drawn by the pure-Python layout (no Graphviz in the browser), with as many
   nodes as its text says.
3. The site, served by `python -m http.server`, opens in headless Chromium at 00_start_here; there
   00_start_here and 03_alpha_beta run with Run All Cells on the Pyodide kernel, their drawings and
   widgets render, and a depth slider redraws its tree (test_lesson_in_chromium; Playwright and
   Chromium from `make test-browser`'s set-up). Counts and screenshots: build/lite-test/.
4. A check of lesson 01's code exercise, answered right and wrong, gives on Pyodide the verdicts it
   gives on CPython, and the time limit stops a function that never returns.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Optional

import pytest
from lesson_notebooks import cell_source, lesson_cells, solution_blocks, solution_namespace
from lite_build import build_lite

ROOT = Path(__file__).resolve().parents[2]
SITE = ROOT / "build" / "lite"
PYODIDE = SITE / "static" / "pyodide"
RUNNER = ROOT / "scripts" / "lite" / "run_notebooks.mjs"
NODE_TIMEOUT_S = 900
KERNEL_TIMEOUT_S = 240
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
IGNORED_OUTPUT_TAGS = {"nbval-ignore-output", "nbval-skip"}
LESSONS = [f"{name}.ipynb" for name in build_lite.LESSONS]


def sanitize_rules() -> list[tuple[re.Pattern[str], str]]:
    """Return tests/nbval_sanitize.cfg's (regex, replacement) pairs, as nbval applies them."""
    lines = (ROOT / "tests" / "nbval_sanitize.cfg").read_text().splitlines()
    return [(re.compile(regex[len("regex: "):]), replace[len("replace: "):])
            for regex, replace in zip(lines, lines[1:])
            if regex.startswith("regex: ") and replace.startswith("replace: ")]


RULES = sanitize_rules()


def sanitized(text: str) -> str:
    for regex, replacement in RULES:
        text = regex.sub(replacement, text)
    return text


@pytest.fixture(scope="module")
def site() -> Path:
    """The built site (make lite)."""
    if not (PYODIDE / "pyodide-lock.json").is_file():
        pytest.fail(f"{SITE.relative_to(ROOT)}/ has no Pyodide: run `make lite` (make test-browser does)")
    return SITE


def run_on_pyodide(folder: Path, notebooks: list[str]) -> dict[str, Any]:
    """Return what each code cell of `notebooks` (in `folder`) showed, run on the site's Pyodide in Node."""
    node = shutil.which("node")
    if node is None:
        pytest.fail("no node on PATH: run scripts/setup_lite.sh (make lite does)")
    started = time.monotonic()
    done = subprocess.run([node, str(RUNNER), str(PYODIDE), str(folder), *notebooks],
                          capture_output=True, text=True, timeout=NODE_TIMEOUT_S, check=False)
    if done.returncode != 0:
        pytest.fail(f"{RUNNER.name} failed ({done.returncode}):\n{done.stderr[-4000:]}")
    result: dict[str, Any] = json.loads(done.stdout)
    result["wall_seconds"] = round(time.monotonic() - started, 1)
    return result


@pytest.fixture(scope="module")
def pyodide_run(site: Path) -> dict[str, Any]:
    """Every lesson of the site run on its Pyodide in Node: what each code cell showed."""
    result = run_on_pyodide(site / "files", LESSONS)
    out = ROOT / "build" / "lite-test"
    out.mkdir(parents=True, exist_ok=True)
    (out / "pyodide-run.json").write_text(json.dumps(result, indent=1))
    return result


# --- 1. the site holds what it loads --------------------------------------------------------

def kernel_settings(site: Path) -> dict[str, Any]:
    config = json.loads((site / "jupyter-lite.json").read_text())["jupyter-config-data"]
    settings: dict[str, Any] = config["litePluginSettings"][f"{build_lite.KERNEL_EXTENSION}:kernel"]
    return settings


def test_site_holds_every_wheel_it_loads(site: Path) -> None:
    lock = json.loads((PYODIDE / "pyodide-lock.json").read_text())
    packages = lock["packages"]
    assert {"minimax-lab", "ipywidgets", "graphviz", "ipython", "pyodide-kernel", "micropip"} <= set(packages)
    for name, entry in packages.items():
        assert "://" not in entry["file_name"], f"{name} is fetched from {entry['file_name']}"
        wheel = PYODIDE / entry["file_name"]
        assert wheel.is_file(), f"{name}: {wheel} is missing"
        assert hashlib.sha256(wheel.read_bytes()).hexdigest() == entry["sha256"], f"{name}: wrong sha256"
        assert set(entry["depends"]) <= set(packages), f"{name} depends on what the lock lacks"
    for runtime in build_lite.RUNTIME:
        assert (PYODIDE / runtime).is_file(), f"{runtime} is missing from the site"
    settings = kernel_settings(site)
    assert settings["pyodideUrl"] == "./static/pyodide/pyodide.mjs"
    assert sorted(settings["loadPyodideOptions"]["packages"]) == sorted(packages)
    assert settings["disablePyPIFallback"] is True


def test_site_opens_at_the_first_lesson(site: Path) -> None:
    assert sorted(path.name for path in (site / "files").glob("*.ipynb")) == sorted(LESSONS)
    assert "lab/index.html?path=00_start_here.ipynb" in (site / "index.html").read_text()


def test_lessons_left_out_need_what_only_a_cdn_has(site: Path) -> None:
    """Each lesson left out of the site (BLOCKED) stops at its first code cell on the site's
    Pyodide, for want of the package BLOCKED names, which the site does not hold."""
    lock = json.loads((PYODIDE / "pyodide-lock.json").read_text())
    ran = run_on_pyodide(ROOT / "notebooks", [f"{lesson}.ipynb" for lesson in build_lite.BLOCKED])
    for lesson, package in build_lite.BLOCKED.items():
        first = ran["notebooks"][f"{lesson}.ipynb"][0]
        assert first["error"] == f"ModuleNotFoundError: No module named '{package}'", (lesson, first["error"])
        assert package not in lock["packages"]
    assert not set(build_lite.BLOCKED) & set(build_lite.LESSONS)
    assert ran["network_attempts"] == []


def test_the_readmes_evidence_for_the_lessons_left_out(site: Path, tmp_path: Path) -> None:
    """The README's evidence holds: the npm package's lock names Pyodide's matplotlib wheel (the version
    and platform the README quotes) without shipping it, and the README's pip command finds no
    such wheel on the package index."""
    readme = " ".join((ROOT / "README.md").read_text(encoding="utf-8").split())
    command = re.search(r"`(pip download matplotlib==\S+ --platform \S+ --python-version \S+ --only-binary=:all:)`",
                        readme)
    assert command, "the README quotes its pip download command"
    npm = ROOT / "scripts" / "lite" / "node_modules" / "pyodide"
    wheel = json.loads((npm / "pyodide-lock.json").read_text())["packages"]["matplotlib"]
    version, platform = re.search(r"matplotlib==(\S+) --platform (\S+)", command.group(1)).groups()
    assert wheel["version"] == version and wheel["file_name"].endswith(f"-{platform}.whl")
    assert not (npm / wheel["file_name"]).exists()
    def pip_download(arguments: list[str]) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", *arguments, "--no-deps", "--disable-pip-version-check",
                               "-d", str(tmp_path)], capture_output=True, text=True, timeout=300, check=False)

    found = pip_download(command.group(1).split())
    assert found.returncode != 0 and "No matching distribution found for matplotlib" in found.stderr, found.stderr[-2000:]
    assert not list(tmp_path.iterdir())
    # the index answers: the same command finds a pure-Python wheel the site holds
    graphviz = json.loads((PYODIDE / "pyodide-lock.json").read_text())["packages"]["graphviz"]
    control = pip_download(["pip", "download", f"graphviz=={graphviz['version']}", "--platform", "any",
                            "--python-version", "3.14", "--only-binary=:all:"])
    assert control.returncode == 0, control.stderr[-2000:]
    assert [path.name for path in tmp_path.iterdir()] == [graphviz["file_name"]]


# --- 2. the lessons on Pyodide --------------------------------------------------------------

def test_nothing_reaches_the_network(pyodide_run: dict[str, Any]) -> None:
    assert pyodide_run["network_attempts"] == []
    assert pyodide_run["platform"] == "emscripten"


def stored_outputs(cell: dict[str, Any]) -> tuple[str, str, list[dict[str, Any]]]:
    """Return a stored cell's stdout, stderr and rich outputs."""
    def stream(name: str) -> str:
        return "".join("".join(o["text"]) for o in cell["outputs"]
                       if o["output_type"] == "stream" and o["name"] == name)
    rich = [o for o in cell["outputs"] if o["output_type"] in ("execute_result", "display_data")]
    return stream("stdout"), stream("stderr"), rich


@pytest.mark.parametrize("lesson", LESSONS)
def test_lesson_runs_on_pyodide(lesson: str, pyodide_run: dict[str, Any], site: Path) -> None:
    ran = pyodide_run["notebooks"][lesson]
    stored = json.loads((site / "files" / lesson).read_text())["cells"]
    code = [i for i, cell in enumerate(stored) if cell["cell_type"] == "code"]
    assert [cell["index"] for cell in ran] == code, "not every code cell ran"
    problems, drawings = [], 0
    for cell in ran:
        where = f"{lesson} cell {cell['index']}"
        if cell["error"]:
            problems.append(f"{where} raised {cell['error']}")
            continue
        if "Traceback" in cell["stdout"] + cell["stderr"]:
            problems.append(f"{where} printed a traceback:\n{cell['stdout'][-1500:]}{cell['stderr'][-1500:]}")
            continue
        saved = stored[cell["index"]]
        stdout, stderr, rich = stored_outputs(saved)
        if not IGNORED_OUTPUT_TAGS & set(saved["metadata"].get("tags", [])):
            if sanitized(cell["stdout"]) != sanitized(stdout):
                problems.append(f"{where} printed\n{cell['stdout']!r}\ninstead of\n{stdout!r}")
            if sanitized(cell["stderr"]) != sanitized(stderr):
                problems.append(f"{where} wrote to stderr\n{cell['stderr']!r}\ninstead of\n{stderr!r}")
            texts = [sanitized("".join(o["data"].get("text/plain", ""))) for o in rich]
            got = [sanitized(o["text/plain"]) for o in cell["outputs"]]
            if texts != got:
                problems.append(f"{where} showed\n{got}\ninstead of\n{texts}")
        for saved_output, output in zip(rich, cell["outputs"]):
            if "image/svg+xml" not in saved_output["data"]:
                continue
            drawings += 1
            problem = drawing_problem(output)
            if problem:
                problems.append(f"{where}: {problem}")
    assert not problems, "\n\n".join(problems)
    stored_drawings = sum("image/svg+xml" in o["data"] for cell in stored if cell["cell_type"] == "code"
                          for o in stored_outputs(cell)[2])
    assert drawings == stored_drawings


def drawing_problem(output: dict[str, Any]) -> str:
    """Return what is wrong with a drawing shown on Pyodide ('' if nothing): it must be an SVG from
    the pure-Python layout (Graphviz's dot writes a 'Generated by graphviz' comment) with as many
    nodes as its text ('<tree drawing: 13 nodes>', or the sum over drawings side by side)."""
    svg = output["svg"]
    if not svg.lstrip().startswith("<svg"):
        return f"no SVG drawing, only {output['mime']}"
    if "Generated by graphviz" in svg:
        return "drawn by Graphviz's dot, which cannot run in the browser"
    said = sum(int(n) for n in re.findall(r"tree drawing: (\d+) nodes", output["text/plain"]))
    drawn = svg.count('class="node"')
    if said != drawn:
        return f"{drawn} nodes drawn, but its text says {said}: {output['text/plain']}"
    return ""


PROBE_CELLS = [
    "import time\nfrom minimax_lab.running.guard import TimedOut, run_limited",
    "def spin():\n    while True:\n        pass\n\nstart = time.monotonic()\ntry:\n    run_limited(spin, 0.5)\n"
    "except TimedOut as stopped:\n    print(stopped)\nprint(time.monotonic() - start < 5)",
]


def answered_lesson_01() -> list[str]:
    """Return code cells answering lesson 01's min_value exercise with the lesson's solution, then
    with a typical mistake (max instead of min), each followed by the lesson's check."""
    cells = lesson_cells("01_minimax_values.ipynb")
    code = [cell_source(cell) for cell in cells if cell["cell_type"] == "code"]
    (max_value,) = [source for source in code if "def max_value(" in source]
    (solution,) = [block for block in solution_blocks(cells) if block.lstrip().startswith("def min_value")]
    assert solution_namespace([solution], "min_value", {"is_leaf": None, "max_value": None, "INF": 0})
    mistake = solution.replace("min(v, max_value(child))", "max(v, max_value(child))")
    assert mistake != solution
    return [code[0], max_value, solution, "print(check.min_value(min_value).text)",
            mistake, "print(check.min_value(min_value).text)"]


def test_an_answered_exercise_and_the_time_limit_on_pyodide(site: Path, tmp_path: Path) -> None:
    """On Pyodide a check runs the student's function in the page (no process can start), and the
    time limit still stops a loop: lesson 01's min_value exercise answered right and wrong gets the
    verdicts CPython gives, and a function that never returns is stopped."""
    cells = answered_lesson_01() + PROBE_CELLS
    notebook = {"nbformat": 4, "nbformat_minor": 5, "metadata": {},
                "cells": [{"cell_type": "code", "metadata": {}, "source": source, "outputs": [],
                           "execution_count": None} for source in cells]}
    (tmp_path / "probe.ipynb").write_text(json.dumps(notebook))
    on_pyodide = run_on_pyodide(tmp_path, ["probe.ipynb"])["notebooks"]["probe.ipynb"]
    on_cpython = json.loads(subprocess.run([sys.executable, str(RUNNER.with_name("run_cells.py")), "probe.ipynb"],
                                           cwd=tmp_path, capture_output=True, text=True, check=True).stdout)
    expected = on_cpython["notebooks"]["probe.ipynb"]
    assert [c["error"] for c in on_pyodide] == [None] * len(cells)
    printed = [c["stdout"] for c in on_pyodide]
    assert printed[3].startswith("Correct: min_value gives the right result")
    assert printed[5].startswith("Not correct")
    assert printed[-1] == "timed out after 0.5 s\nTrue\n"     # stopped, and well within 5 s
    assert printed == [c["stdout"] for c in expected]


# --- 3. the site in Chromium ----------------------------------------------------------------

def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture(scope="module")
def served(site: Path) -> Iterator[str]:
    """The site served over HTTP on loopback by `python -m http.server`, as the README says."""
    port = free_port()
    server = subprocess.Popen([sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1",
                               "--directory", str(site)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}/"
    try:
        for _ in range(100):
            try:
                urllib.request.urlopen(url, timeout=1).close()
                break
            except OSError:
                time.sleep(0.1)
        else:
            pytest.fail(f"python -m http.server did not answer on {url}")
        yield url
    finally:
        server.terminate()
        server.wait(timeout=10)


CHROMIUM_LESSONS = ["00_start_here.ipynb", "03_alpha_beta.ipynb"]
"""The lessons run in Chromium: the start page (a board and a tree explorer) and alpha-beta (steppers,
a drawing, the pruning practice). The Node test above runs every lesson of the site."""

KERNEL_IDLE = ".jp-StatusBar-TextItem:text-matches('[|] Idle$')"

DONE_JS = """count => {
  const prompts = [...document.querySelectorAll('.jp-Notebook .jp-CodeCell .jp-InputArea .jp-InputPrompt')]
    .map(p => p.textContent || '');
  return prompts.length === count && prompts.every(p => /\\[\\d+\\]/.test(p));
}"""

CELLS_JS = """() => [...document.querySelectorAll('.jp-Notebook .jp-CodeCell')].map(cell => {
  const outputs = [...cell.querySelectorAll('.jp-OutputArea-output')];
  const text = e => (e.textContent || '').trim();
  return {
    prompt: text(cell.querySelector('.jp-InputArea .jp-InputPrompt') || document.createElement('i')),
    stderr: outputs.filter(e => e.dataset.mimeType === 'application/vnd.jupyter.stderr').map(e => text(e).slice(0, 800)),
    widgets: cell.querySelectorAll('.jp-OutputArea-output > .jupyter-widgets').length,
    widgetErrors: outputs.filter(e => /Error (displaying|rendering) widget|model not found/i.test(text(e))).map(e => text(e).slice(0, 300)),
    svgNodes: [...cell.querySelectorAll('.jp-OutputArea-output img')]
      .filter(img => img.src.startsWith('data:image/svg+xml') && img.complete && img.naturalWidth > 0)
      .map(img => (decodeURIComponent(img.src).match(/class="node"/g) || []).length),
  };
})"""


@pytest.mark.parametrize("lesson", CHROMIUM_LESSONS)
def test_lesson_in_chromium(lesson: str, served: str, site: Path) -> None:
    """Open the site in headless Chromium at a lesson and Run All Cells on its Pyodide kernel: every
    code cell runs, none writes to stderr, each stored drawing is drawn again as SVG (tree nodes),
    each stored widget is rendered as a widget, and a widget's depth slider, moved, redraws its
    tree with another number of nodes; nothing is fetched from outside the site. 00_start_here is
    reached from the site's root, as a student arrives."""
    playwright_api = pytest.importorskip("playwright.sync_api", reason="Playwright comes with make test-browser")
    if not Path(CHROMIUM).exists():
        pytest.fail(f"no Chromium at {CHROMIUM}: run `make test-browser` (installs it) or set CHROMIUM")
    stored = [cell for cell in json.loads((site / "files" / lesson).read_text())["cells"] if cell["cell_type"] == "code"]
    outside: list[str] = []
    errors: list[str] = []
    shots = ROOT / "build" / "lite-test"
    shots.mkdir(parents=True, exist_ok=True)
    with playwright_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        page.on("request", lambda request: outside.append(request.url)
                if not request.url.startswith((served, "data:", "blob:")) else None)
        page.on("pageerror", lambda error: errors.append(str(error)))
        try:
            if lesson == build_lite.FIRST:
                page.goto(served)
                page.wait_for_url(re.compile(r"/lab/index\.html\?path=" + re.escape(lesson)), timeout=60_000)
            else:
                page.goto(f"{served}lab/index.html?path={lesson}")
            page.wait_for_selector(".jp-Notebook .jp-CodeCell", timeout=60_000)
            page.wait_for_selector(KERNEL_IDLE, timeout=KERNEL_TIMEOUT_S * 1000)
            page.locator(".lm-MenuBar-itemLabel", has_text="Run").click()
            page.locator(".lm-Menu-content").get_by_text("Run All Cells", exact=True).click()
            page.wait_for_function(DONE_JS, arg=len(stored), timeout=KERNEL_TIMEOUT_S * 1000, polling=500)
            page.wait_for_selector(KERNEL_IDLE, timeout=KERNEL_TIMEOUT_S * 1000)
            seen = page.evaluate(CELLS_JS)
            page.screenshot(path=str(shots / f"{Path(lesson).stem}.png"), full_page=True)
            moved = move_a_depth_slider(page, seen)
        finally:
            browser.close()
    problems = []
    assert len(seen) == len(stored), f"the page shows {len(seen)} code cells, the lesson has {len(stored)}"
    for number, (cell, dom) in enumerate(zip(stored, seen)):
        where = f"{lesson} code cell {number}"
        mimes = {mime for output in cell["outputs"] for mime in output.get("data", {})}
        if not re.fullmatch(r"\[\d+\]:", dom["prompt"]):
            problems.append(f"{where} did not run (prompt {dom['prompt']!r})")
        problems += [f"{where} wrote to stderr or raised: {text}" for text in dom["stderr"]]
        problems += [f"{where} shows a widget error: {text}" for text in dom["widgetErrors"]]
        if "application/vnd.jupyter.widget-view+json" in mimes and not dom["widgets"]:
            problems.append(f"{where} should show a widget, shows none")
        if "image/svg+xml" in mimes and not any(dom["svgNodes"]):
            problems.append(f"{where} should draw a tree as SVG, draws {dom['svgNodes']}")
    counts = {"code_cells": len(seen), "drawings": sum(len(d["svgNodes"]) for d in seen),
              "nodes_drawn": sum(sum(d["svgNodes"]) for d in seen), "widgets": sum(d["widgets"] for d in seen),
              "depth_slider": moved}
    if moved is None:
        problems.append("no widget slider labelled depth above a drawing was found to move")
    elif moved["before"] == moved["after"]:
        problems.append(f"moving the depth slider of code cell {moved['cell']} left the tree at {moved['before']} nodes")
    (shots / f"{Path(lesson).stem}.json").write_text(json.dumps(counts, indent=1) + "\n")
    print(f"{lesson} in Chromium on Pyodide: {counts}")
    assert not problems, "\n".join(problems)
    assert outside == [], f"the site fetched from outside itself: {outside[:5]}"
    assert errors == [], errors


CELL_NODES_JS = """index => {
  const cell = [...document.querySelectorAll('.jp-Notebook .jp-CodeCell')][index];
  const images = [...cell.querySelectorAll('.jp-OutputArea-output img')].filter(img => img.src.startsWith('data:image/svg+xml'))
    .reduce((sum, img) => sum + (decodeURIComponent(img.src).match(/class="node"/g) || []).length, 0);
  return images + cell.querySelectorAll('.jp-OutputArea-output svg g.node').length;
}"""
"""The tree nodes a code cell's outputs draw: in SVG images (a drawing) and inline SVG (a widget's)."""


def move_a_depth_slider(page: Any, seen: list[dict[str, Any]]) -> Optional[dict[str, Any]]:
    """Press an arrow key on the first widget slider labelled depth that sits above a drawing (a
    student moving it), and wait for the drawing to change its number of nodes, a round trip
    through the Pyodide kernel. Returns the cell and the node counts before and after; None when
    the lesson has no such slider."""
    cells = page.locator(".jp-Notebook .jp-CodeCell")
    for index, dom in enumerate(seen):
        if not dom["widgets"]:
            continue
        sliders = cells.nth(index).locator(".widget-slider:has(.noUi-handle)").filter(
            has=page.locator("label.widget-label", has_text=re.compile("depth", re.IGNORECASE)))
        if not sliders.count():
            continue
        handle = sliders.first.locator(".noUi-handle").first
        now, high = (float(handle.get_attribute(f"aria-value{which}") or 0) for which in ("now", "max"))
        before = page.evaluate(CELL_NODES_JS, index)
        if not before:
            continue
        handle.focus()
        handle.press("ArrowRight" if now < high else "ArrowLeft")
        try:
            page.wait_for_function(f"index => ({CELL_NODES_JS})(index) !== {before}", arg=index,
                                   timeout=30_000, polling=250)
        except Exception:  # noqa: BLE001 - a timeout: reported as no change
            pass
        return {"cell": index, "before": before, "after": page.evaluate(CELL_NODES_JS, index)}
    return None
