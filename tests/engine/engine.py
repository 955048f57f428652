"""The reader's own ``engine.py`` of chapter 5, as the doctests and tests import it.

Chapters 6 and 7 (and ``check_engine``'s example) write ``from engine import
Value``: the file a reader typed in chapter 5. A reader who has none saves the
book's copy, ``src/engine_book.py``, under that name (chapter 6 says so); this
module does the same for ``make doctest`` and the tests (``tests/engine`` is
on pytest's ``pythonpath``).
"""

from engine_book import Value

__all__ = ["Value"]
