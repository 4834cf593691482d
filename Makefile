# Game Night Central. `make serve` to play locally, `make test` to check everything.
SHELL := /bin/bash
.DEFAULT_GOAL := help

PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
PORT ?= 8000

.PHONY: help setup venv vendor catalogues locale site serve test lint unit e2e chromium bench mutate clean

help:
	@echo "make serve   build the site and serve it on http://localhost:$(PORT) (PORT=... to change)"
	@echo "make test    set up, then run ruff, mypy, unit tests and end-to-end tests in headless Chromium"
	@echo "make site    build _site/, exactly what GitHub Pages serves"
	@echo "make bench   benchmarks (boot time ratio and the pure-Python budgets)"
	@echo "make mutate  mutation testing of the rules cores and the checks of untrusted input (slow: hours; docs/testing.md)"

# --- setup (idempotent: each step reruns only when its inputs change) ---------------------------
$(VENV)/.stamp: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet '.[test]'
	@rm -rf build *.egg-info
	@touch $@

node_modules/.stamp: package.json package-lock.json
	npm ci --no-audit --no-fund
	@touch $@

vendor/.stamp: node_modules/.stamp tools/vendor.py
	$(PYTHON) tools/vendor.py
	@touch $@

venv: $(VENV)/.stamp
vendor: vendor/.stamp
setup: venv vendor catalogues

# The gettext catalogues compiled to .mo (the page and the unit tests read them).
catalogues: venv
	$(PY) tools/catalogues.py

# Re-extract every marked string and merge it into locale/*/gamenight.po (then translate the new ones).
locale: venv
	$(VENV)/bin/pybabel extract -F pyproject.toml --no-location --sort-output -o locale/gamenight.pot .
	$(VENV)/bin/pybabel update -i locale/gamenight.pot -d locale -D gamenight --no-wrap --no-fuzzy-matching --ignore-obsolete

site: vendor catalogues
	$(PY) tools/build_site.py

serve: site
	$(PYTHON) tools/serve.py _site --port $(PORT)

# --- checks --------------------------------------------------------------------------------------
lint: venv
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy

# Each test has a time limit (pyproject.toml); the session one stops a broken build that makes many
# tests hang from running on for hours (the suite takes about a minute and a half). Both suites run in two
# processes (pytest-xdist), one per core of our machines (pytest without `-n` runs one).
unit: venv vendor catalogues
	$(VENV)/bin/pytest tests/unit -q -n 2 --session-timeout=900

chromium: venv
	@tools/ensure-chromium.sh $(VENV)

# End-to-end tests run inside a private network namespace where the machine allows it.
# A test whose page crashed (Chromium's renderer died: "Target crashed", about once a run until
# tools/browser.py turned off Chromium's allocation samplers; docs/testing.md) runs once more; any other
# failure fails at once. A second crash fails the run. "worksteal":
# a process that runs out of tests takes some of the other's (a few tests take a minute, most a few seconds).
# "--durations=20": every run's log names its slowest tests, the first place to look as the suite nears
# the guide's 30 minutes.
e2e: venv site chromium
	tools/hermetic.sh $(VENV)/bin/pytest tests/e2e -q -rfE -n 2 --dist worksteal --durations=20

test: lint unit e2e

bench: venv site chromium
	$(PY) bench/run.py

# Mutation testing with mutmut (settings in pyproject.toml; docs/testing.md), niced: it shares the
# machine. MUTANTS="name-or-glob ..." runs only those; mutants/ keeps results between runs (delete it
# to start over). Then the score of each file.
$(VENV)/.mutate-stamp: pyproject.toml $(VENV)/.stamp
	$(PY) -m pip install --quiet '.[mutate]'
	@rm -rf build *.egg-info
	@touch $@

mutate: $(VENV)/.mutate-stamp vendor catalogues
	nice -n 10 $(PY) tools/mutmut_run.py run $(MUTANTS)
	$(PY) tools/mutation_report.py

clean:
	rm -rf _site vendor node_modules $(VENV) .pytest_cache .ruff_cache .hypothesis mutants
