"""A long chapter is laid out only near the reader, and furo's scroll spy keeps it so.

docs/_static/book.css gives the innermost sections and the blocks beside a
section's subsections ``content-visibility: auto``. furo's scroll spy reads where
every section in the page's contents starts; a section inside a skipped one
could only answer by laying the skipped one out (on chapter 5 that was most of
the page, again, at load). So no section the contents link to may be inside a
skipped part, the parts must be skipped far from the viewport, and showing the
parts near it must shift nothing (layout shift at most 0.01).
"""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser

PARTS = """() => {
  const skipping = e => getComputedStyle(e).contentVisibility === 'auto';
  const targets = [...document.querySelectorAll('.toc-tree a[href^="#"]')]
    .map(a => document.getElementById(decodeURIComponent(a.hash.slice(1))))
    .filter(Boolean);
  const inside = targets.filter(t => {
    for (let e = t.parentElement; e; e = e.parentElement) if (skipping(e)) return true;
    return false;
  }).map(t => t.id);
  const parts = [...document.querySelectorAll('article[role=main] *')].filter(skipping);
  const far = parts.filter(p => p.getBoundingClientRect().top > 3 * innerHeight);
  const laidOut = far.filter(p => p.firstElementChild
    && p.firstElementChild.checkVisibility({contentVisibilityAuto: true}));
  return {targets: targets.length, inside, parts: parts.length, far: far.length,
          laidOut: laidOut.length};
}"""


# The page's layout shift at load (CLS, as Lighthouse adds it up on a page that stays put).
SHIFTS = """window.layoutShift = 0; new PerformanceObserver(list => {
  for (const e of list.getEntries()) if (!e.hadRecentInput) window.layoutShift += e.value;
}).observe({type: 'layout-shift', buffered: true});"""


@pytest.mark.parametrize("chapter", ["05-engine", "04-graph", "01-slopes"])
def test_scroll_spy_targets_are_never_inside_a_skipped_part_and_nothing_shifts(
    chromium, server, chapter
) -> None:
    page = chromium.new_page(viewport={"width": 412, "height": 823})
    page.add_init_script(SHIFTS)
    page.goto(f"{server}chapters/{chapter}.html", wait_until="load")
    page.wait_for_timeout(1000)
    shift = page.evaluate("window.layoutShift")
    assert shift <= 0.01, f"layout shift {shift:.3f} at load (a part shown late?)"
    found = page.evaluate(PARTS)
    assert found["targets"] >= 5, found
    assert found["inside"] == [], f"sections inside a skipped part: {found['inside']}"
    assert found["far"] >= 5, found  # the page has parts far below the viewport...
    assert found["laidOut"] == 0, found  # ...and the browser skipped them
