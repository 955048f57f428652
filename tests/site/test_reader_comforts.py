"""What readers expect of an online book, checked on the built site.

Search, dark mode, previous and next links, a copy button on every code block
that copies only the code, a favicon, pages that fit a phone, a 404 page that
works wherever the site is hosted, a "last updated" date, and chapter pages
light enough to load quickly (under 1.5 MB transferred).
"""

from __future__ import annotations

import code
import re
import subprocess
import traceback
from pathlib import Path

import pytest

from helpers import (
    ROOT,
    chapter_pages,
    copy_texts,
    search_results,
    serve,
    site_pages,
)

pytestmark = pytest.mark.slow  # pages in Chromium

MAX_TRANSFER = 1.5e6  # bytes per chapter page, with its figures, scripts and math fonts


def test_every_page_shows_the_favicon(site):
    icon = site / "_static" / "favicon.svg"
    assert icon.read_text(encoding="utf-8").lstrip().startswith("<svg")
    for page in site_pages(site):
        html = page.read_text(encoding="utf-8")
        link = re.search(r'<link rel="(?:shortcut )?icon" href="([^"]+)"', html)
        assert link, f"{page.name} has no favicon"
        assert (page.parent / link.group(1).split("?")[0]).resolve() == icon.resolve()


def test_every_chapter_links_the_previous_and_the_next_page(site):
    for page in chapter_pages(site):
        html = page.read_text(encoding="utf-8")
        for kind in ("prev-page", "next-page"):
            link = re.search(rf'<a class="{kind}" href="([^"#]+)', html)
            assert link, f"{page.name} has no {kind} link"
            assert (page.parent / link.group(1)).is_file(), (
                f"{page.name}: {link.group(1)}"
            )


def _committed(path: Path) -> bool:
    result = subprocess.run(
        ["git", "log", "-1", "--format=%H", "--", str(path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    return result.returncode == 0 and bool(result.stdout.strip())


def test_committed_pages_say_when_they_were_last_updated(site):
    sources = {
        p: ROOT / "docs" / p.relative_to(site).with_suffix(".md")
        for p in site_pages(site)
    }
    committed = {
        page: md for page, md in sources.items() if md.is_file() and _committed(md)
    }
    if not committed:
        pytest.skip("no page of the book is committed to git here: no dates to show")
    for page in committed:
        html = page.read_text(encoding="utf-8")
        assert re.search(r"Last updated on \d{1,2} [A-Z][a-z]+ \d{4}", html), page.name


@pytest.mark.browser
def test_each_chapter_page_transfers_under_1_5_mb(visits):
    sizes = {
        name: v.gzip_bytes for name, v in visits.items() if name.startswith("chapters/")
    }
    report = ", ".join(
        f"{n.split('/')[-1]} {s / 1e6:.2f} MB ({visits[n].raw_bytes / 1e6:.2f} MB unzipped)"
        for n, s in sizes.items()
    )
    assert sizes and all(s > 100_000 for s in sizes.values()), (
        f"too small to be real: {report}"
    )
    heavy = {n: s for n, s in sizes.items() if s > MAX_TRANSFER}
    assert not heavy, f"pages over {MAX_TRANSFER / 1e6} MB: {report}"


@pytest.mark.browser
def test_every_code_block_has_a_copy_button(visits):
    blocks = 0
    for name, visit in visits.items():
        assert visit.copy_buttons == visit.code_blocks, (
            f"{name}: {visit.code_blocks} code blocks, {visit.copy_buttons} copy buttons"
        )
        blocks += visit.code_blocks
    assert blocks > 20


class _Console(code.InteractiveConsole):
    """Python's own REPL logic; remembers syntax errors instead of printing them."""

    def __init__(self) -> None:
        super().__init__()
        self.syntax_errors: list[str] = []

    def showsyntaxerror(self, filename=None, **kwargs) -> None:
        self.syntax_errors.append(traceback.format_exc(limit=0))

    def showtraceback(self) -> None:
        pass  # a name defined earlier in the chapter may be missing: not the point here


@pytest.mark.browser
def test_the_copy_button_copies_code_a_python_prompt_accepts(chromium, server, site):
    """Copy a doctest with a function in it, paste it into Python: no prompts, no output."""
    tried = []
    context = chromium.new_context(permissions=["clipboard-read", "clipboard-write"])
    page = context.new_page()
    for path in chapter_pages(site):
        page.goto(server + path.relative_to(site).as_posix())
        # A doctest that defines something (continuation lines) and shows output.
        index = page.evaluate(
            """() => [...document.querySelectorAll('div.highlight pre')].findIndex(pre => {
                 const lines = pre.innerText.split('\\n').filter(l => l.trim());
                 return lines.some(l => l.startsWith('... '))
                     && lines.some(l => !l.startsWith('>>>') && !l.startsWith('...'));
               })"""
        )
        if index < 0:
            continue
        block = page.locator("div.highlight pre").nth(index)
        shown = block.inner_text()
        block.hover()
        page.locator("button.copybtn").nth(index).click()
        copied = page.evaluate("navigator.clipboard.readText()")
        assert copied == copy_texts([shown])[0] and copied.strip(), (
            f"{path.name}: copied {copied!r} from {shown!r}"
        )
        assert ">>>" not in copied
        console = _Console()
        for line in copied.split("\n") + [""]:  # pasted, then Enter
            console.push(line)
        assert not console.syntax_errors, (
            f"{path.name}: {console.syntax_errors} in {copied!r}"
        )
        tried.append(path.name)
        if len(tried) == 3:
            break
    context.close()
    assert tried, "no chapter has a doctest with a definition and output to copy"


@pytest.mark.browser
def test_pages_fit_a_phone_screen(phone_visits):
    for name, visit in phone_visits.items():
        assert visit.overflow_px <= 1, (
            f"{name} is {visit.overflow_px}px wider than a phone"
        )
        if name == "search.html" and visit.text_px is None:
            continue  # the search page has no text until a reader searches
        assert visit.text_px and visit.text_px >= 15, (
            f"{name}: body text {visit.text_px}px"
        )


@pytest.mark.browser
def test_dark_mode_follows_the_reader_and_the_toggle(chromium, site):
    page_path = chapter_pages(site)[0]

    def brightness(page) -> int:
        colour = page.evaluate("getComputedStyle(document.body).backgroundColor")
        return sum(map(int, re.findall(r"\d+", colour)[:3]))

    page = chromium.new_page(color_scheme="dark")
    page.goto(page_path.as_uri())
    assert brightness(page) < 150, "a reader whose system is dark gets a dark page"
    toggle = page.locator(".content-icon-container .theme-toggle")
    for _ in range(3):  # furo cycles auto, light and dark
        if page.evaluate("document.body.dataset.theme") == "light":
            break
        toggle.click()
    assert page.evaluate("document.body.dataset.theme") == "light"
    assert brightness(page) > 600, "the toggle turns the page light"


@pytest.mark.browser
def test_search_finds_the_chapters(chromium, site):
    page = chromium.new_page()
    results = search_results(page, (site / "search.html").as_uri() + "?q=gradient")
    assert any("/chapters/" in href for href in results), results


@pytest.mark.browser
def test_the_404_page_leads_back_into_the_book_from_any_depth(chromium, site, tmp_path):
    # a project site: /book/
    (tmp_path / "book").symlink_to(site, target_is_directory=True)
    with serve(tmp_path) as server:
        page = chromium.new_page()
        response = page.goto(server + "book/chapters/no/such/page.html")
        assert response.status == 404
        assert page.locator("h1").inner_text() == "This page is not in the book"
        # The page finds the book's root (a fetch of objects.inv) and then
        # rewrites all its links at once; before that they lead under the
        # missing address (/book/chapters/no/such/...), so wait for the title's.
        page.wait_for_function(
            "() => document.querySelector('p.book a[data-site-link]').href"
            " === location.origin + '/book/index.html'",
            timeout=10000,
        )
        assert page.locator("a[data-site-link]").evaluate_all(
            "els => els.every(a => new URL(a.href).pathname.startsWith('/book/')"
            " && !a.href.includes('/no/such/'))"
        )
        chapters = page.locator("ul.pages a").evaluate_all(
            "els => els.map(e => e.href)"
        )
        assert len(chapters) >= len(chapter_pages(site))
        page.locator("a[data-site-link]", has_text="the contents").click()
        page.wait_for_load_state()
        assert page.url == server + "book/index.html"
        assert page.title().startswith("From Slopes to Backprop")
        for href in chapters:
            assert page.request.get(href).status == 200, href
    # Opened straight from disk, its links are right as they are.
    for href in re.findall(
        r'href="([^"#]+)" data-site-link', (site / "404.html").read_text()
    ):
        assert (site / href).is_file(), href
