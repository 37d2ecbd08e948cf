#!/usr/bin/env bash
# Create or refresh the project environment (.venv) from requirements.lock.
#
# Called by `make setup` (and so by `make lab`, `make test`, `make bench`).
#   * Idempotent: a stamp file in the venv records a hash of everything the
#     install depends on; when nothing changed it only re-checks `dot` and exits.
#   * All-or-nothing: the stamp is written last, so after any failure the next
#     run redoes the install; `make lab`/`make test` never start on a broken one.
#   * Graphviz `dot` is a system program: installed with apt-get when running as
#     root, otherwise we stop with one line saying what to run.
#
# Environment overrides: PYTHON (interpreter, default: see choose_python), VENV (default
# <repo>/.venv), GRAPHVIZ_DOT (the Graphviz program to look for, default dot).
# `scripts/setup.sh --python` prints the interpreter the venv would be made from, and does nothing else.
set -euo pipefail

UV_VERSION=0.13.9                      # bump together with `make lock`
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
PYTHON="${PYTHON:-}"
VENV="${VENV:-$ROOT/.venv}"
DOT="${GRAPHVIZ_DOT:-dot}"
STAMP="$VENV/.setup-stamp"

say() { printf 'setup: %s\n' "$*" >&2; }
die() { printf 'setup: %s\n' "$*" >&2; exit 1; }
is_root() { [ "$(id -u)" -eq 0 ]; }
have() { command -v "$1" >/dev/null 2>&1; }

# One command the user can run to get a missing system package.
install_hint() {  # $1 = Debian package, $2 = Homebrew formula
    if have apt-get; then echo "sudo apt-get install $1"
    elif have dnf; then echo "sudo dnf install $2"
    elif have brew; then echo "brew install $2"
    else echo "install $2 with your system's package manager"
    fi
}

apt_install() {
    say "installing $* with apt-get (running as root)"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -q "$@"
}

ensure_dot() {
    if have "$DOT" && "$DOT" -V >/dev/null 2>&1; then return 0; fi
    if is_root && have apt-get; then
        apt_install graphviz
        have "$DOT" && "$DOT" -V >/dev/null 2>&1 && return 0
        die "Graphviz 'dot' is still missing after 'apt-get install graphviz'."
    fi
    die "Graphviz 'dot' is missing; run: $(install_hint graphviz graphviz)  (then re-run make)"
}

# bubblewrap (bwrap) is the sandbox `make grade` runs students' code in; without it grading still
# works, with resource limits only (the report says which ran). Installed when running as root.
ensure_bwrap() {
    if have bwrap; then return 0; fi
    if is_root && have apt-get; then
        apt_install bubblewrap || say "bubblewrap could not be installed; make grade will use resource limits only"
        return 0
    fi
    say "note: bubblewrap is missing; make grade sandboxes students' code with it: $(install_hint bubblewrap bubblewrap)"
}

# Without PYTHON, the venv is made from the system's python3 (SYSTEM_PYTHON, default
# /usr/bin/python3) when it is 3.11 or later and can make a venv, else from the python3 on PATH. A distribution builds its Python with
# profile-guided and link-time optimisation; pyenv and asdf build theirs from source without either
# unless asked. Measured on the course's test machine, Debian's 3.11.2 against pyenv's 3.11.7: the
# search-heavy tests (tests/search/test_windows.py, tests/checks/test_checks_horizon.py) took 0.73 of
# the CPU time, and `make test`, the lessons and grading are almost all Python code.
choose_python() {
    local candidate
    for candidate in "${SYSTEM_PYTHON:-/usr/bin/python3}" python3; do
        if have "$candidate" && "$candidate" -c 'import sys, ensurepip, venv; sys.exit(sys.version_info < (3, 11))' \
                >/dev/null 2>&1; then
            echo "$candidate"
            return 0
        fi
    done
    echo python3  # ensure_python says what is wrong with it
}

resolve_python() { [ -n "$PYTHON" ] || PYTHON="$(choose_python)"; }

ensure_python() {
    resolve_python
    have "$PYTHON" || die "'$PYTHON' not found; run: $(install_hint python3-venv python@3.11)  (or: make setup PYTHON=/path/to/python3.11)"
    "$PYTHON" -c 'import sys; sys.exit(sys.version_info < (3, 11))' \
        || die "Python >= 3.11 is needed (requirements.lock targets 3.11); '$PYTHON' is $("$PYTHON" -V 2>&1). Use: make setup PYTHON=python3.11"
}

# Everything the installed environment depends on; any change => reinstall.
wanted_stamp() {
    {
        echo "uv=$UV_VERSION"
        "$PYTHON" -c 'import sys; print(sys.version, sys.base_prefix)'
        # An editable install made before the package existed maps nothing.
        [ -f minimax_lab/__init__.py ] && echo "package=present" || echo "package=absent"
        cat requirements.lock pyproject.toml "${BASH_SOURCE[0]}"
    } | sha256sum | cut -d' ' -f1
}

# uv ignores pip's configuration: carry over pip's index and CA bundle. The standard variables win
# (PIP_INDEX_URL, PIP_CERT; SSL_CERT_FILE and UV_* as uv reads them), then pip's configuration files
# in pip's own order, a later one overriding: the system's (/etc/xdg/pip/pip.conf, /etc/pip.conf),
# the user's, the venv's, then PIP_CONFIG_FILE (none at all if that is /dev/null); in each,
# [global] then [install]. Read here rather than with
# `pip config get`, which misses keys of the system files. (pip's extra-index-url/find-links are
# deliberately NOT copied: uv prefers extra indexes over the main one, which could shadow the
# locked versions.)
pip_setting() {  # $1 = key (cert, index-url): its value in pip's configuration files, or nothing
    VENV="$VENV" "$PYTHON" - "$1" <<'PY'
import configparser, os, sys
key = sys.argv[1]
chosen = os.environ.get("PIP_CONFIG_FILE")
xdg = os.environ.get("XDG_CONFIG_DIRS", "/etc/xdg").split(":")
home = os.path.expanduser("~")
user = os.environ.get("XDG_CONFIG_HOME", os.path.join(home, ".config"))
files = ([os.path.join(d, "pip", "pip.conf") for d in xdg] + ["/etc/pip.conf",
         os.path.join(home, ".pip", "pip.conf"), os.path.join(user, "pip", "pip.conf"),
         os.path.join(os.environ["VENV"], "pip.conf")] + ([chosen] if chosen else []))
if chosen == os.devnull:
    files = []
value = ""
for path in files:
    parser = configparser.ConfigParser(interpolation=None)
    try:
        parser.read(path, encoding="utf-8")
    except (OSError, configparser.Error):
        continue
    for section in ("global", "install"):
        if parser.has_option(section, key):
            value = parser.get(section, key).strip()
print(value)
PY
}

uv_env_from_pip() {
    if [ -z "${UV_INDEX_URL:-}${UV_DEFAULT_INDEX:-}" ]; then
        local idx="${PIP_INDEX_URL:-$(pip_setting index-url)}"
        if [ -n "$idx" ]; then export UV_INDEX_URL="$idx"; say "using pip's index $idx"; fi
    fi
    if [ -z "${SSL_CERT_FILE:-}" ]; then
        local cert="${PIP_CERT:-$(pip_setting cert)}"
        if [ -n "$cert" ] && [ -f "$cert" ]; then
            export SSL_CERT_FILE="$cert"; say "using pip's certificate bundle $cert"
        elif [ -n "$cert" ]; then
            say "note: pip's certificate bundle $cert does not exist; using the system's certificates"
        fi
    fi
}

venv_matches() {  # the venv exists, runs, and was made from $PYTHON
    [ -x "$VENV/bin/python" ] || return 1
    local want have_
    want="$("$PYTHON" -c 'import sys; print(sys.version, sys.base_prefix)')" || return 1
    have_="$("$VENV/bin/python" -c 'import sys; print(sys.version, sys.base_prefix)' 2>/dev/null)" || return 1
    [ "$want" = "$have_" ]
}

make_venv() {
    rm -rf "$VENV"
    say "creating $VENV with $("$PYTHON" -V 2>&1)"
    if "$PYTHON" -m venv "$VENV"; then return 0; fi
    rm -rf "$VENV"
    # Debian/Ubuntu ship venv's pip bootstrap (ensurepip) separately.
    if "$PYTHON" -c 'import ensurepip' 2>/dev/null; then
        die "'$PYTHON -m venv' failed (see above)."
    fi
    if is_root && have apt-get; then
        apt_install python3-venv
        "$PYTHON" -m venv "$VENV" && return 0
        rm -rf "$VENV"
        die "'$PYTHON -m venv' still fails after installing python3-venv."
    fi
    die "'$PYTHON' cannot create virtual environments; run: sudo apt-get install python3-venv  (then re-run make)"
}

main() {
    ensure_dot
    ensure_bwrap
    ensure_python
    local want
    want="$(wanted_stamp)"
    if [ -f "$STAMP" ] && [ "$(cat "$STAMP")" = "$want" ] && venv_matches; then
        say "environment up to date ($VENV)"
        return 0
    fi

    rm -f "$STAMP"
    venv_matches || make_venv

    if [ "$("$VENV/bin/uv" --version 2>/dev/null | cut -d' ' -f2)" != "$UV_VERSION" ]; then
        say "installing uv $UV_VERSION into the venv"
        "$VENV/bin/python" -m pip install --quiet --disable-pip-version-check "uv==$UV_VERSION"
    fi
    uv_env_from_pip

    say "installing the pinned packages from requirements.lock"
    # Where PYTHONDONTWRITEBYTECODE is set (many containers set it), Python never writes the
    # bytecode it compiles, so every process compiles every module it imports again and a kernel
    # takes 4 s to start instead of under 2: there, compile it all once now (about 20 s here).
    # Elsewhere Python writes it itself the first time.
    compile=()
    if [ -n "${PYTHONDONTWRITEBYTECODE:-}" ]; then compile=(--compile-bytecode); fi
    "$VENV/bin/uv" pip sync --python "$VENV/bin/python" "${compile[@]}" requirements.lock
    say "installing minimax-lab (editable)"
    "$VENV/bin/uv" pip install --python "$VENV/bin/python" --no-deps -e .
    "$VENV/bin/uv" pip check --python "$VENV/bin/python"

    # Smoke test: the key packages are there (found, not imported: importing
    # jupyterlab alone takes seconds) and the bindings can drive `dot`.  Run
    # from / so that minimax_lab is found through the editable install.
    local pkg=""
    [ -f minimax_lab/__init__.py ] && pkg=minimax_lab
    (cd / && PKG="$pkg" "$VENV/bin/python" - <<'PY'
import importlib.util, os
wanted = ["jupyterlab", "ipykernel", "ipywidgets", "matplotlib", "numpy",
          "nbval", "pytest", "hypothesis", "graphviz"] + os.environ["PKG"].split()
missing = [m for m in wanted if importlib.util.find_spec(m) is None]
assert not missing, f"not importable after install: {missing}"
import graphviz
svg = graphviz.Source("digraph { a -> b }").pipe(format="svg")
assert b"<svg" in svg, "graphviz could not render with dot"
PY
    )

    if [ -n "$pkg" ]; then  # numba compiles the Connect Four solver once, and keeps it on disk
        (cd / && "$VENV/bin/python" -c "from minimax_lab.search.connect_four_solver import warm_up; warm_up()")
    fi

    printf '%s\n' "$want" > "$STAMP.tmp" && mv "$STAMP.tmp" "$STAMP"
    say "done: $VENV is ready"
}

if [ "${1:-}" = "--python" ]; then
    resolve_python
    echo "$PYTHON"
    exit 0
fi
main "$@"
