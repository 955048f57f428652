"""When the math fonts arrive after the first paint, no line of a chapter moves.

A preload does not promise the KaTeX fonts before the first paint (on a busy
machine chapter 1's first paragraph moved 24 px in 4 loads of 12 when they
came late). Until they come, each formula is laid out in its family's
fallback (docs/_ext/book/math/fonts.py), a local font given the KaTeX font's
height and, where DejaVu is installed as on the machines that run these
tests, each character's width. So a chapter laid out with the math fonts
never arriving has every paragraph, list item and definition that holds a
formula where it is with them, at a phone's width: the test does not depend
on when the fonts arrive. ``docs/_tools/shift_under_load.py`` loads a page
again and again on a busy machine, the case that failed at random.
"""

from __future__ import annotations

import re

import pytest

from helpers import chapter_pages, halves, in_half, open_page

pytestmark = pytest.mark.browser

# Each block holding a formula: its top and height, and each formula's width.
LAYOUT = """() => {
  const blocks = [...document.querySelectorAll('article p, article li, article dd')]
    .filter(b => b.querySelector('.katex'));
  return {
    blocks: blocks.map(b => { const r = b.getBoundingClientRect();
      return [b.textContent.trim().slice(0, 60), Math.round(r.top + scrollY), Math.round(r.height)]; }),
    widths: [...document.querySelectorAll('article .katex-html')].map(k => k.getBoundingClientRect().width),
  };
}"""


def layout(page, url: str, fonts: bool) -> dict:
    """Where ``url``'s formulas are, shown in ``page`` with or without the math fonts."""
    open_page(page, url)
    page.evaluate("document.fonts.ready")
    loaded = page.evaluate(
        "[...document.fonts].filter(f => f.family === 'KaTeX_Main').map(f => f.status)"
    )
    assert ("loaded" in loaded) == fonts, f"{url}: KaTeX_Main {loaded}"
    return page.evaluate(LAYOUT)


@pytest.mark.parametrize("half", halves())
def test_the_fallback_lays_every_chapter_out_as_the_math_fonts_do(
    chromium, server, site, half
):
    # One page with the fonts, one where they never arrive, each loading chapter
    # after chapter: the book's other files come from the cache (a new page per
    # load cost twice the processor time, and laid out the same).
    pages = {}
    for fonts in (True, False):
        context = chromium.new_context(viewport={"width": 412, "height": 823})
        if not fonts:
            context.route(re.compile(r".*/katex/fonts/.*"), lambda route: route.abort())
        pages[fonts] = context.new_page()
    moved = []
    for chapter in in_half(chapter_pages(site), half):
        url = f"{server}chapters/{chapter.name}"
        final, fallback = (
            layout(pages[True], url, True),
            layout(pages[False], url, False),
        )
        assert final["blocks"], f"{chapter.name}: no formula in a paragraph"
        moved += [
            f"{chapter.name}: {a[0]!r} at {a[1:]} with the fonts, {b[1:]} without"
            for a, b in zip(final["blocks"], fallback["blocks"], strict=True)
            if a != b
        ]
        moved += [
            f"{chapter.name}: formula {i} is {a:.2f} px wide, {b:.2f} px in its fallback"
            for i, (a, b) in enumerate(zip(final["widths"], fallback["widths"]))
            if abs(a - b) > 0.5
        ]
    assert not moved, "\n".join(moved)
