"""A chapter is drawn before its scripts run, and then every script runs, in order.

On a fast load every script had arrived before the first frame, and the first
one that asked where something is (furo reads the scroll position) laid out
the whole chapter inside its own task: Lighthouse counted a Chinese chapter's
first layout as 300-600 ms of blocking time. The build writes each script file
with a type no browser runs and ``after_paint.js`` puts them back after the
first frame (docs/_ext/book/site/polish.py). So: no script file of a chapter is
even requested before the first frame; afterwards each has run, in the page's
order, furo's DOMContentLoaded work included; without JavaScript nothing runs
and the static figures show.
"""

from __future__ import annotations

import pytest

from helpers import chapter_page, open_page, sampled_page, sweep

pytestmark = pytest.mark.browser

# The first frame's callbacks run before it is laid out and drawn.
FIRST_FRAME = "requestAnimationFrame(() => { window.firstFrame = performance.now(); });"
TIMES = """() => {
  const scripts = performance.getEntriesByType('resource')
    .filter(r => r.initiatorType === 'script' && r.name.includes('/_static/'))
    .map(r => [r.name.split('/_static/')[1].split('?')[0], r.startTime]);
  return {frame: window.firstFrame, scripts};
}"""


@pytest.mark.parametrize(
    "chapter",
    sweep(["slopes", "xor"], lambda name: sampled_page(chapter_page(name)), ids=str),
)
@pytest.mark.parametrize("edition", ["", "zh_CN/"])
def test_no_script_is_requested_before_the_first_frame(
    chromium, server, chapter, edition
):
    page = chromium.new_page(viewport={"width": 412, "height": 823})
    try:
        page.add_init_script(FIRST_FRAME)
        open_page(page, server + edition + chapter_page(chapter))
        times = page.evaluate(TIMES)
        assert times["frame"] is not None, "no frame recorded"
        names = [name for name, _ in times["scripts"]]
        assert "scripts/furo.js" in names and "runner/runner.js" in names, names
        early = [name for name, start in times["scripts"] if start < times["frame"]]
        assert early == [], f"requested before the first frame: {early}"
        # the loader inline, without its lines of comment
        loader = page.evaluate("document.getElementById('book-after-paint').text")
        assert "runScripts" in loader
        assert not [ln for ln in loader.splitlines() if ln.strip().startswith("//")]
        # every placeholder put back, as a script that runs in the page's order
        assert page.locator('script[type="book/after-paint"]').count() == 0
        assert page.evaluate(
            "[...document.querySelectorAll('script[src]')].every(s => !s.async)"
        )
        # furo's DOMContentLoaded listener ran although it came late: it marks
        # the header once the page scrolls
        page.mouse.wheel(0, 600)
        page.wait_for_function(
            "document.querySelector('header.mobile-header').classList.contains('scrolled')"
        )
        assert page.evaluate("document.documentElement.dataset.scripts") == "ran"
        assert page.evaluate("window.bookRunner.blocks.length") > 5
    finally:
        page.close()


def test_without_javascript_no_script_runs_and_the_figures_show(chromium, server):
    context = chromium.new_context(java_script_enabled=False)
    try:
        page = context.new_page()
        open_page(page, server + chapter_page("slopes"))
        assert page.evaluate("document.documentElement.className") == "no-js"
        assert page.evaluate("document.documentElement.dataset.scripts") is None
        assert page.locator('script[type="book/after-paint"]').count() > 5
        fallbacks = page.locator(".widget > .widget-fallback")
        assert fallbacks.count() >= 3
        assert all(fallbacks.nth(i).is_visible() for i in range(fallbacks.count()))
    finally:
        context.close()
