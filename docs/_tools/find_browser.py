"""The Chromium, the built book and the local server, for every tool and test that needs them.

The one definition of each, used by the tests (``tests/helpers.py`` and
``tests/conftest.py``), ``make pdf`` (``print_pdf.py``) and ``make audit``
(``audit.py``):

- Chromium: ``$CHROMIUM`` if set, else ``chromium`` or ``chromium-browser`` on
  ``PATH`` (Debian's ``chromium`` package, which CI installs), started with
  ``CHROMIUM_ARGS``; Playwright drives it (never a browser that Playwright
  downloads), Lighthouse starts it itself with the same flags.
- The built book: ``$BOOK_HTML`` if set (``make test`` sets it to the folder it
  has just built), else ``docs/_build/html``.
- When a page is ready: ``SCRIPTS_RAN``, true once a chapter's scripts have
  run (they run after its first frame, maybe after the load event:
  ``docs/_ext/book/site/after_paint.js``), at once on a page without them or
  without JavaScript.
- The local server: ``serve(folder)``, on 127.0.0.1 at a free port, answering a
  missing file with the nearest ``404.html`` above it and, with
  ``compress=True``, sending text gzip-compressed, as GitHub Pages does.

A missing Chromium, Playwright or book raises ``Missing`` with the reason; what
follows is the caller's rule (a test skips or fails, see ``tests/conftest.py``;
``make pdf`` and ``make audit`` stop with the reason).
"""

from __future__ import annotations

import contextlib
import functools
import gzip
import http.server
import io
import os
import shutil
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DEFAULT_SITE = ROOT / "docs" / "_build" / "html"
# No sandbox (CI runs as root), no GPU, no background traffic to other hosts.
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking"]
# Without JavaScript, <html> keeps furo's class no-js (after_paint.js removes it).
SCRIPTS_RAN = """() => window.bookScriptsRan === true
  || !document.getElementById('book-after-paint')
  || document.documentElement.classList.contains('no-js')"""
# What a static host sends compressed (serve(..., compress=True)).
COMPRESSED = {".html", ".css", ".js", ".svg", ".json", ".txt", ".xml", ".inv", ".map"}


class Missing(Exception):
    """Chromium, Playwright or the built book is not there; the message says which."""

    def __init__(self, reason: str, *, fatal: bool = False):
        super().__init__(reason)
        self.fatal = fatal  # someone asked for exactly this one: never just skipped


def chromium_executable() -> str:
    """The Chromium on this machine; raises Missing if there is none."""
    explicit = os.environ.get("CHROMIUM")
    if explicit:
        if not Path(explicit).is_file():
            raise Missing(f"CHROMIUM={explicit} is not a file", fatal=True)
        return explicit
    found = shutil.which("chromium") or shutil.which("chromium-browser")
    if found is None:
        raise Missing(
            "Chromium is not installed (apt-get install chromium, or set CHROMIUM)"
        )
    return found


def chromium() -> str:
    """The Chromium to drive with Playwright; raises Missing if it or Playwright is missing."""
    found = chromium_executable()
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        raise Missing(
            "Python Playwright is not installed (pip install -e '.[test]')"
        ) from None
    return found


def built_site() -> Path:
    """The built HTML book; raises Missing when it has not been built."""
    explicit = os.environ.get("BOOK_HTML")
    path = Path(explicit) if explicit else DEFAULT_SITE
    if not path.is_absolute():
        path = Path.cwd() / path
    if not (path / "index.html").is_file():
        raise Missing(
            f"no built book in {path}: run `make html` first (or set BOOK_HTML)",
            fatal=bool(explicit),
        )
    return path


def launch(playwright: object, executable: str | None = None) -> object:
    """A headless Chromium launched by a started Playwright (``sync_playwright()``)."""
    return playwright.chromium.launch(
        executable_path=executable or chromium(), args=CHROMIUM_ARGS
    )


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """A static host: files, a missing one answered by the nearest 404.html above it."""

    compress = False  # gzip text when the browser accepts it (serve(compress=True))

    def log_message(self, *args: object) -> None:
        pass

    def end_headers(self) -> None:
        if self.compress:
            self.send_header("Cache-Control", "max-age=600")
        super().end_headers()

    def send_head(self):  # noqa: ANN201 - the base class's contract
        path = Path(self.translate_path(self.path))
        if path.is_dir():
            path = path / "index.html"
        accepts = "gzip" in self.headers.get("Accept-Encoding", "")
        if not (self.compress and accepts and path.is_file()):
            return super().send_head()
        if path.suffix not in COMPRESSED:
            return super().send_head()
        body = gzip.compress(path.read_bytes(), 6)
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(path)))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        return io.BytesIO(body)

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


class SiteServer(http.server.ThreadingHTTPServer):
    """The local host; a browser that drops a connection mid-file is not an error.

    A page closed while it still loads a file (a test moving on, a reader
    leaving) closes its connection; the socket's BrokenPipeError or
    ConnectionResetError says only that, and is not printed as a traceback.
    """

    def handle_error(self, request: object, client_address: object) -> None:
        if isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError)):
            return
        super().handle_error(request, client_address)


@contextlib.contextmanager
def serve(folder: Path, *, compress: bool = False) -> Iterator[str]:
    """Serve ``folder`` on 127.0.0.1 (a free port) while the block runs; yield the base URL."""
    handler = type("Handler", (SiteHandler,), {"compress": compress})
    server = SiteServer(
        ("127.0.0.1", 0), functools.partial(handler, directory=str(folder))
    )
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)
