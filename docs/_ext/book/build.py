"""What this build makes: which edition, and which output. Every part asks here.

``make html`` builds the same sources once per language (``-D language=zh_CN``
for the Chinese edition), each translated edition in its own folder of the
site (``book_editions`` in ``conf.py``: language -> folder, the one setting a
language needs); ``make pdf``, ``make epub`` and ``make catalogues`` build the
same sources with other builders. So a part asks two questions, both here:

* :func:`edition`: which edition is this (its language, BCP 47 tag, folder in
  the site, way back to the site's root, whether it is written in CJK
  characters)? From the configuration alone.
* :func:`output`: what does this builder make (the site's pages, the one page
  that ``make pdf`` prints, an EPUB, the catalogues' templates)? From the
  builder's name, through :data:`OUTPUTS`, the one table of builders.

No part compares a builder's name itself. The site's address
(``book_site_url``) and the book's repository (``book_repository``), which
several parts read, are registered here too.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass

from sphinx.application import Sphinx
from sphinx.config import Config
from sphinx.errors import ConfigError

CJK = ("zh", "ja", "ko")  # languages written in CJK characters
SOURCE_LANGUAGE = "en"  # the language the pages are written in


def language_of(config: Config) -> str:
    """The build's language as the editions name it: "en", "zh_CN"."""
    return (config.language or "en").replace("-", "_")


def is_cjk(language: str | None) -> bool:
    """Is ``language`` ("zh_CN", "zh-CN", "en") written in CJK characters?

    >>> is_cjk("zh-CN"), is_cjk("en"), is_cjk(None)
    (True, False, False)
    """
    return (language or "en").replace("-", "_").split("_")[0].lower() in CJK


def language_tag(language: str) -> str:
    """BCP 47, as ``lang`` and ``hreflang`` want it: zh_CN -> zh-CN."""
    return language.replace("_", "-")


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
    default = "" if language == SOURCE_LANGUAGE else language
    folder = editions.get(language, default).strip("/")
    return Edition(
        language=language,
        tag=language_tag(language),
        folder=folder + "/" if folder else "",
        root="../" * len(folder.split("/")) if folder else "",
        cjk=is_cjk(language),
        source=language == SOURCE_LANGUAGE,
    )


#: What each builder makes, the one table of builders: "site" (the site's pages,
#: ``make html``), "one page" (the whole book as one HTML page, which ``make
#: pdf`` prints), "epub" (``make epub``), "catalogues" (the gettext templates
#: of ``make catalogues``). A builder it does not name makes "other": no part
#: adds anything of its own to that.
OUTPUTS = {
    "html": "site",
    "dirhtml": "site",
    "singlehtml": "one page",
    "epub": "epub",
    "gettext": "catalogues",
}


@dataclass(frozen=True)
class Output:
    """What the builder makes, as the parts ask it."""

    builder: str  # Sphinx's name of the builder: "html", "singlehtml", "epub", ...
    kind: str  # its entry in OUTPUTS: "site", "one page", "epub", "catalogues", "other"

    @property
    def site(self) -> bool:
        """The site's pages: the runner, the language switcher, the download line."""
        return self.kind == "site"

    @property
    def page_files(self) -> bool:
        """The site, one file per page: a host serves its ``404.html``, and a
        chapter's notebook is written beside its page (not so ``dirhtml``)."""
        return self.builder == "html"

    @property
    def one_page(self) -> bool:
        return self.kind == "one page"

    @property
    def html(self) -> bool:
        """Pages written by the book's HTML writer, in furo (the site, the one page)."""
        return self.site or self.one_page

    @property
    def epub(self) -> bool:
        return self.kind == "epub"

    @property
    def catalogues(self) -> bool:
        return self.kind == "catalogues"


def output(where) -> Output:
    """What the builder of ``where`` makes: the application, the builder, or the
    build environment (what a transform has).

    A transform reads the builder from the environment as Sphinx's own
    transforms do (``env._builder_cls``: ``SphinxTransform.app`` is deprecated
    in Sphinx 9, with no replacement); this is the one place that does.

    >>> from types import SimpleNamespace as S
    >>> output(S(name="dirhtml")).site, output(S(name="dirhtml")).page_files
    (True, False)
    >>> output(S(builder=S(name="singlehtml"))).html
    True
    """
    if hasattr(where, "builder"):  # the application
        return made_by(where.builder.name)
    if hasattr(where, "_builder_cls"):  # the build environment
        return made_by(where._builder_cls.name)
    return made_by(where.name)  # the builder


def made_by(builder: str) -> Output:
    """What the builder of this name makes (:data:`OUTPUTS`)."""
    kind = "epub" if builder.startswith("epub") else OUTPUTS.get(builder, "other")
    return Output(builder=builder, kind=kind)


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
    """The site's address, checked before any part reads it."""
    config.book_site_url = site_url(config)


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
