"""The formulas, rendered when the book is built: nothing computed in the browser.

- ``katex.py``: KaTeX's HTML and MathML in the site's pages, its stylesheet
  and fonts as static files;
- ``fonts.py``: the KaTeX fonts a page's formulas use, preloaded;
- ``katex_render.js``: the Node.js script that renders a page's formulas;
- ``mathml.py``: MathML for the EPUB (latex2mathml);
- ``punctuation.py``: the punctuation after an inline formula kept on its line.
"""

from . import fonts, katex, mathml, punctuation

__all__ = ["fonts", "katex", "mathml", "punctuation"]
