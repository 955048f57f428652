"""The Chinese edition's words live in the catalogues, never in the code.

The words the book's extension and templates write (the Run button, the
language switcher, the captions of included code, the 404 page, the names of
the theme's buttons) are English in the source, marked ``_()`` or ``N_()``,
and translated in ``docs/locale/zh_CN/LC_MESSAGES/book.po``
(docs/_ext/book/i18n/catalogue.py); the widgets' words are marked ``_()`` in their
scripts and translated in ``widgets.po``. So no Chinese character stands in
``docs/_ext``, ``docs/_tools``, the scripts under ``docs/_static``, the
figure scripts (their words are in ``figures.po``) or the templates, every word they mark is translated, and the built Chinese edition
shows the translations.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

import catalogues
import helpers
from helpers import CHINESE, ROOT, chapter_page

HAN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+")
SOURCES = [
    *sorted((ROOT / "docs" / "_ext").rglob("*.py")),
    *sorted((ROOT / "docs" / "_ext").rglob("*.js")),
    *sorted((ROOT / "docs" / "_tools").glob("*.py")),
    *sorted((ROOT / "docs" / "_static").rglob("*.js")),
    *sorted((ROOT / "docs" / "chapters" / "figures").glob("*.py")),
    *sorted((ROOT / "docs" / "_templates").rglob("*.html")),
]
# Files that may hold Chinese, each with its reason. An entry whose file holds
# none fails the test: remove it.
ALLOWED: set[str] = set()
LOCALE = helpers.catalogue_folder(CHINESE)
BOOK_PO = LOCALE / "book.po"
# Each catalogue of words marked in the code, and where they are marked.
MARKED = {
    "book": catalogues.book_template,  # docs/_ext/book/**/*.py
    "widgets": catalogues.widgets_template,  # docs/_static/widgets/*.js
}


def test_no_chinese_in_the_extensions_tools_and_templates():
    found = {
        path.relative_to(ROOT).as_posix(): HAN.findall(path.read_text(encoding="utf-8"))
        for path in SOURCES
    }
    stray = {
        name: words[:5]
        for name, words in found.items()
        if words and name not in ALLOWED
    }
    assert len(found) > 50, sorted(found)
    assert not stray, f"Chinese outside the catalogues (put it in a .po): {stray}"
    stale = sorted(name for name in ALLOWED if not found.get(name))
    assert not stale, f"allowed to hold Chinese but holds none: {stale}"


def book_catalogue(name: str = "book"):
    with (LOCALE / f"{name}.po").open("rb") as handle:
        return read_po(handle, locale=CHINESE)


@pytest.mark.parametrize("name", MARKED)
def test_every_word_the_code_marks_is_translated(name: str):
    template = MARKED[name]()
    marked = {message.id for message in template if message.id}
    assert len(marked) >= 25, sorted(marked)  # the runner, captions, 404, furo, ...
    catalogue = {m.id: m for m in book_catalogue(name) if m.id}
    missing = sorted(marked - catalogue.keys())
    assert not missing, f"not in {name}.po (run make catalogues): {missing}"
    stale = sorted(catalogue.keys() - marked)
    assert not stale, (
        f"in {name}.po but no longer in the code (run make catalogues): {stale}"
    )
    for message in catalogue.values():
        assert message.string and not message.fuzzy, f"translate: {message.id!r}"
        if re.search(r"[A-Za-z]", re.sub(r"\{\w+\}", "", message.id)):  # words
            assert HAN.search(message.string), f"{message.id!r} is not translated"
        for field in re.findall(r"\{\w+\}", message.id):
            assert field in message.string, f"{message.id!r} loses {field}"


def test_make_catalogues_adds_a_new_word_and_drops_a_removed_one(tmp_path: Path):
    extension = tmp_path / "ext"
    extension.mkdir()
    (extension / "words.py").write_text('_("Run")\n_("A new word")\nN_("Menu")\n')
    locale = tmp_path / "locale" / CHINESE / "LC_MESSAGES"
    locale.mkdir(parents=True)
    (locale / "book.po").write_bytes(BOOK_PO.read_bytes())
    template = catalogues.book_template(extension, conf=None)
    assert catalogues.update_book_catalogues(tmp_path / "locale", template)
    with (locale / "book.po").open("rb") as handle:
        updated = {m.id: m for m in read_po(handle) if m.id}
    assert set(updated) == {"Run", "A new word", "Menu"}
    assert updated["Run"].string == book_catalogue()["Run"].string
    assert updated["A new word"].string == ""
    assert not catalogues.update_book_catalogues(tmp_path / "locale", template)


@pytest.mark.slow
def test_the_chinese_edition_shows_the_translations(site: Path, zh_site: Path):
    words = {m.id: m.string for m in book_catalogue() if m.id}
    chapter = (zh_site / chapter_page("engine")).read_text(encoding="utf-8")
    english = (site / chapter_page("engine")).read_text(encoding="utf-8")
    for message in (
        "Run the code on this page",
        "Book contents",
        "On this page",
        "Language",
        "Toggle site navigation sidebar",
        "Light mode",
    ):
        assert words[message] in chapter, message
        assert message in english, message
    assert words["Run the code on this page"] not in english
    widgets = {m.id: m.string for m in book_catalogue("widgets") if m.id}
    script = zh_site / "_static" / "widgets" / "widget-words.js"
    text = script.read_text(encoding="utf-8")
    for english in ("Take one step", "Reveal full curve", "too large to show"):
        assert json.dumps(widgets[english], ensure_ascii=False) in text, english
    assert "widget-words.js" in chapter or "widget" not in chapter
    assert "widget-words.js" in (zh_site / chapter_page("slopes")).read_text(
        encoding="utf-8"
    )
    assert not (site / "_static" / "widgets" / "widget-words.js").exists()
    page_404 = (zh_site / "404.html").read_text(encoding="utf-8")
    assert words["This page is not in the book"] in page_404
    assert "This page is not in the book" in (site / "404.html").read_text(
        encoding="utf-8"
    )
