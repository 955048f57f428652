"""Math that needs no other site: MathJax served by the book itself, MathML in the EPUB.

HTML
    The MathJax 3 files come from the ``sphinx-mathjax-offline`` package (a
    registry package, so no third-party files live in this repository). We copy
    what ``tex-chtml.js`` can load into ``_static/mathjax``: its fonts, its TeX
    extensions, the accessibility and speech components and the SVG renderer a
    reader can pick in MathJax's menu. We leave out what the site never loads,
    above all ``latest.js``, whose job is to ask a CDN and api.github.com for a
    newer MathJax. (The package's own Sphinx extension copies all 24 MB and
    does not declare itself safe for parallel builds; this one does both jobs.)

EPUB
    E-book readers run no JavaScript, so the EPUB builder writes each formula
    as MathML, converted at build time by the pure-Python ``latex2mathml``.
    MathML is text: it reflows, scales with the reader's font size, follows
    the reader's colours and can be read aloud, unlike pictures of formulas.
    A formula it cannot convert is a build warning and is shown as its TeX.
"""

from __future__ import annotations

import html
import importlib
import re
import shutil
from pathlib import Path

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.builders.epub3 import Epub3Builder
from sphinx.util import logging

logger = logging.getLogger(__name__)

MATHJAX_ENTRY = "tex-chtml.js"

# Paths under mathjax/ that the built site never loads.
_NOT_COPIED = {
    "latest.js",  # looks up the newest MathJax on CDNs and api.github.com
    "node-main.js",  # Node.js entry point
    "adaptors",  # DOM stand-ins for Node.js
    "core.js",  # core, loader, startup, input/tex*, output/chtml.js, ui/menu.js:
    "loader.js",  # parts already bundled into tex-chtml.js
    "startup.js",
    "input/tex.js",
    "input/tex-base.js",
    "input/tex-full.js",
    "input/asciimath.js",  # AsciiMath input: the book writes TeX (the explorer needs MathML input)
    "input/mml/extensions",  # MathML 3 to 2 by XSLT: only for MathML written by hand
    "output/chtml.js",
    "ui/menu.js",  # (its standalone build also names CDN fallbacks for Internet Explorer)
}
_OTHER_ENTRIES = re.compile(r"(tex|mml)-.*\.js")  # the other combined builds


def mathjax_source() -> Path:
    """The MathJax tree that the ``sphinx-mathjax-offline`` package ships."""
    package = importlib.import_module("sphinx-mathjax-offline")
    return Path(package.__file__).parent / "static" / "mathjax"


def _ignore(source: Path):
    def ignore(directory: str, names: list[str]) -> set[str]:
        here = Path(directory).relative_to(source)
        skipped = set()
        for name in names:
            relative = (here / name).as_posix()
            if relative in _NOT_COPIED:
                skipped.add(name)
            elif here == Path(".") and _OTHER_ENTRIES.fullmatch(name) and name != MATHJAX_ENTRY:
                skipped.add(name)
        return skipped

    return ignore


def _is_epub(app: Sphinx) -> bool:
    return app.builder.name.startswith("epub")


def _config_inited(app: Sphinx, config) -> None:
    config.mathjax_path = "mathjax/" + MATHJAX_ENTRY
    if config.html_math_renderer is None:
        # With a second renderer registered, Sphinx would otherwise pick it for HTML.
        config.html_math_renderer = "mathjax"


def _copy_mathjax(app: Sphinx, exception: Exception | None) -> None:
    if exception is not None or app.builder.format != "html" or _is_epub(app):
        return
    if app.builder.math_renderer_name != "mathjax":
        return
    source = mathjax_source()
    target = Path(app.outdir, "_static", "mathjax")
    shutil.copytree(source, target, ignore=_ignore(source), dirs_exist_ok=True)


# --- MathML for the EPUB ---------------------------------------------------

_UNSUPPORTED = re.compile(
    r"<m[io]>\\[A-Za-z]+"  # a command latex2mathml passed through
    r"|<(mi|mo|mn)(\s[^>/]*)?><m"  # a token holding elements: not valid MathML
)
# latex2mathml writes \mathrel{+} and friends as a token around an mrow of tokens,
# which MathML does not allow: make it one token with their text.
_TOKEN_AROUND_TOKENS = re.compile(
    r"<(mi|mo|mn)(\s[^>/]*)?><mrow>((?:<(?:mi|mo|mn|mtext)(?:\s[^>/]*)?>[^<]*</(?:mi|mo|mn|mtext)>)+)"
    r"</mrow></\1>"
)


def _one_token(match: re.Match[str]) -> str:
    tag, attributes, inner = match.group(1), match.group(2) or "", match.group(3)
    return f"<{tag}{attributes}>{''.join(re.findall(r'>([^<]*)<', inner))}</{tag}>"


def to_mathml(latex: str, display: bool) -> str | None:
    """MathML for ``latex``, or None when latex2mathml does not know a command in it."""
    from latex2mathml.converter import convert

    latex = re.sub(r"\\(begin|end)\{aligned\}", r"\\\1{align*}", latex)
    try:
        mathml = convert(latex, display="block" if display else "inline")
    except Exception:
        return None
    mathml = _TOKEN_AROUND_TOKENS.sub(_one_token, mathml)
    return None if _UNSUPPORTED.search(mathml) else mathml


def _warn_unconverted(translator, node: nodes.Element, latex: str) -> None:
    logger.warning(
        "latex2mathml cannot convert this formula for the EPUB: %s", latex, location=node,
        type="epub", subtype="math",
    )


def visit_math_mathml(translator, node: nodes.math) -> None:
    latex = node.astext()
    mathml = to_mathml(latex, display=False)
    if mathml is None:
        _warn_unconverted(translator, node, latex)
        mathml = f'<code class="tex">{html.escape(latex)}</code>'
    translator.body.append(f'<span class="math">{mathml}</span>')
    raise nodes.SkipNode


def visit_math_block_mathml(translator, node: nodes.math_block) -> None:
    latex = node.astext()
    translator.body.append(translator.starttag(node, "div", CLASS="math-display"))
    if node.get("number"):
        translator.body.append(f'<span class="eqno">({node["number"]})</span>')
    parts = [latex] if node.get("nowrap") else [p for p in latex.split("\n\n") if p.strip()]
    for part in parts:
        if "\\\\" in part and "\\begin" not in part:
            part = "\\begin{align*}" + part + "\\end{align*}"
        mathml = to_mathml(part, display=True)
        if mathml is None:
            _warn_unconverted(translator, node, part)
            mathml = f'<pre class="tex">{html.escape(part)}</pre>'
        translator.body.append(mathml)
    translator.body.append("</div>\n")
    raise nodes.SkipNode


class MathMLEpub3Builder(Epub3Builder):
    """The EPUB 3 builder, with the fixes that make this book's EPUB valid EPUB 3.

    It declares the pages that carry MathML or SVG, as EPUB 3 requires; puts
    inline SVG icons (sphinx-design's) in the SVG namespace, which XHTML needs;
    removes the DTD line that matplotlib writes at the top of its SVG figures,
    which EPUB 3 forbids, and gives its empty glyphs the path data SVG
    requires; and adds the stylesheet that matplotlib's plot
    directive links from every page but copies only for the HTML site.
    """

    def build_content(self) -> None:
        self._fix_files()
        super().build_content()
        self._declare_properties()

    def _fix_files(self) -> None:
        import matplotlib

        out = Path(self.outdir)
        stylesheet = Path(matplotlib.get_data_path(), "plot_directive", "plot_directive.css")
        if stylesheet.is_file() and not (out / "_static" / stylesheet.name).exists():
            (out / "_static").mkdir(exist_ok=True)
            shutil.copyfile(stylesheet, out / "_static" / stylesheet.name)
        for svg in out.rglob("*.svg"):
            text = re.sub(r"<!DOCTYPE[^>]*>\s*", "", svg.read_text(encoding="utf-8"), count=1)
            # matplotlib draws the space glyph as a path without "d", which SVG requires
            text = re.sub(r"<path(?![^>]*\sd=)", '<path d=""', text)
            svg.write_text(text, encoding="utf-8")
        for page in out.rglob("*.xhtml"):
            text = page.read_text(encoding="utf-8")
            fixed = re.sub(r"<svg(?![^>]*\bxmlns=)", '<svg xmlns="http://www.w3.org/2000/svg"', text)
            if fixed != text:
                page.write_text(fixed, encoding="utf-8")

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


def setup(app: Sphinx) -> dict[str, object]:
    app.setup_extension("sphinx.ext.mathjax")
    app.add_html_math_renderer(
        "mathml",
        inline_renderers=(visit_math_mathml, None),
        block_renderers=(visit_math_block_mathml, None),
    )
    app.add_config_value("epub_math_renderer", "mathml", "epub", types=frozenset({str}))
    app.add_builder(MathMLEpub3Builder, override=True)
    app.connect("config-inited", _config_inited)
    app.connect("build-finished", _copy_mathjax)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
