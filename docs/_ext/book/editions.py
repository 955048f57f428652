"""The book's editions: English at the site's root, each translation in a folder.

``make html`` builds the same sources once per language (``-D language=zh_CN``
for the Chinese edition, from the catalogues in ``docs/locale``) and puts each
translated edition in its own folder of the site (``book_editions`` in
``conf.py``: language -> folder, the one setting a language needs). When the
configuration is read, this part gives a translated edition its settings
(:func:`apply_edition_config`: the title, description, copyright and date
format from its ``book.po``, its EPUB's name and language, its search's word
list), so that ``-D language=...`` alone selects them; puts a language
switcher on every HTML page (``_templates/language-switch.html``, in the
sidebar and, on a narrow screen, above the page), a relative link to the same
page in each other edition that works from ``file://`` and on any host; and,
when the site's address is known (``book_site_url``, or ``BOOK_SITE_URL`` in
the environment), names the other editions of the page in its ``<head>``
(``<link rel="alternate" hreflang>``, see :func:`alternates`). The EPUB and
the PDF (``singlehtml``) hold one edition each, so they get no switcher. The
switcher's words, and each language's name in itself, are in each language's
catalogue ``book.po`` (words.py); the two upstream bugs a translated edition
meets are worked around in upstream_fixes.py.
"""

from __future__ import annotations

import html
import os
import posixpath
import re
from dataclasses import dataclass
from pathlib import Path

from sphinx.application import Sphinx
from sphinx.config import Config
from sphinx.errors import ConfigError
from sphinx.locale import get_translation
from sphinx.util import logging

from . import words
from .words import N_, translated

logger = logging.getLogger(__name__)
_ = get_translation("book")

SWITCHER_BUILDERS = {"html", "dirhtml"}
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


def language_of(config: Config) -> str:
    """The build's language as the editions name it: "en", "zh_CN"."""
    return (config.language or "en").replace("-", "_")


CJK = ("zh", "ja", "ko")  # languages written in CJK characters


def is_cjk(language: str | None) -> bool:
    """Is ``language`` ("zh_CN", "zh-CN", "en") written in CJK characters?

    >>> is_cjk("zh-CN"), is_cjk("en"), is_cjk(None)
    (True, False, False)
    """
    return (language or "en").replace("-", "_").split("_")[0].lower() in CJK


@dataclass(frozen=True)
class Edition:
    """What every extension, figure and tool asks of the edition being built."""

    language: str  # as the editions name it: "en", "zh_CN"
    tag: str  # BCP 47, for lang and hreflang: "en", "zh-CN"
    folder: str  # its folder in the site: "" or "zh_CN/"
    root: str  # from its folder to the site's root: "" or "../"
    cjk: bool  # written in CJK characters (fonts, line breaks, lengths)
    source: bool  # the language the pages are written in (nothing to translate)


def edition(config: Config) -> Edition:
    """The edition this build makes, from ``language`` and ``book_editions``.

    A language ``book_editions`` does not name gets a folder of its own name.

    >>> from types import SimpleNamespace as S
    >>> edition(S(language="zh_CN", book_editions={"en": "", "zh_CN": "zh_CN"}))
    Edition(language='zh_CN', tag='zh-CN', folder='zh_CN/', root='../', cjk=True, source=False)
    """
    language = language_of(config)
    editions = getattr(config, "book_editions", None) or {}
    default = "" if language == "en" else language
    folder = editions.get(language, default).strip("/")
    return Edition(
        language=language,
        tag=language_tag(language),
        folder=folder + "/" if folder else "",
        root="../" * len(folder.split("/")) if folder else "",
        cjk=is_cjk(language),
        source=language == "en",
    )


def language_tag(language: str) -> str:
    """BCP 47, as ``lang`` and ``hreflang`` want it: zh_CN -> zh-CN."""
    return language.replace("_", "-")


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
    for folder in config.locale_dirs:
        words = Path(app.confdir, folder, language, SEARCH_WORDS)
        if words.is_file():
            config.html_search_options = {
                **config.html_search_options,
                "dict": str(words),
            }
            break


def language_name(app: Sphinx, language: str) -> str:
    """The name of ``language`` in itself ("English", "Français"): its book.po's."""
    if language == "en":
        return LANGUAGE_NAME
    return words.catalogue(app, words.CATALOGUE, language).get(LANGUAGE_NAME, language)


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
    if app.builder.name not in SWITCHER_BUILDERS:
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


SITE_URL = re.compile(r"https?://[A-Za-z0-9.-]+(:\d+)?(/[^\s?#\"'<>]*)?")


def site_url(config: Config) -> str:
    """``book_site_url`` if it is an absolute http(s) address; "" when unset.

    The sitemap, the canonical links and the alternates are built on it: a
    value without a scheme would point nowhere, and anything else (a
    ``javascript:`` address) must never reach a page.

    >>> from types import SimpleNamespace
    >>> site_url(SimpleNamespace(book_site_url="https://o.github.io/book/"))
    'https://o.github.io/book/'
    """
    value = (config.book_site_url or "").strip()
    if value and not SITE_URL.fullmatch(value):
        raise ConfigError(
            "BOOK_SITE_URL (book_site_url) must be the site's absolute address,"
            f" https://HOST/PATH/; got {config.book_site_url!r}"
        )
    return value


def configure(app: Sphinx, config: Config) -> None:
    """The site's address checked, then the edition's settings applied."""
    config.book_site_url = site_url(config)
    apply_edition_config(app, config)


def register(app: Sphinx) -> None:
    app.add_config_value("book_editions", {}, "html", types=frozenset({dict}))
    app.add_config_value(
        "book_site_url",
        os.environ.get("BOOK_SITE_URL", ""),
        "html",
        types=frozenset({str}),
    )
    app.add_config_value(
        "book_repository", os.environ.get("BOOK_REPOSITORY", ""), "env"
    )
    app.add_css_file("editions.css")
