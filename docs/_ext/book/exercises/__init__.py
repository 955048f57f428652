"""The checked exercises: each check beside its exercise, and the download of them all.

- ``checks.py``: the ``exercise-check`` fence a chapter writes beside an
  exercise (nothing on the page), and the download ``check_exercises.py``,
  staged for every chapter's download line and the notebooks;
- ``assemble.py``: that download put together from the machinery in
  ``src/check_exercises.py`` and every chapter's checks (no Sphinx needed: the
  doctests and the tests import it too).

The Check button is the runner's (``runner/page.py``).
"""

from . import assemble, checks

__all__ = ["assemble", "checks"]
