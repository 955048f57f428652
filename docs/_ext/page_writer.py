"""The one HTML writer of the book's pages: Sphinx's, with the book's touches.

Sphinx takes one translator class per builder (``app.set_translator``), so
the extensions that change what a page's body is written as each give a
mixin, and this extension puts them together: the Run buttons
(runner.RunButtons, on the pages that run Python) and the Tab stops, header
cells and figure sizes of page_polish.TidyBody. The HTML site and the
one-page HTML the PDF is printed from use it; the EPUB keeps Sphinx's
writer (epub_fixes.py).
"""

from __future__ import annotations

from sphinx.application import Sphinx

from page_polish import TidyBody
from runner import RunButtons

BUILDERS = ("html", "dirhtml", "singlehtml")


class BookTranslator(RunButtons, TidyBody):
    """Sphinx's HTML5 writer with every mixin above."""


def setup(app: Sphinx) -> dict[str, object]:
    app.setup_extension("runner")
    app.setup_extension("page_polish")
    for builder in BUILDERS:
        app.set_translator(builder, BookTranslator)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
