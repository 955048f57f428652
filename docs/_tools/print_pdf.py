"""Print the one-page HTML book to a PDF with headless Chromium.

    python docs/_tools/print_pdf.py docs/_build/singlehtml/index.html docs/_build/pdf/book.pdf

``make pdf`` builds the ``singlehtml`` version of the book and runs this. The
Chromium is the one the browser tests use, found the same way
(``find_browser.py``: ``$CHROMIUM``, else Debian's ``chromium`` on PATH), driven
by Playwright: the math is already in
the page (rendered by KaTeX when the book is built; its fonts are embedded in
the PDF), the SVG figures stay vectors, and no LaTeX is needed. The widgets'
scripts are not loaded, so each widget prints as its static figure, and the
worked solutions of the exercises are printed open. The print
styles (a chapter per page, no sidebars or buttons) are in
``docs/_static/book.css``.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import find_browser  # beside this file

FOOTER = (
    '<div style="width: 100%; font-size: 8px; color: #666; text-align: center;">'
    '<span class="title"></span> &middot; <span class="pageNumber"></span> / '
    '<span class="totalPages"></span></div>'
)


def print_pdf(page_path: Path, pdf_path: Path) -> float:
    """Write ``pdf_path``; return the seconds Chromium took."""
    try:
        executable = find_browser.chromium()
    except find_browser.Missing as problem:
        raise SystemExit(f"print_pdf: {problem}") from None
    from playwright.sync_api import sync_playwright

    pdf_path.parent.mkdir(parents=True, exist_ok=True)
    start = time.perf_counter()
    with sync_playwright() as p:
        browser = find_browser.launch(p, executable)
        page = browser.new_page()
        outside: list[str] = []

        def only_the_book(route) -> None:
            url = route.request.url
            if not url.startswith(("file:", "data:")):
                outside.append(url)
                route.abort()
            elif "/_static/widgets/" in url:
                route.abort()  # the widgets print as their static figures
            else:
                route.continue_()

        page.route("**/*", only_the_book)
        page.emulate_media(media="print")
        page.goto(page_path.resolve().as_uri(), wait_until="load")
        # The page's scripts run after its first frame (site/after_paint.js), maybe
        # after the load event; until they have, a widget's static figure is hidden.
        page.wait_for_function(find_browser.SCRIPTS_RAN)
        # Worked solutions sit in collapsed blocks on the site; on paper, open them.
        page.evaluate(
            "() => document.querySelectorAll('details').forEach(d => d.open = true)"
        )
        # Every declared font (KaTeX's, the Chinese edition's Noto Sans SC) loaded
        # before printing: on a busy machine the page may not have asked for them yet.
        page.evaluate(
            "() => Promise.all([...document.fonts].map(f => f.load()))"
            ".then(() => document.fonts.ready).then(() => true)"
        )
        page.pdf(
            path=str(pdf_path),
            format="A4",
            print_background=True,
            margin={"top": "16mm", "bottom": "18mm", "left": "16mm", "right": "16mm"},
            display_header_footer=True,
            header_template="<span></span>",
            footer_template=FOOTER,
            outline=True,
            tagged=True,
        )
        browser.close()
    if outside:
        raise SystemExit(f"print_pdf: the page asked for other hosts: {outside}")
    return time.perf_counter() - start


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("page", type=Path, help="the singlehtml build's index.html")
    parser.add_argument("pdf", type=Path, help="where to write the PDF")
    args = parser.parse_args(argv)
    seconds = print_pdf(args.page, args.pdf)
    size = args.pdf.stat().st_size / 1e6
    print(f"The PDF: {args.pdf} ({size:.1f} MB, printed in {seconds:.1f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
