"""The in-page Python: the book's code run in the reader's browser (Pyodide).

- ``page.py``: the Run control under a chapter's title, the Run button of
  each Python block, the marks the runner reads, the scripts a page loads;
- ``runtime.py``: Pyodide and Graphviz as static files of the site;
- ``words.py``: every word of the runner, in one table (``book.po``).

The scripts are in ``docs/_static/runner/``.
"""

from . import page, runtime, words

__all__ = ["page", "runtime", "words"]
