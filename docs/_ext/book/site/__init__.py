"""What each page of the site gets around its text.

- ``polish.py``: the page's description, and the book's HTML writer's touches
  (figure sizes, Tab stops, header cells);
- ``after_paint.js``: the page's scripts, run after its first frame (inlined
  by polish.py);
- ``downloads.py``: the line under a chapter's title (``tinygrad.py``,
  ``check_engine.py``, the notebook, Colab);
- ``doors.py``: the repository, "Edit this page", "Report a problem";
- ``previews.py``: link previews and the sitemap, when the site's address is
  known;
- ``not_found.py``: the 404 page;
- ``furo_words.py``: furo's words in the book's language, its landmarks named.
"""

from . import doors, downloads, furo_words, not_found, polish, previews

__all__ = ["doors", "downloads", "furo_words", "not_found", "polish", "previews"]
