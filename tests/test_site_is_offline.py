"""Promise 4 of CONTRIBUTING.md: the built site loads nothing from other hosts.

Math, fonts, scripts, styles and images all come from the site itself, so the
book works offline and tells no other site who reads it.

Two checks:

* A scan of every HTML, CSS, JavaScript and SVG file of the built site for a
  reference to another host in a place a browser would load it from: ``src``,
  ``srcset``, ``<link href>``, ``url(...)``, ``@import``, and URL strings in
  scripts. A plain link a reader clicks (``<a href>``) may point anywhere:
  following it is the reader's choice and loads nothing by itself. XML
  namespace names and SVG metadata look like URLs but are identifiers, never
  fetched. The few URL strings in the site's files that are never fetched are
  listed below, each with the reason.
* Chromium opens every page (from disk and from a local server) and logs every
  request: all must go to the site itself, the math's fonts included (the math
  is rendered by KaTeX when the book is built; its stylesheet and fonts are in
  ``_static/katex``).
"""

from __future__ import annotations

import fnmatch
import re
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urlparse

import pytest

pytestmark = pytest.mark.slow  # every page in Chromium

EXTERNAL = re.compile(r"^\s*(?:https?:)?//[^/\s]", re.IGNORECASE)
CSS_URL = re.compile(
    r"""url\(\s*(['"]?)([^'")]*)\1\s*\)|@import\s+(['"])([^'"]+)\3""", re.I
)
JS_STRING_URL = re.compile(
    r"""["'`]((?:https?:)?//[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+[^"'`\s]*)"""
)

# Attributes whose value a browser fetches (or sends a request to) by itself.
LOADING_ATTRIBUTES = {
    "src",
    "srcset",
    "href",
    "xlink:href",
    "poster",
    "data",
    "action",
    "formaction",
    "background",
    "ping",
    "manifest",
    "imagesrcset",
    "codebase",
    "archive",
    "longdesc",
}
CLICKED_LINKS = {"a", "area"}  # their href loads nothing until a reader follows it
# A <link> loads its href only for these relations; the others (canonical,
# alternate: the other edition of a page, given with the site's address) name
# an address for search engines and link previews, and load nothing.
FETCHED_RELS = {
    "stylesheet",
    "icon",
    "apple-touch-icon",
    "mask-icon",
    "manifest",
    "preload",
    "prefetch",
    "modulepreload",
    "dns-prefetch",
    "preconnect",
    "prerender",
}

# URL strings in scripts of the site that are never fetched, with the reason.
NEVER_FETCHED = [
    (
        "*",
        r"http://www\.w3\.org/(1998/Math/MathML|2000/svg|1999/xhtml|1999/xlink"
        r"|XML/1998/namespace|2000/xmlns/|2001/10/synthesis)",
        "an XML namespace name: an identifier, not an address to fetch",
    ),
    (
        "_static/viz/viz-global.js",
        r"http://www\.w3\.org/Graphics/SVG/1\.1/DTD/svg11\.dtd$",
        "the DOCTYPE that Graphviz writes at the top of an SVG: text in its output,"
        " which the page never fetches (it draws the SVG element)",
    ),
    (
        "*/_static/translations.js",
        r"https://www\.sphinx-doc\.org/",
        "a message of Sphinx's own catalogue (the Chinese edition's): the link of the"
        " footer's 'Made with Sphinx', shown as text to click, never fetched",
    ),
]
# Files that hold data, not code: searchindex.js is the text of the pages, read
# by the search page; a URL in the book's prose would show up there as words.
DATA_FILES = {"searchindex.js"}


def _never_fetched(relative: str, url: str) -> bool:
    return any(
        fnmatch.fnmatch(relative, files) and re.match(pattern, url)
        for files, pattern, _ in NEVER_FETCHED
    )


class _LoadedURLs(HTMLParser):
    """Collects (what, url) for everything an HTML or SVG file would load."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[tuple[str, str]] = []
        self._in: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._in = tag if tag in {"script", "style"} else None
        rels = set((dict(attrs).get("rel") or "").lower().split())
        named_only = tag == "link" and not rels & FETCHED_RELS
        for name, value in attrs:
            if value is None:
                continue
            if name == "style":
                self.found += [(f"<{tag} style>", u) for u in _css_urls(value)]
            elif name in LOADING_ATTRIBUTES and not (
                name == "href" and (tag in CLICKED_LINKS or named_only)
            ):
                for url in value.split(",") if "srcset" in name else [value]:
                    self.found.append((f"<{tag} {name}>", url.strip().split(" ")[0]))
            elif tag == "meta" and name == "content" and "url=" in value.lower():
                self.found.append(("<meta refresh>", value.lower().split("url=", 1)[1]))

    handle_startendtag = handle_starttag

    def handle_endtag(self, tag: str) -> None:
        self._in = None

    def handle_data(self, data: str) -> None:
        if self._in == "style":
            self.found += [("<style>", u) for u in _css_urls(data)]
        elif self._in == "script":
            self.found += [("<script>", u) for u in JS_STRING_URL.findall(data)]


def _css_urls(text: str) -> list[str]:
    return [m.group(2) or m.group(4) or "" for m in CSS_URL.finditer(text)]


def loaded_urls(path: Path) -> list[tuple[str, str]]:
    """(where, url) of every reference in ``path`` that a browser would load."""
    text = path.read_text(encoding="utf-8", errors="replace")
    suffix = path.suffix.lower()
    if suffix in {".html", ".htm", ".xhtml", ".svg"}:
        parser = _LoadedURLs()
        parser.feed(text)
        return parser.found
    if suffix == ".css":
        return [("url()/@import", u) for u in _css_urls(text)]
    if suffix in {".js", ".mjs"}:
        return [("string in script", u) for u in JS_STRING_URL.findall(text)]
    return []


def references_to_other_hosts(site: Path) -> list[str]:
    problems = []
    for path in sorted(site.rglob("*")):
        relative = path.relative_to(site).as_posix()
        if not path.is_file() or path.name in DATA_FILES:
            continue
        for where, url in loaded_urls(path):
            if EXTERNAL.match(url) and not _never_fetched(relative, url.strip()):
                problems.append(f"{relative}: {where} {url[:120]}")
    return problems


def test_the_scan_finds_references_to_other_hosts(tmp_path):
    """The scanner itself: each way of loading from another host is caught."""
    (tmp_path / "page.html").write_text(
        '<html><head><link rel="stylesheet" href="https://fonts.example.com/a.css">'
        '<script src="//cdn.example.net/x.js"></script>'
        "<style>@import 'https://example.org/b.css';</style></head>"
        '<body><img srcset="a.png 1x, https://img.example.com/b.png 2x">'
        '<div style="background: url(http://example.com/bg.png)"></div>'
        '<a href="https://example.com/reading">a link to click</a>'
        '<link rel="canonical" href="https://example.com/reading/page.html">'
        '<link rel="preload" href="https://preload.example.com/f.woff2">'
        '<svg xmlns="http://www.w3.org/2000/svg"></svg>'
        "<script>fetch('https://api.example.com/track')</script></body></html>",
        encoding="utf-8",
    )
    (tmp_path / "style.css").write_text(
        "p { background: url('https://example.com/p.png') }"
    )
    (tmp_path / "app.js").write_text(
        'var ns = "http://www.w3.org/2000/svg"; load("https://x.example.io/y.js");'
    )
    problems = references_to_other_hosts(tmp_path)
    hosts = sorted({urlparse(p.split(" ")[-1]).hostname for p in problems})
    assert hosts == [
        "api.example.com",
        "cdn.example.net",
        "example.com",
        "example.org",
        "fonts.example.com",
        "img.example.com",
        "preload.example.com",
        "x.example.io",
    ]
    assert not any("reading" in p or "w3.org" in p for p in problems)


def test_no_file_of_the_site_loads_from_another_host(site):
    scanned = [
        p for p in site.rglob("*") if p.suffix in {".html", ".css", ".js", ".svg"}
    ]
    assert len(scanned) > 20, f"too few files to scan in {site}"
    problems = references_to_other_hosts(site)
    assert not problems, "the site would load from other hosts:\n" + "\n".join(problems)


def _outside(base: str, requests: list[str]) -> list[str]:
    """The requests that leave the site (file:// or the local server)."""
    if base.startswith("file:"):
        return [
            u
            for u in requests
            if not u.startswith(("file:", "data:", "blob:", "about:"))
        ]
    host = urlparse(base).netloc
    return [
        u
        for u in requests
        if not u.startswith(("data:", "blob:", "about:")) and urlparse(u).netloc != host
    ]


@pytest.mark.browser
def test_no_page_served_from_127_0_0_1_requests_another_host(visits):
    for name, visit in visits.items():
        assert not _outside(visit.url, visit.requests), (
            f"{name}: {_outside(visit.url, visit.requests)}"
        )
        assert not visit.failed, (
            f"{name}: requests for files the site lacks: {visit.failed}"
        )
    assert any(v.math_elements for v in visits.values()), "no page shows KaTeX's math"
    with_math = [name for name, v in visits.items() if v.math_elements]
    # the math's stylesheet and at least one of its fonts, from the site
    for name in with_math:
        fonts = [u for u in visits[name].requests if "/_static/katex/fonts/" in u]
        assert fonts, f"{name}: shows math but loaded none of KaTeX's fonts"


@pytest.mark.browser
def test_no_page_opened_from_disk_requests_anything_but_files(phone_visits):
    for name, visit in phone_visits.items():
        assert visit.requests, f"{name}: the request log is empty: is it recording?"
        assert not _outside(visit.url, visit.requests), (
            f"{name}: {_outside(visit.url, visit.requests)}"
        )
