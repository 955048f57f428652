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
  listed, each with the reason, beside the scanner (helpers.NEVER_FETCHED).
* Chromium opens every page (from disk and from a local server) and logs every
  request: all must go to the site itself, the math's fonts included (the math
  is rendered by KaTeX when the book is built; its stylesheet and fonts are in
  ``_static/katex``).
"""

from __future__ import annotations

from urllib.parse import urlparse

import pytest

from helpers import references_to_other_hosts

pytestmark = pytest.mark.slow  # every page in Chromium


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
