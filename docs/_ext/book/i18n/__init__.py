"""The translated editions: every word a reader sees, in the edition's language.

- ``catalogue.py``: ``book.po``, the words the extension itself writes
  (``_()``, ``N_()``), and the other catalogues read for the parts;
- ``editions.py``: a translated edition's settings, the language switcher and
  the links between the editions;
- ``code_comments.py``: the comments and docstrings of a page's own Python
  blocks, translated with the page (the code never);
- ``source_words.py``: the comments and docstrings of the excerpts of ``src/``,
  from ``source.po``;
- ``pending.py``: a page's English its catalogue lacks (the build fails, naming
  it) or leaves untranslated (the page says so);
- ``cjk_spacing.py``: no space between a Chinese word and the bold term beside it;
- ``upstream_fixes.py``: the two upstream bugs a translated edition meets.
"""

from . import (
    catalogue,
    cjk_spacing,
    code_comments,
    editions,
    pending,
    source_words,
    upstream_fixes,
)

__all__ = [
    "catalogue",
    "cjk_spacing",
    "code_comments",
    "editions",
    "pending",
    "source_words",
    "upstream_fixes",
]
