"""The built Chinese edition (``zh_CN/`` in the site that ``make html`` builds).

* every page of the English edition has its Chinese page, and the other way;
* ``<html lang>`` is ``en`` in one, ``zh-CN`` in the other;
* the language switcher of every page leads to the same page in the other
  edition, both ways, by a relative link (so it works from ``file://`` and on
  any host);
* the code stays the real code: every ``<pre>`` of a Chinese page is the
  English page's, character for character once the comments are removed
  (``tokenize``: the Chinese edition translates code comments, and the
  doctests run once, on the English source);
* the glossary (术语表) gives every term; no page uses a known mistranslation;
* the book's own words on the pages (the download line, the captions of
  included code, the meta description) are Chinese;
* the search index splits Chinese into words (jieba), so 梯度 finds pages;
* no page shows Markdown's emphasis marks as text: CommonMark reads ``**``
  beside a Chinese character and a ``{term}`` role as literal asterisks
  (``叫作**{term}`割线 <secant>`**``), so the catalogues put a space before it.
"""

from __future__ import annotations

import html
import json
import posixpath
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from helpers import (
    CHINESE,
    FOLDER,
    GLOSSARY_TERMS,
    MISTRANSLATIONS,
    TRANSLATED,
    chapter_page,
    chapter_pages,
    search_results,
)

pytestmark = pytest.mark.slow  # pages of both editions, some in Chromium

GENERATED = {"search.html", "genindex.html", "py-modindex.html"}
ZH = FOLDER[CHINESE]  # the Chinese edition's folder in the site (conf.py)
ZH_TAG = CHINESE.replace("_", "-")  # its BCP 47 tag
NOT_PAGES = {"_static", "_sources", "_images", "_downloads", *TRANSLATED}
CJK = re.compile(r"[\u4e00-\u9fff]")


def english_pages(site: Path) -> list[str]:
    """The English edition's pages, relative to the site: "chapters/NN-name.html"."""
    return sorted(
        p.relative_to(site).as_posix()
        for p in site.rglob("*.html")
        if p.relative_to(site).parts[0] not in NOT_PAGES and p.name != "404.html"
    )


class Page(HTMLParser):
    """What the checks need of a page: lang, the switcher links, the code blocks, the text."""

    def __init__(self, text: str) -> None:
        super().__init__(convert_charrefs=True)
        self.lang: str | None = None
        self.switch_links: list[dict[str, str]] = []
        self.switch_navs = 0
        self.pres: list[str] = []
        self.words: list[str] = []
        self.title = ""
        self._pre_depth = 0
        self._in_switch = 0
        self._switch_tag = ""
        self._in_title = False
        self._skip = 0  # script, style
        self.feed(text)

    def handle_starttag(self, tag: str, attrs) -> None:
        a = dict(attrs)
        if tag == "html":
            self.lang = a.get("lang")
        elif (
            tag in ("nav", "div")
            and "language-switch" in (a.get("class") or "").split()
        ):
            # the sidebar's <nav>, or the labelled group above the article
            self.switch_navs += 1
            self._in_switch += 1
            self._switch_tag = tag
        elif tag == "a" and self._in_switch:
            self.switch_links.append({k: v or "" for k, v in a.items()})
        elif tag == "pre":
            if self._pre_depth == 0:
                self.pres.append("")
            self._pre_depth += 1
        elif tag == "title":
            self._in_title = True
        elif tag in ("script", "style"):
            self._skip += 1

    def handle_endtag(self, tag: str) -> None:
        if self._in_switch and tag == self._switch_tag:
            self._in_switch -= 1
        elif tag == "pre" and self._pre_depth:
            self._pre_depth -= 1
        elif tag == "title":
            self._in_title = False
        elif tag in ("script", "style") and self._skip:
            self._skip -= 1

    def handle_data(self, data: str) -> None:
        if self._pre_depth:
            self.pres[-1] += data
        if self._in_title:
            self.title += data
        if not self._skip:
            self.words.append(data)


def read(path: Path) -> Page:
    return Page(path.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def site(site) -> Path:
    assert (site / ZH / "index.html").is_file(), (
        f"no Chinese edition in {site / ZH}: run `make html`"
    )
    return site


@pytest.fixture(scope="module")
def pairs(site: Path) -> list[tuple[str, Page, Page]]:
    pages = english_pages(site)
    assert "index.html" in pages and chapter_page("slopes") in pages
    return [(name, read(site / name), read(site / ZH / name)) for name in pages]


def test_both_editions_have_the_same_pages(site: Path):
    english = set(english_pages(site))
    chinese = {
        p.relative_to(site / ZH).as_posix()
        for p in (site / ZH).rglob("*.html")
        if p.relative_to(site / ZH).parts[0] not in NOT_PAGES and p.name != "404.html"
    }
    assert english == chinese, (
        f"only English: {sorted(english - chinese)}; only Chinese: {sorted(chinese - english)}"
    )


def test_html_lang_is_right_in_each_edition(pairs):
    wrong = [
        f"{name}: {en.lang} / {zh.lang}"
        for name, en, zh in pairs
        if (en.lang, zh.lang) != ("en", "zh-CN")
    ]
    assert not wrong, f"<html lang> should be en / zh-CN: {wrong}"


def _resolve(page: str, href: str) -> str:
    return posixpath.normpath(
        posixpath.join(posixpath.dirname(page), href.split("#")[0])
    )


def test_the_switcher_leads_to_the_same_page_both_ways(site: Path, pairs):
    problems = []
    for name, en, zh in pairs:
        for edition, page, here, other, other_tag in (
            ("English", en, name, ZH + name, ZH_TAG),
            ("Chinese", zh, ZH + name, name, "en"),
        ):
            if not page.switch_links:
                problems.append(f"{edition} {name}: no language switcher")
                continue
            for link in page.switch_links:
                href = link.get("href", "")
                if re.match(r"^[a-z]+:|^/", href):
                    problems.append(f"{edition} {name}: not a relative link: {href}")
                elif _resolve(here, href) != other:
                    problems.append(
                        f"{edition} {name}: {href} leads to {_resolve(here, href)}, not {other}"
                    )
                elif link.get("hreflang") != other_tag or link.get("lang") != other_tag:
                    problems.append(
                        f"{edition} {name}: hreflang/lang {link.get('hreflang')}/{link.get('lang')}"
                    )
                elif not (site / other).is_file():
                    problems.append(f"{edition} {name}: {other} does not exist")
    assert not problems, "\n".join(problems)


def test_the_switcher_is_in_the_sidebar_and_above_each_article(pairs):
    """The sidebar's on every page; the one above the article (for phones) on every page
    but the search page and the indexes, whose templates replace the article."""
    missing = [
        f"{name} ({edition})"
        for name, en, zh in pairs
        for edition, page in (("en", en), ("zh", zh))
        if page.switch_navs < (1 if name in GENERATED else 2)
    ]
    assert not missing, f"pages with a switcher missing: {missing}"


def test_every_code_block_is_the_english_one(pairs):
    """Character for character, comments removed: the Chinese edition translates
    the prose and the code comments, never the code."""
    from book.i18n.code_comments import code_only

    differ = []
    blocks = translated = 0
    for name, en, zh in pairs:
        if len(en.pres) != len(zh.pres):
            differ.append(
                f"{name}: {len(en.pres)} code blocks in English, {len(zh.pres)} in Chinese"
            )
            continue
        for number, (a, b) in enumerate(zip(en.pres, zh.pres), 1):
            blocks += 1
            translated += a != b
            if code_only(a) != code_only(b):
                differ.append(
                    f"{name}, block {number}:\n  en: {a[:120]!r}\n  zh: {b[:120]!r}"
                )
    assert not differ, "\n".join(differ)
    assert blocks > 100, f"only {blocks} code blocks compared"
    assert translated >= 20, f"only {translated} code blocks with Chinese comments"


def test_the_chinese_chapters_are_chinese(site: Path):
    """A cheap guard against an edition built without its catalogues."""
    for page in chapter_pages(site / ZH):
        text = "".join(read(page).words)
        assert len(CJK.findall(text)) > 1000, f"{page.name}: little Chinese on the page"


def test_the_glossary_gives_every_term(site: Path):
    page = read(site / ZH / "glossary.html")
    assert page.title.startswith("术语表"), page.title
    text = "".join(page.words)
    missing = [term for term in GLOSSARY_TERMS if term not in text]
    assert not missing, f"terms missing from {ZH}glossary.html: {missing}"


def test_no_page_uses_a_mistranslation(site: Path):
    found = []
    for path in sorted((site / ZH).rglob("*.html")):
        text = path.read_text(encoding="utf-8")
        found += [
            f"{path.relative_to(site)}: {w}" for w in MISTRANSLATIONS if w in text
        ]
    assert not found, found


def test_the_book_s_own_words_are_chinese(site: Path):
    for page in chapter_pages(site / ZH):
        text = page.read_text(encoding="utf-8")
        line = re.search(r'<p class="engine-download">(.*?)</p>', text, re.S)
        assert line is not None, f"{page.name}: no download line"
        words = re.sub(r"<[^>]+>", "", line.group(1))
        assert words.startswith("下载 tinygrad.py，") and "Download" not in words, words
        captions = re.findall(
            r'<div class="code-block-caption"><span class="caption-text">(.*?)</span>(?:<a class="headerlink|</div>)',
            text,
            re.S,
        )
        for caption in captions:
            caption = html.unescape(re.sub(r"<[^>]+>", "", caption))
            if caption.startswith("tinygrad.py"):
                assert (
                    re.search(r"，.*(之后|开头)$", caption) and " after " not in caption
                ), caption
        description = re.search(r'<meta name="description" content="([^"]*)"', text)
        assert description and CJK.search(description.group(1)), (
            f"{page.name}: {description}"
        )


def test_the_chinese_search_index_splits_words(site: Path):
    text = (site / ZH / "searchindex.js").read_text(encoding="utf-8")
    index = json.loads(text[text.index("(") + 1 : text.rindex(")")])

    def pages(word: str) -> set[str]:
        """Sphinx files a word under titleterms for pages with it in a heading, else under terms."""
        found: set[str] = set()
        for kind in ("terms", "titleterms"):
            hits = index[kind].get(word, [])
            found |= {
                index["docnames"][i]
                for i in ([hits] if isinstance(hits, int) else hits)
            }
        return found

    assert pages("梯度"), "梯度 is not a word of the search index (is jieba installed?)"
    assert {
        chapter_page("loss", ""),  # where the gradient is defined
        chapter_page("chain-rule", ""),
        chapter_page("engine", ""),
        "glossary",
    } <= pages("梯度")
    assert chapter_page("chain-rule", "") in pages("链式法则")
    assert chapter_page("engine", "") in pages("反向传播")


@pytest.mark.parametrize("has_words", [True, False], ids=["own words", "no words"])
def test_the_search_loads_the_editions_word_list_or_none(
    tmp_path: Path, monkeypatch, has_words: bool
):
    """Sphinx's Chinese search, given no list, loads jieba's whole dictionary again.

    That is 349,046 words jieba already has, 4 s of every Chinese build that
    has no ``search_words.txt`` (each small book the tests build).
    """
    from types import SimpleNamespace

    from sphinx.config import Config
    from sphinx.search import zh

    from book.i18n import editions

    words = tmp_path / "locale" / "zh_CN" / editions.SEARCH_WORDS
    if has_words:
        words.parent.mkdir(parents=True)
        words.write_text("链式法则 10 n\n", encoding="utf-8")
    config = Config({"language": "zh_CN", "locale_dirs": ["locale/"]}, {})
    for name in ("book_editions", "html_search_options"):
        config.add(name, {}, "env", ())
    for name in (*editions.WORDS_SETTINGS, "epub_basename", "epub_language"):
        if name not in config:
            config.add(name, "book", "env", ())
    config.init_values()
    editions.apply_edition_config(SimpleNamespace(confdir=str(tmp_path)), config)
    loaded: list[str] = []
    monkeypatch.setattr(zh, "jieba_load_userdict", loaded.append)
    zh.SearchChinese(config.html_search_options)
    assert loaded == ([str(words)] if has_words else []), loaded


@pytest.mark.browser
def test_searching_the_chinese_edition_finds_pages(chromium, site: Path):
    page = chromium.new_page()
    url = (site / ZH / "search.html").as_uri() + "?q=梯度"
    titles = search_results(page, url)
    assert len(titles) >= 3, titles
    assert any("链式法则" in t for t in titles), titles


@pytest.mark.browser
def test_the_switcher_works_in_a_browser_from_disk(chromium, site: Path):
    """Click the sidebar's link on a chapter, and back."""
    page = chromium.new_page(viewport={"width": 1280, "height": 900})
    graph = chapter_page("graph")
    page.goto((site / graph).as_uri())
    page.click(".language-switch-sidebar a[hreflang='zh-CN']")
    page.wait_for_load_state()
    assert page.url.endswith(f"/{ZH}{graph}"), page.url
    assert page.evaluate("document.documentElement.lang") == "zh-CN"
    page.click(".language-switch-sidebar a[hreflang='en']")
    page.wait_for_load_state()
    assert page.url.endswith(f"/{graph}") and f"/{ZH}" not in page.url, page.url


ALTERNATE = re.compile(r"<link\b[^>]*\brel=\"alternate\"[^>]*>")


def test_alternate_links_are_absolute_or_absent(site) -> None:
    """Search engines read ``<link rel="alternate" hreflang>`` only with absolute addresses.

    Without the site's address (``BOOK_SITE_URL``) the pages name none: a
    relative one is an error to them and cost every page its Lighthouse SEO
    score. The switcher's own links stay relative.
    """
    for name in english_pages(site):
        for edition in FOLDER.values():
            text = (site / edition / name).read_text(encoding="utf-8")
            for tag in ALTERNATE.findall(text):
                href = re.search(r'href="([^"]*)"', tag)[1]
                assert href.startswith(("https://", "http://")), (
                    f"{edition}{name}: {tag}"
                )


def test_with_the_sites_address_the_alternates_name_the_other_edition() -> None:
    from book.i18n import editions

    links = [
        {"tag": "en", "from_site": "chapters/a.html", "current": False},
        {"tag": "zh-CN", "from_site": "zh_CN/chapters/a.html", "current": True},
    ]
    assert editions.alternates(links, "") == ""
    assert editions.alternates(links, "https://example.org/book") == (
        '<link rel="alternate" hreflang="en"'
        ' href="https://example.org/book/chapters/a.html" />\n'
    )


class Prose(HTMLParser):
    """The text of a page a reader reads as prose: not code, math, signatures, scripts or styles."""

    SKIP = {"pre", "code", "script", "style", "math"}
    VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link"}
    VOID |= {"meta", "source", "track", "wbr"}  # elements without an end tag

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text: list[str] = []
        self._open: list[bool] = []  # per open element: is it skipped?
        self._skipped = 0
        self.feed(text)

    def handle_starttag(self, tag: str, attrs) -> None:
        if tag in self.VOID:
            return
        classes = (dict(attrs).get("class") or "").split()
        skip = tag in self.SKIP or "katex" in classes or "sig" in classes  # (**options)
        self._open.append(skip)
        self._skipped += skip

    def handle_endtag(self, tag: str) -> None:
        if tag in self.VOID:
            return
        if self._open:
            self._skipped -= self._open.pop()

    def handle_data(self, data: str) -> None:
        if not self._skipped:
            self.text.append(data)


EMPHASIS_LEFT = re.compile(
    r".{0,20}(?:\*\*|(?<![\w*])\*[^\s*][^*\n]{0,40}\*(?![\w*])).{0,20}"
)


def test_no_page_shows_markdown_emphasis_marks(site: Path):
    found = []
    for path in sorted(site.rglob("*.html")):
        if "_static" in path.parts or "_sources" in path.parts:
            continue
        prose = " ".join(Prose(path.read_text(encoding="utf-8")).text)
        found += [
            f"{path.relative_to(site)}: {m.group(0)!r}"
            for m in EMPHASIS_LEFT.finditer(prose)
        ]
    assert not found, "\n".join(found)


# A comment or docstring a Chinese reader would read as English: more than two
# words, no Chinese character, and not code (`# other * self` is code).
WORD = re.compile(r"[A-Za-z]{2,}")
# The few left in English, each with its reason (at most five in the book).
ENGLISH_ALLOWED: dict[str, str] = {}


def is_english(words: str) -> bool:
    import ast

    words = words.strip().lstrip("#:").strip().strip("\"'").strip()
    if CJK.search(words) or len(WORD.findall(words)) <= 2:
        return False
    try:
        ast.parse(words)
    except SyntaxError:
        return True
    return False  # it is code


def english_in_code(text: str) -> list[str]:
    """The comments and docstrings of a code block that are English words."""
    from book.i18n.code_comments import comments, docstrings

    found = [c for c in comments(text) or [] if is_english(c)]
    return found + [d for d in docstrings(text) if is_english(d)]


def test_is_english_tells_words_from_code_and_chinese() -> None:
    assert is_english("# clear what an earlier pass left behind")
    assert is_english('"""Step 1: powers and subtraction."""')
    assert not is_english("# other * self")
    assert not is_english("# 清除之前留下的梯度")
    assert not is_english("# a - b")
    assert english_in_code(">>> def f():\n...     '''Twice x, as a float.'''\n") == [
        "'''Twice x, as a float.'''"
    ]


def test_the_chinese_code_blocks_have_chinese_comments_and_docstrings(site: Path):
    """In the chapters' own blocks and in the excerpts of src/ (source_words.py)."""
    found = []
    for page in chapter_pages(site / ZH):
        for number, text in enumerate(read(page).pres, 1):
            found += [
                f"{page.name}, block {number}: {words[:80]!r}"
                for words in english_in_code(text)
                if words not in ENGLISH_ALLOWED
            ]
    assert len(ENGLISH_ALLOWED) <= 5
    assert not found, f"{len(found)} English comments or docstrings:\n" + "\n".join(
        found
    )


def excerpt(page: Path, starts: str) -> str:
    blocks = [text for text in read(page).pres if text.lstrip().startswith(starts)]
    assert len(blocks) == 1, (page, starts, len(blocks))
    return blocks[0]


@pytest.mark.parametrize(
    "page, starts",
    [
        (chapter_page("inside-tinygrad"), "def backward(self) -> None:"),
        (chapter_page("tensors"), "class Function:"),
    ],
)
def test_an_excerpt_of_src_shows_chinese_words_and_the_same_code(
    site: Path, page: str, starts: str
) -> None:
    from book.i18n.source_words import same_code

    english, chinese = (excerpt(root / page, starts) for root in (site, site / ZH))
    assert english != chinese and CJK.search(chinese), chinese
    assert same_code(english, chinese)
    assert english_in_code(chinese) == []
