"""Every page passes axe-core with no violation, for every reader, and logs no error.

axe-core (pinned in docs/_tools/package.json, installed by ``make`` into
node_modules) is injected into each page of the built site (both editions),
served over HTTP, in headless Chromium, with its widgets mounted. axe runs all
its rules but the experimental ones: WCAG 2.x A and AA and its best practices
(landmarks, one h1, headings in order...). Each check is made where it can
find something:

- Every page at 1280 px in the light theme, with every rule.
- The dark theme changes colours and nothing else (furo's CSS variables): in
  it, the rules that read colours (``COLOUR_RULES``).
- The Chinese pages are the English pages' elements, classes and styles with
  other words: their colours are checked on the English pages, every other
  rule on each Chinese page.
- At 360 px, the rule that depends on the width (``WIDTH_RULES``: what
  scrolls sideways must take the focus) on every page, and every rule where
  the layout itself changes: the front page (furo's narrow header, the same on
  every page) and the widgets (their controls reflow).
- ``make test`` audits every page but the chapters outside the sample
  (``helpers.SAMPLE``), in each edition; ``make sweeps`` audits those chapters.
- On the pages with widgets, again after every widget has been driven to its
  end state (every button pressed until it has nothing more to do, every
  slider at its end, every choice tried), inside the widgets (nothing else on
  the page changed), at both widths.

Each page is loaded once, in the light theme, in one Chromium page reused from
page to page (tests/conftest.py: one Chromium per worker); the dark checks
switch the theme in place, as furo's toggle does (``<body data-theme>`` and
the system's colour scheme: furo's colours are CSS variables, and no widget
reads a colour in JavaScript), so the widgets are driven once for both themes.
While a check runs in the dark theme, nothing on the page eases from one
colour to the next (``STILL``): axe reads the colours at once, as the reader
sees them once the theme has changed, without waiting for furo's easing.
These visits are also where every page, served, is watched for a console
error or an uncaught exception, from its load to the end of its audit, widgets
driven included: axe visits every page, so no other test loads each one again
for that.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers import (
    COLOUR_RULES,
    FOLDER,
    TRANSLATED,
    WIDTH_RULES,
    chapter_page,
    dark,
    reachable_pages,
    sampled_page,
    sweep,
    violations,
)
from helpers import (
    open_page as load_as_reader,
)

pytestmark = [pytest.mark.browser, pytest.mark.slow]

WIDTHS = (1280, 360)
THEMES = ("light", "dark")
NARROW_EVERYTHING = {folder + "index.html" for folder in FOLDER.values()}
PAGES = reachable_pages()


def audited_pages(site: Path) -> list[str]:
    """Every HTML page a reader can reach (not the theme's or Sphinx's internals)."""
    pages = sorted(
        p.relative_to(site).as_posix()
        for p in site.rglob("*.html")
        if not p.relative_to(site).parts[0].startswith("_")
    )
    assert "index.html" in pages and len(pages) >= 12, pages
    return pages


MOUNTED = """() => [...document.querySelectorAll('.widget')]
  .every(w => w.classList.contains('widget--mounted'))"""


def go(page, url: str) -> None:
    """Open ``url`` in ``page`` and wait for its fonts and its widgets."""
    load_as_reader(page, url)
    page.evaluate("document.fonts.ready.then(() => true)")
    assert page.evaluate(MOUNTED), f"{url}: a widget did not mount"


def open_page(chromium, url: str, width: int, theme: str, **options):
    """A new context in ``theme`` (furo's setting and the system's) at ``width``, showing ``url``."""
    context = chromium.new_context(
        viewport={"width": width, "height": 800}, color_scheme=theme, **options
    )
    # furo keeps the reader's choice in localStorage; set it before the page runs
    context.add_init_script(f"localStorage.setItem('theme', '{theme}')")
    page = context.new_page()
    go(page, url)
    return context, page


DRIVE = """async () => {
  const pause = () => new Promise(r => requestAnimationFrame(() => r()));  // a frame
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

WIDGET_STATE = "() => [...document.querySelectorAll('.widget')].map(w => w.innerHTML)"


def record_errors(page) -> list[str]:
    """The console errors and uncaught exceptions ``page`` logs from now on."""
    errors: list[str] = []

    def on_console(message):
        if message.type == "error":
            errors.append(f"console error: {message.text}")

    page.on("console", on_console)
    page.on("pageerror", lambda error: errors.append(f"uncaught: {error}"))
    return errors


@pytest.fixture(scope="module")
def audit_page(chromium):
    """The one page every audited page is loaded in (reduced motion: widgets jump).

    Its ``errors`` lists what it logged (see :func:`record_errors`).
    """
    context = chromium.new_context(
        viewport={"width": 1280, "height": 800},
        color_scheme="light",
        reduced_motion="reduce",
    )
    context.add_init_script("localStorage.setItem('theme', 'light')")
    page = context.new_page()
    page.errors = record_errors(page)
    yield page
    context.close()


def test_the_audited_pages_are_every_page_a_reader_can_reach(site):
    assert PAGES == audited_pages(site)


def audit(page, path: str, site: Path) -> list[str]:
    """The checks of the module docstring on one page, loaded in the light theme."""
    english = not any(path.startswith(FOLDER[t]) for t in TRANSLATED)
    without = None if english else COLOUR_RULES

    def check(label: str, rules=None, include=None) -> list[str]:
        found = violations(page, rules, include, without)
        return [f"{label}: {v}" for v in found]

    def check_dark(label: str, include=None) -> list[str]:
        if not english:
            return []
        with dark(page):
            return check(f"dark, {label}", COLOUR_RULES, include)

    has_widgets = 'class="widget"' in (site / path).read_text(encoding="utf-8")
    found = check("1280 px") + check_dark("1280 px")
    page.set_viewport_size({"width": 360, "height": 800})
    try:
        found += check("360 px", WIDTH_RULES)
        if path in NARROW_EVERYTHING:
            found += check("360 px") + check_dark("360 px")
        if has_widgets:
            before = page.evaluate(WIDGET_STATE)
            page.evaluate(DRIVE)
            page.wait_for_timeout(300)
            after = page.evaluate(WIDGET_STATE)
            unchanged = [i for i, (a, b) in enumerate(zip(before, after)) if a == b]
            assert unchanged == [], (
                f"{path}: driving widgets {unchanged} changed nothing"
            )
            found += check("driven, 360 px", include=".widget")
            found += check_dark("driven, 360 px", include=".widget")
    finally:
        page.set_viewport_size({"width": 1280, "height": 800})
    if has_widgets:
        found += check("driven, 1280 px", include=".widget")
        found += check_dark("driven, 1280 px", include=".widget")
    return found


@pytest.mark.parametrize("path", sweep(PAGES, sampled_page, ids=str))
def test_every_page_has_no_axe_violation_and_logs_no_error(
    audit_page, server, site, path
):
    audit_page.errors.clear()
    go(audit_page, server + path)
    found = audit(audit_page, path, site)
    logged = list(audit_page.errors)
    assert logged == [], f"{path} logged:\n" + "\n".join(logged)
    assert found == [], f"{len(found)} axe violations on {path}:\n" + "\n".join(found)


def test_the_dark_check_sees_a_colour_the_theme_eases_in(audit_page, server):
    """A colour that is wrong in the dark theme only, eased in as furo eases its own, is found.

    :func:`dark` reads the page at once, without waiting for the easing to end:
    this is the check that it reads the colours the reader ends up with.
    """
    go(audit_page, server + chapter_page("slopes"))
    # words light on dark in both themes, which in the dark one only ease (over
    # 30 s) to a grey too close to their background
    audit_page.evaluate(
        "() => { const p = document.createElement('p'); p.id = 'probe';"
        " p.textContent = 'Words to read'; document.querySelector('article').append(p); }"
    )
    audit_page.add_style_tag(
        content="#probe { background: #222; color: #eee; }"
        ' body[data-theme="dark"] #probe { color: #333; transition: color 30s; }'
    )
    assert violations(audit_page, COLOUR_RULES, "#probe") == []
    with dark(audit_page):
        found = violations(audit_page, COLOUR_RULES, "#probe")
    assert any(v.startswith("color-contrast") for v in found), found
    assert violations(audit_page, COLOUR_RULES, "#probe") == []
    # and the page eases again, as before the check (furo's sidebar: 0.25 s)
    assert (
        audit_page.evaluate(
            "() => getComputedStyle(document.querySelector('.sidebar-drawer')).transitionDuration"
        )
        == "0.25s"
    )


FOCUS_STYLE = """e => { const s = getComputedStyle(e);
  return {outline: s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0, opacity: parseFloat(s.opacity)} }"""


@pytest.mark.parametrize("theme", THEMES)
def test_focus_is_visible_on_code_copy_buttons_formulas_and_search(
    chromium, server, theme
):
    """What axe cannot see: a keyboard reader sees where the focus is."""
    context, page = open_page(chromium, server + chapter_page("slopes"), 1280, theme)
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
            # arrive by keyboard, so :focus-visible applies
            page.keyboard.press("Shift+Tab")
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
