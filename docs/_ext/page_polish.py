"""The last touches that make each page quick to load and usable by every reader.

While a page is written
    * a ``<meta name="description">``, from the page's first paragraph of prose
      (what a search engine shows under the title); in the Chinese edition the
      paragraph is the translated one, shortened by Chinese rules (fewer
      characters, cut after a Chinese comma or full stop).

After the build, on every HTML page (not in the EPUB)
    * the sidebar's captions (``<p class="caption" role="heading">``, written
      by Sphinx) get the ``aria-level`` a heading needs;
    * the two ``<aside>`` landmarks of the theme get names ("Book contents",
      "On this page"; in Chinese "全书目录", "本页内容"), so a screen reader
      can tell them apart; in the Chinese edition, the names of furo's
      buttons and icons, which furo writes in English, are Chinese too;
    * code blocks, displayed formulas and tables scroll sideways when they are
      wider than the screen (on a phone, most code blocks are), so each is a
      Tab stop (``tabindex="0"``) that a keyboard reader can scroll with the
      arrow keys; inline formulas are not Tab stops;
    * an empty cell heading a table's first column (``| | a | b |`` in
      Markdown) becomes a plain cell: a header must have text;
    * every figure gets its size (``width`` and ``height``, from the SVG's own
      size), so the page does not move while it loads, and every figure but
      the first (not counting widgets' figures) loads only when the reader scrolls near it (``loading="lazy"``).
      A widget's static figure is lazy too: the widget hides it before the
      reader comes near, so a browser that runs the widget never downloads it.
"""

from __future__ import annotations

import html
import re
from pathlib import Path

from docutils import nodes
from sphinx.application import Sphinx

DESCRIPTION_LENGTH = 155
# Chinese says in one character what English says in a word: a description
# of 80 characters is what search engines show, and a paragraph of 30 says
# enough. It is cut after a Chinese punctuation mark, never inside a word.
DESCRIPTION_LENGTH_ZH = 80
SHORTEST_PARAGRAPH = {"en": 60, "zh": 30}
SKIPPED_ANCESTORS = (
    nodes.Admonition,
    nodes.sidebar,
    nodes.topic,
    nodes.figure,
    nodes.table,
)


def _chinese(language: str | None) -> bool:
    return (language or "en").split("_")[0].split("-")[0] == "zh"


def first_paragraph(doctree: nodes.document, language: str | None = "en") -> str:
    for paragraph in doctree.findall(nodes.paragraph):
        parent, skipped = paragraph.parent, False
        while parent is not None:
            if (
                isinstance(parent, SKIPPED_ANCESTORS)
                or "widget" in type(parent).__name__
            ):
                skipped = True
                break
            parent = parent.parent
        text = paragraph.astext()
        for math in paragraph.findall(
            nodes.math
        ):  # TeX, read as plain text: 10^{-6} -> 10^-6
            plain = re.sub(r"\\(?:left|right|,|;|!)|[{}]", "", math.astext())
            text = text.replace(
                math.astext(), re.sub(r"\\([A-Za-z]+)", r"\1", plain), 1
            )
        text = " ".join(text.split())
        if paragraph[
            "classes"
        ]:  # a line of the book's own furniture (the download line)
            skipped = True
        if (
            not skipped
            and len(text) >= SHORTEST_PARAGRAPH["zh" if _chinese(language) else "en"]
        ):
            return text
    return ""


def shorten(text: str, limit: int = DESCRIPTION_LENGTH) -> str:
    if len(text) <= limit:
        return text
    cut = text[: limit - 1].rsplit(" ", 1)[0].rstrip(",;:")
    return cut + "…"


def shorten_chinese(text: str, limit: int = DESCRIPTION_LENGTH_ZH) -> str:
    """Cut after the last Chinese comma, full stop, semicolon or question mark
    that leaves at least half of ``limit``; else at ``limit``.

    >>> shorten_chinese("一二三四五，六七八九十。" * 3, 14)
    '一二三四五，六七八九十。…'
    """
    if len(text) <= limit:
        return text
    head = text[: limit - 1]
    stops = [i for i, c in enumerate(head) if c in "，。；？！："]
    end = stops[-1] + 1 if stops and stops[-1] + 1 >= limit // 2 else len(head)
    return head[:end].rstrip("，；：") + "…"


def add_description(
    app: Sphinx, pagename: str, templatename: str, context: dict, doctree
) -> None:
    if app.builder.name.startswith("epub"):
        return
    language = app.config.language
    text = first_paragraph(doctree, language) if doctree is not None else ""
    if not text:
        text = app.config.html_meta_description or ""
    if text:
        short = shorten_chinese(text) if _chinese(language) else shorten(text)
        tag = (
            f'<meta name="description" content="{html.escape(short, quote=True)}" />\n'
        )
        context["metatags"] = context.get("metatags", "") + tag


# --- after the build ---------------------------------------------------------

ASIDE_NAMES = {"sidebar-drawer": "Book contents", "toc-drawer": "On this page"}
ASIDE_NAMES_ZH = {"sidebar-drawer": "全书目录", "toc-drawer": "本页内容"}
# Words that furo writes into its pages as they are, not through a catalogue
# (its theme's other words are in Sphinx's catalogue and locale/zh_CN/LC_MESSAGES/sphinx.po):
# the names of its buttons and of its icons, which a screen reader reads out.
FURO_WORDS_ZH = {
    'aria-label="Toggle site navigation sidebar"': 'aria-label="打开或关闭全书目录"',
    'aria-label="Toggle table of contents sidebar"': 'aria-label="打开或关闭本页内容"',
    'aria-label="Toggle Light / Dark / Auto color theme"': 'aria-label="切换浅色、深色或自动配色"',
    "<title>Contents</title>": "<title>目录</title>",
    "<title>Menu</title>": "<title>菜单</title>",
    "<title>Expand</title>": "<title>展开</title>",
    "<title>Light mode</title>": "<title>浅色模式</title>",
    "<title>Dark mode</title>": "<title>深色模式</title>",
    "<title>Auto light/dark, in light mode</title>": "<title>自动配色，现为浅色</title>",
    "<title>Auto light/dark, in dark mode</title>": "<title>自动配色，现为深色</title>",
}
SVG_SIZE = re.compile(
    r'<svg[^>]*?\bwidth="([\d.]+)(pt|px)?"[^>]*?\bheight="([\d.]+)(pt|px)?"', re.S
)
IMG = re.compile(r"<img\b([^>]*?)\s*/?>", re.S)


def svg_size(svg: Path) -> tuple[int, int] | None:
    """The CSS pixel size of an SVG file, from its width and height."""
    head = svg.read_text(encoding="utf-8", errors="replace")[:4000]
    match = SVG_SIZE.search(head)
    if match is None:
        viewbox = re.search(r'viewBox="[\d.-]+\s+[\d.-]+\s+([\d.]+)\s+([\d.]+)"', head)
        if viewbox is None:
            return None
        return round(float(viewbox.group(1))), round(float(viewbox.group(2)))
    scale = 4 / 3 if match.group(2) == "pt" else 1.0
    return round(float(match.group(1)) * scale), round(float(match.group(3)) * scale)


def _fix_images(text: str, page: Path) -> str:
    count = 0

    def fix(match: re.Match[str]) -> str:
        nonlocal count
        attributes = match.group(1)
        source = re.search(r'\bsrc="([^"]+)"', attributes)
        if source is None or source.group(1).startswith(("data:", "http:", "https:")):
            return match.group(0)
        in_widget = "widget-figure" in attributes
        count += 0 if in_widget else 1
        if " width=" not in attributes and " height=" not in attributes:
            file = (page.parent / html.unescape(source.group(1))).resolve()
            size = svg_size(file) if file.suffix == ".svg" and file.is_file() else None
            if size is not None:
                attributes += f' width="{size[0]}" height="{size[1]}"'
        if "loading=" not in attributes and (count > 1 or in_widget):
            attributes += ' loading="lazy"'
        if "decoding=" not in attributes:
            attributes += ' decoding="async"'
        return f"<img{attributes} />"

    return IMG.sub(fix, text)


def polish_html(text: str, page: Path, language: str | None = "en") -> str:
    text = re.sub(
        r'<p class="caption" role="heading"(?![^>]*aria-level)',
        '<p class="caption" role="heading" aria-level="2"',
        text,
    )
    if _chinese(language):
        for english, chinese in FURO_WORDS_ZH.items():
            text = text.replace(english, chinese)
    for name, label in (ASIDE_NAMES_ZH if _chinese(language) else ASIDE_NAMES).items():
        text = re.sub(
            rf'<aside class="{name}([^"]*)"(?![^>]*aria-label)',
            rf'<aside class="{name}\1" aria-label="{label}"',
            text,
        )
    text = re.sub(
        r'<th class="head">(?:<p></p>)?\s*</th>', '<td class="head"></td>', text
    )
    text = text.replace(
        '<div class="highlight"><pre>', '<div class="highlight"><pre tabindex="0">'
    )
    text = re.sub(
        r'<div class="table-wrapper([^"]*)"(?![^>]*tabindex)',
        r'<div class="table-wrapper\1" tabindex="0"',
        text,
    )
    return _fix_images(text, page)


def polish_site(app: Sphinx, exception: Exception | None) -> None:
    if (
        exception is not None
        or app.builder.format != "html"
        or app.builder.name.startswith("epub")
    ):
        return
    out = Path(app.outdir)
    for page in out.rglob("*.html"):
        if page.relative_to(out).parts[0] in {
            "_static",
            "_sources",
            "_images",
            "_downloads",
        }:
            continue
        text = page.read_text(encoding="utf-8")
        polished = polish_html(text, page, app.config.language)
        if polished != text:
            page.write_text(polished, encoding="utf-8")


def setup(app: Sphinx) -> dict[str, object]:
    app.add_config_value("html_meta_description", "", "html", types=frozenset({str}))
    app.connect("html-page-context", add_description)
    app.connect("build-finished", polish_site)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
