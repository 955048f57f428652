"""Sphinx configuration for *From Slopes to Backprop*."""

from __future__ import annotations

import sys
import tomllib
import warnings
from pathlib import Path

DOCS = Path(__file__).resolve().parent
sys.path.insert(0, str(DOCS.parent / "src"))  # the engine, for autodoc and figures
sys.path.insert(0, str(DOCS / "_ext"))  # the book's own extension, book

project = "From Slopes to Backprop"
author = "The authors of From Slopes to Backprop"
copyright = "2026, " + author
language = "en"
with open(DOCS.parent / "pyproject.toml", "rb") as pyproject:
    release = version = tomllib.load(pyproject)["project"][
        "version"
    ]  # the EPUB needs one

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinx_autodoc_typehints",
    "sphinx_design",
    "sphinx_last_updated_by_git",
    # The book's own extension, docs/_ext/book/ (its __init__.py lists its parts);
    # it loads sphinx-copybutton and matplotlib's plot directive, which it builds on.
    "book",
]

# sphinx-autodoc-typehints 3.6.1 (the newest we can install) calls an API that
# Sphinx 9 deprecates; every release since 3.0 does. The call works; silence
# just that notice so the build output stays clean.
warnings.filterwarnings(
    "ignore", message=r".*_RstSnippetParser\.set_application' is deprecated"
)

exclude_patterns = ["_build", "_tools", "**/figures/*.py", "conftest.py", "README.md"]
templates_path = ["_templates"]
# furo's sidebar, with the language switcher under the book's title.
html_sidebars = {
    "**": [
        "sidebar/brand.html",
        "sidebar/language-switch.html",
        "sidebar/search.html",
        "sidebar/scroll-start.html",
        "sidebar/navigation.html",
        "sidebar/scroll-end.html",
    ]
}

# --- The editions: English, and Chinese translated by docs/locale -----------
# `make html` builds the book once per language: English into the site's root,
# then with -D language=zh_CN, from the catalogues
# docs/locale/zh_CN/LC_MESSAGES/<page>.po, into the folder zh_CN/ of the same
# site. `make catalogues` refreshes the catalogues after the English changed
# (README.md, "The Chinese edition").
locale_dirs = ["locale/"]
gettext_compact = False  # one catalogue per page: chapters/01-slopes.po
gettext_uuid = False
# Code comments are translated (the code is not): code blocks go into the
# catalogues, but docs/_ext/book/i18n/code_comments.py keeps only the page's own Python
# blocks that hold a comment (no literalinclude of src/, no DOT, no output).
gettext_additional_targets = ["literal-block"]
gettext_last_translator = "The translators of From Slopes to Backprop"
gettext_language_team = "The translators of From Slopes to Backprop"
# Each edition: language -> its folder in the site. A new language is an entry
# here and a folder of catalogues, docs/locale/<language>/ (copied from zh_CN's
# and translated): its title, description and other settings that are words
# come from its book.po (docs/_ext/book/i18n/editions.py).
book_editions = {"en": "", "zh_CN": "zh_CN"}

# --- MyST ---------------------------------------------------------------
myst_enable_extensions = [
    "dollarmath",
    "amsmath",
    "colon_fence",
    "deflist",
    "attrs_inline",
]
myst_heading_anchors = 3
myst_dmath_double_inline = True

# --- HTML ---------------------------------------------------------------
html_theme = "furo"
html_title = "From Slopes to Backprop"
html_static_path = ["_static"]
html_show_sourcelink = False
html_favicon = "_static/favicon.svg"
html_css_files = ["book.css"]
# The arrow keys move to the previous and the next page (Sphinx's doctools.js;
# docs/_static/keys.js leaves them to a field, a code block being edited, a
# widget or a box that scrolls). The repository's settings (source_repository,
# source_branch, source_directory, footer_icons) are added by docs/_ext/book/site/doors.py
# when BOOK_REPOSITORY is set.
html_theme_options = {"navigation_with_keys": True}
# The description of pages with no paragraph of their own (index, search).
html_meta_description = (
    "A book that builds a reverse-mode automatic differentiation engine in Python, "
    "from the slope of x squared to a network that learns XOR."
)
# "Last updated" under each page: the newest commit of the page or of what it
# includes (sphinx-last-updated-by-git). Without git history, or for a page not
# committed yet, the page simply shows no date.
html_last_updated_fmt = "%d %B %Y"
suppress_warnings = ["git.command_not_found", "git.subprocess_error", "git.too_shallow"]
engine_download = "../src/tinygrad.py"  # offered on every chapter (engine_download.py)
engine_check_download = "../src/check_engine.py"  # beside it, the reader's checker
# What a chapter's notebook may carry (notebooks.py): tinygrad.py, and what its code imports
# (engine_book.py where a chapter imports engine, the reader's own file: first_cell.py).
notebook_files = [
    "../src/tinygrad.py",
    "../src/engine_book.py",
    "../src/tensorgrad.py",
    "../src/digits.py",
    "../src/check_engine.py",
    "../src/check_tensors.py",
]
pygments_style = "default"
pygments_dark_style = "monokai"

# --- copy button: a copy gives code a reader can paste into Python -------
# The rule, and sphinx-copybutton's settings, are the book's:
# _ext/book/code/copy_rule.py (the prompts) and _ext/book/code/copy_rule.js (the layout
# for Python 3.11's prompt).

# --- autodoc ------------------------------------------------------------
autodoc_member_order = "bysource"
typehints_use_signature = True
typehints_use_signature_return = True
typehints_document_rtype = False
always_use_bars_union = True
default_role = "py:obj"  # `Value` in a docstring links to its reference

# Without network access there is no intersphinx inventory for the standard
# library; its names are plain text rather than links.
nitpick_ignore_regex = [
    ("py:class", r"(int|float|str|bool|tuple|list|None|Number)"),
    ("py:class", r"(collections\.abc|typing|random|numbers)\..*"),
    ("py:obj", r"(collections\.abc|typing)\..*"),
    (
        "py:(class|obj)",
        r"numpy\..*",
    ),  # tensorgrad's arrays: no NumPy inventory offline either
]

# --- matplotlib plot directive -----------------------------------------
plot_formats = [("svg", 100)]
plot_html_show_formats = False
plot_html_show_source_link = False
plot_include_source = False
# The directive resets rcParams before every figure, but `style` would stay
# cached after the first import; forget it so each figure re-applies the style.
plot_pre_code = "import sys; sys.modules.pop('style', None)"
plot_working_directory = str(DOCS / "chapters" / "figures")
sys.path.insert(0, plot_working_directory)  # figure scripts share style.py
figure_cache_module_paths = [str(DOCS.parent / "src")]  # figures import the engine too
figure_cache_fonts = "style:font_files"  # a changed font redraws the figures

# --- EPUB (make epub): math as MathML, see _ext/book/math/katex.py -----------
epub_basename = "from-slopes-to-backprop"
epub_title = project
epub_author = author
epub_publisher = author
epub_copyright = copyright
epub_show_urls = "no"
epub_css_files = ["epub.css"]
# The in-page Python runner is for the HTML site: an e-book shows the static book.
epub_exclude_files = [
    f"_static/runner/{p.name}"
    for p in (Path(__file__).parent / "_static" / "runner").iterdir()
]
