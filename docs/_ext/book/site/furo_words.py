"""furo's words in the book's language, and names for its two landmarks.

furo writes the names of its buttons and of its icons, which a screen reader
reads out, in English, as text in its ``page.html`` (its theme's other words
are in Sphinx's catalogue, sphinx.po), and leaves its two ``<aside>``
landmarks without names. It has no template block or option for either. So
``docs/_templates/page.html`` hands furo's part of the page to
:func:`theme_words` (``book_theme_words`` in the page's context, set while
the page is written: ``html-page-context``; never in the EPUB), which puts the
words through the catalogue ``book.po`` (i18n/catalogue.py) and names the
landmarks "Book contents" and "On this page". It is the one place where the
book edits furo's markup.
"""

from __future__ import annotations

import html

from markupsafe import Markup
from sphinx.application import Sphinx
from sphinx.errors import ExtensionError
from sphinx.locale import get_translation

from ..build import output
from ..i18n.catalogue import N_

_ = get_translation("book")

# Words that furo writes into its pages as they are, not through a catalogue
# (its theme's other words are in Sphinx's catalogue, sphinx.po): the names of
# its buttons and of its icons, which a screen reader reads out.
FURO_LABELS = (
    N_("Toggle site navigation sidebar"),
    N_("Toggle table of contents sidebar"),
    N_("Toggle Light / Dark / Auto color theme"),
)
FURO_ICON_TITLES = (
    N_("Contents"),
    N_("Menu"),
    N_("Expand"),
    N_("Light mode"),
    N_("Dark mode"),
    N_("Auto light/dark, in light mode"),
    N_("Auto light/dark, in dark mode"),
)


def aside_names() -> dict[str, str]:
    return {"sidebar-drawer": _("Book contents"), "toc-drawer": _("On this page")}


def theme_words(text: str) -> Markup:
    """furo's page around the body, with named landmarks and our words.

    ``docs/_templates/page.html`` calls this on the page as furo renders it
    (``book_theme_words`` in the page's context). furo has no template block
    or option for these words or for the names of its two ``<aside>``
    landmarks, so this is the one place where the book edits furo's markup:
    plain replacements of what furo writes, each of which must be found (a
    build with a furo that writes them otherwise stops, naming what it missed).
    """
    edits = [
        (f'aria-label="{label}"', f'aria-label="{escape(_(label))}"')
        for label in FURO_LABELS
    ]
    edits += [
        (f"<title>{title}</title>", f"<title>{escape(_(title))}</title>")
        for title in FURO_ICON_TITLES
    ]
    edits += [
        (f'<aside class="{name}', f'<aside aria-label="{escape(label)}" class="{name}')
        for name, label in aside_names().items()
    ]
    for furo_wrote, ours in edits:
        if furo_wrote not in text:
            raise ExtensionError(
                f"furo_words: furo's page no longer has {furo_wrote!r}: "
                "theme_words must follow its markup"
            )
        text = text.replace(furo_wrote, ours)
    return Markup(text)


def escape(words: object) -> str:
    return html.escape(str(words), quote=True)


def add_theme_words(
    app: Sphinx, pagename: str, templatename: str, context: dict, doctree
) -> None:
    if not output(app).html:
        return
    context["book_theme_words"] = theme_words
