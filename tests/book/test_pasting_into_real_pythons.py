"""Copy-paste works: every block of a chapter, copied as the copy button copies it
and pasted in page order into a real interactive Python in a terminal, runs and
prints what the page shows.

A reader presses the copy button and pastes into ``python3`` (or IPython) in a
terminal: the terminal sends the text as a bracketed paste, then the reader
presses Enter. Python 3.11's and 3.12's classic prompt ends a statement at the
first blank line and needs a blank line after a compound statement; 3.13's new
prompt and IPython take a paste whole. So the sessions here are real: each
interpreter runs in a tmux pane (tmux is a terminal; ``paste-buffer -p`` pastes
as a terminal does, bracketed when the program asked for it), one session per
chapter and Python, in an empty temporary folder that holds only the files the
chapters offer for download. The copy text is the copy button's: the very
JavaScript the page runs (docs/_ext/book/code/copy_rule.py, :func:`copy_rule.format_func_js`),
run in Node.js on each block of the Markdown, so no built site is needed.

What a session prints is compared with what the page shows by doctest's rules
(``...`` matches anything, whitespace is normalised, a traceback is compared by
its exception), all of it, on every prompt. 3.13's prompt and IPython run a
paste as one input: they echo the value of its last statement only, and
IPython stops at the first error. So a page's ``>>>`` block ends at each echoed
value and at each traceback (the next statement starts a block of its own),
which :func:`test_a_prompt_block_echoes_or_raises_at_its_last_statement_only`
checks without a terminal. A block without prompts (a script) must run
without an error. A block marked
``% printed by Python 3.11`` is compared on that version only; elsewhere it
must run without an error. Where a page skips its PyTorch parts when PyTorch is
missing (``% skip: start if(torch is None, ...)``), the session leaves those
blocks out if the interpreter has no PyTorch, as the page tells the reader, and
the test then reports a skip that says so after the rest of the chapter passed.

Python 3.11 is the book's .venv (NumPy, scikit-learn, Matplotlib, and PyTorch
where installed); Python 3.13 gets NumPy, scikit-learn and Matplotlib (for the
tensors chapter) in a venv of its own, made once from PyPI and kept in
``.venv/paste-3.13``. IPython (the test extra) gets every chapter too: the blocks that count
Python's objects count only the book's own classes, which IPython's history
thread never makes. ``make test`` pastes every chapter into 3.11 and the sample
chapters (``helpers.SAMPLE``) into 3.13 and IPython; ``make sweeps`` pastes the
other chapters into those two. The sessions run
side by side, :data:`SESSIONS_AT_ONCE` at a time (the ``sessions`` fixture):
each waits mostly for its interpreter.
"""

from __future__ import annotations

import ast
import contextlib
import doctest
import fcntl
import os
import re
import shutil
import subprocess
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import pytest

from book.code import copy_rule  # docs/_ext, on pytest's pythonpath
from book.exercises import assemble
from book.runner.page import NEEDS_NUMPY  # the chapters whose code needs NumPy
from helpers import (
    CHAPTERS,
    FLAGS,
    ROOT,
    SAMPLE,
    Block,
    blocks_of,
    copy_texts,
    copybutton_arguments,
    need,
    selected_items,
    sweep,
    without_tracebacks,
)

pytestmark = pytest.mark.slow  # real interpreters in a terminal

ENGINE_FILES = [
    "tinygrad.py",
    "engine_book.py",
    "tensorgrad.py",
    "digits.py",
    "check_tensors.py",
    "check_engine.py",
]  # the chapters' downloads
BLOCK_SECONDS = 240  # one block, training included, on a busy machine


def echoes(source: str) -> bool:
    """Does the prompt print a value of this example (an expression statement)?

    Python's prompt echoes an expression statement at the top of what it runs,
    also inside a for, if or with, not inside a def or class. (A call of
    print() prints, and echoes nothing; another call may return None: then
    nothing is shown after it on the page either.)
    """
    try:
        todo = list(ast.parse(source).body)
    except SyntaxError:
        return False
    while todo:
        statement = todo.pop()
        if isinstance(statement, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            continue
        if isinstance(statement, ast.Expr):
            call = statement.value
            if not (
                isinstance(call, ast.Call) and getattr(call.func, "id", "") == "print"
            ):
                return True
        for field in ("body", "orelse", "finalbody", "handlers"):
            todo.extend(getattr(statement, field, []))
    return False


ERROR = re.compile(r"Traceback \(most recent call last\)|^\w*(Error|Exception)\b", re.M)


# --- the interpreters ------------------------------------------------------------


def find_python(version: str) -> Path | None:
    """An interpreter of this version: one that pyenv installed, or one on PATH."""
    pyenv = Path(os.environ.get("PYENV_ROOT", Path.home() / ".pyenv")) / "versions"
    candidates = sorted(pyenv.glob(f"{version}.*/bin/python{version}"), reverse=True)
    on_path = shutil.which(f"python{version}")
    for candidate in [*candidates, *([Path(on_path)] if on_path else [])]:
        works = subprocess.run([candidate, "-c", ""], capture_output=True)  # not a shim
        if works.returncode == 0:
            return candidate
    return None


def python_version(python: Path) -> str:
    out = subprocess.run(
        [python, "-c", "import sys; print('%d.%d' % sys.version_info[:2])"],
        capture_output=True,
        text=True,
        check=True,
    )
    return out.stdout.strip()


TENSOR_PACKAGES = ["numpy", "scikit-learn", "matplotlib"]


def interpreter(version: str) -> Path:
    """The Python a reader of this version pastes into, with the book's packages.

    The book's own .venv where it is of this version (its packages: NumPy,
    scikit-learn, Matplotlib, PyTorch where installed); else a venv made once
    from that Python, with the tensors chapter's packages from PyPI.
    """
    own = ROOT / ".venv" / "bin" / "python"
    if own.exists() and python_version(own) == version:
        return own
    base = find_python(version)
    if base is None:
        pytest.skip(f"Python {version} is not installed (pyenv install {version})")
    venv = ROOT / ".venv" / f"paste-{version}"
    stamp = venv / ".installed-stamp"
    venv.parent.mkdir(exist_ok=True)
    with open(ROOT / ".venv" / f".paste-{version}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # one xdist worker makes it, the others wait
        if not stamp.exists():
            subprocess.run([base, "-m", "venv", "--clear", venv], check=True)
            installed = subprocess.run(
                [
                    venv / "bin" / "python",
                    "-m",
                    "pip",
                    "install",
                    "-q",
                    # no .pyc made for every file installed (two thirds of
                    # the install's time): Python makes those it imports
                    "--no-compile",
                    *TENSOR_PACKAGES,
                ],
                capture_output=True,
                text=True,
            )
            stamp.write_text(installed.stderr[-2000:] if installed.returncode else "")
    return venv / "bin" / "python"


def has_module(python: Path, name: str) -> bool:
    check = f"import importlib.util, sys; sys.exit(importlib.util.find_spec({name!r}) is None)"
    return subprocess.run([python, "-c", check]).returncode == 0


# --- a terminal ------------------------------------------------------------------

ECHO = re.compile(r"^(>>>|\.\.\.)( |$)|^In \[\d+\]:( |$)|^\s+\.\.\.:( |$)")
OUT = re.compile(r"^Out\[\d+\]:( |$)")  # alone on its line before a value of many lines
READY = re.compile(r"^(>>>|In \[\d+\]:)$")  # a prompt with nothing typed after it


class Terminal:
    """An interactive program in a tmux pane: paste into it, type, read the screen.

    The test speaks to tmux through one client in control mode (``tmux -C``),
    which reads commands on its standard input and answers each between
    ``%begin`` and ``%end``: a session sends some 600 commands per chapter,
    and a client started for each took over a third of the session's
    processor time (1.1-1.4 s against 1.9-2.2 s for the chapter's Python).
    The client neither sizes the window nor receives what the pane prints
    (``ignore-size,no-output``): the program sees the terminal it would see.
    """

    def __init__(
        self, tmux: str, argv: list[str], folder: Path, env: dict[str, str]
    ) -> None:
        self.socket = folder.parent / "tmux.sock"
        config = folder.parent / "tmux.conf"
        config.write_text("set -g history-limit 100000\n")
        self.pasted = folder.parent / "pasted.txt"  # beside the reader's folder
        self.tmux = [tmux, "-S", str(self.socket), "-f", str(config)]
        command = ["env", "-i", *(f"{k}={v}" for k, v in env.items()), *argv]
        subprocess.run(
            [
                *self.tmux,
                "new-session",
                "-d",
                "-x",
                "200",
                "-y",
                "50",
                "-c",
                str(folder),
            ]
            + [subprocess.list2cmdline(command)],
            check=True,
        )
        self.client = subprocess.Popen(
            [*self.tmux, "-C", "attach-session", "-f", "ignore-size,no-output"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
        )
        self.answer()  # to the attach itself
        self.sentinels = 0

    def answer(self) -> list[str]:
        """The lines of tmux's next answer (between %begin and %end); %error raises."""
        lines: list[str] | None = None
        while True:
            raw = self.client.stdout.readline()
            if not raw:
                raise RuntimeError(f"tmux's control client ended ({self.socket})")
            line = raw.decode("utf-8", "replace").rstrip("\n")
            if lines is None:  # a notification (%session-changed, ...) until %begin
                if line.startswith("%begin "):
                    lines, number = [], line.split()[2]
            elif line.startswith(("%end ", "%error ")) and line.split()[2] == number:
                if line.startswith("%error "):
                    raise RuntimeError("tmux: " + "\n".join(lines))
                return lines
            else:
                lines.append(line)

    def command(self, *words: str) -> list[str]:
        """Run one tmux command in the control client; what it printed."""
        for word in words:
            assert "'" not in word and "\n" not in word, word
        self.client.stdin.write((" ".join(f"'{w}'" for w in words) + "\n").encode())
        self.client.stdin.flush()
        return self.answer()

    def paste(self, text: str) -> None:
        """Paste as a terminal does: bracketed if the program asked for it."""
        self.pasted.write_text(text, encoding="utf-8")
        self.command("load-buffer", "-b", "copy", str(self.pasted))
        self.command("paste-buffer", "-p", "-d", "-b", "copy")

    def type(self, line: str) -> None:
        self.command("send-keys", "-l", line)
        self.command("send-keys", "Enter")

    def screen(self) -> list[str]:
        out = self.command("capture-pane", "-p", "-J", "-S", "-", "-E", "-")
        return [line.rstrip() for line in out]

    def wait_for(self, line: str, seconds: float) -> list[str]:
        """The screen once it shows this line and then a prompt ready for a paste.

        A reader pastes at a prompt: a paste sent before the program reads
        again would be echoed by the terminal and typed, not pasted.
        """
        deadline = time.monotonic() + seconds
        pause = 0.01
        while True:
            screen = self.screen()
            shown = [text for text in screen if text.strip()]
            if (
                line in shown
                and READY.match(shown[-1])
                and shown.index(line) < len(shown) - 1
            ):
                return screen
            if time.monotonic() > deadline:
                raise TimeoutError("\n".join(screen[-40:]))
            time.sleep(pause)
            pause = min(
                2 * pause, 0.2
            )  # quick blocks are seen at once, slow ones cost little

    def ready_row(self, screen: list[str]) -> int:
        """The row of the prompt waiting for input, or -1 while the program runs."""
        rows = [row for row, text in enumerate(screen) if text.strip()]
        return rows[-1] if rows and READY.match(screen[rows[-1]]) else -1

    def wait_until_read(self, after: int, seconds: float) -> None:
        """Wait until the program asks for input again, on a row below ``after``.

        The next line is typed only then: typed while a block still runs, the
        terminal would echo it at once, in the middle of what the block prints.
        The prompt must stay for two looks, for a prompt that is shown while
        the rest of a paste is still being read is gone again at once.
        """
        deadline = time.monotonic() + seconds
        pause, seen = 0.01, None
        while True:
            screen = self.screen()
            row = self.ready_row(screen)
            if row > after and screen == seen:
                return
            seen = screen if row > after else None
            if time.monotonic() > deadline:
                raise TimeoutError("\n".join(screen[-40:]))
            time.sleep(pause)
            pause = min(2 * pause, 0.2)

    def run(self, text: str | None, seconds: float = BLOCK_SECONDS) -> str:
        """Paste text, press Enter, and return what it printed (no prompts, no echo)."""
        if text is not None:
            before = self.ready_row(self.screen())
            self.paste(text)
            time.sleep(0.05)
            self.type("")
            self.wait_until_read(before, seconds)
        self.sentinels += 1
        mark = f"@@{self.sentinels}@@"
        typed = f'print("@@", {self.sentinels}, "@@", sep="")'
        self.type(typed)
        screen = self.wait_for(mark, seconds)
        start = 0
        if self.sentinels > 1:
            start = len(screen) - screen[::-1].index(f"@@{self.sentinels - 1}@@")
        printed = []
        for line in screen[start : screen.index(mark)]:
            line = line.replace(typed, "").rstrip()
            if not ECHO.match(line):
                printed.append(OUT.sub("", line))
        self.command("clear-history")
        return "\n".join(line for line in printed if line.strip())

    def close(self) -> None:
        with contextlib.suppress(OSError):
            self.client.stdin.close()
        subprocess.run([*self.tmux, "kill-server"], capture_output=True)
        self.client.wait()
        self.client.stdout.close()


@contextlib.contextmanager
def session(argv: list[str], tmp_path: Path):
    """A fresh interpreter in an empty folder that holds only the downloads."""
    tmux = need("tmux")
    folder = tmp_path / "reader"
    folder.mkdir()
    for name in ENGINE_FILES:
        shutil.copy(ROOT / "src" / name, folder / name)
    # a reader's own engine of chapter 5, which chapters 6 and 7 import: here the
    # book's, saved as engine.py as chapter 6 says for a reader who has none
    shutil.copy(ROOT / "src" / "engine_book.py", folder / "engine.py")
    # the exercises' checker, as the build assembles it from the chapters
    (folder / "check_exercises.py").write_text(assemble.assemble(), encoding="utf-8")
    env = {
        "HOME": str(tmp_path),  # no history or settings of ours
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "LANG": "C.UTF-8",
        "TERM": "tmux-256color",
        "MPLBACKEND": "Agg",  # a figure is drawn, not shown in a window
        "IPYTHONDIR": str(tmp_path / "ipython"),
    }
    terminal = Terminal(tmux, argv, folder, env)
    try:
        terminal.run(None, seconds=60)  # the prompt is ready
        yield terminal
    finally:
        terminal.close()


def paste_chapter(
    terminal: Terminal,
    blocks: list[Block],
    version: str,
    left_out: set[str],
) -> tuple[int, list[str]]:
    """Paste every block in order: the number pasted, and those that did not print what the page shows."""
    checker = doctest.OutputChecker()
    failures = []
    pasted = 0
    for block in blocks:
        if block.needs in left_out:
            continue
        pasted += 1
        printed = terminal.run(block.copied)
        got = without_tracebacks(printed)
        if block.examples is None or (block.printed_by not in (None, version)):
            ok = not ERROR.search(printed)  # it runs; what it prints is not on the page
        else:
            ok = checker.check_output(
                without_tracebacks(block.shows) + "\n", got + "\n", FLAGS
            )
        if not ok:
            failures.append(
                f"block {block.number}:\n--- copied:\n{block.copied}\n--- the page shows:\n"
                f"{block.shows}\n--- printed:\n{got}"
            )
    where = terminal.run(
        "import os, tinygrad\nprint(os.path.dirname(tinygrad.__file__) == os.getcwd())\n"
    )
    assert where == "True", f"tinygrad was not the downloaded copy: {where}"
    return pasted, failures


def chapter_blocks(page: Path) -> list[Block]:
    blocks = blocks_of(page)
    assert blocks, f"{page.name} has no Python blocks"
    for block, copied in zip(blocks, copy_texts([b.shown_code for b in blocks])):
        block.copied = copied
    return blocks


# The two prompts a reader meets: the classic one (3.11 here; 3.12 runs the same
# prompt, with the same rules for blank lines) and 3.13's new one.
PYTHONS = ["3.11", "3.13"]
# Sessions pasted at once. A session mostly waits for its interpreter, so
# several share the two cores; each has its own terminal, folder and Python.
SESSIONS_AT_ONCE = 4


@dataclass
class Outcome:
    """What one session (a chapter pasted into one interpreter) came to."""

    who: str  # "Python 3.11", "IPython"
    pasted: int
    failures: list[str]
    left_out: set[str]
    skipped: int


def paste_into_python(page: Path, version: str, folder: Path) -> Outcome:
    blocks = chapter_blocks(page)
    python = interpreter(version)
    needed = {block.needs for block in blocks if block.needs}
    left_out = {name for name in needed if not has_module(python, name)}
    needs_numpy = NEEDS_NUMPY.search(page.read_text(encoding="utf-8"))
    if needs_numpy and not has_module(python, "sklearn"):
        stamp = python.parents[1] / ".installed-stamp"
        why = stamp.read_text() if stamp.exists() else ""
        pytest.skip(
            f"Python {version} has no NumPy/scikit-learn/Matplotlib for this chapter"
            f" (pip failed: delete {python.parents[1]} to try again). {why}"
        )
    with session([str(python), "-q"], folder) as terminal:
        pasted, failures = paste_chapter(terminal, blocks, version, left_out)
    return Outcome(
        f"Python {version}", pasted, failures, left_out, len(blocks) - pasted
    )


def paste_into_ipython(page: Path, folder: Path) -> Outcome:
    ipython = need("ipython")
    python = Path(ipython).with_name("python")
    blocks = chapter_blocks(page)
    version = python_version(python)
    needed = {block.needs for block in blocks if block.needs}
    left_out = {name for name in needed if not has_module(python, name)}
    argv = [
        str(ipython),
        "--no-banner",
        "--no-confirm-exit",
        # IPython's suggestions from history would show on the screen as text
        "--TerminalInteractiveShell.autosuggestions_provider=None",
    ]
    with session(argv, folder) as terminal:
        pasted, failures = paste_chapter(terminal, blocks, version, left_out)
    return Outcome("IPython", pasted, failures, left_out, len(blocks) - pasted)


@pytest.fixture(scope="module")
def sessions(request, tmp_path_factory):
    """Every selected session of this file, started at once (SESSIONS_AT_ONCE at a time).

    Each test then waits for its own session's outcome, so pasting the whole
    book takes about as long as its slowest chapters, not the sum of all.
    """
    jobs = {}
    for item in selected_items(request):
        callspec = getattr(item, "callspec", None)
        if callspec is None:
            continue
        params = callspec.params
        if item.originalname.endswith("_into_python_prints_what_the_page_shows"):
            key = (params["page"].name, params["version"])
        elif item.originalname.endswith("_into_ipython_prints_what_the_page_shows"):
            key = (params["page"].name, "ipython")
        else:
            continue
        jobs[key] = params["page"]
    for version in {version for _, version in jobs if version != "ipython"}:
        with contextlib.suppress(BaseException):  # a skip is reported by the tests
            interpreter(version)  # made once, before the sessions start
    pool = ThreadPoolExecutor(SESSIONS_AT_ONCE)
    futures = {}
    # The longest sessions first: the file's wall time is then the slowest chapter.
    for (name, version), page in sorted(
        jobs.items(), key=lambda job: -job[1].stat().st_size
    ):
        folder = tmp_path_factory.mktemp(f"{page.stem}-{version}")
        if version == "ipython":
            futures[name, version] = pool.submit(paste_into_ipython, page, folder)
        else:
            futures[name, version] = pool.submit(
                paste_into_python, page, version, folder
            )
    yield futures
    pool.shutdown(cancel_futures=True)


def check(outcome: Outcome, page: Path) -> None:
    failures, pasted = outcome.failures, outcome.pasted
    assert not failures, (
        f"{page.name}, {outcome.who}: {pasted - len(failures)} of {pasted} blocks"
        " printed what the page shows:\n" + "\n\n".join(failures)
    )
    if outcome.left_out:
        names = ", ".join(sorted(outcome.left_out))
        pytest.skip(
            f"the rest of {page.name} passed in {outcome.who}; its {outcome.skipped}"
            f" blocks that need {names} were left out, as the page says:"
            f" {outcome.who} here has no {names}"
        )


@pytest.mark.parametrize(
    "page, version",
    sweep(
        [(page, version) for page in CHAPTERS for version in PYTHONS],
        lambda case: case[1] == PYTHONS[0] or case[0].stem in SAMPLE,
        ids=lambda case: f"{case[0].stem}-{case[1]}",
    ),
)
def test_pasting_a_chapter_into_python_prints_what_the_page_shows(
    page: Path, version: str, sessions
) -> None:
    check(sessions[page.name, version].result(), page)


@pytest.mark.parametrize(
    "page",
    sweep(CHAPTERS, lambda page: page.stem in SAMPLE, ids=lambda page: page.stem),
)
def test_pasting_a_chapter_into_ipython_prints_what_the_page_shows(
    page: Path, sessions
) -> None:
    check(sessions[page.name, "ipython"].result(), page)


@pytest.mark.parametrize("page", CHAPTERS, ids=[page.stem for page in CHAPTERS])
def test_a_prompt_block_echoes_or_raises_at_its_last_statement_only(
    page: Path,
) -> None:
    """A value echoed or an error raised before a block's last statement would be
    missing on 3.13's prompt and in IPython: the block must end there instead."""
    early = [
        f"block {block.number}, after >>> {example.source.splitlines()[0]}"
        for block in blocks_of(page)
        for example in (block.examples or [])[:-1]
        if example.want and (example.exc_msg is not None or echoes(example.source))
    ]
    assert not early, (
        f"{page.name}: end the block after each of these (close the fence and open"
        " a new one), so that every prompt shows what follows it:\n" + "\n".join(early)
    )


# --- the copy rule itself, on small blocks (Node.js, no interpreter) -------------------


def test_the_copy_keeps_code_only_and_closes_each_compound_statement() -> None:
    doctest_block = ">>> def f(x):\n...     return 2 * x\n...\n>>> f(3)\n6"
    assert copy_texts([doctest_block]) == ["def f(x):\n    return 2 * x\n\nf(3)\n"]


def test_the_copy_has_no_blank_line_inside_a_class_and_one_after_it() -> None:
    script = (
        "class A:\n"
        '    """A docstring\n\n    with a blank line, kept."""\n\n'
        "    def f(self):\n        return 1\n\n"
        "    # a comment\n\n    def g(self):\n"
        "        if self:\n            return 2\n\n        else:\n            return 3\n"
        "a = A()\n"
        "for i in range(2): print(i)\n"
        "print(a.g())"
    )
    assert copy_texts([script]) == [
        "class A:\n"
        '    """A docstring\n\n    with a blank line, kept."""\n'
        "    def f(self):\n        return 1\n"
        "    # a comment\n    def g(self):\n"
        "        if self:\n            return 2\n        else:\n            return 3\n"
        "\na = A()\n"
        "for i in range(2): print(i)\n"
        "\nprint(a.g())\n"
    ]


def test_the_copy_keeps_decorators_clauses_and_brackets_together() -> None:
    script = (
        "@staticmethod\n"
        "def f():\n    try:\n        pass\n\n    except ValueError:\n        pass\n\n"
        "total = sum([\n    1,\n\n    2,\n])\n"
        "x = 1\n\ny = 2"
    )
    assert copy_texts([script]) == [
        "@staticmethod\n"
        "def f():\n    try:\n        pass\n    except ValueError:\n        pass\n"
        "\ntotal = sum([\n    1,\n\n    2,\n])\n"
        "x = 1\n\ny = 2\n"
    ]


def test_the_pages_prompt_rule_is_the_one_in_conf_and_the_runner() -> None:
    """One definition: the copy button (the book sets it up, not conf.py) and the
    in-page runner take copy_rule.PROMPT."""
    conf = (ROOT / "docs" / "conf.py").read_text(encoding="utf-8")
    runner = (ROOT / "docs" / "_static" / "runner" / "runner-session.js").read_text(
        encoding="utf-8"
    )
    assert "copybutton_prompt_text" not in conf, "a second definition in conf.py"
    assert copybutton_arguments()[:4] == [copy_rule.PROMPT, True, True, True]
    assert (
        "window.bookCopyRule.prompt" in runner
        and ">>> " not in runner.split("PROMPT =")[1][:80]
    )


def test_every_file_pasted_next_to_the_snippets_is_offered_by_a_chapter() -> None:
    """A reader has only what a chapter offers: each of ENGINE_FILES is a {download}."""
    pages = "\n".join(page.read_text(encoding="utf-8") for page in CHAPTERS)
    offered = set(re.findall(r"\{download\}`[^`<]*<\.\./\.\./src/([\w.]+)>`", pages))
    assert offered == set(ENGINE_FILES), offered
