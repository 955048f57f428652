"""The book's editions: English at the site's root, each translation in a folder.

``make html`` builds the same sources once per language (``-D language=zh_CN``
for the Chinese edition, with the catalogues in ``docs/locale``) and puts each
translated edition in its own folder of the site (``book_editions`` in
``conf.py``: language -> folder). This extension

* applies ``book_edition_config``: settings that differ by language (the
  title, the description, the search language), set when the configuration is
  read, so that ``-D language=...`` alone selects them;
* puts a language switcher on every HTML page (``_templates/language-switch.html``,
  in the sidebar and, on a narrow screen, above the page): a relative link to
  the same page in each other edition, so it works from ``file://`` and on any
  host, under any folder;
* names the other editions of the page in its ``<head>``
  (``<link rel="alternate" hreflang="...">``) when the site's address is known
  (``book_site_url``, or ``BOOK_SITE_URL`` in the environment), see :func:`alternates`;
* keeps the anchors of a translated page's headings the English ones
  (``02-loss.md#exercises`` works in every edition), see
  :func:`keep_heading_anchors`;
* mends the Chinese search of Sphinx 9, whose ``language_data.js`` asks for
  a ``ChineseStemmer`` it never defines (its Chinese search stems Latin words
  with the English stemmer, which it does include), see :func:`mend_search_stemmer`;
* offers :func:`text`, with which the book's other extensions pick their
  words (the download line, the captions of included code) by language.

The EPUB and the PDF (``singlehtml``) hold one edition each, so they get no
switcher.
"""

from __future__ import annotations

import html
import os
import posixpath
import re
from pathlib import Path

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.config import Config
from sphinx.util import logging

logger = logging.getLogger(__name__)

SWITCHER_BUILDERS = {"html", "dirhtml"}


def language_of(config: Config) -> str:
    """The build's language as the editions name it: "en", "zh_CN"."""
    return (config.language or "en").replace("-", "_")


def text(config: Config, table: dict[str, str]) -> str:
    """``table``'s entry for the build's language ("zh_CN", then "zh"), else English."""
    language = language_of(config)
    for key in (language, language.split("_")[0]):
        if key in table:
            return table[key]
    return table["en"]


def language_tag(language: str) -> str:
    """BCP 47, as ``lang`` and ``hreflang`` want it: zh_CN -> zh-CN."""
    return language.replace("_", "-")


def apply_edition_config(app: Sphinx, config: Config) -> None:
    language = language_of(config)
    editions = config.book_editions
    if editions and language not in editions:
        logger.warning(
            "language %r has no edition in book_editions (%s)",
            language,
            ", ".join(sorted(editions)),
            type="editions",
        )
    for name, value in config.book_edition_config.get(language, {}).items():
        if name not in config:
            logger.warning(
                "book_edition_config[%r]: no setting %r",
                language,
                name,
                type="editions",
            )
            continue
        config[name] = value


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
                "name": config.book_edition_names.get(language, language),
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
    context["book_edition_label"] = text(app.config, {"en": "Language", "zh": "语言"})
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


def keep_heading_anchors(app: Sphinx, doctree: nodes.document) -> None:
    """Give Markdown links to ``page.md#heading`` the anchors of the English headings.

    MyST records each page's heading anchors (``myst_slugs``: "exercises" ->
    the section) when it parses the page, in English. Translating the page
    parses every translated heading again, as a little document of its own,
    and MyST records that one heading's anchor as the page's, so a link to any
    other heading of the page found nothing. The page's own record is still
    on its document: put it back, with each heading's translated text (what a
    link without words of its own shows).
    """
    slugs = getattr(doctree, "myst_slugs", None)
    if not slugs:
        return
    titles: dict[str, str] = {}
    for section in doctree.findall(nodes.section):
        if section.children and isinstance(section[0], nodes.title):
            for section_id in section["ids"]:
                titles.setdefault(section_id, section[0].astext())
    app.env.metadata[app.env.docname]["myst_slugs"] = {
        slug: (line, section_id, titles.get(section_id, title))
        for slug, (line, section_id, title) in slugs.items()
    }


def mend_search_stemmer(app: Sphinx, exception: Exception | None) -> None:
    """Point the search page of a Chinese build at the stemmer Sphinx ships for it.

    Without this the search page stops at "正在搜索中" with "ChineseStemmer is
    not defined" in the console, and finds nothing.
    """
    if (
        exception is not None
        or app.builder.format != "html"
        or app.builder.name.startswith("epub")
    ):
        return
    data = Path(app.outdir) / "_static" / "language_data.js"
    if not data.is_file():
        return
    text = data.read_text(encoding="utf-8")
    for name in re.findall(r"window\.Stemmer = (\w+Stemmer);", text):
        if (
            not re.search(rf"\b(var|let|const|function|class)\s+{name}\b", text)
            and "EnglishStemmer" in text
        ):
            text = text.replace(
                f"window.Stemmer = {name};", "window.Stemmer = EnglishStemmer;"
            )
    data.write_text(text, encoding="utf-8")


def setup(app: Sphinx) -> dict[str, object]:
    app.add_config_value("book_editions", {}, "html", types=frozenset({dict}))
    app.add_config_value(
        "book_site_url",
        os.environ.get("BOOK_SITE_URL", ""),
        "html",
        types=frozenset({str}),
    )
    app.add_config_value("book_edition_names", {}, "html", types=frozenset({dict}))
    app.add_config_value("book_edition_config", {}, "env", types=frozenset({dict}))
    app.connect("config-inited", apply_edition_config, priority=100)
    app.connect("doctree-read", keep_heading_anchors)
    app.connect("html-page-context", add_switcher)
    app.connect("build-finished", mend_search_stemmer)
    app.add_css_file("editions.css")
    return {"parallel_read_safe": True, "parallel_write_safe": True}
