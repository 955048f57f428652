"""Punctuation stays on the line of the inline formula before it, in both editions.

After the doctree is resolved, an inline formula and the closing punctuation
right after it ("." "," ")" "。" "，" ...) are wrapped together in one
``<span class="nowrap">`` (book.css and epub.css keep it on one line), so a
line never starts with the punctuation: Chromium breaks after an inline
formula even where the text's own rules forbid it.
"""

from __future__ import annotations

from docutils import nodes
from sphinx.application import Sphinx

# What may not start a line: a line break between a formula and the punctuation
# right after it would put "." or "。" at the start of the next line (Chromium
# breaks after an inline formula even where the text's own rules forbid it).
CLOSING = frozenset(
    ".,;:!?)]}\u2019\u201d\u3001\u3002\uff0c\uff1b\uff1a\uff01\uff1f\uff09\u300d\u300f\u300b\u3009\u2026"
)


def keep_punctuation_with_formulas(
    app: Sphinx, doctree: nodes.document, docname: str
) -> None:
    """Wrap an inline formula and the punctuation that follows it in one unbreakable span."""
    for math in list(doctree.findall(nodes.math)):
        parent = math.parent
        if parent is None:
            continue
        index = parent.index(math)
        after = parent[index + 1] if index + 1 < len(parent) else None
        if not isinstance(after, nodes.Text) or not after or after[0] not in CLOSING:
            continue
        text = str(after)
        cut = 1
        while cut < len(text) and text[cut] in CLOSING:
            cut += 1
        together = nodes.inline("", "", classes=["nowrap"])
        parent.replace(math, together)
        together += math
        together += nodes.Text(text[:cut])
        if text[cut:]:
            parent.replace(after, nodes.Text(text[cut:]))
        else:
            parent.remove(after)
