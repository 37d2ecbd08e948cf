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
PYTHON ?= python3
PORT   ?= 8888
# Extra arguments, e.g.  make test PYTEST_ARGS='-x -k alphabeta'
PYTEST_ARGS ?=
BENCH_ARGS  ?=
LOCK_ARGS   ?=

# --- test environment -------------------------------------------------------
# Kernels started by nbval inherit this environment.  Everything per-user is
# redirected into the venv so ~/.jupyter, ~/.ipython (startup scripts!) and
# ~/.config/matplotlib cannot change what the notebooks print.
# MPLBACKEND is deliberately NOT set to Agg: ipykernel only selects the inline
# backend when MPLBACKEND is unset, and with Agg plt.show() would print a
# warning instead of the figure the notebooks saved.  Headless matplotlib
# already falls back to Agg in plain pytest runs.
TEST_HOME := $(VENV)/test-home
TEST_ENV  := JUPYTER_PLATFORM_DIRS=1 JUPYTER_PREFER_ENV_PATH=1 \
             JUPYTER_CONFIG_DIR='$(TEST_HOME)/jupyter-config' \
             JUPYTER_DATA_DIR='$(TEST_HOME)/jupyter-data' \
             JUPYTER_RUNTIME_DIR='$(TEST_HOME)/jupyter-runtime' \
             IPYTHONDIR='$(TEST_HOME)/ipython' \
             MPLCONFIGDIR='$(TEST_HOME)/matplotlib' \
             PYTHONHASHSEED=0

# nbval: --nbval re-runs every notebook and compares outputs cell by cell;
# --nbval-current-env runs them on this venv's Python, not the kernelspec
# saved in the notebook.  Outputs nbval never compares (metadata, widget
# model views, PNG/JPEG) and the SVG we skip on top: notebooks/conftest.py.
# Volatile text (0x addresses, timings, ids): notebooks/nbval_sanitize.cfg.
# notebooks/assignments/ holds student handouts that are meant to fail.
NBVAL_ARGS := --nbval --nbval-current-env \
              --nbval-sanitize-with notebooks/nbval_sanitize.cfg \
              --nbval-cell-timeout 600 \
              --ignore notebooks/assignments

.PHONY: help setup lab test test-browser bench lock clean assignments grade execute

help:  ## list the targets
	@grep -E '^[a-z-]+:.*## ' '$(ROOT)/Makefile' | sed -E 's/:.*## /\t/' | expand -t14

setup:  ## create/refresh .venv from requirements.lock, ensure Graphviz dot
	@PYTHON='$(PYTHON)' VENV='$(VENV)' '$(ROOT)/scripts/setup.sh'

lab: setup  ## start JupyterLab on notebooks/ (PORT=8888; honours BROWSER)
	@PORT='$(PORT)' VENV='$(VENV)' '$(ROOT)/scripts/lab.sh'

test: setup  ## run tests/ and all notebooks (nbval) in one pytest run
	cd '$(ROOT)'
	mkdir -p '$(TEST_HOME)'
	$(TEST_ENV) '$(BIN)/pytest' tests/ notebooks/ $(NBVAL_ARGS) $(PYTEST_ARGS)

# Every lesson run in JupyterLab in headless Chromium, its widgets worked, screenshots in
# build/browser/ (tests/browser/test_lessons.py), then two of them in Notebook 7 the same way;
# plus the Binder check that needs repo2docker.  scripts/setup_browser.sh adds Chromium (apt) and
# requirements-browser.lock (Playwright, repo2docker, notebook).  CHROMIUM=/path/to/chrome to use
# another Chromium.
test-browser: setup  ## run every lesson in JupyterLab (two in Notebook 7) in Chromium, work its widgets
	cd '$(ROOT)'
	VENV='$(VENV)' '$(ROOT)/scripts/setup_browser.sh'
	mkdir -p '$(TEST_HOME)'
	$(TEST_ENV) REQUIRE_REPO2DOCKER=1 '$(BIN)/pytest' tests/browser/test_lessons.py tests/test_binder.py $(PYTEST_ARGS)

# Re-execute notebooks in place, in the same environment as `make test`, so that their stored
# outputs are what nbval will compare.  NOTEBOOKS='notebooks/01_minimax_values.ipynb ...' for some.
NOTEBOOKS ?= notebooks/[0-9]*.ipynb notebooks/appendix_*.ipynb notebooks/solutions/*.ipynb
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
	'$(BIN)/python' -m minimax_lab.assignments   # handouts follow their executed solutions

# Student handouts: notebooks/solutions/*.ipynb with each ### BEGIN/END SOLUTION region replaced
# by a stub (minimax_lab/assignments.py); rewrites only files whose bytes change.
assignments: setup  ## write notebooks/assignments/ from notebooks/solutions/
	cd '$(ROOT)'
	'$(BIN)/python' -m minimax_lab.assignments

# Grading: each submission's answers merged into the solution notebook, run under nbval, a line
# per student (scripts/grade.sh); merged notebooks and reports in build/graded/.
grade: setup  ## grade SUBMISSIONS='dir/*.ipynb' against SOLUTION=notebooks/solutions/NAME.ipynb
	cd '$(ROOT)'
	$(TEST_ENV) VENV='$(VENV)' '$(ROOT)/scripts/grade.sh' '$(SOLUTION)' $(SUBMISSIONS)

bench: setup  ## run the benchmarks (python -m minimax_lab.bench)
	cd '$(ROOT)'
	'$(BIN)/python' -m minimax_lab.bench $(BENCH_ARGS)

lock: setup  ## re-pin requirements*.lock from requirements*.in (LOCK_ARGS=--upgrade to bump)
	cd '$(ROOT)'
	'$(BIN)/uv' pip compile requirements.in --universal --python-version 3.11 \
	    --custom-compile-command 'make lock' -o requirements.lock $(LOCK_ARGS)
	'$(BIN)/uv' pip compile requirements-browser.in -c requirements.lock --universal --python-version 3.11 \
	    --custom-compile-command 'make lock' -o requirements-browser.lock $(LOCK_ARGS)
	'$(BIN)/python' scripts/check_environment_yml.py

clean:  ## remove .venv, build artefacts and caches
	cd '$(ROOT)'
	rm -rf .venv build dist ./*.egg-info .pytest_cache .hypothesis
	find . -name __pycache__ -type d -prune -exec rm -rf {} +
