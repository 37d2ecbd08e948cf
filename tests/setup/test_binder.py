"""Binder and other front ends: the files mybinder.org builds from, and what the notebooks need.

Binder (repo2docker) builds from the root environment.yml and then runs ./postBuild; a binder/
folder would hide both. The README's badge opens JupyterLab on the start notebook. The lessons
need no front-end extension beyond ipywidgets 8 (SVG and widgets only), so they also work in
Notebook 7 and VS Code.

repo2docker itself is not in the course environment (requirements.lock): it comes with
`make test-browser` (requirements-browser.lock), which runs this file with REQUIRE_REPO2DOCKER=1,
so CI always runs the build check. Under plain `make test` it runs when repo2docker is installed
and is otherwise skipped with that reason (shown by -ra).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

pytestmark = pytest.mark.slow  # checks the Binder set-up

ROOT = Path(__file__).resolve().parents[2]
START = "notebooks/00_start_here.ipynb"
BADGE = re.compile(r"\[!\[[^\]]*\]\((https://mybinder\.org/badge_logo\.svg)\)\]"
                   r"\((https://mybinder\.org/v2/gh/[\w.-]+/[\w.-]+/[\w./-]+\?urlpath=[^)\s]+)\)")


def environment() -> dict:
    return yaml.safe_load((ROOT / "environment.yml").read_text())


def test_no_binder_folder_hides_the_root_files():
    assert not (ROOT / "binder").exists() and not (ROOT / ".binder").exists()


def test_environment_yml_is_made_from_requirements_lock():
    checked = subprocess.run([sys.executable, "scripts/environment_yml.py", "--check"], cwd=ROOT,
                             check=False, capture_output=True, text=True)
    assert checked.returncode == 0, checked.stdout + checked.stderr


def test_binder_installs_every_locked_version_and_nothing_else_from_pip():
    pip = [req for dep in environment()["dependencies"] if isinstance(dep, dict) for req in dep["pip"]]
    locked = [line.strip() for line in (ROOT / "requirements.lock").read_text().splitlines()
              if line and not line.startswith(("#", " "))]
    assert pip == locked and len(pip) > 100
    assert all(re.fullmatch(r"[A-Za-z0-9_.-]+==[^\s;]+( ; .+)?", req) for req in pip), "exact pins only"


def test_environment_yml_has_what_the_lessons_need():
    env = environment()
    assert env["channels"][0] == "conda-forge"
    listed = {re.split(r"[=<> ]", dep)[0] for dep in env["dependencies"] if isinstance(dep, str)}
    pip = {re.split(r"[=<> ;]", req)[0] for dep in env["dependencies"] if isinstance(dep, dict) for req in dep["pip"]}
    names = listed | pip
    wanted = {re.split(r"[=<>!~ ;\[]", line.split("#")[0].strip())[0]   # the name, without a version bound
              for line in (ROOT / "requirements.in").read_text().splitlines()}
    assert wanted - {""} <= names, f"missing from environment.yml: {wanted - names - {''}}"
    assert "python=3.11" in env["dependencies"], "environment.yml's Python must match `make lock`'s 3.11"
    assert "graphviz" in listed, "the Graphviz programs (dot) come from conda-forge's graphviz"
    assert "pip" in listed, "postBuild installs the package with pip"


def test_environment_yml_leaves_the_package_to_postbuild():
    """A local pip requirement (-e .) makes repo2docker copy the repository before building the
    environment, so every commit would rebuild it: the package is installed by postBuild."""
    pip = [dep for dep in environment()["dependencies"] if isinstance(dep, dict)]
    requirements = [req for section in pip for req in section.get("pip", [])]
    local = [req for req in requirements if re.search(r"(^|\s)(-e\s*)?\.(/|\s|$)", req)]
    assert not local, f"local pip requirements in environment.yml: {local}"


def test_postbuild_installs_the_package():
    postbuild = ROOT / "postBuild"
    text = postbuild.read_text()
    assert postbuild.stat().st_mode & stat.S_IXUSR, "postBuild must be executable"
    assert text.startswith(("#!/bin/bash", "#!/usr/bin/env bash"))
    assert re.search(r"^set -e\w*$", text, re.MULTILINE), "postBuild must stop at the first failing command"
    assert re.search(r"^(python -m )?pip install\b.*\s-e \.$", text, re.MULTILINE), \
        "postBuild must pip install -e ."
    syntax = subprocess.run(["bash", "-n", str(postbuild)], check=False, capture_output=True, text=True)
    assert syntax.returncode == 0, syntax.stderr


def test_postbuild_is_executable_in_git():
    """A fresh clone (what Binder builds) gets the mode recorded in git, not this checkout's."""
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.skip("not a git checkout")
    listed = subprocess.run(["git", "ls-files", "-s", "postBuild"], cwd=ROOT, check=False,
                            capture_output=True, text=True)
    assert listed.stdout.startswith("100755"), f"git records postBuild as {listed.stdout.split()[:1]}"


def test_readme_binder_badge_opens_the_start_notebook():
    readme = (ROOT / "README.md").read_text()
    badges = BADGE.findall(readme)
    assert badges, "README.md has no Binder badge [![...](https://mybinder.org/badge_logo.svg)](...)"
    for _image, link in badges:
        assert link.endswith(f"?urlpath=lab/tree/{START}"), link
    assert (ROOT / START).exists()


def notebooks() -> list[Path]:
    return sorted((ROOT / "notebooks").rglob("*.ipynb"))


CORE_WIDGETS = {"@jupyter-widgets/base", "@jupyter-widgets/controls", "@jupyter-widgets/output"}
PLAIN_OUTPUTS = {"text/plain", "text/html", "text/markdown", "text/latex", "image/svg+xml", "image/png",
                 "image/jpeg", "application/vnd.jupyter.widget-view+json"}
FRONT_END_CODE = re.compile(r"%%javascript|\bJavascript\(|%matplotlib (widget|notebook|ipympl)|%%js\b")


@pytest.mark.parametrize("notebook", notebooks(), ids=lambda path: str(path.relative_to(ROOT / "notebooks")))
def test_notebook_needs_only_core_widgets_and_svg(notebook: Path):
    """Works in JupyterLab, Notebook 7 and VS Code alike: core ipywidgets 8, SVG, no JavaScript."""
    nb = json.loads(notebook.read_text())
    state = nb["metadata"].get("widgets", {}).get("application/vnd.jupyter.widget-state+json", {})
    modules = {model["model_module"] for model in state.get("state", {}).values()}
    assert modules <= CORE_WIDGETS, f"widgets from a front-end extension: {modules - CORE_WIDGETS}"
    for i, cell in enumerate(nb["cells"]):
        source = "".join(cell["source"])
        front_end = FRONT_END_CODE.search(source)
        assert not front_end, f"cell {i} runs front-end code: {front_end and front_end[0]}"
        for output in cell.get("outputs", []):
            data = output.get("data", {})
            assert set(data) <= PLAIN_OUTPUTS, f"cell {i} outputs {set(data) - PLAIN_OUTPUTS}"
            assert "<script" not in "".join(data.get("text/html", "")), f"cell {i} outputs a <script>"
            view = data.get("application/vnd.jupyter.widget-view+json")
            assert view is None or view.get("version_major") == 2, f"cell {i}: not an ipywidgets 8 view"


@pytest.mark.parametrize("notebook", notebooks(), ids=lambda path: str(path.relative_to(ROOT / "notebooks")))
def test_widget_state_is_stored_only_where_an_output_shows_a_widget(notebook: Path):
    """Widget state left from an earlier version of a lesson describes controls it no longer shows,
    and goes stale when they change (nbconvert keeps it when the run makes no widget)."""
    nb = json.loads(notebook.read_text())
    state = nb["metadata"].get("widgets", {}).get("application/vnd.jupyter.widget-state+json", {}).get("state", {})
    views = [output["data"]["application/vnd.jupyter.widget-view+json"]["model_id"] for cell in nb["cells"]
             for output in cell.get("outputs", []) if "application/vnd.jupyter.widget-view+json" in output.get("data", {})]
    assert bool(state) == bool(views), f"{len(state)} widget models stored, {len(views)} widgets shown"
    assert set(views) <= set(state), "a widget shown without its stored state"


def test_repo2docker_builds_environment_then_postbuild():
    """The Dockerfile repo2docker would build (--no-build prints it; no Docker needed)."""
    repo2docker = shutil.which("jupyter-repo2docker") or str(Path(sys.executable).parent / "jupyter-repo2docker")
    if not Path(repo2docker).exists():
        reason = "repo2docker is not installed: `make test-browser` installs it and runs this check"
        if os.environ.get("REQUIRE_REPO2DOCKER"):
            pytest.fail(reason)
        pytest.skip(reason)
    built = subprocess.run([repo2docker, "--no-build", "--debug", "--user-id", "1000", "--user-name", "jovyan",
                            str(ROOT)], check=False, capture_output=True, text=True, timeout=120)
    assert built.returncode == 0, built.stdout + built.stderr
    log, dockerfile = built.stderr, built.stdout
    assert "Building conda environment for python=3.11" in log + dockerfile
    environment_step = dockerfile.find('--file "environment.yml"')
    copy_repo = dockerfile.find("COPY --chown=1000:1000 src/ ${REPO_DIR}/")
    postbuild = dockerfile.find("RUN ./postBuild")
    assert environment_step != -1, "repo2docker does not install environment.yml"
    assert postbuild != -1, "repo2docker does not run postBuild"
    assert environment_step < copy_repo < postbuild, \
        "expected: environment.yml installed before the repository is copied in (a cached layer), postBuild after"
