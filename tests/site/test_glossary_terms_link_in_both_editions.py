"""The glossary is Sphinx's own, and the chapters link to it.

The glossary page is a Sphinx ``glossary``: each entry names its term in English
and then in Chinese (two terms of one entry, so both columns of the old table
stay, in both editions), with its meaning. In each chapter the first use of a
term links to its entry (``{term}``), once per chapter; the Chinese catalogues
write the same links around the Chinese words (``{term}`斜率 <slope>```), so
both editions link the same terms in every chapter, and every link resolves
(the build runs with ``-n``; here we check the targets exist).
"""

from __future__ import annotations

import re
from collections import Counter
from html import unescape
from pathlib import Path

from helpers import CHINESE, FOLDER, ROOT, chapter_pages

CJK = re.compile(r"[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]")  # with its punctuation
TERM_LINK = re.compile(
    r'<a class="reference internal" href="\.\./glossary\.html#([^"]+)">'
    r'<span class="xref std std-term">(.*?)</span></a>',
    re.S,
)


def _entries(page: Path) -> list[list[tuple[str, str]]]:
    """The glossary's entries: each a list of (id, term) in page order."""
    text = page.read_text(encoding="utf-8")
    body = re.search(r'<dl class="simple glossary">(.*)</dl>', text, re.S)
    assert body, f"{page}: no Sphinx glossary"
    entries = []
    for item in re.split(r"</dd>", body.group(1))[:-1]:
        terms = re.findall(r'<dt id="([^"]+)">(.*?)<a class="headerlink"', item, re.S)
        entries.append(
            [(i, unescape(re.sub(r"<[^>]+>", "", t)).strip()) for i, t in terms]
        )
    return entries


def test_every_entry_names_its_term_in_english_then_in_chinese(site, zh_site):
    english, chinese = (
        _entries(site / "glossary.html"),
        _entries(zh_site / "glossary.html"),
    )
    assert len(english) > 60
    assert english == chinese, "the two editions' glossaries name different terms"
    for terms in english:
        assert len(terms) >= 2, terms
        *latin, (_, last) = terms
        assert CJK.search(last), f"no Chinese term last in {terms}"
        assert not any(CJK.search(t) for _, t in latin), terms
    source = (ROOT / "docs/glossary.md").read_text(encoding="utf-8")
    assert "```{glossary}" in source and "| English |" not in source


def _links(page: Path) -> list[tuple[str, str]]:
    return [
        (target, unescape(re.sub(r"<[^>]+>", "", words)))
        for target, words in TERM_LINK.findall(page.read_text(encoding="utf-8"))
    ]


def test_each_chapter_links_its_terms_once_and_both_editions_the_same(site, zh_site):
    ids = {i for terms in _entries(site / "glossary.html") for i, _ in terms}
    for page in chapter_pages(site):
        english = _links(page)
        chinese = _links(zh_site / "chapters" / page.name)
        assert len(english) >= 10, f"{page.name}: only {len(english)} term links"
        targets = Counter(t for t, _ in english)
        assert max(targets.values()) == 1, f"{page.name}: a term linked twice"
        assert Counter(t for t, _ in chinese) == targets, (
            f"{page.name}: the editions link different terms"
        )
        assert set(targets) <= ids, f"{page.name}: links to no entry"
        shown = dict(english)
        for target, words in chinese:  # in Chinese words, or a name kept (MLP)
            assert CJK.search(words) or words == shown[target], (
                f"{FOLDER[CHINESE]}{page.name}: {target} shown as {words!r}"
            )
        for target, words in english:
            assert not CJK.search(words), f"{page.name}: {target} shown as {words!r}"
