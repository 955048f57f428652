"""What a page's catalogue does not translate: refused when it is missing, shown when pending.

A translated page takes each paragraph, heading, caption and table cell from
its catalogue (``docs/locale/zh_CN/LC_MESSAGES/chapters/03-chain-rule.po``),
the message being the English text. When the English changes and ``make
catalogues`` is not run, the catalogue does not hold the new English at all,
and Sphinx would show that English in the translated page without a word: a
typo fixed in chapter 3 would untranslate a paragraph of the Chinese chapter.
So a translated build warns at each message of a page that its catalogue
lacks (:class:`FindMissingTranslations`), naming the page, its line and the
message, and ``make html`` (``-W``) fails: run ``make catalogues``.

After it the message is in the catalogue, fuzzy (the English changed; its old
translation is kept for a translator to check) or untranslated (new English),
and Sphinx shows it in English. A contributor who reads no Chinese may leave
it so (CONTRIBUTING.md, "The Chinese edition"): the page shows it as what it
is, pending, never silently. The element says its language (``lang="en"``,
for the browser and for screen readers; the book's HTML writer, site/polish.py,
writes it), and a paragraph gets a line before it, in the edition's language,
saying that its translation is being updated (:class:`ShowPendingTranslations`;
the line's words are in ``book.po``). :func:`pending` lists such messages of a
catalogue, for the tests and ``make catalogues``.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from babel.messages.pofile import read_po
from docutils import nodes
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.transforms import SphinxTransform
from sphinx.util import logging
from sphinx.util.i18n import docname_to_domain
from sphinx.util.nodes import extract_messages

from .. import priorities
from ..build import edition
from .catalogue import N_, translated

logger = logging.getLogger(__name__)

PENDING = "translation-pending"  # the class of an element shown in the source language
NOTE = "translation-pending-note"  # the class of the line before a pending paragraph
NOTE_WORDS = N_(
    "The translation of the paragraph below is being updated: it is shown in English."
)
SHOWN = 60  # how much of a message a warning quotes


@cache
def _statuses(path: str, changed: int) -> dict[str, str]:
    """msgid -> "translated", "fuzzy" or "untranslated", for a .po file as it is now."""
    with open(path, "rb") as handle:
        catalogue = read_po(handle)
    return {
        message.id: (
            "fuzzy"
            if message.fuzzy
            else "translated"
            if message.string
            else "untranslated"
        )
        for message in catalogue
        if message.id and isinstance(message.id, str)
    }


def statuses(path: Path) -> dict[str, str]:
    return _statuses(str(path), path.stat().st_mtime_ns)


def pending(path: Path) -> list[str]:
    """The messages of a catalogue shown in English: fuzzy or untranslated."""
    return [m for m, status in statuses(path).items() if status != "translated"]


def page_catalogue(env) -> Path | None:
    """The catalogue of the page being read, in the build's language; None in the
    source language, or for a page that has none (a test's small book)."""
    made = edition(env.config)
    if made.source:
        return None
    domain = docname_to_domain(env.current_document.docname, env.config.gettext_compact)
    for folder in env.config.locale_dirs:
        path = Path(env.srcdir, folder, made.language, "LC_MESSAGES", f"{domain}.po")
        if path.is_file():
            return path
    return None


def quoted(message: str) -> str:
    text = " ".join(message.split())
    return repr(text if len(text) <= SHOWN else text[: SHOWN - 1] + "…")


def warn_missing(env, node: nodes.Node, message: str, catalogue: Path) -> None:
    logger.warning(
        "%s: this English is not in %s: run `make catalogues` (then translate it, or"
        " leave it to a translator: CONTRIBUTING.md): %s",
        env.current_document.docname,
        catalogue.relative_to(env.srcdir).as_posix(),  # locale/zh_CN/LC_MESSAGES/...
        quoted(message),
        location=node,
        type="book",
        subtype="translation_missing",
    )


class FindMissingTranslations(SphinxTransform):
    """Before Locale: each message of a translated page is in its catalogue
    (else a warning), and each one the catalogue leaves in English is marked."""

    default_priority = priorities.BEFORE_LOCALE

    def apply(self, **kwargs: object) -> None:
        catalogue = page_catalogue(self.env)
        if catalogue is None:
            return
        known = statuses(catalogue)
        for node, message in extract_messages(self.document):
            status = known.get(message)
            if status is None:
                warn_missing(self.env, node, message, catalogue)
            elif status != "translated" and not isinstance(
                node, nodes.literal_block | addnodes.translatable
            ):
                node["classes"].append(PENDING)


class ShowPendingTranslations(SphinxTransform):
    """After Locale: a line before each pending paragraph says it is in English."""

    default_priority = priorities.AFTER_LOCALE

    def apply(self, **kwargs: object) -> None:
        if edition(self.config).source:
            return
        for node in list(self.document.findall(nodes.paragraph)):
            if PENDING in node["classes"] and node.parent is not None:
                note = nodes.paragraph("", translated(NOTE_WORDS), classes=[NOTE])
                node.parent.insert(node.parent.index(node), note)


def register(app: Sphinx) -> None:
    app.add_transform(FindMissingTranslations)
    app.add_transform(ShowPendingTranslations)
