"""Hand the book's language to the figure scripts, which draw their words in it.

The plot directive runs each figure script inside the Sphinx process (or, with
``-j``, in the worker processes forked from it), where the scripts cannot see
Sphinx's configuration. So when the configuration is ready, before anything is
read, this extension puts ``language`` (``en``, ``zh_CN``) into the environment
variable ``BOOK_LANGUAGE``, which ``docs/chapters/figures/style.py`` reads: its
``tr`` picks each figure's words, and in Chinese it adds a CJK font. A script
run on its own, outside Sphinx, draws in English.

The images of each language are kept apart in the figure cache (figure_cache.py).
"""

from __future__ import annotations

import os

from sphinx.application import Sphinx
from sphinx.config import Config

VARIABLE = "BOOK_LANGUAGE"


def hand_language_to_figures(app: Sphinx, config: Config) -> None:
    os.environ[VARIABLE] = config.language or "en"


def setup(app: Sphinx) -> dict[str, object]:
    app.connect("config-inited", hand_language_to_figures)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
