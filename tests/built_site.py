"""Helpers for the tests that look at the built site: where it is, a server, a browser.

Where the built site and the Chromium are, and whether a missing one skips or
fails a test, is decided in one place, ``docs/_tools/find_browser.py``, which
``make pdf`` uses too: the site is ``$BOOK_HTML`` (``make test`` sets it) or
``docs/_build/html``; the browser is the system Chromium driven by Playwright.
A test that needs a missing one is skipped with the reason, unless
``REQUIRE_BROWSER=1`` (CI) makes that a failure; so ``pytest tests`` stays
usable while writing.
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import gzip
import http.server
import sys
import threading
import urllib.parse
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "docs" / "_tools"))
import find_browser  # noqa: E402  (docs/_tools is not a package)

ENGINE = ROOT / "src" / "tinygrad.py"
CHROMIUM_ARGS = find_browser.CHROMIUM_ARGS


def missing(reason: str, *, fatal: bool = False) -> None:
    """Skip the test for this reason, or fail it under REQUIRE_BROWSER=1 (or when ``fatal``)."""
    if find_browser.required():
        pytest.fail(f"{reason} (REQUIRE_BROWSER=1 requires every browser test)")
    if fatal:
        pytest.fail(reason)
    pytest.skip(reason)


def book_html() -> Path:
    """The built HTML site, or skip (or fail, see above) when there is none."""
    try:
        return find_browser.built_site()
    except find_browser.Missing as problem:
        missing(str(problem), fatal=problem.fatal)


def chapter_pages(site: Path) -> list[Path]:
    """The built chapter pages, one per docs/chapters/*.md."""
    sources = sorted((ROOT / "docs" / "chapters").glob("*.md"))
    pages = [site / "chapters" / (md.stem + ".html") for md in sources]
    missing_pages = [p.name for p in pages if not p.is_file()]
    assert not missing_pages, f"chapters with no built page in {site}: {missing_pages}"
    assert pages, "no chapters found in docs/chapters"
    return pages


def chromium_path() -> str:
    """The Chromium to drive, or skip (or fail) when it or Playwright is missing."""
    try:
        return find_browser.chromium()
    except find_browser.Missing as problem:
        missing(str(problem), fatal=problem.fatal)


@contextlib.contextmanager
def browser() -> Iterator[object]:
    """A headless Chromium (a Playwright Browser), closed afterwards."""
    executable = chromium_path()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        instance = find_browser.launch(p, executable)
        try:
            yield instance
        finally:
            instance.close()


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    """Serves files; for a missing one, the nearest 404.html above it, as GitHub Pages does."""

    def log_message(self, *args: object) -> None:
        pass

    def send_error(
        self, code: int, message: str | None = None, explain: str | None = None
    ) -> None:
        if code == 404 and self.command == "GET":
            folder = Path(self.translate_path(self.path))
            root = Path(self.directory)
            for candidate in [folder, *folder.parents]:
                page = candidate / "404.html"
                if page.is_file():
                    body = page.read_bytes()
                    self.send_response(404)
                    self.send_header("Content-Type", "text/html; charset=utf-8")
                    self.send_header("Content-Length", str(len(body)))
                    self.end_headers()
                    self.wfile.write(body)
                    return
                if candidate == root:
                    break
        super().send_error(code, message, explain)


@contextlib.contextmanager
def serve(folder: Path) -> Iterator[str]:
    """Serve ``folder`` on 127.0.0.1 (a free port) while the block runs; yield the base URL."""
    handler = functools.partial(_QuietHandler, directory=str(folder))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)


def wait_for_math(page: object) -> None:
    """Wait until the fonts of the page (the math's among them) have loaded.

    The math itself is in the HTML, rendered by KaTeX when the book is built.
    """
    page.evaluate("() => document.fonts.ready.then(() => true)")


COMPRESSED_TYPES = {".html", ".css", ".js", ".svg", ".json", ".txt", ".xml", ".inv"}


@dataclasses.dataclass
class Visit:
    """What Chromium did to show one page of the site, served from 127.0.0.1."""

    url: str
    requests: list[str]
    failed: list[str]
    raw_bytes: int  # the files as they are on disk
    gzip_bytes: int  # as a server that compresses text sends them (GitHub Pages does)
    math_elements: int
    code_blocks: int
    copy_buttons: int


def site_pages(site: Path) -> list[Path]:
    """The pages a reader reads: the start, every chapter, the API reference."""
    return [site / "index.html", *chapter_pages(site), site / "api.html"]


@functools.cache
def visit_pages(site: Path) -> dict[str, Visit]:
    """Load every page once over HTTP and record what it took (shared by several tests)."""
    visits: dict[str, Visit] = {}
    with browser() as chromium, serve(site) as server:
        for path in site_pages(site):
            relative = path.relative_to(site).as_posix()
            page = chromium.new_page(viewport={"width": 1200, "height": 900})
            requests: list[str] = []
            failed: list[str] = []
            page.on("request", lambda r, seen=requests: seen.append(r.url))
            page.on(
                "requestfailed",
                lambda r, bad=failed: bad.append(f"{r.url} ({r.failure})"),
            )
            page.goto(server + relative, wait_until="load")  # images, styles, scripts
            wait_for_math(page)  # then the fonts the math uses
            raw = compressed = 0
            for url in sorted(set(requests)):
                parsed = urllib.parse.urlparse(url)
                file = site / urllib.parse.unquote(parsed.path).lstrip("/")
                if (
                    parsed.netloc == urllib.parse.urlparse(server).netloc
                    and file.is_file()
                ):
                    data = file.read_bytes()
                    raw += len(data)
                    squeezed = file.suffix in COMPRESSED_TYPES
                    compressed += len(gzip.compress(data, 6)) if squeezed else len(data)
            visits[relative] = Visit(
                url=server + relative,
                requests=requests,
                failed=failed,
                raw_bytes=raw,
                gzip_bytes=compressed,
                math_elements=page.evaluate(
                    "document.querySelectorAll('.katex').length"
                ),
                code_blocks=page.evaluate(
                    "document.querySelectorAll('div.highlight pre').length"
                ),
                copy_buttons=page.evaluate(
                    "document.querySelectorAll('button.copybtn').length"
                ),
            )
            page.close()
    return visits


@dataclasses.dataclass
class PhoneVisit:
    """What Chromium did to show one page opened from disk on a phone-sized screen."""

    url: str
    requests: list[str]
    overflow_px: int  # how much wider than the screen the page is
    text_px: float | None  # the size of the body text (None: no paragraph of text)


PHONE = {"width": 390, "height": 844}


@functools.cache
def visit_pages_from_disk_on_a_phone(site: Path) -> dict[str, PhoneVisit]:
    """Open every page from disk (file://) on a phone-sized screen, once for several tests."""
    visits: dict[str, PhoneVisit] = {}
    with browser() as chromium:
        page = chromium.new_page(viewport=PHONE)
        requests: list[str] = []
        page.on("request", lambda r: requests.append(r.url))
        for path in [*site_pages(site), site / "search.html", site / "404.html"]:
            requests.clear()
            page.goto(path.as_uri(), wait_until="load")
            wait_for_math(page)
            visits[path.relative_to(site).as_posix()] = PhoneVisit(
                url=path.as_uri(),
                requests=list(requests),
                overflow_px=page.evaluate(
                    "document.documentElement.scrollWidth - document.documentElement.clientWidth"
                ),
                text_px=page.evaluate(
                    "(p => p ? parseFloat(getComputedStyle(p).fontSize) : null)("
                    "[...document.querySelectorAll('p')]"
                    ".find(p => !p.className && p.textContent.length > 40))"
                ),
            )
    return visits
