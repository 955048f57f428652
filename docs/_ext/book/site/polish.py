"""The last touches that make each page quick to load and usable by every reader.

While each page of the HTML site is written (``html-page-context``; never in
the EPUB), this part adds a ``<meta name="description">`` from the page's
first paragraph of prose (in the Chinese edition the translated one, cut by
Chinese rules: fewer characters, after a Chinese comma or full stop) and,
once every part has added its scripts, has them run after the first frame
(:func:`scripts_after_first_frame`, ``after_paint.js``). Its
writer mixin, :class:`TidyBody` (put into the book's writer by
book/__init__.py), writes the page's body ready for every reader: each code
block and wide table a Tab stop (``tabindex="0"``) that a keyboard reader can
scroll sideways, an empty cell heading a table's first column a plain cell (a
header needs text), and every figure with its size (from the SVG itself, so
nothing moves while the page loads) and ``loading="lazy"`` for every figure
after the first (a widget's static figure always: a browser that runs the
widget never fetches it), and each caption of the sidebar's contents, a
``role="heading"`` paragraph, the ``aria-level`` a heading needs. The
theme's own words and landmark names are furo_words.py's. The description is
computed here once; the link previews (previews.py) take it from the page's
context.
"""

from __future__ import annotations

import html
import re
from pathlib import Path

from docutils import nodes
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.locale import get_translation
from sphinx.writers.html5 import HTML5Translator

from ..build import SOURCE_LANGUAGE, is_cjk, output
from ..i18n.pending import PENDING

_ = get_translation("book")

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
            and len(text) >= SHORTEST_PARAGRAPH["zh" if is_cjk(language) else "en"]
        ):
            return text
    return ""


def shorten(text: str, limit: int = DESCRIPTION_LENGTH) -> str:
    if len(text) <= limit:
        return text
    cut = text[: limit - 1].rsplit(" ", 1)[0].rstrip(",;:")
    return cut + "…"


def shortenis_cjk(text: str, limit: int = DESCRIPTION_LENGTH_ZH) -> str:
    """Cut after the last Chinese comma, full stop, semicolon or question mark
    that leaves at least half of ``limit``; else at ``limit``.

    >>> shortenis_cjk("abcde，fghij。" * 3, 14)
    'abcde，fghij。…'
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
    if output(app).epub:
        return
    short = description(app, doctree)
    context["book_description"] = short  # for the previews (previews.py)
    if short:
        tag = (
            f'<meta name="description" content="{html.escape(short, quote=True)}" />\n'
        )
        context["metatags"] = context.get("metatags", "") + tag


def description(app: Sphinx, doctree) -> str:
    """The page's description: its first paragraph, shortened ("" if it has none)."""
    language = app.config.language
    text = first_paragraph(doctree, language) if doctree is not None else ""
    if not text:
        text = app.config.html_meta_description or ""
    if not text:
        return ""
    return shortenis_cjk(text) if is_cjk(language) else shorten(text)


# A script type no browser runs: after_paint.js runs these scripts.
AFTER_PAINT = "book/after-paint"
# after_paint.js as each page carries it, inline: without its lines of comment.
RUN_AFTER_PAINT = re.sub(
    r"^\s*//.*\n",
    "",
    Path(__file__).with_name("after_paint.js").read_text(encoding="utf-8"),
    flags=re.MULTILINE,
)


def scripts_after_first_frame(
    app: Sphinx, pagename: str, templatename: str, context: dict, doctree
) -> None:
    """Every script file of the page run once the page is parsed and first drawn.

    Each is written with a type no browser runs, and ``after_paint.js``
    (inline, in the head) puts them back, in order, after the first frame.
    Deferred only (``defer``), they ran before the first frame whenever they
    had arrived by then, and the first that asked where something is laid out
    the whole chapter inside its own task: Lighthouse (mobile) then counted a
    Chinese chapter's first layout, 300-600 ms, as blocking time, and gave
    chapters 2 and 3 scores of 68-75 in some runs. Loaded this late, they
    are not fetched beside the styles and fonts that the first paint waits
    for either (undeferred, they made chapter 1's first contentful paint 1.7 s
    against 1.4 s). Only the book's own pages: Sphinx's search and index pages run
    scripts of their templates, inline or not, that need Sphinx's scripts run
    first. The list is changed in place: a script that another extension adds
    to the page later goes into the same list.
    """
    if doctree is None or not output(app).html:
        return
    scripts = context.get("script_files")
    if not isinstance(scripts, list):
        return
    scripts[:] = [_after_paint(script) for script in scripts]
    if any(getattr(s, "attributes", {}).get("type") == AFTER_PAINT for s in scripts):
        loader = f'<script id="book-after-paint">{RUN_AFTER_PAINT}</script>\n'
        context["metatags"] = context.get("metatags", "") + loader
        context["js_tag"] = _address_as_data(context["js_tag"])


def _address_as_data(js_tag):
    """Sphinx's ``js_tag``, writing a script to run after the first frame with ``data-src``.

    A script of a type no browser runs is a data block, which may not have a
    ``src`` (the HTML standard): its address is ``data-src``, which
    after_paint.js gives back as ``src``.
    """

    def tag(script) -> str:
        written = js_tag(script)
        if getattr(script, "attributes", {}).get("type") != AFTER_PAINT:
            return written
        before, _, address = written.rpartition(' src="')
        return f'{before} data-src="{address}'

    return tag


def _after_paint(script):
    """The script (Sphinx's ``_JavaScript``) to run after the first frame, unless inline, async or a module."""
    attributes = getattr(script, "attributes", None)
    if (
        attributes is None
        or not getattr(script, "filename", None)
        or {"async", "body"} & set(attributes)
        or attributes.get("type") not in (None, "text/javascript")
    ):
        return script
    kept = {k: v for k, v in attributes.items() if k not in ("defer", "type")}
    return type(script)(
        script.filename, priority=script.priority, **kept, type=AFTER_PAINT
    )


# --- the page's body ---------------------------------------------------------

SVG_SIZE = re.compile(
    r'<svg[^>]*?\bwidth="([\d.]+)(pt|px)?"[^>]*?\bheight="([\d.]+)(pt|px)?"', re.S
)


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


class TidyBody(HTML5Translator):
    """Sphinx's HTML writer, writing the page's body ready for every reader.

    Each code block's ``<pre>`` and each wide table's wrapper is a Tab stop; an
    empty header cell is a plain cell; every figure gets its size from its SVG,
    ``decoding="async"``, and ``loading="lazy"`` after the first (a widget's
    static figure always); an element its catalogue leaves in English says so
    (``lang``, i18n/pending.py). Set for the HTML builders with the Run buttons
    (book/__init__.py).
    """

    def visit_literal_block(self, node: nodes.literal_block) -> None:
        try:
            super().visit_literal_block(node)
        except nodes.SkipNode:
            start = (
                '<div class="highlight"><pre>'  # the highlighter's block, just written
            )
            if self.body and start in self.body[-1]:
                self.body[-1] = self.body[-1].replace(
                    start, '<div class="highlight"><pre tabindex="0">', 1
                )
            raise

    def starttag(
        self, node, tagname: str, suffix: str = "\n", empty: bool = False, **attributes
    ) -> str:
        # an element the catalogue leaves in English: it says so (i18n/pending.py)
        if isinstance(node, nodes.Element) and PENDING in node.get("classes", []):
            attributes.setdefault("lang", SOURCE_LANGUAGE)
        # furo's wrapper of a wide table (written by whichever visitor sphinx-design set)
        if isinstance(node, nodes.container) and "table-wrapper" in node["classes"]:
            attributes.setdefault("tabindex", "0")
        # a caption of the sidebar's contents (role="heading"), a heading of level 2
        parent = node.parent
        if (
            isinstance(node, nodes.title)
            and isinstance(parent, addnodes.compact_paragraph)
            and parent.get("toctree")
        ):
            attributes.setdefault("aria-level", "2")
        return super().starttag(node, tagname, suffix, empty, **attributes)

    def visit_entry(self, node: nodes.entry) -> None:
        super().visit_entry(node)
        if not isinstance(node.parent.parent, nodes.thead) or node.astext().strip():
            return
        # a header cell needs words: an empty one is written as a plain cell
        self.body[-1] = self.starttag(node, "td", "", CLASS="head")
        self.context.pop()
        self.body.append("</td>\n")
        raise nodes.SkipNode

    def __init__(self, document: nodes.document, builder) -> None:
        super().__init__(document, builder)
        self._images = 0  # the page's figures so far (a widget's not counted)
        self._image_file: Path | None = None  # the source of the <img> being written

    def visit_image(self, node: nodes.image) -> None:
        uri = node["uri"]  # before Sphinx rewrites it: a file of the book's, or a URL
        known = uri in self.builder.images
        self._image_file = Path(self.builder.srcdir, uri) if known else None
        super().visit_image(node)

    def emptytag(self, node, tagname: str, suffix: str = "\n", **attributes) -> str:
        if tagname == "img" and self._image_file is not None:
            in_widget = "widget-figure" in node["classes"]
            self._images += 0 if in_widget else 1
            file = self._image_file
            size = svg_size(file) if file.suffix == ".svg" else None
            if size is not None and not {"width", "height"} & set(attributes):
                attributes.update(width=str(size[0]), height=str(size[1]))
            if "loading" not in attributes and (self._images > 1 or in_widget):
                attributes["loading"] = "lazy"
            attributes.setdefault("decoding", "async")
        return super().emptytag(node, tagname, suffix, **attributes)


def register(app: Sphinx) -> None:
    app.add_config_value("html_meta_description", "", "html", types=frozenset({str}))
