"""Nothing on a chapter moves under the reader: a press always lands.

A page that lays out a part late (as `content-visibility: auto` does for parts
far from the screen) can move a button between a reader's press and release,
so the click is lost: after a jump to a widget of chapter 1 or 4, about one
first press in ten went nowhere on a busy machine (the part above the widget was
laid out on the press, 1,154 px shorter than its placeholder). So no part of a
chapter may be laid out late, and at a phone's width the page may not shift (at
most 0.01, every shift the Layout Instability API reports, with input or
without) at load or when the reader jumps to a widget and presses its buttons.
"""

from __future__ import annotations

import pytest

from helpers import SAMPLE, open_page, sweep
from helpers import chapter as by_name

pytestmark = pytest.mark.browser

SHIFTS = """window.layoutShift = 0; new PerformanceObserver(list => {
  for (const e of list.getEntries()) window.layoutShift += e.value;
}).observe({type: 'layout-shift', buffered: true});
window.clicked = [];
document.addEventListener('click', e => window.clicked.push(e.target.tagName), true);"""

LAID_OUT_LATE = """() => [...document.querySelectorAll('body *')]
  .filter(e => getComputedStyle(e).contentVisibility !== 'visible')
  .map(e => e.tagName + (e.id ? '#' + e.id : ''))"""

FRAMES = "n => new Promise(r => { const f = k => k ? requestAnimationFrame(() => f(k - 1)) : r(); f(n); })"


@pytest.mark.parametrize(
    "chapter",
    sweep(
        [by_name(name).stem for name in ("engine", "graph", "slopes")],
        lambda stem: stem in SAMPLE,
        ids=str,
    ),
)
def test_a_chapter_lays_out_whole_and_a_press_after_a_jump_lands(
    chromium, server, chapter
):
    page = chromium.new_page(viewport={"width": 412, "height": 823})
    try:
        page.add_init_script(SHIFTS)
        open_page(page, f"{server}chapters/{chapter}.html")
        page.evaluate(FRAMES, 10)
        assert page.evaluate(LAID_OUT_LATE) == [], f"{chapter}: parts laid out late"
        at_load = page.evaluate("window.layoutShift")
        assert at_load <= 0.01, f"{chapter}: layout shift {at_load:.3f} at load"
        # The first button of every widget, from the last widget up, each a jump away.
        firsts = page.locator(".widget--mounted .widget-controls button:first-child")
        for i in reversed(range(firsts.count())):
            before = page.evaluate("[window.layoutShift, window.clicked.length]")
            firsts.nth(i).evaluate("b => b.scrollIntoView({block: 'center'})")
            firsts.nth(i).click()
            page.evaluate(FRAMES, 5)
            shift, clicks = page.evaluate("[window.layoutShift, window.clicked]")
            assert clicks[before[1] :] == ["BUTTON"], (
                f"{chapter}: press {i} went to {clicks}"
            )
            assert shift - before[0] <= 0.01, (
                f"{chapter}: press {i} shifted {shift - before[0]:.3f}"
            )
    finally:
        page.close()
