"""A translated edition's settings, and the links between the editions.

English is at the site's root, each translation in a folder of it (which
edition a build makes: build.py). When the configuration is read, this part
gives a translated edition its settings (:func:`apply_edition_config`: the
title, description, copyright and date format from its ``book.po``, its
EPUB's name and language, its search's word list), so that ``-D
language=...`` alone selects them; puts a language switcher on every page of
the site (``_templates/language-switch.html``, in the sidebar and, on a
narrow screen, above the page), a relative link to the same page in each
other edition that works from ``file://`` and on any host; and, when the
site's address is known (``book_site_url``, or ``BOOK_SITE_URL`` in the
environment), names the other editions of the page in its ``<head>``
(``<link rel="alternate" hreflang>``, see :func:`alternates`). The EPUB and
the PDF (``singlehtml``) hold one edition each, so they get no switcher. The
switcher's words, and each language's name in itself, are in each language's
catalogue ``book.po`` (catalogue.py); the two upstream bugs a translated
edition meets are worked around in upstream_fixes.py.
"""

from __future__ import annotations

import contextlib
import html
import logging as stdlib_logging
import posixpath
from pathlib import Path

from sphinx.application import Sphinx
from sphinx.config import Config
from sphinx.locale import get_translation
from sphinx.util import logging

from ..build import language_of, language_tag, output
from . import catalogue
from .catalogue import N_, translated

logger = logging.getLogger(__name__)
_ = get_translation("book")

# The settings that are words: a translated edition takes each from book.po,
# with its English value (conf.py's) as the message (docs/_tools/catalogues.py).
WORDS_SETTINGS = (
    "html_title",
    "html_meta_description",
    "html_last_updated_fmt",
    "copyright",
    "epub_title",
    "epub_author",
    "epub_publisher",
    "epub_copyright",
)
# Translators: the name of this edition's language, in that language (Français).
LANGUAGE_NAME = N_("English")
SEARCH_WORDS = "search_words.txt"  # words the search keeps whole (Chinese: jieba's)


def apply_edition_config(app: Sphinx, config: Config) -> None:
    """A translated edition's settings, from its catalogues and its language."""
    language = language_of(config)
    editions = config.book_editions
    if editions and language not in editions:
        logger.warning(
            "language %r has no edition in book_editions (%s)",
            language,
            ", ".join(sorted(editions)),
            type="editions",
        )
    if language == "en":
        return
    for name in WORDS_SETTINGS:
        if isinstance(config[name], str) and config[name]:
            config[name] = translated(config[name])
    config.epub_basename = f"{config.epub_basename}.{language}"
    config.epub_language = language_tag(language)  # BCP 47, as EPUB wants it
    found = (Path(app.confdir, d, language, SEARCH_WORDS) for d in config.locale_dirs)
    words = next((path for path in found if path.is_file()), None)
    # Without a word list of ours, Sphinx's Chinese search would load jieba's
    # own dictionary a second time as extra words (349,046 of them, 4 s a
    # build): the list is ours or none. A "dict" set in conf.py still wins.
    config.html_search_options = {
        "dict": str(words) if words else "",
        **config.html_search_options,
    }
    if language.startswith("zh"):
        with contextlib.suppress(ImportError):  # jieba: the search's words
            import jieba

            jieba.setLogLevel(stdlib_logging.WARNING)  # not 4 lines a build


def language_name(app: Sphinx, language: str) -> str:
    """The name of ``language`` in itself ("English", "Français"): its book.po's."""
    if language == "en":
        return LANGUAGE_NAME
    return catalogue.catalogue(app, catalogue.CATALOGUE, language).get(
        LANGUAGE_NAME, language
    )


def _depth(folder: str) -> int:
    return len([part for part in folder.split("/") if part])


def edition_links(app: Sphinx, pagename: str) -> list[dict[str, object]]:
    """Every edition of ``pagename``, with the link to it from this page."""
    config = app.config
    editions: dict[str, str] = config.book_editions
    here = language_of(config)
    if here not in editions:
        return []
    target = app.builder.get_target_uri(pagename)  # "chapters/01-slopes.html"
    up_to_site = "../" * (_depth(posixpath.dirname(target)) + _depth(editions[here]))
    links = []
    for language, folder in editions.items():
        from_site = (folder.strip("/") + "/" if folder.strip("/") else "") + target
        href = up_to_site + from_site
        links.append(
            {
                "from_site": from_site,
                "language": language,
                "tag": language_tag(language),
                "name": language_name(app, language),
                "href": href or "index.html",
                "current": language == here,
            }
        )
    return links


def add_switcher(
    app: Sphinx, pagename: str, templatename: str, context: dict, doctree
) -> None:
    if not output(app).site:
        context["book_editions"] = []
        return
    links = edition_links(app, pagename)
    context["book_editions"] = links
    context["book_edition_label"] = _("Language")
    context["metatags"] = context.get("metatags", "") + alternates(
        links, app.config.book_site_url
    )


def alternates(links: list[dict[str, object]], site_url: str) -> str:
    """``<link rel="alternate" hreflang>`` for the other editions, when the site's address is known.

    Search engines read only absolute addresses there (a relative one is an
    error to them, and costs the page its Lighthouse SEO score), so without
    ``book_site_url`` (``BOOK_SITE_URL`` in the environment) there are none;
    the switcher's own links, relative, work anywhere.
    """
    if not site_url:
        return ""
    root = site_url.rstrip("/") + "/"
    return "".join(
        f'<link rel="alternate" hreflang="{link["tag"]}"'
        f' href="{html.escape(root + str(link["from_site"]))}" />\n'
        for link in links
        if not link["current"]
    )


def register(app: Sphinx) -> None:
    app.add_css_file("editions.css")
