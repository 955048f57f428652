"""The book off the site: the EPUB and the PDF.

- ``epub.py``: the EPUB 3 builder's fixes (SVG, properties, a stylesheet);
- ``pdf_font.py``: the Chinese PDF's font, in the one page Chromium prints.

The EPUB's formulas are ``math/mathml.py``'s.
"""

from . import epub, pdf_font

__all__ = ["epub", "pdf_font"]
