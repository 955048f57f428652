"""The last touches that make each page quick to load and usable by every reader.

While a page is written
    * a ``<meta name="description">``, from the page's first paragraph of prose
      (what a search engine shows under the title).

After the build, on every HTML page (not in the EPUB)
    * the sidebar's captions (``<p class="caption" role="heading">``, written
      by Sphinx) get the ``aria-level`` a heading needs;
    * the two ``<aside>`` landmarks of the theme get names ("Book contents",
      "On this page"), so a screen reader can tell them apart;
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
SKIPPED_ANCESTORS = (nodes.Admonition, nodes.sidebar, nodes.topic, nodes.figure, nodes.table)


def first_paragraph(doctree: nodes.document) -> str:
    for paragraph in doctree.findall(nodes.paragraph):
        parent, skipped = paragraph.parent, False
        while parent is not None:
            if isinstance(parent, SKIPPED_ANCESTORS) or "widget" in type(parent).__name__:
                skipped = True
                break
            parent = parent.parent
        text = paragraph.astext()
        for math in paragraph.findall(nodes.math):  # TeX, read as plain text: 10^{-6} -> 10^-6
            plain = re.sub(r"\\(?:left|right|,|;|!)|[{}]", "", math.astext())
            text = text.replace(math.astext(), re.sub(r"\\([A-Za-z]+)", r"\1", plain), 1)
        text = " ".join(text.split())
        if paragraph["classes"]:  # a line of the book's own furniture (the download line)
            skipped = True
        if not skipped and len(text) >= 60:
            return text
    return ""


def shorten(text: str, limit: int = DESCRIPTION_LENGTH) -> str:
    if len(text) <= limit:
        return text
    cut = text[: limit - 1].rsplit(" ", 1)[0].rstrip(",;:")
    return cut + "…"


def add_description(
    app: Sphinx, pagename: str, templatename: str, context: dict, doctree
) -> None:
    if app.builder.name.startswith("epub"):
        return
    text = first_paragraph(doctree) if doctree is not None else ""
    if not text:
        text = app.config.html_meta_description or ""
    if text:
        tag = f'<meta name="description" content="{html.escape(shorten(text), quote=True)}" />\n'
        context["metatags"] = context.get("metatags", "") + tag


# --- after the build ---------------------------------------------------------

ASIDE_NAMES = {"sidebar-drawer": "Book contents", "toc-drawer": "On this page"}
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


def polish_html(text: str, page: Path) -> str:
    text = re.sub(
        r'<p class="caption" role="heading"(?![^>]*aria-level)',
        '<p class="caption" role="heading" aria-level="2"',
        text,
    )
    for name, label in ASIDE_NAMES.items():
        text = re.sub(
            rf'<aside class="{name}([^"]*)"(?![^>]*aria-label)',
            rf'<aside class="{name}\1" aria-label="{label}"',
            text,
        )
    text = re.sub(r'<th class="head">(?:<p></p>)?\s*</th>', '<td class="head"></td>', text)
    text = text.replace('<div class="highlight"><pre>', '<div class="highlight"><pre tabindex="0">')
    text = re.sub(
        r'<div class="table-wrapper([^"]*)"(?![^>]*tabindex)',
        r'<div class="table-wrapper\1" tabindex="0"',
        text,
    )
    return _fix_images(text, page)


def polish_site(app: Sphinx, exception: Exception | None) -> None:
    if exception is not None or app.builder.format != "html" or app.builder.name.startswith("epub"):
        return
    out = Path(app.outdir)
    for page in out.rglob("*.html"):
        if page.relative_to(out).parts[0] in {"_static", "_sources", "_images", "_downloads"}:
            continue
        text = page.read_text(encoding="utf-8")
        polished = polish_html(text, page)
        if polished != text:
            page.write_text(polished, encoding="utf-8")


def setup(app: Sphinx) -> dict[str, object]:
    app.add_config_value("html_meta_description", "", "html", types=frozenset({str}))
    app.connect("html-page-context", add_description)
    app.connect("build-finished", polish_site)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
