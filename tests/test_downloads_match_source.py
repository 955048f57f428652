"""Promise 3 of CONTRIBUTING.md: every chapter offers tinygrad.py, and the download is the real file.

A reader who downloads the engine from any chapter must get exactly
``src/tinygrad.py``, byte for byte, so that the snippets of that chapter run
next to it and print what the page shows.
"""

from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlparse

from built_site import ENGINE, book_html, chapter_pages


class _DownloadLinks(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.hrefs: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = dict(attrs)
        if tag == "a" and "download" in (attributes.get("class") or "").split():
            self.hrefs.append(attributes.get("href") or "")


def engine_downloads(page: Path) -> list[Path]:
    """The files that ``page`` offers as downloads of tinygrad.py."""
    parser = _DownloadLinks()
    parser.feed(page.read_text(encoding="utf-8"))
    targets = [
        (page.parent / unquote(urlparse(h).path)).resolve() for h in parser.hrefs
    ]
    return [t for t in targets if t.name == ENGINE.name]


def test_every_chapter_offers_the_engine_exactly_as_in_src():
    site = book_html()
    source = ENGINE.read_bytes()
    for page in chapter_pages(site):
        downloads = engine_downloads(page)
        assert downloads, f"{page.name} offers no download of {ENGINE.name}"
        for target in downloads:
            relative = target.relative_to(site.resolve()).as_posix()
            assert relative.startswith("_downloads/"), relative
            assert target.is_file(), (
                f"{page.name} links {relative}, which is not in the site"
            )
            assert target.read_bytes() == source, (
                f"{relative} (linked from {page.name}) differs from src/{ENGINE.name}: "
                "rebuild the book"
            )


def test_the_download_line_sits_under_each_chapter_title():
    """The same place on every chapter, so a reader knows where to look."""
    site = book_html()
    for page in chapter_pages(site):
        html = page.read_text(encoding="utf-8")
        title_end = html.index("</h1>")
        line = html.find('<p class="engine-download">')
        assert line > title_end, f"{page.name}: no download line under the title"
        between = html[title_end:line]
        assert "<p" not in between, (
            f"{page.name}: the download line is not right under the title"
        )
