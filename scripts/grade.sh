#!/usr/bin/env bash
# Grade students' notebooks against an assignment's solution (called by `make grade`):
#   scripts/grade.sh notebooks/solutions/assignment1_minimax.ipynb submissions/*.ipynb
# Each submission's answer cells are merged into a copy of the solution notebook under
# build/graded/<assignment>/ (so the checks and their expected outputs are the reference ones),
# nbval runs them with the same flags as `make test`, and a line per student says which cells
# failed. Exit status: 0 when every notebook passed, 1 when some failed, 2 on a usage error.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENV="${VENV:-$ROOT/.venv}"
if [ $# -lt 2 ] || [ ! -f "$1" ]; then
    echo "usage: make grade SOLUTION=notebooks/solutions/NAME.ipynb SUBMISSIONS='folder/*.ipynb'" >&2
    exit 2
fi
solution="$1"; shift
out="$ROOT/build/graded/$(basename "$solution" .ipynb)"
rm -rf "$out" && mkdir -p "$out"
"$VENV/bin/python" -m minimax_lab.assignments collect "$solution" "$@" --out "$out" >/dev/null
status=0
(cd "$out" && "$VENV/bin/pytest" -p minimax_lab.nbval_plugin --nbval --nbval-current-env \
    --nbval-sanitize-with "$ROOT/notebooks/nbval_sanitize.cfg" -p no:cacheprovider \
    --rootdir "$out" -q --tb=line --junitxml "$out/report.xml" . >"$out/report.txt" 2>&1) || status=$?
if [ ! -f "$out/report.xml" ]; then
    cat "$out/report.txt" >&2
    exit 2
fi
echo "graded $(basename "$solution") in $out (details: report.txt):"
"$VENV/bin/python" -m minimax_lab.assignments summary "$out/report.xml"
exit $((status == 0 ? 0 : 1))
