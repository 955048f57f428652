"""Every page passes axe-core with no violation, for every reader.

axe-core (pinned in docs/_tools/package.json, installed by ``make`` into node_modules) is
injected into each page of the built site, served over HTTP, in headless
Chromium. Each page is checked at 1280 px and at 360 px, in the light and the
dark theme, with its widgets mounted; the pages with widgets are checked again
after every widget has been driven to its end state (every button pressed
until it has nothing more to do, every slider at its end, every choice tried).

axe runs all its rules but the experimental ones: WCAG 2.x A and AA and its
best practices (landmarks, one h1, headings in order...).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from built_site import ROOT, book_html, browser, serve

pytestmark = pytest.mark.browser

AXE = ROOT / "docs" / "_tools" / "node_modules" / "axe-core" / "axe.min.js"
WIDTHS = (1280, 360)
THEMES = ("light", "dark")


def axe_source() -> str:
    if not AXE.is_file():
        message = f"axe-core is not installed at {AXE} (make html runs npm ci)"
        if os.environ.get("REQUIRE_BROWSER") == "1" or os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    return AXE.read_text(encoding="utf-8")


def audited_pages(site: Path) -> list[str]:
    """Every HTML page a reader can reach (not the theme's or Sphinx's internals)."""
    pages = sorted(
        p.relative_to(site).as_posix()
        for p in site.rglob("*.html")
        if not p.relative_to(site).parts[0].startswith("_")
    )
    assert "index.html" in pages and len(pages) >= 12, pages
    return pages


# The book's CSS lets the browser skip laying out sections far below the screen
# (content-visibility); axe must see every section laid out, as a reader does.
LAY_OUT_EVERYTHING = "* { content-visibility: visible !important; }"


def violations(page) -> list[str]:
    """axe's violations on the page as it is now, one line per rule and element."""
    page.add_style_tag(content=LAY_OUT_EVERYTHING)
    result = page.evaluate(
        "async () => { const r = await axe.run(document, {resultTypes: ['violations']});"
        " return r.violations.map(v => ({id: v.id, impact: v.impact,"
        " nodes: v.nodes.map(n => n.target.join(' ') + ' :: ' + n.failureSummary.split('\\n')[1])}))}"
    )
    return [f"{v['id']} ({v['impact']}): {node}" for v in result for node in v["nodes"]]


def open_page(chromium, url: str, width: int, theme: str, **options):
    context = chromium.new_context(
        viewport={"width": width, "height": 800}, color_scheme=theme, **options
    )
    # furo keeps the reader's choice in localStorage; set it before the page runs
    context.add_init_script(f"localStorage.setItem('theme', '{theme}')")
    page = context.new_page()
    page.goto(url, wait_until="load")
    page.evaluate("document.fonts.ready.then(() => true)")
    mounted = page.evaluate(
        "() => [...document.querySelectorAll('.widget')]"
        ".every(w => w.classList.contains('widget--mounted'))"
    )
    assert mounted, f"{url}: a widget did not mount"
    return context, page


DRIVE = """async () => {
  const pause = () => new Promise(r => setTimeout(r, 30));
  for (const widget of document.querySelectorAll('.widget')) {
    for (const radio of widget.querySelectorAll('input[type=radio]')) { radio.click(); await pause(); }
    for (const range of widget.querySelectorAll('input[type=range]')) {
      range.value = range.min; range.dispatchEvent(new Event('input', {bubbles: true}));
      range.dispatchEvent(new Event('change', {bubbles: true})); await pause();
    }
    for (let round = 0; round < 6; round++) {
      for (const button of widget.querySelectorAll('button')) {
        if (button.disabled || button.getAttribute('aria-disabled') === 'true') continue;
        if (button.hasAttribute('data-reset')) continue;  // in any language
        button.click(); await pause();
      }
    }
  }
  return true;
}"""


@pytest.fixture(scope="module")
def site_and_axe():
    site = book_html()
    source = axe_source()
    with browser() as chromium, serve(site) as base:
        yield site, base, chromium, source


@pytest.mark.parametrize("theme", THEMES)
@pytest.mark.parametrize("width", WIDTHS)
def test_every_page_has_no_axe_violation(site_and_axe, width, theme):
    site, base, chromium, source = site_and_axe
    found: list[str] = []
    for path in audited_pages(site):
        context, page = open_page(chromium, base + path, width, theme)
        try:
            page.add_script_tag(content=source)
            found += [f"{path}: {v}" for v in violations(page)]
        finally:
            context.close()
    assert found == [], (
        f"{len(found)} axe violations at {width} px, {theme}:\n" + "\n".join(found)
    )


@pytest.mark.parametrize("theme", THEMES)
@pytest.mark.parametrize("width", WIDTHS)
def test_widgets_driven_to_their_end_have_no_axe_violation(site_and_axe, width, theme):
    site, base, chromium, source = site_and_axe
    with_widgets = [
        path for path in audited_pages(site)
        if 'class="widget"' in (site / path).read_text(encoding="utf-8")
    ]  # fmt: skip
    assert len(with_widgets) >= 3, with_widgets
    found: list[str] = []
    for path in with_widgets:
        context, page = open_page(
            chromium, base + path, width, theme, reduced_motion="reduce"
        )
        try:
            state = (
                "() => [...document.querySelectorAll('.widget')].map(w => w.innerHTML)"
            )
            before = page.evaluate(state)
            page.evaluate(DRIVE)
            page.wait_for_timeout(300)
            unchanged = [
                i
                for i, (a, b) in enumerate(zip(before, page.evaluate(state)))
                if a == b
            ]
            assert unchanged == [], (
                f"{path}: driving widgets {unchanged} changed nothing"
            )
            page.add_script_tag(content=source)
            found += [f"{path}: {v}" for v in violations(page)]
        finally:
            context.close()
    assert found == [], (
        f"{len(found)} axe violations at {width} px, {theme}:\n" + "\n".join(found)
    )


FOCUS_STYLE = """e => { const s = getComputedStyle(e);
  return {outline: s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0, opacity: parseFloat(s.opacity)} }"""


@pytest.mark.parametrize("theme", THEMES)
def test_focus_is_visible_on_code_copy_buttons_formulas_and_search(site_and_axe, theme):
    """What axe cannot see: a keyboard reader sees where the focus is."""
    site, base, chromium, _ = site_and_axe
    context, page = open_page(chromium, base + "chapters/01-slopes.html", 1280, theme)
    try:
        checks = {
            "code block": "div.highlight > pre[tabindex='0']",
            "copy button": "div.highlight button.copybtn",
            "formula": "div.math-scroll[tabindex='0']",
            "search box": ".sidebar-search",
        }
        for what, selector in checks.items():
            element = page.locator(selector).first
            element.scroll_into_view_if_needed()
            element.focus()
            page.keyboard.press(
                "Shift+Tab"
            )  # arrive by keyboard, so :focus-visible applies
            page.keyboard.press("Tab")
            assert element.evaluate("e => e === document.activeElement"), (
                f"{what}: Tab skips it"
            )
            page.wait_for_timeout(400)  # the copy button fades in
            target = (
                element
                if what != "search box"
                else page.locator(".sidebar-search-container")
            )
            style = target.evaluate(FOCUS_STYLE)
            assert style["outline"], f"{what}: no visible focus ring ({theme})"
            assert style["opacity"] == 1, f"{what}: hidden while focused ({theme})"
    finally:
        context.close()
