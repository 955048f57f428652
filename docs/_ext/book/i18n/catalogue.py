"""The words the book's own extension writes, translated through a message catalogue.

The book's extension and templates write a few words of their own into
every page (the Run button, the language switcher's name, the captions of
included code, the 404 page, the names of the theme's buttons). They are
English in the source, wrapped in ``_()`` with ``_ = get_translation("book")``
(:func:`sphinx.locale.get_translation`; :func:`N_` marks a message kept in a
table and translated where it is used), and translated like everything else
the reader sees: in the catalogue ``docs/locale/<language>/LC_MESSAGES/book.po``,
which ``make catalogues`` refreshes from the extensions' ``_()`` calls
(``docs/_tools/catalogues.py``). :func:`register_catalogue`, which the
book's ``setup()`` calls before any part registers, compiles that catalogue
when it is newer than its ``.mo`` and registers it with Sphinx
(``app.add_message_catalog``).

>>> from sphinx.locale import get_translation
>>> str(get_translation(CATALOGUE)("Run"))  # no catalogue registered: the English
'Run'
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from sphinx import locale
from sphinx.application import Sphinx
from sphinx.util.i18n import CatalogRepository

CATALOGUE = "book"  # book.po, book.mo
_translate = locale.get_translation(CATALOGUE)


def translated(message: str) -> str:
    """``message`` in the build's language, as a plain string (book.po)."""
    return str(_translate(message))


def N_(message: str) -> str:
    """Mark ``message`` for the catalogue where it is defined; ``_()`` translates it later."""
    return message


def register_catalogue(app: Sphinx) -> None:
    """Compile ``book.po`` for the build's language if needed, and register it."""
    config = app.config
    repository = CatalogRepository(
        app.srcdir, config.locale_dirs, config.language, config.source_encoding
    )
    for catalogue in repository.catalogs:
        if catalogue.domain == CATALOGUE and catalogue.is_outdated():
            catalogue.write_mo(config.language, config.gettext_allow_fuzzy_translations)
    # A second build in the same process (another language) starts afresh.
    locale.translators.pop(("general", CATALOGUE), None)
    folders = list(repository.locale_dirs)
    for folder in folders:
        app.add_message_catalog(CATALOGUE, Path(folder))
    if not folders:  # no translation of this language: the English words, as they are
        locale.init([], config.language, CATALOGUE)


def read_catalogue(path: Path) -> dict[str, str]:
    """msgid -> msgstr of the translated messages of a .po file (not the fuzzy)."""
    from babel.messages.pofile import read_po

    with path.open(encoding="utf-8") as handle:
        return {
            m.id: m.string for m in read_po(handle) if m.id and m.string and not m.fuzzy
        }


@cache
def _catalogue(folder: str, language: str, domain: str) -> dict[str, str]:
    path = Path(folder, language, "LC_MESSAGES", f"{domain}.po")
    return read_catalogue(path) if path.is_file() else {}


def catalogue(where, domain: str, language: str | None = None) -> dict[str, str]:
    """The translations of the catalogue ``domain`` (``widgets``, ``source``) in
    ``language`` (the build's by default), read from its ``.po`` in ``locale_dirs``:
    {} in English. ``where`` is the application or the build environment (what
    has ``config`` and ``srcdir``)."""
    language = language or where.config.language
    found: dict[str, str] = {}
    if not language or language == "en":
        return found
    for folder in where.config.locale_dirs:
        found |= _catalogue(str(Path(where.srcdir, folder)), language, domain)
    return found
