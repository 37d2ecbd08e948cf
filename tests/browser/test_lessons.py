"""The lessons as a student meets them: JupyterLab in headless Chromium, driven by Playwright.

Run by `make test-browser` (`make test` skips this file: see conftest.py here). For every lesson
(the notebooks at the top of notebooks/) it

1. opens the notebook in JupyterLab, clears its outputs and runs all cells from the menus;
2. checks that every code cell ran; that no cell wrote to stderr or raised (cells tagged
   `raises-exception` excepted); that the browser console logged no errors; that every widget a
   saved output promises is rendered as a widget, not as text like "VBox(children=...)"; and that
   every saved drawing is drawn again (an SVG whose Graphviz nodes are <g class="node">);
3. works the widgets it finds, so new lessons are covered as they land: the branching-factor and
   depth sliders must change the number of nodes drawn; the step slider and the play button what
   the drawing shows; an ordering control the search drawn; a quiz must answer; a move on a
   tic-tac-toe board must get the computer's reply;
4. saves screenshots under build/browser/screenshots/: the whole lesson after Run All
   (<lesson>.png), and each widget before and after it was worked (<lesson>-cellNN.png,
   <lesson>-cellNN-worked.png; scripts/docs_screenshots.py picks the README's from these).

Then it does all of that again in Notebook 7 (test_lesson_in_notebook7) for NOTEBOOK7_LESSONS, the
start page and the alpha-beta stepper, since the lessons promise to work there too: `jupyter
notebook` (the `notebook` package, from requirements-browser.lock) serves them at /notebooks/<path>.
Its screenshots and report entries are named notebook7-<lesson>...

test_lesson_opened_fresh_shows_its_pictures opens every lesson as a fresh clone is opened: not
trusted (a server with a new Jupyter data folder) and not run; every stored drawing and widget must
show as an image (its PNG), none as text. Screenshots: fresh-<lesson>.png.

The counts behind every check are written to build/browser/report.json and summarised at the end.
The notebooks are served from a copy in build/browser/, so nothing here can write to notebooks/.
"""

from __future__ import annotations

import json
import os
import re
import secrets
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

import ipywidgets
import pytest
from playwright.sync_api import BrowserContext, Locator, Page, sync_playwright
from playwright.sync_api import Error as PlaywrightError

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "build" / "browser"
SHOTS = OUT / "screenshots"
LESSONS = sorted((ROOT / "notebooks").glob("*.ipynb"))
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
# Headless, and nothing that reaches for the network on its own (updates, sync, field trials,
# QUIC): with the network closed those connections are refused and logged as errors.
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
WIDTH, HEIGHT, TALLEST = 1280, 900, 16000   # viewport; tallest full-lesson screenshot, in px
RUN_TIMEOUT_S = 240     # one lesson's Run All
CHANGE_TIMEOUT_S = 15   # a control's effect on the drawing (a round trip through the kernel)
PLAY_STEPS = 6          # how far the play button must advance the step slider before we pause it

# JupyterLab user settings for the test server: every cell attached to the page (not windowed,
# so all outputs can be inspected and photographed), no autosave, no news or update prompts.
LAB_SETTINGS = {
    "@jupyterlab/notebook-extension/tracker": {"windowingMode": "none"},
    "@jupyterlab/docmanager-extension/plugin": {"autosave": False},
    "@jupyterlab/apputils-extension/notification": {"fetchNews": "false", "checkForUpdates": False},
}

# Console errors that say nothing about the lessons: (regular expression, why it is harmless).
# None so far: with the settings above, JupyterLab 4.6 in Chromium logs no error on any lesson.
# Add an entry only with its reason; everything else the console reports as an error fails.
BENIGN_CONSOLE: list[tuple[str, str]] = []
# The same for Notebook 7 only (FrontEnd.benign below).
BENIGN_NOTEBOOK7: list[tuple[str, str]] = [
    (r"^uncaught: Cannot read properties of undefined \(reading 'schema'\)$",
     "Notebook 7.6.5 throws it once as any notebook page loads, before a cell runs, with no user "
     "settings and under `jupyter notebook` alike: its /notebooks router loads the settings of "
     "@jupyterlab/docmanager-extension:plugin, and JupyterLab's shortcuts extension, told that "
     "plugin changed, reads a schema the registry does not hold (keyboard shortcuts still load)"),
]

WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
SVG = "image/svg+xml"
# What a widget shows as text ("VBox(children=...)") when JupyterLab cannot render it.
WIDGET_CLASSES = sorted(name for name, cls in vars(ipywidgets).items()
                        if isinstance(cls, type) and issubclass(cls, ipywidgets.DOMWidget))
ORDERING = re.compile(r"order|first|killer|history", re.IGNORECASE)


# --- the front ends, the server and the browser ------------------------------------------------

@dataclass(frozen=True)
class FrontEnd:
    """A Jupyter front end the lessons are run in."""
    name: str
    url: str                    # a notebook's address, from the server's url, its path and token
    prefix: str = ""            # of its screenshots' and report entries' names
    benign: tuple[tuple[str, str], ...] = ()    # console errors it alone logs: (pattern, why)
    arrow_keys: bool = True     # whether arrow keys pressed on a widget reach it (see NOTEBOOK7)


# JupyterLab's single-document view, with a fresh workspace (?reset).
JUPYTERLAB = FrontEnd("JupyterLab", "{url}/doc/tree/{path}?reset&token={token}")
# Notebook 7 handles keys on the way down to the focused element (JupyterLab: on the way back up,
# after the widget), so its command-mode shortcuts take the arrow keys (ArrowRight: "move cursor
# to the heading below or expand it", selector `.jp-Notebook.jp-mod-commandMode ... :focus`) before
# a focused slider sees them. There a student drags the slider; so does work_sliders. Home and End
# have no shortcut and still reach the slider.
NOTEBOOK7 = FrontEnd("Notebook 7", "{url}/notebooks/{path}?token={token}", "notebook7-",
                     tuple(BENIGN_NOTEBOOK7), arrow_keys=False)
# The lessons run in Notebook 7 too: the start page (drawings) and alpha-beta (the search stepper's
# sliders and play button, the minimax/alphabeta buttons, the pruning practice). A renamed one fails,
# not skips.
NOTEBOOK7_LESSONS = [ROOT / "notebooks" / name for name in ("00_start_here.ipynb", "03_alpha_beta.ipynb")]


class Lab:
    """A JupyterLab server on loopback with its own config, data and runtime folders; with
    app="notebook", Notebook 7's (`jupyter notebook`) instead."""

    def __init__(self, served: Path, home: Path, app: str = "jupyterlab"):
        self.served, self.home, self.app = served, home, app
        self.token = secrets.token_hex(16)
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen | None = None

    def start(self) -> None:
        """Start the server and wait until it answers."""
        env = dict(os.environ, JUPYTER_PLATFORM_DIRS="1", JUPYTER_PREFER_ENV_PATH="1",
                   JUPYTER_CONFIG_DIR=str(self.home / "config"), JUPYTER_DATA_DIR=str(self.home / "data"),
                   JUPYTER_RUNTIME_DIR=str(self.home / "runtime"), IPYTHONDIR=str(self.home / "ipython"),
                   MPLCONFIGDIR=str(self.home / "matplotlib"), PYTHONHASHSEED="0")
        env.pop("JUPYTER_TOKEN", None)
        settings = self.home / "config" / "lab" / "user-settings"
        for plugin, values in LAB_SETTINGS.items():
            path = settings / f"{plugin}.jupyterlab-settings"
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(json.dumps(values))
        command = [sys.executable, "-m", self.app, "--no-browser", "--ServerApp.ip=127.0.0.1",
                   f"--ServerApp.port={self.port}", "--ServerApp.port_retries=0",
                   f"--IdentityProvider.token={self.token}", f"--ServerApp.root_dir={self.served}"]
        if os.geteuid() == 0:
            command.append("--allow-root")
        self.log = OUT / f"{self.app}.log"
        with open(self.log, "w") as log:
            self.process = subprocess.Popen(command, env=env, cwd=self.served, stdout=log,
                                            stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"{self.app} exited ({self.process.returncode}):\n{self.log_tail()}")
            try:
                self.api("GET", "status")
                return
            except OSError:
                time.sleep(0.3)
        raise RuntimeError(f"{self.app} did not answer within 90 s:\n{self.log_tail()}")

    def api(self, method: str, path: str) -> Any:
        """Call the server's REST API; return the decoded JSON answer (None when empty)."""
        request = urllib.request.Request(f"{self.url}/api/{path}", method=method,
                                         headers={"Authorization": f"token {self.token}"})
        with urllib.request.urlopen(request, timeout=10) as answer:
            body = answer.read()
        return json.loads(body) if body else None

    def shut_down_kernels(self) -> None:
        """End every session, so a finished lesson's kernel stops using CPU and memory."""
        for session in self.api("GET", "sessions"):
            self.api("DELETE", f"sessions/{session['id']}")

    def stop(self) -> None:
        """Stop the server (it shuts its kernels down on SIGTERM)."""
        if self.process and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()

    def log_tail(self, lines: int = 40) -> str:
        return "\n".join(self.log.read_text(errors="replace").splitlines()[-lines:])


def free_port() -> int:
    """Return a TCP port on loopback that nothing listens on right now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture(scope="module")
def report(pytestconfig: pytest.Config) -> Iterator[dict]:
    """Collect what each lesson's checks saw; write report.json and print a summary."""
    shutil.rmtree(OUT, ignore_errors=True)
    SHOTS.mkdir(parents=True)
    data: dict = {"lessons": {}}
    yield data
    (OUT / "report.json").write_text(json.dumps(data, indent=1, ensure_ascii=False))
    terminal = pytestconfig.pluginmanager.get_plugin("terminalreporter")
    capture = pytestconfig.pluginmanager.get_plugin("capturemanager")
    if terminal is not None and capture is not None:
        with capture.global_and_fixture_disabled():   # a fixture's teardown output is captured
            terminal.write_sep("-", f"browser checks ({data.get('browser', '?')})")
            for name, lesson in data["lessons"].items():
                terminal.write_line(summary_line(name, lesson))
            for name, counts in data.get("fresh", {}).items():
                terminal.write_line(f"{name} opened fresh, not run: " + ", ".join(
                    f"{c['images']} of {c['stored']} {kind}s shown as images" for kind, c in counts.items()))
            terminal.write_line(f"details: {(OUT / 'report.json').relative_to(ROOT)}, "
                                f"screenshots: {SHOTS.relative_to(ROOT)}/")


@pytest.fixture(scope="module")
def served(report: dict) -> Path:
    """A copy of notebooks/ for the servers to serve."""
    copy = OUT / "notebooks"
    shutil.copytree(ROOT / "notebooks", copy, ignore=shutil.ignore_patterns(".ipynb_checkpoints", "__pycache__"))
    return copy


@pytest.fixture(scope="module")
def lab(served: Path) -> Iterator[Lab]:
    """JupyterLab serving the copy of notebooks/."""
    server = Lab(served, OUT / "home")
    server.start()
    yield server
    server.stop()


@pytest.fixture(scope="module")
def notebook7(served: Path) -> Iterator[Lab]:
    """Notebook 7 (`jupyter notebook`) serving the same copy, with config folders of its own.

    Not JupyterLab's server, though it serves Notebook 7 too: there a Notebook 7 page inherits the
    page config of the last JupyterLab page (its workspace, single-document mode and file), and
    then fails to open that file in a file browser it does not have."""
    server = Lab(served, OUT / "home-notebook7", app="notebook")
    server.start()
    yield server
    server.stop()


@pytest.fixture(scope="module")
def context(report: dict) -> Iterator[BrowserContext]:
    """Headless Chromium with a fresh profile."""
    if not Path(CHROMIUM).exists():
        pytest.fail(f"no Chromium at {CHROMIUM}: run `make test-browser` (installs it) or set CHROMIUM")
    with sync_playwright() as playwright, tempfile.TemporaryDirectory(dir=OUT) as profile:
        try:
            browser = playwright.chromium.launch_persistent_context(
                profile, executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True,
                viewport={"width": WIDTH, "height": HEIGHT})
        except PlaywrightError as error:
            found = subprocess.run([CHROMIUM, "--version"], check=False, capture_output=True, text=True)
            chromium = (found.stdout.strip() or CHROMIUM).splitlines()[0]
            pytest.fail(f"Playwright {playwright_version()} could not start {chromium}; if "
                        f"Chromium moved on, bump playwright (make lock LOCK_ARGS=--upgrade):\n{error}")
        report["browser"] = f"Chromium {browser.browser.version}, Playwright {playwright_version()}"
        yield browser
        browser.close()


def playwright_version() -> str:
    from importlib.metadata import version
    return version("playwright")


# --- one lesson -------------------------------------------------------------------------------

@pytest.mark.parametrize("notebook", LESSONS, ids=[path.stem for path in LESSONS])
def test_lesson(notebook: Path, lab: Lab, context: BrowserContext, report: dict) -> None:
    """Run a lesson in JupyterLab, check what it shows, and work its widgets."""
    check_lesson(notebook, JUPYTERLAB, lab, context, report)


@pytest.mark.parametrize("notebook", NOTEBOOK7_LESSONS, ids=[path.stem for path in NOTEBOOK7_LESSONS])
def test_lesson_in_notebook7(notebook: Path, notebook7: Lab, context: BrowserContext, report: dict) -> None:
    """The same in Notebook 7 (/notebooks/<path>): core ipywidgets 8 and SVG work there too."""
    check_lesson(notebook, NOTEBOOK7, notebook7, context, report)


def check_lesson(notebook: Path, front_end: FrontEnd, lab: Lab, context: BrowserContext,
                 report: dict) -> None:
    """Run a lesson in a front end, check what it shows, and work its widgets."""
    cells = json.loads((lab.served / notebook.name).read_text())["cells"]   # the copy being served
    stem = front_end.prefix + notebook.stem
    lesson: dict = report["lessons"].setdefault(stem, {"front_end": front_end.name})
    problems: list[str] = []
    page = context.new_page()
    console = Console(page, BENIGN_CONSOLE + list(front_end.benign))
    started = time.monotonic()
    try:
        lesson["asked_for_kernel"] = open_notebook(page, lab, notebook.name, front_end)
        run_all(page, cells)
        lesson["run_s"] = round(time.monotonic() - started, 1)
        problems += check_cells(page, cells, lesson)
        screenshot_lesson(page, SHOTS / f"{stem}.png")
        problems += work_widgets(page, stem, cells, lesson, front_end)
    except Exception:
        page.screenshot(path=str(SHOTS / f"{stem}-failed.png"))
        raise
    finally:
        problems += console.problems()
        lesson["console_errors"] = [text for text in console.errors if not console.is_benign(text)]
        lesson["console_benign"] = [text for text in console.errors if console.is_benign(text)]
        lesson["seconds"] = round(time.monotonic() - started, 1)
        page.close()
        lab.shut_down_kernels()
    assert not problems, f"{notebook.name} in {front_end.name}:\n  " + "\n  ".join(problems) + \
        f"\n(screenshots in {SHOTS.relative_to(ROOT)})"


class Console:
    """The page's console errors and uncaught exceptions."""

    def __init__(self, page: Page, benign: list[tuple[str, str]]):
        self.errors: list[str] = []
        self.benign = benign
        page.on("console", self.on_console)
        page.on("pageerror", lambda error: self.errors.append(f"uncaught: {error}"))

    def on_console(self, message: Any) -> None:
        if message.type == "error":
            self.errors.append(message.text)

    def is_benign(self, text: str) -> bool:
        return any(re.search(pattern, text) for pattern, _why in self.benign)

    def problems(self) -> list[str]:
        return [f"console error: {text[:500]}" for text in self.errors if not self.is_benign(text)]


def menu(page: Page, menu_name: str, item: str) -> None:
    """Choose a command from the menu bar, as a student would."""
    page.locator(".lm-MenuBar-itemLabel", has_text=menu_name).click()
    page.locator(".lm-Menu-content").get_by_text(item, exact=True).click()


# The kernel is connected and idle: JupyterLab's status bar says "... | Idle"; Notebook 7 has no
# status bar, and its kernel-status line goes blank and fades once the kernel is idle or busy.
KERNEL_IDLE = (".jp-StatusBar-TextItem:text-matches('[|] Idle$'), "
               ".jp-NotebookKernelStatus-fade:not(.jp-NotebookKernelStatus-info)")
SELECT_KERNEL = ".jp-Dialog:has-text('Select Kernel')"


def open_notebook(page: Page, lab: Lab, name: str, front_end: FrontEnd = JUPYTERLAB) -> bool:
    """Open a notebook in a front end and wait for its kernel to be idle.

    Returns whether the front end asked which kernel to start: it does when the page loads before
    the server has listed its kernels (the first lesson after start-up); we accept its choice,
    the notebook's own kernel, as a student would."""
    page.set_viewport_size({"width": WIDTH, "height": HEIGHT})
    url = front_end.url.format(url=lab.url, path=urllib.request.pathname2url(name), token=lab.token)
    answer = page.goto(url)
    assert answer is None or answer.ok, \
        f"{front_end.name} answered {answer.status} for {name} (is it installed? make test-browser)"
    page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=60_000)
    page.wait_for_selector(f"{KERNEL_IDLE}, {SELECT_KERNEL}", timeout=60_000)
    asked = page.locator(SELECT_KERNEL).count() > 0
    if asked:
        page.locator(SELECT_KERNEL).locator("button.jp-mod-accept").click()
    wait_idle(page, 60)
    return asked


def wait_idle(page: Page, seconds: float) -> None:
    """Wait until the notebook's kernel is connected and idle (KERNEL_IDLE says how we know)."""
    page.wait_for_selector(KERNEL_IDLE, timeout=seconds * 1000)
    page.wait_for_selector(".jp-Notebook-ExecutionIndicator[data-status='idle']", timeout=seconds * 1000)


def code_cells(cells: list[dict]) -> list[int]:
    """Return the indices of the code cells that have code (empty ones never get a prompt)."""
    return [i for i, cell in enumerate(cells) if cell["cell_type"] == "code" and "".join(cell["source"]).strip()]


DONE_JS = """indices => {
  const cells = [...document.querySelectorAll('.jp-Notebook .jp-Cell')];
  const prompts = indices.map(i => cells[i]?.querySelector('.jp-InputArea .jp-InputPrompt')?.textContent || '');
  if (prompts.some(p => p.includes('*'))) return false;
  return prompts.every(p => /\\[\\d+\\]/.test(p))
      || document.querySelector('.jp-Notebook [data-mime-type="application/vnd.jupyter.stderr"]') !== null;
}"""


CLEARED_JS = """indices => {
  const cells = [...document.querySelectorAll('.jp-Notebook .jp-Cell')];
  const prompt = i => cells[i]?.querySelector('.jp-InputArea .jp-InputPrompt')?.textContent || '0';
  return indices.every(i => !/\\d/.test(prompt(i)));
}"""


def run_all(page: Page, cells: list[dict]) -> None:
    """Clear all outputs, Run All Cells, and wait until every code cell has run (or one failed)."""
    menu(page, "Edit", "Clear Outputs of All Cells")
    page.wait_for_function(CLEARED_JS, arg=code_cells(cells), timeout=10_000)
    menu(page, "Run", "Run All Cells")
    page.wait_for_function(DONE_JS, arg=code_cells(cells), timeout=RUN_TIMEOUT_S * 1000, polling=250)
    wait_idle(page, RUN_TIMEOUT_S)


CELLS_JS = """widgetNames => [...document.querySelectorAll('.jp-Notebook .jp-Cell')].map(cell => {
  const outputs = [...cell.querySelectorAll('.jp-OutputArea-output')];
  const text = e => (e.textContent || '').trim();
  const svgImages = [...cell.querySelectorAll('.jp-OutputArea-output img')]
    .filter(img => img.src.startsWith('data:image/svg+xml'));
  return {
    prompt: text(cell.querySelector('.jp-InputArea .jp-InputPrompt') || document.createElement('i')),
    stderr: outputs.filter(e => e.dataset.mimeType === 'application/vnd.jupyter.stderr')
      .map(e => text(e).slice(0, 800)),
    widgets: cell.querySelectorAll('.jp-OutputArea-output > .jupyter-widgets').length,
    widgetErrors: outputs.filter(e => /Error (displaying|rendering) widget|model not found/i.test(text(e)))
      .map(e => text(e).slice(0, 300)),
    widgetReprs: outputs.filter(e => e.dataset.mimeType === 'text/plain'
      && widgetNames.some(name => text(e).startsWith(name + '('))).map(e => text(e).slice(0, 100)),
    svgImages: svgImages.map(img => ({loaded: img.complete && img.naturalWidth > 0,
      nodes: (decodeURIComponent(img.src).match(/class="node"/g) || []).length})),
    inlineSvgNodes: [...cell.querySelectorAll('.jp-OutputArea-output svg')]
      .map(svg => svg.querySelectorAll('g.node').length).filter(n => n > 0),
  };
})"""


def saved_mimes(cell: dict) -> set[str]:
    """Return the MIME types of a cell's saved outputs."""
    return {mime for output in cell.get("outputs", []) for mime in output.get("data", {})}


def check_cells(page: Page, cells: list[dict], lesson: dict) -> list[str]:
    """Check every cell's outputs after Run All; note what was drawn."""
    seen = page.evaluate(CELLS_JS, WIDGET_CLASSES)
    if len(seen) != len(cells):
        return [f"the page shows {len(seen)} cells, the notebook has {len(cells)}"]
    problems = []
    for i in code_cells(cells):
        cell, dom = cells[i], seen[i]
        where = f"cell {i} ({first_line(cell)})"
        expected_error = "raises-exception" in cell.get("metadata", {}).get("tags", [])
        if not re.fullmatch(r"\[\d+\]:", dom["prompt"]):
            problems.append(f"{where} did not run (prompt {dom['prompt']!r})")
        if dom["stderr"] and not expected_error:
            problems.append(f"{where} wrote to stderr or raised:\n{indent(dom['stderr'][0])}")
        problems += [f"{where} shows a widget as text: {text}" for text in dom["widgetReprs"]]
        problems += [f"{where} shows a widget error: {text}" for text in dom["widgetErrors"]]
        mimes = saved_mimes(cell)
        if WIDGET_VIEW in mimes and not dom["widgets"]:
            problems.append(f"{where} should show a widget, shows none")
        if SVG in mimes:
            saved_nodes = sum('class="node"' in "".join(o.get("data", {}).get(SVG, ""))
                              for o in cell.get("outputs", []))
            if not dom["svgImages"] or not all(image["loaded"] for image in dom["svgImages"]):
                problems.append(f"{where} should show an SVG drawing: {dom['svgImages'] or 'none'}")
            elif saved_nodes and not any(image["nodes"] for image in dom["svgImages"]):
                problems.append(f"{where} should draw a tree (Graphviz nodes), draws none")
    lesson["code_cells"] = len(code_cells(cells))
    lesson["drawings"] = sum(len(d["svgImages"]) + len(d["inlineSvgNodes"]) for d in seen)
    lesson["nodes_drawn"] = sum(sum(i["nodes"] for i in d["svgImages"]) + sum(d["inlineSvgNodes"]) for d in seen)
    lesson["widgets"] = sum(d["widgets"] for d in seen)
    return problems


def first_line(cell: dict) -> str:
    line = "".join(cell["source"]).strip().splitlines()[0]
    return line if len(line) <= 50 else line[:47] + "..."


def indent(text: str) -> str:
    return "\n".join("      " + line for line in text.splitlines()[-12:])


def screenshot_lesson(page: Page, path: Path) -> None:
    """Photograph the whole notebook: make the viewport as tall as the notebook, then shoot."""
    height = page.evaluate("""() => {
      const scroller = document.querySelector('.jp-NotebookPanel .jp-WindowedPanel-outer');
      return window.innerHeight - scroller.clientHeight + scroller.scrollHeight; }""")
    page.set_viewport_size({"width": WIDTH, "height": min(TALLEST, max(HEIGHT, int(height)))})
    page.evaluate("() => { document.querySelector('.jp-NotebookPanel .jp-WindowedPanel-outer').scrollTop = 0; }")
    page.wait_for_timeout(300)
    page.screenshot(path=str(path))


# --- widgets -----------------------------------------------------------------------------------

# A lesson whose cell makes one of these widgets (and shows a widget) must have had these
# controls worked, so a widget the checks below fail to recognise fails the test instead of
# passing unchecked.
EXPECTED_CONTROLS = [
    (re.compile(r"\b(TreeExplorer|BackupExplorer|OrderingExplorer|ComplexityExplorer)\("),
     {"branching", "depth"}),
    (re.compile(r"\b(SearchStepper|BackupExplorer)\("), {"step", "play"}),
    (re.compile(r"\bOrderingExplorer\("), {"ordering"}),
    (re.compile(r"\bBoard\("), {"board"}),
    (re.compile(r"\bQuiz\("), {"quiz"}),
    (re.compile(r"\b(PruningPractice|ValuePractice|ChancePractice|RetrogradePractice|MCTSPractice)\("),
     {"practice"}),
    # the maze game's widget: its depth slider restarts the game (the scoreboard beside the maze says
    # the new depth), its step slider and play button play moves
    (re.compile(r"\bMazeMatch\("), {"depth", "step", "play"}),
]

CLIPPED_JS = """area => {
  const edge = area.getBoundingClientRect().right + 1;
  const scrolls = el => ['auto', 'scroll'].includes(getComputedStyle(el).overflowX)
                        && el.getBoundingClientRect().right <= edge;
  return [...area.querySelectorAll('svg')].filter(svg => {
    if (svg.getBoundingClientRect().right <= edge) return false;
    for (let el = svg.parentElement; el && el !== area; el = el.parentElement)
      if (scrolls(el)) return false;
    return true;
  }).length;
}"""
"""How many drawings in an output area reach past its right edge with no scrolling box around them."""

DRAWING_JS = """area => [...area.querySelectorAll('svg')].map(svg => {
  const nodes = [...svg.querySelectorAll('g.node')];
  if (!nodes.length)   // a plot (matplotlib): its marks and text
    return {plot: true, marks: svg.querySelectorAll('path, use').length,
            text: [...svg.querySelectorAll('text, g[id^=text]')].map(t => t.textContent).join(' ')
                  + svg.innerHTML.length};
  const shape = n => n.querySelector('polygon, ellipse, path') || document.createElement('i');
  return {
    nodes: nodes.length,
    labelled: nodes.filter(n => [...n.querySelectorAll('text')].some(t => t.textContent.trim())).length,
    grey: nodes.filter(n => shape(n).getAttribute('stroke') === '#b3b3b3').length,
    dashed: nodes.filter(n => shape(n).hasAttribute('stroke-dasharray')).length,
    filled: nodes.filter(n => !['none', 'white', null].includes(shape(n).getAttribute('fill'))).length,
    text: nodes.map(n => [...n.querySelectorAll('text')].map(t => t.textContent).join('/')).join(' '),
  };
})"""


def drawing(area: Locator) -> list[dict]:
    """Return, for each SVG a widget shows, its counts: a tree's nodes (all, labelled, grey,
    dashed = pruned, filled = current) and labels; a plot's marks and text."""
    return area.evaluate(DRAWING_JS)


def counts(pictures: list[dict]) -> list[dict]:
    """The drawing's counts without its labels (for the report)."""
    return [{key: value for key, value in picture.items() if key != "text"} for picture in pictures]


def size(pictures: list[dict]) -> list:
    """What the branching and depth sliders must change: the number of nodes of each tree drawn
    (of a plot: everything it shows)."""
    return [picture if picture.get("plot") else picture["nodes"] for picture in pictures]


def settle(page: Page, area: Locator) -> None:
    """Wait until the kernel is idle and the widget has stopped changing."""
    last = None
    for _ in range(40):
        wait_idle(page, CHANGE_TIMEOUT_S)
        now = area.inner_text() + json.dumps(drawing(area))
        if now == last:
            return
        last = now
        page.wait_for_timeout(200)


def wait_for_change(page: Page, before: Any, measure: Callable[[], Any]) -> Any:
    """Poll `measure` until it differs from `before` (or time runs out); return its last value."""
    deadline = time.monotonic() + CHANGE_TIMEOUT_S
    now = measure()
    while now == before and time.monotonic() < deadline:
        page.wait_for_timeout(100)
        now = measure()
    return now


def work_widgets(page: Page, stem: str, cells: list[dict], lesson: dict,
                 front_end: FrontEnd = JUPYTERLAB) -> list[str]:
    """Work every widget the lesson shows; return what did not respond or was not found."""
    page.set_viewport_size({"width": WIDTH, "height": HEIGHT})
    problems, checks = [], []
    areas = page.locator(".jp-OutputArea-output:has(> .jupyter-widgets)")
    for k in range(areas.count()):
        area = areas.nth(k)
        cell = area.evaluate("a => [...document.querySelectorAll('.jp-Notebook .jp-Cell')]"
                             ".indexOf(a.closest('.jp-Cell'))")
        area.scroll_into_view_if_needed()
        area.screenshot(path=str(SHOTS / f"{stem}-cell{cell:02d}.png"))   # as the lesson shows it
        found = []
        for work in (partial(work_sliders, front_end=front_end), work_toggles, work_dropdowns,
                     work_play, work_quiz, work_board, work_practice):
            for result in work(page, area):
                result["cell"] = cell
                found.append(result)
                if result["required"] and not result["ok"]:
                    problems.append(f"cell {cell}: {result['control']} did not {result['expect']}: {result}")
        checks += found
        worked = {result["kind"] for result in found}
        source = "".join(cells[cell]["source"]) if 0 <= cell < len(cells) else ""
        for pattern, kinds in EXPECTED_CONTROLS:
            if pattern.search(source) and kinds - worked:
                problems.append(f"cell {cell} makes {pattern.search(source).group(0)}...) but no "
                                f"{', '.join(sorted(kinds - worked))} control was found in it to work")
        cut = area.evaluate(CLIPPED_JS)
        if cut:
            problems.append(f"cell {cell}: {cut} drawing(s) cut off at the right edge (neither shrunk nor scrolling)")
        area.screenshot(path=str(SHOTS / f"{stem}-cell{cell:02d}-worked.png"))
    lesson["widget_checks"] = checks
    return problems


def slider_value(slider: Locator) -> tuple[float, float, float]:
    """Return a slider's value, minimum and maximum."""
    handle = slider.locator(".noUi-handle").first
    return tuple(float(handle.get_attribute(f"aria-value{which}") or 0) for which in ("now", "min", "max"))


def press(slider: Locator, key: str) -> None:
    """Press a key on a slider's handle, as a keyboard user moves it."""
    handle = slider.locator(".noUi-handle").first
    handle.focus()
    handle.press(key)


def drag(page: Page, slider: Locator, key: str) -> str:
    """Do with the mouse what an arrow key would: drag the handle one unit (at least a few pixels)
    left or right along the track. Returns what was done."""
    handle = slider.locator(".noUi-handle").first
    handle.scroll_into_view_if_needed()
    track, grip = slider.locator(".noUi-base").first.bounding_box(), handle.bounding_box()
    assert track and grip, "the slider is not on the page"
    _now, low, high = slider_value(slider)
    unit = max(track["width"] / (high - low), 4) * (1 if key == "ArrowRight" else -1)
    x, y = grip["x"] + grip["width"] / 2, grip["y"] + grip["height"] / 2
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + unit, y, steps=5)
    page.mouse.up()
    return f"drag {'right' if unit > 0 else 'left'} {abs(unit):.0f} px"


def work_sliders(page: Page, area: Locator, front_end: FrontEnd = JUPYTERLAB) -> list[dict]:
    """Branching and depth must change the number of nodes drawn (a plot: what it shows); step,
    moved to its other end, what the drawing shows. Other sliders are moved and reported. A slider
    is moved by keyboard; one arrow key step with the mouse where the front end takes arrow keys."""
    results = []
    sliders = area.locator(".widget-slider:has(.noUi-handle)")
    labels = [sliders.nth(i).locator("label.widget-label").inner_text().strip() for i in range(sliders.count())]
    for i in sorted(range(len(labels)), key=lambda i: labels[i].lower().startswith("step")):
        slider, label = sliders.nth(i), labels[i]
        now, low, high = slider_value(slider)
        before = drawing(area)
        if not before or low == high or slider.locator("[disabled]").count():
            continue
        kind = ("branching" if re.search(r"branch", label, re.IGNORECASE) else
                "depth" if re.search(r"depth", label, re.IGNORECASE) else
                "step" if re.match(r"step", label, re.IGNORECASE) else "other")
        if kind == "step":
            key = "End" if now < high else "Home"
        else:
            key = "ArrowRight" if now < high else "ArrowLeft"
        if key.startswith("Arrow") and not front_end.arrow_keys:
            key = drag(page, slider, key)
        else:
            press(slider, key)
        if kind in ("branching", "depth"):
            ok = wait_for_change(page, size(before), lambda: size(drawing(area))) != size(before)
            expect = "change the number of nodes drawn"
        else:
            ok = wait_for_change(page, before, lambda: drawing(area)) != before
            expect = "change the drawing"
        settle(page, area)
        results.append({"kind": kind, "control": f"slider {label!r}", "key": key,
                        "value": [now, slider_value(slider)[0]], "before": counts(before),
                        "after": counts(drawing(area)), "ok": ok, "expect": expect,
                        "required": kind != "other"})
    return results


def work_choice(page: Page, area: Locator, control: str, label: str, options: list[str],
                choose: Callable[[], str]) -> list[dict]:
    """Choose another option of a control next to a drawing; an ordering control must change it."""
    before = drawing(area)
    if len(options) < 2 or not before:
        return []
    chosen = choose()
    after = wait_for_change(page, before, lambda: drawing(area))
    settle(page, area)
    ordering = bool(ORDERING.search(label + " " + " ".join(options)))
    return [{"kind": "ordering" if ordering else control, "control": f"{control} {label or options}",
             "chose": chosen, "before": counts(before), "after": counts(drawing(area)),
             "ok": after != before, "expect": "change the drawing", "required": ordering}]


def work_toggles(page: Page, area: Locator) -> list[dict]:
    """Click each toggle-button group's next option."""
    results = []
    groups = area.locator(".widget-toggle-buttons")
    for i in range(groups.count()):
        buttons = groups.nth(i).locator("button")
        options = [text.strip() for text in buttons.all_inner_texts()]
        classes = [buttons.nth(j).get_attribute("class") or "" for j in range(buttons.count())]
        active = [j for j, names in enumerate(classes) if "mod-active" in names]
        target = ((active[0] if active else 0) + 1) % max(1, len(options))
        label = groups.nth(i).locator("label.widget-label").inner_text().strip()
        choose = partial(click_option, buttons, options, target)
        results += work_choice(page, area, "toggle", label, options, choose)
    return results


def click_option(buttons: Locator, options: list[str], target: int) -> str:
    """Click the toggle button `target`; return its option."""
    buttons.nth(target).click()
    return options[target]


def work_dropdowns(page: Page, area: Locator) -> list[dict]:
    """Choose each dropdown's next option."""
    results = []
    dropdowns = area.locator(".widget-dropdown")
    for i in range(dropdowns.count()):
        select = dropdowns.nth(i).locator("select")
        options = select.locator("option").all_inner_texts()
        label = dropdowns.nth(i).locator("label.widget-label").inner_text().strip()
        results += work_choice(page, area, "dropdown", label, options, partial(select_next, select, options))
    return results


def select_next(select: Locator, options: list[str]) -> str:
    """Select the option after the current one; return it."""
    target = (select.evaluate("s => s.selectedIndex") + 1) % len(options)
    select.select_option(index=target)
    return options[target]


def work_play(page: Page, area: Locator) -> list[dict]:
    """From step 0, press play: the step slider must advance PLAY_STEPS steps and the drawing
    change; then pause (leaving a search in progress on the screenshot)."""
    players = area.locator(".widget-play")
    steps = area.locator(".widget-slider", has=page.locator("label.widget-label", has_text="step"))
    if not players.count() or not steps.count() or not drawing(area):
        return []
    step = steps.first
    if slider_value(step)[0] != slider_value(step)[1]:
        press(step, "Home")
        wait_for_change(page, False, lambda: slider_value(step)[0] == slider_value(step)[1])
        settle(page, area)
    start, before = slider_value(step)[0], drawing(area)
    play = players.first.locator("button").first
    play.click()
    target = min(start + PLAY_STEPS, slider_value(step)[2])
    moved = wait_for_change(page, True, lambda: slider_value(step)[0] < target)
    changed = drawing(area) != before
    play.click()
    settle(page, area)
    return [{"kind": "play", "control": "play", "value": [start, slider_value(step)[0]],
             "ok": not moved and changed, "required": True,
             "expect": f"advance the step {target - start:g} times and change the drawing"}]


def work_quiz(page: Page, area: Locator) -> list[dict]:
    """In every quiz (a question, its options, a Check button), pick an answer and press Check:
    feedback must appear."""
    results = []
    quizzes = area.locator(".widget-vbox:has(> .widget-radio):has(> .widget-button)")
    for i in range(quizzes.count()):
        quiz = quizzes.nth(i)
        feedback = quiz.locator(":scope > .widget-html .widget-html-content").last
        before = feedback.inner_text()
        quiz.locator(":scope > .widget-radio input[type=radio]").first.check()
        quiz.locator(":scope > .widget-button").first.click()
        after = wait_for_change(page, before, feedback.inner_text)
        settle(page, area)
        results.append({"kind": "quiz", "control": "quiz Check", "feedback": after[:80],
                        "ok": bool(after.strip()) and after != before, "expect": "answer", "required": True})
    return results


def work_practice(page: Page, area: Locator) -> list[dict]:
    """In every practice widget (a drawing, answer controls, Check and New tree or New game buttons):
    give a wrong answer and press Check, the feedback must say "Not correct"; in a widget whose
    feedback gives a hint first (a Show answer button), Show answer must then show the answer; then
    New tree (New game) must draw another case and clear the feedback.

    The wrong answer is one that is wrong on every case: in pruning practice, marking the first leaf
    as pruned (alpha-beta always examines it); in value and chance practice, 1000 at the root (leaves
    are below 100); in retrograde practice, a distance of 99 (the graphs are a few plies deep); in MCTS
    practice, the first child, and if UCB1 does select it, N and U of 1000 in the back-up."""
    results = []
    # a Check button beside New tree or New game: the play board's New game has none
    widgets = area.locator(".widget-vbox:has(> .widget-hbox > button:text-is('Check'))"
                           ":has(> .widget-hbox > button:text-matches('^New (tree|game)$'))")
    for i in range(widgets.count()):
        widget = widgets.nth(i)
        feedback = widget.locator(":scope > .widget-html .widget-html-content").last
        instructions = widget.locator(":scope > .widget-html").first.inner_text()
        check = widget.locator("button:text-is('Check')")
        if "UCB1" in instructions:
            kind = "mcts"
            widget.locator(".widget-toggle-button").first.click()
            check.click()
            verdict = wait_for_change(page, "", feedback.inner_text)
            if verdict.startswith("Correct"):
                settle(page, area)
                widget.locator(".widget-text input").first.fill("1000, 1000")
                check.click()
                verdict = wait_for_change(page, verdict, feedback.inner_text)
        else:
            if "Mark every leaf" in instructions:
                kind = "pruning"
                widget.locator(".widget-toggle-button").first.click()
            elif "Label every position" in instructions:
                kind = "retrograde"
                widget.locator(".widget-text input").first.fill("1, 99")
            else:
                kind = "chance" if "chance" in instructions else "values"
                widget.locator(".widget-text input").first.fill("1000")
            check.click()
            verdict = wait_for_change(page, "", feedback.inner_text)
        results.append({"kind": "practice", "control": f"{kind} practice Check", "feedback": verdict[:80],
                        "ok": verdict.startswith("Not correct"), "expect": "say the wrong answer is not correct",
                        "required": True})
        show = widget.locator("button:text-is('Show answer')")
        if show.count():
            settle(page, area)
            before = feedback.inner_text()
            show.click()
            shown = wait_for_change(page, before, feedback.inner_text)
            results.append({"kind": "practice", "control": f"{kind} practice Show answer", "feedback": shown[:80],
                            "ok": bool(shown.strip()) and shown != before and not shown.startswith("Not correct"),
                            "expect": "show the answer", "required": True})
        settle(page, area)
        picture = widget.locator(".widget-html svg").first
        before = picture.inner_html()
        widget.locator("button:text-matches('^New (tree|game)$')").click()
        after = wait_for_change(page, before, lambda: widget.locator(".widget-html svg").first.inner_html())
        settle(page, area)
        results.append({"kind": "practice", "control": f"{kind} practice New tree",
                        "ok": after != before and not feedback.inner_text().strip(),
                        "expect": "draw another tree and clear the feedback", "required": True})
    return results


MARK = re.compile(r"^[XO]$")


def marks(squares: Locator) -> list[str]:
    """Return the text of each square of a board."""
    return [text.strip() for text in squares.all_inner_texts()]


def placed(board: list[str]) -> int:
    """Return how many squares hold a mark."""
    return sum(bool(MARK.match(mark)) for mark in board)


def work_board(page: Page, area: Locator) -> list[dict]:
    """Play a move on each game board (a grid of nine or more buttons, marked X and O)."""
    boards = area.locator(".widget-gridbox:has(> :nth-child(9)):not(:has(> :not(button)))")
    return [play_a_move(page, area, boards.nth(i).locator(":scope > button")) for i in range(boards.count())]


def play_a_move(page: Page, area: Locator, squares: Locator) -> dict:
    """Click the first empty square: the computer must answer, so two new marks appear."""
    before = marks(squares)
    empty = [j for j, mark in enumerate(before) if not mark and squares.nth(j).is_enabled()]
    if not empty:
        return {"kind": "board", "control": "board", "ok": False, "expect": "offer an empty square",
                "required": True}
    squares.nth(empty[0]).click()
    wanted = placed(before) + 2
    wait_for_change(page, True, lambda: placed(marks(squares)) < wanted)
    settle(page, area)
    after = marks(squares)
    return {"kind": "board", "control": "board", "square": empty[0],
            "before": "".join(m or "." for m in before), "after": "".join(m or "." for m in after),
            "ok": placed(after) == wanted, "expect": "answer the move (two new marks)", "required": True}


def summary_line(name: str, lesson: dict) -> str:
    """One line per lesson (and front end) for the terminal: time, drawings, widget checks passed."""
    checks = lesson.get("widget_checks", [])
    passed = sum(check["ok"] for check in checks)
    worked = ", ".join(sorted({check["kind"] for check in checks})) or "none"
    return (f"{name}: {lesson.get('seconds', '?')} s, {lesson.get('code_cells', '?')} code cells, "
            f"{lesson.get('drawings', 0)} drawings ({lesson.get('nodes_drawn', 0)} nodes), "
            f"{lesson.get('widgets', 0)} widgets; widget checks {passed}/{len(checks)} ({worked}); "
            f"console errors {len(lesson.get('console_errors', []))}"
            + (f" (+{len(lesson['console_benign'])} known benign)" if lesson.get("console_benign") else ""))


# --- each lesson opened fresh, not run: its drawings and widgets show as pictures ---------------
#
# A freshly cloned notebook is not trusted, and JupyterLab shows no SVG and no widget view from an
# untrusted notebook (their renderers are not safe): it picks the first safe output of a bundle,
# so a drawing must carry a PNG (image/png) and a widget a still picture of itself. This opens every
# lesson in a server whose Jupyter data folder is new (so it trusts no notebook), runs nothing, and
# counts the stored drawing and widget outputs that JupyterLab shows as a loaded image.
# FRESH_LESSONS names another folder of lessons to open (say, copies re-executed elsewhere).

FRESH_DIR = Path(os.environ.get("FRESH_LESSONS", ROOT / "notebooks"))
FRESH = sorted(FRESH_DIR.glob("[0-9]*.ipynb")) + sorted(FRESH_DIR.glob("appendix_*.ipynb"))
PNG = "image/png"

OUTPUTS_JS = """() => [...document.querySelectorAll('.jp-Notebook .jp-Cell')].map(cell =>
  [...cell.querySelectorAll('.jp-OutputArea-output')].map(output => {
    const image = output.querySelector('img');
    return {mime: output.dataset.mimeType || '', text: (output.textContent || '').trim().slice(0, 80),
            image: image !== null && image.complete && image.naturalWidth > 0};
  }))"""


def as_shown(outputs: list[dict]) -> list[dict]:
    """Return a cell's stored outputs as a front end shows them: consecutive text on the same
    stream (two prints kept as two outputs) in one output area."""
    shown: list[dict] = []
    for output in outputs:
        if (shown and output.get("output_type") == "stream" and shown[-1].get("output_type") == "stream"
                and shown[-1].get("name") == output.get("name")):
            continue
        shown.append(output)
    return shown


def picture_kind(output: dict) -> str | None:
    """Return what a stored output shows, 'drawing', 'widget' or 'plot', or None for the rest
    (text, tables, source code)."""
    data = output.get("data", {})
    if WIDGET_VIEW in data:
        return "widget"
    if SVG in data or "<svg" in "".join(data.get("text/html", "")):
        return "drawing"
    if PNG in data:
        return "plot"
    return None


@pytest.fixture(scope="module")
def fresh_lab(report: dict) -> Iterator[Lab]:
    """JupyterLab serving a copy of the lessons with a Jupyter data folder of its own, so that
    it trusts none of them (as on a fresh clone)."""
    copy = OUT / "fresh"
    shutil.copytree(FRESH_DIR, copy, ignore=shutil.ignore_patterns(".ipynb_checkpoints", "__pycache__"))
    home = Path(tempfile.mkdtemp(prefix="home-fresh-", dir=OUT))
    assert not (home / "data").exists()   # no notebook signatures: nothing trusted
    server = Lab(copy, home)
    server.start()
    yield server
    server.stop()


@pytest.mark.parametrize("notebook", FRESH, ids=[path.stem for path in FRESH])
def test_lesson_opened_fresh_shows_its_pictures(notebook: Path, fresh_lab: Lab, context: BrowserContext,
                                                report: dict) -> None:
    """Open a lesson untrusted, without running it: every stored drawing and widget shows as an
    image (its PNG), none as text such as '<tree drawing: ...>' or 'VBox(children=...)'."""
    cells = json.loads(notebook.read_text())["cells"]
    stored = [[picture_kind(output) for output in as_shown(cell.get("outputs", []))] for cell in cells]
    page = context.new_page()
    try:
        open_notebook(page, fresh_lab, notebook.name)
        page.wait_for_function(f"() => document.querySelectorAll('.jp-Notebook .jp-Cell').length === {len(cells)}",
                               timeout=30_000)
        page.wait_for_function("() => [...document.querySelectorAll('.jp-OutputArea-output img')]"
                               ".every(image => image.complete)", timeout=30_000)
        shown = page.evaluate(OUTPUTS_JS)
        screenshot_lesson(page, SHOTS / f"fresh-{notebook.stem}.png")
    finally:
        page.close()
        fresh_lab.shut_down_kernels()
    counts: dict[str, dict[str, int]] = {}
    problems = []
    for i, (kinds, outputs) in enumerate(zip(stored, shown)):
        if len(kinds) != len(outputs):
            problems.append(f"cell {i} ({first_line(cells[i])}): {len(kinds)} outputs stored, {len(outputs)} shown")
            continue
        for kind, output in zip(kinds, outputs):
            if kind is None:
                continue
            count = counts.setdefault(kind, {"stored": 0, "images": 0})
            count["stored"] += 1
            if output["image"] and output["mime"] == PNG:
                count["images"] += 1
            else:
                problems.append(f"cell {i} ({first_line(cells[i])}): a {kind} shows as {output['mime'] or '?'}, "
                                f"not an image: {output['text']!r}")
    report.setdefault("fresh", {})[notebook.stem] = counts
    assert not problems, f"{notebook.name} opened fresh:\n" + "\n".join(problems)
