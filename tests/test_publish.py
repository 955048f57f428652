"""`make publish` lands a working site on gh-pages, and refuses when checks fail.

The push step (``docs/_tools/publish.py``, the same script ``make publish`` runs
after the build and the checks) publishes the already built site to a
throwaway bare repository; the test then reads what landed on its
``gh-pages`` branch. The refusals run ``make publish`` itself with a build
command or a test command that fails, which costs no real build.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from built_site import ROOT, book_html, chapter_pages


def git(*args: str, cwd: Path) -> str:
    return subprocess.run(
        ["git", *args], cwd=cwd, check=True, capture_output=True, text=True
    ).stdout.strip()


def refs_of_this_repository() -> str:
    return subprocess.run(
        ["git", "for-each-ref", "--format=%(refname) %(objectname)"],
        cwd=ROOT, capture_output=True, text=True,
    ).stdout  # fmt: skip


def publish(site: Path, remote: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(ROOT / "docs" / "_tools" / "publish.py"), str(site), "--remote", str(remote)],
        cwd=ROOT, capture_output=True, text=True, timeout=120,
    )  # fmt: skip


@pytest.fixture
def bare_remote(tmp_path: Path) -> Path:
    remote = tmp_path / "book.git"
    git("init", "-q", "--bare", str(remote), cwd=tmp_path)
    return remote


def test_publish_puts_the_built_site_on_gh_pages(bare_remote: Path):
    site = book_html()
    refs_before = refs_of_this_repository()

    result = publish(site, bare_remote)
    assert result.returncode == 0, result.stderr
    files = set(git("ls-tree", "-r", "--name-only", "gh-pages", cwd=bare_remote).splitlines())

    assert {"index.html", ".nojekyll", "404.html", "search.html", "searchindex.js"} <= files
    for page in chapter_pages(site):
        assert f"chapters/{page.name}" in files
    assert "_static/katex/katex.min.css" in files  # the math's styles and fonts
    assert any(f.startswith("_downloads/") and f.endswith("/tinygrad.py") for f in files)
    caches = [f for f in files if ".doctrees" in f or f.endswith((".buildinfo", ".pickle"))]
    assert not caches, f"build caches were published: {caches[:5]}"
    # What landed is the built site, file for file and byte for byte.
    landed = bare_remote.parent / "landed"
    landed.mkdir()
    archive = subprocess.run(
        ["git", "archive", "gh-pages"], cwd=bare_remote, capture_output=True, check=True
    ).stdout
    subprocess.run(["tar", "-x", "-C", str(landed)], input=archive, check=True)
    built = {
        p.relative_to(site).as_posix(): p for p in site.rglob("*")
        if p.is_file() and ".doctrees" not in p.parts and p.name != ".buildinfo"
    }  # fmt: skip
    assert files - {".nojekyll"} == set(built)
    changed = [name for name, p in built.items() if (landed / name).read_bytes() != p.read_bytes()]
    assert not changed, f"published files differ from the build: {changed[:5]}"

    # A second publish adds one commit on top: the branch keeps its history.
    first = git("rev-parse", "gh-pages", cwd=bare_remote)
    again = publish(site, bare_remote)
    assert again.returncode == 0, again.stderr
    assert git("rev-parse", "gh-pages^", cwd=bare_remote) == first

    # Publishing commits in a scratch repository, never in the author's.
    assert refs_of_this_repository() == refs_before


def test_publish_refuses_a_folder_without_a_site(tmp_path: Path, bare_remote: Path):
    result = publish(tmp_path, bare_remote)
    assert result.returncode != 0
    assert "NOT published" in result.stderr and "no index.html" in result.stderr
    assert git("branch", "--list", "gh-pages", cwd=bare_remote) == ""


def make_publish(tmp_path: Path, remote: Path, **variables: str) -> subprocess.CompletedProcess:
    """`make publish` into a scratch BUILD, without reinstalling the virtualenv."""
    settings = [f"{k}={v}" for k, v in {"BUILD": str(tmp_path / "build"), **variables}.items()]
    env = {k: v for k, v in os.environ.items() if k not in {"MAKEFLAGS", "MFLAGS", "MAKELEVEL"}}
    return subprocess.run(
        ["make", "--no-print-directory", "-o", ".venv/.installed-stamp", "publish",
         f"PUBLISH_REMOTE={remote}", *settings],
        cwd=ROOT, capture_output=True, text=True, timeout=120, env=env,
    )  # fmt: skip


@pytest.mark.parametrize(
    "failing, variables",
    [
        ("the build", {"SPHINXBUILD": "false"}),
        ("the doctests", {"SPHINXBUILD": "true", "PYTEST": "false"}),
    ],
)
def test_make_publish_refuses_when_a_check_fails(tmp_path, bare_remote, failing, variables):
    result = make_publish(tmp_path, bare_remote, **variables)
    assert result.returncode != 0, f"make publish went on although {failing} failed"
    assert "NOT publishing" in result.stderr, result.stderr
    assert git("branch", "--list", "gh-pages", cwd=bare_remote) == "", "something was pushed"
