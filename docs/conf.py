"""Sphinx configuration for *From Slopes to Backprop*."""

from __future__ import annotations

import sys
from pathlib import Path

DOCS = Path(__file__).resolve().parent
sys.path.insert(0, str(DOCS.parent / "src"))  # the engine, for autodoc and figures
sys.path.insert(0, str(DOCS / "_ext"))  # the book's own extensions

project = "From Slopes to Backprop"
author = "The authors of From Slopes to Backprop"
copyright = "2026, " + author
language = "en"

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinx_autodoc_typehints",
    "sphinx.ext.mathjax",
    "sphinx-mathjax-offline",  # serves MathJax from the built site: no network
    "sphinx_copybutton",
    "sphinx_design",
    "matplotlib.sphinxext.plot_directive",
    "widgets",
]

exclude_patterns = ["_build", "**/figures/*.py", "conftest.py", "README.md"]
templates_path = ["_templates"]

# --- MyST ---------------------------------------------------------------
myst_enable_extensions = ["dollarmath", "amsmath", "colon_fence", "deflist", "attrs_inline"]
myst_heading_anchors = 3
myst_dmath_double_inline = True

# --- HTML ---------------------------------------------------------------
html_theme = "furo"
html_title = "From Slopes to Backprop"
html_static_path = ["_static"]
html_show_sourcelink = False
pygments_style = "default"
pygments_dark_style = "monokai"

# --- copy button: a copy gives code a reader can paste into Python -------
copybutton_prompt_text = r">>> |\.\.\. "
copybutton_prompt_is_regexp = True
copybutton_only_copy_prompt_lines = True  # drops output lines
copybutton_remove_prompts = True

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
]

# --- matplotlib plot directive -----------------------------------------
plot_formats = [("svg", 100)]
plot_html_show_formats = False
plot_html_show_source_link = False
plot_include_source = False
plot_pre_code = ""
plot_working_directory = str(DOCS / "chapters" / "figures")
sys.path.insert(0, plot_working_directory)  # figure scripts share style.py
