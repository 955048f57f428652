"""A throwaway author's repository for the tests of `make html` and `make publish`.

It holds the project's real ``Makefile`` and its real ``docs/_tools`` scripts,
but a three-page Sphinx book instead of the real one, so that a build takes
seconds, and its ``.venv`` is a link to the project's. A test that needs a build
to be still running holds it at a gate in conf.py instead of sleeping. ``publish.py`` takes the
folder two levels above itself as "your repository", so a refusal that failed
would create a branch here, in a temporary folder, and never in the project.
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
