#!/usr/bin/env bash
# Add what `make test-browser` needs on top of `make setup` (called by the Makefile after it).
#   * Chromium, a system program: Debian's `chromium` package, installed with apt-get when
#     running as root, otherwise we stop with one line saying what to run.  Playwright drives it
#     through its executable path; `playwright install` (a browser download) is never used.
#   * Playwright, repo2docker and notebook (Notebook 7) from requirements-browser.lock, into the
#     course venv.  The lock is compiled against requirements.lock, so this changes none of the
#     course's packages; `uv pip install` is a no-op when they are already there.  (`make setup`
#     re-syncs the venv to requirements.lock when that changes, which removes them; the next run
#     puts them back.)
#
# Environment overrides: VENV (default <repo>/.venv), CHROMIUM (the browser, default
# /usr/bin/chromium; read by tests/browser/test_lessons.py too).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
VENV="${VENV:-$ROOT/.venv}"
CHROMIUM="${CHROMIUM:-/usr/bin/chromium}"

say() { printf 'setup-browser: %s\n' "$*" >&2; }
die() { printf 'setup-browser: %s\n' "$*" >&2; exit 1; }
have() { command -v "$1" >/dev/null 2>&1; }

ensure_chromium() {
    if [ -x "$CHROMIUM" ]; then return 0; fi
    if [ "$(id -u)" -eq 0 ] && have apt-get && [ "$CHROMIUM" = /usr/bin/chromium ]; then
        say "installing chromium with apt-get (running as root)"
        export DEBIAN_FRONTEND=noninteractive
        apt-get update -qq
        apt-get install -y -q chromium
        [ -x "$CHROMIUM" ] && return 0
        die "$CHROMIUM is still missing after 'apt-get install chromium'."
    fi
    die "Chromium is missing; run: sudo apt-get install chromium  (or: make test-browser CHROMIUM=/path/to/chrome)"
}

[ -x "$VENV/bin/uv" ] || die "$VENV has no uv; run 'make setup' first."
ensure_chromium
# Debian's launcher script prints a harmless shell warning on some machines; keep the version line.
say "$("$CHROMIUM" --version 2>/dev/null | head -n1)"
"$VENV/bin/uv" pip install --quiet --python "$VENV/bin/python" \
    -r requirements-browser.lock -c requirements.lock \
    || die "requirements-browser.lock does not fit requirements.lock; run: make lock"
say "$("$VENV/bin/python" -c 'from importlib.metadata import version as v; print("playwright %s, notebook %s" % (v("playwright"), v("notebook")))'), repo2docker $("$VENV/bin/jupyter-repo2docker" --version)"
