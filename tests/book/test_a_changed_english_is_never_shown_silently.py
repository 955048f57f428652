"""A typo fix cannot silently untranslate a page (CONTRIBUTING.md, "The Chinese edition").

The path of a contributor who reads no Chinese, end to end, on the book's two
small pages (``helpers.whole_book``: the real ``conf.py``, the whole extension,
the templates and the non-page catalogues), with Chinese page catalogues made
for them and translated:

1. the English of a paragraph changes and ``make catalogues`` is not run: the
   Chinese build fails (warnings are errors), naming the page, the line and
   the new English;
2. the page catalogues are refreshed, as ``make catalogues`` refreshes them:
   the changed message is fuzzy, the build passes, and the Chinese page shows
   that paragraph in English, saying so (``lang="en"`` and a line before it in
   Chinese), every other paragraph in Chinese;
3. the catalogue check that ``make test`` runs (``helpers.translation_gaps``,
   asked by test_chinese_edition.py) lets the fuzzy message stand (it is shown
   as what it is) and names a new, untranslated one: its author asks for a
   translation.

The steps run in this order, on one book.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.pofile import read_po, write_po

from book.i18n.pending import NOTE, PENDING, pending
from helpers import (
    CHINESE,
    catalogue_folder,
    refresh_page_catalogues,
    translation_gaps,
    whole_book,
)

pytestmark = pytest.mark.slow  # four Sphinx builds of a small book

PAGE = "chapters/tiny"
BEFORE = "A paragraph with a formula, $x^2$, and enough words to be"
AFTER = "A paragraph with one formula, $x^2$, and enough words to be"
NEW = "A new paragraph that nobody has translated yet."


def build(docs: Path) -> subprocess.CompletedProcess:
    """The Chinese edition, as ``make html`` builds it: warnings are errors."""
    out = docs.parent / "html-zh"
    shutil.rmtree(out, ignore_errors=True)
    return subprocess.run(
        [sys.executable, "-m", "sphinx", "-b", "html", "-W", "-n", "-q"]
        + ["-D", f"language={CHINESE}", "-d", str(docs.parent / "doctrees-zh")]
        + [str(docs), str(out)],
        capture_output=True,
        text=True,
        timeout=300,
    )


def translate_everything(folder: Path) -> None:
    """Give every message of the page catalogues a Chinese translation."""
    for po in [folder / "index.po", folder / f"{PAGE}.po"]:
        with po.open("rb") as handle:
            catalogue = read_po(handle, locale=CHINESE)
        for number, message in enumerate(m for m in catalogue if m.id):
            message.string = f"中文译文第 {number} 条"
            message.flags.discard("fuzzy")
        with po.open("wb") as handle:
            write_po(handle, catalogue, width=76)


@pytest.fixture(scope="module")
def book(tmp_path_factory) -> tuple[Path, Path]:
    folder = tmp_path_factory.mktemp("typo")
    locale = folder / "locale"
    messages = locale / CHINESE / "LC_MESSAGES"
    messages.mkdir(parents=True)
    for po in catalogue_folder(CHINESE).glob("*.po"):  # book.po, widgets.po, ...
        if po.name != "index.po":
            shutil.copy(po, messages / po.name)
    docs = whole_book(folder / "book", locale=locale)
    refresh_page_catalogues(docs, locale, CHINESE)
    translate_everything(messages)
    done = build(docs)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    return docs, locale


def chinese_page(docs: Path) -> str:
    return (docs.parent / "html-zh" / f"{PAGE}.html").read_text(encoding="utf-8")


def test_a_typo_fix_without_make_catalogues_fails_the_build_naming_it(book):
    docs, _ = book
    page = docs / f"{PAGE}.md"
    text = page.read_text(encoding="utf-8")
    assert BEFORE in text
    page.write_text(text.replace(BEFORE, AFTER), encoding="utf-8")
    done = build(docs)
    said = done.stdout + done.stderr
    assert done.returncode != 0, said[-3000:]
    assert re.search(
        rf"{PAGE}\.md:\d+: WARNING: {PAGE}: this English is not in"
        rf" locale/{CHINESE}/LC_MESSAGES/{PAGE}\.po: run `make catalogues`",
        said,
    ), said[-3000:]
    assert "'A paragraph with one formula, $x^2$, and enough words to be" in said


def test_after_make_catalogues_the_fuzzy_paragraph_is_shown_as_such(book):
    docs, locale = book
    refresh_page_catalogues(docs, locale, CHINESE)
    po = locale / CHINESE / "LC_MESSAGES" / f"{PAGE}.po"
    with po.open("rb") as handle:
        changed = [m for m in read_po(handle) if m.id and m.id.startswith(AFTER)]
    assert len(changed) == 1 and changed[0].fuzzy, changed  # the old translation kept
    done = build(docs)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    html = chinese_page(docs)
    shown = re.findall(rf'<p class="{PENDING}" lang="en">(.*?)</p>', html, re.S)
    assert len(shown) == 1 and "A paragraph with one formula" in shown[0], shown
    note = re.findall(rf'<p class="{NOTE}">([^<]*)</p>\s*<p class="{PENDING}"', html)
    assert note == ["下面这段的译文正在更新，暂以英文显示。"], note
    assert html.count("中文译文第") >= 5  # the other messages are translated
    assert "A paragraph with" not in html.replace(shown[0], "")


def test_the_catalogue_check_lets_fuzzy_stand_and_names_the_untranslated(book):
    """The check of test_chinese_edition.py, on these catalogues: the fuzzy
    message stands (the page shows it as pending); a new paragraph, untranslated,
    is named, and its author asks for a translation. The page shows it too."""
    docs, locale = book
    po = locale / CHINESE / "LC_MESSAGES" / f"{PAGE}.po"
    untranslated, fuzzy = translation_gaps(po)
    assert untranslated == [] and [m.id[:30] for m in fuzzy] == [AFTER[:30]]
    assert pending(po) == [m.id for m in fuzzy]
    page = docs / f"{PAGE}.md"
    page.write_text(page.read_text(encoding="utf-8") + f"\n{NEW}\n", encoding="utf-8")
    refresh_page_catalogues(docs, locale, CHINESE)
    untranslated, fuzzy = translation_gaps(po)
    assert [m.id for m in untranslated] == [NEW] and len(fuzzy) == 1
    done = build(docs)  # pending, not missing: the build passes, and shows it
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    assert f'<p class="{PENDING}" lang="en">{NEW}</p>' in chinese_page(docs)
