"""MathML for the EPUB, whose readers run no script: latex2mathml, made valid MathML.

katex.py registers these visitors as the ``mathml``
renderer (``epub_math_renderer``). A formula latex2mathml cannot convert is a
build warning and is shown as its TeX.
"""

from __future__ import annotations

import html
import re

from docutils import nodes
from sphinx.util import logging

logger = logging.getLogger(__name__)


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
        "latex2mathml cannot convert this formula for the EPUB: %s",
        latex,
        location=node,
        type="epub",
        subtype="math",
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
    parts = (
        [latex] if node.get("nowrap") else [p for p in latex.split("\n\n") if p.strip()]
    )
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
