"""Where the messages of the catalogues that no page holds come from (catalogues.py).

Each template is every message the code marks, with where it is marked:
``book.po``'s, the ``_()`` and ``N_()`` calls of the book's extension and the
settings of conf.py that are words; ``widgets.po``'s, the ``_()`` calls of the
widgets' scripts (Babel's JavaScript extractor); ``figures.po``'s, the
``tr()`` calls of the figure scripts; ``source.po``'s, the comments and
docstrings of the files of ``src/`` that the pages include.
"""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract

DOCS = Path(__file__).resolve().parents[1]
EXTENSIONS = DOCS / "_ext" / "book"
CONF = DOCS / "conf.py"
WIDGETS = DOCS / "_static" / "widgets"
FIGURES = DOCS / "chapters" / "figures"
KEYWORDS = {"_": None, "N_": None}  # N_ marks a message translated where it is used


def marked(
    files: list[Path], method: str = "python", keywords: dict | None = None
) -> Catalog:
    """Every message marked in ``files`` (``_()`` and ``N_()`` by default)."""
    template = Catalog(project="From Slopes to Backprop", fuzzy=False)
    for path in files:
        with path.open("rb") as handle:
            for line, message, comments, _context in extract(
                method,
                handle,
                keywords=KEYWORDS if keywords is None else keywords,
                comment_tags=("Translators:",),
            ):
                where = (Path(os.path.relpath(path, DOCS)).as_posix(), line)
                if message in template:
                    template[message].locations.append(where)
                else:
                    template.add(message, locations=[where], auto_comments=comments)
    return template


def book_template(folder: Path = EXTENSIONS, conf: Path | None = CONF) -> Catalog:
    """Every message of the ``_()`` and ``N_()`` calls in ``folder/**/*.py``, and
    the English value of each setting of ``conf`` that is words (the title,
    the description: ``editions.WORDS_SETTINGS``)."""
    template = marked(sorted(folder.rglob("*.py")))
    for message in settings_words(conf) if conf else []:
        if message not in template:
            template.add(message, locations=[(conf.name, 0)])
    return template


def settings_words(conf: Path = CONF) -> list[str]:
    """The English values of the settings a translated edition takes from book.po."""
    import runpy

    sys.path.insert(0, str(DOCS / "_ext"))
    from book.i18n.editions import WORDS_SETTINGS

    settings = runpy.run_path(str(conf))
    return [
        settings[name]
        for name in WORDS_SETTINGS
        if isinstance(settings.get(name), str) and settings[name]
    ]


def widgets_template(folder: Path = WIDGETS) -> Catalog:
    """Every message of the ``_()`` calls in the widgets' scripts, ``folder/*.js``."""
    return marked(sorted(folder.glob("*.js")), "javascript", {"_": None})


INCLUDED = re.compile(r"\{literalinclude\}\s+\.\./\.\./(src/\w+\.py)\s*$", re.M)


def source_template(docs: Path = DOCS) -> Catalog:
    """The words of the files of ``src/`` that the pages include (source_words.py)."""
    sys.path.insert(0, str(docs / "_ext"))
    from book.i18n import source_words

    files = sorted(
        {
            name
            for page in docs.rglob("*.md")
            if "_build" not in page.parts
            for name in INCLUDED.findall(page.read_text(encoding="utf-8"))
        }
    )
    template = Catalog(project="From Slopes to Backprop", fuzzy=False)
    for name in files:
        text = (docs.parent / name).read_text(encoding="utf-8")
        for piece in source_words.pieces(text):
            where = (f"../{name}", piece.start[0] + 1)
            if piece.message in template:
                template[piece.message].locations.append(where)
            else:
                template.add(piece.message, locations=[where])
    return template


def figures_template(folder: Path = FIGURES) -> Catalog:
    """Every message of the ``tr()`` calls in the figure scripts, ``folder/*.py``."""
    return marked(sorted(folder.glob("*.py")), keywords={"tr": None})
