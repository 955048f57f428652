"""The in-page Python never freezes the page, and says what went wrong on its own block.

Python runs in a Web Worker (docs/_static/runner/runner-worker.js). On one
chapter, served as GitHub Pages serves it (no cross-origin isolation, so no
interrupt buffer), headless Chromium checks, in one page and one Python:

- a block that never ends leaves the page responsive, and Stop ends it within
  5 s; the next run starts a fresh Python and replays the blocks above it, but
  never the stopped block, which runs again only by its own Run (or after Reset),
  and the status names each block as it runs;
- an unfinished last statement, in a script block and in a prompt block, is a
  SyntaxError shown on its own block, after what the complete lines printed,
  and nothing of it reaches the next block;
- ``sys.exit()`` and ``input()`` get one clear line each, and the session goes on.
"""

from __future__ import annotations

import pytest

from helpers import BLOCK, block_output, chapter_page, open_runner_page, run_block

pytestmark = pytest.mark.browser

STOPPED = "Stopped. The browser's Python was started afresh"


def test_the_page_stays_alive_and_every_mistake_is_shown_on_its_block(
    python_page, server
):
    page = python_page
    open_runner_page(page, server + chapter_page("slopes"))
    assert page.evaluate("window.crossOriginIsolated") is False  # as on GitHub Pages
    # Blocks a reader can see (not in a closed dropdown), by their index on the page.
    visible = page.evaluate(
        "() => window.bookRunner.blocks.flatMap((b, i) => b.box.offsetParent ? [i] : [])"
    )
    assert len(visible) >= 8, visible
    b = dict(enumerate(visible))
    run_block(page, b[0])  # starts Python; the blocks become editable

    # An endless loop: the page answers, Stop ends it.
    run_block(page, b[1], "while True:\n    pass", wait=False)
    page.wait_for_selector(".runner-stop:not([hidden])", timeout=10_000)
    page.wait_for_timeout(500)  # the loop is running in the worker
    assert page.evaluate("() => 6 * 7") == 42
    page.click(".runner-stop", timeout=2_000)
    page.wait_for_function(
        f"() => ({BLOCK.format(i=b[1])}.output || {{}}).textContent?.includes({STOPPED!r})",
        timeout=5_000,
    )
    assert STOPPED in page.inner_text(".runner-status")
    assert page.is_hidden(".runner-stop")

    # A later block, without Reset: the fresh Python replays the blocks above
    # but not the stopped one, and the status names each block as it runs.
    page.evaluate(
        "() => { window.statuses = []; new MutationObserver(() =>"
        " statuses.push(document.querySelector('.runner-status').textContent))"
        ".observe(document.querySelector('.runner-status'),"
        " {childList: true, characterData: true, subtree: true}); }"
    )
    runs = page.evaluate("window.bookRunner.done")
    run_block(page, b[2], "print('after the stop')", wait=False)
    page.wait_for_function(f"() => window.bookRunner.done > {runs}", timeout=30_000)
    assert block_output(page, b[2]) == "after the stop"
    stopped = b[1] + 1  # the block's number on the page
    statuses = page.evaluate("window.statuses")
    running = [t for t in statuses if t.startswith("Running block")]
    assert f"Running block {stopped}…" not in running, statuses
    assert running[-1] == f"Running block {b[2] + 1}…", statuses
    assert page.inner_text(".runner-status").startswith(
        f"Ran the blocks up to block {b[2] + 1}. Block {stopped} was stopped and is"
        " not run again; press its own Run to run it again."
    )
    assert STOPPED in block_output(page, b[1])
    stopped_box = page.locator("article div.highlight-python").nth(b[1])
    assert "runner-stopped" in stopped_box.get_attribute("class")
    # Its own Run runs it again (and it loops again, until Stop).
    run_block(page, b[1], wait=False)
    page.wait_for_selector(".runner-stop:not([hidden])", timeout=10_000)
    page.wait_for_function(
        f"() => document.querySelector('.runner-status').textContent"
        f" === 'Running block {stopped}…'",
        timeout=10_000,
    )
    page.click(".runner-stop", timeout=2_000)
    page.wait_for_function(f"() => {BLOCK.format(i=b[1])}.stopped", timeout=5_000)
    stopped_box.locator(".runner-reset").click()  # the book's text: unmarked
    assert "runner-stopped" not in stopped_box.get_attribute("class")

    # Unfinished code, in a script block: what ran is shown, then the error.
    # A fresh Python: the blocks above run first.
    run_block(page, b[2], "print('A')\nx = (1,")
    shown = block_output(page, b[2])
    assert shown.startswith("A\n") and "SyntaxError: '(' was never closed" in shown, (
        shown
    )
    # ... and in a prompt block.
    run_block(page, b[3], ">>> print('B')\nB\n>>> y = [2,")
    shown = block_output(page, b[3])
    assert shown.startswith("B\n") and "SyntaxError: '[' was never closed" in shown, (
        shown
    )
    run_block(page, b[4], ">>> print('C')\nC")
    assert block_output(page, b[4]) == "C"  # nothing of the unfinished line came along

    run_block(page, b[5], "import sys\nsys.exit(3)")
    assert block_output(page, b[5]) == (
        "SystemExit: sys.exit(3) ends a program; in the page, Python goes on with the blocks below."
    )
    run_block(page, b[6], ">>> name = input('Your name? ')")
    assert block_output(page, b[6]) == (
        "input() cannot ask you anything in the page: write the value into the code instead, e.g. name = 'Ada'."
    )
    run_block(page, b[7], ">>> 6 * 7\n42")
    assert block_output(page, b[7]) == "42"
