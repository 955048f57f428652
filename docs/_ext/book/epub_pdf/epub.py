"""The fixes that make this book's EPUB valid EPUB 3, in the EPUB 3 builder.

While each page of the EPUB is written, this part puts its inline SVG
icons (sphinx-design's) in the SVG namespace, which XHTML needs; before the
book is packed, Sphinx's EPUB 3 builder, replaced by one with the other
fixes, removes the DTD line that matplotlib writes at the top of its SVG
figures, which EPUB 3 forbids, gives their empty glyphs the path data SVG
requires, and adds the stylesheet that matplotlib's plot directive links from
every page but copies only for the HTML site; once ``content.opf`` is written
it declares there the pages that carry MathML or SVG (``properties``), as
EPUB 3 requires. No page is rewritten after it was written. The math itself
is written as MathML by math/mathml.py.
"""

from __future__ import annotations

import html
import re
import shutil
from pathlib import Path

from sphinx.application import Sphinx
from sphinx.builders.epub3 import Epub3Builder

from ..build import output


class MathMLEpub3Builder(Epub3Builder):
    """The EPUB 3 builder, with the fixes that make this book's EPUB valid EPUB 3.

    It declares the pages that carry MathML or SVG, as EPUB 3 requires;
    removes the DTD line that matplotlib writes at the top of its SVG figures,
    which EPUB 3 forbids, and gives its empty glyphs the path data SVG
    requires; and adds the stylesheet that matplotlib's plot
    directive links from every page but copies only for the HTML site.
    """

    def build_content(self) -> None:
        self._fix_images()
        super().build_content()
        self._declare_properties()

    def _fix_images(self) -> None:
        import matplotlib

        out = Path(self.outdir)
        stylesheet = Path(
            matplotlib.get_data_path(), "plot_directive", "plot_directive.css"
        )
        if stylesheet.is_file() and not (out / "_static" / stylesheet.name).exists():
            (out / "_static").mkdir(exist_ok=True)
            shutil.copyfile(stylesheet, out / "_static" / stylesheet.name)
        for svg in out.rglob("*.svg"):
            text = re.sub(
                r"<!DOCTYPE[^>]*>\s*", "", svg.read_text(encoding="utf-8"), count=1
            )
            # matplotlib draws the space glyph as a path without "d", which SVG requires
            text = re.sub(r"<path(?![^>]*\sd=)", '<path d=""', text)
            svg.write_text(text, encoding="utf-8")

    def _declare_properties(self) -> None:
        opf = Path(self.outdir, "content.opf")

        def declare(match: re.Match[str]) -> str:
            page = Path(self.outdir, html.unescape(match.group(1)))
            if page.suffix != ".xhtml":
                return match.group(0)
            text = page.read_text(encoding="utf-8")
            properties = [name for name in ("math", "svg") if f"<{name}" in text]
            if not properties:
                return match.group(0)
            names = " ".join("mathml" if p == "math" else p for p in properties)
            return match.group(0)[:-2].rstrip() + f' properties="{names}" />'

        text = opf.read_text(encoding="utf-8")
        pattern = r'<item id="[^"]*" href="([^"]*)" media-type="[^"]*" />'
        opf.write_text(re.sub(pattern, declare, text), encoding="utf-8")


def svg_namespace(
    app: Sphinx, pagename: str, templatename: str, context: dict, doctree
) -> None:
    """Inline ``<svg>`` of an EPUB page in the SVG namespace (XHTML needs it)."""
    if output(app).epub and "body" in context:
        context["body"] = re.sub(
            r"<svg(?![^>]*\bxmlns=)",
            '<svg xmlns="http://www.w3.org/2000/svg"',
            context["body"],
        )


def register(app: Sphinx) -> None:
    app.add_builder(MathMLEpub3Builder, override=True)
