"""The code blocks on a page: which are Python, how they are marked, shown and copied.

- ``languages.py``: the one table of code languages (which blocks are Python);
- ``marks.py``: the marks a page puts on its Python blocks (``% skip: ...``,
  ``% printed by Python 3.11``), read in one place;
- ``captions.py``: where an included piece of ``src/`` goes, as its caption;
- ``copy_rule.py`` and ``copy_rule.js``: what the copy button copies;
- ``highlight.py``: highlighted code with a span only where a token shows.
"""

from . import captions, copy_rule, highlight, languages, marks

__all__ = ["captions", "copy_rule", "highlight", "languages", "marks"]
