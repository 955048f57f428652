"""Tidy the translation catalogues and say what needs a translator.

    python docs/_tools/catalogues.py docs/locale

``make catalogues`` runs this after ``sphinx-intl update``. For every ``.po``
file under the folder it

* removes the ``python-format`` and ``python-brace-format`` flags that Babel
  puts on any message containing ``%`` or ``{...}``: the book's messages are
  prose, not Python format strings (``50 %``, ``{download}`` are text), and
  ``msgfmt -c`` would reject a translation whose ``%`` signs differ;
* counts the messages that are translated, fuzzy (the English changed since
  they were translated: check and update the translation, then delete the
  ``#, fuzzy`` line) and untranslated (``msgstr ""``).

It prints one line per catalogue and a total, and exits 0: the test
``tests/test_chinese_edition.py`` is what fails on a fuzzy or untranslated
message.
"""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass
from pathlib import Path

from babel.messages.pofile import read_po

FORMAT_FLAGS = {"python-format", "python-brace-format"}


def strip_format_flags(text: str) -> str:
    """Remove the format flags from the ``#,`` lines of a PO file's text."""

    def tidy(match: re.Match[str]) -> str:
        flags = [f.strip() for f in match.group(1).split(",")]
        kept = [f for f in flags if f and f not in FORMAT_FLAGS]
        return f"#, {', '.join(kept)}\n" if kept else ""

    return re.sub(r"^#,(.*)\n", tidy, text, flags=re.M)


@dataclass
class Counts:
    translated: int = 0
    fuzzy: int = 0
    untranslated: int = 0


def count(po: Path) -> Counts:
    with po.open("rb") as handle:
        catalog = read_po(handle)
    counts = Counts()
    for message in catalog:
        if not message.id:
            continue  # the header
        if message.fuzzy:
            counts.fuzzy += 1
        elif not message.string:
            counts.untranslated += 1
        else:
            counts.translated += 1
    return counts


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if len(argv) != 1 or not Path(argv[0]).is_dir():
        print("usage: catalogues.py LOCALE_FOLDER (docs/locale)", file=sys.stderr)
        return 2
    root = Path(argv[0])
    total = Counts()
    catalogues = sorted(root.rglob("*.po"))
    if not catalogues:
        print(f"catalogues: no .po files under {root}", file=sys.stderr)
        return 1
    for po in catalogues:
        text = po.read_text(encoding="utf-8")
        tidy = strip_format_flags(text)
        if tidy != text:
            po.write_text(tidy, encoding="utf-8")
        counts = count(po)
        for field in ("translated", "fuzzy", "untranslated"):
            setattr(total, field, getattr(total, field) + getattr(counts, field))
        todo = "" if counts.fuzzy + counts.untranslated == 0 else "   <- to translate"
        print(
            f"{po.relative_to(root)}: {counts.translated} translated, "
            f"{counts.fuzzy} fuzzy, {counts.untranslated} untranslated{todo}"
        )
    print(
        f"total: {total.translated} translated, {total.fuzzy} fuzzy, {total.untranslated} untranslated"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
