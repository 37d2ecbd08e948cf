#!/usr/bin/env bash
# Grade students' notebooks against an assignment's solution; kept for graders used to it. It runs
#   python -m minimax_lab.grading.class_grades SOLUTION SUBMISSION...
# (what `make grade` runs), which writes grades.csv and the reports to build/graded/<assignment>/
# and prints a line per student. Exit status: 0 when every check passed, 1 when some failed, 2 on a
# usage error.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENV="${VENV:-$ROOT/.venv}"
if [ $# -lt 2 ] || [ ! -f "$1" ]; then
    echo "usage: make grade SOLUTION=notebooks/solutions/NAME.ipynb SUBMISSIONS='folder/*.ipynb'" >&2
    exit 2
fi
solution="$1"; shift
cd "$ROOT"
exec "$VENV/bin/python" -m minimax_lab.grading.class_grades "$solution" "$@" \
    --out "$ROOT/build/graded/$(basename "$solution" .ipynb)"
