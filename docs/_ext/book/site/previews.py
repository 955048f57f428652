"""Link previews and the sitemap, when the site's address is known.

With ``BOOK_SITE_URL`` in the environment (the address the site is published
at, for example ``https://OWNER.github.io/REPO/``), the book loads

* sphinxext-opengraph: every page gets ``og:title``, ``og:description``,
  ``og:url`` and ``og:image``, absolute addresses in the page's own edition, and
  the image is a card drawn for the page at build time (the book's and the
  page's titles, the page's first words and the address, by the extension's
  matplotlib code; in the Chinese edition with the Chinese figures' font).
  ``og:description`` is the description polish.py writes for search
  engines (it skips the download line and cuts Chinese by Chinese rules). Cards are cached in ``docs/_build/social_cards/`` by
  their contents (the extension names each card by a hash of its words), so an
  unchanged page is not drawn again;
* sphinx-sitemap: ``sitemap.xml`` at the site's root lists every page of both
  editions. sphinx-sitemap puts every language, the first included, in a
  folder of its own (``{lang}{link}``, so ``en/index.html``), while our English
  edition is the site's root and the Chinese one is ``zh_CN/``: so each
  edition lists its own pages (``{link}`` under its own address), and the
  build at the site's root lists, in its own sitemap, every page in every
  edition, each naming its other editions (``xhtml:link rel="alternate"
  hreflang``): no build rewrites another's output, in whatever order they run.

Without the setting neither extension is loaded and the pages are as before.
"""

from __future__ import annotations

import os
import shutil
from html.parser import HTMLParser
from pathlib import Path
from xml.etree import ElementTree

from sphinx.application import Sphinx
from sphinx.config import Config

from ..build import edition, language_tag

SITE_URL = "BOOK_SITE_URL"
CARDS = "_images/social_previews"  # where sphinxext-opengraph writes its cards
SITEMAP_NS = "http://www.sitemaps.org/schemas/sitemap/0.9"
XHTML_NS = "http://www.w3.org/1999/xhtml"
LINE_COLOR = "#0072B2"  # the book's blue (docs/chapters/figures/style.py)


def wanted() -> bool:
    """Are the previews and the sitemap made (``BOOK_SITE_URL`` is set)?"""
    return bool(os.environ.get(SITE_URL))


def edition_url(config: Config) -> str:
    """This edition's address, ending in "/": the site's, or its folder's in it."""
    return config.book_site_url.rstrip("/") + "/" + edition(config).folder


def configure(app: Sphinx, config: Config) -> None:
    if not wanted() or not config.book_site_url:
        return
    address = edition_url(config)
    config.html_baseurl = address
    config.ogp_site_url = address
    config.ogp_site_name = config.html_title
    config.ogp_enable_meta_description = False  # polish.py writes the description
    social = {"enable": True, "line_color": LINE_COLOR}
    if edition(config).cjk:
        import style  # the Chinese figures' font (docs/chapters/figures/style.py)

        social["font"] = style.CJK_FONT
    config.ogp_social_cards = social
    config.sitemap_url_scheme = "{link}"
    config.sitemap_locales = [None]  # the alternates are added below, by folder
    config.sitemap_excludes = ["404.html", "search.html", "genindex.html"]


def book_description(
    app: Sphinx, pagename: str, templatename: str, context: dict, doctree
) -> None:
    """The preview's description is the page's own ``<meta name="description">``.

    As polish.py computed it (``book_description`` in the page's context), handed
    to sphinxext-opengraph through the page's metadata before its handler
    (priority 500) reads it.
    """
    if not wanted():
        return
    found = context.get("book_description", "") if doctree is not None else ""
    if found:
        if context.get("meta") is None:
            context["meta"] = {}
        context["meta"]["og:description"] = found
        context["meta"]["og:image:alt"] = found


def _cache(app: Sphinx) -> Path:
    return Path(app.confdir) / "_build" / "social_cards" / edition(app.config).language


def restore_cards(app: Sphinx) -> None:
    """Put the cached cards where sphinxext-opengraph looks before drawing one."""
    cache = _cache(app)
    if wanted() and app.config.book_site_url and cache.is_dir():
        shutil.copytree(cache, Path(app.outdir) / CARDS, dirs_exist_ok=True)


class _CardNames(HTMLParser):
    """The card a page's ``<meta property="og:image">`` names, read by an HTML parser."""

    def __init__(self) -> None:
        super().__init__()
        self.names: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag == "meta" and found.get("property") == "og:image":
            self.names.add((found.get("content") or "").rsplit("/", 1)[-1])


def keep_cards(outdir: Path, cache: Path) -> None:
    """Cache the cards the pages use; remove the cached ones no page uses any more."""
    drawn = outdir / CARDS
    if not drawn.is_dir():
        return
    reader = _CardNames()
    for page in outdir.rglob("*.html"):
        reader.feed(page.read_text(encoding="utf-8"))
    for card in drawn.iterdir():
        if card.name not in reader.names:
            card.unlink()
    shutil.rmtree(cache, ignore_errors=True)
    shutil.copytree(drawn, cache)


def complete_sitemap(config: Config, sitemap: Path) -> None:
    """The sitemap of the source edition, with every edition of each page.

    sphinx-sitemap lists this edition's pages; every edition has the same
    pages (one set of sources), each in its folder of the site: each page is
    listed once per edition, naming all of them (``hreflang``). Only the
    build at the site's root does it, in its own output: the translated
    editions keep the sitemap of their own pages in their folders.
    """
    if not sitemap.is_file():
        return
    ElementTree.register_namespace("", SITEMAP_NS)
    ElementTree.register_namespace("xhtml", XHTML_NS)
    site = config.book_site_url.rstrip("/") + "/"
    editions = {
        language: (f.strip("/") + "/" if f.strip("/") else "")
        for language, f in config.book_editions.items()
    }
    links = [
        loc[len(site) :]
        for url in ElementTree.parse(sitemap).getroot().findall(f"{{{SITEMAP_NS}}}url")
        if (loc := url.find(f"{{{SITEMAP_NS}}}loc").text).startswith(site)
    ]
    root = ElementTree.Element(f"{{{SITEMAP_NS}}}urlset")
    for link in links:
        for prefix in editions.values():
            url = ElementTree.SubElement(root, f"{{{SITEMAP_NS}}}url")
            ElementTree.SubElement(url, f"{{{SITEMAP_NS}}}loc").text = (
                site + prefix + link
            )
            for language, other in editions.items():
                ElementTree.SubElement(
                    url,
                    f"{{{XHTML_NS}}}link",
                    rel="alternate",
                    hreflang=language_tag(language),
                    href=site + other + link,
                )
    ElementTree.indent(root)
    ElementTree.ElementTree(root).write(sitemap, xml_declaration=True, encoding="utf-8")


def finish_previews(app: Sphinx, exception: Exception | None) -> None:
    """The cards' cache and the sitemap, once the build has written every page.

    At ``build-finished`` because only then are all pages written (in parallel,
    by several processes: no page-time handler sees them all) and has
    sphinx-sitemap written ``sitemap.xml`` (at the default priority, 500).
    """
    if exception is not None or not wanted():
        return
    outdir = Path(app.outdir)
    keep_cards(outdir, _cache(app))
    if edition(app.config).source:
        complete_sitemap(app.config, outdir / app.config.sitemap_filename)
