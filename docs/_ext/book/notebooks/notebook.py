"""Every chapter as a Jupyter notebook, written into the built site beside its page.

For each chapter (the setting ``notebook_pages``, like ``engine_download_pages``)
the HTML build writes ``chapters/NN-name.ipynb`` next to ``chapters/NN-name.html``,
in each edition (the Chinese one into ``zh_CN/chapters/``). The notebook is made
from the page's resolved doctree, after translation, so the Chinese edition's
notebook has the Chinese prose and the translated code comments:

* prose becomes Markdown cells: paragraphs, emphasis, inline code, lists,
  tables, math (``$...$``, ``$$...$$``, which Jupyter renders), links; a link
  to another page of the book becomes the absolute address of that page when
  ``book_site_url`` is set, else the relative ``.html`` link, which works from
  the site's folder;
* an admonition becomes a quote, a collapsed block (sphinx-design's dropdown)
  ``<details>``, and its code cells are collapsed too (``source_hidden``), so
  that a solution stays hidden until asked for; a figure becomes its image,
  embedded as a ``data:`` URI (the notebook needs no file beside it); a widget
  becomes a sentence linking it on the page, then its static figure;
* each runnable Python block (a fence of the page: every one is a doctest or a
  script) becomes a code cell, its prompts and output removed by the copy
  button's rule (:data:`copy_rule.PROMPT`), in page order; an excerpt of
  ``src/`` (``literalinclude``) and every other block stays text, a Markdown
  code fence, as it is text on the page;
* the page's markers keep their meaning: a block in a region marked
  ``% skip: start if(torch is None, ...)`` gets ``%%skip_if torch is None``
  on its first line, a cell magic defined by the first cell that prints why
  and runs nothing when the condition holds (as the doctests skip them); a
  block marked ``% printed by Python 3.11`` gets that in its metadata
  (``book.printed_by``).

The first cell, collapsed, writes the book's files the chapter imports
(``tinygrad.py`` always, then what its code imports from ``notebook_files``,
for chapter 10 ``tensorgrad.py`` and ``check_tensors.py``, for chapter 11 also
``digits.py``) with plain Python, so a
notebook runs top to bottom in an empty folder, also as a script. It never
writes over a file: where the folder holds a file of that name that is not the
book's (the reader's own ``engine.py``, an older ``tinygrad.py``), that file is
kept and used, one line says so and where the book's is (saved beside it as
``engine_book.py``, or else the chapter's download). In Jupyter it
also has errors shown by their last line, as the book shows them (``%xmode
Minimal``; IPython's full layout of chapter 5's ``RecursionError``, a thousand
frames, takes a minute), and defines the cell magic ``%%skip_if``.

The words this part writes are translated in ``book.po``, with the other
extensions' words (i18n/catalogue.py). tests/book/test_notebooks_run_in_a_kernel.py runs
every notebook in a Jupyter kernel and compares what it prints with the chapter's Markdown.
"""

from __future__ import annotations

import posixpath
import re
from fnmatch import fnmatch
from pathlib import Path

import nbformat
from docutils import nodes
from sphinx.application import Sphinx
from sphinx.util import logging

from ..build import edition, output
from .cells import Code, Writer
from .first_cell import SKIP_MAGIC, imported_modules, setup_cell

logger = logging.getLogger(__name__)

COLAB = "https://colab.research.google.com/github/{repo}/blob/gh-pages/{path}"
GITHUB = re.compile(r"^https://github\.com/(?P<repo>[\w.-]+/[\w.-]+?)(?:\.git)?/?$")


def notebook_name(docname: str) -> str:
    """The notebook's file name: ``chapters/05-engine`` -> ``05-engine.ipynb``."""
    return posixpath.basename(docname) + ".ipynb"


def writes_notebook(where, docname: str) -> bool:
    """Does this build write a notebook of this page? ``where``: the application
    or the build environment (build.output)."""
    return output(where).page_files and any(
        fnmatch(docname, pattern) for pattern in where.config.notebook_pages
    )


def colab_url(config, docname: str) -> str:
    """Colab's address of the page's notebook on the ``gh-pages`` branch, or "".

    >>> class Config:
    ...     book_repository = "https://github.com/me/book"
    ...     book_editions = {"en": "", "zh_CN": "zh_CN"}
    ...     language = "zh_CN"
    >>> colab_url(Config, "chapters/05-engine")
    'https://colab.research.google.com/github/me/book/blob/gh-pages/zh_CN/chapters/05-engine.ipynb'
    """
    if not config.book_repository:
        return ""
    found = GITHUB.match(config.book_repository.strip())
    if found is None:
        raise ValueError(
            f"book_repository (BOOK_REPOSITORY) must be https://github.com/OWNER/REPO"
            f" for Colab, not {config.book_repository!r}"
        )
    path = posixpath.join(
        edition(config).folder, posixpath.dirname(docname), notebook_name(docname)
    )
    return COLAB.format(repo=found["repo"], path=path)


def notebook(
    app: Sphinx, docname: str, doctree: nodes.document
) -> nbformat.NotebookNode:
    writer = Writer(app, docname)
    parts = list(writer.blocks(doctree))
    stem = posixpath.basename(docname)
    cells = []
    text: list[str] = []

    def cell_id() -> str:
        return f"{stem}-{len(cells)}"

    def flush() -> None:
        if text:
            cells.append(nbformat.v4.new_markdown_cell("\n\n".join(text), id=cell_id()))
            text.clear()

    codes = [part for part in parts if isinstance(part, Code)]
    modules = set().union(*(imported_modules(c.source) for c in codes))
    first = nbformat.v4.new_code_cell(
        setup_cell(app, modules, any(c.skip for c in codes)), id=cell_id()
    )
    first.metadata = {"jupyter": {"source_hidden": True}, "collapsed": True}
    cells.append(first)
    for part in parts:
        if not isinstance(part, Code):
            text.append(part)
            continue
        flush()
        source = part.source
        if part.skip:
            source = f"%%{SKIP_MAGIC} {part.skip[0]}\n{source}"
        cell = nbformat.v4.new_code_cell(source, id=cell_id())
        if part.hidden:
            cell.metadata["jupyter"] = {"source_hidden": True}
        if part.raises:
            cell.metadata["tags"] = ["raises-exception"]  # Run All goes on after it
        book = {}
        if part.printed_by:
            book["printed_by"] = part.printed_by
        if part.skip:
            book["skip"] = {"if": part.skip[0], "reason": part.skip[1]}
        if book:
            cell.metadata["book"] = book
        cells.append(cell)
    flush()
    return nbformat.v4.new_notebook(
        cells=cells,
        metadata={
            "kernelspec": {
                "name": "python3",
                "display_name": "Python 3",
                "language": "python",
            },
            "language_info": {"name": "python"},
        },
    )


def notebook_path(app: Sphinx, docname: str) -> Path:
    return Path(app.outdir, posixpath.dirname(docname), notebook_name(docname))


def write_notebook(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    if not writes_notebook(app, docname):
        return
    book = notebook(app, docname, doctree)
    nbformat.validate(book)
    target = notebook_path(app, docname)
    target.parent.mkdir(parents=True, exist_ok=True)
    nbformat.write(book, target)


def report(app: Sphinx) -> list:
    """Say how many chapters have their notebook beside their page.

    At ``html-collect-pages``, when every page (and so every notebook) is
    written and the builder turns to its own pages; it adds none. The
    notebooks are counted in the output folder: with ``-j`` they are written
    by several processes, so no count kept in memory would see them all.
    """
    found = [
        docname
        for docname in sorted(app.env.found_docs)
        if writes_notebook(app, docname) and notebook_path(app, docname).is_file()
    ]
    if found:
        logger.info("notebooks: %d notebooks beside their pages", len(found))
    return []


def register(app: Sphinx) -> None:
    app.add_config_value(
        "notebook_pages", ["chapters/*"], "env", types=frozenset({list})
    )
    app.add_config_value("notebook_files", [], "env", types=frozenset({list}))
