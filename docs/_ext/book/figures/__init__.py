"""The pictures: figures drawn at build time, and the widgets that stand over them.

- ``cache.py``: the ``plot`` directive in the book's language, its figures
  kept between builds and drawn again when anything that draws them changes;
- ``widgets.py``: the ``widget`` directive, the scripts a page with widgets
  loads, and the widgets' words (``widgets.po``).

The figure scripts are in ``docs/chapters/figures/``; the widgets' scripts in
``docs/_static/widgets/``.
"""

from . import cache, widgets

__all__ = ["cache", "widgets"]
