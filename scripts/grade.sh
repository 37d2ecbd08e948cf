#!/usr/bin/env bash
# Grade students' notebooks against an assignment's solution; kept for graders used to it. It runs
#   python -m minimax_lab.grading.class_grades SOLUTION SUBMISSION...
# (what `make grade` runs), which writes grades.csv, feedback/ and report.txt to a new folder
# build/graded/<assignment>-<date-time>/ and prints a line per student. Exit status: 0 when grading
# ran (whatever the grades), 1 when it could not, 2 on a usage error.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENV="${VENV:-$ROOT/.venv}"
if [ $# -lt 2 ] || [ ! -f "$1" ]; then
    echo "usage: make grade SOLUTION=notebooks/solutions/NAME.ipynb SUBMISSIONS='folder/*.ipynb'" >&2
    exit 2
fi
solution="$1"; shift
cd "$ROOT"
exec "$VENV/bin/python" -m minimax_lab.grading.class_grades "$solution" "$@"
