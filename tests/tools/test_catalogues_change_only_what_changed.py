"""``make catalogues`` changes a catalogue only where its page's English changed.

Several people change different chapters at once: a catalogue whose messages
did not change must stay byte for byte as it was (``sphinx-intl update``
rewrites only those whose messages changed), and one whose messages did keeps
its ``POT-Creation-Date`` (``catalogues.py --pages``), so the header of a
catalogue never conflicts between two changes of its page.
"""

from __future__ import annotations

from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

import catalogues  # docs/_tools, on pytest's pythonpath

OLD_DATE = '"POT-Creation-Date: 2026-01-01 00:00+0000\\n"'


def write(path: Path, messages: dict[str, str], locale: str | None = None) -> None:
    catalogue = Catalog(locale=locale, project="Tiny", fuzzy=False)
    for english, translated in messages.items():
        catalogue.add(english, translated)
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as handle:
        write_po(handle, catalogue, width=76)


def test_an_unchanged_catalogue_stays_and_a_changed_one_keeps_its_date(tmp_path):
    templates, locale = tmp_path / "gettext", tmp_path / "locale"
    folder = locale / "zh_CN" / "LC_MESSAGES"
    write(folder / "a.po", {"The slope.": "斜率。", "A typo here.": "这里。"}, "zh_CN")
    write(folder / "chapters" / "b.po", {"Loss.": "损失。"}, "zh_CN")
    for po in folder.rglob("*.po"):
        text = po.read_text(encoding="utf-8")
        head, rest = text.split('"POT-Creation-Date: ', 1)
        rest = rest.split("\n", 1)[1]
        po.write_text(f"{head}{OLD_DATE}\n{rest}", encoding="utf-8")
    before = {po: po.read_bytes() for po in folder.rglob("*.po")}
    write(templates / "a.pot", {"The slope.": "", "A typo fixed here.": ""})
    write(templates / "chapters" / "b.pot", {"Loss.": ""})

    changed = catalogues.update_pages(templates, locale, ["zh_CN"])

    b = folder / "chapters" / "b.po"
    assert changed == [folder / "a.po"]
    assert b.read_bytes() == before[b]
    text = (folder / "a.po").read_text(encoding="utf-8")
    assert OLD_DATE in text
    with (folder / "a.po").open("rb") as handle:
        found = {m.id: m for m in read_po(handle) if m.id}
    assert found["A typo fixed here."].fuzzy
    assert found["A typo fixed here."].string == "这里。"  # kept for a translator
    assert not found["The slope."].fuzzy
