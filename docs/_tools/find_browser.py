"""Where the Chromium and the built book are, and what to do when one is missing.

One answer for every browser test (``tests/built_site.py`` imports this file)
and for ``make pdf`` (``print_pdf.py``):

- Chromium: ``$CHROMIUM`` if set, else ``chromium`` or ``chromium-browser`` on
  ``PATH`` (Debian's ``chromium`` package, which CI installs), driven by the
  Python Playwright package; never a browser that Playwright downloads.
- The built book: ``$BOOK_HTML`` if set (``make test`` sets it to the folder it
  has just built), else ``docs/_build/html``.
- When one is missing, a test is skipped with the reason, unless
  ``REQUIRE_BROWSER=1`` (CI sets it), which makes it a failure; a ``BOOK_HTML``
  that names a folder with no book in it is a failure too (someone asked for
  that build). ``make pdf`` cannot do without Chromium: it stops with the reason.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DEFAULT_SITE = ROOT / "docs" / "_build" / "html"
# No sandbox (CI runs as root), no GPU, no background traffic to other hosts.
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking"]


class Missing(Exception):
    """Chromium, Playwright or the built book is not there; the message says which."""

    def __init__(self, reason: str, *, fatal: bool = False):
        super().__init__(reason)
        self.fatal = fatal  # a failure even without REQUIRE_BROWSER=1


def required() -> bool:
    """True when a missing browser or build must fail rather than skip (CI)."""
    return os.environ.get("REQUIRE_BROWSER") == "1"


def chromium() -> str:
    """The Chromium executable to drive with Playwright; raises Missing if there is none."""
    explicit = os.environ.get("CHROMIUM")
    if explicit:
        if not Path(explicit).is_file():
            raise Missing(f"CHROMIUM={explicit} is not a file", fatal=True)
        found: str | None = explicit
    else:
        found = shutil.which("chromium") or shutil.which("chromium-browser")
    if found is None:
        raise Missing(
            "Chromium is not installed (apt-get install chromium, or set CHROMIUM)"
        )
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
