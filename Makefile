# From Slopes to Backprop: every command a reader or an author needs.
# The first target run creates .venv and installs the project with its extras.

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-stamp
BUILD  := docs/_build
SPHINXOPTS ?= -W --keep-going -n
BENCH_VENV := .venv-bench

.PHONY: help html doctest test unit serve bench clean venv

help:
	@echo "make html     build the book into $(BUILD)/html (clean build, warnings are errors)"
	@echo "make doctest  run every example of every page and every docstring"
	@echo "make test     unit tests, doctests, browser tests, and the warning-free build"
	@echo "make serve    rebuild on change and serve on http://127.0.0.1:8000"
	@echo "make bench    compare the engine with micrograd 0.1.0"
	@echo "make clean    remove builds and caches"

venv: $(STAMP)

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[docs,test]'
	touch $@

# A clean build every time: an incremental build can exit 0 without showing
# the warnings of the previous run again.
html: $(STAMP)
	rm -rf $(BUILD)/html $(BUILD)/doctrees
	$(BIN)/sphinx-build -b html $(SPHINXOPTS) docs $(BUILD)/html

doctest: $(STAMP)
	$(BIN)/python -m pytest -q -p no:cacheprovider docs src --doctest-modules

unit: $(STAMP)
	$(BIN)/python -m pytest -q -p no:cacheprovider tests

test: html
	$(BIN)/python -m pytest -q -p no:cacheprovider tests docs src --doctest-modules

serve: $(STAMP)
	$(BIN)/sphinx-autobuild --host 127.0.0.1 --port 8000 docs $(BUILD)/serve

$(BENCH_VENV)/.installed-stamp:
	test -x $(BENCH_VENV)/bin/python || $(PYTHON) -m venv $(BENCH_VENV)
	$(BENCH_VENV)/bin/python -m pip install -q micrograd==0.1.0
	touch $@

bench: $(BENCH_VENV)/.installed-stamp
	$(BENCH_VENV)/bin/python tests/benchmarks/bench_vs_micrograd.py

clean:
	rm -rf $(BUILD) .pytest_cache .hypothesis
	find . -name __pycache__ -not -path './.venv*' -prune -exec rm -rf {} +
