"""The one table of code blocks' languages: which blocks are Python.

A code block's language decides what the book does with it: a Python block
written in the page is a doctest (Sybil, docs/conftest.py), a cell of the
chapter's notebook, a block the in-page Python runs, and a message of the
page's catalogue when it holds comments; an excerpt of a ``.py`` file
(``literalinclude``) takes its words from ``source.po``. Every part asks
:func:`is_python` and :func:`is_excerpt`, never a language name itself, so an
``ipython`` block cannot be translated and yet left out of the notebook.

A page writes its own Python blocks as ``python``, the one name Sybil runs
and ``runner.js`` finds (``div.highlight-python``): another name of Python
would leave the block unchecked, so the build warns there
(:func:`check_python_names`).

>>> from docutils import nodes
>>> is_python(nodes.literal_block("", ">>> 1 + 1", language="ipython"))
True
>>> is_python(nodes.literal_block("", "$ make html", language="console"))
False
"""

from __future__ import annotations

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.util import logging

logger = logging.getLogger(__name__)

#: The name a page gives its own Python blocks.
WRITTEN = "python"
#: Python, however a fence or a ``literalinclude`` names it (Pygments' names).
PYTHON = frozenset({"python", "python3", "py", "py3", "pycon", "ipython", "ipython3"})
#: No language said (a literal block with none, Sphinx's "default"): Python
#: where the text reads as Python (code_comments.py tokenizes it to see).
UNSAID = frozenset({"", "default"})


def language(node: nodes.literal_block) -> str:
    return node.get("language") or ""


def is_python(node: nodes.literal_block) -> bool:
    """Is the block Python by its language?"""
    return language(node) in PYTHON


def may_be_python(node: nodes.literal_block) -> bool:
    """Is the block Python by its language, or without one (to be read to tell)?"""
    return language(node) in PYTHON | UNSAID


def is_excerpt(node: nodes.literal_block) -> bool:
    """Is the block a piece of a file (``literalinclude``, which names its file)?"""
    return "source" in node.attributes


def is_python_excerpt(node: nodes.literal_block) -> bool:
    """Is the block a piece of a Python file of the book (``src/``)?"""
    return is_excerpt(node) and (
        is_python(node) or (language(node) in UNSAID and node["source"].endswith(".py"))
    )


def check_python_names(app: Sphinx, doctree: nodes.document) -> None:
    """Warn at a page's own Python block named other than ``python`` (doctree-read)."""
    for node in doctree.findall(nodes.literal_block):
        if is_python(node) and not is_excerpt(node) and language(node) != WRITTEN:
            logger.warning(
                "write this Python block as ```%s, not ```%s: the doctests and the"
                " in-page runner read only that name",
                WRITTEN,
                language(node),
                location=node,
                type="book",
                subtype="code_language",
            )
