"""The test harness: the session fixtures and the skip-or-fail rule, for every test.

- ``need`` (also ``helpers.need`` for helpers): a missing tool skips the
  test with the reason, or fails it under ``REQUIRE_BROWSER=1`` (CI).
- ``site`` and ``zh_site``: the built book (``$BOOK_HTML``, else
  ``docs/_build/html``) and its Chinese edition (``zh_CN/`` inside it).
- ``server``: the built book served on 127.0.0.1, one server per session.
- ``chromium``: one headless Chromium (a Playwright Browser) per session; each
  test opens its own contexts or pages in it, closed after it.
- ``python_page``: a page in the one context per worker that keeps the code
  the browser compiled, as a reader's browser does (``helpers.python_context``),
  for the tests that start the in-page Python.
- ``warm_context``: contexts a module keeps for its tests, one per set of
  options, so that its pages load the book from the context's cache.
- ``visits`` and ``phone_visits``: every page loaded once, served and from
  disk on a phone, for the tests that read what the loads did; made once per
  run, by whichever worker asks first (``run_folder``, ``helpers.once_per_run``),
  in two halves (``helpers.halves``): the sample's pages in ``make test``, the
  rest in ``make sweeps``.

Under ``pytest -n 2 --dist loadfile`` (pytest-xdist, what ``make test``
runs) a session is a worker: each worker has its own server and Chromium.
Everything here comes from ``helpers.py``, so a helper that runs outside a
fixture gets the same objects. The tests of one file run on one worker, so
what a file shares (a Pyodide run of every chapter, a page of examples that
carry state) is made once.

The markers (CONTRIBUTING.md, "Tests"): ``browser`` for a test that drives
Chromium, ``slow`` for one that takes seconds by its nature (a Sphinx or
``make`` run, Pyodide, axe or the HTML checker over pages): ``-m "not slow"``
leaves a quick run while writing. ``sweep`` for the part of a whole-book sweep
outside its sample (``helpers.sweep``): ``make test`` leaves it out, ``make
sweeps`` runs it, CI runs both.
"""

from __future__ import annotations

import gc
import os
from pathlib import Path

import pytest

import helpers

BROWSER_FIXTURES = {
    "chromium",
    "server",
    "warm_context",
    "python_page",
    "visits",
    "phone_visits",
}


def pytest_collection_modifyitems(items) -> None:
    """A test that drives Chromium takes seconds by its nature: it is ``slow`` too.

    So ``-m "not slow"`` leaves the quick run CONTRIBUTING.md asks for while
    editing; ``-m "not browser"`` still leaves out the browser alone. And a
    sweep (``helpers.sweep``) whose every case is marked ``sweep`` would leave
    ``make test`` without it: that is refused, naming the test.
    """
    unsampled: set[str] = set()
    for item in items:
        uses = set(getattr(item, "fixturenames", ()))
        if item.get_closest_marker("browser") or uses & BROWSER_FIXTURES:
            item.add_marker(pytest.mark.slow)
        if item.get_closest_marker("sweep") and not helpers.has_sample(item.function):
            unsampled.add(f"{item.path.name}::{item.originalname}")
    if unsampled:
        raise pytest.UsageError(
            "a sweep with no case in make test's sample (helpers.SAMPLE): "
            + ", ".join(sorted(unsampled))
        )


def pytest_collection_finish(session) -> None:
    """Move what collection made (every test item, Sybil's parsed pages) out of the collector's way.

    Several pages and tests call ``gc.collect()`` or count ``gc.get_objects()``
    (chapter 7 in nine places, some in loops); in a worker that holds some 3,000
    collected tests, each call walked all of pytest's objects as well, and
    chapter 7's examples took five times as long as in a fresh Python.
    ``gc.freeze()`` leaves those objects alive and out of every later
    collection and count; what the tests make afterwards is collected as usual.
    """
    gc.collect()
    gc.freeze()


@pytest.fixture(scope="session")
def need():
    """``need(tool)``: the tool's path, or skip (fail under REQUIRE_BROWSER=1)."""
    return helpers.need


@pytest.fixture(scope="session")
def site() -> Path:
    return helpers.need("site")


@pytest.fixture(scope="session")
def zh_site(site) -> Path:
    return helpers.need("zh_site")


@pytest.fixture(scope="session")
def server(site) -> str:
    """The base URL of the built book, served for the whole session."""
    return helpers.server_for(site)


@pytest.fixture(scope="session")
def run_folder(tmp_path_factory) -> Path:
    """The test run's temporary folder, the same for every worker of the run."""
    here = tmp_path_factory.getbasetemp()
    return here.parent if os.environ.get("PYTEST_XDIST_WORKER") else here


@pytest.fixture(scope="session", params=helpers.halves())
def visits(request, site, run_folder) -> dict:
    """The site's pages loaded once over HTTP (``helpers.visit_pages``), once per
    run, a half at a time: the sample's pages, and the rest (a sweep)."""
    half = request.param
    return helpers.once_per_run(
        run_folder, f"visits-{half}", lambda: helpers.visit_pages(site, half)
    )


@pytest.fixture(scope="session", params=helpers.halves())
def phone_visits(request, site, run_folder) -> dict:
    """The pages opened from disk on a phone
    (``helpers.visit_pages_from_disk_on_a_phone``), once per run, by halves."""
    half = request.param
    return helpers.once_per_run(
        run_folder,
        f"phone_visits-{half}",
        lambda: helpers.visit_pages_from_disk_on_a_phone(site, half),
    )


@pytest.fixture(scope="session")
def chromium():
    """The session's headless Chromium; contexts a test leaves open are closed after it."""
    return helpers.shared_browser()


@pytest.fixture
def python_page():
    """A new page (1280 x 900) in the context that keeps compiled code, closed after the test.

    For the tests that start the in-page Python (``helpers.python_context``):
    after the first, Python starts from the code the browser kept.
    """
    page = helpers.python_context().new_page()
    yield page
    page.close()


KEPT: list = []  # the contexts of warm_context, which outlive a test


@pytest.fixture(autouse=True)
def _close_what_the_test_opened(request):
    """Pages and contexts a test opened in the shared Chromium do not outlive it."""
    before = None
    if "chromium" in request.fixturenames:
        before = list(helpers.shared_browser().contexts)
    yield
    if before is not None:
        for context in helpers.shared_browser().contexts:
            if context not in before and context not in KEPT:
                context.close()


@pytest.fixture(scope="module")
def warm_context(chromium):
    """``warm_context(**options)``: a browser context kept for the module's tests.

    One per set of options (``new_context``'s: viewport, theme, motion...). A
    page opened in a context that loaded the book before takes the book's
    styles, scripts and fonts from its cache: chapter 1 loads in 0.8 s, against
    1.3 s in a fresh context. A test that needs a first visit, with an empty
    cache, or a context of its own (an init script, a route) opens one itself.
    What a page leaves in the origin's storage is the test's to clear.
    """
    contexts: dict[str, object] = {}

    def context(**options):
        key = repr(sorted(options.items()))
        if key not in contexts:
            contexts[key] = chromium.new_context(**options)
            KEPT.append(contexts[key])
        return contexts[key]

    yield context
    for kept in contexts.values():
        KEPT.remove(kept)
        kept.close()


def pytest_sessionfinish(session) -> None:
    helpers.close_shared()


def pytest_terminal_summary(terminalreporter) -> None:
    """Name the messages a page shows in English while they await a translator."""
    waiting = helpers.pending_translations()
    if waiting:
        terminalreporter.section("translations pending (shown as such, in English)")
        for line in waiting:
            terminalreporter.write_line(line)
