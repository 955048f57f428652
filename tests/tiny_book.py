"""A throwaway author's repository for the tests of `make html` and `make publish`.

It holds the project's real ``Makefile`` and its real ``docs/_tools`` scripts,
but a three-page Sphinx book instead of the real one, so that a build takes
seconds, and its ``.venv`` is a link to the project's. A test that needs a build
to be still running holds it at a gate in conf.py instead of sleeping. ``publish.py`` takes the
folder two levels above itself as "your repository", so a refusal that failed
would create a branch here, in a temporary folder, and never in the project.

:func:`whole_book` is the same around two small pages built with the real
``conf.py`` and the book's whole extension, its templates, static files and
catalogues: every part of the book at work in a build of a few seconds.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

from built_site import ROOT

STAMP = ".venv/.installed-stamp"
# The tiny book is built in English only: the Chinese edition's build (and its
# word splitter's start) would double every build and tell these tests nothing
# more; tests/test_chinese_edition.py checks how build_site.py adds an edition.
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
chapters/01-tiny
```
""",
    "chapters/01-tiny.md": """\
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
