"""The arrow keys move between chapters, but not while a reader types.

Left and right go to the previous and the next page (``navigation_with_keys``:
Sphinx's doctools.js). doctools.js leaves the keys alone only in an ``<input>``,
``<textarea>``, ``<select>`` or ``<button>``; ``docs/_static/keys.js`` keeps
them also for a code block being edited (the runner makes a block editable with
the attributes ``runner-session.js`` sets: ``contenteditable="plaintext-only"``,
``role="textbox"``), a widget and a box that scrolls sideways (a code block is
a Tab stop that the arrow keys scroll). Each case is tried in Chromium on the
built book: the page must stay, and the key must still do its own work.
"""

from __future__ import annotations

import pytest

from helpers import CHAPTERS, open_page, wait_for_scripts

pytestmark = pytest.mark.browser

# The second chapter: it has a chapter before it and one after it.
CHAPTER, NEXT = (f"chapters/{page.stem}.html" for page in CHAPTERS[1:3])


def _open(chromium, server, path=CHAPTER):
    page = chromium.new_page()
    open_page(page, server + path)
    return page


def _press_and_stay(page, key: str) -> None:
    before = page.url
    page.keyboard.press(key)
    page.wait_for_timeout(300)  # a navigation would have started by now
    assert page.url == before, f"{key} left the page"


def test_the_arrow_keys_go_to_the_previous_and_the_next_chapter(chromium, server):
    page = _open(chromium, server)
    with page.expect_navigation():
        page.keyboard.press("ArrowRight")
    assert page.url.endswith(NEXT)
    wait_for_scripts(page)  # the keys work once the new page's scripts have run
    with page.expect_navigation():
        page.keyboard.press("ArrowLeft")
    assert page.url.endswith(CHAPTER)


def test_typing_in_the_search_box_keeps_the_arrow_keys(chromium, server):
    page = _open(chromium, server)
    search = page.locator("input.sidebar-search").first
    search.fill("slope")
    search.focus()
    _press_and_stay(page, "ArrowLeft")
    _press_and_stay(page, "ArrowRight")
    assert search.input_value() == "slope"


def test_a_code_block_being_edited_keeps_the_arrow_keys(chromium, server):
    page = _open(chromium, server)
    pre = page.locator("article div.highlight-python pre").first
    pre.evaluate(
        """pre => { pre.setAttribute("contenteditable", "plaintext-only");
                    pre.setAttribute("role", "textbox"); }"""
    )
    pre.click()
    page.keyboard.press("Control+Home")
    _press_and_stay(page, "ArrowRight")
    _press_and_stay(page, "ArrowRight")
    page.keyboard.type("#")  # the caret moved two characters: the key did its work
    assert pre.inner_text()[2] == "#", pre.inner_text()[:10]


def test_a_widget_slider_keeps_the_arrow_keys(chromium, server):
    page = _open(chromium, server)
    slider = page.locator(".widget input[type=range]").first
    slider.scroll_into_view_if_needed()
    before = slider.input_value()
    slider.focus()
    _press_and_stay(page, "ArrowRight")
    assert slider.input_value() != before, "the slider did not move"


def test_a_code_block_that_scrolls_keeps_the_arrow_keys(chromium, server):
    page = chromium.new_page(viewport={"width": 360, "height": 740})
    open_page(page, server + CHAPTER)
    wide = page.locator("article pre[tabindex='0']").filter(has_not_text="__never__")
    box = next(
        element
        for element in wide.element_handles()
        if element.evaluate("e => e.scrollWidth > e.clientWidth + 20")
    )
    box.focus()
    _press_and_stay(page, "ArrowRight")
    assert box.evaluate("e => e.scrollLeft") > 0, "the block did not scroll"
