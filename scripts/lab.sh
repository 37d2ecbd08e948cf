#!/usr/bin/env bash
# Start JupyterLab on notebooks/ from the project venv, opened at the start page
# (notebooks/00_start_here.ipynb); called by `make lab`.
#   PORT     port to serve on (default 8888); when it is taken, the next free one
#            (up to PORT+20) is used and a line says so.
#   BROWSER  honoured as usual by Jupyter (Python's webbrowser module).  With
#            BROWSER unset on a Linux box without a display we pass
#            --no-browser, so a console browser (w3m/lynx) never grabs the
#            terminal; the URL is printed either way.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENV="${VENV:-$ROOT/.venv}"
PORT="${PORT:-8888}"
START_PAGE="00_start_here.ipynb"

case "$PORT" in
    ''|*[!0-9]*) echo "lab: PORT must be a port number, got '$PORT'" >&2; exit 2 ;;
esac

# The first port from PORT on that nothing listens on (bind test on all interfaces, as Jupyter binds).
free="$("$VENV/bin/python" - "$PORT" <<'PY'
import socket, sys
first = int(sys.argv[1])
for port in range(first, min(first + 21, 65536)):
    with socket.socket() as s:
        try:
            s.bind(("", port))
        except OSError:
            continue
    print(port)
    break
PY
)"
if [ -z "$free" ]; then
    echo "lab: ports $PORT to $((PORT + 20)) are all in use; stop another server or use make lab PORT=..." >&2
    exit 1
fi
if [ "$free" != "$PORT" ]; then
    echo "lab: port $PORT is in use; using port $free instead"
fi

args=(--notebook-dir="$ROOT/notebooks" --ServerApp.port="$free" --ServerApp.port_retries=0
      --ServerApp.default_url="/lab/tree/$START_PAGE")
[ "$(id -u)" -eq 0 ] && args+=(--allow-root)
if [ -z "${BROWSER:-}" ] && [ "$(uname -s)" = Linux ] \
   && [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ]; then
    args+=(--no-browser)
fi

# Same determinism knobs as `make test`, so outputs saved from the Lab match
# what nbval re-computes; and the venv's kernel wins over any user kernelspec.
export JUPYTER_PLATFORM_DIRS=1 JUPYTER_PREFER_ENV_PATH=1 PYTHONHASHSEED=0

echo "Starting JupyterLab at http://localhost:$free/lab/tree/$START_PAGE  (the login URL with its token follows; Ctrl-C to stop)"
exec "$VENV/bin/jupyter" lab "${args[@]}" "$@"
