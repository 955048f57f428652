"""Promise 3 of CONTRIBUTING.md: every chapter offers tinygrad.py and check_engine.py, and the downloads are the real files.

A reader who downloads the engine from any chapter must get exactly
``src/tinygrad.py``, byte for byte, so that the snippets of that chapter run
next to it and print what the page shows; and the checker of their own engine
(chapter 5) exactly ``src/check_engine.py``, the file its tests run.
"""

from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlparse

import pytest

from helpers import ENGINE, chapter_pages

CHECKER = ENGINE.parent / "check_engine.py"


class _DownloadLinks(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.hrefs: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = dict(attrs)
        if tag == "a" and "download" in (attributes.get("class") or "").split():
            self.hrefs.append(attributes.get("href") or "")


def downloads(page: Path, source: Path = ENGINE) -> list[Path]:
    """The files that ``page`` offers as downloads of ``source`` (by its name)."""
    parser = _DownloadLinks()
    parser.feed(page.read_text(encoding="utf-8"))
    targets = [
        (page.parent / unquote(urlparse(h).path)).resolve() for h in parser.hrefs
    ]
    return [t for t in targets if t.name == source.name]


@pytest.mark.parametrize("file", [ENGINE, CHECKER], ids=lambda f: f.name)
def test_every_chapter_offers_the_file_exactly_as_in_src(site, file: Path):
    source = file.read_bytes()
    for page in chapter_pages(site):
        offered = downloads(page, file)
        assert offered, f"{page.name} offers no download of {file.name}"
        for target in offered:
            relative = target.relative_to(site.resolve()).as_posix()
            assert relative.startswith("_downloads/"), relative
            assert target.is_file(), (
                f"{page.name} links {relative}, which is not in the site"
            )
            assert target.read_bytes() == source, (
                f"{relative} (linked from {page.name}) differs from src/{file.name}: "
                "rebuild the book"
            )


def test_the_download_line_sits_under_each_chapter_title(site):
    """The same place on every chapter, so a reader knows where to look."""
    for page in chapter_pages(site):
        html = page.read_text(encoding="utf-8")
        title_end = html.index("</h1>")
        line = html.find('<p class="engine-download">')
        assert line > title_end, f"{page.name}: no download line under the title"
        between = html[title_end:line]
        assert "<p" not in between, (
            f"{page.name}: the download line is not right under the title"
        )
        end = html.index("</p>", line)
        for file in (ENGINE, CHECKER):
            assert f'<span class="pre">{file.name}</span>' in html[line:end], (
                f"{page.name}: the download line does not offer {file.name}"
            )
