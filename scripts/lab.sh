#!/usr/bin/env bash
# Start JupyterLab on notebooks/ from the project venv (called by `make lab`).
#   PORT     port to serve on (default 8888); fails clearly if it is taken.
#   BROWSER  honoured as usual by Jupyter (Python's webbrowser module).  With
#            BROWSER unset on a Linux box without a display we pass
#            --no-browser, so a console browser (w3m/lynx) never grabs the
#            terminal; the URL is printed either way.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENV="${VENV:-$ROOT/.venv}"
PORT="${PORT:-8888}"

args=(--notebook-dir="$ROOT/notebooks" --ServerApp.port="$PORT" --ServerApp.port_retries=0)
[ "$(id -u)" -eq 0 ] && args+=(--allow-root)
if [ -z "${BROWSER:-}" ] && [ "$(uname -s)" = Linux ] \
   && [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ]; then
    args+=(--no-browser)
fi

# Same determinism knobs as `make test`, so outputs saved from the Lab match
# what nbval re-computes; and the venv's kernel wins over any user kernelspec.
export JUPYTER_PLATFORM_DIRS=1 JUPYTER_PREFER_ENV_PATH=1 PYTHONHASHSEED=0

mkdir -p "$ROOT/notebooks"
echo "Starting JupyterLab on http://localhost:$PORT/lab  (the login URL with its token follows; Ctrl-C to stop)"
exec "$VENV/bin/jupyter" lab "${args[@]}" "$@"
