# minimax-lab: set-up, lessons, tests.   `make help` lists the targets.
#
#   make lab     set up (if needed), then JupyterLab on notebooks/
#   make test    set up (if needed), then the whole test-suite in one pytest run
#
# Set-up is automatic and idempotent: every target below runs `make setup`,
# which does real work only when requirements.lock, pyproject.toml or
# scripts/setup.sh changed (see scripts/setup.sh).

SHELL := bash
.SHELLFLAGS := -euo pipefail -c
.ONESHELL:
.DEFAULT_GOAL := help
MAKEFLAGS += --no-print-directory

ROOT   := $(patsubst %/,%,$(dir $(abspath $(lastword $(MAKEFILE_LIST)))))
VENV   := $(ROOT)/.venv
BIN    := $(VENV)/bin
# The interpreter the venv is made from; empty: scripts/setup.sh chooses (the system's python3 if 3.11+)
PYTHON ?=
PORT   ?= 8888
# Extra arguments, e.g.  make test PYTEST_ARGS='-x -k alphabeta'
PYTEST_ARGS ?=
# make test runs its files in this many processes (pytest-xdist), each file's tests in one process
# and in order, as a notebook's cells must be (--dist loadfile): one more than the cores, since the
# tests spend part of their time waiting on kernels, sandboxed workers and time limits
CORES := $(shell nproc 2>/dev/null || getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1)
TEST_WORKERS ?= $(shell expr $(CORES) + 1)
BENCH_ARGS  ?=
# README=1: make bench and make bench-grade also write what they print into the README's block
README      ?=
LOCK_ARGS   ?=

# --- test environment -------------------------------------------------------
# Kernels started by nbval inherit this environment.  Everything per-user is
# redirected into the venv so ~/.jupyter, ~/.ipython (startup scripts!) and
# ~/.config/matplotlib cannot change what the notebooks print.
# MPLBACKEND is deliberately NOT set to Agg: ipykernel only selects the inline
# backend when MPLBACKEND is unset, and with Agg plt.show() would print a
# warning instead of the figure the notebooks saved.  Headless matplotlib
# already falls back to Agg in plain pytest runs.
# Compiled bytecode is written even where PYTHONDONTWRITEBYTECODE is set (as in many containers):
# otherwise every kernel and every pytest process compiles the course's modules again. The
# libraries' bytecode is compiled once, when make setup installs them, and read from there; the
# course's goes to __pycache__ folders beside its modules (git ignores them), so a fresh clone
# compiles only those, once. (A PYTHONPYCACHEPREFIX would ignore the libraries' compiled files and
# have the first processes of every fresh run compile all of Jupyter and numpy again.)
TEST_HOME := $(VENV)/test-home
TEST_ENV  := JUPYTER_PLATFORM_DIRS=1 JUPYTER_PREFER_ENV_PATH=1 \
             JUPYTER_CONFIG_DIR='$(TEST_HOME)/jupyter-config' \
             JUPYTER_DATA_DIR='$(TEST_HOME)/jupyter-data' \
             JUPYTER_RUNTIME_DIR='$(TEST_HOME)/jupyter-runtime' \
             IPYTHONDIR='$(TEST_HOME)/ipython' \
             MPLCONFIGDIR='$(TEST_HOME)/matplotlib' \
             PYTHONDONTWRITEBYTECODE= \
             PYTHONHASHSEED=0

# nbval: --nbval re-runs every notebook and compares outputs cell by cell;
# --nbval-current-env runs them on this venv's Python, not the kernelspec
# saved in the notebook.  Outputs nbval never compares (metadata, widget
# model views, PNG/JPEG) and the SVG we skip on top: devtools/nbval_plugin.py,
# loaded with -p (pytest finds devtools/ through pyproject.toml's pythonpath, the
# repository's root; the kernels never import it).  Volatile text (0x addresses, timings, ids):
# tests/nbval_sanitize.cfg.  Neither sits in notebooks/, the folder students browse.
# notebooks/assignments/ holds student handouts that are meant to fail.
NBVAL_ARGS := --nbval --nbval-current-env -p devtools.nbval_plugin \
              --nbval-sanitize-with tests/nbval_sanitize.cfg \
              --nbval-cell-timeout 600 \
              --ignore notebooks/assignments

.PHONY: help setup lab test test-fast test-browser bench bench-grade lock clean assignments grade release execute course-stats nbval screenshots lite

help:  ## list the targets
	@grep -E '^[a-z-]+:.*## ' '$(ROOT)/Makefile' | sed -E 's/:.*## /\t/' | expand -t14

setup:  ## create/refresh .venv from requirements.lock, ensure Graphviz dot
	@PYTHON='$(PYTHON)' VENV='$(VENV)' '$(ROOT)/scripts/setup.sh'

lab: setup  ## start JupyterLab at notebooks/00_start_here (PORT=8888, else the next free port; honours BROWSER)
	@PORT='$(PORT)' VENV='$(VENV)' '$(ROOT)/scripts/lab.sh'

# make test-browser runs two files instead: tests/grading/test_nbgrader.py (it installs nbgrader, and a
# machine that ran it once would otherwise run the file twice) and tests/setup/test_setup_as_user.py (a
# whole install into a new cache, as another user).
test: setup  ## run tests/ and all notebooks (nbval) in one pytest run
	cd '$(ROOT)'
	mkdir -p '$(TEST_HOME)'
	$(TEST_ENV) '$(BIN)/pytest' notebooks/ tests/ $(NBVAL_ARGS) -m '' \
	    --ignore tests/grading/test_nbgrader.py --ignore tests/setup/test_setup_as_user.py \
	    -n $(TEST_WORKERS) --dist loadfile --no-loadscope-reorder $(PYTEST_ARGS)

# The inner loop: tests/ without the modules marked slow (sandboxed grading, kernels, mypy, installs)
# and without the notebooks; what a bare `pytest` runs too (pyproject.toml's addopts). Without nbval's
# plugin, which only notebooks need: each of the processes would import Jupyter's client for it.
test-fast: setup  ## run the fast tests only (no notebooks, nothing marked slow), in about a minute
	cd '$(ROOT)'
	mkdir -p '$(TEST_HOME)'
	$(TEST_ENV) '$(BIN)/pytest' tests/ -m 'not slow' -p no:nbval -n $(TEST_WORKERS) --dist loadfile --no-loadscope-reorder $(PYTEST_ARGS)

# Every lesson run in JupyterLab in headless Chromium, its widgets worked, screenshots in
# build/browser/ (tests/browser/test_lessons.py), then two of them in Notebook 7 the same way;
# plus the Binder check that needs repo2docker, nbgrader's autograding and the set-up as another
# user (tests/setup/test_setup_as_user.py).  scripts/setup_browser.sh adds Chromium (apt) and
# requirements-browser.lock (Playwright, repo2docker, notebook).  CHROMIUM=/path/to/chrome to use
# another Chromium.
test-browser: setup lite  ## run every lesson in JupyterLab (two in Notebook 7) in Chromium, work its widgets; the lite site's lessons on Pyodide
	cd '$(ROOT)'
	VENV='$(VENV)' '$(ROOT)/scripts/setup_browser.sh'
	mkdir -p '$(TEST_HOME)'
	$(TEST_ENV) REQUIRE_REPO2DOCKER=1 REQUIRE_NBGRADER=1 '$(BIN)/pytest' -m '' tests/browser/test_lessons.py tests/setup/test_binder.py tests/grading/test_nbgrader.py tests/setup/test_setup_as_user.py \
	    tests/browser/test_lite.py $(PYTEST_ARGS)

# The server-free edition: a static JupyterLite site in build/lite/ (scripts/build_lite.py) whose
# Pyodide kernel runs the lessons in the browser, with Pyodide (npm), the course's wheel and every
# wheel it needs in the site: nothing comes from a CDN. scripts/setup_lite.sh installs
# jupyterlite (requirements-lite.lock, into build/lite-venv), Pyodide (scripts/lite/package-lock.json, npm ci) and the
# wheels (scripts/lite/requirements-pyodide.lock). Serve it with: python -m http.server -d build/lite
lite: setup  ## build the server-free edition (JupyterLite on Pyodide) in build/lite/
	cd '$(ROOT)'
	VENV='$(VENV)' LITE_VENV='$(ROOT)/build/lite-venv' '$(ROOT)/scripts/setup_lite.sh'
	VENV='$(VENV)' '$(ROOT)/build/lite-venv/bin/python' scripts/build_lite.py

# Re-execute notebooks in place, in the same environment as `make test`, so that their stored
# outputs are what nbval will compare.  NOTEBOOKS='notebooks/01_minimax_values.ipynb ...' for some.
NOTEBOOKS ?= notebooks/[0-9]*.ipynb notebooks/appendix_*.ipynb notebooks/solutions/*.ipynb
screenshots: test-browser  ## run the browser tests, then refresh the README's screenshots in docs/ from them
	cd '$(ROOT)'
	'$(BIN)/python' scripts/docs_screenshots.py

course-stats: setup  ## per lesson: study time, exercises by kind, sections with nothing to do (and README's table)
	cd '$(ROOT)'
	'$(BIN)/python' -m devtools.course_stats --readme

nbval: setup  ## run some notebooks under nbval as make test does: make nbval NOTEBOOKS='notebooks/03_alpha_beta.ipynb'
	cd '$(ROOT)'
	mkdir -p '$(TEST_HOME)'
	$(TEST_ENV) '$(BIN)/pytest' -p no:cacheprovider $(NBVAL_ARGS) $(NOTEBOOKS)

execute: setup  ## re-run notebooks in place and store their outputs (NOTEBOOKS=... for some)
	cd '$(ROOT)'
	mkdir -p '$(TEST_HOME)'
	for notebook in $$(ls $(NOTEBOOKS) 2>/dev/null); do
	    echo "executing $$notebook"
	    $(TEST_ENV) '$(BIN)/jupyter' nbconvert --to notebook --execute --inplace \
	        --ExecutePreprocessor.timeout=600 "$$notebook"
	    # drop nbconvert's execution timestamps: they change on every run and only make diffs noisy
	    '$(BIN)/python' -c 'import json, sys; nb = json.load(open(sys.argv[1])); \
	        [cell["metadata"].pop("execution", None) for cell in nb["cells"]]; \
	        open(sys.argv[1], "w").write(json.dumps(nb, indent=1, sort_keys=True, ensure_ascii=False) + "\n")' "$$notebook"
	done
	$(TEST_ENV) '$(BIN)/python' -m minimax_lab.grading.assignments   # handouts follow their executed solutions

# Student handouts: notebooks/solutions/*.ipynb with each ### BEGIN/END SOLUTION region replaced
# by a stub, and each check cell's output what the check prints unanswered, found by running the
# handout (minimax_lab/grading/assignments.py); rewrites only files whose bytes change.
assignments: setup  ## write notebooks/assignments/ from notebooks/solutions/
	cd '$(ROOT)'
	mkdir -p '$(TEST_HOME)'
	$(TEST_ENV) '$(BIN)/python' -m minimax_lab.grading.assignments

# Grading a class: from each submission only the code of its answer cells is taken; each check runs
# in this process and calls the student's functions in a sandboxed worker process (bubblewrap when
# installed), 2 s a call of the functions of small trees and 10 s of the others (CALL_TIMEOUT=n: n s
# for every call); the random cases come from SEED (default: a new one,
# written in report.txt). Writes grades.csv, feedback/ and report.txt to a new folder OUT (default
# build/graded/<assignment>-<date-time>). Exits 0 when grading ran, whatever the grades
# (minimax_lab/grading/class_grades.py).
JOBS         ?= 0
CALL_TIMEOUT ?=
SEED         ?=
OUT          ?=
grade: setup  ## grade SUBMISSIONS='dir/*.ipynb' against SOLUTION=notebooks/solutions/NAME.ipynb; grades.csv
	cd '$(ROOT)'
	if [ -z '$(SOLUTION)' ] || [ -z '$(SUBMISSIONS)' ]; then
	    echo "usage: make grade SOLUTION=notebooks/solutions/NAME.ipynb SUBMISSIONS='folder/*.ipynb' [SEED=n] [OUT=dir]" >&2; exit 2
	fi
	'$(BIN)/python' -m minimax_lab.grading.class_grades '$(SOLUTION)' $(SUBMISSIONS) \
	    --jobs $(JOBS) $(if $(CALL_TIMEOUT),--call-timeout $(CALL_TIMEOUT)) $(if $(SEED),--seed $(SEED)) $(if $(OUT),--out '$(OUT)')

# The student edition: every file git tracks (never an untracked one) but the solutions and the
# instructor's tests, checked for solution text, as a new git repository in DEST (devtools/release.py).
release: setup  ## write the student edition (no solutions) to DEST=../minimax-lab-student
	cd '$(ROOT)'
	if [ -z '$(DEST)' ]; then echo "usage: make release DEST=../minimax-lab-student" >&2; exit 2; fi
	'$(BIN)/python' -m devtools.release '$(DEST)'

# Grading's benchmark: a generated class of COUNT submissions of assignment 1 (scripts/sample_class.py),
# graded with JOBS at a time into a temporary folder; prints the wall time.
COUNT ?= 200
bench-grade: setup  ## time make grade on COUNT=200 generated submissions of assignment 1 (README=1: into the README)
	cd '$(ROOT)'
	tmp="$$(mktemp -d)"; trap 'rm -rf "$$tmp"' EXIT
	'$(BIN)/python' scripts/sample_class.py notebooks/solutions/assignment1_minimax.ipynb --count $(COUNT) --out "$$tmp/class"
	start=$$(date +%s)
	'$(BIN)/python' -m minimax_lab.grading.class_grades notebooks/solutions/assignment1_minimax.ipynb "$$tmp"/class/student_*.ipynb \
	    --jobs $(JOBS) --seed 0 --out "$$tmp/graded" > "$$tmp/graded.txt"
	head -1 "$$tmp/graded.txt"
	echo "bench-grade: $(COUNT) submissions of assignment 1 graded in $$(( $$(date +%s) - start )) s of wall time on $(CORES) cores" | tee "$$tmp/bench-grade.txt"
	if [ -n '$(README)' ]; then
	    '$(BIN)/python' -m devtools.readme_blocks bench-grade "$$tmp/bench-grade.txt" --command "make bench-grade"
	fi

bench: setup  ## run the benchmarks and time each lesson, 2-3 minutes (BENCH_ARGS=--full: the long figures, --no-lessons; README=1: into the README)
	cd '$(ROOT)'
	mkdir -p build
	'$(BIN)/python' -m devtools.bench $(BENCH_ARGS) | tee build/bench.txt
	if [ -n '$(README)' ]; then
	    '$(BIN)/python' -m devtools.readme_blocks bench build/bench.txt --command "make bench$(if $(BENCH_ARGS), BENCH_ARGS='$(BENCH_ARGS)')"
	fi

lock: setup  ## re-pin requirements*.lock from requirements*.in (LOCK_ARGS=--upgrade to bump)
	cd '$(ROOT)'
	'$(BIN)/uv' pip compile requirements.in --universal --python-version 3.11 \
	    --custom-compile-command 'make lock' -o requirements.lock $(LOCK_ARGS)
	'$(BIN)/uv' pip compile requirements-browser.in -c requirements.lock --universal --python-version 3.11 \
	    --custom-compile-command 'make lock' -o requirements-browser.lock $(LOCK_ARGS)
	'$(BIN)/uv' pip compile requirements-lite.in -c requirements.lock --universal --python-version 3.11 \
	    --custom-compile-command 'make lock' -o requirements-lite.lock $(LOCK_ARGS)
	# the wheels the lite site runs inside Pyodide (Python 3.14 on wasm32), pure Python only
	'$(BIN)/uv' pip compile scripts/lite/requirements-pyodide.in -c requirements.lock --python-version 3.14 \
	    --python-platform wasm32-pyodide2025 --only-binary :all: --generate-hashes \
	    --no-emit-package widgetsnbextension --no-emit-package jupyterlab-widgets \
	    --custom-compile-command 'make lock' -o scripts/lite/requirements-pyodide.lock $(LOCK_ARGS)
	'$(BIN)/python' scripts/environment_yml.py   # Binder's environment.yml follows the lock

clean:  ## remove .venv, build artefacts and caches
	cd '$(ROOT)'
	rm -rf .venv build dist ./*.egg-info .pytest_cache .hypothesis
	find . -name __pycache__ -type d -prune -exec rm -rf {} +
