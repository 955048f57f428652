"""The Chinese edition's catalogues: complete, consistent and typeset in Chinese.

The Chinese edition (``make html`` builds it into ``zh_CN/``) is the English
pages with every message replaced by its translation from
``docs/locale/zh_CN/LC_MESSAGES/*.po``. These checks read the catalogues
themselves, with Babel (installed with Sphinx), so they need no build:

* every message is translated, or, in a page's catalogue, fuzzy (the English
  changed after it was translated: ``make catalogues`` marks it so; the page
  shows it in English, as pending), and ``msgfmt -c`` accepts every catalogue;
  a code block (the catalogues hold the page's Python blocks that have
  comments, see ``docs/_ext/book/i18n/code_comments.py``) may be left
  untranslated, and then shows the English code;
* a translated code block is the English code with only its comments
  changed, token for token, and its changed comments are Chinese;
* every number of a message appears in its translation (a cheap check that
  no digit was changed on the way);
* the terms of the glossary are the ones of ``ZH_TERMS`` (d2l-zh's), and the
  known mistranslations appear nowhere;
* Chinese typography in the translated prose (inline code, math, roles and
  link targets are left out): no ASCII comma, full stop, colon, semicolon or
  question mark after a Chinese character (before another, a space or the
  end of the message), and a space between Chinese
  and Latin letters or digits.

The built pages are checked in ``test_chinese_edition_site.py``.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from book.i18n.code_comments import code_only, comments, docstrings
from helpers import (
    GLOSSARY_TERMS,
    MISTRANSLATIONS,
    ROOT,
    WORDS_CATALOGUES,
    catalogue_folder,
    translation_gaps,
)

LOCALE = catalogue_folder()  # the Chinese edition's: docs/locale/zh_CN/LC_MESSAGES
CATALOGUES = sorted(LOCALE.rglob("*.po"))
PAGE_CATALOGUES = [
    po for po in CATALOGUES if po.name != "sphinx.po"
]  # sphinx.po: the theme's words


CJK = r"[\u3400-\u4dbf\u4e00-\u9fff]"
# after a Chinese character, before another, a space or the end: 斜率,然后 / 多快?
ASCII_PUNCTUATION_IN_CHINESE = re.compile(rf"{CJK}[,.:;?](?=\s|$|{CJK})")
NO_SPACE = re.compile(rf"{CJK}[A-Za-z0-9]|[A-Za-z0-9]{CJK}")
NUMBER = re.compile(r"(?<![\w.])-?\d+(?:\.\d+)?(?:e-?\d+)?(?!\w)")


def messages(po: Path):
    """The catalogue's messages (not the header, not obsolete ones)."""
    with po.open("rb") as handle:
        catalog = read_po(handle)
    return [m for m in catalog if m.id]


def where(po: Path, message) -> str:
    return f"{po.relative_to(LOCALE)}:{message.lineno}"


FENCE = re.compile(r"\s*(`{3,}|~{3,})")


def is_code(message) -> bool:
    """Whether a message is a code block: Python with comments, and every place it
    comes from is a fence's first line in the English page
    (``#: ../../chapters/NN-name.md:231``)."""
    places = [(name, line) for name, line in message.locations if line]
    for name, line in places:
        # the places are relative to docs/_build/gettext, where Sphinx wrote them
        page = Path(os.path.normpath(ROOT / "docs" / "_build" / "gettext" / name))
        lines = page.read_text(encoding="utf-8").splitlines() if page.is_file() else []
        if not (0 < line <= len(lines) and FENCE.match(lines[line - 1])):
            return False
    return bool(places) and bool(comments(message.id) or docstrings(message.id))


def prose(text: str) -> str:
    """The words of a message, without what is not prose: display and inline
    math, roles (``{download}`...```), inline code, link targets, HTML tags and
    addresses; emphasis marks and link brackets dropped."""
    text = re.sub(r"\$\$.*?\$\$", " ", text, flags=re.S)
    text = re.sub(r"(?<!\\)\$[^$]+\$", " ", text)
    text = re.sub(r"\{[a-z:-]+\}`[^`]*`", " ", text)
    text = re.sub(r"``.*?``", " ", text)
    text = re.sub(r"`[^`]*`", " ", text)
    text = re.sub(r"\]\([^)]*\)", "]", text)
    text = re.sub(r"<[^>]+>", " ", text)
    text = re.sub(r"https?://\S+", " ", text)
    return re.sub(r"[*\[\]]", "", text)


def test_the_catalogues_exist():
    names = {po.relative_to(LOCALE).as_posix() for po in PAGE_CATALOGUES}
    pages = {"index.po", "api.po", "glossary.po"} | {
        f"chapters/{md.stem}.po" for md in (ROOT / "docs" / "chapters").glob("*.md")
    }
    assert pages <= names, f"pages with no catalogue: {sorted(pages - names)}"


@pytest.mark.parametrize(
    "po", CATALOGUES, ids=lambda p: p.relative_to(LOCALE).as_posix()
)
def test_every_message_is_translated_or_shown_as_pending(po: Path):
    """An untranslated message fails: its author asks for a translation. A fuzzy
    one (the English changed) may stand in a page's catalogue, which the page
    shows as pending, in English; never in the catalogues of words no page holds.
    (tests/book/test_a_changed_english_is_never_shown_silently.py: the path.)"""
    assert messages(po), f"{po} holds no message"
    untranslated, fuzzy = translation_gaps(po, is_code)
    assert not untranslated, (
        "untranslated (msgstr is empty): translate it, or ask for a translation"
        f" (CONTRIBUTING.md): {[f'{where(po, m)} {m.id[:60]!r}' for m in untranslated]}"
    )
    if po.name in WORDS_CATALOGUES:
        assert not fuzzy, (
            "fuzzy (the English changed: check the translation, then delete"
            f" '#, fuzzy'): {[where(po, m) for m in fuzzy]}"
        )


@pytest.mark.parametrize(
    "po", CATALOGUES, ids=lambda p: p.relative_to(LOCALE).as_posix()
)
def test_msgfmt_accepts_every_catalogue(po: Path, need):
    done = subprocess.run(
        [need("msgfmt"), "-c", "--statistics", "-o", "/dev/null", str(po)],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    assert "fuzzy" not in done.stderr, done.stderr
    # msgfmt counts the code blocks left in English (they show the English code)
    english_code = sum(1 for m in messages(po) if not m.string and is_code(m))
    untranslated = re.search(r"(\d+) untranslated", done.stderr)
    count = int(untranslated.group(1)) if untranslated else 0
    assert count == english_code, done.stderr


def test_no_catalogue_claims_python_format_strings():
    """Babel flags any message with % or {...} as a Python format string; ours are prose,
    and msgfmt -c would reject a translation whose % signs differ. make catalogues removes them.
    (Read from the files' text: Babel adds the flag again to what it reads.)"""
    flagged = [
        f"{po.relative_to(LOCALE)}:{number}"
        for po in CATALOGUES
        for number, line in enumerate(po.read_text(encoding="utf-8").splitlines(), 1)
        if line.startswith("#,") and "python-" in line
    ]
    assert not flagged, f"run `make catalogues` (it removes these flags): {flagged}"


def test_every_number_of_a_message_is_in_its_translation():
    changed = []
    for po in PAGE_CATALOGUES:
        for m in messages(po):
            if not m.string or m.fuzzy:  # a fuzzy one is not shown (pending.py)
                continue
            digits = set(re.findall(r"\d+(?:\.\d+)?(?:e-?\d+)?", m.string))
            missing = [n for n in NUMBER.findall(m.id) if n.lstrip("-") not in digits]
            if missing:
                changed.append(f"{where(po, m)}: {missing}")
    assert not changed, "numbers missing from the translation:\n" + "\n".join(changed)


def test_the_glossary_gives_every_term():
    text = "\n".join(m.string for m in messages(LOCALE / "glossary.po"))
    missing = [term for term in GLOSSARY_TERMS if term not in text]
    assert not missing, f"terms missing from glossary.po: {missing}"
    title = next(
        m.string for m in messages(LOCALE / "glossary.po") if m.id == "Glossary"
    )
    assert title == "术语表"


def test_no_mistranslation_in_any_catalogue():
    found = [
        f"{where(po, m)}: {word}"
        for po in CATALOGUES for m in messages(po) for word in MISTRANSLATIONS if word in m.string
    ]  # fmt: skip
    assert not found, f"mistranslated terms (see ZH_TERMS): {found}"


def test_no_ascii_punctuation_between_chinese_characters():
    found = [
        f"{where(po, m)}: {match.group()!r}"
        for po in PAGE_CATALOGUES for m in messages(po)
        for match in ASCII_PUNCTUATION_IN_CHINESE.finditer(prose(m.string))
    ]  # fmt: skip
    assert not found, (
        "use full-width punctuation (，。：；？) in Chinese sentences:\n"
        + "\n".join(found)
    )


def test_a_space_between_chinese_and_latin_letters_or_digits():
    found = [
        f"{where(po, m)}: {match.group()!r}"
        for po in PAGE_CATALOGUES for m in messages(po)
        for match in NO_SPACE.finditer(prose(m.string))
    ]  # fmt: skip
    assert not found, (
        "put one space between Chinese and Latin letters or digits:\n"
        + "\n".join(found)
    )


@pytest.mark.parametrize(
    "text, problem",
    [
        ("我们用Python计算", NO_SPACE),
        ("共17个参数", NO_SPACE),
        ("斜率,然后", ASCII_PUNCTUATION_IN_CHINESE),
        ("是什么?答案", ASCII_PUNCTUATION_IN_CHINESE),
        ("它有多快?", ASCII_PUNCTUATION_IN_CHINESE),
    ],
)
def test_the_typography_checks_catch_mistakes(text: str, problem: re.Pattern[str]):
    assert problem.search(prose(text))


@pytest.mark.parametrize(
    "text",
    [
        "调用 `backward()` 之后",
        "在 $x = 5$ 处",
        "请{download}`下载 tensorgrad.py <../../src/tensorgrad.py>`",
        "[引擎](NN-engine.md)一章",
    ],
)
def test_the_typography_checks_skip_code_math_and_links(text: str):
    assert not NO_SPACE.search(prose(text)) and not ASCII_PUNCTUATION_IN_CHINESE.search(
        prose(text)
    )


def test_make_catalogues_strips_the_format_flags():
    from catalogues import strip_format_flags

    text = '#: a.md:1\n#, fuzzy, python-format\nmsgid "50 %"\nmsgstr ""\n\n#, python-brace-format\nmsgid "{x}"\n'
    assert (
        strip_format_flags(text)
        == '#: a.md:1\n#, fuzzy\nmsgid "50 %"\nmsgstr ""\n\nmsgid "{x}"\n'
    )


def test_make_catalogues_drops_obsolete_entries():
    """English that no page shows any more (``#~``) leaves the catalogues."""
    from catalogues import drop_obsolete

    text = (
        'msgid "a"\nmsgstr "甲"\n\n#~ msgid "gone"\n#~ msgstr "旧"\n\n'
        '#, fuzzy\n#~ msgid "gone too"\n#~ msgstr "旧"\n\n#: b.md:2\nmsgid "b"\nmsgstr "乙"\n'
    )
    assert (
        drop_obsolete(text)
        == 'msgid "a"\nmsgstr "甲"\n\n#: b.md:2\nmsgid "b"\nmsgstr "乙"\n'
    )
    left = [po.name for po in CATALOGUES if "\n#~ " in po.read_text(encoding="utf-8")]
    assert left == [], f"obsolete entries in {left}: run make catalogues"


def test_no_doc_role_inside_chinese_prose():
    """A chapter is named by a link, [异或一章](NN-xor.md): {doc} would put its title
    into the sentence ("在 在异或（XOR）上训练 中")."""
    found = [
        where(po, m)
        for po in PAGE_CATALOGUES
        for m in messages(po)
        if m.string and "{doc}`" in m.string and not is_code(m)
    ]
    assert found == [], found


@pytest.mark.slow  # every docstring's doctests, in both editions: 3 s
def test_translated_docstrings_keep_their_doctests_running(tmp_path: Path):
    """The engine's files with source.po's words in place: the same code, and
    every doctest in them still passes (source_words.py)."""
    from book.i18n.catalogue import read_catalogue
    from book.i18n.source_words import same_code, translated

    words = read_catalogue(LOCALE / "source.po")
    for name in ("tinygrad", "engine_book", "tensorgrad", "digits"):
        english = (ROOT / "src" / f"{name}.py").read_text(encoding="utf-8")
        chinese = translated(english, words)
        assert same_code(english, chinese), name
        (tmp_path / f"{name}.py").write_text(chinese, encoding="utf-8")
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-p",
            "no:cacheprovider",
            "--doctest-modules",
        ]
        + ["--rootdir", str(tmp_path), "-c", "/dev/null"]
        + [str(tmp_path / f"{n}.py") for n in ("tinygrad", "tensorgrad", "digits")],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(tmp_path)},
    )
    assert done.returncode == 0, done.stdout[-3000:]
    assert "passed" in done.stdout and "failed" not in done.stdout


def _writer(path: str, doctrees: str = "{doctrees}") -> list[str]:
    """A command that writes an index.html into ``path`` and a file into its doctrees."""
    code = (
        "import pathlib, sys; o = pathlib.Path(sys.argv[1]); o.mkdir(parents=True, exist_ok=True);"
        " (o / 'index.html').write_text('x'); d = pathlib.Path(sys.argv[2]); d.mkdir(parents=True);"
        " (d / 'env').write_text('x')"
    )
    return [sys.executable, "-c", code, path, doctrees]


def test_build_site_builds_both_editions_into_one_site(tmp_path: Path):
    """make html: English into {out}, Chinese into {out}/zh_CN, each with its own doctrees."""
    import build_site

    target = tmp_path / "html"
    status = build_site.build(
        target, _writer("{out}"), _writer("{out}/zh_CN", "{doctrees:zh_CN}")
    )
    assert status == 0
    assert (target / "index.html").is_file() and (
        target / "zh_CN" / "index.html"
    ).is_file()
    # The doctrees are gone, and so is the zh_CN folder made for them (it holds no figure cache).
    assert sorted(p.name for p in tmp_path.iterdir()) == ["html", "html.lock"]

    failing = [sys.executable, "-c", "raise SystemExit(3)", "{out}"]
    assert build_site.build(target, _writer("{out}"), failing) == 3
    assert (target / "zh_CN" / "index.html").is_file(), (
        "a failed second build must keep the previous site"
    )
    assert build_site.split_commands(["a", "{out}", "--", "b", "{out}/zh_CN"]) == [
        ["a", "{out}"],
        ["b", "{out}/zh_CN"],
    ]


def code_messages():
    return [
        (po, m)
        for po in PAGE_CATALOGUES
        for m in messages(po)
        if m.string and is_code(m)
    ]


def test_the_catalogues_hold_code_blocks():
    """gettext_additional_targets and docs/_ext/book/i18n/code_comments.py at work: the
    commented code of the pages is in the catalogues, the code of src/ is not."""
    found = code_messages()
    assert len(found) >= 20, f"only {len(found)} translated code blocks"
    sources = [py.read_text(encoding="utf-8") for py in (ROOT / "src").glob("*.py")]
    included = [
        where(po, m)
        for po in PAGE_CATALOGUES
        for m in messages(po)
        if "\n" in m.id and any(m.id in source for source in sources)
    ]
    assert not included, f"included source code in a catalogue: {included}"


def test_a_translated_code_block_changes_only_its_comments():
    """Token for token the English code; the comments that differ are Chinese."""
    wrong = []
    for po, m in code_messages():
        english, chinese = comments(m.id), comments(m.string)
        if chinese is None or code_only(m.string) != code_only(m.id):
            wrong.append(f"{where(po, m)}: the code differs from the English")
        elif len(chinese) != len(english):
            wrong.append(
                f"{where(po, m)}: {len(english)} comments, {len(chinese)} translated"
            )
        else:
            wrong += [
                f"{where(po, m)}: {zh!r} is not Chinese"
                for en, zh in zip(english, chinese)
                if zh != en
                and not re.search(rf"{CJK}|[\u3000-\u303f\uff00-\uffef]", zh)
            ]
    assert not wrong, "\n".join(wrong)


def test_chinese_comments_follow_the_typography():
    """Code comments are prose: full-width punctuation, spaces around Latin words."""
    found = [
        f"{where(po, m)}: {match.group()!r}"
        for po, m in code_messages() for comment in comments(m.string) or []
        for problem in (NO_SPACE, ASCII_PUNCTUATION_IN_CHINESE)
        for match in problem.finditer(prose(comment.lstrip("# ")))
    ]  # fmt: skip
    assert not found, "\n".join(found)


@pytest.mark.parametrize(
    "english, translated, same",
    [
        (">>> x = 5  # the input\n>>> x\n5", ">>> x = 5  # 输入\n>>> x\n5", True),
        ("y = 2 * x  # twice", "y = 3 * x  # 两倍", False),
        (">>> x = 5  # the input\n5", ">>> x = 5  # 输入\n6", False),
        (
            'def f():\n    """Twice."""\n    return 2',
            'def f():\n    """两倍。"""\n    return 2',
            True,
        ),
        (
            'def f():\n    """Twice."""\n    return 2',
            'def f():\n    """两倍。"""\n    return 3',
            False,
        ),
        ('x = "two words"', 'x = "两个词"', False),  # a string in code is code
        (
            ">>> def f():\n...     'Doc.'\n...\n>>> f()",
            ">>> def f():\n...     '文档。'\n...\n>>> f()",
            True,
        ),
    ],
)
def test_comparing_code_only_catches_changed_code(english, translated, same):
    assert (code_only(english) == code_only(translated)) is same
