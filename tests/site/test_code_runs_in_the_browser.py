"""The book's code runs in the page: Pyodide, served by the site itself, on demand.

For each chapter whose code runs in the page (all but those needing NumPy), headless Chromium (the session's one Chromium
and server, tests/conftest.py) presses "Run the code on this page"; every output the page
shows must then be reproduced under its block by the in-browser Python, as the
doctests compare them (doctest's OutputChecker, ELLIPSIS and
NORMALIZE_WHITESPACE). The only exceptions are blocks marked as printed by
Python 3.11 (a count of Python's objects, say): there the page
must say under the output that the browser's Python is another version. A
block the page's doctests skip without PyTorch must say that it needs PyTorch. Nothing may be fetched from another host, and
Pyodide must not be fetched before the click. How long Python took to start
on each chapter is printed (run pytest with ``-s`` to see it). ``make test``
runs the sample chapters (``helpers.SAMPLE``) and those the other tests look
at (``LOOKED_AT``); ``make sweeps`` runs the rest.

Pyodide starts once per chapter page: every chapter is opened once, in one
browser context for the whole file, which keeps its cache on disk as a
reader's browser does (so Pyodide is downloaded once, and the code compiled
from it is kept), and the tests that go on running or editing a chapter use the page
that ran it (``ran_pages``), each waiting for its own runs to finish.

The page's blocks are read from the built HTML as the reader sees them, and
turned into what is typed with the copy button's rule, as
tests/book/test_pasting_into_real_pythons.py does with the Markdown.
"""

from __future__ import annotations

import doctest
import re
import time
import urllib.parse

import pytest

from book.code import copy_rule  # docs/_ext: the copy button's rule
from book.runner import page as runner  # the runner's marks
from helpers import (
    CHAPTERS,
    COLOUR_RULES,
    SAMPLE,
    WIDTH_RULES,
    chapter,
    chapter_page,
    chapter_pages,
    dark,
    open_page,
    open_runner_page,
    python_context,
    selected_items,
    sweep,
    violations,
)

pytestmark = pytest.mark.browser

PROMPT = re.compile(copy_rule.PROMPT)  # the copy button's prompts
FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
# The chapters whose code runs in the page, by file stem: every chapter
# but those whose code needs NumPy (runner.NEEDS_NUMPY), whose page says so.
NEEDS_NUMPY = [
    page.stem
    for page in CHAPTERS
    if runner.NEEDS_NUMPY.search(page.read_text(encoding="utf-8"))
]
RUNNABLE = [page.stem for page in CHAPTERS if page.stem not in NEEDS_NUMPY]
# The chapters the file's other tests look at, after their run: run in make
# test whatever else is left out, so their outputs are compared there too.
LOOKED_AT = [
    chapter(name).stem for name in ("slopes", "speed", "pytorch", "inside-tinygrad")
]

# Blocks whose page shows what the doctests' Python printed, marked in the
# Markdown with "% printed by Python 3.11" (docs/_ext/book/runner/page.py): the browser's
# Python is another version, and the runner says so under its output.
PRINTED_BY_NOTE = "whose numbers here may differ"


def shown_output(text: str) -> str | None:
    """What the page shows as the output of a block (None: a script block, no prompts)."""
    lines = text.rstrip("\n").split("\n")
    if not any(PROMPT.match(line) for line in lines):
        return None
    shown: list[str] = []
    for line in lines:
        if PROMPT.match(line):
            if line == "..." and shown and shown[-1].startswith("Traceback"):
                shown.append(line)
        elif line.strip():
            shown.append(line)
    return "\n".join(shown)


def non_blank(text: str) -> str:
    return "\n".join(line for line in text.splitlines() if line.strip())


def test_shown_output_follows_the_copy_rule() -> None:
    assert shown_output(">>> 1 + 1\n2\n") == "2"
    assert shown_output("x = 1\nprint(x)\n") is None
    assert shown_output(
        ">>> f(0)\nTraceback (most recent call last):\n...\nValueError: no\n"
    ) == ("Traceback (most recent call last):\n...\nValueError: no")


def wait_for_runs(page, runs: int, timeout: int = 600_000) -> None:
    """Wait until the runner has finished ``runs`` runs on this page."""
    page.wait_for_function(f"() => window.bookRunner.done >= {runs}", timeout=timeout)


def runs_done(page) -> int:
    return page.evaluate("window.bookRunner.done")


def run_and_wait(page, start, timeout: int = 600_000) -> None:
    """Call ``start()`` (a click, a key) and wait for the one run it starts to finish."""
    done = runs_done(page)
    start()
    wait_for_runs(page, done + 1, timeout=timeout)


BLOCKS = """() => window.bookRunner.blocks.map(b => ({
  number: b.number, needs: b.needs, printedBy: b.printedBy, text: b.pre.textContent,
  output: b.output ? b.output.querySelector('pre').textContent : null,
  note: b.output && b.output.querySelector('.runner-output-note')
    ? b.output.querySelector('.runner-output-note').textContent : null}))"""


@pytest.fixture(scope="module")
def runner_context():
    """The context the file's chapters run in (``helpers.python_context``): it
    keeps Pyodide in its cache, and the code compiled from it, after the first chapter."""
    context = python_context()
    before = list(context.pages)
    yield context
    for page in context.pages:
        if page not in before:
            page.close()


def chapters_to_run(request) -> set[str]:
    """The runnable chapters this run's tests of the file look at (``-m`` may leave some out)."""
    stems: set[str] = set()
    for item in selected_items(request):
        if (
            item.originalname
            == "test_run_everything_reproduces_every_output_the_page_shows"
        ):
            stems.add(item.callspec.params["stem"])
        elif {"ran_pages", "ran_chapters"} & set(item.fixturenames):
            stems.update(LOOKED_AT)
    return stems


@pytest.fixture(scope="module")
def ran_pages(request, runner_context, site, server):
    """Each runnable chapter the run's tests look at, opened once and run once
    ("run everything"), by name."""
    pages = [p for p in chapter_pages(site) if p.stem in RUNNABLE]
    assert [p.stem for p in pages] == RUNNABLE and len(RUNNABLE) >= 9, RUNNABLE
    wanted = chapters_to_run(request)
    pages = [p for p in pages if p.stem in wanted]
    host = urllib.parse.urlparse(server).netloc
    opened: dict[str, object] = {}
    for path in pages:
        page = runner_context.new_page()
        requests: list[str] = []
        page.on("request", lambda r, requests=requests: requests.append(r.url))
        open_runner_page(page, server + "chapters/" + path.name)
        before_click = list(requests)
        began = time.perf_counter()
        page.click(".runner-all")
        wait_for_runs(page, 1)
        page.ran = {
            "blocks": page.evaluate(BLOCKS),
            "cold_start": page.evaluate("window.bookRunner.coldStartSeconds"),
            "seconds": time.perf_counter() - began,
            "status": page.inner_text(".runner-status"),
            "before_click": before_click,
            "requests": list(requests),
            "host": host,
        }
        opened[path.name] = page
    return opened


@pytest.fixture(scope="module")
def ran_chapters(ran_pages):
    """What each block printed on the first run of its chapter."""
    results = {name: page.ran for name, page in ran_pages.items()}
    first = next(iter(results.values()))
    print(
        f"\nPython's first start in this file: {first['cold_start']:.1f} s"
        " (download and start; the cache is empty unless another file ran Python first)"
    )
    for name, result in results.items():
        print(
            f"  {name}: ran in {result['seconds']:.1f} s (Python started in {result['cold_start']:.1f} s)"
        )
    return results


def ran_page(ran_pages, name: str):
    """The chapter of this name (``chapter("slopes")``), as ran_pages ran it."""
    return ran_pages[chapter(name).stem + ".html"]


@pytest.mark.parametrize(
    "stem", sweep(RUNNABLE, lambda stem: stem in SAMPLE or stem in LOOKED_AT, ids=str)
)
def test_run_everything_reproduces_every_output_the_page_shows(ran_chapters, stem):
    name = stem + ".html"
    result = ran_chapters[name]
    assert "Ran the blocks" in result["status"], result["status"]
    checker = doctest.OutputChecker()
    failures, compared, other_version = [], 0, 0
    for block in result["blocks"]:
        if block["needs"] == "torch":
            assert block["output"] and "needs PyTorch" in block["output"], block
            continue
        assert block["output"] is not None, (
            f"{name}: block {block['number']} did not run"
        )
        shown = shown_output(block["text"])
        got = non_blank(block["output"])
        if runner.CHECK_CALL.match(block["text"].strip()):
            # an exercise's check, under its starter: the unsolved starter is wrong
            assert got.startswith("\u2717 "), f"{name}: block {block['number']}: {got}"
            continue
        if shown is None:  # a script block prints nothing, as in the doctests
            shown = ""
        compared += 1
        if checker.check_output(shown + "\n", got + "\n", FLAGS):
            continue
        if block["printedBy"] and "Error" not in got:
            # another Python's numbers: allowed only where the page says whose they are
            assert block["note"] and PRINTED_BY_NOTE in block["note"], block
            assert f"Python {block['printedBy']} printed" in block["note"], block
            other_version += 1
            continue
        failures.append(
            f"block {block['number']}:\n{block['text'][:400]}\n--- shown:\n{shown}\n--- got:\n{got[:800]}"
        )
    print(
        f"  {name}: {compared} blocks compared, {other_version} printed by another Python version"
    )
    assert compared >= 5, f"{name}: only {compared} blocks compared"
    assert failures == [], f"{name}: " + "\n\n".join(failures)


def test_no_chapter_block_needs_another_pythons_numbers(ran_chapters):
    """Since chapter 8 no longer counts Python's objects, no chapter marks a
    block ``% printed by Python 3.11``: every block prints in the browser what
    the page shows. A new mark needs a reason here (the tiny book keeps the
    mark itself tested)."""
    marked = [
        (name, b["number"])
        for name, result in ran_chapters.items()
        for b in result["blocks"]
        if b["printedBy"]
    ]
    assert marked == [], marked


def test_running_the_page_again_frees_a_million_values(ran_pages) -> None:
    """The appendix leaves a chain of 1,000,001 values; a fresh run drops it, and Python goes on.

    Freeing it recurses in C once per value: without book_session's shallow frees
    it overflows the browser's stack and Pyodide stops for good.
    """
    page = ran_page(
        ran_pages, "inside-tinygrad"
    )  # run once already, the chain still held
    assert "Ran the blocks" in page.ran["status"], page.ran["status"]
    run_and_wait(page, lambda: page.click(".runner-all"))
    status = page.inner_text(".runner-status")
    assert "Ran the blocks" in status, status
    outputs = page.evaluate(BLOCKS)
    chain = [b for b in outputs if b["text"].startswith(">>> x = Value(1)")]
    assert len(chain) == 1 and chain[0]["output"] == "1000001.0 1.0", chain


def test_chapter_9_says_which_blocks_need_pytorch(ran_chapters):
    name = chapter_page("pytorch").split("/")[-1]
    torch_blocks = [b for b in ran_chapters[name]["blocks"] if b["needs"] == "torch"]
    assert len(torch_blocks) >= 5, torch_blocks
    assert "PyTorch" in ran_chapters[name]["status"]


def test_python_is_fetched_only_on_demand_and_only_from_the_site(ran_chapters):
    for name, result in ran_chapters.items():
        early = [u for u in result["before_click"] if "/_static/pyodide/" in u]
        assert early == [], f"{name}: Pyodide fetched before the click: {early}"
        elsewhere = [
            u
            for u in result["requests"]
            if urllib.parse.urlparse(u).netloc not in (result["host"], "")
            and not u.startswith(("data:", "blob:"))
        ]
        assert elsewhere == [], f"{name}: fetched from another host: {elsewhere}"
    first = next(iter(ran_chapters.values()))
    assert any(
        u.endswith("/_static/pyodide/pyodide.asm.wasm") for u in first["requests"]
    )
    assert any(u.endswith("tinygrad.py") for u in first["requests"]), (
        "the engine was not fetched"
    )


def test_the_runtime_is_copied_once_and_only_what_runs(site):
    copies = [
        p.parent.relative_to(site).as_posix() for p in site.rglob("pyodide.asm.wasm")
    ]
    assert copies == ["_static/pyodide"], copies
    names = sorted(p.name for p in (site / "_static" / "pyodide").iterdir())
    assert names == sorted(
        [
            "pyodide.mjs",
            "pyodide.asm.mjs",
            "pyodide.asm.wasm",
            "python_stdlib.zip",
            "pyodide-lock.json",
        ]
    )


def test_the_chapters_whose_code_needs_numpy_say_so(site) -> None:
    assert chapter("tensors").stem in NEEDS_NUMPY, NEEDS_NUMPY
    for stem in NEEDS_NUMPY:
        html = (site / "chapters" / f"{stem}.html").read_text(encoding="utf-8")
        assert 'data-needs="numpy"' in html and "needs NumPy" in html, stem
        assert 'class="runner-all"' not in html, stem


def test_a_page_from_disk_says_to_serve_the_site(chromium, site) -> None:
    page = chromium.new_page()
    open_page(page, (site / chapter_page("slopes")).as_uri())
    status = page.inner_text(".runner-status")
    assert "make serve" in status and "http.server" in status, status
    runs = page.locator(".runner-run")
    assert runs.count() > 10 and not runs.first.is_visible()  # in the page, hidden
    # without JavaScript, no Run button either
    context = chromium.new_context(java_script_enabled=False)
    try:
        page = context.new_page()
        open_page(page, (site / chapter_page("slopes")).as_uri())
        runs = page.locator(".runner-run")
        assert runs.count() > 10
        assert not any(runs.nth(i).is_visible() for i in range(runs.count()))
    finally:
        context.close()


def test_blocks_are_editable_resettable_and_run_with_shift_enter(ran_pages) -> None:
    page = ran_page(ran_pages, "slopes")
    first = page.locator("article div.highlight-python pre").first
    original = first.text_content()
    assert original.startswith(">>> def f(x):"), original
    first.focus()
    run_and_wait(page, lambda: page.keyboard.press("Shift+Enter"))
    assert first.get_attribute("contenteditable") == "plaintext-only"
    # A new block typed at the prompt: an expression's value is echoed, an error printed as Python does.
    page.evaluate(
        "() => { const pre = document.querySelector('article div.highlight-python pre');"
        " pre.textContent = '>>> f(3)\\n>>> 1 / 0\\n'; pre.dispatchEvent(new Event('input')); }"
    )
    first.focus()
    run_and_wait(page, lambda: page.keyboard.press("Shift+Enter"), timeout=60_000)
    output = page.locator(".runner-output pre").first.text_content()
    assert output.startswith("9\nTraceback (most recent call last):"), output
    assert output.rstrip().endswith("ZeroDivisionError: division by zero"), output
    page.locator(".runner-reset").first.click()
    assert first.text_content() == original
    assert page.locator(".runner-reset").count() == 0


RAN_PARTS = "div.highlight, .runner-output, .runner-page"  # what a run changes


def test_no_axe_violation_after_running_and_editing(ran_pages) -> None:
    """After a run (outputs, an error, an edited block with its Reset button).

    A run changes the code blocks and what the runner adds around them, and
    nothing else of the page: on chapter 1 (slopes) the whole page is checked again
    (light: every rule at 1280 px, the width rule at 360 px; dark: the rules
    that read colours), on the other chapters what the run changed.
    """
    found: list[str] = []
    for name in ("slopes", "speed", "pytorch"):
        page = ran_page(ran_pages, name)
        page.evaluate(
            "() => { const pre = window.bookRunner.blocks.find(b => !b.needs).pre;"
            " pre.textContent = '>>> 1 / 0\\n'; pre.dispatchEvent(new Event('input')); }"
        )
        run_and_wait(
            page, lambda page=page: page.locator(".runner-run").first.click(), 60_000
        )
        assert page.locator(".runner-reset").count() == 1
        assert page.locator(".runner-output--error").count() >= 1
        include = None if name == "slopes" else RAN_PARTS
        try:
            for width, rules in (
                (1280, None),
                (360, WIDTH_RULES if include is None else None),
            ):
                page.set_viewport_size({"width": width, "height": 800})
                found += [
                    f"{name} light {width}px: {v}"
                    for v in violations(page, rules, include)
                ]
            page.set_viewport_size({"width": 1280, "height": 800})
            with dark(page):
                found += [
                    f"{name} dark 1280px: {v}"
                    for v in violations(page, COLOUR_RULES, include)
                ]
        finally:
            page.set_viewport_size({"width": 1280, "height": 900})
    assert found == [], f"{len(found)} axe violations after running:\n" + "\n".join(
        found
    )


# Where every element of the page is and how big (document coordinates), and
# which Run buttons a reader could see or reach.
GEOMETRY = """() => ({
  boxes: [...document.querySelectorAll('body *')].map(e => {
    const r = e.getBoundingClientRect();
    return [e.tagName, r.left + scrollX, r.top + scrollY, r.width, r.height].join(' ');
  }),
  shown: [...document.querySelectorAll('.runner-run')]
    .map(b => getComputedStyle(b))
    .filter(s => s.display !== 'none' && s.visibility === 'visible').length,
})"""


def test_showing_the_run_buttons_moves_nothing_and_leaves_html_alone(
    chromium, server
) -> None:
    """runner.js shows the Run buttons without restyling or laying out the page.

    Chapter 5 (the most Run buttons) is loaded without runner.js and measured;
    then runner.js runs as the page would have run it. No element may move or change size, and
    <html> must keep its attributes (a class there restyled all 8,000 elements).
    """
    context = chromium.new_context(viewport={"width": 360, "height": 800})
    page = context.new_page()
    page.route("**/runner/runner.js*", lambda route: route.abort())
    open_page(page, server + chapter_page("engine"))
    page.unroute("**/runner/runner.js*")
    assert page.evaluate("window.bookRunner") is None  # runner.js was held back
    before = page.evaluate(GEOMETRY)
    assert before["shown"] == 0, "Run buttons shown before runner.js ran"
    page.evaluate(
        """() => {
          window.rootChanges = [];
          new MutationObserver(records => window.rootChanges.push(...records.map(
            r => r.attributeName))).observe(document.documentElement, {attributes: true});
          const held = document.querySelector('script[src*="runner/runner.js"]');
          const script = document.createElement('script');
          for (const a of held.attributes) script.setAttribute(a.name, a.value);
          document.head.appendChild(script);  // (outside the measured body)
        }"""
    )
    page.wait_for_function("() => window.bookRunner")
    after = page.evaluate(GEOMETRY)
    buttons = page.locator(".runner-run").count()
    assert buttons >= 20
    assert after["shown"] == buttons, f"{after['shown']} of {buttons} Run buttons shown"
    moved = [(b, a) for b, a in zip(before["boxes"], after["boxes"]) if b != a]
    assert len(before["boxes"]) == len(after["boxes"]) and moved == [], moved[:5]
    assert page.evaluate("window.rootChanges") == [], "runner.js changed <html>"
    assert page.locator(".runner-run").first.is_visible()


def test_the_run_buttons_show_focus(chromium, server) -> None:
    base = server
    page = chromium.new_page()
    open_runner_page(page, base + chapter_page("slopes"))
    blocks = page.locator("article div.highlight-python").count()
    assert blocks > 10
    assert page.locator(".runner-run").count() == blocks
    assert page.locator(".runner-run").first.is_visible()  # (faint until hovered)
    open_page(page, base + chapter_page("pytorch"))
    needs_torch = page.locator("div.runner-needs-torch").count()
    assert needs_torch >= 5
    assert page.locator(".runner-run").count() == (
        page.locator("article div.highlight-python").count() - needs_torch
    )
    numbers = page.evaluate(
        "() => [...document.querySelectorAll('article div.highlight-python')]"
        ".map((box, i) => [i + 1, box.querySelector('.runner-run')])"
        ".filter(([, run]) => run).map(([n, run]) => [n, run.getAttribute('aria-label')])"
    )
    assert all(label == f"Run {n}" for n, label in numbers), numbers
    open_page(page, base + chapter_page("slopes"))
    for selector in (".runner-all", ".runner-run"):
        element = page.locator(selector).first
        element.scroll_into_view_if_needed()
        element.focus()
        page.keyboard.press("Shift+Tab")
        page.keyboard.press("Tab")
        assert element.evaluate("e => e === document.activeElement"), (
            f"{selector}: Tab skips it"
        )
        # a block's Run button fades in as the copy button does
        page.wait_for_timeout(600)
        style = element.evaluate(
            "e => { const s = getComputedStyle(e); return s.outlineStyle !== 'none'"
            " && parseFloat(s.outlineWidth) > 0 && parseFloat(s.opacity) === 1 }"
        )
        assert style, f"{selector}: no visible focus ring"
