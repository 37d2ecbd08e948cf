#!/usr/bin/env bash
# Add what `make lite` (the server-free edition) needs on top of `make setup` (called by the
# Makefile after it, and by `make test-browser`, whose tests/browser/test_lite.py runs the lessons
# on this Pyodide in Node).
#   * jupyterlite-core and jupyterlite-pyodide-kernel from requirements-lite.lock, into a venv of
#     their own (LITE_VENV, default build/lite-venv) that sees the course venv's packages through a
#     .pth file, with its pip (which honours pip's configuration: index, certificate). Not into the
#     course venv: the kernel's JupyterLab extension would load into `make lab` and fail there.
#   * the Pyodide runtime from npm (scripts/lite/package-lock.json) into scripts/lite/node_modules,
#     with `npm ci`. Node and npm are system programs: installed with apt-get when running as
#     root, otherwise we stop with one line saying what to run.
#   * the pure-Python wheels the site runs inside Pyodide (scripts/lite/requirements-pyodide.lock,
#     checked against its hashes) from PyPI into build/lite-wheels/.
# Nothing here downloads from a CDN: see scripts/build_lite.py for what the site holds.
#
# Environment overrides: VENV (default <repo>/.venv), LITE_VENV (default <repo>/build/lite-venv).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
VENV="${VENV:-$ROOT/.venv}"
LITE_VENV="${LITE_VENV:-$ROOT/build/lite-venv}"
WHEELS="$ROOT/build/lite-wheels"
NODE_MAJOR_MIN=18   # the npm pyodide package's "engines"

say() { printf 'setup-lite: %s\n' "$*" >&2; }
die() { printf 'setup-lite: %s\n' "$*" >&2; exit 1; }
have() { command -v "$1" >/dev/null 2>&1; }

ensure_node() {
    if have node && have npm; then return 0; fi
    if [ "$(id -u)" -eq 0 ] && have apt-get; then
        say "installing nodejs and npm with apt-get (running as root)"
        export DEBIAN_FRONTEND=noninteractive
        apt-get update -qq
        apt-get install -y -q nodejs npm
        have node && have npm && return 0
        die "node or npm is still missing after 'apt-get install nodejs npm'."
    fi
    die "Node.js is missing; run: sudo apt-get install nodejs npm"
}

[ -x "$VENV/bin/python" ] || die "$VENV has no python; run 'make setup' first."
# The venv's pip (make setup's uv may have synced it away): ensurepip has it offline.
"$VENV/bin/python" -m pip --version >/dev/null 2>&1 || "$VENV/bin/python" -m ensurepip --upgrade >/dev/null \
    || die "$VENV has no pip and ensurepip could not add it"
# An earlier make lite put these into the course venv, where JupyterLab loads the kernel's extension.
for tool in jupyterlite-pyodide-kernel jupyterlite-core; do
    if "$VENV/bin/python" -m pip show --quiet "$tool" >/dev/null 2>&1; then
        say "removing $tool from $VENV (it now lives in $LITE_VENV)"
        "$VENV/bin/python" -m pip uninstall --quiet --yes "$tool" >/dev/null
    fi
done
if [ ! -x "$LITE_VENV/bin/python" ]; then
    "$VENV/bin/python" -m venv "$LITE_VENV" || die "could not create $LITE_VENV"
fi
# The lite venv sees the course venv's packages (the widgets' extension, packaging, the lock's pins).
course_site="$("$VENV/bin/python" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')"
lite_site="$("$LITE_VENV/bin/python" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')"
printf '%s\n' "$course_site" > "$lite_site/minimax_lab_course_venv.pth"
"$LITE_VENV/bin/python" -m pip install --quiet --disable-pip-version-check \
    -r requirements-lite.lock -c requirements.lock \
    || die "requirements-lite.lock does not fit requirements.lock; run: make lock"

ensure_node
major="$(node -p 'process.versions.node.split(".")[0]')"
[ "$major" -ge "$NODE_MAJOR_MIN" ] || die "Node.js $major is too old for Pyodide (>= $NODE_MAJOR_MIN needed)"
# npm ci is quick when node_modules already matches the lock, but still rewrites it: skip when the
# installed pyodide is the locked one.
locked="$(node -p 'require("./scripts/lite/package-lock.json").packages["node_modules/pyodide"].version')"
installed="$(node -p 'try { require("./scripts/lite/node_modules/pyodide/package.json").version } catch (e) { "" }')"
if [ "$locked" != "$installed" ]; then
    (cd scripts/lite && npm ci --ignore-scripts --no-audit --no-fund --loglevel=error) \
        || die "npm ci failed in scripts/lite"
fi

# Wheels for Python 3.14 on wasm32: pure Python only (--only-binary, platform "any"), pinned with
# hashes; pip skips the ones already downloaded.
mkdir -p "$WHEELS"
"$VENV/bin/python" -m pip download --quiet --disable-pip-version-check --no-deps --require-hashes \
    --only-binary=:all: --platform any --python-version 3.14 --implementation py \
    -r scripts/lite/requirements-pyodide.lock -d "$WHEELS" \
    || die "could not download scripts/lite/requirements-pyodide.lock's wheels into $WHEELS"
# Drop wheels a changed lock no longer names.
"$VENV/bin/python" - "$WHEELS" scripts/lite/requirements-pyodide.lock <<'PY'
import re, sys
from pathlib import Path
from packaging.utils import canonicalize_name, parse_wheel_filename
pins = {canonicalize_name(n): v for n, v in re.findall(r"^([A-Za-z0-9._-]+)==(\S+)", Path(sys.argv[2]).read_text(), re.M)}
for wheel in Path(sys.argv[1]).glob("*.whl"):
    name, version, _, _ = parse_wheel_filename(wheel.name)
    if pins.get(name) != str(version):
        wheel.unlink()
PY
say "pyodide $locked (npm), jupyterlite-core $("$LITE_VENV/bin/python" -c 'from importlib.metadata import version; print(version("jupyterlite-core"))'), $(ls "$WHEELS"/*.whl | wc -l) wheels for Pyodide in build/lite-wheels"
