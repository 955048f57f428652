"""A new language is a folder of catalogues and one entry in ``book_editions``.

Every word a reader sees is in the catalogues (the pages', ``book.po``,
``widgets.po``, ``figures.po``, ``source.po``, ``sphinx.po``), and everything
else about an edition follows from its language (docs/_ext/book/build.py).
So a pseudo-language, "fr", made of the Chinese catalogues copied into
``locale/fr`` and one entry, ``book_editions["fr"] = "fr"``, is built by the
real ``make html LANGUAGES=fr`` (a plain ``make html`` builds every folder
of ``locale``) around a small book with the real ``conf.py``
and the book's whole extension (tests/helpers.py), and is a third edition:
in its folder, in its language, linked from the others, with the book's words
of its catalogues. The translator changed one message of the copy, the
language's name, and the switcher shows it. ``make catalogues`` made the
small book's page catalogues follow its pages, untranslated: its pages show
their English as pending, saying so, until a translator comes; and the
reader's checker, to which the page hands the edition's language, speaks
English there and says so. The English pages of the same
build show the touches each part of the book makes, in the order the book's
``setup()`` gives them.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from helpers import (
    CHINESE,
    FOLDER,
    NODE_STAMP,
    ROOT,
    STAMP,
    catalogue_folder,
    clean_environment,
    missing,
    refresh_page_catalogues,
    whole_book,
)

pytestmark = pytest.mark.slow  # a make html of two editions

ZH_CN = catalogue_folder(CHINESE).parent  # the folder the new language copies
NODE_MODULES = ROOT / "docs" / "_tools" / "node_modules"
NAME = "Pseudo-français"  # the copy's one edited message: the language's name
ENTRY = 'book_editions = {**book_editions, "fr": "fr"}'


def words(catalogue: str) -> dict[str, str]:
    with (ZH_CN / "LC_MESSAGES" / f"{catalogue}.po").open("rb") as handle:
        return {m.id: m.string for m in read_po(handle) if m.id}


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    for package, file in (("katex", "dist/katex.min.css"), ("pyodide", "pyodide.mjs")):
        if not (NODE_MODULES / package / file).is_file():
            missing(f"{package} is not installed in {NODE_MODULES} (make html)")
    folder = tmp_path_factory.mktemp("new-language")
    locale = folder / "locale"
    locale.mkdir()
    (locale / CHINESE).symlink_to(ZH_CN)
    shutil.copytree(ZH_CN, locale / "fr")  # the catalogue folder
    book_po = locale / "fr" / "LC_MESSAGES" / "book.po"
    text = book_po.read_text(encoding="utf-8")
    text, found = re.subn(r'(msgid "English"\nmsgstr )"[^"]*"', rf'\1"{NAME}"', text)
    assert found == 1
    book_po.write_text(text, encoding="utf-8")
    docs = whole_book(folder / "book", extra=ENTRY, locale=locale)
    refresh_page_catalogues(docs, locale, "fr")  # make catalogues: the pages' own
    done = subprocess.run(
        ["make", "--no-print-directory", "-o", STAMP, "-o", NODE_STAMP]
        + ["html", "LANGUAGES=fr"],
        cwd=docs.parent,
        capture_output=True,
        text=True,
        timeout=300,
        env=clean_environment(),
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    assert "WARNING" not in done.stdout + done.stderr
    return docs / "_build" / "html"


def page(site: Path, name: str) -> str:
    return (site / name).read_text(encoding="utf-8")


def switcher(html: str) -> dict[str, str]:
    """The language switcher's links: name -> address ("" for this edition)."""
    links = re.findall(
        r'<a class="language-switch-link"[^>]*href="([^"]*)"[^>]*>([^<]*)</a>', html
    )
    here = re.findall(r'class="language-switch-current"[^>]*>([^<]*)<', html)
    return {name: href for href, name in links} | {name: "" for name in here}


def test_make_builds_every_catalogue_folder_by_default(site: Path):
    planned = subprocess.run(
        ["make", "--no-print-directory", "-n", "-o", STAMP, "-o", NODE_STAMP, "html"],
        cwd=site.parents[2],
        capture_output=True,
        text=True,
        env=clean_environment(),
        check=True,
    ).stdout
    assert set(re.findall(r"-D language=(\w+)", planned)) == {CHINESE, "fr"}


def test_the_new_language_is_built_in_its_folder_in_its_language(site: Path):
    for name in ("index.html", "chapters/tiny.html", "search.html", "404.html"):
        assert re.search(r'<html[^>]* lang="fr"', page(site, f"fr/{name}")), name
    assert not (site / CHINESE).exists(), "LANGUAGES=fr builds English and fr"


def test_every_edition_links_the_others_by_their_own_names(site: Path):
    english = switcher(page(site, "chapters/tiny.html"))
    assert english == {
        "English": "",
        "中文": f"../{FOLDER[CHINESE]}chapters/tiny.html",
        NAME: "../fr/chapters/tiny.html",
    }
    french = switcher(page(site, "fr/chapters/tiny.html"))
    assert french == {
        "English": "../../chapters/tiny.html",
        "中文": f"../../{FOLDER[CHINESE]}chapters/tiny.html",
        NAME: "",
    }


def test_the_new_edition_shows_the_words_of_its_catalogues(site: Path):
    book, widgets = words("book"), words("widgets")
    chapter = page(site, "fr/chapters/tiny.html")
    assert f"<title>Tiny chapter - {book['From Slopes to Backprop']}</title>" in chapter
    for message in ("Run the code on this page", "Book contents", "Language"):
        assert book[message] in chapter, message
    assert 'name="description"' in chapter
    assert book["This page is not in the book"] in page(site, "fr/404.html")
    assert "widgets/widget-words.js" in chapter
    script = page(site, "fr/_static/widgets/widget-words.js")
    for english in ("Small change h", "Position x"):
        assert json.dumps(widgets[english], ensure_ascii=False) in script
    runner = page(site, "fr/_static/runner/runner-words.js")
    assert '"language": "fr"' in runner
    assert json.dumps(book["Reset"], ensure_ascii=False) in runner
    assert page(site, "fr/_static/runner/runner.css")  # the runtime is the root's
    assert not (site / "fr" / "_static" / "pyodide").exists()


def test_the_english_pages_show_every_part_in_the_written_order(site: Path):
    chapter = page(site, "chapters/tiny.html")
    for mark in (
        'id="katex-preload"',
        'tabindex="0"',
        'loading="lazy"',
        'aria-label="Book contents"',
        'aria-level="2"',
        "runner-printed-by-3-11",
        'class="runner-run"',
        '<td class="head"></td>',
        'data-widget="secant"',
        "tinygrad.py, in class",
    ):
        assert mark in chapter, mark
    assert "widget-words.js" not in chapter, "English needs no words file"
    head = chapter[: chapter.index("</head>")]
    # page(): the fonts' preload first, then the description, then the files
    assert head.index('id="katex-preload"') < head.index('name="description"')
    download = chapter.index('class="engine-download"')
    assert download < chapter.index('class="runner-page"'), "the Run control under it"


def test_untranslated_pages_say_so_and_the_checker_says_its_language(site: Path):
    """The page catalogues ``make catalogues`` made for fr are untranslated: each
    paragraph of the fr chapter is in English, marked (lang="en") and announced."""
    chapter = page(site, "fr/chapters/tiny.html")
    pending = re.findall(r'<p class="translation-pending" lang="en">', chapter)
    notes = re.findall(r'<p class="translation-pending-note">', chapter)
    assert len(pending) >= 2 and len(notes) == len(pending), (pending, notes)
    runner = page(site, "fr/_static/runner/runner-words.js")
    assert '"language": "fr"' in runner  # what the in-page checker is told
    said = subprocess.run(
        [
            sys.executable,
            str(ROOT / "src" / "check_engine.py"),
            str(ROOT / "src" / "engine_book.py"),
        ],
        capture_output=True,
        text=True,
        env={**clean_environment(), "LANGUAGE": "fr"},
        timeout=60,
    )
    first = (said.stdout + said.stderr).splitlines()[0]
    assert "has no messages in fr" in first and "English" in first, first
