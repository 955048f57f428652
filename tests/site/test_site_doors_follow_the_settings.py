"""The doors of the site, present exactly when their settings are.

With ``BOOK_REPOSITORY`` and ``BOOK_SITE_URL`` given, every page links to the
repository, "Edit this page" opens the English page's ``.md`` or the Chinese
page's ``.po`` on GitHub, "Report a problem" opens a new issue naming the page,
every page has link previews (absolute ``og:`` addresses and a card drawn for
it, cached between builds) and ``sitemap.xml`` lists both editions. Without
them (the book ``make html`` builds), none of it is there.

The settings are tried on a two-page book built with the book's own extensions
and templates (docs/_ext, docs/_templates), in English and in Chinese, as
``make html`` builds the two editions into one site; the real book is checked
for the absence of every door.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path
from urllib.parse import parse_qs, urlparse
from xml.etree import ElementTree

import pytest

from helpers import ROOT, site_pages

DOCS = ROOT / "docs"
REPO = "https://github.com/owner/book"
SITE = "https://owner.github.io/book/"
SITEMAP = "{http://www.sitemaps.org/schemas/sitemap/0.9}"
XHTML = "{http://www.w3.org/1999/xhtml}"

CONF = f"""
import sys
sys.path.insert(0, {str(DOCS / "_ext")!r})
sys.path.insert(0, {str(DOCS / "chapters" / "figures")!r})
project = "Tiny book"
html_title = "Tiny book"
extensions = ["myst_parser", "book"]
html_theme = "furo"
templates_path = [{str(DOCS / "_templates")!r}]
html_sidebars = {{"**": ["sidebar/brand.html", "sidebar/navigation.html"]}}
html_theme_options = {{"navigation_with_keys": True}}
locale_dirs = ["locale/"]
gettext_compact = False
book_editions = {{"en": "", "zh_CN": "zh_CN"}}
"""
PAGES = {
    "index.md": "# Tiny book\n\nA book of one chapter, to try the doors of a site on: "
    "its links, its previews and its sitemap.\n\n"
    "```{toctree}\nchapters/one\n```\n",
    "chapters/one.md": "# Slopes\n\nHow fast does the output of a function change when we "
    "nudge its input, and how can a program find out?\n",
}
CATALOGUE = """msgid ""
msgstr ""
"Content-Type: text/plain; charset=utf-8\\n"

msgid "Slopes"
msgstr "斜率"

msgid ""
"How fast does the output of a function change when we nudge its input, and "
"how can a program find out?"
msgstr "把函数的输入挪动一点点，输出会变化得多快？程序又怎样把这个答案算出来？"
"""


def _tiny_book(folder: Path) -> Path:
    for name, text in {"conf.py": CONF, **PAGES}.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(textwrap.dedent(text), encoding="utf-8")
    po = folder / "locale/zh_CN/LC_MESSAGES/chapters/one.po"
    po.parent.mkdir(parents=True)
    po.write_text(CATALOGUE, encoding="utf-8")
    # the words of the book's extensions, the doors' among them (book_words.py)
    shutil.copy(DOCS / "locale/zh_CN/LC_MESSAGES/book.po", po.parent.parent / "book.po")
    return folder


def _build(
    book: Path,
    out: Path,
    *,
    language: str = "en",
    doctrees: Path | None = None,
    **settings: str,
) -> None:
    environment = {
        k: v
        for k, v in os.environ.items()
        if k not in {"BOOK_REPOSITORY", "BOOK_SITE_URL"}
    }
    command = [sys.executable, "-m", "sphinx", "-b", "html", "-W", "-n", "-q"]
    command += ["-D", f"language={language}", "-d", str(doctrees or f"{out}.doctrees")]
    done = subprocess.run(
        [*command, str(book), str(out)],
        env={**environment, **settings},
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.fixture(scope="module")
def with_doors(tmp_path_factory) -> Path:
    """The tiny book's site, both editions, built with both settings."""
    book = _tiny_book(tmp_path_factory.mktemp("doors"))
    site = book / "_build" / "html"
    settings = {"BOOK_REPOSITORY": REPO, "BOOK_SITE_URL": SITE}
    _build(book, site, **settings)
    _build(book, site / "zh_CN", language="zh_CN", **settings)
    return site


def _page(site: Path, name: str) -> str:
    return (site / name).read_text(encoding="utf-8")


def _meta(page: str, name: str) -> str:
    found = re.search(rf'<meta property="{name}" content="([^"]*)"', page)
    assert found, f"no {name}"
    return found.group(1)


@pytest.mark.slow
def test_edit_this_page_opens_the_md_in_english_and_the_po_in_chinese(with_doors):
    english = _page(with_doors, "chapters/one.html")
    chinese = _page(with_doors, "zh_CN/chapters/one.html")
    edit = re.compile(r'<a class="muted-link" href="([^"]+)" rel="edit"')
    assert edit.findall(english) == [f"{REPO}/edit/main/docs/chapters/one.md"]
    assert edit.findall(chinese) == [
        f"{REPO}/edit/main/docs/locale/zh_CN/LC_MESSAGES/chapters/one.po"
    ]


@pytest.mark.slow
def test_every_page_links_to_the_repository(with_doors):
    for name in ("index.html", "chapters/one.html", "zh_CN/chapters/one.html"):
        page = _page(with_doors, name)
        assert re.search(
            rf'<a class="muted-link book-repository" href="{REPO}"', page
        ), name
    assert 'aria-label="本书在 GitHub 上的仓库"' in _page(
        with_doors, "zh_CN/index.html"
    )


def _report(page: str) -> tuple[str, dict[str, list[str]]]:
    found = re.search(
        r'<p class="book-report"><a href="([^"]+)"[^>]*>([^<]+)</a>', page
    )
    assert found, "no Report a problem"
    url = urlparse(found.group(1).replace("&amp;", "&"))
    assert f"{url.scheme}://{url.netloc}{url.path}" == f"{REPO}/issues/new"
    return found.group(2), parse_qs(url.query)


@pytest.mark.slow
def test_report_a_problem_opens_an_issue_that_names_the_page(with_doors):
    label, query = _report(_page(with_doors, "chapters/one.html"))
    assert label == "Report a problem"
    assert query["title"] == ["Problem on the page “Slopes”"]
    assert f"Page: {SITE}chapters/one.html\n" in query["body"][0]
    label, query = _report(_page(with_doors, "zh_CN/chapters/one.html"))
    assert label == "报告问题"
    assert query["title"] == ["页面“斜率”上的问题"]
    assert f"页面：{SITE}zh_CN/chapters/one.html\n" in query["body"][0]


@pytest.mark.slow
def test_link_previews_have_absolute_addresses_and_a_card_per_page(with_doors):
    cards = set()
    for name, title, folder in [
        ("chapters/one.html", "Slopes", ""),
        ("index.html", "Tiny book", ""),
        ("zh_CN/chapters/one.html", "斜率", "zh_CN/"),
    ]:
        page = _page(with_doors, name)
        assert _meta(page, "og:title") == title
        assert _meta(page, "og:url") == SITE + name
        description = re.search(r'<meta name="description" content="([^"]*)"', page)
        assert _meta(page, "og:description") == description.group(1), name
        image = _meta(page, "og:image")
        assert image.startswith(f"{SITE}{folder}_images/social_previews/"), image
        card = with_doors / image[len(SITE) :]
        assert card.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n", f"{card} is not a PNG"
        cards.add(card.name)
    assert len(cards) == 3, "pages share a card"


@pytest.mark.slow
def test_sitemap_lists_both_editions_with_their_alternates(with_doors):
    urls = (
        ElementTree.parse(with_doors / "sitemap.xml").getroot().findall(f"{SITEMAP}url")
    )
    locs = sorted(u.find(f"{SITEMAP}loc").text for u in urls)
    assert locs == sorted(
        SITE + folder + page
        for folder in ("", "zh_CN/")
        for page in ("index.html", "chapters/one.html")
    )
    for url in urls:
        alternates = {
            link.get("hreflang"): link.get("href")
            for link in url.findall(f"{XHTML}link")
        }
        page = url.find(f"{SITEMAP}loc").text.removeprefix(SITE).removeprefix("zh_CN/")
        assert alternates == {"en": SITE + page, "zh-CN": SITE + "zh_CN/" + page}


@pytest.mark.slow
def test_cards_are_drawn_once_and_then_taken_from_the_cache(with_doors, tmp_path):
    book = with_doors.parent.parent
    cache = book / "_build" / "social_cards" / "en"
    cached = sorted(cache.glob("*.png"))
    assert len(cached) == 2, cached
    for card in cached:  # a card that is not a drawing: only the cache can put it there
        card.write_bytes(b"cached " + card.name.encode())
    again = tmp_path / "again"
    # the first build's doctrees: nothing is read again, every page is written
    doctrees = with_doors.with_name("html.doctrees")
    _build(book, again, doctrees=doctrees, BOOK_REPOSITORY=REPO, BOOK_SITE_URL=SITE)
    for card in cached:
        copy = again / "_images" / "social_previews" / card.name
        assert copy.read_bytes() == b"cached " + card.name.encode()


def test_a_repository_that_is_not_on_github_is_refused_by_name():
    from types import SimpleNamespace

    from sphinx.errors import ConfigError

    from book.site import doors

    with pytest.raises(ConfigError, match=r"BOOK_REPOSITORY.*gitlab\.com/o/r"):
        doors.repository(SimpleNamespace(book_repository="https://gitlab.com/o/r"))
    with pytest.raises(ConfigError, match="OWNER/REPO"):
        doors.repository(SimpleNamespace(book_repository="github.com/o/r"))


def test_the_book_built_without_the_settings_has_no_doors(site, zh_site):
    assert not (site / "sitemap.xml").exists()
    for folder in (site, zh_site):
        for page in site_pages(folder):
            text = page.read_text(encoding="utf-8")
            for door in (
                'rel="edit"',
                "/issues/new",
                'property="og:',
                "book-repository",
            ):
                assert door not in text, f"{page}: {door} without BOOK_REPOSITORY"


@pytest.mark.parametrize(
    "address",
    [
        "owner.github.io/slopes",
        "javascript:alert(1)//",
        "ftp://o.org/book/",
        "https://",
    ],
)
def test_a_site_address_that_is_not_absolute_http_is_refused_by_name(address: str):
    from types import SimpleNamespace

    from sphinx.errors import ConfigError

    from book import build

    with pytest.raises(
        ConfigError, match=r"BOOK_SITE_URL .*absolute address"
    ) as caught:
        build.site_url(SimpleNamespace(book_site_url=address))
    assert repr(address) in str(caught.value)
    assert build.site_url(SimpleNamespace(book_site_url="")) == ""


@pytest.mark.slow
def test_a_build_with_a_bad_site_address_stops_with_one_line(tmp_path: Path):
    book, out = _tiny_book(tmp_path / "book"), tmp_path / "out"
    environment = {k: v for k, v in os.environ.items() if k != "BOOK_SITE_URL"}
    done = subprocess.run(
        [sys.executable, "-m", "sphinx", "-b", "html", "-q", str(book), str(out)],
        # sphinx-build writes a failed build's traceback to the temporary folder
        env={
            **environment,
            "BOOK_SITE_URL": "owner.github.io/slopes",
            "TMPDIR": str(tmp_path),
        },
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode != 0
    said = "BOOK_SITE_URL (book_site_url) must be the site's absolute address"
    assert said in done.stderr, done.stderr
    assert not (out / "sitemap.xml").exists()


@pytest.mark.slow
def test_the_sitemap_is_whole_after_the_first_build_and_no_build_rewrites_another(
    tmp_path, with_doors
):
    book = _tiny_book(tmp_path)
    site = book / "_build" / "html"
    settings = {"BOOK_REPOSITORY": REPO, "BOOK_SITE_URL": SITE}
    _build(book, site / "zh_CN", language="zh_CN", **settings)  # the other order
    _build(book, site, **settings)
    written = (site / "sitemap.xml").read_bytes()
    assert written == (with_doors / "sitemap.xml").read_bytes()
    _build(book, site / "zh_CN", language="zh_CN", **settings)
    assert (site / "sitemap.xml").read_bytes() == written, (
        "the Chinese build rewrote it"
    )
